// Private, per SIMD target: the scalar tests of overlap/ and raycast/, one shape pair per lane.
//
// Each function is a transcription of its scalar original, operation by operation and in the same
// order, so that every lane rounds exactly as the scalar code does: products and sums in the same
// association (and never fused: the library is built with -ffp-contract=off), the same compare
// operators (so NaN compares false where it does there), selects where the scalar code branches.
// Abs (clear the sign bit) is detail::abs (std::fabs) exactly.
//
// Shapes are passed as arrays of field vectors in the order of the batch columns (batch.hpp).

// Highway's per-target include guard: this file is compiled once for every target.
#if defined(COLLIDE2D_BATCH_LANE_TESTS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef COLLIDE2D_BATCH_LANE_TESTS_INL_H_
#undef COLLIDE2D_BATCH_LANE_TESTS_INL_H_
#else
#define COLLIDE2D_BATCH_LANE_TESTS_INL_H_
#endif

#include <cstddef>
#include <cstdint>
#include <limits>

#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace collide2d::detail::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

template <class D>
using V = hn::Vec<D>;
template <class D>
using M = hn::Mask<D>;

// The bytes of each lane reversed: memcmp compares the first byte in memory (the least
// significant, on the little-endian machines Highway targets) first.
template <class DU>
HWY_INLINE V<DU> ReverseBytes(DU du, V<DU> x) {
  using TU = hn::TFromD<DU>;
  x = hn::Or(hn::ShiftLeft<8>(hn::And(x, hn::Set(du, static_cast<TU>(0x00FF00FF00FF00FFull)))),
             hn::And(hn::ShiftRight<8>(x), hn::Set(du, static_cast<TU>(0x00FF00FF00FF00FFull))));
  x = hn::Or(hn::ShiftLeft<16>(hn::And(x, hn::Set(du, static_cast<TU>(0x0000FFFF0000FFFFull)))),
             hn::And(hn::ShiftRight<16>(x), hn::Set(du, static_cast<TU>(0x0000FFFF0000FFFFull))));
  if constexpr (sizeof(TU) == 8) x = hn::Or(hn::ShiftLeft<32>(x), hn::ShiftRight<32>(x));
  return x;
}

// A signed integer per lane that orders lanes as memcmp orders the bytes of the values.
template <class D>
HWY_INLINE V<hn::RebindToSigned<D>> MemcmpKey(D, V<D> v) {
  const hn::RebindToUnsigned<D> du;
  const hn::RebindToSigned<D> di;
  using TU = hn::TFromD<decltype(du)>;
  const V<decltype(du)> key = ReverseBytes(du, hn::BitCast(du, v));
  // Unsigned order as signed order: flip the top bit.
  return hn::BitCast(di, hn::Xor(key, hn::Set(du, static_cast<TU>(TU(1) << (8 * sizeof(TU) - 1)))));
}

// memcmp(&a, &b, sizeof) > 0 per lane, for shapes of `fields` values without padding: the first
// field whose bytes differ decides, by its first differing byte.
template <class D>
HWY_INLINE M<D> MemcmpGreater(D d, const V<D>* a, const V<D>* b, std::size_t fields) {
  const hn::RebindToSigned<D> di;
  M<decltype(di)> greater = hn::FirstN(di, 0);
  M<decltype(di)> decided = hn::FirstN(di, 0);
  for (std::size_t f = 0; f < fields; ++f) {
    const auto key_a = MemcmpKey(d, a[f]);
    const auto key_b = MemcmpKey(d, b[f]);
    greater = hn::Or(greater, hn::AndNot(decided, hn::Gt(key_a, key_b)));
    decided = hn::Or(decided, hn::Ne(key_a, key_b));
    if (hn::AllTrue(di, decided)) break;  // almost always after the centre's x
  }
  return hn::RebindMask(d, greater);
}

