// Narrow phase: collide (contact manifold) and distance on rotated-box and polygon pairs, collide2d
// beside Box2D 2.4's b2CollidePolygons and b2Distance, on the same seeded pairs; and, collide2d
// alone, iou on the rotated-box pairs with giou, diou and ciou beside it (iou is their anchor: each
// is iou plus a penalty).
//
// Both libraries get the same float data: 4096 pairs in a 16 x 16 world (boxes with half extents
// 0.5 to 2, polygons the hulls of 8 random points within 2 of a centre), so about half the pairs
// touch. Box2D's shapes are built once (b2PolygonShape::SetAsBox / Set, which compute normals and
// the centroid), as a Box2D user keeps them; each timed call is one pair query. Box2D's polygons
// carry its skin radius (b2_polygonRadius); its distance is taken without radii (useRadii = false)
// so that both compute the distance between the same sets.
//
// Also: mass_properties of the same polygons beside b2PolygonShape::ComputeMass (both a triangle
// fan; Box2D's inertia is about the body origin, ours about the centroid), and raycast against
// 4096 segments (two-sided, and one-sided: SegmentSides::front) beside b2EdgeShape::RayCast,
// SetTwoSided and SetOneSided (ghost vertices continuing the segment), rays of length 1 to 16
// from random points in the same world towards random points, so that about a third hit.
//
// Then the scalar ray, overlap and containment queries of issue 16 beside the classic ports
// (bench/classic_ports.hpp) and Box2D 2.4 where it has the query, each over 4096 seeded float
// pairs of its own in one pass function per row (noinline, so that scripts/bench-callgrind.sh
// counts the instructions per pair of collide2d's calls, inlined or not, and of the anchors in the
// same loop):
//   raycast/aabb, raycast/obb, raycast/polygon  segments (max_t 1) from outside the shape (Box2D's
//       RayCast answers no for an origin inside), about half reaching it; the lean form
//       (raycast_lean) beside the full RayHit
//   overlap/obb, overlap/circle-obb            the pairs of bench/batch_bench.cpp's overlap rows
//   contains/obb-obb, obb-polygon, polygon-obb, polygon-polygon
//       a small shape near a larger one, so that about a third are contained
//
// And rounded boxes (rounded.hpp, issue 17 item 3): overlaps, distance and collide of 4096 pairs
// of rotated rounded boxes beside Box2D 2.4's rounded polygons, b2PolygonShape::SetAsBox(hx, hy)
// with m_radius set to the radius (the same set: Box2D's b2TestOverlap, b2Distance with useRadii
// and b2CollidePolygons sweep the core polygon by m_radius). Centres in an 8 x 8 world, core half
// extents 0.5 to 2, radii 0.05 to 0.5, any angle: about 40% of the pairs overlap (the
// rounded-box/workload row counts them). Also iou of the same pairs (collide2d alone: Box2D has no
// area query), beside iou of their core boxes as Obbs, and iou of capsules in the same places
// (each core box's long axis as the segment, its half height as the radius).
#include <benchmark/benchmark.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_edge_shape.h>
#include <box2d/b2_polygon_shape.h>

#include <random>
#include <vector>

#include "bench_data.hpp"
#include "classic_ports.hpp"
#include "collide2d/collide2d.hpp"

