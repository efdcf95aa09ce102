// Private: a Lasso as a Scene region (RegionTest<T, Lasso<T>>, the interface select.cpp's
// traversal and leaf decider use; the semantics are in scene.hpp, "Lasso selection").
//
// The lasso's grid answers for boxes: a box whose cells are all empty with winding != 0 lies in
// the open filled region (every shape in it is selected, in every mode), one whose cells are all
// empty with winding 0 lies outside (none is). A candidate in between gets the exact test against
// only the edges listed in its cells, and winding numbers from the grid's rows:
//   intersects       some edge overlaps S, or else the winding number at any point of S is != 0
//   contains, strict no edge overlaps S, and the winding number at any point of S is != 0
//   contains         S with an interior: no edge enters int(S) and the winding number at a point
//                    of S off the path is != 0; or every piece of an edge entering int(S) that has
//                    winding 0 on a side (or sides not known) stays out of int(S)
//   intersects, strict  the same with "winding != 0" and "winding 0" exchanged
// Points and segments, and shapes of zero size (taken as the point or segment they are), are
// sampled exactly along their length: their ends, and one point between each two consecutive
// places where an edge meets them.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <variant>
#include <vector>

#include "collide2d/interior.hpp"
#include "collide2d/lasso.hpp"
#include "collide2d/overlap.hpp"
#include "detail/exact_orientation.hpp"
#include "polygon/path_region.hpp"
#include "polygon/polygon_edges.hpp"
#include "scene/groups.hpp"
#include "scene/lasso_index.hpp"
#include "scene/regions.hpp"
#include "scene/scene_impl.hpp"
#include "scene/segment_box_interior.hpp"

namespace collide2d::detail {

template <class T>
class RegionTest<T, Lasso<T>> {
 public:
  using Cells = typename LassoIndex<T>::CellRange;

  RegionTest(const Lasso<T>& lasso, SelectMode mode, bool strict, T item_margin)
      : index_(lasso.index()),
        mode_(mode),
        strict_(strict),
        marks_(std::size_t(index_.edge_count()), 0u) {
    const Aabb<T> box{{index_.min_x(), index_.min_y()}, {index_.max_x(), index_.max_y()}};
    const T delta = rounding_margin(box);
    outer_ = enlarged_in_range(box, delta);
    contain_outer_ = enlarged_in_range(box, delta + item_margin);
  }

  static constexpr bool box_shaped = false;
  SelectMode mode() const { return mode_; }
  bool strict() const { return strict_; }
  const Aabb<T>& outer() const { return outer_; }
  const Aabb<T>& contain_outer() const { return contain_outer_; }
  bool has_inner() const { return false; }
  const Aabb<T>& inner() const { return outer_; }

  COLLIDE2D_FORCE_INLINE Cells cells(T x0, T y0, T x1, T y1) const {
    return index_.cells(double(x0), double(y0), double(x1), double(y1));
  }
  // The box's cells are all empty with winding 0: nothing in it is in the region.
  bool disjoint(T x0, T y0, T x1, T y1) const {
    if (x1 < outer_.min.x || x0 > outer_.max.x || y1 < outer_.min.y || y0 > outer_.max.y) {
      return true;
    }
    const Cells g = cells(x0, y0, x1, y1);
    return index_.zero_cells(g) == LassoIndex<T>::area(g);
  }
  // The box's cells are all empty with winding != 0: the box lies in the open filled region.
  bool inside(T x0, T y0, T x1, T y1) const {
    const Cells g = cells(x0, y0, x1, y1);
    return index_.filled_cells(g) == LassoIndex<T>::area(g);
  }

