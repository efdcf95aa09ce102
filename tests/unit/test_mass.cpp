// mass_properties by hand: values checkable on paper for every shape kind, the invariances the
// formulas promise (rotation, translation, scaling by a power of two), the Shape variant bit for
// bit, and the refused densities. Tolerances are a few ulps of the value where a division by 3,
// 12 or pi rounds; exact values are compared with EXPECT_EQ.
#include <cmath>
#include <limits>
#include <string>

#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class MassTest : public ::testing::Test {};
TYPED_TEST_SUITE(MassTest, Scalars);

// A few ulps of |expected|.
template <class T>
void expect_ulps(T actual, T expected, int ulps = 4) {
  expect_close(actual, expected, T(ulps) * std::numeric_limits<T>::epsilon() * std::abs(expected));
}

template <class T, class S>
void expect_variant_same(const S& shape, T density) {
  const MassProperties<T> direct = mass_properties(shape, density);
  const MassProperties<T> via = mass_properties(Shape<T>{shape}, density);
  EXPECT_EQ(direct.mass, via.mass);
  EXPECT_EQ(direct.centroid, via.centroid);
  EXPECT_EQ(direct.inertia, via.inertia);
}

// The unit square, density 3: mass 3, centroid (1/2, 1/2), inertia 3 (1 + 1) / 12 = 1/2.
TYPED_TEST(MassTest, UnitSquare) {
  using T = TypeParam;
  const ConvexPolygon<T> square = poly<T>({V<T>(0, 0), V<T>(1, 0), V<T>(1, 1), V<T>(0, 1)});
  const MassProperties<T> p = mass_properties(square, T(3));
  EXPECT_EQ(p.mass, T(3));
  EXPECT_EQ(p.centroid, V<T>(0.5, 0.5));
  expect_ulps(p.inertia, T(0.5));
  const MassProperties<T> b = mass_properties(aabb<T>(0, 0, 1, 1), T(3));
  EXPECT_EQ(b.mass, T(3));
  EXPECT_EQ(b.centroid, V<T>(0.5, 0.5));
  EXPECT_EQ(b.inertia, T(0.5));
  const MassProperties<T> o = mass_properties(obb<T>(0.5, 0.5, 0.5, 0.5), T(3));
  EXPECT_EQ(o.mass, T(3));
  EXPECT_EQ(o.centroid, V<T>(0.5, 0.5));
  EXPECT_EQ(o.inertia, T(0.5));
  // Density 1: the brief's unit square, inertia 1/6.
  expect_ulps(mass_properties(square, T(1)).inertia, T(1) / T(6));
  EXPECT_EQ(mass_properties(square, T(1)).mass, T(1));
}

// A right triangle with legs 3: area 9/2, centroid (1, 1), inertia about the centroid
// m (3^2 + 3^2) / 18 = 9/2 (each axis: b h^3 / 36).
TYPED_TEST(MassTest, RightTriangle) {
  using T = TypeParam;
  const ConvexPolygon<T> t = poly<T>({V<T>(0, 0), V<T>(3, 0), V<T>(0, 3)});
  const MassProperties<T> p = mass_properties(t, T(1));
  expect_ulps(p.mass, T(4.5));
  expect_close(p.centroid, V<T>(1, 1), T(4) * std::numeric_limits<T>::epsilon());
  expect_ulps(p.inertia, T(4.5));
  // Density 2 doubles mass and inertia, and moves nothing.
  const MassProperties<T> q = mass_properties(t, T(2));
  EXPECT_EQ(q.mass, T(2) * p.mass);
  EXPECT_EQ(q.centroid, p.centroid);
  EXPECT_EQ(q.inertia, T(2) * p.inertia);
}

// Circle r = 2, density 1: mass 4 pi, inertia m r^2 / 2 = 8 pi.
TYPED_TEST(MassTest, Circle) {
  using T = TypeParam;
  const MassProperties<T> p = mass_properties(circle<T>(3, -1, 2), T(1));
  expect_ulps(p.mass, T(4) * pi<T>);
  EXPECT_EQ(p.centroid, V<T>(3, -1));
  expect_ulps(p.inertia, T(8) * pi<T>);
  const MassProperties<T> zero = mass_properties(circle<T>(3, -1, 0), T(1));
  EXPECT_EQ(zero.mass, T(0));
  EXPECT_EQ(zero.inertia, T(0));
}

