// raycast and raycast_lean of a RoundedPolygon (collide2d/rounded.hpp): the line's span through
// the shape is the union of its spans through the discs at the core's vertices and the rectangles
// outside its edges, which cover the shape's boundary band (the core inside them adds no entry or
// exit). Radius 0 is the polygon's own raycast.
#include <cmath>
#include <optional>

#include "collide2d/rounded.hpp"
#include "raycast/line_spans.hpp"

namespace collide2d {

namespace {

using detail::LineSpan;

template <class T>
LineSpan<T> rounded_span(const Ray<T>& ray, const RoundedPolygon<T>& shape) {
  const int n = detail::vertex_count(shape.core);
  const Vec2<T>* v = shape.core.vertices;
  const T r = shape.radius;
  LineSpan<T> result = LineSpan<T>::empty();
  const auto add = [&result](const LineSpan<T>& part) {
    if (!part.hit()) return;
    if (part.t0 < result.t0) {
      result.t0 = part.t0;
      result.normal = part.normal;
    }
    if (part.t1 > result.t1) result.t1 = part.t1;
  };
  for (int i = 0; i < n; ++i) {
    add(detail::circle_span(ray.origin, ray.direction, v[i], r));
    const Vec2<T> e = detail::edge(v, n, i);
    const T length = collide2d::length(e);
    if (!(length > T(0))) continue;
    const Vec2<T> u = (T(1) / length) * e;
    // The rectangle's centre: the edge's midpoint moved out by r / 2 along the outward normal.
    const Vec2<T> out{u.y, -u.x};
    const Obb<T> band{
        v[i] + T(0.5) * e + (T(0.5) * r) * out, {T(0.5) * length, T(0.5) * r}, {u.x, u.y}};
    add(detail::obb_span(ray, band));
  }
  return result;
}

// The front shared with raycast.cpp's shapes: a ray that is not finite misses; a zero direction
// is the point at the origin.
template <class T>
bool ray_is_usable(const Ray<T>& ray) {
  return is_finite(ray.origin) && is_finite(ray.direction) && !std::isnan(ray.max_t);
}

template <class T>
bool is_point_ray(const Ray<T>& ray) {
  return ray.direction.x == T(0) && ray.direction.y == T(0);
}

template <class T>
bool origin_hits(const Ray<T>& ray, const RoundedPolygon<T>& shape) {
  return ray.max_t >= T(0) && overlaps(ray.origin, shape);
}

}  // namespace

template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const RoundedPolygon<T>& shape) {
  if (shape.radius == T(0)) return raycast(ray, shape.core);
  if (!ray_is_usable(ray)) return std::nullopt;
  if (is_point_ray(ray)) {
    if (!origin_hits(ray, shape)) return std::nullopt;
    return RayHit<T>{T(0), T(0), ray.origin, ray.origin, {T(0), T(0)}, true, true};
  }
  return detail::clip_to_ray(ray, rounded_span(ray, shape));
}

template <class T>
std::optional<RayHitLean<T>> raycast_lean(const Ray<T>& ray, const RoundedPolygon<T>& shape) {
  if (shape.radius == T(0)) return raycast_lean(ray, shape.core);
  if (!ray_is_usable(ray)) return std::nullopt;
  if (is_point_ray(ray)) {
    if (!origin_hits(ray, shape)) return std::nullopt;
    return RayHitLean<T>{T(0), {T(0), T(0)}};
  }
  return detail::clip_entry(ray, rounded_span(ray, shape));
}

template std::optional<RayHit<float>> raycast(const Ray<float>&, const RoundedPolygon<float>&);
template std::optional<RayHit<double>> raycast(const Ray<double>&, const RoundedPolygon<double>&);
template std::optional<RayHitLean<float>> raycast_lean(const Ray<float>&,
                                                       const RoundedPolygon<float>&);
template std::optional<RayHitLean<double>> raycast_lean(const Ray<double>&,
                                                        const RoundedPolygon<double>&);

}  // namespace collide2d
