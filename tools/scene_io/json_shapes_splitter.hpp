// scene_io/json_shapes_splitter.hpp - where a scene's "shapes" array opens and closes in its JSON
// text, found without parsing it, so that the fast reader can parse the array a piece at a time.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace collide2d::tools {

// Follows the JSON text a character at a time (strings, escapes, depth; at depth 1, which string
// is a key) to find the top-level "shapes" array's brackets. The fast reader runs it over the
// header, and over the last piece of the array from a cut between elements (where the state is
// that at the '['); the pieces between are cut without it (json_fast_reader.cpp). It decides
// nothing about validity: every piece, and the header, is parsed by simdjson, which refuses what
// is not JSON.
class ShapesSplitter {
 public:
  enum class Part { header, shapes, after };

  // Scans text[from, text.size()); stops early, returning the position, where the shapes array
  // opens or closes (the bracket's index; part() tells which), else returns text.size().
  std::size_t scan(std::string_view text, std::size_t from) {
    for (std::size_t i = from; i < text.size(); ++i) {
      const char c = text[i];
      if (in_string_) {
        if (escape_) {
          escape_ = false;
        } else if (c == '\\') {
          escape_ = true;
        } else if (c == '"') {
          in_string_ = false;
          if (depth_ == 1 && expect_key_)
            key_is_shapes_ = text.substr(key_start_, i - key_start_) == "shapes";
        }
        continue;
      }
      if (c == '"') {
        in_string_ = true;
        key_start_ = i + 1;
      } else if (c == '{' || c == '[') {
        if (++depth_ == 2 && c == '[' && part_ == Part::header && !expect_key_ && key_is_shapes_) {
          part_ = Part::shapes;
          return i;
        }
      } else if (c == '}' || c == ']') {
        if (--depth_ == 1 && part_ == Part::shapes) {
          part_ = Part::after;
          return i;
        }
      } else if (depth_ == 1 && (c == ':' || c == ',')) {
        expect_key_ = c == ',';
      }
    }
    return text.size();
  }

  Part part() const { return part_; }

 private:
  Part part_ = Part::header;
  bool in_string_ = false;
  bool escape_ = false;
  bool expect_key_ = true;
  bool key_is_shapes_ = false;
  int depth_ = 0;
  std::size_t key_start_ = 0;
};

}  // namespace collide2d::tools
