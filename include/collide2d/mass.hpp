// collide2d/mass.hpp - mass properties: mass, centroid and moment of inertia of a shape.
//
// mass_properties(s, density)   MassProperties{mass, centroid, inertia} of any shape, or of a
//                               Shape variant, for a uniform areal density (mass per unit area)
//
//   mass       density * area(s)
//   centroid   the centre of mass, in world coordinates
//   inertia    the polar moment of inertia about the centroid (the axis through the centroid,
//              perpendicular to the plane): the integral of density * |p - centroid|^2 over s.
//              Box2D 2.4's b2MassData::I is about the shape's local origin instead; shift with the
//              parallel-axis theorem, inertia + mass * |centroid - origin|^2, for that.
//
// Shapes without area have no mass: a Point gives {0, the point, 0}, a Segment {0, its midpoint,
// 0}, whatever the density (their centroid is still the geometric one, so that a caller summing a
// body's parts gets no NaN).
//
// Methods (those of Box2D's b2ComputeCircleMass, b2ComputeCapsuleMass, b2ComputePolygonMass):
//   Circle         m = density pi r^2, I = m r^2 / 2
//   Capsule        a rectangle |ab| x 2r and two half discs. Rectangle: density 2r|ab|, inertia
//                  m (|ab|^2 + 4 r^2) / 12. Half discs (together the disc's mass m_d): each has
//                  its centroid 4r / (3 pi) beyond its end of the axis; the parallel-axis theorem,
//                  applied twice (from the flat side to the half disc's centroid, then to the
//                  capsule's centre, h = |ab| / 2 away), gives m_d (r^2 / 2 + h^2 + 2 h 4r/(3 pi)).
//   Aabb, Obb      a w x h rectangle: m = density w h, I = m (w^2 + h^2) / 12, whatever the
//                  rotation
//   ConvexPolygon  a fan of triangles (r, v[i], v[i+1]) around a reference point r near the
//                  polygon, the vertices' average: area, first and second moments summed per
//                  triangle in coordinates relative to r, then shifted to the centroid with the
//                  parallel-axis theorem. Relative to r the numbers are the polygon's size, not its
//                  distance from the origin: a small polygon far away keeps its digits (v[i] - r is
//                  even exact there, by Sterbenz's lemma), and the shift subtracts |c - r|^2 m,
//                  small beside the moment since r is near the centroid. Around the world origin
//                  the moments would be ~m |c|^2, and the subtraction would cancel most digits.
//
// Accuracy: circles, capsules and boxes within a few ulps of their closed forms (every term is
// positive: no cancellation). Polygons: the sums are of n terms, each a product of two to four
// coordinates relative to r, so with M the largest of those coordinates the area is within about
// n^2 eps M^2, the centroid within about n^2 eps M^3 / area (plus an ulp of its coordinates) and
// the inertia within about n^2 eps M^4 density, whatever the distance from the origin
// (tests/property/mass_property_test.cpp holds every case to a per-case running error bound
// of this arithmetic, against exact rationals).
//
// Preconditions: a valid shape (is_valid). An invalid one gets a defined answer, never undefined
// behaviour; a polygon whose area computes to 0 or less gets mass 0 and inertia 0 at its vertices'
// average. The density must be finite and >= 0 (0 gives mass 0 with the centroid still defined):
// a negative, NaN or infinite density throws InvalidQuery naming the value.
#pragma once

#include <type_traits>
#include <variant>

#include "collide2d/errors.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {

template <class T>
struct MassProperties {
  T mass;
  Vec2<T> centroid;
  T inertia;  // about the centroid
};

template <class S>
requires(is_shape_v<S>) MassProperties<scalar_of<S>> mass_properties(const S& shape,
                                                                     scalar_of<S> density);

// More specialised than the template above, so chosen for a RoundedPolygon (rounded.hpp).
template <class T>
MassProperties<T> mass_properties(const RoundedPolygon<T>& shape, std::type_identity_t<T> density);

// The same on a Shape variant: the answer of the alternative it holds, bit for bit. As above, the
// scalar comes from the shape alone (the density is converted to it, not deduced from it).

template <class T>
MassProperties<T> mass_properties(const Shape<T>& shape, std::type_identity_t<T> density) {
  return std::visit([density](const auto& s) { return mass_properties(s, density); }, shape);
}

}  // namespace collide2d
