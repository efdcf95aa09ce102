// Determinism of the narrow-phase queries: the digest of a fixed workload (workload.hpp) is the
// same when computed twice, when computed by several threads at the same time (each the whole
// workload: no query keeps shared mutable state), and however the cases are split between
// threads. The tsan preset runs these tests under ThreadSanitizer; the ctest test
// determinism_across_runs compares the digests of separate processes (digest_main.cpp).
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "workload.hpp"

namespace collide2d::concurrency {
namespace {

constexpr std::size_t kCases = 3000;

template <class T>
class DeterminismTest : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(DeterminismTest, Scalars);

template <class T>
std::vector<std::uint64_t> digests_split(const std::vector<Case<T>>& cases, int threads) {
  std::vector<std::uint64_t> out(cases.size());
  std::vector<std::thread> workers;
  const std::size_t chunk =
      (cases.size() + static_cast<std::size_t>(threads) - 1) / static_cast<std::size_t>(threads);
  for (int t = 0; t < threads; ++t) {
    const std::size_t begin = std::min(cases.size(), chunk * static_cast<std::size_t>(t));
    const std::size_t end = std::min(cases.size(), begin + chunk);
    workers.emplace_back([&, begin, end] { case_digests(cases, begin, end, out.data()); });
  }
  for (std::thread& w : workers)
    w.join();
  return out;
}

TYPED_TEST(DeterminismTest, SameAnswersTwice) {
  using T = TypeParam;
  const auto cases = make_workload<T>(kCases, 7);
  EXPECT_EQ(digests_split(cases, 1), digests_split(cases, 1));
  // A second workload from the same seed is the same workload.
  EXPECT_EQ(combined<T>(digests_split(make_workload<T>(kCases, 7), 1)),
            combined<T>(digests_split(cases, 1)));
}

TYPED_TEST(DeterminismTest, SameAnswersForEveryThreadCount) {
  using T = TypeParam;
  const auto cases = make_workload<T>(kCases, 11);
  const std::vector<std::uint64_t> single = digests_split(cases, 1);
  for (int threads : {2, 3, 8})
    EXPECT_EQ(digests_split(cases, threads), single) << threads;
}

TYPED_TEST(DeterminismTest, ThreadsQueryingAtOnceAgree) {
  using T = TypeParam;
  const auto cases = make_workload<T>(kCases / 2, 13);
  const std::uint64_t expected = combined<T>(digests_split(cases, 1));
  constexpr int kThreads = 4;
  std::vector<std::uint64_t> results(kThreads);
  std::vector<std::thread> workers;
  for (int t = 0; t < kThreads; ++t)
    workers.emplace_back([&, t] {
      std::vector<std::uint64_t> own(cases.size());
      case_digests(cases, 0, cases.size(), own.data());
      results[static_cast<std::size_t>(t)] = combined<T>(own);
    });
  for (std::thread& w : workers)
    w.join();
  for (std::uint64_t r : results)
    EXPECT_EQ(r, expected);
}

// The workload is not degenerate: the digests differ between cases, and both answers of
// overlaps occur (a digest of constant answers would agree with anything).
TYPED_TEST(DeterminismTest, WorkloadIsVaried) {
  using T = TypeParam;
  const auto cases = make_workload<T>(kCases, 7);
  std::vector<std::uint64_t> d = digests_split(cases, 1);
  std::size_t overlapping = 0;
  for (const auto& c : cases)
    overlapping += overlaps(c.a, c.b) ? 1 : 0;
  EXPECT_GT(overlapping, kCases / 5);
  EXPECT_LT(overlapping, kCases * 4 / 5);
  std::sort(d.begin(), d.end());
  EXPECT_GT(std::unique(d.begin(), d.end()) - d.begin(), static_cast<long>(kCases * 9 / 10));
}

}  // namespace
}  // namespace collide2d::concurrency
