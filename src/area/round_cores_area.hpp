// Private: the area of the intersection of two convex cores swept by their radii (a rounded
// polygon, a circle, a capsule, or a box or polygon with radius 0), both in one frame.
//
// Each shape is cut into pieces with disjoint interiors that cover it: H, the convex polygon whose
// edges are the core's edges moved out by the radius r and, at each core vertex, the chord of the
// vertex's arc (from v + r n_before to v + r n_after, the outward normals of the edges into and
// out of v), and at each vertex the circular segment between that chord and the arc (a capsule:
// a rectangle and two half discs; a point core: one whole disc; radius 0: the core polygon). A
// piece is a convex polygon K, or a disc cut by one (a segment: the disc cut by the rectangle r
// deep on the chord's outer side). Fewer pieces than the core, edge rectangles and vertex sectors
// (1 + n instead of 1 + 2 n: a pair of rounded boxes clips 25 pairs of pieces, not 81). The
// intersection area is the sum over pairs of pieces of area(K_a ∩ K_b) (Sutherland-Hodgman), cut
// by the pieces' discs:
//   no disc     the shoelace formula
//   one disc    the disc cut by the polygon (detail::disc_polygon_area)
//   two discs   D_a ∩ D_b ∩ K = (D_a ∩ K ∩ H_b) ∪ (D_b ∩ K ∩ H_a), H_a and H_b the two sides of
//               the discs' radical line (|x - c_a|^2 - r_a^2 = |x - c_b|^2 - r_b^2): on c_b's side
//               a point of D_a has a smaller power for D_b than for D_a, so it lies in D_b; so two
//               disc-and-polygon areas.
// The sum runs in the order of the arguments: the caller puts the pair in a canonical order.
#pragma once

#include "convex/convex_core.hpp"

namespace collide2d::detail {

template <class T>
T round_cores_area(const ConvexCore<T>& a, const ConvexCore<T>& b);

}  // namespace collide2d::detail
