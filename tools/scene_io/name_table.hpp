// scene_io/name_table.hpp - the ids of a loaded scene, compactly: all their bytes in one buffer,
// an end offset each, and an open-addressing hash index of 64-bit slots (the number and 32 bits
// of the hash, so that a probe compares names only when their hashes agree: reading a name is a
// cache miss, and it was most of the time of loading a million shapes), about 28 bytes a short id
// in all where a std::string in an unordered_set costs some 70.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace collide2d::tools {

class NameTable {
 public:
  // Adds name as number size(); false, adding nothing, when it is there already.
  bool insert(std::string_view name);
  // For an empty table: adds the names whose bytes are `chars` and whose cumulative ends are
  // `ends` (name i is chars[ends[i - 1], ends[i])), as inserting them in turn would, taking the
  // bytes and ends whole rather than name by name. Returns the number of the first name that is
  // empty or repeated, after which the table is unusable, or ends.size() when all are added.
  std::size_t insert_all(std::string_view chars, std::vector<std::uint32_t> ends);
  std::optional<std::size_t> find(std::string_view name) const;
  // Starts loading the slot where name's probe begins (a hint; inserting it soon is then no cache
  // miss: the slots of a million ids are 16 MiB or more, read at random).
  void prefetch(std::string_view name) const;
  std::string_view operator[](std::size_t index) const {
    const std::uint32_t begin = index == 0 ? 0 : ends_[index - 1];
    return {chars_.data() + begin, ends_[index] - begin};
  }
  std::size_t size() const { return ends_.size(); }
  void shrink_to_fit();
  // Room for n names of `chars` bytes in all, so that inserting them never rehashes.
  void reserve(std::size_t n, std::size_t chars);

 private:
  // The slot where name is, or the empty slot where it would go.
  std::size_t slot_of(std::string_view name, std::size_t hash) const;
  void grow();

  std::string chars_;
  std::vector<std::uint32_t> ends_;  // name i is chars_[ends_[i - 1], ends_[i])
  // (hash >> 32) << 32 | (index + 1), or 0 when empty; a power of two in size.
  std::vector<std::uint64_t> slots_;
};

}  // namespace collide2d::tools
