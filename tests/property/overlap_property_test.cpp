// Property tests of overlaps(a, b) for all 28 unordered shape pairs, in float and double: random
// cases. (Lattice cases: overlap_lattice_test.cpp.)
//
// RandomOverlap: seeded random cases (case_count(), 100000 by default) per pair and type, tuned so
//   that 30% to 70% of them overlap. Each case checks symmetry, the Shape variant and the exact
//   answer outside the band (overlap_checker.hpp).
//   A fifth of the cases are moved to where the library's answer flips (move_to_contact), so
//   that the band's edges are tested in double too, where random placement almost never lands
//   within tol of touching; 15% lie far from the origin (1e5 in float, 1e9 in double).
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

// One random case of the pair (A, B).
template <class T, template <class> class A, template <class> class B>
void random_case(RandomShapes<T>& gen, A<T>& a, B<T>& b) {
  Random& r = gen.random();
  const Site<T> site = gen.site();
  constexpr bool a_point = std::is_same_v<A<T>, Point<T>>;
  const double sa = gen.size(site);
  const double sb = gen.size(site);
  if constexpr (a_point && std::is_same_v<B<T>, Point<T>>) {
    // A random point never hits another: half the cases are copies, some others a few ulps off.
    a = site.center;
    if (r.chance(0.5)) {
      b = a;
    } else if (r.chance(0.2)) {
      b = a;
      for (int i = r.integer(1, 4); i > 0; --i)
        b.x = std::nextafter(b.x, std::numeric_limits<T>::max());
      if (r.chance(0.5)) b.y = std::nextafter(b.y, T(0));
    } else {
      b = gen.around(a, sb);
    }
    return;
  } else if constexpr (a_point && std::is_same_v<B<T>, Segment<T>>) {
    if (r.chance(0.5)) {
      point_on_segment(r, site.center, a, b);
      return;
    }
  }
  gen.make(site.center, a_point ? 0.0 : sa, a);
  const double reach = spread<A, B>() * ((a_point ? 0.0 : sa) + sb);
  gen.make(gen.around(site.center, reach), sb, b);
  // A fifth of the cases right at the library's contact: the precision test.
  if (r.chance(0.2)) move_to_contact(a, b, r);
}

template <class T, template <class> class A, template <class> class B>
void run_random(const std::string& pair) {
  PropertyRun<T> run("random", pair);
  RandomShapes<T> gen(run.random());
  ExactBand<T> band;
  const auto generate = [&](A<T>& a, B<T>& b) { random_case<T, A, B>(gen, a, b); };
  for_cases<T, A, B>(case_count(), generate, [&](std::size_t i, const A<T>& a, const B<T>& b) {
    check_overlap(run, band, i, a, b);
  });
  run.finish_overlap(true);
}

#define COLLIDE2D_RANDOM_OVERLAP_TESTS(A, B) \
  COLLIDE2D_PROPERTY_TESTS(RandomOverlap, run_random, A, B)
COLLIDE2D_ALL_SHAPE_PAIRS(COLLIDE2D_RANDOM_OVERLAP_TESTS)

}  // namespace
}  // namespace collide2d::property
