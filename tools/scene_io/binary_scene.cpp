// The tool's binary scene files (.c2d, docs/SCENE_FORMAT.md "Binary scene files"): a library
// scene file (Scene<double>::save) whose shape ids are the file indexes 0 to n - 1, each shape's
// user data its index, then the names section: the string ids and the tags, which the library
// file has no place for. So a .c2d file begins with a file Scene<double>::load reads as it is,
// and byte offsets in every message are offsets in the .c2d file.
//
// Names section, all little-endian:
//   "C2DNAMES", u32 version (1), u32 n (the scene's shape count)
//   u32 id_end[n]          end of id i in the id bytes (cumulative)
//   id bytes
//   u32 tag_count_end[n]   end of shape i's tags in the tag list (cumulative)
//   u32 t, u32 tag_end[t]  end of tag j in the tag bytes (cumulative)
//   tag bytes
//   u64 FNV-1a of every byte of the section before it
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "collide2d/errors.hpp"
#include "collide2d/scene.hpp"
#include "scene_io/loaded_scene.hpp"
#include "scene_io/scene_files.hpp"
#include "scene_io/shape_values.hpp"

namespace collide2d::tools {
namespace {

constexpr char names_magic[8] = {'C', '2', 'D', 'N', 'A', 'M', 'E', 'S'};

std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const char c : bytes)
    hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return hash;
}

template <class V>
void put(std::string& out, V value) {
  char bytes[sizeof(V)];
  std::memcpy(bytes, &value, sizeof(V));  // the tool runs on little-endian machines only
  out.append(bytes, sizeof(V));
}

// The names section of a document, appended to out.
void write_names(const SceneDocument& document, std::string& out) {
  const std::size_t start = out.size();
  out.append(names_magic, sizeof names_magic);
  put(out, std::uint32_t(1));
  put(out, std::uint32_t(document.shapes.size()));
  std::uint32_t end = 0;
  for (const SceneEntry& e : document.shapes)
    put(out, end += std::uint32_t(e.id.size()));
  for (const SceneEntry& e : document.shapes)
    out += e.id;
  std::uint32_t tags = 0;
  for (const SceneEntry& e : document.shapes)
    put(out, tags += std::uint32_t(e.tags.size()));
  put(out, tags);
  end = 0;
  for (const SceneEntry& e : document.shapes) {
    for (const std::string& tag : e.tags)
      put(out, end += std::uint32_t(tag.size()));
  }
  for (const SceneEntry& e : document.shapes) {
    for (const std::string& tag : e.tags)
      out += tag;
  }
  put(out, fnv1a(std::string_view(out).substr(start)));
}

// Reads the names section at `at` of `file` (named `path` in messages), checking each length
// against the bytes left.
class NamesReader {
 public:
  NamesReader(std::string_view file, std::size_t at, const std::string& path)
      : file_(file), at_(at), path_(path) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(path_ + ": names section: " + what + " at byte " + std::to_string(at_));
  }
  void need(std::size_t bytes, const char* what) const {
    if (bytes > file_.size() - at_) {
      throw InputError(path_ + ": names section truncated at byte " + std::to_string(at_) +
                       " while reading " + what + "; expected " + std::to_string(bytes) +
                       " more bytes, " + std::to_string(file_.size() - at_) + " left");
    }
  }
  std::uint32_t u32(const char* what) {
    need(4, what);
    std::uint32_t value;
    std::memcpy(&value, file_.data() + at_, 4);
    at_ += 4;
    return value;
  }
  // n cumulative ends, each at least the one before and at most `limit`.
  std::vector<std::uint32_t> ends(std::size_t n, std::uint64_t limit, const char* what) {
    need(4 * n, what);
    std::vector<std::uint32_t> out(n);
    if (n > 0) std::memcpy(out.data(), file_.data() + at_, 4 * n);
    // Every end at least the one before and at most the limit, in one pass with no branch per
    // end; the message (at the first bad end) is found only for a bad file.
    unsigned ordered = 1;
    for (std::size_t i = 0; i < n; ++i)
      ordered &= unsigned(out[i] >= (i == 0 ? 0 : out[i - 1])) & unsigned(out[i] <= limit);
    for (std::size_t i = 0; ordered == 0 && i < n; ++i) {
      at_ += 4;  // past the bad end, as reading them one by one named it
      if (out[i] < (i == 0 ? 0 : out[i - 1]) || out[i] > limit)
        fail(std::string(what) + " out of order");
    }
    at_ += 4 * n;
    return out;
  }
  std::string_view bytes(std::size_t n, const char* what) {
    need(n, what);
    at_ += n;
    return file_.substr(at_ - n, n);
  }
  std::size_t at() const { return at_; }

 private:
  std::string_view file_;
  std::size_t at_;
  const std::string& path_;
};

