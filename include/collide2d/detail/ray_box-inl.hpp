// collide2d/detail/ray_box-inl.hpp - not part of the API: raycast and raycast_lean against Aabb
// and Obb (raycast.hpp), defined here so that they inline into the caller's loop, as Jolt and
// cute_c2 do for their hot pairs: the call, the copy of the whole RayHit through memory and the
// fields a caller never reads cost more than the slab test itself. The other shapes' ray casts, and
// the rare inputs of these two (a non-finite ray, a zero direction), stay in src/raycast.
// raycast.cpp still instantiates these templates for float and double, so the bindings and any
// caller that does not inline them link to one copy.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>

#include "collide2d/detail/force_inline.hpp"
#include "collide2d/detail/lanes_sse2.hpp"
#include "collide2d/detail/min_max.hpp"
#include "collide2d/math.hpp"
#include "collide2d/raycast.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {
namespace detail {

// The closed interval [t0, t1] of line parameters inside a shape, with the unit outward normal at
// t0, or an empty span (t0 > t1, or NaN) when the line misses.
template <class T>
struct LineSpan {
  T t0;
  T t1;
  Vec2<T> normal;

  static LineSpan empty() {
    const T inf = std::numeric_limits<T>::infinity();
    return {inf, -inf, {T(0), T(0)}};
  }
  bool hit() const { return t0 <= t1; }
};

// One slab lo <= origin + t d <= hi, in the IEEE infinity formulation (Williams et al., "An
// efficient and robust ray-box intersection algorithm", 2005): with inv = 1 / d, the line crosses
// the slab's sides at a = (lo - origin) inv and b = (hi - origin) inv; it enters at the smaller and
// leaves at the larger (for a valid box, lo <= hi; which one is which is the sign of inv). A
// direction parallel to the slab (d = +0 or -0) gives inv = +inf or -inf, so both parameters are
// infinite: (-inf, +inf) when the origin is strictly inside, an empty interval when it is outside -
// no epsilon and no branch on d. The one case IEEE leaves open is an origin exactly on a side with
// d = 0: 0 * inf = NaN. The line then runs along the side, which belongs to the closed slab, so a
// NaN must not constrain: first_if_greater(NaN, -inf) = -inf drops it from the entry and
// first_if_less(NaN, +inf) = +inf from the exit.
// A component so small that 1 / d overflows (below ~3e-39 in float) acts as 0: it changes only
// parameters beyond ~1e38, where no finite ray can reach.
//
// Every choice here is a min or max without a jump (detail/min_max.hpp): the sign of the direction
// and the slab entered last go either way at random over a set of rays, and the mispredicted
// jumps GCC made of the `?:` form cost more than the whole test. The batch kernel
// (src/batch/lane_tests-inl.hpp) computes the same values in the same order.
template <class T>
struct SlabSpan {
  T enter;
  T exit;
};

template <class T>
COLLIDE2D_FORCE_INLINE SlabSpan<T> slab_span(T origin, T d, T lo, T hi) {
  constexpr T inf = std::numeric_limits<T>::infinity();
  const T inv = T(1) / d;
  const T a = (lo - origin) * inv;
  const T b = (hi - origin) * inv;
  return {first_if_less(first_if_greater(a, -inf), first_if_greater(b, -inf)),
          first_if_greater(first_if_less(a, inf), first_if_less(b, inf))};
}

// -1, 0 or +1 from two exclusive flags, as arithmetic rather than a jump.
template <class T>
T unit_from_flags(bool minus, bool plus) {
  return T(plus) - T(minus);
}

// An axis-aligned box [lo, hi] (for an Obb: in its frame): the intersection of its two slabs. The
// entry normal is the face of the slab entered last (the x slab on a tie); a line inside both
// slabs from the start (both entries -inf) has none.
//
// Both slabs are the same arithmetic on the x and y components. Generic form: one slab after the
// other; double on SSE2: two lanes of one register (one division instead of two). Each lane
// performs exactly the scalar operations of slab_span (minpd / maxpd have the rule of
// first_if_less / first_if_greater), so the values are the same bit for bit.
template <class T>
struct TwoSlabs {
  SlabSpan<T> x;
  SlabSpan<T> y;
};

template <class T>
COLLIDE2D_FORCE_INLINE TwoSlabs<T> two_slabs(Vec2<T> origin, Vec2<T> d, Vec2<T> lo, Vec2<T> hi) {
  return {slab_span(origin.x, d.x, lo.x, hi.x), slab_span(origin.y, d.y, lo.y, hi.y)};
}

#if COLLIDE2D_SSE2_MIN_MAX
template <>
COLLIDE2D_FORCE_INLINE TwoSlabs<double> two_slabs(Vec2<double> origin, Vec2<double> d,
                                                  Vec2<double> lo, Vec2<double> hi) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  const __m128d o = _mm_setr_pd(origin.x, origin.y);
  const __m128d inv = _mm_div_pd(_mm_set1_pd(1.0), _mm_setr_pd(d.x, d.y));
  const __m128d a = _mm_mul_pd(_mm_sub_pd(_mm_setr_pd(lo.x, lo.y), o), inv);
  const __m128d b = _mm_mul_pd(_mm_sub_pd(_mm_setr_pd(hi.x, hi.y), o), inv);
  const __m128d lowest = _mm_set1_pd(-inf);
  const __m128d highest = _mm_set1_pd(inf);
  const __m128d enter = _mm_min_pd(_mm_max_pd(a, lowest), _mm_max_pd(b, lowest));
  const __m128d exit = _mm_max_pd(_mm_min_pd(a, highest), _mm_min_pd(b, highest));
  return {
      {_mm_cvtsd_f64(enter), _mm_cvtsd_f64(exit)},
      {_mm_cvtsd_f64(_mm_unpackhi_pd(enter, enter)), _mm_cvtsd_f64(_mm_unpackhi_pd(exit, exit))}};
}

