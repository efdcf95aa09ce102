// Private: how a Scene stores a group (a compound shape: Scene::add_group), and the narrow-phase
// tests that decide a group as the union of its parts.
//
// A group is one entry of the Scene, like a shape: one id, one user datum, z and filter, one box in
// the index (the union of its parts' bounding boxes, enlarged like any stored box). It lives in a
// store of its own beside the stores of the shape kinds (scene_impl.hpp: kind group_kind),
// so every loop over the kinds visits groups too. The Scene's query code calls overlaps,
// overlaps_interior, contains, contains_strictly, raycast, distance and bounding_box on whatever a
// store holds; for a SceneGroup argument-dependent lookup finds the overloads below, which apply
// the free functions part by part:
//   overlaps(q, group)            some part overlaps q (touching counts)
//   overlaps_interior(q, group)   some part overlaps q by more than touching (parts judged one by
//                                 one: parts that only touch each other do not merge their
//                                 interiors)
//   contains(q, group)            every part inside q (boundary allowed)
//   contains_strictly(q, group)   every part inside q's interior: the union inside q's interior
//   raycast(ray, group)           the part entered first (smallest t_enter, ties to the first
//   part),
//                                 that part's whole RayHit (normal, exit and ended_inside its own)
//   distance(q, group)            the smallest distance over the parts, with that part's points
// Group against group: some part of one against some part of the other.
#pragma once

#include <cstddef>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "collide2d/containment.hpp"
#include "collide2d/distance.hpp"
#include "collide2d/interior.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/polygon.hpp"  // a group against a simple polygon (scene_polygons.hpp)
#include "collide2d/raycast.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::detail {

template <class T>
struct SceneGroup {
  std::vector<Shape<T>> parts;  // world coordinates, at least one, each valid
  // The parts as given to add_group or set_parts, for move(id, transform); empty until the first
  // move (what Scene's locals are for single shapes).
  std::vector<Shape<T>> given;
  Aabb<T> bounds;  // the union of the parts' bounding boxes
};

// The union of the parts' bounding boxes, each computed as bounding_box computes it, so that the
// union contains every part whatever bounding_box's rounding.
template <class T>
Aabb<T> parts_bounds(const std::vector<Shape<T>>& parts) {
  Aabb<T> box = collide2d::bounding_box(parts.front());
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const Aabb<T> b = collide2d::bounding_box(parts[i]);
    box.min.x = b.min.x < box.min.x ? b.min.x : box.min.x;
    box.min.y = b.min.y < box.min.y ? b.min.y : box.min.y;
    box.max.x = b.max.x > box.max.x ? b.max.x : box.max.x;
    box.max.y = b.max.y > box.max.y ? b.max.y : box.max.y;
  }
  return box;
}

template <class T>
SceneGroup<T> make_scene_group(std::vector<Shape<T>> parts) {
  SceneGroup<T> group;
  group.bounds = parts_bounds(parts);
  group.parts = std::move(parts);
  return group;
}

template <class S>
inline constexpr bool is_scene_group_v = false;
template <class T>
inline constexpr bool is_scene_group_v<SceneGroup<T>> = true;

template <class T>
Aabb<T> bounding_box(const SceneGroup<T>& group) {
  return group.bounds;
}

// f(part) for each part (a concrete shape), until it returns `stop`; whether it did.
template <class T, class F>
bool any_part_is(const SceneGroup<T>& group, bool stop, F&& f) {
  for (const Shape<T>& part : group.parts) {
    if (std::visit([&](const auto& p) { return bool(f(p)); }, part) == stop) return true;
  }
  return false;
}

template <class Q, class T>
requires(is_shape_v<Q>) bool overlaps(const Q& q, const SceneGroup<T>& g) {
  return any_part_is(g, true, [&](const auto& p) { return collide2d::overlaps(q, p); });
}
template <class Q, class T>
requires(is_shape_v<Q>) bool overlaps(const SceneGroup<T>& g, const Q& q) {
  return overlaps(q, g);
}
template <class T>
bool overlaps(const SceneGroup<T>& a, const SceneGroup<T>& b) {
  return any_part_is(a, true, [&](const auto& p) { return overlaps(p, b); });
}

template <class Q, class T>
requires(is_shape_v<Q>) bool overlaps_interior(const Q& q, const SceneGroup<T>& g) {
  return any_part_is(g, true, [&](const auto& p) { return collide2d::overlaps_interior(q, p); });
}
template <class Q, class T>
requires(is_shape_v<Q>) bool overlaps_interior(const SceneGroup<T>& g, const Q& q) {
  return overlaps_interior(q, g);
}
template <class T>
bool overlaps_interior(const SceneGroup<T>& a, const SceneGroup<T>& b) {
  return any_part_is(a, true, [&](const auto& p) { return overlaps_interior(p, b); });
}

template <class Q, class T>
requires(is_shape_v<Q>) bool contains(const Q& q, const SceneGroup<T>& g) {
  return !any_part_is(g, false, [&](const auto& p) { return collide2d::contains(q, p); });
}
template <class Q, class T>
requires(is_shape_v<Q>) bool contains_strictly(const Q& q, const SceneGroup<T>& g) {
  return !any_part_is(g, false, [&](const auto& p) { return collide2d::contains_strictly(q, p); });
}

template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const SceneGroup<T>& g) {
  std::optional<RayHit<T>> best;
  for (const Shape<T>& part : g.parts) {
    const std::optional<RayHit<T>> hit = collide2d::raycast(ray, part);
    if (hit && (!best || hit->t_enter < best->t_enter)) best = hit;
  }
  return best;
}

template <class Q, class T>
requires(is_shape_v<Q>) DistanceResult<T> distance(const Q& q, const SceneGroup<T>& g) {
  std::optional<DistanceResult<T>> best;
  for (const Shape<T>& part : g.parts) {
    const DistanceResult<T> d =
        std::visit([&](const auto& p) { return collide2d::distance(q, p); }, part);
    if (!best || d.distance < best->distance) best = d;
  }
  return *best;
}

// The Scene::overlapping test of a query shape against a stored entry (a shape or a group).
template <class T, class S>
bool entry_overlaps(const Shape<T>& query, const S& entry, bool strict) {
  return std::visit(
      [&](const auto& q) {
        if constexpr (is_scene_group_v<S> || !is_shape_v<S>) {  // a group, a simple polygon
          return strict ? overlaps_interior(q, entry) : overlaps(q, entry);
        } else {
          return strict ? collide2d::overlaps_interior(q, entry) : collide2d::overlaps(q, entry);
        }
      },
      query);
}

}  // namespace collide2d::detail
