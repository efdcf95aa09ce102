// The JSON form of a scene (docs/SCENE_FORMAT.md), read with nlohmann-json: the reference reader,
// which gives every error message, behind the fast path of json_fast_reader.cpp.
//
// The reader never holds the whole document as a tree: a parser callback turns each element of
// "shapes" into a SceneEntry as soon as it is parsed and discards it, so a million shapes cost
// their entries, not a million JSON objects. The input is read through an iterator that counts the
// bytes consumed, which gives each shape's position for error messages.
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "scene_io/json_fast_reader.hpp"
#include "scene_io/number_text.hpp"
#include "scene_io/scene_files.hpp"
#include "scene_io/shape_values.hpp"

namespace collide2d::tools {
namespace {

using nlohmann::json;

// A char iterator that publishes how far it has gone, for positions in error messages.
struct CountingIterator {
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  const char* at = nullptr;
  const char** furthest = nullptr;

  reference operator*() const { return *at; }
  CountingIterator& operator++() {
    *furthest = ++at;
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator before = *this;
    ++*this;
    return before;
  }
  friend bool operator==(const CountingIterator& a, const CountingIterator& b) {
    return a.at == b.at;
  }
};

// "name:line:column" of a byte offset (0-based) in text.
std::string position(std::string_view text, std::size_t offset, const std::string& name) {
  std::size_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return name + ":" + std::to_string(line) + ":" + std::to_string(offset - line_start + 1);
}

// nlohmann's messages start with "[json.exception.parse_error.101] parse error at line 3,
// column 5: "; the position is given in our own form, so only the part after the first ": " is
// kept.
std::string problem_of(const json::exception& error) {
  const std::string what = error.what();
  const std::size_t colon = what.find(": ");
  if (colon != std::string::npos) return what.substr(colon + 2);
  const std::size_t bracket = what.find("] ");
  return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

// Where a shape is, for messages; the line and column are counted only when one is needed.
struct Location {
  std::string_view text;
  std::size_t offset;  // of the shape's opening brace
  const std::string& name;
  std::size_t index;
  std::string id;  // JSON text of the id, once known

  std::string describe() const {
    return position(text, offset, name) + ": shapes[" + std::to_string(index) + "]" +
           (id.empty() ? "" : ": shape " + id);
  }
};

// Converts one element of "shapes", or one part of a group's (prefix "parts[1]: "); every
// message names its location.
class ShapeReader {
 public:
  ShapeReader(const json& object, const Location& location, std::string prefix = {})
      : object_(object), location_(location), prefix_(std::move(prefix)) {}

  [[noreturn]] void fail(const std::string& problem) const {
    throw InputError(location_.describe() + ": " + prefix_ + problem);
  }

  const Location& location() const { return location_; }

  const json* find(const char* key) const {
    const auto it = object_.find(key);
    return it == object_.end() ? nullptr : &*it;
  }

  const json& require(const char* key) const {
    const json* value = find(key);
    if (value == nullptr) fail(std::string("missing field \"") + key + "\"");
    return *value;
  }

  double number(const json& value, const std::string& what) const {
    if (!value.is_number()) fail(what + " must be a number, not " + value.dump());
    return value.get<double>();
  }

  double number(const char* key) const { return number(require(key), key); }

  void pair(const char* key, std::vector<double>& out) const { pair(require(key), key, out); }

  void pair(const json& value, const std::string& what, std::vector<double>& out) const {
    if (!value.is_array() || value.size() != 2) {
      fail(what + " must be an [x, y] pair, not " + value.dump());
    }
    out.push_back(number(value[0], what + "[0]"));
    out.push_back(number(value[1], what + "[1]"));
  }

 private:
  const json& object_;
  const Location& location_;
  std::string prefix_;
};

// The fields every entry has, and those a group's part has beside its shape's.
const std::vector<const char*> common_fields{"id", "kind", "z", "tags"};
const std::vector<const char*> part_fields{"kind"};

// The fields a kind accepts beside the common ones.
std::vector<const char*> kind_fields(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::point:
      return {"at"};
    case ShapeKind::segment:
      return {"a", "b"};
    case ShapeKind::circle:
      return {"center", "radius"};
    case ShapeKind::capsule:
      return {"a", "b", "radius"};
    case ShapeKind::aabb:
      return {"min", "max"};
    case ShapeKind::obb:
      return {"center", "size", "angle", "angle_deg", "rotation"};
    case ShapeKind::polygon:
      break;
    case ShapeKind::rounded_polygon:
      return {"vertices", "radius"};
  }
  return {"vertices"};
}

std::vector<const char*> kind_fields(FileKind kind) {
  if (kind.group) return {"parts"};
  return kind_fields(kind.values);
}

void check_known_fields(const json& object, const std::vector<const char*>& fields,
                        const std::vector<const char*>& common, const std::string& kind_text,
                        const ShapeReader& reader) {
  for (const auto& item : object.items()) {
    bool known = false;
    for (const char* field : common)
      known = known || item.key() == field;
    for (const char* field : fields)
      known = known || item.key() == field;
    if (!known) {
      reader.fail("unknown field \"" + item.key() + "\" for a " + kind_text);
    }
  }
}

Rot<double> read_rotation(const ShapeReader& reader) {
  const json* angle = reader.find("angle");
  const json* degrees = reader.find("angle_deg");
  const json* rotation = reader.find("rotation");
  if ((angle != nullptr) + (degrees != nullptr) + (rotation != nullptr) > 1) {
    reader.fail("give one of \"angle\", \"angle_deg\" and \"rotation\", not several");
  }
  if (angle != nullptr) return Rot<double>::from_angle(reader.number(*angle, "angle"));
  if (degrees != nullptr) return rotation_from_degrees(reader.number(*degrees, "angle_deg"));
  if (rotation == nullptr) return Rot<double>::identity();
  if (!rotation->is_object() || rotation->size() != 2 || !rotation->contains("cos") ||
      !rotation->contains("sin")) {
    reader.fail("rotation must be {\"cos\": c, \"sin\": s}, not " + rotation->dump());
  }
  return {reader.number((*rotation)["cos"], "rotation.cos"),
          reader.number((*rotation)["sin"], "rotation.sin")};
}

std::vector<double> read_values(ShapeKind kind, const ShapeReader& reader) {
  std::vector<double> values;
  switch (kind) {
    case ShapeKind::point:
      reader.pair("at", values);
      break;
    case ShapeKind::segment:
      reader.pair("a", values);
      reader.pair("b", values);
      break;
    case ShapeKind::circle:
      reader.pair("center", values);
      values.push_back(reader.number("radius"));
      break;
    case ShapeKind::capsule:
      reader.pair("a", values);
      reader.pair("b", values);
      values.push_back(reader.number("radius"));
      break;
    case ShapeKind::aabb:
      reader.pair("min", values);
      reader.pair("max", values);
      break;
    case ShapeKind::obb: {
      reader.pair("center", values);
      reader.pair("size", values);
      const Rot<double> rotation = read_rotation(reader);
      values.insert(values.end(), {rotation.c, rotation.s});
      break;
    }
    case ShapeKind::polygon:
    case ShapeKind::rounded_polygon: {
      if (kind == ShapeKind::rounded_polygon) values.push_back(reader.number("radius"));
      const json& vertices = reader.require("vertices");
      if (!vertices.is_array()) reader.fail("vertices must be an array of [x, y] pairs");
      for (std::size_t i = 0; i < vertices.size(); ++i)
        reader.pair(vertices[i], "vertices[" + std::to_string(i) + "]", values);
      break;
    }
  }
  return values;
}

// A group's parts, each an object of its kind and that kind's fields (no id, z or tags), into one
// list of values, each part's marked in marks.
void read_parts(const ShapeReader& reader, std::vector<double>& values,
                std::vector<PartMark>& marks) {
  const json& parts = reader.require("parts");
  if (!parts.is_array()) reader.fail("parts must be an array of shapes, not " + parts.dump());
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const ShapeReader part(parts[i], reader.location(), "parts[" + std::to_string(i) + "]: ");
    if (!parts[i].is_object()) part.fail("a part must be an object, not " + parts[i].dump());
    const json& name = part.require("kind");
    if (!name.is_string()) part.fail("unknown shape kind " + name.dump());
    const Built<ShapeKind> kind = part_kind_from_name(name.get<std::string>());
    if (!kind) part.fail(kind.error());
    check_known_fields(parts[i], kind_fields(kind.value()), part_fields, name.get<std::string>(),
                       part);
    marks.push_back({kind.value(), values.size()});
    const std::vector<double> part_values = read_values(kind.value(), part);
    values.insert(values.end(), part_values.begin(), part_values.end());
  }
}

// The entry the object holds, built.
EntryShape read_entry_shape(FileKind kind, const ShapeReader& reader) {
  std::vector<double> values;
  std::vector<PartMark> marks;
  if (kind.group) {
    read_parts(reader, values, marks);
  } else {
    values = read_values(kind.values, reader);
  }
  const Built<EntryShape> built = build_entry(kind, values, marks);
  if (!built) reader.fail(built.error());
  return built.value();
}

std::vector<std::string> read_tags(const ShapeReader& reader) {
  std::vector<std::string> tags;
  if (const json* value = reader.find("tags")) {
    if (!value->is_array()) reader.fail("tags must be an array of strings");
    for (const json& tag : *value) {
      if (!tag.is_string() || tag.get_ref<const std::string&>().empty()) {
        reader.fail("tags must be non-empty strings, not " + tag.dump());
      }
      tags.push_back(tag.get<std::string>());
    }
  }
  return tags;
}

std::int32_t read_z(const ShapeReader& reader) {
  const json* value = reader.find("z");
  if (value == nullptr) return 0;
  if (!value->is_number_integer() || value->get<std::int64_t>() < INT32_MIN ||
      value->get<std::int64_t>() > INT32_MAX) {
    reader.fail("z must be an integer from -2^31 to 2^31-1, not " + value->dump());
  }
  return static_cast<std::int32_t>(value->get<std::int64_t>());
}

SceneEntry read_entry(const json& object, Location& location) {
  const ShapeReader reader(object, location);
  if (!object.is_object()) reader.fail("a shape must be an object, not " + object.dump());
  const json& id = reader.require("id");
  if (!id.is_string() || id.get_ref<const std::string&>().empty()) {
    reader.fail("id must be a non-empty string, not " + id.dump());
  }
  location.id = id.dump();
  const ShapeReader& named = reader;
  const json& kind_name = named.require("kind");
  const auto kind =
      kind_name.is_string() ? file_kind_from_name(kind_name.get<std::string>()) : std::nullopt;
  if (!kind) named.fail("unknown shape kind " + kind_name.dump() + " (" + known_kinds + ")");
  check_known_fields(object, kind_fields(*kind), common_fields, kind_name.get<std::string>(),
                     named);
  EntryShape shape = read_entry_shape(*kind, named);
  return {id.get<std::string>(), std::move(shape), read_z(named), read_tags(named)};
}

// Follows the parser through the document: which top-level key it is in, where each shape starts.
class DocumentBuilder {
 public:
  DocumentBuilder(std::string_view text, const std::string& name, SceneSink& sink,
                  const ReadProgress& progress, const char* const& furthest)
      : text_(text), name_(name), sink_(sink), progress_(progress), furthest_(furthest) {}

