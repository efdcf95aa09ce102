// Private: a query shape as the index sees it, and the decision for each candidate.
//
// RegionTest<T, Q> answers, for boxes the index stores (which contain their shapes):
//   disjoint(box)  the box is certainly apart from the query shape: skip it
//   inside(box)    the box is certainly inside the query shape: its shapes intersect it and are
//                  contained in it, even with touching excluded
// and decides a candidate shape exactly with the narrow-phase query (overlaps, contains,
// overlaps_interior, contains_strictly). "Certainly" means by a margin: the query shape is
// enlarged by `delta` for disjoint and shrunk by it for inside, delta being 16 ulps of the
// query's largest coordinate (of 1 at least) (plus, for a rotated box, what a rotation that is unit
// only within tolerance can move its corners). The exact tests round far less than that, so a
// shortcut never contradicts them; a shape within delta of the boundary always gets the exact test.
//
// Tests on boxes are written one axis or one edge at a time and use unnormalised edge vectors
// (exact on integer coordinates), like the narrow phase.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "collide2d/containment.hpp"
#include "collide2d/interior.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/scene.hpp"
#include "convex/box_overlap.hpp"
#include "convex/cores.hpp"
#include "detail/predicates.hpp"
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
class RegionTest {
 public:
  // item_margin: the most any stored box was enlarged by (16 ulps of the scene's largest
  // coordinate), so that a stored box that is not inside the region enlarged by it cannot hold a
  // contained shape.
  RegionTest(const Q& shape, SelectMode mode, bool strict, T item_margin)
      : shape_(shape), mode_(mode), strict_(strict) {
    const Aabb<T> box = bounding_box(shape);
    delta_ = rounding_margin(box);
    if constexpr (std::is_same_v<Q, Obb<T>>) {
      // A rotation of length 1 + e stretches the box by e: widen the margin by that much.
      const T stretch = std::abs(shape.rotation.c * shape.rotation.c +
                                 shape.rotation.s * shape.rotation.s - T(1));
      const Vec2<T> h = shape.half_extents;
      delta_ += T(2) * stretch * (h.x + h.y);
    }
    // Clamped to the finite range: a region near the largest finite value would otherwise reach
    // infinity, which the indexes refuse (found by fuzz_scene: a hit test at x = -3.4e38 in float).
    outer_ = enlarged_in_range(box, delta_);
    contain_outer_ = enlarged_in_range(box, delta_ + item_margin);
    if constexpr (std::is_same_v<Q, Aabb<T>>) {
      inner_ = {{box.min.x + delta_, box.min.y + delta_}, {box.max.x - delta_, box.max.y - delta_}};
      has_inner_ = inner_.min.x <= inner_.max.x && inner_.min.y <= inner_.max.y;
    } else if constexpr (std::is_same_v<Q, Obb<T>>) {
      has_inner_ = shape.half_extents.x > delta_ && shape.half_extents.y > delta_;
    } else if constexpr (std::is_same_v<Q, ConvexPolygon<T>>) {
      const int n = vertex_count(shape);
      for (int i = 0; i < n; ++i) {
        const Vec2<T> e = edge(shape.vertices, n, i);
        inward_[i] = perp(e);  // left of a counter-clockwise edge is inside
        margin_[i] = delta_ * length(e);
      }
      has_inner_ = n >= 3;
    }
  }

  const Aabb<T>& outer() const { return outer_; }
  const Q& shape() const { return shape_; }
  SelectMode mode() const { return mode_; }
  // An Aabb region shrunk by the margin: a stored box inside it is certainly inside the region.
  const Aabb<T>& inner() const { return inner_; }
  // Contains mode: no stored box reaching out of this can hold a contained shape.
  const Aabb<T>& contain_outer() const { return contain_outer_; }
  bool strict() const { return strict_; }

