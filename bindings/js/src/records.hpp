// Shapes, rays and query options as they cross between JavaScript and WebAssembly: flat records of
// doubles in the module's memory, written by index.mjs and read here (and the reverse for results).
// Plain numbers cross the boundary faster than any object marshalling, and a record holds every
// shape kind, so one exported function serves every pair of kinds through the Shape variant.
//
// Shape record (record_doubles doubles, slot 0 the kind):
//   0 point    x, y                     4 aabb     min x, min y, max x, max y
//   1 segment  ax, ay, bx, by           5 obb      cx, cy, half width, half height, cos, sin
//   2 circle   x, y, radius             6 polygon  count, 8 vertices (x, y), 8 normals (x, y)
//   3 capsule  ax, ay, bx, by, radius   7 rounded_polygon  the core as a polygon's record (slots
//                                          1 to 33), then the radius (slot 34)
// Ray record: origin x, y, direction x, y, max_t.
#pragma once

#include <collide2d/collide2d.hpp>

#include <cstdint>
#include <string>

namespace collide2d::js {

using Shape2 = Shape<double>;

inline constexpr int record_doubles = 40;

// A record's kind code (slot 0) is the shape's ShapeKind, the order of the Shape variant: no
// second list of kinds here to keep in step (index.mjs's KIND_CODES mirrors it).
using RecordKind = ShapeKind;

// Slot of a rounded polygon's radius: after its core, laid out as a polygon's record.
inline constexpr int rounded_radius_slot = 2 + 4 * max_polygon_vertices;
static_assert(rounded_radius_slot < record_doubles);

// The shape of kind K from a record, without going through the Shape variant (whose copy of the
// largest alternatives, the polygons, costs more than a box test).
template <class S>
S read_as(const double* r);

// Calls f(a, b) with the two records read as their own types: one switch per argument.
template <class F>
decltype(auto) visit_records(const double* a, const double* b, F&& f);

// Reads a record written by index.mjs. Its shapes come from the checked constructors, so the
// record is valid; a kind out of range reads as a point at the origin rather than failing.
Shape2 read_shape(const double* record);
void write_shape(const Shape2& shape, double* record);

Ray<double> read_ray(const double* record);

// Query options as index.mjs passes them: flags bit 0 = exclude touching; categories and mask are
// 32-bit unsigned values carried in doubles.
QueryOptions read_options(int flags, double categories, double mask);

ConvexPolygon<double> read_polygon(const double* r);
RoundedPolygon<double> read_rounded_polygon(const double* r);

template <>
inline Vec2<double> read_as<Vec2<double>>(const double* r) {
  return {r[1], r[2]};
}
template <>
inline Segment<double> read_as<Segment<double>>(const double* r) {
  return {{r[1], r[2]}, {r[3], r[4]}};
}
template <>
inline Circle<double> read_as<Circle<double>>(const double* r) {
  return {{r[1], r[2]}, r[3]};
}
template <>
inline Capsule<double> read_as<Capsule<double>>(const double* r) {
  return {{r[1], r[2]}, {r[3], r[4]}, r[5]};
}
template <>
inline Aabb<double> read_as<Aabb<double>>(const double* r) {
  return {{r[1], r[2]}, {r[3], r[4]}};
}
template <>
inline Obb<double> read_as<Obb<double>>(const double* r) {
  return {{r[1], r[2]}, {r[3], r[4]}, Rot<double>{r[5], r[6]}};
}
template <>
inline ConvexPolygon<double> read_as<ConvexPolygon<double>>(const double* r) {
  return read_polygon(r);
}

template <>
inline RoundedPolygon<double> read_as<RoundedPolygon<double>>(const double* r) {
  return read_rounded_polygon(r);
}

template <class F>
decltype(auto) visit_record(const double* r, F&& f) {
  switch (static_cast<RecordKind>(static_cast<int>(r[0]))) {
    case RecordKind::segment:
      return f(read_as<Segment<double>>(r));
    case RecordKind::circle:
      return f(read_as<Circle<double>>(r));
    case RecordKind::capsule:
      return f(read_as<Capsule<double>>(r));
    case RecordKind::aabb:
      return f(read_as<Aabb<double>>(r));
    case RecordKind::obb:
      return f(read_as<Obb<double>>(r));
    case RecordKind::polygon:
      return f(read_as<ConvexPolygon<double>>(r));
    case RecordKind::rounded_polygon:
      return f(read_as<RoundedPolygon<double>>(r));
    case RecordKind::point:
      break;
  }
  return f(read_as<Vec2<double>>(r));
}

template <class F>
decltype(auto) visit_records(const double* a, const double* b, F&& f) {
  return visit_record(a, [&](const auto& sa) -> decltype(auto) {
    return visit_record(b, [&](const auto& sb) -> decltype(auto) { return f(sa, sb); });
  });
}

// The message of the last failed call, for index.mjs to throw (see errors in exports).
void set_error(const std::string& message);

}  // namespace collide2d::js
