// shape_cast for every pair: conservative advancement on the core distance (see shape_cast.hpp).
//
//   t = 0; v = motion_b - motion_a                      (A's frame: only B moves)
//   loop at most 64 times:
//     gap, n = distance and unit normal of A and B(t) = B + t v
//     if gap <= tolerance: contact at t
//     speed = -dot(v, n)                                 (how fast the gap closes along n)
//     if speed <= 0: no contact                          (a convex gap that stops shrinking)
//     t += gap / speed; if t > max_time: no contact
//
// With stop_at_penetration == false a contact found at t = 0 is kept only if dot(v, n) < 0.
#include <cmath>
#include <limits>
#include <string>

#include "collide2d/errors.hpp"
#include "collide2d/shape_cast.hpp"
#include "convex/convex_core.hpp"
#include "convex/core_distance.hpp"
#include "convex/core_penetration.hpp"
#include "detail/format.hpp"
#include "detail/instantiate_pairs.hpp"
#include "detail/instantiate_rounded.hpp"

namespace collide2d {

namespace {

using detail::ConvexCore;

constexpr int max_cast_iterations = 64;

template <class T>
ConvexCore<T> moved(const ConvexCore<T>& core, Vec2<T> offset) {
  ConvexCore<T> out = core;
  for (int i = 0; i < out.count; ++i)
    out.vertices[i] += offset;
  return out;
}

// The size against which "touching" is judged: coordinates, radii and the motion.
template <class T>
T cast_scale(const ConvexCore<T>& a, const ConvexCore<T>& b, Vec2<T> v) {
  T scale = std::max({T(1), a.radius + b.radius, std::abs(v.x), std::abs(v.y)});
  for (const ConvexCore<T>* core : {&a, &b}) {
    for (int i = 0; i < core->count; ++i) {
      scale = std::max({scale, std::abs(core->vertices[i].x), std::abs(core->vertices[i].y)});
    }
  }
  return scale;
}

template <class T>
CastHit<T> contact_at(const ConvexCore<T>& a, const ConvexCore<T>& b_now,
                      const detail::CoreDistance<T>& core, T t, int iterations) {
  Vec2<T> n;
  if (core.distance > T(0)) {
    n = detail::apart_normal(a, b_now, core);
  } else {
    const auto overlap = detail::core_penetration(a, b_now);
    n = overlap ? overlap->penetration.normal : Vec2<T>{T(0), T(1)};
  }
  const Vec2<T> surface_a = core.on_a + a.radius * n;
  const Vec2<T> surface_b = core.on_b - b_now.radius * n;
  return {t, n, T(0.5) * (surface_a + surface_b), iterations};
}

// Beyond t = 1 B has moved t |v| away: positions, and so the distance's rounding, grow with t.
template <class T>
T cast_tolerance(T base_scale, Vec2<T> v, T t) {
  const T scale =
      t <= T(1) ? base_scale : std::max(base_scale, t * std::max(std::abs(v.x), std::abs(v.y)));
  return T(64) * std::numeric_limits<T>::epsilon() * scale;
}

template <class T>
std::optional<CastHit<T>> cast_cores(const ConvexCore<T>& a, const ConvexCore<T>& b, Vec2<T> v,
                                     const CastOptions<T>& options) {
  if (!is_finite(v)) return std::nullopt;
  const T radii = a.radius + b.radius;
  const T scale = cast_scale(a, b, v);
  T t = T(0);
  for (int iteration = 1; iteration <= max_cast_iterations; ++iteration) {
    const ConvexCore<T> b_now = moved(b, t * v);
    const detail::CoreDistance<T> core = detail::core_distance(a, b_now);
    const T gap = core.distance - radii;
    if (gap <= cast_tolerance(scale, v, t)) {
      CastHit<T> hit = contact_at(a, b_now, core, t, iteration);
      // An initial contact that the motion does not deepen is ignored; convexity leaves no later
      // first touch (shape_cast.hpp).
      if (t == T(0) && !options.stop_at_penetration && !(dot(v, hit.normal) < T(0)))
        return std::nullopt;
      return hit;
    }
    if (!(core.distance > T(0))) return std::nullopt;  // NaN input
    // A sliding (grazing) approach closes the gap at a speed far below |v|: a normal from the
    // closest points of a vertex and a face, off by rounding, could turn it negative and report
    // a miss; the face's own normal is exact there.
    const Vec2<T> n = detail::apart_normal(a, b_now, core);
    const T speed = -dot(v, n);
    if (!(speed > T(0))) return std::nullopt;
    t += gap / speed;
    if (!(t <= options.max_time) || !std::isfinite(t)) return std::nullopt;
  }
  // Still approaching after the step budget (a grazing approach): the gap is positive at t, so
  // report the last safe time as the contact rather than claim a miss.
  const ConvexCore<T> b_now = moved(b, t * v);
  return contact_at(a, b_now, detail::core_distance(a, b_now), t, max_cast_iterations);
}

template <class T>
void check_options(const CastOptions<T>& options) {
  if (!(options.max_time >= T(0))) {
    throw InvalidQuery("shape_cast: max_time must be >= 0 (+infinity for an unbounded cast), got " +
                       detail::format_number(options.max_time));
  }
}

}  // namespace

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>)
    std::optional<CastHit<scalar_of<A>>> shape_cast(const A& a, Vec2<scalar_of<A>> motion_a,
                                                    const B& b, Vec2<scalar_of<A>> motion_b,
                                                    const CastOptions<scalar_of<A>>& options) {
  check_options(options);
  const auto pair = detail::make_core_pair(a, b);
  auto hit = cast_cores(pair.a, pair.b, motion_b - motion_a, options);
  if (hit) hit->point += pair.origin + hit->t * motion_a;
  return hit;
}

template <class A, class B>
requires(is_shape_v<A>&& is_shape_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>)
    std::optional<CastHit<scalar_of<A>>> shape_cast(const A& a, Vec2<scalar_of<A>> motion_a,
                                                    const B& b, Vec2<scalar_of<A>> motion_b) {
  return shape_cast(a, motion_a, b, motion_b, CastOptions<scalar_of<A>>{});
}

#define COLLIDE2D_INSTANTIATE_SHAPE_CAST(A, B)                                           \
  template std::optional<CastHit<scalar_of<A>>> shape_cast<A, B>(                        \
      const A& a, Vec2<scalar_of<A>> motion_a, const B& b, Vec2<scalar_of<A>> motion_b); \
  template std::optional<CastHit<scalar_of<A>>> shape_cast<A, B>(                        \
      const A& a, Vec2<scalar_of<A>> motion_a, const B& b, Vec2<scalar_of<A>> motion_b,  \
      const CastOptions<scalar_of<A>>& options);
COLLIDE2D_INSTANTIATE_ALL_PAIRS(COLLIDE2D_INSTANTIATE_SHAPE_CAST)
COLLIDE2D_INSTANTIATE_ROUNDED_PAIRS(COLLIDE2D_INSTANTIATE_SHAPE_CAST)

}  // namespace collide2d
