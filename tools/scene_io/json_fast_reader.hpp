// scene_io/json_fast_reader.hpp - the JSON form read fast (simdjson), or not at all: see
// json_fast_reader.cpp for when it gives up and leaves the text to the reference reader.
#pragma once

#include <cstddef>
#include <string_view>

#include "scene_io/scene_files.hpp"

namespace collide2d::tools {

// Readable bytes that must follow the text (simdjson reads in blocks past its end).
inline constexpr std::size_t json_padding = 64;

// Reads the shapes of text into sink and returns true, or returns false when the text holds
// anything it does not read exactly as parse_json_scene would (the sink then holds some shapes:
// clear it). The json_padding bytes after text.end() must be readable.
bool read_json_scene_fast(std::string_view text, SceneSink& sink, const ReadProgress& progress);

// The fast reader, then the reference reader when it gives up; text padded as above.
void read_padded_json_scene(std::string_view text, const std::string& name, SceneSink& sink,
                            const ReadProgress& progress);

}  // namespace collide2d::tools