  // A leaf's boxes at once (region_classify.hpp's contract), but for `meets` on entry: the boxes
  // that reach the lasso's bounding box (enlarged as contain_outer() in contains mode), the mask
  // the leaf decider computed with the tree's SIMD box tests before calling (select.cpp), which
  // the same test here would only repeat. Each of them gets its cells, both counts from one
  // summed-area lookup.
  void classify(const T* min_x, const T* min_y, const T* max_x, const T* max_y, int count,
                std::uint64_t& meets, std::uint64_t& inside_bits) const {
    std::uint64_t may = meets & (count >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << count) - 1);
    meets = 0, inside_bits = 0;
    classified_count_ = 0, classified_next_ = 0;
    for (; may != 0; may &= may - 1) {
      const int j = lowest_bit(may);
      const Cells g = cells(min_x[j], min_y[j], max_x[j], max_y[j]);
      const int area = LassoIndex<T>::area(g);
      const auto counts = index_.cell_counts(g);
      const bool meets_j = counts.zero != area, inside_j = counts.filled == area;
      meets |= std::uint64_t(meets_j) << j;
      inside_bits |= std::uint64_t(inside_j) << j;
      if (meets_j && !inside_j) {
        classified_[classified_count_++] = {min_x[j], min_y[j], max_x[j], max_y[j], g};
      }
    }
  }

  // The answer for a candidate whose stored box is (x0, y0, x1, y1).
  template <class S>
  bool decide(const S& candidate, T x0, T y0, T x1, T y1) const {
    if (mode_ == SelectMode::contains &&
        !(contain_outer_.min.x <= x0 && x1 <= contain_outer_.max.x && contain_outer_.min.y <= y0 &&
          y1 <= contain_outer_.max.y)) {
      return false;
    }
    // The leaf's candidates come in the order classify found them: the next one's cells and
    // counts are known when its box is the one classify saw (they depend on the box alone).
    const Classified* known = nullptr;
    if (classified_next_ < classified_count_) {
      const Classified& c = classified_[classified_next_];
      if (c.x0 == x0 && c.y0 == y0 && c.x1 == x1 && c.y1 == y1) known = &c, ++classified_next_;
    }
    if constexpr (is_scene_group_v<S>) {
      return decide_group(candidate);
    } else {
      // A simple polygon (scene_polygons.hpp) as the one region it is, like any shape.
      const auto& shape = entry_shape(candidate);
      if (known) return decide_in_cells(shape, x0, y0, x1, y1, known->g);
      return decide_in_box(shape, x0, y0, x1, y1);
    }
  }
  template <class S>
  bool decide(const S& candidate, const Aabb<T>& box) const {
    return decide(candidate, box.min.x, box.min.y, box.max.x, box.max.y);
  }

 private:
  using P = Vec2<double>;

  // Some part (intersects) or every part (contains), each with its own cells.
  bool decide_group(const SceneGroup<T>& group) const {
    const bool want = mode_ == SelectMode::intersects;
    for (const Shape<T>& part : group.parts) {
      const bool hit = std::visit(
          [&](const auto& p) {
            const Aabb<T> box = stored_box<T>(p);
            return decide_in_box(p, box.min.x, box.min.y, box.max.x, box.max.y);
          },
          part);
      if (hit == want) return want;
    }
    return !want;
  }

