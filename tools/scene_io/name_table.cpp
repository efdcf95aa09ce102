#include "scene_io/name_table.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>

#include "scene_io/scene_document.hpp"

namespace collide2d::tools {
namespace {

// FNV-1a, inline: ids are short, and libstdc++'s std::hash is an out-of-line call worth more than
// the hash itself at a million inserts.
std::size_t hash_of(std::string_view name) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const char c : name)
    hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return static_cast<std::size_t>(hash ^ (hash >> 32));
}

// The slots, read at random (16 MiB for a million ids), on 2 MiB pages where the system gives them
// on request (Linux's transparent huge pages in madvise mode): a probe then finds its page in the
// TLB, and the table faults in 8 pages where it faulted in 4,096. The advice changes no byte.
void advise_huge_pages(const void* data, std::size_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr std::uintptr_t huge = std::uintptr_t(2) << 20;
  const auto start = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t begin = (start + huge - 1) & ~(huge - 1),
                       end = (start + bytes) & ~(huge - 1);
  if (end > begin) (void)::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)data, (void)bytes;
#endif
}

}  // namespace

// The high half of a slot: the hash's, to compare before the name.
std::uint64_t tag_of(std::size_t hash) {
  return (static_cast<std::uint64_t>(hash) >> 32) << 32;
}

std::size_t NameTable::slot_of(std::string_view name, std::size_t hash) const {
  const std::size_t mask = slots_.size() - 1;
  const std::uint64_t tag = tag_of(hash);
  for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
    const std::uint64_t entry = slots_[slot];
    if (entry == 0) return slot;
    if ((entry & ~std::uint64_t(0xFFFFFFFF)) == tag && (*this)[(entry & 0xFFFFFFFF) - 1] == name)
      return slot;
  }
}

void NameTable::grow() {
  std::vector<std::uint64_t> old = std::move(slots_);
  slots_.assign(old.empty() ? 1024 : 2 * old.size(), 0);
  const std::size_t mask = slots_.size() - 1;
  for (const std::uint64_t entry : old) {
    if (entry == 0) continue;
    // The names are distinct: the first empty slot from the hash's, whose low bits are lost in
    // the tag, so the name's hash is computed again.
    const std::size_t hash = hash_of((*this)[(entry & 0xFFFFFFFF) - 1]);
    std::size_t slot = hash & mask;
    while (slots_[slot] != 0)
      slot = (slot + 1) & mask;
    slots_[slot] = entry;
  }
}

bool NameTable::insert(std::string_view name) {
  if (2 * (size() + 1) > slots_.size()) grow();  // at most half full: short probe runs
  const std::size_t hash = hash_of(name);
  const std::size_t slot = slot_of(name, hash);
  if (slots_[slot] != 0) return false;
  // 32-bit offsets and numbers: 4 GiB of ids, or 4 billion shapes, is far beyond any scene.
  constexpr std::size_t limit = std::numeric_limits<std::uint32_t>::max() - 1;
  if (chars_.size() + name.size() > limit || size() >= limit) {
    throw InputError("the scene's ids take more than 4 GiB");
  }
  chars_.append(name);
  ends_.push_back(static_cast<std::uint32_t>(chars_.size()));
  slots_[slot] = tag_of(hash) | static_cast<std::uint64_t>(size());
  return true;
}

std::size_t NameTable::insert_all(std::string_view chars, std::vector<std::uint32_t> ends) {
  const std::size_t n = ends.size();
  if (size() != 0 || n >= std::numeric_limits<std::uint32_t>::max() - 1 ||
      (n > 0 && ends.back() != chars.size())) {
    throw std::logic_error("NameTable::insert_all: not an empty table, or ends not those of chars");
  }
  reserve(n, 0);
  chars_.assign(chars);
  ends_ = std::move(ends);
  // Each hash computed once, a few names ahead, where its slot is prefetched.
  constexpr std::size_t ahead = 8;
  std::size_t hashes[ahead];
  const std::size_t mask = slots_.size() - 1;
  const auto hash_at = [&](std::size_t i) {
    const std::size_t hash = hash_of((*this)[i]);
    __builtin_prefetch(&slots_[hash & mask]);
    return hash;
  };
  for (std::size_t i = 0; i < std::min(n, ahead); ++i)
    hashes[i] = hash_at(i);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t hash = hashes[i % ahead];
    if (i + ahead < n) hashes[i % ahead] = hash_at(i + ahead);
    const std::string_view name = (*this)[i];
    const std::size_t slot = slot_of(name, hash);
    if (name.empty() || slots_[slot] != 0) return i;
    slots_[slot] = tag_of(hash) | static_cast<std::uint64_t>(i + 1);
  }
  return n;
}

std::optional<std::size_t> NameTable::find(std::string_view name) const {
  if (slots_.empty()) return std::nullopt;
  const std::size_t slot = slot_of(name, hash_of(name));
  if (slots_[slot] == 0) return std::nullopt;
  return static_cast<std::size_t>((slots_[slot] & 0xFFFFFFFF) - 1);
}

void NameTable::prefetch(std::string_view name) const {
  if (slots_.empty()) return;
  __builtin_prefetch(&slots_[hash_of(name) & (slots_.size() - 1)]);
}

void NameTable::reserve(std::size_t n, std::size_t chars) {
  chars_.reserve(chars);
  ends_.reserve(n);
  if (size() == 0) {
    // The size growing from empty would reach, allocated and zeroed once: each doubling zeroed
    // a table as large as all the ones before it.
    std::size_t slots = std::max<std::size_t>(slots_.size(), 1024);
    while (slots < 2 * (n + 1))
      slots *= 2;
    if (slots != slots_.size()) {
      std::vector<std::uint64_t> fresh;
      fresh.reserve(slots);
      advise_huge_pages(fresh.data(), slots * sizeof(std::uint64_t));
      fresh.assign(slots, 0);
      slots_ = std::move(fresh);
    }
  }
  while (slots_.size() < 2 * (n + 1))
    grow();
}

void NameTable::shrink_to_fit() {
  chars_.shrink_to_fit();
  ends_.shrink_to_fit();
}

}  // namespace collide2d::tools
