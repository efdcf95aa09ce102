// Private: a query shape as the index sees it, and the decision for each candidate.
//
// RegionTest<T, Q> is a region with its margins (RegionBounds, region_bounds.hpp: the shortcuts
// disjoint and inside for stored boxes), a mode and whether touching counts. It classifies a
// leaf's boxes at once (region_classify.hpp) and decides a candidate shape exactly with the
// narrow-phase query (overlaps, contains, overlaps_interior, contains_strictly) wherever the
// shortcuts cannot.
#pragma once

#include <cstdint>
#include <type_traits>

#include "collide2d/containment.hpp"
#include "collide2d/detail/box_overlap.hpp"
#include "collide2d/interior.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/scene.hpp"
#include "convex/cores.hpp"
#include "detail/predicates.hpp"
#include "scene/region_bounds.hpp"
#include "scene/region_classify.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d::detail {

// overlaps(a, b), with the pairs that dominate editor scenes (boxes and points against boxes)
// calling the very functions overlaps() is made of, inline: the same answer, bit for bit, without
// a call per candidate.
template <class A, class B>
bool exact_overlaps(const A& a, const B& b) {
  return overlaps(a, b);
}
template <class T>
bool exact_overlaps(const Aabb<T>& a, const Aabb<T>& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}
template <class T>
bool exact_overlaps(const Aabb<T>& a, const Obb<T>& b) {
  return aabb_obb_overlap(a, b);
}
template <class T>
bool exact_overlaps(const Obb<T>& a, const Aabb<T>& b) {
  return aabb_obb_overlap(b, a);
}
template <class T>
bool exact_overlaps(const Obb<T>& a, const Obb<T>& b) {
  return obb_obb_overlap(a, b);
}
template <class T>
bool exact_overlaps(const Point<T>& a, const Obb<T>& b) {
  return core_box_within(core_of(a), frame_of(b));
}
template <class T>
bool exact_overlaps(const Point<T>& a, const Aabb<T>& b) {
  return b.min.x <= a.x && a.x <= b.max.x && b.min.y <= a.y && a.y <= b.max.y;
}

template <class T, class Q>
class RegionTest : public RegionBounds<T, Q> {
 public:
  using RegionBounds<T, Q>::contain_outer;
  using RegionBounds<T, Q>::inside;
  using RegionBounds<T, Q>::outer;
  using RegionBounds<T, Q>::points_verdict;
  using RegionBounds<T, Q>::shape;

  RegionTest(const Q& region, SelectMode mode, bool strict, T item_margin)
      : RegionBounds<T, Q>(region, item_margin), mode_(mode), strict_(strict) {}

  SelectMode mode() const { return mode_; }
  bool strict() const { return strict_; }

  // For a region that is a box (Aabb, Point) the same bits come from the tree's own masks, which
  // g++ 12 vectorises where it did not vectorise these loops; classify serves the other regions.
  static constexpr bool box_shaped = std::is_same_v<Q, Aabb<T>> || std::is_same_v<Q, Point<T>>;

  // classify_boxes (region_classify.hpp) in this region's mode.
  void classify(const T* min_x, const T* min_y, const T* max_x, const T* max_y, int count,
                std::uint64_t& meets, std::uint64_t& inside_bits) const {
    if (mode_ == SelectMode::contains) {
      classify_boxes<true>(*this, min_x, min_y, max_x, max_y, count, meets, inside_bits);
    } else {
      classify_boxes<false>(*this, min_x, min_y, max_x, max_y, count, meets, inside_bits);
    }
  }

  // The exact answer for a candidate whose stored box is `box`: stored_box(candidate), the
  // bounding box enlarged by the rounding margin, not a larger (fat) box, since contains mode
  // rejects a candidate whose box reaches out of the region by more than that margin.
  template <class S>
  bool decide(const S& candidate, T x0, T y0, T x1, T y1) const {
    if (mode_ == SelectMode::contains) {
      // Contained shapes have their bounding box within the query's: a cheap test on the stored
      // box rejects most candidates, one on the bounding box most of the rest.
      if (!(contain_outer().min.x <= x0 && x1 <= contain_outer().max.x &&
            contain_outer().min.y <= y0 && y1 <= contain_outer().max.y)) {
        return false;
      }
      if (inside(x0, y0, x1, y1)) return true;
      // A polygonal candidate is inside a convex region exactly when its corners are: when every
      // corner is inside by the margin, or one is outside by it, the exact test cannot disagree.
      if constexpr (std::is_same_v<S, Obb<T>> || std::is_same_v<S, Aabb<T>>) {
        if constexpr (std::is_same_v<Q, Aabb<T>> || std::is_same_v<Q, Obb<T>> ||
                      std::is_same_v<Q, ConvexPolygon<T>>) {
          Vec2<T> points[4];
          if constexpr (std::is_same_v<S, Obb<T>>) {
            // The corners, rounded by an ulp or two of the coordinates (the margin covers that).
            const Vec2<T> ax = candidate.half_extents.x * candidate.rotation.x_axis();
            const Vec2<T> ay = candidate.half_extents.y * candidate.rotation.y_axis();
            points[0] = candidate.center - ax - ay, points[1] = candidate.center + ax - ay;
            points[2] = candidate.center + ax + ay, points[3] = candidate.center - ax + ay;
          } else {
            points[0] = candidate.min, points[1] = {candidate.max.x, candidate.min.y};
            points[2] = candidate.max, points[3] = {candidate.min.x, candidate.max.y};
          }
          const int verdict = points_verdict(points, 4);
          if (verdict != 0) return verdict > 0;
        }
      }
      if (!box_contains(outer(), bounding_box(candidate))) return false;
      return strict_ ? contains_strictly(shape(), candidate) : contains(shape(), candidate);
    }
    if (inside(x0, y0, x1, y1)) return true;
    return strict_ ? overlaps_interior(shape(), candidate) : exact_overlaps(shape(), candidate);
  }
  template <class S>
  bool decide(const S& candidate, const Aabb<T>& box) const {
    return decide(candidate, box.min.x, box.min.y, box.max.x, box.max.y);
  }

 private:
  SelectMode mode_;
  bool strict_;
};

}  // namespace collide2d::detail
