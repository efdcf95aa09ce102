// Private: exact pieces shared by the Lasso's region test (scene/lasso_region.hpp) and the
// Polygon queries (polygon.hpp): points of a shape, and whether a segment lies in the region a
// closed path bounds (nonzero winding), sampled exactly along its length. Scene-independent.
#pragma once

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "collide2d/shapes.hpp"
#include "detail/exact_orientation.hpp"
#include "detail/predicates.hpp"
#include "scene/lasso_index.hpp"

namespace collide2d::detail {

template <class T>
Vec2<double> to_double(Vec2<T> p) {
  return {double(p.x), double(p.y)};
}

// A point of the shape, exactly.
template <class T>
Vec2<T> any_point(const Point<T>& s) {
  return s;
}
template <class T>
Vec2<T> any_point(const Segment<T>& s) {
  return s.a;
}
template <class T>
Vec2<T> any_point(const Circle<T>& s) {
  return s.center;
}
template <class T>
Vec2<T> any_point(const Capsule<T>& s) {
  return s.a;
}
template <class T>
Vec2<T> any_point(const Aabb<T>& s) {
  return s.min;
}
template <class T>
Vec2<T> any_point(const Obb<T>& s) {
  return s.center;
}
template <class T>
Vec2<T> any_point(const ConvexPolygon<T>& s) {
  return s.vertices[0];
}
template <class T>
Vec2<T> any_point(const RoundedPolygon<T>& s) {
  return s.core.vertices[0];
}

// Points of S (with an interior), interior ones first: when no edge of a path enters int(S), the
// winding number at the first of them off the path is that of int(S) (a point of S's closure off
// the path lies in the same face as int(S)). At most max_polygon_vertices + 1 of them.
template <class T>
int interior_candidates(const Circle<T>& s, Vec2<double>* out) {
  return out[0] = to_double(s.center), 1;
}
template <class T>
int interior_candidates(const Capsule<T>& s, Vec2<double>* out) {
  return out[0] = to_double(s.a), 1;
}
template <class T>
int interior_candidates(const Obb<T>& s, Vec2<double>* out) {
  return out[0] = to_double(s.center), 1;
}
template <class T>
int interior_candidates(const Aabb<T>& s, Vec2<double>* out) {
  using P = Vec2<double>;
  const P lo = to_double(s.min), hi = to_double(s.max);
  int n = 0;
  const P c{0.5 * lo.x + 0.5 * hi.x, 0.5 * lo.y + 0.5 * hi.y};
  if (lo.x < c.x && c.x < hi.x && lo.y < c.y && c.y < hi.y) out[n++] = c;
  out[n++] = lo, out[n++] = hi, out[n++] = {lo.x, hi.y}, out[n++] = {hi.x, lo.y};
  return n;
}
template <class T>
int interior_candidates(const ConvexPolygon<T>& s, Vec2<double>* out) {
  using P = Vec2<double>;
  const P a = to_double(s.vertices[0]), b = to_double(s.vertices[1]), c = to_double(s.vertices[2]);
  const P m{(a.x + b.x + c.x) / 3, (a.y + b.y + c.y) / 3};
  // The count clamped to the array (queries answer on invalid shapes too, never read past it).
  const int count = vertex_count(s);
  int n = 0;
  bool inside = true;
  for (int i = 0; i < count; ++i) {
    inside = inside && orientation_sign(to_double(s.vertices[i]),
                                        to_double(s.vertices[(i + 1) % count]), m) >= 0;
  }
  if (inside) out[n++] = m;
  for (int i = 0; i < count; ++i)
    out[n++] = to_double(s.vertices[i]);
  return n;
}
// The core's points: in the interior of the core, or of the rounded polygon when radius > 0 (each
// is then radius away from the boundary).
template <class T>
int interior_candidates(const RoundedPolygon<T>& s, Vec2<double>* out) {
  return interior_candidates(s.core, out);
}

// Whether q lies in the closed region (on the path or winding != 0), or, `open`, in the region
// without the path.
template <class T>
bool in_path_region(const LassoIndex<T>& index, Vec2<double> q, bool open) {
  const bool path = index.on_path(q);
  return open ? !path && index.winding(q) != 0 : path || index.winding(q) != 0;
}

// num / den, where num is dot(p, q) (or cross(p, q)) and den dot(r, s) (or cross(r, s)): a ratio
// of products, which does not change when all four vectors are scaled alike. When den is not a
// normal number, the products underflowed (coordinates near 1e-200 square to 0) or overflowed, and
// the ratio is taken again on the vectors scaled by a power of two (exact) to a largest component
// near 1. A cut misplaced by underflow (0 / 0) left a stretch of the segment unsampled.
inline double ratio(double num, double den, Vec2<double> p, Vec2<double> q, Vec2<double> r,
                    Vec2<double> s, bool crossed = false) {
  if (std::isnormal(den)) return num / den;
  const double largest = std::max({std::abs(p.x), std::abs(p.y), std::abs(q.x), std::abs(q.y),
                                   std::abs(r.x), std::abs(r.y), std::abs(s.x), std::abs(s.y)});
  if (!(largest > 0) || !std::isfinite(largest)) return num / den;
  const double k = std::ldexp(1.0, -std::ilogb(largest));
  p = k * p, q = k * q, r = k * r, s = k * s;
  return crossed ? cross(p, q) / cross(r, s) : dot(p, q) / dot(r, s);
}

// Contains (every point of ab in the closed region) or, with contains = false, intersects the
// open region, for the segment ab (a point when a == b), given every edge of the path that may
// meet it: the ends, and a point between each two consecutive places where edges meet ab (on the
// path when a collinear edge covers it).
template <class T>
bool along_segment(const LassoIndex<T>& index, Vec2<double> a, Vec2<double> b,
                   const std::vector<int>& edges, bool contains) {
  using P = Vec2<double>;
  auto judge = [&](P q) { return in_path_region(index, q, !contains); };
  // contains: every sample in R; intersects: some sample in the open region.
  if (judge(a) != contains || judge(b) != contains) return !contains;
  if (a.x == b.x && a.y == b.y) return contains;
  thread_local std::vector<double> cuts;
  thread_local std::vector<std::pair<double, double>> along;  // covered by collinear edges
  cuts.clear(), along.clear();
  const P d = b - a;
  for (const int i : edges) {
    const P c = to_double(index.edge_start(i)), e = to_double(index.edge_end(i));
    const int o1 = orientation_sign(a, b, c), o2 = orientation_sign(a, b, e);
    if (o1 * o2 > 0) continue;
    const int o3 = orientation_sign(c, e, a), o4 = orientation_sign(c, e, b);
    if (o3 * o4 > 0) continue;
    if (o1 == 0 && o2 == 0) {
      double t0 = ratio(dot(c - a, d), dot(d, d), c - a, d, d, d);
      double t1 = ratio(dot(e - a, d), dot(d, d), e - a, d, d, d);
      if (t0 > t1) std::swap(t0, t1);
      if (t1 < 0 || t0 > 1) continue;
      t0 = std::max(t0, 0.0), t1 = std::min(t1, 1.0);
      cuts.push_back(t0), cuts.push_back(t1), along.emplace_back(t0, t1);
      continue;
    }
    const double t =
        o3 == 0   ? 0.0
        : o4 == 0 ? 1.0
                  : ratio(cross(c - a, e - c), cross(d, e - c), c - a, e - c, d, e - c, true);
    cuts.push_back(std::clamp(t, 0.0, 1.0));
  }
  cuts.push_back(0.0), cuts.push_back(1.0);
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    const double t = 0.5 * (cuts[k] + cuts[k + 1]);
    bool on_path = false;
    for (const auto& [lo, hi] : along)
      on_path = on_path || (lo <= t && t <= hi);
    const bool in = on_path ? contains : judge(a + t * d);
    if (in != contains) return !contains;
  }
  return contains;
}

}  // namespace collide2d::detail
