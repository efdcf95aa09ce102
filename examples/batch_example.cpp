// The README's batch example (tests/readme_example_in_sync.cmake keeps the two identical).
#include <collide2d/batch.hpp>
#include <cstdio>
#include <vector>

int main() {
  using namespace collide2d;
  // A thousand boxes in a row, each turned a little more than the last.
  ObbBatch<float> boxes;
  boxes.reserve(1000);
  for (int i = 0; i < 1000; ++i) {
    const float x = static_cast<float>(i) * 3.0f;
    boxes.push_back(
        {{x, 0.0f}, {1.0f, 0.5f}, Rot<float>::from_angle(0.01f * static_cast<float>(i))});
  }
  // Which boxes does one rotated query box touch? One bit per box, SIMD and all threads.
  const Obb<float> query{{30.0f, 0.0f}, {4.0f, 1.0f}, Rot<float>::from_degrees(30.0f)};
  Bitmask hits;
  overlaps(query, boxes, hits);
  std::printf("%s: %zu of %zu boxes overlap the query:", batch_simd_target(), hits.count(),
              boxes.size());
  for (const std::uint32_t i : hits.indices())
    std::printf(" %u", i);
  std::printf("\n");

  // A ray along the row against their bounding boxes: entry and exit of each box it crosses, as
  // a list of the boxes hit (RayBatchHits instead gives t_enter and t_exit for every box).
  AabbBatch<float> bounds;
  for (std::size_t i = 0; i < boxes.size(); ++i)
    bounds.push_back(bounding_box(boxes[i]));
  std::vector<RayBatchHit<float>> crossed;
  raycast(Ray<float>{{-5.0f, 0.0f}, {1.0f, 0.0f}, 20.0f}, bounds, crossed, /*thread_count=*/1);
  for (const RayBatchHit<float>& hit : crossed) {
    std::printf("box %u: t from %g to %g\n", hit.index, static_cast<double>(hit.t_enter),
                static_cast<double>(hit.t_exit));
  }
}
