// math.hpp by hand: vector operations, rotations (exact quarter turns and rounded angles) and
// rigid transforms. Every exact expectation below is integer arithmetic checkable on paper.
#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class MathTest : public ::testing::Test {};
TYPED_TEST_SUITE(MathTest, Scalars);

// Worst rounding of cos / sin of a rounded angle, a few ulps of 1.
template <class T>
constexpr T trig_tolerance = T(4) * std::numeric_limits<T>::epsilon();

TYPED_TEST(MathTest, Vec2Arithmetic) {
  using T = TypeParam;
  const Vec2<T> a = V<T>(1, 2);
  const Vec2<T> b = V<T>(3, -5);
  EXPECT_EQ(a + b, V<T>(4, -3));
  EXPECT_EQ(a - b, V<T>(-2, 7));
  EXPECT_EQ(-a, V<T>(-1, -2));
  EXPECT_EQ(T(3) * a, V<T>(3, 6));
  EXPECT_EQ(a * T(3), V<T>(3, 6));
  EXPECT_EQ(T(0.5) * b, V<T>(1.5, -2.5));

  Vec2<T> c = a;
  c += b;
  EXPECT_EQ(c, V<T>(4, -3));
  c -= a;
  EXPECT_EQ(c, b);
  c *= T(-2);
  EXPECT_EQ(c, V<T>(-6, 10));

  EXPECT_TRUE(a == V<T>(1, 2));
  EXPECT_FALSE(a == V<T>(1, 3));
  EXPECT_TRUE(V<T>(0, 0) == V<T>(-0.0, 0));  // -0 == +0
}

TYPED_TEST(MathTest, DotCrossPerp) {
  using T = TypeParam;
  EXPECT_EQ(dot(V<T>(1, 2), V<T>(3, 4)), T(11));
  EXPECT_EQ(dot(V<T>(1, 0), V<T>(0, 1)), T(0));
  EXPECT_EQ(dot(V<T>(2, -3), V<T>(-4, 5)), T(-23));

  // cross > 0 when b is counter-clockwise of a (y up).
  EXPECT_EQ(cross(V<T>(1, 0), V<T>(0, 1)), T(1));
  EXPECT_EQ(cross(V<T>(0, 1), V<T>(1, 0)), T(-1));
  EXPECT_EQ(cross(V<T>(2, 3), V<T>(4, 6)), T(0));  // parallel
  EXPECT_EQ(cross(V<T>(1, 2), V<T>(3, 4)), T(-2));

  // perp is the counter-clockwise quarter turn: (x, y) -> (-y, x).
  EXPECT_EQ(perp(V<T>(1, 0)), V<T>(0, 1));
  EXPECT_EQ(perp(V<T>(0, 1)), V<T>(-1, 0));
  EXPECT_EQ(perp(V<T>(3, 4)), V<T>(-4, 3));
  EXPECT_EQ(dot(perp(V<T>(3, 4)), V<T>(3, 4)), T(0));
  EXPECT_EQ(cross(V<T>(3, 4), perp(V<T>(3, 4))), T(25));
}

TYPED_TEST(MathTest, LengthsAndDistances) {
  using T = TypeParam;
  EXPECT_EQ(length_squared(V<T>(3, 4)), T(25));
  EXPECT_EQ(length(V<T>(3, 4)), T(5));
  EXPECT_EQ(length(V<T>(-5, 12)), T(13));
  EXPECT_EQ(length(V<T>(0, 0)), T(0));
  EXPECT_EQ(length(V<T>(4, 5) - V<T>(1, 1)), T(5));
  EXPECT_EQ(distance(V<T>(1, 1), V<T>(4, 5)).distance, T(5));  // the point-point query
  EXPECT_EQ(distance_squared(V<T>(1, 1), V<T>(4, 5)), T(25));
  // hypot: no overflow where x^2 would overflow.
  const T big = std::numeric_limits<T>::max() / T(4);
  EXPECT_EQ(length(Vec2<T>{big, T(0)}), big);
}

TYPED_TEST(MathTest, Normalize) {
  using T = TypeParam;
  EXPECT_EQ(normalize(V<T>(0, 5)), V<T>(0, 1));
  EXPECT_EQ(normalize(V<T>(-7, 0)), V<T>(-1, 0));
  expect_close(normalize(V<T>(3, 4)), V<T>(0.6, 0.8), trig_tolerance<T>);
  // The zero vector (and non-finite ones) normalise to the zero vector.
  EXPECT_EQ(normalize(V<T>(0, 0)), V<T>(0, 0));
  EXPECT_EQ(normalize(Vec2<T>{inf<T>, T(1)}), V<T>(0, 0));
  EXPECT_EQ(normalize(Vec2<T>{nan<T>, T(1)}), V<T>(0, 0));
}

