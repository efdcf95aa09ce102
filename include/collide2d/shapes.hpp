// collide2d/shapes.hpp - the shape types, the Shape variant, validity checks and bounding boxes.
//
// Every shape is a closed set: its boundary belongs to it, so two shapes that only touch overlap.
// Shapes are plain aggregates in world coordinates. Fill them directly when the values are known to
// be valid, or use the builders in builders.hpp, which reject bad input with a reason.
//
//   shape          set of points
//   Point          one point (Point<T> is Vec2<T>)
//   Segment        the points between a and b, both ends included
//   Circle         points within `radius` of `center`
//   Capsule        points within `radius` of the segment ab (a stadium)
//   Aabb           min.x <= x <= max.x and min.y <= y <= max.y
//   Obb            a box of half size `half_extents` centred at `center`, its local x axis turned
//                  counter-clockwise by `rotation`
//   ConvexPolygon  3 to 8 vertices, counter-clockwise, strictly convex, with unit outward normals
//   RoundedPolygon points within `radius` of the ConvexPolygon `core` (rounded.hpp: its builders
//                  and the documentation of its queries)
//
// Ray is not a shape: it is the query of raycast.hpp.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <variant>

#include "collide2d/math.hpp"

namespace collide2d {

template <class T>
struct Segment {
  Vec2<T> a;
  Vec2<T> b;
};

// The points origin + t * direction for t in [0, max_t]. The direction need not be unit length;
// ray cast results are in units of it, so with direction = b - a and max_t = 1 the ray is the
// segment ab.
template <class T>
struct Ray {
  Vec2<T> origin;
  Vec2<T> direction;
  T max_t = std::numeric_limits<T>::infinity();
};

template <class T>
struct Circle {
  Vec2<T> center;
  T radius;
};

template <class T>
struct Capsule {
  Vec2<T> a;
  Vec2<T> b;
  T radius;
};

template <class T>
struct Aabb {
  Vec2<T> min;
  Vec2<T> max;

