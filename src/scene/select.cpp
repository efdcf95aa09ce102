// Scene region queries: select, hit_test, overlapping, candidates.
//
// Each runs one traversal per index: the packed tree of every kind (where whole nodes inside the
// region come back as runs of slots, copied out without a test), the dynamic tree and the grid
// (candidates by box, then decided one by one).
#include <algorithm>
#include <string>

#include "collide2d/scene.hpp"
#include "detail/format.hpp"
#include "scene/regions.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d {

namespace {

using detail::dead_id;
using detail::Gate;
using detail::RegionTest;
using detail::SceneImpl;
using detail::ShapeRef;

// Decides one candidate slot of a store and records it.
template <class T, class Q, class Store>
void consider(const RegionTest<T, Q>& region, const Gate& gate, const Store& store, int slot, T x0,
              T y0, T x1, T y1, std::vector<ShapeId>& out) {
  const ShapeId id = store.ids[std::size_t(slot)];
  if (id == dead_id || !gate.passes_filter(store, slot)) return;
  if (!region.decide(store.shapes[std::size_t(slot)], x0, y0, x1, y1)) return;
  if (gate.accepts(id)) out.push_back(id);
}

template <class T, class Q>
void run_region(SceneImpl<T>& s, const RegionTest<T, Q>& region, const Gate& gate,
                std::vector<ShapeId>& out) {
  if (gate.rejects_all()) return;
  const bool plain = !gate.check_filters && !gate.has_predicate;
  detail::for_each_kind([&](auto k) {
    const auto& store = s.template store<decltype(k)::value>();
    if (store.packed == 0) return;
    using Store = std::remove_cv_t<std::remove_reference_t<decltype(store)>>;
    struct Visitor {
      const RegionTest<T, Q>& region;
      const Gate& gate;
      const Store& store;
      std::vector<ShapeId>& out;
      bool plain;
      bool item(int slot) {
        const auto i = std::size_t(slot);
        const auto& tree = store.tree;
        consider(region, gate, store, slot, tree.min_x()[i], tree.min_y()[i], tree.max_x()[i],
                 tree.max_y()[i], out);
        return true;
      }
      // A node inside the region: every live shape under it is an answer.
      bool range(int first, int last) {
        const ShapeId* ids = store.ids.data();
        if (plain && store.dead == 0) {
          out.insert(out.end(), ids + first, ids + last);
          return true;
        }
        for (int slot = first; slot < last; ++slot) {
          const ShapeId id = ids[slot];
          if (id != dead_id && gate.passes_filter(store, slot) && gate.accepts(id)) {
            out.push_back(id);
          }
        }
        return true;
      }
    } visitor{region, gate, store, out, plain};
    store.tree.traverse(region, visitor);
  });
  auto by_ref = [&](ShapeRef ref, const Aabb<T>& box) {
    detail::with_kind(ref.kind(), [&](auto k) {
      consider(region, gate, s.template store<decltype(k)::value>(), ref.slot(), box.min.x,
               box.min.y, box.max.x, box.max.y, out);
    });
  };
  if (!s.dynamic.empty()) {
    s.dynamic.query(region.outer(), [&](int proxy) {
      const Aabb<T>& box = s.dynamic.fat_box(proxy);
      if (region.disjoint(box.min.x, box.min.y, box.max.x, box.max.y)) return;
      by_ref(ShapeRef{std::uint32_t(s.dynamic.user_value(proxy))}, box);
    });
  }
  if (s.options.index == IndexChoice::grid && !s.grid.empty()) {
    s.grid.query(region.outer(), [&](int item) {
      const Aabb<T>& box = s.grid.box(item);
      if (region.disjoint(box.min.x, box.min.y, box.max.x, box.max.y)) return;
      by_ref(s.grid_refs[std::size_t(item)], box);
    });
  }
}

template <class T, class Q>
void select_shape(SceneImpl<T>& s, const Q& region, SelectMode mode, const QueryOptions& options,
                  std::vector<ShapeId>& out) {
  const std::string error = validation_error(region);
  if (!error.empty()) throw InvalidQuery("Scene::select region: " + error);
  s.update();
  run_region(s, RegionTest<T, Q>(region, mode, options.exclude_touching), s.gate(options), out);
}

}  // namespace

template <class T>
void Scene<T>::select(const Aabb<T>& region, SelectMode mode, const QueryOptions& options,
                      std::vector<Id>& out) {
  select_shape(*impl_, region, mode, options, out);
}
template <class T>
void Scene<T>::select(const Obb<T>& region, SelectMode mode, const QueryOptions& options,
                      std::vector<Id>& out) {
  select_shape(*impl_, region, mode, options, out);
}
template <class T>
void Scene<T>::select(const ConvexPolygon<T>& region, SelectMode mode, const QueryOptions& options,
                      std::vector<Id>& out) {
  select_shape(*impl_, region, mode, options, out);
}

