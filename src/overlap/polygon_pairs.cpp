// overlaps of a ConvexPolygon with a box or another polygon: separating axis test over the edge
// normals of both shapes. Edges are used unnormalised (the sign of a projection does not need a
// unit axis), so no square root rounds the decision. Against a box, the polygon's vertices are
// moved into the box's frame, where the box's extent along any axis is its projection radius.
#include "collide2d/overlap.hpp"
#include "detail/instantiate.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

template <class T>
bool polygon_overlaps_box(const ConvexPolygon<T>& polygon, const detail::BoxFrame<T>& box) {
  const int n = detail::vertex_count(polygon);
  Vec2<T> local[max_polygon_vertices];
  for (int i = 0; i < n; ++i)
    local[i] = box.to_local(polygon.vertices[i]);
  return detail::polygon_box_overlap(local, n, box.half);
}

}  // namespace

template <class T>
bool overlaps(const Aabb<T>& a, const ConvexPolygon<T>& b) {
  return polygon_overlaps_box(b, detail::frame_of(a));
}

template <class T>
bool overlaps(const Obb<T>& a, const ConvexPolygon<T>& b) {
  return polygon_overlaps_box(b, detail::frame_of(a));
}

template <class T>
bool overlaps(const ConvexPolygon<T>& a, const ConvexPolygon<T>& b) {
  return detail::polygons_overlap(a.vertices, detail::vertex_count(a), b.vertices,
                                  detail::vertex_count(b));
}

COLLIDE2D_INSTANTIATE_OVERLAP(Aabb, ConvexPolygon);
COLLIDE2D_INSTANTIATE_OVERLAP(Obb, ConvexPolygon);
COLLIDE2D_INSTANTIATE_OVERLAP(ConvexPolygon, ConvexPolygon);

}  // namespace collide2d
