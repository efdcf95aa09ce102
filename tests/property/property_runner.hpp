// The runner of the query property tests: what every seeded run of a query on one shape pair and
// scalar type does, written once. A query's file keeps only its generator, its reference and its
// judgement:
//
//   PropertyRun<T> run("collide", pair);          // the name "collide Aabb-Obb float" seeds it
//   ExactBand<T> band;
//   for_cases<T, A, B>(contact_case_count(), generate, [&](std::size_t i, A<T>& a, B<T>& b) {
//     band.classify(a, b, run.stats);             // exact answer against tol = 64 eps(T) S
//     if (!run.agrees(answer(a, b), band)) run.fail(i, "...", details);  // both orders
//   });
//   run.finish(extra);                            // statistics line, no failure, hit rate
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "collide2d/collide2d.hpp"
#include "exact_reference.hpp"
#include "property_support.hpp"

namespace collide2d::property {

// The exact judgement of one case of a pair: both shapes in rationals (reused: no allocation once
// warm), the band tol = 64 eps(T) S with S = max(scale_of(a), scale_of(b)) and the exact overlap
// classified against it.
template <class T>
struct ExactBand {
  reference::ExactShape ea;
  reference::ExactShape eb;
  mpq_class tol;
  double scale = 0;
  reference::Exact exact = reference::Exact::apart_clear;
  bool expected = false;  // the exact answer: the shapes overlap
  bool clear = false;     // |signed separation| > tol: the library must agree

  // Classifies the case and counts it: a case, an exact yes, an in-band case.
  template <class A, class B>
  void classify(const A& a, const B& b, QueryStats& stats) {
    scale = std::max(scale_of(a), scale_of(b));
    reference::set_q(tol, tolerance<T>(scale));
    reference::exact_into(ea, a);
    reference::exact_into(eb, b);
    exact = reference::classify(ea, eb, tol);
    expected = reference::overlaps(exact);
    clear = reference::is_clear_cut(exact);
    ++stats.cases;
    stats.hits += expected ? 1 : 0;
    stats.in_band += clear ? 0 : 1;
  }
};

// `count` cases of the pair (A, B) in T: generate(a, b), then judge(i, a, b).
template <class T, template <class> class A, template <class> class B, class Generate, class Judge>
void for_cases(std::size_t count, Generate&& generate, Judge&& judge) {
  A<T> a{};
  B<T> b{};
  for (std::size_t i = 0; i < count; ++i) {
    generate(a, b);
    judge(i, a, b);
  }
}

// One run: its name ("query pair scalar") seeds its randomness, so that a failing case comes back
// when that test runs alone; failures are shown in full for the first few, then only counted.
template <class T>
class PropertyRun {
 public:
  PropertyRun(const std::string& query, const std::string& pair)
      : query_(query),
        pair_(pair),
        name_(query + " " + pair + " " + scalar_name<T>()),
        random_(seed_of(name_)) {}

  QueryStats stats;

  const std::string& name() const { return name_; }
  Random& random() { return random_; }

  // A broken property of case i; details() describes the case (only called for those shown).
  template <class Details>
  void fail(std::size_t i, const std::string& what, const Details& details) {
    ++stats.failures;
    log_.report(
        [&] { return name_ + " case " + std::to_string(i) + ": " + what + "\n  " + details(); });
  }

  // One yes/no answer against the exact one: false on a clear-cut disagreement (counted; the
  // caller reports it), true otherwise (an in-band disagreement is only counted).
  bool agrees(bool answer, bool expected, bool clear) {
    if (answer == expected) return true;
    if (!clear) {
      ++stats.in_band_disagreements;
      return true;
    }
    ++stats.disagreements;
    return false;
  }
  bool agrees(bool answer, const ExactBand<T>& band) {
    return agrees(answer, band.expected, band.clear);
  }

  // The statistics line (labelled `label`, the query's name by default) and the closing checks:
  // no clear-cut disagreement, no failure and, with check_hit_rate, 30% to 70% exact yes answers.
  void finish(const std::string& extra = "", bool check_hit_rate = true) {
    finish_as(query_.c_str(), extra, check_hit_rate);
  }
  void finish_as(const char* label, const std::string& extra, bool check_hit_rate) {
    stats.print(label, pair_, scalar_name<T>(), extra);
    expect_clean(check_hit_rate);
  }
  // The same with the overlap tests' statistics line.
  void finish_overlap(bool check_hit_rate) {
    stats.print_overlap(query_, pair_, scalar_name<T>());
    expect_clean(check_hit_rate);
  }

 private:
  void expect_clean(bool check_hit_rate) {
    EXPECT_EQ(stats.disagreements, 0u) << name_;
    EXPECT_EQ(stats.failures, 0u) << name_;
    if (check_hit_rate) expect_hit_rate(stats, name_);
  }

  std::string query_;
  std::string pair_;
  std::string name_;
  Random random_;
  FailureLog log_;
};

}  // namespace collide2d::property
