// Polygon::triangles: ear clipping (Meisters, "Polygons have ears", 1975) with exact orientation
// signs.
//
//   while more than 3 vertices remain:
//     find a vertex v (prev p, next q) that is straight (p, v, q collinear, v between them: its
//     removal changes nothing) or an ear: strictly convex, with no other remaining vertex in the
//     closed triangle p v q
//     emit (p, v, q) and unlink v
//
// A simple polygon of 4 or more vertices has two ears whose diagonals lie in its interior, so the
// search always succeeds; the closed test keeps diagonals off every other vertex, so what remains
// is again simple. Every remaining vertex is tested (a convex one on the diagonal would also make
// the rest non-simple, so testing the reflex ones alone is not enough with closed triangles):
// O(n) per candidate, O(n^3) at worst, about O(n^2) when ears are found near where the last one
// was (the search resumes at the clipped ear's neighbour).
#include <vector>

#include "collide2d/polygon.hpp"
#include "detail/exact_orientation.hpp"
#include "polygon/polygon_triangulate.hpp"

namespace collide2d {

namespace {

template <class T>
class EarClipper {
 public:
  explicit EarClipper(const std::vector<Vec2<T>>& v) : v_(v), next_(v.size()), prev_(v.size()) {
    const int n = int(v.size());
    for (int i = 0; i < n; ++i)
      next_[i] = (i + 1) % n, prev_[i] = (i + n - 1) % n;
  }

  std::vector<std::array<int, 3>> run() {
    std::vector<std::array<int, 3>> out;
    int remaining = int(v_.size()), at = 0, misses = 0;
    while (remaining > 3 && misses <= remaining) {
      const int p = prev_[at], q = next_[at];
      if (!clippable(p, at, q)) {
        at = q, ++misses;
        continue;
      }
      out.push_back({p, at, q});
      next_[p] = q, prev_[q] = p;
      --remaining, misses = 0;
      at = p;
    }
    // Three left (or, were the outline not simple, no ear: the rest as a fan).
    for (int a = at, b = next_[at]; next_[b] != at; b = next_[b])
      out.push_back({a, b, next_[b]});
    return out;
  }

 private:
  int turn(int a, int b, int c) const {
    return detail::orientation_sign(v_[std::size_t(a)], v_[std::size_t(b)], v_[std::size_t(c)]);
  }
  bool clippable(int p, int v, int q) const {
    const int o = turn(p, v, q);
    if (o == 0) return true;  // straight (a simple outline has no spike)
    if (o < 0) return false;
    for (int j = next_[q]; j != p; j = next_[j]) {
      if (turn(p, v, j) >= 0 && turn(v, q, j) >= 0 && turn(q, p, j) >= 0) return false;
    }
    return true;
  }

  const std::vector<Vec2<T>>& v_;
  std::vector<int> next_, prev_;
};

}  // namespace

template <class T>
const std::vector<std::array<int, 3>>& Polygon<T>::triangles() const {
  static const std::vector<std::array<int, 3>> none;
  if (!triangles_) return none;
  std::call_once(triangles_->once,
                 [&] { triangles_->triangles = EarClipper<T>(vertices()).run(); });
  return triangles_->triangles;
}

template const std::vector<std::array<int, 3>>& Polygon<float>::triangles() const;
template const std::vector<std::array<int, 3>>& Polygon<double>::triangles() const;

}  // namespace collide2d
