// Property tests of intersection_area(a, b) and iou(a, b) (area.hpp) for the 10 pairs of Circle,
// Aabb, Obb and ConvexPolygon, both argument orders, float and double.
//
// Tolerance: the band tol = 64 eps(T) S (S = max(scale_of(a), scale_of(b))) swept along both
// boundaries, tol_area = tol (P_a + P_b) with P the perimeter of a shape's bounding box: moving
// every boundary point by tol changes an area by at most that. For iou, with U the exact union
// area, tol_iou = 3 tol_area / U + 4 eps(T) (the intersection and both areas may each be off by
// up to tol_area).
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
//   4 eps (d + min(M_a, M_b)) min(P_a, P_b) (see ExtremeAspectArea below), iou within tol_iou of
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
// LatticeArea: integer and half-integer shapes with quarter turns; box pairs (Aabb, Obb) whose
//   exact intersection area is 0 (sharing an edge or a corner, or apart) must get exactly 0, as
//   area.hpp promises; every polygon-like pair is compared with the exact area as above; both
//   argument orders give the same bits.
// ExtremeAspectArea: thin boxes at aspect ratios up to 1e16 (see run_extreme), and the case
//   reported in issue 17.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "contact_support.hpp"

namespace collide2d::property {
namespace {

namespace ref = collide2d::reference;

template <class S>
constexpr bool is_circle() {
  return std::is_same_v<S, Circle<scalar_of<S>>>;
}

template <class S>
double perimeter_bound(const S& s) {
  const auto box = bounding_box(s);
  return 2.0 * (static_cast<double>(box.max.x) - static_cast<double>(box.min.x) +
                static_cast<double>(box.max.y) - static_cast<double>(box.min.y));
}

// B as the same set as A, where the types allow it.
template <class T, class A, class B>
bool same_set(const A& a, B& b) {
  if constexpr (std::is_same_v<A, B>) {
    b = a;
    return true;
  } else if constexpr (std::is_same_v<B, ConvexPolygon<T>> &&
                       (std::is_same_v<A, Aabb<T>> || std::is_same_v<A, Obb<T>>)) {
    auto p = make_polygon(a);
    if (!p) return false;
    b = p.value();
    return true;
  } else if constexpr (std::is_same_v<A, Aabb<T>> && std::is_same_v<B, Obb<T>>) {
    b = {a.center(), a.half_extents(), Rot<T>::identity()};
    return true;
  } else {
    return false;
  }
}

// B beside A, sharing (part of) an edge, where the types allow it.
template <class T, class A, class B>
bool beside(Random& r, const A& a, B& b) {
  if constexpr (std::is_same_v<A, Aabb<T>> && std::is_same_v<B, Aabb<T>>) {
    const T w = a.max.x - a.min.x;
    const T h = a.max.y - a.min.y;
    b = r.chance(0.5) ? Aabb<T>{{a.max.x, a.min.y}, {a.max.x + w, a.max.y}}
                      : Aabb<T>{{a.min.x, a.max.y}, {a.max.x, a.max.y + h}};
    return true;
  } else if constexpr (std::is_same_v<A, Obb<T>> && std::is_same_v<B, Obb<T>>) {
    const bool along_x = r.chance(0.5);
    const Vec2<T> axis = along_x ? a.rotation.x_axis() : a.rotation.y_axis();
    const T step = T(2) * (along_x ? a.half_extents.x : a.half_extents.y);
    b = {a.center + step * axis, a.half_extents, a.rotation};
    return true;
  } else if constexpr (std::is_same_v<A, ConvexPolygon<T>> && std::is_same_v<B, ConvexPolygon<T>>) {
    // A mirrored across its edge i: the mirror image shares that edge.
    const int i = r.integer(0, a.count - 1);
    const Vec2<double> p{static_cast<double>(a.vertices[i].x),
                         static_cast<double>(a.vertices[i].y)};
    const Vec2<T> q = a.vertices[(i + 1) % a.count];
    const double ex = static_cast<double>(q.x) - p.x;
    const double ey = static_cast<double>(q.y) - p.y;
    const double ee = ex * ex + ey * ey;
    Vec2<T> mirrored[max_polygon_vertices];
    for (int k = 0; k < a.count; ++k) {
      const double wx = static_cast<double>(a.vertices[k].x) - p.x;
      const double wy = static_cast<double>(a.vertices[k].y) - p.y;
      const double t = (wx * ex + wy * ey) / ee;
      // The reflection, reversed so the polygon stays counter-clockwise; the edge's own ends stay.
      const Vec2<T> image = (k == i || k == (i + 1) % a.count)
                                ? a.vertices[k]
                                : vec<T>(p.x + 2 * t * ex - wx, p.y + 2 * t * ey - wy);
      mirrored[a.count - 1 - k] = image;
    }
    auto m = make_polygon(mirrored, static_cast<std::size_t>(a.count));
    if (!m) return false;
    b = m.value();
    return true;
  } else {
    (void)r;
    (void)a;
    (void)b;
    return false;
  }
}

template <class T, template <class> class A, template <class> class B>
void random_case(RandomShapes<T>& gen, A<T>& a, B<T>& b) {
  Random& r = gen.random();
  const Site<T> site = gen.site();
  const double sa = gen.size(site);
  const double sb = gen.size(site);
  gen.make(site.center, sa, a);
  const double u = r.unit();
  if (u < 0.15) {
    gen.make(gen.around(site.center, 0.3 * sa), sa * r.uniform(0.05, 0.35), b);
    return;
  }
  if (u < 0.25 && same_set<T>(a, b)) return;
  if (u >= 0.25 && u < 0.35 && beside<T>(r, a, b)) return;
  gen.make(gen.around(site.center, contact_spread<A, B>() * (sa + sb)), sb, b);
  if (u >= 0.35 && u < 0.45) move_to_contact(a, b, r);
}

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

// The accuracy area.hpp states for boxes and polygons (see the extreme-aspect tests below):
//   |error| <= 4 eps (d + min(M_a, M_b)) min(P_a, P_b)
struct BoxMeasures {
  double centre_x, centre_y, longer, perimeter;
};
template <class T>
BoxMeasures measures(const Obb<T>& b) {
  const double w = 2 * static_cast<double>(b.half_extents.x);
  const double h = 2 * static_cast<double>(b.half_extents.y);
  return {static_cast<double>(b.center.x), static_cast<double>(b.center.y), std::max(w, h),
          2 * (w + h)};
}
template <class T>
BoxMeasures measures(const Aabb<T>& b) {
  const double w = static_cast<double>(b.max.x) - static_cast<double>(b.min.x);
  const double h = static_cast<double>(b.max.y) - static_cast<double>(b.min.y);
  return {0.5 * (static_cast<double>(b.min.x) + static_cast<double>(b.max.x)),
          0.5 * (static_cast<double>(b.min.y) + static_cast<double>(b.max.y)), std::max(w, h),
          2 * (w + h)};
}

template <class T>
BoxMeasures measures(const ConvexPolygon<T>& p) {
  double lo_x = static_cast<double>(p.vertices[0].x), hi_x = lo_x;
  double lo_y = static_cast<double>(p.vertices[0].y), hi_y = lo_y;
  double perimeter = 0;
  for (int i = 0; i < p.count; ++i) {
    const Vec2<T> v = p.vertices[i];
    const Vec2<T> w = p.vertices[(i + 1) % p.count];
    lo_x = std::min(lo_x, static_cast<double>(v.x));
    hi_x = std::max(hi_x, static_cast<double>(v.x));
    lo_y = std::min(lo_y, static_cast<double>(v.y));
    hi_y = std::max(hi_y, static_cast<double>(v.y));
    perimeter += std::hypot(static_cast<double>(w.x) - static_cast<double>(v.x),
                            static_cast<double>(w.y) - static_cast<double>(v.y));
  }
  return {0.5 * (lo_x + hi_x), 0.5 * (lo_y + hi_y), std::max(hi_x - lo_x, hi_y - lo_y), perimeter};
}

template <class T, class A, class B>
double extreme_bound(const A& a, const B& b) {
  const BoxMeasures ma = measures(a);
  const BoxMeasures mb = measures(b);
  const double d = std::abs(ma.centre_x - mb.centre_x) + std::abs(ma.centre_y - mb.centre_y);
  const double eps = static_cast<double>(std::numeric_limits<T>::epsilon());
  return 4 * eps * (d + std::min(ma.longer, mb.longer)) * std::min(ma.perimeter, mb.perimeter);
}

template <class T, template <class> class A, template <class> class B>
void run_random(const std::string& pair) {
  const std::string name = "area " + pair + " " + scalar_name<T>();
  Random random(seed_of(name));
  Random mc(seed_of(name + " monte carlo"));
  RandomShapes<T> gen(random);
  QueryStats stats;
  FailureLog log;
  Deviations deviations;
  double worst = 0;        // largest |error| / tol_area
  double worst_bound = 0;  // largest |error| / area.hpp's bound (boxes and polygons)
  constexpr bool round = is_circle<A<T>>() || is_circle<B<T>>();
  A<T> a{};
  B<T> b{};
  ref::ExactShape ea;
  ref::ExactShape eb;
  const std::size_t n = contact_case_count();
  for (std::size_t i = 0; i < n; ++i) {
    random_case<T, A, B>(gen, a, b);
    const double tol = tolerance<T>(std::max(scale_of(a), scale_of(b)));
    const double tol_area = tol * (perimeter_bound(a) + perimeter_bound(b));
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
      ++stats.failures;
      log.report([&] {
        return name + " case " + std::to_string(i) + ": " + what + "\n  " + describe_pair(a, b) +
               "\n  intersection_area(a, b) " + num(iab) + ", (b, a) " + num(iba) + ", iou(a, b) " +
               num(uab) + ", (b, a) " + num(uba) + "\n  " + expected_text + " (tol_area " +
               num(tol_area) + ")";
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
  }
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
  stats.print("area", pair, scalar_name<T>(), extra);
  EXPECT_EQ(stats.failures, 0u) << name;
  expect_query_hit_rate(stats, name);
}

template <class T, template <class> class A, template <class> class B>
void run_lattice(const std::string& pair) {
  const std::string name = "lattice area " + pair + " " + scalar_name<T>();
  Random random(seed_of(name));
  LatticeShapes<T> gen(random);
  QueryStats stats;
  FailureLog log;
  std::size_t zero_boxes = 0;
  constexpr bool boxes =
      !std::is_same_v<A<T>, ConvexPolygon<T>> && !std::is_same_v<B<T>, ConvexPolygon<T>>;
  A<T> a{};
  B<T> b{};
  ref::ExactShape ea;
  ref::ExactShape eb;
  const std::size_t n = std::max<std::size_t>(1, contact_case_count() / 5);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2<T> ca = gen.point(-4, 4);
    gen.make(ca, a);
    gen.make(Vec2<T>{ca.x + T(random.integer(-4, 4)), ca.y + T(random.integer(-4, 4))}, b);
    if (random.chance(0.1)) (void)same_set<T>(a, b);
    if (random.chance(0.2)) (void)beside<T>(random, a, b);
    ++stats.cases;
    ref::exact_into(ea, a);
    ref::exact_into(eb, b);
    const mpq_class exact = ref::exact_intersection_area(ea, eb);
    stats.hits += sgn(exact) > 0 ? 1 : 0;
    const double tol = tolerance<T>(std::max(scale_of(a), scale_of(b)));
    const double tol_area = tol * (perimeter_bound(a) + perimeter_bound(b));
    const T iab = intersection_area(a, b);
    const T iba = intersection_area(b, a);
    const bool symmetric = iab == iba && iou(a, b) == iou(b, a);
    const auto fail = [&](const std::string& what) {
      ++stats.failures;
      log.report([&] {
        return name + " case " + std::to_string(i) + ": " + what + "\n  " + describe_pair(a, b) +
               "\n  intersection_area(a, b) " + num(iab) + ", (b, a) " + num(iba) + ", exactly " +
               num(exact.get_d());
      });
    };
    if (!symmetric) fail("the two argument orders give different bits");
    if (boxes && sgn(exact) == 0) {
      ++zero_boxes;
      if (!(iab == T(0)) || !(iba == T(0)) || !(iou(a, b) == T(0))) {
        ++stats.disagreements;
        fail("boxes without a common interior need an area of exactly 0");
      }
    }
    for (const T x : {iab, iba}) {
      if (!(std::abs(static_cast<double>(x) - exact.get_d()) <= tol_area)) {
        fail("intersection area off by more than tol_area");
      }
    }
    // A box of zero extent has no area: its iou with itself is 0 by definition.
    if ((area(a) > T(0) && !(iou(a, a) == T(1))) || (area(b) > T(0) && !(iou(b, b) == T(1)))) {
      fail("iou of a shape with itself is not 1");
    }
  }
  stats.print("lattice area", pair, scalar_name<T>(),
              boxes ? "exactly 0 required " + std::to_string(zero_boxes) : std::string());
  EXPECT_EQ(stats.failures, 0u) << name;
}

// ---- Extreme aspect ratios (issue 17) ----
//
// A thin box (aspect ratio up to 1e16 in double, 1e6 in float; lengths 1e-2 to 1e10 in double,
// 1e-2 to 1e5 in float) against an ordinary box or polygon (a box's corners) near it (sizes 10 to
// 300), a quarter of the box pairs against a second thin box crossing the first. Both argument
// orders must give the same bits, and the error against the exact area must stay within the bound
// area.hpp states,
//   4 eps (d + min(M_a, M_b)) min(P_a, P_b)
// with d the L1 distance between the centres (a polygon's: of its bounding box), M a box's longer
// side (a polygon's bounding box's) and P its perimeter; the
// tolerance of the tests above (64 eps times the coordinates times the perimeters) would accept
// almost anything here (for the reported case below it is 1e7 times the area).

// A box of the given sides and angle as type S (an Aabb ignores the angle).
template <class T, class S>
S extreme_box(Random& r, double cx, double cy, double w, double h) {
  if constexpr (std::is_same_v<S, Aabb<T>>) {
    const Vec2<T> lo = vec<T>(cx - 0.5 * w, cy - 0.5 * h);
    return Aabb<T>{lo, {lo.x + T(w), lo.y + T(h)}};
  } else if constexpr (std::is_same_v<S, ConvexPolygon<T>>) {
    // An ordinary box's corners as a polygon (never a thin one: its corners may round collinear).
    return make_polygon(make_obb<T>(vec<T>(cx, cy), T(w), T(h), T(r.angle())).value()).value();
  } else {
    return make_obb<T>(vec<T>(cx, cy), T(w), T(h), T(r.angle())).value();
  }
}

struct ExtremeResult {
  std::size_t cases = 0, hits = 0, failures = 0;
  double worst_ratio = 0;     // largest |error| / bound
  double worst_relative = 0;  // largest |error| / exact area, intersecting, one thin box
};

template <class T, class A, class B>
void check_extreme(const A& a, const B& b, ExtremeResult& result, FailureLog& log,
                   const std::string& name, bool one_thin) {
  ref::ExactShape ea;
  ref::ExactShape eb;
  ref::exact_into(ea, a);
  ref::exact_into(eb, b);
  const mpq_class exact = ref::exact_intersection_area(ea, eb);
  const mpq_class unite = ref::exact_core_area(ea) + ref::exact_core_area(eb) - exact;
  const double e = exact.get_d();
  const double iou_exact = sgn(unite) > 0 ? mpq_class(exact / unite).get_d() : 0.0;
  const double iab = static_cast<double>(intersection_area(a, b));
  const double iba = static_cast<double>(intersection_area(b, a));
  const double uab = static_cast<double>(iou(a, b));
  const double uba = static_cast<double>(iou(b, a));
  const double bound = extreme_bound<T>(a, b);
  ++result.cases;
  const auto fail = [&](const std::string& what) {
    ++result.failures;
    log.report([&] {
      return name + " case " + std::to_string(result.cases) + ": " + what + "\n  " +
             describe_pair(a, b) + "\n  intersection_area(a, b) " + num(iab) + ", (b, a) " +
             num(iba) + ", exactly " + num(e) + " (bound " + num(bound) + "); iou(a, b) " +
             num(uab) + ", (b, a) " + num(uba) + ", exactly " + num(iou_exact);
    });
  };
  if (!(iab == iba) || !(uab == uba)) fail("the two argument orders give different bits");
  const double error = std::abs(iab - e);
  result.worst_ratio = std::max(result.worst_ratio, error / bound);
  if (!(error <= bound)) fail("intersection area off by more than the stated bound");
  // iou: the intersection's error over the union, plus the rounding of the ratio and the areas.
  const double u = static_cast<double>(mpq_class(unite).get_d());
  const double eps = static_cast<double>(std::numeric_limits<T>::epsilon());
  if (!(std::abs(uab - iou_exact) <= (bound + 4 * eps * e) / u + 4 * eps * iou_exact)) {
    fail("iou off by more than the stated bound");
  }
  if (sgn(exact) > 0) {
    ++result.hits;
    if (one_thin) result.worst_relative = std::max(result.worst_relative, error / e);
  }
}

template <class T, class A, class B>
void run_extreme(const std::string& pair) {
  const std::string name = "extreme aspect area " + pair + " " + scalar_name<T>();
  Random r(seed_of(name));
  FailureLog log;
  ExtremeResult result;
  constexpr bool is_double = std::is_same_v<T, double>;
  const double max_aspect = is_double ? 1e16 : 1e6;
  const double max_length = is_double ? 1e10 : 1e5;
  const std::size_t n = std::max<std::size_t>(1, contact_case_count() / 5);
  for (std::size_t i = 0; i < n; ++i) {
    const double bx = r.uniform(-100, 100);
    const double by = r.uniform(-100, 100);
    const double bw = r.uniform(10, 300);
    const double bh = r.uniform(10, 300);
    const double length = r.log_uniform(1e-2, max_length);
    const double width = length / r.log_uniform(1, max_aspect);
    // The thin box's centre near the other box (its long side crosses it when it is long).
    const double ax = bx + r.uniform(-0.6, 0.6) * bw;
    const double ay = by + r.uniform(-0.6, 0.6) * bh;
    const bool tall = r.chance(0.5);
    const A a = extreme_box<T, A>(r, ax, ay, tall ? width : length, tall ? length : width);
    B b{};
    const bool two_thin = !std::is_same_v<B, ConvexPolygon<T>> && r.chance(0.25);
    if (two_thin) {
      const double length_b = r.log_uniform(10, 1000);
      const double width_b = length_b / r.log_uniform(1, max_aspect);
      b = extreme_box<T, B>(r, bx, by, tall ? length_b : width_b, tall ? width_b : length_b);
    } else {
      b = extreme_box<T, B>(r, bx, by, bw, bh);
    }
    check_extreme<T>(a, b, result, log, name, !two_thin);
  }
  char text[256];
  std::snprintf(text, sizeof text,
                "%s: %zu cases, %zu intersecting, largest error %.3f bound, largest relative "
                "error %.3g with one thin box, %zu failures\n",
                name.c_str(), result.cases, result.hits, result.worst_ratio, result.worst_relative,
                result.failures);
  std::fputs(text, stdout);
  EXPECT_EQ(result.failures, 0u) << name;
  EXPECT_GT(result.hits, result.cases / 4) << name << ": too few intersecting cases";
}

// The input reported in issue 17 (from the detection libraries' issues): exact IoU 2.2284e-9;
// before the fix iou(a, b) gave 2.316e-9 and iou(b, a) 3.269e-9.
TEST(ExtremeAspectArea, ReportedCase) {
  const Obb<double> a = make_obb<double>({135.07, 406.72}, 7.9445e-7, 1.9711e10, 1.7708).value();
  const Obb<double> b = make_obb<double>({151.008, 436.2173}, 302.0159, 313.7347, 3.1184).value();
  FailureLog log;
  ExtremeResult result;
  check_extreme<double>(a, b, result, log, "reported case", true);
  EXPECT_EQ(result.failures, 0u);
  EXPECT_LT(result.worst_relative, 1e-12);
  EXPECT_NEAR(iou(a, b), 2.228371506e-9, 1e-18);
}

#define COLLIDE2D_EXTREME_TESTS(A, B)                     \
  TEST(ExtremeAspectArea, A##_##B##_float) {              \
    run_extreme<float, A<float>, B<float>>(#A "-" #B);    \
  }                                                       \
  TEST(ExtremeAspectArea, A##_##B##_double) {             \
    run_extreme<double, A<double>, B<double>>(#A "-" #B); \
  }
COLLIDE2D_EXTREME_TESTS(Obb, Obb)
COLLIDE2D_EXTREME_TESTS(Obb, Aabb)
COLLIDE2D_EXTREME_TESTS(Aabb, Obb)
COLLIDE2D_EXTREME_TESTS(Obb, ConvexPolygon)
COLLIDE2D_EXTREME_TESTS(Aabb, ConvexPolygon)

// ---- intersection(a, b) against the exact set ----
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

// The random cases' check: every vertex of either set within tol of the other set. A distance to a
// vertex where two sides meet at a small angle counts times the sine of that angle (conditioning).
template <class T, class Fail>
void check_near(const Intersection<T>& ab, const std::vector<ref::QPoint>& exact,
                const ref::ExactShape& ea, const ref::ExactShape& eb, double tol, double& worst,
                const Fail& fail) {
  const Ld band = static_cast<Ld>(tol);
  std::vector<Vec2<Ld>> got;
  std::vector<Vec2<Ld>> want;
  for (int k = 0; k < ab.count; ++k)
    got.push_back({static_cast<Ld>(ab.vertices[k].x), static_cast<Ld>(ab.vertices[k].y)});
  for (const ref::QPoint& e : exact)
    want.push_back({static_cast<Ld>(e.x.get_d()), static_cast<Ld>(e.y.get_d())});
  if (got.empty() != want.empty()) {
    // Only where the shapes are within the band of touching: the other set is small or thin.
    const std::vector<ref::QPoint>& core_a = ea.core;
    std::vector<Vec2<Ld>> sa, sb;
    for (const ref::QPoint& e : core_a)
      sa.push_back({static_cast<Ld>(e.x.get_d()), static_cast<Ld>(e.y.get_d())});
    for (const ref::QPoint& e : eb.core)
      sb.push_back({static_cast<Ld>(e.x.get_d()), static_cast<Ld>(e.y.get_d())});
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
  const std::string name = "lattice intersection " + pair + " " + scalar_name<T>();
  Random random(seed_of(name));
  LatticeShapes<T> gen(random);
  QueryStats stats;
  FailureLog log;
  std::size_t kinds[4] = {0, 0, 0, 0};  // empty, point, segment, polygon
  constexpr bool boxes =
      !std::is_same_v<A<T>, ConvexPolygon<T>> && !std::is_same_v<B<T>, ConvexPolygon<T>>;
  double worst = 0;  // polygon pairs: largest Hausdorff distance / tol
  A<T> a{};
  B<T> b{};
  const std::size_t n = std::max<std::size_t>(1, contact_case_count() / 5);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2<T> ca = gen.point(-4, 4);
    gen.make(ca, a);
    gen.make(Vec2<T>{ca.x + T(random.integer(-4, 4)), ca.y + T(random.integer(-4, 4))}, b);
    if (random.chance(0.1)) (void)same_set<T>(a, b);
    if (random.chance(0.3)) (void)beside<T>(random, a, b);
    const ref::ExactShape ea = exact_of(a);
    const ref::ExactShape eb = exact_of(b);
    if (ea.core.size() < 3 || eb.core.size() < 3) continue;  // a box of zero extent
    ++stats.cases;
    const std::vector<ref::QPoint> exact = exact_intersection_set(ea, eb);
    const double tol = tolerance<T>(std::max(scale_of(a), scale_of(b)));
    const Intersection<T> ab = intersection(a, b);
    const Intersection<T> ba = intersection(b, a);
    ++kinds[std::min<std::size_t>(3, exact.size())];
    stats.hits += exact.empty() ? 0 : 1;
    const auto fail = [&](const std::string& what) {
      ++stats.failures;
      log.report([&] {
        return name + " case " + std::to_string(i) + ": " + what + "\n  " + describe_pair(a, b) +
               "\n  intersection(a, b) " + describe(ab) + "\n  intersection(b, a) " + describe(ba) +
               "\n  exactly " + describe(exact);
      });
    };
    if (!same_bits(ab, ba)) fail("the two argument orders give different vertices");
    if constexpr (!boxes) {
      // A polygon's edge crosses the other shape at rational points that are not lattice points
      // in general: those vertices round once, as in the random cases.
      check_near(ab, exact, ea, eb, tol, worst, fail);
      continue;
    }
    if (ab.count != static_cast<int>(exact.size())) {
      fail("vertex count differs from the exact set's");
      continue;
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
  }
  char text[160];
  std::snprintf(text, sizeof text, "empty %zu, point %zu, segment %zu, polygon %zu%s", kinds[0],
                kinds[1], kinds[2], kinds[3],
                boxes ? ", every vertex exact" : ", within tol of the exact set");
  (void)worst;
  stats.print("lattice intersection", pair, scalar_name<T>(), text);
  EXPECT_EQ(stats.failures, 0u) << name;
  EXPECT_GT(kinds[2], 0u) << name << ": no touching case along an edge";
  EXPECT_GT(kinds[3], stats.cases / 4) << name;
}

template <class T, template <class> class A, template <class> class B>
void run_intersection_random(const std::string& pair) {
  const std::string name = "intersection " + pair + " " + scalar_name<T>();
  Random random(seed_of(name));
  RandomShapes<T> gen(random);
  QueryStats stats;
  FailureLog log;
  double worst = 0;  // largest Hausdorff distance / tol
  A<T> a{};
  B<T> b{};
  const std::size_t n = std::max<std::size_t>(1, contact_case_count() / 5);
  for (std::size_t i = 0; i < n; ++i) {
    random_case<T, A, B>(gen, a, b);
    const ref::ExactShape ea = exact_of(a);
    const ref::ExactShape eb = exact_of(b);
    if (ea.core.size() < 3 || eb.core.size() < 3) continue;
    ++stats.cases;
    const double tol = tolerance<T>(std::max(scale_of(a), scale_of(b)));
    const std::vector<ref::QPoint> exact = exact_intersection_set(ea, eb);
    const Intersection<T> ab = intersection(a, b);
    const Intersection<T> ba = intersection(b, a);
    stats.hits += exact.size() >= 3 ? 1 : 0;
    const auto fail = [&](const std::string& what) {
      ++stats.failures;
      log.report([&] {
        return name + " case " + std::to_string(i) + ": " + what + "\n  " + describe_pair(a, b) +
               "\n  intersection(a, b) " + describe(ab) + "\n  intersection(b, a) " + describe(ba) +
               "\n  exactly " + describe(exact) + " (tol " + num(tol) + ")";
      });
    };
    if (!same_bits(ab, ba)) fail("the two argument orders give different vertices");
    check_near(ab, exact, ea, eb, tol, worst, fail);
  }
  char text[64];
  std::snprintf(text, sizeof text, "largest Hausdorff distance %.3f tol", worst);
  stats.print("intersection", pair, scalar_name<T>(), text);
  EXPECT_EQ(stats.failures, 0u) << name;
  EXPECT_GT(stats.hits, stats.cases / 4) << name;
}

#define COLLIDE2D_INTERSECTION_TESTS(A, B)             \
  TEST(IntersectionLattice, A##_##B##_float) {         \
    run_intersection_lattice<float, A, B>(#A "-" #B);  \
  }                                                    \
  TEST(IntersectionLattice, A##_##B##_double) {        \
    run_intersection_lattice<double, A, B>(#A "-" #B); \
  }                                                    \
  TEST(IntersectionRandom, A##_##B##_float) {          \
    run_intersection_random<float, A, B>(#A "-" #B);   \
  }                                                    \
  TEST(IntersectionRandom, A##_##B##_double) {         \
    run_intersection_random<double, A, B>(#A "-" #B);  \
  }
COLLIDE2D_INTERSECTION_TESTS(Aabb, Aabb)
COLLIDE2D_INTERSECTION_TESTS(Aabb, Obb)
COLLIDE2D_INTERSECTION_TESTS(Aabb, ConvexPolygon)
COLLIDE2D_INTERSECTION_TESTS(Obb, Obb)
COLLIDE2D_INTERSECTION_TESTS(Obb, ConvexPolygon)
COLLIDE2D_INTERSECTION_TESTS(ConvexPolygon, ConvexPolygon)

#define COLLIDE2D_AREA_TESTS(A, B)       \
  TEST(RandomArea, A##_##B##_float) {    \
    run_random<float, A, B>(#A "-" #B);  \
  }                                      \
  TEST(RandomArea, A##_##B##_double) {   \
    run_random<double, A, B>(#A "-" #B); \
  }
#define COLLIDE2D_LATTICE_AREA_TESTS(A, B) \
  TEST(LatticeArea, A##_##B##_float) {     \
    run_lattice<float, A, B>(#A "-" #B);   \
  }                                        \
  TEST(LatticeArea, A##_##B##_double) {    \
    run_lattice<double, A, B>(#A "-" #B);  \
  }
COLLIDE2D_AREA_TESTS(Circle, Circle)
COLLIDE2D_AREA_TESTS(Circle, Aabb)
COLLIDE2D_AREA_TESTS(Circle, Obb)
COLLIDE2D_AREA_TESTS(Circle, ConvexPolygon)
COLLIDE2D_AREA_TESTS(Aabb, Aabb)
COLLIDE2D_AREA_TESTS(Aabb, Obb)
COLLIDE2D_AREA_TESTS(Aabb, ConvexPolygon)
COLLIDE2D_AREA_TESTS(Obb, Obb)
COLLIDE2D_AREA_TESTS(Obb, ConvexPolygon)
COLLIDE2D_AREA_TESTS(ConvexPolygon, ConvexPolygon)
COLLIDE2D_LATTICE_AREA_TESTS(Aabb, Aabb)
COLLIDE2D_LATTICE_AREA_TESTS(Aabb, Obb)
COLLIDE2D_LATTICE_AREA_TESTS(Aabb, ConvexPolygon)
COLLIDE2D_LATTICE_AREA_TESTS(Obb, Obb)
COLLIDE2D_LATTICE_AREA_TESTS(Obb, ConvexPolygon)
COLLIDE2D_LATTICE_AREA_TESTS(ConvexPolygon, ConvexPolygon)

}  // namespace
}  // namespace collide2d::property
