// Property tests of raycast(ray, segment, SegmentSides::front) (raycast.hpp), float and double.
//
// The reference: the exact side of the origin, sign(cross(b - a, origin - a)) in rationals, and the
// exact overlap of the ray's part [0, max_t] (exactly origin + t direction; an infinite ray is cut
// beyond the segment) with the segment (exact_reference.hpp). Each case checks
//   - SegmentSides::both equals the two-argument raycast, field for field;
//   - origin strictly behind (exact side > 0): no hit; otherwise exactly the two-sided answer,
//     with the front normal normalize(perp(a - b)) on a hit from strictly in front, without
//     exception (the side is exact in float and double); how often the two-sided normal differs
//     there (rays almost parallel to the segment) is printed;
//   - hit or miss equals "not behind and the ray's part meets the segment", whenever the exact
//     overlap is clear-cut against tol = 64 eps(T) S (property_support.hpp);
//   - a hit from strictly in front that does not start on the segment has its normal on the front
//     side: dot(normal, (e.y, -e.x)) > 0.
// Random cases (RandomOneSided): segments from generators.hpp (15% far from the origin); origins
// around the segment (40%), rounded onto its line (25%: the side is a few ulps, where only exact
// arithmetic can tell), exactly on its line or on it (20%, point_on_line), exactly at an end (10%),
// and zero directions (5%). Lattice cases (LatticeOneSided): integer ends, origins and directions,
// where the library is exact, so every answer must equal the exact one (touching included).
// Wide-range cases (WideRangeSegments): coordinates from 2^-40 to 2^40 (float) or 2^-200 to 2^200
// (double) at random, origins rounded onto the line, at an end, or one ulp off.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "contact_support.hpp"
#include "generators.hpp"
#include "property_runner.hpp"

namespace collide2d::property {
namespace {

using ref::QPoint;

template <class T>
bool same(const std::optional<RayHit<T>>& x, const std::optional<RayHit<T>>& y) {
  if (x.has_value() != y.has_value()) return false;
  if (!x) return true;
  return x->t_enter == y->t_enter && x->t_exit == y->t_exit && x->point_enter == y->point_enter &&
         x->point_exit == y->point_exit && x->normal == y->normal &&
         x->started_inside == y->started_inside && x->ended_inside == y->ended_inside;
}

template <class T>
std::string describe_hit(const std::optional<RayHit<T>>& h) {
  if (!h) return "no hit";
  return "hit t [" + num(h->t_enter) + ", " + num(h->t_exit) + "] normal " + describe(h->normal) +
         (h->started_inside ? " started inside" : "");
}

// The state of one run, reused between cases.
template <class T>
struct OneSidedCheck {
  PropertyRun<T>& run;
  bool exact_only;  // lattice: every answer must be the exact one
  ref::ExactShape segment;
  ref::ExactShape ray_part;
  std::size_t behind = 0;
  std::size_t on_line = 0;
  std::size_t front_hits = 0;
  std::size_t clean_normals = 0;  // front hits where the two-sided normal is the front normal

  std::string summary() const {
    return "behind " + std::to_string(behind) + ", origin on the line " + std::to_string(on_line) +
           ", two-sided normal not the front one on " + std::to_string(front_hits - clean_normals) +
           " of " + std::to_string(front_hits) + " front hits";
  }