// boxes_overlap of box_pairs.cpp: the four projection-radius tests in A's frame.
template <class D>
HWY_INLINE M<D> BoxesOverlap(V<D> ha_x, V<D> ha_y, V<D> hb_x, V<D> hb_y, V<D> offset_x,
                             V<D> offset_y, V<D> rel_c, V<D> rel_s) {
  const V<D> c = hn::Abs(rel_c);
  const V<D> s = hn::Abs(rel_s);
  const M<D> apart_x =
      hn::Gt(hn::Abs(offset_x), hn::Add(hn::Add(ha_x, hn::Mul(hb_x, c)), hn::Mul(hb_y, s)));
  const M<D> apart_y =
      hn::Gt(hn::Abs(offset_y), hn::Add(hn::Add(ha_y, hn::Mul(hb_x, s)), hn::Mul(hb_y, c)));
  // inverse_rotate(rel, offset)
  const V<D> offset_b_x = hn::Add(hn::Mul(rel_c, offset_x), hn::Mul(rel_s, offset_y));
  const V<D> offset_b_y = hn::Add(hn::Mul(hn::Neg(rel_s), offset_x), hn::Mul(rel_c, offset_y));
  const M<D> apart_bx =
      hn::Gt(hn::Abs(offset_b_x), hn::Add(hn::Add(hb_x, hn::Mul(ha_x, c)), hn::Mul(ha_y, s)));
  const M<D> within_by =
      hn::Le(hn::Abs(offset_b_y), hn::Add(hn::Add(hb_y, hn::Mul(ha_x, s)), hn::Mul(ha_y, c)));
  return hn::AndNot(hn::Or(hn::Or(apart_x, apart_y), apart_bx), within_by);
}

// overlaps(Obb, Obb): canonical order by bytes, then B in A's frame.
struct ObbObbTest {
  static constexpr std::size_t fields_a = 6;
  static constexpr std::size_t fields_b = 6;
  template <class D>
  static HWY_INLINE M<D> Apply(D d, const V<D>* first, const V<D>* second) {
    const M<D> swap = MemcmpGreater(d, first, second, 6);
    V<D> a[6];
    V<D> b[6];
    for (std::size_t f = 0; f < 6; ++f) {
      a[f] = hn::IfThenElse(swap, second[f], first[f]);
      b[f] = hn::IfThenElse(swap, first[f], second[f]);
    }
    const V<D> rel_c = hn::Add(hn::Mul(a[4], b[4]), hn::Mul(a[5], b[5]));
    const V<D> rel_s = hn::Sub(hn::Mul(a[4], b[5]), hn::Mul(a[5], b[4]));
    const V<D> d_x = hn::Sub(b[0], a[0]);
    const V<D> d_y = hn::Sub(b[1], a[1]);
    const V<D> offset_x = hn::Add(hn::Mul(a[4], d_x), hn::Mul(a[5], d_y));
    const V<D> offset_y = hn::Add(hn::Mul(hn::Neg(a[5]), d_x), hn::Mul(a[4], d_y));
    return BoxesOverlap<D>(a[2], a[3], b[2], b[3], offset_x, offset_y, rel_c, rel_s);
  }
};

// overlaps(Aabb, Obb): the Aabb's centre and half extents, then the same four tests.
struct AabbObbTest {
  static constexpr std::size_t fields_a = 4;
  static constexpr std::size_t fields_b = 6;
  template <class D>
  static HWY_INLINE M<D> Apply(D d, const V<D>* a, const V<D>* b) {
    using T = hn::TFromD<D>;
    const V<D> half = hn::Set(d, T(0.5));
    const V<D> ha_x = hn::Mul(half, hn::Sub(a[2], a[0]));
    const V<D> ha_y = hn::Mul(half, hn::Sub(a[3], a[1]));
    const V<D> center_x = hn::Mul(half, hn::Add(a[0], a[2]));
    const V<D> center_y = hn::Mul(half, hn::Add(a[1], a[3]));
    return BoxesOverlap<D>(ha_x, ha_y, b[2], b[3], hn::Sub(b[0], center_x), hn::Sub(b[1], center_y),
                           b[4], b[5]);
  }
};

// overlaps(Aabb, Aabb): interval overlap on both axes.
struct AabbAabbTest {
  static constexpr std::size_t fields_a = 4;
  static constexpr std::size_t fields_b = 4;
  template <class D>
  static HWY_INLINE M<D> Apply(D, const V<D>* a, const V<D>* b) {
    return hn::And(hn::And(hn::Le(a[0], b[2]), hn::Le(b[0], a[2])),
                   hn::And(hn::Le(a[1], b[3]), hn::Le(b[1], a[3])));
  }
};

