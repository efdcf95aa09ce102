// The public batch functions: check the input, size the output, split the words of the output
// over threads and hand each part to the dispatched SIMD kernel (simd_kernels.cpp).
#include <bit>
#include <string>

#include "batch/kernel_call.hpp"
#include "collide2d/batch.hpp"
#include "detail/parallel.hpp"

namespace collide2d {

std::size_t Bitmask::count() const {
  std::size_t total = 0;
  for (const std::uint64_t word : words)
    total += static_cast<std::size_t>(std::popcount(word));
  return total;
}

std::vector<std::uint32_t> Bitmask::indices() const {
  std::vector<std::uint32_t> result;
  result.reserve(count());
  for (std::size_t w = 0; w < words.size(); ++w) {
    for (std::uint64_t word = words[w]; word != 0; word &= word - 1) {
      result.push_back(static_cast<std::uint32_t>(w * 64 + std::countr_zero(word)));
    }
  }
  return result;
}

namespace {

using detail::KernelCall;
using detail::KernelKind;

// 16384 answers per chunk: a thread start (tens of microseconds) is small against the work of a
// chunk, and a million shapes still make 62 chunks to balance over the threads.
constexpr std::size_t words_per_chunk = 256;

std::size_t word_count(std::size_t answers) {
  return (answers + 63) / 64;
}

void start_mask(Bitmask& mask, std::size_t answers) {
  mask.size = answers;
  mask.words.assign(word_count(answers), 0);
}

// The kernels fill whole words; answers past the end (padding, or the zero-filled lanes past the
// end of a pair list) are cleared.
void clear_past_end(Bitmask& mask) {
  if (mask.size % 64 != 0) mask.words.back() &= (std::uint64_t{1} << (mask.size % 64)) - 1;
}

template <class T, std::size_t Fields>
void point_at(const T* (&pointers)[detail::max_fields], const detail::Columns<T, Fields>& columns) {
  for (std::size_t f = 0; f < Fields; ++f)
    pointers[f] = columns.column(f);
}

template <class T>
void run_over_threads(const KernelCall<T>& call, std::size_t words, unsigned thread_count) {
  detail::for_each_chunk(words, words_per_chunk, thread_count,
                         [&call](std::size_t first, std::size_t last) {
                           KernelCall<T> part = call;
                           part.first_word = first;
                           part.last_word = last;
                           detail::run_kernel(part);
                         });
}

template <class T, std::size_t QueryFields, class Batch>
void one_against_many(KernelKind kind, bool query_is_b, const std::array<T, QueryFields>& query,
                      const Batch& batch, Bitmask& result, unsigned thread_count) {
  start_mask(result, batch.size());
  KernelCall<T> call{};
  call.kind = kind;
  call.query = query.data();
  call.query_is_b = query_is_b;
  point_at(call.b, batch.columns());
  call.words = result.words.data();
  run_over_threads(call, result.words.size(), thread_count);
  clear_past_end(result);
}

void check_pairs(std::span<const BatchPair> pairs, std::size_t size_a, std::size_t size_b) {
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    if (pairs[k].a >= size_a || pairs[k].b >= size_b) {
      throw std::out_of_range("collide2d batch: pair " + std::to_string(k) + " is (" +
                              std::to_string(pairs[k].a) + ", " + std::to_string(pairs[k].b) +
                              ") but the batches hold " + std::to_string(size_a) + " and " +
                              std::to_string(size_b) + " shapes");
    }
  }
}

template <class T, class BatchA, class BatchB>
KernelCall<T> pairwise_call(KernelKind kind, const BatchA& a, const BatchB& b,
                            std::span<const BatchPair> pairs) {
  check_pairs(pairs, a.size(), b.size());
  KernelCall<T> call{};
  call.kind = kind;
  point_at(call.a, a.columns());
  point_at(call.b, b.columns());
  call.pairs = pairs.data();
  call.pair_count = pairs.size();
  return call;
}

template <class T, class BatchA, class BatchB>
void pairwise(KernelKind kind, const BatchA& a, const BatchB& b, std::span<const BatchPair> pairs,
              Bitmask& result, unsigned thread_count) {
  KernelCall<T> call = pairwise_call<T>(kind, a, b, pairs);
  start_mask(result, pairs.size());
  call.words = result.words.data();
  run_over_threads(call, result.words.size(), thread_count);
  clear_past_end(result);
}

// The kernels write t values for whole words; the arrays are cut back to size afterwards.
template <class T>
void run_rays(KernelCall<T> call, std::size_t answers, RayBatchHits<T>& hits,
              unsigned thread_count) {
  start_mask(hits.hit, answers);
  hits.t_enter.resize(hits.hit.words.size() * 64);
  hits.t_exit.resize(hits.hit.words.size() * 64);
  call.words = hits.hit.words.data();
  call.t_enter = hits.t_enter.data();
  call.t_exit = hits.t_exit.data();
  run_over_threads(call, hits.hit.words.size(), thread_count);
  clear_past_end(hits.hit);
  hits.t_enter.resize(answers);
  hits.t_exit.resize(answers);
}

// Each chunk of words lists its hits apart; the lists are joined in chunk order, so the result is
// the same for every thread count.
template <class T>
void run_ray_hit_list(KernelCall<T> call, std::size_t answers, std::vector<RayBatchHit<T>>& hits,
                      unsigned thread_count) {
  const std::size_t words = word_count(answers);
  std::vector<std::vector<RayBatchHit<T>>> parts((words + words_per_chunk - 1) / words_per_chunk);
  call.answer_count = answers;
  detail::for_each_chunk(words, words_per_chunk, thread_count,
                         [&call, &parts](std::size_t first, std::size_t last) {
                           KernelCall<T> part = call;
                           part.first_word = first;
                           part.last_word = last;
                           part.hit_list = &parts[first / words_per_chunk];
                           detail::run_kernel(part);
                         });
  hits.clear();
  for (const std::vector<RayBatchHit<T>>& part : parts)
    hits.insert(hits.end(), part.begin(), part.end());
}

template <class T>
KernelCall<T> ray_against_boxes_call(const std::array<T, 5>& query, const AabbBatch<T>& boxes) {
  KernelCall<T> call{};
  call.kind = KernelKind::ray_aabb;
  call.query = query.data();
  point_at(call.b, boxes.columns());
  return call;
}

}  // namespace

