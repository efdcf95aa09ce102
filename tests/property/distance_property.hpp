// Property tests of distance(a, b) (distance.hpp) for all 28 shape pairs, both argument orders,
// float and double.
//
// Cases: contact_case (contact_support.hpp): random, near-contact (placed by bisection where
// overlaps() flips: GJK's hardest inputs, where it once cycled), deep and coincident cases, 15% far
// from the origin. Band: tol = 64 eps(T) S, S = max(scale_of(a), scale_of(b))
// (property_support.hpp). For both orders (first, second), with d the reported distance and D the
// exact distance max(0, sqrt(exact core_distance_squared) - r_first - r_second):
//
//   zero       d == 0 iff the shapes overlap exactly, on clear-cut cases;
//   accuracy   |d - D| <= tol, decided exactly: (d + tol + r)^2 >= core distance^2 and, when
//              d > tol, (d - tol + r)^2 < core distance^2 (r the radius sum). That is a tolerance
//              of 64 ulps relative to the coordinates' magnitude S, which the header promises
//              ("accurate to a few ulps of the shapes' coordinates");
//   points     |point_b - point_a| == d within tol (exactly); point_a within tol of the first shape
//              and point_b within tol of the second (exact within_distance);
//   overlap    d == 0 gives point_a == point_b, within tol of both shapes (the line above);
//   sampling   for circle and capsule pairs that are apart by more than tol: the least distance
//              between points sampled on the two boundaries (33 x 33 pairs over a window of the
//              two arc-length parameters, narrowed 7 times; see sample_boundaries) is >= d - tol
//              (it is the distance of two points of the shapes) and <= d + tol + (hp + hq) / 2,
//              hp and hq the last sample spacings (a rigorous bound: the boundary distance is
//              1-Lipschitz in arc length);
//   variant    distance(Shape, Shape) gives the typed answer, bit for bit.
// Where distance(b, a) mirrors distance(a, b) exactly (the same distance, the points swapped) its
// exact questions are those of (a, b) and are not asked twice.
// The line printed per pair gives the largest |d - D| seen, in units of eps(T) S.
//
// The tests are instantiated in distance_thin_test.cpp and distance_solid_test.cpp
// (shape_pairs.hpp), so that the two halves compile in parallel.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "contact_support.hpp"
#include "property_runner.hpp"

namespace collide2d::property {

template <class T>
std::string describe_result(const DistanceResult<T>& r) {
  return "distance " + num(r.distance) + " point_a " + describe(r.point_a) + " point_b " +
         describe(r.point_b);
}

template <class T>
bool same(const DistanceResult<T>& x, const DistanceResult<T>& y) {
  return x.distance == y.distance && x.point_a == y.point_a && x.point_b == y.point_b;
}

// Everything but the zero check, for one order. Returns an empty string when it holds; `error` is
// set to |d - D| in units of eps(T) S.
template <class T>
std::string check_distance(const ref::ExactShape& exact_first, const ref::ExactShape& exact_second,
                           const DistanceResult<T>& r, double scale, double& error,
                           bool exact = true) {
  const double d = static_cast<double>(r.distance);
  if (!(d >= 0) || !std::isfinite(d)) return "distance negative or not finite";
  if (d == 0 && !(r.point_a == r.point_b)) return "distance 0 but point_a != point_b";
  if (!exact) return "";
  const double tol = tolerance<T>(scale);
  thread_local mpq_class core2, radii, bound, lhs, qd, qtol;
  core2 = ref::core_distance_squared(exact_first, exact_second);
  radii = exact_first.radius + exact_second.radius;
  ref::set_q(qd, d);
  ref::set_q(qtol, tol);
  const double exact_d = std::max(0.0, std::sqrt(core2.get_d()) - radii.get_d());
  error = std::abs(d - exact_d) /
          (static_cast<double>(std::numeric_limits<T>::epsilon()) * std::max(1.0, scale));
  bound = qd + qtol + radii;
  if (!(bound * bound >= core2)) return "distance more than tol below the exact one";
  if (d > tol) {
    bound = qd - qtol + radii;
    if (!(bound * bound < core2)) return "distance more than tol above the exact one";
  }
  // |point_b - point_a| against d, exactly.
  thread_local mpq_class dx, dy;
  ref::set_q(dx, r.point_b.x);
  ref::set_q(lhs, r.point_a.x);
  dx -= lhs;
  ref::set_q(dy, r.point_b.y);
  ref::set_q(lhs, r.point_a.y);
  dy -= lhs;
  lhs = dx * dx + dy * dy;
  bound = qd + qtol;
  if (!(lhs <= bound * bound)) return "|point_b - point_a| more than tol above the distance";
  if (d > tol) {
    bound = qd - qtol;
    if (!(lhs >= bound * bound)) return "|point_b - point_a| more than tol below the distance";
  }
  thread_local ref::ExactShape point;
  ref::exact_into(point, r.point_a);
  if (!ref::within_distance(point, exact_first, qtol)) return "point_a not within tol of its shape";
  ref::exact_into(point, r.point_b);
  if (!ref::within_distance(point, exact_second, qtol))
    return "point_b not within tol of its shape";
  return "";
}

// ---- Dense sampling of circle and capsule boundaries ----

// Points of the boundaries in double: their rounding (a few ulps of the coordinates) is far below
// the band.
struct DPoint {
  double x;
  double y;
};

// The boundary of a circle or capsule as a closed curve parametrised by arc length.
struct Boundary {
  DPoint a;
  DPoint b;  // == a for a circle
  double r;
  double side;  // |b - a|
  DPoint u;     // unit direction a -> b ((1, 0) when a == b)

