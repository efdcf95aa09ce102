// collide2d/broadphase/dynamic_tree.hpp - DynamicTree<T>: an incremental AABB tree for objects
// that move, are added and are removed one at a time.
//
// The design of Box2D's b2DynamicTree (Catto, GDC 2019 "Dynamic Bounding Volume Hierarchies"):
// - A binary tree in a pool of nodes addressed by int, with a free list; a proxy id is the index
//   of its leaf, stable for the proxy's life (rotations move internal nodes, never leaves).
// - Leaves hold fat boxes: the object's box enlarged by `margin` on every side, so that an object
//   that moves a little stays inside its fat box: move() then returns false and the tree is
//   untouched.
// - insert() descends from the root choosing the child whose cost grows least, where the cost of
//   a tree is the sum of its internal nodes' half perimeters (the surface-area heuristic in 2D:
//   the chance that a query touches a node is about proportional to its perimeter). It stops where
//   making the new leaf a sibling is cheaper than pushing it further down (Box2D 2.4's greedy
//   descent, with the cost a subtree inherits from its enlarged ancestors counted).
// - On the way back up every ancestor is refitted and rotated when one child is more than one
//   level taller than the other (an AVL rotation, Box2D 2.4's Balance), so the height stays
//   O(log n) whatever the insertion order (sorted input would otherwise build a list).
//
// Queries answer on the fat boxes: a box query may report a proxy whose object box is within
// `margin` of the query box. Callers that need the object's exact box test it themselves (the
// Scene does, against the shapes).
//
// Units: margin and boxes are in world units. Preconditions: boxes finite with min <= max
// (insert and move throw InvalidQuery otherwise: a NaN box would poison every ancestor); proxy
// ids are ones insert returned and remove has not yet taken back (checked by is_proxy; misuse
// throws std::out_of_range).
#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "collide2d/broadphase/common.hpp"
#include "collide2d/broadphase/query_front.hpp"

namespace collide2d {

template <class T>
class DynamicTree : public detail::QueryFront<DynamicTree<T>, T> {
 public:
  static constexpr int null_node = -1;

  // margin >= 0: how far, in world units, an object may move before its leaf is reinserted.
  explicit DynamicTree(T margin = T(0));

  // Adds a box; returns its proxy id. user_value is kept for the caller (the Scene stores where
  // the shape lives).
  int insert(const Aabb<T>& box, int user_value = 0);
  void remove(int proxy);
  // Gives the proxy its new object box. Returns false when the box is still inside the fat box
  // (and the fat box is not more than 4 margins too large, which happens after a fast object
  // slows down): nothing changed. Otherwise the leaf is reinserted with a new fat box: true.
  bool move(int proxy, const Aabb<T>& box);
  void clear();

  bool is_proxy(int proxy) const;
  const Aabb<T>& fat_box(int proxy) const;
  int user_value(int proxy) const;
  void set_user_value(int proxy, int user_value);

  int size() const { return proxy_count_; }
  bool empty() const { return proxy_count_ == 0; }
  T margin() const { return margin_; }
  // Leaves are at height 0; an empty tree has height -1.
  int height() const;
  // Sum of the half perimeters of the internal nodes over the root's: 1 for a single node, about
  // log n for a good tree, much more for a bad one.
  T cost_ratio() const;
  // Bytes held by the node pool (its capacity).
  std::size_t memory_bytes() const;

  // Checks every invariant: parent and child links agree, every node is either in the tree or on
  // the free list, heights are 1 + the taller child, every internal box is exactly the union of
  // its children's, and the proxy count matches the leaves. Returns an empty string when all hold,
  // else the first that fails, naming the node: for tests, after every batch of changes.
  std::string validate() const;

  // Queries, from QueryFront (query_front.hpp): query(box, f) and query(box, out), raycast(ray, f),
  // for_each_pair(f) and overlapping_pairs(out). They answer on the fat boxes. A ray's proxies
  // come best first (nodes wait in a heap keyed by their own entry, never later than their
  // children's), ties by proxy id. Pairs come from a simultaneous descent of the tree against
  // itself (a self-join: each pair of subtrees is compared once, at their lowest common
  // ancestor), in an order the same tree repeats.

  // Every proxy, to f(proxy), in pool order.
  template <class F>
  void for_each_leaf(F&& f) const {
    for (int i = 0; i < static_cast<int>(nodes_.size()); ++i) {
      if (nodes_[std::size_t(i)].height == 0) f(i);
    }
  }

