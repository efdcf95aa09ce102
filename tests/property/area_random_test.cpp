// Property tests of intersection_area(a, b) and iou(a, b) (area.hpp) for the 10 pairs of Circle,
// Aabb, Obb and ConvexPolygon, both argument orders, float and double.
//
// Tolerance: tol_area and tol_iou (area_support.hpp).
//
// RandomArea: cases per pair and type:
//     random      B near A, sizes alike (about half of them intersect)        55%
//     nested      B small, inside A                                           15%
//     near        a random case moved to where overlaps() flips               10%
//     identical   B the same set as A (a copy, or A as another type)          10%
//     edge        B beside A sharing (part of) an edge: a box moved by its
//                 own width, a polygon mirrored across one of its edges       10%
//   Every pair: the two argument orders give the same bits (intersection_area and iou).
//   Box and polygon pairs: both orders within tol_area of the EXACT area of the intersection
//   (Sutherland-Hodgman clipping in rationals, exact_geometry.hpp), and within area.hpp's bound
//   4 eps (d + min(M_a, M_b)) min(P_a, P_b) (see area_lattice_test.cpp), iou within tol_iou of
//   the exact ratio. Pairs with a circle: both orders lie in [0, min(area a,
//   area b) + tol_area], and a seeded Monte Carlo estimate (256 points uniform in the circle's
//   bounding box; for two circles the smaller one's) lies within 6 sigma + 6 / 256 of the box area
//   + tol_area of the library's value, sigma = box area sqrt(p (1 - p) / 256) for the library's
//   p = area / box area; over all cases of a pair the mean of the standardised deviations must
//   be within 5 / sqrt(count) of 0 (a bias of a few hundredths of sigma fails). Circle-circle is
//   also compared with the lens area in long double from exact squared distances (within
//   tol_area; lens_area). iou of a circle pair
//   must equal I / (area a + area b - I) for the library's own I (hit rate: the shapes overlap
//   exactly). Everywhere:
//   iou(a, a) == 1 and iou(b, b) == 1 exactly, iou in [0, 1].
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "area_support.hpp"
#include "property_runner.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
namespace {

// ---- Monte Carlo and closed-form helpers (long double) ----

using Ld = long double;

template <class T>
bool inside(const Circle<T>& c, Ld x, Ld y) {
  const Ld dx = x - static_cast<Ld>(c.center.x);
  const Ld dy = y - static_cast<Ld>(c.center.y);
  const Ld r = static_cast<Ld>(c.radius);
  return dx * dx + dy * dy <= r * r;
}
template <class T>
bool inside(const Aabb<T>& b, Ld x, Ld y) {
  return x >= static_cast<Ld>(b.min.x) && x <= static_cast<Ld>(b.max.x) &&
         y >= static_cast<Ld>(b.min.y) && y <= static_cast<Ld>(b.max.y);
}
template <class T>
bool inside(const Obb<T>& b, Ld x, Ld y) {
  const Ld dx = x - static_cast<Ld>(b.center.x);
  const Ld dy = y - static_cast<Ld>(b.center.y);
  const Ld c = static_cast<Ld>(b.rotation.c);
  const Ld s = static_cast<Ld>(b.rotation.s);
  return std::abs(c * dx + s * dy) <= static_cast<Ld>(b.half_extents.x) &&
         std::abs(-s * dx + c * dy) <= static_cast<Ld>(b.half_extents.y);
}
template <class T>
bool inside(const ConvexPolygon<T>& p, Ld x, Ld y) {
  for (int i = 0; i < p.count; ++i) {
    const Vec2<T> a = p.vertices[i];
    const Vec2<T> b = p.vertices[(i + 1) % p.count];
    const Ld ex = static_cast<Ld>(b.x) - static_cast<Ld>(a.x);
    const Ld ey = static_cast<Ld>(b.y) - static_cast<Ld>(a.y);
    if (ex * (y - static_cast<Ld>(a.y)) - ey * (x - static_cast<Ld>(a.x)) < 0) return false;
  }
  return true;
}

// The lens of two circles. The acos form r^2 acos(x / r) - x sqrt(r^2 - x^2) loses half of its
// digits near tangency (acos near 1), so the two circular segments are computed from their heights
// h instead, 2 r^2 asin(sqrt(h / 2r)) - (r - h) sqrt(h (2r - h)), with the heights
//   h1 = g (d + r2 - r1) / 2d,  h2 = g (d + r1 - r2) / 2d,  g = r1 + r2 - d = (R^2 - D2) / (R + d)
// and d - |r1 - r2| = (D2 - (r1 - r2)^2) / (d + |r1 - r2|) where it cancels: R^2 - D2 and
// D2 - (r1 - r2)^2 are exact rationals, so every height has a relative error of a few ulps and so
// has the area.
template <class T>
Ld lens_area(const Circle<T>& a, const Circle<T>& b) {
  thread_local mpq_class dx, dy, d2, sum, diff, outer, inner;
  ref::set_q(dx, b.center.x);
  ref::set_q(sum, a.center.x);
  dx -= sum;
  ref::set_q(dy, b.center.y);
  ref::set_q(sum, a.center.y);
  dy -= sum;
  d2 = dx * dx + dy * dy;
  ref::set_q(sum, a.radius);
  ref::set_q(diff, b.radius);
  outer = (sum + diff) * (sum + diff) - d2;  // > 0: the circles overlap
  inner = d2 - (sum - diff) * (sum - diff);  // <= 0: one inside the other
  const Ld r1 = static_cast<Ld>(a.radius);
  const Ld r2 = static_cast<Ld>(b.radius);
  if (sgn(outer) <= 0) return 0;
  if (sgn(inner) <= 0) return pi<Ld> * std::min(r1, r2) * std::min(r1, r2);
  const Ld d = std::sqrt(static_cast<Ld>(d2.get_d()));
  const Ld g = static_cast<Ld>(outer.get_d()) / (r1 + r2 + d);
  const Ld k = static_cast<Ld>(inner.get_d()) / (d + std::abs(r1 - r2));  // d - |r1 - r2|
  const Ld h1 = g * (r1 >= r2 ? k : d + r2 - r1) / (2 * d);
  const Ld h2 = g * (r2 >= r1 ? k : d + r1 - r2) / (2 * d);
  const auto segment = [](Ld r, Ld h) {
    h = std::clamp(h, Ld(0), 2 * r);
    return 2 * r * r * std::asin(std::sqrt(h / (2 * r))) - (r - h) * std::sqrt(h * (2 * r - h));
  };
  return segment(r1, h1) + segment(r2, h2);
}

template <class S>
Ld exact_shape_area(const S& s, const ref::ExactShape& e) {
  if constexpr (is_circle<S>()) {
    (void)e;
    const Ld r = static_cast<Ld>(s.radius);
    return pi<Ld> * r * r;
  } else {
    (void)s;
    return static_cast<Ld>(ref::exact_core_area(e).get_d());
  }
}

// Running sums of the standardised Monte Carlo deviations.
struct Deviations {
  double sum = 0;
  std::size_t count = 0;
};

template <class T, template <class> class A, template <class> class B>
void run_random(const std::string& pair) {
  PropertyRun<T> run("area", pair);
  const std::string& name = run.name();
  Random mc(seed_of(name + " monte carlo"));
  RandomShapes<T> gen(run.random());
  QueryStats& stats = run.stats;
  Deviations deviations;
  double worst = 0;        // largest |error| / tol_area
  double worst_bound = 0;  // largest |error| / area.hpp's bound (boxes and polygons)
  constexpr bool round = is_circle<A<T>>() || is_circle<B<T>>();
  ref::ExactShape ea;
  ref::ExactShape eb;
  const auto generate = [&](A<T>& a, B<T>& b) { area_case<T, A, B>(gen, a, b); };
  for_cases<T, A, B>(contact_case_count(), generate, [&](std::size_t i, A<T>& a, B<T>& b) {
    const double tol_area = area_tolerance<T>(a, b);
    const double eps_t = static_cast<double>(std::numeric_limits<T>::epsilon());
    ref::exact_into(ea, a);
    ref::exact_into(eb, b);
    const double iab = static_cast<double>(intersection_area(a, b));
    const double iba = static_cast<double>(intersection_area(b, a));
    const double uab = static_cast<double>(iou(a, b));
    const double uba = static_cast<double>(iou(b, a));
    ++stats.cases;
    std::string expected_text;
    const auto fail = [&](const std::string& what) {
      run.fail(i, what, [&] {
        return describe_pair(a, b) + "\n  intersection_area(a, b) " + num(iab) + ", (b, a) " +
               num(iba) + ", iou(a, b) " + num(uab) + ", (b, a) " + num(uba) + "\n  " +
               expected_text + " (tol_area " + num(tol_area) + ")";
      });
    };
    if (!(iou(a, a) == T(1)) || !(iou(b, b) == T(1))) fail("iou of a shape with itself is not 1");
    for (const double u : {uab, uba}) {
      if (!(u >= 0 && u <= 1)) fail("iou outside [0, 1]");
    }
    // Symmetric to the bit, as overlaps() is: the pair is put in a canonical order.
    if (!(iab == iba) || !(uab == uba)) fail("the two argument orders give different bits");
    const Ld area_a = exact_shape_area(a, ea);
    const Ld area_b = exact_shape_area(b, eb);
    if constexpr (!round) {
      const mpq_class exact = ref::exact_intersection_area(ea, eb);
      const double e = exact.get_d();
      expected_text = "exactly " + num(e);
      stats.hits += sgn(exact) > 0 ? 1 : 0;
      const double bound = extreme_bound<T>(a, b);
      for (const double x : {iab, iba}) {
        worst = std::max(worst, std::abs(x - e) / tol_area);
        worst_bound = std::max(worst_bound, std::abs(x - e) / bound);
        if (!(std::abs(x - e) <= tol_area)) fail("intersection area off by more than tol_area");
        if (!(std::abs(x - e) <= bound))
          fail("intersection area off by more than area.hpp's bound");
      }
      const double unite = static_cast<double>(area_a + area_b) - e;
      const double iou_exact = unite > 0 ? e / unite : 0;
      const double tol_iou = 3 * tol_area / unite + 4 * eps_t;
      for (const double u : {uab, uba}) {
        if (!(std::abs(u - iou_exact) <= tol_iou)) fail("iou off by more than tol_iou");
      }
    } else {
      stats.hits += ref::exact_overlaps(ea, eb) ? 1 : 0;
      // The library's own union, for iou's formula.
      const Ld unite = area_a + area_b - static_cast<Ld>(iab);
      const double iou_own = unite > 0 ? static_cast<double>(static_cast<Ld>(iab) / unite) : 0;
      if (!(std::abs(uab - iou_own) <= 4 * eps_t + 2 * tol_area / static_cast<double>(unite))) {
        fail("iou is not I / (area a + area b - I)");
      }
      const double cap = static_cast<double>(std::min(area_a, area_b));
      if (!(iab >= 0) || !(iab <= cap + tol_area)) fail("intersection area outside [0, min area]");
      // Monte Carlo in the circle's bounding box (the smaller circle's for two circles).
      Aabb<T> box{};
      if constexpr (is_circle<A<T>>() && is_circle<B<T>>()) {
        box = bounding_box(a.radius <= b.radius ? a : b);
      } else if constexpr (is_circle<A<T>>()) {
        box = bounding_box(a);
      } else {
        box = bounding_box(b);
      }
      const Ld x0 = static_cast<Ld>(box.min.x);
      const Ld y0 = static_cast<Ld>(box.min.y);
      const Ld w = static_cast<Ld>(box.max.x) - x0;
      const Ld h = static_cast<Ld>(box.max.y) - y0;
      constexpr int samples = 256;
      int in = 0;
      for (int k = 0; k < samples; ++k) {
        const Ld x = x0 + w * static_cast<Ld>(mc.unit());
        const Ld y = y0 + h * static_cast<Ld>(mc.unit());
        in += inside(a, x, y) && inside(b, x, y) ? 1 : 0;
      }
      const double box_area = static_cast<double>(w * h);
      const double estimate = box_area * in / samples;
      const double p = std::clamp(iab / box_area, 0.0, 1.0);
      const double sigma = box_area * std::sqrt(p * (1 - p) / samples);
      expected_text = "Monte Carlo " + num(estimate) + " (sigma " + num(sigma) + ")";
      if (!(std::abs(estimate - iab) <= 6 * sigma + 6 * box_area / samples + tol_area)) {
        fail("Monte Carlo estimate more than 6 sigma away");
      }
      if (p > 0.02 && p < 0.98) {
        deviations.sum += (estimate - iab) / sigma;
        ++deviations.count;
      }
      if constexpr (is_circle<A<T>>() && is_circle<B<T>>()) {
        const double lens = static_cast<double>(lens_area(a, b));
        expected_text += ", lens formula " + num(lens);
        for (const double x : {iab, iba}) {
          worst = std::max(worst, std::abs(x - lens) / tol_area);
          if (!(std::abs(x - lens) <= tol_area)) fail("lens area off by more than tol_area");
        }
      }
    }
  });
  std::string extra;
  if (round) {
    const double mean = deviations.count ? deviations.sum / double(deviations.count) : 0;
    char text[96];
    std::snprintf(text, sizeof text, "MC mean deviation %.4f sigma over %zu", mean,
                  deviations.count);
    extra = text;
    EXPECT_LE(std::abs(mean), 5 / std::sqrt(std::max(1.0, double(deviations.count))))
        << name << ": the Monte Carlo estimates are biased against the library";
  }
  if (!round || (is_circle<A<T>>() && is_circle<B<T>>())) {
    char text[64];
    std::snprintf(text, sizeof text, "%slargest error %.3f tol_area", extra.empty() ? "" : "  ",
                  worst);
    extra += text;
    if (!round) {
      std::snprintf(text, sizeof text, ", %.3f bound", worst_bound);
      extra += text;
    }
  }
  run.finish(extra);
}

#define COLLIDE2D_AREA_TESTS(A, B) COLLIDE2D_PROPERTY_TESTS(RandomArea, run_random, A, B)
COLLIDE2D_AREA_PAIRS(COLLIDE2D_AREA_TESTS)

}  // namespace
}  // namespace collide2d::property
