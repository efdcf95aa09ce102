// A .c2d file is a library scene file followed by the tool's names section. A simple polygon the
// tool reads as the simple_polygon kind, and a group (Scene::add_group) as the group kind: both
// readers (the streaming one and the LoadedScene of the query commands) give them back, and the
// loaded scene answers queries on them. A library scene the tool did not write (a shape's user
// data not its index) is refused with a line that says which shape and why, never fails later
// inside a command. Exit status 0 when all of that holds.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
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

void expect(bool ok, const char* what) {
  if (ok) return;
  std::printf("FAIL: %s\n", what);
  ++failures;
}

// The L of a simple polygon file: [0,2]x[0,1] and [0,1]x[0,2], the notch [1,2]x[1,2] outside.
const std::vector<Vec2<double>> l_outline{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};

// Runs a check of a file; an exception from reading it is a failure too.
template <class Check>
void without_throwing(const char* what, const Check& check) {
  try {
    check();
  } catch (const std::exception& error) {
    std::printf("FAIL: the file with %s: %s\n", what, error.what());
    ++failures;
  }
}

// The file read by both readers: into a document, and into the LoadedScene of the commands.
struct BothReads {
  SceneDocument document;
  LoadedScene loaded;
};

BothReads read_both(const std::string& file) {
  BothReads reads;
  DocumentSink sink;
  read_binary_scene(file, "x.c2d", sink);
  reads.document = sink.take();
  read_binary_scene(file, "x.c2d", reads.loaded);
  return reads;
}

// The entry at file index 1 of a document of two, when it holds an S.
template <class S>
const S* second_entry(const SceneDocument& document) {
  return document.shapes.size() == 2 ? std::get_if<S>(&document.shapes[1].shape) : nullptr;
}

// How many shapes of the loaded scene are under the point.
std::size_t hits(LoadedScene& loaded, double x, double y) {
  return loaded.scene().hit_test(Point<double>{x, y}).size();
}

// Both readers read the polygon at file index 1 back, and the loaded scene answers on it.
void expect_polygon_read(const std::string& file) {
  BothReads reads = read_both(file);
  const SceneDocument& document = reads.document;
  const auto* polygon = second_entry<Polygon<double>>(document);
  expect(polygon != nullptr && polygon->vertices() == l_outline && document.shapes[1].id == "b" &&
             document.shapes[1].tags == std::vector<std::string>{"tag"},
         "the document reader gives the simple polygon back");
  LoadedScene& loaded = reads.loaded;
  expect(loaded.is_polygon(1) && std::string(loaded.kind_name(1)) == "simple_polygon",
         "the loaded scene holds the simple polygon");
  // (0.5, 1) is inside the L; (1.5, 1.5) is in its notch; (1.5, 0.5) in its foot; (0.5, 0.5) in
  // the L and in the unit circle about the origin (shape 0).
  expect(hits(loaded, 0.5, 1) == 1 && hits(loaded, 1.5, 1.5) == 0 && hits(loaded, 1.5, 0.5) == 1 &&
             hits(loaded, 0.5, 0.5) == 2,
         "hit tests on the loaded simple polygon");
}

// Both readers read the group at file index 1 back, parts in order, and the loaded scene answers
// on it as on the union of its parts.
void expect_group_read(const std::string& file) {
  BothReads reads = read_both(file);
  const auto* group = second_entry<ShapeGroup>(reads.document);
  expect(group != nullptr && group->parts.size() == 2 &&
             std::get<Circle<double>>(group->parts[0]).center == Vec2<double>{5, 5} &&
             std::get<Aabb<double>>(group->parts[1]).min == Vec2<double>{2, 2},
         "the document reader gives the group back");
  LoadedScene& loaded = reads.loaded;
  expect(loaded.is_group(1) && std::string(loaded.kind_name(1)) == "group",
         "the loaded scene holds the group");
  // (5, 5) is in the circle part, (2.5, 2.5) in the box part, (4, 4) between the two.
  expect(hits(loaded, 5, 5) == 1 && hits(loaded, 2.5, 2.5) == 1 && hits(loaded, 4, 4) == 0,
         "hit tests on the loaded group");
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
  polygon_scene.add(make_simple_polygon(l_outline).value(), 1);
  polygon_scene.rebuild();
  without_throwing("a simple polygon",
                   [&] { expect_polygon_read(with_library_part(file, polygon_scene)); });

  Scene<double> group_scene;
  group_scene.add(Circle<double>{{0, 0}, 1}, 0);
  const std::vector<Shape<double>> parts{Circle<double>{{5, 5}, 1}, Aabb<double>{{2, 2}, {3, 3}}};
  group_scene.add_group(parts, 1);
  group_scene.rebuild();
  without_throwing("a group", [&] { expect_group_read(with_library_part(file, group_scene)); });

  Scene<double> foreign_scene;
  foreign_scene.add(Circle<double>{{0, 0}, 1}, 0);
  foreign_scene.add(Circle<double>{{5, 5}, 1}, 7);
  foreign_scene.rebuild();
  expect_refused(with_library_part(file, foreign_scene),
                 "x.c2d: the scene's shape 1 is missing or not in file order (user data is not "
                 "its index)");
  std::printf("binary entries: %d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
