// Property tests of distance, penetration, collide and shape_cast for a RoundedPolygon against
// every shape and itself (collide2d/rounded.hpp: the polygon as a convex core with a radius), both
// argument orders, float and double, against the exact reference in GMP rationals (a polygon core
// swept by the radius). Cases: rounded_case (rounded_support.hpp), 30% moved by bisection to where
// overlaps() flips, 15% far from the origin, plus 15% with B small and deep inside A. Band:
// tol = 64 eps(T) S as in the other property tests. Per case, both orders:
//   RoundedDistance     d == 0 iff the shapes overlap (clear-cut cases); check_distance
//                       (distance_property.hpp): |d - D| <= tol decided exactly against the core
//                       distance, |point_b - point_a| == d and each point within tol of its shape
//   RoundedPenetration  a value iff they overlap (clear-cut); check_mtv (penetration_property.hpp):
//                       B moved by normal (depth + eps) is apart exactly, by normal (depth - eps)
//                       still overlapping; the two orders' depths agree within the band
//   RoundedCollide      points iff penetration has a value; the normal is penetration's, bit for
//                       bit; every depth in [0, penetration depth + tol'] and every point within
//                       its depth + tol' of both shapes (it lies midway between the surfaces)
//   RoundedShapeCast    B moves towards A (a lateral offset, 60%), away or still (20%), or starts
//                       on A (20%): a hit iff A overlaps B swept by the relative motion
//                       (reference::swept_into, exact: no time sampling), on clear-cut cases;
//                       at a reported t > 0 the shapes are in the band of touching, and at
//                       t - 2^-10 not clearly overlapping
// A rounded polygon of radius 0 answers as its core in all four, bit for bit (check_bare).
// Cases per pair and scalar: rounded_case_count().
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

// First: the shared checks call reference::exact_into, whose RoundedPolygon overload must be
// declared before them.
#include "rounded_support.hpp"

#include "distance_property.hpp"
#include "exact_geometry.hpp"
#include "penetration_property.hpp"
#include "property_runner.hpp"

