// Private: the penetration of two rounded cores (see contact.hpp for the method).
#pragma once

#include <optional>

#include "collide2d/contact.hpp"
#include "detail/convex_core.hpp"
#include "distance/core_distance.hpp"

namespace collide2d::detail {

template <class T>
struct Interval {
  T min;
  T max;
};

template <class T>
Interval<T> project(const ConvexCore<T>& core, Vec2<T> axis) {
  Interval<T> r{dot(core.vertices[0], axis), dot(core.vertices[0], axis)};
  for (int i = 1; i < core.count; ++i) {
    const T p = dot(core.vertices[i], axis);
    r.min = std::min(r.min, p);
    r.max = std::max(r.max, p);
  }
  return r;
}

template <class T>
Vec2<T> centroid_of_vertices(const ConvexCore<T>& core) {
  Vec2<T> sum{T(0), T(0)};
  for (int i = 0; i < core.count; ++i)
    sum += core.vertices[i];
  return (T(1) / T(core.count)) * sum;
}

// Which edge gave the separating axis: edge `index` of core A (or B), and whether the axis is
// that edge's outward normal facing the other core (then it can be a manifold's reference face).
struct AxisSource {
  bool from_a = false;
  int index = -1;
  bool outward = false;
};

// Least push of B out of A over the edge normals of both overlapping cores, both signs. Ties go to
// the axis that points most from A's vertex centroid to B's, so symmetric cases pick the natural
// side.
template <class T>
Penetration<T> overlapping_cores_penetration(const ConvexCore<T>& a, const ConvexCore<T>& b,
                                             AxisSource& source) {
  const Vec2<T> towards_b = centroid_of_vertices(b) - centroid_of_vertices(a);
  Penetration<T> best{{T(0), T(1)}, std::numeric_limits<T>::infinity()};
  T best_alignment = -std::numeric_limits<T>::infinity();
  const auto consider = [&](Vec2<T> axis, bool from_a, int index) {
    if (length_squared(axis) == T(0)) return;
    const Interval<T> ia = project(a, axis);
    const Interval<T> ib = project(b, axis);
    for (const T sign : {T(1), T(-1)}) {
      const T push = sign > T(0) ? ia.max - ib.min : ib.max - ia.min;
      const T alignment = sign * dot(axis, towards_b);
      if (push < best.depth || (push == best.depth && alignment > best_alignment)) {
        best = {sign * axis, push};
        best_alignment = alignment;
        // A's outward normal faces B when pushing B along it; B's faces A when pushing against it.
        source = {from_a, index, from_a == (sign > T(0))};
      }
    }
  };
  for (int i = 0; i < a.edge_count(); ++i)
    consider(a.edge_normal(i), true, i);
  for (int i = 0; i < b.edge_count(); ++i)
    consider(b.edge_normal(i), false, i);
  if (best.depth == std::numeric_limits<T>::infinity()) return {{T(0), T(1)}, T(0)};  // two points
  best.depth = std::max(best.depth, T(0));
  return best;
}

// The penetration of the rounded cores, and the core distance it came from.
template <class T>
std::optional<Penetration<T>> core_penetration(const ConvexCore<T>& a, const ConvexCore<T>& b,
                                               const CoreDistance<T>& core, AxisSource& source) {
  const T radii = a.radius + b.radius;
  if (!(core.distance <= radii)) return std::nullopt;  // apart (or NaN input)
  if (core.distance > T(0)) {
    const Vec2<T> n = (T(1) / core.distance) * (core.on_b - core.on_a);
    return Penetration<T>{n, radii - core.distance};
  }
  Penetration<T> p = overlapping_cores_penetration(a, b, source);
  p.depth += radii;
  return p;
}

}  // namespace collide2d::detail