// float on SSE2: the whole test in four lanes. A Ray<float> begins with (o.x, o.y, d.x, d.y) and
// an Aabb<float> is (lo.x, lo.y, hi.x, hi.y), each one 16-byte load; with the origin and the
// direction each repeated in both halves, one subtraction and one multiplication give both slabs'
// parameters (a.x, a.y, b.x, b.y), and the constants are operands in memory. This takes about 20
// fewer instructions than two lanes built from scalars, which matters in a loop of ray tests: they
// are long chains of dependent operations, and the fewer instructions, the more of them the
// processor overlaps. Lane for lane the operations of slab_span, so the values are the same.
//
// The constants, as 16-byte operands in memory: GCC rebuilds a _mm_set1_ps constant (or an aligned
// load of one) in the loop with a load and a shuffle, so it gets the instruction with its memory
// operand as inline assembly (Clang keeps the constant in a register or reads it from memory
// already). The operations are those of the intrinsics.
struct alignas(16) FourLanes {
  float lane[4];
};
inline constexpr FourLanes four_ones{{1.0f, 1.0f, 1.0f, 1.0f}};
inline constexpr float float_inf = std::numeric_limits<float>::infinity();
inline constexpr FourLanes four_lowest{{-float_inf, -float_inf, -float_inf, -float_inf}};
inline constexpr FourLanes four_highest{{float_inf, float_inf, float_inf, float_inf}};

// 1 / d, lane by lane.
COLLIDE2D_FORCE_INLINE __m128 reciprocal(__m128 d) {
#if COLLIDE2D_GCC_ASM_MIN_MAX
  __m128 r;
  __asm__("movaps %1, %0\n\tdivps %2, %0" : "=&x"(r) : "m"(four_ones), "x"(d));
  return r;
#else
  return _mm_div_ps(_mm_load_ps(four_ones.lane), d);
#endif
}
// _mm_max_ps(a, c) or _mm_min_ps(a, c) for a constant c.
template <bool larger>
COLLIDE2D_FORCE_INLINE __m128 bound_by(__m128 a, const FourLanes& c) {
#if COLLIDE2D_GCC_ASM_MIN_MAX
  if constexpr (larger) {
    __asm__("maxps %1, %0" : "+x"(a) : "m"(c));
  } else {
    __asm__("minps %1, %0" : "+x"(a) : "m"(c));
  }
  return a;
#else
  const __m128 k = _mm_load_ps(c.lane);
  return larger ? _mm_max_ps(a, k) : _mm_min_ps(a, k);
#endif
}

