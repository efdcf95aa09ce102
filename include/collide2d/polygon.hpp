// collide2d/polygon.hpp - Polygon<T>: a simple polygon of any vertex count, concave allowed, and
// the single-call queries on it (free functions).
//
//   std::vector<Vec2<double>> outline = ...;                    // any order, cw or ccw
//   const Polygon<double> l_shape = make_simple_polygon(outline).value();   // throws if bad
//   overlaps(l_shape, circle); contains(l_shape, box); raycast(ray, l_shape); ...
//
// The set is the closed region bounded by the outline: its boundary belongs to it, so shapes
// that only touch it overlap it, as for every other shape. A Polygon is immutable, with the
// vertices counter-clockwise (a clockwise outline is reversed by the builder), and shares its
// data between copies (copying is cheap; the data is never changed, so copies may be used from
// several threads). It is not (yet) an alternative of the Shape variant nor a Scene shape:
// the queries below are free functions.
//
// Method: edge-based exact tests, no decomposition. make_simple_polygon builds, once, a uniform
// grid over the polygon's bounding box that lists in each cell the edges with a point in it, and
// each empty cell's winding number (the Lasso's index, detail::LassoIndex: a simple polygon is a
// lasso whose path never crosses itself, with winding 1 inside). A query visits only the edges
// listed in the cells of the other shape's bounding box; point-in-polygon is Sunday's winding rule
// over one grid row, with exact orientation signs (Shewchuk's adaptive predicate).
//
//   overlaps(P, S)           some edge of P overlaps S, or a point of S is inside P, or a vertex
//                            of P is in S (then P lies in S)
//   contains(P, S)           no edge of P enters int(S), and a point of S off P's boundary is
//                            inside P (S without interior: sampled exactly along its length)
//   (S is any shape of the Shape variant, a RoundedPolygon included, or a Shape itself)
//   contains(S, P)           S convex: every vertex of P is in S; P / P: every edge of B in A
//   contains_strictly        the same with the interiors (see containment.hpp)
//   overlaps_interior(P, S)  an edge of P meets int(S), or a point of S off P's boundary is inside
//                            P (S without interior: S meets int(P), sampled along its length)
//   raycast(ray, P)          the first span of the ray in P (RayHit, raycast.hpp); raycast_spans
//                            every span, in order
//   distance(P, S)           0 when they overlap, else the least distance(edge, S)
//   intersection_area(P, S)  for every S with area (Circle, Capsule, Aabb, Obb, ConvexPolygon,
//                            RoundedPolygon) and Polygon: P cut into
//                            triangles (ear clipping), the sum of each triangle's convex
//                            intersection area with S (area.hpp)
//
// Exactness: the builder's checks, point-in-polygon and the segment/segment and point/segment
// tests use exact orientation signs, so overlaps and contains_strictly of a Polygon with a Point,
// Segment or Polygon are exact for every float and double input in the builder's range. contains
// of a segment (or of a polygon, edge by edge) samples one point between each two places where
// edges meet it, placed in double: exact unless two of those places are within rounding of each
// other. Against the other shapes an edge is tested with the library's overlaps(Segment, S),
// overlaps_interior and contains, which are exact on integer coordinates of moderate size with
// exact rotations, and within their tolerance band of touching elsewhere (overlap.hpp). Ray
// parameters, distances and areas are rounded as for the convex shapes.
//
// mass_properties(P, density): the triangle fan of ConvexPolygon's (mass.hpp), Green's theorem
// over the outline, right for a concave polygon too.
//
// Not yet for a Polygon: penetration, collide, shape_cast, giou and intersection(). They are
// declared deleted, so that such a call fails to compile (not to link).
// No holes.
//
// Preconditions: a Polygon from make_simple_polygon. A default-constructed (empty) Polygon is the
// empty set: it overlaps and contains nothing, a ray misses it, distances to it are +infinity.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "collide2d/area.hpp"
#include "collide2d/builders.hpp"
#include "collide2d/contact.hpp"
#include "collide2d/distance.hpp"
#include "collide2d/mass.hpp"
#include "collide2d/math.hpp"
#include "collide2d/raycast.hpp"
#include "collide2d/shape_cast.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {

