// overlaps by hand among the round family: Point, Segment, Circle, Capsule (10 pairs).
// Each case is checked in both argument orders and through the Shape variant (EXPECT_OVERLAP).
// g = 1/64 is the "just apart" gap; every other number is a small integer, so each expectation is
// exact arithmetic on paper: closed sets, so touching overlaps.
#include <cmath>

#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class OverlapRoundTest : public ::testing::Test {};
TYPED_TEST_SUITE(OverlapRoundTest, Scalars);

TYPED_TEST(OverlapRoundTest, PointPoint) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(pt<T>(1, 2), pt<T>(1, 2), true);        // the same point
  EXPECT_OVERLAP(pt<T>(0, 0), pt<T>(-0.0, -0.0), true);  // -0 is 0
  EXPECT_OVERLAP(pt<T>(1, 2), pt<T>(1, 3), false);
  EXPECT_OVERLAP(pt<T>(1, 2), pt<T>(1 + g, 2), false);
  EXPECT_OVERLAP(pt<T>(1, 2), pt<T>(-100, 50), false);
}

TYPED_TEST(OverlapRoundTest, PointSegment) {
  using T = TypeParam;
  const double g = gap<double>;
  const Segment<T> s = seg<T>(0, 0, 4, 2);
  EXPECT_OVERLAP(pt<T>(2, 1), s, true);       // midpoint
  EXPECT_OVERLAP(pt<T>(0, 0), s, true);       // end a
  EXPECT_OVERLAP(pt<T>(4, 2), s, true);       // end b
  EXPECT_OVERLAP(pt<T>(2, 1 + g), s, false);  // just off the middle
  EXPECT_OVERLAP(pt<T>(6, 3), s, false);      // on the line, past b
  EXPECT_OVERLAP(pt<T>(-2, -1), s, false);    // on the line, before a
  EXPECT_OVERLAP(pt<T>(4 + g, 2), s, false);  // just past b
  EXPECT_OVERLAP(pt<T>(5, 5), s, false);
  // A zero-length segment is a point.
  EXPECT_OVERLAP(pt<T>(1, 1), seg<T>(1, 1, 1, 1), true);
  EXPECT_OVERLAP(pt<T>(1, 1 + g), seg<T>(1, 1, 1, 1), false);
  // Vertical and horizontal segments.
  EXPECT_OVERLAP(pt<T>(3, -7), seg<T>(3, -10, 3, 10), true);
  EXPECT_OVERLAP(pt<T>(3 - g, -7), seg<T>(3, -10, 3, 10), false);
}

TYPED_TEST(OverlapRoundTest, PointCircle) {
  using T = TypeParam;
  const double g = gap<double>;
  const Circle<T> c = circle<T>(0, 0, 5);
  EXPECT_OVERLAP(pt<T>(0, 0), c, true);       // centre
  EXPECT_OVERLAP(pt<T>(1, -2), c, true);      // inside
  EXPECT_OVERLAP(pt<T>(3, 4), c, true);       // on the boundary (3-4-5)
  EXPECT_OVERLAP(pt<T>(-5, 0), c, true);      // on the boundary
  EXPECT_OVERLAP(pt<T>(3, 4 + g), c, false);  // just outside
  EXPECT_OVERLAP(pt<T>(5 + g, 0), c, false);
  EXPECT_OVERLAP(pt<T>(10, 10), c, false);
  // Away from the origin: circle (10, 20) radius 13, boundary point (15, 32).
  EXPECT_OVERLAP(pt<T>(15, 32), circle<T>(10, 20, 13), true);
  EXPECT_OVERLAP(pt<T>(15, 32 + g), circle<T>(10, 20, 13), false);
  // A zero-radius circle is a point.
  EXPECT_OVERLAP(pt<T>(1, 1), circle<T>(1, 1, 0), true);
  EXPECT_OVERLAP(pt<T>(1 + g, 1), circle<T>(1, 1, 0), false);
}

