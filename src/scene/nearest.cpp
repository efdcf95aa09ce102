// Scene::nearest: the k shapes closest to a point or to a shape.
//
// Method: a search by growing boxes over every index. Round i asks each index for the shapes whose
// stored box overlaps the query's bounding box grown by r_i (box_candidates). A shape within r of
// the query has a point within r of it, and its bounding box contains it, so every shape at
// distance <= r is among the candidates. The candidates are taken by increasing gap between their
// bounding box and the query's (a shape is never nearer than its box), and their distances are
// computed exactly (overlaps() first: 0 for a shape the query overlaps; else distance()) until the
// gap exceeds the k-th best distance so far. Once the k-th best distance is <= r_i, no shape left
// out can come before it or tie with it, and the answer is final; otherwise r grows.
//
// The radii: r_0 = 0 (the shapes touching the query's bounds: among overlapping shapes, as under
// a cursor in a dense drawing, that settles it at once; outside the scene, r_0 is the gap to the
// scene's extent), r_1 = r_0 + the radius at which k shapes' centres are expected at the mean
// density (the extent's area over the shape count), then fourfold each round. The search stops
// when the grown box holds the whole extent (every shape was a candidate) or r reaches
// max_distance.
//
// Why not a best-first traversal of each tree (the classic k-nearest of R-trees, as flatbush's
// neighbors and Boost's rtree nearest): the Scene keeps up to nine indexes at once (a packed tree
// per kind, the dynamic tree, or the grid), which a best-first search would have to merge node by
// node; the box query is the one traversal all of them already share. Its cost beside Boost's
// best-first k-nearest is in docs/BENCHMARKS.md (collide2d_broadphase_bench, nearest/ rows).
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "collide2d/distance.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/scene.hpp"
#include "detail/format.hpp"
#include "scene/box_candidates.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d {

