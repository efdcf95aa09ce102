// Private: which of up to 64 float boxes (one array per coordinate) overlap a box, or lie inside
// it, as bits, four boxes per SSE2 comparison and one movemask. PackedTree's masks use it where
// SSE2 is there (its portable byte loop compiles to packing shuffles on SSE2), and so does the
// Scene's all-pairs join, inline, where a call per item was a tenth of the join.
#pragma once

#include <cstdint>

#if defined(__SSE2__) && !defined(__EMSCRIPTEN__)
#include <emmintrin.h>
#define COLLIDE2D_BOX_BITS_SSE2 1
#else
#define COLLIDE2D_BOX_BITS_SSE2 0
#endif

namespace collide2d::detail {

#if COLLIDE2D_BOX_BITS_SSE2

// Bit j set when box j of the arrays (min x a, min y b, max x c, max y d) overlaps the closed box
// (x0, y0) - (x1, y1), or with `inside` lies inside it, for count <= 64 boxes. Reads whole groups
// of four: the arrays must hold 3 readable values past the last box.
template <bool inside>
inline std::uint64_t box_bits_sse2(const float* a, const float* b, const float* c, const float* d,
                                   int count, float x0, float y0, float x1, float y1) {
  const __m128 lo_x = _mm_set1_ps(x0), lo_y = _mm_set1_ps(y0);
  const __m128 hi_x = _mm_set1_ps(x1), hi_y = _mm_set1_ps(y1);
  std::uint64_t bits = 0;
  for (int k = 0; k < count; k += 4) {
    const __m128 ax = _mm_loadu_ps(a + k), by = _mm_loadu_ps(b + k);
    const __m128 cx = _mm_loadu_ps(c + k), dy = _mm_loadu_ps(d + k);
    __m128 hit;
    if constexpr (inside) {
      hit = _mm_and_ps(_mm_and_ps(_mm_cmple_ps(lo_x, ax), _mm_cmple_ps(cx, hi_x)),
                       _mm_and_ps(_mm_cmple_ps(lo_y, by), _mm_cmple_ps(dy, hi_y)));
    } else {
      hit = _mm_and_ps(_mm_and_ps(_mm_cmple_ps(ax, hi_x), _mm_cmple_ps(lo_x, cx)),
                       _mm_and_ps(_mm_cmple_ps(by, hi_y), _mm_cmple_ps(lo_y, dy)));
    }
    bits |= std::uint64_t(unsigned(_mm_movemask_ps(hit))) << k;
  }
  return count >= 64 ? bits : bits & ((std::uint64_t(1) << count) - 1);
}

#endif

}  // namespace collide2d::detail
