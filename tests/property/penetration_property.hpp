// Property tests of penetration(a, b) for all 28 shape pairs, both argument orders, float and
// double (contact.hpp: the minimum translation that separates the shapes).
//
// Cases: contact_case (contact_support.hpp): random, near-contact (bisection to where overlaps()
// flips), deep (one shape well inside the other) and coincident-centre cases, 15% far from the
// origin. With S = max(scale_of(a), scale_of(b)) and the band tol = 64 eps(T) S (as in the
// overlap tests), every case checks, for both orders (first, second) = (a, b) and (b, a):
//
//   presence   penetration has a value iff the shapes overlap exactly, on clear-cut cases;
//   unit       | |normal| - 1 | <= 8 eps(T); depth finite and >= 0;
//   separate   second moved by normal * (depth + eps) does not overlap first, exactly;
//   not less   second moved by normal * (depth - eps) still overlaps first, exactly (when
//              depth >= eps; a smaller push is not a translation along the normal),
//              with eps = 2 tol', tol' = 64 eps(T) (S + depth): each coordinate of the moved shape
//              is rounded once (far below tol'), and the library may err by up to tol' in depth
//              and in normal * extent before a check fails;
//   swap       penetration(b, a) has the same depth within tol' and the opposite normal: within
//              1024 eps(T), or within the band as a translation (|depth (n_ab + n_ba)| <= tol').
//              Where a configuration has two minimal translations (coincident circle centres get
//              the documented (0, 1) in both orders; identical boxes tie on their axes) the
//              swapped normal may differ: such a case counts as a tie, and passes only when the
//              swapped normal, negated, is itself a verified minimal translation of (a, b);
//   variant    penetration(Shape, Shape) gives the typed answer, bit for bit.
// Where penetration(b, a) is exactly (-n, d) for penetration(a, b) = (n, d) (counted as mirrored),
// the separate / not-less checks of (b, a) would move A by -n (d +- eps), the displacement already
// checked on (a, b) up to sub-ulp rounding, and are not repeated.
//
// The tests are instantiated in penetration_thin_test.cpp and penetration_solid_test.cpp
// (shape_pairs.hpp), so that the two halves compile in parallel.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>

#include "contact_support.hpp"
#include "property_runner.hpp"

