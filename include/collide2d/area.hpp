// collide2d/area.hpp - areas, intersection areas and intersection over union.
//
// area(s)                   the area of any shape (0 for points and segments)
// intersection_area(a, b)   the area of a ∩ b, for a and b among Circle, Aabb, Obb, ConvexPolygon
// iou(a, b)                 intersection_area / (area(a) + area(b) - intersection_area), the
//                           overlap measure of detection code; 0 when the union has no area
//
// Methods: boxes and polygons by convex clipping (Sutherland-Hodgman: B clipped by each edge of A,
// then the shoelace formula), two Aabbs by their interval overlaps, two circles by the closed form
// of the lens, a circle and a polygon by summing, over the polygon's edges, the signed area of the
// circle cut by the triangle (centre, edge) - sectors where the edge is outside the circle,
// triangles where it is inside. Everything is computed around a vertex of A.
//
// Guarantees: iou(a, a) == 1 exactly for every supported shape, and boxes that only share an edge
// have intersection area 0 exactly when their corners coincide exactly (integer coordinates, exact
// quarter turns); otherwise the area is accurate to a few ulps of the shapes' areas. Rotated-box
// IoU in detection libraries often fails both (see docs).
//
// Preconditions: valid shapes. Invalid ones get a defined answer, no undefined behaviour.
#pragma once

#include <type_traits>
#include <variant>

#include "collide2d/shapes.hpp"

namespace collide2d {

// The shapes intersection_area and iou accept.
template <class S>
inline constexpr bool is_area_query_shape_v =
    is_shape_v<S>&& has_area_v<S> && !std::is_same_v<S, Capsule<scalar_of<S>>>;

template <class S>
requires(is_shape_v<S>) scalar_of<S> area(const S& shape);

template <class A, class B>
requires(is_area_query_shape_v<A>&& is_area_query_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) scalar_of<A> intersection_area(const A& a,
                                                                                        const B& b);

template <class A, class B>
requires(is_area_query_shape_v<A>&& is_area_query_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) scalar_of<A> iou(const A& a, const B& b);

}  // namespace collide2d
