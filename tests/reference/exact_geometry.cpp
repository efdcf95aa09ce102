// The exact geometry helpers: see exact_geometry.hpp for the definitions.
//
// Everything is plain rational arithmetic on the definitions:
//   - a polygon core's orientation is the sign of its shoelace sum, so either vertex order works;
//   - the signed distance of v inside the edge (p, q) of a counter-clockwise polygon is
//     cross(q - p, v - p) / |q - p|, compared with a rational bound y without a square root as the
//     sign of X - y sqrt(E) (sign_minus_root);
//   - the squared distance from a point to a segment is rational (the projection clamped to the
//     segment).
#include "exact_geometry.hpp"

#include <algorithm>
#include <cstddef>
#include <stdexcept>

namespace collide2d::reference {

namespace {

// cross(q - p, v - p), exactly.
void cross_from(mpq_class& out, const QPoint& p, const QPoint& q, const QPoint& v) {
  thread_local mpq_class ex, ey, wx, wy, t;
  ex = q.x - p.x;
  ey = q.y - p.y;
  wx = v.x - p.x;
  wy = v.y - p.y;
  out = ex * wy;
  t = ey * wx;
  out -= t;
}

// Twice the signed area of a closed vertex list (positive: counter-clockwise).
mpq_class twice_signed_area(const std::vector<QPoint>& v) {
  mpq_class sum = 0;
  const std::size_t n = v.size();
  if (n < 3) return sum;
  for (std::size_t i = 0; i < n; ++i) {
    const QPoint& p = v[i];
    const QPoint& q = v[i + 1 < n ? i + 1 : 0];
    sum += p.x * q.y - p.y * q.x;
  }
  return sum;
}

// The sign of X - Y sqrt(E), for E >= 0.
int sign_minus_root(const mpq_class& x, const mpq_class& y, const mpq_class& e) {
  const int sx = sgn(x);
  const int sy = sgn(e) == 0 ? 0 : sgn(y);  // the sign of Y sqrt(E)
  if (sx == 0 && sy == 0) return 0;
  if (sx >= 0 && sy <= 0) return 1;
  if (sx <= 0 && sy >= 0) return -1;
  // Same signs, both non-zero: compare X^2 with Y^2 E.
  thread_local mpq_class lhs, rhs;
  lhs = x * x;
  rhs = y * y;
  rhs *= e;
  const int c = cmp(lhs, rhs);
  return sx > 0 ? (c > 0 ? 1 : (c < 0 ? -1 : 0)) : (c > 0 ? -1 : (c < 0 ? 1 : 0));
}

// The squared distance from v to the core of 1 or 2 vertices (a point or a segment).
void squared_distance_to_small_core(mpq_class& out, const QPoint& v, const std::vector<QPoint>& c) {
  thread_local mpq_class dx, dy, wx, wy, along, dd, t;
  const QPoint& a = c[0];
  wx = v.x - a.x;
  wy = v.y - a.y;
  if (c.size() >= 2) {
    const QPoint& b = c[1];
    dx = b.x - a.x;
    dy = b.y - a.y;
    along = dx * wx + dy * wy;
    dd = dx * dx + dy * dy;
    if (sgn(along) > 0) {
      if (along >= dd) {
        wx = v.x - b.x;
        wy = v.y - b.y;
      } else {  // beside the segment: w - (along / dd) d
        t = along / dd;
        wx -= t * dx;
        wy -= t * dy;
      }
    }
  }
  out = wx * wx + wy * wy;
}

}  // namespace

void moved_into(ExactShape& out, const ExactShape& in, const mpq_class& t, const QPoint& v) {
  thread_local mpq_class dx, dy;
  dx = t * v.x;
  dy = t * v.y;
  resize_core(out, in.core.size());
  for (std::size_t i = 0; i < in.core.size(); ++i) {
    out.core[i].x = in.core[i].x + dx;
    out.core[i].y = in.core[i].y + dy;
  }
  out.radius = in.radius;
}

void convex_hull_into(std::vector<QPoint>& out, const std::vector<QPoint>& points) {
  std::vector<QPoint> p = points;
  std::sort(p.begin(), p.end(), [](const QPoint& a, const QPoint& b) {
    const int c = cmp(a.x, b.x);
    return c != 0 ? c < 0 : a.y < b.y;
  });
  p.erase(std::unique(p.begin(), p.end(),
                      [](const QPoint& a, const QPoint& b) { return a.x == b.x && a.y == b.y; }),
          p.end());
  out.clear();
  if (p.size() <= 1) {
    out = p;
    return;
  }
  // Andrew's monotone chain; a turn that is not strictly counter-clockwise is popped, which drops
  // collinear points.
  mpq_class turn;
  std::vector<QPoint> hull;
  hull.reserve(2 * p.size());
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t start = hull.size();
    for (std::size_t k = 0; k < p.size(); ++k) {
      const QPoint& q = pass == 0 ? p[k] : p[p.size() - 1 - k];
      while (hull.size() >= start + 2) {
        cross_from(turn, hull[hull.size() - 2], hull[hull.size() - 1], q);
        if (sgn(turn) > 0) break;
        hull.pop_back();
      }
      hull.push_back(q);
    }
    hull.pop_back();  // the last point of each chain starts the other
  }
  out = std::move(hull);
  if (out.size() == 2 && out[0].x == out[1].x && out[0].y == out[1].y) out.resize(1);
}

