// A .c2d file is a library scene file followed by the tool's names section. A library scene may
// hold groups and simple polygons, which the tool's documents cannot: reading such a file must
// refuse it with a line that says which shape and why, never fail later inside a command (both
// readers: the streaming one and the LoadedScene of the query commands). Exit status 0 when both
// are refused so, and the file without them still reads.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "collide2d/polygon.hpp"
#include "collide2d/scene.hpp"
#include "scene_io/loaded_scene.hpp"
#include "scene_io/scene_files.hpp"
#include "scene_io/scene_sink.hpp"

using namespace collide2d;
using namespace collide2d::tools;

namespace {

int failures = 0;

// The tool's file with its library part replaced by `scene`'s (the same ids and user data, so
// the names section still fits it).
std::string with_library_part(const std::string& file, const Scene<double>& scene) {
  std::uint64_t payload = 0;
  std::memcpy(&payload, file.data() + 16, 8);
  const std::string names = file.substr(32 + payload);
  const std::vector<std::uint8_t> bytes = scene.save();
  return std::string(bytes.begin(), bytes.end()) + names;
}

// Both readers refuse `file` with a message holding `expected`.
void expect_refused(const std::string& file, const std::string& expected) {
  for (const bool loaded : {false, true}) {
    std::string message = "(read without an error)";
    try {
      if (loaded) {
        LoadedScene sink;
        read_binary_scene(file, "x.c2d", sink);
      } else {
        DocumentSink sink;
        read_binary_scene(file, "x.c2d", sink);
      }
    } catch (const InputError& error) {
      message = error.what();
    }
    if (message.find(expected) == std::string::npos) {
      std::printf("%s reader: expected \"%s\", got \"%s\"\n", loaded ? "loaded" : "document",
                  expected.c_str(), message.c_str());
      ++failures;
    }
  }
}

}  // namespace

int main() {
  SceneDocument document;
  document.shapes.push_back({"a", Circle<double>{{0, 0}, 1}, 0, {}});
  document.shapes.push_back({"b", Aabb<double>{{2, 2}, {3, 3}}, 0, {"tag"}});
  const std::string file = write_binary_scene(document);
  DocumentSink sink;
  read_binary_scene(file, "x.c2d", sink);
  if (sink.take().shapes.size() != 2) ++failures;

  Scene<double> polygon_scene;
  polygon_scene.add(Circle<double>{{0, 0}, 1}, 0);
  polygon_scene.add(
      make_simple_polygon<double>({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}).value(), 1);
  polygon_scene.rebuild();
  expect_refused(with_library_part(file, polygon_scene),
                 "x.c2d: the scene's shape 1 is a simple polygon (any vertex count), which the "
                 "tool does not read yet");

  Scene<double> group_scene;
  group_scene.add(Circle<double>{{0, 0}, 1}, 0);
  const std::vector<Shape<double>> parts{Circle<double>{{5, 5}, 1}, Aabb<double>{{2, 2}, {3, 3}}};
  group_scene.add_group(parts, 1);
  group_scene.rebuild();
  expect_refused(with_library_part(file, group_scene),
                 "x.c2d: the scene's shape 1 is a group of shapes, which the tool does not read");
  std::printf("binary entries: %d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
