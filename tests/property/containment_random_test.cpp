// Property tests of contains(a, b) and contains_strictly(a, b) (containment.hpp) for every A with
// an area (Circle, Capsule, Aabb, Obb, ConvexPolygon) and every B, float and double: random cases.
// The same for RoundedPolygon (rounded.hpp) as A against every shape and as B inside every A, with
// rounded_case_count() cases. (Lattice cases: containment_lattice_test.cpp.)
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

template <class T, template <class> class A, template <class> class B>
void random_case(RandomShapes<T>& gen, A<T>& a, B<T>& b) {
  Random& r = gen.random();
  const Site<T> site = gen.site();
  const double sa = gen.size(site);
  const double zero = std::is_same_v<B<T>, Point<T>> ? 0.0 : 1.0;
  make_any(gen, site.center, sa, a);
  // The centre to place B around: a polygon's vertex average (a random hull can be thin, and its
  // bounding box's centre near its boundary), with smaller deep shapes.
  Vec2<double> c = center_of(a);
  double deep = 1.0;
  if constexpr (std::is_same_v<A<T>, ConvexPolygon<T>> || std::is_same_v<A<T>, RoundedPolygon<T>>) {
    const ConvexPolygon<T>& p = polygon_of(a);
    c = {0, 0};
    for (int k = 0; k < p.count; ++k) {
      c.x += static_cast<double>(p.vertices[k].x) / p.count;
      c.y += static_cast<double>(p.vertices[k].y) / p.count;
    }
    deep = 0.5;
  }
  const Vec2<T> centre = vec<T>(c.x, c.y);
  const double u = r.unit();
  if (u < 0.3) {
    make_any(gen, gen.around(centre, deep * 0.3 * sa), zero * deep * sa * r.uniform(0.05, 0.3), b);
  } else if (u < 0.5) {
    // Touching: B slid out along a random direction to where contains() flips.
    const double sb = zero * sa * r.uniform(0.1, 0.5);
    make_any(gen, centre, sb, b);
    const double angle = r.angle();
    const Vec2<double> direction{std::cos(angle), std::sin(angle)};
    const double t_out = 4 * sa + 1;
    B<T> inside = b;
    B<T> outside{};
    if (!contains(a, b) || !translated(b, t_out * direction.x, t_out * direction.y, outside) ||
        contains(a, outside)) {
      return;  // no flip bracketed: keep b at the centre
    }
    const auto contained = [&](const B<T>& moved) { return contains(a, moved); };
    (void)bisect_offset(b, direction, 0.0, t_out, inside, outside, contained);
    b = r.chance(0.5) ? inside : outside;
  } else if (u < 0.55) {
    if (!same_set<T>(a, b)) make_any(gen, centre, zero * sa * r.uniform(0.05, 0.3), b);
  } else if (u < 0.65) {
    if constexpr (std::is_same_v<B<T>, Point<T>>) {  // a point cannot be larger: well outside
      const double angle = r.angle();
      b = shifted(centre, 3 * sa * std::cos(angle), 3 * sa * std::sin(angle));
    } else {
      make_any(gen, gen.around(centre, 0.2 * sa), sa * r.uniform(1.2, 3.0), b);
    }
  } else {
    make_any(gen, gen.around(centre, 1.5 * sa), zero * sa * r.uniform(0.2, 1.0), b);
  }
}

template <class T, template <class> class A, template <class> class B>
void run_random(const std::string& pair) {
  PropertyRun<T> run("contains", pair);
  RandomShapes<T> gen(run.random());
  QueryStats& stats = run.stats;
  std::size_t strict_band = 0;
  ref::ExactShape ea;
  ref::ExactShape eb;
  mpq_class tol;
  const auto generate = [&](A<T>& a, B<T>& b) { random_case<T, A, B>(gen, a, b); };
  constexpr bool rounded =
      std::is_same_v<A<T>, RoundedPolygon<T>> || std::is_same_v<B<T>, RoundedPolygon<T>>;
  const std::size_t n = rounded ? rounded_case_count() : contact_case_count();
  for_cases<T, A, B>(n, generate, [&](std::size_t i, A<T>& a, B<T>& b) {
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
      run.fail(i, what, [&] {
        return describe_pair(a, b) + "\n  contains " + std::to_string(lib) +
               ", contains_strictly " + std::to_string(lib_strict) + ", exactly " +
               ref::to_string(c) + " (tol " + num(tol.get_d()) + ")";
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
    if constexpr (!rounded) {
      const Shape<T> va = a;
      const Shape<T> vb = b;
      if (contains(va, vb) != lib || contains_strictly(va, vb) != lib_strict) {
        fail("the Shape overloads differ from the typed calls");
      }
    }
  });
  run.finish("strictly in band " + std::to_string(strict_band));
}

#define COLLIDE2D_RANDOM_CONTAINMENT_TESTS(A, B) \
  COLLIDE2D_PROPERTY_TESTS(RandomContainment, run_random, A, B)
COLLIDE2D_CONTAINMENT_PAIRS(COLLIDE2D_RANDOM_CONTAINMENT_TESTS)
COLLIDE2D_CONTAINMENT_PAIRS_IN(COLLIDE2D_RANDOM_CONTAINMENT_TESTS, RoundedPolygon)
COLLIDE2D_RANDOM_CONTAINMENT_TESTS(RoundedPolygon, RoundedPolygon)
COLLIDE2D_RANDOM_CONTAINMENT_TESTS(Circle, RoundedPolygon)
COLLIDE2D_RANDOM_CONTAINMENT_TESTS(Capsule, RoundedPolygon)
COLLIDE2D_RANDOM_CONTAINMENT_TESTS(Aabb, RoundedPolygon)
COLLIDE2D_RANDOM_CONTAINMENT_TESTS(Obb, RoundedPolygon)
COLLIDE2D_RANDOM_CONTAINMENT_TESTS(ConvexPolygon, RoundedPolygon)

}  // namespace
}  // namespace collide2d::property
