// shapes.hpp by hand: validation_error / is_valid on hand-made shapes of every kind (valid and
// invalid, each message naming the bad value), bounding_box for every shape, corners, kind names.
#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class ValidationTest : public ::testing::Test {};
TYPED_TEST_SUITE(ValidationTest, Scalars);

template <class T>
class BoundsTest : public ::testing::Test {};
TYPED_TEST_SUITE(BoundsTest, Scalars);

template <class S>
void expect_valid(const S& shape) {
  EXPECT_EQ(validation_error(shape), "");
  EXPECT_TRUE(is_valid(shape));
}

template <class S>
void expect_invalid(const S& shape, const std::string& fragment) {
  EXPECT_CONTAINS(validation_error(shape), fragment);
  EXPECT_FALSE(is_valid(shape));
}

// The unit square [0, 2]^2 as a hand-filled polygon with its outward normals.
template <class T>
ConvexPolygon<T> hand_square() {
  ConvexPolygon<T> p{};
  p.count = 4;
  p.vertices[0] = V<T>(0, 0);
  p.vertices[1] = V<T>(2, 0);
  p.vertices[2] = V<T>(2, 2);
  p.vertices[3] = V<T>(0, 2);
  p.normals[0] = V<T>(0, -1);
  p.normals[1] = V<T>(1, 0);
  p.normals[2] = V<T>(0, 1);
  p.normals[3] = V<T>(-1, 0);
  return p;
}

TYPED_TEST(ValidationTest, Point) {
  using T = TypeParam;
  expect_valid(pt<T>(1, 2));
  expect_invalid(Point<T>{nan<T>, T(0)}, "point (nan, 0) is not finite");
  expect_invalid(Point<T>{T(0), -inf<T>}, "point (0, -inf) is not finite");
}

TYPED_TEST(ValidationTest, Segment) {
  using T = TypeParam;
  expect_valid(seg<T>(0, 0, 1, 1));
  expect_valid(seg<T>(1, 1, 1, 1));
  expect_invalid(Segment<T>{V<T>(0, 0), Vec2<T>{inf<T>, T(1)}},
                 "segment end b (inf, 1) is not finite");
  expect_invalid(Segment<T>{Vec2<T>{T(2), nan<T>}, V<T>(0, 0)},
                 "segment end a (2, nan) is not finite");
}

TYPED_TEST(ValidationTest, Ray) {
  using T = TypeParam;
  expect_valid(Ray<T>{V<T>(0, 0), V<T>(1, 0)});
  expect_valid(Ray<T>{V<T>(0, 0), V<T>(1, 0), T(0)});
  expect_invalid(Ray<T>{V<T>(0, 0), V<T>(0, 0)}, "ray direction is (0, 0)");
  expect_invalid(Ray<T>{V<T>(0, 0), V<T>(1, 0), T(-2)}, "ray max_t is -2");
  expect_invalid(Ray<T>{V<T>(0, 0), V<T>(1, 0), nan<T>}, "ray max_t is nan");
  expect_invalid(Ray<T>{Vec2<T>{nan<T>, T(0)}, V<T>(1, 0)}, "ray origin (nan, 0) is not finite");
}

TYPED_TEST(ValidationTest, Circle) {
  using T = TypeParam;
  expect_valid(circle<T>(0, 0, 1));
  expect_valid(circle<T>(0, 0, 0));
  expect_invalid(circle<T>(0, 0, -1),
                 "circle radius is -1, must be finite, >= 0 and not subnormal");
  expect_invalid(Circle<T>{V<T>(0, 0), inf<T>}, "circle radius is inf");
  expect_invalid(Circle<T>{Vec2<T>{inf<T>, T(0)}, T(1)}, "circle center (inf, 0) is not finite");
}

