// The fast path of the JSON reader: simdjson's On-Demand API (Debian's libsimdjson-dev), several
// times faster than nlohmann-json, which stays the reference reader (json_scene.cpp). The text is
// read a part at a time: ShapesSplitter finds the commas between the elements of "shapes", about
// 1 MiB of elements is parsed at once as an array, and the rest (the header) at the end, so memory
// holds a piece of the file, not the file.
//
// It reads the scenes that `collide2d gen` and `convert` write, and any other plain scene, and
// gives up on anything it would not read exactly as the reference does: a syntax or number error,
// a duplicate key, a -0 (the integer 0 to nlohmann), an unexpected field or type, a shape that
// the builders refuse, a duplicate id. read_json_scene then reads the text again with the
// reference, which gives the answer, or the error message that names the place. So the fast path
// never decides what a file means, only how fast a good one loads.
#include <simdjson.h>

#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

#include "scene_io/json_fast_reader.hpp"
#include "scene_io/json_shapes_splitter.hpp"
#include "scene_io/shape_values.hpp"

namespace collide2d::tools {
namespace {

namespace od = simdjson::ondemand;

constexpr std::size_t json_padding = simdjson::SIMDJSON_PADDING;

struct GiveUp {};
[[noreturn]] void give_up() {
  throw GiveUp{};
}

// An object's member (simdjson_result<field>::value() is the field's value, not the field).
od::field field_of_member(simdjson::simdjson_result<od::field> member) {
  od::field field;
  if (std::move(member).get(field) != simdjson::SUCCESS) give_up();
  return field;
}

// The fields of a shape, a bit each; the first eight hold an [x, y] pair or a number.
enum Field : int {
  at,
  a,
  b,
  center,
  min,
  max,
  size,
  radius,
  angle,
  angle_deg,
  rotation,
  vertices,
  id,
  kind,
  z,
  tags,
  field_count
};
constexpr std::string_view field_names[field_count] = {
    "at",    "a",         "b",        "center",   "min", "max",  "size", "radius",
    "angle", "angle_deg", "rotation", "vertices", "id",  "kind", "z",    "tags"};

constexpr unsigned bit(Field field) {
  return 1u << field;
}
constexpr unsigned common = bit(id) | bit(kind) | bit(z) | bit(tags);

// The fields a kind requires, and those it accepts beside them and the common ones.
struct KindFields {
  unsigned required;
  unsigned optional;
};

KindFields kind_fields(ShapeKind shape_kind) {
  switch (shape_kind) {
    case ShapeKind::point:
      return {bit(at), 0};
    case ShapeKind::segment:
      return {bit(a) | bit(b), 0};
    case ShapeKind::circle:
      return {bit(center) | bit(radius), 0};
    case ShapeKind::capsule:
      return {bit(a) | bit(b) | bit(radius), 0};
    case ShapeKind::aabb:
      return {bit(min) | bit(max), 0};
    case ShapeKind::obb:
      return {bit(center) | bit(size), bit(angle) | bit(angle_deg) | bit(rotation)};
    case ShapeKind::polygon:
      break;
  }
  return {bit(vertices), 0};
}

double number(od::value value) {
  const std::string_view token = value.raw_json_token();
  const double x = value.get_double();
  // "-0" is the integer 0 to nlohmann, and so +0; "-0.0" (as the writers write -0) is -0.
  if (x == 0 && std::signbit(x) && token.find_first_of(".eE") == std::string_view::npos) {
    return 0;
  }
  return x;
}

Vec2<double> pair(od::value value) {
  double xy[2];
  std::size_t count = 0;
  for (auto element : value.get_array()) {
    if (count == 2) give_up();
    xy[count++] = number(element.value());
  }
  if (count != 2) give_up();
  return {xy[0], xy[1]};
}

// One shape's fields as read, before they are checked against its kind.
struct RawShape {
  unsigned seen = 0;
  Vec2<double> pairs[7];  // at .. size
  double numbers[3];      // radius, angle, angle_deg
  Rot<double> rotation;
  std::vector<double> vertices;
  std::string_view id;
  std::string_view kind;
  std::int32_t z = 0;
  std::vector<std::string_view> tags;
};

Rot<double> read_rotation(od::value value) {
  double cos = 0;
  double sin = 0;
  unsigned seen = 0;
  for (auto member : value.get_object()) {
    od::field field = field_of_member(std::move(member));
    const unsigned which = field.key() == "cos" ? 1 : field.key() == "sin" ? 2 : 0;
    if (which == 0 || (seen & which) != 0) give_up();
    seen |= which;
    (which == 1 ? cos : sin) = number(field.value());
  }
  if (seen != 3) give_up();
  return {cos, sin};
}

void read_field(Field field, od::value value, RawShape& raw) {
  if (field < radius) {
    raw.pairs[field] = pair(value);
  } else if (field < rotation) {
    raw.numbers[field - radius] = number(value);
  } else if (field == rotation) {
    raw.rotation = read_rotation(value);
  } else if (field == vertices) {
    for (auto vertex : value.get_array()) {
      if (raw.vertices.size() == 2 * max_polygon_vertices) give_up();
      const Vec2<double> v = pair(vertex.value());
      raw.vertices.insert(raw.vertices.end(), {v.x, v.y});
    }
  } else if (field == id || field == kind) {
    (field == id ? raw.id : raw.kind) = value.get_string();
  } else if (field == z) {
    const std::int64_t level = value.get_int64();
    if (level < INT32_MIN || level > INT32_MAX) give_up();
    raw.z = static_cast<std::int32_t>(level);
  } else {
    for (auto tag : value.get_array()) {
      const std::string_view text = tag.get_string();
      if (text.empty()) give_up();
      raw.tags.push_back(text);
    }
  }
}

Field field_of(const od::field& field) {
  for (int i = 0; i < field_count; ++i) {
    if (field.key() == field_names[i]) return static_cast<Field>(i);
  }
  give_up();  // an unknown field, or a key written with escapes
}

// The values build_shape takes, in the order of scene_io/shape_values.hpp.
void kind_values(ShapeKind shape_kind, const RawShape& raw, std::vector<double>& values) {
  const auto add = [&values](Vec2<double> v) { values.insert(values.end(), {v.x, v.y}); };
  const auto* p = raw.pairs;
  switch (shape_kind) {
    case ShapeKind::point:
      return add(p[at]);
    case ShapeKind::segment:
      return add(p[a]), add(p[b]);
    case ShapeKind::circle:
      return add(p[center]), values.push_back(raw.numbers[0]);
    case ShapeKind::capsule:
      return add(p[a]), add(p[b]), values.push_back(raw.numbers[0]);
    case ShapeKind::aabb:
      return add(p[min]), add(p[max]);
    case ShapeKind::obb: {
      add(p[center]), add(p[size]);
      Rot<double> turn = Rot<double>::identity();
      if (raw.seen & bit(angle)) turn = Rot<double>::from_angle(raw.numbers[1]);
      if (raw.seen & bit(angle_deg)) turn = rotation_from_degrees(raw.numbers[2]);
      if (raw.seen & bit(rotation)) turn = raw.rotation;
      return values.push_back(turn.c), values.push_back(turn.s);
    }
    case ShapeKind::polygon:
      break;
  }
  values = raw.vertices;
}

void read_shape(od::value element, RawShape& raw, std::vector<double>& values, SceneSink& sink) {
  raw.seen = 0;
  raw.z = 0;
  raw.vertices.clear();
  raw.tags.clear();
  for (auto member : element.get_object()) {
    od::field field = field_of_member(std::move(member));
    const Field which = field_of(field);
    if (raw.seen & bit(which)) give_up();  // a duplicate key: nlohmann keeps the last
    raw.seen |= bit(which);
    read_field(which, field.value(), raw);
  }
  const auto shape_kind = shape_kind_from_name(raw.kind);
  if ((raw.seen & bit(id)) == 0 || raw.id.empty() || !shape_kind) give_up();
  const KindFields fields = kind_fields(*shape_kind);
  const unsigned rotations = raw.seen & (bit(angle) | bit(angle_deg) | bit(rotation));
  if ((raw.seen & fields.required) != fields.required ||
      (raw.seen & ~(fields.required | fields.optional | common)) != 0 ||
      (rotations & (rotations - 1)) != 0) {
    give_up();
  }
  values.clear();
  kind_values(*shape_kind, raw, values);
  const Built<Shape<double>> shape = build_shape(*shape_kind, values);
  if (!shape || !sink.add({raw.id, shape.value(), raw.z, raw.tags})) give_up();
}

// The header (the text outside "shapes", with [] for it): format and version checked, no other
// field, "shapes" once, nothing after the root object.
void read_header(od::document& document) {
  unsigned seen = 0;
  for (auto member : document.get_object()) {
    od::field field = field_of_member(std::move(member));
    const unsigned which = field.key() == "format"    ? 1
                           : field.key() == "version" ? 2
                           : field.key() == "shapes"  ? 4
                                                      : 0;
    if (which == 0 || (seen & which) != 0) give_up();
    seen |= which;
    if (which == 1 && std::string_view(field.value().get_string()) != "collide2d-scene") give_up();
    if (which == 2 && std::int64_t(field.value().get_int64()) != 1) give_up();
    if (which == 4 && std::size_t(field.value().count_elements()) != 0) give_up();
  }
  const char* rest = nullptr;  // a structural character after the root object
  if ((seen & 4) == 0 || document.current_location().get(rest) == simdjson::SUCCESS) give_up();
}

// Parses "[" + elements + "]" (a piece of the shapes array), each element into the sink; returns
// how many there were.
class PieceReader {
 public:
  explicit PieceReader(SceneSink& sink) : sink_(sink) {}

