// area, intersection_area for every supported pair (see area.hpp for the methods).
#include <algorithm>
#include <cmath>
#include <utility>

#include "collide2d/area.hpp"
#include "detail/convex_core.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

using detail::ConvexCore;

// Up to 8 + 8 vertices: clipping a convex n-gon by a convex m-gon adds at most one vertex per edge.
constexpr int max_clip_vertices = 2 * max_polygon_vertices;

template <class T>
struct ClipPolygon {
  Vec2<T> v[max_clip_vertices];
  int count;
};

template <class T>
T shoelace(const Vec2<T>* v, int n) {
  T twice = T(0);
  for (int i = 0; i < n; ++i)
    twice += cross(v[i], v[i + 1 < n ? i + 1 : 0]);
  return T(0.5) * twice;
}

// Sutherland-Hodgman: keep the part of `subject` inside the line through c with direction e (the
// inside being cross(e, p - c) >= 0). Points on the line are inside, so a polygon clipped by its
// own edges is unchanged, bit for bit.
template <class T>
ClipPolygon<T> clip_by_edge(const ClipPolygon<T>& subject, Vec2<T> c, Vec2<T> e) {
  ClipPolygon<T> out{};
  for (int i = 0; i < subject.count; ++i) {
    const Vec2<T> p = subject.v[i];
    const Vec2<T> q = subject.v[i + 1 < subject.count ? i + 1 : 0];
    const T sp = cross(e, p - c);
    const T sq = cross(e, q - c);
    // A convex subject gains at most one vertex per clip, so it never fills the buffer; an invalid
    // (non-convex) one may, and is cut short rather than written past the end.
    if (sp >= T(0) && out.count < max_clip_vertices) out.v[out.count++] = p;
    if (((sp > T(0) && sq < T(0)) || (sp < T(0) && sq > T(0))) && out.count < max_clip_vertices) {
      out.v[out.count++] = p + (sp / (sp - sq)) * (q - p);
    }
  }
  return out;
}

template <class T>
T polygon_cores_area(const ConvexCore<T>& a, const ConvexCore<T>& b) {
  if (a.count < 3 || b.count < 3) return T(0);
  ClipPolygon<T> clipped{};
  for (int i = 0; i < b.count; ++i)
    clipped.v[i] = b.vertices[i];
  clipped.count = b.count;
  for (int i = 0; i < a.count && clipped.count > 0; ++i) {
    clipped = clip_by_edge(clipped, a.vertices[i], detail::edge(a.vertices, a.count, i));
  }
  return std::max(T(0), shoelace(clipped.v, clipped.count));
}

template <class T>
T sector(Vec2<T> p, Vec2<T> q, T r) {
  return T(0.5) * r * r * std::atan2(cross(p, q), dot(p, q));
}

// Signed area of the disc of radius r at the origin cut by the triangle (origin, p, q).
template <class T>
T disc_triangle_area(Vec2<T> p, Vec2<T> q, T r) {
  const Vec2<T> d = q - p;
  const T a = length_squared(d);
  if (!(a > T(0))) return T(0);
  const T b = dot(p, d);
  const T c = length_squared(p) - r * r;
  const T disc = b * b - a * c;
  if (!(disc > T(0))) return sector(p, q, r);  // the edge's line misses the circle or grazes it
  const T s = std::sqrt(disc);
  const T t1 = std::max((-b - s) / a, T(0));
  const T t2 = std::min((-b + s) / a, T(1));
  if (t1 >= t2) return sector(p, q, r);  // the chord lies outside the edge
  // An edge end inside the circle is used as is: p + 1 (q - p) is not always q, and near the
  // centre the sector between two almost-equal points would take the angle of their difference
  // (up to pi: a phantom half disc).
  const Vec2<T> m1 = t1 > T(0) ? p + t1 * d : p;
  const Vec2<T> m2 = t2 < T(1) ? p + t2 * d : q;
  return sector(p, m1, r) + T(0.5) * cross(m1, m2) + sector(m2, q, r);
}

// The power of two nearest above `largest`: lengths divided by it are at most 1, so no square
// overflows and none underflows needlessly; areas scale back by its square. Exact, being a power
// of two. Without it, circles of radius 1e-37 (valid floats) gave 0 / 0 in the lens formula.
template <class T>
int unit_exponent(T largest) {
  int exponent = 0;
  std::frexp(largest, &exponent);
  return exponent;
}

