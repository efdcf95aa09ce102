// tests/reference/exact_reference.hpp - an exact, independent model of collide2d's shapes.
//
// Written from the definitions in shapes.hpp, not from the library's algorithms, and computed in
// exact rational arithmetic (GMP): every float and double is a rational number, so converting the
// inputs loses nothing and every answer below is exact.
//
// Every shape is modelled as a CORE swept by a RADIUS, i.e. the set of points within `radius` of
// the core, where the core is a convex set given by its vertices:
//
//   shape          core                                              radius
//   Point          the point                                         0
//   Circle         the centre                                        radius
//   Segment        the two ends                                      0
//   Capsule        the two ends                                      radius
//   Aabb           the 4 corners                                     0
//   Obb            the 4 corners centre + R (+-hx, +-hy), with       0
//                  R = [[c, -s], [s, c]] built exactly from the given (c, s)
//   ConvexPolygon  its vertices                                      0
//
// (consecutive equal vertices are merged, so a zero-length segment is a point core and a box with
// a zero extent is a segment core). Two shapes overlap exactly when dist(coreA, coreB) <= rA + rB:
// the sets are closed, so touching counts.
//
// Besides the yes/no answer the reference classifies a pair against a tolerance `tol`, from the
// signed separation: the distance between the shapes when they are apart, minus the penetration
// depth (the shortest translation that separates them) when they overlap:
//
//   apart_clear      separation > tol
//   apart_in_band    0 < separation <= tol
//   overlap_in_band  -tol <= separation <= 0   (touching: separation 0)
//   overlap_clear    separation < -tol
//
// A floating-point implementation that rounds may flip answers in the band but never outside it.
// With tol = 0 the band holds exactly the touching pairs.
#pragma once

#include <gmpxx.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "collide2d/shapes.hpp"

