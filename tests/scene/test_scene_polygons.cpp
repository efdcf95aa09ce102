// Simple polygons in a Scene (Scene::add(Polygon)): every query against a brute force written here,
// over seeded random scenes that mix shapes, groups and concave polygons of 3 to 40 vertices, for
// every index choice and both scalars, before and after changes (removes, a shape becoming a
// polygon and back, moves) and after a save and load; hand cases checkable on paper (an L whose
// inner corner a decomposition would split); the API's errors.
//
// The brute force knows nothing of how the Scene stores polygons: an entry is a polygon or a list
// of parts, and each query loops over every entry with the library's free functions, the polygon's
// own (polygon.hpp, checked against GMP rationals in tests/property/polygon_property_test.cpp).
// Lassos are simple here (random star-shaped outlines), so that the lasso's region is the polygon
// of the same outline and its answers are the polygon queries'.
#include <cstring>

#include "scene/entry_reference.hpp"
#include "scene/file_checksum.hpp"

// A namespace of its own: the unity builds compile this file with test_scene_groups.cpp, whose
// helpers have the same names.
namespace c2s::scene_polygons {
namespace {

// A star-shaped outline around (cx, cy): n vertices at increasing angles, each at a random radius
// (some deep notches, so that the polygon is concave), rounded to T (to integers on the pixel
// grid); drawn again until make_simple_polygon takes it.
template <class T>
Polygon<T> random_star(ShapeSource<T>& source, double cx, double cy, double size, bool pixel) {
  for (;;) {
    const int n = source.integer(3, 40);
    const double turn = source.uniform(0, 2 * pi<double>);
    std::vector<Vec2<T>> v;
    for (int i = 0; i < n; ++i) {
      const double a = turn + 2 * pi<double> * (i + source.uniform(0.1, 0.9)) / n;
      const double r =
          size * (source.uniform(0, 1) < 0.3 ? source.uniform(0.1, 0.4) : source.uniform(0.6, 1.0));
      double x = cx + r * std::cos(a), y = cy + r * std::sin(a);
      if (pixel) x = std::round(x), y = std::round(y);
      v.push_back({T(x), T(y)});
    }
    if (auto p = make_simple_polygon(v)) return p.value();
  }
}

template <class T>
Polygon<T> random_polygon(ShapeSource<T>& source, bool pixel) {
  const auto [cx, cy, size] = source.place();
  return random_star(source, cx, cy, std::max(size, pixel ? 3.0 : 1e-3), pixel);
}

template <class T>
Polygon<T> placed_polygon(const Polygon<T>& p, const Transform<T>& xf) {
  std::vector<Vec2<T>> v;
  for (const Vec2<T>& q : p.vertices())
    v.push_back(transform_point(xf, q));
  return make_simple_polygon(v).value();
}

template <class T>
struct Setup {
  Layout layout;
  bool pixel() const { return layout == Layout::pixel_grid; }
};

template <class T>
void add_entry(Scene<T>& scene, EntryReference<T>& ref, ShapeSource<T>& source, bool pixel,
               std::mt19937& rng, int i) {
  ShapeId id;
  Entry<T> e;
  e.alive = true;
  const auto r = rng() % 6;
  if (r < 3) {
    e.polygon = random_polygon(source, pixel);
    id = scene.add(*e.polygon, std::uint64_t(i));
  } else if (r == 3) {
    e.parts = {source.shape(), source.shape()};
    id = scene.add_group(e.parts, std::uint64_t(i));
  } else {
    e.parts = {source.shape()};
    id = scene.add(e.parts[0], std::uint64_t(i));
  }
  if (rng() % 4 == 0) {
    e.z = std::int32_t(rng() % 5) - 2;
    scene.set_z(id, e.z);
  }
  if (rng() % 6 == 0) {
    e.filter = Filter{std::uint32_t(rng() % 3 + 1), std::uint32_t(rng() % 8) | 1u};
    scene.set_filter(id, e.filter);
  }
  ref.at(id) = e;
}

// Removes, a polygon for a shape and back, moves of polygons (translations, and exact quarter
// turns on the pixel grid so that the outline stays on integers).
template <class T>
void change(Scene<T>& scene, EntryReference<T>& ref, ShapeSource<T>& source, bool pixel,
            std::mt19937& rng) {
  for (std::size_t i = 0; i < ref.entries.size(); ++i) {
    Entry<T>& e = ref.entries[i];
    if (!e.alive) continue;
    const ShapeId id{static_cast<std::uint32_t>(i)};
    const auto r = rng() % 10;
    if (r == 0) {
      scene.remove(id);
      e.alive = false;
    } else if (r == 1) {
      e.polygon = random_polygon(source, pixel);
      e.parts.clear();
      e.given = Polygon<T>();
      scene.set_shape(id, *e.polygon);
    } else if (r == 2) {
      e.polygon.reset();
      e.parts = {source.shape()};
      scene.set_shape(id, e.parts[0]);
    } else if (r <= 4 && e.polygon) {
      const Rot<T> q = pixel ? Rot<T>{T(0), T(1)} : Rot<T>::from_angle(T(source.uniform(0, 6)));
      const Transform<T> xf{{T(source.integer(-20, 20)), T(source.integer(-20, 20))}, q};
      if (e.given.empty()) e.given = *e.polygon;
      // The scene places the polygon as given: the reference does the same.
      const Polygon<T> moved = placed_polygon(e.given, xf);
      scene.move(id, xf);
      e.polygon = moved;
    }
  }
}

struct PolygonHits {
  long intersects = 0, contains = 0, lasso = 0, hit = 0, ray = 0, nearest = 0, pairs = 0,
       strict_differs = 0;
};

template <class T>
void expect_queries(Scene<T>& scene, const EntryReference<T>& ref, ShapeSource<T>& source,
                    bool pixel, std::mt19937& rng, int queries, PolygonHits& hits) {
  for (int q = 0; q < queries; ++q) {
    SCOPED_TRACE(::testing::Message() << "query " << q);
    QueryOptions o;
    o.exclude_touching = q % 3 == 1;
    if (q % 5 == 2) o.filter = Filter{2, 0xFFFFFFFEu};
    const auto mode = q % 2 ? SelectMode::intersects : SelectMode::contains;
    const Aabb<T> box = source.region_aabb();
    const auto box_answer = ref.select(box, mode, o);
    EXPECT_EQ(sorted(scene.select(box, mode, o)), box_answer) << "aabb";
    (mode == SelectMode::intersects ? hits.intersects : hits.contains) +=
        ref.polygons_in(box_answer);
    // Boxes that touch a polygon: its bounding box (holding it, touching), and the box beside it
    // that meets it at its rightmost vertices only.
    const std::size_t chosen = rng() % ref.entries.size();
    if (ref.entries[chosen].alive && ref.entries[chosen].polygon) {
      const Aabb<T> b = bounding_box(*ref.entries[chosen].polygon);
      const Aabb<T> beside{{b.max.x, b.min.y}, {b.max.x + T(5), b.max.y}};
      for (const Aabb<T>& touching : {b, beside}) {
        QueryOptions closed = o;
        closed.exclude_touching = false;
        const auto open = ref.select(touching, mode, o), shut = ref.select(touching, mode, closed);
        EXPECT_EQ(sorted(scene.select(touching, mode, o)), open) << "touching";
        EXPECT_EQ(sorted(scene.select(touching, mode, closed)), shut) << "touching, closed";
        hits.strict_differs += ref.polygons_in(open) != ref.polygons_in(shut);
      }
    }
    const Obb<T> obb = source.region_obb();
    EXPECT_EQ(sorted(scene.select(obb, mode, o)), ref.select(obb, mode, o)) << "obb";
    const ConvexPolygon<T> convex = source.region_polygon();
    EXPECT_EQ(sorted(scene.select(convex, mode, o)), ref.select(convex, mode, o)) << "convex";
    // A simple lasso: its region is the polygon of the same outline.
    const Vec2<T> c = source.region_centre();
    const Polygon<T> outline =
        random_star(source, double(c.x), double(c.y), std::max(source.region_size(), 4.0), pixel);
    const Lasso<T> lasso = make_lasso(outline.vertices()).value();
    const auto lasso_answer = ref.select(outline, mode, o);
    EXPECT_EQ(sorted(scene.select(lasso, mode, o)), lasso_answer) << "lasso";
    hits.lasso += ref.polygons_in(lasso_answer);
    // Points: anywhere, and on a polygon's vertex, where touching decides.
    Vec2<T> p = source.region_centre();
    const std::size_t pick = rng() % ref.entries.size();
    if (ref.entries[pick].alive && ref.entries[pick].polygon && q % 2 == 0) {
      const auto& v = ref.entries[pick].polygon->vertices();
      p = v[rng() % v.size()];
    }
    const auto under = ref.hit_test(p, o);
    EXPECT_EQ(scene.hit_test(p, o), under) << "hit";
    hits.hit += ref.polygons_in(under);
    const Shape<T> other = source.shape();
    EXPECT_EQ(sorted(scene.overlapping(other, o)), ref.select(other, SelectMode::intersects, o))
        << "overlapping";
    const Ray<T> ray = source.ray();
    const auto expected = ref.raycast_all(ray, o);
    expect_same_rays(scene.raycast_all(ray, o), expected);
    for (const auto& h : expected)
      hits.ray += ref.polygons_in({h.id});
    const auto closest = scene.raycast_closest(ray, o);
    ASSERT_EQ(closest.has_value(), !expected.empty());
    if (closest) {
      EXPECT_EQ(closest->id, expected[0].id);
    }
    const std::size_t k = 1 + rng() % 6;
    const T max_distance = q % 4 == 3 ? T(30) : std::numeric_limits<T>::infinity();
    const auto near_expected = ref.nearest(Point<T>(p), k, max_distance, o);
    expect_same_nearest(scene.nearest(p, k, max_distance, o), near_expected);
    for (const auto& n : near_expected)
      hits.nearest += ref.polygons_in({n.id});
    expect_same_nearest(scene.nearest(other, k, max_distance, o),
                        ref.nearest(other, k, max_distance, o));
  }
  for (const bool strict : {false, true}) {
    QueryOptions o;
    o.exclude_touching = strict;
    const auto got = sorted_pairs(scene.overlapping_pairs(o, 2));
    const auto expected = ref.pairs(o);
    EXPECT_EQ(got, expected) << "strict " << strict << ": " << difference(got, expected);
    for (const ShapePair& p : expected)
      hits.pairs += ref.polygons_in({p.first, p.second}) > 0 ? 1 : 0;
  }
}

template <class T>
void random_scenes(Layout layout, std::uint32_t seed) {
  const IndexChoice choices[] = {IndexChoice::automatic, IndexChoice::packed, IndexChoice::dynamic,
                                 IndexChoice::grid};
  const int count = int(env_count("COLLIDE2D_SCENE_POLYGON_SHAPES", 200));
  const int queries = int(env_count("COLLIDE2D_SCENE_POLYGON_QUERIES", 30));
  const bool pixel = layout == Layout::pixel_grid;
  for (const IndexChoice choice : choices) {
    SCOPED_TRACE(::testing::Message() << layout_name(layout) << " index " << int(choice) << " seed "
                                      << seed << " scalar " << sizeof(T));
    SceneOptions<T> options;
    options.index = choice;
    Scene<T> scene(options);
    EntryReference<T> ref;
    ShapeSource<T> source(layout, count, seed);
    std::mt19937 rng(seed);
    for (int i = 0; i < count; ++i)
      add_entry(scene, ref, source, pixel, rng, i);
    PolygonHits hits;
    expect_queries(scene, ref, source, pixel, rng, queries, hits);
    change(scene, ref, source, pixel, rng);
    for (int i = 0; i < count / 8; ++i)
      add_entry(scene, ref, source, pixel, rng, count + i);
    ASSERT_EQ(scene.validate(), "");
    expect_queries(scene, ref, source, pixel, rng, queries, hits);
    // Saved and loaded: the same bytes again, the same answers.
    const std::vector<std::uint8_t> bytes = scene.save();
    Scene<T> loaded = Scene<T>::load(bytes);
    EXPECT_TRUE(loaded.save() == bytes);
    expect_queries(loaded, ref, source, pixel, rng, queries / 3, hits);
    // Moves after loading place the polygon as given before saving.
    change(loaded, ref, source, pixel, rng);
    ASSERT_EQ(loaded.validate(), "");
    expect_queries(loaded, ref, source, pixel, rng, queries / 3, hits);
    // Polygons must matter in every family, or the comparisons above prove little.
    EXPECT_GT(hits.intersects, 0);
    EXPECT_GT(hits.contains, 0);
    EXPECT_GT(hits.lasso, 0);
    EXPECT_GT(hits.hit, 0);
    EXPECT_GT(hits.ray, 0);
    EXPECT_GT(hits.nearest, 0);
    EXPECT_GT(hits.pairs, 0);
    if (choice == IndexChoice::automatic) {
      std::printf(
          "%s %s: polygons in answers: intersects %ld, contains %ld, lasso %ld, hit %ld, ray %ld,"
          " nearest %ld, pairs %ld; exclude_touching changed %ld box answers\n",
          layout_name(layout), sizeof(T) == 4 ? "float" : "double", hits.intersects, hits.contains,
          hits.lasso, hits.hit, hits.ray, hits.nearest, hits.pairs, hits.strict_differs);
    }
    EXPECT_GT(hits.strict_differs, 0);
    ++seed;
  }
}

TEST(ScenePolygons, RandomScenesAgainstBruteForce) {
  random_scenes<float>(Layout::uniform, 1500);
  random_scenes<double>(Layout::clustered, 1600);
}

// Integer coordinates: outlines, regions and points touch exactly, so the closed-set rule and
// exclude_touching decide many answers.
TEST(ScenePolygons, PixelGridAgainstBruteForce) {
  random_scenes<float>(Layout::pixel_grid, 1700);
  random_scenes<double>(Layout::pixel_grid, 1800);
}

// The L (0,0) (2,0) (2,1) (1,1) (1,2) (0,2). A decomposition into the boxes [0,2]x[0,1] and
// [0,1]x[1,2] puts a seam along y = 1 from x = 0 to 1 that is not on the outline: there a point or
// segment lies in the polygon's interior though on the boundary of both pieces, and a ray along
// y = 0.5 crosses no edge at x = 1. The Scene must answer for the polygon, not for its pieces.
template <class T>
Polygon<T> l_polygon() {
  return make_simple_polygon<T>({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}).value();
}

template <class T>
void l_cases() {
  Scene<T> scene;
  const ShapeId l = scene.add(l_polygon<T>(), 7);
  // The same outline as a group of the two pieces, far to the right (x + 10).
  const std::vector<Shape<T>> pieces{Aabb<T>{{10, 0}, {12, 1}}, Aabb<T>{{10, 1}, {11, 2}}};
  const ShapeId group = scene.add_group(pieces);
  QueryOptions strict;
  strict.exclude_touching = true;
  const std::vector<ShapeId> just_l{l}, nothing{};
  // The seam: inside the polygon's interior, on the boundary of both pieces of the group.
  EXPECT_EQ(scene.hit_test({T(0.5), T(1)}, strict), just_l);
  EXPECT_EQ(scene.hit_test({T(10.5), T(1)}, strict), nothing);
  EXPECT_EQ(scene.overlapping(Segment<T>{{T(0.2), T(1)}, {T(0.8), T(1)}}, strict), just_l);
  EXPECT_EQ(scene.overlapping(Segment<T>{{T(10.2), T(1)}, {T(10.8), T(1)}}, strict), nothing);
  // The inner corner (1, 1) and the notch.
  EXPECT_EQ(scene.hit_test({T(1), T(1)}), just_l);
  EXPECT_EQ(scene.hit_test({T(1), T(1)}, strict), nothing);
  EXPECT_EQ(scene.select(Aabb<T>{{T(1.25), T(1.25)}, {T(1.75), T(1.75)}}, SelectMode::intersects),
            nothing);
  EXPECT_EQ(scene.select(Aabb<T>{{1, 1}, {2, 2}}, SelectMode::intersects), just_l);
  EXPECT_EQ(scene.select(Aabb<T>{{1, 1}, {2, 2}}, SelectMode::intersects, strict), nothing);
  // Contains: the L's box holds it, touching; a box one unit short does not.
  EXPECT_EQ(scene.select(Aabb<T>{{0, 0}, {2, 2}}, SelectMode::contains), just_l);
  EXPECT_EQ(scene.select(Aabb<T>{{0, 0}, {2, 2}}, SelectMode::contains, strict), nothing);
  EXPECT_EQ(scene.select(Aabb<T>{{0, 0}, {2, T(1.5)}}, SelectMode::contains), nothing);
  // A ray along y = 0.5 from x = -1: enters at x = 0 (t 1, normal -x), leaves at x = 2 (t 3).
  const auto hit = scene.raycast_closest(Ray<T>{{-1, T(0.5)}, {1, 0}});
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->id, l);
  EXPECT_EQ(hit->hit.t_enter, T(1));
  EXPECT_EQ(hit->hit.t_exit, T(3));
  EXPECT_EQ(hit->hit.normal.x, T(-1));
  // Along x = 0.5 upwards: through the seam y = 1 without leaving, out at y = 2.
  const auto up = scene.raycast_closest(Ray<T>{{T(0.5), -1}, {0, 1}});
  ASSERT_TRUE(up.has_value());
  EXPECT_EQ(up->hit.t_exit, T(3));
  const auto up_group = scene.raycast_closest(Ray<T>{{T(10.5), -1}, {0, 1}});
  ASSERT_TRUE(up_group.has_value());
  EXPECT_EQ(up_group->id, group);
  EXPECT_EQ(up_group->hit.t_exit, T(2));  // the group's piece, left at the seam
  // Nearest: the notch's far corner (2, 2) is 1 from the outline (at (1, 2) or (2, 1)).
  const auto near = scene.nearest(Vec2<T>{2, 2}, 1);
  ASSERT_EQ(near.size(), 1u);
  EXPECT_EQ(near[0].id, l);
  EXPECT_EQ(near[0].distance, T(1));
  // A lasso around the notch only: the L touches it along two edges.
  const Lasso<T> notch = make_lasso<T>({{1, 1}, {3, 1}, {3, 3}, {1, 3}}).value();
  EXPECT_EQ(scene.select(notch, SelectMode::intersects), just_l);
  EXPECT_EQ(scene.select(notch, SelectMode::intersects, strict), nothing);
  // A bow tie crossing itself at (2, 2), moved to y + 10 (past the L): its lobes are the
  // triangles (0,10) (2,12) (0,14), winding +1, and (4,10) (4,14) (2,12), winding -1; the
  // triangles above and below the crossing have winding 0.
  const Lasso<T> bow = make_lasso<T>({{0, 10}, {4, 14}, {4, 10}, {0, 14}}).value();
  const ShapeId lobe =
      scene.add(make_simple_polygon<T>({{0, 10}, {2, 12}, {0, 14}}).value());  // a lobe itself
  const ShapeId across =  // a thin diamond through the crossing, reaching below and above it
      scene.add(
          make_simple_polygon<T>({{T(0.5), 12}, {2, T(11.9)}, {T(3.5), 12}, {2, T(12.1)}}).value());
  EXPECT_EQ(sorted(scene.select(bow, SelectMode::contains)), (std::vector<ShapeId>{lobe}));
  EXPECT_EQ(scene.select(bow, SelectMode::contains, strict), nothing);
  EXPECT_EQ(sorted(scene.select(bow, SelectMode::intersects)), sorted({lobe, across}));
  EXPECT_EQ(sorted(scene.select(bow, SelectMode::intersects, strict)), sorted({lobe, across}));
  // Pairs: the L against a box inside its bottom arm and against one in the notch (touching).
  const ShapeId inside = scene.add(Aabb<T>{{T(1.2), T(0.2)}, {T(1.8), T(0.8)}});
  const ShapeId in_notch = scene.add(Aabb<T>{{1, 1}, {2, 2}});
  const auto pairs = scene.overlapping_pairs();
  const auto has = [&](const std::vector<ShapePair>& v, ShapeId a, ShapeId b) {
    return std::find(v.begin(), v.end(), ShapePair{std::min(a, b), std::max(a, b)}) != v.end();
  };
  EXPECT_TRUE(has(pairs, l, inside));
  EXPECT_TRUE(has(pairs, l, in_notch));
  const auto strict_pairs = scene.overlapping_pairs(strict);
  EXPECT_TRUE(has(strict_pairs, l, inside));
  EXPECT_FALSE(has(strict_pairs, l, in_notch));
}

TEST(ScenePolygons, AnLWhoseSeamIsInside) {
  l_cases<float>();
  l_cases<double>();
}

TEST(ScenePolygons, ApiAndErrors) {
  Scene<double> scene;
  EXPECT_THROW(scene.add(Polygon<double>()), InvalidShape);
  const ShapeId l = scene.add(l_polygon<double>(), 42);
  const ShapeId box = scene.add(Aabb<double>{{5, 5}, {6, 6}});
  EXPECT_TRUE(scene.is_polygon(l));
  EXPECT_FALSE(scene.is_polygon(box));
  EXPECT_FALSE(scene.is_group(l));
  EXPECT_EQ(scene.user_data(l), 42u);
  EXPECT_EQ(scene.polygon(l).vertices(), l_polygon<double>().vertices());
  EXPECT_THROW((void)scene.polygon(box), std::invalid_argument);
  EXPECT_THROW((void)scene.shape(l), std::invalid_argument);
  EXPECT_THROW((void)scene.parts(l), std::invalid_argument);
  EXPECT_THROW((void)scene.is_polygon(ShapeId{99}), std::out_of_range);
  try {
    (void)scene.shape(l);
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "Scene::shape: id 0 is a simple polygon of 6 vertices; polygon(id) returns it");
  }
  // A quarter turn about the origin, then (10, 0): (x, y) -> (10 - y, x), exactly.
  scene.move(l, Transform<double>{{10, 0}, Rot<double>{0, 1}});
  const std::vector<Vec2<double>> turned{{10, 0}, {10, 2}, {9, 2}, {9, 1}, {8, 1}, {8, 0}};
  EXPECT_EQ(scene.polygon(l).vertices(), turned);
  // Moves place the polygon as given, not the last placed one.
  scene.move(l, Transform<double>{{0, 0}, Rot<double>::identity()});
  EXPECT_EQ(scene.polygon(l).vertices(), l_polygon<double>().vertices());
  // A polygon for a shape, a shape for a polygon, a group for a polygon.
  scene.set_shape(box, l_polygon<double>());
  EXPECT_TRUE(scene.is_polygon(box));
  scene.set_shape(box, Shape<double>{Circle<double>{{0, 0}, 1}});
  EXPECT_FALSE(scene.is_polygon(box));
  scene.set_parts(l, std::vector<Shape<double>>{Circle<double>{{0, 0}, 1}});
  EXPECT_TRUE(scene.is_group(l));
  EXPECT_EQ(scene.validate(), "");
  // A translation so far that the vertices round together is refused, and nothing changes.
  Scene<float> small;
  const ShapeId p = small.add(l_polygon<float>());
  EXPECT_THROW(small.move(p, Transform<float>{{3e38f, 0}, Rot<float>{0, 1}}), InvalidShape);
  EXPECT_EQ(small.polygon(p).vertices(), l_polygon<float>().vertices());
}