// line = (o.x, o.y, d.x, d.y), box = (lo.x, lo.y, hi.x, hi.y).
COLLIDE2D_FORCE_INLINE TwoSlabs<float> four_lane_slabs(__m128 line, __m128 box) {
  const __m128 origin = pick<_MM_SHUFFLE(1, 0, 1, 0)>(line);
  const __m128 inv = reciprocal(pick<_MM_SHUFFLE(3, 2, 3, 2)>(line));
  const __m128 ab = _mm_mul_ps(_mm_sub_ps(box, origin), inv);
  const __m128 lo = bound_by<true>(ab, four_lowest);
  const __m128 hi = bound_by<false>(ab, four_highest);
  const __m128 enter = _mm_min_ps(lo, pick<_MM_SHUFFLE(3, 2, 3, 2)>(lo));
  const __m128 exit = _mm_max_ps(hi, pick<_MM_SHUFFLE(3, 2, 3, 2)>(hi));
  return {{_mm_cvtss_f32(enter), _mm_cvtss_f32(exit)},
          {_mm_cvtss_f32(pick<_MM_SHUFFLE(1, 1, 1, 1)>(enter)),
           _mm_cvtss_f32(pick<_MM_SHUFFLE(1, 1, 1, 1)>(exit))}};
}

template <>
COLLIDE2D_FORCE_INLINE TwoSlabs<float> two_slabs(Vec2<float> origin, Vec2<float> d, Vec2<float> lo,
                                                 Vec2<float> hi) {
  return four_lane_slabs(_mm_movelh_ps(load_xy(origin), load_xy(d)),
                         _mm_movelh_ps(load_xy(lo), load_xy(hi)));
}
#endif

// The span of the box whose slabs are given, for a line of direction d. The entry normal is the
// face of the slab entered last (the x slab on a tie); a line inside both slabs from the start
// (both entries -inf) has none.
template <class T>
COLLIDE2D_FORCE_INLINE LineSpan<T> span_of_slabs(const TwoSlabs<T>& slabs, Vec2<T> d) {
  const SlabSpan<T> x = slabs.x;
  const SlabSpan<T> y = slabs.y;
  const bool y_entry = y.enter > x.enter;
  const bool x_entry = !y_entry & (x.enter > -std::numeric_limits<T>::infinity());
  // The face against the direction: its outward normal is -1 along a positive component.
  const bool x_positive = d.x > T(0);
  const bool y_positive = d.y > T(0);
  const Vec2<T> normal{unit_from_flags<T>(x_entry & x_positive, x_entry & !x_positive),
                       unit_from_flags<T>(y_entry & y_positive, y_entry & !y_positive)};
  return {first_if_greater(y.enter, x.enter), first_if_less(y.exit, x.exit), normal};
}

// An axis-aligned box [lo, hi] (for an Obb: in its frame): the intersection of its two slabs.
template <class T>
COLLIDE2D_FORCE_INLINE LineSpan<T> box_span(Vec2<T> origin, Vec2<T> d, Vec2<T> lo, Vec2<T> hi) {
  return span_of_slabs(two_slabs(origin, d, lo, hi), d);
}

// A ray whose origin and direction are finite and whose direction is not zero: the rays for which
// the box's span is the answer (a NaN max_t needs no test: first_if_less(t1, NaN) is NaN, a miss,
// as raycast.hpp says). Two comparisons and no other jump: |d.x| + |d.y| is positive exactly for a
// non-zero direction (a sum of non-negative numbers does not underflow to zero) and infinite or
// NaN for a non-finite one, and v - v is +0 for a finite v and NaN otherwise (no compiler folds it
// without -ffast-math, which would break the library's exactness anyway).
template <class T>
COLLIDE2D_FORCE_INLINE bool ray_is_regular(const Ray<T>& ray) {
  const T size = std::fabs(ray.direction.x) + std::fabs(ray.direction.y);
  const T zero = ((ray.origin.x - ray.origin.x) + (ray.origin.y - ray.origin.y)) + (size - size);
  return (zero <= T(0)) & (size > T(0));
}

