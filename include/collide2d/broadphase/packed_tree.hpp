// collide2d/broadphase/packed_tree.hpp - PackedTree<T>: a static R-tree bulk-loaded in one pass,
// for many boxes that are queried far more often than they change (a loaded document).
//
// The design of flatbush (Agafonkin) and of packed Hilbert R-trees (Kamel and Faloutsos 1993):
// - Items are sorted by the Hilbert index of their box centres (a 65536 x 65536 grid over the
//   centres' bounds), which keeps items that are near in space near in the array.
// - Consecutive runs of node_size items make the leaf nodes, runs of node_size leaves the next
//   level, and so on up to a single root. Every level is full but its last node, so a node's
//   children are implicit: node k of a level has children k * node_size ... of the level below,
//   and covers the contiguous items [k * node_size^level, (k + 1) * node_size^level).
// - Boxes live in structure-of-arrays form, one array per coordinate, items first and then each
//   level of nodes, so a query reads one coordinate of node_size children in a row.
// - A query that finds a node wholly inside its box reports the node's items without testing
//   them: a contiguous run of positions. Large selections become output-bound.
//
// Items are named by their index in the boxes the tree was built from. With Order::as_given the
// tree keeps the given order (sort the boxes, and whatever belongs to them, first: Scene does),
// positions are items, and no permutation is stored.
//
// Moving items: set_box() replaces an item's box in place and marks its leaf; refit() then
// recomputes the marked nodes and their ancestors (every node box is again exactly the union of
// its children's). Queries throw std::logic_error while a refit is pending. Answers stay exact;
// only the tree's quality suffers when items travel far from their Hilbert neighbours (rebuild
// then).
//
// Preconditions: finite boxes with min <= max (the constructor and set_box throw InvalidQuery
// otherwise); at most 2^31 - 1 items; node_size in [2, 256].
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "collide2d/broadphase/common.hpp"
#include "collide2d/broadphase/query_front.hpp"

namespace collide2d {

namespace detail {
template <class T>
class PackedTreeView;
}  // namespace detail

template <class T>
class PackedTree : public detail::QueryFront<PackedTree<T>, T> {
 public:
  enum class Order : std::uint8_t {
    hilbert,   // sort the items along the Hilbert curve (the default)
    as_given,  // keep the caller's order: positions are items
  };
  struct Options {
    int node_size = 16;
    Order order = Order::hilbert;
  };

  PackedTree() = default;
  PackedTree(const Aabb<T>* boxes, std::size_t count, Options options);
  PackedTree(const Aabb<T>* boxes, std::size_t count) : PackedTree(boxes, count, Options{}) {}
  explicit PackedTree(const std::vector<Aabb<T>>& boxes, Options options = {})
      : PackedTree(boxes.data(), boxes.size(), options) {}

  int size() const { return count_; }
  bool empty() const { return count_ == 0; }
  int node_size() const { return node_size_; }
  // Levels of nodes above the items (1 for up to node_size items); 0 when empty.
  int levels() const { return static_cast<int>(level_start_.size()) - 1; }
  Aabb<T> box(int item) const;
  // The root's box: every item's box is inside it. Undefined values when empty.
  Aabb<T> bounds() const;
  // Every node's box (not the items'), to f(box, depth) with depth 0 at the root: for drawing
  // the index and for tuning node_size.
  template <class F>
  void for_each_node(F&& f) const {
    const int top = levels();
    for (int level = top; level >= 1; --level) {
      for (int k = 0; k < level_count_[std::size_t(level)]; ++k)
        f(node_box(level_start_[std::size_t(level)] + k), top - level);
    }
  }

  // The item at a sorted position, and back. Identity with Order::as_given.
  int item_at(int position) const { return order_.empty() ? position : int(order_[position]); }
  int position_of(int item) const;

