// Seeded data and conversions shared by the benchmarks (narrow_phase_bench.cpp, batch_bench.cpp).
#pragma once

#include <box2d/b2_collision.h>

#include <random>
#include <vector>

#include "collide2d/builders.hpp"
#include "collide2d/shapes.hpp"

namespace bench_data {

using collide2d::ConvexPolygon;
using collide2d::Ray;
using collide2d::Vec2;

// The convex hull of 8 random points within `reach` of c (per coordinate).
inline ConvexPolygon<float> random_polygon_around(std::mt19937& rng, Vec2<float> c, float reach) {
  std::uniform_real_distribution<float> offset(-reach, reach);
  for (;;) {
    std::vector<Vec2<float>> points;
    for (int i = 0; i < 8; ++i)
      points.push_back(c + Vec2<float>{offset(rng), offset(rng)});
    if (auto hull = collide2d::make_convex_hull(points)) return hull.value();
  }
}

// Box2D's form of a ray: the segment p1 p2 = origin + direction, up to maxFraction = max_t.
inline b2RayCastInput to_box2d(const Ray<float>& ray) {
  b2RayCastInput input;
  input.p1.Set(ray.origin.x, ray.origin.y);
  input.p2.Set(ray.origin.x + ray.direction.x, ray.origin.y + ray.direction.y);
  input.maxFraction = ray.max_t;
  return input;
}

}  // namespace bench_data
