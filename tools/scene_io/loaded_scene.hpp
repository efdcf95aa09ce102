// scene_io/loaded_scene.hpp - a scene file put into a collide2d::Scene<double>, with the way back
// from the Scene's ids to the file's. It keeps only what the queries need: the shapes (in the
// Scene, stored per kind), z-orders (in the Scene) and the ids (a NameTable); tags are not kept.
// Each shape's user_data is its index in the file, and so is its number in the NameTable.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "collide2d/scene.hpp"
#include "scene_io/name_table.hpp"
#include "scene_io/scene_sink.hpp"
#include "scene_io/shape_values.hpp"

namespace collide2d::tools {

class LoadedScene final : public SceneSink {
 public:
  LoadedScene() = default;
  explicit LoadedScene(const SceneDocument& document);

  bool add(const ShapeRecord& record) override;
  void expect(std::string_view id) override { names_.prefetch(id); }
  void clear() override;
  // Takes a scene whose shape ids are the file indexes 0 to n - 1, with its ids (binary files).
  void adopt(Scene<double>&& scene, NameTable&& names);
  // Releases the spare capacity that loading left behind.
  void shrink_to_fit();

  Scene<double>& scene() { return scene_; }
  std::size_t size() const { return names_.size(); }

  // The file's id of the shape at a file index, and whether it is a simple polygon or a group.
  std::string_view name(std::size_t index) const { return names_[index]; }
  bool is_polygon(std::size_t index) const { return scene_.is_polygon(scene_ids_[index]); }
  bool is_group(std::size_t index) const { return scene_.is_group(scene_ids_[index]); }
  // The entry as the files hold it: its shape, its simple polygon or its group.
  EntryShape entry(std::size_t index) const;
  // Its kind name in the files.
  const char* kind_name(std::size_t index) const;
  Aabb<double> bounds(std::size_t index) const;

  // The file index of a Scene id, and the Scene id of a file index.
  std::size_t index_of(ShapeId id) const;
  ShapeId scene_id(std::size_t index) const { return scene_ids_[index]; }
  // The file index of a file id; throws InputError naming it when there is none.
  std::size_t index_of(std::string_view name) const;

 private:
  Scene<double> scene_;
  NameTable names_;
  std::vector<ShapeId> scene_ids_;
};

}  // namespace collide2d::tools
