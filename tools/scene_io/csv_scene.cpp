// The CSV form of a scene (docs/SCENE_FORMAT.md): one shape a line,
//   id,kind,z,tags,values...
// with the values of scene_io/shape_values.hpp, tags separated by ';', and lines starting with '#'
// (and a first line naming the columns) ignored. Read line by line with std::from_chars, in
// pieces of a file, into a SceneSink: nothing of the text is kept once a line is read.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "scene_io/number_text.hpp"
#include "scene_io/scene_files.hpp"
#include "scene_io/scene_sink.hpp"
#include "scene_io/shape_values.hpp"

namespace collide2d::tools {
namespace {

constexpr std::string_view header = "id,kind,z,tags,values";

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
    text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

struct Field {
  std::string_view text;
  std::size_t column;  // 1-based
};

// What reading a line needs beside the line, kept from line to line so that reading allocates
// nothing once the first lines have sized it.
struct LineScratch {
  std::vector<Field> fields;
  std::vector<double> values;
  std::vector<std::string_view> tags;
};

class LineReader {
 public:
  LineReader(const std::string& name, std::size_t line) : name_(name), line_(line) {}

  [[noreturn]] void fail(std::size_t column, const std::string& problem) const {
    throw InputError(name_ + ":" + std::to_string(line_) + ":" + std::to_string(column) + ": " +
                     problem);
  }

  // Reads one shape line into the sink; `scratch` is reused from line to line.
  void read(std::string_view line, LineScratch& scratch, SceneSink& sink) const {
    std::vector<Field>& fields = scratch.fields;
    split(line, fields);
    if (fields.size() < 5) {
      fail(line.size() + 1, "a shape line needs id,kind,z,tags and values; found " +
                                std::to_string(fields.size()) + " fields");
    }
    const std::string_view id = fields[0].text;
    if (id.empty()) fail(fields[0].column, "empty id");
    // Ids and tags are text: a scene read from CSV must also be writable as JSON (found by
    // fuzz_scene_file: an id of one byte 0xE1 loaded, and converting it to JSON then failed).
    if (!is_utf8(id)) fail(fields[0].column, "the id is not valid UTF-8 text");
    if (!is_utf8(fields[3].text)) fail(fields[3].column, "the tags are not valid UTF-8 text");
    const auto kind = shape_kind_from_name(fields[1].text);
    if (!kind) {
      fail(fields[1].column, "shape \"" + std::string(id) + "\": unknown shape kind \"" +
                                 std::string(fields[1].text) +
                                 "\" (point, segment, circle, capsule, aabb, obb, polygon)");
    }
    const std::int32_t z = read_z(fields[2], id);
    scratch.tags.clear();
    read_tags(fields[3].text, scratch.tags);
    scratch.values.clear();
    for (std::size_t i = 4; i < fields.size(); ++i) {
      const auto value = parse_number(fields[i].text);
      if (!value) {
        fail(fields[i].column, "shape \"" + std::string(id) + "\": \"" +
                                   std::string(fields[i].text) + "\" is not a number");
      }
      scratch.values.push_back(*value);
    }
    const Built<Shape<double>> shape = build_shape(*kind, scratch.values);
    if (!shape) fail(fields[4].column, "shape \"" + std::string(id) + "\": " + shape.error());
    if (!sink.add({id, shape.value(), z, scratch.tags})) {
      fail(1, "shape \"" + std::string(id) + "\": duplicate id");
    }
  }

