// overlaps by hand: Point, Segment, Circle, Capsule against ConvexPolygon (4 pairs).
//
// The polygons used throughout:
//   tri  = (0, 0), (4, 0), (0, 4): legs on the axes, hypotenuse x + y = 4.
//   tilt = (0, 0), (4, -3), (7, 1), (3, 4): a square of side 5 with 3-4-5 edges, so distances
//          to its edges are exact; edge 0 runs (0, 0) -> (4, -3) with outward normal (-3, -4) / 5,
//          its midpoint is (2, -1.5).
// Each case runs in both argument orders and through the Shape variant; g = 1/64.
#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class OverlapRoundPolygonTest : public ::testing::Test {};
TYPED_TEST_SUITE(OverlapRoundPolygonTest, Scalars);

template <class T>
ConvexPolygon<T> tri() {
  return poly<T>({V<T>(0, 0), V<T>(4, 0), V<T>(0, 4)});
}
template <class T>
ConvexPolygon<T> tilt() {
  return poly<T>({V<T>(0, 0), V<T>(4, -3), V<T>(7, 1), V<T>(3, 4)});
}

TYPED_TEST(OverlapRoundPolygonTest, PointPolygon) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(pt<T>(1, 1), tri<T>(), true);  // inside
  EXPECT_OVERLAP(pt<T>(2, 2), tri<T>(), true);  // on the hypotenuse
  EXPECT_OVERLAP(pt<T>(2, 0), tri<T>(), true);  // on a leg
  EXPECT_OVERLAP(pt<T>(0, 3), tri<T>(), true);
  EXPECT_OVERLAP(pt<T>(4, 0), tri<T>(), true);  // on a vertex
  EXPECT_OVERLAP(pt<T>(0, 0), tri<T>(), true);
  EXPECT_OVERLAP(pt<T>(2 + g, 2), tri<T>(), false);  // just past the hypotenuse
  EXPECT_OVERLAP(pt<T>(-g, 1), tri<T>(), false);
  EXPECT_OVERLAP(pt<T>(2, -g), tri<T>(), false);
  EXPECT_OVERLAP(pt<T>(4 + g, 0), tri<T>(), false);
  EXPECT_OVERLAP(pt<T>(3, 3), tri<T>(), false);
  EXPECT_OVERLAP(pt<T>(-5, -5), tri<T>(), false);
  EXPECT_OVERLAP(pt<T>(3.5, 0.5), tilt<T>(), true);  // centre
  EXPECT_OVERLAP(pt<T>(7, 1), tilt<T>(), true);      // vertex
  EXPECT_OVERLAP(pt<T>(2, -1.5), tilt<T>(), true);   // middle of edge 0
  // (2, -1.5) moved g * (3, 4) outward: cross(e, p - v0) = -25 g < 0.
  EXPECT_OVERLAP(pt<T>(2 - 3 * g, -1.5 - 4 * g), tilt<T>(), false);
}

TYPED_TEST(OverlapRoundPolygonTest, SegmentPolygon) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(seg<T>(1, -1, 1, 5), tri<T>(), true);  // across
  EXPECT_OVERLAP(seg<T>(1, 1, 1, 2), tri<T>(), true);   // wholly inside
  EXPECT_OVERLAP(seg<T>(2, 2, 4, 4), tri<T>(), true);   // an end on the hypotenuse
  EXPECT_OVERLAP(seg<T>(2 + g, 2, 4, 4), tri<T>(), false);
  EXPECT_OVERLAP(seg<T>(-1, 0, 5, 0), tri<T>(), true);     // along a leg
  EXPECT_OVERLAP(seg<T>(-1, -g, 5, -g), tri<T>(), false);  // just below it
  EXPECT_OVERLAP(seg<T>(-2, 6, 6, -2), tri<T>(), true);    // along the hypotenuse's line
  EXPECT_OVERLAP(seg<T>(-2, 6 + g, 6, -2 + g), tri<T>(), false);
  EXPECT_OVERLAP(seg<T>(3, -1, 5, 1), tri<T>(), true);  // through the vertex (4, 0) only
  EXPECT_OVERLAP(seg<T>(3, -1 - g, 5, 1 - g), tri<T>(), false);
  EXPECT_OVERLAP(seg<T>(4, 0, 6, -2), tri<T>(), true);  // an end on the vertex
  EXPECT_OVERLAP(seg<T>(4 + g, 0, 6, -2), tri<T>(), false);
  EXPECT_OVERLAP(seg<T>(5, 5, 6, 6), tri<T>(), false);
  EXPECT_OVERLAP(seg<T>(3, 2, 3, -2), tri<T>(), true);    // across, near a vertex
  EXPECT_OVERLAP(seg<T>(3, 2, 5, -2), tri<T>(), true);    // touching only the vertex (4, 0)
  EXPECT_OVERLAP(seg<T>(5, -1, 6, -2), tri<T>(), false);  // on the hypotenuse's line, past (4, 0)
  // Along tilt's edge 0 and just outside it.
  EXPECT_OVERLAP(seg<T>(-4, 3, 8, -6), tilt<T>(), true);
  EXPECT_OVERLAP(seg<T>(-4 - 3 * g, 3 - 4 * g, 8 - 3 * g, -6 - 4 * g), tilt<T>(), false);
  // Zero-length segments.
  EXPECT_OVERLAP(seg<T>(4, 0, 4, 0), tri<T>(), true);
  EXPECT_OVERLAP(seg<T>(4 + g, 0, 4 + g, 0), tri<T>(), false);
  EXPECT_OVERLAP(seg<T>(1, 1, 1, 1), tri<T>(), true);
}

