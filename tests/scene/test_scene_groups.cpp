// Scene groups (compound shapes): every query against a brute force, over seeded
// random scenes that mix shapes and groups, for every index choice and both scalars; hand cases
// checkable on paper (an L of two boxes, two groups touching at a corner); the API's errors.
//
// The brute force (entry_reference.hpp) knows nothing of how the Scene stores groups: an entry is a
// list of parts (a shape is a list of one), and each query loops over every part with the
// library's free functions (overlaps, overlaps_interior, contains, contains_strictly, raycast,
// distance), as the header states a group's semantics: some part for intersects, every part for
// contains, the part entered first for rays, the least distance for nearest.
#include "scene/entry_reference.hpp"

namespace c2s {
namespace {

template <class T>
using GroupEntry = Entry<T>;
template <class T>
using GroupReference = EntryReference<T>;

// How often groups were in the answers, so that a test whose groups never matter cannot pass
// unnoticed: per query family, answers that hold a group and answers that miss some group the
// region's box meets (the exact test said no).
struct GroupHits {
  long selected_intersects = 0, selected_contains = 0, rejected_contains = 0, hit = 0, ray = 0,
       nearest = 0, pairs = 0;
};

template <class T>
long groups_in(const GroupReference<T>& ref, const std::vector<ShapeId>& ids) {
  long n = 0;
  for (const ShapeId id : ids)
    n += ref.entries[std::size_t(id)].parts.size() > 1 ? 1 : 0;
  return n;
}

// A group of 2 to 4 parts near one place: parts drawn by the source around a shared centre.
template <class T>
std::vector<Shape<T>> random_group(ShapeSource<T>& source) {
  const std::vector<Shape<T>> seed_part{source.shape()};
  const Vec2<T> centre = bounding_box(seed_part[0]).center();
  std::vector<Shape<T>> parts = seed_part;
  const int n = source.integer(2, 4);
  while (int(parts.size()) < n) {
    Shape<T> part = source.shape();
    const Vec2<T> offset = centre - bounding_box(part).center();
    // Moved next to the first part, by a whole number on the pixel grid so that it stays exact.
    const Vec2<T> step{T(std::round(double(offset.x) * 0.9)),
                       T(std::round(double(offset.y) * 0.9))};
    Shape<T> moved = std::visit([&](const auto& s) { return Shape<T>{translated(s, step)}; }, part);
    if (is_valid(moved)) parts.push_back(moved);
  }
  return parts;
}

template <class T>
void fill(Scene<T>& scene, GroupReference<T>& ref, ShapeSource<T>& source, int count,
          std::mt19937& rng) {
  for (int i = 0; i < count; ++i) {
    std::vector<Shape<T>> parts;
    ShapeId id;
    if (rng() % 3 == 0) {
      parts = random_group(source);
      id = scene.add_group(parts, std::uint64_t(i));
    } else {
      parts = {source.shape()};
      id = scene.add(parts[0], std::uint64_t(i));
    }
    GroupEntry<T>& e = ref.at(id);
    e = GroupEntry<T>{};
    e.parts = parts;
    e.alive = true;
    if (rng() % 4 == 0) {
      e.z = std::int32_t(rng() % 5) - 2;
      scene.set_z(id, e.z);
    }
    if (rng() % 6 == 0) {
      e.filter = Filter{std::uint32_t(rng() % 3 + 1), std::uint32_t(rng() % 8) | 1u};
      scene.set_filter(id, e.filter);
    }
  }
}

// Removes, replacements of a shape by a group and back, new parts.
template <class T>
void change(Scene<T>& scene, GroupReference<T>& ref, ShapeSource<T>& source, std::mt19937& rng) {
  for (std::size_t i = 0; i < ref.entries.size(); ++i) {
    GroupEntry<T>& e = ref.entries[i];
    if (!e.alive) continue;
    const ShapeId id{static_cast<std::uint32_t>(i)};
    const auto r = rng() % 12;
    if (r == 0) {
      scene.remove(id);
      e.alive = false;
    } else if (r == 1) {
      e.parts = random_group(source);
      scene.set_parts(id, e.parts);
    } else if (r == 2) {
      e.parts = {source.shape()};
      scene.set_shape(id, e.parts[0]);
    }
  }
}

template <class T>
void expect_queries(Scene<T>& scene, const GroupReference<T>& ref, ShapeSource<T>& source,
                    std::mt19937& rng, int queries, GroupHits& hits) {
  for (int q = 0; q < queries; ++q) {
    SCOPED_TRACE(::testing::Message() << "query " << q);
    QueryOptions o;
    o.exclude_touching = q % 3 == 1;
    if (q % 5 == 2) o.filter = Filter{2, 0xFFFFFFFEu};
    const auto mode = q % 2 ? SelectMode::intersects : SelectMode::contains;
    const Aabb<T> box = source.region_aabb();
    EXPECT_EQ(sorted(scene.select(box, mode, o)), ref.select(box, mode, o)) << "aabb";
    const Obb<T> obb = source.region_obb();
    EXPECT_EQ(sorted(scene.select(obb, mode, o)), ref.select(obb, mode, o)) << "obb";
    const auto box_answer = ref.select(box, mode, o);
    if (mode == SelectMode::intersects) {
      hits.selected_intersects += groups_in(ref, box_answer);
    } else {
      hits.selected_contains += groups_in(ref, box_answer);
      hits.rejected_contains +=
          groups_in(ref, scene.candidates(box, o)) - groups_in(ref, box_answer);
    }
    const ConvexPolygon<T> polygon = source.region_polygon();
    EXPECT_EQ(sorted(scene.select(polygon, mode, o)), ref.select(polygon, mode, o)) << "polygon";
    const Vec2<T> p = source.region_centre();
    EXPECT_EQ(scene.hit_test(p, o), ref.hit_test(p, o));
    // A point on a part's corner or centre, where touching decides.
    const std::size_t pick = rng() % ref.entries.size();
    if (ref.entries[pick].alive) {
      const auto& parts = ref.entries[pick].parts;
      const Aabb<T> b = bounding_box(parts[rng() % parts.size()]);
      const Vec2<T> corner = q % 2 ? b.min : b.center();
      const auto under = ref.hit_test(corner, o);
      EXPECT_EQ(scene.hit_test(corner, o), under);
      hits.hit += groups_in(ref, under);
    }
    const Shape<T> other = source.shape();
    EXPECT_EQ(sorted(scene.overlapping(other, o)), ref.select(other, SelectMode::intersects, o));
    const Ray<T> ray = source.ray();
    const auto expected = ref.raycast_all(ray, o);
    expect_same_rays(scene.raycast_all(ray, o), expected);
    for (const auto& h : expected)
      hits.ray += groups_in(ref, {h.id});
    const auto closest = scene.raycast_closest(ray, o);
    ASSERT_EQ(closest.has_value(), !expected.empty());
    if (closest) {
      EXPECT_EQ(closest->id, expected[0].id);
    }
    const std::size_t k = 1 + rng() % 6;
    const T max_distance = q % 4 == 3 ? T(30) : std::numeric_limits<T>::infinity();
    const auto near_expected = ref.nearest(p, k, max_distance, o);
    expect_same_nearest(scene.nearest(p, k, max_distance, o), near_expected);
    for (const auto& n : near_expected)
      hits.nearest += groups_in(ref, {n.id});
    expect_same_nearest(scene.nearest(other, k, max_distance, o),
                        ref.nearest(other, k, max_distance, o));
    // candidates: the box-level answer holds at least every entry the box meets.
    const auto candidates = sorted(scene.candidates(box, o));
    for (const ShapeId id : ref.select(box, SelectMode::intersects, o))
      EXPECT_TRUE(std::binary_search(candidates.begin(), candidates.end(), id));
  }
  for (const bool strict : {false, true}) {
    QueryOptions o;
    o.exclude_touching = strict;
    const auto got = sorted_pairs(scene.overlapping_pairs(o, 2));
    const auto expected = ref.pairs(o);
    EXPECT_EQ(got, expected) << "strict " << strict << ": " << difference(got, expected);
    for (const ShapePair& p : expected)
      hits.pairs += groups_in(ref, {p.first, p.second}) > 0 ? 1 : 0;
  }
}

template <class T>
void random_scenes(Layout layout, std::uint32_t seed) {
  const IndexChoice choices[] = {IndexChoice::automatic, IndexChoice::packed, IndexChoice::dynamic,
                                 IndexChoice::grid};
  const int count = int(env_count("COLLIDE2D_SCENE_GROUP_SHAPES", 240));
  const int queries = int(env_count("COLLIDE2D_SCENE_GROUP_QUERIES", 40));
  for (const IndexChoice choice : choices) {
    SCOPED_TRACE(::testing::Message() << layout_name(layout) << " index " << int(choice) << " seed "
                                      << seed << " scalar " << sizeof(T));
    SceneOptions<T> options;
    options.index = choice;
    Scene<T> scene(options);
    GroupReference<T> ref;
    ShapeSource<T> source(layout, count, seed);
    std::mt19937 rng(seed);
    fill(scene, ref, source, count, rng);
    GroupHits hits;
    expect_queries(scene, ref, source, rng, queries, hits);
    // After changes that cross the kinds both ways, and additions after the first build.
    change(scene, ref, source, rng);
    fill(scene, ref, source, count / 8, rng);
    ASSERT_EQ(scene.validate(), "");
    expect_queries(scene, ref, source, rng, queries, hits);
    // A saved and loaded scene answers as the reference too.
    Scene<T> loaded = Scene<T>::load(scene.save());
    EXPECT_TRUE(loaded.save() == scene.save());
    expect_queries(loaded, ref, source, rng, queries / 4, hits);
    EXPECT_GT(hits.selected_intersects, 0);
    EXPECT_GT(hits.selected_contains, 0);
    EXPECT_GT(hits.rejected_contains, 0);
    EXPECT_GT(hits.hit, 0);
    EXPECT_GT(hits.ray, 0);
    EXPECT_GT(hits.nearest, 0);
    EXPECT_GT(hits.pairs, 0);
    if (choice == IndexChoice::automatic) {
      std::printf(
          "%s %s: groups in answers: intersects %ld, contains %ld (box met, not inside %ld),"
          " hit %ld, ray %ld, nearest %ld, pairs %ld\n",
          layout_name(layout), sizeof(T) == 4 ? "float" : "double", hits.selected_intersects,
          hits.selected_contains, hits.rejected_contains, hits.hit, hits.ray, hits.nearest,
          hits.pairs);
    }
    ++seed;
  }
}

TEST(SceneGroups, RandomScenesAgainstBruteForce) {
  random_scenes<float>(Layout::uniform, 500);
  random_scenes<double>(Layout::uniform, 600);
  random_scenes<double>(Layout::clustered, 700);
}

// Integer coordinates and exact rotations: parts and regions touch exactly, so exclude_touching and
// the closed-set rule decide many answers.
TEST(SceneGroups, PixelGridAgainstBruteForce) {
  random_scenes<float>(Layout::pixel_grid, 800);
  random_scenes<double>(Layout::pixel_grid, 900);
}

// An L of two boxes: A = [0,2]x[0,1] along the bottom, B = [0,1]x[0,2] up the left. The notch
// (1,2]x(1,2] is not part of it.
template <class T>
std::vector<Shape<T>> l_shape() {
  return {Aabb<T>{{0, 0}, {2, 1}}, Aabb<T>{{0, 0}, {1, 2}}};
}

TEST(SceneGroups, AnLOfTwoBoxes) {
  using T = double;
  Scene<T> scene;
  const ShapeId l = scene.add_group(l_shape<T>(), 42);
  EXPECT_TRUE(scene.is_group(l));
  EXPECT_EQ(scene.user_data(l), 42u);
  // Points: in the notch, on a part, on the notch's corner (a boundary point of both parts).
  EXPECT_TRUE(scene.hit_test({1.5, 1.5}).empty());
  EXPECT_EQ(scene.hit_test({0.5, 1.5}), std::vector<ShapeId>{l});
  EXPECT_EQ(scene.hit_test({1.5, 0.5}), std::vector<ShapeId>{l});
  EXPECT_EQ(scene.hit_test({1, 1}), std::vector<ShapeId>{l});
  QueryOptions strict;
  strict.exclude_touching = true;
  EXPECT_TRUE(scene.hit_test({1, 1}, strict).empty());  // on both parts' boundaries
  EXPECT_EQ(scene.hit_test({0.5, 0.5}, strict), std::vector<ShapeId>{l});
  // A region covering B but not all of A: intersects selects, contains does not.
  const Aabb<T> over_b{{-1, -1}, {1.5, 2.5}};
  EXPECT_EQ(scene.select(over_b, SelectMode::intersects), std::vector<ShapeId>{l});
  EXPECT_TRUE(scene.select(over_b, SelectMode::contains).empty());
  // The L's own bounding box: contains (boundary allowed), not strictly; a larger box does both.
  const Aabb<T> bounds{{0, 0}, {2, 2}};
  EXPECT_EQ(scene.select(bounds, SelectMode::contains), std::vector<ShapeId>{l});
  EXPECT_TRUE(scene.select(bounds, SelectMode::contains, strict).empty());
  EXPECT_EQ(scene.select(Aabb<T>{{-1, -1}, {3, 3}}, SelectMode::contains, strict),
            std::vector<ShapeId>{l});
  // The notch alone: it touches both parts along their edges, so it intersects, but not strictly.
  const Aabb<T> notch{{1, 1}, {2, 2}};
  EXPECT_EQ(scene.select(notch, SelectMode::intersects), std::vector<ShapeId>{l});
  EXPECT_TRUE(scene.select(notch, SelectMode::intersects, strict).empty());
  // A rotated box inside the notch's interior misses.
  const Obb<T> in_notch{{1.5, 1.5}, {0.2, 0.2}, Rot<T>{0.6, 0.8}};
  EXPECT_TRUE(scene.select(in_notch, SelectMode::intersects).empty());
  EXPECT_TRUE(scene.overlapping(Circle<T>{{1.5, 1.5}, 0.4}).empty());
  EXPECT_EQ(scene.overlapping(Circle<T>{{1.5, 1.5}, 0.5}), std::vector<ShapeId>{l});  // touches
  // Rays: along y = 0.5 from the left, both parts are entered at x = 0 (t = 1): the first part's
  // hit, normal -x. Down x = 1.5 from above: through the notch, into A's top at y = 1 (t = 2).
  const auto left = scene.raycast_closest(Ray<T>{{-1, 0.5}, {1, 0}});
  ASSERT_TRUE(left.has_value());
  EXPECT_EQ(left->id, l);
  EXPECT_EQ(left->hit.t_enter, 1.0);
  EXPECT_EQ(left->hit.t_exit, 3.0);  // A's exit, at x = 2
  EXPECT_EQ(left->hit.normal.x, -1.0);
  const auto down = scene.raycast_all(Ray<T>{{1.5, 3}, {0, -1}});
  ASSERT_EQ(down.size(), 1u);
  EXPECT_EQ(down[0].hit.t_enter, 2.0);
  EXPECT_EQ(down[0].hit.normal.y, 1.0);
  EXPECT_FALSE(scene.raycast_closest(Ray<T>{{1.5, 3}, {0, -1}, 1.5}).has_value());
  // Nearest: from the notch's middle, 0.5 to either part; from (3, 0.5), 1 to A.
  const auto near_notch = scene.nearest(Vec2<T>{1.5, 1.5}, 1);
  ASSERT_EQ(near_notch.size(), 1u);
  EXPECT_EQ(near_notch[0].distance, 0.5);
  EXPECT_EQ(scene.nearest(Vec2<T>{3, 0.5}, 1)[0].distance, 1.0);
  EXPECT_EQ(scene.nearest(Vec2<T>{0.5, 0.5}, 1)[0].distance, 0.0);
  // The parts overlap each other, but a group never pairs with itself.
  EXPECT_TRUE(scene.overlapping_pairs().empty());
}

// Two groups that touch only at a corner, (1, 1), with parts far apart elsewhere.
TEST(SceneGroups, GroupsTouchingAtACornerPair) {
  for (const IndexChoice choice : {IndexChoice::automatic, IndexChoice::dynamic}) {
    SceneOptions<float> options;
    options.index = choice;
    Scene<float> scene(options);
    const std::vector<Shape<float>> g1{Aabb<float>{{0, 0}, {1, 1}}, Circle<float>{{50, 0}, 1}};
    const std::vector<Shape<float>> g2{Aabb<float>{{1, 1}, {2, 2}}, Circle<float>{{0, 50}, 1}};
    const ShapeId a = scene.add_group(g1);
    const ShapeId b = scene.add_group(g2);
    const ShapeId far = scene.add(Circle<float>{{25, 25}, 1});
    EXPECT_EQ(scene.overlapping_pairs(), (std::vector<ShapePair>{ShapePair{a, b}}));
    QueryOptions strict;
    strict.exclude_touching = true;
    EXPECT_TRUE(scene.overlapping_pairs(strict).empty());
    // A part of b moved onto the lone circle: b pairs with it, by that part.
    scene.set_parts(
        b, std::vector<Shape<float>>{Aabb<float>{{1, 1}, {2, 2}}, Circle<float>{{25, 26}, 1}});
    EXPECT_EQ(sorted_pairs(scene.overlapping_pairs(strict)),
              (std::vector<ShapePair>{ShapePair{b, far}}));
    // Filters apply to the group as a whole.
    scene.set_filter(a, Filter{2, 0xFFFFFFFFu});
    scene.set_filter(b, Filter{1, 0xFFFFFFFDu});  // does not accept category 2
    EXPECT_EQ(scene.overlapping_pairs(), (std::vector<ShapePair>{ShapePair{b, far}}));
  }
}

TEST(SceneGroups, ApiAndErrors) {
  Scene<double> scene;
  try {
    scene.add_group(std::vector<Shape<double>>{});
    FAIL() << "an empty group was added";
  } catch (const InvalidShape& e) {
    EXPECT_NE(std::string(e.what()).find("at least one part, got 0"), std::string::npos)
        << e.what();
  }
  const std::vector<Shape<double>> bad{Aabb<double>{{0, 0}, {1, 1}}, Circle<double>{{0, 0}, -2}};
  try {
    scene.add_group(bad);
    FAIL() << "a group with a negative radius was added";
  } catch (const InvalidShape& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("part 1 of 2"), std::string::npos) << what;
    EXPECT_NE(what.find("-2"), std::string::npos) << what;
  }
  EXPECT_EQ(scene.size(), 0u);  // nothing was added

