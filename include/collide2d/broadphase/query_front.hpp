// collide2d/broadphase/query_front.hpp - the queries of DynamicTree, PackedTree and UniformGrid,
// written once.
//
// Each index derives from detail::QueryFront<Index, T> (CRTP) and supplies only what differs
// between them, its traversals over its own layout (private, with the front as a friend):
//   bool visit_box(const Aabb<T>& box, F& f)  every item overlapping box, to f(item) (keep_going)
//   bool visit_ray(const Ray<T>& ray, F& f)   queues entries on a RayQueue and drains it
//   bool visit_pairs(F& f)                    every overlapping pair (a < b), to f(a, b)
// and, where it has its own, check_ready(what) (refuse a query the index is not ready for) and
// append_box(box, out) (a vector form faster than a callback per item).
//
// The front checks the arguments, applies the callback conventions of common.hpp, provides the
// vector forms, and keeps the best-first order of ray traversals in one place (RayQueue). The
// brute-force reference (brute_force.hpp) answers the same queries without it, on purpose: it is
// what the tests compare the front and the traversals against.
#pragma once

#include <functional>
#include <limits>
#include <queue>
#include <vector>

#include "collide2d/broadphase/common.hpp"

namespace collide2d::detail {

// An ordered ray traversal: entries (nodes and items) wait in a heap keyed by the parameter where
// the ray enters their box, and come out best first. An index queues the entries it reaches that
// test() says the ray enters, and drains the heap up to where its walk can still find earlier
// ones: a tree up to infinity (a node is entered no later than its children, so its children are
// queued before they are due), the grid up to the end of the cell it walked. Items go to the
// callback, which may shorten the ray.
template <class T, class F>
class RayQueue {
 public:
  RayQueue(const Ray<T>& ray, F& f) : test_(ray), f_(f) {}

  const RayBoxTest<T>& test() const { return test_; }

  // Queues a node (rank >= 1: its level, see RayEntry) or an item (rank 0) that the ray enters at
  // t (test().enter said so).
  void push(T t, int rank, int index) { heap_.push({t, rank, index}); }

  // Takes the entries entered no later than `until` (nor than the ray's max_t), in order: an item
  // to f(item, t_enter), a node to expand(rank, index), which queues its children. False when f
  // stopped the traversal.
  template <class Expand>
  bool drain(T until, Expand&& expand) {
    // min(until, max_t), kept up to date as f shortens the ray: one comparison an entry.
    T bound = until < test_.max_t() ? until : test_.max_t();
    while (!heap_.empty() && heap_.top().t <= bound) {
      const RayEntry<T> entry = heap_.top();
      heap_.pop();
      if (entry.rank > 0) {
        expand(entry.rank, entry.index);
        continue;
      }
      const T limit = next_max_t(f_, entry.index, entry.t, test_.max_t());
      if (limit < T(0)) return false;
      test_.set_max_t(limit);
      if (limit < bound) bound = limit;
    }
    return true;
  }
  // For walks that queue items only.
  bool drain(T until) {
    return drain(until, [](int, int) {});
  }

 private:
  RayBoxTest<T> test_;
  F& f_;
  std::priority_queue<RayEntry<T>, std::vector<RayEntry<T>>, std::greater<RayEntry<T>>> heap_;
};

template <class Index, class T>
class QueryFront {
 public:
  // Every item whose box overlaps `box` (closed), to f(item) -> void | bool (false stops).
  // Returns false when f stopped the query. Throws InvalidQuery for a NaN or inverted box.
  template <class F>
  bool query(const Aabb<T>& box, F&& f) const {
    check_query_box(box, Index::query_label);
    self().check_ready("query");
    return self().visit_box(box, f);
  }
  // The same, appended to out.
  void query(const Aabb<T>& box, std::vector<int>& out) const;

  // Every item whose box the ray enters within [0, max_t], by increasing entry parameter (ties as
  // the index says), to f(item, t_enter) -> void | new max_t (see common.hpp). Throws
  // InvalidQuery for a ray without a finite direction.
  template <class F>
  bool raycast(const Ray<T>& ray, F&& f) const {
    check_query_ray(ray, Index::raycast_label);
    self().check_ready("raycast");
    return self().visit_ray(ray, f);
  }

  // Every pair of items whose boxes overlap, each once, as (a, b) with a < b, to
  // f(a, b) -> void | bool (false stops), in an order fixed by the index's contents.
  template <class F>
  bool for_each_pair(F&& f) const {
    self().check_ready("for_each_pair");
    return self().visit_pairs(f);
  }
  // The same, appended to out.
  void overlapping_pairs(std::vector<IndexPair>& out) const;

 protected:
  // The optional hooks, for an index without its own (its own hide these).
  void check_ready(const char*) const {}
  void append_box(const Aabb<T>& box, std::vector<int>& out) const;

 private:
  const Index& self() const { return static_cast<const Index&>(*this); }
};

// The vector forms are defined out of the class, so not inline: each index compiles them once,
// in its own source (an explicit instantiation), and callers only call them.
template <class Index, class T>
void QueryFront<Index, T>::query(const Aabb<T>& box, std::vector<int>& out) const {
  check_query_box(box, Index::query_label);
  self().check_ready("query");
  self().append_box(box, out);
}

template <class Index, class T>
void QueryFront<Index, T>::overlapping_pairs(std::vector<IndexPair>& out) const {
  for_each_pair([&out](int a, int b) { out.push_back({a, b}); });
}

template <class Index, class T>
void QueryFront<Index, T>::append_box(const Aabb<T>& box, std::vector<int>& out) const {
  auto append = [&out](int item) { out.push_back(item); };
  self().visit_box(box, append);
}

}  // namespace collide2d::detail
