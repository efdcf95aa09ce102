// Scene: ids, storage, moves, and keeping the indexes up to date (the rebuild policy).
#include "collide2d/scene.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "broadphase/hilbert.hpp"
#include "collide2d/errors.hpp"
#include "scene/placement.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d {

namespace detail {

template <class T>
SceneImpl<T>::SceneImpl(SceneOptions<T> o) : options(o), dynamic(o.dynamic_margin) {
  if (o.node_size < 2 || o.node_size > 256) {
    throw std::invalid_argument("Scene node_size is " + std::to_string(o.node_size) +
                                ", must be 2 to 256");
  }
  if (!(o.grid_cell_size >= T(0)) || !std::isfinite(o.grid_cell_size)) {
    throw std::invalid_argument("Scene grid_cell_size must be finite and >= 0");
  }
}

template <class T>
ShapeRef SceneImpl<T>::ref_of(ShapeId id, const char* what) const {
  const auto index = static_cast<std::uint32_t>(id);
  if (index >= where.size() || ShapeRef{where[index]}.kind() == ShapeRef::free_kind) {
    throw std::out_of_range(std::string("Scene::") + what + ": no shape with id " +
                            std::to_string(index));
  }
  return ShapeRef{where[index]};
}

template <class T>
ShapeId SceneImpl<T>::new_id(std::uint64_t data) {
  std::uint32_t index;
  if (free_head != no_index) {
    index = free_head;
    const std::uint32_t next = ShapeRef{where[index]}.bits & ShapeRef::slot_mask;
    free_head = next == ShapeRef::slot_mask ? no_index : next;
    user_data[index] = data;
  } else {
    if (where.size() >= std::size_t(ShapeRef::slot_mask)) {
      throw std::length_error("Scene: too many shapes (2^29 - 1 at most)");
    }
    index = static_cast<std::uint32_t>(where.size());
    where.push_back(0);
    user_data.push_back(data);
    if (!local_of.empty()) local_of.push_back(no_index);
  }
  ++live;
  return ShapeId{index};
}

template <class T>
void SceneImpl<T>::free_id(ShapeId id) {
  const auto index = static_cast<std::uint32_t>(id);
  const std::uint32_t next = free_head == no_index ? ShapeRef::slot_mask : free_head;
  where[index] = ShapeRef::make(ShapeRef::free_kind, int(next)).bits;
  free_head = index;
  user_data[index] = 0;
  if (!local_of.empty() && local_of[index] != no_index) {
    free_locals.push_back(local_of[index]);
    local_of[index] = no_index;
  }
  --live;
}

template <class T>
void SceneImpl<T>::note_extent(const Aabb<T>& box) {
  scene_extent = std::max({scene_extent, std::abs(box.min.x), std::abs(box.min.y),
                           std::abs(box.max.x), std::abs(box.max.y)});
}

// A new slot at the end of the kind's store, in no index yet; the next update indexes it.
template <class T>
template <int K>
void SceneImpl<T>::attach(ShapeId id, const ShapeOfKind<K, T>& shape, std::int32_t z,
                          Filter filter) {
  auto& s = store<K>();
  const int slot = s.size();
  if (std::uint32_t(slot) >= ShapeRef::slot_mask) {
    throw std::length_error("Scene: too many shapes of one kind (2^29 - 1 at most)");
  }
  s.shapes.push_back(shape);
  s.ids.push_back(id);
  s.proxies.push_back(-1);
  if (has_z) s.z.push_back(z);
  if (has_filters) s.filters.push_back(filter);
  where[std::size_t(id)] = ShapeRef::make(K, slot).bits;
  ++pending;
  grid_stale = true;  // the extent is noted when the shape is indexed
}

template <class T>
void SceneImpl<T>::detach(ShapeRef ref, std::int32_t& z, Filter& filter) {
  with_kind(ref.kind(), [&](auto k) {
    auto& s = store<decltype(k)::value>();
    const int slot = ref.slot();
    z = z_of(s, slot);
    filter = has_filters ? s.filters[std::size_t(slot)] : Filter{};
    grid_stale = true;
    if (slot < s.packed) {
      // Packed slots stay where they are until the next rebuild; queries skip dead ones.
      s.ids[std::size_t(slot)] = dead_id;
      ++s.dead;
      return;
    }
    const int proxy = s.proxies[std::size_t(slot - s.packed)];
    if (proxy >= 0) {
      dynamic.remove(proxy);
    } else {
      --pending;
    }
    // The last slot takes this one's place.
    const int last = s.size() - 1;
    if (slot != last) {
      const auto to = std::size_t(slot), from = std::size_t(last);
      s.shapes[to] = s.shapes[from];
      s.ids[to] = s.ids[from];
      if (has_z) s.z[to] = s.z[from];
      if (has_filters) s.filters[to] = s.filters[from];
      const int moved_proxy = s.proxies[from - std::size_t(s.packed)];
      s.proxies[to - std::size_t(s.packed)] = moved_proxy;
      const ShapeRef moved = ShapeRef::make(decltype(k)::value, slot);
      where[std::size_t(s.ids[to])] = moved.bits;
      if (moved_proxy >= 0) dynamic.set_user_value(moved_proxy, int(moved.bits));
    }
    s.shapes.pop_back();
    s.ids.pop_back();
    s.proxies.pop_back();
    if (has_z) s.z.pop_back();
    if (has_filters) s.filters.pop_back();
  });
}

// Replaces the shape of an existing id, in place when the kind is the same.
template <class T>
void SceneImpl<T>::set_shape(ShapeId id, const Shape<T>& shape) {
  const ShapeRef ref = ref_of(id, "set_shape");
  if (int(shape.index()) != ref.kind()) {
    std::int32_t z = 0;
    Filter filter{};
    detach(ref, z, filter);
    with_kind(int(shape.index()), [&](auto k) {
      attach<decltype(k)::value>(id, std::get<decltype(k)::value>(shape), z, filter);
    });
    return;
  }
  with_kind(ref.kind(), [&](auto k) {
    constexpr int K = decltype(k)::value;
    auto& s = store<K>();
    const int slot = ref.slot();
    const auto& new_shape = std::get<K>(shape);
    s.shapes[std::size_t(slot)] = new_shape;
    const Aabb<T> box = stored_box<T>(new_shape);
    note_extent(box);
    grid_stale = true;
    if (slot < s.packed) {
      s.tree.set_box(slot, box);
      refit_pending = true;
      return;
    }
    const int proxy = s.proxies[std::size_t(slot - s.packed)];
    if (proxy >= 0) dynamic.move(proxy, box);
  });
}

template <class T>
std::int32_t SceneImpl<T>::z_of_id(ShapeId id) const {
  if (!has_z) return 0;
  const ShapeRef ref{where[std::size_t(id)]};
  return with_kind(ref.kind(),
                   [&](auto k) { return store<decltype(k)::value>().z[std::size_t(ref.slot())]; });
}

// Puts every slot not yet indexed into the dynamic tree.
template <class T>
void SceneImpl<T>::index_pending() {
  if (pending == 0) return;
  for_each_kind([&](auto k) {
    constexpr int K = decltype(k)::value;
    auto& s = store<K>();
    for (int slot = s.packed; slot < s.size(); ++slot) {
      int& proxy = s.proxies[std::size_t(slot - s.packed)];
      if (proxy >= 0) continue;
      const Aabb<T> box = stored_box<T>(s.shapes[std::size_t(slot)]);
      note_extent(box);
      proxy = dynamic.insert(box, int(ShapeRef::make(K, slot).bits));
    }
  });
  pending = 0;
}

// Sorts each kind's live shapes along the Hilbert curve, stores them in that order and packs a
// tree over them; the dynamic tree empties.
template <class T>
void SceneImpl<T>::rebuild_packed() {
  scene_extent = T(0);
  for_each_kind([&](auto k) {
    constexpr int K = decltype(k)::value;
    auto& s = store<K>();
    std::vector<int> slots;
    slots.reserve(std::size_t(s.size() - s.dead));
    for (int slot = 0; slot < s.size(); ++slot) {
      if (s.ids[std::size_t(slot)] != dead_id) slots.push_back(slot);
    }
    std::vector<Aabb<T>> boxes(slots.size());
    for (std::size_t i = 0; i < slots.size(); ++i) {
      boxes[i] = stored_box<T>(s.shapes[std::size_t(slots[i])]);
      note_extent(boxes[i]);
    }
    const std::vector<std::uint32_t> order = hilbert_order(boxes.data(), boxes.size());
    const std::size_t n = slots.size();
    decltype(s.shapes) shapes(n);
    std::vector<ShapeId> ids(n);
    std::vector<Aabb<T>> sorted_boxes(n);
    std::vector<std::int32_t> z(has_z ? n : 0);
    std::vector<Filter> filters(has_filters ? n : 0);
    for (std::size_t p = 0; p < n; ++p) {
      const std::size_t from = std::size_t(slots[order[p]]);
      shapes[p] = s.shapes[from];
      ids[p] = s.ids[from];
      sorted_boxes[p] = boxes[order[p]];
      if (has_z) z[p] = s.z[from];
      if (has_filters) filters[p] = s.filters[from];
      where[std::size_t(ids[p])] = ShapeRef::make(K, int(p)).bits;
    }
    s.shapes.swap(shapes);
    s.ids.swap(ids);
    s.z.swap(z);
    s.filters.swap(filters);
    s.proxies.clear();
    s.proxies.shrink_to_fit();
    s.tree =
        PackedTree<T>(sorted_boxes.data(), n, {options.node_size, PackedTree<T>::Order::as_given});
    s.packed = int(n);
    s.dead = 0;
    s.build_cost = s.tree.leaf_cost();
  });
  dynamic.clear();
  pending = 0;
  refit_pending = false;
  ever_built = true;
  ++rebuilds;
}

template <class T>
void SceneImpl<T>::build_grid() {
  std::vector<Aabb<T>> boxes;
  grid_refs.clear();
  boxes.reserve(live);
  grid_refs.reserve(live);
  for_each_kind([&](auto k) {
    constexpr int K = decltype(k)::value;
    auto& s = store<K>();
    for (int slot = 0; slot < s.size(); ++slot) {
      if (s.ids[std::size_t(slot)] == dead_id) continue;
      boxes.push_back(stored_box<T>(s.shapes[std::size_t(slot)]));
      note_extent(boxes.back());
      grid_refs.push_back(ShapeRef::make(K, slot));
    }
  });
  grid = UniformGrid<T>(boxes.data(), boxes.size(), {options.grid_cell_size});
  grid_stale = false;
  ++rebuilds;
}

// Every shape leaves its index: dead slots are dropped, everything becomes "not yet indexed".
template <class T>
void SceneImpl<T>::dissolve() {
  for_each_kind([&](auto k) {
    constexpr int K = decltype(k)::value;
    auto& s = store<K>();
    int out = 0;
    for (int slot = 0; slot < s.size(); ++slot) {
      const auto from = std::size_t(slot), to = std::size_t(out);
      if (s.ids[from] == dead_id) continue;
      s.shapes[to] = s.shapes[from];
      s.ids[to] = s.ids[from];
      if (has_z) s.z[to] = s.z[from];
      if (has_filters) s.filters[to] = s.filters[from];
      where[std::size_t(s.ids[to])] = ShapeRef::make(K, out).bits;
      ++out;
    }
    s.shapes.resize(std::size_t(out));
    s.ids.resize(std::size_t(out));
    if (has_z) s.z.resize(std::size_t(out));
    if (has_filters) s.filters.resize(std::size_t(out));
    s.proxies.assign(std::size_t(out), -1);
    s.tree = PackedTree<T>();
    s.packed = 0;
    s.dead = 0;
  });
  dynamic.clear();
  pending = live;
  refit_pending = false;
  ever_built = false;
  grid_stale = true;
}

// The rebuild policy (scene.hpp, docs/BROADPHASE.md).
template <class T>
void SceneImpl<T>::update() {
  const IndexChoice choice = options.index;
  if (choice == IndexChoice::grid) {
    if (grid_stale) build_grid();
    return;
  }
  if (choice == IndexChoice::dynamic) {
    index_pending();
    return;
  }
  std::size_t packed = 0, dead = 0, unpacked = 0;
  bool degraded = false;
  for_each_kind([&](auto k) {
    auto& s = store<decltype(k)::value>();
    if (refit_pending && s.tree.needs_refit()) s.tree.refit();
    packed += std::size_t(s.packed);
    dead += std::size_t(s.dead);
    unpacked += std::size_t(s.size() - s.packed);
    // Items moved far from their Hilbert neighbours make the leaves large: queries then visit
    // many of them. Twice the built cost is where a rebuild (O(n)) pays for itself.
    if (s.packed >= 64 && s.tree.leaf_cost() > T(2) * s.build_cost) degraded = true;
  });
  // Written only when set: an up-to-date scene must not be written to by its queries, which may
  // then run from several threads at once.
  if (refit_pending) refit_pending = false;
  bool rebuild = live > 0 && !ever_built;
  if (choice == IndexChoice::packed) {
    rebuild = rebuild || unpacked > 0 || dead > 0 || degraded;
  } else {
    rebuild = rebuild || (unpacked > 64 && unpacked * 8 > live) ||
              (dead > 0 && dead * 4 > packed) || degraded;
  }
  if (rebuild) {
    rebuild_packed();
  } else {
    index_pending();
  }
}

}  // namespace detail

