// Scene::nearest against brute force: every live shape's distance to the query, sorted nearest
// first and topmost first on ties, cut at max_distance and k. Seeded random scenes of every layout
// and index choice, with z-orders, filters and a predicate, right after the bulk load and again
// after moves, adds and removes; point and shape queries inside, around and far outside the scene.
// The answers must be equal id for id and distance for distance (the same overlaps() and
// distance() decide both, through the Shape variant here: what is tested is that the index search
// finds the right shapes and stops at the right time). Hand cases check the order, the limits and
// the errors on paper.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "scene_support.hpp"

namespace c2s {
namespace {

template <class T>
std::vector<SceneNearest<T>> brute_nearest(const ReferenceScene<T>& reference,
                                           const Shape<T>& query, std::size_t k, T max_distance,
                                           const QueryOptions& options) {
  std::vector<SceneNearest<T>> all;
  for (const ShapeId id : reference.live()) {
    if (!reference.passes(id, options)) continue;
    ReferenceScene<T>& mutable_reference = const_cast<ReferenceScene<T>&>(reference);
    const Shape<T>& shape = mutable_reference.at(id).shape;
    const T d = overlaps(query, shape) ? T(0) : distance(query, shape).distance;
    if (d <= max_distance) all.push_back({id, d});
  }
  std::sort(all.begin(), all.end(), [&](const auto& a, const auto& b) {
    if (a.distance != b.distance) return a.distance < b.distance;
    return reference.above(a.id, b.id);
  });
  if (all.size() > k) all.resize(k);
  return all;
}

template <class T>
std::string describe(const std::vector<SceneNearest<T>>& v) {
  std::string out;
  for (const auto& n : v)
    out += " " + std::to_string(std::uint32_t(n.id)) + "@" + std::to_string(double(n.distance));
  return out.empty() ? " (none)" : out;
}

template <class T>
class SceneNearestTest : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SceneNearestTest, Scalars);

template <class T>
void run_layout(Layout layout, std::uint32_t seed) {
  const int count = 600;
  for (const IndexChoice choice :
       {IndexChoice::automatic, IndexChoice::packed, IndexChoice::dynamic, IndexChoice::grid}) {
    ShapeSource<T> source(layout, count, seed);
    SceneOptions<T> scene_options;
    scene_options.index = choice;
    Scene<T> scene(scene_options);
    ReferenceScene<T> reference;
    std::vector<ShapeId> ids;
    for (int i = 0; i < count; ++i) {
      const Shape<T> shape = source.shape();
      const ShapeId id = scene.add(shape);
      reference.set(id, shape);
      ids.push_back(id);
      if (source.integer(0, 3) == 0) {  // equal distances are ordered by z, then id
        const std::int32_t z = source.integer(-2, 2);
        scene.set_z(id, z);
        reference.at(id).z = z;
      }
      if (source.integer(0, 9) == 0) {
        const Filter f{std::uint32_t(source.integer(1, 3)), 0xFFFFFFFFu};
        scene.set_filter(id, f);
        reference.at(id).filter = f;
      }
    }
    int queries = 0, nonempty = 0;
    const auto check_round = [&](const char* phase) {
      for (int q = 0; q < 60; ++q) {
        // Points in and around the scene, on shapes, and far outside; shapes of every kind.
        Shape<T> query;
        const int where = source.integer(0, 9);
        if (where < 4) {
          query = Point<T>(source.probe_point(reference.shapes()));
        } else if (where < 6) {
          query =
              Point<T>{T(source.uniform(-world, 2 * world)), T(source.uniform(-world, 2 * world))};
        } else if (where == 6) {
          query = Point<T>{T(source.uniform(-1e5, 1e5)), T(1e5)};
        } else {
          query = source.shape();
        }
        const std::size_t k = std::size_t(
            std::vector<int>{1, 1, 2, 5, 16, 40, 1000}[std::size_t(source.integer(0, 6))]);
        T max_distance = std::numeric_limits<T>::infinity();
        if (source.integer(0, 2) == 0) max_distance = T(source.uniform(0, world / 10));
        if (source.integer(0, 9) == 0) max_distance = T(0);
        QueryOptions options;
        const int kind = source.integer(0, 5);
        if (kind == 0) options.filter = {0xFFFFFFFFu, std::uint32_t(source.integer(1, 3))};
        if (kind == 1) options.accept = [](ShapeId id) { return std::uint32_t(id) % 3 != 0; };
        const auto expected = brute_nearest(reference, query, k, max_distance, options);
        const auto got = std::holds_alternative<Point<T>>(query)
                             ? scene.nearest(std::get<Point<T>>(query), k, max_distance, options)
                             : scene.nearest(query, k, max_distance, options);
        ++queries;
        nonempty += expected.empty() ? 0 : 1;
        bool same = got.size() == expected.size();
        for (std::size_t i = 0; same && i < got.size(); ++i)
          same = got[i].id == expected[i].id && got[i].distance == expected[i].distance;
        ASSERT_TRUE(same) << layout_name(layout) << " index " << int(choice) << " " << phase
                          << " query " << q << " k " << k << " max_distance " << max_distance
                          << "\n  got     " << describe(got) << "\n  expected"
                          << describe(expected);
      }
    };
    check_round("after the bulk load");
    // Moves, adds and removes: shapes in the dynamic tree, refitted leaves, dead slots.
    for (int i = 0; i < count / 4; ++i) {
      const ShapeId id = ids[std::size_t(source.integer(0, count - 1))];
      if (!scene.has(id)) continue;
      const int what = source.integer(0, 2);
      if (what == 0) {
        scene.remove(id);
        reference.remove(id);
      } else {
        const Shape<T> shape = source.shape();
        scene.set_shape(id, shape);
        reference.at(id).shape = shape;
      }
      if (what == 2) {
        const Shape<T> shape = source.shape();
        const ShapeId added = scene.add(shape);
        reference.set(added, shape);
      }
    }
    check_round("after changes");
    EXPECT_GT(nonempty, queries / 2) << "too few queries found anything";
  }
}

TYPED_TEST(SceneNearestTest, Uniform) {
  run_layout<TypeParam>(Layout::uniform, 11);
}
TYPED_TEST(SceneNearestTest, Clustered) {
  run_layout<TypeParam>(Layout::clustered, 12);
}
TYPED_TEST(SceneNearestTest, SameCentre) {
  run_layout<TypeParam>(Layout::same_centre, 13);
}
TYPED_TEST(SceneNearestTest, HugeAndTiny) {
  run_layout<TypeParam>(Layout::huge_and_tiny, 14);
}
TYPED_TEST(SceneNearestTest, PixelGrid) {
  run_layout<TypeParam>(Layout::pixel_grid, 15);
}

TYPED_TEST(SceneNearestTest, HandCases) {
  using T = TypeParam;
  Scene<T> scene;
  // Three unit squares along x at 0, 4 and 10 (left edges), and a circle around the origin square.
  const ShapeId a = scene.add(Aabb<T>{{0, 0}, {1, 1}});
  const ShapeId b = scene.add(Aabb<T>{{4, 0}, {5, 1}});
  const ShapeId c = scene.add(Aabb<T>{{10, 0}, {11, 1}});
  // From (2, 0.5): a is 1 away, b 2, c 8.
  auto n = scene.nearest(Point<T>{2, 0.5}, 2);
  ASSERT_EQ(n.size(), 2u);
  EXPECT_EQ(n[0].id, a);
  EXPECT_EQ(n[0].distance, T(1));
  EXPECT_EQ(n[1].id, b);
  EXPECT_EQ(n[1].distance, T(2));
  // max_distance cuts (closed: exactly 2 counts); k larger than the scene gives every shape.
  EXPECT_EQ(scene.nearest(Point<T>{2, 0.5}, 3, T(1.5)).size(), 1u);
  EXPECT_EQ(scene.nearest(Point<T>{2, 0.5}, 3, T(2)).size(), 2u);
  EXPECT_EQ(scene.nearest(Point<T>{2, 0.5}, 10).size(), 3u);
  EXPECT_TRUE(scene.nearest(Point<T>{2, 0.5}, 0).empty());
  // A point inside a shape: distance 0. Equal distances: topmost (higher z, then higher id).
  const ShapeId d = scene.add(Aabb<T>{{0, 0}, {2, 2}});
  n = scene.nearest(Point<T>{0.5, 0.5}, 2);
  ASSERT_EQ(n.size(), 2u);
  EXPECT_EQ(n[0].id, d);  // higher id
  EXPECT_EQ(n[1].id, a);
  EXPECT_EQ(n[0].distance, T(0));
  scene.set_z(a, 1);
  n = scene.nearest(Point<T>{0.5, 0.5}, 2);
  EXPECT_EQ(n[0].id, a);
  // A shape as the query: a segment from (6, 0.5) to (8, 0.5) is 1 from b and 2 from c.
  n = scene.nearest(Shape<T>{Segment<T>{{6, 0.5}, {8, 0.5}}}, 2);
  ASSERT_EQ(n.size(), 2u);
  EXPECT_EQ(n[0].id, b);
  EXPECT_EQ(n[0].distance, T(1));
  EXPECT_EQ(n[1].id, c);
  EXPECT_EQ(n[1].distance, T(2));
  // Far outside the scene.
  n = scene.nearest(Point<T>{1e6, 0.5}, 1);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0].id, c);
  // Filters and the predicate apply.
  QueryOptions only_b;
  only_b.accept = [b](ShapeId id) { return id == b; };
  n = scene.nearest(Point<T>{0.5, 0.5}, 1, std::numeric_limits<T>::infinity(), only_b);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(n[0].id, b);
  // An empty scene.
  Scene<T> empty;
  EXPECT_TRUE(empty.nearest(Point<T>{0, 0}, 5).empty());
}

TYPED_TEST(SceneNearestTest, BadQueriesThrow) {
  using T = TypeParam;
  Scene<T> scene;
  scene.add(Aabb<T>{{0, 0}, {1, 1}});
  const T nan = std::numeric_limits<T>::quiet_NaN();
  EXPECT_THROW(scene.nearest(Point<T>{nan, 0}, 1), InvalidQuery);
  EXPECT_THROW(scene.nearest(Point<T>{0, 0}, 1, T(-1)), InvalidQuery);
  EXPECT_THROW(scene.nearest(Point<T>{0, 0}, 1, nan), InvalidQuery);
  EXPECT_THROW(scene.nearest(Shape<T>{Circle<T>{{0, 0}, -1}}, 1), InvalidQuery);
  try {
    scene.nearest(Point<T>{0, 0}, 1, T(-2));
    ADD_FAILURE() << "no exception";
  } catch (const InvalidQuery& e) {
    EXPECT_NE(std::string(e.what()).find("max_distance"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("-2"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace c2s
