// Private: the exact-where-possible predicates that the pair tests are built from.
//
// Conventions shared by every function here:
// - A "within r2" predicate answers dist^2 <= r2 without a square root or a division, so that on
//   integer inputs of moderate size it is exact (and with r2 = 0 it is the closed overlap test).
// - Differences are taken against a vertex of the shape first (p - a, never p and a separately), so
//   shapes far from the origin keep their precision.
// - Polygon tests use unnormalised edge vectors e = v[i+1] - v[i]; for a counter-clockwise polygon
//   the inside of edge i is where cross(e, p - v[i]) >= 0.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>

#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::detail {

// |v| by clearing the sign bit (std::fabs, one instruction): the `v < 0 ? -v : v` it replaces
// compiled to a jump with GCC 12, which over many shapes goes either way at random (the sign of a
// centre offset) and cost about one mispredicted branch per Obb/Obb test. The two differ only in
// the sign of a zero result, which no comparison sees.
template <class T>
T abs(T v) {
  static_assert(std::is_floating_point_v<T>);
  return std::fabs(v);
}

// Clamps a polygon's vertex count into [0, max]: an invalid count must not read out of bounds.
template <class T>
int vertex_count(const ConvexPolygon<T>& polygon) {
  return std::clamp(polygon.count, 0, max_polygon_vertices);
}

template <class T>
Vec2<T> edge(const Vec2<T>* v, int n, int i) {
  return v[i + 1 < n ? i + 1 : 0] - v[i];
}

// The type in which a predicate squares a product of two differences. For float it is double:
// the product of two floats is exact there, and cross^2 (a fourth power of the coordinates'
// differences) would overflow float once they pass about 4e9.
template <class T>
using WideFor = std::conditional_t<std::is_same_v<T, float>, double, T>;

// dist(p, segment ab)^2 against r2, as two numbers that compare like them: dist^2 <= r2 iff
// lhs <= rhs, and dist^2 < r2 iff lhs < rhs. Splits by the region of p along ab: behind a, past b,
// or beside the segment, where the distance to the line is |cross(d, w)| / |d|, compared squared as
// cross^2 against r2 |d|^2 (in WideFor<T>) so that no division rounds it. The strict and the
// closed test share this arithmetic, so "strictly within" implies "within" by construction.
template <class T>
struct SquaredComparison {
  WideFor<T> lhs;
  WideFor<T> rhs;
};

template <class T>
SquaredComparison<T> point_segment_comparison(Vec2<T> p, Vec2<T> a, Vec2<T> b, T r2) {
  using Wide = WideFor<T>;
  const Vec2<T> d = b - a;
  const Vec2<T> w = p - a;
  const T along = dot(w, d);
  if (along <= T(0)) return {static_cast<Wide>(length_squared(w)), static_cast<Wide>(r2)};
  const T dd = length_squared(d);
  if (along >= dd) return {static_cast<Wide>(distance_squared(b, p)), static_cast<Wide>(r2)};
  const Wide c = static_cast<Wide>(cross(d, w));
  return {c * c, static_cast<Wide>(r2) * static_cast<Wide>(dd)};
}

// dist(p, segment ab)^2 <= r2.
template <class T>
bool point_segment_within(Vec2<T> p, Vec2<T> a, Vec2<T> b, T r2) {
  const SquaredComparison<T> c = point_segment_comparison(p, a, b, r2);
  return c.lhs <= c.rhs;
}

// Do the closed segments a1b1 and a2b2 share a point? Their bounding boxes must overlap, and each
// segment's endpoints must not lie strictly on one side of the other's line; when all four
// orientations are zero the segments are collinear and the boxes decide. Degenerate (point)
// segments follow from the same rules.
//
// The box test comes first, and not only as a shortcut: for nearly collinear segments an
// orientation is ill-conditioned, and an end lying within rounding of the other segment's line but
// beyond its end can get the orientation 0, which the side tests read as "on the segment" (found
// by the adversarial near-parallel property cases: float segments 0.355 apart reported touching).
// Such an end lies outside the other segment's box along the common direction, so the boxes
// reject it; whatever rounding still passes is within the tolerance band of touching.
template <class T>
bool segments_intersect(Vec2<T> a1, Vec2<T> b1, Vec2<T> a2, Vec2<T> b2) {
  if (!(std::min(a1.x, b1.x) <= std::max(a2.x, b2.x) &&
        std::min(a2.x, b2.x) <= std::max(a1.x, b1.x) &&
        std::min(a1.y, b1.y) <= std::max(a2.y, b2.y) &&
        std::min(a2.y, b2.y) <= std::max(a1.y, b1.y)))
    return false;
  const Vec2<T> d1 = b1 - a1;
  const Vec2<T> d2 = b2 - a2;
  const T o1 = cross(d1, a2 - a1);
  const T o2 = cross(d1, b2 - a1);
  if ((o1 > T(0) && o2 > T(0)) || (o1 < T(0) && o2 < T(0))) return false;
  const T o3 = cross(d2, a1 - a2);
  const T o4 = cross(d2, b1 - a2);
  return !((o3 > T(0) && o4 > T(0)) || (o3 < T(0) && o4 < T(0)));
}