TYPED_TEST(ValidationTest, Capsule) {
  using T = TypeParam;
  expect_valid(capsule<T>(0, 0, 4, 0, 1));
  expect_valid(capsule<T>(0, 0, 0, 0, 1));
  expect_valid(capsule<T>(0, 0, 4, 0, 0));
  expect_invalid(capsule<T>(0, 0, 4, 0, -3), "capsule radius is -3");
  expect_invalid(Capsule<T>{V<T>(0, 0), V<T>(4, 0), nan<T>}, "capsule radius is nan");
  expect_invalid(Capsule<T>{V<T>(0, 0), Vec2<T>{T(4), nan<T>}, T(1)},
                 "capsule end b (4, nan) is not finite");
}

TYPED_TEST(ValidationTest, Aabb) {
  using T = TypeParam;
  expect_valid(aabb<T>(0, 0, 4, 2));
  expect_valid(aabb<T>(1, 1, 1, 1));
  expect_invalid(aabb<T>(1, 0, 0, 1), "aabb min (1, 0) exceeds max (0, 1) (an inverted box)");
  expect_invalid(aabb<T>(0, 3, 1, 2), "aabb min (0, 3) exceeds max (1, 2)");
  expect_invalid(Aabb<T>{Vec2<T>{nan<T>, T(0)}, V<T>(1, 1)}, "aabb min (nan, 0) is not finite");
  expect_invalid(Aabb<T>{V<T>(0, 0), Vec2<T>{T(1), inf<T>}}, "aabb max (1, inf) is not finite");
}

TYPED_TEST(ValidationTest, Obb) {
  using T = TypeParam;
  expect_valid(obb<T>(0, 0, 2, 1));
  expect_valid(obb<T>(0, 0, 2, 1, quarter_turn<T>));
  expect_valid(obb<T>(0, 0, 0, 0));
  expect_valid(obb<T>(0, 0, 2, 1, Rot<T>{T(0.6), T(-0.8)}));
  expect_invalid(obb<T>(0, 0, -1, 1), "obb half extent x is -1");
  expect_invalid(obb<T>(0, 0, 1, -0.5), "obb half extent y is -0.5");
  expect_invalid(Obb<T>{Vec2<T>{T(0), nan<T>}, V<T>(1, 1), Rot<T>::identity()},
                 "obb center (0, nan) is not finite");
  expect_invalid(obb<T>(0, 0, 1, 1, Rot<T>{T(0.5), T(0.5)}),
                 "rotation (0.5, 0.5) is not a unit (cos, sin) pair: cos^2 + sin^2 = 0.5");
  expect_invalid(obb<T>(0, 0, 1, 1, Rot<T>{T(0), T(0)}), "rotation (0, 0)");

  // The documented tolerance on |c^2 + s^2 - 1|: 1e-4 (float) or 1e-12 (double).
  const T tol = rotation_tolerance<T>();
  EXPECT_EQ(tol, (std::is_same_v<T, float> ? T(1e-4) : T(1e-12)));
  expect_valid(obb<T>(0, 0, 1, 1, Rot<T>{T(1) + tol / T(4), T(0)}));  // |norm^2 - 1| ~ tol / 2
  expect_invalid(obb<T>(0, 0, 1, 1, Rot<T>{T(1) + tol, T(0)}), "is not a unit");  // ~ 2 tol
}

