// validation_error for every shape: the messages that say what a valid shape is
// (detail::validation_message), behind the yes-or-no check that answers a valid shape without
// building one (detail/shape_checks.hpp; a test holds the two to the same verdict). Builders call
// it on what they built, so a builder and is_valid can never disagree.
#include <cmath>
#include <string>

#include "collide2d/shapes.hpp"
#include "detail/convex_check.hpp"
#include "detail/format.hpp"
#include "detail/number_checks.hpp"
#include "detail/predicates.hpp"
#include "detail/shape_checks.hpp"

namespace collide2d {

using detail::format_number;
using detail::format_point;

const char* shape_kind_name(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::point:
      return "point";
    case ShapeKind::segment:
      return "segment";
    case ShapeKind::circle:
      return "circle";
    case ShapeKind::capsule:
      return "capsule";
    case ShapeKind::aabb:
      return "aabb";
    case ShapeKind::obb:
      return "obb";
    case ShapeKind::polygon:
      return "polygon";
    case ShapeKind::rounded_polygon:
      return "rounded_polygon";
  }
  return "unknown shape";
}

namespace {

template <class T>
std::string check_point(const char* name, Vec2<T> p) {
  if (detail::is_usable(p)) return {};  // unusable_reason(p) is empty: no string to build
  return std::string(name) + " " + format_point(p) + detail::unusable_reason(p);
}

template <class T>
std::string check_size(const char* name, T value) {
  if (detail::is_usable(value) && value >= T(0)) return {};
  return std::string(name) + " is " + format_number(value) +
         ", must be finite, >= 0 and not subnormal";
}

template <class T>
std::string check_rotation(Rot<T> q) {
  const T norm2 = q.c * q.c + q.s * q.s;
  if (std::isfinite(norm2) && std::abs(norm2 - T(1)) <= rotation_tolerance<T>()) return {};
  return "rotation (" + format_number(q.c) + ", " + format_number(q.s) +
         ") is not a unit (cos, sin) pair: cos^2 + sin^2 = " + format_number(norm2);
}

// The message for convex_ccw_fault's answer (detail/convex_check.hpp), empty for none.
template <class T>
std::string check_convex_ccw(const Vec2<T>* v, int n) {
  const detail::ConvexFault f = detail::convex_ccw_fault(v, n);
  const auto index = [](int i) { return std::to_string(i); };
  switch (f.kind) {
    case detail::ConvexFault::none:
      return {};
    case detail::ConvexFault::same_point:
      return "vertices " + index(f.i) + " and " + index(f.j) + " are the same point " +
             format_point(v[f.i]);
    case detail::ConvexFault::collinear:
      return "vertices " + index(f.i) + ", " + index(f.j) + ", " + index(f.k) +
             " are collinear: " + format_point(v[f.i]) + ", " + format_point(v[f.j]) + ", " +
             format_point(v[f.k]);
    case detail::ConvexFault::clockwise:
      return "the boundary turns clockwise at vertex " + index(f.j) + " " + format_point(v[f.j]) +
             ": vertices must be convex and counter-clockwise";
    case detail::ConvexFault::winds_around:
      return "vertex " + index(f.j) + " " + format_point(v[f.j]) + " is not inside edge " +
             index(f.i) + ": the polygon is not convex (it winds around more than once)";
  }
  return {};
}

template <class T>
std::string check_normals(const ConvexPolygon<T>& p) {
  const int i = detail::bad_normal(p);
  if (i < 0) return {};
  return "normal " + std::to_string(i) + " " + format_point(p.normals[i]) +
         " is not the unit outward normal of its edge, " +
         format_point(detail::expected_normal(p, i));
}

}  // namespace

