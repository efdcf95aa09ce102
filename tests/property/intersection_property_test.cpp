// Property tests of intersection(a, b) (area.hpp: the intersection polygon) for the 6 pairs of
// Aabb, Obb and ConvexPolygon, both argument orders, float and double, against the exact set.
//
// The exact intersection of two convex polygons, by a method independent of the library's clip:
// the convex hull (exact_geometry.hpp: no repeated, no collinear vertices; 1 point, 2 for a
// segment) of every vertex of each shape inside the other (closed) and every point where an edge
// of one meets an edge of the other, in rationals.
//
// IntersectionLattice (integer and half-integer shapes, quarter turns; a fifth of the contact case
//   count per pair and scalar): for box pairs (Aabb, Obb) the library's vertices are the exact
//   ones, bit for bit, as many, counter-clockwise (every turn strictly left), for both argument
//   orders, and the area of the returned polygon and intersection_area are both the exact area;
//   with a polygon, whose edges cross the other shape at rational points off the lattice, the
//   random cases' check.
// IntersectionRandom (the RandomArea cases, a fifth of the count): both orders the same bits; every
//   vertex of either set within tol (64 eps max(1, scale)) of the other set (their Hausdorff
//   distance; at a vertex where two sides meet at a small angle a, where the corner's place
//   along them is ill-conditioned, the distance times sin a); a polygon's turns left (or within
//   tol of straight).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "area_support.hpp"
#include "property_runner.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
namespace {

using Ld = long double;

template <class T>
ref::ExactShape exact_of(const T& shape) {
  ref::ExactShape e;
  ref::exact_into(e, shape);
  return e;
}

void exact_cross(mpq_class& out, const ref::QPoint& p, const ref::QPoint& q, const ref::QPoint& v) {
  out = (q.x - p.x) * (v.y - p.y) - (q.y - p.y) * (v.x - p.x);
}

// Whether v lies in the closed convex polygon `core` (either orientation, 3+ vertices).
bool exact_inside(const std::vector<ref::QPoint>& core, const ref::QPoint& v) {
  const std::size_t n = core.size();
  mpq_class c;
  int sign = 0;
  for (std::size_t i = 0; i < n; ++i) {
    exact_cross(c, core[i], core[(i + 1) % n], v);
    const int s = sgn(c);
    if (s == 0) continue;
    if (sign != 0 && s != sign) return false;
    sign = s;
  }
  return true;
}

std::vector<ref::QPoint> exact_intersection_set(const ref::ExactShape& a,
                                                const ref::ExactShape& b) {
  std::vector<ref::QPoint> points;
  for (const ref::QPoint& v : a.core) {
    if (exact_inside(b.core, v)) points.push_back(v);
  }
  for (const ref::QPoint& v : b.core) {
    if (exact_inside(a.core, v)) points.push_back(v);
  }
  const std::size_t n = a.core.size();
  const std::size_t m = b.core.size();
  mpq_class d, t, u;
  for (std::size_t i = 0; i < n; ++i) {
    const ref::QPoint& p = a.core[i];
    const ref::QPoint& q = a.core[(i + 1) % n];
    for (std::size_t j = 0; j < m; ++j) {
      const ref::QPoint& r = b.core[j];
      const ref::QPoint& w = b.core[(j + 1) % m];
      d = (q.x - p.x) * (w.y - r.y) - (q.y - p.y) * (w.x - r.x);
      if (sgn(d) == 0) continue;  // parallel: their overlap's ends are vertices inside the other
      t = ((r.x - p.x) * (w.y - r.y) - (r.y - p.y) * (w.x - r.x)) / d;
      u = ((r.x - p.x) * (q.y - p.y) - (r.y - p.y) * (q.x - p.x)) / d;
      if (sgn(t) < 0 || t > 1 || sgn(u) < 0 || u > 1) continue;
      points.push_back({p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)});
    }
  }
  std::vector<ref::QPoint> hull;
  if (!points.empty()) ref::convex_hull_into(hull, points);
  return hull;
}

