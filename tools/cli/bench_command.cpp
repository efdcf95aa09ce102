// bench: times the Scene on the user's own scene file: load (reading the file into the Scene),
// index build, selections in both modes, all overlapping pairs, closest-hit rays. Each is repeated
// and reported by its median; the summary gives the peak memory (VmHWM) and what loading cost a
// shape, so that a reader's time and memory can be compared across file forms.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
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

Aabb<double> scene_bounds(const LoadedScene& loaded) {
  Aabb<double> box{{0, 0}, {1, 1}};
  for (std::size_t i = 0; i < loaded.size(); ++i) {
    const Aabb<double> b = loaded.bounds(i);
    box = i == 0 ? b : Aabb<double>{component_min(box.min, b.min), component_max(box.max, b.max)};
  }
  return box;
}

// A line "VmHWM:  123456 kB" of /proc/self/status, in bytes (peak and current resident memory);
// 0 where there is no /proc.
double status_bytes(const char* field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field, 0) == 0)
      return 1024 * std::strtod(line.c_str() + std::strlen(field), nullptr);
  }
  return 0;
}

std::string megabytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MB", bytes / 1e6);
  return text;
}

// "peak memory 180.2 MB (VmHWM), 172 bytes a shape above the 5.1 MB at start; now 150.3 MB
// (VmRSS), 142 bytes a shape": the peak holds what a step needed for a while (the index build's
// sorting), the present what the loaded scene keeps.
std::string memory_note(double baseline, std::size_t count) {
  const auto per_shape = [&](double bytes) {
    return std::to_string(std::lround((bytes - baseline) / static_cast<double>(count))) +
           " bytes a shape";
  };
  const double peak = status_bytes("VmHWM:");
  const double now = status_bytes("VmRSS:");
  if (count == 0 || peak == 0) return "peak memory " + megabytes(peak) + " (VmHWM)";
  return "peak memory " + megabytes(peak) + " (VmHWM), " + per_shape(peak) + " above the " +
         megabytes(baseline) + " at start; now " + megabytes(now) + " (VmRSS), " + per_shape(now);
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
  command->add_option("SCENE", arguments->scene, "scene file (.json, .csv or .c2d)")->required();
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
    const double baseline = status_bytes("VmRSS:");
    Progress progress("bench: loading");
    std::unique_ptr<LoadedScene> loaded;
    const Timing load = time_runs(repeat, [&] {
      loaded.reset();  // the previous run's scene goes first: peak memory is one scene's
      loaded = std::make_unique<LoadedScene>();
      read_scene_file(arguments->scene, *loaded);
      loaded->shrink_to_fit();
    });
    const std::size_t count = loaded->size();
    add_row("load file", count, load);
    table.summary = "bench of " + arguments->scene + ": " + std::to_string(count) +
                    " shapes, median of " + std::to_string(repeat) + " runs";
    if (arguments->load_only) {
      progress.finish();
      table.summary += "; " + memory_note(baseline, count);
      deliver(format_table(table, arguments->output.format), arguments->output.path);
      return;
    }
    progress.relabel("bench: building the index");
    add_row("build index", count, time_runs(repeat, [&] { loaded->scene().rebuild(); }));
    const std::string loaded_memory = memory_note(baseline, count);
    Random random(arguments->seed);
    const Aabb<double> bounds = scene_bounds(*loaded);
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
    table.summary +=
        " (" + std::to_string(answers) + " answers in all); loaded and indexed: " + loaded_memory;
    deliver(format_table(table, arguments->output.format), arguments->output.path);
  });
}

}  // namespace collide2d::tools
