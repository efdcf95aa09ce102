// Private: overlaps(Obb, Obb) on candidate pairs of float boxes, four pairs per SSE2 instruction,
// for Scene::overlapping_pairs on a packed tree of boxes with nothing to filter (the all-pairs
// step of a game).
//
// Candidates come as slot pairs. Each pair is put in the canonical order of obb_obb_overlap
// (box_overlap.hpp) by choosing the two addresses with an integer mask, its two boxes are loaded
// as they lie (centre and half extents in one load, the rotation in another), four pairs are
// transposed into one register per number, and ordered_obbs_overlap runs on the four lanes: the
// same operations on the same operands in the same order, each one IEEE single precision, so the
// same answer bit for bit (`!(a > b)` stays cmpngt, not cmple, as with a NaN the two differ).
// The kernel is compiled only where no multiply-add can be fused (no __FMA__): there a compiler
// could contract the scalar test's products and sums, and the answers could then differ by the
// rounding of one product. Elsewhere ObbPairLanes (batches.hpp) decides the pairs.
//
// Measured against ObbPairLanes on the 100,000 moving boxes of bench/broadphase_bench.cpp
// (docs/BENCHMARKS.md, 2026-11-25): the lanes' copy of twelve numbers per candidate into arrays,
// then the vectorised loop reading them back, cost more than the test itself.
#pragma once

#include <algorithm>
#include <cstdint>

#include "broadphase/box_bits_sse2.hpp"
#include "broadphase/packed_tree_access.hpp"
#include "collide2d/broadphase/common.hpp"
#include "collide2d/detail/box_overlap.hpp"
#include "collide2d/scene.hpp"

#if COLLIDE2D_BOX_BITS_SSE2 && !defined(__FMA__)
#define COLLIDE2D_OBB_PAIR_KERNEL 1
#else
#define COLLIDE2D_OBB_PAIR_KERNEL 0
#endif

namespace collide2d::detail {

#if COLLIDE2D_OBB_PAIR_KERNEL

// Candidate slot pairs of one store of float boxes; on flush, done(pairs, count) receives the
// pairs that overlap, each as (lower id, higher id), in the order they were added.
template <class Done>
class ObbPairKernel {
 public:
  static constexpr int capacity = 256;  // a multiple of 4

  ObbPairKernel(const Obb<float>* shapes, const ShapeId* ids, Done done)
      : shapes_(shapes), ids_(ids), done_(done) {}
  ObbPairKernel(const ObbPairKernel&) = delete;
  ObbPairKernel& operator=(const ObbPairKernel&) = delete;
  ~ObbPairKernel() { flush(); }

  void add(int x, int y) {
    xs_[count_] = x;
    ys_[count_] = y;
    if (++count_ == capacity) flush();
  }

  void flush() {
    if (count_ == 0) return;
    // The unused lanes of the last four repeat the first pair; their answers are not kept.
    for (int i = count_; i < ((count_ + 3) & ~3); ++i)
      xs_[i] = xs_[0], ys_[i] = ys_[0];
    ShapePair kept[capacity];
    int n = 0;
    for (int k = 0; k < count_; k += 4) {
      const int hits = overlap_bits(k) & ((1 << (count_ - k < 4 ? count_ - k : 4)) - 1);
      // All four lanes, without a bound per lane: a padding lane is written (its slots are the
      // first pair's, so its ids are valid) but never kept, as its bit is cleared above; n stays
      // at most k + lane, inside `kept`.
      for (int lane = 0; lane < 4; ++lane) {
        // The lower id first by min and max, not by a jump: which one is lower is a coin toss.
        const auto a = std::uint32_t(ids_[xs_[k + lane]]), b = std::uint32_t(ids_[ys_[k + lane]]);
        kept[n] = {ShapeId(std::min(a, b)), ShapeId(std::max(a, b))};
        n += (hits >> lane) & 1;
      }
    }
    done_(kept, n);
    count_ = 0;
  }

