// collide2d/raycast.hpp - raycast(ray, shape): where a ray enters and leaves a shape.
//
// The ray is the set origin + t * direction for t in [0, ray.max_t]; t is in units of direction,
// which need not be unit length. Shapes are closed sets, so a ray that only grazes a corner or runs
// along an edge hits (then t_enter == t_exit, or the hit spans the edge).
//
// A hit reports the part of the ray inside the shape:
//   t_enter, point_enter  first point of the ray in the shape; t_enter = 0 when the origin is
//                         inside or on the boundary (started_inside = true)
//   t_exit, point_exit    last point of the ray in the shape, at most max_t (ended_inside = true
//                         when the ray ends before leaving the shape)
//   normal                unit outward normal of the surface at the entry point, in world
//                         coordinates; the zero vector when started_inside (there is no entry
//                         surface). At an entry exactly on a corner, the normal of one of the two
//                         edges that meet there.
// Shapes without area (point, segment) report the side facing the ray origin as their normal.
//
// No hit: std::nullopt. A hit whose entry parameter would not be finite (a tiny direction and a
// shape too far along it for t to be represented) is no hit either.
//
// Degenerate rays have defined answers: a zero-length direction is the single point origin (a hit
// with t_enter = t_exit = 0 and started_inside = true when the origin is in the shape); a zero
// direction component is handled exactly, with no epsilon: boxes use the IEEE infinity form of
// the slab test (1 / 0 = inf), whose one NaN case, an origin exactly on a side, is resolved as
// inside (closed sets), so a ray running along a box's side hits it. A ray with a non-finite origin
// or direction, or a NaN max_t, gives std::nullopt; max_t may be +infinity (the default).
//
// raycast_lean(ray, shape) gives the entry alone, as Box2D's b2RayCastOutput does: RayHitLean's t
// and normal are raycast's t_enter and normal, bit for bit (the same hit or miss too), without the
// exit and the two points; the normal is the zero vector when the ray starts in the shape. For Aabb
// and Obb both forms are defined inline (collide2d/detail/ray_box-inl.hpp), so that a loop over
// many rays computes only the fields it reads.
//
// Preconditions: the shape is valid (is_valid). An invalid one (a NaN coordinate, say) gets a
// defined answer, never undefined behaviour or a hang, but not a meaningful one.
#pragma once

#include <optional>
#include <variant>

#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {

template <class T>
struct RayHit {
  T t_enter;
  T t_exit;
  Vec2<T> point_enter;
  Vec2<T> point_exit;
  Vec2<T> normal;
  bool started_inside;
  bool ended_inside;
};

// The entry of a hit alone (raycast_lean).
template <class T>
struct RayHitLean {
  T t;
  Vec2<T> normal;
};

template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Point<T>& point);
template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Segment<T>& segment);
template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Circle<T>& circle);
template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Capsule<T>& capsule);
template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Aabb<T>& box);
template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Obb<T>& box);
template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const ConvexPolygon<T>& polygon);

template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const Point<T>& point);
template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const Segment<T>& segment);
template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const Circle<T>& circle);
template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const Capsule<T>& capsule);
template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const Aabb<T>& box);
template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const Obb<T>& box);
template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const ConvexPolygon<T>& polygon);

template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Shape<T>& shape) {
  return std::visit([&ray](const auto& s) { return raycast(ray, s); }, shape);
}

template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const Shape<T>& shape) {
  return std::visit([&ray](const auto& s) { return raycast_lean(ray, s); }, shape);
}

}  // namespace collide2d

// The inline definitions for Aabb and Obb.
#include "collide2d/detail/ray_box-inl.hpp"
