// overlaps by hand: Point, Segment, Circle, Capsule against Aabb and Obb (8 pairs).
//
// The boxes used throughout:
//   box = Aabb [0, 4] x [0, 2]
//   q   = Obb centre (0, 0), half extents (2, 1), turned an exact quarter turn Rot{0, 1}: a 4x2 box
//         standing on end, i.e. the world set [-1, 1] x [-2, 2], corners (+-1, +-2).
// Each case runs in both argument orders and through the Shape variant; g = 1/64.
#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class OverlapRoundBoxTest : public ::testing::Test {};
TYPED_TEST_SUITE(OverlapRoundBoxTest, Scalars);

template <class T>
Aabb<T> box() {
  return aabb<T>(0, 0, 4, 2);
}
template <class T>
Obb<T> q() {
  return obb<T>(0, 0, 2, 1, quarter_turn<T>);
}
// A 2x2 square at (0, 0) turned 45 degrees: a diamond with corners at distance sqrt(2) ~ 1.414.
template <class T>
Obb<T> diamond() {
  return make_obb(V<T>(0, 0), T(2), T(2), Rot<T>::from_degrees(T(45))).value();
}

TYPED_TEST(OverlapRoundBoxTest, PointAabb) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(pt<T>(2, 1), box<T>(), true);  // inside
  EXPECT_OVERLAP(pt<T>(2, 0), box<T>(), true);  // on an edge
  EXPECT_OVERLAP(pt<T>(0, 1), box<T>(), true);
  EXPECT_OVERLAP(pt<T>(4, 2), box<T>(), true);  // on a corner
  EXPECT_OVERLAP(pt<T>(0, 0), box<T>(), true);
  EXPECT_OVERLAP(pt<T>(4 + g, 1), box<T>(), false);  // just outside
  EXPECT_OVERLAP(pt<T>(2, -g), box<T>(), false);
  EXPECT_OVERLAP(pt<T>(4 + g, 2 + g), box<T>(), false);
  EXPECT_OVERLAP(pt<T>(10, 10), box<T>(), false);
  // Zero-extent boxes: a point and a vertical segment.
  EXPECT_OVERLAP(pt<T>(1, 1), aabb<T>(1, 1, 1, 1), true);
  EXPECT_OVERLAP(pt<T>(1, 1 + g), aabb<T>(1, 1, 1, 1), false);
  EXPECT_OVERLAP(pt<T>(1, 2), aabb<T>(1, 0, 1, 2), true);
  EXPECT_OVERLAP(pt<T>(1 - g, 1), aabb<T>(1, 0, 1, 2), false);
}

TYPED_TEST(OverlapRoundBoxTest, PointObb) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(pt<T>(0, 0), q<T>(), true);
  EXPECT_OVERLAP(pt<T>(1, 0), q<T>(), true);  // on the right edge
  EXPECT_OVERLAP(pt<T>(0, 2), q<T>(), true);  // on the top edge
  EXPECT_OVERLAP(pt<T>(1, 2), q<T>(), true);  // on a corner
  EXPECT_OVERLAP(pt<T>(-1, -2), q<T>(), true);
  EXPECT_OVERLAP(pt<T>(1 + g, 0), q<T>(), false);  // just outside
  EXPECT_OVERLAP(pt<T>(0, 2 + g), q<T>(), false);
  EXPECT_OVERLAP(pt<T>(1.5, 0), q<T>(), false);  // inside the unturned box, not the turned one
  EXPECT_OVERLAP(pt<T>(10, 10), q<T>(), false);
  // Unturned and half-turned boxes away from the origin.
  EXPECT_OVERLAP(pt<T>(12, 11), obb<T>(10, 10, 2, 1), true);
  EXPECT_OVERLAP(pt<T>(12, 11 + g), obb<T>(10, 10, 2, 1), false);
  EXPECT_OVERLAP(pt<T>(8, 9), obb<T>(10, 10, 2, 1, half_turn<T>), true);
  EXPECT_OVERLAP(pt<T>(8 - g, 9), obb<T>(10, 10, 2, 1, half_turn<T>), false);
  // The 45-degree diamond: (0, 1.25) inside, (0, 1.5) outside (corner at 1.414), (1, 0.5) outside.
  EXPECT_OVERLAP(pt<T>(0, 1.25), diamond<T>(), true);
  EXPECT_OVERLAP(pt<T>(0, 1.5), diamond<T>(), false);
  EXPECT_OVERLAP(pt<T>(1, 0.5), diamond<T>(), false);
  // Zero-extent box.
  EXPECT_OVERLAP(pt<T>(3, 3), obb<T>(3, 3, 0, 0, quarter_turn<T>), true);
  EXPECT_OVERLAP(pt<T>(3, 3 + g), obb<T>(3, 3, 0, 0, quarter_turn<T>), false);
}

