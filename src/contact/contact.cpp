// penetration(a, b) and collide(a, b) for every pair.
//
// collide follows Box2D's polygon manifold (b2ClipPolygons): with n the penetration normal,
//
//   reference face: the edge of A whose normal is most aligned with n, or of B with -n, whichever
//                   aligns better (A on near-ties, so the choice is stable)
//   incident edge:  the edge of the other core whose normal is most anti-parallel to the reference
//   clip:           the incident edge against the two side planes of the reference face
//   keep:           clipped points whose separation from the reference face, less both radii, is
//                   <= 0; each gets depth = -separation and sits midway between the surfaces
//
// A core of one vertex (point, circle), or a face that does not face n (a corner or rounded
// contact), gives one point on the line of the closest points instead. Two Obbs take the same
// method specialised to boxes, in the reference box's frame (box_manifold.hpp). Two polygons
// (convex or rounded) take it on their own coordinates, with no cores built (PolygonContact below);
// the cores are built for the rest.
#include "collide2d/contact.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "collide2d/errors.hpp"

#include "contact/box_manifold.hpp"
#include "contact/quad_lanes.hpp"
#include "convex/convex_core.hpp"
#include "convex/core_distance.hpp"
#include "convex/core_penetration.hpp"
#include "convex/polygon_based.hpp"
#include "detail/format.hpp"
#include "detail/instantiate_pairs.hpp"
#include "detail/instantiate_rounded.hpp"
#include "distance/polygon_pair_distance.hpp"

namespace collide2d {

namespace {

using detail::ConvexCore;

// When the normal comes from closest points, a reference face must face it this closely (cosine)
// to be clipped against; below, the contact is at a corner or on a rounded part: one point. The
// closest points of a vertex and a face give the face's normal to rounding, far inside this.
template <class T>
constexpr T face_alignment() {
  return T(1) - T(1e-4);
}

template <class T>
struct Face {
  int index;
  T alignment;
};

// A ConvexPolygon or a RoundedPolygon's core on its own coordinates, read as clip_manifold and
// best_face read a core (the same fields), so that polygon pairs clip with no core built.
template <class T>
struct PolygonFaces {
  const Vec2<T>* vertices;
  const Vec2<T>* normals;
  int count;
  T radius;

