// The benchmark of issue 5: every overlap and ray query of collide2d, scalar and batched, beside
// the libraries users would pick instead, on the same seeded float data in the same run, with the
// number of wrong answers of each on the clear-cut cases.
//
//   query                 data                                   libraries
//   overlap/obb-pairs     4096 pairs, 5.8 x 5.8 world, half        collide2d (scalar overlaps),
//                         extents 0.5 to 2, any angle            its pairwise batch kernel (1 and 2
//                                                                threads), Box2D 2.4 b2TestOverlap
//                                                                and b2CollidePolygons, Chipmunk 7
//                                                                cpShapesCollide, Boost.Geometry
//                                                                intersects, GEOS intersects and
//                                                                prepared intersects, the two
//                                                                classic ports
//   overlap/circle-obb    4096 pairs, radii 0.25 to 2            collide2d, batch, Box2D, Chipmunk
//   raycast/aabb-pairs    4096 segments (max_t 1) from outside   collide2d (full record and
//                         a box                                  raycast_lean), batch, Box2D
//                                                                b2AABB::RayCast, classic slab
//   raycast/obb-pairs,    the same with rotated boxes and        collide2d (full and lean), Box2D
//   raycast/polygon-pairs polygons (hulls of 8 points)           b2PolygonShape::RayCast, the
//                                                                slab test in the box's frame
//   area/obb-pairs,       4096 pairs each, the obb-pairs world;  collide2d intersection_area,
//   area/polygon-pairs    polygons the hulls of 8 points within  intersection (the clipped
//                         2 of a centre                          polygon, its area by shoelace)
//                                                                and iou; Boost.Geometry
//                                                                intersection + area; GEOS
//                                                                GEOSIntersection + GEOSArea
//   many/obb-1M           1,000,000 boxes against one            collide2d batch (one thread),
//                                                                scalar loop, classic ports
//   many/ray-aabb-1M      one ray against 1,000,000 boxes        batch (every box, and the hit
//                                                                list), scalar loop, Box2D, slab
//   many/circle-obb-1M, many/aabb-1M                             batch, scalar loop
//   threads/...           the batch kernels and the Scene's all pairs on 1 and 2 threads, in
//                         wall time
//
// Correctness: each library's answers are compared with the exact answer (GMP rationals,
// tests/reference) on the clear-cut cases: pairs whose signed separation exceeds the tolerance
// band of the property tests (64 float epsilons of the coordinate scale). The counters are
// `wrong` and `clear_cut`; for the 1M queries the first 65,536 boxes are checked.
// The area rows count as `wrong` the answers farther from the exact area (GMP) than the bound
// collide2d states in area.hpp, for float; `clear_cut` is then every pair.
// Box2D's boxes carry its skin (b2_polygonRadius = 0.01): b2TestOverlap and b2CollidePolygons
// report boxes up to about 0.01 apart as touching, which is what the wrong answers count.
// Names are query/shape/library for bench/summarize.py.
#include <benchmark/benchmark.h>
#include <box2d/b2_circle_shape.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_polygon_shape.h>
#include <chipmunk/chipmunk.h>
#include <geos_c.h>

// GCC 12 at -O3 sees a "maybe uninitialized" rescale factor inside Boost.Geometry's intersection
// (its robustness policy), in Boost's code, not ours.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <deque>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "bench_data.hpp"
#include "classic_ports.hpp"
#include "collide2d/batch.hpp"
#include "collide2d/collide2d.hpp"
#include "exact_geometry.hpp"
#include "exact_reference.hpp"

