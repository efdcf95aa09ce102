// Several threads querying one Scene at once, and the batch kernels split over threads: the
// answers equal those of one thread, and under the tsan preset ThreadSanitizer checks that no
// query writes what another reads. A Scene brought up to date by update() is read-only while it
// is queried (scene.hpp); the batch kernels split their work into fixed chunks (batch.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

#include "collide2d/collide2d.hpp"

namespace collide2d::concurrency {
namespace {

constexpr int kThreads = 4;

template <class T>
T real(std::mt19937_64& rng, double lo, double hi) {
  return static_cast<T>(lo + (hi - lo) * static_cast<double>(rng() >> 11) * 0x1.0p-53);
}

template <class T>
Obb<T> random_box(std::mt19937_64& rng, double world) {
  return make_obb(Vec2<T>{real<T>(rng, 0, world), real<T>(rng, 0, world)}, real<T>(rng, 1, 16),
                  real<T>(rng, 1, 16), real<T>(rng, -3.14, 3.14))
      .value();
}

// Every kind of query the Scene answers, in a fixed order, as one list of numbers.
template <class T>
std::vector<double> ask_everything(Scene<T>& scene, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<double> answers;
  const auto add_ids = [&](std::vector<ShapeId> ids) {
    std::sort(ids.begin(), ids.end());
    answers.push_back(-1);
    for (const ShapeId id : ids)
      answers.push_back(double(std::uint32_t(id)));
  };
  for (int q = 0; q < 20; ++q) {
    const Obb<T> region = random_box<T>(rng, 500);
    const Aabb<T> box = bounding_box(region);
    add_ids(scene.select(box, SelectMode::intersects));
    add_ids(scene.select(region, SelectMode::contains));
    add_ids(scene.hit_test(region.center));
    add_ids(scene.overlapping(Shape<T>(region)));
    add_ids(scene.candidates(box));
    const Ray<T> ray{region.center, {real<T>(rng, -1, 1), real<T>(rng, -1, 1)}, T(200)};
    for (const SceneRayHit<T>& hit : scene.raycast_all(ray)) {
      answers.push_back(double(std::uint32_t(hit.id)));
      answers.push_back(double(hit.hit.t_enter));
    }
    if (const auto closest = scene.raycast_closest(ray))
      answers.push_back(double(closest->hit.t_enter));
  }
  for (const ShapePair& p : scene.overlapping_pairs()) {
    answers.push_back(double(std::uint32_t(p.first)));
    answers.push_back(double(std::uint32_t(p.second)));
  }
  return answers;
}

template <class T>
void check_shared_scene(IndexChoice index) {
  std::mt19937_64 rng(5);
  SceneOptions<T> options;
  options.index = index;
  Scene<T> scene(options);
  for (int i = 0; i < 3000; ++i)
    scene.add(random_box<T>(rng, 500));
  scene.update();
  std::vector<std::vector<double>> expected;
  for (int t = 0; t < kThreads; ++t)
    expected.push_back(ask_everything(scene, 100 + t));
  std::vector<std::vector<double>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] { got[std::size_t(t)] = ask_everything(scene, 100 + t); });
  for (std::thread& thread : threads)
    thread.join();
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_GT(expected[std::size_t(t)].size(), 100u);
    EXPECT_EQ(got[std::size_t(t)], expected[std::size_t(t)]) << "thread " << t;
  }
}

TEST(SharedScene, ThreadsQueryOneUpdatedSceneAtOnce) {
  for (const IndexChoice index :
       {IndexChoice::automatic, IndexChoice::packed, IndexChoice::dynamic, IndexChoice::grid}) {
    check_shared_scene<float>(index);
    check_shared_scene<double>(index);
  }
}

