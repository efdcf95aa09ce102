// Scene::overlapping_pairs of float boxes runs one of three joins: the AVX2 join on CPUs that
// have it (src/scene/obb_pairs_avx2.hpp), the SSE2 kernel elsewhere (obb_pair_kernel.hpp), and
// the generic walk for wide leaves (the AVX2 join needs a node size that is a multiple of 8). Each
// must give the exact test's pairs (overlaps(Obb, Obb) on every pair, brute force), and the first
// two the same pairs in the same order, on boxes that touch exactly (integer lattice), boxes whose
// centres are the same bits (the AVX2 join's order keys tie) and equal boxes, before and after
// every box moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "collide2d/collide2d.hpp"
#include "scene/obb_pairs_avx2.hpp"

namespace {

using namespace collide2d;

// Seeded boxes: a third rotated at random, a third axis-aligned on the integer lattice (many
// touching exactly), a third sharing the centre of an earlier box (some equal to it).
std::vector<Obb<float>> make_boxes(int count, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> position(0.0f, 60.0f), size(0.5f, 6.0f);
  std::uniform_real_distribution<float> angle(-3.2f, 3.2f);
  std::uniform_int_distribution<int> cell(0, 30), extent(1, 4);
  std::vector<Obb<float>> boxes;
  while (int(boxes.size()) < count) {
    switch (boxes.size() % 3) {
      case 0:
        boxes.push_back(
            make_obb<float>({position(rng), position(rng)}, size(rng), size(rng), angle(rng))
                .value());
        break;
      case 1:
        boxes.push_back(make_obb<float>({float(cell(rng)), float(cell(rng))}, float(extent(rng)),
                                        float(extent(rng)), 0.0f)
                            .value());
        break;
      default: {
        Obb<float> box =
            boxes[std::uniform_int_distribution<std::size_t>(0, boxes.size() - 1)(rng)];
        if (rng() % 2 == 0)
          box = make_obb<float>(box.center, size(rng), size(rng), angle(rng)).value();
        boxes.push_back(box);
      }
    }
  }
  return boxes;
}

std::vector<ShapePair> brute_force(const std::vector<Obb<float>>& boxes,
                                   const std::vector<ShapeId>& ids) {
  std::vector<ShapePair> pairs;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    for (std::size_t j = i + 1; j < boxes.size(); ++j) {
      if (overlaps(boxes[i], boxes[j]))
        pairs.push_back({std::min(ids[i], ids[j]), std::max(ids[i], ids[j])});
    }
  }
  std::sort(pairs.begin(), pairs.end(), [](ShapePair a, ShapePair b) {
    return a.first != b.first ? a.first < b.first : a.second < b.second;
  });
  return pairs;
}

std::vector<ShapePair> sorted(std::vector<ShapePair> pairs) {
  std::sort(pairs.begin(), pairs.end(), [](ShapePair a, ShapePair b) {
    return a.first != b.first ? a.first < b.first : a.second < b.second;
  });
  return pairs;
}

// Turns the AVX2 join back on when a test ends, whatever it asserted.
struct Avx2Allowed {
  ~Avx2Allowed() { detail::set_obb_pairs_avx2_allowed(true); }
};

TEST(ScenePairKernels, Avx2AndSse2JoinsGiveTheExactPairsInOneOrder) {
  const Avx2Allowed restore;
  for (const int node_size : {4, 8, 16, 24, 64, 128}) {
    for (const unsigned seed : {1u, 2u}) {
      std::vector<Obb<float>> boxes = make_boxes(1500, seed);
      SceneOptions<float> options;
      options.node_size = node_size;
      options.index = IndexChoice::packed;
      Scene<float> scene(options);
      std::vector<ShapeId> ids;
      for (const Obb<float>& box : boxes)
        ids.push_back(scene.add(box));
      std::mt19937 rng(seed + 100);
      for (int round = 0; round < 2; ++round) {
        const auto where = ::testing::Message()
                           << "node size " << node_size << ", seed " << seed << ", round " << round;
        detail::set_obb_pairs_avx2_allowed(true);
        const std::vector<ShapePair> first = scene.overlapping_pairs({}, 1);
        detail::set_obb_pairs_avx2_allowed(false);
        const std::vector<ShapePair> second = scene.overlapping_pairs({}, 1);
        ASSERT_TRUE(first == second) << where << ": the joins differ";
        const std::vector<ShapePair> expected = brute_force(boxes, ids);
        ASSERT_GT(expected.size(), boxes.size()) << where;
        ASSERT_TRUE(sorted(first) == expected)
            << where << ": " << first.size() << " pairs, expected " << expected.size();
        // Every box moves (the packed tree is refit, not rebuilt), some onto lattice points.
        std::uniform_int_distribution<int> step(-2, 2);
        for (std::size_t i = 0; i < boxes.size(); ++i) {
          boxes[i].center += Vec2<float>{float(step(rng)), float(step(rng))};
          scene.set_shape(ids[i], boxes[i]);
        }
      }
    }
  }
}

// Two boxes with the same centre and different rotations: the join's order keys tie, and the
// pair is decided by the scalar test (which compares the rest of the bytes). Checkable on paper:
// a 2 x 2 square and a 4 x 0.5 bar rotated by 45 degrees about the same centre overlap; a copy of
// the square far away does not.
TEST(ScenePairKernels, EqualCentresAndEqualBoxes) {
  const Avx2Allowed restore;
  std::vector<Obb<float>> boxes = {make_obb<float>({10, 10}, 2, 2, 0.0f).value(),
                                   make_obb<float>({10, 10}, 4, 0.5f, 0.7853982f).value(),
                                   make_obb<float>({10, 10}, 2, 2, 0.0f).value(),
                                   make_obb<float>({40, 40}, 2, 2, 0.0f).value()};
  for (const bool avx2 : {true, false}) {
    detail::set_obb_pairs_avx2_allowed(avx2);
    Scene<float> scene;
    std::vector<ShapeId> ids;
    for (const Obb<float>& box : boxes)
      ids.push_back(scene.add(box));
    scene.rebuild();
    const std::vector<ShapePair> got = sorted(scene.overlapping_pairs({}, 1));
    const std::vector<ShapePair> expected = {{ids[0], ids[1]}, {ids[0], ids[2]}, {ids[1], ids[2]}};
    EXPECT_TRUE(got == expected) << (avx2 ? "AVX2" : "SSE2") << ": " << got.size() << " pairs";
  }
}

}  // namespace
