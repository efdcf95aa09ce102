// scene_io/csv_plain_line.hpp - private: the shape lines that writers produce, read in one pass.
//
// A plain line is what `collide2d gen` and write_csv_scene write: an id of printable ASCII
// without spaces, a kind name, an empty or integer z, no tags, and numbers as -?digits(.digits)?
// with nothing around them. read_plain_line reads such a line in one pass over its bytes, where
// the general reader (LineReader::parse, csv_lines.hpp) splits it into fields, trims them and
// checks the id's UTF-8 first, about twice the work. It gives exactly what LineReader::parse
// gives (the same numbers, by the same two conversions; the same builder), and it declines,
// returning false, on anything else, a bad line included: the general reader then reads the line
// and gives its answer or its message.
#pragma once

#include <charconv>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>
#include <vector>

#include "scene_io/csv_lines.hpp"
#include "scene_io/number_text.hpp"
#include "scene_io/shape_values.hpp"

namespace collide2d::tools::csv {

// The number in [at, end) up to the next ',' or end, advancing at past it (and past the comma);
// false, for the general reader, unless it is -?digits(.digits)?. The value is parse_number's:
// Clinger's exact path when it applies (parse_plain_decimal's test), else std::from_chars.
inline bool read_plain_number(const char*& at, const char* end, double& out) {
  static constexpr double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                      1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const char* const first = at;
  const bool negative = at != end && *at == '-';
  at += negative ? 1 : 0;
  std::uint64_t mantissa = 0;
  const char* const digits_start = at;
  while (at != end && static_cast<unsigned>(*at - '0') < 10)
    mantissa = 10 * mantissa + static_cast<unsigned>(*at++ - '0');
  std::ptrdiff_t digits = at - digits_start;
  std::ptrdiff_t decimals = 0;
  if (digits == 0) return false;
  if (at != end && *at == '.') {
    const char* const point = ++at;
    while (at != end && static_cast<unsigned>(*at - '0') < 10)
      mantissa = 10 * mantissa + static_cast<unsigned>(*at++ - '0');
    decimals = at - point;
    if (decimals == 0) return false;
    digits += decimals;
  }
  if (at != end && *at != ',') return false;
  const char* const last = at;
  if (at != end) ++at;  // the comma
  // The mantissa may have wrapped past 19 digits: then it is not used.
  if (digits <= 19 && decimals <= 22 && mantissa <= (std::uint64_t(1) << 53)) {
    const double value = static_cast<double>(mantissa) / powers[decimals];
    out = negative ? -value : value;
    return true;
  }
  const auto result = std::from_chars(first, last, out);
  return result.ec == std::errc() && result.ptr == last;
}

// The field in [at, end) up to the next ',' (which must be there), advancing past the comma.
inline bool read_plain_field(const char*& at, const char* end, std::string_view& out) {
  const char* const first = at;
  while (at != end && *at != ',')
    ++at;
  if (at == end) return false;
  out = std::string_view(first, static_cast<std::size_t>(at - first));
  ++at;
  return true;
}

// Printable ASCII but space: such an id needs no trimming and is valid UTF-8.
inline bool is_plain_id(std::string_view id) {
  if (id.empty()) return false;
  for (const char c : id) {
    if (c <= ' ' || c > '~') return false;
  }
  return true;
}

// z as the general reader takes it, when it is empty or -?digits within 32 bits.
inline bool read_plain_z(std::string_view text, std::int32_t& z) {
  const char* first = text.data();
  const char* last = first + text.size();
  if (first == last) {
    z = 0;
    return true;
  }
  if (last - first > 11) return false;
  std::int64_t value = 0;
  const auto result = std::from_chars(first, last, value);
  if (result.ec != std::errc() || result.ptr != last || value < INT32_MIN || value > INT32_MAX ||
      (value == 0 && *first == '-')) {
    return false;  // "-0" reads as 0 anyway, but leave the odd cases to the general reader
  }
  z = static_cast<std::int32_t>(value);
  return true;
}

// file_kind_from_name, with the names' lengths known: it measures every name in turn.
inline std::optional<FileKind> plain_kind(std::string_view name) {
  static constexpr ShapeKind kinds[] = {
      ShapeKind::point, ShapeKind::segment, ShapeKind::circle,  ShapeKind::capsule,
      ShapeKind::aabb,  ShapeKind::obb,     ShapeKind::polygon, ShapeKind::rounded_polygon};
  static_assert(std::size(kinds) == shape_kind_count, "every kind is listed");
  static const std::string_view names[] = {shape_kind_name(kinds[0]), shape_kind_name(kinds[1]),
                                           shape_kind_name(kinds[2]), shape_kind_name(kinds[3]),
                                           shape_kind_name(kinds[4]), shape_kind_name(kinds[5]),
                                           shape_kind_name(kinds[6]), shape_kind_name(kinds[7])};
  for (std::size_t k = 0; k < std::size(kinds); ++k) {
    if (names[k] == name) return FileKind{kinds[k]};
  }
  return file_kind_from_name(name);  // a simple polygon, a group or no kind: measured again
}

// A group's part kind at `at` (a letter there: a number never starts with one), advancing past
// its comma: true when there is one, marked in parts; false, leaving at, when a number is there.
// A kind that is no part's, or at the end of the line, is left to the general reader (declined).
inline bool read_plain_part(const char*& at, const char* end, std::size_t values,
                            std::vector<PartMark>& parts, bool& declined) {
  if (at == end || *at < 'a' || *at > 'z') return false;
  std::string_view name;
  const auto kind = read_plain_field(at, end, name) ? shape_kind_from_name(name) : std::nullopt;
  if (!kind) {
    declined = true;
    return false;
  }
  parts.push_back({*kind, values});
  return true;
}

// One plain shape line into out (and no tags); false for the general reader to read it.
inline bool read_plain_line(std::string_view line, LineScratch& scratch, ParsedLine& out) {
  std::vector<double>& values = scratch.values;
  const char* at = line.data();
  const char* const end = at + line.size();
  std::string_view id, kind_name, z_text, tags;
  if (!read_plain_field(at, end, id) || !read_plain_field(at, end, kind_name) ||
      !read_plain_field(at, end, z_text) || !read_plain_field(at, end, tags)) {
    return false;
  }
  if (!tags.empty() || !is_plain_id(id) || !read_plain_z(z_text, out.z)) return false;
  const auto kind = plain_kind(kind_name);
  if (!kind) return false;
  values.clear();
  scratch.parts.clear();
  while (true) {
    bool declined = false;
    if (kind->group && read_plain_part(at, end, values.size(), scratch.parts, declined)) continue;
    // A group's values begin with a kind: anything else goes to the general reader's message.
    if (declined || (kind->group && scratch.parts.empty())) return false;
    double value = 0;
    if (!read_plain_number(at, end, value)) return false;
    values.push_back(value);
    if (at == end) break;
  }
  if (line.back() == ',') return false;  // an empty last field
  const Built<EntryShape> shape = build_entry(*kind, values, scratch.parts);
  if (!shape) return false;
  out.id = id;
  out.shape = shape.value();
  return true;
}

}  // namespace collide2d::tools::csv
