// tests/property/polygon_reference.hpp - an exact model of a simple polygon in GMP rationals, for
// the Polygon property tests (polygon_property_test.cpp).
//
// Written from the definitions (polygon.hpp: the closed region bounded by a simple outline), with
// no grid, no library predicate and no rounding: every vertex is converted exactly, and the
// questions are answered from these facts about a closed simple polygon P and a closed connected
// shape S (a convex core swept by a radius, exact_reference.hpp):
//   - point in P: on an edge, or winding number != 0 (Sunday's crossing rule, in rationals);
//   - P and S meet iff an edge of P meets S, or a point of S is in P, or a vertex of P is in S;
//   - S lies in P iff the boundary of S does (P's complement is connected); a segment lies in P
//     iff its ends and one point between each two consecutive places where an edge meets it do
//     (rational parameters: the sample points are exact); a disc of radius r swept along a core
//     (a point, a segment or a convex polygon) lies in P iff the core does and no edge comes
//     nearer than r;
//   - S lies in int(P) iff no edge meets S and a point of S is in P.
#pragma once

#include <gmpxx.h>

#include <algorithm>
#include <vector>

#include "collide2d/polygon.hpp"
#include "exact_geometry.hpp"
#include "exact_reference.hpp"

namespace collide2d::property::polygon_ref {

namespace ref = collide2d::reference;
using ref::QPoint;

// Orientation and segment tests for any exact coordinate type (rationals here, the generator's
// integers in polygon_generators.hpp).
inline int sign(const mpq_class& v) {
  return sgn(v);
}
inline int sign(long long v) {
  return (v > 0) - (v < 0);
}
template <class P>
int orient(const P& a, const P& b, const P& p) {
  return sign((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x));
}
inline bool on_segment(const QPoint& a, const QPoint& b, const QPoint& p) {
  return orient(a, b, p) == 0 && std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) &&
         std::min(a.y, b.y) <= p.y && p.y <= std::max(a.y, b.y);
}
template <class P>
bool segments_meet(const P& a, const P& b, const P& c, const P& d) {
  const int o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  if (o1 * o2 > 0 || o3 * o4 > 0) return false;
  if (o1 == 0 && o2 == 0) {
    return std::min(a.x, b.x) <= std::max(c.x, d.x) && std::min(c.x, d.x) <= std::max(a.x, b.x) &&
           std::min(a.y, b.y) <= std::max(c.y, d.y) && std::min(c.y, d.y) <= std::max(a.y, b.y);
  }
  return true;
}

struct QPolygon {
  std::vector<QPoint> v;

  std::size_t size() const { return v.size(); }
  const QPoint& at(std::size_t i) const { return v[i % v.size()]; }
  ref::ExactShape edge(std::size_t i) const { return ref::make_exact_shape({at(i), at(i + 1)}, 0); }

  bool on_boundary(const QPoint& q) const {
    for (std::size_t i = 0; i < size(); ++i)
      if (on_segment(at(i), at(i + 1), q)) return true;
    return false;
  }
  int winding(const QPoint& q) const {
    int w = 0;
    for (std::size_t i = 0; i < size(); ++i) {
      const QPoint &a = at(i), &b = at(i + 1);
      if (a.y <= q.y) {
        if (b.y > q.y && orient(a, b, q) > 0) ++w;
      } else if (b.y <= q.y && orient(a, b, q) < 0) {
        --w;
      }
    }
    return w;
  }
  bool contains_point(const QPoint& q) const { return on_boundary(q) || winding(q) != 0; }
  bool interior_point(const QPoint& q) const { return !on_boundary(q) && winding(q) != 0; }

