// collide2d/detail/box_overlap.hpp - not part of the API: the separating-axis tests of two boxes
// and the circle / Obb test, inline so that overlaps() (collide2d/detail/overlap_boxes-inl.hpp)
// inlines into the caller's loop and the Scene's index runs the very same arithmetic on its
// candidates (same answer, bit for bit) without a call.
//
// Two boxes are disjoint exactly when one of the four box axes separates them (the separating
// axis theorem; in 2D the candidate axes are the edge normals of both). Along a unit axis u a box
// of half extents h and axes (x, y) projects to a radius h.x |u.x'| + h.y |u.y'|, and the boxes
// overlap along u when |dot(d, u)| <= r_a + r_b with d the centre difference (Ericson, Real-Time
// Collision Detection, 4.4.1). Working in A's frame, B's axes are the columns of the relative
// rotation R = R_a^T R_b, whose absolute entries are |c| and |s| in both columns, so the four
// tests share two absolute values.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "collide2d/detail/byte_order.hpp"
#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::detail {

// centre_offset: B's centre minus A's, in A's frame; rel: B's rotation relative to A's. All four
// axes are evaluated and combined without branches: the same answer as stopping at the first
// separating axis, and no mispredicted jumps when many boxes are tested.
template <class T>
inline bool boxes_overlap(Vec2<T> ha, Vec2<T> hb, Vec2<T> centre_offset, Rot<T> rel) {
  const T c = std::fabs(rel.c);
  const T s = std::fabs(rel.s);
  const bool x = !(std::fabs(centre_offset.x) > ha.x + hb.x * c + hb.y * s);
  const bool y = !(std::fabs(centre_offset.y) > ha.y + hb.x * s + hb.y * c);
  // The same offset in B's frame: rotate back by the relative rotation.
  const Vec2<T> offset_b = inverse_rotate(rel, centre_offset);
  const bool bx = !(std::fabs(offset_b.x) > hb.x + ha.x * c + ha.y * s);
  const bool by = std::fabs(offset_b.y) <= hb.y + ha.x * s + ha.y * c;
  return x & y & bx & by;
}

template <class T>
inline bool aabb_obb_overlap(const Aabb<T>& a, const Obb<T>& b) {
  return boxes_overlap(a.half_extents(), b.half_extents, b.center - a.center(), b.rotation);
}

// The test in a's frame, a and b already in canonical order. Branch-free, so that a loop over
// many pairs vectorises.
template <class T>
inline bool ordered_obbs_overlap(const Obb<T>& a, const Obb<T>& b) {
  const Rot<T> rel{a.rotation.c * b.rotation.c + a.rotation.s * b.rotation.s,
                   a.rotation.c * b.rotation.s - a.rotation.s * b.rotation.c};
  const Vec2<T> offset = inverse_rotate(a.rotation, b.center - a.center);
  return boxes_overlap(a.half_extents, b.half_extents, offset, rel);
}

// Whether obb_obb_overlap(first, second) works in second's frame.
template <class T>
inline bool obbs_swap(const Obb<T>& first, const Obb<T>& second) {
  static_assert(sizeof(Obb<T>) == 6 * sizeof(T), "no padding: every byte compared is a value");
  return bytes_greater(first, second);  // memcmp(&first, &second, sizeof(Obb)) > 0
}

// Works in the first box's frame, so the two argument orders would round differently; the pair is
// put in a canonical order (by bytes, a total order even with NaN) so that they never disagree.
template <class T>
inline bool obb_obb_overlap(const Obb<T>& first, const Obb<T>& second) {
  // The addresses are chosen with an integer mask, not `swap ? ... : ...`, which GCC 12 compiles
  // to a jump: the order is a coin toss for random boxes, and the mispredicted jump cost about a
  // third of the test.
  const std::uintptr_t first_address = reinterpret_cast<std::uintptr_t>(&first);
  const std::uintptr_t second_address = reinterpret_cast<std::uintptr_t>(&second);
  const std::uintptr_t mask = std::uintptr_t(0) - std::uintptr_t(obbs_swap(first, second));
  const std::uintptr_t difference = (first_address ^ second_address) & mask;
  return ordered_obbs_overlap(*reinterpret_cast<const Obb<T>*>(first_address ^ difference),
                              *reinterpret_cast<const Obb<T>*>(second_address ^ difference));
}

// A circle against an Obb: the centre in the box's frame, clamped into the box, within the radius
// of the clamped point (the operations of core_box_within on a point core, convex/cores.hpp). The
// clamp is min(max(v, lo), hi) spelled out, as clamp_box of detail/predicates.hpp: one defined
// answer even for an invalid box whose hi < lo.
template <class T>
inline bool circle_obb_overlap(const Circle<T>& a, const Obb<T>& b) {
  const Vec2<T> p = inverse_rotate(b.rotation, a.center - b.center);
  const Vec2<T> h = b.half_extents;
  if (a.radius == T(0)) return std::fabs(p.x) <= h.x && std::fabs(p.y) <= h.y;
  const auto clamp = [](T v, T lo, T hi) {
    const T at_least_lo = v < lo ? lo : v;
    return hi < at_least_lo ? hi : at_least_lo;
  };
  const Vec2<T> closest{clamp(p.x, -h.x, h.x), clamp(p.y, -h.y, h.y)};
  return distance_squared(closest, p) <= a.radius * a.radius;
}

}  // namespace collide2d::detail
