// bindings/python/src/arrays.hpp - numpy array checks for the pybind11 layer: dtype (TypeError),
// shape, contiguity and writeability (ValueError), each message naming the expected and the actual
// value. Arrays are taken with .noconvert(): nothing is copied or converted behind the caller's
// back.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace collide2d::python {

namespace py = pybind11;

enum class Dtype { f32, f64 };

inline std::string shape_string(const py::array& a) {
  std::string s = "(";
  for (py::ssize_t d = 0; d < a.ndim(); ++d) {
    if (d) s += ", ";
    s += std::to_string(a.shape(d));
  }
  if (a.ndim() == 1) s += ",";
  return s + ")";
}

inline std::string dtype_string(const py::array& a) {
  return py::str(static_cast<py::object>(a.dtype())).cast<std::string>();
}

inline Dtype float_dtype(const py::array& a, const char* name) {
  if (a.dtype().equal(py::dtype::of<float>())) return Dtype::f32;
  if (a.dtype().equal(py::dtype::of<double>())) return Dtype::f64;
  throw py::type_error(std::string(name) + " must have dtype float32 or float64, got " +
                       dtype_string(a) + " (arrays are not converted: pass " + name +
                       ".astype(numpy.float64))");
}

inline void check_contiguous(const py::array& a, const char* name) {
  if (!(a.flags() & py::detail::npy_api::NPY_ARRAY_C_CONTIGUOUS_) ||
      !(a.flags() & py::detail::npy_api::NPY_ARRAY_ALIGNED_)) {
    std::string strides = "(";
    for (py::ssize_t d = 0; d < a.ndim(); ++d) {
      if (d) strides += ", ";
      strides += std::to_string(a.strides(d));
    }
    throw py::value_error(std::string(name) +
                          " must be a C-contiguous, aligned array (numpy.ascontiguousarray(" +
                          name + ")), got strides " + strides + ")");
  }
}

// A 2-D float array with one of the allowed column counts.
struct Rows {
  const void* data;
  std::size_t rows;
  std::size_t cols;
  Dtype dtype;
};

inline Rows rows_of(const py::array& a, const char* name, std::vector<py::ssize_t> allowed_cols,
                    const char* expected) {
  const Dtype dtype = float_dtype(a, name);
  bool ok = a.ndim() == 2;
  if (ok) {
    ok = false;
    for (const py::ssize_t c : allowed_cols)
      ok = ok || a.shape(1) == c;
  }
  if (!ok) {
    throw py::value_error(std::string(name) + " must have shape " + expected + ", got shape " +
                          shape_string(a));
  }
  check_contiguous(a, name);
  return {a.data(), static_cast<std::size_t>(a.shape(0)), static_cast<std::size_t>(a.shape(1)),
          dtype};
}

inline void check_same_dtype(const py::array& a, const char* a_name, const py::array& b,
                             const char* b_name) {
  if (!a.dtype().equal(b.dtype())) {
    throw py::type_error(std::string(a_name) + " has dtype " + dtype_string(a) + " but " + b_name +
                         " has dtype " + dtype_string(b) + ": both must have the same dtype");
  }
}

// The output array: a new one, or `out` checked to be writeable, C-contiguous, of the dtype and
// shape the result needs.
// `zeroed` tells whether the array is known to be all zeros (a new one, from numpy.zeros: calloc,
// so pages the result never writes cost nothing).
template <class V>
py::array_t<V> output(const py::object& out, std::vector<py::ssize_t> shape,
                      bool* zeroed = nullptr) {
  if (zeroed) *zeroed = out.is_none();
  if (out.is_none()) {
    py::tuple dims(shape.size());
    for (std::size_t d = 0; d < shape.size(); ++d)
      dims[d] = py::int_(shape[d]);
    return py::module_::import("numpy").attr("zeros")(dims, py::dtype::of<V>());
  }
  if (!py::isinstance<py::array>(out)) {
    throw py::type_error("out must be a numpy.ndarray, got " +
                         py::str(out.get_type().attr("__name__")).cast<std::string>());
  }
  const py::array array = out.cast<py::array>();
  if (!array.dtype().equal(py::dtype::of<V>())) {
    throw py::type_error("out must have dtype " +
                         py::str(static_cast<py::object>(py::dtype::of<V>())).cast<std::string>() +
                         ", got " + dtype_string(array));
  }
  bool same = array.ndim() == static_cast<py::ssize_t>(shape.size());
  for (std::size_t d = 0; same && d < shape.size(); ++d)
    same = array.shape(static_cast<py::ssize_t>(d)) == shape[d];
  if (!same) {
    std::string expected = "(";
    for (std::size_t d = 0; d < shape.size(); ++d)
      expected += (d ? ", " : "") + std::to_string(shape[d]);
    if (shape.size() == 1) expected += ",";
    throw py::value_error("out must have shape " + expected + "), got shape " +
                          shape_string(array));
  }
  check_contiguous(array, "out");
  if (!array.writeable()) throw py::value_error("out is read-only: the result cannot be written");
  return py::reinterpret_borrow<py::array_t<V>>(array);
}

}  // namespace collide2d::python