TYPED_TEST(OverlapRoundBoxTest, SegmentAabb) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(seg<T>(-1, 1, 5, 1), box<T>(), true);           // across
  EXPECT_OVERLAP(seg<T>(1, 1, 3, 1), box<T>(), true);            // wholly inside
  EXPECT_OVERLAP(seg<T>(-1, 2, 5, 2), box<T>(), true);           // along the top edge
  EXPECT_OVERLAP(seg<T>(-1, 2 + g, 5, 2 + g), box<T>(), false);  // just above it
  EXPECT_OVERLAP(seg<T>(4, 2, 6, 4), box<T>(), true);            // an end on a corner
  EXPECT_OVERLAP(seg<T>(4 + g, 2, 6, 4), box<T>(), false);
  EXPECT_OVERLAP(seg<T>(3, 3, 5, 1), box<T>(), true);           // grazing the corner (4, 2)
  EXPECT_OVERLAP(seg<T>(3, 3 + g, 5, 1 + g), box<T>(), false);  // passing just above it
  EXPECT_OVERLAP(seg<T>(5, 2, 6, 3), box<T>(), false);          // its line hits, it does not
  EXPECT_OVERLAP(seg<T>(-3, -3, 10, -1), box<T>(), false);      // below
  EXPECT_OVERLAP(seg<T>(-10, -10, 10, 10), box<T>(),
                 true);  // diagonal y = x, in at (0, 0), out at (2, 2)
  // Zero-length segment; zero-extent box.
  EXPECT_OVERLAP(seg<T>(4, 2, 4, 2), box<T>(), true);
  EXPECT_OVERLAP(seg<T>(4 + g, 2, 4 + g, 2), box<T>(), false);
  EXPECT_OVERLAP(seg<T>(0, 0, 4, 2), aabb<T>(2, 1, 2, 1), true);
  EXPECT_OVERLAP(seg<T>(0, g, 4, 2 + g), aabb<T>(2, 1, 2, 1), false);
}

TYPED_TEST(OverlapRoundBoxTest, SegmentObb) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(seg<T>(-5, 0, 5, 0), q<T>(), true);           // across
  EXPECT_OVERLAP(seg<T>(0, -1, 0, 1), q<T>(), true);           // wholly inside
  EXPECT_OVERLAP(seg<T>(1, -3, 1, 3), q<T>(), true);           // along the right edge
  EXPECT_OVERLAP(seg<T>(1 + g, -3, 1 + g, 3), q<T>(), false);  // just right of it
  EXPECT_OVERLAP(seg<T>(-3, 2, 3, 2), q<T>(), true);           // along the top edge
  EXPECT_OVERLAP(seg<T>(0, 3, 2, 1), q<T>(), true);            // grazing the corner (1, 2)
  EXPECT_OVERLAP(seg<T>(0, 3 + g, 2, 1 + g), q<T>(), false);
  EXPECT_OVERLAP(seg<T>(1.5, -1, 1.5, 1), q<T>(), false);  // inside the unturned box only
  EXPECT_OVERLAP(seg<T>(1, 2, 3, 5), q<T>(), true);        // an end on the corner
  EXPECT_OVERLAP(seg<T>(1 + g, 2, 3, 5), q<T>(), false);
  // The diamond: the line x = 1.25 cuts it, x = 1.5 misses (corner at 1.414).
  EXPECT_OVERLAP(seg<T>(1.25, -3, 1.25, 3), diamond<T>(), true);
  EXPECT_OVERLAP(seg<T>(1.5, -3, 1.5, 3), diamond<T>(), false);
  // Zero-length segment; zero-extent box.
  EXPECT_OVERLAP(seg<T>(-1, -2, -1, -2), q<T>(), true);
  EXPECT_OVERLAP(seg<T>(-1, -2 - g, -1, -2 - g), q<T>(), false);
  EXPECT_OVERLAP(seg<T>(0, 0, 4, 2), obb<T>(2, 1, 0, 0, quarter_turn<T>), true);
  EXPECT_OVERLAP(seg<T>(0, g, 4, 2 + g), obb<T>(2, 1, 0, 0, quarter_turn<T>), false);
}

