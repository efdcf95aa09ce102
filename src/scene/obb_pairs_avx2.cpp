// The AVX2 path of Scene::overlapping_pairs for float boxes (obb_pairs_avx2.hpp). Every function
// that uses AVX2 instructions carries the target attribute, and is called only after the CPU
// check, so the library still runs on any x86-64.
#include "scene/obb_pairs_avx2.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "collide2d/detail/box_overlap.hpp"

#if COLLIDE2D_OBB_PAIRS_AVX2
#include <immintrin.h>
#endif

namespace collide2d::detail {

namespace avx2_join {

std::atomic<bool> avx2_allowed{true};

// Half of the canonical-order key: four bytes of the box in memory order, read big-endian (x86 is
// little-endian), with the sign bit flipped so that a signed comparison orders them as unsigned.
std::int32_t key_half(float value) {
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return static_cast<std::int32_t>(__builtin_bswap32(bits) ^ 0x80000000u);
}

}  // namespace avx2_join

void ObbBlocks::fill(const Obb<float>* shapes, const ShapeId* shape_ids,
                     const PackedTreeView<float>& tree, int count) {
  const std::size_t block_count = (std::size_t(count) + 7) / 8;
  blocks.reset(new ObbBlock[block_count]);  // not initialised but for the last block's tail
  if (block_count > 0) blocks[block_count - 1] = ObbBlock{};
  const float* min_x = tree.min_x();
  const float* min_y = tree.min_y();
  const float* max_x = tree.max_x();
  const float* max_y = tree.max_y();
  for (int i = 0; i < count; ++i) {
    ObbBlock& to = blocks[std::size_t(i) >> 3];
    const int lane = i & 7;
    const Obb<float>& box = shapes[i];
    to.cx[lane] = box.center.x;
    to.cy[lane] = box.center.y;
    to.hx[lane] = box.half_extents.x;
    to.hy[lane] = box.half_extents.y;
    to.c[lane] = box.rotation.c;
    to.s[lane] = box.rotation.s;
    to.x0[lane] = min_x[i];
    to.y0[lane] = min_y[i];
    to.x1[lane] = max_x[i];
    to.y1[lane] = max_y[i];
    // The first eight bytes of an Obb<float> are its centre's x, then y.
    to.key_high[lane] = avx2_join::key_half(box.center.x);
    to.key_low[lane] = avx2_join::key_half(box.center.y);
    to.ids[lane] = shape_ids[i];
  }
}

void set_obb_pairs_avx2_allowed(bool allowed) {
  avx2_join::avx2_allowed.store(allowed);
}

#if !COLLIDE2D_OBB_PAIRS_AVX2

bool obb_pairs_avx2_enabled() {
  return false;
}

void obb_leaf_pairs_avx2(const ObbBlocks&, const Obb<float>*, const PackedTreeView<float>&,
                         IndexPair, std::vector<ShapePair>&) {}

#else

bool obb_pairs_avx2_enabled() {
  static const bool has_avx2 = __builtin_cpu_supports("avx2");
  return has_avx2 && avx2_join::avx2_allowed.load(std::memory_order_relaxed);
}

namespace avx2_join {

// For each 8-bit mask, the lanes whose bit is set, in order (the rest 0): the permutation that
// packs a vector's chosen lanes to its front.
struct CompressTable {
  alignas(32) std::int32_t lanes[256][8];
};
constexpr CompressTable make_compress_table() {
  CompressTable table{};
  for (int mask = 0; mask < 256; ++mask) {
    int n = 0;
    for (int lane = 0; lane < 8; ++lane) {
      if ((mask >> lane) & 1) table.lanes[mask][n++] = lane;
    }
  }
  return table;
}
constexpr CompressTable compress_table = make_compress_table();

// One box, or eight, as lanes.
struct Boxes {
  __m256 cx, cy, hx, hy, c, s;
  __m256i key_high, key_low;
};

// Pairs found in a pair of leaves, appended to the caller's vector in pieces.
class PairBuffer {
 public:
  explicit PairBuffer(std::vector<ShapePair>& out) : out_(out) {}
  PairBuffer(const PairBuffer&) = delete;
  PairBuffer& operator=(const PairBuffer&) = delete;
  ~PairBuffer() { flush(); }
  // Room for eight more pairs at end(): a group's store writes all eight lanes.
  ShapePair* end() {
    if (count_ > capacity - 8) flush();
    return pairs_ + count_;
  }
  void advance(int n) { count_ += n; }
  void flush() {
    out_.insert(out_.end(), pairs_, pairs_ + count_);
    count_ = 0;
  }

