// collide2d/math.hpp - vectors, rotations and rigid transforms.
//
// Frame convention: y points up and positive angles turn counter-clockwise, so rotating (1, 0) by
// pi/2 gives (0, 1). Angles are radians. A rotation is stored as its unit (cos, sin) pair; build
// one from that pair directly when it is known exactly (Rot<T>{0, 1} is an exact quarter turn,
// while Rot<T>::from_angle(pi / 2) carries the rounding of cos(pi / 2) ~ 6e-17).
//
// Everything here is a plain aggregate, trivially copyable, templated on the scalar (float or
// double), and usable in constant expressions where the standard library allows it.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

namespace collide2d {

template <class T>
inline constexpr T pi = T(3.141592653589793238462643383279502884L);

// Converts degrees to radians; the degrees form is what canvas and editor APIs usually hand over.
template <class T>
constexpr T degrees_to_radians(T degrees) {
  return degrees * (pi<T> / T(180));
}

template <class T>
struct Vec2 {
  static_assert(std::is_floating_point_v<T>, "collide2d works on float or double");
  T x;
  T y;

  constexpr Vec2& operator+=(Vec2 v) {
    x += v.x;
    y += v.y;
    return *this;
  }
  constexpr Vec2& operator-=(Vec2 v) {
    x -= v.x;
    y -= v.y;
    return *this;
  }
  constexpr Vec2& operator*=(T s) {
    x *= s;
    y *= s;
    return *this;
  }
  friend constexpr bool operator==(Vec2, Vec2) = default;
};

// A point is a position vector; the alias says which one a signature means.
template <class T>
using Point = Vec2<T>;

template <class T>
constexpr Vec2<T> operator+(Vec2<T> a, Vec2<T> b) {
  return {a.x + b.x, a.y + b.y};
}
template <class T>
constexpr Vec2<T> operator-(Vec2<T> a, Vec2<T> b) {
  return {a.x - b.x, a.y - b.y};
}
template <class T>
constexpr Vec2<T> operator-(Vec2<T> a) {
  return {-a.x, -a.y};
}
template <class T>
constexpr Vec2<T> operator*(T s, Vec2<T> v) {
  return {s * v.x, s * v.y};
}
template <class T>
constexpr Vec2<T> operator*(Vec2<T> v, T s) {
  return {s * v.x, s * v.y};
}

template <class T>
constexpr T dot(Vec2<T> a, Vec2<T> b) {
  return a.x * b.x + a.y * b.y;
}

// z component of the 3D cross product: positive when b lies counter-clockwise of a.
template <class T>
constexpr T cross(Vec2<T> a, Vec2<T> b) {
  return a.x * b.y - a.y * b.x;
}

// a rotated a quarter turn counter-clockwise: the left normal of a direction.
template <class T>
constexpr Vec2<T> perp(Vec2<T> a) {
  return {-a.y, a.x};
}

template <class T>
constexpr T length_squared(Vec2<T> a) {
  return dot(a, a);
}

// sqrt(x^2 + y^2), with std::hypot (several times slower) only where the sum of squares would
// overflow or lose precision to underflow, so it is right over the whole range and fast in it.
template <class T>
T length(Vec2<T> a) {
  const T squares = a.x * a.x + a.y * a.y;
  if (squares >= std::numeric_limits<T>::min() && squares <= std::numeric_limits<T>::max()) {
    return std::sqrt(squares);
  }
  return std::hypot(a.x, a.y);
}

template <class T>
constexpr T distance_squared(Vec2<T> a, Vec2<T> b) {
  return length_squared(b - a);
}

// Unit vector along a. The zero vector (and any vector whose length is not a positive finite
// number) maps to the zero vector, so callers get a defined answer they can test for. Very small or
// very large vectors are first scaled by a power of two (exact): a subnormal length is rounded to a
// coarse grid, and dividing by it would leave the result off unit length by up to 1e-3.
template <class T>
Vec2<T> normalize(Vec2<T> a) {
  if (!std::isfinite(a.x) || !std::isfinite(a.y)) return {T(0), T(0)};
  const T largest = std::max(std::abs(a.x), std::abs(a.y));
  if (!(largest > T(0))) return {T(0), T(0)};
  if (largest < T(0x1p-60) || largest > T(0x1p60)) {
    int exponent = 0;
    std::frexp(largest, &exponent);
    a = {std::ldexp(a.x, -exponent), std::ldexp(a.y, -exponent)};
  }
  const T len = length(a);
  return {a.x / len, a.y / len};
}

template <class T>
constexpr Vec2<T> component_min(Vec2<T> a, Vec2<T> b) {
  return {a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y};
}
template <class T>
constexpr Vec2<T> component_max(Vec2<T> a, Vec2<T> b) {
  return {a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y};
}

template <class T>
bool is_finite(Vec2<T> a) {
  return std::isfinite(a.x) && std::isfinite(a.y);
}

// Linear interpolation a + t (b - a).
template <class T>
constexpr Vec2<T> lerp(Vec2<T> a, Vec2<T> b, T t) {
  return {a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
}

// A rotation as its unit (cos, sin) pair. The identity is {1, 0}.
template <class T>
struct Rot {
  T c;
  T s;

  static constexpr Rot identity() { return {T(1), T(0)}; }
  static Rot from_angle(T radians) { return {std::cos(radians), std::sin(radians)}; }
  static Rot from_degrees(T degrees) { return from_angle(degrees_to_radians(degrees)); }

  // Angle in (-pi, pi]. Adding +0 turns a sine of -0 into +0, so that (-1, -0) gives pi, not -pi.
  T angle() const { return std::atan2(s + T(0), c); }
  // The rotated x axis (the first column of the matrix) and the rotated y axis.
  constexpr Vec2<T> x_axis() const { return {c, s}; }
  constexpr Vec2<T> y_axis() const { return {-s, c}; }

  friend constexpr bool operator==(Rot, Rot) = default;
};

// Rotates v counter-clockwise by q.
template <class T>
constexpr Vec2<T> rotate(Rot<T> q, Vec2<T> v) {
  return {q.c * v.x - q.s * v.y, q.s * v.x + q.c * v.y};
}

// Rotates v clockwise by q: the inverse of rotate, exact for a unit (c, s).
template <class T>
constexpr Vec2<T> inverse_rotate(Rot<T> q, Vec2<T> v) {
  return {q.c * v.x + q.s * v.y, -q.s * v.x + q.c * v.y};
}

// Composition: rotate by b, then by a.
template <class T>
constexpr Rot<T> multiply(Rot<T> a, Rot<T> b) {
  return {a.c * b.c - a.s * b.s, a.s * b.c + a.c * b.s};
}

// A rigid transform: rotate by q, then translate by p. Maps a shape's local frame to the world.
template <class T>
struct Transform {
  Vec2<T> p;
  Rot<T> q;

  static constexpr Transform identity() { return {{T(0), T(0)}, Rot<T>::identity()}; }
  friend constexpr bool operator==(Transform, Transform) = default;
};

template <class T>
constexpr Vec2<T> transform_point(const Transform<T>& xf, Vec2<T> v) {
  return rotate(xf.q, v) + xf.p;
}

template <class T>
constexpr Vec2<T> inverse_transform_point(const Transform<T>& xf, Vec2<T> v) {
  return inverse_rotate(xf.q, v - xf.p);
}

// Composition: apply b, then a.
template <class T>
constexpr Transform<T> multiply(const Transform<T>& a, const Transform<T>& b) {
  return {rotate(a.q, b.p) + a.p, multiply(a.q, b.q)};
}

}  // namespace collide2d
