// Private: what a Scene holds, and the helpers its query files share.
//
// Storage is per shape kind, one KindStore for each kind, so a scene of boxes stores
// 24-byte Obbs (float) rather than 140-byte Shape variants. A shape lives at a slot of its kind's
// store; the slots of a store are in two parts:
//   [0, packed)      in the kind's PackedTree, sorted along the Hilbert curve, so that the exact
//                    tests of a query read shapes in the order the tree reports them; a removed
//                    shape leaves a dead slot here until the next rebuild
//   [packed, size)   added (or moved here from another kind) since the last rebuild: each in the
//                    dynamic tree, or not yet indexed (proxy -1) until the next update
// Every Id maps to its ShapeRef (kind and slot); every slot names its Id. Dynamic-tree leaves and
// grid items carry ShapeRefs. Groups (compound shapes, groups.hpp) are one more kind after the
// kinds of the Shape variant: kind group_kind, whose store holds SceneGroups; simple polygons
// (Polygon, scene_polygons.hpp) one more: kind polygon_kind, whose store holds ScenePolygons.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "collide2d/broadphase.hpp"
#include "collide2d/scene.hpp"
#include "detail/shape_checks.hpp"
#include "scene/groups.hpp"
#include "scene/scene_polygons.hpp"

namespace collide2d::detail {

// The kinds of the Shape variant, then groups, then simple polygons.
inline constexpr int group_kind = shape_kind_count;
inline constexpr int polygon_kind = shape_kind_count + 1;
inline constexpr int kind_count = shape_kind_count + 2;

// Kind (4 bits) and slot (28 bits) in one word. Kind 15 marks a free id, whose slot bits are the
// next free id.
struct ShapeRef {
  std::uint32_t bits;
  static constexpr int slot_bits = 28;
  static constexpr std::uint32_t slot_mask = (1u << slot_bits) - 1;
  static constexpr int free_kind = 15;
  static_assert(kind_count <= free_kind, "the kinds and the free mark must fit in 4 bits");
  static ShapeRef make(int kind, int slot) {
    return {(std::uint32_t(kind) << slot_bits) | (std::uint32_t(slot) & slot_mask)};
  }
  int kind() const { return int(bits >> slot_bits); }
  int slot() const { return int(bits & slot_mask); }
};

inline constexpr ShapeId dead_id{0xFFFFFFFFu};
inline constexpr std::uint32_t no_index = 0xFFFFFFFFu;

template <class T, class S>
struct KindStore {
  std::vector<S> shapes;
  std::vector<ShapeId> ids;     // dead_id for a removed slot below packed
  std::vector<std::int32_t> z;  // by slot, once the scene has a z-order (else empty)
  std::vector<Filter> filters;  // by slot, once the scene has a filter (else empty)
  std::vector<int> proxies;     // slot - packed -> dynamic proxy, or -1: not yet indexed
  PackedTree<T> tree;           // over slots [0, packed)
  int packed = 0;
  int dead = 0;         // removed slots below packed
  T build_cost = T(0);  // the tree's leaf cost when it was built

