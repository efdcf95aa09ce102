// cli/scene_generator.hpp - reproducible random scenes: the same count, seed and layout give the
// same document on every platform (a 64-bit Mersenne Twister with our own mapping to doubles,
// not std::uniform_real_distribution, whose output the standard leaves to the implementation).
#pragma once

#include <cstdint>
#include <functional>
#include <random>

#include "scene_io/scene_document.hpp"

namespace collide2d::tools {

enum class Layout { uniform, clustered, grid };
// mixed: the convex kinds; every: those, simple polygons (a tenth) and groups (a tenth).
enum class KindMix { obb, mixed, simple_polygon, group, every };

struct GeneratorOptions {
  std::size_t count = 1000;
  std::uint64_t seed = 1;
  Layout layout = Layout::uniform;
  KindMix kinds = KindMix::mixed;
  // Side of the square world; 0 picks one that keeps the density of the classic marquee scene
  // (about 30 x 30 units a shape).
  double world_size = 0;
  double min_size = 5;
  double max_size = 30;
};

class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}
  // Uniform in [0, 1), from the top 53 bits.
  double unit() { return static_cast<double>(engine_() >> 11) * 0x1.0p-53; }
  double between(double low, double high) { return low + (high - low) * unit(); }
  // Standard normal (Box-Muller).
  double normal();
  std::uint64_t next() { return engine_(); }

 private:
  std::mt19937_64 engine_;
};

// count shapes, ids "0", "1", ...; progress(fraction) now and then when given.
SceneDocument generate_scene(const GeneratorOptions& options,
                             const std::function<void(double)>& progress = {});

// A rotated box at a random place and angle of the region [low, high]^2; coordinates rounded to
// hundredths so that files stay short.
SceneEntry random_box(Random& random, std::string id, Vec2<double> low, Vec2<double> high,
                      double min_size, double max_size);

}  // namespace collide2d::tools