template <class T>
void overlaps(const Obb<T>& query, const ObbBatch<T>& batch, Bitmask& result,
              unsigned thread_count) {
  one_against_many(KernelKind::obb_obb, false, detail::ObbFields<T>::fields(query), batch, result,
                   thread_count);
}
template <class T>
void overlaps(const Circle<T>& query, const ObbBatch<T>& batch, Bitmask& result,
              unsigned thread_count) {
  one_against_many(KernelKind::circle_obb, false, detail::CircleFields<T>::fields(query), batch,
                   result, thread_count);
}
template <class T>
void overlaps(const Aabb<T>& query, const AabbBatch<T>& batch, Bitmask& result,
              unsigned thread_count) {
  one_against_many(KernelKind::aabb_aabb, false, detail::AabbFields<T>::fields(query), batch,
                   result, thread_count);
}
template <class T>
void overlaps(const Aabb<T>& query, const ObbBatch<T>& batch, Bitmask& result,
              unsigned thread_count) {
  one_against_many(KernelKind::aabb_obb, false, detail::AabbFields<T>::fields(query), batch, result,
                   thread_count);
}
template <class T>
void overlaps(const Obb<T>& query, const AabbBatch<T>& batch, Bitmask& result,
              unsigned thread_count) {
  one_against_many(KernelKind::aabb_obb, true, detail::ObbFields<T>::fields(query), batch, result,
                   thread_count);
}

