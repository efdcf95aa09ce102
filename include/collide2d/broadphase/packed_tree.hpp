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
#include <cstring>
#include <functional>
#include <queue>
#include <stdexcept>
#include <string>
#include <vector>

#include "collide2d/broadphase/common.hpp"

namespace collide2d {

template <class T>
class PackedTree {
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

  // Every item whose box overlaps `box` (closed), to f(item) -> void | bool (false stops).
  // Throws InvalidQuery for a NaN or inverted box.
  template <class F>
  bool query(const Aabb<T>& box, F&& f) const;
  void query(const Aabb<T>& box, std::vector<int>& out) const;

  // Every item whose box the ray enters within [0, max_t], by increasing entry parameter (ties by
  // item when built as_given, else by position), to f(item, t_enter) -> void | new max_t.
  template <class F>
  bool raycast(const Ray<T>& ray, F&& f) const;

  // Every pair of items whose boxes overlap, each once, as (a, b) with a < b, to
  // f(a, b) -> void | bool. Method: the tree joined with itself level by level (all leaves are at
  // the same depth, so node pairs always share a level); at a pair of leaves the items of each
  // that overlap the other leaf's box are found first, and only those are crossed.
  template <class F>
  bool for_each_pair(F&& f) const;
  void overlapping_pairs(std::vector<IndexPair>& out) const;

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

  // The traversal under query(), for callers that refine box answers. Region supplies
  //   bool disjoint(T min_x, T min_y, T max_x, T max_y): the region certainly misses the box
  //   bool inside(T min_x, T min_y, T max_x, T max_y): every point of the box is in the region
  // and Visitor
  //   bool item(int position): a candidate item (its box is not disjoint)
  //   bool range(int first, int last): positions [first, last) lie in a node found inside
  // both returning false to stop. An item may come as a candidate even when its box is inside.
  // A Visitor that also has bool leaf(int first, int last) gets the items of every leaf the
  // region crosses (neither disjoint nor inside) in one call, to test them its own way (in
  // batches, with prefetching), instead of one item() call each.
  template <class Region, class Visitor>
  bool traverse(const Region& region, Visitor& visitor) const;

  // Bit j set when the item at position first + j overlaps `box`, for count <= 64 positions
  // (a leaf's items, for callers of traverse): tested without a branch per item.
  std::uint64_t overlap_mask(int first, int count, const Aabb<T>& box) const {
    return overlap_bits(first, count, box.min.x, box.min.y, box.max.x, box.max.y);
  }
  // The same for the items whose box lies inside `box`, boundary included.
  std::uint64_t inside_mask(int first, int count, const Aabb<T>& box) const;

  // Item boxes by position, one array per coordinate (for callers of traverse).
  const T* min_x() const { return min_x_.data(); }
  const T* min_y() const { return min_y_.data(); }
  const T* max_x() const { return max_x_.data(); }
  const T* max_y() const { return max_y_.data(); }

