// Property tests of raycast(ray, shape) for every shape type and RoundedPolygon (rounded.hpp), in
// float and double.
//
// Each random case casts the ray from a towards b: Ray{a, b - a, 1}, whose points are exactly the
// segment from a to a + (b - a) (b - a rounded once, which the reference uses as is); a quarter of
// the cases use max_t = infinity instead, and a fifth are shifted sideways to graze the shape
// where the library's answer flips (move_ray_to_contact). Points are adversarial: half the rays
// pass exactly through the point. With tol = 64 * epsilon(T) * scale as in the overlap
// tests (property_support.hpp), each case checks
//   - hit or miss equals the exact overlap of the ray's segment with the shape, and equals
//     overlaps(Segment{a, b}, shape), whenever that pair is clear-cut;
//   - raycast(ray, Shape) gives the same answer as the typed call;
//   - raycast_lean (typed and through Shape) gives raycast's hit or miss, t_enter and normal, bit
//     for bit, so its hit or miss also equals the exact answer on clear-cut cases;
//   - on a hit: 0 <= t_enter <= t_exit <= max_t; on a clear-cut hit point_enter and point_exit are
//     within tol of the shape (exactly: dist <= tol); started_inside equals whether the origin is
//     in the shape when that is clear-cut, and then t_enter = 0 and the normal is zero; otherwise
//     the normal is a unit vector facing the ray; ended_inside means t_exit = max_t;
//   - nothing is entered earlier or left later: the part of the ray before t_enter (when the
//     origin is outside) and the part after t_exit (when the ray leaves) penetrate the shape by at
//     most tol. (A depth, not a length along the ray: a ray that grazes a curved surface has an
//     entry parameter that is ill-conditioned along the ray but well-conditioned across it.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include "collide2d/collide2d.hpp"
#include "exact_reference.hpp"
#include "generators.hpp"
#include "property_runner.hpp"
#include "property_support.hpp"
#include "rounded_support.hpp"

