// Property tests of contains(a, b) and contains_strictly(a, b) (containment.hpp) for every A with
// an area (Circle, Capsule, Aabb, Obb, ConvexPolygon) and every B, float and double.
//
// The judge is reference::classify_containment (exact_geometry.hpp), written from the definition:
// B's core vertices with B's radius inside A, exactly (signed edge distances of a polygon A
// compared by squares, squared distances to a round A's core), giving the margin m by which B lies
// inside A.
//
// RandomContainment: cases per pair and type, in the band tol = 64 eps(T) S (S =
//   max(scale_of(a), scale_of(b))):
//     deep       B small, well inside A                                         30%
//     touching   B slid from A's centre outwards to where contains() flips,
//                kept just inside or just outside at random                    20%
//     identical  B the same set as A (a copy, or A as another shape type)        5%
//     larger     B bigger than A, around A's centre                             10%
//     random     B of A's size or smaller, near A                               35%
//   15% of them far from the origin. On clear-cut cases (|m| > tol) contains and contains_strictly
//   must both equal m > 0; everywhere contains_strictly implies contains, and the Shape variant
//   overloads give the typed answers.
// LatticeContainment: integer and half-integer shapes with quarter turns (LatticeShapes), where
//   touching from inside is common. Where the answers must be exact (B of radius 0, as
//   containment.hpp promises: "With r_B = 0 the tests ... are exact on integer coordinates"; and a
//   round B in a circle or a box, where the tests compare squared distances or distances to
//   axis-aligned edges of exact length): contains == (m >= 0), contains_strictly == (m > 0), so B
//   touching A's boundary from inside is contained, not strictly. A round B in a capsule or a
//   lattice polygon (projections on a slanted core or edge lengths that are square roots) is
//   judged with the band.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "contact_support.hpp"

namespace collide2d::property {
namespace {

namespace ref = collide2d::reference;

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
  } else if constexpr (std::is_same_v<A, Circle<T>> && std::is_same_v<B, Capsule<T>>) {
    b = {a.center, a.center, a.radius};
    return true;
  } else {
    return false;
  }
}

template <class T, template <class> class A, template <class> class B>
void random_case(RandomShapes<T>& gen, A<T>& a, B<T>& b) {
  Random& r = gen.random();
  const Site<T> site = gen.site();
  const double sa = gen.size(site);
  const double zero = std::is_same_v<B<T>, Point<T>> ? 0.0 : 1.0;
  gen.make(site.center, sa, a);
  // The centre to place B around: a polygon's vertex average (a random hull can be thin, and its
  // bounding box's centre near its boundary), with smaller deep shapes.
  Vec2<double> c = center_of(a);
  double deep = 1.0;
  if constexpr (std::is_same_v<A<T>, ConvexPolygon<T>>) {
    c = {0, 0};
    for (int k = 0; k < a.count; ++k) {
      c.x += static_cast<double>(a.vertices[k].x) / a.count;
      c.y += static_cast<double>(a.vertices[k].y) / a.count;
    }
    deep = 0.5;
  }
  const Vec2<T> centre = vec<T>(c.x, c.y);
  const double u = r.unit();
  if (u < 0.3) {
    gen.make(gen.around(centre, deep * 0.3 * sa), zero * deep * sa * r.uniform(0.05, 0.3), b);
  } else if (u < 0.5) {
    // Touching: B slid out along a random direction to where contains() flips.
    const double sb = zero * sa * r.uniform(0.1, 0.5);
    gen.make(centre, sb, b);
    const double angle = r.angle();
    const double ux = std::cos(angle);
    const double uy = std::sin(angle);
    double t_in = 0;
    double t_out = 4 * sa + 1;
    B<T> moved{};
    B<T> inside = b;
    B<T> outside{};
    if (!contains(a, b) || !translated(b, t_out * ux, t_out * uy, outside) ||
        contains(a, outside)) {
      return;  // no flip bracketed: keep b at the centre
    }
    for (int i = 0; i < 80; ++i) {
      const double t = 0.5 * (t_in + t_out);
      if (t == t_in || t == t_out) break;
      if (!translated(b, t * ux, t * uy, moved)) break;
      if (contains(a, moved)) {
        t_in = t;
        inside = moved;
      } else {
        t_out = t;
        outside = moved;
      }
    }
    b = r.chance(0.5) ? inside : outside;
  } else if (u < 0.55) {
    if (!same_set<T>(a, b)) gen.make(centre, zero * sa * r.uniform(0.05, 0.3), b);
  } else if (u < 0.65) {
    if constexpr (std::is_same_v<B<T>, Point<T>>) {  // a point cannot be larger: well outside
      const double angle = r.angle();
      b = shifted(centre, 3 * sa * std::cos(angle), 3 * sa * std::sin(angle));
    } else {
      gen.make(gen.around(centre, 0.2 * sa), sa * r.uniform(1.2, 3.0), b);
    }
  } else {
    gen.make(gen.around(centre, 1.5 * sa), zero * sa * r.uniform(0.2, 1.0), b);
  }
}