namespace {

using namespace collide2d;
using bench_data::random_polygon_around;
using bench_data::to_box2d;

constexpr int pair_count = 4096;

struct Data {
  std::vector<Obb<float>> boxes_a, boxes_b;
  std::vector<ConvexPolygon<float>> polygons_a, polygons_b;
  std::vector<b2PolygonShape> b2_boxes_a, b2_boxes_b, b2_polygons_a, b2_polygons_b;
  std::vector<b2Transform> b2_box_xf_a, b2_box_xf_b, b2_identity;
  std::vector<Segment<float>> segments;
  std::vector<Ray<float>> rays;
  std::vector<b2EdgeShape> b2_edges_two_sided, b2_edges_one_sided;
  std::vector<b2RayCastInput> b2_rays;
};

ConvexPolygon<float> random_polygon(std::mt19937& rng) {
  std::uniform_real_distribution<float> centre(0, 16), offset(-2, 2);
  for (;;) {
    const Vec2<float> c{centre(rng), centre(rng)};
    std::vector<Vec2<float>> points;
    for (int i = 0; i < 8; ++i)
      points.push_back(c + Vec2<float>{offset(rng), offset(rng)});
    if (auto hull = make_convex_hull(points)) return hull.value();
  }
}

b2PolygonShape to_box2d(const ConvexPolygon<float>& polygon) {
  b2Vec2 points[max_polygon_vertices];
  for (int i = 0; i < polygon.count; ++i)
    points[i].Set(polygon.vertices[i].x, polygon.vertices[i].y);
  b2PolygonShape shape;
  shape.Set(points, polygon.count);
  return shape;
}

const Data& data() {
  static const Data d = [] {
    Data out;
    std::mt19937 rng(2026);
    std::uniform_real_distribution<float> centre(0, 16), half(0.5f, 2), angle(0, 2 * pi<float>);
    for (int i = 0; i < pair_count; ++i) {
      for (int side = 0; side < 2; ++side) {
        const Vec2<float> c{centre(rng), centre(rng)};
        const float hx = half(rng), hy = half(rng), a = angle(rng);
        (side == 0 ? out.boxes_a : out.boxes_b)
            .push_back(Obb<float>{c, {hx, hy}, Rot<float>::from_angle(a)});
        b2PolygonShape shape;
        shape.SetAsBox(hx, hy);
        (side == 0 ? out.b2_boxes_a : out.b2_boxes_b).push_back(shape);
        (side == 0 ? out.b2_box_xf_a : out.b2_box_xf_b)
            .push_back(b2Transform(b2Vec2(c.x, c.y), b2Rot(a)));
        const ConvexPolygon<float> polygon = random_polygon(rng);
        (side == 0 ? out.polygons_a : out.polygons_b).push_back(polygon);
        (side == 0 ? out.b2_polygons_a : out.b2_polygons_b).push_back(to_box2d(polygon));
      }
      b2Transform identity;
      identity.SetIdentity();
      out.b2_identity.push_back(identity);
    }
    // Drawn after the pairs, so that the pairs above stay the same seeded data.
    std::uniform_real_distribution<float> point(0, 16), reach(-8, 8);
    for (int i = 0; i < pair_count; ++i) {
      const Vec2<float> a{point(rng), point(rng)};
      const Vec2<float> b = a + Vec2<float>{reach(rng), reach(rng)};
      out.segments.push_back({a, b});
      const Vec2<float> origin{point(rng), point(rng)};
      const Vec2<float> target{point(rng), point(rng)};
      out.rays.push_back({origin, target - origin, 1.0f});
      b2EdgeShape two_sided;
      two_sided.SetTwoSided(b2Vec2(a.x, a.y), b2Vec2(b.x, b.y));
      out.b2_edges_two_sided.push_back(two_sided);
      b2EdgeShape one_sided;
      const Vec2<float> e = b - a;
      one_sided.SetOneSided(b2Vec2(a.x - e.x, a.y - e.y), b2Vec2(a.x, a.y), b2Vec2(b.x, b.y),
                            b2Vec2(b.x + e.x, b.y + e.y));
      out.b2_edges_one_sided.push_back(one_sided);
      b2RayCastInput input;
      input.p1.Set(origin.x, origin.y);
      input.p2.Set(target.x, target.y);
      input.maxFraction = 1.0f;
      out.b2_rays.push_back(input);
    }
    return out;
  }();
  return d;
}

template <class Body>
void run_pairs(benchmark::State& state, Body body) {
  for (auto _ : state) {
    for (int i = 0; i < pair_count; ++i)
      body(i);
  }
  state.SetItemsProcessed(state.iterations() * pair_count);
}

void collide_obb_collide2d(benchmark::State& state) {
  const Data& d = data();
  run_pairs(state, [&](int i) { benchmark::DoNotOptimize(collide(d.boxes_a[i], d.boxes_b[i])); });
}

void collide_obb_box2d(benchmark::State& state) {
  const Data& d = data();
  run_pairs(state, [&](int i) {
    b2Manifold m;
    b2CollidePolygons(&m, &d.b2_boxes_a[i], d.b2_box_xf_a[i], &d.b2_boxes_b[i], d.b2_box_xf_b[i]);
    benchmark::DoNotOptimize(m);
  });
}

void collide_polygon_collide2d(benchmark::State& state) {
  const Data& d = data();
  run_pairs(state,
            [&](int i) { benchmark::DoNotOptimize(collide(d.polygons_a[i], d.polygons_b[i])); });
}

void collide_polygon_box2d(benchmark::State& state) {
  const Data& d = data();
  run_pairs(state, [&](int i) {
    b2Manifold m;
    b2CollidePolygons(&m, &d.b2_polygons_a[i], d.b2_identity[i], &d.b2_polygons_b[i],
                      d.b2_identity[i]);
    benchmark::DoNotOptimize(m);
  });
}

void distance_box2d(benchmark::State& state, const std::vector<b2PolygonShape>& a,
                    const std::vector<b2PolygonShape>& b, const std::vector<b2Transform>& xa,
                    const std::vector<b2Transform>& xb, bool use_radii = false) {
  run_pairs(state, [&](int i) {
    b2DistanceInput input;
    input.proxyA.Set(&a[i], 0);
    input.proxyB.Set(&b[i], 0);
    input.transformA = xa[i];
    input.transformB = xb[i];
    input.useRadii = use_radii;
    b2SimplexCache cache;
    cache.count = 0;
    b2DistanceOutput output;
    b2Distance(&output, &cache, &input);
    benchmark::DoNotOptimize(output);
  });
}

void distance_obb_collide2d(benchmark::State& state) {
  const Data& d = data();
  run_pairs(state, [&](int i) { benchmark::DoNotOptimize(distance(d.boxes_a[i], d.boxes_b[i])); });
}

void distance_obb_box2d(benchmark::State& state) {
  const Data& d = data();
  distance_box2d(state, d.b2_boxes_a, d.b2_boxes_b, d.b2_box_xf_a, d.b2_box_xf_b);
}

void distance_polygon_collide2d(benchmark::State& state) {
  const Data& d = data();
  run_pairs(state,
            [&](int i) { benchmark::DoNotOptimize(distance(d.polygons_a[i], d.polygons_b[i])); });
}

void distance_polygon_box2d(benchmark::State& state) {
  const Data& d = data();
  distance_box2d(state, d.b2_polygons_a, d.b2_polygons_b, d.b2_identity, d.b2_identity);
}

void mass_polygon_collide2d(benchmark::State& state) {
  const Data& d = data();
  run_pairs(state,
            [&](int i) { benchmark::DoNotOptimize(mass_properties(d.polygons_a[i], 1.0f)); });
}

void mass_polygon_box2d(benchmark::State& state) {
  const Data& d = data();
  run_pairs(state, [&](int i) {
    b2MassData m;
    d.b2_polygons_a[i].ComputeMass(&m, 1.0f);
    benchmark::DoNotOptimize(m);
  });
}

void raycast_segment_collide2d(benchmark::State& state, SegmentSides sides) {
  const Data& d = data();
  run_pairs(state,
            [&](int i) { benchmark::DoNotOptimize(raycast(d.rays[i], d.segments[i], sides)); });
}

void raycast_segment_box2d(benchmark::State& state, const std::vector<b2EdgeShape>& edges) {
  const Data& d = data();
  const b2Transform& identity = d.b2_identity[0];
  run_pairs(state, [&](int i) {
    b2RayCastOutput output;
    benchmark::DoNotOptimize(edges[i].RayCast(&output, d.b2_rays[i], identity, 0));
    benchmark::DoNotOptimize(output);
  });
}

void raycast_segment_two_sided_collide2d(benchmark::State& state) {
  raycast_segment_collide2d(state, SegmentSides::both);
}
void raycast_segment_two_sided_box2d(benchmark::State& state) {
  raycast_segment_box2d(state, data().b2_edges_two_sided);
}
void raycast_segment_front_collide2d(benchmark::State& state) {
  raycast_segment_collide2d(state, SegmentSides::front);
}
void raycast_segment_front_box2d(benchmark::State& state) {
  raycast_segment_box2d(state, data().b2_edges_one_sided);
}

// iou and the generalised IoUs (area.hpp) on the same box pairs.
template <class F>
void box_measure(benchmark::State& state, F measure) {
  const Data& d = data();
  run_pairs(state, [&](int i) { benchmark::DoNotOptimize(measure(d.boxes_a[i], d.boxes_b[i])); });
}
void iou_obb_collide2d(benchmark::State& state) {
  box_measure(state, [](const Obb<float>& a, const Obb<float>& b) { return iou(a, b); });
}
void giou_obb_collide2d(benchmark::State& state) {
  box_measure(state, [](const Obb<float>& a, const Obb<float>& b) { return giou(a, b); });
}
void diou_obb_collide2d(benchmark::State& state) {
  box_measure(state, [](const Obb<float>& a, const Obb<float>& b) { return diou(a, b); });
}
void ciou_obb_collide2d(benchmark::State& state) {
  box_measure(state, [](const Obb<float>& a, const Obb<float>& b) { return ciou(a, b); });
}

// ---- Scalar queries beside the classic ports ----

// A segment from a point outside the shape toward a point near it, scaled so that about half of
// the segments reach it.
template <class S>
Ray<float> random_segment_outside(std::mt19937& rng, const S& shape) {
  const Aabb<float> box = bounding_box(shape);
  const Vec2<float> size = box.max - box.min;
  std::uniform_real_distribution<float> unit(0, 1), reach(0.4f, 1.4f);
  for (;;) {
    const Vec2<float> origin{box.min.x - 2 * size.x + 5 * size.x * unit(rng),
                             box.min.y - 2 * size.y + 5 * size.y * unit(rng)};
    if (overlaps(origin, shape)) continue;
    const Vec2<float> target{box.min.x - 0.25f * size.x + 1.5f * size.x * unit(rng),
                             box.min.y - 0.25f * size.y + 1.5f * size.y * unit(rng)};
    return {origin, reach(rng) * (target - origin), 1.0f};
  }
}

struct ScalarData {
  std::vector<Aabb<float>> aabbs;
  std::vector<Ray<float>> aabb_rays;
  std::vector<b2AABB> b2_aabbs;
  std::vector<b2RayCastInput> b2_aabb_rays;
  std::vector<Obb<float>> obbs;
  std::vector<Ray<float>> obb_rays;
  std::vector<b2PolygonShape> b2_obbs;
  std::vector<b2Transform> b2_obb_xf;
  std::vector<b2RayCastInput> b2_obb_rays;
  std::vector<ConvexPolygon<float>> polygons;
  std::vector<Ray<float>> polygon_rays;
  std::vector<b2PolygonShape> b2_polygons;
  std::vector<b2RayCastInput> b2_polygon_rays;
  b2Transform identity;
  // overlap pairs (as in batch_bench.cpp: a 5.8 x 5.8 world)
  std::vector<Obb<float>> overlap_a, overlap_b;
  std::vector<Circle<float>> circles;
  std::vector<Obb<float>> circle_boxes;
  // containment: outer shapes and smaller inner ones near them
  std::vector<Obb<float>> outer_obbs, inner_obbs;
  std::vector<ConvexPolygon<float>> outer_polygons, inner_polygons;
};

const ScalarData& scalar_data() {
  static const ScalarData d = [] {
    ScalarData out;
    out.identity.SetIdentity();
    std::mt19937 rng(2031);
    std::uniform_real_distribution<float> centre(0, 12), half(0.5f, 2), angle(0, 2 * pi<float>),
        size(0.5f, 4), world(0, 5.8f), radius(0.25f, 2), offset(-1.5f, 1.5f), outer_half(1, 3),
        inner_half(0.1f, 1.2f);
    for (int i = 0; i < pair_count; ++i) {
      const Vec2<float> lo{centre(rng), centre(rng)};
      const Aabb<float> aabb{lo, {lo.x + size(rng), lo.y + size(rng)}};
      out.aabbs.push_back(aabb);
      out.aabb_rays.push_back(random_segment_outside(rng, aabb));
      b2AABB b2box;
      b2box.lowerBound.Set(aabb.min.x, aabb.min.y);
      b2box.upperBound.Set(aabb.max.x, aabb.max.y);
      out.b2_aabbs.push_back(b2box);
      out.b2_aabb_rays.push_back(to_box2d(out.aabb_rays.back()));

      const float a = angle(rng);
      const Obb<float> obb{
          {centre(rng), centre(rng)}, {half(rng), half(rng)}, Rot<float>::from_angle(a)};
      out.obbs.push_back(obb);
      out.obb_rays.push_back(random_segment_outside(rng, obb));
      b2PolygonShape shape;
      shape.SetAsBox(obb.half_extents.x, obb.half_extents.y);
      out.b2_obbs.push_back(shape);
      out.b2_obb_xf.push_back(b2Transform(b2Vec2(obb.center.x, obb.center.y), b2Rot(a)));
      out.b2_obb_rays.push_back(to_box2d(out.obb_rays.back()));

      const ConvexPolygon<float> polygon =
          random_polygon_around(rng, {centre(rng), centre(rng)}, 2);
      out.polygons.push_back(polygon);
      out.polygon_rays.push_back(random_segment_outside(rng, polygon));
      out.b2_polygons.push_back(to_box2d(polygon));
      out.b2_polygon_rays.push_back(to_box2d(out.polygon_rays.back()));

      for (int side = 0; side < 2; ++side) {
        (side == 0 ? out.overlap_a : out.overlap_b)
            .push_back(Obb<float>{{world(rng), world(rng)},
                                  {half(rng), half(rng)},
                                  Rot<float>::from_angle(angle(rng))});
      }
      out.circles.push_back({{world(rng), world(rng)}, radius(rng)});
      out.circle_boxes.push_back(Obb<float>{
          {world(rng), world(rng)}, {half(rng), half(rng)}, Rot<float>::from_angle(angle(rng))});

      const Vec2<float> c{centre(rng), centre(rng)};
      out.outer_obbs.push_back(
          Obb<float>{c, {outer_half(rng), outer_half(rng)}, Rot<float>::from_angle(angle(rng))});
      out.outer_polygons.push_back(random_polygon_around(rng, c, 3));
      const Vec2<float> inner{c.x + offset(rng), c.y + offset(rng)};
      out.inner_obbs.push_back(Obb<float>{
          inner, {inner_half(rng), inner_half(rng)}, Rot<float>::from_angle(angle(rng))});
      out.inner_polygons.push_back(random_polygon_around(rng, inner, 0.8f));
    }
    return out;
  }();
  return d;
}

// One pass over the pairs, its hits counted: noinline, so that callgrind attributes the
// instructions of the calls (inlined or not) to one symbol per row, called once per pass.
template <class Query>
__attribute__((noinline)) int pass(Query query) {
  int hits = 0;
  for (int i = 0; i < pair_count; ++i)
    hits += query(i) ? 1 : 0;
  return hits;
}

// The counter hit_rate is the share of pairs answered yes, so that a reader sees that the data
// exercise both answers.
template <class Query>
void run_passes(benchmark::State& state, Query query) {
  for (auto _ : state)
    benchmark::DoNotOptimize(pass(query));
  state.SetItemsProcessed(state.iterations() * pair_count);
  state.counters["hit_rate"] = static_cast<double>(pass(query)) / pair_count;
}

void raycast_aabb_collide2d(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) { return raycast(d.aabb_rays[i], d.aabbs[i]).has_value(); });
}
void raycast_aabb_lean(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) { return raycast_lean(d.aabb_rays[i], d.aabbs[i]).has_value(); });
}
void raycast_aabb_box2d(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) {
    b2RayCastOutput output;
    return d.b2_aabbs[i].RayCast(&output, d.b2_aabb_rays[i]);
  });
}
void raycast_aabb_classic(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) {
    float t = 0;
    return classic::ray_aabb_slab(d.aabb_rays[i], d.aabbs[i], t);
  });
}
void raycast_obb_collide2d(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) { return raycast(d.obb_rays[i], d.obbs[i]).has_value(); });
}
void raycast_obb_lean(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) { return raycast_lean(d.obb_rays[i], d.obbs[i]).has_value(); });
}
void raycast_obb_box2d(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) {
    b2RayCastOutput output;
    return d.b2_obbs[i].RayCast(&output, d.b2_obb_rays[i], d.b2_obb_xf[i], 0);
  });
}
void raycast_obb_classic(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) {
    float t = 0;
    return classic::ray_obb_slab(d.obb_rays[i], d.obbs[i], t);
  });
}
void raycast_polygon_collide2d(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) { return raycast(d.polygon_rays[i], d.polygons[i]).has_value(); });
}
void raycast_polygon_lean(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state,
             [&](int i) { return raycast_lean(d.polygon_rays[i], d.polygons[i]).has_value(); });
}
void raycast_polygon_box2d(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) {
    b2RayCastOutput output;
    return d.b2_polygons[i].RayCast(&output, d.b2_polygon_rays[i], d.identity, 0);
  });
}
void overlap_obb_collide2d(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) { return overlaps(d.overlap_a[i], d.overlap_b[i]); });
}
void overlap_obb_classic(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state,
             [&](int i) { return classic::obb_overlap_by_radii(d.overlap_a[i], d.overlap_b[i]); });
}
void overlap_circle_obb_collide2d(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) { return overlaps(d.circles[i], d.circle_boxes[i]); });
}
void overlap_circle_obb_classic(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state,
             [&](int i) { return classic::circle_obb_clamp(d.circles[i], d.circle_boxes[i]); });
}
void contains_obb_obb_collide2d(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) { return contains(d.outer_obbs[i], d.inner_obbs[i]); });
}
void contains_obb_obb_strictly(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) { return contains_strictly(d.outer_obbs[i], d.inner_obbs[i]); });
}
void contains_obb_obb_classic(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) {
    return classic::obb_contains_corners(d.outer_obbs[i], d.inner_obbs[i]);
  });
}
void contains_obb_polygon_collide2d(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) { return contains(d.outer_obbs[i], d.inner_polygons[i]); });
}
void contains_obb_polygon_classic(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) {
    return classic::obb_contains_points(d.outer_obbs[i], d.inner_polygons[i]);
  });
}
void contains_polygon_obb_collide2d(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) { return contains(d.outer_polygons[i], d.inner_obbs[i]); });
}
void contains_polygon_obb_classic(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) {
    return classic::polygon_contains_corners(d.outer_polygons[i], d.inner_obbs[i]);
  });
}
void contains_polygon_polygon_collide2d(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) { return contains(d.outer_polygons[i], d.inner_polygons[i]); });
}
void contains_polygon_polygon_classic(benchmark::State& state) {
  const ScalarData& d = scalar_data();
  run_passes(state, [&](int i) {
    return classic::polygon_contains_points(d.outer_polygons[i], d.inner_polygons[i].vertices,
                                            d.inner_polygons[i].count);
  });
}

