// collide2d/broadphase/brute_force.hpp - BruteForceIndex<T>: the reference every index is tested
// against, and a fine index for a few dozen boxes.
//
// It answers the same queries as DynamicTree, PackedTree and UniformGrid by looking at every box,
// in the most direct way, so that its answers are obviously right: box queries in increasing item
// order, ray traversals by sorting every hit by (t_enter, item), pairs sorted by (a, b). Only the
// pair search is not quadratic: a sweep along x (sort by min.x, then each box meets the boxes that
// start before it ends), still simple enough to check by eye. It uses the same RayBoxTest as the
// indexes, so their ray answers must agree bit for bit.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "collide2d/broadphase/common.hpp"

namespace collide2d {

template <class T>
class BruteForceIndex {
 public:
  BruteForceIndex() = default;
  explicit BruteForceIndex(std::vector<Aabb<T>> boxes)
      : boxes_(std::move(boxes)), alive_(boxes_.size(), 1), count_(int(boxes_.size())) {}

  // Items are numbered in insertion order; removed numbers are not reused.
  int insert(const Aabb<T>& box) {
    boxes_.push_back(box);
    alive_.push_back(1);
    ++count_;
    return static_cast<int>(boxes_.size()) - 1;
  }
  void remove(int item) {
    check(item);
    alive_[std::size_t(item)] = 0;
    --count_;
  }
  void set_box(int item, const Aabb<T>& box) {
    check(item);
    boxes_[std::size_t(item)] = box;
  }
  const Aabb<T>& box(int item) const {
    check(item);
    return boxes_[std::size_t(item)];
  }
  bool contains(int item) const {
    return item >= 0 && std::size_t(item) < boxes_.size() && alive_[std::size_t(item)];
  }
  int size() const { return count_; }

  template <class F>
  bool query(const Aabb<T>& box, F&& f) const {
    check_query_box(box, "BruteForceIndex::query box");
    for (std::size_t i = 0; i < boxes_.size(); ++i) {
      if (alive_[i] && boxes_overlap(boxes_[i], box) && !detail::keep_going(f, int(i))) {
        return false;
      }
    }
    return true;
  }
  void query(const Aabb<T>& box, std::vector<int>& out) const {
    query(box, [&out](int item) { out.push_back(item); });
  }

  template <class F>
  bool raycast(const Ray<T>& ray, F&& f) const {
    check_query_ray(ray, "BruteForceIndex::raycast ray");
    RayBoxTest<T> test(ray);
    std::vector<std::pair<T, int>> hits;
    for (std::size_t i = 0; i < boxes_.size(); ++i) {
      T t = T(0);
      if (alive_[i] && test.enter(boxes_[i], t)) hits.emplace_back(t, int(i));
    }
    std::sort(hits.begin(), hits.end());
    for (const auto& [t, item] : hits) {
      if (t > test.max_t()) break;
      const T limit = detail::next_max_t(f, item, t, test.max_t());
      if (limit < T(0)) return false;
      test.set_max_t(limit);
    }
    return true;
  }

  // Every overlapping pair (a, b), a < b, sorted, to f(a, b) -> void | bool (false stops).
  template <class F>
  bool for_each_pair(F&& f) const {
    std::vector<IndexPair> pairs;
    overlapping_pairs(pairs);
    for (const IndexPair& pair : pairs) {
      if (!detail::keep_going(f, pair.first, pair.second)) return false;
    }
    return true;
  }
  // The same, appended to out.
  void overlapping_pairs(std::vector<IndexPair>& out) const {
    std::vector<int> order;
    for (std::size_t i = 0; i < boxes_.size(); ++i) {
      if (alive_[i]) order.push_back(int(i));
    }
    std::sort(order.begin(), order.end(), [this](int a, int b) {
      return boxes_[std::size_t(a)].min.x < boxes_[std::size_t(b)].min.x;
    });
    const std::size_t first = out.size();
    for (std::size_t i = 0; i < order.size(); ++i) {
      const Aabb<T>& a = boxes_[std::size_t(order[i])];
      for (std::size_t j = i + 1; j < order.size(); ++j) {
        const Aabb<T>& b = boxes_[std::size_t(order[j])];
        if (b.min.x > a.max.x) break;  // sorted by min.x: no later box reaches back to a
        if (boxes_overlap(a, b)) {
          out.push_back({std::min(order[i], order[j]), std::max(order[i], order[j])});
        }
      }
    }
    std::sort(out.begin() + std::ptrdiff_t(first), out.end(), [](IndexPair x, IndexPair y) {
      return x.first != y.first ? x.first < y.first : x.second < y.second;
    });
  }

 private:
  void check(int item) const {
    if (!contains(item)) {
      throw std::out_of_range("BruteForceIndex: no item " + std::to_string(item));
    }
  }

  std::vector<Aabb<T>> boxes_;
  std::vector<unsigned char> alive_;
  int count_ = 0;
};

static_assert(BoxIndex<BruteForceIndex<float>, float> && BoxIndex<BruteForceIndex<double>, double>);

}  // namespace collide2d
