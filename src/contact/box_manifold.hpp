// Private: penetration and collide for two Obbs, without rebuilding them as convex cores and
// without general clipping (issue 16). The same method as core_penetration and clip_manifold
// (contact.cpp), specialised:
//
//   separation  for each face of each box, the least signed distance of the other box's corners
//               from it, in closed form in the face owner's frame: for the face with outward normal
//               n, n . c - (own half extent along n) - (other's half width along n), c the other's
//               centre (Box2D's b2FindMaxSeparation over four faces). The greatest of the eight,
//               A's on ties and the first face of equals, as core_penetration takes it, is the
//               penetration axis when it is <= 0 (depth = -separation); the boxes are apart when
//               it is > 0.
//   clip        in the reference box's own frame, where the reference face is a coordinate line
//               and its side planes are t = +-h: the incident edge (the other box's edge most
//               anti-parallel to the face normal, the first of equals) is clipped to the slab, and
//               the clipped points are put on the side planes exactly. Each point whose gap to the
//               face is <= the prediction margin is kept, midway between the surfaces, depth -gap.
//               None kept: the incident box's deepest corner, as single_contact takes it.
//
// penetration(Obb, Obb) and collide(Obb, Obb) both take their normal from box_faces, so that the
// manifold's normal is penetration's bit for bit (contact.hpp). Box cores that are apart but within
// a prediction margin are left to the general path (the normal then comes from the closest points).
#pragma once

#include <limits>
#include <optional>

#include "collide2d/contact.hpp"
#include "convex/box_view.hpp"
#include "detail/predicates.hpp"

