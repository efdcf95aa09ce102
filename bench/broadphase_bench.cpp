// Broad phase: collide2d's Scene beside the indexes users would pick instead, on the same seeded
// data in the same run.
//
// Data (float): 1,000,000 rotated boxes in a 1000 x 1000 world, centres uniform, half extents
// uniform in [0.5, 8], angles uniform; and 100,000 boxes of the same kind for all-pairs and
// moving-box steps. Every query answer is exact, as users run it:
//   collide2d           Scene<float> (automatic index: a packed Hilbert R-tree per shape kind)
//   box2d_tree          Box2D 2.4 b2DynamicTree (fat boxes, margin 0.1), then a plain exact test
//   boost_rtree         Boost.Geometry rtree<pair<box, id>, rstar<16>> from the packing
//                       constructor, then the plain exact test
//   boost_rtree_ours    the same candidates, then collide2d's exact test
//   brute_force         collide2d's exact test on every box
//   brute_force_plain   the plain exact test on every box
// "Plain exact test": what a user writes without this library: the boxes' corners projected on
// the four box axes (separating axes), corners against the region for containment, a slab test
// in the box's frame for rays.
//
// Benchmarks are named query/case/library for bench/summarize.py. Selection regions are squares
// of 0.01%, 1%, 5%, 10% and 25% of the world, axis-aligned or turned by a random angle, at 64
// seeded places cycled through; one iteration is one query, so times are per query.
#include <benchmark/benchmark.h>
#include <box2d/b2_broad_phase.h>
#include <box2d/b2_dynamic_tree.h>

#include <algorithm>
#include <boost/geometry.hpp>
#include <boost/geometry/index/rtree.hpp>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "broadphase_data.hpp"
#include "collide2d/collide2d.hpp"
#include "scene/obb_pairs_avx2.hpp"  // to time the SSE2 kernel beside the AVX2 join

