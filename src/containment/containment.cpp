// contains and contains_strictly for every pair, on convex cores (see containment.hpp), with a
// filter in front for the box and polygon pairs.
#include "collide2d/containment.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <type_traits>

#include "collide2d/detail/lanes_sse2.hpp"
#include "convex/convex_core.hpp"
#include "detail/instantiate_pairs.hpp"
#include "detail/instantiate_rounded.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

using detail::ConvexCore;

// dist(v, polygon core)^2 against room^2 (room > 0): v in the core, or within room of an edge,
// compared squared as point_segment_comparison does (strict: < room, the interior's test).
template <class T>
bool polygon_core_within(const ConvexCore<T>& a, Vec2<T> v, T room, bool strict) {
  if (detail::point_in_polygon(v, a.vertices, a.count)) return true;
  for (int i = 0; i < a.count; ++i) {
    const Vec2<T> next = a.vertices[i + 1 < a.count ? i + 1 : 0];
    const auto c = detail::point_segment_comparison(v, a.vertices[i], next, room * room);
    if (strict ? c.lhs < c.rhs : c.lhs <= c.rhs) return true;
  }
  return false;
}

// Is the disc of radius r around v inside A's core swept by A's radius? With strict, inside the
// interior: every comparison becomes strict.
template <class T>
bool disc_inside(const ConvexCore<T>& a, Vec2<T> v, T r, bool strict) {
  if (a.count <= 2) {
    // A is a point or segment core swept by a.radius: v within a.radius - r of the core.
    const T room = a.radius - r;
    if (room < T(0) || (strict && !(room > T(0)))) return false;
    const Vec2<T> end = a.vertices[a.count - 1];
    // One comparison for both modes, without division or square root: exact on integers, and
    // strict inside implies inside.
    const auto c = detail::point_segment_comparison(v, a.vertices[0], end, room * room);
    return strict ? c.lhs < c.rhs : c.lhs <= c.rhs;
  }
  // A polygon core swept by a.radius >= r (a RoundedPolygon): v within a.radius - r of the core.
  if (a.radius > r) return polygon_core_within(a, v, a.radius - r, strict);
  // Otherwise v inside every edge by r - a.radius (the disc shrunk by A's rounding must fit in
  // the core; r - 0 == r exactly for the unrounded shapes).
  const T depth = r - a.radius;
  for (int i = 0; i < a.count; ++i) {
    const Vec2<T> e = detail::edge(a.vertices, a.count, i);
    // cross(e, v - a_i) / |e| is how far v lies inside edge i; it must reach depth.
    const T inside = cross(e, v - a.vertices[i]);
    const T needed = depth == T(0) ? T(0) : depth * length(e);
    if (strict ? !(inside > needed) : !(inside >= needed)) return false;
  }
  return true;
}

// ---- The filter ----
//
// Building the two convex cores (zeroed arrays, corners, normals, the repeated-vertex check) cost
// about nine tenths of a box or polygon pair. So those pairs first take the plain corner test,
// evaluated in floating point with a bound on its rounding error: every corner of B inside every
// edge of A by a margin m computed as m', with |m' - m| <= e. Where m' > e for every margin, B is
// inside A's interior (both contains and contains_strictly are true); where some m' < -e, a corner
// is outside A (both false). Either way that is the exact answer, not one within a band. Only
// where some margin is within e of zero (touching, or NaN) does the pair go on to the core test
// below, so its answers there, and with them the lattice exactness of containment.hpp, are kept.
//
// The bounds: a value computed with k roundings from exact inputs, in sums and products, is off by
// at most gamma_k M (gamma_k = k u / (1 - k u), u = epsilon / 2, Higham, Accuracy and Stability of
// Numerical Algorithms, 3.1), where M is the same expression with every input and operation made
// non-negative. Each test below has k <= 6, so gamma_k M < 3.01 epsilon M; it uses a majorant of M
// that costs few operations and 8 epsilon, so that the rounding of the bound itself (a few ulps)
// cannot bring it under the error. Results in the subnormal range add an absolute error of at most
// half the smallest subnormal per operation (before scaling by a factor that M also carries), which
// the smallest normal number added to every bound covers. Overflow makes the bound infinite or the
// margin infinite or NaN: unsure, never a wrong decision.
enum class Filtered { outside, inside, unsure };

template <class T>
T error_bound(T majorant) {
  return T(8) * std::numeric_limits<T>::epsilon() * majorant + std::numeric_limits<T>::min();
}

