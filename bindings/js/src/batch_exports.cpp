// Typed-array batches: one crossing into WebAssembly per batch. Rows of (cx, cy, width, height,
// angle) are built with make_obb (a bad row fails the whole call, naming the row), then answered by
// the SIMD batch kernels (overlaps) or pair by pair (iou, giou, diou, ciou).
#include <emscripten/emscripten.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <variant>

#include "io.hpp"

using namespace collide2d;
using namespace collide2d::js;

namespace {

Obb<double> row_box(const void* rows, int is_float, int i) {
  double v[5];
  for (int k = 0; k < 5; ++k)
    v[k] = is_float ? static_cast<double>(static_cast<const float*>(rows)[5 * i + k])
                    : static_cast<const double*>(rows)[5 * i + k];
  const auto built = make_obb<double>({v[0], v[1]}, v[2], v[3], v[4]);
  if (!built) throw InvalidShape("row " + std::to_string(i) + ": " + built.error());
  return built.value();
}

}  // namespace

extern "C" {

// Boxes prepared once (BoxBatch in index.mjs) for many one-against-many tests: their columns for
// the SIMD kernels, and the answer buffers, reused by every query.
struct PreparedBoxes {
  ObbBatch<double> boxes;
  Bitmask hits;
  std::vector<std::uint8_t> answers;
};

// Null (and the message naming the row) when a row is not a valid box.
EMSCRIPTEN_KEEPALIVE PreparedBoxes* c2d_box_batch_new(const void* rows, int count, int is_float) {
  return guarded(
      [&] {
        auto prepared = std::make_unique<PreparedBoxes>();
        prepared->boxes.reserve(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i)
          prepared->boxes.push_back(row_box(rows, is_float, i));
        prepared->answers.resize(static_cast<std::size_t>(count));
        return prepared.release();
      },
      static_cast<PreparedBoxes*>(nullptr));
}
EMSCRIPTEN_KEEPALIVE void c2d_box_batch_delete(PreparedBoxes* prepared) {
  delete prepared;
}

// The query (obb, aabb or circle) in io_shape_a against every box; one byte a box (1 overlaps),
// returned as a pointer to the batch's answer buffer, null on failure.
EMSCRIPTEN_KEEPALIVE const std::uint8_t* c2d_box_batch_overlaps(PreparedBoxes* prepared) {
  return guarded(
      [&]() -> const std::uint8_t* {
        const Shape2 query = read_shape(io() + io_shape_a);
        if (const auto* obb = std::get_if<Obb<double>>(&query)) {
          overlaps(*obb, prepared->boxes, prepared->hits, 1);
        } else if (const auto* circle = std::get_if<Circle<double>>(&query)) {
          overlaps(*circle, prepared->boxes, prepared->hits, 1);
        } else if (const auto* aabb = std::get_if<Aabb<double>>(&query)) {
          overlaps(*aabb, prepared->boxes, prepared->hits, 1);
        } else {
          throw std::invalid_argument("one-against-many overlap takes an obb, an aabb or a circle");
        }
        std::uint8_t* out = prepared->answers.data();
        for (std::size_t i = 0; i < prepared->answers.size(); ++i)
          out[i] = prepared->hits[i] ? 1 : 0;
        return out;
      },
      static_cast<const std::uint8_t*>(nullptr));
}

// out[i * count_b + j] = measure(a[i], b[j]): 0 iou, 1 giou, 2 diou, 3 ciou (area.hpp).
EMSCRIPTEN_KEEPALIVE int c2d_box_measure_matrix(const void* rows_a, int count_a, const void* rows_b,
                                                int count_b, int is_float, int measure,
                                                double* out) {
  return guarded(
      [&] {
        std::vector<Obb<double>> a(static_cast<std::size_t>(count_a));
        std::vector<Obb<double>> b(static_cast<std::size_t>(count_b));
        for (int i = 0; i < count_a; ++i)
          a[i] = row_box(rows_a, is_float, i);
        for (int j = 0; j < count_b; ++j)
          b[j] = row_box(rows_b, is_float, j);
        using Measure = double (*)(const Obb<double>&, const Obb<double>&);
        static constexpr Measure measures[] = {
            &iou<Obb<double>, Obb<double>>, &giou<Obb<double>, Obb<double>>,
            &diou<Obb<double>, Obb<double>>, &ciou<Obb<double>, Obb<double>>};
        if (measure < 0 || measure > 3) throw std::invalid_argument("unknown box measure");
        const Measure f = measures[measure];
        for (int i = 0; i < count_a; ++i)
          for (int j = 0; j < count_b; ++j)
            out[static_cast<std::size_t>(i) * count_b + j] = f(a[i], b[j]);
        return 0;
      },
      -1);
}

EMSCRIPTEN_KEEPALIVE const char* c2d_simd_target() {
  return batch_simd_target<double>();
}
EMSCRIPTEN_KEEPALIVE const char* c2d_version() {
  return "0.1.0";
}

}  // extern "C"
