// bindings/python/src/shapes.cpp - the shape classes (immutable, with __repr__, equality and
// hashing), the result classes and the single-shape queries.
#include "shapes.hpp"

#include <pybind11/stl.h>

#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "collide2d/area.hpp"
#include "collide2d/contact.hpp"
#include "collide2d/containment.hpp"
#include "collide2d/distance.hpp"
#include "collide2d/mass.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/raycast.hpp"
#include "collide2d/rounded.hpp"
#include "collide2d/shape_cast.hpp"
#include "core.hpp"

namespace collide2d::python {

namespace {

using V = std::array<double, 2>;

Vec2<double> vec(const V& v) {
  return {v[0], v[1]};
}

}  // namespace

py::tuple tup(Vec2<double> v) {
  return py::make_tuple(v.x, v.y);
}

// Python's repr of a float: the shortest string that reads back to the same double.
std::string num(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
  std::string s(buffer, result.ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}
std::string pt(Vec2<double> v) {
  return "(" + num(v.x) + ", " + num(v.y) + ")";
}

std::vector<Vec2<double>> point_pairs(const py::object& points, const std::string& expected) {
  std::vector<std::array<double, 2>> pairs;
  try {
    pairs = points.cast<std::vector<std::array<double, 2>>>();
  } catch (const py::cast_error&) {
    throw py::type_error(expected + ", got " +
                         py::str(points.get_type().attr("__name__")).cast<std::string>());
  }
  std::vector<Vec2<double>> out;
  out.reserve(pairs.size());
  for (const auto& p : pairs)
    out.push_back({p[0], p[1]});
  return out;
}

namespace {

template <class S>
void check_valid(const S& s, const char* what) {
  const std::string error = validation_error(s);
  if (!error.empty()) throw py::value_error(std::string(what) + ": " + error);
}

template <class W, class S>
W wrap(const S& s) {
  W w;
  w.value = s;
  return w;
}

// A polygon, or a rounded polygon's core.
const ConvexPolygon<double>& core_of(const ConvexPolygon<double>& p) {
  return p;
}
const ConvexPolygon<double>& core_of(const RoundedPolygon<double>& p) {
  return p.core;
}

template <class S>
const S& get(const PyShape& s) {
  return std::get<S>(s.value);
}

std::string repr(const Shape<double>& shape) {
  return std::visit(
      [](const auto& s) -> std::string {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, Point<double>>) {
          return "Point(" + num(s.x) + ", " + num(s.y) + ")";
        } else if constexpr (std::is_same_v<S, Segment<double>>) {
          return "Segment(" + pt(s.a) + ", " + pt(s.b) + ")";
        } else if constexpr (std::is_same_v<S, Circle<double>>) {
          return "Circle(" + pt(s.center) + ", " + num(s.radius) + ")";
        } else if constexpr (std::is_same_v<S, Capsule<double>>) {
          return "Capsule(" + pt(s.a) + ", " + pt(s.b) + ", " + num(s.radius) + ")";
        } else if constexpr (std::is_same_v<S, Aabb<double>>) {
          return "Aabb(" + pt(s.min) + ", " + pt(s.max) + ")";
        } else if constexpr (std::is_same_v<S, Obb<double>>) {
          return "Obb(" + pt(s.center) + ", " + num(2 * s.half_extents.x) + ", " +
                 num(2 * s.half_extents.y) + ", rotation=" + pt({s.rotation.c, s.rotation.s}) + ")";
        } else {
          constexpr bool rounded = std::is_same_v<S, RoundedPolygon<double>>;
          const ConvexPolygon<double>& p = core_of(s);
          std::string r = rounded ? "RoundedPolygon([" : "Polygon([";
          for (int i = 0; i < p.count; ++i)
            r += (i ? ", " : "") + pt(p.vertices[i]);
          if constexpr (rounded) return r + "], " + num(s.radius) + ")";
          return r + "])";
        }
      },
      shape);
}

// The defining values of a shape, for equality and hashing (normals follow from the vertices).
std::vector<double> key(const Shape<double>& shape) {
  return std::visit(
      [](const auto& s) -> std::vector<double> {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, Point<double>>) {
          return {s.x, s.y};
        } else if constexpr (std::is_same_v<S, Segment<double>>) {
          return {s.a.x, s.a.y, s.b.x, s.b.y};
        } else if constexpr (std::is_same_v<S, Circle<double>>) {
          return {s.center.x, s.center.y, s.radius};
        } else if constexpr (std::is_same_v<S, Capsule<double>>) {
          return {s.a.x, s.a.y, s.b.x, s.b.y, s.radius};
        } else if constexpr (std::is_same_v<S, Aabb<double>>) {
          return {s.min.x, s.min.y, s.max.x, s.max.y};
        } else if constexpr (std::is_same_v<S, Obb<double>>) {
          return {s.center.x,       s.center.y,   s.half_extents.x,
                  s.half_extents.y, s.rotation.c, s.rotation.s};
        } else {
          std::vector<double> k;
          if constexpr (std::is_same_v<S, RoundedPolygon<double>>) k.push_back(s.radius);
          const ConvexPolygon<double>& p = core_of(s);
          for (int i = 0; i < p.count; ++i) {
            k.push_back(p.vertices[i].x);
            k.push_back(p.vertices[i].y);
          }
          return k;
        }
      },
      shape);
}

bool equal(const PyShape& a, const py::object& other) {
  if (!py::isinstance<PyShape>(other)) return false;
  const PyShape& b = other.cast<const PyShape&>();
  return a.value.index() == b.value.index() && key(a.value) == key(b.value);
}

py::int_ hash_of(const PyShape& s) {
  py::list items;
  items.append(s.value.index());
  for (const double v : key(s.value))
    items.append(v + 0.0);  // -0.0 and 0.0 compare equal, so they must hash alike
  return py::int_(py::hash(py::tuple(items)));
}

template <class Cls>
void common(Cls& cls) {
  cls.def("__repr__", [](const PyShape& s) { return repr(s.value); })
      .def("__eq__", [](const PyShape& a, const py::object& b) { return equal(a, b); })
      .def("__ne__", [](const PyShape& a, const py::object& b) { return !equal(a, b); })
      .def("__hash__", [](const PyShape& s) { return hash_of(s); });
}

// The pair queries over the two variants.
template <class F>
auto visit2(const PyShape& a, const PyShape& b, F&& f) {
  return std::visit(f, a.value, b.value);
}

std::vector<Vec2<double>> points_of(const std::vector<V>& points) {
  std::vector<Vec2<double>> v;
  for (const V& p : points)
    v.push_back(vec(p));
  return v;
}

py::list vertex_list(const ConvexPolygon<double>& p) {
  py::list out;
  for (int i = 0; i < p.count; ++i)
    out.append(tup(p.vertices[i]));
  return out;
}

// A rounded box as Obb takes its box: degrees are turned by rotation_of, so that multiples of 90
// stay exact quarter turns; a non-finite angle goes to the radians builder, which names it.
RoundedPolygon<double> rounded_box(const V& c, double w, double h, double angle, double radius,
                                   bool degrees) {
  const char* what = "RoundedPolygon.box";
  if (!std::isfinite(angle))
    return value_or_throw(make_rounded_box(vec(c), w, h, angle, radius), what);
  const Rot<double> rotation = rotation_of(angle, library_convention(degrees).unit);
  return value_or_throw(make_rounded_box(vec(c), w, h, rotation, radius), what);
}

[[noreturn]] void area_pair_error(const char* what, const PyShape& a, const PyShape& b) {
  throw py::type_error(std::string(what) +
                       " needs two of Circle, Capsule, Aabb, Obb, Polygon, RoundedPolygon, got " +
                       class_name(a.value) + " and " + class_name(b.value));
}

}  // namespace

