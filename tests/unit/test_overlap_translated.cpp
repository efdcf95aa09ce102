// The exactly-touching and just-apart hand cases of every one of the 36 pairs again, moved far from
// the origin. overlap.hpp promises exact answers on integer coordinates of moderate size
// (|coordinate| < 2^10 in float, 2^24 in double) with exact rotations, because every test works on
// differences taken against one shape. The shapes below span at most 12 units and carry the 1/64
// gap, so after moving them by up to K = 2^9 (float) or 2^22 (double) every coordinate stays exact
// and inside that band: each answer must be the same as at the origin.
#include <variant>
#include <vector>

#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class OverlapTranslatedTest : public ::testing::Test {};
TYPED_TEST_SUITE(OverlapTranslatedTest, Scalars);

template <class T>
Point<T> moved(const Point<T>& p, Vec2<T> o) {
  return p + o;
}
template <class T>
Segment<T> moved(const Segment<T>& s, Vec2<T> o) {
  return {s.a + o, s.b + o};
}
template <class T>
Circle<T> moved(const Circle<T>& c, Vec2<T> o) {
  return {c.center + o, c.radius};
}
template <class T>
Capsule<T> moved(const Capsule<T>& c, Vec2<T> o) {
  return {c.a + o, c.b + o, c.radius};
}
template <class T>
Aabb<T> moved(const Aabb<T>& b, Vec2<T> o) {
  return {b.min + o, b.max + o};
}
template <class T>
Obb<T> moved(const Obb<T>& b, Vec2<T> o) {
  return {b.center + o, b.half_extents, b.rotation};
}
template <class T>
ConvexPolygon<T> moved(const ConvexPolygon<T>& p, Vec2<T> o) {
  ConvexPolygon<T> r = p;
  for (int i = 0; i < p.count; ++i)
    r.vertices[i] = p.vertices[i] + o;
  return r;
}
template <class T>
RoundedPolygon<T> moved(const RoundedPolygon<T>& p, Vec2<T> o) {
  return {moved(p.core, o), p.radius};
}
template <class T>
Shape<T> moved(const Shape<T>& s, Vec2<T> o) {
  return std::visit([o](const auto& x) { return Shape<T>{moved(x, o)}; }, s);
}

template <class T>
struct Case {
  const char* what;
  Shape<T> a;
  Shape<T> b;
  bool expected;
};