  template <class S>
  static PolygonFaces of(const S& shape, T grow) {
    const ConvexPolygon<T>& p = detail::polygon_of(shape);
    return {p.vertices, p.normals, detail::vertex_count(p), detail::radius_of(shape) + grow};
  }
  Vec2<T> edge_normal(int i) const { return normals[i]; }
  int edge_count() const { return count; }
  // The vertex furthest along d (the first of equals), as ConvexCore::support.
  Vec2<T> support(Vec2<T> d) const {
    int best = 0;
    for (int i = 1; i < count; ++i)
      best = dot(vertices[i], d) > dot(vertices[best], d) ? i : best;
    return vertices[best];
  }
  // No NaN or infinity among the vertices and normals (x - x is 0 exactly for finite x).
  bool finite() const {
    T zero = T(0);
    for (int i = 0; i < count; ++i) {
      zero += (vertices[i].x - vertices[i].x) + (vertices[i].y - vertices[i].y);
      zero += (normals[i].x - normals[i].x) + (normals[i].y - normals[i].y);
    }
    return zero == T(0);
  }
};

// Core: a ConvexCore, or a PolygonFaces (a polygon on its own coordinates).
template <class Core, class T = decltype(Core::radius)>
Face<T> best_face(const Core& core, Vec2<T> direction) {
#if COLLIDE2D_POLYGON_LANES_SSE2
  if constexpr (std::is_same_v<Core, PolygonFaces<float>>) {
    // Three or four edges (rounded boxes): the dots in lanes and the first greatest, with no
    // branch an edge (whether an edge beats the ones before it is data-dependent, and was
    // mispredicted about once a search, callgrind 2026-11-29). The same dots, so the same face.
    // Only finite normals and directions come here (the polygon paths test them first); a NaN
    // dot leaves no lane equal to the greatest, and the loop below answers.
    float alignment;
    if (core.count >= 3 && core.count <= 4) {
      const int i =
          detail::most_aligned(detail::quad_lanes(core.normals, core.count), direction, alignment);
      if (i >= 0) return {i, alignment};
    }
  }
#endif
  Face<T> best{-1, -std::numeric_limits<T>::infinity()};
  for (int i = 0; i < core.edge_count(); ++i) {
    const T alignment = dot(core.edge_normal(i), direction);
    if (alignment > best.alignment) best = {i, alignment};
  }
  return best;
}

// i + 1, or 0 after the last of n: the next vertex, without a branch (the face index is
// data-dependent; as a branch it was mispredicted on a third of the clipped pairs).
inline int next_index(int i, int n) {
  const int next = i + 1;
  return next & -static_cast<int>(next < n);
}

template <class T>
Manifold<T> one_point(Vec2<T> normal, Vec2<T> point, T depth) {
  Manifold<T> m{};
  m.normal = normal;
  m.points[0] = {point, depth};
  m.point_count = 1;
  return m;
}

// One point midway between the surfaces along the normal: at a point or circle core, between the
// closest points of apart cores, or else at the deepest vertex of the shape that is not the
// separating face's owner.
template <class Core, class T = decltype(Core::radius)>
Manifold<T> single_contact(const Core& a, const Core& b, const detail::CorePenetration<T>& c) {
  const Vec2<T> n = c.penetration.normal;
  const T depth = c.penetration.depth;
  if (a.count == 1) return one_point(n, a.vertices[0] + (a.radius - T(0.5) * depth) * n, depth);
  if (b.count == 1) return one_point(n, b.vertices[0] - (b.radius - T(0.5) * depth) * n, depth);
  if (c.cores_apart) {
    const Vec2<T> surface_a = c.closest.on_a + a.radius * n;
    return one_point(n, surface_a - (T(0.5) * depth) * n, depth);
  }
  // Overlapping cores: the deepest vertex of the shape that does not own the separating face (a
  // whole face ties as the deepest part of its owner: Segment{{0, 0}, {4, 0}} touching a segment
  // that ends on it took the contact to that segment's far end).
  if (c.face.index >= 0 && !c.face.from_a) {
    const Vec2<T> deepest_a = a.support(n) + a.radius * n;
    return one_point(n, deepest_a - (T(0.5) * depth) * n, depth);
  }
  const Vec2<T> deepest_b = b.support(-n) - b.radius * n;
  return one_point(n, deepest_b + (T(0.5) * depth) * n, depth);
}

// Clips the incident edge [p0, p1] to the slab between the reference face's side planes. The
// face runs from r0 to r1 along `tangent`, its unit normal turned a quarter turn counter-clockwise
// (the cached normal of a counter-clockwise core's edge is the edge direction turned clockwise):
// no square root and division to normalise r1 - r0 again. Each end that lies beyond a side plane
// moves to where the edge crosses it (an end beyond both, as can happen for a face of rounding
// length, to the far one), as chosen values rather than branches: which ends are clipped depends
// on the data, and those branches were mispredicted on a third of the clipped pairs (callgrind,
// 2026-11-29). Both crossings are computed; the one an end does not take is discarded (and for an
// edge across the slab, s0 == s1, both ends stay).
template <class T>
int clip_to_face(Vec2<T> p0, Vec2<T> p1, Vec2<T> r0, Vec2<T> r1, Vec2<T> tangent, Vec2<T> out[2]) {
  const T length = dot(r1 - r0, tangent);
  const T s0 = dot(p0 - r0, tangent);
  const T s1 = dot(p1 - r0, tangent);
  if (((s0 < T(0)) & (s1 < T(0))) | ((s0 > length) & (s1 > length))) return 0;
#if COLLIDE2D_POLYGON_LANES_SSE2
  if constexpr (std::is_same_v<T, float>) {
    detail::clip_ends(p0, p1, s0, s1, length, out);
    return out[0] == out[1] ? 1 : 2;
  }
#endif
  const auto at = [&](T s) { return lerp(p0, p1, (s - s0) / (s1 - s0)); };
  const Vec2<T> q0 = at(s0 > length ? length : T(0));
  const Vec2<T> q1 = at(s1 > length ? length : T(0));
  const bool moves = s0 != s1;
  const bool clip0 = moves & ((s0 < T(0)) | (s0 > length));
  const bool clip1 = moves & ((s1 < T(0)) | (s1 > length));
  out[0] = {clip0 ? q0.x : p0.x, clip0 ? q0.y : p0.y};
  out[1] = {clip1 ? q1.x : p1.x, clip1 ? q1.y : p1.y};
  return out[0] == out[1] ? 1 : 2;
}

// The clipped points that touch or penetrate (separation from the reference face, less both
// radii, <= 0), each midway between the surfaces with depth -separation; the normal is left for
// manifold_from. Each point is written to the next free slot and kept by counting it, with no
// branch a point (whether a point touches is data-dependent); slot 2 takes a point that is not
// kept, and the slot after the last kept one is cleared, so the unused slots stay zero as before.
template <class Core, class T = decltype(Core::radius)>
COLLIDE2D_FORCE_INLINE Manifold<T> kept_points(const Core& reference, const Core& incident,
                                               Vec2<T> r0, Vec2<T> n_ref, const Vec2<T> clipped[2],
                                               int count) {
  ManifoldPoint<T> points[3] = {};
  int kept = 0;
  const T radii = reference.radius + incident.radius;
  for (int i = 0; i < count; ++i) {
    const T gap = dot(clipped[i] - r0, n_ref);
    const T separation = gap - radii;
    // Incident surface at clipped - r_inc n, reference surface at clipped - (gap - r_ref) n.
    const T offset = T(0.5) * (reference.radius - incident.radius - gap);
    points[kept] = {clipped[i] + offset * n_ref, -separation};
    kept += separation <= T(0) ? 1 : 0;
  }
  points[kept] = {};
  Manifold<T> m{};
  m.points[0] = points[0];
  m.points[1] = points[1];
  m.point_count = kept;
  return m;
}

// The manifold's points (its normal is set by manifold_from).
template <class Core, class T = decltype(Core::radius)>
Manifold<T> clip_manifold(const Core& reference, int face, const Core& incident) {
  const Vec2<T> n_ref = reference.edge_normal(face);
  const Vec2<T> r0 = reference.vertices[face];
  const Vec2<T> r1 = reference.vertices[next_index(face, reference.count)];
  const int inc = best_face(incident, -n_ref).index;
  if (inc < 0) return Manifold<T>{{T(0), T(0)}, {}, 0};  // NaN normals: no edge faces anything
  const int inc_next = next_index(inc, incident.count);
  Vec2<T> clipped[2];
#if COLLIDE2D_POLYGON_LANES_SSE2
  if constexpr (std::is_same_v<T, float>) {
    // The ends and the face from the arrays straight into lanes (clip_to_face_lanes: the same
    // points, about half the instructions of the scalar form's unpacking).
    const int count = detail::clip_to_face_lanes(
        &incident.vertices[inc], &incident.vertices[inc_next], &reference.vertices[face],
        &reference.vertices[next_index(face, reference.count)], perp(n_ref), clipped);
    return kept_points(reference, incident, r0, n_ref, clipped, count);
  }
#endif
  const int count = clip_to_face(incident.vertices[inc], incident.vertices[inc_next], r0, r1,
                                 perp(n_ref), clipped);
  return kept_points(reference, incident, r0, n_ref, clipped, count);
}

template <class T>
T deepest(const Manifold<T>& m) {
  T out = -std::numeric_limits<T>::infinity();
  for (int i = 0; i < m.point_count; ++i)
    out = std::max(out, m.points[i].depth);
  return out;
}

// Rounding in the clipped points' separations: 64 ulps of the coordinates and radii.
template <class Core, class T = decltype(Core::radius)>
T depth_tolerance(const Core& a, const Core& b) {
  const T scale = std::max({T(1), a.radius + b.radius, detail::core_scale(a, b)});
  return T(64) * std::numeric_limits<T>::epsilon() * scale;
}

// prediction > 0: the radii include that margin (predicted_manifold). Clipping then also keeps
// points that are apart, and where a face that faces the normal to 1e-4 has its side plane cut off
// the closest points (a segment ending beside a capsule's end cap), those may be all it keeps:
// a manifold of apart points only, shallower than the closest approach, which would let a solver
// close a gap that is not there. It is replaced by the single contact at the closest points, as
// the plain manifold is when clipping keeps nothing.
// manifold_from: the manifold of a and b (ConvexCores, or PolygonFaces: shapes on their own
// coordinates) from their penetration c.
template <class Core, class T = decltype(Core::radius)>
Manifold<T> manifold_from(const Core& a, const Core& b, const detail::CorePenetration<T>& c,
                          T prediction = T(0)) {
  if (a.count == 1 || b.count == 1) return single_contact(a, b, c);
  const Vec2<T> n = c.penetration.normal;
  // Overlapping cores: clip against the edge whose normal is the penetration normal, so that every
  // depth is measured along the manifold normal. Apart cores (rounded shapes): against a face that
  // faces the normal closely, if one does; otherwise the contact is at a corner.
  Face<T> face{c.face.index, T(1)};
  bool use_a = c.face.from_a;
  if (c.cores_apart) {
    const Face<T> fa = best_face(a, n);
    const Face<T> fb = best_face(b, -n);
    use_a = fa.alignment >= fb.alignment;
    face = use_a ? fa : fb;
    if (face.alignment < face_alignment<T>()) return single_contact(a, b, c);
  }
  if (face.index < 0) return single_contact(a, b, c);  // no edge gave a separation (NaN input)
  // The reference and incident shapes picked by index (use_a is data-dependent; as two calls, or
  // as a choice between references, it was a mispredicted branch on a third of the clipped pairs).
  const Core* const cores[2] = {&a, &b};
  Manifold<T> m = clip_manifold(*cores[!use_a], face.index, *cores[use_a]);
  if (m.point_count == 0) return single_contact(a, b, c);
  if (prediction > T(0) && c.cores_apart && deepest(m) < prediction &&
      deepest(m) < c.penetration.depth - depth_tolerance(a, b)) {
    return single_contact(a, b, c);
  }
  m.normal = n;
  return m;
}

template <class T>
Manifold<T> core_manifold(const ConvexCore<T>& a, const ConvexCore<T>& b, T prediction = T(0)) {
  const std::optional<detail::CorePenetration<T>> c = detail::core_penetration(a, b);
  if (!c) return Manifold<T>{{T(0), T(0)}, {}, 0};
  return manifold_from(a, b, *c, prediction);
}

// Speculative points: the manifold of the cores with each radius grown by prediction / 2. The
// growth is symmetric, so midpoints between the surfaces do not move, and the overlapping-core
// normal (a separating-axis normal) does not depend on the radii.
template <class T>
Manifold<T> predicted_manifold(ConvexCore<T> a, ConvexCore<T> b, T prediction) {
  const T half = T(0.5) * prediction;
  a.radius += half;
  b.radius += half;
  Manifold<T> m = core_manifold(a, b, prediction);
  for (int i = 0; i < m.point_count; ++i)
    m.points[i].depth -= prediction;
  return m;
}

template <class T>
void check_prediction(T prediction) {
  if (!(prediction >= T(0)) || !std::isfinite(prediction)) {
    throw InvalidQuery("collide: prediction must be finite and >= 0, got " +
                       detail::format_number(prediction));
  }
}

// Polygon pairs (ConvexPolygon or RoundedPolygon on both sides) take the separating axes on the
// shapes' own vertices before any core is built (issue 16). Most pairs a caller tests are apart
// (a separation beyond the radii: done), and most pairs in contact have overlapping polygons
// (separation <= 0), whose penetration is along that axis and whose manifold clips on these
// coordinates (manifold_from). Rounded polygons apart within the radii take the closest points of
// polygon_pair_distance and core_penetration's rules for apart cores, on these coordinates too.
// NaN input, and the pairs polygon_pair_distance leaves to GJK, build cores.
template <class T>
class PolygonContact {
 public:
  // What the polygons say of their penetration: `apart`, `penetrating` (with `c`), or `ask_cores`
  // (the cores' path must answer).
  struct Verdict {
    enum Kind { apart, penetrating, ask_cores } kind;
    detail::CorePenetration<T> c;
  };