namespace {

using detail::Gate;
using detail::SceneImpl;

template <class T>
struct Found {
  T distance;
  std::int32_t z;
  ShapeId id;
  // Nearest first; on equal distances topmost first (higher z, then higher id).
  bool before(const Found& other) const {
    if (distance != other.distance) return distance < other.distance;
    if (z != other.z) return z > other.z;
    return id > other.id;
  }
};

// The gap between two boxes (0 when they overlap): no more than the distance between any shapes
// they contain.
template <class T>
T box_gap(const Aabb<T>& a, const Aabb<T>& b) {
  const T dx = std::max({T(0), a.min.x - b.max.x, b.min.x - a.max.x});
  const T dy = std::max({T(0), a.min.y - b.max.y, b.min.y - a.max.y});
  return std::sqrt(dx * dx + dy * dy);
}

// Room for the rounding of a distance or a box gap, relative to it.
template <class T>
constexpr T relative_slack() {
  return T(1.0 / 65536);
}

template <class T>
struct Candidate {
  T gap;  // box_gap of the query's and the shape's stored boxes
  detail::ShapeRef ref;
};

// The distance of a stored shape to the query, or anything > bound when that is larger than
// bound. Passed as a function pointer and the query's address, so that the search below is
// compiled once per scalar type rather than once per query kind: it inlines the traversal of
// every index, and eight copies of it made this the slowest file of the library to compile.
template <class T>
struct Measure {
  const void* query;
  T (*distance)(const void* query, const SceneImpl<T>& s, detail::ShapeRef shape, T bound);
  T operator()(const SceneImpl<T>& s, detail::ShapeRef shape, T bound) const {
    return distance(query, s, shape, bound);
  }
};

// bounds: the query's stored box.
template <class T>
std::vector<SceneNearest<T>> search(SceneImpl<T>& s, const Aabb<T>& bounds, std::size_t k,
                                    T max_distance, const Gate& gate, Measure<T> measure) {
  std::vector<SceneNearest<T>> out;
  if (k == 0 || s.live == 0 || gate.rejects_all()) return out;
  // The scene lies within [-E, E]^2 (stored boxes included).
  const T extent = std::max(s.scene_extent, std::numeric_limits<T>::min());
  // The grown box first reaches the extent at r = the larger of the two axes' gaps.
  const T outside = std::max({T(0), bounds.min.x - extent, -extent - bounds.max.x,
                              bounds.min.y - extent, -extent - bounds.max.y});
  // The radius at which k shapes' centres are expected at the mean density. The first round asks
  // only for shapes touching the query's bounds (outside the scene, the first that reaches it):
  // among overlapping shapes, that settles k at once.
  const T density_radius =
      T(2) * extent *
      std::sqrt(static_cast<T>(std::min(k, s.live)) / static_cast<T>(s.live) / pi<T>);
  T radius = outside;
  std::vector<Candidate<T>> candidates;
  std::vector<Found<T>> best;  // the k best so far, in order
  const auto by_rank = [](const Found<T>& a, const Found<T>& b) { return a.before(b); };
  for (int round = 0;; ++round) {
    const T reach = std::min(radius, max_distance);
    // Grown by the reach and a relative slack for the rounding of the distances compared with it
    // (the bounds are the query's stored box: they contain it whatever the rounding), then by the
    // rounding margin of box tests.
    Aabb<T> box = detail::enlarged_in_range(bounds, reach + reach * relative_slack<T>());
    box = detail::enlarged_in_range(box, detail::rounding_margin(box));
    candidates.clear();
    best.clear();
    detail::box_candidates(s, box, gate, [&](const auto& store, int slot) {
      using S = std::decay_t<decltype(store.shapes[0])>;
      candidates.push_back({box_gap(bounds, detail::stored_box<T>(store.shapes[std::size_t(slot)])),
                            detail::ShapeRef::make(detail::kind_of_entry<T, S>, slot)});
    });
    // Exact distances by increasing box gap, until the gap exceeds the k-th best distance: a shape
    // is never nearer than its stored box, which contains it with a margin of 16 ulps of its
    // coordinates, more than distance()'s rounding; the relative slack covers the gap's own.
    std::sort(candidates.begin(), candidates.end(),
              [](const Candidate<T>& a, const Candidate<T>& b) { return a.gap < b.gap; });
    for (const Candidate<T>& c : candidates) {
      if (best.size() == k && c.gap > best.back().distance * (1 + relative_slack<T>())) break;
      if (c.gap > max_distance * (1 + relative_slack<T>())) break;
      const T bound = best.size() == k ? best.back().distance : max_distance;
      const T d = measure(s, c.ref, bound);
      if (!(d <= max_distance)) continue;
      detail::with_kind(c.ref.kind(), [&](auto kind) {
        const auto& store = s.template store<decltype(kind)::value>();
        const int slot = c.ref.slot();
        const Found<T> f{d, s.z_of(store, slot), store.ids[std::size_t(slot)]};
        if (best.size() == k && !f.before(best.back())) return;
        if (best.size() == k) best.pop_back();
        best.insert(std::upper_bound(best.begin(), best.end(), f, by_rank), f);
      });
    }
    const bool all_seen =
        box.min.x <= -extent && box.min.y <= -extent && box.max.x >= extent && box.max.y >= extent;
    const bool settled = best.size() == k && best.back().distance <= reach;
    if (settled || all_seen || reach >= max_distance || !std::isfinite(radius)) {
      out.reserve(best.size());
      for (const Found<T>& f : best)
        out.push_back({f.id, f.distance});
      return out;
    }
    radius = round == 0 ? outside + density_radius : radius * T(4);
  }
}

// The distance a nearest query ranks by: 0 for shapes that overlap the query (touching counts, as
// overlaps() decides: the closed-set rule), else distance(). The overlap test comes first because
// it is several times cheaper, and among overlapping shapes it is all a query needs.
// With bound 0 (k shapes at distance 0 found already: a point in a dense drawing), a shape that
// does not overlap cannot qualify, and its distance is not computed.
template <class A, class B>
scalar_of<A> shape_distance(const A& query, const B& shape, scalar_of<A> bound) {
  using T = scalar_of<A>;
  if (overlaps(query, shape)) return T(0);
  if (bound == T(0)) return std::numeric_limits<T>::infinity();
  return distance(query, shape).distance;
}

// Measure::distance for a query of type Q.
template <class Q>
scalar_of<Q> measure_from(const void* query, const SceneImpl<scalar_of<Q>>& s,
                          detail::ShapeRef shape, scalar_of<Q> bound) {
  return detail::with_kind(shape.kind(), [&](auto kind) {
    const auto& store = s.template store<decltype(kind)::value>();
    return shape_distance(*static_cast<const Q*>(query), store.shapes[std::size_t(shape.slot())],
                          bound);
  });
}

template <class Q>
Measure<scalar_of<Q>> measure_to(const Q& query) {
  return {&query, &measure_from<Q>};
}

template <class T>
void check_max_distance(T max_distance, const char* what) {
  if (!(max_distance >= T(0))) {
    throw InvalidQuery(std::string(what) +
                       " max_distance must be >= 0 (infinity for no limit), got " +
                       detail::format_number(max_distance));
  }
}

}  // namespace

template <class T>
std::vector<SceneNearest<T>> Scene<T>::nearest(Point<T> point, std::size_t k, T max_distance,
                                               const QueryOptions& options) {
  const std::string error = detail::scene_input_error(point);
  if (!error.empty()) throw InvalidQuery("Scene::nearest point: " + error);
  check_max_distance(max_distance, "Scene::nearest");
  auto& s = *impl_;
  s.update();
  const Gate gate = s.gate(options);
  return search(s, detail::stored_box<T>(point), k, max_distance, gate, measure_to(point));
}

template <class T>
std::vector<SceneNearest<T>> Scene<T>::nearest(const Shape<T>& shape, std::size_t k, T max_distance,
                                               const QueryOptions& options) {
  const std::string error = detail::scene_input_error(shape);
  if (!error.empty()) throw InvalidQuery("Scene::nearest shape: " + error);
  check_max_distance(max_distance, "Scene::nearest");
  auto& s = *impl_;
  s.update();
  const Gate gate = s.gate(options);
  return std::visit(
      [&](const auto& query) {
        return search(s, detail::stored_box<T>(query), k, max_distance, gate, measure_to(query));
      },
      shape);
}

#define COLLIDE2D_INSTANTIATE_NEAREST(T)                                                   \
  template std::vector<SceneNearest<T>> Scene<T>::nearest(Point<T>, std::size_t, T,        \
                                                          const QueryOptions&);            \
  template std::vector<SceneNearest<T>> Scene<T>::nearest(const Shape<T>&, std::size_t, T, \
                                                          const QueryOptions&);

COLLIDE2D_INSTANTIATE_NEAREST(float)
COLLIDE2D_INSTANTIATE_NEAREST(double)

}  // namespace collide2d
