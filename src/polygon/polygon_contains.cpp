// contains and contains_strictly between a Polygon and every shape, both ways (polygon.hpp).
//
// P contains S (closed):
//   - S with an interior: no edge of P enters int(S) (an edge point in int(S) has exterior points
//     beside it, which S would then hold), and int(S), lying in one face of P's boundary, is
//     inside: the winding number at a point of S off the boundary (path_region.hpp) is != 0;
//   - S a point or a segment (or a shape of zero size, taken as one): sampled exactly along its
//     length (path_region.hpp's along_segment);
//   - S a polygon: every edge of S lies in P (then S's boundary does, and so S: P's complement is
//     connected and misses S's boundary).
// P contains S strictly: no edge of P meets S, and a point of S is inside.
// S contains P: S is convex, so P lies in S (in its interior) exactly when every vertex does.
// The grid answers first when the cells of S's box are all inside or all outside.
#include <type_traits>
#include <vector>

#include "collide2d/containment.hpp"
#include "collide2d/interior.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/polygon.hpp"
#include "polygon/polygon_edges.hpp"
#include "polygon/polygon_instantiate.hpp"

namespace collide2d {

namespace detail {
namespace {

template <class T>
bool contains_segment(const LassoIndex<T>& index, Vec2<T> a, Vec2<T> b) {
  return segment_in_region(index, Segment<T>{a, b}, true);
}

// S by what it is made of (see the top of the file).
template <class T, class S>
bool contains_shape(const LassoIndex<T>& index, const WideBox& box, const S& s) {
  if constexpr (std::is_same_v<S, Polygon<T>>) {
    const auto& v = s.vertices();
    for (std::size_t i = 0; i < v.size(); ++i)
      if (!contains_segment(index, v[i], v[i + 1 == v.size() ? 0 : i + 1])) return false;
    return true;
  } else if constexpr (!has_area_v<S>) {  // a point or a segment
    return segment_in_region(index, thin_extent(s), true);
  } else {
    if (!has_interior(s)) return segment_in_region(index, thin_extent(s), true);
    if (any_edge_near(index, box,
                      [&](int i) { return overlaps_interior(edge_segment(index, i), s); })) {
      return false;
    }
    return interior_face_inside(index, s);
  }
}

template <class T, class S>
bool polygon_contains(const Polygon<T>& a, const S& b) {
  if (a.empty()) return false;
  const auto& index = a.index();
  const WideBox box = widened(bounding_box(b));
  if (const int decided = cells_decide(index, box); decided >= 0) return decided == 1;
  return contains_shape(index, box, b);
}

template <class T, class S>
bool polygon_contains_strictly(const Polygon<T>& a, const S& b) {
  if (a.empty()) return false;
  const auto& index = a.index();
  const WideBox box = widened(bounding_box(b));
  if (const int decided = cells_decide(index, box); decided >= 0) return decided == 1;
  if (any_edge_near(index, box, [&](int i) { return edge_meets(edge_segment(index, i), b); })) {
    return false;
  }
  return index.winding(to_double(any_point(b))) != 0;
}

template <class T, class S>
bool shape_contains_polygon(const S& a, const Polygon<T>& b, bool strict) {
  if (b.empty()) return false;
  for (const Vec2<T>& v : b.vertices()) {
    if (!(strict ? contains_strictly(a, Point<T>(v)) : contains(a, Point<T>(v)))) return false;
  }
  return true;
}

}  // namespace
}  // namespace detail

template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool contains(const Polygon<T>& a,
                                                                        const S& b) {
  return detail::polygon_contains(a, b);
}
template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool contains(const S& a,
                                                                        const Polygon<T>& b) {
  return detail::shape_contains_polygon(a, b, false);
}
template <class T>
bool contains(const Polygon<T>& a, const Polygon<T>& b) {
  return !b.empty() && detail::polygon_contains(a, b);
}

template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool contains_strictly(
    const Polygon<T>& a, const S& b) {
  return detail::polygon_contains_strictly(a, b);
}
template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool contains_strictly(
    const S& a, const Polygon<T>& b) {
  return detail::shape_contains_polygon(a, b, true);
}
// B in int(A): no edge of A meets B's boundary, no vertex of A lies in B (A's boundary, which is
// connected, misses B), and a vertex of B is inside A.
template <class T>
bool contains_strictly(const Polygon<T>& a, const Polygon<T>& b) {
  if (a.empty() || b.empty()) return false;
  const auto& ia = a.index();
  const detail::WideBox box = detail::widened(bounding_box(b));
  if (const int decided = detail::cells_decide(ia, box); decided >= 0) return decided == 1;
  if (detail::any_edge_near(ia, box, [&](int i) {
        return detail::polygon_edge_meets(b.index(), detail::edge_segment(ia, i));
      })) {
    return false;
  }
  return !detail::in_polygon(b.index(), a.vertices()[0]) && detail::in_polygon(ia, b.vertices()[0]);
}

#define COLLIDE2D_POLYGON_CONTAINS(S)                                                           \
  template bool contains<float, S<float>>(const Polygon<float>& a, const S<float>& b);          \
  template bool contains<double, S<double>>(const Polygon<double>& a, const S<double>& b);      \
  template bool contains<float, S<float>>(const S<float>& a, const Polygon<float>& b);          \
  template bool contains<double, S<double>>(const S<double>& a, const Polygon<double>& b);      \
  template bool contains_strictly<float, S<float>>(const Polygon<float>& a, const S<float>& b); \
  template bool contains_strictly<double, S<double>>(const Polygon<double>& a,                  \
                                                     const S<double>& b);                       \
  template bool contains_strictly<float, S<float>>(const S<float>& a, const Polygon<float>& b); \
  template bool contains_strictly<double, S<double>>(const S<double>& a, const Polygon<double>& b);
COLLIDE2D_FOR_EACH_VARIANT_SHAPE(COLLIDE2D_POLYGON_CONTAINS)
template bool contains<float>(const Polygon<float>& a, const Polygon<float>& b);
template bool contains<double>(const Polygon<double>& a, const Polygon<double>& b);
template bool contains_strictly<float>(const Polygon<float>& a, const Polygon<float>& b);
template bool contains_strictly<double>(const Polygon<double>& a, const Polygon<double>& b);

}  // namespace collide2d
