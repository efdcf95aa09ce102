// bindings/python/src/scene.cpp - the Python Scene: a float32 or float64 collide2d::Scene behind
// SceneCore (scene_core.hpp), with numpy arrays in and out and the GIL released in every query.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "arrays.hpp"
#include "scene_core.hpp"
#include "shapes.hpp"

namespace collide2d::python {

namespace {

template <class V>
py::array_t<V> to_array(const std::vector<V>& values) {
  py::array_t<V> out(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

SelectMode parse_mode(const std::string& mode) {
  if (mode == "intersects") return SelectMode::intersects;
  if (mode == "contains") return SelectMode::contains;
  throw py::value_error("mode must be 'intersects' or 'contains', got '" + mode + "'");
}

IndexChoice parse_index(const std::string& index) {
  if (index == "automatic") return IndexChoice::automatic;
  if (index == "packed") return IndexChoice::packed;
  if (index == "dynamic") return IndexChoice::dynamic;
  if (index == "grid") return IndexChoice::grid;
  throw py::value_error("index must be 'automatic', 'packed', 'dynamic' or 'grid', got '" + index +
                        "'");
}

// A copy of the bytes of a scene file: the loader then reads bytes no other Python thread can
// change while the GIL is released (a bytearray can be written meanwhile; bytes cannot).
std::vector<std::uint8_t> file_bytes(const py::object& data) {
  if (!py::isinstance<py::bytes>(data) && !py::isinstance<py::bytearray>(data) &&
      !py::isinstance<py::memoryview>(data)) {
    throw py::type_error("Scene.load takes bytes, bytearray or memoryview, got " +
                         py::str(data.get_type().attr("__name__")).cast<std::string>());
  }
  // PyBytes_FromObject copies any of the three (a non-contiguous memoryview too) into bytes.
  const auto copy = py::reinterpret_steal<py::object>(PyBytes_FromObject(data.ptr()));
  if (!copy) throw py::error_already_set();
  char* begin = nullptr;
  Py_ssize_t size = 0;
  if (PyBytes_AsStringAndSize(copy.ptr(), &begin, &size) != 0) throw py::error_already_set();
  const auto* first = reinterpret_cast<const std::uint8_t*>(begin);
  return std::vector<std::uint8_t>(first, first + size);
}

[[noreturn]] void bad_id(std::size_t i, const std::string& value) {
  throw py::value_error("ids[" + std::to_string(i) + "] is " + value +
                        ", must be an id from 0 to 4294967295");
}

// ids[i] as a scene id: ValueError naming it when it is no uint32.
template <class V>
std::uint32_t checked_id(V v, std::size_t i) {
  if (static_cast<std::uint64_t>(v) > 0xffffffffu) bad_id(i, std::to_string(v));  // negatives wrap
  return static_cast<std::uint32_t>(v);
}

template <class V>
std::vector<std::uint32_t> ids_of_array(const py::array& a) {
  const auto values = py::array_t<V, py::array::c_style | py::array::forcecast>::ensure(a);
  std::vector<std::uint32_t> ids(static_cast<std::size_t>(values.size()));
  for (std::size_t i = 0; i < ids.size(); ++i)
    ids[i] = checked_id(values.data()[i], i);
  return ids;
}

// Scene ids from a 1-D integer array (any integer dtype) or a sequence of ints: TypeError for
// anything else (floats included), ValueError for another shape or a value that is no uint32.
std::vector<std::uint32_t> id_list(const py::object& ids) {
  if (py::isinstance<py::array>(ids)) {
    const py::array a = ids.cast<py::array>();
    const std::string kind = a.dtype().attr("kind").cast<std::string>();
    if (kind != "i" && kind != "u") {
      throw py::type_error("ids must be an integer array, got dtype " + dtype_string(a));
    }
    if (a.ndim() != 1) {
      throw py::value_error("ids must have shape (N,), got shape " + shape_string(a));
    }
    return kind == "u" ? ids_of_array<std::uint64_t>(a) : ids_of_array<std::int64_t>(a);
  }
  if (!py::isinstance<py::sequence>(ids) || py::isinstance<py::str>(ids) ||
      py::isinstance<py::bytes>(ids)) {
    throw py::type_error("ids must be a 1-D integer array or a sequence of ints, got " +
                         py::str(ids.get_type().attr("__name__")).cast<std::string>());
  }
  const auto items = ids.cast<py::sequence>();
  std::vector<std::uint32_t> out(items.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    const py::object item = items[i];
    if (!PyIndex_Check(item.ptr()) || py::isinstance<py::bool_>(item)) {
      throw py::type_error("ids[" + std::to_string(i) + "] must be an int, got " +
                           py::str(item.get_type().attr("__name__")).cast<std::string>());
    }
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(py::int_(item).ptr(), &overflow);
    if (overflow != 0) bad_id(i, py::str(item).cast<std::string>());
    out[i] = checked_id(v, i);
  }
  return out;
}

class PyScene {
 public:
  using Core = std::variant<std::unique_ptr<SceneCore<float>>, std::unique_ptr<SceneCore<double>>>;

  explicit PyScene(Core core) : core_(std::move(core)) {}

  PyScene(const py::object& dtype, const std::string& index) {
    const py::dtype d = py::dtype::from_args(dtype);
    SceneOptions<double> options_d;
    options_d.index = parse_index(index);
    if (d.equal(py::dtype::of<float>())) {
      SceneOptions<float> options_f;
      options_f.index = options_d.index;
      core_ = std::make_unique<SceneCore<float>>(options_f);
    } else if (d.equal(py::dtype::of<double>())) {
      core_ = std::make_unique<SceneCore<double>>(options_d);
    } else {
      throw py::type_error("Scene dtype must be float32 or float64, got " +
                           py::str(static_cast<py::object>(d)).cast<std::string>());
    }
  }

  // A scene file's scalar size byte (offset 12, docs/SCENE_FORMAT.md) picks Scene<float> (4) or
  // Scene<double>; anything else goes to Scene<double>::load, which names what is wrong (a file
  // too short for a header, a bad magic, a scalar size of neither 4 nor 8). Every error is the
  // library's InvalidScene, a std::invalid_argument: ValueError, naming the byte.
  static PyScene load(const py::object& data) {
    const std::vector<std::uint8_t> bytes = file_bytes(data);
    py::gil_scoped_release release;
    if (bytes.size() > 12 && bytes[12] == 4) {
      return PyScene(std::make_unique<SceneCore<float>>(Scene<float>::load(bytes)));
    }
    return PyScene(std::make_unique<SceneCore<double>>(Scene<double>::load(bytes)));
  }

  py::dtype dtype() const {
    return core_.index() == 0 ? py::dtype::of<float>() : py::dtype::of<double>();
  }

  template <class F>
  auto visit(F&& f) {
    return std::visit([&f](auto& core) { return f(*core); }, core_);
  }

  py::bytes save() {
    std::vector<std::uint8_t> bytes;
    {
      py::gil_scoped_release release;
      bytes = visit([](auto& core) { return core.save(); });
    }
    return py::bytes(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  }

  // Rows of the scene's dtype (TypeError for another), of `cols` columns.
  Rows scene_rows(const py::array& rows, py::ssize_t cols, const char* name,
                  const char* expected) const {
    const Rows r = rows_of(rows, name, {cols}, expected);
    if (!rows.dtype().equal(dtype())) {
      throw py::type_error(std::string(name) + " has dtype " + dtype_string(rows) +
                           " but the scene is " +
                           py::str(static_cast<py::object>(dtype())).cast<std::string>());
    }
    return r;
  }

  py::array add_rows(const py::array& rows, py::ssize_t cols, const char* name,
                     const char* expected, bool degrees, const std::optional<py::array>& user_data,
                     long long threads) {
    const Rows r = scene_rows(rows, cols, name, expected);
    const std::uint64_t* data = nullptr;
    if (user_data) {
      if (!user_data->dtype().equal(py::dtype::of<std::uint64_t>())) {
        throw py::type_error("user_data must have dtype uint64, got " + dtype_string(*user_data));
      }
      if (user_data->ndim() != 1 || static_cast<std::size_t>(user_data->shape(0)) != r.rows) {
        throw py::value_error("user_data must have shape (" + std::to_string(r.rows) +
                              ",), got shape " + shape_string(*user_data));
      }
      check_contiguous(*user_data, "user_data");
      data = static_cast<const std::uint64_t*>(user_data->data());
    }
    const unsigned t = resolve_threads(threads);
    std::vector<std::uint32_t> ids;
    {
      py::gil_scoped_release release;
      ids = visit([&](auto& core) {
        using T = typename std::remove_reference_t<decltype(core)>::scalar;
        return core.add_rows(static_cast<const T*>(r.data), r.rows, r.cols, degrees, data, t);
      });
    }
    return to_array(ids);
  }

  // The batch of move for boxes: ids[i] gets the box of row i (read as add_boxes reads it), in
  // order, by Scene::set_shapes. Everything is checked before anything changes.
  void set_boxes(const py::object& ids, const py::array& boxes, bool degrees, long long threads) {
    const Rows r = scene_rows(boxes, 5, "boxes", "(N, 5) (cx, cy, w, h, angle)");
    const std::vector<std::uint32_t> list = id_list(ids);
    if (list.size() != r.rows) {
      throw py::value_error(std::to_string(list.size()) + " ids and " + std::to_string(r.rows) +
                            " boxes: set_boxes takes one (cx, cy, w, h, angle) row for each id");
    }
    const unsigned t = resolve_threads(threads);
    py::gil_scoped_release release;
    visit([&](auto& core) {
      using T = typename std::remove_reference_t<decltype(core)>::scalar;
      core.set_box_rows(list, static_cast<const T*>(r.data), degrees, t);
      return 0;
    });
  }

  std::uint32_t add(const PyShape& shape, std::uint64_t user_data) {
    return visit([&](auto& core) {
      using T = typename std::remove_reference_t<decltype(core)>::scalar;
      return core.add(convert_shape<T>(shape.value), user_data);
    });
  }

  void move(std::uint32_t id, const PyShape& shape) {
    visit([&](auto& core) {
      using T = typename std::remove_reference_t<decltype(core)>::scalar;
      core.move(id, convert_shape<T>(shape.value));
      return 0;
    });
  }

  py::array select(const py::object& region, const std::string& mode_name, bool exclude_touching,
                   bool degrees) {
    const SelectMode mode = parse_mode(mode_name);
    Shape<double> shape;
    if (py::isinstance<PySimplePolygon>(region)) {
      throw py::type_error(
          "select takes no SimplePolygon region (the library's Scene selects by an Aabb, an Obb "
          "or a Polygon): use select_lasso(polygon.vertices, mode), the same region");
    }
    if (py::isinstance<PyShape>(region)) {
      shape = region.cast<const PyShape&>().value;
      const std::size_t k = shape.index();
      if (k != 4 && k != 5 && k != 6) {
        throw py::type_error(std::string("select region must be an Aabb, an Obb, a Polygon or a "
                                         "box (cx, cy, w, h, angle), got a ") +
                             class_name(shape));
      }
    } else {
      std::vector<double> box;
      try {
        box = region.cast<std::vector<double>>();
      } catch (const py::cast_error&) {
        throw py::type_error(
            "select region must be an Aabb, an Obb, a Polygon or a box (cx, cy, w, h, angle), "
            "got " +
            py::str(region.get_type().attr("__name__")).cast<std::string>());
      }
      if (box.size() != 5) {
        throw py::value_error("a select region box must have 5 values (cx, cy, w, h, angle), got " +
                              std::to_string(box.size()));
      }
      const auto built = make_box(box[0], box[1], box[2], box[3], box[4], degrees);
      if (!built) throw py::value_error("select region: " + built.error());
      shape = built.value();
    }
    std::vector<std::uint32_t> ids;
    visit([&](auto& core) {
      using T = typename std::remove_reference_t<decltype(core)>::scalar;
      const Shape<T> s = convert_shape<T>(shape);
      py::gil_scoped_release release;
      std::visit(
          [&](const auto& r) {
            using R = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<R, Aabb<T>> || std::is_same_v<R, Obb<T>> ||
                          std::is_same_v<R, ConvexPolygon<T>>) {
              ids = core.select(r, mode, exclude_touching);
            }
          },
          s);
      return 0;
    });
    return to_array(ids);
  }

  // Lasso selection: points is an (N, 2) array of the scene's dtype (taken as it is, like every
  // array) or a sequence of (x, y) pairs (Python floats, rounded to float32 in a float32 scene,
  // as shapes are).
  py::array select_lasso(const py::object& points, const std::string& mode_name,
                         bool exclude_touching) {
    const SelectMode mode = parse_mode(mode_name);
    std::vector<Vec2<double>> listed;
    std::optional<Rows> rows;
    if (py::isinstance<py::array>(points)) {
      const py::array a = points.cast<py::array>();
      rows = rows_of(a, "points", {2}, "(N, 2) (x, y)");
      if (!a.dtype().equal(dtype())) {
        throw py::type_error("points has dtype " + dtype_string(a) + " but the scene is " +
                             py::str(static_cast<py::object>(dtype())).cast<std::string>());
      }
    } else {
      listed = point_pairs(
          points,
          "select_lasso points must be an (N, 2) float array or a sequence of (x, y) pairs");
    }
    std::vector<std::uint32_t> ids;
    visit([&](auto& core) {
      using T = typename std::remove_reference_t<decltype(core)>::scalar;
      py::gil_scoped_release release;
      std::vector<Vec2<T>> path;
      if (rows) {
        const T* data = static_cast<const T*>(rows->data);
        path.reserve(rows->rows);
        for (std::size_t i = 0; i < rows->rows; ++i)
          path.push_back({data[2 * i], data[2 * i + 1]});
      } else {
        path.reserve(listed.size());
        for (const Vec2<double>& p : listed) {
          const Vec2<T> q{static_cast<T>(p.x), static_cast<T>(p.y)};
          if (std::isfinite(p.x) && std::isfinite(p.y) &&
              !(std::isfinite(q.x) && std::isfinite(q.y))) {
            throw py::value_error("select_lasso: point " + std::to_string(path.size()) + " (" +
                                  format_value(p.x) + ", " + format_value(p.y) +
                                  ") overflows the scene's float32");
          }
          path.push_back(q);
        }
      }
      const Built<Lasso<T>> lasso = make_lasso(path);
      if (!lasso) throw py::value_error("select_lasso: " + lasso.error());
      ids = core.select(lasso.value(), mode, exclude_touching);
      return 0;
    });
    return to_array(ids);
  }

  py::array hit_test(double x, double y, bool exclude_touching) {
    std::vector<std::uint32_t> ids;
    visit([&](auto& core) {
      using T = typename std::remove_reference_t<decltype(core)>::scalar;
      py::gil_scoped_release release;
      ids = core.hit_test(static_cast<T>(x), static_cast<T>(y), exclude_touching);
      return 0;
    });
    return to_array(ids);
  }

  py::tuple nearest(double x, double y, long long k, double max_distance) {
    if (k < 0) throw py::value_error("nearest k is " + std::to_string(k) + ", must be >= 0");
    return visit([&](auto& core) {
      using T = typename std::remove_reference_t<decltype(core)>::scalar;
      std::vector<std::uint32_t> ids;
      std::vector<T> distances;
      {
        py::gil_scoped_release release;
        core.nearest(static_cast<T>(x), static_cast<T>(y), static_cast<std::size_t>(k),
                     static_cast<T>(max_distance), ids, distances);
      }
      py::array_t<T> d(static_cast<py::ssize_t>(distances.size()));
      std::copy(distances.begin(), distances.end(), d.mutable_data());
      return py::make_tuple(to_array(ids), d);
    });
  }

  py::tuple raycast_closest(const py::array& rays, long long threads) {
    const Rows r = rows_of(rays, "rays", {4, 5}, "(R, 4) (ox, oy, dx, dy) or (R, 5) (with max_t)");
    if (!rays.dtype().equal(dtype())) {
      throw py::type_error("rays has dtype " + dtype_string(rays) + " but the scene is " +
                           py::str(static_cast<py::object>(dtype())).cast<std::string>());
    }
    const unsigned t = resolve_threads(threads);
    return visit([&](auto& core) {
      using T = typename std::remove_reference_t<decltype(core)>::scalar;
      const auto n = static_cast<py::ssize_t>(r.rows);
      py::array_t<std::int64_t> ids(n);
      py::array_t<T> t_enter(n);
      py::array_t<T> t_exit(n);
      std::int64_t* pi = ids.mutable_data();
      T* pe = t_enter.mutable_data();
      T* px = t_exit.mutable_data();
      {
        py::gil_scoped_release release;
        const auto list = read_rays(static_cast<const T*>(r.data), r.rows, r.cols, "rays", t);
        core.raycast_closest(list, pi, pe, px, t);
      }
      return py::make_tuple(ids, t_enter, t_exit);
    });
  }

  py::array overlapping_pairs(bool exclude_touching, long long threads) {
    const unsigned t = resolve_threads(threads);
    std::vector<ShapePair> pairs;
    visit([&](auto& core) {
      py::gil_scoped_release release;
      pairs = core.overlapping_pairs(exclude_touching, t);
      return 0;
    });
    py::array_t<std::uint32_t> out({static_cast<py::ssize_t>(pairs.size()), py::ssize_t(2)});
    std::uint32_t* o = out.mutable_data();
    for (std::size_t k = 0; k < pairs.size(); ++k) {
      o[2 * k] = static_cast<std::uint32_t>(pairs[k].first);
      o[2 * k + 1] = static_cast<std::uint32_t>(pairs[k].second);
    }
    return out;
  }

  // A stored shape as the double shape Python sees (float scenes widen exactly).
  template <class Scalar>
  static Shape<double> widened(const Shape<Scalar>& s) {
    return std::visit(
        [](const auto& x) -> Shape<double> {
          using S = std::decay_t<decltype(x)>;
          using T = scalar_of<S>;
          if constexpr (std::is_same_v<T, double>) {
            return x;
          } else {
            const auto d = [](float f) { return static_cast<double>(f); };
            const auto v = [&d](Vec2<float> p) { return Vec2<double>{d(p.x), d(p.y)}; };
            if constexpr (std::is_same_v<S, Point<float>>) {
              return v(x);
            } else if constexpr (std::is_same_v<S, Segment<float>>) {
              return Segment<double>{v(x.a), v(x.b)};
            } else if constexpr (std::is_same_v<S, Circle<float>>) {
              return Circle<double>{v(x.center), d(x.radius)};
            } else if constexpr (std::is_same_v<S, Capsule<float>>) {
              return Capsule<double>{v(x.a), v(x.b), d(x.radius)};
            } else if constexpr (std::is_same_v<S, Aabb<float>>) {
              return Aabb<double>{v(x.min), v(x.max)};
            } else if constexpr (std::is_same_v<S, Obb<float>>) {
              return Obb<double>{
                  v(x.center), v(x.half_extents), {d(x.rotation.c), d(x.rotation.s)}};
            } else if constexpr (std::is_same_v<S, ConvexPolygon<float>>) {
              ConvexPolygon<double> p{};
              p.count = x.count;
              for (int i = 0; i < max_polygon_vertices; ++i) {
                p.vertices[i] = v(x.vertices[i]);
                p.normals[i] = v(x.normals[i]);
              }
              return p;
            } else {
              const Shape<double> core = widened(Shape<float>{x.core});
              return RoundedPolygon<double>{std::get<ConvexPolygon<double>>(core), d(x.radius)};
            }
          }
        },
        s);
  }

  py::object shape(std::uint32_t id) {
    return visit([&](auto& core) { return to_python(widened(core.shape(id))); });
  }

  // Groups: several shapes as one id, the union of its parts for every query.
  std::uint32_t add_group(const std::vector<PyShape>& parts, std::uint64_t user_data) {
    return visit([&](auto& core) {
      using T = typename std::remove_reference_t<decltype(core)>::scalar;
      std::vector<Shape<T>> converted;
      converted.reserve(parts.size());
      for (const PyShape& part : parts)
        converted.push_back(convert_shape<T>(part.value));
      return core.add_group(converted, user_data);
    });
  }

  bool is_group(std::uint32_t id) {
    return visit([id](auto& core) { return core.is_group(id); });
  }

  // Simple polygons: the SimplePolygon (Polygon<double>) in the scene's scalar type. In float32
  // its vertices are rounded to float and the polygon built again: ValueError when a vertex
  // overflows float32 or the rounded outline is no longer simple (edges that came to touch).
  template <class T>
  static Polygon<T> scene_polygon(const Polygon<double>& polygon) {
    if constexpr (std::is_same_v<T, double>) {
      return polygon;
    } else {
      std::vector<Vec2<T>> vertices;
      vertices.reserve(polygon.size());
      for (const Vec2<double>& v : polygon.vertices()) {
        for (const double x : {v.x, v.y}) {
          if (std::abs(x) > static_cast<double>(std::numeric_limits<T>::max())) {
            throw py::value_error("SimplePolygon in float32: " + num(x) + " overflows float32");
          }
        }
        vertices.push_back({static_cast<T>(v.x), static_cast<T>(v.y)});
      }
      return value_or_throw(make_simple_polygon<T>(vertices), "SimplePolygon in float32");
    }
  }

  // A stored polygon as the SimplePolygon Python sees (a float32 one widened exactly, then built
  // again in double: the same outline, so it stays simple).
  template <class T>
  static PySimplePolygon widened_polygon(const Polygon<T>& polygon) {
    if constexpr (std::is_same_v<T, double>) {
      return PySimplePolygon{polygon};
    } else {
      std::vector<Vec2<double>> vertices;
      vertices.reserve(polygon.size());
      for (const Vec2<T>& v : polygon.vertices())
        vertices.push_back({static_cast<double>(v.x), static_cast<double>(v.y)});
      return PySimplePolygon{
          value_or_throw(make_simple_polygon<double>(vertices), "SimplePolygon")};
    }
  }

  std::uint32_t add_polygon(const PySimplePolygon& polygon, std::uint64_t user_data) {
    return visit([&](auto& core) {
      using T = typename std::remove_reference_t<decltype(core)>::scalar;
      return core.add(scene_polygon<T>(polygon.value), user_data);
    });
  }

  void move_polygon(std::uint32_t id, const PySimplePolygon& polygon) {
    visit([&](auto& core) {
      using T = typename std::remove_reference_t<decltype(core)>::scalar;
      core.move(id, scene_polygon<T>(polygon.value));
      return 0;
    });
  }

  bool is_polygon(std::uint32_t id) {
    return visit([id](auto& core) { return core.is_polygon(id); });
  }

  PySimplePolygon polygon(std::uint32_t id) {
    return visit([id](auto& core) { return widened_polygon(core.polygon(id)); });
  }

  py::list parts(std::uint32_t id) {
    return visit([&](auto& core) {
      py::list out;
      for (const auto& part : core.parts(id))
        out.append(to_python(widened(part)));
      return out;
    });
  }

 private:
  Core core_;
};

}  // namespace

// Why a group refuses a SimplePolygon, and what to do instead.
constexpr const char* no_group_polygon =
    "a group's parts are shapes, not a SimplePolygon: add the SimplePolygon as an entry of its "
    "own with Scene.add";

void bind_scene(py::module_& m) {
  py::class_<PyScene>(m, "Scene",
                      "Many shapes, indexed, with exact answers: select, hit_test, "
                      "raycast_closest, overlapping_pairs. Ids are uint32.")
      .def(py::init<const py::object&, const std::string&>(), py::arg("dtype") = "float64",
           py::arg("index") = "automatic")
      .def_property_readonly("dtype", &PyScene::dtype)
      .def(
          "add_boxes",
          [](PyScene& s, const py::array& boxes, bool degrees,
             const std::optional<py::array>& user_data, long long threads) {
            return s.add_rows(boxes, 5, "boxes", "(N, 5) (cx, cy, w, h, angle)", degrees, user_data,
                              threads);
          },
          py::arg("boxes").noconvert(), py::kw_only(), py::arg("degrees") = false,
          py::arg("user_data").noconvert() = py::none(), py::arg("threads") = 0)
      .def("set_boxes", &PyScene::set_boxes, py::arg("ids"), py::arg("boxes").noconvert(),
           py::kw_only(), py::arg("degrees") = false, py::arg("threads") = 0,
           "The batch of move for boxes: ids[i] gets the box of row i of boxes, an (N, 5) array "
           "of the scene's dtype read as add_boxes reads it; the same as move for each in order "
           "(an id given twice keeps its last row), user data and z kept. ids: a 1-D integer "
           "array or a sequence of ints. Everything is checked before anything changes: "
           "ValueError naming a bad row or id value, or for as many ids as rows; IndexError for "
           "an id not in the scene; TypeError for another dtype.")
      .def(
          "add_circles",
          [](PyScene& s, const py::array& circles, const std::optional<py::array>& user_data,
             long long threads) {
            return s.add_rows(circles, 3, "circles", "(N, 3) (cx, cy, r)", false, user_data,
                              threads);
          },
          py::arg("circles").noconvert(), py::kw_only(),
          py::arg("user_data").noconvert() = py::none(), py::arg("threads") = 0)
      .def("add", &PyScene::add, py::arg("shape"), py::arg("user_data") = 0)
      .def("add", &PyScene::add_polygon, py::arg("shape"), py::arg("user_data") = 0,
           "Adds a shape, or a SimplePolygon as one entry that every query decides exactly as the "
           "one region it is (no convex decomposition: an L's inner seam is inside it). In a "
           "float32 scene its vertices are rounded to float32 (ValueError if that makes the "
           "outline touch itself). Returns its id.")
      .def("add_group", &PyScene::add_group, py::arg("parts"), py::arg("user_data") = 0)
      .def(
          "add_group",
          // Reached only when the overload above cannot take the parts (the same user_data
          // type, so both fail or succeed alike on it).
          [](PyScene&, const py::sequence& parts, std::uint64_t) -> std::uint32_t {
            for (const py::handle part : parts) {
              if (py::isinstance<PySimplePolygon>(part)) {
                throw py::type_error(std::string("Scene.add_group: ") + no_group_polygon);
              }
            }
            throw py::type_error("Scene.add_group parts must be a sequence of shapes");
          },
          py::arg("parts"), py::arg("user_data") = 0)
      .def("parts", &PyScene::parts, py::arg("id"),
           "A group's parts, in the order given (a shape: itself alone). ValueError for a "
           "SimplePolygon (polygon(id) returns it).")
      .def("is_group", &PyScene::is_group, py::arg("id"))
      .def("is_polygon", &PyScene::is_polygon, py::arg("id"),
           "Whether the id is a SimplePolygon entry. IndexError for an id not in the scene.")
      .def("polygon", &PyScene::polygon, py::arg("id"),
           "The SimplePolygon entry, as last given to add or move (in a float32 scene, its "
           "float32 vertices). ValueError for a shape or a group; IndexError for an id not in the "
           "scene.")
      .def("move", &PyScene::move, py::arg("id"), py::arg("shape"))
      .def("move", &PyScene::move_polygon, py::arg("id"), py::arg("shape"),
           "The id becomes this shape or SimplePolygon (its kind may change; user data and z "
           "kept).")
      .def("save", &PyScene::save,
           "The scene in the library's binary form (docs/SCENE_FORMAT.md): every shape with its "
           "id, user data and z, the id allocation and the index order; Scene.load reads it back.")
      .def_static("load", &PyScene::load, py::arg("data"),
                  "The scene saved in data (bytes, bytearray or memoryview), of the dtype it was "
                  "saved with. ValueError naming the byte for a truncated, corrupted or hostile "
                  "file; TypeError for another type.")
      .def(
          "remove",
          [](PyScene& s, std::uint32_t id) {
            s.visit([id](auto& core) {
              core.remove(id);
              return 0;
            });
          },
          py::arg("id"))
      .def("__len__", [](PyScene& s) { return s.visit([](auto& core) { return core.size(); }); })
      .def("__contains__",
           [](PyScene& s, std::uint32_t id) {
             return s.visit([id](auto& core) { return core.contains(id); });
           })
      .def("shape", &PyScene::shape, py::arg("id"),
           "The shape of the id. ValueError for a group (parts(id)) or a SimplePolygon "
           "(polygon(id)); IndexError for an id not in the scene.")
      .def(
          "user_data",
          [](PyScene& s, std::uint32_t id) {
            return s.visit([id](auto& core) { return core.user_data(id); });
          },
          py::arg("id"))
      .def(
          "set_z",
          [](PyScene& s, std::uint32_t id, std::int32_t z) {
            s.visit([=](auto& core) {
              core.set_z(id, z);
              return 0;
            });
          },
          py::arg("id"), py::arg("z"))
      .def("memory_bytes",
           [](PyScene& s) { return s.visit([](auto& core) { return core.memory_bytes(); }); })
      .def("select", &PyScene::select, py::arg("region"), py::arg("mode") = "intersects",
           py::kw_only(), py::arg("exclude_touching") = false, py::arg("degrees") = false)
      .def("select_lasso", &PyScene::select_lasso, py::arg("points"),
           py::arg("mode") = "intersects", py::kw_only(), py::arg("exclude_touching") = false,
           "Ids of the shapes that intersect ('intersects') or lie inside ('contains') the lasso "
           "through points: a closed path (the last point joins the first) that may cross itself, "
           "filled by the nonzero winding rule (a figure eight fills both lobes). points is an "
           "(N, 2) array of the scene's dtype or a sequence of (x, y) pairs, N >= 3. Touching the "
           "path counts unless exclude_touching. In no particular order. ValueError for fewer than "
           "3 points or a non-finite one, naming it.")
      .def("hit_test", &PyScene::hit_test, py::arg("x"), py::arg("y"), py::kw_only(),
           py::arg("exclude_touching") = false)
      .def("nearest", &PyScene::nearest, py::arg("x"), py::arg("y"), py::arg("k") = 1,
           py::kw_only(), py::arg("max_distance") = std::numeric_limits<double>::infinity())
      .def("raycast_closest", &PyScene::raycast_closest, py::arg("rays").noconvert(), py::kw_only(),
           py::arg("threads") = 0)
      .def("overlapping_pairs", &PyScene::overlapping_pairs, py::kw_only(),
           py::arg("exclude_touching") = false, py::arg("threads") = 0);
}

}  // namespace collide2d::python
