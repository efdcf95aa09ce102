// The names renamed in this release still work for one release, as [[deprecated]] aliases (this
// file alone is compiled with -Wno-deprecated-declarations), and the old headers still declare
// what moved out of them. README.md, "Renamed in this release", lists them.
//
// Only the old headers are included here, not collide2d.hpp: user code that included just these
// must keep compiling.
#include <gtest/gtest.h>

#include <stdexcept>

#include "collide2d/broadphase/common.hpp"  // InvalidQuery, now in errors.hpp
#include "collide2d/builders.hpp"           // InvalidShape, now in errors.hpp
#include "collide2d/distance.hpp"           // shape_cast, now in shape_cast.hpp
#include "collide2d/scene.hpp"

namespace {

using namespace collide2d;

TEST(DeprecatedNames, SceneContainsIsHas) {
  Scene<double> scene;
  const ShapeId id = scene.add(Circle<double>{{0, 0}, 1});
  EXPECT_TRUE(scene.contains(id));
  EXPECT_EQ(scene.contains(id), scene.has(id));
  scene.remove(id);
  EXPECT_FALSE(scene.contains(id));
  EXPECT_FALSE(scene.contains(ShapeId{12345}));
}

TEST(DeprecatedNames, SceneMoveWithAShapeIsSetShape) {
  Scene<float> scene;
  const ShapeId id = scene.add(Circle<float>{{0, 0}, 1});
  scene.move(id, Shape<float>{Aabb<float>{{2, 2}, {3, 3}}});
  EXPECT_EQ(kind_of(scene.shape(id)), ShapeKind::aabb);
  EXPECT_EQ(scene.hit_test(Point<float>{2.5f, 2.5f}), std::vector<ShapeId>{id});
  EXPECT_TRUE(scene.hit_test(Point<float>{0, 0}).empty());
  EXPECT_THROW(scene.move(id, Shape<float>{Circle<float>{{0, 0}, -1}}), InvalidShape);
  scene.remove(id);
  EXPECT_THROW(scene.move(id, Shape<float>{Circle<float>{{0, 0}, 1}}), std::out_of_range);
}

TEST(DeprecatedNames, OldHeadersStillDeclareTheMovedNames) {
  const auto hit = shape_cast(Circle<double>{{-5, 0}, 1}, Vec2<double>{10, 0},
                              Aabb<double>{{-1, -1}, {1, 1}}, Vec2<double>{0, 0});
  ASSERT_TRUE(hit.has_value());
  EXPECT_NEAR(hit->t, 0.3, 1e-5);  // the hand case of test_distance.cpp
  EXPECT_THROW(check_query_box(Aabb<double>{{1, 1}, {0, 0}}, "test"), InvalidQuery);
  EXPECT_THROW(make_circle<double>({0, 0}, -1).value(), InvalidShape);
}

}  // namespace
