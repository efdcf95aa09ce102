// Shared pieces of the property tests: case counts, the tolerance band, a seeded random source,
// full-precision descriptions of shapes and the per-pair statistics line.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <type_traits>

#include "collide2d/collide2d.hpp"
#include "exact_reference.hpp"

namespace collide2d::property {

namespace ref = collide2d::reference;  // the exact reference, in every property test

// A positive case count from the environment variable `name`, or `fallback` when it is unset or
// empty; anything else there is a mistake worth stopping for.
inline std::size_t count_from_environment(const char* name, std::size_t fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 10);
  if (end == text || *end != '\0' || value == 0) {
    std::fprintf(stderr, "%s=%s is not a positive integer\n", name, text);
    std::abort();
  }
  return static_cast<std::size_t>(value);
}

// Random cases per pair and scalar type: 100000 unless COLLIDE2D_PROPERTY_CASES says otherwise
// (a quick local run: COLLIDE2D_PROPERTY_CASES=2000).
inline std::size_t case_count() {
  static const std::size_t count = count_from_environment("COLLIDE2D_PROPERTY_CASES", 100000);
  return count;
}

// Lattice (exact) cases: a fifth of the random count, 20000 by default.
inline std::size_t lattice_case_count() {
  return std::max<std::size_t>(1, case_count() / 5);
}

template <class T>
const char* scalar_name() {
  return std::is_same_v<T, float> ? "float" : "double";
}

// The band. A float computation of a predicate whose inputs are at most `scale` in magnitude makes
// errors of a few ulps of `scale`; answers may differ from the exact ones only when the shapes
// are that close to touching. The tests allow
//
//   tol = 64 * epsilon(T) * scale,   scale = max(1, max |coordinate| involved, sizes included)
//
// where "coordinates involved" are every coordinate of both shapes, each widened by the shape's
// size (a box's |centre| + hx + hy, a circle's |centre| + radius), so that corners count too.
// Cases with |signed separation| > tol are clear-cut and must agree with the exact reference.
template <class T>
double tolerance(double scale) {
  const double eps = static_cast<double>(std::numeric_limits<T>::epsilon());
  return 64.0 * eps * std::max(1.0, scale);  // exact: 64 eps is a power of two
}

template <class T>
double coordinate_scale(Vec2<T> p, T widen = T(0)) {
  return std::max(std::abs(static_cast<double>(p.x)), std::abs(static_cast<double>(p.y))) +
         static_cast<double>(widen);
}
template <class T>
double scale_of(const Point<T>& p) {
  return coordinate_scale(p);
}
template <class T>
double scale_of(const Segment<T>& s) {
  return std::max(coordinate_scale(s.a), coordinate_scale(s.b));
}
template <class T>
double scale_of(const Circle<T>& c) {
  return coordinate_scale(c.center, c.radius);
}
template <class T>
double scale_of(const Capsule<T>& c) {
  return std::max(coordinate_scale(c.a, c.radius), coordinate_scale(c.b, c.radius));
}
template <class T>
double scale_of(const Aabb<T>& b) {
  return std::max(coordinate_scale(b.min), coordinate_scale(b.max));
}
template <class T>
double scale_of(const Obb<T>& b) {
  return coordinate_scale(b.center, b.half_extents.x + b.half_extents.y);
}
template <class T>
double scale_of(const ConvexPolygon<T>& p) {
  double s = 0;
  for (int i = 0; i < p.count; ++i)
    s = std::max(s, coordinate_scale(p.vertices[i]));
  return s;
}

// ---- Descriptions with every digit (%.17g), to paste a failing case into a unit test ----

template <class T>
std::string num(T v) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", static_cast<double>(v));
  return buffer;
}
template <class T>
std::string describe(Vec2<T> p) {
  return "{" + num(p.x) + ", " + num(p.y) + "}";
}
template <class T>
std::string describe(const Segment<T>& s) {
  return "Segment{" + describe(s.a) + ", " + describe(s.b) + "}";
}
template <class T>
std::string describe(const Circle<T>& c) {
  return "Circle{" + describe(c.center) + ", " + num(c.radius) + "}";
}
template <class T>
std::string describe(const Capsule<T>& c) {
  return "Capsule{" + describe(c.a) + ", " + describe(c.b) + ", " + num(c.radius) + "}";
}
template <class T>
std::string describe(const Aabb<T>& b) {
  return "Aabb{" + describe(b.min) + ", " + describe(b.max) + "}";
}
template <class T>
std::string describe(const Obb<T>& b) {
  return "Obb{" + describe(b.center) + ", " + describe(b.half_extents) + ", {" + num(b.rotation.c) +
         ", " + num(b.rotation.s) + "}}";
}
template <class T>
std::string describe(const ConvexPolygon<T>& p) {
  std::string out = "polygon{";
  for (int i = 0; i < p.count; ++i)
    out += (i ? ", " : "") + describe(p.vertices[i]);
  return out + "}";
}
template <class T>
std::string describe(const Ray<T>& r) {
  return "Ray{" + describe(r.origin) + ", " + describe(r.direction) + ", " + num(r.max_t) + "}";
}