// Folds margins with their bounds into one decision; a clear outside decides at once.
struct Verdict {
  bool all_inside = true;
  bool any_outside = false;

  template <class T>
  void add(T margin, T bound) {
    all_inside = all_inside & (margin > bound);
    any_outside = any_outside | (margin < -bound);
  }
  Filtered result() const {
    return any_outside ? Filtered::outside : all_inside ? Filtered::inside : Filtered::unsure;
  }
};

// B's vertices where they are exact inputs (no rounding): points, segments, axis-aligned boxes and
// polygons. Obb B (whose corners would be rounded) has tests of its own. A point's, a segment's or
// a box's corners are held in the object itself, with v pointing at them, so a Vertices is never
// copied or moved (a copy's v would point into its source): vertices_of returns a prvalue, which
// C++17 constructs in place.
template <class T>
struct Vertices {
  Vertices(std::initializer_list<Vec2<T>> corners) : v(own), n(int(corners.size())) {
    std::copy(corners.begin(), corners.end(), own);
  }
  Vertices(const Vec2<T>* array, int count) : v(array), n(count) {}
  Vertices(const Vertices&) = delete;
  Vertices& operator=(const Vertices&) = delete;

  Vec2<T> own[4] = {};
  const Vec2<T>* v;
  int n;
};

template <class T>
Vertices<T> vertices_of(const Point<T>& p) {
  return {p};
}
template <class T>
Vertices<T> vertices_of(const Segment<T>& s) {
  return {s.a, s.b};
}
template <class T>
Vertices<T> vertices_of(const Aabb<T>& b) {
  return {b.min, {b.max.x, b.min.y}, b.max, {b.min.x, b.max.y}};
}
template <class T>
Vertices<T> vertices_of(const ConvexPolygon<T>& p) {
  return Vertices<T>(p.vertices, detail::vertex_count(p));
}

template <class S>
inline constexpr bool has_exact_vertices_v =
    std::is_same_v<S, Point<scalar_of<S>>> || std::is_same_v<S, Segment<scalar_of<S>>> ||
    std::is_same_v<S, Aabb<scalar_of<S>>> || std::is_same_v<S, ConvexPolygon<scalar_of<S>>>;

// Aabb A, exact vertices: comparisons of the inputs themselves, exact with no filter.
template <class T>
bool vertices_in_aabb(const Aabb<T>& a, const Vertices<T>& b, bool strict) {
  bool inside = true;
  for (int i = 0; i < b.n; ++i) {
    const Vec2<T> p = b.v[i];
    inside =
        inside & (strict ? a.min.x < p.x && p.x < a.max.x && a.min.y < p.y && p.y < a.max.y
                         : a.min.x <= p.x && p.x <= a.max.x && a.min.y <= p.y && p.y <= a.max.y);
  }
  return inside;
}

// Aabb A, Obb B: B's world extents about its centre are e_x = |c| h_x + |s| h_y and
// e_y = |s| h_x + |c| h_y, and B is inside when its centre is that far inside each side. Three
// roundings per margin, none of them in a cancelling product: M <= the sum below.
template <class T>
Filtered obb_in_aabb(const Aabb<T>& a, const Obb<T>& b) {
  using detail::abs;
  const T c = abs(b.rotation.c);
  const T s = abs(b.rotation.s);
  const T ex = c * b.half_extents.x + s * b.half_extents.y;
  const T ey = s * b.half_extents.x + c * b.half_extents.y;
  const T left = b.center.x - a.min.x;
  const T right = a.max.x - b.center.x;
  const T bottom = b.center.y - a.min.y;
  const T top = a.max.y - b.center.y;
  const T bound = error_bound(((abs(left) + abs(right)) + (abs(bottom) + abs(top))) + (ex + ey));
  Verdict verdict;
  verdict.add(left - ex, bound);
  verdict.add(right - ex, bound);
  verdict.add(bottom - ey, bound);
  verdict.add(top - ey, bound);
  return verdict.result();
}

// Obb A, exact vertices: p = R^T (v - centre) must satisfy |p.x| <= n h.x and |p.y| <= n h.y with
// n = c^2 + s^2 (A's corners are centre +- (c, s) h.x +- (-s, c) h.y, so in the frame R^T its
// half extents are n h, exactly h for a unit rotation). Four roundings; M <= W S with
// W = 1 + n >= max(|c|, |s|, n) and S = |d.x| + |d.y| + h.x + h.y. One pass keeps the least
// margin over the vertices and the sum of their |d.x| + |d.y|, and the bound is taken once, with
// that sum in S: at least every vertex's own bound, so each decision it allows is one that the
// vertex's bound allows. A sum, not a maximum, so that an infinite or NaN input makes it (and the
// bound) infinite or NaN: the one way a margin, which std::min may drop, can be NaN. No jump in
// the pass: a plain pass over a few vertices costs less than an early exit's mispredicted jumps.
template <class T>
struct LeastMargin {
  T least;  // the least margin
  T sizes;  // the sum of the vertices' sizes that bound its rounding error
};