  constexpr Vec2<T> center() const { return T(0.5) * (min + max); }
  constexpr Vec2<T> half_extents() const { return T(0.5) * (max - min); }
};

template <class T>
struct Obb {
  Vec2<T> center;
  Vec2<T> half_extents;
  Rot<T> rotation;
};

// Fixed capacity, like Box2D's b2Polygon: no allocation, trivially copyable.
inline constexpr int max_polygon_vertices = 8;

// A strictly convex polygon. vertices are counter-clockwise; normals[i] is the unit outward normal
// of the edge from vertices[i] to vertices[(i + 1) % count]. Build one with make_polygon or
// make_convex_hull (builders.hpp), which fill the normals; hand-filled values must keep that
// invariant (is_valid checks it).
template <class T>
struct ConvexPolygon {
  Vec2<T> vertices[max_polygon_vertices];
  Vec2<T> normals[max_polygon_vertices];
  int count;
};

// The convex polygon `core` swept by a disc of `radius` (the Minkowski sum), as Box2D v3's rounded
// b2Polygon; rounded.hpp builds it and documents its queries. Valid: a valid core and a radius that
// is finite, >= 0 and not subnormal.
template <class T>
struct RoundedPolygon {
  ConvexPolygon<T> core;
  T radius;
};

// Every shape that overlaps() and raycast() accept, for code that stores mixed shapes. Queries
// that are not defined for some pair (intersection, giou with round shapes; see each header)
// throw InvalidQuery on the variant.
template <class T>
using Shape = std::variant<Point<T>, Segment<T>, Circle<T>, Capsule<T>, Aabb<T>, Obb<T>,
                           ConvexPolygon<T>, RoundedPolygon<T>>;

// Compile-time facts about the shape types, for the queries that accept any pair of shapes.
template <class S>
struct ShapeTraits {
  static constexpr bool is_shape = false;
  static constexpr bool has_area = false;
};
template <class T>
struct ShapeTraits<Vec2<T>> {
  static constexpr bool is_shape = true;
  static constexpr bool has_area = false;
  using Scalar = T;
};
template <class T>
struct ShapeTraits<Segment<T>> {
  static constexpr bool is_shape = true;
  static constexpr bool has_area = false;
  using Scalar = T;
};
template <class T>
struct ShapeTraits<Circle<T>> {
  static constexpr bool is_shape = true;
  static constexpr bool has_area = true;
  using Scalar = T;
};
template <class T>
struct ShapeTraits<Capsule<T>> {
  static constexpr bool is_shape = true;
  static constexpr bool has_area = true;
  using Scalar = T;
};
template <class T>
struct ShapeTraits<Aabb<T>> {
  static constexpr bool is_shape = true;
  static constexpr bool has_area = true;
  using Scalar = T;
};
template <class T>
struct ShapeTraits<Obb<T>> {
  static constexpr bool is_shape = true;
  static constexpr bool has_area = true;
  using Scalar = T;
};
template <class T>
struct ShapeTraits<ConvexPolygon<T>> {
  static constexpr bool is_shape = true;
  static constexpr bool has_area = true;
  using Scalar = T;
};
template <class T>
struct ShapeTraits<RoundedPolygon<T>> {
  static constexpr bool is_shape = true;
  static constexpr bool has_area = true;
  using Scalar = T;
};

// One of the shape types (not the Shape variant, not Ray).
template <class S>
inline constexpr bool is_shape_v = ShapeTraits<S>::is_shape;
// A shape with an interior: circle, capsule, aabb, obb, polygon, rounded polygon.
template <class S>
inline constexpr bool has_area_v = ShapeTraits<S>::has_area;
template <class S>
using scalar_of = typename ShapeTraits<S>::Scalar;

// The shape kinds in the order of the Shape variant; the names are used in error messages.
enum class ShapeKind : std::uint8_t {
  point,
  segment,
  circle,
  capsule,
  aabb,
  obb,
  polygon,
  rounded_polygon
};

// How many kinds there are: the alternatives of the Shape variant, so that code sized by it
// follows when a kind is added.
inline constexpr int shape_kind_count = static_cast<int>(std::variant_size_v<Shape<float>>);
static_assert(static_cast<int>(ShapeKind::rounded_polygon) + 1 == shape_kind_count,
              "one ShapeKind per alternative of Shape, in the same order");

const char* shape_kind_name(ShapeKind kind);

template <class T>
ShapeKind kind_of(const Shape<T>& shape) {
  return static_cast<ShapeKind>(shape.index());
}

// Why a shape is invalid, naming the offending value ("radius is -1"), or an empty string when it
// is valid. Valid means: every coordinate finite; radii and extents >= 0; aabb min <= max; rotation
// of unit length within 1e-4 (float) or 1e-12 (double); polygons as described above, with normals
// matching the edges within the same tolerance.
template <class T>
std::string validation_error(const Point<T>& shape);
template <class T>
std::string validation_error(const Segment<T>& shape);
template <class T>
std::string validation_error(const Ray<T>& ray);
template <class T>
std::string validation_error(const Circle<T>& shape);
template <class T>
std::string validation_error(const Capsule<T>& shape);
template <class T>
std::string validation_error(const Aabb<T>& shape);
template <class T>
std::string validation_error(const Obb<T>& shape);
template <class T>
std::string validation_error(const ConvexPolygon<T>& shape);
// The core's reason, or "rounded polygon radius is ..." for a radius that is negative, not finite
// or subnormal.
template <class T>
std::string validation_error(const RoundedPolygon<T>& shape);
template <class T>
std::string validation_error(const Shape<T>& shape);

// True when validation_error is empty. Queries assume valid shapes (see each query's header for
// what an invalid one gets: always a defined value, never undefined behaviour).
template <class S>
bool is_valid(const S& shape) {
  return validation_error(shape).empty();
}

// Tolerance on |c^2 + s^2 - 1| for a rotation to count as unit length.
template <class T>
constexpr T rotation_tolerance() {
  return std::is_same_v<T, float> ? T(1e-4) : T(1e-12);
}

// The smallest axis-aligned box that contains the shape.
template <class T>
Aabb<T> bounding_box(const Point<T>& shape);
template <class T>
Aabb<T> bounding_box(const Segment<T>& shape);
template <class T>
Aabb<T> bounding_box(const Circle<T>& shape);
template <class T>
Aabb<T> bounding_box(const Capsule<T>& shape);
template <class T>
Aabb<T> bounding_box(const Aabb<T>& shape);
template <class T>
Aabb<T> bounding_box(const Obb<T>& shape);
template <class T>
Aabb<T> bounding_box(const ConvexPolygon<T>& shape);
template <class T>
Aabb<T> bounding_box(const RoundedPolygon<T>& shape);
template <class T>
Aabb<T> bounding_box(const Shape<T>& shape);

// The four corners of a box, counter-clockwise starting from the local (-x, -y) corner.
template <class T>
void corners(const Obb<T>& box, Vec2<T> out[4]);

// The shape moved by offset (world coordinates); the shape's orientation is unchanged.
template <class T>
constexpr Point<T> translated(const Point<T>& shape, Vec2<T> offset) {
  return shape + offset;
}
template <class T>
constexpr Segment<T> translated(const Segment<T>& shape, Vec2<T> offset) {
  return {shape.a + offset, shape.b + offset};
}
template <class T>
constexpr Circle<T> translated(const Circle<T>& shape, Vec2<T> offset) {
  return {shape.center + offset, shape.radius};
}
template <class T>
constexpr Capsule<T> translated(const Capsule<T>& shape, Vec2<T> offset) {
  return {shape.a + offset, shape.b + offset, shape.radius};
}
template <class T>
constexpr Aabb<T> translated(const Aabb<T>& shape, Vec2<T> offset) {
  return {shape.min + offset, shape.max + offset};
}
template <class T>
constexpr Obb<T> translated(const Obb<T>& shape, Vec2<T> offset) {
  return {shape.center + offset, shape.half_extents, shape.rotation};
}
template <class T>
constexpr ConvexPolygon<T> translated(const ConvexPolygon<T>& shape, Vec2<T> offset) {
  ConvexPolygon<T> moved = shape;
  for (int i = 0; i < max_polygon_vertices; ++i)
    moved.vertices[i] += offset;
  return moved;
}
template <class T>
constexpr RoundedPolygon<T> translated(const RoundedPolygon<T>& shape, Vec2<T> offset) {
  return {translated(shape.core, offset), shape.radius};
}
template <class T>
Shape<T> translated(const Shape<T>& shape, Vec2<T> offset) {
  return std::visit([offset](const auto& s) { return Shape<T>{translated(s, offset)}; }, shape);
}

static_assert(std::is_trivially_copyable_v<Segment<float>>);
static_assert(std::is_trivially_copyable_v<Ray<float>>);
static_assert(std::is_trivially_copyable_v<Circle<float>>);
static_assert(std::is_trivially_copyable_v<Capsule<float>>);
static_assert(std::is_trivially_copyable_v<Aabb<float>>);
static_assert(std::is_trivially_copyable_v<Obb<double>>);
static_assert(std::is_trivially_copyable_v<ConvexPolygon<double>>);
static_assert(std::is_trivially_copyable_v<RoundedPolygon<double>>);

}  // namespace collide2d