  // The places along ab (t from 0 to 1) where edges meet it, with 0 and 1, sorted: between two
  // consecutive ones the segment is wholly in P's interior, on its boundary or outside.
  std::vector<mpq_class> cuts_along(const QPoint& a, const QPoint& b) const {
    const QPoint d{b.x - a.x, b.y - a.y};
    const mpq_class dd = d.x * d.x + d.y * d.y;
    std::vector<mpq_class> cuts{0, 1};
    for (std::size_t i = 0; i < size(); ++i) {
      const QPoint &c = at(i), &e = at(i + 1);
      if (!segments_meet(a, b, c, e)) continue;
      const QPoint f{e.x - c.x, e.y - c.y};
      const mpq_class den = d.x * f.y - d.y * f.x;
      if (den == 0) {  // collinear: the other's ends, projected
        cuts.push_back(((c.x - a.x) * d.x + (c.y - a.y) * d.y) / dd);
        cuts.push_back(((e.x - a.x) * d.x + (e.y - a.y) * d.y) / dd);
      } else {
        cuts.push_back(((c.x - a.x) * f.y - (c.y - a.y) * f.x) / den);
      }
    }
    std::sort(cuts.begin(), cuts.end());
    return cuts;
  }
  // f(point) at the ends of ab and at one point between each two consecutive cuts, until it
  // returns `stop`; whether it did.
  template <class F>
  bool any_sample_is(const QPoint& a, const QPoint& b, bool stop, F&& f) const {
    if (f(a) == stop || f(b) == stop) return true;
    const QPoint d{b.x - a.x, b.y - a.y};
    if (d.x == 0 && d.y == 0) return false;
    const std::vector<mpq_class> cuts = cuts_along(a, b);
    for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
      if (cuts[k] < 0 || cuts[k + 1] > 1 || cuts[k] == cuts[k + 1]) continue;
      const mpq_class t = (cuts[k] + cuts[k + 1]) / 2;
      if (f(QPoint{a.x + t * d.x, a.y + t * d.y}) == stop) return true;
    }
    return false;
  }
  // The closed segment ab (a point when a == b) lies in P.
  bool contains_segment(const QPoint& a, const QPoint& b) const {
    return !any_sample_is(a, b, false, [&](const QPoint& q) { return contains_point(q); });
  }
  // The closed segment ab meets P's interior.
  bool segment_meets_interior(const QPoint& a, const QPoint& b) const {
    return any_sample_is(a, b, true, [&](const QPoint& q) { return interior_point(q); });
  }
};

template <class T>
QPolygon exact_polygon(const Polygon<T>& p) {
  QPolygon out;
  for (const Vec2<T>& q : p.vertices())
    out.v.push_back(ref::to_q(q));
  return out;
}

// ---- P against a convex shape S (core + radius) ----

inline bool overlaps(const QPolygon& p, const ref::ExactShape& s) {
  for (std::size_t i = 0; i < p.size(); ++i)
    if (ref::exact_overlaps(p.edge(i), s)) return true;
  if (p.contains_point(s.core[0])) return true;
  return ref::exact_overlaps(ref::make_exact_shape({p.v[0]}, 0), s);
}

// The closed core polygon of S, as its boundary segments (a point or segment core: itself).
inline bool contains(const QPolygon& p, const ref::ExactShape& s) {
  const std::size_t n = s.core.size();
  if (s.radius == 0) {
    if (n == 1) return p.contains_point(s.core[0]);
    for (std::size_t i = 0; i < n; ++i)
      if (!p.contains_segment(s.core[i], s.core[(i + 1) % n])) return false;
    return true;
  }
  // A disc swept along the core (a point, a segment or a convex polygon): the core inside (its
  // edges, P's complement being connected), no edge nearer than r. A point of S outside P would
  // be within r of a core point inside P, with an edge of P between them, nearer than r.
  if (n >= 3) {
    for (std::size_t i = 0; i < n; ++i)
      if (!p.contains_segment(s.core[i], s.core[(i + 1) % n])) return false;
  } else if (!p.contains_segment(s.core[0], s.core[n - 1])) {
    return false;
  }
  const ref::ExactShape core = ref::make_exact_shape(s.core, 0);
  for (std::size_t i = 0; i < p.size(); ++i)
    if (ref::core_distance_squared(p.edge(i), core) < s.radius * s.radius) return false;
  return true;
}

