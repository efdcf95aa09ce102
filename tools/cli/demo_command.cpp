// demo: the classic scenarios of the rotated-box articles on one embedded scene, each answer
// printed in plain words, and the whole scene drawn to demo.svg:
//   1. two rotated boxes that overlap (by a sliver) and two that do not;
//   2. a circle against a rotated box, overlapping and apart;
//   3. a ray through a rotated box, with its entry and exit points;
//   4. a marquee over 300 rotated elements in both selection modes.
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>
#include <memory>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/scene_generator.hpp"
#include "cli/scene_queries.hpp"
#include "collide2d/builders.hpp"
#include "collide2d/contact.hpp"
#include "collide2d/distance.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/version.hpp"
#include "scene_io/scene_files.hpp"
#include "scene_io/shape_values.hpp"
#include "svg/svg_render.hpp"

namespace collide2d::tools {
namespace {

constexpr int marquee_elements = 300;
const Ray<double> demo_ray{{700, 760}, {1, 0.2}, 550};
const double marquee_corners[4] = {1600, 300, 2000, 700};

SceneEntry box(const char* id, Vec2<double> centre, double width, double height, double degrees) {
  return {
      id, make_obb(centre, width, height, rotation_from_degrees(degrees)).value(), 0, {"classic"}};
}

SceneEntry circle(const char* id, Vec2<double> centre, double radius) {
  return {id, make_circle(centre, radius).value(), 0, {"classic"}};
}

SceneDocument demo_document() {
  SceneDocument document;
  document.shapes = {
      box("A", {355, 430}, 350, 150, 0),  box("B", {575, 295}, 350, 150, 220),
      box("C", {300, 750}, 300, 100, 30), box("D", {620, 700}, 200, 120, -20),
      box("E", {950, 450}, 240, 120, 30), circle("F", {1040, 570}, 50),
      circle("G", {1100, 300}, 40),       box("H", {950, 800}, 200, 90, 15),
  };
  Random random(7);
  for (int i = 0; i < marquee_elements; ++i) {
    SceneEntry element =
        random_box(random, "m" + std::to_string(i), {1300, 0}, {2300, 1000}, 8, 40);
    element.tags = {"marquee"};
    document.shapes.push_back(std::move(element));
  }
  return document;
}

std::string number(double value, int digits = 4) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return buffer;
}

std::string point(Vec2<double> p, int digits = 5) {
  return "(" + number(p.x, digits) + ", " + number(p.y, digits) + ")";
}

double degrees(Rot<double> rotation) {
  const double angle = rotation.angle() * 180 / pi<double>;
  return angle < -1e-9 ? angle + 360 : std::abs(angle);
}

const Shape<double>& shape(const SceneDocument& document, const char* id) {
  for (const SceneEntry& entry : document.shapes) {
    if (entry.id == id) return std::get<Shape<double>>(entry.shape);
  }
  throw std::logic_error(std::string("the demo scene has no shape ") + id);
}

std::string describe_box(const char* id, const Obb<double>& b) {
  return std::string("   ") + id + ": centre " + point(b.center) + ", " +
         number(2 * b.half_extents.x) + " x " + number(2 * b.half_extents.y) + ", turned " +
         number(degrees(b.rotation)) + " deg\n";
}

// Which box axis a separating-axis normal lies on: "B's short axis".
std::string axis_name(Vec2<double> normal, const Obb<double>& a, const Obb<double>& b) {
  std::string best;
  double best_alignment = -1;
  for (const auto& [name, box] : {std::pair{"A", &a}, std::pair{"B", &b}}) {
    const bool x_long = box->half_extents.x >= box->half_extents.y;
    for (const bool x_axis : {true, false}) {
      const Vec2<double> axis = x_axis ? box->rotation.x_axis() : box->rotation.y_axis();
      const double alignment = std::abs(dot(normal, axis));
      if (alignment > best_alignment) {
        best_alignment = alignment;
        best = std::string(name) + "'s " + (x_axis == x_long ? "long" : "short") + " axis";
      }
    }
  }
  return best;
}

std::string rotated_boxes(const SceneDocument& document) {
  const auto& a = std::get<Obb<double>>(shape(document, "A"));
  const auto& b = std::get<Obb<double>>(shape(document, "B"));
  const auto& c = std::get<Obb<double>>(shape(document, "C"));
  const auto& d = std::get<Obb<double>>(shape(document, "D"));
  std::string out = "1. Two rotated boxes (separating-axis test on the four box axes)\n" +
                    describe_box("A", a) + describe_box("B", b);
  if (const auto depth = penetration(a, b); depth && overlaps(a, b)) {
    out += "   Boxes A and B overlap (separating-axis margin " + number(depth->depth) + " on " +
           axis_name(depth->normal, a, b) + "): no axis separates them.\n";
  } else {
    out += "   Boxes A and B do not overlap.\n";
  }
  out += describe_box("C", c) + describe_box("D", d);
  const DistanceResult<double> gap = distance(c, d);
  out += overlaps(c, d) ? "   Boxes C and D overlap.\n"
                        : "   Boxes C and D do not overlap: " + number(gap.distance) +
                              " apart, closest points " + point(gap.point_a) + " on C and " +
                              point(gap.point_b) + " on D.\n";
  return out + "\n";
}

std::string circle_and_box(const SceneDocument& document) {
  const auto& e = std::get<Obb<double>>(shape(document, "E"));
  std::string out = "2. A circle against a rotated box (centre clamped in the box's frame)\n" +
                    describe_box("E", e);
  for (const char* id : {"F", "G"}) {
    const auto& ball = std::get<Circle<double>>(shape(document, id));
    out += std::string("   Circle ") + id + " (centre " + point(ball.center) + ", radius " +
           number(ball.radius) + ") ";
    if (const auto depth = penetration(ball, e)) {
      out += "overlaps box E, " + number(depth->depth) + " deep.\n";
    } else {
      out += "does not touch box E: " + number(distance(ball, e).distance) + " apart.\n";
    }
  }
  return out + "\n";
}

std::string ray_through_box(const SceneDocument& document, LoadedScene& loaded,
                            std::vector<RayHit<double>>& marks) {
  std::string out = "3. A ray through a rotated box (slab test in the box's frame)\n" +
                    describe_box("H", std::get<Obb<double>>(shape(document, "H")));
  out += "   Ray from " + point(demo_ray.origin) + " along " + point(demo_ray.direction) +
         ", up to t = " + number(demo_ray.max_t) + ":\n";
  const auto hits = cast(loaded, demo_ray, true);
  if (hits.empty()) out += "   it hits nothing.\n";
  for (const auto& [index, hit] : hits) {
    out += "   it enters " + std::string(loaded.name(index)) + " at t = " + number(hit.t_enter, 6) +
           ", point " + point(hit.point_enter) + ", through the side with outward normal " +
           point(hit.normal, 4) + ",\n" + "   and leaves at t = " + number(hit.t_exit, 6) +
           ", point " + point(hit.point_exit) + ".\n";
    marks.push_back(hit);
  }
  return out + "\n";
}

std::string marquee(LoadedScene& loaded, RenderOptions& options) {
  RegionArguments region{{marquee_corners, marquee_corners + 4}};
  const std::vector<std::size_t> touched = select(loaded, region);
  region.mode = "contains";
  const std::vector<std::size_t> inside = select(loaded, region);
  options.region = region.region();
  for (const std::size_t index : touched)
    options.touched[index] = true;
  for (const std::size_t index : inside)
    options.selected[index] = true;
  std::string out = "4. A marquee over " + std::to_string(marquee_elements) +
                    " rotated elements (ids m0 to m" + std::to_string(marquee_elements - 1) +
                    ")\n   Marquee from " + point({marquee_corners[0], marquee_corners[1]}) +
                    " to " + point({marquee_corners[2], marquee_corners[3]}) + ": " +
                    std::to_string(touched.size()) + " elements meet it (intersects mode), " +
                    std::to_string(inside.size()) + " lie wholly inside it (contains mode).\n";
  region.angle_deg = 25;
  const std::size_t turned_inside = select(loaded, region).size();
  region.mode = "intersects";
  out += "   The same marquee turned 25 deg: " + std::to_string(select(loaded, region).size()) +
         " meet it, " + std::to_string(turned_inside) + " lie inside.\n\n";
  return out;
}

std::string all_pairs(LoadedScene& loaded, RenderOptions& options) {
  const auto pairs = overlapping_pairs(loaded);
  std::string classic;
  std::size_t among_elements = 0;
  for (const auto& [a, b] : pairs) {
    options.overlapping[a] = true;
    options.overlapping[b] = true;
    if (b < 8) {
      classic += std::string(loaded.name(a)) + "-" + std::string(loaded.name(b)) + ", ";
    } else {
      ++among_elements;
    }
  }
  return "5. Every overlapping pair of the scene: " + std::to_string(pairs.size()) + " (" +
         classic + "and " + std::to_string(among_elements) +
         " among the marquee elements), drawn in red.\n";
}

}  // namespace

