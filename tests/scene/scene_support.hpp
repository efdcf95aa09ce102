// Scene tests: seeded random shapes of every kind, regions, points and rays, and ReferenceScene,
// the brute-force answer to every Scene query: the exact test run on every shape.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "collide2d/collide2d.hpp"
#include "common/test_env.hpp"

namespace c2s {

using namespace collide2d;

enum class Layout { uniform, clustered, same_centre, huge_and_tiny, pixel_grid };

inline const char* layout_name(Layout layout) {
  switch (layout) {
    case Layout::uniform:
      return "uniform";
    case Layout::clustered:
      return "clustered";
    case Layout::same_centre:
      return "same_centre";
    case Layout::huge_and_tiny:
      return "huge_and_tiny";
    case Layout::pixel_grid:
      return "pixel_grid";
  }
  return "?";
}

using c2test::env_count;

inline constexpr double world = 1000;

// Shapes, regions, points and rays of one layout. Sizes scale with the count, so that a shape
// meets a few others whatever the count. On the pixel grid every coordinate is an integer and
// every rotation exact, so shapes and regions often touch exactly.
template <class T>
class ShapeSource {
 public:
  ShapeSource(Layout layout, int count, std::uint32_t seed) : layout_(layout), rng_(seed) {
    typical_ = world / std::sqrt(double(std::max(count, 1))) * 1.5;
    if (layout == Layout::pixel_grid) typical_ = std::max(2.0, std::round(typical_));
    huge_fraction_ = std::min(0.02, 20.0 / std::max(count, 1));
    for (int i = 0; i < 8; ++i)
      clusters_.push_back({uniform(0, world), uniform(0, world)});
  }

  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng_);
  }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  std::mt19937& rng() { return rng_; }

  // A centre and a size for the next shape.
  std::array<double, 3> place() {
    double size = typical_ * uniform(0.1, 1.0);
    switch (layout_) {
      case Layout::uniform:
        return {uniform(0, world), uniform(0, world), size};
      case Layout::clustered: {
        const auto& c = clusters_[std::size_t(integer(0, 7))];
        std::normal_distribution<double> spread(0, world / 50);
        return {c[0] + spread(rng_), c[1] + spread(rng_), size};
      }
      case Layout::same_centre:
        return {world / 2, world / 2, size * uniform(0.1, 4)};
      case Layout::huge_and_tiny:
        if (uniform(0, 1) < huge_fraction_)
          return {uniform(0, world), uniform(0, world), world / 3};
        return {uniform(0, world), uniform(0, world), size * 1e-3};
      case Layout::pixel_grid:
        return {double(integer(0, int(world))), double(integer(0, int(world))),
                double(integer(1, int(typical_)))};
    }
    return {0, 0, 1};
  }

  Rot<T> rotation() {
    if (layout_ == Layout::pixel_grid) {
      static const Rot<T> exact[] = {{T(1), T(0)},  {T(0), T(1)},     {T(-1), T(0)},
                                     {T(0), T(-1)}, {T(0.6), T(0.8)}, {T(0.8), T(-0.6)}};
      return exact[integer(0, 5)];
    }
    return Rot<T>::from_angle(T(uniform(0, 2 * pi<double>)));
  }

  Vec2<T> point_near(double cx, double cy, double r) {
    if (layout_ == Layout::pixel_grid) {
      return {T(cx + integer(-int(r), int(r))), T(cy + integer(-int(r), int(r)))};
    }
    return {T(cx + uniform(-r, r)), T(cy + uniform(-r, r))};
  }

  ConvexPolygon<T> polygon(double cx, double cy, double r) {
    for (;;) {
      std::vector<Vec2<T>> points;
      const int n = integer(3, 8);
      for (int i = 0; i < n; ++i)
        points.push_back(point_near(cx, cy, std::max(r, 1.0)));
      if (auto hull = make_convex_hull(points)) return hull.value();
    }
  }

  Obb<T> obb(double cx, double cy, double size) {
    const double hx =
        layout_ == Layout::pixel_grid ? integer(1, int(size)) : size * uniform(0.2, 1);
    const double hy =
        layout_ == Layout::pixel_grid ? integer(1, int(size)) : size * uniform(0.2, 1);
    return {{T(cx), T(cy)}, {T(hx), T(hy)}, rotation()};
  }

  Aabb<T> aabb(double cx, double cy, double size) {
    const double hx = layout_ == Layout::pixel_grid ? integer(0, int(size)) : size * uniform(0, 1);
    const double hy = layout_ == Layout::pixel_grid ? integer(0, int(size)) : size * uniform(0, 1);
    return {{T(cx - hx), T(cy - hy)}, {T(cx + hx), T(cy + hy)}};
  }

  // A rounded box (an Obb's corners as the core: make_rounded_box) or a rounded hull, the radius
  // up to a third of the size (an integer, 0 included, on the pixel grid). The core is at least a
  // few units in size, as polygon() makes it, so that its normals survive a move in float.
  RoundedPolygon<T> rounded(double cx, double cy, double size) {
    const double radius = layout_ == Layout::pixel_grid ? double(integer(0, int(size / 3)))
                                                        : size * uniform(0, 1.0 / 3);
    const double core =
        std::max(2.0, layout_ == Layout::pixel_grid ? std::floor(size * 0.7) : size * 0.7);
    if (integer(0, 2) > 0) {
      const Obb<T> b = obb(cx, cy, core);
      auto box = make_rounded_box(b.center, T(2) * b.half_extents.x, T(2) * b.half_extents.y,
                                  b.rotation, T(radius));
      if (box) return box.value();
    }
    return {polygon(cx, cy, core), T(radius)};
  }

  // A shape of any kind; mostly boxes and rounded boxes, as in an editor. obb_only: only rotated
  // boxes.
  Shape<T> shape(bool obb_only = false) {
    const auto [cx, cy, size] = place();
    if (obb_only) return obb(cx, cy, size);
    const int kind = integer(0, 22);
    if (kind >= 20) return rounded(cx, cy, size);
    const double r =
        layout_ == Layout::pixel_grid ? double(integer(0, int(size))) : size * uniform(0, 1);
    if (kind == 0) return point_near(cx, cy, 0);
    if (kind == 1) return Segment<T>{point_near(cx, cy, size), point_near(cx, cy, size)};
    if (kind <= 3) return Circle<T>{{T(cx), T(cy)}, T(r)};
    if (kind <= 5) return Capsule<T>{point_near(cx, cy, size), point_near(cx, cy, size), T(r / 2)};
    if (kind <= 9) return aabb(cx, cy, size);
    if (kind <= 16) return obb(cx, cy, size);
    return polygon(cx, cy, size);
  }

  // Regions of every scale, from a few pixels to most of the world.
  double region_size() {
    const double s = std::pow(10.0, uniform(-0.5, 2.9));
    return layout_ == Layout::pixel_grid ? std::max(1.0, std::round(s)) : s;
  }
  Vec2<T> region_centre() {
    if (layout_ == Layout::pixel_grid) {
      return {T(integer(-50, int(world) + 50)), T(integer(-50, int(world) + 50))};
    }
    if (layout_ == Layout::same_centre && uniform(0, 1) < 0.5) {
      return {T(world / 2 + uniform(-20, 20)), T(world / 2 + uniform(-20, 20))};
    }
    return {T(uniform(-50, world + 50)), T(uniform(-50, world + 50))};
  }
  Aabb<T> region_aabb() {
    const Vec2<T> c = region_centre();
    last_region_ = aabb(double(c.x), double(c.y), region_size());
    return last_region_;
  }
  const Aabb<T>& last_region() const { return last_region_; }
  Obb<T> region_obb() {
    const Vec2<T> c = region_centre();
    return obb(double(c.x), double(c.y), region_size());
  }
  ConvexPolygon<T> region_polygon() {
    const Vec2<T> c = region_centre();
    return polygon(double(c.x), double(c.y), region_size());
  }
  Vec2<T> probe_point(const std::vector<Shape<T>>& shapes) {
    // Half the probes at a shape's anchor (so they hit), half anywhere.
    if (!shapes.empty() && uniform(0, 1) < 0.5) {
      const Aabb<T> box = bounding_box(shapes[std::size_t(integer(0, int(shapes.size()) - 1))]);
      return layout_ == Layout::pixel_grid ? box.min : box.center();
    }
    return region_centre();
  }
  Ray<T> ray() {
    const Vec2<T> origin = region_centre();
    Vec2<T> d;
    const double kind = uniform(0, 1);
    if (kind < 0.2) {
      d = {T(1), T(0)};
    } else if (kind < 0.3) {
      d = {T(0), T(-1)};
    } else {
      const double a = uniform(0, 2 * pi<double>);
      d = {T(std::cos(a)), T(std::sin(a))};
    }
    const T max_t = uniform(0, 1) < 0.5 ? std::numeric_limits<T>::infinity() : T(uniform(0, 800));
    return {origin, d, max_t};
  }

 private:
  Layout layout_;
  std::mt19937 rng_;
  double typical_;
  double huge_fraction_;
  std::vector<std::array<double, 2>> clusters_;
  Aabb<T> last_region_{};
};

