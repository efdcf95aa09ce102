#include <gtest/gtest.h>

#include "collide2d/collide2d.hpp"

using namespace collide2d;

TEST(Smoke, ArticleBoxes) {
  auto a = make_obb<double>({355, 430}, 350, 150, 0.0).value();
  auto b = make_obb<double>({575, 295}, 350, 150, degrees_to_radians(220.0)).value();
  EXPECT_TRUE(overlaps(a, b));
  auto pa = make_polygon(a).value();
  auto pb = make_polygon(b).value();
  EXPECT_TRUE(overlaps(pa, pb));
  Shape<double> sa = a, sb = pb;
  EXPECT_TRUE(overlaps(sa, sb));
  auto hit = raycast(Ray<double>{{0, 430}, {1, 0}}, a);
  ASSERT_TRUE(hit);
  EXPECT_DOUBLE_EQ(hit->t_enter, 180);
  EXPECT_DOUBLE_EQ(hit->t_exit, 530);
}