template <class T>
Scene<T>::Scene(SceneOptions<T> options) : impl_(std::make_unique<detail::SceneImpl<T>>(options)) {}

template <class T>
Scene<T>::~Scene() = default;
template <class T>
Scene<T>::Scene(Scene&&) noexcept = default;
template <class T>
Scene<T>& Scene<T>::operator=(Scene&&) noexcept = default;

template <class T>
ShapeId Scene<T>::add(const Shape<T>& shape, std::uint64_t user_data) {
  const std::string error = detail::scene_input_error(shape);
  if (!error.empty()) throw InvalidShape("Scene::add: " + error);
  const ShapeId id = impl_->new_id(user_data);
  detail::with_kind(int(shape.index()), [&](auto k) {
    constexpr int K = decltype(k)::value;
    impl_->template attach<K>(id, std::get<K>(shape), 0, Filter{});
  });
  return id;
}

template <class T>
void Scene<T>::set_shape(Id id, const Shape<T>& shape) {
  const std::string error = detail::scene_input_error(shape);
  if (!error.empty()) throw InvalidShape("Scene::set_shape: " + error);
  impl_->set_shape(id, shape);
  auto& s = *impl_;
  if (!s.local_of.empty() && s.local_of[std::size_t(id)] != detail::no_index) {
    s.free_locals.push_back(s.local_of[std::size_t(id)]);
    s.local_of[std::size_t(id)] = detail::no_index;
  }
}

