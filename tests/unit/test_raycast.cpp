// raycast by hand for every shape: entry and exit parameters and points, the outward normal at
// entry, started_inside / ended_inside, and the degenerate rays the header documents (zero
// direction, zero direction component on a box side, grazing, along an edge, NaN input), and the
// one-sided segment's documented cases.
// Integer inputs give exact parameters, so EXPECT_EQ is used except where a square root or a
// normalisation rounds (3-4-5 normals are 0.6 / 0.8, not exact in binary).
#include <cstring>
#include <optional>
#include <variant>
#include <vector>

#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class RaycastTest : public ::testing::Test {};
TYPED_TEST_SUITE(RaycastTest, Scalars);

template <class T>
Ray<T> ray(double ox, double oy, double dx, double dy, T max_t = inf<T>) {
  return {V<T>(ox, oy), V<T>(dx, dy), max_t};
}

// The expected hit, all exact.
template <class T>
struct Expected {
  double t_enter;
  double t_exit;
  Vec2<T> point_enter;
  Vec2<T> point_exit;
  Vec2<T> normal;
  bool started_inside;
  bool ended_inside;
};

template <class T>
void expect_hit(const std::optional<RayHit<T>>& hit, const Expected<T>& e) {
  ASSERT_TRUE(hit.has_value()) << "expected a hit";
  EXPECT_EQ(hit->t_enter, T(e.t_enter)) << "t_enter";
  EXPECT_EQ(hit->t_exit, T(e.t_exit)) << "t_exit";
  EXPECT_EQ(hit->point_enter, e.point_enter) << "point_enter";
  EXPECT_EQ(hit->point_exit, e.point_exit) << "point_exit";
  EXPECT_EQ(hit->normal, e.normal) << "normal";
  EXPECT_EQ(hit->started_inside, e.started_inside) << "started_inside";
  EXPECT_EQ(hit->ended_inside, e.ended_inside) << "ended_inside";
}

// Also through the Shape variant, which must agree field for field.
template <class T, class S>
void expect_hit_shape(const Ray<T>& r, const S& shape, const Expected<T>& e) {
  expect_hit(raycast(r, shape), e);
  expect_hit(raycast(r, Shape<T>{shape}), e);
}

template <class T, class S>
void expect_miss(const Ray<T>& r, const S& shape) {
  EXPECT_FALSE(raycast(r, shape).has_value());
  EXPECT_FALSE(raycast(r, Shape<T>{shape}).has_value());
}

// A normal at a corner may be either edge's; n must be one of the two.
template <class T>
void expect_one_of(Vec2<T> n, Vec2<T> a, Vec2<T> b) {
  EXPECT_TRUE(n == a || n == b) << "normal (" << n.x << ", " << n.y << ") is neither (" << a.x
                                << ", " << a.y << ") nor (" << b.x << ", " << b.y << ")";
}

template <class T>
constexpr T tol = T(8) * std::numeric_limits<T>::epsilon();

template <class T>
Vec2<T> zero() {
  return V<T>(0, 0);
}

// ---- Aabb [-1, 1]^2 ----

template <class T>
Aabb<T> unit_box() {
  return aabb<T>(-1, -1, 1, 1);
}