// ---- Rounded boxes ----

struct RoundedData {
  std::vector<RoundedPolygon<float>> a, b;
  std::vector<Obb<float>> core_a, core_b;  // the core boxes, for iou's anchor
  std::vector<b2PolygonShape> b2_a, b2_b;
  std::vector<b2Transform> xf_a, xf_b;
};

const RoundedData& rounded_data() {
  static const RoundedData d = [] {
    RoundedData out;
    std::mt19937 rng(2026);
    std::uniform_real_distribution<float> centre(0, 8), half(0.5f, 2), angle(0, 2 * pi<float>),
        radius(0.05f, 0.5f);
    for (int i = 0; i < pair_count; ++i) {
      for (int side = 0; side < 2; ++side) {
        const Vec2<float> c{centre(rng), centre(rng)};
        const float hx = half(rng), hy = half(rng), a = angle(rng), r = radius(rng);
        (side == 0 ? out.a : out.b)
            .push_back(make_rounded_box(c, 2 * hx, 2 * hy, Rot<float>::from_angle(a), r).value());
        (side == 0 ? out.core_a : out.core_b)
            .push_back(make_obb(c, 2 * hx, 2 * hy, Rot<float>::from_angle(a)).value());
        b2PolygonShape shape;
        shape.SetAsBox(hx, hy);
        shape.m_radius = r;
        (side == 0 ? out.b2_a : out.b2_b).push_back(shape);
        (side == 0 ? out.xf_a : out.xf_b).push_back(b2Transform(b2Vec2(c.x, c.y), b2Rot(a)));
      }
    }
    return out;
  }();
  return d;
}