namespace detail {

template <class T>
std::string validation_message(const Point<T>& shape) {
  return check_point("point", shape);
}

template <class T>
std::string validation_message(const Segment<T>& shape) {
  std::string error = check_point("segment end a", shape.a);
  return error.empty() ? check_point("segment end b", shape.b) : error;
}

template <class T>
std::string validation_message(const Ray<T>& ray) {
  std::string error = check_point("ray origin", ray.origin);
  if (error.empty()) error = check_point("ray direction", ray.direction);
  if (error.empty() && ray.direction == Vec2<T>{T(0), T(0)}) {
    error = "ray direction is (0, 0): a ray needs a direction";
  }
  if (error.empty() && !(ray.max_t >= T(0))) {
    error = "ray max_t is " + format_number(ray.max_t) + ", must be >= 0 (infinity allowed)";
  }
  return error;
}

template <class T>
std::string validation_message(const Circle<T>& shape) {
  std::string error = check_point("circle center", shape.center);
  return error.empty() ? check_size("circle radius", shape.radius) : error;
}

template <class T>
std::string validation_message(const Capsule<T>& shape) {
  std::string error = check_point("capsule end a", shape.a);
  if (error.empty()) error = check_point("capsule end b", shape.b);
  return error.empty() ? check_size("capsule radius", shape.radius) : error;
}

template <class T>
std::string validation_message(const Aabb<T>& shape) {
  std::string error = check_point("aabb min", shape.min);
  if (error.empty()) error = check_point("aabb max", shape.max);
  if (error.empty() && !(shape.min.x <= shape.max.x && shape.min.y <= shape.max.y)) {
    error = "aabb min " + format_point(shape.min) + " exceeds max " + format_point(shape.max) +
            " (an inverted box)";
  }
  return error;
}

template <class T>
std::string validation_message(const Obb<T>& shape) {
  std::string error = check_point("obb center", shape.center);
  if (error.empty()) error = check_size("obb half extent x", shape.half_extents.x);
  if (error.empty()) error = check_size("obb half extent y", shape.half_extents.y);
  return error.empty() ? check_rotation(shape.rotation) : error;
}

template <class T>
std::string validation_message(const ConvexPolygon<T>& shape) {
  if (shape.count < 3 || shape.count > max_polygon_vertices) {
    return "polygon has " + std::to_string(shape.count) + " vertices, needs 3 to " +
           std::to_string(max_polygon_vertices);
  }
  for (int i = 0; i < shape.count; ++i) {
    if (!detail::is_usable(shape.vertices[i])) {
      return "polygon vertex " + std::to_string(i) + " " + format_point(shape.vertices[i]) +
             detail::unusable_reason(shape.vertices[i]);
    }
  }
  std::string error = check_convex_ccw(shape.vertices, shape.count);
  return error.empty() ? check_normals(shape) : error;
}

template <class T>
std::string validation_message(const Shape<T>& shape) {
  return std::visit([](const auto& s) { return validation_message(s); }, shape);
}

}  // namespace detail

// The public checks: the fast verdict first (detail/shape_checks.hpp), the message when it says no.
template <class T>
std::string validation_error(const Point<T>& shape) {
  return detail::error_or_empty(shape);
}
template <class T>
std::string validation_error(const Segment<T>& shape) {
  return detail::error_or_empty(shape);
}
template <class T>
std::string validation_error(const Ray<T>& ray) {
  return detail::ray_fine(ray) ? std::string() : detail::validation_message(ray);
}
template <class T>
std::string validation_error(const Circle<T>& shape) {
  return detail::error_or_empty(shape);
}
template <class T>
std::string validation_error(const Capsule<T>& shape) {
  return detail::error_or_empty(shape);
}
template <class T>
std::string validation_error(const Aabb<T>& shape) {
  return detail::error_or_empty(shape);
}
template <class T>
std::string validation_error(const Obb<T>& shape) {
  return detail::error_or_empty(shape);
}
template <class T>
std::string validation_error(const ConvexPolygon<T>& shape) {
  return detail::error_or_empty(shape);
}
template <class T>
std::string validation_error(const Shape<T>& shape) {
  return detail::error_or_empty(shape);
}

#define COLLIDE2D_INSTANTIATE_VALIDATION(S)                                  \
  template std::string validation_error<float>(const S<float>& s);           \
  template std::string validation_error<double>(const S<double>& s);         \
  template std::string detail::validation_message<float>(const S<float>& s); \
  template std::string detail::validation_message<double>(const S<double>& s)

COLLIDE2D_INSTANTIATE_VALIDATION(Point);
COLLIDE2D_INSTANTIATE_VALIDATION(Segment);
COLLIDE2D_INSTANTIATE_VALIDATION(Ray);
COLLIDE2D_INSTANTIATE_VALIDATION(Circle);
COLLIDE2D_INSTANTIATE_VALIDATION(Capsule);
COLLIDE2D_INSTANTIATE_VALIDATION(Aabb);
COLLIDE2D_INSTANTIATE_VALIDATION(Obb);
COLLIDE2D_INSTANTIATE_VALIDATION(ConvexPolygon);
COLLIDE2D_INSTANTIATE_VALIDATION(Shape);

}  // namespace collide2d
