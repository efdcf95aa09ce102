// collide2d/scene.hpp - Scene<T>: many shapes, indexed, with exact answers to the questions an
// editor or a game asks of them: which shapes a marquee or a lasso selects, which lie under the
// cursor (topmost first), what a ray hits first, which pairs overlap.
//
//   Scene<float> scene;
//   const ShapeId id = scene.add(make_obb<float>({355, 430}, 350, 150, 0.0f).value(), 42);
//   for (ShapeId hit : scene.select(Aabb<float>{{0, 0}, {400, 500}}, SelectMode::contains)) ...
//   scene.move(id, Transform<float>{{10, 0}, Rot<float>::identity()});  // the shape as added,
//                                                                        // placed by a transform
//   scene.set_shape(id, Circle<float>{{0, 0}, 5});                       // a new shape
// Shapes: every alternative of the Shape variant (points, segments, circles, capsules, boxes,
// convex polygons and rounded polygons, rounded.hpp, such as the rounded boxes of editors),
// groups of them (add_group) and simple polygons of any vertex count (add(Polygon)), in every
// query below, and in the scene files (save, load).
//
// Exact answers. An index narrows the shapes to candidates by their boxes; the narrow-phase query
// of the library decides each one: overlaps (intersects), contains (contains), raycast, and
// overlaps_interior / contains_strictly when touching is excluded. The index only ever skips the
// exact test where its answer is certain: boxes are stored enlarged by a few ulps of their
// coordinates, and a box counts as inside a region only when it is inside the region shrunk by a
// few ulps, so rounding can never make the index disagree with the exact test. A query's answer
// is the answer of running the exact test on every shape, however the shapes are indexed.
//
// Frames and units: one world frame (y up), world units, as everywhere in the library. Ray
// parameters are in units of the ray's direction.
//
// Ids. add() returns a ShapeId, valid until remove(); a removed id may be handed out again by a
// later add (there is no generation count). Using a removed id throws std::out_of_range.
//
// Bad input. Shapes are checked with validation_error on add, set_shape and move (and each part on
// add_group and set_parts): an invalid shape throws InvalidShape. Query regions are checked too: a
// NaN coordinate, an inverted box, a non-unit rotation, a ray without direction throw InvalidQuery
// (a std::invalid_argument) naming the value, rather than answering "everything" or "nothing" as
// comparisons with NaN would.
//
// Indexes and when they are rebuilt (docs/BROADPHASE.md says why):
// - automatic (the default). Shapes added before the first query are bulk-loaded into a packed
//   Hilbert R-tree at that query, the fastest index to query. Moving a shape that is in it updates
//   its box in place and refits the tree lazily, so answers stay exact; shapes added later go to a
//   dynamic AABB tree beside it. At a query the packed tree is rebuilt from every shape when:
//   the shapes added since the last build (dynamic tree plus not yet indexed) exceed 1/8 of all
//   shapes (at least 64); removed shapes exceed 1/4 of the packed ones; or moves have grown the
//   leaves' total perimeter to twice its value at the build (items far from their Hilbert
//   neighbours), or to 1.1 times in a scene that has asked for overlapping_pairs (whose join costs
//   as much as a rebuild, and grows faster than the perimeter).
// - packed: packed trees only; an add, a remove or a change of kind is followed by a rebuild at
//   the next query (moves still refit in place).
// - dynamic: one dynamic AABB tree for everything (with dynamic_margin); never rebuilt.
// - grid: a uniform grid, rebuilt at the first query after any change: for many objects of
//   similar size that all move every step.
//
// Queries bring the index up to date first, so they are not const. update() does that work ahead
// of time; after it, and until the next change (add, move, remove, set_*, rebuild), queries only
// read the Scene and may run from several threads at once (tests/concurrency checks this under
// ThreadSanitizer). Changes, and queries on a scene changed since its last update, need the
// caller's exclusion.
//
// Groups (compound shapes). add_group(parts) adds several shapes as one entry: one id, one user
// datum, one z-order and one filter, one box in the index (the union of the parts' bounding boxes).
// Every query treats a group as the union of its parts (closed sets, as for shapes):
// - select, intersects: some part overlaps the region. contains: every part lies inside it.
// - hit_test, overlapping(shape): some part overlaps the point or the shape.
// - exclude_touching judges the parts one by one: intersects (and hit_test, overlapping, pairs)
//   then needs some part to overlap the region (point, shape, other entry) by more than touching
//   (overlaps_interior), so a group whose parts all only touch the region is left out; contains
//   needs every part inside the region's interior (contains_strictly), which is exactly the union
//   lying in the interior. Parts that touch each other do not merge their interiors: a region
//   that meets the union only along the edge the two parts share is "touching".
// - raycast_closest / raycast_all: one hit per group, the part entered first (smallest t_enter,
//   ties to the part given first); the RayHit is that part's own (its normal, its exit).
// - nearest: the smallest distance over the parts (0 when some part overlaps the query).
// - overlapping_pairs: a group pairs with a shape or another group when some part of one overlaps
//   some part of the other; never with itself, whatever its parts do among themselves.
// - candidates: the group's box, as for a shape.
// Parts are shapes, not groups (no nesting). A group's parts are tested one by one, so a query's
// cost for a group grows with its part count. shape(id) throws for a group (it is not one shape);
// parts(id) returns the parts of any entry (a shape: itself alone). set_parts replaces them (and
// turns a shape into a group); set_shape turns a group into a shape; move(id, transform) places
// the parts as given to add_group or the last set_parts, each by the same transform; remove,
// user data, z and filter work by id as for shapes.
//
// Simple polygons. add(polygon) stores a Polygon (polygon.hpp: any vertex count, concave
// allowed, such as an editor's freehand outline, arrow or L-shape) as one entry with one box in
// the index. Every query decides it exactly as the one closed region it is, with the Polygon's
// own queries (an edge index over its outline, no convex decomposition, so no diagonal inside it
// ever counts as an edge): select and the lasso (intersects: overlaps; contains: contains;
// exclude_touching: overlaps_interior and contains_strictly), hit_test, overlapping,
// overlapping_pairs (polygon against every entry), raycast_closest and raycast_all (the first
// span of the ray in the polygon: its entry, its exit and the entry edge's normal), nearest (the
// exact distance to the outline, 0 inside), the scene files. shape(id) and parts(id) throw for a
// polygon; polygon(id) returns it; set_shape, set_parts, move and remove work as for shapes.
//
// Lasso selection. select(lasso, mode) takes a Lasso (lasso.hpp): a closed path p0 .. p(n-1), back
// to p0, that may cross and overlap itself. Its region R is the path itself together with every
// point off the path around which the path winds a nonzero number of times (the nonzero rule of
// canvas and SVG fills: a figure eight fills both lobes, a path that loops twice fills its inner
// loop, two loops in opposite directions over the same area cancel). R is closed, like every
// region: intersects means S meets R (touching the path counts), contains means S lies in R.
// exclude_touching takes the open region R° = the points off the path with nonzero winding
// instead: intersects then needs S to meet R°, contains needs S inside R°, so a shape touching
// the path at all is not "strictly" contained, even where filled area lies on both sides of that
// stretch of path (a loop inside another). Groups follow the rule above (intersects: some part;
// contains: every part; parts judged one by one).
// How it is decided (src/scene/lasso_region.hpp), and what is exact:
// - Winding numbers and "is this point on the path" are exact at any float or double point
//   (Shewchuk's orientation signs on the given coordinates).
// - intersects: some edge overlaps S (the library's overlaps(Segment, S)), or else the winding
//   number at any one point of S is nonzero. contains with exclude_touching: no edge overlaps S,
//   and that winding is nonzero. Exact wherever overlaps is (lattice coordinates, exact
//   rotations), within its band elsewhere (docs/ROBUSTNESS.md).
// - contains, and intersects with exclude_touching, for S with an interior: the path is split
//   once, when the lasso is built, where it crosses or touches itself, and each piece knows the
//   winding on its two sides (taken exactly at two points beside it checked to be separated by
//   nothing but the piece). S lies in R exactly when no piece with winding 0 on a side enters
//   int(S) and, if no edge enters int(S) at all, the winding at a point of S off the path is
//   nonzero (intersects with exclude_touching: the same with "nonzero" and "0" exchanged).
//   Exact (as overlaps_interior(Segment, S) is) for every edge that the path does not cross
//   elsewhere: a simple lasso, and the uncrossed edges of any lasso. A crossing point is
//   rational, not a float: it is computed in double and the piece's ends rounded to T, so a
//   shape whose interior comes within that rounding (an ulp or two of the coordinates) of a
//   self-crossing may get either answer; a piece too short to tell its sides apart counts as
//   having winding 0 (contains) or nonzero (exclude_touching intersects) on both.
// - Points: exact in every mode. Segments, and shapes of zero size (a zero-width box, a circle
//   or capsule of radius 0: the point or segment they are), in those two modes: their ends and
//   one point between each two consecutive places where an edge meets them, computed in double:
//   exact unless two such places are within rounding of each other.
// Through the index: the lasso's grid (lasso.hpp) classifies tree nodes and stored boxes in O(1)
// (all cells empty with winding 0: skipped; all filled: selected without a test), so only shapes
// near the path get the exact test, against the few edges listed in their cells.
//
// Filtering. Every shape has a Filter (categories it belongs to, mask of categories it accepts;
// default: category 1, accepts all), and every query takes QueryOptions: a query filter, checked
// against each shape by Box2D's rule (shape.categories & query.mask) != 0 &&
// (query.categories & shape.mask) != 0, and an optional predicate on the id. For pairs, the two
// shapes' filters must accept each other (the same rule), and both must pass the query's.
//
// Memory: Scene::memory_bytes() counts every byte held; a static scene of float OBBs takes about
// 58 bytes a shape (docs/BROADPHASE.md breaks it down). z-orders and filters cost 4 and 8 bytes a
// shape more, from the first time any shape is given a non-default one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "collide2d/broadphase/common.hpp"
#include "collide2d/errors.hpp"
#include "collide2d/lasso.hpp"
#include "collide2d/math.hpp"
#include "collide2d/raycast.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d {

