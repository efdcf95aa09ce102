// Scene ray queries: raycast_closest and raycast_all.
//
// Every index walks its boxes in order of entry. The closest-hit search clips the walk at the best
// hit so far plus a slack: a shape is entered no earlier than its stored box, which contains it
// with a margin, but the two entry parameters are rounded separately, so the walk goes on a few
// ulps past the best hit (and on ties decides by z-order and id, as hit_test orders).
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "collide2d/raycast.hpp"
#include "collide2d/scene.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d {

namespace {

using detail::dead_id;
using detail::Gate;
using detail::SceneImpl;
using detail::ShapeRef;

// Topmost first: higher z, then higher id.
struct Rank {
  std::int32_t z;
  ShapeId id;
  bool above(const Rank& other) const { return z != other.z ? z > other.z : id > other.id; }
};

// Visits every index's boxes that the ray enters, in order per index, as
// visit(store, slot, t_box) -> the ray's new max_t.
template <class T, class Visit>
void walk_indexes(SceneImpl<T>& s, const Ray<T>& ray, Visit&& visit) {
  detail::for_each_kind([&](auto k) {
    const auto& store = s.template store<decltype(k)::value>();
    if (store.packed == 0) return;
    store.tree.raycast(ray, [&](int slot, T t) { return visit(store, slot, t); });
  });
  auto by_ref = [&](ShapeRef ref, T t) {
    return detail::with_kind(ref.kind(), [&](auto k) {
      return visit(s.template store<decltype(k)::value>(), ref.slot(), t);
    });
  };
  if (!s.dynamic.empty()) {
    s.dynamic.raycast(ray, [&](int proxy, T t) {
      return by_ref(ShapeRef{std::uint32_t(s.dynamic.user_value(proxy))}, t);
    });
  }
  if (s.options.index == IndexChoice::grid && !s.grid.empty()) {
    s.grid.raycast(ray, [&](int item, T t) { return by_ref(s.grid_refs[std::size_t(item)], t); });
  }
}

// The exact hit of a candidate that passes the query's filters, or nothing.
template <class T, class Store>
std::optional<RayHit<T>> exact_hit(const Gate& gate, const Store& store, int slot,
                                   const Ray<T>& ray) {
  const ShapeId id = store.ids[std::size_t(slot)];
  if (id == dead_id || !gate.passes_filter(store, slot)) return std::nullopt;
  auto hit = raycast(ray, store.shapes[std::size_t(slot)]);
  if (hit && !gate.accepts(id)) return std::nullopt;
  return hit;
}

}  // namespace

template <class T>
std::optional<SceneRayHit<T>> Scene<T>::raycast_closest(const Ray<T>& ray,
                                                        const QueryOptions& options) {
  check_query_ray(ray, "Scene::raycast_closest ray");
  auto& s = *impl_;
  s.update();
  const Gate gate = s.gate(options);
  std::optional<SceneRayHit<T>> best;
  Rank best_rank{0, ShapeId{0}};
  if (gate.rejects_all()) return best;
  // How far past the best hit the walk must go: the relative rounding of the two entry
  // parameters, and the absolute rounding of coordinates as large as the scene's or the ray's.
  const T eps = std::numeric_limits<T>::epsilon();
  const T reach = std::max({std::abs(ray.origin.x), std::abs(ray.origin.y), s.scene_extent});
  const T speed = std::max(std::abs(ray.direction.x), std::abs(ray.direction.y));
  const T absolute_slack = T(64) * eps * reach / speed;
  walk_indexes(s, ray, [&](const auto& store, int slot, T) {
    if (auto hit = exact_hit(gate, store, slot, ray)) {
      const Rank rank{s.z_of(store, slot), store.ids[std::size_t(slot)]};
      if (!best || hit->t_enter < best->hit.t_enter ||
          (hit->t_enter == best->hit.t_enter && rank.above(best_rank))) {
        best = SceneRayHit<T>{rank.id, *hit};
        best_rank = rank;
      }
    }
    if (!best) return ray.max_t;
    const T t = best->hit.t_enter;
    return t + t * T(1.0 / 1024) + absolute_slack;
  });
  return best;
}

template <class T>
std::vector<SceneRayHit<T>> Scene<T>::raycast_all(const Ray<T>& ray, const QueryOptions& options) {
  check_query_ray(ray, "Scene::raycast_all ray");
  auto& s = *impl_;
  s.update();
  const Gate gate = s.gate(options);
  std::vector<std::pair<Rank, SceneRayHit<T>>> hits;
  if (gate.rejects_all()) return {};
  walk_indexes(s, ray, [&](const auto& store, int slot, T) {
    if (auto hit = exact_hit(gate, store, slot, ray)) {
      const Rank rank{s.z_of(store, slot), store.ids[std::size_t(slot)]};
      hits.push_back({rank, SceneRayHit<T>{rank.id, *hit}});
    }
    return ray.max_t;
  });
  std::sort(hits.begin(), hits.end(), [](const auto& a, const auto& b) {
    if (a.second.hit.t_enter != b.second.hit.t_enter) {
      return a.second.hit.t_enter < b.second.hit.t_enter;
    }
    return a.first.above(b.first);
  });
  std::vector<SceneRayHit<T>> out;
  out.reserve(hits.size());
  for (const auto& h : hits)
    out.push_back(h.second);
  return out;
}

template std::optional<SceneRayHit<float>> Scene<float>::raycast_closest(const Ray<float>&,
                                                                         const QueryOptions&);
template std::optional<SceneRayHit<double>> Scene<double>::raycast_closest(const Ray<double>&,
                                                                           const QueryOptions&);
template std::vector<SceneRayHit<float>> Scene<float>::raycast_all(const Ray<float>&,
                                                                   const QueryOptions&);
template std::vector<SceneRayHit<double>> Scene<double>::raycast_all(const Ray<double>&,
                                                                     const QueryOptions&);

}  // namespace collide2d
