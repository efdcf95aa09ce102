// collide2d/contact.hpp - how two overlapping shapes meet: penetration and contact manifolds.
//
// Frame and direction: results are in world coordinates and the normal is a unit vector pointing
// from A to B, for every pair and both argument orders (swapping the arguments negates it).
//
// penetration(a, b): the minimum translation that separates them. Moving B by
// normal * (depth + eps) separates the shapes, moving it by normal * (depth - eps) does not.
// Touching shapes give depth 0; shapes apart give std::nullopt.
//
// collide(a, b): a contact manifold, the way Box2D builds polygon manifolds: the face of one shape
// most aligned with the separating direction is the reference face, the most anti-parallel edge of
// the other is clipped against its side planes, and every clipped point that touches or penetrates
// becomes a contact. Up to two points, each with its own depth (>= 0) and located midway between
// the two surfaces. point_count == 0 exactly when the shapes are apart (no speculative points);
// a curved contact (circle, capsule end, corner) has one point. The normal equals penetration's.
//
// collide(a, b, CollideOptions{prediction}): speculative contacts, as Box2D's manifolds (within its
// speculative distance) and parry's contact(prediction) give them. Points whose surfaces are at
// most `prediction` apart are reported too, with a negative depth: depth = -gap. The manifold is
// that of the shapes each grown by prediction / 2 (a Minkowski sum with a disc), with the depths
// lowered by prediction, so the points stay midway between the real surfaces and, where the shapes
// overlap, the normal is the one without prediction. point_count == 0 exactly when the shapes are
// farther apart than prediction. prediction == 0 (the default) is collide(a, b) bit for bit.
// Throws InvalidQuery when prediction is negative, infinite or NaN.
//
// Degenerate configurations have defined answers: coincident centres of circles (or a point on a
// point) give the normal (0, 1); a core lying inside the other (deep penetration) gets the
// separating-axis normal of least depth, never a normal from a near-zero vector.
//
// Algorithms: both shapes as convex cores with a radius (see distance.hpp). Cores apart: the normal
// joins the closest points and depth = radii - distance; where a core vertex lies beside an edge of
// the other at that distance, or the cores touch to rounding, the edge's normal is taken instead
// (the direction between a vertex and its foot on a long edge a few ulps away is rounding noise).
// Cores overlapping: separating axis test over the edge normals of both cores, both signs, depth =
// least overlap + radii (for convex sets the least overlap over the edge normals of the Minkowski
// difference is the penetration depth). Two Obbs run the same method in closed form, each box's
// four faces in its own frame, and clip in the reference box's frame; polygon pairs try the
// separating axes on their own vertices before building cores.
//
// Preconditions: valid shapes. Invalid ones get a defined answer, no undefined behaviour.
#pragma once

#include <optional>
#include <variant>

#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {

template <class T>
struct Penetration {
  Vec2<T> normal;  // unit, from A to B
  T depth;         // >= 0
};

template <class T>
struct ManifoldPoint {
  Vec2<T> point;  // world coordinates, midway between the two surfaces
  T depth;        // >= 0: how far the surfaces overlap at this point, along the normal
};

template <class T>
struct Manifold {
  Vec2<T> normal;  // unit, from A to B; meaningful when point_count > 0
  ManifoldPoint<T> points[2];
  int point_count;
};

template <class T>
struct CollideOptions {
  T prediction = T(0);  // also report points whose surfaces are at most this far apart (depth < 0)
};

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>)
    std::optional<Penetration<scalar_of<A>>> penetration(const A& a, const B& b);

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>)
    Manifold<scalar_of<A>> collide(const A& a, const B& b);

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>)
    Manifold<scalar_of<A>> collide(const A& a, const B& b,
                                   const CollideOptions<scalar_of<A>>& options);

template <class T>
std::optional<Penetration<T>> penetration(const Shape<T>& a, const Shape<T>& b) {
  return std::visit([](const auto& x, const auto& y) { return penetration(x, y); }, a, b);
}

template <class T>
Manifold<T> collide(const Shape<T>& a, const Shape<T>& b) {
  return std::visit([](const auto& x, const auto& y) { return collide(x, y); }, a, b);
}

template <class T>
Manifold<T> collide(const Shape<T>& a, const Shape<T>& b, const CollideOptions<T>& options) {
  return std::visit([&](const auto& x, const auto& y) { return collide(x, y, options); }, a, b);
}

}  // namespace collide2d
