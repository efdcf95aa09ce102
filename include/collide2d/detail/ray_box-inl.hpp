// collide2d/detail/ray_box-inl.hpp - not part of the API: raycast and raycast_lean against Aabb
// and Obb (raycast.hpp), defined here so that they inline into the caller's loop, as Jolt and
// cute_c2 do for their hot pairs: the call, the copy of the whole RayHit through memory and the
// fields a caller never reads cost more than the slab test itself. The other shapes' ray casts, and
// the rare inputs of these two (a non-finite ray, a zero direction), stay in src/raycast.
// raycast.cpp still instantiates these templates for float and double, so the bindings and any
// caller that does not inline them link to one copy.
#pragma once

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

#include "collide2d/detail/force_inline.hpp"
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
// Both slabs are the same arithmetic on the x and y components, so on SSE2 they are computed as two
// lanes of one register: one division instead of two, and half the instructions, which lets the
// processor overlap more ray tests in a loop (each is a long chain of dependent operations). Each
// lane performs exactly the scalar operations of slab_span (minps / maxps have the rule of
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
// (x, y, 0, 0): one 64-bit load (building the register from two floats takes GCC three moves).
COLLIDE2D_FORCE_INLINE __m128 load_xy(Vec2<float> v) {
  static_assert(sizeof(Vec2<float>) == sizeof(double));
  double bits;
  std::memcpy(&bits, &v, sizeof bits);
  return _mm_castpd_ps(_mm_set_sd(bits));
}

// The upper two lanes hold NaN (0 times 1 / 0), which no lane below reads.
template <>
COLLIDE2D_FORCE_INLINE TwoSlabs<float> two_slabs(Vec2<float> origin, Vec2<float> d, Vec2<float> lo,
                                                 Vec2<float> hi) {
  constexpr float inf = std::numeric_limits<float>::infinity();
  const __m128 o = load_xy(origin);
  const __m128 inv = _mm_div_ps(_mm_set1_ps(1.0f), load_xy(d));
  const __m128 a = _mm_mul_ps(_mm_sub_ps(load_xy(lo), o), inv);
  const __m128 b = _mm_mul_ps(_mm_sub_ps(load_xy(hi), o), inv);
  const __m128 lowest = _mm_set1_ps(-inf);
  const __m128 highest = _mm_set1_ps(inf);
  const __m128 enter = _mm_min_ps(_mm_max_ps(a, lowest), _mm_max_ps(b, lowest));
  const __m128 exit = _mm_max_ps(_mm_min_ps(a, highest), _mm_min_ps(b, highest));
  const __m128 enter_y = _mm_shuffle_ps(enter, enter, _MM_SHUFFLE(1, 1, 1, 1));
  const __m128 exit_y = _mm_shuffle_ps(exit, exit, _MM_SHUFFLE(1, 1, 1, 1));
  return {{_mm_cvtss_f32(enter), _mm_cvtss_f32(exit)},
          {_mm_cvtss_f32(enter_y), _mm_cvtss_f32(exit_y)}};
}

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
#endif

template <class T>
COLLIDE2D_FORCE_INLINE LineSpan<T> box_span(Vec2<T> origin, Vec2<T> d, Vec2<T> lo, Vec2<T> hi) {
  const TwoSlabs<T> slabs = two_slabs(origin, d, lo, hi);
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

// The record is written only for a hit, as a plain value: filling it inside the optional made GCC
// assemble its flags through the stack, a stalled store-to-load forward on every call.
template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHit<T>> clip_to_ray(const Ray<T>& ray,
                                                            const LineSpan<T>& span) {
  const ClippedSpan<T> c = clip(ray, span);
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
COLLIDE2D_FORCE_INLINE std::optional<RayHitLean<T>> clip_entry(const Ray<T>& ray,
                                                               const LineSpan<T>& span) {
  const ClippedSpan<T> c = clip(ray, span);
  if (!c.hits) return std::nullopt;
  const bool started_inside = span.t0 <= T(0);
  return RayHitLean<T>{c.enter, started_inside ? Vec2<T>{T(0), T(0)} : span.normal};
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

// The answer for a ray that is not regular (src/raycast/raycast.cpp): std::nullopt for a
// non-finite one, the point query at the origin for a zero direction.
template <class T, class S>
std::optional<RayHit<T>> irregular_raycast(const Ray<T>& ray, const S& shape);

template <class T, class S>
std::optional<RayHitLean<T>> irregular_raycast_lean(const Ray<T>& ray, const S& shape) {
  const std::optional<RayHit<T>> hit = irregular_raycast(ray, shape);
  if (!hit) return std::nullopt;
  return RayHitLean<T>{hit->t_enter, hit->normal};
}

}  // namespace detail

template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Aabb<T>& box) {
  if (!detail::ray_is_regular(ray)) [[unlikely]]
    return detail::irregular_raycast(ray, box);
  return detail::clip_to_ray(ray, detail::ray_span(ray, box));
}

template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Obb<T>& box) {
  if (!detail::ray_is_regular(ray)) [[unlikely]]
    return detail::irregular_raycast(ray, box);
  return detail::clip_to_ray(ray, detail::ray_span(ray, box));
}

template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray,
                                                                 const Aabb<T>& box) {
  if (!detail::ray_is_regular(ray)) [[unlikely]]
    return detail::irregular_raycast_lean(ray, box);
  return detail::clip_entry(ray, detail::ray_span(ray, box));
}

template <class T>
COLLIDE2D_FORCE_INLINE std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray,
                                                                 const Obb<T>& box) {
  if (!detail::ray_is_regular(ray)) [[unlikely]]
    return detail::irregular_raycast_lean(ray, box);
  return detail::clip_entry(ray, detail::ray_span(ray, box));
}

}  // namespace collide2d