TYPED_TEST(MathTest, ComponentMinMaxLerpFinite) {
  using T = TypeParam;
  EXPECT_EQ(component_min(V<T>(1, 5), V<T>(3, -2)), V<T>(1, -2));
  EXPECT_EQ(component_max(V<T>(1, 5), V<T>(3, -2)), V<T>(3, 5));
  EXPECT_EQ(lerp(V<T>(0, 0), V<T>(4, 8), T(0.25)), V<T>(1, 2));
  EXPECT_EQ(lerp(V<T>(2, 2), V<T>(4, 8), T(0)), V<T>(2, 2));
  EXPECT_EQ(lerp(V<T>(2, 2), V<T>(4, 8), T(1)), V<T>(4, 8));
  EXPECT_TRUE(is_finite(V<T>(1, 2)));
  EXPECT_FALSE(is_finite(Vec2<T>{inf<T>, T(0)}));
  EXPECT_FALSE(is_finite(Vec2<T>{T(0), -inf<T>}));
  EXPECT_FALSE(is_finite(Vec2<T>{T(0), nan<T>}));
}

TYPED_TEST(MathTest, ExactQuarterTurn) {
  using T = TypeParam;
  const Rot<T> q = quarter_turn<T>;
  EXPECT_EQ(rotate(q, V<T>(1, 0)), V<T>(0, 1));
  EXPECT_EQ(rotate(q, V<T>(0, 1)), V<T>(-1, 0));
  EXPECT_EQ(rotate(q, V<T>(3, 4)), V<T>(-4, 3));
  EXPECT_EQ(inverse_rotate(q, V<T>(0, 1)), V<T>(1, 0));
  EXPECT_EQ(inverse_rotate(q, V<T>(-4, 3)), V<T>(3, 4));
  EXPECT_EQ(q.x_axis(), V<T>(0, 1));
  EXPECT_EQ(q.y_axis(), V<T>(-1, 0));
  EXPECT_EQ(q.angle(), pi<T> / T(2));

  // Composition: two quarter turns are a half turn, four are the identity.
  EXPECT_EQ(multiply(q, q), half_turn<T>);
  EXPECT_EQ(multiply(multiply(q, q), multiply(q, q)), Rot<T>::identity());
  EXPECT_EQ(multiply(q, three_quarter_turn<T>), Rot<T>::identity());
  EXPECT_EQ(rotate(half_turn<T>, V<T>(3, 4)), V<T>(-3, -4));
  EXPECT_EQ(rotate(three_quarter_turn<T>, V<T>(3, 4)), V<T>(4, -3));
  EXPECT_EQ(Rot<T>::identity(), no_turn<T>);
  EXPECT_EQ(rotate(Rot<T>::identity(), V<T>(3, 4)), V<T>(3, 4));
}

TYPED_TEST(MathTest, RotationFromAngleAndDegrees) {
  using T = TypeParam;
  const T tol = trig_tolerance<T>;
  // from_angle(pi / 2) carries the rounding of cos(pi / 2): close to, not exactly, (0, 1).
  const Rot<T> q = Rot<T>::from_angle(pi<T> / T(2));
  expect_close(q.c, T(0), tol);
  expect_close(q.s, T(1), tol);
  expect_close(rotate(q, V<T>(1, 0)), V<T>(0, 1), tol);

  const Rot<T> zero = Rot<T>::from_angle(T(0));
  EXPECT_EQ(zero, Rot<T>::identity());

  const Rot<T> d90 = Rot<T>::from_degrees(T(90));
  expect_close(d90.c, T(0), tol);
  expect_close(d90.s, T(1), tol);

  const Rot<T> d180 = Rot<T>::from_degrees(T(180));
  expect_close(d180.c, T(-1), tol);
  expect_close(d180.s, T(0), tol);

  // 30 degrees: (sqrt(3) / 2, 1 / 2); a positive angle turns counter-clockwise.
  const Rot<T> d30 = Rot<T>::from_degrees(T(30));
  expect_close(d30.c, std::sqrt(T(3)) / T(2), tol);
  expect_close(d30.s, T(0.5), tol);
  expect_close(rotate(d30, V<T>(2, 0)), Vec2<T>{std::sqrt(T(3)), T(1)}, T(2) * tol);

  // Negative angles turn clockwise.
  const Rot<T> m90 = Rot<T>::from_degrees(T(-90));
  expect_close(rotate(m90, V<T>(1, 0)), V<T>(0, -1), tol);

  expect_close(degrees_to_radians(T(180)), pi<T>, tol);
  expect_close(degrees_to_radians(T(-45)), -pi<T> / T(4), tol);
  expect_close(Rot<T>::from_degrees(T(60)).angle(), pi<T> / T(3), T(2) * tol);
  expect_close(Rot<T>::from_degrees(T(-120)).angle(), T(-2) * pi<T> / T(3), T(4) * tol);
}