py::object to_python(const Shape<double>& shape) {
  switch (shape.index()) {
    case 0:
      return py::cast(wrap<PyPoint>(shape));
    case 1:
      return py::cast(wrap<PySegment>(shape));
    case 2:
      return py::cast(wrap<PyCircle>(shape));
    case 3:
      return py::cast(wrap<PyCapsule>(shape));
    case 4:
      return py::cast(wrap<PyAabb>(shape));
    case 5:
      return py::cast(wrap<PyObb>(shape));
    case 6:
      return py::cast(wrap<PyPolygon>(shape));
    default:  // 7, the variant's last alternative (shapes.hpp's class_name asserts the count)
      return py::cast(wrap<PyRoundedPolygon>(shape));
  }
}

template <class T>
Shape<T> convert_shape(const Shape<double>& shape) {
  if constexpr (std::is_same_v<T, double>) {
    return shape;
  } else {
    // A finite value beyond float's range would reach the builders as inf, and the message would
    // name inf rather than the value given (and the cast itself is out of range): name it here.
    for (const double x : key(shape)) {
      if (std::isfinite(x) && std::abs(x) > static_cast<double>(std::numeric_limits<T>::max())) {
        throw py::value_error(std::string(class_name(shape)) + " in float32: " + num(x) +
                              " overflows float32");
      }
    }
    const auto v = [](Vec2<double> p) { return Vec2<T>{static_cast<T>(p.x), static_cast<T>(p.y)}; };
    Shape<T> out = std::visit(
        [&v](const auto& s) -> Shape<T> {
          using S = std::decay_t<decltype(s)>;
          if constexpr (std::is_same_v<S, Point<double>>) {
            return v(s);
          } else if constexpr (std::is_same_v<S, Segment<double>>) {
            return Segment<T>{v(s.a), v(s.b)};
          } else if constexpr (std::is_same_v<S, Circle<double>>) {
            return Circle<T>{v(s.center), static_cast<T>(s.radius)};
          } else if constexpr (std::is_same_v<S, Capsule<double>>) {
            return Capsule<T>{v(s.a), v(s.b), static_cast<T>(s.radius)};
          } else if constexpr (std::is_same_v<S, Aabb<double>>) {
            return Aabb<T>{v(s.min), v(s.max)};
          } else if constexpr (std::is_same_v<S, Obb<double>>) {
            return Obb<T>{v(s.center), v(s.half_extents),
                          Rot<T>{static_cast<T>(s.rotation.c), static_cast<T>(s.rotation.s)}};
          } else {
            std::vector<Vec2<T>> vertices;
            const ConvexPolygon<double>& p = core_of(s);
            for (int i = 0; i < p.count; ++i)
              vertices.push_back(v(p.vertices[i]));
            if constexpr (std::is_same_v<S, RoundedPolygon<double>>) {
              return value_or_throw(make_rounded_polygon<T>(vertices, static_cast<T>(s.radius)),
                                    "RoundedPolygon in float32");
            } else {
              return value_or_throw(make_polygon<T>(vertices), "Polygon in float32");
            }
          }
        },
        shape);
    const std::string error = validation_error(out);
    if (!error.empty()) throw py::value_error("shape in float32: " + error);
    return out;
  }
}

