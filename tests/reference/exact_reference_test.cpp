// Hand-checked cases for the exact reference: each expected value is worked out on paper.
#include <gtest/gtest.h>

#include "collide2d/shapes.hpp"
#include "exact_reference.hpp"

namespace {

using collide2d::Aabb;
using collide2d::Capsule;
using collide2d::Circle;
using collide2d::ConvexPolygon;
using collide2d::Obb;
using collide2d::Point;
using collide2d::Segment;
using collide2d::Shape;
using collide2d::reference::classify;
using collide2d::reference::core_distance_squared;
using collide2d::reference::Exact;
using collide2d::reference::exact;
using collide2d::reference::exact_overlaps;
using collide2d::reference::point_distance_squared;
using collide2d::reference::within_distance;

ConvexPolygon<double> triangle(Point<double> a, Point<double> b, Point<double> c) {
  ConvexPolygon<double> p{};
  p.vertices[0] = a;
  p.vertices[1] = b;
  p.vertices[2] = c;
  p.count = 3;  // normals are not used by the reference
  return p;
}

TEST(ExactReference, TouchingCirclesAreInTheBandOfEveryTolerance) {
  const Circle<double> a{{0, 0}, 2};
  const Circle<double> b{{3, 4}, 3};  // centre distance 5 = 2 + 3
  EXPECT_TRUE(exact_overlaps(a, b));
  EXPECT_EQ(classify(a, b, 0), Exact::overlap_in_band);
  EXPECT_EQ(classify(a, b, mpq_class(1, 1000)), Exact::overlap_in_band);
}

TEST(ExactReference, CircleSeparationAgainstTheBand) {
  const Circle<double> a{{0, 0}, 2};
  const Circle<double> b{{3, 4}, 2.5};  // separation 0.5
  EXPECT_FALSE(exact_overlaps(a, b));
  EXPECT_EQ(classify(a, b, mpq_class(1, 2)), Exact::apart_in_band);  // 0.5 <= tol
  EXPECT_EQ(classify(a, b, mpq_class(1, 4)), Exact::apart_clear);
  const Circle<double> c{{3, 4}, 3.5};  // depth 0.5
  EXPECT_EQ(classify(a, c, mpq_class(1, 2)), Exact::overlap_in_band);
  EXPECT_EQ(classify(a, c, mpq_class(49, 100)), Exact::overlap_clear);
}

TEST(ExactReference, PointsAndSegments) {
  const Point<double> p{1, 1};
  const Segment<double> s{{0, 0}, {2, 2}};
  EXPECT_TRUE(exact_overlaps(p, s));
  EXPECT_EQ(classify(p, s, 0), Exact::overlap_in_band);  // no area: depth 0
  const Point<double> q{1, 1 + 0x1p-40};
  EXPECT_FALSE(exact_overlaps(q, s));
  EXPECT_EQ(core_distance_squared(exact(q), exact(s)), mpq_class(0x1p-81));  // (2^-40 / sqrt 2)^2
  EXPECT_TRUE(exact_overlaps(p, p));
  EXPECT_EQ(classify(p, p, 0), Exact::overlap_in_band);
  EXPECT_EQ(core_distance_squared(exact(p), exact(Point<double>{4, 5})), 25);
  // A zero-length segment is its point.
  EXPECT_TRUE(exact_overlaps(p, Segment<double>{{1, 1}, {1, 1}}));
  EXPECT_FALSE(exact_overlaps(q, Segment<double>{{1, 1}, {1, 1}}));
}

TEST(ExactReference, CollinearSegments) {
  const Segment<double> a{{0, 0}, {1, 0}};
  const Segment<double> b{{2, 0}, {3, 0}};
  EXPECT_FALSE(exact_overlaps(a, b));
  EXPECT_EQ(core_distance_squared(exact(a), exact(b)), 1);
  const Segment<double> c{{1, 0}, {3, 0}};  // shares the point (1, 0)
  EXPECT_TRUE(exact_overlaps(a, c));
  EXPECT_EQ(classify(a, c, 0), Exact::overlap_in_band);
  const Segment<double> d{{0.5, 0}, {3, 0}};  // overlaps along the line, still no area
  EXPECT_EQ(classify(a, d, 0), Exact::overlap_in_band);
}

TEST(ExactReference, CrossingSegmentsHaveADepth) {
  const Segment<double> a{{-1, 0}, {1, 0}};
  const Segment<double> b{{0, -1}, {0, 3}};  // depth 1: move b up by 1 or a sideways by 1
  EXPECT_EQ(classify(a, b, mpq_class(999, 1000)), Exact::overlap_clear);
  EXPECT_EQ(classify(a, b, 1), Exact::overlap_in_band);
  const Segment<double> c{{0.5, -1}, {0.5, 3}};  // depth 0.5 (slide a left)
  EXPECT_EQ(classify(a, c, mpq_class(1, 2)), Exact::overlap_in_band);
  EXPECT_EQ(classify(a, c, mpq_class(49, 100)), Exact::overlap_clear);
}

TEST(ExactReference, Boxes) {
  const Aabb<double> a{{0, 0}, {1, 1}};
  const Aabb<double> b{{1, 0}, {2, 1}};  // shares an edge
  EXPECT_TRUE(exact_overlaps(a, b));
  EXPECT_EQ(classify(a, b, 0), Exact::overlap_in_band);
  const Aabb<double> c{{0.75, 0.5}, {2, 2}};  // overlap 0.25 in x, 0.5 in y: depth 0.25
  EXPECT_EQ(classify(a, c, mpq_class(1, 4)), Exact::overlap_in_band);
  EXPECT_EQ(classify(a, c, mpq_class(1, 5)), Exact::overlap_clear);
  const Aabb<double> d{{1.5, 2}, {3, 3}};  // corner to corner: (1, 1) to (1.5, 2)
  EXPECT_EQ(core_distance_squared(exact(a), exact(d)), mpq_class(5, 4));
  // A quarter turn: half extents (2, 1) turned to (1, 2) in the world.
  const Obb<double> o{{0, 0}, {2, 1}, {0, 1}};
  EXPECT_TRUE(exact_overlaps(Point<double>{1, 2}, o));
  EXPECT_EQ(classify(Point<double>{1, 2}, o, 0), Exact::overlap_in_band);
  EXPECT_FALSE(exact_overlaps(Point<double>{1.5, 0}, o));
  EXPECT_EQ(point_distance_squared(Point<double>{1.5, 0}, o), mpq_class(1, 4));
  EXPECT_EQ(point_distance_squared(Point<double>{0.5, 0}, o), 0);
  // A box with no height is a segment core.
  const Aabb<double> flat{{0, 1}, {2, 1}};
  EXPECT_EQ(exact(flat).core.size(), 2u);
  EXPECT_TRUE(exact_overlaps(flat, Point<double>{1, 1}));
  EXPECT_FALSE(exact_overlaps(flat, Point<double>{1, 1.25}));
}

TEST(ExactReference, ObbCornersUseTheGivenRotationExactly) {
  // (c, s) = (0.75, 0.5) is not unit length; the reference takes R = [[c, -s], [s, c]] as given.
  const Obb<double> o{{1, 1}, {2, 1}, {0.75, 0.5}};
  const auto e = exact(o);
  ASSERT_EQ(e.core.size(), 4u);
  // corner (-2, -1): (1 - 1.5 + 0.5, 1 - 1 - 0.75)
  EXPECT_EQ(e.core[0].x, 0);
  EXPECT_EQ(e.core[0].y, mpq_class(-3, 4));
  // corner (2, 1): (1 + 1.5 - 0.5, 1 + 1 + 0.75)
  EXPECT_EQ(e.core[2].x, 2);
  EXPECT_EQ(e.core[2].y, mpq_class(11, 4));
}

TEST(ExactReference, Polygons) {
  const auto t = triangle({0, 0}, {4, 0}, {0, 4});
  EXPECT_EQ(point_distance_squared(Point<double>{3, 3}, t), 2);  // (6 - 4)^2 / 2
  EXPECT_EQ(point_distance_squared(Point<double>{-1, -2}, t), 5);
  EXPECT_EQ(point_distance_squared(Point<double>{1, 1}, t), 0);
  // (1, 1) is 1 from the two legs and sqrt(2) from the hypotenuse: depth 1.
  EXPECT_EQ(classify(Point<double>{1, 1}, t, mpq_class(99, 100)), Exact::overlap_clear);
  EXPECT_EQ(classify(Point<double>{1, 1}, t, 1), Exact::overlap_in_band);
  const auto u = triangle({4, 0}, {8, 0}, {4, 4});  // shares the vertex (4, 0)
  EXPECT_TRUE(exact_overlaps(t, u));
  EXPECT_EQ(classify(t, u, 0), Exact::overlap_in_band);
  const auto v = triangle({2, 3}, {5, 3}, {5, 6});  // vertex (2, 3) is sqrt(2) / 2 past x + y = 4
  EXPECT_FALSE(exact_overlaps(t, v));
  EXPECT_EQ(core_distance_squared(exact(t), exact(v)), mpq_class(1, 2));
  EXPECT_TRUE(exact_overlaps(t, Circle<double>{{2, 3}, 0.75}));  // 0.75^2 = 0.5625 >= 0.5
  EXPECT_FALSE(exact_overlaps(t, Circle<double>{{2, 3}, 0.5}));
  EXPECT_TRUE(within_distance(exact(t), exact(Point<double>{2, 3}), 0.75));
  EXPECT_FALSE(within_distance(exact(t), exact(Point<double>{2, 3}), 0.5));
}

TEST(ExactReference, Capsules) {
  const Capsule<double> a{{0, 0}, {4, 0}, 1};
  const Capsule<double> b{{0, 3}, {4, 3}, 2};  // parallel, 3 apart: touching
  EXPECT_EQ(classify(a, b, 0), Exact::overlap_in_band);
  const Capsule<double> c{{6, 0}, {9, 0}, 1};  // end to end: 2 apart, radius sum 2
  EXPECT_EQ(classify(a, c, 0), Exact::overlap_in_band);
  const Capsule<double> d{{6.5, 0}, {9, 0}, 1};
  EXPECT_EQ(classify(a, d, mpq_class(1, 2)), Exact::apart_in_band);
  EXPECT_EQ(classify(a, d, mpq_class(1, 4)), Exact::apart_clear);
  EXPECT_TRUE(within_distance(exact(a), exact(Point<double>{0, 3}), 2));
  EXPECT_FALSE(within_distance(exact(a), exact(Point<double>{0, 3}), 1.99));
}

TEST(ExactReference, VariantsAndFloats) {
  const Shape<float> s = Circle<float>{{0.1f, 0}, 1};
  const Shape<float> t = Point<float>{1.1f, 0};
  // 1.1f - 0.1f is not exactly 1 in the reals: the reference sees the floats' exact values.
  const mpq_class gap = mpq_class(static_cast<double>(1.1f)) - mpq_class(static_cast<double>(0.1f));
  EXPECT_GT(gap, 1);
  EXPECT_FALSE(exact_overlaps(s, t));
  EXPECT_EQ(classify(s, t, mpq_class(1, 1000)), Exact::apart_in_band);
  EXPECT_EQ(classify(s, t, mpq_class(1, 100000000)), Exact::apart_clear);
}

}  // namespace
