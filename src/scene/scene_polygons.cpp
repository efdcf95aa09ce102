// Scene: simple polygons (Polygon, polygon.hpp): add, set_shape, is_polygon, polygon, and move for
// a polygon. How a polygon is stored and decided: scene_polygons.hpp.
#include <stdexcept>
#include <string>
#include <vector>

#include "collide2d/errors.hpp"
#include "collide2d/polygon.hpp"
#include "collide2d/scene.hpp"
#include "scene/scene_impl.hpp"
#include "scene/scene_polygons.hpp"

namespace collide2d {

namespace {

using detail::polygon_kind;
using detail::ScenePolygon;

// The polygon when Scene::add would take it (one from make_simple_polygon, so valid, with
// coordinates of at most 1e150 in magnitude and a finite box); else InvalidShape.
template <class T>
ScenePolygon<T> checked_polygon(const Polygon<T>& polygon, const char* what) {
  if (polygon.empty()) {
    throw InvalidShape(std::string(what) +
                       ": the polygon is empty (default-constructed); build one with "
                       "make_simple_polygon");
  }
  return {polygon, Polygon<T>()};
}

}  // namespace

namespace detail {

template <class T>
void SceneImpl<T>::move_polygon(ShapeId id, const Transform<T>& transform) {
  const ShapeRef ref = ref_of(id, "move");
  const ScenePolygon<T>& entry = store<polygon_kind>().shapes[std::size_t(ref.slot())];
  const Polygon<T> given = entry.given.empty() ? entry.shape : entry.given;
  std::vector<Vec2<T>> vertices;
  vertices.reserve(given.size());
  for (const Vec2<T>& v : given.vertices())
    vertices.push_back(transform_point(transform, v));
  // Far translations can overflow, and rounding can make a rotated outline touch itself: such a
  // result is refused like any invalid shape, and nothing changes.
  Built<Polygon<T>> placed = make_simple_polygon(vertices);
  if (!placed) {
    throw InvalidShape("Scene::move: the transformed polygon is not valid: " + placed.error());
  }
  replace<polygon_kind>(id, ScenePolygon<T>{std::move(*placed), given});
}

}  // namespace detail

template <class T>
ShapeId Scene<T>::add(const Polygon<T>& polygon, std::uint64_t user_data) {
  const ScenePolygon<T> entry = checked_polygon(polygon, "Scene::add");
  const ShapeId id = impl_->new_id(user_data);
  impl_->template attach<polygon_kind>(id, entry, 0, Filter{});
  return id;
}

template <class T>
void Scene<T>::set_shape(Id id, const Polygon<T>& polygon) {
  auto& s = *impl_;
  s.ref_of(id, "set_shape");
  const ScenePolygon<T> entry = checked_polygon(polygon, "Scene::set_shape");
  s.template replace<polygon_kind>(id, entry);
  s.forget_local(id);
}

template <class T>
bool Scene<T>::is_polygon(Id id) const {
  return impl_->ref_of(id, "is_polygon").kind() == polygon_kind;
}

template <class T>
Polygon<T> Scene<T>::polygon(Id id) const {
  const detail::ShapeRef ref = impl_->ref_of(id, "polygon");
  if (ref.kind() != polygon_kind) {
    throw std::invalid_argument("Scene::polygon: id " + std::to_string(std::uint32_t(id)) +
                                " is not a simple polygon; shape(id) or parts(id) returns it");
  }
  return impl_->template store<polygon_kind>().shapes[std::size_t(ref.slot())].shape;
}

#define COLLIDE2D_INSTANTIATE_SCENE_POLYGONS(T)                                   \
  template void detail::SceneImpl<T>::move_polygon(ShapeId, const Transform<T>&); \
  template ShapeId Scene<T>::add(const Polygon<T>&, std::uint64_t);               \
  template void Scene<T>::set_shape(ShapeId, const Polygon<T>&);                  \
  template bool Scene<T>::is_polygon(ShapeId) const;                              \
  template Polygon<T> Scene<T>::polygon(ShapeId) const;

COLLIDE2D_INSTANTIATE_SCENE_POLYGONS(float)
COLLIDE2D_INSTANTIATE_SCENE_POLYGONS(double)

}  // namespace collide2d