void rounded_workload(benchmark::State& state) {
  const RoundedData& d = rounded_data();
  int hits = 0;
  for (int i = 0; i < pair_count; ++i)
    hits += overlaps(d.a[i], d.b[i]) ? 1 : 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(hits);
  state.counters["overlapping_pairs"] = hits;
}
void overlap_rounded_collide2d(benchmark::State& state) {
  const RoundedData& d = rounded_data();
  run_pairs(state, [&](int i) { benchmark::DoNotOptimize(overlaps(d.a[i], d.b[i])); });
}
void overlap_rounded_box2d(benchmark::State& state) {
  const RoundedData& d = rounded_data();
  run_pairs(state, [&](int i) {
    benchmark::DoNotOptimize(b2TestOverlap(&d.b2_a[i], 0, &d.b2_b[i], 0, d.xf_a[i], d.xf_b[i]));
  });
}
void distance_rounded_collide2d(benchmark::State& state) {
  const RoundedData& d = rounded_data();
  run_pairs(state, [&](int i) { benchmark::DoNotOptimize(distance(d.a[i], d.b[i])); });
}
void distance_rounded_box2d(benchmark::State& state) {
  const RoundedData& d = rounded_data();
  distance_box2d(state, d.b2_a, d.b2_b, d.xf_a, d.xf_b, true);
}
void collide_rounded_collide2d(benchmark::State& state) {
  const RoundedData& d = rounded_data();
  run_pairs(state, [&](int i) { benchmark::DoNotOptimize(collide(d.a[i], d.b[i])); });
}
// iou of the rounded boxes (by pieces, area.hpp) beside iou of their cores as Obbs (one clip).
void iou_rounded_collide2d(benchmark::State& state) {
  const RoundedData& d = rounded_data();
  run_pairs(state, [&](int i) { benchmark::DoNotOptimize(iou(d.a[i], d.b[i])); });
}
// iou of capsules of the same places and sizes (the core box's long axis as the segment, its half
// height as the radius): the capsule pieces (a rectangle and two half discs) of area.hpp.
void iou_capsule_collide2d(benchmark::State& state) {
  const RoundedData& d = rounded_data();
  const auto capsule = [](const Obb<float>& box) {
    const Vec2<float> axis = box.half_extents.x * Vec2<float>{box.rotation.c, box.rotation.s};
    return Capsule<float>{box.center - axis, box.center + axis, box.half_extents.y};
  };
  std::vector<Capsule<float>> a, b;
  for (int i = 0; i < pair_count; ++i) {
    a.push_back(capsule(d.core_a[std::size_t(i)]));
    b.push_back(capsule(d.core_b[std::size_t(i)]));
  }
  run_pairs(state,
            [&](int i) { benchmark::DoNotOptimize(iou(a[std::size_t(i)], b[std::size_t(i)])); });
}
void iou_rounded_core_collide2d(benchmark::State& state) {
  const RoundedData& d = rounded_data();
  run_pairs(state, [&](int i) { benchmark::DoNotOptimize(iou(d.core_a[i], d.core_b[i])); });
}
void collide_rounded_box2d(benchmark::State& state) {
  const RoundedData& d = rounded_data();
  run_pairs(state, [&](int i) {
    b2Manifold m;
    b2CollidePolygons(&m, &d.b2_a[i], d.xf_a[i], &d.b2_b[i], d.xf_b[i]);
    benchmark::DoNotOptimize(m);
  });
}

}  // namespace