namespace detail {
template <class T>
struct SceneImpl;  // src/scene/scene_impl.hpp
}  // namespace detail

template <class T>
class Polygon;  // polygon.hpp

// A shape's handle in a Scene.
enum class ShapeId : std::uint32_t {};

enum class SelectMode : std::uint8_t {
  intersects,  // shapes that overlap the region (touching counts unless excluded)
  contains,    // shapes wholly inside the region (boundary included unless excluded)
};

enum class IndexChoice : std::uint8_t { automatic, packed, dynamic, grid };

// Category and mask bits, for shapes and for queries (see the header comment).
struct Filter {
  std::uint32_t categories = 1;
  std::uint32_t mask = 0xFFFFFFFFu;
  friend constexpr bool operator==(Filter, Filter) = default;
};

struct QueryOptions {
  // The query's own categories and mask; the default accepts every shape.
  Filter filter{0xFFFFFFFFu, 0xFFFFFFFFu};
  // Leave out shapes that only touch the region: intersects then means overlaps_interior,
  // contains means contains_strictly, a hit test excludes shapes with the point on their
  // boundary, and a pair must overlap by more than touching. Rays are not affected.
  bool exclude_touching = false;
  // Called for shapes that pass everything else; false leaves the shape out.
  std::function<bool(ShapeId)> accept;
};

