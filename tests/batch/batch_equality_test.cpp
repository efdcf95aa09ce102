// Every batch kernel against the scalar query it vectorises, element by element, on every SIMD
// target this CPU supports (Highway's SetSupportedTargetsForTest), for thread counts 1, 2, 3 and 8:
// the answers must be identical, and the ray parameters identical bit for bit.
#include <gtest/gtest.h>

// The same targets as src/batch/simd_kernels.cpp, so that every target listed here is compiled.
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_SVE | HWY_SVE2 | HWY_SVE_256 | HWY_SVE2_128 | HWY_RVV)
#endif
#include <hwy/targets.h>

#include <array>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "batch_values.hpp"
#include "collide2d/batch.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/raycast.hpp"

namespace collide2d {
namespace {

using batch_test::Values;

// Batch sizes around every vector width (1, 2, 4, 8, 16 lanes) and the 64-answer words, and one
// that spans several thread chunks (16384 answers each).
const std::vector<std::size_t> sizes = {0,  1,  2,  3,  4,  5,  7,   8,   9,   15,   16,   17,
                                        31, 32, 33, 63, 64, 65, 127, 128, 129, 1000, 40000};
const unsigned thread_counts[] = {1, 2, 3, 8};

template <class T, std::size_t F>
std::string text(const std::array<T, F>& fields) {
  std::ostringstream out;
  out << std::hexfloat << "{";
  for (const T v : fields)
    out << " " << v;
  out << " }";
  return out.str();
}
template <class T>
std::string text(const Obb<T>& s) {
  return "obb " + text(detail::ObbFields<T>::fields(s));
}
template <class T>
std::string text(const Circle<T>& s) {
  return "circle " + text(detail::CircleFields<T>::fields(s));
}
template <class T>
std::string text(const Aabb<T>& s) {
  return "aabb " + text(detail::AabbFields<T>::fields(s));
}
template <class T>
std::string text(const Ray<T>& s) {
  return "ray " + text(detail::RayFields<T>::fields(s));
}

template <class T>
bool same_bits(T a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// Counts both answers, so that a test can insist on seeing each often.
struct Tally {
  std::size_t hits = 0;
  std::size_t total = 0;
  void add(bool hit) {
    hits += hit ? 1 : 0;
    ++total;
  }
  void expect_both_common() const {
    EXPECT_GT(hits, total / 20) << "too few overlapping cases to test anything";
    EXPECT_LT(hits, total - total / 20) << "too few separated cases to test anything";
  }
};

void expect_tail_clear(const Bitmask& mask) {
  if (mask.size % 64 != 0) {
    EXPECT_EQ(mask.words.back() >> (mask.size % 64), 0u) << "bits past the end are set";
  }
}

// One query against batches of every size; make_item(values, query, on_grid).
template <class Query, class Batch, class MakeQuery, class MakeItem>
void expect_one_against_many_is_scalar(std::uint64_t seed, MakeQuery make_query,
                                       MakeItem make_item) {
  using T = typename Batch::scalar_type;
  Values<T> values(seed);
  Tally tally;
  for (const std::size_t n : sizes) {
    const int queries = n > 1000 ? 2 : 6;
    for (int q = 0; q < queries; ++q) {
      const bool on_grid = values.chance(0.3);
      const Query query = make_query(values, on_grid);
      Batch batch;
      std::vector<typename Batch::value_type> items;
      for (std::size_t i = 0; i < n; ++i) {
        items.push_back(make_item(values, query, on_grid));
        batch.push_back(items.back());
      }
      Bitmask single;
      for (const unsigned threads : thread_counts) {
        Bitmask result;
        overlaps(query, batch, result, threads);
        ASSERT_EQ(result.size, n);
        ASSERT_EQ(result.words.size(), (n + 63) / 64);
        if (threads == 1) {
          for (std::size_t i = 0; i < n; ++i) {
            const bool scalar = overlaps(query, items[i]);
            ASSERT_EQ(result[i], scalar) << text(query) << " against " << text(items[i]);
            tally.add(scalar);
          }
          expect_tail_clear(result);
          single = result;
        } else {
          ASSERT_EQ(result.words, single.words) << threads << " threads";
        }
      }
    }
  }
  tally.expect_both_common();
}

std::vector<BatchPair> random_pairs(Values<double>& values, std::size_t count, std::uint32_t size_a,
                                    std::uint32_t size_b) {
  std::vector<BatchPair> pairs(count);
  for (BatchPair& pair : pairs)
    pair = {values.below(size_a), values.below(size_b)};
  if (count > 0) pairs.back() = {size_a - 1, size_b - 1};
  return pairs;
}

template <class BatchA, class BatchB, class MakeA, class MakeB>
void expect_pairwise_is_scalar(std::uint64_t seed, MakeA make_a, MakeB make_b) {
  using T = typename BatchB::scalar_type;
  Values<T> values(seed);
  Values<double> picks(seed + 1);
  Tally tally;
  for (const std::size_t n : sizes) {
    const bool on_grid = values.chance(0.3);
    const std::uint32_t size_a = 1 + picks.below(300);
    const std::uint32_t size_b = 1 + picks.below(300);
    BatchA a;
    BatchB b;
    std::vector<typename BatchA::value_type> items_a;
    std::vector<typename BatchB::value_type> items_b;
    for (std::uint32_t i = 0; i < size_a; ++i) {
      items_a.push_back(make_a(values, on_grid));
      a.push_back(items_a.back());
    }
    for (std::uint32_t i = 0; i < size_b; ++i) {
      items_b.push_back(make_b(values, on_grid));
      b.push_back(items_b.back());
    }
    const std::vector<BatchPair> pairs = random_pairs(picks, n, size_a, size_b);
    Bitmask single;
    for (const unsigned threads : thread_counts) {
      Bitmask result;
      overlaps(a, b, pairs, result, threads);
      ASSERT_EQ(result.size, n);
      if (threads == 1) {
        for (std::size_t k = 0; k < n; ++k) {
          const auto& x = items_a[pairs[k].a];
          const auto& y = items_b[pairs[k].b];
          const bool scalar = overlaps(x, y);
          ASSERT_EQ(result[k], scalar) << text(x) << " against " << text(y);
          tally.add(scalar);
        }
        expect_tail_clear(result);
        single = result;
      } else {
        ASSERT_EQ(result.words, single.words) << threads << " threads";
      }
    }
  }
  tally.expect_both_common();
}

// The ray answer k against the scalar raycast: hit or not, and t_enter / t_exit bit for bit.
template <class T>
void expect_ray_answer(const RayBatchHits<T>& hits, std::size_t k, const Ray<T>& ray,
                       const Aabb<T>& box, Tally& tally) {
  const std::optional<RayHit<T>> scalar = raycast(ray, box);
  ASSERT_EQ(hits.hit[k], scalar.has_value()) << text(ray) << " against " << text(box);
  tally.add(scalar.has_value());
  if (scalar) {
    ASSERT_TRUE(same_bits(hits.t_enter[k], scalar->t_enter))
        << text(ray) << " against " << text(box) << ": " << hits.t_enter[k] << " vs "
        << scalar->t_enter;
    ASSERT_TRUE(same_bits(hits.t_exit[k], scalar->t_exit))
        << text(ray) << " against " << text(box) << ": " << hits.t_exit[k] << " vs "
        << scalar->t_exit;
  } else {
    ASSERT_TRUE(std::isnan(hits.t_enter[k]) && std::isnan(hits.t_exit[k]));
  }
}

template <class T>
void expect_same_ray_hits(const RayBatchHits<T>& x, const RayBatchHits<T>& y) {
  ASSERT_EQ(x.hit.words, y.hit.words);
  ASSERT_EQ(x.t_enter.size(), y.t_enter.size());
  ASSERT_EQ(x.t_exit.size(), y.t_exit.size());
  for (std::size_t i = 0; i < x.t_enter.size(); ++i) {
    ASSERT_TRUE(same_bits(x.t_enter[i], y.t_enter[i]) && same_bits(x.t_exit[i], y.t_exit[i])) << i;
  }
}

// The hit-list form against the dense form: the hit boxes, in order, with the same t bits.
template <class T>
void expect_hit_list_is_dense(const std::vector<RayBatchHit<T>>& list,
                              const RayBatchHits<T>& dense) {
  const std::vector<std::uint32_t> hit_indices = dense.hit.indices();
  ASSERT_EQ(list.size(), hit_indices.size());
  for (std::size_t j = 0; j < list.size(); ++j) {
    const std::uint32_t i = hit_indices[j];
    ASSERT_EQ(list[j].index, i);
    ASSERT_TRUE(same_bits(list[j].t_enter, dense.t_enter[i]) &&
                same_bits(list[j].t_exit, dense.t_exit[i]))
        << "box " << i << ": " << list[j].t_enter << ", " << list[j].t_exit << " vs "
        << dense.t_enter[i] << ", " << dense.t_exit[i];
  }
}

template <class T>
void expect_ray_against_many_is_scalar(std::uint64_t seed) {
  Values<T> values(seed);
  Tally tally;
  for (const std::size_t n : sizes) {
    for (int q = 0; q < (n > 1000 ? 2 : 6); ++q) {
      const bool on_grid = values.chance(0.4);
      const Ray<T> ray = values.ray(on_grid);
      AabbBatch<T> boxes;
      for (std::size_t i = 0; i < n; ++i)
        boxes.push_back(values.aabb(on_grid));
      RayBatchHits<T> single;
      for (const unsigned threads : thread_counts) {
        RayBatchHits<T> hits;
        raycast(ray, boxes, hits, threads);
        ASSERT_EQ(hits.hit.size, n);
        ASSERT_EQ(hits.t_enter.size(), n);
        if (threads == 1) {
          for (std::size_t i = 0; i < n; ++i)
            expect_ray_answer(hits, i, ray, boxes[i], tally);
          expect_tail_clear(hits.hit);
          single = hits;
        } else {
          expect_same_ray_hits(hits, single);
        }
        std::vector<RayBatchHit<T>> list{{7, T(1), T(2)}};  // replaced, not appended to
        raycast(ray, boxes, list, threads);
        expect_hit_list_is_dense(list, single);
      }
    }
  }
  tally.expect_both_common();
}

template <class T>
void expect_ray_pairs_are_scalar(std::uint64_t seed) {
  Values<T> values(seed);
  Values<double> picks(seed + 1);
  Tally tally;
  for (const std::size_t n : sizes) {
    const bool on_grid = values.chance(0.4);
    const std::uint32_t size_a = 1 + picks.below(300);
    const std::uint32_t size_b = 1 + picks.below(300);
    RayBatch<T> rays;
    AabbBatch<T> boxes;
    for (std::uint32_t i = 0; i < size_a; ++i)
      rays.push_back(values.ray(on_grid));
    for (std::uint32_t i = 0; i < size_b; ++i)
      boxes.push_back(values.aabb(on_grid));
    const std::vector<BatchPair> pairs = random_pairs(picks, n, size_a, size_b);
    RayBatchHits<T> single;
    for (const unsigned threads : thread_counts) {
      RayBatchHits<T> hits;
      raycast(rays, boxes, pairs, hits, threads);
      ASSERT_EQ(hits.hit.size, n);
      if (threads == 1) {
        for (std::size_t k = 0; k < n; ++k) {
          expect_ray_answer(hits, k, rays[pairs[k].a], boxes[pairs[k].b], tally);
        }
        single = hits;
      } else {
        expect_same_ray_hits(hits, single);
      }
    }
  }
  tally.expect_both_common();
}

template <class T>
void expect_every_kernel_is_scalar(std::uint64_t seed) {
  auto obb = [](Values<T>& v, bool grid) { return v.obb(grid); };
  auto circle = [](Values<T>& v, bool grid) { return v.circle(grid); };
  auto aabb = [](Values<T>& v, bool grid) { return v.aabb(grid); };
  // Obb items are sometimes near copies of the query: ties in the leading fields.
  auto obb_item = [](Values<T>& v, const auto& query, bool grid) {
    if constexpr (std::is_same_v<std::decay_t<decltype(query)>, Obb<T>>) {
      if (v.chance(0.2)) return v.near_copy(query);
    }
    return v.obb(grid);
  };
  auto aabb_item = [](Values<T>& v, const auto&, bool grid) { return v.aabb(grid); };
  {
    SCOPED_TRACE("obb against obbs");
    expect_one_against_many_is_scalar<Obb<T>, ObbBatch<T>>(seed, obb, obb_item);
  }
  {
    SCOPED_TRACE("circle against obbs");
    expect_one_against_many_is_scalar<Circle<T>, ObbBatch<T>>(seed + 1, circle, obb_item);
  }
  {
    SCOPED_TRACE("aabb against aabbs");
    expect_one_against_many_is_scalar<Aabb<T>, AabbBatch<T>>(seed + 2, aabb, aabb_item);
  }
  {
    SCOPED_TRACE("aabb against obbs");
    expect_one_against_many_is_scalar<Aabb<T>, ObbBatch<T>>(seed + 3, aabb, obb_item);
  }
  {
    SCOPED_TRACE("obb against aabbs");
    expect_one_against_many_is_scalar<Obb<T>, AabbBatch<T>>(seed + 4, obb, aabb_item);
  }
  {
    SCOPED_TRACE("obb pairs");
    expect_pairwise_is_scalar<ObbBatch<T>, ObbBatch<T>>(seed + 5, obb, obb);
  }
  {
    SCOPED_TRACE("circle obb pairs");
    expect_pairwise_is_scalar<CircleBatch<T>, ObbBatch<T>>(seed + 6, circle, obb);
  }
  {
    SCOPED_TRACE("aabb pairs");
    expect_pairwise_is_scalar<AabbBatch<T>, AabbBatch<T>>(seed + 7, aabb, aabb);
  }
  {
    SCOPED_TRACE("aabb obb pairs");
    expect_pairwise_is_scalar<AabbBatch<T>, ObbBatch<T>>(seed + 8, aabb, obb);
  }
  {
    SCOPED_TRACE("ray against aabbs");
    expect_ray_against_many_is_scalar<T>(seed + 9);
  }
  {
    SCOPED_TRACE("ray aabb pairs");
    expect_ray_pairs_are_scalar<T>(seed + 10);
  }
}

class EveryTarget : public testing::TestWithParam<std::int64_t> {
 protected:
  void SetUp() override { hwy::SetSupportedTargetsForTest(GetParam()); }
  void TearDown() override { hwy::SetSupportedTargetsForTest(0); }
};

TEST_P(EveryTarget, DispatchesToTheTargetUnderTest) {
  EXPECT_STREQ(batch_simd_target(), hwy::TargetName(GetParam()));
  // Natively both scalar types run on the same target (only WebAssembly splits them).
  EXPECT_STREQ(batch_simd_target<float>(), hwy::TargetName(GetParam()));
  EXPECT_STREQ(batch_simd_target<double>(), hwy::TargetName(GetParam()));
}

TEST_P(EveryTarget, FloatKernelsEqualScalar) {
  expect_every_kernel_is_scalar<float>(1000);
}
TEST_P(EveryTarget, DoubleKernelsEqualScalar) {
  expect_every_kernel_is_scalar<double>(2000);
}

INSTANTIATE_TEST_SUITE_P(Batch, EveryTarget, testing::ValuesIn(hwy::SupportedAndGeneratedTargets()),
                         [](const testing::TestParamInfo<std::int64_t>& target) {
                           return std::string(hwy::TargetName(target.param));
                         });

}  // namespace
}  // namespace collide2d
