// make_convex_hull: the monotone chain of detail/monotone_chain.hpp on the checked points.
#include <algorithm>
#include <string>
#include <vector>

#include "collide2d/builders.hpp"
#include "detail/format.hpp"
#include "detail/monotone_chain.hpp"
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
  sorted.resize(detail::sort_unique_points(sorted.data(), sorted.size()));
  std::vector<Vec2<T>> hull(2 * sorted.size());
  hull.resize(detail::monotone_chain(sorted.data(), sorted.size(), hull.data()));
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
