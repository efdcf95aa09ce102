// Property tests of the query options (issue 17, item 4): shape_cast's CastOptions (max_time,
// stop_at_penetration; shape_cast.hpp) and collide's CollideOptions (prediction; contact.hpp), on
// nine pairs that cover every shape kind, both argument orders, float and double. A fifth of the
// contact case count each (contact_support.hpp).
//
// CastOptions. Cases of cast_case (shape_cast_property.hpp) with max_time M drawn from {1/4, 1/2,
// 1, 2, 8, +infinity} and stop_at_penetration false in half of them. The judge is the swept set
// of the plain shape_cast tests, swept along [0, M v] (for M = +infinity along [0, K v], K a power
// of two so large that B + s v is farther than 4 S from A for every s > K), with
// tol = 64 eps(T) S', S' = 2 max(scale) + 2 M' (|motion_a| + |motion_b|), M' = max(M, 1) or the
// reported t for an unbounded cast. Both orders:
//   contact    a hit iff A overlaps B swept over [0, M v], on clear-cut cases; when the shapes
//              overlap clearly at t = 0 and stop_at_penetration is false, a hit iff the motion
//              deepens the contact, dot(v, n) < 0 with n penetration's normal (|dot| within
//              1e-3 |v| |n| counts as the band);
//   range      0 <= t <= M, 1 <= iterations <= 64;
//   touching   at a reported t > 0 (iterations < 64) the shapes are within tol of touching;
//   first      at t - t / 1024 they do not overlap clearly;
//   plain      with M == 1 and stop_at_penetration, the answer is shape_cast without options,
//              bit for bit; with the shapes clearly apart at t = 0, stop_at_penetration does not
//              change the answer (bit for bit).
//
// CollideOptions. Cases of contact_case (overlapping ones thinned to 10%) with prediction p: for
// shapes apart, their distance times a factor in [0.3, 1.3] (exactly 1 in 5%: the band); for
// shapes that overlap, k / 64 of the larger shape's extent (k in 1..32); rounded to T. The judge is
// the exact distance d against p: B's exact shape grown by p overlaps A iff d <= p, classified
// against tol = 64 eps(T) (S + p). Both orders:
//   presence   point_count > 0 iff d <= p, on clear-cut cases;
//   depths     every depth is in [-p - tol, penetration depth + tol], and for shapes apart no
//              point is deeper than -d + tol (a point can not be closer than the shapes are);
//   location   every point lies within |depth| / 2 + tol of both shapes, exactly (midway);
//   overlap    where collide(a, b) has points, the predicted manifold has its normal bit for bit,
//              and each of its points within tol (point and depth);
//   variant    collide(Shape, Shape, options) gives the typed answer bit for bit.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "manifold_checks.hpp"
#include "property_runner.hpp"
#include "shape_cast_property.hpp"

