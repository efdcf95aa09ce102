// Property tests of intersection_area, iou and overlaps_interior for a RoundedPolygon against
// Circle, Aabb, Obb, ConvexPolygon and RoundedPolygon, and for a Capsule against those and Capsule
// (rounded.hpp, area.hpp, interior.hpp), both argument orders, float and double.
//
// Reference, independent of the library's decomposition into pieces: a rigorous bracket. Each
// shape with a radius r is replaced by the hull of its core's vertices each swept by a regular
// k-gon (k = 32), once inscribed in the disc (vertices at r (1 - 2^-30) along a double-rounded unit
// vector: inside the disc, so the polygon lies inside the shape) and once circumscribed (vertices
// at r (1 + 2^-30) / cos(pi / k): its sides lie outside the disc, so the polygon holds the shape),
// all in exact rationals; a shape of radius 0 is its own polygon. Then exactly (GMP clipping,
// exact_geometry.hpp) area(inner_a ∩ inner_b) <= the true area <= area(outer_a ∩ outer_b), and the
// library's answer must lie in that bracket widened by area.hpp's bound
//   2 eps(T) L (P_a + P_b),  L the longer side of the bounding box of both shapes, P a shape's
//   bounding box's perimeter.
// The bracket is about 0.5% of the radius band's area wide: it catches a missing or doubled piece,
// not rounding; rounding is checked by the float answers against the double answers on the same
// inputs (within the bound for float; the worst ratio is printed) and by the hand cases below,
// whose closed forms hold to a few ulps.
//
//   RoundedAreaRandom   rounded_case (rounded_support.hpp): random sites (15% far from the
//                       origin), 30% moved to where overlaps() flips, 20% with a radius 1e-5
//                       times smaller and 10% 1e3 times larger. Both orders bit-equal
//                       (intersection_area, iou, overlaps_interior); the bracket; iou in [0, 1],
//                       iou(a, a) == 1; radius 0 gives the ConvexPolygon core's answer to the bit;
//                       overlaps_interior equals the exact overlap on clear-cut cases, is false
//                       when the area is 0 and true when the inner bracket exceeds the bound.
//   RoundedAreaLattice  integer cores, half-integer radii, lattice partners: overlaps_interior is
//                       exactly dist(cores) < r_a + r_b (rationals), an area of 0 exactly where
//                       interiors do not meet, and the bracket.
//   CapsuleAreaRandom, CapsuleAreaLattice  the same with a capsule first (random capsules of the
//                       generators, lattice capsules); radius 0 gives area 0.
//   CapsuleAreaCases    on paper: a capsule cut by a box, a circle on its cap and on its edge,
//                       crossing and side-by-side capsules (4 + the lens), inside a rounded box,
//                       touching (0 exactly).
//   RoundedAreaCases    hand cases on paper: lens 2 pi / 3 - sqrt 3 / 2, a rounded square of side
//                       2 radius 1 (4 + 8 + pi), offset edges and tangent arcs touching (0
//                       exactly), tiny and huge radii.
// Cases per pair and scalar: rounded_case_count() / 20 random (50 in ctest's release build, 12
// under the sanitizers; the GMP bracket costs 1 to 2 ms a case), as many lattice cases. Checked
// once with COLLIDE2D_CONTACT_PROPERTY_CASES=1000000 (5000 a test, 100,000 cases in all).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

// First: the RoundedPolygon's exact_into (rounded_support.hpp) before the shared checks.
#include "rounded_support.hpp"

#include "exact_geometry.hpp"
#include "property_runner.hpp"

