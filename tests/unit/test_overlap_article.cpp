// The worked example of the rotated-box (separating axis) articles:
//   A = make_obb({355, 430}, 350, 150, 0)            half extents (175, 75), axis-aligned
//   B = make_obb({575, 295}, 350, 150, 220 degrees)  half extents (175, 75)
// They overlap, and the tightest of the four axes is B's local y axis (-sin 220, cos 220)
// ~ (0.6428, -0.7660), with margin
//   175 |0.6428| + 75 |-0.7660| + 75 - |(-220, 135) . (0.6428, -0.7660)|
//   = 112.49 + 57.45 + 75 - 244.83 ~ 0.1119
// (the other axes have margins ~137, ~110 and ~276). Shrinking B's height by 2 * 0.10 leaves a
// margin of ~0.012 (still overlapping); by 2 * 0.12 the margin is ~ -0.008 (separated). Shrinking
// B's width instead does not touch that axis, so even 2 * 0.12 (or 2 * 10) keeps them overlapping.
#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class ArticleExampleTest : public ::testing::Test {};
TYPED_TEST_SUITE(ArticleExampleTest, Scalars);

template <class T>
Obb<T> box_a() {
  return make_obb(V<T>(355, 430), T(350), T(150), T(0)).value();
}
template <class T>
Obb<T> box_b(T width = T(350), T height = T(150)) {
  return make_obb(V<T>(575, 295), width, height, degrees_to_radians(T(220))).value();
}

TYPED_TEST(ArticleExampleTest, BoxesOverlap) {
  using T = TypeParam;
  EXPECT_OVERLAP(box_a<T>(), box_b<T>(), true);
  // A is axis-aligned, so it is also the Aabb [180, 530] x [355, 505].
  EXPECT_OVERLAP(aabb<T>(180, 355, 530, 505), box_b<T>(), true);
  EXPECT_OVERLAP(make_polygon(box_a<T>()).value(), make_polygon(box_b<T>()).value(), true);
  EXPECT_OVERLAP(box_a<T>(), make_polygon(box_b<T>()).value(), true);
  EXPECT_OVERLAP(aabb<T>(180, 355, 530, 505), make_polygon(box_b<T>()).value(), true);
}

TYPED_TEST(ArticleExampleTest, MarginOnBsShortAxis) {
  using T = TypeParam;
  const Obb<T> a = box_a<T>();
  const Obb<T> b = box_b<T>();
  const Vec2<T> axis = b.rotation.y_axis();  // B's local y: its short side's normal
  const Vec2<T> d = a.center - b.center;
  const T radius_a = a.half_extents.x * std::abs(axis.x) + a.half_extents.y * std::abs(axis.y);
  const T margin = radius_a + b.half_extents.y - std::abs(dot(d, axis));
  expect_close(margin, T(0.111891), std::is_same_v<T, float> ? T(2e-4) : T(1e-6));
}

TYPED_TEST(ArticleExampleTest, ShrinkingBsHeightAcrossTheMargin) {
  using T = TypeParam;
  const Obb<T> a = box_a<T>();
  // Height 150 - 0.20: margin ~ +0.012, still overlapping.
  const Obb<T> b_still = box_b<T>(T(350), T(150) - T(0.2));
  // Height 150 - 0.24: margin ~ -0.008, separated along B's local y axis.
  const Obb<T> b_apart = box_b<T>(T(350), T(150) - T(0.24));
  EXPECT_OVERLAP(a, b_still, true);
  EXPECT_OVERLAP(a, b_apart, false);
  EXPECT_OVERLAP(aabb<T>(180, 355, 530, 505), b_still, true);
  EXPECT_OVERLAP(aabb<T>(180, 355, 530, 505), b_apart, false);
  // The same answers as polygons.
  const ConvexPolygon<T> pa = make_polygon(a).value();
  EXPECT_OVERLAP(pa, make_polygon(b_still).value(), true);
  EXPECT_OVERLAP(pa, make_polygon(b_apart).value(), false);
  EXPECT_OVERLAP(a, make_polygon(b_still).value(), true);
  EXPECT_OVERLAP(a, make_polygon(b_apart).value(), false);
  EXPECT_OVERLAP(aabb<T>(180, 355, 530, 505), make_polygon(b_still).value(), true);
  EXPECT_OVERLAP(aabb<T>(180, 355, 530, 505), make_polygon(b_apart).value(), false);
}

TYPED_TEST(ArticleExampleTest, ShrinkingBsWidthDoesNotSeparate) {
  using T = TypeParam;
  const Obb<T> a = box_a<T>();
  EXPECT_OVERLAP(a, box_b<T>(T(350) - T(0.24), T(150)), true);
  EXPECT_OVERLAP(a, box_b<T>(T(350) - T(20), T(150)), true);
  EXPECT_OVERLAP(make_polygon(a).value(), make_polygon(box_b<T>(T(350) - T(20), T(150))).value(),
                 true);
}

}  // namespace
}  // namespace c2t
