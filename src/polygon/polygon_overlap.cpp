// overlaps(Polygon, S) and overlaps(Polygon, Polygon) (polygon.hpp).
//
// A closed simple polygon P and a closed connected shape S share a point exactly when an edge of
// P meets S, or else S lies in P's interior (then any point of S is inside), or P lies in S (then
// any vertex of P is in S). The grid answers first for S's box when its cells are all empty and
// all inside (true) or all outside (false); otherwise only the edges listed in those cells are
// tested.
#include <type_traits>

#include "collide2d/overlap.hpp"
#include "collide2d/polygon.hpp"
#include "polygon/polygon_edges.hpp"
#include "polygon/polygon_instantiate.hpp"

namespace collide2d {

template <class T, class S>
requires(is_shape_v<S>&& std::is_same_v<scalar_of<S>, T>) bool overlaps(const Polygon<T>& a,
                                                                        const S& b) {
  if (a.empty()) return false;
  const auto& index = a.index();
  const detail::WideBox box = detail::widened(bounding_box(b));
  if (const int decided = detail::cells_decide(index, box); decided >= 0) return decided == 1;
  if (detail::any_edge_near(index, box, [&](int i) {
        return detail::edge_meets(detail::edge_segment(index, i), b);
      })) {
    return true;
  }
  // No edge meets S, so S's points are off the boundary: inside P, or P inside S, or apart.
  if (index.winding(detail::to_double(detail::any_point(b))) != 0) return true;
  return overlaps(Point<T>(a.vertices()[0]), b);
}

template <class T>
bool overlaps(const Polygon<T>& a, const Polygon<T>& b) {
  if (a.empty() || b.empty()) return false;
  const auto& ia = a.index();
  const auto& ib = b.index();
  const detail::WideBox box = detail::widened(bounding_box(b));
  if (const int decided = detail::cells_decide(ia, box); decided >= 0) return decided == 1;
  if (detail::any_edge_near(ia, box, [&](int i) {
        return detail::polygon_edge_meets(ib, detail::edge_segment(ia, i));
      })) {
    return true;
  }
  return detail::in_polygon(ia, b.vertices()[0]) || detail::in_polygon(ib, a.vertices()[0]);
}

#define COLLIDE2D_POLYGON_OVERLAP(S)                                                   \
  template bool overlaps<float, S<float>>(const Polygon<float>& a, const S<float>& b); \
  template bool overlaps<double, S<double>>(const Polygon<double>& a, const S<double>& b);
COLLIDE2D_FOR_EACH_VARIANT_SHAPE(COLLIDE2D_POLYGON_OVERLAP)
template bool overlaps<float>(const Polygon<float>& a, const Polygon<float>& b);
template bool overlaps<double>(const Polygon<double>& a, const Polygon<double>& b);

}  // namespace collide2d
