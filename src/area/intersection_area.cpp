// area, intersection_area for every supported pair (see area.hpp for the methods).
#include <algorithm>
#include <cmath>
#include <utility>

#include "area/convex_clip.hpp"
#include "area/round_cores_area.hpp"
#include "area/union_parts.hpp"
#include "collide2d/area.hpp"
#include "collide2d/detail/byte_order.hpp"
#include "collide2d/interior.hpp"
#include "collide2d/rounded.hpp"
#include "convex/convex_core.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

using detail::clip_by_side;
using detail::ClipPolygon;
using detail::ConvexCore;
using detail::max_clip_vertices;
using detail::pivot_shoelace;
using detail::shoelace;
using detail::unit_exponent;

// ---- Boxes and polygons: one shape's frame, the other clipped in it ----
//
// The clip works in the frame of one shape (the "frame" shape) and clips the other (the
// "subject") by it. An Obb's frame is its centre and rotation, where its sides are exactly
// x = +-h.x and y = +-h.y whatever its aspect ratio; an Aabb's and a polygon's frame keeps the
// world axes, with its origin at the subject's anchor, so that the subject keeps its precision and
// the frame's sides are one subtraction away from their given coordinates. Points placed on an
// axis-aligned side get that side's coordinate exactly. The frame shape is the larger of the two,
// so that the rounding of the subject's corners (relative to their size and to the distance
// between the shapes) is as small as it can be; equal sizes are ordered by kind, then by bytes,
// so that both argument orders run the same arithmetic and give the same bits.

template <class T>
Vec2<T> clip_point(Vec2<T> p, Vec2<T> q, T sp, T sq) {
  return p + (sp / (sp - sq)) * (q - p);
}

// Keep the part of `subject` with coordinate k (0: x, 1: y) >= bound (keep_above) or <= bound.
// The crossing points get the bound itself as their k coordinate.
template <class T>
ClipPolygon<T> clip_by_axis(const ClipPolygon<T>& subject, int k, T bound, bool keep_above) {
  ClipPolygon<T> out{};
  const auto coordinate = [k](Vec2<T> v) { return k == 0 ? v.x : v.y; };
  for (int i = 0; i < subject.count; ++i) {
    const Vec2<T> p = subject.v[i];
    const Vec2<T> q = subject.v[i + 1 < subject.count ? i + 1 : 0];
    const T sp = keep_above ? coordinate(p) - bound : bound - coordinate(p);
    const T sq = keep_above ? coordinate(q) - bound : bound - coordinate(q);
    if (sp >= T(0) && out.count < max_clip_vertices) out.v[out.count++] = p;
    if (((sp > T(0) && sq < T(0)) || (sp < T(0) && sq > T(0))) && out.count < max_clip_vertices) {
      Vec2<T> m = clip_point(p, q, sp, sq);
      (k == 0 ? m.x : m.y) = bound;
      out.v[out.count++] = m;
    }
  }
  return out;
}

// The subject in a frame (origin o, rotation q): its vertices counter-clockwise.
template <class T>
ClipPolygon<T> subject_in(const Obb<T>& s, Vec2<T> o, Rot<T> q) {
  const Vec2<T> d = inverse_rotate(q, s.center - o);
  const Rot<T> rel{q.c * s.rotation.c + q.s * s.rotation.s,
                   q.c * s.rotation.s - q.s * s.rotation.c};
  const Vec2<T> ax = rotate(rel, Vec2<T>{s.half_extents.x, T(0)});
  const Vec2<T> ay = rotate(rel, Vec2<T>{T(0), s.half_extents.y});
  return {{d - ax - ay, d + ax - ay, d + ax + ay, d - ax + ay}, 4};
}
template <class T>
ClipPolygon<T> subject_in(const Aabb<T>& s, Vec2<T> o, Rot<T> q) {
  return {{inverse_rotate(q, s.min - o), inverse_rotate(q, Vec2<T>{s.max.x, s.min.y} - o),
           inverse_rotate(q, s.max - o), inverse_rotate(q, Vec2<T>{s.min.x, s.max.y} - o)},
          4};
}
template <class T>
ClipPolygon<T> subject_in(const ConvexPolygon<T>& s, Vec2<T> o, Rot<T> q) {
  ClipPolygon<T> out{};
  out.count = detail::vertex_count(s);
  for (int i = 0; i < out.count; ++i)
    out.v[i] = inverse_rotate(q, s.vertices[i] - o);
  return out;
}

