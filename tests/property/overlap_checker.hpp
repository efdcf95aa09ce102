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

template <class T, template <class> class A, template <class> class B>
class OverlapChecker {
 public:
  explicit OverlapChecker(std::string name) : name_(std::move(name)) {}

  void check(std::size_t index, const A<T>& a, const B<T>& b) {
    namespace ref = collide2d::reference;
    const OverlapAnswers answers(a, b);
    const bool ab = answers.ab;
    if (!answers.all(ab)) {
      failures_.report([&] {
        return name_ + " case " + std::to_string(index) + ": asymmetric or variant mismatch: " +
               answers.text() + "\n  " + describe_pair(a, b);
      });
      ++stats_.other_failures;
    }
    ref::set_q(tol_, tolerance<T>(std::max(scale_of(a), scale_of(b))));
    ref::exact_into(exact_a_, a);
    ref::exact_into(exact_b_, b);
    const ref::Exact e = ref::classify(exact_a_, exact_b_, tol_);
    const bool expected = ref::overlaps(e);
    ++stats_.cases;
    stats_.hits += expected ? 1 : 0;
    if (!ref::is_clear_cut(e)) {
      ++stats_.in_band;
      stats_.in_band_disagreements += ab != expected ? 1 : 0;
    } else if (ab != expected) {
      ++stats_.clear_disagreements;
      failures_.report([&] {
        return name_ + " case " + std::to_string(index) +
               ": overlaps(a, b) = " + std::to_string(ab) + " but exactly " + ref::to_string(e) +
               " (tol " + num(tol_.get_d()) + ")\n  " + describe_pair(a, b);
      });
    }
  }

  // Prints the figures and asserts that no clear-cut case and no symmetry check failed.
  void finish(const std::string& what, const std::string& pair) const {
    stats_.print(what, pair, scalar_name<T>());
    EXPECT_EQ(stats_.clear_disagreements, 0u) << name_;
    EXPECT_EQ(stats_.other_failures, 0u) << name_;
  }

  const PairStats& stats() const { return stats_; }

 private:
  std::string name_;
  PairStats stats_;
  FailureLog failures_;
  collide2d::reference::ExactShape exact_a_;  // reused: no allocation once warm
  collide2d::reference::ExactShape exact_b_;
  mpq_class tol_;
};

}  // namespace collide2d::property