  bool disjoint(T x0, T y0, T x1, T y1) const {
    if (x1 < outer_.min.x || x0 > outer_.max.x || y1 < outer_.min.y || y0 > outer_.max.y) {
      return true;
    }
    if constexpr (std::is_same_v<Q, Obb<T>>) {
      const Vec2<T> d = box_center(x0, y0, x1, y1) - shape_.center;
      const Vec2<T> e = box_half(x0, y0, x1, y1);
      const Vec2<T> ax = shape_.rotation.x_axis(), ay = shape_.rotation.y_axis();
      const Vec2<T> h = shape_.half_extents;
      if (abs(dot(d, ax)) > h.x + delta_ + e.x * abs(ax.x) + e.y * abs(ax.y)) return true;
      return abs(dot(d, ay)) > h.y + delta_ + e.x * abs(ay.x) + e.y * abs(ay.y);
    } else if constexpr (std::is_same_v<Q, ConvexPolygon<T>>) {
      const Vec2<T> c = box_center(x0, y0, x1, y1);
      const Vec2<T> e = box_half(x0, y0, x1, y1);
      for (int i = 0; i < shape_.count; ++i) {
        const Vec2<T> w = inward_[i];
        // The box's deepest point along w is its centre plus the projection radius.
        if (dot(w, c - shape_.vertices[i]) + e.x * abs(w.x) + e.y * abs(w.y) < -margin_[i]) {
          return true;
        }
      }
      return false;
    } else {
      return false;
    }
  }

  bool inside(T x0, T y0, T x1, T y1) const {
    if (!has_inner_) return false;
    if constexpr (std::is_same_v<Q, Aabb<T>>) {
      return inner_.min.x <= x0 && x1 <= inner_.max.x && inner_.min.y <= y0 && y1 <= inner_.max.y;
    } else if constexpr (std::is_same_v<Q, Obb<T>>) {
      const Vec2<T> d = box_center(x0, y0, x1, y1) - shape_.center;
      const Vec2<T> e = box_half(x0, y0, x1, y1);
      const Vec2<T> ax = shape_.rotation.x_axis(), ay = shape_.rotation.y_axis();
      const Vec2<T> h = shape_.half_extents;
      return abs(dot(d, ax)) + e.x * abs(ax.x) + e.y * abs(ax.y) <= h.x - delta_ &&
             abs(dot(d, ay)) + e.x * abs(ay.x) + e.y * abs(ay.y) <= h.y - delta_;
    } else if constexpr (std::is_same_v<Q, ConvexPolygon<T>>) {
      const Vec2<T> c = box_center(x0, y0, x1, y1);
      const Vec2<T> e = box_half(x0, y0, x1, y1);
      for (int i = 0; i < shape_.count; ++i) {
        const Vec2<T> w = inward_[i];
        if (!(dot(w, c - shape_.vertices[i]) - e.x * abs(w.x) - e.y * abs(w.y) >= margin_[i])) {
          return false;
        }
      }
      return true;
    } else {
      return false;
    }
  }

  // For a region that is a box (Aabb, Point) the same bits come from the tree's own masks, which
  // g++ 12 vectorises where it did not vectorise these loops; classify serves the other regions.
  static constexpr bool box_shaped = std::is_same_v<Q, Aabb<T>> || std::is_same_v<Q, Point<T>>;
  bool has_inner() const { return has_inner_; }

  // For count <= 64 consecutive stored boxes (the arrays start at the first), bit j of `meets`
  // when box j may meet the region (in contains mode: when it lies inside the region's bounding
  // box, as a contained shape's must) and of `inside` when it is certainly inside the region.
  // The tests of disjoint() and inside(), without a branch per box: a loop compilers vectorise.
  void classify(const T* min_x, const T* min_y, const T* max_x, const T* max_y, int count,
                std::uint64_t& meets, std::uint64_t& inside_bits) const {
    if (mode_ == SelectMode::contains) {
      classify_boxes<true>(min_x, min_y, max_x, max_y, count, meets, inside_bits);
    } else {
      classify_boxes<false>(min_x, min_y, max_x, max_y, count, meets, inside_bits);
    }
  }

