// Private: the pieces that the area queries share (area.hpp): convex polygons of up to 16
// vertices, Sutherland-Hodgman clipping by a half-plane, the shoelace formula, and the area of a
// disc cut by a convex polygon.
#pragma once

#include <algorithm>
#include <cmath>

#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::detail {

// Up to 8 + 8 vertices: clipping a convex n-gon by a convex m-gon adds at most one vertex per edge.
constexpr int max_clip_vertices = 2 * max_polygon_vertices;

// A convex polygon of up to N vertices (the capacity: vertices past it are dropped).
template <class T, int N = max_clip_vertices>
struct ClipPolygon {
  Vec2<T> v[N];
  int count;
};

template <class T>
T shoelace(const Vec2<T>* v, int n) {
  T twice = T(0);
  for (int i = 0; i < n; ++i)
    twice += cross(v[i], v[i + 1 < n ? i + 1 : 0]);
  return T(0.5) * twice;
}

// Keep the part of `subject` where side(p) >= 0, for an affine function `side`; points where it
// is 0 are inside (the sets are closed). A crossing point is placed by linear interpolation.
template <class T, int N, class Side>
ClipPolygon<T, N> clip_by(const ClipPolygon<T, N>& subject, Side side) {
  ClipPolygon<T, N> out;  // only v[0, count) is ever read: not zeroed, as it is clipped often
  out.count = 0;
  for (int i = 0; i < subject.count; ++i) {
    const Vec2<T> p = subject.v[i];
    const Vec2<T> q = subject.v[i + 1 < subject.count ? i + 1 : 0];
    const T sp = side(p);
    const T sq = side(q);
    if (sp >= T(0) && out.count < N) out.v[out.count++] = p;
    if (((sp > T(0) && sq < T(0)) || (sp < T(0) && sq > T(0))) && out.count < N) {
      out.v[out.count++] = p + (sp / (sp - sq)) * (q - p);
    }
  }
  return out;
}

// Sutherland-Hodgman: keep the part of `subject` inside the line through a polygon's side from v
// to w (frame coordinates; e = w - v taken from the world coordinates), the inside being
// cross(e, p - v) >= 0. Points on the line are inside. Each point's side is measured from the
// nearer end, so that a point equal to either end, in the frame's coordinates, lies exactly on the
// line (a shared corner or edge of two polygons stays in their intersection, which is closed).
template <class T, int N>
ClipPolygon<T, N> clip_by_side(const ClipPolygon<T, N>& subject, Vec2<T> v, Vec2<T> w, Vec2<T> e) {
  return clip_by(subject, [&](Vec2<T> p) {
    const T to_v = std::abs(p.x - v.x) + std::abs(p.y - v.y);
    const T to_w = std::abs(p.x - w.x) + std::abs(p.y - w.y);
    return cross(e, p - (to_v <= to_w ? v : w));
  });
}

// Shoelace around the first vertex, which keeps the products small for a polygon far from the
// frame's origin.
template <class T, int N>
T pivot_shoelace(const ClipPolygon<T, N>& p) {
  if (p.count < 3) return T(0);
  T twice = T(0);
  for (int i = 1; i + 1 < p.count; ++i)
    twice += cross(p.v[i] - p.v[0], p.v[i + 1] - p.v[0]);
  return T(0.5) * twice;
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

// The area of the disc (centre c, radius r) cut by the convex counter-clockwise polygon v[0..n):
// the signed areas of the disc cut by the triangles (c, edge), summed around c.
template <class T>
T disc_polygon_area(Vec2<T> c, T r, const Vec2<T>* v, int n) {
  if (n < 3 || !(r > T(0))) return T(0);
  T largest = r;
  for (int i = 0; i < n; ++i) {
    const Vec2<T> p = v[i] - c;
    largest = std::max({largest, std::abs(p.x), std::abs(p.y)});
  }
  if (!std::isfinite(largest)) return T(0);
  const int e = unit_exponent(largest);
  const auto scaled = [e](Vec2<T> p) { return Vec2<T>{std::ldexp(p.x, -e), std::ldexp(p.y, -e)}; };
  const T unit_r = std::ldexp(r, -e);
  T sum = T(0);
  for (int i = 0; i < n; ++i)
    sum += disc_triangle_area(scaled(v[i] - c), scaled(v[i + 1 < n ? i + 1 : 0] - c), unit_r);
  return std::ldexp(std::clamp(sum, T(0), pi<T> * unit_r * unit_r), 2 * e);
}

}  // namespace collide2d::detail
