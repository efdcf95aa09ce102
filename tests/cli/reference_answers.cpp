// The independent check of the CLI's answers: the same questions answered by brute force with the
// narrow-phase queries alone (overlaps, contains, raycast on every shape or pair; no Scene, no
// index), printed in the CLI's CSV form so that the two can be compared byte for byte.
//
//   collide2d_cli_reference pairs SCENE
//   collide2d_cli_reference select SCENE X0 Y0 X1 Y1 ANGLE_DEG intersects|contains
//   collide2d_cli_reference hit SCENE X Y
//   collide2d_cli_reference raycast SCENE OX OY DX DY closest|all
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "collide2d/builders.hpp"
#include "collide2d/containment.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/polygon.hpp"
#include "collide2d/raycast.hpp"
#include "scene_io/number_text.hpp"
#include "scene_io/scene_files.hpp"
#include "scene_io/shape_values.hpp"

namespace {

using namespace collide2d;
using namespace collide2d::tools;

double arg(char** argv, int i) {
  return std::strtod(argv[i], nullptr);
}

const char* kind(const SceneEntry& entry) {
  return kind_name(entry.shape);
}

// The narrow-phase queries on two pieces (std::visit), each a shape or a simple polygon, whose
// queries are polygon.hpp's own.
const auto overlap_query = [](const auto& x, const auto& y) { return overlaps(x, y); };
const auto contain_query = [](const auto& x, const auto& y) { return contains(x, y); };

// On entries, a group taken as the union of its parts, by the pieces' own queries: it overlaps
// what some part overlaps, a region contains it when it contains every part, and a ray enters it
// where it enters its first part (the first given on a tie), with that part's hit.
bool entries_overlap(const EntryShape& a, const EntryShape& b) {
  for (const EntryPiece& x : pieces_of(a)) {
    for (const EntryPiece& y : pieces_of(b)) {
      if (std::visit(overlap_query, x, y)) return true;
    }
  }
  return false;
}

bool region_contains(const Shape<double>& region, const EntryShape& entry) {
  for (const EntryPiece& piece : pieces_of(entry)) {
    if (!std::visit(contain_query, EntryPiece(region), piece)) return false;
  }
  return true;
}

std::optional<RayHit<double>> entry_raycast(const Ray<double>& ray, const EntryShape& entry) {
  std::optional<RayHit<double>> first;
  for (const EntryPiece& piece : pieces_of(entry)) {
    const auto hit = std::visit([&ray](const auto& shape) { return raycast(ray, shape); }, piece);
    if (hit && (!first || hit->t_enter < first->t_enter)) first = hit;
  }
  return first;
}

void pairs(const SceneDocument& doc) {
  std::puts("first,second");
  for (std::size_t i = 0; i < doc.shapes.size(); ++i) {
    for (std::size_t j = i + 1; j < doc.shapes.size(); ++j) {
      if (entries_overlap(doc.shapes[i].shape, doc.shapes[j].shape)) {
        std::printf("%s,%s\n", doc.shapes[i].id.c_str(), doc.shapes[j].id.c_str());
      }
    }
  }
}

void select(const SceneDocument& doc, char** argv) {
  const Vec2<double> a{arg(argv, 3), arg(argv, 4)};
  const Vec2<double> b{arg(argv, 5), arg(argv, 6)};
  const Vec2<double> size = component_max(a, b) - component_min(a, b);
  const Shape<double> region = Shape<double>(
      make_obb(0.5 * (a + b), size.x, size.y, rotation_from_degrees(arg(argv, 7))).value());
  const bool contains_mode = std::string(argv[8]) == "contains";
  std::puts("id,kind");
  for (const SceneEntry& entry : doc.shapes) {
    const bool chosen =
        contains_mode ? region_contains(region, entry.shape) : entries_overlap(region, entry.shape);
    if (chosen) std::printf("%s,%s\n", entry.id.c_str(), kind(entry));
  }
}

void hit(const SceneDocument& doc, char** argv) {
  const EntryShape point = Shape<double>(Point<double>{arg(argv, 3), arg(argv, 4)});
  std::vector<std::pair<std::int32_t, std::size_t>> under;  // (z, index)
  for (std::size_t i = 0; i < doc.shapes.size(); ++i) {
    if (entries_overlap(point, doc.shapes[i].shape)) {
      under.emplace_back(doc.shapes[i].z, i);
    }
  }
  std::sort(under.rbegin(), under.rend());  // topmost first: higher z, then later in the file
  std::puts("id,kind,z");
  for (const auto& [z, i] : under)
    std::printf("%s,%s,%d\n", doc.shapes[i].id.c_str(), kind(doc.shapes[i]), z);
}

void raycast_all(const SceneDocument& doc, char** argv) {
  const Ray<double> ray{{arg(argv, 3), arg(argv, 4)}, {arg(argv, 5), arg(argv, 6)}};
  // (t_enter, topmost first) order: smaller t, then higher z, then later in the file.
  std::vector<std::tuple<double, std::int64_t, std::int64_t, RayHit<double>>> hits;
  for (std::size_t i = 0; i < doc.shapes.size(); ++i) {
    if (const auto h = entry_raycast(ray, doc.shapes[i].shape)) {
      hits.emplace_back(h->t_enter, -std::int64_t(doc.shapes[i].z), -std::int64_t(i), *h);
    }
  }
  std::sort(hits.begin(), hits.end(), [](const auto& x, const auto& y) {
    return std::tie(std::get<0>(x), std::get<1>(x), std::get<2>(x)) <
           std::tie(std::get<0>(y), std::get<1>(y), std::get<2>(y));
  });
  if (std::string(argv[7]) == "closest" && hits.size() > 1) hits.resize(1);
  std::puts("id,t_enter,enter_x,enter_y,t_exit,exit_x,exit_y,normal_x,normal_y");
  for (const auto& item : hits) {
    const RayHit<double>& h = std::get<3>(item);
    std::string line = doc.shapes[static_cast<std::size_t>(-std::get<2>(item))].id;
    for (const double v : {h.t_enter, h.point_enter.x, h.point_enter.y, h.t_exit, h.point_exit.x,
                           h.point_exit.y, h.normal.x, h.normal.y}) {
      line += ',' + number_text(v);
    }
    std::puts(line.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fputs("usage: collide2d_cli_reference pairs|select|hit|raycast SCENE ...\n", stderr);
    return 2;
  }
  const std::string command = argv[1];
  const SceneDocument doc = read_scene_file(argv[2]);
  if (command == "pairs") {
    pairs(doc);
  } else if (command == "select" && argc == 9) {
    select(doc, argv);
  } else if (command == "hit" && argc == 5) {
    hit(doc, argv);
  } else if (command == "raycast" && argc == 8) {
    raycast_all(doc, argv);
  } else {
    std::fputs("collide2d_cli_reference: bad arguments\n", stderr);
    return 2;
  }
  return 0;
}
