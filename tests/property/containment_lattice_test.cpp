// Property tests of contains(a, b) and contains_strictly(a, b) (containment.hpp) for every A with
// an area (Circle, Capsule, Aabb, Obb, ConvexPolygon) and every B, float and double: lattice cases.
// (Random cases and the judge, the margin m by which B lies inside A: containment_random_test.cpp.)
//
// LatticeContainment: integer and half-integer shapes with quarter turns (LatticeShapes), where
//   touching from inside is common. Where the answers must be exact (B of radius 0, as
//   containment.hpp promises: "With r_B = 0 the tests ... are exact on integer coordinates"; and a
//   round B in a circle or a box, where the tests compare squared distances or distances to
//   axis-aligned edges of exact length): contains == (m >= 0), contains_strictly == (m > 0), so B
//   touching A's boundary from inside is contained, not strictly. A round B in a capsule or a
//   lattice polygon (projections on a slanted core or edge lengths that are square roots) is
//   judged with the band.
// The same for RoundedPolygon (rounded.hpp) as A against every shape and as B in every A, with
// rounded_case_count() cases: exact for a rounded B in a circle or a box (its core vertices with a
// radius, as a round B), with the band in a rounded A (distances inside slanted edges).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

// First: the checks below call reference::exact_into, whose RoundedPolygon overload must be
// declared before them.
#include "rounded_support.hpp"

#include "contact_support.hpp"
#include "property_runner.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
namespace {

// Where the library's containment must be exact on lattice input (see the top of the file).
template <class T, template <class> class A, template <class> class B>
constexpr bool exact_on_lattice() {
  constexpr bool round_b = std::is_same_v<B<T>, Circle<T>> || std::is_same_v<B<T>, Capsule<T>> ||
                           std::is_same_v<B<T>, RoundedPolygon<T>>;
  constexpr bool exact_a = std::is_same_v<A<T>, Circle<T>> || std::is_same_v<A<T>, Aabb<T>> ||
                           std::is_same_v<A<T>, Obb<T>>;
  return !round_b || exact_a;
}

template <class T, template <class> class A, template <class> class B>
void run_lattice(const std::string& pair) {
  PropertyRun<T> run("lattice contains", pair);
  Random& random = run.random();
  LatticeShapes<T> gen(random);
  QueryStats& stats = run.stats;
  std::size_t touching = 0;
  ref::ExactShape ea;
  ref::ExactShape eb;
  const mpq_class zero = 0;
  mpq_class tol;
  const auto generate = [&](A<T>& a, B<T>& b) {
    const Vec2<T> ca = gen.point(-4, 4);
    make_any(gen, ca, a);
    const Vec2<T> cb{ca.x + T(random.integer(-2, 2)), ca.y + T(random.integer(-2, 2))};
    if constexpr (std::is_same_v<B<T>, RoundedPolygon<T>>) {
      make_small_rounded(gen, cb, b);  // small enough to fit in A now and then
    } else {
      make_any(gen, cb, b);
    }
    if (random.chance(0.1)) (void)same_set<T>(a, b);
  };
  constexpr bool rounded =
      std::is_same_v<A<T>, RoundedPolygon<T>> || std::is_same_v<B<T>, RoundedPolygon<T>>;
  const std::size_t n = rounded ? rounded_case_count() : lattice_contact_case_count();
  for_cases<T, A, B>(n, generate, [&](std::size_t i, A<T>& a, B<T>& b) {
    ref::exact_into(ea, a);
    ref::exact_into(eb, b);
    if (ea.core.size() < 3 && ea.radius == 0) return;  // a box of zero extent: no interior
    const bool lib = contains(a, b);
    const bool lib_strict = contains_strictly(a, b);
    ++stats.cases;
    const auto fail = [&](const std::string& what, ref::Containment c) {
      run.fail(i, what, [&] {
        return describe_pair(a, b) + "\n  contains " + std::to_string(lib) +
               ", contains_strictly " + std::to_string(lib_strict) + ", exactly " +
               ref::to_string(c);
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
  });
  run.finish_as("lattice cont",
                exact_on_lattice<T, A, B>()
                    ? "exact; touching from inside " + std::to_string(touching)
                    : std::string("judged with the band"),
                false);
}

#define COLLIDE2D_LATTICE_CONTAINMENT_TESTS(A, B) \
  COLLIDE2D_PROPERTY_TESTS(LatticeContainment, run_lattice, A, B)
COLLIDE2D_CONTAINMENT_PAIRS(COLLIDE2D_LATTICE_CONTAINMENT_TESTS)
COLLIDE2D_CONTAINMENT_PAIRS_IN(COLLIDE2D_LATTICE_CONTAINMENT_TESTS, RoundedPolygon)
COLLIDE2D_LATTICE_CONTAINMENT_TESTS(RoundedPolygon, RoundedPolygon)
COLLIDE2D_LATTICE_CONTAINMENT_TESTS(Circle, RoundedPolygon)
COLLIDE2D_LATTICE_CONTAINMENT_TESTS(Capsule, RoundedPolygon)
COLLIDE2D_LATTICE_CONTAINMENT_TESTS(Aabb, RoundedPolygon)
COLLIDE2D_LATTICE_CONTAINMENT_TESTS(Obb, RoundedPolygon)
COLLIDE2D_LATTICE_CONTAINMENT_TESTS(ConvexPolygon, RoundedPolygon)

}  // namespace
}  // namespace collide2d::property
