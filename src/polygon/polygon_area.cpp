// intersection_area and iou of a Polygon with the convex shapes with area, and of two polygons
// (polygon.hpp): the polygon's ear-clipping triangles, each against the other shape by the convex
// intersection_area (area.hpp), summed. The triangles cover the polygon and overlap only along
// their edges, which have no area, so the sum is the intersection's area.
#include <algorithm>
#include <vector>

#include "collide2d/area.hpp"
#include "collide2d/polygon.hpp"
#include "polygon/polygon_edges.hpp"

namespace collide2d {

namespace detail {
namespace {

// The triangle as a ConvexPolygon (vertices counter-clockwise, unit outward normals); false for
// one without area (a straight run of the outline).
template <class T>
bool triangle_of(const Polygon<T>& p, const std::array<int, 3>& t, ConvexPolygon<T>& out) {
  const auto& v = p.vertices();
  out.count = 3;
  for (int k = 0; k < 3; ++k)
    out.vertices[k] = v[std::size_t(t[std::size_t(k)])];
  if (orientation_sign(out.vertices[0], out.vertices[1], out.vertices[2]) <= 0) return false;
  for (int k = 0; k < 3; ++k) {
    const Vec2<T> e = out.vertices[(k + 1) % 3] - out.vertices[k];
    out.normals[k] = normalize(Vec2<T>{e.y, -e.x});
  }
  return true;
}

inline bool boxes_meet(const WideBox& a, const WideBox& b) {
  return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y;
}

// The polygon's triangles with area, and their boxes.
template <class T>
void triangles_with_boxes(const Polygon<T>& p, std::vector<ConvexPolygon<T>>& out,
                          std::vector<WideBox>& boxes) {
  out.clear(), boxes.clear();
  ConvexPolygon<T> t{};
  for (const auto& ids : p.triangles()) {
    if (!triangle_of(p, ids, t)) continue;
    out.push_back(t);
    boxes.push_back(widened(bounding_box(t)));
  }
}

// A strict order on polygons (vertex count, then vertices), so that a pair is always summed in
// the same order.
template <class T>
bool canonical_first(const Polygon<T>& a, const Polygon<T>& b) {
  const auto& u = a.vertices();
  const auto& v = b.vertices();
  if (u.size() != v.size()) return u.size() < v.size();
  for (std::size_t i = 0; i < u.size(); ++i) {
    if (u[i].x != v[i].x) return u[i].x < v[i].x;
    if (u[i].y != v[i].y) return u[i].y < v[i].y;
  }
  return true;
}

template <class T>
T over_union(T a, T b, T both) {
  const T u = a + b - both;
  return u > T(0) ? both / u : T(0);
}

}  // namespace
}  // namespace detail

template <class T, class S>
requires(is_area_query_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) T
    intersection_area(const Polygon<T>& a, const S& b) {
  const detail::WideBox box = detail::widened(bounding_box(b));
  double sum = 0;
  ConvexPolygon<T> t{};
  const auto& v = a.vertices();
  for (const auto& ids : a.triangles()) {
    // The triangle's box first: most triangles of a large polygon miss a small shape.
    const Vec2<T> p = v[std::size_t(ids[0])], q = v[std::size_t(ids[1])],
                  r = v[std::size_t(ids[2])];
    const Aabb<T> tbox{component_min(component_min(p, q), r),
                       component_max(component_max(p, q), r)};
    if (!detail::boxes_meet(detail::widened(tbox), box)) continue;
    if (!detail::triangle_of(a, ids, t)) continue;
    sum += double(intersection_area(t, b));
  }
  return T(sum);
}

template <class T>
T intersection_area(const Polygon<T>& a, const Polygon<T>& b) {
  if (!detail::canonical_first(a, b)) return intersection_area(b, a);
  thread_local std::vector<ConvexPolygon<T>> ta, tb;
  thread_local std::vector<detail::WideBox> ba, bb;
  detail::triangles_with_boxes(a, ta, ba);
  detail::triangles_with_boxes(b, tb, bb);
  double sum = 0;
  for (std::size_t i = 0; i < ta.size(); ++i) {
    for (std::size_t j = 0; j < tb.size(); ++j) {
      if (detail::boxes_meet(ba[i], bb[j])) sum += double(intersection_area(ta[i], tb[j]));
    }
  }
  return T(sum);
}

template <class T, class S>
requires(is_area_query_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) T
    iou(const Polygon<T>& a, const S& b) {
  return detail::over_union(area(a), area(b), intersection_area(a, b));
}

template <class T>
T iou(const Polygon<T>& a, const Polygon<T>& b) {
  return detail::over_union(area(a), area(b), intersection_area(a, b));
}

#define COLLIDE2D_POLYGON_AREA(S)                                                                 \
  template float intersection_area<float, S<float>>(const Polygon<float>&, const S<float>&);      \
  template double intersection_area<double, S<double>>(const Polygon<double>&, const S<double>&); \
  template float iou<float, S<float>>(const Polygon<float>&, const S<float>&);                    \
  template double iou<double, S<double>>(const Polygon<double>&, const S<double>&);
COLLIDE2D_POLYGON_AREA(Circle)
COLLIDE2D_POLYGON_AREA(Capsule)
COLLIDE2D_POLYGON_AREA(Aabb)
COLLIDE2D_POLYGON_AREA(Obb)
COLLIDE2D_POLYGON_AREA(ConvexPolygon)
COLLIDE2D_POLYGON_AREA(RoundedPolygon)
template float intersection_area<float>(const Polygon<float>&, const Polygon<float>&);
template double intersection_area<double>(const Polygon<double>&, const Polygon<double>&);
template float iou<float>(const Polygon<float>&, const Polygon<float>&);
template double iou<double>(const Polygon<double>&, const Polygon<double>&);

}  // namespace collide2d