namespace {

using namespace collide2d;
namespace bg = boost::geometry;
namespace bgi = boost::geometry::index;

using BoostPoint = bg::model::point<float, 2, bg::cs::cartesian>;
using BoostBox = bg::model::box<BoostPoint>;
using BoostValue = std::pair<BoostBox, std::uint32_t>;
using BoostTree = bgi::rtree<BoostValue, bgi::rstar<16>>;

using broadphase_data::big_count;
using broadphase_data::make_boxes;
using broadphase_data::make_lasso_path;
using broadphase_data::region_count;
using broadphase_data::world;
constexpr int pair_count = 100000;

// ---- The plain exact tests a user writes without this library. ----

struct Quad {
  Vec2<float> p[4];
  Vec2<float> axis[2];
};

Quad quad_of(const Obb<float>& b) {
  Quad q;
  const Vec2<float> ax = b.rotation.x_axis(), ay = b.rotation.y_axis();
  const Vec2<float> ex = b.half_extents.x * ax, ey = b.half_extents.y * ay;
  q.p[0] = b.center - ex - ey;
  q.p[1] = b.center + ex - ey;
  q.p[2] = b.center + ex + ey;
  q.p[3] = b.center - ex + ey;
  q.axis[0] = ax;
  q.axis[1] = ay;
  return q;
}

Quad quad_of(const Aabb<float>& b) {
  return {{b.min, {b.max.x, b.min.y}, b.max, {b.min.x, b.max.y}}, {{1, 0}, {0, 1}}};
}

bool separated_on(const Quad& a, const Quad& b, Vec2<float> axis) {
  float a0 = dot(a.p[0], axis), a1 = a0, b0 = dot(b.p[0], axis), b1 = b0;
  for (int i = 1; i < 4; ++i) {
    a0 = std::min(a0, dot(a.p[i], axis));
    a1 = std::max(a1, dot(a.p[i], axis));
    b0 = std::min(b0, dot(b.p[i], axis));
    b1 = std::max(b1, dot(b.p[i], axis));
  }
  return a1 < b0 || b1 < a0;
}

bool plain_overlap(const Quad& a, const Quad& b) {
  for (int i = 0; i < 2; ++i) {
    if (separated_on(a, b, a.axis[i]) || separated_on(a, b, b.axis[i])) return false;
  }
  return true;
}

// Every corner of b inside the region quad (in its frame).
bool plain_contains(const Quad& region, const Quad& b) {
  const Vec2<float> c = 0.5f * (region.p[0] + region.p[2]);
  const float hx = 0.5f * length(region.p[1] - region.p[0]);
  const float hy = 0.5f * length(region.p[3] - region.p[0]);
  for (const Vec2<float>& p : b.p) {
    const Vec2<float> d = p - c;
    if (std::abs(dot(d, region.axis[0])) > hx || std::abs(dot(d, region.axis[1])) > hy) {
      return false;
    }
  }
  return true;
}

bool plain_point_in(const Obb<float>& b, Vec2<float> p) {
  const Vec2<float> d = inverse_rotate(b.rotation, p - b.center);
  return std::abs(d.x) <= b.half_extents.x && std::abs(d.y) <= b.half_extents.y;
}

// Slab test in the box's frame: the entry parameter, or a negative value for a miss.
float plain_ray(const Obb<float>& b, Vec2<float> origin, Vec2<float> dir, float max_t) {
  const Vec2<float> o = inverse_rotate(b.rotation, origin - b.center);
  const Vec2<float> d = inverse_rotate(b.rotation, dir);
  float lo = 0, hi = max_t;
  for (int axis = 0; axis < 2; ++axis) {
    const float oa = axis == 0 ? o.x : o.y, da = axis == 0 ? d.x : d.y;
    const float h = axis == 0 ? b.half_extents.x : b.half_extents.y;
    if (da == 0) {
      if (std::abs(oa) > h) return -1;
      continue;
    }
    float t0 = (-h - oa) / da, t1 = (h - oa) / da;
    if (t0 > t1) std::swap(t0, t1);
    lo = std::max(lo, t0);
    hi = std::min(hi, t1);
    if (lo > hi) return -1;
  }
  return lo;
}

// ---- Queries. ----

struct Region {
  Aabb<float> box;  // the region's bounding box (the region itself when axis-aligned)
  Obb<float> obb;   // the region as a rotated box (rotation identity when axis-aligned)
  Quad quad;
  bool rotated;
};

std::vector<Region> make_regions(double fraction, bool rotated, std::uint32_t seed) {
  std::vector<Region> regions;
  for (const Obb<float>& obb : broadphase_data::make_squares(fraction, rotated, seed)) {
    Region r;
    r.obb = obb;
    r.box = bounding_box(r.obb);
    if (!rotated) r.box = {obb.center - obb.half_extents, obb.center + obb.half_extents};
    r.quad = rotated ? quad_of(r.obb) : quad_of(r.box);
    r.rotated = rotated;
    regions.push_back(r);
  }
  return regions;
}

struct World {
  std::vector<Obb<float>> boxes;
  std::vector<Quad> quads;  // the plain test's corners, precomputed as a user would
  Scene<float> scene;
  b2DynamicTree box2d;
  BoostTree boost;

  explicit World(std::vector<Obb<float>> b) : boxes(std::move(b)) {
    for (const auto& box : boxes) {
      quads.push_back(quad_of(box));
      scene.add(box);
    }
    scene.update();
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      const Aabb<float> a = bounding_box(boxes[i]);
      b2AABB aabb;
      aabb.lowerBound.Set(a.min.x, a.min.y);
      aabb.upperBound.Set(a.max.x, a.max.y);
      box2d.CreateProxy(aabb, reinterpret_cast<void*>(i));
    }
    std::vector<BoostValue> values;
    values.reserve(boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      const Aabb<float> a = bounding_box(boxes[i]);
      values.emplace_back(BoostBox({a.min.x, a.min.y}, {a.max.x, a.max.y}), std::uint32_t(i));
    }
    boost = BoostTree(values.begin(), values.end());
  }
};

World& big_world() {
  static World w(make_boxes(big_count, 2026));
  return w;
}

b2AABB to_b2(const Aabb<float>& a) {
  b2AABB out;
  out.lowerBound.Set(a.min.x, a.min.y);
  out.upperBound.Set(a.max.x, a.max.y);
  return out;
}

BoostBox to_boost(const Aabb<float>& a) {
  return BoostBox({a.min.x, a.min.y}, {a.max.x, a.max.y});
}

