// Shared by the fuzz targets: shapes and rays read straight from the fuzzer's bytes.
//
// Coordinates are raw bit patterns, so every float the hardware has reaches the queries: NaN,
// infinities, denormals, -0, huge and tiny values. Shapes are filled as aggregates, not through the
// builders, so invalid shapes reach the hot queries too (whose contract is a defined answer, never
// undefined behaviour or a hang). Polygon vertex counts are any int, out-of-range ones included.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "collide2d/collide2d.hpp"

namespace collide2d::fuzz {

// Aborts with a message: libFuzzer records the input that got here as a crash.
[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "collide2d fuzz check failed: %s\n", what);
  std::abort();
}

#define COLLIDE2D_FUZZ_CHECK(condition)                    \
  do {                                                     \
    if (!(condition)) ::collide2d::fuzz::fail(#condition); \
  } while (false)

template <class T>
T read_scalar(FuzzedDataProvider& in) {
  // Mostly well-behaved values, so that the checks that need valid shapes run often; otherwise
  // raw bits, so that every special value appears.
  const std::uint8_t mode = in.ConsumeIntegral<std::uint8_t>();
  if (mode < 160) return static_cast<T>(in.ConsumeIntegralInRange<int>(-64, 64)) / T(8);
  if (mode < 224) return in.ConsumeFloatingPointInRange<T>(T(-1e3), T(1e3));
  unsigned char bytes[sizeof(T)] = {};
  const std::size_t got = in.ConsumeData(bytes, sizeof(T));
  (void)got;
  T value;
  std::memcpy(&value, bytes, sizeof(T));
  return value;
}

template <class T>
Vec2<T> read_vec(FuzzedDataProvider& in) {
  const T x = read_scalar<T>(in);
  return {x, read_scalar<T>(in)};
}

template <class T>
Rot<T> read_rotation(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0:
      return {T(0), T(1)};  // exact quarter turn
    case 1:
      return Rot<T>::from_angle(read_scalar<T>(in));
    case 2:
      return {read_scalar<T>(in), read_scalar<T>(in)};  // any pair, unit or not
    default:
      return Rot<T>::identity();
  }
}

template <class T>
ConvexPolygon<T> read_polygon(FuzzedDataProvider& in) {
  ConvexPolygon<T> polygon{};
  if (in.ConsumeBool()) {
    // Through the hull builder: a valid polygon when the points allow one.
    Vec2<T> points[12];
    const int n = in.ConsumeIntegralInRange<int>(0, 12);
    for (int i = 0; i < n; ++i)
      points[i] = read_vec<T>(in);
    if (auto hull = make_convex_hull(points, static_cast<std::size_t>(n))) return hull.value();
  }
  // Hand-filled, any count, any vertices and normals.
  polygon.count = in.ConsumeIntegralInRange<int>(-2, 12);
  for (int i = 0; i < max_polygon_vertices; ++i) {
    polygon.vertices[i] = read_vec<T>(in);
    polygon.normals[i] = read_vec<T>(in);
  }
  return polygon;
}

template <class T>
Shape<T> read_shape(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 6)) {
    case 0:
      return read_vec<T>(in);
    case 1:
      return Segment<T>{read_vec<T>(in), read_vec<T>(in)};
    case 2:
      return Circle<T>{read_vec<T>(in), read_scalar<T>(in)};
    case 3:
      return Capsule<T>{read_vec<T>(in), read_vec<T>(in), read_scalar<T>(in)};
    case 4:
      return Aabb<T>{read_vec<T>(in), read_vec<T>(in)};
    case 5:
      return Obb<T>{read_vec<T>(in), read_vec<T>(in), read_rotation<T>(in)};
    default:
      return read_polygon<T>(in);
  }
}

template <class T>
Ray<T> read_ray(FuzzedDataProvider& in) {
  Ray<T> ray{read_vec<T>(in), read_vec<T>(in)};
  if (in.ConsumeBool()) ray.max_t = read_scalar<T>(in);
  return ray;
}

// The largest |coordinate| or size in a shape: the checks that compare answers only run where
// squares cannot overflow and the tolerance band is meaningful.
template <class T>
T magnitude(const Shape<T>& shape) {
  const Aabb<T> box = bounding_box(shape);
  return std::max(
      {std::abs(box.min.x), std::abs(box.min.y), std::abs(box.max.x), std::abs(box.max.y)});
}

}  // namespace collide2d::fuzz
