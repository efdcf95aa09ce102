// make_simple_polygon and the Polygon's own facts (polygon.hpp).
//
// The checks run in this order, each assuming the ones before passed: vertex count; usable
// coordinates; no two equal vertices (sorted once); not all on one line; no spike (a vertex with
// orientation 0 whose edges fold back); orientation, from the lowest (then leftmost) vertex, which
// is convex in a simple polygon; then the grid index is built on the counter-clockwise order and
// every pair of non-adjacent edges listed in a common cell is tested for a common point, exactly.
// Two edges that meet share a point, and that point's cell lists both, so no crossing is missed.
#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "collide2d/polygon.hpp"
#include "detail/exact_orientation.hpp"
#include "detail/format.hpp"
#include "detail/number_checks.hpp"
#include "polygon/polygon_edges.hpp"
#include "polygon/polygon_triangulate.hpp"
#include "scene/lasso_index.hpp"

namespace collide2d {

namespace {

using detail::format_point;
using detail::orientation_sign;

template <class T>
struct Outline {
  std::span<const Vec2<T>> v;
  std::size_t next(std::size_t i) const { return i + 1 == v.size() ? 0 : i + 1; }
  std::size_t prev(std::size_t i) const { return i == 0 ? v.size() - 1 : i - 1; }
  std::string vertex(std::size_t i) const {
    return "vertex " + std::to_string(i) + " " + format_point(v[i]);
  }
  std::string edge(std::size_t i) const { return "edge " + vertex(i) + " -> " + vertex(next(i)); }
};

template <class T>
std::string coordinate_error(const Outline<T>& o) {
  for (std::size_t i = 0; i < o.v.size(); ++i) {
    std::string reason = detail::unusable_reason(o.v[i]);
    // Exact orientation signs need products of coordinate differences that do not overflow.
    if (reason.empty() &&
        (std::abs(double(o.v[i].x)) > 1e150 || std::abs(double(o.v[i].y)) > 1e150)) {
      reason = " has a coordinate beyond 1e150 in magnitude";
    }
    if (!reason.empty()) return o.vertex(i) + reason;
  }
  return {};
}

template <class T>
std::string duplicate_error(const Outline<T>& o) {
  std::vector<std::size_t> order(o.v.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  auto less = [&](std::size_t i, std::size_t j) {
    const Vec2<T> p = o.v[i], q = o.v[j];
    return p.x < q.x || (p.x == q.x && (p.y < q.y || (p.y == q.y && i < j)));
  };
  std::sort(order.begin(), order.end(), less);
  for (std::size_t k = 0; k + 1 < order.size(); ++k) {
    const Vec2<T> p = o.v[order[k]], q = o.v[order[k + 1]];
    if (p.x == q.x && p.y == q.y) {
      return "vertices " + std::to_string(order[k]) + " and " + std::to_string(order[k + 1]) +
             " are the same point " + format_point(p);
    }
  }
  return {};
}

// No area when every vertex is on one line; else the first spike.
template <class T>
std::string degenerate_error(const Outline<T>& o) {
  bool all_collinear = true;
  for (std::size_t i = 0; i < o.v.size() && all_collinear; ++i)
    all_collinear = orientation_sign(o.v[o.prev(i)], o.v[i], o.v[o.next(i)]) == 0;
  if (all_collinear) {
    return "all " + std::to_string(o.v.size()) +
           " vertices lie on one line: the polygon has no area";
  }
  for (std::size_t i = 0; i < o.v.size(); ++i) {
    const Vec2<T> a = o.v[o.prev(i)], b = o.v[i], c = o.v[o.next(i)];
    const bool folds =
        double(a.x - b.x) * double(c.x - b.x) + double(a.y - b.y) * double(c.y - b.y) > 0;
    if (orientation_sign(a, b, c) == 0 && folds) {
      return o.vertex(i) + " is a spike: its edges from " + o.vertex(o.prev(i)) + " and to " +
             o.vertex(o.next(i)) + " run back along each other";
    }
  }
  return {};
}

// True when the outline runs counter-clockwise: the turn at the lowest (then leftmost) vertex.
template <class T>
bool counter_clockwise(const Outline<T>& o) {
  std::size_t low = 0;
  for (std::size_t i = 1; i < o.v.size(); ++i) {
    if (o.v[i].y < o.v[low].y || (o.v[i].y == o.v[low].y && o.v[i].x < o.v[low].x)) low = i;
  }
  return orientation_sign(o.v[o.prev(low)], o.v[low], o.v[o.next(low)]) > 0;
}

// The first two edges that share a point other than the vertex between adjacent edges; indices
// into the index's (counter-clockwise) order.
template <class T>
std::optional<std::pair<int, int>> first_crossing(const detail::LassoIndex<T>& index) {
  const int n = index.edge_count();
  std::optional<std::pair<int, int>> found;
  detail::for_each_cell_pair(index, [&](int i, int j) {
    if (found || i == j) return;
    if (j == i + 1 || i == j + 1 || (i == 0 && j == n - 1) || (j == 0 && i == n - 1)) return;
    if (detail::closed_segments_meet(index.edge_start(i), index.edge_end(i), index.edge_start(j),
                                     index.edge_end(j))) {
      found = std::pair{std::min(i, j), std::max(i, j)};
    }
  });
  return found;
}

}  // namespace

template <class T>
const std::vector<Vec2<T>>& Polygon<T>::vertices() const {
  static const std::vector<Vec2<T>> none;
  return index_ ? index_->points() : none;
}

template <class T>
Built<Polygon<T>> make_simple_polygon(std::span<const Vec2<T>> vertices) {
  auto fail = [](const std::string& reason) {
    return Built<Polygon<T>>::failure("make_simple_polygon: " + reason);
  };
  if (vertices.size() < 3) {
    return fail("a polygon needs at least 3 vertices, got " + std::to_string(vertices.size()));
  }
  const Outline<T> given{vertices};
  for (auto check : {coordinate_error<T>, duplicate_error<T>, degenerate_error<T>}) {
    const std::string reason = check(given);
    if (!reason.empty()) return fail(reason);
  }
  const bool reversed = !counter_clockwise(given);
  std::vector<Vec2<T>> ccw(vertices.begin(), vertices.end());
  if (reversed) std::reverse(ccw.begin(), ccw.end());
  auto index = std::make_shared<const detail::LassoIndex<T>>(std::move(ccw), false);
  if (const auto crossing = first_crossing(*index)) {
    // Back to the indices as given: reversed edge k runs from given vertex n-1-k to n-2-k.
    const std::size_t n = vertices.size();
    auto given_edge = [&](int k) {
      return reversed ? (2 * n - 2 - std::size_t(k)) % n : std::size_t(k);
    };
    std::size_t e1 = given_edge(crossing->first), e2 = given_edge(crossing->second);
    if (e1 > e2) std::swap(e1, e2);
    return fail(given.edge(e1) + " and " + given.edge(e2) + " cross or touch");
  }
  Polygon<T> polygon;
  polygon.index_ = std::move(index);
  polygon.triangles_ = detail::make_polygon_triangles();
  return polygon;
}

template <class T>
std::string validation_error(const Polygon<T>& polygon) {
  if (polygon.empty())
    return "an empty polygon (default-constructed): build it with make_simple_polygon";
  return {};
}

template <class T>
Aabb<T> bounding_box(const Polygon<T>& polygon) {
  if (polygon.empty()) {
    constexpr T inf = std::numeric_limits<T>::infinity();
    return {{inf, inf}, {-inf, -inf}};
  }
  const auto& index = polygon.index();
  return {{index.min_x(), index.min_y()}, {index.max_x(), index.max_y()}};
}

// The shoelace sum, each product split exactly into its rounded value and its error (std::fma),
// summed exactly (ExactSum) and rounded once: the area of a thin sliver is not lost to the
// cancellation of the large terms around it (fuzz_simple_polygon found a triangle 1.9e-32 high
// whose area the sum in double gave as 0). So the area of a built polygon is > 0 wherever no
// product of two coordinates underflows.
template <class T>
T area(const Polygon<T>& polygon) {
  const auto& v = polygon.vertices();
  if (v.size() < 3) return T(0);
  detail::ExactSum twice;
  const auto add_product = [&twice](double a, double b) {
    const double product = a * b;
    twice.add(product);
    twice.add(std::fma(a, b, -product));
  };
  for (std::size_t i = 0; i < v.size(); ++i) {
    const Vec2<T> p = v[i], q = v[i + 1 == v.size() ? 0 : i + 1];
    add_product(double(p.x), double(q.y));
    add_product(-double(q.x), double(p.y));
  }
  return T(0.5 * twice.value());
}

template class Polygon<float>;
template class Polygon<double>;
template Built<Polygon<float>> make_simple_polygon(std::span<const Vec2<float>>);
template Built<Polygon<double>> make_simple_polygon(std::span<const Vec2<double>>);
template std::string validation_error(const Polygon<float>&);
template std::string validation_error(const Polygon<double>&);
template Aabb<float> bounding_box(const Polygon<float>&);
template Aabb<double> bounding_box(const Polygon<double>&);
template float area(const Polygon<float>&);
template double area(const Polygon<double>&);

}  // namespace collide2d
