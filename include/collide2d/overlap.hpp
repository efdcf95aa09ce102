// collide2d/overlap.hpp - overlaps(a, b): do two shapes share at least one point?
//
// Shapes are closed sets, so touching counts as overlapping, for every pair. overlaps is symmetric:
// overlaps(a, b) == overlaps(b, a) for every pair and every input: one order calls the other, and
// same-type pairs are symmetric formulas or are put in a canonical order first. Each pair uses the
// cheapest exact test for it:
//
//   pair                         algorithm
//   aabb / aabb                  interval overlap on x and y
//   circle / circle              squared centre distance against squared radius sum
//   circle / aabb, circle / obb  clamp the centre into the box (in the box's frame for an obb)
//   obb / obb, obb / aabb        separating axis test on the four box axes with projection radii
//   polygon / anything boxy      separating axis test over the edge normals of both shapes
//   capsule, segment, point      closest-feature distance between the core point or segment and
//                                the other shape, against the squared radius sum
//
// Precision: every test works on differences taken against a vertex or centre of one shape, so
// small shapes far from the origin (canvas coordinates in the millions) keep their precision.
// Separating-axis tests use unnormalised edge perpendiculars, so no square root rounds the answer:
// on integer coordinates of moderate size (|coordinate| < 2^10 in float, 2^24 in double) with
// exact rotations (Rot{0, 1} and friends) every answer is exact, touching included. Elsewhere an
// answer may flip only when the shapes are within a few ulps of touching (docs/ROBUSTNESS.md gives
// the band).
//
// The box pairs (Aabb / Aabb, Aabb / Obb, Obb / Obb, Circle / Obb, either order) are defined inline
// (collide2d/detail/overlap_boxes-inl.hpp), so that a loop over many pairs has no call.
//
// Preconditions: shapes are valid (is_valid; the builders guarantee it). An invalid shape still
// gets a defined answer, never undefined behaviour or a hang (polygon vertex counts are clamped to
// [0, max_polygon_vertices]), but not a meaningful one: check input where it enters your program.
#pragma once

#include <variant>

#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {

template <class T>
bool overlaps(const Point<T>& a, const Point<T>& b);
template <class T>
bool overlaps(const Point<T>& a, const Segment<T>& b);
template <class T>
bool overlaps(const Point<T>& a, const Circle<T>& b);
template <class T>
bool overlaps(const Point<T>& a, const Capsule<T>& b);
template <class T>
bool overlaps(const Point<T>& a, const Aabb<T>& b);
template <class T>
bool overlaps(const Point<T>& a, const Obb<T>& b);
template <class T>
bool overlaps(const Point<T>& a, const ConvexPolygon<T>& b);
template <class T>
bool overlaps(const Segment<T>& a, const Segment<T>& b);
template <class T>
bool overlaps(const Segment<T>& a, const Circle<T>& b);
template <class T>
bool overlaps(const Segment<T>& a, const Capsule<T>& b);
template <class T>
bool overlaps(const Segment<T>& a, const Aabb<T>& b);
template <class T>
bool overlaps(const Segment<T>& a, const Obb<T>& b);
template <class T>
bool overlaps(const Segment<T>& a, const ConvexPolygon<T>& b);
template <class T>
bool overlaps(const Circle<T>& a, const Circle<T>& b);
template <class T>
bool overlaps(const Circle<T>& a, const Capsule<T>& b);
template <class T>
bool overlaps(const Circle<T>& a, const Aabb<T>& b);
template <class T>
bool overlaps(const Circle<T>& a, const Obb<T>& b);
template <class T>
bool overlaps(const Circle<T>& a, const ConvexPolygon<T>& b);
template <class T>
bool overlaps(const Capsule<T>& a, const Capsule<T>& b);
template <class T>
bool overlaps(const Capsule<T>& a, const Aabb<T>& b);
template <class T>
bool overlaps(const Capsule<T>& a, const Obb<T>& b);
template <class T>
bool overlaps(const Capsule<T>& a, const ConvexPolygon<T>& b);
template <class T>
bool overlaps(const Aabb<T>& a, const Aabb<T>& b);
template <class T>
bool overlaps(const Aabb<T>& a, const Obb<T>& b);
template <class T>
bool overlaps(const Aabb<T>& a, const ConvexPolygon<T>& b);
template <class T>
bool overlaps(const Obb<T>& a, const Obb<T>& b);
template <class T>
bool overlaps(const Obb<T>& a, const ConvexPolygon<T>& b);
template <class T>
bool overlaps(const ConvexPolygon<T>& a, const ConvexPolygon<T>& b);

// The other argument orders.
template <class T>
bool overlaps(const Segment<T>& a, const Point<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Circle<T>& a, const Point<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Circle<T>& a, const Segment<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Capsule<T>& a, const Point<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Capsule<T>& a, const Segment<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Capsule<T>& a, const Circle<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Aabb<T>& a, const Point<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Aabb<T>& a, const Segment<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Aabb<T>& a, const Circle<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Aabb<T>& a, const Capsule<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Obb<T>& a, const Point<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Obb<T>& a, const Segment<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Obb<T>& a, const Circle<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Obb<T>& a, const Capsule<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Obb<T>& a, const Aabb<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const ConvexPolygon<T>& a, const Point<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const ConvexPolygon<T>& a, const Segment<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const ConvexPolygon<T>& a, const Circle<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const ConvexPolygon<T>& a, const Capsule<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const ConvexPolygon<T>& a, const Aabb<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const ConvexPolygon<T>& a, const Obb<T>& b) {
  return overlaps(b, a);
}

// RoundedPolygon (rounded.hpp documents the method) against every shape, both orders.
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const Point<T>& b);
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const Segment<T>& b);
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const Circle<T>& b);
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const Capsule<T>& b);
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const Aabb<T>& b);
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const Obb<T>& b);
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const ConvexPolygon<T>& b);
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const RoundedPolygon<T>& b);

// The other argument order.
template <class T>
bool overlaps(const Point<T>& a, const RoundedPolygon<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Segment<T>& a, const RoundedPolygon<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Circle<T>& a, const RoundedPolygon<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Capsule<T>& a, const RoundedPolygon<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Aabb<T>& a, const RoundedPolygon<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Obb<T>& a, const RoundedPolygon<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const ConvexPolygon<T>& a, const RoundedPolygon<T>& b) {
  return overlaps(b, a);
}

// Any two shapes held in the variant.
template <class T>
bool overlaps(const Shape<T>& a, const Shape<T>& b) {
  return std::visit([](const auto& x, const auto& y) { return overlaps(x, y); }, a, b);
}

}  // namespace collide2d

// The inline definitions for the box pairs.
#include "collide2d/detail/overlap_boxes-inl.hpp"