// Where the bytes of these vertices (x, y pairs) begin in the file; the file's size if nowhere.
std::size_t find_vertices(const std::vector<std::uint8_t>& file,
                          const std::vector<Vec2<double>>& v) {
  const std::size_t size = v.size() * sizeof(Vec2<double>);
  for (std::size_t at = 0; at + size <= file.size(); ++at)
    if (std::memcmp(file.data() + at, v.data(), size) == 0) return at;
  return file.size();
}

// A damaged polygon in a file is refused with the polygon named, never loaded in part.
TEST(ScenePolygons, FilesRefuseABadPolygon) {
  Scene<double> scene;
  scene.add(l_polygon<double>());
  std::vector<std::uint8_t> bytes = scene.save();
  const Scene<double> again = Scene<double>::load(bytes);
  EXPECT_EQ(again.polygon(ShapeId{0}).vertices(), l_polygon<double>().vertices());
  // Truncations anywhere are refused.
  for (std::size_t cut = 0; cut < bytes.size(); cut += 7)
    EXPECT_THROW((void)Scene<double>::load(bytes.data(), cut), InvalidScene) << cut;
  // Damaged outlines behind a right checksum: the vertices clockwise (the builder would take them
  // and reverse them, and the file would not save back to its bytes), two vertices swapped (the
  // outline crosses itself), one vertex repeated. Each is refused, naming the polygon and why.
  const std::vector<Vec2<double>> ccw = l_polygon<double>().vertices();
  const std::size_t first = find_vertices(bytes, ccw);
  ASSERT_NE(first, bytes.size());
  std::vector<Vec2<double>> clockwise(ccw.rbegin(), ccw.rend()), crossed = ccw, repeated = ccw;
  std::swap(crossed[1], crossed[2]);
  repeated[3] = repeated[2];
  const std::pair<std::vector<Vec2<double>>, std::string> damaged[] = {
      {clockwise, "clockwise"},
      {crossed, "polygon 0 is invalid"},
      {repeated, "polygon 0 is invalid"}};
  for (const auto& [outline, why] : damaged) {
    std::vector<std::uint8_t> bad = bytes;
    std::memcpy(bad.data() + first, outline.data(), outline.size() * sizeof(Vec2<double>));
    reseal(bad);
    try {
      (void)Scene<double>::load(bad);
      ADD_FAILURE() << why;
    } catch (const InvalidScene& error) {
      EXPECT_NE(std::string(error.what()).find(why), std::string::npos) << error.what();
    }
  }
}

}  // namespace
}  // namespace c2s::scene_polygons
