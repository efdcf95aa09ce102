// bindings/python/src/module.cpp - the module collide2d._collide2d: the numpy batch functions.
// The work is in core.hpp (no pybind11 there); this file checks and converts the arrays, releases
// the GIL and calls it. Shapes and single-shape queries: shapes.cpp; Scene: scene.cpp.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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

// The convention of the keyword arguments: a preset by name, or degrees / frame / winding (the
// library's y up, counter-clockwise radians by default). A preset together with any of the three
// is refused: one of them would silently lose.
BoxConvention convention_of(const std::optional<std::string>& preset, bool degrees,
                            const std::string& frame, const std::string& winding) {
  if (preset) {
    if (degrees || frame != "y_up" || winding != "ccw") {
      throw py::value_error("convention='" + *preset +
                            "' sets degrees, frame and winding: do not pass them too");
    }
    if (*preset == "collide2d") return conventions::collide2d;
    if (*preset == "opencv") return conventions::opencv_rotated_rect;
    if (*preset == "detectron2") return conventions::detectron2;
    if (*preset == "mmcv") return conventions::mmcv;
    throw py::value_error(
        "convention must be 'collide2d', 'opencv', 'detectron2' or 'mmcv', got '" + *preset + "'");
  }
  if (frame != "y_up" && frame != "y_down") {
    throw py::value_error("frame must be 'y_up' or 'y_down', got '" + frame + "'");
  }
  if (winding != "ccw" && winding != "cw") {
    throw py::value_error("winding must be 'ccw' or 'cw', got '" + winding + "'");
  }
  return {degrees ? AngleUnit::degrees : AngleUnit::radians,
          frame == "y_down" ? Frame::y_down : Frame::y_up,
          winding == "cw" ? Winding::cw : Winding::ccw};
}

// The keyword arguments every convention-aware function takes.
struct ConventionArgs {
  bool degrees = false;
  std::string frame = "y_up";
  std::string winding = "ccw";
  std::optional<std::string> convention;
  BoxConvention get() const { return convention_of(convention, degrees, frame, winding); }
};

template <class T>
ShapeSet<T> shapes_of(const Rows& r, BoxConvention conv, const char* name, unsigned threads) {
  return read_shapes(static_cast<const T*>(r.data), r.rows, r.cols, conv, name, threads);
}

py::array overlap_matrix_py(const py::array& a, const py::array& b, const ConventionArgs& args,
                            long long threads, const py::object& out) {
  const PairInput in = pair_input(a, b);
  const BoxConvention conv = args.get();
  const unsigned t = resolve_threads(threads);
  bool zeroed = false;
  auto result = output<bool>(
      out, {static_cast<py::ssize_t>(in.a.rows), static_cast<py::ssize_t>(in.b.rows)}, &zeroed);
  auto* o = reinterpret_cast<std::uint8_t*>(result.mutable_data());
  {
    py::gil_scoped_release release;
    if (in.a.dtype == Dtype::f32) {
      const auto sa = shapes_of<float>(in.a, conv, "a", t);  // a checked first
      overlap_matrix(sa, shapes_of<float>(in.b, conv, "b", t), o, zeroed, t);
    } else {
      const auto sa = shapes_of<double>(in.a, conv, "a", t);
      overlap_matrix(sa, shapes_of<double>(in.b, conv, "b", t), o, zeroed, t);
    }
  }
  return result;
}

template <class T>
py::array iou_matrix_t(const PairInput& in, BoxConvention conv, unsigned t, bool area,
                       const py::object& out) {
  bool zeroed = false;
  auto result = output<T>(
      out, {static_cast<py::ssize_t>(in.a.rows), static_cast<py::ssize_t>(in.b.rows)}, &zeroed);
  T* o = result.mutable_data();
  {
    py::gil_scoped_release release;
    const auto sa = shapes_of<T>(in.a, conv, "a", t);
    iou_matrix(sa, shapes_of<T>(in.b, conv, "b", t), o, area, zeroed, t);
  }
  return result;
}