  // Contains mode, for an Aabb or Obb region: +1 when every corner of the box is inside the
  // region by the margin, -1 when one is outside by it, 0 when the exact test must decide (a
  // rotated box is inside a convex region exactly when its corners are). Branch-free.
  signed char corners_verdict(const Obb<T>& box) const {
    const Vec2<T> ax = box.half_extents.x * box.rotation.x_axis();
    const Vec2<T> ay = box.half_extents.y * box.rotation.y_axis();
    const Vec2<T> points[4] = {box.center - ax - ay, box.center + ax - ay, box.center + ax + ay,
                               box.center - ax + ay};
    bool out = false;
    bool in = has_inner_;
    for (const Vec2<T>& p : points) {
      if constexpr (std::is_same_v<Q, Aabb<T>>) {
        out = out | (p.x < outer_.min.x) | (p.x > outer_.max.x) | (p.y < outer_.min.y) |
              (p.y > outer_.max.y);
        in = in & (inner_.min.x <= p.x) & (p.x <= inner_.max.x) & (inner_.min.y <= p.y) &
             (p.y <= inner_.max.y);
      } else {
        static_assert(std::is_same_v<Q, Obb<T>>, "corners_verdict: box regions only");
        const Vec2<T> local = inverse_rotate(shape_.rotation, p - shape_.center);
        const Vec2<T> h = shape_.half_extents;
        const T lx = abs(local.x), ly = abs(local.y);
        out = out | (lx > h.x + delta_) | (ly > h.y + delta_);
        in = in & (lx <= h.x - delta_) & (ly <= h.y - delta_);
      }
    }
    return static_cast<signed char>(int(in & !out) - int(out));
  }