template <class T>
void Scene<T>::move(Id id, const Transform<T>& transform) {
  auto& s = *impl_;
  s.ref_of(id, "move");
  if (!is_finite(transform.p) || !is_finite(Vec2<T>{transform.q.c, transform.q.s}) ||
      !(std::abs(transform.q.c * transform.q.c + transform.q.s * transform.q.s - T(1)) <=
        rotation_tolerance<T>())) {
    throw InvalidShape("Scene::move: the transform must be finite with a unit rotation");
  }
  if (s.local_of.empty()) s.local_of.assign(s.where.size(), detail::no_index);
  std::uint32_t& local = s.local_of[std::size_t(id)];
  // The shape as given: kept from an earlier transform, or the shape as it is now.
  const Shape<T> given = local == detail::no_index ? shape(id) : s.locals[local];
  const Shape<T> placed = detail::placed(given, transform);
  // Far translations can overflow, and rounding can leave a rotated polygon not strictly convex:
  // such a result is refused like any invalid shape, and nothing changes.
  const std::string error = detail::scene_input_error(placed);
  if (!error.empty())
    throw InvalidShape("Scene::move: the transformed shape is not valid: " + error);
  if (local == detail::no_index) {
    if (!s.free_locals.empty()) {
      local = s.free_locals.back();
      s.free_locals.pop_back();
      s.locals[local] = given;
    } else {
      local = static_cast<std::uint32_t>(s.locals.size());
      s.locals.push_back(given);
    }
  }
  s.set_shape(id, placed);
}

