// Private: the distance of two convex polygons by their separating axes, before GJK (issue 16).
//
// For each edge i of one polygon (unit outward normal n, start a), the least signed distance of the
// other's vertices from its line, s_i = min_j n . (v_j - a); s, the greatest over both polygons'
// edges, is Box2D's b2FindMaxSeparation. Then:
//   s > 0, and the vertex v that gave it projects onto its edge: the distance is s, between v and
//          its foot on the edge (any edge of positive separation whose least vertex projects onto
//          it certifies this alone, so A's best edge is tried before B's pass). s is a lower bound
//          of the distance (the whole of one polygon lies behind the edge's line, the whole of the
//          other at least s beyond it) and the pair (v, foot) attains it. This is the
//          vertex-to-face case, the usual one.
//   s < -margin: the polygons overlap (if they were apart some edge would separate them, s > 0,
//          and s is computed within the margin); the common point is a vertex of one inside the
//          other, when there is one.
//   s > 0, but v projects beyond an end w of its edge: (w, v) when each lies in the other's
//          direction within its normal cone (the usual corner case); else the nearest of v against
//          the two edges at w and w against the two edges at v, if it passes the optimality
//          condition of convex distance (each point is its polygon's extreme vertex along the line
//          joining them, to within rounding: is_closest_pair).
//   otherwise (|s| within rounding, crossing polygons with no vertex inside, a closest pair not
//          near that corner, or NaN input): nullopt, and the general path (GJK with its
//          near-contact checks) answers.
// The differences v - a are taken between the polygons' own coordinates, one rounding each, as
// precise as between the anchored cores of the general path.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <type_traits>

#include "collide2d/detail/force_inline.hpp"
#include "collide2d/shapes.hpp"
#include "convex/core_distance.hpp"
#include "detail/predicates.hpp"

#if defined(__SSE2__) && !defined(__EMSCRIPTEN__)
#include <emmintrin.h>
#define COLLIDE2D_POLYGON_LANES_SSE2 1
#else
#define COLLIDE2D_POLYGON_LANES_SSE2 0
#endif

