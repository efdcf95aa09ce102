// Polygon<T> (polygon.hpp): the single-call queries on one 200-vertex concave outline, over 4096
// seeded queries each, beside two anchors in the same run:
//   naive       the same method without the edge grid: every edge tested (any overlaps(edge,
//               S), else the winding number at a point of S over all edges, rounded cross)
//   boost       Boost.Geometry's intersects(polygon, box) and covered_by(box as a polygon,
//               polygon) on the same outline (double; Boost's predicates round, ours are exact)
// Data: a star-shaped outline of 200 vertices, radii 40 to 100 at evenly spaced angles (concave,
// simple by construction), in double; boxes of half size 1 to 8 at random points of its box, so
// that about half overlap; rays from random points of the box towards random points; points for
// distance around it. Build: make_simple_polygon on the outline (the grid and the simplicity
// check). Run: build/<preset>/bench/collide2d_polygon_bench (configure with
// -DCOLLIDE2D_BUILD_BENCHMARKS=ON).
#include <benchmark/benchmark.h>

// GCC 12 at -O3 sees a "maybe uninitialized" rescale factor inside Boost.Geometry's relate
// (covered_by of two polygons), in Boost's code, not ours.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/geometry.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "collide2d/collide2d.hpp"

namespace {

using namespace collide2d;
namespace bg = boost::geometry;
using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint>;  // clockwise, closed
using BBox = bg::model::box<BPoint>;

constexpr int query_count = 4096;
constexpr int vertex_count = 200;

std::vector<Vec2<double>> star_outline(std::mt19937& rng) {
  std::uniform_real_distribution<double> radius(40, 100);
  std::vector<Vec2<double>> out;
  for (int i = 0; i < vertex_count; ++i) {
    const double a = 2 * 3.14159265358979323846 * i / vertex_count;
    const double r = radius(rng);
    out.push_back({r * std::cos(a), r * std::sin(a)});
  }
  return out;
}

struct Data {
  std::vector<Vec2<double>> outline;
  Polygon<double> polygon;
  BPolygon boost_polygon;
  std::vector<Obb<double>> boxes;
  std::vector<Aabb<double>> aabbs;
  std::vector<BBox> boost_boxes;
  std::vector<BPolygon> boost_box_polygons;  // covered_by(box, polygon) is not implemented
  std::vector<Ray<double>> rays;
  std::vector<Vec2<double>> points;

  Data() {
    std::mt19937 rng(20261125);
    outline = star_outline(rng);
    polygon = make_simple_polygon(outline).value();
    for (auto it = outline.rbegin(); it != outline.rend(); ++it)
      bg::append(boost_polygon.outer(), BPoint(it->x, it->y));
    bg::correct(boost_polygon);
    std::uniform_real_distribution<double> at(-100, 100), half(1, 8), angle(-3.14, 3.14);
    for (int i = 0; i < query_count; ++i) {
      const Vec2<double> c{at(rng), at(rng)};
      const Vec2<double> h{half(rng), half(rng)};
      boxes.push_back({c, h, Rot<double>::from_angle(angle(rng))});
      aabbs.push_back({c - h, c + h});
      boost_boxes.emplace_back(BPoint(c.x - h.x, c.y - h.y), BPoint(c.x + h.x, c.y + h.y));
      BPolygon as_polygon;
      bg::convert(boost_boxes.back(), as_polygon);
      boost_box_polygons.push_back(as_polygon);
      const Vec2<double> to{at(rng), at(rng)};
      rays.push_back({c, to - c, 1.0});
      points.push_back({1.3 * at(rng), 1.3 * at(rng)});
    }
  }
};

const Data& data() {
  static const Data d;
  return d;
}

// The exact overlap without the grid: every edge, then the winding number by every edge.
template <class S>
bool naive_overlaps(const std::vector<Vec2<double>>& v, const S& s, Vec2<double> inside_point) {
  const std::size_t n = v.size();
  for (std::size_t i = 0; i < n; ++i)
    if (overlaps(Segment<double>{v[i], v[(i + 1) % n]}, s)) return true;
  int w = 0;
  const Vec2<double> q = inside_point;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2<double> a = v[i], b = v[(i + 1) % n];
    const double side = cross(b - a, q - a);
    if (a.y <= q.y) {
      if (b.y > q.y && side > 0) ++w;
    } else if (b.y <= q.y && side < 0) {
      --w;
    }
  }
  return w != 0 || overlaps(v[0], s);
}

void BM_Build(benchmark::State& state) {
  const Data& d = data();
  for (auto _ : state)
    benchmark::DoNotOptimize(make_simple_polygon(d.outline));
}
BENCHMARK(BM_Build);

// f(item) summed over every item, per iteration.
template <class Items, class F>
void each_item(benchmark::State& state, const Items& items, F f) {
  for (auto _ : state) {
    double sum = 0;
    for (const auto& item : items)
      sum += double(f(item));
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(state.iterations() * query_count);
}

void BM_OverlapsObb(benchmark::State& state) {
  each_item(state, data().boxes, [](const Obb<double>& b) { return overlaps(data().polygon, b); });
}
BENCHMARK(BM_OverlapsObb);

void BM_OverlapsObbNaive(benchmark::State& state) {
  each_item(state, data().boxes,
            [](const Obb<double>& b) { return naive_overlaps(data().outline, b, b.center); });
}
BENCHMARK(BM_OverlapsObbNaive);

void BM_OverlapsAabb(benchmark::State& state) {
  each_item(state, data().aabbs, [](const Aabb<double>& b) { return overlaps(data().polygon, b); });
}
BENCHMARK(BM_OverlapsAabb);

void BM_OverlapsAabbBoost(benchmark::State& state) {
  each_item(state, data().boost_boxes,
            [](const BBox& b) { return bg::intersects(data().boost_polygon, b); });
}
BENCHMARK(BM_OverlapsAabbBoost);

void BM_ContainsAabb(benchmark::State& state) {
  each_item(state, data().aabbs, [](const Aabb<double>& b) { return contains(data().polygon, b); });
}
BENCHMARK(BM_ContainsAabb);

void BM_ContainsAabbBoost(benchmark::State& state) {
  each_item(state, data().boost_box_polygons,
            [](const BPolygon& b) { return bg::covered_by(b, data().boost_polygon); });
}
BENCHMARK(BM_ContainsAabbBoost);

void BM_Raycast(benchmark::State& state) {
  each_item(state, data().rays,
            [](const Ray<double>& r) { return raycast(r, data().polygon).has_value(); });
}
BENCHMARK(BM_Raycast);

void BM_DistancePoint(benchmark::State& state) {
  each_item(state, data().points,
            [](const Vec2<double>& p) { return distance(data().polygon, p).distance; });
}
BENCHMARK(BM_DistancePoint);

void BM_IntersectionAreaObb(benchmark::State& state) {
  each_item(state, data().boxes,
            [](const Obb<double>& b) { return intersection_area(data().polygon, b); });
}
BENCHMARK(BM_IntersectionAreaObb);

}  // namespace

BENCHMARK_MAIN();