// Names: query/shape/library, which bench/summarize.py groups into rows of a comparison table.
BENCHMARK(collide_obb_collide2d)->Name("collide/obb/collide2d");
BENCHMARK(collide_obb_box2d)->Name("collide/obb/box2d");
BENCHMARK(collide_polygon_collide2d)->Name("collide/polygon/collide2d");
BENCHMARK(collide_polygon_box2d)->Name("collide/polygon/box2d");
BENCHMARK(distance_obb_collide2d)->Name("distance/obb/collide2d");
BENCHMARK(distance_obb_box2d)->Name("distance/obb/box2d");
BENCHMARK(distance_polygon_collide2d)->Name("distance/polygon/collide2d");
BENCHMARK(distance_polygon_box2d)->Name("distance/polygon/box2d");
BENCHMARK(mass_polygon_collide2d)->Name("mass_properties/polygon/collide2d");
BENCHMARK(mass_polygon_box2d)->Name("mass_properties/polygon/box2d");
BENCHMARK(raycast_segment_two_sided_collide2d)->Name("raycast/segment/collide2d");
BENCHMARK(raycast_segment_two_sided_box2d)->Name("raycast/segment/box2d");
BENCHMARK(raycast_segment_front_collide2d)->Name("raycast/segment_front/collide2d");
BENCHMARK(raycast_segment_front_box2d)->Name("raycast/segment_front/box2d");

