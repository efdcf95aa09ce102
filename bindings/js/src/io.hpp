// The memory that index.mjs and the exported functions share, and how failures cross back.
//
// io: a fixed block of doubles that index.mjs writes query records into and reads results from
// (its layout is fixed by the offsets below, mirrored in index.mjs). Lists of ids or hits are
// returned in growable vectors that stay alive until the next call of the same kind; index.mjs
// copies them out at once.
//
// Failures: an exported function returns a negative value (or a null pointer) and keeps the
// message, which index.mjs reads with c2d_error_message and throws as a RangeError. No C++
// exception crosses into JavaScript (that would be an opaque wasm trap).
#pragma once

#include <cstdint>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "records.hpp"

namespace collide2d::js {

// Offsets into io, in doubles.
inline constexpr int io_shape_a = 0;
inline constexpr int io_shape_b = record_doubles;
inline constexpr int io_ray = 2 * record_doubles;
inline constexpr int io_result = 2 * record_doubles + 8;
inline constexpr int io_doubles = io_result + 2 * record_doubles;

double* io();
std::vector<std::uint32_t>& id_result();
std::vector<double>& double_result();
// Bytes for index.mjs to copy out (a saved scene); released by c2d_release_byte_result.
std::vector<std::uint8_t>& byte_result();

// count (x, y) pairs in the module's memory.
inline std::vector<Vec2<double>> read_points(const double* xy, int count) {
  std::vector<Vec2<double>> points(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i)
    points[static_cast<std::size_t>(i)] = {xy[2 * i], xy[2 * i + 1]};
  return points;
}

// What index.mjs keeps of a simple polygon it adopts (polygon_exports.cpp): io_result holds min x,
// min y, max x, max y, area, vertex count; double_result the vertices (x, y), counter-clockwise.
void describe_polygon(const Polygon<double>& polygon);

// Runs f, turning a C++ exception into `failed` and a kept message.
template <class F, class R>
R guarded(F&& f, R failed) {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    set_error("out of memory (the WebAssembly heap could not grow)");
  } catch (const std::exception& e) {
    set_error(e.what());
  } catch (...) {
    set_error("unknown failure");
  }
  return failed;
}

}  // namespace collide2d::js
