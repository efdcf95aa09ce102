// Property tests of Polygon<T> (polygon.hpp) against the exact reference in GMP rationals
// (polygon_reference.hpp): random simple polygons on small integer lattices
// (polygon_generators.hpp) against lattice shapes of every kind (generators.hpp's LatticeShapes:
// integers and halves, quarter turns; rounded polygons of lattice cores and half-integer radii,
// rounded_support.hpp) and against other random polygons, float and double, both
// argument orders. On such input every answer of the library must be exact (polygon.hpp), so the
// answers must be equal, case by case; each run also checks that both answers occur often.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

// First: the RoundedPolygon's generators and descriptions (rounded_support.hpp).
#include "rounded_support.hpp"

#include "generators.hpp"
#include "polygon_generators.hpp"
#include "polygon_reference.hpp"
#include "property_support.hpp"

namespace collide2d::property {
namespace {

namespace pref = polygon_ref;

std::size_t polygon_case_count() {
  return count_from_environment("COLLIDE2D_POLYGON_CASES", 1000);
}

// Counts of one answer: how often it was yes, and the first few disagreements in full.
struct Tally {
  std::string name;
  std::size_t cases = 0, yes = 0, wrong = 0;
  void add(bool library, bool exact, const std::string& what) {
    ++cases;
    yes += exact ? 1 : 0;
    if (library != exact && ++wrong <= 5) {
      ADD_FAILURE() << name << ": library " << library << ", exact " << exact << "\n" << what;
    }
  }
  // Both answers occur in at least `least` of the cases.
  void finish(double least) const {
    std::printf("[polygon] %-40s cases %5zu  yes %5.1f%%  wrong %zu\n", name.c_str(), cases,
                cases ? 100.0 * double(yes) / double(cases) : 0.0, wrong);
    EXPECT_GE(double(yes), least * double(cases)) << name;
    EXPECT_GE(double(cases - yes), least * double(cases)) << name;
  }
};

template <class T>
Vec2<double> to_double(Vec2<T> p) {
  return {double(p.x), double(p.y)};
}

template <class T>
std::string describe(const Polygon<T>& p) {
  std::string out = "polygon";
  for (const Vec2<T>& v : p.vertices())
    out += " (" + std::to_string(double(v.x)) + ", " + std::to_string(double(v.y)) + ")";
  return out;
}

// A lattice shape around c; a rounded polygon small (a core within 1 of c, a radius of 0 to 1), so
// that polygons hold one often enough for both answers of contains to occur.
template <class T, class S>
void make_shape(LatticeShapes<T>& gen, Vec2<T> c, S& s) {
  if constexpr (std::is_same_v<S, RoundedPolygon<T>>) {
    make_small_rounded(gen, c, s);
  } else {
    gen.make(c, s);
  }
}

template <class T, template <class> class S>
void run_against_shape(const std::string& name) {
  Random random(seed_of("polygon " + name + " " + scalar_name<T>()));
  LatticeShapes<T> gen(random);
  const std::string label = name + " " + scalar_name<T>();
  Tally overlap{"overlaps " + label}, inside{"contains(P, S) " + label},
      strict{"contains_strictly(P, S) " + label}, around{"contains(S, P) " + label},
      around_strict{"contains_strictly(S, P) " + label}, interior{"overlaps_interior " + label};
  S<T> s{};
  for (std::size_t i = 0; i < polygon_case_count(); ++i) {
    // A third each: a large polygon around S, a small one (half-integer lattice) inside S's
    // reach, and the two of about the same size.
    const int mode = random.integer(0, 2);
    const Vec2<T> c = mode == 2 ? gen.point(-8, 8) : gen.point(-2, 2);
    const Polygon<T> p = mode == 0 ? random_lattice_polygon<T>(random, -6, 6, 14)
                         : mode == 1
                             ? random_lattice_polygon<T>(random, -2, 2, 6, 0.5, to_double(c))
                             : random_lattice_polygon<T>(random, -4, 4, 10);
    make_shape(gen, c, s);
    const pref::QPolygon qp = pref::exact_polygon(p);
    const ref::ExactShape qs = ref::exact(s);
    const std::string what = describe(p) + "\n" + ref::describe(qs);
    const bool exact_overlap = pref::overlaps(qp, qs);
    overlap.add(overlaps(p, s), exact_overlap, what);
    overlap.add(overlaps(s, p), exact_overlap, what + " (S, P)");
    inside.add(contains(p, s), pref::contains(qp, qs), what);
    strict.add(contains_strictly(p, s), pref::contains_strictly(qp, qs), what);
    around.add(contains(s, p), pref::shape_contains(qs, qp, false), what);
    around_strict.add(contains_strictly(s, p), pref::shape_contains(qs, qp, true), what);
    const bool exact_interior = pref::overlaps_interior(qp, qs);
    interior.add(overlaps_interior(p, s), exact_interior, what);
    interior.add(overlaps_interior(s, p), exact_interior, what + " (S, P)");
    interior.add(overlaps_interior(p, Shape<T>(s)), exact_interior, what + " (P, Shape)");
  }
  overlap.finish(0.1);
  interior.finish(0.05);
  inside.finish(0.02);
  strict.finish(0.01);
  // Only shapes with an area hold a polygon.
  const bool holds = has_area_v<S<T>>;
  around.finish(holds ? 0.005 : 0.0);
  around_strict.finish(holds ? 0.002 : 0.0);
}

template <class T>
void run_polygon_pairs() {
  Random random(seed_of(std::string("polygon pairs ") + scalar_name<T>()));
  const std::string label = std::string("Polygon ") + scalar_name<T>();
  Tally overlap{"overlaps " + label}, inside{"contains " + label},
      strict{"contains_strictly " + label}, interior{"overlaps_interior " + label};
  for (std::size_t i = 0; i < polygon_case_count(); ++i) {
    // A third of the pairs far from the origin (2^20 in float, 2^40 in double: the coordinates
    // stay exact), where only exact orientation signs keep the answers exact.
    const double far = random.chance(1.0 / 3) ? (std::is_same_v<T, float> ? 0x1p20 : 0x1p40) : 0;
    const Polygon<T> a = random_lattice_polygon<T>(random, -4, 4, 10, 1, {far, -far});
    // Half of them small, within the other's box; the rest shifted by up to 8.
    const bool small = random.chance(0.5);
    const Vec2<double> shift{far + random.integer(-8, 8), -far + random.integer(-8, 8)};
    const Polygon<T> b = small ? random_lattice_polygon<T>(random, -3, 3, 6, 0.5, {far, -far})
                               : random_lattice_polygon<T>(random, -4, 4, 10, 1, shift);
    const pref::QPolygon qa = pref::exact_polygon(a), qb = pref::exact_polygon(b);
    const std::string what = describe(a) + "\n" + describe(b);
    const bool exact_overlap = pref::overlaps(qa, qb);
    overlap.add(overlaps(a, b), exact_overlap, what);
    overlap.add(overlaps(b, a), exact_overlap, what + " (B, A)");
    inside.add(contains(a, b), pref::contains(qa, qb), what);
    inside.add(contains(b, a), pref::contains(qb, qa), what + " (B, A)");
    strict.add(contains_strictly(a, b), pref::contains_strictly(qa, qb), what);
    strict.add(contains_strictly(b, a), pref::contains_strictly(qb, qa), what + " (B, A)");
    const bool exact_interior = pref::overlaps_interior(qa, qb);
    interior.add(overlaps_interior(a, b), exact_interior, what);
    interior.add(overlaps_interior(b, a), exact_interior, what + " (B, A)");
    interior.add(overlaps_interior(a, a), true, what + " (A, A)");
  }
  overlap.finish(0.2);
  interior.finish(0.1);
  inside.finish(0.01);
  strict.finish(0.002);
}

// The distance's tolerance: coordinates are at most about 10 here.
template <class T>
double distance_tolerance() {
  return std::is_same_v<T, float> ? 2e-5 : 1e-12;
}

// distance(P, S) and distance(S, P) against the exact distance, and their witnesses: each point
// within the tolerance of its shape, and as far apart as the distance says.
template <class T, class S>
void check_distance(const Polygon<T>& p, const S& s, double exact, const pref::QPolygon& qp,
                    const std::string& what, std::size_t& wrong) {
  const double tol = distance_tolerance<T>();
  const mpq_class qtol(tol);
  for (int order = 0; order < 2; ++order) {
    const DistanceResult<T> r = order == 0 ? distance(p, s) : distance(s, p);
    const Vec2<T> on_p = order == 0 ? r.point_a : r.point_b;
    const Vec2<T> on_s = order == 0 ? r.point_b : r.point_a;
    const double gap = std::hypot(double(on_p.x) - double(on_s.x), double(on_p.y) - double(on_s.y));
    bool s_ok = false;
    if constexpr (std::is_same_v<S, Polygon<T>>) {
      s_ok = pref::point_within(pref::exact_polygon(s), ref::to_q(on_s), qtol);
    } else {
      s_ok = ref::within_distance(ref::exact(Point<T>(on_s)), ref::exact(s), qtol);
    }
    const bool ok = std::abs(double(r.distance) - exact) <= tol &&
                    std::abs(gap - double(r.distance)) <= tol &&
                    pref::point_within(qp, ref::to_q(on_p), qtol) && s_ok;
    if (!ok && ++wrong <= 5) {
      ADD_FAILURE() << what << "\norder " << order << ": library " << r.distance << " exact "
                    << exact << ", points (" << on_p.x << ", " << on_p.y << ") (" << on_s.x << ", "
                    << on_s.y << ")";
    }
  }
}

template <class T, template <class> class S>
void run_distance(const std::string& name) {
  Random random(seed_of("polygon distance " + name + " " + scalar_name<T>()));
  LatticeShapes<T> gen(random);
  std::size_t wrong = 0, apart = 0;
  S<T> s{};
  for (std::size_t i = 0; i < polygon_case_count(); ++i) {
    const Polygon<T> p = random_lattice_polygon<T>(random, -4, 4, 10);
    make_shape(gen, gen.point(-6, 6), s);
    const pref::QPolygon qp = pref::exact_polygon(p);
    const ref::ExactShape qs = ref::exact(s);
    double exact = 0;
    if (!pref::overlaps(qp, qs)) {
      ++apart;
      const ref::ExactShape core = ref::make_exact_shape(qs.core, 0);
      exact = std::sqrt(pref::boundary_distance_squared(qp, core).get_d()) - qs.radius.get_d();
    }
    check_distance(p, s, exact, qp, describe(p) + "\n" + ref::describe(qs), wrong);
  }
  std::printf("[polygon] distance %-31s cases %5zu  apart %5zu  wrong %zu\n",
              (name + " " + scalar_name<T>()).c_str(), polygon_case_count(), apart, wrong);
  EXPECT_EQ(wrong, 0u);
  EXPECT_GT(apart, polygon_case_count() / 10);
  EXPECT_LT(apart, polygon_case_count() * 9 / 10);
}

template <class T>
void run_polygon_distance() {
  Random random(seed_of(std::string("polygon distance pairs ") + scalar_name<T>()));
  std::size_t wrong = 0, apart = 0;
  for (std::size_t i = 0; i < polygon_case_count() / 2; ++i) {
    const Polygon<T> a = random_lattice_polygon<T>(random, -4, 4, 10);
    const Vec2<double> shift{double(random.integer(-10, 10)), double(random.integer(-10, 10))};
    const Polygon<T> b = random_lattice_polygon<T>(random, -4, 4, 10, 1, shift);
    const pref::QPolygon qa = pref::exact_polygon(a), qb = pref::exact_polygon(b);
    double exact = 0;
    if (!pref::overlaps(qa, qb)) {
      ++apart;
      mpq_class best = pref::boundary_distance_squared(qa, qb.edge(0));
      for (std::size_t j = 1; j < qb.size(); ++j)
        best = std::min(best, pref::boundary_distance_squared(qa, qb.edge(j)));
      exact = std::sqrt(best.get_d());
    }
    check_distance(a, b, exact, qa, describe(a) + "\n" + describe(b), wrong);
  }
  std::printf("[polygon] distance %-31s cases %5zu  apart %5zu  wrong %zu\n",
              (std::string("Polygon ") + scalar_name<T>()).c_str(), polygon_case_count() / 2, apart,
              wrong);
  EXPECT_EQ(wrong, 0u);
  EXPECT_GT(apart, polygon_case_count() / 20);
}

// The triangles cover the polygon: n - 2 of them, none clockwise, their areas summing to its
// area, exactly.
template <class T>
bool triangulation_ok(const Polygon<T>& p, const pref::QPolygon& qp) {
  const auto& tris = p.triangles();
  if (tris.size() + 2 != p.size()) return false;
  mpq_class sum = 0;
  for (const auto& t : tris) {
    const std::vector<ref::QPoint> v{qp.v[std::size_t(t[0])], qp.v[std::size_t(t[1])],
                                     qp.v[std::size_t(t[2])]};
    const mpq_class twice = pref::twice_signed_area(v);
    if (twice < 0) return false;
    sum += twice;
  }
  return sum == pref::twice_signed_area(qp.v);
}

template <class T>
bool area_close(T library, const mpq_class& exact, double scale) {
  const double tol = (std::is_same_v<T, float> ? 4e-6 : 1e-13) * scale;
  return std::abs(double(library) - exact.get_d()) <= tol;
}

template <class T, template <class> class S>
void run_area(const std::string& name) {
  Random random(seed_of("polygon area " + name + " " + scalar_name<T>()));
  LatticeShapes<T> gen(random);
  std::size_t wrong = 0, meeting = 0;
  S<T> s{};
  for (std::size_t i = 0; i < polygon_case_count() / 2; ++i) {
    const Polygon<T> p = random_lattice_polygon<T>(random, -4, 4, 12);
    gen.make(gen.point(-4, 4), s);
    const pref::QPolygon qp = pref::exact_polygon(p);
    const ref::ExactShape qs = ref::exact(s);
    const mpq_class exact = qs.core.size() < 3 ? mpq_class(0) : pref::intersection_area(qp, qs);
    const mpq_class area_p = pref::twice_signed_area(qp.v) / 2;
    const mpq_class area_s = qs.core.size() < 3 ? mpq_class(0) : ref::exact_core_area(qs);
    const double scale = area_p.get_d() + area_s.get_d();
    const T lib = intersection_area(p, s);
    const T lib_iou = iou(p, s);
    const mpq_class exact_iou = exact == 0 ? mpq_class(0) : exact / (area_p + area_s - exact);
    meeting += exact > 0 ? 1 : 0;
    const bool ok = triangulation_ok(p, qp) && area_close(lib, exact, scale) &&
                    area_close(lib_iou, exact_iou, 1.0) && lib == intersection_area(s, p) &&
                    lib_iou == iou(s, p);
    if (!ok && ++wrong <= 5) {
      ADD_FAILURE() << describe(p) << "\n"
                    << ref::describe(qs) << "\nlibrary " << lib << " iou " << lib_iou << ", exact "
                    << exact.get_d() << " iou " << exact_iou.get_d();
    }
  }
  std::printf("[polygon] intersection_area %-22s cases %5zu  with area %5zu  wrong %zu\n",
              (name + " " + scalar_name<T>()).c_str(), polygon_case_count() / 2, meeting, wrong);
  EXPECT_EQ(wrong, 0u);
  EXPECT_GT(meeting, polygon_case_count() / 10);
}

// mass_properties against Green's theorem in exact rationals, around the origin: polygons on the
// lattice, scaled and shifted far from the origin (where the library's fan around the vertices'
// average keeps its digits), density a power of two so that it stays exact. Tolerances are
// mass.hpp's stated bounds, with n the vertex count and M the largest coordinate relative to the
// vertices' average: area n^2 eps M^2, centroid n^2 eps M^3 / area plus an ulp of its coordinates,
// inertia n^2 eps M^4 density.
template <class T>
void run_mass() {
  Random random(seed_of(std::string("polygon mass ") + scalar_name<T>()));
  std::size_t wrong = 0;
  const double eps = double(std::numeric_limits<T>::epsilon());
  for (std::size_t i = 0; i < polygon_case_count() / 2; ++i) {
    const double scale = std::ldexp(1.0, random.integer(-3, 3));
    const double far = random.integer(0, 1) ? std::ldexp(1.0, random.integer(4, 12)) : 0.0;
    const Polygon<T> p = random_lattice_polygon<T>(random, -6, 6, 14, scale, {far, -far});
    const T density = T(std::ldexp(1.0, random.integer(-2, 2)));
    const MassProperties<T> lib = mass_properties(p, density);
    const std::vector<Vec2<T>>& v = p.vertices();
    const std::size_t n = v.size();
    mpq_class twice_area = 0, cx = 0, cy = 0, second = 0;  // Green's theorem, around the origin
    for (std::size_t k = 0; k < n; ++k) {
      const mpq_class x0(double(v[k].x)), y0(double(v[k].y));
      const mpq_class x1(double(v[(k + 1) % n].x)), y1(double(v[(k + 1) % n].y));
      const mpq_class d = x0 * y1 - x1 * y0;
      twice_area += d;
      cx += d * (x0 + x1);
      cy += d * (y0 + y1);
      second += d * (x0 * x0 + x0 * x1 + x1 * x1 + y0 * y0 + y0 * y1 + y1 * y1);
    }
    const mpq_class area = twice_area / 2;
    const mpq_class gx = cx / (3 * twice_area), gy = cy / (3 * twice_area);
    const mpq_class inertia =
        mpq_class(double(density)) * (second / 12 - area * (gx * gx + gy * gy));
    double ax = 0, ay = 0, m = 0;
    for (const Vec2<T>& q : v)
      ax += double(q.x) / double(n), ay += double(q.y) / double(n);
    for (const Vec2<T>& q : v)
      m = std::max({m, std::abs(double(q.x) - ax), std::abs(double(q.y) - ay)});
    const double n2 = double(n * n), a = area.get_d();
    const double centroid_tol =
        n2 * eps * m * m * m / a + eps * std::max(std::abs(gx.get_d()), std::abs(gy.get_d()));
    const bool ok =
        std::abs(double(lib.mass) - double(density) * a) <= n2 * eps * m * m * double(density) &&
        std::abs(double(lib.centroid.x) - gx.get_d()) <= centroid_tol &&
        std::abs(double(lib.centroid.y) - gy.get_d()) <= centroid_tol &&
        std::abs(double(lib.inertia) - inertia.get_d()) <=
            n2 * eps * m * m * m * m * double(density);
    if (!ok && ++wrong <= 5) {
      ADD_FAILURE() << describe(p) << "\ndensity " << density << ": library mass " << lib.mass
                    << " centroid (" << lib.centroid.x << ", " << lib.centroid.y << ") inertia "
                    << lib.inertia << "; exact "
                    << mpq_class(mpq_class(double(density)) * area).get_d() << " (" << gx.get_d()
                    << ", " << gy.get_d() << ") " << inertia.get_d();
    }
  }
  std::printf("[polygon] mass_properties %-26s cases %5zu  wrong %zu\n", scalar_name<T>(),
              polygon_case_count() / 2, wrong);
  EXPECT_EQ(wrong, 0u);
}

template <class T>
void run_polygon_area() {
  Random random(seed_of(std::string("polygon area pairs ") + scalar_name<T>()));
  std::size_t wrong = 0, meeting = 0;
  for (std::size_t i = 0; i < polygon_case_count() / 2; ++i) {
    const Polygon<T> a = random_lattice_polygon<T>(random, -4, 4, 12);
    const Vec2<double> shift{double(random.integer(-4, 4)), double(random.integer(-4, 4))};
    const Polygon<T> b = random_lattice_polygon<T>(random, -4, 4, 12, 1, shift);
    const pref::QPolygon qa = pref::exact_polygon(a), qb = pref::exact_polygon(b);
    const mpq_class exact = pref::intersection_area(qa, qb);
    const mpq_class area_a = pref::twice_signed_area(qa.v) / 2;
    const mpq_class area_b = pref::twice_signed_area(qb.v) / 2;
    const mpq_class exact_iou = exact == 0 ? mpq_class(0) : exact / (area_a + area_b - exact);
    const T lib = intersection_area(a, b), lib_iou = iou(a, b);
    meeting += exact > 0 ? 1 : 0;
    const bool ok = area_close(lib, exact, area_a.get_d() + area_b.get_d()) &&
                    area_close(lib_iou, exact_iou, 1.0) && lib == intersection_area(b, a) &&
                    lib_iou == iou(b, a) && iou(a, a) > T(1) - T(1e-5);
    if (!ok && ++wrong <= 5) {
      ADD_FAILURE() << describe(a) << "\n"
                    << describe(b) << "\nlibrary " << lib << " iou " << lib_iou << ", exact "
                    << exact.get_d() << " iou " << exact_iou.get_d();
    }
  }
  std::printf("[polygon] intersection_area %-22s cases %5zu  with area %5zu  wrong %zu\n",
              (std::string("Polygon ") + scalar_name<T>()).c_str(), polygon_case_count() / 2,
              meeting, wrong);
  EXPECT_EQ(wrong, 0u);
  EXPECT_GT(meeting, polygon_case_count() / 10);
}

// |library - exact| within a few ulps of the exact value (and of 1, near 0).
template <class T>
bool close(T library, const mpq_class& exact) {
  const double e = exact.get_d();
  return std::abs(double(library) - e) <=
         8 * double(std::numeric_limits<T>::epsilon()) * std::max(1.0, std::abs(e));
}

// raycast_spans against the exact spans, raycast against the first; the entry normal is a unit
// outward normal of an edge through the entry point, facing the ray.
template <class T>
void run_raycast() {
  Random random(seed_of(std::string("polygon raycast ") + scalar_name<T>()));
  Tally hit{std::string("raycast ") + scalar_name<T>()};
  std::size_t several = 0;
  for (std::size_t i = 0; i < polygon_case_count(); ++i) {
    const Polygon<T> p = random_lattice_polygon<T>(random, -4, 4, 12);
    Ray<T> ray{{T(0.5 * random.integer(-12, 12)), T(0.5 * random.integer(-12, 12))},
               {T(random.integer(-3, 3)), T(random.integer(-3, 3))}};
    const bool has_max = random.chance(0.3);
    if (has_max) ray.max_t = T(random.integer(0, 4));
    const pref::QPolygon qp = pref::exact_polygon(p);
    const ref::QPoint o = ref::to_q(ray.origin), d = ref::to_q(ray.direction);
    std::vector<pref::QSpan> exact;
    if (ray.direction.x == T(0) && ray.direction.y == T(0)) {
      if (qp.contains_point(o)) exact.push_back({0, 0, true, true});
    } else {
      exact = pref::ray_spans(qp, o, d, has_max, has_max ? ref::to_q(ray.max_t) : mpq_class(0));
    }
    const std::vector<RayHit<T>> spans = raycast_spans(ray, p);
    const std::optional<RayHit<T>> first = raycast(ray, p);
    std::string what = describe(p) + "\nray (" + std::to_string(double(ray.origin.x)) + ", " +
                       std::to_string(double(ray.origin.y)) + ") + t (" +
                       std::to_string(double(ray.direction.x)) + ", " +
                       std::to_string(double(ray.direction.y)) + "), max_t " +
                       std::to_string(double(ray.max_t));
    hit.add(first.has_value(), !exact.empty(), what);
    several += exact.size() > 1 ? 1 : 0;
    ASSERT_EQ(spans.size(), exact.size()) << what;
    for (std::size_t k = 0; k < spans.size(); ++k) {
      const RayHit<T>& h = spans[k];
      EXPECT_TRUE(close(h.t_enter, exact[k].enter) && close(h.t_exit, exact[k].exit) &&
                  h.started_inside == exact[k].started_inside &&
                  h.ended_inside == exact[k].ended_inside)
          << what << "\nspan " << k << ": library [" << h.t_enter << ", " << h.t_exit << "] "
          << h.started_inside << h.ended_inside << ", exact [" << exact[k].enter.get_d() << ", "
          << exact[k].exit.get_d() << "] " << exact[k].started_inside << exact[k].ended_inside;
    }
    if (!first) continue;
    EXPECT_EQ(first->t_enter, spans[0].t_enter) << what;
    EXPECT_EQ(first->t_exit, spans[0].t_exit) << what;
    if (first->started_inside) {
      EXPECT_EQ(first->normal, (Vec2<T>{T(0), T(0)})) << what;
      continue;
    }
    // The entry point exactly, and an edge through it, not along the ray, whose outward normal
    // is the one reported.
    const ref::QPoint entry{o.x + exact[0].enter * d.x, o.y + exact[0].enter * d.y};
    bool found = false;
    for (std::size_t e = 0; e < qp.size() && !found; ++e) {
      const ref::QPoint &a = qp.at(e), &b = qp.at(e + 1);
      if (!pref::on_segment(a, b, entry)) continue;
      const double ex = mpq_class(b.x - a.x).get_d(), ey = mpq_class(b.y - a.y).get_d();
      const double len = std::hypot(ex, ey);
      found = std::abs(double(first->normal.x) - ey / len) < 1e-5 &&
              std::abs(double(first->normal.y) + ex / len) < 1e-5;
    }
    EXPECT_LE(dot(first->normal, ray.direction), T(0)) << what;
    EXPECT_TRUE(found) << what << "\nnormal (" << first->normal.x << ", " << first->normal.y << ")";
  }
  hit.finish(0.2);
  EXPECT_GT(several, polygon_case_count() / 20);
}

// Larger outlines (30 to 80 vertices on a finer lattice), whose grids have many cells: overlaps
// and containment of boxes, segments and discs, and the ray spans, against the reference.
template <class T>
void run_large() {
  Random random(seed_of(std::string("polygon large ") + scalar_name<T>()));
  LatticeShapes<T> gen(random);
  const std::string label = std::string("large ") + scalar_name<T>();
  Tally overlap{"overlaps " + label}, inside{"contains " + label}, rays{"raycast " + label};
  const std::size_t polygons = std::max<std::size_t>(1, polygon_case_count() / 50);
  for (std::size_t i = 0; i < polygons; ++i) {
    const Polygon<T> p = random_lattice_polygon<T>(random, -24, 24, 80, 0.25, {0, 0}, 30);
    const pref::QPolygon qp = pref::exact_polygon(p);
    const std::string what = describe(p);
    for (int k = 0; k < 20; ++k) {
      Aabb<T> box{};
      Segment<T> segment{};
      Circle<T> circle{};
      gen.make(gen.point(-6, 6), box);
      gen.make(gen.point(-6, 6), segment);
      gen.make(gen.point(-6, 6), circle);
      const ref::ExactShape qb = ref::exact(box), qs = ref::exact(segment), qc = ref::exact(circle);
      overlap.add(overlaps(p, box), pref::overlaps(qp, qb), what + "\n" + ref::describe(qb));
      overlap.add(overlaps(segment, p), pref::overlaps(qp, qs), what + "\n" + ref::describe(qs));
      overlap.add(overlaps(p, circle), pref::overlaps(qp, qc), what + "\n" + ref::describe(qc));
      inside.add(contains(p, box), pref::contains(qp, qb), what + "\n" + ref::describe(qb));
      inside.add(contains(p, segment), pref::contains(qp, qs), what + "\n" + ref::describe(qs));
      inside.add(contains(p, circle), pref::contains(qp, qc), what + "\n" + ref::describe(qc));
      const Ray<T> ray{gen.point(-7, 7), gen.point(-2, 2)};
      if (ray.direction.x == T(0) && ray.direction.y == T(0)) continue;
      const auto exact =
          pref::ray_spans(qp, ref::to_q(ray.origin), ref::to_q(ray.direction), false, 0);
      const auto spans = raycast_spans(ray, p);
      bool same = spans.size() == exact.size();
      for (std::size_t s = 0; same && s < spans.size(); ++s)
        same = close(spans[s].t_enter, exact[s].enter) && close(spans[s].t_exit, exact[s].exit);
      rays.add(same && !spans.empty(), !exact.empty(),
               what + "\nray " + std::to_string(double(ray.origin.x)) + " " +
                   std::to_string(double(ray.origin.y)));
    }
  }
  overlap.finish(0.1);
  inside.finish(0.02);
  rays.finish(0.1);
}

// Off the lattice: outlines scaled by random factors and shifted by random offsets, rounded to T,
// against points and segments (half of them through the polygon's own vertices, so that touching
// happens) and other such polygons. Point, segment and polygon tests use exact orientation signs,
// so every answer must still be exact.
template <class T>
void run_rounded() {
  Random random(seed_of(std::string("polygon rounded ") + scalar_name<T>()));
  const std::string label = std::string("rounded ") + scalar_name<T>();
  Tally overlap{"overlaps " + label}, inside{"contains " + label},
      strict{"contains_strictly " + label}, interior{"overlaps_interior " + label};
  for (std::size_t i = 0; i < polygon_case_count(); ++i) {
    const double scale = random.log_uniform(1e-3, 1e4);
    const Vec2<double> offset{random.uniform(-1e3, 1e3) * scale, random.uniform(-1e3, 1e3) * scale};
    const Polygon<T> p = random_rounded_polygon<T>(random, 10, scale, offset);
    const Polygon<T> other = random_rounded_polygon<T>(
        random, 8, scale, {offset.x + random.uniform(-4, 4) * scale, offset.y});
    const auto& v = p.vertices();
    auto pick = [&]() -> Vec2<T> {
      if (random.chance(0.5)) return v[std::size_t(random.integer(0, int(v.size()) - 1))];
      return {T(offset.x + random.uniform(-5, 5) * scale),
              T(offset.y + random.uniform(-5, 5) * scale)};
    };
    const Point<T> point = pick();
    const Segment<T> segment{pick(), pick()};
    const pref::QPolygon qp = pref::exact_polygon(p), qo = pref::exact_polygon(other);
    const ref::ExactShape qpt = ref::exact(point), qs = ref::exact(segment);
    const std::string what = describe(p);
    overlap.add(overlaps(p, point), pref::overlaps(qp, qpt), what + "\n" + ref::describe(qpt));
    overlap.add(overlaps(segment, p), pref::overlaps(qp, qs), what + "\n" + ref::describe(qs));
    overlap.add(overlaps(p, other), pref::overlaps(qp, qo), what + "\n" + describe(other));
    inside.add(contains(p, point), pref::contains(qp, qpt), what + "\n" + ref::describe(qpt));
    inside.add(contains(p, segment), pref::contains(qp, qs), what + "\n" + ref::describe(qs));
    inside.add(contains(p, other), pref::contains(qp, qo), what + "\n" + describe(other));
    // A short segment, often inside.
    const Vec2<T> a{T(offset.x + random.uniform(-3, 3) * scale),
                    T(offset.y + random.uniform(-3, 3) * scale)};
    const Segment<T> small{a,
                           {T(double(a.x) + random.uniform(-0.5, 0.5) * scale),
                            T(double(a.y) + random.uniform(-0.5, 0.5) * scale)}};
    const ref::ExactShape qsm = ref::exact(small);
    strict.add(contains_strictly(p, segment), pref::contains_strictly(qp, qs),
               what + "\n" + ref::describe(qs));
    strict.add(contains_strictly(p, small), pref::contains_strictly(qp, qsm),
               what + "\n" + ref::describe(qsm));
    inside.add(contains(p, small), pref::contains(qp, qsm), what + "\n" + ref::describe(qsm));
    interior.add(overlaps_interior(p, point), pref::overlaps_interior(qp, qpt),
                 what + "\n" + ref::describe(qpt));
    interior.add(overlaps_interior(segment, p), pref::overlaps_interior(qp, qs),
                 what + "\n" + ref::describe(qs));
    interior.add(overlaps_interior(p, small), pref::overlaps_interior(qp, qsm),
                 what + "\n" + ref::describe(qsm));
    interior.add(overlaps_interior(p, other), pref::overlaps_interior(qp, qo),
                 what + "\n" + describe(other));
  }
  overlap.finish(0.1);
  inside.finish(0.05);
  interior.finish(0.05);
  strict.finish(0.01);
}

// The builder accepts exactly the simple outlines: random lattice outlines, half of them
// untangled (mostly simple), the rest as drawn (mostly not).
template <class T>
void run_builder() {
  Random random(seed_of(std::string("polygon builder ") + scalar_name<T>()));
  Tally accepted{std::string("make_simple_polygon ") + scalar_name<T>()};
  for (std::size_t i = 0; i < polygon_case_count(); ++i) {
    const int n = random.integer(3, 9);
    std::vector<polygon_gen::IPoint> v;
    for (int k = 0; k < n; ++k)
      v.push_back({random.integer(-3, 3), random.integer(-3, 3)});
    if (random.chance(0.5)) {
      for (int step = 0; step < 400 && polygon_gen::untangle_once(v); ++step) {
      }
    }
    std::vector<Vec2<T>> outline;
    std::vector<ref::QPoint> q;
    for (const auto& p : v) {
      outline.push_back({T(p.x), T(p.y)});
      q.push_back(ref::to_q(outline.back()));
    }
    const auto built = make_simple_polygon(outline);
    std::string what = built ? "accepted" : built.error();
    for (const auto& p : outline)
      what += " (" + std::to_string(double(p.x)) + ", " + std::to_string(double(p.y)) + ")";
    accepted.add(built.ok(), pref::is_simple(q), what);
    if (built) {
      // Counter-clockwise, the same points in the same cyclic order (or reversed).
      const auto& w = built->vertices();
      ASSERT_EQ(w.size(), outline.size());
      EXPECT_GT(area(*built), T(0));
    }
  }
  accepted.finish(0.1);
}

#define POLYGON_SHAPE_TESTS(S)        \
  TEST(PolygonProperty, S##Float) {   \
    run_against_shape<float, S>(#S);  \
  }                                   \
  TEST(PolygonProperty, S##Double) {  \
    run_against_shape<double, S>(#S); \
  }
POLYGON_SHAPE_TESTS(Point)
POLYGON_SHAPE_TESTS(Segment)
POLYGON_SHAPE_TESTS(Circle)
POLYGON_SHAPE_TESTS(Capsule)
POLYGON_SHAPE_TESTS(Aabb)
POLYGON_SHAPE_TESTS(Obb)
POLYGON_SHAPE_TESTS(ConvexPolygon)
POLYGON_SHAPE_TESTS(RoundedPolygon)

TEST(PolygonProperty, PolygonPairsFloat) {
  run_polygon_pairs<float>();
}
TEST(PolygonProperty, PolygonPairsDouble) {
  run_polygon_pairs<double>();
}
#define POLYGON_DISTANCE_TESTS(S)              \
  TEST(PolygonProperty, Distance##S##Float) {  \
    run_distance<float, S>(#S);                \
  }                                            \
  TEST(PolygonProperty, Distance##S##Double) { \
    run_distance<double, S>(#S);               \
  }
POLYGON_DISTANCE_TESTS(Point)
POLYGON_DISTANCE_TESTS(Segment)
POLYGON_DISTANCE_TESTS(Circle)
POLYGON_DISTANCE_TESTS(Capsule)
POLYGON_DISTANCE_TESTS(Aabb)
POLYGON_DISTANCE_TESTS(Obb)
POLYGON_DISTANCE_TESTS(ConvexPolygon)
POLYGON_DISTANCE_TESTS(RoundedPolygon)
TEST(PolygonProperty, DistancePolygonFloat) {
  run_polygon_distance<float>();
}
TEST(PolygonProperty, DistancePolygonDouble) {
  run_polygon_distance<double>();
}

#define POLYGON_AREA_TESTS(S)              \
  TEST(PolygonProperty, Area##S##Float) {  \
    run_area<float, S>(#S);                \
  }                                        \
  TEST(PolygonProperty, Area##S##Double) { \
    run_area<double, S>(#S);               \
  }
POLYGON_AREA_TESTS(Aabb)
POLYGON_AREA_TESTS(Obb)
POLYGON_AREA_TESTS(ConvexPolygon)
TEST(PolygonProperty, AreaPolygonFloat) {
  run_polygon_area<float>();
}
TEST(PolygonProperty, AreaPolygonDouble) {
  run_polygon_area<double>();
}

TEST(PolygonProperty, MassFloat) {
  run_mass<float>();
}
TEST(PolygonProperty, MassDouble) {
  run_mass<double>();
}

TEST(PolygonProperty, RaycastFloat) {
  run_raycast<float>();
}
TEST(PolygonProperty, RaycastDouble) {
  run_raycast<double>();
}
TEST(PolygonProperty, RoundedFloat) {
  run_rounded<float>();
}
TEST(PolygonProperty, RoundedDouble) {
  run_rounded<double>();
}
TEST(PolygonProperty, LargeFloat) {
  run_large<float>();
}
TEST(PolygonProperty, LargeDouble) {
  run_large<double>();
}
TEST(PolygonProperty, BuilderFloat) {
  run_builder<float>();
}
TEST(PolygonProperty, BuilderDouble) {
  run_builder<double>();
}

}  // namespace
}  // namespace collide2d::property
