// scene_io/json_fast_reader.hpp - the JSON form read fast (simdjson), or not at all: see
// json_fast_reader.cpp for when it gives up and leaves the text to the reference reader.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "scene_io/scene_files.hpp"

namespace collide2d::tools {

// Appends the next part of a text to the buffer; false, appending nothing, at its end.
using TextSource = std::function<bool(std::string& buffer)>;

// Reads the shapes of the text into sink and returns true, or returns false when the text holds
// anything it does not read exactly as the reference reader would (the sink then holds some
// shapes: clear it). The text is read a part at a time and never held whole.
bool read_json_scene_fast(const TextSource& more, SceneSink& sink);

}  // namespace collide2d::tools