namespace collide2d::detail {

template <class T>
struct EdgeSeparation {
  T separation;
  int edge;    // of the polygon whose edges were tried
  int vertex;  // of the other polygon: the one least beyond that edge
};

// The vertex of `vertices` least beyond edge i's line, walked to from `at`, the one least beyond
// the previous edge: as the edge normals of a counter-clockwise polygon turn counter-clockwise, so
// does the other polygon's vertex least along them (rotating calipers), so the walk only goes
// forward and all the edges take O(ne + nv) dots, not O(ne nv). Equal values step on, so that a
// walk starting at the far side of a face parallel to the edge passes it; at most nv steps (NaN
// stops it).
template <class T>
T least_along(Vec2<T> n, Vec2<T> start, const ConvexPolygon<T>& vertices, int nv, int& at) {
  T value = dot(n, vertices.vertices[at] - start);
  for (int step = 0; step < nv; ++step) {
    const int next = at + 1 < nv ? at + 1 : 0;
    const T next_value = dot(n, vertices.vertices[next] - start);
    if (!(next_value <= value)) break;
    at = next;
    value = next_value;
  }
  return value;
}

#if COLLIDE2D_POLYGON_LANES_SSE2
// A float polygon's vertices as lanes: x and y of vertices 0-3 and 4-7, the last vertex repeated
// into the slots past it.
struct VertexLanes {
  __m128 x0, y0, x1, y1;
};

COLLIDE2D_FORCE_INLINE VertexLanes vertex_lanes(const ConvexPolygon<float>& vertices, int nv) {
  // The lanes straight from the vertex array (x, y pairs) by shuffles, the slots past the last
  // vertex masked to it: filling two arrays with scalar stores and loading them as vectors cost a
  // failed store-to-load forwarding a group.
  static_assert(max_polygon_vertices == 8 && sizeof(Vec2<float>) == 2 * sizeof(float),
                "eight (x, y) pairs of floats");
  const float* xy = &vertices.vertices[0].x;
  const __m128 xy01 = _mm_loadu_ps(xy), xy23 = _mm_loadu_ps(xy + 4);
  const __m128 xy45 = _mm_loadu_ps(xy + 8), xy67 = _mm_loadu_ps(xy + 12);
  const __m128 last_x = _mm_set1_ps(vertices.vertices[nv - 1].x);
  const __m128 last_y = _mm_set1_ps(vertices.vertices[nv - 1].y);
  const __m128i count = _mm_set1_epi32(nv);
  const __m128 in0 = _mm_castsi128_ps(_mm_cmpgt_epi32(count, _mm_setr_epi32(0, 1, 2, 3)));
  const __m128 in1 = _mm_castsi128_ps(_mm_cmpgt_epi32(count, _mm_setr_epi32(4, 5, 6, 7)));
  const auto pick = [](__m128 in, __m128 value, __m128 last) {
    return _mm_or_ps(_mm_and_ps(in, value), _mm_andnot_ps(in, last));
  };
  return {pick(in0, _mm_shuffle_ps(xy01, xy23, _MM_SHUFFLE(2, 0, 2, 0)), last_x),
          pick(in0, _mm_shuffle_ps(xy01, xy23, _MM_SHUFFLE(3, 1, 3, 1)), last_y),
          pick(in1, _mm_shuffle_ps(xy45, xy67, _MM_SHUFFLE(2, 0, 2, 0)), last_x),
          pick(in1, _mm_shuffle_ps(xy45, xy67, _MM_SHUFFLE(3, 1, 3, 1)), last_y)};
}
#endif

// deepest_edge's `stop`: called with each new greatest value, true ends the search (contact.cpp
// stops at an edge that puts the polygons farther apart than the radii: that edge, not
// necessarily the deepest). NeverStop, the default, compiles to the plain search.
struct NeverStop {
  template <class T>
  bool operator()(T) const {
    return false;
  }
};

template <class T, class Stop = NeverStop>
EdgeSeparation<T> deepest_edge(const ConvexPolygon<T>& edges, int ne,
                               const ConvexPolygon<T>& vertices, int nv, Stop stop = {}) {
  // The first edge's least vertex by a full scan; the walk starts there.
  const Vec2<T> n0 = edges.normals[0];
  int at = 0;
  T least = dot(n0, vertices.vertices[0] - edges.vertices[0]);
  for (int j = 1; j < nv; ++j) {
    const T s = dot(n0, vertices.vertices[j] - edges.vertices[0]);
    if (s < least) {
      least = s;
      at = j;
    }
  }
  EdgeSeparation<T> best{least, 0, at};
  if (stop(best.separation)) return best;
  for (int i = 1; i < ne; ++i) {
    const T value = least_along(edges.normals[i], edges.vertices[i], vertices, nv, at);
    if (value > best.separation) {
      best = {value, i, at};
      if (stop(value)) break;
    }
  }
  return best;
}

#if COLLIDE2D_POLYGON_LANES_SSE2
// Edge i's n . (v_j - a) for the vertex lanes, with the walk's arithmetic (one rounding for each
// difference).
COLLIDE2D_FORCE_INLINE void lane_values(const ConvexPolygon<float>& edges, int i,
                                        const VertexLanes& v, __m128& low, __m128& high) {
  const __m128 nx = _mm_set1_ps(edges.normals[i].x), ny = _mm_set1_ps(edges.normals[i].y);
  const __m128 ax = _mm_set1_ps(edges.vertices[i].x), ay = _mm_set1_ps(edges.vertices[i].y);
  low = _mm_add_ps(_mm_mul_ps(nx, _mm_sub_ps(v.x0, ax)), _mm_mul_ps(ny, _mm_sub_ps(v.y0, ay)));
  high = _mm_add_ps(_mm_mul_ps(nx, _mm_sub_ps(v.x1, ax)), _mm_mul_ps(ny, _mm_sub_ps(v.y1, ay)));
}

// The least of the lanes, in every lane.
COLLIDE2D_FORCE_INLINE __m128 lanes_min(__m128 m) {
  m = _mm_min_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)));
  return _mm_min_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
}

