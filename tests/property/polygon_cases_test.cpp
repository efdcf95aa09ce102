// Hand cases of Polygon<T> (polygon.hpp), checkable on paper: the builder's rejections with their
// messages, and the queries on an L-shaped polygon.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "collide2d/collide2d.hpp"

namespace collide2d {
namespace {

using V = Vec2<double>;

std::string error_of(const std::vector<V>& outline) {
  const auto built = make_simple_polygon(outline);
  return built ? std::string("accepted") : built.error();
}

// The queries polygon.hpp does not compute for a Polygon (and rounded.hpp not for a Polygon with a
// RoundedPolygon) are deleted: a call fails to compile, not to link. The others still compile.
template <class A, class B>
concept has_penetration = requires(const A& a, const B& b) {
  penetration(a, b);
};
template <class A, class B>
concept has_collide = requires(const A& a, const B& b) {
  collide(a, b);
};
template <class A, class B>
concept has_collide_options = requires(const A& a, const B& b) {
  collide(a, b, CollideOptions<double>{});
};
template <class A, class B>
concept has_shape_cast = requires(const A& a, const B& b) {
  shape_cast(a, Vec2<double>{}, b, Vec2<double>{});
};
template <class A, class B>
concept has_shape_cast_options = requires(const A& a, const B& b) {
  shape_cast(a, Vec2<double>{}, b, Vec2<double>{}, CastOptions<double>{});
};
template <class A, class B>
concept has_overlaps_interior = requires(const A& a, const B& b) {
  overlaps_interior(a, b);
};
template <class A, class B>
concept has_overlaps = requires(const A& a, const B& b) {
  overlaps(a, b);
};
template <class A, class B>
concept has_distance = requires(const A& a, const B& b) {
  distance(a, b);
};
template <class A>
concept has_mass = requires(const A& a) {
  mass_properties(a, 1.0);
};
using P = Polygon<double>;
static_assert(!has_penetration<P, Circle<double>> && !has_penetration<Obb<double>, P>);
static_assert(!has_collide<P, P> && !has_collide_options<P, Aabb<double>>);
static_assert(!has_shape_cast<P, Point<double>> && !has_shape_cast<Segment<double>, P>);
static_assert(!has_shape_cast_options<P, P> && !has_collide_options<Circle<double>, P>);
static_assert(has_overlaps_interior<P, P> && has_overlaps_interior<Circle<double>, P> &&
              has_mass<P>);
static_assert(has_overlaps<P, RoundedPolygon<double>> && has_distance<RoundedPolygon<double>, P>);
static_assert(has_overlaps<P, Obb<double>> && has_distance<Circle<double>, P>);
static_assert(has_penetration<Obb<double>, Circle<double>> && has_mass<Obb<double>>);
static_assert(has_collide_options<Obb<double>, Circle<double>> &&
              has_shape_cast_options<Aabb<double>, Point<double>>);

TEST(PolygonBuilder, RejectsWithReasonsNamingVertices) {
  EXPECT_EQ(error_of({{0, 0}, {1, 0}}),
            "make_simple_polygon: a polygon needs at least 3 vertices, got 2");
  EXPECT_EQ(error_of({{0, 0}, {1, 0}, {std::nan(""), 1}}),
            "make_simple_polygon: vertex 2 (nan, 1) is not finite");
  EXPECT_EQ(error_of({{0, 0}, {1, 0}, {1, 1e200}}),
            "make_simple_polygon: vertex 2 (1, 1e+200) has a coordinate beyond 1e150 in magnitude");
  EXPECT_EQ(error_of({{0, 0}, {2, 0}, {2, 2}, {2, 0}, {0, 2}}),
            "make_simple_polygon: vertices 1 and 3 are the same point (2, 0)");
  EXPECT_EQ(error_of({{0, 0}, {1, 1}, {3, 3}}),
            "make_simple_polygon: all 3 vertices lie on one line: the polygon has no area");
  EXPECT_EQ(error_of({{0, 0}, {4, 0}, {2, 0}, {2, 3}}),
            "make_simple_polygon: vertex 1 (4, 0) is a spike: its edges from vertex 0 (0, 0) and "
            "to vertex 2 (2, 0) run back along each other");
  // A bow tie: edges 0 -> 1 and 2 -> 3 cross at (1, 1).
  EXPECT_EQ(error_of({{0, 0}, {2, 2}, {2, 0}, {0, 2}}),
            "make_simple_polygon: edge vertex 0 (0, 0) -> vertex 1 (2, 2) and edge vertex 2 (2, 0) "
            "-> vertex 3 (0, 2) cross or touch");
  // A vertex touching another edge (clockwise outline: the indices are still the given ones).
  EXPECT_EQ(error_of({{0, 0}, {0, 4}, {2, 0}, {4, 4}, {4, 0}}),
            "make_simple_polygon: edge vertex 1 (0, 4) -> vertex 2 (2, 0) and edge vertex 4 (4, 0) "
            "-> vertex 0 (0, 0) cross or touch");
  EXPECT_THROW(make_simple_polygon<double>({{0, 0}, {1, 0}}).value(), InvalidShape);
}

TEST(PolygonBuilder, ReordersClockwiseAndKeepsStraightRuns) {
  const auto p = make_simple_polygon<double>({{0, 0}, {0, 2}, {1, 2}, {2, 2}, {2, 0}}).value();
  const std::vector<V> ccw{{2, 0}, {2, 2}, {1, 2}, {0, 2}, {0, 0}};
  EXPECT_EQ(p.vertices(), ccw);
  EXPECT_EQ(area(p), 4.0);
  EXPECT_TRUE(is_valid(p));
  EXPECT_FALSE(is_valid(Polygon<double>()));
}

// The L: [0, 4] x [0, 2] and [0, 2] x [2, 4]. A decomposition into the two convex pieces shares
// the diagonal-free cut y = 2, x in [0, 2]: a thin shape lying exactly on it is inside the L (an
// interior line, not a boundary), so it is contained, even strictly.
Polygon<double> l_shape() {
  return make_simple_polygon<double>({{0, 0}, {4, 0}, {4, 2}, {2, 2}, {2, 4}, {0, 4}}).value();
}

TEST(PolygonQueries, LShapeOverlapsAndContainment) {
  const Polygon<double> l = l_shape();
  // On the shared cut between the two convex pieces: inside, not on the boundary.
  const Segment<double> cut{{0.5, 2}, {1.5, 2}};
  EXPECT_TRUE(overlaps(l, cut));
  EXPECT_TRUE(contains(l, cut));
  EXPECT_TRUE(contains_strictly(l, cut));
  const Aabb<double> thin{{0.5, 2}, {1.5, 2}};
  EXPECT_TRUE(contains_strictly(l, thin));
  // The notch: (3, 3) is outside; a box in the notch touching the L's inner corner overlaps only.
  EXPECT_FALSE(overlaps(l, Point<double>{3, 3}));
  const Aabb<double> notch{{2, 2}, {4, 4}};
  EXPECT_TRUE(overlaps(l, notch));
  EXPECT_FALSE(contains(l, notch));
  EXPECT_FALSE(contains_strictly(l, notch));
  // A box across the inner corner is not inside; one hugging the corner from inside is.
  EXPECT_FALSE(contains(l, Aabb<double>{{1, 1}, {3, 3}}));
  EXPECT_TRUE(contains(l, Aabb<double>{{0, 0}, {2, 2}}));
  EXPECT_FALSE(contains_strictly(l, Aabb<double>{{0, 0}, {2, 2}}));
  EXPECT_TRUE(contains(l, Aabb<double>{{1, 1}, {2, 3}}));
  // A circle in the L's corner, tangent to both inner edges from outside the notch.
  EXPECT_TRUE(contains(l, Circle<double>{{1, 1}, 1}));
  EXPECT_FALSE(contains_strictly(l, Circle<double>{{1, 1}, 1}));
  EXPECT_FALSE(contains(l, Circle<double>{{1.5, 2.5}, 1}));
  // A segment through the notch from one arm to the other leaves the L.
  EXPECT_FALSE(contains(l, Segment<double>{{3, 1.5}, {1.5, 3}}));
  EXPECT_TRUE(contains(l, Segment<double>{{3, 1}, {1, 3}}));  // touches the notch at (2, 2)
  EXPECT_TRUE(contains(l, Segment<double>{{3, 2}, {2, 3}}) == false);
  EXPECT_TRUE(contains(l, Segment<double>{{4, 2}, {2, 2}}));
  // The L in shapes.
  EXPECT_TRUE(contains(Aabb<double>{{0, 0}, {4, 4}}, l));
  EXPECT_FALSE(contains_strictly(Aabb<double>{{0, 0}, {4, 4}}, l));
  EXPECT_TRUE(contains(Circle<double>{{2, 2}, 3}, l));
  EXPECT_FALSE(contains(Circle<double>{{2, 2}, 2.8}, l));
}

TEST(PolygonQueries, LShapePairs) {
  const Polygon<double> l = l_shape();
  // The notch's square touches the L along two edges: overlapping, neither inside the other.
  const auto square = make_simple_polygon<double>({{2, 2}, {4, 2}, {4, 4}, {2, 4}}).value();
  EXPECT_TRUE(overlaps(l, square));
  EXPECT_FALSE(contains(l, square));
  const auto inner = make_simple_polygon<double>({{0, 0}, {2, 0}, {2, 2}, {0, 2}}).value();
  EXPECT_TRUE(contains(l, inner));
  EXPECT_FALSE(contains_strictly(l, inner));
  EXPECT_TRUE(contains(l, l));
  EXPECT_FALSE(contains_strictly(l, l));
  const auto far = make_simple_polygon<double>({{5, 5}, {6, 5}, {6, 6}}).value();
  EXPECT_FALSE(overlaps(l, far));
}

TEST(PolygonQueries, LShapeDistance) {
  const Polygon<double> l = l_shape();
  // From the notch's middle, 1 to both inner edges.
  auto r = distance(l, Point<double>{3, 3});
  EXPECT_EQ(r.distance, 1.0);
  r = distance(Circle<double>{{3, 3}, 0.5}, l);
  EXPECT_EQ(r.distance, 0.5);
  EXPECT_EQ(std::hypot(r.point_a.x - r.point_b.x, r.point_a.y - r.point_b.y), 0.5);
  // Inside: 0, with the witness a point of both.
  r = distance(l, Aabb<double>{{0.5, 0.5}, {1, 1}});
  EXPECT_EQ(r.distance, 0.0);
  EXPECT_EQ(r.point_a, r.point_b);
  const auto far = make_simple_polygon<double>({{5, 5}, {6, 5}, {6, 6}}).value();
  r = distance(l, far);
  // The corners (2, 4) and (4, 2) are both sqrt(10) from (5, 5).
  EXPECT_DOUBLE_EQ(r.distance, std::sqrt(10.0));
  EXPECT_TRUE(r.point_a == (V{2, 4}) || r.point_a == (V{4, 2}));
  EXPECT_EQ(r.point_b, (V{5, 5}));
  EXPECT_TRUE(std::isinf(distance(Polygon<double>(), far).distance));
}

TEST(PolygonQueries, LShapeAreas) {
  const Polygon<double> l = l_shape();
  constexpr double pi = 3.14159265358979323846;
  EXPECT_EQ(area(l), 12.0);
  // A disc inside, one on the outer corner (a quarter in), one on the inner corner (three).
  EXPECT_NEAR(intersection_area(l, Circle<double>{{1, 1}, 0.5}), pi / 4, 1e-14);
  EXPECT_NEAR(intersection_area(Circle<double>{{0, 0}, 1}, l), pi / 4, 1e-14);
  EXPECT_NEAR(intersection_area(l, Circle<double>{{2, 2}, 1}), 3 * pi / 4, 1e-14);
  // The L fills three quarters of its box; the notch none.
  EXPECT_EQ(intersection_area(l, Aabb<double>{{0, 0}, {4, 4}}), 12.0);
  EXPECT_EQ(iou(l, Aabb<double>{{0, 0}, {4, 4}}), 0.75);
  EXPECT_EQ(intersection_area(l, Aabb<double>{{2, 2}, {4, 4}}), 0.0);
  const auto square = make_simple_polygon<double>({{1, 1}, {3, 1}, {3, 3}, {1, 3}}).value();
  EXPECT_EQ(intersection_area(l, square), 3.0);
  EXPECT_EQ(intersection_area(square, l), 3.0);
  EXPECT_EQ(iou(l, l), 1.0);
  // Capsules: one inside the upper arm (a 1 x 2 rectangle and a disc of radius 1/2), one along
  // the lower arm whose end caps stick out of it (the arm, 4 x 2), and one of radius 1/2 from
  // (1, 3) to (3, 1), across the notch's corner (2, 2): all of it (2 sqrt 2 + pi / 4) but the
  // triangle x, y >= 2, x + y <= 4 + sqrt 2 / 2 in the notch, of legs sqrt 2 / 2 (area 1/4).
  EXPECT_NEAR(intersection_area(l, Capsule<double>{{1, 1}, {1, 3}, 0.5}), 2 + pi / 4, 1e-14);
  EXPECT_NEAR(intersection_area(Capsule<double>{{0, 1}, {4, 1}, 1}, l), 8, 1e-14);
  const Capsule<double> across{{1, 3}, {3, 1}, 0.5};
  EXPECT_NEAR(intersection_area(l, across), 2 * std::sqrt(2.0) + pi / 4 - 0.25, 1e-14);
  EXPECT_EQ(intersection_area(l, across), intersection_area(across, l));
  // A rounded square: core [3/2, 5/2]^2, radius 1/2, so the outline [1, 3]^2 with corners rounded
  // by 1/2; area 1 + 4 (1/2) + pi / 4. The L holds all of it but its part in the notch x, y > 2:
  // the square [2, 3]^2 less the corner cut at (3, 3) (1/4 - pi / 16), so 3/4 + pi / 16 is out.
  const RoundedPolygon<double> rounded =
      make_rounded_box<double>({2, 2}, 1.0, 1.0, 0.0, 0.5).value();
  EXPECT_NEAR(area(rounded), 3 + pi / 4, 1e-14);
  EXPECT_NEAR(intersection_area(l, rounded), 2.25 + 3 * pi / 16, 1e-14);
  EXPECT_EQ(intersection_area(rounded, l), intersection_area(l, rounded));
}

// The small L of three unit squares, (0,0) (2,0) (2,1) (1,1) (1,2) (0,2), clockwise as given: area
// 3, centroid (5/6, 5/6) (the squares' centres averaged); inertia about it, each square's own
// 1/6 plus its mass times its centre's squared distance (2/9, 5/9, 5/9): 1/2 + 4/3 = 11/6 for
// density 1; density 2 doubles mass and inertia. A bad density is refused, naming it.
// A float sliver 1.9e-32 high beside coordinates of 8 (found by fuzz_simple_polygon): the
// shoelace terms of about 7 cancel, and a sum in double gave the area as 0. Exact value: twice the
// area is cross((8.875, 8), (8.875, 8 + h)) = 8.875 h.
TEST(PolygonQueries, SliverAreaSurvivesCancellation) {
  const float h = 1.9343695530157583e-32f;
  const Polygon<float> sliver =
      make_simple_polygon<float>({{-8, -8}, {0.875f, 0}, {0.875f, h}}).value();
  const double exact = 0.5 * 8.875 * double(h);
  EXPECT_GT(area(sliver), 0.0f);
  EXPECT_NEAR(double(area(sliver)) / exact, 1.0, 1e-6);
  // The same in double, far from the origin: the area of an L is 3 whatever its place.
  const Polygon<double> far = make_simple_polygon<double>({{1e15, 1e15},
                                                           {1e15 + 2, 1e15},
                                                           {1e15 + 2, 1e15 + 1},
                                                           {1e15 + 1, 1e15 + 1},
                                                           {1e15 + 1, 1e15 + 2},
                                                           {1e15, 1e15 + 2}})
                                  .value();
  EXPECT_EQ(area(far), 3.0);
}

// A triangle whose short edge is about 1e-238 long (found by fuzz_simple_polygon): the squared
// length of that edge underflows to 0, and the sampling along it once divided 0 by 0, lost the
// stretch the edge covers on itself, and answered that the triangle does not contain itself.
// Every polygon contains itself, never strictly, and overlaps its own interior.
TEST(PolygonQueries, TinyEdgeContainsItself) {
  const Polygon<double> p =
      make_simple_polygon<double>(
          {{1.21328006e-279, -1.46643295e-238}, {1.44934428e-279, 0}, {-8, -8}})
          .value();
  EXPECT_TRUE(contains(p, p));
  EXPECT_FALSE(contains_strictly(p, p));
  EXPECT_TRUE(overlaps(p, p));
  EXPECT_TRUE(overlaps_interior(p, p));
  const Segment<double> edge{p.vertices()[0], p.vertices()[1]};
  EXPECT_TRUE(contains(p, edge));
  EXPECT_FALSE(contains_strictly(p, edge));
}

TEST(PolygonQueries, SmallLMass) {
  const auto l = make_simple_polygon<double>({{0, 2}, {1, 2}, {1, 1}, {2, 1}, {2, 0}, {0, 0}});
  ASSERT_TRUE(l);
  const MassProperties<double> m = mass_properties(l.value(), 2.0);
  EXPECT_DOUBLE_EQ(m.mass, 6.0);
  EXPECT_DOUBLE_EQ(m.centroid.x, 5.0 / 6);
  EXPECT_DOUBLE_EQ(m.centroid.y, 5.0 / 6);
  EXPECT_DOUBLE_EQ(m.inertia, 11.0 / 3);
  const MassProperties<double> empty = mass_properties(Polygon<double>{}, 1.0);
  EXPECT_EQ(empty.mass, 0.0);
  EXPECT_EQ(empty.inertia, 0.0);
  try {
    (void)mass_properties(l.value(), -1.0);
    ADD_FAILURE() << "a negative density was accepted";
  } catch (const InvalidQuery& error) {
    EXPECT_NE(std::string(error.what()).find("density is -1"), std::string::npos) << error.what();
  }
}

// Issue 15's regression: a decomposition into convex pieces must not turn their shared diagonal
// into a boundary. The chevron (0, 0), (4, 2), (0, 4), (1, 2) is two triangles sharing the
// diagonal from (1, 2) to (4, 2), an interior line: shapes lying on it are inside the polygon,
// strictly, and a box across it is wholly inside.
TEST(PolygonQueries, SharedDiagonalIsInterior) {
  const auto chevron = make_simple_polygon<double>({{0, 0}, {4, 2}, {0, 4}, {1, 2}}).value();
  const Segment<double> on_diagonal{{1.5, 2}, {3.5, 2}};
  EXPECT_TRUE(overlaps(chevron, on_diagonal));
  EXPECT_TRUE(contains(chevron, on_diagonal));
  EXPECT_TRUE(contains_strictly(chevron, on_diagonal));
  EXPECT_TRUE(contains_strictly(chevron, Aabb<double>{{2, 2}, {3, 2}}));  // zero height
  EXPECT_TRUE(contains_strictly(chevron, Capsule<double>{{2, 2}, {3, 2}, 0.1}));
  EXPECT_TRUE(contains_strictly(chevron, Point<double>{2, 2}));
  // The whole diagonal touches the boundary at its ends only: contained, not strictly.
  const Segment<double> diagonal{{1, 2}, {4, 2}};
  EXPECT_TRUE(contains(chevron, diagonal));
  EXPECT_FALSE(contains_strictly(chevron, diagonal));
  // A box across the diagonal, touching the edges at two corners: inside, its whole area shared.
  const Aabb<double> across{{2, 1.5}, {3, 2.5}};
  EXPECT_TRUE(contains(chevron, across));
  EXPECT_FALSE(contains_strictly(chevron, across));
  EXPECT_EQ(area(chevron), 6.0);
  EXPECT_EQ(intersection_area(chevron, across), 1.0);
  EXPECT_EQ(iou(chevron, across), 1.0 / 6.0);
  EXPECT_EQ(distance(chevron, Point<double>{2, 2}).distance, 0.0);
  // A ray along the diagonal enters at the reflex vertex and leaves at the tip: one span.
  const auto spans = raycast_spans(Ray<double>{{-1, 2}, {1, 0}}, chevron);
  ASSERT_EQ(spans.size(), 1u);
  EXPECT_EQ(spans[0].t_enter, 2.0);
  EXPECT_EQ(spans[0].t_exit, 5.0);
  // The same with the triangles the library cut it into: each diagonal is interior.
  const auto& v = chevron.vertices();
  for (const auto& t : chevron.triangles()) {
    for (int k = 0; k < 3; ++k) {
      const int i = t[std::size_t(k)], j = t[std::size_t((k + 1) % 3)];
      const int n = int(v.size());
      if ((i + 1) % n == j || (j + 1) % n == i) continue;  // an edge of the outline
      const V a = v[std::size_t(i)], b = v[std::size_t(j)];
      const Segment<double> middle{a + 0.25 * (b - a), a + 0.75 * (b - a)};
      EXPECT_TRUE(contains_strictly(chevron, middle));
    }
  }
}

// The Shape variant overloads answer as the alternative they hold.
TEST(PolygonQueries, ShapeVariant) {
  const Polygon<double> l = l_shape();
  const Shape<double> notch_box = Aabb<double>{{2, 2}, {4, 4}};
  const Shape<double> inner = Circle<double>{{1, 1}, 0.5};
  const Shape<double> around = Aabb<double>{{-1, -1}, {5, 5}};
  EXPECT_TRUE(overlaps(l, notch_box));
  EXPECT_TRUE(overlaps(notch_box, l));
  EXPECT_FALSE(contains(l, notch_box));
  EXPECT_TRUE(contains(l, inner));
  EXPECT_TRUE(contains_strictly(l, inner));
  EXPECT_TRUE(contains(around, l));
  EXPECT_TRUE(contains_strictly(around, l));
  EXPECT_FALSE(contains(inner, l));
  EXPECT_EQ(distance(l, Shape<double>{Point<double>{3, 3}}).distance, 1.0);
  EXPECT_EQ(distance(Shape<double>{Point<double>{3, 3}}, l).point_a, (V{3, 3}));
}

TEST(PolygonQueries, LShapeRaycast) {
  const Polygon<double> l = l_shape();
  // Across the upper arm from the left: in over x in [0, 2].
  auto hit = raycast(Ray<double>{{-1, 3}, {1, 0}}, l);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t_enter, 1.0);
  EXPECT_EQ(hit->t_exit, 3.0);
  EXPECT_EQ(hit->normal, (V{-1, 0}));
  // From the right through the notch into the upper arm: enters at the notch's left side x = 2.
  hit = raycast(Ray<double>{{5, 3}, {-1, 0}}, l);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->t_enter, 3.0);
  EXPECT_EQ(hit->t_exit, 5.0);
  EXPECT_EQ(hit->normal, (V{1, 0}));
  // Down the diagonal through the notch: it grazes the corners (2, 4) and (4, 2), two spans of
  // zero length, with the notch (outside) between them.
  const auto spans = raycast_spans(Ray<double>{{1, 5}, {1, -1}}, l);
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(spans[0].t_enter, 1.0);
  EXPECT_EQ(spans[0].t_exit, 1.0);
  EXPECT_EQ(spans[1].t_enter, 3.0);
  EXPECT_EQ(spans[1].t_exit, 3.0);
  // From inside the lower arm, stopping before it leaves.
  const Ray<double> inside{{1, 1}, {1, 0}, 2};
  hit = raycast(inside, l);
  ASSERT_TRUE(hit);
  EXPECT_TRUE(hit->started_inside);
  EXPECT_TRUE(hit->ended_inside);
  EXPECT_EQ(hit->t_exit, 2.0);
  EXPECT_EQ(hit->normal, (V{0, 0}));
  EXPECT_FALSE(raycast(Ray<double>{{3, 3}, {1, 1}}, l));
}

}  // namespace
}  // namespace collide2d
