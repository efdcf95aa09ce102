// Private: the area of the intersection of two convex cores swept by their radii (a rounded
// polygon, a circle, a capsule, or a box or polygon with radius 0), both in one frame.
//
// Each shape is cut into pieces with disjoint interiors that cover it: the core polygon, a
// rectangle (edge x radius) outside each core edge, and at each core vertex a circular sector of
// the radius spanning the angle between the two edges' outward normals (a point core is one whole
// disc). A piece is a convex polygon K, or a disc cut by one (a sector: the disc within a square
// of half side 2 r around the vertex, cut by the two normals' half-planes). The intersection area
// is the sum over pairs of pieces of area(K_a ∩ K_b) (Sutherland-Hodgman), cut by the pieces'
// discs:
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
