// collide2d/broadphase/uniform_grid.hpp - UniformGrid<T>: square cells over the items' bounds,
// for many objects of similar size (particles, units, tiles), rebuilt wholesale when they move.
//
// Each item is listed in every cell its box touches; building is a counting sort, O(n), cheap
// enough to redo every simulation step. Items whose box spans more than 64 cells would flood the
// cells and go to a separate list that every query tests directly: a grid stays correct with huge
// objects mixed in, it only stops being fast if there are many of them.
//
// Duplicates: an item listed in several cells is reported once, from the first cell (lowest
// column, then lowest row) of its cells that the query also covers; a pair once, from the first
// cell the two share. Both rules compare integer cell coordinates, so no rounding can break them.
//
// Rays walk the cells the ray crosses in order (Amanatides and Woo 1987). An item is registered
// with its box enlarged by 1/1024 of a cell (and a few ulps of the coordinates), so a ray that
// rounding steers into a neighbouring cell at a corner still meets every item it enters. Items
// found in a cell wait in a heap until the walk has passed every place where an earlier entry
// could hide, so they come out in order of entry.
//
// Cell size: given, or by default the items' mean box size (max of width and height), the size at
// which the cost of all pairs, sum over cells of (items in the cell)^2, is least for similar
// objects; enlarged so that there are at most 4 cells per item.
//
// Preconditions: finite boxes with min <= max (the constructor throws InvalidQuery otherwise);
// cell_size, when given, finite and > 0.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "collide2d/broadphase/common.hpp"
#include "collide2d/broadphase/query_front.hpp"

namespace collide2d {

template <class T>
class UniformGrid : public detail::QueryFront<UniformGrid<T>, T> {
 public:
  struct Options {
    T cell_size = T(0);  // world units; 0: automatic (see above)
  };

  UniformGrid() = default;
  UniformGrid(const Aabb<T>* boxes, std::size_t count, Options options);
  UniformGrid(const Aabb<T>* boxes, std::size_t count) : UniformGrid(boxes, count, Options{}) {}
  explicit UniformGrid(const std::vector<Aabb<T>>& boxes, Options options = {})
      : UniformGrid(boxes.data(), boxes.size(), options) {}

  int size() const { return static_cast<int>(boxes_.size()); }
  bool empty() const { return boxes_.empty(); }
  T cell_size() const { return cell_; }
  int columns() const { return columns_; }
  int rows() const { return rows_; }
  // Items kept out of the cells because their box spans too many of them.
  int large_count() const { return static_cast<int>(large_.size()); }
  const Aabb<T>& box(int item) const { return boxes_.at(std::size_t(item)); }
  std::size_t memory_bytes() const;

  // Checks that every item is listed in exactly the cells its box touches (or in the large
  // list), in increasing order. Empty string when it holds.
  std::string validate() const;

  // Queries, from QueryFront (query_front.hpp): query(box, f) and query(box, out), raycast(ray, f),
  // for_each_pair(f) and overlapping_pairs(out). A ray's items tie by item; pairs come cell by
  // cell, row-major.

  // for_each_pair in independent parts, for callers that spread it over threads: part 0 pairs the
  // items too large for the cells, part 1 + y the items of the cells of row y. Running the parts
  // 0 .. pair_parts() - 1 in turn gives exactly for_each_pair's pairs in its order; they read the
  // grid only, so they may run on several threads at once.
  int pair_parts() const { return rows_ + 1; }
  template <class F>
  bool for_each_pair_in_part(int part, F&& f) const;

 private:
  friend class detail::QueryFront<UniformGrid, T>;
  static constexpr const char* query_label = "UniformGrid::query box";
  static constexpr const char* raycast_label = "UniformGrid::raycast ray";

  // The traversals under the queries of the front.
  template <class F>
  bool visit_box(const Aabb<T>& box, F& f) const;
  template <class F>
  bool visit_ray(const Ray<T>& ray, F& f) const;
  template <class F>
  bool visit_pairs(F& f) const;
  // The items in the cells `box` covers whose box overlaps it, each once, to g(item) -> bool
  // (false stops); the large items are not in the cells.
  template <class G>
  bool visit_cells(const Aabb<T>& box, G&& g) const;

