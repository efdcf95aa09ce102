// Private: what a Lasso builds once for every query (lasso.hpp), in double (float input converts
// exactly), with exact orientation signs (detail/exact_orientation.hpp).
//
// - A grid over the path's bounding box. Cell (c, r) holds the points z with col(z.x) == c and
//   row(z.y) == r, col and row being floor((x - x0) / w) and floor((y - y0) / h): monotone in x and
//   y, so the cells of a box are the ranges of its corners' cells. Each cell lists, conservatively,
//   every edge with a point in it (edges are rasterised column by column with a safety margin of a
//   millionth of a cell); a cell with none is path-free and connected, so one winding number holds
//   in all of it (computed at its centre). Summed-area tables of the empty cells with winding 0
//   and with winding != 0 classify any box of cells in O(1).
// - For winding numbers at arbitrary points: each grid row lists the edges whose y range meets it,
//   and winding() runs Sunday's crossing rule over the point's row only, exactly.
// - The path split at its self-crossings and touchings (parameters along each edge, in double):
//   each piece with the winding number just left and just right of it, found at two points beside
//   the piece's midpoint that are checked, exactly, to lie on either side of the edge with no other
//   edge between them (otherwise the piece's sides are `unknown`).
#pragma once

#include <cstdint>
#include <vector>

#include "collide2d/detail/force_inline.hpp"
#include "collide2d/math.hpp"

#if defined(__SSE2__) && !defined(__EMSCRIPTEN__)
#include <emmintrin.h>
#define COLLIDE2D_LASSO_CELLS_SSE2 1
#else
#define COLLIDE2D_LASSO_CELLS_SSE2 0
#endif

namespace collide2d::detail {

// One stretch of an edge between consecutive self-crossings (or the whole edge), parameters along
// the edge in [0, 1], with the winding numbers on its left and right.
struct LassoPiece {
  double t0;
  double t1;
  int left;
  int right;
  bool known;  // false: the sides could not be told apart (a piece within rounding of a crossing)
};

// An edge as the box tests want it: its box, and its line n . x = c (n = perp(b - a)) with the
// bound on the rounding of n . x - c for points of magnitude up to `scale`'s.
struct LassoEdge {
  double x0, y0, x1, y1;
  double nx, ny, c, err;
};

template <class T>
class LassoIndex {
 public:
  // With pieces = false the path is not split at its self-crossings (pieces_begin/end are empty):
  // a simple polygon (polygon.hpp) has none, and its queries never ask.
  explicit LassoIndex(std::vector<Vec2<T>> points, bool pieces = true);

  const std::vector<Vec2<T>>& points() const { return points_; }
  int edge_count() const { return int(points_.size()); }
  // Edge i runs from point i to point i + 1 (the last back to the first).
  Vec2<T> edge_start(int i) const { return points_[std::size_t(i)]; }
  Vec2<T> edge_end(int i) const {
    return points_[std::size_t(i) + 1 == points_.size() ? 0 : std::size_t(i) + 1];
  }
  // The bounding box of the points, in T (exact: the extreme coordinates).
  T min_x() const { return min_x_; }
  T min_y() const { return min_y_; }
  T max_x() const { return max_x_; }
  T max_y() const { return max_y_; }

  // The cells of a box (clamped to the grid), as a range.
  struct CellRange {
    int c0, r0, c1, r1;
  };
  COLLIDE2D_FORCE_INLINE CellRange cells(double x0, double y0, double x1, double y1) const {
#if COLLIDE2D_LASSO_CELLS_SSE2
    // col and row of both corners, two lanes at a time: the same subtraction, product and clamp
    // (maxpd gives its second operand, 0, for NaN, as clamp_cell does), then truncation.
    const __m128d fx =
        _mm_mul_pd(_mm_sub_pd(_mm_set_pd(x1, x0), _mm_set1_pd(x0_)), _mm_set1_pd(inv_w_));
    const __m128d fy =
        _mm_mul_pd(_mm_sub_pd(_mm_set_pd(y1, y0), _mm_set1_pd(y0_)), _mm_set1_pd(inv_h_));
    const __m128d zero = _mm_setzero_pd();
    const __m128i cx = _mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(fx, zero), _mm_set1_pd(last_col_)));
    const __m128i cy = _mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(fy, zero), _mm_set1_pd(last_row_)));
    return {_mm_cvtsi128_si32(cx), _mm_cvtsi128_si32(cy),
            _mm_cvtsi128_si32(_mm_shuffle_epi32(cx, 1)),
            _mm_cvtsi128_si32(_mm_shuffle_epi32(cy, 1))};
