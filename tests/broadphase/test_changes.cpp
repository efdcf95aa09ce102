// Long random sequences of changes: DynamicTree under add, move and remove, PackedTree under
// set_box and refit, each checked against BruteForceIndex and validate()d after every batch.
// COLLIDE2D_BROADPHASE_OPS (default 1000000) sets the number of changes per scalar type.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "scenarios.hpp"

namespace c2b {
namespace {

template <class T>
class ChangeTest : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(ChangeTest, Scalars);

constexpr int batch = 1000;

// Compares the tree with the reference, which mirrors its fat boxes: random box queries, then a
// query over everything, which must find each live proxy exactly once.
template <class T>
void check_tree(const DynamicTree<T>& tree, const BruteForceIndex<T>& reference,
                const std::vector<int>& item_of_proxy, BoxSource<T>& source, bool thorough,
                long op) {
  ASSERT_EQ(tree.validate(), "") << "after op " << op;
  ASSERT_EQ(tree.size(), reference.size());
  const Aabb<T> everything{{T(-1e4), T(-1e4)}, {T(1e4), T(1e4)}};
  std::vector<int> found, expected;
  tree.query(everything, [&](int proxy) { found.push_back(item_of_proxy[std::size_t(proxy)]); });
  reference.query(everything, expected);
  ASSERT_EQ(sorted(found), expected) << "a proxy was lost or reported twice, op " << op;
  for (int q = 0; q < (thorough ? 20 : 3); ++q) {
    const Aabb<T> box = source.query();
    found.clear();
    expected.clear();
    tree.query(box, [&](int proxy) { found.push_back(item_of_proxy[std::size_t(proxy)]); });
    reference.query(box, expected);
    ASSERT_EQ(sorted(found), expected) << "op " << op;
  }
  if (!thorough) return;
  for (int q = 0; q < 10; ++q) {
    const Ray<T> ray = source.ray();
    std::vector<std::pair<T, int>> hits;
    tree.raycast(ray, [&](int proxy, T t) { hits.emplace_back(t, item_of_proxy[proxy]); });
    ASSERT_TRUE(in_order(hits));
    ASSERT_EQ(canonical(hits), canonical(ray_hits(reference, ray))) << "op " << op;
  }
  std::vector<IndexPair> pairs, expected_pairs;
  tree.for_each_pair([&](int a, int b) {
    const int x = item_of_proxy[std::size_t(a)], y = item_of_proxy[std::size_t(b)];
    pairs.push_back({x < y ? x : y, x < y ? y : x});
  });
  reference.overlapping_pairs(expected_pairs);
  ASSERT_EQ(sorted(pairs), expected_pairs) << "op " << op;
}

TYPED_TEST(ChangeTest, DynamicTreeUnderAddMoveRemove) {
  using T = TypeParam;
  const long ops = env_count("COLLIDE2D_BROADPHASE_OPS", 1000000);
  BoxSource<T> source(Layout::uniform, 2000, 2024);
  std::mt19937& rng = source.rng();
  std::uniform_real_distribution<double> u(0, 1);
  DynamicTree<T> tree(T(0.5));
  BruteForceIndex<T> reference;  // holds the fat boxes
  std::vector<int> item_of_proxy;
  std::vector<int> live;       // proxies
  std::vector<Aabb<T>> tight;  // object box by proxy
  long moved_in_place = 0, reinserted = 0;
  for (long op = 1; op <= ops; ++op) {
    // The population swings between empty and about 3000, so the tree grows, shrinks and empties.
    const double phase = std::sin(double(op) / 40000.0);
    const double target = 1500 + 1500 * phase;
    const double roll = u(rng);
    const bool add = live.empty() || (double(live.size()) < target ? roll < 0.5 : roll < 0.1);
    const bool remove = !add && roll < 0.45;
    if (add) {
      const Aabb<T> box = op % 97 == 0 ? box_around<T>(500, 500, 0, 0) : source.next();
      const int proxy = tree.insert(box);
      if (std::size_t(proxy) >= item_of_proxy.size()) {
        item_of_proxy.resize(std::size_t(proxy) + 1, -1);
        tight.resize(std::size_t(proxy) + 1);
      }
      item_of_proxy[std::size_t(proxy)] = reference.insert(tree.fat_box(proxy));
      tight[std::size_t(proxy)] = box;
      live.push_back(proxy);
    } else if (remove) {
      const std::size_t k = std::size_t(u(rng) * double(live.size())) % live.size();
      const int proxy = live[k];
      tree.remove(proxy);
      reference.remove(item_of_proxy[std::size_t(proxy)]);
      live[k] = live.back();
      live.pop_back();
    } else {
      const std::size_t k = std::size_t(u(rng) * double(live.size())) % live.size();
      const int proxy = live[k];
      Aabb<T> box = tight[std::size_t(proxy)];
      const double kind = u(rng);
      if (kind < 0.8) {  // a small step: usually stays in the fat box
        const Vec2<T> step{T(u(rng) - 0.5), T(u(rng) - 0.5)};
        box = {box.min + step, box.max + step};
      } else if (kind < 0.9) {  // teleport
        box = source.next();
      } else {  // shrink to a point: the fat box is then far too large
        const Vec2<T> c = box.center();
        box = {c, c};
      }
      if (tree.move(proxy, box)) {
        ++reinserted;
      } else {
        ++moved_in_place;
      }
      tight[std::size_t(proxy)] = box;
      reference.set_box(item_of_proxy[std::size_t(proxy)], tree.fat_box(proxy));
    }
    if (op % batch == 0) {
      for (const int proxy : live) {
        ASSERT_TRUE(box_contains(tree.fat_box(proxy), tight[std::size_t(proxy)]));
      }
      check_tree(tree, reference, item_of_proxy, source, op % (batch * 50) == 0, op);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  // Both kinds of move happened, often.
  EXPECT_GT(moved_in_place, ops / 20);
  EXPECT_GT(reinserted, ops / 50);
  // The rotations keep the tree shallow whatever the order of changes.
  EXPECT_LT(tree.height(), 40);
}

TYPED_TEST(ChangeTest, DynamicTreeFromSortedInsertionStaysShallow) {
  using T = TypeParam;
  DynamicTree<T> tree;
  for (int i = 0; i < 4096; ++i)
    tree.insert(box_around<T>(i, 0, 0.25, 0.25));
  EXPECT_EQ(tree.validate(), "");
  EXPECT_LE(tree.height(), 20);  // a list would be 4095
}

TYPED_TEST(ChangeTest, PackedTreeUnderSetBoxAndRefit) {
  using T = TypeParam;
  const long ops = env_count("COLLIDE2D_BROADPHASE_OPS", 1000000) / 4;
  BoxSource<T> source(Layout::clustered, 3000, 7);
  std::vector<Aabb<T>> boxes = source.boxes(3000);
  BruteForceIndex<T> reference(boxes);
  PackedTree<T> tree(boxes);
  std::mt19937& rng = source.rng();
  std::uniform_real_distribution<double> u(0, 1);
  for (long op = 1; op <= ops; ++op) {
    const int item = int(u(rng) * 3000) % 3000;
    Aabb<T> box = reference.box(item);
    if (u(rng) < 0.9) {
      const Vec2<T> step{T(4 * (u(rng) - 0.5)), T(4 * (u(rng) - 0.5))};
      box = {box.min + step, box.max + step};
    } else {
      box = source.next();
    }
    tree.set_box(item, box);
    reference.set_box(item, box);
    if (op % batch == 0) {
      // Refit first: every query refuses until then.
      std::vector<int> ignored_items;
      std::vector<IndexPair> ignored_pairs;
      EXPECT_THROW(tree.query(box, [](int) {}), std::logic_error);
      EXPECT_THROW(tree.query(box, ignored_items), std::logic_error);
      EXPECT_THROW(tree.raycast(Ray<T>{box.min, {T(1), T(1)}}, [](int, T) {}), std::logic_error);
      EXPECT_THROW(tree.for_each_pair([](int, int) {}), std::logic_error);
      EXPECT_THROW(tree.overlapping_pairs(ignored_pairs), std::logic_error);
      tree.refit();
      ASSERT_EQ(tree.validate(), "") << "op " << op;
      for (int q = 0; q < 5; ++q) {
        const Aabb<T> query = source.query();
        std::vector<int> found, expected;
        tree.query(query, found);
        reference.query(query, expected);
        ASSERT_EQ(sorted(found), expected) << "op " << op;
      }
      if (op % (batch * 20) == 0) {
        std::vector<IndexPair> pairs, expected_pairs;
        tree.overlapping_pairs(pairs);
        reference.overlapping_pairs(expected_pairs);
        ASSERT_EQ(sorted(pairs), expected_pairs) << "op " << op;
      }
    }
  }
}

}  // namespace
}  // namespace c2b
