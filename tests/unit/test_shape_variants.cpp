// The Shape<T> (variant) forms of area, intersection_area, iou, shape_cast and the other queries
// answer what the call on the concrete shapes answers, bit for bit, for every pair of kinds in both
// orders (the rounded polygon, the 8th alternative, included), the Polygon forms too.
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
          Shape<T>{poly<T>({V<T>(0, 0), V<T>(2, 0), V<T>(0, 2)})},
          Shape<T>{RoundedPolygon<T>{poly<T>({V<T>(0, 0), V<T>(1, 0), V<T>(1, 1), V<T>(0, 1)}),
                                     T(0.25)}}};
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
  EXPECT_EQ(hits, 64);  // every pair meets when B comes towards A, none when it goes away
}

// The answers of the other queries for one shape (or pair), concrete or variant: compared as a
// whole, so that the 64 pairs instantiate no test macros (they cost seconds of compile time).
template <class T>
struct OneAnswers {
  std::string error;
  Aabb<T> box, moved_box;
  bool hit;
  T t_enter, mass;
  bool operator==(const OneAnswers& o) const {
    return error == o.error && box.min == o.box.min && box.max == o.box.max &&
           moved_box.min == o.moved_box.min && moved_box.max == o.moved_box.max && hit == o.hit &&
           t_enter == o.t_enter && mass == o.mass;
  }
};
template <class T, class S>
OneAnswers<T> one_answers(const S& s, const Ray<T>& ray) {
  const auto hit = raycast(ray, s);
  return {validation_error(s),
          bounding_box(s),
          bounding_box(translated(s, Vec2<T>{T(4), T(-2)})),
          hit.has_value(),
          hit ? hit->t_enter : T(-1),
          mass_properties(s, T(2)).mass};
}

template <class T>
struct PairAnswers {
  bool overlap, interior, contain, strictly, penetrating;
  T distance, depth;
  int points;
  Vec2<T> normal;
  bool operator==(const PairAnswers& o) const {
    return overlap == o.overlap && interior == o.interior && contain == o.contain &&
           strictly == o.strictly && penetrating == o.penetrating && distance == o.distance &&
           depth == o.depth && points == o.points && normal == o.normal;
  }
};
template <class A, class B>
auto pair_answers(const A& a, const B& b) {
  const auto p = penetration(a, b);
  const auto m = collide(a, b);
  using T = decltype(m.normal.x);
  return PairAnswers<T>{overlaps(a, b),          overlaps_interior(a, b), contains(a, b),
                        contains_strictly(a, b), p.has_value(),           distance(a, b).distance,
                        p ? p->depth : T(-1),    m.point_count,           m.normal};
}

// With the rounded polygon, the newest alternative, on one side (pairs of the other kinds are
// covered by the tests that use the variant: 16 pairs, not 64), in double only: the dispatch is
// the same template for float, and each variant form instantiated costs a second of compile time.
TEST(ShapeVariantPairs, EveryOtherPairQueryIsTheConcreteOne) {
  using T = double;
  const std::vector<Shape<T>> shapes = one_of_each<T>();
  const RoundedPolygon<T>& r = std::get<RoundedPolygon<T>>(shapes.back());
  for (const Shape<T>& a : shapes) {
    SCOPED_TRACE(shape_kind_name(kind_of(a)));
    EXPECT_TRUE(pair_answers(shapes.back(), a) ==
                std::visit([&](const auto& x) { return pair_answers(r, x); }, a));
    EXPECT_TRUE(pair_answers(a, shapes.back()) ==
                std::visit([&](const auto& x) { return pair_answers(x, r); }, a));
  }
}

TYPED_TEST(ShapeVariantTest, EveryOtherQueryIsTheConcreteOne) {
  using T = TypeParam;
  const std::vector<Shape<T>> shapes = one_of_each<T>();
  ASSERT_EQ(shapes.size(), std::size_t(shape_kind_count));
  const Ray<T> ray{V<T>(-3, 0.5), V<T>(1, 0), T(10)};
  for (const Shape<T>& a : shapes) {
    SCOPED_TRACE(shape_kind_name(kind_of(a)));
    EXPECT_TRUE(one_answers(a, ray) ==
                std::visit([&](const auto& x) { return one_answers(x, ray); }, a));
  }
  const Shape<T> rounded = shapes.back();
  EXPECT_EQ(kind_of(rounded), ShapeKind::rounded_polygon);
  EXPECT_STREQ(shape_kind_name(kind_of(rounded)), "rounded_polygon");
  // Moved rigidly: the core moves, the radius stays.
  const RoundedPolygon<T> moved = std::get<RoundedPolygon<T>>(translated(rounded, V<T>(4, -2)));
  EXPECT_EQ(moved.core.vertices[2], V<T>(5, -1));
  EXPECT_EQ(moved.radius, T(0.25));
  // An invalid radius is named through the variant.
  const Shape<T> bad = RoundedPolygon<T>{std::get<RoundedPolygon<T>>(rounded).core, T(-1)};
  const std::string reason = validation_error(bad);
  EXPECT_CONTAINS(reason, "rounded polygon radius is -1");
}

// Polygon queries with a rounded polygon: the variant forms are the concrete calls. On paper: the
// unit square rounded by 1/4 lies in the L's corner and reaches x = -1/4, so the two overlap and
// neither contains the other; the square [2, 3]^2 rounded by 1/4 is 1 - 1/4 from the L (its
// core's corner (2, 2) is 1 from the inner edges y = 1 and x = 1).
TYPED_TEST(ShapeVariantTest, PolygonWithARoundedPolygonIsTheConcreteCall) {
  using T = TypeParam;
  const Polygon<T> l_shape = make_simple_polygon<T>({V<T>(0, 0), V<T>(4, 0), V<T>(4, 1), V<T>(1, 1),
                                                     V<T>(1, 4), V<T>(0, 4)})
                                 .value();
  const Shape<T> rounded = one_of_each<T>().back();
  const RoundedPolygon<T>& r = std::get<RoundedPolygon<T>>(rounded);
  EXPECT_EQ(overlaps(l_shape, rounded), overlaps(l_shape, r));
  EXPECT_EQ(overlaps(rounded, l_shape), overlaps(r, l_shape));
  EXPECT_EQ(contains(l_shape, rounded), contains(l_shape, r));
  EXPECT_EQ(contains(rounded, l_shape), contains(r, l_shape));
  EXPECT_EQ(contains_strictly(l_shape, rounded), contains_strictly(l_shape, r));
  EXPECT_EQ(contains_strictly(rounded, l_shape), contains_strictly(r, l_shape));
  EXPECT_EQ(distance(l_shape, rounded).distance, distance(l_shape, r).distance);
  EXPECT_EQ(distance(rounded, l_shape).distance, distance(r, l_shape).distance);
  EXPECT_TRUE(overlaps(l_shape, rounded));
  EXPECT_FALSE(contains(l_shape, rounded));
  EXPECT_FALSE(contains(rounded, l_shape));
  EXPECT_EQ(distance(l_shape, rounded).distance, T(0));
  const Shape<T> apart =
      RoundedPolygon<T>{poly<T>({V<T>(2, 2), V<T>(3, 2), V<T>(3, 3), V<T>(2, 3)}), T(0.25)};
  EXPECT_FALSE(overlaps(apart, l_shape));
  EXPECT_EQ(distance(apart, l_shape).distance, T(0.75));
}

}  // namespace