template <class T>
void overlaps(const ObbBatch<T>& a, const ObbBatch<T>& b, std::span<const BatchPair> pairs,
              Bitmask& result, unsigned thread_count) {
  pairwise<T>(KernelKind::obb_obb, a, b, pairs, result, thread_count);
}
template <class T>
void overlaps(const CircleBatch<T>& a, const ObbBatch<T>& b, std::span<const BatchPair> pairs,
              Bitmask& result, unsigned thread_count) {
  pairwise<T>(KernelKind::circle_obb, a, b, pairs, result, thread_count);
}
template <class T>
void overlaps(const AabbBatch<T>& a, const AabbBatch<T>& b, std::span<const BatchPair> pairs,
              Bitmask& result, unsigned thread_count) {
  pairwise<T>(KernelKind::aabb_aabb, a, b, pairs, result, thread_count);
}
template <class T>
void overlaps(const AabbBatch<T>& a, const ObbBatch<T>& b, std::span<const BatchPair> pairs,
              Bitmask& result, unsigned thread_count) {
  pairwise<T>(KernelKind::aabb_obb, a, b, pairs, result, thread_count);
}

template <class T>
void raycast(const Ray<T>& ray, const AabbBatch<T>& boxes, RayBatchHits<T>& hits,
             unsigned thread_count) {
  const std::array<T, 5> query = detail::RayFields<T>::fields(ray);
  run_rays(ray_against_boxes_call(query, boxes), boxes.size(), hits, thread_count);
}
template <class T>
void raycast(const Ray<T>& ray, const AabbBatch<T>& boxes, std::vector<RayBatchHit<T>>& hits,
             unsigned thread_count) {
  const std::array<T, 5> query = detail::RayFields<T>::fields(ray);
  run_ray_hit_list(ray_against_boxes_call(query, boxes), boxes.size(), hits, thread_count);
}
template <class T>
void raycast(const RayBatch<T>& rays, const AabbBatch<T>& boxes, std::span<const BatchPair> pairs,
             RayBatchHits<T>& hits, unsigned thread_count) {
  run_rays(pairwise_call<T>(KernelKind::ray_aabb, rays, boxes, pairs), pairs.size(), hits,
           thread_count);
}

#define COLLIDE2D_INSTANTIATE_BATCH(T)                                                          \
  template void overlaps(const Obb<T>&, const ObbBatch<T>&, Bitmask&, unsigned);                \
  template void overlaps(const Circle<T>&, const ObbBatch<T>&, Bitmask&, unsigned);             \
  template void overlaps(const Aabb<T>&, const AabbBatch<T>&, Bitmask&, unsigned);              \
  template void overlaps(const Aabb<T>&, const ObbBatch<T>&, Bitmask&, unsigned);               \
  template void overlaps(const Obb<T>&, const AabbBatch<T>&, Bitmask&, unsigned);               \
  template void overlaps(const ObbBatch<T>&, const ObbBatch<T>&, std::span<const BatchPair>,    \
                         Bitmask&, unsigned);                                                   \
  template void overlaps(const CircleBatch<T>&, const ObbBatch<T>&, std::span<const BatchPair>, \
                         Bitmask&, unsigned);                                                   \
  template void overlaps(const AabbBatch<T>&, const AabbBatch<T>&, std::span<const BatchPair>,  \
                         Bitmask&, unsigned);                                                   \
  template void overlaps(const AabbBatch<T>&, const ObbBatch<T>&, std::span<const BatchPair>,   \
                         Bitmask&, unsigned);                                                   \
  template void raycast(const Ray<T>&, const AabbBatch<T>&, RayBatchHits<T>&, unsigned);        \
  template void raycast(const RayBatch<T>&, const AabbBatch<T>&, std::span<const BatchPair>,    \
                        RayBatchHits<T>&, unsigned);                                            \
  template void raycast(const Ray<T>&, const AabbBatch<T>&, std::vector<RayBatchHit<T>>&, unsigned)

COLLIDE2D_INSTANTIATE_BATCH(float);
COLLIDE2D_INSTANTIATE_BATCH(double);

}  // namespace collide2d
