// Private: every shape as a convex core (1 to 8 vertices) swept by a radius.
//
//   Point    1 vertex, radius 0        Circle   1 vertex, its radius
//   Segment  2 vertices, radius 0      Capsule  2 vertices, its radius
//   Aabb     4 corners, radius 0       Obb      4 corners, radius 0
//   ConvexPolygon  its vertices, radius 0
//
// Vertices are counter-clockwise; a 2-vertex core is a degenerate polygon whose two "edges" a->b
// and b->a have opposite normals. The distance, penetration, manifold and time-of-impact queries
// all work on cores, so that one algorithm serves every pair.
//
// Round-off: cores are built relative to an `origin` chosen near the shapes (a vertex of A), so
// that small shapes far from the world origin keep their precision; results are shifted back at the
// end.
#pragma once

#include <algorithm>
#include <limits>

#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"
#include "detail/predicates.hpp"

namespace collide2d::detail {

template <class T>
struct ConvexCore {
  Vec2<T> vertices[max_polygon_vertices];
  int count;
  T radius;

  // The vertex furthest along d (the first of equals): the support mapping of GJK.
  int support_index(Vec2<T> d) const {
    int best = 0;
    T best_value = dot(vertices[0], d);
    for (int i = 1; i < count; ++i) {
      const T value = dot(vertices[i], d);
      if (value > best_value) {
        best = i;
        best_value = value;
      }
    }
    return best;
  }
  Vec2<T> support(Vec2<T> d) const { return vertices[support_index(d)]; }

  // Unit outward normal of edge i (from vertex i to the next). For a 2-vertex core the two edges
  // are a->b and b->a.
  Vec2<T> edge_normal(int i) const {
    const Vec2<T> e = edge(vertices, count, i);
    return normalize(Vec2<T>{e.y, -e.x});
  }
  int edge_count() const { return count >= 2 ? count : 0; }
};

template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const Point<T>& p) {
  return {{p - origin}, 1, T(0)};
}
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const Circle<T>& c) {
  return {{c.center - origin}, 1, c.radius};
}
template <class T>
ConvexCore<T> make_core_from_ends(Vec2<T> a, Vec2<T> b, T radius) {
  if (a == b)
    return {{a}, 1, radius};  // a zero-length core is a point: no edge to take a normal of
  return {{a, b}, 2, radius};
}
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const Segment<T>& s) {
  return make_core_from_ends(s.a - origin, s.b - origin, T(0));
}
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const Capsule<T>& c) {
  return make_core_from_ends(c.a - origin, c.b - origin, c.radius);
}
// A box of zero extent collapses like a zero-length segment, so cores have no repeated vertices.
template <class T>
ConvexCore<T> make_core_from_box(Vec2<T> center, Vec2<T> h, Rot<T> q) {
  const Vec2<T> ax = rotate(q, Vec2<T>{h.x, T(0)});
  const Vec2<T> ay = rotate(q, Vec2<T>{T(0), h.y});
  if (h.x == T(0) || h.y == T(0)) {
    const Vec2<T> half = h.x == T(0) ? ay : ax;
    return make_core_from_ends(center - half, center + half, T(0));
  }
  return {{center - ax - ay, center + ax - ay, center + ax + ay, center - ax + ay}, 4, T(0)};
}
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const Aabb<T>& b) {
  return make_core_from_box(b.center() - origin, b.half_extents(), Rot<T>::identity());
}
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const Obb<T>& b) {
  return make_core_from_box(b.center - origin, b.half_extents, b.rotation);
}
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const ConvexPolygon<T>& p) {
  ConvexCore<T> core{};
  core.count = vertex_count(p);
  core.radius = T(0);
  for (int i = 0; i < core.count; ++i)
    core.vertices[i] = p.vertices[i] - origin;
  if (core.count == 0) core = {{Vec2<T>{T(0), T(0)} - origin}, 1, T(0)};  // invalid: a point
  return core;
}

// A point of the shape near which to compute: keeps coordinates small for far-away shapes.
template <class T>
Vec2<T> anchor_of(const Point<T>& p) {
  return p;
}
template <class T>
Vec2<T> anchor_of(const Circle<T>& c) {
  return c.center;
}
template <class T>
Vec2<T> anchor_of(const Segment<T>& s) {
  return s.a;
}
template <class T>
Vec2<T> anchor_of(const Capsule<T>& c) {
  return c.a;
}
template <class T>
Vec2<T> anchor_of(const Aabb<T>& b) {
  return b.min;
}
template <class T>
Vec2<T> anchor_of(const Obb<T>& b) {
  return b.center;
}
template <class T>
Vec2<T> anchor_of(const ConvexPolygon<T>& p) {
  return vertex_count(p) > 0 ? p.vertices[0] : Vec2<T>{T(0), T(0)};
}

// Both shapes as cores around an anchor of the first.
template <class T>
struct CorePair {
  Vec2<T> origin;
  ConvexCore<T> a;
  ConvexCore<T> b;
};

template <class A, class B>
auto make_core_pair(const A& a, const B& b) {
  const auto origin = anchor_of(a);
  using T = decltype(origin.x);
  return CorePair<T>{origin, make_core(origin, a), make_core(origin, b)};
}

}  // namespace collide2d::detail
