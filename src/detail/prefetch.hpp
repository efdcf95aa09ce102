// Private: a hint to fetch memory into the cache before it is read; nothing where unsupported.
#pragma once

#include <cstddef>

namespace collide2d::detail {

inline void prefetch(const void* address) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(address);
#else
  (void)address;
#endif
}

// Every cache line of [begin, begin + bytes).
inline void prefetch_range(const void* begin, std::size_t bytes) {
  const char* p = static_cast<const char*>(begin);
  for (std::size_t offset = 0; offset < bytes; offset += 64)
    prefetch(p + offset);
}

}  // namespace collide2d::detail
