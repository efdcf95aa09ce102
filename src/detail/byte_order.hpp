// Private: memcmp's order on the bytes of a value, without the call to memcmp.
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

// memcmp(&a, &b, sizeof(V)) > 0, for V whose size is a multiple of 8 bytes.
template <class V>
bool bytes_greater(const V& a, const V& b) {
  static_assert(sizeof(V) % 8 == 0, "whole 8-byte words");
  constexpr std::size_t words = sizeof(V) / 8;
  std::uint64_t wa[words];
  std::uint64_t wb[words];
  std::memcpy(wa, &a, sizeof(V));
  std::memcpy(wb, &b, sizeof(V));
  for (std::size_t k = 0; k < words; ++k) {
    if (wa[k] != wb[k]) return big_endian_word(wa[k]) > big_endian_word(wb[k]);
  }
  return false;
}

}  // namespace collide2d::detail
