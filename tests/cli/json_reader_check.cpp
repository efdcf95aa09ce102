// The fast JSON reader (simdjson; the shapes array cut into pieces at a "},{" without following the
// text, parsed on one or two threads) against the reference reader (nlohmann-json,
// read_json_scene_exactly):
// - On seeded generated scenes of every kind, in several layouts (the writer's, compact, spaced,
//   CRLF; rotations as angles, degrees and {cos, sin} objects; tags, z, UTF-8 and escaped ids),
//   the same shapes in the same order bit for bit, into a SceneDocument and into a LoadedScene.
//   The fast reader must not give up on these, or the check would compare the reference with
//   itself.
// - On texts made to fool the cut (ids holding "},{" and "}, {", arrays of objects inside an
//   element, a duplicate id in a later piece, truncated texts), it gives up or agrees, and
//   read_json_scene (fast, then the reference) always agrees with the reference.
// Piece sizes from 16 bytes up, one and two threads, the text handed over in parts of 7 bytes up.
// Exit status 0 when all agree.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "reader_check.hpp"
#include "scene_io/json_fast_reader.hpp"
#include "scene_io/number_text.hpp"

using namespace collide2d;
using namespace collide2d::tools;
using namespace collide2d::tools::check;

namespace {

const std::string file_name = "scene.json";

class Generator {
 public:
  explicit Generator(std::uint64_t seed) : random_(seed) {}

  // A scene of `count` shapes, the elements separated as `layout` says.
  std::string scene(int count, int layout, bool tricky_ids) {
    static const char* const separators[] = {",\n    ", ",", ", ", " ,\r\n\t "};
    std::string text = layout == 1 ? "{\"format\":\"collide2d-scene\",\"version\":1,\"shapes\":["
                                   : "{\n  \"format\": \"collide2d-scene\",\n  \"shapes\": [\n    ";
    for (int i = 0; i < count; ++i) {
      if (i != 0) text += separators[layout];
      text += element(i, tricky_ids);
    }
    text += layout == 1 ? "]}" : "\n  ],\n  \"version\": 1\n}\n";
    return text;
  }

  std::size_t pick(std::size_t n) { return std::size_t(random_() % n); }

 private:
  std::string element(int i, bool tricky_ids) {
    std::string id = std::to_string(i);
    if (pick(15) == 0) id = "\xc3\xa9t\xc3\xa9" + id;
    if (pick(25) == 0) id += "\\u0041";  // an escape: the fast reader takes it (simdjson unescapes)
    if (tricky_ids && pick(4) == 0) {
      static const char* const fools[] = {"},{", "}, {", "\\\"},{\\\"id\\\":\\\"", "}\\n,\\n{"};
      id += fools[pick(4)];
    }
    std::string out = "{\"id\": \"" + id + "\", " + kind_fields();
    if (pick(5) == 0) out += ", \"z\": " + std::to_string(int(pick(2000)) - 1000);
    if (pick(6) == 0) out += pick(2) ? ", \"tags\": [\"a\"]" : ", \"tags\": [\"x\", \"y,}\"]";
    return out + "}";
  }

