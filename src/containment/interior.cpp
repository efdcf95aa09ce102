// overlaps_interior for every pair, on convex cores (see interior.hpp).
#include "collide2d/interior.hpp"

#include <cstring>

#include "convex/convex_core.hpp"
#include "detail/instantiate_pairs.hpp"
#include "detail/instantiate_rounded.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

using detail::ConvexCore;
using detail::has_interior;

// dist(p, segment ab)^2 < r2: the arithmetic of point_segment_within (squares of float products
// formed in double), compared strictly.
template <class T>
bool point_segment_closer(Vec2<T> p, Vec2<T> a, Vec2<T> b, T r2) {
  const detail::SquaredComparison<T> c = detail::point_segment_comparison(p, a, b, r2);
  return c.lhs < c.rhs;
}

// Do the closed cores share a point? The library's exact predicates for each pair of core kinds.
template <class T>
bool cores_intersect(const ConvexCore<T>& a, const ConvexCore<T>& b) {
  if (a.count > b.count) return cores_intersect(b, a);
  const Vec2<T>* va = a.vertices;
  const Vec2<T>* vb = b.vertices;
  if (a.count == 1) {
    if (b.count == 1) return va[0] == vb[0];
    if (b.count == 2) return detail::point_segment_within(va[0], vb[0], vb[1], T(0));
    return detail::point_in_polygon(va[0], vb, b.count);
  }
  if (a.count == 2) {
    if (b.count == 2) return detail::segments_intersect(va[0], va[1], vb[0], vb[1]);
    return detail::segment_polygon_overlap(va[0], va[1], vb, b.count);
  }
  return detail::polygons_overlap(va, a.count, vb, b.count);
}

// Some vertex of `from` within sqrt(r2) of a point or edge of `to`, strictly.
template <class T>
bool vertex_closer(const ConvexCore<T>& from, const ConvexCore<T>& to, T r2) {
  for (int i = 0; i < from.count; ++i) {
    const Vec2<T> v = from.vertices[i];
    if (to.count == 1) {
      if (distance_squared(v, to.vertices[0]) < r2) return true;
      continue;
    }
    const int edges = to.count == 2 ? 1 : to.count;
    for (int j = 0; j < edges; ++j) {
      const Vec2<T> next = to.vertices[j + 1 < to.count ? j + 1 : 0];
      if (point_segment_closer(v, to.vertices[j], next, r2)) return true;
    }
  }
  return false;
}

// Does one edge line of `a` have every vertex of `b` on its outer side or on it? For a 2-vertex
// core the two edges a->b and b->a are the segment's line seen from both sides.
template <class T>
bool weakly_separated(const ConvexCore<T>& a, const ConvexCore<T>& b) {
  if (a.count < 2) return false;
  for (int i = 0; i < a.count; ++i) {
    const Vec2<T> e = detail::edge(a.vertices, a.count, i);
    bool all_outside = true;
    for (int j = 0; j < b.count && all_outside; ++j) {
      all_outside = !(cross(e, b.vertices[j] - a.vertices[i]) > T(0));
    }
    if (all_outside) return true;
  }
  return false;
}

template <class A, class B>
bool interiors_meet(const A& a, const B& b) {
  using T = scalar_of<A>;
  if (!has_interior(a) && !has_interior(b)) return false;
  const auto pair = detail::make_core_pair(a, b);
  const T radius = pair.a.radius + pair.b.radius;
  if (radius > T(0)) {
    if (cores_intersect(pair.a, pair.b)) return true;
    const T r2 = radius * radius;
    return vertex_closer(pair.a, pair.b, r2) || vertex_closer(pair.b, pair.a, r2);
  }
  // A shape with an interior whose core rounding collapsed to a point or a segment (a box a few
  // ulps wide, far from the other shape's vertex that the cores are built around) has no area
  // left to meet; without this, two single-vertex cores had no edge to separate them and met
  // (found by fuzz_scene: a point 890 away from a box 2e-5 wide).
  if (pair.a.count < 3 && pair.b.count < 3) return false;
  return !weakly_separated(pair.a, pair.b) && !weakly_separated(pair.b, pair.a);
}

