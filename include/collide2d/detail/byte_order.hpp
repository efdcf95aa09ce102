// collide2d/detail/byte_order.hpp - not part of the API: memcmp's order on the bytes of a value,
// without the call to memcmp.
//
// overlaps(Obb, Obb) puts its two boxes in a canonical order, memcmp(&a, &b) > 0, so that both
// argument orders round alike. memcmp compares bytes in memory order, which for 8-byte words is
// the numeric order of the words read big-endian; comparing those inline gives the same answer as
// the library call for every input, several times faster (the call is most of a box pair's time).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace collide2d::detail {

inline std::uint64_t big_endian_word(std::uint64_t word) {
  if constexpr (std::endian::native == std::endian::little) return __builtin_bswap64(word);
  return word;
}

// memcmp(&a, &b, sizeof(V)) > 0, for V whose size is a multiple of 8 bytes. Each word is loaded
// only when the words before it are equal (for boxes: almost never past the first), not copied
// out whole first.
template <class V>
bool bytes_greater(const V& a, const V& b) {
  static_assert(sizeof(V) % 8 == 0, "whole 8-byte words");
  const unsigned char* pa = reinterpret_cast<const unsigned char*>(&a);
  const unsigned char* pb = reinterpret_cast<const unsigned char*>(&b);
  for (std::size_t offset = 0; offset < sizeof(V); offset += 8) {
    std::uint64_t wa;
    std::uint64_t wb;
    std::memcpy(&wa, pa + offset, 8);
    std::memcpy(&wb, pb + offset, 8);
    if (wa != wb) return big_endian_word(wa) > big_endian_word(wb);
  }
  return false;
}

}  // namespace collide2d::detail
