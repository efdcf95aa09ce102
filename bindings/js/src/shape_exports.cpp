// Shape constructors and the single-pair queries. Constructors run the library's builders, so a
// shape made in JavaScript is checked, and rejected with the builder's words, exactly as in C++;
// the built shape is written back as a record (io_result) for index.mjs to keep.
#include <emscripten/emscripten.h>

#include <cmath>
#include <optional>
#include <variant>

#include "io.hpp"

using namespace collide2d;
using namespace collide2d::js;

namespace {

template <class S>
int keep(const Built<S>& built) {
  if (!built) {
    set_error(built.error());
    return -1;
  }
  write_shape(Shape2{built.value()}, io() + io_result);
  return 0;
}

int keep_checked(const Shape2& shape) {
  const std::string error = validation_error(shape);
  if (!error.empty()) {
    set_error(error);
    return -1;
  }
  write_shape(shape, io() + io_result);
  return 0;
}

// f(a, b) on the records in io_shape_a and io_shape_b, each read as its own type.
template <class F>
decltype(auto) on_pair(F&& f) {
  return visit_records(io() + io_shape_a, io() + io_shape_b, f);
}
template <class F>
decltype(auto) on_shape_a(F&& f) {
  return visit_record(io() + io_shape_a, f);
}
void put_point(double* out, Vec2<double> p) {
  out[0] = p.x;
  out[1] = p.y;
}

// Area queries take circles, capsules, boxes and (rounded) polygons only; index.mjs checks the
// kinds first.
template <class F>
double area_query(F&& f) {
  return on_pair([&](const auto& a, const auto& b) -> double {
    using A = std::decay_t<decltype(a)>;
    using B = std::decay_t<decltype(b)>;
    if constexpr (is_area_query_shape_v<A> && is_area_query_shape_v<B>) {
      return f(a, b);
    } else {
      return -1.0;
    }
  });
}

}  // namespace

