// gen: a reproducible random scene, written as JSON or CSV; convert: a scene file in the other
// form.
#include <CLI/CLI.hpp>
#include <map>
#include <memory>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/scene_generator.hpp"
#include "scene_io/scene_files.hpp"

namespace collide2d::tools {

void add_gen_command(CLI::App& app) {
  struct Arguments {
    GeneratorOptions generator;
    std::string format;
    std::string path;
  };
  auto arguments = std::make_shared<Arguments>();
  CLI::App* command = app.add_subcommand("gen", "write a reproducible random scene");
  command->add_option("--count", arguments->generator.count, "number of shapes")->required();
  command->add_option("--seed", arguments->generator.seed, "random seed (default 1)");
  command
      ->add_option("--layout", arguments->generator.layout, "uniform (default), clustered or grid")
      ->transform(CLI::CheckedTransformer(std::map<std::string, Layout>{
          {"uniform", Layout::uniform}, {"clustered", Layout::clustered}, {"grid", Layout::grid}}));
  command
      ->add_option("--kinds", arguments->generator.kinds,
                   "mixed (default: the convex kinds), obb, simple_polygon, group, or every "
                   "(mixed, a tenth simple polygons and a tenth groups)")
      ->transform(CLI::CheckedTransformer(
          std::map<std::string, KindMix>{{"mixed", KindMix::mixed},
                                         {"obb", KindMix::obb},
                                         {"simple_polygon", KindMix::simple_polygon},
                                         {"group", KindMix::group},
                                         {"every", KindMix::every}}));
  command->add_option("--world", arguments->generator.world_size,
                      "side of the square world (default: 30 units a shape)");
  command->add_option("-o,--output", arguments->path,
                      "file to write (.csv: CSV, else JSON); stdout when absent");
  command->add_option("--format", arguments->format, "json or csv, for stdout (default json)")
      ->check(CLI::IsMember({"json", "csv"}));
  command->footer("Example:\n  collide2d gen --count 10000 --seed 7 --layout clustered -o big.csv");
  command->callback([arguments] {
    Progress progress("generating " + std::to_string(arguments->generator.count) + " shapes");
    const SceneDocument document = generate_scene(
        arguments->generator, [&progress](double fraction) { progress.update(fraction); });
    progress.relabel("writing");
    SceneFormat format = arguments->format == "csv" ? SceneFormat::csv : SceneFormat::json;
    if (!arguments->path.empty()) format = scene_format_for_path(arguments->path);
    const std::string text = write_scene(document, format);
    progress.finish();
    deliver(text, arguments->path);
  });
}

void add_convert_command(CLI::App& app) {
  struct Arguments {
    std::string input;
    std::string output;
  };
  auto arguments = std::make_shared<Arguments>();
  CLI::App* command = app.add_subcommand(
      "convert", "read a scene file and write it in the form of OUTPUT's name, exactly");
  command->add_option("INPUT", arguments->input, "scene file (.json, .csv or .c2d)")->required();
  command->add_option("OUTPUT", arguments->output, "file to write (.csv: CSV, else JSON)")
      ->required();
  command->footer("Example:\n  collide2d convert scene.json scene.csv");
  command->callback([arguments] {
    Progress progress("loading " + arguments->input);
    const SceneDocument document = read_scene_file(
        arguments->input, [&progress](double fraction) { progress.update(fraction); });
    progress.relabel("writing " + arguments->output);
    const std::string text = write_scene(document, scene_format_for_path(arguments->output));
    progress.finish();
    deliver(text, arguments->output);
  });
}

}  // namespace collide2d::tools
