// Private: what every polygon's mass properties share (mass.cpp's ConvexPolygon, polygon.hpp's
// Polygon): the density check, and the triangle fan (formulas and accuracy in mass.hpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <string>

#include "collide2d/errors.hpp"
#include "collide2d/mass.hpp"
#include "detail/format.hpp"

namespace collide2d::detail {

// A density that is not finite or is negative would give a mass that lies (NaN, or a negative
// mass that flips the sign of every impulse); refused rather than answered.
template <class T>
void check_density(T density) {
  if (std::isfinite(density) && density >= T(0)) return;
  throw InvalidQuery("mass_properties: density is " + detail::format_number(density) +
                     ", must be finite and >= 0");
}

// The triangle fan around r, the vertices' average (see mass.hpp), over the n vertices v[0..n),
// counter-clockwise. Per triangle (r, p, q) with e1 = p - r, e2 = q - r and D = cross(e1, e2):
// area D / 2, first moment (D / 6) (e1 + e2), second moment about r
// (D / 12) (e1.x^2 + e1.x e2.x + e2.x^2 + e1.y^2 + e1.y e2.y + e2.y^2). The fan covers every edge
// with signed areas, so it is right for any r and any simple polygon, convex or not (Green's
// theorem); the vertices' average is inside a convex polygon, where the terms are smallest, and
// near a concave one.
template <class T>
MassProperties<T> fan_mass(const Vec2<T>* v, int n, T density) {
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
  // centroid - r, divided rather than multiplied by a reciprocal: for a valid sliver whose
  // twice_area is subnormal (a float triangle 1e-43 wide) the reciprocal overflows, and
  // infinity times a zero moment is NaN, where the quotient stays finite.
  const T denominator = T(3) * twice_area;
  const Vec2<T> offset{first.x / denominator, first.y / denominator};
  // Parallel-axis theorem: the moment about the centroid is the moment about r minus
  // area |centroid - r|^2. Rounding must not make a positive moment negative.
  const T moment = std::max(T(0), second / T(12) - area * length_squared(offset));
  return {density * area, r + offset, density * moment};
}

}  // namespace collide2d::detail