// The first vertex whose lane holds `value` (0 if none does: NaN input).
COLLIDE2D_FORCE_INLINE int first_lane_equal(__m128 low, __m128 high, __m128 value) {
  const int equal =
      _mm_movemask_ps(_mm_cmpeq_ps(low, value)) | (_mm_movemask_ps(_mm_cmpeq_ps(high, value)) << 4);
  return equal != 0 ? __builtin_ctz(static_cast<unsigned>(equal)) : 0;
}

// deepest_edge's search to the end (NeverStop), without a branch an edge: on random pairs whether
// an edge beats the ones before it is data-dependent and was mispredicted (about ln(ne) new
// greatest values a search). The greatest value, its edge and that edge's lanes are kept in
// registers: an edge replaces the kept one where its value is strictly greater (max(kept,
// i & greater) is i there, as the indices grow), so the answer is the branchy search's. Keeping
// the lanes, rather than computing the found edge's again for its vertex, takes a load by the
// found index off the path to the certificate's branch (5% of distance/polygon's time,
// 2026-11-29). `two`: both lane groups; else the first alone, which holds a polygon of at most
// four vertices (the second repeats the last): distance/rounded-box (boxes) 10% faster.
// With one group, edge -1 where some value is NaN (or infinities of both signs met in the
// sums): the lanes' minima may then differ, and the first group's alone may differ from both
// groups' (min takes the second operand over a NaN), so the branchy search answers. (Taking
// the minimum with the last vertex's lane, or lane 0's minimum into all, an edge instead made
// distance/rounded-box 8% and 2% slower.)
template <bool two>
COLLIDE2D_FORCE_INLINE EdgeSeparation<float> deepest_edge_to_end(const ConvexPolygon<float>& edges,
                                                                 int ne, const VertexLanes& v) {
  __m128 best_value = _mm_set1_ps(-std::numeric_limits<float>::infinity());
  __m128i best_edge = _mm_setzero_si128(), index = _mm_setzero_si128();
  __m128 best_low = _mm_setzero_ps(), best_high = best_low;
  __m128 sum = _mm_setzero_ps();  // with one group: NaN if a value was
  const auto keep = [](__m128 greater, __m128 value, __m128 kept) {
    return _mm_or_ps(_mm_and_ps(greater, value), _mm_andnot_ps(greater, kept));
  };
  for (int i = 0; i < ne; ++i) {
    __m128 low, high, m;
    if constexpr (two) {
      lane_values(edges, i, v, low, high);
      // Lane 0's minimum into all: the branchy search's value, where a NaN makes them differ.
      m = lanes_min(_mm_min_ps(low, high));
      m = _mm_shuffle_ps(m, m, _MM_SHUFFLE(0, 0, 0, 0));
    } else {
      const __m128 nx = _mm_set1_ps(edges.normals[i].x), ny = _mm_set1_ps(edges.normals[i].y);
      const __m128 ax = _mm_set1_ps(edges.vertices[i].x), ay = _mm_set1_ps(edges.vertices[i].y);
      low = _mm_add_ps(_mm_mul_ps(nx, _mm_sub_ps(v.x0, ax)), _mm_mul_ps(ny, _mm_sub_ps(v.y0, ay)));
      m = lanes_min(low);
      sum = _mm_add_ps(sum, low);
    }
    const __m128 greater = _mm_cmpgt_ps(m, best_value);
    best_value = _mm_max_ps(m, best_value);
    best_edge = _mm_max_epi16(best_edge, _mm_and_si128(_mm_castps_si128(greater), index));
    best_low = keep(greater, low, best_low);
    if constexpr (two) best_high = keep(greater, high, best_high);
    index = _mm_add_epi32(index, _mm_set1_epi32(1));
  }
  if constexpr (!two) {
    if (_mm_movemask_ps(_mm_cmpunord_ps(sum, sum)) != 0) return {0.0f, -1, 0};
    best_high = best_low;
  }
  // No value greater than -infinity (NaN or -infinity values): the branchy search keeps edge 0,
  // whose lanes are wanted.
  if (!(_mm_cvtss_f32(best_value) > -std::numeric_limits<float>::infinity())) {
    lane_values(edges, 0, v, best_low, best_high);
  }
  return {_mm_cvtss_f32(best_value), _mm_cvtsi128_si32(best_edge),
          first_lane_equal(best_low, best_high, best_value)};
}