// The hull of a convex polygon P and P + v without sorting: walking P counter-clockwise, the edges
// whose outward normal faces v (cross(edge, v) < 0) are the front of the swept shape and appear
// moved by v; at the two vertices where the walk turns from back to front (and from front to
// back) the swept shape gets an edge parallel to v. Cores of 1 or 2 vertices, and a zero v, go
// through the general hull.
void swept_into(ExactShape& out, const ExactShape& in, const QPoint& v) {
  const std::size_t n = in.core.size();
  thread_local std::vector<QPoint> cloud;
  thread_local mpq_class turn;
  if (n < 3 || (sgn(v.x) == 0 && sgn(v.y) == 0)) {
    cloud.clear();
    for (const QPoint& p : in.core) {
      cloud.push_back(p);
      cloud.push_back({p.x + v.x, p.y + v.y});
    }
    convex_hull_into(out.core, cloud);
    out.radius = in.radius;
    return;
  }
  // Orientation from the first turn (a strictly convex core turns the same way everywhere; a
  // collinear first triple falls back to the general hull).
  cross_from(turn, in.core[0], in.core[1], in.core[2]);
  const int orientation = sgn(turn);
  thread_local std::vector<int> front;  // edge i (from vertex i to i + 1) faces v
  front.resize(n);
  thread_local QPoint origin{mpq_class(0), mpq_class(0)};
  for (std::size_t i = 0; i < n; ++i) {
    const QPoint& p = in.core[i];
    const QPoint& q = in.core[i + 1 < n ? i + 1 : 0];
    // cross(q - p, v) = cross_from(0, q - p, v): the sign of the edge against v, made
    // counter-clockwise by the orientation.
    thread_local QPoint e;
    e.x = q.x - p.x;
    e.y = q.y - p.y;
    cross_from(turn, origin, e, v);
    front[i] = orientation == 0 ? 0 : (sgn(turn) * orientation < 0 ? 1 : 0);
  }
  if (orientation == 0) {
    cloud.clear();
    for (const QPoint& p : in.core) {
      cloud.push_back(p);
      cloud.push_back({p.x + v.x, p.y + v.y});
    }
    convex_hull_into(out.core, cloud);
    out.radius = in.radius;
    return;
  }
  std::vector<QPoint>& c = out.core;
  c.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const bool in_front = front[i] != 0;                 // the edge leaving vertex i
    const bool was_front = front[(i + n - 1) % n] != 0;  // the edge arriving at vertex i
    const QPoint& p = in.core[i];
    if (!was_front || !in_front) c.push_back(p);
    if (was_front || in_front) c.push_back({p.x + v.x, p.y + v.y});
    if (!was_front && in_front) continue;  // back -> front: p, then p + v (already in order)
    if (was_front && !in_front) std::swap(c[c.size() - 1], c[c.size() - 2]);  // p + v, then p
  }
  out.radius = in.radius;
  merge_duplicates(out);
}

