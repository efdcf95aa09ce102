// builders.hpp by hand: what each builder makes from good input, and that every rejection names
// the bad value. Built::value() (and * and ->) throw InvalidShape carrying the same reason.
#include <stdexcept>
#include <vector>

#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class BuildersTest : public ::testing::Test {};
TYPED_TEST_SUITE(BuildersTest, Scalars);

// A failed builder: not ok, the error contains `fragment`, and value(), * and -> throw
// InvalidShape whose what() is exactly the error.
template <class S>
void expect_rejected(const Built<S>& built, const std::string& fragment) {
  ASSERT_FALSE(built.ok()) << "accepted; expected an error containing \"" << fragment << "\"";
  EXPECT_FALSE(static_cast<bool>(built));
  EXPECT_CONTAINS(built.error(), fragment);
  try {
    (void)built.value();
    ADD_FAILURE() << "value() did not throw";
  } catch (const InvalidShape& e) {
    EXPECT_EQ(std::string(e.what()), built.error());
  }
  EXPECT_THROW((void)*built, InvalidShape);
  EXPECT_THROW((void)built.operator->(), InvalidShape);
  // InvalidShape is a std::invalid_argument.
  EXPECT_THROW((void)built.value(), std::invalid_argument);
}

template <class S>
void expect_built(const Built<S>& built) {
  EXPECT_TRUE(built.ok()) << built.error();
  EXPECT_TRUE(static_cast<bool>(built));
  EXPECT_EQ(built.error(), "");
  EXPECT_NO_THROW((void)built.value());
}

template <class T>
void expect_vertices(const ConvexPolygon<T>& p, const std::vector<Vec2<T>>& expected) {
  ASSERT_EQ(p.count, static_cast<int>(expected.size()));
  for (int i = 0; i < p.count; ++i) {
    EXPECT_EQ(p.vertices[i], expected[static_cast<std::size_t>(i)]) << "vertex " << i;
  }
}

// ---- Segment, ray, circle, capsule ----

TYPED_TEST(BuildersTest, Segment) {
  using T = TypeParam;
  const auto s = make_segment(V<T>(1, 2), V<T>(3, 4));
  expect_built(s);
  EXPECT_EQ(s->a, V<T>(1, 2));
  EXPECT_EQ(s->b, V<T>(3, 4));
  expect_built(make_segment(V<T>(1, 2), V<T>(1, 2)));  // zero length is valid

  expect_rejected(make_segment(Vec2<T>{nan<T>, T(0)}, V<T>(1, 1)),
                  "segment end a (nan, 0) is not finite");
  expect_rejected(make_segment(V<T>(0, 0), Vec2<T>{inf<T>, T(1)}),
                  "segment end b (inf, 1) is not finite");
  expect_rejected(make_segment(V<T>(0, 0), Vec2<T>{T(1), -inf<T>}), "(1, -inf)");
}

TYPED_TEST(BuildersTest, Ray) {
  using T = TypeParam;
  const auto r = make_ray(V<T>(1, 2), V<T>(0, 1));
  expect_built(r);
  EXPECT_EQ(r->origin, V<T>(1, 2));
  EXPECT_EQ(r->direction, V<T>(0, 1));
  EXPECT_EQ(r->max_t, inf<T>);
  EXPECT_EQ(make_ray(V<T>(1, 2), V<T>(0, 1), T(5))->max_t, T(5));
  expect_built(make_ray(V<T>(1, 2), V<T>(0, 1), T(0)));

  expect_rejected(make_ray(V<T>(1, 2), V<T>(0, 0)), "ray direction is (0, 0)");
  expect_rejected(make_ray(V<T>(1, 2), V<T>(1, 0), nan<T>), "ray max_t is nan");
  expect_rejected(make_ray(V<T>(1, 2), V<T>(1, 0), T(-1)), "ray max_t is -1");
  expect_rejected(make_ray(Vec2<T>{inf<T>, T(0)}, V<T>(1, 0)), "ray origin (inf, 0) is not finite");
  expect_rejected(make_ray(V<T>(0, 0), Vec2<T>{T(1), nan<T>}),
                  "ray direction (1, nan) is not finite");
}

