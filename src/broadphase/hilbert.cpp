// The Hilbert order of boxes and the radix sort under it.
#include "collide2d/broadphase/hilbert.hpp"

#include <array>

#include "broadphase/hilbert_index.hpp"

namespace collide2d::detail {

void radix_sort_by_key(std::vector<std::uint32_t>& keys, std::vector<std::uint32_t>& values) {
  constexpr int passes = 3;
  constexpr int shifts[passes] = {0, 11, 22};
  constexpr std::uint32_t masks[passes] = {0x7FF, 0x7FF, 0x3FF};
  const std::size_t n = keys.size();
  // All three histograms in one read of the keys.
  std::vector<std::array<std::uint32_t, 2048>> counts(passes);
  for (auto& c : counts)
    c.fill(0);
  for (const std::uint32_t key : keys) {
    for (int pass = 0; pass < passes; ++pass)
      ++counts[pass][(key >> shifts[pass]) & masks[pass]];
  }
  std::vector<std::uint32_t> key_buffer(n), value_buffer(n);
  for (int pass = 0; pass < passes; ++pass) {
    // A pass whose digit is the same for every key changes nothing.
    if (counts[pass][(n > 0 ? keys[0] >> shifts[pass] : 0) & masks[pass]] == n) continue;
    std::uint32_t offset = 0;
    for (std::uint32_t& c : counts[pass]) {
      const std::uint32_t count = c;
      c = offset;
      offset += count;
    }
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t slot = counts[pass][(keys[i] >> shifts[pass]) & masks[pass]]++;
      key_buffer[slot] = keys[i];
      value_buffer[slot] = values[i];
    }
    keys.swap(key_buffer);
    values.swap(value_buffer);
  }
}

}  // namespace collide2d::detail

namespace collide2d {

template <class T>
std::vector<std::uint32_t> hilbert_order(const Aabb<T>* boxes, std::size_t count) {
  std::vector<std::uint32_t> order(count);
  if (count == 0) return order;
  // Centres in double, as halves summed: no float or double box can overflow them.
  auto centre = [](T lo, T hi) { return 0.5 * double(lo) + 0.5 * double(hi); };
  double lo_x = centre(boxes[0].min.x, boxes[0].max.x), hi_x = lo_x;
  double lo_y = centre(boxes[0].min.y, boxes[0].max.y), hi_y = lo_y;
  for (std::size_t i = 1; i < count; ++i) {
    const double cx = centre(boxes[i].min.x, boxes[i].max.x);
    const double cy = centre(boxes[i].min.y, boxes[i].max.y);
    lo_x = cx < lo_x ? cx : lo_x;
    hi_x = cx > hi_x ? cx : hi_x;
    lo_y = cy < lo_y ? cy : lo_y;
    hi_y = cy > hi_y ? cy : hi_y;
  }
  // Grid cells per unit. A zero extent maps everything to cell 0, and so does an extent that
  // overflows (centres spread over more than the double range): a valid, if poor, order.
  const double sx = hi_x > lo_x ? 65535.0 / (hi_x - lo_x) : 0.0;
  const double sy = hi_y > lo_y ? 65535.0 / (hi_y - lo_y) : 0.0;
  auto cell = [](double offset, double scale) {
    const double v = offset * scale;
    return static_cast<std::uint32_t>(v >= 65535.0 ? 65535.0 : (v > 0.0 ? v : 0.0));
  };
  std::vector<std::uint32_t> keys(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t x = cell(centre(boxes[i].min.x, boxes[i].max.x) - lo_x, sx);
    const std::uint32_t y = cell(centre(boxes[i].min.y, boxes[i].max.y) - lo_y, sy);
    keys[i] = detail::hilbert_index(x, y);
    order[i] = static_cast<std::uint32_t>(i);
  }
  detail::radix_sort_by_key(keys, order);
  return order;
}

template std::vector<std::uint32_t> hilbert_order<float>(const Aabb<float>*, std::size_t);
template std::vector<std::uint32_t> hilbert_order<double>(const Aabb<double>*, std::size_t);

}  // namespace collide2d
