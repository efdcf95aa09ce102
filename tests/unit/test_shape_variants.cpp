// The Shape<T> (variant) forms of area, intersection_area, iou and shape_cast answer what the
// call on the concrete shapes answers, bit for bit, for every pair of kinds in both orders.
#include <variant>

#include "test_support.hpp"

namespace {

using namespace c2t;

template <class T>
class ShapeVariantTest : public ::testing::Test {};
TYPED_TEST_SUITE(ShapeVariantTest, Scalars);

// One shape of each kind, all overlapping the square [0, 1] x [0, 1] near the origin.
template <class T>
std::vector<Shape<T>> one_of_each() {
  return {Shape<T>{pt<T>(0.5, 0.5)},
          Shape<T>{seg<T>(0, 0, 2, 1)},
          Shape<T>{circle<T>(0.5, 0.5, 1)},
          Shape<T>{capsule<T>(-1, 0, 1, 0, 0.75)},
          Shape<T>{aabb<T>(-1, -1, 1, 1)},
          Shape<T>{obb<T>(0.5, 0, 2, 0.5, quarter_turn<T>)},
          Shape<T>{poly<T>({V<T>(0, 0), V<T>(2, 0), V<T>(0, 2)})}};
}

template <class T>
std::string pair_name(const Shape<T>& a, const Shape<T>& b) {
  return std::string(shape_kind_name(kind_of(a))) + " vs " + shape_kind_name(kind_of(b));
}

TYPED_TEST(ShapeVariantTest, AreaIsTheConcreteArea) {
  using T = TypeParam;
  for (const Shape<T>& s : one_of_each<T>()) {
    SCOPED_TRACE(shape_kind_name(kind_of(s)));
    EXPECT_EQ(area(s), std::visit([](const auto& x) { return area(x); }, s));
  }
  EXPECT_EQ(area(Shape<T>{aabb<T>(0, 0, 2, 1)}), T(2));
  EXPECT_EQ(area(Shape<T>{seg<T>(0, 0, 2, 1)}), T(0));
}

TYPED_TEST(ShapeVariantTest, IntersectionAreaAndIouAreTheConcreteOnes) {
  using T = TypeParam;
  for (const Shape<T>& a : one_of_each<T>()) {
    for (const Shape<T>& b : one_of_each<T>()) {
      SCOPED_TRACE(pair_name(a, b));
      std::visit(
          [&](const auto& x, const auto& y) {
            using X = std::decay_t<decltype(x)>;
            using Y = std::decay_t<decltype(y)>;
            if constexpr (is_area_query_shape_v<X> && is_area_query_shape_v<Y>) {
              EXPECT_EQ(intersection_area(a, b), intersection_area(x, y));
              EXPECT_EQ(iou(a, b), iou(x, y));
              EXPECT_GT(intersection_area(a, b), T(0));  // every pair here overlaps with area
            } else {
              EXPECT_EQ(intersection_area(a, b), T(0));  // a point or segment has no area
              EXPECT_EQ(iou(a, b), T(0));
            }
          },
          a, b);
    }
  }
}

TYPED_TEST(ShapeVariantTest, AreaHandCases) {
  using T = TypeParam;
  const Shape<T> a = aabb<T>(0, 0, 2, 2), b = aabb<T>(1, 1, 3, 3);
  EXPECT_EQ(intersection_area(a, b), T(1));
  EXPECT_EQ(iou(a, b), T(1) / T(7));
  EXPECT_EQ(iou(Shape<T>{pt<T>(0, 0)}, Shape<T>{pt<T>(0, 0)}), T(0));  // no union area
  // A capsule is an area shape: (0, 1)-(2, 1) of radius 1 is cut by the box [0, 2]^2 to its
  // rectangle, 2 x 2.
  EXPECT_NEAR(intersection_area(Shape<T>{capsule<T>(0, 1, 2, 1, 1)}, a), T(4), T(4e-6));
}

template <class T>
void expect_same_cast(const std::optional<CastHit<T>>& actual,
                      const std::optional<CastHit<T>>& expected) {
  ASSERT_EQ(actual.has_value(), expected.has_value());
  if (!expected) return;
  EXPECT_EQ(actual->t, expected->t);
  EXPECT_EQ(actual->normal, expected->normal);
  EXPECT_EQ(actual->point, expected->point);
  EXPECT_EQ(actual->iterations, expected->iterations);
}

TYPED_TEST(ShapeVariantTest, ShapeCastIsTheConcreteCast) {
  using T = TypeParam;
  const Vec2<T> offset = V<T>(8, 0);
  int hits = 0;
  for (const Shape<T>& a : one_of_each<T>()) {
    for (const Shape<T>& start : one_of_each<T>()) {
      const Shape<T> b = translated(start, offset);
      SCOPED_TRACE(pair_name(a, b));
      // B comes towards A (a hit), and goes away from it (none).
      for (const Vec2<T> motion_b : {V<T>(-12, 0), V<T>(4, 0)}) {
        const Vec2<T> motion_a = V<T>(1, 0);
        const auto actual = shape_cast(a, motion_a, b, motion_b);
        const auto expected = std::visit(
            [&](const auto& x, const auto& y) { return shape_cast(x, motion_a, y, motion_b); }, a,
            b);
        expect_same_cast(actual, expected);
        hits += actual ? 1 : 0;
      }
    }
  }
  EXPECT_EQ(hits, 49);  // every pair meets when B comes towards A, none when it goes away
}

}  // namespace