inline bool contains_strictly(const QPolygon& p, const ref::ExactShape& s) {
  for (std::size_t i = 0; i < p.size(); ++i)
    if (ref::exact_overlaps(p.edge(i), s)) return false;
  return p.contains_point(s.core[0]);
}

// S (convex, with its interior) contains P / P's vertices lie in S's interior.
inline bool shape_contains(const ref::ExactShape& s, const QPolygon& p, bool strict) {
  for (const QPoint& q : p.v) {
    const int m = ref::containment_margin_sign(s, ref::make_exact_shape({q}, 0));
    if (strict ? m <= 0 : m < 0) return false;
  }
  return true;
}

// ---- Two polygons ----

inline bool edges_meet(const QPolygon& a, const QPolygon& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < b.size(); ++j)
      if (segments_meet(a.at(i), a.at(i + 1), b.at(j), b.at(j + 1))) return true;
  return false;
}
inline bool overlaps(const QPolygon& a, const QPolygon& b) {
  return edges_meet(a, b) || a.contains_point(b.v[0]) || b.contains_point(a.v[0]);
}
inline bool contains(const QPolygon& a, const QPolygon& b) {
  for (std::size_t j = 0; j < b.size(); ++j)
    if (!a.contains_segment(b.at(j), b.at(j + 1))) return false;
  return true;
}
inline bool contains_strictly(const QPolygon& a, const QPolygon& b) {
  return !edges_meet(a, b) && a.contains_point(b.v[0]) && !b.contains_point(a.v[0]);
}

// ---- Distances ----

// The least squared distance between P's boundary and a core (0 when they meet).
inline mpq_class boundary_distance_squared(const QPolygon& p, const ref::ExactShape& core) {
  mpq_class best = ref::core_distance_squared(p.edge(0), core);
  for (std::size_t i = 1; i < p.size(); ++i)
    best = std::min(best, ref::core_distance_squared(p.edge(i), core));
  return best;
}
// Whether q lies within d of P (solid).
inline bool point_within(const QPolygon& p, const QPoint& q, const mpq_class& d) {
  return p.contains_point(q) ||
         boundary_distance_squared(p, ref::make_exact_shape({q}, 0)) <= d * d;
}

// ---- Areas ----

inline mpq_class twice_signed_area(const std::vector<QPoint>& v) {
  mpq_class twice = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const QPoint &a = v[i], &b = v[(i + 1) % v.size()];
    twice += a.x * b.y - a.y * b.x;
  }
  return twice;
}

// |P ∩ S| for a convex S of radius 0: P clipped by each edge of S (Sutherland-Hodgman, which
// gives the right area for a concave subject and a convex clip).
inline mpq_class intersection_area(const QPolygon& p, const ref::ExactShape& s) {
  return ref::exact_intersection_area(s, ref::make_exact_shape(p.v, 0));
}
// |A ∩ B|: A as the signed fan of triangles (v0, vi, vi+1), whose indicator functions sum to A's
// almost everywhere, each clipping B.
inline mpq_class intersection_area(const QPolygon& a, const QPolygon& b) {
  mpq_class sum = 0;
  for (std::size_t i = 1; i + 1 < a.size(); ++i) {
    const int o = orient(a.v[0], a.v[i], a.v[i + 1]);
    if (o == 0) continue;
    const ref::ExactShape t = ref::make_exact_shape({a.v[0], a.v[i], a.v[i + 1]}, 0);
    sum += o * intersection_area(b, t);
  }
  return sum;
}

// ---- Interiors ----

