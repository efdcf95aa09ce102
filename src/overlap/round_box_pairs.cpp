// overlaps for Point, Segment, Circle and Capsule against Aabb and Obb. The round shape is moved
// into the box's frame, where the box is [-h, h]; a circle's centre is clamped into the box, a
// segment gets a three-axis separating axis test. Point and circle against an Aabb skip the frame:
// interval test and clamp in world coordinates, exact as given.
#include <algorithm>

#include "collide2d/overlap.hpp"
#include "convex/cores.hpp"
#include "detail/instantiate.hpp"

namespace collide2d {

using detail::core_box_within;
using detail::core_of;
using detail::frame_of;

template <class T>
bool overlaps(const Point<T>& a, const Aabb<T>& b) {
  return b.min.x <= a.x && a.x <= b.max.x && b.min.y <= a.y && a.y <= b.max.y;
}
template <class T>
bool overlaps(const Point<T>& a, const Obb<T>& b) {
  return core_box_within(core_of(a), frame_of(b));
}
template <class T>
bool overlaps(const Segment<T>& a, const Aabb<T>& b) {
  return core_box_within(core_of(a), frame_of(b));
}
template <class T>
bool overlaps(const Segment<T>& a, const Obb<T>& b) {
  return core_box_within(core_of(a), frame_of(b));
}
template <class T>
bool overlaps(const Circle<T>& a, const Aabb<T>& b) {
  const Vec2<T> closest{detail::clamp_box(a.center.x, b.min.x, b.max.x),
                        detail::clamp_box(a.center.y, b.min.y, b.max.y)};
  return distance_squared(closest, a.center) <= a.radius * a.radius;
}
// Circle / Obb is defined inline (collide2d/detail/box_overlap.hpp), instantiated below.
template <class T>
bool overlaps(const Capsule<T>& a, const Aabb<T>& b) {
  return core_box_within(core_of(a), frame_of(b));
}
template <class T>
bool overlaps(const Capsule<T>& a, const Obb<T>& b) {
  return core_box_within(core_of(a), frame_of(b));
}

COLLIDE2D_INSTANTIATE_OVERLAP(Point, Aabb);
COLLIDE2D_INSTANTIATE_OVERLAP(Point, Obb);
COLLIDE2D_INSTANTIATE_OVERLAP(Segment, Aabb);
COLLIDE2D_INSTANTIATE_OVERLAP(Segment, Obb);
COLLIDE2D_INSTANTIATE_OVERLAP(Circle, Aabb);
COLLIDE2D_INSTANTIATE_OVERLAP(Circle, Obb);
COLLIDE2D_INSTANTIATE_OVERLAP(Capsule, Aabb);
COLLIDE2D_INSTANTIATE_OVERLAP(Capsule, Obb);

}  // namespace collide2d
