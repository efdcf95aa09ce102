// PackedTree: bulk build (Hilbert sort, bottom-up packing), refit, validation.
#include "collide2d/broadphase/packed_tree.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "broadphase/box_bits_sse2.hpp"
#include "collide2d/broadphase/hilbert.hpp"
#include "detail/huge_pages.hpp"

namespace collide2d {

template <class T>
void PackedTree<T>::check_sizes(std::size_t count, int node_size) {
  if (node_size < 2 || node_size > 256) {
    throw std::invalid_argument("PackedTree node_size is " + std::to_string(node_size) +
                                ", must be 2 to 256");
  }
  if (count > std::size_t(0x7FFFFFFF)) {
    throw std::invalid_argument("PackedTree: " + std::to_string(count) +
                                " items, at most 2^31 - 1");
  }
}

namespace {
// log2(n) for a power of two, else -1.
int power_of_two_shift(int n) {
  for (int shift = 0; shift < 31; ++shift)
    if ((1 << shift) == n) return shift;
  return -1;
}

// check_query_box's verdict on every item box at once (n boxes, one array per coordinate), in a
// loop that builds no message and has no branch per box (the check was 40 instructions a box, a
// tenth of loading a saved scene's shapes); build checks the boxes one by one only when one is
// bad, for its message.
template <class T>
bool items_valid(const T* min_x, const T* min_y, const T* max_x, const T* max_y, int n) {
  constexpr T largest = std::numeric_limits<T>::max();
  unsigned valid = 1;
  for (int p = 0; p < n; ++p) {
    const T x0 = min_x[p], y0 = min_y[p], x1 = max_x[p], y1 = max_y[p];
    valid &= unsigned(std::fabs(x0) <= largest) & unsigned(std::fabs(y0) <= largest) &
             unsigned(std::fabs(x1) <= largest) & unsigned(std::fabs(y1) <= largest) &
             unsigned(x0 <= x1) & unsigned(y0 <= y1);
  }
  return valid != 0;
}
}  // namespace

template <class T>
PackedTree<T>::PackedTree(const Aabb<T>* boxes, std::size_t count, Options options)
    : node_size_(options.node_size), leaf_shift_(power_of_two_shift(options.node_size)) {
  check_sizes(count, options.node_size);
  for (std::size_t i = 0; i < count; ++i) {
    check_query_box(boxes[i], "PackedTree item box");
  }
  count_ = static_cast<int>(count);
  if (count_ == 0) return;
  if (options.order == Order::hilbert) {
    order_ = hilbert_order(boxes, count);
    position_.resize(order_.size());
    for (std::size_t p = 0; p < order_.size(); ++p)
      position_[order_[p]] = std::uint32_t(p);
  }
  build([&](T* min_x, T* min_y, T* max_x, T* max_y) {
    for (int p = 0; p < count_; ++p) {
      const Aabb<T>& b = boxes[item_at(p)];
      min_x[p] = b.min.x;
      min_y[p] = b.min.y;
      max_x[p] = b.max.x;
      max_y[p] = b.max.y;
    }
  });
}

template <class T>
PackedTree<T>::PackedTree(std::size_t count, int node_size, const Fill& fill)
    : node_size_(node_size), leaf_shift_(power_of_two_shift(node_size)) {
  check_sizes(count, node_size);
  count_ = static_cast<int>(count);
  if (count_ == 0) return;
  build(fill, true);
}

template <class T>
void PackedTree<T>::build(const Fill& fill, bool check_items) {
  // Level sizes: items, then ceil(previous / node_size) until a single root.
  level_start_.push_back(0);
  level_count_.push_back(count_);
  level_span_.push_back(1);
  int total = count_;
  do {
    const int nodes = (level_count_.back() + node_size_ - 1) / node_size_;
    level_start_.push_back(total);
    level_count_.push_back(nodes);
    level_span_.push_back(level_span_.back() * node_size_);
    total += nodes;
  } while (level_count_.back() > 1);

  // 64 boxes of padding: overlap_bits reads whole blocks of 8 past a leaf's last item.
  const std::size_t padded = std::size_t(total) + 64;
  for (std::vector<T>* a : {&min_x_, &min_y_, &max_x_, &max_y_})
    detail::reserve_huge(*a, padded);
  min_x_.assign(padded, T(0));
  min_y_.assign(padded, T(0));
  max_x_.assign(padded, T(0));
  max_y_.assign(padded, T(0));
  fill(min_x_.data(), min_y_.data(), max_x_.data(), max_y_.data());
  if (check_items &&
      !items_valid(min_x_.data(), min_y_.data(), max_x_.data(), max_y_.data(), count_)) {
    for (int p = 0; p < count_; ++p)
      check_query_box(node_box(p), "PackedTree item box");  // the first bad box's message
  }
  // Each node box is the union of its children's, level by level from the leaves up.
  for (int level = 1; level < static_cast<int>(level_start_.size()); ++level) {
    for (int k = 0; k < level_count_[level]; ++k)
      refit_node(level, k);
  }
}

// Sets node k of `level` to the union of its children's boxes; false when it was that already.
template <class T>
bool PackedTree<T>::refit_node(int level, int k) {
  const int base = level_start_[level - 1];
  const int first = base + first_child(k);
  const int last = base + last_child(level, k);
  T x0 = min_x_[first], y0 = min_y_[first], x1 = max_x_[first], y1 = max_y_[first];
  for (int c = first + 1; c < last; ++c) {
    x0 = std::min(x0, min_x_[c]);
    y0 = std::min(y0, min_y_[c]);
    x1 = std::max(x1, max_x_[c]);
    y1 = std::max(y1, max_y_[c]);
  }
  const int i = level_start_[level] + k;
  if (min_x_[i] == x0 && min_y_[i] == y0 && max_x_[i] == x1 && max_y_[i] == y1) return false;
  if (level == 1) {
    leaf_cost_ += ((x1 - x0) + (y1 - y0)) - ((max_x_[i] - min_x_[i]) + (max_y_[i] - min_y_[i]));
  }
  min_x_[i] = x0;
  min_y_[i] = y0;
  max_x_[i] = x1;
  max_y_[i] = y1;
  return true;
}

template <class T>
Aabb<T> PackedTree<T>::box(int item) const {
  return node_box(position_of(item));
}

template <class T>
Aabb<T> PackedTree<T>::bounds() const {
  if (count_ == 0) return {{T(0), T(0)}, {T(0), T(0)}};
  return node_box(level_start_.back());
}

template <class T>
int PackedTree<T>::position_of(int item) const {
  if (item < 0 || item >= count_) {
    throw std::out_of_range("PackedTree: item " + std::to_string(item) + " of " +
                            std::to_string(count_));
  }
  if (order_.empty()) return item;
  return static_cast<int>(position_[item]);
}

template <class T>
void PackedTree<T>::set_box(int item, const Aabb<T>& box) {
  check_query_box(box, "PackedTree::set_box box");
  place_box(position_of(item), box);
}

template <class T>
void PackedTree<T>::place_box(int p, const Aabb<T>& box) {
  min_x_[p] = box.min.x;
  min_y_[p] = box.min.y;
  max_x_[p] = box.max.x;
  max_y_[p] = box.max.y;
  if (dirty_flags_.empty()) dirty_flags_.assign(min_x_.size(), 0);
  // (An integer division is 14 to 30 cycles on current x86; the default node size is 16.)
  const int leaf = leaf_shift_ >= 0 ? p >> leaf_shift_ : p / node_size_;
  std::uint8_t& flag = dirty_flags_[std::size_t(level_start_[1] + leaf)];
  if (!flag) {
    flag = 1;
    dirty_leaves_.push_back(leaf);
  }
}

// Recomputes each marked node from its children, then their parents, one level at a time, so a
// node is recomputed once however many of its items moved.
template <class T>
void PackedTree<T>::refit() {
  std::vector<int> current;
  current.swap(dirty_leaves_);
  std::vector<int> next;
  for (int level = 1; level < static_cast<int>(level_start_.size()) && !current.empty(); ++level) {
    const bool has_parent = level + 1 < static_cast<int>(level_start_.size());
    next.clear();
    for (const int k : current) {
      dirty_flags_[std::size_t(level_start_[level] + k)] = 0;
      if (!refit_node(level, k)) continue;
      if (!has_parent) continue;
      const int parent = k / node_size_;
      std::uint8_t& flag = dirty_flags_[std::size_t(level_start_[level + 1] + parent)];
      if (!flag) {
        flag = 1;
        next.push_back(parent);
      }
    }
    current.swap(next);
  }
}

template <class T>
void PackedTree<T>::check_ready(const char* what) const {
  if (needs_refit()) {
    throw std::logic_error(std::string("PackedTree::") + what +
                           ": boxes were set since the last refit(); call refit() first");
  }
}

template <class T>
std::size_t PackedTree<T>::memory_bytes() const {
  return sizeof(T) *
             (min_x_.capacity() + min_y_.capacity() + max_x_.capacity() + max_y_.capacity()) +
         sizeof(std::uint32_t) * (order_.capacity() + position_.capacity()) +
         dirty_flags_.capacity() + sizeof(int) * dirty_leaves_.capacity();
}

template <class T>
std::string PackedTree<T>::validate() const {
  if (needs_refit()) return "a refit is pending";
  if (count_ == 0) return min_x_.empty() ? std::string() : "an empty tree holds boxes";
  int expected = count_;
  for (std::size_t level = 1; level < level_count_.size(); ++level) {
    expected = (expected + node_size_ - 1) / node_size_;
    if (level_count_[level] != expected) {
      return "level " + std::to_string(level) + " has " + std::to_string(level_count_[level]) +
             " nodes, expected " + std::to_string(expected);
    }
  }
  if (level_count_.back() != 1) return "the top level is not a single root";
  for (int level = 1; level < static_cast<int>(level_start_.size()); ++level) {
    const int base = level_start_[level - 1];
    for (int k = 0; k < level_count_[level]; ++k) {
      Aabb<T> expected_box = node_box(base + first_child(k));
      for (int c = base + first_child(k) + 1; c < base + last_child(level, k); ++c) {
        expected_box = box_union(expected_box, node_box(c));
      }
      const Aabb<T> actual = node_box(level_start_[level] + k);
      if (!(actual.min == expected_box.min && actual.max == expected_box.max)) {
        return "node " + std::to_string(k) + " of level " + std::to_string(level) +
               " is not the union of its children";
      }
    }
  }
  if (!order_.empty()) {
    std::vector<std::uint8_t> seen(order_.size(), 0);
    for (const std::uint32_t item : order_) {
      if (item >= order_.size() || seen[item]) return "the order is not a permutation";
      seen[item] = 1;
    }
  }
  return {};
}

namespace {

// Bit j set when box j of the arrays (min x a, min y b, max x c, max y d) overlaps the box
// (x0, y0) - (x1, y1), or with `inside` lies inside it, for count <= 64 boxes. Every box is
// tested, without a branch: the comparisons go to a byte per box in a loop that compilers
// vectorise, and each 8 bytes of 0 or 1 become 8 bits by one multiplication (the bit of byte j
// lands in bit 56 + j of the product, and no two partial products meet). The tree's arrays are
// padded by 64 boxes, so reading a whole block past the last item stays in bounds.
template <bool inside, class T>
std::uint64_t box_bits(const T* a, const T* b, const T* c, const T* d, int count, T x0, T y0, T x1,
                       T y1) {
  std::uint64_t bits = 0;
  for (int k = 0; k < count; k += 8) {
    alignas(8) unsigned char hit[8];
    for (int j = 0; j < 8; ++j) {
      if constexpr (inside) {
        hit[j] = static_cast<unsigned char>((x0 <= a[k + j]) & (c[k + j] <= x1) & (y0 <= b[k + j]) &
                                            (d[k + j] <= y1));
      } else {
        hit[j] = static_cast<unsigned char>((a[k + j] <= x1) & (x0 <= c[k + j]) & (b[k + j] <= y1) &
                                            (y0 <= d[k + j]));
      }
    }
    std::uint64_t bytes;
    std::memcpy(&bytes, hit, 8);
    bits |= ((bytes * 0x0102040810204080ull) >> 56) << k;
  }
  return count >= 64 ? bits : bits & ((std::uint64_t(1) << count) - 1);
}

#if COLLIDE2D_BOX_BITS_SSE2
// The same bits for float with SSE2 (box_bits_sse2.hpp): 2x fewer instructions in the all-pairs
// join, where most of the tests run (docs/BENCHMARKS.md, 2026-11-25).
template <bool inside>
std::uint64_t box_bits(const float* a, const float* b, const float* c, const float* d, int count,
                       float x0, float y0, float x1, float y1) {
  return detail::box_bits_sse2<inside>(a, b, c, d, count, x0, y0, x1, y1);
}
#endif

}  // namespace

template <class T>
std::uint64_t PackedTree<T>::overlap_bits(int first, int count, T x0, T y0, T x1, T y1) const {
  return box_bits<false>(min_x_.data() + first, min_y_.data() + first, max_x_.data() + first,
                         max_y_.data() + first, count, x0, y0, x1, y1);
}

template <class T>
std::uint64_t PackedTree<T>::inside_bits(int first, int count, T x0, T y0, T x1, T y1) const {
  return box_bits<true>(min_x_.data() + first, min_y_.data() + first, max_x_.data() + first,
                        max_y_.data() + first, count, x0, y0, x1, y1);
}

template <class T>
void PackedTree<T>::append_box(const Aabb<T>& box, std::vector<int>& out) const {
  struct Visitor {
    const PackedTree& tree;
    std::vector<int>& out;
    bool item(int position) {
      out.push_back(tree.item_at(position));
      return true;
    }
    bool range(int first, int last) {
      if (tree.order_.empty()) {
        for (int p = first; p < last; ++p)
          out.push_back(p);
      } else {
        out.insert(out.end(), tree.order_.begin() + first, tree.order_.begin() + last);
      }
      return true;
    }
  } visitor{*this, out};
  traverse(detail::BoxRegion<T>(box), visitor);
}

template <class T>
void PackedTree<T>::leaf_pairs(std::vector<IndexPair>& out) const {
  check_ready("leaf_pairs");
  for_each_leaf_pair([&out](int a, int b) {
    out.push_back({a, b});
    return true;
  });
}

template <class T>
void PackedTree<T>::leaf_pairs_with(const PackedTree& other, std::vector<IndexPair>& out) const {
  check_ready("leaf_pairs_with");
  other.check_ready("leaf_pairs_with");
  for_each_leaf_pair_with(other, [&out](int a, int b) {
    out.push_back({a, b});
    return true;
  });
}

template class PackedTree<float>;
template class PackedTree<double>;
template class detail::QueryFront<PackedTree<float>, float>;
template class detail::QueryFront<PackedTree<double>, double>;

}  // namespace collide2d
