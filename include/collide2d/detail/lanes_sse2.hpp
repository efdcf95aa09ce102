// collide2d/detail/lanes_sse2.hpp - not part of the API: loads and shuffles of float lanes on
// SSE2, shared by the inline box ray casts (ray_box-inl.hpp) and the containment filters
// (src/containment). COLLIDE2D_SSE2_MIN_MAX (min_max.hpp) says whether they exist.
#pragma once

#include <cstring>

#include "collide2d/detail/force_inline.hpp"
#include "collide2d/detail/min_max.hpp"
#include "collide2d/math.hpp"

#if COLLIDE2D_SSE2_MIN_MAX
namespace collide2d::detail {

// The first 16 bytes of an object as four float lanes: (origin, direction) of a Ray<float>,
// (min, max) of an Aabb<float>.
template <class S>
COLLIDE2D_FORCE_INLINE __m128 first_four_lanes(const S& s) {
  static_assert(sizeof(S) >= sizeof(__m128));
  __m128 lanes;
  std::memcpy(&lanes, &s, sizeof lanes);
  return lanes;
}

// (x, y, 0, 0): one 64-bit load (building the register from two floats takes GCC three moves).
COLLIDE2D_FORCE_INLINE __m128 load_xy(const Vec2<float>& v) {
  static_assert(sizeof(Vec2<float>) == sizeof(double));
  double bits;
  std::memcpy(&bits, &v, sizeof bits);
  return _mm_castpd_ps(_mm_set_sd(bits));
}

// The lanes of v picked by imm (_MM_SHUFFLE order) into a new register: pshufd, where the float
// shuffles overwrite their source and GCC copies it first.
template <int imm>
COLLIDE2D_FORCE_INLINE __m128 pick(__m128 v) {
  return _mm_castsi128_ps(_mm_shuffle_epi32(_mm_castps_si128(v), imm));
}

// (v[0], v[1]) of an array of at least two points.
COLLIDE2D_FORCE_INLINE __m128 load_two(const Vec2<float>* v) {
  __m128 lanes;
  std::memcpy(&lanes, v, sizeof lanes);
  return lanes;
}

// (v, v): a point in both halves.
COLLIDE2D_FORCE_INLINE __m128 load_xy_twice(const Vec2<float>& v) {
  return pick<_MM_SHUFFLE(1, 0, 1, 0)>(load_xy(v));
}

}  // namespace collide2d::detail
#endif
