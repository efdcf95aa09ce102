// collide2d/area.hpp - areas, intersection areas and intersection over union.
//
// area(s)                   the area of any shape (0 for points and segments), or of a Shape
//                           variant; intersection_area and iou take variants too (see below)
// intersection_area(a, b)   the area of a ∩ b, for a and b among Circle, Capsule, Aabb, Obb,
//                           ConvexPolygon and RoundedPolygon (rounded.hpp)
// iou(a, b)                 intersection_area / (area(a) + area(b) - intersection_area), the
//                           overlap measure of detection code; 0 when the union has no area
// giou(a, b)                generalised IoU, iou - (|C| - |a ∪ b|) / |C| with C the convex hull
//                           of a ∪ b, for Aabb, Obb and ConvexPolygon (see below); in [-1, 1]
// diou(a, b), ciou(a, b)    distance IoU and complete IoU of two boxes (Aabb, Obb), the
//                           detection losses' measures (see below); in [-1, 1] and [-2, 1]
// intersection(a, b)        the set a ∩ b itself, for a and b among Aabb, Obb, ConvexPolygon (not
//                           circles: their intersection is not a polygon, and the call does not
//                           compile): an Intersection of 0 to 16 vertices, see below
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
// circle's centre whatever the argument order. A pair with a RoundedPolygon of radius r > 0 (a
// core polygon swept by a disc) or a Capsule (a core segment swept by a disc) by pieces with
// disjoint interiors that cover each shape: the convex polygon bounded by the core's edges moved
// out by r and the chords of the vertices' arcs, and the circular segment between each chord and
// its arc (a capsule: its rectangle and two half discs; a circle is one whole disc); summed over
// pairs of pieces, each the area of two convex polygons clipped together (Sutherland- Hodgman) and
// cut by the pieces' discs: by one disc as the circle above, by two as the disc of A on B's side of
// their radical line plus the disc of B on A's side (on B's side a point of A's disc lies in B's
// disc). In a frame at the anchor of the pair's first shape in a canonical order (the rounded
// polygon, two rounded polygons by their bytes), so both argument orders run the same arithmetic;
// shapes whose interiors do not meet (overlaps_interior false: touching or apart) get 0 exactly.
// Radius 0 is the core's answer.
//
// Guarantees:
// - symmetric to the bit: intersection_area(a, b) == intersection_area(b, a) and
//   iou(a, b) == iou(b, a) for every pair, as overlaps is;
// - iou(a, a) == 1 exactly for every supported shape, and boxes that only share an edge have
//   intersection area 0 exactly when their corners coincide exactly (integer coordinates, exact
//   quarter turns); a RoundedPolygon or a Capsule and a shape whose interiors do not meet
//   (overlaps_interior, exact on integer cores with half-integer radii) have intersection area 0
//   exactly;
// - boxes (Aabb, Obb) and polygons at any aspect ratio: |error| <= 4 eps (d + min(M_a, M_b))
//   min(P_a, P_b), with d the distance between the shapes' centres (|dx| + |dy|; a polygon's
//   centre is its bounding box's), M a shape's longer side (a polygon's bounding box's) and P its
//   perimeter; the error of iou is that over the union, plus a few ulps. A box 1e-6 wide and
//   2e10 long crossing a 300 x 300 box keeps about 13 digits of the intersection (eps = 2^-52 for
//   double, 2^-23 for float). Where two thin shapes cross, the bound holds but the intersection
//   can be far smaller than it (in float, thin boxes 1e6 times longer than wide lose most digits);
// - circles: within a few ulps of the shapes' areas;
// - pairs with a RoundedPolygon or a Capsule: |error| <= 2 eps L (P_a + P_b), with L the longer
// side of the
//   bounding box of both shapes and P a shape's bounding box's perimeter (the roundings of the
//   pieces' corners and cuts, each a few eps of L, along the boundaries). Checked for float
//   against the double answer on random pairs (worst seen 0.11 eps L (P_a + P_b), tiny and huge
//   radii, far from the origin included), for double on cases with closed forms, and for both
//   against a rigorous bracket (inscribed and circumscribed polygons, exact rationals).
// Rotated-box IoU in detection libraries often fails the first three (see docs).
//
// Preconditions: valid shapes. Invalid ones get a defined answer, no undefined behaviour.
#pragma once

#include <string>
#include <type_traits>
#include <variant>

#include "collide2d/errors.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {

// The shapes intersection_area and iou accept: every shape with area.
template <class S>
inline constexpr bool is_area_query_shape_v = is_shape_v<S>&& has_area_v<S>;

template <class S>
requires(is_shape_v<S>) scalar_of<S> area(const S& shape);

// More specialised than the template above, so chosen for a RoundedPolygon (rounded.hpp).
template <class T>
T area(const RoundedPolygon<T>& shape);

template <class A, class B>
requires(is_area_query_shape_v<A>&& is_area_query_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) scalar_of<A> intersection_area(const A& a,
                                                                                        const B& b);

template <class A, class B>
requires(is_area_query_shape_v<A>&& is_area_query_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) scalar_of<A> iou(const A& a, const B& b);

// The same queries on Shape variants. Points and segments have no area: with them the
// intersection area and the iou are 0 (exactly what they are).
template <class T>
T area(const Shape<T>& shape) {
  return std::visit([](const auto& s) { return area(s); }, shape);
}

namespace detail {
// f(a, b) on the two alternatives when both have area; 0 when one has none.
template <class T, class F>
T visit_area_pair(const Shape<T>& a, const Shape<T>& b, F f) {
  return std::visit(
      [&](const auto& x, const auto& y) -> T {
        using X = std::decay_t<decltype(x)>;
        using Y = std::decay_t<decltype(y)>;
        if constexpr (is_area_query_shape_v<X> && is_area_query_shape_v<Y>) {
          return f(x, y);
        } else {
          return T(0);
        }
      },
      a, b);
}
}  // namespace detail