TYPED_TEST(OverlapRoundTest, PointCapsule) {
  using T = TypeParam;
  const double g = gap<double>;
  const Capsule<T> c = capsule<T>(0, 0, 10, 0, 5);
  EXPECT_OVERLAP(pt<T>(5, 0), c, true);  // on the core
  EXPECT_OVERLAP(pt<T>(2, 3), c, true);  // inside
  EXPECT_OVERLAP(pt<T>(5, 5), c, true);  // on the flat side
  EXPECT_OVERLAP(pt<T>(5, -5), c, true);
  EXPECT_OVERLAP(pt<T>(13, 4), c, true);       // on the rounded end at b: (3, 4) from b
  EXPECT_OVERLAP(pt<T>(-3, -4), c, true);      // on the rounded end at a
  EXPECT_OVERLAP(pt<T>(15, 0), c, true);       // the tip of the end at b
  EXPECT_OVERLAP(pt<T>(5, 5 + g), c, false);   // just off the side
  EXPECT_OVERLAP(pt<T>(13, 4 + g), c, false);  // just off the rounded end
  EXPECT_OVERLAP(pt<T>(15 + g, 0), c, false);
  EXPECT_OVERLAP(pt<T>(-5 - g, 0), c, false);
  EXPECT_OVERLAP(pt<T>(20, 20), c, false);
  // a == b: a circle.
  EXPECT_OVERLAP(pt<T>(3, 2), capsule<T>(2, 2, 2, 2, 1), true);
  EXPECT_OVERLAP(pt<T>(3 + g, 2), capsule<T>(2, 2, 2, 2, 1), false);
  // Radius 0: a segment.
  EXPECT_OVERLAP(pt<T>(2, 0), capsule<T>(0, 0, 4, 0, 0), true);
  EXPECT_OVERLAP(pt<T>(2, g), capsule<T>(0, 0, 4, 0, 0), false);
  // Both: a point.
  EXPECT_OVERLAP(pt<T>(2, 2), capsule<T>(2, 2, 2, 2, 0), true);
  EXPECT_OVERLAP(pt<T>(2, 2 + g), capsule<T>(2, 2, 2, 2, 0), false);
  // A slanted capsule: core (0, 0)-(3, 4), radius 5; (4, -3) is 5 from a, perpendicular to ab.
  EXPECT_OVERLAP(pt<T>(4, -3), capsule<T>(0, 0, 3, 4, 5), true);
  EXPECT_OVERLAP(pt<T>(7, 1), capsule<T>(0, 0, 3, 4, 5), true);  // (4, -3) + ab, beside b
  EXPECT_OVERLAP(pt<T>(4 + g, -3), capsule<T>(0, 0, 3, 4, 5), false);
}

TYPED_TEST(OverlapRoundTest, SegmentSegment) {
  using T = TypeParam;
  const double g = gap<double>;
  const Segment<T> s = seg<T>(0, 0, 4, 0);
  EXPECT_OVERLAP(seg<T>(0, 0, 4, 4), seg<T>(0, 4, 4, 0), true);  // an X
  EXPECT_OVERLAP(s, seg<T>(2, 0, 2, 3), true);                   // T: end on the other's middle
  EXPECT_OVERLAP(s, seg<T>(2, g, 2, 3), false);                  // just above it
  EXPECT_OVERLAP(s, seg<T>(2, -3, 2, -g), false);                // just below it
  EXPECT_OVERLAP(seg<T>(0, 0, 2, 2), seg<T>(2, 2, 4, 0), true);  // sharing an end
  EXPECT_OVERLAP(seg<T>(0, 0, 2, 2), seg<T>(2 + g, 2, 4, 0), false);
  EXPECT_OVERLAP(s, seg<T>(0, 1, 4, 1), false);   // parallel
  EXPECT_OVERLAP(s, seg<T>(5, -1, 5, 1), false);  // beyond the end
  // Collinear: overlapping, touching at an end, just apart, one inside the other.
  EXPECT_OVERLAP(s, seg<T>(2, 0, 6, 0), true);
  EXPECT_OVERLAP(s, seg<T>(4, 0, 6, 0), true);
  EXPECT_OVERLAP(s, seg<T>(6, 0, 4, 0), true);
  EXPECT_OVERLAP(s, seg<T>(4 + g, 0, 6, 0), false);
  EXPECT_OVERLAP(s, seg<T>(-3, 0, -g, 0), false);
  EXPECT_OVERLAP(s, seg<T>(1, 0, 3, 0), true);
  EXPECT_OVERLAP(seg<T>(1, 1, 3, 3), seg<T>(0, 0, 4, 4), true);  // diagonal, inside
  // Zero-length segments.
  EXPECT_OVERLAP(s, seg<T>(2, 0, 2, 0), true);
  EXPECT_OVERLAP(s, seg<T>(4, 0, 4, 0), true);
  EXPECT_OVERLAP(s, seg<T>(2, g, 2, g), false);
  EXPECT_OVERLAP(s, seg<T>(5, 0, 5, 0), false);  // on the line, past the end
  EXPECT_OVERLAP(seg<T>(1, 1, 1, 1), seg<T>(1, 1, 1, 1), true);
  EXPECT_OVERLAP(seg<T>(1, 1, 1, 1), seg<T>(2, 1, 2, 1), false);
  EXPECT_OVERLAP(seg<T>(1, 1, 1, 1), seg<T>(1 + g, 1, 1 + g, 1), false);
}