namespace detail {
template <class T>
class LassoIndex;         // src/scene/lasso_index.hpp
struct PolygonTriangles;  // src/polygon/polygon_triangulate.cpp
}  // namespace detail

template <class T>
class Polygon {
 public:
  // The empty set (see above). Build one with make_simple_polygon.
  Polygon() = default;
  // The vertices, counter-clockwise, without repeats; edge i runs from vertex i to vertex i + 1
  // (the last back to the first).
  const std::vector<Vec2<T>>& vertices() const;
  std::size_t size() const { return vertices().size(); }
  bool empty() const { return index_ == nullptr; }
  // The edge index, for the queries.
  const detail::LassoIndex<T>& index() const { return *index_; }
  // The polygon cut into size() - 2 counter-clockwise triangles of its vertices (indices into
  // vertices()), by ear clipping with exact orientation signs; computed on first use (thread-safe)
  // and shared by the copies. A triangle of a straight run of collinear vertices has no area.
  const std::vector<std::array<int, 3>>& triangles() const;

 private:
  template <class U>
  friend Built<Polygon<U>> make_simple_polygon(std::span<const Vec2<U>> vertices);
  std::shared_ptr<const detail::LassoIndex<T>> index_;
  std::shared_ptr<detail::PolygonTriangles> triangles_;
};

template <class T>
struct ShapeTraits<Polygon<T>> {
  static constexpr bool is_shape = true;
  static constexpr bool has_area = true;
  using Scalar = T;
};

// The polygon through `vertices` (closed: the last joins the first), counter-clockwise or
// clockwise (then reversed). Fails, naming the vertices (indices as given) and their values, for:
// fewer than 3 vertices; a NaN, infinite or subnormal coordinate, or one beyond 1e150 in
// magnitude (where exact orientation signs could overflow); two equal vertices; all vertices on
// one line (no area); a spike (a vertex whose two edges run back along each other); two edges that
// cross or touch other than at the vertex they share. Collinear vertices in a straight run are
// kept. Building costs O(n) for the grid plus the edge pairs that share a cell (about O(n) for
// outlines whose edges are spread out), never the O(n^2) of all pairs.
template <class T>
Built<Polygon<T>> make_simple_polygon(std::span<const Vec2<T>> vertices);

template <class T>
Built<Polygon<T>> make_simple_polygon(const std::vector<Vec2<T>>& vertices) {
  return make_simple_polygon(std::span<const Vec2<T>>(vertices.data(), vertices.size()));
}
template <class T>
Built<Polygon<T>> make_simple_polygon(std::initializer_list<Vec2<T>> vertices) {
  return make_simple_polygon(std::span<const Vec2<T>>(vertices.begin(), vertices.size()));
}

// "" for a built polygon; the reason for an empty one.
template <class T>
std::string validation_error(const Polygon<T>& polygon);
// The box of the vertices (exact: their extreme coordinates); an empty polygon's is inverted.
template <class T>
Aabb<T> bounding_box(const Polygon<T>& polygon);
// The shoelace formula, summed exactly and rounded once; > 0 unless the area is too small for T
// (products of coordinates below double's range, about 1e-308, or a float area below 1.4e-45).
template <class T>
T area(const Polygon<T>& polygon);

// ---- overlaps (closed sets; symmetric) ----
template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool overlaps(const Polygon<T>& a,
                                                                        const S& b);
