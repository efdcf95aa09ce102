// Fuzz target: simple polygons (polygon.hpp), alone and in a Scene.
//
// The bytes choose the scalar type, then an outline of 0 to 24 points (raw bits, small lattice
// values and moderate floats, fuzz_input.hpp) for make_simple_polygon, which must never crash and
// must either build a polygon whose outline is what it was given (the same points, counter-
// clockwise, no two equal) or refuse it with a reason. A built polygon then meets shapes of every
// kind (valid or not: queries must give a defined answer on any input), rays and a second polygon,
// and the answers must hang together wherever the shapes are valid and in range:
//   both argument orders agree for overlaps and overlaps_interior; overlapping shapes are at
//   distance 0; against points, segments and polygons (exact answers) overlaps_interior and
//   contains imply overlaps and contains_strictly implies contains; the ray spans are ordered and
//   the first is raycast's; a polygon overlaps and contains itself, never strictly.
// Finally a Scene holding the polygon and the shapes answers select, hit_test, overlapping and
// nearest as brute force over the same free functions does.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "collide2d/polygon.hpp"
#include "collide2d/scene.hpp"
#include "fuzz_input.hpp"

namespace collide2d::fuzz {
namespace {

// Answers are compared only while coordinates stay where squares cannot overflow (fuzz_scene's
// comparable_magnitude).
template <class T>
constexpr T comparable_magnitude() {
  return std::is_same_v<T, float> ? T(1e9) : T(1e60);
}

template <class T>
bool scene_accepts(const Shape<T>& shape) {
  const Aabb<T> box = bounding_box(shape);
  return validation_error(shape).empty() && is_finite(box.min) && is_finite(box.max);
}

template <class T>
bool comparable(const Shape<T>& shape) {
  return scene_accepts(shape) && magnitude(shape) <= comparable_magnitude<T>();
}

template <class T>
bool comparable(const Polygon<T>& p) {
  const Aabb<T> box = bounding_box(p);
  return std::max({std::abs(box.min.x), std::abs(box.min.y), std::abs(box.max.x),
                   std::abs(box.max.y)}) <= comparable_magnitude<T>();
}

template <class T>
std::optional<Polygon<T>> read_simple_polygon(FuzzedDataProvider& in) {
  std::vector<Vec2<T>> points(std::size_t(in.ConsumeIntegralInRange<int>(0, 24)));
  for (Vec2<T>& p : points)
    p = read_vec<T>(in);
  const Built<Polygon<T>> built = make_simple_polygon(points);
  if (!built) {
    COLLIDE2D_FUZZ_CHECK(!built.error().empty());
    return std::nullopt;
  }
  const Polygon<T>& p = built.value();
  COLLIDE2D_FUZZ_CHECK(validation_error(p).empty());
  COLLIDE2D_FUZZ_CHECK(p.size() == points.size());
  // The same points, in the given order or reversed.
  for (const Vec2<T>& v : p.vertices())
    COLLIDE2D_FUZZ_CHECK(std::find(points.begin(), points.end(), v) != points.end());
  // Positive wherever it cannot underflow: every coordinate 0 or at least 1e-10 (float) or
  // 1e-100 (double) in magnitude, so that the smallest nonzero cross product of two ulps is far
  // above T's smallest subnormal.
  const T tiny = std::is_same_v<T, float> ? T(1e-10) : T(1e-100);
  bool representable = true;
  for (const Vec2<T>& v : p.vertices()) {
    representable = representable && (v.x == T(0) || std::abs(v.x) >= tiny) &&
                    (v.y == T(0) || std::abs(v.y) >= tiny);
  }
  COLLIDE2D_FUZZ_CHECK(area(p) >= T(0));
  if (representable && !(area(p) > T(0))) {
    std::fprintf(stderr, "area %.17g of", double(area(p)));
    for (const Vec2<T>& v : p.vertices())
      std::fprintf(stderr, " (%.17g, %.17g)", double(v.x), double(v.y));
    fail("a built polygon has a positive area");
  }
  return p;
}

// One polygon's answers against one shape: defined on any input; where both are valid and in
// range, a touching shape is at distance 0 and the argument orders agree. Against points,
// segments and polygons the answers are exact (exact orientation signs, polygon.hpp), so there
// they must also nest: overlaps_interior and contains each imply overlaps, contains_strictly
// implies contains. (Against the other shapes the edge tests may answer either way within the
// tolerance band, and the nesting is not promised there.)
template <class T, class S>
void check_pair(const Polygon<T>& p, const S& s, bool compare) {
  const bool meet = overlaps(p, s), meet_back = overlaps(s, p);
  const bool deep = overlaps_interior(p, s), deep_back = overlaps_interior(s, p);
  const bool inside = contains(p, s), strictly = contains_strictly(p, s);
  const bool around = contains(s, p), around_strictly = contains_strictly(s, p);
  const DistanceResult<T> d = distance(p, s);
  if (!compare) return;
  COLLIDE2D_FUZZ_CHECK(meet == meet_back);
  COLLIDE2D_FUZZ_CHECK(deep == deep_back);
  COLLIDE2D_FUZZ_CHECK(!meet || d.distance == T(0));
  COLLIDE2D_FUZZ_CHECK(d.distance >= T(0));
  constexpr bool exact =
      std::is_same_v<S, Point<T>> || std::is_same_v<S, Segment<T>> || std::is_same_v<S, Polygon<T>>;
  if constexpr (exact) {
    COLLIDE2D_FUZZ_CHECK(!deep || meet);
    COLLIDE2D_FUZZ_CHECK(!strictly || inside);
    COLLIDE2D_FUZZ_CHECK(!inside || meet);
    COLLIDE2D_FUZZ_CHECK(!around_strictly || around);
    COLLIDE2D_FUZZ_CHECK(!around || meet);
  }
}

template <class T>
void check_ray(const Polygon<T>& p, const Ray<T>& ray) {
  const std::optional<RayHit<T>> first = raycast(ray, p);
  const std::vector<RayHit<T>> spans = raycast_spans(ray, p);
  if (!validation_error(ray).empty()) return;
  COLLIDE2D_FUZZ_CHECK(first.has_value() == !spans.empty());
  if (!first) return;
  COLLIDE2D_FUZZ_CHECK(first->t_enter == spans[0].t_enter);
  for (std::size_t i = 0; i < spans.size(); ++i) {
    COLLIDE2D_FUZZ_CHECK(spans[i].t_enter <= spans[i].t_exit);
    if (i > 0) COLLIDE2D_FUZZ_CHECK(spans[i - 1].t_exit <= spans[i].t_enter);
  }
}

std::vector<ShapeId> sorted(std::vector<ShapeId> ids) {
  std::sort(ids.begin(), ids.end());
  return ids;
}

// The Scene with the polygon (id 0, z 1) and the valid shapes, against brute force.
template <class T>
void check_scene(const Polygon<T>& p, const Polygon<T>* other, const std::vector<Shape<T>>& shapes,
                 FuzzedDataProvider& in) {
  Scene<T> scene;
  scene.add(p);
  scene.set_z(ShapeId{0}, 1);
  if (other) scene.add(*other);
  std::vector<std::pair<ShapeId, Shape<T>>> added;
  for (const Shape<T>& s : shapes)
    if (comparable(s)) added.push_back({scene.add(s), s});
  QueryOptions options;
  options.exclude_touching = in.ConsumeBool();
  const bool strict = options.exclude_touching;
  // A region (a valid Aabb) selects as brute force says.
  const Aabb<T> region{read_vec<T>(in), read_vec<T>(in)};
  const SelectMode mode = in.ConsumeBool() ? SelectMode::intersects : SelectMode::contains;
  if (!comparable(Shape<T>(region))) return;
  const Shape<T> r = region;
  const auto test = [&](const auto& s) {
    if (mode == SelectMode::intersects) return strict ? overlaps_interior(r, s) : overlaps(r, s);
    return strict ? contains_strictly(r, s) : contains(r, s);
  };
  std::vector<ShapeId> expected;
  if (test(p)) expected.push_back(ShapeId{0});
  if (other && test(*other)) expected.push_back(ShapeId{1});
  for (const auto& [id, s] : added)
    if (test(s)) expected.push_back(id);
  COLLIDE2D_FUZZ_CHECK(sorted(scene.select(region, mode, options)) == expected);
  // A point: hit_test and nearest-1 (the polygon is topmost on ties).
  const Vec2<T> q = read_vec<T>(in);
  if (!comparable(Shape<T>(q))) return;
  const bool hit = strict ? overlaps_interior(Shape<T>(q), p) : overlaps(Shape<T>(q), p);
  const std::vector<ShapeId> under = scene.hit_test(q, options);
  COLLIDE2D_FUZZ_CHECK(hit == (!under.empty() && under.front() == ShapeId{0}));
  const auto nearest = scene.nearest(q, 1, std::numeric_limits<T>::infinity(), options);
  COLLIDE2D_FUZZ_CHECK(!nearest.empty());
  const T to_polygon = overlaps(Shape<T>(q), p) ? T(0) : distance(Shape<T>(q), p).distance;
  COLLIDE2D_FUZZ_CHECK(nearest.front().distance <= to_polygon);
  // overlapping(shape) finds the polygon as the free function does.
  if (!shapes.empty() && comparable(shapes[0])) {
    const auto found = scene.overlapping(shapes[0], options);
    const bool expected_hit = strict ? overlaps_interior(shapes[0], p) : overlaps(shapes[0], p);
    COLLIDE2D_FUZZ_CHECK(expected_hit ==
                         (std::find(found.begin(), found.end(), ShapeId{0}) != found.end()));
  }
  COLLIDE2D_FUZZ_CHECK(scene.validate().empty());
}

template <class T>
void run(FuzzedDataProvider& in) {
  const std::optional<Polygon<T>> p = read_simple_polygon<T>(in);
  if (!p) return;
  const bool in_range = comparable(*p);
  // Against itself (exact: its edges lie on its own boundary), its interior meeting its own.
  COLLIDE2D_FUZZ_CHECK(overlaps(*p, *p) && contains(*p, *p) && !contains_strictly(*p, *p));
  COLLIDE2D_FUZZ_CHECK(overlaps_interior(*p, *p));
  std::vector<Shape<T>> shapes;
  const int count = in.ConsumeIntegralInRange<int>(0, 4);
  for (int i = 0; i < count; ++i) {
    shapes.push_back(read_shape<T>(in));
    const Shape<T>& s = shapes.back();
    std::visit([&](const auto& x) { check_pair(*p, x, in_range && comparable(s)); }, s);
  }
  check_ray(*p, read_ray<T>(in));
  const std::optional<Polygon<T>> other = read_simple_polygon<T>(in);
  if (other) check_pair(*p, *other, in_range && comparable(*other));
  if (in_range && (!other || comparable(*other)))
    check_scene(*p, other ? &*other : nullptr, shapes, in);
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
