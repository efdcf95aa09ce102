// distance and shape_cast hand cases: every expected value is exact on paper.
#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class DistanceTest : public ::testing::Test {};
TYPED_TEST_SUITE(DistanceTest, Scalars);

// distance(a, b) and distance(b, a) agree, with the points swapped; both points lie on their shape.
template <class T, class A, class B>
void expect_distance(const A& a, const B& b, double expected, Vec2<T> on_a, Vec2<T> on_b) {
  const T tolerance = T(1e-5);
  const DistanceResult<T> r = distance(a, b);
  expect_close(r.distance, T(expected), tolerance);
  expect_close(r.point_a, on_a, tolerance);
  expect_close(r.point_b, on_b, tolerance);
  const DistanceResult<T> s = distance(b, a);
  expect_close(s.distance, T(expected), tolerance);
  expect_close(s.point_a, on_b, tolerance);
  expect_close(s.point_b, on_a, tolerance);
}

// Overlapping shapes: distance 0 and one point common to both.
template <class T, class A, class B>
void expect_overlapping(const A& a, const B& b) {
  const DistanceResult<T> r = distance(a, b);
  EXPECT_EQ(r.distance, T(0));
  EXPECT_EQ(r.point_a, r.point_b);
  EXPECT_TRUE(overlaps(r.point_a, a)) << "common point not in A";
  EXPECT_TRUE(overlaps(r.point_a, b)) << "common point not in B";
}

TYPED_TEST(DistanceTest, PointsAndSegments) {
  using T = TypeParam;
  expect_distance<T>(pt<T>(0, 0), pt<T>(3, 4), 5, V<T>(0, 0), V<T>(3, 4));
  expect_distance<T>(pt<T>(1, 1), seg<T>(0, 0, 2, 0), 1, V<T>(1, 1), V<T>(1, 0));
  expect_distance<T>(pt<T>(-3, 4), seg<T>(0, 0, 2, 0), 5, V<T>(-3, 4), V<T>(0, 0));  // end region
  // Parallel segments overlapping in x: the closest pair is any; its length is what is fixed.
  EXPECT_EQ(distance(seg<T>(0, 0, 2, 0), seg<T>(1, 1, 3, 1)).distance, T(1));
  expect_distance<T>(seg<T>(0, 0, 2, 0), seg<T>(3, 1, 5, 3), std::sqrt(2.0), V<T>(2, 0),
                     V<T>(3, 1));
  expect_overlapping<T>(seg<T>(0, 0, 2, 0), seg<T>(1, -1, 1, 1));
  EXPECT_EQ(distance(seg<T>(0, 0, 2, 0), seg<T>(1, -1, 1, 1)).point_a, V<T>(1, 0));
  expect_overlapping<T>(seg<T>(0, 0, 2, 0), seg<T>(1, 0, 3, 0));  // collinear overlap
  expect_distance<T>(seg<T>(0, 0, 2, 0), seg<T>(3, 0, 5, 0), 1, V<T>(2, 0), V<T>(3, 0));
}

TYPED_TEST(DistanceTest, Circles) {
  using T = TypeParam;
  expect_distance<T>(circle<T>(0, 0, 1), circle<T>(5, 0, 1), 3, V<T>(1, 0), V<T>(4, 0));
  expect_overlapping<T>(circle<T>(0, 0, 1), circle<T>(0, 0, 3));  // concentric
  expect_overlapping<T>(circle<T>(0, 0, 1), circle<T>(2, 0, 1));  // tangent
  EXPECT_EQ(distance(circle<T>(0, 0, 1), circle<T>(2, 0, 1)).point_a, V<T>(1, 0));
  expect_distance<T>(circle<T>(0, 0, 1), aabb<T>(3, -1, 5, 1), 2, V<T>(1, 0), V<T>(3, 0));
  expect_distance<T>(circle<T>(0, 5, 1), capsule<T>(-2, 0, 2, 0, 1), 3, V<T>(0, 4), V<T>(0, 1));
}