// The point around which an axis-aligned frame is set: the subject's anchor.
template <class T>
Vec2<T> subject_anchor(const Obb<T>& s) {
  return s.center;
}
template <class T>
Vec2<T> subject_anchor(const Aabb<T>& s) {
  return s.min;
}
template <class T>
Vec2<T> subject_anchor(const ConvexPolygon<T>& s) {
  return detail::anchor_of(s);
}

template <class T>
ClipPolygon<T> clip_by_box(ClipPolygon<T> p, Vec2<T> lo, Vec2<T> hi) {
  p = clip_by_axis(p, 0, lo.x, true);
  p = clip_by_axis(p, 0, hi.x, false);
  p = clip_by_axis(p, 1, lo.y, true);
  return clip_by_axis(p, 1, hi.y, false);
}

// The subject clipped by the frame shape, in the frame's coordinates; `origin` and `rotation`
// receive the frame (world = origin + rotate(rotation, local)).
template <class S>
ClipPolygon<scalar_of<S>> clip_in_frame(const Obb<scalar_of<S>>& frame, const S& subject,
                                        Vec2<scalar_of<S>>& origin, Rot<scalar_of<S>>& rotation) {
  origin = frame.center;
  rotation = frame.rotation;
  return clip_by_box(subject_in(subject, origin, rotation), -frame.half_extents,
                     frame.half_extents);
}
template <class S>
ClipPolygon<scalar_of<S>> clip_in_frame(const Aabb<scalar_of<S>>& frame, const S& subject,
                                        Vec2<scalar_of<S>>& origin, Rot<scalar_of<S>>& rotation) {
  using T = scalar_of<S>;
  origin = frame.center();
  rotation = Rot<T>::identity();
  return clip_by_box(subject_in(subject, origin, rotation), frame.min - origin, frame.max - origin);
}
template <class S>
ClipPolygon<scalar_of<S>> clip_in_frame(const ConvexPolygon<scalar_of<S>>& frame, const S& subject,
                                        Vec2<scalar_of<S>>& origin, Rot<scalar_of<S>>& rotation) {
  using T = scalar_of<S>;
  origin = subject_anchor(subject);
  rotation = Rot<T>::identity();
  ClipPolygon<T> clipped = subject_in(subject, origin, rotation);
  const int n = detail::vertex_count(frame);
  if (n < 3) return ClipPolygon<T>{};
  for (int i = 0; i < n && clipped.count > 0; ++i) {
    const Vec2<T> v = frame.vertices[i];
    const Vec2<T> w = frame.vertices[i + 1 < n ? i + 1 : 0];
    clipped = clip_by_side(clipped, v - origin, w - origin, w - v);
  }
  return clipped;
}

// What the choice of the frame looks at: a shape's centre, and the longer and shorter sides of
// its bounding box (an Obb's own sides).
template <class T>
struct Extent {
  Vec2<T> centre;
  T longer;
  T shorter;
};

template <class T>
Extent<T> extent_of(const Obb<T>& s) {
  const T w = T(2) * s.half_extents.x;
  const T h = T(2) * s.half_extents.y;
  return {s.center, std::max(w, h), std::min(w, h)};
}
template <class T>
Extent<T> extent_of(const Aabb<T>& s) {
  const T w = s.max.x - s.min.x;
  const T h = s.max.y - s.min.y;
  return {s.center(), std::max(w, h), std::min(w, h)};
}
template <class T>
Extent<T> extent_of(const ConvexPolygon<T>& s) {
  const int n = detail::vertex_count(s);
  if (n == 0) return {Vec2<T>{T(0), T(0)}, T(0), T(0)};
  Vec2<T> lo = s.vertices[0];
  Vec2<T> hi = s.vertices[0];
  for (int i = 1; i < n; ++i) {
    lo = {std::min(lo.x, s.vertices[i].x), std::min(lo.y, s.vertices[i].y)};
    hi = {std::max(hi.x, s.vertices[i].x), std::max(hi.y, s.vertices[i].y)};
  }
  const T w = hi.x - lo.x;
  const T h = hi.y - lo.y;
  return {T(0.5) * (lo + hi), std::max(w, h), std::min(w, h)};
}