#else
    return {col(x0), row(y0), col(x1), row(y1)};
#endif
  }
  // How many cells of the range are empty with winding 0, and empty with winding != 0.
  struct CellCounts {
    int zero, filled;
  };
  COLLIDE2D_FORCE_INLINE CellCounts cell_counts(const CellRange& range) const {
    const std::uint64_t both = count(range);
    return {int(std::uint32_t(both)), int(both >> 32)};
  }
  COLLIDE2D_FORCE_INLINE int zero_cells(const CellRange& range) const {
    return cell_counts(range).zero;
  }
  COLLIDE2D_FORCE_INLINE int filled_cells(const CellRange& range) const {
    return cell_counts(range).filled;
  }
  static int area(const CellRange& range) {
    return (range.c1 - range.c0 + 1) * (range.r1 - range.r0 + 1);
  }
  // f(edge) for every edge listed in the range's cells (an edge may come more than once).
  template <class F>
  void for_each_edge(const CellRange& range, F&& f) const {
    for (int r = range.r0; r <= range.r1; ++r) {
      for (int c = range.c0; c <= range.c1; ++c) {
        const std::size_t cell = std::size_t(r) * std::size_t(nx_) + std::size_t(c);
        for (std::uint32_t k = cell_start_[cell]; k < cell_start_[cell + 1]; ++k)
          f(int(cell_edges_[k]));
      }
    }
  }

  // The winding number of the face a path-free box lies in: that of an empty cell of the box's
  // range (the cell and the box overlap, both path-free and connected), else the winding at
  // `corner`, a point of the box.
  int face_winding(const CellRange& range, Vec2<double> corner) const;
  const LassoEdge& edge(int i) const {
    return edges_[std::size_t(i)];
  }
  // f(edge) for the edges listed in the range's cells until f returns true; whether it did.
  template <class F>
  bool any_edge(const CellRange& range, F&& f) const {
    for (int r = range.r0; r <= range.r1; ++r) {
      const std::size_t first = std::size_t(r) * std::size_t(nx_);
      for (std::uint32_t k = cell_start_[first + std::size_t(range.c0)];
           k < cell_start_[first + std::size_t(range.c1) + 1]; ++k) {
        if (f(int(cell_edges_[k]))) return true;
      }
    }
    return false;
  }
  // The winding number of the path around q, exactly, for q not on the path.
  int winding(Vec2<double> q) const;
  // Whether q lies on the path, and if not the winding number around it (else 0): from q's cell
  // alone when the cell is empty.
  int winding_or_path(Vec2<double> q, bool& path) const {
    path = false;
    int w = 0;
    if (known_winding(q, w)) return w;
    path = on_path(q);
    return path ? 0 : winding(q);
  }
  // Whether q lies off the path's bounding box or in an empty cell, which the path does not cross;
  // then the winding number around q in w. O(1).
  COLLIDE2D_FORCE_INLINE bool known_winding(Vec2<double> q, int& w) const {
    if (q.x < double(min_x_) || q.x > double(max_x_) || q.y < double(min_y_) ||
        q.y > double(max_y_)) {
      w = 0;
      return true;
    }
    const std::size_t cell = std::size_t(row(q.y)) * std::size_t(nx_) + std::size_t(col(q.x));
    if (!cell_known_[cell]) return false;
    w = cell_winding_[cell];
    return true;
  }
  // Whether q lies on the path (exactly).
  bool on_path(Vec2<double> q) const;
  // The pieces of edge i, in order along it.
  const LassoPiece* pieces_begin(int i) const {
    return pieces_.data() + piece_start_[i];
  }
  const LassoPiece* pieces_end(int i) const {
    return pieces_.data() + piece_start_[i + 1];
  }

 private:
  void build_grid();
  void build_rows();
  void mark_edge(int i, std::vector<std::vector<std::uint32_t>>& lists) const;
  void build_cell_windings();
  int crossing(std::size_t i, Vec2<double> q) const;
  void build_pieces();
  void split_edges(std::vector<std::vector<double>>& cuts);
  bool side_windings(int i, double t, LassoPiece& piece) const;
  // floor((x - x0) * inv_w) clamped to the grid (truncation is the floor once f > 0): monotone.
  // Edge i's end in double (the next point, the first after the last).
  Vec2<double> end_point(int i) const {
    return p_[std::size_t(i) + 1 == p_.size() ? 0 : std::size_t(i) + 1];
  }
  COLLIDE2D_FORCE_INLINE int col(double x) const {
    return clamp_cell((x - x0_) * inv_w_, last_col_);
  }
  COLLIDE2D_FORCE_INLINE int row(double y) const {
    return clamp_cell((y - y0_) * inv_h_, last_row_);
  }
  // A max and a min, in this order so that NaN gives 0: the values of cells()' SSE2 lanes (g++ 12
  // still compiles this scalar form with branches).
  COLLIDE2D_FORCE_INLINE static int clamp_cell(double f, double last) {
    f = f > 0 ? f : 0.0;
    return int(f < last ? f : last);
  }
  // Both counts of the range from the packed table, in one sum: modulo 2^64 the sum of packed
  // values is the packed sum, and both counts of a range lie in [0, 2^32).
  COLLIDE2D_FORCE_INLINE std::uint64_t count(const CellRange& g) const {
    const std::size_t cols = std::size_t(nx_) + 1;
    const std::size_t r0 = std::size_t(g.r0) * cols, r1 = std::size_t(g.r1 + 1) * cols;
    const std::size_t c0 = std::size_t(g.c0), c1 = std::size_t(g.c1) + 1;
    const std::uint64_t* sum = cell_sum_.data();
    return sum[r1 + c1] - sum[r1 + c0] - sum[r0 + c1] + sum[r0 + c0];
  }

  std::vector<Vec2<T>> points_;
  std::vector<Vec2<double>> p_;  // the points in double
  std::vector<LassoEdge> edges_;
  T min_x_{}, min_y_{}, max_x_{}, max_y_{};
  double x0_ = 0, y0_ = 0, w_ = 1, h_ = 1;
  double inv_w_ = 1, inv_h_ = 1;          // (x - x0) * inv_w: monotone in x, like the division
  std::vector<std::uint8_t> cell_known_;  // per cell: empty, with its winding
  int nx_ = 1, ny_ = 1;
  double last_col_ = 0, last_row_ = 0;     // nx - 1 and ny - 1
  std::vector<std::uint32_t> cell_start_;  // CSR: edges of cell r * nx + c
  std::vector<std::uint32_t> cell_edges_;
  std::vector<std::int32_t> cell_winding_;  // per cell; meaningful for empty cells
  // (nx + 1) x (ny + 1) summed-area table of the empty cells with winding 0 (low 32 bits) and
  // with winding != 0 (high 32 bits)
  std::vector<std::uint64_t> cell_sum_;
  std::vector<std::uint32_t> row_start_;  // CSR: edges meeting row r's y range
  std::vector<std::uint32_t> row_edges_;
  std::vector<std::uint32_t> piece_start_;
  std::vector<LassoPiece> pieces_;
};

}  // namespace collide2d::detail
