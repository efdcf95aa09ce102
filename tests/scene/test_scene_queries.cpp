// Every Scene query against ReferenceScene (the exact test on every shape) over seeded random
// scenes, for every index choice, right after a bulk load and again after adds, moves and
// removes have left shapes in the dynamic tree, in refitted leaves and in dead slots.
#include <gtest/gtest.h>

#include <any>
#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "collide2d/detail/box_overlap.hpp"
#include "scene_support.hpp"

namespace c2s {
namespace {

struct Outcomes {
  int queries = 0;
  int nonempty = 0;
  int touching = 0;  // strict queries whose answer lost shapes that only touch
  void count(bool found) {
    ++queries;
    nonempty += found ? 1 : 0;
  }
  double rate() const { return queries ? double(nonempty) / queries : 0; }
};

// Random query options: mostly plain, sometimes with a query filter, a predicate, or touching
// excluded.
template <class T>
QueryOptions random_options(ShapeSource<T>& source) {
  QueryOptions options;
  const int kind = source.integer(0, 9);
  if (kind == 0) options.filter = {std::uint32_t(source.integer(1, 7)), 0xFFFFFFFFu};
  if (kind == 1) options.filter = {0xFFFFFFFFu, std::uint32_t(source.integer(1, 7))};
  if (kind == 2) options.accept = [](ShapeId id) { return std::uint32_t(id) % 3 != 0; };
  options.exclude_touching = source.integer(0, 3) == 0;
  return options;
}

// The exact answers depend on the scene's shapes and the queries, not on the index: every index
// choice of a seed builds the same scene from the same seed and asks the same queries, so the
// brute-force answers (O(n) a query, O(n^2) for pairs: most of this file's time) are computed for
// the first choice and replayed for the others. Each answer is stored with a key naming its query,
// and a replay out of step is a failure, never a wrong comparison.
class ReferenceTape {
 public:
  // Starts a pass: the first records, the others replay.
  void rewind(bool record) {
    record_ = record;
    next_ = 0;
    if (record) entries_.clear();
  }
  template <class Compute>
  auto answer(const std::string& key, Compute compute) -> decltype(compute()) {
    using Answer = decltype(compute());
    if (record_) {
      entries_.push_back({key, std::any(compute())});
      return std::any_cast<Answer>(entries_.back().value);
    }
    if (next_ >= entries_.size() || entries_[next_].key != key) {
      ADD_FAILURE() << "reference replay out of step at " << key;
      return compute();
    }
    return std::any_cast<Answer>(entries_[next_++].value);
  }

