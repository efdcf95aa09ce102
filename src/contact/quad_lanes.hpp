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

// `any_triangle` false: both polygons of the pair are known to have four vertices, and the lanes
// are the array's first four pairs as they are (rounded boxes: the selection cost a tenth of the
// separating axes' instructions).
template <bool any_triangle = true>
COLLIDE2D_FORCE_INLINE QuadLanes quad_lanes(const Vec2<float>* points, int n) {
  static_assert(sizeof(Vec2<float>) == 2 * sizeof(float), "(x, y) pairs of floats");
  const float* xy = &points[0].x;
  const __m128 xy01 = _mm_loadu_ps(xy);
  __m128 xy23 = _mm_loadu_ps(xy + 4);
  if constexpr (any_triangle) {
    // A triangle: (x2, y2, x3, y3) becomes (x2, y2, x2, y2), one selection before the shuffles.
    const __m128 four = _mm_castsi128_ps(_mm_set1_epi32(-static_cast<int>(n > 3)));
    xy23 = _mm_or_ps(_mm_and_ps(four, xy23), _mm_andnot_ps(four, _mm_movelh_ps(xy23, xy23)));
  }
  return {_mm_shuffle_ps(xy01, xy23, _MM_SHUFFLE(2, 0, 2, 0)),
          _mm_shuffle_ps(xy01, xy23, _MM_SHUFFLE(3, 1, 3, 1))};
}

// A polygon's vertices and edge normals as lanes.
struct QuadPolygon {
  QuadLanes vertices, normals;
};

template <bool any_triangle = true>
COLLIDE2D_FORCE_INLINE QuadPolygon quad_polygon(const ConvexPolygon<float>& p, int n) {
  return {quad_lanes<any_triangle>(p.vertices, n), quad_lanes<any_triangle>(p.normals, n)};
}

// No NaN or infinity among the lanes of either polygon: PolygonFaces::finite's answer for both, or
// false where finite coordinates sum past the largest float (those pairs take the searches of
// polygon_pair_distance.hpp, which answer them as before). The sum of the lanes is finite
// exactly when each lane is finite and no partial sum overflows; sum - sum is then 0, else NaN.
COLLIDE2D_FORCE_INLINE bool quads_finite(const QuadPolygon& a, const QuadPolygon& b) {
  const __m128 sum = _mm_add_ps(
      _mm_add_ps(_mm_add_ps(a.vertices.x, a.vertices.y), _mm_add_ps(a.normals.x, a.normals.y)),
      _mm_add_ps(_mm_add_ps(b.vertices.x, b.vertices.y), _mm_add_ps(b.normals.x, b.normals.y)));
  const __m128 zero = _mm_sub_ps(sum, sum);
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

// x > y ? x : y and x < y ? x : y (y on ties, and where either is NaN) as one instruction each,
// where the compiler branched on std::max and std::min.
COLLIDE2D_FORCE_INLINE float greater_or_second(float x, float y) {
  return _mm_cvtss_f32(_mm_max_ss(_mm_set_ss(x), _mm_set_ss(y)));
}
COLLIDE2D_FORCE_INLINE float less_or_second(float x, float y) {
  return _mm_cvtss_f32(_mm_min_ss(_mm_set_ss(x), _mm_set_ss(y)));
}

// The greatest lane and the first lane that holds it (a search's "strictly greater replaces"
// keeps the first of equals), or -1 where no lane equals the lanes' maximum (a NaN lane).
COLLIDE2D_FORCE_INLINE int first_max_lane(__m128 v, float& value) {
  __m128 m = _mm_max_ps(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(1, 0, 3, 2)));
  m = _mm_max_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
  value = _mm_cvtss_f32(m);
  const int equal = _mm_movemask_ps(_mm_cmpeq_ps(v, m));
  return equal != 0 ? __builtin_ctz(static_cast<unsigned>(equal)) : -1;
}

// Two polygons of three or four vertices as lanes, and each one's deepest edge over the other's
// vertices as deepest_edge searched to the end finds it (its separation and edge; vertex -1, for
// least_vertex).
struct QuadPair {
  QuadPolygon a, b;
  EdgeSeparation<float> sa, sb;
};

