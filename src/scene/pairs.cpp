// Scene::overlapping_pairs: every pair of shapes that overlap, from each index's box pairs.
//
//   packed kind K with itself       the tree joined with itself, leaf pair by leaf pair
//   packed kind K with kind L > K   the two trees joined, leaf pair by leaf pair
//   dynamic shapes with packed      each dynamic shape's box queried in every packed tree
//   dynamic with dynamic            ... and in the dynamic tree (pairs from the lower proxy)
//   grid                            the grid's pairs, row by row of cells
// Each box pair is then filtered (both filters must accept each other, both shapes must pass the
// query's filter and predicate) and decided by the exact test.
//
// Threads: the node-level descent that lists the leaf pairs runs first, on the calling thread
// (a few percent of the work); the leaf pairs, dynamic leaves and grid rows then run in fixed
// chunks on the threads, each chunk into its own list, and the lists are joined in order.
#include <algorithm>
#include <cstring>
#include <type_traits>

#include "broadphase/packed_tree_access.hpp"
#include "collide2d/interior.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/scene.hpp"
#include "detail/parallel.hpp"
#include "scene/batches.hpp"
#include "scene/obb_pair_kernel.hpp"
#include "scene/obb_pairs_avx2.hpp"
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
  std::vector<ShapePair>& pairs() const { return out_; }

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
using ObbPairLanes = detail::ObbPairLanes<T, AppendOverlapping>;

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
  ObbPairLanes<T>& obb_pairs;
  // The float boxes in blocks for the AVX2 join, when it runs (obb_pairs_avx2.hpp), else null.
  const detail::ObbBlocks* obb_blocks;

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

// One part of the work, run on one thread. The parts are listed in a fixed order, from the
// scene alone; run in that order they give the pairs in one fixed order, whatever the threads.
struct PairTask {
  enum class Source : std::uint8_t {
    packed_self,     // item pairs of one pair of leaves of kind_a's packed tree
    packed_cross,    // ... of one leaf of kind_a's tree and one of kind_b's
    dynamic_leaves,  // dynamic leaves [range.first, range.second) of the list, against everything
    grid_part,       // part range.first of the grid's pairs
  };
  Source source;
  std::int8_t kind_a = 0, kind_b = 0;
  IndexPair range;
};

// Dynamic leaves per task: each queries every packed tree and the dynamic tree.
constexpr int dynamic_leaves_per_task = 4;
// Tasks per chunk of work handed to a thread: a chunk of leaf pairs takes some tens of
// microseconds, about what starting a thread costs.
constexpr std::size_t tasks_per_chunk = 64;

template <class T>
void list_tasks(const SceneImpl<T>& s, std::vector<PairTask>& tasks,
                std::vector<int>& dynamic_leaves) {
  using Source = PairTask::Source;
  std::vector<IndexPair> leaves;
  // Packed trees: each with itself (the common case), then with every later kind.
  for (int ka = 0; ka < detail::kind_count; ++ka) {
    const PackedTree<T>& a = tree_of(s, ka);
    if (a.size() < 2) continue;
    leaves.clear();
    a.leaf_pairs(leaves);
    for (const IndexPair& l : leaves)
      tasks.push_back({Source::packed_self, std::int8_t(ka), std::int8_t(ka), l});
  }
  for (int ka = 0; ka < detail::kind_count; ++ka) {
    for (int kb = ka + 1; kb < detail::kind_count; ++kb) {
      const PackedTree<T>& a = tree_of(s, ka);
      const PackedTree<T>& b = tree_of(s, kb);
      if (a.empty() || b.empty()) continue;
      leaves.clear();
      a.leaf_pairs_with(b, leaves);
      for (const IndexPair& l : leaves)
        tasks.push_back({Source::packed_cross, std::int8_t(ka), std::int8_t(kb), l});
    }
  }
  s.dynamic.for_each_leaf([&](int proxy) { dynamic_leaves.push_back(proxy); });
  const int leaf_count = int(dynamic_leaves.size());
  for (int first = 0; first < leaf_count; first += dynamic_leaves_per_task) {
    const int last = std::min(leaf_count, first + dynamic_leaves_per_task);
    tasks.push_back({Source::dynamic_leaves, 0, 0, {first, last}});
  }
  if (s.options.index == IndexChoice::grid && !s.grid.empty()) {
    for (int part = 0; part < s.grid.pair_parts(); ++part)
      tasks.push_back({Source::grid_part, 0, 0, {part, 0}});
  }
}