// The exact test of the region against box i: plain, or collide2d's.
bool plain_select(const World& w, const Region& r, std::uint32_t i, SelectMode mode) {
  return mode == SelectMode::intersects ? plain_overlap(r.quad, w.quads[i])
                                        : plain_contains(r.quad, w.quads[i]);
}

bool exact_select(const World& w, const Region& r, std::uint32_t i, SelectMode mode) {
  const Obb<float>& b = w.boxes[i];
  if (r.rotated) return mode == SelectMode::intersects ? overlaps(r.obb, b) : contains(r.obb, b);
  return mode == SelectMode::intersects ? overlaps(r.box, b) : contains(r.box, b);
}

struct Box2dCollector {
  const b2DynamicTree* tree;
  std::vector<std::uint32_t>* out;
  bool QueryCallback(int32 proxy) {
    out->push_back(std::uint32_t(reinterpret_cast<std::uintptr_t>(tree->GetUserData(proxy))));
    return true;
  }
};

void select_benchmark(benchmark::State& state, double fraction, bool rotated, SelectMode mode,
                      const std::string& library) {
  World& w = big_world();
  const auto regions = make_regions(fraction, rotated, 7 + std::uint32_t(fraction * 1e6));
  std::vector<ShapeId> ids;
  std::vector<std::uint32_t> candidates, found;
  std::vector<BoostValue> boost_hits;
  std::size_t k = 0;
  std::size_t answers = 0;
  for (auto _ : state) {
    const Region& r = regions[k++ % regions.size()];
    found.clear();
    if (library == "collide2d") {
      ids.clear();
      if (rotated) {
        w.scene.select(r.obb, mode, {}, ids);
      } else {
        w.scene.select(r.box, mode, {}, ids);
      }
      answers += ids.size();
      benchmark::DoNotOptimize(ids.data());
      continue;
    }
    if (library == "box2d_tree") {
      candidates.clear();
      Box2dCollector collector{&w.box2d, &candidates};
      w.box2d.Query(&collector, to_b2(r.box));
      for (const std::uint32_t i : candidates) {
        if (plain_select(w, r, i, mode)) found.push_back(i);
      }
    } else if (library == "boost_rtree" || library == "boost_rtree_ours") {
      boost_hits.clear();
      // Contained boxes have their bounding box within the region's: Boost's covered_by is the
      // tighter box query then.
      if (mode == SelectMode::contains) {
        w.boost.query(bgi::covered_by(to_boost(r.box)), std::back_inserter(boost_hits));
      } else {
        w.boost.query(bgi::intersects(to_boost(r.box)), std::back_inserter(boost_hits));
      }
      const bool ours = library == "boost_rtree_ours";
      for (const BoostValue& v : boost_hits) {
        if (ours ? exact_select(w, r, v.second, mode) : plain_select(w, r, v.second, mode)) {
          found.push_back(v.second);
        }
      }
    } else if (library == "brute_force") {
      for (std::uint32_t i = 0; i < w.boxes.size(); ++i) {
        if (exact_select(w, r, i, mode)) found.push_back(i);
      }
    } else {  // brute_force_plain
      for (std::uint32_t i = 0; i < w.boxes.size(); ++i) {
        if (plain_select(w, r, i, mode)) found.push_back(i);
      }
    }
    answers += found.size();
    benchmark::DoNotOptimize(found.data());
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["answers"] =
      double(answers) / double(std::max<std::int64_t>(1, state.iterations()));
}

// ---- Lasso selection beside the marquee of the same area. ----

// One iteration: the lasso's query (its time is the row's) and then, at the same place, the
// marquee of the same area (an axis-aligned square), timed alike: "ratio" is lasso / marquee over
// the same iterations, measured in the same run. The 64 lassos are built before the loop
// (build_us: make_lasso's time per lasso).
void lasso_benchmark(benchmark::State& state, double fraction, SelectMode mode, int points) {
  using Clock = std::chrono::steady_clock;
  World& w = big_world();
  const auto regions = make_regions(fraction, false, 7 + std::uint32_t(fraction * 1e6));
  std::mt19937 rng(99);
  std::vector<Lasso<float>> lassos;
  const auto build_start = Clock::now();
  for (const Region& r : regions)
    lassos.push_back(make_lasso(make_lasso_path(r.box, points, rng)).value());
  const double build = std::chrono::duration<double>(Clock::now() - build_start).count();
  std::vector<ShapeId> ids;
  std::size_t k = 0, answers = 0, marquee_answers = 0;
  double lasso_time = 0, marquee_time = 0;
  for (auto _ : state) {
    const std::size_t at = k++ % regions.size();
    ids.clear();
    const auto t0 = Clock::now();
    w.scene.select(lassos[at], mode, {}, ids);
    const auto t1 = Clock::now();
    answers += ids.size();
    ids.clear();
    w.scene.select(regions[at].box, mode, {}, ids);
    const auto t2 = Clock::now();
    marquee_answers += ids.size();
    benchmark::DoNotOptimize(ids.data());
    const double lasso_s = std::chrono::duration<double>(t1 - t0).count();
    lasso_time += lasso_s;
    marquee_time += std::chrono::duration<double>(t2 - t1).count();
    state.SetIterationTime(lasso_s);
  }
  const double n = double(std::max<std::int64_t>(1, state.iterations()));
  state.SetItemsProcessed(state.iterations());
  state.counters["answers"] = double(answers) / n;
  state.counters["marquee_answers"] = double(marquee_answers) / n;
  state.counters["marquee_us"] = marquee_time / n * 1e6;
  state.counters["ratio"] = lasso_time / std::max(marquee_time, 1e-12);
  state.counters["build_us"] = build / double(lassos.size()) * 1e6;
}

// ---- Hit tests and rays. ----

std::vector<Vec2<float>> make_points(std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0, world);
  std::vector<Vec2<float>> points;
  for (int i = 0; i < region_count; ++i)
    points.push_back({u(rng), u(rng)});
  return points;
}