template <class A, class B>
std::string describe_pair(const A& a, const B& b) {
  return "a = " + describe(a) + "\n  b = " + describe(b);
}

// ---- Seeded randomness, identical on every platform (no std distributions) ----

// FNV-1a of a test's name: each test gets its own fixed seed.
inline std::uint64_t seed_of(const std::string& name) {
  std::uint64_t h = 1469598103934665603ull;
  for (const char ch : name) {
    h ^= static_cast<unsigned char>(ch);
    h *= 1099511628211ull;
  }
  return h;
}

class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}

  // Uniform in [0, 1).
  double unit() { return static_cast<double>(engine_() >> 11) * 0x1p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
  // Uniform in [lo, hi], integers.
  int integer(int lo, int hi) {
    return lo + static_cast<int>(engine_() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  bool chance(double p) { return unit() < p; }
  // log-uniform in [lo, hi].
  double log_uniform(double lo, double hi) { return lo * std::pow(hi / lo, unit()); }
  double angle() { return uniform(-pi<double>, pi<double>); }

 private:
  std::mt19937_64 engine_;
};

// ---- Counting and reporting ----

// Counts of one query on one pair (or shape) and scalar type. `hits` counts the exact yes answers
// (overlap, containment, contact); disagreements are clear-cut cases where the library's yes/no
// differs from the exact one; failures are every other broken property (symmetry, the Shape
// variant, ray and contact invariants).
struct QueryStats {
  std::size_t cases = 0;
  std::size_t hits = 0;
  std::size_t in_band = 0;
  std::size_t in_band_disagreements = 0;
  std::size_t disagreements = 0;
  std::size_t failures = 0;

  double hit_rate() const { return cases ? double(hits) / double(cases) : 0.0; }

  // The line of the contact, containment and area queries.
  void print(const char* query, const std::string& pair, const char* scalar,
             const std::string& extra = "") const {
    std::printf(
        "[property] %-12s %-27s %-6s cases %6zu  in-band %5zu  in-band disagreements %4zu"
        "  disagreements %zu  failures %zu  hit rate %5.1f%%%s%s\n",
        query, pair.c_str(), scalar, cases, in_band, in_band_disagreements, disagreements, failures,
        100.0 * hit_rate(), extra.empty() ? "" : "  ", extra.c_str());
    std::fflush(stdout);
  }
  // The line of the overlap and raycast tests (their failures are not shown in it).
  void print_overlap(const std::string& what, const std::string& pair, const char* scalar) const {
    std::printf(
        "[property] %-11s %-26s %-6s cases %7zu  clear-cut disagreements %zu  in-band %6zu"
        "  in-band disagreements %5zu  hit rate %5.1f%%\n",
        what.c_str(), pair.c_str(), scalar, cases, disagreements, in_band, in_band_disagreements,
        100.0 * hit_rate());
    std::fflush(stdout);
  }
};

// Reports at most a few failures per test in full, then only counts them.
class FailureLog {
 public:
  template <class F>
  void report(F&& message) {
    if (++count_ <= kShown) ADD_FAILURE() << message();
  }
  std::size_t count() const { return count_; }

 private:
  static constexpr std::size_t kShown = 8;
  std::size_t count_ = 0;
};

inline void expect_hit_rate(const QueryStats& stats, const std::string& name) {
  EXPECT_GE(stats.hit_rate(), 0.30) << name << ": too few yes cases";
  EXPECT_LE(stats.hit_rate(), 0.70) << name << ": too few no cases";
}

}  // namespace collide2d::property

// TEST(Suite, A_B_float) and TEST(Suite, A_B_double) calling run<float or double, A, B>("A-B").
#define COLLIDE2D_PROPERTY_TESTS(Suite, run, A, B) \
  TEST(Suite, A##_##B##_float) {                   \
    run<float, A, B>(#A "-" #B);                   \
  }                                                \
  TEST(Suite, A##_##B##_double) {                  \
    run<double, A, B>(#A "-" #B);                  \
  }
