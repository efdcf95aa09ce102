// Fuzz target: a Scene under a random sequence of operations, float and double, checked against
// brute force after each query.
//
// The bytes choose the scalar type, the scene's index (automatic, packed, dynamic, grid, switched
// at random later), then up to 96 operations: add, move (to a new shape or by a transform),
// set_shapes on a few ids at once, remove, z-order and filter changes, validate(), and queries.
// Every query's answer must equal the brute-force one: the exact narrow-phase test run on every
// live shape, with the same filter and ordering rules (select as a set; hit_test topmost first;
// raycast_all by entry, ties topmost first; overlapping_pairs as a set of (first < second), each
// once; overlapping(shape); a lasso along a polygon's outline as the polygon, and any lasso's
// contains within its intersects; candidates a superset of the shapes whose bounding box meets the
// box). Shapes come from the same reader as fuzz_queries (a polygon, on a further byte, rounded by
// a radius read after it: a rounded polygon), so invalid ones (NaN, infinities, subnormals, bad
// polygons) reach add and move, which must reject them with InvalidShape exactly when
// validation_error says so; bad query regions, points and rays must be rejected with InvalidQuery.
// Answers are compared while coordinates stay below 1e9 (float) or 1e60 (double); see
// comparable_magnitude().
#include <algorithm>
#include <limits>
#include <optional>
#include <set>
#include <vector>

#include "collide2d/lasso.hpp"
#include "collide2d/scene.hpp"
#include "fuzz_input.hpp"

namespace collide2d::fuzz {
namespace {

template <class T>
struct Entry {
  Shape<T> shape;
  std::int32_t z = 0;
  Filter filter{};
};

template <class T>
class Reference {
 public:
  std::vector<std::optional<Entry<T>>> entries;

  std::vector<ShapeId> live() const {
    std::vector<ShapeId> ids;
    for (std::size_t i = 0; i < entries.size(); ++i)
      if (entries[i]) ids.push_back(ShapeId(static_cast<std::uint32_t>(i)));
    return ids;
  }
  const Entry<T>& at(ShapeId id) const { return *entries[static_cast<std::size_t>(id)]; }
  Entry<T>& at(ShapeId id) { return *entries[static_cast<std::size_t>(id)]; }