TYPED_TEST(BuildersTest, Circle) {
  using T = TypeParam;
  const auto c = make_circle(V<T>(1, 2), T(3));
  expect_built(c);
  EXPECT_EQ(c->center, V<T>(1, 2));
  EXPECT_EQ(c->radius, T(3));
  expect_built(make_circle(V<T>(1, 2), T(0)));  // zero radius is valid

  expect_rejected(make_circle(V<T>(0, 0), T(-1)), "radius is -1");
  expect_rejected(make_circle(V<T>(0, 0), T(-0.5)), "radius is -0.5");
  expect_rejected(make_circle(V<T>(0, 0), nan<T>), "radius is nan");
  expect_rejected(make_circle(V<T>(0, 0), inf<T>), "radius is inf");
  expect_rejected(make_circle(Vec2<T>{nan<T>, T(0)}, T(1)), "circle center (nan, 0) is not finite");
}

TYPED_TEST(BuildersTest, Capsule) {
  using T = TypeParam;
  const auto c = make_capsule(V<T>(0, 0), V<T>(4, 0), T(1));
  expect_built(c);
  EXPECT_EQ(c->a, V<T>(0, 0));
  EXPECT_EQ(c->b, V<T>(4, 0));
  EXPECT_EQ(c->radius, T(1));
  expect_built(make_capsule(V<T>(2, 2), V<T>(2, 2), T(1)));  // a == b: a circle
  expect_built(make_capsule(V<T>(0, 0), V<T>(4, 0), T(0)));  // radius 0: a segment

  expect_rejected(make_capsule(V<T>(0, 0), V<T>(4, 0), T(-2)), "capsule radius is -2");
  expect_rejected(make_capsule(Vec2<T>{T(0), -inf<T>}, V<T>(4, 0), T(1)),
                  "capsule end a (0, -inf) is not finite");
  expect_rejected(make_capsule(V<T>(0, 0), Vec2<T>{nan<T>, T(0)}, T(1)),
                  "capsule end b (nan, 0) is not finite");
}

// ---- Aabb ----

TYPED_TEST(BuildersTest, AabbFromCornersInAnyOrder) {
  using T = TypeParam;
  const auto a = make_aabb(V<T>(4, 1), V<T>(0, 3));
  expect_built(a);
  EXPECT_EQ(a->min, V<T>(0, 1));
  EXPECT_EQ(a->max, V<T>(4, 3));
  const auto b = make_aabb(V<T>(0, 3), V<T>(4, 1));
  EXPECT_EQ(b->min, V<T>(0, 1));
  EXPECT_EQ(b->max, V<T>(4, 3));
  expect_built(make_aabb(V<T>(2, 2), V<T>(2, 2)));  // zero extent is valid
}

TYPED_TEST(BuildersTest, AabbRejectsNonFiniteCornerB) {
  using T = TypeParam;
  expect_rejected(make_aabb(V<T>(0, 0), Vec2<T>{T(1), nan<T>}), "nan");
  expect_rejected(make_aabb(V<T>(0, 0), Vec2<T>{inf<T>, T(1)}), "inf");
  expect_rejected(make_aabb(Vec2<T>{-inf<T>, T(0)}, V<T>(1, 1)), "-inf");
}

// "Builders never repair input silently": a NaN in the FIRST corner must be rejected too.
TYPED_TEST(BuildersTest, AabbRejectsNanInCornerA) {
  using T = TypeParam;
  expect_rejected(make_aabb(Vec2<T>{nan<T>, T(0)}, V<T>(1, 1)), "nan");
  expect_rejected(make_aabb(Vec2<T>{T(0), nan<T>}, V<T>(1, 1)), "nan");
}

