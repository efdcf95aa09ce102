// Scene: keeping the indexes up to date (the rebuild policy).
#include "collide2d/scene.hpp"

#include <algorithm>
#include <vector>

#include "broadphase/packed_tree_access.hpp"
#include "collide2d/broadphase/hilbert.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d {

namespace detail {

// Puts every slot not yet indexed into the dynamic tree.
template <class T>
void SceneImpl<T>::index_pending() {
  if (pending == 0) return;
  for_each_kind([&](auto k) {
    constexpr int K = decltype(k)::value;
    auto& s = store<K>();
    for (int slot = s.packed; slot < s.size(); ++slot) {
      int& proxy = s.proxies[std::size_t(slot - s.packed)];
      if (proxy >= 0) continue;
      const Aabb<T> box = stored_box<T>(s.shapes[std::size_t(slot)]);
      note_extent(box);
      proxy = dynamic.insert(box, int(ShapeRef::make(K, slot).bits));
    }
  });
  pending = 0;
}

// Moves the live slots of a store down over the dead ones, keeping their order (the ids' where
// is left to the caller), and fits the arrays to them.
template <class T, class Store>
void drop_dead_slots(Store& s, bool has_z, bool has_filters) {
  std::size_t out = 0;
  for (std::size_t from = 0; from < s.shapes.size(); ++from) {
    if (s.ids[from] == dead_id) continue;
    if (out != from) {
      s.shapes[out] = s.shapes[from];
      s.ids[out] = s.ids[from];
      if (has_z) s.z[out] = s.z[from];
      if (has_filters) s.filters[out] = s.filters[from];
    }
    ++out;
  }
  s.shapes.resize(out);
  s.ids.resize(out);
  if (has_z) s.z.resize(out);
  if (has_filters) s.filters.resize(out);
  // Exactly as large as the shapes, as a build always left them (memory_bytes() counts capacity):
  // one array at a time, before the build makes its boxes.
  s.shapes.shrink_to_fit();
  s.ids.shrink_to_fit();
  s.z.shrink_to_fit();
  s.filters.shrink_to_fit();
}

// Puts slot order[p] at slot p, for every p, in place: each cycle of the permutation is followed
// once, with one slot's values held aside. `order` is used up (each entry becomes its own index).
// In place because a second copy of the shapes was most of the rebuild's peak memory.
template <class T, class Store>
void permute_slots(Store& s, std::vector<std::uint32_t>& order, bool has_z, bool has_filters) {
  const auto move_slot = [&](std::size_t to, std::size_t from) {
    s.shapes[to] = s.shapes[from];
    s.ids[to] = s.ids[from];
    if (has_z) s.z[to] = s.z[from];
    if (has_filters) s.filters[to] = s.filters[from];
  };
  for (std::size_t start = 0; start < order.size(); ++start) {
    if (order[start] == start) continue;
    const auto shape = s.shapes[start];
    const ShapeId id = s.ids[start];
    const std::int32_t z = has_z ? s.z[start] : 0;
    const Filter filter = has_filters ? s.filters[start] : Filter{};
    std::size_t to = start;
    while (true) {
      const std::size_t from = order[to];
      order[to] = std::uint32_t(to);
      if (from == start) break;
      move_slot(to, from);
      to = from;
    }
    s.shapes[to] = shape;
    s.ids[to] = id;
    if (has_z) s.z[to] = z;
    if (has_filters) s.filters[to] = filter;
  }
}

// Sorts each kind's live shapes along the Hilbert curve, stores them in that order and packs a
// tree over them; the dynamic tree empties. Memory: the old tree and the dynamic proxies go first,
// the shapes are sorted in place, and the boxes are held once at a time (for the sort, then in
// the tree), so that the peak stays near the loaded scene plus one set of boxes.
template <class T>
void SceneImpl<T>::rebuild_packed() {
  scene_extent = T(0);
  for_each_kind([&](auto k) {
    constexpr int K = decltype(k)::value;
    auto& s = store<K>();
    s.tree = PackedTree<T>();
    s.proxies.clear();
    s.proxies.shrink_to_fit();
    drop_dead_slots<T>(s, has_z, has_filters);
    const std::size_t n = s.shapes.size();
    std::vector<std::uint32_t> order;
    {
      std::vector<Aabb<T>> boxes(n);
      for (std::size_t i = 0; i < n; ++i) {
        boxes[i] = stored_box<T>(s.shapes[i]);
        note_extent(boxes[i]);
      }
      order = hilbert_order(boxes.data(), n);
    }
    permute_slots<T>(s, order, has_z, has_filters);
    order = {};
    for (std::size_t p = 0; p < n; ++p)
      where[std::size_t(s.ids[p])] = ShapeRef::make(K, int(p)).bits;
    // The boxes again, straight into the tree's arrays: computing them twice costs less time
    // than holding a sorted copy beside the tree costs memory.
    s.tree =
        PackedTreeView<T>::build_in_place(n, options.node_size, [&s](T* x0, T* y0, T* x1, T* y1) {
          for (std::size_t p = 0; p < s.shapes.size(); ++p) {
            const Aabb<T> box = stored_box<T>(s.shapes[p]);
            x0[p] = box.min.x, y0[p] = box.min.y, x1[p] = box.max.x, y1[p] = box.max.y;
          }
        });
    s.packed = int(n);
    s.dead = 0;
    s.build_cost = s.tree.leaf_cost();
  });
  dynamic.clear();
  pending = 0;
  refit_pending = false;
  ever_built = true;
  ++rebuilds;
}

template <class T>
void SceneImpl<T>::build_grid() {
  std::vector<Aabb<T>> boxes;
  grid_refs.clear();
  boxes.reserve(live);
  grid_refs.reserve(live);
  for_each_kind([&](auto k) {
    constexpr int K = decltype(k)::value;
    auto& s = store<K>();
    for (int slot = 0; slot < s.size(); ++slot) {
      if (s.ids[std::size_t(slot)] == dead_id) continue;
      boxes.push_back(stored_box<T>(s.shapes[std::size_t(slot)]));
      note_extent(boxes.back());
      grid_refs.push_back(ShapeRef::make(K, slot));
    }
  });
  grid = UniformGrid<T>(boxes.data(), boxes.size(), {options.grid_cell_size});
  grid_stale = false;
  ++rebuilds;
}

// Every shape leaves its index: dead slots are dropped, everything becomes "not yet indexed".
template <class T>
void SceneImpl<T>::dissolve() {
  for_each_kind([&](auto k) {
    constexpr int K = decltype(k)::value;
    auto& s = store<K>();
    int out = 0;
    for (int slot = 0; slot < s.size(); ++slot) {
      const auto from = std::size_t(slot), to = std::size_t(out);
      if (s.ids[from] == dead_id) continue;
      s.shapes[to] = s.shapes[from];
      s.ids[to] = s.ids[from];
      if (has_z) s.z[to] = s.z[from];
      if (has_filters) s.filters[to] = s.filters[from];
      where[std::size_t(s.ids[to])] = ShapeRef::make(K, out).bits;
      ++out;
    }
    s.shapes.resize(std::size_t(out));
    s.ids.resize(std::size_t(out));
    if (has_z) s.z.resize(std::size_t(out));
    if (has_filters) s.filters.resize(std::size_t(out));
    s.proxies.assign(std::size_t(out), -1);
    s.tree = PackedTree<T>();
    s.packed = 0;
    s.dead = 0;
  });
  dynamic.clear();
  pending = live;
  refit_pending = false;
  ever_built = false;
  grid_stale = true;
}

// The rebuild policy (scene.hpp, docs/BROADPHASE.md).
template <class T>
void SceneImpl<T>::update() {
  const IndexChoice choice = options.index;
  if (choice == IndexChoice::grid) {
    if (grid_stale) build_grid();
    return;
  }
  if (choice == IndexChoice::dynamic) {
    index_pending();
    return;
  }
  std::size_t packed = 0, dead = 0, unpacked = 0;
  bool degraded = false;
  // Items moved far from their Hilbert neighbours make the leaves large: queries then visit many
  // of them. A rebuild is O(n log n), worth it when the leaves' total perimeter has grown past a
  // limit. For point and region queries, O(log n) each, twice the built cost. An all-pairs query
  // is O(n) itself, like the rebuild, and its candidate pairs grow with the leaves' areas: on the
  // 100,000 moving boxes of bench/broadphase_bench.cpp the join ran 13% slower at 1.1 times the
  // built cost and 2.5 times slower at 2, where a rebuild costs about a sixth of one join; the
  // mean step took 74.7 ms with the limit 2, 61.0 ms with 1.5 and 52.7 to 54.6 ms from 1.01 to
  // 1.1 (docs/BENCHMARKS.md). Only moves since the last update change the cost, so an up-to-date
  // scene is never rebuilt by a query (whichever limit applies).
  const bool moved = refit_pending;
  const T limit = all_pairs_asked.load(std::memory_order_relaxed) ? T(1.1) : T(2);
  for_each_kind([&](auto k) {
    auto& s = store<decltype(k)::value>();
    if (refit_pending && s.tree.needs_refit()) s.tree.refit();
    packed += std::size_t(s.packed);
    dead += std::size_t(s.dead);
    unpacked += std::size_t(s.size() - s.packed);
    if (moved && s.packed >= 64 && s.tree.leaf_cost() > limit * s.build_cost) degraded = true;
  });
  // Written only when set: an up-to-date scene must not be written to by its queries, which may
  // then run from several threads at once.
  if (refit_pending) refit_pending = false;
  bool rebuild = live > 0 && !ever_built;
  if (choice == IndexChoice::packed) {
    rebuild = rebuild || unpacked > 0 || dead > 0 || degraded;
  } else {
    rebuild = rebuild || (unpacked > 64 && unpacked * 8 > live) ||
              (dead > 0 && dead * 4 > packed) || degraded;
  }
  if (rebuild) {
    rebuild_packed();
  } else {
    index_pending();
  }
}

}  // namespace detail