  void set_box(int item, const Aabb<T>& box);
  void refit();
  bool needs_refit() const { return !dirty_leaves_.empty(); }
  // The sum of the leaves' half perimeters: about what a small query pays. Compare it with its
  // value after the build to tell when moves have spoiled the tree enough to rebuild it.
  T leaf_cost() const { return leaf_cost_; }

  // Bytes held: item and node boxes (nodes add about 1 / (node_size - 1) to the items' boxes) and,
  // with Order::hilbert, the permutation both ways (8 bytes an item).
  std::size_t memory_bytes() const;

  // Checks that every node box is exactly the union of its children's, that the level sizes
  // follow from the item count and that the order is a permutation. Empty string when all hold.
  std::string validate() const;

  // Queries, from QueryFront (query_front.hpp): query(box, f) and query(box, out), raycast(ray, f),
  // for_each_pair(f) and overlapping_pairs(out); they throw std::logic_error while a refit is
  // pending. A ray's items tie by item when built as_given, else by position. Pairs come from the
  // tree joined with itself level by level (all leaves are at the same depth, so node pairs always
  // share a level); at a pair of leaves the items of each that overlap the other leaf's box are
  // found first, and only those are crossed.

  // Every pair (a of this tree, b of other) whose boxes overlap, to f(a, b) -> void | bool.
  template <class F>
  bool for_each_pair_with(const PackedTree& other, F&& f) const;

  // The two joins above in independent parts, for callers that spread them over threads.
  // leaf_pairs lists the pairs of leaves whose boxes overlap (with itself: first <= second) in
  // the order the join visits them; for_each_pair_in_leaves gives the item pairs of one of them,
  // in the join's order. Running every listed pair in turn gives exactly the join's pairs, in its
  // order; the parts read the tree only, so they may run on several threads at once.
  void leaf_pairs(std::vector<IndexPair>& out) const;
  void leaf_pairs_with(const PackedTree& other, std::vector<IndexPair>& out) const;
  template <class F>
  bool for_each_pair_in_leaves(IndexPair leaves, F&& f) const {
    return leaf_pair(leaves.first, leaves.second, *this, f, true);
  }
  template <class F>
  bool for_each_pair_in_leaves_with(const PackedTree& other, IndexPair leaves, F&& f) const {
    return leaf_pair(leaves.first, leaves.second, other, f, false);
  }

 private:
  friend class detail::QueryFront<PackedTree, T>;
  friend class detail::PackedTreeView<T>;
  static constexpr const char* query_label = "PackedTree::query box";
  static constexpr const char* raycast_label = "PackedTree::raycast ray";

  // The traversals under the queries of the front (packed_tree-inl.hpp).
  template <class F>
  bool visit_box(const Aabb<T>& box, F& f) const;
  void append_box(const Aabb<T>& box, std::vector<int>& out) const;
  template <class F>
  bool visit_ray(const Ray<T>& ray, F& f) const;
  template <class F>
  bool visit_pairs(F& f) const;
  // The descent under visit_box and the Scene's region queries (PackedTreeView). Region supplies
  //   bool disjoint(T min_x, T min_y, T max_x, T max_y): the region certainly misses the box
  //   bool inside(T min_x, T min_y, T max_x, T max_y): every point of the box is in the region
  // and Visitor
  //   bool item(int position): a candidate item (its box is not disjoint)
  //   bool range(int first, int last): positions [first, last) lie in a node found inside
  // both returning false to stop. An item may come as a candidate even when its box is inside.
  // A Visitor that also has bool leaf(int first, int last) gets the items of every leaf the
  // region crosses (neither disjoint nor inside) in one call, to test them its own way (in
  // batches, with prefetching), instead of one item() call each. A Region that has
  // Aabb<T> outer(), a box around it, has the children that meet it found all at once.
  template <class Region, class Visitor>
  bool traverse(const Region& region, Visitor& visitor) const;
  // Bit j set when the box at index first + j overlaps `box` (lies inside it, boundary included),
  // for count <= 64 boxes: tested without a branch per box.
  std::uint64_t overlap_mask(int first, int count, const Aabb<T>& box) const {
    return overlap_bits(first, count, box.min.x, box.min.y, box.max.x, box.max.y);
  }
  std::uint64_t inside_mask(int first, int count, const Aabb<T>& box) const {
    return inside_bits(first, count, box.min.x, box.min.y, box.max.x, box.max.y);
  }

