// The Lasso's acceleration structure (lasso_index.hpp) and make_lasso.
#include "scene/lasso_index.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>

#include "collide2d/lasso.hpp"
#include "collide2d/shapes.hpp"
#include "detail/exact_orientation.hpp"
#include "detail/format.hpp"

namespace collide2d {
namespace detail {

namespace {

using P = Vec2<double>;

int orient(P a, P b, P p) {
  return orientation_sign(a, b, p);
}

// The parameter of p's projection on the line through a and b (a != b).
double param_on(P a, P b, P p) {
  const P d = b - a;
  return dot(p - a, d) / dot(d, d);
}

}  // namespace

template <class T>
LassoIndex<T>::LassoIndex(std::vector<Vec2<T>> points, bool pieces) : points_(std::move(points)) {
  p_.reserve(points_.size());
  min_x_ = max_x_ = points_[0].x;
  min_y_ = max_y_ = points_[0].y;
  for (const Vec2<T>& q : points_) {
    p_.push_back({double(q.x), double(q.y)});
    min_x_ = std::min(min_x_, q.x), max_x_ = std::max(max_x_, q.x);
    min_y_ = std::min(min_y_, q.y), max_y_ = std::max(max_y_, q.y);
  }
  constexpr double eps = std::numeric_limits<double>::epsilon();
  for (std::size_t i = 0; i < p_.size(); ++i) {
    const P a = p_[i], b = p_[i + 1 == p_.size() ? 0 : i + 1];
    const P n{a.y - b.y, b.x - a.x};
    const double c = n.x * a.x + n.y * a.y;
    // The rounding of n (which tilts the line about a) and of c, for the edge's own coordinates;
    // edges_touching (lasso_region.hpp) adds the box's share.
    const double err = 64 * eps *
                       (std::abs(c) + std::abs(n.x) * std::max(std::abs(a.x), std::abs(b.x)) +
                        std::abs(n.y) * std::max(std::abs(a.y), std::abs(b.y)));
    edges_.push_back({std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x),
                      std::max(a.y, b.y), n.x, n.y, c, err});
  }
  build_grid();
  build_rows();
  build_cell_windings();
  if (pieces) {
    build_pieces();
  } else {
    piece_start_.assign(p_.size() + 1, 0);
  }
}

// About 16 cells per edge (measured on 200-point lassos: a finer grid leaves fewer candidate
// shapes in cells that the path crosses), square cells, at most 2048 a side.
template <class T>
void LassoIndex<T>::build_grid() {
  x0_ = double(min_x_), y0_ = double(min_y_);
  const double sx = double(max_x_) - x0_, sy = double(max_y_) - y0_;
  const double target = std::clamp(16.0 * double(p_.size()), 64.0, double(1 << 20));
  constexpr double most = 2048;
  double fx = 1, fy = 1;
  if (sx > 0 && sy > 0) {
    const double side = std::sqrt(sx * sy / target);
    fx = std::clamp(std::ceil(sx / side), 1.0, most),
    fy = std::clamp(std::ceil(sy / side), 1.0, most);
  } else if (sx > 0) {
    fx = std::min(target, most);
  } else if (sy > 0) {
    fy = std::min(target, most);
  }
  nx_ = int(fx), ny_ = int(fy);
  last_col_ = double(nx_ - 1), last_row_ = double(ny_ - 1);
  w_ = sx > 0 ? sx / fx : 1.0;
  h_ = sy > 0 ? sy / fy : 1.0;
  inv_w_ = 1.0 / w_, inv_h_ = 1.0 / h_;
  std::vector<std::vector<std::uint32_t>> lists(std::size_t(nx_) * std::size_t(ny_));
  for (int i = 0; i < edge_count(); ++i)
    mark_edge(i, lists);
  cell_start_.assign(1, 0);
  for (const auto& list : lists) {
    cell_edges_.insert(cell_edges_.end(), list.begin(), list.end());
    cell_start_.push_back(std::uint32_t(cell_edges_.size()));
  }
}

// Every cell holding a point of edge i, and possibly a few more: column by column, the edge's y
// range over the column widened by a millionth of a cell and by the rounding of the
// interpolation; the rows are clamped to those of the edge's ends, which are exact.
template <class T>
void LassoIndex<T>::mark_edge(int i, std::vector<std::vector<std::uint32_t>>& lists) const {
  const P a = p_[std::size_t(i)], b = end_point(i);
  const int c_lo = col(std::min(a.x, b.x)), c_hi = col(std::max(a.x, b.x));
  const int r_lo = row(std::min(a.y, b.y)), r_hi = row(std::max(a.y, b.y));
  auto mark = [&](int c, int r0, int r1) {
    for (int r = std::max(r0, r_lo); r <= std::min(r1, r_hi); ++r)
      lists[std::size_t(r) * std::size_t(nx_) + std::size_t(c)].push_back(std::uint32_t(i));
  };
  if (c_lo == c_hi) {
    mark(c_lo, r_lo, r_hi);
    return;
  }
  constexpr double eps = std::numeric_limits<double>::epsilon();
  const double slope = (b.y - a.y) / (b.x - a.x);
  const double scale_x = std::max(std::abs(x0_), std::abs(x0_ + double(nx_) * w_));
  const double scale_y = std::max(std::abs(a.y), std::abs(b.y));
  const double ex = 1e-6 * w_ + 16 * eps * scale_x;
  const double ey = 1e-6 * h_ + 64 * eps * (scale_y + std::abs(slope) * (scale_x + ex));
  const double lo_x = std::min(a.x, b.x), hi_x = std::max(a.x, b.x);
  for (int c = c_lo; c <= c_hi; ++c) {
    const double xl = std::max(lo_x, x0_ + double(c) * w_ - ex);
    const double xr = std::min(hi_x, x0_ + double(c + 1) * w_ + ex);
    const double ya = a.y + (xl - a.x) * slope, yb = a.y + (xr - a.x) * slope;
    mark(c, row(std::min(ya, yb) - ey), row(std::max(ya, yb) + ey));
  }
}

template <class T>
void LassoIndex<T>::build_rows() {
  std::vector<std::vector<std::uint32_t>> lists{std::size_t(ny_)};
  for (int i = 0; i < edge_count(); ++i) {
    const P a = p_[std::size_t(i)], b = end_point(i);
    if (a.y == b.y) continue;  // horizontal edges cross no horizontal ray
    for (int r = row(std::min(a.y, b.y)); r <= row(std::max(a.y, b.y)); ++r)
      lists[std::size_t(r)].push_back(std::uint32_t(i));
  }
  row_start_.assign(1, 0);
  for (const auto& list : lists) {
    row_edges_.insert(row_edges_.end(), list.begin(), list.end());
    row_start_.push_back(std::uint32_t(row_edges_.size()));
  }
}

// Sunday's rule: an upward edge with q strictly left of it counts +1, a downward edge with q
// strictly right of it -1, each edge half-open in y so that a vertex at q's height counts once.
template <class T>
int LassoIndex<T>::winding(Vec2<double> q) const {
  if (q.y < double(min_y_) || q.y > double(max_y_) || q.x > double(max_x_)) return 0;
  const std::size_t r = std::size_t(row(q.y));
  int w = 0;
  for (std::uint32_t k = row_start_[r]; k < row_start_[r + 1]; ++k)
    w += crossing(row_edges_[k], q);
  return w;
}

// Sunday's rule for edge i alone: +1, -1 or 0.
template <class T>
int LassoIndex<T>::crossing(std::size_t i, Vec2<double> q) const {
  const P a = p_[i], b = p_[i + 1 == p_.size() ? 0 : i + 1];
  if (a.y <= q.y) return b.y > q.y && orient(a, b, q) > 0 ? 1 : 0;
  return b.y <= q.y && orient(a, b, q) < 0 ? -1 : 0;
}

template <class T>
int LassoIndex<T>::face_winding(const CellRange& g, Vec2<double> corner) const {
  for (int r = g.r0; r <= g.r1; ++r) {
    for (int c = g.c0; c <= g.c1; ++c) {
      const std::size_t cell = std::size_t(r) * std::size_t(nx_) + std::size_t(c);
      if (cell_known_[cell]) return cell_winding_[cell];
    }
  }
  return winding(corner);
}

template <class T>
bool LassoIndex<T>::on_path(Vec2<double> q) const {
  if (q.x < double(min_x_) || q.x > double(max_x_) || q.y < double(min_y_) ||
      q.y > double(max_y_)) {
    return false;
  }
  const CellRange g = cells(q.x, q.y, q.x, q.y);
  bool hit = false;
  for_each_edge(g, [&](int i) {
    const P a = p_[std::size_t(i)], b = end_point(i);
    hit = hit || on_closed_segment(a, b, q);
  });
  return hit;
}

// An empty cell is path-free and connected (with the clamping of col and row, the outer cells
// reach to infinity, still path-free): one winding number, taken at its centre. A centre that
// rounds into another cell (cells within rounding of the coordinates' size) leaves the cell
// unclassified, as if the path crossed it.
//
// Along a row the centres share their y: Sunday's sum at the centre of cell c differs from that
// at the centre of cell c - 1 only by the edges with a point on the segment between them, which
// lies in the two cells, so those edges are listed there; the sum is carried along the row with
// the two cells' edges (each once: the lists are in edge order), exactly, and the row scan
// (winding) runs only at a row's first centre and after a centre that rounds out of its cell.
template <class T>
void LassoIndex<T>::build_cell_windings() {
  const std::size_t cols = std::size_t(nx_) + 1;
  cell_winding_.assign(std::size_t(nx_) * std::size_t(ny_), 0);
  cell_known_.assign(cell_winding_.size(), 0);
  cell_sum_.assign(cols * (std::size_t(ny_) + 1), 0);
  for (int r = 0; r < ny_; ++r) {
    bool carried = false;  // sum holds Sunday's sum at prev, the centre of cell c - 1
    int sum = 0;
    P prev{};
    for (int c = 0; c < nx_; ++c) {
      const std::size_t cell = std::size_t(r) * std::size_t(nx_) + std::size_t(c);
      std::uint64_t zero = 0, filled = 0;
      const P centre{x0_ + (double(c) + 0.5) * w_, y0_ + (double(r) + 0.5) * h_};
      const bool own = col(centre.x) == c && row(centre.y) == r;
      if (own && carried) {
        // The union of the two sorted lists, each edge once.
        std::uint32_t k = cell_start_[cell - 1], l = cell_start_[cell];
        const std::uint32_t k_end = cell_start_[cell], l_end = cell_start_[cell + 1];
        while (k < k_end || l < l_end) {
          std::uint32_t i;
          if (l == l_end || (k < k_end && cell_edges_[k] < cell_edges_[l])) {
            i = cell_edges_[k++];
          } else {
            i = cell_edges_[l++];
            if (k < k_end && cell_edges_[k] == i) ++k;
          }
          sum += crossing(i, centre) - crossing(i, prev);
        }
      } else if (own) {
        sum = winding(centre);
      }
      carried = own, prev = centre;
      if (own && cell_start_[cell] == cell_start_[cell + 1]) {
        cell_winding_[cell] = sum;
        cell_known_[cell] = 1;
        zero = sum == 0 ? 1 : 0;
        filled = 1 - zero;
      }
      const std::size_t at = std::size_t(r + 1) * cols + std::size_t(c + 1);
      cell_sum_[at] = (zero | filled << 32) + cell_sum_[at - 1] + cell_sum_[at - cols] -
                      cell_sum_[at - cols - 1];
    }
  }
}

// The parameters where other edges cross or touch edge i (strictly inside it), from every pair of
// edges that share a cell.
template <class T>
void LassoIndex<T>::split_edges(std::vector<std::vector<double>>& cuts) {
  auto add = [&](int i, double t) {
    if (t > 0 && t < 1) cuts[std::size_t(i)].push_back(t);
  };
  for (std::size_t cell = 0; cell + 1 < cell_start_.size(); ++cell) {
    for (std::uint32_t k = cell_start_[cell]; k < cell_start_[cell + 1]; ++k) {
      for (std::uint32_t l = k + 1; l < cell_start_[cell + 1]; ++l) {
        const int i = int(cell_edges_[k]), j = int(cell_edges_[l]);
        const P a = p_[std::size_t(i)], b = end_point(i), c = p_[std::size_t(j)], d = end_point(j);
        if ((a.x == b.x && a.y == b.y) || (c.x == d.x && c.y == d.y) ||
            !closed_segments_meet(a, b, c, d))
          continue;
        const int o1 = orient(a, b, c), o2 = orient(a, b, d);
        if (o1 == 0 && o2 == 0) {  // collinear: each cut where the other's ends lie on it
          add(i, param_on(a, b, c)), add(i, param_on(a, b, d));
          add(j, param_on(c, d, a)), add(j, param_on(c, d, b));
          continue;
        }
        // A crossing or touching point; a shared end (consecutive edges) gives 0 or 1: no cut.
        const int o3 = orient(c, d, a), o4 = orient(c, d, b);
        const double den = cross(b - a, d - c);
        const double t = o3 == 0 ? 0.0 : o4 == 0 ? 1.0 : cross(c - a, d - c) / den;
        const double u = o1 == 0 ? 0.0 : o2 == 0 ? 1.0 : cross(c - a, b - a) / den;
        add(i, t), add(j, u);
      }
    }
  }
}

template <class T>
void LassoIndex<T>::build_pieces() {
  std::vector<std::vector<double>> cuts(p_.size());
  split_edges(cuts);
  piece_start_.assign(1, 0);
  for (int i = 0; i < edge_count(); ++i) {
    const P a = p_[std::size_t(i)], b = end_point(i);
    if (!(a.x == b.x && a.y == b.y)) {
      std::vector<double>& t = cuts[std::size_t(i)];
      t.push_back(0.0), t.push_back(1.0);
      std::sort(t.begin(), t.end());
      t.erase(std::unique(t.begin(), t.end()), t.end());
      for (std::size_t k = 0; k + 1 < t.size(); ++k) {
        LassoPiece piece{t[k], t[k + 1], 0, 0, false};
        piece.known = side_windings(i, 0.5 * (t[k] + t[k + 1]), piece);
        pieces_.push_back(piece);
      }
    }
    piece_start_.push_back(std::uint32_t(pieces_.size()));
  }
}

// The winding numbers just left and right of edge i at parameter t: at m +- s * perp(d), for the
// first s (shrinking) that puts the two points strictly on either side of the edge's line with no
// edge but those on that line between them, which makes them points of the two faces beside the
// piece. Exact tests throughout; false when no s works.
template <class T>
bool LassoIndex<T>::side_windings(int i, double t, LassoPiece& piece) const {
  const P a = p_[std::size_t(i)], b = end_point(i);
  const P d = b - a, n{-d.y, d.x};
  const P m = a + t * d;
  double s = std::min(1e-3, 0.25 * (piece.t1 - piece.t0));
  for (int attempt = 0; attempt < 16; ++attempt, s *= 1.0 / 16) {
    const P left = m + s * n, right = m - s * n;
    if (orient(a, b, left) <= 0 || orient(a, b, right) >= 0) continue;
    const CellRange g = cells(std::min(left.x, right.x), std::min(left.y, right.y),
                              std::max(left.x, right.x), std::max(left.y, right.y));
    bool clear = true;
    for_each_edge(g, [&](int j) {
      if (!clear || j == i) return;
      const P c = p_[std::size_t(j)], e = end_point(j);
      if (orient(a, b, c) == 0 && orient(a, b, e) == 0) return;  // on edge i's line
      clear = !closed_segments_meet(left, right, c, e);
    });
    if (!clear) continue;
    piece.left = winding(left);
    piece.right = winding(right);
    return true;
  }
  return false;
}

template class LassoIndex<float>;
template class LassoIndex<double>;

}  // namespace detail