template <class T>
IndexChoice Scene<T>::index_choice() const {
  return impl_->options.index;
}

template <class T>
void Scene<T>::set_index_choice(IndexChoice choice) {
  if (choice == impl_->options.index) return;
  impl_->dissolve();
  impl_->options.index = choice;
}

template <class T>
void Scene<T>::rebuild() {
  auto& s = *impl_;
  if (s.options.index == IndexChoice::automatic || s.options.index == IndexChoice::packed) {
    s.rebuild_packed();
  } else {
    s.update();
  }
}

template <class T>
void Scene<T>::update() {
  impl_->update();
}

#define COLLIDE2D_INSTANTIATE_REBUILD(T)                 \
  template void detail::SceneImpl<T>::update();          \
  template void detail::SceneImpl<T>::rebuild_packed();  \
  template void detail::SceneImpl<T>::build_grid();      \
  template void detail::SceneImpl<T>::index_pending();   \
  template void detail::SceneImpl<T>::dissolve();        \
  template IndexChoice Scene<T>::index_choice() const;   \
  template void Scene<T>::set_index_choice(IndexChoice); \
  template void Scene<T>::rebuild();                     \
  template void Scene<T>::update();

COLLIDE2D_INSTANTIATE_REBUILD(float)
COLLIDE2D_INSTANTIATE_REBUILD(double)

}  // namespace collide2d
