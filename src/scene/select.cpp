// Scene region queries: select, hit_test, overlapping, candidates.
//
// Each runs one traversal per index: the packed tree of every kind (where whole nodes inside the
// region come back as runs of slots, copied out without a test), the dynamic tree and the grid
// (candidates by box, then decided one by one).
#include <algorithm>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>

#include "broadphase/packed_tree_access.hpp"
#include "collide2d/scene.hpp"
#include "detail/format.hpp"
#include "detail/prefetch.hpp"
#include "scene/batches.hpp"
#include "scene/box_candidates.hpp"
#include "scene/lasso_region.hpp"
#include "scene/point_obb_kernel.hpp"
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

// The leaves of one kind's packed tree that the region's boundary crosses, decided leaf by leaf:
// RegionTest::classify finds, without a branch per item, the items that may meet the region and
// those certainly inside it; the first are answers, the others get the exact test, in batches
// where one is written for the pair of shapes (batches.hpp), one by one otherwise. The data of the
// leaf 16 ahead is requested from memory meanwhile: a large scene does not fit in the caches, and
// waiting for each leaf's boxes and shapes in turn would dominate the query.
template <class T, class Q, class Store>
class LeafDecider {
 public:
  LeafDecider(const RegionTest<T, Q>& region, const Gate& gate, const Store& store,
              const std::vector<std::pair<int, int>>& leaves, std::vector<ShapeId>& out)
      : region_(region),
        gate_(gate),
        store_(store),
        leaves_(leaves),
        out_(out),
        tree_(store.tree),
        min_x_(tree_.min_x()),
        min_y_(tree_.min_y()),
        max_x_(tree_.max_x()),
        max_y_(tree_.max_y()),
        ids_(store.ids.data()),
        checked_(gate.check_filters || gate.has_predicate || store.dead > 0) {}

  void run() {
    constexpr bool obbs = std::is_same_v<S, Obb<T>>;
    constexpr bool box_region = std::is_same_v<Q, Aabb<T>> || std::is_same_v<Q, Obb<T>>;
    if constexpr (obbs && (box_region || std::is_same_v<Q, Point<T>>)) {
      if (region_.mode() == SelectMode::intersects && !region_.strict()) {
        decide_obbs_overlapping();
        return;
      }
    }
    if constexpr (obbs && box_region) {
      if (region_.mode() == SelectMode::contains && !region_.strict()) {
        decide_obbs_contained();
        return;
      }
    }
    scan([this](int slot) { decide_one(slot); });
  }

 private:
  using S = std::remove_cv_t<std::remove_reference_t<decltype(std::declval<Store>().shapes[0])>>;

  // A shape that takes part in the query (not removed, filters pass).
  bool takes_part(int slot) const {
    return ids_[slot] != dead_id && gate_.passes_filter(store_, slot);
  }
  // An item certainly inside the region: an answer if it takes part.
  void accept(int slot) {
    if (!checked_ || (takes_part(slot) && gate_.accepts(ids_[slot]))) out_.push_back(ids_[slot]);
  }
  void decide_one(int slot) {
    consider(region_, gate_, store_, slot, min_x_[slot], min_y_[slot], max_x_[slot], max_y_[slot],
             out_);
  }

  void fetch(std::pair<int, int> leaf) const {
    const auto first = std::size_t(leaf.first), count = std::size_t(leaf.second - leaf.first);
    detail::prefetch_range(min_x_ + first, count * sizeof(T));
    detail::prefetch_range(min_y_ + first, count * sizeof(T));
    detail::prefetch_range(max_x_ + first, count * sizeof(T));
    detail::prefetch_range(max_y_ + first, count * sizeof(T));
    detail::prefetch_range(ids_ + first, count * sizeof(ShapeId));
    detail::prefetch_range(store_.shapes.data() + first, count * sizeof(S));
  }

  // Every leaf: the items certainly inside are answers; candidate(slot) gets the others.
  template <class Candidate>
  void scan(Candidate&& candidate) {
    constexpr std::size_t ahead = 16;
    for (std::size_t n = 0; n < leaves_.size() && n < ahead; ++n)
      fetch(leaves_[n]);
    for (std::size_t n = 0; n < leaves_.size(); ++n) {
      if (n + ahead < leaves_.size()) fetch(leaves_[n + ahead]);
      const auto [first, last] = leaves_[n];
      if (tree_.node_size() > 64) {
        scan_item_by_item(first, last, candidate);
      } else {
        scan_by_masks(first, last, candidate);
      }
    }
  }