// QuadPair of a and b, or false where a coordinate or normal is NaN or infinite (q then holds
// nothing of use). No early out: with four edges a vector, both whole searches cost less than the
// branches of one that stops at an edge beyond the radii or runs on, as the data says (about two
// mispredicted branches a pair of rounded boxes, callgrind, 2026-11-29).
template <bool any_triangle>
COLLIDE2D_FORCE_INLINE bool quad_pair_of(const ConvexPolygon<float>& a, int na,
                                         const ConvexPolygon<float>& b, int nb, QuadPair& q) {
  q.a = quad_polygon<any_triangle>(a, na);
  q.b = quad_polygon<any_triangle>(b, nb);
  if (!quads_finite(q.a, q.b)) return false;
  q.sa.edge = first_max_lane(edge_minima(q.a, q.b.vertices), q.sa.separation);
  q.sb.edge = first_max_lane(edge_minima(q.b, q.a.vertices), q.sb.separation);
  q.sa.vertex = q.sb.vertex = -1;
  return true;
}

// na and nb in [3, 4]. Two quadrilaterals (rounded boxes, the usual pair) take the lanes without
// the triangle's selection.
COLLIDE2D_FORCE_INLINE bool quad_pair(const ConvexPolygon<float>& a, int na,
                                      const ConvexPolygon<float>& b, int nb, QuadPair& q) {
  if ((na == 4) & (nb == 4)) return quad_pair_of<false>(a, na, b, nb, q);
  return quad_pair_of<true>(a, na, b, nb, q);
}

// The separations alone (PolygonContact's constructor).
COLLIDE2D_FORCE_INLINE bool quad_separations(const ConvexPolygon<float>& a, int na,
                                             const ConvexPolygon<float>& b, int nb,
                                             EdgeSeparation<float>& sa, EdgeSeparation<float>& sb) {
  QuadPair q;
  if (!quad_pair(a, na, b, nb, q)) return false;
  sa = q.sa;
  sb = q.sb;
  return true;
}

// The edge of a polygon of at most four edges whose unit normal is most aligned with d (dot
// n . d, the first of equals), and that alignment: contact.cpp's best_face on finite lanes (-1
// where a dot is NaN).
COLLIDE2D_FORCE_INLINE int most_aligned(const QuadLanes& normals, Vec2<float> d, float& alignment) {
  const __m128 dots =
      _mm_add_ps(_mm_mul_ps(normals.x, _mm_set1_ps(d.x)), _mm_mul_ps(normals.y, _mm_set1_ps(d.y)));
  return first_max_lane(dots, alignment);
}

// The first vertex of `vertices` (nv of them, 3 or 4) least beyond edge i of `edges`, whose least
// value is `value`: deepest_edge's vertex, by the same lane values.
inline int least_vertex(const ConvexPolygon<float>& edges, int i,
                        const ConvexPolygon<float>& vertices, int nv, float value) {
  const QuadLanes v = quad_lanes(vertices.vertices, nv);
  const Vec2<float> n = edges.normals[i], a = edges.vertices[i];
  const __m128 values = _mm_add_ps(_mm_mul_ps(_mm_set1_ps(n.x), _mm_sub_ps(v.x, _mm_set1_ps(a.x))),
                                   _mm_mul_ps(_mm_set1_ps(n.y), _mm_sub_ps(v.y, _mm_set1_ps(a.y))));
  const int equal = _mm_movemask_ps(_mm_cmpeq_ps(values, _mm_set1_ps(value)));
  return equal != 0 ? __builtin_ctz(static_cast<unsigned>(equal)) : 0;
}

// clip_to_face (contact.cpp) for float: both ends' crossings in one vector (lanes x0, y0, x1, y1),
// each end kept or moved by a mask, with the scalar form's operations in each lane, so the same
// points. Compilers left the scalar form's selections as branches, mispredicted on a third of the
// clipped pairs (callgrind, 2026-11-29).
COLLIDE2D_FORCE_INLINE void clip_ends(Vec2<float> p0, Vec2<float> p1, float s0, float s1,
                                      float length, Vec2<float> out[2]) {
  const __m128 s = _mm_setr_ps(s0, s0, s1, s1);
  const __m128 len = _mm_set1_ps(length);
  const __m128 beyond = _mm_cmpgt_ps(s, len);
  // The side plane an end is moved to: length beyond the far one, else 0 (the near one).
  const __m128 plane = _mm_and_ps(beyond, len);
  const __m128 start = _mm_set1_ps(s0);
  const __m128 t = _mm_div_ps(_mm_sub_ps(plane, start), _mm_sub_ps(_mm_set1_ps(s1), start));
  const __m128 a = _mm_setr_ps(p0.x, p0.y, p0.x, p0.y);
  const __m128 b = _mm_setr_ps(p1.x, p1.y, p1.x, p1.y);
  const __m128 crossing = _mm_add_ps(a, _mm_mul_ps(t, _mm_sub_ps(b, a)));  // lerp(p0, p1, t)
  const __m128 ends = _mm_setr_ps(p0.x, p0.y, p1.x, p1.y);
  const __m128 moves = _mm_cmpneq_ps(start, _mm_set1_ps(s1));
  const __m128 clip = _mm_and_ps(moves, _mm_or_ps(_mm_cmplt_ps(s, _mm_setzero_ps()), beyond));
  _mm_storeu_ps(&out[0].x, _mm_or_ps(_mm_and_ps(clip, crossing), _mm_andnot_ps(clip, ends)));
}

