// Private: what makes a ConvexPolygon's outline valid, as fault finders that build no string.
// validation_error (src/validation.cpp) turns a fault into its message; the fast check of a
// valid shape (scene_input_fine, detail/shape_checks.hpp) only asks whether there is one, so that
// a valid polygon costs no message-building (a string per vertex, half of a polygon's check when
// a saved scene loads). One definition for both: they cannot disagree.
#pragma once

#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"
#include "detail/predicates.hpp"

namespace collide2d::detail {

// The first reason an outline is not strictly convex and counter-clockwise, with the vertices it
// concerns; kind none when it is.
struct ConvexFault {
  enum Kind { none, same_point, collinear, clockwise, winds_around } kind = none;
  int i = 0, j = 0, k = 0;
};

// Strict convexity, counter-clockwise: every vertex lies strictly inside every edge it is not on.
// This also rejects duplicates, collinear runs and polygons that wind around twice. The checks in
// this order, so that the fault named is the simplest one.
template <class T>
ConvexFault convex_ccw_fault(const Vec2<T>* v, int n) {
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      if (v[i] == v[j]) return {ConvexFault::same_point, i, j, 0};
    }
  }
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    const int k = (i + 2) % n;
    const T turn = cross(v[j] - v[i], v[k] - v[j]);
    if (turn == T(0)) return {ConvexFault::collinear, i, j, k};
    if (turn < T(0)) return {ConvexFault::clockwise, i, j, k};
  }
  for (int i = 0; i < n; ++i) {
    const Vec2<T> e = edge(v, n, i);
    for (int m = 2; m < n; ++m) {
      const int j = (i + m) % n;
      if (!(cross(e, v[j] - v[i]) > T(0))) return {ConvexFault::winds_around, i, j, 0};
    }
  }
  return {};
}

// Whether convex_ccw_fault finds no fault: the same verdict by the same arithmetic on the same
// differences, for the fast check of a valid polygon (scene_input_fine). Cheaper in two ways: the
// vertices are doubled so that no index wraps (the modulo was an integer division per test, most
// of a polygon's check), and there is no search for repeated points, which the third test finds
// anyway: a point repeated next to itself makes an edge zero, one repeated further on lies on an
// edge it is not on, and either gives a cross product of 0 or NaN there, never > 0.
// tests/scene/test_scene_input_check.cpp holds the two to the same verdict.
template <class T>
bool convex_ccw_ok(const Vec2<T>* v, int n) {
  if (n < 3 || n > max_polygon_vertices) return convex_ccw_fault(v, n).kind == ConvexFault::none;
  Vec2<T> w[2 * max_polygon_vertices];
  for (int i = 0; i < n; ++i)
    w[i] = w[i + n] = v[i];
  for (int i = 0; i < n; ++i) {
    // convex_ccw_fault's turn: a NaN turn is no fault there either.
    if (cross(w[i + 1] - w[i], w[i + 2] - w[i + 1]) <= T(0)) return false;
  }
  for (int i = 0; i < n; ++i) {
    const Vec2<T> e = w[i + 1] - w[i];  // edge(v, n, i)
    for (int m = 2; m < n; ++m) {
      if (!(cross(e, w[i + m] - w[i]) > T(0))) return false;
    }
  }
  return true;
}

// The unit outward normal of edge i as validation expects it.
template <class T>
Vec2<T> expected_normal(const ConvexPolygon<T>& p, int i) {
  const Vec2<T> e = edge(p.vertices, p.count, i);
  return normalize(Vec2<T>{e.y, -e.x});
}

// The first normal that is not its edge's unit outward normal (within rotation_tolerance), or -1.
template <class T>
int bad_normal(const ConvexPolygon<T>& p) {
  for (int i = 0; i < p.count; ++i) {
    if (!(distance_squared(expected_normal(p, i), p.normals[i]) <= rotation_tolerance<T>())) {
      return i;
    }
  }
  return -1;
}

}  // namespace collide2d::detail