  int size() const { return static_cast<int>(shapes.size()); }
};

// What each kind's store holds: the alternatives of the Shape variant, in its order, then groups,
// then simple polygons.
template <class T, class Variant>
struct KindEntriesOf;
template <class T, class... S>
struct KindEntriesOf<T, std::variant<S...>> {
  using type = std::tuple<S..., SceneGroup<T>, ScenePolygon<T>>;
  using stores =
      std::tuple<KindStore<T, S>..., KindStore<T, SceneGroup<T>>, KindStore<T, ScenePolygon<T>>>;
};
template <int K, class T>
using ShapeOfKind = std::tuple_element_t<std::size_t(K), typename KindEntriesOf<T, Shape<T>>::type>;
// The kind whose store holds entries of type S.
template <class S, class Entries>
struct KindIndexIn;
template <class S, class... E>
struct KindIndexIn<S, std::tuple<E...>> {
  static constexpr int value = [] {
    constexpr bool same[] = {std::is_same_v<S, E>...};
    int i = 0;
    while (!same[i])
      ++i;
    return i;
  }();
};
template <class T, class S>
inline constexpr int kind_of_entry =
    KindIndexIn<S, typename KindEntriesOf<T, Shape<T>>::type>::value;
// One KindStore per kind.
template <class T>
using KindStores = typename KindEntriesOf<T, Shape<T>>::stores;

template <class F, int... K>
void for_each_kind_of(F& f, std::integer_sequence<int, K...>) {
  (f(std::integral_constant<int, K>{}), ...);
}

// Calls f(std::integral_constant<int, K>) for each kind, or for the one given at run time (the
// last kind for any larger number).
template <class F>
void for_each_kind(F&& f) {
  for_each_kind_of(f, std::make_integer_sequence<int, kind_count>{});
}

template <int K = 0, class F>
decltype(auto) with_kind(int kind, F&& f) {
  if constexpr (K + 1 == kind_count) {
    return f(std::integral_constant<int, K>{});
  } else {
    if (kind == K) return f(std::integral_constant<int, K>{});
    return with_kind<K + 1>(kind, std::forward<F>(f));
  }
}

// 16 ulps of the largest coordinate of a box, and at least 16 ulps of 1: the scale of the rounding
// in any exact test of a shape there (the tests work on differences of coordinates, each rounded
// once or twice). The floor of 1 is the tolerance band's max(1, scale) (docs/ROBUSTNESS.md): near
// the origin squares of tiny differences underflow, and the exact tests' errors there are
// absolute, not relative. Without it, a region of zero size at the origin kept a point-sized
// shape "strictly inside" and a subnormal hit-test point missed a shape the exact test touched
// (both found by fuzz_scene).
template <class T>
T rounding_margin(const Aabb<T>& box) {
  const T a = std::abs(box.min.x), b = std::abs(box.min.y);
  const T c = std::abs(box.max.x), d = std::abs(box.max.y);
  const T largest = std::max(std::max(std::max(a, b), std::max(c, d)), T(1));
  return T(16) * std::numeric_limits<T>::epsilon() * largest;
}

// The box grown by m on every side, clamped to the finite range: near the largest finite value
// the growth would overflow to infinity, which no index accepts. Every stored box lies in that
// range, so the clamp changes no answer of a box test against stored boxes.
template <class T>
Aabb<T> enlarged_in_range(const Aabb<T>& box, T m) {
  const T big = std::numeric_limits<T>::max();
  return {{std::max(box.min.x - m, -big), std::max(box.min.y - m, -big)},
          {std::min(box.max.x + m, big), std::min(box.max.y + m, big)}};
}

// The box the index stores for a shape: its bounding box enlarged by the rounding margin, so that
// it contains the shape whatever the rounding of bounding_box, and a box that misses a region by
// its margin cannot hide a shape the exact test would call touching.
// Clamped to the largest finite values: a shape near the edge of the range keeps a finite box
// that still contains it (scene_input_error guarantees its own bounding box is finite).
template <class T, class S>
Aabb<T> stored_box(const S& shape) {
  const Aabb<T> box = bounding_box(shape);
  return enlarged_in_range(box, rounding_margin(box));
}

// What the Scene requires of every shape it stores or is asked about: a valid shape
// (validation_error) whose bounding box is finite. A valid shape within a few ulps of the
// floating-point range can still have corners that overflow, and no index could hold its box.
// scene_input_fine (detail/shape_checks.hpp) is the same verdict without a message, for the
// common case; scene_input_error gives the message.
template <class S>
std::string scene_input_error(const S& shape) {
  std::string error = validation_error(shape);
  if (error.empty()) {
    const auto box = bounding_box(shape);
    if (!is_finite(box.min) || !is_finite(box.max))
      error =
          "its bounding box overflows the floating-point range (coordinates too close to the "
          "largest finite value)";
  }
  return error;
}

// Which shapes take part in a query: the query filter against each shape's filter (Box2D's rule),
// then the user's predicate.
struct Gate {
  const QueryOptions* options;
  bool check_filters;   // the scene has per-shape filters
  bool default_passes;  // a shape with the default filter passes the query filter
  bool has_predicate;

  bool filter_passes(Filter shape) const {
    return (shape.categories & options->filter.mask) != 0 &&
           (options->filter.categories & shape.mask) != 0;
  }
  template <class Store>
  bool passes_filter(const Store& store, int slot) const {
    return check_filters ? filter_passes(store.filters[std::size_t(slot)]) : default_passes;
  }
  bool accepts(ShapeId id) const { return !has_predicate || options->accept(id); }
  // Nothing can pass: no per-shape filters and the default one fails.
  bool rejects_all() const { return !check_filters && !default_passes; }
};

template <class T>
struct SceneImpl {
  SceneOptions<T> options;
  // By id.
  std::vector<std::uint32_t>
      where;  // ShapeRef bits, or a free id (kind free_kind) and the next one
  std::vector<std::uint64_t> user_data;
  std::uint32_t free_head = no_index;
  std::size_t live = 0;
  // Shapes as given, for move(id, transform): by id an index into locals, allocated on the first
  // such move.
  std::vector<std::uint32_t> local_of;
  std::vector<Shape<T>> locals;
  std::vector<std::uint32_t> free_locals;

