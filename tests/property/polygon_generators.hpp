// tests/property/polygon_generators.hpp - random simple polygons on an integer lattice, for the
// Polygon property tests: distinct lattice points in a random order, untangled by 2-opt moves
// (reverse the path between two edges that meet), kept when the exact reference calls the result
// simple (polygon_reference.hpp), else drawn again. Small lattices make touching edges, shared
// vertices and collinear edges common; the outline's orientation is random (the builder
// reorders a clockwise one).
#pragma once

#include <algorithm>
#include <vector>

#include "collide2d/polygon.hpp"
#include "polygon_reference.hpp"
#include "property_support.hpp"

namespace collide2d::property {

namespace polygon_gen {

struct IPoint {
  long long x, y;
};
// One 2-opt move on the first two non-adjacent edges that meet; false when none do.
inline bool untangle_once(std::vector<IPoint>& v) {
  const std::size_t n = v.size();
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 2; j < n; ++j) {
      if (i == 0 && j == n - 1) continue;
      if (polygon_ref::segments_meet(v[i], v[i + 1], v[j], v[(j + 1) % n])) {
        std::reverse(v.begin() + std::ptrdiff_t(i) + 1, v.begin() + std::ptrdiff_t(j) + 1);
        return true;
      }
    }
  }
  return false;
}

}  // namespace polygon_gen

// A simple outline of min_n to max_n distinct points of the integer lattice [lo, hi]^2.
inline std::vector<polygon_gen::IPoint> random_simple_outline(Random& r, int lo, int hi, int min_n,
                                                              int max_n) {
  using polygon_gen::IPoint;
  for (;;) {
    const int n = r.integer(min_n, max_n);
    std::vector<IPoint> v;
    while (int(v.size()) < n) {
      const IPoint p{r.integer(lo, hi), r.integer(lo, hi)};
      if (std::none_of(v.begin(), v.end(), [&](IPoint q) { return q.x == p.x && q.y == p.y; }))
        v.push_back(p);
    }
    for (int step = 0; step < 40 * n && polygon_gen::untangle_once(v); ++step) {
    }
    if (polygon_ref::is_simple(v)) return v;  // exact: integers
  }
}

// A simple polygon of min_n to max_n vertices with coordinates in [lo, hi] (scaled by `scale`, a
// power of two, so that they stay exact), shifted by `offset`.
template <class T>
Polygon<T> random_lattice_polygon(Random& r, int lo, int hi, int max_n, double scale = 1,
                                  Vec2<double> offset = {0, 0}, int min_n = 3) {
  for (;;) {
    std::vector<Vec2<T>> out;
    for (const auto& p : random_simple_outline(r, lo, hi, min_n, max_n))
      out.push_back({T(double(p.x) * scale + offset.x), T(double(p.y) * scale + offset.y)});
    auto built = make_simple_polygon(out);
    if (!built) {
      ADD_FAILURE() << "the builder refused a simple outline: " << built.error();
      continue;
    }
    return *built;
  }
}

// The same outline at an arbitrary scale and offset, each coordinate rounded to T: rounding can
// make it touch or cross itself, so it is kept only when the exact reference still calls it simple
// (and then the builder must accept it; otherwise refuse it).
template <class T>
Polygon<T> random_rounded_polygon(Random& r, int max_n, double scale, Vec2<double> offset) {
  for (;;) {
    std::vector<Vec2<T>> out;
    std::vector<reference::QPoint> q;
    for (const auto& p : random_simple_outline(r, -4, 4, 3, max_n)) {
      out.push_back({T(double(p.x) * scale + offset.x), T(double(p.y) * scale + offset.y)});
      q.push_back(reference::to_q(out.back()));
    }
    const bool simple = polygon_ref::is_simple(q);
    auto built = make_simple_polygon(out);
    EXPECT_EQ(built.ok(), simple) << built.error();
    if (simple && built) return *built;
  }
}

}  // namespace collide2d::property
