// collide2d/containment.hpp - contains(a, b): is B wholly inside A?
//
// contains(a, b)           every point of B is in A, boundary included (Boost.Geometry's
//                          covered_by(b, a)): the "fully inside" mode of marquee selection
// contains_strictly(a, b)  every point of B is in A's interior: B does not even touch A's boundary
//
// Both are defined for every pair. The useful ones have A with an area (Circle, Capsule, Aabb, Obb,
// ConvexPolygon); a Point or Segment A contains only points and segments lying on it, and its
// interior is empty, so contains_strictly is false for it. A shape wholly inside another is
// contained, however deep (the case Box2D's overlap query once missed).
//
// Method: A is convex and B is the convex hull of discs of radius r_B around its core vertices
// (a point, segment, box or polygon has r_B = 0), so B is inside A exactly when each of those discs
// is: for a box, the vertex in the box's frame within h - r_B on both axes; for a polygon, inside
// every edge by r_B; for a circle or capsule, within r_A - r_B of A's core. With r_B = 0 the tests
// use unnormalised edges and are exact on integer coordinates, like overlaps.
//
// Preconditions: valid shapes. Invalid ones get a defined answer, no undefined behaviour.
#pragma once

#include <type_traits>
#include <variant>

#include "collide2d/shapes.hpp"

namespace collide2d {

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>) bool contains(
    const A& a, const B& b);

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) bool contains_strictly(const A& a,
                                                                                const B& b);

template <class T>
bool contains(const Shape<T>& a, const Shape<T>& b) {
  return std::visit([](const auto& x, const auto& y) { return contains(x, y); }, a, b);
}

template <class T>
bool contains_strictly(const Shape<T>& a, const Shape<T>& b) {
  return std::visit([](const auto& x, const auto& y) { return contains_strictly(x, y); }, a, b);
}

}  // namespace collide2d
