// Private: GJK distance between two convex sets given by support functions.
//
// Works on the Minkowski difference M = B - A, whose point closest to the origin is the closest
// pair. A simplex of up to three support points of M is kept; each iteration reduces it to the
// feature closest to the origin (solve2, solve3: Voronoi regions by barycentric coordinates, as in
// Box2D's b2Simplex), then adds the support point of M towards the origin:
//
//   simplex = { support_B(d0) - support_A(-d0) }
//   loop at most max_iterations:
//     reduce simplex to the face closest to the origin; v = closest point
//     if the simplex is a triangle: the origin is inside, the sets overlap
//     w = support_B(-v) - support_A(v)
//     stop if w is already in the simplex, or |v|^2 - v.w <= tiny |v|^2 (no progress)
//     add w
//
// The closest points come from the barycentric coordinates applied to the A and B points of the
// simplex. Any type with `Vec2<T> support(Vec2<T> direction) const` and a first vertex
// `vertices[0]` works (a template over support functions, like Jolt's GJK).
#pragma once

#include <limits>

#include "collide2d/math.hpp"

namespace collide2d::detail {

template <class T>
struct GjkResult {
  T distance;
  Vec2<T> point_a;
  Vec2<T> point_b;
  int iterations;
  bool overlap;  // the origin was enclosed: the sets share a point (point_a == point_b is one)
};

template <class T>
struct SimplexVertex {
  Vec2<T> wa;  // support point of A
  Vec2<T> wb;  // support point of B
  Vec2<T> w;   // wb - wa
  T a;         // barycentric coordinate
};

template <class T>
struct Simplex {
  SimplexVertex<T> v[3];
  int count;

  Vec2<T> closest_point() const {
    Vec2<T> p{T(0), T(0)};
    for (int i = 0; i < count; ++i)
      p += v[i].a * v[i].w;
    return p;
  }
  void witness_points(Vec2<T>& pa, Vec2<T>& pb) const {
    pa = {T(0), T(0)};
    pb = {T(0), T(0)};
    for (int i = 0; i < count; ++i) {
      pa += v[i].a * v[i].wa;
      pb += v[i].a * v[i].wb;
    }
  }

  // The closest point of the segment w1 w2 to the origin, by the signs of the (unnormalised)
  // barycentric coordinates d12_1 = w2.e12 and d12_2 = -w1.e12.
  void solve2() {
    const Vec2<T> w1 = v[0].w;
    const Vec2<T> w2 = v[1].w;
    const Vec2<T> e12 = w2 - w1;
    const T d12_2 = -dot(w1, e12);
    if (d12_2 <= T(0)) {
      v[0].a = T(1);
      count = 1;
      return;
    }
    const T d12_1 = dot(w2, e12);
    if (d12_1 <= T(0)) {
      v[0] = v[1];
      v[0].a = T(1);
      count = 1;
      return;
    }
    const T inv = T(1) / (d12_1 + d12_2);
    v[0].a = d12_1 * inv;
    v[1].a = d12_2 * inv;
    count = 2;
  }

  // The closest feature of the triangle w1 w2 w3: a vertex, an edge, or the interior (origin
  // enclosed). Edge and interior regions are told apart by the signed areas d123_i.
  void solve3() {
    const Vec2<T> w1 = v[0].w;
    const Vec2<T> w2 = v[1].w;
    const Vec2<T> w3 = v[2].w;
    const Vec2<T> e12 = w2 - w1;
    const T d12_1 = dot(w2, e12);
    const T d12_2 = -dot(w1, e12);
    const Vec2<T> e13 = w3 - w1;
    const T d13_1 = dot(w3, e13);
    const T d13_2 = -dot(w1, e13);
    const Vec2<T> e23 = w3 - w2;
    const T d23_1 = dot(w3, e23);
    const T d23_2 = -dot(w2, e23);
    const T n123 = cross(e12, e13);
    const T d123_1 = n123 * cross(w2, w3);
    const T d123_2 = n123 * cross(w3, w1);
    const T d123_3 = n123 * cross(w1, w2);

    if (d12_2 <= T(0) && d13_2 <= T(0)) {
      keep_vertex(0);
    } else if (d12_1 > T(0) && d12_2 > T(0) && d123_3 <= T(0)) {
      keep_edge(0, 1, d12_1, d12_2);
    } else if (d13_1 > T(0) && d13_2 > T(0) && d123_2 <= T(0)) {
      keep_edge(0, 2, d13_1, d13_2);
    } else if (d12_1 <= T(0) && d23_2 <= T(0)) {
      keep_vertex(1);
    } else if (d13_1 <= T(0) && d23_1 <= T(0)) {
      keep_vertex(2);
    } else if (d23_1 > T(0) && d23_2 > T(0) && d123_1 <= T(0)) {
      keep_edge(1, 2, d23_1, d23_2);
    } else {
      const T inv = T(1) / (d123_1 + d123_2 + d123_3);
      v[0].a = d123_1 * inv;
      v[1].a = d123_2 * inv;
      v[2].a = d123_3 * inv;
      count = 3;
    }
  }