template <class T>
T intersection_area(const Shape<T>& a, const Shape<T>& b) {
  return detail::visit_area_pair(
      a, b, [](const auto& x, const auto& y) { return intersection_area(x, y); });
}

template <class T>
T iou(const Shape<T>& a, const Shape<T>& b) {
  return detail::visit_area_pair(a, b, [](const auto& x, const auto& y) { return iou(x, y); });
}

// The shapes intersection accepts: the polygon-like ones (Aabb, Obb, ConvexPolygon).
template <class S>
inline constexpr bool is_intersection_shape_v =
    std::is_same_v<S, Aabb<scalar_of<S>>> || std::is_same_v<S, Obb<scalar_of<S>>> ||
    std::is_same_v<S, ConvexPolygon<scalar_of<S>>>;

// ---- Generalised IoU and its distance variants ----
//
// Definitions (each a function of the two sets, except ciou's aspect term; symmetric to the bit
// in a and b, and exactly 1 for a shape with area and itself; a shape without area has iou 0, and
// so giou 0, with itself):
//
//   giou = iou - (|C| - |a ∪ b|) / |C|,  C the convex hull of a ∪ b
//     Rezatofighi et al., "Generalized Intersection over Union", CVPR 2019, define C as the
//     smallest enclosing convex object; that is the convex hull, used here for every pair. For two
//     axis-aligned boxes their paper's Algorithm 2 and torchvision's generalized_box_iou use the
//     enclosing axis-aligned box instead, which is larger than the hull when the boxes sit
//     diagonally apart: [0,1]^2 and [2,3]^2 give -3/5 here (hull area 5), -7/9 there (box 9).
//     Shapes that only touch get 0 where their hull is their union; apart shapes get < 0.
//   diou = iou - d^2 / c^2
//     Zheng et al., "Distance-IoU Loss", AAAI 2020: d the distance between the boxes' centres,
//     c the diagonal of the smallest axis-aligned box enclosing both (the world's axes, as the
//     paper's image axes; for rotated boxes the same rule, on the boxes' bounding boxes, so a
//     rotated box and its Aabb form agree). Not rotation invariant, as in the paper.
//   ciou = diou - alpha v,  v = (4 / pi^2) (atan2(w_a, h_a) - atan2(w_b, h_b))^2,
//          alpha = v / ((1 - iou) + v)  (0 when v = 0)
//     Zheng et al., the same paper (and torchvision's complete_box_iou: alpha without the
//     "iou >= 0.5" gate some trainers add). w and h are an Aabb's x and y extents and an Obb's
//     full extents along its own axes, so ciou depends on which side an Obb calls its width: the
//     same set as (w 2, h 1, 0 degrees) and (w 1, h 2, 90 degrees) has ciou 1 - v = 0.832 between
//     the two forms, while iou, giou and diou are 1.
//
// Accuracy: iou within its bound above; the hull's and the enclosing box's corners are rounded
// once (world coordinates), so the penalty terms are within a few eps of (|coordinates| + size)
// relative to |C| and c. An iou of exactly 1 (the same set, to rounding) gives giou exactly 1.
// Where |C| or c is 0 (shapes without area at one point) the penalty is 0.
template <class S>
inline constexpr bool is_box_v =
    std::is_same_v<S, Aabb<scalar_of<S>>> || std::is_same_v<S, Obb<scalar_of<S>>>;

template <class A, class B>
requires(is_intersection_shape_v<A>&& is_intersection_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) scalar_of<A> giou(const A& a, const B& b);

template <class A, class B>
requires(is_box_v<A>&& is_box_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>) scalar_of<A> diou(
    const A& a, const B& b);

template <class A, class B>
requires(is_box_v<A>&& is_box_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>) scalar_of<A> ciou(
    const A& a, const B& b);

// a ∩ b of two closed convex sets, itself closed and convex, as its vertices in world coordinates:
//   count 0   empty (the shapes are apart)
//   count 1   one point (they touch at a corner)
//   count 2   a segment from vertices[0] to vertices[1] (they share part of an edge, no area)
//   count 3+  a convex polygon with area, counter-clockwise, no repeated and no collinear
//             vertices (collinear: exactly, in the arithmetic of the clip)
// It is the polygon whose area intersection_area returns (computed in the frame of the clip, see
// above, before the vertices are moved to world coordinates, which rounds them once more), for
// both argument orders: intersection(a, b) == intersection(b, a) vertex for vertex (the first
// vertex is the clip's, not the lowest). Box pairs (Aabb, Obb) on integer coordinates with exact
// rotations (quarter turns) get every vertex, and so the count, exactly, as long as products of
// coordinates are exact. A polygon's edge crosses the other shape at rational points that are
// rounded once; a polygon's corner, or a point shared exactly by both shapes, stays exact, so
// shapes that share an edge or a corner exactly meet in that segment or point. Elsewhere every
// vertex lies within the tolerance band of the exact set (docs/ROBUSTNESS.md), and a count of 1
// or 2 may stand for a sliver of area below the band, or 0 for shapes within the band of touching.
template <class T>
struct Intersection {
  Vec2<T> vertices[2 * max_polygon_vertices];
  int count;
};

template <class A, class B>
requires(is_intersection_shape_v<A>&& is_intersection_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>)
    Intersection<scalar_of<A>> intersection(const A& a, const B& b);

}  // namespace collide2d
