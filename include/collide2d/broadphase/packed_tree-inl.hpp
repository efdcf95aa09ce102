// collide2d/broadphase/packed_tree-inl.hpp - the template bodies of PackedTree (packed_tree.hpp
// is the API; include that).
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "collide2d/broadphase/packed_tree.hpp"

namespace collide2d {

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
bool PackedTree<T>::visit_box(const Aabb<T>& box, F& f) const {
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
bool PackedTree<T>::visit_ray(const Ray<T>& ray, F& f) const {
  if (count_ == 0) return true;
  // The queue holds positions; f hears of items.
  auto to_item = [&](int position, T t) -> decltype(auto) { return f(item_at(position), t); };
  detail::RayQueue<T, decltype(to_item)> queue(ray, to_item);
  const int top = levels();
  T t = T(0);
  if (queue.test().enter(node_box(level_start_[top]), t)) queue.push(t, top, 0);
  return queue.drain(std::numeric_limits<T>::infinity(), [&](int level, int node) {
    const int base = level_start_[level - 1];
    for (int child = first_child(node), last = last_child(level, node); child < last; ++child) {
      const int i = base + child;
      if (queue.test().enter(min_x_[i], min_y_[i], max_x_[i], max_y_[i], t)) {
        queue.push(t, level - 1, child);
      }
    }
  });
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
bool PackedTree<T>::visit_pairs(F& f) const {
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
extern template class detail::QueryFront<PackedTree<float>, float>;
extern template class detail::QueryFront<PackedTree<double>, double>;

}  // namespace collide2d
