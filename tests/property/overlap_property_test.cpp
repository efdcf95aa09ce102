// Property tests of overlaps(a, b) for all 28 unordered shape pairs, in float and double.
//
// RandomOverlap: seeded random cases (case_count(), 100000 by default) per pair and type, tuned so
//   that 30% to 70% of them overlap. Each case checks
//     (1) overlaps(a, b) == overlaps(b, a)
//     (2) overlaps(Shape a, Shape b) == overlaps(a, b), both orders
//     (3) overlaps(a, b) == the exact reference whenever the case is clear-cut for the band
//         tol = 64 * epsilon(T) * scale (property_support.hpp); in-band cases are only counted.
//   A fifth of the cases are moved to where the library's answer flips (move_to_contact), so
//   that the band's edges are tested in double too, where random placement almost never lands
//   within tol of touching; 15% lie far from the origin (1e5 in float, 1e9 in double).
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

namespace collide2d::property {
namespace {

namespace ref = collide2d::reference;

// The shape kinds in the order of the Shape variant.
template <template <class> class S>
constexpr int kind() {
  return static_cast<int>(Shape<double>(S<double>{}).index());
}

// How far apart the two shapes' centres are, relative to the sum of their sizes: uniform in
// [0, spread * (size_a + size_b)] (a point has size 0). Tuned per pair so that about half of the
// cases overlap. Rows and columns: point, segment, circle, capsule, aabb, obb, polygon.
template <template <class> class A, template <class> class B>
double spread() {
  // clang-format off
  static constexpr double table[shape_kind_count][shape_kind_count] = {
      {0.0, 1.0,  1.3, 1.15, 1.25, 1.25, 0.85},  // point (see random_case for point-point)
      {0.0, 0.35, 0.85, 0.85, 0.85, 0.85, 0.7},  // segment
      {0.0, 0.0,  1.3, 1.25, 1.3,  1.3,  1.1},   // circle
      {0.0, 0.0,  0.0, 1.2,  1.25, 1.25, 1.1},   // capsule
      {0.0, 0.0,  0.0, 0.0,  1.3,  1.3,  1.2},   // aabb
      {0.0, 0.0,  0.0, 0.0,  0.0,  1.3,  1.15},  // obb
      {0.0, 0.0,  0.0, 0.0,  0.0,  0.0,  1.0},   // polygon
  };
  // clang-format on
  return table[kind<A>()][kind<B>()];
}

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
      // A point exactly on a segment: p - k1 h v and p + k2 h v with small integers and h a power
      // of two, all exactly representable, p on the integer grid (or an end, when k1 = 0).
      const Vec2<T> p = vec<T>(std::round(static_cast<double>(site.center.x)),
                               std::round(static_cast<double>(site.center.y)));
      int vx = 0;
      int vy = 0;
      while (vx == 0 && vy == 0) {
        vx = r.integer(-8, 8);
        vy = r.integer(-8, 8);
      }
      const double h = std::ldexp(1.0, -r.integer(0, 3));
      const double k1 = r.integer(0, 4);
      const double k2 = r.integer(1, 4);
      a = p;
      b = {shifted(p, -k1 * h * vx, -k1 * h * vy), shifted(p, k2 * h * vx, k2 * h * vy)};
      if (r.chance(0.5)) std::swap(b.a, b.b);
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
  const std::string name = "random " + pair + " " + scalar_name<T>();
  Random random(seed_of(name));
  RandomShapes<T> gen(random);
  OverlapChecker<T, A, B> checker(name);
  const std::size_t n = case_count();
  A<T> a{};
  B<T> b{};
  for (std::size_t i = 0; i < n; ++i) {
    random_case<T, A, B>(gen, a, b);
    checker.check(i, a, b);
  }
  checker.finish("random", pair);
  expect_hit_rate(checker.stats(), name);
}

template <class T, template <class> class A, template <class> class B>
void run_lattice(const std::string& pair) {
  const std::string name = "lattice " + pair + " " + scalar_name<T>();
  Random random(seed_of(name));
  LatticeShapes<T> gen(random);
  PairStats stats;
  FailureLog failures;
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
    const bool ab = overlaps(a, b);
    const bool ba = overlaps(b, a);
    const Shape<T> va = a;
    const Shape<T> vb = b;
    const bool vab = overlaps(va, vb);
    const bool vba = overlaps(vb, va);
    // With tol = 0 the band holds exactly the touching cases.
    ref::exact_into(ea, a);
    ref::exact_into(eb, b);
    const ref::Exact e = ref::classify(ea, eb, zero);
    const bool expected = ref::overlaps(e);
    ++stats.cases;
    stats.hits += expected ? 1 : 0;
    stats.in_band += ref::is_clear_cut(e) ? 0 : 1;
    if (ab != expected || ba != expected || vab != expected || vba != expected) {
      ++stats.clear_disagreements;
      failures.report([&] {
        return name + " case " + std::to_string(i) + ": overlaps(a, b) " + std::to_string(ab) +
               ", (b, a) " + std::to_string(ba) + ", Shape (a, b) " + std::to_string(vab) +
               ", Shape (b, a) " + std::to_string(vba) + " but exactly " + ref::to_string(e) +
               "\n  " + describe_pair(a, b);
      });
    }
  }
  stats.print("lattice", pair, scalar_name<T>());  // in-band here: exactly touching
  EXPECT_EQ(stats.clear_disagreements, 0u) << name;
}