// A shape's defining numbers, for comparing two shapes of one kind by their bits (padding and a
// polygon's unused vertices excluded, normals derived). Returns how many were written.
template <class T>
int defining_values(const Point<T>& p, T* out) {
  out[0] = p.x, out[1] = p.y;
  return 2;
}
template <class T>
int defining_values(const Segment<T>& s, T* out) {
  out[0] = s.a.x, out[1] = s.a.y, out[2] = s.b.x, out[3] = s.b.y;
  return 4;
}
template <class T>
int defining_values(const Circle<T>& c, T* out) {
  out[0] = c.center.x, out[1] = c.center.y, out[2] = c.radius;
  return 3;
}
template <class T>
int defining_values(const Capsule<T>& c, T* out) {
  out[0] = c.a.x, out[1] = c.a.y, out[2] = c.b.x, out[3] = c.b.y, out[4] = c.radius;
  return 5;
}
template <class T>
int defining_values(const Aabb<T>& b, T* out) {
  out[0] = b.min.x, out[1] = b.min.y, out[2] = b.max.x, out[3] = b.max.y;
  return 4;
}
template <class T>
int defining_values(const Obb<T>& b, T* out) {
  out[0] = b.center.x, out[1] = b.center.y, out[2] = b.half_extents.x;
  out[3] = b.half_extents.y, out[4] = b.rotation.c, out[5] = b.rotation.s;
  return 6;
}
template <class T>
int defining_values(const ConvexPolygon<T>& p, T* out) {
  const int n = detail::vertex_count(p);
  out[0] = T(n);
  for (int i = 0; i < n; ++i)
    out[1 + 2 * i] = p.vertices[i].x, out[2 + 2 * i] = p.vertices[i].y;
  return 1 + 2 * n;
}
template <class T>
int defining_values(const RoundedPolygon<T>& p, T* out) {
  const int n = defining_values(p.core, out);
  out[n] = p.radius;
  return n + 1;
}

// a before b in a total order of the shapes of one kind (by bits: defined even for NaN).
template <class S>
bool comes_first(const S& a, const S& b) {
  using T = scalar_of<S>;
  T va[2 + 2 * max_polygon_vertices], vb[2 + 2 * max_polygon_vertices];
  const int na = defining_values(a, va);
  const int nb = defining_values(b, vb);
  if (na != nb) return na < nb;
  return std::memcmp(va, vb, sizeof(T) * std::size_t(na)) <= 0;
}

// The kind's place in the Shape variant, for putting a pair in a canonical order.
template <class S>
constexpr int kind_rank() {
  return static_cast<int>(Shape<scalar_of<S>>(S{}).index());
}

}  // namespace

// The cores are built around a vertex of the first shape, so the two argument orders round
// differently; the pair is put in a canonical order (by kind, then by the bits of their defining
// numbers) so that they never disagree, as overlaps does for same-kind pairs.
template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) bool overlaps_interior(const A& a,
                                                                                const B& b) {
  using T = scalar_of<A>;
  // A rounded polygon of radius 0 answers as its core (rounded.hpp), by the same function.
  if constexpr (std::is_same_v<A, RoundedPolygon<T>>) {
    if (a.radius == T(0)) return overlaps_interior(a.core, b);
  }
  if constexpr (std::is_same_v<B, RoundedPolygon<T>>) {
    if (b.radius == T(0)) return overlaps_interior(a, b.core);
  }
  constexpr int rank_a = kind_rank<A>(), rank_b = kind_rank<B>();
  if constexpr (rank_a < rank_b) {
    return interiors_meet(a, b);
  } else if constexpr (rank_a > rank_b) {
    return interiors_meet(b, a);
  } else {
    return comes_first(a, b) ? interiors_meet(a, b) : interiors_meet(b, a);
  }
}

#define COLLIDE2D_INSTANTIATE_INTERIOR(A, B) \
  template bool overlaps_interior<A, B>(const A& a, const B& b);
COLLIDE2D_INSTANTIATE_ALL_PAIRS(COLLIDE2D_INSTANTIATE_INTERIOR)
COLLIDE2D_INSTANTIATE_ROUNDED_PAIRS(COLLIDE2D_INSTANTIATE_INTERIOR)

}  // namespace collide2d