 private:
  static constexpr int capacity = 512;
  std::vector<ShapePair>& out_;
  int count_ = 0;
  ShapePair pairs_[capacity];  // not initialised: only the first count_ are read
};

[[gnu::target("avx2")]] inline Boxes broadcast_box(const ObbBlock& block, int lane) {
  return {_mm256_set1_ps(block.cx[lane]),          _mm256_set1_ps(block.cy[lane]),
          _mm256_set1_ps(block.hx[lane]),          _mm256_set1_ps(block.hy[lane]),
          _mm256_set1_ps(block.c[lane]),           _mm256_set1_ps(block.s[lane]),
          _mm256_set1_epi32(block.key_high[lane]), _mm256_set1_epi32(block.key_low[lane])};
}

[[gnu::target("avx2")]] inline Boxes load_boxes(const ObbBlock& block) {
  return {_mm256_load_ps(block.cx),
          _mm256_load_ps(block.cy),
          _mm256_load_ps(block.hx),
          _mm256_load_ps(block.hy),
          _mm256_load_ps(block.c),
          _mm256_load_ps(block.s),
          _mm256_load_si256(reinterpret_cast<const __m256i*>(block.key_high)),
          _mm256_load_si256(reinterpret_cast<const __m256i*>(block.key_low))};
}

// Bits of the block's eight item boxes that overlap the closed box lo - hi (box_bits_sse2's
// comparisons).
[[gnu::target("avx2")]] inline unsigned box_bits(const ObbBlock& block, __m256 lo_x, __m256 lo_y,
                                                 __m256 hi_x, __m256 hi_y) {
  const __m256 ax = _mm256_load_ps(block.x0), by = _mm256_load_ps(block.y0);
  const __m256 cx = _mm256_load_ps(block.x1), dy = _mm256_load_ps(block.y1);
  const __m256 hit = _mm256_and_ps(
      _mm256_and_ps(_mm256_cmp_ps(ax, hi_x, _CMP_LE_OQ), _mm256_cmp_ps(lo_x, cx, _CMP_LE_OQ)),
      _mm256_and_ps(_mm256_cmp_ps(by, hi_y, _CMP_LE_OQ), _mm256_cmp_ps(lo_y, dy, _CMP_LE_OQ)));
  return unsigned(_mm256_movemask_ps(hit));
}

// Bits of the item boxes in [first, last) that overlap the closed box (at most 64 items, first a
// multiple of 8).
[[gnu::target("avx2")]] inline std::uint64_t range_bits(const ObbBlocks& k, int first, int last,
                                                        const Aabb<float>& box) {
  const __m256 lo_x = _mm256_set1_ps(box.min.x), lo_y = _mm256_set1_ps(box.min.y);
  const __m256 hi_x = _mm256_set1_ps(box.max.x), hi_y = _mm256_set1_ps(box.max.y);
  std::uint64_t bits = 0;
  for (int j = first; j < last; j += 8)
    bits |= std::uint64_t(box_bits(k.block_of(j), lo_x, lo_y, hi_x, hi_y)) << (j - first);
  const int count = last - first;
  return count >= 64 ? bits : bits & ((std::uint64_t(1) << count) - 1);
}

[[gnu::target("avx2")]] inline __m256 reach(__m256 h, __m256 p, __m256 k, __m256 q, __m256 l) {
  return _mm256_add_ps(_mm256_add_ps(h, _mm256_mul_ps(p, k)), _mm256_mul_ps(q, l));
}

// ordered_obbs_overlap of each lane, after the canonical order (obbs_swap by the keys): bit l set
// when lane l's boxes overlap. `ties` gets the lanes whose keys are equal, which the keys cannot
// order (their answers here are those of box i first, and must be decided again).
[[gnu::target("avx2")]] inline unsigned overlap_bits(const Boxes& i, const Boxes& j,
                                                     unsigned& ties) {
  const __m256i high_greater = _mm256_cmpgt_epi32(i.key_high, j.key_high);
  const __m256i high_equal = _mm256_cmpeq_epi32(i.key_high, j.key_high);
  const __m256i low_greater = _mm256_cmpgt_epi32(i.key_low, j.key_low);
  const __m256i low_equal = _mm256_cmpeq_epi32(i.key_low, j.key_low);
  ties = unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_and_si256(high_equal, low_equal))));
  // Box j first where box i's bytes are greater (obb_obb_overlap works in the first's frame).
  const __m256 swap =
      _mm256_castsi256_ps(_mm256_or_si256(high_greater, _mm256_and_si256(high_equal, low_greater)));
  const __m256 acx = _mm256_blendv_ps(i.cx, j.cx, swap), bcx = _mm256_blendv_ps(j.cx, i.cx, swap);
  const __m256 acy = _mm256_blendv_ps(i.cy, j.cy, swap), bcy = _mm256_blendv_ps(j.cy, i.cy, swap);
  const __m256 ahx = _mm256_blendv_ps(i.hx, j.hx, swap), bhx = _mm256_blendv_ps(j.hx, i.hx, swap);
  const __m256 ahy = _mm256_blendv_ps(i.hy, j.hy, swap), bhy = _mm256_blendv_ps(j.hy, i.hy, swap);
  const __m256 ac = _mm256_blendv_ps(i.c, j.c, swap), bc = _mm256_blendv_ps(j.c, i.c, swap);
  const __m256 as = _mm256_blendv_ps(i.s, j.s, swap), bs = _mm256_blendv_ps(j.s, i.s, swap);
  // ordered_obbs_overlap, operation for operation (see obb_pair_kernel.hpp for each step).
  const __m256 rel_c = _mm256_add_ps(_mm256_mul_ps(ac, bc), _mm256_mul_ps(as, bs));
  const __m256 rel_s = _mm256_sub_ps(_mm256_mul_ps(ac, bs), _mm256_mul_ps(as, bc));
  const __m256 dx = _mm256_sub_ps(bcx, acx), dy = _mm256_sub_ps(bcy, acy);
  const __m256 off_x = _mm256_add_ps(_mm256_mul_ps(ac, dx), _mm256_mul_ps(as, dy));
  const __m256 off_y = _mm256_sub_ps(_mm256_mul_ps(ac, dy), _mm256_mul_ps(as, dx));
  const __m256 ob_x = _mm256_add_ps(_mm256_mul_ps(rel_c, off_x), _mm256_mul_ps(rel_s, off_y));
  const __m256 ob_y = _mm256_sub_ps(_mm256_mul_ps(rel_c, off_y), _mm256_mul_ps(rel_s, off_x));
  const __m256 sign = _mm256_set1_ps(-0.0f);
  const __m256 c = _mm256_andnot_ps(sign, rel_c), s = _mm256_andnot_ps(sign, rel_s);
  const __m256 x =
      _mm256_cmp_ps(_mm256_andnot_ps(sign, off_x), reach(ahx, bhx, c, bhy, s), _CMP_NGT_UQ);
  const __m256 y =
      _mm256_cmp_ps(_mm256_andnot_ps(sign, off_y), reach(ahy, bhx, s, bhy, c), _CMP_NGT_UQ);
  const __m256 bx =
      _mm256_cmp_ps(_mm256_andnot_ps(sign, ob_x), reach(bhx, ahx, c, ahy, s), _CMP_NGT_UQ);
  const __m256 by =
      _mm256_cmp_ps(_mm256_andnot_ps(sign, ob_y), reach(bhy, ahx, s, ahy, c), _CMP_LE_OQ);
  return unsigned(_mm256_movemask_ps(_mm256_and_ps(_mm256_and_ps(x, y), _mm256_and_ps(bx, by))));
}

