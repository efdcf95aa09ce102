// Whole-file reading and atomic writing, for the scene readers and every output of the CLI.
#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "scene_io/scene_files.hpp"

namespace collide2d::tools {

SceneFormat scene_format_for_path(const std::string& path) {
  if (path.size() >= 4) {
    std::string extension = path.substr(path.size() - 4);
    for (char& c : extension)
      c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (extension == ".csv") return SceneFormat::csv;
  }
  return SceneFormat::json;
}

SceneDocument read_scene_file(const std::string& path, const ReadProgress& progress) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw InputError(path + ": cannot open: " + std::strerror(errno));
  std::string text;
  file.seekg(0, std::ios::end);
  const std::streamoff size = file.tellg();
  file.seekg(0, std::ios::beg);
  if (size > 0) {
    text.resize(static_cast<std::size_t>(size));
    file.read(text.data(), size);
  }
  if (!file && !file.eof()) throw InputError(path + ": cannot read");
  return scene_format_for_path(path) == SceneFormat::csv ? parse_csv_scene(text, path, progress)
                                                         : parse_json_scene(text, path, progress);
}

std::string write_scene(const SceneDocument& document, SceneFormat format) {
  return format == SceneFormat::csv ? write_csv_scene(document) : write_json_scene(document);
}

namespace {

// A device or a pipe (/dev/null, /dev/stdout) is written in place: renaming over it would replace
// the device with a regular file.
bool is_special_file(const std::string& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 && !S_ISREG(status.st_mode);
}

void write_in_place(const std::string& path, std::string_view contents) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) throw InputError(path + ": cannot write: " + std::strerror(errno));
  const bool written = std::fwrite(contents.data(), 1, contents.size(), file) == contents.size();
  if (std::fclose(file) != 0 || !written) {
    throw InputError(path + ": cannot write: " + std::strerror(errno));
  }
}

}  // namespace

void write_file_atomically(const std::string& path, std::string_view contents) {
  if (is_special_file(path)) return write_in_place(path, contents);
  const std::string temporary = path + ".partial";
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  if (file == nullptr) throw InputError(path + ": cannot write: " + std::strerror(errno));
  const bool written = std::fwrite(contents.data(), 1, contents.size(), file) == contents.size();
  const bool closed = std::fclose(file) == 0;
  if (!written || !closed || std::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temporary.c_str());
    throw InputError(path + ": cannot write: " + reason);
  }
}

}  // namespace collide2d::tools
