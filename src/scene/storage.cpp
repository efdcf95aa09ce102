// Scene: ids and storage (a slot per shape in its kind's store), and the changes that go through
// them: add, set_shape, move, remove, clear.
#include "collide2d/scene.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "broadphase/packed_tree_access.hpp"
#include "collide2d/errors.hpp"
#include "detail/format.hpp"
#include "detail/prefetch.hpp"
#include "scene/placement.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d {

namespace detail {

template <class T>
SceneImpl<T>::SceneImpl(SceneOptions<T> o)
    : options(checked_options(o)), dynamic(o.dynamic_margin) {}

// Every option, before any member is built from it (the dynamic tree checks its margin too, but
// in its own words).
template <class T>
SceneOptions<T> SceneImpl<T>::checked_options(const SceneOptions<T>& o) {
  if (std::uint8_t(o.index) > std::uint8_t(IndexChoice::grid)) {
    throw std::invalid_argument("Scene index choice is " + std::to_string(int(o.index)) +
                                ", must be automatic, packed, dynamic or grid");
  }
  if (o.node_size < 2 || o.node_size > 256) {
    throw std::invalid_argument("Scene node_size is " + std::to_string(o.node_size) +
                                ", must be 2 to 256");
  }
  if (!(o.dynamic_margin >= T(0)) || !std::isfinite(o.dynamic_margin)) {
    throw std::invalid_argument("Scene dynamic_margin is " +
                                detail::format_number(o.dynamic_margin) +
                                ", must be finite and >= 0");
  }
  if (!(o.grid_cell_size >= T(0)) || !std::isfinite(o.grid_cell_size)) {
    throw std::invalid_argument("Scene grid_cell_size is " +
                                detail::format_number(o.grid_cell_size) +
                                ", must be finite and >= 0");
  }
  return o;
}

template <class T>
void SceneImpl<T>::no_shape(ShapeId id, const char* what) {
  throw std::out_of_range(std::string("Scene::") + what + ": no shape with id " +
                          std::to_string(static_cast<std::uint32_t>(id)));
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
      throw std::length_error("Scene: too many shapes (2^28 - 1 at most)");
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
    throw std::length_error("Scene: too many shapes of one kind (2^28 - 1 at most)");
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
  with_kind(int(shape.index()), [&](auto k) {
    constexpr int K = decltype(k)::value;
    if constexpr (K < shape_kind_count) replace<K>(id, std::get<K>(shape));
  });
}

// Replaces the entry of an existing id by one of kind K, in place when the kind is the same.
template <class T>
template <int K>
void SceneImpl<T>::replace_at(ShapeId id, ShapeRef ref, const ShapeOfKind<K, T>& entry) {
  if (ref.kind() != K) {
    std::int32_t z = 0;
    Filter filter{};
    detach(ref, z, filter);
    attach<K>(id, entry, z, filter);
    return;
  }
  auto& s = store<K>();
  const int slot = ref.slot();
  s.shapes[std::size_t(slot)] = entry;
  const Aabb<T> box = stored_box<T>(entry);
  note_extent(box);
  grid_stale = true;
  if (slot < s.packed) {
    PackedTreeView<T>::set_checked_box(s.tree, slot, box);
    refit_pending = true;
    return;
  }
  const int proxy = s.proxies[std::size_t(slot - s.packed)];
  if (proxy >= 0) dynamic.move(proxy, box);
}

template <class T>
std::int32_t SceneImpl<T>::z_of_id(ShapeId id) const {
  if (!has_z) return 0;
  const ShapeRef ref{where[std::size_t(id)]};
  return with_kind(ref.kind(),
                   [&](auto k) { return store<decltype(k)::value>().z[std::size_t(ref.slot())]; });
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
std::optional<CheckedShape<T>> CheckedShape<T>::check(const Shape<T>& shape, std::string* reason) {
  if (detail::scene_input_fine(shape)) return CheckedShape(shape);
  std::string error = detail::scene_input_error(shape);
  if (error.empty()) return CheckedShape(shape);
  if (reason != nullptr) *reason = std::move(error);
  return std::nullopt;
}

template <class T>
ShapeId Scene<T>::add(const Shape<T>& shape, std::uint64_t user_data) {
  std::string error;
  const std::optional<CheckedShape<T>> checked = CheckedShape<T>::check(shape, &error);
  if (!checked) throw InvalidShape("Scene::add: " + error);
  return add(*checked, user_data);
}

template <class T>
ShapeId Scene<T>::add(const CheckedShape<T>& checked, std::uint64_t user_data) {
  const Shape<T>& shape = checked.shape();
  const ShapeId id = impl_->new_id(user_data);
  detail::with_kind(int(shape.index()), [&](auto k) {
    constexpr int K = decltype(k)::value;
    if constexpr (K < shape_kind_count)
      impl_->template attach<K>(id, std::get<K>(shape), 0, Filter{});
  });
  return id;
}

template <class T>
void Scene<T>::set_shape(Id id, const Shape<T>& shape) {
  if (!detail::scene_input_fine(shape)) {
    const std::string error = detail::scene_input_error(shape);
    if (!error.empty()) throw InvalidShape("Scene::set_shape: " + error);
  }
  impl_->set_shape(id, shape);
  impl_->forget_local(id);
}

namespace detail {

// Scene::set_shapes' checks, all before any change: the lengths, every id, every shape.
template <class T, class S>
void check_batch(const SceneImpl<T>& scene, std::span<const ShapeId> ids,
                 std::span<const S> shapes) {
  if (ids.size() != shapes.size()) {
    throw std::invalid_argument("Scene::set_shapes: " + std::to_string(ids.size()) + " ids and " +
                                std::to_string(shapes.size()) +
                                " shapes (give one shape for each id)");
  }
  for (std::size_t i = 0; i < ids.size(); ++i) {
    // The id table is read at random (ids are in the caller's order): fetched ahead.
    if (i + 16 < ids.size() && std::size_t(ids[i + 16]) < scene.where.size())
      prefetch(&scene.where[std::size_t(ids[i + 16])]);
    (void)scene.ref_of(ids[i], "set_shapes");  // throws, naming the id
    if (scene_input_fine(shapes[i])) continue;
    const std::string error = scene_input_error(shapes[i]);
    if (!error.empty())
      throw InvalidShape("Scene::set_shapes: shape " + std::to_string(i) + ": " + error);
  }
}

// Where replace_at will write for an entry of kind K at `ref` (the slot's shape, its box in the
// packed tree): fetched a few entries ahead, since the slots are in the tree's order, not the
// caller's, and each write would otherwise wait for memory.
template <int K, class T>
void prefetch_slot(SceneImpl<T>& scene, ShapeRef ref) {
  if (ref.kind() != K) return;
  auto& store = scene.template store<K>();
  const std::size_t slot = std::size_t(ref.slot());
  // (A place read ahead may be out of date by then: an earlier entry that changed kind moved a
  // slot. It is only a hint, but it must stay inside the arrays.)
  if (slot >= store.shapes.size()) return;
  prefetch(&store.shapes[slot]);
  if (ref.slot() >= store.packed) return;
  const PackedTreeView<T> tree(store.tree);
  prefetch(tree.min_x() + slot);
  prefetch(tree.min_y() + slot);
  prefetch(tree.max_x() + slot);
  prefetch(tree.max_y() + slot);
}

// Scene::set_shapes for shapes of one kind S.
template <class T, class S>
void set_shapes_of(SceneImpl<T>& s, std::span<const ShapeId> ids, std::span<const S> shapes) {
  check_batch(s, ids, shapes);
  constexpr int K = kind_of_entry<T, S>;
  constexpr std::size_t ahead = 8;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i + ahead < ids.size()) prefetch_slot<K>(s, ShapeRef{s.where[std::size_t(ids[i + ahead])]});
    s.template replace_at<K>(ids[i], ShapeRef{s.where[std::size_t(ids[i])]}, shapes[i]);
    s.forget_local(ids[i]);
  }
}

}  // namespace detail

