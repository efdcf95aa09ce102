// scene_io/csv_lines.hpp - private: one line of the CSV form read (docs/SCENE_FORMAT.md),
//   id,kind,z,tags,values...
// shared by the reader of a text (csv_scene.cpp) and the reader of a file on two threads
// (csv_file_reader.cpp), so that both give the same shapes and the same messages.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "scene_io/number_text.hpp"
#include "scene_io/scene_sink.hpp"
#include "scene_io/shape_values.hpp"

namespace collide2d::tools::csv {

inline constexpr std::string_view header = "id,kind,z,tags,values";

inline std::string_view trim(std::string_view text) {
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
  std::vector<PartMark> parts;  // a group's
  std::vector<std::size_t> part_columns;
};

// A shape line read; the id is a view into the line.
struct ParsedLine {
  std::string_view id;
  EntryShape shape;
  std::int32_t z = 0;
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
    const ParsedLine parsed = parse(line, scratch);
    if (!sink.add(record_of(parsed.id, parsed.shape, parsed.z, scratch.tags))) {
      duplicate(parsed.id);
    }
  }

  [[noreturn]] void duplicate(std::string_view id) const {
    fail(1, "shape \"" + std::string(id) + "\": duplicate id");
  }

  // One shape line, checked; its tags are left in scratch.tags. Throws InputError.
  ParsedLine parse(std::string_view line, LineScratch& scratch) const {
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
    const auto kind = file_kind_from_name(fields[1].text);
    if (!kind) {
      fail(fields[1].column, "shape \"" + std::string(id) + "\": unknown shape kind \"" +
                                 std::string(fields[1].text) + "\" (" + known_kinds + ")");
    }
    const std::int32_t z = read_z(fields[2], id);
    scratch.tags.clear();
    read_tags(fields[3].text, scratch.tags);
    read_values(*kind, id, scratch);
    std::size_t bad_part = 0;
    const Built<EntryShape> shape = build_entry(*kind, scratch.values, scratch.parts, &bad_part);
    if (!shape) {
      // A group's bad part is pointed at by its kind's column.
      const std::size_t column =
          bad_part < scratch.parts.size() ? scratch.part_columns[bad_part] : fields[4].column;
      fail(column, "shape \"" + std::string(id) + "\": " + shape.error());
    }
    return {id, shape.value(), z};
  }

 private:
  // The values of fields 4 on into scratch: numbers, and for a group each part's kind before its
  // numbers ("g,group,,,aabb,0,0,1,1,circle,3,0,1"), marked in scratch.parts.
  void read_values(FileKind kind, std::string_view id, LineScratch& scratch) const {
    const std::vector<Field>& fields = scratch.fields;
    scratch.values.clear();
    scratch.parts.clear();
    scratch.part_columns.clear();
    // "g,group,,," is a group of no parts, which build_entry refuses by name.
    if (kind.group && fields.size() == 5 && fields[4].text.empty()) return;
    for (std::size_t i = 4; i < fields.size(); ++i) {
      const Field& field = fields[i];
      const auto value = parse_number(field.text);
      if (value && (!kind.group || !scratch.parts.empty())) {
        scratch.values.push_back(*value);
      } else if (!kind.group) {
        fail(field.column, "shape \"" + std::string(id) + "\": \"" + std::string(field.text) +
                               "\" is not a number");
      } else {
        read_part_kind(field, id, scratch);
      }
    }
  }

  // A kind name read where a group's part begins (a kind name is never a number).
  void read_part_kind(const Field& field, std::string_view id, LineScratch& scratch) const {
    const std::string where =
        "shape \"" + std::string(id) + "\": parts[" + std::to_string(scratch.parts.size()) + "]: ";
    if (parse_number(field.text)) {
      fail(field.column,
           where + "a part begins with its kind, not \"" + std::string(field.text) + "\"");
    }
    const Built<ShapeKind> part = part_kind_from_name(field.text);
    if (!part) fail(field.column, where + part.error());
    scratch.parts.push_back({part.value(), scratch.values.size()});
    scratch.part_columns.push_back(field.column);
  }

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

// Calls f(line, number) on each line of text (whole lines; the last may lack its newline),
// numbering on from line_number, which ends at the last line's number; f returns false to stop.
// True when every line was read.
template <class F>
bool for_each_line(std::string_view text, std::size_t& line_number, F&& f) {
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t newline = text.find('\n', start);
    const std::size_t end = newline == std::string_view::npos ? text.size() : newline;
    ++line_number;
    if (!f(text.substr(start, end - start), line_number)) return false;
    start = end + 1;
  }
  return true;
}

// Whether a line holds a shape: not blank, not a comment ('#'), not the header as line 1.
inline bool is_shape_line(std::string_view line, std::size_t line_number) {
  const std::string_view content = trim(line);
  return !content.empty() && content.front() != '#' && !(line_number == 1 && content == header);
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

}  // namespace collide2d::tools::csv
