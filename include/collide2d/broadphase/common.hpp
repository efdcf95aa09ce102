// collide2d/broadphase/common.hpp - what the three broad-phase indexes share: item pairs, the
// query checks (throwing InvalidQuery, errors.hpp), the ray-box slab test, the callback conventions
// and the contract (BoxIndex).
//
// Items are axis-aligned boxes in world coordinates, named by an int: the index into the boxes a
// packed tree or grid was built from, or the proxy a dynamic tree handed out. Boxes are closed,
// like every shape of the library: boxes that only touch overlap.
//
// Callbacks. A box query calls f(item) for every item whose box overlaps the query box; f returns
// void (keep going) or bool (false stops the query). A ray traversal calls f(item, t_enter) in
// order of t_enter, the ray parameter where the ray enters the item's box (ties by item); f
// returns void (keep going) or the new max_t of the ray: boxes entered after it are not visited,
// so a closest-hit search returns its best hit so far, and a negative value stops the traversal.
// A pair query calls f(a, b) with a < b for every overlapping pair, each once; f returns void or
// bool (false stops). Queries return false when a callback stopped them, true otherwise.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "collide2d/errors.hpp"
#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

// Keeps a function out of line (where the compiler knows how to be told).
#if defined(__GNUC__) || defined(__clang__)
#define COLLIDE2D_NOINLINE __attribute__((noinline))
#else
#define COLLIDE2D_NOINLINE
#endif

namespace collide2d {

// Two items whose boxes overlap, first < second.
struct IndexPair {
  int first;
  int second;
  friend constexpr bool operator==(IndexPair, IndexPair) = default;
};

// Throws InvalidQuery naming `what` unless the box is finite with min <= max on both axes.
template <class T>
void check_query_box(const Aabb<T>& box, const char* what);

// Throws InvalidQuery naming `what` unless the ray has a finite origin and a finite non-zero
// direction, and max_t >= 0 (infinity allowed).
template <class T>
void check_query_ray(const Ray<T>& ray, const char* what);

// Closed box overlap: the boxes share at least one point.
template <class T>
constexpr bool boxes_overlap(const Aabb<T>& a, const Aabb<T>& b) {
  return a.min.x <= b.max.x && b.min.x <= a.max.x && a.min.y <= b.max.y && b.min.y <= a.max.y;
}

// Is `inner` inside `outer`, boundary included?
template <class T>
constexpr bool box_contains(const Aabb<T>& outer, const Aabb<T>& inner) {
  return outer.min.x <= inner.min.x && inner.max.x <= outer.max.x && outer.min.y <= inner.min.y &&
         inner.max.y <= outer.max.y;
}

// The smallest box containing both.
template <class T>
constexpr Aabb<T> box_union(const Aabb<T>& a, const Aabb<T>& b) {
  return {component_min(a.min, b.min), component_max(a.max, b.max)};
}

// Half the perimeter: the 2D surface-area heuristic's cost of a box (the chance that a random
// line, and so roughly a random small query, crosses it is proportional to the perimeter).
template <class T>
constexpr T half_perimeter(const Aabb<T>& box) {
  return (box.max.x - box.min.x) + (box.max.y - box.min.y);
}

// The slab test of a ray against boxes, with the ray's inverse direction computed once.
//
// On each axis the ray is inside the slab min <= o + t d <= max for t between
// (min - o) / d and (max - o) / d; the box is entered at the largest of the two axes' entries
// and left at the smallest exit (Kay and Kajiya 1986; Williams et al. 2005). An axis with d = 0
// (or so small that 1 / d overflows) is parallel: the ray is in the slab for every t when
// min <= o <= max, boundary included, and never otherwise; no infinity times zero can occur. The
// same test answers every index and the brute-force reference, and it is monotone in the box
// (rounding is monotone), so a node that contains a box is entered no later than the box.
template <class T>
class RayBoxTest {
 public:
  explicit RayBoxTest(const Ray<T>& ray) : origin_(ray.origin), max_t_(ray.max_t) {
    set_axis(ray.direction.x, inverse_.x, parallel_x_);
    set_axis(ray.direction.y, inverse_.y, parallel_y_);
  }

  // The entry parameter of the ray into the closed box, clamped to 0 when the origin is inside;
  // false when the ray misses the box within [0, max_t].
  bool enter(T min_x, T min_y, T max_x, T max_y, T& t_enter) const {
    T lo = T(0);
    T hi = max_t_;
    if (!clip(min_x, max_x, origin_.x, inverse_.x, parallel_x_, lo, hi)) return false;
    if (!clip(min_y, max_y, origin_.y, inverse_.y, parallel_y_, lo, hi)) return false;
    t_enter = lo;
    return true;
  }
  bool enter(const Aabb<T>& box, T& t_enter) const {
    return enter(box.min.x, box.min.y, box.max.x, box.max.y, t_enter);
  }

  T max_t() const { return max_t_; }
  void set_max_t(T max_t) { max_t_ = max_t; }

