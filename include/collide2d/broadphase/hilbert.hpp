// collide2d/broadphase/hilbert.hpp - the Hilbert order of boxes: the order PackedTree sorts its
// items in, for callers that store their own data in that order and then build the tree with
// Order::as_given (the Scene does), so that an item's position is its index in their arrays.
//
// Box centres are mapped onto a 65536 x 65536 grid over the centres' bounds and sorted by the
// index of their cell along the Hilbert curve, so that items that are near along the order are
// near in space (closer than along a Z-order curve: the Hilbert curve never jumps).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "collide2d/shapes.hpp"

namespace collide2d {

// The permutation that sorts boxes[0 .. count) by the Hilbert index of their centres: order[p] is
// the box at sorted position p. Equal indices keep their input order. O(count) (a radix sort).
// Any boxes give a permutation; finite ones a good order.
template <class T>
std::vector<std::uint32_t> hilbert_order(const Aabb<T>* boxes, std::size_t count);

extern template std::vector<std::uint32_t> hilbert_order<float>(const Aabb<float>*, std::size_t);
extern template std::vector<std::uint32_t> hilbert_order<double>(const Aabb<double>*, std::size_t);

}  // namespace collide2d