TYPED_TEST(ValidationTest, Polygon) {
  using T = TypeParam;
  expect_valid(hand_square<T>());

  ConvexPolygon<T> p = hand_square<T>();
  p.normals[1] = V<T>(-1, 0);  // inward
  expect_invalid(p, "normal 1 (-1, 0) is not the unit outward normal of its edge, (1, 0)");

  p = hand_square<T>();
  p.normals[0] = V<T>(0, -2);  // not unit
  expect_invalid(p, "normal 0 (0, -2)");

  p = hand_square<T>();
  p.count = 2;
  expect_invalid(p, "polygon has 2 vertices, needs 3 to 8");
  p.count = 9;
  expect_invalid(p, "polygon has 9 vertices, needs 3 to 8");
  p.count = -1;
  expect_invalid(p, "polygon has -1 vertices");

  p = hand_square<T>();
  p.vertices[2] = Vec2<T>{inf<T>, T(2)};
  expect_invalid(p, "polygon vertex 2 (inf, 2) is not finite");

  p = hand_square<T>();
  std::swap(p.vertices[1], p.vertices[3]);  // clockwise
  expect_invalid(p, "clockwise");

  p = hand_square<T>();
  p.vertices[2] = V<T>(2, 0);  // duplicate of vertex 1
  expect_invalid(p, "vertices 1 and 2 are the same point (2, 0)");

  p = hand_square<T>();
  p.vertices[2] = V<T>(1, 0.5);  // a reflex vertex: (2, 0), (1, 0.5), (0, 2) turns clockwise
  expect_invalid(p, "turns clockwise at vertex 2 (1, 0.5)");
}

TYPED_TEST(ValidationTest, ShapeVariant) {
  using T = TypeParam;
  expect_valid(Shape<T>{circle<T>(0, 0, 1)});
  expect_valid(Shape<T>{hand_square<T>()});
  expect_invalid(Shape<T>{circle<T>(0, 0, -1)}, "circle radius is -1");
  expect_invalid(Shape<T>{aabb<T>(1, 1, 0, 0)}, "inverted box");
  expect_invalid(Shape<T>{Point<T>{nan<T>, T(1)}}, "point (nan, 1)");

  EXPECT_EQ(kind_of(Shape<T>{pt<T>(0, 0)}), ShapeKind::point);
  EXPECT_EQ(kind_of(Shape<T>{seg<T>(0, 0, 1, 1)}), ShapeKind::segment);
  EXPECT_EQ(kind_of(Shape<T>{circle<T>(0, 0, 1)}), ShapeKind::circle);
  EXPECT_EQ(kind_of(Shape<T>{capsule<T>(0, 0, 1, 1, 1)}), ShapeKind::capsule);
  EXPECT_EQ(kind_of(Shape<T>{aabb<T>(0, 0, 1, 1)}), ShapeKind::aabb);
  EXPECT_EQ(kind_of(Shape<T>{obb<T>(0, 0, 1, 1)}), ShapeKind::obb);
  EXPECT_EQ(kind_of(Shape<T>{hand_square<T>()}), ShapeKind::polygon);
}

TEST(ShapeKindName, EveryKind) {
  EXPECT_STREQ(shape_kind_name(ShapeKind::point), "point");
  EXPECT_STREQ(shape_kind_name(ShapeKind::segment), "segment");
  EXPECT_STREQ(shape_kind_name(ShapeKind::circle), "circle");
  EXPECT_STREQ(shape_kind_name(ShapeKind::capsule), "capsule");
  EXPECT_STREQ(shape_kind_name(ShapeKind::aabb), "aabb");
  EXPECT_STREQ(shape_kind_name(ShapeKind::obb), "obb");
  EXPECT_STREQ(shape_kind_name(ShapeKind::polygon), "polygon");
}

// ---- bounding_box ----

template <class T>
void expect_box(const Aabb<T>& box, Vec2<T> min, Vec2<T> max) {
  EXPECT_EQ(box.min, min);
  EXPECT_EQ(box.max, max);
}

TYPED_TEST(BoundsTest, RoundShapes) {
  using T = TypeParam;
  expect_box(bounding_box(pt<T>(3, -2)), V<T>(3, -2), V<T>(3, -2));
  expect_box(bounding_box(seg<T>(3, -1, 1, 2)), V<T>(1, -1), V<T>(3, 2));
  expect_box(bounding_box(circle<T>(1, 2, 3)), V<T>(-2, -1), V<T>(4, 5));
  expect_box(bounding_box(circle<T>(1, 2, 0)), V<T>(1, 2), V<T>(1, 2));
  expect_box(bounding_box(capsule<T>(0, 0, 4, 2, 1)), V<T>(-1, -1), V<T>(5, 3));
  expect_box(bounding_box(capsule<T>(4, 2, 0, 0, 1)), V<T>(-1, -1), V<T>(5, 3));
  expect_box(bounding_box(capsule<T>(2, 2, 2, 2, 1)), V<T>(1, 1), V<T>(3, 3));
}

