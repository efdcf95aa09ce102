// round_cores_area: the intersection area of two cores with radii, by pieces (see the header).
#include "area/round_cores_area.hpp"

#include <algorithm>
#include <cstddef>

#include "area/convex_clip.hpp"
#include "detail/monotone_chain.hpp"

namespace collide2d::detail {

namespace {

// Room for the largest clip: the hull of two 8-gons swept (16 vertices each) cut by each other.
constexpr int max_cut_vertices = 4 * max_polygon_vertices;

template <class T>
using Cut = ClipPolygon<T, max_cut_vertices>;

template <class T>
struct Box {
  Vec2<T> lo;
  Vec2<T> hi;
};

template <class T>
bool boxes_apart(const Box<T>& a, const Box<T>& b) {
  return a.hi.x < b.lo.x || b.hi.x < a.lo.x || a.hi.y < b.lo.y || b.hi.y < a.lo.y;
}

// A convex polygon K, counter-clockwise, and the disc that cuts it when radius > 0.
template <class T>
struct Piece {
  Cut<T> polygon;
  Vec2<T> centre;
  T radius;
  Box<T> box;  // K's bounding box (and the disc's), to skip pairs far apart
};

// The hull of the core's edges moved out by r, and one circular segment per vertex: 1 + 8.
constexpr int max_pieces = 1 + max_polygon_vertices;

template <class T>
void add_piece(Piece<T>* out, int& count, const Cut<T>& polygon, Vec2<T> centre, T radius) {
  if (polygon.count < 3) return;
  Piece<T>& p = out[count++];
  p.polygon = polygon;
  p.centre = centre;
  p.radius = radius;
  Box<T>& b = p.box;
  b.lo = b.hi = polygon.v[0];
  for (int i = 1; i < polygon.count; ++i) {
    b.lo = {std::min(b.lo.x, polygon.v[i].x), std::min(b.lo.y, polygon.v[i].y)};
    b.hi = {std::max(b.hi.x, polygon.v[i].x), std::max(b.hi.y, polygon.v[i].y)};
  }
  if (radius > T(0)) {  // the piece lies in its disc too
    b.lo = {std::max(b.lo.x, centre.x - radius), std::max(b.lo.y, centre.y - radius)};
    b.hi = {std::min(b.hi.x, centre.x + radius), std::min(b.hi.y, centre.y + radius)};
  }
}

// The box of all the pieces.
template <class T>
Box<T> union_box(const Piece<T>* pieces, int count) {
  Box<T> box = pieces[0].box;
  for (int i = 1; i < count; ++i) {
    const Box<T>& b = pieces[i].box;
    box.lo = {std::min(box.lo.x, b.lo.x), std::min(box.lo.y, b.lo.y)};
    box.hi = {std::max(box.hi.x, b.hi.x), std::max(box.hi.y, b.hi.y)};
  }
  return box;
}

// Drops the pieces whose boxes miss `box`, keeping the others in order.
template <class T>
int keep_near(Piece<T>* pieces, int count, const Box<T>& box) {
  int kept = 0;
  for (int i = 0; i < count; ++i) {
    if (boxes_apart(pieces[i].box, box)) continue;
    if (kept != i) pieces[kept] = pieces[i];
    ++kept;
  }
  return kept;
}

// The pieces of a core swept by r > 0 (a polygon core of radius 0 is itself one piece):
// - H, the hull of the edges moved out by r: at each vertex v, v + r n_before and v + r n_after
//   (the outward normals of the edges into and out of v), so its edges are the moved edges and,
//   at each vertex, the chord of the vertex's arc;
// - at each vertex, the circular segment between that chord and the arc: the disc of radius r at
//   v cut by the rectangle on the chord's outer side, r deep (the arc spans at most pi, so the
//   segment lies within the chord's width and at most r beyond it).
// The chord's two ends are the same numbers in H and in the segment, so the pieces share it
// exactly. A point core is one disc (in the square of half side 2 r around it).
template <class T>
int pieces_of(const ConvexCore<T>& c, Piece<T>* out) {
  int count = 0;
  const int n = c.count;
  const T r = c.radius;
  if (!(r > T(0))) {
    if (n < 3) return 0;
    Cut<T> core{};
    core.count = n;
    std::copy(c.vertices, c.vertices + n, core.v);
    add_piece(out, count, core, Vec2<T>{}, T(0));
    return count;
  }
  if (n == 1) {
    const Vec2<T> v = c.vertices[0];
    const T h = T(2) * r;
    const Cut<T> square{
        {{v.x - h, v.y - h}, {v.x + h, v.y - h}, {v.x + h, v.y + h}, {v.x - h, v.y + h}}, 4};
    add_piece(out, count, square, v, r);
    return count;
  }
  Vec2<T> ends[2 * max_polygon_vertices];
  for (int i = 0; i < n; ++i) {
    const Vec2<T> v = c.vertices[i];
    const Vec2<T> p1 = v + r * c.normals[i > 0 ? i - 1 : n - 1];
    const Vec2<T> p2 = v + r * c.normals[i];
    ends[2 * i] = p1;
    ends[2 * i + 1] = p2;
    // The chord's outer side is on its right (H, counter-clockwise, is on its left).
    const Vec2<T> chord = p2 - p1;
    if (!(length_squared(chord) > T(0))) continue;  // no angle at this vertex
    const Vec2<T> out_step = r * normalize(Vec2<T>{chord.y, -chord.x});
    add_piece(out, count, Cut<T>{{p1, p1 + out_step, p2 + out_step, p2}, 4}, v, r);
  }
  // H as the hull of the rounded ends: where r is below the coordinates' ulps, v + r n rounds to
  // points that zigzag around the core's edges, and a reflex zigzag's edge, of arbitrary
  // direction, would cut away whatever lies beyond its line.
  Cut<T> hull{};
  const std::size_t distinct = sort_unique_points(ends, std::size_t(2 * n));
  hull.count = static_cast<int>(monotone_chain(ends, distinct, hull.v));
  add_piece(out, count, hull, Vec2<T>{}, T(0));
  return count;
}

// Every vertex of k within the disc: k ∩ disc is k (to the rounding of the test), whose area
// is then the shoelace's, not a sum of sectors and triangles around a far centre (a huge radius).
template <class T>
bool inside_disc(const Cut<T>& k, Vec2<T> c, T r) {
  for (int i = 0; i < k.count; ++i) {
    if (!(length_squared(k.v[i] - c) <= r * r)) return false;
  }
  return true;
}

template <class T>
T disc_cut_area(Vec2<T> c, T r, const Cut<T>& k) {
  return inside_disc(k, c, r) ? std::max(T(0), pivot_shoelace(k))
                              : disc_polygon_area(c, r, k.v, k.count);
}

// The area of D_a ∩ D_b ∩ k, split by the radical line (see the header). Relative to c_a, the
// line is dot(x, d) = t with d = c_b - c_a and t = (|d|^2 + r_a^2 - r_b^2) / 2.
template <class T>
T lens_polygon_area(Vec2<T> ca, T ra, Vec2<T> cb, T rb, const Cut<T>& k) {
  if (inside_disc(k, ca, ra)) return disc_cut_area(cb, rb, k);
  if (inside_disc(k, cb, rb)) return disc_polygon_area(ca, ra, k.v, k.count);
  const Vec2<T> d = cb - ca;
  const T dd = length_squared(d);
  if (!(dd > T(0))) return disc_polygon_area(ca, std::min(ra, rb), k.v, k.count);
  const T t = T(0.5) * (dd + (ra - rb) * (ra + rb));
  const Cut<T> near_b = clip_by(k, [&](Vec2<T> p) { return dot(p - ca, d) - t; });
  const Cut<T> near_a = clip_by(k, [&](Vec2<T> p) { return t - dot(p - ca, d); });
  return disc_polygon_area(ca, ra, near_b.v, near_b.count) +
         disc_polygon_area(cb, rb, near_a.v, near_a.count);
}

template <class T>
T piece_pair_area(const Piece<T>& a, const Piece<T>& b) {
  if (boxes_apart(a.box, b.box)) return T(0);
  Cut<T> k = a.polygon;
  const Cut<T>& cut = b.polygon;
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
  int na = pieces_of(a, pa);
  int nb = pieces_of(b, pb);
  if (na == 0 || nb == 0) return T(0);
  const Box<T> box_a = union_box(pa, na);
  const Box<T> box_b = union_box(pb, nb);
  na = keep_near(pa, na, box_b);
  nb = keep_near(pb, nb, box_a);
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
