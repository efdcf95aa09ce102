// Private: the separating axes of two polygons of three or four vertices (a rounded box's core, a
// box as a polygon, a triangle), float on SSE2, every edge of both against every vertex of the
// other at once: four edges a vector, each vertex of the other broadcast in turn, so the least
// value of each edge comes out in its lane with no loop exit and no branch an edge (contact.cpp's
// PolygonContact; issue 16). Each value is deepest_edge's n . (v - a) with its roundings (one for
// the difference, then the two products and their sum), so the separations, their edges and
// vertices are the same numbers the searches of polygon_pair_distance.hpp find.
#pragma once

#include "collide2d/detail/force_inline.hpp"
#include "collide2d/shapes.hpp"
#include "distance/polygon_pair_distance.hpp"

#if COLLIDE2D_POLYGON_LANES_SSE2
namespace collide2d::detail {

// Three or four (x, y) pairs as lanes, a triangle's third repeated into lane 3 (a repeated vertex
// leaves every least value as it is, a repeated edge every greatest one).
struct QuadLanes {
  __m128 x, y;
};

COLLIDE2D_FORCE_INLINE QuadLanes quad_lanes(const Vec2<float>* points, int n) {
  static_assert(sizeof(Vec2<float>) == 2 * sizeof(float), "(x, y) pairs of floats");
  const float* xy = &points[0].x;
  const __m128 xy01 = _mm_loadu_ps(xy), xy23 = _mm_loadu_ps(xy + 4);
  const __m128 x = _mm_shuffle_ps(xy01, xy23, _MM_SHUFFLE(2, 0, 2, 0));
  const __m128 y = _mm_shuffle_ps(xy01, xy23, _MM_SHUFFLE(3, 1, 3, 1));
  const __m128 in =
      _mm_castsi128_ps(_mm_cmpgt_epi32(_mm_set1_epi32(n), _mm_setr_epi32(0, 1, 2, 3)));
  const auto pick = [in](__m128 value) {
    const __m128 third = _mm_shuffle_ps(value, value, _MM_SHUFFLE(2, 2, 2, 2));
    return _mm_or_ps(_mm_and_ps(in, value), _mm_andnot_ps(in, third));
  };
  return {pick(x), pick(y)};
}

// A polygon's vertices and edge normals as lanes.
struct QuadPolygon {
  QuadLanes vertices, normals;
};

COLLIDE2D_FORCE_INLINE QuadPolygon quad_polygon(const ConvexPolygon<float>& p, int n) {
  return {quad_lanes(p.vertices, n), quad_lanes(p.normals, n)};
}

// No NaN or infinity among the lanes of either polygon (x - x is 0 exactly for finite x, NaN
// otherwise): PolygonFaces::finite's answer for both.
COLLIDE2D_FORCE_INLINE bool quads_finite(const QuadPolygon& a, const QuadPolygon& b) {
  __m128 zero = _mm_setzero_ps();
  for (const QuadPolygon* p : {&a, &b}) {
    for (const __m128 lane : {p->vertices.x, p->vertices.y, p->normals.x, p->normals.y})
      zero = _mm_add_ps(zero, _mm_sub_ps(lane, lane));
  }
  return _mm_movemask_ps(_mm_cmpunord_ps(zero, zero)) == 0;
}

// Lane i: the least of n_i . (v_j - a_i) over the vertices v_j of `other`, for edge i of `edges`
// (start a_i, unit outward normal n_i).
COLLIDE2D_FORCE_INLINE __m128 edge_minima(const QuadPolygon& edges, const QuadLanes& other) {
  const auto value = [&edges](__m128 vx, __m128 vy) {
    return _mm_add_ps(_mm_mul_ps(edges.normals.x, _mm_sub_ps(vx, edges.vertices.x)),
                      _mm_mul_ps(edges.normals.y, _mm_sub_ps(vy, edges.vertices.y)));
  };
  const __m128 x = other.x, y = other.y;
  __m128 least = value(_mm_shuffle_ps(x, x, _MM_SHUFFLE(0, 0, 0, 0)),
                       _mm_shuffle_ps(y, y, _MM_SHUFFLE(0, 0, 0, 0)));
  least = _mm_min_ps(least, value(_mm_shuffle_ps(x, x, _MM_SHUFFLE(1, 1, 1, 1)),
                                  _mm_shuffle_ps(y, y, _MM_SHUFFLE(1, 1, 1, 1))));
  least = _mm_min_ps(least, value(_mm_shuffle_ps(x, x, _MM_SHUFFLE(2, 2, 2, 2)),
                                  _mm_shuffle_ps(y, y, _MM_SHUFFLE(2, 2, 2, 2))));
  return _mm_min_ps(least, value(_mm_shuffle_ps(x, x, _MM_SHUFFLE(3, 3, 3, 3)),
                                 _mm_shuffle_ps(y, y, _MM_SHUFFLE(3, 3, 3, 3))));
}

// The greatest lane (finite lanes) and the first lane that holds it: the search's "strictly
// greater replaces" keeps the first of equals.
COLLIDE2D_FORCE_INLINE int first_max_lane(__m128 v, float& value) {
  __m128 m = _mm_max_ps(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 0, 3, 2)));
  m = _mm_max_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
  value = _mm_cvtss_f32(m);
  return __builtin_ctz(static_cast<unsigned>(_mm_movemask_ps(_mm_cmpeq_ps(v, m))));
}