template <class T>
std::vector<Case<T>> cases() {
  const double g = gap<double>;
  const Rot<T> q = quarter_turn<T>;
  const auto tri = [](double dx, double dy) {
    return poly<T>({V<T>(dx, dy), V<T>(4 + dx, dy), V<T>(dx, 4 + dy)});
  };
  const ConvexPolygon<T> sq = poly<T>({V<T>(0, 0), V<T>(4, 0), V<T>(4, 4), V<T>(0, 4)});
  // The square [0, 2]^2 swept by a disc of radius 5: faces at -5 and 7, corner arcs about the
  // core's corners (touching them at (3, 4) and (6, 8) from a corner: distances 5 and 10).
  const auto rounded = [](double dx, double dy) {
    return RoundedPolygon<T>{
        poly<T>({V<T>(dx, dy), V<T>(2 + dx, dy), V<T>(2 + dx, 2 + dy), V<T>(dx, 2 + dy)}), T(5)};
  };
  const RoundedPolygon<T> rr = rounded(0, 0);
  return {
      {"rounded point", rr, pt<T>(5, 6), true},
      {"rounded point gap", rr, pt<T>(5 + g, 6 + g), false},
      {"rounded segment", rr, seg<T>(7, 0, 9, -1), true},
      {"rounded segment gap", rr, seg<T>(7 + g, 0, 9 + g, -1), false},
      {"rounded circle", rr, circle<T>(8, 10, 5), true},
      {"rounded circle gap", rr, circle<T>(8 + g, 10 + g, 5), false},
      {"rounded capsule", rr, capsule<T>(1, 9, 1, 12, 2), true},
      {"rounded capsule gap", rr, capsule<T>(1, 9 + g, 1, 12 + g, 2), false},
      {"rounded aabb", rr, aabb<T>(7, 1, 9, 3), true},
      {"rounded aabb gap", rr, aabb<T>(7 + g, 1, 9 + g, 3), false},
      {"rounded obb", rr, obb<T>(9, 1, 2, 1, half_turn<T>), true},
      {"rounded obb gap", rr, obb<T>(9 + g, 1, 2, 1, half_turn<T>), false},
      {"rounded polygon", rr, poly<T>({V<T>(0, -8), V<T>(3, -8), V<T>(1, -5)}), true},
      {"rounded polygon gap", rr, poly<T>({V<T>(0, -8 - g), V<T>(3, -8 - g), V<T>(1, -5 - g)}),
       false},
      {"rounded rounded", rr, rounded(8, 10), true},
      {"rounded rounded gap", rr, rounded(8 + g, 10 + g), false},
      {"point point", pt<T>(1, 2), pt<T>(1, 2), true},
      {"point point gap", pt<T>(1, 2), pt<T>(1 + g, 2), false},
      {"point segment", pt<T>(2, 1), seg<T>(0, 0, 4, 2), true},
      {"point segment gap", pt<T>(2, 1 + g), seg<T>(0, 0, 4, 2), false},
      {"point circle", pt<T>(3, 4), circle<T>(0, 0, 5), true},
      {"point circle gap", pt<T>(3, 4 + g), circle<T>(0, 0, 5), false},
      {"point capsule", pt<T>(13, 4), capsule<T>(0, 0, 10, 0, 5), true},
      {"point capsule gap", pt<T>(13, 4 + g), capsule<T>(0, 0, 10, 0, 5), false},
      {"point aabb", pt<T>(4, 2), aabb<T>(0, 0, 4, 2), true},
      {"point aabb gap", pt<T>(4 + g, 2), aabb<T>(0, 0, 4, 2), false},
      {"point obb", pt<T>(1, 2), obb<T>(0, 0, 2, 1, q), true},
      {"point obb gap", pt<T>(1, 2 + g), obb<T>(0, 0, 2, 1, q), false},
      {"point polygon", pt<T>(2, 2), tri(0, 0), true},
      {"point polygon gap", pt<T>(2 + g, 2), tri(0, 0), false},
      {"segment segment", seg<T>(0, 0, 4, 0), seg<T>(2, 0, 2, 3), true},
      {"segment segment gap", seg<T>(0, 0, 4, 0), seg<T>(2, g, 2, 3), false},
      {"segment circle", seg<T>(-1, 7, 7, 1), circle<T>(0, 0, 5), true},
      {"segment circle gap", seg<T>(-10, 5 + g, 10, 5 + g), circle<T>(0, 0, 5), false},
      {"segment capsule", seg<T>(5, -3, 5, 3), capsule<T>(0, 0, 4, 0, 1), true},
      {"segment capsule gap", seg<T>(5 + g, -3, 5 + g, 3), capsule<T>(0, 0, 4, 0, 1), false},
      {"segment aabb", seg<T>(3, 3, 5, 1), aabb<T>(0, 0, 4, 2), true},
      {"segment aabb gap", seg<T>(3, 3 + g, 5, 1 + g), aabb<T>(0, 0, 4, 2), false},
      {"segment obb", seg<T>(0, 3, 2, 1), obb<T>(0, 0, 2, 1, q), true},
      {"segment obb gap", seg<T>(0, 3 + g, 2, 1 + g), obb<T>(0, 0, 2, 1, q), false},
      {"segment polygon", seg<T>(3, -1, 5, 1), tri(0, 0), true},
      {"segment polygon gap", seg<T>(3, -1 - g, 5, 1 - g), tri(0, 0), false},
      {"circle circle", circle<T>(0, 0, 2), circle<T>(3, 4, 3), true},
      {"circle circle gap", circle<T>(0, 0, 2), circle<T>(3, 4 + g, 3), false},
      {"circle capsule", circle<T>(-3, 4, 4), capsule<T>(0, 0, 4, 0, 1), true},
      {"circle capsule gap", circle<T>(-3, 4 + g, 4), capsule<T>(0, 0, 4, 0, 1), false},
      {"circle aabb", circle<T>(7, 6, 5), aabb<T>(0, 0, 4, 2), true},
      {"circle aabb gap", circle<T>(7 + g, 6, 5), aabb<T>(0, 0, 4, 2), false},
      {"circle obb", circle<T>(4, 6, 5), obb<T>(0, 0, 2, 1, q), true},
      {"circle obb gap", circle<T>(4, 6 + g, 5), obb<T>(0, 0, 2, 1, q), false},
      {"circle polygon", circle<T>(7, -4, 5), tri(0, 0), true},
      {"circle polygon gap", circle<T>(7 + g, -4, 5), tri(0, 0), false},
      {"capsule capsule", capsule<T>(0, 0, 4, 0, 2), capsule<T>(7, 4, 7, 10, 3), true},
      {"capsule capsule gap", capsule<T>(0, 0, 4, 0, 2), capsule<T>(7, 4 + g, 7, 10, 3), false},
      {"capsule aabb", capsule<T>(7, 6, 10, 10, 5), aabb<T>(0, 0, 4, 2), true},
      {"capsule aabb gap", capsule<T>(7 + g, 6, 10, 10, 5), aabb<T>(0, 0, 4, 2), false},
      {"capsule obb", capsule<T>(4, 6, 8, 9, 5), obb<T>(0, 0, 2, 1, q), true},
      {"capsule obb gap", capsule<T>(4, 6 + g, 8, 9 + g, 5), obb<T>(0, 0, 2, 1, q), false},
      {"capsule polygon", capsule<T>(-2, -2, 6, -2, 2), tri(0, 0), true},
      {"capsule polygon gap", capsule<T>(-2, -2 - g, 6, -2 - g, 2), tri(0, 0), false},
      {"aabb aabb", aabb<T>(0, 0, 4, 2), aabb<T>(4, 2, 6, 4), true},
      {"aabb aabb gap", aabb<T>(0, 0, 4, 2), aabb<T>(4 + g, 2, 6, 4), false},
      {"aabb obb", aabb<T>(0, 0, 4, 2), obb<T>(5, 4, 2, 1, q), true},
      {"aabb obb gap", aabb<T>(0, 0, 4, 2), obb<T>(5 + g, 4, 2, 1, q), false},
      {"aabb polygon", aabb<T>(0, 0, 4, 2), poly<T>({V<T>(6, 0), V<T>(6, 6), V<T>(0, 6)}), true},
      {"aabb polygon gap", aabb<T>(0, 0, 4, 2),
       poly<T>({V<T>(6 + g, g), V<T>(6 + g, 6 + g), V<T>(g, 6 + g)}), false},
      {"obb obb", obb<T>(0, 0, 2, 1, q), obb<T>(2, 3, 2, 1, half_turn<T>), true},
      {"obb obb gap", obb<T>(0, 0, 2, 1, q), obb<T>(2, 3 + g, 2, 1, half_turn<T>), false},
      {"obb polygon", obb<T>(0, 0, 2, 1, q), poly<T>({V<T>(3, 0), V<T>(3, 3), V<T>(0, 3)}), true},
      {"obb polygon gap", obb<T>(0, 0, 2, 1, q),
       poly<T>({V<T>(3 + g, g), V<T>(3 + g, 3 + g), V<T>(g, 3 + g)}), false},
      {"polygon polygon", sq, poly<T>({V<T>(2, 4), V<T>(4, 6), V<T>(0, 6)}), true},
      {"polygon polygon gap", sq, poly<T>({V<T>(2, 4 + g), V<T>(4, 6), V<T>(0, 6)}), false},
  };
}

