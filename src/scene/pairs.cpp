// Scene::overlapping_pairs: every pair of shapes that overlap, from each index's box pairs.
//
//   packed kind K with itself       the tree joined with itself
//   packed kind K with kind L > K   the two trees joined
//   dynamic shapes with packed      each dynamic shape's box queried in every packed tree
//   dynamic with dynamic            the dynamic tree joined with itself
//   grid                            the grid's cell-by-cell pairs
// Each box pair is then filtered (both filters must accept each other, both shapes must pass the
// query's filter and predicate) and decided by the exact test.
#include <algorithm>
#include <cstring>
#include <type_traits>

#include "collide2d/interior.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/scene.hpp"
#include "scene/batches.hpp"
#include "scene/regions.hpp"
#include "scene/scene_impl.hpp"

namespace collide2d {

namespace {

using detail::dead_id;
using detail::Gate;
using detail::SceneImpl;
using detail::ShapeRef;

// The pairs found, in the caller's vector.
class PairOutput {
 public:
  explicit PairOutput(std::vector<ShapePair>& out) : out_(out) {}
  void put(ShapeId a, ShapeId b) { out_.push_back(a < b ? ShapePair{a, b} : ShapePair{b, a}); }
  void append(const ShapePair* pairs, int count) { out_.insert(out_.end(), pairs, pairs + count); }

 private:
  std::vector<ShapePair>& out_;
};

// Appends the overlapping pairs of a batch: every pair is written, and the end advances only
// past those that overlap, so no jump depends on an answer that goes either way.
struct AppendOverlapping {
  PairOutput* out;
  void operator()(const ShapeId* a, const ShapeId* b, const bool* hit, int count) const {
    ShapePair kept[detail::batch_capacity];
    int n = 0;
    for (int i = 0; i < count; ++i) {
      kept[n] = a[i] < b[i] ? ShapePair{a[i], b[i]} : ShapePair{b[i], a[i]};
      n += hit[i] ? 1 : 0;
    }
    out->append(kept, n);
  }
};

template <class T>
using ObbPairBatch = detail::ObbPairBatch<T, AppendOverlapping>;

// The packed tree of a kind, chosen at run time.
template <class T>
const PackedTree<T>& tree_of(const SceneImpl<T>& s, int kind) {
  return detail::with_kind(kind, [&](auto k) -> const PackedTree<T>& {
    return s.template store<decltype(k)::value>().tree;
  });
}

template <class T>
struct PairSink {
  const SceneImpl<T>& scene;
  const Gate& gate;
  bool strict;
  PairOutput& out;
  // No filters, no predicate, no dead slots, touching included: only the exact test.
  bool plain;
  ObbPairBatch<T>& obb_pairs;

