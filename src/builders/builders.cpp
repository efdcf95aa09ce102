// The shape builders other than the hull: each assembles the shape, then lets validation_error
// decide, so that a builder accepts exactly what is_valid accepts.
#include <cmath>
#include <string>

#include "collide2d/builders.hpp"
#include "detail/format.hpp"
#include "detail/number_checks.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

template <class S>
Built<S> checked(const S& shape) {
  std::string error = validation_error(shape);
  if (!error.empty()) return Built<S>::failure(std::move(error));
  return shape;
}

template <class T>
std::string check_full_size(const char* name, T value) {
  if (detail::is_usable(value) && value >= T(0)) return {};
  return std::string(name) + " is " + detail::format_number(value) +
         ", must be finite, >= 0 and not subnormal";
}

template <class T>
std::string check_unit(const char* name, Vec2<T> axis) {
  const T norm2 = length_squared(axis);
  if (is_finite(axis) && std::abs(norm2 - T(1)) <= rotation_tolerance<T>()) return {};
  return std::string(name) + " " + detail::format_point(axis) + " is not a unit vector";
}

// Fills normals from the vertices, the outward (right-hand) unit normal of each edge.
template <class T>
void compute_normals(ConvexPolygon<T>& polygon) {
  for (int i = 0; i < polygon.count; ++i) {
    const Vec2<T> e = detail::edge(polygon.vertices, polygon.count, i);
    polygon.normals[i] = normalize(Vec2<T>{e.y, -e.x});
  }
}

}  // namespace

template <class T>
Built<Segment<T>> make_segment(Vec2<T> a, Vec2<T> b) {
  return checked(Segment<T>{a, b});
}

template <class T>
Built<Ray<T>> make_ray(Vec2<T> origin, Vec2<T> direction, T max_t) {
  return checked(Ray<T>{origin, direction, max_t});
}

template <class T>
Built<Circle<T>> make_circle(Vec2<T> center, T radius) {
  return checked(Circle<T>{center, radius});
}

template <class T>
Built<Capsule<T>> make_capsule(Vec2<T> a, Vec2<T> b, T radius) {
  return checked(Capsule<T>{a, b, radius});
}

template <class T>
Built<Aabb<T>> make_aabb(Vec2<T> corner_a, Vec2<T> corner_b) {
  // Checked before combining: min and max would drop a NaN in one argument silently.
  for (const Vec2<T>& corner : {corner_a, corner_b}) {
    const std::string reason = detail::unusable_reason(corner);
    if (!reason.empty())
      return Built<Aabb<T>>::failure("aabb corner " + detail::format_point(corner) + reason);
  }
  return checked(Aabb<T>{component_min(corner_a, corner_b), component_max(corner_a, corner_b)});
}

template <class T>
Built<Aabb<T>> make_aabb_from_rect(T x, T y, T width, T height) {
  std::string error = check_full_size("width", width);
  if (error.empty()) error = check_full_size("height", height);
  if (!error.empty()) return Built<Aabb<T>>::failure(std::move(error));
  return checked(Aabb<T>{{x, y}, {x + width, y + height}});
}

template <class T>
Built<Obb<T>> make_obb(Vec2<T> center, T width, T height, Rot<T> rotation) {
  std::string error = check_full_size("width", width);
  if (error.empty()) error = check_full_size("height", height);
  if (!error.empty()) return Built<Obb<T>>::failure(std::move(error));
  return checked(Obb<T>{center, {width / T(2), height / T(2)}, rotation});
}

template <class T>
Built<Obb<T>> make_obb(Vec2<T> center, T width, T height, T angle_radians) {
  if (!std::isfinite(angle_radians)) {
    return Built<Obb<T>>::failure("angle is " + detail::format_number(angle_radians) +
                                  ", must be finite");
  }
  return make_obb(center, width, height, Rot<T>::from_angle(angle_radians));
}

template <class T>
Built<Obb<T>> make_obb_from_axes(Vec2<T> center, Vec2<T> size, Vec2<T> axis_x, Vec2<T> axis_y) {
  std::string error = check_unit("axis_x", axis_x);
  if (error.empty()) error = check_unit("axis_y", axis_y);
  if (error.empty() && !(std::abs(dot(axis_x, axis_y)) <= rotation_tolerance<T>())) {
    error = "axis_x " + detail::format_point(axis_x) + " and axis_y " +
            detail::format_point(axis_y) + " are not perpendicular";
  }
  if (!error.empty()) return Built<Obb<T>>::failure(std::move(error));
  return make_obb(center, size.x, size.y, Rot<T>{axis_x.x, axis_x.y});
}

template <class T>
Built<ConvexPolygon<T>> make_polygon(const Vec2<T>* vertices, std::size_t count) {
  if (count < 3 || count > std::size_t(max_polygon_vertices)) {
    return Built<ConvexPolygon<T>>::failure("polygon has " + std::to_string(count) +
                                            " vertices, needs 3 to " +
                                            std::to_string(max_polygon_vertices));
  }
  ConvexPolygon<T> polygon{};
  polygon.count = static_cast<int>(count);
  for (int i = 0; i < polygon.count; ++i)
    polygon.vertices[i] = vertices[i];
  compute_normals(polygon);
  return checked(polygon);
}

template <class T>
Built<ConvexPolygon<T>> make_polygon(const Obb<T>& box) {
  std::string error = validation_error(box);
  if (error.empty() && !(box.half_extents.x > T(0) && box.half_extents.y > T(0))) {
    error = "a box with half extents " + detail::format_point(box.half_extents) +
            " has no area and cannot be a polygon";
  }
  if (!error.empty()) return Built<ConvexPolygon<T>>::failure(std::move(error));
  Vec2<T> c[4];
  corners(box, c);
  return make_polygon(c, 4);
}

template <class T>
Built<ConvexPolygon<T>> make_polygon(const Aabb<T>& box) {
  std::string error = validation_error(box);
  if (!error.empty()) return Built<ConvexPolygon<T>>::failure(std::move(error));
  return make_polygon(Obb<T>{box.center(), box.half_extents(), Rot<T>::identity()});
}

#define COLLIDE2D_INSTANTIATE_BUILDERS(T)                                        \
  template Built<Segment<T>> make_segment(Vec2<T>, Vec2<T>);                     \
  template Built<Ray<T>> make_ray(Vec2<T>, Vec2<T>, T);                          \
  template Built<Circle<T>> make_circle(Vec2<T>, T);                             \
  template Built<Capsule<T>> make_capsule(Vec2<T>, Vec2<T>, T);                  \
  template Built<Aabb<T>> make_aabb(Vec2<T>, Vec2<T>);                           \
  template Built<Aabb<T>> make_aabb_from_rect(T, T, T, T);                       \
  template Built<Obb<T>> make_obb(Vec2<T>, T, T, Rot<T>);                        \
  template Built<Obb<T>> make_obb(Vec2<T>, T, T, T);                             \
  template Built<Obb<T>> make_obb_from_axes(Vec2<T>, Vec2<T>, Vec2<T>, Vec2<T>); \
  template Built<ConvexPolygon<T>> make_polygon(const Vec2<T>*, std::size_t);    \
  template Built<ConvexPolygon<T>> make_polygon(const Obb<T>&);                  \
  template Built<ConvexPolygon<T>> make_polygon(const Aabb<T>&)

COLLIDE2D_INSTANTIATE_BUILDERS(float);
COLLIDE2D_INSTANTIATE_BUILDERS(double);

}  // namespace collide2d
