// bindings/python/src/module.cpp - the module collide2d._collide2d: the numpy batch functions.
// The work is in core.hpp (no pybind11 there); this file checks and converts the arrays, releases
// the GIL and calls it. Shapes and single-shape queries: shapes.cpp; Scene: scene.cpp.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>

#include "arrays.hpp"
#include "collide2d/batch.hpp"
#include "collide2d/version.hpp"
#include "core.hpp"
#include "shapes.hpp"

namespace collide2d::python {

namespace {

constexpr const char* shapes_layout =
    "(N, 5) (boxes: cx, cy, w, h, angle) or (N, 3) (circles: cx, cy, r)";

// Two shape arrays of the same dtype.
struct PairInput {
  Rows a;
  Rows b;
};

PairInput pair_input(const py::array& a, const py::array& b) {
  PairInput in{rows_of(a, "a", {5, 3}, shapes_layout), rows_of(b, "b", {5, 3}, shapes_layout)};
  check_same_dtype(a, "a", b, "b");
  return in;
}

void check_aligned(const PairInput& in) {
  if (in.a.rows != in.b.rows) {
    throw py::value_error("a has " + std::to_string(in.a.rows) + " rows but b has " +
                          std::to_string(in.b.rows) + ": aligned pairs need the same number");
  }
}

template <class T>
ShapeSet<T> shapes_of(const Rows& r, bool degrees, const char* name, unsigned threads) {
  return read_shapes(static_cast<const T*>(r.data), r.rows, r.cols, degrees, name, threads);
}

py::array overlap_matrix_py(const py::array& a, const py::array& b, bool degrees, long long threads,
                            const py::object& out) {
  const PairInput in = pair_input(a, b);
  const unsigned t = resolve_threads(threads);
  bool zeroed = false;
  auto result = output<bool>(
      out, {static_cast<py::ssize_t>(in.a.rows), static_cast<py::ssize_t>(in.b.rows)}, &zeroed);
  auto* o = reinterpret_cast<std::uint8_t*>(result.mutable_data());
  {
    py::gil_scoped_release release;
    if (in.a.dtype == Dtype::f32) {
      const auto sa = shapes_of<float>(in.a, degrees, "a", t);  // a checked first
      overlap_matrix(sa, shapes_of<float>(in.b, degrees, "b", t), o, zeroed, t);
    } else {
      const auto sa = shapes_of<double>(in.a, degrees, "a", t);
      overlap_matrix(sa, shapes_of<double>(in.b, degrees, "b", t), o, zeroed, t);
    }
  }
  return result;
}

template <class T>
py::array iou_matrix_t(const PairInput& in, bool degrees, unsigned t, bool area,
                       const py::object& out) {
  bool zeroed = false;
  auto result = output<T>(
      out, {static_cast<py::ssize_t>(in.a.rows), static_cast<py::ssize_t>(in.b.rows)}, &zeroed);
  T* o = result.mutable_data();
  {
    py::gil_scoped_release release;
    const auto sa = shapes_of<T>(in.a, degrees, "a", t);
    iou_matrix(sa, shapes_of<T>(in.b, degrees, "b", t), o, area, zeroed, t);
  }
  return result;
}

py::array iou_matrix_py(const py::array& a, const py::array& b, bool degrees, long long threads,
                        const py::object& out, bool area) {
  const PairInput in = pair_input(a, b);
  const unsigned t = resolve_threads(threads);
  return in.a.dtype == Dtype::f32 ? iou_matrix_t<float>(in, degrees, t, area, out)
                                  : iou_matrix_t<double>(in, degrees, t, area, out);
}

py::array overlaps_aligned_py(const py::array& a, const py::array& b, bool degrees,
                              long long threads, const py::object& out) {
  const PairInput in = pair_input(a, b);
  check_aligned(in);
  const unsigned t = resolve_threads(threads);
  auto result = output<bool>(out, {static_cast<py::ssize_t>(in.a.rows)});
  auto* o = reinterpret_cast<std::uint8_t*>(result.mutable_data());
  {
    py::gil_scoped_release release;
    if (in.a.dtype == Dtype::f32) {
      const auto sa = shapes_of<float>(in.a, degrees, "a", t);
      overlaps_aligned(sa, shapes_of<float>(in.b, degrees, "b", t), o, t);
    } else {
      const auto sa = shapes_of<double>(in.a, degrees, "a", t);
      overlaps_aligned(sa, shapes_of<double>(in.b, degrees, "b", t), o, t);
    }
  }
  return result;
}

template <class T>
py::array iou_aligned_t(const PairInput& in, bool degrees, unsigned t, bool area,
                        const py::object& out) {
  auto result = output<T>(out, {static_cast<py::ssize_t>(in.a.rows)});
  T* o = result.mutable_data();
  {
    py::gil_scoped_release release;
    const auto sa = shapes_of<T>(in.a, degrees, "a", t);
    iou_aligned(sa, shapes_of<T>(in.b, degrees, "b", t), o, area, t);
  }
  return result;
}

py::array iou_aligned_py(const py::array& a, const py::array& b, bool degrees, long long threads,
                         const py::object& out, bool area) {
  const PairInput in = pair_input(a, b);
  check_aligned(in);
  const unsigned t = resolve_threads(threads);
  return in.a.dtype == Dtype::f32 ? iou_aligned_t<float>(in, degrees, t, area, out)
                                  : iou_aligned_t<double>(in, degrees, t, area, out);
}

py::array contains_points_py(const py::array& shapes, const py::array& points,
                             const std::optional<py::array>& y, bool degrees, long long threads,
                             const py::object& out) {
  const Rows s = rows_of(shapes, "shapes", {5, 3}, shapes_layout);
  const unsigned t = resolve_threads(threads);
  py::array xs_array;
  py::array ys_array;
  std::size_t p = 0;
  std::size_t x_stride = 0;
  std::size_t y_stride = 0;
  if (!y) {
    const Rows pts =
        rows_of(points, "points", {2}, "(P, 2) (x, y), or x and y arrays of shape (P,)");
    check_same_dtype(shapes, "shapes", points, "points");
    (void)pts;
    xs_array = points;
    ys_array = points;
    p = pts.rows;
    x_stride = 2;
    y_stride = 2;
  } else {
    float_dtype(points, "x");
    float_dtype(*y, "y");
    if (points.ndim() != 1 || y->ndim() != 1 || points.shape(0) != y->shape(0)) {
      throw py::value_error("x and y must have the same shape (P,), got " + shape_string(points) +
                            " and " + shape_string(*y));
    }
    check_contiguous(points, "x");
    check_contiguous(*y, "y");
    check_same_dtype(shapes, "shapes", points, "x");
    check_same_dtype(shapes, "shapes", *y, "y");
    xs_array = points;
    ys_array = *y;
    p = static_cast<std::size_t>(points.shape(0));
    x_stride = 1;
    y_stride = 1;
  }
  auto result = output<bool>(out, {static_cast<py::ssize_t>(s.rows), static_cast<py::ssize_t>(p)});
  auto* o = reinterpret_cast<std::uint8_t*>(result.mutable_data());
  // With (P, 2) points, y starts one element after x.
  const std::size_t y_offset = y ? 0 : 1;
  if (s.dtype == Dtype::f32) {
    const float* ybase = static_cast<const float*>(ys_array.data()) + y_offset;
    const float* xbase = static_cast<const float*>(xs_array.data());
    py::gil_scoped_release release;
    contains_points(shapes_of<float>(s, degrees, "shapes", t), xbase, x_stride, ybase, y_stride, p,
                    o, t);
  } else {
    const double* ybase = static_cast<const double*>(ys_array.data()) + y_offset;
    const double* xbase = static_cast<const double*>(xs_array.data());
    py::gil_scoped_release release;
    contains_points(shapes_of<double>(s, degrees, "shapes", t), xbase, x_stride, ybase, y_stride, p,
                    o, t);
  }
  return result;
}

template <class T>
py::tuple raycast_t(const Rows& r, const Rows& s, bool degrees, unsigned t) {
  const auto rn = static_cast<py::ssize_t>(r.rows);
  const auto sn = static_cast<py::ssize_t>(s.rows);
  py::array_t<bool> hit({rn, sn});
  py::array_t<T> t_enter({rn, sn});
  py::array_t<T> t_exit({rn, sn});
  auto* h = reinterpret_cast<std::uint8_t*>(hit.mutable_data());
  T* te = t_enter.mutable_data();
  T* tx = t_exit.mutable_data();
  {
    py::gil_scoped_release release;
    const auto rays = read_rays(static_cast<const T*>(r.data), r.rows, r.cols, "rays", t);
    const auto targets = shapes_of<T>(s, degrees, "shapes", t);
    raycast_matrix(rays, targets, h, te, tx, t);
  }
  return py::make_tuple(hit, t_enter, t_exit);
}

py::tuple raycast_py(const py::array& rays, const py::array& shapes, bool degrees,
                     long long threads) {
  const Rows r = rows_of(rays, "rays", {4, 5}, "(R, 4) (ox, oy, dx, dy) or (R, 5) (with max_t)");
  const Rows s = rows_of(shapes, "shapes", {5, 3}, shapes_layout);
  check_same_dtype(rays, "rays", shapes, "shapes");
  const unsigned t = resolve_threads(threads);
  return r.dtype == Dtype::f32 ? raycast_t<float>(r, s, degrees, t)
                               : raycast_t<double>(r, s, degrees, t);
}

}  // namespace

}  // namespace collide2d::python