template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool overlaps(const S& a,
                                                                        const Polygon<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool overlaps(const Polygon<T>& a, const Polygon<T>& b);

// ---- contains, contains_strictly (containment.hpp's definitions) ----
template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool contains(const Polygon<T>& a,
                                                                        const S& b);
template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool contains(const S& a,
                                                                        const Polygon<T>& b);
template <class T>
bool contains(const Polygon<T>& a, const Polygon<T>& b);

template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool contains_strictly(
    const Polygon<T>& a, const S& b);
template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool contains_strictly(
    const S& a, const Polygon<T>& b);
template <class T>
bool contains_strictly(const Polygon<T>& a, const Polygon<T>& b);

// ---- overlaps_interior (interior.hpp's definition: one has a point in the other's interior) ----
// An edge of P meets int(S), or S lies in int(P) (a point of S off the boundary tells); S without
// an interior: S meets int(P), sampled exactly along its length. Two polygons: an edge of either
// enters the other's interior, or they are the same region. Exact where contains_strictly is.
template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool overlaps_interior(
    const Polygon<T>& a, const S& b);
template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool overlaps_interior(
    const S& a, const Polygon<T>& b) {
  return overlaps_interior(b, a);
}
template <class T>
bool overlaps_interior(const Polygon<T>& a, const Polygon<T>& b);

// ---- raycast (raycast.hpp's RayHit and conventions) ----
// The first span of the ray in the polygon: where it enters (t_enter = 0, started_inside, zero
// normal when the origin is in the polygon) and where it leaves it first, the outward normal of the
// entry edge (at a vertex, of an edge that meets the ray there without running along it).
template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const Polygon<T>& polygon);
// Every span of the ray in the polygon, in order along it (the first is raycast's answer), each
// a RayHit: a concave polygon is entered and left several times; a span of zero length is a
// vertex the ray grazes. Empty when the ray misses.
template <class T>
std::vector<RayHit<T>> raycast_spans(const Ray<T>& ray, const Polygon<T>& polygon);

// ---- distance (distance.hpp's DistanceResult: point_a on the first argument) ----
// 0 when they overlap, with point_a == point_b a point of both (an edge's meeting point with the
// other shape, a point of a shape inside the other, or a vertex); else the least distance between
// an edge and the other shape (the other's edges, for two polygons), edges whose boxes are already
// farther than the best found skipped. An empty polygon is +infinity away.
template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>)
    DistanceResult<T> distance(const Polygon<T>& a, const S& b);
template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>)
    DistanceResult<T> distance(const S& a, const Polygon<T>& b) {
  const DistanceResult<T> r = distance(b, a);
  return {r.distance, r.point_b, r.point_a};
}
template <class T>
DistanceResult<T> distance(const Polygon<T>& a, const Polygon<T>& b);

// ---- intersection_area, iou (area.hpp) against every shape with area, and Polygon ----
// The polygon's triangles (triangles()) each against S by the convex intersection_area, summed in
// double; triangles whose boxes miss S's are skipped. For two polygons, the triangle pairs whose
// boxes meet, in a canonical order of the two polygons so that both argument orders give the same
// value to the bit. Each term has area.hpp's accuracy; the sum adds about n eps relative to the
// largest term.
template <class T, class S>
requires(is_area_query_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) T
    intersection_area(const Polygon<T>& a, const S& b);
template <class T, class S>
requires(is_area_query_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) T
    intersection_area(const S& a, const Polygon<T>& b) {
  return intersection_area(b, a);
}
template <class T>
T intersection_area(const Polygon<T>& a, const Polygon<T>& b);

template <class T, class S>
requires(is_area_query_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) T
    iou(const Polygon<T>& a, const S& b);
template <class T, class S>
requires(is_area_query_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) T
    iou(const S& a, const Polygon<T>& b) {
  return iou(b, a);
}
template <class T>
T iou(const Polygon<T>& a, const Polygon<T>& b);

// ---- The same against any shape held in the Shape variant ----