  static bool accepts(Filter shape, Filter query) {
    return (shape.categories & query.mask) != 0 && (query.categories & shape.mask) != 0;
  }
  bool above(ShapeId a, ShapeId b) const { return at(a).z != at(b).z ? at(a).z > at(b).z : a > b; }
};

template <class T>
void set_entry(Reference<T>& ref, ShapeId id, const Shape<T>& shape) {
  const auto i = static_cast<std::size_t>(id);
  if (i >= ref.entries.size()) ref.entries.resize(i + 1);
  if (!ref.entries[i]) ref.entries[i] = Entry<T>{};
  ref.entries[i]->shape = shape;
}

// Answers are compared with brute force only while every coordinate and size involved is within
// the documented range (docs/ROBUSTNESS.md): beyond it squares and products may overflow, and two
// exact-where-possible code paths may then part. Outside it the contract is a defined answer
// (no crash, no undefined behaviour), which the sanitizers check on every input.
template <class T>
constexpr T comparable_magnitude() {
  return std::is_same_v<T, float> ? T(1e9) : T(1e60);
}

// A shape of any kind: read_shape's, or a polygon rounded by a radius read after it.
template <class T>
Shape<T> read_scene_shape(FuzzedDataProvider& in) {
  const Shape<T> shape = read_shape<T>(in);
  if (const auto* polygon = std::get_if<ConvexPolygon<T>>(&shape)) {
    if (in.ConsumeBool()) return RoundedPolygon<T>{*polygon, read_scalar<T>(in)};
  }
  return shape;
}

template <class T>
bool in_range(const Shape<T>& shape) {
  return magnitude(shape) <= comparable_magnitude<T>();  // false for NaN
}

template <class T>
bool all_in_range(const Reference<T>& ref) {
  for (const ShapeId id : ref.live())
    if (!in_range(ref.at(id).shape)) return false;
  return true;
}

// The Scene's rule for every shape, region and point it is given (detail::scene_input_error): a
// valid shape whose bounding box is finite.
template <class T>
bool scene_accepts(const Shape<T>& shape) {
  const Aabb<T> box = bounding_box(shape);
  return validation_error(shape).empty() && is_finite(box.min) && is_finite(box.max);
}

QueryOptions read_options(FuzzedDataProvider& in) {
  QueryOptions options;
  if (in.ConsumeIntegralInRange<int>(0, 3) == 0) {
    options.filter.categories = in.ConsumeIntegral<std::uint32_t>() & 7u;
    options.filter.mask = in.ConsumeIntegral<std::uint32_t>() & 7u;
  }
  options.exclude_touching = in.ConsumeIntegralInRange<int>(0, 3) == 0;
  if (in.ConsumeIntegralInRange<int>(0, 5) == 0) {
    const std::uint32_t modulus = in.ConsumeIntegralInRange<std::uint32_t>(2, 4);
    options.accept = [modulus](ShapeId id) { return static_cast<std::uint32_t>(id) % modulus; };
  }
  return options;
}

template <class T>
bool passes(const Reference<T>& ref, ShapeId id, const QueryOptions& options) {
  return Reference<T>::accepts(ref.at(id).filter, options.filter) &&
         (!options.accept || options.accept(id));
}

// Prints a shape with every digit, to turn a failure into a unit test.
template <class T>
void print(const char* label, const Shape<T>& shape) {
  std::fprintf(stderr, "%s kind %zu:", label, shape.index());
  std::visit(
      [](const auto& x) {
        const auto* values = reinterpret_cast<const T*>(&x);
        for (std::size_t i = 0; i < std::min<std::size_t>(sizeof(x) / sizeof(T), 8 + 1); ++i)
          std::fprintf(stderr, " %.17g", static_cast<double>(values[i]));
      },
      shape);
  std::fprintf(stderr, "\n");
}

template <class T>
void explain(const char* what, const Shape<T>& query, const std::vector<ShapeId>& got,
             const std::vector<ShapeId>& expected, const Reference<T>& ref) {
  if (got == expected) return;
  std::fprintf(stderr, "%s differs from brute force\n", what);
  print("query", query);
  for (const ShapeId id : ref.live()) {
    const bool in_got = std::find(got.begin(), got.end(), id) != got.end();
    const bool in_expected = std::find(expected.begin(), expected.end(), id) != expected.end();
    if (in_got != in_expected) {
      std::fprintf(stderr, "id %u: scene %d, brute force %d\n", static_cast<unsigned>(id), in_got,
                   in_expected);
      print("shape", ref.at(id).shape);
    }
  }
}

std::vector<ShapeId> sorted(std::vector<ShapeId> ids) {
  std::sort(ids.begin(), ids.end());
  return ids;
}

// Runs `query`; when `valid` is false it must throw InvalidQuery instead of answering.
template <class F>
bool answered(bool valid, F&& query) {
  try {
    query();
  } catch (const InvalidQuery&) {
    COLLIDE2D_FUZZ_CHECK(!valid);
    return false;
  }
  COLLIDE2D_FUZZ_CHECK(valid);
  return true;
}

// The brute-force answer of a selection: the exact narrow-phase test on every live shape.
template <class T>
std::vector<ShapeId> expected_select(const Reference<T>& ref, const Shape<T>& q, SelectMode mode,
                                     const QueryOptions& options) {
  std::vector<ShapeId> expected;
  for (const ShapeId id : ref.live()) {
    const Shape<T>& s = ref.at(id).shape;
    bool hit;
    if (mode == SelectMode::intersects) {
      hit = options.exclude_touching ? overlaps_interior(q, s) : overlaps(q, s);
    } else {
      hit = options.exclude_touching ? contains_strictly(q, s) : contains(q, s);
    }
    if (hit && passes(ref, id, options)) expected.push_back(id);
  }
  return expected;
}

template <class T, class Region>
void check_select(Scene<T>& scene, const Reference<T>& ref, const Region& region,
                  FuzzedDataProvider& in) {
  const SelectMode mode = in.ConsumeBool() ? SelectMode::intersects : SelectMode::contains;
  const QueryOptions options = read_options(in);
  std::vector<ShapeId> got;
  if (!answered(scene_accepts(Shape<T>(region)),
                [&] { got = scene.select(region, mode, options); }))
    return;
  const Shape<T> q = region;
  if (!in_range(q) || !all_in_range(ref)) return;
  const std::vector<ShapeId> expected = expected_select(ref, q, mode, options);
  explain(mode == SelectMode::intersects ? "select intersects" : "select contains", q, sorted(got),
          expected, ref);
  COLLIDE2D_FUZZ_CHECK(sorted(got) == expected);
}

// Whether the shape's answer may differ between the exact lasso and the polygon region, whose
// shape tests may answer either way within the tolerance band of touching (docs/ROBUSTNESS.md:
// 64 eps max(1, scale), scale the larger magnitude of the two): only when the shape comes within
// the band of the outline (of some edge) and, by mode,
//   intersects: it overlaps the polygon by at most the band (its penetration depth), or is apart;
//   contains:   it sticks out of the polygon by at most the band (it lies in the polygon grown by
//               the band, a RoundedPolygon).
// Both measures are the library's own band-allowed tests, so each allows a second band. A point
// near the outline passes both; a shape crossing the outline deep on both sides passes neither
// (found by this fuzzer: a point 1.5 inside a triangle with a vertex at -3.8e34, band 5.4e20; a
// vertex at (5.6e-294, 7.5) poking 1e-53 into an Aabb, band about 1e-11).
template <class T>
bool within_band_of_outline(const ConvexPolygon<T>& polygon, const Shape<T>& shape,
                            SelectMode mode) {
  const T scale = std::max({T(1), magnitude(Shape<T>(polygon)), magnitude(shape)});
  const T band = T(64) * std::numeric_limits<T>::epsilon() * scale;
  bool near_outline = false;
  for (int i = 0; i < polygon.count && !near_outline; ++i) {
    const Segment<T> edge{polygon.vertices[i], polygon.vertices[(i + 1) % polygon.count]};
    near_outline = distance(Shape<T>(edge), shape).distance <= band;
  }
  if (!near_outline) return false;
  if (mode == SelectMode::intersects) {
    const std::optional<Penetration<T>> deep = penetration(Shape<T>(polygon), shape);
    return !deep || deep->depth <= T(2) * band;
  }
  return contains(Shape<T>(RoundedPolygon<T>{polygon, T(2) * band}), shape);
}

// A lasso. Along a valid convex polygon's outline (either way round, or twice round: winding -1
// or 2, still nonzero) it must select exactly what brute force selects with the polygon; any other
// path (self-crossing, repeated points, collinear) must give contains within intersects, and
// answers of live shapes only; a path make_lasso refuses must leave an empty Lasso, which the
// Scene refuses.
template <class T>
void check_lasso(Scene<T>& scene, const Reference<T>& ref, FuzzedDataProvider& in) {
  const bool outline = in.ConsumeBool();
  std::optional<ConvexPolygon<T>> polygon;
  std::vector<Vec2<T>> points;
  if (outline) {
    polygon = read_polygon<T>(in);
    if (!scene_accepts(Shape<T>(*polygon))) return;
    points.assign(polygon->vertices, polygon->vertices + polygon->count);
    if (in.ConsumeBool()) std::reverse(points.begin(), points.end());
    if (in.ConsumeBool()) points.insert(points.end(), points.begin(), points.end());
  } else {
    const int count = in.ConsumeIntegralInRange<int>(0, 16);
    for (int i = 0; i < count; ++i)
      points.push_back(read_vec<T>(in));
  }
  const SelectMode mode = in.ConsumeBool() ? SelectMode::intersects : SelectMode::contains;
  const QueryOptions options = read_options(in);
  const Built<Lasso<T>> lasso = make_lasso(points);
  std::vector<ShapeId> got;
  if (!answered(bool(lasso),
                [&] { got = scene.select(lasso ? lasso.value() : Lasso<T>{}, mode, options); }))
    return;
  got = sorted(got);
  COLLIDE2D_FUZZ_CHECK(std::adjacent_find(got.begin(), got.end()) == got.end());
  const std::vector<ShapeId> live = ref.live();
  for (const ShapeId id : got) {
    COLLIDE2D_FUZZ_CHECK(std::binary_search(live.begin(), live.end(), id));
    COLLIDE2D_FUZZ_CHECK(passes(ref, id, options));
  }
  if (mode == SelectMode::contains) {
    const std::vector<ShapeId> meets =
        sorted(scene.select(lasso.value(), SelectMode::intersects, options));
    COLLIDE2D_FUZZ_CHECK(std::includes(meets.begin(), meets.end(), got.begin(), got.end()));
  }
  if (!polygon || !in_range(Shape<T>(*polygon)) || !all_in_range(ref)) return;
  const std::vector<ShapeId> expected = expected_select(ref, Shape<T>(*polygon), mode, options);
  if (got == expected) return;
  // The lasso decides by exact orientations; the polygon region by the library's shape tests,
  // which may answer either way within the tolerance band of touching (docs/ROBUSTNESS.md:
  // 64 eps max(1, scale)). They may differ only on shapes within that band of touching
  // (within_band_of_outline).
  explain("select with a lasso along a polygon", Shape<T>(*polygon), got, expected, ref);
  for (const ShapeId id : ref.live()) {
    const bool in_got = std::binary_search(got.begin(), got.end(), id);
    if (in_got == std::binary_search(expected.begin(), expected.end(), id)) continue;
    COLLIDE2D_FUZZ_CHECK(within_band_of_outline(*polygon, ref.at(id).shape, mode));
  }
}

template <class T>
void check_hit_test(Scene<T>& scene, const Reference<T>& ref, FuzzedDataProvider& in) {
  const Vec2<T> p = read_vec<T>(in);
  const QueryOptions options = read_options(in);
  std::vector<ShapeId> got;
  if (!answered(scene_accepts(Shape<T>(p)), [&] { got = scene.hit_test(p, options); })) return;
  if (!in_range(Shape<T>(p)) || !all_in_range(ref)) return;
  std::vector<ShapeId> expected;
  for (const ShapeId id : ref.live()) {
    const Shape<T>& s = ref.at(id).shape;
    const bool hit =
        options.exclude_touching ? overlaps_interior(Shape<T>(p), s) : overlaps(Shape<T>(p), s);
    if (hit && passes(ref, id, options)) expected.push_back(id);
  }
  std::sort(expected.begin(), expected.end(),
            [&](ShapeId a, ShapeId b) { return ref.above(a, b); });
  if (got != expected) {
    explain("hit_test", Shape<T>(p), sorted(got), sorted(expected), ref);
    for (const ShapeId id : got)
      std::fprintf(stderr, "scene: id %u z %d\n", unsigned(id), ref.at(id).z);
    for (const ShapeId id : expected)
      std::fprintf(stderr, "brute: id %u z %d\n", unsigned(id), ref.at(id).z);
  }
  COLLIDE2D_FUZZ_CHECK(got == expected);
}

// nearest: brute force over every live shape, ranked the way the Scene documents (0 when
// overlapping, else distance(); topmost first on ties), cut at max_distance and k.
template <class T>
void check_nearest(Scene<T>& scene, const Reference<T>& ref, FuzzedDataProvider& in) {
  const Vec2<T> p = read_vec<T>(in);
  const std::size_t k = in.ConsumeIntegralInRange<std::size_t>(0, 20);
  const T max_distance = in.ConsumeBool() ? std::numeric_limits<T>::infinity() : read_scalar<T>(in);
  const QueryOptions options = read_options(in);
  std::vector<SceneNearest<T>> got;
  const bool valid = scene_accepts(Shape<T>(p)) && max_distance >= T(0);
  if (!answered(valid, [&] { got = scene.nearest(p, k, max_distance, options); })) return;
  COLLIDE2D_FUZZ_CHECK(got.size() <= k);
  if (!in_range(Shape<T>(p)) || !all_in_range(ref)) return;
  std::vector<SceneNearest<T>> expected;
  for (const ShapeId id : ref.live()) {
    if (!passes(ref, id, options)) continue;
    const Shape<T>& s = ref.at(id).shape;
    const T d = overlaps(Shape<T>(p), s) ? T(0) : distance(Shape<T>(p), s).distance;
    if (d <= max_distance) expected.push_back({id, d});
  }
  std::sort(expected.begin(), expected.end(), [&](const auto& a, const auto& b) {
    return a.distance != b.distance ? a.distance < b.distance : ref.above(a.id, b.id);
  });
  if (expected.size() > k) expected.resize(k);
  COLLIDE2D_FUZZ_CHECK(got.size() == expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    COLLIDE2D_FUZZ_CHECK(got[i].id == expected[i].id);
    COLLIDE2D_FUZZ_CHECK(got[i].distance == expected[i].distance);
  }
}

template <class T>
void check_rays(Scene<T>& scene, const Reference<T>& ref, FuzzedDataProvider& in) {
  const Ray<T> ray = read_ray<T>(in);
  const QueryOptions options = read_options(in);
  std::vector<SceneRayHit<T>> all;
  std::optional<SceneRayHit<T>> closest;
  if (!answered(validation_error(ray).empty(), [&] {
        all = scene.raycast_all(ray, options);
        closest = scene.raycast_closest(ray, options);
      }))
    return;
  if (!in_range(Shape<T>(ray.origin)) || !in_range(Shape<T>(ray.direction)) || !all_in_range(ref))
    return;
  std::vector<SceneRayHit<T>> expected;
  for (const ShapeId id : ref.live()) {
    if (!passes(ref, id, options)) continue;
    if (const auto hit = raycast(ray, ref.at(id).shape)) expected.push_back({id, *hit});
  }
  std::sort(expected.begin(), expected.end(), [&](const auto& a, const auto& b) {
    return a.hit.t_enter != b.hit.t_enter ? a.hit.t_enter < b.hit.t_enter : ref.above(a.id, b.id);
  });
  if (all.size() != expected.size()) {
    std::fprintf(stderr, "ray %.17g %.17g dir %.17g %.17g max_t %.17g\n", double(ray.origin.x),
                 double(ray.origin.y), double(ray.direction.x), double(ray.direction.y),
                 double(ray.max_t));
    std::vector<ShapeId> a, e;
    for (const auto& h : all)
      a.push_back(h.id);
    for (const auto& h : expected)
      e.push_back(h.id);
    explain("raycast_all", Shape<T>(ray.origin), sorted(a), sorted(e), ref);
  }
  COLLIDE2D_FUZZ_CHECK(all.size() == expected.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    COLLIDE2D_FUZZ_CHECK(all[i].id == expected[i].id);
    COLLIDE2D_FUZZ_CHECK(all[i].hit.t_enter == expected[i].hit.t_enter);
  }
  COLLIDE2D_FUZZ_CHECK(closest.has_value() == !expected.empty());
  if (closest) COLLIDE2D_FUZZ_CHECK(closest->id == expected.front().id);
}

template <class T>
void check_pairs(Scene<T>& scene, const Reference<T>& ref, FuzzedDataProvider& in) {
  const QueryOptions options = read_options(in);
  std::vector<ShapePair> got = scene.overlapping_pairs(options);
  if (!all_in_range(ref)) return;
  std::vector<ShapePair> expected;
  const std::vector<ShapeId> ids = ref.live();
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (!passes(ref, ids[i], options)) continue;
    for (std::size_t j = i + 1; j < ids.size(); ++j) {
      if (!passes(ref, ids[j], options)) continue;
      const Entry<T>& a = ref.at(ids[i]);
      const Entry<T>& b = ref.at(ids[j]);
      if (!Reference<T>::accepts(a.filter, b.filter)) continue;
      const bool hit = options.exclude_touching ? overlaps_interior(a.shape, b.shape)
                                                : overlaps(a.shape, b.shape);
      if (hit) expected.push_back({ids[i], ids[j]});
    }
  }
  for (const ShapePair& p : got)
    COLLIDE2D_FUZZ_CHECK(p.first < p.second);
  const auto order = [](ShapePair a, ShapePair b) {
    return a.first != b.first ? a.first < b.first : a.second < b.second;
  };
  std::sort(got.begin(), got.end(), order);
  COLLIDE2D_FUZZ_CHECK(got == expected);  // also: each pair once
}

template <class T>
void check_overlapping(Scene<T>& scene, const Reference<T>& ref, FuzzedDataProvider& in) {
  const Shape<T> shape = read_scene_shape<T>(in);
  const QueryOptions options = read_options(in);
  std::vector<ShapeId> got;
  if (!answered(scene_accepts(shape), [&] { got = scene.overlapping(shape, options); })) return;
  if (!in_range(shape) || !all_in_range(ref)) return;
  std::vector<ShapeId> expected;
  for (const ShapeId id : ref.live()) {
    const Shape<T>& s = ref.at(id).shape;
    const bool hit = options.exclude_touching ? overlaps_interior(shape, s) : overlaps(shape, s);
    if (hit && passes(ref, id, options)) expected.push_back(id);
  }
  explain("overlapping", shape, sorted(got), expected, ref);
  COLLIDE2D_FUZZ_CHECK(sorted(got) == expected);
}

template <class T>
void check_candidates(Scene<T>& scene, const Reference<T>& ref, FuzzedDataProvider& in) {
  const Aabb<T> box{read_vec<T>(in), read_vec<T>(in)};
  const QueryOptions options = read_options(in);
  std::vector<ShapeId> got;
  if (!answered(scene_accepts(Shape<T>(box)), [&] { got = scene.candidates(box, options); }))
    return;
  got = sorted(got);
  COLLIDE2D_FUZZ_CHECK(std::adjacent_find(got.begin(), got.end()) == got.end());
  for (const ShapeId id : ref.live()) {
    if (!passes(ref, id, options) || !overlaps(bounding_box(ref.at(id).shape), box)) continue;
    COLLIDE2D_FUZZ_CHECK(std::binary_search(got.begin(), got.end(), id));
  }
}

template <class T>
void query(Scene<T>& scene, const Reference<T>& ref, FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 9)) {
    case 0:
      return check_select(scene, ref, Aabb<T>{read_vec<T>(in), read_vec<T>(in)}, in);
    case 1:
      return check_select(scene, ref,
                          Obb<T>{read_vec<T>(in), read_vec<T>(in), read_rotation<T>(in)}, in);
    case 2:
      return check_select(scene, ref, read_polygon<T>(in), in);
    case 3:
      return check_hit_test(scene, ref, in);
    case 4:
      return check_rays(scene, ref, in);
    case 5:
      return check_pairs(scene, ref, in);
    case 6:
      return check_overlapping(scene, ref, in);
    case 7:
      return check_nearest(scene, ref, in);
    case 8:
      return check_lasso(scene, ref, in);
    default:
      return check_candidates(scene, ref, in);
  }
}