TYPED_TEST(BoundsTest, Boxes) {
  using T = TypeParam;
  expect_box(bounding_box(aabb<T>(0, 1, 4, 3)), V<T>(0, 1), V<T>(4, 3));
  expect_box(bounding_box(obb<T>(10, 20, 2, 1)), V<T>(8, 19), V<T>(12, 21));
  // A 4x2 box turned a quarter turn is 2 wide and 4 tall.
  expect_box(bounding_box(obb<T>(10, 20, 2, 1, quarter_turn<T>)), V<T>(9, 18), V<T>(11, 22));
  expect_box(bounding_box(obb<T>(10, 20, 2, 1, half_turn<T>)), V<T>(8, 19), V<T>(12, 21));
  // A 3-4-5 rotation: extents 2 * 0.6 + 1 * 0.8 = 2 and 2 * 0.8 + 1 * 0.6 = 2.2.
  const Aabb<T> r = bounding_box(obb<T>(0, 0, 2, 1, Rot<T>{T(0.6), T(0.8)}));
  const T tol = T(8) * std::numeric_limits<T>::epsilon();
  expect_close(r.min, V<T>(-2, -2.2), tol);
  expect_close(r.max, V<T>(2, 2.2), tol);
  // A square of side 2 turned 45 degrees reaches sqrt(2) from its centre on both axes.
  const Aabb<T> d =
      bounding_box(make_obb(V<T>(1, 1), T(2), T(2), Rot<T>::from_degrees(T(45))).value());
  const T s2 = std::sqrt(T(2));
  expect_close(d.min, Vec2<T>{T(1) - s2, T(1) - s2}, tol);
  expect_close(d.max, Vec2<T>{T(1) + s2, T(1) + s2}, tol);
}

TYPED_TEST(BoundsTest, PolygonAndVariant) {
  using T = TypeParam;
  const ConvexPolygon<T> tri = poly<T>({V<T>(1, -2), V<T>(5, 0), V<T>(-1, 3)});
  expect_box(bounding_box(tri), V<T>(-1, -2), V<T>(5, 3));
  expect_box(bounding_box(Shape<T>{tri}), V<T>(-1, -2), V<T>(5, 3));
  expect_box(bounding_box(Shape<T>{circle<T>(1, 2, 3)}), V<T>(-2, -1), V<T>(4, 5));
  expect_box(bounding_box(Shape<T>{obb<T>(10, 20, 2, 1, quarter_turn<T>)}), V<T>(9, 18),
             V<T>(11, 22));
  expect_box(bounding_box(Shape<T>{pt<T>(7, 8)}), V<T>(7, 8), V<T>(7, 8));
}

TYPED_TEST(BoundsTest, ObbCorners) {
  using T = TypeParam;
  Vec2<T> c[4];
  corners(obb<T>(10, 20, 2, 1), c);
  EXPECT_EQ(c[0], V<T>(8, 19));
  EXPECT_EQ(c[1], V<T>(12, 19));
  EXPECT_EQ(c[2], V<T>(12, 21));
  EXPECT_EQ(c[3], V<T>(8, 21));
  corners(obb<T>(10, 20, 2, 1, quarter_turn<T>), c);
  EXPECT_EQ(c[0], V<T>(11, 18));
  EXPECT_EQ(c[1], V<T>(11, 22));
  EXPECT_EQ(c[2], V<T>(9, 22));
  EXPECT_EQ(c[3], V<T>(9, 18));
}

}  // namespace
}  // namespace c2t