const char* to_string(Containment c) {
  switch (c) {
    case Containment::inside_clear:
      return "inside_clear";
    case Containment::inside_in_band:
      return "inside_in_band";
    case Containment::outside_in_band:
      return "outside_in_band";
    case Containment::outside_clear:
      return "outside_clear";
  }
  return "?";
}

namespace {

// The squared distance from v to a polygon's boundary: the least over its edges.
void squared_distance_to_edges(mpq_class& out, const QPoint& v, const std::vector<QPoint>& core) {
  thread_local std::vector<QPoint> edge(2);
  thread_local mpq_class d2;
  const std::size_t n = core.size();
  for (std::size_t i = 0; i < n; ++i) {
    edge[0] = core[i];
    edge[1] = core[i + 1 < n ? i + 1 : 0];
    squared_distance_to_small_core(d2, v, edge);
    if (i == 0 || d2 < out) out = d2;
  }
}

// A polygon core P (orientation +-1) swept by r_A > 0: the margin of B's vertex v is
// r_A + depth_P(v) - r_B, with depth_P(v) the least distance inside P's edges when v is in P, and
// -dist(v, P) when it is not. Does every vertex satisfy margin >= y (> y when strict)?
bool rounded_polygon_holds(const ExactShape& a, int orientation, const std::vector<mpq_class>& e2,
                           const ExactShape& b, const mpq_class& y, bool strict) {
  const std::vector<QPoint>& core = a.core;
  const std::size_t n = core.size();
  thread_local std::vector<mpq_class> x;
  thread_local mpq_class bound, room, d2;
  x.resize(n);
  bound = b.radius - a.radius + y;  // inside P: every edge distance x_i / |e_i| >= bound
  room = a.radius - b.radius - y;   // outside P: dist(v, P) <= room
  for (const QPoint& v : b.core) {
    bool inside = true;
    for (std::size_t i = 0; i < n; ++i) {
      cross_from(x[i], core[i], core[i + 1 < n ? i + 1 : 0], v);
      if (orientation < 0) x[i] = -x[i];
      inside = inside && sgn(x[i]) >= 0;
    }
    if (inside) {
      for (std::size_t i = 0; i < n; ++i) {
        const int s = sign_minus_root(x[i], bound, e2[i]);
        if (strict ? s <= 0 : s < 0) return false;
      }
      continue;
    }
    if (strict ? sgn(room) <= 0 : sgn(room) < 0) return false;
    squared_distance_to_edges(d2, v, core);
    if (strict ? !(d2 < room * room) : !(d2 <= room * room)) return false;
  }
  return true;
}

}  // namespace