  // A shape within the box (x0, y0, x1, y1): by the cells alone when they are all empty with one
  // kind of winding; by the winding of the one face the box lies in when no edge touches the box
  // (an empty cell it overlaps has that face's winding); else by the exact test on the edges that
  // touch the box. Intersects, and contains with touching excluded, stop at the first edge that
  // overlaps S.
  template <class S>
  bool decide_in_box(const S& s, T x0, T y0, T x1, T y1) const {
    const Cells g = cells(x0, y0, x1, y1);
    const int area = LassoIndex<T>::area(g);
    const auto counts = index_.cell_counts(g);
    if (counts.filled == area) return true;
    if (counts.zero == area) return false;
    return decide_in_cells(s, x0, y0, x1, y1, g);
  }
  // The same for a box whose cells g are neither all empty with winding 0 nor all with winding
  // != 0.
  template <class S>
  bool decide_in_cells(const S& s, T x0, T y0, T x1, T y1, const Cells& g) const {
    const P lo{double(x0), double(y0)}, hi{double(x1), double(y1)};
    const bool intersects = mode_ == SelectMode::intersects;
    if (intersects != strict_) {
      // A point of S in a cell the path does not cross decides alone when its winding number
      // says "meets the region" (intersects) or "not inside" (contains, strict): O(1), and it
      // settles about half of the shapes on the path's band without their edges.
      int w = 0;
      if (index_.known_winding(to_double(any_point(s)), w) && (w != 0) == intersects) {
        return intersects;
      }
      bool touched = false;
      const bool met = any_edge_touching(g, lo, hi, [&](int i) {
        touched = true;
        return overlaps(edge(i), s);
      });
      if (met) return !strict_;
      // S meets no edge: any point of it is off the path.
      bool path = false;
      return (touched ? index_.winding_or_path(to_double(any_point(s)), path)
                      : index_.face_winding(g, lo)) != 0;
    }
    if constexpr (std::is_same_v<S, Obb<T>>) {
      // A box too thin for its corners to span an area (a half extent below the rounding of its
      // coordinates) is, in every exact test, the segment or point its corners make (its cores,
      // interior.cpp): no edge can enter its interior, so it is decided as that segment (found by
      // fuzz_scene: a box 1e-137 thick crossing a lasso's edges, kept out of "intersects" with
      // touching excluded, which the polygon of the same outline selected).
      Segment<T> flat{};
      if (flat_box(s, flat)) return decide_in_cells(flat, x0, y0, x1, y1, g);
    }
    // A point of S in a cell the path does not cross decides alone when its winding number says
    // "not contained" or "meets the open region": O(1), and it settles the shapes straddling it.
    // (At a point in a cell the path crosses, the exact winding number costs about as much as the
    // edges, which settle such a shape at the first that enters it.)
    int w = 0;
    if (index_.known_winding(to_double(any_point(s)), w) &&
        (w != 0) != (mode_ == SelectMode::contains)) {
      return mode_ != SelectMode::contains;
    }
    if constexpr (has_area_v<S>) {
      if (has_interior(s)) {
        return with_interior(s, [&](auto&& f) { return any_edge_touching(g, lo, hi, f); });
      }
    }
    thread_local std::vector<int> edges;
    edges.clear();
    any_edge_touching(g, lo, hi, [&](int i) {
      edges.push_back(i);
      return false;
    });
    if (edges.empty()) return index_.face_winding(g, lo) != 0;
    return decide_shape(s, edges);
  }

  // Whether the box's four corners (as corners() rounds them) lie on one line, exactly; then
  // `flat` is the segment between the two farthest apart.
  static bool flat_box(const Obb<T>& box, Segment<T>& flat) {
    // Both half extents far above the corners' rounding (a few ulps of the largest coordinate):
    // certainly an area, with no exact test (the common case).
    const Vec2<T> h = box.half_extents;
    const T scale = std::abs(box.center.x) + std::abs(box.center.y) + h.x + h.y;
    if (std::min(h.x, h.y) > T(16) * std::numeric_limits<T>::epsilon() * scale) return false;
    Vec2<T> c[4];
    corners(box, c);
    if (orientation_sign(c[0], c[1], c[2]) != 0 || orientation_sign(c[0], c[2], c[3]) != 0 ||
        orientation_sign(c[0], c[1], c[3]) != 0)
      return false;
    flat = {c[0], c[0]};
    double longest = -1;
    for (int i = 0; i < 4; ++i) {
      for (int j = i + 1; j < 4; ++j) {
        const double d = distance_squared(to_double(c[i]), to_double(c[j]));
        if (d > longest) longest = d, flat = {c[i], c[j]};
      }
    }
    return true;
  }

