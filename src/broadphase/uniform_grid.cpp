// UniformGrid: choosing the cells, the counting sort that fills them, validation.
#include "collide2d/broadphase/uniform_grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "detail/format.hpp"

namespace collide2d {

namespace {

constexpr int max_cells_per_item = 64;

}  // namespace

template <class T>
UniformGrid<T>::UniformGrid(const Aabb<T>* boxes, std::size_t count, Options options) {
  if (!(options.cell_size >= T(0)) || !std::isfinite(options.cell_size)) {
    throw std::invalid_argument("UniformGrid cell_size is " +
                                detail::format_number(options.cell_size) +
                                ", must be finite and > 0 (or 0 for automatic)");
  }
  if (count > std::size_t(0x3FFFFFFF)) {
    throw std::invalid_argument("UniformGrid: " + std::to_string(count) + " items, at most 2^30");
  }
  boxes_.assign(boxes, boxes + count);
  for (const Aabb<T>& b : boxes_)
    check_query_box(b, "UniformGrid item box");
  if (boxes_.empty()) {
    cell_start_.assign(2, 0);
    return;
  }
  // Bounds and mean size, accumulated in double (a float sum of a million sizes drifts).
  Aabb<T> bounds = boxes_[0];
  double size_sum = 0;
  for (const Aabb<T>& b : boxes_) {
    bounds = box_union(bounds, b);
    size_sum += std::max(double(b.max.x) - double(b.min.x), double(b.max.y) - double(b.min.y));
  }
  const double width = double(bounds.max.x) - double(bounds.min.x);
  const double height = double(bounds.max.y) - double(bounds.min.y);
  double cell = options.cell_size > T(0) ? double(options.cell_size) : size_sum / double(count);
  if (!(cell > 0)) cell = std::max(width, height) / std::sqrt(double(count));  // all points
  if (!(cell > 0)) cell = 1;                                                   // all one point
  // At most 4 cells per item: enlarge the cells until the grid fits. From a normal double at least,
  // since 1.25 times a subnormal can round back to itself (a cell size of 5e-324 looped forever).
  const double max_cells = 4.0 * double(count) + 16.0;
  cell = std::max(cell, std::numeric_limits<double>::min());
  while (std::isfinite(cell) &&
         (std::floor(width / cell) + 1) * (std::floor(height / cell) + 1) > max_cells)
    cell *= 1.25;
  // Items spanning more than the largest finite double (a width of infinity) leave the loop with
  // an infinite cell: one cell then holds everything, which is correct, only slow. Conversions
  // stay in range: a float cell at most the largest float, cell counts in [1, 2^30].
  cell = std::min(cell, double(std::numeric_limits<T>::max()));
  cell_ = static_cast<T>(cell);
  inverse_cell_ = T(1) / cell_;
  origin_ = bounds.min;
  const auto cells_along = [cell](double extent) {
    const double n = std::floor(extent / cell) + 1;
    return n >= 1 && n <= double(1 << 30) ? static_cast<int>(n) : 1;  // NaN or inf: one
  };
  columns_ = cells_along(width);
  rows_ = cells_along(height);
  // Registration pad: 1/1024 of a cell, and 16 ulps of the largest coordinate so that the walk of
  // a ray (whose rounding grows with the coordinates) cannot miss it either.
  const T largest = std::max({std::abs(bounds.min.x), std::abs(bounds.min.y),
                              std::abs(bounds.max.x), std::abs(bounds.max.y)});
  pad_ = cell_ / T(1024) + T(16) * std::numeric_limits<T>::epsilon() * largest;
  bounds_ = {bounds.min - Vec2<T>{pad_, pad_}, bounds.max + Vec2<T>{pad_, pad_}};

  // Counting sort: count each cell's items, turn counts into offsets, then place the items in
  // increasing order, so every cell's list comes out sorted.
  const std::size_t cells = std::size_t(columns_) * std::size_t(rows_);
  cell_start_.assign(cells + 1, 0);
  const int n = static_cast<int>(count);
  for (int item = 0; item < n; ++item) {
    const CellRect r = item_cells(item);
    if ((r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1) > max_cells_per_item) {
      large_.push_back(item);
      continue;
    }
    for (int y = r.y0; y <= r.y1; ++y) {
      for (int x = r.x0; x <= r.x1; ++x)
        ++cell_start_[std::size_t(y * columns_ + x) + 1];
    }
  }
  for (std::size_t c = 0; c < cells; ++c)
    cell_start_[c + 1] += cell_start_[c];
  cell_items_.resize(std::size_t(cell_start_[cells]));
  std::vector<int> fill(cell_start_.begin(), cell_start_.end() - 1);
  std::size_t next_large = 0;
  for (int item = 0; item < n; ++item) {
    if (next_large < large_.size() && large_[next_large] == item) {
      ++next_large;
      continue;
    }
    const CellRect r = item_cells(item);
    for (int y = r.y0; y <= r.y1; ++y) {
      for (int x = r.x0; x <= r.x1; ++x) {
        cell_items_[std::size_t(fill[std::size_t(y * columns_ + x)]++)] = item;
      }
    }
  }
}

template <class T>
std::size_t UniformGrid<T>::memory_bytes() const {
  return boxes_.capacity() * sizeof(Aabb<T>) +
         sizeof(int) * (cell_start_.capacity() + cell_items_.capacity() + large_.capacity());
}

template <class T>
std::string UniformGrid<T>::validate() const {
  const std::size_t cells = std::size_t(columns_) * std::size_t(rows_);
  if (cell_start_.size() != cells + 1) return "the cell table has the wrong size";
  std::vector<int> listed(boxes_.size(), 0);
  for (std::size_t c = 0; c < cells; ++c) {
    const int x = static_cast<int>(c % std::size_t(columns_));
    const int y = static_cast<int>(c / std::size_t(columns_));
    for (int k = cell_start_[c]; k < cell_start_[c + 1]; ++k) {
      const int item = cell_items_[std::size_t(k)];
      if (k > cell_start_[c] && cell_items_[std::size_t(k - 1)] >= item) {
        return "cell " + std::to_string(c) + " is not in increasing order";
      }
      if (!item_cells(item).contains(x, y)) {
        return "item " + std::to_string(item) + " is listed in cell " + std::to_string(c) +
               ", which its box does not touch";
      }
      ++listed[std::size_t(item)];
    }
  }
  for (const int item : large_)
    listed[std::size_t(item)] = -1;
  for (std::size_t item = 0; item < boxes_.size(); ++item) {
    if (listed[item] == -1) continue;
    const CellRect r = item_cells(static_cast<int>(item));
    if (listed[item] != (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1)) {
      return "item " + std::to_string(item) + " is listed in " + std::to_string(listed[item]) +
             " cells, its box touches " + std::to_string((r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1));
    }
  }
  return {};
}

template class UniformGrid<float>;
template class UniformGrid<double>;
template class detail::QueryFront<UniformGrid<float>, float>;
template class detail::QueryFront<UniformGrid<double>, double>;

}  // namespace collide2d