  double perimeter() const { return 2 * side + 2 * pi<double> * r; }

  // Starting at a + r n (n = u turned clockwise), along the straight side to b, around b's cap,
  // back along the other side, around a's cap.
  DPoint at(double s) const {
    const double p = perimeter();
    s = std::fmod(s, p);
    if (s < 0) s += p;
    const DPoint n{u.y, -u.x};
    const double half = pi<double> * r;
    if (s < side) return {a.x + s * u.x + r * n.x, a.y + s * u.y + r * n.y};
    s -= side;
    if (s < half) return cap(b, n, s / r);
    s -= half;
    if (s < side) return {b.x - s * u.x - r * n.x, b.y - s * u.y - r * n.y};
    s -= side;
    return cap(a, {-n.x, -n.y}, s / r);
  }

 private:
  // The point of the cap around c, at angle phi counter-clockwise from the direction `from`.
  DPoint cap(DPoint c, DPoint from, double phi) const {
    const double cs = std::cos(phi);
    const double sn = std::sin(phi);
    return {c.x + r * (cs * from.x - sn * from.y), c.y + r * (sn * from.x + cs * from.y)};
  }
};

template <class T>
Boundary boundary_of(const Circle<T>& c) {
  const DPoint p{static_cast<double>(c.center.x), static_cast<double>(c.center.y)};
  return {p, p, static_cast<double>(c.radius), 0, {1, 0}};
}
template <class T>
Boundary boundary_of(const Capsule<T>& c) {
  const DPoint a{static_cast<double>(c.a.x), static_cast<double>(c.a.y)};
  const DPoint b{static_cast<double>(c.b.x), static_cast<double>(c.b.y)};
  const double side = std::hypot(b.x - a.x, b.y - a.y);
  const DPoint u = side > 0 ? DPoint{(b.x - a.x) / side, (b.y - a.y) / side} : DPoint{1, 0};
  return {a, b, static_cast<double>(c.radius), side, u};
}

// The least distance between sampled boundary points, and how far above the true least distance
// it may be.
struct Sampled {
  double distance;
  double bound;
};

// Samples n x n pairs over a window of the two arc-length parameters, then narrows the window and
// samples again. A pair of samples nearest the true closest pair (s*, t*) is within (hp / 2, hq /
// 2) of it, and the boundary distance is 1-Lipschitz in each parameter, so that sample pair is
// within (hp + hq) / 2 of the least distance: it belongs to the pairs within `slack` = (hp + hq) /
// 2 of the best sample. The next window covers all of those pairs, widened by one spacing each way,
// so it still holds (s*, t*) and the bound (hp + hq) / 2 of every level is rigorous.
inline Sampled sample_boundaries(const Boundary& p, const Boundary& q) {
  constexpr int n = 33;
  constexpr int levels = 8;
  double wp = 0.5 * p.perimeter();  // window half-widths and centres
  double wq = 0.5 * q.perimeter();
  double cp = wp;
  double cq = wq;
  double best = std::numeric_limits<double>::infinity();
  double bound = 0;
  DPoint ps[n];
  DPoint qs[n];
  double dist[n][n];
  for (int level = 0; level < levels; ++level) {
    const double hp = 2 * wp / (n - 1);
    const double hq = 2 * wq / (n - 1);
    for (int i = 0; i < n; ++i) {
      ps[i] = p.at(cp - wp + i * hp);
      qs[i] = q.at(cq - wq + i * hq);
    }
    int bi = 0;
    int bj = 0;
    double level_best = std::numeric_limits<double>::infinity();
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        const double dx = ps[i].x - qs[j].x;
        const double dy = ps[i].y - qs[j].y;
        dist[i][j] = dx * dx + dy * dy;  // squared
        if (dist[i][j] < level_best) {
          level_best = dist[i][j];
          bi = i;
          bj = j;
        }
      }
    }
    level_best = std::sqrt(level_best);
    best = std::min(best, level_best);
    bound = 0.5 * (hp + hq);
    const double slack2 = (level_best + bound) * (level_best + bound);
    int reach_i = 0;
    int reach_j = 0;
    // The first window is a whole period (sample n - 1 is sample 0 again): offsets wrap around.
    const auto offset = [level](int k, int best_k) {
      const int o = std::abs(k - best_k);
      return level == 0 ? std::min(o, n - 1 - o) : o;
    };
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        if (dist[i][j] <= slack2) {
          reach_i = std::max(reach_i, offset(i, bi));
          reach_j = std::max(reach_j, offset(j, bj));
        }
      }
    }
    cp = cp - wp + bi * hp;
    cq = cq - wq + bj * hq;
    wp = std::min(wp, (reach_i + 1) * hp);
    wq = std::min(wq, (reach_j + 1) * hq);
  }
  return {best, bound};
}