template <class T>
LeastMargin<T> least_in_frame(const Vertices<T>& b, Vec2<T> centre, Rot<T> q, Vec2<T> h) {
  using detail::abs;
  LeastMargin<T> out{std::numeric_limits<T>::infinity(), T(0)};
  for (int i = 0; i < b.n; ++i) {
    const Vec2<T> d = b.v[i] - centre;
    const Vec2<T> p = inverse_rotate(q, d);
    out.least = std::min(out.least, std::min(h.x - abs(p.x), h.y - abs(p.y)));
    out.sizes += abs(d.x) + abs(d.y);
  }
  return out;
}

// Polygon A's edge e from `start`: the least cross(e, v - start) over the vertices, and the sum of
// |w.x| + |w.y| (w = v - start) for its bound (vertices_in_polygon).
template <class T>
LeastMargin<T> least_beside_edge(const Vertices<T>& b, Vec2<T> start, Vec2<T> e) {
  using detail::abs;
  LeastMargin<T> out{std::numeric_limits<T>::infinity(), T(0)};
  for (int j = 0; j < b.n; ++j) {
    const Vec2<T> w = b.v[j] - start;
    out.least = std::min(out.least, cross(e, w));
    out.sizes += abs(w.x) + abs(w.y);
  }
  return out;
}

#if COLLIDE2D_SSE2_MIN_MAX
// float on SSE2: the same margins and sizes for two vertices at a time, (x0, y0, x1, y1) from one
// load; an odd count takes the last vertex twice (its margins again, and its size twice in the
// sum, which only raises the bound). Each vertex's lanes are the scalar products and sums above;
// the least margin and the sum are reduced from the four lanes at the end. _mm_min_ps keeps a NaN
// only sometimes, which the sums make harmless as above.
inline __m128 vertex_pair(const Vertices<float>& b, int j) {
  return j + 1 < b.n ? detail::load_two(b.v + j) : detail::load_xy_twice(b.v[j]);
}

inline __m128 lane_abs(__m128 v) {
  return _mm_and_ps(v, _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff)));
}

inline LeastMargin<float> reduce_lanes(__m128 least, __m128 sizes) {
  least = _mm_min_ps(least, detail::pick<_MM_SHUFFLE(1, 0, 3, 2)>(least));
  least = _mm_min_ps(least, detail::pick<_MM_SHUFFLE(2, 3, 0, 1)>(least));
  sizes = _mm_add_ps(sizes, detail::pick<_MM_SHUFFLE(1, 0, 3, 2)>(sizes));
  sizes = _mm_add_ps(sizes, detail::pick<_MM_SHUFFLE(2, 3, 0, 1)>(sizes));
  return {_mm_cvtss_f32(least), _mm_cvtss_f32(sizes)};
}

// p = (c d.x + s d.y, -s d.x + c d.y) for both vertices.
inline LeastMargin<float> least_in_frame(const Vertices<float>& b, Vec2<float> centre, Rot<float> q,
                                         Vec2<float> h) {
  const __m128 centres = detail::load_xy_twice(centre);
  const __m128 c_minus_s = _mm_setr_ps(q.c, -q.s, q.c, -q.s);
  const __m128 s_c = _mm_setr_ps(q.s, q.c, q.s, q.c);
  const __m128 halves = _mm_setr_ps(h.x, h.y, h.x, h.y);
  __m128 least = _mm_set1_ps(std::numeric_limits<float>::infinity());
  __m128 sizes = _mm_setzero_ps();
  for (int j = 0; j < b.n; j += 2) {
    const __m128 d = _mm_sub_ps(vertex_pair(b, j), centres);
    const __m128 p = _mm_add_ps(_mm_mul_ps(detail::pick<_MM_SHUFFLE(2, 2, 0, 0)>(d), c_minus_s),
                                _mm_mul_ps(detail::pick<_MM_SHUFFLE(3, 3, 1, 1)>(d), s_c));
    least = _mm_min_ps(least, _mm_sub_ps(halves, lane_abs(p)));
    sizes = _mm_add_ps(sizes, lane_abs(d));
  }
  return reduce_lanes(least, sizes);
}