template <class T>
void Scene<T>::remove(Id id) {
  const detail::ShapeRef ref = impl_->ref_of(id, "remove");
  std::int32_t z = 0;
  Filter filter{};
  impl_->detach(ref, z, filter);
  impl_->free_id(id);
}

template <class T>
void Scene<T>::clear() {
  impl_ = std::make_unique<detail::SceneImpl<T>>(impl_->options);
}

template <class T>
bool Scene<T>::has(Id id) const {
  const auto index = static_cast<std::size_t>(id);
  return index < impl_->where.size() &&
         detail::ShapeRef{impl_->where[index]}.kind() != detail::ShapeRef::free_kind;
}

template <class T>
std::size_t Scene<T>::size() const {
  return impl_->live;
}

template <class T>
Shape<T> Scene<T>::shape(Id id) const {
  const detail::ShapeRef ref = impl_->ref_of(id, "shape");
  return detail::with_kind(ref.kind(), [&](auto k) {
    return Shape<T>{impl_->template store<decltype(k)::value>().shapes[std::size_t(ref.slot())]};
  });
}

template <class T>
std::uint64_t Scene<T>::user_data(Id id) const {
  impl_->ref_of(id, "user_data");
  return impl_->user_data[std::size_t(id)];
}

template <class T>
void Scene<T>::set_user_data(Id id, std::uint64_t user_data) {
  impl_->ref_of(id, "set_user_data");
  impl_->user_data[std::size_t(id)] = user_data;
}

