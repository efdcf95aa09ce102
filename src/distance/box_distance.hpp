// Private: distance(Obb, Obb) directly, without GJK (issue 16).
//
// Two disjoint convex polygons are closest at a vertex of one of them, so the distance of two boxes
// that do not overlap is the least distance of a corner of one from the other box. In the other
// box's frame that box is [-h, h] x [-h, h], and the distance of a point p from it is |p - q|,
// q = p clamped to the box: eight clamps, no iteration, no stopping rule, and each a closed form
// accurate to a few ulps of the coordinates. Overlap is decided first by overlaps(Obb, Obb) (the
// four-axis test, symmetric in its arguments); its common point is a corner of one box inside the
// other, or, for boxes that cross without a corner inside (a plus sign), the general path's.
#pragma once

#include <limits>
#include <optional>

#include "collide2d/distance.hpp"
#include "collide2d/overlap.hpp"
#include "convex/box_view.hpp"

namespace collide2d::detail {

// The corner of `other` nearest the viewing box [-h, h] x [-h, h]: the corner and its clamp, in
// the viewer's frame, and their squared distance.
template <class T>
struct CornerGap {
  T d2;
  Vec2<T> corner;
  Vec2<T> foot;
};

// The first of equals, chosen without a branch: which corner is nearest is random over pairs, and
// GCC's jumps for `if (d2 < best) best = ...` were mispredicted often enough to take most of
// distance(Obb, Obb)'s time on a 2 GHz EPYC. None below infinity (NaN or overflowing squares):
// d2 is infinity, and box_distance leaves the pair to the general path.
template <class T>
CornerGap<T> nearest_corner(Vec2<T> h, const BoxView<T>& other) {
  Vec2<T> corners[4], feet[4];
  box_corners(other, corners);
  T best = std::numeric_limits<T>::infinity();
  int k = 0;
  for (int i = 0; i < 4; ++i) {
    feet[i] = clamp_to_box(corners[i], h);
    const T d2 = length_squared(corners[i] - feet[i]);
    k += int(d2 < best) * (i - k);
    best = d2 < best ? d2 : best;
  }
  return {best, corners[k], feet[k]};
}

template <class T>
DistanceResult<T> touching_at(Vec2<T> p) {
  return {T(0), p, p};
}

// A corner of one box inside the other (a common point of overlapping boxes), if there is one.
template <class T>
std::optional<Vec2<T>> corner_inside(const Obb<T>& a, const Obb<T>& b) {
  for (const auto& [viewer, other] : {std::pair{&a, &b}, std::pair{&b, &a}}) {
    Vec2<T> corners[4];
    box_corners(view_from(*viewer, *other), corners);
    for (const Vec2<T> p : corners) {
      if (clamp_to_box(p, viewer->half_extents) == p) return to_world(*viewer, p);
    }
  }
  return std::nullopt;
}

// The distance of two boxes, or nullopt where the general path must answer: overlapping boxes
// with no corner inside the other, and squares out of range (NaN input, or coordinates near the
// largest finite value).
template <class T>
std::optional<DistanceResult<T>> box_distance(const Obb<T>& a, const Obb<T>& b) {
  if (overlaps(a, b)) {
    const std::optional<Vec2<T>> p = corner_inside(a, b);
    if (!p) return std::nullopt;
    return touching_at(*p);
  }
  const CornerGap<T> of_b = nearest_corner(a.half_extents, view_from(a, b));  // B's corners
  const CornerGap<T> of_a = nearest_corner(b.half_extents, view_from(b, a));  // A's corners
  if (!(std::min(of_a.d2, of_b.d2) < std::numeric_limits<T>::infinity())) return std::nullopt;
  // The distance is measured in the frame, where it is a difference of small numbers.
  DistanceResult<T> r = of_b.d2 <= of_a.d2
                            ? DistanceResult<T>{length(of_b.corner - of_b.foot),
                                                to_world(a, of_b.foot), to_world(a, of_b.corner)}
                            : DistanceResult<T>{length(of_a.corner - of_a.foot),
                                                to_world(b, of_a.corner), to_world(b, of_a.foot)};
  if (!(r.distance > T(0))) r.point_b = r.point_a;  // apart by less than rounding shows
  return r;
}

}  // namespace collide2d::detail
