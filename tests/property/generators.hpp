// Shape generators of the property tests.
//
// RandomShapes: shapes of a given size around a given centre, with random proportions, angles
// (Rot::from_angle) and polygons from make_convex_hull of random clouds.
// LatticeShapes: shapes whose every number is a small integer or half-integer, with quarter-turn
// rotations only, so that the library's arithmetic is exact (overlap.hpp) and touching is common.
#pragma once

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>
#include <vector>

#include "collide2d/collide2d.hpp"
#include "property_support.hpp"

namespace collide2d::property {

template <class T>
Vec2<T> vec(double x, double y) {
  return {static_cast<T>(x), static_cast<T>(y)};
}
template <class T>
Vec2<T> shifted(Vec2<T> c, double dx, double dy) {
  return vec<T>(static_cast<double>(c.x) + dx, static_cast<double>(c.y) + dy);
}

// Where a case happens: ordinary cases near the origin, far ones around 1e5 (float) or 1e9
// (double) with small shapes, where only the relative coordinates keep precision.
template <class T>
struct Site {
  Vec2<T> center;
  bool far;
};

template <class T>
constexpr double far_distance() {
  return std::is_same_v<T, float> ? 1e5 : 1e9;
}

// The hull of the points fill(cloud) draws, drawn again until it is a valid polygon.
template <class T, class Fill>
ConvexPolygon<T> hull_of_cloud(Fill&& fill) {
  std::vector<Vec2<T>> cloud;
  for (;;) {
    cloud.clear();
    fill(cloud);
    auto hull = make_convex_hull(cloud);
    if (hull) return hull.value();
  }
}

template <class T>
class RandomShapes {
 public:
  explicit RandomShapes(Random& random) : r_(random) {}

  Random& random() { return r_; }

  // 15% far cases. The size is the scale of a shape (its half width, roughly).
  Site<T> site() {
    if (r_.chance(0.15)) {
      const double f = far_distance<T>();
      const double sx = r_.chance(0.5) ? 1.0 : -1.0;
      const double sy = r_.chance(0.5) ? 1.0 : -1.0;
      return {vec<T>(sx * r_.uniform(0.5, 1.0) * f, sy * r_.uniform(0.5, 1.0) * f), true};
    }
    return {vec<T>(r_.uniform(-100, 100), r_.uniform(-100, 100)), false};
  }
  double size(const Site<T>& s) { return s.far ? r_.log_uniform(2, 64) : r_.log_uniform(0.25, 16); }

  // A random point at distance up to `radius` (uniform in the distance, random direction).
  Vec2<T> around(Vec2<T> c, double radius) {
    const double rho = radius * r_.unit();
    const double a = r_.angle();
    return shifted(c, rho * std::cos(a), rho * std::sin(a));
  }

  void make(Vec2<T> c, double, Point<T>& out) { out = c; }
  void make(Vec2<T> c, double s, Segment<T>& out) {
    const double half = s * r_.uniform(0.3, 1.0);
    const double a = r_.angle();
    out = {shifted(c, half * std::cos(a), half * std::sin(a)),
           shifted(c, -half * std::cos(a), -half * std::sin(a))};
  }
  void make(Vec2<T> c, double s, Circle<T>& out) {
    out = {c, static_cast<T>(s * r_.uniform(0.3, 1.0))};
  }
  void make(Vec2<T> c, double s, Capsule<T>& out) {
    const double half = s * r_.uniform(0.0, 0.8);
    const double a = r_.angle();
    out = {shifted(c, half * std::cos(a), half * std::sin(a)),
           shifted(c, -half * std::cos(a), -half * std::sin(a)),
           static_cast<T>(s * r_.uniform(0.2, 0.6))};
  }
  void make(Vec2<T> c, double s, Aabb<T>& out) {
    const double hx = s * r_.uniform(0.2, 1.0);
    const double hy = s * r_.uniform(0.2, 1.0);
    out = {shifted(c, -hx, -hy), shifted(c, hx, hy)};
  }
  void make(Vec2<T> c, double s, Obb<T>& out) {
    const double hx = s * r_.uniform(0.2, 1.0);
    const double hy = s * r_.uniform(0.2, 1.0);
    out = {c, vec<T>(hx, hy), Rot<T>::from_angle(static_cast<T>(r_.angle()))};
  }
  // The hull of 3 to 10 points in the disc of radius s; retried until it has 3 to 8 vertices.
  void make(Vec2<T> c, double s, ConvexPolygon<T>& out) {
    out = hull_of_cloud<T>([&](std::vector<Vec2<T>>& cloud) {
      const int n = r_.integer(3, 10);
      for (int i = 0; i < n; ++i) {
        const double rho = s * std::sqrt(r_.unit());
        const double a = r_.angle();
        cloud.push_back(shifted(c, rho * std::cos(a), rho * std::sin(a)));
      }
    });
  }

