// scene_io/json_shapes_splitter.hpp - where the elements of a scene's "shapes" array are in its
// JSON text, found without parsing it, so that the fast reader can parse them a piece at a time.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace collide2d::tools {

// Follows the JSON text a character at a time (strings, escapes, depth; at depth 1, which string
// is a key) to find the top-level "shapes" array and the commas between its elements, so that the
// elements can be parsed a piece at a time. It decides nothing about validity: every piece, and
// the header, is parsed by simdjson, which refuses what is not JSON.
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
      } else if (depth_ == 2 && c == ',' && part_ == Part::shapes) {
        last_comma_ = i;
      }
    }
    return text.size();
  }

  Part part() const { return part_; }
  // The last comma between elements seen, or npos; shift() moves it with the text.
  std::size_t last_comma() const { return last_comma_; }
  void shift(std::size_t erased) {
    last_comma_ = last_comma_ == std::string::npos || last_comma_ < erased ? std::string::npos
                                                                           : last_comma_ - erased;
    key_start_ = key_start_ < erased ? 0 : key_start_ - erased;
  }

 private:
  Part part_ = Part::header;
  bool in_string_ = false;
  bool escape_ = false;
  bool expect_key_ = true;
  bool key_is_shapes_ = false;
  int depth_ = 0;
  std::size_t key_start_ = 0;
  std::size_t last_comma_ = std::string::npos;
};

}  // namespace collide2d::tools
