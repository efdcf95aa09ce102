// Scene::validate: ids, storage and every index checked against each other, for tests.
#include "collide2d/scene.hpp"

#include <string>

#include "scene/scene_impl.hpp"

namespace collide2d {

template <class T>
std::string Scene<T>::validate() const {
  const auto& s = *impl_;
  std::size_t live = 0;
  for (std::size_t id = 0; id < s.where.size(); ++id) {
    const detail::ShapeRef ref{s.where[id]};
    if (ref.kind() == detail::ShapeRef::free_kind) continue;
    ++live;
    const bool found = detail::with_kind(ref.kind(), [&](auto k) {
      const auto& store = s.template store<decltype(k)::value>();
      return ref.slot() < store.size() &&
             store.ids[std::size_t(ref.slot())] == ShapeId(std::uint32_t(id));
    });
    if (!found) return "id " + std::to_string(id) + " is not at the slot it names";
  }
  if (live != s.live)
    return "the live count is " + std::to_string(s.live) + ", ids say " + std::to_string(live);
  std::size_t proxies = 0, pending = 0;
  std::string error;
  detail::for_each_kind([&](auto k) {
    constexpr int K = decltype(k)::value;
    const auto& store = s.template store<K>();
    if (!error.empty()) return;
    const std::string kind = shape_kind_name(static_cast<ShapeKind>(K));
    const auto n = std::size_t(store.size());
    if (store.ids.size() != n || store.proxies.size() != n - std::size_t(store.packed) ||
        (s.has_z && store.z.size() != n) || (s.has_filters && store.filters.size() != n)) {
      error = kind + " storage arrays disagree in size";
      return;
    }
    if (store.packed > 0 && store.tree.size() != store.packed) {
      error = kind + " tree holds " + std::to_string(store.tree.size()) + " of " +
              std::to_string(store.packed) + " packed shapes";
      return;
    }
    if (store.packed > 0 && !store.tree.needs_refit()) {
      error = store.tree.validate();
      if (!error.empty()) return;
    }
    int dead = 0;
    for (int slot = 0; slot < store.size(); ++slot) {
      const ShapeId id = store.ids[std::size_t(slot)];
      const Aabb<T> box = bounding_box(store.shapes[std::size_t(slot)]);
      const std::string where = kind + " slot " + std::to_string(slot);
      if (id == detail::dead_id) {
        if (slot >= store.packed) error = where + " is dead outside the packed part";
        ++dead;
        continue;
      }
      if (s.where[std::size_t(id)] != detail::ShapeRef::make(K, slot).bits) {
        error = where + " names id " + std::to_string(std::uint32_t(id)) + ", which is elsewhere";
      } else if (slot < store.packed) {
        if (!box_contains(store.tree.box(slot), box)) error = where + "'s tree box is too small";
      } else if (const int proxy = store.proxies[std::size_t(slot - store.packed)]; proxy < 0) {
        ++pending;
      } else if (!s.dynamic.is_proxy(proxy) ||
                 s.dynamic.user_value(proxy) != int(detail::ShapeRef::make(K, slot).bits)) {
        error = where + "'s dynamic proxy " + std::to_string(proxy) + " does not lead back";
      } else if (!box_contains(s.dynamic.fat_box(proxy), box)) {
        error = where + "'s dynamic box is too small";
      } else {
        ++proxies;
      }
      if (!error.empty()) return;
    }
    if (dead != store.dead)
      error =
          kind + " has " + std::to_string(dead) + " dead slots, not " + std::to_string(store.dead);
  });
  if (!error.empty()) return error;
  if (proxies != std::size_t(s.dynamic.size())) return "the dynamic tree has strays";
  if (pending != s.pending) return "the pending count is off";
  error = s.dynamic.validate();
  if (!error.empty()) return "dynamic tree: " + error;
  if (s.options.index == IndexChoice::grid && !s.grid_stale) {
    error = s.grid.validate();
    if (!error.empty()) return "grid: " + error;
    if (std::size_t(s.grid.size()) != s.live) return "the grid misses shapes";
  }
  return {};
}

template std::string Scene<float>::validate() const;
template std::string Scene<double>::validate() const;

}  // namespace collide2d