  // The bulk build with the item boxes written in place, as given, by
  // fill(min_x, min_y, max_x, max_y) (the item arrays, count each), then checked like the given
  // boxes of the public constructor: for the Scene (PackedTreeView::build_in_place), which then
  // never holds its boxes twice.
  using Fill = std::function<void(T*, T*, T*, T*)>;
  PackedTree(std::size_t count, int node_size, const Fill& fill);
  static void check_sizes(std::size_t count, int node_size);
  void build(const Fill& fill, bool check_items = false);

  void check_ready(const char* what) const;
  // set_box's work on a position, for a box already known finite and not inverted.
  void place_box(int position, const Aabb<T>& box);
  bool refit_node(int level, int k);
  Aabb<T> node_box(int index) const {
    return {{min_x_[index], min_y_[index]}, {max_x_[index], max_y_[index]}};
  }
  bool overlap(int i, int j) const {
    return min_x_[i] <= max_x_[j] && min_x_[j] <= max_x_[i] && min_y_[i] <= max_y_[j] &&
           min_y_[j] <= max_y_[i];
  }
  // Children of node k of `level` (>= 1): positions [first, last) of level - 1.
  int first_child(int k) const { return k * node_size_; }
  int last_child(int level, int k) const {
    const int end = k * node_size_ + node_size_;
    return end < level_count_[level - 1] ? end : level_count_[level - 1];
  }
  // Items under node k of `level` (level 0: the item itself).
  int first_item(int level, int k) const { return int(std::int64_t(k) * level_span_[level]); }
  int last_item(int level, int k) const {
    const std::int64_t end = std::int64_t(k + 1) * level_span_[level];
    return end < count_ ? int(end) : count_;
  }
  template <class F>
  bool leaf_pair(int a, int b, const PackedTree& other, F& f, bool self) const;
  // The node-level descent of the two joins: f(leaf_a, leaf_b) -> bool for every pair of leaves
  // whose boxes overlap (with itself: leaf_a <= leaf_b).
  template <class F>
  bool for_each_leaf_pair(F&& f) const;
  template <class F>
  bool for_each_leaf_pair_with(const PackedTree& other, F&& f) const;
  // Kept out of line: compiled on their own, g++ vectorises their loops, and it does not always
  // once they are inlined into a caller.
  COLLIDE2D_NOINLINE std::uint64_t overlap_bits(int first, int count, T x0, T y0, T x1, T y1) const;
  COLLIDE2D_NOINLINE std::uint64_t inside_bits(int first, int count, T x0, T y0, T x1, T y1) const;

  int count_ = 0;
  int node_size_ = 16;
  int leaf_shift_ = 4;  // log2(node_size_) when it is a power of two, else -1 (place_box divides)
  T leaf_cost_ = T(0);  // kept up to date by every refit
  // Boxes of items (level 0, positions 0 .. count_ - 1) then of each level of nodes.
  std::vector<T> min_x_, min_y_, max_x_, max_y_;
  std::vector<int> level_start_;          // index of a level's first box in the arrays
  std::vector<int> level_count_;          // boxes in a level
  std::vector<std::int64_t> level_span_;  // items under a full node of a level: node_size^level
  std::vector<std::uint32_t> order_;      // position -> item; empty when as_given
  std::vector<std::uint32_t> position_;   // item -> position; empty when as_given
  std::vector<int> dirty_leaves_;
  std::vector<std::uint8_t> dirty_flags_;  // per node box, while a refit is pending
};

static_assert(BoxIndex<PackedTree<float>, float> && BoxIndex<PackedTree<double>, double>);

}  // namespace collide2d

#include "collide2d/broadphase/packed_tree-inl.hpp"