template <class T>
const std::vector<Vec2<T>>& Lasso<T>::points() const {
  static const std::vector<Vec2<T>> none;
  return index_ ? index_->points() : none;
}

template <class T>
Built<Lasso<T>> make_lasso(std::span<const Vec2<T>> points) {
  if (points.size() < 3) {
    return Built<Lasso<T>>::failure("make_lasso: a lasso needs at least 3 points, got " +
                                    std::to_string(points.size()));
  }
  for (std::size_t i = 0; i < points.size(); ++i) {
    std::string error = validation_error(Point<T>(points[i]));
    // Exact orientation signs need products of coordinate differences that do not overflow.
    if (error.empty() &&
        (std::abs(double(points[i].x)) > 1e150 || std::abs(double(points[i].y)) > 1e150)) {
      error = "a coordinate beyond 1e150 in magnitude";
    }
    if (!error.empty()) {
      return Built<Lasso<T>>::failure("make_lasso: point " + std::to_string(i) + " " +
                                      detail::format_point(points[i]) + " is invalid: " + error);
    }
  }
  Lasso<T> lasso;
  lasso.index_ = std::make_shared<const detail::LassoIndex<T>>(
      std::vector<Vec2<T>>(points.begin(), points.end()));
  return lasso;
}

template class Lasso<float>;
template class Lasso<double>;
template Built<Lasso<float>> make_lasso(std::span<const Vec2<float>>);
template Built<Lasso<double>> make_lasso(std::span<const Vec2<double>>);

}  // namespace collide2d
