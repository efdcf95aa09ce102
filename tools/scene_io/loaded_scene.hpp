// scene_io/loaded_scene.hpp - a scene document put into a collide2d::Scene<double>, with the way
// back from the Scene's ids to the file's: each shape's user_data is its index in the document.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "collide2d/scene.hpp"
#include "scene_io/scene_document.hpp"

namespace collide2d::tools {

class LoadedScene {
 public:
  explicit LoadedScene(SceneDocument document);

  const SceneDocument& document() const { return document_; }
  Scene<double>& scene() { return scene_; }

  // The document index of a Scene id, and the file's id of it.
  std::size_t index_of(ShapeId id) const;
  const std::string& name_of(ShapeId id) const { return document_.shapes[index_of(id)].id; }
  ShapeId scene_id(std::size_t index) const { return scene_ids_[index]; }
  // The document index of a file id; throws InputError naming it when there is none.
  std::size_t index_of(const std::string& name) const;

 private:
  SceneDocument document_;
  Scene<double> scene_;
  std::vector<ShapeId> scene_ids_;
  mutable std::unordered_map<std::string, std::size_t> index_by_name_;  // built on first use
};

}  // namespace collide2d::tools