TYPED_TEST(OverlapRoundBoxTest, CircleAabb) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(circle<T>(5, 1, 2), box<T>(), true);  // overlapping an edge
  EXPECT_OVERLAP(circle<T>(2, 4, 2), box<T>(), true);  // tangent to the top edge
  EXPECT_OVERLAP(circle<T>(2, 4 + g, 2), box<T>(), false);
  EXPECT_OVERLAP(circle<T>(-3, 1, 3), box<T>(), true);  // tangent to the left edge
  EXPECT_OVERLAP(circle<T>(-3 - g, 1, 3), box<T>(), false);
  EXPECT_OVERLAP(circle<T>(7, 6, 5), box<T>(), true);  // tangent at the corner (4, 2)
  EXPECT_OVERLAP(circle<T>(7 + g, 6, 5), box<T>(), false);
  EXPECT_OVERLAP(circle<T>(5, 3, 1), box<T>(), false);   // near the corner: sqrt(2) > 1
  EXPECT_OVERLAP(circle<T>(2, 1, 0.5), box<T>(), true);  // wholly inside the box
  EXPECT_OVERLAP(circle<T>(2, 1, 10), box<T>(), true);   // box wholly inside the circle
  EXPECT_OVERLAP(circle<T>(10, 10, 1), box<T>(), false);
  // Zero radius; zero-extent box.
  EXPECT_OVERLAP(circle<T>(4, 1, 0), box<T>(), true);
  EXPECT_OVERLAP(circle<T>(4 + g, 1, 0), box<T>(), false);
  EXPECT_OVERLAP(circle<T>(2, 5, 3), aabb<T>(2, 2, 2, 2), true);
  EXPECT_OVERLAP(circle<T>(2, 5 + g, 3), aabb<T>(2, 2, 2, 2), false);
}

TYPED_TEST(OverlapRoundBoxTest, CircleObb) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(circle<T>(0, 0, 1), q<T>(), true);
  EXPECT_OVERLAP(circle<T>(3, 0, 2), q<T>(), true);  // tangent to the right edge
  EXPECT_OVERLAP(circle<T>(3 + g, 0, 2), q<T>(), false);
  EXPECT_OVERLAP(circle<T>(0, 5, 3), q<T>(), true);  // tangent to the top edge
  EXPECT_OVERLAP(circle<T>(0, 5 + g, 3), q<T>(), false);
  EXPECT_OVERLAP(circle<T>(4, 6, 5), q<T>(), true);  // tangent at the corner (1, 2)
  EXPECT_OVERLAP(circle<T>(4, 6 + g, 5), q<T>(), false);
  EXPECT_OVERLAP(circle<T>(3.5, 0, 2), q<T>(), false);               // would touch the unturned box
  EXPECT_OVERLAP(circle<T>(0, 0, 10), q<T>(), true);                 // box inside the circle
  EXPECT_OVERLAP(circle<T>(0, 1, 0.5), q<T>(), true);                // circle inside the box
  EXPECT_OVERLAP(circle<T>(10, 13, 2), obb<T>(10, 10, 2, 1), true);  // unturned, tangent on top
  EXPECT_OVERLAP(circle<T>(10, 13 + g, 2), obb<T>(10, 10, 2, 1), false);
  // The diamond: the corner at (1.414, 0); a circle at (3, 0) reaches it with radius 1.75, not 1.5.
  EXPECT_OVERLAP(circle<T>(3, 0, 1.75), diamond<T>(), true);
  EXPECT_OVERLAP(circle<T>(3, 0, 1.5), diamond<T>(), false);
  // Zero radius; zero-extent box.
  EXPECT_OVERLAP(circle<T>(1, 2, 0), q<T>(), true);
  EXPECT_OVERLAP(circle<T>(1, 2 + g, 0), q<T>(), false);
  EXPECT_OVERLAP(circle<T>(3, 4, 5), obb<T>(0, 0, 0, 0, quarter_turn<T>), true);
  EXPECT_OVERLAP(circle<T>(3, 4 + g, 5), obb<T>(0, 0, 0, 0, quarter_turn<T>), false);
}

