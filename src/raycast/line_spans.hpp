// Private: where the infinite line origin + t * direction crosses each primitive. (LineSpan and
// the box's span are in collide2d/detail/ray_box-inl.hpp, which inlines the box ray casts.)
//
// Every function returns the closed interval [t0, t1] of line parameters inside the shape, with the
// unit outward normal at t0, or an empty span (t0 > t1, or NaN) when the line misses. Clipping to
// the ray's [0, max_t] happens once, in raycast.cpp. Callers have already handled a zero direction.
#pragma once

#include <cmath>
#include <limits>
#include <utility>

#include "collide2d/detail/ray_box-inl.hpp"
#include "collide2d/math.hpp"
#include "detail/predicates.hpp"

namespace collide2d::detail {

// A segment, possibly a single point. Solving origin + t d = a + u e by cross products:
// t cross(d, e) = cross(a - origin, e) and u cross(d, e) = cross(a - origin, d). The parameter
// range 0 <= u <= 1 is checked on the numerators, so it is exact where the products are.
//
// The end nearer the ray's origin is taken as `a`: the rounding error of cross(a - origin, e) is
// a few ulps of |a - origin| |e|, and for nearly parallel lines the true value is tiny, so a far
// reference end could swamp it and move t by a lot. A float ray starting 0.35 short of a segment's
// end and pointing away from it, nearly along it, was reported starting inside it (found by
// fuzz_scene).
template <class T>
LineSpan<T> segment_span(Vec2<T> origin, Vec2<T> d, Vec2<T> a, Vec2<T> b) {
  if (length_squared(b - origin) < length_squared(a - origin)) std::swap(a, b);
  const Vec2<T> e = b - a;
  const Vec2<T> m = a - origin;
  T denom = cross(d, e);
  if (denom != T(0)) {
    T t_num = cross(m, e);
    T u_num = cross(m, d);
    if (denom < T(0)) {
      denom = -denom;
      t_num = -t_num;
      u_num = -u_num;
    }
    if (!(T(0) <= u_num && u_num <= denom)) return LineSpan<T>::empty();
    Vec2<T> n = normalize(perp(e));
    if (dot(n, d) > T(0)) n = -n;
    const T t = t_num / denom;
    return {t, t, n};
  }
  // Parallel (or a point): the line must contain the segment, which then spans [ta, tb].
  if (cross(m, d) != T(0)) return LineSpan<T>::empty();
  const T dd = length_squared(d);
  const T ta = dot(m, d) / dd;
  const T tb = dot(b - origin, d) / dd;
  return {std::min(ta, tb), std::max(ta, tb), -normalize(d)};
}

// A circle: the line's closest approach to the centre is at tc = -dot(m, d) / |d|^2 with m the
// origin relative to the centre; the chord's half length follows from Pythagoras. Computing the
// closest point directly, rather than the discriminant b^2 - ac, avoids its cancellation for
// circles small against their distance (the approach of Box2D's b2RayCastCircle).
template <class T>
LineSpan<T> circle_span(Vec2<T> origin, Vec2<T> d, Vec2<T> center, T radius) {
  const Vec2<T> m = origin - center;
  const T dd = length_squared(d);
  const T tc = -dot(m, d) / dd;
  const Vec2<T> closest = m + tc * d;
  const T gap = radius * radius - length_squared(closest);
  if (!(gap >= T(0))) return LineSpan<T>::empty();
  // gap / dd overflows for a tiny direction (|d|^2 subnormal in float): the chord's half length in
  // t is then sqrt(gap) / |d|, finite (found by fuzz_scene: a float direction of length 2.8e-20
  // gave the chord t in (-inf, inf), a hit on circles hundreds of units off the ray).
  const T ratio = gap / dd;
  const T half = std::isfinite(ratio) ? std::sqrt(ratio) : std::sqrt(gap) / std::sqrt(dd);
  const T t0 = tc - half;
  // A zero radius (or an entry at the centre) leaves no surface direction: face the ray, as a
  // point.
  Vec2<T> normal = normalize(m + t0 * d);
  if (normal == Vec2<T>{T(0), T(0)}) normal = -normalize(d);
  return {t0, tc + half, normal};
}

// A convex polygon by Cyrus-Beck clipping: each edge's half-plane dot(n, p - v) <= 0, with n the
// unnormalised outward normal, bounds t from below when the line enters (dot(n, d) < 0) and from
// above when it leaves. A parallel edge either excludes the line or does not constrain it.
template <class T>
LineSpan<T> polygon_span(Vec2<T> origin, Vec2<T> d, const Vec2<T>* v, const Vec2<T>* normals,
                         int n) {
  if (n <= 0) return LineSpan<T>::empty();
  T t0 = -std::numeric_limits<T>::infinity();
  T t1 = std::numeric_limits<T>::infinity();
  int entry_edge = -1;
  for (int i = 0; i < n; ++i) {
    const Vec2<T> e = edge(v, n, i);
    const Vec2<T> outward{e.y, -e.x};
    const T inside_by = dot(outward, v[i] - origin);  // >= 0 when the origin is inside the edge
    const T rate = dot(outward, d);
    if (rate == T(0)) {
      if (!(inside_by >= T(0))) return LineSpan<T>::empty();
      continue;
    }
    const T t = inside_by / rate;
    if (rate < T(0)) {
      if (t > t0) {
        t0 = t;
        entry_edge = i;
      }
    } else if (t < t1) {
      t1 = t;
    }
  }
  const Vec2<T> normal = entry_edge >= 0 ? normals[entry_edge] : Vec2<T>{T(0), T(0)};
  return {t0, t1, normal};
}

}  // namespace collide2d::detail
