// collide2d/raycast.hpp - raycast(ray, shape): where a ray enters and leaves a shape;
// raycast(ray, segment, SegmentSides::front): a one-sided segment, hit from its front only.
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
// One-sided segments: raycast(ray, segment, SegmentSides::front) hits the segment only from its
// front, as Box2D v3's chain segments and b2RayCastSegment(..., oneSided = true) do (a chain
// outlines a level, and a ray from inside a wall must not stop at its back face). The front is
// the RIGHT of a -> b (y up), where the outward normal (b - a).y, -(b - a).x points; the edges of
// a counter-clockwise ConvexPolygon face out the same way, and a counter-clockwise outline of
// solid ground, cut into segments, faces out of the solid. Box2D chooses the same side: it skips
// a ray whose origin has cross(origin - a, b - a) < 0, and so does Box2D 2.4's b2EdgeShape after
// SetOneSided.
//
//            back (left)
//     a ------------------> b            ray from below (origin in front): hits, normal (0, -1)
//            front (right)               ray from above (origin behind):   no hit
//                ^
//                |  ray
//
// The rule is the origin's side: a ray whose origin is strictly behind the segment's line
// (cross(b - a, origin - a) > 0) gets std::nullopt; any other ray gets the two-sided answer,
// raycast(ray, segment), except that a hit from strictly in front always reports the front normal
// normalize((b - a).y, -(b - a).x) (the two-sided normal is the same vector, bit for bit, except
// for a ray almost parallel to the segment, where the two-sided query may turn it the wrong way,
// by the sign of a rounded dot product, or take the ray's direction for a line through the
// segment). So, by the closed-set rule:
//   - a ray starting on the segment hits it at t = 0 (started_inside, zero normal), in any
//     direction: its first point belongs to the segment;
//   - a ray on the segment's line (parallel, touching) hits it over the part they share, as the
//     two-sided query does (Box2D calls a parallel ray a miss; here touching counts);
//   - a ray from the front through an end point hits at that point; one from behind does not;
//   - a zero-length segment (a == b) has no back: it is hit as a point.
// Worked example: a = (0, 0), b = (2, 0), front y < 0. Ray{(1, -1), (0, 1)}: hit at t = 1,
// normal (0, -1). Ray{(1, 1), (0, -1)}: no hit. Ray{(1, 0), (0, 1)}: hit at t = 0, started
// inside. Ray{(-1, 0), (1, 0)}: hit over t in [1, 3]. Ray{(2, -1), (0, 1)}: hit at b, t = 1.
// The side is the exact sign of cross(b - a, origin - a), for float and double (Shewchuk's
// adaptive predicate: a rounded determinant where its error bound decides, error-free expansion
// arithmetic where it does not), as long as no product of coordinates or of their differences
// overflows, or underflows below the normal range, in double: nonzero |coordinates| between about
// 1e-150 and 1e150, and any float. So an origin on
// the segment's line counts as on it wherever it lies exactly on it, and one a single ulp behind
// counts as behind. SegmentSides::both is the two-sided query, bit for bit.
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

#include <cstdint>
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
// Which faces of a segment a ray may hit: both (the two-argument call) or the front only.
enum class SegmentSides : std::uint8_t { both, front };
template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Segment<T>& segment, SegmentSides sides);
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

// RoundedPolygon: see rounded.hpp.
template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const RoundedPolygon<T>& shape);
template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const RoundedPolygon<T>& shape);

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
