// Private: Scene::overlapping_pairs on a packed tree of float boxes with nothing to filter (the
// all-pairs step of a game), eight candidate pairs per AVX2 instruction, chosen at run time on
// CPUs that have AVX2 (the library is built for plain x86-64, whose SSE2 kernel,
// obb_pair_kernel.hpp, stays the path elsewhere).
//
// The SSE2 kernel lists candidate slot pairs, then gathers each pair's two boxes and transposes
// four pairs into lanes: per candidate, the gather, the byte comparison that puts the pair in
// obb_obb_overlap's canonical order, and the output cost more than the test (docs/BENCHMARKS.md,
// 2026-11-27: 73 instructions a candidate in the kernel, 43 finding it). Here one box of a leaf
// is broadcast and tested against eight boxes of the other leaf at once, read from columns in
// slot order (ObbColumns, filled once a query), so no gather and no transpose: a leaf's items are
// consecutive slots. The canonical order comes from a key per slot, the box's first eight bytes
// read big-endian (memcmp's order, byte_order.hpp), compared as two unsigned 32-bit halves; the
// rare pair whose keys are equal (both centres bit for bit the same) is decided by the scalar
// obb_obb_overlap. The test is ordered_obbs_overlap operation for operation in IEEE single
// precision (the library is compiled with -ffp-contract=off, and the AVX2 target has no FMA), so
// the answers are the scalar test's bit for bit, and the pairs come in the SSE2 kernel's order.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "broadphase/packed_tree_access.hpp"
#include "collide2d/broadphase/common.hpp"
#include "collide2d/scene.hpp"
#include "collide2d/shapes.hpp"

#if (defined(__x86_64__) || defined(__i386__)) && !defined(__EMSCRIPTEN__) && \
    (defined(__GNUC__) || defined(__clang__))
#define COLLIDE2D_OBB_PAIRS_AVX2 1
#else
#define COLLIDE2D_OBB_PAIRS_AVX2 0
#endif

namespace collide2d::detail {

// The boxes of a packed tree built as given (positions are slots), one column per number, each
// padded past the last slot so that eight lanes can be read from any slot.
// Filled once a query (about 12 instructions a box): not kept between queries, as it would be
// 56 bytes a box for as long as the scene lives. The arrays are allocated without being zeroed
// (only the padding is), so that a query pays no pass of memset over them.
struct ObbColumns {
  static constexpr int padding = 8;
  // centre, half extents, rotation; then the tree's item boxes
  std::unique_ptr<float[]> cx, cy, hx, hy, c, s, x0, y0, x1, y1;
  std::unique_ptr<std::int32_t[]> key_high, key_low;  // the canonical-order key, sign bit flipped
  std::unique_ptr<ShapeId[]> ids;
  int size = 0;

  // From slots [0, tree size): the stored shapes, their ids and the tree's item boxes.
  void fill(const Obb<float>* shapes, const ShapeId* ids, const PackedTreeView<float>& tree,
            int count);
};

// Whether this CPU runs the AVX2 path (and tests have not turned it off).
bool obb_pairs_avx2_enabled();
// For the tests: false runs the SSE2 kernel even where AVX2 is there, so that both are compared.
void set_obb_pairs_avx2_allowed(bool allowed);

// The overlapping pairs among the items of one pair of leaves (leaves.first <= leaves.second; the
// same leaf: its item pairs), each as (lower id, higher id), appended to `out` in the order of
// PackedTree::for_each_pair_in_leaves (by position in the first leaf, then in the second). Needs
// node size <= 64 and obb_pairs_avx2_enabled().
void obb_leaf_pairs_avx2(const ObbColumns& columns, const Obb<float>* shapes,
                         const PackedTreeView<float>& tree, IndexPair leaves,
                         std::vector<ShapePair>& out);

}  // namespace collide2d::detail