  std::string kind_fields() {
    const double x = coordinate(), y = coordinate();
    const double w = 1 + double(pick(3000)) / 100.0, h = 1 + double(pick(3000)) / 100.0;
    const double angle = double(random_() % 6283) / 1000.0;
    switch (pick(9)) {
      case 0:
        return "\"kind\": \"point\", \"at\": " + pair(x, y);
      case 8:  // a group: its parts' "},{" must not be taken for a cut between elements
        return "\"kind\": \"group\", \"parts\": [{\"kind\": \"circle\", \"center\": " + pair(x, y) +
               ", \"radius\": " + number(w) + "}, {\"kind\": \"aabb\", \"min\": " + pair(x, y) +
               ", \"max\": " + pair(x + w, y + h) + "}" +
               (pick(2) ? ",{\"kind\": \"polygon\", \"vertices\": [" + pair(x, y) + ", " +
                              pair(x + w, y) + ", " + pair(x, y + h) + "]}"
                        : std::string()) +
               "]";
      case 1:
        return "\"kind\": \"segment\", \"a\": " + pair(x, y) + ", \"b\": " + pair(x + w, y - h);
      case 2:
        return "\"kind\": \"circle\", \"center\": " + pair(x, y) + ", \"radius\": " + number(w);
      case 3:
        return "\"kind\": \"capsule\", \"a\": " + pair(x, y) + ", \"b\": " + pair(x + w, y + h) +
               ", \"radius\": " + number(h / 4);
      case 4:
        return "\"kind\": \"aabb\", \"min\": " + pair(x, y) + ", \"max\": " + pair(x + w, y + h);
      case 5: {
        std::string out =
            "\"kind\": \"obb\", \"center\": " + pair(x, y) + ", \"size\": " + pair(w, h);
        switch (pick(4)) {
          case 0:
            return out + ", \"angle\": " + number(angle);
          case 1:
            return out + ", \"angle_deg\": " + number(double(pick(720)) / 2);
          case 2:
            // Exactly as written (a rounded pair is not a rotation: the builders refuse it).
            return out + ", \"rotation\": {\"cos\": " + number_text(std::cos(angle)) +
                   ", \"sin\": " + number_text(std::sin(angle)) + "}";
          default:
            return out;
        }
      }
      case 6:
        return "\"kind\": \"simple_polygon\", \"vertices\": " + l_shape(x, y, w, h);
      default:
        return "\"kind\": \"polygon\", \"vertices\": [" + pair(x, y) + ", " + pair(x + w, y) +
               ", " + pair(x + w, y + h) + ", " + pair(x, y + h) + "]";
    }
  }

  // A concave simple polygon, an L in the box (x, y) + (w, h), either way round.
  std::string l_shape(double x, double y, double w, double h) {
    std::vector<std::string> corners{pair(x, y),
                                     pair(x + w, y),
                                     pair(x + w, y + h / 2),
                                     pair(x + w / 2, y + h / 2),
                                     pair(x + w / 2, y + h),
                                     pair(x, y + h)};
    if (pick(2) == 0) std::reverse(corners.begin(), corners.end());
    std::string out = "[";
    for (const std::string& corner : corners)
      out += (out.size() == 1 ? "" : ", ") + corner;
    return out + "]";
  }

  double coordinate() {
    return pick(10) == 0 ? double(random_() % 1000000) / 7.0 : double(random_() % 2000000) / 100.0;
  }
  // The form follows from the value, not from the generator: several numbers are written in one
  // expression, whose order of evaluation differs between compilers.
  static std::string number(double value) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    if ((bits ^ (bits >> 29)) % 30 == 0) {
      char text[64];
      std::snprintf(text, sizeof text, "%.17e", value);  // an exponent, the same double
      return text;
    }
    return number_text(value);
  }
  static std::string pair(double x, double y) { return "[" + number(x) + ", " + number(y) + "]"; }

  std::mt19937_64 random_;
};

Outcome reference(const std::string& text, bool loaded) {
  return attempt([&] {
    if (!loaded) {
      DocumentSink sink;
      read_json_scene_exactly(text, file_name, sink);
      return of_document(sink.take());
    }
    LoadedScene scene;
    read_json_scene_exactly(text, file_name, scene);
    return of_loaded(scene);
  });
}

// The text handed to the reader `part` bytes at a time.
TextSource parts_of(const std::string& text, std::size_t part) {
  return [&text, part, at = std::size_t(0)](std::string& buffer) mutable {
    if (at == text.size()) return false;
    const std::size_t size = std::min(part, text.size() - at);
    buffer.append(text, at, size);
    at += size;
    return true;
  };
}

const std::string gave_up = "(the fast reader gave up)";

Outcome fast(const std::string& text, bool loaded, std::size_t part,
             const JsonReadOptions& options) {
  return attempt([&] {
    if (!loaded) {
      DocumentSink sink;
      if (!read_json_scene_fast(parts_of(text, part), sink, {}, {}, options)) {
        return Outcome{{}, gave_up};
      }
      return of_document(sink.take());
    }
    LoadedScene scene;
    if (!read_json_scene_fast(parts_of(text, part), scene, {}, {}, options)) {
      return Outcome{{}, gave_up};
    }
    return of_loaded(scene);
  });
}

// The whole reader (fast, then the reference if the fast one gave up), into a document.
Outcome whole(const std::string& text) {
  return attempt([&] {
    DocumentSink sink;
    read_json_scene(text, file_name, sink);
    return of_document(sink.take());
  });
}

struct Tally {
  int agreed = 0, gave_up = 0;
};

