// contains and contains_strictly for every pair, on convex cores (see containment.hpp), with a
// filter in front for the box and polygon pairs.
#include "collide2d/containment.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "convex/convex_core.hpp"
#include "detail/instantiate_pairs.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

using detail::ConvexCore;

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
  for (int i = 0; i < a.count; ++i) {
    const Vec2<T> e = detail::edge(a.vertices, a.count, i);
    // cross(e, v - a_i) / |e| is how far v lies inside edge i; it must reach r.
    const T inside = cross(e, v - a.vertices[i]);
    const T needed = r == T(0) ? T(0) : r * length(e);
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
// polygons. Obb B (whose corners would be rounded) has tests of its own.
template <class T>
struct Vertices {
  Vec2<T> own[4];
  const Vec2<T>* v;
  int n;
};

template <class T>
Vertices<T> vertices_of(const Point<T>& p) {
  Vertices<T> out{{p}, nullptr, 1};
  out.v = out.own;
  return out;
}
template <class T>
Vertices<T> vertices_of(const Segment<T>& s) {
  Vertices<T> out{{s.a, s.b}, nullptr, 2};
  out.v = out.own;
  return out;
}
template <class T>
Vertices<T> vertices_of(const Aabb<T>& b) {
  Vertices<T> out{{b.min, {b.max.x, b.min.y}, b.max, {b.min.x, b.max.y}}, nullptr, 4};
  out.v = out.own;
  return out;
}
template <class T>
Vertices<T> vertices_of(const ConvexPolygon<T>& p) {
  return {{}, p.vertices, detail::vertex_count(p)};
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
// W = 1 + n >= max(|c|, |s|, n) and S = |d.x| + |d.y| + h.x + h.y.
template <class T>
Filtered vertices_in_obb(const Obb<T>& a, const Vertices<T>& b) {
  using detail::abs;
  if (b.n <= 0) return Filtered::unsure;
  const Rot<T> q = a.rotation;
  const T n = q.c * q.c + q.s * q.s;
  const T w = T(1) + n;
  const T hx = n * a.half_extents.x;
  const T hy = n * a.half_extents.y;
  const T h = a.half_extents.x + a.half_extents.y;
  Verdict verdict;
  for (int i = 0; i < b.n; ++i) {
    const Vec2<T> d = b.v[i] - a.center;
    const Vec2<T> p = inverse_rotate(q, d);
    const T bound = error_bound(w * ((abs(d.x) + abs(d.y)) + h));
    verdict.add(hx - abs(p.x), bound);
    verdict.add(hy - abs(p.y), bound);
    if (verdict.any_outside) return Filtered::outside;
  }
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
template <class T>
Filtered vertices_in_polygon(const ConvexPolygon<T>& a, const Vertices<T>& b) {
  using detail::abs;
  const int n = detail::vertex_count(a);
  if (n < 3 || b.n <= 0) return Filtered::unsure;
  Verdict verdict;
  for (int i = 0; i < n; ++i) {
    const Vec2<T> e = detail::edge(a.vertices, n, i);
    const T e_size = abs(e.x) + abs(e.y);
    for (int j = 0; j < b.n; ++j) {
      const Vec2<T> w = b.v[j] - a.vertices[i];
      verdict.add(cross(e, w), error_bound(e_size * std::max(abs(w.x), abs(w.y))));
    }
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

}  // namespace collide2d