// The brute-force scene: every query is the exact test on every live shape.
template <class T>
class ReferenceScene {
 public:
  struct Entry {
    Shape<T> shape;
    std::int32_t z = 0;
    Filter filter{};
    bool alive = false;
  };

  void set(ShapeId id, const Shape<T>& shape) {
    const auto i = std::size_t(id);
    if (i >= entries_.size()) entries_.resize(i + 1);
    if (!entries_[i].alive) entries_[i] = Entry{};
    entries_[i].shape = shape;
    entries_[i].alive = true;
  }
  void remove(ShapeId id) { entries_.at(std::size_t(id)).alive = false; }
  Entry& at(ShapeId id) { return entries_.at(std::size_t(id)); }
  std::vector<ShapeId> live() const {
    std::vector<ShapeId> ids;
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      if (entries_[i].alive) ids.push_back(ShapeId(std::uint32_t(i)));
    }
    return ids;
  }
  std::vector<Shape<T>> shapes() const {
    std::vector<Shape<T>> out;
    for (const Entry& e : entries_) {
      if (e.alive) out.push_back(e.shape);
    }
    return out;
  }

  bool passes(ShapeId id, const QueryOptions& options) const {
    const Filter f = entries_[std::size_t(id)].filter;
    if ((f.categories & options.filter.mask) == 0 || (options.filter.categories & f.mask) == 0) {
      return false;
    }
    return !options.accept || options.accept(id);
  }

  template <class Q>
  std::vector<ShapeId> select(const Q& region, SelectMode mode, const QueryOptions& options) const {
    std::vector<ShapeId> out;
    for (const ShapeId id : live()) {
      const Shape<T>& s = entries_[std::size_t(id)].shape;
      const Shape<T> q = region;
      bool hit;
      if (mode == SelectMode::intersects) {
        hit = options.exclude_touching ? overlaps_interior(q, s) : overlaps(q, s);
      } else {
        hit = options.exclude_touching ? contains_strictly(q, s) : contains(q, s);
      }
      if (hit && passes(id, options)) out.push_back(id);
    }
    return out;
  }

  bool above(ShapeId a, ShapeId b) const {
    const std::int32_t za = entries_[std::size_t(a)].z, zb = entries_[std::size_t(b)].z;
    return za != zb ? za > zb : a > b;
  }

  std::vector<ShapeId> hit_test(Vec2<T> p, const QueryOptions& options) const {
    std::vector<ShapeId> out = select(Point<T>(p), SelectMode::intersects, options);
    std::sort(out.begin(), out.end(), [this](ShapeId a, ShapeId b) { return above(a, b); });
    return out;
  }

  std::vector<SceneRayHit<T>> raycast_all(const Ray<T>& ray, const QueryOptions& options) const {
    std::vector<SceneRayHit<T>> out;
    for (const ShapeId id : live()) {
      if (!passes(id, options)) continue;
      if (auto hit = raycast(ray, entries_[std::size_t(id)].shape)) out.push_back({id, *hit});
    }
    std::sort(out.begin(), out.end(), [this](const auto& a, const auto& b) {
      if (a.hit.t_enter != b.hit.t_enter) return a.hit.t_enter < b.hit.t_enter;
      return above(a.id, b.id);
    });
    return out;
  }

  // Pairs sorted by (first, second); bounding boxes (slightly enlarged, so that rounding cannot
  // hide a touching pair) sweep along x to skip pairs that are far apart.
  std::vector<ShapePair> pairs(const QueryOptions& options) const {
    struct Item {
      ShapeId id;
      Aabb<T> box;
    };
    std::vector<Item> items;
    for (const ShapeId id : live()) {
      if (!passes(id, options)) continue;
      Aabb<T> b = bounding_box(entries_[std::size_t(id)].shape);
      const T m = T(1e-3) + T(1e-4) * std::max({std::abs(b.min.x), std::abs(b.min.y),
                                                std::abs(b.max.x), std::abs(b.max.y)});
      items.push_back({id, {{b.min.x - m, b.min.y - m}, {b.max.x + m, b.max.y + m}}});
    }
    std::sort(items.begin(), items.end(),
              [](const Item& a, const Item& b) { return a.box.min.x < b.box.min.x; });
    std::vector<ShapePair> out;
    for (std::size_t i = 0; i < items.size(); ++i) {
      for (std::size_t j = i + 1; j < items.size() && items[j].box.min.x <= items[i].box.max.x;
           ++j) {
        if (items[j].box.min.y > items[i].box.max.y || items[j].box.max.y < items[i].box.min.y) {
          continue;
        }
        const Entry& a = entries_[std::size_t(items[i].id)];
        const Entry& b = entries_[std::size_t(items[j].id)];
        if ((a.filter.categories & b.filter.mask) == 0 ||
            (b.filter.categories & a.filter.mask) == 0) {
          continue;
        }
        const bool hit = options.exclude_touching ? overlaps_interior(a.shape, b.shape)
                                                  : overlaps(a.shape, b.shape);
        if (!hit) continue;
        const ShapeId x = std::min(items[i].id, items[j].id),
                      y = std::max(items[i].id, items[j].id);
        out.push_back({x, y});
      }
    }
    return sorted(out);
  }

  static std::vector<ShapePair> sorted(std::vector<ShapePair> v) {
    std::sort(v.begin(), v.end(), [](ShapePair a, ShapePair b) {
      return a.first != b.first ? a.first < b.first : a.second < b.second;
    });
    return v;
  }

 private:
  std::vector<Entry> entries_;
};

