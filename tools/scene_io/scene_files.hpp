// scene_io/scene_files.hpp - scene files in, scene files out (docs/SCENE_FORMAT.md).
//
// Three forms hold the same document: JSON, readable and annotated (ids, z-orders, tags, angles in
// radians or degrees), and CSV, one shape a line, for millions of shapes. Writing then reading
// gives back every double bit for bit (shortest round-trip text), in either form.
//
// Every reader error is an InputError whose message names the file and where in it:
// "scene.json:12:7: shape \"B\": radius is -2, must be >= 0" (JSON: the line and column of the
// shape's opening brace, or of the syntax error; CSV: the line and the column of the field).
#pragma once

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "scene_io/scene_document.hpp"
#include "scene_io/scene_sink.hpp"

namespace collide2d::tools {

enum class SceneFormat { json, csv, binary };

// CSV for a path ending in ".csv", binary for ".c2d" (any case), JSON otherwise.
SceneFormat scene_format_for_path(const std::string& path);

// Called now and then while reading, with the fraction of the input read, for progress bars.
using ReadProgress = std::function<void(double fraction)>;

// `name` is the file name the messages give.
SceneDocument parse_json_scene(std::string_view text, const std::string& name,
                               const ReadProgress& progress = {});
SceneDocument parse_csv_scene(std::string_view text, const std::string& name,
                              const ReadProgress& progress = {});

// Reads the file in the form its name says; a file that cannot be read is an InputError too.
SceneDocument read_scene_file(const std::string& path, const ReadProgress& progress = {});

// The streaming forms: each shape goes to the sink as soon as it is read, and a shape whose id
// the sink already holds is reported as a duplicate.
void read_json_scene(std::string_view text, const std::string& name, SceneSink& sink,
                     const ReadProgress& progress = {});
void read_csv_scene(std::string_view text, const std::string& name, SceneSink& sink,
                    const ReadProgress& progress = {});
void read_scene_file(const std::string& path, SceneSink& sink, const ReadProgress& progress = {});

// A file read a piece at a time, so that a reader need not hold the whole of it.
class FileChunks {
 public:
  // Throws InputError naming the path when it cannot be opened.
  explicit FileChunks(const std::string& path);
  // Appends the next piece (1 MiB unless told) to buffer; false, appending nothing, at the end.
  bool read_more(std::string& buffer, std::size_t piece = std::size_t(1) << 20);
  double fraction_read() const;
  // The rest of the file, for the reference JSON reader, which needs the whole text for its
  // error positions.
  std::string read_all();

 private:
  std::string path_;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
  std::size_t size_ = 0;  // as the file system said when it was opened
  std::size_t read_ = 0;
};

// How read_csv_scene reads a file: in pieces of piece_bytes (whole lines), parsed and checked on
// `threads` threads (1 or 2) and handed to the sink in file order on the calling thread. Every
// answer and message is the same for any piece size and thread count (tests/cli checks it).
struct CsvReadOptions {
  std::size_t piece_bytes = std::size_t(256) << 10;
  unsigned threads = 2;
};
void read_csv_scene(FileChunks& file, const std::string& name, SceneSink& sink,
                    const ReadProgress& progress = {}, const CsvReadOptions& options = {});
// The reference JSON reader (nlohmann-json) alone, which read_json_scene falls back to.
void read_json_scene_exactly(std::string_view text, const std::string& name, SceneSink& sink,
                             const ReadProgress& progress = {});

// Binary scene files (.c2d): the library's Scene<double>::save, then the ids and tags
// (binary_scene.cpp). Reading into a LoadedScene takes the saved scene as it is (no rebuild).
std::string write_binary_scene(const SceneDocument& document);
void read_binary_scene(std::string_view file, const std::string& name, SceneSink& sink);
void read_binary_scene_file(const std::string& path, SceneSink& sink);

std::string write_json_scene(const SceneDocument& document);
// Throws InputError when an id or a tag cannot be written in CSV (a comma, a semicolon, a quote
// or a line break in it).
std::string write_csv_scene(const SceneDocument& document);
std::string write_scene(const SceneDocument& document, SceneFormat format);

// Writes `contents` to a temporary file beside `path` and renames it over `path`, so that a failure
// leaves no partial file (a device such as /dev/null is written in place). Throws InputError
// naming the path when it cannot.
void write_file_atomically(const std::string& path, std::string_view contents);

}  // namespace collide2d::tools