 private:
  void keep_vertex(int i) {
    v[0] = v[i];
    v[0].a = T(1);
    count = 1;
  }
  // Keeps the edge v[i] v[j]; d_i weighs v[i] (it is the coordinate measured from v[j]).
  void keep_edge(int i, int j, T d_i, T d_j) {
    const T inv = T(1) / (d_i + d_j);
    const SimplexVertex<T> vi = v[i];
    const SimplexVertex<T> vj = v[j];
    v[0] = vi;
    v[1] = vj;
    v[0].a = d_i * inv;
    v[1].a = d_j * inv;
    count = 2;
  }
};

inline constexpr int gjk_max_iterations = 32;

template <class T, class ShapeA, class ShapeB>
GjkResult<T> gjk_distance(const ShapeA& a, const ShapeB& b) {
  Simplex<T> simplex{};
  const auto make_vertex = [&](Vec2<T> direction_to_origin) {
    SimplexVertex<T> vertex;
    vertex.wa = a.support(-direction_to_origin);
    vertex.wb = b.support(direction_to_origin);
    vertex.w = vertex.wb - vertex.wa;
    vertex.a = T(1);
    return vertex;
  };
  simplex.v[0].wa = a.vertices[0];
  simplex.v[0].wb = b.vertices[0];
  simplex.v[0].w = b.vertices[0] - a.vertices[0];
  simplex.v[0].a = T(1);
  simplex.count = 1;

  GjkResult<T> result{};
  int iteration = 0;
  while (true) {
    // The simplex before solving: a support point equal to any of these, even one the solve drops,
    // means the iteration would cycle (Box2D's b2Distance checks the same saved set).
    SimplexVertex<T> saved[3];
    const int saved_count = simplex.count;
    for (int i = 0; i < saved_count; ++i)
      saved[i] = simplex.v[i];

    if (simplex.count == 2) simplex.solve2();
    if (simplex.count == 3) simplex.solve3();
    if (simplex.count == 3) {
      result.overlap = true;
      break;
    }
    const Vec2<T> v = simplex.closest_point();
    const T vv = length_squared(v);
    if (!(vv > T(0))) {  // the origin lies on the simplex (or the input held NaN): touching
      result.overlap = vv == T(0);
      break;
    }
    if (iteration == gjk_max_iterations) break;  // the simplex is solved: its answer stands
    ++iteration;
    const SimplexVertex<T> w = make_vertex(-v);
    bool repeated = false;
    for (int i = 0; i < saved_count; ++i) {
      repeated = repeated || (saved[i].wa == w.wa && saved[i].wb == w.wb);
    }
    // Progress test: the new support point must bring the lower bound v.w / |v| closer to |v|.
    const T progress = vv - dot(v, w.w);
    if (repeated || progress <= T(64) * std::numeric_limits<T>::epsilon() * vv) break;
    simplex.v[simplex.count++] = w;
  }
  simplex.witness_points(result.point_a, result.point_b);
  result.distance = result.overlap ? T(0) : length(result.point_b - result.point_a);
  if (result.overlap) result.point_b = result.point_a;
  result.iterations = iteration;
  return result;
}

}  // namespace collide2d::detail
