// Private: which numbers a valid shape may hold, and how to say why one may not.
//
// Finite, and not subnormal: a nonzero |x| below the smallest normal number (1.2e-38 in float,
// 2.2e-308 in double) carries a few bits at most, and products with it underflow to 0, which can
// turn an orientation test's sign (a convex hull would drop a true vertex). A subnormal input is
// almost always an accident; round it to 0.
#pragma once

#include <cmath>
#include <limits>
#include <string>

#include "collide2d/math.hpp"
#include "detail/format.hpp"

namespace collide2d::detail {

template <class T>
bool is_subnormal(T v) {
  return v != T(0) && std::abs(v) < std::numeric_limits<T>::min();
}

template <class T>
bool is_usable(T v) {
  return std::isfinite(v) && !is_subnormal(v);
}

template <class T>
bool is_usable(Vec2<T> p) {
  return is_usable(p.x) && is_usable(p.y);
}

// "" when usable, else " is not finite" or " has a subnormal coordinate (...)".
template <class T>
std::string unusable_reason(Vec2<T> p) {
  if (!is_finite(p)) return " is not finite";
  if (!is_usable(p)) {
    return " has a subnormal coordinate (|x| < " + format_number(std::numeric_limits<T>::min()) +
           "): round it to 0";
  }
  return {};
}

}  // namespace collide2d::detail