template <class T>
struct SceneOptions {
  IndexChoice index = IndexChoice::automatic;
  int node_size = 16;       // children per node of the packed tree, 2 to 256
  T dynamic_margin = T(0);  // world units a shape may move before its dynamic leaf is reinserted
  T grid_cell_size = T(0);  // world units; 0 picks one from the shapes' sizes
};

template <class T>
struct SceneRayHit {
  ShapeId id;
  RayHit<T> hit;
};

// One answer of Scene::nearest: a shape and its distance to the query (0 when they overlap).
template <class T>
struct SceneNearest {
  ShapeId id;
  T distance;
};

struct ShapePair {
  ShapeId first;  // first < second
  ShapeId second;
  friend constexpr bool operator==(ShapePair, ShapePair) = default;
};

// What a Scene is made of at the moment, for tests and tuning.
struct SceneStats {
  std::size_t shapes = 0;
  std::size_t packed = 0;    // shapes in the packed tree
  std::size_t dynamic = 0;   // shapes in the dynamic tree
  std::size_t removed = 0;   // removed shapes still holding a place in the packed tree
  std::size_t rebuilds = 0;  // packed-tree (or grid) builds so far
  std::size_t memory_bytes = 0;
};

template <class T>
class Scene;

// A shape that passed the check Scene::add makes, so that the check can run ahead of time and on
// another thread: a file reader checks each shape on its reading threads, and the thread that
// owns the Scene then only stores it (Scene::add(CheckedShape)). Made only by check().
template <class T>
class CheckedShape {
 public:
  // The shape when Scene::add would take it; otherwise std::nullopt, with the reason in *reason
  // when given (what Scene::add's InvalidShape says after "Scene::add: ").
  static std::optional<CheckedShape> check(const Shape<T>& shape, std::string* reason = nullptr);
  const Shape<T>& shape() const { return shape_; }

