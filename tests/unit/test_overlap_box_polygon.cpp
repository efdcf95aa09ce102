// overlaps by hand among the boxy shapes: Aabb, Obb, ConvexPolygon (6 pairs).
//
// Recurring shapes:
//   box  = Aabb [0, 4] x [0, 2]
//   q(x, y) = a 4x2 Obb (half extents (2, 1)) centred at (x, y), turned an exact quarter turn
//             Rot{0, 1}: the world set [x - 1, x + 1] x [y - 2, y + 2]
// Each case runs in both argument orders and through the Shape variant; g = 1/64.
#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class OverlapBoxPolygonTest : public ::testing::Test {};
TYPED_TEST_SUITE(OverlapBoxPolygonTest, Scalars);

template <class T>
Aabb<T> wide_box() {
  return aabb<T>(0, 0, 4, 2);
}
template <class T>
Obb<T> q(double x, double y) {
  return obb<T>(x, y, 2, 1, quarter_turn<T>);
}
// A square of side 2 centred at (x, y), turned 45 degrees: corners sqrt(2) ~ 1.414 from the centre.
template <class T>
Obb<T> diamond(double x, double y) {
  return make_obb(V<T>(x, y), T(2), T(2), Rot<T>::from_degrees(T(45))).value();
}

TYPED_TEST(OverlapBoxPolygonTest, AabbAabb) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(2, 1, 6, 3), true);  // overlapping
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(4, 0, 6, 2), true);  // edge to edge
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(4 + g, 0, 6, 2), false);
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(1, 2, 3, 5), true);  // top edge to bottom edge
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(1, 2 + g, 3, 5), false);
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(4, 2, 6, 4), true);  // corner to corner
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(4 + g, 2, 6, 4), false);
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(4, 2 + g, 6, 4), false);
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(-4, -3, 0, 0), true);     // the opposite corner
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(1, 0.5, 3, 1.5), true);   // one inside the other
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(-1, 0.5, 5, 1.5), true);  // a cross: no corner inside
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(10, 10, 12, 12), false);
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(5, -10, 6, 10), false);  // overlapping in y only
  // Zero-extent boxes.
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(4, 2, 4, 2), true);
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(4 + g, 2, 4 + g, 2), false);
  EXPECT_OVERLAP(wide_box<T>(), aabb<T>(2, -1, 2, 5), true);  // a vertical line through it
  EXPECT_OVERLAP(aabb<T>(1, 1, 1, 1), aabb<T>(1, 1, 1, 1), true);
}

TYPED_TEST(OverlapBoxPolygonTest, AabbObb) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(wide_box<T>(), q<T>(4, 1), true);  // overlapping
  EXPECT_OVERLAP(wide_box<T>(), q<T>(5, 1), true);  // [4, 6] x [-1, 3]: edge on x = 4
  EXPECT_OVERLAP(wide_box<T>(), q<T>(5 + g, 1), false);
  EXPECT_OVERLAP(wide_box<T>(), q<T>(2, 4), true);  // [1, 3] x [2, 6]: edge on y = 2
  EXPECT_OVERLAP(wide_box<T>(), q<T>(2, 4 + g), false);
  EXPECT_OVERLAP(wide_box<T>(), q<T>(5, 4), true);  // [4, 6] x [2, 6]: corner (4, 2)
  EXPECT_OVERLAP(wide_box<T>(), q<T>(5 + g, 4), false);
  EXPECT_OVERLAP(wide_box<T>(), q<T>(5, 4 + g), false);
  // Unturned, this Obb ([3.5, 7.5] x [0, 2]) would overlap; turned ([4.5, 6.5] x [-1, 3]) it does
  // not.
  EXPECT_OVERLAP(wide_box<T>(), q<T>(5.5, 1), false);
  EXPECT_OVERLAP(wide_box<T>(), obb<T>(5.5, 1, 2, 1), true);
  EXPECT_OVERLAP(wide_box<T>(), obb<T>(2, 1, 0.5, 0.5, quarter_turn<T>), true);  // obb inside
  EXPECT_OVERLAP(wide_box<T>(), obb<T>(2, 1, 4, 4, quarter_turn<T>), true);      // aabb inside
  EXPECT_OVERLAP(wide_box<T>(), obb<T>(2, 1, 4, 4, half_turn<T>), true);
  EXPECT_OVERLAP(wide_box<T>(), obb<T>(20, 1, 2, 1, three_quarter_turn<T>), false);
  // The diamond's left corner sits at x - 1.414: centre 5.25 reaches x = 4, centre 5.5 does not.
  EXPECT_OVERLAP(wide_box<T>(), diamond<T>(5.25, 1), true);
  EXPECT_OVERLAP(wide_box<T>(), diamond<T>(5.5, 1), false);
  // Zero extents.
  EXPECT_OVERLAP(wide_box<T>(), obb<T>(4, 2, 0, 0, quarter_turn<T>), true);
  EXPECT_OVERLAP(wide_box<T>(), obb<T>(4 + g, 2, 0, 0, quarter_turn<T>), false);
  EXPECT_OVERLAP(aabb<T>(5, 3, 5, 3), q<T>(5, 4), true);
  EXPECT_OVERLAP(aabb<T>(6 + g, 3, 6 + g, 3), q<T>(5, 4), false);
}

