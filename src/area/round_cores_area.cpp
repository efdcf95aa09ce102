// round_cores_area: the intersection area of two cores with radii, by pieces (see the header).
#include "area/round_cores_area.hpp"

#include <algorithm>

#include "area/convex_clip.hpp"

namespace collide2d::detail {

namespace {

// A convex polygon K, counter-clockwise, and the disc that cuts it when radius > 0.
template <class T>
struct Piece {
  ClipPolygon<T> polygon;
  Vec2<T> centre;
  T radius;
  Vec2<T> lo;  // K's bounding box, to skip pairs far apart
  Vec2<T> hi;
};

// The core, the edges' rectangles and the vertices' sectors: 1 + 8 + 8 at most.
constexpr int max_pieces = 1 + 2 * max_polygon_vertices;

template <class T>
void add_piece(Piece<T>* out, int& count, const ClipPolygon<T>& polygon, Vec2<T> centre, T radius) {
  if (polygon.count < 3) return;
  Piece<T>& p = out[count++];
  p.polygon = polygon;
  p.centre = centre;
  p.radius = radius;
  p.lo = p.hi = polygon.v[0];
  for (int i = 1; i < polygon.count; ++i) {
    p.lo = {std::min(p.lo.x, polygon.v[i].x), std::min(p.lo.y, polygon.v[i].y)};
    p.hi = {std::max(p.hi.x, polygon.v[i].x), std::max(p.hi.y, polygon.v[i].y)};
  }
}

// The square of half side 2 r around v: it holds the disc of radius r with room to spare.
template <class T>
ClipPolygon<T> square_around(Vec2<T> v, T r) {
  const T h = T(2) * r;
  return {{{v.x - h, v.y - h}, {v.x + h, v.y - h}, {v.x + h, v.y + h}, {v.x - h, v.y + h}}, 4};
}

// The sector at vertex v between the outward normals `before` (of the edge into v) and `after`
// (of the edge out of it), counter-clockwise: the square around v cut to cross(before, p - v) >= 0
// and cross(after, p - v) <= 0, a cone of angle at most pi for a convex core (exactly pi at a
// capsule's ends, where the two half-planes are one).
template <class T>
ClipPolygon<T> sector_polygon(Vec2<T> v, Vec2<T> before, Vec2<T> after, T r) {
  const ClipPolygon<T> from =
      clip_by(square_around(v, r), [&](Vec2<T> p) { return cross(before, p - v); });
  return clip_by(from, [&](Vec2<T> p) { return -cross(after, p - v); });
}

template <class T>
int pieces_of(const ConvexCore<T>& c, Piece<T>* out) {
  int count = 0;
  const int n = c.count;
  const T r = c.radius;
  if (n >= 3) {
    ClipPolygon<T> core{};
    core.count = n;
    std::copy(c.vertices, c.vertices + n, core.v);
    add_piece(out, count, core, Vec2<T>{}, T(0));
  }
  if (!(r > T(0))) return count;
  if (n == 1) {
    add_piece(out, count, square_around(c.vertices[0], r), c.vertices[0], r);
    return count;
  }
  for (int i = 0; i < n; ++i) {
    const Vec2<T> v = c.vertices[i];
    const Vec2<T> w = c.vertices[i + 1 < n ? i + 1 : 0];
    const Vec2<T> offset = r * c.normals[i];
    add_piece(out, count, ClipPolygon<T>{{v, v + offset, w + offset, w}, 4}, Vec2<T>{}, T(0));
  }
  for (int i = 0; i < n; ++i) {
    const Vec2<T> v = c.vertices[i];
    add_piece(out, count, sector_polygon(v, c.normals[i > 0 ? i - 1 : n - 1], c.normals[i], r), v,
              r);
  }
  return count;
}

// The area of D_a ∩ D_b ∩ k, split by the radical line (see the header). Relative to c_a, the
// line is dot(x, d) = t with d = c_b - c_a and t = (|d|^2 + r_a^2 - r_b^2) / 2.
// Every vertex of k within the disc: k ∩ disc is k (to the rounding of the test), whose area
// is then the shoelace's, not a sum of sectors and triangles around a far centre (a huge radius).
template <class T>
bool inside_disc(const ClipPolygon<T>& k, Vec2<T> c, T r) {
  for (int i = 0; i < k.count; ++i) {
    if (!(length_squared(k.v[i] - c) <= r * r)) return false;
  }
  return true;
}

template <class T>
T disc_cut_area(Vec2<T> c, T r, const ClipPolygon<T>& k) {
  return inside_disc(k, c, r) ? std::max(T(0), pivot_shoelace(k))
                              : disc_polygon_area(c, r, k.v, k.count);
}

template <class T>
T lens_polygon_area(Vec2<T> ca, T ra, Vec2<T> cb, T rb, const ClipPolygon<T>& k) {
  if (inside_disc(k, ca, ra)) return disc_cut_area(cb, rb, k);
  if (inside_disc(k, cb, rb)) return disc_polygon_area(ca, ra, k.v, k.count);
  const Vec2<T> d = cb - ca;
  const T dd = length_squared(d);
  if (!(dd > T(0))) return disc_polygon_area(ca, std::min(ra, rb), k.v, k.count);
  const T t = T(0.5) * (dd + (ra - rb) * (ra + rb));
  const ClipPolygon<T> near_b = clip_by(k, [&](Vec2<T> p) { return dot(p - ca, d) - t; });
  const ClipPolygon<T> near_a = clip_by(k, [&](Vec2<T> p) { return t - dot(p - ca, d); });
  return disc_polygon_area(ca, ra, near_b.v, near_b.count) +
         disc_polygon_area(cb, rb, near_a.v, near_a.count);
}

template <class T>
T piece_pair_area(const Piece<T>& a, const Piece<T>& b) {
  if (a.hi.x < b.lo.x || b.hi.x < a.lo.x || a.hi.y < b.lo.y || b.hi.y < a.lo.y) return T(0);
  ClipPolygon<T> k = a.polygon;
  const ClipPolygon<T>& cut = b.polygon;
  for (int i = 0; i < cut.count && k.count >= 3; ++i) {
    const Vec2<T> v = cut.v[i];
    const Vec2<T> w = cut.v[i + 1 < cut.count ? i + 1 : 0];
    k = clip_by_side(k, v, w, w - v);
  }
  const T polygon_area = pivot_shoelace(k);
  if (!(polygon_area > T(0))) return T(0);
  if (a.radius > T(0) && b.radius > T(0)) {
    return lens_polygon_area(a.centre, a.radius, b.centre, b.radius, k);
  }
  if (a.radius > T(0)) return disc_cut_area(a.centre, a.radius, k);
  if (b.radius > T(0)) return disc_cut_area(b.centre, b.radius, k);
  return polygon_area;
}

}  // namespace

template <class T>
T round_cores_area(const ConvexCore<T>& a, const ConvexCore<T>& b) {
  Piece<T> pa[max_pieces];
  Piece<T> pb[max_pieces];
  const int na = pieces_of(a, pa);
  const int nb = pieces_of(b, pb);
  T sum = T(0);
  for (int i = 0; i < na; ++i) {
    for (int j = 0; j < nb; ++j)
      sum += piece_pair_area(pa[i], pb[j]);
  }
  return sum;
}

template float round_cores_area(const ConvexCore<float>&, const ConvexCore<float>&);
template double round_cores_area(const ConvexCore<double>&, const ConvexCore<double>&);

}  // namespace collide2d::detail