// The same for float on SSE2, without the walk's data-dependent loop exits (the walk mispredicts
// about once an edge): every edge against all the other's vertices in two groups of four lanes,
// the last vertex repeated into the spare lanes (a repeat leaves a least value as it is), each
// lane n . (v_j - a) with the walk's arithmetic. The vertex is the first that gives the deepest
// edge's value (0 if none does: NaN input).
template <class Stop = NeverStop>
COLLIDE2D_FORCE_INLINE EdgeSeparation<float> deepest_edge(const ConvexPolygon<float>& edges, int ne,
                                                          const ConvexPolygon<float>& vertices,
                                                          int nv, Stop stop = {}) {
  const VertexLanes v = vertex_lanes(vertices, nv);
  if constexpr (std::is_same_v<Stop, NeverStop>) {
    if (nv > 4) return deepest_edge_to_end<true>(edges, ne, v);
    const EdgeSeparation<float> best = deepest_edge_to_end<false>(edges, ne, v);
    if (best.edge >= 0) return best;
  }
  EdgeSeparation<float> best{-std::numeric_limits<float>::infinity(), 0, 0};
  for (int i = 0; i < ne; ++i) {
    __m128 low, high;
    lane_values(edges, i, v, low, high);
    const float value = _mm_cvtss_f32(lanes_min(_mm_min_ps(low, high)));
    if (value > best.separation) {
      best = {value, i, 0};
      if (stop(value)) break;
    }
  }
  __m128 low, high;
  lane_values(edges, best.edge, v, low, high);
  best.vertex = first_lane_equal(low, high, _mm_set1_ps(best.separation));
  return best;
}
#endif

// The largest coordinate magnitude of the two polygons: the scale of the separations' rounding.
template <class T>
T polygons_scale(const ConvexPolygon<T>& a, int na, const ConvexPolygon<T>& b, int nb) {
  T scale = T(0);
  for (int i = 0; i < na; ++i)
    scale = std::max({scale, abs(a.vertices[i].x), abs(a.vertices[i].y)});
  for (int i = 0; i < nb; ++i)
    scale = std::max({scale, abs(b.vertices[i].x), abs(b.vertices[i].y)});
  return scale;
}

#if COLLIDE2D_POLYGON_LANES_SSE2
// The same for float on SSE2, on the vertex lanes: each |coordinate| goes into the running maximum
// as max(value, kept), which keeps the kept one for a NaN as std::max does, and the maximum is
// exact, so the answer is the same; the spare lanes repeat a vertex. Without the scalar loops'
// exits: 5% off the time of polygon_pair_distance on the rounded boxes (a third of whose cores
// overlap, and take the margin), 2026-11-29.
inline float polygons_scale(const ConvexPolygon<float>& a, int na, const ConvexPolygon<float>& b,
                            int nb) {
  const __m128 sign = _mm_set1_ps(-0.0f);
  __m128 scale = _mm_setzero_ps();
  for (const VertexLanes& v : {vertex_lanes(a, na), vertex_lanes(b, nb)}) {
    for (const __m128 lane : {v.x0, v.y0, v.x1, v.y1})
      scale = _mm_max_ps(_mm_andnot_ps(sign, lane), scale);
  }
  scale = _mm_max_ps(_mm_shuffle_ps(scale, scale, _MM_SHUFFLE(1, 0, 3, 2)), scale);
  scale = _mm_max_ps(_mm_shuffle_ps(scale, scale, _MM_SHUFFLE(2, 3, 0, 1)), scale);
  return _mm_cvtss_f32(scale);
}
#endif

