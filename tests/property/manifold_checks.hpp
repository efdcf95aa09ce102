// The checks of a contact manifold (collide) shared by the random and the face-contact property
// tests: its description, bit-for-bit equality, mirroring between the two argument orders and
// everything but the presence check (check_manifold).
#pragma once

#include <string>

#include "contact_support.hpp"

namespace collide2d::property {

template <class T>
std::string describe_manifold(const Manifold<T>& m) {
  std::string out = "normal " + describe(m.normal) + " points " + std::to_string(m.point_count);
  for (int i = 0; i < m.point_count && i < 2; ++i)
    out += " [" + describe(m.points[i].point) + " depth " + num(m.points[i].depth) + "]";
  return out;
}

template <class T>
bool same(const Manifold<T>& x, const Manifold<T>& y) {
  if (x.point_count != y.point_count) return false;
  if (x.point_count == 0) return true;
  if (!(x.normal == y.normal)) return false;
  for (int i = 0; i < x.point_count && i < 2; ++i) {
    if (!(x.points[i].point == y.points[i].point) || !(x.points[i].depth == y.points[i].depth)) {
      return false;
    }
  }
  return true;
}

// The manifold of the other order, mirrored: the opposite normal, the same points and depths (in
// either order). Its exact questions are then those of the first order, already answered.
template <class T>
bool mirrored(const Manifold<T>& x, const Manifold<T>& y) {
  if (x.point_count != y.point_count || x.point_count < 1 || x.point_count > 2) return false;
  if (!(x.normal == -y.normal)) return false;
  const auto same_point = [](const ManifoldPoint<T>& p, const ManifoldPoint<T>& q) {
    return p.point == q.point && p.depth == q.depth;
  };
  if (x.point_count == 1) return same_point(x.points[0], y.points[0]);
  return (same_point(x.points[0], y.points[0]) && same_point(x.points[1], y.points[1])) ||
         (same_point(x.points[0], y.points[1]) && same_point(x.points[1], y.points[0]));
}

// Everything but the presence check, for one order. Returns an empty string when it holds. With
// exact == false the exact location checks are skipped (a mirrored order: see mirrored()).
template <class T, class F, class S>
std::string check_manifold(const F& first, const S& second,
                           const reference::ExactShape& exact_first,
                           const reference::ExactShape& exact_second, const Manifold<T>& m,
                           bool exact = true) {
  const auto p = penetration(first, second);
  if (m.point_count < 0 || m.point_count > 2) return "point_count out of range";
  if ((m.point_count > 0) != p.has_value()) return "collide and penetration disagree on contact";
  if (m.point_count == 0) return "";
  if (!(m.normal == p->normal)) return "normal differs from penetration's " + describe(p->normal);
  const double depth = static_cast<double>(p->depth);
  const double tol = tolerance<T>(std::max(scale_of(first), scale_of(second)) + depth);
  thread_local reference::ExactShape point;
  thread_local mpq_class reach;
  for (int i = 0; i < m.point_count; ++i) {
    const double d = static_cast<double>(m.points[i].depth);
    if (!(d >= 0) || !(d <= depth + tol)) {
      return "point " + std::to_string(i) + " depth outside [0, penetration depth + tol]";
    }
    if (!exact) continue;
    reference::exact_into(point, m.points[i].point);
    reference::set_q(reach, d);
    reach /= 2;
    reach += q_of(tol);
    if (!reference::within_distance(point, exact_first, reach)) {
      return "point " + std::to_string(i) + " farther than depth / 2 + tol from the first shape";
    }
    if (!reference::within_distance(point, exact_second, reach)) {
      return "point " + std::to_string(i) + " farther than depth / 2 + tol from the second shape";
    }
  }
  return "";
}

}  // namespace collide2d::property
