// Rotated boxes from and to the detection libraries' forms (box_formats.hpp). Every convention is
// reduced to the library's own frame by two exact steps - y negated for y_down, the angle negated
// for cw - so no conversion rounds anything but the angle's cosine and sine.
#include "collide2d/box_formats.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "detail/format.hpp"
#include "detail/number_checks.hpp"

namespace collide2d {

namespace {

// The given corners as points of the library's frame (y negated for y_down: exact).
template <class T>
void quad_points(const T xy[8], Frame frame, Vec2<T> p[4]) {
  for (int i = 0; i < 4; ++i)
    p[i] = {xy[2 * i], frame == Frame::y_down ? -xy[2 * i + 1] : xy[2 * i + 1]};
}

template <class T>
std::string quad_text(const T xy[8]) {
  std::string s = "quadrilateral (";
  for (int i = 0; i < 8; ++i)
    s += (i ? ", " : "") + detail::format_number(xy[i]);
  return s + ")";
}

// Why the corners cannot be a quadrilateral with area, or "".
template <class T>
std::string quad_error(const T xy[8], const Vec2<T> p[4], T& twice_area) {
  for (int i = 0; i < 4; ++i) {
    const Vec2<T> given{xy[2 * i], xy[2 * i + 1]};
    const std::string reason = detail::unusable_reason(given);
    if (!reason.empty()) {
      return quad_text(xy) + ": corner " + std::to_string(i + 1) + " " +
             detail::format_point(given) + reason;
    }
  }
  // Around corner 1, so that a quadrilateral far from the origin keeps its digits.
  twice_area = cross(p[1] - p[0], p[2] - p[0]) + cross(p[2] - p[0], p[3] - p[0]);
  if (!(twice_area != T(0)) || !std::isfinite(twice_area)) {
    return quad_text(xy) + " has no area (signed area " + detail::format_number(twice_area / 2) +
           ")";
  }
  return {};
}

}  // namespace

template <class T>
Rot<T> rotation_of(T angle, AngleUnit unit) {
  if (unit == AngleUnit::degrees) {
    const T turn = std::fmod(angle, T(360));  // exact
    if (std::fmod(turn, T(90)) == T(0)) {
      static constexpr int rotations[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
      const int k = ((static_cast<int>(turn / T(90)) % 4) + 4) % 4;
      return Rot<T>{T(rotations[k][0]), T(rotations[k][1])};
    }
    return Rot<T>::from_angle(degrees_to_radians(angle));
  }
  return Rot<T>::from_angle(angle);
}

template <class T>
Built<Obb<T>> make_obb_from(T cx, T cy, T w, T h, T angle, BoxConvention convention) {
  // The centre and the angle are checked as given: once negated, a message would name values
  // the caller never wrote.
  const std::string reason = detail::unusable_reason(Vec2<T>{cx, cy});
  if (!reason.empty()) {
    return Built<Obb<T>>::failure("centre " + detail::format_point(Vec2<T>{cx, cy}) + reason);
  }
  if (!std::isfinite(angle)) {
    return Built<Obb<T>>::failure("angle is " + detail::format_number(angle) + ", must be finite");
  }
  const T ccw = convention.winding == Winding::cw ? -angle : angle;
  const T y = convention.frame == Frame::y_down ? -cy : cy;
  return make_obb(Vec2<T>{cx, y}, w, h, rotation_of(ccw, convention.unit));
}

template <class T>
Cxcywha<T> to_cxcywha(const Obb<T>& box, BoxConvention convention) {
  const Rot<T> q = box.rotation;
  T angle = q.angle();
  if (convention.unit == AngleUnit::degrees) {
    // The exact quarter turns rotation_of builds, back to their exact angles.
    if (q.s == T(0) && q.c == T(1)) {
      angle = T(0);
    } else if (q.s == T(0) && q.c == T(-1)) {
      angle = T(180);
    } else if (q.c == T(0) && (q.s == T(1) || q.s == T(-1))) {
      angle = q.s * T(90);
    } else {
      angle = angle * (T(180) / pi<T>);
    }
  }
  if (convention.winding == Winding::cw) angle = -angle;
  const T cy = convention.frame == Frame::y_down ? -box.center.y : box.center.y;
  // + 0 turns a -0 from a negation into 0 (exact otherwise): -0 only puzzles a reader.
  return {box.center.x, cy + T(0), T(2) * box.half_extents.x, T(2) * box.half_extents.y,
          angle + T(0)};
}

template <class T>
Built<Obb<T>> make_obb_from_quad(const T xy[8], Frame frame, T tolerance) {
  Vec2<T> p[4];
  quad_points(xy, frame, p);
  T twice_area = T(0);
  std::string error = quad_error(xy, p, twice_area);
  if (!error.empty()) return Built<Obb<T>>::failure(std::move(error));
  // A parallelogram has p2 - p1 = p3 - p4 and p4 - p1 = p3 - p2 in either winding; the sums
  // average the two estimates of each side. For a rectangle on integer coordinates with sides
  // along the axes every step is exact.
  const Vec2<T> along = (p[1] - p[0]) + (p[2] - p[3]);
  const Vec2<T> across = (p[3] - p[0]) + (p[2] - p[1]);
  const Vec2<T> centre = T(0.25) * ((p[0] + p[2]) + (p[1] + p[3]));
  const Vec2<T> axis = normalize(along);
  const Rot<T> rotation{axis.x, axis.y};
  // The height is measured across the width axis, whichever way the corners run.
  const T width = length(along) / T(2);
  const T height = std::abs(cross(rotation.x_axis(), across)) / T(2);
  Built<Obb<T>> box = make_obb(centre, width, height, rotation);
  if (!box) return Built<Obb<T>>::failure(quad_text(xy) + ": " + box.error());
  Vec2<T> fitted[4];
  corners(box.value(), fitted);
  T scale = std::max(width, height);
  for (const Vec2<T>& v : p)
    scale = std::max({scale, std::abs(v.x), std::abs(v.y)});
  for (int i = 0; i < 4; ++i) {
    T nearest = std::numeric_limits<T>::infinity();
    for (const Vec2<T>& f : fitted)
      nearest = std::min(nearest, std::max(std::abs(f.x - p[i].x), std::abs(f.y - p[i].y)));
    if (!(nearest <= tolerance * scale)) {
      return Built<Obb<T>>::failure(
          quad_text(xy) + " is not a rectangle: corner " + std::to_string(i + 1) + " (" +
          detail::format_number(xy[2 * i]) + ", " + detail::format_number(xy[2 * i + 1]) + ") is " +
          detail::format_number(nearest) +
          " from the nearest corner of the rectangle fitted to it (allowed " +
          detail::format_number(tolerance * scale) +
          "); make_polygon_from_quad takes any convex quadrilateral");
    }
  }
  return box;
}

template <class T>
Built<ConvexPolygon<T>> make_polygon_from_quad(const T xy[8], Frame frame) {
  Vec2<T> p[4];
  quad_points(xy, frame, p);
  T twice_area = T(0);
  std::string error = quad_error(xy, p, twice_area);
  if (!error.empty()) return Built<ConvexPolygon<T>>::failure(std::move(error));
  if (twice_area < T(0)) std::swap(p[1], p[3]);  // clockwise in the library's frame: reversed
  Built<ConvexPolygon<T>> polygon = make_polygon(p, 4);
  if (!polygon) return Built<ConvexPolygon<T>>::failure(quad_text(xy) + ": " + polygon.error());
  return polygon;
}

template <class T>
std::array<T, 8> to_quad(const Obb<T>& box, Frame frame, Winding winding) {
  // corners() runs counter-clockwise in the library's frame from the local (-x, -y) corner, so
  // its first side runs along the width axis. Clockwise (as seen, in either frame) starts at the
  // local (-x, +y) corner and runs along the width axis too.
  Vec2<T> c[4];
  corners(box, c);
  static constexpr int ccw_order[4] = {0, 1, 2, 3};
  static constexpr int cw_order[4] = {3, 2, 1, 0};
  const int* order = winding == Winding::ccw ? ccw_order : cw_order;
  std::array<T, 8> out{};
  for (int i = 0; i < 4; ++i) {
    const Vec2<T> v = c[order[i]];
    out[static_cast<std::size_t>(2 * i)] = v.x;
    out[static_cast<std::size_t>(2 * i + 1)] = (frame == Frame::y_down ? -v.y : v.y) + T(0);
  }
  return out;
}

#define COLLIDE2D_INSTANTIATE_BOX_FORMATS(T)                                  \
  template Rot<T> rotation_of(T, AngleUnit);                                  \
  template Built<Obb<T>> make_obb_from(T, T, T, T, T, BoxConvention);         \
  template Cxcywha<T> to_cxcywha(const Obb<T>&, BoxConvention);               \
  template Built<Obb<T>> make_obb_from_quad(const T[8], Frame, T);            \
  template Built<ConvexPolygon<T>> make_polygon_from_quad(const T[8], Frame); \
  template std::array<T, 8> to_quad(const Obb<T>&, Frame, Winding)

COLLIDE2D_INSTANTIATE_BOX_FORMATS(float);
COLLIDE2D_INSTANTIATE_BOX_FORMATS(double);

}  // namespace collide2d
