// Private: overlaps(Point, Obb) on candidate float boxes, four boxes per SSE2 instruction, for the
// hit test (a point query) on a packed tree of rotated boxes.
//
// Candidates come as slots. Four boxes are loaded as they lie (centre and half extents in one
// load, the rotation in another), transposed into one register per number, and the point is taken
// into each box's frame and compared with its half extents: the operations of exact_overlaps(Point,
// Obb) (regions.hpp: core_box_within, to_local, inverse_rotate, point_in_box) on the same operands
// in the same order, each one IEEE single precision, so the same answer bit for bit. As with
// obb_pair_kernel.hpp, compiled only where no multiply-add can be fused (no __FMA__), since a
// compiler could contract the scalar test's products and sums there; elsewhere ObbLanes
// (batches.hpp) decides the candidates.
//
// Measured against ObbLanes with PointObbTest on the hit test of bench/broadphase_bench.cpp
// (docs/BENCHMARKS.md, 2026-11-27): copying six numbers per candidate into arrays, then running
// the vectorised loop over whole blocks of 8 lanes and reading back a bool per lane, cost about
// 40 instructions a candidate (130 candidates a query); this about 26.
#pragma once

#include <cstdint>
#include <vector>

#include "broadphase/box_bits_sse2.hpp"
#include "collide2d/scene.hpp"

#if COLLIDE2D_BOX_BITS_SSE2 && !defined(__FMA__)
#define COLLIDE2D_POINT_OBB_KERNEL 1
#else
#define COLLIDE2D_POINT_OBB_KERNEL 0
#endif

namespace collide2d::detail {

#if COLLIDE2D_POINT_OBB_KERNEL

// Candidate slots of one store of float boxes against one point; on flush, the ids of the boxes
// that hold the point (boundary included) are appended to `out`, in the order they were added.
class PointObbKernel {
 public:
  static constexpr int capacity = 64;  // a multiple of 4

  PointObbKernel(Vec2<float> point, const Obb<float>* shapes, const ShapeId* ids,
                 std::vector<ShapeId>& out)
      : px_(_mm_set1_ps(point.x)),
        py_(_mm_set1_ps(point.y)),
        shapes_(shapes),
        ids_(ids),
        out_(out) {}
  PointObbKernel(const PointObbKernel&) = delete;
  PointObbKernel& operator=(const PointObbKernel&) = delete;
  ~PointObbKernel() { flush(); }

  void add(int slot) {
    slots_[count_] = slot;
    if (++count_ == capacity) flush();
  }

  void flush() {
    if (count_ == 0) return;
    // The unused lanes of the last four repeat the first slot; their answers are not kept.
    for (int i = count_; i < ((count_ + 3) & ~3); ++i)
      slots_[i] = slots_[0];
    ShapeId kept[capacity];
    int n = 0;
    for (int k = 0; k < count_; k += 4) {
      const int hits = inside_bits(k);
      // Written always, kept when the test says so: whether a candidate holds the point is close
      // to a coin toss (73 answers of about 110 candidates on the benchmark), so no jump on it.
      for (int lane = 0; lane < 4 && k + lane < count_; ++lane) {
        kept[n] = ids_[slots_[k + lane]];
        n += (hits >> lane) & 1;
      }
    }
    out_.insert(out_.end(), kept, kept + n);
    count_ = 0;
  }

 private:
  // Bit i set when the box at slot slots_[first + i] holds the point.
  int inside_bits(int first) const {
    __m128 v0[4], v1[4];
    for (int lane = 0; lane < 4; ++lane) {
      const auto* box = reinterpret_cast<const float*>(shapes_ + slots_[first + lane]);
      // Obb<float>: centre x, y, half extents x, y, rotation c, s (static_assert below).
      v0[lane] = _mm_loadu_ps(box);
      v1[lane] = _mm_castpd_ps(_mm_load_sd(reinterpret_cast<const double*>(box + 4)));
    }
    _MM_TRANSPOSE4_PS(v0[0], v0[1], v0[2], v0[3]);  // centre x, y, half x, y of each lane
    const __m128 t = _mm_unpacklo_ps(v1[0], v1[1]), u = _mm_unpacklo_ps(v1[2], v1[3]);
    const __m128 c = _mm_movelh_ps(t, u), s = _mm_movehl_ps(u, t);
    // to_local: d = point - centre, then inverse_rotate(q, d) = {c d.x + s d.y, -s d.x + c d.y};
    // -s d.x + c d.y is c d.y - s d.x exactly (negation is exact and addition commutes).
    const __m128 dx = _mm_sub_ps(px_, v0[0]), dy = _mm_sub_ps(py_, v0[1]);
    const __m128 lx = _mm_add_ps(_mm_mul_ps(c, dx), _mm_mul_ps(s, dy));
    const __m128 ly = _mm_sub_ps(_mm_mul_ps(c, dy), _mm_mul_ps(s, dx));
    // point_in_box: |p.x| <= h.x && |p.y| <= h.y (cmple is <=, false on a NaN as <= is).
    const __m128 sign = _mm_set1_ps(-0.0f);
    const __m128 in_x = _mm_cmple_ps(_mm_andnot_ps(sign, lx), v0[2]);
    const __m128 in_y = _mm_cmple_ps(_mm_andnot_ps(sign, ly), v0[3]);
    return _mm_movemask_ps(_mm_and_ps(in_x, in_y));
  }

  static_assert(sizeof(Obb<float>) == 6 * sizeof(float), "centre, half extents, rotation");

  const __m128 px_, py_;
  const Obb<float>* shapes_;
  const ShapeId* ids_;
  std::vector<ShapeId>& out_;
  int count_ = 0;
  // Not initialised: a flush reads the slots in use and fills the rest of their last four.
  int slots_[capacity];
};

#endif

}  // namespace collide2d::detail