TYPED_TEST(OverlapTranslatedTest, EveryPairTouchingAndJustApartFarFromTheOrigin) {
  using T = TypeParam;
  const double k = std::is_same_v<T, float> ? 512.0 : 4194304.0;  // 2^9 or 2^22
  const std::vector<Vec2<T>> offsets{V<T>(0, 0),  V<T>(k, k),   V<T>(-k, k),
                                     V<T>(k, -k), V<T>(-k, -k), V<T>(k - 3, 7 - k)};
  const std::vector<Case<T>> all = cases<T>();
  constexpr int pairs = shape_kind_count * (shape_kind_count + 1) / 2;
  ASSERT_EQ(all.size(), std::size_t(2 * pairs));  // every pair, touching and just apart
  for (const Vec2<T>& o : offsets) {
    for (const Case<T>& c : all) {
      SCOPED_TRACE(::testing::Message() << c.what << " moved by (" << o.x << ", " << o.y << ")");
      const Shape<T> a = moved(c.a, o);
      const Shape<T> b = moved(c.b, o);
      ASSERT_TRUE(is_valid(a)) << validation_error(a);
      ASSERT_TRUE(is_valid(b)) << validation_error(b);
      EXPECT_EQ(overlaps(a, b), c.expected);
      EXPECT_EQ(overlaps(b, a), c.expected);
    }
  }
}

}  // namespace
}  // namespace c2t
