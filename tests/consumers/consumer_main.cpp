// A program that uses collide2d the way a downstream project would: through the installed or
// vendored package, nothing else. Exits non-zero when an answer is wrong.
#include <cstdio>

#include <collide2d/collide2d.hpp>

int main() {
  using namespace collide2d;
  const auto a = make_obb<float>({355, 430}, 350, 150, 0.0f).value();
  const auto b = make_obb<float>({575, 295}, 350, 150, degrees_to_radians(220.0f)).value();
  const auto c = make_circle<double>({0, 0}, 1).value();
  const auto box = make_aabb<double>({1, -1}, {3, 1}).value();  // touches the circle at (1, 0)
  const auto hit = raycast(Ray<double>{{-5, 0}, {1, 0}}, box);
  const bool ok = overlaps(a, b) && overlaps(c, box) && hit && hit->t_enter == 6.0;
  std::printf("collide2d %s consumer: %s\n", COLLIDE2D_VERSION_STRING, ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