  // The exact answer for a candidate whose stored box is `box`: stored_box(candidate), the
  // bounding box enlarged by the rounding margin, not a larger (fat) box, since contains mode
  // rejects a candidate whose box reaches out of the region by more than that margin.
  template <class S>
  bool decide(const S& candidate, T x0, T y0, T x1, T y1) const {
    if (mode_ == SelectMode::contains) {
      // Contained shapes have their bounding box within the query's: a cheap test on the stored
      // box rejects most candidates, one on the bounding box most of the rest.
      if (!(contain_outer_.min.x <= x0 && x1 <= contain_outer_.max.x &&
            contain_outer_.min.y <= y0 && y1 <= contain_outer_.max.y)) {
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
      if (!box_contains(outer_, bounding_box(candidate))) return false;
      return strict_ ? contains_strictly(shape_, candidate) : contains(shape_, candidate);
    }
    if (inside(x0, y0, x1, y1)) return true;
    return strict_ ? overlaps_interior(shape_, candidate) : exact_overlaps(shape_, candidate);
  }
  template <class S>
  bool decide(const S& candidate, const Aabb<T>& box) const {
    return decide(candidate, box.min.x, box.min.y, box.max.x, box.max.y);
  }

 private:
  // classify() for one mode: the mode is a template argument so that the loop has no branch at all
  // and vectorises (measured with g++ 12: a run-time mode inside the loop kept it scalar).
  template <bool contains>
  COLLIDE2D_NOINLINE void classify_boxes(const T* min_x, const T* min_y, const T* max_x,
                                         const T* max_y, int count, std::uint64_t& meets,
                                         std::uint64_t& inside_bits) const {
    meets = 0;
    inside_bits = 0;
    const Aabb<T> reach = contains ? contain_outer_ : outer_;
    const Aabb<T> inner = inner_;
    const bool has_inner = has_inner_;
    for (int k = 0; k < count; k += 8) {
      alignas(8) unsigned char m[8], in[8];
      for (int j = 0; j < 8; ++j) {
        const T x0 = min_x[k + j], y0 = min_y[k + j], x1 = max_x[k + j], y1 = max_y[k + j];
        bool may;
        if constexpr (contains) {
          may =
              (reach.min.x <= x0) & (x1 <= reach.max.x) & (reach.min.y <= y0) & (y1 <= reach.max.y);
        } else {
          may =
              (x0 <= reach.max.x) & (reach.min.x <= x1) & (y0 <= reach.max.y) & (reach.min.y <= y1);
        }
        bool certain = has_inner;
        if constexpr (std::is_same_v<Q, Aabb<T>>) {
          certain = certain & (inner.min.x <= x0) & (x1 <= inner.max.x) & (inner.min.y <= y0) &
                    (y1 <= inner.max.y);
        } else if constexpr (std::is_same_v<Q, Obb<T>>) {
          const T dx = (T(0.5) * x0 + T(0.5) * x1) - shape_.center.x;
          const T dy = (T(0.5) * y0 + T(0.5) * y1) - shape_.center.y;
          const T ex = T(0.5) * (x1 - x0), ey = T(0.5) * (y1 - y0);
          const T c = shape_.rotation.c, s = shape_.rotation.s;
          const T ac = std::abs(c), as = std::abs(s);
          // Projections on the region's axes (c, s) and (-s, c), and the box's radii there.
          const T px = std::abs(dx * c + dy * s), rx = ex * ac + ey * as;
          const T py = std::abs(dy * c - dx * s), ry = ex * as + ey * ac;
          const T hx = shape_.half_extents.x, hy = shape_.half_extents.y;
          may = may & (px <= hx + delta_ + rx) & (py <= hy + delta_ + ry);
          certain = certain & (px + rx <= hx - delta_) & (py + ry <= hy - delta_);
        } else if constexpr (std::is_same_v<Q, ConvexPolygon<T>>) {
          const T cx = T(0.5) * x0 + T(0.5) * x1, cy = T(0.5) * y0 + T(0.5) * y1;
          const T ex = T(0.5) * (x1 - x0), ey = T(0.5) * (y1 - y0);
          for (int i = 0; i < shape_.count; ++i) {
            const Vec2<T> w = inward_[i];
            const T depth = w.x * (cx - shape_.vertices[i].x) + w.y * (cy - shape_.vertices[i].y);
            const T radius = ex * std::abs(w.x) + ey * std::abs(w.y);
            may = may & (depth + radius >= -margin_[i]);
            certain = certain & (depth - radius >= margin_[i]);
          }
        } else {
          certain = false;
        }
        m[j] = static_cast<unsigned char>(may);
        in[j] = static_cast<unsigned char>(may & certain);
      }
      std::uint64_t m8, in8;
      std::memcpy(&m8, m, 8);
      std::memcpy(&in8, in, 8);
      meets |= ((m8 * 0x0102040810204080ull) >> 56) << k;
      inside_bits |= ((in8 * 0x0102040810204080ull) >> 56) << k;
    }
    if (count < 64) {
      const std::uint64_t used = (std::uint64_t(1) << count) - 1;
      meets &= used;
      inside_bits &= used;
    }
  }

  // +1 when every point is inside the region by the margin, -1 when one is outside by it, else 0.
  int points_verdict(const Vec2<T>* points, int n) const {
    bool all_inside = has_inner_;
    for (int k = 0; k < n; ++k) {
      const Vec2<T> p = points[k];
      if constexpr (std::is_same_v<Q, Aabb<T>>) {
        if (p.x < outer_.min.x || p.x > outer_.max.x || p.y < outer_.min.y || p.y > outer_.max.y) {
          return -1;
        }
        all_inside = all_inside && inner_.min.x <= p.x && p.x <= inner_.max.x &&
                     inner_.min.y <= p.y && p.y <= inner_.max.y;
      } else if constexpr (std::is_same_v<Q, Obb<T>>) {
        const Vec2<T> local = inverse_rotate(shape_.rotation, p - shape_.center);
        const Vec2<T> h = shape_.half_extents;
        if (abs(local.x) > h.x + delta_ || abs(local.y) > h.y + delta_) return -1;
        all_inside = all_inside && abs(local.x) <= h.x - delta_ && abs(local.y) <= h.y - delta_;
      } else {
        for (int i = 0; i < shape_.count; ++i) {
          const T depth = dot(inward_[i], p - shape_.vertices[i]);
          if (depth < -margin_[i]) return -1;
          all_inside = all_inside && depth >= margin_[i];
        }
      }
    }
    return all_inside ? 1 : 0;
  }

  static Vec2<T> box_center(T x0, T y0, T x1, T y1) {
    return {T(0.5) * x0 + T(0.5) * x1, T(0.5) * y0 + T(0.5) * y1};
  }
  // Both round by an ulp of the coordinates, far inside the margin.
  static Vec2<T> box_half(T x0, T y0, T x1, T y1) {
    return {T(0.5) * (x1 - x0), T(0.5) * (y1 - y0)};
  }

  Q shape_;
  SelectMode mode_;
  bool strict_;
  T delta_ = T(0);
  Aabb<T> outer_{};
  Aabb<T> contain_outer_{};
  Aabb<T> inner_{};
  bool has_inner_ = false;
  Vec2<T> inward_[max_polygon_vertices]{};
  T margin_[max_polygon_vertices]{};
};

}  // namespace collide2d::detail