  KindStores<T> stores;
  bool has_z = false;
  bool has_filters = false;

  DynamicTree<T> dynamic;
  UniformGrid<T> grid;
  std::vector<ShapeRef> grid_refs;  // grid item -> shape
  bool grid_stale = true;
  bool ever_built = false;  // the packed trees were built since the scene (or choice) began
  bool refit_pending = false;
  // An all-pairs query has run on this scene: moves then rebuild the packed tree sooner (update()).
  // Atomic, as queries set it, and queries on an up-to-date scene may run from several threads.
  std::atomic<bool> all_pairs_asked{false};
  std::size_t pending = 0;  // shapes in no index yet
  std::size_t rebuilds = 0;
  T scene_extent = T(0);  // largest |coordinate| of any stored box since the last build

  explicit SceneImpl(SceneOptions<T> o);
  // o, or std::invalid_argument naming the first option out of range.
  static SceneOptions<T> checked_options(const SceneOptions<T>& o);

  template <int K>
  KindStore<T, ShapeOfKind<K, T>>& store() {
    return std::get<K>(stores);
  }
  template <int K>
  const KindStore<T, ShapeOfKind<K, T>>& store() const {
    return std::get<K>(stores);
  }

  // Ids.
  // The id's place; std::out_of_range naming `what` and the id when no shape has it. The test is
  // inline (set_shape, move and set_shapes' check make it per call), the throw out of line.
  ShapeRef ref_of(ShapeId id, const char* what) const {
    const auto index = static_cast<std::uint32_t>(id);
    if (index >= where.size() || ShapeRef{where[index]}.kind() == ShapeRef::free_kind)
      no_shape(id, what);
    return ShapeRef{where[index]};
  }
  [[noreturn]] static void no_shape(ShapeId id, const char* what);
  ShapeId new_id(std::uint64_t data);
  void free_id(ShapeId id);

  // Slots.
  template <int K>
  void attach(ShapeId id, const ShapeOfKind<K, T>& shape, std::int32_t z, Filter filter);
  // Takes the shape out of its slot (the id stays allocated). Returns its z and filter.
  void detach(ShapeRef ref, std::int32_t& z, Filter& filter);
  void set_shape(ShapeId id, const Shape<T>& shape);
  template <int K>
  void replace(ShapeId id, const ShapeOfKind<K, T>& entry) {
    replace_at<K>(id, ref_of(id, "set_shape"), entry);
  }
  // The same for the id's current place `ref`.
  template <int K>
  void replace_at(ShapeId id, ShapeRef ref, const ShapeOfKind<K, T>& entry);
  // The shape as given for move() is forgotten (set_shape and set_shapes give a new one).
  void forget_local(ShapeId id) {
    if (!local_of.empty() && local_of[std::size_t(id)] != no_index) {
      free_locals.push_back(local_of[std::size_t(id)]);
      local_of[std::size_t(id)] = no_index;
    }
  }
  void note_extent(const Aabb<T>& box);
  // Scene::move for a group: every part placed from the parts as given (groups.cpp).
  void move_group(ShapeId id, const Transform<T>& transform);
  // Scene::move for a simple polygon: the polygon as given, placed and built again
  // (scene_polygons.cpp).
  void move_polygon(ShapeId id, const Transform<T>& transform);

  // Index maintenance.
  void update();
  void rebuild_packed();
  void build_grid();
  void index_pending();
  void dissolve();  // every shape back to the unindexed part, every index cleared

  Gate gate(const QueryOptions& query) const {
    return {&query, has_filters, Gate{&query, false, false, false}.filter_passes(Filter{}),
            static_cast<bool>(query.accept)};
  }
  template <class Store>
  std::int32_t z_of(const Store& store, int slot) const {
    return has_z ? store.z[std::size_t(slot)] : 0;
  }
  std::int32_t z_of_id(ShapeId id) const;
  // The most any stored box was enlarged by: stored_box's margin at the scene's extent.
  T item_margin() const {
    return T(16) * std::numeric_limits<T>::epsilon() * std::max(scene_extent, T(1));
  }
};

}  // namespace collide2d::detail