namespace collide2d::property {

enum class MtvCheck { ok, failed, skipped };

// The separate / not-less checks of one order: `second` moved along the normal.
template <class T, class F, class S>
MtvCheck check_mtv(const F& first, const S& second, const ref::ExactShape& exact_first,
                   Vec2<T> normal, T depth, std::string& why) {
  const double nx = static_cast<double>(normal.x);
  const double ny = static_cast<double>(normal.y);
  const double d = static_cast<double>(depth);
  const double eps_t = static_cast<double>(std::numeric_limits<T>::epsilon());
  if (!(std::abs(std::hypot(nx, ny) - 1.0) <= 8 * eps_t)) {
    why = "normal is not a unit vector";
    return MtvCheck::failed;
  }
  if (!(d >= 0) || !std::isfinite(d)) {
    why = "depth is negative or not finite";
    return MtvCheck::failed;
  }
  const double eps = 2 * tolerance<T>(std::max(scale_of(first), scale_of(second)) + d);
  thread_local ref::ExactShape moved_exact;
  S moved{};
  if (!translated(second, nx * (d + eps), ny * (d + eps), moved)) return MtvCheck::skipped;
  ref::exact_into(moved_exact, moved);
  if (ref::exact_overlaps(exact_first, moved_exact)) {
    why = "moved by normal * (depth + eps) they still overlap (eps " + num(eps) + ")";
    return MtvCheck::failed;
  }
  if (d >= eps) {
    if (!translated(second, nx * (d - eps), ny * (d - eps), moved)) return MtvCheck::skipped;
    ref::exact_into(moved_exact, moved);
    if (!ref::exact_overlaps(exact_first, moved_exact)) {
      why = "moved by normal * (depth - eps) they are apart (eps " + num(eps) + ")";
      return MtvCheck::failed;
    }
  }
  return MtvCheck::ok;
}

template <class T>
std::string describe_penetration(const std::optional<Penetration<T>>& p) {
  if (!p) return "none";
  return "normal " + describe(p->normal) + " depth " + num(p->depth);
}

template <class T>
bool same(const std::optional<Penetration<T>>& x, const std::optional<Penetration<T>>& y) {
  if (x.has_value() != y.has_value()) return false;
  return !x || (x->normal == y->normal && x->depth == y->depth);
}

template <class T, template <class> class A, template <class> class B>
void run_penetration(const std::string& pair) {
  PropertyRun<T> run("penetration", pair);
  RandomShapes<T> gen(run.random());
  ExactBand<T> band;
  std::size_t ties = 0;
  std::size_t skipped = 0;
  std::size_t deep = 0;
  std::size_t mirrors = 0;
  CaseKind case_kind = CaseKind::random;
  const auto generate = [&](A<T>& a, B<T>& b) { case_kind = contact_case<T, A, B>(gen, a, b); };
  const std::size_t n = contact_case_count();
  for_cases<T, A, B>(n, generate, [&](std::size_t i, A<T>& a, B<T>& b) {
    band.classify(a, b, run.stats);
    deep += case_kind == CaseKind::deep && band.exact == ref::Exact::overlap_clear ? 1 : 0;
    const auto pab = penetration(a, b);
    const auto pba = penetration(b, a);
    const auto details = [&] {
      return describe_pair(a, b) + "\n  penetration(a, b): " + describe_penetration(pab) +
             "\n  penetration(b, a): " + describe_penetration(pba) + "\n  exactly " +
             ref::to_string(band.exact) + " (tol " + num(band.tol.get_d()) + ")";
    };
    const auto fail = [&](const std::string& what) { run.fail(i, what, details); };
    for (const bool has : {pab.has_value(), pba.has_value()}) {
      if (!run.agrees(has, band))
        fail(std::string("penetration ") + (has ? "reported" : "missing"));
    }
    std::string why;
    const auto verify = [&](MtvCheck check, const char* order) {
      if (check == MtvCheck::skipped) ++skipped;
      if (check == MtvCheck::failed) fail(std::string(order) + ": " + why);
      return check == MtvCheck::ok;
    };
    const bool ab_ok =
        pab && verify(check_mtv(a, b, band.ea, pab->normal, pab->depth, why), "(a, b)");
    // penetration(b, a) mirroring (a, b) exactly moves A by -n (d +- eps): the same relative
    // displacement as (a, b)'s check, up to the rounding of the moved coordinates (below an ulp of
    // them, against eps = 2 tol'), so it is not asked twice.
    const bool mirror = pab && pba && pba->normal == -pab->normal && pba->depth == pab->depth;
    mirrors += mirror ? 1 : 0;
    const bool ba_ok =
        pba && (mirror || verify(check_mtv(b, a, band.eb, pba->normal, pba->depth, why), "(b, a)"));
    if (ab_ok && ba_ok) {
      const double d = static_cast<double>(pab->depth);
      const double tie_band = tolerance<T>(band.scale + d);
      if (!(std::abs(d - static_cast<double>(pba->depth)) <= tie_band)) fail("depths differ");
      const double sx = static_cast<double>(pab->normal.x) + static_cast<double>(pba->normal.x);
      const double sy = static_cast<double>(pab->normal.y) + static_cast<double>(pba->normal.y);
      const double off = std::max(std::abs(sx), std::abs(sy));
      const double eps_t = static_cast<double>(std::numeric_limits<T>::epsilon());
      if (!(off <= 1024 * eps_t) && !(d * off <= tie_band)) {
        // A second minimal translation? Then -n_ba must pass the checks on (a, b) too.
        if (check_mtv(a, b, band.ea, -pba->normal, pab->depth, why) == MtvCheck::ok) {
          ++ties;
        } else {
          fail("normals are not opposite and -n_ba is no minimal translation of (a, b): " + why);
        }
      }
    }
    const Shape<T> va = a;
    const Shape<T> vb = b;
    if (!same(penetration(va, vb), pab) || !same(penetration(vb, va), pba)) {
      fail("penetration(Shape, Shape) differs from the typed call");
    }
  });
  run.finish("ties " + std::to_string(ties) + "  deep " + std::to_string(deep) +
             "  skipped moves " + std::to_string(skipped) + "  mirrored orders " +
             std::to_string(mirrors));
  EXPECT_LE(skipped, n / 100) << run.name() << ": too many translated polygons were invalid";
}

}  // namespace collide2d::property

// The tests of one pair: PenetrationProperty.A_B_float and _double.
#define COLLIDE2D_PENETRATION_TESTS(A, B) \
  COLLIDE2D_PROPERTY_TESTS(PenetrationProperty, run_penetration, A, B)