TYPED_TEST(OverlapBoxPolygonTest, ObbObb) {
  using T = TypeParam;
  const double g = gap<double>;
  const Obb<T> a = obb<T>(0, 0, 2, 1);  // [-2, 2] x [-1, 1]
  EXPECT_OVERLAP(a, q<T>(2, 0), true);  // overlapping
  EXPECT_OVERLAP(a, q<T>(3, 0), true);  // [2, 4] x [-2, 2]: edge on x = 2
  EXPECT_OVERLAP(a, q<T>(3 + g, 0), false);
  EXPECT_OVERLAP(a, q<T>(0, 3), true);  // [-1, 1] x [1, 5]: edge on y = 1
  EXPECT_OVERLAP(a, q<T>(0, 3 + g), false);
  EXPECT_OVERLAP(a, q<T>(3, 3), true);  // [2, 4] x [1, 5]: corner (2, 1)
  EXPECT_OVERLAP(a, q<T>(3 + g, 3), false);
  EXPECT_OVERLAP(a, q<T>(3, 3 + g), false);
  EXPECT_OVERLAP(a, q<T>(-3, -3), true);  // corner (-2, -1)
  EXPECT_OVERLAP(a, q<T>(-3 - g, -3 - g), false);
  EXPECT_OVERLAP(a, q<T>(3.5, 0), false);  // unturned it would overlap
  EXPECT_OVERLAP(a, obb<T>(3.5, 0, 2, 1), true);
  EXPECT_OVERLAP(obb<T>(0, 0, 4, 1), obb<T>(0, 0, 4, 1, quarter_turn<T>), true);  // a plus sign
  EXPECT_OVERLAP(a, obb<T>(0.5, 0, 0.5, 0.25, quarter_turn<T>), true);            // one inside
  EXPECT_OVERLAP(a, obb<T>(10, 10, 2, 1, quarter_turn<T>), false);
  // Both turned: A = [-1, 1] x [-2, 2]; B (2, 3) half-turned = [0, 4] x [2, 4]: top edge y = 2.
  EXPECT_OVERLAP(q<T>(0, 0), obb<T>(2, 3, 2, 1, half_turn<T>), true);
  EXPECT_OVERLAP(q<T>(0, 0), obb<T>(2, 3 + g, 2, 1, half_turn<T>), false);
  EXPECT_OVERLAP(obb<T>(0, 0, 2, 1, three_quarter_turn<T>), q<T>(2, 0), true);  // x = 1 edges
  EXPECT_OVERLAP(obb<T>(0, 0, 2, 1, three_quarter_turn<T>), q<T>(2 + g, 0), false);
  EXPECT_OVERLAP(q<T>(0, 0), q<T>(2, 4), true);  // corners (1, 2) meet
  EXPECT_OVERLAP(q<T>(0, 0), q<T>(2 + g, 4), false);
  // Far from the origin: the same corner contact shifted by (1000, -3000).
  EXPECT_OVERLAP(q<T>(1000, -3000), q<T>(1002, -2996), true);
  EXPECT_OVERLAP(q<T>(1000, -3000), q<T>(1002 + g, -2996), false);
  // 45 degrees: a diamond's corner at x + 1.414 against a box edge at x = 2.
  EXPECT_OVERLAP(a, diamond<T>(3.25, 0), true);
  EXPECT_OVERLAP(a, diamond<T>(3.5, 0), false);
  // Two diamonds side by side: corner to corner at 2.828 apart; 2.75 overlaps, 3 does not.
  EXPECT_OVERLAP(diamond<T>(0, 0), diamond<T>(2.75, 0), true);
  EXPECT_OVERLAP(diamond<T>(0, 0), diamond<T>(3, 0), false);
  // Zero extents.
  EXPECT_OVERLAP(a, obb<T>(2, 1, 0, 0, quarter_turn<T>), true);
  EXPECT_OVERLAP(a, obb<T>(2, 1 + g, 0, 0, quarter_turn<T>), false);
  EXPECT_OVERLAP(obb<T>(3, 3, 0, 0), obb<T>(3, 3, 0, 0, quarter_turn<T>), true);
}

