// Private: one Obb seen from another's frame, where the viewing box is [-h, h] x [-h, h]: its
// faces are coordinate lines there, so the distance and manifold of two boxes (box_distance.hpp,
// box_manifold.hpp) need no general polygon machinery and no rebuilt vertex arrays (issue 16).
//
// Round-off: the other box's centre is taken relative to the viewer's centre before it is rotated,
// so boxes far from the origin keep their precision, as the cores of convex_core.hpp do.
#pragma once

#include <algorithm>

#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::detail {

template <class T>
struct BoxView {
  Vec2<T> center;  // the other box's centre
  Vec2<T> ux;      // its unit x axis
  Vec2<T> uy;      // its unit y axis
  Vec2<T> half;    // its half extents
};

template <class T>
BoxView<T> view_from(const Obb<T>& viewer, const Obb<T>& other) {
  const Vec2<T> ux = inverse_rotate(viewer.rotation, other.rotation.x_axis());
  return {inverse_rotate(viewer.rotation, other.center - viewer.center), ux, perp(ux),
          other.half_extents};
}

// Corners counter-clockwise from the local (-x, -y) one, as box_core orders them: corner k starts
// edge k, whose outward normal is -uy, ux, uy, -ux for k = 0..3.
template <class T>
void box_corners(const BoxView<T>& box, Vec2<T> out[4]) {
  const Vec2<T> ax = box.half.x * box.ux;
  const Vec2<T> ay = box.half.y * box.uy;
  out[0] = box.center - ax - ay;
  out[1] = box.center + ax - ay;
  out[2] = box.center + ax + ay;
  out[3] = box.center - ax + ay;
}

template <class T>
Vec2<T> box_edge_normal(const BoxView<T>& box, int k) {
  const Vec2<T> normals[4] = {-box.uy, box.ux, box.uy, -box.ux};
  return normals[k];
}

// The point of [-h, h] x [-h, h] nearest p. min and max, not std::clamp, so that an invalid box
// (a negative extent) still gets a defined answer.
template <class T>
Vec2<T> clamp_to_box(Vec2<T> p, Vec2<T> h) {
  return {std::min(std::max(p.x, -h.x), h.x), std::min(std::max(p.y, -h.y), h.y)};
}

// From the viewer's frame back to the world.
template <class T>
Vec2<T> to_world(const Obb<T>& viewer, Vec2<T> local) {
  return viewer.center + rotate(viewer.rotation, local);
}

}  // namespace collide2d::detail