// The entry and exit are clamped with min / max (no jump, min_max.hpp); the one jump left is hit or
// miss, which the caller takes anyway. span.t0 <= span.t1 also rejects NaN. An entry at
// t = infinity is no point of the ray: with a tiny direction the slab parameters overflow, and a
// box the ray's line misses gave t_enter = t_exit = inf, a "hit" when max_t is infinite (found by
// fuzz_scene). Such a hit would also be too far to represent.
template <class T>
struct ClippedSpan {
  T enter;
  T exit;
  bool hits;
};

template <class T>
COLLIDE2D_FORCE_INLINE ClippedSpan<T> clip(const Ray<T>& ray, const LineSpan<T>& span) {
  const T enter = first_if_greater(span.t0, T(0));
  const T exit = first_if_less(span.t1, ray.max_t);
  const bool hits =
      (span.t0 <= span.t1) & (enter <= exit) & (enter < std::numeric_limits<T>::infinity());
  return {enter, exit, hits};
}

// The same decision for a box's span, in one comparison. Its t0 and t1 are never NaN (slab_span
// drops a NaN parameter: first_if_greater(NaN, -inf) is -inf), so enter <= exit implies
// t0 <= enter <= exit <= t1; and enter (never NaN) is finite and at most exit exactly when it is at
// most min(largest finite, exit), whose NaN (max_t NaN) fails the comparison as before.
template <class T>
COLLIDE2D_FORCE_INLINE ClippedSpan<T> clip_box_span(const Ray<T>& ray, const LineSpan<T>& span) {
  const T enter = first_if_greater(span.t0, T(0));
  const T exit = first_if_less(span.t1, ray.max_t);
  return {enter, exit, enter <= first_if_less(std::numeric_limits<T>::max(), exit)};
}

// The record is written only for a hit, as a plain value: filling it inside the optional made GCC
// assemble its flags through the stack, a stalled store-to-load forward on every call.
template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHit<T>> hit_record(const Ray<T>& ray,
                                                           const LineSpan<T>& span,
                                                           const ClippedSpan<T>& c) {
  if (!c.hits) return std::nullopt;
  RayHit<T> hit;
  hit.t_enter = c.enter;
  hit.t_exit = c.exit;
  hit.point_enter = ray.origin + c.enter * ray.direction;
  hit.point_exit = ray.origin + c.exit * ray.direction;
  hit.started_inside = span.t0 <= T(0);
  hit.ended_inside = span.t1 > ray.max_t;
  hit.normal = hit.started_inside ? Vec2<T>{T(0), T(0)} : span.normal;
  return hit;
}

// The same entry, alone: raycast(...)->t_enter and ->normal, bit for bit.
template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHitLean<T>> entry_record(const LineSpan<T>& span,
                                                                 const ClippedSpan<T>& c) {
  if (!c.hits) return std::nullopt;
  const bool started_inside = span.t0 <= T(0);
  return RayHitLean<T>{c.enter, started_inside ? Vec2<T>{T(0), T(0)} : span.normal};
}

template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHit<T>> clip_to_ray(const Ray<T>& ray,
                                                            const LineSpan<T>& span) {
  return hit_record(ray, span, clip(ray, span));
}
template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHitLean<T>> clip_entry(const Ray<T>& ray,
                                                               const LineSpan<T>& span) {
  return entry_record(span, clip(ray, span));
}

// An Obb: the box's span in its own frame, the normal turned back to the world.
template <class T>
COLLIDE2D_FORCE_INLINE LineSpan<T> obb_span(const Ray<T>& ray, const Obb<T>& box) {
  const Vec2<T> origin = inverse_rotate(box.rotation, ray.origin - box.center);
  const Vec2<T> d = inverse_rotate(box.rotation, ray.direction);
  LineSpan<T> span = box_span(origin, d, -box.half_extents, box.half_extents);
  span.normal = rotate(box.rotation, span.normal);
  return span;
}

