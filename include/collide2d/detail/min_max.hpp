// collide2d/detail/min_max.hpp - not part of the API: the smaller or larger of two numbers, with
// the NaN rule of the slab test, and no jump.
//
// first_if_less(a, b) is exactly `a < b ? a : b` and first_if_greater(a, b) `a > b ? a : b`: when
// the two compare equal (+0 and -0 too) or either is NaN, the answer is b. That is the rule of the
// x86 SSE instructions minss / minsd and maxss / maxsd, which the SSE2 branch below uses: GCC 12
// compiles most `?:` of the ray-box slab test to conditional jumps, and where the comparison goes
// either way at random (the sign of a ray's direction, the slab entered last) a mispredicted jump
// costs more than the arithmetic around it. Elsewhere the plain expression is the definition
// (AArch64 compilers emit fcsel for it, WebAssembly a select). Either way the value is the same,
// bit for bit, so scalar code and the SIMD batch kernels agree (FirstIfLess / FirstIfGreater in
// src/batch/lane_tests-inl.hpp: minps / maxps on x86, a comparison and a select elsewhere).
//
// GCC (12) builds the intrinsics' operands with _mm_set_ss, which zeroes the upper lanes: two or
// three register moves per min or max, and round trips through an integer register, about as many
// instructions as the rest of a ray-box test. So on x86-64 GCC gets the one instruction itself as
// inline assembly (Clang compiles the intrinsics to it already). The value is the same either way.
#pragma once

#if defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define COLLIDE2D_SSE2_MIN_MAX 1
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define COLLIDE2D_GCC_ASM_MIN_MAX 1
#endif
#endif

namespace collide2d::detail {

template <class T>
T first_if_less(T a, T b) {
  return a < b ? a : b;
}
template <class T>
T first_if_greater(T a, T b) {
  return a > b ? a : b;
}

#if COLLIDE2D_GCC_ASM_MIN_MAX
// minss b, a sets a = a < b ? a : b (the second operand on equality or NaN), and so on. b may be
// in memory (a ray's max_t, say), which saves the load into a register.
template <>
inline float first_if_less(float a, float b) {
  __asm__("minss %1, %0" : "+x"(a) : "xm"(b));
  return a;
}
template <>
inline float first_if_greater(float a, float b) {
  __asm__("maxss %1, %0" : "+x"(a) : "xm"(b));
  return a;
}
template <>
inline double first_if_less(double a, double b) {
  __asm__("minsd %1, %0" : "+x"(a) : "xm"(b));
  return a;
}
template <>
inline double first_if_greater(double a, double b) {
  __asm__("maxsd %1, %0" : "+x"(a) : "xm"(b));
  return a;
}
#elif COLLIDE2D_SSE2_MIN_MAX
template <>
inline float first_if_less(float a, float b) {
  return _mm_cvtss_f32(_mm_min_ss(_mm_set_ss(a), _mm_set_ss(b)));
}
template <>
inline float first_if_greater(float a, float b) {
  return _mm_cvtss_f32(_mm_max_ss(_mm_set_ss(a), _mm_set_ss(b)));
}
template <>
inline double first_if_less(double a, double b) {
  return _mm_cvtsd_f64(_mm_min_sd(_mm_set_sd(a), _mm_set_sd(b)));
}
template <>
inline double first_if_greater(double a, double b) {
  return _mm_cvtsd_f64(_mm_max_sd(_mm_set_sd(a), _mm_set_sd(b)));
}
#endif

}  // namespace collide2d::detail