template <class T>
std::int32_t Scene<T>::z(Id id) const {
  impl_->ref_of(id, "z");
  return impl_->z_of_id(id);
}

template <class T>
void Scene<T>::set_z(Id id, std::int32_t z) {
  auto& s = *impl_;
  const detail::ShapeRef ref = s.ref_of(id, "set_z");
  if (!s.has_z) {
    if (z == 0) return;
    s.has_z = true;
    detail::for_each_kind([&](auto k) {
      auto& store = s.template store<decltype(k)::value>();
      store.z.assign(store.shapes.size(), 0);
    });
  }
  detail::with_kind(ref.kind(), [&](auto k) {
    s.template store<decltype(k)::value>().z[std::size_t(ref.slot())] = z;
  });
}

template <class T>
Filter Scene<T>::filter(Id id) const {
  const detail::ShapeRef ref = impl_->ref_of(id, "filter");
  if (!impl_->has_filters) return Filter{};
  return detail::with_kind(ref.kind(), [&](auto k) {
    return impl_->template store<decltype(k)::value>().filters[std::size_t(ref.slot())];
  });
}

template <class T>
void Scene<T>::set_filter(Id id, Filter filter) {
  auto& s = *impl_;
  const detail::ShapeRef ref = s.ref_of(id, "set_filter");
  if (!s.has_filters) {
    if (filter == Filter{}) return;
    s.has_filters = true;
    detail::for_each_kind([&](auto k) {
      auto& store = s.template store<decltype(k)::value>();
      store.filters.assign(store.shapes.size(), Filter{});
    });
  }
  detail::with_kind(ref.kind(), [&](auto k) {
    s.template store<decltype(k)::value>().filters[std::size_t(ref.slot())] = filter;
  });
}

template <class T>
IndexChoice Scene<T>::index_choice() const {
  return impl_->options.index;
}

template <class T>
void Scene<T>::set_index_choice(IndexChoice choice) {
  if (choice == impl_->options.index) return;
  impl_->dissolve();
  impl_->options.index = choice;
}

template <class T>
void Scene<T>::rebuild() {
  auto& s = *impl_;
  if (s.options.index == IndexChoice::automatic || s.options.index == IndexChoice::packed) {
    s.rebuild_packed();
  } else {
    s.update();
  }
}

template <class T>
void Scene<T>::update() {
  impl_->update();
}

template <class T>
std::size_t Scene<T>::memory_bytes() const {
  const auto& s = *impl_;
  std::size_t bytes = sizeof(detail::SceneImpl<T>) + s.where.capacity() * sizeof(std::uint32_t) +
                      s.user_data.capacity() * sizeof(std::uint64_t) +
                      s.local_of.capacity() * sizeof(std::uint32_t) +
                      s.locals.capacity() * sizeof(Shape<T>) +
                      s.free_locals.capacity() * sizeof(std::uint32_t) + s.dynamic.memory_bytes() +
                      s.grid.memory_bytes() + s.grid_refs.capacity() * sizeof(detail::ShapeRef);
  detail::for_each_kind([&](auto k) {
    const auto& store = s.template store<decltype(k)::value>();
    bytes += store.shapes.capacity() * sizeof(store.shapes[0]) +
             store.ids.capacity() * sizeof(ShapeId) + store.z.capacity() * sizeof(std::int32_t) +
             store.filters.capacity() * sizeof(Filter) + store.proxies.capacity() * sizeof(int) +
             store.tree.memory_bytes();
  });
  return bytes;
}

template <class T>
void Scene<T>::for_each_index_node(const std::function<void(const Aabb<T>&, int)>& f) const {
  const auto& s = *impl_;
  detail::for_each_kind(
      [&](auto k) { s.template store<decltype(k)::value>().tree.for_each_node(f); });
  s.dynamic.for_each_node(f);
}

template <class T>
SceneStats Scene<T>::stats() const {
  const auto& s = *impl_;
  SceneStats stats;
  stats.shapes = s.live;
  detail::for_each_kind([&](auto k) {
    const auto& store = s.template store<decltype(k)::value>();
    stats.packed += std::size_t(store.packed - store.dead);
    stats.removed += std::size_t(store.dead);
  });
  stats.dynamic = std::size_t(s.dynamic.size());
  stats.rebuilds = s.rebuilds;
  stats.memory_bytes = memory_bytes();
  return stats;
}

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

template struct detail::SceneImpl<float>;
template struct detail::SceneImpl<double>;
template class Scene<float>;
template class Scene<double>;

}  // namespace collide2d