template <class S>
constexpr int clip_kind_rank() {
  using T = scalar_of<S>;
  return std::is_same_v<S, Aabb<T>> ? 0 : std::is_same_v<S, Obb<T>> ? 1 : 2;
}

// The bytes compared when two shapes of one kind have the same size (memcmp's order, a total
// order even with NaN): a polygon's vertices, then its count.
template <class T>
bool shape_bytes_greater(const Aabb<T>& a, const Aabb<T>& b) {
  return detail::bytes_greater(a, b);
}
template <class T>
bool shape_bytes_greater(const Obb<T>& a, const Obb<T>& b) {
  return detail::bytes_greater(a, b);
}
template <class T>
bool shape_bytes_greater(const ConvexPolygon<T>& a, const ConvexPolygon<T>& b) {
  if (detail::bytes_greater(a.vertices, b.vertices)) return true;
  if (detail::bytes_greater(b.vertices, a.vertices)) return false;
  return a.count > b.count;
}

// Whether `a` is the frame shape of the pair (else b is): the same answer for (a, b) and (b, a)
// unless a and b are the same bytes, where either choice is the same arithmetic.
template <class A, class B>
bool is_frame(const A& a, const B& b) {
  using T = scalar_of<A>;
  const Extent<T> ea = extent_of(a);
  const Extent<T> eb = extent_of(b);
  const Vec2<T> gap = eb.centre - ea.centre;
  const T d = std::abs(gap.x) + std::abs(gap.y);
  // The subject's corners are off by about eps (d + its longer side); the frame's sides are
  // exact. Against the width w of the intersection that is a relative error of about
  // eps (d + longer) / w, where w is the subject's shorter side when the subject is the thinner
  // shape (its long sides bound the intersection), and otherwise the frame's length or the
  // subject's width, whichever is less (the subject's sides then only cut the frame's ends). The
  // shape whose relative error as the subject would be larger is the frame:
  //   a is the frame when (d + longer_a) / w_a > (d + longer_b) / w_b.
  const T w_a = ea.shorter <= eb.shorter ? ea.shorter : std::min(eb.longer, ea.shorter);
  const T w_b = eb.shorter <= ea.shorter ? eb.shorter : std::min(ea.longer, eb.shorter);
  const T score_a = (d + ea.longer) * w_b;
  const T score_b = (d + eb.longer) * w_a;
  if (score_a > score_b) return true;
  if (score_b > score_a) return false;
  if (ea.longer > eb.longer) return true;
  if (eb.longer > ea.longer) return false;
  if constexpr (clip_kind_rank<A>() != clip_kind_rank<B>()) {
    return clip_kind_rank<A>() > clip_kind_rank<B>();
  } else {
    return shape_bytes_greater(a, b);
  }
}

// The intersection of two boxes or polygons as a polygon in one of their frames.
template <class T>
struct FramedClip {
  ClipPolygon<T> polygon;
  Vec2<T> origin;
  Rot<T> rotation;
};

template <class A, class B>
FramedClip<scalar_of<A>> framed_clip(const A& a, const B& b) {
  FramedClip<scalar_of<A>> out{};
  out.polygon = is_frame(a, b) ? clip_in_frame(a, b, out.origin, out.rotation)
                               : clip_in_frame(b, a, out.origin, out.rotation);
  return out;
}

template <class T>
T circle_core_area(const ConvexCore<T>& circle, const ConvexCore<T>& polygon) {
  return detail::disc_polygon_area(circle.vertices[0], circle.radius, polygon.vertices,
                                   polygon.count);
}

// u - sin(u) for u in [0, 2 pi], without the cancellation of the difference for small u: below 1
// its Taylor series u^3/3! - u^5/5! + ... (to u^19, whose remainder is below 1e-17 relative).
template <class T>
T angle_less_sine(T u) {
  if (u >= T(1)) return u - std::sin(u);
  // 1/3!, 1/5!, ..., 1/19!: Horner in u^2 with alternating signs.
  static constexpr double inverse_factorials[] = {
      1.0 / 6.0,          1.0 / 120.0,          1.0 / 5040.0,
      1.0 / 362880.0,     1.0 / 39916800.0,     1.0 / 6227020800.0,
      1.0 / 1307674368e3, 1.0 / 355687428096e3, 1.0 / 121645100408832e3};
  const T u2 = u * u;
  T series = T(0);
  for (int k = 8; k >= 0; --k)
    series = T(inverse_factorials[k]) - u2 * series;
  return u * u2 * series;
}