TYPED_TEST(OverlapBoxPolygonTest, AabbPolygon) {
  using T = TypeParam;
  const double g = gap<double>;
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(3, 1), V<T>(6, 1), V<T>(3, 4)}),
                 true);  // overlapping
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(4, 0), V<T>(6, 0), V<T>(4, 2)}),
                 true);  // edge on x = 4
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(4 + g, 0), V<T>(6, 0), V<T>(4 + g, 2)}), false);
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(4, 2), V<T>(6, 2), V<T>(4, 4)}),
                 true);  // corner (4, 2)
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(4 + g, 2 + g), V<T>(6, 2 + g), V<T>(4 + g, 4)}),
                 false);
  // A polygon vertex on the box's edge.
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(2, 2), V<T>(4, 4), V<T>(0, 4)}), true);
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(2, 2 + g), V<T>(4, 4), V<T>(0, 4)}), false);
  // The polygon's edge x + y = 6 passes through the box corner (4, 2).
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(6, 0), V<T>(6, 6), V<T>(0, 6)}), true);
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(6 + g, g), V<T>(6 + g, 6 + g), V<T>(g, 6 + g)}),
                 false);
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(1, 0.5), V<T>(3, 0.5), V<T>(2, 1.5)}),
                 true);  // inside
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(-5, -5), V<T>(10, -5), V<T>(0, 10)}),
                 true);  // contains
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(10, 10), V<T>(12, 10), V<T>(10, 12)}), false);
  // Bounding boxes overlap, but the hypotenuse x + y = 7 passes beyond the corner (4, 2) (sum 6).
  EXPECT_OVERLAP(wide_box<T>(), poly<T>({V<T>(7, 0), V<T>(7, 7), V<T>(0, 7)}), false);
  // Zero-extent box at a polygon vertex and just off it.
  EXPECT_OVERLAP(aabb<T>(4, 2, 4, 2), poly<T>({V<T>(4, 2), V<T>(6, 2), V<T>(4, 4)}), true);
  EXPECT_OVERLAP(aabb<T>(4, 2 - g, 4, 2 - g), poly<T>({V<T>(4, 2), V<T>(6, 2), V<T>(4, 4)}), false);
}