py::array iou_matrix_py(const py::array& a, const py::array& b, const ConventionArgs& args,
                        long long threads, const py::object& out, bool area) {
  const PairInput in = pair_input(a, b);
  const unsigned t = resolve_threads(threads);
  return in.a.dtype == Dtype::f32 ? iou_matrix_t<float>(in, args.get(), t, area, out)
                                  : iou_matrix_t<double>(in, args.get(), t, area, out);
}

py::array overlaps_aligned_py(const py::array& a, const py::array& b, const ConventionArgs& args,
                              long long threads, const py::object& out) {
  const PairInput in = pair_input(a, b);
  check_aligned(in);
  const BoxConvention conv = args.get();
  const unsigned t = resolve_threads(threads);
  auto result = output<bool>(out, {static_cast<py::ssize_t>(in.a.rows)});
  auto* o = reinterpret_cast<std::uint8_t*>(result.mutable_data());
  {
    py::gil_scoped_release release;
    if (in.a.dtype == Dtype::f32) {
      const auto sa = shapes_of<float>(in.a, conv, "a", t);
      overlaps_aligned(sa, shapes_of<float>(in.b, conv, "b", t), o, t);
    } else {
      const auto sa = shapes_of<double>(in.a, conv, "a", t);
      overlaps_aligned(sa, shapes_of<double>(in.b, conv, "b", t), o, t);
    }
  }
  return result;
}

template <class T>
py::array iou_aligned_t(const PairInput& in, BoxConvention conv, unsigned t, bool area,
                        const py::object& out) {
  auto result = output<T>(out, {static_cast<py::ssize_t>(in.a.rows)});
  T* o = result.mutable_data();
  {
    py::gil_scoped_release release;
    const auto sa = shapes_of<T>(in.a, conv, "a", t);
    iou_aligned(sa, shapes_of<T>(in.b, conv, "b", t), o, area, t);
  }
  return result;
}

py::array iou_aligned_py(const py::array& a, const py::array& b, const ConventionArgs& args,
                         long long threads, const py::object& out, bool area) {
  const PairInput in = pair_input(a, b);
  check_aligned(in);
  const unsigned t = resolve_threads(threads);
  return in.a.dtype == Dtype::f32 ? iou_aligned_t<float>(in, args.get(), t, area, out)
                                  : iou_aligned_t<double>(in, args.get(), t, area, out);
}

// ---- Box conventions, generalised IoUs, quadrilaterals ----

constexpr const char* boxes_layout = "(N, 5) (boxes: cx, cy, w, h, angle)";

template <class T>
std::vector<Obb<T>> boxes_of(const Rows& r, BoxConvention c, const char* name, unsigned threads) {
  return read_shapes(static_cast<const T*>(r.data), r.rows, r.cols, c, name, threads).boxes;
}

template <class T>
py::array similarity_t(const Rows& a, const Rows& b, BoxConvention c, Similarity s, bool aligned,
                       unsigned t, const py::object& out) {
  std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(a.rows)};
  if (!aligned) shape.push_back(static_cast<py::ssize_t>(b.rows));
  auto result = output<T>(out, shape);
  T* o = result.mutable_data();
  {
    py::gil_scoped_release release;
    const auto sa = boxes_of<T>(a, c, "a", t);  // a checked first
    const auto sb = boxes_of<T>(b, c, "b", t);
    if (aligned) {
      similarity_aligned(sa, sb, o, s, t);
    } else {
      similarity_matrix(sa, sb, o, s, t);
    }
  }
  return result;
}

py::array similarity_py(const py::array& a, const py::array& b, const ConventionArgs& args,
                        long long threads, const py::object& out, Similarity s, bool aligned) {
  const Rows ra = rows_of(a, "a", {5}, boxes_layout);
  const Rows rb = rows_of(b, "b", {5}, boxes_layout);
  check_same_dtype(a, "a", b, "b");
  if (aligned && ra.rows != rb.rows) {
    throw py::value_error("a has " + std::to_string(ra.rows) + " rows but b has " +
                          std::to_string(rb.rows) + ": aligned pairs need the same number");
  }
  const BoxConvention c = args.get();
  const unsigned t = resolve_threads(threads);
  return ra.dtype == Dtype::f32 ? similarity_t<float>(ra, rb, c, s, aligned, t, out)
                                : similarity_t<double>(ra, rb, c, s, aligned, t, out);
}

