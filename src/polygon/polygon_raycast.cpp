// raycast and raycast_spans on a Polygon (polygon.hpp).
//
// The ray's line meets each edge in a point or, for an edge along it, an interval (line_spans.hpp's
// segment_span, the ConvexPolygon cast's arithmetic). Between two consecutive such parameters the
// line is wholly inside or wholly outside, so the midpoint decides (exact winding number or
// boundary test of the rounded midpoint); the spans are the maximal runs of inside intervals with
// their ends, and the event points with no inside interval beside them (grazed vertices). Then
// each span is clipped to [0, max_t] as for every other shape. O(n log n) for n edges.
#include <algorithm>
#include <vector>

#include "collide2d/polygon.hpp"
#include "polygon/polygon_edges.hpp"
#include "raycast/line_spans.hpp"

namespace collide2d {

namespace detail {
namespace {

template <class T>
struct LineEvent {
  T t;
  Vec2<T> normal;  // the edge's unit outward normal
  int rank;        // 0: the normal faces the ray; 1: it does not; 2: the edge runs along the line
};

// The parameters where the line meets the boundary, sorted and distinct, each with the outward
// normal of an edge that meets the line there, one facing the ray where there is one: where the
// ray enters the polygon (or grazes a convex vertex) such an edge exists.
template <class T>
std::vector<LineEvent<T>> line_events(const Ray<T>& ray, const LassoIndex<T>& index) {
  std::vector<LineEvent<T>> events;
  for (int i = 0; i < index.edge_count(); ++i) {
    const Vec2<T> a = index.edge_start(i), b = index.edge_end(i);
    const LineSpan<T> s = segment_span(ray.origin, ray.direction, a, b);
    if (!(s.t0 <= s.t1)) continue;
    const Vec2<T> outward = normalize(Vec2<T>{b.y - a.y, a.x - b.x});
    const int rank = s.t0 != s.t1 ? 2 : dot(outward, ray.direction) < T(0) ? 0 : 1;
    events.push_back({s.t0, outward, rank});
    if (rank == 2) events.push_back({s.t1, outward, rank});
  }
  std::sort(events.begin(), events.end(), [](const LineEvent<T>& a, const LineEvent<T>& b) {
    return a.t < b.t || (a.t == b.t && a.rank < b.rank);
  });
  events.erase(std::unique(events.begin(), events.end(),
                           [](const LineEvent<T>& a, const LineEvent<T>& b) { return a.t == b.t; }),
               events.end());
  return events;
}

template <class T>
bool inside_between(const Ray<T>& ray, const LassoIndex<T>& index, T t0, T t1) {
  const double t = 0.5 * double(t0) + 0.5 * double(t1);
  const Vec2<double> p = to_double(ray.origin) + t * to_double(ray.direction);
  bool path = false;
  return index.winding_or_path(p, path) != 0 || path;
}

// The line's spans in the polygon, in order.
template <class T>
std::vector<LineSpan<T>> polygon_line_spans(const Ray<T>& ray, const LassoIndex<T>& index) {
  const std::vector<LineEvent<T>> events = line_events(ray, index);
  std::vector<LineSpan<T>> spans;
  for (std::size_t k = 0; k < events.size();) {
    std::size_t last = k;
    while (last + 1 < events.size() &&
           inside_between(ray, index, events[last].t, events[last + 1].t)) {
      ++last;
    }
    spans.push_back({events[k].t, events[last].t, events[k].normal});
    k = last + 1;
  }
  // The origin's side is exact: a rounded span that misses an origin in the polygon is widened
  // to it (or a span of the origin alone added).
  const Vec2<T> o = ray.origin;
  if (in_polygon(index, o) && std::none_of(spans.begin(), spans.end(), [](const LineSpan<T>& s) {
        return s.t0 <= T(0) && T(0) <= s.t1;
      })) {
    const auto after =
        std::find_if(spans.begin(), spans.end(), [](const LineSpan<T>& s) { return s.t0 > T(0); });
    spans.insert(after, LineSpan<T>{T(0), T(0), {T(0), T(0)}});
  }
  return spans;
}

template <class T>
bool ray_usable(const Ray<T>& ray) {
  return is_finite(ray.origin) && is_finite(ray.direction) && !std::isnan(ray.max_t);
}

template <class T, class Take>
void each_hit(const Ray<T>& ray, const Polygon<T>& polygon, Take&& take) {
  if (polygon.empty() || !ray_usable(ray)) return;
  if (ray.direction.x == T(0) && ray.direction.y == T(0)) {
    if (ray.max_t >= T(0) && in_polygon(polygon.index(), ray.origin)) {
      take(RayHit<T>{T(0), T(0), ray.origin, ray.origin, {T(0), T(0)}, true, true});
    }
    return;
  }
  for (const LineSpan<T>& span : polygon_line_spans(ray, polygon.index())) {
    if (span.t0 > ray.max_t) return;
    if (const auto hit = clip_to_ray(ray, span)) {
      if (!take(*hit)) return;
    }
  }
}

}  // namespace
}  // namespace detail

template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Polygon<T>& polygon) {
  std::optional<RayHit<T>> first;
  detail::each_hit(ray, polygon, [&](const RayHit<T>& hit) {
    first = hit;
    return false;
  });
  return first;
}

template <class T>
std::vector<RayHit<T>> raycast_spans(const Ray<T>& ray, const Polygon<T>& polygon) {
  std::vector<RayHit<T>> hits;
  detail::each_hit(ray, polygon, [&](const RayHit<T>& hit) {
    hits.push_back(hit);
    return true;
  });
  return hits;
}

template std::optional<RayHit<float>> raycast(const Ray<float>&, const Polygon<float>&);
template std::optional<RayHit<double>> raycast(const Ray<double>&, const Polygon<double>&);
template std::vector<RayHit<float>> raycast_spans(const Ray<float>&, const Polygon<float>&);
template std::vector<RayHit<double>> raycast_spans(const Ray<double>&, const Polygon<double>&);

}  // namespace collide2d