  // Each polygon's deepest edge (detail::deepest_edge: on SSE2 four vertices a lane group for
  // float; the values are max_separation's, one rounding a difference), each search ending at an
  // edge beyond the radii (Box2D's early out), and B's only when A's leave the pair within them.
  // `grow` is added to each radius (collide's prediction margin, half to each, as
  // predicted_manifold grows the cores); the separations do not depend on it.
  template <class A, class B>
  PolygonContact(const A& shape_a, const B& shape_b, T grow = T(0))
      : a(PolygonFaces<T>::of(shape_a, grow)),
        b(PolygonFaces<T>::of(shape_b, grow)),
        pa_(detail::polygon_of(shape_a)),
        pb_(detail::polygon_of(shape_b)),
        radii_(a.radius + b.radius) {
    if (a.count < 3 || b.count < 3) {
      // An invalid polygon (fewer than 3 vertices): NaN decides nothing, the cores' path answers.
      best_ = other_ = {std::numeric_limits<T>::quiet_NaN(), -1, true};
      return;
    }
    // Both polygons of three or four vertices (rounded boxes): both searches at once in lanes
    // (quad_lanes.hpp), to the end. The greatest separation of each polygon is what the searches
    // below keep where they run to the end, and where one would stop at an edge beyond the radii
    // the greatest is beyond them too: the same verdict. The vertices are left for
    // skin_penetration, the one path that reads them. NaN or infinite input: the searches below,
    // as before.
    if constexpr (std::is_same_v<T, float>) {
      detail::EdgeSeparation<T> sa, sb;
      if (a.count <= 4 && b.count <= 4 &&
          detail::quad_separations(pa_, a.count, pb_, b.count, sa, sb)) {
        take_quad(sa, sb);
        return;
      }
    }
    const auto beyond_radii = [r = radii_](T value) { return value > r; };
    sa_ = detail::deepest_edge(pa_, a.count, pb_, b.count, beyond_radii);
    best_ = {sa_.separation, sa_.edge, true};
    other_ = {-std::numeric_limits<T>::infinity(), -1, false};
    if (sa_.separation > radii_) return;
    sb_ = second_search(pb_, b.count, pa_, a.count, radii_);
    other_ = {sb_.separation, sb_.edge, false};
    if (sb_.separation > sa_.separation) std::swap(best_, other_);
  }