#define COLLIDE2D_PAIR_TESTS(A, B)         \
  TEST(RandomOverlap, A##_##B##_float) {   \
    run_random<float, A, B>(#A "-" #B);    \
  }                                        \
  TEST(RandomOverlap, A##_##B##_double) {  \
    run_random<double, A, B>(#A "-" #B);   \
  }                                        \
  TEST(LatticeOverlap, A##_##B##_float) {  \
    run_lattice<float, A, B>(#A "-" #B);   \
  }                                        \
  TEST(LatticeOverlap, A##_##B##_double) { \
    run_lattice<double, A, B>(#A "-" #B);  \
  }

COLLIDE2D_PAIR_TESTS(Point, Point)
COLLIDE2D_PAIR_TESTS(Point, Segment)
COLLIDE2D_PAIR_TESTS(Point, Circle)
COLLIDE2D_PAIR_TESTS(Point, Capsule)
COLLIDE2D_PAIR_TESTS(Point, Aabb)
COLLIDE2D_PAIR_TESTS(Point, Obb)
COLLIDE2D_PAIR_TESTS(Point, ConvexPolygon)
COLLIDE2D_PAIR_TESTS(Segment, Segment)
COLLIDE2D_PAIR_TESTS(Segment, Circle)
COLLIDE2D_PAIR_TESTS(Segment, Capsule)
COLLIDE2D_PAIR_TESTS(Segment, Aabb)
COLLIDE2D_PAIR_TESTS(Segment, Obb)
COLLIDE2D_PAIR_TESTS(Segment, ConvexPolygon)
COLLIDE2D_PAIR_TESTS(Circle, Circle)
COLLIDE2D_PAIR_TESTS(Circle, Capsule)
COLLIDE2D_PAIR_TESTS(Circle, Aabb)
COLLIDE2D_PAIR_TESTS(Circle, Obb)
COLLIDE2D_PAIR_TESTS(Circle, ConvexPolygon)
COLLIDE2D_PAIR_TESTS(Capsule, Capsule)
COLLIDE2D_PAIR_TESTS(Capsule, Aabb)
COLLIDE2D_PAIR_TESTS(Capsule, Obb)
COLLIDE2D_PAIR_TESTS(Capsule, ConvexPolygon)
COLLIDE2D_PAIR_TESTS(Aabb, Aabb)
COLLIDE2D_PAIR_TESTS(Aabb, Obb)
COLLIDE2D_PAIR_TESTS(Aabb, ConvexPolygon)
COLLIDE2D_PAIR_TESTS(Obb, Obb)
COLLIDE2D_PAIR_TESTS(Obb, ConvexPolygon)
COLLIDE2D_PAIR_TESTS(ConvexPolygon, ConvexPolygon)

}  // namespace
}  // namespace collide2d::property