namespace {

using namespace collide2d;
namespace ref = collide2d::reference;
namespace bg = boost::geometry;
using BoostPolygon = bg::model::polygon<bg::model::d2::point_xy<double>, false, true>;

constexpr std::size_t pair_count = 4096;
constexpr std::size_t many_count = 1000000;
constexpr std::size_t many_checked = 65536;
// The side of the square world of the pair sets: about half of the pairs overlap.
constexpr float pair_world = 5.8f;

// ---- Exact truth ----

double tolerance(double scale) {
  return 64.0 * static_cast<double>(std::numeric_limits<float>::epsilon()) * std::max(1.0, scale);
}
double scale_of(const Obb<float>& b) {
  return std::max(std::abs(b.center.x), std::abs(b.center.y)) + b.half_extents.x + b.half_extents.y;
}
double scale_of(const Circle<float>& c) {
  return std::max(std::abs(c.center.x), std::abs(c.center.y)) + c.radius;
}
double scale_of(const Aabb<float>& b) {
  return std::max({std::abs(b.min.x), std::abs(b.min.y), std::abs(b.max.x), std::abs(b.max.y)});
}

template <class A, class B>
ref::Exact classify(const A& a, const B& b) {
  return ref::classify(a, b, ref::to_q(tolerance(std::max(scale_of(a), scale_of(b)))));
}

double scale_of(const ConvexPolygon<float>& p) {
  double out = 0;
  for (int i = 0; i < p.count; ++i)
    out = std::max({out, std::abs(static_cast<double>(p.vertices[i].x)),
                    std::abs(static_cast<double>(p.vertices[i].y))});
  return out;
}

// The segment origin + t direction, t in [0, max_t], exactly (the end point is not rounded).
template <class S>
ref::Exact classify_ray(const Ray<float>& ray, const S& box) {
  const ref::QPoint origin = ref::to_q(ray.origin);
  const mpq_class t = ref::to_q(ray.max_t);
  const ref::QPoint end{origin.x + t * ref::to_q(ray.direction.x),
                        origin.y + t * ref::to_q(ray.direction.y)};
  const double scale = std::max({scale_of(box), std::abs(static_cast<double>(ray.origin.x)),
                                 std::abs(static_cast<double>(ray.origin.y)),
                                 std::abs(end.x.get_d()), std::abs(end.y.get_d())});
  return ref::classify(ref::make_exact_shape({origin, end}, 0), ref::exact(box),
                       ref::to_q(tolerance(scale)));
}

struct Correctness {
  double wrong = 0;
  double clear_cut = 0;
};

template <class F>
Correctness check(const std::vector<ref::Exact>& truth, F f) {
  Correctness c;
  for (std::size_t i = 0; i < truth.size(); ++i) {
    if (!ref::is_clear_cut(truth[i])) continue;
    ++c.clear_cut;
    if (f(i) != ref::overlaps(truth[i])) ++c.wrong;
  }
  return c;
}

// Prints how many cases overlap, so that a reader can see the data exercises both answers.
void describe(const char* what, const std::vector<ref::Exact>& truth) {
  std::size_t overlapping = 0;
  std::size_t clear = 0;
  for (const ref::Exact e : truth) {
    overlapping += ref::overlaps(e) ? 1 : 0;
    clear += ref::is_clear_cut(e) ? 1 : 0;
  }
  std::printf("%-20s %zu cases, %.1f%% overlapping, %zu clear-cut\n", what, truth.size(),
              100.0 * static_cast<double>(overlapping) / static_cast<double>(truth.size()), clear);
}

// The exact answers of a pair set (a[i], b[i]), its overlap rate printed.
template <class A, class B, class Classify>
std::vector<ref::Exact> exact_answers(const char* what, const std::vector<A>& a,
                                      const std::vector<B>& b, Classify classify_pair) {
  std::vector<ref::Exact> truth;
  for (std::size_t i = 0; i < a.size(); ++i)
    truth.push_back(classify_pair(a[i], b[i]));
  describe(what, truth);
  return truth;
}

// A pair set as two batches and the pair list (i, i).
template <class A, class B, class BatchA, class BatchB>
void to_batches(const std::vector<A>& a, const std::vector<B>& b, BatchA& batch_a, BatchB& batch_b,
                std::vector<BatchPair>& pairs) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    batch_a.push_back(a[i]);
    batch_b.push_back(b[i]);
    pairs.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(i)});
  }
}

// Registers query/shape/library: one iteration runs `run` (all `items` tests once). Single-thread
// rows are timed in CPU time (less disturbed by other load); rows that use threads in wall time.
void add(const std::string& name, std::size_t items, std::function<void()> run, Correctness c,
         bool wall_time = false) {
  benchmark::internal::Benchmark* b =
      benchmark::RegisterBenchmark(name.c_str(), [items, run, c](benchmark::State& state) {
        for (auto _ : state)
          run();
        state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * items));
        state.counters["wrong"] = c.wrong;
        state.counters["clear_cut"] = c.clear_cut;
      });
  if (wall_time) b->UseRealTime();
}

// A row for a batch kernel: `run` fills `mask`; its answers are checked once, before timing.
void add_kernel(const std::string& name, std::size_t items, const std::function<void()>& run,
                const Bitmask& mask, const std::vector<ref::Exact>& truth) {
  run();
  const Bitmask answers = mask;
  add(name, items, run, check(truth, [&answers](std::size_t i) { return answers[i]; }));
}

// Runs f(i) for every i and keeps the count of hits alive; f is inlined into the loop.
template <class F>
std::function<void()> loop(std::size_t n, F f) {
  return [n, f] {
    std::size_t hits = 0;
    for (std::size_t i = 0; i < n; ++i)
      hits += f(i) ? 1 : 0;
    benchmark::DoNotOptimize(hits);
  };
}

// ---- Anchors' shapes ----

std::array<Vec2<double>, 4> corners(const Obb<float>& b) {
  const double c = b.rotation.c, s = b.rotation.s, hx = b.half_extents.x, hy = b.half_extents.y;
  const double x = b.center.x, y = b.center.y;
  return {{{x - c * hx + s * hy, y - s * hx - c * hy},
           {x + c * hx + s * hy, y + s * hx - c * hy},
           {x + c * hx - s * hy, y + s * hx + c * hy},
           {x - c * hx - s * hy, y - s * hx + c * hy}}};
}

struct Box2dBox {
  b2PolygonShape shape;
  b2Transform transform;
};
Box2dBox to_box2d(const Obb<float>& b) {
  Box2dBox out;
  out.shape.SetAsBox(b.half_extents.x, b.half_extents.y);
  out.transform.p.Set(b.center.x, b.center.y);
  out.transform.q.c = b.rotation.c;
  out.transform.q.s = b.rotation.s;
  return out;
}

cpShape* to_chipmunk(const Obb<float>& b) {
  const std::array<Vec2<double>, 4> c = corners(b);
  cpVect verts[4];
  for (int i = 0; i < 4; ++i)
    verts[i] = cpv(c[i].x, c[i].y);
  cpShape* shape = cpPolyShapeNewRaw(nullptr, 4, verts, 0.0);
  cpShapeUpdate(shape, cpTransformIdentity);
  return shape;
}

