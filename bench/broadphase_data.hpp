// Seeded data of the broad-phase benchmarks (broadphase_bench.cpp), shared with the programs that
// count their instructions (lasso_instructions.cpp), so that both run on the same shapes.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "collide2d/collide2d.hpp"

namespace broadphase_data {

using collide2d::Aabb;
using collide2d::Obb;
using collide2d::Rot;
using collide2d::Vec2;

constexpr float world = 1000;
constexpr int big_count = 1000000;
constexpr int region_count = 64;

// `count` rotated boxes, centres uniform in the world, half extents uniform in [0.5, 8], angles
// uniform.
inline std::vector<Obb<float>> make_boxes(int count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> centre(0, world), half(0.5f, 8.0f),
      angle(0, 2 * collide2d::pi<float>);
  std::vector<Obb<float>> boxes;
  boxes.reserve(std::size_t(count));
  for (int i = 0; i < count; ++i) {
    const Vec2<float> c{centre(rng), centre(rng)};
    const Vec2<float> h{half(rng), half(rng)};
    boxes.push_back({c, h, Rot<float>::from_angle(angle(rng))});
  }
  return boxes;
}

// The selection regions: region_count squares of `fraction` of the world's area, turned by a
// random angle or axis-aligned, placed so that they lie in the world.
inline std::vector<Obb<float>> make_squares(double fraction, bool rotated, std::uint32_t seed) {
  std::mt19937 rng(seed);
  const float side = float(std::sqrt(fraction) * double(world));
  std::uniform_real_distribution<float> angle(0, 2 * collide2d::pi<float>);
  std::vector<Obb<float>> squares;
  for (int i = 0; i < region_count; ++i) {
    const Rot<float> q = rotated ? Rot<float>::from_angle(angle(rng)) : Rot<float>::identity();
    const Obb<float> obb{{0, 0}, {side / 2, side / 2}, q};
    const Aabb<float> extent = bounding_box(obb);
    std::uniform_real_distribution<float> x(-extent.min.x, world - extent.max.x);
    const Vec2<float> c{x(rng), x(rng)};
    squares.push_back({c, obb.half_extents, q});
  }
  return squares;
}

// A freehand-like closed path of `points` points around the box's centre: a wobbly circle
// (radius varying by a fifth over five lobes, plus seeded jitter), scaled so that its area (by the
// shoelace formula) is the box's.
inline std::vector<Vec2<float>> make_lasso_path(const Aabb<float>& box, int points,
                                                std::mt19937& rng) {
  std::uniform_real_distribution<double> jitter(-0.03, 0.03);
  std::vector<Vec2<double>> unit;
  for (int k = 0; k < points; ++k) {
    const double a = 2 * collide2d::pi<double> * k / points;
    const double radius = 1 + 0.2 * std::sin(5 * a) + jitter(rng);
    unit.push_back({radius * std::cos(a), radius * std::sin(a)});
  }
  double area = 0;
  for (std::size_t k = 0; k < unit.size(); ++k)
    area += cross(unit[k], unit[(k + 1) % unit.size()]) / 2;
  const Vec2<float> size = box.max - box.min;
  const double scale = std::sqrt(double(size.x) * double(size.y) / area);
  const Vec2<float> c = box.center();
  std::vector<Vec2<float>> path;
  for (const Vec2<double>& p : unit)
    path.push_back({c.x + float(scale * p.x), c.y + float(scale * p.y)});
  return path;
}

}  // namespace broadphase_data