// A dynamic leaf against the packed trees, and against the dynamic leaves after it in the pool
// (each pair of dynamic leaves once, from the lower proxy).
template <class T>
void dynamic_leaf_pairs(const SceneImpl<T>& s, int proxy, const RefSink<T>& by_ref) {
  const ShapeRef ra{std::uint32_t(s.dynamic.user_value(proxy))};
  const Aabb<T>& box = s.dynamic.fat_box(proxy);
  for (int kb = 0; kb < detail::kind_count; ++kb) {
    const PackedTree<T>& b = tree_of(s, kb);
    if (!b.empty()) b.query(box, [&](int y) { by_ref(ra, ShapeRef::make(kb, y)); });
  }
  s.dynamic.query(box, [&](int other) {
    if (other > proxy) by_ref(ra, ShapeRef{std::uint32_t(s.dynamic.user_value(other))});
  });
}

template <class T>
void run_task(const SceneImpl<T>& s, const PairTask& task, const std::vector<int>& dynamic_leaves,
              const PairSink<T>& sink, const RefSink<T>& by_ref) {
  using Source = PairTask::Source;
  const int ka = task.kind_a, kb = task.kind_b;
  switch (task.source) {
    case Source::packed_self:
      // Typed through: one kind, no dispatch per pair.
      detail::with_kind(ka, [&](auto k) {
        const auto& a = s.template store<decltype(k)::value>();
        using Store = std::remove_cv_t<std::remove_reference_t<decltype(a)>>;
        if constexpr (std::is_same_v<Store, detail::KindStore<T, Obb<T>>>) {
          // The common case, straight into the lanes: the sink's checks are out of the loop, and
          // a call per candidate pair was a third of the join's time.
          if (sink.plain) {
            const Obb<T>* shapes = a.shapes.data();
            const ShapeId* ids = a.ids.data();
            if constexpr (std::is_same_v<T, float>) {
              if (sink.obb_blocks != nullptr) {
                detail::obb_leaf_pairs_avx2(*sink.obb_blocks, shapes,
                                            detail::PackedTreeView<T>(a.tree), task.range,
                                            sink.out.pairs());
                return;
              }
            }
#if COLLIDE2D_OBB_PAIR_KERNEL
            if constexpr (std::is_same_v<T, float>) {
              auto done = [&](const ShapePair* pairs, int n) { sink.out.append(pairs, n); };
              detail::ObbPairKernel<decltype(done)> kernel(shapes, ids, done);
              auto add = [&kernel](int x, int y) { kernel.add(x, y); };
              if (a.tree.node_size() <= 64) {
                detail::leaf_pair_candidates(detail::PackedTreeView<T>(a.tree), task.range, add);
              } else {
                a.tree.for_each_pair_in_leaves(task.range, add);
              }
              return;
            }
#endif
            a.tree.for_each_pair_in_leaves(task.range, [&](int x, int y) {
              sink.obb_pairs.add(shapes[x], shapes[y], ids[x], ids[y]);
            });
            return;
          }
        }
        a.tree.for_each_pair_in_leaves(task.range, [&](int x, int y) { sink(a, x, a, y); });
      });
      break;
    case Source::packed_cross:
      tree_of(s, ka).for_each_pair_in_leaves_with(tree_of(s, kb), task.range, [&](int x, int y) {
        by_ref(ShapeRef::make(ka, x), ShapeRef::make(kb, y));
      });
      break;
    case Source::dynamic_leaves:
      for (int i = task.range.first; i < task.range.second; ++i)
        dynamic_leaf_pairs(s, dynamic_leaves[std::size_t(i)], by_ref);
      break;
    case Source::grid_part:
      s.grid.for_each_pair_in_part(task.range.first, [&](int p, int q) {
        by_ref(s.grid_refs[std::size_t(p)], s.grid_refs[std::size_t(q)]);
      });
      break;
  }
}

// The pairs of tasks [first, last), appended to `pairs` in task order.
template <class T>
void run_tasks(const SceneImpl<T>& s, const Gate& gate, bool strict, bool plain,
               const std::vector<PairTask>& tasks, std::size_t first, std::size_t last,
               const std::vector<int>& dynamic_leaves, const detail::ObbBlocks* obb_blocks,
               std::vector<ShapePair>& pairs) {
  PairOutput out(pairs);
  ObbPairLanes<T> obb_pairs(AppendOverlapping{&out});
  const PairSink<T> sink{s, gate, strict, out, plain, obb_pairs, obb_blocks};
  const RefSink<T> by_ref{s, sink};
  for (std::size_t t = first; t < last; ++t)
    run_task(s, tasks[t], dynamic_leaves, sink, by_ref);
  obb_pairs.flush();
}

