// Property tests of overlaps(a, b) for all 28 unordered shape pairs, in float and double: lattice
// cases. (Random cases: overlap_property_test.cpp.)
//
// LatticeOverlap: small integer and half-integer shapes with quarter-turn rotations, where the
//   library claims exact answers (overlap.hpp): every case must match the exact reference,
//   touching ones included.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "collide2d/collide2d.hpp"
#include "exact_reference.hpp"
#include "generators.hpp"
#include "overlap_checker.hpp"
#include "property_support.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
namespace {

template <class T, template <class> class A, template <class> class B>
void run_lattice(const std::string& pair) {
  PropertyRun<T> run("lattice", pair);
  Random& random = run.random();
  LatticeShapes<T> gen(random);
  QueryStats& stats = run.stats;
  const std::size_t n = lattice_case_count();
  // Centres closer together when a point is involved, which only hits on the boundary.
  const int points = (kind<A>() == 0 ? 1 : 0) + (kind<B>() == 0 ? 1 : 0);
  const int reach = points == 2 ? 1 : (points == 1 ? 2 : 4);
  A<T> a{};
  B<T> b{};
  ref::ExactShape ea;
  ref::ExactShape eb;
  const mpq_class zero = 0;
  for (std::size_t i = 0; i < n; ++i) {
    // Centres within [-5, 5] and sizes up to 3: |coordinates| <= 8.
    const Vec2<T> ca = gen.point(-5, 5);
    const Vec2<T> cb{std::clamp(ca.x + T(random.integer(-reach, reach)), T(-5), T(5)),
                     std::clamp(ca.y + T(random.integer(-reach, reach)), T(-5), T(5))};
    gen.make(ca, a);
    gen.make(cb, b);
    const OverlapAnswers answers(a, b);
    // With tol = 0 the band holds exactly the touching cases.
    ref::exact_into(ea, a);
    ref::exact_into(eb, b);
    const ref::Exact e = ref::classify(ea, eb, zero);
    const bool expected = ref::overlaps(e);
    ++stats.cases;
    stats.hits += expected ? 1 : 0;
    stats.in_band += ref::is_clear_cut(e) ? 0 : 1;
    if (!answers.all(expected)) {
      ++stats.disagreements;
      run.fail(i, answers.text() + " but exactly " + ref::to_string(e),
               [&] { return describe_pair(a, b); });
    }
  }
  run.finish_overlap(false);  // in-band here: exactly touching
}

#define COLLIDE2D_LATTICE_OVERLAP_TESTS(A, B) \
  COLLIDE2D_PROPERTY_TESTS(LatticeOverlap, run_lattice, A, B)
COLLIDE2D_ALL_SHAPE_PAIRS(COLLIDE2D_LATTICE_OVERLAP_TESTS)

}  // namespace
}  // namespace collide2d::property
