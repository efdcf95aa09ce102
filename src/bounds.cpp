// bounding_box and corners for every shape.
#include "collide2d/shapes.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

template <class T>
Aabb<T> bounding_box(const Point<T>& shape) {
  return {shape, shape};
}

template <class T>
Aabb<T> bounding_box(const Segment<T>& shape) {
  return {component_min(shape.a, shape.b), component_max(shape.a, shape.b)};
}

template <class T>
Aabb<T> bounding_box(const Circle<T>& shape) {
  const Vec2<T> r{shape.radius, shape.radius};
  return {shape.center - r, shape.center + r};
}

template <class T>
Aabb<T> bounding_box(const Capsule<T>& shape) {
  const Vec2<T> r{shape.radius, shape.radius};
  return {component_min(shape.a, shape.b) - r, component_max(shape.a, shape.b) + r};
}

template <class T>
Aabb<T> bounding_box(const Aabb<T>& shape) {
  return shape;
}

// The box's extent along world x is its projection radius on x: h.x |c| + h.y |s|.
template <class T>
Aabb<T> bounding_box(const Obb<T>& shape) {
  using detail::abs;
  const Vec2<T> h = shape.half_extents;
  const Rot<T> q = shape.rotation;
  const Vec2<T> extent{h.x * abs(q.c) + h.y * abs(q.s), h.x * abs(q.s) + h.y * abs(q.c)};
  return {shape.center - extent, shape.center + extent};
}

template <class T>
Aabb<T> bounding_box(const ConvexPolygon<T>& shape) {
  const int n = detail::vertex_count(shape);
  if (n == 0) return {{T(0), T(0)}, {T(0), T(0)}};
  Aabb<T> box{shape.vertices[0], shape.vertices[0]};
  for (int i = 1; i < n; ++i) {
    box.min = component_min(box.min, shape.vertices[i]);
    box.max = component_max(box.max, shape.vertices[i]);
  }
  return box;
}

template <class T>
Aabb<T> bounding_box(const Shape<T>& shape) {
  return std::visit([](const auto& s) { return bounding_box(s); }, shape);
}

template <class T>
void corners(const Obb<T>& box, Vec2<T> out[4]) {
  Vec2<T> local[4];
  detail::box_corners(box.half_extents, local);
  for (int i = 0; i < 4; ++i)
    out[i] = box.center + rotate(box.rotation, local[i]);
}

#define COLLIDE2D_INSTANTIATE_BOUNDS(S)                        \
  template Aabb<float> bounding_box<float>(const S<float>& s); \
  template Aabb<double> bounding_box<double>(const S<double>& s)

COLLIDE2D_INSTANTIATE_BOUNDS(Point);
COLLIDE2D_INSTANTIATE_BOUNDS(Segment);
COLLIDE2D_INSTANTIATE_BOUNDS(Circle);
COLLIDE2D_INSTANTIATE_BOUNDS(Capsule);
COLLIDE2D_INSTANTIATE_BOUNDS(Aabb);
COLLIDE2D_INSTANTIATE_BOUNDS(Obb);
COLLIDE2D_INSTANTIATE_BOUNDS(ConvexPolygon);
COLLIDE2D_INSTANTIATE_BOUNDS(Shape);
template void corners<float>(const Obb<float>& box, Vec2<float> out[4]);
template void corners<double>(const Obb<double>& box, Vec2<double> out[4]);

}  // namespace collide2d
