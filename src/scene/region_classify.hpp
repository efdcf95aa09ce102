// Private: RegionBounds' box tests on up to 64 consecutive stored boxes at once, as bit masks.
//
// For count <= 64 boxes (the arrays start at the first), bit j of `meets` when box j may meet the
// region (in contains mode: when it lies inside the region's enlarged bounding box, as a contained
// shape's must) and of `inside` when it is certainly inside the region: the tests of disjoint()
// and inside(), without a branch per box, in a loop compilers vectorise.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "collide2d/broadphase/common.hpp"
#include "scene/region_bounds.hpp"

namespace collide2d::detail {

// The mode is a template argument so that the loop has no branch at all and vectorises (measured
// with g++ 12: a run-time mode inside the loop kept it scalar).
template <bool contains, class T, class Q>
COLLIDE2D_NOINLINE void classify_boxes(const RegionBounds<T, Q>& region, const T* min_x,
                                       const T* min_y, const T* max_x, const T* max_y, int count,
                                       std::uint64_t& meets, std::uint64_t& inside_bits) {
  meets = 0;
  inside_bits = 0;
  const Q& shape = region.shape();
  const T delta = region.delta();
  const Aabb<T> reach = contains ? region.contain_outer() : region.outer();
  const Aabb<T> inner = region.inner();
  const bool has_inner = region.has_inner();
  for (int k = 0; k < count; k += 8) {
    alignas(8) unsigned char m[8], in[8];
    for (int j = 0; j < 8; ++j) {
      const T x0 = min_x[k + j], y0 = min_y[k + j], x1 = max_x[k + j], y1 = max_y[k + j];
      bool may;
      if constexpr (contains) {
        may = (reach.min.x <= x0) & (x1 <= reach.max.x) & (reach.min.y <= y0) & (y1 <= reach.max.y);
      } else {
        may = (x0 <= reach.max.x) & (reach.min.x <= x1) & (y0 <= reach.max.y) & (reach.min.y <= y1);
      }
      bool certain = has_inner;
      if constexpr (std::is_same_v<Q, Aabb<T>>) {
        certain = certain & (inner.min.x <= x0) & (x1 <= inner.max.x) & (inner.min.y <= y0) &
                  (y1 <= inner.max.y);
      } else if constexpr (std::is_same_v<Q, Obb<T>>) {
        const T dx = (T(0.5) * x0 + T(0.5) * x1) - shape.center.x;
        const T dy = (T(0.5) * y0 + T(0.5) * y1) - shape.center.y;
        const T ex = T(0.5) * (x1 - x0), ey = T(0.5) * (y1 - y0);
        const T c = shape.rotation.c, s = shape.rotation.s;
        const T ac = std::abs(c), as = std::abs(s);
        // Projections on the region's axes (c, s) and (-s, c), and the box's radii there.
        const T px = std::abs(dx * c + dy * s), rx = ex * ac + ey * as;
        const T py = std::abs(dy * c - dx * s), ry = ex * as + ey * ac;
        const T hx = shape.half_extents.x, hy = shape.half_extents.y;
        may = may & (px <= hx + delta + rx) & (py <= hy + delta + ry);
        certain = certain & (px + rx <= hx - delta) & (py + ry <= hy - delta);
      } else if constexpr (std::is_same_v<Q, ConvexPolygon<T>>) {
        const T cx = T(0.5) * x0 + T(0.5) * x1, cy = T(0.5) * y0 + T(0.5) * y1;
        const T ex = T(0.5) * (x1 - x0), ey = T(0.5) * (y1 - y0);
        for (int i = 0; i < shape.count; ++i) {
          const Vec2<T> w = region.inward(i);
          const T depth = w.x * (cx - shape.vertices[i].x) + w.y * (cy - shape.vertices[i].y);
          const T radius = ex * std::abs(w.x) + ey * std::abs(w.y);
          may = may & (depth + radius >= -region.margin(i));
          certain = certain & (depth - radius >= region.margin(i));
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

}  // namespace collide2d::detail