  // f(edge) for the edges listed in the cells that may share a point with the closed box
  // [lo, hi] (their boxes overlap it, and its corners are not certainly all on one side of their
  // line), until f returns true; whether it did. Every edge that touches the box is among them,
  // each once: a box spans about 25 cells of a lasso of 200 points and an edge crosses several of
  // them, so an edge already met for this box (marked with the call's token) is skipped before
  // its tests.
  template <class F>
  bool any_edge_touching(const Cells& g, P lo, P hi, F&& f) const {
    const P centre{0.5 * lo.x + 0.5 * hi.x, 0.5 * lo.y + 0.5 * hi.y};
    const P half{0.5 * (hi.x - lo.x), 0.5 * (hi.y - lo.y)};
    const P reach{std::abs(centre.x) + half.x, std::abs(centre.y) + half.y};
    constexpr double eps = std::numeric_limits<double>::epsilon();
    if (++token_ == 0) {  // wrapped: no mark may equal a new token
      std::fill(marks_.begin(), marks_.end(), 0u);
      token_ = 1;
    }
    const std::uint32_t token = token_;
    std::uint32_t* marks = marks_.data();
    return index_.any_edge(g, [&](int i) {
      if (marks[i] == token) return false;
      marks[i] = token;
      const LassoEdge& e = index_.edge(i);
      if (e.x1 < lo.x || e.x0 > hi.x || e.y1 < lo.y || e.y0 > hi.y) return false;
      // The least and greatest n . x - c over the box, rounding bounded by 64 ulps of the terms
      // (e.err: the edge's own share).
      const double d = e.nx * centre.x + e.ny * centre.y - e.c;
      const double r = std::abs(e.nx) * half.x + std::abs(e.ny) * half.y;
      const double err = e.err + 64 * eps * (std::abs(e.nx) * reach.x + std::abs(e.ny) * reach.y);
      if (d - r > err || d + r < -err) return false;
      return bool(f(i));
    });
  }

  Segment<T> edge(int i) const { return {index_.edge_start(i), index_.edge_end(i)}; }
  bool in_region(P q) const { return in_path_region(index_, q, false); }
  bool in_open_region(P q) const { return in_path_region(index_, q, true); }

  template <class S>
  bool decide_shape(const S& s, const std::vector<int>& edges) const {
    if (mode_ == SelectMode::intersects && !strict_) {
      for (const int i : edges)
        if (overlaps(edge(i), s)) return true;
      return index_.winding(to_double(any_point(s))) != 0;
    }
    if (mode_ == SelectMode::contains && strict_) {
      for (const int i : edges)
        if (overlaps(edge(i), s)) return false;
      return index_.winding(to_double(any_point(s))) != 0;
    }
    // Contains (closed) or intersects with touching excluded: by what S is made of.
    if constexpr (std::is_same_v<S, Point<T>>) {
      return mode_ == SelectMode::contains ? in_region(to_double(s)) : in_open_region(to_double(s));
    } else if constexpr (std::is_same_v<S, Segment<T>>) {
      return along_segment(to_double(s.a), to_double(s.b), edges);
    } else if constexpr (std::is_same_v<S, Circle<T>>) {
      if (s.radius == T(0)) return decide_shape(Point<T>(s.center), edges);
      return with_interior(s, edges);
    } else if constexpr (std::is_same_v<S, Capsule<T>>) {
      if (s.radius == T(0)) return along_segment(to_double(s.a), to_double(s.b), edges);
      return with_interior(s, edges);
    } else if constexpr (std::is_same_v<S, Aabb<T>>) {
      if (s.min.x == s.max.x || s.min.y == s.max.y) {
        return along_segment(to_double(s.min), to_double(s.max), edges);
      }
      return with_interior(s, edges);
    } else if constexpr (std::is_same_v<S, Obb<T>>) {
      if (s.half_extents.x == T(0) || s.half_extents.y == T(0)) {
        // The segment between its corners, rounded like any Obb's corners.
        const Vec2<T> h =
            s.half_extents.x * s.rotation.x_axis() + s.half_extents.y * s.rotation.y_axis();
        return along_segment(to_double(s.center - h), to_double(s.center + h), edges);
      }
      return with_interior(s, edges);
    } else {
      return with_interior(s, edges);
    }
  }

