// Private: the penetration of two rounded cores (see contact.hpp for the contract).
//
// The Minkowski difference P = B - A of two convex polygons has as outward normals exactly the
// outward normals of B's edges and the negated outward normals of A's edges, so the separating
// axis test over both shapes' edges (Box2D's b2FindMaxSeparation, both ways) gives:
//   s = max over edges i of A of  min over vertices v of B of  n_i . (v - a_i)   (and B against A)
//   s > radii          the shapes are apart
//   0 < s <= radii     the cores are apart but the radii may bridge them: the exact core distance
//                      (GJK or a closed form) decides, and the normal joins the closest points,
//                      or is the edge normal where a vertex lies beside that edge (normal_axis)
//   s <= 0             the cores overlap; depth = radii - s along the edge normal that gave s,
//                      which is also the reference face of the contact manifold
// This is complete when one core has 3 or more vertices. Two point or segment cores (whose
// difference may be a segment, with no area) use the closed-form segment distance instead.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>

#include "collide2d/contact.hpp"
#include "convex/convex_core.hpp"
#include "convex/core_distance.hpp"

namespace collide2d::detail {

// The edge that separates most: edge `index` of A when from_a, else of B (-1: no edge).
template <class T>
struct Separation {
  T value;
  int index;
  bool from_a;
};

// max over edges i of `edges` of the least signed distance of `vertices`' points from edge i.
// Returns early, with the first edge that separates by more than `enough` (the shapes are then
// apart, and no caller needs the maximum: Box2D's early out).
template <class T>
Separation<T> max_separation(const ConvexCore<T>& edges, const ConvexCore<T>& vertices, bool from_a,
                             T enough = std::numeric_limits<T>::infinity()) {
  Separation<T> best{-std::numeric_limits<T>::infinity(), -1, from_a};
  for (int i = 0; i < edges.edge_count(); ++i) {
    const Vec2<T> n = edges.normals[i];
    const Vec2<T> v = edges.vertices[i];
    T least = std::numeric_limits<T>::infinity();
    for (int j = 0; j < vertices.count; ++j)
      least = std::min(least, dot(n, vertices.vertices[j] - v));
    if (least > best.value) {
      best = {least, i, from_a};
      if (least > enough) break;
    }
  }
  return best;
}

template <class T>
struct CorePenetration {
  Penetration<T> penetration;
  Separation<T> face;  // the edge whose normal is the penetration normal, when the cores overlap
  CoreDistance<T> closest;  // the cores' closest points, when the cores are apart
  bool cores_apart;
};

template <class T>
std::optional<CorePenetration<T>> from_closest_points(const CoreDistance<T>& closest, T radii) {
  if (!(closest.distance <= radii)) return std::nullopt;  // apart, or NaN input
  const Vec2<T> n = normalize(closest.on_b - closest.on_a);
  return CorePenetration<T>{{n, radii - closest.distance}, {T(0), -1, true}, closest, true};
}

// v, or -v (each sign bit flipped, as unary minus flips it) when `negate`, without a branch.
template <class T>
Vec2<T> negated_if(Vec2<T> v, bool negate) {
  if constexpr (std::numeric_limits<T>::is_iec559 && (sizeof(T) == 4 || sizeof(T) == 8)) {
    using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    const Bits flip = static_cast<Bits>(negate) << (8 * sizeof(T) - 1);
    // By memcpy, not std::bit_cast, which emscripten's libc++ 13 does not have.
    const auto flipped = [flip](T x) {
      Bits bits;
      std::memcpy(&bits, &x, sizeof bits);
      bits ^= flip;
      std::memcpy(&x, &bits, sizeof x);
      return x;
    };
    return {flipped(v.x), flipped(v.y)};
  } else {
    return negate ? -v : v;
  }
}

// The penetration along the separating axis s (an edge normal of A, or the negated one of B):
// depth radii - s, where s <= 0 for overlapping cores. `distance` is the cores' distance, which
// bounds s from above; a rounded s a hair above it is taken as the distance.
template <class Core, class T = decltype(Core::radius)>
CorePenetration<T> along_axis(const Core& a, const Core& b, const Separation<T>& s,
                              const CoreDistance<T>& closest, T radii) {
  // A's normal, or B's negated, picked by index and sign bit rather than by a branch: which shape
  // separates more is data-dependent (as a branch it was mispredicted on half the overlapping
  // rounded boxes, callgrind 2026-11-29). The sign bit flipped is what unary minus does.
  const Vec2<T>* const normals[2] = {a.normals, b.normals};
  const Vec2<T> n = negated_if(normals[s.from_a ? 0 : 1][s.index], !s.from_a);
  return {{n, radii - std::min(s.value, closest.distance)}, s, closest, false};
}

template <class T>
struct SeparatingAxes {
  Separation<T> best;   // the greater separation of the two below
  Separation<T> other;  // the other core's
};

// With `enough` (the radius sum), a separation beyond it ends the search: best is then an axis
// that separates the shapes, not necessarily the greatest, and other is meaningless.
template <class T>
SeparatingAxes<T> separating_axes(const ConvexCore<T>& a, const ConvexCore<T>& b,
                                  T enough = std::numeric_limits<T>::infinity()) {
  const Separation<T> sa = max_separation(a, b, true, enough);
  if (sa.value > enough) return {sa, {-std::numeric_limits<T>::infinity(), -1, false}};
  const Separation<T> sb = max_separation(b, a, false, enough);
  return sa.value >= sb.value ? SeparatingAxes<T>{sa, sb} : SeparatingAxes<T>{sb, sa};
}

// Is `distance` realised along the normal of edge i of `edges`: a vertex of `vertices` lies within
// tolerance of that distance along the normal, and beside the edge (its projection falls on it)?
// Then the pair is vertex-to-edge and the edge normal is the exact normal.
template <class Core, class T = decltype(Core::radius)>
bool edge_realizes_distance(const Core& edges, int i, const Core& vertices, T distance,
                            T tolerance) {
  const Vec2<T> start = edges.vertices[i];
  const Vec2<T> e = edges.vertices[i + 1 < edges.count ? i + 1 : 0] - start;
  const T ee = dot(e, e);
  for (int j = 0; j < vertices.count; ++j) {
    const Vec2<T> w = vertices.vertices[j] - start;
    if (!(dot(edges.normals[i], w) <= distance + tolerance)) continue;
    const T along = dot(w, e);
    if (along >= T(0) && along <= ee) return true;
  }
  return false;
}

// The axis whose normal is the normal of cores apart by closest.distance > 0, or index -1 when
// the closest points must give it. The points' direction is exact for two vertices apart by more
// than rounding; for a vertex beside an edge it is rounding noise across the edge's normal (the
// points of a vertex and of a long edge a few ulps away turned a capsule's normal into (0, -1)),
// so the edge normal is taken there, as it is for cores that touch to rounding, where any axis of
// least push serves. Rounding of the closest points and of the separations stays below the
// tolerance: 16 ulps of the cores' coordinates.
template <class Core, class T = decltype(Core::radius)>
Separation<T> normal_axis(const Core& a, const Core& b, const SeparatingAxes<T>& axes,
                          const CoreDistance<T>& closest) {
  const T tolerance = T(16) * std::numeric_limits<T>::epsilon() * core_scale(a, b);
  const T d = closest.distance;
  for (const Separation<T>& s : {axes.best, axes.other}) {
    if (s.index < 0 || !(d - s.value <= tolerance)) continue;
    if (d <= tolerance) return s;
    if (s.from_a ? edge_realizes_distance(a, s.index, b, d, tolerance)
                 : edge_realizes_distance(b, s.index, a, d, tolerance)) {
      return s;
    }
  }
  return {T(0), -1, true};
}

// The penetration of cores apart by closest.distance > 0: none when the radii do not bridge it.
// Core: a ConvexCore, or contact.cpp's PolygonFaces (a polygon on its own coordinates), as for
// the two functions above.
template <class Core, class T = decltype(Core::radius)>
std::optional<CorePenetration<T>> apart_cores(const Core& a, const Core& b,
                                              const SeparatingAxes<T>& axes,
                                              const CoreDistance<T>& closest, T radii) {
  if (!(closest.distance <= radii)) return std::nullopt;
  const Separation<T> s = normal_axis(a, b, axes, closest);
  if (s.index >= 0) return along_axis(a, b, s, closest, radii);
  return from_closest_points(closest, radii);
}

// The unit normal from A to B of cores apart by closest.distance > 0 (see normal_axis). Used where
// the normal must be right to the last bit of its direction: the approach speed of a grazing time
// of impact.
template <class T>
Vec2<T> apart_normal(const ConvexCore<T>& a, const ConvexCore<T>& b,
                     const CoreDistance<T>& closest) {
  const Separation<T> s = normal_axis(a, b, separating_axes(a, b), closest);
  if (s.index >= 0) return s.from_a ? a.normals[s.index] : -b.normals[s.index];
  return normalize(closest.on_b - closest.on_a);
}

// Two point or segment cores (whose Minkowski difference may be a segment, with no area): the
// closed-form distance decides. Intersecting cores take the separating axis of least push, or
// (two coincident points) the documented default +y.
template <class T>
std::optional<CorePenetration<T>> small_cores_penetration(const ConvexCore<T>& a,
                                                          const ConvexCore<T>& b, T radii) {
  const CoreDistance<T> closest = core_distance(a, b);
  if (!(closest.distance <= radii)) return std::nullopt;  // apart, or NaN input
  const SeparatingAxes<T> axes = separating_axes(a, b);
  if (closest.distance > T(0)) return apart_cores(a, b, axes, closest, radii);
  if (axes.best.index >= 0) return along_axis(a, b, axes.best, closest, radii);
  return CorePenetration<T>{{{T(0), T(1)}, radii}, axes.best, closest, false};
}

template <class T>
std::optional<CorePenetration<T>> core_penetration(const ConvexCore<T>& a, const ConvexCore<T>& b) {
  const T radii = a.radius + b.radius;
  if (a.count <= 2 && b.count <= 2) return small_cores_penetration(a, b, radii);
  const SeparatingAxes<T> axes = separating_axes(a, b, radii);
  const Separation<T>& s = axes.best;
  if (!(s.value <= radii)) return std::nullopt;  // apart by at least s (or NaN input)
  if (s.index < 0) return std::nullopt;          // no edge gave a number: NaN input
  CoreDistance<T> closest{T(0), {}, {}};
  if (s.value > T(0)) {
    // Apart by the separating axes: the closest points decide (apart_cores), unless rounding put
    // a positive separation on cores that touch (a circle centred on a polygon vertex): then the
    // axis's normal stands, as for overlapping cores.
    closest = core_distance(a, b);
    if (!(closest.distance == closest.distance)) return std::nullopt;  // NaN input
    if (closest.distance > T(0)) return apart_cores(a, b, axes, closest, radii);
  }
  return along_axis(a, b, s, closest, radii);
}

}  // namespace collide2d::detail
