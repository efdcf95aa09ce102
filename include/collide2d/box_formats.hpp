// collide2d/box_formats.hpp - rotated boxes in the forms detection libraries hand over, with the
// convention named in the call.
//
// A rotated box arrives as five numbers (cx, cy, w, h, angle) or as the eight numbers of its
// corners (x1, y1, ..., x4, y4). The numbers alone do not say which box they mean: the angle may be
// in degrees or radians, the y axis may point up (mathematics) or down (images), and a positive
// angle may turn the box clockwise or counter-clockwise. Reading one convention's numbers in
// another's is a silent error: the box is mirrored, or turned the wrong way, and every IoU computed
// from it is wrong (issue 17 cites two detection-library bug reports that were exactly this sign
// mistake). So every call here names its convention, and the library's own (y up,
// counter-clockwise, radians) is one preset among others.
//
// Winding is what a person sees in the picture of the frame: y up drawn up the page, y down drawn
// down the screen. Mirroring y (y_up <-> y_down) does not change the picture, so a box that looks
// clockwise in one frame looks clockwise in the other. In numbers, with theta the angle in radians:
//
//   frame    winding   the box's width axis, in the frame's own coordinates
//   y_up     ccw       ( cos theta,  sin theta)      (the library's Obb)
//   y_up     cw        ( cos theta, -sin theta)
//   y_down   cw        ( cos theta,  sin theta)      (OpenCV RotatedRect, mmcv)
//   y_down   ccw       ( cos theta, -sin theta)      (detectron2)
//
// Worked example: w = 10, h = 5, centre (0, 0), angle 36.87 degrees (cos 0.8, sin 0.6). The end of
// the width axis, centre + (w / 2) axis, in the frame's own coordinates, and where a viewer sees
// it:
//
//   convention   end of the width axis   seen        the Obb built (y up, ccw)
//   y_up   ccw   (4,  3)                 up-right    rotation ( 0.8,  0.6)
//   y_up   cw    (4, -3)                 down-right  rotation ( 0.8, -0.6)
//   y_down cw    (4,  3)                 down-right  rotation ( 0.8, -0.6), end (4, -3)
//   y_down ccw   (4, -3)                 up-right    rotation ( 0.8,  0.6), end (4,  3)
//
// On an image (y down), the OpenCV box (y_down cw) and the detectron2 box (y_down ccw) with the
// same five numbers are mirror images of each other:
//
//          x: 0       4
//   y = -3            .  detectron2's end (4, -3): up-right on the screen
//   y =  0   c
//   y =  3            .  OpenCV's end (4, 3): down-right on the screen
//
// (the sign mistake). A centre (cx, cy) given in y_down is (cx, -cy) in the
// library's frame.
//
// The presets below name only conventions checked against their libraries' documentation:
//   opencv_rotated_rect  cv::RotatedRect: angle in degrees, "in a clockwise direction", image
//                        coordinates (y down)
//   detectron2           RotatedBoxes (x_center, y_center, width, height, angle): degrees, a
//                        positive angle turns the box counter-clockwise as seen in the image
//                        (y down)
//   mmcv                 mmcv.ops.box_iou_rotated with its default clockwise=True: radians,
//                        y down, positive angles clockwise
// A library's preferred angle range (mmrotate's "le90", OpenCV's [0, 90)) does not matter here:
// every finite angle is accepted, and the same box comes out of any angle that describes it.
#pragma once

#include <array>
#include <cstdint>
#include <limits>

#include "collide2d/builders.hpp"

