// Every index against BruteForceIndex over seeded random scenes: box queries, ray traversals,
// all pairs; each answer must be the reference's exactly (as a set, and for rays in order).
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "collide2d/overlap.hpp"
#include "common/test_env.hpp"
#include "scenarios.hpp"

namespace c2b {
namespace {

template <class T>
using IndexAnswer = std::function<void(const Aabb<T>&, std::vector<int>&)>;

// Checks one built index against the reference on `queries` boxes and rays and on all pairs.
// `item` maps the index's ids to the reference's items. Counts the box queries made and those
// that found something, so callers can check that both outcomes occur.
struct HitCount {
  int queries = 0;
  int nonempty = 0;
  double rate() const { return queries > 0 ? double(nonempty) / queries : 0; }
};

// The pairs of an index's independent parts, run in turn (PackedTree: leaf pairs; UniformGrid:
// rows of cells); they must be for_each_pair's, in its order.
template <class T>
std::vector<IndexPair> pairs_by_parts(const PackedTree<T>& tree) {
  std::vector<IndexPair> leaves, pairs;
  tree.leaf_pairs(leaves);
  for (const IndexPair& l : leaves) {
    EXPECT_LE(l.first, l.second);
    tree.for_each_pair_in_leaves(l, [&](int a, int b) { pairs.push_back({a, b}); });
  }
  return pairs;
}
template <class T>
std::vector<IndexPair> pairs_by_parts(const UniformGrid<T>& grid) {
  std::vector<IndexPair> pairs;
  for (int part = 0; part < grid.pair_parts(); ++part)
    grid.for_each_pair_in_part(part, [&](int a, int b) { pairs.push_back({a, b}); });
  return pairs;
}

template <class T, BoxIndex<T> Index, class ItemOf>
void check_against_reference(const Index& index, const BruteForceIndex<T>& reference,
                             const std::vector<IndexPair>& expected_pairs, BoxSource<T>& source,
                             int queries, const std::string& what, ItemOf item, HitCount& hits) {
  for (int q = 0; q < queries; ++q) {
    const Aabb<T> box = source.query();
    std::vector<int> got, expected;
    index.query(box, [&](int id) { got.push_back(item(id)); });
    reference.query(box, expected);
    ASSERT_EQ(sorted(got), expected) << what << " query " << q;  // sorted: also no duplicates
    // The vector form appends the same answer after what the vector already holds.
    std::vector<int> appended{-7};
    index.query(box, appended);
    ASSERT_EQ(appended.front(), -7) << what;
    std::vector<int> tail;
    for (std::size_t i = 1; i < appended.size(); ++i)
      tail.push_back(item(appended[i]));
    ASSERT_EQ(sorted(tail), expected) << what << " query " << q << " (vector)";
    ++hits.queries;
    if (!expected.empty()) ++hits.nonempty;
    // Early stop: a callback returning false after k items ends the query there.
    if (expected.size() >= 2) {
      int seen = 0;
      const bool finished = index.query(box, [&](int) { return ++seen < 2; });
      ASSERT_FALSE(finished) << what;
      ASSERT_EQ(seen, 2) << what;
    }
  }
  for (int q = 0; q < queries; ++q) {
    const Ray<T> ray = source.ray();
    std::vector<std::pair<T, int>> got;
    index.raycast(ray, [&](int id, T t) { got.emplace_back(t, item(id)); });
    const auto expected = ray_hits(reference, ray);
    ASSERT_TRUE(in_order(got)) << what << " ray " << q << " out of order";
    ASSERT_EQ(canonical(got), canonical(expected)) << what << " ray " << q;
    // Closest hit: clipping the ray at each report leaves the first entry, then those tied.
    std::vector<std::pair<T, int>> closest;
    index.raycast(ray, [&](int id, T t) {
      closest.emplace_back(t, item(id));
      return t;
    });
    if (expected.empty()) {
      ASSERT_TRUE(closest.empty()) << what;
    } else {
      ASSERT_FALSE(closest.empty()) << what;
      for (const auto& hit : closest)
        ASSERT_EQ(hit.first, expected.front().first) << what;
    }
  }
  // Each pair once as (a, b) with a < b, in the same order every time.
  std::vector<IndexPair> got, raw, again;
  index.for_each_pair([&](int a, int b) {
    raw.push_back({a, b});
    const int x = item(a), y = item(b);
    got.push_back({x < y ? x : y, x < y ? y : x});
  });
  for (const IndexPair& pair : raw)
    ASSERT_LT(pair.first, pair.second) << what << " pair order";
  index.for_each_pair([&](int a, int b) { again.push_back({a, b}); });
  EXPECT_TRUE(again == raw) << what << " pairs not deterministic";
  // Early stops: a pair callback returning false, a ray callback returning a negative max_t.
  if (raw.size() >= 2) {
    int seen = 0;
    EXPECT_FALSE(index.for_each_pair([&](int, int) { return ++seen < 2; })) << what;
    EXPECT_EQ(seen, 2) << what;
  }
  const Ray<T> ray = source.ray();
  if (ray_hits(reference, ray).size() >= 2) {
    int seen = 0;
    EXPECT_FALSE(index.raycast(ray, [&](int, T) { return ++seen < 2 ? T(1e30) : T(-1); })) << what;
    EXPECT_EQ(seen, 2) << what;
  }
  EXPECT_EQ(sorted(got), expected_pairs) << what << " pairs";
  if constexpr (!std::is_same_v<Index, DynamicTree<T>>) {
    EXPECT_TRUE(pairs_by_parts(index) == raw) << what << " pairs by parts";
  }
}

// Two packed trees joined: every pair (a of one, b of the other) whose boxes overlap, against
// brute force; and the join split into leaf pairs gives the same pairs in the same order.
template <class T>
void packed_join_equals_brute_force(Layout layout) {
  for (const int count : {1, 10, 100, 1000, 10000}) {
    BoxSource<T> source(layout, count, std::uint32_t(count + 3));
    const std::vector<Aabb<T>> first = source.boxes(count);
    const std::vector<Aabb<T>> second = source.boxes(count / 2 + 1);
    std::vector<IndexPair> expected;
    for (int a = 0; a < int(first.size()); ++a) {
      for (int b = 0; b < int(second.size()); ++b) {
        if (overlaps(first[std::size_t(a)], second[std::size_t(b)])) expected.push_back({a, b});
      }
    }
    for (const int node_size : {16, 4}) {
      const PackedTree<T> x(first, {node_size, PackedTree<T>::Order::hilbert});
      const PackedTree<T> y(second, {16, PackedTree<T>::Order::hilbert});
      std::vector<IndexPair> got, by_leaves, leaves;
      x.for_each_pair_with(y, [&](int a, int b) { got.push_back({a, b}); });
      x.leaf_pairs_with(y, leaves);
      for (const IndexPair& l : leaves)
        x.for_each_pair_in_leaves_with(y, l, [&](int a, int b) { by_leaves.push_back({a, b}); });
      const std::string what = std::string(layout_name(layout)) + " n=" + std::to_string(count) +
                               " node size " + std::to_string(node_size);
      EXPECT_TRUE(by_leaves == got) << what;
      EXPECT_EQ(sorted(got), expected) << what;
    }
  }
}

template <class T>
class IndexTest : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(IndexTest, Scalars);

struct Case {
  int count;
  int seeds;
  int queries;
};

// 10 to 100,000 boxes; fewer seeds and queries where each costs more.
const Case cases[] = {{10, 40, 60}, {100, 20, 60}, {1000, 6, 60}, {10000, 2, 30}, {100000, 1, 10}};

template <class T>
void every_index_equals_brute_force(Layout layout) {
  HitCount hits;
  for (const Case& c : cases) {
    // With every box on one centre, every pair overlaps: n^2 / 2 of them; clusters are dense
    // too. 100,000 boxes are checked on the layouts whose pairs stay few.
    if (layout == Layout::same_centre && c.count > 1000) continue;
    if (layout == Layout::clustered && c.count > 10000) continue;
    const bool dense = layout == Layout::same_centre || layout == Layout::clustered;
    if (dense && !c2test::dense_scene_runs(c.count)) continue;
    const bool large = c.count >= 10000;
    for (int seed = 0; seed < c.seeds; ++seed) {
      BoxSource<T> source(layout, c.count, std::uint32_t(seed * 7919 + c.count));
      const std::vector<Aabb<T>> boxes = source.boxes(c.count);
      const BruteForceIndex<T> reference(boxes);
      std::vector<IndexPair> pairs;
      reference.overlapping_pairs(pairs);
      const std::string what = std::string(layout_name(layout)) + " n=" + std::to_string(c.count) +
                               " seed=" + std::to_string(seed);
      auto identity = [](int id) { return id; };
      for (const int node_size : {16, 4}) {
        for (const auto order : {PackedTree<T>::Order::hilbert, PackedTree<T>::Order::as_given}) {
          if (large && (node_size != 16 || order != PackedTree<T>::Order::hilbert)) continue;
          const PackedTree<T> packed(boxes, {node_size, order});
          ASSERT_EQ(packed.validate(), "") << what;
          check_against_reference(packed, reference, pairs, source, c.queries,
                                  what + " packed " + std::to_string(node_size), identity, hits);
        }
      }
      const UniformGrid<T> grid(boxes);
      ASSERT_EQ(grid.validate(), "") << what;
      check_against_reference(grid, reference, pairs, source, c.queries, what + " grid", identity,
                              hits);
      // A grid with far too small cells sends many boxes to the large list.
      if (!large) {
        const UniformGrid<T> fine_grid(boxes, {T(source.typical() / 50)});
        ASSERT_EQ(fine_grid.validate(), "") << what;
        check_against_reference(fine_grid, reference, pairs, source, c.queries / 2,
                                what + " fine grid", identity, hits);
      }
      DynamicTree<T> tree;
      for (int i = 0; i < c.count; ++i)
        tree.insert(boxes[std::size_t(i)], i);
      ASSERT_EQ(tree.validate(), "") << what;
      check_against_reference(
          tree, reference, pairs, source, c.queries, what + " dynamic",
          [&tree](int proxy) { return tree.user_value(proxy); }, hits);
    }
  }
  // Queries of every scale: both "nothing" and "something" must be common.
  EXPECT_GT(hits.rate(), 0.2) << layout_name(layout);
  EXPECT_LT(hits.rate(), 0.95) << layout_name(layout);
}

TYPED_TEST(IndexTest, UniformScenes) {
  every_index_equals_brute_force<TypeParam>(Layout::uniform);
}
TYPED_TEST(IndexTest, ClusteredScenes) {
  every_index_equals_brute_force<TypeParam>(Layout::clustered);
}
TYPED_TEST(IndexTest, SameCentreScenes) {
  every_index_equals_brute_force<TypeParam>(Layout::same_centre);
}
TYPED_TEST(IndexTest, HugeAndTinyScenes) {
  every_index_equals_brute_force<TypeParam>(Layout::huge_and_tiny);
}

TYPED_TEST(IndexTest, PackedTreesJoinedEqualBruteForce) {
  packed_join_equals_brute_force<TypeParam>(Layout::uniform);
  packed_join_equals_brute_force<TypeParam>(Layout::clustered);
}

// The public Hilbert order is the order a PackedTree built with Order::hilbert keeps its items in:
// a caller that sorts its data by it and builds as_given gets the same tree.
TYPED_TEST(IndexTest, HilbertOrderIsTheTreesOrder) {
  using T = TypeParam;
  for (const Layout layout : all_layouts) {
    BoxSource<T> source(layout, 1000, 11);
    const std::vector<Aabb<T>> boxes = source.boxes(1000);
    const std::vector<std::uint32_t> order = hilbert_order(boxes.data(), boxes.size());
    const PackedTree<T> tree(boxes);
    ASSERT_EQ(order.size(), boxes.size());
    std::vector<int> seen(boxes.size(), 0);
    std::vector<Aabb<T>> sorted_boxes;
    for (std::size_t p = 0; p < order.size(); ++p) {
      ASSERT_LT(order[p], boxes.size());
      ASSERT_EQ(seen[order[p]]++, 0) << "not a permutation";
      ASSERT_EQ(tree.item_at(int(p)), int(order[p])) << layout_name(layout) << " position " << p;
      sorted_boxes.push_back(boxes[order[p]]);
    }
    const PackedTree<T> as_given(sorted_boxes, {16, PackedTree<T>::Order::as_given});
    ASSERT_EQ(as_given.leaf_cost(), tree.leaf_cost()) << layout_name(layout);
  }
}

TYPED_TEST(IndexTest, EmptyIndexesAnswerNothing) {
  using T = TypeParam;
  const std::vector<Aabb<T>> none;
  const PackedTree<T> packed(none);
  const UniformGrid<T> grid(none);
  const DynamicTree<T> tree;
  const Aabb<T> everything{{T(-1e6), T(-1e6)}, {T(1e6), T(1e6)}};
  const Ray<T> ray{{T(0), T(0)}, {T(1), T(0)}};
  int calls = 0;
  auto count = [&calls](auto...) { ++calls; };
  packed.query(everything, count);
  grid.query(everything, count);
  tree.query(everything, count);
  packed.raycast(ray, count);
  grid.raycast(ray, count);
  tree.raycast(ray, count);
  packed.for_each_pair(count);
  grid.for_each_pair(count);
  tree.for_each_pair(count);
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(packed.validate(), "");
  EXPECT_EQ(grid.validate(), "");
  EXPECT_EQ(tree.validate(), "");
}

// A subnormal cell size is a size > 0, taken and enlarged until the grid fits, as any small size
// is (it once looped forever: 1.25 times the smallest subnormal double rounds back to itself).
TYPED_TEST(IndexTest, GridWithTheSmallestCellSize) {
  using T = TypeParam;
  BoxSource<T> source(Layout::uniform, 100, 1);
  const auto boxes = source.boxes(100);
  for (const T cell : {std::numeric_limits<T>::denorm_min(), std::numeric_limits<T>::min()}) {
    const UniformGrid<T> grid(boxes, {cell});
    EXPECT_EQ(grid.validate(), "");
    int found = 0;
    grid.query(boxes[0], [&found](auto...) { ++found; });
    EXPECT_GE(found, 1);
  }
}

TYPED_TEST(IndexTest, InvalidQueriesThrow) {
  using T = TypeParam;
  BoxSource<T> source(Layout::uniform, 100, 1);
  const auto boxes = source.boxes(100);
  const PackedTree<T> packed(boxes);
  const UniformGrid<T> grid(boxes);
  DynamicTree<T> tree;
  for (const auto& b : boxes)
    tree.insert(b);
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const Aabb<T> inverted{{T(5), T(0)}, {T(4), T(1)}};
  const Aabb<T> with_nan{{T(0), nan}, {T(1), T(1)}};
  auto ignore = [](auto...) {};
  for (const Aabb<T>& bad : {inverted, with_nan}) {
    EXPECT_THROW(packed.query(bad, ignore), InvalidQuery);
    EXPECT_THROW(grid.query(bad, ignore), InvalidQuery);
    EXPECT_THROW(tree.query(bad, ignore), InvalidQuery);
    EXPECT_THROW(tree.insert(bad), InvalidQuery);
    EXPECT_THROW((PackedTree<T>(std::vector<Aabb<T>>{bad})), InvalidQuery);
  }
  const Ray<T> no_direction{{T(0), T(0)}, {T(0), T(0)}};
  EXPECT_THROW(packed.raycast(no_direction, ignore), InvalidQuery);
  EXPECT_THROW(grid.raycast(no_direction, ignore), InvalidQuery);
  EXPECT_THROW(tree.raycast(no_direction, ignore), InvalidQuery);
  try {
    packed.query(inverted, ignore);
  } catch (const InvalidQuery& e) {
    EXPECT_NE(std::string(e.what()).find("inverted"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace c2b
