// render: a scene file drawn as SVG, with the answers of pairs, select and raycast marked on it.
#include <CLI/CLI.hpp>
#include <memory>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/scene_queries.hpp"
#include "svg/svg_render.hpp"

namespace collide2d::tools {

void add_render_command(CLI::App& app) {
  struct Arguments {
    std::string scene;
    std::string path;
    bool pairs = false;
    RegionArguments region;
    std::vector<double> ray;
    double width = 1000;
    bool labels = false;
  };
  auto arguments = std::make_shared<Arguments>();
  CLI::App* command = app.add_subcommand("render", "draw a scene as SVG, with answers marked");
  command->add_option("SCENE", arguments->scene, "scene file (.json, .csv or .c2d)")->required();
  command->add_option("-o,--output", arguments->path, "the SVG file to write")->required();
  command->add_flag("--pairs", arguments->pairs, "draw overlapping shapes in red");
  add_region_options(*command, arguments->region, "--select", false);
  command->add_option("--ray", arguments->ray, "a ray OX OY DX DY: its entry and exit points")
      ->expected(4);
  command->add_option("--width", arguments->width, "picture width in pixels")
      ->check(CLI::Range(200.0, 20000.0));
  command->add_flag("--labels", arguments->labels, "write each shape's id at its centre");
  command->footer(
      "Example:\n  collide2d render scene.json -o scene.svg --pairs --select 0 0 400 300 "
      "--mode contains --ray 0 430 1 0");
  command->callback([arguments] {
    LoadedScene loaded = load_scene(arguments->scene);
    const std::size_t count = loaded.size();
    RenderOptions options;
    options.title = arguments->scene;
    options.width_px = arguments->width;
    if (arguments->labels) options.labelled.assign(count, true);
    if (arguments->pairs) {
      options.overlapping.assign(count, false);
      for (const auto& [a, b] : overlapping_pairs(loaded)) {
        options.overlapping[a] = true;
        options.overlapping[b] = true;
      }
    }
    if (arguments->region.given()) {
      options.region = arguments->region.region();
      options.selected.assign(count, false);
      for (const std::size_t index : select(loaded, arguments->region))
        options.selected[index] = true;
    }
    if (!arguments->ray.empty()) {
      RayArguments ray{{arguments->ray[0], arguments->ray[1]},
                       {arguments->ray[2], arguments->ray[3]}};
      RenderedRay rendered{ray.ray(), {}};
      for (const auto& hit : cast(loaded, rendered.ray, true))
        rendered.hits.push_back(hit.second);
      options.rays.push_back(std::move(rendered));
    }
    deliver(render_svg(loaded, options), arguments->path);
  });
}

}  // namespace collide2d::tools