 private:
  explicit CheckedShape(const Shape<T>& shape) : shape_(shape) {}
  Shape<T> shape_;
};

template <class T>
class Scene {
 public:
  using Id = ShapeId;

  explicit Scene(SceneOptions<T> options = {});
  ~Scene();
  Scene(Scene&&) noexcept;
  Scene& operator=(Scene&&) noexcept;
  Scene(const Scene&) = delete;
  Scene& operator=(const Scene&) = delete;

  // Adds a shape (world coordinates) and returns its id. user_data is kept for the caller.
  // Throws InvalidShape for a shape that validation_error rejects, or whose bounding box is not
  // finite (a valid shape within a few ulps of the largest float); set_shape() and move() do the
  // same.
  Id add(const Shape<T>& shape, std::uint64_t user_data = 0);
  // The same for a shape checked already: stored without checking it again.
  Id add(const CheckedShape<T>& shape, std::uint64_t user_data = 0);
  // Adds a group: the parts (world coordinates, at least one) as one entry, the union of the parts
  // for every query (see "Groups" above). Throws InvalidShape for no parts, naming the count, or
  // for a part that add would reject, naming its index and the reason.
  Id add_group(std::span<const Shape<T>> parts, std::uint64_t user_data = 0);
  // Replaces the parts of a group, or turns a shape into a group (user data, z and filter kept);
  // checked as add_group checks them. Later moves place these parts.
  void set_parts(Id id, std::span<const Shape<T>> parts);
  // Whether the id names a group (throws std::out_of_range for an id not in the scene).
  bool is_group(Id id) const;
  // Adds a simple polygon (polygon.hpp: any vertex count, concave allowed) as one entry, decided
  // as one region by its own exact queries (see "Simple polygons" above). Throws InvalidShape for
  // an empty (default-constructed) polygon. The polygon's data is shared, not copied.
  Id add(const Polygon<T>& polygon, std::uint64_t user_data = 0);
  // Replaces the entry by a simple polygon (a shape or a group becomes one); later moves place it.
  void set_shape(Id id, const Polygon<T>& polygon);
  // Whether the id names a simple polygon (throws std::out_of_range for an id not in the scene).
  bool is_polygon(Id id) const;
  // The simple polygon, as placed by the last move; throws std::invalid_argument for any other
  // entry.
  Polygon<T> polygon(Id id) const;
  // The parts of a group, in the order given, as placed by the last move; for a shape, the shape;
  // throws std::invalid_argument for a simple polygon (polygon(id) returns it).
  std::vector<Shape<T>> parts(Id id) const;
  // Replaces the shape (its kind may change; a group becomes this shape); shape(id) returns it.
  // Later moves place this shape.
  void set_shape(Id id, const Shape<T>& shape);
  // Replaces many shapes at once, shapes[i] for ids[i]: the same as set_shape(ids[i], shapes[i])
  // for each i in order (an id given twice keeps its last shape), and faster for many, as in a
  // game's step that moves every body: each next slot's storage is fetched ahead of its write
  // (the slots lie in the index's order, not the ids'). Everything is checked before anything
  // changes: std::invalid_argument for spans of different lengths, std::out_of_range for an id
  // not in the scene, InvalidShape naming the index for a shape set_shape would refuse.
  void set_shapes(std::span<const Id> ids, std::span<const Shape<T>> shapes);
  // The same for shapes of one kind, with no variant built for each.
  void set_shapes(std::span<const Id> ids, std::span<const Point<T>> shapes);
  void set_shapes(std::span<const Id> ids, std::span<const Segment<T>> shapes);
  void set_shapes(std::span<const Id> ids, std::span<const Circle<T>> shapes);
  void set_shapes(std::span<const Id> ids, std::span<const Capsule<T>> shapes);
  void set_shapes(std::span<const Id> ids, std::span<const Aabb<T>> shapes);
  void set_shapes(std::span<const Id> ids, std::span<const Obb<T>> shapes);
  void set_shapes(std::span<const Id> ids, std::span<const ConvexPolygon<T>> shapes);
  void set_shapes(std::span<const Id> ids, std::span<const RoundedPolygon<T>> shapes);
  // Places the shape as it was given to add (or to the last set_shape) by a rigid transform:
  // rotate about the world origin by transform.q, then translate by transform.p. An Aabb turned
  // by a rotation other than the identity becomes an Obb; a RoundedPolygon's core is placed so and
  // its radius kept; a simple polygon's vertices are placed and the polygon built again (O(n)),
  // and InvalidShape is thrown, nothing changed, if rounding made the placed outline touch itself.
  void move(Id id, const Transform<T>& transform);
  void remove(Id id);
  void clear();