// Capsule (0, 0)-(2, 0), r = 1, density 1: a 2 x 2 rectangle (mass 4, inertia 4 (4 + 4) / 12 =
// 8/3) and a unit disc split at x = 0 and x = 2 (mass pi; inertia about (1, 0), by integrating
// each half disc directly: pi r^4 / 2 + 8 h r^3 / 3 + pi r^2 h^2 = 3 pi / 2 + 8/3 with h = 1).
TYPED_TEST(MassTest, Capsule) {
  using T = TypeParam;
  const MassProperties<T> p = mass_properties(capsule<T>(0, 0, 2, 0, 1), T(1));
  expect_ulps(p.mass, T(4) + pi<T>);
  EXPECT_EQ(p.centroid, V<T>(1, 0));
  expect_ulps(p.inertia, T(16) / T(3) + T(1.5) * pi<T>);
  // Turned a quarter: the same numbers.
  const MassProperties<T> q = mass_properties(capsule<T>(1, -1, 1, 1, 1), T(1));
  EXPECT_EQ(q.mass, p.mass);
  EXPECT_EQ(q.inertia, p.inertia);
  EXPECT_EQ(q.centroid, V<T>(1, 0));
  // a == b: a circle.
  const MassProperties<T> c = mass_properties(capsule<T>(1, 1, 1, 1, 2), T(1));
  const MassProperties<T> d = mass_properties(circle<T>(1, 1, 2), T(1));
  EXPECT_EQ(c.mass, d.mass);
  EXPECT_EQ(c.centroid, d.centroid);
  expect_ulps(c.inertia, d.inertia);
}

// A box keeps its mass and inertia whatever its rotation (bit for bit: the rotation is not used),
// and agrees with the same box given as a polygon of its corners.
TYPED_TEST(MassTest, RotatedBox) {
  using T = TypeParam;
  const MassProperties<T> flat = mass_properties(obb<T>(2, 3, 1.5, 0.5), T(2));
  EXPECT_EQ(flat.mass, T(6));
  expect_ulps(flat.inertia, T(6) * (T(9) + T(1)) / T(12));
  const MassProperties<T> aabb_p = mass_properties(aabb<T>(0.5, 2.5, 3.5, 3.5), T(2));
  EXPECT_EQ(aabb_p.mass, flat.mass);
  EXPECT_EQ(aabb_p.inertia, flat.inertia);
  for (double angle : {0.1, 0.7853981633974483, 1.0, 2.5, -3.0}) {
    const Obb<T> box = obb<T>(2, 3, 1.5, 0.5, Rot<T>::from_angle(T(angle)));
    const MassProperties<T> turned = mass_properties(box, T(2));
    EXPECT_EQ(turned.mass, flat.mass);
    EXPECT_EQ(turned.centroid, flat.centroid);
    EXPECT_EQ(turned.inertia, flat.inertia);
    Vec2<T> c[4];
    corners(box, c);
    const MassProperties<T> as_polygon = mass_properties(poly<T>({c[0], c[1], c[2], c[3]}), T(2));
    const T eps = std::numeric_limits<T>::epsilon();
    expect_close(as_polygon.mass, flat.mass, T(64) * eps * flat.mass);
    expect_close(as_polygon.centroid, flat.centroid, T(64) * eps * T(4));
    expect_close(as_polygon.inertia, flat.inertia, T(64) * eps * flat.inertia);
  }
}

// Moving a polygon moves its centroid and changes nothing else (up to the rounding of the
// reference point); doubling it multiplies everything by powers of two, exactly.
TYPED_TEST(MassTest, TranslationAndScale) {
  using T = TypeParam;
  const ConvexPolygon<T> p = poly<T>({V<T>(0, 0), V<T>(4, 1), V<T>(5, 3), V<T>(2, 5), V<T>(-1, 2)});
  const MassProperties<T> here = mass_properties(p, T(1));
  const Vec2<T> offset = V<T>(1000, -2000);
  const MassProperties<T> there = mass_properties(translated(p, offset), T(1));
  const T eps = std::numeric_limits<T>::epsilon();
  expect_close(there.mass, here.mass, T(64) * eps * here.mass);
  expect_close(there.centroid, here.centroid + offset, T(64) * eps * T(2000));
  expect_close(there.inertia, here.inertia, T(256) * eps * here.inertia);
  ConvexPolygon<T> doubled = p;
  for (int i = 0; i < p.count; ++i)
    doubled.vertices[i] = T(2) * p.vertices[i];
  const MassProperties<T> big = mass_properties(doubled, T(1));
  EXPECT_EQ(big.mass, T(4) * here.mass);
  EXPECT_EQ(big.centroid, T(2) * here.centroid);
  EXPECT_EQ(big.inertia, T(16) * here.inertia);
  // Circles, capsules and boxes: translation changes nothing but the centroid, bit for bit
  // (integer offsets are exact here).
  const Capsule<T> cap = capsule<T>(0, 0, 3, 4, 0.5);
  EXPECT_EQ(mass_properties(translated(cap, offset), T(1)).inertia,
            mass_properties(cap, T(1)).inertia);
  const Obb<T> box = obb<T>(1, 1, 2, 3, Rot<T>::from_angle(T(0.3)));
  EXPECT_EQ(mass_properties(translated(box, offset), T(1)).inertia,
            mass_properties(box, T(1)).inertia);
}

// No area, no mass: a point or a segment has mass 0 and inertia 0 at its geometric centroid.
TYPED_TEST(MassTest, ShapesWithoutArea) {
  using T = TypeParam;
  const MassProperties<T> p = mass_properties(pt<T>(2, -3), T(5));
  EXPECT_EQ(p.mass, T(0));
  EXPECT_EQ(p.centroid, V<T>(2, -3));
  EXPECT_EQ(p.inertia, T(0));
  const MassProperties<T> s = mass_properties(seg<T>(1, 1, 4, 5), T(5));
  EXPECT_EQ(s.mass, T(0));
  EXPECT_EQ(s.centroid, V<T>(2.5, 3));
  EXPECT_EQ(s.inertia, T(0));
  // Density 0: no mass, but the centroid is still the shape's.
  const MassProperties<T> z = mass_properties(circle<T>(1, 2, 3), T(0));
  EXPECT_EQ(z.mass, T(0));
  EXPECT_EQ(z.centroid, V<T>(1, 2));
  EXPECT_EQ(z.inertia, T(0));
}