TYPED_TEST(OverlapRoundBoxTest, CapsuleAabb) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(capsule<T>(-1, 1, 5, 1, 0.5), box<T>(), true);  // across
  EXPECT_OVERLAP(capsule<T>(-3, 4, 7, 4, 2), box<T>(), true);    // side tangent to the top
  EXPECT_OVERLAP(capsule<T>(-3, 4 + g, 7, 4 + g, 2), box<T>(), false);
  EXPECT_OVERLAP(capsule<T>(7, 6, 10, 10, 5), box<T>(), true);  // end tangent at (4, 2)
  EXPECT_OVERLAP(capsule<T>(7 + g, 6, 10, 10, 5), box<T>(), false);
  EXPECT_OVERLAP(capsule<T>(6, -3, 6, 5, 2), box<T>(), true);  // side tangent to x = 4
  EXPECT_OVERLAP(capsule<T>(6 + g, -3, 6 + g, 5, 2), box<T>(), false);
  EXPECT_OVERLAP(capsule<T>(5, 3, 9, 3, 1), box<T>(), false);   // corner sqrt(2) from core
  EXPECT_OVERLAP(capsule<T>(4, 3, 9, 3, 1), box<T>(), true);    // end a right above (4, 2)
  EXPECT_OVERLAP(capsule<T>(1, 1, 3, 1, 0.5), box<T>(), true);  // capsule inside the box
  EXPECT_OVERLAP(capsule<T>(2, 1, 2, 1, 10), box<T>(), true);   // box inside the capsule
  EXPECT_OVERLAP(capsule<T>(-10, 1, 10, 1, 5), box<T>(), true);
  EXPECT_OVERLAP(capsule<T>(10, 10, 20, 20, 1), box<T>(), false);
  // Degenerate: radius 0 (a segment grazing the corner), a == b (a circle), zero-extent box.
  EXPECT_OVERLAP(capsule<T>(3, 3, 5, 1, 0), box<T>(), true);
  EXPECT_OVERLAP(capsule<T>(3, 3 + g, 5, 1 + g, 0), box<T>(), false);
  EXPECT_OVERLAP(capsule<T>(2, 4, 2, 4, 2), box<T>(), true);
  EXPECT_OVERLAP(capsule<T>(2, 4 + g, 2, 4 + g, 2), box<T>(), false);
  EXPECT_OVERLAP(capsule<T>(0, 3, 4, 3, 1), aabb<T>(2, 2, 2, 2), true);
  EXPECT_OVERLAP(capsule<T>(0, 3 + g, 4, 3 + g, 1), aabb<T>(2, 2, 2, 2), false);
}

TYPED_TEST(OverlapRoundBoxTest, CapsuleObb) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(capsule<T>(-5, 0, 5, 0, 0.5), q<T>(), true);  // across
  EXPECT_OVERLAP(capsule<T>(3, -5, 3, 5, 2), q<T>(), true);    // side tangent to x = 1
  EXPECT_OVERLAP(capsule<T>(3 + g, -5, 3 + g, 5, 2), q<T>(), false);
  EXPECT_OVERLAP(capsule<T>(3.5, -5, 3.5, 5, 2), q<T>(), false);  // would touch unturned box
  EXPECT_OVERLAP(capsule<T>(-5, 3, 5, 3, 1), q<T>(), true);       // side tangent to y = 2
  EXPECT_OVERLAP(capsule<T>(-5, 3 + g, 5, 3 + g, 1), q<T>(), false);
  EXPECT_OVERLAP(capsule<T>(4, 6, 8, 9, 5), q<T>(), true);  // end tangent at (1, 2)
  EXPECT_OVERLAP(capsule<T>(4, 6 + g, 8, 9 + g, 5), q<T>(), false);
  EXPECT_OVERLAP(capsule<T>(0, -1, 0, 1, 0.5), q<T>(), true);  // capsule inside the box
  EXPECT_OVERLAP(capsule<T>(0, 0, 0, 0, 10), q<T>(), true);    // box inside the capsule
  EXPECT_OVERLAP(capsule<T>(10, 10, 20, 20, 1), q<T>(), false);
  // The diamond: core x = 2.5 passes the corner (1.414, 0) at 1.086: radius 1.25 reaches, 1 does
  // not.
  EXPECT_OVERLAP(capsule<T>(2.5, -3, 2.5, 3, 1.25), diamond<T>(), true);
  EXPECT_OVERLAP(capsule<T>(2.5, -3, 2.5, 3, 1), diamond<T>(), false);
  // Degenerate: radius 0, a == b, zero-extent box.
  EXPECT_OVERLAP(capsule<T>(0, 3, 2, 1, 0), q<T>(), true);
  EXPECT_OVERLAP(capsule<T>(0, 3 + g, 2, 1 + g, 0), q<T>(), false);
  EXPECT_OVERLAP(capsule<T>(3, 0, 3, 0, 2), q<T>(), true);
  EXPECT_OVERLAP(capsule<T>(3 + g, 0, 3 + g, 0, 2), q<T>(), false);
  EXPECT_OVERLAP(capsule<T>(-2, 1, 2, 1, 1), obb<T>(0, 0, 0, 0, quarter_turn<T>), true);
  EXPECT_OVERLAP(capsule<T>(-2, 1 + g, 2, 1 + g, 1), obb<T>(0, 0, 0, 0, quarter_turn<T>), false);
}

}  // namespace
}  // namespace c2t