template <class A, class B>
constexpr bool sampled_pair() {
  using T = scalar_of<A>;
  constexpr bool round_a = std::is_same_v<A, Circle<T>> || std::is_same_v<A, Capsule<T>>;
  constexpr bool round_b = std::is_same_v<B, Circle<T>> || std::is_same_v<B, Capsule<T>>;
  return round_a && round_b;
}

template <class T, template <class> class A, template <class> class B>
void run_distance(const std::string& pair) {
  PropertyRun<T> run("distance", pair);
  RandomShapes<T> gen(run.random());
  ExactBand<T> band;
  double worst = 0;
  double worst_bound = 0;
  std::size_t mirrors = 0;
  std::size_t sampled = 0;
  const auto generate = [&](A<T>& a, B<T>& b) { contact_case<T, A, B>(gen, a, b); };
  for_cases<T, A, B>(contact_case_count(), generate, [&](std::size_t i, A<T>& a, B<T>& b) {
    band.classify(a, b, run.stats);
    const DistanceResult<T> rab = distance(a, b);
    const DistanceResult<T> rba = distance(b, a);
    const auto details = [&] {
      return describe_pair(a, b) + "\n  distance(a, b): " + describe_result(rab) +
             "\n  distance(b, a): " + describe_result(rba) + "\n  exactly " +
             ref::to_string(band.exact) + " (tol " + num(band.tol.get_d()) + ")";
    };
    for (const DistanceResult<T>* r : {&rab, &rba}) {
      const bool zero = r->distance == T(0);
      if (!run.agrees(zero, band)) {
        run.fail(i, zero ? "distance 0 for shapes apart" : "distance > 0 for overlapping shapes",
                 details);
      }
    }
    double error = 0;
    const std::string ab = check_distance(band.ea, band.eb, rab, band.scale, error);
    worst = std::max(worst, error);
    if (!ab.empty()) run.fail(i, "(a, b): " + ab, details);
    // distance(b, a) mirroring distance(a, b) exactly asks the same exact questions.
    const bool mirror =
        rba.distance == rab.distance && rba.point_a == rab.point_b && rba.point_b == rab.point_a;
    mirrors += mirror ? 1 : 0;
    const std::string ba = check_distance(band.eb, band.ea, rba, band.scale, error, !mirror);
    worst = std::max(worst, error);
    if (!ba.empty()) run.fail(i, "(b, a): " + ba, details);
    if constexpr (sampled_pair<A<T>, B<T>>()) {
      if (band.exact == ref::Exact::apart_clear) {
        ++sampled;
        const Sampled s = sample_boundaries(boundary_of(a), boundary_of(b));
        const double t = tolerance<T>(band.scale);
        worst_bound = std::max(worst_bound, s.bound / band.scale);
        for (const DistanceResult<T>* r : {&rab, &rba}) {
          const double d = static_cast<double>(r->distance);
          if (!(s.distance >= d - t) || !(s.distance <= d + t + s.bound)) {
            run.fail(
                i, "sampled boundary distance " + num(s.distance) + " (bound " + num(s.bound) + ")",
                details);
          }
        }
      }
    }
    const Shape<T> va = a;
    const Shape<T> vb = b;
    if (!same(distance(va, vb), rab) || !same(distance(vb, va), rba)) {
      run.fail(i, "distance(Shape, Shape) differs from the typed call", details);
    }
  });
  char extra[64];
  std::snprintf(extra, sizeof extra, "largest error %.2f eps S  mirrored orders %zu", worst,
                mirrors);
  run.finish(std::string(extra) +
             (sampled ? "  boundary-sampled " + std::to_string(sampled) + " (largest bound " +
                            num(static_cast<float>(worst_bound)) + " S)"
                      : std::string()));
}

}  // namespace collide2d::property

// The tests of one pair: DistanceProperty.A_B_float and _double.
#define COLLIDE2D_DISTANCE_TESTS(A, B) \
  COLLIDE2D_PROPERTY_TESTS(DistanceProperty, run_distance, A, B)