// The lens of two circles, radii r1 <= r2 and centre distance d: two circular segments cut by
// the common chord. With x1, x2 the signed distances from each centre to the chord along the centre
// line (x1 + x2 = d) and h the half chord (Heron's form of the kite's area, exact in its factors),
// each segment subtends u_i = 2 atan2(h, x_i) and has area r_i^2 (u_i - sin u_i) / 2.
//   x1 = ((d - r2)(d + r2) + r1^2) / (2 d)      x2 = ((d - r1)(d + r1) + r2^2) / (2 d)
// atan2 keeps the angle accurate where acos(x / r) near 1 loses half the digits (near tangency),
// and u - sin u is summed as a series for small u, so a sliver lens keeps its relative accuracy.
// The radii are put in a canonical order so that both argument orders give the same bits.
template <class T>
T circles_area(T r1, T r2, T d) {
  if (!(d < r1 + r2)) return T(0);  // apart or touching (or NaN input)
  if (r1 > r2) std::swap(r1, r2);
  const int e = unit_exponent(r2);
  r1 = std::ldexp(r1, -e);
  r2 = std::ldexp(r2, -e);
  d = std::ldexp(d, -e);
  if (d <= r2 - r1) return std::ldexp(pi<T> * r1 * r1, 2 * e);
  const T kite =
      std::sqrt(std::max(T(0), (-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2)));
  const T twice_d = T(2) * d;
  const T h = kite / twice_d;
  const T x1 = ((d - r2) * (d + r2) + r1 * r1) / twice_d;
  const T x2 = ((d - r1) * (d + r1) + r2 * r2) / twice_d;
  // A radius negligible beside the other can make 2 d underflow: its segment then has no area.
  const auto segment = [h](T r, T x) {
    const T u = T(2) * std::atan2(h, x);
    return u == u ? T(0.5) * r * r * angle_less_sine(u) : T(0);
  };
  const T lens = segment(r1, x1) + segment(r2, x2);
  return std::ldexp(std::clamp(lens, T(0), pi<T> * r1 * r1), 2 * e);
}

// A circle and another shape, both around the circle's centre whatever the argument order.
template <class S>
scalar_of<S> circle_and_area(const Circle<scalar_of<S>>& circle, const S& other) {
  using T = scalar_of<S>;
  if constexpr (std::is_same_v<S, Circle<T>>) {
    return circles_area(circle.radius, other.radius, length(other.center - circle.center));
  } else {
    return circle_core_area(detail::point_core(Vec2<T>{T(0), T(0)}, circle.radius),
                            detail::make_core(circle.center, other));
  }
}

// ---- Pairs with a rounded polygon or a capsule: by pieces (area/round_cores_area.hpp) ----

// A shape with a radius, whose pairs go by pieces: its rank in the canonical order of a pair
// (rounded polygon 2, capsule 1; a circle is a disc piece of the other's sum, 0 as the rest).
template <class S>
constexpr int swept_rank() {
  using T = scalar_of<S>;
  return std::is_same_v<S, RoundedPolygon<T>> ? 2 : std::is_same_v<S, Capsule<T>> ? 1 : 0;
}

template <class T>
bool shape_bytes_greater(const RoundedPolygon<T>& a, const RoundedPolygon<T>& b) {
  if (shape_bytes_greater(a.core, b.core)) return true;
  if (shape_bytes_greater(b.core, a.core)) return false;
  return a.radius > b.radius;
}
template <class T>
bool shape_bytes_greater(const Capsule<T>& a, const Capsule<T>& b) {
  const Vec2<T> ends_a[2] = {a.a, a.b};
  const Vec2<T> ends_b[2] = {b.a, b.b};
  if (detail::bytes_greater(ends_a, ends_b)) return true;
  if (detail::bytes_greater(ends_b, ends_a)) return false;
  return a.radius > b.radius;
}

