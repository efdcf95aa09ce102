// The usage example of README.md, compiled so that it cannot rot.
#include <collide2d/collide2d.hpp>
#include <cstdio>

int main() {
  using namespace collide2d;
  // double here; every type and function also comes in float.
  // Builders check their input and name the bad value; value() throws InvalidShape on error.
  Obb<double> a = make_obb<double>({355, 430}, 350, 150, 0.0).value();
  Obb<double> b = make_obb<double>({575, 295}, 350, 150, degrees_to_radians(220.0)).value();
  Circle<double> ball{{300, 300}, 40};
  std::printf("boxes overlap: %d\n", overlaps(a, b));      // 1 (by 0.11 on b's short axis)
  std::printf("ball touches a: %d\n", overlaps(ball, a));  // 0

  Ray<double> ray{{0, 430}, {1, 0}};  // direction need not be unit
  if (auto hit = raycast(ray, a)) {
    std::printf("enter t=%g at (%g, %g), exit t=%g, normal (%g, %g)\n", hit->t_enter,
                hit->point_enter.x, hit->point_enter.y, hit->t_exit, hit->normal.x, hit->normal.y);
  }
  auto hull = make_convex_hull<double>({{0, 0}, {4, 0}, {2, 1}, {4, 3}, {0, 3}});
  if (!hull) std::puts(hull.error().c_str());  // a reason, never a crash
  Shape<double> any = hull.value();            // mixed shapes: std::variant
  std::printf("hull overlaps ball: %d\n", overlaps(any, Shape<double>{ball}));
}