TYPED_TEST(OverlapRoundTest, SegmentCircle) {
  using T = TypeParam;
  const double g = gap<double>;
  const Circle<T> c = circle<T>(0, 0, 5);
  EXPECT_OVERLAP(seg<T>(-10, 0, 10, 0), c, true);           // through the centre
  EXPECT_OVERLAP(seg<T>(-10, 5, 10, 5), c, true);           // tangent to the top
  EXPECT_OVERLAP(seg<T>(-10, 5 + g, 10, 5 + g), c, false);  // just above
  EXPECT_OVERLAP(seg<T>(-1, 0, 1, 0), c, true);             // wholly inside the circle
  EXPECT_OVERLAP(seg<T>(3, 4, 6, 8), c, true);              // an end on the boundary
  EXPECT_OVERLAP(seg<T>(5, 0, 9, 0), c, true);
  EXPECT_OVERLAP(seg<T>(5 + g, 0, 9, 0), c, false);
  EXPECT_OVERLAP(seg<T>(-10, 5, -6, 5), c, false);  // on the tangent line, before the tangent point
  EXPECT_OVERLAP(seg<T>(10, 10, 20, 20), c, false);
  // Tangent at (3, 4): the segment runs along the tangent line 3x + 4y = 25.
  EXPECT_OVERLAP(seg<T>(-1, 7, 7, 1), c, true);
  // Zero-length segment and zero-radius circle.
  EXPECT_OVERLAP(seg<T>(3, 4, 3, 4), c, true);
  EXPECT_OVERLAP(seg<T>(3, 4 + g, 3, 4 + g), c, false);
  EXPECT_OVERLAP(seg<T>(0, 0, 4, 0), circle<T>(2, 0, 0), true);
  EXPECT_OVERLAP(seg<T>(0, g, 4, g), circle<T>(2, 0, 0), false);
}

TYPED_TEST(OverlapRoundTest, SegmentCapsule) {
  using T = TypeParam;
  const double g = gap<double>;
  const Capsule<T> c = capsule<T>(0, 0, 4, 0, 1);
  EXPECT_OVERLAP(seg<T>(2, -3, 2, 3), c, true);    // across the core
  EXPECT_OVERLAP(seg<T>(-10, 0, 10, 0), c, true);  // along the core, through both ends
  EXPECT_OVERLAP(seg<T>(1, 0, 3, 0), c, true);     // wholly inside
  EXPECT_OVERLAP(seg<T>(1, 0.5, 3, -0.5), c, true);
  EXPECT_OVERLAP(seg<T>(-2, 1, 6, 1), c, true);           // along the flat side
  EXPECT_OVERLAP(seg<T>(-2, 1 + g, 6, 1 + g), c, false);  // just above it
  EXPECT_OVERLAP(seg<T>(5, -3, 5, 3), c, true);           // tangent to the rounded end at b
  EXPECT_OVERLAP(seg<T>(5 + g, -3, 5 + g, 3), c, false);
  EXPECT_OVERLAP(seg<T>(-1, 2, -1, 5), c, false);  // beside the end at a
  EXPECT_OVERLAP(seg<T>(2, 1, 2, 5), c, true);     // an end on the side
  EXPECT_OVERLAP(seg<T>(2, 1 + g, 2, 5), c, false);
  EXPECT_OVERLAP(seg<T>(10, 10, 20, 20), c, false);
  // Zero-length segment; capsule with a == b (a circle); capsule with radius 0 (a segment).
  EXPECT_OVERLAP(seg<T>(5, 0, 5, 0), c, true);
  EXPECT_OVERLAP(seg<T>(5 + g, 0, 5 + g, 0), c, false);
  EXPECT_OVERLAP(seg<T>(0, 1, 4, 1), capsule<T>(2, 0, 2, 0, 1), true);
  EXPECT_OVERLAP(seg<T>(0, 1 + g, 4, 1 + g), capsule<T>(2, 0, 2, 0, 1), false);
  EXPECT_OVERLAP(seg<T>(2, -3, 2, 0), capsule<T>(0, 0, 4, 0, 0), true);
  EXPECT_OVERLAP(seg<T>(2, -3, 2, -g), capsule<T>(0, 0, 4, 0, 0), false);
}