// One has a point in the other's interior (interior.hpp), by other means than the library's: a
// round S (radius r > 0) when P comes within r of its core (dist(int P, core) = dist(P, core));
// a polygonal S with an area when the common area is positive; S without an interior (a point,
// or a segment: its core's extreme points) when it meets int(P).
inline bool overlaps_interior(const QPolygon& p, const ref::ExactShape& s) {
  const ref::ExactShape core = ref::make_exact_shape(s.core, 0);
  if (s.radius > 0) {
    return overlaps(p, core) || boundary_distance_squared(p, core) < s.radius * s.radius;
  }
  if (s.core.size() >= 3 && twice_signed_area(s.core) != 0) return intersection_area(p, s) > 0;
  QPoint lo = s.core[0], hi = s.core[0];
  const auto less = [](const QPoint& u, const QPoint& w) {
    return u.x < w.x || (u.x == w.x && u.y < w.y);
  };
  for (const QPoint& q : s.core) {
    if (less(q, lo)) lo = q;
    if (less(hi, q)) hi = q;
  }
  return p.segment_meets_interior(lo, hi);
}
// Two polygons: a positive common area.
inline bool overlaps_interior(const QPolygon& a, const QPolygon& b) {
  return intersection_area(a, b) > 0;
}

// ---- A ray: the exact spans of origin + t d, t in [0, max_t], in P ----

struct QSpan {
  mpq_class enter, exit;
  bool started_inside, ended_inside;
};

// The parameters where the line meets edges split it into intervals wholly in or out of P: each
// with its midpoint decided exactly; the spans are the runs of inside intervals and the isolated
// meeting points, clipped to the ray. has_max: max_t is finite.
inline std::vector<QSpan> ray_spans(const QPolygon& p, const QPoint& o, const QPoint& d,
                                    bool has_max, const mpq_class& max_t) {
  std::vector<mpq_class> ts;
  const mpq_class dd = d.x * d.x + d.y * d.y;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const QPoint &a = p.at(i), &b = p.at(i + 1);
    const QPoint e{b.x - a.x, b.y - a.y}, m{a.x - o.x, a.y - o.y};
    const mpq_class den = d.x * e.y - d.y * e.x;
    if (den != 0) {
      const mpq_class u = (m.x * d.y - m.y * d.x) / den;
      if (u >= 0 && u <= 1) ts.push_back((m.x * e.y - m.y * e.x) / den);
    } else if (m.x * d.y - m.y * d.x == 0) {
      ts.push_back((m.x * d.x + m.y * d.y) / dd);
      ts.push_back(((b.x - o.x) * d.x + (b.y - o.y) * d.y) / dd);
    }
  }
  std::sort(ts.begin(), ts.end());
  ts.erase(std::unique(ts.begin(), ts.end()), ts.end());
  std::vector<QSpan> out;
  for (std::size_t k = 0; k < ts.size();) {
    std::size_t last = k;
    for (; last + 1 < ts.size(); ++last) {
      const mpq_class t = (ts[last] + ts[last + 1]) / 2;
      if (!p.contains_point({o.x + t * d.x, o.y + t * d.y})) break;
    }
    const mpq_class enter = std::max(ts[k], mpq_class(0));
    const mpq_class exit = has_max ? std::min(ts[last], max_t) : ts[last];
    if (enter <= exit) out.push_back({enter, exit, ts[k] <= 0, has_max && ts[last] > max_t});
    k = last + 1;
  }
  return out;
}

// Whether the outline is simple: distinct vertices, no two edges meeting but adjacent ones at
// their common vertex (and those not folding back along each other).
template <class P>
bool is_simple(const std::vector<P>& v) {
  const std::size_t n = v.size();
  if (n < 3) return false;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (v[i].x == v[j].x && v[i].y == v[j].y) return false;
  bool all_collinear = true;
  for (std::size_t i = 0; i < n; ++i) {
    const P &a = v[(i + n - 1) % n], &b = v[i], &c = v[(i + 1) % n];
    const int o = orient(a, b, c);
    if (o != 0) all_collinear = false;
    if (o == 0 && (a.x - b.x) * (c.x - b.x) + (a.y - b.y) * (c.y - b.y) > 0) return false;
  }
  if (all_collinear) return false;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      if (j == i + 1 || (i == 0 && j == n - 1)) continue;
      if (segments_meet(v[i], v[(i + 1) % n], v[j], v[(j + 1) % n])) return false;
    }
  }
  return true;
}

}  // namespace collide2d::property::polygon_ref
