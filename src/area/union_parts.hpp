// Private: the union of two shapes from their areas and their intersection area, the one rule
// that iou and the generalised IoUs share (area.hpp).
#pragma once

#include <algorithm>

namespace collide2d::detail {

template <class T>
struct UnionParts {
  T union_area;
  T iou;
};

// The intersection is computed apart from the two areas and may round above the smaller one (an
// Obb against the same box as a polygon); capped, the union is at least the intersection and the
// ratio stays in [0, 1], with exactly 1 when the intersection equals both areas. Every step is
// symmetric in a and b.
template <class T>
UnionParts<T> union_parts(T area_a, T area_b, T intersection) {
  const T shared = std::min({intersection, area_a, area_b});
  const T union_area = area_a + area_b - shared;
  return {union_area, union_area > T(0) ? std::clamp(shared / union_area, T(0), T(1)) : T(0)};
}

}  // namespace collide2d::detail
