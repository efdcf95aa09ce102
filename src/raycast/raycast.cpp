// raycast and raycast_lean for every shape: the line span of the shape (line_spans.hpp), clipped
// to [0, max_t]. Aabb and Obb are defined inline (collide2d/detail/ray_box-inl.hpp) but for their
// rare inputs (irregular_raycast), and instantiated here.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "collide2d/overlap.hpp"
#include "collide2d/raycast.hpp"
#include "detail/exact_orientation.hpp"
#include "detail/instantiate.hpp"
#include "raycast/line_spans.hpp"

namespace collide2d {

namespace {

using detail::LineSpan;

template <class T>
bool ray_is_finite(const Ray<T>& ray) {
  return is_finite(ray.origin) && is_finite(ray.direction) && !std::isnan(ray.max_t);
}

template <class T>
bool is_zero(Vec2<T> v) {
  return v.x == T(0) && v.y == T(0);
}

// A zero direction: the ray is the single point at its origin.
template <class T, class S>
std::optional<RayHit<T>> point_ray_answer(const Ray<T>& ray, const S& shape) {
  if (!(ray.max_t >= T(0)) || !overlaps(ray.origin, shape)) return std::nullopt;
  return RayHit<T>{T(0), T(0), ray.origin, ray.origin, {T(0), T(0)}, true, true};
}

// The shared front of every raycast: a non-finite ray misses, a zero direction is the point query
// at the origin, and otherwise the shape's line span (span_of()) is clipped to the ray. Every
// return is a fresh value, so the answer is built in place in the caller's result.
template <class T, class S, class SpanOf>
std::optional<RayHit<T>> cast(const Ray<T>& ray, const S& shape, SpanOf span_of) {
  if (!ray_is_finite(ray)) return std::nullopt;
  if (is_zero(ray.direction)) return point_ray_answer(ray, shape);
  return detail::clip_to_ray(ray, span_of());
}

// The same front for raycast_lean: the same span, clipped to the entry alone.
template <class T, class S, class SpanOf>
std::optional<RayHitLean<T>> cast_lean(const Ray<T>& ray, const S& shape, SpanOf span_of) {
  if (!ray_is_finite(ray)) return std::nullopt;
  if (is_zero(ray.direction)) {
    if (!point_ray_answer(ray, shape)) return std::nullopt;
    return RayHitLean<T>{T(0), {T(0), T(0)}};
  }
  return detail::clip_entry(ray, span_of());
}

// The capsule is the union of its two end circles and the rectangle between them; being convex,
// its line span is the union of the parts' spans: the earliest entry and the latest exit.
template <class T>
LineSpan<T> capsule_span(const Ray<T>& ray, const Capsule<T>& capsule) {
  LineSpan<T> parts[3] = {detail::circle_span(ray.origin, ray.direction, capsule.a, capsule.radius),
                          detail::circle_span(ray.origin, ray.direction, capsule.b, capsule.radius),
                          LineSpan<T>::empty()};
  const Vec2<T> axis = capsule.b - capsule.a;
  const T length = collide2d::length(axis);
  if (length > T(0)) {
    const Vec2<T> u = (T(1) / length) * axis;
    const Obb<T> body{
        T(0.5) * (capsule.a + capsule.b), {T(0.5) * length, capsule.radius}, {u.x, u.y}};
    parts[2] = detail::obb_span(ray, body);
  }
  LineSpan<T> result = LineSpan<T>::empty();
  for (const LineSpan<T>& part : parts) {
    if (!part.hit()) continue;
    if (part.t0 < result.t0) {
      result.t0 = part.t0;
      result.normal = part.normal;
    }
    if (part.t1 > result.t1) result.t1 = part.t1;
  }
  return result;
}

}  // namespace

template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Point<T>& point) {
  return cast(ray, point,
              [&] { return detail::segment_span(ray.origin, ray.direction, point, point); });
}

template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Segment<T>& segment) {
  return cast(ray, segment, [&] {
    return detail::segment_span(ray.origin, ray.direction, segment.a, segment.b);
  });
}

// The one-sided rule of raycast.hpp: behind the line, no hit; otherwise the two-sided answer. The
// side is exact (detail/exact_orientation.hpp): a rounded side would turn away a ray that starts
// on the segment, or let one through from just behind. A hit from strictly in front is on the
// front face, so its normal is the front normal, perp(a - b) = (e.y, -e.x) normalised: the same
// bits as the two-sided normal (normalize(perp(e)) for e = b - a or a - b, turned to face the
// ray, and negation and normalize commute exactly) except for a ray almost parallel to the
// segment, where that turn (the sign of a rounded dot product) can be wrong, or the rounded
// crossing test can take the ray for one along the segment's line.
template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Segment<T>& segment, SegmentSides sides) {
  if (sides == SegmentSides::both) return raycast(ray, segment);
  const int side = detail::orientation_sign(segment.a, segment.b, ray.origin);
  if (side > 0) return std::nullopt;
  std::optional<RayHit<T>> hit = raycast(ray, segment);
  if (hit && side < 0 && !hit->started_inside) hit->normal = normalize(perp(segment.a - segment.b));
  return hit;
}

template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Circle<T>& circle) {
  return cast(ray, circle, [&] {
    return detail::circle_span(ray.origin, ray.direction, circle.center, circle.radius);
  });
}

template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Capsule<T>& capsule) {
  return cast(ray, capsule, [&] { return capsule_span(ray, capsule); });
}