// clamp_box of predicates.hpp: min(max(v, lo), hi) with the comparisons of std::min / std::max.
template <class D>
HWY_INLINE V<D> Clamp(V<D> v, V<D> lo, V<D> hi) {
  const V<D> at_least_lo = hn::IfThenElse(hn::Lt(v, lo), lo, v);
  return hn::IfThenElse(hn::Lt(hi, at_least_lo), hi, at_least_lo);
}

// overlaps(Circle, Obb) = core_box_within(point core, box frame): the centre in the box's frame,
// then for radius 0 point_in_box, otherwise point_box_within (clamp, squared distance).
struct CircleObbTest {
  static constexpr std::size_t fields_a = 3;
  static constexpr std::size_t fields_b = 6;
  template <class D>
  static HWY_INLINE M<D> Apply(D d, const V<D>* circle, const V<D>* box) {
    const V<D> d_x = hn::Sub(circle[0], box[0]);
    const V<D> d_y = hn::Sub(circle[1], box[1]);
    const V<D> p_x = hn::Add(hn::Mul(box[4], d_x), hn::Mul(box[5], d_y));
    const V<D> p_y = hn::Add(hn::Mul(hn::Neg(box[5]), d_x), hn::Mul(box[4], d_y));
    const M<D> in_box = hn::And(hn::Le(hn::Abs(p_x), box[2]), hn::Le(hn::Abs(p_y), box[3]));
    const V<D> w_x = hn::Sub(p_x, Clamp<D>(p_x, hn::Neg(box[2]), box[2]));
    const V<D> w_y = hn::Sub(p_y, Clamp<D>(p_y, hn::Neg(box[3]), box[3]));
    const M<D> within =
        hn::Le(hn::Add(hn::Mul(w_x, w_x), hn::Mul(w_y, w_y)), hn::Mul(circle[2], circle[2]));
    const M<D> point = hn::Eq(circle[2], hn::Zero(d));
    return hn::Or(hn::And(point, in_box), hn::AndNot(point, within));
  }
};

// A ray's lanes with what the slab test derives from the ray alone (hoisted out of the loop when
// one ray meets many boxes).
template <class D>
struct PreparedRays {
  V<D> origin_x, origin_y, inv_x, inv_y, max_t;
  M<D> finite;          // ray_is_finite
  M<D> zero_direction;  // answered as the point query at the origin
};

template <class D>
HWY_INLINE PreparedRays<D> PrepareRays(D d, const V<D>* ray) {
  using T = hn::TFromD<D>;
  const M<D> finite = hn::And(hn::And(hn::IsFinite(ray[0]), hn::IsFinite(ray[1])),
                              hn::And(hn::IsFinite(ray[2]), hn::IsFinite(ray[3])));
  const V<D> zero = hn::Zero(d);
  return {ray[0],
          ray[1],
          hn::Div(hn::Set(d, T(1)), ray[2]),
          hn::Div(hn::Set(d, T(1)), ray[3]),
          ray[4],
          hn::AndNot(hn::IsNaN(ray[4]), finite),
          hn::And(hn::Eq(ray[2], zero), hn::Eq(ray[3], zero))};
}

// first_if_less / first_if_greater of detail/min_max.hpp: `a < b ? a : b` and `a > b ? a : b`,
// b on a tie or a NaN. On x86 that is exactly what minps / maxps (hn::Min / hn::Max) do, in one
// instruction; Highway's other targets give Min and Max other NaN rules (NEON returns the NaN,
// the emulated target the other operand), so there it is a comparison and a select.
#if HWY_ARCH_X86 && HWY_TARGET != HWY_EMU128 && HWY_TARGET != HWY_SCALAR
#define COLLIDE2D_MIN_MAX_ARE_FIRST_IF 1
#else
#define COLLIDE2D_MIN_MAX_ARE_FIRST_IF 0
#endif
template <class V>
HWY_INLINE V FirstIfLess(V a, V b) {
#if COLLIDE2D_MIN_MAX_ARE_FIRST_IF
  return hn::Min(a, b);
#else
  return hn::IfThenElse(hn::Lt(a, b), a, b);
#endif
}
template <class V>
HWY_INLINE V FirstIfGreater(V a, V b) {
#if COLLIDE2D_MIN_MAX_ARE_FIRST_IF
  return hn::Max(a, b);
#else
  return hn::IfThenElse(hn::Gt(a, b), a, b);
#endif
}
#undef COLLIDE2D_MIN_MAX_ARE_FIRST_IF

