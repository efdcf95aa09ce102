// Files read a piece at a time, and atomic writing, for the scene readers and every output of the
// CLI.
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "scene_io/json_fast_reader.hpp"
#include "scene_io/scene_files.hpp"

namespace collide2d::tools {

SceneFormat scene_format_for_path(const std::string& path) {
  if (path.size() >= 4) {
    std::string extension = path.substr(path.size() - 4);
    for (char& c : extension)
      c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (extension == ".csv") return SceneFormat::csv;
    if (extension == ".c2d") return SceneFormat::binary;
  }
  return SceneFormat::json;
}

FileChunks::FileChunks(const std::string& path)
    : path_(path), file_(std::fopen(path.c_str(), "rb"), &std::fclose) {
  if (!file_) throw InputError(path + ": cannot open: " + std::strerror(errno));
  struct stat status {};
  if (::fstat(fileno(file_.get()), &status) == 0 && S_ISREG(status.st_mode)) {
    size_ = static_cast<std::size_t>(status.st_size);
  }
}

bool FileChunks::read_more(std::string& buffer, std::size_t piece) {
  const std::size_t old_size = buffer.size();
  buffer.resize(old_size + piece);
  const std::size_t got = std::fread(buffer.data() + old_size, 1, piece, file_.get());
  buffer.resize(old_size + got);
  if (got == 0 && std::ferror(file_.get())) {
    throw InputError(path_ + ": cannot read: " + std::strerror(errno));
  }
  read_ += got;
  return got != 0;
}

double FileChunks::fraction_read() const {
  return size_ == 0 ? 0 : std::min(1.0, static_cast<double>(read_) / static_cast<double>(size_));
}

std::string FileChunks::read_all() {
  std::string text;
  text.resize(size_);  // a regular file: one read
  const std::size_t got = std::fread(text.data(), 1, size_, file_.get());
  text.resize(got);
  if (std::ferror(file_.get())) throw InputError(path_ + ": cannot read: " + std::strerror(errno));
  read_ += got;
  while (read_more(text)) {  // a pipe, or a file that grew
  }
  return text;
}

void read_scene_file(const std::string& path, SceneSink& sink, const ReadProgress& progress) {
  if (scene_format_for_path(path) == SceneFormat::binary) return read_binary_scene_file(path, sink);
  FileChunks file(path);
  if (scene_format_for_path(path) == SceneFormat::csv)
    return read_csv_scene(file, path, sink, progress);
  const auto more = [&](std::string& buffer) { return file.read_more(buffer); };
  if (read_json_scene_fast(more, sink, progress, [&] { return file.fraction_read(); })) return;
  sink.clear();  // the reference reader, for its answer or its message
  read_json_scene_exactly(FileChunks(path).read_all(), path, sink, progress);
}

SceneDocument read_scene_file(const std::string& path, const ReadProgress& progress) {
  DocumentSink sink;
  read_scene_file(path, sink, progress);
  return sink.take();
}

std::string write_scene(const SceneDocument& document, SceneFormat format) {
  if (format == SceneFormat::binary) return write_binary_scene(document);
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
