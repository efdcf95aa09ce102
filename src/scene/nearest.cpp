// Scene::nearest: the k shapes closest to a point or to a shape.
//
// Method: a search by growing boxes over every index. Round i asks each index for the shapes whose
// stored box overlaps the query's bounding box grown by r_i (box_candidates), computes each
// candidate's distance with distance(query, shape) and keeps the k best by (distance, topmost).
// A shape within r of the query has a point within r of it, and its stored box contains it, so
// its box overlaps the grown bounds: every shape at distance <= r is among the candidates. Once
// the k-th best distance is <= r, no shape left out can come before it or tie with it, and the
// answer is final; otherwise r grows fourfold. Shapes farther than the final r are never
// visited.
//
// The first radius is what k shapes need at the scene's mean density (its extent's area over the
// shape count), plus the query's gap to the scene's extent when it lies outside. Each round costs
// its candidates' exact distances; with the fourfold growth the rounds before the last visit
// about a third of the last's candidates in all. The search stops when the grown box holds the
// whole extent (every shape was a candidate) or r reaches max_distance.
//
// Why not a best-first traversal of each tree (the classic k-nearest of R-trees, as flatbush's
// neighbors): the Scene keeps up to nine indexes at once (a packed tree per kind, the dynamic tree,
// or the grid), which a best-first search would have to merge node by node; the box query is the
// one traversal all of them already share, and its cost here was measured beside flatbush's in
// docs/BENCHMARKS.md.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <variant>
#include <vector>

#include "collide2d/distance.hpp"
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

// measure(store_shape) -> its distance to the query; bounds: the query's bounding box.
template <class T, class Measure>
std::vector<SceneNearest<T>> search(SceneImpl<T>& s, const Aabb<T>& bounds, std::size_t k,
                                    T max_distance, const Gate& gate, Measure&& measure) {
  std::vector<SceneNearest<T>> out;
  if (k == 0 || s.live == 0 || gate.rejects_all()) return out;
  // The scene lies within [-E, E]^2 (stored boxes included).
  const T extent = std::max(s.scene_extent, std::numeric_limits<T>::min());
  // The grown box first reaches the extent at r = the larger of the two axes' gaps.
  const T outside = std::max({T(0), bounds.min.x - extent, -extent - bounds.max.x,
                              bounds.min.y - extent, -extent - bounds.max.y});
  const T density_radius =
      T(2) * extent *
      std::sqrt(static_cast<T>(std::min(k, s.live)) / static_cast<T>(s.live) / T(3.14159265));
  // (The density estimate only sets where the search starts; the stopping rule makes it exact.)
  T radius = std::max(outside + density_radius, std::numeric_limits<T>::min());
  std::vector<Found<T>> found;
  const auto by_rank = [](const Found<T>& a, const Found<T>& b) { return a.before(b); };
  for (;;) {
    const T reach = std::min(radius, max_distance);
    // Grown by the reach, a relative slack for the rounding of the distances compared with it,
    // and the rounding margin of box tests.
    const T grow = reach + reach * T(1.0 / 65536);
    Aabb<T> box = detail::enlarged_in_range(bounds, grow);
    box = detail::enlarged_in_range(box, detail::rounding_margin(box));
    found.clear();
    detail::box_candidates(s, box, gate, [&](const auto& store, int slot) {
      const T d = measure(store.shapes[std::size_t(slot)]);
      if (d <= max_distance)
        found.push_back({d, s.z_of(store, slot), store.ids[std::size_t(slot)]});
    });
    const bool all_seen =
        box.min.x <= -extent && box.min.y <= -extent && box.max.x >= extent && box.max.y >= extent;
    const std::size_t n = std::min(k, found.size());
    std::partial_sort(found.begin(), found.begin() + std::ptrdiff_t(n), found.end(), by_rank);
    const bool settled = found.size() >= k && found[k - 1].distance <= reach;
    if (settled || all_seen || reach >= max_distance || !std::isfinite(radius)) {
      out.reserve(n);
      for (std::size_t i = 0; i < n; ++i)
        out.push_back({found[i].id, found[i].distance});
      return out;
    }
    radius *= T(4);
  }
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
  return search(s, Aabb<T>{point, point}, k, max_distance, gate,
                [&](const auto& shape) { return distance(point, shape).distance; });
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
        return search(s, bounding_box(query), k, max_distance, gate,
                      [&](const auto& candidate) { return distance(query, candidate).distance; });
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
