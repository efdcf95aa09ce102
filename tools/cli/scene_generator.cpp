#include "cli/scene_generator.hpp"

#include <cmath>

#include "collide2d/builders.hpp"
#include "collide2d/polygon.hpp"

namespace collide2d::tools {
namespace {

double hundredths(double value) {
  return std::round(value * 100) / 100;
}

Vec2<double> rounded(Vec2<double> p) {
  return {hundredths(p.x), hundredths(p.y)};
}

// A shape of a kind drawn from the mix, of about `size` across, centred at `centre`.
Shape<double> random_shape(Random& random, KindMix kinds, Vec2<double> centre, double size) {
  const double pick = kinds == KindMix::obb ? 0 : random.unit();
  const double angle = random.between(0, 2 * pi<double>);
  const Rot<double> rotation = Rot<double>::from_angle(angle);
  if (pick < 0.5) {
    const double aspect = random.between(0.3, 1);
    return make_obb(centre, hundredths(size), hundredths(size * aspect), rotation).value();
  }
  if (pick < 0.65) {
    const Vec2<double> half{hundredths(size / 2), hundredths(size * random.between(0.15, 0.5))};
    return Aabb<double>{centre - half, centre + half};
  }
  if (pick < 0.8) return make_circle(centre, hundredths(size / 2)).value();
  if (pick < 0.9) {
    const Vec2<double> half_axis = 0.35 * size * rotation.x_axis();
    return make_capsule(rounded(centre - half_axis), rounded(centre + half_axis),
                        hundredths(size * 0.15))
        .value();
  }
  // A regular polygon of 3 to 8 vertices; rounding keeps it strictly convex at these sizes.
  const int count = 3 + static_cast<int>(random.next() % 6);
  std::vector<Vec2<double>> vertices;
  for (int i = 0; i < count; ++i) {
    const double a = angle + 2 * pi<double> * i / count;
    vertices.push_back(rounded(centre + (size / 2) * Vec2<double>{std::cos(a), std::sin(a)}));
  }
  return make_polygon(vertices).value();
}

// A star-shaped simple polygon of 5 to 12 vertices, about `size` across: each vertex at an angle
// of its own, in turn round the centre, and a radius of its own, so that the outline never
// crosses itself and is concave nearly always. Rounding may, rarely, make it degenerate (three
// vertices on a line): then another is drawn.
Polygon<double> random_simple_polygon(Random& random, Vec2<double> centre, double size) {
  while (true) {
    const int count = 5 + static_cast<int>(random.next() % 8);
    const double start = random.between(0, 2 * pi<double>);
    std::vector<Vec2<double>> vertices;
    for (int i = 0; i < count; ++i) {
      const double a = start + 2 * pi<double> * (i + random.between(0.1, 0.9)) / count;
      const double r = (size / 2) * random.between(0.35, 1);
      vertices.push_back(rounded(centre + r * Vec2<double>{std::cos(a), std::sin(a)}));
    }
    if (const auto built = make_simple_polygon(vertices)) return built.value();
  }
}

// A group of 2 to 4 parts of the mixed kinds, each about half the size, near the centre (apart
// or overlapping).
ShapeGroup random_group(Random& random, Vec2<double> centre, double size) {
  const int count = 2 + static_cast<int>(random.next() % 3);
  ShapeGroup group;
  for (int i = 0; i < count; ++i) {
    const Vec2<double> offset{random.between(-size / 2, size / 2),
                              random.between(-size / 2, size / 2)};
    group.parts.push_back(random_shape(random, KindMix::mixed, rounded(centre + offset),
                                       size * random.between(0.4, 0.7)));
  }
  return group;
}

// An entry of the mix. mixed and obb draw exactly what they always drew: the files they make are
// checked byte for byte by tests and benchmarks.
EntryShape random_entry(Random& random, KindMix kinds, Vec2<double> centre, double size) {
  if (kinds == KindMix::every) {
    const double pick = random.unit();
    kinds = pick < 0.1 ? KindMix::simple_polygon : pick < 0.2 ? KindMix::group : KindMix::mixed;
  }
  if (kinds == KindMix::simple_polygon) return random_simple_polygon(random, centre, size);
  if (kinds == KindMix::group) return random_group(random, centre, size);
  return random_shape(random, kinds, centre, size);
}

}  // namespace

double Random::normal() {
  const double u = 1 - unit();  // (0, 1]: the logarithm stays finite
  return std::sqrt(-2 * std::log(u)) * std::cos(2 * pi<double> * unit());
}

SceneEntry random_box(Random& random, std::string id, Vec2<double> low, Vec2<double> high,
                      double min_size, double max_size) {
  const Vec2<double> centre =
      rounded({random.between(low.x, high.x), random.between(low.y, high.y)});
  const double width = hundredths(random.between(min_size, max_size));
  const double height = hundredths(random.between(min_size, max_size));
  const Rot<double> rotation = Rot<double>::from_angle(random.between(0, 2 * pi<double>));
  return {std::move(id), make_obb(centre, width, height, rotation).value(), 0, {}};
}

SceneDocument generate_scene(const GeneratorOptions& options,
                             const std::function<void(double)>& progress) {
  Random random(options.seed);
  const double side =
      options.world_size > 0
          ? options.world_size
          : 30 * std::sqrt(static_cast<double>(std::max<std::size_t>(options.count, 1)));
  const std::size_t columns =
      static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(options.count))));
  std::vector<Vec2<double>> clusters;
  for (int i = 0; i < 16; ++i)
    clusters.push_back({random.between(0, side), random.between(0, side)});
  SceneDocument document;
  document.shapes.reserve(options.count);
  for (std::size_t i = 0; i < options.count; ++i) {
    Vec2<double> centre;
    double size = random.between(options.min_size, options.max_size);
    switch (options.layout) {
      case Layout::uniform:
        centre = {random.between(0, side), random.between(0, side)};
        break;
      case Layout::clustered: {
        const Vec2<double> cluster = clusters[random.next() % clusters.size()];
        centre = cluster + (side / 16) * Vec2<double>{random.normal(), random.normal()};
        break;
      }
      case Layout::grid: {
        const double spacing = side / static_cast<double>(columns);
        centre = {(static_cast<double>(i % columns) + 0.5) * spacing,
                  (static_cast<double>(i / columns) + 0.5) * spacing};
        size = spacing * random.between(0.5, 1.1);  // some neighbours touch, most do not
        break;
      }
    }
    document.shapes.push_back(
        {std::to_string(i), random_entry(random, options.kinds, rounded(centre), size), 0, {}});
    if (progress && i % 65536 == 0) {
      progress(static_cast<double>(i) / static_cast<double>(options.count));
    }
  }
  return document;
}

}  // namespace collide2d::tools
