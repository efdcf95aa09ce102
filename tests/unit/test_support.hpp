// Shared helpers for the hand-case unit tests: the scalar list every test runs on, short shape
// constructors taking exact literals, and the both-orders overlap check.
//
// Every number handed to these helpers is chosen to be exact in float as well as double (small
// integers, halves, 1/64), so a test's expectation is the exact answer on paper for both scalars.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include "collide2d/collide2d.hpp"

namespace collide2d {

// Readable failure messages for the library's aggregates (found by ADL from GoogleTest).
template <class T>
void PrintTo(const Vec2<T>& v, std::ostream* os) {
  *os << "(" << v.x << ", " << v.y << ")";
}
template <class T>
void PrintTo(const Rot<T>& q, std::ostream* os) {
  *os << "Rot{" << q.c << ", " << q.s << "}";
}

}  // namespace collide2d

namespace c2t {

using namespace collide2d;

using Scalars = ::testing::Types<float, double>;

// A gap that is exact in both scalars and far above their rounding at the coordinates used.
template <class T>
constexpr T gap = T(1) / T(64);

template <class T>
constexpr T inf = std::numeric_limits<T>::infinity();

template <class T>
constexpr T nan = std::numeric_limits<T>::quiet_NaN();

template <class T>
constexpr Rot<T> quarter_turn{T(0), T(1)};  // exact counter-clockwise quarter turn
template <class T>
constexpr Rot<T> half_turn{T(-1), T(0)};
template <class T>
constexpr Rot<T> three_quarter_turn{T(0), T(-1)};
template <class T>
constexpr Rot<T> no_turn{T(1), T(0)};

template <class T>
Vec2<T> V(double x, double y) {
  return {T(x), T(y)};
}
template <class T>
Point<T> pt(double x, double y) {
  return V<T>(x, y);
}
template <class T>
Segment<T> seg(double ax, double ay, double bx, double by) {
  return {V<T>(ax, ay), V<T>(bx, by)};
}
template <class T>
Circle<T> circle(double x, double y, double r) {
  return {V<T>(x, y), T(r)};
}
template <class T>
Capsule<T> capsule(double ax, double ay, double bx, double by, double r) {
  return {V<T>(ax, ay), V<T>(bx, by), T(r)};
}
// An Aabb from its min and max corners.
template <class T>
Aabb<T> aabb(double min_x, double min_y, double max_x, double max_y) {
  return {V<T>(min_x, min_y), V<T>(max_x, max_y)};
}
// An Obb from centre, half extents and rotation.
template <class T>
Obb<T> obb(double cx, double cy, double hx, double hy, Rot<T> q = Rot<T>::identity()) {
  return {V<T>(cx, cy), V<T>(hx, hy), q};
}
// A polygon through the builder; the vertices must be a valid counter-clockwise convex polygon.
template <class T>
ConvexPolygon<T> poly(std::initializer_list<Vec2<T>> vertices) {
  return make_polygon<T>(vertices).value();
}

// overlaps(a, b) and overlaps(b, a), directly and through the Shape<T> variant, all equal expected.
template <class T, class A, class B>
void expect_overlap_impl(const A& a, const B& b, bool expected) {
  EXPECT_EQ(overlaps(a, b), expected) << "overlaps(a, b)";
  EXPECT_EQ(overlaps(b, a), expected) << "overlaps(b, a)";
  const Shape<T> sa = a;
  const Shape<T> sb = b;
  EXPECT_EQ(overlaps(sa, sb), expected) << "overlaps(Shape a, Shape b)";
  EXPECT_EQ(overlaps(sb, sa), expected) << "overlaps(Shape b, Shape a)";
}

// |actual - expected| <= tolerance, compared in T (no float to double promotion).
template <class T>
void expect_close(T actual, T expected, T tolerance) {
  const T diff = actual > expected ? actual - expected : expected - actual;
  EXPECT_LE(diff, tolerance) << "actual " << actual << ", expected " << expected;
}

template <class T>
void expect_close(Vec2<T> actual, Vec2<T> expected, T tolerance) {
  expect_close(actual.x, expected.x, tolerance);
  expect_close(actual.y, expected.y, tolerance);
}

inline bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace c2t

// The overlap check with the calling line in the failure message.
#define EXPECT_OVERLAP(a, b, expected)                          \
  do {                                                          \
    SCOPED_TRACE(::testing::Message() << #a << "  vs  " << #b); \
    ::c2t::expect_overlap_impl<T>((a), (b), (expected));        \
  } while (false)

// A string that must contain a fragment, with both shown on failure.
#define EXPECT_CONTAINS(haystack, needle)            \
  EXPECT_TRUE(::c2t::contains((haystack), (needle))) \
      << "  \"" << (haystack) << "\"\n  does not contain \"" << (needle) << "\""
