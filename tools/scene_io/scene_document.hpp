// scene_io/scene_document.hpp - a scene as a file holds it: shapes with the user's ids, z-orders
// and tags, in file order. The CLI loads one into a collide2d::Scene<double> (scene_loading.hpp).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "collide2d/shapes.hpp"

namespace collide2d::tools {

struct SceneEntry {
  std::string id;  // unique within the document, non-empty
  Shape<double> shape;
  std::int32_t z = 0;  // higher is on top (hit tests)
  std::vector<std::string> tags;
};

struct SceneDocument {
  std::vector<SceneEntry> shapes;
};

// Bad input in a scene file or on the command line. what() is one line that names where
// ("scene.json:7:5: ..." or "scene.json: shape \"B\": ...") and the problem.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace collide2d::tools
