// scene_io/scene_document.hpp - a scene as a file holds it: shapes with the user's ids, z-orders
// and tags, in file order. The CLI loads one into a collide2d::Scene<double> (scene_loading.hpp).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "collide2d/polygon.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::tools {

// A group of shapes (Scene::add_group): one entry, the union of its parts for every query. The
// parts are shapes, never simple polygons or groups: the library nests nothing in a group.
struct ShapeGroup {
  std::vector<Shape<double>> parts;
};

// What a file's entry holds: a shape, a simple polygon (any vertex count, concave allowed) or a
// group, the last two entries of their own in a Scene that the Shape variant cannot hold.
using EntryShape = std::variant<Shape<double>, Polygon<double>, ShapeGroup>;

struct SceneEntry {
  std::string id;  // unique within the document, non-empty
  EntryShape shape;
  std::int32_t z = 0;  // higher is on top (hit tests)
  std::vector<std::string> tags;
};

// The kind name a file gives a simple polygon, beside the ShapeKind names.
inline constexpr const char* simple_polygon_kind = "simple_polygon";
// And a group's.
inline constexpr const char* group_kind = "group";

// Every kind name a file may give, for the messages that refuse another.
inline constexpr const char* known_kinds =
    "point, segment, circle, capsule, aabb, obb, polygon, rounded_polygon, simple_polygon, group";

struct SceneDocument {
  std::vector<SceneEntry> shapes;
};

// Bad input in a scene file or on the command line. what() is one line that names where
// ("scene.json:7:5: ..." or "scene.json: shape \"B\": ...") and the problem.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The text as one line: control characters (a newline in a JSON key that an error message quotes,
// found by fuzz_scene_file) become \n, \r, \t or \xNN, so that an error is always one line.
inline std::string one_line(std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 15];
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace collide2d::tools