void add_demo_command(CLI::App& app) {
  struct Arguments {
    std::string svg = "demo.svg";
    std::string scene_out;
  };
  auto arguments = std::make_shared<Arguments>();
  CLI::App* command =
      app.add_subcommand("demo", "the classic scenarios, answered in words and drawn to SVG");
  command->add_option("-o,--output", arguments->svg, "the SVG file to write (default demo.svg)");
  command->add_option("--scene-out", arguments->scene_out,
                      "also write the demo scene (.json, .csv or .c2d), to try the other commands");
  command->footer("Example:\n  collide2d demo -o demo.svg --scene-out demo.json");
  command->callback([arguments] {
    const SceneDocument document = demo_document();
    LoadedScene loaded(document);
    const std::size_t count = loaded.size();
    RenderOptions options;
    options.title = "collide2d demo: the classic scenarios";
    options.overlapping.assign(count, false);
    options.selected.assign(count, false);
    options.touched.assign(count, false);
    options.labelled.assign(count, false);
    for (std::size_t i = 0; i < 8; ++i)
      options.labelled[i] = true;
    RenderedRay ray{demo_ray, {}};
    std::string text = std::string("collide2d ") + COLLIDE2D_VERSION_STRING +
                       " demo: the classic scenarios, answered exactly (world units, y up)\n\n";
    text += rotated_boxes(document);
    text += circle_and_box(document);
    text += ray_through_box(document, loaded, ray.hits);
    text += marquee(loaded, options);
    text += all_pairs(loaded, options);
    options.rays.push_back(ray);
    deliver(render_svg(loaded, options), arguments->svg);
    if (!arguments->scene_out.empty()) {
      deliver(write_scene(document, scene_format_for_path(arguments->scene_out)),
              arguments->scene_out);
    }
    text += "\nPicture: " + arguments->svg + " (overlapping shapes red, marquee dashed, shapes " +
            "inside it outlined orange, the ray green with its entry and exit points).\n";
    deliver(text, "");
  });
}

}  // namespace collide2d::tools
