// Private: ConvexPolygon and RoundedPolygon seen alike, as a polygon with a radius (0 for a
// ConvexPolygon), for the pair paths that work on the polygons' own vertices before any core is
// built (contact.cpp's polygons_apart, distance/polygon_pair_distance.hpp).
#pragma once

#include <type_traits>

#include "collide2d/rounded.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::detail {

template <class S>
constexpr bool is_polygon_based = std::is_same_v<S, ConvexPolygon<scalar_of<S>>> ||
                                  std::is_same_v<S, RoundedPolygon<scalar_of<S>>>;

template <class T>
const ConvexPolygon<T>& polygon_of(const ConvexPolygon<T>& p) {
  return p;
}
template <class T>
const ConvexPolygon<T>& polygon_of(const RoundedPolygon<T>& p) {
  return p.core;
}
template <class T>
T radius_of(const ConvexPolygon<T>&) {
  return T(0);
}
template <class T>
T radius_of(const RoundedPolygon<T>& p) {
  return p.radius;
}

}  // namespace collide2d::detail
