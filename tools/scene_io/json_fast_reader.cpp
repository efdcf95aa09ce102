// The fast path of the JSON reader: simdjson's On-Demand API (Debian's libsimdjson-dev), several
// times faster than nlohmann-json, which stays the reference reader (json_scene.cpp). The text is
// read a part at a time and cut into pieces of whole elements of "shapes" (about 256 KiB each),
// which two threads parse and check as arrays (piece_pipeline.hpp); the shapes go to the sink in
// order, and the rest of the text (the header) is parsed at the end. Memory holds a few pieces of
// the file, not the file.
//
// It reads the scenes that `collide2d gen` and `convert` write, and any other plain scene, and
// gives up on anything it would not read exactly as the reference does: a syntax or number error,
// a duplicate key, a -0 (the integer 0 to nlohmann), an unexpected field or type, a shape that
// the builders refuse, a duplicate id. read_json_scene then reads the text again with the
// reference, which gives the answer, or the error message that names the place. So the fast path
// never decides what a file means, only how fast a good one loads.
#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <string_view>
#include <vector>

#include "scene_io/json_fast_reader.hpp"
#include "scene_io/json_shapes_splitter.hpp"
#include "scene_io/piece_pipeline.hpp"
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
  parts,
  id,
  kind,
  z,
  tags,
  field_count
};
constexpr std::string_view field_names[field_count] = {
    "at",        "a",        "b",        "center", "min", "max",  "size", "radius", "angle",
    "angle_deg", "rotation", "vertices", "parts",  "id",  "kind", "z",    "tags"};

constexpr unsigned bit(Field field) {
  return 1u << field;
}
constexpr unsigned common = bit(id) | bit(kind) | bit(z) | bit(tags);
// What a group's part may not have: an entry's own fields, and parts of its own.
constexpr unsigned not_in_parts = bit(id) | bit(z) | bit(tags) | bit(parts);

// The fields a kind requires, and those it accepts beside them and the common ones.
struct KindFields {
  unsigned required;
  unsigned optional;
};

KindFields field_bits_of_kind(ShapeKind shape_kind) {
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
    case ShapeKind::rounded_polygon:
      return {bit(vertices) | bit(radius), 0};
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

// One shape's fields as read, before they are checked against its kind; for a group, its parts'
// values and marks (build_entry's).
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
  std::vector<double> part_values;
  std::vector<PartMark> part_marks;
};

void read_raw_parts(od::value value, RawShape& raw);

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
    // Any count: a simple polygon has as many vertices as it likes (a convex polygon with too
    // many is refused by its builder, and left to the reference reader for the message).
    for (auto vertex : value.get_array()) {
      const Vec2<double> v = pair(vertex.value());
      raw.vertices.insert(raw.vertices.end(), {v.x, v.y});
    }
  } else if (field == parts) {
    read_raw_parts(value, raw);
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
    case ShapeKind::rounded_polygon:
      values.push_back(raw.numbers[0]);
      break;
  }
  values.insert(values.end(), raw.vertices.begin(), raw.vertices.end());
}

// An object's members into raw; a duplicate key (nlohmann keeps the last) or a forbidden one
// gives up.
void read_members(od::value object, RawShape& raw, unsigned forbidden) {
  for (auto member : object.get_object()) {
    od::field field = field_of_member(std::move(member));
    const Field which = field_of(field);
    if ((raw.seen | forbidden) & bit(which)) give_up();
    raw.seen |= bit(which);
    read_field(which, field.value(), raw);
  }
}

// Whether the fields seen are those of a kind, with at most one rotation.
bool fields_fit(unsigned seen, KindFields fields, unsigned also_allowed) {
  const unsigned rotations = seen & (bit(angle) | bit(angle_deg) | bit(rotation));
  return (seen & fields.required) == fields.required &&
         (seen & ~(fields.required | fields.optional | also_allowed)) == 0 &&
         (rotations & (rotations - 1)) == 0;
}

