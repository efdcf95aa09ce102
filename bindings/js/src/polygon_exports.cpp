// Polygon<double> (collide2d/polygon.hpp), a simple polygon of any vertex count, for JavaScript:
// built once in the module's memory and held by index.mjs as a pointer (its edge grid and
// triangles are too large to copy into a record for every query), deleted by dispose() or the
// FinalizationRegistry. The other operand of a pair query is either another polygon pointer or a
// shape record in io_shape_b; p_first says which argument the polygon was, so that asymmetric
// queries (contains, distance's points) answer in the caller's order.
#include <emscripten/emscripten.h>

#include <optional>
#include <type_traits>
#include <vector>

#include "io.hpp"

using namespace collide2d;
using namespace collide2d::js;

namespace {

using Polygon2 = Polygon<double>;

// f(a, b) with the polygon p and the other operand (the polygon q, or the record in io_shape_b
// when q is null), p first when p_first != 0.
template <class F>
decltype(auto) on_polygon_pair(const Polygon2* p, const Polygon2* q, int p_first, F&& f) {
  if (q != nullptr) return p_first != 0 ? f(*p, *q) : f(*q, *p);
  return visit_record(io() + io_shape_b, [&](const auto& s) -> decltype(auto) {
    return p_first != 0 ? f(*p, s) : f(s, *p);
  });
}

// The area queries take only shapes with area (index.mjs checks the kinds first); -1 otherwise.
template <class F>
double polygon_area_query(const Polygon2* p, const Polygon2* q, int p_first, F&& f) {
  return on_polygon_pair(p, q, p_first, [&](const auto& a, const auto& b) -> double {
    using A = std::decay_t<decltype(a)>;
    using B = std::decay_t<decltype(b)>;
    constexpr bool a_ok = std::is_same_v<A, Polygon2> || is_area_query_shape_v<A>;
    constexpr bool b_ok = std::is_same_v<B, Polygon2> || is_area_query_shape_v<B>;
    if constexpr (a_ok && b_ok) {
      return f(a, b);
    } else {
      return -1.0;
    }
  });
}

// A ray hit as c2d_raycast writes it: t_enter, t_exit, enter x, y, exit x, y, normal x, y,
// started_inside, ended_inside.
void put_ray_hit(double* out, const RayHit<double>& hit) {
  const double values[] = {hit.t_enter,
                           hit.t_exit,
                           hit.point_enter.x,
                           hit.point_enter.y,
                           hit.point_exit.x,
                           hit.point_exit.y,
                           hit.normal.x,
                           hit.normal.y,
                           hit.started_inside ? 1.0 : 0.0,
                           hit.ended_inside ? 1.0 : 0.0};
  for (int i = 0; i < 10; ++i)
    out[i] = values[i];
}
constexpr int ray_hit_doubles = 10;

}  // namespace

namespace collide2d::js {

// What index.mjs keeps of a new polygon, read in the same call (io.hpp).
void describe_polygon(const Polygon2& polygon) {
  const Aabb<double> box = bounding_box(polygon);
  double* out = io() + io_result;
  const double values[] = {box.min.x, box.min.y,     box.max.x,
                           box.max.y, area(polygon), static_cast<double>(polygon.size())};
  for (int i = 0; i < 6; ++i)
    out[i] = values[i];
  std::vector<double>& xy = double_result();
  xy.clear();
  for (const Vec2<double>& v : polygon.vertices())
    xy.insert(xy.end(), {v.x, v.y});
}

}  // namespace collide2d::js