template <class T>
bool overlaps(const Polygon<T>& a, const Shape<T>& b) {
  return std::visit([&a](const auto& s) { return overlaps(a, s); }, b);
}
template <class T>
bool overlaps(const Shape<T>& a, const Polygon<T>& b) {
  return overlaps(b, a);
}
template <class T>
bool contains(const Polygon<T>& a, const Shape<T>& b) {
  return std::visit([&a](const auto& s) { return contains(a, s); }, b);
}
template <class T>
bool contains(const Shape<T>& a, const Polygon<T>& b) {
  return std::visit([&b](const auto& s) { return contains(s, b); }, a);
}
template <class T>
bool contains_strictly(const Polygon<T>& a, const Shape<T>& b) {
  return std::visit([&a](const auto& s) { return contains_strictly(a, s); }, b);
}
template <class T>
bool contains_strictly(const Shape<T>& a, const Polygon<T>& b) {
  return std::visit([&b](const auto& s) { return contains_strictly(s, b); }, a);
}
template <class T>
bool overlaps_interior(const Polygon<T>& a, const Shape<T>& b) {
  return std::visit([&a](const auto& s) { return overlaps_interior(a, s); }, b);
}
template <class T>
bool overlaps_interior(const Shape<T>& a, const Polygon<T>& b) {
  return overlaps_interior(b, a);
}
template <class T>
DistanceResult<T> distance(const Polygon<T>& a, const Shape<T>& b) {
  return std::visit([&a](const auto& s) { return distance(a, s); }, b);
}
template <class T>
DistanceResult<T> distance(const Shape<T>& a, const Polygon<T>& b) {
  return std::visit([&b](const auto& s) { return distance(s, b); }, a);
}

// Mass, centroid and polar moment of inertia about the centroid for a uniform density (mass.hpp),
// by the triangle fan of ConvexPolygon, which is Green's theorem over the outline and holds for a
// concave polygon too; the same accuracy (mass.hpp) with n the vertex count. An empty Polygon has
// mass 0 at the origin. Throws InvalidQuery for a density that is negative or not finite.
template <class T>
MassProperties<T> mass_properties(const Polygon<T>& polygon, std::type_identity_t<T> density);

// Not computed for a Polygon yet (no penetration, manifold or time of impact):
// deleted, so that a call fails to compile rather than to link.
template <class T, class B>
void penetration(const Polygon<T>&, const B&) = delete;
template <class A, class T>
void penetration(const A&, const Polygon<T>&) = delete;
template <class T>
void penetration(const Polygon<T>&, const Polygon<T>&) = delete;
template <class T, class B>
void collide(const Polygon<T>&, const B&) = delete;
template <class A, class T>
void collide(const A&, const Polygon<T>&) = delete;
template <class T>
void collide(const Polygon<T>&, const Polygon<T>&) = delete;
template <class T, class B>
void collide(const Polygon<T>&, const B&, const CollideOptions<T>&) = delete;
template <class A, class T>
void collide(const A&, const Polygon<T>&, const CollideOptions<T>&) = delete;
template <class T>
void collide(const Polygon<T>&, const Polygon<T>&, const CollideOptions<T>&) = delete;
template <class T, class B>
void shape_cast(const Polygon<T>&, Vec2<T>, const B&, Vec2<T>) = delete;
template <class A, class T>
void shape_cast(const A&, Vec2<T>, const Polygon<T>&, Vec2<T>) = delete;
template <class T>
void shape_cast(const Polygon<T>&, Vec2<T>, const Polygon<T>&, Vec2<T>) = delete;
template <class T, class B>
void shape_cast(const Polygon<T>&, Vec2<T>, const B&, Vec2<T>, const CastOptions<T>&) = delete;
template <class A, class T>
void shape_cast(const A&, Vec2<T>, const Polygon<T>&, Vec2<T>, const CastOptions<T>&) = delete;
template <class T>
void shape_cast(const Polygon<T>&, Vec2<T>, const Polygon<T>&, Vec2<T>,
                const CastOptions<T>&) = delete;

}  // namespace collide2d
