// Private: the distance between two convex cores, and the rounded-shape answer built on it.
//
// Closed forms where they exist: a point or segment against a point or segment (clamped projections
// and the segment intersection test), a point against a polygon core (inside test, then the nearest
// edge). GJK otherwise.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "collide2d/detail/force_inline.hpp"
#include "convex/convex_core.hpp"
#include "convex/gjk.hpp"
#include "detail/predicates.hpp"

namespace collide2d::detail {

template <class T>
struct CoreDistance {
  T distance;    // between the cores, 0 when they overlap
  Vec2<T> on_a;  // closest point of core A (== on_b when they overlap: a common point)
  Vec2<T> on_b;  // closest point of core B
};

// The point of segment ab closest to p (a when the segment is a point).
template <class T>
Vec2<T> closest_on_segment(Vec2<T> p, Vec2<T> a, Vec2<T> b) {
  const Vec2<T> d = b - a;
  const T dd = length_squared(d);
  if (!(dd > T(0))) return a;
  const T t = std::clamp(dot(p - a, d) / dd, T(0), T(1));
  return a + t * d;
}

template <class T>
CoreDistance<T> point_pair(Vec2<T> on_a, Vec2<T> on_b) {
  return {length(on_b - on_a), on_a, on_b};
}

// The common point of two intersecting segments: the crossing of their lines, or for collinear
// (or point) segments an endpoint of one that lies on the other.
template <class T>
Vec2<T> segment_crossing(Vec2<T> a1, Vec2<T> b1, Vec2<T> a2, Vec2<T> b2) {
  const Vec2<T> d1 = b1 - a1;
  const Vec2<T> d2 = b2 - a2;
  const T denom = cross(d1, d2);
  if (denom != T(0)) {
    const T t = std::clamp(cross(a2 - a1, d2) / denom, T(0), T(1));
    return a1 + t * d1;
  }
  for (Vec2<T> p : {a1, b1}) {
    if (point_segment_within(p, a2, b2, T(0))) return p;
  }
  return a2;  // a2 or b2 lies on segment 1
}

template <class T>
CoreDistance<T> segments_distance(Vec2<T> a1, Vec2<T> b1, Vec2<T> a2, Vec2<T> b2) {
  if (segments_intersect(a1, b1, a2, b2)) {
    const Vec2<T> p = segment_crossing(a1, b1, a2, b2);
    return {T(0), p, p};
  }
  CoreDistance<T> best = point_pair(a1, closest_on_segment(a1, a2, b2));
  const auto consider = [&best](CoreDistance<T> candidate) {
    if (candidate.distance < best.distance) best = candidate;
  };
  consider(point_pair(b1, closest_on_segment(b1, a2, b2)));
  consider(point_pair(closest_on_segment(a2, a1, b1), a2));
  consider(point_pair(closest_on_segment(b2, a1, b1), b2));
  return best;
}

// p against a polygon core (3+ vertices, counter-clockwise): inside, or the nearest edge point.
template <class T>
CoreDistance<T> point_polygon_distance(Vec2<T> p, const ConvexCore<T>& polygon) {
  const Vec2<T>* v = polygon.vertices;
  const int n = polygon.count;
  if (point_in_polygon(p, v, n)) return {T(0), p, p};
  CoreDistance<T> best{std::numeric_limits<T>::infinity(), p, p};
  for (int i = 0; i < n; ++i) {
    const Vec2<T> q = closest_on_segment(p, v[i], v[i + 1 < n ? i + 1 : 0]);
    const T d = length(q - p);
    if (d < best.distance) best = {d, q, p};
  }
  return best;
}

template <class T>
CoreDistance<T> swapped(CoreDistance<T> r) {
  return {r.distance, r.on_b, r.on_a};
}

// Core: a ConvexCore, or any type with its vertices and count (contact.cpp's PolygonFaces).
template <class Core, class T = decltype(Core::radius)>
T core_scale(const Core& a, const Core& b) {
  T scale = T(0);
  for (const Core* core : {&a, &b}) {
    for (int i = 0; i < core->count; ++i) {
      scale = std::max({scale, std::abs(core->vertices[i].x), std::abs(core->vertices[i].y)});
    }
  }
  return scale;
}

// Disjoint convex polygons are closest at a vertex of one of them, so the least vertex-to-edge
// distance, both ways, is the distance: O(n m) closed forms, for when GJK's answer is doubtful.
template <class T>
CoreDistance<T> closest_features(const ConvexCore<T>& a, const ConvexCore<T>& b) {
  CoreDistance<T> best{std::numeric_limits<T>::infinity(), a.vertices[0], b.vertices[0]};
  const auto edges_against = [&best](const ConvexCore<T>& vertices, const ConvexCore<T>& edges,
                                     bool vertices_are_a) {
    for (int i = 0; i < vertices.count; ++i) {
      for (int j = 0; j < edges.count; ++j) {
        const Vec2<T> v = vertices.vertices[i];
        const Vec2<T> q =
            closest_on_segment(v, edges.vertices[j], edges.vertices[(j + 1) % edges.count]);
        const T d = length(q - v);
        if (d < best.distance)
          best = vertices_are_a ? CoreDistance<T>{d, v, q} : CoreDistance<T>{d, q, v};
      }
    }
  };
  edges_against(a, b, true);
  edges_against(b, a, false);
  return best;
}

// A point of two overlapping convex cores: a vertex of one inside the other (a polygon of 3 or
// more vertices), or else a crossing of two edges.
template <class T>
Vec2<T> common_point(const ConvexCore<T>& a, const ConvexCore<T>& b) {
  for (const auto& [inner, outer] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
    if (outer->count < 3) continue;
    for (int i = 0; i < inner->count; ++i) {
      if (point_in_polygon(inner->vertices[i], outer->vertices, outer->count))
        return inner->vertices[i];
    }
  }
  for (int i = 0; i < a.count; ++i) {
    const Vec2<T> a1 = a.vertices[i];
    const Vec2<T> b1 = a.vertices[(i + 1) % a.count];
    for (int j = 0; j < b.count; ++j) {
      const Vec2<T> a2 = b.vertices[j];
      const Vec2<T> b2 = b.vertices[(j + 1) % b.count];
      if (segments_intersect(a1, b1, a2, b2)) return segment_crossing(a1, b1, a2, b2);
    }
  }
  return a.vertices[0];  // not reached for overlapping cores
}

template <class T>
CoreDistance<T> core_distance(const ConvexCore<T>& a, const ConvexCore<T>& b) {
  if (a.count <= 2 && b.count <= 2) {
    const Vec2<T> b1 = a.vertices[a.count - 1];
    const Vec2<T> b2 = b.vertices[b.count - 1];
    return segments_distance(a.vertices[0], b1, b.vertices[0], b2);
  }
  if (a.count == 1) return swapped(point_polygon_distance(a.vertices[0], b));
  if (b.count == 1) return point_polygon_distance(b.vertices[0], a);
  const GjkResult<T> g = gjk_distance<T>(a, b);
  // An enclosing simplex gives a common point as a combination of A's vertices (so in A, to
  // rounding); its weights are ill-conditioned when the simplex is thin (shapes that barely
  // touch), so the point is used only when it is inside B too.
  if (g.overlap && b.count >= 3 && point_in_polygon(g.point_a, b.vertices, b.count)) {
    return {T(0), g.point_a, g.point_a};
  }
  if (!g.overlap && g.distance > std::sqrt(std::numeric_limits<T>::epsilon()) * core_scale(a, b)) {
    return {g.distance, g.point_a, g.point_b};
  }
  // Near contact GJK may stop a little short when vertices are nearly collinear (its error grows
  // like sqrt(eps) there), and its common point of barely touching shapes may lie outside B:
  // decide with the sign-exact separating axis test, then measure with the closed forms.
  if (polygons_overlap(a.vertices, a.count, b.vertices, b.count)) {
    const Vec2<T> p = common_point(a, b);
    return {T(0), p, p};
  }
  return closest_features(a, b);
}

// The rounded shapes' distance from their cores'. When they overlap, the returned common point
// lies on the segment between the core points, at a parameter inside both radii. Inlined into
// distance(): as a call it took a tenth of distance/rounded-box's time, and inlined that row ran
// 2.4% faster (2026-11-29). (Computing its three answers and selecting one by masks, to spare the
// data-dependent branch, was slower: the sqrt and divisions then always lie on the path.)
template <class T>
COLLIDE2D_FORCE_INLINE CoreDistance<T> rounded_distance(const CoreDistance<T>& core, T radius_a,
                                                        T radius_b) {
  const T radii = radius_a + radius_b;
  if (core.distance > radii) {
    const Vec2<T> n = normalize(core.on_b - core.on_a);
    return {core.distance - radii, core.on_a + radius_a * n, core.on_b - radius_b * n};
  }
  if (!(core.distance > T(0))) return {T(0), core.on_a, core.on_a};
  // Any t in [max(0, d - rb), min(d, ra)] is within ra of on_a and rb of on_b; take the middle.
  const T lo = std::max(T(0), core.distance - radius_b);
  const T hi = std::min(core.distance, radius_a);
  const Vec2<T> p = lerp(core.on_a, core.on_b, T(0.5) * (lo + hi) / core.distance);
  return {T(0), p, p};
}

}  // namespace collide2d::detail
