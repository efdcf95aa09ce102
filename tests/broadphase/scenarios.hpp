// Seeded random boxes, queries and rays for the broad-phase tests, in the shapes of data that
// break indexes: uniform, clustered, all centred on one point, and huge boxes mixed with tiny ones.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "collide2d/broadphase.hpp"
#include "common/test_env.hpp"

namespace c2b {

using namespace collide2d;

enum class Layout { uniform, clustered, same_centre, huge_and_tiny };

inline const char* layout_name(Layout layout) {
  switch (layout) {
    case Layout::uniform:
      return "uniform";
    case Layout::clustered:
      return "clustered";
    case Layout::same_centre:
      return "same_centre";
    case Layout::huge_and_tiny:
      return "huge_and_tiny";
  }
  return "?";
}

inline constexpr Layout all_layouts[] = {Layout::uniform, Layout::clustered, Layout::same_centre,
                                         Layout::huge_and_tiny};

// The world the boxes live in: [0, world] on both axes (clusters and huge boxes reach outside).
inline constexpr double world = 1000;

using c2test::env_count;

template <class T>
Aabb<T> box_around(double cx, double cy, double hx, double hy) {
  return {{T(cx - hx), T(cy - hy)}, {T(cx + hx), T(cy + hy)}};
}

// One random box of the layout. Sizes scale with the count so that a box meets a few dozen others
// whatever the count: the density the indexes are built for.
template <class T>
class BoxSource {
 public:
  BoxSource(Layout layout, int count, std::uint32_t seed) : layout_(layout), rng_(seed) {
    typical_ = world / std::sqrt(double(std::max(count, 1))) * 2.0;
    // Twenty huge boxes at most: each meets a good part of all the others.
    huge_fraction_ = std::min(0.02, 20.0 / std::max(count, 1));
    std::uniform_real_distribution<double> u(0, world);
    for (int i = 0; i < 8; ++i)
      clusters_.push_back({u(rng_), u(rng_)});
  }

  Aabb<T> next() {
    std::uniform_real_distribution<double> u(0, 1);
    const double hx = typical_ * (0.05 + u(rng_));
    const double hy = typical_ * (0.05 + u(rng_));
    switch (layout_) {
      case Layout::uniform:
        return box_around<T>(world * u(rng_), world * u(rng_), hx, hy);
      case Layout::clustered: {
        const auto& c = clusters_[std::size_t(u(rng_) * 8) % 8];
        std::normal_distribution<double> spread(0, world / 50);
        return box_around<T>(c[0] + spread(rng_), c[1] + spread(rng_), hx, hy);
      }
      case Layout::same_centre:
        return box_around<T>(world / 2, world / 2, hx * 4 * u(rng_), hy * 4 * u(rng_));
      case Layout::huge_and_tiny:
        if (u(rng_) < huge_fraction_) {
          return box_around<T>(world * u(rng_), world * u(rng_), world * u(rng_) / 2,
                               world * u(rng_) / 2);
        }
        return box_around<T>(world * u(rng_), world * u(rng_), hx * 1e-3, hy * 1e-3);
    }
    return {};
  }

  std::vector<Aabb<T>> boxes(int count) {
    std::vector<Aabb<T>> out;
    for (int i = 0; i < count; ++i)
      out.push_back(next());
    return out;
  }

  // Query boxes of every scale, from points to most of the world, so that some queries find
  // nothing and some find many.
  Aabb<T> query() {
    std::uniform_real_distribution<double> u(0, 1);
    const double scale = std::pow(10.0, -4 + 4 * u(rng_)) * world;  // 0.1 .. 1000
    const double cx = -100 + (world + 200) * u(rng_), cy = -100 + (world + 200) * u(rng_);
    if (u(rng_) < 0.1) return box_around<T>(cx, cy, 0, 0);  // a point
    return box_around<T>(cx, cy, scale * u(rng_) / 2, scale * u(rng_) / 2);
  }

  // Rays from anywhere in or around the world, in every direction, some axis-aligned and some
  // limited in length.
  Ray<T> ray() {
    std::uniform_real_distribution<double> u(0, 1);
    const double angle = 2 * 3.141592653589793 * u(rng_);
    Vec2<T> d{T(std::cos(angle)), T(std::sin(angle))};
    const double kind = u(rng_);
    if (kind < 0.15)
      d = {T(1), T(0)};
    else if (kind < 0.3)
      d = {T(0), T(-1)};
    else if (kind < 0.35)
      d = {T(1e-9), T(1)};
    const Vec2<T> origin{T(-200 + 1400 * u(rng_)), T(-200 + 1400 * u(rng_))};
    const T max_t = u(rng_) < 0.5 ? std::numeric_limits<T>::infinity() : T(2000 * u(rng_));
    return {origin, d, max_t};
  }

  std::mt19937& rng() { return rng_; }
  double typical() const { return typical_; }

 private:
  Layout layout_;
  std::mt19937 rng_;
  double typical_;
  double huge_fraction_;
  std::vector<std::array<double, 2>> clusters_;
};

// Sorted copy, for comparing answers as sets.
inline std::vector<int> sorted(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline std::vector<IndexPair> sorted(std::vector<IndexPair> v) {
  std::sort(v.begin(), v.end(), [](IndexPair a, IndexPair b) {
    return a.first != b.first ? a.first < b.first : a.second < b.second;
  });
  return v;
}

// The ray answer as (t, item), with items of equal t sorted, so that tie order does not matter.
template <class T>
std::vector<std::pair<T, int>> canonical(std::vector<std::pair<T, int>> hits) {
  auto begin = hits.begin();
  while (begin != hits.end()) {
    auto end = begin;
    while (end != hits.end() && end->first == begin->first)
      ++end;
    std::sort(begin, end);
    begin = end;
  }
  return hits;
}

template <class T, class Index>
std::vector<std::pair<T, int>> ray_hits(const Index& index, const Ray<T>& ray) {
  std::vector<std::pair<T, int>> hits;
  index.raycast(ray, [&hits](int item, T t) { hits.emplace_back(t, item); });
  return hits;
}

template <class T>
bool in_order(const std::vector<std::pair<T, int>>& hits) {
  for (std::size_t i = 1; i < hits.size(); ++i) {
    if (hits[i].first < hits[i - 1].first) return false;
  }
  return true;
}

}  // namespace c2b
