// The exact reference: see exact_reference.hpp for the model.
//
// How the pair questions are answered, all in exact arithmetic:
//
// 1. The cores intersect exactly when no separating axis exists. For convex polygons the candidate
//    axes are the edge perpendiculars of both (unnormalised: a projection's sign and order need no
//    unit vector). Cores with fewer than 3 vertices are degenerate polygons: a segment core adds
//    its perpendicular and its own direction (the latter separates collinear segments that do not
//    meet), and two point cores use the coordinate axes. Extra axes never hurt: any axis on which
//    the projections are disjoint proves separation.
// 2. Cores that do not intersect are closest at a vertex of one and an edge of the other, so their
//    squared distance is the minimum of the vertex-to-edge squared distances both ways; the
//    squared distance from a point to a segment is rational (cross^2 / |d|^2 beside the segment).
// 3. Intersecting cores have penetration depth min over all unit directions u of
//    min(maxA - minB, maxB - minA) along u; the minimum is reached at an edge normal of the
//    Minkowski difference, which the axis set of 1. contains, so the minimum over those axes of
//    overlap_i / |axis_i| is exact. Its square overlap_i^2 / |axis_i|^2 is rational.
//
// For speed the rationals of one question are brought to a common denominator D first (for
// floating-point input D is a power of two), after which everything is integer arithmetic on
// mpz_class: the formulas are homogeneous, so scaling every coordinate, radius and tolerance by D
// changes no comparison.
#include "exact_reference.hpp"

#include <gmp.h>

#include <cstddef>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace collide2d::reference {

namespace {

struct IPoint {
  mpz_class x;
  mpz_class y;
};

// A list of integer points whose storage is kept between questions.
class IPoints {
 public:
  void resize(std::size_t n) {
    if (storage_.size() < n) storage_.resize(n);
    size_ = n;
  }
  std::size_t size() const { return size_; }
  IPoint& operator[](std::size_t i) { return storage_[i]; }
  const IPoint& operator[](std::size_t i) const { return storage_[i]; }

 private:
  std::vector<IPoint> storage_;
  std::size_t size_ = 0;
};

// Brings the rationals of one question to integers over their common denominator D.
class Scaler {
 public:
  void reset() { d_ = 1; }
  void add(const mpq_class& q) {
    if (q.get_den() != 1) mpz_lcm(d_.get_mpz_t(), d_.get_mpz_t(), q.get_den_mpz_t());
  }
  void add(const ExactShape& s) {
    for (const QPoint& p : s.core) {
      add(p.x);
      add(p.y);
    }
    add(s.radius);
  }
  // out = q * D.
  void scale(const mpq_class& q, mpz_class& out) const {
    mpz_divexact(out.get_mpz_t(), d_.get_mpz_t(), q.get_den_mpz_t());
    out *= q.get_num();
  }
  void scale(const std::vector<QPoint>& in, IPoints& out) const {
    out.resize(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
      scale(in[i].x, out[i].x);
      scale(in[i].y, out[i].y);
    }
  }
  const mpz_class& denominator() const { return d_; }

 private:
  mpz_class d_ = 1;
};

// num / den with den > 0.
struct Fraction {
  mpz_class num;
  mpz_class den;
};

// The relation of two integer cores: `value` is their squared distance when apart, their squared
// penetration depth when they intersect (both over D^2). Members are reused scratch space, so that
// nothing is allocated once warm.
class Relator {
 public:
  bool intersect = false;
  Fraction value;

  void relate(const IPoints& a, const IPoints& b) {
    intersect = separating_axes(a, b, value);
    if (!intersect) distance(a, b, value);
  }

