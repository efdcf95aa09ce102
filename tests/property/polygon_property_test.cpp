// Property tests of Polygon<T> (polygon.hpp) against the exact reference in GMP rationals
// (polygon_reference.hpp): random simple polygons on small integer lattices
// (polygon_generators.hpp) against lattice shapes of every kind (generators.hpp's LatticeShapes:
// integers and halves, quarter turns) and against other random polygons, float and double, both
// argument orders. On such input every answer of the library must be exact (polygon.hpp), so the
// answers must be equal, case by case; each run also checks that both answers occur often.
#include <gtest/gtest.h>

#include <string>

#include "generators.hpp"
#include "polygon_generators.hpp"
#include "polygon_reference.hpp"
#include "property_support.hpp"

namespace collide2d::property {
namespace {

namespace pref = polygon_ref;

std::size_t polygon_case_count() {
  return count_from_environment("COLLIDE2D_POLYGON_CASES", 1500);
}

// Counts of one answer: how often it was yes, and the first few disagreements in full.
struct Tally {
  std::string name;
  std::size_t cases = 0, yes = 0, wrong = 0;
  void add(bool library, bool exact, const std::string& what) {
    ++cases;
    yes += exact ? 1 : 0;
    if (library != exact && ++wrong <= 5) {
      ADD_FAILURE() << name << ": library " << library << ", exact " << exact << "\n" << what;
    }
  }
  // Both answers occur in at least `least` of the cases.
  void finish(double least) const {
    std::printf("[polygon] %-40s cases %5zu  yes %5.1f%%  wrong %zu\n", name.c_str(), cases,
                cases ? 100.0 * double(yes) / double(cases) : 0.0, wrong);
    EXPECT_GE(double(yes), least * double(cases)) << name;
    EXPECT_GE(double(cases - yes), least * double(cases)) << name;
  }
};

template <class T>
Vec2<double> to_double(Vec2<T> p) {
  return {double(p.x), double(p.y)};
}

template <class T>
std::string describe(const Polygon<T>& p) {
  std::string out = "polygon";
  for (const Vec2<T>& v : p.vertices())
    out += " (" + std::to_string(double(v.x)) + ", " + std::to_string(double(v.y)) + ")";
  return out;
}

template <class T, template <class> class S>
void run_against_shape(const std::string& name) {
  Random random(seed_of("polygon " + name + " " + scalar_name<T>()));
  LatticeShapes<T> gen(random);
  const std::string label = name + " " + scalar_name<T>();
  Tally overlap{"overlaps " + label}, inside{"contains(P, S) " + label},
      strict{"contains_strictly(P, S) " + label}, around{"contains(S, P) " + label},
      around_strict{"contains_strictly(S, P) " + label};
  S<T> s{};
  for (std::size_t i = 0; i < polygon_case_count(); ++i) {
    // A third each: a large polygon around S, a small one (half-integer lattice) inside S's
    // reach, and the two of about the same size.
    const int mode = random.integer(0, 2);
    const Vec2<T> c = mode == 2 ? gen.point(-8, 8) : gen.point(-2, 2);
    const Polygon<T> p = mode == 0 ? random_lattice_polygon<T>(random, -6, 6, 14)
                         : mode == 1
                             ? random_lattice_polygon<T>(random, -2, 2, 6, 0.5, to_double(c))
                             : random_lattice_polygon<T>(random, -4, 4, 10);
    gen.make(c, s);
    const pref::QPolygon qp = pref::exact_polygon(p);
    const ref::ExactShape qs = ref::exact(s);
    const std::string what = describe(p) + "\n" + ref::describe(qs);
    const bool exact_overlap = pref::overlaps(qp, qs);
    overlap.add(overlaps(p, s), exact_overlap, what);
    overlap.add(overlaps(s, p), exact_overlap, what + " (S, P)");
    inside.add(contains(p, s), pref::contains(qp, qs), what);
    strict.add(contains_strictly(p, s), pref::contains_strictly(qp, qs), what);
    around.add(contains(s, p), pref::shape_contains(qs, qp, false), what);
    around_strict.add(contains_strictly(s, p), pref::shape_contains(qs, qp, true), what);
  }
  overlap.finish(0.1);
  inside.finish(0.02);
  strict.finish(0.02);
  // Only shapes with an area hold a polygon.
  const bool holds = has_area_v<S<T>>;
  around.finish(holds ? 0.005 : 0.0);
  around_strict.finish(holds ? 0.002 : 0.0);
}

template <class T>
void run_polygon_pairs() {
  Random random(seed_of(std::string("polygon pairs ") + scalar_name<T>()));
  const std::string label = std::string("Polygon ") + scalar_name<T>();
  Tally overlap{"overlaps " + label}, inside{"contains " + label},
      strict{"contains_strictly " + label};
  for (std::size_t i = 0; i < polygon_case_count(); ++i) {
    const Polygon<T> a = random_lattice_polygon<T>(random, -4, 4, 10);
    // Half of them small, within the other's box; the rest shifted by up to 8.
    const bool small = random.chance(0.5);
    const Vec2<double> shift{double(random.integer(-8, 8)), double(random.integer(-8, 8))};
    const Polygon<T> b = small ? random_lattice_polygon<T>(random, -3, 3, 6, 0.5)
                               : random_lattice_polygon<T>(random, -4, 4, 10, 1, shift);
    const pref::QPolygon qa = pref::exact_polygon(a), qb = pref::exact_polygon(b);
    const std::string what = describe(a) + "\n" + describe(b);
    const bool exact_overlap = pref::overlaps(qa, qb);
    overlap.add(overlaps(a, b), exact_overlap, what);
    overlap.add(overlaps(b, a), exact_overlap, what + " (B, A)");
    inside.add(contains(a, b), pref::contains(qa, qb), what);
    inside.add(contains(b, a), pref::contains(qb, qa), what + " (B, A)");
    strict.add(contains_strictly(a, b), pref::contains_strictly(qa, qb), what);
    strict.add(contains_strictly(b, a), pref::contains_strictly(qb, qa), what + " (B, A)");
  }
  overlap.finish(0.2);
  inside.finish(0.01);
  strict.finish(0.002);
}

// The builder accepts exactly the simple outlines: random lattice outlines, half of them
// untangled (mostly simple), the rest as drawn (mostly not).
template <class T>
void run_builder() {
  Random random(seed_of(std::string("polygon builder ") + scalar_name<T>()));
  Tally accepted{std::string("make_simple_polygon ") + scalar_name<T>()};
  for (std::size_t i = 0; i < polygon_case_count(); ++i) {
    const int n = random.integer(3, 9);
    std::vector<polygon_gen::IPoint> v;
    for (int k = 0; k < n; ++k)
      v.push_back({random.integer(-3, 3), random.integer(-3, 3)});
    if (random.chance(0.5)) {
      for (int step = 0; step < 400 && polygon_gen::untangle_once(v); ++step) {
      }
    }
    std::vector<Vec2<T>> outline;
    std::vector<ref::QPoint> q;
    for (const auto& p : v) {
      outline.push_back({T(p.x), T(p.y)});
      q.push_back(ref::to_q(outline.back()));
    }
    const auto built = make_simple_polygon(outline);
    std::string what = built ? "accepted" : built.error();
    for (const auto& p : outline)
      what += " (" + std::to_string(double(p.x)) + ", " + std::to_string(double(p.y)) + ")";
    accepted.add(built.ok(), pref::is_simple(q), what);
    if (built) {
      // Counter-clockwise, the same points in the same cyclic order (or reversed).
      const auto& w = built->vertices();
      ASSERT_EQ(w.size(), outline.size());
      EXPECT_GT(area(*built), T(0));
    }
  }
  accepted.finish(0.1);
}

#define POLYGON_SHAPE_TESTS(S)        \
  TEST(PolygonProperty, S##Float) {   \
    run_against_shape<float, S>(#S);  \
  }                                   \
  TEST(PolygonProperty, S##Double) {  \
    run_against_shape<double, S>(#S); \
  }
POLYGON_SHAPE_TESTS(Point)
POLYGON_SHAPE_TESTS(Segment)
POLYGON_SHAPE_TESTS(Circle)
POLYGON_SHAPE_TESTS(Capsule)
POLYGON_SHAPE_TESTS(Aabb)
POLYGON_SHAPE_TESTS(Obb)
POLYGON_SHAPE_TESTS(ConvexPolygon)

TEST(PolygonProperty, PolygonPairsFloat) {
  run_polygon_pairs<float>();
}
TEST(PolygonProperty, PolygonPairsDouble) {
  run_polygon_pairs<double>();
}
TEST(PolygonProperty, BuilderFloat) {
  run_builder<float>();
}
TEST(PolygonProperty, BuilderDouble) {
  run_builder<double>();
}

}  // namespace
}  // namespace collide2d::property