namespace collide2d::reference {

struct QPoint {
  mpq_class x;
  mpq_class y;
};

// A convex core (1 vertex: a point, 2: a segment, 3 or more: a convex polygon with its vertices
// in boundary order, either orientation) swept by a radius >= 0.
struct ExactShape {
  std::vector<QPoint> core;
  mpq_class radius;
};

// Builds an ExactShape, merging consecutive (cyclically) equal vertices.
ExactShape make_exact_shape(std::vector<QPoint> core, mpq_class radius);

enum class Exact { apart_clear, apart_in_band, overlap_in_band, overlap_clear };

inline bool overlaps(Exact e) {
  return e == Exact::overlap_in_band || e == Exact::overlap_clear;
}
inline bool is_clear_cut(Exact e) {
  return e == Exact::apart_clear || e == Exact::overlap_clear;
}
const char* to_string(Exact e);

// Exact conversions (every float and double is a rational; mpq_set_d is exact).
template <class T>
mpq_class to_q(T v) {
  return mpq_class(static_cast<double>(v));
}
template <class T>
QPoint to_q(Vec2<T> v) {
  return {to_q(v.x), to_q(v.y)};
}
// The same into existing storage, which GMP reuses.
template <class T>
void set_q(mpq_class& q, T v) {
  mpq_set_d(q.get_mpq_t(), static_cast<double>(v));
}
template <class T>
void set_q(QPoint& q, Vec2<T> v) {
  set_q(q.x, v.x);
  set_q(q.y, v.y);
}

// ---- Shapes -> ExactShape ----
//
// exact_into(out, shape) fills `out`, reusing its storage: once warm it allocates nothing, which
// keeps the property tests fast (under AddressSanitizer above all). exact(shape) returns a new one.

// Resizes out.core to n vertices (to be filled), and merges consecutive equal vertices once they
// are filled.
void resize_core(ExactShape& out, std::size_t n);
void merge_duplicates(ExactShape& out);

template <class T>
void exact_into(ExactShape& out, const Point<T>& p) {
  resize_core(out, 1);
  set_q(out.core[0], p);
  out.radius = 0;
}
template <class T>
void exact_into(ExactShape& out, const Segment<T>& s) {
  resize_core(out, 2);
  set_q(out.core[0], s.a);
  set_q(out.core[1], s.b);
  out.radius = 0;
  merge_duplicates(out);
}
template <class T>
void exact_into(ExactShape& out, const Circle<T>& c) {
  resize_core(out, 1);
  set_q(out.core[0], c.center);
  set_q(out.radius, c.radius);
  if (out.radius < 0) throw std::invalid_argument("negative radius");
}
template <class T>
void exact_into(ExactShape& out, const Capsule<T>& c) {
  resize_core(out, 2);
  set_q(out.core[0], c.a);
  set_q(out.core[1], c.b);
  set_q(out.radius, c.radius);
  if (out.radius < 0) throw std::invalid_argument("negative radius");
  merge_duplicates(out);
}
template <class T>
void exact_into(ExactShape& out, const Aabb<T>& b) {
  resize_core(out, 4);
  set_q(out.core[0], b.min);
  set_q(out.core[1], Vec2<T>{b.max.x, b.min.y});
  set_q(out.core[2], b.max);
  set_q(out.core[3], Vec2<T>{b.min.x, b.max.y});
  out.radius = 0;
  merge_duplicates(out);
}
// Corners centre + R (sx hx, sy hy), R = [[c, -s], [s, c]] exactly as given (even when c^2 + s^2
// is not exactly 1), counter-clockwise from the local (-hx, -hy) corner.
void exact_obb_into(ExactShape& out, double cx, double cy, double hx, double hy, double c,
                    double s);
template <class T>
void exact_into(ExactShape& out, const Obb<T>& b) {
  exact_obb_into(out, static_cast<double>(b.center.x), static_cast<double>(b.center.y),
                 static_cast<double>(b.half_extents.x), static_cast<double>(b.half_extents.y),
                 static_cast<double>(b.rotation.c), static_cast<double>(b.rotation.s));
}
template <class T>
void exact_into(ExactShape& out, const ConvexPolygon<T>& p) {
  const int n = p.count < 0 ? 0 : (p.count > max_polygon_vertices ? max_polygon_vertices : p.count);
  resize_core(out, static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    set_q(out.core[static_cast<std::size_t>(i)], p.vertices[i]);
  out.radius = 0;
  merge_duplicates(out);
}
// A rounded polygon: its core's vertices swept by the radius (the model's cores have one).
template <class T>
void exact_into(ExactShape& out, const RoundedPolygon<T>& p) {
  exact_into(out, p.core);
  set_q(out.radius, p.radius);
  if (out.radius < 0) throw std::invalid_argument("negative radius");
}
template <class T>
void exact_into(ExactShape& out, const Shape<T>& shape) {
  std::visit([&out](const auto& s) { exact_into(out, s); }, shape);
}

template <class S>
ExactShape exact(const S& shape) {
  ExactShape out;
  exact_into(out, shape);
  return out;
}
inline const ExactShape& exact(const ExactShape& s) {
  return s;
}

// ---- Queries on ExactShapes ----

// Squared distance between the cores: 0 when they intersect.
mpq_class core_distance_squared(const ExactShape& a, const ExactShape& b);

// Do the shapes share a point? dist(cores)^2 <= (rA + rB)^2.
bool exact_overlaps(const ExactShape& a, const ExactShape& b);

// dist(a, b) <= d, for d >= 0 (0 when they overlap): the shapes' points within d of each other.
bool within_distance(const ExactShape& a, const ExactShape& b, const mpq_class& d);

// The band classification above, for tol >= 0.
Exact classify(const ExactShape& a, const ExactShape& b, const mpq_class& tol);

// The same on library shapes (or ExactShapes), any mix.
template <class A, class B>
bool exact_overlaps(const A& a, const B& b) {
  return exact_overlaps(exact(a), exact(b));
}
template <class A, class B>
Exact classify(const A& a, const B& b, const mpq_class& tol) {
  return classify(exact(a), exact(b), tol);
}
// Exact squared distance from a point to a shape: 0 when inside. Only for shapes of radius 0 (the
// distance to a round shape is not rational in general: use within_distance); throws
// std::invalid_argument for a round one.
mpq_class point_distance_squared(const QPoint& p, const ExactShape& shape);
template <class T, class S>
mpq_class point_distance_squared(const Point<T>& p, const S& shape) {
  return point_distance_squared(to_q(p), exact(shape));
}
template <class T, class S>
bool point_within(const Point<T>& p, const S& shape, const mpq_class& d) {
  return within_distance(exact(p), exact(shape), d);
}

std::string describe(const ExactShape& s);

}  // namespace collide2d::reference