BENCHMARK(iou_obb_collide2d)->Name("iou/obb/collide2d");
BENCHMARK(giou_obb_collide2d)->Name("giou/obb/collide2d");
BENCHMARK(diou_obb_collide2d)->Name("diou/obb/collide2d");
BENCHMARK(ciou_obb_collide2d)->Name("ciou/obb/collide2d");

BENCHMARK(raycast_aabb_collide2d)->Name("raycast/aabb/collide2d");
BENCHMARK(raycast_aabb_lean)->Name("raycast/aabb/collide2d-lean");
BENCHMARK(raycast_aabb_box2d)->Name("raycast/aabb/box2d");
BENCHMARK(raycast_aabb_classic)->Name("raycast/aabb/classic-slab");
BENCHMARK(raycast_obb_collide2d)->Name("raycast/obb/collide2d");
BENCHMARK(raycast_obb_lean)->Name("raycast/obb/collide2d-lean");
BENCHMARK(raycast_obb_box2d)->Name("raycast/obb/box2d");
BENCHMARK(raycast_obb_classic)->Name("raycast/obb/classic-slab");
BENCHMARK(raycast_polygon_collide2d)->Name("raycast/polygon/collide2d");
BENCHMARK(raycast_polygon_lean)->Name("raycast/polygon/collide2d-lean");
BENCHMARK(raycast_polygon_box2d)->Name("raycast/polygon/box2d");
BENCHMARK(overlap_obb_collide2d)->Name("overlap/obb/collide2d");
BENCHMARK(overlap_obb_classic)->Name("overlap/obb/classic-radii");
BENCHMARK(overlap_circle_obb_collide2d)->Name("overlap/circle-obb/collide2d");
BENCHMARK(overlap_circle_obb_classic)->Name("overlap/circle-obb/classic-clamp");
BENCHMARK(contains_obb_obb_collide2d)->Name("contains/obb-obb/collide2d");
BENCHMARK(contains_obb_obb_strictly)->Name("contains/obb-obb/collide2d-strictly");
BENCHMARK(contains_obb_obb_classic)->Name("contains/obb-obb/classic-corners");
BENCHMARK(contains_obb_polygon_collide2d)->Name("contains/obb-polygon/collide2d");
BENCHMARK(contains_obb_polygon_classic)->Name("contains/obb-polygon/classic-corners");
BENCHMARK(contains_polygon_obb_collide2d)->Name("contains/polygon-obb/collide2d");
BENCHMARK(contains_polygon_obb_classic)->Name("contains/polygon-obb/classic-corners");
BENCHMARK(contains_polygon_polygon_collide2d)->Name("contains/polygon-polygon/collide2d");
BENCHMARK(contains_polygon_polygon_classic)->Name("contains/polygon-polygon/classic-corners");
BENCHMARK(rounded_workload)->Name("rounded-box/workload")->Iterations(1);
BENCHMARK(overlap_rounded_collide2d)->Name("overlap/rounded-box/collide2d");
BENCHMARK(overlap_rounded_box2d)->Name("overlap/rounded-box/box2d");
BENCHMARK(distance_rounded_collide2d)->Name("distance/rounded-box/collide2d");
BENCHMARK(distance_rounded_box2d)->Name("distance/rounded-box/box2d");
BENCHMARK(collide_rounded_collide2d)->Name("collide/rounded-box/collide2d");
BENCHMARK(collide_rounded_box2d)->Name("collide/rounded-box/box2d");
BENCHMARK(iou_rounded_collide2d)->Name("iou/rounded-box/collide2d");
BENCHMARK(iou_rounded_core_collide2d)->Name("iou/rounded-box-core/collide2d");
BENCHMARK(iou_capsule_collide2d)->Name("iou/capsule/collide2d");

BENCHMARK_MAIN();