namespace collide2d {

enum class AngleUnit : std::uint8_t { radians, degrees };
// Which way the frame's y axis points: up (mathematics, this library), or down (image rows).
enum class Frame : std::uint8_t { y_up, y_down };
// Which way a positive angle turns the box, as seen in the frame's picture (see above).
enum class Winding : std::uint8_t { ccw, cw };

struct BoxConvention {
  AngleUnit unit;
  Frame frame;
  Winding winding;
  friend constexpr bool operator==(BoxConvention, BoxConvention) = default;
};

namespace conventions {
inline constexpr BoxConvention collide2d{AngleUnit::radians, Frame::y_up, Winding::ccw};
inline constexpr BoxConvention collide2d_degrees{AngleUnit::degrees, Frame::y_up, Winding::ccw};
inline constexpr BoxConvention opencv_rotated_rect{AngleUnit::degrees, Frame::y_down, Winding::cw};
inline constexpr BoxConvention detectron2{AngleUnit::degrees, Frame::y_down, Winding::ccw};
inline constexpr BoxConvention mmcv{AngleUnit::radians, Frame::y_down, Winding::cw};
}  // namespace conventions

// The rotation of a counter-clockwise angle in `unit`. In degrees, exact multiples of 90 give the
// exact quarter turns ({0, 1} rather than {6e-17, 1}), so boxes turned by them keep integer
// corners; other angles are converted to radians first.
template <class T>
Rot<T> rotation_of(T angle, AngleUnit unit);

// (cx, cy, w, h, angle) as a convention writes it.
template <class T>
struct Cxcywha {
  T cx;
  T cy;
  T w;
  T h;
  T angle;
};

// The box (cx, cy, w, h, angle) of `convention`: centre, full width along the box's width axis,
// full height, and the angle that turns the width axis from the frame's x axis. Fails with the
// value named, as given, for a centre that is not finite (or subnormal), an angle that is not
// finite, a w or h that is negative, not finite or subnormal.
template <class T>
Built<Obb<T>> make_obb_from(T cx, T cy, T w, T h, T angle, BoxConvention convention);

// The inverse: the box's numbers in `convention`, with the angle in (-180, 180] degrees or
// (-pi, pi] radians (or its negation for cw) and the Obb's half extents doubled. Exact quarter
// turns give exact angles (0, 90, 180, -90 degrees). make_obb_from(to_cxcywha(b, c), c)
// is b up to the rounding of the angle, and exactly b for quarter turns in degrees.
template <class T>
Cxcywha<T> to_cxcywha(const Obb<T>& box, BoxConvention convention);

// The 8-number form: corners (x1, y1, x2, y2, x3, y3, x4, y4) in `frame`'s coordinates, in order
// around the box, clockwise or counter-clockwise (DOTA lists them clockwise on the image from the
// top-left one; both are accepted, and the order is taken as given).
//
// make_obb_from_quad: the corners must form a rectangle. The box's width runs from corner 1 to
// corner 2 (its width axis points that way), its height from corner 2 to corner 3. The rectangle
// is fitted to the four corners, and each given corner must lie within tolerance * S of a corner
// of it (S: the largest |coordinate| or side). Anything else (a general quadrilateral, a bow tie,
// a quadrilateral without area, a coordinate that is not finite) fails with a message that names
// it; make_polygon_from_quad takes any convex quadrilateral.
template <class T>
constexpr T quad_tolerance() {
  return T(64) * std::numeric_limits<T>::epsilon();
}

template <class T>
Built<Obb<T>> make_obb_from_quad(const T xy[8], Frame frame, T tolerance = quad_tolerance<T>());

// Any strictly convex quadrilateral in either winding, as a counter-clockwise polygon in the
// library's frame (y mirrored for y_down; the order reversed when the corners run clockwise there).
template <class T>
Built<ConvexPolygon<T>> make_polygon_from_quad(const T xy[8], Frame frame);

// The box's corners in `frame`, listed in `winding` as seen in the picture, starting so that the
// first side runs along the box's width axis: for an unturned box in y_down and cw, the top-left
// corner first, as DOTA lists them. make_obb_from_quad(to_quad(b, f, w).data(), f) is b up to
// rounding.
template <class T>
std::array<T, 8> to_quad(const Obb<T>& box, Frame frame, Winding winding);

}  // namespace collide2d
