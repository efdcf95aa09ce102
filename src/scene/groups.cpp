// Scene: groups (compound shapes): add_group, set_parts, is_group, parts, and move for a group.
// How a group is stored and decided: groups.hpp.
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "collide2d/errors.hpp"
#include "collide2d/scene.hpp"
#include "scene/groups.hpp"
#include "scene/placement.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d {

namespace {

using detail::group_kind;
using detail::SceneGroup;

// The parts as a group when Scene::add would take each of them; else InvalidShape naming the
// count or the part.
template <class T>
SceneGroup<T> checked_group(std::span<const Shape<T>> parts, const char* what) {
  if (parts.empty())
    throw InvalidShape(std::string(what) + ": a group needs at least one part, got 0");
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::string error = detail::scene_input_error(parts[i]);
    if (!error.empty()) {
      throw InvalidShape(std::string(what) + ": part " + std::to_string(i) + " of " +
                         std::to_string(parts.size()) + ": " + error);
    }
  }
  return detail::make_scene_group(std::vector<Shape<T>>(parts.begin(), parts.end()));
}

}  // namespace

namespace detail {

template <class T>
void SceneImpl<T>::move_group(ShapeId id, const Transform<T>& transform) {
  const ShapeRef ref = ref_of(id, "move");
  const SceneGroup<T>& group = store<group_kind>().shapes[std::size_t(ref.slot())];
  std::vector<Shape<T>> given = group.given.empty() ? group.parts : group.given;
  std::vector<Shape<T>> parts;
  parts.reserve(given.size());
  for (std::size_t i = 0; i < given.size(); ++i) {
    parts.push_back(placed(given[i], transform));
    // As for a shape: an overflowing or no longer convex result is refused, and nothing changes.
    const std::string error = scene_input_error(parts.back());
    if (!error.empty()) {
      throw InvalidShape("Scene::move: part " + std::to_string(i) + " of the transformed group " +
                         "is not valid: " + error);
    }
  }
  SceneGroup<T> moved = make_scene_group(std::move(parts));
  moved.given = std::move(given);
  replace<group_kind>(id, moved);
}

}  // namespace detail

template <class T>
ShapeId Scene<T>::add_group(std::span<const Shape<T>> parts, std::uint64_t user_data) {
  const SceneGroup<T> group = checked_group(parts, "Scene::add_group");
  const ShapeId id = impl_->new_id(user_data);
  impl_->template attach<group_kind>(id, group, 0, Filter{});
  return id;
}

template <class T>
void Scene<T>::set_parts(Id id, std::span<const Shape<T>> parts) {
  auto& s = *impl_;
  s.ref_of(id, "set_parts");
  const SceneGroup<T> group = checked_group(parts, "Scene::set_parts");
  s.template replace<group_kind>(id, group);
  // A shape's own record of itself as given is no longer needed: the group keeps its parts.
  if (!s.local_of.empty() && s.local_of[std::size_t(id)] != detail::no_index) {
    s.free_locals.push_back(s.local_of[std::size_t(id)]);
    s.local_of[std::size_t(id)] = detail::no_index;
  }
}

template <class T>
bool Scene<T>::is_group(Id id) const {
  return impl_->ref_of(id, "is_group").kind() == group_kind;
}

template <class T>
std::vector<Shape<T>> Scene<T>::parts(Id id) const {
  const detail::ShapeRef ref = impl_->ref_of(id, "parts");
  return detail::with_kind(ref.kind(), [&](auto k) -> std::vector<Shape<T>> {
    const auto& entry = impl_->template store<decltype(k)::value>().shapes[std::size_t(ref.slot())];
    if constexpr (detail::is_scene_group_v<std::decay_t<decltype(entry)>>) {
      return entry.parts;
    } else if constexpr (detail::is_scene_polygon_v<std::decay_t<decltype(entry)>>) {
      throw std::invalid_argument("Scene::parts: id " + std::to_string(std::uint32_t(id)) +
                                  " is a simple polygon; polygon(id) returns it");
    } else {
      return {Shape<T>{entry}};
    }
  });
}

#define COLLIDE2D_INSTANTIATE_GROUPS(T)                                           \
  template void detail::SceneImpl<T>::move_group(ShapeId, const Transform<T>&);   \
  template ShapeId Scene<T>::add_group(std::span<const Shape<T>>, std::uint64_t); \
  template void Scene<T>::set_parts(ShapeId, std::span<const Shape<T>>);          \
  template bool Scene<T>::is_group(ShapeId) const;                                \
  template std::vector<Shape<T>> Scene<T>::parts(ShapeId) const;

COLLIDE2D_INSTANTIATE_GROUPS(float)
COLLIDE2D_INSTANTIATE_GROUPS(double)

}  // namespace collide2d