BoostPolygon to_boost(const Obb<float>& b) {
  BoostPolygon polygon;
  for (const Vec2<double>& p : corners(b))
    bg::append(polygon.outer(), bg::make<bg::model::d2::point_xy<double>>(p.x, p.y));
  bg::append(polygon.outer(), polygon.outer().front());
  return polygon;
}

GEOSContextHandle_t geos() {
  static GEOSContextHandle_t context = GEOS_init_r();
  return context;
}
GEOSGeometry* to_geos(const Obb<float>& b) {
  const std::array<Vec2<double>, 4> c = corners(b);
  GEOSCoordSequence* sequence = GEOSCoordSeq_create_r(geos(), 5, 2);
  for (unsigned i = 0; i < 5; ++i)
    GEOSCoordSeq_setXY_r(geos(), sequence, i, c[i % 4].x, c[i % 4].y);
  return GEOSGeom_createPolygon_r(geos(), GEOSGeom_createLinearRing_r(geos(), sequence), nullptr,
                                  0);
}

// ---- Data ----

Obb<float> random_obb(std::mt19937& rng, float world, float min_half, float max_half) {
  std::uniform_real_distribution<float> centre(0, world), half(min_half, max_half),
      angle(0, 2 * pi<float>);
  return {{centre(rng), centre(rng)}, {half(rng), half(rng)}, Rot<float>::from_angle(angle(rng))};
}
Aabb<float> random_aabb(std::mt19937& rng, float world) {
  std::uniform_real_distribution<float> corner(0, world), size(0.5f, 4);
  const Vec2<float> lo{corner(rng), corner(rng)};
  return {lo, {lo.x + size(rng), lo.y + size(rng)}};
}

// ---- Queries ----

void obb_pairs() {
  static std::mt19937 rng(2026);
  static std::vector<Obb<float>> a, b;
  for (std::size_t i = 0; i < pair_count; ++i) {
    a.push_back(random_obb(rng, pair_world, 0.5f, 2));
    b.push_back(random_obb(rng, pair_world, 0.5f, 2));
  }
  static const std::vector<ref::Exact> truth =
      exact_answers("obb pairs", a, b, [](const auto& x, const auto& y) { return classify(x, y); });

  static ObbBatch<float> batch_a, batch_b;
  static std::vector<BatchPair> pairs;
  to_batches(a, b, batch_a, batch_b, pairs);
  static std::vector<Box2dBox> b2a, b2b;
  static std::vector<cpShape*> cpa, cpb;
  static std::vector<BoostPolygon> bga, bgb;
  static std::vector<GEOSGeometry*> ga, gb;
  static std::vector<const GEOSPreparedGeometry*> prepared;
  for (std::size_t i = 0; i < pair_count; ++i) {
    b2a.push_back(to_box2d(a[i]));
    b2b.push_back(to_box2d(b[i]));
    cpa.push_back(to_chipmunk(a[i]));
    cpb.push_back(to_chipmunk(b[i]));
    bga.push_back(to_boost(a[i]));
    bgb.push_back(to_boost(b[i]));
    ga.push_back(to_geos(a[i]));
    gb.push_back(to_geos(b[i]));
    prepared.push_back(GEOSPrepare_r(geos(), ga.back()));
  }

  const std::string q = "overlap/obb-pairs/";
  auto ours = [](std::size_t i) { return overlaps(a[i], b[i]); };
  add(q + "collide2d", pair_count, loop(pair_count, ours), check(truth, ours));
  static Bitmask result;
  add_kernel(
      q + "collide2d-batch-1thread", pair_count,
      [] { overlaps(batch_a, batch_b, pairs, result, 1); }, result, truth);
  auto box2d_test = [](std::size_t i) {
    return b2TestOverlap(&b2a[i].shape, 0, &b2b[i].shape, 0, b2a[i].transform, b2b[i].transform);
  };
  add(q + "box2d-testoverlap", pair_count, loop(pair_count, box2d_test), check(truth, box2d_test));
  auto box2d_collide = [](std::size_t i) {
    b2Manifold m;
    b2CollidePolygons(&m, &b2a[i].shape, b2a[i].transform, &b2b[i].shape, b2b[i].transform);
    return m.pointCount > 0;
  };
  add(q + "box2d-collidepolygons", pair_count, loop(pair_count, box2d_collide),
      check(truth, box2d_collide));
  auto chipmunk = [](std::size_t i) { return cpShapesCollide(cpa[i], cpb[i]).count > 0; };
  add(q + "chipmunk", pair_count, loop(pair_count, chipmunk), check(truth, chipmunk));
  auto boost = [](std::size_t i) { return bg::intersects(bga[i], bgb[i]); };
  add(q + "boost-geometry", pair_count, loop(pair_count, boost), check(truth, boost));
  auto geos_plain = [](std::size_t i) { return GEOSIntersects_r(geos(), ga[i], gb[i]) == 1; };
  add(q + "geos", pair_count, loop(pair_count, geos_plain), check(truth, geos_plain));
  auto geos_prepared = [](std::size_t i) {
    return GEOSPreparedIntersects_r(geos(), prepared[i], gb[i]) == 1;
  };
  add(q + "geos-prepared", pair_count, loop(pair_count, geos_prepared),
      check(truth, geos_prepared));
  auto vertices = [](std::size_t i) { return classic::obb_overlap_by_vertices(a[i], b[i]); };
  add(q + "classic-vertices", pair_count, loop(pair_count, vertices), check(truth, vertices));
  auto radii = [](std::size_t i) { return classic::obb_overlap_by_radii(a[i], b[i]); };
  add(q + "classic-radii", pair_count, loop(pair_count, radii), check(truth, radii));
}

