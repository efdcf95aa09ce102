#include "svg/svg_render.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "collide2d/polygon.hpp"
#include "collide2d/raycast.hpp"

namespace collide2d::tools {
namespace {

constexpr double margin_left = 70;
constexpr double margin_right = 30;
constexpr double margin_top = 64;  // title and legend
constexpr double margin_bottom = 56;

// Fill and stroke of a shape; a highlight replaces the stroke.
const char* const shape_fill = "fill=\"#4e79a7\" fill-opacity=\"0.22\"";
const char* const shape_stroke = "stroke=\"#4e79a7\" stroke-width=\"1.2\"";
const char* const overlap_fill = "fill=\"#e15759\" fill-opacity=\"0.45\"";
const char* const overlap_stroke = "stroke=\"#b22222\" stroke-width=\"1.2\"";
const char* const selected_stroke = "stroke=\"#f28e2b\" stroke-width=\"3\"";
const char* const touched_stroke = "stroke=\"#f28e2b\" stroke-width=\"1.5\"";
const char* const shape_style = "fill=\"#4e79a7\" fill-opacity=\"0.22\" stroke=\"#4e79a7\"";
const char* const overlap_style = "fill=\"#e15759\" fill-opacity=\"0.45\" stroke=\"#b22222\"";
const char* const region_style =
    "fill=\"#f28e2b\" fill-opacity=\"0.08\" stroke=\"#f28e2b\" stroke-width=\"2\" "
    "stroke-dasharray=\"8 5\"";
const char* const ray_color = "#2e8b57";
const char* const exit_color = "#8e44ad";

std::string format(const char* pattern, double a) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, pattern, a);
  return buffer;
}

std::string escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// World (y up) to picture (y down) coordinates.
struct Frame {
  Aabb<double> world;
  double scale;

  double x(double world_x) const { return margin_left + (world_x - world.min.x) * scale; }
  double y(double world_y) const { return margin_top + (world.max.y - world_y) * scale; }
  std::string point(Vec2<double> p) const {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.2f,%.2f", x(p.x), y(p.y));
    return buffer;
  }
};

Aabb<double> merge(const Aabb<double>& a, const Aabb<double>& b) {
  return {component_min(a.min, b.min), component_max(a.max, b.max)};
}

// The world box to draw: every shape, the region and the ray origins, with a margin; never empty.
Aabb<double> world_bounds(const LoadedScene& scene, const RenderOptions& options) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  Aabb<double> box{{inf, inf}, {-inf, -inf}};
  for (std::size_t i = 0; i < scene.size(); ++i)
    box = merge(box, scene.bounds(i));
  if (options.region) box = merge(box, bounding_box(*options.region));
  for (const RenderedRay& ray : options.rays) {
    box = merge(box, Aabb<double>{ray.ray.origin, ray.ray.origin});
    for (const RayHit<double>& hit : ray.hits)
      box = merge(box, Aabb<double>{hit.point_exit, hit.point_exit});
  }
  if (!(box.min.x <= box.max.x)) box = {{0, 0}, {1, 1}};
  const Vec2<double> size = box.max - box.min;
  const double pad = std::max({size.x, size.y, 1e-9}) * 0.04;
  return {box.min - Vec2<double>{pad, pad}, box.max + Vec2<double>{pad, pad}};
}

// 1, 2 or 5 times a power of ten, near extent / 8.
double tick_step(double extent) {
  const double rough = extent / 8;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  for (const double factor : {1.0, 2.0, 5.0}) {
    if (factor * power >= rough) return factor * power;
  }
  return 10 * power;
}

