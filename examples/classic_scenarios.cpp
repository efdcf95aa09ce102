// The classic scenarios of the rotated-box articles, answered by collide2d and printed in words:
// two rotated boxes that overlap and two that do not, a circle against a rotated box, a ray through
// a box with its entry and exit points, and a marquee selection over a few hundred rotated
// elements in "touches" and "fully inside" modes.
//
// Build and run: cmake --preset release && cmake --build --preset release &&
//                build/release/examples/collide2d_classic_scenarios
#include <cstdio>
#include <random>
#include <vector>

#include "collide2d/collide2d.hpp"

namespace {

using namespace collide2d;
using Box = Obb<double>;

const char* yes_no(bool answer) {
  return answer ? "yes" : "no";
}

// The box's angle in degrees, in [0, 360).
double degrees(const Box& box) {
  const double angle = box.rotation.angle() * 180 / pi<double>;
  return angle < 0 ? angle + 360 : angle;
}

void print_box(const char* name, const Box& box) {
  std::printf("  %s: centre (%g, %g), %g x %g, rotated %g deg\n", name, box.center.x, box.center.y,
              2 * box.half_extents.x, 2 * box.half_extents.y, degrees(box));
}

void rotated_boxes() {
  std::puts("1. Two rotated boxes (separating axis test, four axes)");
  const Box a = make_obb<double>({355, 430}, 350, 150, 0.0).value();
  const Box b = make_obb<double>({575, 295}, 350, 150, degrees_to_radians(220.0)).value();
  print_box("A", a);
  print_box("B", b);
  std::printf("  overlap? %s\n", yes_no(overlaps(a, b)));
  const Box c =
      make_obb<double>({575, 295}, 350, 150 - 2 * 0.12, degrees_to_radians(220.0)).value();
  print_box("B'", c);
  std::printf("  A and B' (B 0.24 thinner) overlap? %s: the margin on B's short axis is ~0.11\n",
              yes_no(overlaps(a, c)));
  const Box d{{0, 0}, {1, 2}, Rot<double>{0, 1}};  // exact quarter turn: spans x in [-2, 2]
  const Box e{{3, 0}, {1, 1}, Rot<double>::identity()};
  std::printf("  a 2x4 box turned exactly a quarter turn touches a unit box 3 to its right? %s\n\n",
              yes_no(overlaps(d, e)));
}

void circle_and_box() {
  std::puts("2. A circle against a rotated box (centre clamped in the box's frame)");
  const Box box = make_obb<double>({0, 0}, 4, 2, degrees_to_radians(30.0)).value();
  for (const Circle<double> circle : {Circle<double>{{1.6, 2.1}, 0.5}, Circle<double>{{3, 3}, 1}}) {
    std::printf("  circle at (%g, %g) radius %g overlaps the 4 x 2 box turned 30 deg? %s\n",
                circle.center.x, circle.center.y, circle.radius, yes_no(overlaps(circle, box)));
  }
  std::puts("");
}

void ray_through_box() {
  std::puts("3. A ray through a box (slab test)");
  const Aabb<double> box = make_aabb_from_rect<double>(2, -1, 4, 2).value();
  const Ray<double> ray = make_ray<double>({0, 0.5}, {1, 0}).value();
  std::printf("  ray from (0, 0.5) along +x, box x in [2, 6], y in [-1, 1]\n");
  if (const auto hit = raycast(ray, box)) {
    std::printf("  enters at t = %g, point (%g, %g), surface normal (%g, %g)\n", hit->t_enter,
                hit->point_enter.x, hit->point_enter.y, hit->normal.x, hit->normal.y);
    std::printf("  exits at t = %g, point (%g, %g)\n\n", hit->t_exit, hit->point_exit.x,
                hit->point_exit.y);
  }
}

// "Fully inside" for a box in a convex region: all four corners inside, since both are convex.
bool box_inside(const Box& element, const Box& region) {
  Vec2<double> c[4];
  corners(element, c);
  for (const Vec2<double>& corner : c) {
    if (!overlaps(corner, region)) return false;
  }
  return true;
}

void marquee_selection() {
  std::puts("4. Marquee selection over 300 rotated elements");
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> position(0, 1000);
  std::uniform_real_distribution<double> size(10, 60);
  std::uniform_real_distribution<double> angle(0, 2 * pi<double>);
  std::vector<Box> elements;
  for (int i = 0; i < 300; ++i) {
    // One draw a statement: the order of a call's arguments is unspecified (g++ and clang differ).
    const double x = position(rng);
    const double y = position(rng);
    const double width = size(rng);
    const double height = size(rng);
    const double turn = angle(rng);
    elements.push_back(make_obb<double>({x, y}, width, height, turn).value());
  }
  const Box marquee = make_obb<double>({500, 500}, 300, 200, 0.0).value();
  const Box rotated_marquee =
      make_obb<double>({500, 500}, 300, 200, degrees_to_radians(25.0)).value();
  for (const Box* region : {&marquee, &rotated_marquee}) {
    int touching = 0;
    int inside = 0;
    for (const Box& element : elements) {
      touching += overlaps(element, *region) ? 1 : 0;
      inside += box_inside(element, *region) ? 1 : 0;
    }
    std::printf(
        "  region 300 x 200 at (500, 500) turned %g deg: %d touch it, %d lie fully inside\n",
        degrees(*region), touching, inside);
  }
}

}  // namespace

int main() {
  std::printf("collide2d %s: the classic collision scenarios\n\n", COLLIDE2D_VERSION_STRING);
  rotated_boxes();
  circle_and_box();
  ray_through_box();
  marquee_selection();
  return 0;
}