template <class T>
struct PolygonPair {
  Vec2<T> on_owner;  // a point of the polygon whose edge gave the separation
  Vec2<T> on_other;
};

// Where the separating edge's least vertex v (of `other`) projects beyond the edge's end w (vertex
// k of `owner`), the closest pair is near that corner: v against the two edges at w, or w against
// the two edges at v. The nearest of the four.
template <class T>
PolygonPair<T> near_corner(const ConvexPolygon<T>& owner, int n_owner, int k,
                           const ConvexPolygon<T>& other, int n_other, int vertex) {
  const Vec2<T> w = owner.vertices[k];
  const Vec2<T> v = other.vertices[vertex];
  const Vec2<T> w_before = owner.vertices[k > 0 ? k - 1 : n_owner - 1];
  const Vec2<T> w_after = owner.vertices[k + 1 < n_owner ? k + 1 : 0];
  const Vec2<T> v_before = other.vertices[vertex > 0 ? vertex - 1 : n_other - 1];
  const Vec2<T> v_after = other.vertices[vertex + 1 < n_other ? vertex + 1 : 0];
  const PolygonPair<T> candidates[4] = {{closest_on_segment(v, w_before, w), v},
                                        {closest_on_segment(v, w, w_after), v},
                                        {w, closest_on_segment(w, v_before, v)},
                                        {w, closest_on_segment(w, v, v_after)}};
  PolygonPair<T> best = candidates[0];
  T best2 = distance_squared(best.on_owner, best.on_other);
  for (int i = 1; i < 4; ++i) {
    const T d2 = distance_squared(candidates[i].on_owner, candidates[i].on_other);
    if (d2 < best2) {
      best = candidates[i];
      best2 = d2;
    }
  }
  return best;
}

// The optimality condition of the distance of convex sets: (p, q) is a closest pair when p is the
// owner's farthest point along d = q - p and q the other's nearest, i.e. when the slab between the
// two lines through p and q normal to d holds neither polygon. Checked on every vertex, to within
// `slack` (the rounding of the dots): the polygons are then at least |d| - 2 slack apart, and the
// pair is |d| apart.
template <class T>
bool is_closest_pair(const ConvexPolygon<T>& owner, int n_owner, const ConvexPolygon<T>& other,
                     int n_other, const PolygonPair<T>& pair, T slack) {
  const Vec2<T> d = pair.on_other - pair.on_owner;
  const T reach = slack * length(d);
  if (!(reach > T(0))) return false;  // touching, or NaN input: the general path decides
  for (int j = 0; j < n_owner; ++j) {
    if (!(dot(d, owner.vertices[j] - pair.on_owner) <= reach)) return false;
  }
  for (int j = 0; j < n_other; ++j) {
    if (!(dot(d, other.vertices[j] - pair.on_other) >= -reach)) return false;
  }
  return true;
}

// Whether vertex k of a convex polygon is its farthest point along d: d lies in the vertex's normal
// cone, between the unit outward normals of the edges into and out of it. Local is global on a
// convex polygon, and with unit normals the test's rounding is relative to |d| alone, whatever the
// edges' lengths (a tiny edge beside k cannot hide a farther vertex, as a dot with it could).
// Inlined, as certified_by_edge is: as calls (g++ left them so in distance.cpp) they took 8% of
// distance/polygon's time (perf, 2026-11-29), and certified_by_edge's call 9% of
// polygon_pair_distance's.
template <class T>
COLLIDE2D_FORCE_INLINE bool in_normal_cone(const ConvexPolygon<T>& polygon, int n, int k,
                                           Vec2<T> d) {
  const Vec2<T> before = polygon.normals[k > 0 ? k - 1 : n - 1];
  const Vec2<T> after = polygon.normals[k];
  return cross(before, d) >= T(0) && cross(d, after) >= T(0);
}

// The first vertex of `points` inside or on the polygon (point_in_polygon), or -1.
template <class T>
int first_vertex_inside(const ConvexPolygon<T>& polygon, int n, const ConvexPolygon<T>& points,
                        int np) {
  for (int j = 0; j < np; ++j) {
    if (point_in_polygon(points.vertices[j], polygon.vertices, n)) return j;
  }
  return -1;
}

