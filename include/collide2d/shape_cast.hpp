// collide2d/shape_cast.hpp - shape_cast(a, motion_a, b, motion_b): when two moving shapes first
// touch (time of impact).
//
// For any two shapes (Point, Segment, Circle, Capsule, Aabb, Obb, ConvexPolygon, either order, or
// two Shape variants): A moves by motion_a and B by motion_b over t in [0, 1] (world units per
// unit of t; no rotation). Returns the first t at which they touch, the unit normal from A to B
// there, and the contact point (world, at time t); std::nullopt when they do not touch for t in
// [0, 1]. Shapes overlapping at t = 0 give t = 0 with the penetration normal.
//
// Method: conservative advancement (Mirtich 1996) on the distance of the cores, in A's moving
// frame with relative motion v = motion_b - motion_a. The distance between convex shapes under a
// translation is a convex function of t, so the step t += gap / (approach speed along the closest
// points' normal) never passes the first contact; it stops when the gap is below 64 ulps of the
// shapes' size, or as soon as the gap stops shrinking (then: no contact). Convergence is at least
// linear even for grazing contacts; should 64 steps not suffice, the last step's t (a time before
// contact) is reported, with iterations == 64.
//
// Options (shape_cast(a, motion_a, b, motion_b, options), the names of parry's ShapeCastOptions):
//   max_time             the cast covers t in [0, max_time] instead of [0, 1]: the shapes move by
//                        t * motion. +infinity casts an unbounded motion (a ray of positions).
//   stop_at_penetration  true (the default): shapes that touch or overlap at t = 0 give t = 0.
//                        false: such an initial contact is reported only if the motion drives the
//                        shapes deeper into each other, dot(motion_b - motion_a, n) < 0 with n the
//                        contact normal at t = 0 (penetration's normal, from A to B); a motion that
//                        separates them or slides along n's face gives std::nullopt. There is then
//                        no later first touch to report: for convex shapes under a translation the
//                        times at which they overlap form one interval, which here contains 0.
//                        This is how a character that starts inside a wall moves out of it.
//                        (parry keeps a tangential motion as a hit; we do not: sliding along a
//                        wall one touches is not an impact.)
// shape_cast(a, ma, b, mb) equals shape_cast(a, ma, b, mb, CastOptions<T>{}) bit for bit.
// Throws InvalidQuery when max_time is NaN or negative.
//
// Preconditions: valid shapes (is_valid). Invalid ones get a defined answer, no undefined
// behaviour.
#pragma once

#include <optional>
#include <type_traits>
#include <variant>

#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {

template <class T>
struct CastHit {
  T t;
  Vec2<T> normal;
  Vec2<T> point;
  int iterations;
};

template <class T>
struct CastOptions {
  T max_time = T(1);                // the cast covers t in [0, max_time]; may be +infinity
  bool stop_at_penetration = true;  // false: ignore an initial contact the motion does not deepen
};

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>)
    std::optional<CastHit<scalar_of<A>>> shape_cast(const A& a, Vec2<scalar_of<A>> motion_a,
                                                    const B& b, Vec2<scalar_of<A>> motion_b);

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>)
    std::optional<CastHit<scalar_of<A>>> shape_cast(const A& a, Vec2<scalar_of<A>> motion_a,
                                                    const B& b, Vec2<scalar_of<A>> motion_b,
                                                    const CastOptions<scalar_of<A>>& options);

template <class T>
std::optional<CastHit<T>> shape_cast(const Shape<T>& a, Vec2<T> motion_a, const Shape<T>& b,
                                     Vec2<T> motion_b) {
  return std::visit(
      [&](const auto& x, const auto& y) { return shape_cast(x, motion_a, y, motion_b); }, a, b);
}

template <class T>
std::optional<CastHit<T>> shape_cast(const Shape<T>& a, Vec2<T> motion_a, const Shape<T>& b,
                                     Vec2<T> motion_b, const CastOptions<T>& options) {
  return std::visit(
      [&](const auto& x, const auto& y) { return shape_cast(x, motion_a, y, motion_b, options); },
      a, b);
}

}  // namespace collide2d
