// Scene: what a caller can read and set per shape (has, shape, user data, z, filter) and the
// figures of the whole (size, stats, memory, the index's nodes).
#include "collide2d/scene.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>

#include "scene/scene_impl.hpp"

namespace collide2d {

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
  return detail::with_kind(ref.kind(), [&](auto k) -> Shape<T> {
    const auto& entry = impl_->template store<decltype(k)::value>().shapes[std::size_t(ref.slot())];
    if constexpr (detail::is_scene_group_v<std::decay_t<decltype(entry)>>) {
      throw std::invalid_argument("Scene::shape: id " + std::to_string(std::uint32_t(id)) +
                                  " is a group of " + std::to_string(entry.parts.size()) +
                                  " parts; parts(id) returns them");
    } else if constexpr (detail::is_scene_polygon_v<std::decay_t<decltype(entry)>>) {
      throw std::invalid_argument("Scene::shape: id " + std::to_string(std::uint32_t(id)) +
                                  " is a simple polygon of " + std::to_string(entry.shape.size()) +
                                  " vertices; polygon(id) returns it");
    } else {
      return Shape<T>{entry};
    }
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
    if constexpr (decltype(k)::value == detail::group_kind) {
      for (const auto& group : store.shapes)
        bytes += (group.parts.capacity() + group.given.capacity()) * sizeof(Shape<T>);
    }
    if constexpr (decltype(k)::value == detail::polygon_kind) {
      // The vertices (the edge index and the triangles, shared with the caller's copies, are
      // not counted: the caller holds them too).
      for (const auto& polygon : store.shapes)
        bytes += (polygon.shape.size() + polygon.given.size()) * sizeof(Vec2<T>);
    }
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

#define COLLIDE2D_INSTANTIATE_ACCESSORS(T)                                                     \
  template bool Scene<T>::has(ShapeId) const;                                                  \
  template std::size_t Scene<T>::size() const;                                                 \
  template Shape<T> Scene<T>::shape(ShapeId) const;                                            \
  template std::uint64_t Scene<T>::user_data(ShapeId) const;                                   \
  template void Scene<T>::set_user_data(ShapeId, std::uint64_t);                               \
  template std::int32_t Scene<T>::z(ShapeId) const;                                            \
  template void Scene<T>::set_z(ShapeId, std::int32_t);                                        \
  template Filter Scene<T>::filter(ShapeId) const;                                             \
  template void Scene<T>::set_filter(ShapeId, Filter);                                         \
  template std::size_t Scene<T>::memory_bytes() const;                                         \
  template void Scene<T>::for_each_index_node(const std::function<void(const Aabb<T>&, int)>&) \
      const;                                                                                   \
  template SceneStats Scene<T>::stats() const;

COLLIDE2D_INSTANTIATE_ACCESSORS(float)
COLLIDE2D_INSTANTIATE_ACCESSORS(double)

}  // namespace collide2d