  // A leaf too wide for one mask.
  template <class Candidate>
  void scan_item_by_item(int first, int last, Candidate& candidate) {
    for (int slot = first; slot < last; ++slot) {
      if (region_.disjoint(min_x_[slot], min_y_[slot], max_x_[slot], max_y_[slot])) continue;
      if (region_.inside(min_x_[slot], min_y_[slot], max_x_[slot], max_y_[slot])) {
        accept(slot);
      } else {
        candidate(slot);
      }
    }
  }

  // The region's bounding box first (contains mode: boxes inside it), with the tree's cheap
  // masks; a rotated or polygonal region then classifies the leaf only if some box passed.
  template <class Candidate>
  void scan_by_masks(int first, int last, Candidate& candidate) {
    const auto& tree = tree_;
    const int count = last - first;
    std::uint64_t meets = region_.mode() == SelectMode::contains
                              ? tree.inside_mask(first, count, region_.contain_outer())
                              : tree.overlap_mask(first, count, region_.outer());
    std::uint64_t inside = 0;
    if constexpr (RegionTest<T, Q>::box_shaped) {
      // Most leaves of a small region have no candidate at all: no second mask for them.
      if (meets != 0 && region_.has_inner()) {
        inside = meets & tree.inside_mask(first, count, region_.inner());
      }
    } else if (meets != 0 && classify_leaves_) {
      region_.classify(min_x_ + first, min_y_ + first, max_x_ + first, max_y_ + first, count, meets,
                       inside);
    }
    for (std::uint64_t bits = inside; bits != 0; bits &= bits - 1)
      accept(first + detail::lowest_bit(bits));
    for (std::uint64_t bits = meets & ~inside; bits != 0; bits &= bits - 1)
      candidate(first + detail::lowest_bit(bits));
  }

  // The answers of a batch: written always, kept when the test says so (no jump on the answer).
  void keep(const ShapeId* batch_ids, const bool* hit, int count) {
    ShapeId kept[detail::batch_capacity];
    int n = 0;
    for (int i = 0; i < count; ++i) {
      kept[n] = batch_ids[i];
      n += hit[i] && (!gate_.has_predicate || gate_.accepts(batch_ids[i])) ? 1 : 0;
    }
    out_.insert(out_.end(), kept, kept + n);
  }

  // Every candidate that takes part goes through add(batch, slot), then the batch is flushed.
  template <class Batch, class Add>
  void batched(Batch& batch, Add&& add) {
    scan([&](int slot) {
      if (!checked_ || takes_part(slot)) add(batch, slot);
    });
    batch.flush();
  }

  // Rotated boxes that intersect a box or point region: overlaps() on 64 lanes at a time.
  void decide_obbs_overlapping() {
    if constexpr (std::is_same_v<Q, Obb<T>>) {
      auto done = [this](const ShapeId*, const ShapeId* second, const bool* hit, int n) {
        keep(second, hit, n);
      };
      detail::ObbPairLanes<T, decltype(done)> lanes(done);
      batched(lanes, [&](auto& b, int slot) {
        b.add(region_.shape(), store_.shapes[std::size_t(slot)], ids_[slot], ids_[slot]);
      });
    } else {
#if COLLIDE2D_POINT_OBB_KERNEL
      // The hit test of float boxes: four candidates per SSE2 test, read where they lie (see
      // point_obb_kernel.hpp); a predicate is left to the lanes below, which keep() consults.
      if constexpr (std::is_same_v<Q, Point<T>> && std::is_same_v<T, float>) {
        if (!gate_.has_predicate) {
          detail::PointObbKernel kernel(region_.shape(), store_.shapes.data(), ids_, out_);
          batched(kernel, [](auto& b, int slot) { b.add(slot); });
          return;
        }
      }
#endif
      auto test = [&] {
        if constexpr (std::is_same_v<Q, Aabb<T>>) {
          return detail::AabbObbTest<T>(region_.shape());
        } else {
          return detail::PointObbTest<T>{region_.shape()};
        }
      }();
      auto done = [this](const ShapeId* batch_ids, const bool* hit, int n) {
        keep(batch_ids, hit, n);
      };
      detail::ObbLanes<T, decltype(test), decltype(done)> lanes(test, done);
      batched(lanes,
              [&](auto& b, int slot) { b.add(store_.shapes[std::size_t(slot)], ids_[slot]); });
    }
  }

