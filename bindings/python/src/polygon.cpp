// bindings/python/src/polygon.cpp - SimplePolygon (collide2d::Polygon<double>: any vertex count,
// concave allowed) and its overloads of the module's pair functions.
//
// Each pair function keeps its (Shape, Shape) overload from shapes.cpp and gains (SimplePolygon,
// Shape), (Shape, SimplePolygon) and (SimplePolygon, SimplePolygon) where the library has the
// query (polygon.hpp). Where it has none (the functions the library declares deleted for a
// Polygon, and the IoU variants and intersection it has no Polygon form of), the overloads raise
// TypeError saying so and what to use instead: without them pybind11 would raise its generic
// "incompatible function arguments", which does not say that the combination is unsupported.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <array>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "arrays.hpp"
#include "collide2d/polygon.hpp"
#include "core.hpp"
#include "shapes.hpp"

namespace collide2d::python {

namespace {

using SP = PySimplePolygon;

// The vertices as given: an (N, 2) float32 or float64 array (checked as every array of the module
// is, then widened to double exactly), or a sequence of (x, y) pairs.
std::vector<Vec2<double>> outline_of(const py::object& vertices) {
  std::vector<Vec2<double>> out;
  if (py::isinstance<py::array>(vertices)) {
    const py::array a = vertices.cast<py::array>();
    const Rows r = rows_of(a, "SimplePolygon vertices", {2}, "(N, 2) (x, y)");
    out.reserve(r.rows);
    for (std::size_t i = 0; i < r.rows; ++i) {
      if (r.dtype == Dtype::f32) {
        const float* p = static_cast<const float*>(r.data) + 2 * i;
        out.push_back({static_cast<double>(p[0]), static_cast<double>(p[1])});
      } else {
        const double* p = static_cast<const double*>(r.data) + 2 * i;
        out.push_back({p[0], p[1]});
      }
    }
    return out;
  }
  return point_pairs(
      vertices,
      "SimplePolygon vertices must be a sequence of (x, y) pairs or an (N, 2) float array");
}

std::string repr(const Polygon<double>& p) {
  std::string r = "SimplePolygon([";
  bool first = true;
  for (const Vec2<double>& v : p.vertices()) {
    r += (first ? "" : ", ") + pt(v);
    first = false;
  }
  return r + "])";
}

py::int_ hash_of(const Polygon<double>& p) {
  py::list items;
  for (const Vec2<double>& v : p.vertices()) {
    items.append(v.x + 0.0);  // -0.0 and 0.0 compare equal, so they must hash alike
    items.append(v.y + 0.0);
  }
  return py::int_(py::hash(py::tuple(items)));
}

// Registers name(SimplePolygon, Shape), name(Shape, SimplePolygon) and name(SimplePolygon,
// SimplePolygon), each calling f(a, b) on the library's values (the Shape as its variant).
template <class F>
void def_pair(py::module_& m, const char* name, F f, const char* doc) {
  m.def(
      name, [f](const SP& a, const PyShape& b) { return f(a.value, b.value); }, py::arg("a"),
      py::arg("b"), doc);
  m.def(
      name, [f](const PyShape& a, const SP& b) { return f(a.value, b.value); }, py::arg("a"),
      py::arg("b"), doc);
  m.def(
      name, [f](const SP& a, const SP& b) { return f(a.value, b.value); }, py::arg("a"),
      py::arg("b"), doc);
}

// The polygon and a shape with area (an area query), or TypeError naming the shape's class.
template <class F>
auto with_area_shape(const char* what, const Shape<double>& s, F&& f) {
  return std::visit(
      [&](const auto& x) -> double {
        if constexpr (is_area_query_shape_v<std::decay_t<decltype(x)>>) {
          return f(x);
        } else {
          throw py::type_error(std::string(what) +
                               " needs a SimplePolygon and one of Circle, Capsule, Aabb, Obb, "
                               "Polygon, RoundedPolygon, SimplePolygon, got SimplePolygon and " +
                               class_name(s));
        }
      },
      s);
}

// intersection_area or iou with core.hpp's zero rule (0 exactly for shapes apart), in both
// argument orders and for two polygons.
template <bool iou_of>
void def_area_pair(py::module_& m, const char* name, const char* doc) {
  const auto one = [](const auto& a, const auto& b) -> double {
    return iou_of ? pair_iou(a, b) : pair_intersection_area(a, b);
  };
  m.def(
      name,
      [one, name](const SP& a, const PyShape& b) {
        return with_area_shape(name, b.value, [&](const auto& s) { return one(a.value, s); });
      },
      py::arg("a"), py::arg("b"), doc);
  m.def(
      name,
      [one, name](const PyShape& a, const SP& b) {
        return with_area_shape(name, a.value, [&](const auto& s) { return one(s, b.value); });
      },
      py::arg("a"), py::arg("b"), doc);
  m.def(
      name, [one](const SP& a, const SP& b) { return one(a.value, b.value); }, py::arg("a"),
      py::arg("b"), doc);
}

// name(SimplePolygon, anything, ...) and name(anything, SimplePolygon, ...) raising TypeError: the
// library has no such query for a Polygon.
void def_unsupported(py::module_& m, const char* name, const char* instead) {
  const std::string message = std::string(name) +
                              " is not defined for a SimplePolygon (the library has no such "
                              "query for a simple polygon): " +
                              instead;
  const auto raise = [message](const py::args&, const py::kwargs&) -> py::object {
    throw py::type_error(message);
  };
  m.def(
      name,
      [raise](const SP&, const py::args& rest, const py::kwargs& kw) { return raise(rest, kw); },
      "Raises TypeError: not defined for a SimplePolygon.");
  m.def(
      name,
      [raise](const py::object&, const SP&, const py::args& rest, const py::kwargs& kw) {
        return raise(rest, kw);
      },
      "Raises TypeError: not defined for a SimplePolygon.");
}

// shape_cast(a, motion_a, b, motion_b): b is the third argument.
void def_unsupported_cast(py::module_& m) {
  const std::string message =
      "shape_cast is not defined for a SimplePolygon (the library computes no time of impact for "
      "a simple polygon): use its convex pieces (Polygon)";
  m.def(
      "shape_cast",
      [message](const SP&, const py::args&, const py::kwargs&) -> py::object {
        throw py::type_error(message);
      },
      "Raises TypeError: not defined for a SimplePolygon.");
  m.def(
      "shape_cast",
      [message](const py::object&, const py::object&, const SP&, const py::args&,
                const py::kwargs&) -> py::object { throw py::type_error(message); },
      "Raises TypeError: not defined for a SimplePolygon.");
}

}  // namespace

void bind_simple_polygon(py::module_& m) {
  py::class_<SP>(m, "SimplePolygon",
                 "A simple polygon: any number of vertices (at least 3), concave allowed, no "
                 "holes; the closed region inside the outline. Built from the outline in either "
                 "order (stored counter-clockwise). Immutable.")
      .def(py::init([](const py::object& vertices) {
             const std::vector<Vec2<double>> outline = outline_of(vertices);
             // The library's reason as it is: it starts "make_simple_polygon: " and names the
             // vertices by their index in the outline given.
             const Built<Polygon<double>> built = make_simple_polygon(outline);
             if (!built) throw py::value_error(built.error());
             return SP{built.value()};
           }),
           py::arg("vertices"))
      .def_property_readonly(
          "vertices",
          [](const SP& p) {
            py::list out;
            for (const Vec2<double>& v : p.value.vertices())
              out.append(tup(v));
            return out;
          },
          "The vertices, counter-clockwise (a clockwise outline is reversed).")
      .def_property_readonly("kind", [](const SP&) { return std::string("SimplePolygon"); })
      .def_property_readonly(
          "bounding_box",
          [](const SP& p) { return to_python(Shape<double>{bounding_box(p.value)}); })
      .def_property_readonly("area", [](const SP& p) { return area(p.value); })
      .def("__len__", [](const SP& p) { return p.value.size(); })
      .def("__repr__", [](const SP& p) { return repr(p.value); })
      .def("__eq__",
           [](const SP& a, const py::object& other) {
             return py::isinstance<SP>(other) &&
                    a.value.vertices() == other.cast<const SP&>().value.vertices();
           })
      .def("__ne__",
           [](const SP& a, const py::object& other) {
             return !(py::isinstance<SP>(other) &&
                      a.value.vertices() == other.cast<const SP&>().value.vertices());
           })
      .def("__hash__", [](const SP& p) { return hash_of(p.value); });

  def_pair(
      m, "overlaps", [](const auto& a, const auto& b) { return overlaps(a, b); },
      "Do the shapes share a point? Touching counts.");
  def_pair(
      m, "contains", [](const auto& a, const auto& b) { return contains(a, b); },
      "Is b inside a (boundary included)?");
  def_pair(
      m, "contains_strictly", [](const auto& a, const auto& b) { return contains_strictly(a, b); },
      "Is b inside a's interior?");
  def_pair(
      m, "distance", [](const auto& a, const auto& b) { return distance(a, b); },
      "The distance and closest points (0 and a common point when they overlap).");
  def_area_pair<false>(m, "intersection_area", "The area of a ∩ b.");
  def_area_pair<true>(m, "iou", "Intersection over union; 0 exactly when they do not overlap.");
  m.def(
      "raycast",
      [](const PyRay& ray, const SP& p) -> std::optional<RayHit<double>> {
        return raycast(ray.value, p.value);
      },
      py::arg("ray"), py::arg("shape"),
      "The first span of the ray in the polygon (where it enters and first leaves), or None.");
  m.def(
      "raycast_spans",
      [](const PyRay& ray, const SP& p) { return raycast_spans(ray.value, p.value); },
      py::arg("ray"), py::arg("polygon"),
      "Every span of the ray in the polygon, in order along the ray (a concave polygon is "
      "entered and left several times); [] when it misses.");
  m.def(
      "mass_properties",
      [](const SP& p, double density) { return mass_properties(p.value, density); },
      py::arg("shape"), py::arg("density") = 1.0,
      "Mass, centroid and inertia about the centroid for a uniform areal density.");

  const char* convex = "use overlaps and distance, or its convex pieces (Polygon)";
  def_unsupported(m, "penetration", convex);
  def_unsupported(m, "collide", convex);
  def_unsupported_cast(m);
  def_unsupported(m, "giou", "use iou");
  def_unsupported(m, "diou", "use iou");
  def_unsupported(m, "ciou", "use iou");
  def_unsupported(m, "intersection", "use intersection_area");
}

}  // namespace collide2d::python
