// Private: Andrew's monotone chain (A. M. Andrew, "Another efficient algorithm for convex hulls in
// two dimensions", 1979), shared by make_convex_hull and the enclosing hull of giou.
//
//   the points sorted by x, then y, without duplicates
//   lower hull: for each point left to right, pop while the last two and it do not turn left
//   upper hull: the same right to left
//   the two chains, each without its last point, are the hull, counter-clockwise
//
// "Do not turn left" (cross <= 0) drops collinear points, so every hull vertex is a strict corner.
#pragma once

#include <algorithm>
#include <cstddef>

#include "collide2d/math.hpp"

namespace collide2d::detail {

// Sorts points[0, n) by (x, y) and drops duplicates; returns how many remain.
template <class T>
std::size_t sort_unique_points(Vec2<T>* points, std::size_t n) {
  std::sort(points, points + n,
            [](Vec2<T> a, Vec2<T> b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  return static_cast<std::size_t>(std::unique(points, points + n) - points);
}

// The hull of sorted, distinct points into `hull` (room for 2 n points), counter-clockwise from
// the lowest-leftmost point; returns its vertex count, 0 for fewer than 3 points. Collinear
// points give 2 vertices, the extreme ones.
template <class T>
std::size_t monotone_chain(const Vec2<T>* sorted, std::size_t n, Vec2<T>* hull) {
  if (n < 3) return 0;
  std::size_t k = 0;
  const auto push = [&](Vec2<T> p, std::size_t floor) {
    while (k >= floor + 2 && cross(hull[k - 1] - hull[k - 2], p - hull[k - 1]) <= T(0))
      --k;
    hull[k++] = p;
  };
  for (std::size_t i = 0; i < n; ++i)
    push(sorted[i], 0);
  const std::size_t lower_size = k - 1;
  for (std::size_t i = n - 1; i-- > 0;)
    push(sorted[i], lower_size);
  return k - 1;
}

}  // namespace collide2d::detail
