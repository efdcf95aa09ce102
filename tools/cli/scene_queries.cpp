#include "cli/scene_queries.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>

#include "cli/progress.hpp"
#include "collide2d/builders.hpp"
#include "scene_io/scene_files.hpp"
#include "scene_io/shape_values.hpp"

namespace collide2d::tools {

LoadedScene load_scene(const std::string& path) {
  Progress progress("loading " + path);
  LoadedScene loaded;
  read_scene_file(path, loaded, [&progress](double fraction) { progress.update(fraction); });
  loaded.shrink_to_fit();
  // A binary file holds the packed index as saved: the scene is up to date, and a rebuild would
  // redo the work the file saves.
  if (scene_format_for_path(path) == SceneFormat::binary) return loaded;
  progress.relabel("indexing " + std::to_string(loaded.size()) + " shapes");
  loaded.scene().rebuild();
  return loaded;
}

std::vector<std::pair<std::size_t, std::size_t>> overlapping_pairs(LoadedScene& loaded) {
  Progress progress("finding overlapping pairs");
  progress.update(0);
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (const ShapePair& pair : loaded.scene().overlapping_pairs()) {
    const std::size_t a = loaded.index_of(pair.first);
    const std::size_t b = loaded.index_of(pair.second);
    pairs.emplace_back(std::min(a, b), std::max(a, b));
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

Obb<double> RegionArguments::region() const {
  const Vec2<double> a{corners[0], corners[1]};
  const Vec2<double> b{corners[2], corners[3]};
  const Vec2<double> size = component_max(a, b) - component_min(a, b);
  const auto box = make_obb(0.5 * (a + b), size.x, size.y, rotation_from_degrees(angle_deg));
  if (!box || !is_finite(a) || !is_finite(b)) {
    throw InputError("--region: " + (box ? std::string("corners must be finite") : box.error()));
  }
  return box.value();
}

Lasso<double> RegionArguments::lasso_region() const {
  if (lasso.size() % 2 != 0) {
    throw InputError("--lasso: " + std::to_string(lasso.size()) +
                     " numbers; give the path's points as X Y pairs");
  }
  std::vector<Vec2<double>> points;
  for (std::size_t i = 0; i < lasso.size(); i += 2)
    points.push_back({lasso[i], lasso[i + 1]});
  auto built = make_lasso(points);
  if (!built) throw InputError("--lasso: " + built.error());
  return std::move(built).value();
}

SelectMode RegionArguments::select_mode() const {
  return mode == "contains" ? SelectMode::contains : SelectMode::intersects;
}

void add_region_options(CLI::App& command, RegionArguments& arguments, const char* flag,
                        bool required) {
  auto* region = command.add_option(flag, arguments.corners,
                                    "the region's corners X0 Y0 X1 Y1 (world units, y up)");
  region->expected(4)->allow_extra_args(false);
  if (required) region->required();
  command.add_option("--angle-deg", arguments.angle_deg,
                     "turns the region counter-clockwise about its centre");
  command.add_option("--mode", arguments.mode, "intersects (default) or contains")
      ->check(CLI::IsMember({"intersects", "contains"}));
  command.add_flag("--exclude-touching", arguments.exclude_touching,
                   "leave out shapes that only touch the region's boundary");
}

std::vector<std::size_t> select(LoadedScene& loaded, const RegionArguments& arguments) {
  QueryOptions options;
  options.exclude_touching = arguments.exclude_touching;
  if (arguments.given() == !arguments.lasso.empty()) {
    throw InputError(
        "select: give the region as --region X0 Y0 X1 Y1 or as --lasso X0 Y0 X1 Y1 "
        "X2 Y2 ..., one of the two");
  }
  const std::vector<ShapeId> ids =
      arguments.given()
          ? loaded.scene().select(arguments.region(), arguments.select_mode(), options)
          : loaded.scene().select(arguments.lasso_region(), arguments.select_mode(), options);
  std::vector<std::size_t> indices;
  for (const ShapeId id : ids)
    indices.push_back(loaded.index_of(id));
  std::sort(indices.begin(), indices.end());
  return indices;
}

Ray<double> RayArguments::ray() const {
  const auto built = make_ray<double>({origin[0], origin[1]}, {direction[0], direction[1]}, max_t);
  if (!built) throw InputError("ray: " + built.error());
  return built.value();
}

std::vector<std::pair<std::size_t, RayHit<double>>> cast(LoadedScene& loaded,
                                                         const Ray<double>& ray, bool all) {
  std::vector<std::pair<std::size_t, RayHit<double>>> hits;
  if (all) {
    for (const SceneRayHit<double>& hit : loaded.scene().raycast_all(ray))
      hits.emplace_back(loaded.index_of(hit.id), hit.hit);
  } else if (const auto hit = loaded.scene().raycast_closest(ray)) {
    hits.emplace_back(loaded.index_of(hit->id), hit->hit);
  }
  return hits;
}

}  // namespace collide2d::tools