extern "C" {

// Constructors: 0 and the shape in io_result, or -1 and the reason.
EMSCRIPTEN_KEEPALIVE int c2d_make_point(double x, double y) {
  return keep_checked(Vec2<double>{x, y});
}
EMSCRIPTEN_KEEPALIVE int c2d_make_segment(double ax, double ay, double bx, double by) {
  return keep(make_segment<double>({ax, ay}, {bx, by}));
}
EMSCRIPTEN_KEEPALIVE int c2d_make_circle(double x, double y, double radius) {
  return keep(make_circle<double>({x, y}, radius));
}
EMSCRIPTEN_KEEPALIVE int c2d_make_capsule(double ax, double ay, double bx, double by, double r) {
  return keep(make_capsule<double>({ax, ay}, {bx, by}, r));
}
EMSCRIPTEN_KEEPALIVE int c2d_make_aabb(double min_x, double min_y, double max_x, double max_y) {
  return keep(make_aabb<double>({min_x, min_y}, {max_x, max_y}));
}
EMSCRIPTEN_KEEPALIVE int c2d_make_rect(double x, double y, double width, double height) {
  return keep(make_aabb_from_rect<double>(x, y, width, height));
}
EMSCRIPTEN_KEEPALIVE int c2d_make_obb(double x, double y, double width, double height,
                                      double angle) {
  return keep(make_obb<double>({x, y}, width, height, angle));
}
EMSCRIPTEN_KEEPALIVE int c2d_make_obb_rotation(double x, double y, double width, double height,
                                               double c, double s) {
  return keep(make_obb<double>({x, y}, width, height, Rot<double>{c, s}));
}
// A box in a detection library's convention (box_formats.hpp): degrees 0 radians / 1 degrees,
// y_down 0 y up / 1 y down, cw 0 counter-clockwise / 1 clockwise.
BoxConvention convention_of(int degrees, int y_down, int cw) {
  return {degrees != 0 ? AngleUnit::degrees : AngleUnit::radians,
          y_down != 0 ? Frame::y_down : Frame::y_up, cw != 0 ? Winding::cw : Winding::ccw};
}
EMSCRIPTEN_KEEPALIVE int c2d_make_obb_from(double cx, double cy, double width, double height,
                                           double angle, int degrees, int y_down, int cw) {
  return keep(
      make_obb_from<double>(cx, cy, width, height, angle, convention_of(degrees, y_down, cw)));
}
// xy: the 8 numbers (x1, y1, ..., x4, y4) in the module's memory.
EMSCRIPTEN_KEEPALIVE int c2d_make_obb_from_quad(const double* xy, int y_down) {
  return keep(make_obb_from_quad<double>(xy, y_down != 0 ? Frame::y_down : Frame::y_up));
}
EMSCRIPTEN_KEEPALIVE int c2d_make_polygon_from_quad(const double* xy, int y_down) {
  return keep(make_polygon_from_quad<double>(xy, y_down != 0 ? Frame::y_down : Frame::y_up));
}
// points: count (x, y) pairs in the module's memory.
EMSCRIPTEN_KEEPALIVE int c2d_make_polygon(const double* points, int count) {
  return guarded([&] { return keep(make_polygon<double>(read_points(points, count))); }, -1);
}
EMSCRIPTEN_KEEPALIVE int c2d_make_convex_hull(const double* points, int count) {
  return guarded([&] { return keep(make_convex_hull<double>(read_points(points, count))); }, -1);
}
// A rounded polygon: the core from count (x, y) pairs as c2d_make_polygon takes them, grown by
// radius; the builder names a bad radius or core.
EMSCRIPTEN_KEEPALIVE int c2d_make_rounded_polygon(const double* points, int count, double radius) {
  return guarded(
      [&] { return keep(make_rounded_polygon<double>(read_points(points, count), radius)); }, -1);
}
// A rounded box: the core is make_obb's box (width and height without the radius).
EMSCRIPTEN_KEEPALIVE int c2d_make_rounded_box(double x, double y, double width, double height,
                                              double angle, double radius) {
  return keep(make_rounded_box<double>({x, y}, width, height, angle, radius));
}
// The same turned by the rotation (c, s), so that exact quarter turns stay exact.
EMSCRIPTEN_KEEPALIVE int c2d_make_rounded_box_rotation(double x, double y, double width,
                                                       double height, double c, double s,
                                                       double radius) {
  return keep(make_rounded_box<double>({x, y}, width, height, Rot<double>{c, s}, radius));
}
EMSCRIPTEN_KEEPALIVE int c2d_make_ray(double ox, double oy, double dx, double dy, double max_t) {
  const auto built = make_ray<double>({ox, oy}, {dx, dy}, max_t);
  if (!built) {
    set_error(built.error());
    return -1;
  }
  return 0;
}
EMSCRIPTEN_KEEPALIVE double c2d_rotation_angle(double c, double s) {
  return Rot<double>{c, s}.angle();
}

// Queries on the records in io_shape_a / io_shape_b (and io_ray).
EMSCRIPTEN_KEEPALIVE int c2d_overlaps() {
  return on_pair([](const auto& a, const auto& b) { return overlaps(a, b) ? 1 : 0; });
}
// The pairs that editors and games test most, with the shapes passed as numbers: no record copy.
EMSCRIPTEN_KEEPALIVE int c2d_overlaps_obb_obb(double ax, double ay, double ahx, double ahy,
                                              double ac, double as, double bx, double by,
                                              double bhx, double bhy, double bc, double bs) {
  return overlaps(Obb<double>{{ax, ay}, {ahx, ahy}, {ac, as}},
                  Obb<double>{{bx, by}, {bhx, bhy}, {bc, bs}})
             ? 1
             : 0;
}
EMSCRIPTEN_KEEPALIVE int c2d_overlaps_circle_obb(double ax, double ay, double ar, double bx,
                                                 double by, double bhx, double bhy, double bc,
                                                 double bs) {
  return overlaps(Circle<double>{{ax, ay}, ar}, Obb<double>{{bx, by}, {bhx, bhy}, {bc, bs}}) ? 1
                                                                                             : 0;
}
EMSCRIPTEN_KEEPALIVE int c2d_contains() {
  return on_pair([](const auto& a, const auto& b) { return contains(a, b) ? 1 : 0; });
}
// Every point of b in a's interior (containment.hpp): b does not even touch a's boundary.
EMSCRIPTEN_KEEPALIVE int c2d_contains_strictly() {
  return on_pair([](const auto& a, const auto& b) { return contains_strictly(a, b) ? 1 : 0; });
}

// io_result: t_enter, t_exit, enter x, y, exit x, y, normal x, y, started_inside, ended_inside.
EMSCRIPTEN_KEEPALIVE int c2d_raycast() {
  const Ray<double> ray = read_ray(io() + io_ray);
  const std::optional<RayHit<double>> hit =
      on_shape_a([&](const auto& shape) { return raycast(ray, shape); });
  if (!hit) return 0;
  double* out = io() + io_result;
  out[0] = hit->t_enter;
  out[1] = hit->t_exit;
  put_point(out + 2, hit->point_enter);
  put_point(out + 4, hit->point_exit);
  put_point(out + 6, hit->normal);
  out[8] = hit->started_inside ? 1 : 0;
  out[9] = hit->ended_inside ? 1 : 0;
  return 1;
}

// io_ray[0]: the prediction distance (index.mjs checks it: finite, >= 0). io_result: normal x, y,
// then per point x, y, depth. Returns the point count.
EMSCRIPTEN_KEEPALIVE int c2d_collide() {
  CollideOptions<double> options;
  options.prediction = io()[io_ray];
  const Manifold<double> m =
      on_pair([&](const auto& a, const auto& b) { return collide(a, b, options); });
  double* out = io() + io_result;
  put_point(out, m.normal);
  for (int i = 0; i < m.point_count; ++i) {
    put_point(out + 2 + 3 * i, m.points[i].point);
    out[4 + 3 * i] = m.points[i].depth;
  }
  return m.point_count;
}

// io_result: normal x, y, depth.
EMSCRIPTEN_KEEPALIVE int c2d_penetration() {
  const std::optional<Penetration<double>> p =
      on_pair([](const auto& a, const auto& b) { return penetration(a, b); });
  if (!p) return 0;
  double* out = io() + io_result;
  put_point(out, p->normal);
  out[2] = p->depth;
  return 1;
}

// io_result: distance, point a x, y, point b x, y.
EMSCRIPTEN_KEEPALIVE void c2d_distance() {
  const DistanceResult<double> d =
      on_pair([](const auto& a, const auto& b) { return distance(a, b); });
  double* out = io() + io_result;
  out[0] = d.distance;
  put_point(out + 1, d.point_a);
  put_point(out + 3, d.point_b);
}

// -1 when a kind has no area (index.mjs checks first).
EMSCRIPTEN_KEEPALIVE double c2d_intersection_area() {
  return area_query([](const auto& a, const auto& b) { return intersection_area(a, b); });
}
EMSCRIPTEN_KEEPALIVE double c2d_iou() {
  return area_query([](const auto& a, const auto& b) { return iou(a, b); });
}

// The mass properties of the record in io_shape_a for a uniform density (index.mjs checks it:
// finite, >= 0; the library's InvalidQuery is kept as the message all the same). io_result: mass,
// centroid x, y, inertia about the centroid. 0, or -1 and the message.
EMSCRIPTEN_KEEPALIVE int c2d_mass_properties(double density) {
  return guarded(
      [&] {
        const MassProperties<double> p =
            on_shape_a([&](const auto& shape) { return mass_properties(shape, density); });
        double* out = io() + io_result;
        out[0] = p.mass;
        put_point(out + 1, p.centroid);
        out[3] = p.inertia;
        return 0;
      },
      -1);
}

// a ∩ b for aabbs, obbs and polygons (index.mjs checks the kinds first; -1 for any other):
// io_result holds the count (0 to 16) vertices x, y, counter-clockwise. Returns the count.
EMSCRIPTEN_KEEPALIVE int c2d_intersection() {
  return on_pair([](const auto& a, const auto& b) -> int {
    using A = std::decay_t<decltype(a)>;
    using B = std::decay_t<decltype(b)>;
    if constexpr (is_intersection_shape_v<A> && is_intersection_shape_v<B>) {
      const Intersection<double> r = intersection(a, b);
      double* out = io() + io_result;
      for (int i = 0; i < r.count; ++i)
        put_point(out + 2 * i, r.vertices[i]);
      return r.count;
    } else {
      return -1;
    }
  });
}

// Motions in io_ray (a x, y, b x, y), then max_time and stop_at_penetration (0 or 1; index.mjs
// checks them); io_result: t, normal x, y, point x, y.
EMSCRIPTEN_KEEPALIVE int c2d_shape_cast() {
  const double* m = io() + io_ray;
  CastOptions<double> options;
  options.max_time = m[4];
  options.stop_at_penetration = m[5] != 0;
  const std::optional<CastHit<double>> hit = on_pair([&](const auto& a, const auto& b) {
    return shape_cast(a, Vec2<double>{m[0], m[1]}, b, Vec2<double>{m[2], m[3]}, options);
  });
  if (!hit) return 0;
  double* out = io() + io_result;
  out[0] = hit->t;
  put_point(out + 1, hit->normal);
  put_point(out + 3, hit->point);
  return 1;
}

// io_result: min x, min y, max x, max y.
EMSCRIPTEN_KEEPALIVE void c2d_bounding_box() {
  const Aabb<double> box = on_shape_a([](const auto& shape) { return bounding_box(shape); });
  double* out = io() + io_result;
  put_point(out, box.min);
  put_point(out + 2, box.max);
}

}  // extern "C"
