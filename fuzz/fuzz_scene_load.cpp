// Fuzz target: Scene::load on arbitrary bytes.
//
// The first byte picks the scalar type (bit 0: double) and whether the file's payload size and
// checksum are first set right (bit 1), so that the fuzzer reaches the checks behind the checksum
// as well as the checksum itself; the rest is the file. Every input must either load or be refused
// with one InvalidScene whose message names a byte offset; any other exception, a crash, undefined
// behaviour, a huge allocation or a hang is a failure. A loaded scene must be valid
// (Scene::validate), save back to the same bytes (a file of an earlier version: to bytes that
// load and save back alike), and answer a query of each family.
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "scene/file_bytes.hpp"

namespace collide2d::fuzz {
namespace {

// What a file with these bytes would need in its header to pass the size and checksum checks.
void reseal(std::vector<std::uint8_t>& file) {
  if (file.size() < detail::scene_file_header_bytes) return;
  const std::uint64_t payload = file.size() - detail::scene_file_header_bytes;
  std::memcpy(file.data() + 16, &payload, 8);
  const std::uint64_t sum = detail::scene_file_checksum(file.data(), file.size());
  std::memcpy(file.data() + detail::scene_file_checksum_offset, &sum, 8);
}

template <class T>
void check(const std::vector<std::uint8_t>& file) {
  std::optional<Scene<T>> loaded;
  try {
    loaded.emplace(Scene<T>::load(file));
  } catch (const InvalidScene& error) {
    const std::string message = error.what();
    COLLIDE2D_FUZZ_CHECK(message.rfind("scene file", 0) == 0);
    COLLIDE2D_FUZZ_CHECK(message.find("byte") != std::string::npos);
    return;
  }
  Scene<T>& scene = *loaded;
  COLLIDE2D_FUZZ_CHECK(scene.validate().empty());
  // A file of an earlier version loads and saves as the current one, which saves back alike.
  std::uint32_t version = 0;
  std::memcpy(&version, file.data() + 8, 4);
  const std::vector<std::uint8_t> saved = scene.save();
  if (version == detail::scene_file_version) {
    COLLIDE2D_FUZZ_CHECK(saved == file);
  } else {
    COLLIDE2D_FUZZ_CHECK(Scene<T>::load(saved).save() == saved);
  }
  const Aabb<T> box{{T(-100), T(-100)}, {T(100), T(100)}};
  const auto selected = scene.select(box, SelectMode::intersects);
  // Selected: the shape, the simple polygon, or some part of the group, overlaps the box.
  for (const ShapeId id : selected) {
    bool some = false;
    if (scene.is_polygon(id)) {
      some = overlaps(scene.polygon(id), box);
    } else {
      for (const Shape<T>& part : scene.parts(id))
        some = some || overlaps(Shape<T>{box}, part);
    }
    COLLIDE2D_FUZZ_CHECK(some);
  }
  (void)scene.hit_test({T(0), T(0)});
  (void)scene.raycast_all(Ray<T>{{T(0), T(0)}, {T(1), T(0.5)}});
  (void)scene.nearest(Point<T>{T(1), T(1)}, 3);
  if (scene.size() <= 2000) (void)scene.overlapping_pairs({}, 1);
  // Ids carry on: a new shape takes the first free id, or the next one.
  (void)scene.add(Circle<T>{{T(0), T(0)}, T(1)});
  COLLIDE2D_FUZZ_CHECK(scene.validate().empty());
}

}  // namespace
}  // namespace collide2d::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::vector<std::uint8_t> file(data + 1, data + size);
  if ((data[0] & 2) != 0) collide2d::fuzz::reseal(file);
  if ((data[0] & 1) != 0) {
    collide2d::fuzz::check<double>(file);
  } else {
    collide2d::fuzz::check<float>(file);
  }
  return 0;
}
