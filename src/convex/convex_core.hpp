// Private: every shape as a convex core (1 to 8 vertices) swept by a radius.
//
//   Point    1 vertex, radius 0        Circle   1 vertex, its radius
//   Segment  2 vertices, radius 0      Capsule  2 vertices, its radius
//   Aabb     4 corners, radius 0       Obb      4 corners, radius 0
//   ConvexPolygon  its vertices, radius 0
//   RoundedPolygon its core's vertices, its radius (collide2d/rounded.hpp)
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
#include "collide2d/rounded.hpp"
#include "collide2d/shapes.hpp"
#include "detail/predicates.hpp"

namespace collide2d::detail {

template <class T>
struct ConvexCore {
  Vec2<T> vertices[max_polygon_vertices];
  Vec2<T> normals[max_polygon_vertices];  // unit outward normal of edge i; unused when count == 1
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
  Vec2<T> edge_normal(int i) const { return normals[i]; }
  int edge_count() const { return count >= 2 ? count : 0; }
};

// Zeroes the slots past `used`: every slot holds a value (a core is copied whole), at the cost of
// a few stores, where value-initialising the whole core first (`ConvexCore<T> core{}`) compiled to
// a `rep stos` of 136 bytes that cost more than building a box core (callgrind, issue 16).
template <class T>
void clear_unused(ConvexCore<T>& core, int used) {
  for (int i = used; i < max_polygon_vertices; ++i) {
    core.vertices[i] = {T(0), T(0)};
    core.normals[i] = {T(0), T(0)};
  }
}

template <class T>
void set_point_core(ConvexCore<T>& core, Vec2<T> p, T radius) {
  core.vertices[0] = p;
  clear_unused(core, 1);
  core.normals[0] = {T(0), T(0)};
  core.count = 1;
  core.radius = radius;
}

template <class T>
ConvexCore<T> point_core(Vec2<T> p, T radius) {
  ConvexCore<T> core;
  set_point_core(core, p, radius);
  return core;
}

// A zero-length segment is a point core: it has no edge to take a normal of.
template <class T>
void set_segment_core(ConvexCore<T>& core, Vec2<T> a, Vec2<T> b, T radius) {
  if (a == b) return set_point_core(core, a, radius);
  core.vertices[0] = a;
  core.vertices[1] = b;
  const Vec2<T> e = b - a;
  core.normals[0] = normalize(Vec2<T>{e.y, -e.x});
  core.normals[1] = -core.normals[0];
  clear_unused(core, 2);
  core.count = 2;
  core.radius = radius;
}

template <class T>
ConvexCore<T> segment_core(Vec2<T> a, Vec2<T> b, T radius) {
  ConvexCore<T> core;
  set_segment_core(core, a, b, radius);
  return core;
}

// Rounding can make distinct vertices equal: a box of denormal size has four equal corners, and a
// small polygon far from the origin chosen for the pair can lose its detail. A core whose edges
// all have zero length would contain every point, so repeated vertices are dropped, leaving the
// segment or point that the core really is.
//
// The test is without branches (& and |, not && and ||): it runs on every core, and a branch per
// vertex cost as much as the copy that built the core (callgrind, issue 16).
template <class T>
bool same_point(Vec2<T> a, Vec2<T> b) {
  return (a.x == b.x) & (a.y == b.y);
}

template <class T>
void drop_repeated_vertices(ConvexCore<T>& core) {
  if (core.count <= 2) return;
  bool repeated = same_point(core.vertices[core.count - 1], core.vertices[0]);
  for (int i = 0; i + 1 < core.count; ++i)
    repeated |= same_point(core.vertices[i], core.vertices[i + 1]);
  if (!repeated) return;  // the usual case, decided without moving anything
  int kept = 0;
  for (int i = 0; i < core.count; ++i) {
    if (core.vertices[i] == core.vertices[i + 1 < core.count ? i + 1 : 0]) continue;
    core.vertices[kept] = core.vertices[i];
    core.normals[kept] = core.normals[i];  // the edge from a kept vertex keeps its normal
    ++kept;
  }
  if (kept >= 3) {
    clear_unused(core, kept);
    core.count = kept;
  } else if (kept == 2) {
    set_segment_core(core, core.vertices[0], core.vertices[1], core.radius);
  } else {
    set_point_core(core, core.vertices[0], core.radius);
  }
}

// Corners counter-clockwise from the local (-x, -y) one; the edge normals are the box's axes, so
// they cost no square root. A box of zero extent collapses to a segment (or a point).
// One return object on every path, so that the core is built in the caller's storage.
template <class T>
ConvexCore<T> box_core(Vec2<T> center, Vec2<T> h, Rot<T> q) {
  const Vec2<T> ax = rotate(q, Vec2<T>{h.x, T(0)});
  const Vec2<T> ay = rotate(q, Vec2<T>{T(0), h.y});
  ConvexCore<T> core;
  if (h.x == T(0) || h.y == T(0)) {
    const Vec2<T> half = h.x == T(0) ? ay : ax;
    set_segment_core(core, center - half, center + half, T(0));
    return core;
  }
  core.vertices[0] = center - ax - ay;
  core.vertices[1] = center + ax - ay;
  core.vertices[2] = center + ax + ay;
  core.vertices[3] = center - ax + ay;
  core.normals[0] = -q.y_axis();
  core.normals[1] = q.x_axis();
  core.normals[2] = q.y_axis();
  core.normals[3] = -q.x_axis();
  clear_unused(core, 4);
  core.count = 4;
  core.radius = T(0);
  drop_repeated_vertices(core);
  return core;
}

template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const Point<T>& p) {
  return point_core(p - origin, T(0));
}
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const Circle<T>& c) {
  return point_core(c.center - origin, c.radius);
}
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const Segment<T>& s) {
  return segment_core(s.a - origin, s.b - origin, T(0));
}
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const Capsule<T>& c) {
  return segment_core(c.a - origin, c.b - origin, c.radius);
}
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const Aabb<T>& b) {
  return box_core(b.center() - origin, b.half_extents(), Rot<T>::identity());
}
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const Obb<T>& b) {
  return box_core(b.center - origin, b.half_extents, b.rotation);
}
// Uses the polygon's cached normals.
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const ConvexPolygon<T>& p) {
  const int n = vertex_count(p);
  ConvexCore<T> core;
  if (n == 0) {  // invalid input: a defined, harmless core
    set_point_core(core, -origin, T(0));
    return core;
  }
  for (int i = 0; i < n; ++i) {
    core.vertices[i] = p.vertices[i] - origin;
    core.normals[i] = p.normals[i];
  }
  clear_unused(core, n);
  core.count = n;
  core.radius = T(0);
  drop_repeated_vertices(core);
  return core;
}
template <class T>
ConvexCore<T> make_core(Vec2<T> origin, const RoundedPolygon<T>& p) {
  ConvexCore<T> core = make_core(origin, p.core);
  core.radius = p.radius;
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
template <class T>
Vec2<T> anchor_of(const RoundedPolygon<T>& p) {
  return anchor_of(p.core);
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
