// giou, diou, ciou (area.hpp): iou and a penalty each. The penalties are built from sets of
// points and per-box numbers that do not depend on the argument order (the hull of the sorted
// union of both shapes' corners, min and max of bounding boxes, squared differences), so the
// answer is the same bits for (a, b) and (b, a), as iou's is.
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "area/union_parts.hpp"
#include "collide2d/area.hpp"
#include "detail/monotone_chain.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

// Up to 8 + 8 corners, and room for the chain's 2 n.
constexpr int max_hull_points = 2 * max_polygon_vertices;

template <class T>
struct Corners {
  Vec2<T> v[max_hull_points];
  int count = 0;
};

template <class T>
void add_corners(Corners<T>& out, const Aabb<T>& s) {
  for (const Vec2<T> v : {s.min, Vec2<T>{s.max.x, s.min.y}, s.max, Vec2<T>{s.min.x, s.max.y}})
    out.v[out.count++] = v;
}
template <class T>
void add_corners(Corners<T>& out, const Obb<T>& s) {
  corners(s, out.v + out.count);
  out.count += 4;
}
template <class T>
void add_corners(Corners<T>& out, const ConvexPolygon<T>& s) {
  const int n = detail::vertex_count(s);
  for (int i = 0; i < n; ++i)
    out.v[out.count++] = s.vertices[i];
}

// The area of the convex hull of a ∪ b: the hull of their corners (sorted first, so that the
// order of the arguments cannot matter), by the shoelace formula around its first vertex.
template <class A, class B>
scalar_of<A> hull_area(const A& a, const B& b) {
  using T = scalar_of<A>;
  Corners<T> points;
  add_corners(points, a);
  add_corners(points, b);
  const std::size_t n =
      detail::sort_unique_points(points.v, static_cast<std::size_t>(points.count));
  Vec2<T> hull[2 * max_hull_points];
  const std::size_t k = detail::monotone_chain(points.v, n, hull);
  T twice = T(0);
  for (std::size_t i = 1; i + 1 < k; ++i)
    twice += cross(hull[i] - hull[0], hull[i + 1] - hull[0]);
  return T(0.5) * twice;
}

template <class T>
Vec2<T> centre_of(const Aabb<T>& s) {
  return s.center();
}
template <class T>
Vec2<T> centre_of(const Obb<T>& s) {
  return s.center;
}

// A box's full width and height along its own axes, for ciou's aspect term.
template <class T>
Vec2<T> sides_of(const Aabb<T>& s) {
  return s.max - s.min;
}
template <class T>
Vec2<T> sides_of(const Obb<T>& s) {
  return T(2) * s.half_extents;
}

// iou and d^2 / c^2 (diou's penalty), both symmetric in a and b.
template <class T>
struct DistanceParts {
  T iou;
  T penalty;
};

template <class A, class B>
DistanceParts<scalar_of<A>> distance_parts(const A& a, const B& b) {
  using T = scalar_of<A>;
  const T iou_ab = iou(a, b);
  const Aabb<T> box_a = bounding_box(a);
  const Aabb<T> box_b = bounding_box(b);
  const Vec2<T> diagonal =
      component_max(box_a.max, box_b.max) - component_min(box_a.min, box_b.min);
  const T c2 = length_squared(diagonal);
  const Vec2<T> d = centre_of(b) - centre_of(a);  // its negation for (b, a): the same squares
  const T d2 = d.x * d.x + d.y * d.y;
  // The centres lie in the enclosing box, so d <= c; rounding is kept from pushing it past 1.
  const T penalty = c2 > T(0) ? std::min(d2 / c2, T(1)) : T(0);
  return {iou_ab, penalty};
}

}  // namespace

template <class A, class B>
requires(is_intersection_shape_v<A>&& is_intersection_shape_v<B>&&
             std::is_same_v<scalar_of<A>, scalar_of<B>>) scalar_of<A> giou(const A& a, const B& b) {
  using T = scalar_of<A>;
  const detail::UnionParts<T> u = detail::union_parts(area(a), area(b), intersection_area(a, b));
  // The same set to rounding: its hull is itself, and the rounded hull must not say otherwise.
  if (u.iou == T(1)) return T(1);
  // The hull contains the union; rounding is kept from making it smaller.
  const T hull = std::max(hull_area(a, b), u.union_area);
  return hull > T(0) ? u.iou - (hull - u.union_area) / hull : u.iou;
}

template <class A, class B>
requires(is_box_v<A>&& is_box_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>) scalar_of<A> diou(
    const A& a, const B& b) {
  const DistanceParts<scalar_of<A>> p = distance_parts(a, b);
  return p.iou - p.penalty;
}

template <class A, class B>
requires(is_box_v<A>&& is_box_v<B>&& std::is_same_v<scalar_of<A>, scalar_of<B>>) scalar_of<A> ciou(
    const A& a, const B& b) {
  using T = scalar_of<A>;
  const DistanceParts<T> p = distance_parts(a, b);
  const Vec2<T> sa = sides_of(a);
  const Vec2<T> sb = sides_of(b);
  // atan2(w, h) is atan(w / h) for h > 0, and defined for boxes without height.
  const T gap = std::atan2(sa.x, sa.y) - std::atan2(sb.x, sb.y);  // negated for (b, a): squared
  const T v = (T(4) / (pi<T> * pi<T>)) * (gap * gap);
  const T alpha = v > T(0) ? v / ((T(1) - p.iou) + v) : T(0);
  return p.iou - p.penalty - alpha * v;
}

#define COLLIDE2D_INSTANTIATE_GIOU(A, B) template scalar_of<A> giou<A, B>(const A& a, const B& b);
#define COLLIDE2D_INSTANTIATE_DIOU(A, B)                    \
  template scalar_of<A> diou<A, B>(const A& a, const B& b); \
  template scalar_of<A> ciou<A, B>(const A& a, const B& b);
#define COLLIDE2D_GIOU_WITH(A, T)        \
  COLLIDE2D_INSTANTIATE_GIOU(A, Aabb<T>) \
  COLLIDE2D_INSTANTIATE_GIOU(A, Obb<T>)  \
  COLLIDE2D_INSTANTIATE_GIOU(A, ConvexPolygon<T>)
#define COLLIDE2D_BOX_SIMILARITY_FOR(T)        \
  COLLIDE2D_GIOU_WITH(Aabb<T>, T)              \
  COLLIDE2D_GIOU_WITH(Obb<T>, T)               \
  COLLIDE2D_GIOU_WITH(ConvexPolygon<T>, T)     \
  COLLIDE2D_INSTANTIATE_DIOU(Aabb<T>, Aabb<T>) \
  COLLIDE2D_INSTANTIATE_DIOU(Aabb<T>, Obb<T>)  \
  COLLIDE2D_INSTANTIATE_DIOU(Obb<T>, Aabb<T>)  \
  COLLIDE2D_INSTANTIATE_DIOU(Obb<T>, Obb<T>)
COLLIDE2D_BOX_SIMILARITY_FOR(float)
COLLIDE2D_BOX_SIMILARITY_FOR(double)

}  // namespace collide2d