// A scene of every kind, some shapes added after the first query (dynamic tree), some removed,
// some filtered: overlapping_pairs gives the same pairs in the same order for every thread count.
template <class T>
Scene<T> mixed_scene(IndexChoice index, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  SceneOptions<T> options;
  options.index = index;
  Scene<T> scene(options);
  auto add_some = [&](int n) {
    for (int i = 0; i < n; ++i) {
      const Obb<T> box = random_box<T>(rng, 600);
      const ShapeId id = i % 3 == 0 ? scene.add(Shape<T>(bounding_box(box)))
                         : i % 5 == 0
                             ? scene.add(Shape<T>(Circle<T>{box.center, box.half_extents.x}))
                             : scene.add(Shape<T>(box));
      if (i % 11 == 0) scene.set_filter(id, Filter{2, 0xFFFFFFFDu});  // never pairs with its own
    }
  };
  add_some(count);
  scene.update();
  add_some(count / 10);
  for (std::uint32_t id = 0; id < std::uint32_t(count); id += 17)
    scene.remove(ShapeId{id});
  scene.update();
  return scene;
}

template <class T>
void pairs_for_every_thread_count(IndexChoice index) {
  Scene<T> scene = mixed_scene<T>(index, 4000, 21);
  for (const bool strict : {false, true}) {
    QueryOptions options;
    options.exclude_touching = strict;
    // Called from several threads at once: it only reads.
    options.accept = [](ShapeId id) { return std::uint32_t(id) % 7 != 3; };
    const std::vector<ShapePair> one = scene.overlapping_pairs(options, 1);
    EXPECT_GT(one.size(), 1000u);
    for (const unsigned threads : {2u, 3u, 8u, 0u})
      EXPECT_TRUE(scene.overlapping_pairs(options, threads) == one) << threads;
  }
}

TEST(PairThreads, SamePairsInTheSameOrderForEveryThreadCount) {
  for (const IndexChoice index :
       {IndexChoice::automatic, IndexChoice::packed, IndexChoice::dynamic, IndexChoice::grid}) {
    pairs_for_every_thread_count<float>(index);
    pairs_for_every_thread_count<double>(index);
  }
}

TEST(PairThreads, AnExceptionFromThePredicateReachesTheCaller) {
  Scene<double> scene = mixed_scene<double>(IndexChoice::automatic, 4000, 22);
  QueryOptions options;
  options.accept = [](ShapeId id) -> bool {
    if (std::uint32_t(id) == 1234) throw std::runtime_error("predicate failed");
    return true;
  };
  for (const unsigned threads : {1u, 2u, 4u})
    EXPECT_THROW(scene.overlapping_pairs(options, threads), std::runtime_error) << threads;
  // The scene is unharmed and answers again.
  options.accept = nullptr;
  EXPECT_EQ(scene.overlapping_pairs(options, 2), scene.overlapping_pairs(options, 1));
}

TEST(BatchThreads, AnswersDoNotDependOnTheThreadCount) {
  std::mt19937_64 rng(9);
  ObbBatch<float> boxes;
  AabbBatch<float> aabbs;
  std::vector<BatchPair> pairs;
  for (std::uint32_t i = 0; i < 100000; ++i) {
    boxes.push_back(random_box<float>(rng, 2000));
    aabbs.push_back(bounding_box(boxes[i]));
    pairs.push_back({i, static_cast<std::uint32_t>(rng() % (i + 1))});
  }
  const Obb<float> query = random_box<float>(rng, 2000);
  const Ray<float> ray{{0, 0}, {1, 0.7f}, 3000};
  Bitmask one, many, pairs_one, pairs_many;
  RayBatchHits<float> hits_one, hits_many;
  overlaps(query, boxes, one, 1);
  overlaps(boxes, boxes, pairs, pairs_one, 1);
  raycast(ray, aabbs, hits_one, 1);
  for (const unsigned threads : {2u, 3u, 4u}) {
    overlaps(query, boxes, many, threads);
    EXPECT_EQ(many.words, one.words) << threads;
    overlaps(boxes, boxes, pairs, pairs_many, threads);
    EXPECT_EQ(pairs_many.words, pairs_one.words) << threads;
    raycast(ray, aabbs, hits_many, threads);
    EXPECT_EQ(hits_many.hit.words, hits_one.hit.words) << threads;
    EXPECT_EQ(0, std::memcmp(hits_many.t_enter.data(), hits_one.t_enter.data(),
                             hits_one.t_enter.size() * sizeof(float)));
  }
  EXPECT_GT(one.count(), 0u);
  EXPECT_GT(hits_one.hit.count(), 0u);
}

}  // namespace
}  // namespace collide2d::concurrency