// Each polygon's deepest edge over the other's vertices, as deepest_edge searched to the end finds
// it (its separation and edge; vertex -1, for least_vertex), or false, with nothing set, where a
// coordinate or normal is NaN or infinite. No early out: with four edges a vector, both whole
// searches cost less than the branches of one that stops at an edge beyond the radii or runs on,
// as the data says (about two mispredicted branches a pair of rounded boxes, callgrind,
// 2026-11-29).
COLLIDE2D_FORCE_INLINE bool quad_separations(const ConvexPolygon<float>& a, int na,
                                             const ConvexPolygon<float>& b, int nb,
                                             EdgeSeparation<float>& sa, EdgeSeparation<float>& sb) {
  const QuadPolygon qa = quad_polygon(a, na);
  const QuadPolygon qb = quad_polygon(b, nb);
  if (!quads_finite(qa, qb)) return false;
  sa.edge = first_max_lane(edge_minima(qa, qb.vertices), sa.separation);
  sb.edge = first_max_lane(edge_minima(qb, qa.vertices), sb.separation);
  sa.vertex = sb.vertex = -1;
  return true;
}

// The edge of a polygon of at most four edges whose unit normal is most aligned with d (dot
// n . d, the first of equals), and that alignment: contact.cpp's best_face on finite lanes.
COLLIDE2D_FORCE_INLINE int most_aligned(const QuadLanes& normals, Vec2<float> d, float& alignment) {
  const __m128 dots =
      _mm_add_ps(_mm_mul_ps(normals.x, _mm_set1_ps(d.x)), _mm_mul_ps(normals.y, _mm_set1_ps(d.y)));
  return first_max_lane(dots, alignment);
}

// The first vertex of `vertices` (nv of them) least beyond edge i of `edges`, whose least value is
// `value`: deepest_edge's vertex, by its lanes.
inline int least_vertex(const ConvexPolygon<float>& edges, int i,
                        const ConvexPolygon<float>& vertices, int nv, float value) {
  __m128 low, high;
  lane_values(edges, i, vertex_lanes(vertices, nv), low, high);
  return first_lane_equal(low, high, _mm_set1_ps(value));
}

}  // namespace collide2d::detail
#else
namespace collide2d::detail {

// Without SSE2 (the WebAssembly package): no lanes, the searches of polygon_pair_distance.hpp
// answer (so least_vertex is never reached).
inline bool quad_separations(const ConvexPolygon<float>&, int, const ConvexPolygon<float>&, int,
                             EdgeSeparation<float>&, EdgeSeparation<float>&) {
  return false;
}
inline int least_vertex(const ConvexPolygon<float>&, int, const ConvexPolygon<float>&, int, float) {
  return -1;
}

}  // namespace collide2d::detail
#endif
