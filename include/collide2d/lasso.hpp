// collide2d/lasso.hpp - Lasso<T>: a closed freehand path, the region of a lasso selection
// (Scene::select(lasso, mode); scene.hpp states what it selects).
//
//   std::vector<Vec2<float>> stroke = ...;                  // the pointer's path, any length
//   const Lasso<float> lasso = make_lasso<float>(stroke).value();
//   for (ShapeId id : scene.select(lasso, SelectMode::contains)) ...
//
// The path runs p0, p1, ..., p(n-1) and back to p0; it may cross and overlap itself, and repeat
// points. Its region is filled by the nonzero winding rule, the rule of canvas and SVG fills.
// make_lasso builds, once, what every query then uses: a grid over the path's bounding box that
// buckets its edges and gives each empty cell its winding number, and the path split at its
// self-crossings with the winding number on both sides of each piece. Building costs about the
// time of one selection; a Lasso is immutable and may be shared by queries on several threads.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "collide2d/builders.hpp"
#include "collide2d/math.hpp"

namespace collide2d {

namespace detail {
template <class T>
class LassoIndex;  // src/scene/lasso_index.hpp
}  // namespace detail

template <class T>
class Lasso {
 public:
  // An empty lasso: Scene::select refuses it (InvalidQuery). Build one with make_lasso.
  Lasso() = default;
  // The path's points, as given.
  const std::vector<Vec2<T>>& points() const;
  bool empty() const { return index_ == nullptr; }
  // The acceleration structure, for the Scene.
  const detail::LassoIndex<T>& index() const { return *index_; }

 private:
  template <class U>
  friend Built<Lasso<U>> make_lasso(std::span<const Vec2<U>> points);
  std::shared_ptr<const detail::LassoIndex<T>> index_;
};

// The lasso through `points` (closed: the last point joins the first). Fails, naming the index and
// the value, for a point with a NaN, infinite or subnormal coordinate (the rule of every shape),
// or, in double, one beyond 1e150 in magnitude (where exact orientation signs would overflow);
// fails for fewer than 3 points. Repeated points are kept (they change nothing).
template <class T>
Built<Lasso<T>> make_lasso(std::span<const Vec2<T>> points);

template <class T>
Built<Lasso<T>> make_lasso(const std::vector<Vec2<T>>& points) {
  return make_lasso(std::span<const Vec2<T>>(points.data(), points.size()));
}

}  // namespace collide2d