#if COLLIDE2D_POLYGON_LANES_SSE2
// The same for float on SSE2: all the points against each edge in lanes, each lane
// point_in_polygon's cross(e, p - v) >= 0 with its roundings (so the same answer), without a
// branch a point and an edge (point_in_polygon leaves at a point's first edge it is outside of,
// which on overlapping pairs is data-dependent: as calls, its loops took 12% of
// distance/rounded-box's time and 6% of distance/polygon's, 2026-11-29). `two`: both lane groups,
// else the first alone (at most four points).
template <bool two>
COLLIDE2D_FORCE_INLINE int first_point_inside(const ConvexPolygon<float>& polygon, int n,
                                              const VertexLanes& p) {
  const __m128 zero = _mm_setzero_ps();
  __m128 in_low = _mm_castsi128_ps(_mm_set1_epi32(-1)), in_high = in_low;
  for (int i = 0; i < n; ++i) {
    const Vec2<float> v = polygon.vertices[i];
    const Vec2<float> e = edge(polygon.vertices, n, i);
    const __m128 vx = _mm_set1_ps(v.x), vy = _mm_set1_ps(v.y);
    const __m128 ex = _mm_set1_ps(e.x), ey = _mm_set1_ps(e.y);
    const __m128 low =
        _mm_sub_ps(_mm_mul_ps(ex, _mm_sub_ps(p.y0, vy)), _mm_mul_ps(ey, _mm_sub_ps(p.x0, vx)));
    in_low = _mm_and_ps(in_low, _mm_cmpge_ps(low, zero));  // NaN counts as outside
    if constexpr (two) {
      const __m128 high =
          _mm_sub_ps(_mm_mul_ps(ex, _mm_sub_ps(p.y1, vy)), _mm_mul_ps(ey, _mm_sub_ps(p.x1, vx)));
      in_high = _mm_and_ps(in_high, _mm_cmpge_ps(high, zero));
    }
  }
  // The spare lanes repeat the last point, so the first inside is a real one.
  int inside = _mm_movemask_ps(in_low);
  if constexpr (two) inside |= _mm_movemask_ps(in_high) << 4;
  return inside != 0 ? __builtin_ctz(static_cast<unsigned>(inside)) : -1;
}

inline int first_vertex_inside(const ConvexPolygon<float>& polygon, int n,
                               const ConvexPolygon<float>& points, int np) {
  const VertexLanes p = vertex_lanes(points, np);
  if (np <= 4) return first_point_inside<false>(polygon, n, p);
  return first_point_inside<true>(polygon, n, p);
}
#endif

template <class T>
CoreDistance<T> touching(Vec2<T> p) {
  return {T(0), p, p};
}

// The pair as (a's point, b's point), from (owner's, other's).
template <class T>
CoreDistance<T> oriented(const CoreDistance<T>& r, bool owner_is_a) {
  return owner_is_a ? r : CoreDistance<T>{r.distance, r.on_b, r.on_a};
}

// The closest pair that edge s of `owner` (s.separation > 0, least vertex v = s.vertex of
// `other`) certifies alone, as (owner's point, other's point): v and its foot on the edge when v
// projects onto it (the separation is a lower bound of the distance, and the pair attains it), or
// v and the edge's end w beyond which v projects when each lies in its normal cone (the optimality
// condition of convex distance). Else nullopt, with `corner` set to w's index (-1 for an edge of
// no length, or NaN).
template <class T>
COLLIDE2D_FORCE_INLINE std::optional<CoreDistance<T>> certified_by_edge(
    const ConvexPolygon<T>& owner, int n_owner, const ConvexPolygon<T>& other, int n_other,
    const EdgeSeparation<T>& s, int& corner) {
  corner = -1;
  const int next = s.edge + 1 < n_owner ? s.edge + 1 : 0;
  const Vec2<T> start = owner.vertices[s.edge];
  const Vec2<T> e = owner.vertices[next] - start;
  const Vec2<T> v = other.vertices[s.vertex];
  const T along = dot(v - start, e);
  const T ee = dot(e, e);
  if (!(ee > T(0))) return std::nullopt;
  if (along >= T(0) && along <= ee)
    return CoreDistance<T>{s.separation, start + (along / ee) * e, v};
  corner = along < T(0) ? s.edge : next;
  const Vec2<T> w = owner.vertices[corner];
  const Vec2<T> d = v - w;
  if (in_normal_cone(owner, n_owner, corner, d) && in_normal_cone(other, n_other, s.vertex, -d)) {
    return CoreDistance<T>{length(d), w, v};
  }
  return std::nullopt;
}

