// overlaps for Point, Segment, Circle and Capsule against a ConvexPolygon: the core inside the
// polygon, or within the radius of one of its edges (see detail/predicates.hpp).
#include "collide2d/overlap.hpp"
#include "convex/cores.hpp"
#include "detail/instantiate.hpp"

namespace collide2d {

using detail::core_of;
using detail::core_polygon_within;

template <class T>
bool overlaps(const Point<T>& a, const ConvexPolygon<T>& b) {
  return core_polygon_within(core_of(a), b);
}
template <class T>
bool overlaps(const Segment<T>& a, const ConvexPolygon<T>& b) {
  return core_polygon_within(core_of(a), b);
}
template <class T>
bool overlaps(const Circle<T>& a, const ConvexPolygon<T>& b) {
  return core_polygon_within(core_of(a), b);
}
template <class T>
bool overlaps(const Capsule<T>& a, const ConvexPolygon<T>& b) {
  return core_polygon_within(core_of(a), b);
}

COLLIDE2D_INSTANTIATE_OVERLAP(Point, ConvexPolygon);
COLLIDE2D_INSTANTIATE_OVERLAP(Segment, ConvexPolygon);
COLLIDE2D_INSTANTIATE_OVERLAP(Circle, ConvexPolygon);
COLLIDE2D_INSTANTIATE_OVERLAP(Capsule, ConvexPolygon);

}  // namespace collide2d