// With (-e.y, e.x) in both halves, the product plus its lanes swapped in pairs holds each vertex's
// cross(e, w) = e.x w.y - e.y w.x in both of its lanes.
inline LeastMargin<float> least_beside_edge(const Vertices<float>& b, Vec2<float> start,
                                            Vec2<float> e) {
  const __m128 starts = detail::load_xy_twice(start);
  const __m128 normal = _mm_setr_ps(-e.y, e.x, -e.y, e.x);
  __m128 least = _mm_set1_ps(std::numeric_limits<float>::infinity());
  __m128 sizes = _mm_setzero_ps();
  for (int j = 0; j < b.n; j += 2) {
    const __m128 w = _mm_sub_ps(vertex_pair(b, j), starts);
    const __m128 terms = _mm_mul_ps(w, normal);
    least = _mm_min_ps(least, _mm_add_ps(terms, detail::pick<_MM_SHUFFLE(2, 3, 0, 1)>(terms)));
    sizes = _mm_add_ps(sizes, lane_abs(w));
  }
  return reduce_lanes(least, sizes);
}
#endif

template <class T>
Filtered vertices_in_obb(const Obb<T>& a, const Vertices<T>& b) {
  if (b.n <= 0) return Filtered::unsure;
  const Rot<T> q = a.rotation;
  const T n = q.c * q.c + q.s * q.s;
  const LeastMargin<T> m = least_in_frame(b, a.center, q, n * a.half_extents);
  const T h = a.half_extents.x + a.half_extents.y;
  Verdict verdict;
  verdict.add(m.least, error_bound((T(1) + n) * (m.sizes + h)));
  return verdict.result();
}

// Obb A, Obb B, in A's frame R_a^T: B's centre is at d = R_a^T (c_b - c_a) and its half axes are
// h_b.x (r.c, r.s) and h_b.y (-r.s, r.c), with r = (c_a c_b + s_a s_b, c_a s_b - s_a c_b). Its
// furthest corner along x is at |d.x| + h_b.x |r.c| + h_b.y |r.s|, which must be within n_a h_a.x
// (vertices_in_obb), and likewise along y: the four-corner test in two comparisons. Six roundings;
// with |c_a c_b| + |s_a s_b| <= |q_a| |q_b| <= (n_a + n_b) / 2 and |c_a| <= (1 + n_a) / 2, every
// term of M is at most W = 1 + n_a + n_b times one of the sizes in S.
template <class T>
Filtered obb_in_obb(const Obb<T>& a, const Obb<T>& b) {
  using detail::abs;
  const Rot<T> qa = a.rotation;
  const Rot<T> qb = b.rotation;
  const Vec2<T> delta = b.center - a.center;
  const Vec2<T> d = inverse_rotate(qa, delta);
  const T rc = abs(qa.c * qb.c + qa.s * qb.s);
  const T rs = abs(qa.c * qb.s - qa.s * qb.c);
  const T na = qa.c * qa.c + qa.s * qa.s;
  const T nb = qb.c * qb.c + qb.s * qb.s;
  const Vec2<T> hb = b.half_extents;
  const T reach_x = (abs(d.x) + hb.x * rc) + hb.y * rs;
  const T reach_y = (abs(d.y) + hb.x * rs) + hb.y * rc;
  const T sizes =
      ((abs(delta.x) + abs(delta.y)) + (hb.x + hb.y)) + (a.half_extents.x + a.half_extents.y);
  const T bound = error_bound(((T(1) + na) + nb) * sizes);
  Verdict verdict;
  verdict.add(na * a.half_extents.x - reach_x, bound);
  verdict.add(na * a.half_extents.y - reach_y, bound);
  return verdict.result();
}

// Polygon A, exact vertices: cross(e_i, v - a_i) >= 0 for every edge e_i = a_{i+1} - a_i and
// vertex v. Three roundings; M = |e.x| |w.y| + |e.y| |w.x| <= (|e.x| + |e.y|) max(|w.x|, |w.y|).
// Each edge takes the least margin over the vertices and one bound, with the sum of their
// |w.x| + |w.y| for the maximum: at least each vertex's own bound, and a sum keeps an infinite or
// NaN input (the only source of a NaN margin, which std::min may drop), as in vertices_in_obb.
template <class T>
Filtered vertices_in_polygon(const ConvexPolygon<T>& a, const Vertices<T>& b) {
  using detail::abs;
  const int n = detail::vertex_count(a);
  if (n < 3 || b.n <= 0) return Filtered::unsure;
  Verdict verdict;
  for (int i = 0; i < n; ++i) {
    const Vec2<T> e = detail::edge(a.vertices, n, i);
    const LeastMargin<T> m = least_beside_edge(b, a.vertices[i], e);
    verdict.add(m.least, error_bound((abs(e.x) + abs(e.y)) * m.sizes));
    if (verdict.any_outside) return Filtered::outside;
  }
  return verdict.result();
}