TYPED_TEST(OverlapBoxPolygonTest, ObbPolygon) {
  using T = TypeParam;
  const double g = gap<double>;
  const Obb<T> b = q<T>(0, 0);                                             // [-1, 1] x [-2, 2]
  EXPECT_OVERLAP(b, poly<T>({V<T>(0, 0), V<T>(3, 0), V<T>(0, 3)}), true);  // overlapping
  EXPECT_OVERLAP(b, poly<T>({V<T>(1, 0), V<T>(3, 0), V<T>(1, 2)}), true);  // edge on x = 1
  EXPECT_OVERLAP(b, poly<T>({V<T>(1 + g, 0), V<T>(3, 0), V<T>(1 + g, 2)}), false);
  EXPECT_OVERLAP(b, poly<T>({V<T>(1, 2), V<T>(3, 2), V<T>(1, 4)}), true);  // corner (1, 2)
  EXPECT_OVERLAP(b, poly<T>({V<T>(1 + g, 2), V<T>(3, 2), V<T>(1 + g, 4)}), false);
  // The polygon's edge x + y = 3 passes through the corner (1, 2).
  EXPECT_OVERLAP(b, poly<T>({V<T>(3, 0), V<T>(3, 3), V<T>(0, 3)}), true);
  EXPECT_OVERLAP(b, poly<T>({V<T>(3 + g, g), V<T>(3 + g, 3 + g), V<T>(g, 3 + g)}), false);
  // Would touch the unturned box ([-2, 2] x [-1, 1]) but not the turned one.
  EXPECT_OVERLAP(b, poly<T>({V<T>(1.5, -0.5), V<T>(3, -0.5), V<T>(1.5, 0.5)}), false);
  EXPECT_OVERLAP(b, poly<T>({V<T>(-0.5, -1), V<T>(0.5, -1), V<T>(0, 1)}), true);  // inside
  EXPECT_OVERLAP(b, poly<T>({V<T>(-5, -5), V<T>(5, -5), V<T>(0, 10)}), true);     // contains
  EXPECT_OVERLAP(b, make_polygon(q<T>(2, 4)).value(), true);  // corner to corner, as a polygon
  EXPECT_OVERLAP(b, make_polygon(q<T>(2 + g, 4)).value(), false);
  // The diamond against a triangle with a vertical edge at x = 1.5 (corner at 1.414) / 1.375.
  EXPECT_OVERLAP(diamond<T>(0, 0), poly<T>({V<T>(1.375, -1), V<T>(3, 0), V<T>(1.375, 1)}), true);
  EXPECT_OVERLAP(diamond<T>(0, 0), poly<T>({V<T>(1.5, -1), V<T>(3, 0), V<T>(1.5, 1)}), false);
  // Zero-extent box.
  EXPECT_OVERLAP(obb<T>(1, 2, 0, 0, quarter_turn<T>), poly<T>({V<T>(3, 0), V<T>(3, 3), V<T>(0, 3)}),
                 true);
  EXPECT_OVERLAP(obb<T>(1, 2 - g, 0, 0, quarter_turn<T>),
                 poly<T>({V<T>(3, 0), V<T>(3, 3), V<T>(0, 3)}), false);
}