template <class T>
std::vector<ShapeId> Scene<T>::select(const Aabb<T>& region, SelectMode mode,
                                      const QueryOptions& options) {
  std::vector<Id> out;
  select(region, mode, options, out);
  return out;
}
template <class T>
std::vector<ShapeId> Scene<T>::select(const Obb<T>& region, SelectMode mode,
                                      const QueryOptions& options) {
  std::vector<Id> out;
  select(region, mode, options, out);
  return out;
}
template <class T>
std::vector<ShapeId> Scene<T>::select(const ConvexPolygon<T>& region, SelectMode mode,
                                      const QueryOptions& options) {
  std::vector<Id> out;
  select(region, mode, options, out);
  return out;
}

template <class T>
std::vector<ShapeId> Scene<T>::hit_test(Point<T> point, const QueryOptions& options) {
  if (!is_finite(point)) {
    throw InvalidQuery("Scene::hit_test point " + detail::format_point(point) + " is not finite");
  }
  auto& s = *impl_;
  s.update();
  std::vector<Id> out;
  run_region(s, RegionTest<T, Point<T>>(point, SelectMode::intersects, options.exclude_touching),
             s.gate(options), out);
  // Topmost first: higher z, then higher id.
  std::vector<std::pair<std::int32_t, Id>> ordered;
  ordered.reserve(out.size());
  for (const Id id : out)
    ordered.emplace_back(s.z_of_id(id), id);
  std::sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second > b.second;
  });
  for (std::size_t i = 0; i < ordered.size(); ++i)
    out[i] = ordered[i].second;
  return out;
}

template <class T>
std::vector<ShapeId> Scene<T>::overlapping(const Shape<T>& shape, const QueryOptions& options) {
  const std::string error = validation_error(shape);
  if (!error.empty()) throw InvalidQuery("Scene::overlapping shape: " + error);
  auto& s = *impl_;
  s.update();
  std::vector<Id> out;
  std::visit(
      [&](const auto& q) {
        using Q = std::decay_t<decltype(q)>;
        run_region(s, RegionTest<T, Q>(q, SelectMode::intersects, options.exclude_touching),
                   s.gate(options), out);
      },
      shape);
  return out;
}

template <class T>
std::vector<ShapeId> Scene<T>::candidates(const Aabb<T>& box, const QueryOptions& options) {
  check_query_box(box, "Scene::candidates box");
  auto& s = *impl_;
  s.update();
  const Gate gate = s.gate(options);
  std::vector<Id> out;
  if (gate.rejects_all()) return out;
  auto take = [&](const auto& store, int slot) {
    const ShapeId id = store.ids[std::size_t(slot)];
    if (id != dead_id && gate.passes_filter(store, slot) && gate.accepts(id)) out.push_back(id);
  };
  detail::for_each_kind([&](auto k) {
    const auto& store = s.template store<decltype(k)::value>();
    if (store.packed > 0) store.tree.query(box, [&](int slot) { take(store, slot); });
  });
  auto by_ref = [&](ShapeRef ref) {
    detail::with_kind(ref.kind(), [&](auto k) {
      const auto& store = s.template store<decltype(k)::value>();
      // The dynamic tree's boxes are fat: the stored box decides.
      if (boxes_overlap(detail::stored_box<T>(store.shapes[std::size_t(ref.slot())]), box)) {
        take(store, ref.slot());
      }
    });
  };
  if (!s.dynamic.empty()) {
    s.dynamic.query(
        box, [&](int proxy) { by_ref(ShapeRef{std::uint32_t(s.dynamic.user_value(proxy))}); });
  }
  if (s.options.index == IndexChoice::grid && !s.grid.empty()) {
    s.grid.query(box, [&](int item) { by_ref(s.grid_refs[std::size_t(item)]); });
  }
  return out;
}

#define COLLIDE2D_INSTANTIATE_SELECT(T)                                                            \
  template std::vector<ShapeId> Scene<T>::select(const Aabb<T>&, SelectMode, const QueryOptions&); \
  template std::vector<ShapeId> Scene<T>::select(const Obb<T>&, SelectMode, const QueryOptions&);  \
  template std::vector<ShapeId> Scene<T>::select(const ConvexPolygon<T>&, SelectMode,              \
                                                 const QueryOptions&);                             \
  template void Scene<T>::select(const Aabb<T>&, SelectMode, const QueryOptions&,                  \
                                 std::vector<ShapeId>&);                                           \
  template void Scene<T>::select(const Obb<T>&, SelectMode, const QueryOptions&,                   \
                                 std::vector<ShapeId>&);                                           \
  template void Scene<T>::select(const ConvexPolygon<T>&, SelectMode, const QueryOptions&,         \
                                 std::vector<ShapeId>&);                                           \
  template std::vector<ShapeId> Scene<T>::hit_test(Point<T>, const QueryOptions&);                 \
  template std::vector<ShapeId> Scene<T>::overlapping(const Shape<T>&, const QueryOptions&);       \
  template std::vector<ShapeId> Scene<T>::candidates(const Aabb<T>&, const QueryOptions&);

COLLIDE2D_INSTANTIATE_SELECT(float)
COLLIDE2D_INSTANTIATE_SELECT(double)

}  // namespace collide2d
