// bindings/python/src/shapes.hpp - the C++ side of the Python shape classes: each class holds
// one collide2d::Shape<double>, built and checked by the library's builders; SimplePolygon holds a
// collide2d::Polygon<double> (polygon.cpp).
#pragma once

#include <pybind11/pybind11.h>

#include <iterator>
#include <string>
#include <variant>
#include <vector>

#include "collide2d/builders.hpp"
#include "collide2d/polygon.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::python {

namespace py = pybind11;

// The base class "Shape"; each subclass below is one alternative of the variant.
struct PyShape {
  Shape<double> value;
};
struct PyPoint : PyShape {};
struct PySegment : PyShape {};
struct PyCircle : PyShape {};
struct PyCapsule : PyShape {};
struct PyAabb : PyShape {};
struct PyObb : PyShape {};
struct PyPolygon : PyShape {};
struct PyRoundedPolygon : PyShape {};

struct PyRay {
  Ray<double> value;
};

// SimplePolygon: any vertex count, concave allowed. Not a PyShape: the library's Polygon is not an
// alternative of the Shape variant, and every PyShape query visits that variant.
struct PySimplePolygon {
  Polygon<double> value;
};

// Python's repr of a float (the shortest string that reads back), of a point "(x, y)", and a point
// as a Python tuple: shared by every class's repr and properties.
std::string num(double v);
std::string pt(Vec2<double> v);
py::tuple tup(Vec2<double> v);

// A sequence of (x, y) pairs as points; anything else raises TypeError "<expected>, got <the type's
// name>".
std::vector<Vec2<double>> point_pairs(const py::object& points, const std::string& expected);

// The built shape, or ValueError "what: the builder's reason".
template <class S>
S value_or_throw(const Built<S>& built, const char* what) {
  if (!built) throw py::value_error(std::string(what) + ": " + built.error());
  return built.value();
}

// The Python class name of a shape.
inline const char* class_name(const Shape<double>& s) {
  static constexpr const char* names[] = {"Point", "Segment", "Circle",  "Capsule",
                                          "Aabb",  "Obb",     "Polygon", "RoundedPolygon"};
  static_assert(std::size(names) == shape_kind_count, "a name per kind");
  return names[s.index()];
}

// The Python object of the right class for a shape.
py::object to_python(const Shape<double>& shape);

// A shape of another scalar type (float: rounded to nearest, then checked; polygons rebuilt).
template <class T>
Shape<T> convert_shape(const Shape<double>& shape);

void bind_shapes(py::module_& m);
// SimplePolygon and its overloads of the pair functions: after bind_shapes, whose (Shape, Shape)
// overloads pybind11 tries first.
void bind_simple_polygon(py::module_& m);
void bind_scene(py::module_& m);

}  // namespace collide2d::python
