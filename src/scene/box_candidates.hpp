// Private: the box-level candidates of a Scene query from every index, shared by the region
// queries (select.cpp) and the nearest-shape search (nearest.cpp).
#pragma once

#include "collide2d/scene.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d::detail {

// Every live shape whose stored box overlaps `box` and that passes the gate, to
// take(store, slot): the box-level answer, from every index.
template <class T, class Take>
void box_candidates(SceneImpl<T>& s, const Aabb<T>& box, const Gate& gate, Take&& take) {
  auto passes = [&](const auto& store, int slot) {
    const ShapeId id = store.ids[std::size_t(slot)];
    return id != dead_id && gate.passes_filter(store, slot) && gate.accepts(id);
  };
  detail::for_each_kind([&](auto k) {
    const auto& store = s.template store<decltype(k)::value>();
    if (store.packed == 0) return;
    store.tree.query(box, [&](int slot) {
      if (passes(store, slot)) take(store, slot);
    });
  });
  auto by_ref = [&](ShapeRef ref) {
    detail::with_kind(ref.kind(), [&](auto k) {
      const auto& store = s.template store<decltype(k)::value>();
      // The dynamic tree's boxes are fat: the stored box decides.
      const int slot = ref.slot();
      if (boxes_overlap(detail::stored_box<T>(store.shapes[std::size_t(slot)]), box) &&
          passes(store, slot)) {
        take(store, slot);
      }
    });
  };
  if (!s.dynamic.empty()) {
    s.dynamic.query(
        box, [&](int proxy) { by_ref(ShapeRef{std::uint32_t(s.dynamic.user_value(proxy))}); });
  }
  if (s.options.index == IndexChoice::grid && !s.grid.empty()) {
    s.grid.query(box, [&](int item) { by_ref(s.grid_refs[std::size_t(item)]); });
  }
}

}  // namespace collide2d::detail