// The shape as a core around `origin`. An Aabb by its corners, each one subtraction from a given
// coordinate (make_core's centre and half extents round in world coordinates, which far from the
// origin is more than the shapes' sizes allow).
template <class S>
ConvexCore<scalar_of<S>> area_core(Vec2<scalar_of<S>> origin, const S& s) {
  using T = scalar_of<S>;
  if constexpr (std::is_same_v<S, Aabb<T>>) {
    ConvexCore<T> core = detail::make_core(origin, s);
    if (core.count != 4) return core;
    const Vec2<T> lo = s.min - origin;
    const Vec2<T> hi = s.max - origin;
    core.vertices[0] = lo;
    core.vertices[1] = {hi.x, lo.y};
    core.vertices[2] = hi;
    core.vertices[3] = {lo.x, hi.y};
    return core;
  } else {
    return detail::make_core(origin, s);
  }
}

// The pieces' sum with `first` first in the pair's canonical order; the frame's origin is its
// anchor.
template <class A, class B>
scalar_of<A> rounded_area_in_order(const A& first, const B& second) {
  using T = scalar_of<A>;
  const Vec2<T> origin = detail::anchor_of(first);
  const T sum = detail::round_cores_area(area_core(origin, first), area_core(origin, second));
  return std::clamp(sum, T(0), std::min(area(first), area(second)));
}

template <class A, class B>
scalar_of<A> pair_intersection_area(const A& a, const B& b);

// A rounded polygon of radius 0 is its core, and answers as the core does (the same function).
// Shapes whose interiors do not meet (touching, or apart) have intersection area 0 exactly; so
// has a capsule of radius 0 (a segment) with anything. The canonical order: the higher
// swept_rank first, two of one kind by their bytes.
template <class A, class B>
scalar_of<A> rounded_pair_area(const A& a, const B& b) {
  using T = scalar_of<A>;
  if constexpr (swept_rank<A>() == 2) {
    if (a.radius == T(0)) return pair_intersection_area(a.core, b);
  }
  if constexpr (swept_rank<B>() == 2) {
    if (b.radius == T(0)) return pair_intersection_area(a, b.core);
  }
  if constexpr (std::is_same_v<A, B>) {
    // A shape and its copy: the intersection is the shape (iou(a, a) == 1 exactly).
    if (!shape_bytes_greater(a, b) && !shape_bytes_greater(b, a)) return area(a);
  }
  if (!overlaps_interior(a, b)) return T(0);
  if constexpr (swept_rank<A>() < swept_rank<B>()) {
    return rounded_area_in_order(b, a);
  } else if constexpr (swept_rank<A>() > swept_rank<B>()) {
    return rounded_area_in_order(a, b);
  } else {
    return shape_bytes_greater(a, b) ? rounded_area_in_order(a, b) : rounded_area_in_order(b, a);
  }
}

template <class A, class B>
scalar_of<A> pair_intersection_area(const A& a, const B& b) {
  using T = scalar_of<A>;
  if constexpr (swept_rank<A>() > 0 || swept_rank<B>() > 0) {
    return rounded_pair_area(a, b);
  } else if constexpr (std::is_same_v<A, Aabb<T>> && std::is_same_v<B, Aabb<T>>) {
    const T w = std::min(a.max.x, b.max.x) - std::max(a.min.x, b.min.x);
    const T h = std::min(a.max.y, b.max.y) - std::max(a.min.y, b.min.y);
    return w > T(0) && h > T(0) ? w * h : T(0);
  } else if constexpr (std::is_same_v<A, Circle<T>>) {
    return circle_and_area(a, b);
  } else if constexpr (std::is_same_v<B, Circle<T>>) {
    return circle_and_area(b, a);
  } else {
    if constexpr (std::is_same_v<A, B>) {
      // A shape and its copy: the intersection is the shape, whose area() is then exactly the
      // intersection area, so that iou(a, a) == 1 exactly.
      if (!shape_bytes_greater(a, b) && !shape_bytes_greater(b, a)) return area(a);
    }
    return std::max(T(0), pivot_shoelace(framed_clip(a, b).polygon));
  }
}

// ---- intersection(a, b) ----

