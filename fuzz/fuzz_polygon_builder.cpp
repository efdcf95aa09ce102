// Fuzz target: the polygon builders on any points, and the box-format builders on any numbers.
//
// make_polygon and make_convex_hull never crash; what they accept is valid (is_valid), what they
// reject comes with a reason; a hull keeps every input point (within the tolerance band) and has
// its vertices among the input points. make_obb_from, make_obb_from_quad and
// make_polygon_from_quad (box_formats.hpp) likewise, in every convention; a box they build comes
// back through to_cxcywha and to_quad as a valid box.
#include <algorithm>
#include <array>
#include <cstdio>
#include <vector>

#include "fuzz_input.hpp"

namespace collide2d::fuzz {
namespace {

template <class T>
void box_formats(FuzzedDataProvider& in) {
  const BoxConvention c{in.ConsumeBool() ? AngleUnit::degrees : AngleUnit::radians,
                        in.ConsumeBool() ? Frame::y_down : Frame::y_up,
                        in.ConsumeBool() ? Winding::cw : Winding::ccw};
  T xy[8];
  for (T& v : xy)
    v = read_scalar<T>(in);
  const auto box = make_obb_from(xy[0], xy[1], xy[2], xy[3], xy[4], c);
  COLLIDE2D_FUZZ_CHECK(box ? is_valid(box.value()) : !box.error().empty());
  if (box) {
    const Cxcywha<T> n = to_cxcywha(box.value(), c);
    const auto again = make_obb_from(n.cx, n.cy, n.w, n.h, n.angle, c);
    COLLIDE2D_FUZZ_CHECK(again && is_valid(again.value()));
  }
  const auto quad_box = make_obb_from_quad(xy, c.frame);
  COLLIDE2D_FUZZ_CHECK(quad_box ? is_valid(quad_box.value()) : !quad_box.error().empty());
  if (quad_box) {
    // Its corners read back as a box or with a reason, never a crash.
    const std::array<T, 8> q = to_quad(quad_box.value(), c.frame, c.winding);
    const auto again = make_obb_from_quad(q.data(), c.frame);
    COLLIDE2D_FUZZ_CHECK(again ? is_valid(again.value()) : !again.error().empty());
  }
  const auto quad_polygon = make_polygon_from_quad(xy, c.frame);
  COLLIDE2D_FUZZ_CHECK(quad_polygon ? is_valid(quad_polygon.value())
                                    : !quad_polygon.error().empty());
}

template <class T>
void polygons(FuzzedDataProvider& in) {
  std::vector<Vec2<T>> points(in.ConsumeIntegralInRange<std::size_t>(0, 24));
  for (Vec2<T>& p : points)
    p = read_vec<T>(in);

  const auto polygon = make_polygon(points);
  if (polygon) {
    COLLIDE2D_FUZZ_CHECK(is_valid(polygon.value()));
    COLLIDE2D_FUZZ_CHECK(polygon->count == static_cast<int>(points.size()));
  } else {
    COLLIDE2D_FUZZ_CHECK(!polygon.error().empty());
  }

  const auto hull = make_convex_hull(points);
  if (!hull) {
    COLLIDE2D_FUZZ_CHECK(!hull.error().empty());
    return;
  }
  const ConvexPolygon<T>& h = hull.value();
  COLLIDE2D_FUZZ_CHECK(is_valid(h));
  T scale = T(1);
  for (const Vec2<T>& p : points)
    scale = std::max({scale, std::abs(p.x), std::abs(p.y)});
  if (!(scale < T(1e4))) return;  // beyond, the squares in the distance check may overflow
  const T tol = T(640) * std::numeric_limits<T>::epsilon() * scale;
  for (const Vec2<T>& p : points) {
    if (overlaps(p, h) || distance(p, h).distance <= tol) continue;
    std::fprintf(stderr,
                 "point (%.9g, %.9g) is %.9g outside the hull (tol %.9g); hull:", double(p.x),
                 double(p.y), double(distance(p, h).distance), double(tol));
    for (int i = 0; i < h.count; ++i) {
      std::fprintf(stderr, " (%.9g, %.9g)", double(h.vertices[i].x), double(h.vertices[i].y));
    }
    std::fprintf(stderr, "; input:");
    for (const Vec2<T>& q : points)
      std::fprintf(stderr, " (%.9g, %.9g)", double(q.x), double(q.y));
    std::fprintf(stderr, "\n");
    fail("every input point lies in its hull");
  }
  for (int i = 0; i < h.count; ++i) {
    COLLIDE2D_FUZZ_CHECK(std::find(points.begin(), points.end(), h.vertices[i]) != points.end());
  }
}

// The polygons first, so that the checked-in corpus keeps its meaning; the box formats read the
// bytes left over.
template <class T>
void run(FuzzedDataProvider& in) {
  polygons<T>(in);
  box_formats<T>(in);
}

}  // namespace
}  // namespace collide2d::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  if (in.ConsumeBool()) {
    collide2d::fuzz::run<float>(in);
  } else {
    collide2d::fuzz::run<double>(in);
  }
  return 0;
}