 private:
  // Bit i set when the pair first + i overlaps.
  int overlap_bits(int first) const {
    __m128 a0[4], a1[4], b0[4], b1[4];
    for (int lane = 0; lane < 4; ++lane) {
      const Obb<float>& x = shapes_[xs_[first + lane]];
      const Obb<float>& y = shapes_[ys_[first + lane]];
      // obb_obb_overlap's choice: the addresses swapped by a mask, without a jump.
      const auto xa = reinterpret_cast<std::uintptr_t>(&x);
      const auto ya = reinterpret_cast<std::uintptr_t>(&y);
      const std::uintptr_t flip = (xa ^ ya) & (std::uintptr_t(0) - std::uintptr_t(obbs_swap(x, y)));
      const auto* a = reinterpret_cast<const float*>(xa ^ flip);
      const auto* b = reinterpret_cast<const float*>(ya ^ flip);
      // Obb<float>: centre x, y, half extents x, y, rotation c, s (static_assert below).
      a0[lane] = _mm_loadu_ps(a);
      b0[lane] = _mm_loadu_ps(b);
      a1[lane] = _mm_castpd_ps(_mm_load_sd(reinterpret_cast<const double*>(a + 4)));
      b1[lane] = _mm_castpd_ps(_mm_load_sd(reinterpret_cast<const double*>(b + 4)));
    }
    _MM_TRANSPOSE4_PS(a0[0], a0[1], a0[2], a0[3]);  // a0 = centre x, y, half x, y of each lane
    _MM_TRANSPOSE4_PS(b0[0], b0[1], b0[2], b0[3]);
    const __m128 ta = _mm_unpacklo_ps(a1[0], a1[1]), tb = _mm_unpacklo_ps(a1[2], a1[3]);
    const __m128 ua = _mm_unpacklo_ps(b1[0], b1[1]), ub = _mm_unpacklo_ps(b1[2], b1[3]);
    const __m128 ac = _mm_movelh_ps(ta, tb), as = _mm_movehl_ps(tb, ta);
    const __m128 bc = _mm_movelh_ps(ua, ub), bs = _mm_movehl_ps(ub, ua);
    // ordered_obbs_overlap, operation for operation.
    const __m128 rel_c = _mm_add_ps(_mm_mul_ps(ac, bc), _mm_mul_ps(as, bs));
    const __m128 rel_s = _mm_sub_ps(_mm_mul_ps(ac, bs), _mm_mul_ps(as, bc));
    const __m128 dx = _mm_sub_ps(b0[0], a0[0]), dy = _mm_sub_ps(b0[1], a0[1]);
    // inverse_rotate(q, v) = {c v.x + s v.y, -s v.x + c v.y}; -s v.x + c v.y is c v.y - s v.x
    // exactly (negation is exact and addition commutes).
    const auto back_x = [](__m128 qc, __m128 qs, __m128 vx, __m128 vy) {
      return _mm_add_ps(_mm_mul_ps(qc, vx), _mm_mul_ps(qs, vy));
    };
    const auto back_y = [](__m128 qc, __m128 qs, __m128 vx, __m128 vy) {
      return _mm_sub_ps(_mm_mul_ps(qc, vy), _mm_mul_ps(qs, vx));
    };
    const __m128 off_x = back_x(ac, as, dx, dy), off_y = back_y(ac, as, dx, dy);
    // boxes_overlap(ha, hb, off, rel): |offset| against h + p k + q l, summed left to right.
    const __m128 sign = _mm_set1_ps(-0.0f);
    const auto reach = [](__m128 h, __m128 p, __m128 k, __m128 q, __m128 l) {
      return _mm_add_ps(_mm_add_ps(h, _mm_mul_ps(p, k)), _mm_mul_ps(q, l));
    };
    const __m128 c = _mm_andnot_ps(sign, rel_c), s = _mm_andnot_ps(sign, rel_s);
    const __m128 ahx = a0[2], ahy = a0[3], bhx = b0[2], bhy = b0[3];
    const __m128 ob_x = back_x(rel_c, rel_s, off_x, off_y);
    const __m128 ob_y = back_y(rel_c, rel_s, off_x, off_y);
    const __m128 x = _mm_cmpngt_ps(_mm_andnot_ps(sign, off_x), reach(ahx, bhx, c, bhy, s));
    const __m128 y = _mm_cmpngt_ps(_mm_andnot_ps(sign, off_y), reach(ahy, bhx, s, bhy, c));
    const __m128 bx = _mm_cmpngt_ps(_mm_andnot_ps(sign, ob_x), reach(bhx, ahx, c, ahy, s));
    const __m128 by = _mm_cmple_ps(_mm_andnot_ps(sign, ob_y), reach(bhy, ahx, s, ahy, c));
    return _mm_movemask_ps(_mm_and_ps(_mm_and_ps(x, y), _mm_and_ps(bx, by)));
  }

  static_assert(sizeof(Obb<float>) == 6 * sizeof(float), "centre, half extents, rotation");

  const Obb<float>* shapes_;
  const ShapeId* ids_;
  Done done_;
  int count_ = 0;
  // Not initialised: a flush reads the lanes in use and fills the rest of their last four.
  int xs_[capacity];
  int ys_[capacity];
};

// The candidate pairs of one pair of leaves of a tree of boxes built as given (positions are
// slots), to add(x, y) with x < y: the pairs of PackedTree::for_each_pair_in_leaves, in its
// order (by position in leaf a, then in leaf b), with its masks computed inline. Needs
// node_size <= 64.
template <class Add>
void leaf_pair_candidates(const PackedTreeView<float>& tree, IndexPair leaves, Add& add) {
  const float* x0 = tree.min_x();
  const float* y0 = tree.min_y();
  const float* x1 = tree.max_x();
  const float* y1 = tree.max_y();
  const auto bits = [&](int first, int count, int i) {
    return box_bits_sse2<false>(x0 + first, y0 + first, x1 + first, y1 + first, count, x0[i], y0[i],
                                x1[i], y1[i]);
  };
  const int a_first = tree.leaf_first(leaves.first), a_last = tree.leaf_last(leaves.first);
  if (leaves.first == leaves.second) {
    for (int i = a_first; i + 1 < a_last; ++i) {
      for (std::uint64_t m = bits(i + 1, a_last - i - 1, i); m != 0; m &= m - 1)
        add(i, i + 1 + lowest_bit(m));
    }
    return;
  }
  // Only the items of each leaf that reach into the other leaf's box can pair.
  const int b_first = tree.leaf_first(leaves.second), b_last = tree.leaf_last(leaves.second);
  const Aabb<float> box_a = tree.leaf_box(leaves.first), box_b = tree.leaf_box(leaves.second);
  const std::uint64_t near_b =
      box_bits_sse2<false>(x0 + b_first, y0 + b_first, x1 + b_first, y1 + b_first, b_last - b_first,
                           box_a.min.x, box_a.min.y, box_a.max.x, box_a.max.y);
  if (near_b == 0) return;
  std::uint64_t near_a =
      box_bits_sse2<false>(x0 + a_first, y0 + a_first, x1 + a_first, y1 + a_first, a_last - a_first,
                           box_b.min.x, box_b.min.y, box_b.max.x, box_b.max.y);
  for (; near_a != 0; near_a &= near_a - 1) {
    const int i = a_first + lowest_bit(near_a);
    for (std::uint64_t m = near_b & bits(b_first, b_last - b_first, i); m != 0; m &= m - 1)
      add(i, b_first + lowest_bit(m));
  }
}

#endif

}  // namespace collide2d::detail