  const ShapeId shape = scene.add(Circle<double>{{10, 10}, 1});
  const ShapeId group = scene.add_group(l_shape<double>(), 5);
  EXPECT_FALSE(scene.is_group(shape));
  EXPECT_THROW((void)scene.shape(group), std::invalid_argument);
  EXPECT_EQ(scene.parts(shape).size(), 1u);
  const auto parts = scene.parts(group);
  ASSERT_EQ(parts.size(), 2u);
  ASSERT_TRUE(std::holds_alternative<Aabb<double>>(parts[1]));
  EXPECT_EQ(std::get<Aabb<double>>(parts[1]).max.y, 2.0);
  // z-order: a group above a shape under the same point, then below.
  const ShapeId under = scene.add(Circle<double>{{0.5, 0.5}, 0.25});
  scene.set_z(group, 1);
  EXPECT_EQ(scene.hit_test({0.5, 0.5}), (std::vector<ShapeId>{group, under}));
  scene.set_z(group, -1);
  EXPECT_EQ(scene.hit_test({0.5, 0.5}), (std::vector<ShapeId>{under, group}));
  // A bad set_parts changes nothing.
  EXPECT_THROW(scene.set_parts(group, bad), InvalidShape);
  EXPECT_EQ(scene.parts(group).size(), 2u);
  // move places the parts as given, each by the same transform (twice: from the parts as given).
  const Transform<double> right{{10, 0}, Rot<double>::identity()};
  scene.move(group, right);
  scene.move(group, right);
  const Shape<double> moved = scene.parts(group)[0];
  ASSERT_TRUE(std::holds_alternative<Aabb<double>>(moved));
  EXPECT_EQ(std::get<Aabb<double>>(moved).min.x, 10.0);
  EXPECT_EQ(std::get<Aabb<double>>(moved).max.x, 12.0);
  EXPECT_TRUE(scene.hit_test({0.5, 1.5}).empty());
  EXPECT_EQ(scene.hit_test({10.5, 1.5}), std::vector<ShapeId>{group});
  // A quarter turn: the boxes become rotated boxes about the origin.
  scene.move(group, Transform<double>{{0, 0}, Rot<double>{0, 1}});
  EXPECT_EQ(scene.hit_test({-0.5, 1.5}), std::vector<ShapeId>{group});  // A turned: x in [-1, 0]
  // set_shape turns the group into a shape, set_parts a shape into a group (user data kept).
  scene.set_shape(group, Circle<double>{{30, 30}, 1});
  EXPECT_FALSE(scene.is_group(group));
  EXPECT_EQ(scene.user_data(group), 5u);
  scene.move(shape, right);  // a shape with parts as given: dropped by set_parts
  scene.set_parts(shape, l_shape<double>());
  EXPECT_TRUE(scene.is_group(shape));
  EXPECT_EQ(scene.hit_test({0.5, 1.5}), std::vector<ShapeId>{shape});
  scene.move(shape, right);
  EXPECT_EQ(scene.hit_test({10.5, 1.5}), std::vector<ShapeId>{shape});
  // remove works by id, and the id is reused by a later add.
  scene.remove(shape);
  EXPECT_FALSE(scene.has(shape));
  EXPECT_THROW((void)scene.parts(shape), std::out_of_range);
  EXPECT_THROW((void)scene.is_group(shape), std::out_of_range);
  EXPECT_EQ(scene.add_group(l_shape<double>()), shape);
  EXPECT_EQ(scene.validate(), "");
  EXPECT_GT(scene.memory_bytes(), 2 * sizeof(Shape<double>));
}

}  // namespace
}  // namespace c2s
