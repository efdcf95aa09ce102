// The CSV form of a scene (docs/SCENE_FORMAT.md): one shape a line,
//   id,kind,z,tags,values...
// with the values of scene_io/shape_values.hpp, tags separated by ';', and lines starting with '#'
// (and a first line naming the columns) ignored. Read line by line (csv_lines.hpp) into a
// SceneSink; a file is read in pieces on two threads (csv_file_reader.cpp).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "scene_io/csv_lines.hpp"
#include "scene_io/number_text.hpp"
#include "scene_io/scene_files.hpp"
#include "scene_io/scene_sink.hpp"
#include "scene_io/shape_values.hpp"

namespace collide2d::tools {
namespace {

using csv::is_shape_line;
using csv::LineReader;
using csv::LineScratch;
using csv::trim;

// Text that would not read back as itself: separators, and spaces that the reader trims.
void check_writable(const std::string& text, const char* what) {
  if (text.find_first_of(",;\"\n\r") != std::string::npos || (!text.empty() && text[0] == '#') ||
      trim(text) != text) {
    throw InputError(std::string("cannot write ") + what + " \"" + text +
                     "\" in CSV: it holds a comma, semicolon, quote or line break, starts "
                     "with '#' or has spaces around it; use the JSON form");
  }
}

// Reads the lines of text (whole lines; the last may lack its newline) into the sink, counting
// lines on from line_number.
void read_lines(std::string_view text, const std::string& name, SceneSink& sink,
                std::size_t& line_number, LineScratch& scratch) {
  csv::for_each_line(text, line_number, [&](std::string_view line, std::size_t number) {
    if (is_shape_line(line, number)) LineReader(name, number).read(line, scratch, sink);
    return true;
  });
}

// ",v0,v1,..." of the entry, a group's with each part's kind before its values
// (",aabb,0,0,1,1,circle,3,0,1").
void append_values_text(std::string& out, const EntryShape& entry, std::vector<double>& values,
                        std::vector<PartMark>& parts) {
  values.clear();
  parts.clear();
  append_values(entry, values, parts);
  std::size_t next_part = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    for (; next_part < parts.size() && parts[next_part].first == i; ++next_part) {
      out += ',';
      out += shape_kind_name(parts[next_part].kind);
    }
    out += ',';
    append_number(out, values[i]);
  }
}

}  // namespace

void read_csv_scene(std::string_view text, const std::string& name, SceneSink& sink,
                    const ReadProgress& progress) {
  csv::with_one_line_errors([&] {
    // A piece of about 1 MiB at a time, for the progress bar.
    constexpr std::size_t piece = std::size_t(1) << 20;
    std::size_t line_number = 0;
    LineScratch scratch;
    for (std::size_t start = 0; start < text.size();) {
      const std::size_t newline = text.find('\n', std::min(start + piece, text.size()));
      const std::size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
      read_lines(text.substr(start, end - start), name, sink, line_number, scratch);
      start = end;
      if (progress) progress(static_cast<double>(start) / static_cast<double>(text.size()));
    }
  });
}

SceneDocument parse_csv_scene(std::string_view text, const std::string& name,
                              const ReadProgress& progress) {
  DocumentSink sink;
  read_csv_scene(text, name, sink, progress);
  return sink.take();
}

std::string write_csv_scene(const SceneDocument& document) {
  std::string out = "# collide2d scene (docs/SCENE_FORMAT.md)\n";
  out.insert(0, std::string(csv::header) + "\n");
  std::vector<double> values;
  std::vector<PartMark> parts;
  for (const SceneEntry& entry : document.shapes) {
    check_writable(entry.id, "id");
    const EntryShape& shape = entry.shape;
    out += entry.id;
    out += ',';
    out += kind_name(shape);
    out += ',';
    if (entry.z != 0) out += std::to_string(entry.z);
    out += ',';
    for (std::size_t t = 0; t < entry.tags.size(); ++t) {
      check_writable(entry.tags[t], "tag");
      if (t != 0) out += ';';
      out += entry.tags[t];
    }
    append_values_text(out, shape, values, parts);
    out += '\n';
  }
  return out;
}

}  // namespace collide2d::tools
