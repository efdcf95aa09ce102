// A fixed, seeded workload of every narrow-phase query over random shapes of every kind, and the
// digest of its answers: the bits of every number and flag each query returns, hashed per case.
// Determinism means equal digests: across runs (separate processes), across threads computing
// at the same time, and across the ways the cases are split between threads.
#pragma once

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "collide2d/collide2d.hpp"

namespace collide2d::concurrency {

// FNV-1a, 64-bit, over the bytes of each value in turn.
class Digest {
 public:
  template <class T>
  void add(const T& value) {
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    for (unsigned char byte : bytes)
      hash_ = (hash_ ^ byte) * 0x100000001b3ull;
  }
  template <class T>
  void add(Vec2<T> v) {
    add(v.x);
    add(v.y);
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 0xcbf29ce484222325ull;
};

template <class T>
struct Case {
  Shape<T> a;
  Shape<T> b;
  Ray<T> ray;
};

// Shapes of every kind, built through the builders (valid), near each other so that about half
// of the pairs overlap.
template <class T>
class ShapeMaker {
 public:
  explicit ShapeMaker(std::uint64_t seed) : engine_(seed) {}

  Shape<T> make(int kind, Vec2<T> c) {
    const double s = real(0.5, 4);
    const T size = static_cast<T>(s);
    switch (kind) {
      case 0:
        return c;
      case 1:
        return make_segment(c, c + Vec2<T>{uniform(-s, s), uniform(-s, s)}).value();
      case 2:
        return make_circle(c, size).value();
      case 3:
        return make_capsule(c, c + Vec2<T>{uniform(-s, s), uniform(-s, s)}, size / 2).value();
      case 4:
        return make_aabb(c, c + Vec2<T>{size, uniform(0.5, 4)}).value();
      case 5:
        return make_obb(c, size, uniform(0.5, 4), uniform(-3.14, 3.14)).value();
      case 7:
        return make_rounded_box(c, size, uniform(0.5, 4), uniform(-3.14, 3.14), size / 4).value();
      default: {
        std::vector<Vec2<T>> cloud;
        for (int i = 0; i < 6; ++i)
          cloud.push_back(c + Vec2<T>{uniform(-s, s), uniform(-s, s)});
        auto hull = make_convex_hull(cloud);
        return hull ? Shape<T>(hull.value()) : Shape<T>(make_circle(c, size).value());
      }
    }
  }

  Vec2<T> point(double range) { return {uniform(-range, range), uniform(-range, range)}; }
  int kind() { return static_cast<int>(engine_() % unsigned(shape_kind_count)); }

 private:
  // From the raw engine output: std::uniform_real_distribution is implementation-defined.
  double real(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(engine_() >> 11) * 0x1.0p-53;
  }
  T uniform(double lo, double hi) { return static_cast<T>(real(lo, hi)); }
  std::mt19937_64 engine_;
};

template <class T>
std::vector<Case<T>> make_workload(std::size_t count, std::uint64_t seed) {
  ShapeMaker<T> maker(seed);
  std::vector<Case<T>> cases;
  cases.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const Vec2<T> c = maker.point(50);
    const Shape<T> a = maker.make(maker.kind(), c);
    const Shape<T> b = maker.make(maker.kind(), c + maker.point(4));
    const Ray<T> ray = make_ray(c + maker.point(10), maker.point(1), T(20)).value();
    cases.push_back({a, b, ray});
  }
  return cases;
}

template <class T>
void add_area(Digest& digest, const Shape<T>& a, const Shape<T>& b) {
  std::visit(
      [&](const auto& x, const auto& y) {
        using X = std::decay_t<decltype(x)>;
        using Y = std::decay_t<decltype(y)>;
        if constexpr (is_area_query_shape_v<X> && is_area_query_shape_v<Y>) {
          digest.add(intersection_area(x, y));
          digest.add(iou(x, y));
        }
      },
      a, b);
}

// The digest of one case: every query's whole answer.
template <class T>
std::uint64_t case_digest(const Case<T>& c) {
  Digest digest;
  digest.add(overlaps(c.a, c.b));
  const DistanceResult<T> d = distance(c.a, c.b);
  digest.add(d.distance);
  digest.add(d.point_a);
  digest.add(d.point_b);
  if (const auto p = penetration(c.a, c.b)) {
    digest.add(p->normal);
    digest.add(p->depth);
  }
  const Manifold<T> m = collide(c.a, c.b);
  digest.add(m.point_count);
  digest.add(m.normal);
  for (int i = 0; i < m.point_count; ++i) {
    digest.add(m.points[i].point);
    digest.add(m.points[i].depth);
  }
  digest.add(contains(c.a, c.b));
  digest.add(contains_strictly(c.a, c.b));
  add_area(digest, c.a, c.b);
  if (const auto hit = raycast(c.ray, c.a)) {
    digest.add(hit->t_enter);
    digest.add(hit->t_exit);
    digest.add(hit->point_enter);
    digest.add(hit->point_exit);
    digest.add(hit->normal);
    digest.add(hit->started_inside);
    digest.add(hit->ended_inside);
  }
  const Vec2<T> motion = c.ray.direction * T(10);
  std::visit(
      [&](const auto& x, const auto& y) {
        if (const auto cast = shape_cast(x, motion, y, Vec2<T>{})) {
          digest.add(cast->t);
          digest.add(cast->normal);
          digest.add(cast->point);
          digest.add(cast->iterations);
        }
      },
      c.a, c.b);
  return digest.value();
}

template <class T>
void case_digests(const std::vector<Case<T>>& cases, std::size_t begin, std::size_t end,
                  std::uint64_t* out) {
  for (std::size_t i = begin; i < end; ++i)
    out[i] = case_digest(cases[i]);
}

template <class T>
std::uint64_t combined(const std::vector<std::uint64_t>& digests) {
  Digest digest;
  for (std::uint64_t d : digests)
    digest.add(d);
  return digest.value();
}

}  // namespace collide2d::concurrency
