// overlaps between Aabb and Obb.
//
// Two boxes are disjoint exactly when one of the four box axes separates them (the separating
// axis theorem; in 2D the candidate axes are the edge normals of both). Along a unit axis u a box
// of half extents h and axes (x, y) projects to a radius h.x |u.x'| + h.y |u.y'|, and the boxes
// overlap along u when |dot(d, u)| <= r_a + r_b with d the centre difference (Ericson, Real-Time
// Collision Detection, 4.4.1). Working in A's frame, B's axes are the columns of the relative
// rotation R = R_a^T R_b, whose absolute entries are |c| and |s| in both columns, so the four
// tests share two absolute values.
#include "collide2d/overlap.hpp"
#include "detail/byte_order.hpp"
#include "detail/instantiate.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

// centre_offset: B's centre minus A's, in A's frame; rel: B's rotation relative to A's.
template <class T>
bool boxes_overlap(Vec2<T> ha, Vec2<T> hb, Vec2<T> centre_offset, Rot<T> rel) {
  using detail::abs;
  const T c = abs(rel.c);
  const T s = abs(rel.s);
  if (abs(centre_offset.x) > ha.x + hb.x * c + hb.y * s) return false;
  if (abs(centre_offset.y) > ha.y + hb.x * s + hb.y * c) return false;
  // The same offset in B's frame: rotate back by the relative rotation.
  const Vec2<T> offset_b = inverse_rotate(rel, centre_offset);
  if (abs(offset_b.x) > hb.x + ha.x * c + ha.y * s) return false;
  return abs(offset_b.y) <= hb.y + ha.x * s + ha.y * c;
}

}  // namespace

template <class T>
bool overlaps(const Aabb<T>& a, const Aabb<T>& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

template <class T>
bool overlaps(const Aabb<T>& a, const Obb<T>& b) {
  return boxes_overlap(a.half_extents(), b.half_extents, b.center - a.center(), b.rotation);
}

// Works in the first box's frame, so the two argument orders would round differently; the pair is
// put in a canonical order (by bytes, a total order even with NaN) so that they never disagree.
template <class T>
bool overlaps(const Obb<T>& first, const Obb<T>& second) {
  static_assert(sizeof(Obb<T>) == 6 * sizeof(T), "no padding: every byte compared is a value");
  const bool swap = detail::bytes_greater(first, second);  // memcmp(&first, &second) > 0
  const Obb<T>& a = swap ? second : first;
  const Obb<T>& b = swap ? first : second;
  const Rot<T> rel{a.rotation.c * b.rotation.c + a.rotation.s * b.rotation.s,
                   a.rotation.c * b.rotation.s - a.rotation.s * b.rotation.c};
  const Vec2<T> offset = inverse_rotate(a.rotation, b.center - a.center);
  return boxes_overlap(a.half_extents, b.half_extents, offset, rel);
}

COLLIDE2D_INSTANTIATE_OVERLAP(Aabb, Aabb);
COLLIDE2D_INSTANTIATE_OVERLAP(Aabb, Obb);
COLLIDE2D_INSTANTIATE_OVERLAP(Obb, Obb);

}  // namespace collide2d
