// Private: overlaps_interior(Segment, Obb) for the lasso's edges (lasso_region.hpp), by the very
// arithmetic of the library's function (containment/interior.cpp), without building the cores.
//
// overlaps_interior(segment, box) puts the segment first (kind order), builds both as cores around
// the segment's first end (convex/convex_core.hpp: box_core's corners, segment_core's ends) and
// answers "no edge line of either core has every vertex of the other on its outer side or on it"
// (weakly_separated), each side by the sign of a cross product in T. The same expressions in the
// same order round the same way (the library and this header are compiled with
// -ffp-contract=off), so the answers are the same bit for bit; a box of zero extent, a segment of
// zero length and a box whose rounded corners repeat (which the core would drop) take the general
// function. About 208 instructions a call where the general one, with its two cores, took about
// 457 (callgrind, 1% contains row of scripts/bench-callgrind.sh lasso: 5,880 calls a query); a
// third of the 208 is the corners and the test for repeated ones, before any sign test.
#pragma once

#include "collide2d/interior.hpp"
#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::detail {

template <class T>
bool segment_obb_interiors_meet(const Segment<T>& s, const Obb<T>& b) {
  const Vec2<T> h = b.half_extents;
  const Vec2<T> origin = s.a;
  const Vec2<T> p0 = s.a - origin, p1 = s.b - origin;
  if (!(h.x > T(0) && h.y > T(0)) || p0 == p1) return overlaps_interior(s, b);
  const Vec2<T> centre = b.center - origin;
  const Vec2<T> ax = rotate(b.rotation, Vec2<T>{h.x, T(0)});
  const Vec2<T> ay = rotate(b.rotation, Vec2<T>{T(0), h.y});
  const Vec2<T> v[4] = {centre - ax - ay, centre + ax - ay, centre + ax + ay, centre - ax + ay};
  auto same = [](Vec2<T> p, Vec2<T> q) { return p.x == q.x && p.y == q.y; };
  if (same(v[3], v[0]) || same(v[0], v[1]) || same(v[1], v[2]) || same(v[2], v[3])) {
    return overlaps_interior(s, b);
  }
  // The segment's two edge lines (p0 -> p1 and p1 -> p0): some corner strictly on the inner side
  // of each (each line is done with at its first such corner, and the answer at its first line
  // with none: the order of the tests does not change their values).
  const Vec2<T> e = p1 - p0, back = p0 - p1;
  auto some_corner_left = [&](Vec2<T> d, Vec2<T> from) {
    for (int j = 0; j < 4; ++j)
      if (cross(d, v[j] - from) > T(0)) return true;
    return false;
  };
  if (!some_corner_left(e, p0) || !some_corner_left(back, p1)) return false;
  // The box's four edge lines: some end of the segment strictly on the inner side of each.
  for (int i = 0; i < 4; ++i) {
    const Vec2<T> f = v[i + 1 < 4 ? i + 1 : 0] - v[i];
    if (!(cross(f, p0 - v[i]) > T(0) || cross(f, p1 - v[i]) > T(0))) return false;
  }
  return true;
}

}  // namespace collide2d::detail