 private:
  // 1. and 3.: SAT; returns true on intersection, with depth2 the squared penetration depth.
  bool separating_axes(const IPoints& a, const IPoints& b, Fraction& depth2) {
    axis_count_ = 0;
    add_axes(a);
    add_axes(b);
    if (a.size() == 1 && b.size() == 1) {
      set_axis(1, 0);
      set_axis(0, 1);
    }
    for (std::size_t k = 0; k < axis_count_; ++k) {
      const IPoint& axis = axes_[k];
      project(a, axis, lo_a_, hi_a_);
      project(b, axis, lo_b_, hi_b_);
      if (hi_a_ < lo_b_ || hi_b_ < lo_a_) return false;  // closed sets: equality overlaps
      overlap_ = hi_a_ - lo_b_;
      tmp_ = hi_b_ - lo_a_;
      if (tmp_ < overlap_) overlap_.swap(tmp_);
      cand_.num = overlap_ * overlap_;
      cand_.den = axis.x * axis.x;
      cand_.den += axis.y * axis.y;
      if (k == 0 || less(cand_, depth2)) {
        depth2.num.swap(cand_.num);
        depth2.den.swap(cand_.den);
      }
    }
    return true;
  }

  IPoint& next_axis() {
    if (axes_.size() <= axis_count_) axes_.resize(axis_count_ + 1);
    return axes_[axis_count_++];
  }
  void set_axis(int x, int y) {
    IPoint& axis = next_axis();
    axis.x = x;
    axis.y = y;
  }
  // Edge perpendiculars; a segment also gives its direction.
  void add_axes(const IPoints& c) {
    const std::size_t n = c.size();
    if (n == 2) {
      IPoint& perp = next_axis();
      perp.x = c[0].y - c[1].y;
      perp.y = c[1].x - c[0].x;
      IPoint& along = next_axis();
      along.x = c[1].x - c[0].x;
      along.y = c[1].y - c[0].y;
    } else if (n >= 3) {
      for (std::size_t i = 0; i < n; ++i) {
        const IPoint& p = c[i];
        const IPoint& q = c[i + 1 < n ? i + 1 : 0];
        IPoint& perp = next_axis();  // perp(q - p)
        perp.x = p.y - q.y;
        perp.y = q.x - p.x;
      }
    }
  }

  void project(const IPoints& c, const IPoint& axis, mpz_class& lo, mpz_class& hi) {
    for (std::size_t i = 0; i < c.size(); ++i) {
      dot_ = axis.x * c[i].x;
      dot_ += axis.y * c[i].y;
      if (i == 0) {
        lo = dot_;
        hi = dot_;
      } else if (dot_ < lo) {
        lo = dot_;
      } else if (hi < dot_) {
        hi = dot_;
      }
    }
  }

  // 2.: minimum vertex-to-edge squared distance, both ways.
  void distance(const IPoints& a, const IPoints& b, Fraction& best) {
    bool first = true;
    vertices_to_edges(a, b, best, first);
    vertices_to_edges(b, a, best, first);
  }

  void vertices_to_edges(const IPoints& vertices, const IPoints& c, Fraction& best, bool& first) {
    const std::size_t n = c.size();
    const std::size_t edges = n >= 3 ? n : 1;  // 1 vertex: the point itself; 2: one segment
    for (std::size_t i = 0; i < edges; ++i) {
      const IPoint& e0 = c[i];
      const IPoint& e1 = c[n == 1 ? 0 : (i + 1 < n ? i + 1 : 0)];
      for (std::size_t j = 0; j < vertices.size(); ++j) {
        point_segment(vertices[j], e0, e1, cand_);
        if (first || less(cand_, best)) {
          best.num.swap(cand_.num);
          best.den.swap(cand_.den);
          first = false;
        }
      }
    }
  }

  // Squared distance from p to the segment ab (a point when a == b).
  void point_segment(const IPoint& p, const IPoint& a, const IPoint& b, Fraction& out) {
    dx_ = b.x - a.x;
    dy_ = b.y - a.y;
    wx_ = p.x - a.x;
    wy_ = p.y - a.y;
    along_ = dx_ * wx_;
    along_ += dy_ * wy_;
    if (sgn(along_) <= 0) {  // behind a (or a == b)
      out.num = wx_ * wx_;
      out.num += wy_ * wy_;
      out.den = 1;
      return;
    }
    dd_ = dx_ * dx_;
    dd_ += dy_ * dy_;
    if (along_ >= dd_) {  // past b
      wx_ = p.x - b.x;
      wy_ = p.y - b.y;
      out.num = wx_ * wx_;
      out.num += wy_ * wy_;
      out.den = 1;
      return;
    }
    tmp_ = dx_ * wy_;  // beside: cross(d, w)^2 / |d|^2
    tmp_ -= dy_ * wx_;
    out.num = tmp_ * tmp_;
    out.den = dd_;
  }

