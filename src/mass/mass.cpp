// mass_properties for every shape (see mass.hpp for the formulas and their sources).
#include <algorithm>
#include <cmath>
#include <string>

#include "collide2d/mass.hpp"
#include "detail/predicates.hpp"
#include "mass/fan_mass.hpp"

namespace collide2d {

namespace {

// A w x h rectangle centred at c: I = m (w^2 + h^2) / 12.
template <class T>
MassProperties<T> rectangle_mass(Vec2<T> c, T w, T h, T density) {
  const T mass = density * w * h;
  return {mass, c, mass * (w * w + h * h) / T(12)};
}

}  // namespace

template <class S>
requires(is_shape_v<S>) MassProperties<scalar_of<S>> mass_properties(const S& shape,
                                                                     scalar_of<S> density) {
  using T = scalar_of<S>;
  detail::check_density(density);
  if constexpr (std::is_same_v<S, Circle<T>>) {
    const T r2 = shape.radius * shape.radius;
    const T mass = density * pi<T> * r2;
    return {mass, shape.center, T(0.5) * mass * r2};
  } else if constexpr (std::is_same_v<S, Capsule<T>>) {
    const T r = shape.radius;
    const T r2 = r * r;
    const T length = collide2d::length(shape.b - shape.a);
    const T h = T(0.5) * length;
    const T disc_mass = density * pi<T> * r2;
    const T body_mass = density * T(2) * r * length;
    const T half_disc_offset = T(4) * r / (T(3) * pi<T>);  // centroid of a half disc, from its side
    const T disc_inertia = disc_mass * (T(0.5) * r2 + h * h + T(2) * h * half_disc_offset);
    const T body_inertia = body_mass * (length * length + T(4) * r2) / T(12);
    return {disc_mass + body_mass, T(0.5) * (shape.a + shape.b), disc_inertia + body_inertia};
  } else if constexpr (std::is_same_v<S, Aabb<T>>) {
    return rectangle_mass(shape.center(), shape.max.x - shape.min.x, shape.max.y - shape.min.y,
                          density);
  } else if constexpr (std::is_same_v<S, Obb<T>>) {
    return rectangle_mass(shape.center, T(2) * shape.half_extents.x, T(2) * shape.half_extents.y,
                          density);
  } else if constexpr (std::is_same_v<S, ConvexPolygon<T>>) {
    return detail::fan_mass(shape.vertices, detail::vertex_count(shape), density);
  } else if constexpr (std::is_same_v<S, Segment<T>>) {
    return {T(0), T(0.5) * (shape.a + shape.b), T(0)};
  } else {
    return {T(0), shape, T(0)};
  }
}

#define COLLIDE2D_INSTANTIATE_MASS(S) \
  template MassProperties<scalar_of<S>> mass_properties<S>(const S& shape, scalar_of<S> density);
#define COLLIDE2D_MASS_FOR(T)            \
  COLLIDE2D_INSTANTIATE_MASS(Vec2<T>)    \
  COLLIDE2D_INSTANTIATE_MASS(Segment<T>) \
  COLLIDE2D_INSTANTIATE_MASS(Circle<T>)  \
  COLLIDE2D_INSTANTIATE_MASS(Capsule<T>) \
  COLLIDE2D_INSTANTIATE_MASS(Aabb<T>)    \
  COLLIDE2D_INSTANTIATE_MASS(Obb<T>)     \
  COLLIDE2D_INSTANTIATE_MASS(ConvexPolygon<T>)
COLLIDE2D_MASS_FOR(float)
COLLIDE2D_MASS_FOR(double)

}  // namespace collide2d
