// Private: how a Scene stores a simple polygon (Polygon<T>, polygon.hpp, any vertex count,
// concave allowed) and hands it to the narrow-phase queries.
//
// A polygon is one entry of the Scene like a shape, in a store of its own (scene_impl.hpp: kind
// polygon_kind, after the groups), so every loop over the kinds visits polygons too. The entry
// keeps the polygon as placed and, once moved, the polygon as given (Scene::move places the given
// one by the transform, as for shapes and groups). The Scene's query code calls overlaps,
// overlaps_interior, contains, contains_strictly, raycast, distance and bounding_box on whatever
// a store holds; for a ScenePolygon argument-dependent lookup finds the overloads below, which
// call the Polygon's own exact queries (polygon.hpp) on the placed polygon. No decomposition:
// a polygon is one region, so touching and containment are judged on its outline alone.
#pragma once

#include <optional>
#include <type_traits>

#include "collide2d/polygon.hpp"
#include "scene/groups.hpp"

namespace collide2d::detail {

template <class T>
struct ScenePolygon {
  Polygon<T> shape;  // world coordinates
  // The polygon as given to add or set_shape, for move(id, transform); empty until the first move.
  Polygon<T> given;
};

template <class S>
inline constexpr bool is_scene_polygon_v = false;
template <class T>
inline constexpr bool is_scene_polygon_v<ScenePolygon<T>> = true;

// What the queries test of an entry: the polygon itself; any other entry as it is.
template <class E>
const E& entry_shape(const E& entry) {
  return entry;
}
template <class T>
const Polygon<T>& entry_shape(const ScenePolygon<T>& entry) {
  return entry.shape;
}

template <class T>
Aabb<T> bounding_box(const ScenePolygon<T>& p) {
  return collide2d::bounding_box(p.shape);
}

// Q is a query shape, a stored shape, a group or another polygon entry. Unqualified calls: the
// Polygon's overloads come by its namespace, a group's by this one.
#define COLLIDE2D_SCENE_POLYGON_TEST(name)                                           \
  template <class Q, class T>                                                        \
  bool name(const Q& q, const ScenePolygon<T>& p) {                                  \
    return name(entry_shape(q), p.shape);                                            \
  }                                                                                  \
  template <class Q, class T>                                                        \
  requires(!is_scene_polygon_v<Q>) bool name(const ScenePolygon<T>& p, const Q& q) { \
    return name(p.shape, entry_shape(q));                                            \
  }
COLLIDE2D_SCENE_POLYGON_TEST(overlaps)
COLLIDE2D_SCENE_POLYGON_TEST(overlaps_interior)
#undef COLLIDE2D_SCENE_POLYGON_TEST

// A query region (the Scene's selection shapes) containing the polygon.
template <class Q, class T>
bool contains(const Q& q, const ScenePolygon<T>& p) {
  return collide2d::contains(q, p.shape);
}
template <class Q, class T>
bool contains_strictly(const Q& q, const ScenePolygon<T>& p) {
  return collide2d::contains_strictly(q, p.shape);
}
template <class T>
std::optional<RayHit<T>> raycast(const Ray<T>& ray, const ScenePolygon<T>& p) {
  return collide2d::raycast(ray, p.shape);
}
template <class Q, class T>
DistanceResult<T> distance(const Q& q, const ScenePolygon<T>& p) {
  return collide2d::distance(q, p.shape);
}

}  // namespace collide2d::detail
