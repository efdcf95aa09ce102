// Long random sequences of adds, moves (by shape, by transform, to another kind) and removes,
// with the scene validate()d after every batch and compared with the brute-force reference: no
// shape is ever lost or reported twice, whatever the index choice and the rebuilds it triggers.
// COLLIDE2D_BROADPHASE_OPS (default 1000000) sets the number of changes in the automatic scene;
// the other index choices get a tenth each.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "scene_support.hpp"

namespace c2s {
namespace {

constexpr long batch = 1000;

template <class T>
void run_changes(IndexChoice choice, long ops, std::uint32_t seed) {
  ShapeSource<T> source(Layout::uniform, 2000, seed);
  SceneOptions<T> options;
  options.index = choice;
  options.dynamic_margin = T(2);
  Scene<T> scene(options);
  ReferenceScene<T> reference;
  std::vector<ShapeId> live;
  const Aabb<T> everything{{T(-1e5), T(-1e5)}, {T(1e5), T(1e5)}};
  std::size_t rebuilds_seen = 0;
  for (long op = 1; op <= ops; ++op) {
    // The population swings between empty and about 3000.
    const double target = 1500 + 1500 * std::sin(double(op) / 30000.0);
    const int roll = source.integer(0, 99);
    const bool add = live.empty() || (double(live.size()) < target ? roll < 50 : roll < 10);
    if (add) {
      const Shape<T> shape = source.shape();
      const ShapeId id = scene.add(shape, std::uint64_t(op));
      reference.set(id, shape);
      live.push_back(id);
    } else if (roll < 45) {
      const std::size_t k = std::size_t(source.integer(0, int(live.size()) - 1));
      scene.remove(live[k]);
      reference.remove(live[k]);
      live[k] = live.back();
      live.pop_back();
    } else {
      const ShapeId id = live[std::size_t(source.integer(0, int(live.size()) - 1))];
      if (roll < 75) {
        // A small step of a shape placed by transform: the common case of a dragged shape.
        const Transform<T> xf{{T(source.uniform(-3, 3)), T(source.uniform(-3, 3))},
                              source.rotation()};
        scene.move(id, xf);
      } else if (roll < 90) {
        scene.set_shape(id, source.shape());  // often another kind
      } else if (roll < 95) {
        const auto z = std::int32_t(source.integer(-2, 2));
        scene.set_z(id, z);
        reference.at(id).z = z;
      } else {
        const Filter f{std::uint32_t(1 << source.integer(0, 2)),
                       std::uint32_t(source.integer(0, 7) | 1)};
        scene.set_filter(id, f);
        reference.at(id).filter = f;
      }
      reference.set(id, scene.shape(id));
    }
    if (op % batch != 0) continue;
    const std::string what = "op " + std::to_string(op);
    // Every live shape exactly once in a query over everything (this also brings the index up to
    // date first, rebuilding it when the policy says so).
    std::vector<ShapeId> all = sorted(scene.select(everything, SelectMode::intersects));
    ASSERT_TRUE(all == sorted(reference.live()))
        << what << ": " << difference(all, sorted(reference.live()));
    ASSERT_EQ(scene.validate(), "") << what;
    for (int q = 0; q < 3; ++q) {
      const Aabb<T> region = source.region_aabb();
      const SelectMode mode = q == 2 ? SelectMode::contains : SelectMode::intersects;
      QueryOptions query;
      query.exclude_touching = q == 1;
      const auto got = sorted(scene.select(region, mode, query));
      const auto expected = reference.select(region, mode, query);
      ASSERT_TRUE(got == expected) << what << ": " << difference(got, expected);
    }
    if (op % (batch * 20) == 0) {
      const Vec2<T> point = source.probe_point(reference.shapes());
      ASSERT_EQ(scene.hit_test(point), reference.hit_test(point, {})) << what;
      const Ray<T> ray = source.ray();
      const auto closest = scene.raycast_closest(ray);
      const auto expected = reference.raycast_all(ray, {});
      ASSERT_EQ(closest.has_value(), !expected.empty()) << what;
      if (closest) {
        ASSERT_EQ(closest->id, expected.front().id) << what;
      }
      const auto in_order = scene.overlapping_pairs({}, 1);
      ASSERT_TRUE(scene.overlapping_pairs({}, 2) == in_order) << what << ": pairs by threads";
      const auto pairs = ReferenceScene<T>::sorted(in_order);
      const auto expected_pairs = reference.pairs({});
      ASSERT_TRUE(pairs == expected_pairs) << what << ": " << difference(pairs, expected_pairs);
    }
    rebuilds_seen = scene.stats().rebuilds;
  }
  // The automatic and packed policies rebuilt more than once along the way.
  if (choice == IndexChoice::automatic || choice == IndexChoice::packed) {
    EXPECT_GT(rebuilds_seen, 2u);
  }
}

TEST(SceneChanges, AutomaticIndexUnderAMillionChanges) {
  run_changes<float>(IndexChoice::automatic, env_count("COLLIDE2D_BROADPHASE_OPS", 1000000), 11);
}

TEST(SceneChanges, PackedIndex) {
  run_changes<double>(IndexChoice::packed, env_count("COLLIDE2D_BROADPHASE_OPS", 1000000) / 10, 12);
}

TEST(SceneChanges, DynamicIndex) {
  run_changes<double>(IndexChoice::dynamic, env_count("COLLIDE2D_BROADPHASE_OPS", 1000000) / 10,
                      13);
}

TEST(SceneChanges, GridIndex) {
  run_changes<float>(IndexChoice::grid, env_count("COLLIDE2D_BROADPHASE_OPS", 1000000) / 10, 14);
}

// Switching the index choice keeps every shape.
TEST(SceneChanges, SwitchingIndexChoices) {
  ShapeSource<double> source(Layout::clustered, 500, 5);
  Scene<double> scene;
  ReferenceScene<double> reference;
  for (int i = 0; i < 500; ++i) {
    const Shape<double> shape = source.shape();
    reference.set(scene.add(shape), shape);
  }
  for (const IndexChoice choice : {IndexChoice::grid, IndexChoice::dynamic, IndexChoice::packed,
                                   IndexChoice::automatic, IndexChoice::grid}) {
    scene.set_index_choice(choice);
    for (int q = 0; q < 20; ++q) {
      const Aabb<double> region = source.region_aabb();
      EXPECT_EQ(sorted(scene.select(region, SelectMode::intersects)),
                reference.select(region, SelectMode::intersects, {}));
    }
    EXPECT_EQ(scene.validate(), "");
  }
}

}  // namespace
}  // namespace c2s
