// collide2d/area.hpp - areas, intersection areas and intersection over union.
//
// area(s)                   the area of any shape (0 for points and segments)
// intersection_area(a, b)   the area of a ∩ b, for a and b among Circle, Aabb, Obb, ConvexPolygon
// iou(a, b)                 intersection_area / (area(a) + area(b) - intersection_area), the
//                           overlap measure of detection code; 0 when the union has no area
//
// Methods: two Aabbs by their interval overlaps; other box and polygon pairs by convex clipping
// in one shape's own frame (Sutherland-Hodgman: the other shape clipped by each side of it, then
// the shoelace formula). An Obb's frame is its centre and axes, where its sides are exactly
// x = +-half_extents.x, y = +-half_extents.y at any aspect ratio; an Aabb's is its centre, a
// polygon's the other shape's anchor. Points cut on a box's side take that side's coordinate
// exactly. The frame is the shape for which the other's rounding matters least (the thinner one,
// in short: see docs/ROBUSTNESS.md), chosen from the pair alone, so both argument orders run the
// same arithmetic. Two circles by the closed form of the lens, a circle and a polygon by summing,
// over the polygon's edges, the signed area of the circle cut by the triangle (centre, edge) -
// sectors where the edge is outside the circle, triangles where it is inside - around the
// circle's centre whatever the argument order.
//
// Guarantees:
// - symmetric to the bit: intersection_area(a, b) == intersection_area(b, a) and
//   iou(a, b) == iou(b, a) for every pair, as overlaps is;
// - iou(a, a) == 1 exactly for every supported shape, and boxes that only share an edge have
//   intersection area 0 exactly when their corners coincide exactly (integer coordinates, exact
//   quarter turns);
// - boxes (Aabb, Obb) and polygons at any aspect ratio: |error| <= 4 eps (d + min(M_a, M_b))
//   min(P_a, P_b), with d the distance between the shapes' centres (|dx| + |dy|; a polygon's
//   centre is its bounding box's), M a shape's longer side (a polygon's bounding box's) and P its
//   perimeter; the error of iou is that over the union, plus a few ulps. A box 1e-6 wide and
//   2e10 long crossing a 300 x 300 box keeps about 13 digits of the intersection (eps = 2^-52 for
//   double, 2^-23 for float). Where two thin shapes cross, the bound holds but the intersection
//   can be far smaller than it (in float, thin boxes 1e6 times longer than wide lose most digits);
// - circles: within a few ulps of the shapes' areas.
// Rotated-box IoU in detection libraries often fails the first three (see docs).
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
