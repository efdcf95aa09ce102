#include "scene_io/loaded_scene.hpp"

namespace collide2d::tools {

LoadedScene::LoadedScene(const SceneDocument& document) {
  for (const SceneEntry& entry : document.shapes) {
    const std::vector<std::string_view> tags(entry.tags.begin(), entry.tags.end());
    if (!add(record_of(entry, tags))) {
      throw InputError("shape \"" + entry.id + "\": duplicate id");
    }
  }
  shrink_to_fit();
}

bool LoadedScene::add(const ShapeRecord& record) {
  if (!names_.insert(record.id)) return false;
  const std::uint64_t index = scene_ids_.size();
  const ShapeId id = record.checked != nullptr ? scene_.add(*record.checked, index)
                                               : add_entry(scene_, record.shape, index);
  if (record.z != 0) scene_.set_z(id, record.z);
  scene_ids_.push_back(id);
  return true;
}

void LoadedScene::adopt(Scene<double>&& scene, NameTable&& names) {
  scene_ = std::move(scene);
  names_ = std::move(names);
  scene_ids_.resize(names_.size());
  for (std::size_t i = 0; i < scene_ids_.size(); ++i)
    scene_ids_[i] = ShapeId(std::uint32_t(i));
}

void LoadedScene::clear() {
  scene_ = Scene<double>();
  names_ = NameTable();
  scene_ids_ = {};
}

void LoadedScene::shrink_to_fit() {
  names_.shrink_to_fit();
  scene_ids_.shrink_to_fit();
}

EntryShape LoadedScene::entry(std::size_t index) const {
  return scene_entry(scene_, scene_ids_[index]);
}

const char* LoadedScene::kind_name(std::size_t index) const {
  return tools::kind_name(entry(index));
}

Aabb<double> LoadedScene::bounds(std::size_t index) const {
  return bounds_of(entry(index));
}

std::size_t LoadedScene::index_of(ShapeId id) const {
  return static_cast<std::size_t>(scene_.user_data(id));
}

std::size_t LoadedScene::index_of(std::string_view name) const {
  if (const auto index = names_.find(name)) return *index;
  throw InputError("no shape has the id \"" + std::string(name) + "\"");
}

}  // namespace collide2d::tools