  // Rotated boxes inside a box region: by the corners, with the margin; the few boxes within it of
  // the boundary one by one.
  void decide_obbs_contained() {
    const RegionTest<T, Q>& region = region_;
    // A rotated region's leaf classification costs more per box (about 60 instructions, not
    // vectorised) than the corners' verdict below, which also answers for the boxes it would have
    // found certainly inside: every box within the region's bounding box goes to the verdict.
    if constexpr (std::is_same_v<Q, Obb<T>>) classify_leaves_ = false;
    auto test = [&region](const Obb<T>& box) { return region.corners_verdict(box); };
    auto done = [this](const int* slots, const signed char* verdicts, int count) {
      for (int i = 0; i < count; ++i) {
        if (verdicts[i] > 0) {
          if (!gate_.has_predicate || gate_.accepts(ids_[slots[i]])) out_.push_back(ids_[slots[i]]);
        } else if (verdicts[i] == 0) {
          decide_one(slots[i]);
        }
      }
    };
    detail::ObbLanes<T, decltype(test), decltype(done), int> lanes(test, done);
    batched(lanes, [&](auto& b, int slot) { b.add(store_.shapes[std::size_t(slot)], slot); });
  }

  const RegionTest<T, Q>& region_;
  const Gate& gate_;
  const Store& store_;
  const std::vector<std::pair<int, int>>& leaves_;
  std::vector<ShapeId>& out_;
  const detail::PackedTreeView<T> tree_;
  const T* min_x_;
  const T* min_y_;
  const T* max_x_;
  const T* max_y_;
  const ShapeId* ids_;
  // Some shapes may not take part: removed, filtered or judged by the predicate.
  const bool checked_;
  // Whether a leaf crossed by a region that is not a box is classified (certainly inside, may
  // meet) before its candidates are decided.
  bool classify_leaves_ = true;
};

template <class T, class Q, class Store>
void decide_leaves(const RegionTest<T, Q>& region, const Gate& gate, const Store& store,
                   const std::vector<std::pair<int, int>>& leaves, std::vector<ShapeId>& out) {
  LeafDecider<T, Q, Store>(region, gate, store, leaves, out).run();
}

template <class T, class Q>
void run_region(SceneImpl<T>& s, const RegionTest<T, Q>& region, const Gate& gate,
                std::vector<ShapeId>& out) {
  if (gate.rejects_all()) return;
  const bool plain = !gate.check_filters && !gate.has_predicate;
  // The thread's buffer, taken for this query and given back at the end: no allocation per query
  // once warm, a predicate that queries the scene again gets a buffer of its own, and queries
  // from several threads share nothing (a Scene brought up to date is read-only while queried).
  thread_local std::vector<std::pair<int, int>> spare_leaves;
  std::vector<std::pair<int, int>> leaves = std::move(spare_leaves);
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
        const detail::PackedTreeView<T> tree(store.tree);
        consider(region, gate, store, slot, tree.min_x()[i], tree.min_y()[i], tree.max_x()[i],
                 tree.max_y()[i], out);
        return true;
      }
      // A leaf the region's boundary crosses: decided after the traversal (decide_leaves).
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
    detail::PackedTreeView<T>(store.tree).traverse(region, visitor);
    decide_leaves(region, gate, store, leaves, out);
  });
  spare_leaves = std::move(leaves);
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
  const std::string error = detail::scene_input_error(region);
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
void Scene<T>::select(const Lasso<T>& lasso, SelectMode mode, const QueryOptions& options,
                      std::vector<Id>& out) {
  if (lasso.empty()) throw InvalidQuery("Scene::select lasso: empty (build one with make_lasso)");
  auto& s = *impl_;
  s.update();
  run_region(s, RegionTest<T, Lasso<T>>(lasso, mode, options.exclude_touching, s.item_margin()),
             s.gate(options), out);
}
template <class T>
std::vector<ShapeId> Scene<T>::select(const Lasso<T>& lasso, SelectMode mode,
                                      const QueryOptions& options) {
  std::vector<Id> out;
  select(lasso, mode, options, out);
  return out;
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
  // The rule of every Scene input: validation_error (finite, not subnormal).
  const std::string error = detail::scene_input_error(point);
  if (!error.empty()) throw InvalidQuery("Scene::hit_test point: " + error);
  auto& s = *impl_;
  s.update();
  // The answers are gathered and ordered in the thread's buffer, and the returned vector is
  // allocated once at its size: grown batch by batch, it was allocated two or three times a query
  // on the benchmark's 73 answers (docs/BENCHMARKS.md, 2026-11-27). Taken for this query and given
  // back at the end, as run_region's leaves are: a predicate that hit-tests the scene again gets a
  // buffer of its own.
  thread_local std::vector<Id> spare_found;
  std::vector<Id> found = std::move(spare_found);
  found.clear();
  run_region(s,
             RegionTest<T, Point<T>>(point, SelectMode::intersects, options.exclude_touching,
                                     s.item_margin()),
             s.gate(options), found);
  // Topmost first: higher z, then higher id.
  if (!s.has_z) {
    std::sort(found.begin(), found.end(), std::greater<>());
  } else {
    std::vector<std::pair<std::int32_t, Id>> ordered;
    ordered.reserve(found.size());
    for (const Id id : found)
      ordered.emplace_back(s.z_of_id(id), id);
    std::sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second > b.second;
    });
    for (std::size_t i = 0; i < ordered.size(); ++i)
      found[i] = ordered[i].second;
  }
  std::vector<Id> out(found.begin(), found.end());
  spare_found = std::move(found);
  return out;
}

