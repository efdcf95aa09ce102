// bindings/python/src/core.hpp - the binding-independent layer of the Python module.
//
// Everything the module computes is here, on plain pointers into C-contiguous row-major arrays,
// with no pybind11 (or Python) type: module.cpp only checks and converts the arrays, releases the
// GIL and calls these functions. A move to nanobind (or any other binding library) rewrites
// module.cpp, shapes.cpp, scene.cpp and arrays.hpp only.
//
// Input rows, one shape per row:
//   boxes    (cx, cy, w, h, angle)  full width and height; angle counter-clockwise, y up, in
//                                   radians, or degrees with `degrees` (then exact multiples of 90
//                                   give exact quarter-turn rotations, as Rot{0, 1} does); or in
//                                   another BoxConvention (box_formats.hpp), mirrored and turned
//                                   into that frame exactly
//   circles  (cx, cy, r)
//   rays     (ox, oy, dx, dy[, max_t])  max_t = infinity when absent
// Every row is checked by the library's rules before any work (rows of plain numbers directly,
// any other through the builders): a bad row (NaN, infinity, subnormal, negative size, a zero ray
// direction) throws InputError naming the array, the row and the value.
//
// Threads: work is split in fixed chunks of the output, each computed independently, so the answer
// is the same for every thread count; the calling thread works too.
//
// Pairs and zero: iou and intersection area of a pair that does not overlap (overlaps() false) are
// 0 exactly, in the batch functions and the single-shape ones alike; overlapping pairs get the
// library's iou / intersection_area. The batch IoU uses the SIMD overlap kernels as a prefilter.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "collide2d/area.hpp"
#include "collide2d/batch.hpp"
#include "collide2d/box_formats.hpp"
#include "collide2d/builders.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/raycast.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::python {

// Bad input values (ValueError in Python).
class InputError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

enum class Kind { box, circle };

inline const char* kind_name(Kind kind) {
  return kind == Kind::box ? "box" : "circle";
}

// ---------------------------------------------------------------------------------------------
// Threads

// threads <= 0 from Python means "all cores" (0) or is an error (< 0, checked by the caller).
inline unsigned resolve_threads(long long threads) {
  if (threads < 0) {
    throw InputError("threads is " + std::to_string(threads) + ", must be >= 0 (0: all cores)");
  }
  if (threads == 0) return std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(std::min<long long>(threads, 1024));
}