  struct CellRect {
    int x0, y0, x1, y1;
    bool contains(int x, int y) const { return x0 <= x && x <= x1 && y0 <= y && y <= y1; }
  };
  int column_of(T x) const { return clamp_cell((x - origin_.x) * inverse_cell_, columns_); }
  int row_of(T y) const { return clamp_cell((y - origin_.y) * inverse_cell_, rows_); }
  static int clamp_cell(T v, int cells) {
    if (!(v >= T(0))) return 0;
    return v >= T(cells - 1) ? cells - 1 : static_cast<int>(v);
  }
  // The cells an item is registered in: its box enlarged by pad_.
  CellRect item_cells(int item) const {
    const Aabb<T>& b = boxes_[std::size_t(item)];
    return {column_of(b.min.x - pad_), row_of(b.min.y - pad_), column_of(b.max.x + pad_),
            row_of(b.max.y + pad_)};
  }
  CellRect query_cells(const Aabb<T>& b) const {
    return {column_of(b.min.x), row_of(b.min.y), column_of(b.max.x), row_of(b.max.y)};
  }

  std::vector<Aabb<T>> boxes_;
  Aabb<T> bounds_{};  // of every item, enlarged by pad_
  Vec2<T> origin_{};
  T cell_ = T(1);
  T inverse_cell_ = T(1);
  T pad_ = T(0);
  int columns_ = 1;
  int rows_ = 1;
  std::vector<int> cell_start_;  // columns * rows + 1 offsets into cell_items_
  std::vector<int> cell_items_;  // items of each cell, increasing
  std::vector<int> large_;       // items spanning more than 64 cells, increasing
};

static_assert(BoxIndex<UniformGrid<float>, float> && BoxIndex<UniformGrid<double>, double>);

template <class T>
template <class F>
bool UniformGrid<T>::visit_box(const Aabb<T>& box, F& f) const {
  if (boxes_.empty()) return true;
  for (const int item : large_) {
    if (boxes_overlap(boxes_[std::size_t(item)], box) && !detail::keep_going(f, item)) {
      return false;
    }
  }
  return visit_cells(box, [&f](int item) { return detail::keep_going(f, item); });
}

template <class T>
template <class G>
bool UniformGrid<T>::visit_cells(const Aabb<T>& box, G&& g) const {
  const CellRect q = query_cells(box);
  for (int y = q.y0; y <= q.y1; ++y) {
    for (int x = q.x0; x <= q.x1; ++x) {
      const int cell = y * columns_ + x;
      for (int k = cell_start_[cell]; k < cell_start_[cell + 1]; ++k) {
        const int item = cell_items_[std::size_t(k)];
        if (!boxes_overlap(boxes_[std::size_t(item)], box)) continue;
        // Report from the first cell shared by the item's cells and the query's.
        const CellRect r = item_cells(item);
        if ((r.x0 > q.x0 ? r.x0 : q.x0) != x || (r.y0 > q.y0 ? r.y0 : q.y0) != y) continue;
        if (!g(item)) return false;
      }
    }
  }
  return true;
}

template <class T>
template <class F>
bool UniformGrid<T>::visit_ray(const Ray<T>& ray, F& f) const {
  if (boxes_.empty()) return true;
  detail::RayQueue<T, F> queue(ray, f);
  T t = T(0);
  for (const int item : large_) {
    if (queue.test().enter(boxes_[std::size_t(item)], t)) queue.push(t, 0, item);
  }
  T t_start = T(0);
  if (queue.test().enter(bounds_, t_start)) {
    const Vec2<T> o = ray.origin;
    const Vec2<T> d = ray.direction;
    const Vec2<T> start = o + t_start * d;
    int x = column_of(start.x);
    int y = row_of(start.y);
    const int step_x = d.x > T(0) ? 1 : (d.x < T(0) ? -1 : 0);
    const int step_y = d.y > T(0) ? 1 : (d.y < T(0) ? -1 : 0);
    const T inf = std::numeric_limits<T>::infinity();
    // The parameter where the ray crosses the next column (row) line, from the line itself each
    // time, so no error accumulates along the walk.
    auto next_x = [&](int column) {
      if (step_x == 0) return inf;
      const T line = origin_.x + T(step_x > 0 ? column + 1 : column) * cell_;
      return (line - o.x) / d.x;
    };
    auto next_y = [&](int row) {
      if (step_y == 0) return inf;
      const T line = origin_.y + T(step_y > 0 ? row + 1 : row) * cell_;
      return (line - o.y) / d.y;
    };
    int previous_x = -1, previous_y = -1;
    T cell_enter = t_start;
    for (;;) {
      if (cell_enter > queue.test().max_t()) break;
      const int cell = y * columns_ + x;
      for (int k = cell_start_[cell]; k < cell_start_[cell + 1]; ++k) {
        const int item = cell_items_[std::size_t(k)];
        // Only from the first cell of the walk among the item's cells: the walk is monotone on
        // both axes, so it meets the item's rectangle of cells in one contiguous stretch.
        if (previous_x >= 0 && item_cells(item).contains(previous_x, previous_y)) continue;
        if (queue.test().enter(boxes_[std::size_t(item)], t)) queue.push(t, 0, item);
      }
      const T tx = next_x(x);
      const T ty = next_y(y);
      const T cell_exit = tx < ty ? tx : ty;
      // Every item entered before the walk leaves this cell has been found by now.
      if (!queue.drain(cell_exit)) return false;
      previous_x = x;
      previous_y = y;
      if (tx < ty) {
        x += step_x;
      } else {
        y += step_y;
      }
      if (x < 0 || x >= columns_ || y < 0 || y >= rows_ || !(cell_exit < inf)) break;
      cell_enter = cell_exit;
    }
  }
  return queue.drain(std::numeric_limits<T>::infinity());
}

template <class T>
template <class F>
bool UniformGrid<T>::visit_pairs(F& f) const {
  for (int part = 0; part < pair_parts(); ++part) {
    if (!for_each_pair_in_part(part, f)) return false;
  }
  return true;
}

template <class T>
template <class F>
bool UniformGrid<T>::for_each_pair_in_part(int part, F&& f) const {
  if (part == 0) {
    // Large items against everything else, by querying the cells; then among themselves.
    for (std::size_t l = 0; l < large_.size(); ++l) {
      const int a = large_[l];
      const Aabb<T>& box = boxes_[std::size_t(a)];
      const bool going = visit_cells(
          box, [&](int b) { return detail::keep_going(f, a < b ? a : b, a < b ? b : a); });
      if (!going) return false;
      for (std::size_t m = l + 1; m < large_.size(); ++m) {
        const int b = large_[m];
        if (boxes_overlap(box, boxes_[std::size_t(b)]) && !detail::keep_going(f, a, b))
          return false;
      }
    }
    return true;
  }
  const int y = part - 1;
  for (int x = 0; x < columns_; ++x) {
    const int cell = y * columns_ + x;
    const int first = cell_start_[cell], last = cell_start_[cell + 1];
    for (int i = first; i < last; ++i) {
      const int a = cell_items_[std::size_t(i)];
      const Aabb<T> box = boxes_[std::size_t(a)];
      CellRect ra{-1, -1, -1, -1};
      for (int j = i + 1; j < last; ++j) {
        const int b = cell_items_[std::size_t(j)];
        if (!boxes_overlap(box, boxes_[std::size_t(b)])) continue;
        // Report from the first cell the two share.
        if (ra.x0 < 0) ra = item_cells(a);
        const CellRect rb = item_cells(b);
        if ((ra.x0 > rb.x0 ? ra.x0 : rb.x0) != x || (ra.y0 > rb.y0 ? ra.y0 : rb.y0) != y) continue;
        if (!detail::keep_going(f, a, b)) return false;
      }
    }
  }
  return true;
}

extern template class UniformGrid<float>;
extern template class UniformGrid<double>;
extern template class detail::QueryFront<UniformGrid<float>, float>;
extern template class detail::QueryFront<UniformGrid<double>, double>;

}  // namespace collide2d
