// Private: a shape placed by a rigid transform (rotate about the origin, then translate), for
// Scene::move(id, transform).
#pragma once

#include <variant>

#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::detail {

template <class T>
Shape<T> placed(const Point<T>& p, const Transform<T>& xf) {
  return transform_point(xf, p);
}
template <class T>
Shape<T> placed(const Segment<T>& s, const Transform<T>& xf) {
  return Segment<T>{transform_point(xf, s.a), transform_point(xf, s.b)};
}
template <class T>
Shape<T> placed(const Circle<T>& c, const Transform<T>& xf) {
  return Circle<T>{transform_point(xf, c.center), c.radius};
}
template <class T>
Shape<T> placed(const Capsule<T>& c, const Transform<T>& xf) {
  return Capsule<T>{transform_point(xf, c.a), transform_point(xf, c.b), c.radius};
}
// A box turned by anything but the identity is no longer axis-aligned: it becomes an Obb.
template <class T>
Shape<T> placed(const Aabb<T>& b, const Transform<T>& xf) {
  if (xf.q == Rot<T>::identity()) return Aabb<T>{b.min + xf.p, b.max + xf.p};
  return Obb<T>{transform_point(xf, b.center()), b.half_extents(), xf.q};
}
template <class T>
Shape<T> placed(const Obb<T>& b, const Transform<T>& xf) {
  return Obb<T>{transform_point(xf, b.center), b.half_extents, multiply(xf.q, b.rotation)};
}
template <class T>
Shape<T> placed(const ConvexPolygon<T>& p, const Transform<T>& xf) {
  ConvexPolygon<T> out = p;
  for (int i = 0; i < p.count && i < max_polygon_vertices; ++i) {
    out.vertices[i] = transform_point(xf, p.vertices[i]);
    out.normals[i] = rotate(xf.q, p.normals[i]);
  }
  return out;
}
// The core moves rigidly; the radius is unchanged.
template <class T>
Shape<T> placed(const RoundedPolygon<T>& p, const Transform<T>& xf) {
  return RoundedPolygon<T>{std::get<ConvexPolygon<T>>(placed(p.core, xf)), p.radius};
}
template <class T>
Shape<T> placed(const Shape<T>& shape, const Transform<T>& xf) {
  return std::visit([&xf](const auto& s) { return placed(s, xf); }, shape);
}

}  // namespace collide2d::detail