// dist(segment a1b1, segment a2b2)^2 <= r2. Two disjoint segments are closest at an endpoint of one
// of them, so the four endpoint-to-segment tests decide.
template <class T>
bool segments_within(Vec2<T> a1, Vec2<T> b1, Vec2<T> a2, Vec2<T> b2, T r2) {
  return segments_intersect(a1, b1, a2, b2) || point_segment_within(a1, a2, b2, r2) ||
         point_segment_within(b1, a2, b2, r2) || point_segment_within(a2, a1, b1, r2) ||
         point_segment_within(b2, a1, b1, r2);
}

// p inside or on the counter-clockwise convex polygon v[0..n).
template <class T>
bool point_in_polygon(Vec2<T> p, const Vec2<T>* v, int n) {
  if (n <= 0) return false;
  for (int i = 0; i < n; ++i) {
    if (!(cross(edge(v, n, i), p - v[i]) >= T(0))) return false;  // NaN counts as outside
  }
  return true;
}

// dist(p, polygon)^2 <= r2, the polygon being solid: inside, or within r of an edge.
template <class T>
bool point_polygon_within(Vec2<T> p, const Vec2<T>* v, int n, T r2) {
  if (point_in_polygon(p, v, n)) return true;
  for (int i = 0; i < n; ++i) {
    if (point_segment_within(p, v[i], v[i + 1 < n ? i + 1 : 0], r2)) return true;
  }
  return false;
}

// Separating axis test between the segment ab and the polygon: the candidate axes are the polygon's
// edge normals and the segment's normal (the Minkowski difference has no other edge directions).
template <class T>
bool segment_polygon_overlap(Vec2<T> a, Vec2<T> b, const Vec2<T>* v, int n) {
  if (n <= 0) return false;
  for (int i = 0; i < n; ++i) {
    const Vec2<T> e = edge(v, n, i);
    if (cross(e, a - v[i]) < T(0) && cross(e, b - v[i]) < T(0)) return false;
  }
  const Vec2<T> d = b - a;
  bool any_left = false;
  bool any_right = false;
  for (int j = 0; j < n; ++j) {
    const T side = cross(d, v[j] - a);
    any_left = any_left || !(side < T(0));
    any_right = any_right || !(side > T(0));
  }
  return any_left && any_right;
}

// dist(segment ab, polygon)^2 <= r2. When they do not overlap, the closest pair has a vertex on one
// side: a segment endpoint against a polygon edge, or a polygon vertex against the segment.
template <class T>
bool segment_polygon_within(Vec2<T> a, Vec2<T> b, const Vec2<T>* v, int n, T r2) {
  if (segment_polygon_overlap(a, b, v, n)) return true;
  for (int i = 0; i < n; ++i) {
    const Vec2<T> next = v[i + 1 < n ? i + 1 : 0];
    if (point_segment_within(a, v[i], next, r2) || point_segment_within(b, v[i], next, r2) ||
        point_segment_within(v[i], a, b, r2)) {
      return true;
    }
  }
  return false;
}

// True when some edge of polygon A has every vertex of B strictly outside it.
template <class T>
bool has_separating_edge(const Vec2<T>* va, int na, const Vec2<T>* vb, int nb) {
  for (int i = 0; i < na; ++i) {
    const Vec2<T> e = edge(va, na, i);
    bool all_outside = true;
    for (int j = 0; j < nb && all_outside; ++j) {
      all_outside = cross(e, vb[j] - va[i]) < T(0);
    }
    if (all_outside) return true;
  }
  return false;
}

template <class T>
bool polygons_overlap(const Vec2<T>* va, int na, const Vec2<T>* vb, int nb) {
  if (na <= 0 || nb <= 0) return false;
  return !has_separating_edge(va, na, vb, nb) && !has_separating_edge(vb, nb, va, na);
}

// ---- Boxes in their own frame: the box is [-h.x, h.x] x [-h.y, h.y]. ----

// A box's centre, half extents and rotation; an Aabb is a box with the identity rotation.
template <class T>
struct BoxFrame {
  Vec2<T> center;
  Vec2<T> half;
  Rot<T> rotation;
  bool rotated;

  Vec2<T> to_local(Vec2<T> p) const {
    const Vec2<T> d = p - center;
    return rotated ? inverse_rotate(rotation, d) : d;
  }
  Vec2<T> to_world_direction(Vec2<T> v) const { return rotated ? rotate(rotation, v) : v; }
};

template <class T>
BoxFrame<T> frame_of(const Obb<T>& box) {
  return {box.center, box.half_extents, box.rotation, true};
}

