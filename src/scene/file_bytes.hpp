// Private: the byte level of scene files (docs/SCENE_FORMAT.md, "Binary scene files"): values
// written little-endian whatever the machine, a reader that checks every length against the bytes
// left before it reads or allocates, and the file's checksum.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "collide2d/errors.hpp"

namespace collide2d::detail {

// The value's bytes in little-endian order (a no-op on every machine the library targets).
template <class V>
V little_endian(V value) {
  static_assert(std::is_trivially_copyable_v<V> &&
                (sizeof(V) == 1 || sizeof(V) == 4 || sizeof(V) == 8));
  if constexpr (std::endian::native == std::endian::little || sizeof(V) == 1) {
    return value;
  } else if constexpr (sizeof(V) == 4) {
    std::uint32_t word;
    std::memcpy(&word, &value, 4);
    word = __builtin_bswap32(word);
    std::memcpy(&value, &word, 4);
    return value;
  } else {
    std::uint64_t word;
    std::memcpy(&word, &value, 8);
    word = __builtin_bswap64(word);
    std::memcpy(&value, &word, 8);
    return value;
  }
}

// FNV-1a's xor-then-multiply step on 64-bit words rather than bytes: eight times fewer
// multiplications (the checksum costs about 5 ms on a 40 MB file). Each step is a bijection of the
// state for a fixed word and of the word for a fixed state, so a file that differs from the
// written one in any single word (any single byte, any burst of up to 8 bytes within a word)
// always gets a different checksum. Tail bytes are zero-padded and the length is mixed in last.
class Checksum {
 public:
  void add(const std::uint8_t* data, std::size_t size) {
    std::size_t i = 0;
    for (; i + 8 <= size; i += 8) {
      std::uint64_t word;
      std::memcpy(&word, data + i, 8);
      mix(little_endian(word));
    }
    if (i < size) {
      std::uint8_t tail[8] = {};
      std::memcpy(tail, data + i, size - i);
      std::uint64_t word;
      std::memcpy(&word, tail, 8);
      mix(little_endian(word));
    }
    length_ += size;
  }
  std::uint64_t value() const {
    std::uint64_t h = state_;
    h ^= length_;
    h *= prime;
    return h;
  }

 private:
  static constexpr std::uint64_t prime = 0x100000001b3ull;  // FNV's 64-bit prime
  void mix(std::uint64_t word) {
    state_ ^= word;
    state_ *= prime;
  }
  std::uint64_t state_ = 0xcbf29ce484222325ull;  // FNV's 64-bit offset basis
  std::uint64_t length_ = 0;
};

// The header: magic, version, scalar size, index choice, flags, a zero byte, the payload's size,
// then the checksum of the header's first 24 bytes and the payload.
inline constexpr char scene_file_magic[8] = {'C', '2', 'D', 'S', 'C', 'E', 'N', 'E'};
// Version 2 added groups (a section after the shape kinds), version 3 rounded polygons (a kind
// section after polygons, before groups, and kind 7 in shape lists), version 4 simple polygons (a
// section after groups); versions 1 to 3 still load.
inline constexpr std::uint32_t scene_file_version = 4;
inline constexpr std::size_t scene_file_header_bytes = 32;
inline constexpr std::size_t scene_file_checksum_offset = 24;
inline constexpr std::uint8_t flag_has_z = 1, flag_has_filters = 2, flag_ever_built = 4;

inline std::uint64_t scene_file_checksum(const std::uint8_t* file, std::size_t size) {
  Checksum sum;
  sum.add(file, scene_file_checksum_offset);
  sum.add(file + scene_file_header_bytes, size - scene_file_header_bytes);
  return sum.value();
}

class ByteWriter {
 public:
  template <class V>
  void put(V value) {
    value = little_endian(value);
    const std::size_t at = bytes_.size();
    bytes_.resize(at + sizeof(V));
    std::memcpy(bytes_.data() + at, &value, sizeof(V));
  }
  // n values from f(i), in one resize.
  template <class V, class F>
  void put_array(std::size_t n, F&& f) {
    std::size_t at = bytes_.size();
    bytes_.resize(at + n * sizeof(V));
    for (std::size_t i = 0; i < n; ++i, at += sizeof(V)) {
      const V value = little_endian(static_cast<V>(f(i)));
      std::memcpy(bytes_.data() + at, &value, sizeof(V));
    }
  }
  void put_bytes(const void* data, std::size_t n) {
    const std::size_t at = bytes_.size();
    bytes_.resize(at + n);
    std::memcpy(bytes_.data() + at, data, n);
  }
  std::size_t size() const { return bytes_.size(); }
  std::vector<std::uint8_t>& bytes() { return bytes_; }

 private:
  std::vector<std::uint8_t> bytes_;
};

// Reads values in order; every read first checks that the bytes are there, and a failed check
// throws InvalidScene naming the byte offset, what was being read and how many bytes were missing.
class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  std::size_t offset() const { return at_; }
  std::size_t left() const { return size_ - at_; }

  [[noreturn]] void fail(const std::string& what) const { fail_at(at_, what); }
  [[noreturn]] static void fail_at(std::size_t offset, const std::string& what) {
    throw InvalidScene("scene file: " + what + " at byte " + std::to_string(offset));
  }

  void need(std::size_t bytes, const char* what) const {
    if (bytes > left()) {
      throw InvalidScene("scene file truncated at byte " + std::to_string(at_) + " while reading " +
                         what + "; expected " + std::to_string(bytes) + " more bytes, " +
                         std::to_string(left()) + " left");
    }
  }
  // A count of items of `item_bytes` each that must follow: checked against the bytes left
  // before anyone allocates for it, so a hostile count fails here, not in the allocator.
  std::size_t count(std::size_t item_bytes, const char* what) {
    const std::uint32_t n = get<std::uint32_t>(what);
    if (item_bytes > 0 && std::size_t(n) > left() / item_bytes) {
      throw InvalidScene("scene file truncated at byte " + std::to_string(at_) + " while reading " +
                         what + ": " + std::to_string(n) + " items need " +
                         std::to_string(std::uint64_t(n) * item_bytes) + " more bytes, " +
                         std::to_string(left()) + " left");
    }
    return n;
  }
  template <class V>
  V get(const char* what) {
    need(sizeof(V), what);
    return get_unchecked<V>();
  }
  // For loops that called need() for the whole array first.
  template <class V>
  V get_unchecked() {
    V value;
    std::memcpy(&value, data_ + at_, sizeof(V));
    at_ += sizeof(V);
    return little_endian(value);
  }
  const std::uint8_t* here() const { return data_ + at_; }
  // Past bytes read through here(), for which need() was called.
  void skip(std::size_t bytes) { at_ += bytes; }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

}  // namespace collide2d::detail