 private:
  static void set_axis(T d, T& inverse, bool& parallel) {
    inverse = d != T(0) ? T(1) / d : T(0);
    parallel = d == T(0) || !std::isfinite(inverse);
  }
  static bool clip(T lo_box, T hi_box, T o, T inverse, bool parallel, T& lo, T& hi) {
    if (parallel) return lo_box <= o && o <= hi_box;
    T t0 = (lo_box - o) * inverse;
    T t1 = (hi_box - o) * inverse;
    if (inverse < T(0)) std::swap(t0, t1);
    if (t0 > lo) lo = t0;
    if (t1 < hi) hi = t1;
    return lo <= hi;
  }

  Vec2<T> origin_;
  Vec2<T> inverse_{};
  T max_t_;
  bool parallel_x_ = false;
  bool parallel_y_ = false;
};

namespace detail {

// The callback conventions above, for callbacks that return void, bool or a new max_t.
template <class F, class... Args>
bool keep_going(F& f, Args... args) {
  if constexpr (std::is_void_v<std::invoke_result_t<F&, Args...>>) {
    f(args...);
    return true;
  } else {
    return static_cast<bool>(f(args...));
  }
}

template <class T, class F>
T next_max_t(F& f, int item, T t_enter, T max_t) {
  if constexpr (std::is_void_v<std::invoke_result_t<F&, int, T>>) {
    f(item, t_enter);
    return max_t;
  } else {
    const T limit = static_cast<T>(f(item, t_enter));
    return limit < max_t ? limit : max_t;  // a NaN limit keeps max_t: it cannot widen the ray
  }
}

// An entry of an ordered (best-first) ray traversal: a node or an item, by entry parameter.
// rank is 0 for an item and the node's level (>= 1) otherwise. At equal t nodes come first, so
// that every item entered at t is in the heap before any of them is reported, and items entered
// at the same t come out by increasing index.
template <class T>
struct RayEntry {
  T t;
  int rank;
  int index;
  friend bool operator>(const RayEntry& a, const RayEntry& b) {
    if (a.t != b.t) return a.t > b.t;
    if (a.rank != b.rank) return a.rank < b.rank;
    return a.index > b.index;
  }
};

// The index of the lowest set bit of a non-zero mask.
inline int lowest_bit(std::uint64_t bits) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll(bits);
#else
  int i = 0;
  while (!(bits & 1))
    bits >>= 1, ++i;
  return i;
#endif
}

// A stack of ints that lives in the query's frame while it is small, as traversals need: the
// common case allocates nothing.
class IntStack {
 public:
  IntStack() = default;
  IntStack(const IntStack&) = delete;
  IntStack& operator=(const IntStack&) = delete;

  void push(int value) {
    if (size_ < inline_capacity) {
      inline_[size_++] = value;
      return;
    }
    push_overflow(value);
  }
  int pop() {
    --size_;
    if (size_ >= inline_capacity) {
      const int value = overflow_.back();
      overflow_.pop_back();
      return value;
    }
    return inline_[size_];
  }
  bool empty() const { return size_ == 0; }

 private:
  // Out of line, so that push() stays small enough to be inlined into every traversal loop.
  COLLIDE2D_NOINLINE void push_overflow(int value) {
    overflow_.push_back(value);
    ++size_;
  }

  static constexpr int inline_capacity = 256;
  int inline_[inline_capacity];
  int size_ = 0;
  std::vector<int> overflow_;
};

}  // namespace detail

namespace detail {

// Callbacks of the three kinds, for stating the contract below: declared, never defined.
struct ItemCallback {
  bool operator()(int item) const;
};
template <class T>
struct RayCallback {
  T operator()(int item, T t_enter) const;
};
struct PairCallback {
  bool operator()(int a, int b) const;
};

}  // namespace detail

// The contract of an index of boxes with scalar T: what DynamicTree, PackedTree and UniformGrid
// answer through their shared front (query_front.hpp), and BruteForceIndex, the reference, on its
// own. Each index checks it with a static_assert. The conventions are those above.
template <class Index, class T>
concept BoxIndex = requires(const Index& index, const Aabb<T>& box, const Ray<T>& ray,
                            std::vector<int>& items, std::vector<IndexPair>& pairs) {
  requires std::is_same_v<decltype(index.size()), int>;
  requires std::is_same_v<decltype(index.query(box, detail::ItemCallback{})), bool>;
  index.query(box, items);
  requires std::is_same_v<decltype(index.raycast(ray, detail::RayCallback<T>{})), bool>;
  requires std::is_same_v<decltype(index.for_each_pair(detail::PairCallback{})), bool>;
  index.overlapping_pairs(pairs);
};

extern template void check_query_box<float>(const Aabb<float>&, const char*);
extern template void check_query_box<double>(const Aabb<double>&, const char*);
extern template void check_query_ray<float>(const Ray<float>&, const char*);
extern template void check_query_ray<double>(const Ray<double>&, const char*);

}  // namespace collide2d