void hit_benchmark(benchmark::State& state, const std::string& library) {
  World& w = big_world();
  const auto points = make_points(99);
  std::vector<std::uint32_t> candidates, found;
  std::vector<BoostValue> boost_hits;
  std::size_t k = 0;
  for (auto _ : state) {
    const Vec2<float> p = points[k++ % points.size()];
    if (library == "collide2d") {
      benchmark::DoNotOptimize(w.scene.hit_test(p));
      continue;
    }
    found.clear();
    if (library == "box2d_tree") {
      candidates.clear();
      Box2dCollector collector{&w.box2d, &candidates};
      w.box2d.Query(&collector, to_b2({p, p}));
      for (const std::uint32_t i : candidates) {
        if (plain_point_in(w.boxes[i], p)) found.push_back(i);
      }
    } else if (library == "boost_rtree" || library == "boost_rtree_ours") {
      boost_hits.clear();
      w.boost.query(bgi::intersects(BoostPoint(p.x, p.y)), std::back_inserter(boost_hits));
      for (const BoostValue& v : boost_hits) {
        const bool in = library == "boost_rtree" ? plain_point_in(w.boxes[v.second], p)
                                                 : overlaps(p, w.boxes[v.second]);
        if (in) found.push_back(v.second);
      }
    } else {
      const bool plain = library == "brute_force_plain";
      for (std::uint32_t i = 0; i < w.boxes.size(); ++i) {
        if (plain ? plain_point_in(w.boxes[i], p) : overlaps(p, w.boxes[i])) found.push_back(i);
      }
    }
    // Topmost first, as hit_test answers: here the latest added.
    std::sort(found.begin(), found.end(), std::greater<>());
    benchmark::DoNotOptimize(found.data());
  }
  state.SetItemsProcessed(state.iterations());
}

