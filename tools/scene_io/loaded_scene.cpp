#include "scene_io/loaded_scene.hpp"

namespace collide2d::tools {

LoadedScene::LoadedScene(SceneDocument document) : document_(std::move(document)) {
  scene_ids_.reserve(document_.shapes.size());
  for (std::size_t i = 0; i < document_.shapes.size(); ++i) {
    const SceneEntry& entry = document_.shapes[i];
    const ShapeId id = scene_.add(entry.shape, i);
    if (entry.z != 0) scene_.set_z(id, entry.z);
    scene_ids_.push_back(id);
  }
}

std::size_t LoadedScene::index_of(ShapeId id) const {
  return static_cast<std::size_t>(scene_.user_data(id));
}

std::size_t LoadedScene::index_of(const std::string& name) const {
  if (index_by_name_.empty()) {
    for (std::size_t i = 0; i < document_.shapes.size(); ++i)
      index_by_name_.emplace(document_.shapes[i].id, i);
  }
  const auto it = index_by_name_.find(name);
  if (it == index_by_name_.end()) throw InputError("no shape has the id \"" + name + "\"");
  return it->second;
}

}  // namespace collide2d::tools
