#include "scene_io/name_table.hpp"

#include <limits>

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
  while (slots_.size() < 2 * (n + 1))
    grow();
}

void NameTable::shrink_to_fit() {
  chars_.shrink_to_fit();
  ends_.shrink_to_fit();
}

}  // namespace collide2d::tools
