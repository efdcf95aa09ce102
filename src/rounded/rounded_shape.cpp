// RoundedPolygon's validity, bounding box and builders (collide2d/rounded.hpp). A builder checks
// the radius, builds the core with make_polygon, then lets validation_error decide, so that it
// accepts exactly what is_valid accepts.
#include <cmath>
#include <string>

#include "collide2d/rounded.hpp"
#include "detail/format.hpp"
#include "detail/number_checks.hpp"
#include "detail/shape_checks.hpp"

namespace collide2d {

namespace {

template <class T>
std::string check_radius(T radius) {
  if (detail::is_usable(radius) && radius >= T(0)) return {};
  return "rounded polygon radius is " + detail::format_number(radius) +
         ", must be finite, >= 0 and not subnormal";
}

template <class T>
Built<RoundedPolygon<T>> rounded(const Built<ConvexPolygon<T>>& core, T radius) {
  std::string error = check_radius(radius);
  if (error.empty() && !core) error = core.error();
  if (!error.empty()) return Built<RoundedPolygon<T>>::failure(std::move(error));
  return make_rounded_polygon(core.value(), radius);
}

}  // namespace

template <class T>
std::string detail::validation_message(const RoundedPolygon<T>& shape) {
  const std::string error = check_radius(shape.radius);
  return error.empty() ? validation_message(shape.core) : error;
}

template <class T>
std::string validation_error(const RoundedPolygon<T>& shape) {
  return detail::error_or_empty(shape);
}

template <class T>
Aabb<T> bounding_box(const RoundedPolygon<T>& shape) {
  const Aabb<T> core = bounding_box(shape.core);
  const Vec2<T> r{shape.radius, shape.radius};
  return {core.min - r, core.max + r};
}

template <class T>
Built<RoundedPolygon<T>> make_rounded_polygon(const ConvexPolygon<T>& core, T radius) {
  const RoundedPolygon<T> shape{core, radius};
  std::string error = validation_error(shape);
  if (!error.empty()) return Built<RoundedPolygon<T>>::failure(std::move(error));
  return shape;
}

template <class T>
Built<RoundedPolygon<T>> make_rounded_polygon(const Vec2<T>* points, std::size_t count, T radius) {
  return rounded(make_polygon(points, count), radius);
}

template <class T>
Built<RoundedPolygon<T>> make_rounded_box(Vec2<T> center, T width, T height, Rot<T> rotation,
                                          T radius) {
  const Built<Obb<T>> box = make_obb(center, width, height, rotation);
  if (!box) return rounded(Built<ConvexPolygon<T>>::failure(box.error()), radius);
  return rounded(make_polygon(box.value()), radius);
}

template <class T>
Built<RoundedPolygon<T>> make_rounded_box(Vec2<T> center, T width, T height, T angle_radians,
                                          T radius) {
  if (!std::isfinite(angle_radians)) {
    return Built<RoundedPolygon<T>>::failure("angle is " + detail::format_number(angle_radians) +
                                             ", must be finite");
  }
  return make_rounded_box(center, width, height, Rot<T>::from_angle(angle_radians), radius);
}

#define COLLIDE2D_INSTANTIATE_ROUNDED_SHAPE(T)                                            \
  template std::string validation_error(const RoundedPolygon<T>&);                        \
  template std::string detail::validation_message(const RoundedPolygon<T>&);              \
  template Aabb<T> bounding_box(const RoundedPolygon<T>&);                                \
  template Built<RoundedPolygon<T>> make_rounded_polygon(const ConvexPolygon<T>&, T);     \
  template Built<RoundedPolygon<T>> make_rounded_polygon(const Vec2<T>*, std::size_t, T); \
  template Built<RoundedPolygon<T>> make_rounded_box(Vec2<T>, T, T, Rot<T>, T);           \
  template Built<RoundedPolygon<T>> make_rounded_box(Vec2<T>, T, T, T, T)

COLLIDE2D_INSTANTIATE_ROUNDED_SHAPE(float);
COLLIDE2D_INSTANTIATE_ROUNDED_SHAPE(double);

}  // namespace collide2d
