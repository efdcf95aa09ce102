// The CSV file reader (two threads, pieces of whole lines, plain lines read in one pass, shapes
// checked for the Scene on the reading threads) against the single-thread reader of a text, the
// reference: on seeded generated files of every kind with the odd forms the general reader
// accepts (spaces, '+', exponents, tags, z, CRLF, comments, UTF-8 ids), the same shapes in the
// same order bit for bit, into a SceneDocument and into a LoadedScene (the Scene's checked add);
// and, with errors placed on the lines either side of every split between pieces (one error, or
// two in either order, a duplicate id found late among them), the same message. Piece sizes from
// 64 bytes (a line longer than a piece) up, one and two threads. Exit status 0 when all agree.
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "reader_check.hpp"
#include "scene_io/csv_plain_line.hpp"
#include "scene_io/loaded_scene.hpp"
#include "scene_io/number_text.hpp"
#include "scene_io/scene_files.hpp"
#include "scene_io/shape_values.hpp"

using namespace collide2d;
using namespace collide2d::tools;
using namespace collide2d::tools::check;

namespace {

class Generator {
 public:
  explicit Generator(std::uint64_t seed) : random_(seed) {}

  // A file of `count` shape lines with comments and blank lines among them.
  std::vector<std::string> lines(int count) {
    std::vector<std::string> out{"id,kind,z,tags,values"};
    for (int i = 0; i < count; ++i) {
      if (pick(20) == 0) out.push_back(pick(2) ? "# a comment, with commas" : "  ");
      out.push_back(shape_line(i));
    }
    return out;
  }

  std::string shape_line(int i) {
    std::string id = pick(15) == 0 ? "\xc3\xa9t\xc3\xa9" + std::to_string(i) : std::to_string(i);
    if (pick(30) == 0) id = " " + id + " ";
    static const char* const z_forms[] = {"", "", "", "", "3", "-12", "+4", " 7 ", "2147483647"};
    static const char* const tag_forms[] = {"", "", "", "", "a", "a;b", " x ; ;y", ";"};
    std::string line = id + "," + kind_line();
    const std::string z = z_forms[pick(9)], tags = tag_forms[pick(8)];
    line.insert(line.find(',', id.size() + 1), "," + z + "," + tags);
    if (pick(25) == 0) line += "\r";
    return line;
  }

  std::size_t pick(std::size_t n) { return std::size_t(random_() % n); }

 private:
  // "kind,v1,v2,..." with the numbers written in one of the forms the reader takes.
  std::string kind_line() {
    const double x = coordinate(), y = coordinate();
    const double w = 1 + double(pick(3000)) / 100.0, h = 1 + double(pick(3000)) / 100.0;
    const double angle = double(random_() % 6283) / 1000.0;
    switch (pick(9)) {
      case 0:
        return "point" + numbers({x, y});
      case 8:  // a group of two or three parts
        return "group," + (pick(2) ? "circle" + numbers({x, y, w}) : "point" + numbers({x, y})) +
               ",aabb" + numbers({x, y, x + w, y + h}) +
               (pick(2) ? ",obb" + numbers({x + w, y, w, h, std::cos(angle), std::sin(angle)})
                        : std::string());
      case 1:
        return "segment" + numbers({x, y, x + w, y - h});
      case 2:
        return "circle" + numbers({x, y, w});
      case 3:
        return "capsule" + numbers({x, y, x + w, y + h, h / 4});
      case 4:
        return "aabb" + numbers({x, y, x + w, y + h});
      case 5:
        return "obb" + numbers({x, y, w, h, std::cos(angle), std::sin(angle)});
      case 6:  // an L, concave
        return "simple_polygon" + numbers({x, y, x + w, y, x + w, y + h / 2, x + w / 2, y + h / 2,
                                           x + w / 2, y + h, x, y + h});
      default:
        return "polygon" + numbers({x, y, x + w, y, x + w, y + h, x, y + h});
    }
  }

