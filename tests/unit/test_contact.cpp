// penetration and collide hand cases: every expected value is exact on paper.
#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class ContactTest : public ::testing::Test {};
TYPED_TEST_SUITE(ContactTest, Scalars);

template <class T, class A, class B>
void expect_penetration(const A& a, const B& b, Vec2<T> normal, double depth) {
  const auto p = penetration(a, b);
  ASSERT_TRUE(p);
  expect_close(p->normal, normal, T(1e-6));
  expect_close(p->depth, T(depth), T(1e-5));
  const auto q = penetration(b, a);  // the other order: the opposite normal, the same depth
  ASSERT_TRUE(q);
  expect_close(q->normal, -normal, T(1e-6));
  expect_close(q->depth, T(depth), T(1e-5));
}

TYPED_TEST(ContactTest, PenetrationOfCircles) {
  using T = TypeParam;
  expect_penetration<T>(circle<T>(0, 0, 2), circle<T>(3, 0, 2), V<T>(1, 0), 1);
  // Coincident centres: the documented normal (0, 1), depth the radius sum.
  const auto p = penetration(circle<T>(1, 1, 1), circle<T>(1, 1, 2));
  ASSERT_TRUE(p);
  EXPECT_EQ(p->normal, V<T>(0, 1));
  EXPECT_EQ(p->depth, T(3));
  // Touching: depth 0; apart: none.
  expect_penetration<T>(circle<T>(0, 0, 1), circle<T>(0, 2, 1), V<T>(0, 1), 0);
  EXPECT_FALSE(penetration(circle<T>(0, 0, 1), circle<T>(0, 2 + gap<double>, 1)));
}

TYPED_TEST(ContactTest, PenetrationOfBoxes) {
  using T = TypeParam;
  // x overlap 1, y overlap 1 but pushing B up or down takes 1.5: the least push is +x.
  expect_penetration<T>(aabb<T>(0, 0, 2, 2), aabb<T>(1, 0.5, 3, 1.5), V<T>(1, 0), 1);
  // Deep: a small box inside a big one near its right side leaves through it.
  expect_penetration<T>(aabb<T>(0, 0, 10, 10), obb<T>(8, 5, 1, 1), V<T>(1, 0), 3);
  // A circle deep inside a box, likewise.
  expect_penetration<T>(aabb<T>(-5, -5, 5, 5), circle<T>(4, 0, 1), V<T>(1, 0), 2);
  // Touching faces; exact quarter turns.
  expect_penetration<T>(aabb<T>(0, 0, 1, 1), aabb<T>(1, 0, 2, 1), V<T>(1, 0), 0);
  expect_penetration<T>(obb<T>(0, 0, 1, 2, quarter_turn<T>), obb<T>(2.5, 0, 1, 1), V<T>(1, 0), 0.5);
  EXPECT_FALSE(penetration(aabb<T>(0, 0, 1, 1), aabb<T>(1 + gap<double>, 0, 2, 1)));
}

TYPED_TEST(ContactTest, PenetrationOfRoundedShapes) {
  using T = TypeParam;
  // Capsule resting 0.5 deep on a box top; a segment crossing a circle's centre.
  expect_penetration<T>(aabb<T>(-2, -1, 2, 1), capsule<T>(-1, 1.5, 1, 1.5, 1), V<T>(0, 1), 0.5);
  expect_penetration<T>(circle<T>(0, 0, 1), seg<T>(-2, 0.5, 2, 0.5), V<T>(0, 1), 0.5);
  // The point (0.5, 0) in a circle of radius 1 at the origin: out through the nearest side.
  expect_penetration<T>(circle<T>(0, 0, 1), pt<T>(0.5, 0), V<T>(1, 0), 0.5);
}