  // The same from separations quad_lanes.hpp found (quad_pair: both polygons of three or four
  // vertices, finite).
  template <class A, class B>
  PolygonContact(const A& shape_a, const B& shape_b, T grow, const detail::EdgeSeparation<T>& sa,
                 const detail::EdgeSeparation<T>& sb)
      : a(PolygonFaces<T>::of(shape_a, grow)),
        b(PolygonFaces<T>::of(shape_b, grow)),
        pa_(detail::polygon_of(shape_a)),
        pb_(detail::polygon_of(shape_b)),
        radii_(a.radius + b.radius) {
    take_quad(sa, sb);
  }

  // Certainly apart: some edge has the other polygon beyond the radii. Callers ask this before
  // penetration(), which most pairs (apart) then skip, with its record.
  bool apart() const { return best_.value > radii_; }
  // core_penetration's answer on the shapes' own coordinates, where it can be had there.
  Verdict penetration() const {
    if (apart()) return {Verdict::apart, {}};
    // Only finite input: the lanes' minimum may pass over a NaN vertex, and NaN input is the
    // general path's ("no penetration"). NaN separations fail both tests below.
    if (best_.index < 0 || !(finite_ || (a.finite() && b.finite()))) {
      return {Verdict::ask_cores, {}};
    }
    if (best_.value <= T(0) && radii_ - radii_ == T(0)) {
      // The polygons overlap (or touch): the overlapping-core case, along this axis.
      return {Verdict::penetrating,
              detail::along_axis(a, b, best_, detail::CoreDistance<T>{T(0), {}, {}}, radii_)};
    }
    if (!(best_.value > T(0) && best_.value <= radii_)) return {Verdict::ask_cores, {}};  // NaN
    return skin_penetration();
  }