void circle_obb_pairs() {
  static std::mt19937 rng(2027);
  static std::vector<Circle<float>> a;
  static std::vector<Obb<float>> b;
  std::uniform_real_distribution<float> centre(0, pair_world), radius(0.25f, 2);
  for (std::size_t i = 0; i < pair_count; ++i) {
    a.push_back({{centre(rng), centre(rng)}, radius(rng)});
    b.push_back(random_obb(rng, pair_world, 0.5f, 2));
  }
  static const std::vector<ref::Exact> truth = exact_answers(
      "circle/obb pairs", a, b, [](const auto& x, const auto& y) { return classify(x, y); });
  static CircleBatch<float> batch_a;
  static ObbBatch<float> batch_b;
  static std::vector<BatchPair> pairs;
  to_batches(a, b, batch_a, batch_b, pairs);
  static std::vector<b2CircleShape> b2a;
  static std::vector<Box2dBox> b2b;
  static std::vector<cpShape*> cpa, cpb;
  for (std::size_t i = 0; i < pair_count; ++i) {
    b2CircleShape circle;
    circle.m_p.Set(a[i].center.x, a[i].center.y);
    circle.m_radius = a[i].radius;
    b2a.push_back(circle);
    b2b.push_back(to_box2d(b[i]));
    cpShape* c = cpCircleShapeNew(nullptr, a[i].radius, cpv(a[i].center.x, a[i].center.y));
    cpShapeUpdate(c, cpTransformIdentity);
    cpa.push_back(c);
    cpb.push_back(to_chipmunk(b[i]));
  }
  const std::string q = "overlap/circle-obb-pairs/";
  auto ours = [](std::size_t i) { return overlaps(a[i], b[i]); };
  add(q + "collide2d", pair_count, loop(pair_count, ours), check(truth, ours));
  static Bitmask result;
  add_kernel(
      q + "collide2d-batch-1thread", pair_count,
      [] { overlaps(batch_a, batch_b, pairs, result, 1); }, result, truth);
  b2Transform identity;
  identity.SetIdentity();
  auto box2d = [identity](std::size_t i) {
    return b2TestOverlap(&b2a[i], 0, &b2b[i].shape, 0, identity, b2b[i].transform);
  };
  add(q + "box2d-testoverlap", pair_count, loop(pair_count, box2d), check(truth, box2d));
  auto chipmunk = [](std::size_t i) { return cpShapesCollide(cpa[i], cpb[i]).count > 0; };
  add(q + "chipmunk", pair_count, loop(pair_count, chipmunk), check(truth, chipmunk));
}

// A segment from a point outside the box (Box2D's RayCast answers no for an origin inside) toward
// a point near the box, scaled so that about half of the segments reach it.
Ray<float> random_segment_outside(std::mt19937& rng, const Aabb<float>& box) {
  std::uniform_real_distribution<float> point(-4, 16), unit(0, 1), reach(0.4f, 1.4f);
  for (;;) {
    const Vec2<float> origin{point(rng), point(rng)};
    if (overlaps(origin, box)) continue;
    const Vec2<float> size = box.max - box.min;
    const Vec2<float> target{box.min.x - 0.25f * size.x + 1.5f * size.x * unit(rng),
                             box.min.y - 0.25f * size.y + 1.5f * size.y * unit(rng)};
    return {origin, reach(rng) * (target - origin), 1.0f};
  }
}

void ray_pairs() {
  static std::mt19937 rng(2028);
  static std::vector<Ray<float>> rays;
  static std::vector<Aabb<float>> boxes;
  for (std::size_t i = 0; i < pair_count; ++i) {
    boxes.push_back(random_aabb(rng, 12));
    rays.push_back(random_segment_outside(rng, boxes.back()));
  }
  static const std::vector<ref::Exact> truth =
      exact_answers("ray/aabb pairs", rays, boxes,
                    [](const auto& x, const auto& y) { return classify_ray(x, y); });
  static RayBatch<float> batch_rays;
  static AabbBatch<float> batch_boxes;
  static std::vector<BatchPair> pairs;
  to_batches(rays, boxes, batch_rays, batch_boxes, pairs);
  static std::vector<b2AABB> b2boxes;
  static std::vector<b2RayCastInput> b2rays;
  for (std::size_t i = 0; i < pair_count; ++i) {
    b2AABB box;
    box.lowerBound.Set(boxes[i].min.x, boxes[i].min.y);
    box.upperBound.Set(boxes[i].max.x, boxes[i].max.y);
    b2boxes.push_back(box);
    b2RayCastInput input;
    input.p1.Set(rays[i].origin.x, rays[i].origin.y);
    input.p2.Set(rays[i].origin.x + rays[i].direction.x, rays[i].origin.y + rays[i].direction.y);
    input.maxFraction = 1.0f;
    b2rays.push_back(input);
  }
  const std::string q = "raycast/aabb-pairs/";
  auto ours = [](std::size_t i) { return raycast(rays[i], boxes[i]).has_value(); };
  add(q + "collide2d", pair_count, loop(pair_count, ours), check(truth, ours));
  static RayBatchHits<float> hits;
  add_kernel(
      q + "collide2d-batch-1thread", pair_count,
      [] { raycast(batch_rays, batch_boxes, pairs, hits, 1); }, hits.hit, truth);
  auto lean = [](std::size_t i) { return raycast_lean(rays[i], boxes[i]).has_value(); };
  add(q + "collide2d-lean", pair_count, loop(pair_count, lean), check(truth, lean));
  auto box2d = [](std::size_t i) {
    b2RayCastOutput output;
    return b2boxes[i].RayCast(&output, b2rays[i]);
  };
  add(q + "box2d", pair_count, loop(pair_count, box2d), check(truth, box2d));
  auto slab = [](std::size_t i) {
    float t = 0;
    return classic::ray_aabb_slab(rays[i], boxes[i], t);
  };
  add(q + "classic-slab", pair_count, loop(pair_count, slab), check(truth, slab));
}

