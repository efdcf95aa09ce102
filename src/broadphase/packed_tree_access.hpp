// Private: the layout of a PackedTree, for the Scene's region queries, which refine the tree's
// box answers with their own tests (rotated and polygonal regions, batched exact tests) and so
// need more than the public queries give: the descent with its visitor, the item boxes by
// position and the branch-free masks. Positions are slots when the tree was built as_given.
#pragma once

#include <cstddef>
#include <cstdint>

#include "collide2d/broadphase/packed_tree.hpp"

namespace collide2d::detail {

template <class T>
class PackedTreeView {
 public:
  explicit PackedTreeView(const PackedTree<T>& tree) : tree_(tree) {}

  int node_size() const { return tree_.node_size(); }

  // A tree built as given from item boxes that fill(min_x, min_y, max_x, max_y) writes in place,
  // so that a caller computing them need not hold them beside the tree's copy (Scene's rebuild).
  static PackedTree<T> build_in_place(std::size_t count, int node_size,
                                      const typename PackedTree<T>::Fill& fill) {
    return PackedTree<T>(count, node_size, fill);
  }

  // PackedTree::set_box without its check, for the Scene, whose stored boxes are finite and not
  // inverted by construction (stored_box of a valid shape): the check was a tenth of set_shape.
  // The tree must have been built as given (positions are items).
  static void set_checked_box(PackedTree<T>& tree, int position, const Aabb<T>& box) {
    tree.place_box(position, box);
  }

  // The descent under PackedTree::query, with the Region and Visitor its declaration describes.
  template <class Region, class Visitor>
  bool traverse(const Region& region, Visitor& visitor) const {
    return tree_.traverse(region, visitor);
  }

  // Item boxes by position, one array per coordinate.
  const T* min_x() const { return tree_.min_x_.data(); }
  const T* min_y() const { return tree_.min_y_.data(); }
  const T* max_x() const { return tree_.max_x_.data(); }
  const T* max_y() const { return tree_.max_y_.data(); }

  // Leaf k's box, and its items: positions [first, last).
  Aabb<T> leaf_box(int k) const { return tree_.node_box(tree_.level_start_[1] + k); }
  int leaf_first(int k) const { return tree_.first_child(k); }
  int leaf_last(int k) const { return tree_.last_child(1, k); }

  // Bit j set when the item at position first + j overlaps `box` (lies inside it, boundary
  // included), for count <= 64 positions (a leaf's items).
  std::uint64_t overlap_mask(int first, int count, const Aabb<T>& box) const {
    return tree_.overlap_mask(first, count, box);
  }
  std::uint64_t inside_mask(int first, int count, const Aabb<T>& box) const {
    return tree_.inside_mask(first, count, box);
  }

 private:
  const PackedTree<T>& tree_;
};

}  // namespace collide2d::detail
