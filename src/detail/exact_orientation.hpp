// Private: the exact sign of an orientation, cross(b - a, p - a), for float and double input.
//
// Shewchuk's method ("Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
// Predicates", 1997): the determinant in double with his error bound decides almost every case;
// the rest are decided exactly, as a sum of six products of the inputs, each split into its
// rounded value and its rounding error (std::fma: error-free), summed by Grow-Expansion into a
// nonoverlapping expansion whose largest nonzero component has the sign of the exact sum.
// Float input is converted to double, which is exact. Exact as long as no product overflows or
// underflows (|coordinates| within about 1e-150 .. 1e150 in double, any float); a product that
// overflows gives the sign of the rounded determinant, 0 when that is NaN. Like all of
// Shewchuk's predicates it needs IEEE double arithmetic rounded to nearest, without extended
// precision (SSE2 on x86-64, WebAssembly); a compiler contracting a product and a sum into an FMA
// only makes the filter's determinant more accurate, within the same bound.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "collide2d/math.hpp"

namespace collide2d::detail {

// The sign of the exact sum of v[0..n), n <= 12: v is overwritten by the expansion (Knuth's
// TwoSum, Shewchuk's Grow-Expansion, zero components left in place), whose components increase in
// magnitude, so the sum's sign is that of the last nonzero one.
inline int exact_sum_sign(double* v, int n) {
  for (int i = 1; i < n; ++i) {
    double q = v[i];
    for (int j = 0; j < i; ++j) {
      const double s = q + v[j];
      const double b_virtual = s - q;
      const double a_virtual = s - b_virtual;
      v[j] = (q - a_virtual) + (v[j] - b_virtual);
      q = s;
    }
    v[i] = q;
  }
  for (int i = n - 1; i >= 0; --i) {
    if (v[i] != 0.0) return v[i] > 0.0 ? 1 : -1;
  }
  return 0;
}

// The exact sum of any number of doubles, kept as Shewchuk's nonoverlapping expansion (his
// Grow-Expansion with zero elimination: each new term goes through the components by TwoSum, from
// the smallest), and rounded once at the end by adding the components from the smallest: within
// about an ulp of the exact sum, and of its sign. Exact while no sum overflows.
class ExactSum {
 public:
  void add(double x) {
    std::size_t out = 0;
    for (std::size_t i = 0; i < parts_.size(); ++i) {
      const double e = parts_[i];
      const double sum = x + e;  // Knuth's TwoSum: sum + error == x + e exactly
      const double b = sum - x;
      const double error = (x - (sum - b)) + (e - b);
      if (error != 0.0) parts_[out++] = error;
      x = sum;
    }
    parts_.resize(out);
    if (x != 0.0) parts_.push_back(x);
  }
  double value() const {
    double sum = 0.0;
    for (const double e : parts_)
      sum += e;
    return sum;
  }

 private:
  std::vector<double> parts_;  // increasing magnitude, nonoverlapping, no zeros
};

// sign(cross(b - a, p - a)): 1 when p is to the left of a -> b (counter-clockwise), -1 to the
// right, 0 on the line, exactly (see above).
template <class T>
int orientation_sign(Vec2<T> a, Vec2<T> b, Vec2<T> p) {
  const double ax = static_cast<double>(a.x);
  const double ay = static_cast<double>(a.y);
  const double bx = static_cast<double>(b.x);
  const double by = static_cast<double>(b.y);
  const double px = static_cast<double>(p.x);
  const double py = static_cast<double>(p.y);
  const double left = (bx - ax) * (py - ay);
  const double right = (by - ay) * (px - ax);
  const double det = left - right;
  // Shewchuk's ccwerrboundA: |det - exact| <= (3 + 16 eps) eps (|left| + |right|), eps = 2^-53.
  constexpr double eps = 0x1p-53;
  const double bound = (3.0 + 16.0 * eps) * eps * (std::abs(left) + std::abs(right));
  if (det > bound || -det > bound) return det > 0.0 ? 1 : -1;
  // The six products of the expanded determinant (the ax ay terms cancel), each as value + error.
  const double u[6] = {bx, -by, by, -bx, ay, -ax};
  const double w[6] = {py, px, ax, ay, px, py};
  double terms[12];
  for (int k = 0; k < 6; ++k) {
    const double product = u[k] * w[k];
    if (!std::isfinite(product)) return det > 0.0 ? 1 : det < 0.0 ? -1 : 0;
    terms[2 * k] = std::fma(u[k], w[k], -product);
    terms[2 * k + 1] = product;
  }
  return exact_sum_sign(terms, 12);
}

// Do the closed segments ab and cd share a point? Exactly, by the four orientation signs; when
// all are 0 the segments are collinear (or points) and their boxes decide.
template <class T>
bool closed_segments_meet(Vec2<T> a, Vec2<T> b, Vec2<T> c, Vec2<T> d) {
  const int o1 = orientation_sign(a, b, c), o2 = orientation_sign(a, b, d);
  const int o3 = orientation_sign(c, d, a), o4 = orientation_sign(c, d, b);
  if (o1 * o2 > 0 || o3 * o4 > 0) return false;
  if (o1 == 0 && o2 == 0) {
    return std::min(a.x, b.x) <= std::max(c.x, d.x) && std::min(c.x, d.x) <= std::max(a.x, b.x) &&
           std::min(a.y, b.y) <= std::max(c.y, d.y) && std::min(c.y, d.y) <= std::max(a.y, b.y);
  }
  return true;
}

// Does p lie on the closed segment ab? Exactly.
template <class T>
bool on_closed_segment(Vec2<T> a, Vec2<T> b, Vec2<T> p) {
  return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
         p.y <= std::max(a.y, b.y) && orientation_sign(a, b, p) == 0;
}

}  // namespace collide2d::detail