ConvexPolygon<float> random_polygon(std::mt19937& rng, float world) {
  std::uniform_real_distribution<float> centre(0, world);
  const Vec2<float> c{centre(rng), centre(rng)};
  return bench_data::random_polygon_around(rng, c, 2);
}

// Rays against rotated boxes and polygons: segments from outside the shape (as for the Aabb rows)
// toward points near its bounding box.
void ray_shape_pairs() {
  static std::mt19937 rng(2032);
  static std::vector<Ray<float>> obb_rays, polygon_rays;
  static std::vector<Obb<float>> obbs;
  static std::vector<ConvexPolygon<float>> polygons;
  static std::vector<Box2dBox> b2obbs;
  static std::vector<b2PolygonShape> b2polygons;
  static std::vector<b2RayCastInput> b2obb_rays, b2polygon_rays;
  for (std::size_t i = 0; i < pair_count; ++i) {
    obbs.push_back(random_obb(rng, 12, 0.5f, 2));
    obb_rays.push_back(random_segment_outside(rng, bounding_box(obbs.back())));
    while (overlaps(obb_rays.back().origin, obbs.back()))
      obb_rays.back() = random_segment_outside(rng, bounding_box(obbs.back()));
    b2obbs.push_back(to_box2d(obbs.back()));
    b2obb_rays.push_back(bench_data::to_box2d(obb_rays.back()));
    polygons.push_back(random_polygon(rng, 12));
    polygon_rays.push_back(random_segment_outside(rng, bounding_box(polygons.back())));
    b2PolygonShape shape;
    b2Vec2 points[max_polygon_vertices];
    for (int k = 0; k < polygons.back().count; ++k)
      points[k].Set(polygons.back().vertices[k].x, polygons.back().vertices[k].y);
    shape.Set(points, polygons.back().count);
    b2polygons.push_back(shape);
    b2polygon_rays.push_back(bench_data::to_box2d(polygon_rays.back()));
  }
  static const std::vector<ref::Exact> obb_truth =
      exact_answers("ray/obb pairs", obb_rays, obbs,
                    [](const auto& x, const auto& y) { return classify_ray(x, y); });
  static const std::vector<ref::Exact> polygon_truth =
      exact_answers("ray/polygon pairs", polygon_rays, polygons,
                    [](const auto& x, const auto& y) { return classify_ray(x, y); });

  const std::string q = "raycast/obb-pairs/";
  auto ours = [](std::size_t i) { return raycast(obb_rays[i], obbs[i]).has_value(); };
  add(q + "collide2d", pair_count, loop(pair_count, ours), check(obb_truth, ours));
  auto lean = [](std::size_t i) { return raycast_lean(obb_rays[i], obbs[i]).has_value(); };
  add(q + "collide2d-lean", pair_count, loop(pair_count, lean), check(obb_truth, lean));
  auto box2d = [](std::size_t i) {
    b2RayCastOutput output;
    return b2obbs[i].shape.RayCast(&output, b2obb_rays[i], b2obbs[i].transform, 0);
  };
  add(q + "box2d", pair_count, loop(pair_count, box2d), check(obb_truth, box2d));
  auto slab = [](std::size_t i) {
    float t = 0;
    return classic::ray_obb_slab(obb_rays[i], obbs[i], t);
  };
  add(q + "classic-slab", pair_count, loop(pair_count, slab), check(obb_truth, slab));

  const std::string p = "raycast/polygon-pairs/";
  auto ours_p = [](std::size_t i) { return raycast(polygon_rays[i], polygons[i]).has_value(); };
  add(p + "collide2d", pair_count, loop(pair_count, ours_p), check(polygon_truth, ours_p));
  auto lean_p = [](std::size_t i) {
    return raycast_lean(polygon_rays[i], polygons[i]).has_value();
  };
  add(p + "collide2d-lean", pair_count, loop(pair_count, lean_p), check(polygon_truth, lean_p));
  b2Transform identity;
  identity.SetIdentity();
  auto box2d_p = [identity](std::size_t i) {
    b2RayCastOutput output;
    return b2polygons[i].RayCast(&output, b2polygon_rays[i], identity, 0);
  };
  add(p + "box2d", pair_count, loop(pair_count, box2d_p), check(polygon_truth, box2d_p));
}