  bool less(const Fraction& x, const Fraction& y) {
    lhs_ = x.num * y.den;
    rhs_ = y.num * x.den;
    return lhs_ < rhs_;
  }

  std::vector<IPoint> axes_;
  std::size_t axis_count_ = 0;
  Fraction cand_;
  mpz_class lo_a_, hi_a_, lo_b_, hi_b_, overlap_, tmp_, dot_;
  mpz_class dx_, dy_, wx_, wy_, along_, dd_, lhs_, rhs_;
};

// Everything one question needs, kept between questions.
struct Workspace {
  Scaler scaler;
  IPoints a;
  IPoints b;
  Relator relator;
  mpz_class radius_sum;
  mpz_class extra;  // the tolerance or distance of the question, scaled
  mpz_class bound;
  mpz_class rhs;

  // Scales the pair (and `extra_value`, when given) and relates the cores.
  void relate(const ExactShape& x, const ExactShape& y, const mpq_class* extra_value) {
    if (x.core.empty() || y.core.empty()) throw std::invalid_argument("empty core");
    scaler.reset();
    scaler.add(x);
    scaler.add(y);
    if (extra_value != nullptr) scaler.add(*extra_value);
    scaler.scale(x.core, a);
    scaler.scale(y.core, b);
    relator.relate(a, b);
    scaler.scale(x.radius, radius_sum);
    scaler.scale(y.radius, bound);
    radius_sum += bound;
    if (extra_value != nullptr) scaler.scale(*extra_value, extra);
  }

  // The relation's value <= r^2, r >= 0.
  bool value_at_most_squared(const mpz_class& r) {
    rhs = r * r;
    rhs *= relator.value.den;
    return relator.value.num <= rhs;
  }
  // The relation's value < r^2, r >= 0.
  bool value_below_squared(const mpz_class& r) {
    rhs = r * r;
    rhs *= relator.value.den;
    return relator.value.num < rhs;
  }
};

thread_local Workspace workspace;

}  // namespace

void resize_core(ExactShape& out, std::size_t n) {
  out.core.resize(n);
}

void merge_duplicates(ExactShape& out) {
  std::vector<QPoint>& c = out.core;
  const auto same = [](const QPoint& p, const QPoint& q) { return p.x == q.x && p.y == q.y; };
  std::size_t kept = 0;
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (kept > 0 && same(c[kept - 1], c[i])) continue;
    if (kept != i) {
      c[kept].x.swap(c[i].x);
      c[kept].y.swap(c[i].y);
    }
    ++kept;
  }
  while (kept > 1 && same(c[kept - 1], c[0]))
    --kept;
  c.resize(kept);
}

ExactShape make_exact_shape(std::vector<QPoint> core, mpq_class radius) {
  if (radius < 0) throw std::invalid_argument("negative radius");
  ExactShape out{std::move(core), std::move(radius)};
  merge_duplicates(out);
  return out;
}

