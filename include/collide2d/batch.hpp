// collide2d/batch.hpp - the same tests as overlaps() and raycast(), on many shapes at once.
//
// A batch stores shapes as a structure of arrays (one column per field), which is what SIMD lanes
// load. The kernels come in two forms:
//
//   one against many   overlaps(query, batch, result)        bit i: overlaps(query, batch[i])
//   pairwise list      overlaps(a, b, pairs, result)         bit k: overlaps(a[pairs[k].a],
//                                                                            b[pairs[k].b])
//   rays               raycast(ray, boxes, hits)             t_enter / t_exit of raycast(ray,
//                                                            box i), for every box or (with a
//                                                            vector of RayBatchHit) the hit ones
//                      raycast(rays, boxes, pairs, hits)
//
// for Obb/Obb, Circle/Obb, Aabb/Aabb, Aabb/Obb (either side the query) and Ray/Aabb, float and
// double. Every answer is bit for bit the answer of the scalar overlaps() and raycast(): the
// kernels do the same operations in the same order (no fused multiply-add, the same NaN, infinity
// and touching rules), on every instruction set. They are vectorised with Google Highway and
// dispatched at run time to the best instruction set of the CPU (AVX-512, AVX2, SSE4, NEON, or
// plain scalar code); batch_simd_target() names the one chosen.
//
// Threads: every kernel takes a thread count (0, the default, means
// std::thread::hardware_concurrency()). Work is split in fixed chunks of the output, so the result
// is the same for every thread count; the calling thread works too, and small inputs use one
// thread.
//
// Preconditions: as for the scalar queries, shapes should be valid (is_valid); invalid ones (NaN,
// negative extents) are stored as given and get the scalar function's defined, not meaningful,
// answer. Pair indices are checked: one out of range throws std::out_of_range before any work.
// A batch holds at most 2^32 - 1 shapes (push_back throws std::length_error beyond).
//
// Example:
//   collide2d::ObbBatch<float> boxes;
//   for (const auto& box : my_boxes) boxes.push_back(box);
//   collide2d::Bitmask hits;
//   collide2d::overlaps(query, boxes, hits);
//   for (std::uint32_t i : hits.indices()) { ... }
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {

// One bit per answer: answer i is bit i % 64 of words[i / 64]. Bits at and past `size` are zero.
struct Bitmask {
  std::vector<std::uint64_t> words;
  std::size_t size = 0;

  // Answer i; precondition i < size.
  bool operator[](std::size_t i) const { return (words[i / 64] >> (i % 64)) & 1u; }
  // Number of set bits.
  std::size_t count() const;
  // The positions of the set bits, increasing.
  std::vector<std::uint32_t> indices() const;
};

// Entry and exit of each ray cast. hit[i] as for Bitmask; where it is set, t_enter[i] and
// t_exit[i] are bit for bit the t_enter and t_exit of the scalar raycast; where it is not, both
// are NaN.
template <class T>
struct RayBatchHits {
  Bitmask hit;
  std::vector<T> t_enter;
  std::vector<T> t_exit;
};

// One box that a ray hits, for the hit-list form of raycast(ray, boxes, hits): its index in the
// batch, and t_enter / t_exit bit for bit those of the scalar raycast (ray parameters in units of
// the ray's direction, 0 <= t_enter <= t_exit <= max_t, in world coordinates like the boxes).
template <class T>
struct RayBatchHit {
  std::uint32_t index;
  T t_enter;
  T t_exit;
};

// A pair for the pairwise kernels: index a into the first batch, b into the second.
struct BatchPair {
  std::uint32_t a;
  std::uint32_t b;
};

namespace detail {

// Columns of `Fields` values, each padded with zeros to a multiple of `padding` entries, so that
// every SIMD load of a 64-shape block stays in bounds (64 covers every vector width up to 2048
// bits of float lanes).
template <class T, std::size_t Fields>
class Columns {
 public:
  static constexpr std::size_t padding = 64;

  void push_back(const std::array<T, Fields>& values) {
    if (size_ == std::numeric_limits<std::uint32_t>::max()) {
      throw std::length_error("collide2d batch: more than 2^32 - 1 shapes");
    }
    if (size_ % padding == 0) {
      for (std::vector<T>& column : columns_)
        column.resize(size_ + padding, T(0));
    }
    for (std::size_t f = 0; f < Fields; ++f)
      columns_[f][size_] = values[f];
    ++size_;
  }
  std::array<T, Fields> get(std::size_t i) const {
    std::array<T, Fields> values{};
    for (std::size_t f = 0; f < Fields; ++f)
      values[f] = columns_[f][i];
    return values;
  }
  void reserve(std::size_t n) {
    for (std::vector<T>& column : columns_)
      column.reserve((n + padding - 1) / padding * padding);
  }
  void clear() {
    for (std::vector<T>& column : columns_)
      column.clear();
    size_ = 0;
  }
  std::size_t size() const { return size_; }
  // Column f, padded with zeros to a multiple of `padding` entries.
  const T* column(std::size_t f) const { return columns_[f].data(); }

 private:
  std::array<std::vector<T>, Fields> columns_;
  std::size_t size_ = 0;
};

// The shared interface of the four batches; Layout converts a shape to and from its fields.
template <class T, class Layout, std::size_t Fields>
class Batch {
 public:
  using value_type = typename Layout::type;
  using scalar_type = T;

  void push_back(const value_type& shape) { columns_.push_back(Layout::fields(shape)); }
  // Shape i as stored; precondition i < size().
  value_type operator[](std::size_t i) const { return Layout::make(columns_.get(i)); }
  std::size_t size() const { return columns_.size(); }
  bool empty() const { return columns_.size() == 0; }
  void reserve(std::size_t n) { columns_.reserve(n); }
  void clear() { columns_.clear(); }
  const Columns<T, Fields>& columns() const { return columns_; }

 private:
  Columns<T, Fields> columns_;
};

template <class T>
struct ObbFields {
  using type = Obb<T>;
  static std::array<T, 6> fields(const Obb<T>& b) {
    return {b.center.x, b.center.y, b.half_extents.x, b.half_extents.y, b.rotation.c, b.rotation.s};
  }
  static Obb<T> make(const std::array<T, 6>& f) {
    return {{f[0], f[1]}, {f[2], f[3]}, {f[4], f[5]}};
  }
};
template <class T>
struct CircleFields {
  using type = Circle<T>;
  static std::array<T, 3> fields(const Circle<T>& c) { return {c.center.x, c.center.y, c.radius}; }
  static Circle<T> make(const std::array<T, 3>& f) { return {{f[0], f[1]}, f[2]}; }
};
template <class T>
struct AabbFields {
  using type = Aabb<T>;
  static std::array<T, 4> fields(const Aabb<T>& b) { return {b.min.x, b.min.y, b.max.x, b.max.y}; }
  static Aabb<T> make(const std::array<T, 4>& f) { return {{f[0], f[1]}, {f[2], f[3]}}; }
};
template <class T>
struct RayFields {
  using type = Ray<T>;
  static std::array<T, 5> fields(const Ray<T>& r) {
    return {r.origin.x, r.origin.y, r.direction.x, r.direction.y, r.max_t};
  }
  static Ray<T> make(const std::array<T, 5>& f) { return {{f[0], f[1]}, {f[2], f[3]}, f[4]}; }
};

}  // namespace detail

// Columns: center x, center y, half extent x, half extent y, rotation c, rotation s.
template <class T>
class ObbBatch : public detail::Batch<T, detail::ObbFields<T>, 6> {};
// Columns: center x, center y, radius.
template <class T>
class CircleBatch : public detail::Batch<T, detail::CircleFields<T>, 3> {};
// Columns: min x, min y, max x, max y.
template <class T>
class AabbBatch : public detail::Batch<T, detail::AabbFields<T>, 4> {};
// Columns: origin x, origin y, direction x, direction y, max_t.
template <class T>
class RayBatch : public detail::Batch<T, detail::RayFields<T>, 5> {};

// The instruction set the kernels dispatch to on this CPU, e.g. "AVX2" (Highway's name).
const char* batch_simd_target();
// The same for the kernels of one scalar type. They differ only in WebAssembly, where Highway has
// no double lanes: float kernels run on "WASM" (simd128) and double kernels on "EMU128".
template <class T>
const char* batch_simd_target();
template <>
const char* batch_simd_target<float>();
template <>
const char* batch_simd_target<double>();

// One query against every shape of a batch: result.size = batch.size().
template <class T>
void overlaps(const Obb<T>& query, const ObbBatch<T>& batch, Bitmask& result,
              unsigned thread_count = 0);
template <class T>
void overlaps(const Circle<T>& query, const ObbBatch<T>& batch, Bitmask& result,
              unsigned thread_count = 0);
template <class T>
void overlaps(const Aabb<T>& query, const AabbBatch<T>& batch, Bitmask& result,
              unsigned thread_count = 0);
template <class T>
void overlaps(const Aabb<T>& query, const ObbBatch<T>& batch, Bitmask& result,
              unsigned thread_count = 0);
template <class T>
void overlaps(const Obb<T>& query, const AabbBatch<T>& batch, Bitmask& result,
              unsigned thread_count = 0);

// Listed pairs: result.size = pairs.size(), bit k for pairs[k].
template <class T>
void overlaps(const ObbBatch<T>& a, const ObbBatch<T>& b, std::span<const BatchPair> pairs,
              Bitmask& result, unsigned thread_count = 0);
template <class T>
void overlaps(const CircleBatch<T>& a, const ObbBatch<T>& b, std::span<const BatchPair> pairs,
              Bitmask& result, unsigned thread_count = 0);
template <class T>
void overlaps(const AabbBatch<T>& a, const AabbBatch<T>& b, std::span<const BatchPair> pairs,
              Bitmask& result, unsigned thread_count = 0);
template <class T>
void overlaps(const AabbBatch<T>& a, const ObbBatch<T>& b, std::span<const BatchPair> pairs,
              Bitmask& result, unsigned thread_count = 0);

// One ray against every box, and listed (ray, box) pairs.
template <class T>
void raycast(const Ray<T>& ray, const AabbBatch<T>& boxes, RayBatchHits<T>& hits,
             unsigned thread_count = 0);
template <class T>
void raycast(const RayBatch<T>& rays, const AabbBatch<T>& boxes, std::span<const BatchPair> pairs,
             RayBatchHits<T>& hits, unsigned thread_count = 0);
// One ray against every box, listing only the boxes it hits, by increasing index (hits is
// replaced; a ray that meets no box, or a non-finite ray, leaves it empty). The same answers as
// the form above, with the same preconditions; for a ray that meets few of many boxes it is the
// faster one, since it reads each box once and writes only the hits (16 bytes of memory traffic
// per float box instead of 32).
template <class T>
void raycast(const Ray<T>& ray, const AabbBatch<T>& boxes, std::vector<RayBatchHit<T>>& hits,
             unsigned thread_count = 0);

}  // namespace collide2d
