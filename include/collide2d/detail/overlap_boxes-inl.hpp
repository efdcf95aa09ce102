// collide2d/detail/overlap_boxes-inl.hpp - not part of the API: overlaps() for the box pairs
// (Aabb / Aabb, Aabb / Obb, Obb / Obb, Circle / Obb), defined here so that they inline into the
// caller's loop, as Jolt and cute_c2 do for their hot pairs: for tests of a few dozen instructions
// the call was a tenth to a quarter of the cost. The other argument orders (overlap.hpp) call
// these, so overlaps(a, b) == overlaps(b, a) as before. src/overlap still instantiates them for
// float and double, so the bindings and any caller that does not inline them link to one copy.
#pragma once

#include "collide2d/detail/box_overlap.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {

template <class T>
inline bool overlaps(const Aabb<T>& a, const Aabb<T>& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

template <class T>
inline bool overlaps(const Aabb<T>& a, const Obb<T>& b) {
  return detail::aabb_obb_overlap(a, b);
}

template <class T>
inline bool overlaps(const Obb<T>& first, const Obb<T>& second) {
  return detail::obb_obb_overlap(first, second);
}

template <class T>
inline bool overlaps(const Circle<T>& a, const Obb<T>& b) {
  return detail::circle_obb_overlap(a, b);
}

}  // namespace collide2d
