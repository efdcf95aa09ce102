// bench: times the Scene on the user's own scene file: load, index build, selections in both modes,
// all overlapping pairs, closest-hit rays. Each is repeated and reported by its median.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/scene_generator.hpp"
#include "cli/scene_queries.hpp"
#include "scene_io/scene_files.hpp"

namespace collide2d::tools {
namespace {

struct Timing {
  double median_ms;
  double min_ms;
};

Timing time_runs(int repeat, const std::function<void()>& run) {
  std::vector<double> runs;
  for (int i = 0; i < repeat; ++i) {
    const auto start = std::chrono::steady_clock::now();
    run();
    runs.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::sort(runs.begin(), runs.end());
  return {runs[runs.size() / 2], runs.front()};
}

Aabb<double> scene_bounds(const SceneDocument& document) {
  Aabb<double> box{{0, 0}, {1, 1}};
  for (std::size_t i = 0; i < document.shapes.size(); ++i) {
    const Aabb<double> b = bounding_box(document.shapes[i].shape);
    box = i == 0 ? b : Aabb<double>{component_min(box.min, b.min), component_max(box.max, b.max)};
  }
  return box;
}

}  // namespace

void add_bench_command(CLI::App& app) {
  struct Arguments {
    std::string scene;
    int repeat = 5;
    int queries = 1000;
    std::uint64_t seed = 1;
    bool load_only = false;
    OutputOptions output;
  };
  auto arguments = std::make_shared<Arguments>();
  CLI::App* command =
      app.add_subcommand("bench", "time load, index build, selection, pairs and rays");
  command->add_option("SCENE", arguments->scene, "scene file (.json, or .csv)")->required();
  command->add_option("--repeat", arguments->repeat, "runs of each task (median reported)")
      ->check(CLI::Range(1, 1000));
  command->add_option("--queries", arguments->queries, "selections and rays per run")
      ->check(CLI::Range(1, 10000000));
  command->add_option("--seed", arguments->seed, "seed of the random regions and rays");
  command->add_flag("--load-only", arguments->load_only, "time reading the file only");
  add_output_options(*command, arguments->output);
  command->footer("Example:\n  collide2d bench big.csv --repeat 3 --queries 100");
  command->callback([arguments] {
    const int repeat = arguments->repeat;
    Table table{"", {"task", "items", "median_ms", "min_ms", "per_item_us"}, {}};
    const auto add_row = [&table](const std::string& task, std::size_t items, Timing timing) {
      table.rows.push_back(
          {task, static_cast<long long>(items), timing.median_ms, timing.min_ms,
           timing.median_ms * 1000 / static_cast<double>(std::max<std::size_t>(items, 1))});
    };
    Progress progress("bench: loading");
    SceneDocument document;
    const Timing load = time_runs(repeat, [&] { document = read_scene_file(arguments->scene); });
    const std::size_t count = document.shapes.size();
    add_row("load file", count, load);
    table.summary = "bench of " + arguments->scene + ": " + std::to_string(count) +
                    " shapes, median of " + std::to_string(repeat) + " runs";
    if (arguments->load_only) {
      progress.finish();
      deliver(format_table(table, arguments->output.format), arguments->output.path);
      return;
    }
    progress.relabel("bench: building the index");
    std::unique_ptr<LoadedScene> loaded;
    add_row("add + build index", count, time_runs(repeat, [&] {
              loaded = std::make_unique<LoadedScene>(document);
              loaded->scene().rebuild();
            }));
    Random random(arguments->seed);
    const Aabb<double> bounds = scene_bounds(document);
    const Vec2<double> extent = bounds.max - bounds.min;
    std::vector<Obb<double>> regions;
    std::vector<Ray<double>> rays;
    for (int i = 0; i < arguments->queries; ++i) {
      const Vec2<double> centre{random.between(bounds.min.x, bounds.max.x),
                                random.between(bounds.min.y, bounds.max.y)};
      regions.push_back({centre, 0.05 * extent, Rot<double>::from_angle(random.unit())});
      const double angle = random.between(0, 2 * pi<double>);
      rays.push_back({centre, {std::cos(angle), std::sin(angle)}});
    }
    std::size_t answers = 0;
    for (const SelectMode mode : {SelectMode::intersects, SelectMode::contains}) {
      progress.relabel("bench: selections");
      add_row(mode == SelectMode::intersects ? "select intersects" : "select contains",
              regions.size(), time_runs(repeat, [&] {
                for (const Obb<double>& region : regions)
                  answers += loaded->scene().select(region, mode).size();
              }));
    }
    progress.relabel("bench: overlapping pairs");
    add_row("overlapping pairs", 1,
            time_runs(repeat, [&] { answers += loaded->scene().overlapping_pairs().size(); }));
    progress.relabel("bench: rays");
    add_row("raycast closest", rays.size(), time_runs(repeat, [&] {
              for (const Ray<double>& ray : rays)
                answers += loaded->scene().raycast_closest(ray) ? 1 : 0;
            }));
    progress.finish();
    table.summary += " (" + std::to_string(answers) + " answers in all)";
    deliver(format_table(table, arguments->output.format), arguments->output.path);
  });
}

}  // namespace collide2d::tools
