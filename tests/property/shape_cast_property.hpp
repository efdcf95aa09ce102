// Property tests of shape_cast(a, motion_a, b, motion_b) (distance.hpp: time of impact for linear
// motion) for all 28 shape pairs, both argument orders, float and double.
//
// Band: tol = 64 eps(T) S with S = 2 max(scale_of(a), scale_of(b)) + 2 (|motion_a| + |motion_b|)
// (max norms): at least the library's own stopping tolerance, 64 ulps of its cast scale (the
// coordinates relative to A, at most 2 max(scale), and |motion_b - motion_a|), plus room for the
// distance's rounding.
//
// Exact judge: B moves by v = motion_b - motion_a relative to A, so B touches A at some t in [0, 1]
// exactly when A overlaps B swept along [0, v] (the hull of B's core and B's core + v, with B's
// radius: reference::swept_into), a question of continuous time with no sampling gaps. Positions at
// a time t use the exact rational t * v (reference::moved_into), so no rounding enters the judge.
//
// Cases: A at a site; B 1.2 to 4 sizes away, its motion aimed at A with a lateral offset (60%);
// the same with the offset bisected to where the library's answer flips (graze, 20%); B starting
// on A (10%); B moving away or not at all (10%). The relative motion is split at random between the
// two shapes. A point against a point moves by exact dyadic steps along the line of the two
// points, so that half of them meet. For both orders ((a, b) and (b, a), whose relative motion is
// -v: the same swept question), each case checks:
//   contact      a hit is reported iff A overlaps B swept by v, on clear-cut cases;
//   range        1 <= iterations <= 64, 0 <= t <= 1, | |normal| - 1 | <= 8 eps(T);
//   start        shapes overlapping clearly at t = 0 give t == 0;
//   touching     at the reported t (iterations < 64) the shapes are within tol of touching:
//                in the band for t > 0, not clearly apart for t == 0. With iterations == 64 (the
//                step budget ran out; the header then reports the last safe time) they must not
//                overlap clearly; such cases are counted;
//   first        for t > dt = 2^-10, the shapes at t - dt do not overlap clearly;
//   point        for t > 0, the contact point lies within 2 tol of both shapes at time t;
//   sampling     1 case in 512: the 513 times k / 512 are judged exactly; if one of them overlaps
//                clearly, a hit must be reported at a t no later than the first such time (an
//                independent check of the swept judge; it costs up to 513 exact questions).
// The line printed per pair counts the hits at t = 0 and the hits with the step budget spent. Where
// both orders report the same t and point, the exact questions of (b, a) are those of (a, b) and
// are not asked twice.
//
// The tests are instantiated in shape_cast_thin_test.cpp and shape_cast_solid_test.cpp
// (shape_pairs.hpp), so that the two halves compile in parallel.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>

#include "contact_support.hpp"
#include "property_runner.hpp"

