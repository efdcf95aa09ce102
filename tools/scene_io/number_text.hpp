// scene_io/number_text.hpp - doubles as text and back, exactly: the shortest text that reads back
// as the same double (std::to_chars), so that a scene written and read again is bit-identical.
#pragma once

#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

namespace collide2d::tools {

inline void append_number(std::string& out, double value) {
  // JSON readers take "-0" for the integer 0; "-0.0" keeps the sign.
  if (value == 0 && std::signbit(value)) {
    out += "-0.0";
    return;
  }
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, result.ptr);
}

inline std::string number_text(double value) {
  std::string text;
  append_number(text, value);
  return text;
}

// The whole of text as a double ("nan" and "inf" included: the shape builders reject them with
// a reason); std::nullopt when text is not a number.
inline std::optional<double> parse_number(std::string_view text) {
  double value = 0;
  const char* first = text.data();
  const char* last = first + text.size();
  if (first != last && *first == '+') ++first;  // from_chars refuses a leading '+'
  const auto result = std::from_chars(first, last, value);
  if (result.ec != std::errc() || result.ptr != last || first == last) return std::nullopt;
  return value;
}

}  // namespace collide2d::tools
