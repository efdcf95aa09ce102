// cli/scene_queries.hpp - what several subcommands share: loading a scene with a progress bar,
// the region and ray options, and the Scene's answers in document order.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "collide2d/lasso.hpp"
#include "collide2d/scene.hpp"
#include "scene_io/loaded_scene.hpp"

namespace CLI {
class App;
}

namespace collide2d::tools {

LoadedScene load_scene(const std::string& path);

// Pairs of document indices, each (i, j) with i < j, sorted.
std::vector<std::pair<std::size_t, std::size_t>> overlapping_pairs(LoadedScene& loaded);

struct RegionArguments {
  std::vector<double> corners;  // x0 y0 x1 y1, any two opposite corners
  std::vector<double> lasso{};  // x0 y0 x1 y1 x2 y2 ...: a closed path (select only)
  double angle_deg = 0;         // turns the region about its centre
  std::string mode = "intersects";
  bool exclude_touching = false;

  bool given() const { return !corners.empty(); }
  Lasso<double> lasso_region() const;  // throws InputError on an odd count or a refused path
  Obb<double> region() const;          // throws InputError on a NaN or infinite value
  SelectMode select_mode() const;
};

void add_region_options(CLI::App& command, RegionArguments& arguments, const char* flag,
                        bool required);

// Document indices of the selected shapes, sorted.
std::vector<std::size_t> select(LoadedScene& loaded, const RegionArguments& arguments);

struct RayArguments {
  std::vector<double> origin;     // x y
  std::vector<double> direction;  // x y
  double max_t = std::numeric_limits<double>::infinity();
  Ray<double> ray() const;  // throws InputError for a NaN, an infinite origin or a zero direction
};

// Every shape the ray hits, by entry (closest only unless all), as document indices.
std::vector<std::pair<std::size_t, RayHit<double>>> cast(LoadedScene& loaded,
                                                         const Ray<double>& ray, bool all);

}  // namespace collide2d::tools
