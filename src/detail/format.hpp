// Private: numbers and points in error messages, with enough digits to tell values apart.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "collide2d/math.hpp"

namespace collide2d::detail {

// The shortest %g form that reads back as the same value (0.6, not 0.59999999999999998), so that
// a message shows the number the user wrote. -0 prints as 0: a sign on zero only confuses a reader
// of an error message. (std::to_chars would do this, but emscripten's libc++ 13 lacks it for
// floating point.)
template <class T>
std::string format_number(T value) {
  if (value == T(0)) value = T(0);
  char buffer[40];
  const int most = sizeof(T) == sizeof(float) ? 9 : 17;
  for (int digits = sizeof(T) == sizeof(float) ? 6 : 15; digits <= most; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, static_cast<double>(value));
    if (digits == most || value != value || static_cast<T>(std::strtod(buffer, nullptr)) == value)
      break;
  }
  return buffer;
}

template <class T>
std::string format_point(Vec2<T> p) {
  return "(" + format_number(p.x) + ", " + format_number(p.y) + ")";
}

}  // namespace collide2d::detail
