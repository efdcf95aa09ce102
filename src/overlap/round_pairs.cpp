// overlaps for every pair of Point, Segment, Circle and Capsule: their cores (a point or a segment)
// within the radius sum. Closed sets: equality in the comparison counts as overlap.
#include "collide2d/overlap.hpp"
#include "convex/cores.hpp"
#include "detail/instantiate.hpp"

namespace collide2d {

using detail::core_of;
using detail::cores_within;

template <class T>
bool overlaps(const Point<T>& a, const Point<T>& b) {
  return a == b;
}
template <class T>
bool overlaps(const Point<T>& a, const Segment<T>& b) {
  return cores_within(core_of(a), core_of(b));
}
template <class T>
bool overlaps(const Point<T>& a, const Circle<T>& b) {
  return cores_within(core_of(a), core_of(b));
}
template <class T>
bool overlaps(const Point<T>& a, const Capsule<T>& b) {
  return cores_within(core_of(a), core_of(b));
}
template <class T>
bool overlaps(const Segment<T>& a, const Segment<T>& b) {
  return cores_within(core_of(a), core_of(b));
}
template <class T>
bool overlaps(const Segment<T>& a, const Circle<T>& b) {
  return cores_within(core_of(b), core_of(a));
}
template <class T>
bool overlaps(const Segment<T>& a, const Capsule<T>& b) {
  return cores_within(core_of(a), core_of(b));
}
template <class T>
bool overlaps(const Circle<T>& a, const Circle<T>& b) {
  return cores_within(core_of(a), core_of(b));
}
template <class T>
bool overlaps(const Circle<T>& a, const Capsule<T>& b) {
  return cores_within(core_of(a), core_of(b));
}
template <class T>
bool overlaps(const Capsule<T>& a, const Capsule<T>& b) {
  return cores_within(core_of(a), core_of(b));
}

COLLIDE2D_INSTANTIATE_OVERLAP(Point, Point);
COLLIDE2D_INSTANTIATE_OVERLAP(Point, Segment);
COLLIDE2D_INSTANTIATE_OVERLAP(Point, Circle);
COLLIDE2D_INSTANTIATE_OVERLAP(Point, Capsule);
COLLIDE2D_INSTANTIATE_OVERLAP(Segment, Segment);
COLLIDE2D_INSTANTIATE_OVERLAP(Segment, Circle);
COLLIDE2D_INSTANTIATE_OVERLAP(Segment, Capsule);
COLLIDE2D_INSTANTIATE_OVERLAP(Circle, Circle);
COLLIDE2D_INSTANTIATE_OVERLAP(Circle, Capsule);
COLLIDE2D_INSTANTIATE_OVERLAP(Capsule, Capsule);

}  // namespace collide2d