// Writes the pairs (id i, id of lane l) for the lanes set in `hits`, in lane order, each as (lower
// id, higher id); all eight lanes are stored, the count advances by the hits only.
[[gnu::target("avx2")]] inline int store_pairs(const ObbBlock& block, __m256i id_i, unsigned hits,
                                               ShapePair* out) {
  static_assert(sizeof(ShapePair) == 8 && sizeof(ShapeId) == 4, "two 32-bit ids");
  const __m256i ids_j = _mm256_load_si256(reinterpret_cast<const __m256i*>(block.ids));
  const __m256i order =
      _mm256_load_si256(reinterpret_cast<const __m256i*>(compress_table.lanes[hits]));
  const __m256i low = _mm256_permutevar8x32_epi32(_mm256_min_epu32(id_i, ids_j), order);
  const __m256i high = _mm256_permutevar8x32_epi32(_mm256_max_epu32(id_i, ids_j), order);
  const __m256i pairs_0145 = _mm256_unpacklo_epi32(low, high);
  const __m256i pairs_2367 = _mm256_unpackhi_epi32(low, high);
  auto* to = reinterpret_cast<__m256i*>(out);
  _mm256_storeu_si256(to, _mm256_permute2x128_si256(pairs_0145, pairs_2367, 0x20));
  _mm256_storeu_si256(to + 1, _mm256_permute2x128_si256(pairs_0145, pairs_2367, 0x31));
  return __builtin_popcount(hits);
}

