// Private: Scene::overlapping_pairs on a packed tree of float boxes with nothing to filter (the
// all-pairs step of a game), eight candidate pairs per AVX2 instruction, chosen at run time on
// CPUs that have AVX2 (the library is built for plain x86-64, whose SSE2 kernel,
// obb_pair_kernel.hpp, stays the path elsewhere).
//
// The SSE2 kernel lists candidate slot pairs, then gathers each pair's two boxes and transposes
// four pairs into lanes: per candidate, the gather, the byte comparison that puts the pair in
// obb_obb_overlap's canonical order, and the output cost more than the test (docs/BENCHMARKS.md,
// 2026-11-27: 73 instructions a candidate in the kernel, 43 finding it). Here one box of a leaf
// is broadcast and tested against eight boxes of the other leaf at once, read from blocks in
// slot order (ObbBlocks: blocks of eight, filled once a query), so no gather and no transpose: a
// leaf's items are consecutive slots. The canonical order comes from a key per slot, the box's
// first eight bytes read big-endian (memcmp's order, byte_order.hpp), compared as two unsigned
// 32-bit halves; the rare pair whose keys are equal (both centres bit for bit the same) is decided
// by the scalar obb_obb_overlap. The test is ordered_obbs_overlap operation for operation in IEEE
// single precision (the library is compiled with -ffp-contract=off, and the AVX2 target has no
// FMA), so the answers are the scalar test's bit for bit, and the pairs come in the SSE2 kernel's
// order.
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

// The boxes of a packed tree built as given (positions are slots), in blocks of eight slots
// with one row of eight lanes per number, so that a group of eight is one aligned load per number
// from one base address (a leaf's items start at a multiple of the node size, so at a block when
// the node size is a multiple of 8). Filled once a query (about 20 instructions a box): not kept
// between queries, as it would be 52 bytes a box for as long as the scene lives.
struct alignas(32) ObbBlock {
  float cx[8], cy[8], hx[8], hy[8], c[8], s[8];  // centre, half extents, rotation
  float x0[8], y0[8], x1[8], y1[8];              // the tree's item boxes
  std::int32_t key_high[8], key_low[8];          // the canonical-order key, sign bit flipped
  ShapeId ids[8];
};

struct ObbBlocks {
  std::unique_ptr<ObbBlock[]> blocks;

  const ObbBlock& block_of(int slot) const { return blocks[std::size_t(slot) >> 3]; }

  // From slots [0, count): the stored shapes, their ids and the tree's item boxes. The lanes
  // past the last slot are zeros.
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
// a node size that is a multiple of 8, at most 64, and obb_pairs_avx2_enabled().
void obb_leaf_pairs_avx2(const ObbBlocks& blocks, const Obb<float>* shapes,
                         const PackedTreeView<float>& tree, IndexPair leaves,
                         std::vector<ShapePair>& out);

}  // namespace collide2d::detail