  template <class StoreA, class StoreB>
  void operator()(const StoreA& a, int slot_a, const StoreB& b, int slot_b) const {
    const ShapeId id_a = a.ids[std::size_t(slot_a)];
    const ShapeId id_b = b.ids[std::size_t(slot_b)];
    if constexpr (std::is_same_v<StoreA, detail::KindStore<T, Obb<T>>> &&
                  std::is_same_v<StoreB, detail::KindStore<T, Obb<T>>>) {
      if (plain) {
        obb_pairs.add(a.shapes[std::size_t(slot_a)], b.shapes[std::size_t(slot_b)], id_a, id_b);
        return;
      }
    }
    if (plain) {
      if (detail::exact_overlaps(a.shapes[std::size_t(slot_a)], b.shapes[std::size_t(slot_b)])) {
        out.put(id_a, id_b);
      }
      return;
    }
    if (id_a == dead_id || id_b == dead_id) return;
    if (scene.has_filters) {
      const Filter fa = a.filters[std::size_t(slot_a)], fb = b.filters[std::size_t(slot_b)];
      if ((fa.categories & fb.mask) == 0 || (fb.categories & fa.mask) == 0) return;
      if (!gate.filter_passes(fa) || !gate.filter_passes(fb)) return;
    }
    const auto& sa = a.shapes[std::size_t(slot_a)];
    const auto& sb = b.shapes[std::size_t(slot_b)];
    if (!(strict ? overlaps_interior(sa, sb) : detail::exact_overlaps(sa, sb))) return;
    if (!gate.accepts(id_a) || !gate.accepts(id_b)) return;
    out.put(id_a, id_b);
  }
};

// The sink for two shapes named by reference: the one place where every pair of kinds is
// dispatched, so that the index walks below are compiled once, not once per pair of kinds.
template <class T>
struct RefSink {
  const SceneImpl<T>& scene;
  const PairSink<T>& sink;
  void operator()(ShapeRef ra, ShapeRef rb) const {
    detail::with_kind(ra.kind(), [&](auto k) {
      detail::with_kind(rb.kind(), [&](auto l) {
        sink(scene.template store<decltype(k)::value>(), ra.slot(),
             scene.template store<decltype(l)::value>(), rb.slot());
      });
    });
  }
};

template <class T>
void find_pairs(SceneImpl<T>& s, const Gate& gate, bool strict, std::vector<ShapePair>& pairs) {
  PairOutput out(pairs);
  bool dead = false;
  detail::for_each_kind(
      [&](auto k) { dead = dead || s.template store<decltype(k)::value>().dead > 0; });
  const bool plain = !strict && !dead && !gate.check_filters && !gate.has_predicate;
  ObbPairBatch<T> obb_pairs(AppendOverlapping{&out});
  const PairSink<T> sink{s, gate, strict, out, plain, obb_pairs};
  const RefSink<T> by_ref{s, sink};
  // Packed trees: each with itself (the common case, typed through), then with every later kind.
  detail::for_each_kind([&](auto k) {
    constexpr int K = decltype(k)::value;
    const auto& a = s.template store<K>();
    if (a.packed > 0) a.tree.for_each_pair([&](int x, int y) { sink(a, x, a, y); });
  });
  for (int ka = 0; ka < detail::kind_count; ++ka) {
    for (int kb = ka + 1; kb < detail::kind_count; ++kb) {
      const PackedTree<T>& a = tree_of(s, ka);
      const PackedTree<T>& b = tree_of(s, kb);
      if (a.empty() || b.empty()) continue;
      a.for_each_pair_with(
          b, [&](int x, int y) { by_ref(ShapeRef::make(ka, x), ShapeRef::make(kb, y)); });
    }
  }
  if (!s.dynamic.empty()) {
    // Dynamic shapes against the packed trees, then among themselves.
    s.dynamic.for_each_leaf([&](int proxy) {
      const ShapeRef ra{std::uint32_t(s.dynamic.user_value(proxy))};
      const Aabb<T>& box = s.dynamic.fat_box(proxy);
      for (int kb = 0; kb < detail::kind_count; ++kb) {
        const PackedTree<T>& b = tree_of(s, kb);
        if (!b.empty()) b.query(box, [&](int y) { by_ref(ra, ShapeRef::make(kb, y)); });
      }
    });
    s.dynamic.for_each_pair([&](int p, int q) {
      by_ref(ShapeRef{std::uint32_t(s.dynamic.user_value(p))},
             ShapeRef{std::uint32_t(s.dynamic.user_value(q))});
    });
  }
  if (s.options.index == IndexChoice::grid && !s.grid.empty()) {
    s.grid.for_each_pair(
        [&](int p, int q) { by_ref(s.grid_refs[std::size_t(p)], s.grid_refs[std::size_t(q)]); });
  }
}

}  // namespace

template <class T>
void Scene<T>::overlapping_pairs(const QueryOptions& options, std::vector<ShapePair>& out) {
  auto& s = *impl_;
  s.update();
  const Gate gate = s.gate(options);
  if (gate.rejects_all()) return;
  find_pairs(s, gate, options.exclude_touching, out);
}

template <class T>
std::vector<ShapePair> Scene<T>::overlapping_pairs(const QueryOptions& options) {
  std::vector<ShapePair> out;
  overlapping_pairs(options, out);
  return out;
}

template void Scene<float>::overlapping_pairs(const QueryOptions&, std::vector<ShapePair>&);
template void Scene<double>::overlapping_pairs(const QueryOptions&, std::vector<ShapePair>&);
template std::vector<ShapePair> Scene<float>::overlapping_pairs(const QueryOptions&);
template std::vector<ShapePair> Scene<double>::overlapping_pairs(const QueryOptions&);

}  // namespace collide2d
