// A scene file's checksum computed again from docs/SCENE_FORMAT.md's description, not with the
// library's code, and `reseal`, which gives damaged bytes the payload size and checksum that pass
// those checks, so that a test reaches the checks behind them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace c2s {

// The checksum as docs/SCENE_FORMAT.md describes it, written again from that description: FNV-1a's
// step on little-endian 64-bit words of the header's first 24 bytes, then of the payload
// (zero-padded), then on the total length.
inline std::uint64_t doc_checksum(const std::vector<std::uint8_t>& f) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  auto words = [&](std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to; i += 8) {
      std::uint64_t w = 0;
      for (std::size_t b = 0; b < 8 && i + b < to; ++b)
        w |= std::uint64_t(f[i + b]) << (8 * b);
      h = (h ^ w) * 0x100000001b3ull;
    }
  };
  words(0, 24);
  words(32, f.size());
  return (h ^ (24 + f.size() - 32)) * 0x100000001b3ull;
}

inline void reseal(std::vector<std::uint8_t>& f) {
  const std::uint64_t payload = f.size() - 32;
  for (int b = 0; b < 8; ++b)
    f[16 + std::size_t(b)] = std::uint8_t(payload >> (8 * b));
  const std::uint64_t sum = doc_checksum(f);
  for (int b = 0; b < 8; ++b)
    f[24 + std::size_t(b)] = std::uint8_t(sum >> (8 * b));
}

}  // namespace c2s
