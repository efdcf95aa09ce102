// Private: the Polygon's edges near a box, through its grid (scene/lasso_index.hpp), and the
// small facts about the other shapes that the polygon queries share.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "collide2d/overlap.hpp"
#include "collide2d/polygon.hpp"
#include "collide2d/shapes.hpp"
#include "detail/exact_orientation.hpp"
#include "polygon/path_region.hpp"
#include "scene/lasso_index.hpp"

namespace collide2d::detail {

// f(i, j) for every two entries i, j (i listed before j, possibly equal edges never) of every
// cell's edge list.
template <class T, class F>
void for_each_cell_pair(const LassoIndex<T>& index, F&& f) {
  using Cells = typename LassoIndex<T>::CellRange;
  const Cells all = index.cells(double(index.min_x()), double(index.min_y()), double(index.max_x()),
                                double(index.max_y()));
  std::vector<int> list;
  for (int r = all.r0; r <= all.r1; ++r) {
    for (int c = all.c0; c <= all.c1; ++c) {
      list.clear();
      index.for_each_edge(Cells{c, r, c, r}, [&](int i) { list.push_back(i); });
      for (std::size_t k = 0; k < list.size(); ++k)
        for (std::size_t l = k + 1; l < list.size(); ++l)
          f(list[k], list[l]);
    }
  }
}

// A box in double that holds every point of the shape whose (rounded) bounding box is `box`:
// widened by a few ulps of its coordinates in T, and by the smallest normal number.
struct WideBox {
  Vec2<double> lo, hi;
};
template <class T>
WideBox widened(const Aabb<T>& box) {
  const double scale = std::max({std::abs(double(box.min.x)), std::abs(double(box.max.x)),
                                 std::abs(double(box.min.y)), std::abs(double(box.max.y))});
  const double m = 16 * double(std::numeric_limits<T>::epsilon()) * scale +
                   double(std::numeric_limits<T>::min());
  return {{double(box.min.x) - m, double(box.min.y) - m},
          {double(box.max.x) + m, double(box.max.y) + m}};
}

template <class T>
typename LassoIndex<T>::CellRange cells_of(const LassoIndex<T>& index, const WideBox& b) {
  return index.cells(b.lo.x, b.lo.y, b.hi.x, b.hi.y);
}

// The box lies wholly outside the polygon's box.
template <class T>
bool outside_bounds(const LassoIndex<T>& index, const WideBox& b) {
  return b.hi.x < double(index.min_x()) || b.lo.x > double(index.max_x()) ||
         b.hi.y < double(index.min_y()) || b.lo.y > double(index.max_y());
}

// The edge's own (closed) box meets the box.
inline bool edge_box_meets(const LassoEdge& e, const WideBox& b) {
  return !(e.x1 < b.lo.x || e.x0 > b.hi.x || e.y1 < b.lo.y || e.y0 > b.hi.y);
}

// f(i) for each edge listed in the box's cells whose own box meets it (an edge may come more than
// once), until f returns true; whether it did.
template <class T, class F>
bool any_edge_near(const LassoIndex<T>& index, const WideBox& b, F&& f) {
  return index.any_edge(cells_of(index, b),
                        [&](int i) { return edge_box_meets(index.edge(i), b) && bool(f(i)); });
}

// The distinct edges near the box, in increasing order. A box over more cells than the polygon
// has edges scans the edges instead: through the cells a long edge comes once per cell, and a
// large box over a thin polygon's 2048 cells gathered (and sorted) tens of thousands of copies.
template <class T>
void edges_near(const LassoIndex<T>& index, const WideBox& b, std::vector<int>& out) {
  out.clear();
  const auto r = cells_of(index, b);
  const double cells = (double(r.c1) - r.c0 + 1) * (double(r.r1) - r.r0 + 1);
  if (cells > double(index.edge_count())) {
    for (int i = 0; i < index.edge_count(); ++i) {
      if (edge_box_meets(index.edge(i), b)) out.push_back(i);
    }
    return;
  }
  any_edge_near(index, b, [&](int i) {
    out.push_back(i);
    return false;
  });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

template <class T>
Segment<T> edge_segment(const LassoIndex<T>& index, int i) {
  return {index.edge_start(i), index.edge_end(i)};
}

// Whether q (exactly) is in the closed polygon.
template <class T>
bool in_polygon(const LassoIndex<T>& index, Vec2<T> q) {
  bool path = false;
  return index.winding_or_path(to_double(q), path) != 0 || path;
}

// A point of the polygon, exactly (the other shapes: path_region.hpp).
template <class T>
Vec2<T> any_point(const Polygon<T>& s) {
  return s.vertices()[0];
}

// The point or segment a shape of zero size is, as a segment (a point: a == b): a point, a segment,
// a circle or capsule of radius 0, a box of zero width (an Obb between its corners, rounded like
// any Obb's corners), a convex polygon of one or two vertices, a rounded one of radius 0 and such
// a core. Only for shapes without an interior (has_interior false).
template <class T>
Segment<T> thin_extent(const Point<T>& s) {
  return {s, s};
}
template <class T>
Segment<T> thin_extent(const Segment<T>& s) {
  return s;
}
template <class T>
Segment<T> thin_extent(const Circle<T>& s) {
  return {s.center, s.center};
}
template <class T>
Segment<T> thin_extent(const Capsule<T>& s) {
  return {s.a, s.b};
}
template <class T>
Segment<T> thin_extent(const Aabb<T>& s) {
  return {s.min, s.max};
}
template <class T>
Segment<T> thin_extent(const Obb<T>& s) {
  const Vec2<T> h = s.half_extents.x * s.rotation.x_axis() + s.half_extents.y * s.rotation.y_axis();
  return {s.center - h, s.center + h};
}
template <class T>
Segment<T> thin_extent(const ConvexPolygon<T>& s) {
  const int n = vertex_count(s);  // clamped: an invalid count never reads past the array
  return {s.vertices[0], s.vertices[n > 0 ? n - 1 : 0]};
}
template <class T>
Segment<T> thin_extent(const RoundedPolygon<T>& s) {
  return thin_extent(s.core);
}

// The segment e (a point when its ends are equal) lies in the closed polygon (contains) or meets
// its interior (!contains), sampled exactly along its length (path_region.hpp's along_segment)
// against the edges near it.
template <class T>
bool segment_in_region(const LassoIndex<T>& index, const Segment<T>& e, bool contains) {
  thread_local std::vector<int> edges;
  edges_near(index, widened(bounding_box(e)), edges);
  return along_segment(index, to_double(e.a), to_double(e.b), edges, contains);
}

// For S with an interior that no edge of the polygon enters: int(S) lies in one face of the
// boundary, and the winding number at the first of S's candidate points off the boundary says
// which (path_region.hpp's interior_candidates). True (inside) when every candidate is on the
// boundary, which only rounding allows.
template <class T, class S>
bool interior_face_inside(const LassoIndex<T>& index, const S& s) {
  Vec2<double> points[max_polygon_vertices + 1];
  const int n = interior_candidates(s, points);
  for (int k = 0; k < n; ++k) {
    bool path = false;
    const int w = index.winding_or_path(points[k], path);
    if (!path) return w != 0;
  }
  return true;
}

// A polygon (from make_simple_polygon) has an interior; the empty one none.
template <class T>
bool has_interior(const Polygon<T>& p) {
  return !p.empty();
}

// A point of int(P), computed in double: the centroid of a triangle of P with an area, checked to
// be off the boundary and inside; false when rounding put every such centroid on the boundary.
template <class T>
bool interior_point(const Polygon<T>& p, Vec2<double>& out) {
  const auto& v = p.vertices();
  for (const auto& t : p.triangles()) {
    const Vec2<double> a = to_double(v[std::size_t(t[0])]), b = to_double(v[std::size_t(t[1])]),
                       c = to_double(v[std::size_t(t[2])]);
    if (orientation_sign(a, b, c) == 0) continue;
    const Vec2<double> m{(a.x + b.x + c.x) / 3, (a.y + b.y + c.y) / 3};
    if (in_path_region(p.index(), m, true)) return out = m, true;
  }
  return false;
}

// Points of P for path_region.hpp's contract (the winding number of a path at the first of them
// off the path is that of int(P) when no edge of the path enters int(P)): a point inside, then
// vertices, at most max_polygon_vertices + 1 in all.
template <class T>
int interior_candidates(const Polygon<T>& p, Vec2<double>* out) {
  int n = 0;
  if (p.empty()) return 0;
  if (interior_point(p, out[0])) ++n;
  const auto& v = p.vertices();
  for (std::size_t i = 0; i < v.size() && n < max_polygon_vertices + 1; ++i)
    out[n++] = to_double(v[i]);
  return n;
}

// Edge e against S: exact orientation signs for points and segments, else the library's test.
template <class T, class S>
bool edge_meets(const Segment<T>& e, const S& s) {
  if constexpr (std::is_same_v<S, Point<T>>) {
    return on_closed_segment(e.a, e.b, s);
  } else if constexpr (std::is_same_v<S, Segment<T>>) {
    return closed_segments_meet(e.a, e.b, s.a, s.b);
  } else {
    return overlaps(e, s);
  }
}

// Some edge of B meets the segment e, exactly.
template <class T>
bool polygon_edge_meets(const LassoIndex<T>& b, const Segment<T>& e) {
  return any_edge_near(b, widened(bounding_box(e)), [&](int j) {
    return closed_segments_meet(e.a, e.b, b.edge_start(j), b.edge_end(j));
  });
}

// The cells of the box decide alone: 1 all inside, 0 all outside, -1 neither.
template <class T>
int cells_decide(const LassoIndex<T>& index, const WideBox& box) {
  if (outside_bounds(index, box)) return 0;
  const auto g = cells_of(index, box);
  const int area = LassoIndex<T>::area(g);
  if (index.filled_cells(g) == area) return 1;
  if (index.zero_cells(g) == area) return 0;
  return -1;
}

}  // namespace collide2d::detail