 private:
  Random& r_;
};

// The shape kinds in the order of the Shape variant.
template <template <class> class S>
constexpr int kind() {
  return static_cast<int>(Shape<double>(S<double>{}).index());
}

// How far apart the two shapes' centres are, relative to the sum of their sizes: uniform in
// [0, spread * (size_a + size_b)] (a point has size 0), tuned per pair so that about half of the
// random cases overlap. Rows and columns by kind(), either order.
template <template <class> class A, template <class> class B>
double spread() {
  // clang-format off
  static constexpr double table[shape_kind_count][shape_kind_count] = {
      {0.0, 1.0,  1.3, 1.15, 1.25, 1.25, 0.85},  // point
      {0.0, 0.35, 0.85, 0.85, 0.85, 0.85, 0.7},  // segment
      {0.0, 0.0,  1.3, 1.25, 1.3,  1.3,  1.1},   // circle
      {0.0, 0.0,  0.0, 1.2,  1.25, 1.25, 1.1},   // capsule
      {0.0, 0.0,  0.0, 0.0,  1.3,  1.3,  1.2},   // aabb
      {0.0, 0.0,  0.0, 0.0,  0.0,  1.3,  1.15},  // obb
      {0.0, 0.0,  0.0, 0.0,  0.0,  0.0,  1.0},   // polygon
  };
  // clang-format on
  return table[std::min(kind<A>(), kind<B>())][std::max(kind<A>(), kind<B>())];
}

// A point exactly on a line: p on the integer grid near `near`, from = p - k1 h v and
// to = p + k2 h v with small integers and h a power of two, all exactly representable (k1 = 0 puts
// p at `from`).
template <class T>
void point_on_line(Random& r, Vec2<T> near, Vec2<T>& p, Vec2<T>& from, Vec2<T>& to) {
  p = vec<T>(std::round(static_cast<double>(near.x)), std::round(static_cast<double>(near.y)));
  int vx = 0;
  int vy = 0;
  while (vx == 0 && vy == 0) {
    vx = r.integer(-8, 8);
    vy = r.integer(-8, 8);
  }
  const double h = std::ldexp(1.0, -r.integer(0, 3));
  const double k1 = r.integer(0, 4);
  const double k2 = r.integer(1, 4);
  from = shifted(p, -k1 * h * vx, -k1 * h * vy);
  to = shifted(p, k2 * h * vx, k2 * h * vy);
}

// A point exactly on a segment (point_on_line), the segment's ends in either order.
template <class T>
void point_on_segment(Random& r, Vec2<T> near, Point<T>& p, Segment<T>& s) {
  point_on_line(r, near, p, s.a, s.b);
  if (r.chance(0.5)) std::swap(s.a, s.b);
}

// The shape moved by (dx, dy), each coordinate rounded once. Returns false when the moved shape
// is not valid (a small polygon far from the origin may lose its strict convexity to rounding).
template <class T>
bool translated(const Point<T>& s, double dx, double dy, Point<T>& out) {
  out = shifted(s, dx, dy);
  return true;
}
template <class T>
bool translated(const Segment<T>& s, double dx, double dy, Segment<T>& out) {
  out = {shifted(s.a, dx, dy), shifted(s.b, dx, dy)};
  return true;
}
template <class T>
bool translated(const Circle<T>& s, double dx, double dy, Circle<T>& out) {
  out = {shifted(s.center, dx, dy), s.radius};
  return true;
}
template <class T>
bool translated(const Capsule<T>& s, double dx, double dy, Capsule<T>& out) {
  out = {shifted(s.a, dx, dy), shifted(s.b, dx, dy), s.radius};
  return true;
}
template <class T>
bool translated(const Aabb<T>& s, double dx, double dy, Aabb<T>& out) {
  out = {shifted(s.min, dx, dy), shifted(s.max, dx, dy)};
  return true;
}
template <class T>
bool translated(const Obb<T>& s, double dx, double dy, Obb<T>& out) {
  out = {shifted(s.center, dx, dy), s.half_extents, s.rotation};
  return true;
}
template <class T>
bool translated(const ConvexPolygon<T>& s, double dx, double dy, ConvexPolygon<T>& out) {
  Vec2<T> v[max_polygon_vertices];
  for (int i = 0; i < s.count; ++i)
    v[i] = shifted(s.vertices[i], dx, dy);
  auto moved = make_polygon(v, static_cast<std::size_t>(s.count));
  if (!moved) return false;
  out = moved.value();
  return true;
}

template <class S>
Vec2<double> center_of(const S& s) {
  const auto box = bounding_box(s);
  return {0.5 * (static_cast<double>(box.min.x) + static_cast<double>(box.max.x)),
          0.5 * (static_cast<double>(box.min.y) + static_cast<double>(box.max.y))};
}

// Bisects the offset t of b along the unit direction u between t_in, where b moved by t u passes
// `test`, and t_out, where it does not, keeping the moved shapes on either side of the flip in `in`
// and `out`. Returns false when a moved shape is not valid.
template <class S, class Test>
bool bisect_offset(const S& b, Vec2<double> u, double t_in, double t_out, S& in, S& out,
                   const Test& test) {
  S moved{};
  for (int i = 0; i < 80; ++i) {
    const double t = 0.5 * (t_in + t_out);
    if (t == t_in || t == t_out) break;
    if (!translated(b, t * u.x, t * u.y, moved)) return false;
    if (test(moved)) {
      t_in = t;
      in = moved;
    } else {
      t_out = t;
      out = moved;
    }
  }
  return true;
}

// Near-contact cases: moves b along a line through the centres to where the library's answer
// flips (bisection on the offset, with the library's own overlaps: the generator may use anything,
// the exact reference is the judge), then keeps the last overlapping or the first separated
// position at random. A library whose answers flip more than the band away from the true contact
// fails there. Returns false (b unchanged) when no flip is bracketed.
template <class A, class B>
bool move_to_contact(const A& a, B& b, Random& r) {
  const Vec2<double> ca = center_of(a);
  const Vec2<double> cb = center_of(b);
  const double dist = std::hypot(cb.x - ca.x, cb.y - ca.y);
  const auto box_a = bounding_box(a);
  const auto box_b = bounding_box(b);
  const double extent = static_cast<double>(box_a.max.x - box_a.min.x) +
                        static_cast<double>(box_a.max.y - box_a.min.y) +
                        static_cast<double>(box_b.max.x - box_b.min.x) +
                        static_cast<double>(box_b.max.y - box_b.min.y);
  if (!(dist > 0) || !(extent > 0)) return false;
  // Offsets t along u, away from a: overlap at t_in, separation at t_out.
  const Vec2<double> u{(cb.x - ca.x) / dist, (cb.y - ca.y) / dist};
  double t_in = -dist;    // centres together
  double t_out = extent;  // centres more than the extents apart
  B in{};
  B out{};
  if (!translated(b, t_in * u.x, t_in * u.y, in) || !overlaps(a, in)) return false;
  if (!translated(b, t_out * u.x, t_out * u.y, out) || overlaps(a, out)) return false;
  const auto overlapping = [&](const B& moved) { return overlaps(a, moved); };
  if (!bisect_offset(b, u, t_in, t_out, in, out, overlapping)) return false;
  b = r.chance(0.5) ? in : out;
  return true;
}

// Lattice shapes: centre and sizes on the half-integer grid, |coordinates| <= 8 or so.
template <class T>
class LatticeShapes {
 public:
  explicit LatticeShapes(Random& random) : r_(random) {}