inline std::vector<ShapeId> sorted(std::vector<ShapeId> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// What two sorted answers differ by, for failure messages: "missing #3, extra #7".
template <class V>
std::string difference(const std::vector<V>& got, const std::vector<V>& expected) {
  auto less = [](const V& a, const V& b) {
    if constexpr (std::is_same_v<V, ShapePair>) {
      return a.first != b.first ? a.first < b.first : a.second < b.second;
    } else {
      return a < b;
    }
  };
  auto name = [](const V& v) {
    if constexpr (std::is_same_v<V, ShapePair>) {
      return "(#" + std::to_string(std::uint32_t(v.first)) + ", #" +
             std::to_string(std::uint32_t(v.second)) + ")";
    } else {
      return "#" + std::to_string(std::uint32_t(v));
    }
  };
  std::vector<V> missing, extra;
  std::set_difference(expected.begin(), expected.end(), got.begin(), got.end(),
                      std::back_inserter(missing), less);
  std::set_difference(got.begin(), got.end(), expected.begin(), expected.end(),
                      std::back_inserter(extra), less);
  std::string out =
      "sizes " + std::to_string(got.size()) + " vs " + std::to_string(expected.size());
  for (std::size_t i = 0; i < missing.size() && i < 5; ++i)
    out += ", missing " + name(missing[i]);
  for (std::size_t i = 0; i < extra.size() && i < 5; ++i)
    out += ", extra " + name(extra[i]);
  return out;
}

// Readable ids in failure messages.
inline void PrintTo(ShapeId id, std::ostream* os) {
  *os << "#" << std::uint32_t(id);
}

}  // namespace c2s

namespace collide2d {
inline void PrintTo(ShapeId id, std::ostream* os) {
  *os << "#" << std::uint32_t(id);
}
inline void PrintTo(const ShapePair& p, std::ostream* os) {
  *os << "(#" << std::uint32_t(p.first) << ", #" << std::uint32_t(p.second) << ")";
}
}  // namespace collide2d