  double coordinate() {
    return pick(10) == 0 ? double(random_() % 1000000) / 7.0 : double(random_() % 2000000) / 100.0;
  }

  std::string numbers(std::initializer_list<double> values) {
    std::string out;
    for (const double value : values) {
      out += ',';
      const std::size_t form = pick(40);
      if (form == 0) {
        char text[64];
        std::snprintf(text, sizeof text, "%.16e", value);  // an exponent, the same double
        out += text;
      } else if (form == 1) {
        out += " " + number_text(value) + " ";
      } else if (form == 2 && value >= 0) {
        out += "+" + number_text(value);
      } else {
        out += number_text(value);
      }
    }
    return out;
  }

  std::mt19937_64 random_;
};

std::string join(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines)
    text += line + "\n";
  return text;
}

const std::string file_name = "scene.csv";

// The reference: the text read on one thread by the general reader.
Outcome reference(const std::string& text, bool loaded) {
  return attempt([&] {
    if (!loaded) return of_document(parse_csv_scene(text, file_name));
    LoadedScene scene;
    read_csv_scene(text, file_name, scene);
    return of_loaded(scene);
  });
}

Outcome from_file(const std::string& path, bool loaded, const CsvReadOptions& options) {
  return attempt([&] {
    FileChunks file(path);
    if (!loaded) {
      DocumentSink sink;
      read_csv_scene(file, file_name, sink, {}, options);
      return of_document(sink.take());
    }
    LoadedScene scene;
    read_csv_scene(file, file_name, scene, {}, options);
    return of_loaded(scene);
  });
}

// Every reader configuration against the reference on one text.
void compare_all(const std::string& text, const std::vector<std::size_t>& pieces,
                 const std::string& label, TempFile& file) {
  const std::string& path = file.write(text);
  for (const bool loaded : {false, true}) {
    const Outcome expected = reference(text, loaded);
    for (const std::size_t piece : pieces) {
      for (const unsigned threads : {1u, 2u}) {
        const Outcome got = from_file(path, loaded, {piece, threads});
        expect(got == expected,
               label + (loaded ? " (LoadedScene)" : " (document)") + ", piece " +
                   std::to_string(piece) + ", " + std::to_string(threads) +
                   " threads: " + (got.error.empty() ? "shapes differ" : got.error) +
                   " / expected " + expected.error);
      }
    }
  }
}

// The line numbers (0-based, in lines) that start a piece: the reader cuts each piece of
// `piece` more bytes at its last newline.
std::vector<std::size_t> split_lines(const std::string& text, std::size_t piece) {
  std::vector<std::size_t> starts;
  std::size_t cut = 0, read = 0;
  while (read < text.size()) {
    read = std::min(text.size(), read + piece);
    const std::size_t newline = text.rfind('\n', read - 1);
    if (newline == std::string::npos || newline + 1 <= cut) continue;
    cut = newline + 1;
    starts.push_back(std::size_t(std::count(text.begin(), text.begin() + long(cut), '\n')));
  }
  return starts;
}

// Lines that each reader refuses, the last a shape the Scene refuses (its box overflows).
std::string bad_line(std::size_t kind, const std::vector<std::string>& lines) {
  switch (kind) {
    case 0:
      return "bad1,obb,,,1,2,3,4,1.2.3,0";
    case 1:
      return "bad2,box,,,1,2,3,4";
    case 2: {  // a duplicate of the first shape's id
      std::size_t first = 1;
      while (lines[first].find(',') == std::string::npos || lines[first][0] == '#')
        ++first;
      return lines[first].substr(0, lines[first].find(',')) + ",point,,,5,5";
    }
    case 3:
      return "bad4,circle,,,1,2,-3";
    case 4:
      return "bad5,obb,3e10,,1,2,3,4,1,0";
    case 5:
      return "bad6,point";
    case 6:
      return "\xff\xfe,point,,,1,1";
    case 7:  // a group's bad part
      return "bad8,group,,,point,0,0,circle,1,1,-1";
    case 8:  // a group's part that is a simple polygon (its values would make a convex polygon)
      return "bad9,group,,,simple_polygon,0,0,1,0,0,1";
    default:
      return "bad10,obb,,,1.7976931348623157e308,0,1e308,1e308,1,0";
  }
}

}  // namespace

