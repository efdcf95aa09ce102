// Private: a hint that a large new buffer be backed by huge pages (Linux's transparent huge pages,
// which a machine in "madvise" mode gives only to memory that asks), so that filling it faults in
// one 2 MiB page where it faulted in 512 small ones: a saved scene of a million shapes faulted in
// some 35,000 small pages as it loaded, about a quarter of the time. Nothing elsewhere (other
// systems, WebAssembly), and nothing for a buffer too small to hold a whole aligned huge page.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

namespace collide2d::detail {

// The whole 2 MiB pages inside [data, data + bytes), advised; the rest is left as it is. The
// advice changes no byte of the memory, wherever the allocator took it from.
inline void advise_huge_pages(const void* data, std::size_t bytes) {
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t huge = std::uintptr_t(2) << 20;
  const auto start = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t begin = (start + huge - 1) & ~(huge - 1);
  const std::uintptr_t end = (start + bytes) & ~(huge - 1);
  if (end > begin) (void)::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}

// v.reserve(n), advising huge pages for new memory before anything touches it.
template <class Vector>
void reserve_huge(Vector& v, std::size_t n) {
  if (v.capacity() >= n) return;
  v.reserve(n);
  advise_huge_pages(v.data(), n * sizeof(typename Vector::value_type));
}

}  // namespace collide2d::detail