TYPED_TEST(ContactTest, ManifoldOfBoxOnBox) {
  using T = TypeParam;
  // B straddles A's top face, 0.5 deep: two points at B's bottom corners, midway in depth.
  const Manifold<T> m = collide(aabb<T>(-2, -1, 2, 1), aabb<T>(-1, 0.5, 1, 2.5));
  ASSERT_EQ(m.point_count, 2);
  EXPECT_EQ(m.normal, V<T>(0, 1));
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(m.points[i].depth, T(0.5));
    EXPECT_EQ(m.points[i].point.y, T(0.75));
  }
  EXPECT_EQ(std::min(m.points[0].point.x, m.points[1].point.x), T(-1));
  EXPECT_EQ(std::max(m.points[0].point.x, m.points[1].point.x), T(1));
  // The other order: the normal flips, the points stay.
  const Manifold<T> r = collide(aabb<T>(-1, 0.5, 1, 2.5), aabb<T>(-2, -1, 2, 1));
  ASSERT_EQ(r.point_count, 2);
  EXPECT_EQ(r.normal, V<T>(0, -1));
}

TYPED_TEST(ContactTest, ManifoldOfRoundedShapes) {
  using T = TypeParam;
  // A circle 0.5 deep on a box top: one point midway between the surfaces.
  const Manifold<T> c = collide(aabb<T>(-2, -1, 2, 1), circle<T>(0, 1.5, 1));
  ASSERT_EQ(c.point_count, 1);
  expect_close(c.normal, V<T>(0, 1), T(1e-6));
  expect_close(c.points[0].point, V<T>(0, 0.75), T(1e-6));
  expect_close(c.points[0].depth, T(0.5), T(1e-6));
  // A capsule lying on the box: its two ends, each 0.5 deep.
  const Manifold<T> k = collide(aabb<T>(-2, -1, 2, 1), capsule<T>(-1, 1.5, 1, 1.5, 1));
  ASSERT_EQ(k.point_count, 2);
  for (int i = 0; i < 2; ++i) {
    expect_close(k.points[i].depth, T(0.5), T(1e-6));
    expect_close(k.points[i].point.y, T(0.75), T(1e-6));
  }
  // A box corner into a box face (turned 45 degrees): one point.
  const Obb<T> diamond{V<T>(0, 2), V<T>(1, 1), Rot<T>::from_degrees(T(45))};
  const Manifold<T> d = collide(aabb<T>(-2, -1, 2, 1), diamond);
  ASSERT_EQ(d.point_count, 1);
  expect_close(d.normal, V<T>(0, 1), T(1e-5));
  expect_close(d.points[0].depth, T(std::sqrt(2.0) - 1), T(1e-5));
  // The same with two Obbs (box_manifold.hpp): the point midway between y = 1 and the corner.
  const Manifold<T> od = collide(obb<T>(0, 0, 2, 1), diamond);
  ASSERT_EQ(od.point_count, 1);
  expect_close(od.normal, V<T>(0, 1), T(1e-5));
  expect_close(od.points[0].depth, T(std::sqrt(2.0) - 1), T(1e-5));
  expect_close(od.points[0].point, V<T>(0, (3 - std::sqrt(2.0)) / 2), T(1e-5));
  // Two Obbs face to face, offset: B's left edge (x = 0.5, y in [-0.5, 1.5]) clipped to A's right
  // face (y in [-1, 1]); every value is exact.
  const Manifold<T> f = collide(obb<T>(0, 0, 1, 1), obb<T>(1.5, 0.5, 1, 1));
  ASSERT_EQ(f.point_count, 2);
  EXPECT_EQ(f.normal, V<T>(1, 0));
  EXPECT_EQ(f.normal, penetration(obb<T>(0, 0, 1, 1), obb<T>(1.5, 0.5, 1, 1))->normal);
  EXPECT_EQ(f.points[0].point, V<T>(0.75, 1));  // from B's corner (0.5, 1.5), clipped
  EXPECT_EQ(f.points[1].point, V<T>(0.75, -0.5));
  EXPECT_EQ(f.points[0].depth, T(0.5));
  EXPECT_EQ(f.points[1].depth, T(0.5));
  const Manifold<T> g = collide(obb<T>(1.5, 0.5, 1, 1), obb<T>(0, 0, 1, 1));
  EXPECT_EQ(g.normal, V<T>(-1, 0));
  ASSERT_EQ(g.point_count, 2);
  // With a prediction margin, overlapping boxes keep the plain normal and points.
  const Manifold<T> p =
      collide(obb<T>(0, 0, 1, 1), obb<T>(1.5, 0.5, 1, 1), CollideOptions<T>{T(0.25)});
  ASSERT_EQ(p.point_count, 2);
  EXPECT_EQ(p.normal, f.normal);
  EXPECT_EQ(p.points[0].point, f.points[0].point);
  EXPECT_EQ(p.points[1].depth, f.points[1].depth);
}

