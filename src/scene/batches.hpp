// Private: exact tests of boxes decided 64 at a time.
//
// Candidates are copied into one array per number, and one loop runs, on all of them, the very
// function overlaps() runs (collide2d/detail/box_overlap.hpp): the same answers bit for bit. The
// loop has no branch, so compilers vectorise it, several times faster than a call per candidate,
// and no jump is mispredicted on an answer that goes either way half the time. (Measured
// alternatives that were slower with g++ 12: boxes kept as Obb structs, and the canonical order
// chosen per lane inside the loop, and both frames computed with the canonical one's answer kept:
// none vectorised.) Lanes are computed in blocks of 8, the unused lanes of the last block on zeros,
// whose answers are not read.
#pragma once

#include <utility>

#include "collide2d/detail/box_overlap.hpp"
#include "collide2d/scene.hpp"
#include "detail/predicates.hpp"

namespace collide2d::detail {

inline constexpr int batch_capacity = 64;

// Pairs of rotated boxes, as overlaps(Obb, Obb) decides them. Each pair carries two ids; on
// flush, done(ids_a, ids_b, hits, count) receives the answers.
template <class T, class Done>
class ObbPairLanes {
 public:
  explicit ObbPairLanes(Done done) : done_(done) {}
  ObbPairLanes(const ObbPairLanes&) = delete;
  ObbPairLanes& operator=(const ObbPairLanes&) = delete;
  ~ObbPairLanes() { flush(); }

  void add(const Obb<T>& x, const Obb<T>& y, ShapeId id_x, ShapeId id_y) {
    // The canonical order of obb_obb_overlap, chosen by indexing rather than by a branch.
    const Obb<T>* boxes[2] = {&x, &y};
    const int swap = obbs_swap(x, y) ? 1 : 0;
    const int i = count_;
    put(*boxes[swap], 0, i);
    put(*boxes[1 - swap], 6, i);
    ids_[0][i] = id_x, ids_[1][i] = id_y;
    if (++count_ == batch_capacity) flush();
  }

  void flush() {
    if (count_ == 0) return;
    const int lanes = (count_ + 7) & ~7;
    for (int k = 0; k < 12; ++k) {
      for (int i = count_; i < lanes; ++i)
        v_[k][i] = T(0);
    }
    for (int i = 0; i < lanes; ++i) {
      const Obb<T> a{{v_[0][i], v_[1][i]}, {v_[2][i], v_[3][i]}, {v_[4][i], v_[5][i]}};
      const Obb<T> b{{v_[6][i], v_[7][i]}, {v_[8][i], v_[9][i]}, {v_[10][i], v_[11][i]}};
      hit_[i] = ordered_obbs_overlap(a, b);
    }
    done_(ids_[0], ids_[1], hit_, count_);
    count_ = 0;
  }

 private:
  void put(const Obb<T>& box, int first, int i) {
    v_[first][i] = box.center.x, v_[first + 1][i] = box.center.y;
    v_[first + 2][i] = box.half_extents.x, v_[first + 3][i] = box.half_extents.y;
    v_[first + 4][i] = box.rotation.c, v_[first + 5][i] = box.rotation.s;
  }

  Done done_;
  int count_ = 0;
  // Not initialised: a flush computes the lanes in use, and zeroes the rest of their last block.
  T v_[12][batch_capacity];  // the first box's six numbers, then the second's
  ShapeId ids_[2][batch_capacity];
  bool hit_[batch_capacity];
};

// Rotated boxes against one fixed shape: test(box) is run on every lane (it must be branch-free
// and inline to vectorise). Each box carries a payload (its id, or its slot); on flush,
// done(payloads, results, count) receives the answers.
template <class T, class Test, class Done, class Payload = ShapeId>
class ObbLanes {
 public:
  using Result = decltype(std::declval<const Test&>()(std::declval<const Obb<T>&>()));

  ObbLanes(Test test, Done done) : test_(test), done_(done) {}
  ObbLanes(const ObbLanes&) = delete;
  ObbLanes& operator=(const ObbLanes&) = delete;
  ~ObbLanes() { flush(); }

  void add(const Obb<T>& box, Payload payload) {
    const int i = count_;
    v_[0][i] = box.center.x, v_[1][i] = box.center.y;
    v_[2][i] = box.half_extents.x, v_[3][i] = box.half_extents.y;
    v_[4][i] = box.rotation.c, v_[5][i] = box.rotation.s;
    payloads_[i] = payload;
    if (++count_ == batch_capacity) flush();
  }

  void flush() {
    if (count_ == 0) return;
    const int lanes = (count_ + 7) & ~7;
    for (int k = 0; k < 6; ++k) {
      for (int i = count_; i < lanes; ++i)
        v_[k][i] = T(0);
    }
    for (int i = 0; i < lanes; ++i) {
      results_[i] = test_(Obb<T>{{v_[0][i], v_[1][i]}, {v_[2][i], v_[3][i]}, {v_[4][i], v_[5][i]}});
    }
    done_(payloads_, results_, count_);
    count_ = 0;
  }

 private:
  Test test_;
  Done done_;
  int count_ = 0;
  // Not initialised: a flush computes the lanes in use, and zeroes the rest of their last block.
  T v_[6][batch_capacity];
  Payload payloads_[batch_capacity];
  Result results_[batch_capacity];
};

// overlaps(Aabb, Obb) with the region fixed: its centre and half extents computed once.
template <class T>
struct AabbObbTest {
  Vec2<T> half;
  Vec2<T> center;
  explicit AabbObbTest(const Aabb<T>& region)
      : half(region.half_extents()), center(region.center()) {}
  bool operator()(const Obb<T>& box) const {
    return boxes_overlap(half, box.half_extents, box.center - center, box.rotation);
  }
};

// overlaps(Point, Obb): the point in the box's frame, inside its half extents (point_in_box,
// with & for && so that g++ vectorises the lanes: it did not with the jump).
template <class T>
struct PointObbTest {
  Point<T> point;
  bool operator()(const Obb<T>& box) const {
    const BoxFrame<T> frame = frame_of(box);
    const Vec2<T> p = frame.to_local(point);
    const bool in_x = abs(p.x) <= frame.half.x;
    const bool in_y = abs(p.y) <= frame.half.y;
    return in_x & in_y;
  }
};

}  // namespace collide2d::detail