namespace collide2d::property {
namespace {

// rounded_case, or (15%) B small inside A.
template <class T, class B>
void contact_pair(RandomShapes<T>& gen, RoundedPolygon<T>& a, B& b) {
  Random& r = gen.random();
  if (!r.chance(0.15)) return rounded_case(gen, a, b, r.chance(0.35));
  const Site<T> site = gen.site();
  const double s = gen.size(site);
  make_rounded(gen, site.center, s, a);
  make_any(gen, gen.around(site.center, 0.3 * s), s * r.uniform(0.05, 0.35), b);
}

// A rounded polygon of radius 0 (1 case in 10) answers as its core, bit for bit, in every query
// (the same core, the same arithmetic).
template <class T, class B>
void check_bare(PropertyRun<T>& run, std::size_t i, const RoundedPolygon<T>& a, const B& b) {
  if (a.radius != T(0)) return;
  const DistanceResult<T> d = distance(b, a);
  const DistanceResult<T> dc = distance(b, a.core);
  const auto p = penetration(a, b);
  const auto pc = penetration(a.core, b);
  const Manifold<T> m = collide(b, a);
  const Manifold<T> mc = collide(b, a.core);
  const Vec2<T> v{T(1), T(0.5)};
  const auto c = shape_cast(a, v, b, -v);
  const auto cc = shape_cast(a.core, v, b, -v);
  bool same = d.distance == dc.distance && d.point_a == dc.point_a && d.point_b == dc.point_b &&
              p.has_value() == pc.has_value() && m.point_count == mc.point_count &&
              c.has_value() == cc.has_value();
  if (same && p) same = p->normal == pc->normal && p->depth == pc->depth;
  for (int k = 0; same && k < m.point_count; ++k)
    same = m.points[k].point == mc.points[k].point && m.points[k].depth == mc.points[k].depth;
  if (same && c) same = c->t == cc->t && c->normal == cc->normal && c->point == cc->point;
  if (!same) run.fail(i, "radius 0 answers unlike the core", [&] { return describe_pair(a, b); });
}

template <class T, template <class> class B>
void run_distance(const std::string& pair) {
  PropertyRun<T> run("rounded distance", pair);
  RandomShapes<T> gen(run.random());
  ExactBand<T> band;
  RoundedPolygon<T> a{};
  B<T> b{};
  double worst = 0;
  for (std::size_t i = 0; i < rounded_case_count(); ++i) {
    contact_pair(gen, a, b);
    band.classify(a, b, run.stats);
    check_bare(run, i, a, b);
    const DistanceResult<T> ab = distance(a, b);
    const DistanceResult<T> ba = distance(b, a);
    const auto details = [&] {
      return describe_pair(a, b) + "\n  (a, b): " + describe_result(ab) +
             "\n  (b, a): " + describe_result(ba);
    };
    for (const DistanceResult<T>* r : {&ab, &ba}) {
      if (!run.agrees(r->distance == T(0), band)) run.fail(i, "zero distance wrong", details);
    }
    double error = 0;
    std::string why = check_distance(band.ea, band.eb, ab, band.scale, error);
    worst = std::max(worst, error);
    if (!why.empty()) run.fail(i, "(a, b): " + why, details);
    why = check_distance(band.eb, band.ea, ba, band.scale, error);
    worst = std::max(worst, error);
    if (!why.empty()) run.fail(i, "(b, a): " + why, details);
  }
  run.finish("largest |d - D| " + num(worst) + " eps S");
}

template <class T, template <class> class B>
void run_penetration(const std::string& pair) {
  PropertyRun<T> run("rounded penetration", pair);
  RandomShapes<T> gen(run.random());
  ExactBand<T> band;
  RoundedPolygon<T> a{};
  B<T> b{};
  std::size_t ties = 0;
  for (std::size_t i = 0; i < rounded_case_count(); ++i) {
    contact_pair(gen, a, b);
    band.classify(a, b, run.stats);
    const auto pab = penetration(a, b);
    const auto pba = penetration(b, a);
    const auto fail = [&](const std::string& what) {
      run.fail(i, what, [&] {
        return describe_pair(a, b) + "\n  (a, b): " + describe_penetration(pab) +
               "\n  (b, a): " + describe_penetration(pba);
      });
    };
    for (const bool has : {pab.has_value(), pba.has_value()}) {
      if (!run.agrees(has, band)) fail(has ? "penetration reported" : "penetration missing");
    }
    std::string why;
    const bool ab_ok =
        pab && check_mtv(a, b, band.ea, pab->normal, pab->depth, why) == MtvCheck::ok;
    if (pab && !ab_ok) fail("(a, b): " + why);
    const bool ba_ok =
        pba && check_mtv(b, a, band.eb, pba->normal, pba->depth, why) == MtvCheck::ok;
    if (pba && !ba_ok) fail("(b, a): " + why);
    if (!(ab_ok && ba_ok)) continue;
    const double d = static_cast<double>(pab->depth);
    if (!(std::abs(d - static_cast<double>(pba->depth)) <= tolerance<T>(band.scale + d)))
      fail("depths differ");
    // Opposite normals (to rounding, or as a translation within the band), or a second minimal
    // translation (a tie) that -n_ba must then also be.
    const double off =
        std::max(std::abs(static_cast<double>(pab->normal.x) + static_cast<double>(pba->normal.x)),
                 std::abs(static_cast<double>(pab->normal.y) + static_cast<double>(pba->normal.y)));
    const double eps_t = static_cast<double>(std::numeric_limits<T>::epsilon());
    if (off <= 1024 * eps_t || d * off <= tolerance<T>(band.scale + d)) continue;
    if (check_mtv(a, b, band.ea, -pba->normal, pab->depth, why) != MtvCheck::ok)
      fail("normals not opposite and -n_ba no minimal translation: " + why);
    ++ties;
  }
  run.finish("ties " + std::to_string(ties));
}

template <class T, class S>
bool point_near(Vec2<T> p, const S& shape, double d) {
  thread_local reference::ExactShape point;
  thread_local reference::ExactShape exact_shape;
  thread_local mpq_class qd;
  reference::exact_into(point, p);
  reference::exact_into(exact_shape, shape);
  reference::set_q(qd, d);
  return reference::within_distance(point, exact_shape, qd);
}

template <class T, template <class> class B>
void run_collide(const std::string& pair) {
  PropertyRun<T> run("rounded collide", pair);
  RandomShapes<T> gen(run.random());
  ExactBand<T> band;
  RoundedPolygon<T> a{};
  B<T> b{};
  std::size_t two_points = 0;
  for (std::size_t i = 0; i < rounded_case_count(); ++i) {
    contact_pair(gen, a, b);
    band.classify(a, b, run.stats);
    const auto judge = [&](const auto& first, const auto& second, const char* order) {
      const Manifold<T> m = collide(first, second);
      const auto p = penetration(first, second);
      const auto fail = [&](const std::string& what) {
        run.fail(i, order + what, [&] { return describe_pair(a, b); });
      };
      if (!run.agrees(m.point_count > 0, band)) fail("points wrong");
      if ((m.point_count > 0) != p.has_value()) return fail("points without penetration or back");
      if (!p) return;
      if (!(m.normal == p->normal)) fail("normal is not penetration's");
      two_points += m.point_count == 2 ? 1 : 0;
      const double tol = tolerance<T>(band.scale + static_cast<double>(p->depth));
      for (int k = 0; k < m.point_count; ++k) {
        const double depth = static_cast<double>(m.points[k].depth);
        if (!(depth >= 0 && depth <= static_cast<double>(p->depth) + tol))
          fail("depth outside [0, penetration depth]");
        if (!point_near(m.points[k].point, first, depth + tol) ||
            !point_near(m.points[k].point, second, depth + tol)) {
          fail("point not within its depth of both shapes");
        }
      }
    };
    judge(a, b, "(a, b): ");
    judge(b, a, "(b, a): ");
  }
  run.finish("two-point manifolds " + std::to_string(two_points));
}

// B around A, moving: at A with a lateral offset (60%), away or still (20%), or starting on A
// (20%); the relative motion split at random between the two.
template <class T, class B>
void cast_pair(RandomShapes<T>& gen, RoundedPolygon<T>& a, Vec2<T>& ma, B& b, Vec2<T>& mb) {
  Random& r = gen.random();
  const Site<T> site = gen.site();
  const double sa = gen.size(site);
  const double sb = std::is_same_v<B, Point<T>> ? 0.0 : gen.size(site);
  make_rounded(gen, site.center, sa, a);
  const double u = r.unit();
  const double angle = r.angle();
  const double dist = (sa + sb) * (u < 0.2 ? r.uniform(0, 0.4) : r.uniform(1.2, 4.0));
  make_any(gen, shifted(site.center, dist * std::cos(angle), dist * std::sin(angle)), sb, b);
  const Vec2<double> ca = center_of(a);
  const Vec2<double> cb = center_of(b);
  Vec2<double> v{(cb.x - ca.x) * r.uniform(0.2, 2.0), (cb.y - ca.y) * r.uniform(0.2, 2.0)};
  if (u >= 0.4) {
    const double lateral = (sa + sb) * r.uniform(-1.0, 1.0);
    const double len = std::max(std::hypot(cb.x - ca.x, cb.y - ca.y), 1e-300);
    const double reach = r.uniform(0.6, 1.8);
    v = {(ca.x - cb.x + lateral * (ca.y - cb.y) / len) * reach,
         (ca.y - cb.y - lateral * (ca.x - cb.x) / len) * reach};
  }
  const double share = r.chance(0.3) ? 0.0 : r.uniform(-1, 1);
  ma = vec<T>(share * v.x, share * v.y);
  mb = vec<T>(static_cast<double>(ma.x) + v.x, static_cast<double>(ma.y) + v.y);
}

template <class T, template <class> class B>
void run_shape_cast(const std::string& pair) {
  PropertyRun<T> run("rounded shape_cast", pair);
  RandomShapes<T> gen(run.random());
  RoundedPolygon<T> a{};
  B<T> b{};
  Vec2<T> ma{};
  Vec2<T> mb{};
  reference::ExactShape ea, eb, swept, moved;
  reference::QPoint qa, qb, v;
  mpq_class tol, t;
  const mpq_class dt(1, 1024);
  std::size_t at_start = 0;
  for (std::size_t i = 0; i < rounded_case_count(); ++i) {
    cast_pair(gen, a, ma, b, mb);
    const double scale = 2 * std::max(scale_of(a), scale_of(b)) + 2 * (inf_norm(ma) + inf_norm(mb));
    reference::set_q(tol, tolerance<T>(scale));
    reference::exact_into(ea, a);
    reference::exact_into(eb, b);
    reference::set_q(qa, ma);
    reference::set_q(qb, mb);
    v = {qb.x - qa.x, qb.y - qa.y};
    reference::swept_into(swept, eb, v);
    const reference::Exact e = reference::classify(ea, swept, tol);
    ++run.stats.cases;
    run.stats.hits += reference::overlaps(e) ? 1 : 0;
    run.stats.in_band += reference::is_clear_cut(e) ? 0 : 1;
    const auto hab = shape_cast(a, ma, b, mb);
    const auto hba = shape_cast(b, mb, a, ma);
    const auto fail = [&](const std::string& what) {
      run.fail(i, what, [&] {
        return describe_pair(a, b) + "\n  motion_a = " + describe(ma) +
               ", motion_b = " + describe(mb) + "\n  swept: exactly " + reference::to_string(e);
      });
    };
    for (const auto* h : {&hab, &hba}) {
      if (!run.agrees(h->has_value(), reference::overlaps(e), reference::is_clear_cut(e)))
        fail(h->has_value() ? "contact, but the swept shapes are apart" : "no contact");
    }
    // (a, b): B moves by v relative to A.
    if (!hab) continue;
    at_start += hab->t == T(0) ? 1 : 0;
    if (!(hab->t >= T(0) && hab->t <= T(1))) fail("t outside [0, 1]");
    if (hab->t == T(0)) {
      if (reference::classify(ea, eb, tol) == reference::Exact::apart_clear)
        fail("t = 0 for shapes apart at the start");
      continue;
    }
    if (hab->iterations == 64) continue;
    reference::set_q(t, hab->t);
    reference::moved_into(moved, eb, t, v);
    if (reference::is_clear_cut(reference::classify(ea, moved, tol)))
      fail("not touching at the reported t");
    if (t > dt) {
      t -= dt;
      reference::moved_into(moved, eb, t, v);
      if (reference::classify(ea, moved, tol) == reference::Exact::overlap_clear)
        fail("overlapping clearly at t - 2^-10: not the first contact");
    }
  }
  run.finish("hits at t = 0 " + std::to_string(at_start));
}

#define COLLIDE2D_ROUNDED_CONTACT_TESTS(B)                        \
  COLLIDE2D_ROUNDED_TESTS(RoundedDistance, run_distance, B)       \
  COLLIDE2D_ROUNDED_TESTS(RoundedPenetration, run_penetration, B) \
  COLLIDE2D_ROUNDED_TESTS(RoundedCollide, run_collide, B)         \
  COLLIDE2D_ROUNDED_TESTS(RoundedShapeCast, run_shape_cast, B)
COLLIDE2D_ROUNDED_PARTNERS(COLLIDE2D_ROUNDED_CONTACT_TESTS)

}  // namespace
}  // namespace collide2d::property
