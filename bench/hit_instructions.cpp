// The hit test row of broadphase_bench.cpp (`hit/point/collide2d`) without the timing harness and
// the other libraries' indexes, for valgrind's callgrind (scripts/bench-callgrind.sh hit): the
// same 1,000,000 boxes and the same 64 points, cycled QUERIES times (default 2,000), each query
// through its own non-inlined function, so that the instruction count of a query is that
// function's inclusive count divided by QUERIES.
//
//   collide2d_hit_instructions [QUERIES]
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "broadphase_data.hpp"
#include "collide2d/collide2d.hpp"

using namespace collide2d;

namespace {

[[gnu::noinline]] std::size_t hit_query(Scene<float>& scene, Vec2<float> point) {
  return scene.hit_test(point).size();
}

}  // namespace

int main(int argc, char** argv) {
  const long queries = argc > 1 ? std::atol(argv[1]) : 2000;
  if (queries <= 0) {
    std::fprintf(stderr, "usage: %s [QUERIES]\n", argv[0]);
    return 2;
  }
  Scene<float> scene;
  for (const Obb<float>& box : broadphase_data::make_boxes(broadphase_data::big_count, 2026))
    scene.add(box);
  scene.update();
  // The seed and the distribution of broadphase_bench.cpp's make_points(99).
  std::mt19937 rng(99);
  std::uniform_real_distribution<float> u(0, broadphase_data::world);
  std::vector<Vec2<float>> points;
  for (int i = 0; i < broadphase_data::region_count; ++i)
    points.push_back({u(rng), u(rng)});
  std::size_t answers = 0;
  for (long k = 0; k < queries; ++k)
    answers += hit_query(scene, points[std::size_t(k) % points.size()]);
  std::printf("queries %ld, answers %zu (%.2f a query)\n", queries, answers,
              double(answers) / double(queries));
}
