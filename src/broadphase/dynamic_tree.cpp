// DynamicTree: node pool, insertion by surface-area cost, AVL rotations, removal, validation.
#include "collide2d/broadphase/dynamic_tree.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "detail/format.hpp"

namespace collide2d {

template <class T>
DynamicTree<T>::DynamicTree(T margin) : margin_(margin) {
  if (!(margin >= T(0)) || !std::isfinite(margin)) {
    throw std::invalid_argument("DynamicTree margin is " + detail::format_number(margin) +
                                ", must be finite and >= 0");
  }
}

template <class T>
int DynamicTree<T>::allocate_node() {
  if (free_list_ == null_node) {
    nodes_.push_back(Node{});
    free_list_ = static_cast<int>(nodes_.size()) - 1;
    nodes_[free_list_].parent = null_node;
  }
  const int node = free_list_;
  free_list_ = nodes_[node].parent;
  nodes_[node] = Node{{}, null_node, null_node, null_node, 0};
  return node;
}

template <class T>
void DynamicTree<T>::free_node(int node) {
  nodes_[node].parent = free_list_;
  nodes_[node].height = -1;
  free_list_ = node;
}

template <class T>
int DynamicTree<T>::insert(const Aabb<T>& box, int user_value) {
  check_query_box(box, "DynamicTree::insert box");
  const int leaf = allocate_node();
  const Vec2<T> r{margin_, margin_};
  nodes_[leaf].box = {box.min - r, box.max + r};
  nodes_[leaf].child2 = user_value;
  insert_leaf(leaf);
  ++proxy_count_;
  return leaf;
}

template <class T>
void DynamicTree<T>::remove(int proxy) {
  checked_leaf(proxy, "remove");
  remove_leaf(proxy);
  free_node(proxy);
  --proxy_count_;
}

template <class T>
bool DynamicTree<T>::move(int proxy, const Aabb<T>& box) {
  check_query_box(box, "DynamicTree::move box");
  const Aabb<T> fat = checked_leaf(proxy, "move").box;
  const Vec2<T> r{margin_, margin_};
  const Aabb<T> new_fat{box.min - r, box.max + r};
  if (box_contains(fat, box)) {
    // Still inside; but a fat box far larger than needed (the object shrank, or came to rest
    // after being moved a long way in one step) is worth shrinking: Box2D's "huge box" rule.
    const Vec2<T> huge{T(4) * margin_, T(4) * margin_};
    if (box_contains(Aabb<T>{new_fat.min - huge, new_fat.max + huge}, fat)) return false;
  }
  remove_leaf(proxy);
  nodes_[proxy].box = new_fat;
  insert_leaf(proxy);
  return true;
}

template <class T>
void DynamicTree<T>::clear() {
  nodes_.clear();
  root_ = null_node;
  free_list_ = null_node;
  proxy_count_ = 0;
}

template <class T>
bool DynamicTree<T>::is_proxy(int proxy) const {
  return proxy >= 0 && proxy < static_cast<int>(nodes_.size()) && nodes_[proxy].height == 0;
}

template <class T>
auto DynamicTree<T>::checked_leaf(int proxy, const char* what) const -> const Node& {
  if (!is_proxy(proxy)) {
    throw std::out_of_range(std::string("DynamicTree::") + what + ": " + std::to_string(proxy) +
                            " is not a proxy of this tree");
  }
  return nodes_[proxy];
}

template <class T>
const Aabb<T>& DynamicTree<T>::fat_box(int proxy) const {
  return checked_leaf(proxy, "fat_box").box;
}

template <class T>
int DynamicTree<T>::user_value(int proxy) const {
  return checked_leaf(proxy, "user_value").child2;
}

template <class T>
void DynamicTree<T>::set_user_value(int proxy, int user_value) {
  checked_leaf(proxy, "set_user_value");
  nodes_[proxy].child2 = user_value;
}

template <class T>
int DynamicTree<T>::height() const {
  return root_ == null_node ? -1 : nodes_[root_].height;
}

// Insertion, after Box2D 2.4's b2DynamicTree::InsertLeaf. At a node N with children C1, C2, the
// new leaf L either becomes N's sibling, which costs a new parent of perimeter P(N u L), or goes
// down into one child, where every level it passes is enlarged to contain L: that inherited cost
// is P(N u L) - P(N) here, plus the child's own growth (P(C u L) if C is a leaf, which becomes a
// new parent, else P(C u L) - P(C)). The descent stops when the sibling option is cheapest.
template <class T>
void DynamicTree<T>::insert_leaf(int leaf) {
  if (root_ == null_node) {
    root_ = leaf;
    nodes_[leaf].parent = null_node;
    return;
  }
  const Aabb<T> leaf_box = nodes_[leaf].box;
  int index = root_;
  while (!nodes_[index].is_leaf()) {
    const Node& node = nodes_[index];
    const T area = half_perimeter(node.box);
    const T combined = half_perimeter(box_union(node.box, leaf_box));
    const T sibling_cost = T(2) * combined;
    const T inherited = T(2) * (combined - area);
    auto descend_cost = [&](int child) {
      const Node& c = nodes_[child];
      const T grown = half_perimeter(box_union(c.box, leaf_box));
      return (c.is_leaf() ? grown : grown - half_perimeter(c.box)) + inherited;
    };
    const T cost1 = descend_cost(node.child1);
    const T cost2 = descend_cost(node.child2);
    if (sibling_cost < cost1 && sibling_cost < cost2) break;
    index = cost1 < cost2 ? node.child1 : node.child2;
  }
  const int sibling = index;
  const int old_parent = nodes_[sibling].parent;
  const int new_parent = allocate_node();
  nodes_[new_parent].parent = old_parent;
  nodes_[new_parent].box = box_union(leaf_box, nodes_[sibling].box);
  nodes_[new_parent].height = nodes_[sibling].height + 1;
  nodes_[new_parent].child1 = sibling;
  nodes_[new_parent].child2 = leaf;
  nodes_[sibling].parent = new_parent;
  nodes_[leaf].parent = new_parent;
  if (old_parent == null_node) {
    root_ = new_parent;
  } else if (nodes_[old_parent].child1 == sibling) {
    nodes_[old_parent].child1 = new_parent;
  } else {
    nodes_[old_parent].child2 = new_parent;
  }
  // Walk back up: rebalance, then refit heights and boxes.
  index = nodes_[leaf].parent;
  while (index != null_node) {
    index = balance(index);
    Node& node = nodes_[index];
    node.height = 1 + std::max(nodes_[node.child1].height, nodes_[node.child2].height);
    node.box = box_union(nodes_[node.child1].box, nodes_[node.child2].box);
    index = node.parent;
  }
}

template <class T>
void DynamicTree<T>::remove_leaf(int leaf) {
  if (leaf == root_) {
    root_ = null_node;
    return;
  }
  const int parent = nodes_[leaf].parent;
  const int grandparent = nodes_[parent].parent;
  const int sibling = nodes_[parent].child1 == leaf ? nodes_[parent].child2 : nodes_[parent].child1;
  free_node(parent);
  if (grandparent == null_node) {
    root_ = sibling;
    nodes_[sibling].parent = null_node;
    return;
  }
  // The sibling takes the parent's place; then every ancestor is rebalanced and refitted.
  if (nodes_[grandparent].child1 == parent) {
    nodes_[grandparent].child1 = sibling;
  } else {
    nodes_[grandparent].child2 = sibling;
  }
  nodes_[sibling].parent = grandparent;
  int index = grandparent;
  while (index != null_node) {
    index = balance(index);
    Node& node = nodes_[index];
    node.box = box_union(nodes_[node.child1].box, nodes_[node.child2].box);
    node.height = 1 + std::max(nodes_[node.child1].height, nodes_[node.child2].height);
    index = node.parent;
  }
}

// If one child C of A is more than one level taller than the other child B, C rotates up into
// A's place: A becomes C's child and takes the shorter of C's children, the taller stays with C.
//
//        A                C
//      /   |            /   |
//     B    C     =>    A    F        (F the taller of C's children F, G)
//         / |         / |
//        F  G        B  G
//
// Returns the node now at A's place. (Box2D 2.4's b2DynamicTree::Balance, both directions in one.)
template <class T>
int DynamicTree<T>::balance(int a) {
  Node& node = nodes_[a];
  if (node.is_leaf() || node.height < 2) return a;
  const int b = node.child1;
  const int c = node.child2;
  const int difference = nodes_[c].height - nodes_[b].height;
  if (difference > 1) return rotate_up(a, c, b, true);
  if (difference < -1) return rotate_up(a, b, c, false);
  return a;
}

// `child` (A's second child when child_is_second) rises above A; `other` is A's other child.
template <class T>
int DynamicTree<T>::rotate_up(int a, int child, int other, bool child_is_second) {
  Node& up = nodes_[child];
  const int f = up.child1;
  const int g = up.child2;
  // child takes A's place under A's parent.
  up.child1 = a;
  up.parent = nodes_[a].parent;
  nodes_[a].parent = child;
  if (up.parent == null_node) {
    root_ = child;
  } else if (nodes_[up.parent].child1 == a) {
    nodes_[up.parent].child1 = child;
  } else {
    nodes_[up.parent].child2 = child;
  }
  // The taller grandchild stays with `child`, the shorter goes down to A in `child`'s old slot.
  const bool f_taller = nodes_[f].height > nodes_[g].height;
  const int keep = f_taller ? f : g;
  const int give = f_taller ? g : f;
  up.child2 = keep;
  if (child_is_second) {
    nodes_[a].child2 = give;
  } else {
    nodes_[a].child1 = give;
  }
  nodes_[give].parent = a;
  Node& down = nodes_[a];
  down.box = box_union(nodes_[other].box, nodes_[give].box);
  down.height = 1 + std::max(nodes_[other].height, nodes_[give].height);
  up.box = box_union(down.box, nodes_[keep].box);
  up.height = 1 + std::max(down.height, nodes_[keep].height);
  return child;
}

template <class T>
T DynamicTree<T>::cost_ratio() const {
  if (root_ == null_node) return T(0);
  const T root_cost = half_perimeter(nodes_[root_].box);
  T total = T(0);
  for (const Node& node : nodes_) {
    if (node.height > 0) total += half_perimeter(node.box);
  }
  return root_cost > T(0) ? total / root_cost : T(0);
}

template <class T>
std::size_t DynamicTree<T>::memory_bytes() const {
  return nodes_.capacity() * sizeof(Node);
}

template <class T>
std::string DynamicTree<T>::validate_structure(int root, int& leaf_count) const {
  const int node_count = static_cast<int>(nodes_.size());
  detail::IntStack stack;
  stack.push(root);
  int visited = 0;
  while (!stack.empty()) {
    const int index = stack.pop();
    if (++visited > node_count) return "the tree has a cycle";
    const Node& node = nodes_[index];
    const std::string name = "node " + std::to_string(index);
    if (node.height < 0) return name + " is in the tree and on the free list";
    if (node.is_leaf()) {
      if (node.height != 0) return name + " is a leaf of height " + std::to_string(node.height);
      ++leaf_count;
      continue;
    }
    for (const int child : {node.child1, node.child2}) {
      if (child < 0 || child >= node_count) return name + " has child " + std::to_string(child);
      if (nodes_[child].parent != index) {
        return name + "'s child " + std::to_string(child) + " names parent " +
               std::to_string(nodes_[child].parent);
      }
      stack.push(child);
    }
    const Node& c1 = nodes_[node.child1];
    const Node& c2 = nodes_[node.child2];
    if (node.height != 1 + std::max(c1.height, c2.height)) {
      return name + " has height " + std::to_string(node.height) + ", children " +
             std::to_string(c1.height) + " and " + std::to_string(c2.height);
    }
    const Aabb<T> expected = box_union(c1.box, c2.box);
    if (!(expected.min == node.box.min && expected.max == node.box.max)) {
      return name + "'s box " + detail::format_point(node.box.min) + " - " +
             detail::format_point(node.box.max) + " is not its children's union " +
             detail::format_point(expected.min) + " - " + detail::format_point(expected.max);
    }
  }
  return {};
}

template <class T>
std::string DynamicTree<T>::validate() const {
  const int node_count = static_cast<int>(nodes_.size());
  int free_count = 0;
  for (int index = free_list_; index != null_node; index = nodes_[index].parent) {
    if (index < 0 || index >= node_count) return "free list names node " + std::to_string(index);
    if (nodes_[index].height != -1) return "free node " + std::to_string(index) + " is in use";
    if (++free_count > node_count) return "the free list has a cycle";
  }
  int leaf_count = 0;
  if (root_ != null_node) {
    if (nodes_[root_].parent != null_node) return "the root has a parent";
    std::string error = validate_structure(root_, leaf_count);
    if (!error.empty()) return error;
  }
  if (leaf_count != proxy_count_) {
    return std::to_string(leaf_count) + " leaves for " + std::to_string(proxy_count_) + " proxies";
  }
  const int in_tree = leaf_count == 0 ? 0 : 2 * leaf_count - 1;
  if (in_tree + free_count != node_count) {
    return std::to_string(node_count) + " nodes: " + std::to_string(in_tree) + " in the tree, " +
           std::to_string(free_count) + " free";
  }
  return {};
}

template class DynamicTree<float>;
template class DynamicTree<double>;
template class detail::QueryFront<DynamicTree<float>, float>;
template class detail::QueryFront<DynamicTree<double>, double>;

}  // namespace collide2d