// Nearest shapes to a point (issue 15): the Scene's k nearest by exact distance; Boost's rtree
// k-nearest by box distance (bgi::nearest: a best-first search, the algorithm of flatbush's
// neighbors), alone and followed by our exact distance on the boxes it returns (not the same
// answer: a nearer box is not always a nearer shape, which is why the Scene ranks by shape);
// and brute force, the exact distance to every box.
void nearest_benchmark(benchmark::State& state, std::size_t k, const std::string& library) {
  World& w = big_world();
  const auto points = make_points(77);
  std::vector<BoostValue> boost_hits;
  std::vector<std::pair<float, std::uint32_t>> all;
  std::size_t next = 0;
  double farthest = 0;
  for (auto _ : state) {
    const Vec2<float> p = points[next++ % points.size()];
    if (library == "collide2d") {
      const auto found = w.scene.nearest(p, k);
      farthest += found.empty() ? 0.0 : double(found.back().distance);
      benchmark::DoNotOptimize(found.data());
    } else if (library == "boost_rtree" || library == "boost_rtree_ours") {
      boost_hits.clear();
      w.boost.query(bgi::nearest(BoostPoint(p.x, p.y), unsigned(k)),
                    std::back_inserter(boost_hits));
      float worst = 0;
      if (library == "boost_rtree_ours") {
        for (const BoostValue& v : boost_hits)
          worst = std::max(worst, distance(Point<float>(p), w.boxes[v.second]).distance);
      }
      farthest += double(worst);
      benchmark::DoNotOptimize(boost_hits.data());
    } else {  // brute_force
      all.clear();
      for (std::uint32_t i = 0; i < w.boxes.size(); ++i)
        all.emplace_back(distance(Point<float>(p), w.boxes[i]).distance, i);
      std::partial_sort(all.begin(), all.begin() + std::ptrdiff_t(k), all.end());
      farthest += double(all[k - 1].first);
      benchmark::DoNotOptimize(all.data());
    }
  }
  state.SetItemsProcessed(state.iterations());
  // The mean distance of the k-th answer: equal for collide2d and brute force.
  state.counters["kth_distance"] = farthest / double(std::max<std::int64_t>(1, state.iterations()));
}

// Rays from outside the world's edges, aimed inwards, as long as the world is wide.
std::vector<Ray<float>> make_rays(std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0, world), spread(-0.6f, 0.6f);
  std::vector<Ray<float>> rays;
  for (int i = 0; i < region_count; ++i) {
    const int side = i % 4;
    const float along = u(rng), turn = spread(rng);
    const float base = float(side) * pi<float> / 2;  // 0: from the left going right, ...
    const Vec2<float> d{std::cos(base + turn), std::sin(base + turn)};
    const Vec2<float> o = side == 0   ? Vec2<float>{-20, along}
                          : side == 1 ? Vec2<float>{along, -20}
                          : side == 2 ? Vec2<float>{world + 20, along}
                                      : Vec2<float>{along, world + 20};
    rays.push_back({o, d, 1.5f * world});
  }
  return rays;
}

struct Box2dRay {
  const World* w;
  float best = -1;
  float RayCastCallback(const b2RayCastInput& input, int32 proxy) {
    const auto i = std::uint32_t(reinterpret_cast<std::uintptr_t>(w->box2d.GetUserData(proxy)));
    const Vec2<float> o{input.p1.x, input.p1.y};
    const Vec2<float> d{input.p2.x - input.p1.x, input.p2.y - input.p1.y};
    const float t = plain_ray(w->boxes[i], o, d, input.maxFraction);
    if (t < 0) return input.maxFraction;  // missed: keep going
    best = t;
    return t;  // clip the ray: only closer boxes are visited from now on
  }
};

void ray_benchmark(benchmark::State& state, const std::string& library) {
  World& w = big_world();
  const auto rays = make_rays(5);
  std::vector<BoostValue> boost_hits;
  std::size_t k = 0;
  for (auto _ : state) {
    const Ray<float>& ray = rays[k++ % rays.size()];
    if (library == "collide2d") {
      benchmark::DoNotOptimize(w.scene.raycast_closest(ray));
    } else if (library == "box2d_tree") {
      b2RayCastInput input;
      input.p1.Set(ray.origin.x, ray.origin.y);
      const Vec2<float> end = ray.origin + ray.max_t * ray.direction;
      input.p2.Set(end.x, end.y);
      input.maxFraction = 1;
      Box2dRay callback{&w};
      w.box2d.RayCast(&callback, input);
      benchmark::DoNotOptimize(callback.best);
    } else if (library == "boost_rtree" || library == "boost_rtree_ours") {
      boost_hits.clear();
      const Vec2<float> end = ray.origin + ray.max_t * ray.direction;
      const bg::model::segment<BoostPoint> segment({ray.origin.x, ray.origin.y}, {end.x, end.y});
      w.boost.query(bgi::intersects(segment), std::back_inserter(boost_hits));
      float best = ray.max_t;
      for (const BoostValue& v : boost_hits) {
        if (library == "boost_rtree") {
          const float t = plain_ray(w.boxes[v.second], ray.origin, ray.direction, best);
          if (t >= 0) best = t;
        } else if (auto hit = raycast(ray, w.boxes[v.second]); hit && hit->t_enter < best) {
          best = hit->t_enter;
        }
      }
      benchmark::DoNotOptimize(best);
    } else if (library == "brute_force") {
      float best = ray.max_t;
      for (const Obb<float>& b : w.boxes) {
        if (auto hit = raycast(ray, b); hit && hit->t_enter < best) best = hit->t_enter;
      }
      benchmark::DoNotOptimize(best);
    } else {  // brute_force_plain
      float best = ray.max_t;
      for (const Obb<float>& b : w.boxes) {
        const float t = plain_ray(b, ray.origin, ray.direction, best);
        if (t >= 0) best = t;
      }
      benchmark::DoNotOptimize(best);
    }
  }
  state.SetItemsProcessed(state.iterations());
}