 private:
  static void split(std::string_view line, std::vector<Field>& fields) {
    fields.clear();
    std::size_t start = 0;
    while (true) {
      const std::size_t comma = line.find(',', start);
      const std::size_t end = comma == std::string_view::npos ? line.size() : comma;
      fields.push_back({trim(line.substr(start, end - start)), start + 1});
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
  }

  std::int32_t read_z(const Field& field, std::string_view id) const {
    if (field.text.empty()) return 0;
    const auto value = parse_number(field.text);
    // The range first: converting a double outside it to an integer is undefined behaviour (a z
    // of 4.4e112 reached the conversion; found by fuzz_scene_file under UBSan).
    if (!value || !(*value >= INT32_MIN && *value <= INT32_MAX) || *value != std::trunc(*value)) {
      fail(field.column, "shape \"" + std::string(id) + "\": z \"" + std::string(field.text) +
                             "\" must be an integer from -2^31 to 2^31-1");
    }
    return static_cast<std::int32_t>(*value);
  }

  // Well-formed UTF-8: each sequence has the length its lead byte says, with continuation bytes
  // 10xxxxxx, no overlong forms, no surrogates, nothing above U+10FFFF.
  static bool is_utf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
      const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
      const unsigned char lead = byte(i);
      std::size_t length = 0;
      std::uint32_t code = 0;
      if (lead < 0x80) {
        ++i;
        continue;
      } else if ((lead & 0xE0) == 0xC0) {
        length = 2, code = lead & 0x1Fu;
      } else if ((lead & 0xF0) == 0xE0) {
        length = 3, code = lead & 0x0Fu;
      } else if ((lead & 0xF8) == 0xF0) {
        length = 4, code = lead & 0x07u;
      } else {
        return false;
      }
      if (i + length > text.size()) return false;
      for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return false;
        code = (code << 6) | (byte(i + k) & 0x3Fu);
      }
      static constexpr std::uint32_t smallest[5] = {0, 0, 0x80, 0x800, 0x10000};
      if (code < smallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
        return false;
      i += length;
    }
    return true;
  }

  static void read_tags(std::string_view text, std::vector<std::string_view>& tags) {
    while (!text.empty()) {
      const std::size_t semicolon = text.find(';');
      tags.emplace_back(trim(text.substr(0, semicolon)));
      if (tags.back().empty()) tags.pop_back();
      if (semicolon == std::string_view::npos) break;
      text.remove_prefix(semicolon + 1);
    }
  }

  const std::string& name_;
  std::size_t line_;
};

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
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t newline = text.find('\n', start);
    const std::size_t end = newline == std::string_view::npos ? text.size() : newline;
    const std::string_view line = text.substr(start, end - start);
    ++line_number;
    start = end + 1;
    const std::string_view content = trim(line);
    if (content.empty() || content.front() == '#') continue;
    if (line_number == 1 && content == header) continue;
    LineReader(name, line_number).read(line, scratch, sink);
  }
}

// Errors are one line whatever the file held (an id with a control character in a message).
template <class Read>
void with_one_line_errors(const Read& read) {
  try {
    read();
  } catch (const InputError& error) {
    throw InputError(one_line(error.what()));
  }
}

}  // namespace

void read_csv_scene(std::string_view text, const std::string& name, SceneSink& sink,
                    const ReadProgress& progress) {
  with_one_line_errors([&] {
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

void read_csv_scene(FileChunks& file, const std::string& name, SceneSink& sink,
                    const ReadProgress& progress) {
  with_one_line_errors([&] {
    std::size_t line_number = 0;
    LineScratch scratch;
    std::string buffer;
    while (file.read_more(buffer)) {
      const std::size_t newline = buffer.rfind('\n');
      if (newline == std::string::npos) continue;  // a line longer than a piece: read on
      read_lines(std::string_view(buffer).substr(0, newline + 1), name, sink, line_number, scratch);
      buffer.erase(0, newline + 1);
      if (progress) progress(file.fraction_read());
    }
    read_lines(buffer, name, sink, line_number, scratch);
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
  out.insert(0, std::string(header) + "\n");
  std::vector<double> values;
  for (const SceneEntry& entry : document.shapes) {
    check_writable(entry.id, "id");
    out += entry.id;
    out += ',';
    out += shape_kind_name(kind_of(entry.shape));
    out += ',';
    if (entry.z != 0) out += std::to_string(entry.z);
    out += ',';
    for (std::size_t t = 0; t < entry.tags.size(); ++t) {
      check_writable(entry.tags[t], "tag");
      if (t != 0) out += ';';
      out += entry.tags[t];
    }
    values.clear();
    append_values(entry.shape, values);
    for (const double value : values) {
      out += ',';
      append_number(out, value);
    }
    out += '\n';
  }
  return out;
}

}  // namespace collide2d::tools
