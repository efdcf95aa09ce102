// Shared pieces of the area and intersection property tests: the cases of RandomArea (B near A,
// nested, moved to contact, the same set, beside A along an edge), the perimeter bound of the band
// and the accuracy bound area.hpp states for boxes and polygons.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "contact_support.hpp"

namespace collide2d::property {

template <class S>
constexpr bool is_circle() {
  return std::is_same_v<S, Circle<scalar_of<S>>>;
}

template <class S>
double perimeter_bound(const S& s) {
  const auto box = bounding_box(s);
  return 2.0 * (static_cast<double>(box.max.x) - static_cast<double>(box.min.x) +
                static_cast<double>(box.max.y) - static_cast<double>(box.min.y));
}

// The band tol = 64 eps(T) S (S = max(scale_of(a), scale_of(b))) swept along both boundaries:
// tol_area = tol (P_a + P_b) with P the perimeter of a shape's bounding box, since moving every
// boundary point by tol changes an area by at most that. For iou, with U the exact union area,
// tol_iou = 3 tol_area / U + 4 eps(T) (the intersection and both areas may each be off by up to
// tol_area).
template <class T, class A, class B>
double area_tolerance(const A& a, const B& b) {
  const double tol = tolerance<T>(std::max(scale_of(a), scale_of(b)));
  return tol * (perimeter_bound(a) + perimeter_bound(b));
}

// B beside A, sharing (part of) an edge, where the types allow it.
template <class T, class A, class B>
bool beside(Random& r, const A& a, B& b) {
  if constexpr (std::is_same_v<A, Aabb<T>> && std::is_same_v<B, Aabb<T>>) {
    const T w = a.max.x - a.min.x;
    const T h = a.max.y - a.min.y;
    b = r.chance(0.5) ? Aabb<T>{{a.max.x, a.min.y}, {a.max.x + w, a.max.y}}
                      : Aabb<T>{{a.min.x, a.max.y}, {a.max.x, a.max.y + h}};
    return true;
  } else if constexpr (std::is_same_v<A, Obb<T>> && std::is_same_v<B, Obb<T>>) {
    const bool along_x = r.chance(0.5);
    const Vec2<T> axis = along_x ? a.rotation.x_axis() : a.rotation.y_axis();
    const T step = T(2) * (along_x ? a.half_extents.x : a.half_extents.y);
    b = {a.center + step * axis, a.half_extents, a.rotation};
    return true;
  } else if constexpr (std::is_same_v<A, ConvexPolygon<T>> && std::is_same_v<B, ConvexPolygon<T>>) {
    // A mirrored across its edge i: the mirror image shares that edge.
    const int i = r.integer(0, a.count - 1);
    const Vec2<double> p{static_cast<double>(a.vertices[i].x),
                         static_cast<double>(a.vertices[i].y)};
    const Vec2<T> q = a.vertices[(i + 1) % a.count];
    const double ex = static_cast<double>(q.x) - p.x;
    const double ey = static_cast<double>(q.y) - p.y;
    const double ee = ex * ex + ey * ey;
    Vec2<T> mirrored[max_polygon_vertices];
    for (int k = 0; k < a.count; ++k) {
      const double wx = static_cast<double>(a.vertices[k].x) - p.x;
      const double wy = static_cast<double>(a.vertices[k].y) - p.y;
      const double t = (wx * ex + wy * ey) / ee;
      // The reflection, reversed so the polygon stays counter-clockwise; the edge's own ends stay.
      const Vec2<T> image = (k == i || k == (i + 1) % a.count)
                                ? a.vertices[k]
                                : vec<T>(p.x + 2 * t * ex - wx, p.y + 2 * t * ey - wy);
      mirrored[a.count - 1 - k] = image;
    }
    auto m = make_polygon(mirrored, static_cast<std::size_t>(a.count));
    if (!m) return false;
    b = m.value();
    return true;
  } else {
    (void)r;
    (void)a;
    (void)b;
    return false;
  }
}

template <class T, template <class> class A, template <class> class B>
void area_case(RandomShapes<T>& gen, A<T>& a, B<T>& b) {
  Random& r = gen.random();
  const Site<T> site = gen.site();
  const double sa = gen.size(site);
  const double sb = gen.size(site);
  gen.make(site.center, sa, a);
  const double u = r.unit();
  if (u < 0.15) {
    gen.make(gen.around(site.center, 0.3 * sa), sa * r.uniform(0.05, 0.35), b);
    return;
  }
  if (u < 0.25 && same_set<T>(a, b)) return;
  if (u >= 0.25 && u < 0.35 && beside<T>(r, a, b)) return;
  gen.make(gen.around(site.center, spread<A, B>() * (sa + sb)), sb, b);
  if (u >= 0.35 && u < 0.45) move_to_contact(a, b, r);
}

// The accuracy area.hpp states for boxes and polygons (see the extreme-aspect tests below):
//   |error| <= 4 eps (d + min(M_a, M_b)) min(P_a, P_b)
struct BoxMeasures {
  double centre_x, centre_y, longer, perimeter;
};
template <class T>
BoxMeasures measures(const Obb<T>& b) {
  const double w = 2 * static_cast<double>(b.half_extents.x);
  const double h = 2 * static_cast<double>(b.half_extents.y);
  return {static_cast<double>(b.center.x), static_cast<double>(b.center.y), std::max(w, h),
          2 * (w + h)};
}
template <class T>
BoxMeasures measures(const Aabb<T>& b) {
  const double w = static_cast<double>(b.max.x) - static_cast<double>(b.min.x);
  const double h = static_cast<double>(b.max.y) - static_cast<double>(b.min.y);
  return {0.5 * (static_cast<double>(b.min.x) + static_cast<double>(b.max.x)),
          0.5 * (static_cast<double>(b.min.y) + static_cast<double>(b.max.y)), std::max(w, h),
          2 * (w + h)};
}

template <class T>
BoxMeasures measures(const ConvexPolygon<T>& p) {
  double lo_x = static_cast<double>(p.vertices[0].x), hi_x = lo_x;
  double lo_y = static_cast<double>(p.vertices[0].y), hi_y = lo_y;
  double perimeter = 0;
  for (int i = 0; i < p.count; ++i) {
    const Vec2<T> v = p.vertices[i];
    const Vec2<T> w = p.vertices[(i + 1) % p.count];
    lo_x = std::min(lo_x, static_cast<double>(v.x));
    hi_x = std::max(hi_x, static_cast<double>(v.x));
    lo_y = std::min(lo_y, static_cast<double>(v.y));
    hi_y = std::max(hi_y, static_cast<double>(v.y));
    perimeter += std::hypot(static_cast<double>(w.x) - static_cast<double>(v.x),
                            static_cast<double>(w.y) - static_cast<double>(v.y));
  }
  return {0.5 * (lo_x + hi_x), 0.5 * (lo_y + hi_y), std::max(hi_x - lo_x, hi_y - lo_y), perimeter};
}

template <class T, class A, class B>
double extreme_bound(const A& a, const B& b) {
  const BoxMeasures ma = measures(a);
  const BoxMeasures mb = measures(b);
  const double d = std::abs(ma.centre_x - mb.centre_x) + std::abs(ma.centre_y - mb.centre_y);
  const double eps = static_cast<double>(std::numeric_limits<T>::epsilon());
  return 4 * eps * (d + std::min(ma.longer, mb.longer)) * std::min(ma.perimeter, mb.perimeter);
}

// A lattice case of the area and intersection tests: A around a lattice point, B up to 4 away,
// sometimes the same set as A, or beside it with probability p_beside.
template <class T, class A, class B>
void lattice_area_case(LatticeShapes<T>& gen, double p_beside, A& a, B& b) {
  Random& r = gen.random();
  const Vec2<T> ca = gen.point(-4, 4);
  gen.make(ca, a);
  gen.make(Vec2<T>{ca.x + T(r.integer(-4, 4)), ca.y + T(r.integer(-4, 4))}, b);
  if (r.chance(0.1)) (void)same_set<T>(a, b);
  if (r.chance(p_beside)) (void)beside<T>(r, a, b);
}

}  // namespace collide2d::property
