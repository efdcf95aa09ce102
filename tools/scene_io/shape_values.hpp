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
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "collide2d/builders.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::tools {

std::optional<ShapeKind> shape_kind_from_name(std::string_view name);

// The column names of a kind's values, "cx,cy,radius", for error messages and docs.
const char* value_names(ShapeKind kind);

// The shape, or the reason there is none: a wrong number of values, or the builder's reason
// ("radius is -2, must be >= 0").
Built<Shape<double>> build_shape(ShapeKind kind, const std::vector<double>& values);

// The inverse of build_shape: appends the shape's values to out. build_shape of them gives back
// the same shape, bit for bit.
void append_values(const Shape<double>& shape, std::vector<double>& out);

// The rotation of an angle in degrees; multiples of 90 degrees give exact quarter turns.
Rot<double> rotation_from_degrees(double degrees);

}  // namespace collide2d::tools
