// Property tests of collide(a, b) (contact.hpp: the contact manifold) for all 28 shape pairs, both
// argument orders, float and double.
//
// RandomManifold: the cases of contact_case (contact_support.hpp), with the band tol = 64 eps(T) S,
// S = max(scale_of(a), scale_of(b)). For both orders (first, second):
//   presence     point_count > 0 iff the shapes overlap exactly, on clear-cut cases; point_count
//                is in [0, 2], and > 0 exactly when penetration() has a value;
//   normal       equals penetration()'s normal, bit for bit (contact.hpp: "The normal equals
//                penetration's");
//   depths       each point's depth is in [0, penetration depth + tol'] (tol' = 64 eps(T) (S +
//                depth));
//   location     each point lies within depth / 2 + tol' of both shapes, exactly (the points are
//                "midway between the two surfaces");
//   variant      collide(Shape, Shape) gives the typed answer, bit for bit.
//   Where collide(b, a) mirrors collide(a, b) exactly (opposite normal, the same points and
//   depths), the location checks of (b, a) are the same exact questions and are not asked twice.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "manifold_checks.hpp"
#include "property_runner.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
namespace {

template <class T, template <class> class A, template <class> class B>
void run_random(const std::string& pair) {
  PropertyRun<T> run("collide", pair);
  RandomShapes<T> gen(run.random());
  ExactBand<T> band;
  std::size_t two_points = 0;
  std::size_t mirrors = 0;
  const auto generate = [&](A<T>& a, B<T>& b) { contact_case<T, A, B>(gen, a, b); };
  for_cases<T, A, B>(contact_case_count(), generate, [&](std::size_t i, A<T>& a, B<T>& b) {
    band.classify(a, b, run.stats);
    const Manifold<T> mab = collide(a, b);
    const Manifold<T> mba = collide(b, a);
    const auto details = [&] {
      return describe_pair(a, b) + "\n  collide(a, b): " + describe_manifold(mab) +
             "\n  collide(b, a): " + describe_manifold(mba) + "\n  exactly " +
             ref::to_string(band.exact) + " (tol " + num(band.tol.get_d()) + ")";
    };
    for (const Manifold<T>* m : {&mab, &mba}) {
      const bool has = m->point_count > 0;
      two_points += m->point_count == 2 ? 1 : 0;
      if (!run.agrees(has, band)) {
        run.fail(i, std::string("contact ") + (has ? "reported" : "missing"), details);
      }
    }
    const std::string ab = check_manifold(a, b, band.ea, band.eb, mab);
    if (!ab.empty()) run.fail(i, "(a, b): " + ab, details);
    const bool mirror = mirrored(mab, mba);
    mirrors += mirror ? 1 : 0;
    const std::string ba = check_manifold(b, a, band.eb, band.ea, mba, !mirror);
    if (!ba.empty()) run.fail(i, "(b, a): " + ba, details);
    const Shape<T> va = a;
    const Shape<T> vb = b;
    if (!same(collide(va, vb), mab) || !same(collide(vb, va), mba)) {
      run.fail(i, "collide(Shape, Shape) differs from the typed call", details);
    }
  });
  run.finish("two-point manifolds " + std::to_string(two_points) + "  mirrored orders " +
             std::to_string(mirrors));
}

#define COLLIDE2D_COLLIDE_TESTS(A, B) COLLIDE2D_PROPERTY_TESTS(ManifoldProperty, run_random, A, B)
COLLIDE2D_ALL_SHAPE_PAIRS(COLLIDE2D_COLLIDE_TESTS)

}  // namespace
}  // namespace collide2d::property
