// Private: one call of a batch kernel on a range of 64-answer words, as the dispatcher sees it.
//
// The public functions (batch_queries.cpp) check the input, size the output and split the words
// over threads; each thread runs run_kernel on its words, which dispatches to the SIMD code of the
// best instruction set (simd_kernels.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "collide2d/batch.hpp"

namespace collide2d::detail {

enum class KernelKind {
  obb_obb,     // a: Obb (6 fields), b: Obb
  circle_obb,  // a: Circle (3), b: Obb
  aabb_aabb,   // a: Aabb (4), b: Aabb
  aabb_obb,    // a: Aabb, b: Obb
  ray_aabb,    // a: Ray (5), b: Aabb; also writes t_enter and t_exit
};

inline constexpr std::size_t max_fields = 6;

template <class T>
struct KernelCall {
  KernelKind kind;
  // One against many: `query` holds the first shape's fields, and answer i tests it against
  // entry i of the batch, whose columns (padded to whole words) are in b. `query_is_b` swaps the
  // roles: the query is the second shape of the test (an Obb query against Aabbs is
  // overlaps(aabb, obb)) and the batch the first.
  // Pairwise (pairs != nullptr): answer k tests a[pairs[k].a] against b[pairs[k].b].
  const T* query = nullptr;
  bool query_is_b = false;
  const T* a[max_fields] = {};
  const T* b[max_fields] = {};
  const BatchPair* pairs = nullptr;
  std::size_t pair_count = 0;
  // Output: answers [64 first_word, 64 last_word) go to words[first_word, last_word); for ray
  // kernels also t_enter / t_exit at the same positions (arrays padded to whole words).
  std::size_t first_word = 0;
  std::size_t last_word = 0;
  std::uint64_t* words = nullptr;
  T* t_enter = nullptr;
  T* t_exit = nullptr;
  // Ray kernels, one against many: when set, the hits of answers below answer_count are appended
  // to this list in index order, and words, t_enter and t_exit are not written.
  std::vector<RayBatchHit<T>>* hit_list = nullptr;
  std::size_t answer_count = 0;
};

void run_kernel(const KernelCall<float>& call);
void run_kernel(const KernelCall<double>& call);
const char* dispatched_target_name();
const char* dispatched_double_target_name();

}  // namespace collide2d::detail
