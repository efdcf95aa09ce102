// The lasso rows of broadphase_bench.cpp without the timing harness and the other libraries'
// indexes, for valgrind's callgrind (scripts/bench-callgrind.sh lasso): the same 1,000,000 boxes,
// the same 64 lassos of 200 points and the same axis-aligned marquees of the same area, each
// query once through its own non-inlined function, so that the instruction count of a query is
// that function's inclusive count over 64.
//
//   collide2d_lasso_instructions FRACTION MODE     FRACTION of the world (0.01 is 1%), MODE
//                                                  intersects or contains
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "broadphase_data.hpp"
#include "collide2d/collide2d.hpp"

using namespace collide2d;

namespace {

[[gnu::noinline]] void lasso_query(Scene<float>& scene, const Lasso<float>& lasso, SelectMode mode,
                                   std::vector<ShapeId>& ids) {
  scene.select(lasso, mode, {}, ids);
}

[[gnu::noinline]] void marquee_query(Scene<float>& scene, const Aabb<float>& box, SelectMode mode,
                                     std::vector<ShapeId>& ids) {
  scene.select(box, mode, {}, ids);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 ||
      (std::strcmp(argv[2], "intersects") != 0 && std::strcmp(argv[2], "contains") != 0)) {
    std::fprintf(stderr, "usage: %s FRACTION intersects|contains\n", argv[0]);
    return 2;
  }
  const double fraction = std::atof(argv[1]);
  const SelectMode mode =
      std::strcmp(argv[2], "contains") == 0 ? SelectMode::contains : SelectMode::intersects;
  Scene<float> scene;
  for (const Obb<float>& box : broadphase_data::make_boxes(broadphase_data::big_count, 2026))
    scene.add(box);
  scene.update();
  // The seeds of broadphase_bench.cpp's lasso rows.
  std::mt19937 rng(99);
  std::vector<Aabb<float>> marquees;
  std::vector<Lasso<float>> lassos;
  for (const Obb<float>& square :
       broadphase_data::make_squares(fraction, false, 7 + std::uint32_t(fraction * 1e6))) {
    marquees.push_back({square.center - square.half_extents, square.center + square.half_extents});
    lassos.push_back(
        make_lasso(broadphase_data::make_lasso_path(marquees.back(), 200, rng)).value());
  }
  std::vector<ShapeId> ids;
  std::size_t lasso_answers = 0, marquee_answers = 0;
  for (std::size_t k = 0; k < lassos.size(); ++k) {
    ids.clear();
    lasso_query(scene, lassos[k], mode, ids);
    lasso_answers += ids.size();
    ids.clear();
    marquee_query(scene, marquees[k], mode, ids);
    marquee_answers += ids.size();
  }
  std::printf("queries %zu, answers: lasso %zu, marquee %zu\n", lassos.size(), lasso_answers,
              marquee_answers);
}
