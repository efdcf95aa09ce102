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
#include <benchmark/benchmark.h>
#include <box2d/b2_collision.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_edge_shape.h>
#include <box2d/b2_polygon_shape.h>

#include <random>
#include <vector>

#include "collide2d/collide2d.hpp"

namespace {

using namespace collide2d;

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
                    const std::vector<b2Transform>& xb) {
  run_pairs(state, [&](int i) {
    b2DistanceInput input;
    input.proxyA.Set(&a[i], 0);
    input.proxyB.Set(&b[i], 0);
    input.transformA = xa[i];
    input.transformB = xb[i];
    input.useRadii = false;
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

BENCHMARK_MAIN();