  // Every internal node's box (leaves are the proxies' fat boxes), to f(box, depth) with depth 0
  // at the root: for drawing the index.
  template <class F>
  void for_each_node(F&& f) const {
    if (root_ == null_node) return;
    std::vector<std::pair<int, int>> stack{{root_, 0}};
    while (!stack.empty()) {
      const auto [node, depth] = stack.back();
      stack.pop_back();
      const Node& n = nodes_[std::size_t(node)];
      if (n.is_leaf()) continue;
      f(n.box, depth);
      stack.emplace_back(n.child2, depth + 1);
      stack.emplace_back(n.child1, depth + 1);
    }
  }

 private:
  friend class detail::QueryFront<DynamicTree, T>;
  static constexpr const char* query_label = "DynamicTree::query box";
  static constexpr const char* raycast_label = "DynamicTree::raycast ray";

  struct Node {
    Aabb<T> box;  // leaf: the fat box; internal: the union of the children's boxes
    int parent;   // on the free list: the next free node
    int child1;   // null_node for a leaf
    int child2;   // leaf: the user value
    int height;   // leaf 0, free -1
    bool is_leaf() const { return child1 == null_node; }
  };

  // The traversals under the queries of the front.
  template <class F>
  bool visit_box(const Aabb<T>& box, F& f) const;
  template <class F>
  bool visit_ray(const Ray<T>& ray, F& f) const;
  template <class F>
  bool visit_pairs(F& f) const;
  int rank(int node) const { return nodes_[std::size_t(node)].is_leaf() ? 0 : 1; }

  int allocate_node();
  void free_node(int node);
  void insert_leaf(int leaf);
  void remove_leaf(int leaf);
  int balance(int a);
  int rotate_up(int a, int child, int other, bool child_is_second);
  const Node& checked_leaf(int proxy, const char* what) const;
  std::string validate_structure(int node, int& leaf_count) const;

  std::vector<Node> nodes_;
  int root_ = null_node;
  int free_list_ = null_node;
  int proxy_count_ = 0;
  T margin_;
};

static_assert(BoxIndex<DynamicTree<float>, float> && BoxIndex<DynamicTree<double>, double>);

template <class T>
template <class F>
bool DynamicTree<T>::visit_box(const Aabb<T>& box, F& f) const {
  if (root_ == null_node) return true;
  detail::IntStack stack;
  stack.push(root_);
  while (!stack.empty()) {
    const Node& node = nodes_[stack.pop()];
    if (!boxes_overlap(node.box, box)) continue;
    if (node.is_leaf()) {
      if (!detail::keep_going(f, static_cast<int>(&node - nodes_.data()))) return false;
    } else {
      stack.push(node.child2);
      stack.push(node.child1);
    }
  }
  return true;
}

template <class T>
template <class F>
bool DynamicTree<T>::visit_ray(const Ray<T>& ray, F& f) const {
  if (root_ == null_node) return true;
  detail::RayQueue<T, F> queue(ray, f);
  T t = T(0);
  if (queue.test().enter(nodes_[root_].box, t)) queue.push(t, rank(root_), root_);
  return queue.drain(std::numeric_limits<T>::infinity(), [&](int, int node) {
    for (const int child : {nodes_[node].child1, nodes_[node].child2}) {
      if (queue.test().enter(nodes_[child].box, t)) queue.push(t, rank(child), child);
    }
  });
}

template <class T>
template <class F>
bool DynamicTree<T>::visit_pairs(F& f) const {
  if (root_ == null_node) return true;
  std::vector<std::pair<int, int>> stack;
  stack.emplace_back(root_, root_);
  while (!stack.empty()) {
    const auto [a, b] = stack.back();
    stack.pop_back();
    const Node& na = nodes_[a];
    if (a == b) {
      if (na.is_leaf()) continue;
      // Pairs inside each child, then pairs across the two children.
      stack.emplace_back(na.child1, na.child2);
      stack.emplace_back(na.child2, na.child2);
      stack.emplace_back(na.child1, na.child1);
      continue;
    }
    const Node& nb = nodes_[b];
    if (!boxes_overlap(na.box, nb.box)) continue;
    if (na.is_leaf() && nb.is_leaf()) {
      if (!detail::keep_going(f, a < b ? a : b, a < b ? b : a)) return false;
    } else if (nb.is_leaf() ||
               (!na.is_leaf() && half_perimeter(na.box) >= half_perimeter(nb.box))) {
      // Descend the larger subtree: its children are the likelier to miss the other.
      stack.emplace_back(na.child2, b);
      stack.emplace_back(na.child1, b);
    } else {
      stack.emplace_back(a, nb.child2);
      stack.emplace_back(a, nb.child1);
    }
  }
  return true;
}

extern template class DynamicTree<float>;
extern template class DynamicTree<double>;
extern template class detail::QueryFront<DynamicTree<float>, float>;
extern template class detail::QueryFront<DynamicTree<double>, double>;

}  // namespace collide2d