  PolygonFaces<T> a, b;

 private:
  // The greater separation as best, A's on ties, chosen as values: which polygon separates more
  // is data-dependent, and as a branch it was mispredicted on about half the pairs (std::max,
  // std::min and the edges' ?: were compiled to branches too; the edges are picked by a mask).
  void take_quad(const detail::EdgeSeparation<T>& sa, const detail::EdgeSeparation<T>& sb) {
    sa_ = sa;
    sb_ = sb;
    const bool b_greater = sb.separation > sa.separation;
    const int b_mask = -static_cast<int>(b_greater), edges = sa.edge ^ sb.edge;
    best_ = {detail::greater_or_second(sb.separation, sa.separation), sa.edge ^ (edges & b_mask),
             !b_greater};
    other_ = {detail::less_or_second(sa.separation, sb.separation), sb.edge ^ (edges & b_mask),
              b_greater};
    finite_ = quad_ = true;
  }

  // B's search, which the third of the pairs that A's edges leave within the radii need, out of
  // line: inlined, it cost the constructor about 20 instructions a call (callgrind, 2026-11-28).
  [[gnu::noinline]] static detail::EdgeSeparation<T> second_search(const ConvexPolygon<T>& edges,
                                                                   int ne,
                                                                   const ConvexPolygon<T>& vertices,
                                                                   int nv, T radii) {
    return detail::deepest_edge(edges, ne, vertices, nv,
                                [radii](T value) { return value > radii; });
  }

