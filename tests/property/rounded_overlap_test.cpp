// Property tests of overlaps(a, b) for a RoundedPolygon against every shape and itself
// (collide2d/rounded.hpp), both argument orders, float and double, against the exact reference
// (a polygon core swept by the radius, in GMP rationals: exact_reference.hpp).
//
//   RoundedOverlapRandom   rounded_case (rounded_support.hpp): random sites, 15% far from the
//                          origin, 30% moved by bisection to where overlaps() flips. Both orders
//                          agree; on clear-cut cases (|signed separation| > tol = 64 eps(T) S)
//                          the answer is the exact one; the core alone with radius 0 answers as
//                          the ConvexPolygon does, both orders; 30% to 70% of the cases overlap.
//   RoundedOverlapLattice  integer cores, half-integer radii and lattice partners (generators.hpp),
//                          where the header claims exact answers: every case, touching included,
//                          matches the exact reference (tol = 0).
// Cases per pair and scalar: rounded_case_count(), a fifth of the contact tests' count.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

// First: ExactBand (property_runner.hpp) calls reference::exact_into, whose RoundedPolygon overload
// must be declared before it.
#include "rounded_support.hpp"

#include "property_runner.hpp"

namespace collide2d::property {
namespace {

template <class T, class B>
void check_bare_core(PropertyRun<T>& run, std::size_t i, const RoundedPolygon<T>& a, const B& b) {
  const RoundedPolygon<T> bare{a.core, T(0)};
  if (overlaps(bare, b) != overlaps(a.core, b) || overlaps(b, bare) != overlaps(b, a.core)) {
    run.fail(i, "radius 0 answers unlike the polygon core", [&] { return describe_pair(bare, b); });
  }
}

template <class T, template <class> class B>
void run_random(const std::string& pair) {
  PropertyRun<T> run("rounded overlaps", pair);
  RandomShapes<T> gen(run.random());
  RoundedPolygon<T> a{};
  B<T> b{};
  ExactBand<T> band;
  const std::size_t n = rounded_case_count();
  for (std::size_t i = 0; i < n; ++i) {
    rounded_case(gen, a, b, run.random().chance(0.3));
    const bool ab = overlaps(a, b);
    if (ab != overlaps(b, a)) run.fail(i, "asymmetric", [&] { return describe_pair(a, b); });
    check_bare_core(run, i, a, b);
    band.classify(a, b, run.stats);
    if (!run.agrees(ab, band.expected, band.clear)) {
      run.fail(
          i, "overlaps " + std::to_string(ab) + " but exactly " + reference::to_string(band.exact),
          [&] { return describe_pair(a, b); });
    }
  }
  run.finish_overlap(true);
}

template <class T, template <class> class B>
void run_lattice(const std::string& pair) {
  PropertyRun<T> run("rounded lattice", pair);
  Random& random = run.random();
  LatticeShapes<T> gen(random);
  RoundedPolygon<T> a{};
  B<T> b{};
  reference::ExactShape ea;
  reference::ExactShape eb;
  const mpq_class zero = 0;
  const std::size_t n = rounded_case_count();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2<T> ca = gen.point(-5, 5);
    const Vec2<T> cb{ca.x + T(random.integer(-5, 5)), ca.y + T(random.integer(-5, 5))};
    make_rounded(gen, ca, a);
    make_any(gen, cb, b);
    reference::exact_into(ea, a);
    reference::exact_into(eb, b);
    const reference::Exact e = reference::classify(ea, eb, zero);  // tol 0: touching is in band
    const bool expected = reference::overlaps(e);
    ++run.stats.cases;
    run.stats.hits += expected ? 1 : 0;
    run.stats.in_band += reference::is_clear_cut(e) ? 0 : 1;
    if (overlaps(a, b) != expected || overlaps(b, a) != expected) {
      ++run.stats.disagreements;
      run.fail(i, "not the exact answer " + std::string(reference::to_string(e)),
               [&] { return describe_pair(a, b); });
    }
    check_bare_core(run, i, a, b);
  }
  run.finish_overlap(false);
}

#define COLLIDE2D_ROUNDED_OVERLAP_TESTS(B)                     \
  COLLIDE2D_ROUNDED_TESTS(RoundedOverlapRandom, run_random, B) \
  COLLIDE2D_ROUNDED_TESTS(RoundedOverlapLattice, run_lattice, B)
COLLIDE2D_ROUNDED_PARTNERS(COLLIDE2D_ROUNDED_OVERLAP_TESTS)

}  // namespace
}  // namespace collide2d::property