template <class T>
std::vector<ShapeId> Scene<T>::overlapping(const Shape<T>& shape, const QueryOptions& options) {
  const std::string error = detail::scene_input_error(shape);
  if (!error.empty()) throw InvalidQuery("Scene::overlapping shape: " + error);
  auto& s = *impl_;
  s.update();
  std::vector<Id> out;
  const Gate gate = s.gate(options);
  if (gate.rejects_all()) return out;
  const bool strict = options.exclude_touching;
  // Boxes, polygons and points take the region queries' path, with its shortcuts.
  if (const auto* aabb = std::get_if<Aabb<T>>(&shape)) {
    run_region(s, RegionTest<T, Aabb<T>>(*aabb, SelectMode::intersects, strict, s.item_margin()),
               gate, out);
  } else if (const auto* obb = std::get_if<Obb<T>>(&shape)) {
    run_region(s, RegionTest<T, Obb<T>>(*obb, SelectMode::intersects, strict, s.item_margin()),
               gate, out);
  } else if (const auto* polygon = std::get_if<ConvexPolygon<T>>(&shape)) {
    run_region(
        s,
        RegionTest<T, ConvexPolygon<T>>(*polygon, SelectMode::intersects, strict, s.item_margin()),
        gate, out);
  } else if (const auto* point = std::get_if<Point<T>>(&shape)) {
    run_region(s, RegionTest<T, Point<T>>(*point, SelectMode::intersects, strict, s.item_margin()),
               gate, out);
  } else {
    // Segments, circles and capsules: the candidates of the shape's bounding box (enlarged by the
    // rounding margin, so that no shape the exact test calls touching is missed), each decided by
    // the exact test through the variant.
    const Aabb<T> bounds = bounding_box(shape);
    const T m = detail::rounding_margin(bounds);
    const Aabb<T> box{{bounds.min.x - m, bounds.min.y - m}, {bounds.max.x + m, bounds.max.y + m}};
    detail::box_candidates(s, box, gate, [&](const auto& store, int slot) {
      if (detail::entry_overlaps(shape, store.shapes[std::size_t(slot)], strict)) {
        out.push_back(store.ids[std::size_t(slot)]);
      }
    });
  }
  return out;
}

template <class T>
std::vector<ShapeId> Scene<T>::candidates(const Aabb<T>& box, const QueryOptions& options) {
  // The same rule as every other Scene region (validation_error), so that a box select rejects
  // is not answered here.
  const std::string error = detail::scene_input_error(box);
  if (!error.empty()) throw InvalidQuery("Scene::candidates box: " + error);
  auto& s = *impl_;
  s.update();
  const Gate gate = s.gate(options);
  std::vector<Id> out;
  if (gate.rejects_all()) return out;
  detail::box_candidates(s, box, gate, [&](const auto& store, int slot) {
    out.push_back(store.ids[std::size_t(slot)]);
  });
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
  template std::vector<ShapeId> Scene<T>::select(const Lasso<T>&, SelectMode,                      \
                                                 const QueryOptions&);                             \
  template void Scene<T>::select(const Lasso<T>&, SelectMode, const QueryOptions&,                 \
                                 std::vector<ShapeId>&);                                           \
  template std::vector<ShapeId> Scene<T>::hit_test(Point<T>, const QueryOptions&);                 \
  template std::vector<ShapeId> Scene<T>::overlapping(const Shape<T>&, const QueryOptions&);       \
  template std::vector<ShapeId> Scene<T>::candidates(const Aabb<T>&, const QueryOptions&);

COLLIDE2D_INSTANTIATE_SELECT(float)
COLLIDE2D_INSTANTIATE_SELECT(double)

}  // namespace collide2d
