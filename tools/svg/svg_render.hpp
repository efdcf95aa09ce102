// svg/svg_render.hpp - a scene drawn as an SVG picture: shapes in a y-up frame (the picture flips
// y), overlapping shapes in red, a selection region and the shapes it selects highlighted, rays
// with their entry and exit points, axes with ticks, a scale bar and a legend.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "collide2d/raycast.hpp"
#include "collide2d/shapes.hpp"
#include "scene_io/loaded_scene.hpp"

namespace collide2d::tools {

struct RenderedRay {
  Ray<double> ray;
  std::vector<RayHit<double>> hits;  // entry and exit points to mark
};

struct RenderOptions {
  std::string title;
  // Per file index; empty vectors mean none.
  std::vector<bool> overlapping;
  std::vector<bool> selected;  // outlined thick (contains mode, or any selection)
  std::vector<bool> touched;   // outlined thin: meets the region without being selected
  std::vector<bool> labelled;  // the shape's id is written at its centre
  std::optional<Obb<double>> region;
  std::vector<RenderedRay> rays;
  double width_px = 1000;
};

std::string render_svg(const LoadedScene& scene, const RenderOptions& options);

}  // namespace collide2d::tools