template <class T>
std::optional<ShapeId> pick_live(const Reference<T>& ref, FuzzedDataProvider& in) {
  const std::vector<ShapeId> ids = ref.live();
  if (ids.empty()) return std::nullopt;
  return ids[in.ConsumeIntegralInRange<std::size_t>(0, ids.size() - 1)];
}

IndexChoice read_index(FuzzedDataProvider& in) {
  return static_cast<IndexChoice>(in.ConsumeIntegralInRange<int>(0, 3));
}

// set_shapes on a few live ids (an id may come twice): as set_shape for each in order when every
// shape is valid; otherwise refused whole, every shape as it was.
template <class T>
void change_many(Scene<T>& scene, Reference<T>& ref, FuzzedDataProvider& in) {
  std::vector<ShapeId> ids;
  std::vector<Shape<T>> shapes;
  bool valid = true;
  const int count = in.ConsumeIntegralInRange<int>(1, 4);
  for (int k = 0; k < count; ++k) {
    const auto id = pick_live(ref, in);
    if (!id) return;
    ids.push_back(*id);
    shapes.push_back(read_scene_shape<T>(in));
    valid = valid && scene_accepts(shapes.back());
  }
  std::vector<std::size_t> kinds_before;
  for (const ShapeId id : ids)
    kinds_before.push_back(scene.shape(id).index());
  try {
    scene.set_shapes(ids, shapes);
    COLLIDE2D_FUZZ_CHECK(valid);
    for (std::size_t k = 0; k < ids.size(); ++k)
      ref.at(ids[k]).shape = shapes[k];
  } catch (const InvalidShape&) {
    COLLIDE2D_FUZZ_CHECK(!valid);
    for (std::size_t k = 0; k < ids.size(); ++k)
      COLLIDE2D_FUZZ_CHECK(scene.shape(ids[k]).index() == kinds_before[k]);
  }
}