// slab_span of line_spans.hpp: where the line enters and leaves one slab.
template <class D>
HWY_INLINE void SlabSpan(D d, V<D> origin, V<D> inv, V<D> lo, V<D> hi, V<D>& enter, V<D>& exit) {
  using T = hn::TFromD<D>;
  const V<D> inf = hn::Set(d, std::numeric_limits<T>::infinity());
  const V<D> minus_inf = hn::Neg(inf);
  const V<D> a = hn::Mul(hn::Sub(lo, origin), inv);
  const V<D> b = hn::Mul(hn::Sub(hi, origin), inv);
  // A NaN (0 * inf: the origin on a side, d = 0) constrains neither end.
  enter = FirstIfLess(FirstIfGreater(a, minus_inf), FirstIfGreater(b, minus_inf));
  exit = FirstIfGreater(FirstIfLess(a, inf), FirstIfLess(b, inf));
}

// raycast(Ray, Aabb): hit mask, and t_enter / t_exit (NaN where there is no hit). PlainRay: every
// lane's ray is known to be finite with a non-zero direction (one ray against many boxes, checked
// once), so the point query of a zero direction is left out; the answers are the same.
template <bool PlainRay, class D>
HWY_INLINE M<D> RayAabb(D d, const PreparedRays<D>& ray, const V<D>* box, V<D>& t_enter,
                        V<D>& t_exit) {
  using T = hn::TFromD<D>;
  const V<D> zero = hn::Zero(d);
  const V<D> inf = hn::Set(d, std::numeric_limits<T>::infinity());
  // box_span, then clip_to_ray.
  V<D> x_enter, x_exit, y_enter, y_exit;
  SlabSpan(d, ray.origin_x, ray.inv_x, box[0], box[2], x_enter, x_exit);
  SlabSpan(d, ray.origin_y, ray.inv_y, box[1], box[3], y_enter, y_exit);
  const V<D> t0 = FirstIfGreater(y_enter, x_enter);
  const V<D> t1 = FirstIfLess(y_exit, x_exit);
  const V<D> enter = FirstIfGreater(t0, zero);
  const V<D> exit = FirstIfLess(t1, ray.max_t);
  // An entry at t = infinity is no point of the ray (clip_to_ray).
  const M<D> span_hit = hn::And(hn::And(hn::Le(t0, t1), hn::Le(enter, exit)), hn::Lt(enter, inf));
  const V<D> nan = hn::Set(d, std::numeric_limits<T>::quiet_NaN());
  if constexpr (PlainRay) {
    t_enter = hn::IfThenElse(span_hit, enter, nan);
    t_exit = hn::IfThenElse(span_hit, exit, nan);
    return span_hit;
  } else {
    // Zero direction: overlaps(origin, box), a hit at t = 0 when max_t >= 0.
    const M<D> point_hit =
        hn::And(hn::And(hn::Ge(ray.max_t, zero),
                        hn::And(hn::Le(box[0], ray.origin_x), hn::Le(ray.origin_x, box[2]))),
                hn::And(hn::Le(box[1], ray.origin_y), hn::Le(ray.origin_y, box[3])));
    const M<D> hit = hn::And(ray.finite, hn::Or(hn::And(ray.zero_direction, point_hit),
                                                hn::AndNot(ray.zero_direction, span_hit)));
    t_enter = hn::IfThenElse(hit, hn::IfThenElse(ray.zero_direction, zero, enter), nan);
    t_exit = hn::IfThenElse(hit, hn::IfThenElse(ray.zero_direction, zero, exit), nan);
    return hit;
  }
}

}  // namespace collide2d::detail::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // include guard
