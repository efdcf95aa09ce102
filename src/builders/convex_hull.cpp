// make_convex_hull: Andrew's monotone chain (A. M. Andrew, "Another efficient algorithm for convex
// hulls in two dimensions", 1979).
//
//   sort the points by x, then y; drop duplicates
//   lower hull: for each point left to right, pop while the last two and it do not turn left
//   upper hull: the same right to left
//   the two chains, each without its last point, are the hull, counter-clockwise
//
// "Do not turn left" (cross <= 0) drops collinear points, so every hull vertex is a strict corner.
#include <algorithm>
#include <string>
#include <vector>

#include "collide2d/builders.hpp"
#include "detail/format.hpp"
#include "detail/number_checks.hpp"

namespace collide2d {

template <class T>
Built<ConvexPolygon<T>> make_convex_hull(const Vec2<T>* points, std::size_t count) {
  using Result = Built<ConvexPolygon<T>>;
  for (std::size_t i = 0; i < count; ++i) {
    const std::string reason = detail::unusable_reason(points[i]);
    if (!reason.empty()) {
      return Result::failure("point " + std::to_string(i) + " " + detail::format_point(points[i]) +
                             reason);
    }
  }
  std::vector<Vec2<T>> sorted(points, points + count);
  std::sort(sorted.begin(), sorted.end(),
            [](Vec2<T> a, Vec2<T> b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());

  std::vector<Vec2<T>> hull;
  if (sorted.size() >= 3) {
    hull.resize(2 * sorted.size());
    std::size_t k = 0;
    const auto push = [&](Vec2<T> p, std::size_t floor) {
      while (k >= floor + 2 && cross(hull[k - 1] - hull[k - 2], p - hull[k - 1]) <= T(0))
        --k;
      hull[k++] = p;
    };
    for (const Vec2<T>& p : sorted)
      push(p, 0);
    const std::size_t lower_size = k - 1;
    for (std::size_t i = sorted.size() - 1; i-- > 0;)
      push(sorted[i], lower_size);
    hull.resize(k - 1);
  }
  if (hull.size() < 3) {
    return Result::failure("the " + std::to_string(count) +
                           " points have fewer than 3 distinct non-collinear points: no area");
  }
  if (hull.size() > std::size_t(max_polygon_vertices)) {
    return Result::failure(
        "the convex hull has " + std::to_string(hull.size()) +
        " vertices, more than max_polygon_vertices = " + std::to_string(max_polygon_vertices));
  }
  return make_polygon(hull.data(), hull.size());
}

template Built<ConvexPolygon<float>> make_convex_hull(const Vec2<float>*, std::size_t);
template Built<ConvexPolygon<double>> make_convex_hull(const Vec2<double>*, std::size_t);

}  // namespace collide2d
