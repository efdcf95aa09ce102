// Private: numbers and points in error messages, with enough digits to tell values apart.
#pragma once

#include <cstdio>
#include <string>

#include "collide2d/math.hpp"

namespace collide2d::detail {

// -0 prints as 0: a sign on zero only confuses a reader of an error message.
template <class T>
std::string format_number(T value) {
  if (value == T(0)) value = T(0);
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.*g", sizeof(T) == sizeof(float) ? 9 : 17,
                static_cast<double>(value));
  return buffer;
}

template <class T>
std::string format_point(Vec2<T> p) {
  return "(" + format_number(p.x) + ", " + format_number(p.y) + ")";
}

}  // namespace collide2d::detail