TYPED_TEST(BuildersTest, AabbFromRect) {
  using T = TypeParam;
  const auto a = make_aabb_from_rect(T(1), T(2), T(3), T(4));
  expect_built(a);
  EXPECT_EQ(a->min, V<T>(1, 2));
  EXPECT_EQ(a->max, V<T>(4, 6));
  const auto z = make_aabb_from_rect(T(-1), T(-2), T(0), T(0));
  expect_built(z);
  EXPECT_EQ(z->min, V<T>(-1, -2));
  EXPECT_EQ(z->max, V<T>(-1, -2));

  expect_rejected(make_aabb_from_rect(T(0), T(0), T(-1), T(2)), "width is -1");
  expect_rejected(make_aabb_from_rect(T(0), T(0), T(2), T(-3)), "height is -3");
  expect_rejected(make_aabb_from_rect(T(0), T(0), nan<T>, T(2)), "width is nan");
  expect_rejected(make_aabb_from_rect(T(0), T(0), T(2), inf<T>), "height is inf");
  expect_rejected(make_aabb_from_rect(nan<T>, T(0), T(1), T(1)), "(nan, 0) is not finite");
  expect_rejected(make_aabb_from_rect(T(0), -inf<T>, T(1), T(1)), "(0, -inf) is not finite");
}

// ---- Obb ----

TYPED_TEST(BuildersTest, ObbFromAngle) {
  using T = TypeParam;
  const auto a = make_obb(V<T>(1, 2), T(4), T(2), T(0));
  expect_built(a);
  EXPECT_EQ(a->center, V<T>(1, 2));
  EXPECT_EQ(a->half_extents, V<T>(2, 1));
  EXPECT_EQ(a->rotation, Rot<T>::identity());

  const auto b = make_obb(V<T>(0, 0), T(4), T(2), pi<T> / T(2));
  expect_built(b);
  const T tol = T(4) * std::numeric_limits<T>::epsilon();
  expect_close(b->rotation.c, T(0), tol);
  expect_close(b->rotation.s, T(1), tol);

  expect_built(make_obb(V<T>(0, 0), T(0), T(0), T(1)));  // zero extent is valid

  expect_rejected(make_obb(V<T>(0, 0), T(-2), T(1), T(0)), "width is -2");
  expect_rejected(make_obb(V<T>(0, 0), T(2), T(-1), T(0)), "height is -1");
  expect_rejected(make_obb(V<T>(0, 0), T(2), T(1), nan<T>), "angle is nan");
  expect_rejected(make_obb(V<T>(0, 0), T(2), T(1), inf<T>), "angle is inf");
  expect_rejected(make_obb(Vec2<T>{nan<T>, T(0)}, T(2), T(1), T(0)),
                  "obb center (nan, 0) is not finite");
}

TYPED_TEST(BuildersTest, ObbFromRotation) {
  using T = TypeParam;
  const auto a = make_obb(V<T>(1, 2), T(4), T(2), quarter_turn<T>);
  expect_built(a);
  EXPECT_EQ(a->half_extents, V<T>(2, 1));
  EXPECT_EQ(a->rotation, quarter_turn<T>);  // kept exact

  expect_rejected(make_obb(V<T>(0, 0), T(2), T(1), Rot<T>{T(1), T(1)}),
                  "rotation (1, 1) is not a unit (cos, sin) pair: cos^2 + sin^2 = 2");
  expect_rejected(make_obb(V<T>(0, 0), T(2), T(1), Rot<T>{T(0), T(0)}), "rotation (0, 0)");
  expect_rejected(make_obb(V<T>(0, 0), T(2), T(1), Rot<T>{T(0.5), T(0.5)}), "cos^2 + sin^2 = 0.5");
  expect_rejected(make_obb(V<T>(0, 0), T(2), T(1), Rot<T>{nan<T>, T(1)}), "rotation (nan, 1)");
}