  Random& random() { return r_; }

  Vec2<T> point(int lo, int hi) { return step(Vec2<T>{}, lo, hi); }
  // c moved by unit * (i, j), i and j integers in [lo, hi], drawn in that order (as separate
  // statements: the order of two draws in one argument list is unspecified, and g++ and clang
  // differ, so that the same seed would give the two compilers different cases).
  Vec2<T> step(Vec2<T> c, int lo, int hi, double unit = 1) {
    const int i = r_.integer(lo, hi);
    const int j = r_.integer(lo, hi);
    return shifted(c, unit * i, unit * j);
  }
  T half(int lo, int hi) { return static_cast<T>(0.5 * r_.integer(lo, hi)); }

  void make(Vec2<T> c, Point<T>& out) { out = c; }
  void make(Vec2<T> c, Segment<T>& out) { out = {step(c, -3, 3), step(c, -3, 3)}; }
  void make(Vec2<T> c, Circle<T>& out) { out = {c, half(0, 6)}; }
  void make(Vec2<T> c, Capsule<T>& out) { out = {step(c, -2, 2), step(c, -2, 2), half(0, 4)}; }
  void make(Vec2<T> c, Aabb<T>& out) { out = {step(c, 0, 6, -0.5), step(c, 0, 6, 0.5)}; }
  void make(Vec2<T> c, Obb<T>& out) {
    static constexpr int quarter_turns[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    const auto& q = quarter_turns[r_.integer(0, 3)];
    out = {
        step(c, 0, 1, 0.5), {half(0, 6), half(0, 6)}, {static_cast<T>(q[0]), static_cast<T>(q[1])}};
  }
  void make(Vec2<T> c, ConvexPolygon<T>& out) {
    out = hull_of_cloud<T>([&](std::vector<Vec2<T>>& cloud) {
      const int n = r_.integer(3, 6);
      for (int i = 0; i < n; ++i)
        cloud.push_back(step(c, -3, 3));
    });
  }

 private:
  Random& r_;
};

}  // namespace collide2d::property