// Calls f(begin, end) for consecutive chunks of [0, n) of `chunk` items, on up to `threads`
// threads (the caller's included). The chunks do not depend on the thread count. An exception
// thrown by f stops the other workers at their next chunk and is rethrown here.
template <class F>
void parallel_chunks(std::size_t n, std::size_t chunk, unsigned threads, F&& f) {
  if (n == 0) return;
  chunk = std::max<std::size_t>(chunk, 1);
  const std::size_t chunks = (n + chunk - 1) / chunk;
  const unsigned workers = static_cast<unsigned>(std::min<std::size_t>(threads, chunks));
  if (workers <= 1) {
    for (std::size_t c = 0; c < chunks; ++c)
      f(c * chunk, std::min(n, (c + 1) * chunk));
    return;
  }
  std::atomic<std::size_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&] {
    try {
      for (;;) {
        const std::size_t c = next.fetch_add(1, std::memory_order_relaxed);
        if (c >= chunks) break;
        f(c * chunk, std::min(n, (c + 1) * chunk));
      }
    } catch (...) {
      const std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
      next.store(chunks, std::memory_order_relaxed);
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(workers - 1);
  try {
    for (unsigned i = 1; i < workers; ++i)
      pool.emplace_back(work);
  } catch (...) {
    // Could not start a thread: the ones started and this one finish the work.
  }
  work();
  for (std::thread& t : pool)
    t.join();
  if (error) std::rethrow_exception(error);
}

// Items per chunk so that a chunk is worth a thread hand-off: about `target` units of work.
inline std::size_t chunk_for(std::size_t cost_per_item, std::size_t target = 1u << 15) {
  return std::max<std::size_t>(1, target / std::max<std::size_t>(cost_per_item, 1));
}

// ---------------------------------------------------------------------------------------------
// Building shapes from rows

// Zero or a normal number: finite and not subnormal, what the builders accept for a coordinate.
template <class T>
bool plain(T v) {
  return v == T(0) || std::isnormal(v);
}

// The library's own convention (y up, counter-clockwise), in radians or degrees.
inline BoxConvention library_convention(bool degrees) {
  return degrees ? conventions::collide2d_degrees : conventions::collide2d;
}

// A box from (cx, cy, w, h, angle) in `convention`, as make_obb_from builds it: y negated for
// y_down and the angle for cw (both exact), then the rotation of rotation_of (degrees: exact
// quarter turns for multiples of 90). Rows whose values are all plain (zero or normal) with
// w, h >= 0 are valid for the builder, and are built here directly: the builder's error strings
// cost more than the box (60 ns a row). Any other row goes through the builders, which name the
// bad value (as given: in y_up through make_obb, whose messages the README quotes; in y_down
// through make_obb_from, before the mirror). tests/test_shapes.py checks both paths give the same
// box.
template <class T>
Built<Obb<T>> make_box(T cx, T cy, T w, T h, T angle, BoxConvention convention) {
  const T y = convention.frame == Frame::y_down ? -cy : cy;
  const T ccw = convention.winding == Winding::cw ? -angle : angle;
  if (plain(cx) && plain(cy) && plain(w) && plain(h) && plain(angle) && w >= T(0) && h >= T(0)) {
    return Obb<T>{{cx, y}, {w / T(2), h / T(2)}, rotation_of(ccw, convention.unit)};
  }
  if (convention.frame == Frame::y_down) return make_obb_from(cx, cy, w, h, angle, convention);
  if (!std::isfinite(angle)) return make_obb<T>({cx, cy}, w, h, angle);  // names the angle
  return make_obb<T>({cx, cy}, w, h, rotation_of(ccw, convention.unit));
}

template <class T>
Built<Obb<T>> make_box(T cx, T cy, T w, T h, T angle, bool degrees) {
  return make_box(cx, cy, w, h, angle, library_convention(degrees));
}

template <class T>
std::string format_value(T v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buffer[64];  // the shortest string that reads back to v, as Python's repr
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, v);
  return std::string(buffer, result.ptr);
}

template <class T>
std::string format_row(const T* row, std::size_t cols) {
  std::string s = "(";
  for (std::size_t c = 0; c < cols; ++c) {
    if (c) s += ", ";
    s += format_value(row[c]);
  }
  return s + ")";
}

// A row of boxes or circles read into the library's shapes (checked).
template <class T>
struct ShapeSet {
  Kind kind = Kind::box;
  std::vector<Obb<T>> boxes;
  std::vector<Circle<T>> circles;
  std::size_t size() const { return kind == Kind::box ? boxes.size() : circles.size(); }
};

struct RowError {
  std::size_t row = std::numeric_limits<std::size_t>::max();
  std::string message;
};

// Builds one shape per row, in parallel; the first bad row (lowest index) is reported.
template <class T, class Out, class Make>
void build_rows(const T* data, std::size_t rows, std::size_t cols, const char* name,
                const char* layout, unsigned threads, std::vector<Out>& out, Make make) {
  out.resize(rows);
  RowError first;
  std::mutex mutex;
  parallel_chunks(rows, 2048, threads, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      const T* row = data + i * cols;
      auto built = make(row);
      if (!built) {
        const std::lock_guard<std::mutex> lock(mutex);
        if (i < first.row) {
          first.row = i;
          first.message = std::string(name) + "[" + std::to_string(i) +
                          "] = " + format_row(row, cols) + " " + layout + ": " + built.error();
        }
        return;
      }
      out[i] = built.value();
    }
  });
  if (first.row != std::numeric_limits<std::size_t>::max()) throw InputError(first.message);
}