// ---- Builds. ----

void build_benchmark(benchmark::State& state, const std::string& library) {
  static const std::vector<Obb<float>> boxes = make_boxes(big_count, 2026);
  static const std::vector<Aabb<float>> aabbs = [] {
    std::vector<Aabb<float>> out;
    for (const auto& b : boxes)
      out.push_back(bounding_box(b));
    return out;
  }();
  for (auto _ : state) {
    if (library == "collide2d") {
      // The index alone, from the boxes' bounding boxes, as the anchors are given.
      PackedTree<float> tree(aabbs);
      benchmark::DoNotOptimize(tree.size());
    } else if (library == "collide2d_scene") {
      // The whole scene: storage of 1M shapes, validation, Hilbert sort, tree.
      Scene<float> scene;
      for (const auto& b : boxes)
        scene.add(b);
      scene.update();
      state.counters["bytes_per_shape"] = double(scene.memory_bytes()) / big_count;
      benchmark::DoNotOptimize(scene.size());
    } else if (library == "box2d_tree") {
      b2DynamicTree tree;
      for (std::size_t i = 0; i < aabbs.size(); ++i) {
        tree.CreateProxy(to_b2(aabbs[i]), reinterpret_cast<void*>(i));
      }
      benchmark::DoNotOptimize(tree.GetHeight());
    } else {
      std::vector<BoostValue> values;
      values.reserve(aabbs.size());
      for (std::size_t i = 0; i < aabbs.size(); ++i) {
        values.emplace_back(to_boost(aabbs[i]), std::uint32_t(i));
      }
      BoostTree tree(values.begin(), values.end());
      benchmark::DoNotOptimize(tree.size());
    }
  }
  state.SetItemsProcessed(state.iterations());
}

// ---- All pairs, static and moving. ----

struct PairWorld {
  std::vector<Obb<float>> boxes;
  std::vector<Quad> quads;
  std::vector<Vec2<float>> velocity;
  Scene<float> scene;
  std::vector<ShapeId> ids;
  b2BroadPhase broadphase;
  std::vector<int32> proxies;

  explicit PairWorld(IndexChoice choice) : boxes(make_boxes(pair_count, 77)) {
    SceneOptions<float> options;
    options.index = choice;
    options.dynamic_margin = 0.5f;
    scene = Scene<float>(options);
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> v(-1, 1);
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      quads.push_back(quad_of(boxes[i]));
      ids.push_back(scene.add(boxes[i]));
      proxies.push_back(
          broadphase.CreateProxy(to_b2(bounding_box(boxes[i])), reinterpret_cast<void*>(i)));
      velocity.push_back({v(rng), v(rng)});
    }
    scene.update();
  }

  // One step of motion: every box moves by its velocity, bouncing off the world's edges.
  void step() {
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      Vec2<float>& c = boxes[i].center;
      c += velocity[i];
      if (c.x < 0 || c.x > world) velocity[i].x = -velocity[i].x;
      if (c.y < 0 || c.y > world) velocity[i].y = -velocity[i].y;
      quads[i] = quad_of(boxes[i]);
    }
  }
};

struct Box2dPairs {
  const PairWorld* w;
  std::vector<std::pair<std::uint32_t, std::uint32_t>>* out;
  void AddPair(void* a, void* b) {
    const auto i = std::uint32_t(reinterpret_cast<std::uintptr_t>(a));
    const auto j = std::uint32_t(reinterpret_cast<std::uintptr_t>(b));
    if (plain_overlap(w->quads[i], w->quads[j])) out->emplace_back(i, j);
  }
};