std::string outline(const Frame& frame, const Shape<double>& shape) {
  std::vector<Vec2<double>> points;
  if (const auto* box = std::get_if<Aabb<double>>(&shape)) {
    points = {box->min, {box->max.x, box->min.y}, box->max, {box->min.x, box->max.y}};
  } else if (const auto* obb = std::get_if<Obb<double>>(&shape)) {
    Vec2<double> c[4];
    corners(*obb, c);
    points.assign(c, c + 4);
  } else if (const auto* polygon = std::get_if<ConvexPolygon<double>>(&shape)) {
    points.assign(polygon->vertices, polygon->vertices + polygon->count);
  } else if (const auto* rounded = std::get_if<RoundedPolygon<double>>(&shape)) {
    // Each core edge moved out by the radius, and between two edges the arc about their shared
    // vertex, from one edge's normal to the next's (8 steps).
    const ConvexPolygon<double>& core = rounded->core;
    const double r = rounded->radius;
    for (int i = 0; i < core.count; ++i) {
      const Vec2<double> before = core.normals[(i + core.count - 1) % core.count];
      const Vec2<double> after = core.normals[i];
      const double from = std::atan2(before.y, before.x);
      double turn = std::atan2(after.y, after.x) - from;
      if (turn < 0) turn += 2 * pi<double>;
      for (int k = 0; k <= 8; ++k) {
        const double a = from + turn * k / 8.0;
        points.push_back(core.vertices[i] + r * Vec2<double>{std::cos(a), std::sin(a)});
      }
    }
  } else if (const auto* capsule = std::get_if<Capsule<double>>(&shape)) {
    // Two half circles joined by the sides, 16 steps each.
    const Vec2<double> axis = capsule->b - capsule->a;
    const double angle = length(axis) > 0 ? std::atan2(axis.y, axis.x) : 0;
    for (int end = 0; end < 2; ++end) {
      const Vec2<double> centre = end == 0 ? capsule->b : capsule->a;
      for (int i = 0; i <= 16; ++i) {
        const double a = angle - pi<double> / 2 + pi<double> * (end + i / 16.0);
        points.push_back(centre + capsule->radius * Vec2<double>{std::cos(a), std::sin(a)});
      }
    }
  }
  std::string out = "<polygon points=\"";
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i != 0) out += ' ';
    out += frame.point(points[i]);
  }
  return out + "\"";
}

// highlight: 0 none, 1 touched, 2 selected.
std::string stroke_of(bool overlapping, int highlight) {
  return highlight == 2   ? selected_stroke
         : highlight == 1 ? touched_stroke
         : overlapping    ? overlap_stroke
                          : shape_stroke;
}

// A simple polygon as a path, "M x0,y0 L x1,y1 ... Z": any vertex count, concave allowed.
std::string polygon_element(const Frame& frame, const Polygon<double>& polygon, bool overlapping,
                            int highlight) {
  const std::vector<Vec2<double>>& vertices = polygon.vertices();
  std::string out = "<path d=\"M";
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    out += i == 0 ? " " : " L ";
    out += frame.point(vertices[i]);
  }
  return out + " Z\" " + (overlapping ? overlap_fill : shape_fill) + " " +
         stroke_of(overlapping, highlight) + "/>\n";
}

std::string shape_element(const Frame& frame, const Shape<double>& shape, bool overlapping,
                          int highlight) {
  const char* const style = overlapping ? overlap_fill : shape_fill;
  const std::string stroke = stroke_of(overlapping, highlight);
  char buffer[256];
  if (const auto* point = std::get_if<Point<double>>(&shape)) {
    std::snprintf(buffer, sizeof buffer, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3\" ",
                  frame.x(point->x), frame.y(point->y));
    return buffer + std::string(overlapping ? "fill=\"#b22222\" " : "fill=\"#4e79a7\" ") + stroke +
           "/>\n";
  }
  if (const auto* segment = std::get_if<Segment<double>>(&shape)) {
    std::snprintf(buffer, sizeof buffer, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" ",
                  frame.x(segment->a.x), frame.y(segment->a.y), frame.x(segment->b.x),
                  frame.y(segment->b.y));
    return buffer + stroke + "/>\n";
  }
  if (const auto* circle = std::get_if<Circle<double>>(&shape)) {
    std::snprintf(buffer, sizeof buffer, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" ",
                  frame.x(circle->center.x), frame.y(circle->center.y),
                  circle->radius * frame.scale);
    return buffer + std::string(style) + " " + stroke + "/>\n";
  }
  return outline(frame, shape) + " " + style + " " + stroke + "/>\n";
}