  bool on_event(int depth, json::parse_event_t event, json& parsed) {
    using Event = json::parse_event_t;
    if (depth == 1 && event == Event::key) {
      top_key_ = parsed.get<std::string>();
      check_top_key();
    } else if (depth == 1 && event == Event::array_start) {
      in_shapes_ = top_key_ == "shapes";
    } else if (depth == 1 && event == Event::array_end) {
      in_shapes_ = false;
    } else if (depth == 2 && in_shapes_ && event == Event::object_start) {
      shape_start_ = offset() - 1;  // the brace just read
    } else if (depth == 2 && in_shapes_ && (event == Event::object_end || event == Event::value)) {
      if (event == Event::value) shape_start_ = offset() - 1;
      add(parsed);
      return false;  // converted: the tree need not keep it
    }
    return true;
  }

  std::size_t offset() const { return static_cast<std::size_t>(furthest_ - text_.data()); }

 private:
  void check_top_key() const {
    if (top_key_ != "format" && top_key_ != "version" && top_key_ != "shapes") {
      throw InputError(position(text_, offset() - 1, name_) + ": unknown top-level field \"" +
                       top_key_ + "\" (format, version, shapes)");
    }
  }

  void add(const json& object) {
    const std::size_t index = count_++;
    Location location{text_, shape_start_, name_, index, {}};
    const SceneEntry entry = read_entry(object, location);
    const std::vector<std::string_view> tags(entry.tags.begin(), entry.tags.end());
    if (!sink_.add(record_of(entry, tags))) {
      throw InputError(location.describe() + ": duplicate id");
    }
    if (progress_ && index % 4096 == 0) {
      progress_(static_cast<double>(offset()) / static_cast<double>(text_.size()));
    }
  }