TYPED_TEST(BuildersTest, ObbFromAxes) {
  using T = TypeParam;
  const auto a = make_obb_from_axes(V<T>(1, 2), V<T>(4, 2), V<T>(0, 1), V<T>(-1, 0));
  expect_built(a);
  EXPECT_EQ(a->center, V<T>(1, 2));
  EXPECT_EQ(a->half_extents, V<T>(2, 1));
  EXPECT_EQ(a->rotation, quarter_turn<T>);

  // A mirrored frame (axis_y = -perp(axis_x)) describes the same box.
  const auto m = make_obb_from_axes(V<T>(1, 2), V<T>(4, 2), V<T>(1, 0), V<T>(0, -1));
  expect_built(m);
  EXPECT_EQ(m->half_extents, V<T>(2, 1));
  EXPECT_EQ(m->rotation, Rot<T>::identity());

  // 3-4-5 axes.
  const auto r = make_obb_from_axes(V<T>(0, 0), V<T>(2, 2), V<T>(0.6, 0.8), V<T>(-0.8, 0.6));
  expect_built(r);
  EXPECT_EQ(r->rotation, (Rot<T>{T(0.6), T(0.8)}));

  expect_rejected(make_obb_from_axes(V<T>(0, 0), V<T>(2, 2), V<T>(2, 0), V<T>(0, 1)),
                  "axis_x (2, 0) is not a unit vector");
  expect_rejected(make_obb_from_axes(V<T>(0, 0), V<T>(2, 2), V<T>(1, 0), V<T>(0, 0.5)),
                  "axis_y (0, 0.5) is not a unit vector");
  expect_rejected(make_obb_from_axes(V<T>(0, 0), V<T>(2, 2), V<T>(0, 1), V<T>(0, -1)),
                  "axis_x (0, 1) and axis_y (0, -1) are not perpendicular");
  expect_rejected(make_obb_from_axes(V<T>(0, 0), V<T>(2, 2), V<T>(1, 0), V<T>(0.6, 0.8)),
                  "are not perpendicular");
  expect_rejected(make_obb_from_axes(V<T>(0, 0), V<T>(2, 2), Vec2<T>{nan<T>, T(0)}, V<T>(0, 1)),
                  "axis_x (nan, 0) is not a unit vector");
  expect_rejected(make_obb_from_axes(V<T>(0, 0), V<T>(-4, 2), V<T>(1, 0), V<T>(0, 1)),
                  "width is -4");
  expect_rejected(make_obb_from_axes(V<T>(0, 0), V<T>(4, -2), V<T>(1, 0), V<T>(0, 1)),
                  "height is -2");
}

// ---- Polygons ----

TYPED_TEST(BuildersTest, PolygonFromVertices) {
  using T = TypeParam;
  const auto p = make_polygon<T>({V<T>(0, 0), V<T>(4, 0), V<T>(0, 4)});
  expect_built(p);
  expect_vertices(*p, {V<T>(0, 0), V<T>(4, 0), V<T>(0, 4)});
  EXPECT_EQ(p->normals[0], V<T>(0, -1));
  EXPECT_EQ(p->normals[2], V<T>(-1, 0));
  const T h = std::sqrt(T(0.5));
  expect_close(p->normals[1], Vec2<T>{h, h}, T(2) * std::numeric_limits<T>::epsilon());

  // The same through the vector and pointer overloads.
  const std::vector<Vec2<T>> square{V<T>(0, 0), V<T>(2, 0), V<T>(2, 2), V<T>(0, 2)};
  const auto q = make_polygon(square);
  expect_built(q);
  expect_vertices(*q, square);
  EXPECT_EQ(q->normals[0], V<T>(0, -1));
  EXPECT_EQ(q->normals[1], V<T>(1, 0));
  EXPECT_EQ(q->normals[2], V<T>(0, 1));
  EXPECT_EQ(q->normals[3], V<T>(-1, 0));
  expect_built(make_polygon(square.data(), square.size()));

  // Eight vertices is the maximum.
  expect_built(make_polygon<T>({V<T>(1, 0), V<T>(2, 0), V<T>(3, 1), V<T>(3, 2), V<T>(2, 3),
                                V<T>(1, 3), V<T>(0, 2), V<T>(0, 1)}));
}

