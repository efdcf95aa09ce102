// The rounded polygon (collide2d/rounded.hpp) in fuzz_queries: every query on a RoundedPolygon
// against any shape, both orders, on any input (no crash, no undefined behaviour, no hang), and on
// valid shapes of moderate size the answers agree with each other outside the tolerance band, as
// fuzz_queries checks for the other shapes; radius 0 answers as the polygon core.
#pragma once

#include <algorithm>
#include <type_traits>

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
  (void)overlaps_interior(b, a);
  if constexpr (is_area_query_shape_v<B> || std::is_same_v<B, RoundedPolygon<T>>) {
    (void)intersection_area(b, a);
    (void)iou(b, a);
  }
  try {
    (void)mass_properties(a, density);
    COLLIDE2D_FUZZ_CHECK(density >= T(0) && density < std::numeric_limits<T>::infinity());
  } catch (const InvalidQuery&) {
    COLLIDE2D_FUZZ_CHECK(!(density >= T(0) && density < std::numeric_limits<T>::infinity()));
  }
}

// The largest |coordinate| a shape reaches (fuzz_input.hpp's magnitude, or a rounded polygon's
// bounding box).
template <class T, class B>
T scale_of(const B& b) {
  if constexpr (std::is_same_v<B, RoundedPolygon<T>>) {
    const Aabb<T> box = bounding_box(b);
    return std::max(
        {std::abs(box.min.x), std::abs(box.min.y), std::abs(box.max.x), std::abs(box.max.y)});
  } else {
    return magnitude(Shape<T>{b});
  }
}

// The area queries (area.hpp, interior.hpp) on valid shapes in range: symmetric to the bit,
// interiors that meet overlapping outside the band `tol`, the shared area within [0, the smaller
// area] up to the bound area.hpp states for rounded pairs (2 eps L (P_a + P_b), taken here with L
// and P at most 4 scale), iou in [0, 1], and no area (up to that bound) where the interiors do
// not meet.
template <class T, class B>
void check_rounded_area(const RoundedPolygon<T>& a, const B& b, T scale, T tol) {
  const bool interiors = overlaps_interior(a, b);
  COLLIDE2D_FUZZ_CHECK(interiors == overlaps_interior(b, a));
  // Interiors that meet overlap, up to the band where rounding decides both (a gap below the
  // coordinates' ulps; the queries' arithmetic differs).
  if (interiors) COLLIDE2D_FUZZ_CHECK(overlaps(a, b) || distance(a, b).distance <= tol);
  if constexpr (is_area_query_shape_v<B> || std::is_same_v<B, RoundedPolygon<T>>) {
    const T shared = intersection_area(a, b);
    const T ratio = iou(a, b);
    COLLIDE2D_FUZZ_CHECK(shared == intersection_area(b, a));
    COLLIDE2D_FUZZ_CHECK(ratio == iou(b, a));
    const T slack = T(64) * std::numeric_limits<T>::epsilon() * std::max(T(1), scale * scale);
    COLLIDE2D_FUZZ_CHECK(shared >= T(0));
    COLLIDE2D_FUZZ_CHECK(shared <= std::min(area(a), area(b)) + slack);
    COLLIDE2D_FUZZ_CHECK(!(ratio < T(0)) && !(ratio > T(1) + T(1e-3)));
    if (!interiors) COLLIDE2D_FUZZ_CHECK(shared <= slack);
  }
}

template <class T, class B>
void check_rounded(const RoundedPolygon<T>& a, const B& b, const Ray<T>& ray, Vec2<T> motion_a,
                   Vec2<T> motion_b, T density) {
  const bool overlap = overlaps(a, b);
  COLLIDE2D_FUZZ_CHECK(overlap == overlaps(b, a));
  const RoundedPolygon<T> bare{a.core, T(0)};
  // (With a rounded B and an invalid shape the two calls take different paths, each with a
  // defined answer: the rule holds for valid input.)
  if (!std::is_same_v<B, RoundedPolygon<T>> || (is_valid(a) && is_valid(b))) {
    COLLIDE2D_FUZZ_CHECK(overlaps(bare, b) == overlaps(a.core, b));
  }
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
  const T scale = std::max({scale_of<T>(b), std::abs(box.min.x), std::abs(box.min.y),
                            std::abs(box.max.x), std::abs(box.max.y)});
  if (!(scale < T(1e4))) return;
  const T tol = rounded_band(scale);
  COLLIDE2D_FUZZ_CHECK(d.distance >= T(0));
  if (overlap) COLLIDE2D_FUZZ_CHECK(d.distance <= tol);
  if (!overlap) COLLIDE2D_FUZZ_CHECK(!pen || pen->depth <= tol);
  if (pen) COLLIDE2D_FUZZ_CHECK(std::abs(length(pen->normal) - T(1)) <= T(1e-3));
  if (contains(a, b)) COLLIDE2D_FUZZ_CHECK(overlap || d.distance <= tol);
  if (contains_strictly(a, b)) COLLIDE2D_FUZZ_CHECK(contains(a, b));
  check_rounded_area(a, b, scale, tol);
}

}  // namespace collide2d::fuzz
