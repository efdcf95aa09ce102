// PackedTree: bulk build (Hilbert sort, bottom-up packing), refit, validation.
#include "collide2d/broadphase/packed_tree.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "collide2d/broadphase/hilbert.hpp"

namespace collide2d {

template <class T>
PackedTree<T>::PackedTree(const Aabb<T>* boxes, std::size_t count, Options options)
    : node_size_(options.node_size) {
  if (options.node_size < 2 || options.node_size > 256) {
    throw std::invalid_argument("PackedTree node_size is " + std::to_string(options.node_size) +
                                ", must be 2 to 256");
  }
  if (count > std::size_t(0x7FFFFFFF)) {
    throw std::invalid_argument("PackedTree: " + std::to_string(count) +
                                " items, at most 2^31 - 1");
  }
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
  min_x_.assign(padded, T(0));
  min_y_.assign(padded, T(0));
  max_x_.assign(padded, T(0));
  max_y_.assign(padded, T(0));
  for (int p = 0; p < count_; ++p) {
    const Aabb<T>& b = boxes[item_at(p)];
    min_x_[p] = b.min.x;
    min_y_[p] = b.min.y;
    max_x_[p] = b.max.x;
    max_y_[p] = b.max.y;
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
  const int p = position_of(item);
  min_x_[p] = box.min.x;
  min_y_[p] = box.min.y;
  max_x_[p] = box.max.x;
  max_y_[p] = box.max.y;
  if (dirty_flags_.empty()) dirty_flags_.assign(min_x_.size(), 0);
  const int leaf = p / node_size_;
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

template <class T>
void PackedTree<T>::query(const Aabb<T>& box, std::vector<int>& out) const {
  check_query_box(box, "PackedTree::query box");
  check_ready("query");
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
void PackedTree<T>::overlapping_pairs(std::vector<IndexPair>& out) const {
  for_each_pair([&out](int a, int b) { out.push_back({a, b}); });
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

}  // namespace collide2d
