// Private: where the infinite line origin + t * direction crosses each primitive.
//
// Every function returns the closed interval [t0, t1] of line parameters inside the shape, with the
// unit outward normal at t0, or an empty span (t0 > t1, or NaN) when the line misses. Clipping to
// the ray's [0, max_t] happens once, in raycast.cpp. Callers have already handled a zero direction.
#pragma once

#include <cmath>
#include <limits>

#include "collide2d/math.hpp"
#include "detail/predicates.hpp"

namespace collide2d::detail {

template <class T>
struct LineSpan {
  T t0;
  T t1;
  Vec2<T> normal;

  static LineSpan empty() {
    const T inf = std::numeric_limits<T>::infinity();
    return {inf, -inf, {T(0), T(0)}};
  }
  bool hit() const { return t0 <= t1; }
};

// A segment, possibly a single point. Solving origin + t d = a + u e by cross products:
// t cross(d, e) = cross(a - origin, e) and u cross(d, e) = cross(a - origin, d). The parameter
// range 0 <= u <= 1 is checked on the numerators, so it is exact where the products are.
template <class T>
LineSpan<T> segment_span(Vec2<T> origin, Vec2<T> d, Vec2<T> a, Vec2<T> b) {
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
  const T half = std::sqrt(gap / dd);
  const T t0 = tc - half;
  // A zero radius (or an entry at the centre) leaves no surface direction: face the ray, as a
  // point.
  Vec2<T> normal = normalize(m + t0 * d);
  if (normal == Vec2<T>{T(0), T(0)}) normal = -normalize(d);
  return {t0, tc + half, normal};
}

// One slab lo <= origin + t d <= hi, in the IEEE infinity formulation (Williams et al., "An
// efficient and robust ray-box intersection algorithm", 2005): with inv = 1 / d, the line enters
// the slab at (lo - origin) inv and leaves at (hi - origin) inv, swapped when inv < 0. A direction
// parallel to the slab (d = +0 or -0) gives inv = +inf or -inf, so both parameters are infinite:
// (-inf, +inf) when the origin is strictly inside, an empty interval when it is outside - no
// epsilon and no branch on d. The one case IEEE leaves open is an origin exactly on a side with
// d = 0: (lo - origin) inv = 0 * inf = NaN. The line then runs along the side, which belongs to the
// closed slab, so a NaN entry becomes -inf and a NaN exit +inf.
// A component so small that 1 / d overflows (below ~3e-39 in float) acts as 0: it changes only
// parameters beyond ~1e38, where no finite ray can reach.
template <class T>
void clip_slab(T origin, T d, T lo, T hi, T& t0, T& t1, bool& entry_on_this_axis) {
  const T inv = T(1) / d;
  T near = (lo - origin) * inv;
  T far = (hi - origin) * inv;
  if (inv < T(0)) std::swap(near, far);
  if (near != near) near = -std::numeric_limits<T>::infinity();  // 0 * inf: on the side
  if (far != far) far = std::numeric_limits<T>::infinity();
  entry_on_this_axis = near > t0;
  if (entry_on_this_axis) t0 = near;
  if (far < t1) t1 = far;
}

// An axis-aligned box [lo, hi] (for an Obb: in its frame). The entry normal is the face of the slab
// entered last, pointing against the direction.
template <class T>
LineSpan<T> box_span(Vec2<T> origin, Vec2<T> d, Vec2<T> lo, Vec2<T> hi) {
  T t0 = -std::numeric_limits<T>::infinity();
  T t1 = std::numeric_limits<T>::infinity();
  bool x_entry = false;
  bool y_entry = false;
  clip_slab(origin.x, d.x, lo.x, hi.x, t0, t1, x_entry);
  clip_slab(origin.y, d.y, lo.y, hi.y, t0, t1, y_entry);
  Vec2<T> normal{T(0), T(0)};
  if (y_entry) {
    normal.y = d.y > T(0) ? T(-1) : T(1);
  } else if (x_entry) {
    normal.x = d.x > T(0) ? T(-1) : T(1);
  }
  return {t0, t1, normal};
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