  void check(std::size_t i, const Segment<T>& s, const Ray<T>& ray) {
    ++run.stats.cases;
    const auto one = raycast(ray, s, SegmentSides::front);
    const auto two = raycast(ray, s);
    const auto details = [&] {
      return describe(s) + " " + describe(ray) + "\n  front: " + describe_hit(one) +
             "\n  both:  " + describe_hit(two);
    };
    if (!same(raycast(ray, s, SegmentSides::both), two)) {
      run.fail(i, "SegmentSides::both differs from the two-sided call", details);
    }
    // The exact side of the origin.
    const QPoint a = ref::to_q(s.a);
    const QPoint e{ref::to_q(s.b.x) - a.x, ref::to_q(s.b.y) - a.y};
    const QPoint o{ref::to_q(ray.origin.x) - a.x, ref::to_q(ray.origin.y) - a.y};
    const mpq_class side = e.x * o.y - e.y * o.x;
    const int sign = sgn(side);
    behind += sign > 0 ? 1 : 0;
    on_line += sign == 0 ? 1 : 0;
    // The side is exact (raycast.hpp): no band. From strictly in front the normal of a hit is
    // the front normal, which the two-sided one equals but where the ray is almost parallel to
    // the segment (counted).
    const Vec2<T> front_normal = normalize(perp(s.a - s.b));
    std::optional<RayHit<T>> expected_one = two;
    if (expected_one && sign < 0 && !expected_one->started_inside) {
      expected_one->normal = front_normal;
      clean_normals += two->normal == front_normal ? 1 : 0;
      front_hits += 1;
    }
    const bool follows_rule = sign > 0 ? !one.has_value() : same(one, expected_one);
    if (!follows_rule) {
      ++run.stats.disagreements;
      run.fail(i, sign > 0 ? "hit from behind" : "differs from the two-sided answer", details);
    }
    // The exact answer: not behind, and the ray's part meets the segment.
    ref::exact_into(segment, s);
    const QPoint origin = ref::to_q(ray.origin);
    const QPoint d = ref::to_q(ray.direction);
    mpq_class t_end;
    if (std::isinf(ray.max_t)) {
      // Beyond the segment: |d| t_end >= 2 max(|a - o|, |b - o|) + 1 (a bound, in doubles).
      const double reach =
          std::max(std::hypot(o.x.get_d(), o.y.get_d()),
                   std::hypot(o.x.get_d() - e.x.get_d(), o.y.get_d() - e.y.get_d()));
      const double dl =
          std::hypot(static_cast<double>(ray.direction.x), static_cast<double>(ray.direction.y));
      t_end = dl > 0 ? mpq_class(4 * (reach + 1) / dl) : mpq_class(0);
    } else {
      t_end = ref::to_q(ray.max_t);
    }
    ref::resize_core(ray_part, 2);
    ray_part.core[0] = origin;
    ray_part.core[1] = {origin.x + t_end * d.x, origin.y + t_end * d.y};
    ray_part.radius = 0;
    ref::merge_duplicates(ray_part);
    mpq_class tol;
    ref::set_q(tol, exact_only
                        ? 0.0
                        : tolerance<T>(
                              std::max(scale_of(s), scale_of(Segment<T>{ray.origin, ray.origin})) +
                              std::abs(t_end.get_d()) *
                                  std::max(std::abs(d.x.get_d()), std::abs(d.y.get_d()))));
    const ref::Exact exact = ref::classify(segment, ray_part, tol);
    const bool expected = sign <= 0 && ref::overlaps(exact);
    run.stats.hits += expected ? 1 : 0;
    const bool clear = exact_only || ref::is_clear_cut(exact);
    run.stats.in_band += clear ? 0 : 1;
    if (!run.agrees(one.has_value(), expected, clear)) {
      run.fail(i, expected ? "missed, exactly a front hit" : "hit, exactly no front hit", details);
    }
    // A hit from the front faces the front.
    if (one && sign < 0 && !one->started_inside && s.a != s.b) {
      const double front = static_cast<double>(one->normal.x) * e.y.get_d() -
                           static_cast<double>(one->normal.y) * e.x.get_d();
      if (!(front > 0)) run.fail(i, "the normal of a front hit faces the back", details);
    }
  }
};

template <class T>
void run_random() {
  PropertyRun<T> run("one-sided raycast", "Segment");
  RandomShapes<T> gen(run.random());
  Random& r = run.random();
  OneSidedCheck<T> check{run, false, {}, {}};
  Segment<T> s{};
  for (std::size_t i = 0; i < contact_case_count(); ++i) {
    const Site<T> site = gen.site();
    const double size = gen.size(site);
    gen.make(site.center, size, s);
    Vec2<T> origin{};
    const double pick = r.unit();
    if (pick < 0.40) {
      origin = gen.around(site.center, 2.5 * size);
    } else if (pick < 0.65) {
      const double l = r.uniform(-0.6, 1.6);
      const double ax = static_cast<double>(s.a.x);
      const double ay = static_cast<double>(s.a.y);
      origin = vec<T>(ax + l * (static_cast<double>(s.b.x) - ax),
                      ay + l * (static_cast<double>(s.b.y) - ay));
    } else if (pick < 0.85) {
      Vec2<T> from{};
      Vec2<T> to{};
      point_on_line(r, site.center, origin, from, to);
      s = r.chance(0.5) ? Segment<T>{from, to} : Segment<T>{to, from};
      if (r.chance(0.3))
        origin = shifted(to, static_cast<double>(to.x - from.x),
                         static_cast<double>(to.y - from.y));  // beyond an end
    } else {
      origin = r.chance(0.5) ? s.a : s.b;
    }
    Vec2<T> direction{};
    if (!r.chance(0.05)) {
      const Vec2<T> target = gen.around(site.center, 1.5 * size);
      direction = vec<T>(static_cast<double>(target.x) - static_cast<double>(origin.x),
                         static_cast<double>(target.y) - static_cast<double>(origin.y));
    }
    const T max_t = r.chance(0.25) ? std::numeric_limits<T>::infinity() : T(1);
    check.check(i, s, Ray<T>{origin, direction, max_t});
  }
  run.finish(check.summary(), false);
}

template <class T>
void run_lattice() {
  PropertyRun<T> run("lattice one-sided raycast", "Segment");
  Random& r = run.random();
  OneSidedCheck<T> check{run, true, {}, {}};
  const auto point = [&](int k) { return vec<T>(r.integer(-k, k), r.integer(-k, k)); };
  for (std::size_t i = 0; i < contact_case_count(); ++i) {
    const Segment<T> s{point(4), point(4)};
    const Vec2<T> origin = point(6);
    const Vec2<T> direction = point(3);
    const int m = r.integer(0, 2);
    const T max_t = m == 0 ? T(1) : m == 1 ? T(2) : std::numeric_limits<T>::infinity();
    check.check(i, s, Ray<T>{origin, direction, max_t});
  }
  run.finish(check.summary(), false);
}

// Coordinates of wildly different magnitudes (2^-40 .. 2^40 in float, 2^-200 .. 2^200 in
// double) and origins rounded onto the segment's line, at an end, or one ulp off either: where a
// side computed in plain floating point (even double for float input) gets the sign wrong.
template <class T>
void run_wide_range() {
  PropertyRun<T> run("wide-range one-sided raycast", "Segment");
  Random& r = run.random();
  OneSidedCheck<T> check{run, false, {}, {}};
  const int k = std::is_same_v<T, float> ? 40 : 200;
  const auto coordinate = [&] {
    const double m = r.uniform(1, 2) * (r.chance(0.5) ? 1 : -1);
    return static_cast<T>(std::ldexp(m, r.integer(-k, k)));
  };
  for (std::size_t i = 0; i < contact_case_count(); ++i) {
    const Segment<T> s{{coordinate(), coordinate()}, {coordinate(), coordinate()}};
    const double l = r.uniform(-0.5, 1.5);
    const double ax = static_cast<double>(s.a.x);
    const double ay = static_cast<double>(s.a.y);
    Vec2<T> origin = vec<T>(ax + l * (static_cast<double>(s.b.x) - ax),
                            ay + l * (static_cast<double>(s.b.y) - ay));
    if (r.chance(0.3)) origin = r.chance(0.5) ? s.a : s.b;
    if (r.chance(0.5)) {
      const T toward =
          r.chance(0.5) ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity();
      T& c = r.chance(0.5) ? origin.x : origin.y;
      c = std::nextafter(c, toward);
    }
    const Vec2<T> target{coordinate(), coordinate()};
    const Vec2<T> direction = vec<T>(static_cast<double>(target.x) - static_cast<double>(origin.x),
                                     static_cast<double>(target.y) - static_cast<double>(origin.y));
    check.check(i, s, Ray<T>{origin, direction, T(1)});
  }
  run.finish(check.summary(), false);
}

template <class T>
class OneSidedRaycast : public ::testing::Test {};
using OneSidedScalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(OneSidedRaycast, OneSidedScalars);

TYPED_TEST(OneSidedRaycast, RandomSegments) {
  run_random<TypeParam>();
}
TYPED_TEST(OneSidedRaycast, LatticeSegments) {
  run_lattice<TypeParam>();
}
TYPED_TEST(OneSidedRaycast, WideRangeSegments) {
  run_wide_range<TypeParam>();
}

}  // namespace
}  // namespace collide2d::property