// One query against a million boxes: the batch kernels against loops of scalar calls.
// ---- Areas: intersection_area, intersection and iou beside Boost.Geometry's and GEOS's clipping
// ----

// The largest error collide2d's area.hpp allows for a box or polygon pair:
// 4 eps (d + min(M_a, M_b)) min(P_a, P_b), d the |dx| + |dy| between the bounding boxes' centres,
// M a bounding box's longer side, P a shape's perimeter (float eps: the data is float).
struct AreaScale {
  Vec2<double> centre;
  double longer_side;
  double perimeter;
};
AreaScale area_scale(const Obb<float>& b) {
  const double hx = b.half_extents.x, hy = b.half_extents.y;
  return {{b.center.x, b.center.y}, 2 * std::max(hx, hy), 4 * (hx + hy)};
}
AreaScale area_scale(const ConvexPolygon<float>& p) {
  Vec2<double> lo{p.vertices[0].x, p.vertices[0].y}, hi = lo;
  double perimeter = 0;
  for (int i = 0; i < p.count; ++i) {
    const Vec2<double> v{p.vertices[i].x, p.vertices[i].y};
    const Vec2<float> w = p.vertices[(i + 1) % p.count];
    lo = {std::min(lo.x, v.x), std::min(lo.y, v.y)};
    hi = {std::max(hi.x, v.x), std::max(hi.y, v.y)};
    perimeter += std::hypot(static_cast<double>(w.x) - v.x, static_cast<double>(w.y) - v.y);
  }
  return {{(lo.x + hi.x) / 2, (lo.y + hi.y) / 2}, std::max(hi.x - lo.x, hi.y - lo.y), perimeter};
}
template <class A, class B>
double area_bound(const A& a, const B& b) {
  const AreaScale sa = area_scale(a), sb = area_scale(b);
  const double d = std::abs(sa.centre.x - sb.centre.x) + std::abs(sa.centre.y - sb.centre.y);
  return 4 * static_cast<double>(std::numeric_limits<float>::epsilon()) *
         (d + std::min(sa.longer_side, sb.longer_side)) * std::min(sa.perimeter, sb.perimeter);
}

// The exact intersection area of each pair (GMP) and the bound each answer must keep.
struct AreaTruth {
  std::vector<double> area;
  std::vector<double> bound;
};
template <class A, class B>
AreaTruth exact_areas(const char* what, const std::vector<A>& a, const std::vector<B>& b) {
  AreaTruth truth;
  std::size_t positive = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    truth.area.push_back(ref::exact_intersection_area(ref::exact(a[i]), ref::exact(b[i])).get_d());
    truth.bound.push_back(area_bound(a[i], b[i]));
    positive += truth.area.back() > 0 ? 1 : 0;
  }
  std::printf("%-20s %zu pairs, %zu with an intersection of positive area\n", what, a.size(),
              positive);
  return truth;
}

// `wrong`: answers farther from the exact area than collide2d's bound; `clear_cut`: every pair.
template <class F>
Correctness check_area(const AreaTruth& truth, F f) {
  Correctness c;
  for (std::size_t i = 0; i < truth.area.size(); ++i) {
    ++c.clear_cut;
    if (!(std::abs(f(i) - truth.area[i]) <= truth.bound[i])) ++c.wrong;
  }
  return c;
}

// Runs f(i) for every i and keeps the sum of the answers alive.
template <class F>
std::function<void()> sum_loop(std::size_t n, F f) {
  return [n, f] {
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i)
      sum += f(i);
    benchmark::DoNotOptimize(sum);
  };
}

template <class S>
BoostPolygon to_boost_polygon(const S& shape) {
  BoostPolygon polygon;
  for (int i = 0; i < shape.count; ++i)
    bg::append(polygon.outer(),
               bg::make<bg::model::d2::point_xy<double>>(shape.vertices[i].x, shape.vertices[i].y));
  if (shape.count > 0) bg::append(polygon.outer(), polygon.outer().front());
  return polygon;
}
BoostPolygon to_boost(const ConvexPolygon<float>& p) {
  return to_boost_polygon(p);
}
GEOSGeometry* to_geos(const ConvexPolygon<float>& p) {
  const auto n = static_cast<unsigned>(p.count);
  GEOSCoordSequence* sequence = GEOSCoordSeq_create_r(geos(), n + 1, 2);
  for (unsigned i = 0; i <= n; ++i)
    GEOSCoordSeq_setXY_r(geos(), sequence, i, p.vertices[i % n].x, p.vertices[i % n].y);
  return GEOSGeom_createPolygon_r(geos(), GEOSGeom_createLinearRing_r(geos(), sequence), nullptr,
                                  0);
}

// The clipped polygon's area (shoelace, double), for the intersection() row's check.
double area_of(const Intersection<float>& p) {
  double twice = 0;
  for (int i = 0; i < p.count; ++i) {
    const Vec2<float> u = p.vertices[i], v = p.vertices[(i + 1) % p.count];
    const double ux = u.x, uy = u.y, vx = v.x, vy = v.y;
    twice += ux * vy - vx * uy;
  }
  return p.count >= 3 ? twice / 2 : 0.0;
}

