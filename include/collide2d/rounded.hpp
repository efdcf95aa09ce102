// collide2d/rounded.hpp - rounded polygons and rounded boxes: a convex polygon swept by a disc.
//
// RoundedPolygon{core, radius} is the set of points within `radius` of the convex polygon `core`
// (the Minkowski sum of the polygon and a disc), as Box2D v3's rounded b2Polygon and
// b2MakeRoundedBox. A rounded box is a RoundedPolygon whose core is a box: make_rounded_box.
// radius 0 is the polygon itself, and every query below answers it exactly as it answers the core
// (the same function is called). A closed set, like every shape: touching counts.
//
//   make_rounded_polygon(points, radius)   core from its vertices (as make_polygon takes them:
//                                          counter-clockwise, strictly convex, 3 to 8)
//   make_rounded_polygon(polygon, radius)  a built ConvexPolygon as the core
//   make_rounded_box(center, width, height, angle_radians or Rot, radius)
//                                          the core is the box of make_obb(center, width, height,
//                                          angle); the radius is added outside it, so the shape
//                                          is width + 2 radius wide (Box2D's b2MakeRoundedBox(hx,
//                                          hy, radius) is make_rounded_box({0, 0}, 2 hx, 2 hy,
//                                          0, radius))
// Builders reject a radius that is negative, NaN, infinite or subnormal, naming it ("rounded
// polygon radius is -1, must be finite, >= 0 and not subnormal"), and a core make_polygon rejects.
//
// The struct is in shapes.hpp: RoundedPolygon is the 8th alternative of the Shape variant
// (ShapeKind::rounded_polygon), so the variant forms of the queries below, the Scene (scene.hpp),
// the .c2d scene files (version 3) and the command-line tool take it. Its overlaps and raycast
// are declared in overlap.hpp and raycast.hpp beside the other shapes'.
// Queries (free functions, and through the Shape variant):
//   overlaps(a, b)          against every shape and itself, both orders (below)
//   distance, penetration, collide, shape_cast, contains, contains_strictly
//                           the generic queries of distance.hpp, contact.hpp, shape_cast.hpp and
//                           containment.hpp, for every pair with a RoundedPolygon, both orders:
//                           the polygon is a convex core with a radius, as circles and capsules
//                           are there
//   raycast, raycast_lean   entry and exit as raycast.hpp describes
//   area, mass_properties   closed forms (below)
//   intersection_area, iou  against Circle, Capsule, Aabb, Obb, ConvexPolygon and itself, both
//                           orders:
//                           by pieces (the moved edges' polygon and a circular segment per
//                           vertex) as area.hpp describes, with its guarantees (symmetric to the
//                           bit, iou(a, a) == 1, 0 exactly where interiors do not meet) and its
//                           stated bound
//   overlaps_interior       against every shape and itself (interior.hpp): dist(cores) < the
//                           radius sum, as for circles and capsules; exact on integer cores with
//                           half-integer radii
//   with a Polygon          overlaps, contains, contains_strictly (both ways), distance,
//                           intersection_area and iou, as polygon.hpp computes them for any shape
// Not provided: intersection and giou (the intersection is not a polygon; the calls do not
// compile; there is no variant form of them), and overlaps_interior with a Polygon (not computed
// for a Polygon with any shape).
//
// overlaps: dist(core, other core) <= radius + other radius, decided without a square root or a
// division, as for circles and capsules (overlap.hpp): the cores overlap (separating axis test on
// unnormalised edges), or a vertex of one core lies within the radius sum of an edge of the other
// (compared squared: cross^2 against r^2 |e|^2); an edge with the other's every vertex beyond
// the radius decides "apart" first. An Aabb is taken as its four corners (exact inputs), and
// against an Obb the polygon is moved into the box's frame. So on integer coordinates of moderate
// size with half-integer radii and exact rotations every answer is exact, touching included
// (tests/property/rounded_overlap_test.cpp checks it against exact rationals); elsewhere an answer
// may flip only within a few ulps of touching. Symmetric: one order calls the other, and two
// rounded polygons use a formula symmetric in its arguments.
//
// contains(a, b) with a rounded A: each disc of B's core (its vertices with B's radius r_B) must
// lie within A's radius r_A of A's core: for r_A > r_B the vertex within r_A - r_B of the core
// (compared squared, as overlaps), otherwise inside every core edge by r_B - r_A. Exact on the
// lattice where the other round shapes' containment is: any B of radius 0 in a rounded A, a
// rounded B in a circle or a box; elsewhere within a few ulps of touching (edge lengths are square
// roots).
//
// raycast: the line's span through the shape is the union of its spans through the parts that
// cover the shape's boundary band: a disc of the radius at each core vertex and a rectangle
// (edge x radius) outside each core edge; the earliest entry and the latest exit (the shape is
// convex, so the union is one interval).
//
// area and mass_properties: the core polygon, a rectangle of its edge length times the radius
// outside each edge, and at each vertex a circular sector of the radius spanning the exterior
// angle there (the sectors together make one disc): area = A + P r + pi r^2 with A and P the
// core's area and perimeter; the centroid and the polar moment about it (the parallel-axis
// theorem on each part's own centroid and moment: a sector of angle t has its centroid
// 4 r sin(t / 2) / (3 t) from the vertex along the bisector and moment t r^4 / 4 about the
// vertex). Box2D's b2ComputePolygonMass approximates the rounded part instead.
//
// Preconditions: valid shapes (is_valid). Invalid ones get a defined answer, no undefined
// behaviour.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "collide2d/builders.hpp"
#include "collide2d/mass.hpp"
#include "collide2d/math.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/polygon.hpp"
#include "collide2d/raycast.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {

template <class T>
Built<RoundedPolygon<T>> make_rounded_polygon(const ConvexPolygon<T>& core, T radius);

template <class T>
Built<RoundedPolygon<T>> make_rounded_polygon(const Vec2<T>* points, std::size_t count, T radius);

template <class T>
Built<RoundedPolygon<T>> make_rounded_polygon(std::initializer_list<Vec2<T>> points, T radius) {
  return make_rounded_polygon(points.begin(), points.size(), radius);
}

template <class T>
Built<RoundedPolygon<T>> make_rounded_polygon(const std::vector<Vec2<T>>& points, T radius) {
  return make_rounded_polygon(points.data(), points.size(), radius);
}

// width and height are the core box's full sizes (> 0: a box of zero width with a radius is a
// capsule, make_capsule); the angle turns it counter-clockwise, in radians.
template <class T>
Built<RoundedPolygon<T>> make_rounded_box(Vec2<T> center, T width, T height, T angle_radians,
                                          T radius);

// The same with the rotation as a (cos, sin) pair, so that exact quarter turns stay exact.
template <class T>
Built<RoundedPolygon<T>> make_rounded_box(Vec2<T> center, T width, T height, Rot<T> rotation,
                                          T radius);

}  // namespace collide2d