  // Contains, or intersects with touching excluded, for S with an interior, edge by edge,
  // stopping at the first that decides.
  template <class S, class EdgeLoop>
  bool with_interior(const S& s, EdgeLoop&& each_edge) const {
    bool entered = false;
    const bool decided = each_edge([&](int i) { return edge_decides(s, i, entered); });
    const bool contains_mode = mode_ == SelectMode::contains;
    if (decided) return !contains_mode;
    if (entered) return contains_mode;
    // int(S) lies in one face of the path: its winding number decides.
    P points[max_polygon_vertices + 1];
    const int n = interior_candidates(s, points);
    for (int k = 0; k < n; ++k) {
      bool path = false;
      const int w = index_.winding_or_path(points[k], path);
      if (!path) return w != 0;
    }
    return true;  // S outlined by the path at every candidate point (the band: see scene.hpp)
  }
  template <class S>
  bool with_interior(const S& s, const std::vector<int>& edges) const {
    return with_interior(s, [&](auto&& f) { return std::any_of(edges.begin(), edges.end(), f); });
  }
  // Whether edge i enters int(S) (then `entered`) with a piece that decides: in contains mode one
  // with winding 0 on a side, which puts points of S outside; else one with winding != 0 on a
  // side, which puts points of int(S) inside. Pieces whose sides are not known decide too.
  template <class S>
  bool edge_decides(const S& s, int i, bool& entered) const {
    const Segment<T> e = edge(i);
    if (e.a.x == e.b.x && e.a.y == e.b.y) return false;  // a point of its neighbours
    if (!enters(e, s)) return false;
    entered = true;
    const bool contains_mode = mode_ == SelectMode::contains;
    for (const LassoPiece* p = index_.pieces_begin(i); p != index_.pieces_end(i); ++p) {
      const bool telling = !p->known || (contains_mode ? p->left == 0 || p->right == 0
                                                       : p->left != 0 || p->right != 0);
      if (!telling) continue;
      if (p->t0 == 0.0 && p->t1 == 1.0) return true;
      if (enters(Segment<T>{point_at(e, p->t0), point_at(e, p->t1)}, s)) return true;
    }
    return false;
  }
  // overlaps_interior(e, s), by its own arithmetic without the cores for a rotated box.
  template <class S>
  static bool enters(const Segment<T>& e, const S& s) {
    if constexpr (std::is_same_v<S, Obb<T>>) {
      return segment_obb_interiors_meet(e, s);
    } else {
      return overlaps_interior(e, s);
    }
  }
  static Vec2<T> point_at(const Segment<T>& e, double t) {
    if (t == 0.0) return e.a;
    if (t == 1.0) return e.b;
    const P a = to_double(e.a), b = to_double(e.b);
    return {T(a.x + t * (b.x - a.x)), T(a.y + t * (b.y - a.y))};
  }

  bool along_segment(P a, P b, const std::vector<int>& edges) const {
    return detail::along_segment(index_, a, b, edges, mode_ == SelectMode::contains);
  }

  const LassoIndex<T>& index_;
  SelectMode mode_;
  bool strict_;
  // Per edge, the token of the last any_edge_touching call that met it (one query, one thread).
  mutable std::vector<std::uint32_t> marks_;
  mutable std::uint32_t token_ = 0;
  // The last leaf's candidates (neither certainly inside nor certainly out) as classify found
  // them, with their cells; decide takes them in order.
  struct Classified {
    T x0, y0, x1, y1;
    Cells g;
  };
  mutable Classified classified_[64];
  mutable int classified_count_ = 0, classified_next_ = 0;
  Aabb<T> outer_{};
  Aabb<T> contain_outer_{};
};

}  // namespace collide2d::detail
