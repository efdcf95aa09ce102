// mass_properties for every shape (see mass.hpp for the formulas and their sources).
#include <algorithm>
#include <cmath>
#include <string>

#include "collide2d/mass.hpp"
#include "detail/format.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

// A density that is not finite or is negative would give a mass that lies (NaN, or a negative
// mass that flips the sign of every impulse); refused rather than answered.
template <class T>
void check_density(T density) {
  if (std::isfinite(density) && density >= T(0)) return;
  throw InvalidQuery("mass_properties: density is " + detail::format_number(density) +
                     ", must be finite and >= 0");
}

// A w x h rectangle centred at c: I = m (w^2 + h^2) / 12.
template <class T>
MassProperties<T> rectangle_mass(Vec2<T> c, T w, T h, T density) {
  const T mass = density * w * h;
  return {mass, c, mass * (w * w + h * h) / T(12)};
}

// The triangle fan around r (see mass.hpp). Per triangle (r, p, q) with e1 = p - r, e2 = q - r and
// D = cross(e1, e2): area D / 2, first moment (D / 6) (e1 + e2), second moment about r
// (D / 12) (e1.x^2 + e1.x e2.x + e2.x^2 + e1.y^2 + e1.y e2.y + e2.y^2). The fan covers every edge,
// so r need not be a vertex, and the signed areas make it correct for any r; the vertices'
// average is inside a convex polygon, where the terms are smallest.
template <class T>
MassProperties<T> polygon_mass(const ConvexPolygon<T>& polygon, T density) {
  const int n = detail::vertex_count(polygon);
  const Vec2<T>* v = polygon.vertices;
  Vec2<T> r{T(0), T(0)};
  for (int i = 0; i < n; ++i)
    r += v[i];
  if (n > 0) r = (T(1) / static_cast<T>(n)) * r;
  T twice_area = T(0);
  Vec2<T> first{T(0), T(0)};  // sum of D (e1 + e2): 6 times the first moment
  T second = T(0);            // sum of D (...): 12 times the second moment about r
  for (int i = 0; i < n; ++i) {
    const Vec2<T> e1 = v[i] - r;
    const Vec2<T> e2 = v[i + 1 < n ? i + 1 : 0] - r;
    const T d = cross(e1, e2);
    twice_area += d;
    first += d * (e1 + e2);
    second +=
        d * (e1.x * e1.x + e1.x * e2.x + e2.x * e2.x + e1.y * e1.y + e1.y * e2.y + e2.y * e2.y);
  }
  if (!(twice_area > T(0))) return {T(0), r, T(0)};
  const T area = T(0.5) * twice_area;
  const Vec2<T> offset = (T(1) / (T(3) * twice_area)) * first;  // centroid - r
  // Parallel-axis theorem: the moment about the centroid is the moment about r minus
  // area |centroid - r|^2. Rounding must not make a positive moment negative.
  const T moment = std::max(T(0), second / T(12) - area * length_squared(offset));
  return {density * area, r + offset, density * moment};
}

}  // namespace

template <class S>
requires(is_shape_v<S>) MassProperties<scalar_of<S>> mass_properties(const S& shape,
                                                                     scalar_of<S> density) {
  using T = scalar_of<S>;
  check_density(density);
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
    return polygon_mass(shape, density);
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