void exact_obb_into(ExactShape& out, double cx, double cy, double hx, double hy, double c,
                    double s) {
  static constexpr int signs[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  thread_local mpq_class qcx, qcy, qc, qs, lx, ly, t;
  set_q(qcx, cx);
  set_q(qcy, cy);
  set_q(qc, c);
  set_q(qs, s);
  resize_core(out, 4);
  for (std::size_t i = 0; i < 4; ++i) {
    set_q(lx, signs[i][0] * hx);  // exact: a sign change
    set_q(ly, signs[i][1] * hy);
    QPoint& p = out.core[i];
    // x = cx + c lx - s ly
    mpq_mul(p.x.get_mpq_t(), qc.get_mpq_t(), lx.get_mpq_t());
    mpq_mul(t.get_mpq_t(), qs.get_mpq_t(), ly.get_mpq_t());
    mpq_sub(p.x.get_mpq_t(), p.x.get_mpq_t(), t.get_mpq_t());
    mpq_add(p.x.get_mpq_t(), p.x.get_mpq_t(), qcx.get_mpq_t());
    // y = cy + s lx + c ly
    mpq_mul(p.y.get_mpq_t(), qs.get_mpq_t(), lx.get_mpq_t());
    mpq_mul(t.get_mpq_t(), qc.get_mpq_t(), ly.get_mpq_t());
    mpq_add(p.y.get_mpq_t(), p.y.get_mpq_t(), t.get_mpq_t());
    mpq_add(p.y.get_mpq_t(), p.y.get_mpq_t(), qcy.get_mpq_t());
  }
  out.radius = 0;
  merge_duplicates(out);
}

const char* to_string(Exact e) {
  switch (e) {
    case Exact::apart_clear:
      return "apart_clear";
    case Exact::apart_in_band:
      return "apart_in_band";
    case Exact::overlap_in_band:
      return "overlap_in_band";
    case Exact::overlap_clear:
      return "overlap_clear";
  }
  return "?";
}

mpq_class core_distance_squared(const ExactShape& a, const ExactShape& b) {
  Workspace& w = workspace;
  w.relate(a, b, nullptr);
  if (w.relator.intersect) return 0;
  const mpz_class& d = w.scaler.denominator();
  mpq_class result(w.relator.value.num, w.relator.value.den * d * d);
  result.canonicalize();
  return result;
}

mpq_class point_distance_squared(const QPoint& p, const ExactShape& shape) {
  if (shape.radius != 0) throw std::invalid_argument("point_distance_squared: round shape");
  return core_distance_squared(make_exact_shape({p}, 0), shape);
}

bool exact_overlaps(const ExactShape& a, const ExactShape& b) {
  Workspace& w = workspace;
  w.relate(a, b, nullptr);
  return w.relator.intersect || w.value_at_most_squared(w.radius_sum);
}

bool within_distance(const ExactShape& a, const ExactShape& b, const mpq_class& d) {
  if (d < 0) throw std::invalid_argument("within_distance: negative distance");
  Workspace& w = workspace;
  w.relate(a, b, &d);
  if (w.relator.intersect) return true;
  w.bound = w.radius_sum + w.extra;
  return w.value_at_most_squared(w.bound);
}

Exact classify(const ExactShape& a, const ExactShape& b, const mpq_class& tol) {
  if (tol < 0) throw std::invalid_argument("classify: negative tolerance");
  Workspace& w = workspace;
  w.relate(a, b, &tol);
  const mpz_class& r = w.radius_sum;
  const mpz_class& t = w.extra;
  if (!w.relator.intersect) {
    // value = dist^2 between the cores; separation = dist - r.
    w.bound = r + t;
    if (!w.value_at_most_squared(w.bound)) return Exact::apart_clear;  // dist > r + tol
    if (!w.value_at_most_squared(r)) return Exact::apart_in_band;      // r < dist <= r + tol
    if (r > t) {
      w.bound = r - t;
      if (w.value_below_squared(w.bound)) return Exact::overlap_clear;  // dist < r - tol
    }
    return Exact::overlap_in_band;
  }
  // value = squared penetration depth of the cores; the shapes' depth is r + that depth.
  if (r > t) return Exact::overlap_clear;
  w.bound = t - r;  // >= 0: the cores' depth must exceed it
  return w.value_at_most_squared(w.bound) ? Exact::overlap_in_band : Exact::overlap_clear;
}

std::string describe(const ExactShape& s) {
  std::ostringstream out;
  out << "ExactShape{core=[";
  for (std::size_t i = 0; i < s.core.size(); ++i) {
    out << (i ? ", " : "") << "(" << s.core[i].x << ", " << s.core[i].y << ")";
  }
  out << "], radius=" << s.radius << "}";
  return out.str();
}

}  // namespace collide2d::reference