  // Whether the id names a shape of this scene (added and not removed since).
  bool has(Id id) const;
  std::size_t size() const;
  // The shape; throws std::invalid_argument for a group (see parts) or a simple polygon (see
  // polygon).
  Shape<T> shape(Id id) const;
  std::uint64_t user_data(Id id) const;
  void set_user_data(Id id, std::uint64_t user_data);
  // z-order for hit_test: higher is on top; default 0, ties broken by higher id first.
  std::int32_t z(Id id) const;
  void set_z(Id id, std::int32_t z);
  Filter filter(Id id) const;
  void set_filter(Id id, Filter filter);

  IndexChoice index_choice() const;
  // Takes effect at the next query (the index is rebuilt in the new form).
  void set_index_choice(IndexChoice choice);
  // Bulk-builds the packed tree from every shape now (automatic and packed choices), as after
  // loading a document; otherwise the same as update().
  void rebuild();
  // Brings the index up to date now (what every query does first).
  void update();
  SceneStats stats() const;
  // The boxes of the index's nodes, to f(box, depth) with depth 0 at a root: the packed tree of
  // each shape kind and the dynamic tree (the grid has no nodes). For drawing the broad phase;
  // call update() first to see the index as the next query will.
  void for_each_index_node(const std::function<void(const Aabb<T>&, int)>& f) const;
  std::size_t memory_bytes() const;
  // Checks that ids and storage agree and that every index is valid and holds a box containing
  // each of its shapes; for tests, after every batch of changes. Empty string when all holds,
  // else the first thing wrong.
  std::string validate() const;

  // Saved and loaded (docs/SCENE_FORMAT.md, "Binary scene files"): every shape with its id, user
  // data, z and filter, the options, the id allocation (later adds return the ids they would
  // have), the shapes as given to move, and the packed tree's order, so that loading needs no
  // Hilbert sort. load checks everything and throws InvalidScene, naming the byte offset and the
  // field, for a truncated, corrupted or hostile file; it builds a new Scene and returns it only
  // when all is valid. save(load(f)) == f byte for byte; a loaded scene answers every query as
  // the saved one did.
  std::vector<std::uint8_t> save() const;
  void save(std::ostream& out) const;
  static Scene load(const std::uint8_t* data, std::size_t size);
  static Scene load(const std::vector<std::uint8_t>& bytes) {
    return load(bytes.data(), bytes.size());
  }
  static Scene load(std::istream& in);  // reads to the end of the stream