TYPED_TEST(BuildersTest, PolygonVertexCount) {
  using T = TypeParam;
  expect_rejected(make_polygon<T>({V<T>(0, 0), V<T>(1, 0)}),
                  "polygon has 2 vertices, needs 3 to 8");
  expect_rejected(make_polygon<T>({V<T>(1, 0), V<T>(2, 0), V<T>(3, 1), V<T>(3, 2), V<T>(2, 3),
                                   V<T>(1, 3), V<T>(0, 2), V<T>(0, 1), V<T>(0.5, 0.25)}),
                  "polygon has 9 vertices, needs 3 to 8");
  expect_rejected(make_polygon(static_cast<const Vec2<T>*>(nullptr), 0), "polygon has 0 vertices");
}

TYPED_TEST(BuildersTest, PolygonBadVertices) {
  using T = TypeParam;
  expect_rejected(make_polygon<T>({V<T>(0, 0), Vec2<T>{nan<T>, T(0)}, V<T>(0, 4)}),
                  "polygon vertex 1 (nan, 0) is not finite");
  expect_rejected(make_polygon<T>({V<T>(0, 0), V<T>(4, 0), Vec2<T>{T(0), inf<T>}}),
                  "polygon vertex 2 (0, inf) is not finite");
  // Duplicates, adjacent and across the wrap-around.
  expect_rejected(make_polygon<T>({V<T>(0, 0), V<T>(0, 0), V<T>(1, 0), V<T>(0, 1)}),
                  "vertices 0 and 1 are the same point (0, 0)");
  expect_rejected(make_polygon<T>({V<T>(0, 0), V<T>(1, 0), V<T>(0, 1), V<T>(0, 0)}),
                  "vertices 0 and 3 are the same point (0, 0)");
  // A non-adjacent duplicate (0, 0) at 0 and 2 of a quad: the boundary doubles back.
  expect_rejected(make_polygon<T>({V<T>(0, 0), V<T>(2, 0), V<T>(0, 0), V<T>(0, 2)}),
                  "vertices 0 and 2 are the same point (0, 0)");
  // Three collinear vertices.
  expect_rejected(make_polygon<T>({V<T>(0, 0), V<T>(1, 0), V<T>(2, 0), V<T>(0, 1)}),
                  "vertices 0, 1, 2 are collinear");
  expect_rejected(make_polygon<T>({V<T>(0, 0), V<T>(4, 0), V<T>(4, 4), V<T>(2, 4), V<T>(0, 4)}),
                  "vertices 2, 3, 4 are collinear");
  // Clockwise.
  expect_rejected(make_polygon<T>({V<T>(0, 0), V<T>(0, 1), V<T>(1, 0)}),
                  "the boundary turns clockwise at vertex 1 (0, 1)");
  expect_rejected(make_polygon<T>({V<T>(0, 0), V<T>(0, 2), V<T>(2, 2), V<T>(2, 0)}), "clockwise");
  // Counter-clockwise but not convex: a reflex vertex at (2, 1).
  expect_rejected(make_polygon<T>({V<T>(0, 0), V<T>(4, 0), V<T>(4, 4), V<T>(2, 1), V<T>(0, 4)}),
                  "turns clockwise at vertex 3 (2, 1)");
  // A pentagram: every turn is to the left, but the boundary winds around twice.
  expect_rejected(
      make_polygon<T>({V<T>(10, 3), V<T>(-10, 3), V<T>(6, -8), V<T>(0, 10), V<T>(-6, -8)}),
      "vertex 3 (0, 10) is not inside edge 0: the polygon is not convex (it winds around more than "
      "once)");
}