// A valid sliver whose twice-area is subnormal (found by fuzz_queries in float: a triangle about
// 1e-43 wide at x = 7.6e-38): a finite centroid, which lies in the triangle, and no NaN anywhere
// (a reciprocal of the area overflowed, and infinity times a zero moment gave NaN).
TYPED_TEST(MassTest, SubnormalAreaSliverHasAFiniteCentroid) {
  using T = TypeParam;
  const T x = std::numeric_limits<T>::min() * T(2);  // a normal number, nearly the least
  const T w = std::numeric_limits<T>::denorm_min() * T(64);
  const ConvexPolygon<T> sliver =
      poly<T>({Vec2<T>{x, T(-8)}, Vec2<T>{x + w, T(0)}, Vec2<T>{x, T(7.25)}});
  ASSERT_TRUE(is_valid(sliver));
  for (const T density : {T(0), std::numeric_limits<T>::min(), T(1), T(1000)}) {
    const MassProperties<T> m = mass_properties(sliver, density);
    EXPECT_TRUE(std::isfinite(m.mass) && std::isfinite(m.inertia)) << density;
    EXPECT_TRUE(std::isfinite(m.centroid.x) && std::isfinite(m.centroid.y)) << density;
    EXPECT_GE(m.centroid.x, x);
    EXPECT_LE(m.centroid.x, x + w);
    EXPECT_GE(m.centroid.y, T(-8));
    EXPECT_LE(m.centroid.y, T(7.25));
  }
}

TYPED_TEST(MassTest, VariantEqualsConcreteBitForBit) {
  using T = TypeParam;
  const T density = T(0.7);
  expect_variant_same(pt<T>(1, 2), density);
  expect_variant_same(seg<T>(1, 2, 3, 5), density);
  expect_variant_same(circle<T>(0.3, 2, 1.7), density);
  expect_variant_same(capsule<T>(0.3, 2, -1, 4, 0.6), density);
  expect_variant_same(aabb<T>(-1, 2, 3.5, 7), density);
  expect_variant_same(obb<T>(-1, 2, 3.5, 7, Rot<T>::from_angle(T(0.4))), density);
  expect_variant_same(poly<T>({V<T>(0.1, 0), V<T>(4, 1.3), V<T>(2, 5)}), density);
  // The density's type does not choose the scalar: a double literal with a float shape, either
  // way, gives the same bits as the density in T.
  const Capsule<T> cap = capsule<T>(0.3, 2, -1, 4, 0.6);
  const MassProperties<T> direct = mass_properties(cap, T(0.5));
  const MassProperties<T> literal = mass_properties(cap, 0.5);
  const MassProperties<T> via = mass_properties(Shape<T>{cap}, 0.5);
  EXPECT_EQ(literal.mass, direct.mass);
  EXPECT_EQ(literal.inertia, direct.inertia);
  EXPECT_EQ(via.mass, direct.mass);
  EXPECT_EQ(via.centroid, direct.centroid);
  EXPECT_EQ(via.inertia, direct.inertia);
}

TYPED_TEST(MassTest, RefusesBadDensity) {
  using T = TypeParam;
  const Circle<T> c = circle<T>(0, 0, 1);
  const auto message = [&](T density) -> std::string {
    try {
      mass_properties(c, density);
    } catch (const InvalidQuery& e) {
      return e.what();
    }
    return "(no exception)";
  };
  EXPECT_TRUE(contains(message(T(-1)), "density is -1")) << message(T(-1));
  EXPECT_TRUE(contains(message(T(-0.5)), "density is -0.5")) << message(T(-0.5));
  EXPECT_TRUE(contains(message(nan<T>), "density is nan")) << message(nan<T>);
  EXPECT_TRUE(contains(message(inf<T>), "density is inf")) << message(inf<T>);
  EXPECT_TRUE(contains(message(-inf<T>), "density is -inf")) << message(-inf<T>);
  // Every kind checks it, the variant too, and std::invalid_argument catches it.
  EXPECT_THROW(mass_properties(pt<T>(0, 0), T(-1)), InvalidQuery);
  EXPECT_THROW(mass_properties(seg<T>(0, 0, 1, 1), T(-1)), InvalidQuery);
  EXPECT_THROW(mass_properties(aabb<T>(0, 0, 1, 1), nan<T>), std::invalid_argument);
  EXPECT_THROW(mass_properties(Shape<T>{c}, inf<T>), InvalidQuery);
  EXPECT_NO_THROW(mass_properties(c, T(0)));
  EXPECT_NO_THROW(mass_properties(c, -T(0)));
}

}  // namespace
}  // namespace c2t