// Rows of (cx, cy, w, h, angle) (cols == 5) or (cx, cy, r) (cols == 3), in `convention`.
template <class T>
ShapeSet<T> read_shapes(const T* data, std::size_t rows, std::size_t cols, BoxConvention convention,
                        const char* name, unsigned threads) {
  ShapeSet<T> set;
  if (cols == 5) {
    set.kind = Kind::box;
    build_rows(
        data, rows, cols, name, "(cx, cy, w, h, angle)", threads, set.boxes,
        [convention](const T* r) { return make_box(r[0], r[1], r[2], r[3], r[4], convention); });
  } else if (cols == 3) {
    set.kind = Kind::circle;
    // A circle is its own mirror image: only its centre moves for y_down.
    const bool mirror = convention.frame == Frame::y_down;
    build_rows(data, rows, cols, name, "(cx, cy, r)", threads, set.circles, [mirror](const T* r) {
      return make_circle<T>({r[0], mirror ? -r[1] : r[1]}, r[2]);
    });
  } else {
    throw InputError(std::string(name) + " must have 5 columns (boxes) or 3 (circles), got " +
                     std::to_string(cols));
  }
  return set;
}

template <class T>
ShapeSet<T> read_shapes(const T* data, std::size_t rows, std::size_t cols, bool degrees,
                        const char* name, unsigned threads) {
  return read_shapes(data, rows, cols, library_convention(degrees), name, threads);
}

template <class T>
Built<Ray<T>> make_checked_ray(T ox, T oy, T dx, T dy, T max_t) {
  const Ray<T> ray{{ox, oy}, {dx, dy}, max_t};
  std::string error = validation_error(ray);
  if (!error.empty()) return Built<Ray<T>>::failure(std::move(error));
  return ray;
}

// Rows of (ox, oy, dx, dy) or (ox, oy, dx, dy, max_t).
template <class T>
std::vector<Ray<T>> read_rays(const T* data, std::size_t rows, std::size_t cols, const char* name,
                              unsigned threads) {
  if (cols != 4 && cols != 5) {
    throw InputError(std::string(name) +
                     " must have 4 columns (ox, oy, dx, dy) or 5 (with max_t), got " +
                     std::to_string(cols));
  }
  std::vector<Ray<T>> rays;
  build_rows(data, rows, cols, name, cols == 4 ? "(ox, oy, dx, dy)" : "(ox, oy, dx, dy, max_t)",
             threads, rays, [cols](const T* r) {
               return make_checked_ray(r[0], r[1], r[2], r[3],
                                       cols == 5 ? r[4] : std::numeric_limits<T>::infinity());
             });
  return rays;
}

// ---------------------------------------------------------------------------------------------
// Pair queries

// iou and intersection area with the zero rule above.
template <class A, class B>
auto pair_iou(const A& a, const B& b) {
  using T = scalar_of<A>;
  return overlaps(a, b) ? iou(a, b) : T(0);
}
template <class A, class B>
auto pair_intersection_area(const A& a, const B& b) {
  using T = scalar_of<A>;
  return overlaps(a, b) ? intersection_area(a, b) : T(0);
}

// Calls f(a_shape, b_shape) with the two shapes of kinds (a.kind, b.kind) at i and j.
template <class T, class F>
auto visit_pair(const ShapeSet<T>& a, std::size_t i, const ShapeSet<T>& b, std::size_t j, F&& f) {
  if (a.kind == Kind::box) {
    return b.kind == Kind::box ? f(a.boxes[i], b.boxes[j]) : f(a.boxes[i], b.circles[j]);
  }
  return b.kind == Kind::box ? f(a.circles[i], b.boxes[j]) : f(a.circles[i], b.circles[j]);
}

template <class T, class F>
auto visit_one(const ShapeSet<T>& a, std::size_t i, F&& f) {
  return a.kind == Kind::box ? f(a.boxes[i]) : f(a.circles[i]);
}

// The bounding box of a shape, enlarged by 64 ulps of its largest coordinate: rounding in the
// box or in the exact test can then never make a pair the exact test calls overlapping (touching
// included) look apart here. The same margin rule as Scene's index.
template <class T>
struct Bounds {
  T x0, y0, x1, y1;
};

template <class S>
Bounds<scalar_of<S>> padded_bounds(const S& shape) {
  using T = scalar_of<S>;
  const Aabb<T> box = bounding_box(shape);
  const T scale = std::max({std::abs(box.min.x), std::abs(box.min.y), std::abs(box.max.x),
                            std::abs(box.max.y), std::numeric_limits<T>::min()});
  const T pad = scale * (T(64) * std::numeric_limits<T>::epsilon());
  return {box.min.x - pad, box.min.y - pad, box.max.x + pad, box.max.y + pad};
}