TYPED_TEST(OverlapRoundPolygonTest, CirclePolygon) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(circle<T>(2, -1, 2), tri<T>(), true);  // overlapping a leg
  EXPECT_OVERLAP(circle<T>(2, -2, 2), tri<T>(), true);  // tangent to the bottom leg
  EXPECT_OVERLAP(circle<T>(2, -2 - g, 2), tri<T>(), false);
  EXPECT_OVERLAP(circle<T>(-3, 1, 3), tri<T>(), true);  // tangent to the left leg
  EXPECT_OVERLAP(circle<T>(-3 - g, 1, 3), tri<T>(), false);
  EXPECT_OVERLAP(circle<T>(7, -4, 5), tri<T>(), true);  // tangent at the vertex (4, 0)
  EXPECT_OVERLAP(circle<T>(7 + g, -4, 5), tri<T>(), false);
  EXPECT_OVERLAP(circle<T>(1, 1, 0.5), tri<T>(), true);  // circle inside the polygon
  EXPECT_OVERLAP(circle<T>(1, 1, 10), tri<T>(), true);   // polygon inside the circle
  EXPECT_OVERLAP(circle<T>(10, 10, 2), tri<T>(), false);
  // tilt: tangent to edge 0 at its midpoint (centre 5 along the outward normal), and at a vertex.
  EXPECT_OVERLAP(circle<T>(-1, -5.5, 5), tilt<T>(), true);
  EXPECT_OVERLAP(circle<T>(-1, -5.5, 5 - g), tilt<T>(), false);
  EXPECT_OVERLAP(circle<T>(12, 1, 5), tilt<T>(), true);  // 5 right of the vertex (7, 1)
  EXPECT_OVERLAP(circle<T>(12 + g, 1, 5), tilt<T>(), false);
  // Zero radius.
  EXPECT_OVERLAP(circle<T>(4, 0, 0), tri<T>(), true);
  EXPECT_OVERLAP(circle<T>(4, -g, 0), tri<T>(), false);
}

TYPED_TEST(OverlapRoundPolygonTest, CapsulePolygon) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(capsule<T>(-1, 1, 5, 1, 1), tri<T>(), true);    // across
  EXPECT_OVERLAP(capsule<T>(-2, -2, 6, -2, 2), tri<T>(), true);  // side tangent to a leg
  EXPECT_OVERLAP(capsule<T>(-2, -2, 6, -2, 2 - g), tri<T>(), false);
  EXPECT_OVERLAP(capsule<T>(7, -4, 10, -8, 5), tri<T>(), true);  // end tangent at (4, 0)
  EXPECT_OVERLAP(capsule<T>(7 + g, -4, 10, -8, 5), tri<T>(), false);
  EXPECT_OVERLAP(capsule<T>(-3, 1, -3, 3, 3), tri<T>(), true);  // side tangent to x = 0
  EXPECT_OVERLAP(capsule<T>(-3 - g, 1, -3 - g, 3, 3), tri<T>(), false);
  EXPECT_OVERLAP(capsule<T>(1, 1, 2, 1, 0.5), tri<T>(), true);     // capsule inside
  EXPECT_OVERLAP(capsule<T>(1, 1, 1, 1, 10), tri<T>(), true);      // polygon inside
  EXPECT_OVERLAP(capsule<T>(-10, 1, 10, 1, 0.5), tri<T>(), true);  // through, ends outside
  EXPECT_OVERLAP(capsule<T>(10, 10, 20, 20, 1), tri<T>(), false);
  // tilt: core parallel to edge 0, shifted 5 along its outward normal (-3, -4) / 5.
  EXPECT_OVERLAP(capsule<T>(-3, -4, 1, -7, 5), tilt<T>(), true);
  EXPECT_OVERLAP(capsule<T>(-3, -4, 1, -7, 5 - g), tilt<T>(), false);
  // Degenerate: radius 0 (a segment through the vertex (4, 0)), a == b (a circle).
  EXPECT_OVERLAP(capsule<T>(3, -1, 5, 1, 0), tri<T>(), true);
  EXPECT_OVERLAP(capsule<T>(3, -1 - g, 5, 1 - g, 0), tri<T>(), false);
  EXPECT_OVERLAP(capsule<T>(2, -2, 2, -2, 2), tri<T>(), true);
  EXPECT_OVERLAP(capsule<T>(2, -2 - g, 2, -2 - g, 2), tri<T>(), false);
  EXPECT_OVERLAP(capsule<T>(4, 0, 4, 0, 0), tri<T>(), true);
}

}  // namespace
}  // namespace c2t
