// overlaps of a RoundedPolygon with every shape: dist(core, other core) <= radius sum, with the
// predicates of detail/predicates.hpp (no square root, no division; see rounded.hpp). Radius 0
// calls the polygon's own overlaps, so that it answers exactly as its core.
#include <limits>

#include "collide2d/overlap.hpp"
#include "collide2d/rounded.hpp"
#include "convex/cores.hpp"
#include "detail/instantiate.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

using detail::point_segment_within;
using detail::squared;

// An edge of A with every vertex of B outside it by more than sqrt(r2): then the two are apart by
// more than that, decided without the n m vertex-edge tests (most pairs in a scene are far apart).
// cross(e, w) < 0 and cross^2 > r2 |e|^2, as point_segment_comparison compares a distance to a
// line (in WideFor<T>, so float's products and squares are exact).
template <class T>
bool separated_beyond(const Vec2<T>* va, int na, const Vec2<T>* vb, int nb, T r2) {
  using Wide = detail::WideFor<T>;
  for (int i = 0; i < na; ++i) {
    const Vec2<T> e = detail::edge(va, na, i);
    // |e|^2 and the cross products in Wide from the components: in float, an edge of subnormal
    // length (a valid core may have one) squares to 0, and then every vertex seemed beyond it.
    // In double (Wide is double too) an edge shorter than about 1e-154 still squares below the
    // normal range, to 0 or a few ulps of a subnormal, where c^2 > r2 |e|^2 no longer compares
    // the distance to the line with the radius: such an edge decides nothing here (the filter
    // only skips work; the exact tests after it see every edge).
    const Wide ex = static_cast<Wide>(e.x), ey = static_cast<Wide>(e.y);
    const Wide e2 = ex * ex + ey * ey;
    if (!(e2 >= std::numeric_limits<Wide>::min())) continue;
    const Wide limit = static_cast<Wide>(r2) * e2;
    bool all_beyond = true;
    for (int j = 0; j < nb && all_beyond; ++j) {
      const Vec2<T> w = vb[j] - va[i];
      const Wide c = ex * static_cast<Wide>(w.y) - ey * static_cast<Wide>(w.x);
      all_beyond = c < Wide(0) && c * c > limit;
    }
    if (all_beyond) return true;
  }
  return false;
}

// Two polygons within sqrt(r2): they overlap, or (being disjoint and convex) their closest points
// include a vertex of one, against an edge of the other. Symmetric in its two polygons.
template <class T>
bool polygons_within(const Vec2<T>* va, int na, const Vec2<T>* vb, int nb, T r2) {
  if (separated_beyond(va, na, vb, nb, r2) || separated_beyond(vb, nb, va, na, r2)) return false;
  if (detail::polygons_overlap(va, na, vb, nb)) return true;
  for (int i = 0; i < na; ++i) {
    for (int j = 0; j < nb; ++j) {
      if (point_segment_within(va[i], vb[j], vb[j + 1 < nb ? j + 1 : 0], r2) ||
          point_segment_within(vb[j], va[i], va[i + 1 < na ? i + 1 : 0], r2)) {
        return true;
      }
    }
  }
  return false;
}

// In an Obb's frame, where it is [-h, h] exactly: the polygon meets the box, or a polygon vertex is
// within the radius of the box (clamped into it), or a box corner within the radius of a polygon
// edge.
template <class T>
bool polygon_box_within(const ConvexPolygon<T>& polygon, const detail::BoxFrame<T>& box, T r2) {
  const int n = detail::vertex_count(polygon);
  Vec2<T> local[max_polygon_vertices];
  for (int i = 0; i < n; ++i)
    local[i] = box.to_local(polygon.vertices[i]);
  if (detail::polygon_box_overlap(local, n, box.half)) return true;
  Vec2<T> corners[4];
  detail::box_corners(box.half, corners);
  for (int i = 0; i < n; ++i) {
    if (detail::point_box_within(local[i], box.half, r2)) return true;
    for (const Vec2<T>& corner : corners) {
      if (point_segment_within(corner, local[i], local[i + 1 < n ? i + 1 : 0], r2)) return true;
    }
  }
  return false;
}

// A point or segment core (with the other shape's radius) against the rounded polygon: the core
// swept by both radii against the bare polygon.
template <class T, class Core>
bool core_within(const RoundedPolygon<T>& a, Core core) {
  core.radius = core.radius + a.radius;
  return detail::core_polygon_within(core, a.core);
}

// An Aabb's corners are its own numbers, exact in world coordinates, where its frame's centre
// (min + max) / 2 may round: the box as a four-vertex polygon (a box of zero extent repeats
// vertices, whose zero-length edges separate nothing and whose closest points are the ends).
template <class T>
bool box_within(const RoundedPolygon<T>& a, const Aabb<T>& b) {
  if (a.radius == T(0)) return overlaps(a.core, b);
  const Vec2<T> corners[4] = {b.min, {b.max.x, b.min.y}, b.max, {b.min.x, b.max.y}};
  return polygons_within(a.core.vertices, detail::vertex_count(a.core), corners, 4,
                         squared(a.radius));
}
template <class T>
bool box_within(const RoundedPolygon<T>& a, const Obb<T>& b) {
  if (a.radius == T(0)) return overlaps(a.core, b);
  return polygon_box_within(a.core, detail::frame_of(b), squared(a.radius));
}

}  // namespace

template <class T>
bool overlaps(const RoundedPolygon<T>& a, const Point<T>& b) {
  return core_within(a, detail::core_of(b));
}
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const Segment<T>& b) {
  return core_within(a, detail::core_of(b));
}
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const Circle<T>& b) {
  return core_within(a, detail::core_of(b));
}
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const Capsule<T>& b) {
  return core_within(a, detail::core_of(b));
}
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const Aabb<T>& b) {
  return box_within(a, b);
}
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const Obb<T>& b) {
  return box_within(a, b);
}
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const ConvexPolygon<T>& b) {
  if (a.radius == T(0)) return overlaps(a.core, b);
  return polygons_within(a.core.vertices, detail::vertex_count(a.core), b.vertices,
                         detail::vertex_count(b), squared(a.radius));
}
template <class T>
bool overlaps(const RoundedPolygon<T>& a, const RoundedPolygon<T>& b) {
  const T r2 = squared(a.radius + b.radius);
  if (r2 == T(0)) return overlaps(a.core, b.core);
  return polygons_within(a.core.vertices, detail::vertex_count(a.core), b.core.vertices,
                         detail::vertex_count(b.core), r2);
}

COLLIDE2D_INSTANTIATE_OVERLAP(RoundedPolygon, Point);
COLLIDE2D_INSTANTIATE_OVERLAP(RoundedPolygon, Segment);
COLLIDE2D_INSTANTIATE_OVERLAP(RoundedPolygon, Circle);
COLLIDE2D_INSTANTIATE_OVERLAP(RoundedPolygon, Capsule);
COLLIDE2D_INSTANTIATE_OVERLAP(RoundedPolygon, Aabb);
COLLIDE2D_INSTANTIATE_OVERLAP(RoundedPolygon, Obb);
COLLIDE2D_INSTANTIATE_OVERLAP(RoundedPolygon, ConvexPolygon);
COLLIDE2D_INSTANTIATE_OVERLAP(RoundedPolygon, RoundedPolygon);

}  // namespace collide2d