// A group's parts: objects of a shape kind's fields and "kind", their values one after the other.
void read_raw_parts(od::value value, RawShape& raw) {
  thread_local RawShape part;
  for (auto element : value.get_array()) {
    part.seen = 0;
    part.vertices.clear();
    read_members(element.value(), part, not_in_parts);
    const auto part_kind = shape_kind_from_name(part.kind);
    if ((part.seen & bit(kind)) == 0 || !part_kind ||
        !fields_fit(part.seen, field_bits_of_kind(*part_kind), bit(kind))) {
      give_up();
    }
    raw.part_marks.push_back({*part_kind, raw.part_values.size()});
    kind_values(*part_kind, part, raw.part_values);
  }
}

// One element of the shapes array, built (the builders' checks) and checked for the Scene.
ReadShape read_shape(od::value element, RawShape& raw, std::vector<double>& values) {
  raw.seen = 0;
  raw.z = 0;
  raw.vertices.clear();
  raw.tags.clear();
  raw.part_values.clear();
  raw.part_marks.clear();
  read_members(element, raw, 0);
  const auto file_kind = file_kind_from_name(raw.kind);
  if ((raw.seen & bit(id)) == 0 || raw.id.empty() || !file_kind) give_up();
  const KindFields fields =
      file_kind->group ? KindFields{bit(parts), 0} : field_bits_of_kind(file_kind->values);
  if (!fields_fit(raw.seen, fields, common)) give_up();
  values.clear();
  if (!file_kind->group) kind_values(file_kind->values, raw, values);
  const Built<EntryShape> shape = file_kind->group
                                      ? build_entry(*file_kind, raw.part_values, raw.part_marks)
                                      : build_entry(*file_kind, values);
  if (!shape) give_up();
  return ReadShape(shape.value());
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

// A piece of the shapes array, "[" + elements + "]", and what parsing it gave. The ids and tags are
// copied into `names`: simdjson's strings live in its parser, which the next piece reuses.
struct ElementsPiece {
  struct Element {
    std::uint32_t id_begin, id_size;
    std::int32_t z;
    std::uint32_t first_tag, tag_count;
    ReadShape shape;
  };

  std::string text;
  bool last = false;    // the last piece: the header is read after it
  double fraction = 0;  // of the text read once this piece was
  std::vector<Element> elements;
  std::string names;                    // ids and tags, end to end
  std::vector<std::uint32_t> tag_ends;  // a tag's begin is the previous end
  std::vector<std::uint32_t> tag_begins;
  bool gave_up = false;
  std::exception_ptr failure;  // anything else (no memory)

  void clear() {
    text.clear();
    last = gave_up = false;
    elements.clear();
    names.clear();
    tag_begins.clear();
    tag_ends.clear();
    failure = nullptr;
  }
  std::uint32_t keep(std::string_view name) {
    const auto begin = static_cast<std::uint32_t>(names.size());
    names.append(name);
    return begin;
  }
};

// Whether the object that closes at text[close] is an element of an array nested in an element
// of "shapes" (a group's parts), found by walking back over it and its earlier siblings to the
// array's '['. text starts at an element of "shapes" (after its '[' or a cut), so reaching its
// start means the object is such an element. Strings are not followed and the walk stops after
// 4 KiB, so it may be wrong, but only safely: a cut kept inside an element makes pieces simdjson
// refuses, and a cut refused only makes a longer piece.
bool inside_nested_array(std::string_view text, std::size_t close) {
  const auto is_space = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  const std::size_t stop = close > 4096 ? close - 4096 : 0;
  std::size_t at = close;
  while (true) {
    // Back to the '{' that opens the object closing at text[at].
    int depth = 0;
    for (; at > stop; --at) {
      const char c = text[at];
      depth += c == '}' || c == ']' ? 1 : c == '{' || c == '[' ? -1 : 0;
      if (depth == 0) break;
    }
    if (at <= stop || text[at] != '{') return false;
    while (at > stop && is_space(text[at - 1]))
      --at;
    if (at <= stop) return false;
    if (text[at - 1] == '[') return true;
    if (text[at - 1] != ',') return false;
    --at;
    while (at > stop && is_space(text[at - 1]))
      --at;
    if (at <= stop || text[at - 1] != '}') return false;
    --at;  // the previous sibling's '}'
  }
}

// Where the piece that starts at text[0] (just after the shapes array's '[' or a comma between
// its elements) should end: at the first comma from `from` that stands between a '}' and a '{'
// (spaces aside), the one place an element can end and the next begin. npos if the text read so
// far has none, or ends before the '{' could be seen. The cut is found without following strings
// and depth: a comma inside a string, or between objects nested in an element, makes pieces that
// are not JSON (an unclosed string, unbalanced brackets), which simdjson refuses, so that a wrong
// cut only sends the file to the reference reader.
std::size_t cut_after(std::string_view text, std::size_t from) {
  const auto is_space = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  for (std::size_t comma = text.find(',', from); comma != std::string_view::npos;
       comma = text.find(',', comma + 1)) {
    std::size_t before = comma;
    while (before > 0 && is_space(text[before - 1]))
      --before;
    if (before == 0 || text[before - 1] != '}' || inside_nested_array(text, before - 1)) continue;
    std::size_t after = comma + 1;
    while (after < text.size() && is_space(text[after]))
      ++after;
    if (after == text.size()) return std::string_view::npos;  // read more, and look again here
    if (text[after] == '{') return comma;
  }
  return std::string_view::npos;
}

// The fast reader's side of the pipeline (piece_pipeline.hpp): the text is cut into pieces of
// whole elements of the shapes array, which both threads parse and check; the calling thread
// hands the shapes to the sink in order, and reads the header (the text around the array) last.
class JsonPieces {
 public:
  using Piece = ElementsPiece;
  JsonPieces(const TextSource& more, SceneSink& sink, const ReadProgress& progress,
             const std::function<double()>& fraction_read, std::size_t piece_bytes)
      : more_(more),
        sink_(sink),
        progress_(progress),
        fraction_read_(fraction_read),
        piece_bytes_(piece_bytes) {}

  Filled fill(Piece& piece, std::size_t number) {
    piece.clear();
    try {
      if (number == 0) read_header_start();
      const bool last = !cut_piece(piece);
      piece.fraction = fraction_read_ ? fraction_read_() : 0;
      return last ? Filled::last_piece : Filled::piece;
    } catch (const GiveUp&) {
      piece.gave_up = true;
    } catch (...) {
      piece.failure = std::current_exception();
    }
    return Filled::last_piece;
  }

  void parse(Piece& piece) {
    if (piece.gave_up || piece.failure) return;
    try {
      parse_elements(piece);
    } catch (const GiveUp&) {
      piece.gave_up = true;
    } catch (const simdjson::simdjson_error&) {
      piece.gave_up = true;
    } catch (...) {
      piece.failure = std::current_exception();
    }
  }

  void hand_over(const Piece& piece) {
    if (piece.failure) std::rethrow_exception(piece.failure);
    if (piece.gave_up) give_up();
    // Only the whole array may be empty (simdjson refuses "[,]" and "[{...},]" already; a piece
    // cut before a '{' is never empty).
    if (piece.elements.empty() && (!piece.last || handed_ != 0)) give_up();
    for (std::size_t i = 0; i < piece.elements.size(); ++i) {
      if (i + prefetch_distance < piece.elements.size()) {
        const Piece::Element& later = piece.elements[i + prefetch_distance];
        sink_.expect(name(piece, later.id_begin, later.id_size));
      }
      const Piece::Element& element = piece.elements[i];
      tags_.clear();
      for (std::uint32_t t = element.first_tag; t < element.first_tag + element.tag_count; ++t) {
        tags_.push_back(name(piece, piece.tag_begins[t], piece.tag_ends[t] - piece.tag_begins[t]));
      }
      const std::string_view id = name(piece, element.id_begin, element.id_size);
      if (!sink_.add(element.shape.record(id, element.z, tags_))) {
        give_up();
      }
    }
    ++handed_;
    if (piece.last) read_header();
    if (progress_) progress_(piece.fraction);
  }

 private:
  static std::string_view name(const Piece& piece, std::uint32_t begin, std::uint32_t size) {
    return std::string_view(piece.names).substr(begin, size);
  }

  // Reads up to the shapes array's '[' (the header's first part); gives up without one.
  void read_header_start() {
    std::size_t scanned = 0;
    while (splitter_.part() == ShapesSplitter::Part::header) {
      if (scanned == buffer_.size() && !(more_text_ = more_(buffer_))) give_up();
      scanned = splitter_.scan(buffer_, scanned);
    }
    header_.assign(buffer_, 0, scanned + 1);  // up to the '['
    buffer_.erase(0, scanned + 1);
  }

  // The next piece from buffer_: true, or false for the last one (the array's end found).
  bool cut_piece(Piece& piece) {
    std::size_t from = piece_bytes_;
    while (true) {
      const std::size_t cut = buffer_.size() > from ? cut_after(buffer_, from) : std::string::npos;
      if (cut != std::string::npos) {
        take(piece, cut);
        buffer_.erase(0, cut + 1);
        return true;
      }
      // Look again at the end, where a comma may wait for its '{' (a cut missed only makes a
      // longer piece).
      if (buffer_.size() > from) from = std::max(from, buffer_.size() - 64);
      if (!more_text_ || !(more_text_ = more_(buffer_))) break;
    }
    // The last elements: follow the text exactly from here (depth 2, outside any string, as
    // after every cut) to the array's ']'.
    const std::size_t end = splitter_.scan(buffer_, 0);
    if (splitter_.part() != ShapesSplitter::Part::after) give_up();
    piece.last = true;
    take(piece, end);
    header_.append(buffer_, end);  // from the ']' on
    return false;
  }

  void take(Piece& piece, std::size_t size) const {
    piece.text.reserve(size + 2 + json_padding);
    piece.text.assign("[");
    piece.text.append(buffer_, 0, size);
    piece.text.push_back(']');
  }

  void parse_elements(Piece& piece) {
    thread_local od::parser parser;
    thread_local RawShape raw;
    thread_local std::vector<double> values;
    od::document document = iterate(parser, piece.text);
    for (auto element : document.get_array()) {
      const ReadShape shape = read_shape(element.value(), raw, values);
      const auto first_tag = static_cast<std::uint32_t>(piece.tag_ends.size());
      for (const std::string_view tag : raw.tags) {
        piece.tag_begins.push_back(piece.keep(tag));
        piece.tag_ends.push_back(static_cast<std::uint32_t>(piece.names.size()));
      }
      piece.elements.push_back({piece.keep(raw.id), static_cast<std::uint32_t>(raw.id.size()),
                                raw.z, first_tag, static_cast<std::uint32_t>(raw.tags.size()),
                                shape});
    }
    const char* rest = nullptr;
    if (document.current_location().get(rest) == simdjson::SUCCESS) give_up();
  }

  void read_header() {
    od::parser parser;
    od::document document = iterate(parser, header_);
    tools::read_header(document);
  }

  static od::document iterate(od::parser& parser, std::string& text) {
    const std::size_t size = text.size();
    text.reserve(size + json_padding);
    return parser.iterate(simdjson::padded_string_view(text.data(), size, text.capacity()));
  }

  const TextSource& more_;
  SceneSink& sink_;
  const ReadProgress& progress_;
  const std::function<double()>& fraction_read_;
  const std::size_t piece_bytes_;
  // The filling thread's (under the pipeline's lock).
  ShapesSplitter splitter_;
  std::string buffer_;  // text read and not yet cut into pieces
  bool more_text_ = true;
  std::string header_;  // the text around the shapes array, "[" and "]" for it
  // The calling thread's.
  std::size_t handed_ = 0;
  std::vector<std::string_view> tags_;
};

}  // namespace

bool read_json_scene_fast(const TextSource& more, SceneSink& sink, const ReadProgress& progress,
                          const std::function<double()>& fraction_read,
                          const JsonReadOptions& options) {
  try {
    JsonPieces pieces(more, sink, progress, fraction_read, options.piece_bytes);
    PiecePipeline<JsonPieces>(pieces).run(options.threads);
    return true;
  } catch (const simdjson::simdjson_error&) {
    return false;
  } catch (const GiveUp&) {
    return false;
  }
}

}  // namespace collide2d::tools