TYPED_TEST(BuildersTest, PolygonFromObb) {
  using T = TypeParam;
  // Corners counter-clockwise from the local (-x, -y) corner.
  const auto a = make_polygon(obb<T>(0, 0, 2, 1));
  expect_built(a);
  expect_vertices(*a, {V<T>(-2, -1), V<T>(2, -1), V<T>(2, 1), V<T>(-2, 1)});
  // A 4x2 box turned a quarter turn about (10, 20): local (-2, -1) -> (1, -2) and so on.
  const auto b = make_polygon(obb<T>(10, 20, 2, 1, quarter_turn<T>));
  expect_built(b);
  expect_vertices(*b, {V<T>(11, 18), V<T>(11, 22), V<T>(9, 22), V<T>(9, 18)});
  EXPECT_EQ(b->normals[0], V<T>(1, 0));
  EXPECT_EQ(b->normals[1], V<T>(0, 1));
  EXPECT_EQ(b->normals[2], V<T>(-1, 0));
  EXPECT_EQ(b->normals[3], V<T>(0, -1));

  expect_rejected(make_polygon(obb<T>(0, 0, 0, 1)), "has no area");
  expect_rejected(make_polygon(obb<T>(0, 0, 1, 0)), "has no area");
  expect_rejected(make_polygon(obb<T>(0, 0, -1, 1)), "obb half extent x is -1");
  expect_rejected(make_polygon(obb<T>(0, 0, 1, 1, Rot<T>{T(2), T(0)})), "rotation (2, 0)");
}

TYPED_TEST(BuildersTest, PolygonFromAabb) {
  using T = TypeParam;
  const auto a = make_polygon(aabb<T>(0, 0, 4, 2));
  expect_built(a);
  expect_vertices(*a, {V<T>(0, 0), V<T>(4, 0), V<T>(4, 2), V<T>(0, 2)});
  const auto b = make_polygon(aabb<T>(-3, 1, -1, 6));
  expect_vertices(*b, {V<T>(-3, 1), V<T>(-1, 1), V<T>(-1, 6), V<T>(-3, 6)});

  expect_rejected(make_polygon(aabb<T>(0, 0, 0, 2)), "has no area");
  expect_rejected(make_polygon(aabb<T>(1, 0, 0, 1)), "aabb min (1, 0) exceeds max (0, 1)");
  expect_rejected(make_polygon(Aabb<T>{V<T>(0, 0), Vec2<T>{nan<T>, T(1)}}),
                  "aabb max (nan, 1) is not finite");
}

// ---- Convex hull ----

TYPED_TEST(BuildersTest, HullOfSquareWithInteriorCollinearAndDuplicatePoints) {
  using T = TypeParam;
  // The square [0, 4]^2, with interior points, points on its edges and a repeated corner.
  const auto h =
      make_convex_hull<T>({V<T>(2, 2), V<T>(4, 4), V<T>(0, 0), V<T>(2, 0), V<T>(0, 4), V<T>(4, 0),
                           V<T>(1, 3), V<T>(4, 2), V<T>(0, 0), V<T>(3, 1), V<T>(0, 2), V<T>(2, 4)});
  expect_built(h);
  expect_vertices(*h, {V<T>(0, 0), V<T>(4, 0), V<T>(4, 4), V<T>(0, 4)});
  EXPECT_EQ(h->normals[0], V<T>(0, -1));
  EXPECT_EQ(h->normals[1], V<T>(1, 0));
  EXPECT_EQ(h->normals[2], V<T>(0, 1));
  EXPECT_EQ(h->normals[3], V<T>(-1, 0));
  EXPECT_TRUE(is_valid(*h));
}

TYPED_TEST(BuildersTest, HullOfTriangleCloud) {
  using T = TypeParam;
  // (3, 3) lies on the hypotenuse x + y = 6, (3, 0) and (0, 3) on the legs: all dropped.
  const std::vector<Vec2<T>> cloud{V<T>(1, 1), V<T>(6, 0), V<T>(3, 0), V<T>(0, 0),
                                   V<T>(0, 6), V<T>(0, 3), V<T>(3, 3), V<T>(2, 2)};
  const auto h = make_convex_hull(cloud);
  expect_built(h);
  expect_vertices(*h, {V<T>(0, 0), V<T>(6, 0), V<T>(0, 6)});
  expect_built(make_convex_hull(cloud.data(), cloud.size()));
}