 private:
  void check_ready(const char* what) const;
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

namespace detail {

// The region of a plain box query: the closed box itself.
template <class T>
struct BoxRegion {
  T min_x, min_y, max_x, max_y;
  explicit BoxRegion(const Aabb<T>& box)
      : min_x(box.min.x), min_y(box.min.y), max_x(box.max.x), max_y(box.max.y) {}
  // One axis at a time: most boxes fail the first comparison.
  bool disjoint(T x0, T y0, T x1, T y1) const {
    return x1 < min_x || x0 > max_x || y1 < min_y || y0 > max_y;
  }
  bool inside(T x0, T y0, T x1, T y1) const {
    return min_x <= x0 && x1 <= max_x && min_y <= y0 && y1 <= max_y;
  }
};

}  // namespace detail

template <class T>
template <class Region, class Visitor>
bool PackedTree<T>::traverse(const Region& region, Visitor& visitor) const {
  if (count_ == 0) return true;
  const int top = levels();
  const int root = level_start_[top];
  if (region.disjoint(min_x_[root], min_y_[root], max_x_[root], max_y_[root])) return true;
  if (region.inside(min_x_[root], min_y_[root], max_x_[root], max_y_[root])) {
    return visitor.range(0, count_);
  }
  constexpr bool by_leaf = requires(Visitor & v) {
    v.leaf(0, 0);
  };
  if constexpr (by_leaf) {
    if (top == 1) return visitor.leaf(0, count_);
  }
  // The stack holds (level, node) as two ints.
  detail::IntStack stack;
  stack.push(0);
  stack.push(top);
  while (!stack.empty()) {
    const int level = stack.pop();
    const int node = stack.pop();
    const int child_level = level - 1;
    const int base = level_start_[child_level];
    const int first = first_child(node);
    const int last = last_child(level, node);
    auto visit = [&](int child) {
      const int i = base + child;
      const T x0 = min_x_[i], y0 = min_y_[i], x1 = max_x_[i], y1 = max_y_[i];
      if (region.disjoint(x0, y0, x1, y1)) return true;
      if (child_level == 0) return visitor.item(child);
      if (region.inside(x0, y0, x1, y1)) {
        return visitor.range(first_item(child_level, child), last_item(child_level, child));
      }
      if constexpr (by_leaf) {
        if (child_level == 1) return visitor.leaf(first_item(1, child), last_item(1, child));
      }
      stack.push(child);
      stack.push(child_level);
      return true;
    };
    // A region with a bounding box (outer()) first finds the children that meet it, all at once
    // without a branch per child; the region's own tests then run on those only.
    if constexpr (requires(const Region& r) { r.outer(); }) {
      if (node_size_ <= 64) {
        for (std::uint64_t bits = overlap_mask(base + first, last - first, region.outer());
             bits != 0; bits &= bits - 1) {
          if (!visit(first + detail::lowest_bit(bits))) return false;
        }
        continue;
      }
    }
    for (int child = first; child < last; ++child) {
      if (!visit(child)) return false;
    }
  }
  return true;
}

template <class T>
template <class F>
bool PackedTree<T>::query(const Aabb<T>& box, F&& f) const {
  check_query_box(box, "PackedTree::query box");
  check_ready("query");
  struct Visitor {
    const PackedTree& tree;
    F& f;
    bool item(int position) { return detail::keep_going(f, tree.item_at(position)); }
    bool range(int first, int last) {
      for (int p = first; p < last; ++p) {
        if (!detail::keep_going(f, tree.item_at(p))) return false;
      }
      return true;
    }
  } visitor{*this, f};
  return traverse(detail::BoxRegion<T>(box), visitor);
}

template <class T>
template <class F>
bool PackedTree<T>::raycast(const Ray<T>& ray, F&& f) const {
  check_query_ray(ray, "PackedTree::raycast ray");
  check_ready("raycast");
  if (count_ == 0) return true;
  RayBoxTest<T> test(ray);
  using Entry = detail::RayEntry<T>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
  const int top = levels();
  T t = T(0);
  if (test.enter(node_box(level_start_[top]), t)) heap.push({t, top, 0});
  while (!heap.empty()) {
    const Entry entry = heap.top();
    heap.pop();
    if (entry.t > test.max_t()) break;
    if (entry.rank == 0) {
      const T limit = detail::next_max_t(f, item_at(entry.index), entry.t, test.max_t());
      if (limit < T(0)) return false;
      test.set_max_t(limit);
      continue;
    }
    const int child_level = entry.rank - 1;
    const int base = level_start_[child_level];
    const int last = last_child(entry.rank, entry.index);
    for (int child = first_child(entry.index); child < last; ++child) {
      const int i = base + child;
      if (test.enter(min_x_[i], min_y_[i], max_x_[i], max_y_[i], t)) {
        heap.push({t, child_level, child});
      }
    }
  }
  return true;
}

// Bit j set when item first + j overlaps the box, for count <= 64 items. Every item is tested,
// without a branch: the comparisons go to a byte per item in a loop that compilers vectorise,
// and each 8 bytes of 0 or 1 become 8 bits by one multiplication (the bit of byte j lands in
// bit 56 + j of the product, and no two partial products meet). The arrays are padded by 64
// boxes, so reading a whole block past the last item stays in bounds.
template <class T>
std::uint64_t PackedTree<T>::overlap_bits(int first, int count, T x0, T y0, T x1, T y1) const {
  const T* a = min_x_.data() + first;
  const T* b = min_y_.data() + first;
  const T* c = max_x_.data() + first;
  const T* d = max_y_.data() + first;
  std::uint64_t bits = 0;
  for (int k = 0; k < count; k += 8) {
    alignas(8) unsigned char hit[8];
    for (int j = 0; j < 8; ++j) {
      hit[j] = static_cast<unsigned char>((a[k + j] <= x1) & (x0 <= c[k + j]) & (b[k + j] <= y1) &
                                          (y0 <= d[k + j]));
    }
    std::uint64_t bytes;
    std::memcpy(&bytes, hit, 8);
    bits |= ((bytes * 0x0102040810204080ull) >> 56) << k;
  }
  return count >= 64 ? bits : bits & ((std::uint64_t(1) << count) - 1);
}

template <class T>
std::uint64_t PackedTree<T>::inside_mask(int first, int count, const Aabb<T>& box) const {
  return inside_bits(first, count, box.min.x, box.min.y, box.max.x, box.max.y);
}

template <class T>
std::uint64_t PackedTree<T>::inside_bits(int first, int count, T x0, T y0, T x1, T y1) const {
  const T* a = min_x_.data() + first;
  const T* b = min_y_.data() + first;
  const T* c = max_x_.data() + first;
  const T* d = max_y_.data() + first;
  std::uint64_t bits = 0;
  for (int k = 0; k < count; k += 8) {
    alignas(8) unsigned char hit[8];
    for (int j = 0; j < 8; ++j) {
      hit[j] = static_cast<unsigned char>((x0 <= a[k + j]) & (c[k + j] <= x1) & (y0 <= b[k + j]) &
                                          (d[k + j] <= y1));
    }
    std::uint64_t bytes;
    std::memcpy(&bytes, hit, 8);
    bits |= ((bytes * 0x0102040810204080ull) >> 56) << k;
  }
  return count >= 64 ? bits : bits & ((std::uint64_t(1) << count) - 1);
}

// Items of leaf a (of this tree) against items of leaf b (of `other`, which is *this when self).
// When self and a == b, each unordered pair once. Pairs come out by increasing position in a,
// then in b.
template <class T>
template <class F>
bool PackedTree<T>::leaf_pair(int a, int b, const PackedTree& other, F& f, bool self) const {
  const int a_first = first_child(a), a_last = last_child(1, a);
  const int b_first = other.first_child(b), b_last = other.last_child(1, b);
  auto emit = [&](int i, int j) {
    const int x = item_at(i), y = other.item_at(j);
    if (!self) return detail::keep_going(f, x, y);
    return detail::keep_going(f, x < y ? x : y, x < y ? y : x);
  };
  if (node_size_ > 64) {  // too wide for one mask: test pair by pair
    for (int i = a_first; i < a_last; ++i) {
      for (int j = self && a == b ? i + 1 : b_first; j < b_last; ++j) {
        const bool hit = min_x_[i] <= other.max_x_[j] && other.min_x_[j] <= max_x_[i] &&
                         min_y_[i] <= other.max_y_[j] && other.min_y_[j] <= max_y_[i];
        if (hit && !emit(i, j)) return false;
      }
    }
    return true;
  }
  if (self && a == b) {
    for (int i = a_first; i + 1 < a_last; ++i) {
      std::uint64_t bits =
          overlap_bits(i + 1, a_last - i - 1, min_x_[i], min_y_[i], max_x_[i], max_y_[i]);
      for (; bits != 0; bits &= bits - 1) {
        if (!emit(i, i + 1 + detail::lowest_bit(bits))) return false;
      }
    }
    return true;
  }
  // Only the items of each leaf that reach into the other leaf's box can pair.
  const int a_box = level_start_[1] + a;
  const int b_box = other.level_start_[1] + b;
  const std::uint64_t near_b = other.overlap_bits(b_first, b_last - b_first, min_x_[a_box],
                                                  min_y_[a_box], max_x_[a_box], max_y_[a_box]);
  if (near_b == 0) return true;
  std::uint64_t near_a =
      overlap_bits(a_first, a_last - a_first, other.min_x_[b_box], other.min_y_[b_box],
                   other.max_x_[b_box], other.max_y_[b_box]);
  for (; near_a != 0; near_a &= near_a - 1) {
    const int i = a_first + detail::lowest_bit(near_a);
    std::uint64_t bits = near_b & other.overlap_bits(b_first, b_last - b_first, min_x_[i],
                                                     min_y_[i], max_x_[i], max_y_[i]);
    for (; bits != 0; bits &= bits - 1) {
      if (!emit(i, b_first + detail::lowest_bit(bits))) return false;
    }
  }
  return true;
}

template <class T>
template <class F>
bool PackedTree<T>::for_each_pair(F&& f) const {
  check_ready("for_each_pair");
  return for_each_leaf_pair([&](int a, int b) { return leaf_pair(a, b, *this, f, true); });
}

template <class T>
template <class F>
bool PackedTree<T>::for_each_pair_with(const PackedTree& other, F&& f) const {
  check_ready("for_each_pair_with");
  other.check_ready("for_each_pair_with");
  return for_each_leaf_pair_with(other,
                                 [&](int a, int b) { return leaf_pair(a, b, other, f, false); });
}

template <class T>
template <class F>
bool PackedTree<T>::for_each_leaf_pair(F&& f) const {
  if (count_ < 2) return true;
  // Node pairs (level, a, b), a <= b, whose boxes overlap.
  std::vector<int> stack{levels(), 0, 0};
  while (!stack.empty()) {
    const int b = stack.back();
    stack.pop_back();
    const int a = stack.back();
    stack.pop_back();
    const int level = stack.back();
    stack.pop_back();
    if (level == 1) {
      if (!f(a, b)) return false;
      continue;
    }
    const int base = level_start_[level - 1];
    const int a_last = last_child(level, a);
    const int b_first = first_child(b), b_last = last_child(level, b);
    for (int c = first_child(a); c < a_last; ++c) {
      // Within one node, pair each child with itself and with the children after it.
      for (int d = a == b ? c : b_first; d < b_last; ++d) {
        if (c == d || overlap(base + c, base + d)) stack.insert(stack.end(), {level - 1, c, d});
      }
    }
  }
  return true;
}

template <class T>
template <class F>
bool PackedTree<T>::for_each_leaf_pair_with(const PackedTree& other, F&& f) const {
  if (count_ == 0 || other.count_ == 0) return true;
  // (level in this, node, level in other, node), boxes overlapping. The taller side descends
  // first, so both reach their leaves together.
  std::vector<int> stack;
  auto visit = [&](int la, int a, int lb, int b) {
    const int i = level_start_[la] + a;
    const int j = other.level_start_[lb] + b;
    if (other.max_x_[j] < min_x_[i] || other.min_x_[j] > max_x_[i] || other.max_y_[j] < min_y_[i] ||
        other.min_y_[j] > max_y_[i]) {
      return;
    }
    stack.insert(stack.end(), {la, a, lb, b});
  };
  visit(levels(), 0, other.levels(), 0);
  while (!stack.empty()) {
    const int b = stack.back();
    const int lb = stack[stack.size() - 2];
    const int a = stack[stack.size() - 3];
    const int la = stack[stack.size() - 4];
    stack.resize(stack.size() - 4);
    if (la == 1 && lb == 1) {
      if (!f(a, b)) return false;
    } else if (la >= lb) {
      for (int c = first_child(a), last = last_child(la, a); c < last; ++c)
        visit(la - 1, c, lb, b);
    } else {
      for (int d = other.first_child(b), last = other.last_child(lb, b); d < last; ++d) {
        visit(la, a, lb - 1, d);
      }
    }
  }
  return true;
}

extern template class PackedTree<float>;
extern template class PackedTree<double>;

}  // namespace collide2d