TYPED_TEST(DistanceTest, BoxesAndPolygons) {
  using T = TypeParam;
  // A 2x4 box turned a quarter turn spans x in [-2, 2]; B starts at x = 3.
  const Obb<T> turned = obb<T>(0, 0, 1, 2, quarter_turn<T>);
  EXPECT_EQ(distance(turned, obb<T>(4, 0, 1, 1)).distance, T(1));
  // Parallel edges with a gap of 1/2, offset so the closest points are not unique.
  EXPECT_EQ(distance(aabb<T>(0, 0, 1, 1), aabb<T>(1.5, 0.5, 2.5, 1.5)).distance, T(0.5));
  // Corner to corner.
  expect_distance<T>(aabb<T>(0, 0, 1, 1), aabb<T>(4, 5, 6, 6), 5, V<T>(1, 1), V<T>(4, 5));
  // A triangle's vertex exactly on a box's edge: touching.
  const auto triangle = poly<T>({V<T>(2, 0), V<T>(4, -1), V<T>(4, 1)});
  expect_overlapping<T>(aabb<T>(0, -1, 2, 1), triangle);
  expect_distance<T>(aabb<T>(0, -1, 2, 1), poly<T>({V<T>(3, 0), V<T>(5, -1), V<T>(5, 1)}), 1,
                     V<T>(2, 0), V<T>(3, 0));
  // A capsule above a box, parallel: the closest pairs span x in [1, 3].
  const DistanceResult<T> lying = distance(capsule<T>(0, 3, 4, 3, 0.5), obb<T>(2, 0, 1, 1));
  EXPECT_EQ(lying.distance, T(1.5));
  EXPECT_EQ(lying.point_a.y, T(2.5));
  EXPECT_EQ(lying.point_b.y, T(1));
  expect_overlapping<T>(obb<T>(0, 0, 1, 1), obb<T>(0, 0, 1, 1));  // identical
  // Two Obbs (box_distance.hpp): a corner of a diamond (a unit box turned 45 degrees, corners at
  // sqrt(2) from its centre) facing a box's edge; the distance is 4 - 1 - sqrt(2).
  const Obb<T> diamond{V<T>(4, 0), V<T>(1, 1), Rot<T>::from_degrees(T(45))};
  expect_distance<T>(obb<T>(0, 0, 1, 1), diamond, 3 - std::sqrt(2.0), V<T>(1, 0),
                     V<T>(4 - std::sqrt(2.0), 0));
  // A plus sign: the boxes cross with no corner inside the other (the general path's common point).
  expect_overlapping<T>(obb<T>(0, 0, 4, 1), obb<T>(0, 0, 1, 4));
  expect_overlapping<T>(obb<T>(0, 0, 4, 1), diamond);  // a corner of the diamond inside
  expect_overlapping<T>(aabb<T>(0, 0, 10, 10), circle<T>(5, 5, 1));  // wholly inside
}

template <class T>
class ShapeCastTest : public ::testing::Test {};
TYPED_TEST_SUITE(ShapeCastTest, Scalars);

TYPED_TEST(ShapeCastTest, CircleIntoBox) {
  using T = TypeParam;
  // The circle's right side reaches x = -1 when its centre is at -2: t = 3 / 10.
  const auto hit = shape_cast(circle<T>(-5, 0, 1), V<T>(10, 0), aabb<T>(-1, -1, 1, 1), V<T>(0, 0));
  ASSERT_TRUE(hit);
  expect_close(hit->t, T(0.3), T(1e-5));
  expect_close(hit->normal, V<T>(1, 0), T(1e-5));
  expect_close(hit->point, V<T>(-1, 0), T(1e-4));
}

TYPED_TEST(ShapeCastTest, BothMovingHeadOn) {
  using T = TypeParam;
  // Gap 4 between the boxes, closing at 8 per unit of t: contact at t = 1/2, at x = 2.
  const auto hit = shape_cast(obb<T>(0, 0, 1, 1), V<T>(4, 0), obb<T>(6, 0, 1, 1), V<T>(-4, 0));
  ASSERT_TRUE(hit);
  expect_close(hit->t, T(0.5), T(1e-5));
  expect_close(hit->normal, V<T>(1, 0), T(1e-5));
  expect_close(hit->point.x, T(3), T(1e-4));
}

TYPED_TEST(ShapeCastTest, MissesAndStarts) {
  using T = TypeParam;
  // Passing above the box with a 1/64 gap: no contact.
  EXPECT_FALSE(shape_cast(circle<T>(-5, 2 + gap<double>, 1), V<T>(10, 0), aabb<T>(-1, -1, 1, 1),
                          V<T>(0, 0)));
  // Moving away.
  EXPECT_FALSE(shape_cast(circle<T>(-5, 0, 1), V<T>(-10, 0), aabb<T>(-1, -1, 1, 1), V<T>(0, 0)));
  // Too short a motion: stops 1 short.
  EXPECT_FALSE(shape_cast(circle<T>(-5, 0, 1), V<T>(2, 0), aabb<T>(-1, -1, 1, 1), V<T>(0, 0)));
  // Overlapping at the start: t = 0.
  const auto start = shape_cast(circle<T>(0, 0, 1), V<T>(1, 0), aabb<T>(-1, -1, 1, 1), V<T>(0, 0));
  ASSERT_TRUE(start);
  EXPECT_EQ(start->t, T(0));
  // No motion at all and apart: no contact; a NaN motion: no contact, no hang.
  EXPECT_FALSE(shape_cast(circle<T>(-5, 0, 1), V<T>(0, 0), aabb<T>(-1, -1, 1, 1), V<T>(0, 0)));
  EXPECT_FALSE(
      shape_cast(circle<T>(-5, 0, 1), V<T>(nan<double>, 0), aabb<T>(-1, -1, 1, 1), V<T>(0, 0)));
}

