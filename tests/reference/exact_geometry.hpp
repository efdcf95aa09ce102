// tests/reference/exact_geometry.hpp - more exact questions on ExactShapes: motion, sweeping,
// containment and areas, for the contact, containment, area and time-of-impact property tests.
//
// Like exact_reference.hpp, written from the definitions in the public headers (shapes.hpp,
// containment.hpp, area.hpp), never from the library's algorithms, and computed in exact rational
// arithmetic (GMP):
//
//   moved_into          the shape translated by t * v, exactly (no rounding of the new position)
//   swept_into          the set a shape covers while it moves along [0, v]: for a convex core K
//                       swept by r it is hull(K, K + v) swept by r, so "B moving by v touches A at
//                       some t in [0, 1]" is exactly "A overlaps B swept by v"
//   classify_containment  how far B lies inside A, against a band (see below)
//   exact_core_area, exact_intersection_area  areas of polygon cores and of the intersection of two
//                       of them (Sutherland-Hodgman clipping in rationals, then the shoelace
//                       formula)
#pragma once

#include <gmpxx.h>

#include <vector>

#include "exact_reference.hpp"

namespace collide2d::reference {

// out = in translated by t * v (core vertices moved, the radius kept). out must not alias in.
void moved_into(ExactShape& out, const ExactShape& in, const mpq_class& t, const QPoint& v);

// The convex hull of `points` into `out`: counter-clockwise, no repeated and no collinear
// vertices; 1 vertex when all points coincide, 2 (the extreme ones) when they are collinear.
void convex_hull_into(std::vector<QPoint>& out, const std::vector<QPoint>& points);

// out = the points covered by `in` translated by s * v for some s in [0, 1]: the hull of the core
// and the core moved by v, with in's radius (its vertex list may keep collinear vertices where an
// edge of the core is parallel to v). out must not alias in.
void swept_into(ExactShape& out, const ExactShape& in, const QPoint& v);

// ---- Containment ----
//
// For A with an interior (a polygon core, or a point or segment core with a radius), the margin
// by which B lies inside A:
//
//   m = min over B's core vertices v of ( depth_A(v) - r_B ),
//   depth_A(v) = least signed distance of v inside A's edges       (polygon core, r_A = 0)
//              = r_A - dist(v, A's core)                             (point or segment core)
//              = r_A + least distance of v inside the edges, when v is in the core, else
//                r_A - dist(v, core)                                 (polygon core, r_A > 0)
//
// B is the hull of the discs of radius r_B around its core vertices and A is convex, so B is inside
// A exactly when m >= 0, and inside A's interior exactly when m > 0. Against a tolerance tol >= 0:
//
//   inside_clear      m > tol
//   inside_in_band    0 <= m <= tol      (m = 0: B touches A's boundary from inside)
//   outside_in_band   -tol <= m < 0
//   outside_clear     m < -tol
//
// A polygon core with 2 or fewer distinct vertices and radius 0 (a box of zero extent) has no
// interior: its margin is -r_B - dist(v, core) <= 0.
enum class Containment { inside_clear, inside_in_band, outside_in_band, outside_clear };

inline bool contained(Containment c) {
  return c == Containment::inside_clear || c == Containment::inside_in_band;
}
inline bool is_clear_cut(Containment c) {
  return c == Containment::inside_clear || c == Containment::outside_clear;
}
const char* to_string(Containment c);

Containment classify_containment(const ExactShape& a, const ExactShape& b, const mpq_class& tol);

// Exact sign of m (-1, 0 or 1): for lattice cases where the answer must be exact.
int containment_margin_sign(const ExactShape& a, const ExactShape& b);

// ---- Areas of polygon cores (radius 0; a core of fewer than 3 vertices has area 0) ----

mpq_class exact_core_area(const ExactShape& s);

// The area of the intersection of two polygon cores, by clipping b with each edge of a
// (Sutherland-Hodgman) in exact rationals. Throws std::invalid_argument for a shape with a radius.
mpq_class exact_intersection_area(const ExactShape& a, const ExactShape& b);

}  // namespace collide2d::reference