// Polygon A, Obb B: per edge, the corner of B least inside it is at
// cross(e, c_b - a_i) - |cross(e, u)| - |cross(e, v)|, with u = (c, s) h.x and v = (-s, c) h.y
// B's half axes (cross is linear in its second argument). Five roundings; M <= (|e.x| + |e.y|)
// (|d|_max + |u|_max + |v|_max).
template <class T>
Filtered obb_in_polygon(const ConvexPolygon<T>& a, const Obb<T>& b) {
  using detail::abs;
  const int n = detail::vertex_count(a);
  if (n < 3) return Filtered::unsure;
  const Vec2<T> u = b.half_extents.x * b.rotation.x_axis();
  const Vec2<T> v = b.half_extents.y * b.rotation.y_axis();
  const T axes = std::max(abs(u.x), abs(u.y)) + std::max(abs(v.x), abs(v.y));
  Verdict verdict;
  for (int i = 0; i < n; ++i) {
    const Vec2<T> e = detail::edge(a.vertices, n, i);
    const Vec2<T> d = b.center - a.vertices[i];
    const T margin = (cross(e, d) - abs(cross(e, u))) - abs(cross(e, v));
    const T size = (abs(e.x) + abs(e.y)) * (std::max(abs(d.x), abs(d.y)) + axes);
    verdict.add(margin, error_bound(size));
    if (verdict.any_outside) return Filtered::outside;
  }
  return verdict.result();
}

// The filter for the pairs that have one; unsure for the others.
template <class A, class B>
Filtered filter_contains(const A& a, const B& b) {
  using T = scalar_of<A>;
  if constexpr (std::is_same_v<A, Obb<T>> && std::is_same_v<B, Obb<T>>) {
    return obb_in_obb(a, b);
  } else if constexpr (std::is_same_v<A, Obb<T>> && has_exact_vertices_v<B>) {
    return vertices_in_obb(a, vertices_of(b));
  } else if constexpr (std::is_same_v<A, Aabb<T>> && std::is_same_v<B, Obb<T>>) {
    return obb_in_aabb(a, b);
  } else if constexpr (std::is_same_v<A, ConvexPolygon<T>> && std::is_same_v<B, Obb<T>>) {
    return obb_in_polygon(a, b);
  } else if constexpr (std::is_same_v<A, ConvexPolygon<T>> && has_exact_vertices_v<B>) {
    return vertices_in_polygon(a, vertices_of(b));
  } else {
    return Filtered::unsure;
  }
}

// ---- The core test ----

template <class A, class B>
bool core_contains(const A& a, const B& b, bool strict) {
  using T = scalar_of<A>;
  if constexpr (std::is_same_v<A, Aabb<T>> && has_exact_vertices_v<B>) {
    const Vertices<T> v = vertices_of(b);
    if (v.n > 0) return vertices_in_aabb(a, v, strict);
  } else {
    const Filtered f = filter_contains(a, b);
    if (f != Filtered::unsure) return f == Filtered::inside;
  }
  const auto pair = detail::make_core_pair(a, b);
  if (strict && !has_area_v<A>) return false;  // an empty interior contains nothing
  for (int i = 0; i < pair.b.count; ++i) {
    if (!disc_inside(pair.a, pair.b.vertices[i], pair.b.radius, strict)) return false;
  }
  return true;
}

}  // namespace

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>) bool contains(
    const A& a, const B& b) {
  return core_contains(a, b, false);
}

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) bool contains_strictly(const A& a,
                                                                                const B& b) {
  return core_contains(a, b, true);
}

#define COLLIDE2D_INSTANTIATE_CONTAINMENT(A, B)         \
  template bool contains<A, B>(const A& a, const B& b); \
  template bool contains_strictly<A, B>(const A& a, const B& b);
COLLIDE2D_INSTANTIATE_ALL_PAIRS(COLLIDE2D_INSTANTIATE_CONTAINMENT)
COLLIDE2D_INSTANTIATE_ROUNDED_PAIRS(COLLIDE2D_INSTANTIATE_CONTAINMENT)

}  // namespace collide2d