// The shapes of b sorted by the left side of their padded bounds: the candidates for a query box
// are a binary-searched run of them, kept when their bounds overlap the query's (sort and sweep).
template <class T>
class Sweep {
 public:
  explicit Sweep(const ShapeSet<T>& b) {
    const std::size_t m = b.size();
    std::vector<Bounds<T>> bounds(m);
    for (std::size_t j = 0; j < m; ++j)
      bounds[j] = visit_one(b, j, [](const auto& s) { return padded_bounds(s); });
    std::vector<std::uint32_t> order(m);
    for (std::size_t j = 0; j < m; ++j)
      order[j] = static_cast<std::uint32_t>(j);
    std::sort(order.begin(), order.end(), [&bounds](std::uint32_t p, std::uint32_t q) {
      return bounds[p].x0 < bounds[q].x0 || (bounds[p].x0 == bounds[q].x0 && p < q);
    });
    x0_.resize(m);
    rest_.resize(m);
    for (std::size_t k = 0; k < m; ++k) {
      const Bounds<T>& box = bounds[order[k]];
      x0_[k] = box.x0;
      rest_[k] = {box.x1, box.y0, box.y1, order[k]};
      max_width_ = std::max(max_width_, box.x1 - box.x0);
    }
  }

  // The run of sorted positions that may overlap `box` (a superset: f filters further).
  std::pair<std::size_t, std::size_t> run(const Bounds<T>& box) const {
    // Bounds with x0 < box.x0 - max_width end before box.x0; the margin covers the rounding of
    // the subtraction.
    const T from = box.x0 - max_width_ - (std::abs(box.x0) + max_width_) * T(1e-5);
    const auto lo = std::lower_bound(x0_.begin(), x0_.end(), from) - x0_.begin();
    const auto hi = std::upper_bound(x0_.begin(), x0_.end(), box.x1) - x0_.begin();
    return {static_cast<std::size_t>(lo), static_cast<std::size_t>(std::max(lo, hi))};
  }

  // Calls f(j) for every shape j of b whose bounds overlap `box`, in the run's order.
  template <class F>
  void candidates(const Bounds<T>& box, std::pair<std::size_t, std::size_t> range, F&& f) const {
    for (std::size_t k = range.first; k < range.second; ++k) {
      const Rest& r = rest_[k];
      if (r.x1 >= box.x0 && r.y0 <= box.y1 && r.y1 >= box.y0) f(static_cast<std::size_t>(r.index));
    }
  }

 private:
  struct Rest {
    T x1, y0, y1;
    std::uint32_t index;
  };
  std::vector<T> x0_;
  std::vector<Rest> rest_;
  T max_width_ = T(0);
};

// Boxes of b packed in blocks of 64 that lie close together (sort-tile-recursive: sorted by x
// into vertical slices, each slice sorted by y), each block an ObbBatch for the SIMD kernels, with
// the union of its members' padded bounds. A query runs the kernel on the blocks whose bounds
// overlap its own, and skips the others: their boxes are all apart from it.
template <class T>
class BlockIndex {
 public:
  static constexpr std::size_t block_size = 64;

