// bindings/python/src/scene_core.hpp - the binding-independent part of the Python Scene: a
// Scene<T> with a mutex (Python threads may call one scene at once while the GIL is released),
// rows of boxes and circles in, plain vectors out.
#pragma once

#include <cstdint>
#include <limits>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "collide2d/polygon.hpp"
#include "collide2d/scene.hpp"
#include "core.hpp"

namespace collide2d::python {

template <class T>
class SceneCore {
 public:
  using scalar = T;

  explicit SceneCore(SceneOptions<T> options) : scene_(options) {}
  // A scene Scene<T>::load built.
  explicit SceneCore(Scene<T>&& scene) : scene_(std::move(scene)) {}

  // The library's binary form (docs/SCENE_FORMAT.md, "Binary scene files").
  std::vector<std::uint8_t> save() {
    const std::lock_guard<std::mutex> lock(mutex_);
    return scene_.save();
  }

  // Adds every row (checked first: nothing is added when a row is bad). Returns the ids.
  std::vector<std::uint32_t> add_rows(const T* data, std::size_t rows, std::size_t cols,
                                      bool degrees, const std::uint64_t* user_data,
                                      unsigned threads) {
    const char* name = cols == 5 ? "boxes" : "circles";
    const ShapeSet<T> set = read_shapes(data, rows, cols, degrees, name, threads);
    // Every shape checked as Scene::add checks it (a box near the end of the range whose bounding
    // box overflows passes the row checks) before any is added: a refused row adds nothing.
    std::vector<CheckedShape<T>> checked;
    checked.reserve(rows);
    for (std::size_t i = 0; i < rows; ++i) {
      std::string reason;
      auto shape = set.kind == Kind::box ? CheckedShape<T>::check(set.boxes[i], &reason)
                                         : CheckedShape<T>::check(set.circles[i], &reason);
      if (!shape) throw InvalidShape(std::string(name) + "[" + std::to_string(i) + "]: " + reason);
      checked.push_back(std::move(*shape));
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    std::vector<std::uint32_t> ids(rows);
    for (std::size_t i = 0; i < rows; ++i) {
      const std::uint64_t data_i = user_data ? user_data[i] : 0;
      ids[i] = static_cast<std::uint32_t>(scene_.add(checked[i], data_i));
    }
    return ids;
  }

  // Replaces the shape of ids[i] by the box of row i, as Scene::set_shapes does (in order: an id
  // given twice keeps its last row); user data, z and filters kept. Every row and every id is
  // checked before anything changes. The caller gives as many ids as rows.
  void set_box_rows(const std::vector<std::uint32_t>& ids, const T* data, bool degrees,
                    unsigned threads) {
    const ShapeSet<T> set = read_shapes(data, ids.size(), 5, degrees, "boxes", threads);
    std::vector<ShapeId> moved(ids.size());
    const std::lock_guard<std::mutex> lock(mutex_);
    for (std::size_t i = 0; i < ids.size(); ++i) {
      moved[i] = ShapeId{ids[i]};
      if (!scene_.has(moved[i])) {
        throw std::out_of_range("ids[" + std::to_string(i) + "] is " + std::to_string(ids[i]) +
                                ": no shape with that id in the scene");
      }
    }
    scene_.set_shapes(std::span<const ShapeId>(moved), std::span<const Obb<T>>(set.boxes));
  }

  std::uint32_t add(const Shape<T>& shape, std::uint64_t user_data) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return static_cast<std::uint32_t>(scene_.add(shape, user_data));
  }

  std::uint32_t add_group(const std::vector<Shape<T>>& parts, std::uint64_t user_data) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return static_cast<std::uint32_t>(scene_.add_group(parts, user_data));
  }

