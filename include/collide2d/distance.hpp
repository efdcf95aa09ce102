// collide2d/distance.hpp - distance(a, b): how far apart two shapes are, and where.
//
// For any two shapes (Point, Segment, Circle, Capsule, Aabb, Obb, ConvexPolygon, either order):
//   distance   the Euclidean distance between the two sets, 0 when they overlap or touch
//   point_a    a closest point of shape A, in world coordinates
//   point_b    a closest point of shape B; |point_b - point_a| == distance
// When the shapes overlap, distance is 0 and point_a == point_b is a point of both shapes.
//
// Algorithms: exact closed forms where the pair has one (point and segment cores, circles and
// capsules as those cores with a radius, a point or circle against a box by clamping in the box's
// frame, a point or circle against a polygon by its edges, two Obbs by the overlap test of
// overlaps(Obb, Obb) and then the least distance of a corner of one from the other, clamped in that
// box's frame); GJK on the support functions of the two cores otherwise (Gilbert, Johnson, Keerthi
// 1988; the simplex solver of Box2D's b2Distance), with radii added afterwards. GJK runs at most
// 32 iterations and stops when a support point repeats or the distance stops decreasing, so it
// terminates on any input. Distances are computed around a vertex of A (two Obbs: in each box's
// frame, around its centre), so shapes far from the origin keep their precision; the answer is
// accurate to a few ulps of the shapes' coordinates.
//
// Preconditions: valid shapes (is_valid). Invalid ones get a defined answer, no undefined
// behaviour.
#pragma once

#include <variant>

#include "collide2d/math.hpp"
#include "collide2d/shape_cast.hpp"  // shape_cast was declared here; kept for old includes
#include "collide2d/shapes.hpp"

namespace collide2d {

template <class T>
struct DistanceResult {
  T distance;
  Vec2<T> point_a;
  Vec2<T> point_b;
};

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>)
    DistanceResult<scalar_of<A>> distance(const A& a, const B& b);

template <class T>
DistanceResult<T> distance(const Shape<T>& a, const Shape<T>& b) {
  return std::visit([](const auto& x, const auto& y) { return distance(x, y); }, a, b);
}

}  // namespace collide2d
