// Private: a query region with its margins, and the box tests the index's shortcuts rest on.
//
// RegionBounds<T, Q> answers, for boxes the index stores (which contain their shapes):
//   disjoint(box)  the box is certainly apart from the query shape: skip it
//   inside(box)    the box is certainly inside the query shape: its shapes intersect it and are
//                  contained in it, even with touching excluded
// "Certainly" means by a margin: the query shape is enlarged by `delta` for disjoint and shrunk by
// it for inside, delta being 16 ulps of the query's largest coordinate (of 1 at least) (plus, for
// a rotated box, what a rotation that is unit only within tolerance can move its corners). The
// exact tests round far less than that, so a shortcut never contradicts them; a shape within
// delta of the boundary always gets the exact test (regions.hpp).
//
// Tests on boxes are written one axis or one edge at a time and use unnormalised edge vectors
// (exact on integer coordinates), like the narrow phase.
#pragma once

#include <cmath>
#include <type_traits>

#include "collide2d/shapes.hpp"
#include "detail/predicates.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d::detail {

template <class T, class Q>
class RegionBounds {
 public:
  // item_margin: the most any stored box was enlarged by (16 ulps of the scene's largest
  // coordinate), so that a stored box that is not inside the region enlarged by it cannot hold a
  // contained shape.
  RegionBounds(const Q& shape, T item_margin) : shape_(shape) {
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

  const Q& shape() const { return shape_; }
  T delta() const { return delta_; }
  // The region's bounding box enlarged by the margin: a stored box apart from it is disjoint.
  const Aabb<T>& outer() const { return outer_; }
  // Contains mode: no stored box reaching out of this can hold a contained shape.
  const Aabb<T>& contain_outer() const { return contain_outer_; }
  // An Aabb region shrunk by the margin: a stored box inside it is certainly inside the region.
  const Aabb<T>& inner() const { return inner_; }
  // Whether anything can be certainly inside (the region is wider than twice the margin).
  bool has_inner() const { return has_inner_; }
  // A polygon region's edge i: its inward normal (unnormalised) and the margin along it.
  Vec2<T> inward(int i) const { return inward_[i]; }
  T margin(int i) const { return margin_[i]; }

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
    // A box inside the region is inside its bounding box: the few comparisons that answer for
    // most of the nodes a small region's descent meets, before the projections.
    if constexpr (!std::is_same_v<Q, Aabb<T>>) {
      if (!(outer_.min.x <= x0 && x1 <= outer_.max.x && outer_.min.y <= y0 && y1 <= outer_.max.y)) {
        return false;
      }
    }
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

 private:
  static Vec2<T> box_center(T x0, T y0, T x1, T y1) {
    return {T(0.5) * x0 + T(0.5) * x1, T(0.5) * y0 + T(0.5) * y1};
  }
  // Both round by an ulp of the coordinates, far inside the margin.
  static Vec2<T> box_half(T x0, T y0, T x1, T y1) {
    return {T(0.5) * (x1 - x0), T(0.5) * (y1 - y0)};
  }

  Q shape_;
  T delta_ = T(0);
  Aabb<T> outer_{};
  Aabb<T> contain_outer_{};
  Aabb<T> inner_{};
  bool has_inner_ = false;
  Vec2<T> inward_[max_polygon_vertices]{};
  T margin_[max_polygon_vertices]{};
};

}  // namespace collide2d::detail
