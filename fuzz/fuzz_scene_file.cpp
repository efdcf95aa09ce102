// Fuzz target: the scene file readers (tools/scene_io), JSON and CSV, on arbitrary bytes.
//
// The first byte picks the form, the rest is the file. Every input must either load or be refused
// with one InputError whose message is a single line starting with the file's name (the CLI
// prints it as is and exits 2); any other exception, a crash, undefined behaviour or a hang is a
// failure. A loaded document must hold only valid shapes, and must survive a round trip: written
// as JSON and read back, it writes the same JSON again (every double bit for bit); the same for
// CSV, whose writer may refuse ids and tags that CSV cannot hold, with an InputError.
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "fuzz_input.hpp"
#include "scene_io/scene_files.hpp"
#include "scene_io/shape_values.hpp"

namespace collide2d::fuzz {
namespace {

using tools::InputError;
using tools::SceneDocument;

void check_message(const InputError& error, const std::string& name) {
  const std::string_view message = error.what();
  COLLIDE2D_FUZZ_CHECK(!message.empty());
  COLLIDE2D_FUZZ_CHECK(message.find('\n') == std::string_view::npos);
  COLLIDE2D_FUZZ_CHECK(message.substr(0, name.size()) == name);
}

// Reads `text` in the given form; false (and the message checked) when it is refused.
bool read(std::string_view text, bool csv, SceneDocument& out) {
  const std::string name = csv ? "fuzz.csv" : "fuzz.json";
  try {
    out = csv ? tools::parse_csv_scene(text, name) : tools::parse_json_scene(text, name);
    return true;
  } catch (const InputError& error) {
    check_message(error, name);
    return false;
  }
}

void check_round_trip(const SceneDocument& document) {
  const std::string json = tools::write_json_scene(document);
  SceneDocument again;
  COLLIDE2D_FUZZ_CHECK(read(json, false, again));
  COLLIDE2D_FUZZ_CHECK(tools::write_json_scene(again) == json);
  std::string csv;
  try {
    csv = tools::write_csv_scene(document);
  } catch (const InputError&) {
    return;  // an id or tag with a comma, quote or line break: CSV cannot hold it
  }
  SceneDocument from_csv;
  COLLIDE2D_FUZZ_CHECK(read(csv, true, from_csv));
  COLLIDE2D_FUZZ_CHECK(tools::write_csv_scene(from_csv) == csv);
}

}  // namespace
}  // namespace collide2d::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const bool csv = (data[0] & 1) != 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  collide2d::tools::SceneDocument document;
  if (!collide2d::fuzz::read(text, csv, document)) return 0;
  for (const auto& entry : document.shapes) {
    const auto error = [](const auto& shape) { return collide2d::validation_error(shape); };
    for (const auto& piece : collide2d::tools::pieces_of(entry.shape))
      COLLIDE2D_FUZZ_CHECK(std::visit(error, piece).empty());
  }
  collide2d::fuzz::check_round_trip(document);
  return 0;
}
