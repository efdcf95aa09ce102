// One random overlaps(a, b) case judged against the exact reference, shared by the random and the
// adversarial property tests. Each case checks
//   (1) overlaps(a, b) == overlaps(b, a)
//   (2) overlaps(Shape a, Shape b) == overlaps(a, b), both orders
//   (3) overlaps(a, b) == the exact reference whenever the case is clear-cut for the band
//       tol = 64 * epsilon(T) * scale (property_support.hpp); in-band cases are only counted.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "collide2d/collide2d.hpp"
#include "exact_reference.hpp"
#include "property_runner.hpp"
#include "property_support.hpp"

namespace collide2d::property {

// overlaps asked four ways: both argument orders, typed and through the Shape variant.
struct OverlapAnswers {
  bool ab, ba, vab, vba;

  template <class A, class B>
  OverlapAnswers(const A& a, const B& b) {
    using V = Shape<scalar_of<A>>;
    const V va = a;
    const V vb = b;
    ab = overlaps(a, b);
    ba = overlaps(b, a);
    vab = overlaps(va, vb);
    vba = overlaps(vb, va);
  }
  bool all(bool expected) const {
    return ab == expected && ba == expected && vab == expected && vba == expected;
  }
  std::string text() const {
    return "overlaps(a, b) " + std::to_string(ab) + ", (b, a) " + std::to_string(ba) +
           ", Shape (a, b) " + std::to_string(vab) + ", Shape (b, a) " + std::to_string(vba);
  }
};

// One case: the four answers agree, and match the exact one when the case is clear-cut.
template <class T, class A, class B>
void check_overlap(PropertyRun<T>& run, ExactBand<T>& band, std::size_t i, const A& a, const B& b) {
  const auto pair = [&] { return describe_pair(a, b); };
  const OverlapAnswers answers(a, b);
  if (!answers.all(answers.ab))
    run.fail(i, "asymmetric or variant mismatch: " + answers.text(), pair);
  band.classify(a, b, run.stats);
  if (!run.agrees(answers.ab, band)) {
    run.fail(i,
             "overlaps(a, b) = " + std::to_string(answers.ab) + " but exactly " +
                 reference::to_string(band.exact) + " (tol " + num(band.tol.get_d()) + ")",
             pair);
  }
}

}  // namespace collide2d::property