namespace collide2d::detail {

// Face k of a box in its own frame, box_core's order: 0: -y, 1: +x, 2: +y, 3: -x.
template <class T>
Vec2<T> face_normal(int k) {
  const Vec2<T> normals[4] = {{T(0), T(-1)}, {T(1), T(0)}, {T(0), T(1)}, {T(-1), T(0)}};
  return normals[k];
}

// The same normal in the world: box_core's normals, bit for bit.
template <class T>
Vec2<T> world_face_normal(const Obb<T>& box, int k) {
  const Vec2<T> normals[4] = {-box.rotation.y_axis(), box.rotation.x_axis(), box.rotation.y_axis(),
                              -box.rotation.x_axis()};
  return normals[k];
}

template <class T>
struct BoxFace {
  T separation;
  int face;
};

// The face of the viewing box [-h, h] x [-h, h] that separates `other` most.
template <class T>
BoxFace<T> box_max_separation(Vec2<T> h, const BoxView<T>& other) {
  const T rx = abs(other.half.x * other.ux.x) + abs(other.half.y * other.uy.x);
  const T ry = abs(other.half.x * other.ux.y) + abs(other.half.y * other.uy.y);
  const Vec2<T> c = other.center;
  const T s[4] = {-c.y - h.y - ry, c.x - h.x - rx, c.y - h.y - ry, -c.x - h.x - rx};
  // The greatest, the first of equals, without a branch: which face wins is random over pairs, and
  // GCC's jumps for `if (s[k] > best) best = {s[k], k}` mispredicted about one pair in two (most
  // of collide(Obb, Obb)'s time on a 2 GHz EPYC). best < s[k] ? s[k] : best is maxss, and keeps
  // best for a NaN as the comparison did.
  BoxFace<T> best{s[0], 0};
  for (int k = 1; k < 4; ++k) {
    const int greater = int(best.separation < s[k]);
    best.face += greater * (k - best.face);
    best.separation = best.separation < s[k] ? s[k] : best.separation;
  }
  return best;
}

template <class T>
struct BoxFaces {
  BoxView<T> b_in_a;
  BoxView<T> a_in_b;
  BoxFace<T> best;  // of A when from_a, else of B
  bool from_a;
};

template <class T>
BoxFaces<T> box_faces(const Obb<T>& a, const Obb<T>& b) {
  BoxFaces<T> out{view_from(a, b), view_from(b, a), {}, true};
  const BoxFace<T> fa = box_max_separation(a.half_extents, out.b_in_a);
  const BoxFace<T> fb = box_max_separation(b.half_extents, out.a_in_b);
  // A's on ties, as core_penetration takes it; selected without a branch.
  out.from_a = fa.separation >= fb.separation;
  out.best.separation = out.from_a ? fa.separation : fb.separation;
  out.best.face = fb.face + int(out.from_a) * (fa.face - fb.face);
  return out;
}

// The penetration of boxes whose faces give best.separation <= 0 (overlapping or touching).
template <class T>
Penetration<T> box_penetration(const Obb<T>& a, const Obb<T>& b, const BoxFaces<T>& f) {
  const Vec2<T> n =
      f.from_a ? world_face_normal(a, f.best.face) : -world_face_normal(b, f.best.face);
  return {n, -f.best.separation};
}

// The edge of `incident` whose outward normal is most anti-parallel to n (the first of equals).
template <class T>
int incident_edge(const BoxView<T>& incident, Vec2<T> n) {
  int best = 0;
  T best_alignment = -dot(box_edge_normal(incident, 0), n);
  for (int k = 1; k < 4; ++k) {
    const T alignment = -dot(box_edge_normal(incident, k), n);
    if (alignment > best_alignment) {
      best = k;
      best_alignment = alignment;
    }
  }
  return best;
}

// Clips [p0, p1] to the slab |t . p| <= half; a clipped end is put on its side plane exactly (n and
// t are axis vectors, so n (n . q) + s t is exact). Returns the number of distinct points.
template <class T>
int clip_to_slab(Vec2<T> p0, Vec2<T> p1, Vec2<T> n, Vec2<T> t, T half, Vec2<T> out[2]) {
  const T s0 = dot(t, p0);
  const T s1 = dot(t, p1);
  if ((s0 < -half && s1 < -half) || (s0 > half && s1 > half)) return 0;
  Vec2<T> q0 = p0;
  Vec2<T> q1 = p1;
  if (s0 != s1) {
    const auto at = [&](T s) { return dot(n, lerp(p0, p1, (s - s0) / (s1 - s0))) * n + s * t; };
    if (s0 < -half) q0 = at(-half);
    if (s0 > half) q0 = at(half);
    if (s1 < -half) q1 = at(-half);
    if (s1 > half) q1 = at(half);
  }
  out[0] = q0;
  out[1] = q1;
  return q0 == q1 ? 1 : 2;
}

// The manifold of boxes whose faces give best.separation <= 0, with points kept up to a gap of
// `prediction` (0: only touching or penetrating points).
template <class T>
Manifold<T> box_manifold(const Obb<T>& a, const Obb<T>& b, const BoxFaces<T>& f, T prediction) {
  const Obb<T>& reference = f.from_a ? a : b;
  const BoxView<T>& incident = f.from_a ? f.b_in_a : f.a_in_b;
  const int face = f.best.face;
  const Vec2<T> n = face_normal<T>(face);
  const Vec2<T> t = perp(n);
  const Vec2<T> h = reference.half_extents;
  const T half = face % 2 == 0 ? h.x : h.y;    // the face's half length
  const T offset = face % 2 == 0 ? h.y : h.x;  // the face's distance from the centre
  Vec2<T> corners[4];
  box_corners(incident, corners);
  const int k = incident_edge(incident, n);
  Vec2<T> clipped[2];
  const int count = clip_to_slab(corners[k], corners[(k + 1) & 3], n, t, half, clipped);
  Manifold<T> m{};
  m.normal = box_penetration(a, b, f).normal;
  for (int i = 0; i < count; ++i) {
    const T gap = dot(n, clipped[i]) - offset;
    if (!(gap <= prediction)) continue;
    // The reference surface is at clipped - gap n, the incident one at clipped: midway between.
    m.points[m.point_count++] = {to_world(reference, clipped[i] - (T(0.5) * gap) * n), -gap};
  }
  if (m.point_count > 0) return m;
  int deepest = 0;
  for (int i = 1; i < 4; ++i) {
    if (dot(n, corners[i]) < dot(n, corners[deepest])) deepest = i;
  }
  const T depth = -f.best.separation;
  m.points[0] = {to_world(reference, corners[deepest] + (T(0.5) * depth) * n), depth};
  m.point_count = 1;
  return m;
}

}  // namespace collide2d::detail