TYPED_TEST(RaycastTest, AabbThroughFromEachSide) {
  using T = TypeParam;
  const Aabb<T> b = unit_box<T>();
  expect_hit_shape(ray<T>(-5, 0, 1, 0), b,
                   {4, 6, V<T>(-1, 0), V<T>(1, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(5, 0.5, -1, 0), b,
                   {4, 6, V<T>(1, 0.5), V<T>(-1, 0.5), V<T>(1, 0), false, false});
  expect_hit_shape(ray<T>(0, 5, 0, -1), b,
                   {4, 6, V<T>(0, 1), V<T>(0, -1), V<T>(0, 1), false, false});
  expect_hit_shape(ray<T>(0.5, -5, 0, 1), b,
                   {4, 6, V<T>(0.5, -1), V<T>(0.5, 1), V<T>(0, -1), false, false});
  // Diagonal: x slab [2, 4], y slab [1, 3]: enters through x = -1 at t 2, leaves through y = 1
  // at 3.
  expect_hit_shape(ray<T>(-3, -2, 1, 1), b,
                   {2, 3, V<T>(-1, 0), V<T>(0, 1), V<T>(-1, 0), false, false});
  // Diagonal entering through the bottom: x slab [1, 3], y slab [2, 4].
  expect_hit_shape(ray<T>(-2, -3, 1, 1), b,
                   {2, 3, V<T>(0, -1), V<T>(1, 0), V<T>(0, -1), false, false});
}

TYPED_TEST(RaycastTest, AabbDirectionNotUnit) {
  using T = TypeParam;
  const Aabb<T> b = unit_box<T>();
  // t is in units of the direction: twice as long, half the t.
  expect_hit_shape(ray<T>(-5, 0, 2, 0), b,
                   {2, 3, V<T>(-1, 0), V<T>(1, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(-5, 0, 0.5, 0), b,
                   {8, 12, V<T>(-1, 0), V<T>(1, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(-3, -2, 4, 4), b,
                   {0.5, 0.75, V<T>(-1, 0), V<T>(0, 1), V<T>(-1, 0), false, false});
}

TYPED_TEST(RaycastTest, AabbStartInsideEndInsideOnBoundary) {
  using T = TypeParam;
  const Aabb<T> b = unit_box<T>();
  // Starting inside: t_enter 0, started_inside, no entry surface.
  expect_hit_shape(ray<T>(0, 0, 1, 0), b, {0, 1, V<T>(0, 0), V<T>(1, 0), zero<T>(), true, false});
  // Ending inside: t_exit = max_t.
  expect_hit_shape(ray<T>(-5, 0, 1, 0, T(5)), b,
                   {4, 5, V<T>(-1, 0), V<T>(0, 0), V<T>(-1, 0), false, true});
  // Both: the whole ray is inside.
  expect_hit_shape(ray<T>(0, 0, 1, 0, T(0.5)), b,
                   {0, 0.5, V<T>(0, 0), V<T>(0.5, 0), zero<T>(), true, true});
  // Starting exactly on the boundary counts as inside (closed set).
  expect_hit_shape(ray<T>(-1, 0, 1, 0), b, {0, 2, V<T>(-1, 0), V<T>(1, 0), zero<T>(), true, false});
  // On the boundary and pointing away: the single point t = 0.
  expect_hit_shape(ray<T>(1, 0, 1, 0), b, {0, 0, V<T>(1, 0), V<T>(1, 0), zero<T>(), true, false});
  expect_miss(ray<T>(1 + gap<double>, 0, 1, 0), b);
  // On a corner, pointing away.
  expect_hit_shape(ray<T>(1, 1, 1, 1), b, {0, 0, V<T>(1, 1), V<T>(1, 1), zero<T>(), true, false});
}

TYPED_TEST(RaycastTest, AabbAlongAnEdgeAndParallel) {
  using T = TypeParam;
  const Aabb<T> b = unit_box<T>();
  const double g = gap<double>;
  // Exactly along the top edge y = 1: the closed set is hit, over the whole edge.
  expect_hit_shape(ray<T>(-5, 1, 1, 0), b,
                   {4, 6, V<T>(-1, 1), V<T>(1, 1), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(5, -1, -1, 0), b,
                   {4, 6, V<T>(1, -1), V<T>(-1, -1), V<T>(1, 0), false, false});
  // Parallel, just outside.
  expect_miss(ray<T>(-5, 1 + g, 1, 0), b);
  expect_miss(ray<T>(-5, -1 - g, 1, 0), b);
  // Zero x component with the origin exactly on x = min.x (no 0 * inf = NaN): a hit along the side.
  expect_hit_shape(ray<T>(-1, -5, 0, 1), b,
                   {4, 6, V<T>(-1, -1), V<T>(-1, 1), V<T>(0, -1), false, false});
  expect_hit_shape(ray<T>(1, 5, 0, -1), b,
                   {4, 6, V<T>(1, 1), V<T>(1, -1), V<T>(0, 1), false, false});
  expect_hit_shape(ray<T>(-1, 0, 0, 1), b,
                   {0, 1, V<T>(-1, 0), V<T>(-1, 1), zero<T>(), true, false});
  expect_miss(ray<T>(-1 - g, -5, 0, 1), b);
  expect_miss(ray<T>(1 + g, -5, 0, 1), b);
  // Zero y component with origin on y = max.y, pointing left.
  expect_hit_shape(ray<T>(5, 1, -1, 0), b,
                   {4, 6, V<T>(1, 1), V<T>(-1, 1), V<T>(1, 0), false, false});
  // A box of zero width is hit only along its line.
  expect_hit_shape(ray<T>(2, -5, 0, 1), aabb<T>(2, 0, 2, 3),
                   {5, 8, V<T>(2, 0), V<T>(2, 3), V<T>(0, -1), false, false});
  expect_miss(ray<T>(2 + g, -5, 0, 1), aabb<T>(2, 0, 2, 3));
}

TYPED_TEST(RaycastTest, AabbGrazingCorner) {
  using T = TypeParam;
  const Aabb<T> b = unit_box<T>();
  // (-2, 0) + t (1, 1) touches only the corner (-1, 1), at t = 1.
  const auto hit = raycast(ray<T>(-2, 0, 1, 1), b);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->t_enter, T(1));
  EXPECT_EQ(hit->t_exit, T(1));
  EXPECT_EQ(hit->point_enter, V<T>(-1, 1));
  EXPECT_EQ(hit->point_exit, V<T>(-1, 1));
  expect_one_of(hit->normal, V<T>(-1, 0), V<T>(0, 1));
  EXPECT_FALSE(hit->started_inside);
  EXPECT_FALSE(hit->ended_inside);
  expect_miss(ray<T>(-2, gap<double>, 1, 1), b);
  // Through a corner into the box: (-2, -2) + t (1, 1) enters at the corner (-1, -1), t = 1.
  const auto diag = raycast(ray<T>(-2, -2, 1, 1), b);
  ASSERT_TRUE(diag.has_value());
  EXPECT_EQ(diag->t_enter, T(1));
  EXPECT_EQ(diag->t_exit, T(3));
  EXPECT_EQ(diag->point_enter, V<T>(-1, -1));
  expect_one_of(diag->normal, V<T>(-1, 0), V<T>(0, -1));
}

TYPED_TEST(RaycastTest, AabbMaxTAndBehind) {
  using T = TypeParam;
  const Aabb<T> b = unit_box<T>();
  expect_miss(ray<T>(-5, 0, 1, 0, T(3)), b);  // the box lies beyond max_t
  expect_miss(ray<T>(-5, 0, 1, 0, T(4) - T(gap<double>)), b);
  // max_t reaching exactly the entry face: the single point t = 4; the ray ends before leaving.
  expect_hit_shape(ray<T>(-5, 0, 1, 0, T(4)), b,
                   {4, 4, V<T>(-1, 0), V<T>(-1, 0), V<T>(-1, 0), false, true});
  // max_t exactly at the exit: not ended inside.
  expect_hit_shape(ray<T>(-5, 0, 1, 0, T(6)), b,
                   {4, 6, V<T>(-1, 0), V<T>(1, 0), V<T>(-1, 0), false, false});
  expect_miss(ray<T>(5, 0, 1, 0), b);  // behind the origin
  expect_miss(ray<T>(-5, 0, -1, 0), b);
  expect_miss(ray<T>(-5, 3, 1, 0), b);  // beside
  // max_t = 0 is the origin alone.
  expect_hit_shape(ray<T>(0, 0, 1, 0, T(0)), b,
                   {0, 0, V<T>(0, 0), V<T>(0, 0), zero<T>(), true, true});
  expect_miss(ray<T>(-5, 0, 1, 0, T(0)), b);
}

TYPED_TEST(RaycastTest, AabbOffCentre) {
  using T = TypeParam;
  // [10, 14] x [20, 22] from (0, 21) along +x, and from below along +y with direction (0, 4).
  const Aabb<T> b = aabb<T>(10, 20, 14, 22);
  expect_hit_shape(ray<T>(0, 21, 1, 0), b,
                   {10, 14, V<T>(10, 21), V<T>(14, 21), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(12, 0, 0, 4), b,
                   {5, 5.5, V<T>(12, 20), V<T>(12, 22), V<T>(0, -1), false, false});
}

// ---- Obb ----

TYPED_TEST(RaycastTest, ObbQuarterTurn) {
  using T = TypeParam;
  const double g = gap<double>;
  // A 4x2 box turned a quarter turn: the world set [-1, 1] x [-2, 2].
  const Obb<T> q = obb<T>(0, 0, 2, 1, quarter_turn<T>);
  expect_hit_shape(ray<T>(-5, 0, 1, 0), q,
                   {4, 6, V<T>(-1, 0), V<T>(1, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(0, -5, 0, 1), q,
                   {3, 7, V<T>(0, -2), V<T>(0, 2), V<T>(0, -1), false, false});
  expect_hit_shape(ray<T>(0.5, 5, 0, -2), q,
                   {1.5, 3.5, V<T>(0.5, 2), V<T>(0.5, -2), V<T>(0, 1), false, false});
  expect_hit_shape(ray<T>(5, 1, -1, 0), q,
                   {4, 6, V<T>(1, 1), V<T>(-1, 1), V<T>(1, 0), false, false});
  // Along the right edge x = 1 and the top edge y = 2 (a zero direction component in the box's
  // frame).
  expect_hit_shape(ray<T>(1, -5, 0, 1), q,
                   {3, 7, V<T>(1, -2), V<T>(1, 2), V<T>(0, -1), false, false});
  expect_hit_shape(ray<T>(-5, 2, 1, 0), q,
                   {4, 6, V<T>(-1, 2), V<T>(1, 2), V<T>(-1, 0), false, false});
  expect_miss(ray<T>(1 + g, -5, 0, 1), q);
  expect_miss(ray<T>(-5, 2 + g, 1, 0), q);
  // Inside, ending inside, behind, max_t short.
  expect_hit_shape(ray<T>(0, 0, 0, 1), q, {0, 2, V<T>(0, 0), V<T>(0, 2), zero<T>(), true, false});
  expect_hit_shape(ray<T>(0, -5, 0, 1, T(4)), q,
                   {3, 4, V<T>(0, -2), V<T>(0, -1), V<T>(0, -1), false, true});
  expect_miss(ray<T>(0, 5, 0, 1), q);
  expect_miss(ray<T>(0, -5, 0, 1, T(2)), q);
  // Grazing the corner (1, 2).
  const auto hit = raycast(ray<T>(0, 3, 1, -1), q);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->t_enter, T(1));
  EXPECT_EQ(hit->t_exit, T(1));
  EXPECT_EQ(hit->point_enter, V<T>(1, 2));
  expect_one_of(hit->normal, V<T>(1, 0), V<T>(0, 1));
  expect_miss(ray<T>(0, 3 + g, 1, -1), q);
}

TYPED_TEST(RaycastTest, ObbOffCentreAndHalfTurn) {
  using T = TypeParam;
  // Centre (10, 20), quarter turn: [9, 11] x [18, 22].
  expect_hit_shape(ray<T>(0, 20, 1, 0), obb<T>(10, 20, 2, 1, quarter_turn<T>),
                   {9, 11, V<T>(9, 20), V<T>(11, 20), V<T>(-1, 0), false, false});
  // Half turn: the same set as unturned, [8, 12] x [19, 21]; normals still point outward.
  expect_hit_shape(ray<T>(10, 0, 0, 1), obb<T>(10, 20, 2, 1, half_turn<T>),
                   {19, 21, V<T>(10, 19), V<T>(10, 21), V<T>(0, -1), false, false});
  expect_hit_shape(ray<T>(20, 20, -1, 0), obb<T>(10, 20, 2, 1, three_quarter_turn<T>),
                   {9, 11, V<T>(11, 20), V<T>(9, 20), V<T>(1, 0), false, false});
  // Zero extent: a point.
  expect_hit_shape(ray<T>(0, 20, 1, 0), obb<T>(10, 20, 0, 0, quarter_turn<T>),
                   {10, 10, V<T>(10, 20), V<T>(10, 20), V<T>(-1, 0), false, false});
}

TYPED_TEST(RaycastTest, ObbFortyFiveDegrees) {
  using T = TypeParam;
  // A square of side 2 turned 45 degrees: |x| + |y| <= sqrt(2). The ray y = 0.5 enters through the
  // upper-left edge (outward normal (-1, 1) / sqrt(2)) at x = 0.5 - sqrt(2).
  const Obb<T> d = make_obb(V<T>(0, 0), T(2), T(2), Rot<T>::from_degrees(T(45))).value();
  const auto hit = raycast(ray<T>(-5, 0.5, 1, 0), d);
  ASSERT_TRUE(hit.has_value());
  const T s2 = std::sqrt(T(2));
  const T t = T(4);  // looser: the box frame rounds
  expect_close(hit->t_enter, T(5.5) - s2, t * tol<T>);
  expect_close(hit->t_exit, T(4.5) + s2, t * tol<T>);
  expect_close(hit->point_enter, Vec2<T>{T(0.5) - s2, T(0.5)}, t * tol<T>);
  expect_close(hit->normal, Vec2<T>{-T(1) / s2, T(1) / s2}, tol<T>);
  EXPECT_FALSE(hit->started_inside);
  // Clearly missing: the ray y = 1.5 passes above the top corner (0, 1.414).
  expect_miss(ray<T>(-5, 1.5, 1, 0), d);
}

// ---- ConvexPolygon ----

template <class T>
ConvexPolygon<T> tri() {
  return poly<T>({V<T>(0, 0), V<T>(4, 0), V<T>(0, 4)});
}
template <class T>
ConvexPolygon<T> square() {
  return poly<T>({V<T>(-1, -1), V<T>(1, -1), V<T>(1, 1), V<T>(-1, 1)});
}

TYPED_TEST(RaycastTest, PolygonThrough) {
  using T = TypeParam;
  // Into the left leg at (0, 1), out through the hypotenuse x + y = 4 at (3, 1).
  expect_hit_shape(ray<T>(-2, 1, 1, 0), tri<T>(),
                   {2, 5, V<T>(0, 1), V<T>(3, 1), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(-2, 1, 2, 0), tri<T>(),
                   {1, 2.5, V<T>(0, 1), V<T>(3, 1), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(1, -3, 0, 1), tri<T>(),
                   {3, 6, V<T>(1, 0), V<T>(1, 3), V<T>(0, -1), false, false});
  // Into the hypotenuse at (2, 2), out at the vertex (0, 0).
  const auto hit = raycast(ray<T>(5, 5, -1, -1), tri<T>());
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->t_enter, T(3));
  EXPECT_EQ(hit->t_exit, T(5));
  EXPECT_EQ(hit->point_enter, V<T>(2, 2));
  EXPECT_EQ(hit->point_exit, V<T>(0, 0));
  const T h = std::sqrt(T(0.5));
  expect_close(hit->normal, Vec2<T>{h, h}, tol<T>);
  // The square polygon behaves like the box [-1, 1]^2.
  expect_hit_shape(ray<T>(-5, 0, 1, 0), square<T>(),
                   {4, 6, V<T>(-1, 0), V<T>(1, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(0, 5, 0, -1), square<T>(),
                   {4, 6, V<T>(0, 1), V<T>(0, -1), V<T>(0, 1), false, false});
}

TYPED_TEST(RaycastTest, PolygonInsideEndingInsideOnBoundary) {
  using T = TypeParam;
  expect_hit_shape(ray<T>(0.5, 0.5, 1, 0), tri<T>(),
                   {0, 3, V<T>(0.5, 0.5), V<T>(3.5, 0.5), zero<T>(), true, false});
  expect_hit_shape(ray<T>(-2, 1, 1, 0, T(3)), tri<T>(),
                   {2, 3, V<T>(0, 1), V<T>(1, 1), V<T>(-1, 0), false, true});
  expect_hit_shape(ray<T>(0, 1, 1, 0), tri<T>(),
                   {0, 3, V<T>(0, 1), V<T>(3, 1), zero<T>(), true, false});
  expect_hit_shape(ray<T>(0, 0, -1, 0), tri<T>(),
                   {0, 0, V<T>(0, 0), V<T>(0, 0), zero<T>(), true, false});
  expect_miss(ray<T>(-2, 1, 1, 0, T(1)), tri<T>());  // beyond max_t
  expect_miss(ray<T>(-2, 1, -1, 0), tri<T>());       // behind
}

TYPED_TEST(RaycastTest, PolygonAlongEdgeParallelAndZeroComponent) {
  using T = TypeParam;
  const double g = gap<double>;
  // Along the bottom edge y = -1 of the square: hit over the whole edge.
  expect_hit_shape(ray<T>(-5, -1, 1, 0), square<T>(),
                   {4, 6, V<T>(-1, -1), V<T>(1, -1), V<T>(-1, 0), false, false});
  expect_miss(ray<T>(-5, -1 - g, 1, 0), square<T>());
  // Zero x component with the origin on x = -1.
  expect_hit_shape(ray<T>(-1, -5, 0, 1), square<T>(),
                   {4, 6, V<T>(-1, -1), V<T>(-1, 1), V<T>(0, -1), false, false});
  expect_miss(ray<T>(-1 - g, -5, 0, 1), square<T>());
  // Along the triangle's hypotenuse from beyond (6, -2): the edge from (4, 0) to (0, 4).
  const auto hyp = raycast(ray<T>(6, -2, -1, 1), tri<T>());
  ASSERT_TRUE(hyp.has_value());
  EXPECT_EQ(hyp->t_enter, T(2));
  EXPECT_EQ(hyp->t_exit, T(6));
  EXPECT_EQ(hyp->point_enter, V<T>(4, 0));
  EXPECT_EQ(hyp->point_exit, V<T>(0, 4));
  expect_miss(ray<T>(6 + g, -2, -1, 1), tri<T>());
}

TYPED_TEST(RaycastTest, PolygonGrazingVertex) {
  using T = TypeParam;
  // (3, -1) + t (1, 1) touches only the vertex (4, 0), at t = 1.
  const auto hit = raycast(ray<T>(3, -1, 1, 1), tri<T>());
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->t_enter, T(1));
  EXPECT_EQ(hit->t_exit, T(1));
  EXPECT_EQ(hit->point_enter, V<T>(4, 0));
  EXPECT_EQ(hit->point_exit, V<T>(4, 0));
  const T h = std::sqrt(T(0.5));
  // One of the two edges meeting at (4, 0): the bottom (0, -1) or the hypotenuse (h, h).
  if (hit->normal != V<T>(0, -1)) expect_close(hit->normal, Vec2<T>{h, h}, tol<T>);
  expect_miss(ray<T>(3, -1 - gap<double>, 1, 1), tri<T>());
  // The square's corner, grazed.
  const auto corner = raycast(ray<T>(-2, 0, 1, 1), square<T>());
  ASSERT_TRUE(corner.has_value());
  EXPECT_EQ(corner->t_enter, T(1));
  EXPECT_EQ(corner->t_exit, T(1));
  expect_one_of(corner->normal, V<T>(-1, 0), V<T>(0, 1));
}

// ---- Circle (0, 0) radius 5 ----

TYPED_TEST(RaycastTest, Circle) {
  using T = TypeParam;
  const double g = gap<double>;
  const Circle<T> c = circle<T>(0, 0, 5);
  expect_hit_shape(ray<T>(-10, 0, 1, 0), c,
                   {5, 15, V<T>(-5, 0), V<T>(5, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(0, 10, 0, -2), c,
                   {2.5, 7.5, V<T>(0, 5), V<T>(0, -5), V<T>(0, 1), false, false});
  // Off-centre chord at y = 3: half chord 4, entry (-4, 3) with normal (-0.8, 0.6).
  const auto hit = raycast(ray<T>(-10, 3, 1, 0), c);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->t_enter, T(6));
  EXPECT_EQ(hit->t_exit, T(14));
  EXPECT_EQ(hit->point_enter, V<T>(-4, 3));
  EXPECT_EQ(hit->point_exit, V<T>(4, 3));
  expect_close(hit->normal, V<T>(-0.8, 0.6), tol<T>);
  const auto fast = raycast(ray<T>(-10, 3, 2, 0), c);
  ASSERT_TRUE(fast.has_value());
  EXPECT_EQ(fast->t_enter, T(3));
  EXPECT_EQ(fast->t_exit, T(7));
  // Tangent: a single point, normal (0, 1).
  expect_hit_shape(ray<T>(-10, 5, 1, 0), c,
                   {10, 10, V<T>(0, 5), V<T>(0, 5), V<T>(0, 1), false, false});
  expect_miss(ray<T>(-10, 5 + g, 1, 0), c);
  // Inside, on the boundary, ending inside, behind, short.
  expect_hit_shape(ray<T>(0, 0, 0, 1), c, {0, 5, V<T>(0, 0), V<T>(0, 5), zero<T>(), true, false});
  expect_hit_shape(ray<T>(-5, 0, 1, 0), c,
                   {0, 10, V<T>(-5, 0), V<T>(5, 0), zero<T>(), true, false});
  expect_hit_shape(ray<T>(-10, 0, 1, 0, T(8)), c,
                   {5, 8, V<T>(-5, 0), V<T>(-2, 0), V<T>(-1, 0), false, true});
  expect_miss(ray<T>(10, 0, 1, 0), c);
  expect_miss(ray<T>(-10, 0, 1, 0, T(4)), c);
  // Off the origin: circle (10, 20) radius 13, ray along y = 32, 12 above the centre: the half
  // chord is 5 (5-12-13), so it spans x in [5, 15]; the entry normal is (-5, 12) / 13.
  const auto off = raycast(ray<T>(0, 32, 1, 0), circle<T>(10, 20, 13));
  ASSERT_TRUE(off.has_value());
  EXPECT_EQ(off->t_enter, T(5));
  EXPECT_EQ(off->t_exit, T(15));
  EXPECT_EQ(off->point_enter, V<T>(5, 32));
  EXPECT_EQ(off->point_exit, V<T>(15, 32));
  expect_close(off->normal, Vec2<T>{T(-5) / T(13), T(12) / T(13)}, tol<T>);
}

// Shapes without area report a unit normal facing the ray origin (header: "normal: unit outward
// normal ... the zero vector when started_inside"). A valid zero-radius circle, and a zero-radius
// capsule entered at an end point, are such shapes.
template <class T>
void expect_unit_normal_facing(const std::optional<RayHit<T>>& hit, Vec2<T> direction, T t_enter) {
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->t_enter, t_enter);
  EXPECT_FALSE(hit->started_inside);
  expect_close(length(hit->normal), T(1), tol<T>);
  EXPECT_LT(dot(hit->normal, direction), T(0))
      << "normal (" << hit->normal.x << ", " << hit->normal.y << ")";
}

TYPED_TEST(RaycastTest, ZeroRadiusCircleIsAPoint) {
  using T = TypeParam;
  const auto hit = raycast(ray<T>(-10, 0, 1, 0), circle<T>(0, 0, 0));
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->t_enter, T(10));
  EXPECT_EQ(hit->t_exit, T(10));
  EXPECT_EQ(hit->point_enter, V<T>(0, 0));
  EXPECT_FALSE(hit->started_inside);
  expect_unit_normal_facing(hit, V<T>(1, 0), T(10));
  expect_miss(ray<T>(-10, gap<double>, 1, 0), circle<T>(0, 0, 0));
  // The same set as a Point, which does report (-1, 0).
  EXPECT_EQ(raycast(ray<T>(-10, 0, 1, 0), pt<T>(0, 0))->normal, V<T>(-1, 0));
}

TYPED_TEST(RaycastTest, ZeroRadiusCapsuleEndPointNormal) {
  using T = TypeParam;
  // Capsule (0, 0)-(4, 0) radius 0 is the segment; entered end-on at (0, 0) and from below at (0,
  // 0).
  const Capsule<T> c = capsule<T>(0, 0, 4, 0, 0);
  const auto end_on = raycast(ray<T>(-5, 0, 1, 0), c);
  ASSERT_TRUE(end_on.has_value());
  EXPECT_EQ(end_on->t_exit, T(9));
  expect_unit_normal_facing(end_on, V<T>(1, 0), T(5));
  expect_unit_normal_facing(raycast(ray<T>(0, -5, 0, 1), c), V<T>(0, 1), T(5));
  // a == b and radius 0: a point.
  expect_unit_normal_facing(raycast(ray<T>(-5, 0, 1, 0), capsule<T>(0, 0, 0, 0, 0)), V<T>(1, 0),
                            T(5));
}

// ---- Capsule ----

TYPED_TEST(RaycastTest, CapsuleSideAndEnds) {
  using T = TypeParam;
  const double g = gap<double>;
  const Capsule<T> c = capsule<T>(0, 0, 4, 0, 1);
  // Across the flat side.
  expect_hit_shape(ray<T>(2, -5, 0, 1), c,
                   {4, 6, V<T>(2, -1), V<T>(2, 1), V<T>(0, -1), false, false});
  expect_hit_shape(ray<T>(3, 5, 0, -1), c,
                   {4, 6, V<T>(3, 1), V<T>(3, -1), V<T>(0, 1), false, false});
  // Along the axis, into the rounded end at a, out of the end at b.
  expect_hit_shape(ray<T>(-5, 0, 1, 0), c,
                   {4, 10, V<T>(-1, 0), V<T>(5, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(10, 0, -1, 0), c,
                   {5, 11, V<T>(5, 0), V<T>(-1, 0), V<T>(1, 0), false, false});
  // Straight down onto the end cap's top at b's centre line: (4, 5) -> (4, 1).
  expect_hit_shape(ray<T>(4, 5, 0, -1), c,
                   {4, 6, V<T>(4, 1), V<T>(4, -1), V<T>(0, 1), false, false});
  // Down through the tip region of the cap: x = 5 touches only (5, 0).
  expect_hit_shape(ray<T>(5, 5, 0, -1), c,
                   {5, 5, V<T>(5, 0), V<T>(5, 0), V<T>(1, 0), false, false});
  expect_miss(ray<T>(5 + g, 5, 0, -1), c);
  // Inside, ending inside, missing.
  expect_hit_shape(ray<T>(2, 0, 1, 0), c, {0, 3, V<T>(2, 0), V<T>(5, 0), zero<T>(), true, false});
  expect_hit_shape(ray<T>(2, -5, 0, 1, T(5)), c,
                   {4, 5, V<T>(2, -1), V<T>(2, 0), V<T>(0, -1), false, true});
  expect_miss(ray<T>(-5, 1 + g, 1, 0), c);
  expect_miss(ray<T>(2, 5, 0, 1), c);
}

TYPED_TEST(RaycastTest, CapsuleRoundedEndOffAxis) {
  using T = TypeParam;
  // Core (0, 0)-(10, 0), radius 5; the ray y = 3 enters the cap at a at (-4, 3) (half chord 4),
  // normal (-0.8, 0.6), and leaves the cap at b at (14, 3).
  const auto hit = raycast(ray<T>(-10, 3, 1, 0), capsule<T>(0, 0, 10, 0, 5));
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->t_enter, T(6));
  EXPECT_EQ(hit->t_exit, T(24));
  EXPECT_EQ(hit->point_enter, V<T>(-4, 3));
  EXPECT_EQ(hit->point_exit, V<T>(14, 3));
  expect_close(hit->normal, V<T>(-0.8, 0.6), tol<T>);
  EXPECT_FALSE(hit->started_inside);
  EXPECT_FALSE(hit->ended_inside);
}

TYPED_TEST(RaycastTest, CapsuleAlongTheFlatSide) {
  using T = TypeParam;
  // y = 1 runs along the top side from (0, 1) to (4, 1): a hit over that span; at (0, 1) the
  // surface normal is (0, 1).
  expect_hit_shape(ray<T>(-5, 1, 1, 0), capsule<T>(0, 0, 4, 0, 1),
                   {5, 9, V<T>(0, 1), V<T>(4, 1), V<T>(0, 1), false, false});
}

TYPED_TEST(RaycastTest, CapsuleVerticalAndDegenerate) {
  using T = TypeParam;
  // Vertical core (0, 0)-(0, 4), radius 1: across the side at y = 2.
  expect_hit_shape(ray<T>(-5, 2, 1, 0), capsule<T>(0, 0, 0, 4, 1),
                   {4, 6, V<T>(-1, 2), V<T>(1, 2), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(0, 10, 0, -1), capsule<T>(0, 0, 0, 4, 1),
                   {5, 11, V<T>(0, 5), V<T>(0, -1), V<T>(0, 1), false, false});
  // a == b: a circle.
  expect_hit_shape(ray<T>(-5, 0, 1, 0), capsule<T>(0, 0, 0, 0, 1),
                   {4, 6, V<T>(-1, 0), V<T>(1, 0), V<T>(-1, 0), false, false});
  // Radius 0: a segment, crossed at (2, 0); the normal faces the ray.
  expect_hit_shape(ray<T>(2, -5, 0, 1), capsule<T>(0, 0, 4, 0, 0),
                   {5, 5, V<T>(2, 0), V<T>(2, 0), V<T>(0, -1), false, false});
  expect_miss(ray<T>(4 + gap<double>, -5, 0, 1), capsule<T>(0, 0, 4, 0, 0));
}

// ---- Segment ----

TYPED_TEST(RaycastTest, SegmentCrossing) {
  using T = TypeParam;
  const double g = gap<double>;
  const Segment<T> s = seg<T>(2, -1, 2, 1);
  expect_hit_shape(ray<T>(0, 0, 1, 0), s,
                   {2, 2, V<T>(2, 0), V<T>(2, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(5, 0, -1, 0), s,
                   {3, 3, V<T>(2, 0), V<T>(2, 0), V<T>(1, 0), false, false});
  expect_hit_shape(ray<T>(0, 0, 4, 0), s,
                   {0.5, 0.5, V<T>(2, 0), V<T>(2, 0), V<T>(-1, 0), false, false});
  // Through an end point; just past it.
  expect_hit_shape(ray<T>(0, 1, 1, 0), s,
                   {2, 2, V<T>(2, 1), V<T>(2, 1), V<T>(-1, 0), false, false});
  expect_miss(ray<T>(0, 1 + g, 1, 0), s);
  // Starting on the segment.
  expect_hit_shape(ray<T>(2, 0, 1, 0), s, {0, 0, V<T>(2, 0), V<T>(2, 0), zero<T>(), true, false});
  // Behind, short, parallel beside it.
  expect_miss(ray<T>(3, 0, 1, 0), s);
  expect_miss(ray<T>(0, 0, 1, 0, T(1)), s);
  expect_hit_shape(ray<T>(0, 0, 1, 0, T(2)), s,
                   {2, 2, V<T>(2, 0), V<T>(2, 0), V<T>(-1, 0), false, false});
  expect_miss(ray<T>(0, 0, 0, 1), s);
  // Slanted: x + y = 4 from (0, 4) to (4, 0), crossed by the diagonal at (2, 2).
  const auto hit = raycast(ray<T>(0, 0, 1, 1), seg<T>(0, 4, 4, 0));
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->t_enter, T(2));
  EXPECT_EQ(hit->t_exit, T(2));
  EXPECT_EQ(hit->point_enter, V<T>(2, 2));
  const T h = std::sqrt(T(0.5));
  expect_close(hit->normal, Vec2<T>{-h, -h}, tol<T>);  // facing the origin's side
}

TYPED_TEST(RaycastTest, SegmentCollinear) {
  using T = TypeParam;
  const double g = gap<double>;
  // Collinear with the ray: the hit spans the overlap; the normal faces back along the ray.
  expect_hit_shape(ray<T>(0, 0, 1, 0), seg<T>(2, 0, 5, 0),
                   {2, 5, V<T>(2, 0), V<T>(5, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(0, 0, 1, 0), seg<T>(5, 0, 2, 0),
                   {2, 5, V<T>(2, 0), V<T>(5, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(0, 0, 2, 0), seg<T>(2, 0, 5, 0),
                   {1, 2.5, V<T>(2, 0), V<T>(5, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(3, 0, 1, 0), seg<T>(2, 0, 5, 0),
                   {0, 2, V<T>(3, 0), V<T>(5, 0), zero<T>(), true, false});
  expect_hit_shape(ray<T>(0, 0, 1, 0, T(3)), seg<T>(2, 0, 5, 0),
                   {2, 3, V<T>(2, 0), V<T>(3, 0), V<T>(-1, 0), false, true});
  const auto diag = raycast(ray<T>(0, 0, 1, 1), seg<T>(1, 1, 3, 3));
  ASSERT_TRUE(diag.has_value());
  EXPECT_EQ(diag->t_enter, T(1));
  EXPECT_EQ(diag->t_exit, T(3));
  EXPECT_EQ(diag->point_enter, V<T>(1, 1));
  EXPECT_EQ(diag->point_exit, V<T>(3, 3));
  expect_close(diag->normal, Vec2<T>{-std::sqrt(T(0.5)), -std::sqrt(T(0.5))}, tol<T>);
  expect_miss(ray<T>(0, g, 1, 0), seg<T>(2, 0, 5, 0));  // parallel, just beside
  expect_miss(ray<T>(6, 0, 1, 0), seg<T>(2, 0, 5, 0));  // collinear, behind
  // Zero-length segment: a point.
  expect_hit_shape(ray<T>(0, 0, 1, 0), seg<T>(3, 0, 3, 0),
                   {3, 3, V<T>(3, 0), V<T>(3, 0), V<T>(-1, 0), false, false});
}

// ---- One-sided segment (SegmentSides::front): the front is the right of a -> b ----

template <class T>
void expect_front_hit(const Ray<T>& r, const Segment<T>& s, const Expected<T>& e) {
  expect_hit(raycast(r, s, SegmentSides::front), e);
  expect_hit(raycast(r, s, SegmentSides::both), e);
}

template <class T>
void expect_front_miss(const Ray<T>& r, const Segment<T>& s) {
  EXPECT_FALSE(raycast(r, s, SegmentSides::front).has_value());
}

// The header's worked example: a = (0, 0), b = (2, 0), the front below (y < 0).
TYPED_TEST(RaycastTest, OneSidedSegmentWorkedExample) {
  using T = TypeParam;
  const Segment<T> s = seg<T>(0, 0, 2, 0);
  expect_front_hit(ray<T>(1, -1, 0, 1), s,
                   {1, 1, V<T>(1, 0), V<T>(1, 0), V<T>(0, -1), false, false});
  expect_front_miss(ray<T>(1, 1, 0, -1), s);
  EXPECT_TRUE(raycast(ray<T>(1, 1, 0, -1), s).has_value());  // two-sided: it hits
  // Starting on the segment: t = 0 whatever the direction.
  expect_front_hit(ray<T>(1, 0, 0, 1), s, {0, 0, V<T>(1, 0), V<T>(1, 0), zero<T>(), true, false});
  expect_front_hit(ray<T>(1, 0, 0, -1), s, {0, 0, V<T>(1, 0), V<T>(1, 0), zero<T>(), true, false});
  expect_front_hit(ray<T>(2, 0, 1, 1), s, {0, 0, V<T>(2, 0), V<T>(2, 0), zero<T>(), true, false});
  // Along the line, touching: the shared part, as two-sided.
  expect_front_hit(ray<T>(-1, 0, 1, 0), s,
                   {1, 3, V<T>(0, 0), V<T>(2, 0), V<T>(-1, 0), false, false});
  expect_front_hit(ray<T>(5, 0, -1, 0), s,
                   {3, 5, V<T>(2, 0), V<T>(0, 0), V<T>(1, 0), false, false});
  expect_front_miss(ray<T>(3, 0, 1, 0), s);  // on the line, pointing away
  // Through the end b from the front; from behind, no hit.
  expect_front_hit(ray<T>(2, -1, 0, 1), s,
                   {1, 1, V<T>(2, 0), V<T>(2, 0), V<T>(0, -1), false, false});
  expect_front_miss(ray<T>(2, 1, 0, -1), s);
  expect_front_hit(ray<T>(-1, -1, 1, 1), s,
                   {1, 1, V<T>(0, 0), V<T>(0, 0), V<T>(0, -1), false, false});
  expect_front_miss(ray<T>(-1, 1, 1, -1), s);
  // Parallel beside it, in front or behind: no hit either way.
  expect_front_miss(ray<T>(-1, -1, 1, 0), s);
  expect_front_miss(ray<T>(-1, 1, 1, 0), s);
  // Reversed segment: the front is now above.
  const Segment<T> r = seg<T>(2, 0, 0, 0);
  expect_front_hit(ray<T>(1, 1, 0, -1), r,
                   {1, 1, V<T>(1, 0), V<T>(1, 0), V<T>(0, 1), false, false});
  expect_front_miss(ray<T>(1, -1, 0, 1), r);
  // Within gap of the line behind: no hit; just short of reaching it from the front: no hit.
  const double g = gap<double>;
  expect_front_miss(ray<T>(1, g, 0, -1), s);
  expect_front_miss(ray<T>(1, -1, 0, 1, T(1) - gap<T>), s);
  // The ray away from the segment, from the front.
  expect_front_miss(ray<T>(1, -1, 0, -1), s);
  // Zero direction: the point query at the origin, which has no side when on the segment.
  expect_front_hit(ray<T>(1, 0, 0, 0), s, {0, 0, V<T>(1, 0), V<T>(1, 0), zero<T>(), true, true});
  expect_front_miss(ray<T>(1, -1, 0, 0), s);
  // A zero-length segment has no back: it is a point.
  expect_front_hit(ray<T>(3, 1, 0, -1), seg<T>(3, 0, 3, 0),
                   {1, 1, V<T>(3, 0), V<T>(3, 0), V<T>(0, 1), false, false});
  // Non-finite rays miss, as two-sided.
  expect_front_miss(Ray<T>{V<T>(1, -1), {T(0), nan<T>}}, s);
  expect_front_miss(Ray<T>{{nan<T>, T(-1)}, V<T>(0, 1)}, s);
}

// Slanted, with a polygon's edges: a ray from outside the polygon meets an edge's front.
TYPED_TEST(RaycastTest, OneSidedSegmentPolygonEdges) {
  using T = TypeParam;
  const ConvexPolygon<T> square = poly<T>({V<T>(0, 0), V<T>(4, 0), V<T>(4, 4), V<T>(0, 4)});
  const Ray<T> in = ray<T>(-2, 1, 1, 0);  // from the left, enters across the edge 3 -> 0
  for (int i = 0; i < 4; ++i) {
    const Segment<T> e{square.vertices[i], square.vertices[(i + 1) % 4]};
    const auto front = raycast(in, e, SegmentSides::front);
    if (i == 3) {
      ASSERT_TRUE(front.has_value());
      EXPECT_EQ(front->t_enter, T(2));
      EXPECT_EQ(front->normal, square.normals[3]);
    } else {
      EXPECT_FALSE(front.has_value()) << "edge " << i;  // i == 1 is hit from inside: its back
    }
  }
  EXPECT_TRUE(raycast(in, Segment<T>{square.vertices[1], square.vertices[2]}).has_value());
  // The diagonal edge of a slanted segment: x + y = 4 from (4, 0) to (0, 4), front towards the
  // origin's far side (right of (-1, 1) is (1, 1)).
  const Segment<T> d = seg<T>(4, 0, 0, 4);
  expect_front_miss(ray<T>(0, 0, 1, 1), d);
  const auto hit = raycast(ray<T>(4, 4, -1, -1), d, SegmentSides::front);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->t_enter, T(2));
  EXPECT_EQ(hit->point_enter, V<T>(2, 2));
}

// ---- Point ----

TYPED_TEST(RaycastTest, Point) {
  using T = TypeParam;
  const double g = gap<double>;
  expect_hit_shape(ray<T>(0, 0, 1, 0), pt<T>(3, 0),
                   {3, 3, V<T>(3, 0), V<T>(3, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(0, 0, 2, 0), pt<T>(3, 0),
                   {1.5, 1.5, V<T>(3, 0), V<T>(3, 0), V<T>(-1, 0), false, false});
  expect_hit_shape(ray<T>(1, 1, 0, -1), pt<T>(1, -3),
                   {4, 4, V<T>(1, -3), V<T>(1, -3), V<T>(0, 1), false, false});
  expect_miss(ray<T>(0, 0, 1, 0), pt<T>(3, g));   // off the ray
  expect_miss(ray<T>(0, 0, 1, 0), pt<T>(-3, 0));  // behind
  expect_miss(ray<T>(0, 0, 1, 0, T(2)), pt<T>(3, 0));
  expect_hit_shape(ray<T>(0, 0, 1, 0), pt<T>(0, 0),
                   {0, 0, V<T>(0, 0), V<T>(0, 0), zero<T>(), true, false});
  // Diagonal: (3, 4) at t = 1 along (3, 4); normal (-0.6, -0.8).
  const auto hit = raycast(ray<T>(0, 0, 3, 4), pt<T>(3, 4));
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->t_enter, T(1));
  EXPECT_EQ(hit->t_exit, T(1));
  expect_close(hit->normal, V<T>(-0.6, -0.8), tol<T>);
}

// ---- Degenerate rays, for every shape ----

template <class T>
std::vector<Shape<T>> one_of_each() {
  // Every shape contains the point (1, 0), and none contains (10, 10).
  return {Shape<T>{pt<T>(1, 0)},
          Shape<T>{seg<T>(0, 0, 2, 0)},
          Shape<T>{circle<T>(0, 0, 1)},
          Shape<T>{capsule<T>(-1, 0, 0, 0, 1)},
          Shape<T>{aabb<T>(-1, -1, 1, 1)},
          Shape<T>{obb<T>(0, 0, 2, 1, quarter_turn<T>)},
          Shape<T>{poly<T>({V<T>(0, 0), V<T>(1, 0), V<T>(0, 1)})}};
}

TYPED_TEST(RaycastTest, ZeroDirectionIsThePointQuery) {
  using T = TypeParam;
  for (const Shape<T>& s : one_of_each<T>()) {
    SCOPED_TRACE(shape_kind_name(kind_of(s)));
    const auto hit = raycast(ray<T>(1, 0, 0, 0), s);
    expect_hit(hit, Expected<T>{0, 0, V<T>(1, 0), V<T>(1, 0), zero<T>(), true, true});
    EXPECT_FALSE(raycast(ray<T>(10, 10, 0, 0), s).has_value());
  }
  // Inside a box but not on its boundary, and on a corner.
  expect_hit(raycast(ray<T>(0, 0, 0, 0), unit_box<T>()),
             Expected<T>{0, 0, V<T>(0, 0), V<T>(0, 0), zero<T>(), true, true});
  expect_hit(raycast(ray<T>(1, 1, 0, 0), unit_box<T>()),
             Expected<T>{0, 0, V<T>(1, 1), V<T>(1, 1), zero<T>(), true, true});
  EXPECT_FALSE(raycast(ray<T>(1 + gap<double>, 1, 0, 0), unit_box<T>()).has_value());
}

TYPED_TEST(RaycastTest, NonFiniteInputGivesNoHit) {
  using T = TypeParam;
  for (const Shape<T>& s : one_of_each<T>()) {
    SCOPED_TRACE(shape_kind_name(kind_of(s)));
    // Each of these would hit (1, 0) were it finite.
    EXPECT_FALSE(raycast(Ray<T>{Vec2<T>{nan<T>, T(0)}, V<T>(1, 0)}, s).has_value());
    EXPECT_FALSE(raycast(Ray<T>{Vec2<T>{T(0), nan<T>}, V<T>(1, 0)}, s).has_value());
    EXPECT_FALSE(raycast(Ray<T>{V<T>(-5, 0), Vec2<T>{nan<T>, T(0)}}, s).has_value());
    EXPECT_FALSE(raycast(Ray<T>{V<T>(-5, 0), V<T>(1, 0), nan<T>}, s).has_value());
    EXPECT_FALSE(raycast(Ray<T>{Vec2<T>{-inf<T>, T(0)}, V<T>(1, 0)}, s).has_value());
    EXPECT_FALSE(raycast(Ray<T>{V<T>(1, 0), V<T>(0, 0), nan<T>}, s).has_value());
    // The finite versions hit (max_t = infinity is allowed).
    EXPECT_TRUE(raycast(Ray<T>{V<T>(-5, 0), V<T>(1, 0), inf<T>}, s).has_value());
  }
}

// ---- raycast_lean: raycast's t_enter and normal, bit for bit ----

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// raycast_lean(r, s) against raycast(r, s), typed and through the Shape variant.
template <class T>
void expect_lean_agrees(const Ray<T>& r, const Shape<T>& s) {
  const std::optional<RayHit<T>> full = raycast(r, s);
  for (const std::optional<RayHitLean<T>>& lean :
       {std::visit([&r](const auto& x) { return raycast_lean(r, x); }, s), raycast_lean(r, s)}) {
    ASSERT_EQ(lean.has_value(), full.has_value())
        << "ray (" << r.origin.x << ", " << r.origin.y << ") + t (" << r.direction.x << ", "
        << r.direction.y << "), max_t " << r.max_t;
    if (!full) continue;
    EXPECT_TRUE(same_bits(lean->t, full->t_enter)) << lean->t << " vs " << full->t_enter;
    EXPECT_TRUE(same_bits(lean->normal.x, full->normal.x) &&
                same_bits(lean->normal.y, full->normal.y))
        << "normal (" << lean->normal.x << ", " << lean->normal.y << ") vs (" << full->normal.x
        << ", " << full->normal.y << ")";
  }
}

// The lean form on the adversarial rays of this file and on a lattice: every origin in [-3, 3]^2,
// every direction in [-2, 2]^2 (zero included), max_t 0.5, 1 and infinity, against shapes whose
// sides, corners and ends lie on the lattice (rays along sides, through corners, starting on the
// boundary, parallel to an axis), plus non-finite, tiny and negative-max_t rays.
TYPED_TEST(RaycastTest, LeanFormAgreesWithTheFullRecord) {
  using T = TypeParam;
  std::vector<Shape<T>> shapes = one_of_each<T>();
  shapes.push_back(Shape<T>{unit_box<T>()});
  shapes.push_back(Shape<T>{aabb<T>(0, 0, 0, 2)});  // zero width: a segment
  shapes.push_back(Shape<T>{obb<T>(1, 0, 1, 1, Rot<T>::from_degrees(T(45)))});
  shapes.push_back(Shape<T>{obb<T>(0, 1, 2, 0, Rot<T>::identity())});
  shapes.push_back(Shape<T>{obb<T>(-1, 1, 1, 2, three_quarter_turn<T>)});
  shapes.push_back(Shape<T>{circle<T>(1, 1, 0)});
  std::size_t cases = 0;
  for (const Shape<T>& s : shapes) {
    SCOPED_TRACE(shape_kind_name(kind_of(s)));
    for (int ox = -3; ox <= 3; ++ox) {
      for (int oy = -3; oy <= 3; ++oy) {
        for (int dx = -2; dx <= 2; ++dx) {
          for (int dy = -2; dy <= 2; ++dy) {
            for (const T max_t : {T(0.5), T(1), inf<T>}) {
              expect_lean_agrees(ray<T>(ox, oy, dx, dy, max_t), s);
              ++cases;
            }
          }
        }
      }
    }
    const T tiny = std::numeric_limits<T>::denorm_min();
    for (const Ray<T>& r :
         {Ray<T>{Vec2<T>{nan<T>, T(0)}, V<T>(1, 0)}, Ray<T>{Vec2<T>{T(0), nan<T>}, V<T>(1, 0)},
          Ray<T>{V<T>(-5, 0), Vec2<T>{nan<T>, T(0)}}, Ray<T>{V<T>(-5, 0), V<T>(1, 0), nan<T>},
          Ray<T>{Vec2<T>{-inf<T>, T(0)}, V<T>(1, 0)}, Ray<T>{V<T>(-5, 0), Vec2<T>{inf<T>, T(0)}},
          Ray<T>{V<T>(1, 0), V<T>(0, 0), nan<T>}, ray<T>(1, 0, 1, 0, T(-1)),
          ray<T>(1, 0, 0, 0, T(-1)), ray<T>(1, 0, 0, 0), ray<T>(10, 10, 0, 0),
          Ray<T>{V<T>(1, 1), Vec2<T>{-T(0), T(0)}}, Ray<T>{V<T>(-5, 0), Vec2<T>{tiny, T(0)}},
          Ray<T>{V<T>(0, -0.5), Vec2<T>{T(0), tiny}}, Ray<T>{V<T>(1, 0), Vec2<T>{-tiny, tiny}},
          Ray<T>{V<T>(-1e30, 0), V<T>(1e30, 1)}, Ray<T>{V<T>(0.5, -3), V<T>(1e-20, 1)}}) {
      expect_lean_agrees(r, s);
      ++cases;
    }
  }
  EXPECT_GT(cases, std::size_t(30000));
}

TYPED_TEST(RaycastTest, NegativeMaxTIsEmpty) {
  using T = TypeParam;
  for (const Shape<T>& s : one_of_each<T>()) {
    SCOPED_TRACE(shape_kind_name(kind_of(s)));
    EXPECT_FALSE(raycast(ray<T>(1, 0, 1, 0, T(-1)), s).has_value());
    EXPECT_FALSE(raycast(ray<T>(1, 0, 0, 0, T(-1)), s).has_value());
  }
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Regression: a ray passing 3.3e-12 outside the tip of a triangle whose tip angle is ~4.9e-4 rad
// (25 times the tolerance band) was reported as a hit: the per-edge divisions of Cyrus-Beck are
// ill-conditioned at such a corner. Found by the exact-reference property test.
TEST(RaycastRegression, SharpCornerNearMiss) {
  const auto triangle = make_polygon<double>({{0, 0}, {8, 1}, {8, 1.00390625}}).value();
  const Ray<double> ray{{1.8399999999964041, -4}, {-3.6799999999999997, 8}, 1};
  EXPECT_FALSE(overlaps(Segment<double>{ray.origin, ray.origin + ray.direction}, triangle));
  EXPECT_FALSE(raycast(ray, triangle).has_value());
  // The same ray moved onto the tip does hit it, at the tip.
  const Ray<double> onto_tip{{0 + 1.84, -4}, {-1.84, 4}, 1};
  const auto hit = raycast(onto_tip, triangle);
  ASSERT_TRUE(hit.has_value());
  expect_close(hit->point_enter, Vec2<double>{0, 0}, 1e-12);
}

// Regression (found by fuzz_scene): a float ray from (-8, -8) along (-1, -1), and a segment
// nearly along the same line ending at (-7.75, -7.75), 0.35 behind the ray's origin. The lines
// meet at that end, at t = -0.034: no hit. Taking the far end as the reference, cross products
// of size 1.7e5 cancelled to about 0.005 and t rounded to -0, a hit "starting inside".
TEST(RaycastRegression, NearlyParallelSegmentEndingBehindTheOrigin) {
  const Ray<float> ray{{-8, -8}, {-7.375f, -7.375f}};
  const Segment<float> s{{403.921630859375f, 403.900390625f}, {-7.75f, -7.75f}};
  EXPECT_FALSE(raycast(ray, s).has_value());
  EXPECT_FALSE(raycast(ray, Segment<float>{s.b, s.a}).has_value());
  // Reversed, the ray meets the end at t = 0.25 / 7.375.
  const Ray<float> back{{-8, -8}, {7.375f, 7.375f}};
  const auto hit = raycast(back, s);
  ASSERT_TRUE(hit.has_value());
  EXPECT_NEAR(hit->t_enter, 0.25f / 7.375f, 1e-4f);
}

// Regression (found by the wide-range one-sided property cases): a float ray almost along a long
// segment, its origin exactly in front, ending on the segment's far end region. The two-sided
// query took the ray for one along the segment's line and gave the ray's own direction as the
// normal; a front hit reports the front normal.
TEST(RaycastRegression, OneSidedNearlyParallelFrontNormal) {
  const Segment<float> s{{-31212808192.0f, -51369916.0f},
                         {2.7377851438359357e-05f, -2.8587255229695074e-08f}};
  const Ray<float> ray{{1976534656.0f, 3252972.75f}, {-1976534656.0f, -3252972.75f}, 1.0f};
  const auto front = raycast(ray, s, SegmentSides::front);
  ASSERT_TRUE(front.has_value());
  EXPECT_FALSE(front->started_inside);
  EXPECT_EQ(front->normal, normalize(perp(s.a - s.b)));
  EXPECT_GT(front->normal.x * (s.b.y - s.a.y) - front->normal.y * (s.b.x - s.a.x), 0.0f);
  // Everything else as two-sided.
  const auto both = raycast(ray, s);
  ASSERT_TRUE(both.has_value());
  EXPECT_EQ(front->t_enter, both->t_enter);
  EXPECT_EQ(front->point_enter, both->point_enter);
}

// Regression (found by fuzz_scene): a float ray with a tiny direction (0, 1.56e-38) and an
// infinite max_t, beside a box it cannot reach. 1/d overflowed the slab parameters to infinity
// on both sides, and the hit "at t = infinity" was reported.
TEST(RaycastRegression, NoHitAtInfinity) {
  const Ray<float> ray{{-0.125f, -0.625f}, {0, 1.558970465582949e-38f}};
  const Aabb<float> box{{513.7254638671875f, -867.1644287109375f},
                        {513.7254638671875f, 513.7254638671875f}};
  EXPECT_FALSE(raycast(ray, box).has_value());
  const Aabb<float> ahead{{-1, 1e10f}, {1, 2e10f}};  // on the ray's line, 1e48 away in t
  EXPECT_FALSE(raycast(ray, ahead).has_value());
  EXPECT_TRUE(raycast(ray, Aabb<float>{{-1, -1}, {1, 1}}).has_value());  // the origin is inside
}

// Regression (found by fuzz_scene): a float ray with a tiny direction, (4.7e-26, -2.8e-20), whose
// squared length is subnormal. A circle's chord half length sqrt(gap / |d|^2) overflowed to
// infinity, and every circle the ray's line passes reported a hit starting inside. On paper: the
// ray covers 1.2e-19 units from (4.375, 2.25), inside neither circle; the line x = 4.375 (nearly)
// crosses the second circle about 8.7e19 along t, far beyond max_t.
TEST(RaycastRegression, TinyDirectionIsNoChordOfInfiniteLength) {
  const Ray<float> ray{{4.375f, 2.25f}, {4.748549451573045e-26f, -2.8415909400835415e-20f}, 4.125f};
  EXPECT_FALSE(raycast(ray, Circle<float>{{6.5f, -1.75f}, 2.625f}).has_value());
  EXPECT_FALSE(raycast(ray, Circle<float>{{3.5f, 411.6304931640625f}, 2.75f}).has_value());
  EXPECT_FALSE(raycast_lean(ray, Circle<float>{{6.5f, -1.75f}, 2.625f}).has_value());
  // With no end, the ray reaches the second circle, entering about 8.7e19 along (in t).
  const Ray<float> unbounded{ray.origin, ray.direction};
  const auto hit = raycast(unbounded, Circle<float>{{6.5f, -1.75f}, 2.625f});
  ASSERT_TRUE(hit.has_value());
  EXPECT_FALSE(hit->started_inside);
  EXPECT_GT(hit->t_enter, 8e19f);
  EXPECT_LT(hit->t_enter, 9e19f);
  // A ray whose origin is in the circle still starts inside.
  EXPECT_TRUE(raycast(ray, Circle<float>{{4.375f, 2.25f}, 1.0f})->started_inside);
}

// A zero direction on the boundary cases that the inline box casts answer from the slab span
// (the float Aabb's; every slab parameter an infinity or a dropped 0 * inf): the point query's
// record, checked by hand. Boxes of zero width and height, -0 direction components, the origin on
// each side and corner, max_t of -0 (a hit: max_t >= 0), -1 and NaN (misses), and an Obb whose
// frame rounds the origin (the point query decides it, through irregular_raycast).
TYPED_TEST(RaycastTest, ZeroDirectionOnBoxBoundaries) {
  using T = TypeParam;
  const Expected<T> at_origin{0, 0, V<T>(2, 1), V<T>(2, 1), zero<T>(), true, true};
  const Aabb<T> box = aabb<T>(0, 1, 2, 3);
  const Aabb<T> flat = aabb<T>(2, 1, 5, 1);   // zero height, the origin on it
  const Aabb<T> point = aabb<T>(2, 1, 2, 1);  // zero width and height, at the origin
  for (const Aabb<T>& b : {box, flat, point}) {
    for (const Vec2<T> d :
         {V<T>(0, 0), Vec2<T>{-T(0), T(0)}, Vec2<T>{T(0), -T(0)}, Vec2<T>{-T(0), -T(0)}}) {
      for (const T max_t : {inf<T>, T(3), T(0), -T(0)}) {
        const Ray<T> r{V<T>(2, 1), d, max_t};
        expect_hit(raycast(r, b), at_origin);
        const std::optional<RayHitLean<T>> lean = raycast_lean(r, b);
        ASSERT_TRUE(lean.has_value());
        EXPECT_TRUE(same_bits(lean->t, T(0)));
        EXPECT_TRUE(same_bits(lean->normal.x, T(0)) && same_bits(lean->normal.y, T(0)));
      }
      for (const T max_t : {T(-1), nan<T>}) {
        EXPECT_FALSE(raycast(Ray<T>{V<T>(2, 1), d, max_t}, b).has_value());
        EXPECT_FALSE(raycast_lean(Ray<T>{V<T>(2, 1), d, max_t}, b).has_value());
      }
    }
  }
  // Just off each side of [0, 2] x [1, 3], and at each corner.
  const T off = std::nextafter(T(2), T(3));
  for (const Vec2<T> o : {Vec2<T>{off, T(2)}, Vec2<T>{T(1), std::nextafter(T(1), T(0))},
                          Vec2<T>{-std::numeric_limits<T>::denorm_min(), T(2)},
                          Vec2<T>{T(1), std::nextafter(T(3), T(4))}}) {
    EXPECT_FALSE(raycast(Ray<T>{o, V<T>(0, 0)}, box).has_value()) << o.x << ", " << o.y;
    EXPECT_FALSE(raycast_lean(Ray<T>{o, V<T>(0, 0)}, box).has_value()) << o.x << ", " << o.y;
  }
  for (const Vec2<T> o : {V<T>(0, 1), V<T>(2, 1), V<T>(2, 3), V<T>(0, 3)}) {
    expect_hit(raycast(Ray<T>{o, V<T>(0, 0)}, box), Expected<T>{0, 0, o, o, zero<T>(), true, true});
  }
  // A 45-degree box of half extents 1 at (1, 1): the origin (1, 1 - 1 / cos 45) lies on its lower
  // corner only up to rounding; the zero-direction answer is overlaps(origin, box) either way.
  const Obb<T> turned = obb<T>(1, 1, 1, 1, Rot<T>::from_degrees(T(45)));
  for (const Vec2<T> o : {Vec2<T>{T(1), T(1) - std::sqrt(T(2))}, V<T>(1, 1), V<T>(3, 3)}) {
    const Point<T> p{o};
    EXPECT_EQ(raycast(Ray<T>{o, V<T>(0, 0)}, turned).has_value(), overlaps(p, turned));
    EXPECT_EQ(raycast_lean(Ray<T>{o, V<T>(0, 0)}, turned).has_value(), overlaps(p, turned));
  }
}

}  // namespace
}  // namespace c2t