  std::string_view text_;
  const std::string& name_;
  SceneSink& sink_;
  const ReadProgress& progress_;
  const char* const& furthest_;
  std::string top_key_;
  bool in_shapes_ = false;
  std::size_t shape_start_ = 0;
  std::size_t count_ = 0;
};

void check_header(const json& root, std::string_view text, const std::string& name) {
  const std::string where = position(text, 0, name);
  if (!root.is_object()) throw InputError(where + ": a scene must be a JSON object");
  if (!root.contains("shapes") || !root["shapes"].is_array()) {
    throw InputError(where + ": missing \"shapes\" array");
  }
  if (root.contains("format") && root["format"] != "collide2d-scene") {
    throw InputError(where + ": format is " + root["format"].dump() +
                     ", expected \"collide2d-scene\"");
  }
  if (root.contains("version") && root["version"] != 1) {
    throw InputError(where + ": version is " + root["version"].dump() + ", this reader knows 1");
  }
}

void append_string(std::string& out, const std::string& text) {
  try {
    out += json(text).dump();
  } catch (const json::type_error&) {  // ids and tags read from CSV may be any bytes
    throw InputError("cannot write \"" + text + "\" in JSON: it is not valid UTF-8");
  }
}

void append_pair(std::string& out, const double* values) {
  out += '[';
  append_number(out, values[0]);
  out += ", ";
  append_number(out, values[1]);
  out += ']';
}

void append_field(std::string& out, const char* key) {
  out += ", \"";
  out += key;
  out += "\": ";
}

// "vertices": [[x0, y0], ...] from the x, y pairs of values[first..].
void append_vertices(std::string& out, const std::vector<double>& values, std::size_t first) {
  append_field(out, "vertices");
  out += '[';
  for (std::size_t i = first; i < values.size(); i += 2) {
    if (i != first) out += ", ";
    append_pair(out, values.data() + i);
  }
  out += ']';
}

void append_fields(std::string& out, const Shape<double>& shape, std::vector<double>& values) {
  values.clear();
  append_values(shape, values);
  const double* v = values.data();
  const auto field = [&out](const char* key) { append_field(out, key); };
  switch (kind_of(shape)) {
    case ShapeKind::point:
      field("at");
      append_pair(out, v);
      return;
    case ShapeKind::segment:
    case ShapeKind::capsule:
      field("a");
      append_pair(out, v);
      field("b");
      append_pair(out, v + 2);
      if (values.size() == 5) {
        field("radius");
        append_number(out, v[4]);
      }
      return;
    case ShapeKind::circle:
      field("center");
      append_pair(out, v);
      field("radius");
      append_number(out, v[2]);
      return;
    case ShapeKind::aabb:
      field("min");
      append_pair(out, v);
      field("max");
      append_pair(out, v + 2);
      return;
    case ShapeKind::obb:
      field("center");
      append_pair(out, v);
      field("size");
      append_pair(out, v + 2);
      if (!(v[4] == 1 && v[5] == 0 && !std::signbit(v[5]))) {
        field("rotation");
        out += "{\"cos\": ";
        append_number(out, v[4]);
        out += ", \"sin\": ";
        append_number(out, v[5]);
        out += '}';
      }
      return;
    case ShapeKind::polygon:
    case ShapeKind::rounded_polygon: {
      const std::size_t first = kind_of(shape) == ShapeKind::rounded_polygon ? 1 : 0;
      append_vertices(out, values, first);
      if (first == 1) {
        field("radius");
        append_number(out, v[0]);
      }
      return;
    }
  }
}

void append_kind_and_fields(std::string& out, const EntryShape& entry, std::vector<double>& values);

// A group's parts: "parts": [{"kind": "obb", ...}, ...], each part as an entry without id, z and
// tags.
void append_fields(std::string& out, const ShapeGroup& group, std::vector<double>& values) {
  append_field(out, "parts");
  out += '[';
  for (std::size_t i = 0; i < group.parts.size(); ++i) {
    if (i != 0) out += ", ";
    append_kind_and_fields(out, group.parts[i], values);
    out += '}';
  }
  out += ']';
}

// A simple polygon's fields: its vertices, counter-clockwise as vertices() gives them.
void append_fields(std::string& out, const Polygon<double>& polygon, std::vector<double>& values) {
  values.clear();
  append_values(polygon, values);
  append_vertices(out, values, 0);
}

void append_fields(std::string& out, const EntryShape& entry, std::vector<double>& values) {
  std::visit([&](const auto& shape) { append_fields(out, shape, values); }, entry);
}

// "{"kind": "circle", "center": ..." (the object left open, for an entry's z and tags).
void append_kind_and_fields(std::string& out, const EntryShape& entry,
                            std::vector<double>& values) {
  out += "{\"kind\": \"";
  out += kind_name(entry);
  out += '"';
  append_fields(out, entry, values);
}

}  // namespace