  // Apart within the radii (rounded shapes): the apart-core case, the closest points from
  // polygon_pair_distance (distance.cpp's path for these pairs, so that collide agrees with
  // distance) rather than GJK, from the separations found above (both searches ran to the end:
  // neither passed the radii). Not inlined: it would crowd the overlapping pairs' path.
  [[gnu::noinline]] Verdict skin_penetration() const {
    detail::EdgeSeparation<T> sa = sa_, sb = sb_;
    if constexpr (std::is_same_v<T, float>) {
      if (quad_) {
        sa.vertex = detail::least_vertex(pa_, sa.edge, pb_, b.count, sa.separation);
        sb.vertex = detail::least_vertex(pb_, sb.edge, pa_, a.count, sb.separation);
      }
    }
    const std::optional<detail::CoreDistance<T>> closest =
        detail::polygon_pair_distance(pa_, a.count, pb_, b.count, sa, &sb);
    if (!closest || !(closest->distance > T(0))) return {Verdict::ask_cores, {}};
    const auto c =
        detail::apart_cores(a, b, detail::SeparatingAxes<T>{best_, other_}, *closest, radii_);
    if (!c) return {Verdict::apart, {}};
    return {Verdict::penetrating, *c};
  }

  const ConvexPolygon<T>& pa_;
  const ConvexPolygon<T>& pb_;
  T radii_;
  detail::EdgeSeparation<T> sa_, sb_;  // set by the constructor wherever penetration() reads them
  detail::Separation<T> best_;         // the greater of the two separations (A's on ties)
  detail::Separation<T> other_;  // the other polygon's (meaningless when best is beyond the radii)
  bool finite_ = false;          // both polygons' lanes were found finite (quad_search)
  bool quad_ = false;            // quad_search found the separations (their vertices left unset)
};

// The manifold of two polygon-based shapes on their own coordinates, with a prediction margin
// as predicted_manifold takes it (each radius grown by half of it, depths lowered by it), into m,
// or false where the cores' path must answer. manifold_from, as core_manifold: the clipped points,
// or one point when clipping keeps none, so that collide has points exactly when penetration has
// a value; and the separations are the same with and without the margin, so that a pair in
// contact stays in contact with one. (These functions write the caller's manifold rather than
// return an optional one: the copies of optionals between them cost the rounded boxes about 80
// instructions a call, callgrind 2026-11-29.)
template <class T>
COLLIDE2D_FORCE_INLINE bool contact_manifold(const PolygonContact<T>& polygons, T prediction,
                                             Manifold<T>& m) {
  if (polygons.apart()) {
    m = Manifold<T>{{T(0), T(0)}, {}, 0};
    return true;
  }
  const auto verdict = polygons.penetration();
  using Verdict = typename PolygonContact<T>::Verdict;
  if (verdict.kind == Verdict::ask_cores) return false;
  if (verdict.kind == Verdict::apart) {
    m = Manifold<T>{{T(0), T(0)}, {}, 0};
    return true;
  }
  m = manifold_from(polygons.a, polygons.b, verdict.c, prediction);
  for (int i = 0; i < m.point_count; ++i)
    m.points[i].depth -= prediction;
  return true;
}

template <class A, class B, class T = scalar_of<A>>
bool general_polygon_manifold(const A& a, const B& b, T prediction, Manifold<T>& m) {
  return contact_manifold(PolygonContact<T>(a, b, T(0.5) * prediction), prediction, m);
}

#if COLLIDE2D_POLYGON_LANES_SSE2
// Out of line: the rare path of quad_pair_manifold below.
template <class A, class B>
[[gnu::noinline]] bool skin_manifold(const A& shape_a, const B& shape_b, float prediction,
                                     const detail::EdgeSeparation<float>& sa,
                                     const detail::EdgeSeparation<float>& sb, Manifold<float>& m) {
  return contact_manifold(PolygonContact<float>(shape_a, shape_b, 0.5f * prediction, sa, sb),
                          prediction, m);
}

// Two finite polygons of three or four vertices (rounded boxes), float, their separations found in
// lanes (q): contact_manifold's answer, bit for bit, with the usual cases kept in registers. Apart
// (the greater separation beyond the radii): no points. Overlapping (<= 0): along_axis's normal
// and clip_manifold's points, the incident face found on the lanes already loaded, with no
// PolygonContact, CorePenetration or call between (together a third of the overlapping pairs'
// instructions, callgrind 2026-11-29). Apart within the radii, and a radius sum that overflows:
// PolygonContact from the same separations.
template <class A, class B>
COLLIDE2D_FORCE_INLINE bool quad_pair_manifold(const A& shape_a, const B& shape_b, float prediction,
                                               const detail::QuadPair& q, Manifold<float>& m) {
  const float grow = 0.5f * prediction;
  const PolygonFaces<float> a = PolygonFaces<float>::of(shape_a, grow);
  const PolygonFaces<float> b = PolygonFaces<float>::of(shape_b, grow);
  const float radii = a.radius + b.radius;
  // PolygonContact::take_quad's best: B's separation where strictly greater.
  const bool b_greater = q.sb.separation > q.sa.separation;
  const float s = detail::greater_or_second(q.sb.separation, q.sa.separation);
  if (s > radii) {
    m = Manifold<float>{{0.0f, 0.0f}, {}, 0};
    return true;
  }
  if (!(s <= 0.0f && radii - radii == 0.0f)) {
    return skin_manifold(shape_a, shape_b, prediction, q.sa, q.sb, m);
  }
  const int face = q.sa.edge ^ ((q.sa.edge ^ q.sb.edge) & -static_cast<int>(b_greater));
  const PolygonFaces<float>* const faces[2] = {&a, &b};
  const PolygonFaces<float>& reference = *faces[b_greater];
  const PolygonFaces<float>& incident = *faces[!b_greater];
  // clip_manifold, with best_face's dots on the incident polygon's lanes.
  const Vec2<float> n_ref = reference.normals[face];
  const Vec2<float> r0 = reference.vertices[face];
  const __m128 from_b = _mm_castsi128_ps(_mm_set1_epi32(-static_cast<int>(b_greater)));
  const auto pick = [from_b](__m128 if_b, __m128 if_a) {
    return _mm_or_ps(_mm_and_ps(from_b, if_b), _mm_andnot_ps(from_b, if_a));
  };
  const detail::QuadLanes incident_normals = {pick(q.a.normals.x, q.b.normals.x),
                                              pick(q.a.normals.y, q.b.normals.y)};
  float alignment;
  const int inc = detail::most_aligned(incident_normals, -n_ref, alignment);
  m = Manifold<float>{};
  if (inc >= 0) {  // always: finite lanes
    Vec2<float> clipped[2];
    const int count = detail::clip_to_face_lanes(
        &incident.vertices[inc], &incident.vertices[next_index(inc, incident.count)],
        &reference.vertices[face], &reference.vertices[next_index(face, reference.count)],
        perp(n_ref), clipped);
    m = kept_points(reference, incident, r0, n_ref, clipped, count);
  }
  // along_axis's penetration: A's normal, or B's negated.
  const Vec2<float> n = detail::negated_if(n_ref, b_greater);
  if (m.point_count == 0) {
    const detail::CorePenetration<float> c{
        {n, radii - std::min(s, 0.0f)}, {s, face, !b_greater}, {0.0f, {}, {}}, false};
    m = single_contact(a, b, c);
  }
  m.normal = n;
  for (int i = 0; i < m.point_count; ++i)
    m.points[i].depth -= prediction;
  return true;
}

// Both polygons of three or four vertices: quad_pair_manifold, or for NaN or infinite input the
// general path as before. Out of line, so that other polygon pairs do not pay for its registers
// (saved on entry: about 30 instructions a call, callgrind 2026-11-29).
template <class A, class B>
[[gnu::noinline]] bool quad_manifold(const A& a, const B& b, float prediction, Manifold<float>& m) {
  const ConvexPolygon<float>& pa = detail::polygon_of(a);
  const ConvexPolygon<float>& pb = detail::polygon_of(b);
  detail::QuadPair q;
  if (!detail::quad_pair(pa, detail::vertex_count(pa), pb, detail::vertex_count(pb), q)) {
    return general_polygon_manifold(a, b, prediction, m);
  }
  return quad_pair_manifold(a, b, prediction, q, m);
}
#endif

// The manifold of two polygon-based shapes on their own coordinates (contact_manifold) into m, or
// false where the cores' path must answer.
template <class A, class B, class T = scalar_of<A>>
bool polygon_pair_manifold(const A& a, const B& b, T prediction, Manifold<T>& m) {
#if COLLIDE2D_POLYGON_LANES_SSE2
  if constexpr (std::is_same_v<T, float>) {
    const int na = detail::vertex_count(detail::polygon_of(a));
    const int nb = detail::vertex_count(detail::polygon_of(b));
    if (na >= 3 && na <= 4 && nb >= 3 && nb <= 4) return quad_manifold(a, b, prediction, m);
  }
#endif
  return general_polygon_manifold(a, b, prediction, m);
}

// Two Obbs take box_manifold.hpp's path (issue 16).
template <class A, class B>
constexpr bool both_obbs =
    std::is_same_v<A, Obb<scalar_of<A>>>&& std::is_same_v<B, Obb<scalar_of<A>>>;

}  // namespace

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>)
    std::optional<Penetration<scalar_of<A>>> penetration(const A& a, const B& b) {
  if constexpr (both_obbs<A, B>) {
    const auto faces = detail::box_faces(a, b);
    if (!(faces.best.separation <= scalar_of<A>(0))) return std::nullopt;  // apart or NaN
    return detail::box_penetration(a, b, faces);
  }
  if constexpr (detail::is_polygon_based<A> && detail::is_polygon_based<B>) {
    using Verdict = typename PolygonContact<scalar_of<A>>::Verdict;
    const PolygonContact<scalar_of<A>> polygons(a, b);
    if (polygons.apart()) return std::nullopt;
    const auto verdict = polygons.penetration();
    if (verdict.kind == Verdict::apart) return std::nullopt;
    if (verdict.kind == Verdict::penetrating) return verdict.c.penetration;
  }
  const auto pair = detail::make_core_pair(a, b);
  const auto c = detail::core_penetration(pair.a, pair.b);
  if (!c) return std::nullopt;
  return c->penetration;
}

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>)
    Manifold<scalar_of<A>> collide(const A& a, const B& b) {
  using T = scalar_of<A>;
  if constexpr (both_obbs<A, B>) {
    const auto faces = detail::box_faces(a, b);
    if (!(faces.best.separation <= T(0))) return Manifold<T>{{T(0), T(0)}, {}, 0};
    return detail::box_manifold(a, b, faces, T(0));
  }
  if constexpr (detail::is_polygon_based<A> && detail::is_polygon_based<B>) {
    Manifold<T> m;
    if (polygon_pair_manifold(a, b, T(0), m)) return m;
  }
  const auto pair = detail::make_core_pair(a, b);
  Manifold<scalar_of<A>> m = core_manifold(pair.a, pair.b);
  for (int i = 0; i < m.point_count; ++i)
    m.points[i].point += pair.origin;
  return m;
}

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>)
    Manifold<scalar_of<A>> collide(const A& a, const B& b,
                                   const CollideOptions<scalar_of<A>>& options) {
  check_prediction(options.prediction);
  if (options.prediction == 0) return collide(a, b);
  if constexpr (both_obbs<A, B>) {
    using T = scalar_of<A>;
    // Overlapping boxes: the plain manifold's normal, with the points within the margin added.
    const auto faces = detail::box_faces(a, b);
    if (faces.best.separation <= T(0)) return detail::box_manifold(a, b, faces, options.prediction);
  }
  if constexpr (detail::is_polygon_based<A> && detail::is_polygon_based<B>) {
    Manifold<scalar_of<A>> m;
    if (polygon_pair_manifold(a, b, options.prediction, m)) return m;
  }
  const auto pair = detail::make_core_pair(a, b);
  Manifold<scalar_of<A>> m = predicted_manifold(pair.a, pair.b, options.prediction);
  for (int i = 0; i < m.point_count; ++i)
    m.points[i].point += pair.origin;
  return m;
}

#define COLLIDE2D_INSTANTIATE_CONTACT(A, B)                                                    \
  template std::optional<Penetration<scalar_of<A>>> penetration<A, B>(const A& a, const B& b); \
  template Manifold<scalar_of<A>> collide<A, B>(const A& a, const B& b);                       \
  template Manifold<scalar_of<A>> collide<A, B>(const A& a, const B& b,                        \
                                                const CollideOptions<scalar_of<A>>& options);
COLLIDE2D_INSTANTIATE_ALL_PAIRS(COLLIDE2D_INSTANTIATE_CONTACT)
COLLIDE2D_INSTANTIATE_ROUNDED_PAIRS(COLLIDE2D_INSTANTIATE_CONTACT)

}  // namespace collide2d
