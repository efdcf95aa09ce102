// overlaps between Aabb and Obb: the separating-axis tests of convex/box_overlap.hpp.
#include "collide2d/overlap.hpp"
#include "convex/box_overlap.hpp"
#include "detail/instantiate.hpp"

namespace collide2d {

template <class T>
bool overlaps(const Aabb<T>& a, const Aabb<T>& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

template <class T>
bool overlaps(const Aabb<T>& a, const Obb<T>& b) {
  return detail::aabb_obb_overlap(a, b);
}

template <class T>
bool overlaps(const Obb<T>& first, const Obb<T>& second) {
  return detail::obb_obb_overlap(first, second);
}

COLLIDE2D_INSTANTIATE_OVERLAP(Aabb, Aabb);
COLLIDE2D_INSTANTIATE_OVERLAP(Aabb, Obb);
COLLIDE2D_INSTANTIATE_OVERLAP(Obb, Obb);

}  // namespace collide2d