template Shape<float> convert_shape<float>(const Shape<double>&);
template Shape<double> convert_shape<double>(const Shape<double>&);

void bind_shapes(py::module_& m) {
  py::class_<PyShape> shape(m, "Shape", "Base class of the shapes (immutable values).");
  shape.def_property_readonly(
      "kind", [](const PyShape& s) { return std::string(class_name(s.value)); },
      "The class name: 'Point', 'Segment', 'Circle', 'Capsule', 'Aabb', 'Obb', 'Polygon' or "
      "'RoundedPolygon'.");
  common(shape);
  shape.def_property_readonly("bounding_box", [](const PyShape& s) {
    return to_python(
        std::visit([](const auto& x) { return Shape<double>{bounding_box(x)}; }, s.value));
  });
  shape.def_property_readonly("area", [](const PyShape& s) {
    return std::visit([](const auto& x) { return area(x); }, s.value);
  });

  py::class_<PyPoint, PyShape> point(m, "Point", "A point (x, y).");
  point
      .def(py::init([](double x, double y) {
             const Point<double> p{x, y};
             check_valid(p, "Point");
             return wrap<PyPoint>(p);
           }),
           py::arg("x"), py::arg("y"))
      .def_property_readonly("x", [](const PyShape& s) { return get<Point<double>>(s).x; })
      .def_property_readonly("y", [](const PyShape& s) { return get<Point<double>>(s).y; });
  common(point);

  py::class_<PySegment, PyShape> segment(m, "Segment",
                                         "The points between a and b, ends included.");
  segment
      .def(py::init([](const V& a, const V& b) {
             return wrap<PySegment>(value_or_throw(make_segment(vec(a), vec(b)), "Segment"));
           }),
           py::arg("a"), py::arg("b"))
      .def_property_readonly("a", [](const PyShape& s) { return tup(get<Segment<double>>(s).a); })
      .def_property_readonly("b", [](const PyShape& s) { return tup(get<Segment<double>>(s).b); });
  common(segment);

  py::class_<PyCircle, PyShape> circle(m, "Circle", "Points within radius of center.");
  circle
      .def(py::init([](const V& c, double r) {
             return wrap<PyCircle>(value_or_throw(make_circle(vec(c), r), "Circle"));
           }),
           py::arg("center"), py::arg("radius"))
      .def_property_readonly("center",
                             [](const PyShape& s) { return tup(get<Circle<double>>(s).center); })
      .def_property_readonly("radius",
                             [](const PyShape& s) { return get<Circle<double>>(s).radius; });
  common(circle);

  py::class_<PyCapsule, PyShape> capsule(m, "Capsule",
                                         "Points within radius of the segment ab (a stadium).");
  capsule
      .def(py::init([](const V& a, const V& b, double r) {
             return wrap<PyCapsule>(value_or_throw(make_capsule(vec(a), vec(b), r), "Capsule"));
           }),
           py::arg("a"), py::arg("b"), py::arg("radius"))
      .def_property_readonly("a", [](const PyShape& s) { return tup(get<Capsule<double>>(s).a); })
      .def_property_readonly("b", [](const PyShape& s) { return tup(get<Capsule<double>>(s).b); })
      .def_property_readonly("radius",
                             [](const PyShape& s) { return get<Capsule<double>>(s).radius; });
  common(capsule);

  py::class_<PyAabb, PyShape> aabb(m, "Aabb", "The axis-aligned box min <= (x, y) <= max.");
  aabb.def(py::init([](const V& lo, const V& hi) {
             const Aabb<double> box{vec(lo), vec(hi)};
             check_valid(box, "Aabb");
             return wrap<PyAabb>(box);
           }),
           py::arg("min"), py::arg("max"))
      .def_property_readonly("min", [](const PyShape& s) { return tup(get<Aabb<double>>(s).min); })
      .def_property_readonly("max", [](const PyShape& s) { return tup(get<Aabb<double>>(s).max); });
  common(aabb);

  py::class_<PyObb, PyShape> obb(
      m, "Obb",
      "A rotated box: centre, full width and height, turned counter-clockwise (y up) by angle "
      "(radians; degrees with degrees=True, exact for multiples of 90) or by rotation=(cos, sin).");
  // angle and rotation are two ways to say one thing: giving both (or degrees= with a rotation)
  // is refused rather than one of them silently ignored.
  obb.def(py::init([](const V& c, double w, double h, std::optional<double> angle, bool degrees,
                      std::optional<V> rotation) {
            if (rotation) {
              if (angle || degrees) {
                throw py::type_error(
                    "Obb: give the turn either as angle (with degrees=True for degrees) or as "
                    "rotation=(cos, sin), not both");
              }
              return wrap<PyObb>(value_or_throw(
                  make_obb(vec(c), w, h, Rot<double>{(*rotation)[0], (*rotation)[1]}), "Obb"));
            }
            return wrap<PyObb>(
                value_or_throw(make_box(c[0], c[1], w, h, angle.value_or(0.0), degrees), "Obb"));
          }),
          py::arg("center"), py::arg("width"), py::arg("height"), py::arg("angle") = py::none(),
          py::kw_only(), py::arg("degrees") = false, py::arg("rotation") = py::none())
      .def_property_readonly("center",
                             [](const PyShape& s) { return tup(get<Obb<double>>(s).center); })
      .def_property_readonly(
          "width", [](const PyShape& s) { return 2 * get<Obb<double>>(s).half_extents.x; })
      .def_property_readonly(
          "height", [](const PyShape& s) { return 2 * get<Obb<double>>(s).half_extents.y; })
      .def_property_readonly("angle",
                             [](const PyShape& s) { return get<Obb<double>>(s).rotation.angle(); })
      .def_property_readonly("rotation",
                             [](const PyShape& s) {
                               const Rot<double> r = get<Obb<double>>(s).rotation;
                               return py::make_tuple(r.c, r.s);
                             })
      .def_property_readonly("corners", [](const PyShape& s) {
        Vec2<double> c[4];
        corners(get<Obb<double>>(s), c);
        return py::make_tuple(tup(c[0]), tup(c[1]), tup(c[2]), tup(c[3]));
      });
  common(obb);

  py::class_<PyPolygon, PyShape> polygon(
      m, "Polygon", "A strictly convex polygon: 3 to 8 vertices, counter-clockwise.");
  polygon
      .def(py::init([](const std::vector<V>& vertices) {
             return wrap<PyPolygon>(value_or_throw(make_polygon(points_of(vertices)), "Polygon"));
           }),
           py::arg("vertices"))
      .def_static(
          "hull",
          [](const std::vector<V>& points) {
            return wrap<PyPolygon>(
                value_or_throw(make_convex_hull(points_of(points)), "Polygon.hull"));
          },
          py::arg("points"), "The convex hull of the points (at most 8 vertices).")
      .def_property_readonly(
          "vertices", [](const PyShape& s) { return vertex_list(get<ConvexPolygon<double>>(s)); });
  common(polygon);

  py::class_<PyRoundedPolygon, PyShape> rounded(
      m, "RoundedPolygon",
      "The points within radius of a strictly convex polygon (3 to 8 vertices, counter-clockwise): "
      "the polygon swept by a disc, as Box2D's rounded polygons.");
  rounded
      .def(py::init([](const std::vector<V>& vertices, double radius) {
             return wrap<PyRoundedPolygon>(value_or_throw(
                 make_rounded_polygon(points_of(vertices), radius), "RoundedPolygon"));
           }),
           py::arg("vertices"), py::arg("radius"))
      .def_static(
          "box",
          [](const V& c, double w, double h, double angle, double radius, bool degrees) {
            return wrap<PyRoundedPolygon>(rounded_box(c, w, h, angle, radius, degrees));
          },
          py::arg("center"), py::arg("width"), py::arg("height"), py::arg("angle"),
          py::arg("radius"), py::kw_only(), py::arg("degrees") = false,
          "The box of Obb(center, width, height, angle, degrees=degrees) rounded by radius: the "
          "shape is width + 2 radius wide.")
      // The (cos, sin) form as Obb's rotation=, an overload with radius and rotation by keyword
      // only: an angle cannot be given beside the rotation (it would be ignored).
      .def_static(
          "box",
          [](const V& c, double w, double h, double radius, const V& rotation) {
            const Rot<double> r{rotation[0], rotation[1]};
            return wrap<PyRoundedPolygon>(
                value_or_throw(make_rounded_box(vec(c), w, h, r, radius), "RoundedPolygon.box"));
          },
          py::arg("center"), py::arg("width"), py::arg("height"), py::kw_only(), py::arg("radius"),
          py::arg("rotation"),
          "The box of Obb(center, width, height, rotation=rotation) rounded by radius; rotation "
          "is (cos, sin), a unit vector (ValueError otherwise), so quarter turns are exact.")
      .def_property_readonly(
          "vertices",
          [](const PyShape& s) { return vertex_list(get<RoundedPolygon<double>>(s).core); },
          "The core polygon's vertices.")
      .def_property_readonly(
          "radius", [](const PyShape& s) { return get<RoundedPolygon<double>>(s).radius; });
  common(rounded);

  py::class_<PyRay>(m, "Ray",
                    "origin + t * direction for t in [0, max_t]; direction need not be unit.")
      .def(py::init([](const V& o, const V& d, double max_t) {
             return PyRay{value_or_throw(make_checked_ray(o[0], o[1], d[0], d[1], max_t), "Ray")};
           }),
           py::arg("origin"), py::arg("direction"),
           py::arg("max_t") = std::numeric_limits<double>::infinity())
      .def_property_readonly("origin", [](const PyRay& r) { return tup(r.value.origin); })
      .def_property_readonly("direction", [](const PyRay& r) { return tup(r.value.direction); })
      .def_property_readonly("max_t", [](const PyRay& r) { return r.value.max_t; })
      .def("__repr__",
           [](const PyRay& r) {
             return "Ray(" + pt(r.value.origin) + ", " + pt(r.value.direction) +
                    (std::isinf(r.value.max_t) ? "" : ", max_t=" + num(r.value.max_t)) + ")";
           })
      .def("__eq__",
           [](const PyRay& a, const py::object& other) {
             if (!py::isinstance<PyRay>(other)) return false;
             const Ray<double>& b = other.cast<const PyRay&>().value;
             return a.value.origin == b.origin && a.value.direction == b.direction &&
                    a.value.max_t == b.max_t;
           })
      .def("__hash__", [](const PyRay& r) {
        return py::hash(py::make_tuple(r.value.origin.x + 0.0, r.value.origin.y + 0.0,
                                       r.value.direction.x + 0.0, r.value.direction.y + 0.0,
                                       r.value.max_t));
      });

  // Results.
  py::class_<RayHit<double>>(m, "RayHit", "Where a ray enters and leaves a shape.")
      .def_readonly("t_enter", &RayHit<double>::t_enter)
      .def_readonly("t_exit", &RayHit<double>::t_exit)
      .def_property_readonly("point_enter",
                             [](const RayHit<double>& h) { return tup(h.point_enter); })
      .def_property_readonly("point_exit",
                             [](const RayHit<double>& h) { return tup(h.point_exit); })
      .def_property_readonly("normal", [](const RayHit<double>& h) { return tup(h.normal); })
      .def_readonly("started_inside", &RayHit<double>::started_inside)
      .def_readonly("ended_inside", &RayHit<double>::ended_inside)
      .def("__repr__", [](const RayHit<double>& h) {
        return "RayHit(t_enter=" + num(h.t_enter) + ", t_exit=" + num(h.t_exit) +
               ", point_enter=" + pt(h.point_enter) + ", point_exit=" + pt(h.point_exit) +
               ", normal=" + pt(h.normal) +
               ", started_inside=" + (h.started_inside ? "True" : "False") +
               ", ended_inside=" + (h.ended_inside ? "True" : "False") + ")";
      });

  py::class_<DistanceResult<double>>(m, "DistanceResult",
                                     "The distance between two shapes and closest points.")
      .def_readonly("distance", &DistanceResult<double>::distance)
      .def_property_readonly("point_a",
                             [](const DistanceResult<double>& d) { return tup(d.point_a); })
      .def_property_readonly("point_b",
                             [](const DistanceResult<double>& d) { return tup(d.point_b); })
      .def("__repr__", [](const DistanceResult<double>& d) {
        return "DistanceResult(distance=" + num(d.distance) + ", point_a=" + pt(d.point_a) +
               ", point_b=" + pt(d.point_b) + ")";
      });

  py::class_<CastHit<double>>(m, "CastHit", "When two moving shapes first touch.")
      .def_readonly("t", &CastHit<double>::t)
      .def_property_readonly("normal", [](const CastHit<double>& h) { return tup(h.normal); })
      .def_property_readonly("point", [](const CastHit<double>& h) { return tup(h.point); })
      .def_readonly("iterations", &CastHit<double>::iterations)
      .def("__repr__", [](const CastHit<double>& h) {
        return "CastHit(t=" + num(h.t) + ", normal=" + pt(h.normal) + ", point=" + pt(h.point) +
               ", iterations=" + std::to_string(h.iterations) + ")";
      });

  py::class_<MassProperties<double>>(
      m, "MassProperties", "Mass, centre of mass and moment of inertia about the centre of mass.")
      .def_readonly("mass", &MassProperties<double>::mass)
      .def_property_readonly("centroid",
                             [](const MassProperties<double>& p) { return tup(p.centroid); })
      .def_readonly("inertia", &MassProperties<double>::inertia)
      .def("__repr__", [](const MassProperties<double>& p) {
        return "MassProperties(mass=" + num(p.mass) + ", centroid=" + pt(p.centroid) +
               ", inertia=" + num(p.inertia) + ")";
      });

  py::class_<Penetration<double>>(m, "Penetration", "The minimum translation separating B from A.")
      .def_property_readonly("normal", [](const Penetration<double>& p) { return tup(p.normal); })
      .def_readonly("depth", &Penetration<double>::depth)
      .def("__repr__", [](const Penetration<double>& p) {
        return "Penetration(normal=" + pt(p.normal) + ", depth=" + num(p.depth) + ")";
      });

  py::class_<Manifold<double>>(m, "Manifold",
                               "A contact manifold: normal from A to B, 0 to 2 points.")
      .def_property_readonly("normal", [](const Manifold<double>& c) { return tup(c.normal); })
      .def_property_readonly(
          "points",
          [](const Manifold<double>& c) {
            py::list out;
            for (int i = 0; i < c.point_count; ++i)
              out.append(py::make_tuple(tup(c.points[i].point), c.points[i].depth));
            return out;
          })
      .def_readonly("point_count", &Manifold<double>::point_count)
      .def("__repr__", [](const Manifold<double>& c) {
        std::string r = "Manifold(normal=" + pt(c.normal) + ", points=[";
        for (int i = 0; i < c.point_count; ++i)
          r += (i ? ", " : "") + std::string("(") + pt(c.points[i].point) + ", " +
               num(c.points[i].depth) + ")";
        return r + "])";
      });

  // Single-shape queries.
  m.def(
      "overlaps",
      [](const PyShape& a, const PyShape& b) {
        return visit2(a, b, [](const auto& x, const auto& y) { return overlaps(x, y); });
      },
      py::arg("a"), py::arg("b"), "Do the shapes share a point? Touching counts.");
  m.def(
      "raycast",
      [](const PyRay& ray, const PyShape& s) -> std::optional<RayHit<double>> {
        return raycast(ray.value, s.value);
      },
      py::arg("ray"), py::arg("shape"), "Where the ray enters and leaves the shape, or None.");
  m.def(
      "distance",
      [](const PyShape& a, const PyShape& b) {
        return visit2(a, b, [](const auto& x, const auto& y) { return distance(x, y); });
      },
      py::arg("a"), py::arg("b"));
  m.def(
      "penetration",
      [](const PyShape& a, const PyShape& b) {
        return visit2(a, b, [](const auto& x, const auto& y) { return penetration(x, y); });
      },
      py::arg("a"), py::arg("b"));
  m.def(
      "collide",
      [](const PyShape& a, const PyShape& b, double prediction) {
        // The library refuses a negative, infinite or NaN prediction (InvalidQuery, a
        // std::invalid_argument: ValueError in Python).
        CollideOptions<double> options;
        options.prediction = prediction;
        return visit2(a, b, [&](const auto& x, const auto& y) { return collide(x, y, options); });
      },
      py::arg("a"), py::arg("b"), py::kw_only(), py::arg("prediction") = 0.0,
      "The contact manifold; with prediction > 0 also points up to that far apart (depth < 0).");
  m.def(
      "shape_cast",
      [](const PyShape& a, const V& motion_a, const PyShape& b, const V& motion_b, double max_time,
         bool stop_at_penetration) {
        // A motion must be finite (the library's answer for any other is defined but meaningless:
        // say so). The library refuses a NaN or negative max_time (ValueError).
        for (const auto& [motion, name] :
             {std::pair{&motion_a, "motion_a"}, {&motion_b, "motion_b"}}) {
          if (!std::isfinite((*motion)[0]) || !std::isfinite((*motion)[1])) {
            throw py::value_error(std::string("shape_cast: ") + name + " is (" + num((*motion)[0]) +
                                  ", " + num((*motion)[1]) + "), must be finite");
          }
        }
        const CastOptions<double> options{max_time, stop_at_penetration};
        return visit2(a, b, [&](const auto& x, const auto& y) {
          return shape_cast(x, vec(motion_a), y, vec(motion_b), options);
        });
      },
      py::arg("a"), py::arg("motion_a"), py::arg("b"), py::arg("motion_b"), py::kw_only(),
      py::arg("max_time") = 1.0, py::arg("stop_at_penetration") = true,
      "When a (moving by t * motion_a) and b (by t * motion_b) first touch, t in [0, max_time], "
      "or None.");
  m.def(
      "contains",
      [](const PyShape& a, const PyShape& b) {
        return visit2(a, b, [](const auto& x, const auto& y) { return contains(x, y); });
      },
      py::arg("a"), py::arg("b"), "Is b inside a (boundary included)?");
  m.def(
      "contains_strictly",
      [](const PyShape& a, const PyShape& b) {
        return visit2(a, b, [](const auto& x, const auto& y) { return contains_strictly(x, y); });
      },
      py::arg("a"), py::arg("b"), "Is b inside a's interior?");
  m.def(
      "intersection_area",
      [](const PyShape& a, const PyShape& b) {
        return visit2(a, b, [&](const auto& x, const auto& y) -> double {
          using X = std::decay_t<decltype(x)>;
          using Y = std::decay_t<decltype(y)>;
          if constexpr (is_area_query_shape_v<X> && is_area_query_shape_v<Y>) {
            return pair_intersection_area(x, y);
          } else {
            area_pair_error("intersection_area", a, b);
          }
        });
      },
      py::arg("a"), py::arg("b"));
  m.def(
      "iou",
      [](const PyShape& a, const PyShape& b) {
        return visit2(a, b, [&](const auto& x, const auto& y) -> double {
          using X = std::decay_t<decltype(x)>;
          using Y = std::decay_t<decltype(y)>;
          if constexpr (is_area_query_shape_v<X> && is_area_query_shape_v<Y>) {
            return pair_iou(x, y);
          } else {
            area_pair_error("iou", a, b);
          }
        });
      },
      py::arg("a"), py::arg("b"), "Intersection over union; 0 exactly when they do not overlap.");
  m.def(
      "giou",
      [](const PyShape& a, const PyShape& b) {
        return visit2(a, b, [&](const auto& x, const auto& y) -> double {
          using X = std::decay_t<decltype(x)>;
          using Y = std::decay_t<decltype(y)>;
          if constexpr (is_intersection_shape_v<X> && is_intersection_shape_v<Y>) {
            return giou(x, y);
          } else {
            throw py::type_error(std::string("giou needs two of Aabb, Obb, Polygon, got ") +
                                 class_name(a.value) + " and " + class_name(b.value));
          }
        });
      },
      py::arg("a"), py::arg("b"), "Generalised IoU: iou - (hull - union) / hull, in [-1, 1].");
  m.def(
      "mass_properties",
      [](const PyShape& s, double density) {
        // The library refuses a negative, NaN or infinite density (InvalidQuery, a
        // std::invalid_argument: ValueError in Python), naming it.
        return mass_properties(s.value, density);
      },
      py::arg("shape"), py::arg("density") = 1.0,
      "Mass, centroid and inertia about the centroid for a uniform areal density; points and "
      "segments have mass 0.");
  m.def(
      "intersection",
      [](const PyShape& a, const PyShape& b) {
        return visit2(a, b, [&](const auto& x, const auto& y) -> py::list {
          using X = std::decay_t<decltype(x)>;
          using Y = std::decay_t<decltype(y)>;
          if constexpr (is_intersection_shape_v<X> && is_intersection_shape_v<Y>) {
            const Intersection<double> r = intersection(x, y);
            py::list out;
            for (int i = 0; i < r.count; ++i)
              out.append(tup(r.vertices[i]));
            return out;
          } else {
            throw py::type_error(std::string("intersection needs two of Aabb, Obb, Polygon, got ") +
                                 class_name(a.value) + " and " + class_name(b.value));
          }
        });
      },
      py::arg("a"), py::arg("b"),
      "The vertices of a ∩ b, counter-clockwise: [] apart, 1 a point, 2 a segment, 3 to 16 a "
      "polygon; the same for both argument orders.");
  for (const bool complete : {false, true}) {
    const char* name = complete ? "ciou" : "diou";
    m.def(
        name,
        [complete, name](const PyShape& a, const PyShape& b) {
          return visit2(a, b, [&](const auto& x, const auto& y) -> double {
            using X = std::decay_t<decltype(x)>;
            using Y = std::decay_t<decltype(y)>;
            if constexpr (is_box_v<X> && is_box_v<Y>) {
              return complete ? ciou(x, y) : diou(x, y);
            } else {
              throw py::type_error(std::string(name) + " needs two of Aabb, Obb, got " +
                                   class_name(a.value) + " and " + class_name(b.value));
            }
          });
        },
        py::arg("a"), py::arg("b"),
        complete ? "Complete IoU: diou minus the aspect-ratio term, in [-2, 1]."
                 : "Distance IoU: iou - (centre distance / enclosing box diagonal)^2, in [-1, 1].");
  }
}

}  // namespace collide2d::python