// The line span of either box, for the inline casts and irregular_raycast.
template <class T>
COLLIDE2D_FORCE_INLINE LineSpan<T> ray_span(const Ray<T>& ray, const Aabb<T>& box) {
  return box_span(ray.origin, ray.direction, box.min, box.max);
}
template <class T>
COLLIDE2D_FORCE_INLINE LineSpan<T> ray_span(const Ray<T>& ray, const Obb<T>& box) {
  return obb_span(ray, box);
}

// Which rays the box's span answers; the others go to irregular_raycast.
template <class T, class Box>
COLLIDE2D_FORCE_INLINE bool span_answers(const Ray<T>& ray, const Box&) {
  return ray_is_regular(ray);
}

#if COLLIDE2D_SSE2_MIN_MAX
// float: the same values from four-lane loads. The ray in the box's frame is inverse_rotate of
// (origin - center) and of the direction (minus a zero lane, which leaves every direction as it
// is, -0 included), lane for lane the same products and sums; the box is (-h, h).
COLLIDE2D_FORCE_INLINE LineSpan<float> ray_span(const Ray<float>& ray, const Aabb<float>& box) {
  return span_of_slabs(four_lane_slabs(first_four_lanes(ray), first_four_lanes(box)),
                       ray.direction);
}

COLLIDE2D_FORCE_INLINE LineSpan<float> ray_span(const Ray<float>& ray, const Obb<float>& box) {
  const __m128 w = _mm_sub_ps(first_four_lanes(ray), load_xy(box.center));
  const __m128 rotation = load_xy({box.rotation.c, box.rotation.s});
  const __m128 c_minus_s = _mm_xor_ps(pick<_MM_SHUFFLE(1, 0, 1, 0)>(rotation),
                                      _mm_setr_ps(0.0f, -0.0f, 0.0f, -0.0f));  // (c, -s, c, -s)
  const __m128 s_c = pick<_MM_SHUFFLE(0, 1, 0, 1)>(rotation);
  const __m128 local = _mm_add_ps(_mm_mul_ps(pick<_MM_SHUFFLE(2, 2, 0, 0)>(w), c_minus_s),
                                  _mm_mul_ps(pick<_MM_SHUFFLE(3, 3, 1, 1)>(w), s_c));
  const __m128 half = pick<_MM_SHUFFLE(1, 0, 1, 0)>(load_xy(box.half_extents));
  const __m128 bounds = _mm_xor_ps(half, _mm_setr_ps(-0.0f, -0.0f, 0.0f, 0.0f));  // (-h, h)
  const __m128 d = _mm_movehl_ps(local, local);
  const Vec2<float> local_d{_mm_cvtss_f32(d), _mm_cvtss_f32(_mm_shuffle_ps(d, d, 1))};
  LineSpan<float> span = span_of_slabs(four_lane_slabs(local, bounds), local_d);
  span.normal = rotate(box.rotation, span.normal);
  return span;
}

// The ray's (o.x, o.y, d.x, d.y) as two 64-bit words of two floats each. The checks below are
// integer operations: the slab test keeps the processor's floating-point units busy, and the same
// checks as packed float comparisons took about 5% of a loop of ray casts.
struct RayWords {
  std::uint64_t origin;
  std::uint64_t direction;
};

COLLIDE2D_FORCE_INLINE RayWords words_of(const Ray<float>& ray) {
  static_assert(sizeof(Vec2<float>) == sizeof(std::uint64_t));
  RayWords w;
  std::memcpy(&w.origin, &ray.origin, sizeof w.origin);
  std::memcpy(&w.direction, &ray.direction, sizeof w.direction);
  return w;
}

// Whether all four floats are finite: a float is infinite or NaN exactly when its exponent field
// (0x7f800000) is all ones, and adding 0x00800000 to the field carries into the float's top bit
// exactly then (never beyond its 32 bits).
COLLIDE2D_FORCE_INLINE bool finite_words(const RayWords& w) {
  constexpr std::uint64_t exponents = 0x7f8000007f800000;
  constexpr std::uint64_t carry = 0x0080000000800000;
  constexpr std::uint64_t tops = 0x8000000080000000;
  return ((((w.origin & exponents) + carry) | ((w.direction & exponents) + carry)) & tops) == 0;
}

