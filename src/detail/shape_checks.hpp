// Private: whether a shape is valid (validation_error empty) and its bounding box finite, as a
// yes or no that builds no message. validation_error and the builders answer a valid shape through
// it, and the Scene checks every added, moved or loaded shape with it (scene/scene_impl.hpp),
// turning to the message-building checks only for a shape it refuses. The message path alone is
// detail::validation_message (src/validation.cpp); tests/scene/test_scene_input_check.cpp holds
// the two to agreeing on adversarial shapes of every kind.
#pragma once

#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>
#include <variant>

#include "collide2d/shapes.hpp"
#include "detail/convex_check.hpp"
#include "detail/number_checks.hpp"

namespace collide2d::detail {

// scene_input_fine(shape): validation_message(shape) is empty and the shape's bounding box is
// finite (what the Scene's scene_input_error checks). The message path cost about half of
// Scene::set_shape, most of a shape's check when a saved scene loads, and most of a builder's.
// is_usable (detail/number_checks.hpp: finite, not subnormal) is the rule for every number.
template <class T>
bool input_size_ok(T v) {
  return is_usable(v) && v >= T(0);
}
template <class T, class S>
bool box_in_range(const S& shape) {
  const Aabb<T> box = bounding_box(shape);
  return is_finite(box.min) && is_finite(box.max);
}
// Each number at most an eighth of the largest finite value: then a circle's or a unit-rotation
// box's bounding box (centre plus or minus at most twice such a number) is certainly finite, with
// no box computed.
template <class T>
bool far_from_overflow(std::initializer_list<T> values) {
  constexpr T eighth = std::numeric_limits<T>::max() / T(8);
  bool fine = true;
  for (const T v : values)
    fine = fine && std::fabs(v) <= eighth;
  return fine;
}
template <class T>
bool scene_input_fine(const Obb<T>& obb) {
  const Rot<T> q = obb.rotation;
  const T norm2 = q.c * q.c + q.s * q.s;
  const Vec2<T> c = obb.center, h = obb.half_extents;
  return is_usable(c.x) && is_usable(c.y) && input_size_ok(h.x) && input_size_ok(h.y) &&
         std::isfinite(norm2) && std::fabs(norm2 - T(1)) <= rotation_tolerance<T>() &&
         (far_from_overflow({c.x, c.y, h.x, h.y}) || box_in_range<T>(obb));
}
template <class T>
bool scene_input_fine(const Circle<T>& circle) {
  const Vec2<T> c = circle.center;
  return is_usable(c.x) && is_usable(c.y) && input_size_ok(circle.radius) &&
         (far_from_overflow({c.x, c.y, circle.radius}) || box_in_range<T>(circle));
}
template <class T>
bool scene_input_fine(const Aabb<T>& aabb) {
  return is_usable(aabb.min.x) && is_usable(aabb.min.y) && is_usable(aabb.max.x) &&
         is_usable(aabb.max.y) && aabb.min.x <= aabb.max.x && aabb.min.y <= aabb.max.y &&
         box_in_range<T>(aabb);
}
template <class T>
bool scene_input_fine(const Point<T>& point) {
  return is_usable(point.x) && is_usable(point.y);  // its box is itself
}
template <class T>
bool scene_input_fine(const Segment<T>& segment) {
  return scene_input_fine(Point<T>(segment.a)) && scene_input_fine(Point<T>(segment.b));
}
template <class T>
bool scene_input_fine(const Capsule<T>& capsule) {
  const Vec2<T> a = capsule.a, b = capsule.b;
  return is_usable(a.x) && is_usable(a.y) && is_usable(b.x) && is_usable(b.y) &&
         input_size_ok(capsule.radius) &&
         (far_from_overflow({a.x, a.y, b.x, b.y, capsule.radius}) || box_in_range<T>(capsule));
}
// validation_error's checks in the same order, through the fault finders it formats
// (detail/convex_check.hpp); finite vertices make a finite box.
template <class T>
bool scene_input_fine(const ConvexPolygon<T>& polygon) {
  if (polygon.count < 3 || polygon.count > max_polygon_vertices) return false;
  for (int i = 0; i < polygon.count; ++i) {
    if (!is_usable(polygon.vertices[i].x) || !is_usable(polygon.vertices[i].y)) return false;
  }
  return convex_ccw_ok(polygon.vertices, polygon.count) && bad_normal(polygon) < 0;
}
template <class T>
bool scene_input_fine(const RoundedPolygon<T>& rounded) {
  return input_size_ok(rounded.radius) && scene_input_fine(rounded.core) &&
         box_in_range<T>(rounded);
}
template <class T>
bool scene_input_fine(const Shape<T>& shape) {
  return std::visit([](const auto& s) { return scene_input_fine(s); }, shape);
}

// A ray as validation_error checks it, with no message.
template <class T>
bool ray_fine(const Ray<T>& ray) {
  return is_usable(ray.origin.x) && is_usable(ray.origin.y) && is_usable(ray.direction.x) &&
         is_usable(ray.direction.y) && !(ray.direction.x == T(0) && ray.direction.y == T(0)) &&
         ray.max_t >= T(0);
}

// validation_error's message without the fast path above, "" for a valid shape: what the fast
// checks must agree with (src/validation.cpp; the rounded polygon's in rounded/rounded_shape.cpp).
template <class T>
std::string validation_message(const Point<T>& shape);
template <class T>
std::string validation_message(const Segment<T>& shape);
template <class T>
std::string validation_message(const Ray<T>& ray);
template <class T>
std::string validation_message(const Circle<T>& shape);
template <class T>
std::string validation_message(const Capsule<T>& shape);
template <class T>
std::string validation_message(const Aabb<T>& shape);
template <class T>
std::string validation_message(const Obb<T>& shape);
template <class T>
std::string validation_message(const ConvexPolygon<T>& shape);
template <class T>
std::string validation_message(const RoundedPolygon<T>& shape);
template <class T>
std::string validation_message(const Shape<T>& shape);

// validation_error: the fast verdict for a valid shape (and no message), else the message.
// (A valid shape whose box overflows takes the message path and gets "".)
template <class S>
std::string error_or_empty(const S& shape) {
  return scene_input_fine(shape) ? std::string() : validation_message(shape);
}

}  // namespace collide2d::detail