// The moves of a step alone (no pair query): set_shape a box, or one set_shapes call.
void moves_benchmark(benchmark::State& state, bool batch) {
  PairWorld w(IndexChoice::automatic);
  for (auto _ : state) {
    w.step();
    if (batch) {
      w.scene.set_shapes(w.ids, w.boxes);
    } else {
      for (std::size_t i = 0; i < w.boxes.size(); ++i)
        w.scene.set_shape(w.ids[i], w.boxes[i]);
    }
  }
}

void pairs_benchmark(benchmark::State& state, const std::string& library, bool moving) {
  const IndexChoice choice = library == "collide2d_grid"      ? IndexChoice::grid
                             : library == "collide2d_dynamic" ? IndexChoice::dynamic
                                                              : IndexChoice::automatic;
  PairWorld w(choice);
  // collide2d_sse2: the SSE2 kernel that CPUs without AVX2 run (the AVX2 join turned off).
  detail::set_obb_pairs_avx2_allowed(library != "collide2d_sse2");
  std::vector<ShapePair> pairs;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> found;
  std::vector<BoostValue> values, hits;
  BoostTree static_tree;
  std::size_t answers = 0;
  for (auto _ : state) {
    if (moving) w.step();
    found.clear();
    if (library.rfind("collide2d", 0) == 0) {
      if (moving && library == "collide2d_batch") {
        w.scene.set_shapes(w.ids, w.boxes);  // one call for every body, as a game's step would
      } else if (moving) {
        for (std::size_t i = 0; i < w.boxes.size(); ++i)
          w.scene.set_shape(w.ids[i], w.boxes[i]);
      }
      pairs.clear();
      w.scene.overlapping_pairs({}, pairs, 1);  // one thread, as the anchors (and CPU time)
      answers += pairs.size();
      benchmark::DoNotOptimize(pairs.data());
      continue;
    }
    if (library == "box2d_broadphase") {
      // All pairs from Box2D's broad phase: every proxy is moved (when moving) and put in the
      // move buffer, so that UpdatePairs reports every overlapping pair, not only the new ones.
      // MoveProxy buffers a proxy whose fat box it had to enlarge; only the others are touched,
      // so that no proxy is queried twice. (A pair of proxies that both stayed in their fat boxes
      // is still reported from both sides: Box2D 2.4 skips the second report only for proxies
      // its tree marked as moved.)
      for (std::size_t i = 0; i < w.boxes.size(); ++i) {
        if (moving) {
          const b2AABB before = w.broadphase.GetFatAABB(w.proxies[i]);
          w.broadphase.MoveProxy(w.proxies[i], to_b2(bounding_box(w.boxes[i])),
                                 b2Vec2(w.velocity[i].x, w.velocity[i].y));
          const b2AABB after = w.broadphase.GetFatAABB(w.proxies[i]);
          const bool buffered = before.lowerBound.x != after.lowerBound.x ||
                                before.lowerBound.y != after.lowerBound.y ||
                                before.upperBound.x != after.upperBound.x ||
                                before.upperBound.y != after.upperBound.y;
          if (buffered) continue;
        }
        w.broadphase.TouchProxy(w.proxies[i]);
      }
      Box2dPairs callback{&w, &found};
      w.broadphase.UpdatePairs(&callback);
    } else {  // boost_rtree: packed from the boxes (again after they move), each box queried
      if (moving || static_tree.empty()) {
        values.clear();
        for (std::size_t i = 0; i < w.boxes.size(); ++i) {
          values.emplace_back(to_boost(bounding_box(w.boxes[i])), std::uint32_t(i));
        }
        static_tree = BoostTree(values.begin(), values.end());
      }
      const BoostTree& tree = static_tree;
      for (const BoostValue& v : values) {
        hits.clear();
        tree.query(bgi::intersects(v.first), std::back_inserter(hits));
        for (const BoostValue& h : hits) {
          if (h.second > v.second && plain_overlap(w.quads[v.second], w.quads[h.second])) {
            found.emplace_back(v.second, h.second);
          }
        }
      }
    }
    answers += found.size();
    benchmark::DoNotOptimize(found.data());
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["pairs"] = double(answers) / double(std::max<std::int64_t>(1, state.iterations()));
}

// ---- Registration. ----

const char* const select_libraries[] = {"collide2d",        "box2d_tree",  "boost_rtree",
                                        "boost_rtree_ours", "brute_force", "brute_force_plain"};

std::string percent(double fraction) {
  char text[16];
  std::snprintf(text, sizeof text, "%g%%", fraction * 100);
  return text;
}

int register_all() {
  for (const double fraction : {0.0001, 0.01, 0.05, 0.1, 0.25}) {
    for (const bool rotated : {false, true}) {
      for (const SelectMode mode : {SelectMode::intersects, SelectMode::contains}) {
        for (const char* library : select_libraries) {
          const std::string name = "select/" + percent(fraction) + (rotated ? "_rot" : "_aa") +
                                   (mode == SelectMode::intersects ? "_intersects" : "_contains") +
                                   "/" + library;
          benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& state) {
            select_benchmark(state, fraction, rotated, mode, library);
          })->Unit(benchmark::kMicrosecond);
        }
      }
    }
  }
  for (const double fraction : {0.01, 0.1}) {
    for (const SelectMode mode : {SelectMode::intersects, SelectMode::contains}) {
      const std::string name = "select/" + percent(fraction) + "_lasso200" +
                               (mode == SelectMode::intersects ? "_intersects" : "_contains") +
                               "/collide2d";
      benchmark::RegisterBenchmark(
          name.c_str(),
          [=](benchmark::State& state) { lasso_benchmark(state, fraction, mode, 200); })
          ->Unit(benchmark::kMicrosecond)
          ->UseManualTime();
    }
  }
  for (const char* library : select_libraries) {
    benchmark::RegisterBenchmark((std::string("hit/point/") + library).c_str(),
                                 [=](benchmark::State& state) { hit_benchmark(state, library); })
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((std::string("ray/closest/") + library).c_str(),
                                 [=](benchmark::State& state) { ray_benchmark(state, library); })
        ->Unit(benchmark::kMicrosecond);
  }
  for (const std::size_t k : {std::size_t(1), std::size_t(16)}) {
    for (const char* library : {"collide2d", "boost_rtree", "boost_rtree_ours", "brute_force"}) {
      const std::string name = "nearest/" + std::to_string(k) + "/" + library;
      benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& state) {
        nearest_benchmark(state, k, library);
      })->Unit(benchmark::kMicrosecond);
    }
  }
  for (const char* library : {"collide2d", "collide2d_scene", "box2d_tree", "boost_rtree"}) {
    benchmark::RegisterBenchmark((std::string("build/1M/") + library).c_str(),
                                 [=](benchmark::State& state) { build_benchmark(state, library); })
        ->Unit(benchmark::kMillisecond);
  }
  for (const bool batch : {false, true}) {
    benchmark::RegisterBenchmark(batch ? "moves/100k/collide2d_batch" : "moves/100k/collide2d",
                                 [=](benchmark::State& state) { moves_benchmark(state, batch); })
        ->Unit(benchmark::kMillisecond);
  }
  for (const bool moving : {false, true}) {
    for (const char* library : {"collide2d", "collide2d_batch", "collide2d_sse2", "collide2d_grid",
                                "collide2d_dynamic", "box2d_broadphase", "boost_rtree"}) {
      if (!moving && std::string(library) == "collide2d_batch") continue;  // the same as collide2d
      const std::string name = std::string(moving ? "step" : "pairs") + "/100k/" + library;
      auto* row = benchmark::RegisterBenchmark(
          name.c_str(), [=](benchmark::State& state) { pairs_benchmark(state, library, moving); });
      row->Unit(benchmark::kMillisecond);
      // Each run starts from a freshly built tree, which moves then degrade until the Scene
      // rebuilds it: a few steps (what a time budget gives) would time only the best part of
      // that cycle. 42 steps span the cycle of every rebuild limit the Scene has used (21 steps
      // at twice the built leaf cost): the steady state a game sees. (Not for Box2D, at seconds
      // a step.)
      if (moving && std::string(library).rfind("collide2d", 0) == 0) row->Iterations(42);
    }
  }
  return 0;
}

const int registered = register_all();

}  // namespace

BENCHMARK_MAIN();
