// Seeded shapes for the batch tests: ordinary random values, small integer grids with exact
// quarter turns (where touching is common and exact), and adversarial fields (NaN, infinities,
// signed zeros, subnormals, the extremes), mixed field by field.
#pragma once

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "collide2d/shapes.hpp"

namespace collide2d::batch_test {

template <class T>
class Values {
 public:
  explicit Values(std::uint64_t seed) : engine_(seed) {}

  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(engine_) < p; }
  std::uint32_t below(std::uint32_t n) {
    return std::uniform_int_distribution<std::uint32_t>(0, n - 1)(engine_);
  }
  T uniform(double lo, double hi) {
    return static_cast<T>(std::uniform_real_distribution<double>(lo, hi)(engine_));
  }
  T grid(int lo, int hi) {
    return static_cast<T>(std::uniform_int_distribution<int>(lo, hi)(engine_));
  }

  T special() {
    using limits = std::numeric_limits<T>;
    const T values[] = {T(0),
                        -T(0),
                        T(1),
                        T(-1),
                        T(0.5),
                        T(2),
                        limits::denorm_min(),
                        -limits::denorm_min(),
                        limits::min(),
                        -limits::min(),
                        limits::min() / T(3),
                        limits::max(),
                        limits::lowest(),
                        limits::infinity(),
                        -limits::infinity(),
                        limits::quiet_NaN(),
                        -limits::quiet_NaN(),
                        limits::epsilon()};
    return values[below(sizeof(values) / sizeof(values[0]))];
  }

  // One field: mostly an ordinary value (a coordinate, or an extent when `positive`), sometimes
  // a special one, so that each special meets every path of the kernels.
  T field(bool positive, double scale) {
    if (chance(0.04)) return special();
    if (positive) return uniform(0.0, scale);
    return uniform(-scale, scale);
  }

  Rot<T> rotation() {
    const double mode = std::uniform_real_distribution<double>(0, 1)(engine_);
    if (mode < 0.3) {  // exact quarter turns, with both signs of zero
      const T z = chance(0.5) ? T(0) : -T(0);
      const Rot<T> turns[] = {{T(1), z}, {z, T(1)}, {T(-1), z}, {z, T(-1)}};
      return turns[below(4)];
    }
    if (mode < 0.9) return Rot<T>::from_angle(uniform(-4, 4));
    return {field(false, 1.5), field(false, 1.5)};
  }

  // Mode 0: random; mode 1: integer grid with quarter turns (touching common and exact).
  Obb<T> obb(bool on_grid) {
    if (on_grid) {
      const T z = chance(0.5) ? T(0) : -T(0);
      const Rot<T> turns[] = {{T(1), z}, {z, T(1)}, {T(-1), z}, {z, T(-1)}};
      return {{grid(-4, 4), grid(-4, 4)}, {grid(0, 3), grid(0, 3)}, turns[below(4)]};
    }
    return {{field(false, 8), field(false, 8)}, {field(true, 4), field(true, 4)}, rotation()};
  }
  Circle<T> circle(bool on_grid) {
    if (on_grid) return {{grid(-4, 4), grid(-4, 4)}, grid(0, 3)};
    return {{field(false, 8), field(false, 8)}, field(true, 3)};
  }
  Aabb<T> aabb(bool on_grid) {
    if (on_grid) {
      const T x = grid(-4, 4);
      const T y = grid(-4, 4);
      return {{x, y}, {x + grid(0, 3), y + grid(0, 3)}};
    }
    const T x = field(false, 8);
    const T y = field(false, 8);
    return {{x, y}, {x + field(true, 6), y + field(true, 6)}};
  }
  Ray<T> ray(bool on_grid) {
    if (on_grid) {
      const T dx[] = {T(0), T(1), T(-1), T(2), -T(0)};
      return {{grid(-6, 6), grid(-6, 6)},
              {dx[below(5)], dx[below(5)]},
              chance(0.5) ? std::numeric_limits<T>::infinity() : grid(0, 8)};
    }
    return {{field(false, 10), field(false, 10)},
            {field(false, 2), field(false, 2)},
            chance(0.5) ? std::numeric_limits<T>::infinity() : field(true, 20)};
  }

  // A shape that equals `s` in some fields: the canonical order of Obb pairs compares bytes field
  // by field, so ties in the first fields must be exercised too.
  Obb<T> near_copy(const Obb<T>& s) {
    Obb<T> copy = s;
    T* fields[] = {&copy.center.x,       &copy.center.y,   &copy.half_extents.x,
                   &copy.half_extents.y, &copy.rotation.c, &copy.rotation.s};
    const std::uint32_t from = below(7);
    for (std::uint32_t f = from; f < 6; ++f) {
      if (chance(0.5)) *fields[f] = chance(0.3) ? -*fields[f] : field(false, 4);
    }
    return copy;
  }

 private:
  std::mt19937_64 engine_;
};

}  // namespace collide2d::batch_test