#define COLLIDE2D_SET_SHAPES_OF(S)                                                   \
  template <class T>                                                                 \
  void Scene<T>::set_shapes(std::span<const Id> ids, std::span<const S<T>> shapes) { \
    detail::set_shapes_of(*impl_, ids, shapes);                                      \
  }
COLLIDE2D_SET_SHAPES_OF(Point)
COLLIDE2D_SET_SHAPES_OF(Segment)
COLLIDE2D_SET_SHAPES_OF(Circle)
COLLIDE2D_SET_SHAPES_OF(Capsule)
COLLIDE2D_SET_SHAPES_OF(Aabb)
COLLIDE2D_SET_SHAPES_OF(Obb)
COLLIDE2D_SET_SHAPES_OF(ConvexPolygon)
COLLIDE2D_SET_SHAPES_OF(RoundedPolygon)
#undef COLLIDE2D_SET_SHAPES_OF

template <class T>
void Scene<T>::set_shapes(std::span<const Id> ids, std::span<const Shape<T>> shapes) {
  auto& s = *impl_;
  detail::check_batch(s, ids, shapes);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    s.set_shape(ids[i], shapes[i]);
    s.forget_local(ids[i]);
  }
}

template <class T>
void Scene<T>::move(Id id, const Transform<T>& transform) {
  auto& s = *impl_;
  const detail::ShapeRef ref = s.ref_of(id, "move");
  if (!is_finite(transform.p) || !is_finite(Vec2<T>{transform.q.c, transform.q.s}) ||
      !(std::abs(transform.q.c * transform.q.c + transform.q.s * transform.q.s - T(1)) <=
        rotation_tolerance<T>())) {
    throw InvalidShape("Scene::move: the transform must be finite with a unit rotation");
  }
  if (ref.kind() == detail::group_kind) {
    s.move_group(id, transform);  // groups.cpp
    return;
  }
  if (ref.kind() == detail::polygon_kind) {
    s.move_polygon(id, transform);  // scene_polygons.cpp
    return;
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

// For groups.cpp.
template void detail::SceneImpl<float>::attach<detail::group_kind>(ShapeId,
                                                                   const detail::SceneGroup<float>&,
                                                                   std::int32_t, Filter);
template void detail::SceneImpl<double>::attach<detail::group_kind>(
    ShapeId, const detail::SceneGroup<double>&, std::int32_t, Filter);
template void detail::SceneImpl<float>::replace_at<detail::group_kind>(
    ShapeId, detail::ShapeRef, const detail::SceneGroup<float>&);
template void detail::SceneImpl<double>::replace_at<detail::group_kind>(
    ShapeId, detail::ShapeRef, const detail::SceneGroup<double>&);
// For scene_polygons.cpp.
template void detail::SceneImpl<float>::attach<detail::polygon_kind>(
    ShapeId, const detail::ScenePolygon<float>&, std::int32_t, Filter);
template void detail::SceneImpl<double>::attach<detail::polygon_kind>(
    ShapeId, const detail::ScenePolygon<double>&, std::int32_t, Filter);
template void detail::SceneImpl<float>::replace_at<detail::polygon_kind>(
    ShapeId, detail::ShapeRef, const detail::ScenePolygon<float>&);
template void detail::SceneImpl<double>::replace_at<detail::polygon_kind>(
    ShapeId, detail::ShapeRef, const detail::ScenePolygon<double>&);

template class CheckedShape<float>;
template class CheckedShape<double>;
template struct detail::SceneImpl<float>;
template struct detail::SceneImpl<double>;
template class Scene<float>;
template class Scene<double>;

}  // namespace collide2d