// Half sums and differences of integers are exact in binary, so an Aabb on an integer grid keeps
// exact coordinates in its frame.
template <class T>
BoxFrame<T> frame_of(const Aabb<T>& box) {
  return {box.center(), box.half_extents(), Rot<T>::identity(), false};
}

template <class T>
bool point_in_box(Vec2<T> p, Vec2<T> h) {
  return abs(p.x) <= h.x && abs(p.y) <= h.y;
}

// min(max(v, lo), hi), which is std::clamp as libstdc++ writes it, spelled out: std::clamp is
// undefined when hi < lo (an invalid box with a negative extent), and libc++ writes it with other
// comparisons, so this fixes one defined answer on every standard library (the SIMD batch kernels
// reproduce it lane by lane).
template <class T>
T clamp_box(T v, T lo, T hi) {
  const T at_least_lo = v < lo ? lo : v;
  return hi < at_least_lo ? hi : at_least_lo;
}

// dist(p, box)^2 <= r2 by clamping p into the box.
template <class T>
bool point_box_within(Vec2<T> p, Vec2<T> h, T r2) {
  const Vec2<T> closest{clamp_box(p.x, -h.x, h.x), clamp_box(p.y, -h.y, h.y)};
  return distance_squared(closest, p) <= r2;
}

// Separating axis test with three axes: the box's two and the segment's normal, along which the
// box's projection radius is |n.x| h.x + |n.y| h.y.
template <class T>
bool segment_box_overlap(Vec2<T> a, Vec2<T> b, Vec2<T> h) {
  if (std::max(a.x, b.x) < -h.x || std::min(a.x, b.x) > h.x) return false;
  if (std::max(a.y, b.y) < -h.y || std::min(a.y, b.y) > h.y) return false;
  const Vec2<T> n = perp(b - a);
  return abs(dot(n, a)) <= abs(n.x) * h.x + abs(n.y) * h.y;
}

template <class T>
void box_corners(Vec2<T> h, Vec2<T> out[4]) {
  out[0] = {-h.x, -h.y};
  out[1] = {h.x, -h.y};
  out[2] = {h.x, h.y};
  out[3] = {-h.x, h.y};
}

template <class T>
bool segment_box_within(Vec2<T> a, Vec2<T> b, Vec2<T> h, T r2) {
  if (segment_box_overlap(a, b, h)) return true;
  if (point_box_within(a, h, r2) || point_box_within(b, h, r2)) return true;
  Vec2<T> c[4];
  box_corners(h, c);
  for (const Vec2<T>& corner : c) {
    if (point_segment_within(corner, a, b, r2)) return true;
  }
  return false;
}

// Separating axis test between a polygon (already in the box's frame) and the box: the box's axes,
// then each polygon edge, where the box's support point toward the edge's inside is checked.
template <class T>
bool polygon_box_overlap(const Vec2<T>* v, int n, Vec2<T> h) {
  if (n <= 0) return false;
  Vec2<T> lo = v[0];
  Vec2<T> hi = v[0];
  for (int i = 1; i < n; ++i) {
    lo = component_min(lo, v[i]);
    hi = component_max(hi, v[i]);
  }
  if (hi.x < -h.x || lo.x > h.x || hi.y < -h.y || lo.y > h.y) return false;
  for (int i = 0; i < n; ++i) {
    const Vec2<T> e = edge(v, n, i);
    // Inside of the edge: cross(e, p - v[i]) >= 0, i.e. dot(perp(e), p) >= dot(perp(e), v[i]).
    // The box's largest value of dot(perp(e), p) is the projection radius.
    const Vec2<T> inward = perp(e);
    if (abs(inward.x) * h.x + abs(inward.y) * h.y < dot(inward, v[i])) return false;
  }
  return true;
}

// Whether the shape has an interior: a shape of zero size is the point or segment it is.
template <class T>
bool has_interior(const Point<T>&) {
  return false;
}
template <class T>
bool has_interior(const Segment<T>&) {
  return false;
}
template <class T>
bool has_interior(const Circle<T>& c) {
  return c.radius > T(0);
}
template <class T>
bool has_interior(const Capsule<T>& c) {
  return c.radius > T(0);
}
template <class T>
bool has_interior(const Aabb<T>& b) {
  return b.min.x < b.max.x && b.min.y < b.max.y;
}
template <class T>
bool has_interior(const Obb<T>& b) {
  return b.half_extents.x > T(0) && b.half_extents.y > T(0);
}
template <class T>
bool has_interior(const ConvexPolygon<T>& p) {
  return vertex_count(p) >= 3;
}
// A rounded polygon has an interior when its radius or its core has one.
template <class T>
bool has_interior(const RoundedPolygon<T>& p) {
  return p.radius > T(0) || has_interior(p.core);
}

// Rounded shapes meet when their cores are within the radius sum; squared once, here.
template <class T>
T squared(T r) {
  return r * r;
}

}  // namespace collide2d::detail
