// RoundedPolygon in the property tests' vocabulary: generators, the exact model, scales,
// descriptions and translation, so that the shared checks (check_distance, check_mtv, ...) take it.
//
// The overloads the shared templates call unqualified (scale_of, describe, translated) are in
// namespace collide2d, the RoundedPolygon's own, where argument-dependent lookup finds them
// whatever the order of the includes; exact_into is exact_reference.hpp's.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "collide2d/collide2d.hpp"
#include "contact_support.hpp"
#include "exact_reference.hpp"
#include "generators.hpp"
#include "property_support.hpp"

namespace collide2d {

template <class T>
double scale_of(const RoundedPolygon<T>& s) {
  double scale = 0;
  for (int i = 0; i < s.core.count; ++i)
    scale = std::max(scale, property::coordinate_scale(s.core.vertices[i], s.radius));
  return scale;
}

template <class T>
std::string describe(const RoundedPolygon<T>& s) {
  return "RoundedPolygon{" + property::describe(s.core) + ", " + property::num(s.radius) + "}";
}

template <class T>
bool translated(const RoundedPolygon<T>& s, double dx, double dy, RoundedPolygon<T>& out) {
  out.radius = s.radius;
  return property::translated(s.core, dx, dy, out.core);
}

}  // namespace collide2d

namespace collide2d::property {

// Cases per query, pair and scalar type: a tenth of the contact tests' count (1000 in ctest's
// release build), so that the eight pairs of every query stay within a few seconds together.
inline std::size_t rounded_case_count() {
  return std::max<std::size_t>(1, contact_case_count() / 10);
}

// A core of 0.4 to 0.9 of the size and a radius of the rest; 1 in 10 with radius 0.
template <class T>
void make_rounded(RandomShapes<T>& gen, Vec2<T> c, double s, RoundedPolygon<T>& out) {
  Random& r = gen.random();
  const double k = r.uniform(0.4, 0.9);
  gen.make(c, s * k, out.core);
  out.radius = r.chance(0.1) ? T(0) : static_cast<T>(s * (1 - k) * r.uniform(0.3, 1.0));
}

// A lattice core (integer vertices) and a half-integer radius in [0, 2].
template <class T>
void make_rounded(LatticeShapes<T>& gen, Vec2<T> c, RoundedPolygon<T>& out) {
  gen.make(c, out.core);
  out.radius = gen.half(0, 4);
}

// A polygon's own vertices, or a rounded polygon's core.
template <class T>
const ConvexPolygon<T>& polygon_of(const ConvexPolygon<T>& p) {
  return p;
}
template <class T>
const ConvexPolygon<T>& polygon_of(const RoundedPolygon<T>& p) {
  return p.core;
}

// A small lattice one, to fit inside other lattice shapes: the hull of integer points within 1 of
// c and a radius of 0 to 1.
template <class T>
void make_small_rounded(LatticeShapes<T>& gen, Vec2<T> c, RoundedPolygon<T>& out) {
  out.core = hull_of_cloud<T>([&](std::vector<Vec2<T>>& cloud) {
    for (int i = 0; i < 4; ++i)
      cloud.push_back(gen.step(c, -1, 1));
  });
  out.radius = gen.half(0, 2);
}

// Any shape of the generators, or a rounded polygon.
template <class T, class S>
void make_any(RandomShapes<T>& gen, Vec2<T> c, double s, S& out) {
  if constexpr (std::is_same_v<S, RoundedPolygon<T>>) {
    make_rounded(gen, c, s, out);
  } else {
    gen.make(c, s, out);
  }
}
template <class T, class S>
void make_any(LatticeShapes<T>& gen, Vec2<T> c, S& out) {
  if constexpr (std::is_same_v<S, RoundedPolygon<T>>) {
    make_rounded(gen, c, out);
  } else {
    gen.make(c, out);
  }
}

// One random pair: a rounded polygon and B around a site, centres within 1.1 sizes; with
// `near`, B moved to where overlaps() flips (generators.hpp), as the contact tests do.
template <class T, class B>
void rounded_case(RandomShapes<T>& gen, RoundedPolygon<T>& a, B& b, bool near) {
  const Site<T> site = gen.site();
  const double sa = gen.size(site);
  const double sb = std::is_same_v<B, Point<T>> ? 0.0 : gen.size(site);
  make_rounded(gen, site.center, sa, a);
  make_any(gen, gen.around(site.center, 1.1 * (sa + sb)), sb, b);
  if (near) move_to_contact(a, b, gen.random());
}

}  // namespace collide2d::property

// The tests of one pair with a rounded polygon first: Suite.B_float and Suite.B_double.
#define COLLIDE2D_ROUNDED_TESTS(Suite, run, B) \
  TEST(Suite, B##_float) {                     \
    run<float, B>(#B);                         \
  }                                            \
  TEST(Suite, B##_double) {                    \
    run<double, B>(#B);                        \
  }

// Every shape, and the rounded polygon itself.
#define COLLIDE2D_ROUNDED_PARTNERS(X) \
  X(Point)                            \
  X(Segment)                          \
  X(Circle)                           \
  X(Capsule)                          \
  X(Aabb)                             \
  X(Obb)                              \
  X(ConvexPolygon)                    \
  X(RoundedPolygon)