// Every configuration of the fast reader against the reference on one text; `must_read`: a plain
// text, which the fast reader must read (not give up on).
void compare_all(const std::string& text, bool must_read, const std::string& label, Tally& tally) {
  for (const bool loaded : {false, true}) {
    const Outcome expected = reference(text, loaded);
    for (const std::size_t piece : {std::size_t(16), std::size_t(700), std::size_t(1) << 18}) {
      for (const std::size_t part : {std::size_t(7), std::size_t(1) << 16}) {
        for (const unsigned threads : {1u, 2u}) {
          const Outcome got = fast(text, loaded, part, {piece, threads});
          const std::string where = label + (loaded ? " (LoadedScene)" : " (document)") +
                                    ", piece " + std::to_string(piece) + ", part " +
                                    std::to_string(part) + ", " + std::to_string(threads) +
                                    " threads: ";
          if (got.error == gave_up) {
            ++tally.gave_up;
            expect(!must_read, where + "gave up on a plain scene");
            continue;
          }
          ++tally.agreed;
          expect(got == expected, where + (got.error.empty() ? "shapes differ" : got.error) +
                                      " / expected " + expected.error);
        }
      }
    }
  }
  expect(whole(text) == reference(text, false), label + ": read_json_scene differs");
}

// Texts the fast reader must give up on: it would read them differently from the reference, or
// they are not scenes. The reference's answer (mostly an error) comes from read_json_scene.
void refused(const std::string& text, const std::string& label, Tally& tally) {
  for (const std::size_t piece : {std::size_t(16), std::size_t(1) << 18}) {
    for (const unsigned threads : {1u, 2u}) {
      const Outcome got = fast(text, false, 5, {piece, threads});
      expect(got.error == gave_up,
             label + ", piece " + std::to_string(piece) + ": the fast reader did not give up");
      ++tally.gave_up;
    }
  }
  expect(whole(text) == reference(text, false), label + ": read_json_scene differs");
}

}  // namespace

int main() {
  Tally plain, tricky, bad;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    Generator generator(seed);
    const int layout = int(seed % 4);
    const std::string text = generator.scene(40 + int(generator.pick(200)), layout, false);
    compare_all(text, true, "plain scene " + std::to_string(seed), plain);
    compare_all(generator.scene(60, layout, true), false, "ids that fool the cut", tricky);
    // Truncated anywhere (in a number, a string, between elements): never read as a scene.
    for (int cut = 0; cut < 6; ++cut) {
      const std::size_t at = 1 + generator.pick(text.size() - 2);
      refused(text.substr(0, at), "truncated at " + std::to_string(at), bad);
    }
  }
  compare_all("{\"shapes\": []}", true, "no shapes", plain);
  compare_all("{\"format\": \"collide2d-scene\", \"version\": 1, \"shapes\": []}", true,
              "no shapes, with the header", plain);
  const std::string circle = R"("kind": "circle", "center": [0, 0], "radius": 1})";
  const std::string a = "{\"id\": \"a\", " + circle, b = "{\"id\": \"b\", " + circle;
  for (const std::string& text : std::vector<std::string>{
           "{\"shapes\": [" + a + ", " + b + ", " + a + "]}",  // a duplicate id, in a later piece
           "{\"shapes\": [,]}", "{\"shapes\": [" + a + ",]}",
           "{\"shapes\": [" + a + ",," + b + "]}", "{\"shapes\": [" + a + ", " + b + "]} x",
           // Objects nested in an element: a cut between them makes two pieces that are not JSON.
           R"({"shapes": [{"id": "p", "kind": "polygon", "vertices": [{"x": 0}, {"y": 1}]}]})",
           R"({"shapes": [{"id": "t", "kind": "point", "at": [0, 0], "tags": [{}, {}]}, )" + a +
               "]}",
           "{\"version\": 1}", "[" + a + "]", "{\"shapes\": [" + a + ", " + b + "]"}) {
    refused(text, text.substr(0, 50), bad);
  }
  std::printf(
      "fast JSON reader: %d reads agreed with the reference on plain scenes; on ids that fool the "
      "cut, %d agreed and %d gave up; %d refusals of bad texts; %d failures\n",
      plain.agreed, tricky.agreed, tricky.gave_up, bad.gave_up, failures);
  return failures == 0 && plain.agreed > 300 && tricky.agreed > 0 && tricky.gave_up > 0 ? 0 : 1;
}