template <class T>
T circle_core_area(const ConvexCore<T>& circle, const ConvexCore<T>& polygon) {
  if (polygon.count < 3 || !(circle.radius > T(0))) return T(0);
  const Vec2<T> c = circle.vertices[0];
  T largest = circle.radius;
  for (int i = 0; i < polygon.count; ++i) {
    const Vec2<T> p = polygon.vertices[i] - c;
    largest = std::max({largest, std::abs(p.x), std::abs(p.y)});
  }
  if (!std::isfinite(largest)) return T(0);
  const int e = unit_exponent(largest);
  const auto scaled = [e](Vec2<T> v) { return Vec2<T>{std::ldexp(v.x, -e), std::ldexp(v.y, -e)}; };
  const T r = std::ldexp(circle.radius, -e);
  T sum = T(0);
  for (int i = 0; i < polygon.count; ++i) {
    const Vec2<T> p = scaled(polygon.vertices[i] - c);
    const Vec2<T> q = scaled(polygon.vertices[i + 1 < polygon.count ? i + 1 : 0] - c);
    sum += disc_triangle_area(p, q, r);
  }
  return std::ldexp(std::clamp(sum, T(0), pi<T> * r * r), 2 * e);
}

// u - sin(u) for u in [0, 2 pi], without the cancellation of the difference for small u: below 1
// its Taylor series u^3/3! - u^5/5! + ... (to u^19, whose remainder is below 1e-17 relative).
template <class T>
T angle_less_sine(T u) {
  if (u >= T(1)) return u - std::sin(u);
  // 1/3!, 1/5!, ..., 1/19!: Horner in u^2 with alternating signs.
  static constexpr double inverse_factorials[] = {
      1.0 / 6.0,          1.0 / 120.0,          1.0 / 5040.0,
      1.0 / 362880.0,     1.0 / 39916800.0,     1.0 / 6227020800.0,
      1.0 / 1307674368e3, 1.0 / 355687428096e3, 1.0 / 121645100408832e3};
  const T u2 = u * u;
  T series = T(0);
  for (int k = 8; k >= 0; --k)
    series = T(inverse_factorials[k]) - u2 * series;
  return u * u2 * series;
}

// The lens of two circles, radii r1 <= r2 and centre distance d: two circular segments cut by
// the common chord. With x1, x2 the signed distances from each centre to the chord along the centre
// line (x1 + x2 = d) and h the half chord (Heron's form of the kite's area, exact in its factors),
// each segment subtends u_i = 2 atan2(h, x_i) and has area r_i^2 (u_i - sin u_i) / 2.
//   x1 = ((d - r2)(d + r2) + r1^2) / (2 d)      x2 = ((d - r1)(d + r1) + r2^2) / (2 d)
// atan2 keeps the angle accurate where acos(x / r) near 1 loses half the digits (near tangency),
// and u - sin u is summed as a series for small u, so a sliver lens keeps its relative accuracy.
// The radii are put in a canonical order so that both argument orders give the same bits.
template <class T>
T circles_area(T r1, T r2, T d) {
  if (!(d < r1 + r2)) return T(0);  // apart or touching (or NaN input)
  if (r1 > r2) std::swap(r1, r2);
  const int e = unit_exponent(r2);
  r1 = std::ldexp(r1, -e);
  r2 = std::ldexp(r2, -e);
  d = std::ldexp(d, -e);
  if (d <= r2 - r1) return std::ldexp(pi<T> * r1 * r1, 2 * e);
  const T kite =
      std::sqrt(std::max(T(0), (-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2)));
  const T twice_d = T(2) * d;
  const T h = kite / twice_d;
  const T x1 = ((d - r2) * (d + r2) + r1 * r1) / twice_d;
  const T x2 = ((d - r1) * (d + r1) + r2 * r2) / twice_d;
  // A radius negligible beside the other can make 2 d underflow: its segment then has no area.
  const auto segment = [h](T r, T x) {
    const T u = T(2) * std::atan2(h, x);
    return u == u ? T(0.5) * r * r * angle_less_sine(u) : T(0);
  };
  const T lens = segment(r1, x1) + segment(r2, x2);
  return std::ldexp(std::clamp(lens, T(0), pi<T> * r1 * r1), 2 * e);
}

template <class T>
T core_intersection_area(const detail::CorePair<T>& pair, bool a_round, bool b_round) {
  if (a_round && b_round) {
    return circles_area(pair.a.radius, pair.b.radius,
                        length(pair.b.vertices[0] - pair.a.vertices[0]));
  }
  if (a_round) return circle_core_area(pair.a, pair.b);
  if (b_round) return circle_core_area(pair.b, pair.a);
  return polygon_cores_area(pair.a, pair.b);
}

// The area of a core as the intersection code sees it: the same arithmetic on the same relative
// coordinates, so that intersection_area(a, a) == core_area(a) to the bit.
template <class T>
T core_area(const ConvexCore<T>& core, bool round) {
  if (round) return pi<T> * core.radius * core.radius;
  return core.count >= 3 ? shoelace(core.vertices, core.count) : T(0);
}