TYPED_TEST(OverlapBoxPolygonTest, PolygonPolygon) {
  using T = TypeParam;
  const double g = gap<double>;
  const ConvexPolygon<T> sq = poly<T>({V<T>(0, 0), V<T>(4, 0), V<T>(4, 4), V<T>(0, 4)});
  EXPECT_OVERLAP(sq, poly<T>({V<T>(3, 1), V<T>(6, 2), V<T>(3, 3)}), true);  // overlapping
  EXPECT_OVERLAP(sq, poly<T>({V<T>(4, 0), V<T>(6, 2), V<T>(4, 4)}), true);  // edge to edge
  EXPECT_OVERLAP(sq, poly<T>({V<T>(4 + g, 0), V<T>(6, 2), V<T>(4 + g, 4)}), false);
  EXPECT_OVERLAP(sq, poly<T>({V<T>(4, 4), V<T>(6, 4), V<T>(4, 6)}), true);  // corner to corner
  EXPECT_OVERLAP(sq, poly<T>({V<T>(4 + g, 4 + g), V<T>(6, 4 + g), V<T>(4 + g, 6)}), false);
  EXPECT_OVERLAP(sq, poly<T>({V<T>(2, 4), V<T>(4, 6), V<T>(0, 6)}), true);  // vertex on edge
  EXPECT_OVERLAP(sq, poly<T>({V<T>(2, 4 + g), V<T>(4, 6), V<T>(0, 6)}), false);
  // Vertex to vertex along a diagonal: (4, 4) against the diamond's bottom corner.
  EXPECT_OVERLAP(sq, poly<T>({V<T>(4, 4), V<T>(6, 6), V<T>(4, 8), V<T>(2, 6)}), true);
  EXPECT_OVERLAP(sq, poly<T>({V<T>(4, 4 + g), V<T>(6, 6), V<T>(4, 8), V<T>(2, 6)}), false);
  EXPECT_OVERLAP(sq, poly<T>({V<T>(1, 1), V<T>(3, 1), V<T>(2, 3)}), true);  // one inside
  EXPECT_OVERLAP(sq, sq, true);                                             // itself
  EXPECT_OVERLAP(sq, poly<T>({V<T>(10, 10), V<T>(12, 10), V<T>(10, 12)}), false);
  // Separated only by the triangle's slanted edge x + y = 9 (bounding boxes overlap).
  EXPECT_OVERLAP(sq, poly<T>({V<T>(9, 0), V<T>(9, 9), V<T>(0, 9)}), false);
  EXPECT_OVERLAP(sq, poly<T>({V<T>(8, 0), V<T>(8, 8), V<T>(0, 8)}), true);  // x + y = 8
  // Quarter-turned boxes as polygons, far from the origin, corner to corner.
  EXPECT_OVERLAP(make_polygon(q<T>(1000, -3000)).value(), make_polygon(q<T>(1002, -2996)).value(),
                 true);
  EXPECT_OVERLAP(make_polygon(q<T>(1000, -3000)).value(),
                 make_polygon(q<T>(1002, -2996 + g)).value(), false);
  // An eight-vertex polygon against a triangle touching its edge (3, 1)-(3, 2) from the right.
  const ConvexPolygon<T> oct = poly<T>({V<T>(1, 0), V<T>(2, 0), V<T>(3, 1), V<T>(3, 2), V<T>(2, 3),
                                        V<T>(1, 3), V<T>(0, 2), V<T>(0, 1)});
  EXPECT_OVERLAP(oct, poly<T>({V<T>(3, 1.5), V<T>(5, 0), V<T>(5, 3)}), true);
  EXPECT_OVERLAP(oct, poly<T>({V<T>(3 + g, 1.5), V<T>(5, 0), V<T>(5, 3)}), false);
  // Against the octagon's slanted edge (2, 0)-(3, 1), line x - y = 2: a vertex at (2.5, 0.5).
  EXPECT_OVERLAP(oct, poly<T>({V<T>(2.5, 0.5), V<T>(4, -2), V<T>(5, 0)}), true);
  EXPECT_OVERLAP(oct, poly<T>({V<T>(2.5 + g, 0.5 - g), V<T>(4, -2), V<T>(5, 0)}), false);
}

// overlap.hpp: "overlaps(a, b) == overlaps(b, a) for every pair and every input". For two Obbs the
// two orders work in different frames, so the promise needs the answer not to depend on the order
// even where rounding decides it. A pair whose exact SAT margin (on B's y axis) is about -1.8e-15
// in double: the answer may be either, but it must be the same both ways.
TYPED_TEST(OverlapBoxPolygonTest, ObbObbSymmetricNearTouching) {
  using T = TypeParam;
  const Obb<T> a{V<T>(12.903032488126897, -14.564537665944144),
                 V<T>(0.12296704699515915, 0.12076143447761102),
                 Rot<T>{T(0.73105999644650943), T(-0.68231318439235045)}};
  const Obb<T> b{V<T>(-0.49737905186603992, -17.648685536657219),
                 V<T>(10.793702933504047, 9.7166171782047002),
                 Rot<T>{T(0.51828303767270179), T(0.85520915153005506)}};
  ASSERT_TRUE(is_valid(a));
  ASSERT_TRUE(is_valid(b));
  EXPECT_EQ(overlaps(a, b), overlaps(b, a));
  EXPECT_EQ(overlaps(Shape<T>{a}, Shape<T>{b}), overlaps(Shape<T>{b}, Shape<T>{a}));
}

}  // namespace
}  // namespace c2t
