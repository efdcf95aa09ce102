// Property tests of giou (Aabb, Obb, ConvexPolygon pairs), diou and ciou (Aabb, Obb pairs)
// (area.hpp), both argument orders, float and double, against exact rationals (GMP):
//
//   giou   I / U - (H - U) / H with I the exact intersection area (exact_intersection_area), U the
//          exact union, H the area of the exact convex hull of both shapes' exact corners
//          (convex_hull_into, exact_core_area)
//   diou   I / U - d^2 / c^2 with d^2 from the exact centres and c^2 from the exact bounding box of
//          both shapes' exact corners
//   ciou   diou - alpha v: the exact iou and diou parts; v = 4 / pi^2 (atan2(w_a, h_a) -
//          atan2(w_b, h_b))^2 in long double from the exact sides (no rational closed form),
//          alpha = v / (1 - iou + v)
//
// Tolerances, with tol = 64 eps(T) S and tol_area = tol (P_a + P_b) as in area_random_test.cpp:
//   giou   3 tol_area / U + 4 tol_area / H + 8 eps   (iou's, plus U / H's: dU / H + U dH / H^2)
//   diou   tol_iou + 4 tol / c + 8 eps               (the centres and the box are off by ~tol)
//   ciou   tol_diou + tol_iou + 32 eps                (alpha v moves by at most dI + 2 dv)
//
// RandomBoxSimilarity: area_case's cases (B near A, nested, moved to contact, the same set, beside
//   A along an edge; about half apart, where giou and diou are negative).
// LatticeBoxSimilarity: integer and half-integer boxes with quarter turns, where every area, the
//   hull, the centres and the enclosing box are exact in T: box pairs must be within 4 eps of the
//   exact value (only the final divisions and subtraction round), and touching boxes whose hull
//   is their union must get giou exactly 0. Polygon pairs use the random tolerance.
// Everywhere: the two argument orders give the same bits, and each measure of a shape with area
// with itself is exactly 1 (without area, iou and so each measure is 0, as iou's definition says).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "area_support.hpp"
#include "exact_geometry.hpp"
#include "property_runner.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
namespace {

template <class S>
constexpr bool is_box() {
  return std::is_same_v<S, Aabb<scalar_of<S>>> || std::is_same_v<S, Obb<scalar_of<S>>>;
}

template <class T>
ref::QPoint exact_centre(const Aabb<T>& s) {
  ref::QPoint c;
  c.x = (ref::to_q(s.min.x) + ref::to_q(s.max.x)) / 2;
  c.y = (ref::to_q(s.min.y) + ref::to_q(s.max.y)) / 2;
  return c;
}
template <class T>
ref::QPoint exact_centre(const Obb<T>& s) {
  return {ref::to_q(s.center.x), ref::to_q(s.center.y)};
}

template <class T>
Vec2<long double> sides(const Aabb<T>& s) {
  return {static_cast<long double>(s.max.x) - static_cast<long double>(s.min.x),
          static_cast<long double>(s.max.y) - static_cast<long double>(s.min.y)};
}
template <class T>
Vec2<long double> sides(const Obb<T>& s) {
  return {2 * static_cast<long double>(s.half_extents.x),
          2 * static_cast<long double>(s.half_extents.y)};
}

// The exact values of one pair.
struct ExactSimilarity {
  mpq_class iou;
  mpq_class giou;
  mpq_class union_area;
  mpq_class hull;
  mpq_class diou;   // boxes only
  mpq_class c2;     // boxes only
  double ciou = 0;  // boxes only, long double atan
  bool touching_hull_is_union = false;
};

mpq_class abs_area(const ref::ExactShape& s) {
  return abs(ref::exact_core_area(s));
}

template <class A, class B>
ExactSimilarity exact_values(const A& a, const B& b, const ref::ExactShape& ea,
                             const ref::ExactShape& eb) {
  ExactSimilarity x;
  const mpq_class inter = ref::exact_intersection_area(ea, eb);
  const mpq_class area_a = abs_area(ea);
  const mpq_class area_b = abs_area(eb);
  x.union_area = area_a + area_b - inter;
  x.iou = sgn(x.union_area) > 0 ? mpq_class(inter / x.union_area) : mpq_class(0);
  std::vector<ref::QPoint> points(ea.core);
  points.insert(points.end(), eb.core.begin(), eb.core.end());
  std::vector<ref::QPoint> hull;
  ref::convex_hull_into(hull, points);
  x.hull = hull.size() >= 3 ? abs_area(ref::make_exact_shape(hull, 0)) : mpq_class(0);
  x.giou = sgn(x.hull) > 0 ? mpq_class(x.iou - (x.hull - x.union_area) / x.hull) : x.iou;
  x.touching_hull_is_union = sgn(inter) == 0 && x.hull == x.union_area;
  if constexpr (is_box<A>() && is_box<B>()) {
    mpq_class lo_x = points[0].x, hi_x = points[0].x, lo_y = points[0].y, hi_y = points[0].y;
    for (const ref::QPoint& p : points) {
      if (p.x < lo_x) lo_x = p.x;
      if (p.x > hi_x) hi_x = p.x;
      if (p.y < lo_y) lo_y = p.y;
      if (p.y > hi_y) hi_y = p.y;
    }
    x.c2 = (hi_x - lo_x) * (hi_x - lo_x) + (hi_y - lo_y) * (hi_y - lo_y);
    const ref::QPoint ca = exact_centre(a);
    const ref::QPoint cb = exact_centre(b);
    const mpq_class d2 = (cb.x - ca.x) * (cb.x - ca.x) + (cb.y - ca.y) * (cb.y - ca.y);
    x.diou = sgn(x.c2) > 0 ? mpq_class(x.iou - d2 / x.c2) : x.iou;
    const Vec2<long double> sa = sides(a);
    const Vec2<long double> sb = sides(b);
    const long double gap = std::atan2(sa.x, sa.y) - std::atan2(sb.x, sb.y);
    const long double v = 4 / (pi<long double> * pi<long double>)*gap * gap;
    const long double i = static_cast<long double>(x.iou.get_d());
    const long double alpha = v > 0 ? v / ((1 - i) + v) : 0;
    x.ciou = static_cast<double>(static_cast<long double>(x.diou.get_d()) - alpha * v);
  }
  return x;
}

// Judges one case; `exact_boxes`: the lattice's promise of 4 eps for box pairs.
template <class T, class A, class B>
void judge(PropertyRun<T>& run, std::size_t i, const A& a, const B& b, ref::ExactShape& ea,
           ref::ExactShape& eb, bool exact_boxes, double& worst) {
  QueryStats& stats = run.stats;
  ref::exact_into(ea, a);
  ref::exact_into(eb, b);
  const ExactSimilarity x = exact_values(a, b, ea, eb);
  ++stats.cases;
  stats.hits += sgn(x.iou) > 0 ? 1 : 0;
  const double eps = static_cast<double>(std::numeric_limits<T>::epsilon());
  const double tol = tolerance<T>(std::max(scale_of(a), scale_of(b)));
  const double tol_area = tol * (perimeter_bound(a) + perimeter_bound(b));
  const double u = x.union_area.get_d();
  const double h = x.hull.get_d();
  const double tol_iou = u > 0 ? 3 * tol_area / u + 4 * eps : 4 * eps;
  const double tol_giou =
      exact_boxes ? 4 * eps : tol_iou + (h > 0 ? 4 * tol_area / h : 0) + 8 * eps;
  const T gab = giou(a, b);
  const T gba = giou(b, a);
  std::string got = "giou " + num(gab) + " (b, a) " + num(gba);
  std::string want = "exactly " + num(x.giou.get_d());
  const auto fail = [&](const std::string& what) {
    run.fail(i, what, [&] { return describe_pair(a, b) + "\n  " + got + "\n  " + want; });
  };
  if (!(gab == gba)) fail("giou: the two argument orders give different bits");
  if ((area(a) > T(0) && !(giou(a, a) == T(1))) || (area(b) > T(0) && !(giou(b, b) == T(1))))
    fail("giou of a shape with itself is not 1");
  const double g_err = std::abs(static_cast<double>(gab) - x.giou.get_d());
  worst = std::max(worst, g_err / tol_giou);
  if (!(g_err <= tol_giou)) fail("giou off by more than its tolerance");
  if (exact_boxes && x.touching_hull_is_union && !(gab == T(0)))
    fail("touching boxes whose hull is their union need giou exactly 0");
  if constexpr (is_box<A>() && is_box<B>()) {
    const T dab = diou(a, b);
    const T dba = diou(b, a);
    const T cab = ciou(a, b);
    const T cba = ciou(b, a);
    got = "diou " + num(dab) + " (b, a) " + num(dba) + ", ciou " + num(cab) + " (b, a) " + num(cba);
    want = "diou exactly " + num(x.diou.get_d()) + ", ciou (long double atan) " + num(x.ciou);
    const double c = std::sqrt(x.c2.get_d());
    const double tol_diou = exact_boxes ? 4 * eps : tol_iou + (c > 0 ? 4 * tol / c : 0) + 8 * eps;
    const double tol_ciou = exact_boxes ? 16 * eps : tol_diou + tol_iou + 32 * eps;
    if (!(dab == dba) || !(cab == cba))
      fail("diou/ciou: the two argument orders give different bits");
    if ((area(a) > T(0) && (!(diou(a, a) == T(1)) || !(ciou(a, a) == T(1)))) ||
        (area(b) > T(0) && (!(diou(b, b) == T(1)) || !(ciou(b, b) == T(1)))))
      fail("diou/ciou of a box with itself is not 1");
    const double d_err = std::abs(static_cast<double>(dab) - x.diou.get_d());
    const double c_err = std::abs(static_cast<double>(cab) - x.ciou);
    worst = std::max({worst, d_err / tol_diou, c_err / tol_ciou});
    if (!(d_err <= tol_diou)) fail("diou off by more than its tolerance");
    if (!(c_err <= tol_ciou)) fail("ciou off by more than its tolerance");
  }
}

// n cases of generate(a, b), each judged; the statistics line ends with the largest error.
template <class T, template <class> class A, template <class> class B, class Generate>
void run_cases(PropertyRun<T>& run, std::size_t n, Generate&& generate, bool exact_boxes,
               bool check_hit_rate) {
  ref::ExactShape ea;
  ref::ExactShape eb;
  double worst = 0;
  for_cases<T, A, B>(n, generate, [&](std::size_t i, const A<T>& a, const B<T>& b) {
    judge(run, i, a, b, ea, eb, exact_boxes, worst);
  });
  char text[64];
  std::snprintf(text, sizeof text, "largest error %.3f tolerance", worst);
  run.finish(text, check_hit_rate);
}

template <class T, template <class> class A, template <class> class B>
void run_random(const std::string& pair) {
  PropertyRun<T> run("box similarity", pair);
  RandomShapes<T> gen(run.random());
  run_cases<T, A, B>(
      run, contact_case_count(), [&](A<T>& a, B<T>& b) { area_case<T, A, B>(gen, a, b); }, false,
      true);
}

template <class T, template <class> class A, template <class> class B>
void run_lattice(const std::string& pair) {
  PropertyRun<T> run("lattice box similarity", pair);
  LatticeShapes<T> gen(run.random());
  run_cases<T, A, B>(
      run, lattice_contact_case_count(),
      [&](A<T>& a, B<T>& b) { lattice_area_case(gen, 0.2, a, b); },
      is_box<A<T>>() && is_box<B<T>>(), false);
}

#define COLLIDE2D_SIMILARITY_TESTS(A, B)                          \
  COLLIDE2D_PROPERTY_TESTS(RandomBoxSimilarity, run_random, A, B) \
  COLLIDE2D_PROPERTY_TESTS(LatticeBoxSimilarity, run_lattice, A, B)
COLLIDE2D_BOX_POLYGON_PAIRS(COLLIDE2D_SIMILARITY_TESTS)

}  // namespace
}  // namespace collide2d::property
