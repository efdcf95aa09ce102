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

std::size_t NameTable::slot_of(std::string_view name, std::size_t hash) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t slot = hash & mask;; slot = (slot + 1) & mask) {
    if (slots_[slot] == 0 || (*this)[slots_[slot] - 1] == name) return slot;
  }
}

void NameTable::grow() {
  std::vector<std::uint32_t> old = std::move(slots_);
  slots_.assign(old.empty() ? 1024 : 2 * old.size(), 0);
  for (const std::uint32_t entry : old) {
    if (entry == 0) continue;
    const std::string_view name = (*this)[entry - 1];
    slots_[slot_of(name, hash_of(name))] = entry;
  }
}

bool NameTable::insert(std::string_view name) {
  if (2 * (size() + 1) > slots_.size()) grow();  // at most half full: short probe runs
  const std::size_t slot = slot_of(name, hash_of(name));
  if (slots_[slot] != 0) return false;
  // 32-bit offsets and numbers: 4 GiB of ids, or 4 billion shapes, is far beyond any scene.
  constexpr std::size_t limit = std::numeric_limits<std::uint32_t>::max() - 1;
  if (chars_.size() + name.size() > limit || size() >= limit) {
    throw InputError("the scene's ids take more than 4 GiB");
  }
  chars_.append(name);
  ends_.push_back(static_cast<std::uint32_t>(chars_.size()));
  slots_[slot] = static_cast<std::uint32_t>(size());
  return true;
}

std::optional<std::size_t> NameTable::find(std::string_view name) const {
  if (slots_.empty()) return std::nullopt;
  const std::size_t slot = slot_of(name, hash_of(name));
  if (slots_[slot] == 0) return std::nullopt;
  return slots_[slot] - 1;
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