static void read_json_scene_as_given(std::string_view text, const std::string& name,
                                     SceneSink& sink, const ReadProgress& progress) {
  const char* furthest = text.data();
  DocumentBuilder builder(text, name, sink, progress, furthest);
  const CountingIterator first{text.data(), &furthest};
  const CountingIterator last{text.data() + text.size(), &furthest};
  json root;
  try {
    root = json::parse(first, last, [&builder](int depth, json::parse_event_t event, json& parsed) {
      return builder.on_event(depth, event, parsed);
    });
  } catch (const json::parse_error& error) {
    // error.byte counts from 1 and is the character the parser stopped at.
    throw InputError(position(text, error.byte == 0 ? 0 : error.byte - 1, name) + ": " +
                     problem_of(error));
  } catch (const json::exception& error) {
    throw InputError(position(text, builder.offset() == 0 ? 0 : builder.offset() - 1, name) + ": " +
                     problem_of(error));
  }
  check_header(root, text, name);
}

std::string write_json_scene(const SceneDocument& document) {
  std::string out = "{\n  \"format\": \"collide2d-scene\",\n  \"version\": 1,\n  \"shapes\": [";
  std::vector<double> values;
  for (std::size_t i = 0; i < document.shapes.size(); ++i) {
    const SceneEntry& entry = document.shapes[i];
    out += i == 0 ? "\n    {\"id\": " : ",\n    {\"id\": ";
    append_string(out, entry.id);
    out += ", \"kind\": \"";
    out += kind_name(entry.shape);
    out += '"';
    append_fields(out, entry.shape, values);
    if (entry.z != 0) out += ", \"z\": " + std::to_string(entry.z);
    if (!entry.tags.empty()) {
      out += ", \"tags\": [";
      for (std::size_t t = 0; t < entry.tags.size(); ++t) {
        if (t != 0) out += ", ";
        append_string(out, entry.tags[t]);
      }
      out += ']';
    }
    out += '}';
  }
  out += document.shapes.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

void read_json_scene_exactly(std::string_view text, const std::string& name, SceneSink& sink,
                             const ReadProgress& progress) {
  try {
    read_json_scene_as_given(text, name, sink, progress);
  } catch (const InputError& error) {
    throw InputError(one_line(error.what()));
  }
}

void read_json_scene(std::string_view text, const std::string& name, SceneSink& sink,
                     const ReadProgress& progress) {
  bool given = false;
  const auto whole = [&](std::string& buffer) {
    return !given && (given = true, buffer += text, true);
  };
  if (read_json_scene_fast(whole, sink)) return;
  sink.clear();
  read_json_scene_exactly(text, name, sink, progress);
}

SceneDocument parse_json_scene(std::string_view text, const std::string& name,
                               const ReadProgress& progress) {
  DocumentSink sink;
  read_json_scene(text, name, sink, progress);
  return sink.take();
}

}  // namespace collide2d::tools
