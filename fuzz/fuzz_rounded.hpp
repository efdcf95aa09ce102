// The rounded polygon (collide2d/rounded.hpp) in fuzz_queries: every query on a RoundedPolygon
// against any shape, both orders, on any input (no crash, no undefined behaviour, no hang), and on
// valid shapes of moderate size the answers agree with each other outside the tolerance band, as
// fuzz_queries checks for the other shapes; radius 0 answers as the polygon core.
#pragma once

#include <algorithm>

#include "fuzz_input.hpp"

namespace collide2d::fuzz {

// The band of fuzz_queries.cpp's checks.
template <class T>
T rounded_band(T scale) {
  return T(640) * std::numeric_limits<T>::epsilon() * std::max(T(1), scale);
}

// Every query both ways: a defined answer whatever the bits.
template <class T, class B>
void run_rounded_queries(const RoundedPolygon<T>& a, const B& b, const Ray<T>& ray,
                         Vec2<T> motion_a, Vec2<T> motion_b, T density) {
  (void)distance(b, a);
  (void)penetration(b, a);
  (void)collide(b, a);
  (void)collide(a, b, CollideOptions<T>{T(0.25)});
  (void)contains(a, b);
  (void)contains_strictly(a, b);
  (void)contains(b, a);
  (void)contains_strictly(b, a);
  (void)shape_cast(b, motion_b, a, motion_a);
  (void)raycast_lean(ray, a);
  (void)area(a);
  try {
    (void)mass_properties(a, density);
    COLLIDE2D_FUZZ_CHECK(density >= T(0) && density < std::numeric_limits<T>::infinity());
  } catch (const InvalidQuery&) {
    COLLIDE2D_FUZZ_CHECK(!(density >= T(0) && density < std::numeric_limits<T>::infinity()));
  }
}

template <class T, class B>
void check_rounded(const RoundedPolygon<T>& a, const B& b, const Ray<T>& ray, Vec2<T> motion_a,
                   Vec2<T> motion_b, T density) {
  const bool overlap = overlaps(a, b);
  COLLIDE2D_FUZZ_CHECK(overlap == overlaps(b, a));
  const RoundedPolygon<T> bare{a.core, T(0)};
  COLLIDE2D_FUZZ_CHECK(overlaps(bare, b) == overlaps(a.core, b));
  const DistanceResult<T> d = distance(a, b);
  const auto pen = penetration(a, b);
  const Manifold<T> manifold = collide(a, b);
  const auto cast = shape_cast(a, motion_a, b, motion_b);
  const auto hit = raycast(ray, a);
  run_rounded_queries(a, b, ray, motion_a, motion_b, density);
  if (hit) COLLIDE2D_FUZZ_CHECK(hit->t_enter <= hit->t_exit && hit->t_enter >= T(0));
  if (cast) COLLIDE2D_FUZZ_CHECK(cast->t >= T(0) && cast->t <= T(1) && cast->iterations <= 64);
  COLLIDE2D_FUZZ_CHECK((manifold.point_count > 0) == pen.has_value());
  // Cross-checks need valid shapes whose squares cannot overflow.
  if (!is_valid(a) || !is_valid(b)) return;
  const Aabb<T> box = bounding_box(a);
  const T scale = std::max({magnitude(Shape<T>{b}), std::abs(box.min.x), std::abs(box.min.y),
                            std::abs(box.max.x), std::abs(box.max.y)});
  if (!(scale < T(1e4))) return;
  const T tol = rounded_band(scale);
  COLLIDE2D_FUZZ_CHECK(d.distance >= T(0));
  if (overlap) COLLIDE2D_FUZZ_CHECK(d.distance <= tol);
  if (!overlap) COLLIDE2D_FUZZ_CHECK(!pen || pen->depth <= tol);
  if (pen) COLLIDE2D_FUZZ_CHECK(std::abs(length(pen->normal) - T(1)) <= T(1e-3));
  if (contains(a, b)) COLLIDE2D_FUZZ_CHECK(overlap || d.distance <= tol);
  if (contains_strictly(a, b)) COLLIDE2D_FUZZ_CHECK(contains(a, b));
}

}  // namespace collide2d::fuzz