Containment classify_containment(const ExactShape& a, const ExactShape& b, const mpq_class& tol) {
  if (tol < 0) throw std::invalid_argument("classify_containment: negative tolerance");
  if (a.core.empty() || b.core.empty()) throw std::invalid_argument("empty core");
  const std::vector<QPoint>& core = a.core;
  if (core.size() >= 3) {
    const int orientation = sgn(twice_signed_area(core));
    if (orientation == 0) throw std::invalid_argument("classify_containment: flat polygon core");
    const std::size_t n = core.size();
    thread_local std::vector<mpq_class> edge_squared;
    edge_squared.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      const QPoint& p = core[i];
      const QPoint& q = core[i + 1 < n ? i + 1 : 0];
      edge_squared[i] = (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y);
    }
    thread_local mpq_class x, bound;
    // Does every (vertex, edge) satisfy depth - r_B >= y (or > y when strict)?
    const auto all = [&](const mpq_class& y, bool strict) {
      if (a.radius != 0) return rounded_polygon_holds(a, orientation, edge_squared, b, y, strict);
      bound = b.radius + y;
      for (const QPoint& v : b.core) {
        for (std::size_t i = 0; i < n; ++i) {
          cross_from(x, core[i], core[i + 1 < n ? i + 1 : 0], v);
          if (orientation < 0) x = -x;
          const int s = sign_minus_root(x, bound, edge_squared[i]);
          if (strict ? s <= 0 : s < 0) return false;
        }
      }
      return true;
    };
    if (all(0, false))
      return all(tol, true) ? Containment::inside_clear : Containment::inside_in_band;
    return all(-tol, false) ? Containment::outside_in_band : Containment::outside_clear;
  }
  // A point or segment core swept by r_A: depth - r_B >= y  <=>  dist(v, core) <= r_A - r_B - y.
  thread_local mpq_class d2, room, room2;
  const auto all = [&](const mpq_class& y, bool strict) {
    room = a.radius - b.radius - y;
    if (strict ? sgn(room) <= 0 : sgn(room) < 0) return false;
    room2 = room * room;
    for (const QPoint& v : b.core) {
      squared_distance_to_small_core(d2, v, core);
      if (strict ? !(d2 < room2) : !(d2 <= room2)) return false;
    }
    return true;
  };
  if (all(0, false))
    return all(tol, true) ? Containment::inside_clear : Containment::inside_in_band;
  return all(-tol, false) ? Containment::outside_in_band : Containment::outside_clear;
}

int containment_margin_sign(const ExactShape& a, const ExactShape& b) {
  switch (classify_containment(a, b, 0)) {
    case Containment::inside_clear:
      return 1;
    case Containment::inside_in_band:
      return 0;
    default:
      return -1;
  }
}

mpq_class exact_core_area(const ExactShape& s) {
  if (s.radius != 0) throw std::invalid_argument("exact_core_area: rounded shape");
  mpq_class twice = twice_signed_area(s.core);
  if (twice < 0) twice = -twice;
  return twice / 2;
}

mpq_class exact_intersection_area(const ExactShape& a, const ExactShape& b) {
  if (a.radius != 0 || b.radius != 0) {
    throw std::invalid_argument("exact_intersection_area: rounded shape");
  }
  if (a.core.size() < 3 || b.core.size() < 3) return 0;
  const int orientation = sgn(twice_signed_area(a.core));
  thread_local std::vector<QPoint> subject, clipped;
  thread_local std::vector<mpq_class> side;
  thread_local mpq_class f;
  subject = b.core;
  const std::size_t n = a.core.size();
  for (std::size_t k = 0; k < n && !subject.empty(); ++k) {
    // The half-plane inside edge k of a, counter-clockwise: cross(q - p, v - p) >= 0.
    const QPoint& p = a.core[orientation > 0 ? k : n - 1 - k];
    const QPoint& q = a.core[orientation > 0 ? (k + 1 < n ? k + 1 : 0) : (2 * n - 2 - k) % n];
    const std::size_t m = subject.size();
    side.resize(m);
    for (std::size_t i = 0; i < m; ++i)
      cross_from(side[i], p, q, subject[i]);
    clipped.clear();
    for (std::size_t i = 0; i < m; ++i) {
      const std::size_t j = i + 1 < m ? i + 1 : 0;
      const int si = sgn(side[i]);
      const int sj = sgn(side[j]);
      if (si >= 0) clipped.push_back(subject[i]);
      if ((si > 0 && sj < 0) || (si < 0 && sj > 0)) {
        f = side[i] / (side[i] - side[j]);
        const QPoint& u = subject[i];
        const QPoint& w = subject[j];
        clipped.push_back({u.x + f * (w.x - u.x), u.y + f * (w.y - u.y)});
      }
    }
    subject.swap(clipped);
  }
  mpq_class twice = twice_signed_area(subject);
  if (twice < 0) twice = -twice;
  return twice / 2;
}

}  // namespace collide2d::reference