template <class T, template <class> class A, template <class> class B>
void run_random(const std::string& pair) {
  const std::string name = "contains " + pair + " " + scalar_name<T>();
  Random random(seed_of(name));
  RandomShapes<T> gen(random);
  QueryStats stats;
  FailureLog log;
  std::size_t strict_band = 0;
  A<T> a{};
  B<T> b{};
  ref::ExactShape ea;
  ref::ExactShape eb;
  mpq_class tol;
  const std::size_t n = contact_case_count();
  for (std::size_t i = 0; i < n; ++i) {
    random_case<T, A, B>(gen, a, b);
    ref::set_q(tol, tolerance<T>(std::max(scale_of(a), scale_of(b))));
    ref::exact_into(ea, a);
    ref::exact_into(eb, b);
    const ref::Containment c = ref::classify_containment(ea, eb, tol);
    const bool inside = ref::contained(c);
    const bool clear = ref::is_clear_cut(c);
    const bool lib = contains(a, b);
    const bool lib_strict = contains_strictly(a, b);
    ++stats.cases;
    stats.hits += inside ? 1 : 0;
    stats.in_band += clear ? 0 : 1;
    const auto fail = [&](const std::string& what) {
      ++stats.failures;
      log.report([&] {
        return name + " case " + std::to_string(i) + ": " + what + "\n  " + describe_pair(a, b) +
               "\n  contains " + std::to_string(lib) + ", contains_strictly " +
               std::to_string(lib_strict) + ", exactly " + ref::to_string(c) + " (tol " +
               num(tol.get_d()) + ")";
      });
    };
    if (clear) {
      const bool expected = c == ref::Containment::inside_clear;
      if (lib != expected || lib_strict != expected) {
        ++stats.disagreements;
        fail("clear-cut containment answered wrongly");
      }
    } else {
      // In the band: m >= 0 for contains, m > 0 for contains_strictly (whose exact answer is
      // unknown inside the band when m >= 0; only counted).
      stats.in_band_disagreements += lib != inside ? 1 : 0;
      strict_band += lib_strict ? 1 : 0;
    }
    if (lib_strict && !lib) fail("contains_strictly without contains");
    const Shape<T> va = a;
    const Shape<T> vb = b;
    if (contains(va, vb) != lib || contains_strictly(va, vb) != lib_strict) {
      fail("the Shape overloads differ from the typed calls");
    }
  }
  stats.print("contains", pair, scalar_name<T>(),
              "strictly in band " + std::to_string(strict_band));
  EXPECT_EQ(stats.disagreements, 0u) << name;
  EXPECT_EQ(stats.failures, 0u) << name;
  expect_query_hit_rate(stats, name);
}

// Where the library's containment must be exact on lattice input (see the top of the file).
template <class T, template <class> class A, template <class> class B>
constexpr bool exact_on_lattice() {
  constexpr bool round_b = std::is_same_v<B<T>, Circle<T>> || std::is_same_v<B<T>, Capsule<T>>;
  constexpr bool exact_a = std::is_same_v<A<T>, Circle<T>> || std::is_same_v<A<T>, Aabb<T>> ||
                           std::is_same_v<A<T>, Obb<T>>;
  return !round_b || exact_a;
}

