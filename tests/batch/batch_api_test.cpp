// The batch containers and results, by hand: round trips, padding, bit access, index checks.
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "collide2d/batch.hpp"

namespace collide2d {
namespace {

TEST(Batch, StoresShapesAsGiven) {
  ObbBatch<float> boxes;
  EXPECT_TRUE(boxes.empty());
  const Obb<float> box{{1, 2}, {3, 4}, {0, 1}};
  const Obb<float> odd{{std::numeric_limits<float>::quiet_NaN(), -0.0f}, {-1, 4}, {2, 0}};
  boxes.reserve(100);
  boxes.push_back(box);
  boxes.push_back(odd);
  ASSERT_EQ(boxes.size(), 2u);
  EXPECT_EQ(boxes[0].center, box.center);
  EXPECT_EQ(boxes[0].rotation, box.rotation);
  EXPECT_TRUE(std::isnan(boxes[1].center.x));
  EXPECT_TRUE(std::signbit(boxes[1].center.y));
  EXPECT_EQ(boxes[1].half_extents.x, -1.0f);
  // Padding: the columns hold whole blocks of 64, the rest zeros.
  EXPECT_EQ(boxes.columns().column(0)[63], 0.0f);
  boxes.clear();
  EXPECT_EQ(boxes.size(), 0u);
}

TEST(Batch, HandCheckedAnswers) {
  // Unit squares at x = 0, 2, 2.5 and 4 against a unit square at 1: the first two touch it
  // (touching counts), the others are apart.
  AabbBatch<double> boxes;
  for (const double x : {0.0, 2.0, 2.5, 4.0})
    boxes.push_back({{x - 0.5, -0.5}, {x + 0.5, 0.5}});
  Bitmask hits;
  overlaps(Aabb<double>{{0.5, -0.5}, {1.5, 0.5}}, boxes, hits, 1);
  EXPECT_EQ(hits.size, 4u);
  EXPECT_EQ(hits.count(), 2u);
  EXPECT_EQ(hits.indices(), (std::vector<std::uint32_t>{0, 1}));
  EXPECT_EQ(hits.words, std::vector<std::uint64_t>{0b0011});

  RayBatchHits<double> cast;
  raycast(Ray<double>{{-2, 0}, {1, 0}}, boxes, cast, 2);
  EXPECT_EQ(cast.hit.indices(), (std::vector<std::uint32_t>{0, 1, 2, 3}));
  EXPECT_EQ(cast.t_enter, (std::vector<double>{1.5, 3.5, 4.0, 5.5}));
  EXPECT_EQ(cast.t_exit, (std::vector<double>{2.5, 4.5, 5.0, 6.5}));

  // The hit list, with the ray cut at t = 4.2: box 1 is left at the ray's end, box 2 (entered at
  // t = 4) only just reached, box 3 (entered at 5.5) not.
  std::vector<RayBatchHit<double>> list;
  raycast(Ray<double>{{-2, 0}, {1, 0}, 4.2}, boxes, list, 2);
  ASSERT_EQ(list.size(), 3u);
  const std::uint32_t index[3] = {0, 1, 2};
  const double enter[3] = {1.5, 3.5, 4.0};
  const double exit[3] = {2.5, 4.2, 4.2};
  for (std::size_t j = 0; j < 3; ++j) {
    EXPECT_EQ(list[j].index, index[j]);
    EXPECT_EQ(list[j].t_enter, enter[j]);
    EXPECT_EQ(list[j].t_exit, exit[j]);
  }
  raycast(Ray<double>{{-2, 3}, {1, 0}}, boxes, list);  // passes above every box
  EXPECT_TRUE(list.empty());
  raycast(Ray<double>{{-2, 0}, {1, 0}}, AabbBatch<double>{}, list);
  EXPECT_TRUE(list.empty());
}

TEST(Batch, RejectsPairsOutOfRange) {
  ObbBatch<float> a;
  ObbBatch<float> b;
  a.push_back({{0, 0}, {1, 1}, {1, 0}});
  b.push_back({{0, 0}, {1, 1}, {1, 0}});
  Bitmask result;
  const std::vector<BatchPair> good = {{0, 0}};
  overlaps(a, b, good, result);
  EXPECT_EQ(result.indices(), std::vector<std::uint32_t>{0});
  const std::vector<BatchPair> bad = {{0, 0}, {0, 1}};
  EXPECT_THROW(overlaps(a, b, bad, result), std::out_of_range);
}

}  // namespace
}  // namespace collide2d
