// Private: the penetration of two rounded cores (see contact.hpp for the contract).
//
// The Minkowski difference P = B - A of two convex polygons has as outward normals exactly the
// outward normals of B's edges and the negated outward normals of A's edges, so the separating
// axis test over both shapes' edges (Box2D's b2FindMaxSeparation, both ways) gives:
//   s = max over edges i of A of  min over vertices v of B of  n_i . (v - a_i)   (and B against A)
//   s > radii          the shapes are apart
//   0 < s <= radii     the cores are apart but the radii may bridge them: the exact core distance
//                      (GJK or a closed form) decides, and the normal joins the closest points
//   s <= 0             the cores overlap; depth = radii - s along the edge normal that gave s,
//                      which is also the reference face of the contact manifold
// This is complete when one core has 3 or more vertices. Two point or segment cores (whose
// difference may be a segment, with no area) use the closed-form segment distance instead.
#pragma once

#include <limits>
#include <optional>

#include "collide2d/contact.hpp"
#include "detail/convex_core.hpp"
#include "distance/core_distance.hpp"

namespace collide2d::detail {

// The edge that separates most: edge `index` of A when from_a, else of B (-1: no edge).
template <class T>
struct Separation {
  T value;
  int index;
  bool from_a;
};

// max over edges i of `edges` of the least signed distance of `vertices`' points from edge i.
template <class T>
Separation<T> max_separation(const ConvexCore<T>& edges, const ConvexCore<T>& vertices,
                             bool from_a) {
  Separation<T> best{-std::numeric_limits<T>::infinity(), -1, from_a};
  for (int i = 0; i < edges.edge_count(); ++i) {
    const Vec2<T> n = edges.normals[i];
    const Vec2<T> v = edges.vertices[i];
    T least = std::numeric_limits<T>::infinity();
    for (int j = 0; j < vertices.count; ++j)
      least = std::min(least, dot(n, vertices.vertices[j] - v));
    if (least > best.value) best = {least, i, from_a};
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

// Two point or segment cores that intersect: the least push over their edge normals, or (two
// points) the documented default normal +y.
template <class T>
CorePenetration<T> small_cores_overlap(const ConvexCore<T>& a, const ConvexCore<T>& b,
                                       const CoreDistance<T>& closest, T radii) {
  const Separation<T> sa = max_separation(a, b, true);
  const Separation<T> sb = max_separation(b, a, false);
  const Separation<T> s = sa.value >= sb.value ? sa : sb;
  if (s.index < 0) return {{{T(0), T(1)}, radii}, s, closest, false};
  const Vec2<T> n = s.from_a ? a.normals[s.index] : -b.normals[s.index];
  return {{n, radii - std::min(s.value, T(0))}, s, closest, false};
}

template <class T>
std::optional<CorePenetration<T>> core_penetration(const ConvexCore<T>& a, const ConvexCore<T>& b) {
  const T radii = a.radius + b.radius;
  if (a.count <= 2 && b.count <= 2) {
    const CoreDistance<T> closest = core_distance(a, b);
    if (closest.distance > T(0)) return from_closest_points(closest, radii);
    if (!(closest.distance == T(0))) return std::nullopt;  // NaN input
    return small_cores_overlap(a, b, closest, radii);
  }
  const Separation<T> sa = max_separation(a, b, true);
  const Separation<T> sb = max_separation(b, a, false);
  const Separation<T> s = sa.value >= sb.value ? sa : sb;
  if (!(s.value <= radii)) return std::nullopt;  // apart by at least s (or NaN input)
  if (s.index < 0) return std::nullopt;          // no edge gave a number: NaN input
  if (s.value > T(0)) {
    // Apart by the separating axes; the closest points decide, unless rounding put a positive
    // separation on cores that touch (a circle centred on a polygon vertex): then the normal of
    // the separating edge stands, as for overlapping cores.
    const CoreDistance<T> closest = core_distance(a, b);
    if (closest.distance > T(0) || !(closest.distance == T(0))) {
      return from_closest_points(closest, radii);
    }
  }
  const Vec2<T> n = s.from_a ? a.normals[s.index] : -b.normals[s.index];
  return CorePenetration<T>{{n, radii - s.value}, s, {T(0), {}, {}}, false};
}

}  // namespace collide2d::detail