mpq_class exact_polygon_area(const std::vector<ref::QPoint>& v) {
  mpq_class twice = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const ref::QPoint& p = v[i];
    const ref::QPoint& q = v[(i + 1) % v.size()];
    twice += p.x * q.y - p.y * q.x;
  }
  return twice / 2;
}

template <class T>
bool same_bits(const Intersection<T>& x, const Intersection<T>& y) {
  if (x.count != y.count) return false;
  for (int i = 0; i < x.count; ++i) {
    if (!(x.vertices[i] == y.vertices[i])) return false;
  }
  return true;
}

template <class T>
std::string describe(const Intersection<T>& x) {
  std::string text = "{";
  for (int i = 0; i < x.count; ++i)
    text += (i ? ", (" : "(") + num(x.vertices[i].x) + ", " + num(x.vertices[i].y) + ")";
  return text + "}";
}

std::string describe(const std::vector<ref::QPoint>& v) {
  std::string text = "{";
  for (std::size_t i = 0; i < v.size(); ++i)
    text += (i ? ", (" : "(") + num(v[i].x.get_d()) + ", " + num(v[i].y.get_d()) + ")";
  return text + "}";
}

// Distance from (x, y) to the closed convex set with vertices v (counter-clockwise; 1 or 2
// vertices: a point or a segment); infinity for the empty set.
Ld distance_to_set(const std::vector<Vec2<Ld>>& v, Ld x, Ld y) {
  if (v.empty()) return std::numeric_limits<Ld>::infinity();
  const std::size_t n = v.size();
  bool inside = n >= 3;
  Ld best = std::numeric_limits<Ld>::infinity();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2<Ld> p = v[i];
    const Vec2<Ld> q = v[(i + 1) % n];
    const Ld ex = q.x - p.x, ey = q.y - p.y;
    const Ld wx = x - p.x, wy = y - p.y;
    if (ex * wy - ey * wx < 0) inside = false;
    const Ld ee = ex * ex + ey * ey;
    const Ld t = ee > 0 ? std::clamp((wx * ex + wy * ey) / ee, Ld(0), Ld(1)) : Ld(0);
    best = std::min(best, std::hypot(wx - t * ex, wy - t * ey));
  }
  return inside ? Ld(0) : best;
}

// The sine of a polygon's interior angle at vertex k (1 for a point or a segment): where two sides
// meet at a small angle a, moving each by tol moves their corner by up to about tol / sin a along
// them, so a distance there is judged times this factor.
Ld conditioning(const std::vector<Vec2<Ld>>& v, std::size_t k) {
  if (v.size() < 3) return 1;
  const Vec2<Ld> p = v[(k + v.size() - 1) % v.size()];
  const Vec2<Ld> q = v[(k + 1) % v.size()];
  const Ld ux = p.x - v[k].x, uy = p.y - v[k].y, wx = q.x - v[k].x, wy = q.y - v[k].y;
  const Ld lengths = std::hypot(ux, uy) * std::hypot(wx, wy);
  return lengths > 0 ? std::min(Ld(1), std::abs(ux * wy - uy * wx) / lengths) : Ld(1);
}

std::vector<Vec2<Ld>> approximate(const std::vector<ref::QPoint>& exact) {
  std::vector<Vec2<Ld>> out;
  for (const ref::QPoint& e : exact)
    out.push_back({static_cast<Ld>(e.x.get_d()), static_cast<Ld>(e.y.get_d())});
  return out;
}