// The clip's polygon cleaned into an Intersection in the frame: repeated vertices dropped, then a
// polygon without area reduced to its two extreme points (or one), else collinear vertices
// dropped.
template <class T>
Intersection<T> tidy(const Vec2<T>* v, int count) {
  Intersection<T> out{};
  for (int i = 0; i < count; ++i) {
    if (out.count > 0 && out.vertices[out.count - 1] == v[i]) continue;
    out.vertices[out.count++] = v[i];
  }
  while (out.count > 1 && out.vertices[out.count - 1] == out.vertices[0])
    --out.count;
  if (out.count <= 2) return out;
  // Without area: every vertex on the line through the first two.
  const Vec2<T> o = out.vertices[0];
  const Vec2<T> d = out.vertices[1] - o;
  bool flat = true;
  for (int i = 2; i < out.count && flat; ++i)
    flat = cross(d, out.vertices[i] - o) == T(0);
  if (flat) {
    int lo = 0;
    int hi = 0;
    for (int i = 1; i < out.count; ++i) {
      const T t = dot(d, out.vertices[i] - o);
      if (t < dot(d, out.vertices[lo] - o)) lo = i;
      if (t > dot(d, out.vertices[hi] - o)) hi = i;
    }
    const Vec2<T> first = out.vertices[lo];
    const Vec2<T> second = out.vertices[hi];
    out.vertices[0] = first;
    out.vertices[1] = second;
    out.count = 2;
    return out;
  }
  // Drop vertices collinear with their neighbours until none is left (at least 3 stay: the
  // polygon has area).
  bool dropped = true;
  while (dropped && out.count > 3) {
    dropped = false;
    for (int i = 0; i < out.count && out.count > 3; ++i) {
      const Vec2<T> prev = out.vertices[i > 0 ? i - 1 : out.count - 1];
      const Vec2<T> next = out.vertices[i + 1 < out.count ? i + 1 : 0];
      if (cross(out.vertices[i] - prev, next - out.vertices[i]) == T(0)) {
        for (int k = i; k + 1 < out.count; ++k)
          out.vertices[k] = out.vertices[k + 1];
        --out.count;
        dropped = true;
        --i;
      }
    }
  }
  return out;
}

template <class A, class B>
Intersection<scalar_of<A>> pair_intersection(const A& a, const B& b) {
  using T = scalar_of<A>;
  if constexpr (std::is_same_v<A, Aabb<T>> && std::is_same_v<B, Aabb<T>>) {
    const Vec2<T> lo{std::max(a.min.x, b.min.x), std::max(a.min.y, b.min.y)};
    const Vec2<T> hi{std::min(a.max.x, b.max.x), std::min(a.max.y, b.max.y)};
    ClipPolygon<T> box{};
    if (lo.x <= hi.x && lo.y <= hi.y) box = {{lo, {hi.x, lo.y}, hi, {lo.x, hi.y}}, 4};
    return tidy(box.v, box.count);
  } else {
    const FramedClip<T> clip = framed_clip(a, b);
    Intersection<T> out = tidy(clip.polygon.v, clip.polygon.count);
    for (int i = 0; i < out.count; ++i)
      out.vertices[i] = clip.origin + rotate(clip.rotation, out.vertices[i]);
    // Moved to the world, distinct vertices of a tiny polygon may round to one point: tidied again.
    return tidy(out.vertices, out.count);
  }
}

}  // namespace

template <class S>
requires(is_shape_v<S>) scalar_of<S> area(const S& shape) {
  using T = scalar_of<S>;
  if constexpr (std::is_same_v<S, Circle<T>>) {
    return pi<T> * shape.radius * shape.radius;
  } else if constexpr (std::is_same_v<S, Capsule<T>>) {
    return pi<T> * shape.radius * shape.radius + T(2) * shape.radius * length(shape.b - shape.a);
  } else if constexpr (std::is_same_v<S, Aabb<T>>) {
    return (shape.max.x - shape.min.x) * (shape.max.y - shape.min.y);  // as Aabb pairs compute it
  } else if constexpr (std::is_same_v<S, Obb<T>>) {
    return T(4) * shape.half_extents.x * shape.half_extents.y;
  } else if constexpr (std::is_same_v<S, ConvexPolygon<T>>) {
    const ConvexCore<T> core = detail::make_core(detail::anchor_of(shape), shape);
    return shoelace(core.vertices, core.count);
  } else {
    return T(0);
  }
}