template <class T>
void change(Scene<T>& scene, Reference<T>& ref, FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 8)) {
    case 0:
    case 1: {
      const Shape<T> shape = read_scene_shape<T>(in);
      const bool valid = scene_accepts(shape);
      try {
        set_entry(ref, scene.add(shape), shape);
        COLLIDE2D_FUZZ_CHECK(valid);
      } catch (const InvalidShape&) {
        COLLIDE2D_FUZZ_CHECK(!valid);
      }
      return;
    }
    case 2:
      if (const auto id = pick_live(ref, in)) {
        const Shape<T> shape = read_scene_shape<T>(in);
        const bool valid = scene_accepts(shape);
        try {
          scene.set_shape(*id, shape);
          COLLIDE2D_FUZZ_CHECK(valid);
          ref.at(*id).shape = shape;
        } catch (const InvalidShape&) {
          COLLIDE2D_FUZZ_CHECK(!valid);
          COLLIDE2D_FUZZ_CHECK(scene.shape(*id).index() == ref.at(*id).shape.index());
        }
      }
      return;
    case 3:
      if (const auto id = pick_live(ref, in)) {
        const Transform<T> transform{read_vec<T>(in), read_rotation<T>(in)};
        try {
          scene.move(*id, transform);
        } catch (const InvalidShape&) {
          return;  // a non-finite or non-unit transform; the shape stays where it was
        }
        // The transform's arithmetic is the Scene's; the reference follows the result, which
        // must be a valid shape (or the move must have been refused).
        ref.at(*id).shape = scene.shape(*id);
        COLLIDE2D_FUZZ_CHECK(scene_accepts(ref.at(*id).shape));
      }
      return;
    case 4:
      if (const auto id = pick_live(ref, in)) {
        scene.remove(*id);
        ref.entries[static_cast<std::size_t>(*id)].reset();
        COLLIDE2D_FUZZ_CHECK(!scene.has(*id));
      }
      return;
    case 5:
      if (const auto id = pick_live(ref, in)) {
        const std::int32_t z = in.ConsumeIntegralInRange<std::int32_t>(-3, 3);
        scene.set_z(*id, z);
        ref.at(*id).z = z;
        const Filter filter{in.ConsumeIntegral<std::uint32_t>() & 7u,
                            in.ConsumeIntegral<std::uint32_t>() & 7u};
        if (in.ConsumeBool()) {
          scene.set_filter(*id, filter);
          ref.at(*id).filter = filter;
        }
      }
      return;
    case 6:
      scene.set_index_choice(read_index(in));
      return;
    case 7:
      return change_many(scene, ref, in);
    default: {
      const std::string problem = scene.validate();
      if (!problem.empty()) fail(problem.c_str());
      COLLIDE2D_FUZZ_CHECK(scene.size() == ref.live().size());
    }
  }
}

template <class T>
void run(FuzzedDataProvider& in) {
  SceneOptions<T> options;
  options.index = read_index(in);
  options.node_size = in.ConsumeIntegralInRange<int>(2, 20);
  if (in.ConsumeBool()) options.dynamic_margin = T(in.ConsumeIntegralInRange<int>(0, 8)) / T(4);
  Scene<T> scene(options);
  Reference<T> ref;
  for (int step = 0; step < 96 && in.remaining_bytes() > 0; ++step) {
    if (in.ConsumeIntegralInRange<int>(0, 2) == 0) {
      query(scene, ref, in);
    } else {
      change(scene, ref, in);
    }
  }
  const std::string problem = scene.validate();
  if (!problem.empty()) fail(problem.c_str());
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