// The random cases' check: every vertex of either set within tol of the other set. A distance to a
// vertex where two sides meet at a small angle counts times the sine of that angle (conditioning).
template <class T, class Fail>
void check_near(const Intersection<T>& ab, const std::vector<ref::QPoint>& exact,
                const ref::ExactShape& ea, const ref::ExactShape& eb, double tol, double& worst,
                const Fail& fail) {
  const Ld band = static_cast<Ld>(tol);
  std::vector<Vec2<Ld>> got;
  for (int k = 0; k < ab.count; ++k)
    got.push_back({static_cast<Ld>(ab.vertices[k].x), static_cast<Ld>(ab.vertices[k].y)});
  const std::vector<Vec2<Ld>> want = approximate(exact);
  if (got.empty() != want.empty()) {
    // Only where the shapes are within the band of touching: the other set is small or thin.
    const std::vector<Vec2<Ld>> sa = approximate(ea.core);
    const std::vector<Vec2<Ld>> sb = approximate(eb.core);
    for (const Vec2<Ld>& v : got.empty() ? want : got) {
      const Ld d = std::max(distance_to_set(sa, v.x, v.y), distance_to_set(sb, v.x, v.y));
      worst = std::max(worst, static_cast<double>(d) / tol);
      if (!(d <= band)) fail("empty on one side only, away from the band");
    }
    return;
  }
  for (std::size_t k = 0; k < got.size(); ++k) {
    const Ld d = distance_to_set(want, got[k].x, got[k].y) * conditioning(got, k);
    worst = std::max(worst, static_cast<double>(d) / tol);
    if (!(d <= band)) fail("a vertex lies off the exact set by more than tol");
  }
  for (std::size_t k = 0; k < want.size(); ++k) {
    const Ld d = distance_to_set(got, want[k].x, want[k].y) * conditioning(want, k);
    worst = std::max(worst, static_cast<double>(d) / tol);
    if (!(d <= band)) fail("an exact vertex lies off the returned set by more than tol");
  }
  for (std::size_t k = 0; got.size() >= 3 && k < got.size(); ++k) {
    const Vec2<Ld> p = got[k];
    const Vec2<Ld> q = got[(k + 1) % got.size()];
    const Vec2<Ld> r = got[(k + 2) % got.size()];
    const Ld turn = (q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x);
    const Ld lengths = std::hypot(q.x - p.x, q.y - p.y) + std::hypot(r.x - q.x, r.y - q.y);
    if (!(turn > -2 * static_cast<Ld>(tol) * lengths)) fail("the polygon turns right");
  }
}

template <class T, template <class> class A, template <class> class B>
void run_intersection_lattice(const std::string& pair) {
  PropertyRun<T> run("lattice intersection", pair);
  LatticeShapes<T> gen(run.random());
  QueryStats& stats = run.stats;
  std::size_t kinds[4] = {0, 0, 0, 0};  // empty, point, segment, polygon
  constexpr bool boxes =
      !std::is_same_v<A<T>, ConvexPolygon<T>> && !std::is_same_v<B<T>, ConvexPolygon<T>>;
  double worst = 0;  // polygon pairs: largest Hausdorff distance / tol
  const auto generate = [&](A<T>& a, B<T>& b) { lattice_area_case(gen, 0.3, a, b); };
  for_cases<T, A, B>(lattice_contact_case_count(), generate, [&](std::size_t i, A<T>& a, B<T>& b) {
    const ref::ExactShape ea = exact_of(a);
    const ref::ExactShape eb = exact_of(b);
    if (ea.core.size() < 3 || eb.core.size() < 3) return;  // a box of zero extent
    ++stats.cases;
    const std::vector<ref::QPoint> exact = exact_intersection_set(ea, eb);
    const double tol = tolerance<T>(std::max(scale_of(a), scale_of(b)));
    const Intersection<T> ab = intersection(a, b);
    const Intersection<T> ba = intersection(b, a);
    ++kinds[std::min<std::size_t>(3, exact.size())];
    stats.hits += exact.empty() ? 0 : 1;
    const auto fail = [&](const std::string& what) {
      run.fail(i, what, [&] {
        return describe_pair(a, b) + "\n  intersection(a, b) " + describe(ab) +
               "\n  intersection(b, a) " + describe(ba) + "\n  exactly " + describe(exact);
      });
    };
    if (!same_bits(ab, ba)) fail("the two argument orders give different vertices");
    if constexpr (!boxes) {
      // A polygon's edge crosses the other shape at rational points that are not lattice points
      // in general: those vertices round once, as in the random cases.
      check_near(ab, exact, ea, eb, tol, worst, fail);
      return;
    }
    if (ab.count != static_cast<int>(exact.size())) {
      fail("vertex count differs from the exact set's");
      return;
    }
    ref::QPoint q;
    for (int k = 0; k < ab.count; ++k) {
      ref::set_q(q, ab.vertices[k]);
      bool found = false;
      for (const ref::QPoint& e : exact)
        found = found || (e.x == q.x && e.y == q.y);
      if (!found) fail("a vertex is not a vertex of the exact set");
    }
    if (ab.count >= 3) {
      std::vector<ref::QPoint> got(static_cast<std::size_t>(ab.count));
      for (int k = 0; k < ab.count; ++k)
        ref::set_q(got[static_cast<std::size_t>(k)], ab.vertices[k]);
      mpq_class turn;
      for (std::size_t k = 0; k < got.size(); ++k) {
        exact_cross(turn, got[k], got[(k + 1) % got.size()], got[(k + 2) % got.size()]);
        if (sgn(turn) <= 0) fail("not strictly counter-clockwise");
      }
      const mpq_class area_exact = exact_polygon_area(exact);
      if (exact_polygon_area(got) != area_exact) fail("the polygon's area is not the exact area");
      ref::set_q(turn, intersection_area(a, b));
      if (turn != area_exact) fail("intersection_area is not the exact area");
    }
  });
  char text[160];
  std::snprintf(text, sizeof text, "empty %zu, point %zu, segment %zu, polygon %zu%s", kinds[0],
                kinds[1], kinds[2], kinds[3],
                boxes ? ", every vertex exact" : ", within tol of the exact set");
  (void)worst;
  run.finish(text, false);
  EXPECT_GT(kinds[2], 0u) << run.name() << ": no touching case along an edge";
  EXPECT_GT(kinds[3], stats.cases / 4) << run.name();
}

