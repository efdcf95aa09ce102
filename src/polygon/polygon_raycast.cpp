// raycast and raycast_spans on a Polygon (polygon.hpp).
//
// The ray's line meets each edge in a point or, for an edge along it, an interval (line_spans.hpp's
// segment_span, the ConvexPolygon cast's arithmetic). Between two consecutive such parameters the
// line is wholly inside or wholly outside, so the midpoint decides (exact winding number or
// boundary test of the rounded midpoint); the spans are the maximal runs of inside intervals with
// their ends, and the event points with no inside interval beside them (grazed vertices). Then
// each span is clipped to [0, max_t] as for every other shape. O(n) edge tests, the sort of the
// k meeting points ahead of the origin, and one winding number per gap walked (raycast stops at
// the first span).
#include <algorithm>
#include <cmath>
#include <limits>
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

// The parameters t >= 0 where the ray's line meets the boundary, sorted and distinct, each with
// the outward normal of an edge that meets the line there, one facing the ray where there is one:
// where the ray enters the polygon (or grazes a convex vertex) such an edge exists. An edge along
// the line that reaches behind the origin counts from t = 0.
template <class T>
void line_events(const Ray<T>& ray, const LassoIndex<T>& index, std::vector<LineEvent<T>>& events) {
  events.clear();
  const Vec2<double> o = to_double(ray.origin), d = to_double(ray.direction);
  for (int i = 0; i < index.edge_count(); ++i) {
    const Vec2<T> a = index.edge_start(i), b = index.edge_end(i);
    // Both ends certainly on one side of the line: no meeting, without segment_span's work (most
    // edges go here). side() is cross(d, p - o) in double with a bound on its rounding (the
    // difference and the two products each rounded once: 8 eps of the terms covers them).
    const Vec2<double> ra = to_double(a) - o, rb = to_double(b) - o;
    const double sa = cross(d, ra), sb = cross(d, rb);
    constexpr double eps = std::numeric_limits<double>::epsilon();
    const double ea = 8 * eps * (std::abs(d.x * ra.y) + std::abs(d.y * ra.x));
    const double eb = 8 * eps * (std::abs(d.x * rb.y) + std::abs(d.y * rb.x));
    if ((sa > ea && sb > eb) || (sa < -ea && sb < -eb)) continue;
    const LineSpan<T> s = segment_span(ray.origin, ray.direction, a, b);
    if (!(s.t0 <= s.t1) || s.t1 < T(0)) continue;
    const Vec2<T> outward = normalize(Vec2<T>{b.y - a.y, a.x - b.x});
    const int rank = s.t0 != s.t1 ? 2 : dot(outward, ray.direction) < T(0) ? 0 : 1;
    events.push_back({std::max(s.t0, T(0)), outward, rank});
    if (rank == 2) events.push_back({s.t1, outward, rank});
  }
  std::sort(events.begin(), events.end(), [](const LineEvent<T>& a, const LineEvent<T>& b) {
    return a.t < b.t || (a.t == b.t && a.rank < b.rank);
  });
  events.erase(std::unique(events.begin(), events.end(),
                           [](const LineEvent<T>& a, const LineEvent<T>& b) { return a.t == b.t; }),
               events.end());
}

template <class T>
bool inside_between(const Ray<T>& ray, const LassoIndex<T>& index, T t0, T t1) {
  const double t = 0.5 * double(t0) + 0.5 * double(t1);
  const Vec2<double> p = to_double(ray.origin) + t * to_double(ray.direction);
  bool path = false;
  return index.winding_or_path(p, path) != 0 || path;
}

// take(span) for the ray's line spans in the polygon from t = 0 on, in order, until take returns
// false or the spans start beyond max_t. Whether the origin is in the polygon is decided exactly:
// then the first span starts at t = 0. Each gap between events is classified only when reached.
template <class T, class Take>
void polygon_line_spans(const Ray<T>& ray, const LassoIndex<T>& index, Take&& take) {
  thread_local std::vector<LineEvent<T>> events;
  line_events(ray, index, events);
  if (in_polygon(index, ray.origin) && (events.empty() || events[0].t > T(0))) {
    events.insert(events.begin(), LineEvent<T>{T(0), {T(0), T(0)}, 2});
  }
  for (std::size_t k = 0; k < events.size() && events[k].t <= ray.max_t;) {
    std::size_t last = k;
    while (last + 1 < events.size() &&
           inside_between(ray, index, events[last].t, events[last + 1].t)) {
      ++last;
    }
    if (!take(LineSpan<T>{events[k].t, events[last].t, events[k].normal})) return;
    k = last + 1;
  }
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
  polygon_line_spans(ray, polygon.index(), [&](const LineSpan<T>& span) {
    const auto hit = clip_to_ray(ray, span);
    return !hit || take(*hit);
  });
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