// Rot::angle is documented to lie in (-pi, pi]. A half turn is pi, including the half turn whose
// sine is -0, which is what two clockwise quarter turns compose to: multiply gives
// {0 * 0 - (-1)(-1), (-1) * 0 + 0 * (-1)} = {-1, -0}.
TYPED_TEST(MathTest, AngleRange) {
  using T = TypeParam;
  EXPECT_EQ(Rot<T>::identity().angle(), T(0));
  EXPECT_EQ(half_turn<T>.angle(), pi<T>);
  EXPECT_EQ(three_quarter_turn<T>.angle(), -pi<T> / T(2));
  const Rot<T> two_clockwise = multiply(three_quarter_turn<T>, three_quarter_turn<T>);
  EXPECT_EQ(two_clockwise, half_turn<T>);  // == treats -0 as 0
  EXPECT_EQ(two_clockwise.angle(), pi<T>);
  EXPECT_EQ((Rot<T>{T(-1), T(-0.0)}).angle(), pi<T>);
}

TYPED_TEST(MathTest, InverseRotateUndoesRotate) {
  using T = TypeParam;
  const T tol = T(8) * std::numeric_limits<T>::epsilon();
  const Rot<T> q = Rot<T>::from_degrees(T(37));
  const Vec2<T> v = V<T>(3, -2);
  expect_close(inverse_rotate(q, rotate(q, v)), v, tol);
  expect_close(rotate(q, inverse_rotate(q, v)), v, tol);
  // Rotation keeps length (to rounding).
  expect_close(length(rotate(q, v)), length(v), tol);
}

TYPED_TEST(MathTest, TransformComposeAndInverse) {
  using T = TypeParam;
  // xf: quarter turn then move by (10, 20).
  const Transform<T> xf{V<T>(10, 20), quarter_turn<T>};
  EXPECT_EQ(transform_point(xf, V<T>(1, 0)), V<T>(10, 21));
  EXPECT_EQ(transform_point(xf, V<T>(2, 3)), V<T>(7, 22));
  EXPECT_EQ(inverse_transform_point(xf, V<T>(7, 22)), V<T>(2, 3));
  EXPECT_EQ(inverse_transform_point(xf, V<T>(10, 20)), V<T>(0, 0));

  EXPECT_EQ(transform_point(Transform<T>::identity(), V<T>(2, 3)), V<T>(2, 3));

  // multiply(a, b) applies b, then a.
  const Transform<T> a{V<T>(1, 2), half_turn<T>};
  const Transform<T> b{V<T>(3, 0), quarter_turn<T>};
  const Transform<T> ab = multiply(a, b);
  // ab.p = rotate(a.q, b.p) + a.p = (-3, 0) + (1, 2); ab.q = half turn * quarter turn.
  EXPECT_EQ(ab.p, V<T>(-2, 2));
  EXPECT_EQ(ab.q, three_quarter_turn<T>);
  const Vec2<T> v = V<T>(5, -1);
  // b: rotate (5, -1) a quarter turn -> (1, 5), then + (3, 0) -> (4, 5).
  EXPECT_EQ(transform_point(b, v), V<T>(4, 5));
  // a: rotate (4, 5) a half turn -> (-4, -5), then + (1, 2) -> (-3, -3).
  EXPECT_EQ(transform_point(a, transform_point(b, v)), V<T>(-3, -3));
  EXPECT_EQ(transform_point(ab, v), V<T>(-3, -3));
  // The inverse undoes the composition.
  EXPECT_EQ(inverse_transform_point(ab, V<T>(-3, -3)), v);
  EXPECT_EQ(inverse_transform_point(b, inverse_transform_point(a, V<T>(-3, -3))), v);

  // Composing with the identity changes nothing.
  EXPECT_EQ(multiply(Transform<T>::identity(), xf), xf);
  EXPECT_EQ(multiply(xf, Transform<T>::identity()), xf);
}

TYPED_TEST(MathTest, ConstantExpressions) {
  using T = TypeParam;
  static_assert(dot(Vec2<T>{T(1), T(2)}, Vec2<T>{T(3), T(4)}) == T(11));
  static_assert(cross(Vec2<T>{T(1), T(0)}, Vec2<T>{T(0), T(1)}) == T(1));
  static_assert(rotate(Rot<T>{T(0), T(1)}, Vec2<T>{T(1), T(0)}) == Vec2<T>{T(0), T(1)});
  static_assert(Rot<T>::identity() == Rot<T>{T(1), T(0)});
  SUCCEED();
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Regression (found by fuzz_queries): the length of a subnormal vector is rounded to a coarse grid,
// so dividing by it gave "unit" vectors of length 0.9991.
TEST(MathRegression, NormalizeKeepsUnitLengthAtTheEndsOfTheRange) {
  for (const Vec2<float> v : {Vec2<float>{-4.25995e-43f, 4.37205e-43f}, Vec2<float>{1e-40f, 0},
                              Vec2<float>{3e38f, -3e38f}}) {
    EXPECT_NEAR(length(normalize(v)), 1.0f, 1e-6f) << v.x << ", " << v.y;
  }
  EXPECT_NEAR(length(normalize(Vec2<double>{5e-324, 5e-324})), 1.0, 1e-15);
  EXPECT_NEAR(length(normalize(Vec2<double>{1e308, 1e308})), 1.0, 1e-15);
}

}  // namespace
}  // namespace c2t
