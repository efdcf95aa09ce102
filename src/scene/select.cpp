// Scene region queries: select, hit_test, overlapping, candidates.
//
// Each runs one traversal per index: the packed tree of every kind (where whole nodes inside the
// region come back as runs of slots, copied out without a test), the dynamic tree and the grid
// (candidates by box, then decided one by one).
#include <algorithm>
#include <functional>
#include <string>
#include <type_traits>

#include "collide2d/scene.hpp"
#include "detail/format.hpp"
#include "detail/prefetch.hpp"
#include "scene/batches.hpp"
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
  std::vector<std::pair<int, int>> leaves;
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
      std::vector<std::pair<int, int>>& leaves;
      bool item(int slot) {
        const auto i = std::size_t(slot);
        const auto& tree = store.tree;
        consider(region, gate, store, slot, tree.min_x()[i], tree.min_y()[i], tree.max_x()[i],
                 tree.max_y()[i], out);
        return true;
      }
      // A leaf the region's boundary crosses: tested after the traversal, see below.
      bool leaf(int first, int last) {
        leaves.emplace_back(first, last);
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
    } visitor{region, gate, store, out, plain, leaves};
    leaves.clear();
    store.tree.traverse(region, visitor);
    // The leaves the boundary crosses, with the data of the leaf a few ahead requested from memory
    // meanwhile: a large scene does not fit in the caches, and waiting for each leaf's boxes and
    // shapes in turn would dominate the query.
    const auto& tree = store.tree;
    auto fetch = [&](std::pair<int, int> leaf) {
      const auto first = std::size_t(leaf.first), count = std::size_t(leaf.second - leaf.first);
      detail::prefetch_range(tree.min_x() + first, count * sizeof(T));
      detail::prefetch_range(tree.min_y() + first, count * sizeof(T));
      detail::prefetch_range(tree.max_x() + first, count * sizeof(T));
      detail::prefetch_range(tree.max_y() + first, count * sizeof(T));
      detail::prefetch_range(store.ids.data() + first, count * sizeof(ShapeId));
      detail::prefetch_range(store.shapes.data() + first, count * sizeof(store.shapes[0]));
    };
    constexpr std::size_t ahead = 16;
    for (std::size_t n = 0; n < leaves.size() && n < ahead; ++n)
      fetch(leaves[n]);
    // Items of each leaf whose box meets the region's bounding box (contains mode: lies inside
    // it), found for the whole leaf at once without a branch per item (node sizes up to 64), then
    // tested one by one.
    const bool by_mask = tree.node_size() <= 64;
    auto each_candidate = [&](auto&& decide) {
      const T* min_x = tree.min_x();
      const T* min_y = tree.min_y();
      const T* max_x = tree.max_x();
      const T* max_y = tree.max_y();
      auto visit = [&](int slot) {
        const T x0 = min_x[slot], y0 = min_y[slot], x1 = max_x[slot], y1 = max_y[slot];
        if (!region.disjoint(x0, y0, x1, y1)) decide(slot, x0, y0, x1, y1);
      };
      for (std::size_t n = 0; n < leaves.size(); ++n) {
        if (n + ahead < leaves.size()) fetch(leaves[n + ahead]);
        const auto [first, last] = leaves[n];
        if (by_mask) {
          // Contains mode keeps only the boxes inside the region's bounding box.
          std::uint64_t bits = region.mode() == SelectMode::contains
                                   ? tree.inside_mask(first, last - first, region.contain_outer())
                                   : tree.overlap_mask(first, last - first, region.outer());
          for (; bits != 0; bits &= bits - 1) {
            visit(first + detail::lowest_bit(bits));
          }
        } else {
          for (int slot = first; slot < last; ++slot)
            visit(slot);
        }
      }
    };
    // Rotated boxes crossing the boundary of a box region: decided in batches (batches.hpp).
    constexpr bool batched =
        std::is_same_v<Store, detail::KindStore<T, Obb<T>>> &&
        (std::is_same_v<Q, Aabb<T>> || std::is_same_v<Q, Obb<T>> || std::is_same_v<Q, Point<T>>);
    if constexpr (batched && (std::is_same_v<Q, Aabb<T>> || std::is_same_v<Q, Point<T>>)) {
      // The common case of a marquee or a cursor over boxes, nothing filtered: per leaf, the
      // items whose box meets the region and those whose box lies inside it are found as bit
      // masks; the inside ones are answers, the others go to the batch.
      if (region.mode() == SelectMode::intersects && !region.strict() && plain && store.dead == 0 &&
          by_mask) {
        auto keep = [&](const ShapeId* ids, const bool* hit, int count) {
          ShapeId kept[detail::batch_capacity];
          int n = 0;
          for (int i = 0; i < count; ++i) {
            kept[n] = ids[i];
            n += hit[i] ? 1 : 0;  // written always, kept when hit: no jump on the answer
          }
          out.insert(out.end(), kept, kept + n);
        };
        auto test = [&] {
          if constexpr (std::is_same_v<Q, Aabb<T>>) {
            return detail::AabbObbTest<T>(region.shape());
          } else {
            return detail::PointObbTest<T>{region.shape()};
          }
        }();
        detail::ObbBatch<T, decltype(test), decltype(keep)> batch(test, keep);
        const ShapeId* ids = store.ids.data();
        for (std::size_t n = 0; n < leaves.size(); ++n) {
          if (n + ahead < leaves.size()) fetch(leaves[n + ahead]);
          const auto [first, last] = leaves[n];
          const std::uint64_t meets = tree.overlap_mask(first, last - first, region.outer());
          const std::uint64_t inside =
              region.has_inner() ? meets & tree.inside_mask(first, last - first, region.inner())
                                 : 0;
          for (std::uint64_t bits = inside; bits != 0; bits &= bits - 1) {
            out.push_back(ids[first + detail::lowest_bit(bits)]);
          }
          for (std::uint64_t bits = meets & ~inside; bits != 0; bits &= bits - 1) {
            const int slot = first + detail::lowest_bit(bits);
            batch.add(store.shapes[std::size_t(slot)], ids[slot]);
          }
        }
        batch.flush();
        return;
      }
    }
    if constexpr (batched) {
      if (region.mode() == SelectMode::intersects && !region.strict()) {
        auto keep = [&](const ShapeId* ids, const bool* hit, int count) {
          for (int i = 0; i < count; ++i) {
            if (hit[i] && gate.accepts(ids[i])) out.push_back(ids[i]);
          }
        };
        auto decide_batched = [&](auto& batch, auto&& add) {
          each_candidate([&](int slot, T x0, T y0, T x1, T y1) {
            const ShapeId id = store.ids[std::size_t(slot)];
            if (id == dead_id || !gate.passes_filter(store, slot)) return;
            if (region.inside(x0, y0, x1, y1)) {
              if (gate.accepts(id)) out.push_back(id);
              return;
            }
            add(batch, store.shapes[std::size_t(slot)], id);
          });
          batch.flush();
        };
        if constexpr (std::is_same_v<Q, Aabb<T>>) {
          detail::ObbBatch<T, detail::AabbObbTest<T>, decltype(keep)> batch(
              detail::AabbObbTest<T>(region.shape()), keep);
          decide_batched(batch, [](auto& b, const Obb<T>& box, ShapeId id) { b.add(box, id); });
        } else if constexpr (std::is_same_v<Q, Point<T>>) {
          detail::ObbBatch<T, detail::PointObbTest<T>, decltype(keep)> batch(
              detail::PointObbTest<T>{region.shape()}, keep);
          decide_batched(batch, [](auto& b, const Obb<T>& box, ShapeId id) { b.add(box, id); });
        } else {
          auto keep_second = [&](const ShapeId*, const ShapeId* ids, const bool* hit, int count) {
            keep(ids, hit, count);
          };
          detail::ObbPairBatch<T, decltype(keep_second)> batch(keep_second);
          decide_batched(batch, [&](auto& b, const Obb<T>& box, ShapeId id) {
            b.add(region.shape(), box, id, id);
          });
        }
        return;
      }
    }
    each_candidate([&](int slot, T x0, T y0, T x1, T y1) {
      consider(region, gate, store, slot, x0, y0, x1, y1, out);
    });
  });
  // The decisions take the shape's stored box (its bounding box enlarged by the rounding margin):
  // the grid keeps those, the dynamic tree keeps fat boxes, which only serve to find candidates.
  auto by_ref = [&](ShapeRef ref, const Aabb<T>* stored) {
    detail::with_kind(ref.kind(), [&](auto k) {
      const auto& store = s.template store<decltype(k)::value>();
      const Aabb<T> box =
          stored ? *stored : detail::stored_box<T>(store.shapes[std::size_t(ref.slot())]);
      if (region.disjoint(box.min.x, box.min.y, box.max.x, box.max.y)) return;
      consider(region, gate, store, ref.slot(), box.min.x, box.min.y, box.max.x, box.max.y, out);
    });
  };
  if (!s.dynamic.empty()) {
    s.dynamic.query(region.outer(), [&](int proxy) {
      by_ref(ShapeRef{std::uint32_t(s.dynamic.user_value(proxy))}, nullptr);
    });
  }
  if (s.options.index == IndexChoice::grid && !s.grid.empty()) {
    s.grid.query(region.outer(),
                 [&](int item) { by_ref(s.grid_refs[std::size_t(item)], &s.grid.box(item)); });
  }
}

template <class T, class Q>
void select_shape(SceneImpl<T>& s, const Q& region, SelectMode mode, const QueryOptions& options,
                  std::vector<ShapeId>& out) {
  const std::string error = validation_error(region);
  if (!error.empty()) throw InvalidQuery("Scene::select region: " + error);
  s.update();
  run_region(s, RegionTest<T, Q>(region, mode, options.exclude_touching, s.item_margin()),
             s.gate(options), out);
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
  run_region(s,
             RegionTest<T, Point<T>>(point, SelectMode::intersects, options.exclude_touching,
                                     s.item_margin()),
             s.gate(options), out);
  // Topmost first: higher z, then higher id.
  if (!s.has_z) {
    std::sort(out.begin(), out.end(), std::greater<>());
    return out;
  }
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
        run_region(
            s,
            RegionTest<T, Q>(q, SelectMode::intersects, options.exclude_touching, s.item_margin()),
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