// One pair set's area rows: collide2d's intersection_area, intersection (the polygon) and iou,
// Boost.Geometry's intersection + area and GEOS's GEOSIntersection + GEOSArea.
template <class A, class B>
void add_area_rows(const std::string& q, const std::vector<A>& a, const std::vector<B>& b,
                   const AreaTruth& truth) {
  static std::vector<BoostPolygon> bga, bgb;
  static std::vector<GEOSGeometry*> ga, gb;
  for (std::size_t i = 0; i < a.size(); ++i) {
    bga.push_back(to_boost(a[i]));
    bgb.push_back(to_boost(b[i]));
    ga.push_back(to_geos(a[i]));
    gb.push_back(to_geos(b[i]));
  }
  const std::size_t first = bga.size() - a.size();  // this set's place in the shared vectors
  const std::size_t n = a.size();
  auto ours = [&a, &b](std::size_t i) {
    return static_cast<double>(intersection_area(a[i], b[i]));
  };
  add(q + "collide2d", n, sum_loop(n, ours), check_area(truth, ours));
  auto polygon = [&a, &b](std::size_t i) { return area_of(intersection(a[i], b[i])); };
  add(q + "collide2d-intersection", n, sum_loop(n, polygon), check_area(truth, polygon));
  auto ours_iou = [&a, &b](std::size_t i) { return static_cast<double>(iou(a[i], b[i])); };
  add(q + "collide2d-iou", n, sum_loop(n, ours_iou), {});
  auto boost = [first](std::size_t i) {
    std::deque<BoostPolygon> out;
    bg::intersection(bga[first + i], bgb[first + i], out);
    double area = 0;
    for (const BoostPolygon& p : out)
      area += bg::area(p);
    return area;
  };
  add(q + "boost-geometry", n, sum_loop(n, boost), check_area(truth, boost));
  auto geos_clip = [first](std::size_t i) {
    GEOSGeometry* clipped = GEOSIntersection_r(geos(), ga[first + i], gb[first + i]);
    double area = 0;
    GEOSArea_r(geos(), clipped, &area);
    GEOSGeom_destroy_r(geos(), clipped);
    return area;
  };
  add(q + "geos", n, sum_loop(n, geos_clip), check_area(truth, geos_clip));
}

void area_pairs() {
  static std::mt19937 rng(2031);
  static std::vector<Obb<float>> a, b;
  static std::vector<ConvexPolygon<float>> pa, pb;
  std::uniform_real_distribution<float> centre(0, pair_world);
  for (std::size_t i = 0; i < pair_count; ++i) {
    a.push_back(random_obb(rng, pair_world, 0.5f, 2));
    b.push_back(random_obb(rng, pair_world, 0.5f, 2));
  }
  for (std::size_t i = 0; i < pair_count; ++i) {
    const Vec2<float> ca{centre(rng), centre(rng)};
    pa.push_back(bench_data::random_polygon_around(rng, ca, 2));
    const Vec2<float> cb{centre(rng), centre(rng)};
    pb.push_back(bench_data::random_polygon_around(rng, cb, 2));
  }
  static const AreaTruth obb_truth = exact_areas("area obb pairs", a, b);
  add_area_rows("area/obb-pairs/", a, b, obb_truth);
  static const AreaTruth polygon_truth = exact_areas("area polygon pairs", pa, pb);
  add_area_rows("area/polygon-pairs/", pa, pb, polygon_truth);
}

