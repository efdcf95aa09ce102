// collide2d/interior.hpp - overlaps_interior(a, b): do two shapes overlap by more than touching?
//
// overlaps(a, b) counts shapes that only touch (closed sets). overlaps_interior(a, b) is true when
// one shape has a point inside the other's interior: A meets int(B) or B meets int(A). Shapes
// that only touch along an edge or at a point are excluded: this is the "no boundary contact"
// selection that users of pixel-aligned layouts ask for (a marquee whose edge runs along a
// rectangle's edge does not pick it). Points and segments have no interior, so two of them never
// overlap this way; a segment that crosses a box's interior does. A circle or capsule of radius 0,
// or a box of zero width, has no interior either.
//
// Method, on the convex cores of the shapes (a point, segment or polygon swept by a radius):
// - A round shape (radius r > 0) has interior {x : dist(x, core) < r}, so with radii ra, rb not
//   both 0 the answer is dist(core A, core B) < ra + rb: 0 when the cores intersect, else the
//   least vertex-to-edge distance, compared squared and strictly. A RoundedPolygon
//   (rounded.hpp) is its core polygon with its radius here, and with radius 0 answers as its core.
// - Two polygonal shapes (radius 0) have disjoint interiors... exactly when a line separates them
//   weakly, touching allowed; the candidate lines are the edges of both (a segment's own line).
//   So the answer is the separating-axis test with the comparisons made strict. Edges are not
//   normalised, so on integer coordinates the answer is exact, as for overlaps.
// overlaps_interior(a, b) implies overlaps(a, b), and the two agree except on touching shapes.
//
// Preconditions: valid shapes. Invalid ones get a defined answer, no undefined behaviour.
#pragma once

#include <type_traits>
#include <variant>

#include "collide2d/shapes.hpp"

namespace collide2d {

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) bool overlaps_interior(const A& a,
                                                                                const B& b);

template <class T>
bool overlaps_interior(const Shape<T>& a, const Shape<T>& b) {
  return std::visit([](const auto& x, const auto& y) { return overlaps_interior(x, y); }, a, b);
}

}  // namespace collide2d