int main() {
  TempFile file;
  // Whole files, no errors: every configuration gives the reference's shapes.
  for (const std::uint64_t seed : {1u, 2u, 3u}) {
    Generator generator(seed);
    std::string text = join(generator.lines(seed == 1 ? 4000 : 700));
    if (seed == 3) text.pop_back();  // a last line without its newline
    // Clean means clean: a number written so that it no longer makes the shape it was drawn for
    // (a rotation rounded off the unit circle) would turn the file into one more error file.
    const std::string error = reference(text, true).error;
    expect(error.empty(), "seed " + std::to_string(seed) + " is not clean: " + error);
    compare_all(text, {64, 777, 4096, std::size_t(1) << 20}, "seed " + std::to_string(seed), file);
  }
  // Errors either side of the splits: one, or two with the earlier in either piece.
  Generator generator(7);
  const std::vector<std::string> clean = generator.lines(300);
  constexpr std::size_t piece = 900;
  const std::vector<std::size_t> starts = split_lines(join(clean), piece);
  int trials = 0;
  for (std::size_t s = 0; s + 1 < starts.size(); s += 2) {
    const std::size_t split = starts[s];
    for (const std::size_t at : {split - 1, split}) {
      std::vector<std::string> lines = clean;
      const std::size_t kind = generator.pick(10);
      lines[at] = bad_line(kind, lines);
      compare_all(join(lines), {piece}, "one error at line " + std::to_string(at + 1), file);
      // A second error on the other side of the split, of another kind.
      const std::size_t other = at == split ? split - 1 : split;
      lines[other] = bad_line((kind + 1 + generator.pick(9)) % 10, lines);
      compare_all(join(lines), {piece},
                  "errors at lines " + std::to_string(at + 1) + " and " + std::to_string(other + 1),
                  file);
      trials += 2;
    }
  }
  // The plain-line reader gives the general reader's shapes or declines, on the lines above.
  int plain = 0;
  for (const std::string& line : generator.lines(2000)) {
    csv::LineScratch scratch;
    csv::ParsedLine fast;
    if (!csv::is_shape_line(line, 2) || !csv::read_plain_line(line, scratch, fast)) continue;
    ++plain;
    const csv::ParsedLine general = csv::LineReader(file_name, 2).parse(line, scratch);
    expect(describe(fast.id, fast.shape, fast.z, {}) ==
                   describe(general.id, general.shape, general.z, {}) &&
               scratch.tags.empty(),
           "plain line " + line);
  }
  for (const ShapeKind kind :
       {ShapeKind::point, ShapeKind::segment, ShapeKind::circle, ShapeKind::capsule,
        ShapeKind::aabb, ShapeKind::obb, ShapeKind::polygon}) {
    const auto found = csv::plain_kind(shape_kind_name(kind));
    expect(found && found->values == kind && !found->simple_polygon, "plain_kind");
  }
  const auto simple = csv::plain_kind("simple_polygon");
  expect(simple && simple->simple_polygon, "plain_kind of simple_polygon");
  const auto group = csv::plain_kind("group");
  expect(group && group->group, "plain_kind of group");
  expect(plain > 400 && trials > 20, "too few cases: " + std::to_string(plain) + " plain lines, " +
                                         std::to_string(trials) + " error files");
  std::printf(
      "%d error files and 3 clean ones read alike by every configuration; %d plain lines; "
      "%d failures\n",
      trials, plain, failures);
  return failures == 0 ? 0 : 1;
}