TYPED_TEST(ShapeCastTest, PointIntoRotatedBox) {
  using T = TypeParam;
  // A 2x4 box turned a quarter turn spans x in [-2, 2]: a point from x = -6 reaches it at t = 1/2.
  const auto hit =
      shape_cast(pt<T>(-6, 0), V<T>(8, 0), obb<T>(0, 0, 1, 2, quarter_turn<T>), V<T>(0, 0));
  ASSERT_TRUE(hit);
  expect_close(hit->t, T(0.5), T(1e-5));
  expect_close(hit->point, V<T>(-2, 0), T(1e-4));
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Regression (found by fuzz_queries): a box of denormal size is valid, but its four corners round
// to one point; a core made of four equal vertices counted every point as inside, so the distance
// from (-8, -8) to it was 0 in one argument order and 16.5 in the other.
// Two Obbs whose corner distances do not fit in the squares (coordinates near the largest float)
// or are NaN: the general path answers, with a defined result.
TEST(DistanceRegression, ObbsOutOfRangeTakeTheGeneralPath) {
  const Obb<float> huge{{-3e37f, 0}, {1e37f, 1e37f}, {1, 0}};
  const Obb<float> far{{3e37f, 0}, {1e37f, 1e37f}, {1, 0}};
  EXPECT_NEAR(distance(huge, far).distance, 4e37f, 1e32f);
  const Obb<float> nan_box{{std::nanf(""), 0}, {1, 1}, {1, 0}};
  const DistanceResult<float> r = distance(nan_box, Obb<float>{{0, 0}, {1, 1}, {1, 0}});
  EXPECT_FALSE(r.distance > 0 && r.distance < 1e30f);  // no finite distance invented from NaN
}

TEST(DistanceRegression, BoxOfDenormalSize) {
  const Obb<float> speck{{-2.625f, 7.625f}, {1.96181785e-44f, 3.02806585e-41f}, {0, 1}};
  const Point<float> far{-8, -8};
  const float expected = std::sqrt(5.375f * 5.375f + 15.625f * 15.625f);
  EXPECT_NEAR(distance(far, speck).distance, expected, 1e-5f);
  EXPECT_NEAR(distance(speck, far).distance, expected, 1e-5f);
  EXPECT_FALSE(penetration(far, speck).has_value());
  EXPECT_FALSE(contains(speck, Circle<float>{far, 1}));
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Regression (found by fuzz_queries): a segment ending exactly on the edge of a polygon with three
// nearly collinear vertices. GJK stopped 1.9e-7 short of contact; near contact the answer now
// comes from the sign-exact separating axis test and closed forms.
TEST(DistanceRegression, GjkNearDegenerateVertices) {
  const auto polygon = make_polygon<double>({{-377.20588235294122, 435.29411764705878},
                                             {-8, -1.25},
                                             {435.29411764705878, -1.25},
                                             {435.29411764705878, 435.30234308803779},
                                             {435.29411745788389, 437.39983053767878}})
                           .value();
  const Segment<double> segment{{435.29411764609949, 435.29411764705878},
                                {435.29411764705878, 435.29411764705878}};
  ASSERT_TRUE(overlaps(polygon, segment));
  const DistanceResult<double> d = distance(polygon, segment);
  EXPECT_EQ(d.distance, 0.0);
  EXPECT_EQ(d.point_a, d.point_b);
  EXPECT_TRUE(overlaps(d.point_a, polygon) && overlaps(d.point_a, segment));
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Regression (contact property tests): polygons that touch to rounding. GJK encloses the origin
// in a thin triangle, and its common point (a combination of A's vertices with ill-conditioned
// weights) lay 5e-12 outside B. The common point must lie on both shapes.
TEST(DistanceRegression, BarelyOverlappingPolygonsShareTheCommonPoint) {
  const auto a = make_polygon<double>({{94.450289683318871, 2.5587567252615457},
                                       {94.738315611373935, 2.4663934466626891},
                                       {94.747093176544197, 2.4657218280777435},
                                       {94.851453997932936, 2.673614889401263},
                                       {94.900133772843802, 3.0296157499692287},
                                       {94.629282973328131, 3.1111435188632948}})
                     .value();
  const auto b = make_polygon<double>({{87.911123560166516, -0.23904509350776926},
                                       {95.8635921861203, -4.8409374260526858},
                                       {99.463117605752529, -5.0715835596757355},
                                       {101.00466805516267, 2.0026922186168283},
                                       {92.083101443287731, 2.6628440480725253},
                                       {88.737169024859327, 2.6258223159137408}})
                     .value();
  for (const auto& r : {distance(a, b), distance(b, a)}) {
    if (r.distance > 0) continue;  // touching to rounding: either answer is right
    EXPECT_EQ(r.point_a, r.point_b);
    EXPECT_LE(distance(Point<double>{r.point_a}, a).distance, 1e-13);
    EXPECT_LE(distance(Point<double>{r.point_a}, b).distance, 1e-13);
  }
}

// Regression (contact property tests): a box sliding along another's face, closing the gap at
// 4e-4 of its speed. The normal from the closest points of a vertex and that face was off by
// rounding, the approach speed turned negative 4e-12 short of contact, and the cast reported a
// miss (the other argument order found t = 0.838). The face's normal is used now.
TEST(DistanceRegression, GrazingCastAlongAFace) {
  const Obb<double> a{{-60.933151641539141, 5.8345477585498173},
                      {3.5734707476548921, 2.8836307813867439},
                      {-0.98150267073070274, -0.1914484456674895}};
  const Obb<double> b{{-64.014957217213464, -7.3544286803623251},
                      {0.34888158142247117, 0.63884473234253181},
                      {0.82499627842020273, -0.56513816062341371}};
  const Vec2<double> motion{8.558867604918845, 12.495064799680588};
  const auto ab = shape_cast(a, Vec2<double>{0, 0}, b, motion);
  const auto ba = shape_cast(b, motion, a, Vec2<double>{0, 0});
  ASSERT_TRUE(ab.has_value());
  ASSERT_TRUE(ba.has_value());
  EXPECT_NEAR(ab->t, 0.838018, 1e-6);
  EXPECT_NEAR(ba->t, ab->t, 1e-9);
  EXPECT_LT(ab->iterations, 64);
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Regression (contact property tests, before the sign-exact near-contact path): a box corner
// 3.3e-5 from a long, steep triangle edge. GJK stopped 3.2e-4 off in float (440 ulps of the
// coordinates). The exact distance of the float inputs, in rationals: 3.33333018e-5.
TEST(DistanceRegression, FloatBoxNearLongEdge) {
  const Aabb<float> box{{-0.165f, -0.125f}, {0, 0.125f}};
  const auto triangle = make_polygon<float>({{-0.0125f, 6}, {0.0195f, -9}, {18, -6}}).value();
  const float exact = 3.33333018e-5f;
  const float two_ulps_of_18 = 2 * 18 * std::numeric_limits<float>::epsilon();
  EXPECT_NEAR(distance(box, triangle).distance, exact, two_ulps_of_18);
  EXPECT_NEAR(distance(triangle, box).distance, exact, two_ulps_of_18);
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

template <class T>
CastOptions<T> cast_options(double max_time, bool stop_at_penetration = true) {
  CastOptions<T> options;
  options.max_time = static_cast<T>(max_time);
  options.stop_at_penetration = stop_at_penetration;
  return options;
}

TYPED_TEST(ShapeCastTest, MaxTime) {
  using T = TypeParam;
  // The circle needs t = 3 at speed 1 (gap 3): beyond the default t = 1, inside max_time 4 and an
  // unbounded cast, not inside max_time 2.
  const auto circle_a = circle<T>(-5, 0, 1);
  const auto box = aabb<T>(-1, -1, 1, 1);
  EXPECT_FALSE(shape_cast(circle_a, V<T>(1, 0), box, V<T>(0, 0)));
  EXPECT_FALSE(shape_cast(circle_a, V<T>(1, 0), box, V<T>(0, 0), cast_options<T>(2)));
  for (const double max_time : {4.0, std::numeric_limits<double>::infinity()}) {
    const auto hit = shape_cast(circle_a, V<T>(1, 0), box, V<T>(0, 0), cast_options<T>(max_time));
    ASSERT_TRUE(hit);
    expect_close(hit->t, T(3), T(1e-5));
    expect_close(hit->normal, V<T>(1, 0), T(1e-5));
    expect_close(hit->point, V<T>(-1, 0), T(1e-4));
  }
  // Exactly reaching at max_time = 3 counts (closed sets); a shorter cast does not.
  EXPECT_TRUE(shape_cast(circle_a, V<T>(1, 0), box, V<T>(0, 0), cast_options<T>(3)));
  EXPECT_FALSE(shape_cast(circle_a, V<T>(1, 0), box, V<T>(0, 0), cast_options<T>(2.75)));
  // An unbounded cast that passes by, or moves away, never hits.
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(shape_cast(circle<T>(-5, 3, 1), V<T>(1, 0), box, V<T>(0, 0), cast_options<T>(inf)));
  EXPECT_FALSE(shape_cast(circle_a, V<T>(-1, 0), box, V<T>(0, 0), cast_options<T>(inf)));
  // A box 1000 units away reached by an unbounded cast: t = 999 / 2.
  const auto far = shape_cast(obb<T>(0, 0, 1, 1), V<T>(2, 0), obb<T>(1001, 0, 1, 1), V<T>(0, 0),
                              cast_options<T>(inf));
  ASSERT_TRUE(far);
  expect_close(far->t, T(499.5), T(1e-3));
  // max_time 0: only a contact at the start.
  EXPECT_FALSE(shape_cast(circle_a, V<T>(10, 0), box, V<T>(0, 0), cast_options<T>(0)));
  EXPECT_TRUE(shape_cast(circle<T>(0, 0, 1), V<T>(10, 0), box, V<T>(0, 0), cast_options<T>(0)));
}

TYPED_TEST(ShapeCastTest, StopAtPenetration) {
  using T = TypeParam;
  // The circle overlaps the box's right side (penetration normal from the box to the circle:
  // (1, 0)). Moving right separates them, moving left deepens, moving up slides along the face.
  const auto box = aabb<T>(-1, -1, 1, 1);
  const auto inside = circle<T>(1.5, 0, 1);
  const auto ignore = cast_options<T>(1, false);
  EXPECT_FALSE(shape_cast(box, V<T>(0, 0), inside, V<T>(1, 0), ignore));
  EXPECT_FALSE(shape_cast(inside, V<T>(1, 0), box, V<T>(0, 0), ignore));
  EXPECT_FALSE(shape_cast(box, V<T>(0, 0), inside, V<T>(0, 1), ignore));
  const auto deeper = shape_cast(box, V<T>(0, 0), inside, V<T>(-1, 0), ignore);
  ASSERT_TRUE(deeper);
  EXPECT_EQ(deeper->t, T(0));
  expect_close(deeper->normal, V<T>(1, 0), T(1e-6));
  // The default stops at the start whatever the motion.
  for (const Vec2<T> motion : {V<T>(1, 0), V<T>(-1, 0), V<T>(0, 1)}) {
    const auto hit = shape_cast(box, V<T>(0, 0), inside, motion);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->t, T(0));
  }
  // Touching at the start (closed sets: a contact) and moving away: ignored; moving in: t = 0.
  const auto touching = circle<T>(2, 0, 1);
  EXPECT_FALSE(shape_cast(box, V<T>(0, 0), touching, V<T>(1, 0), ignore));
  const auto in = shape_cast(box, V<T>(0, 0), touching, V<T>(-1, 0), ignore);
  ASSERT_TRUE(in);
  EXPECT_EQ(in->t, T(0));
  // Apart at the start: the option changes nothing.
  const auto apart = circle<T>(-5, 0, 1);
  const auto a1 = shape_cast(apart, V<T>(10, 0), box, V<T>(0, 0), ignore);
  const auto a2 = shape_cast(apart, V<T>(10, 0), box, V<T>(0, 0));
  ASSERT_TRUE(a1 && a2);
  EXPECT_EQ(a1->t, a2->t);
}

TYPED_TEST(ShapeCastTest, BadOptionsThrow) {
  using T = TypeParam;
  const auto a = circle<T>(0, 0, 1);
  const auto b = circle<T>(5, 0, 1);
  EXPECT_THROW(shape_cast(a, V<T>(1, 0), b, V<T>(0, 0), cast_options<T>(-1)), InvalidQuery);
  EXPECT_THROW(shape_cast(a, V<T>(1, 0), b, V<T>(0, 0), cast_options<T>(nan<double>)),
               InvalidQuery);
  try {
    shape_cast(a, V<T>(1, 0), b, V<T>(0, 0), cast_options<T>(-0.5));
    ADD_FAILURE() << "no exception";
  } catch (const InvalidQuery& e) {
    EXPECT_NE(std::string(e.what()).find("max_time"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("-0.5"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace c2t
