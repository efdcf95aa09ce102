// Shared by the file readers' checks (csv_reader_check.cpp, json_reader_check.cpp): what a read
// gave, compared bit for bit, and a temporary file to read it from.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "scene_io/loaded_scene.hpp"
#include "scene_io/scene_files.hpp"
#include "scene_io/shape_values.hpp"

namespace collide2d::tools::check {

inline int failures = 0;

inline void expect(bool ok, const std::string& what) {
  if (ok) return;
  if (++failures <= 10) std::printf("FAIL: %s\n", what.c_str());
}

// What a read gave: the shapes (kind, values bit for bit, a group's parts' kinds where their
// values begin, id, z, tags, one line each) or the exception's message.
struct Outcome {
  std::vector<std::string> shapes;
  std::string error;
  bool operator==(const Outcome&) const = default;
};

inline std::string describe(std::string_view id, const EntryShape& shape, std::int32_t z,
                            const std::vector<std::string>& tags) {
  std::vector<double> values;
  std::vector<PartMark> parts;
  append_values(shape, values, parts);
  std::string out = std::string(id) + " " + kind_name(shape) + " " + std::to_string(z) + " ";
  for (const std::string& tag : tags)
    out += tag + ";";
  for (const PartMark& part : parts)
    out += std::string(" ") + shape_kind_name(part.kind) + "@" + std::to_string(part.first);
  for (const double value : values) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    out += " " + std::to_string(bits);
  }
  return out;
}

inline Outcome of_document(const SceneDocument& document) {
  Outcome outcome;
  for (const SceneEntry& entry : document.shapes)
    outcome.shapes.push_back(describe(entry.id, entry.shape, entry.z, entry.tags));
  return outcome;
}

inline Outcome of_loaded(LoadedScene& loaded) {
  Outcome outcome;
  for (std::size_t i = 0; i < loaded.size(); ++i)
    outcome.shapes.push_back(
        describe(loaded.name(i), loaded.entry(i), loaded.scene().z(loaded.scene_id(i)), {}));
  return outcome;
}

inline Outcome attempt(const std::function<Outcome()>& read) {
  try {
    return read();
  } catch (const std::exception& error) {
    return {{}, error.what()};
  }
}

class TempFile {
 public:
  TempFile() {
    char name[] = "/tmp/collide2d_reader_check_XXXXXX";
    const int fd = mkstemp(name);
    if (fd >= 0) close(fd);
    path_ = name;
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& write(const std::string& text) {
    std::FILE* file = std::fopen(path_.c_str(), "wb");
    std::fwrite(text.data(), 1, text.size(), file);
    std::fclose(file);
    return path_;
  }

 private:
  std::string path_;
};

}  // namespace collide2d::tools::check
