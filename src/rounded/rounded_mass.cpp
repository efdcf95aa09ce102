// area and mass_properties of a RoundedPolygon (collide2d/rounded.hpp): the core polygon, a
// rectangle (edge length x radius) outside each edge and a sector of the radius at each vertex,
// spanning the exterior angle between the two edges' normals. Each part's area, centroid and
// polar moment about its own centroid are summed around the core's first vertex c (so a shape far
// from the origin keeps its digits), then moved to the whole's centroid by the parallel-axis
// theorem:  I = sum (I_k + m_k |c_k - c|^2) - m |centroid - c|^2.
//
//   rectangle  area l r, centroid the edge's midpoint + (r / 2) n, moment l r (l^2 + r^2) / 12
//   sector     angle t (between the normals n_prev and n), area t r^2 / 2, centroid at
//              4 r sin(t / 2) / (3 t) from the vertex along n_prev + n, moment about the vertex
//              t r^4 / 4 (the integral of rho^2 over rho dphi drho), so about its centroid that
//              less area times the centroid's distance squared
#include <algorithm>
#include <cmath>

#include "collide2d/area.hpp"
#include "collide2d/rounded.hpp"
#include "detail/predicates.hpp"

namespace collide2d {

namespace {

// Running sums around the reference point c: area, first moment, moment about c.
template <class T>
struct Moments {
  T area = T(0);
  Vec2<T> first{T(0), T(0)};
  T second = T(0);

  // A part of area m with its centroid at p (relative to c) and moment i about that centroid.
  void add(T m, Vec2<T> p, T i) {
    area += m;
    first += m * p;
    second += i + m * length_squared(p);
  }
};

template <class T>
Vec2<T> outward_normal(Vec2<T> e) {
  return normalize(Vec2<T>{e.y, -e.x});
}

template <class T>
void add_rounding(Moments<T>& sums, const ConvexPolygon<T>& core, T r, Vec2<T> c) {
  const int n = detail::vertex_count(core);
  const Vec2<T>* v = core.vertices;
  for (int i = 0; i < n; ++i) {
    const Vec2<T> e = detail::edge(v, n, i);
    const Vec2<T> normal = outward_normal(e);
    const Vec2<T> before = outward_normal(detail::edge(v, n, i > 0 ? i - 1 : n - 1));
    const T l = length(e);
    const Vec2<T> middle = (v[i] - c) + T(0.5) * e + (T(0.5) * r) * normal;
    sums.add(l * r, middle, l * r * (l * l + r * r) / T(12));
    const T t = std::atan2(cross(before, normal), dot(before, normal));
    if (!(t > T(0))) continue;
    const T sector = T(0.5) * t * r * r;
    const T reach = T(4) * r * std::sin(T(0.5) * t) / (T(3) * t);
    const Vec2<T> centroid = (v[i] - c) + reach * normalize(before + normal);
    const T moment = std::max(T(0), T(0.25) * t * r * r * r * r - sector * reach * reach);
    sums.add(sector, centroid, moment);
  }
}

}  // namespace

template <class T>
MassProperties<T> mass_properties(const RoundedPolygon<T>& shape, std::type_identity_t<T> density) {
  const MassProperties<T> core = mass_properties(shape.core, density);
  if (shape.radius == T(0)) return core;
  // Around c, the core's first vertex: the core moved there exactly (v - c, nearby numbers), so
  // that its centroid relative to c is not rounded to the world's coordinates (a shape far from
  // the origin would otherwise carry that rounding into the parallel-axis terms).
  const Vec2<T> c = detail::vertex_count(shape.core) > 0 ? shape.core.vertices[0] : Vec2<T>{};
  const MassProperties<T> unit = mass_properties(translated(shape.core, -c), T(1));
  Moments<T> sums;
  sums.add(unit.mass, unit.centroid, unit.inertia);
  add_rounding(sums, shape.core, shape.radius, c);
  if (!(sums.area > T(0))) return core;
  // Divided, not multiplied by a reciprocal that overflows for a subnormal area (fan_mass.hpp).
  const Vec2<T> offset{sums.first.x / sums.area, sums.first.y / sums.area};
  const T moment = std::max(T(0), sums.second - sums.area * length_squared(offset));
  return {density * sums.area, c + offset, density * moment};
}

template <class T>
T area(const RoundedPolygon<T>& shape) {
  const T core = area(shape.core);
  const T r = shape.radius;
  if (r == T(0)) return core;
  const int n = detail::vertex_count(shape.core);
  T perimeter = T(0);
  for (int i = 0; i < n; ++i)
    perimeter += length(detail::edge(shape.core.vertices, n, i));
  return core + perimeter * r + pi<T> * r * r;
}

template MassProperties<float> mass_properties(const RoundedPolygon<float>&, float);
template MassProperties<double> mass_properties(const RoundedPolygon<double>&, double);
template float area(const RoundedPolygon<float>&);
template double area(const RoundedPolygon<double>&);

}  // namespace collide2d
