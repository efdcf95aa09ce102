// overlaps_interior: overlap by more than touching, on hand cases exact in float and double.
#include <cmath>

#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class Interior : public ::testing::Test {};
TYPED_TEST_SUITE(Interior, Scalars);

// Both argument orders and the variant, all equal expected; overlapping by more than touching
// implies overlapping.
template <class T, class A, class B>
void expect_interior(const A& a, const B& b, bool expected) {
  EXPECT_EQ(overlaps_interior(a, b), expected) << "overlaps_interior(a, b)";
  EXPECT_EQ(overlaps_interior(b, a), expected) << "overlaps_interior(b, a)";
  EXPECT_EQ(overlaps_interior(Shape<T>(a), Shape<T>(b)), expected) << "variant";
  if (expected) {
    EXPECT_TRUE(overlaps(a, b)) << "overlaps_interior without overlaps";
  }
}

TYPED_TEST(Interior, BoxesTouchingAlongAnEdgeOrACornerDoNot) {
  using T = TypeParam;
  expect_interior<T>(aabb<T>(0, 0, 2, 2), aabb<T>(2, 0, 4, 2), false);  // shared edge
  expect_interior<T>(aabb<T>(0, 0, 2, 2), aabb<T>(2, 2, 4, 4), false);  // shared corner
  expect_interior<T>(aabb<T>(0, 0, 2, 2), aabb<T>(1, 1, 3, 3), true);
  expect_interior<T>(aabb<T>(0, 0, 4, 4), aabb<T>(0, 0, 2, 2), true);  // inside, sharing edges
  // A box turned a quarter (exactly) touching an Aabb, and one overlapping it by 1/64.
  expect_interior<T>(aabb<T>(0, 0, 2, 2), obb<T>(4, 1, 1, 2, quarter_turn<T>), false);
  expect_interior<T>(aabb<T>(0, 0, 2, 2), obb<T>(4 - gap<double>, 1, 1, 2, quarter_turn<T>), true);
}

TYPED_TEST(Interior, ShapesWithoutInteriorOnlyCountInsideAnother) {
  using T = TypeParam;
  expect_interior<T>(pt<T>(1, 1), aabb<T>(0, 0, 2, 2), true);
  expect_interior<T>(pt<T>(2, 1), aabb<T>(0, 0, 2, 2), false);          // on the edge
  expect_interior<T>(seg<T>(-1, 1, 3, 1), aabb<T>(0, 0, 2, 2), true);   // crosses the inside
  expect_interior<T>(seg<T>(-1, 2, 3, 2), aabb<T>(0, 0, 2, 2), false);  // runs along an edge
  expect_interior<T>(seg<T>(0, 0, 2, 2), seg<T>(0, 2, 2, 0), false);    // no interiors at all
  expect_interior<T>(pt<T>(1, 1), pt<T>(1, 1), false);
  expect_interior<T>(aabb<T>(0, 0, 0, 2), aabb<T>(0, 0, 0, 2), false);  // zero width
  expect_interior<T>(aabb<T>(1, 0, 1, 2), aabb<T>(0, 0, 2, 2), true);   // a zero-width box inside
}

TYPED_TEST(Interior, RoundShapesCompareDistancesStrictly) {
  using T = TypeParam;
  expect_interior<T>(circle<T>(0, 0, 1), circle<T>(2, 0, 1), false);  // tangent
  expect_interior<T>(circle<T>(0, 0, 1), circle<T>(2 - gap<double>, 0, 1), true);
  expect_interior<T>(circle<T>(0, 0, 1), aabb<T>(1, -1, 3, 1), false);  // touches at (1, 0)
  expect_interior<T>(circle<T>(0, 0, 1), aabb<T>(1 - gap<double>, -1, 3, 1), true);
  expect_interior<T>(circle<T>(0, 0, 1), pt<T>(1, 0), false);
  expect_interior<T>(circle<T>(0, 0, 1), pt<T>(0.5, 0), true);
  expect_interior<T>(capsule<T>(0, 0, 4, 0, 1), seg<T>(0, 1, 4, 1), false);  // along the side
  expect_interior<T>(capsule<T>(0, 0, 4, 0, 1), seg<T>(2, 3, 2, -3), true);
  expect_interior<T>(circle<T>(0, 0, 0), aabb<T>(-1, -1, 1, 1), true);  // a point inside
  expect_interior<T>(circle<T>(0, 0, 0), circle<T>(0, 0, 0), false);
}

TYPED_TEST(Interior, Polygons) {
  using T = TypeParam;
  const auto triangle = poly<T>({V<T>(0, 0), V<T>(4, 0), V<T>(0, 4)});
  expect_interior<T>(triangle, aabb<T>(2, 2, 3, 3), false);  // corner on the hypotenuse
  expect_interior<T>(triangle, aabb<T>(1, 1, 3, 3), true);
  expect_interior<T>(triangle, poly<T>({V<T>(4, 0), V<T>(4, 4), V<T>(0, 4)}), false);  // edge
  expect_interior<T>(triangle, seg<T>(0, 0, 0, 4), false);
  expect_interior<T>(triangle, seg<T>(1, 0, 1, 4), true);
}

// Regression (found by fuzz_scene): a float box 2.2e-5 wide around (631, 633) and a point at
// (4.375, 4.375). Relative to the point, the box's corners round to one vertex, and two
// single-vertex cores had no edge to separate them: their interiors "met", 890 apart.
TEST(InteriorRegression, BoxCollapsedByRoundingDoesNotMeetAFarPoint) {
  const Obb<float> box{{631.37255859375f, 632.7935791015625f},
                       {1.0920612112386152e-05f, 1.0920505701506045e-05f},
                       {1, 0}};
  const Point<float> p{4.375f, 4.375f};
  EXPECT_FALSE(overlaps(p, box));
  EXPECT_FALSE(overlaps_interior(p, box));
  EXPECT_FALSE(overlaps_interior(box, p));
  EXPECT_TRUE(overlaps_interior(box.center, box));  // the centre is inside, as computed there
}

// Regression (found in review): overlaps_interior squared its cross products in float like the
// old point-segment test, so near 1e10 both sides overflowed and inf < inf answered "no" for a
// point 3 * 2^30 inside a capsule of radius 2^32. It now shares point_segment_within's arithmetic.
TEST(InteriorRegression, FourthPowersDoNotOverflow) {
  const double k = std::ldexp(1.0, 30);
  const double y = 8 * k;
  const Capsule<float> c{{float(-4 * k), float(y)}, {float(4 * k), float(y)}, float(4 * k)};
  EXPECT_TRUE(overlaps_interior(Point<float>{0, float(y + 3 * k)}, c));
  EXPECT_FALSE(overlaps_interior(Point<float>{0, float(y + 4 * k)}, c));  // on the boundary
}

}  // namespace
}  // namespace c2t