  explicit BlockIndex(const std::vector<Obb<T>>& boxes) {
    const std::size_t m = boxes.size();
    std::vector<Bounds<T>> bounds(m);
    for (std::size_t j = 0; j < m; ++j)
      bounds[j] = padded_bounds(boxes[j]);
    std::vector<std::uint32_t> order(m);
    for (std::size_t j = 0; j < m; ++j)
      order[j] = static_cast<std::uint32_t>(j);
    const auto centre_x = [&bounds](std::uint32_t j) { return bounds[j].x0 + bounds[j].x1; };
    const auto centre_y = [&bounds](std::uint32_t j) { return bounds[j].y0 + bounds[j].y1; };
    std::sort(order.begin(), order.end(), [&](std::uint32_t p, std::uint32_t q) {
      return centre_x(p) < centre_x(q) || (centre_x(p) == centre_x(q) && p < q);
    });
    const std::size_t blocks = (m + block_size - 1) / block_size;
    const auto slices = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(blocks))));
    const std::size_t slice_items = ((blocks + slices - 1) / slices) * block_size;
    for (std::size_t start = 0; start < m; start += slice_items) {
      const auto first = order.begin() + static_cast<std::ptrdiff_t>(start);
      const auto last =
          order.begin() + static_cast<std::ptrdiff_t>(std::min(m, start + slice_items));
      std::sort(first, last, [&](std::uint32_t p, std::uint32_t q) {
        return centre_y(p) < centre_y(q) || (centre_y(p) == centre_y(q) && p < q);
      });
    }
    // Blocks never straddle two slices.
    for (std::size_t start = 0; start < m; start += slice_items) {
      const std::size_t slice_end = std::min(m, start + slice_items);
      for (std::size_t b0 = start; b0 < slice_end; b0 += block_size) {
        Block block;
        const std::size_t b1 = std::min(slice_end, b0 + block_size);
        block.bounds = bounds[order[b0]];
        for (std::size_t k = b0; k < b1; ++k) {
          const Bounds<T>& r = bounds[order[k]];
          block.bounds = {std::min(block.bounds.x0, r.x0), std::min(block.bounds.y0, r.y0),
                          std::max(block.bounds.x1, r.x1), std::max(block.bounds.y1, r.y1)};
          block.batch.push_back(boxes[order[k]]);
          block.index.push_back(order[k]);
        }
        blocks_.push_back(std::move(block));
      }
    }
  }

  // Calls hit(j) for every box j that overlaps `query` (an Obb or a Circle), whose padded bounds
  // are `box`.
  template <class Query, class F>
  void query(const Query& query, const Bounds<T>& box, Bitmask& bits, F&& hit) const {
    for (const Block& block : blocks_) {
      const Bounds<T>& r = block.bounds;
      if (r.x1 < box.x0 || r.x0 > box.x1 || r.y1 < box.y0 || r.y0 > box.y1) continue;
      overlaps(query, block.batch, bits, 1);
      for (std::size_t w = 0; w < bits.words.size(); ++w) {
        std::uint64_t word = bits.words[w];
        while (word) {
          hit(static_cast<std::size_t>(
              block.index[w * 64 + static_cast<std::size_t>(__builtin_ctzll(word))]));
          word &= word - 1;
        }
      }
    }
  }

 private:
  struct Block {
    Bounds<T> bounds;
    ObbBatch<T> batch;
    std::vector<std::uint32_t> index;
  };
  std::vector<Block> blocks_;
};

// Row i of a against every shape of b. Boxes of b: the SIMD kernels (box and circle queries
// against boxes) on the blocks of a BlockIndex near the query. Circles of b: the sort and sweep
// and the scalar test on the candidates. Both give the scalar test's answer for every pair: the
// kernels answer bit for bit as the scalar test does, and only pairs whose padded bounds are
// apart are skipped.
template <class T>
class RowOverlaps {
 public:
  RowOverlaps(const ShapeSet<T>& a, const ShapeSet<T>& b) : a_(a), b_(b) {
    if (b.kind == Kind::box) {
      blocks_.emplace(b.boxes);
    } else {
      sweep_.emplace(b);
    }
  }

  // Calls hit(j) for every j with overlaps(a[i], b[j]), in no particular order.
  template <class F>
  void row(std::size_t i, Bitmask& bits, F&& hit) const {
    const Bounds<T> box = visit_one(a_, i, [](const auto& s) { return padded_bounds(s); });
    if (blocks_) {
      if (a_.kind == Kind::box) {
        blocks_->query(a_.boxes[i], box, bits, hit);
      } else {
        blocks_->query(a_.circles[i], box, bits, hit);
      }
      return;
    }
    sweep_->candidates(box, sweep_->run(box), [&](std::size_t j) {
      if (visit_pair(a_, i, b_, j, [](const auto& x, const auto& y) { return overlaps(x, y); })) {
        hit(j);
      }
    });
  }

 private:
  const ShapeSet<T>& a_;
  const ShapeSet<T>& b_;
  std::optional<BlockIndex<T>> blocks_;
  std::optional<Sweep<T>> sweep_;
};