template <class T>
py::array boxes_from_quads_t(const Rows& q, BoxConvention c, std::optional<double> tolerance,
                             unsigned t) {
  py::array_t<T> result({static_cast<py::ssize_t>(q.rows), py::ssize_t(5)});
  T* o = result.mutable_data();
  const T tol = tolerance ? static_cast<T>(*tolerance) : quad_tolerance<T>();
  if (!(tol >= T(0)) || !std::isfinite(tol)) {
    throw py::value_error("tolerance is " + format_value(tol) + ", must be finite and >= 0");
  }
  py::gil_scoped_release release;
  boxes_from_quads(static_cast<const T*>(q.data), q.rows, c, tol, o, t);
  return result;
}

py::array boxes_from_quads_py(const py::array& quads, const ConventionArgs& args,
                              std::optional<double> tolerance, long long threads) {
  const Rows q = rows_of(quads, "quads", {8}, "(N, 8) (x1, y1, x2, y2, x3, y3, x4, y4)");
  const BoxConvention c = args.get();
  const unsigned t = resolve_threads(threads);
  return q.dtype == Dtype::f32 ? boxes_from_quads_t<float>(q, c, tolerance, t)
                               : boxes_from_quads_t<double>(q, c, tolerance, t);
}

template <class T>
py::array quads_from_boxes_t(const Rows& r, BoxConvention c, unsigned t) {
  py::array_t<T> result({static_cast<py::ssize_t>(r.rows), py::ssize_t(8)});
  T* o = result.mutable_data();
  py::gil_scoped_release release;
  quads_from_boxes(boxes_of<T>(r, c, "boxes", t), c, o);
  return result;
}