  // Simple polygons (Scene::add(Polygon)): one entry, decided as the one region it is.
  std::uint32_t add(const Polygon<T>& polygon, std::uint64_t user_data) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return static_cast<std::uint32_t>(scene_.add(polygon, user_data));
  }

  void move(std::uint32_t id, const Polygon<T>& polygon) {
    const std::lock_guard<std::mutex> lock(mutex_);
    scene_.set_shape(ShapeId{id}, polygon);
  }

  bool is_polygon(std::uint32_t id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return scene_.is_polygon(ShapeId{id});
  }

  Polygon<T> polygon(std::uint32_t id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return scene_.polygon(ShapeId{id});
  }

  std::vector<Shape<T>> parts(std::uint32_t id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return scene_.parts(ShapeId{id});
  }

  bool is_group(std::uint32_t id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return scene_.is_group(ShapeId{id});
  }

  void remove(std::uint32_t id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    scene_.remove(ShapeId{id});
  }

  void move(std::uint32_t id, const Shape<T>& shape) {
    const std::lock_guard<std::mutex> lock(mutex_);
    scene_.set_shape(ShapeId{id}, shape);
  }

  std::size_t size() {
    const std::lock_guard<std::mutex> lock(mutex_);
    return scene_.size();
  }

  bool contains(std::uint32_t id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return scene_.has(ShapeId{id});
  }

  Shape<T> shape(std::uint32_t id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return scene_.shape(ShapeId{id});
  }

  std::uint64_t user_data(std::uint32_t id) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return scene_.user_data(ShapeId{id});
  }

  void set_z(std::uint32_t id, std::int32_t z) {
    const std::lock_guard<std::mutex> lock(mutex_);
    scene_.set_z(ShapeId{id}, z);
  }

  std::size_t memory_bytes() {
    const std::lock_guard<std::mutex> lock(mutex_);
    return scene_.memory_bytes();
  }

  template <class Region>
  std::vector<std::uint32_t> select(const Region& region, SelectMode mode, bool exclude_touching) {
    QueryOptions options;
    options.exclude_touching = exclude_touching;
    const std::lock_guard<std::mutex> lock(mutex_);
    ids_.clear();  // the library appends
    scene_.select(region, mode, options, ids_);
    return to_u32(ids_);
  }

  std::vector<std::uint32_t> hit_test(T x, T y, bool exclude_touching) {
    if (!std::isfinite(x) || !std::isfinite(y)) {
      throw InputError("hit_test point (" + format_value(x) + ", " + format_value(y) +
                       ") must be finite");
    }
    QueryOptions options;
    options.exclude_touching = exclude_touching;
    const std::lock_guard<std::mutex> lock(mutex_);
    return to_u32(scene_.hit_test({x, y}, options));
  }

  // The k nearest shapes to (x, y) within max_distance: ids and distances, nearest first.
  void nearest(T x, T y, std::size_t k, T max_distance, std::vector<std::uint32_t>& ids,
               std::vector<T>& distances) {
    if (!std::isfinite(x) || !std::isfinite(y)) {
      throw InputError("nearest point (" + format_value(x) + ", " + format_value(y) +
                       ") must be finite");
    }
    if (!(max_distance >= T(0))) {
      throw InputError("nearest max_distance " + format_value(max_distance) +
                       " must be >= 0 (inf for no limit)");
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    const auto found = scene_.nearest(Point<T>{x, y}, k, max_distance);
    for (const auto& f : found) {
      ids.push_back(static_cast<std::uint32_t>(f.id));
      distances.push_back(f.distance);
    }
  }

  // ids[i] = -1 and NaN times where ray i hits nothing.
  void raycast_closest(const std::vector<Ray<T>>& rays, std::int64_t* ids, T* t_enter, T* t_exit,
                       unsigned threads) {
    const std::lock_guard<std::mutex> lock(mutex_);
    scene_.update();  // after update(), queries only read the scene: safe from several threads
    const T nan = std::numeric_limits<T>::quiet_NaN();
    parallel_chunks(rays.size(), 256, threads, [&](std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) {
        const auto hit = scene_.raycast_closest(rays[i]);
        ids[i] = hit ? static_cast<std::int64_t>(hit->id) : -1;
        t_enter[i] = hit ? hit->hit.t_enter : nan;
        t_exit[i] = hit ? hit->hit.t_exit : nan;
      }
    });
  }

  std::vector<ShapePair> overlapping_pairs(bool exclude_touching, unsigned threads) {
    QueryOptions options;
    options.exclude_touching = exclude_touching;
    const std::lock_guard<std::mutex> lock(mutex_);
    std::vector<ShapePair> pairs;
    scene_.overlapping_pairs(options, pairs, threads);
    return pairs;
  }

 private:
  static std::vector<std::uint32_t> to_u32(const std::vector<ShapeId>& ids) {
    std::vector<std::uint32_t> out(ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i)
      out[i] = static_cast<std::uint32_t>(ids[i]);
    return out;
  }

  std::mutex mutex_;
  Scene<T> scene_;
  std::vector<ShapeId> ids_;
};

}  // namespace collide2d::python
