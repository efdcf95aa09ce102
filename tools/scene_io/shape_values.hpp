// scene_io/shape_values.hpp - every shape kind as a flat list of numbers, the order of the CSV
// columns. Both file forms build their shapes through build_shape, so that the library's builders
// check every shape the same way whichever form it came in.
//
//   kind      values
//   point     x, y
//   segment   ax, ay, bx, by
//   circle    cx, cy, radius
//   capsule   ax, ay, bx, by, radius
//   aabb      min_x, min_y, max_x, max_y
//   obb       cx, cy, width, height, cos, sin      (full width and height; rotation (cos, sin))
//   polygon   x0, y0, x1, y1, ...                  (3 to 8 vertices, counter-clockwise, convex)
//   rounded_polygon  radius, x0, y0, x1, y1, ...   (the core's vertices, as for a polygon)
//   simple_polygon   x0, y0, x1, y1, ...           (3 or more vertices, either orientation,
//                                                   concave allowed: not a Shape, see FileKind)
//   group            its parts' values one after the other, each part's marked by a PartMark
//                    (its kind and where its values begin)
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "collide2d/builders.hpp"
#include "collide2d/polygon.hpp"
#include "collide2d/shapes.hpp"
#include "scene_io/scene_document.hpp"

namespace collide2d::tools {

std::optional<ShapeKind> shape_kind_from_name(std::string_view name);

// A kind name as a file gives it. A simple polygon is no alternative of the Shape variant, but its
// fields and values are those of a polygon, so the readers read it as one and only build it
// differently (build_entry).
struct FileKind {
  ShapeKind values;  // whose fields and values it has (not a group's: its parts say theirs)
  bool simple_polygon = false;
  bool group = false;
};
std::optional<FileKind> file_kind_from_name(std::string_view name);

// Where a group's part begins among the values of the group's parts, which the readers put in one
// list: the part's kind and the index of its first value.
struct PartMark {
  ShapeKind kind;
  std::size_t first;
};

// A part's kind from its name: a shape kind, or the reason there is none (no such kind, or a
// simple polygon or a group, which a group cannot hold).
Built<ShapeKind> part_kind_from_name(std::string_view name);

// One alternative of an EntryShape by pointer, in the same order: what a reader hands a sink, so
// that the records of shapes, nearly all of them, cost no copy.
using EntryView = std::variant<const Shape<double>*, const Polygon<double>*, const ShapeGroup*>;
EntryView view_of(const EntryShape& entry);
EntryShape copy_of(EntryView view);

// The entry of that kind, or the reason there is none: build_shape's, or make_simple_polygon's
// ("make_simple_polygon: edge vertex 0 (0, 0) -> vertex 1 (2, 2) and edge ... cross or touch"),
// or for a group (values and parts as PartMark says) "a group needs at least one part" or the
// first bad part's index and reason ("parts[1]: circle radius is -2, ..."), its index then in
// *bad_part when given.
Built<EntryShape> build_entry(FileKind kind, std::span<const double> values,
                              std::span<const PartMark> parts = {},
                              std::size_t* bad_part = nullptr);

// The column names of a kind's values, "cx,cy,radius", for error messages and docs.
const char* value_names(ShapeKind kind);

// The shape, or the reason there is none: a wrong number of values, or the builder's reason
// ("radius is -2, must be >= 0").
Built<Shape<double>> build_shape(ShapeKind kind, std::span<const double> values);

// The inverse of build_shape: appends the shape's values to out. build_shape of them gives back
// the same shape, bit for bit.
void append_values(const Shape<double>& shape, std::vector<double>& out);
// A simple polygon's values: its vertices, counter-clockwise as vertices() gives them.
void append_values(const Polygon<double>& polygon, std::vector<double>& out);
// The inverse of build_entry: appends the entry's values to out, and for a group its parts' marks
// to parts (nothing for any other entry).
void append_values(const EntryShape& entry, std::vector<double>& out, std::vector<PartMark>& parts);

// The kind name the files give an entry.
const char* kind_name(const EntryShape& entry);

// What the queries decide an entry by, one piece at a time: a group by its parts (the union of
// them, as the library's Scene takes a group), a shape or a simple polygon by itself.
using EntryPiece = std::variant<Shape<double>, Polygon<double>>;
std::vector<EntryPiece> pieces_of(const EntryShape& entry);
// The bounding box of the entry (of all its pieces).
Aabb<double> bounds_of(const EntryShape& entry);

// The rotation of an angle in degrees; multiples of 90 degrees give exact quarter turns.
Rot<double> rotation_from_degrees(double degrees);

}  // namespace collide2d::tools