py::array quads_from_boxes_py(const py::array& boxes, const ConventionArgs& args,
                              long long threads) {
  const Rows r = rows_of(boxes, "boxes", {5}, boxes_layout);
  const BoxConvention c = args.get();
  const unsigned t = resolve_threads(threads);
  return r.dtype == Dtype::f32 ? quads_from_boxes_t<float>(r, c, t)
                               : quads_from_boxes_t<double>(r, c, t);
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
    contains_points(shapes_of<float>(s, library_convention(degrees), "shapes", t), xbase, x_stride,
                    ybase, y_stride, p, o, t);
  } else {
    const double* ybase = static_cast<const double*>(ys_array.data()) + y_offset;
    const double* xbase = static_cast<const double*>(xs_array.data());
    py::gil_scoped_release release;
    contains_points(shapes_of<double>(s, library_convention(degrees), "shapes", t), xbase, x_stride,
                    ybase, y_stride, p, o, t);
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
    const auto targets = shapes_of<T>(s, library_convention(degrees), "shapes", t);
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
  bind_simple_polygon(m);

  const auto a = py::arg("a").noconvert();
  const auto b = py::arg("b").noconvert();
  // The pair functions take the rows' convention (see convention_of): boxes mirrored and turned
  // into the library's frame, circles' centres mirrored for y_down.
  const auto pair_def = [&m, &a, &b](const char* name, auto call, const char* doc) {
    m.def(
        name,
        [call](const py::array& x, const py::array& y, bool degrees, const std::string& frame,
               const std::string& winding, const std::optional<std::string>& convention,
               long long threads, const py::object& out) {
          return call(x, y, ConventionArgs{degrees, frame, winding, convention}, threads, out);
        },
        a, b, py::kw_only(), py::arg("degrees") = false, py::arg("frame") = "y_up",
        py::arg("winding") = "ccw", py::arg("convention") = py::none(), py::arg("threads") = 0,
        py::arg("out") = py::none(), doc);
  };
  using Args = const ConventionArgs&;
  using Out = const py::object&;
  pair_def("overlap_matrix", &overlap_matrix_py,
           "bool (N, M): a[i] and b[j] overlap (touching counts).");
  pair_def(
      "iou_matrix",
      [](const py::array& x, const py::array& y, Args c, long long t, Out o) {
        return iou_matrix_py(x, y, c, t, o, false);
      },
      "(N, M) intersection over union of a[i] and b[j].");
  m.attr("box_iou_rotated") = m.attr("iou_matrix");
  pair_def(
      "intersection_area_matrix",
      [](const py::array& x, const py::array& y, Args c, long long t, Out o) {
        return iou_matrix_py(x, y, c, t, o, true);
      },
      "(N, M) intersection area of a[i] and b[j].");
  pair_def("overlaps_aligned", &overlaps_aligned_py, "bool (N,): a[i] and b[i] overlap.");
  pair_def(
      "iou_aligned",
      [](const py::array& x, const py::array& y, Args c, long long t, Out o) {
        return iou_aligned_py(x, y, c, t, o, false);
      },
      "(N,) intersection over union of a[i] and b[i].");
  pair_def(
      "intersection_area_aligned",
      [](const py::array& x, const py::array& y, Args c, long long t, Out o) {
        return iou_aligned_py(x, y, c, t, o, true);
      },
      "(N,) intersection area of a[i] and b[i].");
  m.def("contains_points", &contains_points_py, py::arg("shapes").noconvert(),
        py::arg("points").noconvert(), py::arg("y").noconvert() = py::none(), py::kw_only(),
        py::arg("degrees") = false, py::arg("threads") = 0, py::arg("out") = py::none(),
        "bool (N, P): shape i contains point j (boundary included). Points as (P, 2), or x and y.");
  m.def("raycast", &raycast_py, py::arg("rays").noconvert(), py::arg("shapes").noconvert(),
        py::kw_only(), py::arg("degrees") = false, py::arg("threads") = 0,
        "(hit, t_enter, t_exit), each (R, N): ray r against shape i; NaN times where it misses.");

  // The generalised IoUs and the box formats, with the convention named by keyword.
  struct Similar {
    const char* name;
    const char* alias;
    Similarity s;
    const char* what;
  };
  for (const Similar& f : {Similar{"giou", "box_giou_rotated", Similarity::giou,
                                   "generalised IoU (convex hull; see __init__.pyi)"},
                           Similar{"diou", "box_diou_rotated", Similarity::diou, "distance IoU"},
                           Similar{"ciou", "box_ciou_rotated", Similarity::ciou, "complete IoU"}}) {
    for (const bool aligned : {false, true}) {
      const Similarity s = f.s;
      const std::string name = std::string(f.name) + (aligned ? "_aligned" : "_matrix");
      const std::string doc = (aligned ? "(N,) " : "(N, M) ") + std::string(f.what) +
                              (aligned ? " of a[i] and b[i]." : " of a[i] and b[j].");
      pair_def(
          name.c_str(),
          [s, aligned](const py::array& x, const py::array& y, Args c, long long t, Out o) {
            return similarity_py(x, y, c, t, o, s, aligned);
          },
          doc.c_str());
      if (!aligned) m.attr(f.alias) = m.attr(name.c_str());
    }
  }
  m.def(
      "boxes_from_quads",
      [](const py::array& quads, bool degrees, const std::string& frame, const std::string& winding,
         const std::optional<std::string>& convention, std::optional<double> tolerance,
         long long threads) {
        return boxes_from_quads_py(quads, ConventionArgs{degrees, frame, winding, convention},
                                   tolerance, threads);
      },
      py::arg("quads").noconvert(), py::kw_only(), py::arg("degrees") = false,
      py::arg("frame") = "y_up", py::arg("winding") = "ccw", py::arg("convention") = py::none(),
      py::arg("tolerance") = py::none(), py::arg("threads") = 0,
      "(N, 5) boxes (cx, cy, w, h, angle) in the convention, from (N, 8) rectangle corners.");
  m.def(
      "quads_from_boxes",
      [](const py::array& boxes, bool degrees, const std::string& frame, const std::string& winding,
         const std::optional<std::string>& convention, long long threads) {
        return quads_from_boxes_py(boxes, ConventionArgs{degrees, frame, winding, convention},
                                   threads);
      },
      py::arg("boxes").noconvert(), py::kw_only(), py::arg("degrees") = false,
      py::arg("frame") = "y_up", py::arg("winding") = "ccw", py::arg("convention") = py::none(),
      py::arg("threads") = 0,
      "(N, 8) corners, listed in the convention's winding, of (N, 5) boxes in the convention.");

  bind_scene(m);
}
