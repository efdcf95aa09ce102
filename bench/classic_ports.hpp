// The classic algorithms that articles and answers give for these queries, written from their
// textbook descriptions as baselines (they are not collide2d's code).
//
//   obb_overlap_by_vertices   project the four corners of both boxes onto the four edge normals
//                             and compare the intervals (the form most tutorials give)
//   obb_overlap_by_radii      the projection-radius form (Gottschalk et al., OBBTree, 1996;
//                             Ericson, Real-Time Collision Detection, 4.4.1), world axes, no frame
//   ray_aabb_slab             the slab test with an epsilon for parallel rays (Ericson 5.3.3)
//   ray_obb_slab              the same slab test in the box's frame (the ray rotated into it)
//   circle_obb_clamp          clamp the circle's centre into the box in its frame (Ericson 5.2.5)
//   obb_contains_corners      four-corner containment: every corner of the inner box within the
//                             outer box's half extents in its frame
//   polygon_contains_points   every vertex of the inner shape on the inner side of every edge of
//                             the outer polygon (cross products)
#pragma once

#include <algorithm>
#include <cmath>

#include "collide2d/shapes.hpp"

namespace classic {

using collide2d::Aabb;
using collide2d::Circle;
using collide2d::ConvexPolygon;
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

inline bool ray_obb_slab(const Ray<float>& ray, const Obb<float>& box, float& t_enter) {
  const Vec2<float> x = box.rotation.x_axis();
  const Vec2<float> y = box.rotation.y_axis();
  const Vec2<float> offset = ray.origin - box.center;
  const Ray<float> local{
      {dot(offset, x), dot(offset, y)}, {dot(ray.direction, x), dot(ray.direction, y)}, ray.max_t};
  return ray_aabb_slab(local, Aabb<float>{-box.half_extents, box.half_extents}, t_enter);
}

inline bool circle_obb_clamp(const Circle<float>& circle, const Obb<float>& box) {
  const Vec2<float> offset = circle.center - box.center;
  const float x = dot(offset, box.rotation.x_axis());
  const float y = dot(offset, box.rotation.y_axis());
  const float dx = x - std::clamp(x, -box.half_extents.x, box.half_extents.x);
  const float dy = y - std::clamp(y, -box.half_extents.y, box.half_extents.y);
  return dx * dx + dy * dy <= circle.radius * circle.radius;
}

inline bool point_in_obb(Vec2<float> p, const Obb<float>& box) {
  const Vec2<float> offset = p - box.center;
  return std::abs(dot(offset, box.rotation.x_axis())) <= box.half_extents.x &&
         std::abs(dot(offset, box.rotation.y_axis())) <= box.half_extents.y;
}

inline bool obb_contains_corners(const Obb<float>& outer, const Obb<float>& inner) {
  Vec2<float> c[4];
  corners(inner, c);
  for (const Vec2<float>& p : c) {
    if (!point_in_obb(p, outer)) return false;
  }
  return true;
}

inline bool obb_contains_points(const Obb<float>& outer, const ConvexPolygon<float>& inner) {
  for (int i = 0; i < inner.count; ++i) {
    if (!point_in_obb(inner.vertices[i], outer)) return false;
  }
  return true;
}

inline bool polygon_contains_points(const ConvexPolygon<float>& outer, const Vec2<float>* points,
                                    int count) {
  for (int j = 0; j < count; ++j) {
    for (int i = 0; i < outer.count; ++i) {
      const Vec2<float> a = outer.vertices[i];
      const Vec2<float> b = outer.vertices[i + 1 < outer.count ? i + 1 : 0];
      if (cross(b - a, points[j] - a) < 0) return false;
    }
  }
  return true;
}

inline bool polygon_contains_corners(const ConvexPolygon<float>& outer, const Obb<float>& inner) {
  Vec2<float> c[4];
  corners(inner, c);
  return polygon_contains_points(outer, c, 4);
}

}  // namespace classic
