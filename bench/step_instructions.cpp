// The moving all-pairs row of broadphase_bench.cpp (`step/100k/collide2d`) without the timing
// harness and the other libraries' indexes, for valgrind's callgrind (scripts/bench-callgrind.sh
// step): the same 100,000 boxes (seed 77) and velocities (seed 5), STEPS steps (default 3), the
// moves and the pair query each through their own non-inlined function, so that a step's
// instruction count of each is that function's inclusive count divided by STEPS.
//
//   collide2d_step_instructions [STEPS] [sse2 | batch]
//
// With `sse2`, the pair query runs the SSE2 kernel that CPUs without AVX2 run (the AVX2 join,
// src/scene/obb_pairs_avx2.hpp, turned off). With `batch`, the moves are one Scene::set_shapes
// call (step_moves_batch; the `step/100k/collide2d_batch` row) instead of a set_shape call a box.
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "broadphase_data.hpp"
#include "collide2d/collide2d.hpp"
#include "scene/obb_pairs_avx2.hpp"

using namespace collide2d;

namespace {

constexpr int pair_count = 100000;  // broadphase_bench.cpp's pair_count

[[gnu::noinline]] void step_moves(Scene<float>& scene, const std::vector<ShapeId>& ids,
                                  const std::vector<Obb<float>>& boxes) {
  for (std::size_t i = 0; i < boxes.size(); ++i)
    scene.set_shape(ids[i], boxes[i]);
}

[[gnu::noinline]] void step_moves_batch(Scene<float>& scene, const std::vector<ShapeId>& ids,
                                        const std::vector<Obb<float>>& boxes) {
  scene.set_shapes(ids, boxes);
}

[[gnu::noinline]] std::size_t step_pairs(Scene<float>& scene, std::vector<ShapePair>& pairs) {
  pairs.clear();
  scene.overlapping_pairs({}, pairs, 1);
  return pairs.size();
}

}  // namespace

int main(int argc, char** argv) {
  const long steps = argc > 1 ? std::atol(argv[1]) : 3;
  const bool sse2 = argc > 2 && std::string(argv[2]) == "sse2";
  const bool batch = argc > 2 && std::string(argv[2]) == "batch";
  if (steps <= 0 || (argc > 2 && !sse2 && !batch) || argc > 3) {
    std::fprintf(stderr, "usage: %s [STEPS] [sse2 | batch]\n", argv[0]);
    return 2;
  }
  detail::set_obb_pairs_avx2_allowed(!sse2);
  // PairWorld of broadphase_bench.cpp with the automatic index and a dynamic margin of 0.5.
  std::vector<Obb<float>> boxes = broadphase_data::make_boxes(pair_count, 77);
  SceneOptions<float> options;
  options.dynamic_margin = 0.5f;
  Scene<float> scene(options);
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> v(-1, 1);
  std::vector<ShapeId> ids;
  std::vector<Vec2<float>> velocity;
  for (const Obb<float>& box : boxes) {
    ids.push_back(scene.add(box));
    velocity.push_back({v(rng), v(rng)});
  }
  scene.update();
  std::vector<ShapePair> pairs;
  std::size_t answers = 0;
  for (long k = 0; k < steps; ++k) {
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      Vec2<float>& c = boxes[i].center;
      c += velocity[i];
      if (c.x < 0 || c.x > broadphase_data::world) velocity[i].x = -velocity[i].x;
      if (c.y < 0 || c.y > broadphase_data::world) velocity[i].y = -velocity[i].y;
    }
    if (batch) {
      step_moves_batch(scene, ids, boxes);
    } else {
      step_moves(scene, ids, boxes);
    }
    answers += step_pairs(scene, pairs);
  }
  std::printf("steps %ld, pairs %zu (%.0f a step)\n", steps, answers,
              double(answers) / double(steps));
}