namespace collide2d::property {
namespace {

// The larger side of the shape's bounding box.
template <class S>
double extent_of(const S& shape) {
  const auto box = bounding_box(shape);
  return std::max(static_cast<double>(box.max.x) - static_cast<double>(box.min.x),
                  static_cast<double>(box.max.y) - static_cast<double>(box.min.y));
}

template <class T>
bool same_hit(const std::optional<CastHit<T>>& x, const std::optional<CastHit<T>>& y) {
  if (x.has_value() != y.has_value()) return false;
  if (!x) return true;
  return x->t == y->t && x->normal == y->normal && x->point == y->point &&
         x->iterations == y->iterations;
}

// The smallest power of two K with K |v|_inf >= 4 S + 1: beyond K, B + s v is apart from A.
inline double unbounded_reach(double scale, double v_inf) {
  if (!(v_inf > 0)) return 1;
  return std::exp2(std::ceil(std::log2((4 * scale + 1) / v_inf)));
}

template <class T, template <class> class A, template <class> class B>
void run_cast_options(const std::string& pair) {
  PropertyRun<T> run("shape_cast options", pair);
  RandomShapes<T> gen(run.random());
  Random& r = run.random();
  QueryStats& stats = run.stats;
  A<T> a{};
  B<T> b{};
  Vec2<T> ma{};
  Vec2<T> mb{};
  ref::ExactShape ea, eb, swept, moved;
  ref::QPoint qa, qb, v, reach_v, minus_v;
  mpq_class tol, t, t_early;
  std::size_t unbounded = 0, ignored = 0, deepened = 0;
  constexpr double times[] = {0.25, 0.5, 1, 2, 8, std::numeric_limits<double>::infinity()};
  const std::size_t n = lattice_contact_case_count();
  for (std::size_t i = 0; i < n; ++i) {
    cast_case<T, A, B>(gen, a, ma, b, mb);
    CastOptions<T> options;
    options.max_time = static_cast<T>(times[r.integer(0, 5)]);
    options.stop_at_penetration = r.chance(0.5);
    const bool bounded = std::isfinite(options.max_time);
    unbounded += bounded ? 0 : 1;
    const auto hab = shape_cast(a, ma, b, mb, options);
    const auto hba = shape_cast(b, mb, a, ma, options);
    const double shape_scale = 2 * std::max(scale_of(a), scale_of(b));
    const double motion = inf_norm(ma) + inf_norm(mb);
    ref::exact_into(ea, a);
    ref::exact_into(eb, b);
    ref::set_q(qa, ma);
    ref::set_q(qb, mb);
    v.x = qb.x - qa.x;
    v.y = qb.y - qa.y;
    minus_v.x = -v.x;
    minus_v.y = -v.y;
    const double v_inf = std::max(std::abs(v.x.get_d()), std::abs(v.y.get_d()));
    const double reach = bounded ? static_cast<double>(options.max_time)
                                 : unbounded_reach(shape_scale / 2 + motion, v_inf);
    // An unbounded cast's positions grow with the reported time: the band grows with them.
    double furthest = std::max(1.0, bounded ? reach : 0.0);
    for (const auto* h : {&hab, &hba})
      if (*h) furthest = std::max(furthest, static_cast<double>((*h)->t));
    ref::set_q(tol, tolerance<T>(shape_scale + 2 * furthest * motion));
    const mpq_class k(reach);
    reach_v.x = k * v.x;
    reach_v.y = k * v.y;
    ref::swept_into(swept, eb, reach_v);
    const ref::Exact e = ref::classify(ea, swept, tol);
    const ref::Exact start = ref::classify(ea, eb, tol);
    bool expected = ref::overlaps(e);
    bool clear = ref::is_clear_cut(e);
    if (!options.stop_at_penetration && start != ref::Exact::apart_clear) {
      clear = clear && start == ref::Exact::overlap_clear;
      const auto p = penetration(a, b);
      if (p) {
        const double dv = v.x.get_d() * static_cast<double>(p->normal.x) +
                          v.y.get_d() * static_cast<double>(p->normal.y);
        expected = dv < 0;
        clear = clear && std::abs(dv) > 1e-3 * std::hypot(v.x.get_d(), v.y.get_d());
        (expected ? deepened : ignored) += 1;
      } else {
        clear = false;
      }
    }
    ++stats.cases;
    stats.hits += expected ? 1 : 0;
    stats.in_band += clear ? 0 : 1;
    const auto fail = [&](const std::string& what) {
      run.fail(i, what, [&] {
        return describe_pair(a, b) + "\n  motion_a = " + describe(ma) +
               ", motion_b = " + describe(mb) + "\n  max_time " + num(options.max_time) +
               " stop_at_penetration " + (options.stop_at_penetration ? "true" : "false") +
               "\n  shape_cast(a, b): " + describe_hit(hab) +
               "\n  shape_cast(b, a): " + describe_hit(hba) + "\n  swept: exactly " +
               ref::to_string(e) + ", at t = 0: " + ref::to_string(start) + " (tol " +
               num(tol.get_d()) + ")";
      });
    };
    for (const auto* h : {&hab, &hba}) {
      if (!run.agrees(h->has_value(), expected, clear)) {
        fail(h->has_value() ? "contact reported, but the swept shapes are apart (or the initial "
                              "contact is not deepened)"
                            : "no contact, but the swept shapes overlap");
      }
    }
    const auto check = [&](const std::optional<CastHit<T>>& h, const ref::ExactShape& ef,
                           const ref::ExactShape& es, const ref::QPoint& rel, const char* order) {
      if (!h) return;
      const std::string o = order;
      if (h->iterations < 1 || h->iterations > 64) fail(o + "iterations outside [1, 64]");
      if (!(h->t >= T(0) && h->t <= options.max_time)) return fail(o + "t outside [0, max_time]");
      if (!(h->t > T(0)) || h->iterations == 64) return;
      ref::set_q(t, h->t);
      ref::moved_into(moved, es, t, rel);
      if (ref::is_clear_cut(ref::classify(ef, moved, tol)))
        fail(o + "not touching at the reported t");
      t_early = t - t / 1024;
      ref::moved_into(moved, es, t_early, rel);
      if (ref::classify(ef, moved, tol) == ref::Exact::overlap_clear)
        fail(o + "the shapes overlap clearly at t - t / 1024: the contact is not the first");
    };
    check(hab, ea, eb, v, "(a, b): ");
    check(hba, eb, ea, minus_v, "(b, a): ");
    if (options.max_time == T(1) && options.stop_at_penetration &&
        (!same_hit(hab, shape_cast(a, ma, b, mb)) || !same_hit(hba, shape_cast(b, mb, a, ma)))) {
      fail("default options differ from shape_cast without options");
    }
    if (start == ref::Exact::apart_clear) {
      CastOptions<T> other = options;
      other.stop_at_penetration = !options.stop_at_penetration;
      if (!same_hit(hab, shape_cast(a, ma, b, mb, other)))
        fail("stop_at_penetration changed the answer of shapes apart at t = 0");
    }
    const Shape<T> va = a;
    const Shape<T> vb = b;
    if (!same_hit(shape_cast(va, ma, vb, mb, options), hab))
      fail("shape_cast(Shape, Shape, options) differs from the typed call");
  }
  run.finish("unbounded " + std::to_string(unbounded) + "  initial contacts deepened " +
                 std::to_string(deepened) + "  ignored " + std::to_string(ignored),
             false);
}

template <class T, template <class> class A, template <class> class B>
void run_prediction(const std::string& pair) {
  PropertyRun<T> run("collide prediction", pair);
  RandomShapes<T> gen(run.random());
  Random& r = run.random();
  ExactBand<T> band;
  QueryStats raw;  // the plain overlap, classified by band; run.stats counts d <= p
  ref::ExactShape grown, point;
  mpq_class tol, reach;
  std::size_t speculative = 0;
  // Overlapping cases are thinned so that about half of the cases are within p; the generator
  // uses the library's answers only to aim, the judge is exact.
  const auto generate = [&](A<T>& a, B<T>& b) {
    do {
      contact_case<T, A, B>(gen, a, b);
    } while (overlaps(a, b) && r.chance(0.9));
  };
  for_cases<T, A, B>(lattice_contact_case_count(), generate, [&](std::size_t i, A<T>& a, B<T>& b) {
    band.classify(a, b, raw);
    const double size = std::max({extent_of(a), extent_of(b), 1e-3 * band.scale});
    CollideOptions<T> options;
    // p around the shapes' own gap when they are apart (10% exactly it: the band), else a
    // fraction of their size.
    const double gap = static_cast<double>(distance(a, b).distance);
    const double around = r.chance(0.05) ? 1.0 : r.uniform(0.3, 1.3);
    const bool apart = gap > 1e-6 * size;  // not touching to rounding (near-contact cases)
    options.prediction = static_cast<T>(apart ? gap * around : size * r.integer(1, 32) / 64);
    const double p = static_cast<double>(options.prediction);
    const double tol_d = tolerance<T>(band.scale + p);
    ref::set_q(tol, tol_d);
    grown = band.eb;
    grown.radius += ref::to_q(p);
    const ref::Exact e = ref::classify(band.ea, grown, tol);
    const bool expected = ref::overlaps(e);
    const bool clear = ref::is_clear_cut(e);
    ++run.stats.cases;
    run.stats.hits += expected ? 1 : 0;
    run.stats.in_band += clear ? 0 : 1;
    const Manifold<T> mab = collide(a, b, options);
    const Manifold<T> mba = collide(b, a, options);
    const Manifold<T> plain_ab = collide(a, b);
    const Manifold<T> plain_ba = collide(b, a);
    const auto details = [&] {
      return describe_pair(a, b) + "\n  prediction " + num(options.prediction) +
             "\n  collide(a, b, prediction): " + describe_manifold(mab) +
             "\n  collide(b, a, prediction): " + describe_manifold(mba) +
             "\n  collide(a, b): " + describe_manifold(plain_ab) +
             "\n  exactly within p: " + ref::to_string(e) +
             ", overlap: " + ref::to_string(band.exact) + " (tol " + num(tol_d) + ")";
    };
    // The exact distance, for the "no closer than the shapes" bound on apart shapes.
    const double distance =
        band.expected
            ? 0.0
            : std::max(0.0, std::sqrt(ref::core_distance_squared(band.ea, band.eb).get_d()) -
                                mpq_class(band.ea.radius + band.eb.radius).get_d());
    const auto check = [&](const auto& first, const auto& second, const ref::ExactShape& ef,
                           const ref::ExactShape& es, const Manifold<T>& m,
                           const Manifold<T>& plain, const char* order) {
      const std::string o = order;
      if (!run.agrees(m.point_count > 0, expected, clear))
        run.fail(i, o + (m.point_count > 0 ? "points reported" : "points missing"), details);
      if (m.point_count < 0 || m.point_count > 2) return run.fail(i, o + "bad count", details);
      const auto pen = penetration(first, second);
      const double deepest = pen ? static_cast<double>(pen->depth) : 0.0;
      for (int k = 0; k < m.point_count; ++k) {
        const double d = static_cast<double>(m.points[k].depth);
        if (!(d >= -p - tol_d) || !(d <= deepest + tol_d))
          run.fail(i, o + "depth outside [-prediction, penetration depth]", details);
        if (!band.expected && !(d <= -distance + tol_d))
          run.fail(i, o + "a point deeper than the gap between the shapes", details);
        ref::exact_into(point, m.points[k].point);
        ref::set_q(reach, std::abs(d) / 2);
        reach += tol;
        if (!ref::within_distance(point, ef, reach) || !ref::within_distance(point, es, reach))
          run.fail(i, o + "a point farther than |depth| / 2 + tol from a shape", details);
      }
      if (plain.point_count > 0) {
        if (!(m.normal == plain.normal))
          run.fail(i, o + "the normal differs from collide's without prediction", details);
        for (int k = 0; k < plain.point_count; ++k) {
          bool found = false;
          for (int j = 0; j < m.point_count; ++j) {
            const double dx = static_cast<double>(m.points[j].point.x - plain.points[k].point.x);
            const double dy = static_cast<double>(m.points[j].point.y - plain.points[k].point.y);
            const double dd =
                static_cast<double>(m.points[j].depth) - static_cast<double>(plain.points[k].depth);
            found = found || (std::hypot(dx, dy) <= tol_d && std::abs(dd) <= tol_d);
          }
          if (!found) run.fail(i, o + "a point of collide(a, b) is missing", details);
        }
      }
      for (int k = 0; k < m.point_count; ++k)
        speculative += m.points[k].depth < T(0) ? 1 : 0;
    };
    check(a, b, band.ea, band.eb, mab, plain_ab, "(a, b): ");
    check(b, a, band.eb, band.ea, mba, plain_ba, "(b, a): ");
    const Shape<T> va = a;
    const Shape<T> vb = b;
    if (!same(collide(va, vb, options), mab))
      run.fail(i, "collide(Shape, Shape, options) differs from the typed call", details);
  });
  run.finish("speculative points " + std::to_string(speculative));
}

// Every kind of shape on each side, thin and solid.
#define COLLIDE2D_OPTION_PAIRS(X) \
  X(Point, ConvexPolygon)         \
  X(Segment, Segment)             \
  X(Segment, Capsule)             \
  X(Circle, Circle)               \
  X(Circle, Obb)                  \
  X(Capsule, ConvexPolygon)       \
  X(Aabb, Obb)                    \
  X(Obb, Obb)                     \
  X(ConvexPolygon, ConvexPolygon)

#define COLLIDE2D_CAST_OPTION_TESTS(A, B) \
  COLLIDE2D_PROPERTY_TESTS(CastOptionsProperty, run_cast_options, A, B)
#define COLLIDE2D_PREDICTION_TESTS(A, B) \
  COLLIDE2D_PROPERTY_TESTS(CollidePredictionProperty, run_prediction, A, B)
COLLIDE2D_OPTION_PAIRS(COLLIDE2D_CAST_OPTION_TESTS)
COLLIDE2D_OPTION_PAIRS(COLLIDE2D_PREDICTION_TESTS)

}  // namespace
}  // namespace collide2d::property