TYPED_TEST(ContactTest, ManifoldEdgeCases) {
  using T = TypeParam;
  EXPECT_EQ(collide(aabb<T>(0, 0, 1, 1), aabb<T>(1 + gap<double>, 0, 2, 1)).point_count,
            0);  // apart
  // Touching faces: contacts of depth 0.
  const Manifold<T> touching = collide(aabb<T>(0, 0, 1, 1), aabb<T>(1, 0, 2, 1));
  ASSERT_EQ(touching.point_count, 2);
  EXPECT_EQ(touching.points[0].depth, T(0));
  // Identical boxes: a defined normal along an axis, full depth.
  const Manifold<T> same = collide(obb<T>(3, 3, 2, 1), obb<T>(3, 3, 2, 1));
  ASSERT_GE(same.point_count, 1);
  EXPECT_EQ(std::abs(same.normal.x) + std::abs(same.normal.y), T(1));
  EXPECT_EQ(same.points[0].depth, same.normal.x != T(0) ? T(4) : T(2));
  // Concentric circles.
  const Manifold<T> concentric = collide(circle<T>(0, 0, 1), circle<T>(0, 0, 1));
  ASSERT_EQ(concentric.point_count, 1);
  EXPECT_EQ(concentric.normal, V<T>(0, 1));
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Regression (found by fuzz_queries under UBSan): with NaN vertices no edge of either polygon gives
// a separation, and the overlap branch read normals[-1]. NaN input now gets "no penetration".
TEST(ContactRegression, NanPolygonsReadNoNormalOutOfBounds) {
  ConvexPolygon<double> nan_square = make_polygon(Aabb<double>{{0, 0}, {1, 1}}).value();
  for (Vec2<double>& v : nan_square.vertices)
    v = {nan<double>, nan<double>};
  EXPECT_FALSE(penetration(nan_square, nan_square).has_value());
  EXPECT_EQ(collide(nan_square, nan_square).point_count, 0);
  EXPECT_FALSE(penetration(nan_square, Obb<double>{{0, 0}, {1, 1}, {1, 0}}).has_value());
  const Obb<double> nan_box{{nan<double>, 0}, {1, 1}, {1, 0}};  // box_manifold.hpp's path
  EXPECT_FALSE(penetration(nan_box, nan_box).has_value());
  EXPECT_EQ(collide(nan_box, Obb<double>{{0, 0}, {1, 1}, {1, 0}}).point_count, 0);
}

// Polygons of fewer than three vertices (invalid: the builders refuse them) take the cores' path,
// as before the polygon pairs' own path existed: no read before the vertex array (ASan), and the
// answers of that path.
TEST(ContactRegression, PolygonsOfTooFewVerticesReadNothingOutside) {
  const ConvexPolygon<float> square = make_polygon(Aabb<float>{{0, 0}, {2, 2}}).value();
  for (int count : {0, 1, 2}) {
    ConvexPolygon<float> short_polygon = square;
    short_polygon.count = count;
    const auto pen = penetration(short_polygon, square);
    const Manifold<float> m = collide(square, short_polygon);
    EXPECT_EQ(pen.has_value(), m.point_count > 0) << count;
    const RoundedPolygon<float> rounded{short_polygon, 0.5f};
    EXPECT_EQ(penetration(rounded, square).has_value(), collide(square, rounded).point_count > 0)
        << count;
  }
}

// One NaN vertex among finite ones, on the float path whose four-lane minimum can pass over a NaN
// lane (polygon pairs' separating axes on the shapes' own coordinates, contact.cpp): still "no
// penetration", and no contact points, for polygons and rounded polygons alike.
TEST(ContactRegression, OneNanVertexGivesNoPenetration) {
  ConvexPolygon<float> square = make_polygon(Aabb<float>{{0, 0}, {2, 2}}).value();
  const ConvexPolygon<float> other = make_polygon(Aabb<float>{{1, 1}, {3, 3}}).value();
  ASSERT_TRUE(penetration(square, other).has_value());  // overlapping while finite
  for (int k = 0; k < 4; ++k) {
    ConvexPolygon<float> broken = square;
    broken.vertices[k].x = nan<float>;
    EXPECT_FALSE(penetration(broken, other).has_value()) << k;
    EXPECT_FALSE(penetration(other, broken).has_value()) << k;
    EXPECT_EQ(collide(broken, other).point_count, 0) << k;
    EXPECT_EQ(collide(other, broken).point_count, 0) << k;
    const RoundedPolygon<float> rounded{broken, 0.25f};
    EXPECT_FALSE(penetration(rounded, RoundedPolygon<float>{other, 0.5f}).has_value()) << k;
    EXPECT_EQ(collide(RoundedPolygon<float>{other, 0.5f}, rounded).point_count, 0) << k;
  }
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Regression (found by fuzz_queries under UBSan): a polygon whose normals are NaN has no incident
// edge facing a reference face, and the clipper read vertices[-1].
TEST(ContactRegression, NanNormalsHaveNoIncidentEdge) {
  ConvexPolygon<float> polygon = make_polygon(Aabb<float>{{-8, -8}, {-7, -7}}).value();
  for (Vec2<float>& n : polygon.normals)
    n = {nan<float>, nan<float>};
  const Aabb<float> box{{-8, -7.875f}, {-7.875f, -7.875f}};
  const Manifold<float> m = collide(box, polygon);
  EXPECT_LE(m.point_count, 2);  // any defined answer; the point is that it is reached safely
  EXPECT_GE(m.point_count, 0);
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Regression (found by fuzz_queries): a circle centred exactly on a polygon vertex. The separating
// axis test rounds to a tiny positive separation, the closest points are at distance 0, and the
// normal came out as 0 / 0 = NaN.
TEST(ContactRegression, CircleCentredOnPolygonVertex) {
  const auto triangle = make_polygon<float>({{-7.125f, 7.75f}, {4.5f, 4.5f}, {6.5f, 4.5f}}).value();
  const Circle<float> circle{{4.5f, 4.5f}, 4.5f};
  const auto p = penetration(triangle, circle);
  ASSERT_TRUE(p.has_value());
  EXPECT_NEAR(length(p->normal), 1.0f, 1e-6f);
  EXPECT_GE(p->depth, 4.5f - 1e-4f);
  const Manifold<float> m = collide(triangle, circle);
  ASSERT_EQ(m.point_count, 1);
  EXPECT_TRUE(is_finite(m.points[0].point));
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Regression (found by fuzz_queries): shapes near 1e-37 whose closest points differ by a subnormal
// amount; 1 / distance overflowed and the normal came out infinite or NaN.
TEST(ContactRegression, SubnormalGapBetweenClosestPoints) {
  const Capsule<float> capsule{{9.55151041e-38f, 9.55146781e-38f}, {-8, -8}, 9.55146781e-38f};
  const Segment<float> segment{{9.55146781e-38f, 9.55151153e-38f},
                               {9.55146781e-38f, 1.02558105e-28f}};
  const auto p = penetration(capsule, segment);
  ASSERT_TRUE(p.has_value());
  EXPECT_NEAR(length(p->normal), 1.0f, 1e-6f);
  const Manifold<float> m = collide(capsule, segment);
  ASSERT_GE(m.point_count, 1);
  EXPECT_TRUE(is_finite(m.points[0].point));
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Regression (found by fuzz_queries under UBSan): two-vertex (invalid) polygons with coordinates
// near 1e32, whose separations overflow to NaN, reached the clipper with face index -1.
TEST(ContactRegression, OverflowingSeparationsPickNoFace) {
  ConvexPolygon<float> a{};
  a.count = 2;
  a.vertices[0] = {3.57352426e-14f, 1.40129846e-45f};
  a.vertices[1] = {7.74708486e+31f, 7.74708486e+31f};
  for (Vec2<float>& n : a.normals)
    n = {7.74708486e+31f, 7.74708486e+31f};
  ConvexPolygon<float> b{};
  b.count = 2;
  b.vertices[0] = {-1.55259848e+32f, -1.55259848e+32f};
  b.vertices[1] = {-1.55259848e+32f, -1.55259848e+32f};
  for (Vec2<float>& n : b.normals)
    n = {-8, -8};
  const Manifold<float> m = collide(a, b);  // any answer, reached safely (UBSan in sanitize preset)
  EXPECT_LE(m.point_count, 2);
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Regression (contact property tests): a point a rounding error off a capsule's core segment. The
// closest points were 1e-16 apart and their direction, rounding noise, became the normal: (0, -1)
// for a capsule tilted by atan(1/3), whose least push is across its axis. The separation along the
// segment's normal equals the distance there, so that normal is used.
TEST(ContactRegression, PointOnCapsuleCoreGetsTheCoreNormal) {
  const Point<double> point{1.5, 0.5000000000000001};
  const Capsule<double> capsule{{0, 0}, {3, 1}, 1};
  for (const auto& p : {penetration(point, capsule), penetration(capsule, point)}) {
    ASSERT_TRUE(p.has_value());
    EXPECT_NEAR(dot(p->normal, Vec2<double>{3, 1}), 0.0, 1e-15);  // across the axis
    EXPECT_NEAR(p->depth, 1.0, 1e-15);
  }
  // The same in float: a circle centred a rounding error off a rotated box's edge.
  const Obb<float> box{{0, 0}, {2, 1}, Rot<float>::from_angle(0.3f)};
  const Vec2<float> on_edge = rotate(box.rotation, Vec2<float>{0.75f, 1});
  const auto p = penetration(Circle<float>{on_edge, 0.5f}, box);
  ASSERT_TRUE(p.has_value());
  expect_close(p->normal, -box.rotation.y_axis(), 1e-6f);
  expect_close(p->depth, 0.5f, 1e-5f);
}

// Regression (contact property tests): a segment ending on another within rounding. Clipping kept
// no point (the touching end rounded a hair outside), and the single fallback point was the
// reference segment's first vertex, "deepest" only because a whole face ties: the far end.
TEST(ContactRegression, TouchingSegmentsMeetWhereTheyTouch) {
  const Segment<double> a{{0, 0}, {4, 0}};
  const Segment<double> b{{3.21, -2}, {4.7900000000000009, 2}};  // crosses y = 0 at x = 4 + 4e-16
  for (const Manifold<double>& m : {collide(a, b), collide(b, a)}) {
    for (int i = 0; i < m.point_count; ++i) {
      EXPECT_NEAR(m.points[i].point.x, 4.0, 1e-12);
      EXPECT_NEAR(m.points[i].point.y, 0.0, 1e-12);
    }
  }
  const Segment<float> c{{34.634769439697266f, 91.306907653808594f},
                         {26.894617080688477f, 91.194740295410156f}};
  const Segment<float> d{{26.57447624206543f, 86.672966003417969f},
                         {27.109254837036133f, 94.226356506347656f}};
  for (const Manifold<float>& m : {collide(c, d), collide(d, c)}) {
    for (int i = 0; i < m.point_count; ++i)
      expect_close(m.points[i].point, c.b, 1e-3f);  // where c's end touches d
  }
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

template <class T>
CollideOptions<T> predict(double prediction) {
  CollideOptions<T> options;
  options.prediction = static_cast<T>(prediction);
  return options;
}

TYPED_TEST(ContactTest, PredictionReportsNearPoints) {
  using T = TypeParam;
  // Two unit boxes a quarter apart: no contact, but with prediction 1/2 a face contact of two
  // points at depth -1/4, midway in the gap (x = 1.125), at the corners' heights.
  const auto a = aabb<T>(-1, -1, 1, 1);
  const auto b = aabb<T>(1.25, -1, 3.25, 1);
  EXPECT_EQ(collide(a, b).point_count, 0);
  EXPECT_EQ(collide(a, b, predict<T>(0.125)).point_count, 0);
  const Manifold<T> m = collide(a, b, predict<T>(0.5));
  ASSERT_EQ(m.point_count, 2);
  EXPECT_EQ(m.normal, V<T>(1, 0));
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(m.points[i].depth, T(-0.25));
    EXPECT_EQ(m.points[i].point.x, T(1.125));
    EXPECT_EQ(std::abs(m.points[i].point.y), T(1));
  }
  // Exactly prediction apart counts (closed sets).
  EXPECT_EQ(collide(a, b, predict<T>(0.25)).point_count, 2);
  // Circles 1 apart: one point midway, depth -1.
  const Manifold<T> c = collide(circle<T>(0, 0, 1), circle<T>(3, 0, 1), predict<T>(1));
  ASSERT_EQ(c.point_count, 1);
  EXPECT_EQ(c.normal, V<T>(1, 0));
  expect_close(c.points[0].depth, T(-1), T(1e-6));
  expect_close(c.points[0].point, V<T>(1.5, 0), T(1e-6));
}

TYPED_TEST(ContactTest, PredictionKeepsOverlappingContacts) {
  using T = TypeParam;
  // A box resting tilted on another: one corner 1/4 deep, the other 1/4 above. Without prediction
  // one point; with prediction 1/2 both, the second at depth -1/4 (the tilt is 1/2 over a width
  // of 2: the faces meet at slope 1/4).
  const auto ground = aabb<T>(-4, -2, 4, 0);
  const auto tilted = poly<T>({V<T>(-1, -0.25), V<T>(1, 0.25), V<T>(1, 2.25), V<T>(-1, 1.75)});
  const Manifold<T> plain = collide(ground, tilted);
  ASSERT_EQ(plain.point_count, 1);
  expect_close(plain.points[0].depth, T(0.25), T(1e-6));
  const Manifold<T> m = collide(ground, tilted, predict<T>(0.5));
  ASSERT_EQ(m.point_count, 2);
  EXPECT_EQ(m.normal, plain.normal);
  const T d0 = m.points[0].depth;
  const T d1 = m.points[1].depth;
  expect_close(std::max(d0, d1), T(0.25), T(1e-6));
  expect_close(std::min(d0, d1), T(-0.25), T(1e-6));
  // prediction 0 is collide(a, b) bit for bit.
  const Manifold<T> zero = collide(ground, tilted, predict<T>(0));
  EXPECT_EQ(zero.point_count, plain.point_count);
  EXPECT_EQ(zero.points[0].point, plain.points[0].point);
  EXPECT_EQ(zero.points[0].depth, plain.points[0].depth);
}

TYPED_TEST(ContactTest, BadPredictionThrows) {
  using T = TypeParam;
  const auto a = circle<T>(0, 0, 1);
  for (const double p : {-1.0, nan<double>, std::numeric_limits<double>::infinity()})
    EXPECT_THROW(collide(a, a, predict<T>(p)), InvalidQuery) << p;
}

}  // namespace
}  // namespace c2t