template <class A, class B>
requires(is_area_query_shape_v<A>&& is_area_query_shape_v<B>&& std::is_same_v<
         scalar_of<A>, scalar_of<B>>) scalar_of<A> intersection_area(const A& a, const B& b) {
  return pair_intersection_area(a, b);
}

template <class A, class B>
requires(is_area_query_shape_v<A>&& is_area_query_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) scalar_of<A> iou(const A& a, const B& b) {
  return detail::union_parts(area(a), area(b), pair_intersection_area(a, b)).iou;
}

template <class A, class B>
requires(is_intersection_shape_v<A>&& is_intersection_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>)
    Intersection<scalar_of<A>> intersection(const A& a, const B& b) {
  return pair_intersection(a, b);
}

#define COLLIDE2D_INSTANTIATE_AREA(S) template scalar_of<S> area<S>(const S& shape);
#define COLLIDE2D_INSTANTIATE_INTERSECTION(A, B) \
  template Intersection<scalar_of<A>> intersection<A, B>(const A& a, const B& b);
#define COLLIDE2D_INTERSECTIONS_WITH(A, T)       \
  COLLIDE2D_INSTANTIATE_INTERSECTION(A, Aabb<T>) \
  COLLIDE2D_INSTANTIATE_INTERSECTION(A, Obb<T>)  \
  COLLIDE2D_INSTANTIATE_INTERSECTION(A, ConvexPolygon<T>)
#define COLLIDE2D_INSTANTIATE_AREA_PAIR(A, B)                            \
  template scalar_of<A> intersection_area<A, B>(const A& a, const B& b); \
  template scalar_of<A> iou<A, B>(const A& a, const B& b);
#define COLLIDE2D_AREA_PAIRS_WITH(A, T)         \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(A, Circle<T>) \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(A, Aabb<T>)   \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(A, Obb<T>)    \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(A, ConvexPolygon<T>)
#define COLLIDE2D_SWEPT_AREA_PAIRS(S, T)        \
  COLLIDE2D_AREA_PAIRS_WITH(S, T)               \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(S, S)         \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(Circle<T>, S) \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(Aabb<T>, S)   \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(Obb<T>, S)    \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(ConvexPolygon<T>, S)
#define COLLIDE2D_ROUNDED_AREA_PAIRS(T)                          \
  COLLIDE2D_SWEPT_AREA_PAIRS(Capsule<T>, T)                      \
  COLLIDE2D_SWEPT_AREA_PAIRS(RoundedPolygon<T>, T)               \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(Capsule<T>, RoundedPolygon<T>) \
  COLLIDE2D_INSTANTIATE_AREA_PAIR(RoundedPolygon<T>, Capsule<T>)
#define COLLIDE2D_AREA_FOR(T)                    \
  COLLIDE2D_INSTANTIATE_AREA(Vec2<T>)            \
  COLLIDE2D_INSTANTIATE_AREA(Segment<T>)         \
  COLLIDE2D_INSTANTIATE_AREA(Circle<T>)          \
  COLLIDE2D_INSTANTIATE_AREA(Capsule<T>)         \
  COLLIDE2D_INSTANTIATE_AREA(Aabb<T>)            \
  COLLIDE2D_INSTANTIATE_AREA(Obb<T>)             \
  COLLIDE2D_INSTANTIATE_AREA(ConvexPolygon<T>)   \
  COLLIDE2D_AREA_PAIRS_WITH(Circle<T>, T)        \
  COLLIDE2D_AREA_PAIRS_WITH(Aabb<T>, T)          \
  COLLIDE2D_AREA_PAIRS_WITH(Obb<T>, T)           \
  COLLIDE2D_AREA_PAIRS_WITH(ConvexPolygon<T>, T) \
  COLLIDE2D_INTERSECTIONS_WITH(Aabb<T>, T)       \
  COLLIDE2D_INTERSECTIONS_WITH(Obb<T>, T)        \
  COLLIDE2D_INTERSECTIONS_WITH(ConvexPolygon<T>, T)
COLLIDE2D_AREA_FOR(float)
COLLIDE2D_AREA_FOR(double)
COLLIDE2D_ROUNDED_AREA_PAIRS(float)
COLLIDE2D_ROUNDED_AREA_PAIRS(double)

}  // namespace collide2d
