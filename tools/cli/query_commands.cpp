// pairs, select, hit, raycast, distance: one question about a scene file each, answered as a table.
#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <variant>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/scene_queries.hpp"
#include "collide2d/contact.hpp"
#include "collide2d/distance.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/polygon.hpp"
#include "scene_io/number_text.hpp"

namespace collide2d::tools {
namespace {

std::string plural(std::size_t count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

std::string name(const LoadedScene& loaded, std::size_t index) {
  return std::string(loaded.name(index));
}

std::string kind(const LoadedScene& loaded, std::size_t index) {
  return loaded.kind_name(index);
}

// How deep two entries overlap: none for a simple polygon, for which the library computes no
// penetration (polygon.hpp), nor for a group, whose parts' depths are no depth of their union.
std::optional<Penetration<double>> depth_of(const EntryShape& a, const EntryShape& b) {
  const auto* shape_a = std::get_if<Shape<double>>(&a);
  const auto* shape_b = std::get_if<Shape<double>>(&b);
  if (shape_a == nullptr || shape_b == nullptr) return std::nullopt;
  return penetration(*shape_a, *shape_b);
}

// What kind of entry has no depth, for the summary.
const char* no_depth_kind(const EntryShape& a, const EntryShape& b) {
  const bool group = std::holds_alternative<ShapeGroup>(a) || std::holds_alternative<ShapeGroup>(b);
  return group ? "a group" : "a simple polygon";
}

// The distance between two entries and whether they overlap, a group taken as the union of its
// parts (as the Scene's nearest does): the closest pair of pieces, the first such pair on a tie.
std::pair<DistanceResult<double>, bool> gap_between(const EntryShape& a, const EntryShape& b) {
  const auto gap = [](const auto& x, const auto& y) { return distance(x, y); };
  const auto meet = [](const auto& x, const auto& y) { return overlaps(x, y); };
  std::optional<DistanceResult<double>> closest;
  bool overlap = false;
  for (const EntryPiece& x : pieces_of(a)) {
    for (const EntryPiece& y : pieces_of(b)) {
      const DistanceResult<double> d = std::visit(gap, x, y);
      if (!closest || d.distance < closest->distance) closest = d;
      overlap = overlap || std::visit(meet, x, y);
    }
  }
  return {*closest, overlap};
}

struct SceneArguments {
  std::string scene;
  OutputOptions output;
};

CLI::App* add_scene_command(CLI::App& app, const char* name, const char* description,
                            const char* example, SceneArguments& arguments) {
  CLI::App* command = app.add_subcommand(name, description);
  command->add_option("SCENE", arguments.scene, "scene file (.json, .csv or .c2d)")->required();
  add_output_options(*command, arguments.output);
  command->footer(std::string("Example:\n  ") + example);
  return command;
}

void add_pairs(CLI::App& app) {
  auto arguments = std::make_shared<SceneArguments>();
  CLI::App* command = add_scene_command(app, "pairs", "every pair of shapes that overlap",
                                        "collide2d pairs scene.json --format csv", *arguments);
  command->callback([arguments] {
    LoadedScene loaded = load_scene(arguments->scene);
    Table table{"", {"first", "second"}, {}};
    for (const auto& [a, b] : overlapping_pairs(loaded))
      table.rows.push_back({name(loaded, a), name(loaded, b)});
    table.summary = plural(table.rows.size(), "overlapping pair", "overlapping pairs") + " among " +
                    plural(loaded.size(), "shape", "shapes");
    deliver(format_table(table, arguments->output.format), arguments->output.path);
  });
}

void add_select(CLI::App& app) {
  struct Arguments : SceneArguments {
    RegionArguments region;
  };
  auto arguments = std::make_shared<Arguments>();
  CLI::App* command = add_scene_command(
      app, "select", "the shapes a marquee or a lasso selects",
      "collide2d select scene.json --region 0 0 400 300 --angle-deg 15 --mode contains",
      *arguments);
  add_region_options(*command, arguments->region, "--region", false);
  command
      ->add_option("--lasso", arguments->region.lasso,
                   "a closed freehand path X0 Y0 X1 Y1 X2 Y2 ... (at least 3 points; it may "
                   "cross itself, filled by the nonzero winding rule), instead of --region")
      ->expected(6, CLI::detail::expected_max_vector_size)
      ->excludes("--region");
  command->footer(
      "Examples:\n"
      "  collide2d select scene.json --region 0 0 400 300 --angle-deg 15 --mode contains\n"
      "  collide2d select scene.json --lasso 0 0 900 0 900 500 300 700 --mode contains");
  command->callback([arguments] {
    LoadedScene loaded = load_scene(arguments->scene);
    Table table{"", {"id", "kind"}, {}};
    for (const std::size_t index : select(loaded, arguments->region))
      table.rows.push_back({name(loaded, index), kind(loaded, index)});
    table.summary = plural(table.rows.size(), "shape", "shapes") +
                    (arguments->region.mode == "contains" ? " inside" : " meeting") + " the region";
    deliver(format_table(table, arguments->output.format), arguments->output.path);
  });
}

void add_hit(CLI::App& app) {
  struct Arguments : SceneArguments {
    double x = 0;
    double y = 0;
  };
  auto arguments = std::make_shared<Arguments>();
  CLI::App* command = add_scene_command(app, "hit", "the shapes under a point, topmost first",
                                        "collide2d hit scene.json 120 45.5", *arguments);
  command->add_option("X", arguments->x, "x (world units)")->required();
  command->add_option("Y", arguments->y, "y (world units, up)")->required();
  command->callback([arguments] {
    LoadedScene loaded = load_scene(arguments->scene);
    const Point<double> point{arguments->x, arguments->y};
    if (!is_finite(point)) throw InputError("hit: the point must be finite");
    Table table{"", {"id", "kind", "z"}, {}};
    for (const ShapeId id : loaded.scene().hit_test(point)) {
      const std::size_t index = loaded.index_of(id);
      table.rows.push_back(
          {name(loaded, index), kind(loaded, index), static_cast<long long>(loaded.scene().z(id))});
    }
    table.summary =
        plural(table.rows.size(), "shape", "shapes") + " under the point, topmost first";
    deliver(format_table(table, arguments->output.format), arguments->output.path);
  });
}

void add_raycast(CLI::App& app) {
  struct Arguments : SceneArguments {
    RayArguments ray;
    bool all = false;
  };
  auto arguments = std::make_shared<Arguments>();
  CLI::App* command = add_scene_command(
      app, "raycast", "where a ray enters and leaves the shapes it hits (closest, or --all)",
      "collide2d raycast scene.json --origin 0 430 --direction 1 0 --all", *arguments);
  command->add_option("--origin", arguments->ray.origin, "X Y")->expected(2)->required();
  command->add_option("--direction", arguments->ray.direction, "X Y (need not be unit length)")
      ->expected(2)
      ->required();
  command->add_option("--max-t", arguments->ray.max_t, "the ray's length in units of direction");
  command->add_flag("--all", arguments->all, "every shape hit, by entry");
  command->callback([arguments] {
    LoadedScene loaded = load_scene(arguments->scene);
    Table table{"",
                {"id", "t_enter", "enter_x", "enter_y", "t_exit", "exit_x", "exit_y", "normal_x",
                 "normal_y"},
                {}};
    for (const auto& [index, hit] : cast(loaded, arguments->ray.ray(), arguments->all)) {
      table.rows.push_back({name(loaded, index), hit.t_enter, hit.point_enter.x, hit.point_enter.y,
                            hit.t_exit, hit.point_exit.x, hit.point_exit.y, hit.normal.x,
                            hit.normal.y});
    }
    table.summary = table.rows.empty() ? std::string("the ray hits nothing")
                    : arguments->all
                        ? "the ray hits " + plural(table.rows.size(), "shape", "shapes")
                        : "the ray hits " + std::get<std::string>(table.rows[0][0]) + " first";
    deliver(format_table(table, arguments->output.format), arguments->output.path);
  });
}

void add_distance(CLI::App& app) {
  struct Arguments : SceneArguments {
    std::string first;
    std::string second;
  };
  auto arguments = std::make_shared<Arguments>();
  CLI::App* command =
      add_scene_command(app, "distance", "how far apart two shapes are, or how deep they overlap",
                        "collide2d distance scene.json A B", *arguments);
  command->add_option("ID1", arguments->first, "the first shape's id")->required();
  command->add_option("ID2", arguments->second, "the second shape's id")->required();
  command->callback([arguments] {
    LoadedScene loaded = load_scene(arguments->scene);
    const std::size_t a = loaded.index_of(arguments->first);
    const std::size_t b = loaded.index_of(arguments->second);
    const EntryShape shape_a = loaded.entry(a);
    const EntryShape shape_b = loaded.entry(b);
    const auto [gap, overlap] = gap_between(shape_a, shape_b);
    Table table{"",
                {"first", "second", "overlap", "distance", "first_x", "first_y", "second_x",
                 "second_y", "depth", "normal_x", "normal_y"},
                {}};
    std::vector<Cell> row{name(loaded, a), name(loaded, b), std::string(overlap ? "yes" : "no"),
                          gap.distance,    gap.point_a.x,   gap.point_a.y,
                          gap.point_b.x,   gap.point_b.y};
    const std::string both = name(loaded, a) + " and " + name(loaded, b);
    if (const auto depth = depth_of(shape_a, shape_b)) {
      row.insert(row.end(), {depth->depth, depth->normal.x, depth->normal.y});
      table.summary = both + " overlap: penetration depth " + number_text(depth->depth);
    } else {
      row.insert(row.end(), {std::string(), std::string(), std::string()});
      table.summary = overlap ? both + " overlap (no penetration depth for " +
                                    no_depth_kind(shape_a, shape_b) + ")"
                              : both + " are " + number_text(gap.distance) + " apart";
    }
    table.rows.push_back(std::move(row));
    deliver(format_table(table, arguments->output.format), arguments->output.path);
  });
}

}  // namespace

void add_query_commands(CLI::App& app) {
  add_pairs(app);
  add_select(app);
  add_hit(app);
  add_raycast(app);
  add_distance(app);
}

}  // namespace collide2d::tools