PYBIND11_MODULE(_collide2d, m) {
  namespace py = pybind11;
  using namespace collide2d::python;
  m.doc() = "collide2d: exact 2D collision detection (see collide2d/__init__.pyi)";
  m.attr("__version__") = COLLIDE2D_VERSION_STRING;
  m.def(
      "simd_target", [] { return std::string(collide2d::batch_simd_target()); },
      "The SIMD instruction set the batch kernels run on (e.g. 'AVX2').");

  bind_shapes(m);

  const auto a = py::arg("a").noconvert();
  const auto b = py::arg("b").noconvert();
  m.def("overlap_matrix", &overlap_matrix_py, a, b, py::kw_only(), py::arg("degrees") = false,
        py::arg("threads") = 0, py::arg("out") = py::none(),
        "bool (N, M): a[i] and b[j] overlap (touching counts).");
  m.def(
      "iou_matrix",
      [](const py::array& x, const py::array& y, bool degrees, long long threads,
         const py::object& out) { return iou_matrix_py(x, y, degrees, threads, out, false); },
      a, b, py::kw_only(), py::arg("degrees") = false, py::arg("threads") = 0,
      py::arg("out") = py::none(), "(N, M) intersection over union of a[i] and b[j].");
  m.attr("box_iou_rotated") = m.attr("iou_matrix");
  m.def(
      "intersection_area_matrix",
      [](const py::array& x, const py::array& y, bool degrees, long long threads,
         const py::object& out) { return iou_matrix_py(x, y, degrees, threads, out, true); },
      a, b, py::kw_only(), py::arg("degrees") = false, py::arg("threads") = 0,
      py::arg("out") = py::none(), "(N, M) intersection area of a[i] and b[j].");
  m.def("overlaps_aligned", &overlaps_aligned_py, a, b, py::kw_only(), py::arg("degrees") = false,
        py::arg("threads") = 0, py::arg("out") = py::none(), "bool (N,): a[i] and b[i] overlap.");
  m.def(
      "iou_aligned",
      [](const py::array& x, const py::array& y, bool degrees, long long threads,
         const py::object& out) { return iou_aligned_py(x, y, degrees, threads, out, false); },
      a, b, py::kw_only(), py::arg("degrees") = false, py::arg("threads") = 0,
      py::arg("out") = py::none(), "(N,) intersection over union of a[i] and b[i].");
  m.def(
      "intersection_area_aligned",
      [](const py::array& x, const py::array& y, bool degrees, long long threads,
         const py::object& out) { return iou_aligned_py(x, y, degrees, threads, out, true); },
      a, b, py::kw_only(), py::arg("degrees") = false, py::arg("threads") = 0,
      py::arg("out") = py::none(), "(N,) intersection area of a[i] and b[i].");
  m.def("contains_points", &contains_points_py, py::arg("shapes").noconvert(),
        py::arg("points").noconvert(), py::arg("y").noconvert() = py::none(), py::kw_only(),
        py::arg("degrees") = false, py::arg("threads") = 0, py::arg("out") = py::none(),
        "bool (N, P): shape i contains point j (boundary included). Points as (P, 2), or x and y.");
  m.def("raycast", &raycast_py, py::arg("rays").noconvert(), py::arg("shapes").noconvert(),
        py::kw_only(), py::arg("degrees") = false, py::arg("threads") = 0,
        "(hit, t_enter, t_exit), each (R, N): ray r against shape i; NaN times where it misses.");

  bind_scene(m);
}