namespace collide2d::property {

template <class T>
std::string describe_hit(const std::optional<CastHit<T>>& h) {
  if (!h) return "no contact";
  return "t " + num(h->t) + " normal " + describe(h->normal) + " point " + describe(h->point) +
         " iterations " + std::to_string(h->iterations);
}

// B's motion relative to A at rest: aimed at A's centre with a lateral offset (in sizes).
inline Vec2<double> aimed(Vec2<double> from, Vec2<double> to, double lateral, double reach) {
  const double dx = to.x - from.x;
  const double dy = to.y - from.y;
  const double len = std::hypot(dx, dy);
  const double px = len > 0 ? -dy / len : 0;
  const double py = len > 0 ? dx / len : 1;
  return {(dx + lateral * px) * reach, (dy + lateral * py) * reach};
}

template <class T, template <class> class A, template <class> class B>
void cast_case(RandomShapes<T>& gen, A<T>& a, Vec2<T>& ma, B<T>& b, Vec2<T>& mb) {
  Random& r = gen.random();
  const Site<T> site = gen.site();
  constexpr bool a_point = std::is_same_v<A<T>, Point<T>>;
  constexpr bool b_point = std::is_same_v<B<T>, Point<T>>;
  const double sa = a_point ? 0.0 : gen.size(site);
  const double sb = b_point ? 0.0 : gen.size(site);
  const double u = r.unit();
  gen.make(site.center, sa, a);
  // Splits the relative motion v between the shapes (rounded once each).
  const auto split = [&](Vec2<double> v) {
    const double share = r.chance(0.3) ? 0.0 : r.uniform(-1, 1);
    const double angle = r.angle();
    const double k = share * std::hypot(v.x, v.y);
    ma = vec<T>(k * std::cos(angle), k * std::sin(angle));
    mb = vec<T>(static_cast<double>(ma.x) + v.x, static_cast<double>(ma.y) + v.y);
  };
  if constexpr (a_point && b_point) {
    // Exact dyadic steps along the line of the points: a hit exactly when the step reaches.
    if (r.chance(0.6)) {
      const double h = std::ldexp(1.0, -r.integer(0, 4));
      const int kx = r.integer(-6, 6);
      const int ky = r.integer(-6, 6);
      b = shifted(a, kx * h, ky * h);
      const double reach = std::ldexp(static_cast<double>(r.integer(1, 8)), -2);  // 1/4 .. 2
      const Vec2<double> v{-kx * h * reach, -ky * h * reach};
      ma = vec<T>(0, 0);
      mb = vec<T>(v.x, v.y);
      if (r.chance(0.5)) {  // the same motion carried by a instead
        ma = vec<T>(-v.x, -v.y);
        mb = vec<T>(0, 0);
      }
      return;
    }
  }
  const double size = sa + sb + (a_point && b_point ? 1.0 : 0.0);
  if (u < 0.1) {  // starting on A
    gen.make(gen.around(site.center, 0.4 * size), sb, b);
    const double angle = r.angle();
    split({size * std::cos(angle), size * std::sin(angle)});
    return;
  }
  const double angle = r.angle();
  const double dist = size * r.uniform(1.2, 4.0);
  gen.make(shifted(site.center, dist * std::cos(angle), dist * std::sin(angle)), sb, b);
  const Vec2<double> ca = center_of(a);
  const Vec2<double> cb = center_of(b);
  if (u < 0.2) {  // away, or still
    const double k = r.chance(0.3) ? 0.0 : r.uniform(0.2, 2.0);
    split({(cb.x - ca.x) * k, (cb.y - ca.y) * k});
    return;
  }
  // Thin shapes (points and segments) need straighter aims to meet about half of the time.
  constexpr bool thin_a = a_point || std::is_same_v<A<T>, Segment<T>>;
  constexpr bool thin_b = b_point || std::is_same_v<B<T>, Segment<T>>;
  const double spread = thin_a && thin_b ? 0.35 : (thin_a || thin_b ? 0.75 : 1.0);
  const double reach = r.uniform(0.6, 1.8);
  double lateral = size * spread * r.uniform(-1.0, 1.0);
  split(aimed(cb, ca, lateral, reach));
  if (u < 0.4) {
    // Graze: bisect the lateral offset to where the library's answer flips.
    double hit = 0;
    double miss = (lateral >= 0 ? 1 : -1) * 4 * size;
    const Vec2<T> keep_a = ma;
    const auto motion_b = [&](double l) {
      const Vec2<double> v = aimed(cb, ca, l, reach);
      return vec<T>(static_cast<double>(keep_a.x) + v.x, static_cast<double>(keep_a.y) + v.y);
    };
    if (!shape_cast(a, ma, b, motion_b(hit)) || shape_cast(a, ma, b, motion_b(miss))) return;
    for (int i = 0; i < 60; ++i) {
      const double mid = 0.5 * (hit + miss);
      if (mid == hit || mid == miss) break;
      (shape_cast(a, ma, b, motion_b(mid)) ? hit : miss) = mid;
    }
    mb = motion_b(r.chance(0.5) ? hit : miss);
  }
}

struct CastCounts {
  std::size_t budget = 0;   // iterations == 64
  std::size_t started = 0;  // hits at t = 0
  std::size_t sampled = 0;
  std::size_t mirrored = 0;  // both orders gave the same t and point
};

template <class T, template <class> class A, template <class> class B>
void run_shape_cast(const std::string& pair) {
  PropertyRun<T> run("shape_cast", pair);
  RandomShapes<T> gen(run.random());
  QueryStats& stats = run.stats;
  CastCounts counts;
  A<T> a{};
  B<T> b{};
  Vec2<T> ma{};
  Vec2<T> mb{};
  ref::ExactShape ea, eb, swept, moved, moved_first, point;
  ref::QPoint qa, qb, v, minus_v;
  mpq_class tol, tol2, t, t_early;
  const mpq_class dt(1, 1024);
  const std::size_t n = contact_case_count();
  for (std::size_t i = 0; i < n; ++i) {
    cast_case<T, A, B>(gen, a, ma, b, mb);
    const double scale = 2 * std::max(scale_of(a), scale_of(b)) + 2 * (inf_norm(ma) + inf_norm(mb));
    ref::set_q(tol, tolerance<T>(scale));
    tol2 = 2 * tol;
    ref::exact_into(ea, a);
    ref::exact_into(eb, b);
    ref::set_q(qa, ma);
    ref::set_q(qb, mb);
    v.x = qb.x - qa.x;
    v.y = qb.y - qa.y;
    minus_v.x = -v.x;
    minus_v.y = -v.y;
    ref::swept_into(swept, eb, v);
    const ref::Exact e = ref::classify(ea, swept, tol);
    const bool expected = ref::overlaps(e);
    const bool clear = ref::is_clear_cut(e);
    ++stats.cases;
    stats.hits += expected ? 1 : 0;
    stats.in_band += clear ? 0 : 1;
    const auto hab = shape_cast(a, ma, b, mb);
    const auto hba = shape_cast(b, mb, a, ma);
    // The start is judged only where it matters: a hit at t > 0 must not start overlapping.
    std::optional<ref::Exact> start;
    const auto e0 = [&] {
      if (!start) start = ref::classify(ea, eb, tol);
      return *start;
    };
    const auto fail = [&](const std::string& what) {
      run.fail(i, what, [&] {
        return describe_pair(a, b) + "\n  motion_a = " + describe(ma) +
               ", motion_b = " + describe(mb) + "\n  shape_cast(a, b): " + describe_hit(hab) +
               "\n  shape_cast(b, a): " + describe_hit(hba) + "\n  swept: exactly " +
               ref::to_string(e) + ", at t = 0: " + (start ? ref::to_string(*start) : "-") +
               " (tol " + num(tol.get_d()) + ")";
      });
    };
    for (const auto* h : {&hab, &hba}) {
      if (!run.agrees(h->has_value(), expected, clear)) {
        fail(h->has_value() ? "contact reported, but the swept shapes are apart"
                            : "no contact, but the swept shapes overlap");
      }
    }
    // One order: `second` moves by rel relative to `first`.
    const auto check = [&](const std::optional<CastHit<T>>& h, const ref::ExactShape& ef,
                           const ref::ExactShape& es, const ref::QPoint& rel,
                           const ref::QPoint& motion_first, const ref::QPoint& motion_second,
                           const char* order, bool exact) {
      if (!h) return;
      const std::string o = order;
      if (h->iterations < 1 || h->iterations > 64) fail(o + "iterations outside [1, 64]");
      const double tt = static_cast<double>(h->t);
      if (!(tt >= 0 && tt <= 1)) return fail(o + "t outside [0, 1]");
      const double len =
          std::hypot(static_cast<double>(h->normal.x), static_cast<double>(h->normal.y));
      if (!(std::abs(len - 1) <= 8 * static_cast<double>(std::numeric_limits<T>::epsilon()))) {
        fail(o + "normal is not a unit vector");
      }
      if (h->t > T(0) && e0() == ref::Exact::overlap_clear)
        fail(o + "overlapping at the start, t != 0");
      if (!exact) return;
      ref::set_q(t, h->t);
      ref::moved_into(moved, es, t, rel);
      const ref::Exact at = ref::classify(ef, moved, tol);
      if (h->iterations == 64) {
        ++counts.budget;
        if (at == ref::Exact::overlap_clear)
          fail(o + "the reported t (budget spent) is past contact");
      } else if (tt > 0 ? ref::is_clear_cut(at) : at == ref::Exact::apart_clear) {
        fail(o + "not touching at the reported t: exactly " + ref::to_string(at));
      }
      if (t > dt) {
        t_early = t - dt;
        ref::moved_into(moved, es, t_early, rel);
        if (ref::classify(ef, moved, tol) == ref::Exact::overlap_clear) {
          fail(o + "the shapes overlap clearly at t - 2^-10: the contact is not the first");
        }
      }
      if (tt > 0) {
        ref::exact_into(point, h->point);
        ref::moved_into(moved_first, ef, t, motion_first);
        ref::moved_into(moved, es, t, motion_second);
        if (!ref::within_distance(point, moved_first, tol2) ||
            !ref::within_distance(point, moved, tol2)) {
          fail(o + "contact point farther than 2 tol from a shape at time t");
        }
      }
    };
    for (const auto* h : {&hab, &hba})
      counts.started += *h && (*h)->t == T(0) ? 1 : 0;
    // The same t and point in both orders: the same exact questions (A against B + t v).
    const bool mirror = hab && hba && hab->t == hba->t && hab->point == hba->point;
    counts.mirrored += mirror ? 1 : 0;
    check(hab, ea, eb, v, qa, qb, "(a, b): ", true);
    check(hba, eb, ea, minus_v, qb, qa, "(b, a): ", !mirror);
    if (i % 512 == 0) {
      // Dense time sampling, judged exactly.
      ++counts.sampled;
      for (int k = 0; k <= 512; ++k) {
        t = mpq_class(k, 512);
        ref::moved_into(moved, eb, t, v);
        if (ref::classify(ea, moved, tol) != ref::Exact::overlap_clear) continue;
        for (const auto* h : {&hab, &hba}) {
          if (!*h || !(static_cast<double>((*h)->t) <= static_cast<double>(k) / 512)) {
            fail("sampled time " + std::to_string(k) + "/512 overlaps clearly before the contact");
          }
        }
        break;
      }
    }
  }
  run.finish("hits at t = 0 " + std::to_string(counts.started) + "  budget spent " +
             std::to_string(counts.budget) + "  time-sampled " + std::to_string(counts.sampled) +
             "  mirrored orders " + std::to_string(counts.mirrored));
}

}  // namespace collide2d::property

// The tests of one pair: ShapeCastProperty.A_B_float and _double.
#define COLLIDE2D_SHAPE_CAST_TESTS(A, B) \
  COLLIDE2D_PROPERTY_TESTS(ShapeCastProperty, run_shape_cast, A, B)
