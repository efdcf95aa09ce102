// scene_io/scene_sink.hpp - where a reader puts the shapes it reads, one at a time, so that a file
// of a million shapes never exists as a million SceneEntry objects unless the caller wants them
// (DocumentSink, for convert and the round-trip tests); LoadedScene keeps them compactly.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <variant>

#include "collide2d/scene.hpp"
#include "scene_io/scene_document.hpp"
#include "scene_io/shape_values.hpp"

namespace collide2d::tools {

// One shape as a reader hands it over; the views are valid during the call only.
struct ShapeRecord {
  std::string_view id;
  EntryView shape;
  std::int32_t z = 0;
  std::span<const std::string_view> tags;
  // The same shape as Scene::add checks it, when the reader checked it already (on its own
  // thread): a sink that fills a Scene then stores it without checking it again.
  const CheckedShape<double>* checked = nullptr;
};

// The record of an entry.
inline ShapeRecord record_of(std::string_view id, const EntryShape& entry, std::int32_t z,
                             std::span<const std::string_view> tags) {
  return {id, view_of(entry), z, tags};
}
inline ShapeRecord record_of(const SceneEntry& entry, std::span<const std::string_view> tags) {
  return record_of(entry.id, entry.shape, entry.z, tags);
}

// The entry of a Scene as the files hold it: its shape, its simple polygon or its group.
inline EntryShape scene_entry(const Scene<double>& scene, ShapeId id) {
  if (scene.is_polygon(id)) return scene.polygon(id);
  if (scene.is_group(id)) return ShapeGroup{scene.parts(id)};
  return scene.shape(id);
}

// Adds an entry to a Scene: Scene::add for a shape or a simple polygon, add_group for a group.
// Throws InvalidShape for what the Scene refuses.
inline ShapeId add_entry(Scene<double>& scene, EntryView entry, std::uint64_t user_data) {
  struct Adder {
    Scene<double>& scene;
    std::uint64_t user_data;
    ShapeId operator()(const Shape<double>* shape) const { return scene.add(*shape, user_data); }
    ShapeId operator()(const Polygon<double>* polygon) const {
      return scene.add(*polygon, user_data);
    }
    ShapeId operator()(const ShapeGroup* group) const {
      return scene.add_group(group->parts, user_data);
    }
  };
  return std::visit(Adder{scene, user_data}, entry);
}

// A shape a reader parsed and checked on its own thread: a shape checked as Scene::add would,
// or any entry as built when there is no such check (a simple polygon, which its builder checked)
// or when the Scene would refuse it (the sink then says why).
class ReadShape {
 public:
  explicit ReadShape(const EntryShape& entry) : value_(checked_or_built(entry)) {}
  // The record the sink takes; the views must outlive it.
  ShapeRecord record(std::string_view id, std::int32_t z,
                     std::span<const std::string_view> tags) const {
    if (const auto* checked = std::get_if<CheckedShape<double>>(&value_)) {
      return {id, &checked->shape(), z, tags, checked};
    }
    return record_of(id, std::get<EntryShape>(value_), z, tags);
  }

 private:
  using Value = std::variant<CheckedShape<double>, EntryShape>;
  static Value checked_or_built(const EntryShape& entry) {
    if (const auto* shape = std::get_if<Shape<double>>(&entry)) {
      if (const auto checked = CheckedShape<double>::check(*shape)) return *checked;
    }
    return entry;
  }
  Value value_;
};

// How many shapes ahead a reader tells the sink which id comes (SceneSink::expect): enough for
// the id table's slot to arrive from memory while the shapes between are stored.
constexpr std::size_t prefetch_distance = 8;

class SceneSink {
 public:
  virtual ~SceneSink() = default;
  // False, adding nothing, when a shape with the same id came before: the reader then reports
  // the duplicate with its position in the file.
  virtual bool add(const ShapeRecord& record) = 0;
  // A hint that a shape with this id will be added soon (a few shapes on): a sink that indexes
  // ids can start loading the place it will look at, which is a cache miss otherwise.
  virtual void expect(std::string_view /*id*/) {}
  // Forgets every shape (a reader that gave up halfway, before another reads the text again).
  virtual void clear() = 0;
};

// Keeps every shape as a SceneEntry, tags included.
class DocumentSink final : public SceneSink {
 public:
  bool add(const ShapeRecord& record) override {
    if (!ids_.emplace(record.id).second) return false;
    SceneEntry& entry = document_.shapes.emplace_back();
    entry.id = std::string(record.id);
    entry.shape = copy_of(record.shape);
    entry.z = record.z;
    entry.tags.assign(record.tags.begin(), record.tags.end());
    return true;
  }
  void clear() override {
    document_ = {};
    ids_ = {};
  }
  SceneDocument take() { return std::move(document_); }

 private:
  SceneDocument document_;
  std::unordered_set<std::string> ids_;
};

}  // namespace collide2d::tools
