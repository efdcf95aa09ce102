// The Scene example of README.md, compiled so that it cannot rot.
#include <collide2d/collide2d.hpp>
#include <cstdio>

int main() {
  using namespace collide2d;
  Scene<float> scene;  // shapes in world coordinates; each add returns a ShapeId
  const Obb<float> card = make_obb<float>({100, 100}, 80, 40, degrees_to_radians(30.0f)).value();
  const ShapeId card_id = scene.add(card, /*user_data=*/1);
  const ShapeId dot_id = scene.add(Circle<float>{{150, 100}, 10}, 2);
  scene.add(Aabb<float>{{300, 0}, {400, 50}}, 3);

  // Rubber-band selection: what the marquee touches, and what lies wholly inside it.
  const Aabb<float> marquee{{40, 40}, {145, 160}};
  std::printf("touched %zu, inside %zu\n", scene.select(marquee, SelectMode::intersects).size(),
              scene.select(marquee, SelectMode::contains).size());  // touched 2, inside 1

  // Under the cursor, topmost first: the z-order is yours to set.
  scene.set_z(dot_id, 1);
  for (const ShapeId id : scene.hit_test({140, 100})) {
    std::printf("under the cursor: %d\n", static_cast<int>(scene.user_data(id)));  // 2, then 1
  }
  // The first shape along a ray; rays, regions and shapes that are NaN or inverted throw.
  if (auto hit = scene.raycast_closest(Ray<float>{{0, 25}, {1, 0}})) {
    std::printf("ray hits %d at t = %g\n", static_cast<int>(scene.user_data(hit->id)),
                static_cast<double>(hit->hit.t_enter));  // 3 at t = 300
  }
  // Every overlapping pair, once; then move the card (the shape as added, placed by a transform).
  std::printf("overlapping pairs: %zu\n", scene.overlapping_pairs().size());  // 1
  scene.move(card_id, Transform<float>{{200, 0}, Rot<float>::identity()});
  std::printf("after the move: %zu\n", scene.overlapping_pairs().size());  // 0
}