struct Names {
  std::vector<std::uint32_t> id_end, tag_count_end, tag_end;
  std::string_view ids, tags;
  std::string_view id(std::size_t i) const {
    const std::uint32_t begin = i == 0 ? 0 : id_end[i - 1];
    return ids.substr(begin, id_end[i] - begin);
  }
  std::string_view tag(std::size_t j) const {
    const std::uint32_t begin = j == 0 ? 0 : tag_end[j - 1];
    return tags.substr(begin, tag_end[j] - begin);
  }
};

Names read_names(std::string_view file, std::size_t at, std::size_t n, const std::string& path) {
  NamesReader in(file, at, path);
  in.need(sizeof names_magic, "its magic");
  if (std::memcmp(file.data() + at, names_magic, sizeof names_magic) != 0)
    in.fail("no \"C2DNAMES\" magic after the scene (a file saved by the library alone?)");
  (void)in.bytes(sizeof names_magic, "its magic");
  if (const std::uint32_t version = in.u32("version"); version != 1)
    in.fail("version " + std::to_string(version) + ", this tool reads 1");
  if (const std::uint32_t count = in.u32("shape count"); count != n)
    in.fail(std::to_string(count) + " ids for a scene of " + std::to_string(n) + " shapes");
  Names names;
  const std::size_t left = file.size() - in.at();
  names.id_end = in.ends(n, left, "id ends");
  names.ids = in.bytes(n == 0 ? 0 : names.id_end.back(), "ids");
  names.tag_count_end = in.ends(n, left / 4, "tag counts");
  const std::uint32_t tag_count = in.u32("tag count");
  if (tag_count != (n == 0 ? 0 : names.tag_count_end.back())) in.fail("tag count differs");
  names.tag_end = in.ends(tag_count, file.size() - in.at(), "tag ends");
  names.tags = in.bytes(tag_count == 0 ? 0 : names.tag_end.back(), "tags");
  const std::size_t sum_at = in.at();
  const std::uint32_t low = in.u32("checksum"), high = in.u32("checksum");
  if ((std::uint64_t(high) << 32 | low) != fnv1a(file.substr(at, sum_at - at)))
    in.fail("checksum mismatch (the file is corrupted)");
  if (in.at() != file.size()) in.fail(std::to_string(file.size() - in.at()) + " bytes after it");
  for (std::size_t j = 0; j < tag_count; ++j) {
    if (names.tag(j).empty()) in.fail("tag " + std::to_string(j) + " is empty");
  }
  return names;
}

// Where the names section starts: after the library scene, whose size its header gives.
std::size_t names_offset(std::string_view file) {
  std::uint64_t payload = 0;
  if (file.size() >= 24) std::memcpy(&payload, file.data() + 16, 8);
  return payload < file.size() ? std::min(file.size(), std::size_t(32 + payload)) : file.size();
}

// The library scene at the start of the file, checked to be one the tool wrote: ids 0 to n - 1,
// each with its index as user data.
Scene<double> read_scene_part(std::string_view file, const std::string& path, std::size_t& end) {
  end = names_offset(file);
  try {
    Scene<double> scene =
        Scene<double>::load(reinterpret_cast<const std::uint8_t*>(file.data()), end);
    for (std::size_t i = 0; i < scene.size(); ++i) {
      const ShapeId id{std::uint32_t(i)};
      if (!scene.has(id) || scene.user_data(id) != i)
        throw InputError(path + ": the scene's shape " + std::to_string(i) +
                         " is missing or not in file order (user data is not its index)");
    }
    return scene;
  } catch (const InvalidScene& error) {
    throw InputError(path + ": " + error.what());
  }
}

}  // namespace

std::string write_binary_scene(const SceneDocument& document) {
  Scene<double> scene;
  for (std::size_t i = 0; i < document.shapes.size(); ++i) {
    const SceneEntry& e = document.shapes[i];
    const ShapeId id = add_entry(scene, view_of(e.shape), i);
    if (e.z != 0) scene.set_z(id, e.z);
  }
  scene.rebuild();  // the packed tree's order is saved: loading needs no rebuild
  const std::vector<std::uint8_t> bytes = scene.save();
  std::string out(bytes.begin(), bytes.end());
  write_names(document, out);
  return out;
}