namespace collide2d::property {
namespace {

using ref::QPoint;

// How far from the shape's centre the ray's ends are, relative to its size (uniform in the
// distance): tuned per shape so that about half of the rays hit.
template <class S>
double ray_reach() {
  using T = double;
  if constexpr (std::is_same_v<S, Segment<T>>) return 1.3;
  if constexpr (std::is_same_v<S, Circle<T>> || std::is_same_v<S, Capsule<T>>) return 3.5;
  if constexpr (std::is_same_v<S, ConvexPolygon<T>> || std::is_same_v<S, RoundedPolygon<T>>)
    return 2.6;
  return 3.8;
}

// out = origin + t d, exactly, in out's storage.
void set_along(QPoint& out, const QPoint& origin, const QPoint& d, const mpq_class& t) {
  mpq_mul(out.x.get_mpq_t(), t.get_mpq_t(), d.x.get_mpq_t());
  mpq_add(out.x.get_mpq_t(), out.x.get_mpq_t(), origin.x.get_mpq_t());
  mpq_mul(out.y.get_mpq_t(), t.get_mpq_t(), d.y.get_mpq_t());
  mpq_add(out.y.get_mpq_t(), out.y.get_mpq_t(), origin.y.get_mpq_t());
}

// The part of the ray for t in [t0, t1], exactly, as a segment core in out's storage.
void set_ray_part(ref::ExactShape& out, const QPoint& origin, const QPoint& d, const mpq_class& t0,
                  const mpq_class& t1) {
  ref::resize_core(out, 2);
  set_along(out.core[0], origin, d, t0);
  set_along(out.core[1], origin, d, t1);
  out.radius = 0;
  ref::merge_duplicates(out);
}

// Near-contact rays: shifts the ray sideways (a and b alike) to where the library's raycast flips
// between hit and miss, found by bisection with the library itself (the exact reference judges),
// and keeps the last hitting or the first missing position at random. Leaves a and b unchanged
// when no flip is bracketed.
template <class T, class S>
void move_ray_to_contact(const S& shape, bool infinite, Vec2<T>& a, Vec2<T>& b, Random& r) {
  const Vec2<double> c = center_of(shape);
  const auto box = bounding_box(shape);
  const double extent = static_cast<double>(box.max.x - box.min.x) +
                        static_cast<double>(box.max.y - box.min.y) + 1e-3;
  const double dx = static_cast<double>(b.x) - static_cast<double>(a.x);
  const double dy = static_cast<double>(b.y) - static_cast<double>(a.y);
  const double len = std::hypot(dx, dy);
  if (!(len > 0)) return;
  const Vec2<double> u{-dy / len, dx / len};  // sideways
  const T max_t = infinite ? std::numeric_limits<T>::infinity() : T(1);
  const auto hits = [&](double t) {
    const Vec2<T> ta = shifted(a, t * u.x, t * u.y);
    const Vec2<T> tb = shifted(b, t * u.x, t * u.y);
    return raycast(Ray<T>{ta, tb - ta, max_t}, shape).has_value();
  };
  // The offset that puts the centre on the ray's line, then away from it on either side.
  double t_in = (c.x - static_cast<double>(a.x)) * u.x + (c.y - static_cast<double>(a.y)) * u.y;
  double t_out = t_in + (r.chance(0.5) ? extent : -extent);
  if (!hits(t_in) || hits(t_out)) return;
  for (int i = 0; i < 80; ++i) {
    const double t = 0.5 * (t_in + t_out);
    if (t == t_in || t == t_out) break;
    (hits(t) ? t_in : t_out) = t;
  }
  const double t = r.chance(0.5) ? t_in : t_out;
  const Vec2<T> ta = shifted(a, t * u.x, t * u.y);
  const Vec2<T> tb = shifted(b, t * u.x, t * u.y);
  a = ta;
  b = tb;
}

template <class T, template <class> class S>
void run_raycast(const std::string& shape_name) {
  PropertyRun<T> run("raycast", shape_name);
  Random& random = run.random();
  RandomShapes<T> gen(random);
  QueryStats& stats = run.stats;
  std::size_t infinite_cases = 0;
  // A tenth for the rounded polygon, as its other property tests (rounded_support.hpp).
  const std::size_t n = std::is_same_v<S<T>, RoundedPolygon<T>>
                            ? std::max<std::size_t>(1, case_count() / 10)
                            : case_count();
  const T unit_slack = std::is_same_v<T, float> ? T(1e-5) : T(1e-12);
  S<T> shape{};
  // Exact values, reused between cases: no allocation once warm.
  ref::ExactShape target;
  ref::ExactShape ray_part;
  ref::ExactShape point;
  QPoint qa;
  QPoint qd;
  mpq_class tol;
  mpq_class t_end;
  mpq_class t_hit;
  const mpq_class zero = 0;
  for (std::size_t i = 0; stats.cases < n; ++i) {
    const Site<T> site = gen.site();
    const double size = gen.size(site);
    Vec2<T> a{};
    Vec2<T> b{};
    if constexpr (std::is_same_v<S<T>, Point<T>>) {
      if (random.chance(0.5)) {
        // A point exactly on the ray.
        point_on_line(random, site.center, shape, a, b);
      } else {
        shape = site.center;
        a = gen.around(site.center, size);
        b = gen.around(site.center, size);
      }
    } else {
      make_any(gen, site.center, size, shape);
      a = gen.around(site.center, ray_reach<S<double>>() * size);
      b = gen.around(site.center, ray_reach<S<double>>() * size);
    }
    if (a == b) continue;
    const bool infinite = random.chance(0.25);
    // A fifth of the rays graze the shape where the library's answer flips.
    if (!std::is_same_v<S<T>, Point<T>> && random.chance(0.2)) {
      move_ray_to_contact(shape, infinite, a, b, random);
    }
    infinite_cases += infinite ? 1 : 0;
    const Ray<T> ray{a, b - a, infinite ? std::numeric_limits<T>::infinity() : T(1)};

    // The ray's points, exactly: a + t d for t in [0, max_t]; an infinite ray is cut where it is
    // past every point of the shape (an exact power of two, far enough).
    ref::set_q(qa, a);
    ref::set_q(qd, ray.direction);
    t_end = 1;
    if (infinite) {
      const double span =
          std::hypot(static_cast<double>(ray.direction.x), static_cast<double>(ray.direction.y));
      const double reach =
          std::hypot(static_cast<double>(a.x) - static_cast<double>(site.center.x),
                     static_cast<double>(a.y) - static_cast<double>(site.center.y)) +
          4 * size + 1;
      ref::set_q(t_end, std::ldexp(1.0, std::ilogb(4 * reach / span) + 1));
    }
    ref::exact_into(target, shape);
    set_ray_part(ray_part, qa, qd, zero, t_end);
    ref::set_q(tol,
               tolerance<T>(std::max({scale_of(shape), coordinate_scale(a), coordinate_scale(b)})));

    const std::optional<RayHit<T>> hit = raycast(ray, shape);
    // Through the Shape variant, for the shapes it holds (not RoundedPolygon, rounded.hpp).
    constexpr bool in_variant = std::is_constructible_v<Shape<T>, S<T>>;
    std::optional<RayHit<T>> hit_v = hit;
    std::optional<RayHitLean<T>> lean_v = raycast_lean(ray, shape);
    if constexpr (in_variant) {
      hit_v = raycast(ray, Shape<T>(shape));
      lean_v = raycast_lean(ray, Shape<T>(shape));
    }
    const ref::Exact e = ref::classify(ray_part, target, tol);
    const bool expected = ref::overlaps(e);
    const bool clear = ref::is_clear_cut(e);
    ++stats.cases;
    stats.hits += expected ? 1 : 0;
    stats.in_band += clear ? 0 : 1;
    const auto context = [&] {
      return describe(ray) + " against " + describe(shape) + " (exactly " + ref::to_string(e) +
             ", tol " + num(tol.get_d()) + ")";
    };
    const auto fail = [&](const std::string& what) { run.fail(i, what, context); };

    if (hit.has_value() != hit_v.has_value() ||
        (hit && (hit->t_enter != hit_v->t_enter || hit->t_exit != hit_v->t_exit))) {
      fail("raycast(ray, Shape) differs from the typed call");
    }
    for (const std::optional<RayHitLean<T>>& lean : {raycast_lean(ray, shape), lean_v}) {
      const auto bits = [](T v) {
        std::uint64_t out = 0;
        std::memcpy(&out, &v, sizeof v);
        return out;
      };
      if (lean.has_value() != hit.has_value() ||
          (hit &&
           (bits(lean->t) != bits(hit->t_enter) || bits(lean->normal.x) != bits(hit->normal.x) ||
            bits(lean->normal.y) != bits(hit->normal.y)))) {
        fail("raycast_lean differs from raycast's t_enter and normal");
      }
    }
    if (!run.agrees(hit.has_value(), expected, clear))
      fail(hit ? "raycast hits" : "raycast misses");
    if (clear && !infinite && overlaps(Segment<T>{a, b}, shape) != expected) {
      fail("overlaps(Segment{a, b}, shape) disagrees with the exact reference");
    }
    if (!hit) continue;

    const RayHit<T>& h = *hit;
    if (!(T(0) <= h.t_enter && h.t_enter <= h.t_exit && h.t_exit <= ray.max_t &&
          std::isfinite(h.t_exit))) {
      fail("bad parameters t_enter " + num(h.t_enter) + ", t_exit " + num(h.t_exit));
      continue;
    }
    // Only for clear-cut hits: a ray that misses a sharp corner by less than tol may still be
    // reported as a hit (allowed in the band), and the point then lies where the rounded edge
    // lines cross, up to ~ulps / sin(corner angle) away.
    if (clear) {
      ref::exact_into(point, h.point_enter);
      if (!ref::within_distance(point, target, tol)) {
        fail("point_enter " + describe(h.point_enter) + " is not within tol of the shape");
      }
      ref::exact_into(point, h.point_exit);
      if (!ref::within_distance(point, target, tol)) {
        fail("point_exit " + describe(h.point_exit) + " is not within tol of the shape");
      }
    }
    ref::exact_into(point, a);
    const ref::Exact origin = ref::classify(point, target, tol);
    if (ref::is_clear_cut(origin) && h.started_inside != ref::overlaps(origin)) {
      fail(std::string("started_inside is ") + (h.started_inside ? "true" : "false") +
           " but the origin is " + ref::to_string(origin));
    }
    if (h.started_inside) {
      if (h.t_enter != T(0) || h.normal != Vec2<T>{T(0), T(0)}) {
        fail("started inside with t_enter " + num(h.t_enter) + ", normal " + describe(h.normal));
      }
    } else {
      if (!(std::abs(length_squared(h.normal) - T(1)) <= unit_slack)) {
        fail("normal " + describe(h.normal) + " is not a unit vector");
      }
      // Facing the ray (slack for the rounding of grazing entries; not checked far away, where
      // the normal of a small shape carries the rounding of its distant coordinates).
      const T facing = dot(h.normal, normalize(ray.direction));
      const T facing_slack = std::is_same_v<T, float> ? T(1e-2) : T(1e-6);
      if (!site.far && clear && !(facing <= facing_slack)) {
        fail("normal " + describe(h.normal) + " does not face the ray");
      }
      if (h.t_enter > T(0)) {
        ref::set_q(t_hit, h.t_enter);
        set_ray_part(ray_part, qa, qd, zero, t_hit);
        if (ref::classify(ray_part, target, tol) == ref::Exact::overlap_clear) {
          fail("the ray enters before t_enter = " + num(h.t_enter));
        }
      }
    }
    if (h.ended_inside) {
      if (h.t_exit != ray.max_t) fail("ended_inside with t_exit " + num(h.t_exit));
    } else {
      ref::set_q(t_hit, h.t_exit);
      set_ray_part(ray_part, qa, qd, t_hit, t_end);
      if (ref::classify(ray_part, target, tol) == ref::Exact::overlap_clear) {
        fail("the ray is still inside after t_exit = " + num(h.t_exit));
      }
    }
  }
  run.finish_overlap(true);
  EXPECT_GT(infinite_cases, stats.cases / 8) << run.name();
}

#define COLLIDE2D_RAYCAST_TESTS(S)  \
  TEST(RandomRaycast, S##_float) {  \
    run_raycast<float, S>(#S);      \
  }                                 \
  TEST(RandomRaycast, S##_double) { \
    run_raycast<double, S>(#S);     \
  }

COLLIDE2D_RAYCAST_TESTS(Point)
COLLIDE2D_RAYCAST_TESTS(Segment)
COLLIDE2D_RAYCAST_TESTS(Circle)
COLLIDE2D_RAYCAST_TESTS(Capsule)
COLLIDE2D_RAYCAST_TESTS(Aabb)
COLLIDE2D_RAYCAST_TESTS(Obb)
COLLIDE2D_RAYCAST_TESTS(ConvexPolygon)
COLLIDE2D_RAYCAST_TESTS(RoundedPolygon)

}  // namespace
}  // namespace collide2d::property