template <class T>
struct AreaParts {
  T intersection;
  T area_a;
  T area_b;
};

template <class A, class B>
AreaParts<scalar_of<A>> area_parts(const A& a, const B& b) {
  using T = scalar_of<A>;
  if constexpr (std::is_same_v<A, Aabb<T>> && std::is_same_v<B, Aabb<T>>) {
    const T w = std::min(a.max.x, b.max.x) - std::max(a.min.x, b.min.x);
    const T h = std::min(a.max.y, b.max.y) - std::max(a.min.y, b.min.y);
    return {w > T(0) && h > T(0) ? w * h : T(0), area(a), area(b)};
  } else {
    const auto pair = detail::make_core_pair(a, b);
    const bool a_round = std::is_same_v<A, Circle<T>>;
    const bool b_round = std::is_same_v<B, Circle<T>>;
    return {core_intersection_area(pair, a_round, b_round), core_area(pair.a, a_round),
            core_area(pair.b, b_round)};
  }
}

}  // namespace

template <class S>
requires(is_shape_v<S>) scalar_of<S> area(const S& shape) {
  using T = scalar_of<S>;
  if constexpr (std::is_same_v<S, Circle<T>>) {
    return pi<T> * shape.radius * shape.radius;
  } else if constexpr (std::is_same_v<S, Capsule<T>>) {
    return pi<T> * shape.radius * shape.radius + T(2) * shape.radius * length(shape.b - shape.a);
  } else if constexpr (std::is_same_v<S, Aabb<T>>) {
    return (shape.max.x - shape.min.x) * (shape.max.y - shape.min.y);  // as Aabb pairs compute it
  } else if constexpr (std::is_same_v<S, Obb<T>>) {
    return T(4) * shape.half_extents.x * shape.half_extents.y;
  } else if constexpr (std::is_same_v<S, ConvexPolygon<T>>) {
    const ConvexCore<T> core = detail::make_core(detail::anchor_of(shape), shape);
    return shoelace(core.vertices, core.count);
  } else {
    return T(0);
  }
}

template <class A, class B>
requires(is_area_query_shape_v<A>&& is_area_query_shape_v<B>&& std::is_same_v<
         scalar_of<A>, scalar_of<B>>) scalar_of<A> intersection_area(const A& a, const B& b) {
  return area_parts(a, b).intersection;
}

template <class A, class B>
requires(is_area_query_shape_v<A>&& is_area_query_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) scalar_of<A> iou(const A& a, const B& b) {
  using T = scalar_of<A>;
  const AreaParts<T> parts = area_parts(a, b);
  // The intersection is computed apart from the two areas and may round above the smaller one
  // (an Obb against the same box as a polygon); capped, the union is at least the intersection
  // and the ratio stays in [0, 1], with exactly 1 when the intersection equals both areas.
  const T shared = std::min({parts.intersection, parts.area_a, parts.area_b});
  const T union_area = parts.area_a + parts.area_b - shared;
  return union_area > T(0) ? std::clamp(shared / union_area, T(0), T(1)) : T(0);
}

#define COLLIDE2D_INSTANTIATE_AREA(S) template scalar_of<S> area<S>(const S& shape);
#define COLLIDE2D_INSTANTIATE_AREA_PAIR(A, B)                            \
  template scalar_of<A> intersection_area<A, B>(const A& a, const B& b); \
  template scalar_of<A> iou<A, B>(const A& a, const B& b);
#define COLLIDE2D_AREA_PAIRS_WITH(A, T)         \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(A, Circle<T>) \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(A, Aabb<T>)   \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(A, Obb<T>)    \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(A, ConvexPolygon<T>)
#define COLLIDE2D_AREA_FOR(T)                  \
  COLLIDE2D_INSTANTIATE_AREA(Vec2<T>)          \
  COLLIDE2D_INSTANTIATE_AREA(Segment<T>)       \
  COLLIDE2D_INSTANTIATE_AREA(Circle<T>)        \
  COLLIDE2D_INSTANTIATE_AREA(Capsule<T>)       \
  COLLIDE2D_INSTANTIATE_AREA(Aabb<T>)          \
  COLLIDE2D_INSTANTIATE_AREA(Obb<T>)           \
  COLLIDE2D_INSTANTIATE_AREA(ConvexPolygon<T>) \
  COLLIDE2D_AREA_PAIRS_WITH(Circle<T>, T)      \
  COLLIDE2D_AREA_PAIRS_WITH(Aabb<T>, T)        \
  COLLIDE2D_AREA_PAIRS_WITH(Obb<T>, T)         \
  COLLIDE2D_AREA_PAIRS_WITH(ConvexPolygon<T>, T)
COLLIDE2D_AREA_FOR(float)
COLLIDE2D_AREA_FOR(double)

}  // namespace collide2d
