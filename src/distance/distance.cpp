// distance(a, b) for every pair: both shapes as cores around a vertex of A (convex_core.hpp), the
// core distance by closed form or GJK (core_distance.hpp), then the radii. Two Obbs directly, by
// their corners in each other's frame (box_distance.hpp); polygon pairs first by their separating
// axes, which answer the vertex-to-face and clearly overlapping cases (polygon_pair_distance.hpp).
#include "collide2d/distance.hpp"

#include "convex/convex_core.hpp"
#include "convex/core_distance.hpp"
#include "convex/polygon_based.hpp"
#include "detail/instantiate_pairs.hpp"
#include "detail/instantiate_rounded.hpp"
#include "distance/box_distance.hpp"
#include "distance/polygon_pair_distance.hpp"

namespace collide2d {

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>)
    DistanceResult<scalar_of<A>> distance(const A& a, const B& b) {
  using T = scalar_of<A>;
  if constexpr (std::is_same_v<A, Obb<T>> && std::is_same_v<B, Obb<T>>) {
    if (const auto boxes = detail::box_distance(a, b)) return *boxes;
  }
  if constexpr (detail::is_polygon_based<A> && detail::is_polygon_based<B>) {
    if (const auto core =
            detail::polygon_pair_distance(detail::polygon_of(a), detail::polygon_of(b))) {
      if constexpr (std::is_same_v<A, ConvexPolygon<T>> && std::is_same_v<B, ConvexPolygon<T>>) {
        return {core->distance, core->on_a, core->on_b};  // no radii to move the points by
      } else {
        const auto r = detail::rounded_distance(*core, detail::radius_of(a), detail::radius_of(b));
        return {r.distance, r.on_a, r.on_b};
      }
    }
  }
  const auto pair = detail::make_core_pair(a, b);
  const auto core = detail::core_distance(pair.a, pair.b);
  const auto rounded = detail::rounded_distance(core, pair.a.radius, pair.b.radius);
  return {rounded.distance, rounded.on_a + pair.origin, rounded.on_b + pair.origin};
}

#define COLLIDE2D_INSTANTIATE_DISTANCE(A, B) \
  template DistanceResult<scalar_of<A>> distance<A, B>(const A& a, const B& b);
COLLIDE2D_INSTANTIATE_ALL_PAIRS(COLLIDE2D_INSTANTIATE_DISTANCE)
COLLIDE2D_INSTANTIATE_ROUNDED_PAIRS(COLLIDE2D_INSTANTIATE_DISTANCE)

}  // namespace collide2d