namespace collide2d::property {
namespace {

using reference::ExactShape;
using reference::QPoint;

constexpr int arc_steps = 32;

// Whether angle t lies within `margin` of the counter-clockwise arc from angle a to angle b.
bool near_arc(double t, double a, double b, double margin) {
  const double turn = 2 * 3.14159265358979323846;
  const double span = std::remainder(b - a, turn) < 0 ? std::remainder(b - a, turn) + turn
                                                      : std::remainder(b - a, turn);
  double from_a = std::remainder(t - a, turn);
  if (from_a < -margin) from_a += turn;
  return from_a <= span + margin;
}

// The inscribed (outer = false) or circumscribed polygon of a shape with a radius (see above):
// the exact hull of the core's vertices each swept by the k-gon. Only the k-gon's vertices near a
// core vertex's arc of outward normals (within 1.5 steps, far more than any rounding of the
// angles) can be on the hull, so the others are left out before the exact hull, which is then the
// same polygon, found faster.
ExactShape bracket_polygon(const ExactShape& s, bool outer) {
  if (s.radius == 0) return s;
  const mpq_class delta(1, 1 << 30);
  const double pi_d = 3.14159265358979323846;
  const mpq_class reach =
      outer ? mpq_class(s.radius * (1 + delta) / mpq_class(std::cos(pi_d / arc_steps)))
            : mpq_class(s.radius * (1 - delta));
  const std::size_t n = s.core.size();
  // The outward normal of edge i (from vertex i to the next), as an angle; the cores are
  // counter-clockwise, as exact_into makes them.
  const auto normal_angle = [&](std::size_t i) {
    const QPoint& p = s.core[i];
    const QPoint& q = s.core[(i + 1) % n];
    return std::atan2(mpq_class(p.x - q.x).get_d(), mpq_class(q.y - p.y).get_d());
  };
  std::vector<QPoint> points;
  for (std::size_t i = 0; i < n; ++i) {
    const QPoint& v = s.core[i];
    const double before = n >= 2 ? normal_angle((i + n - 1) % n) : 0;
    const double after = n >= 2 ? normal_angle(i) : 2 * pi_d;
    for (int j = 0; j < arc_steps; ++j) {
      const double t = 2 * pi_d * j / arc_steps;
      if (n >= 3 && !near_arc(t, before, after, 3 * pi_d / arc_steps)) continue;
      const mpq_class ux(std::cos(t));
      const mpq_class uy(std::sin(t));
      points.push_back({v.x + reach * ux, v.y + reach * uy});
    }
  }
  std::vector<QPoint> hull;
  reference::convex_hull_into(hull, points);
  return reference::make_exact_shape(hull, 0);
}

struct Bracket {
  double lo;
  double hi;
};

template <class A, class B>
Bracket bracket(const A& a, const B& b) {
  const ExactShape ea = reference::exact(a);
  const ExactShape eb = reference::exact(b);
  return {reference::exact_intersection_area(bracket_polygon(ea, false), bracket_polygon(eb, false))
              .get_d(),
          reference::exact_intersection_area(bracket_polygon(ea, true), bracket_polygon(eb, true))
              .get_d()};
}

template <class T>
double perimeter_of_box(const Aabb<T>& box) {
  return 2 * (double(box.max.x) - double(box.min.x) + double(box.max.y) - double(box.min.y));
}

// area.hpp's bound for pairs with a rounded polygon: 2 eps(T) L (P_a + P_b).
template <class T, class A, class B>
double area_bound(const A& a, const B& b) {
  const auto ba = bounding_box(a);
  const auto bb = bounding_box(b);
  const double w =
      std::max(double(ba.max.x), double(bb.max.x)) - std::min(double(ba.min.x), double(bb.min.x));
  const double h =
      std::max(double(ba.max.y), double(bb.max.y)) - std::min(double(ba.min.y), double(bb.min.y));
  const double eps = static_cast<double>(std::numeric_limits<T>::epsilon());
  return 2 * eps * std::max(w, h) * (perimeter_of_box(ba) + perimeter_of_box(bb));
}

// The same shape in double (every float is a double; a polygon's normals are recomputed).
inline double wide(float v) {
  return static_cast<double>(v);
}
inline Vec2<double> wide(Vec2<float> v) {
  return {wide(v.x), wide(v.y)};
}
template <class S>
auto in_double(const S& s) {
  if constexpr (std::is_same_v<S, Circle<float>>) {
    return Circle<double>{wide(s.center), wide(s.radius)};
  } else if constexpr (std::is_same_v<S, Capsule<float>>) {
    return Capsule<double>{wide(s.a), wide(s.b), wide(s.radius)};
  } else if constexpr (std::is_same_v<S, Aabb<float>>) {
    return Aabb<double>{wide(s.min), wide(s.max)};
  } else if constexpr (std::is_same_v<S, Obb<float>>) {
    return Obb<double>{
        wide(s.center), wide(s.half_extents), {wide(s.rotation.c), wide(s.rotation.s)}};
  } else if constexpr (std::is_same_v<S, ConvexPolygon<float>>) {
    std::vector<Vec2<double>> v;
    for (int i = 0; i < s.count; ++i)
      v.push_back(wide(s.vertices[i]));
    return make_polygon(v).value();
  } else {
    return RoundedPolygon<double>{in_double(s.core), wide(s.radius)};
  }
}

// The worst |float - double| over the bound, printed per pair.
struct WorstArea {
  double ratio = 0;
};

// A's answers with its radius set to 0: a rounded polygon's are its core's, a capsule's (a
// segment) are 0.
template <class T, class B>
bool answers_as_bare(const RoundedPolygon<T>& a, const B& b) {
  const RoundedPolygon<T> bare{a.core, T(0)};
  return intersection_area(bare, b) == intersection_area(a.core, b) &&
         intersection_area(b, bare) == intersection_area(b, a.core) &&
         overlaps_interior(bare, b) == overlaps_interior(a.core, b);
}
template <class T, class B>
bool answers_as_bare(const Capsule<T>& a, const B& b) {
  const Capsule<T> bare{a.a, a.b, T(0)};
  return intersection_area(bare, b) == T(0) && intersection_area(b, bare) == T(0) &&
         iou(bare, b) == T(0);
}

template <class T, class A, class B>
void check_pair(PropertyRun<T>& run, std::size_t i, const A& a, const B& b, WorstArea& worst) {
  const auto details = [&] { return describe_pair(a, b); };
  const T ab = intersection_area(a, b);
  const T ba = intersection_area(b, a);
  if (!(ab == ba) || !(iou(a, b) == iou(b, a)))
    run.fail(i, "the two orders differ: " + num(ab) + " " + num(ba), details);
  const bool inside = overlaps_interior(a, b);
  if (inside != overlaps_interior(b, a)) run.fail(i, "overlaps_interior asymmetric", details);
  // (Radius 0 is the core's pair, whose circle case has no such rule: a sliver below the band.)
  if (a.radius > T(0) && !inside && ab != T(0))
    run.fail(i, "area without interiors meeting: " + num(ab), details);
  const T u = iou(a, b);
  if (!(u >= T(0) && u <= T(1))) run.fail(i, "iou outside [0, 1]: " + num(u), details);
  if ((area(a) > T(0) && iou(a, a) != T(1)) || (area(b) > T(0) && iou(b, b) != T(1)))
    run.fail(i, "iou(s, s) != 1", details);
  if (!answers_as_bare(a, b)) run.fail(i, "radius 0 answers unlike the bare core", details);
  const double bound = area_bound<T>(a, b);
  const Bracket br = bracket(a, b);
  if (!(double(ab) >= br.lo - bound && double(ab) <= br.hi + bound)) {
    run.fail(i,
             "area " + num(ab) + " outside the bracket [" + num(br.lo) + ", " + num(br.hi) +
                 "] widened by " + num(bound),
             details);
  }
  if (br.lo > bound && !inside) run.fail(i, "area but overlaps_interior false", details);
  if constexpr (std::is_same_v<T, float>) {
    const double reference = intersection_area(in_double(a), in_double(b));
    const double error = std::abs(double(ab) - reference);
    if (bound > 0) worst.ratio = std::max(worst.ratio, error / bound);
    if (error > bound) {
      run.fail(i, "float " + num(ab) + " off the double answer " + num(reference), details);
    }
  }
}

// One random pair: A (a rounded polygon or a capsule) and B around a site, as rounded_case.
template <class T, class A, class B>
void swept_case(RandomShapes<T>& gen, A& a, B& b, bool near) {
  if constexpr (std::is_same_v<A, RoundedPolygon<T>>) {
    rounded_case(gen, a, b, near);
  } else {
    const Site<T> site = gen.site();
    const double sa = gen.size(site);
    const double sb = gen.size(site);
    gen.make(site.center, sa, a);
    make_any(gen, gen.around(site.center, 1.1 * (sa + sb)), sb, b);
    if (near) move_to_contact(a, b, gen.random());
  }
}

template <class T, class A, class B>
void run_random(const std::string& pair) {
  PropertyRun<T> run("rounded intersection_area", pair);
  RandomShapes<T> gen(run.random());
  A a{};
  B b{};
  ExactBand<T> band;
  WorstArea worst;
  const std::size_t n = std::max<std::size_t>(1, rounded_case_count() / 20);
  for (std::size_t i = 0; i < n; ++i) {
    swept_case(gen, a, b, run.random().chance(0.3));
    // One case in 5 with a tiny radius (1e-5 of the drawn one) and one in 10 with a huge one.
    const double pick = run.random().uniform(0, 1);
    if (pick < 0.2) a.radius *= T(1e-5);
    if (pick > 0.9) a.radius *= T(1e3);
    band.classify(a, b, run.stats);
    if (!run.agrees(overlaps_interior(a, b), band.expected, band.clear)) {
      run.fail(i, "overlaps_interior unlike the exact overlap",
               [&] { return describe_pair(a, b); });
    }
    check_pair(run, i, a, b, worst);
  }
  // The 30% to 70% hit rate is checked from 40 cases up (not on the sanitizers' 12).
  run.finish("worst float error / bound " + num(worst.ratio), n >= 40);
}

// Exactly dist(cores) < r_a + r_b, for r_a + r_b > 0 (radius 0 is the core's pair, checked to
// answer as the core does).
bool exact_interiors_meet(const ExactShape& a, const ExactShape& b) {
  const mpq_class r = a.radius + b.radius;
  return reference::core_distance_squared(a, b) < r * r;
}

template <class T, class A, class B>
void run_lattice(const std::string& pair) {
  PropertyRun<T> run("rounded area lattice", pair);
  Random& random = run.random();
  LatticeShapes<T> gen(random);
  A a{};
  B b{};
  WorstArea worst;
  const std::size_t n = std::max<std::size_t>(1, rounded_case_count() / 20);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2<T> ca = gen.point(-5, 5);
    const Vec2<T> cb{ca.x + T(random.integer(-5, 5)), ca.y + T(random.integer(-5, 5))};
    make_any(gen, ca, a);
    make_any(gen, cb, b);
    const reference::ExactShape ea = reference::exact(a);
    const reference::ExactShape eb = reference::exact(b);
    const bool rounded = ea.radius + eb.radius > 0;
    const bool expected = rounded && exact_interiors_meet(ea, eb);
    ++run.stats.cases;
    run.stats.hits += expected ? 1 : 0;
    if (rounded && overlaps_interior(a, b) != expected) {
      ++run.stats.disagreements;
      run.fail(i, "overlaps_interior not exact", [&] { return describe_pair(a, b); });
    }
    check_pair(run, i, a, b, worst);
  }
  run.finish("worst float error / bound " + num(worst.ratio), false);
}

#define COLLIDE2D_SWEPT_AREA_TESTS(Suite, A, B)               \
  TEST(Suite##Random, B##_float) {                            \
    run_random<float, A<float>, B<float>>(#A " and " #B);     \
  }                                                           \
  TEST(Suite##Random, B##_double) {                           \
    run_random<double, A<double>, B<double>>(#A " and " #B);  \
  }                                                           \
  TEST(Suite##Lattice, B##_float) {                           \
    run_lattice<float, A<float>, B<float>>(#A " and " #B);    \
  }                                                           \
  TEST(Suite##Lattice, B##_double) {                          \
    run_lattice<double, A<double>, B<double>>(#A " and " #B); \
  }
#define COLLIDE2D_ROUNDED_AREA_TESTS(B) COLLIDE2D_SWEPT_AREA_TESTS(RoundedArea, RoundedPolygon, B)
#define COLLIDE2D_CAPSULE_AREA_TESTS(B) COLLIDE2D_SWEPT_AREA_TESTS(CapsuleArea, Capsule, B)
COLLIDE2D_ROUNDED_AREA_TESTS(Circle)
COLLIDE2D_ROUNDED_AREA_TESTS(Aabb)
COLLIDE2D_ROUNDED_AREA_TESTS(Obb)
COLLIDE2D_ROUNDED_AREA_TESTS(ConvexPolygon)
COLLIDE2D_ROUNDED_AREA_TESTS(RoundedPolygon)
COLLIDE2D_CAPSULE_AREA_TESTS(Circle)
COLLIDE2D_CAPSULE_AREA_TESTS(Capsule)
COLLIDE2D_CAPSULE_AREA_TESTS(Aabb)
COLLIDE2D_CAPSULE_AREA_TESTS(Obb)
COLLIDE2D_CAPSULE_AREA_TESTS(ConvexPolygon)
COLLIDE2D_CAPSULE_AREA_TESTS(RoundedPolygon)

// ---- Hand cases ----

template <class T>
RoundedPolygon<T> rounded_box(T x0, T y0, T x1, T y1, T r) {
  return make_rounded_polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, r).value();
}

// Within 16 eps of the value's magnitude (the shapes here are of size about 1 to 10).
template <class T>
void expect_near_value(T got, long double want, long double scale, const char* what) {
  const long double eps = static_cast<long double>(std::numeric_limits<T>::epsilon());
  const long double error = std::fabs(static_cast<long double>(got) - want);
  EXPECT_LE(error, 16 * eps * scale) << what << ": " << num(got) << " error " << num(double(error));
}

template <class T>
void run_hand_cases() {
  const long double pi_l = 3.141592653589793238462643383279502884L;
  const long double lens = 2 * pi_l / 3 - std::sqrt(3.0L) / 2;  // unit discs 1 apart
  const RoundedPolygon<T> square = rounded_box<T>(-1, -1, 1, 1, 1);
  // Side 2 radius 1 against itself: 4 + 8 + pi, iou 1.
  EXPECT_EQ(intersection_area(square, square), area(square));
  expect_near_value(intersection_area(square, square), 12 + pi_l, 16, "square with itself");
  EXPECT_EQ(iou(square, square), T(1));
  // A copy moved by 3: the strip 1 x 2 between the offset edges and two half lenses.
  const RoundedPolygon<T> moved = rounded_box<T>(2, -1, 4, 1, 1);
  expect_near_value(intersection_area(square, moved), 2 + lens, 16, "moved square");
  EXPECT_EQ(intersection_area(square, moved), intersection_area(moved, square));
  // A unit circle at (2, 2) against the corner's sector: unit discs sqrt 2 apart, pi / 2 - 1.
  const Circle<T> circle{{2, 2}, 1};
  expect_near_value(intersection_area(square, circle), pi_l / 2 - 1, 16, "circle at the corner");
  // Half of the square (by symmetry) and all of it, by boxes.
  expect_near_value(intersection_area(square, Aabb<T>{{0, -20}, {20, 20}}), (12 + pi_l) / 2, 16,
                    "half by an Aabb");
  expect_near_value(intersection_area(Obb<T>{{0, 0}, {10, 10}, Rot<T>::from_angle(T(0.3))}, square),
                    12 + pi_l, 16, "inside an Obb");
  // Touching: along the offset edge x = 2 (a box, a rounded box) and at tangent arcs (corner
  // discs of radii 2 and 3 with centres (2, 2) and (5, 6), 5 apart): area 0, interiors apart.
  const Aabb<T> beside{{2, -1}, {5, 1}};
  const RoundedPolygon<T> edge_to_edge = rounded_box<T>(3, -1, 5, 1, 1);
  const RoundedPolygon<T> big = rounded_box<T>(0, 0, 2, 2, 2);
  const RoundedPolygon<T> tangent = rounded_box<T>(5, 6, 7, 8, 3);
  EXPECT_EQ(intersection_area(square, beside), T(0));
  EXPECT_EQ(intersection_area(square, edge_to_edge), T(0));
  EXPECT_EQ(intersection_area(tangent, big), T(0));
  EXPECT_FALSE(overlaps_interior(square, beside));
  EXPECT_FALSE(overlaps_interior(edge_to_edge, square));
  EXPECT_FALSE(overlaps_interior(big, tangent));
  EXPECT_TRUE(overlaps(square, beside));
  EXPECT_TRUE(overlaps(square, edge_to_edge));
  EXPECT_TRUE(overlaps(big, tangent));
  EXPECT_TRUE(overlaps_interior(square, Aabb<T>{{T(1.75), -1}, {5, 1}}));
  // Tiny radius: the unit square's right half with its thin bands and two quarter discs.
  const T small = T(1) / T(1 << 20);
  const RoundedPolygon<T> thin = rounded_box<T>(0, 0, 1, 1, small);
  const long double s = static_cast<long double>(small);
  expect_near_value(intersection_area(thin, Aabb<T>{{T(0.5), -1}, {2, 2}}),
                    0.5L + 2 * s + pi_l * s * s / 2, 2, "tiny radius");
  // Huge radius: a circle of radius 10 well inside.
  const RoundedPolygon<T> huge = rounded_box<T>(0, 0, 1, 1, T(1e6));
  expect_near_value(intersection_area(Circle<T>{{T(-300), T(400)}, 10}, huge), 100 * pi_l, 1000,
                    "huge radius");
}

// Capsules, on paper: (0, 0)-(2, 0) of radius 1, area 4 + pi.
template <class T>
void run_capsule_cases() {
  const long double pi_l = 3.141592653589793238462643383279502884L;
  const long double lens = 2 * pi_l / 3 - std::sqrt(3.0L) / 2;  // unit discs 1 apart
  const Capsule<T> pill{{0, 0}, {2, 0}, 1};
  EXPECT_EQ(intersection_area(pill, pill), area(pill));
  EXPECT_EQ(iou(pill, pill), T(1));
  expect_near_value(area(pill), 4 + pi_l, 8, "capsule area");
  // Cut at x = 1: the rectangle's right half and one half disc.
  expect_near_value(intersection_area(pill, Aabb<T>{{1, -5}, {10, 5}}), 2 + pi_l / 2, 8,
                    "cut by an Aabb");
  // A unit circle on an end cap lies inside: pi. Centred on the rectangle's edge: half of it.
  expect_near_value(intersection_area(Circle<T>{{2, 0}, 1}, pill), pi_l, 8, "circle on the cap");
  expect_near_value(intersection_area(pill, Circle<T>{{1, -1}, T(0.5)}), pi_l / 8, 8,
                    "circle on the edge");
  // Crossing square on: the 2 x 2 square. Side by side 1 apart: the strip 4 x 1 between the
  // rectangles and two half lenses at the ends.
  expect_near_value(intersection_area(pill, Capsule<T>{{1, -5}, {1, 5}, 1}), 4, 8, "crossing");
  const Capsule<T> long_pill{{0, 0}, {4, 0}, 1};
  expect_near_value(intersection_area(long_pill, Capsule<T>{{0, 1}, {4, 1}, 1}), 4 + lens, 8,
                    "side by side");
  // Inside a rounded box whose core [0, 2] x [-1/4, 1/4] holds the capsule's segment, radius 1:
  // the capsule.
  const RoundedPolygon<T> slab = make_rounded_box<T>({1, 0}, T(2), T(0.5), T(0), T(1)).value();
  expect_near_value(intersection_area(slab, pill), 4 + pi_l, 8, "inside a rounded box");
  EXPECT_EQ(intersection_area(slab, pill), intersection_area(pill, slab));
  // Touching (centre lines 3 apart, radii 1 and 2) and apart: 0 exactly; radius 0: no area.
  EXPECT_EQ(intersection_area(pill, Capsule<T>{{0, 3}, {2, 3}, 2}), T(0));
  EXPECT_EQ(intersection_area(pill, Aabb<T>{{3, -1}, {5, 1}}), T(0));
  EXPECT_FALSE(overlaps_interior(pill, Aabb<T>{{3, -1}, {5, 1}}));
  EXPECT_EQ(intersection_area(Capsule<T>{{0, 0}, {2, 0}, 0}, Aabb<T>{{0, -1}, {2, 1}}), T(0));
  // Through the Shape variant, as the Scene and the bindings call it.
  EXPECT_EQ(intersection_area(Shape<T>{pill}, Shape<T>{Aabb<T>{{1, -5}, {10, 5}}}),
            intersection_area(pill, Aabb<T>{{1, -5}, {10, 5}}));
}

TEST(CapsuleAreaCases, Float) {
  run_capsule_cases<float>();
}
TEST(CapsuleAreaCases, Double) {
  run_capsule_cases<double>();
}

TEST(RoundedAreaCases, Float) {
  run_hand_cases<float>();
}
TEST(RoundedAreaCases, Double) {
  run_hand_cases<double>();
}

}  // namespace
}  // namespace collide2d::property