  // Shapes that intersect or lie inside the region, in no particular order (deterministic for a
  // given sequence of calls). The appending forms reuse the caller's vector.
  std::vector<Id> select(const Aabb<T>& region, SelectMode mode, const QueryOptions& options = {});
  std::vector<Id> select(const Obb<T>& region, SelectMode mode, const QueryOptions& options = {});
  std::vector<Id> select(const ConvexPolygon<T>& region, SelectMode mode,
                         const QueryOptions& options = {});
  void select(const Aabb<T>& region, SelectMode mode, const QueryOptions& options,
              std::vector<Id>& out);
  void select(const Obb<T>& region, SelectMode mode, const QueryOptions& options,
              std::vector<Id>& out);
  void select(const ConvexPolygon<T>& region, SelectMode mode, const QueryOptions& options,
              std::vector<Id>& out);
  // Lasso selection (see "Lasso selection" above): the same modes and options, exact as stated
  // there. Throws InvalidQuery for an empty (default-constructed) lasso.
  std::vector<Id> select(const Lasso<T>& lasso, SelectMode mode, const QueryOptions& options = {});
  void select(const Lasso<T>& lasso, SelectMode mode, const QueryOptions& options,
              std::vector<Id>& out);

  // Every shape under the point, topmost first: by z, higher first, then by id, higher first.
  std::vector<Id> hit_test(Point<T> point, const QueryOptions& options = {});

  // The shape the ray enters first (smallest t_enter; ties go to the topmost, as hit_test
  // orders); std::nullopt when it hits nothing.
  std::optional<SceneRayHit<T>> raycast_closest(const Ray<T>& ray,
                                                const QueryOptions& options = {});
  // Every shape the ray hits, by t_enter (ties topmost first).
  std::vector<SceneRayHit<T>> raycast_all(const Ray<T>& ray, const QueryOptions& options = {});

  // Every pair of shapes that overlap, each once with first < second, in a deterministic order.
  // The work is split over thread_count threads (0: std::thread::hardware_concurrency()), the
  // calling one included, in fixed parts: the pairs and their order are the same for every thread
  // count. With more than one thread, options.accept is called from several threads at once, and
  // an exception it throws reaches the caller once every thread has stopped (`out` then holds
  // an unspecified part of the pairs).
  std::vector<ShapePair> overlapping_pairs(const QueryOptions& options = {},
                                           unsigned thread_count = 0);
  void overlapping_pairs(const QueryOptions& options, std::vector<ShapePair>& out,
                         unsigned thread_count = 0);

  // Every shape of the scene that overlaps `shape` (which need not be in the scene).
  std::vector<Id> overlapping(const Shape<T>& shape, const QueryOptions& options = {});

  // The k shapes nearest to `point` (or to `shape`, which need not be in the scene) within
  // max_distance, by their distance to it: 0 when overlaps(query, shape) (touching counts), else
  // distance(query, shape).distance; nearest first; equal distances topmost first (higher z, then
  // higher id, as hit_test orders). Fewer than k when fewer shapes are that close. Filters and the
  // predicate apply; exclude_touching does not. Through the indexes: shapes far from the query are
  // never visited (see nearest.cpp). Throws InvalidQuery for an invalid query shape or a NaN or
  // negative max_distance.
  std::vector<SceneNearest<T>> nearest(Point<T> point, std::size_t k,
                                       T max_distance = std::numeric_limits<T>::infinity(),
                                       const QueryOptions& options = {});
  std::vector<SceneNearest<T>> nearest(const Shape<T>& shape, std::size_t k,
                                       T max_distance = std::numeric_limits<T>::infinity(),
                                       const QueryOptions& options = {});

  // The index's own box-level answer: shapes whose stored bounding box (enlarged by a few ulps)
  // overlaps `box`, with filters and predicate applied but no exact test. For viewport culling,
  // where drawing a shape that is just outside costs nothing.
  std::vector<Id> candidates(const Aabb<T>& box, const QueryOptions& options = {});

  // Renamed in this release; the old names go in the next one.
  [[deprecated("use has(id): contains(a, b) is the geometric test")]] bool contains(Id id) const {
    return has(id);
  }
  [[deprecated("use set_shape(id, shape): move(id, transform) places the shape")]] void move(
      Id id, const Shape<T>& shape) {
    set_shape(id, shape);
  }

 private:
  std::unique_ptr<detail::SceneImpl<T>> impl_;
};

extern template class CheckedShape<float>;
extern template class CheckedShape<double>;
extern template class Scene<float>;
extern template class Scene<double>;

}  // namespace collide2d