void one_against_many() {
  static std::mt19937 rng(2029);
  static std::vector<Obb<float>> obbs;
  static std::vector<Aabb<float>> aabbs;
  static ObbBatch<float> obb_batch;
  static AabbBatch<float> aabb_batch;
  obbs.reserve(many_count);
  for (std::size_t i = 0; i < many_count; ++i) {
    obbs.push_back(random_obb(rng, 1000, 0.5f, 2));
    aabbs.push_back(random_aabb(rng, 1000));
    obb_batch.push_back(obbs.back());
    aabb_batch.push_back(aabbs.back());
  }
  static const Obb<float> query{{500, 500}, {120, 40}, Rot<float>::from_angle(0.5f)};
  static const Circle<float> circle{{500, 500}, 100};
  static const Aabb<float> box{{400, 400}, {600, 600}};
  static const Ray<float> ray{{-10, 3}, {1, 0.998f}, 2000};

  static std::vector<ref::Exact> truth;
  for (std::size_t i = 0; i < many_checked; ++i)
    truth.push_back(classify(query, obbs[i]));
  describe("obb 1M (checked)", truth);
  static std::vector<ref::Exact> ray_truth;
  for (std::size_t i = 0; i < many_checked; ++i)
    ray_truth.push_back(classify_ray(ray, aabbs[i]));
  describe("ray 1M (checked)", ray_truth);

  static Bitmask result;
  const std::string q = "many/obb-1M/";
  add_kernel(
      q + "collide2d", many_count, [] { overlaps(query, obb_batch, result, 1); }, result, truth);
  auto scalar = [](std::size_t i) { return overlaps(query, obbs[i]); };
  add(q + "collide2d-scalar-loop", many_count, loop(many_count, scalar), check(truth, scalar));
  auto radii = [](std::size_t i) { return classic::obb_overlap_by_radii(query, obbs[i]); };
  add(q + "classic-radii", many_count, loop(many_count, radii), check(truth, radii));
  auto vertices = [](std::size_t i) { return classic::obb_overlap_by_vertices(query, obbs[i]); };
  add(q + "classic-vertices", many_count, loop(many_count, vertices), check(truth, vertices));

  const std::string r = "many/ray-aabb-1M/";
  static RayBatchHits<float> hits;
  add_kernel(
      r + "collide2d", many_count, [] { raycast(ray, aabb_batch, hits, 1); }, hits.hit, ray_truth);
  // The hit-list form: the same answers, only the hit boxes written.
  static std::vector<RayBatchHit<float>> hit_list;
  raycast(ray, aabb_batch, hit_list, 1);
  static std::vector<bool> listed(many_count, false);
  for (const RayBatchHit<float>& hit : hit_list)
    listed[hit.index] = true;
  add(
      r + "collide2d-hit-list", many_count, [] { raycast(ray, aabb_batch, hit_list, 1); },
      check(ray_truth, [](std::size_t i) { return bool(listed[i]); }));
  auto ray_scalar = [](std::size_t i) { return raycast(ray, aabbs[i]).has_value(); };
  add(r + "collide2d-scalar-loop", many_count, loop(many_count, ray_scalar),
      check(ray_truth, ray_scalar));
  auto ray_lean = [](std::size_t i) { return raycast_lean(ray, aabbs[i]).has_value(); };
  add(r + "collide2d-lean-loop", many_count, loop(many_count, ray_lean),
      check(ray_truth, ray_lean));
  static b2RayCastInput b2ray;
  b2ray.p1.Set(ray.origin.x, ray.origin.y);
  b2ray.p2.Set(ray.origin.x + ray.max_t * ray.direction.x,
               ray.origin.y + ray.max_t * ray.direction.y);
  b2ray.maxFraction = 1;
  static std::vector<b2AABB> b2boxes;
  for (const Aabb<float>& a : aabbs) {
    b2AABB b2box;
    b2box.lowerBound.Set(a.min.x, a.min.y);
    b2box.upperBound.Set(a.max.x, a.max.y);
    b2boxes.push_back(b2box);
  }
  auto box2d = [](std::size_t i) {
    b2RayCastOutput output;
    return b2boxes[i].RayCast(&output, b2ray);
  };
  add(r + "box2d", many_count, loop(many_count, box2d), check(ray_truth, box2d));
  auto slab = [](std::size_t i) {
    float t = 0;
    return classic::ray_aabb_slab(ray, aabbs[i], t);
  };
  add(r + "classic-slab", many_count, loop(many_count, slab), check(ray_truth, slab));

  add("many/circle-obb-1M/collide2d", many_count,
      [] {
        overlaps(circle, obb_batch, result, 1);
        benchmark::DoNotOptimize(result.words.data());
      },
      {});
  add("many/circle-obb-1M/collide2d-scalar-loop", many_count,
      loop(many_count, [](std::size_t i) { return overlaps(circle, obbs[i]); }), {});
  add("many/aabb-1M/collide2d", many_count,
      [] {
        overlaps(box, aabb_batch, result, 1);
        benchmark::DoNotOptimize(result.words.data());
      },
      {});
  add("many/aabb-1M/collide2d-scalar-loop", many_count,
      loop(many_count, [](std::size_t i) { return overlaps(box, aabbs[i]); }), {});

  // Thread scaling, in wall time: one thread against two on the same calls.
  static std::vector<BatchPair> neighbours;
  for (std::uint32_t i = 0; i + 1 < many_count; ++i)
    neighbours.push_back({i, i + 1});
  // The Scene's all pairs over 100,000 rotated boxes (world 1000 x 1000, half extents 0.5 to 8,
  // the broad-phase benchmark's scene), brought up to date before timing.
  static Scene<float> scene;
  static std::vector<ShapePair> scene_pairs;
  constexpr std::size_t scene_count = 100000;
  std::mt19937 scene_rng(2030);
  for (std::size_t i = 0; i < scene_count; ++i)
    scene.add(random_obb(scene_rng, 1000, 0.5f, 8));
  scene.update();
  for (const unsigned threads : {1u, 2u}) {
    const std::string suffix = threads == 1 ? "collide2d" : "collide2d-2threads";
    add(
        "threads/obb-1M/" + suffix, many_count,
        [threads] {
          overlaps(query, obb_batch, result, threads);
          benchmark::DoNotOptimize(result.words.data());
        },
        {}, true);
    add(
        "threads/ray-aabb-1M/" + suffix, many_count,
        [threads] {
          raycast(ray, aabb_batch, hits, threads);
          benchmark::DoNotOptimize(hits.t_enter.data());
        },
        {}, true);
    add(
        "threads/ray-aabb-hit-list-1M/" + suffix, many_count,
        [threads] {
          raycast(ray, aabb_batch, hit_list, threads);
          benchmark::DoNotOptimize(hit_list.data());
        },
        {}, true);
    add(
        "threads/scene-pairs-100k/" + suffix, scene_count,
        [threads] {
          scene_pairs.clear();
          scene.overlapping_pairs({}, scene_pairs, threads);
          benchmark::DoNotOptimize(scene_pairs.data());
        },
        {}, true);
    add(
        "threads/obb-pairs-1M/" + suffix, neighbours.size(),
        [threads] {
          overlaps(obb_batch, obb_batch, neighbours, result, threads);
          benchmark::DoNotOptimize(result.words.data());
        },
        {}, true);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::printf("collide2d batch kernels dispatch to %s\n", batch_simd_target());
  obb_pairs();
  circle_obb_pairs();
  ray_pairs();
  ray_shape_pairs();
  area_pairs();
  one_against_many();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
