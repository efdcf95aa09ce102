// The classic algorithms that articles and answers give for these queries, written from their
// textbook descriptions as baselines (they are not collide2d's code).
//
//   obb_overlap_by_vertices   project the four corners of both boxes onto the four edge normals
//                             and compare the intervals (the form most tutorials give)
//   obb_overlap_by_radii      the projection-radius form (Gottschalk et al., OBBTree, 1996;
//                             Ericson, Real-Time Collision Detection, 4.4.1), world axes, no frame
//   ray_aabb_slab             the slab test with an epsilon for parallel rays (Ericson 5.3.3)
#pragma once

#include <algorithm>
#include <cmath>

#include "collide2d/shapes.hpp"

namespace classic {

using collide2d::Aabb;
using collide2d::Obb;
using collide2d::Ray;
using collide2d::Vec2;

inline void corners(const Obb<float>& b, Vec2<float> out[4]) {
  const Vec2<float> ex{b.rotation.c * b.half_extents.x, b.rotation.s * b.half_extents.x};
  const Vec2<float> ey{-b.rotation.s * b.half_extents.y, b.rotation.c * b.half_extents.y};
  out[0] = b.center - ex - ey;
  out[1] = b.center + ex - ey;
  out[2] = b.center + ex + ey;
  out[3] = b.center - ex + ey;
}

inline bool obb_overlap_by_vertices(const Obb<float>& a, const Obb<float>& b) {
  Vec2<float> ca[4];
  Vec2<float> cb[4];
  corners(a, ca);
  corners(b, cb);
  const Vec2<float> axes[4] = {a.rotation.x_axis(), a.rotation.y_axis(), b.rotation.x_axis(),
                               b.rotation.y_axis()};
  for (const Vec2<float>& axis : axes) {
    float min_a = dot(ca[0], axis);
    float max_a = min_a;
    float min_b = dot(cb[0], axis);
    float max_b = min_b;
    for (int i = 1; i < 4; ++i) {
      const float pa = dot(ca[i], axis);
      const float pb = dot(cb[i], axis);
      min_a = std::min(min_a, pa);
      max_a = std::max(max_a, pa);
      min_b = std::min(min_b, pb);
      max_b = std::max(max_b, pb);
    }
    if (max_a < min_b || max_b < min_a) return false;
  }
  return true;
}

inline bool obb_overlap_by_radii(const Obb<float>& a, const Obb<float>& b) {
  const Vec2<float> t = b.center - a.center;
  const Vec2<float> axes[4] = {a.rotation.x_axis(), a.rotation.y_axis(), b.rotation.x_axis(),
                               b.rotation.y_axis()};
  for (const Vec2<float>& l : axes) {
    const float ra =
        a.half_extents.x * std::abs(dot(axes[0], l)) + a.half_extents.y * std::abs(dot(axes[1], l));
    const float rb =
        b.half_extents.x * std::abs(dot(axes[2], l)) + b.half_extents.y * std::abs(dot(axes[3], l));
    if (std::abs(dot(t, l)) > ra + rb) return false;
  }
  return true;
}

inline bool ray_aabb_slab(const Ray<float>& ray, const Aabb<float>& box, float& t_enter) {
  constexpr float epsilon = 1e-8f;
  float t_min = 0.0f;
  float t_max = ray.max_t;
  const float origin[2] = {ray.origin.x, ray.origin.y};
  const float direction[2] = {ray.direction.x, ray.direction.y};
  const float lo[2] = {box.min.x, box.min.y};
  const float hi[2] = {box.max.x, box.max.y};
  for (int i = 0; i < 2; ++i) {
    if (std::abs(direction[i]) < epsilon) {
      if (origin[i] < lo[i] || origin[i] > hi[i]) return false;
    } else {
      const float inv = 1.0f / direction[i];
      float t1 = (lo[i] - origin[i]) * inv;
      float t2 = (hi[i] - origin[i]) * inv;
      if (t1 > t2) std::swap(t1, t2);
      t_min = std::max(t_min, t1);
      t_max = std::min(t_max, t2);
      if (t_min > t_max) return false;
    }
  }
  t_enter = t_min;
  return true;
}

}  // namespace classic