// A shape, a simple polygon, or a group as an SVG group of its parts.
std::string entry_element(const Frame& frame, const EntryShape& entry, bool overlapping,
                          int highlight) {
  if (const auto* shape = std::get_if<Shape<double>>(&entry)) {
    return shape_element(frame, *shape, overlapping, highlight);
  }
  if (const auto* polygon = std::get_if<Polygon<double>>(&entry)) {
    return polygon_element(frame, *polygon, overlapping, highlight);
  }
  std::string out = "<g class=\"group\">\n";
  for (const Shape<double>& part : std::get<ShapeGroup>(entry).parts)
    out += shape_element(frame, part, overlapping, highlight);
  return out + "</g>\n";
}

std::string text(double x, double y, const std::string& content, const char* anchor = "start",
                 int size = 12) {
  char buffer[128];
  std::snprintf(buffer, sizeof buffer,
                "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%d\" text-anchor=\"%s\">", x, y, size,
                anchor);
  return buffer + escape(content) + "</text>\n";
}

std::string axes(const Frame& frame, double width, double height) {
  const Aabb<double>& w = frame.world;
  const double step = tick_step(std::max(w.max.x - w.min.x, w.max.y - w.min.y));
  std::string out = "<g stroke=\"#999\" stroke-width=\"1\" font-family=\"sans-serif\">\n";
  char buffer[256];
  std::snprintf(buffer, sizeof buffer,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"none\"/>\n",
                margin_left, margin_top, width - margin_left - margin_right,
                height - margin_top - margin_bottom);
  out += buffer;
  const double bottom = height - margin_bottom;
  for (double x = std::ceil(w.min.x / step) * step; x <= w.max.x; x += step) {
    std::snprintf(buffer, sizeof buffer,
                  "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", frame.x(x), bottom,
                  frame.x(x), bottom + 5);
    out += buffer + text(frame.x(x), bottom + 18, format("%g", x + 0.0), "middle");
  }
  for (double y = std::ceil(w.min.y / step) * step; y <= w.max.y; y += step) {
    std::snprintf(buffer, sizeof buffer,
                  "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", margin_left - 5,
                  frame.y(y), margin_left, frame.y(y));
    out += buffer + text(margin_left - 8, frame.y(y) + 4, format("%g", y + 0.0), "end");
  }
  // The world axes themselves where they cross the picture.
  if (w.min.x <= 0 && 0 <= w.max.x) {
    std::snprintf(
        buffer, sizeof buffer,
        "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke-dasharray=\"2 3\"/>\n",
        frame.x(0), margin_top, frame.x(0), bottom);
    out += buffer;
  }
  if (w.min.y <= 0 && 0 <= w.max.y) {
    std::snprintf(
        buffer, sizeof buffer,
        "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke-dasharray=\"2 3\"/>\n",
        margin_left, frame.y(0), width - margin_right, frame.y(0));
    out += buffer;
  }
  out += text(width - margin_right, bottom + 36, "x", "end") +
         text(margin_left - 8, margin_top - 6, "y (up)", "end");
  // Scale bar: one tick step, bottom left.
  const double bar = step * frame.scale;
  std::snprintf(buffer, sizeof buffer,
                "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#000\" "
                "stroke-width=\"3\"/>\n",
                margin_left, bottom + 40, margin_left + bar, bottom + 40);
  out += buffer + text(margin_left + bar + 6, bottom + 44, format("%g units", step));
  return out + "</g>\n";
}

std::string legend(const RenderOptions& options) {
  std::string out = "<g font-family=\"sans-serif\">\n";
  out +=
      text(margin_left, 22, options.title.empty() ? "collide2d scene" : options.title, "start", 16);
  double x = margin_left;
  const double y = 46;
  const auto item = [&](const std::string& swatch, const std::string& label) {
    out += swatch + text(x + 20, y + 4, label);
    x += 28 + 7.0 * static_cast<double>(label.size());
  };
  char buffer[256];
  const auto box = [&](const char* style) {
    std::snprintf(buffer, sizeof buffer,
                  "<rect x=\"%.2f\" y=\"%.2f\" width=\"14\" height=\"10\" %s/>\n", x, y - 5, style);
    return std::string(buffer);
  };
  item(box(shape_style), "shape");
  item(box(overlap_style), "overlaps another shape");
  if (options.region) {
    item(box(region_style), "selection region");
    item(box("fill=\"none\" stroke=\"#f28e2b\" stroke-width=\"3\""), "selected");
    if (!options.touched.empty()) {
      item(box("fill=\"none\" stroke=\"#f28e2b\" stroke-width=\"1.5\""), "meets the region");
    }
  }
  if (!options.rays.empty()) {
    std::snprintf(buffer, sizeof buffer,
                  "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                  "stroke-width=\"2\"/>\n",
                  x, y, x + 14, y, ray_color);
    item(buffer, "ray");
    std::snprintf(buffer, sizeof buffer, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"5\" fill=\"%s\"/>\n",
                  x + 7, y, ray_color);
    item(buffer, "entry");
    std::snprintf(buffer, sizeof buffer,
                  "<rect x=\"%.2f\" y=\"%.2f\" width=\"9\" height=\"9\" fill=\"%s\"/>\n", x + 2.5,
                  y - 4.5, exit_color);
    item(buffer, "exit");
  }
  return out + "</g>\n";
}