// The distance of the two polygons (as the cores' CoreDistance, in world coordinates), or nullopt
// where the general path must answer. A's deepest edge is tried before B's edges are: a
// certificate needs no other edge, so in about half the separated pairs B's pass is not needed.
// With A's deepest edge sa already found (na, nb >= 3), and B's when `known_sb` is given (the
// contacts' PolygonContact has both): the same answer, with no edge searched twice. Inlined into
// its two callers (this file's polygon_pair_distance, contact.cpp's skin_penetration), whose
// searches it then shares registers with.
template <class T>
COLLIDE2D_FORCE_INLINE std::optional<CoreDistance<T>> polygon_pair_distance(
    const ConvexPolygon<T>& a, int na, const ConvexPolygon<T>& b, int nb,
    const EdgeSeparation<T>& sa, const EdgeSeparation<T>* known_sb) {
  int corner = -1;
  if (sa.separation > T(0)) {
    if (auto r = certified_by_edge(a, na, b, nb, sa, corner)) return r;
  }
  const EdgeSeparation<T> sb = known_sb ? *known_sb : deepest_edge(b, nb, a, na);
  const bool from_a = sa.separation >= sb.separation;
  const EdgeSeparation<T> s = from_a ? sa : sb;
  if (s.separation > T(0)) {
    const ConvexPolygon<T>& owner = from_a ? a : b;
    const ConvexPolygon<T>& other = from_a ? b : a;
    const int n_owner = from_a ? na : nb;
    const int n_other = from_a ? nb : na;
    if (!from_a) {
      if (auto r = certified_by_edge(owner, n_owner, other, n_other, s, corner)) {
        return oriented(*r, false);
      }
    }
    if (corner < 0) return std::nullopt;
    // Not v and w themselves: v against the two edges at w, or w against the two edges at v,
    // checked on every vertex.
    const PolygonPair<T> pair = near_corner(owner, n_owner, corner, other, n_other, s.vertex);
    const T slack = T(16) * std::numeric_limits<T>::epsilon() * polygons_scale(a, na, b, nb);
    if (!is_closest_pair(owner, n_owner, other, n_other, pair, slack)) return std::nullopt;
    return oriented(
        CoreDistance<T>{length(pair.on_other - pair.on_owner), pair.on_owner, pair.on_other},
        from_a);
  }
  // Rounding of each separation: a few ulps of |v - a| <= 2 sqrt(2) scale; 64 ulps of the scale.
  const T margin = T(64) * std::numeric_limits<T>::epsilon() * polygons_scale(a, na, b, nb);
  if (!(s.separation < -margin)) return std::nullopt;
  if (const int j = first_vertex_inside(a, na, b, nb); j >= 0) return touching(b.vertices[j]);
  if (const int j = first_vertex_inside(b, nb, a, na); j >= 0) return touching(a.vertices[j]);
  return std::nullopt;
}

template <class T>
std::optional<CoreDistance<T>> polygon_pair_distance(const ConvexPolygon<T>& a,
                                                     const ConvexPolygon<T>& b) {
  const int na = vertex_count(a);
  const int nb = vertex_count(b);
  if (na < 3 || nb < 3) return std::nullopt;
  return polygon_pair_distance(a, na, b, nb, deepest_edge(a, na, b, nb),
                               static_cast<const EdgeSeparation<T>*>(nullptr));
}

}  // namespace collide2d::detail
