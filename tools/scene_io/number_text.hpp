// scene_io/number_text.hpp - doubles as text and back, exactly: the shortest text that reads back
// as the same double (std::to_chars), so that a scene written and read again is bit-identical.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
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

// Clinger's fast path, for the common "-123.45": a decimal of at most 2^53 as an integer, with at
// most 22 digits after the point, is that integer (exact in a double) divided by a power of ten
// (exact too), and one IEEE division rounds the quotient correctly, which is the correctly rounded
// value of the text, as std::from_chars gives. False, for from_chars to decide, on anything else.
inline bool parse_plain_decimal(const char* first, const char* last, double& out) {
  static constexpr double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                      1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const bool negative = first != last && *first == '-';
  const char* at = first + (negative ? 1 : 0);
  std::uint64_t mantissa = 0;
  int digits = 0;
  int decimals = -1;  // digits after the point, once there is one
  for (; at != last; ++at) {
    if (*at >= '0' && *at <= '9') {
      if (++digits > 19) return false;
      mantissa = 10 * mantissa + static_cast<std::uint64_t>(*at - '0');
      if (decimals >= 0) ++decimals;
    } else if (*at == '.' && decimals < 0 && digits > 0) {
      decimals = 0;
    } else {
      return false;
    }
  }
  if (digits == 0 || decimals == 0 || decimals > 22 || mantissa > (std::uint64_t(1) << 53)) {
    return false;
  }
  const double value = static_cast<double>(mantissa) / powers[decimals < 0 ? 0 : decimals];
  out = negative ? -value : value;
  return true;
}

// The whole of text as a double ("nan" and "inf" included: the shape builders reject them with
// a reason); std::nullopt when text is not a number.
inline std::optional<double> parse_number(std::string_view text) {
  double value = 0;
  const char* first = text.data();
  const char* last = first + text.size();
  if (first != last && *first == '+') ++first;  // from_chars refuses a leading '+'
  if (parse_plain_decimal(first, last, value)) return value;
  const auto result = std::from_chars(first, last, value);
  if (result.ec != std::errc() || result.ptr != last || first == last) return std::nullopt;
  return value;
}

}  // namespace collide2d::tools