template <class T, template <class> class A, template <class> class B>
void run_intersection_random(const std::string& pair) {
  PropertyRun<T> run("intersection", pair);
  RandomShapes<T> gen(run.random());
  QueryStats& stats = run.stats;
  double worst = 0;  // largest Hausdorff distance / tol
  const auto generate = [&](A<T>& a, B<T>& b) { area_case<T, A, B>(gen, a, b); };
  for_cases<T, A, B>(lattice_contact_case_count(), generate, [&](std::size_t i, A<T>& a, B<T>& b) {
    const ref::ExactShape ea = exact_of(a);
    const ref::ExactShape eb = exact_of(b);
    if (ea.core.size() < 3 || eb.core.size() < 3) return;
    ++stats.cases;
    const double tol = tolerance<T>(std::max(scale_of(a), scale_of(b)));
    const std::vector<ref::QPoint> exact = exact_intersection_set(ea, eb);
    const Intersection<T> ab = intersection(a, b);
    const Intersection<T> ba = intersection(b, a);
    stats.hits += exact.size() >= 3 ? 1 : 0;
    const auto fail = [&](const std::string& what) {
      run.fail(i, what, [&] {
        return describe_pair(a, b) + "\n  intersection(a, b) " + describe(ab) +
               "\n  intersection(b, a) " + describe(ba) + "\n  exactly " + describe(exact) +
               " (tol " + num(tol) + ")";
      });
    };
    if (!same_bits(ab, ba)) fail("the two argument orders give different vertices");
    check_near(ab, exact, ea, eb, tol, worst, fail);
  });
  char text[64];
  std::snprintf(text, sizeof text, "largest Hausdorff distance %.3f tol", worst);
  run.finish(text, false);
  EXPECT_GT(stats.hits, stats.cases / 4) << run.name();
}

#define COLLIDE2D_INTERSECTION_TESTS(A, B)                                      \
  COLLIDE2D_PROPERTY_TESTS(IntersectionLattice, run_intersection_lattice, A, B) \
  COLLIDE2D_PROPERTY_TESTS(IntersectionRandom, run_intersection_random, A, B)
COLLIDE2D_BOX_POLYGON_PAIRS(COLLIDE2D_INTERSECTION_TESTS)

}  // namespace
}  // namespace collide2d::property