TYPED_TEST(OverlapRoundTest, CircleCircle) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(circle<T>(0, 0, 2), circle<T>(3, 0, 2), true);       // overlapping
  EXPECT_OVERLAP(circle<T>(0, 0, 2), circle<T>(4, 0, 2), true);       // tangent
  EXPECT_OVERLAP(circle<T>(0, 0, 2), circle<T>(3, 4, 3), true);       // tangent, 3-4-5
  EXPECT_OVERLAP(circle<T>(0, 0, 2), circle<T>(4 + g, 0, 2), false);  // just apart
  EXPECT_OVERLAP(circle<T>(0, 0, 2), circle<T>(3, 4 + g, 3), false);
  EXPECT_OVERLAP(circle<T>(0, 0, 2), circle<T>(10, 10, 3), false);
  EXPECT_OVERLAP(circle<T>(0, 0, 5), circle<T>(1, 1, 1), true);  // one inside the other
  EXPECT_OVERLAP(circle<T>(0, 0, 5), circle<T>(3, 0, 2), true);  // inside, internally tangent
  EXPECT_OVERLAP(circle<T>(1, 1, 3), circle<T>(1, 1, 3), true);  // the same circle
  // Far from the origin: centres 25 apart along (7, 24), radii 10 and 15.
  EXPECT_OVERLAP(circle<T>(1000, 2000, 10), circle<T>(1007, 2024, 15), true);
  EXPECT_OVERLAP(circle<T>(1000, 2000, 10), circle<T>(1007, 2024, 15 - g), false);
  // Zero radius.
  EXPECT_OVERLAP(circle<T>(0, 0, 0), circle<T>(0, 0, 0), true);
  EXPECT_OVERLAP(circle<T>(0, 0, 0), circle<T>(g, 0, 0), false);
  EXPECT_OVERLAP(circle<T>(0, 0, 0), circle<T>(3, 4, 5), true);
  EXPECT_OVERLAP(circle<T>(0, 0, 0), circle<T>(3, 4, 5 - g), false);
}

TYPED_TEST(OverlapRoundTest, CircleCapsule) {
  using T = TypeParam;
  const double g = gap<double>;
  const Capsule<T> c = capsule<T>(0, 0, 4, 0, 1);
  EXPECT_OVERLAP(circle<T>(2, 0, 1), c, true);
  EXPECT_OVERLAP(circle<T>(2, 3, 2), c, true);  // tangent to the side
  EXPECT_OVERLAP(circle<T>(2, 3 + g, 2), c, false);
  EXPECT_OVERLAP(circle<T>(7, 0, 2), c, true);  // tangent to the end at b
  EXPECT_OVERLAP(circle<T>(7 + g, 0, 2), c, false);
  EXPECT_OVERLAP(circle<T>(-3, 4, 4), c, true);  // tangent to the end at a, 3-4-5
  EXPECT_OVERLAP(circle<T>(-3, 4 + g, 4), c, false);
  EXPECT_OVERLAP(circle<T>(20, 0, 1), c, false);
  EXPECT_OVERLAP(circle<T>(2, 0, 10), c, true);                          // circle contains capsule
  EXPECT_OVERLAP(circle<T>(5, 0, 1), capsule<T>(0, 0, 10, 0, 5), true);  // capsule contains circle
  // Capsule with a == b is a circle; radius-0 capsule is a segment; radius-0 circle a point.
  EXPECT_OVERLAP(circle<T>(2, 0, 1), capsule<T>(0, 0, 0, 0, 1), true);
  EXPECT_OVERLAP(circle<T>(2 + g, 0, 1), capsule<T>(0, 0, 0, 0, 1), false);
  EXPECT_OVERLAP(circle<T>(2, 1, 1), capsule<T>(0, 0, 4, 0, 0), true);
  EXPECT_OVERLAP(circle<T>(2, 1 + g, 1), capsule<T>(0, 0, 4, 0, 0), false);
  EXPECT_OVERLAP(circle<T>(5, 0, 0), c, true);
  EXPECT_OVERLAP(circle<T>(5 + g, 0, 0), c, false);
}