// clip_to_face (contact.cpp) for float, its ends and the face's read from the polygons' arrays
// straight into lanes, and the three dots (the face's length and both ends' positions along
// `tangent`) taken two lanes a dot, each (x difference times t.x) + (y difference times t.y) as
// dot() rounds it: the same points. The scalar form unpacked its (x, y) arguments one coordinate at
// a time (about 130 instructions a clip, callgrind 2026-11-29).
COLLIDE2D_FORCE_INLINE int clip_to_face_lanes(const Vec2<float>* p0, const Vec2<float>* p1,
                                              const Vec2<float>* r0, const Vec2<float>* r1,
                                              Vec2<float> tangent, Vec2<float> out[2]) {
  const auto pair = [](const Vec2<float>* low, const Vec2<float>* high) {
    const __m128 l = _mm_castpd_ps(_mm_load_sd(reinterpret_cast<const double*>(low)));
    return _mm_loadh_pi(l, reinterpret_cast<const __m64*>(high));
  };
  const __m128 ends = pair(p0, p1);  // p0.x, p0.y, p1.x, p1.y
  const __m128 face = pair(r0, r1);  // r0.x, r0.y, r1.x, r1.y
  const __m128 start = _mm_movelh_ps(face, face);
  const __m128 t = _mm_setr_ps(tangent.x, tangent.y, tangent.x, tangent.y);
  const auto dots = [](__m128 v) {  // lanes 0 and 2: v0 + v1 and v2 + v3
    return _mm_add_ps(v, _mm_shuffle_ps(v, v, _MM_SHUFFLE(2, 3, 0, 1)));
  };
  const __m128 s01 = dots(_mm_mul_ps(_mm_sub_ps(ends, start), t));    // s0 in lane 0, s1 in 2
  const __m128 along = dots(_mm_mul_ps(_mm_sub_ps(face, start), t));  // length in lane 2
  const float s0 = _mm_cvtss_f32(s01);
  const float s1 = _mm_cvtss_f32(_mm_movehl_ps(s01, s01));
  const float length = _mm_cvtss_f32(_mm_movehl_ps(along, along));
  if (((s0 < 0.0f) & (s1 < 0.0f)) | ((s0 > length) & (s1 > length))) return 0;
  const __m128 s = _mm_shuffle_ps(s01, s01, _MM_SHUFFLE(2, 2, 0, 0));  // s0, s0, s1, s1
  const __m128 len = _mm_shuffle_ps(along, along, _MM_SHUFFLE(2, 2, 2, 2));
  const __m128 beyond = _mm_cmpgt_ps(s, len);
  const __m128 plane = _mm_and_ps(beyond, len);
  const __m128 first = _mm_shuffle_ps(s01, s01, _MM_SHUFFLE(0, 0, 0, 0));
  const __m128 second = _mm_shuffle_ps(s01, s01, _MM_SHUFFLE(2, 2, 2, 2));
  const __m128 u = _mm_div_ps(_mm_sub_ps(plane, first), _mm_sub_ps(second, first));
  const __m128 a = _mm_movelh_ps(ends, ends);                              // p0, p0
  const __m128 b = _mm_movehl_ps(ends, ends);                              // p1, p1
  const __m128 crossing = _mm_add_ps(a, _mm_mul_ps(u, _mm_sub_ps(b, a)));  // lerp(p0, p1, u)
  const __m128 moves = _mm_cmpneq_ps(first, second);
  const __m128 clip = _mm_and_ps(moves, _mm_or_ps(_mm_cmplt_ps(s, _mm_setzero_ps()), beyond));
  _mm_storeu_ps(&out[0].x, _mm_or_ps(_mm_and_ps(clip, crossing), _mm_andnot_ps(clip, ends)));
  return out[0] == out[1] ? 1 : 2;
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
inline float greater_or_second(float x, float y) {
  return x > y ? x : y;
}
inline float less_or_second(float x, float y) {
  return x < y ? x : y;
}

}  // namespace collide2d::detail
#endif