extern "C" {

// count (x, y) pairs in the module's memory: the polygon (null and make_simple_polygon's message
// when the outline is not simple), described as in describe_polygon.
EMSCRIPTEN_KEEPALIVE Polygon2* c2d_simple_polygon_new(const double* points, int count) {
  return guarded(
      [&]() -> Polygon2* {
        const Built<Polygon2> built = make_simple_polygon<double>(read_points(points, count));
        if (!built) {
          set_error(built.error());
          return nullptr;
        }
        auto* polygon = new Polygon2(built.value());
        describe_polygon(*polygon);
        return polygon;
      },
      static_cast<Polygon2*>(nullptr));
}
EMSCRIPTEN_KEEPALIVE void c2d_simple_polygon_delete(Polygon2* polygon) {
  delete polygon;
}

// Pair queries: q is the other polygon, or null for the record in io_shape_b.
EMSCRIPTEN_KEEPALIVE int c2d_simple_polygon_overlaps(const Polygon2* p, const Polygon2* q,
                                                     int p_first) {
  return on_polygon_pair(p, q, p_first,
                         [](const auto& a, const auto& b) { return overlaps(a, b) ? 1 : 0; });
}
EMSCRIPTEN_KEEPALIVE int c2d_simple_polygon_contains(const Polygon2* p, const Polygon2* q,
                                                     int p_first) {
  return on_polygon_pair(p, q, p_first,
                         [](const auto& a, const auto& b) { return contains(a, b) ? 1 : 0; });
}
EMSCRIPTEN_KEEPALIVE int c2d_simple_polygon_contains_strictly(const Polygon2* p, const Polygon2* q,
                                                              int p_first) {
  return on_polygon_pair(
      p, q, p_first, [](const auto& a, const auto& b) { return contains_strictly(a, b) ? 1 : 0; });
}
// io_result: distance, point a x, y, point b x, y (as c2d_distance).
EMSCRIPTEN_KEEPALIVE void c2d_simple_polygon_distance(const Polygon2* p, const Polygon2* q,
                                                      int p_first) {
  const DistanceResult<double> d =
      on_polygon_pair(p, q, p_first, [](const auto& a, const auto& b) { return distance(a, b); });
  double* out = io() + io_result;
  const double values[] = {d.distance, d.point_a.x, d.point_a.y, d.point_b.x, d.point_b.y};
  for (int i = 0; i < 5; ++i)
    out[i] = values[i];
}
EMSCRIPTEN_KEEPALIVE double c2d_simple_polygon_intersection_area(const Polygon2* p,
                                                                 const Polygon2* q, int p_first) {
  return polygon_area_query(p, q, p_first,
                            [](const auto& a, const auto& b) { return intersection_area(a, b); });
}
EMSCRIPTEN_KEEPALIVE double c2d_simple_polygon_iou(const Polygon2* p, const Polygon2* q,
                                                   int p_first) {
  return polygon_area_query(p, q, p_first, [](const auto& a, const auto& b) { return iou(a, b); });
}

// The ray in io_ray; the first span to io_result as c2d_raycast writes it. 1 hit, 0 miss.
EMSCRIPTEN_KEEPALIVE int c2d_simple_polygon_raycast(const Polygon2* p) {
  const std::optional<RayHit<double>> hit = raycast(read_ray(io() + io_ray), *p);
  if (!hit) return 0;
  put_ray_hit(io() + io_result, *hit);
  return 1;
}
// Every span, in order along the ray, to double_result (ray_hit_doubles each); the count.
EMSCRIPTEN_KEEPALIVE int c2d_simple_polygon_raycast_spans(const Polygon2* p) {
  const std::vector<RayHit<double>> spans = raycast_spans(read_ray(io() + io_ray), *p);
  std::vector<double>& out = double_result();
  out.resize(spans.size() * ray_hit_doubles);
  for (std::size_t i = 0; i < spans.size(); ++i)
    put_ray_hit(out.data() + i * ray_hit_doubles, spans[i]);
  return static_cast<int>(spans.size());
}

// As c2d_mass_properties: io_result mass, centroid x, y, inertia; 0, or -1 and the message.
EMSCRIPTEN_KEEPALIVE int c2d_simple_polygon_mass_properties(const Polygon2* p, double density) {
  return guarded(
      [&] {
        const MassProperties<double> m = mass_properties(*p, density);
        double* out = io() + io_result;
        const double values[] = {m.mass, m.centroid.x, m.centroid.y, m.inertia};
        for (int i = 0; i < 4; ++i)
          out[i] = values[i];
        return 0;
      },
      -1);
}

}  // extern "C"
