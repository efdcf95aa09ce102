// RoundedPolygon by hand (collide2d/rounded.hpp): the builders' rejections with their messages,
// and every query on cases checkable on paper. The touching cases use Pythagorean triples, so that
// they touch exactly in both scalars, and the next representable number apart.
#include <cmath>
#include <limits>
#include <string>

#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class RoundedTest : public ::testing::Test {};
TYPED_TEST_SUITE(RoundedTest, Scalars);

// The box [-1, 1]^2 rounded by r (no turn).
template <class T>
RoundedPolygon<T> rounded_square(double r, double cx = 0, double cy = 0) {
  return make_rounded_box(V<T>(cx, cy), T(2), T(2), no_turn<T>, T(r)).value();
}

// overlaps(a, b) and overlaps(b, a) both equal expected (a RoundedPolygon is not in the Shape
// variant, so EXPECT_OVERLAP's variant calls do not apply).
#define EXPECT_OVERLAP_ROUNDED(a, b, expected)                  \
  do {                                                          \
    SCOPED_TRACE(::testing::Message() << #a << "  vs  " << #b); \
    EXPECT_EQ(overlaps((a), (b)), (expected)) << "(a, b)";      \
    EXPECT_EQ(overlaps((b), (a)), (expected)) << "(b, a)";      \
  } while (false)

template <class T>
T above(T v) {
  return std::nextafter(v, std::numeric_limits<T>::infinity());
}
// The same for the helpers that take doubles: the next T above v, exact as a double.
template <class T>
double above_d(double v) {
  return static_cast<double>(above(static_cast<T>(v)));
}

template <class T>
void expect_rejected(const Built<RoundedPolygon<T>>& built, const std::string& fragment) {
  EXPECT_FALSE(built.ok());
  EXPECT_CONTAINS(built.error(), fragment);
  EXPECT_THROW((void)built.value(), InvalidShape);
}

// intersection_area, iou and overlaps_interior take a RoundedPolygon with every shape that has an
// area (overlaps_interior: every shape); with a Polygon (polygon.hpp) they fail to compile
// (deleted), rather than to link, as intersection and giou do.
template <class A, class B>
concept has_intersection_area = requires(const A& a, const B& b) {
  intersection_area(a, b);
};
template <class A, class B>
concept has_iou = requires(const A& a, const B& b) {
  iou(a, b);
};
template <class A, class B>
concept has_overlaps_interior = requires(const A& a, const B& b) {
  overlaps_interior(a, b);
};
template <class A, class B>
concept has_intersection = requires(const A& a, const B& b) {
  intersection(a, b);
};
static_assert(has_intersection_area<RoundedPolygon<float>, Circle<float>>);
static_assert(has_intersection_area<Aabb<double>, RoundedPolygon<double>>);
static_assert(has_intersection_area<RoundedPolygon<float>, RoundedPolygon<float>>);
static_assert(has_iou<ConvexPolygon<float>, RoundedPolygon<float>>);
static_assert(has_overlaps_interior<RoundedPolygon<double>, Obb<double>>);
static_assert(has_overlaps_interior<Segment<double>, RoundedPolygon<double>>);
static_assert(has_intersection_area<RoundedPolygon<double>, Polygon<double>>);
static_assert(has_iou<Polygon<float>, RoundedPolygon<float>>);
static_assert(has_intersection_area<Capsule<double>, RoundedPolygon<double>>);
static_assert(!has_intersection<RoundedPolygon<float>, Aabb<float>>);

TYPED_TEST(RoundedTest, BuildersRejectBadRadiiNamingThem) {
  using T = TypeParam;
  const char* must = ", must be finite, >= 0 and not subnormal";
  expect_rejected(make_rounded_box(V<T>(0, 0), T(2), T(2), T(0), T(-1)),
                  std::string("rounded polygon radius is -1") + must);
  expect_rejected(make_rounded_box(V<T>(0, 0), T(2), T(2), no_turn<T>, nan<T>),
                  "rounded polygon radius is nan");
  expect_rejected(make_rounded_polygon({V<T>(0, 0), V<T>(1, 0), V<T>(0, 1)}, inf<T>),
                  "rounded polygon radius is inf");
  expect_rejected(make_rounded_polygon({V<T>(0, 0), V<T>(1, 0), V<T>(0, 1)}, -inf<T>),
                  "rounded polygon radius is -inf");
  const T tiny = std::numeric_limits<T>::denorm_min();
  expect_rejected(make_rounded_polygon({V<T>(0, 0), V<T>(1, 0), V<T>(0, 1)}, tiny),
                  "not subnormal");
  // The core's own reasons.
  expect_rejected(make_rounded_polygon({V<T>(0, 0), V<T>(0, 1), V<T>(1, 0)}, T(1)),
                  "turns clockwise");
  expect_rejected(make_rounded_box(V<T>(0, 0), T(0), T(2), T(0), T(1)), "has no area");
  expect_rejected(make_rounded_box(V<T>(0, 0), T(-2), T(2), T(0), T(1)), "width is -2");
  expect_rejected(make_rounded_box(V<T>(0, 0), T(2), T(2), nan<T>, T(1)), "angle is nan");
  // A hand-filled shape: validation_error says the same.
  RoundedPolygon<T> bad = rounded_square<T>(1);
  bad.radius = T(-0.5);
  EXPECT_EQ(validation_error(bad), std::string("rounded polygon radius is -0.5") + must);
  EXPECT_FALSE(is_valid(bad));
}

TYPED_TEST(RoundedTest, BuildersMakeTheCoreAndKeepTheRadius) {
  using T = TypeParam;
  const RoundedPolygon<T> box =
      make_rounded_box(V<T>(10, 20), T(2), T(4), quarter_turn<T>, T(0.5)).value();
  EXPECT_EQ(box.radius, T(0.5));
  ASSERT_EQ(box.core.count, 4);
  // Turned a quarter: 4 wide along x, 2 along y.
  EXPECT_EQ(box.core.vertices[0], V<T>(12, 19));
  EXPECT_EQ(box.core.vertices[2], V<T>(8, 21));
  const Aabb<T> bounds = bounding_box(box);
  EXPECT_EQ(bounds.min, V<T>(7.5, 18.5));
  EXPECT_EQ(bounds.max, V<T>(12.5, 21.5));
  const RoundedPolygon<T> zero =
      make_rounded_polygon({V<T>(0, 0), V<T>(1, 0), V<T>(0, 1)}, T(0)).value();
  EXPECT_TRUE(is_valid(zero));
  static_assert(is_shape_v<RoundedPolygon<T>> && has_area_v<RoundedPolygon<T>>);
}

// fuzz_queries found it (fuzz/corpus/fuzz_queries/regression-rounded-subnormal-edge): a valid
// float core with an edge of subnormal length (two vertices about 4e-42 apart, near 1e-37) and
// radius 7.75, against a flat box 4.75 to 8 left of it. The box is inside the rounded shape for x
// in [-7.75, -4.75] (3 deep), but the quick separation test squared the tiny edge in float, got
// 0, and took every box corner as beyond it.
TEST(RoundedFloat, AnEdgeOfSubnormalLengthSeparatesNothing) {
  ConvexPolygon<float> core{};
  core.count = 4;
  core.vertices[0] = {9.55146781e-38f, 9.55151153e-38f};
  core.vertices[1] = {9.55151041e-38f, 9.55146781e-38f};
  core.vertices[2] = {7.25f, 7.75f};
  core.vertices[3] = {9.55146781e-38f, 7.25f};
  core.normals[0] = {-0.716229618f, -0.697864711f};
  core.normals[1] = {0.730271399f, -0.683157146f};
  core.normals[2] = {-0.0688020885f, 0.997630298f};
  core.normals[3] = {-1.0f, 0.0f};
  const RoundedPolygon<float> a{core, 7.75f};
  ASSERT_TRUE(is_valid(a));
  const Aabb<float> flat{{-8.0f, 0.5f}, {-4.75f, 0.5f}};
  EXPECT_OVERLAP_ROUNDED(a, flat, true);
  EXPECT_OVERLAP_ROUNDED(a, (Aabb<float>{{-8.0f, 0.5f}, {-7.76f, 0.5f}}), false);
  const auto pen = penetration(a, flat);
  ASSERT_TRUE(pen.has_value());
  EXPECT_NEAR(pen->depth, 3.0f, 1e-5f);
}

// The same in double: a triangle core with an edge 1e-170 long along y = 0 and radius 1e10, and a
// point-sized box 5e9 below that edge, inside the rounded shape (its distance to the core is 5e9,
// half the radius). The edge's square, 1e-340, underflows to 0 in double, and the quick separation
// test took the box as beyond it: overlaps said no while distance said 0 and penetration 5e9 deep.
TEST(RoundedDouble, AnEdgeWhoseSquareUnderflowsSeparatesNothing) {
  ConvexPolygon<double> core{};
  core.count = 3;
  core.vertices[0] = {0.0, 0.0};
  core.vertices[1] = {1e-170, 0.0};
  core.vertices[2] = {0.0, 1.0};
  core.normals[0] = {0.0, -1.0};
  core.normals[1] = {1.0, 1e-170};
  core.normals[2] = {-1.0, 0.0};
  const RoundedPolygon<double> a{core, 1e10};
  ASSERT_TRUE(is_valid(a));
  const Aabb<double> inside{{0.5, -5e9}, {0.5, -5e9}};
  EXPECT_OVERLAP_ROUNDED(a, inside, true);
  EXPECT_OVERLAP_ROUNDED(a, (Obb<double>{{0.5, -5e9}, {1.0, 1.0}, {1.0, 0.0}}), true);
  EXPECT_OVERLAP_ROUNDED(
      a, poly<double>({V<double>(0.5, -5e9), V<double>(1.5, -5e9), V<double>(0.5, -4e9)}), true);
  // 2e10 below: apart by 1e10.
  EXPECT_OVERLAP_ROUNDED(a, (Aabb<double>{{0.5, -2e10}, {0.5, -2e10}}), false);
  EXPECT_EQ(distance(a, inside).distance, 0.0);
  const auto pen = penetration(a, inside);
  ASSERT_TRUE(pen.has_value());
  EXPECT_NEAR(pen->depth, 5e9, 1.0);
}

// Corner (1, 1) of the rounded square of radius 5: (4, 5) is 5 away (3-4-5), so it touches; the
// next x up is apart. A circle of radius 5 at (7, 9) is 10 away: touching.
TYPED_TEST(RoundedTest, OverlapsTouchingAtTheArcAndOneUlpApart) {
  using T = TypeParam;
  const RoundedPolygon<T> a = rounded_square<T>(5);
  EXPECT_OVERLAP_ROUNDED(a, pt<T>(4, 5), true);
  EXPECT_OVERLAP_ROUNDED(a, (Point<T>{above(T(4)), T(5)}), false);
  EXPECT_OVERLAP_ROUNDED(a, circle<T>(7, 9, 5), true);
  EXPECT_OVERLAP_ROUNDED(a, (Circle<T>{{T(7), above(T(9))}, T(5)}), false);
  EXPECT_OVERLAP_ROUNDED(a, capsule<T>(7, 9, 7, 20, 5), true);
  EXPECT_OVERLAP_ROUNDED(a, (Capsule<T>{{above(T(7)), T(9)}, {above(T(7)), T(20)}, T(5)}), false);
  // A segment whose end is on the arc.
  EXPECT_OVERLAP_ROUNDED(a, seg<T>(4, 5, 10, 12), true);
  EXPECT_OVERLAP_ROUNDED(a, (Segment<T>{{above(T(4)), T(5)}, {T(10), T(12)}}), false);
  // Another rounded square, corner to corner: centres (0, 0) and (2 + 6, 2 + 8), radii 5 + 5.
  EXPECT_OVERLAP_ROUNDED(a, rounded_square<T>(5, 8, 10), true);
  EXPECT_OVERLAP_ROUNDED(a, rounded_square<T>(5, 8, above_d<T>(10)), false);
  // A box corner and a polygon vertex on the arc.
  EXPECT_OVERLAP_ROUNDED(a, aabb<T>(4, 5, 6, 7), true);
  EXPECT_OVERLAP_ROUNDED(a, aabb<T>(above_d<T>(4), 5, 6, 7), false);
  EXPECT_OVERLAP_ROUNDED(a, obb<T>(5, 6, 1, 1, quarter_turn<T>), true);
  EXPECT_OVERLAP_ROUNDED(a, obb<T>(5, above_d<T>(6), 1, 1, quarter_turn<T>), false);
  EXPECT_OVERLAP_ROUNDED(a, poly<T>({V<T>(4, 5), V<T>(9, 6), V<T>(5, 9)}), true);
  EXPECT_OVERLAP_ROUNDED(a, poly<T>({V<T>(above_d<T>(4), 5), V<T>(9, 6), V<T>(5, 9)}), false);
}

// Along a side: the rounded square of radius 5 reaches x = 6 between y = -1 and 1.
TYPED_TEST(RoundedTest, OverlapsTouchingAlongASide) {
  using T = TypeParam;
  const RoundedPolygon<T> a = rounded_square<T>(5);
  EXPECT_OVERLAP_ROUNDED(a, pt<T>(6, 1), true);
  EXPECT_OVERLAP_ROUNDED(a, (Point<T>{above(T(6)), T(0)}), false);
  EXPECT_OVERLAP_ROUNDED(a, poly<T>({V<T>(6, 0), V<T>(9, -1), V<T>(9, 1)}), true);
  EXPECT_OVERLAP_ROUNDED(a, poly<T>({V<T>(above_d<T>(6), 0), V<T>(9, -1), V<T>(9, 1)}), false);
  EXPECT_OVERLAP_ROUNDED(a, aabb<T>(6, -3, 7, 3), true);
  EXPECT_OVERLAP_ROUNDED(a, aabb<T>(above_d<T>(6), -3, 7, 3), false);
  EXPECT_OVERLAP_ROUNDED(a, rounded_square<T>(5, 12, 0), true);
  EXPECT_OVERLAP_ROUNDED(a, rounded_square<T>(5, above_d<T>(12), 0), false);
  // Radius 0: the square itself.
  const RoundedPolygon<T> bare = rounded_square<T>(0);
  EXPECT_OVERLAP_ROUNDED(bare, pt<T>(1, 1), true);
  EXPECT_OVERLAP_ROUNDED(bare, (Point<T>{above(T(1)), T(1)}), false);
  // Deep inside, and a rounded polygon around a small shape.
  EXPECT_OVERLAP_ROUNDED(a, circle<T>(0, 0, 0.5), true);
  EXPECT_OVERLAP_ROUNDED(rounded_square<T>(0.5), aabb<T>(-100, -100, 100, 100), true);
}

TYPED_TEST(RoundedTest, DistanceToTheSideAndTheArc) {
  using T = TypeParam;
  const RoundedPolygon<T> a = rounded_square<T>(1);
  const DistanceResult<T> side = distance(a, pt<T>(5, 0));
  expect_close(side.distance, T(3), T(1e-5));
  expect_close(side.point_a, V<T>(2, 0), T(1e-5));
  // Corner (1, 1), point (4, 5): 5 from the corner, 4 from the arc of radius 1.
  const DistanceResult<T> arc = distance(pt<T>(4, 5), a);
  expect_close(arc.distance, T(4), T(1e-5));
  expect_close(arc.point_b, V<T>(1.6, 1.8), T(1e-5));
  // Two rounded squares 10 apart centre to centre: 10 - 2 * (1 + 1) = 6.
  expect_close(distance(a, rounded_square<T>(1, 10, 0)).distance, T(6), T(1e-5));
  EXPECT_EQ(distance(a, circle<T>(3, 0, 1)).distance, T(0));  // touching
}

// Two rounded squares (half 1, radius 1) 3.5 apart: the faces x = 2 and x = 1.5 overlap by 0.5.
TYPED_TEST(RoundedTest, PenetrationAndManifoldOfTwoFaces) {
  using T = TypeParam;
  const RoundedPolygon<T> a = rounded_square<T>(1);
  const RoundedPolygon<T> b = rounded_square<T>(1, 3.5, 0);
  const auto p = penetration(a, b);
  ASSERT_TRUE(p.has_value());
  expect_close(p->normal, V<T>(1, 0), T(1e-6));
  expect_close(p->depth, T(0.5), T(1e-5));
  const Manifold<T> m = collide(a, b);
  ASSERT_EQ(m.point_count, 2);
  for (int i = 0; i < 2; ++i) {
    expect_close(m.points[i].depth, T(0.5), T(1e-5));
    expect_close(m.points[i].point.x, T(1.75), T(1e-5));  // midway between x = 1.5 and 2
  }
  EXPECT_FALSE(penetration(a, rounded_square<T>(1, 4.5, 0)).has_value());
  EXPECT_EQ(collide(a, rounded_square<T>(1, 4.5, 0)).point_count, 0);
}

// A circle of radius 1 from x = 10 moving by -10 meets the rounded square (reach 2) at x = 3.
TYPED_TEST(RoundedTest, ShapeCastMeetsTheRoundedSide) {
  using T = TypeParam;
  const auto hit = shape_cast(rounded_square<T>(1), V<T>(0, 0), circle<T>(10, 0, 1), V<T>(-10, 0));
  ASSERT_TRUE(hit.has_value());
  expect_close(hit->t, T(0.7), T(1e-5));
  expect_close(hit->normal, V<T>(1, 0), T(1e-5));
  expect_close(hit->point, V<T>(2, 0), T(1e-4));
  EXPECT_FALSE(shape_cast(rounded_square<T>(1), V<T>(0, 0), circle<T>(10, 3.5, 1), V<T>(-10, 0)));
}

TYPED_TEST(RoundedTest, RaycastEntersAndLeaves) {
  using T = TypeParam;
  const RoundedPolygon<T> a = rounded_square<T>(1);
  const auto side = raycast(Ray<T>{V<T>(-10, 0), V<T>(1, 0)}, a);
  ASSERT_TRUE(side.has_value());
  expect_close(side->t_enter, T(8), T(1e-5));
  expect_close(side->t_exit, T(12), T(1e-5));
  expect_close(side->normal, V<T>(-1, 0), T(1e-6));
  EXPECT_FALSE(side->started_inside);
  // Along the diagonal: the arc of the corner (1, 1) at distance sqrt(2) + 1 from the centre.
  const T s = std::sqrt(T(0.5));
  const auto corner = raycast(Ray<T>{V<T>(10, 10), V<T>(-1, -1)}, a);
  ASSERT_TRUE(corner.has_value());
  expect_close(corner->t_enter, T(9) - s, T(1e-5));
  expect_close(corner->normal, (Vec2<T>{s, s}), T(1e-5));
  const auto lean = raycast_lean(Ray<T>{V<T>(10, 10), V<T>(-1, -1)}, a);
  ASSERT_TRUE(lean.has_value());
  EXPECT_EQ(lean->t, corner->t_enter);
  EXPECT_EQ(lean->normal, corner->normal);
  // The line x + y = 11.8, beyond the shape's reach x + y <= 2 + sqrt 2.
  EXPECT_FALSE(raycast(Ray<T>{V<T>(10, 1.8), V<T>(-1, 1)}, a).has_value());
  // From inside.
  const auto inside = raycast(Ray<T>{V<T>(0, 0), V<T>(0, 1)}, a);
  ASSERT_TRUE(inside.has_value());
  EXPECT_TRUE(inside->started_inside);
  expect_close(inside->t_exit, T(2), T(1e-5));
}

TYPED_TEST(RoundedTest, ContainmentBothWays) {
  using T = TypeParam;
  const RoundedPolygon<T> a = rounded_square<T>(1);  // reaches 2 on the axes, 1 + sqrt 2 diagonally
  EXPECT_TRUE(collide2d::contains(a, circle<T>(0, 0, 2)));  // touches at (2, 0) and friends
  EXPECT_FALSE(collide2d::contains_strictly(a, circle<T>(0, 0, 2)));
  EXPECT_TRUE(collide2d::contains_strictly(a, circle<T>(0, 0, 1.75)));
  EXPECT_FALSE(collide2d::contains(a, circle<T>(0.25, 0, 2)));
  EXPECT_TRUE(collide2d::contains(a, pt<T>(2, 1)));
  EXPECT_FALSE(collide2d::contains_strictly(a, pt<T>(2, 1)));
  EXPECT_FALSE(collide2d::contains(a, pt<T>(2, 1.25)));  // sqrt(1 + 1/16) from the corner
  // On the arc of radius 5 around the corner (1, 1): (4, 5), 3-4-5; the next x up is outside.
  const RoundedPolygon<T> five = rounded_square<T>(5);
  EXPECT_TRUE(collide2d::contains(five, pt<T>(4, 5)));
  EXPECT_FALSE(collide2d::contains_strictly(five, pt<T>(4, 5)));
  EXPECT_FALSE(collide2d::contains(five, Point<T>{above(T(4)), T(5)}));
  EXPECT_TRUE(collide2d::contains(five, circle<T>(2.5, 3, 2.5)));  // 2.5 + 2.5 = 5 from (1, 1)
  EXPECT_FALSE(collide2d::contains(five, (Circle<T>{{T(2.5), T(3)}, above(T(2.5))})));
  EXPECT_TRUE(collide2d::contains(a, rounded_square<T>(0.5)));
  EXPECT_TRUE(collide2d::contains(a, rounded_square<T>(1)));
  EXPECT_FALSE(collide2d::contains_strictly(a, rounded_square<T>(1)));
  // The other way: the box [-2, 2]^2 holds the rounded square, touching its four sides.
  EXPECT_TRUE(collide2d::contains(aabb<T>(-2, -2, 2, 2), a));
  EXPECT_FALSE(collide2d::contains_strictly(aabb<T>(-2, -2, 2, 2), a));
  EXPECT_TRUE(collide2d::contains(circle<T>(0, 0, 1 + std::sqrt(2.0) + 0.001), a));
  EXPECT_FALSE(collide2d::contains(circle<T>(0, 0, 2.4), a));
}

// The rounded square of half side 1 and radius 1: the square (area 4, moment 8/3), four 2 x 1
// rectangles (area 2, moment 2 (4 + 1) / 12 + 2 1.5^2 each about the centre) and four quarter
// discs (area pi / 4; moment pi / 8 about their corner, pi / 2 + 4 / 3 more about the centre:
// the parallel-axis theorem twice, with the centroid 4 / (3 pi) from the corner on the diagonal).
// Area 12 + pi; moment 8/3 + 4 (5/6 + 9/2) + 4 (pi/8 + pi/2 + 4/3) = 34/3 + 18 + 5 pi / 2.
TYPED_TEST(RoundedTest, MassOfARoundedSquare) {
  using T = TypeParam;
  const double pi_d = std::acos(-1.0);
  const MassProperties<T> m = mass_properties(rounded_square<T>(1, 3, -2), T(2));
  expect_close(m.mass, T(2 * (12 + pi_d)), T(1e-5));
  expect_close(m.centroid, V<T>(3, -2), T(1e-5));
  expect_close(m.inertia, T(2 * (34.0 / 3 + 18 + 2.5 * pi_d)), T(1e-4));
  expect_close(area(rounded_square<T>(1)), T(12 + pi_d), T(1e-5));
  // Radius 0: the polygon's own answer, bit for bit.
  const RoundedPolygon<T> bare = rounded_square<T>(0);
  const MassProperties<T> b = mass_properties(bare, T(3));
  const MassProperties<T> core = mass_properties(bare.core, T(3));
  EXPECT_EQ(b.mass, core.mass);
  EXPECT_EQ(b.centroid, core.centroid);
  EXPECT_EQ(b.inertia, core.inertia);
  EXPECT_EQ(area(bare), area(bare.core));
  EXPECT_THROW((void)mass_properties(bare, T(-1)), InvalidQuery);
}

}  // namespace
}  // namespace c2t
