// Private: the pieces of hilbert_order (collide2d/broadphase/hilbert.hpp): the index of a cell
// along the Hilbert curve, and the radix sort by it.
#pragma once

#include <cstdint>
#include <vector>

namespace collide2d::detail {

// The index of cell (x, y), x and y < 2^16, along the Hilbert curve of order 16. Branch-free
// bit manipulation from rawrunprotected/hilbert_curves (public domain), as flatbush uses it:
// the curve's state machine is run on all bits at once with prefix operations.
inline std::uint32_t hilbert_index(std::uint32_t x, std::uint32_t y) {
  std::uint32_t a = x ^ y;
  std::uint32_t b = 0xFFFF ^ a;
  std::uint32_t c = 0xFFFF ^ (x | y);
  std::uint32_t d = x & (y ^ 0xFFFF);

  std::uint32_t A = a | (b >> 1);
  std::uint32_t B = (a >> 1) ^ a;
  std::uint32_t C = ((c >> 1) ^ (b & (d >> 1))) ^ c;
  std::uint32_t D = ((a & (c >> 1)) ^ (d >> 1)) ^ d;

  a = A, b = B, c = C, d = D;
  A = (a & (a >> 2)) ^ (b & (b >> 2));
  B = (a & (b >> 2)) ^ (b & ((a ^ b) >> 2));
  C ^= (a & (c >> 2)) ^ (b & (d >> 2));
  D ^= (b & (c >> 2)) ^ ((a ^ b) & (d >> 2));

  a = A, b = B, c = C, d = D;
  A = (a & (a >> 4)) ^ (b & (b >> 4));
  B = (a & (b >> 4)) ^ (b & ((a ^ b) >> 4));
  C ^= (a & (c >> 4)) ^ (b & (d >> 4));
  D ^= (b & (c >> 4)) ^ ((a ^ b) & (d >> 4));

  a = A, b = B, c = C, d = D;
  C ^= (a & (c >> 8)) ^ (b & (d >> 8));
  D ^= (b & (c >> 8)) ^ ((a ^ b) & (d >> 8));

  a = C ^ (C >> 1);
  b = D ^ (D >> 1);

  std::uint32_t i0 = x ^ y;
  std::uint32_t i1 = b | (0xFFFF ^ (i0 | a));

  // Interleave the bits of i0 and i1.
  i0 = (i0 | (i0 << 8)) & 0x00FF00FF;
  i0 = (i0 | (i0 << 4)) & 0x0F0F0F0F;
  i0 = (i0 | (i0 << 2)) & 0x33333333;
  i0 = (i0 | (i0 << 1)) & 0x55555555;
  i1 = (i1 | (i1 << 8)) & 0x00FF00FF;
  i1 = (i1 | (i1 << 4)) & 0x0F0F0F0F;
  i1 = (i1 | (i1 << 2)) & 0x33333333;
  i1 = (i1 | (i1 << 1)) & 0x55555555;
  return (i1 << 1) | i0;
}

// Sorts `values` by `keys` (both permuted), stably: a least-significant-digit radix sort in three
// passes of 11, 11 and 10 bits, O(n), several times faster than std::sort on millions of keys.
void radix_sort_by_key(std::vector<std::uint32_t>& keys, std::vector<std::uint32_t>& values);

}  // namespace collide2d::detail
