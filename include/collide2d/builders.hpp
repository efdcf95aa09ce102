// collide2d/builders.hpp - build shapes from the forms users arrive with, rejecting bad input.
//
// Every builder returns a Built<Shape>: either the shape or a one-line reason that names the bad
// value ("radius is -2, must be >= 0"). Test it like a pointer, or call value(), which throws
// collide2d::InvalidShape carrying the same reason:
//
//   auto box = collide2d::make_obb<float>({355, 430}, 350, 150, 0.0f);
//   if (!box) std::puts(box.error().c_str());
//   auto hull = collide2d::make_convex_hull(points).value();  // throws on bad input
//
// Builders never repair input silently: NaN or infinite coordinates, negative sizes, duplicate,
// collinear, clockwise or non-convex polygon vertices and too many hull vertices are all errors.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "collide2d/errors.hpp"
#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {

// The result of a builder: a valid shape or the reason there is none.
template <class S>
class Built {
 public:
  Built(S shape) : shape_(shape) {}  // NOLINT(google-explicit-constructor): returned by value
  static Built failure(std::string reason) { return Built(std::move(reason)); }

  bool ok() const { return error_.empty(); }
  explicit operator bool() const { return ok(); }
  const std::string& error() const { return error_; }

  // The shape; throws InvalidShape with the reason when there is none.
  const S& value() const {
    if (!ok()) throw InvalidShape(error_);
    return shape_;
  }
  const S& operator*() const { return value(); }
  const S* operator->() const { return &value(); }

 private:
  explicit Built(std::string reason) : shape_(), error_(std::move(reason)) {}
  S shape_;
  std::string error_;
};

template <class T>
Built<Segment<T>> make_segment(Vec2<T> a, Vec2<T> b);

// A ray with max_t = infinity unless given. Rejects a zero-length direction: a ray must point
// somewhere (raycast itself still answers one, see raycast.hpp).
template <class T>
Built<Ray<T>> make_ray(Vec2<T> origin, Vec2<T> direction,
                       T max_t = std::numeric_limits<T>::infinity());

template <class T>
Built<Circle<T>> make_circle(Vec2<T> center, T radius);

template <class T>
Built<Capsule<T>> make_capsule(Vec2<T> a, Vec2<T> b, T radius);

// From two corners in any order.
template <class T>
Built<Aabb<T>> make_aabb(Vec2<T> corner_a, Vec2<T> corner_b);

// From x, y, width, height: the DOM getBoundingClientRect form. (x, y) is the corner with the
// smallest coordinates (the top-left one in a y-down screen frame); width and height are >= 0.
template <class T>
Built<Aabb<T>> make_aabb_from_rect(T x, T y, T width, T height);

// The canvas and editor form: centre, full width and height, and a counter-clockwise angle in
// radians (use degrees_to_radians for degrees).
template <class T>
Built<Obb<T>> make_obb(Vec2<T> center, T width, T height, T angle_radians);

// The same with the rotation as a (cos, sin) pair, so that exact quarter turns stay exact.
template <class T>
Built<Obb<T>> make_obb(Vec2<T> center, T width, T height, Rot<T> rotation);

// The game-engine transform form: centre, full size along each axis, and the two unit axes of the
// box in world space. axis_y must be perpendicular to axis_x (either sign: a box is symmetric, so a
// mirrored frame describes the same set).
template <class T>
Built<Obb<T>> make_obb_from_axes(Vec2<T> center, Vec2<T> size, Vec2<T> axis_x, Vec2<T> axis_y);

// A polygon from its vertices as given: counter-clockwise, strictly convex (no three consecutive
// vertices collinear), no duplicates, 3 to max_polygon_vertices of them.
template <class T>
Built<ConvexPolygon<T>> make_polygon(const Vec2<T>* vertices, std::size_t count);

template <class T>
Built<ConvexPolygon<T>> make_polygon(std::initializer_list<Vec2<T>> vertices) {
  return make_polygon(vertices.begin(), vertices.size());
}

template <class T>
Built<ConvexPolygon<T>> make_polygon(const std::vector<Vec2<T>>& vertices) {
  return make_polygon(vertices.data(), vertices.size());
}

// The convex hull of any point cloud (Andrew's monotone chain, O(n log n)). Duplicate and collinear
// points are dropped, as a hull does; it fails when a point is not finite, when fewer than 3
// non-collinear points remain, or when the hull has more than max_polygon_vertices vertices.
template <class T>
Built<ConvexPolygon<T>> make_convex_hull(const Vec2<T>* points, std::size_t count);

template <class T>
Built<ConvexPolygon<T>> make_convex_hull(std::initializer_list<Vec2<T>> points) {
  return make_convex_hull(points.begin(), points.size());
}

template <class T>
Built<ConvexPolygon<T>> make_convex_hull(const std::vector<Vec2<T>>& points) {
  return make_convex_hull(points.data(), points.size());
}

// The same sets as polygons. Fails for a box with a zero extent (it has no area).
template <class T>
Built<ConvexPolygon<T>> make_polygon(const Obb<T>& box);
template <class T>
Built<ConvexPolygon<T>> make_polygon(const Aabb<T>& box);

}  // namespace collide2d