// A finite ray with a zero direction gets the point query's answer from an Aabb's span: with
// d = 0 every slab parameter is an infinity or the NaN that slab_span drops, so the span is the
// whole line when the origin is in the closed box and empty otherwise, and the clip makes it a hit
// at t = 0 exactly when max_t >= 0. The lean entry (t = 0, started inside, no normal) is then
// irregular_raycast's; the full record is mended on the hit (raycast below).
COLLIDE2D_FORCE_INLINE bool span_answers(const Ray<float>& ray, const Aabb<float>&) {
  return finite_words(words_of(ray));
}

// An Obb's span would decide a zero direction with the rounded frame of the origin, which may
// differ from the point query's, so that case stays out: a direction is zero when both of its
// floats are +0 or -0, all bits but the signs clear.
COLLIDE2D_FORCE_INLINE bool span_answers(const Ray<float>& ray, const Obb<float>&) {
  const RayWords w = words_of(ray);
  return finite_words(w) & ((w.direction & 0x7fffffff7fffffff) != 0);
}
#endif

// The full record of a zero direction that the span answered (float Aabb above): the point query's
// t_exit = 0 and ended_inside, rather than the whole line clipped to [0, max_t].
template <class T>
COLLIDE2D_FORCE_INLINE void mend_point_hit(const Ray<T>& ray, std::optional<RayHit<T>>& hit) {
  if (hit && (ray.direction.x == T(0)) & (ray.direction.y == T(0))) [[unlikely]]
    hit = RayHit<T>{T(0), T(0), ray.origin, ray.origin, {T(0), T(0)}, true, true};
}

// The answer for a ray that is not regular (src/raycast/raycast.cpp): std::nullopt for a
// non-finite one, the point query at the origin for a zero direction. Pure (it reads its arguments
// and writes nothing but its result), so that a caller's loop need not reload what it holds in
// registers around this rare call: GCC reloaded the loop's array pointers on every iteration.
template <class T, class S>
COLLIDE2D_PURE std::optional<RayHit<T>> irregular_raycast(const Ray<T>& ray, const S& shape);

template <class T, class S>
std::optional<RayHitLean<T>> irregular_raycast_lean(const Ray<T>& ray, const S& shape) {
  const std::optional<RayHit<T>> hit = irregular_raycast(ray, shape);
  if (!hit) return std::nullopt;
  return RayHitLean<T>{hit->t_enter, hit->normal};
}

}  // namespace detail

template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Aabb<T>& box) {
  if (!detail::span_answers(ray, box)) [[unlikely]]
    return detail::irregular_raycast(ray, box);
  const detail::LineSpan<T> span = detail::ray_span(ray, box);
  std::optional<RayHit<T>> hit = detail::hit_record(ray, span, detail::clip_box_span(ray, span));
  detail::mend_point_hit(ray, hit);
  return hit;
}

template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Obb<T>& box) {
  if (!detail::span_answers(ray, box)) [[unlikely]]
    return detail::irregular_raycast(ray, box);
  const detail::LineSpan<T> span = detail::ray_span(ray, box);
  return detail::hit_record(ray, span, detail::clip_box_span(ray, span));
}

template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray,
                                                                 const Aabb<T>& box) {
  if (!detail::span_answers(ray, box)) [[unlikely]]
    return detail::irregular_raycast_lean(ray, box);
  const detail::LineSpan<T> span = detail::ray_span(ray, box);
  return detail::entry_record(span, detail::clip_box_span(ray, span));
}

template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray,
                                                                 const Obb<T>& box) {
  if (!detail::span_answers(ray, box)) [[unlikely]]
    return detail::irregular_raycast_lean(ray, box);
  const detail::LineSpan<T> span = detail::ray_span(ray, box);
  return detail::entry_record(span, detail::clip_box_span(ray, span));
}

}  // namespace collide2d
