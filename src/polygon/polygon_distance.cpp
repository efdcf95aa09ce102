// distance between a Polygon and every shape, and between two polygons (polygon.hpp).
//
// Overlapping shapes are 0 apart, with a common point as the witness: the meeting point of an edge
// and the other shape (the edge's distance to it, which is 0 there), else a point of the shape
// lying inside the other. Apart, the closest points lie on the boundaries, so the answer is the
// least distance(edge, S) over the edges (edge pairs for two polygons); an edge whose box is
// already at least the best distance from S's box is skipped. O(n) distance calls at most (O(nm)
// for two polygons); in practice the pruning leaves the edges near S.
#include <cmath>
#include <limits>

#include "collide2d/distance.hpp"
#include "collide2d/polygon.hpp"
#include "polygon/polygon_edges.hpp"
#include "polygon/polygon_instantiate.hpp"

namespace collide2d {

namespace detail {
namespace {

// The squared distance between two boxes (0 when they overlap), in double.
inline double box_gap_squared(const WideBox& a, const WideBox& b) {
  const double dx = std::max({0.0, a.lo.x - b.hi.x, b.lo.x - a.hi.x});
  const double dy = std::max({0.0, a.lo.y - b.hi.y, b.lo.y - a.hi.y});
  return dx * dx + dy * dy;
}
// The best distance so far is no more than the boxes' gap: nothing in them can do better.
template <class T>
bool no_better(const DistanceResult<T>& best, const WideBox& a, const WideBox& b) {
  const double d = double(best.distance);
  return d * d <= box_gap_squared(a, b);
}

template <class T>
DistanceResult<T> touching_at(Vec2<T> p) {
  return {T(0), p, p};
}

template <class T>
DistanceResult<T> nowhere() {
  const T inf = std::numeric_limits<T>::infinity();
  return {inf, {T(0), T(0)}, {T(0), T(0)}};
}

// The least distance from the polygon's edges to S (by f(edge) -> DistanceResult), edges farther
// by their boxes than the best so far skipped. The two edges at the vertex nearest `anchor`, a
// point of S, go first: they are within that vertex's distance of S, a bound that prunes most
// others.
template <class T, class Distance>
DistanceResult<T> least_over_edges(const LassoIndex<T>& index, const WideBox& box, Vec2<T> anchor,
                                   Distance&& f) {
  DistanceResult<T> best = nowhere<T>();
  auto visit = [&](int i) {
    const LassoEdge& e = index.edge(i);
    if (no_better(best, WideBox{{e.x0, e.y0}, {e.x1, e.y1}}, box)) return;
    const DistanceResult<T> r = f(edge_segment(index, i));
    if (r.distance < best.distance) best = r;
  };
  const int n = index.edge_count();
  int nearest = 0;
  double least = std::numeric_limits<double>::infinity();
  const Vec2<double> q = to_double(anchor);
  for (int i = 0; i < n; ++i) {
    const double d = length_squared(to_double(index.edge_start(i)) - q);
    if (d < least) least = d, nearest = i;
  }
  visit(nearest);
  visit(nearest == 0 ? n - 1 : nearest - 1);
  for (int i = 0; i < n; ++i)
    visit(i);
  return best;
}

}  // namespace
}  // namespace detail

template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>)
    DistanceResult<T> distance(const Polygon<T>& a, const S& b) {
  if (a.empty()) return detail::nowhere<T>();
  const auto& index = a.index();
  const detail::WideBox box = detail::widened(bounding_box(b));
  if (overlaps(a, b)) {
    std::optional<Vec2<T>> meeting;
    detail::any_edge_near(index, box, [&](int i) {
      const Segment<T> e = detail::edge_segment(index, i);
      if (!detail::edge_meets(e, b)) return false;
      meeting = distance(e, b).point_a;
      return true;
    });
    if (meeting) return detail::touching_at(*meeting);
    const Vec2<T> q = detail::any_point(b);
    return detail::touching_at(detail::in_polygon(index, q) ? q : a.vertices()[0]);
  }
  return detail::least_over_edges(index, box, detail::any_point(b),
                                  [&](const Segment<T>& e) { return distance(e, b); });
}

template <class T>
DistanceResult<T> distance(const Polygon<T>& a, const Polygon<T>& b) {
  if (a.empty() || b.empty()) return detail::nowhere<T>();
  if (overlaps(a, b)) {
    // A meeting point of two edges, else a vertex of the one inside the other.
    std::optional<Vec2<T>> meeting;
    const auto& ia = a.index();
    detail::any_edge_near(ia, detail::widened(bounding_box(b)), [&](int i) {
      const Segment<T> e = detail::edge_segment(ia, i);
      return detail::any_edge_near(b.index(), detail::widened(bounding_box(e)), [&](int j) {
        const Segment<T> f = detail::edge_segment(b.index(), j);
        if (!detail::closed_segments_meet(e.a, e.b, f.a, f.b)) return false;
        meeting = distance(e, f).point_a;
        return true;
      });
    });
    if (meeting) return detail::touching_at(*meeting);
    const Vec2<T> q = b.vertices()[0];
    return detail::touching_at(detail::in_polygon(ia, q) ? q : a.vertices()[0]);
  }
  // Each edge of A against B's edges, both pruned by their boxes.
  const detail::WideBox box_b = detail::widened(bounding_box(b));
  DistanceResult<T> best = detail::nowhere<T>();
  for (int i = 0; i < a.index().edge_count(); ++i) {
    const Segment<T> e = detail::edge_segment(a.index(), i);
    const detail::WideBox box_e = detail::widened(bounding_box(e));
    if (detail::no_better(best, box_e, box_b)) continue;
    const DistanceResult<T> r = detail::least_over_edges(
        b.index(), box_e, e.a, [&](const Segment<T>& f) { return distance(e, f); });
    if (r.distance < best.distance) best = r;
  }
  return best;
}

#define COLLIDE2D_POLYGON_DISTANCE(S)                                                   \
  template DistanceResult<float> distance<float, S<float>>(const Polygon<float>& a,     \
                                                           const S<float>& b);          \
  template DistanceResult<double> distance<double, S<double>>(const Polygon<double>& a, \
                                                              const S<double>& b);
COLLIDE2D_FOR_EACH_VARIANT_SHAPE(COLLIDE2D_POLYGON_DISTANCE)
template DistanceResult<float> distance<float>(const Polygon<float>& a, const Polygon<float>& b);
template DistanceResult<double> distance<double>(const Polygon<double>& a,
                                                 const Polygon<double>& b);

}  // namespace collide2d