// Rows of a matrix per chunk: about 2^20 entries, so that a thread is only started for a result
// of a few megabytes or more (below that, starting it and the page faults it takes in parallel
// cost more than it saves: measured on 1,000 x 1,000 and 10,000 x 1,000 boxes).
inline std::size_t matrix_rows_per_chunk(std::size_t m) {
  return std::max<std::size_t>(1, (std::size_t(1) << 20) / std::max<std::size_t>(m, 1));
}

// out: n x m bytes, 1 where a[i] and b[j] overlap. zeroed: out is already all zeros (a fresh
// calloc'ed array, whose untouched pages the kernel zeroes lazily).
template <class T>
void overlap_matrix(const ShapeSet<T>& a, const ShapeSet<T>& b, std::uint8_t* out, bool zeroed,
                    unsigned threads) {
  const std::size_t n = a.size();
  const std::size_t m = b.size();
  if (n == 0 || m == 0) return;
  const RowOverlaps<T> rows(a, b);
  parallel_chunks(n, matrix_rows_per_chunk(m), threads, [&](std::size_t begin, std::size_t end) {
    Bitmask bits;
    for (std::size_t i = begin; i < end; ++i) {
      std::uint8_t* o = out + i * m;
      if (!zeroed) std::fill(o, o + m, std::uint8_t(0));
      rows.row(i, bits, [o](std::size_t j) { o[j] = 1; });
    }
  });
}

// out: n x m values, pair_iou(a[i], b[j]) (intersection area with `area`).
template <class T>
void iou_matrix(const ShapeSet<T>& a, const ShapeSet<T>& b, T* out, bool area, bool zeroed,
                unsigned threads) {
  const std::size_t n = a.size();
  const std::size_t m = b.size();
  if (n == 0 || m == 0) return;
  const RowOverlaps<T> rows(a, b);
  parallel_chunks(n, matrix_rows_per_chunk(m), threads, [&](std::size_t begin, std::size_t end) {
    Bitmask bits;
    for (std::size_t i = begin; i < end; ++i) {
      T* o = out + i * m;
      if (!zeroed) std::fill(o, o + m, T(0));
      rows.row(i, bits, [&](std::size_t j) {
        o[j] = visit_pair(a, i, b, j, [area](const auto& x, const auto& y) {
          return area ? intersection_area(x, y) : iou(x, y);
        });
      });
    }
  });
}

// out: n bytes, 1 where a[i] and b[i] overlap.
template <class T>
void overlaps_aligned(const ShapeSet<T>& a, const ShapeSet<T>& b, std::uint8_t* out,
                      unsigned threads) {
  parallel_chunks(a.size(), 1u << 13, threads, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      out[i] = visit_pair(a, i, b, i, [](const auto& x, const auto& y) {
        return static_cast<std::uint8_t>(overlaps(x, y));
      });
    }
  });
}

// out: n values, pair_iou(a[i], b[i]) (intersection area with `area`).
template <class T>
void iou_aligned(const ShapeSet<T>& a, const ShapeSet<T>& b, T* out, bool area, unsigned threads) {
  parallel_chunks(a.size(), 1u << 11, threads, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      out[i] = visit_pair(a, i, b, i, [area](const auto& x, const auto& y) {
        return area ? pair_intersection_area(x, y) : pair_iou(x, y);
      });
    }
  });
}

// The generalised IoUs of area.hpp on box pairs, every pair computed (they are not 0 for boxes
// apart, so no overlap prefilter applies).
enum class Similarity { giou, diou, ciou };

template <class T>
T box_similarity(const Obb<T>& a, const Obb<T>& b, Similarity s) {
  switch (s) {
    case Similarity::giou:
      return giou(a, b);
    case Similarity::diou:
      return diou(a, b);
    case Similarity::ciou:
      break;
  }
  return ciou(a, b);
}

// out: n x m values, box_similarity(a[i], b[j]).
template <class T>
void similarity_matrix(const std::vector<Obb<T>>& a, const std::vector<Obb<T>>& b, T* out,
                       Similarity s, unsigned threads) {
  const std::size_t m = b.size();
  parallel_chunks(a.size() * m, 1u << 11, threads, [&](std::size_t begin, std::size_t end) {
    for (std::size_t k = begin; k < end; ++k)
      out[k] = box_similarity(a[k / m], b[k % m], s);
  });
}

