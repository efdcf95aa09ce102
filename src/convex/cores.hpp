// Private: shapes seen as a core (a point or a segment) swept by a radius.
//
// A circle is a point core with a radius, a capsule a segment core with a radius, and Point and
// Segment are the same cores with radius 0. Two such shapes overlap exactly when their cores are
// within the radius sum, which turns ten shape pairs into three core pairs; a core against a box or
// a polygon is likewise "within the radius".
#pragma once

#include "collide2d/shapes.hpp"
#include "detail/predicates.hpp"

namespace collide2d::detail {

template <class T>
struct PointCore {
  Vec2<T> p;
  T radius;
};

template <class T>
struct SegmentCore {
  Vec2<T> a;
  Vec2<T> b;
  T radius;
};

template <class T>
PointCore<T> core_of(const Point<T>& p) {
  return {p, T(0)};
}
template <class T>
PointCore<T> core_of(const Circle<T>& c) {
  return {c.center, c.radius};
}
template <class T>
SegmentCore<T> core_of(const Segment<T>& s) {
  return {s.a, s.b, T(0)};
}
template <class T>
SegmentCore<T> core_of(const Capsule<T>& c) {
  return {c.a, c.b, c.radius};
}

template <class T>
bool cores_within(const PointCore<T>& x, const PointCore<T>& y) {
  return distance_squared(x.p, y.p) <= squared(x.radius + y.radius);
}
template <class T>
bool cores_within(const PointCore<T>& x, const SegmentCore<T>& y) {
  return point_segment_within(x.p, y.a, y.b, squared(x.radius + y.radius));
}
template <class T>
bool cores_within(const SegmentCore<T>& x, const SegmentCore<T>& y) {
  const T r2 = squared(x.radius + y.radius);
  if (r2 == T(0)) return segments_intersect(x.a, x.b, y.a, y.b);
  return segments_within(x.a, x.b, y.a, y.b, r2);
}

// Against a box: the core is moved into the box's frame first.
template <class T>
bool core_box_within(const PointCore<T>& x, const BoxFrame<T>& box) {
  const Vec2<T> p = box.to_local(x.p);
  if (x.radius == T(0)) return point_in_box(p, box.half);
  return point_box_within(p, box.half, squared(x.radius));
}
template <class T>
bool core_box_within(const SegmentCore<T>& x, const BoxFrame<T>& box) {
  const Vec2<T> a = box.to_local(x.a);
  const Vec2<T> b = box.to_local(x.b);
  if (x.radius == T(0)) return segment_box_overlap(a, b, box.half);
  return segment_box_within(a, b, box.half, squared(x.radius));
}

template <class T>
bool core_polygon_within(const PointCore<T>& x, const ConvexPolygon<T>& polygon) {
  const int n = vertex_count(polygon);
  if (x.radius == T(0)) return point_in_polygon(x.p, polygon.vertices, n);
  return point_polygon_within(x.p, polygon.vertices, n, squared(x.radius));
}
template <class T>
bool core_polygon_within(const SegmentCore<T>& x, const ConvexPolygon<T>& polygon) {
  const int n = vertex_count(polygon);
  if (x.radius == T(0)) return segment_polygon_overlap(x.a, x.b, polygon.vertices, n);
  return segment_polygon_within(x.a, x.b, polygon.vertices, n, squared(x.radius));
}

}  // namespace collide2d::detail