TYPED_TEST(OverlapRoundTest, CapsuleCapsule) {
  using T = TypeParam;
  const double g = gap<double>;
  const Capsule<T> c = capsule<T>(0, 0, 4, 0, 1);
  EXPECT_OVERLAP(c, capsule<T>(0, 3, 4, 3, 2), true);  // parallel, sides touching
  EXPECT_OVERLAP(c, capsule<T>(0, 3 + g, 4, 3 + g, 2), false);
  EXPECT_OVERLAP(c, capsule<T>(6, 0, 10, 0, 1), true);  // end to end
  EXPECT_OVERLAP(c, capsule<T>(6 + g, 0, 10, 0, 1), false);
  EXPECT_OVERLAP(c, capsule<T>(2, 3, 2, 6, 2), true);  // T: end onto the side
  EXPECT_OVERLAP(c, capsule<T>(2, 3 + g, 2, 6, 2), false);
  EXPECT_OVERLAP(capsule<T>(0, 0, 4, 4, 1), capsule<T>(0, 4, 4, 0, 1), true);  // an X
  EXPECT_OVERLAP(c, capsule<T>(1, 0.5, 3, 0.5, 0.25), true);                   // one inside
  EXPECT_OVERLAP(capsule<T>(0, 0, 10, 0, 5), capsule<T>(4, 0, 6, 0, 1), true);
  EXPECT_OVERLAP(c, capsule<T>(20, 20, 30, 30, 1), false);
  // End caps meeting at an angle: b of the first at (4, 0), a of the second at (7, 4), 5 apart.
  EXPECT_OVERLAP(capsule<T>(0, 0, 4, 0, 2), capsule<T>(7, 4, 7, 10, 3), true);
  EXPECT_OVERLAP(capsule<T>(0, 0, 4, 0, 2), capsule<T>(7, 4 + g, 7, 10, 3), false);
  // Degenerate: both radius 0 (segments), both a == b (circles).
  EXPECT_OVERLAP(capsule<T>(0, 0, 4, 0, 0), capsule<T>(4, 0, 6, 2, 0), true);
  EXPECT_OVERLAP(capsule<T>(0, 0, 4, 0, 0), capsule<T>(4 + g, 0, 6, 2, 0), false);
  EXPECT_OVERLAP(capsule<T>(0, 0, 0, 0, 1), capsule<T>(2, 0, 2, 0, 1), true);
  EXPECT_OVERLAP(capsule<T>(0, 0, 0, 0, 1), capsule<T>(2 + g, 0, 2 + g, 0, 1), false);
  EXPECT_OVERLAP(capsule<T>(0, 0, 0, 0, 0), capsule<T>(0, 0, 0, 0, 0), true);
}

// Regression (found by the adversarial "far" property cases): for a point beside a capsule's
// segment the test compares cross^2 with r^2 |d|^2, fourth powers of the coordinates. In float
// both overflowed to infinity near 1e10 (here cross^2 = 9 * 2^126 and r^2 |d|^2 = 2^128), and
// inf <= inf answered "overlap" for a point 3 * 2^30 from the segment with a radius of 2^31.
// Every number below is a power of two or a sum of a few, exact in float.
TYPED_TEST(OverlapRoundTest, FourthPowersDoNotOverflow) {
  using T = TypeParam;
  const double k = std::ldexp(1.0, 30);
  const double y = 8 * k;  // the capsule's segment: y = 2^33, x in [-2^32, 2^32], radius 2^31
  const Capsule<T> c = capsule<T>(-4 * k, y, 4 * k, y, 2 * k);
  EXPECT_OVERLAP(pt<T>(0, y + 3 * k), c, false);
  EXPECT_OVERLAP(pt<T>(0, y + 2 * k), c, true);         // on the boundary
  EXPECT_OVERLAP(circle<T>(0, y + 3 * k, k), c, true);  // touching
  EXPECT_OVERLAP(seg<T>(-k, y + 3 * k, k, y + 3 * k), c, false);
}

// Regression (found by the adversarial near-parallel property cases): nearly collinear float
// segments, the second starting 0.355 beyond the end of the first. The orientation of its start
// against the first segment's line rounds to exactly 0, and the side tests took that for "on the
// segment": the segments (and a capsule of radius 0.3499 around the second) were reported
// touching. Exactly, the gap is 0.3552 (double agrees); the band at this scale is 5.7e-4.
TEST(OverlapRoundRegression, NearlyCollinearSegmentsBeyondEachOthersEnds) {
  using T = float;
  const Segment<float> a{{55.7547607421875f, -16.503799438476562f},
                         {73.27838134765625f, 2.1190061569213867f}};
  const Vec2<float> c0{73.52178955078125f, 2.3776843547821045f};
  const Vec2<float> c1{74.228012084960938f, 3.1282069683074951f};
  EXPECT_OVERLAP(a, (Segment<float>{c0, c1}), false);
  EXPECT_OVERLAP(a, (Capsule<float>{c0, c1, 0.34989932179450989f}), false);
  EXPECT_OVERLAP(a, (Capsule<float>{c0, c1, 0.36f}), true);  // past the 0.3552 gap
}

}  // namespace
}  // namespace c2t
