// overlaps_interior between a Polygon and every shape, and between two polygons (polygon.hpp,
// interior.hpp's definition: one shape has a point in the other's interior).
//
// P and S with an interior (int(P) and int(S) open, nonempty, P the closure of int(P)):
//   - an edge of P meets int(S): the interiors meet, since every point of P's boundary has points
//     of int(P) arbitrarily near it, and int(S) is open;
//   - otherwise int(S), connected and missing P's boundary, lies in one face of it: in int(P)
//     (they meet) or outside P (they do not). The winding number at one point of S off the
//     boundary tells which (path_region.hpp's interior_candidates, as contains uses).
// S without an interior (a point, a segment, a shape of zero size): S meets int(P), sampled
// exactly along its length (path_region.hpp's along_segment, the open region).
// Two polygons: an edge of either meets the other's interior, or else each interior lies in one
// face of the other's boundary, so the interiors are equal or disjoint: equal exactly when a point
// inside A (a centroid of one of A's triangles) is inside B, or, when rounding left no centroid off
// A's boundary, when B contains A.
#include <type_traits>
#include <vector>

#include "collide2d/containment.hpp"
#include "collide2d/interior.hpp"
#include "collide2d/polygon.hpp"
#include "detail/predicates.hpp"
#include "polygon/polygon_edges.hpp"
#include "polygon/polygon_instantiate.hpp"

namespace collide2d {

namespace detail {
namespace {

template <class T, class S>
bool polygon_overlaps_interior(const Polygon<T>& a, const S& b) {
  if (a.empty()) return false;
  const auto& index = a.index();
  const WideBox box = widened(bounding_box(b));
  // All cells inside: S lies in int(P) (a cell with no edge is off the boundary).
  if (const int decided = cells_decide(index, box); decided >= 0) return decided == 1;
  if constexpr (!has_area_v<S>) {  // a point or a segment
    return segment_in_region(index, thin_extent(b), false);
  } else {
    if (!has_interior(b)) return segment_in_region(index, thin_extent(b), false);
    // An edge entering int(S) (see the top), else the face int(S) lies in.
    if (any_edge_near(index, box,
                      [&](int i) { return overlaps_interior(edge_segment(index, i), b); })) {
      return true;
    }
    return interior_face_inside(index, b);
  }
}

// Some edge of A meets int(B).
template <class T>
bool edge_enters(const Polygon<T>& a, const Polygon<T>& b) {
  const auto& ia = a.index();
  return any_edge_near(ia, widened(bounding_box(b)), [&](int i) {
    return segment_in_region(b.index(), edge_segment(ia, i), false);
  });
}

}  // namespace
}  // namespace detail

template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool overlaps_interior(
    const Polygon<T>& a, const S& b) {
  return detail::polygon_overlaps_interior(a, b);
}

template <class T>
bool overlaps_interior(const Polygon<T>& a, const Polygon<T>& b) {
  if (a.empty() || b.empty()) return false;
  if (detail::outside_bounds(a.index(), detail::widened(bounding_box(b)))) return false;
  if (detail::edge_enters(a, b) || detail::edge_enters(b, a)) return true;
  // Equal interiors or disjoint ones (see the top of the file): a point inside A is inside B
  // exactly when they are equal. When rounding put every centroid of A's triangles on A's
  // boundary (a sliver), B containing A decides it (exact): B contains A with disjoint interiors
  // only if int(A) lay in B's boundary, which has no interior.
  Vec2<double> m;
  if (detail::interior_point(a, m)) return detail::in_path_region(b.index(), m, true);
  return contains(b, a);
}

#define COLLIDE2D_POLYGON_INTERIOR(S)                                                           \
  template bool overlaps_interior<float, S<float>>(const Polygon<float>& a, const S<float>& b); \
  template bool overlaps_interior<double, S<double>>(const Polygon<double>& a, const S<double>& b);
COLLIDE2D_FOR_EACH_VARIANT_SHAPE(COLLIDE2D_POLYGON_INTERIOR)
template bool overlaps_interior<float>(const Polygon<float>& a, const Polygon<float>& b);
template bool overlaps_interior<double>(const Polygon<double>& a, const Polygon<double>& b);

}  // namespace collide2d