  std::size_t read(std::string_view elements) {
    padded_.assign("[");
    padded_.append(elements);
    padded_.append("]");
    od::document document = parse(padded_);
    std::size_t count = 0;
    for (auto element : document.get_array()) {
      read_shape(element.value(), raw_, values_, sink_);
      ++count;
    }
    const char* rest = nullptr;
    if (document.current_location().get(rest) == simdjson::SUCCESS) give_up();
    return count;
  }

  void read_header(std::string_view header) {
    padded_.assign(header);
    od::document document = parse(padded_);
    tools::read_header(document);
  }

 private:
  od::document parse(std::string& text) {
    const std::size_t size = text.size();
    text.reserve(size + json_padding);
    return parser_.iterate(simdjson::padded_string_view(text.data(), size, text.capacity()));
  }

  SceneSink& sink_;
  od::parser parser_;
  std::string padded_;
  RawShape raw_;
  std::vector<double> values_;
};

// Reads the whole text from `more`, the shapes array a piece of about 1 MiB at a time.
void read_pieces(const TextSource& more, SceneSink& sink) {
  constexpr std::size_t piece_size = std::size_t(1) << 20;
  PieceReader reader(sink);
  ShapesSplitter splitter;
  std::string buffer;
  std::string header;
  std::size_t scanned = 0;
  std::size_t piece_start = 0;
  std::size_t pieces = 0;
  bool more_text = true;
  while (more_text || scanned < buffer.size()) {
    if (scanned == buffer.size()) more_text = more(buffer);
    const auto part = splitter.part();
    scanned = splitter.scan(buffer, scanned);
    if (part == ShapesSplitter::Part::header && splitter.part() == ShapesSplitter::Part::shapes) {
      header.append(buffer, 0, scanned + 1);  // up to the shapes array's '['
      piece_start = ++scanned;
    } else if (part == ShapesSplitter::Part::shapes &&
               splitter.part() == ShapesSplitter::Part::after) {
      const std::size_t count =
          reader.read(std::string_view(buffer).substr(piece_start, scanned - piece_start));
      // Only the whole array may be empty: "[,", ",,", ",]" are not JSON.
      if (count == 0 && (pieces != 0 || splitter.last_comma() != std::string::npos)) give_up();
      buffer.erase(0, scanned);  // the header goes on from the ']'
      splitter.shift(scanned);
      scanned = 1;
    } else if (splitter.part() == ShapesSplitter::Part::shapes &&
               splitter.last_comma() != std::string::npos &&
               splitter.last_comma() - piece_start >= piece_size) {
      const std::size_t comma = splitter.last_comma();
      if (reader.read(std::string_view(buffer).substr(piece_start, comma - piece_start)) == 0) {
        give_up();
      }
      ++pieces;
      buffer.erase(0, comma + 1);
      splitter.shift(comma + 1);
      scanned -= comma + 1;
      piece_start = 0;
    }
  }
  if (splitter.part() != ShapesSplitter::Part::after) give_up();
  header += buffer;
  reader.read_header(header);
}

}  // namespace

bool read_json_scene_fast(const TextSource& more, SceneSink& sink) {
  try {
    read_pieces(more, sink);
    return true;
  } catch (const simdjson::simdjson_error&) {
    return false;
  } catch (const GiveUp&) {
    return false;
  }
}

}  // namespace collide2d::tools