TYPED_TEST(BuildersTest, HullOfOctagonKeepsAllEight) {
  using T = TypeParam;
  const auto h = make_convex_hull<T>({V<T>(3, 2), V<T>(0, 1), V<T>(2, 3), V<T>(1, 0), V<T>(3, 1),
                                      V<T>(1, 3), V<T>(2, 0), V<T>(0, 2), V<T>(1.5, 1.5)});
  expect_built(h);
  expect_vertices(*h, {V<T>(0, 1), V<T>(1, 0), V<T>(2, 0), V<T>(3, 1), V<T>(3, 2), V<T>(2, 3),
                       V<T>(1, 3), V<T>(0, 2)});
}

TYPED_TEST(BuildersTest, HullRejections) {
  using T = TypeParam;
  expect_rejected(make_convex_hull<T>({V<T>(0, 0), Vec2<T>{nan<T>, T(2)}, V<T>(4, 0), V<T>(0, 4)}),
                  "point 1 (nan, 2) is not finite");
  expect_rejected(make_convex_hull<T>({V<T>(0, 0), V<T>(4, 0), Vec2<T>{T(0), inf<T>}}),
                  "point 2 (0, inf) is not finite");
  expect_rejected(make_convex_hull<T>({V<T>(0, 0), V<T>(1, 1), V<T>(3, 3), V<T>(2, 2)}),
                  "the 4 points have fewer than 3 distinct non-collinear points");
  expect_rejected(make_convex_hull<T>({V<T>(1, 2), V<T>(1, 2), V<T>(1, 2)}),
                  "the 3 points have fewer than 3 distinct non-collinear points");
  expect_rejected(make_convex_hull<T>({V<T>(0, 0), V<T>(1, 0)}), "the 2 points have fewer than 3");
  expect_rejected(make_convex_hull(static_cast<const Vec2<T>*>(nullptr), 0), "the 0 points");
  // Twelve integer points on the circle of radius 5: a 12-vertex hull.
  expect_rejected(make_convex_hull<T>({V<T>(5, 0), V<T>(4, 3), V<T>(3, 4), V<T>(0, 5), V<T>(-3, 4),
                                       V<T>(-4, 3), V<T>(-5, 0), V<T>(-4, -3), V<T>(-3, -4),
                                       V<T>(0, -5), V<T>(3, -4), V<T>(4, -3)}),
                  "the convex hull has 12 vertices, more than max_polygon_vertices = 8");
}

}  // namespace
}  // namespace c2t

namespace c2t {
namespace {

// Subnormal values are rejected (found by fuzz_polygon_builder: the orientation product
// 2.24e-44 * 0.00197 underflowed to 0 and the hull dropped a true vertex 0.0014 away).
TEST(BuildersRegression, SubnormalValuesAreRejectedWithAReason) {
  const float tiny = 2.24207754e-44f;
  const auto hull = make_convex_hull<float>(
      {{-8, 7.75f}, {0, 0.00196838379f}, {tiny, 2.3509887e-38f}, {0, -7.625f}});
  ASSERT_FALSE(hull.ok());
  EXPECT_CONTAINS(hull.error(), "point 2");
  EXPECT_CONTAINS(hull.error(), "subnormal");
  EXPECT_FALSE(make_circle<double>({0, 0}, 1e-310).ok());
  EXPECT_FALSE(make_obb<float>({0, 0}, 1e-40f, 1, 0.0f).ok());
  EXPECT_FALSE(make_aabb<double>({4e-320, 0}, {1, 1}).ok());
  EXPECT_TRUE(make_circle<float>({0, 0}, 0).ok());         // zero is not subnormal
  EXPECT_TRUE(make_circle<float>({0, 0}, 1.2e-38f).ok());  // the smallest normal floats are fine
}

}  // namespace
}  // namespace c2t