template <class T, template <class> class A, template <class> class B>
void run_lattice(const std::string& pair) {
  const std::string name = "lattice contains " + pair + " " + scalar_name<T>();
  Random random(seed_of(name));
  LatticeShapes<T> gen(random);
  QueryStats stats;
  FailureLog log;
  std::size_t touching = 0;
  A<T> a{};
  B<T> b{};
  ref::ExactShape ea;
  ref::ExactShape eb;
  const mpq_class zero = 0;
  mpq_class tol;
  const std::size_t n = std::max<std::size_t>(1, contact_case_count() / 5);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2<T> ca = gen.point(-4, 4);
    gen.make(ca, a);
    const Vec2<T> cb{ca.x + T(random.integer(-2, 2)), ca.y + T(random.integer(-2, 2))};
    gen.make(cb, b);
    if (random.chance(0.1)) (void)same_set<T>(a, b);
    ref::exact_into(ea, a);
    ref::exact_into(eb, b);
    if (ea.core.size() < 3 && ea.radius == 0) continue;  // a box of zero extent: no interior
    const bool lib = contains(a, b);
    const bool lib_strict = contains_strictly(a, b);
    ++stats.cases;
    const auto fail = [&](const std::string& what, ref::Containment c) {
      ++stats.failures;
      log.report([&] {
        return name + " case " + std::to_string(i) + ": " + what + "\n  " + describe_pair(a, b) +
               "\n  contains " + std::to_string(lib) + ", contains_strictly " +
               std::to_string(lib_strict) + ", exactly " + ref::to_string(c);
      });
    };
    if constexpr (exact_on_lattice<T, A, B>()) {
      const ref::Containment c = ref::classify_containment(ea, eb, zero);
      const int sign = ref::containment_margin_sign(ea, eb);
      stats.hits += sign >= 0 ? 1 : 0;
      touching += sign == 0 ? 1 : 0;
      if (lib != (sign >= 0) || lib_strict != (sign > 0)) {
        ++stats.disagreements;
        fail("inexact answer on lattice input", c);
      }
    } else {
      ref::set_q(tol, tolerance<T>(std::max(scale_of(a), scale_of(b))));
      const ref::Containment c = ref::classify_containment(ea, eb, tol);
      stats.hits += ref::contained(c) ? 1 : 0;
      if (!ref::is_clear_cut(c)) {
        ++stats.in_band;
        stats.in_band_disagreements += lib != ref::contained(c) ? 1 : 0;
      } else if (lib != (c == ref::Containment::inside_clear) ||
                 lib_strict != (c == ref::Containment::inside_clear)) {
        ++stats.disagreements;
        fail("clear-cut containment answered wrongly", c);
      }
    }
  }
  stats.print("lattice cont", pair, scalar_name<T>(),
              exact_on_lattice<T, A, B>()
                  ? "exact; touching from inside " + std::to_string(touching)
                  : std::string("judged with the band"));
  EXPECT_EQ(stats.disagreements, 0u) << name;
  EXPECT_EQ(stats.failures, 0u) << name;
}

#define COLLIDE2D_CONTAINMENT_TESTS(A, B)      \
  TEST(RandomContainment, A##_##B##_float) {   \
    run_random<float, A, B>(#A "-" #B);        \
  }                                            \
  TEST(RandomContainment, A##_##B##_double) {  \
    run_random<double, A, B>(#A "-" #B);       \
  }                                            \
  TEST(LatticeContainment, A##_##B##_float) {  \
    run_lattice<float, A, B>(#A "-" #B);       \
  }                                            \
  TEST(LatticeContainment, A##_##B##_double) { \
    run_lattice<double, A, B>(#A "-" #B);      \
  }
#define COLLIDE2D_CONTAINMENT_TESTS_IN(A) \
  COLLIDE2D_CONTAINMENT_TESTS(A, Point)   \
  COLLIDE2D_CONTAINMENT_TESTS(A, Segment) \
  COLLIDE2D_CONTAINMENT_TESTS(A, Circle)  \
  COLLIDE2D_CONTAINMENT_TESTS(A, Capsule) \
  COLLIDE2D_CONTAINMENT_TESTS(A, Aabb)    \
  COLLIDE2D_CONTAINMENT_TESTS(A, Obb)     \
  COLLIDE2D_CONTAINMENT_TESTS(A, ConvexPolygon)
COLLIDE2D_CONTAINMENT_TESTS_IN(Circle)
COLLIDE2D_CONTAINMENT_TESTS_IN(Capsule)
COLLIDE2D_CONTAINMENT_TESTS_IN(Aabb)
COLLIDE2D_CONTAINMENT_TESTS_IN(Obb)
COLLIDE2D_CONTAINMENT_TESTS_IN(ConvexPolygon)

}  // namespace
}  // namespace collide2d::property
