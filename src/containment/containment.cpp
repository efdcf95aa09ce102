// contains and contains_strictly for every pair, on convex cores (see containment.hpp).
#include "collide2d/containment.hpp"

#include <cmath>

#include "convex/convex_core.hpp"
#include "detail/instantiate_pairs.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

using detail::ConvexCore;

// Is the disc of radius r around v inside A's core swept by A's radius? With strict, inside the
// interior: every comparison becomes strict.
template <class T>
bool disc_inside(const ConvexCore<T>& a, Vec2<T> v, T r, bool strict) {
  if (a.count <= 2) {
    // A is a point or segment core swept by a.radius: v within a.radius - r of the core.
    const T room = a.radius - r;
    if (room < T(0) || (strict && !(room > T(0)))) return false;
    const Vec2<T> end = a.vertices[a.count - 1];
    // One comparison for both modes, without division or square root: exact on integers, and
    // strict inside implies inside.
    const auto c = detail::point_segment_comparison(v, a.vertices[0], end, room * room);
    return strict ? c.lhs < c.rhs : c.lhs <= c.rhs;
  }
  for (int i = 0; i < a.count; ++i) {
    const Vec2<T> e = detail::edge(a.vertices, a.count, i);
    // cross(e, v - a_i) / |e| is how far v lies inside edge i; it must reach r.
    const T inside = cross(e, v - a.vertices[i]);
    const T needed = r == T(0) ? T(0) : r * length(e);
    if (strict ? !(inside > needed) : !(inside >= needed)) return false;
  }
  return true;
}

template <class A, class B>
bool core_contains(const A& a, const B& b, bool strict) {
  const auto pair = detail::make_core_pair(a, b);
  if (strict && !has_area_v<A>) return false;  // an empty interior contains nothing
  for (int i = 0; i < pair.b.count; ++i) {
    if (!disc_inside(pair.a, pair.b.vertices[i], pair.b.radius, strict)) return false;
  }
  return true;
}

}  // namespace

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>) bool contains(
    const A& a, const B& b) {
  return core_contains(a, b, false);
}

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) bool contains_strictly(const A& a,
                                                                                const B& b) {
  return core_contains(a, b, true);
}

#define COLLIDE2D_INSTANTIATE_CONTAINMENT(A, B)         \
  template bool contains<A, B>(const A& a, const B& b); \
  template bool contains_strictly<A, B>(const A& a, const B& b);
COLLIDE2D_INSTANTIATE_ALL_PAIRS(COLLIDE2D_INSTANTIATE_CONTAINMENT)

}  // namespace collide2d
