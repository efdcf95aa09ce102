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

// How the fast reader reads: the shapes array in pieces of about piece_bytes (whole elements),
// parsed on `threads` threads (1 or 2) and handed to the sink in order on the calling thread. The
// answer is the same for any piece size and thread count (tests/cli/json_reader_check.cpp).
struct JsonReadOptions {
  std::size_t piece_bytes = std::size_t(256) << 10;
  unsigned threads = 2;
};

// Reads the shapes of the text into sink and returns true, or returns false when the text holds
// anything it does not read exactly as the reference reader would (the sink then holds some
// shapes: clear it). The text is read a part at a time and never held whole. progress, if given,
// is called on the calling thread with what fraction_read (called where `more` is) said after each
// piece.
bool read_json_scene_fast(const TextSource& more, SceneSink& sink,
                          const ReadProgress& progress = {},
                          const std::function<double()>& fraction_read = {},
                          const JsonReadOptions& options = {});

}  // namespace collide2d::tools