namespace {

// The ids in a NameTable, each checked non-empty and unique.
NameTable name_table(Names&& names, std::size_t n, const std::string& path) {
  NameTable table;
  const std::size_t bad = table.insert_all(names.ids, std::move(names.id_end));
  if (bad < n) {
    throw InputError(path + ": shape " + std::to_string(bad) + ": id \"" + one_line(table[bad]) +
                     "\" empty or repeated");
  }
  return table;
}

// The shape count the names section says, or 0 where the file is too short to say one.
std::size_t names_count(std::string_view file, std::size_t at) {
  std::uint32_t count = 0;
  if (file.size() >= at + 16) std::memcpy(&count, file.data() + at + 12, 4);
  return count;
}

// A LoadedScene from the file: the library scene and the name table are independent, so the
// table (hashing a million ids, a cache miss each) is built on a second thread while the scene
// loads. Errors are those of the one-thread order: the scene's first, then the names' as read
// for the scene's shape count.
void load_binary_scene(std::string_view file, const std::string& path, LoadedScene& loaded) {
  const std::size_t at = names_offset(file), count = names_count(file, at);
  std::optional<NameTable> table;
  std::exception_ptr names_error;
  std::thread names_thread([&] {
    try {
      table = name_table(read_names(file, at, count, path), count, path);
    } catch (...) {
      names_error = std::current_exception();
    }
  });
  std::size_t end = 0;
  std::optional<Scene<double>> scene;
  try {
    scene = read_scene_part(file, path, end);
  } catch (...) {
    names_thread.join();
    throw;
  }
  names_thread.join();
  if (end != at || scene->size() != count || names_error) {
    // Read again as the one-thread order does, for its message.
    table = name_table(read_names(file, end, scene->size(), path), scene->size(), path);
  }
  loaded.adopt(std::move(*scene), std::move(*table));
}

}  // namespace

void read_binary_scene(std::string_view file, const std::string& path, SceneSink& sink) {
  if (auto* loaded = dynamic_cast<LoadedScene*>(&sink))
    return load_binary_scene(file, path, *loaded);
  std::size_t end = 0;
  Scene<double> scene = read_scene_part(file, path, end);
  const std::size_t n = scene.size();
  const Names names = read_names(file, end, n, path);
  std::vector<std::string_view> tags;
  for (std::size_t i = 0; i < n; ++i) {
    const ShapeId id{std::uint32_t(i)};
    tags.clear();
    for (std::uint32_t j = i == 0 ? 0 : names.tag_count_end[i - 1]; j < names.tag_count_end[i]; ++j)
      tags.push_back(names.tag(j));
    const EntryShape entry = scene_entry(scene, id);
    if (names.id(i).empty() || !sink.add(record_of(names.id(i), entry, scene.z(id), tags)))
      throw InputError(path + ": shape " + std::to_string(i) + ": id \"" + one_line(names.id(i)) +
                       "\" empty or repeated");
  }
}

namespace {

// The file mapped into memory: the loader reads it once, and mapping skips the copy into a buffer
// (and the buffer's zeroing), a third of the time of loading a million shapes.
class MappedFile {
 public:
  explicit MappedFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) throw InputError(path + ": cannot open: " + std::strerror(errno));
    struct stat status {};
    if (::fstat(fd, &status) == 0 && S_ISREG(status.st_mode) && status.st_size > 0) {
      size_ = std::size_t(status.st_size);
      void* at = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
      if (at != MAP_FAILED) data_ = static_cast<const char*>(at);
    }
    ::close(fd);
    if (data_ == nullptr) {  // a pipe, an empty file or no mapping: read it whole
      size_ = 0;
      copy_ = FileChunks(path).read_all();
    }
  }
  ~MappedFile() {
    if (data_ != nullptr) ::munmap(const_cast<char*>(data_), size_);
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  std::string_view bytes() const {
    return data_ != nullptr ? std::string_view(data_, size_) : copy_;
  }

 private:
  const char* data_ = nullptr;
  std::size_t size_ = 0;
  std::string copy_;
};

}  // namespace

void read_binary_scene_file(const std::string& path, SceneSink& sink) {
  const MappedFile file(path);
  read_binary_scene(file.bytes(), path, sink);
}

}  // namespace collide2d::tools