// Item i against the items [first, last) whose bit (counted from first, a multiple of 8) is set in
// `allowed`.
[[gnu::target("avx2")]] void item_pairs(const ObbBlocks& k, const Obb<float>* shapes, int i,
                                        int first, int last, std::uint64_t allowed,
                                        PairBuffer& buffer) {
  const ObbBlock& own = k.block_of(i);
  const int lane_i = i & 7;
  const __m256 lo_x = _mm256_set1_ps(own.x0[lane_i]), lo_y = _mm256_set1_ps(own.y0[lane_i]);
  const __m256 hi_x = _mm256_set1_ps(own.x1[lane_i]), hi_y = _mm256_set1_ps(own.y1[lane_i]);
  const Boxes box_i = broadcast_box(own, lane_i);
  const __m256i id_i = _mm256_set1_epi32(std::int32_t(own.ids[lane_i]));
  for (int j = first; j < last; j += 8) {
    unsigned lanes = unsigned(allowed >> (j - first)) & 0xffu;
    if (last - j < 8) lanes &= (1u << (last - j)) - 1;
    if (lanes == 0) continue;
    const ObbBlock& block = k.block_of(j);
    const unsigned candidates = box_bits(block, lo_x, lo_y, hi_x, hi_y) & lanes;
    if (candidates == 0) continue;
    unsigned ties = 0;
    unsigned hits = overlap_bits(box_i, load_boxes(block), ties) & candidates;
    // Keys equal: the centres are the same bits; the scalar test compares the remaining bytes.
    for (unsigned left = ties & candidates; left != 0; left &= left - 1) {
      const int lane = __builtin_ctz(left);
      const bool hit = obb_obb_overlap(shapes[i], shapes[j + lane]);
      hits = (hits & ~(1u << lane)) | (unsigned(hit) << lane);
    }
    buffer.advance(store_pairs(block, id_i, hits, buffer.end()));
  }
}

[[gnu::target("avx2")]] void leaf_pairs(const ObbBlocks& k, const Obb<float>* shapes,
                                        const PackedTreeView<float>& tree, IndexPair leaves,
                                        std::vector<ShapePair>& out) {
  PairBuffer buffer(out);
  const int a_first = tree.leaf_first(leaves.first), a_last = tree.leaf_last(leaves.first);
  if (leaves.first == leaves.second) {
    // Against the leaf's items after i: the whole blocks from a_first, the lanes up to i masked.
    for (int i = a_first; i + 1 < a_last; ++i)
      item_pairs(k, shapes, i, a_first, a_last, ~std::uint64_t(0) << (i - a_first + 1), buffer);
    return;
  }
  // Only the items of each leaf that reach into the other leaf's box can pair.
  const int b_first = tree.leaf_first(leaves.second), b_last = tree.leaf_last(leaves.second);
  const std::uint64_t near_b = range_bits(k, b_first, b_last, tree.leaf_box(leaves.first));
  if (near_b == 0) return;
  for (std::uint64_t near_a = range_bits(k, a_first, a_last, tree.leaf_box(leaves.second));
       near_a != 0; near_a &= near_a - 1)
    item_pairs(k, shapes, a_first + lowest_bit(near_a), b_first, b_last, near_b, buffer);
}

}  // namespace avx2_join

// Without the target attribute itself: in C++, GCC would take a declaration and a definition
// with different targets for two versions of one function.
void obb_leaf_pairs_avx2(const ObbBlocks& blocks, const Obb<float>* shapes,
                         const PackedTreeView<float>& tree, IndexPair leaves,
                         std::vector<ShapePair>& out) {
  avx2_join::leaf_pairs(blocks, shapes, tree, leaves, out);
}

#endif

}  // namespace collide2d::detail