// out: n values, box_similarity(a[i], b[i]).
template <class T>
void similarity_aligned(const std::vector<Obb<T>>& a, const std::vector<Obb<T>>& b, T* out,
                        Similarity s, unsigned threads) {
  parallel_chunks(a.size(), 1u << 11, threads, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i)
      out[i] = box_similarity(a[i], b[i], s);
  });
}

// Rows of 8 corner coordinates (in convention.frame) to rows of (cx, cy, w, h, angle) in
// `convention`: make_obb_from_quad, then to_cxcywha. A row that is not a rectangle within
// tolerance (or not finite, or without area) throws InputError naming it.
template <class T>
void boxes_from_quads(const T* quads, std::size_t rows, BoxConvention convention, T tolerance,
                      T* out, unsigned threads) {
  std::vector<Obb<T>> boxes;
  build_rows(quads, rows, 8, "quads", "(x1, y1, x2, y2, x3, y3, x4, y4)", threads, boxes,
             [&](const T* r) { return make_obb_from_quad(r, convention.frame, tolerance); });
  for (std::size_t i = 0; i < rows; ++i) {
    const Cxcywha<T> n = to_cxcywha(boxes[i], convention);
    T* o = out + 5 * i;
    o[0] = n.cx;
    o[1] = n.cy;
    o[2] = n.w;
    o[3] = n.h;
    o[4] = n.angle;
  }
}

// Boxes to rows of 8 corner coordinates in convention.frame, listed in convention.winding from
// the corner where the width axis starts (to_quad).
template <class T>
void quads_from_boxes(const std::vector<Obb<T>>& boxes, BoxConvention convention, T* out) {
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const std::array<T, 8> q = to_quad(boxes[i], convention.frame, convention.winding);
    std::copy(q.begin(), q.end(), out + 8 * i);
  }
}

// out: n x p bytes, 1 where shape i contains point j (boundary included: overlaps(point, shape)).
// Point j is (x[j * x_stride], y[j * y_stride]); the points are checked to be finite first.
template <class T>
void contains_points(const ShapeSet<T>& shapes, const T* x, std::size_t x_stride, const T* y,
                     std::size_t y_stride, std::size_t p, std::uint8_t* out, unsigned threads) {
  for (std::size_t j = 0; j < p; ++j) {
    const T px = x[j * x_stride];
    const T py = y[j * y_stride];
    if (!std::isfinite(px) || !std::isfinite(py)) {
      throw InputError("points[" + std::to_string(j) + "] = (" + format_value(px) + ", " +
                       format_value(py) + "): a point must be finite");
    }
  }
  const std::size_t n = shapes.size();
  parallel_chunks(n * p, 1u << 14, threads, [&](std::size_t begin, std::size_t end) {
    for (std::size_t k = begin; k < end; ++k) {
      const std::size_t i = k / p;
      const std::size_t j = k % p;
      const Point<T> point{x[j * x_stride], y[j * y_stride]};
      out[k] = visit_one(shapes, i, [&point](const auto& s) {
        return static_cast<std::uint8_t>(overlaps(point, s));
      });
    }
  });
}

// hit, t_enter, t_exit: r x n; t_enter = t_exit = NaN where the ray misses.
template <class T>
void raycast_matrix(const std::vector<Ray<T>>& rays, const ShapeSet<T>& shapes, std::uint8_t* hit,
                    T* t_enter, T* t_exit, unsigned threads) {
  const std::size_t n = shapes.size();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  parallel_chunks(rays.size() * n, 1u << 12, threads, [&](std::size_t begin, std::size_t end) {
    for (std::size_t k = begin; k < end; ++k) {
      const Ray<T>& ray = rays[k / n];
      const auto h = visit_one(shapes, k % n, [&ray](const auto& s) { return raycast(ray, s); });
      hit[k] = h ? 1 : 0;
      t_enter[k] = h ? h->t_enter : nan;
      t_exit[k] = h ? h->t_exit : nan;
    }
  });
}

}  // namespace collide2d::python