// The float boxes' blocks for the AVX2 join (obb_pairs_avx2.hpp), filled into `storage`, when
// that join runs: float boxes in a packed tree whose node size is a multiple of 8 up to 64 (the
// default is 16), on a CPU with AVX2.
template <class T>
const detail::ObbBlocks* obb_blocks(const SceneImpl<T>& s, detail::ObbBlocks& storage) {
  if constexpr (std::is_same_v<T, float>) {
    const auto& boxes = s.template store<detail::kind_of_entry<T, Obb<T>>>();
    const int node_size = boxes.tree.node_size();
    if (boxes.tree.size() < 2 || node_size > 64 || node_size % 8 != 0 ||
        !detail::obb_pairs_avx2_enabled())
      return nullptr;
    storage.fill(boxes.shapes.data(), boxes.ids.data(), detail::PackedTreeView<T>(boxes.tree),
                 int(boxes.tree.size()));
    return &storage;
  } else {
    (void)s;
    (void)storage;
    return nullptr;
  }
}

template <class T>
void find_pairs(const SceneImpl<T>& s, const Gate& gate, bool strict, unsigned thread_count,
                std::vector<ShapePair>& pairs) {
  bool dead = false;
  detail::for_each_kind(
      [&](auto k) { dead = dead || s.template store<decltype(k)::value>().dead > 0; });
  const bool plain = !strict && !dead && !gate.check_filters && !gate.has_predicate;
  std::vector<PairTask> tasks;
  std::vector<int> dynamic_leaves;
  detail::ObbBlocks blocks_storage;
  list_tasks(s, tasks, dynamic_leaves);
  const detail::ObbBlocks* blocks = plain ? obb_blocks(s, blocks_storage) : nullptr;
  // Chunks of tasks, each flushed at its end, concatenated in order: the same pairs in the same
  // order for every thread count. One thread appends to `pairs` directly.
  const std::size_t chunks = (tasks.size() + tasks_per_chunk - 1) / tasks_per_chunk;
  if (detail::resolve_thread_count(thread_count) <= 1 || chunks <= 1) {
    for (std::size_t first = 0; first < tasks.size(); first += tasks_per_chunk) {
      const std::size_t last = std::min(tasks.size(), first + tasks_per_chunk);
      run_tasks(s, gate, strict, plain, tasks, first, last, dynamic_leaves, blocks, pairs);
    }
    return;
  }
  std::vector<std::vector<ShapePair>> parts(chunks);
  detail::for_each_chunk(tasks.size(), tasks_per_chunk, thread_count,
                         [&](std::size_t first, std::size_t last) {
                           run_tasks(s, gate, strict, plain, tasks, first, last, dynamic_leaves,
                                     blocks, parts[first / tasks_per_chunk]);
                         });
  std::size_t total = pairs.size();
  for (const auto& part : parts)
    total += part.size();
  pairs.reserve(total);
  for (const auto& part : parts)
    pairs.insert(pairs.end(), part.begin(), part.end());
}

}  // namespace

template <class T>
void Scene<T>::overlapping_pairs(const QueryOptions& options, std::vector<ShapePair>& out,
                                 unsigned thread_count) {
  auto& s = *impl_;
  // Tells update() that this scene answers all-pairs queries (read before any write, so that
  // threads querying an up-to-date scene do not contend for the line).
  if (!s.all_pairs_asked.load(std::memory_order_relaxed))
    s.all_pairs_asked.store(true, std::memory_order_relaxed);
  s.update();
  const Gate gate = s.gate(options);
  if (gate.rejects_all()) return;
  find_pairs(s, gate, options.exclude_touching, thread_count, out);
}

template <class T>
std::vector<ShapePair> Scene<T>::overlapping_pairs(const QueryOptions& options,
                                                   unsigned thread_count) {
  std::vector<ShapePair> out;
  overlapping_pairs(options, out, thread_count);
  return out;
}

template void Scene<float>::overlapping_pairs(const QueryOptions&, std::vector<ShapePair>&,
                                              unsigned);
template void Scene<double>::overlapping_pairs(const QueryOptions&, std::vector<ShapePair>&,
                                               unsigned);
template std::vector<ShapePair> Scene<float>::overlapping_pairs(const QueryOptions&, unsigned);
template std::vector<ShapePair> Scene<double>::overlapping_pairs(const QueryOptions&, unsigned);

}  // namespace collide2d