std::string ray_elements(const Frame& frame, const RenderedRay& rendered) {
  // Drawn up to where it leaves the picture (or its max_t).
  const auto leaves = raycast(rendered.ray, frame.world);
  const double end = leaves ? leaves->t_exit : 0;
  const Vec2<double> tip = rendered.ray.origin + end * rendered.ray.direction;
  char buffer[256];
  std::snprintf(buffer, sizeof buffer,
                "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                "stroke-width=\"2\"/>\n<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3\" fill=\"%s\"/>\n",
                frame.x(rendered.ray.origin.x), frame.y(rendered.ray.origin.y), frame.x(tip.x),
                frame.y(tip.y), ray_color, frame.x(rendered.ray.origin.x),
                frame.y(rendered.ray.origin.y), ray_color);
  std::string out = buffer;
  for (const RayHit<double>& hit : rendered.hits) {
    std::snprintf(buffer, sizeof buffer,
                  "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"5\" fill=\"%s\"/>\n"
                  "<rect x=\"%.2f\" y=\"%.2f\" width=\"9\" height=\"9\" fill=\"%s\"/>\n",
                  frame.x(hit.point_enter.x), frame.y(hit.point_enter.y), ray_color,
                  frame.x(hit.point_exit.x) - 4.5, frame.y(hit.point_exit.y) - 4.5, exit_color);
    out += buffer;
  }
  return out;
}

bool flag(const std::vector<bool>& flags, std::size_t i) {
  return i < flags.size() && flags[i];
}

}  // namespace

std::string render_svg(const LoadedScene& scene, const RenderOptions& options) {
  const Aabb<double> world = world_bounds(scene, options);
  const double plot_width = options.width_px - margin_left - margin_right;
  const Frame frame{world, plot_width / (world.max.x - world.min.x)};
  const double height = margin_top + margin_bottom + (world.max.y - world.min.y) * frame.scale;
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  char buffer[256];
  std::snprintf(buffer, sizeof buffer,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                "viewBox=\"0 0 %.0f %.0f\">\n<rect width=\"100%%\" height=\"100%%\" "
                "fill=\"white\"/>\n",
                options.width_px, height, options.width_px, height);
  out += buffer;
  out += legend(options) + axes(frame, options.width_px, height);
  if (options.region) {
    out += outline(frame, *options.region) + " " + region_style + "/>\n";
  }
  out += "<g>\n";
  for (std::size_t i = 0; i < scene.size(); ++i) {
    const bool overlapping = flag(options.overlapping, i);
    const int highlight = flag(options.selected, i) ? 2 : flag(options.touched, i) ? 1 : 0;
    out += entry_element(frame, scene.entry(i), overlapping, highlight);
  }
  out += "</g>\n<g font-family=\"sans-serif\">\n";
  for (std::size_t i = 0; i < scene.size(); ++i) {
    if (!flag(options.labelled, i)) continue;
    const Aabb<double> box = scene.bounds(i);
    out += text(frame.x(box.center().x), frame.y(box.center().y) + 5, std::string(scene.name(i)),
                "middle", 14);
  }
  out += "</g>\n";
  for (const RenderedRay& ray : options.rays)
    out += ray_elements(frame, ray);
  return out + "</svg>\n";
}

}  // namespace collide2d::tools