namespace detail {

template <class T, class S>
std::optional<RayHit<T>> irregular_raycast(const Ray<T>& ray, const S& shape) {
  if (!ray_is_finite(ray)) return std::nullopt;
  if (is_zero(ray.direction)) return point_ray_answer(ray, shape);
  // Not reached from ray_box-inl.hpp (a finite ray with a direction is regular); for any caller,
  // the general answer.
  return clip_to_ray(ray, ray_span(ray, shape));
}

template std::optional<RayHit<float>> irregular_raycast(const Ray<float>&, const Aabb<float>&);
template std::optional<RayHit<double>> irregular_raycast(const Ray<double>&, const Aabb<double>&);
template std::optional<RayHit<float>> irregular_raycast(const Ray<float>&, const Obb<float>&);
template std::optional<RayHit<double>> irregular_raycast(const Ray<double>&, const Obb<double>&);

}  // namespace detail

// Cyrus-Beck divides per edge, which is ill-conditioned at a sharp corner: rounding can let a ray
// that misses a thin tip "enter" it. So hit or miss is decided by the sign-based segment test of
// overlaps (accurate at any corner angle) on the part of the ray within the polygon's bounding box,
// and Cyrus-Beck only gives the parameters, clamped to agree with that decision.
template <class T>
LineSpan<T> robust_polygon_span(const Ray<T>& ray, const ConvexPolygon<T>& polygon) {
  const int n = detail::vertex_count(polygon);
  LineSpan<T> span =
      detail::polygon_span(ray.origin, ray.direction, polygon.vertices, polygon.normals, n);
  // The ray's extent that can touch the polygon, finite even for max_t = infinity: within the
  // bounding box enlarged by its own size (so that rounding at the cut is far from every vertex),
  // then [0, max_t]. The ray's own end points are used where the cut does not shorten it.
  Aabb<T> box = bounding_box(polygon);
  const Vec2<T> margin = (box.max - box.min) + Vec2<T>{T(1), T(1)};
  box = {box.min - margin, box.max + margin};
  const LineSpan<T> inside_box = detail::box_span(ray.origin, ray.direction, box.min, box.max);
  const T lo = std::max(inside_box.t0, T(0));
  const T hi = std::min(inside_box.t1, ray.max_t);
  if (!(lo <= hi)) return LineSpan<T>::empty();
  const Vec2<T> start = lo > T(0) ? ray.origin + lo * ray.direction : ray.origin;
  const Vec2<T> end = ray.origin + hi * ray.direction;
  if (!detail::segment_polygon_overlap(start, end, polygon.vertices, n))
    return LineSpan<T>::empty();
  if (!span.hit()) {  // a grazing touch that Cyrus-Beck rounded away: one point, in the middle
    const bool finite = std::isfinite(span.t0) && std::isfinite(span.t1);
    const T middle = finite ? T(0.5) * (span.t0 + span.t1) : lo;
    span.t0 = span.t1 = middle;
  }
  // Keep an entry at or before the origin (started inside); otherwise enter within [lo, hi], and
  // leave no earlier than the entry and lo. Then clip_to_ray sees a hit, as decided.
  if (span.t0 > T(0)) span.t0 = std::clamp(span.t0, lo, hi);
  span.t1 = std::max({span.t1, span.t0, lo});
  if (span.normal == Vec2<T>{T(0), T(0)}) span.normal = -normalize(ray.direction);
  return span;
}

template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const ConvexPolygon<T>& polygon) {
  return cast(ray, polygon, [&] { return robust_polygon_span(ray, polygon); });
}

template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const Point<T>& point) {
  return cast_lean(ray, point,
                   [&] { return detail::segment_span(ray.origin, ray.direction, point, point); });
}

template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const Segment<T>& segment) {
  return cast_lean(ray, segment, [&] {
    return detail::segment_span(ray.origin, ray.direction, segment.a, segment.b);
  });
}

template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const Circle<T>& circle) {
  return cast_lean(ray, circle, [&] {
    return detail::circle_span(ray.origin, ray.direction, circle.center, circle.radius);
  });
}

template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const Capsule<T>& capsule) {
  return cast_lean(ray, capsule, [&] { return capsule_span(ray, capsule); });
}

template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const ConvexPolygon<T>& polygon) {
  return cast_lean(ray, polygon, [&] { return robust_polygon_span(ray, polygon); });
}

COLLIDE2D_INSTANTIATE_RAYCAST(Point);
COLLIDE2D_INSTANTIATE_RAYCAST(Segment);
template std::optional<RayHit<float>> raycast<float>(const Ray<float>&, const Segment<float>&,
                                                     SegmentSides);
template std::optional<RayHit<double>> raycast<double>(const Ray<double>&, const Segment<double>&,
                                                       SegmentSides);
COLLIDE2D_INSTANTIATE_RAYCAST(Circle);
COLLIDE2D_INSTANTIATE_RAYCAST(Capsule);
COLLIDE2D_INSTANTIATE_RAYCAST(Aabb);
COLLIDE2D_INSTANTIATE_RAYCAST(Obb);
COLLIDE2D_INSTANTIATE_RAYCAST(ConvexPolygon);
COLLIDE2D_INSTANTIATE_RAYCAST_LEAN(Point);
COLLIDE2D_INSTANTIATE_RAYCAST_LEAN(Segment);
COLLIDE2D_INSTANTIATE_RAYCAST_LEAN(Circle);
COLLIDE2D_INSTANTIATE_RAYCAST_LEAN(Capsule);
COLLIDE2D_INSTANTIATE_RAYCAST_LEAN(Aabb);
COLLIDE2D_INSTANTIATE_RAYCAST_LEAN(Obb);
COLLIDE2D_INSTANTIATE_RAYCAST_LEAN(ConvexPolygon);

}  // namespace collide2d