 private:
  struct Entry {
    std::string key;
    std::any value;
  };
  std::vector<Entry> entries_;
  std::size_t next_ = 0;
  bool record_ = true;
};

template <class T>
void check_queries(Scene<T>& scene, const ReferenceScene<T>& reference, ShapeSource<T>& source,
                   int queries, bool with_pairs, const std::string& what, Outcomes& outcomes,
                   ReferenceTape& tape) {
  ASSERT_EQ(scene.validate(), "") << what;
  ASSERT_EQ(scene.size(), reference.live().size()) << what;
  const std::vector<Shape<T>> shapes = reference.shapes();
  for (int q = 0; q < queries; ++q) {
    const QueryOptions options = random_options(source);
    const SelectMode mode = source.integer(0, 1) ? SelectMode::contains : SelectMode::intersects;
    const std::string query = " query " + std::to_string(q) +
                              (options.exclude_touching ? " strict" : "") +
                              (mode == SelectMode::contains ? " contains" : " intersects");
    const std::string label = what + query;
    std::vector<ShapeId> got, expected;
    switch (q % 3) {
      case 0: {
        const Aabb<T> region = source.region_aabb();
        got = scene.select(region, mode, options);
        expected = tape.answer(query, [&] { return reference.select(region, mode, options); });
        // The box-level answer holds every shape the region intersects.
        if (mode == SelectMode::intersects && !options.exclude_touching) {
          const std::vector<ShapeId> boxes = sorted(scene.candidates(region, options));
          ASSERT_TRUE(std::includes(boxes.begin(), boxes.end(), expected.begin(), expected.end()))
              << label << " candidates";
        }
        break;
      }
      case 1: {
        const Obb<T> region = source.region_obb();
        got = scene.select(region, mode, options);
        expected = tape.answer(query, [&] { return reference.select(region, mode, options); });
        break;
      }
      default: {
        const ConvexPolygon<T> region = source.region_polygon();
        got = scene.select(region, mode, options);
        expected = tape.answer(query, [&] { return reference.select(region, mode, options); });
        break;
      }
    }
    got = sorted(got);  // sorted: also no id twice
    ASSERT_TRUE(got == expected) << label << ": " << difference(got, expected);
    outcomes.count(!expected.empty());
    if (options.exclude_touching && q % 3 == 0) {
      QueryOptions touching = options;
      touching.exclude_touching = false;
      const Aabb<T> last = source.last_region();
      const auto with_touching =
          tape.answer(query + " touching", [&] { return reference.select(last, mode, touching); });
      if (with_touching.size() != expected.size()) ++outcomes.touching;
    }

    const Vec2<T> point = source.probe_point(shapes);
    ASSERT_EQ(scene.hit_test(point, options), tape.answer(query + " hit", [&] {
      return reference.hit_test(point, options);
    })) << label;

    const Ray<T> ray = source.ray();
    const auto all = scene.raycast_all(ray, options);
    const auto expected_all =
        tape.answer(query + " ray", [&] { return reference.raycast_all(ray, options); });
    ASSERT_EQ(all.size(), expected_all.size()) << label << " ray";
    for (std::size_t i = 0; i < all.size(); ++i) {
      ASSERT_EQ(all[i].id, expected_all[i].id) << label << " ray hit " << i;
      ASSERT_EQ(all[i].hit.t_enter, expected_all[i].hit.t_enter) << label;
    }
    const auto closest = scene.raycast_closest(ray, options);
    ASSERT_EQ(closest.has_value(), !expected_all.empty()) << label << " closest";
    if (closest) {
      ASSERT_EQ(closest->id, expected_all.front().id) << label << " closest";
    }

    if (q % 4 == 0) {
      const Shape<T> probe = source.shape();
      ASSERT_EQ(
          sorted(scene.overlapping(probe, options)),
          tape.answer(query + " overlapping",
                      [&] { return reference.select(probe, SelectMode::intersects, options); }))
          << label << " overlapping";
    }
  }
  if (with_pairs) {
    for (const bool strict : {false, true}) {
      QueryOptions options;
      options.exclude_touching = strict;
      // One thread and three: the same pairs, in the same order (the work is split in fixed
      // parts), and the exact answer.
      const auto in_order = scene.overlapping_pairs(options, 1);
      ASSERT_TRUE(scene.overlapping_pairs(options, 3) == in_order)
          << what << " pairs" << (strict ? " strict" : "") << ": order depends on threads";
      const auto got = ReferenceScene<T>::sorted(in_order);
      const auto expected =
          tape.answer(strict ? "pairs strict" : "pairs", [&] { return reference.pairs(options); });
      ASSERT_TRUE(got == expected)
          << what << " pairs" << (strict ? " strict" : "") << ": " << difference(got, expected);
    }
  }
}

struct Case {
  int count;
  int seeds;
  int queries;
};
const Case cases[] = {{10, 12, 40}, {100, 6, 40}, {1000, 3, 30}, {10000, 1, 20}};

const IndexChoice choices[] = {IndexChoice::automatic, IndexChoice::packed, IndexChoice::dynamic,
                               IndexChoice::grid};

const char* choice_name(IndexChoice choice) {
  switch (choice) {
    case IndexChoice::automatic:
      return "automatic";
    case IndexChoice::packed:
      return "packed";
    case IndexChoice::dynamic:
      return "dynamic";
    case IndexChoice::grid:
      return "grid";
  }
  return "?";
}

template <class T>
void scenes_equal_brute_force(Layout layout) {
  Outcomes outcomes;
  for (const Case& c : cases) {
    if (layout == Layout::same_centre && c.count > 1000) continue;  // n^2 / 2 pairs
    const bool dense = layout == Layout::same_centre || layout == Layout::clustered;
    if (dense && !c2test::dense_scene_runs(c.count)) continue;
    for (int seed = 0; seed < (dense ? c2test::scene_seeds(c.count, c.seeds) : c.seeds); ++seed) {
      ReferenceTape tape;
      for (const IndexChoice choice : choices) {
        tape.rewind(choice == choices[0]);
        const std::string what = std::string(layout_name(layout)) +
                                 " n=" + std::to_string(c.count) + " seed=" + std::to_string(seed) +
                                 " " + choice_name(choice);
        ShapeSource<T> source(layout, c.count, std::uint32_t(seed * 104729 + c.count));
        SceneOptions<T> options;
        options.index = choice;
        options.dynamic_margin = T(seed % 2);
        Scene<T> scene(options);
        ReferenceScene<T> reference;
        std::vector<ShapeId> ids;
        for (int i = 0; i < c.count; ++i) {
          const Shape<T> shape = source.shape();
          ids.push_back(scene.add(shape, std::uint64_t(i)));
          reference.set(ids.back(), shape);
        }
        // Some scenes get z-orders and filters.
        if (seed % 3 == 1) {
          for (const ShapeId id : ids) {
            const auto z = std::int32_t(source.integer(-3, 3));
            scene.set_z(id, z);
            reference.at(id).z = z;
            const Filter f{std::uint32_t(1 << source.integer(0, 2)),
                           std::uint32_t(source.integer(0, 7) | 1)};
            scene.set_filter(id, f);
            reference.at(id).filter = f;
          }
        }
        check_queries(scene, reference, source, c.queries, true, what + " loaded", outcomes, tape);
        // Changes after the first queries: adds, moves (same kind and new kind, by shape and by
        // transform), removes.
        const int changes = std::max(3, c.count / 10);
        for (int i = 0; i < changes; ++i) {
          const Shape<T> shape = source.shape();
          const ShapeId id = scene.add(shape);
          reference.set(id, shape);
          ids.push_back(id);
        }
        for (int i = 0; i < changes; ++i) {
          const ShapeId id = ids[std::size_t(source.integer(0, int(ids.size()) - 1))];
          if (!scene.has(id)) continue;
          if (i % 3 == 0) {
            const Transform<T> xf{{T(source.integer(-5, 5)), T(source.integer(-5, 5))},
                                  source.rotation()};
            scene.move(id, xf);
          } else {
            scene.set_shape(id, source.shape());
          }
          reference.set(id, scene.shape(id));
        }
        for (int i = 0; i < changes; ++i) {
          const std::size_t k = std::size_t(source.integer(0, int(ids.size()) - 1));
          if (!scene.has(ids[k])) continue;
          scene.remove(ids[k]);
          reference.remove(ids[k]);
        }
        check_queries(scene, reference, source, c.queries, true, what + " changed", outcomes, tape);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
  // Regions of every scale: both "none selected" and "some selected" must be common.
  EXPECT_GT(outcomes.rate(), 0.15) << layout_name(layout);
  EXPECT_LT(outcomes.rate(), 0.95) << layout_name(layout);
  // On the integer grid, shapes that only touch a region are common: the option matters.
  if (layout == Layout::pixel_grid) {
    EXPECT_GT(outcomes.touching, 10);
  }
}

template <class T>
class SceneQueryTest : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SceneQueryTest, Scalars);

TYPED_TEST(SceneQueryTest, Uniform) {
  scenes_equal_brute_force<TypeParam>(Layout::uniform);
}
TYPED_TEST(SceneQueryTest, Clustered) {
  scenes_equal_brute_force<TypeParam>(Layout::clustered);
}
TYPED_TEST(SceneQueryTest, SameCentre) {
  scenes_equal_brute_force<TypeParam>(Layout::same_centre);
}
TYPED_TEST(SceneQueryTest, HugeAndTiny) {
  scenes_equal_brute_force<TypeParam>(Layout::huge_and_tiny);
}
TYPED_TEST(SceneQueryTest, PixelGrid) {
  scenes_equal_brute_force<TypeParam>(Layout::pixel_grid);
}

// 100,000 rotated boxes, the benchmark's kind of scene, in the default index.
TYPED_TEST(SceneQueryTest, HundredThousandBoxes) {
  using T = TypeParam;
  ShapeSource<T> source(Layout::uniform, 100000, 99);
  Scene<T> scene;
  ReferenceScene<T> reference;
  for (int i = 0; i < 100000; ++i) {
    const Shape<T> shape = source.shape(true);
    reference.set(scene.add(shape), shape);
  }
  Outcomes outcomes;
  ReferenceTape tape;
  check_queries(scene, reference, source, 12, true, "100k boxes", outcomes, tape);
}

// Pairs of rotated boxes on the edge of touching where the separating-axis test in one box's
// frame and in the other's round to different answers, so that only overlaps()'s canonical order
// (collide2d/detail/box_overlap.hpp) gives its answer: the Scene's pairs must be overlaps()'s
// whichever way its join meets a pair (the batched kernels of src/scene/batches.hpp and
// obb_pair_kernel.hpp pick the order themselves). Found by search: box b slides along a seeded
// direction to where the boxes just touch (bisection), then an ulp or a few along x, until the two
// frames disagree. Each pair sits 40 units from the next, in one packed tree.
template <class T>
Obb<T> random_box(std::mt19937& rng, Vec2<T> centre) {
  std::uniform_real_distribution<T> unit(0, 1);
  const Vec2<T> half{T(0.5) + T(4) * unit(rng), T(0.5) + T(4) * unit(rng)};
  return {centre, half, Rot<T>::from_angle(T(6.28) * unit(rng))};
}

// b moved along `direction` to where it just touches a (by bisection), then `side` ulps along x
// (the overlapping side, 0, or the other, 1) and up to 3 more, until the two frames disagree.
template <class T>
std::optional<Obb<T>> frames_disagree_near(const Obb<T>& a, Obb<T> b, Vec2<T> direction, int side) {
  T lo = 0, hi = 20;  // overlapping at lo, apart at hi
  for (int i = 0; i < 60; ++i) {
    const T mid = (lo + hi) / 2;
    b.center = a.center + mid * direction;
    (detail::ordered_obbs_overlap(a, b) ? lo : hi) = mid;
  }
  b.center = a.center + (side == 0 ? lo : hi) * direction;
  const T away =
      side == 0 ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
  for (int ulps = 0; ulps < 4; ++ulps) {
    if (detail::ordered_obbs_overlap(a, b) != detail::ordered_obbs_overlap(b, a)) return b;
    b.center.x = std::nextafter(b.center.x, direction.x < 0 ? -away : away);
  }
  return std::nullopt;
}

TYPED_TEST(SceneQueryTest, PairsWhoseTwoFramesRoundApart) {
  using T = TypeParam;
  std::mt19937 rng(2026);
  std::uniform_real_distribution<T> angle(0, T(6.28));
  // Leaves of 16 (pairs from the join's masks) and one leaf of them all (pair by pair).
  SceneOptions<T> wide;
  wide.node_size = 128;
  Scene<T> scene, scene_wide(wide);
  ReferenceScene<T> reference;
  int pairs = 0, touching = 0;
  for (int attempt = 0; attempt < 60000 && pairs < 48; ++attempt) {
    const Obb<T> a = random_box<T>(rng, {T(40) * T(pairs), T(0)});
    const Obb<T> b = random_box<T>(rng, a.center);
    const Rot<T> u = Rot<T>::from_angle(angle(rng));
    const std::optional<Obb<T>> near = frames_disagree_near(a, b, Vec2<T>{u.c, u.s}, attempt % 2);
    if (!near) continue;
    // In both orders of adding: the join meets the pair either way round.
    const bool a_first = pairs % 2 == 0;
    for (const Obb<T>& box : {a_first ? a : *near, a_first ? *near : a}) {
      reference.set(scene.add(box), box);
      scene_wide.add(box);
    }
    ++pairs;
    touching += overlaps(a, *near) ? 1 : 0;
  }
  // Enough such pairs, and both answers among them.
  ASSERT_GE(pairs, 32);
  EXPECT_GT(touching, 0);
  EXPECT_LT(touching, pairs);
  const auto got = ReferenceScene<T>::sorted(scene.overlapping_pairs({}, 1));
  const auto expected = reference.pairs({});
  EXPECT_EQ(int(expected.size()), touching);
  EXPECT_TRUE(got == expected) << difference(got, expected);
  const auto got_wide = ReferenceScene<T>::sorted(scene_wide.overlapping_pairs({}, 1));
  EXPECT_TRUE(got_wide == expected) << "node size 128: " << difference(got_wide, expected);
}

}  // namespace
}  // namespace c2s
