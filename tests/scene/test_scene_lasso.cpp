// Lasso selection (Scene::select(Lasso)): hand cases checkable on paper, seeded random lattice
// scenes against an exact brute force in GMP rationals, and bad input.
//
// The brute force shares nothing with the library's method (no grid, no pieces, no library
// predicate): for one shape it builds the arrangement of the lasso's edges and the shape's own
// edges, takes a sample point in every cell of it that the shape covers (a vertical decomposition:
// every event abscissa and the middle between two, and at each such abscissa every ordinate where
// a segment crosses it and the middle between two), and asks each sample "in the shape?", "on the
// path?" and "winding number?" (Sunday's rule, in rationals). A cell lies wholly in or out of the
// shape, of the path and of the nonzero region, so the samples decide the four questions exactly:
//   intersects: some sample in S is in R = path + {winding != 0}     contains: every one is
//   intersects, touching excluded: some sample in S is in R minus the path (the open region)
//   contains, touching excluded: every sample in S is in R minus the path
// On lattice coordinates with exact rotations every answer of the library is exact (overlap.hpp),
// so the answers must be equal, shape by shape.
#include <gmpxx.h>

#include "exact_geometry.hpp"
#include "scene/lasso_index.hpp"
#include "scene/scene_support.hpp"
#include "scene/segment_box_interior.hpp"

namespace c2s {
namespace {

// ---- The brute force, in rationals ----

struct Q2 {
  mpq_class x, y;
};
struct QSeg {
  Q2 a, b;
};

int sign_of(const mpq_class& v) {
  return sgn(v);
}
int orient(const Q2& a, const Q2& b, const Q2& p) {
  return sign_of((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x));
}
bool on_segment(const QSeg& s, const Q2& p) {
  return orient(s.a, s.b, p) == 0 && std::min(s.a.x, s.b.x) <= p.x &&
         p.x <= std::max(s.a.x, s.b.x) && std::min(s.a.y, s.b.y) <= p.y &&
         p.y <= std::max(s.a.y, s.b.y);
}

// A shape as a closed convex set: 1 vertex (a point), 2 (a segment) or a counter-clockwise
// polygon.
struct QShape {
  std::vector<Q2> v;
  bool contains(const Q2& p) const {
    if (v.size() == 1) return v[0].x == p.x && v[0].y == p.y;
    if (v.size() == 2) return on_segment({v[0], v[1]}, p);
    for (std::size_t i = 0; i < v.size(); ++i)
      if (orient(v[i], v[(i + 1) % v.size()], p) < 0) return false;
    return true;
  }
  std::vector<QSeg> edges() const {
    std::vector<QSeg> out;
    if (v.size() == 2) out.push_back({v[0], v[1]});
    if (v.size() > 2)
      for (std::size_t i = 0; i < v.size(); ++i)
        out.push_back({v[i], v[(i + 1) % v.size()]});
    return out;
  }
};

struct Answers {
  bool intersects = false, contains = true, intersects_strict = false, contains_strict = true;
};

class ExactLasso {
 public:
  template <class T>
  explicit ExactLasso(const std::vector<Vec2<T>>& points) {
    for (std::size_t i = 0; i < points.size(); ++i) {
      const Vec2<T> a = points[i], b = points[(i + 1) % points.size()];
      edges_.push_back({{a.x, a.y}, {b.x, b.y}});
    }
  }
  int winding(const Q2& q) const {
    int w = 0;
    for (const QSeg& e : edges_) {
      if (e.a.y <= q.y) {
        if (e.b.y > q.y && orient(e.a, e.b, q) > 0) ++w;
      } else if (e.b.y <= q.y && orient(e.a, e.b, q) < 0) {
        --w;
      }
    }
    return w;
  }
  bool on_path(const Q2& q) const {
    return std::any_of(edges_.begin(), edges_.end(),
                       [&](const QSeg& e) { return on_segment(e, q); });
  }

  Answers answer(const QShape& s) const {
    Answers out;
    mpq_class x0 = s.v[0].x, x1 = x0, y0 = s.v[0].y, y1 = y0;
    for (const Q2& p : s.v) {
      x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y),
      y1 = std::max(y1, p.y);
    }
    std::vector<QSeg> segs = s.edges();
    for (const QSeg& e : edges_) {
      if (std::max(e.a.x, e.b.x) >= x0 && std::min(e.a.x, e.b.x) <= x1 &&
          std::max(e.a.y, e.b.y) >= y0 && std::min(e.a.y, e.b.y) <= y1 &&
          !(e.a.x == e.b.x && e.a.y == e.b.y)) {
        segs.push_back(e);
      }
    }
    std::vector<mpq_class> xs{x0, x1};
    for (const QSeg& e : segs)
      xs.push_back(e.a.x), xs.push_back(e.b.x);
    for (std::size_t i = 0; i < segs.size(); ++i)
      for (std::size_t j = i + 1; j < segs.size(); ++j)
        crossing_x(segs[i], segs[j], xs);
    for (const mpq_class& x : with_middles(xs, x0, x1)) {
      std::vector<mpq_class> ys{y0, y1};
      for (const QSeg& e : segs) {
        if (e.a.x == e.b.x) {
          if (e.a.x == x) ys.push_back(e.a.y), ys.push_back(e.b.y);
        } else if (std::min(e.a.x, e.b.x) <= x && x <= std::max(e.a.x, e.b.x)) {
          ys.push_back(e.a.y + (x - e.a.x) * (e.b.y - e.a.y) / (e.b.x - e.a.x));
        }
      }
      for (const mpq_class& y : with_middles(ys, y0, y1)) {
        const Q2 q{x, y};
        if (!s.contains(q)) continue;
        const bool path = on_path(q);
        const bool filled = winding(q) != 0;
        const bool in = path || filled, open = !path && filled;
        out.intersects = out.intersects || in;
        out.contains = out.contains && in;
        out.intersects_strict = out.intersects_strict || open;
        out.contains_strict = out.contains_strict && open;
      }
    }
    return out;
  }

 private:
  // The abscissa where two segments that are not parallel cross, when they do.
  static void crossing_x(const QSeg& s, const QSeg& t, std::vector<mpq_class>& xs) {
    const mpq_class dx = s.b.x - s.a.x, dy = s.b.y - s.a.y;
    const mpq_class ex = t.b.x - t.a.x, ey = t.b.y - t.a.y;
    const mpq_class den = dx * ey - dy * ex;
    if (den == 0) return;
    const mpq_class u = ((t.a.x - s.a.x) * ey - (t.a.y - s.a.y) * ex) / den;
    const mpq_class v = ((t.a.x - s.a.x) * dy - (t.a.y - s.a.y) * dx) / den;
    if (u >= 0 && u <= 1 && v >= 0 && v <= 1) xs.push_back(s.a.x + u * dx);
  }
  // The values within [lo, hi], sorted and distinct, and the middle between each two.
  static std::vector<mpq_class> with_middles(std::vector<mpq_class> v, const mpq_class& lo,
                                             const mpq_class& hi) {
    v.erase(
        std::remove_if(v.begin(), v.end(), [&](const mpq_class& x) { return x < lo || x > hi; }),
        v.end());
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    std::vector<mpq_class> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
      out.push_back(v[i]);
      if (i + 1 < v.size()) out.push_back((v[i] + v[i + 1]) / 2);
    }
    return out;
  }

  std::vector<QSeg> edges_;
};

// The shape's points exactly (lattice shapes: Point, Segment, Aabb, Obb with an exact rotation,
// ConvexPolygon).
template <class T>
QShape exact_shape(const Shape<T>& shape) {
  QShape out;
  auto add = [&](mpq_class x, mpq_class y) {
    if (!out.v.empty() && out.v.back().x == x && out.v.back().y == y) return;
    out.v.push_back({x, y});
  };
  std::visit(
      [&](const auto& s) {
        using S = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<S, Point<T>>) {
          add(s.x, s.y);
        } else if constexpr (std::is_same_v<S, Segment<T>>) {
          add(s.a.x, s.a.y), add(s.b.x, s.b.y);
        } else if constexpr (std::is_same_v<S, Aabb<T>>) {
          add(s.min.x, s.min.y), add(s.max.x, s.min.y), add(s.max.x, s.max.y);
          add(s.min.x, s.max.y);
        } else if constexpr (std::is_same_v<S, Obb<T>>) {
          const mpq_class c(s.rotation.c), sn(s.rotation.s);
          const mpq_class hx(s.half_extents.x), hy(s.half_extents.y);
          const int sx[] = {-1, 1, 1, -1}, sy[] = {-1, -1, 1, 1};
          for (int k = 0; k < 4; ++k) {
            const mpq_class lx = sx[k] * hx, ly = sy[k] * hy;
            add(mpq_class(s.center.x) + c * lx - sn * ly, mpq_class(s.center.y) + sn * lx + c * ly);
          }
        } else if constexpr (std::is_same_v<S, ConvexPolygon<T>>) {
          for (int k = 0; k < s.count; ++k)
            add(s.vertices[k].x, s.vertices[k].y);
        } else {
          ADD_FAILURE() << "no exact model for this kind";
        }
      },
      shape);
  // Boxes of zero extent: drop the repeated first vertex, and a degenerate polygon becomes the
  // segment between its extremes.
  if (out.v.size() > 1 && out.v.front().x == out.v.back().x && out.v.front().y == out.v.back().y)
    out.v.pop_back();
  if (out.v.size() > 2) {
    bool flat = true;
    for (std::size_t i = 2; i < out.v.size(); ++i)
      flat = flat && orient(out.v[0], out.v[1], out.v[i]) == 0;
    if (flat) {
      auto less = [](const Q2& a, const Q2& b) { return a.x != b.x ? a.x < b.x : a.y < b.y; };
      const auto [lo, hi] = std::minmax_element(out.v.begin(), out.v.end(), less);
      out.v = {*lo, *hi};
    }
  }
  return out;
}

// An entry's answers: some part (intersects) or every part (contains), parts judged one by one.
template <class T>
Answers entry_answers(const ExactLasso& lasso, const std::vector<Shape<T>>& parts) {
  Answers out;
  for (const Shape<T>& part : parts) {
    const Answers a = lasso.answer(exact_shape(part));
    out.intersects = out.intersects || a.intersects;
    out.contains = out.contains && a.contains;
    out.intersects_strict = out.intersects_strict || a.intersects_strict;
    out.contains_strict = out.contains_strict && a.contains_strict;
  }
  return out;
}

// ---- Helpers ----

template <class T>
Lasso<T> lasso_of(std::initializer_list<std::pair<double, double>> points) {
  std::vector<Vec2<T>> v;
  for (const auto& [x, y] : points)
    v.push_back({T(x), T(y)});
  return make_lasso(v).value();
}

// Selects with each mode and option: {intersects, contains, intersects strict, contains strict}.
template <class T>
std::array<bool, 4> selected(const Lasso<T>& lasso, const Shape<T>& shape) {
  Scene<T> scene;
  scene.add(shape);
  std::array<bool, 4> out{};
  int k = 0;
  for (const bool strict : {false, true}) {
    for (const SelectMode mode : {SelectMode::intersects, SelectMode::contains}) {
      QueryOptions options;
      options.exclude_touching = strict;
      out[std::size_t(k++)] = scene.select(lasso, mode, options).size() == 1;
    }
  }
  return {out[0], out[1], out[2], out[3]};
}

using Four = std::array<bool, 4>;  // intersects, contains, intersects strict, contains strict

template <class T>
class SceneLasso : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SceneLasso, Scalars);

// ---- Hand cases ----

TYPED_TEST(SceneLasso, SquareLasso) {
  using T = TypeParam;
  const Lasso<T> square = lasso_of<T>({{0, 0}, {10, 0}, {10, 10}, {0, 10}});
  EXPECT_EQ(selected(square, Shape<T>{Aabb<T>{{2, 2}, {4, 4}}}), (Four{true, true, true, true}));
  EXPECT_EQ(selected(square, Shape<T>{Aabb<T>{{8, 8}, {12, 12}}}),
            (Four{true, false, true, false}));
  // The square itself: inside (closed), but it touches the path.
  EXPECT_EQ(selected(square, Shape<T>{Aabb<T>{{0, 0}, {10, 10}}}), (Four{true, true, true, false}));
  // Touching from outside along an edge, and at a corner.
  EXPECT_EQ(selected(square, Shape<T>{Aabb<T>{{10, 2}, {12, 4}}}),
            (Four{true, false, false, false}));
  EXPECT_EQ(selected(square, Shape<T>{Aabb<T>{{10, 10}, {12, 12}}}),
            (Four{true, false, false, false}));
  EXPECT_EQ(selected(square, Shape<T>{Circle<T>{{20, 5}, T(3)}}),
            (Four{false, false, false, false}));
  EXPECT_EQ(selected(square, Shape<T>{Circle<T>{{5, 5}, T(5)}}), (Four{true, true, true, false}));
  // The same square clockwise: winding -1 inside, selected alike.
  const Lasso<T> clockwise = lasso_of<T>({{0, 0}, {0, 10}, {10, 10}, {10, 0}});
  EXPECT_EQ(selected(clockwise, Shape<T>{Aabb<T>{{2, 2}, {4, 4}}}), (Four{true, true, true, true}));
}

TYPED_TEST(SceneLasso, UShapedLassoLeavesTheNotch) {
  using T = TypeParam;
  const Lasso<T> u =
      lasso_of<T>({{0, 0}, {30, 0}, {30, 30}, {20, 30}, {20, 10}, {10, 10}, {10, 30}, {0, 30}});
  // In the notch, apart from the arms.
  EXPECT_EQ(selected(u, Shape<T>{Aabb<T>{{12, 15}, {18, 25}}}), (Four{false, false, false, false}));
  // Filling the notch: touching both arms only.
  EXPECT_EQ(selected(u, Shape<T>{Aabb<T>{{10, 15}, {20, 20}}}), (Four{true, false, false, false}));
  // Spanning the notch: the box's middle is outside.
  EXPECT_EQ(selected(u, Shape<T>{Aabb<T>{{5, 15}, {25, 20}}}), (Four{true, false, true, false}));
  // In one arm, and the whole base.
  EXPECT_EQ(selected(u, Shape<T>{Aabb<T>{{2, 15}, {8, 25}}}), (Four{true, true, true, true}));
  EXPECT_EQ(selected(u, Shape<T>{Aabb<T>{{0, 0}, {30, 10}}}), (Four{true, true, true, false}));
  // A segment across the notch's mouth from arm to arm: its middle is outside.
  EXPECT_EQ(selected(u, Shape<T>{Segment<T>{{5, 20}, {25, 20}}}), (Four{true, false, true, false}));
  // One along the notch's floor, on the path.
  EXPECT_EQ(selected(u, Shape<T>{Segment<T>{{12, 10}, {18, 10}}}),
            (Four{true, true, false, false}));
}

TYPED_TEST(SceneLasso, FigureEightSelectsBothLobes) {
  using T = TypeParam;
  // Two lobes crossing at (10, 10): the left one winds once counter-clockwise, the right one once
  // clockwise; both are filled under the nonzero rule.
  const Lasso<T> eight = lasso_of<T>({{0, 0}, {20, 20}, {20, 0}, {0, 20}});
  EXPECT_EQ(selected(eight, Shape<T>{Point<T>{3, 10}}), (Four{true, true, true, true}));
  EXPECT_EQ(selected(eight, Shape<T>{Point<T>{17, 10}}), (Four{true, true, true, true}));
  EXPECT_EQ(selected(eight, Shape<T>{Point<T>{10, 15}}), (Four{false, false, false, false}));
  EXPECT_EQ(selected(eight, Shape<T>{Aabb<T>{{1, 9}, {3, 11}}}), (Four{true, true, true, true}));
  EXPECT_EQ(selected(eight, Shape<T>{Aabb<T>{{17, 9}, {19, 11}}}), (Four{true, true, true, true}));
  // The crossing inside a box: the box reaches above and below it, outside both lobes.
  EXPECT_EQ(selected(eight, Shape<T>{Aabb<T>{{8, 8}, {12, 12}}}), (Four{true, false, true, false}));
  // The crossing inside a box narrower than the lobes' meeting: still reaching the empty wedges.
  EXPECT_EQ(selected(eight, Shape<T>{Aabb<T>{{9, 9}, {11, 11}}}), (Four{true, false, true, false}));
  // A segment through the crossing, from lobe to lobe.
  EXPECT_EQ(selected(eight, Shape<T>{Segment<T>{{2, 10}, {18, 10}}}),
            (Four{true, true, true, false}));
  // The crossing point itself: on the path.
  EXPECT_EQ(selected(eight, Shape<T>{Point<T>{10, 10}}), (Four{true, true, false, false}));
}

TYPED_TEST(SceneLasso, LoopingTwiceWindsTwice) {
  using T = TypeParam;
  // The outer square, then a spike to an inner square traversed the same way, and back: winding 2
  // in the inner square, 1 in the ring, and the spike (traversed both ways) inside the region.
  const Lasso<T> twice = lasso_of<T>(
      {{0, 0}, {20, 0}, {20, 20}, {0, 20}, {0, 0}, {5, 5}, {15, 5}, {15, 15}, {5, 15}, {5, 5}});
  EXPECT_EQ(selected(twice, Shape<T>{Aabb<T>{{8, 8}, {12, 12}}}), (Four{true, true, true, true}));
  // Crossed by the inner loop's edges and the spike, every side of which is filled: contained.
  EXPECT_EQ(selected(twice, Shape<T>{Aabb<T>{{3, 3}, {12, 12}}}), (Four{true, true, true, false}));
  EXPECT_EQ(selected(twice, Shape<T>{Circle<T>{{10, 10}, T(8)}}), (Four{true, true, true, false}));
  // Two overlapping squares in turn (joined by a spike traversed both ways): the second
  // square's bottom edge runs through the first (winding 1 below it, 2 above) and then out
  // (0 below): a box crossed only by its inner stretch is contained, one reaching its outer
  // stretch is not.
  const Lasso<T> overlapping = lasso_of<T>({{0, 0},
                                            {20, 0},
                                            {20, 20},
                                            {0, 20},
                                            {0, 0},
                                            {10, 10},
                                            {30, 10},
                                            {30, 30},
                                            {10, 30},
                                            {10, 10}});
  EXPECT_EQ(selected(overlapping, Shape<T>{Aabb<T>{{12, 5}, {18, 15}}}),
            (Four{true, true, true, false}));
  EXPECT_EQ(selected(overlapping, Shape<T>{Aabb<T>{{12, 5}, {24, 15}}}),
            (Four{true, false, true, false}));
  // The square traversed twice: winding 2 everywhere inside.
  const Lasso<T> square_twice =
      lasso_of<T>({{0, 0}, {10, 0}, {10, 10}, {0, 10}, {0, 0}, {10, 0}, {10, 10}, {0, 10}});
  EXPECT_EQ(selected(square_twice, Shape<T>{Aabb<T>{{2, 2}, {4, 4}}}),
            (Four{true, true, true, true}));
  EXPECT_EQ(selected(square_twice, Shape<T>{Point<T>{5, 5}}), (Four{true, true, true, true}));
  // Loops around the same square in opposite directions cancel: nothing inside.
  const Lasso<T> cancel =
      lasso_of<T>({{0, 0}, {10, 0}, {10, 10}, {0, 10}, {0, 0}, {0, 10}, {10, 10}, {10, 0}});
  EXPECT_EQ(selected(cancel, Shape<T>{Aabb<T>{{2, 2}, {4, 4}}}),
            (Four{false, false, false, false}));
}

TYPED_TEST(SceneLasso, TouchingAtAVertexAndOnAnEdge) {
  using T = TypeParam;
  const Lasso<T> triangle = lasso_of<T>({{0, 0}, {10, 0}, {0, 10}});
  EXPECT_EQ(selected(triangle, Shape<T>{Point<T>{10, 0}}), (Four{true, true, false, false}));
  EXPECT_EQ(selected(triangle, Shape<T>{Aabb<T>{{10, -5}, {15, 0}}}),
            (Four{true, false, false, false}));
  EXPECT_EQ(selected(triangle, Shape<T>{Segment<T>{{2, 0}, {8, 0}}}),
            (Four{true, true, false, false}));
  EXPECT_EQ(selected(triangle, Shape<T>{Segment<T>{{5, 5}, {2, 8}}}),
            (Four{true, true, false, false}));
  // A box with a corner on the hypotenuse, inside.
  EXPECT_EQ(selected(triangle, Shape<T>{Aabb<T>{{1, 1}, {5, 5}}}), (Four{true, true, true, false}));
  // A triangle sharing the lasso's edge from outside.
  const ConvexPolygon<T> outside = make_polygon<T>({{10, 0}, {10, 10}, {0, 10}}).value();
  EXPECT_EQ(selected(triangle, Shape<T>{outside}), (Four{true, false, false, false}));
  // Repeated points change nothing.
  const Lasso<T> repeated = lasso_of<T>({{0, 0}, {0, 0}, {10, 0}, {10, 0}, {0, 10}, {0, 0}});
  EXPECT_EQ(selected(repeated, Shape<T>{Aabb<T>{{1, 1}, {5, 5}}}), (Four{true, true, true, false}));
}

// Regression (found by fuzz_scene): a box too thin for its corners to span an area at its
// coordinates (half height 1e-20 at y = 5) is the segment its corners make in every exact test, so
// no lasso edge can enter its interior. It was decided by the winding number at its centre: kept
// out of "intersects" with touching excluded when its centre lay outside (though it crosses the
// lasso), and "contained" when its centre lay inside (though it sticks out). Checkable on paper:
// each box is the segment y = 5 from x = cx - 8 to cx + 8 (or cx - 3 to cx + 3).
TYPED_TEST(SceneLasso, BoxesThinnerThanRoundingAreTheirSegment) {
  using T = TypeParam;
  const Lasso<T> square = lasso_of<T>({{0, 0}, {10, 0}, {10, 10}, {0, 10}});
  const auto thin = [](T cx, T half_width) {
    return Shape<T>{Obb<T>{{cx, T(5)}, {half_width, T(1e-20)}, Rot<T>::identity()}};
  };
  EXPECT_EQ(selected(square, thin(T(-5), T(8))), (Four{true, false, true, false}));
  EXPECT_EQ(selected(square, thin(T(5), T(8))), (Four{true, false, true, false}));
  EXPECT_EQ(selected(square, thin(T(5), T(3))), (Four{true, true, true, true}));
  // The same answers as the square itself as a region.
  const ConvexPolygon<T> polygon = make_polygon<T>({{0, 0}, {10, 0}, {10, 10}, {0, 10}}).value();
  for (const T cx : {T(-5), T(5), T(15)}) {
    Scene<T> scene;
    scene.add(thin(cx, T(8)));
    for (const SelectMode mode : {SelectMode::intersects, SelectMode::contains}) {
      for (const bool strict : {false, true}) {
        QueryOptions options;
        options.exclude_touching = strict;
        EXPECT_EQ(scene.select(square, mode, options), scene.select(polygon, mode, options))
            << "cx " << cx << ", mode " << int(mode) << ", strict " << strict;
      }
    }
  }
}

TYPED_TEST(SceneLasso, GroupsAreTheUnionOfTheirParts) {
  using T = TypeParam;
  const Lasso<T> square = lasso_of<T>({{0, 0}, {10, 0}, {10, 10}, {0, 10}});
  Scene<T> scene;
  const std::vector<Shape<T>> inside{Aabb<T>{{1, 1}, {2, 2}}, Circle<T>{{5, 5}, T(1)}};
  const std::vector<Shape<T>> half{Aabb<T>{{1, 1}, {2, 2}}, Circle<T>{{20, 5}, T(1)}};
  const ShapeId a = scene.add_group(inside);
  const ShapeId b = scene.add_group(half);
  auto sorted = [](std::vector<ShapeId> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  EXPECT_EQ(sorted(scene.select(square, SelectMode::intersects)), (std::vector<ShapeId>{a, b}));
  EXPECT_EQ(scene.select(square, SelectMode::contains), (std::vector<ShapeId>{a}));
}

TYPED_TEST(SceneLasso, BadInputIsAClearError) {
  using T = TypeParam;
  const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
  const std::vector<Vec2<T>> with_nan{{0, 0}, {1, 0}, {nan, 1}};
  const auto bad = make_lasso(with_nan);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("point 2"), std::string::npos) << bad.error();
  EXPECT_NE(bad.error().find("nan"), std::string::npos) << bad.error();
  const std::vector<Vec2<T>> with_inf{{0, 0}, {inf, 0}, {1, 1}, {0, 1}};
  EXPECT_NE(make_lasso(with_inf).error().find("point 1"), std::string::npos);
  const std::vector<Vec2<T>> two{{0, 0}, {1, 0}};
  EXPECT_NE(make_lasso(two).error().find("got 2"), std::string::npos);
  EXPECT_THROW(make_lasso(two).value(), InvalidShape);
  Scene<T> scene;
  scene.add(Point<T>{0, 0});
  EXPECT_THROW(scene.select(Lasso<T>{}, SelectMode::intersects), InvalidQuery);
  // A lasso with all its points on one line, or at one point: the path alone.
  const Lasso<T> line = lasso_of<T>({{-1, 0}, {1, 0}, {3, 0}});
  EXPECT_EQ(scene.select(line, SelectMode::contains).size(), 1u);
  const Lasso<T> dot = lasso_of<T>({{0, 0}, {0, 0}, {0, 0}});
  EXPECT_EQ(scene.select(dot, SelectMode::contains).size(), 1u);
  QueryOptions strict;
  strict.exclude_touching = true;
  EXPECT_EQ(scene.select(dot, SelectMode::intersects, strict).size(), 0u);
}

// ---- Seeded random lattice scenes against the brute force ----

template <class T>
class LatticeSource {
 public:
  explicit LatticeSource(std::uint32_t seed) : rng_(seed) {}
  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  Vec2<T> point(int lo, int hi) { return {T(uniform(lo, hi)), T(uniform(lo, hi))}; }

  // Shapes of the kinds the brute force models exactly, on integer coordinates.
  Shape<T> shape() {
    const Vec2<T> c = point(-4, 44);
    switch (uniform(0, 5)) {
      case 0:
        return c;
      case 1:
        return Segment<T>{c, c + point(-8, 8)};
      case 2: {
        const Vec2<T> d = point(0, 10);
        return Aabb<T>{c, c + d};
      }
      case 3: {
        static const Rot<T> exact[] = {{T(1), T(0)}, {T(0), T(1)}, {T(-1), T(0)}, {T(0), T(-1)}};
        return Obb<T>{c, point(0, 6), exact[uniform(0, 3)]};
      }
      default: {
        std::vector<Vec2<T>> points;
        for (int k = 0; k < 5; ++k)
          points.push_back(c + point(-6, 6));
        if (auto hull = make_convex_hull(points)) return hull.value();
        return Segment<T>{c, points[0]};
      }
    }
  }
  // A random walk that closes on itself: crossings, touchings and collinear runs on the lattice.
  std::vector<Vec2<T>> walk(int n) {
    std::vector<Vec2<T>> v{point(0, 40)};
    for (int k = 1; k < n; ++k) {
      Vec2<T> next = v.back() + point(-14, 14);
      next.x = std::clamp(next.x, T(0), T(40)), next.y = std::clamp(next.y, T(0), T(40));
      v.push_back(next);
    }
    return v;
  }
  // A star (simple), possibly traversed twice or in a figure of two loops.
  std::vector<Vec2<T>> star(int n, int loops) {
    std::vector<Vec2<T>> v;
    for (int l = 0; l < loops; ++l) {
      for (int k = 0; k < n; ++k) {
        const double a = 2 * pi<double> * k / n;
        const double r = k % 2 == 0 ? 20 : 8 + 4 * l;
        v.push_back({T(std::round(20 + r * std::cos(a))), T(std::round(20 + r * std::sin(a)))});
      }
    }
    return v;
  }

 private:
  std::mt19937 rng_;
};

template <class T>
void check_against_brute_force(std::uint32_t seed, const std::vector<Vec2<T>>& path,
                               LatticeSource<T>& source, int shapes) {
  const ExactLasso exact(path);
  const Lasso<T> lasso = make_lasso(path).value();
  Scene<T> scene;
  std::vector<std::vector<Shape<T>>> entries;
  for (int i = 0; i < shapes; ++i) {
    std::vector<Shape<T>> parts{source.shape()};
    if (source.uniform(0, 7) == 0) parts.push_back(source.shape());
    const ShapeId id = parts.size() == 1 ? scene.add(parts[0]) : scene.add_group(parts);
    ASSERT_EQ(std::size_t(id), entries.size());
    entries.push_back(parts);
  }
  // Half the scenes query a packed tree, half a dynamic one (shapes added after the build).
  if (seed % 2 == 0) scene.update();
  std::vector<Answers> answers;
  for (const auto& parts : entries)
    answers.push_back(entry_answers(exact, parts));
  for (const bool strict : {false, true}) {
    for (const SelectMode mode : {SelectMode::intersects, SelectMode::contains}) {
      QueryOptions options;
      options.exclude_touching = strict;
      std::vector<ShapeId> got = scene.select(lasso, mode, options);
      std::sort(got.begin(), got.end());
      std::vector<ShapeId> want;
      for (std::size_t i = 0; i < entries.size(); ++i) {
        const Answers& a = answers[i];
        const bool yes = mode == SelectMode::intersects
                             ? (strict ? a.intersects_strict : a.intersects)
                             : (strict ? a.contains_strict : a.contains);
        if (yes) want.push_back(ShapeId(std::uint32_t(i)));
      }
      ASSERT_EQ(got, want) << "seed " << seed << " mode " << int(mode) << " strict " << strict;
    }
  }
}

// Round shapes (circles, capsules, rounded polygons: the hull of the discs about their core's
// vertices) have no exact polygonal model: each is held between two rational polygons, one
// inside it (vertices on the circles at the 12 rational unit vectors of the 3-4-5 triangle) and
// one around it (the tangents there), and every mode is monotone in the shape (a larger shape
// intersects whatever a smaller one does; a smaller one is contained wherever a larger one is).
// So the library's answer must be "yes" when the inner polygon's is for intersects, or the outer
// one's is for contains, and "no" in the opposite cases; in between (within about 5% of the
// radius of the path) either answer is accepted.
std::vector<Q2> unit_vectors() {
  std::vector<Q2> out;
  const mpq_class base[3][2] = {
      {1, 0}, {mpq_class(4, 5), mpq_class(3, 5)}, {mpq_class(3, 5), mpq_class(4, 5)}};
  for (int quarter = 0; quarter < 4; ++quarter) {
    for (const auto& b : base) {
      mpq_class x = b[0], y = b[1];
      for (int k = 0; k < quarter; ++k) {
        const mpq_class t = x;
        x = -y, y = t;
      }
      out.push_back({x, y});
    }
  }
  return out;
}

// The polygon inside (or around) the discs of radius r about the centres: their convex hull.
QShape round_bound(const std::vector<Q2>& centres, const mpq_class& r, bool outside) {
  const std::vector<Q2> u = unit_vectors();
  std::vector<reference::QPoint> points;
  for (const Q2& c : centres) {
    for (std::size_t k = 0; k < u.size(); ++k) {
      const Q2& a = u[k];
      const Q2& b = u[(k + 1) % u.size()];
      // The tangents at a and b meet at (a + b) / (1 + a . b).
      const mpq_class f = outside ? r / (1 + a.x * b.x + a.y * b.y) : r;
      points.push_back(outside ? reference::QPoint{c.x + f * (a.x + b.x), c.y + f * (a.y + b.y)}
                               : reference::QPoint{c.x + f * a.x, c.y + f * a.y});
    }
  }
  std::vector<reference::QPoint> hull;
  reference::convex_hull_into(hull, points);
  QShape out;
  for (const reference::QPoint& p : hull)
    out.v.push_back({p.x, p.y});
  return out;
}

TYPED_TEST(SceneLasso, RoundShapesLieBetweenTheirPolygonBounds) {
  using T = TypeParam;
  int decided = 0;
  for (std::uint32_t seed = 7300; seed < 7304; ++seed) {
    LatticeSource<T> source(seed);
    const std::vector<Vec2<T>> path =
        seed % 2 == 0 ? source.walk(12) : source.star(2 * source.uniform(3, 5), 2);
    const ExactLasso exact(path);
    const Lasso<T> lasso = make_lasso(path).value();
    Scene<T> scene;
    std::vector<std::pair<Answers, Answers>> bounds;  // inner polygon's, outer polygon's
    for (int i = 0; i < 18; ++i) {
      const Vec2<T> a = source.point(0, 40);
      const T r = T(source.uniform(1, 5));
      std::vector<Q2> centres{{a.x, a.y}};
      if (i % 3 == 0) {
        scene.add(Circle<T>{a, r});
      } else if (i % 3 == 1) {
        const Vec2<T> b = a + source.point(-6, 6);
        scene.add(Capsule<T>{a, b, r});
        centres.push_back({b.x, b.y});
      } else {  // a rounded box on the lattice
        const Vec2<T> size = source.point(1, 6);
        const RoundedPolygon<T> box{
            make_polygon<T>({a, a + Vec2<T>{size.x, 0}, a + size, a + Vec2<T>{0, size.y}}).value(),
            r};
        scene.add(box);
        for (int k = 1; k < 4; ++k)
          centres.push_back({box.core.vertices[k].x, box.core.vertices[k].y});
      }
      bounds.emplace_back(exact.answer(round_bound(centres, r, false)),
                          exact.answer(round_bound(centres, r, true)));
    }
    for (const bool strict : {false, true}) {
      for (const SelectMode mode : {SelectMode::intersects, SelectMode::contains}) {
        QueryOptions options;
        options.exclude_touching = strict;
        const std::vector<ShapeId> got = scene.select(lasso, mode, options);
        for (std::size_t i = 0; i < bounds.size(); ++i) {
          auto pick = [&](const Answers& a) {
            return mode == SelectMode::intersects ? (strict ? a.intersects_strict : a.intersects)
                                                  : (strict ? a.contains_strict : a.contains);
          };
          const bool in = pick(bounds[i].first), out = pick(bounds[i].second);
          const bool yes = mode == SelectMode::intersects ? in : out;   // certainly selected
          const bool no = mode == SelectMode::intersects ? !out : !in;  // certainly not
          const bool selected =
              std::find(got.begin(), got.end(), ShapeId(std::uint32_t(i))) != got.end();
          if (yes) {
            EXPECT_TRUE(selected) << "seed " << seed << " shape " << i;
          }
          if (no) {
            EXPECT_FALSE(selected) << "seed " << seed << " shape " << i;
          }
          decided += yes || no ? 1 : 0;
        }
      }
    }
  }
  // The bounds are close: most answers are decided by them.
  EXPECT_GT(decided, 4 * 4 * 18 * 3 / 4);
}

// The lasso's own overlaps_interior(Segment, Obb) (segment_box_interior.hpp) must answer as the
// library's, bit for bit: lattice boxes with exact rotations and segments through their corners,
// along their edges and ending on them (where the strict sign tests decide), boxes a few ulps
// wide, and random float coordinates far from the origin.
TYPED_TEST(SceneLasso, SegmentBoxInteriorTestMatchesOverlapsInterior) {
  using T = TypeParam;
  std::mt19937 rng(5150);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto real = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  };
  const Rot<T> exact_rotations[] = {{T(1), T(0)},      {T(0), T(1)},        {T(0.6), T(0.8)},
                                    {T(-0.8), T(0.6)}, {T(0.28), T(-0.96)}, {T(-1), T(0)}};
  int agree = 0, entering = 0;
  for (int k = 0; k < 200000; ++k) {
    Obb<T> box;
    Segment<T> s;
    if (k % 2 == 0) {  // lattice: segments between corners, edge points and nearby points
      box.center = {T(pick(-8, 8)), T(pick(-8, 8))};
      box.half_extents = {T(pick(1, 5)) * T(5), T(pick(1, 5)) * T(5)};
      box.rotation = exact_rotations[pick(0, 5)];
      Vec2<T> corners[4];
      const int sx[] = {-1, 1, 1, -1}, sy[] = {-1, -1, 1, 1};
      for (int c = 0; c < 4; ++c) {
        corners[c] = box.center + rotate(box.rotation, Vec2<T>{T(sx[c]) * box.half_extents.x,
                                                               T(sy[c]) * box.half_extents.y});
      }
      auto point = [&]() -> Vec2<T> {
        switch (pick(0, 3)) {
          case 0:
            return corners[pick(0, 3)];
          case 1: {  // the middle of an edge, or a corner moved along it
            const int c = pick(0, 3);
            return corners[c] + (corners[(c + 1) % 4] - corners[c]) * T(0.5);
          }
          case 2:
            return box.center;
          default:
            return {T(pick(-40, 40)), T(pick(-40, 40))};
        }
      };
      s = {point(), point()};
    } else {  // random coordinates, small boxes far out, boxes a few ulps wide
      const double far = k % 6 == 1 ? 1e6 : k % 6 == 3 ? 1.0 : 3e4;
      const double size = k % 10 == 5 ? 1e-6 * far : real(0.001, 0.05) * far;
      const Vec2<T> c{T(real(-far, far)), T(real(-far, far))};
      box.center = c;
      box.half_extents = {T(real(0.0, 1.0) * size), T(real(0.0, 1.0) * size)};
      box.rotation = Rot<T>::from_angle(T(real(-3.2, 3.2)));
      auto near = [&]() {
        return Vec2<T>{T(double(c.x) + real(-3, 3) * size), T(double(c.y) + real(-3, 3) * size)};
      };
      s = {near(), near()};
      if (k % 14 == 7) s.b = s.a;
    }
    const bool expected = overlaps_interior(s, box);
    const bool got = detail::segment_obb_interiors_meet(s, box);
    ASSERT_EQ(got, expected) << "case " << k << " segment (" << s.a.x << ", " << s.a.y << ") - ("
                             << s.b.x << ", " << s.b.y << ") box centre (" << box.center.x << ", "
                             << box.center.y << ") half (" << box.half_extents.x << ", "
                             << box.half_extents.y << ") rotation (" << box.rotation.c << ", "
                             << box.rotation.s << ")";
    ++agree;
    entering += expected ? 1 : 0;
  }
  // Both answers are common.
  EXPECT_GT(entering, 20000);
  EXPECT_LT(entering, 180000);
  EXPECT_EQ(agree, 200000);
}

// The winding number of each empty cell of the lasso's grid is carried along the grid's rows
// (lasso_index.cpp); at any point of an empty cell it must be the one the row scan gives there.
// Lattice walks and stars (vertices and collinear runs on cell boundaries and centres) and random
// wobbly paths at float coordinates.
TYPED_TEST(SceneLasso, CarriedCellWindingsMatchTheRowScan) {
  using T = TypeParam;
  int known = 0, filled = 0;
  for (std::uint32_t seed = 8800; seed < 8840; ++seed) {
    LatticeSource<T> source(seed);
    std::vector<Vec2<T>> path;
    if (seed % 3 == 0) {
      path = source.walk(source.uniform(6, 40));
    } else if (seed % 3 == 1) {
      path = source.star(2 * source.uniform(3, 8), 1 + int(seed % 2));
    } else {
      std::mt19937 rng(seed);
      std::uniform_real_distribution<double> turn(0.7, 1.3);
      const int n = 50 + int(seed % 150);
      for (int k = 0; k < n; ++k) {
        const double a = 6.283185307179586 * k / n, r = 300 * turn(rng);
        path.push_back({T(1e3 + r * std::cos(a)), T(-2e3 + r * std::sin(a))});
      }
    }
    const detail::LassoIndex<T> index(path);
    std::mt19937 rng(seed);
    const double x0 = double(index.min_x()), x1 = double(index.max_x());
    const double y0 = double(index.min_y()), y1 = double(index.max_y());
    std::uniform_real_distribution<double> ux(x0 - 1, x1 + 1), uy(y0 - 1, y1 + 1);
    for (int k = 0; k < 4000; ++k) {
      const Vec2<double> q{k % 2 == 0 ? std::round(ux(rng) * 4) / 4 : ux(rng),
                           k % 2 == 0 ? std::round(uy(rng) * 4) / 4 : uy(rng)};
      int w = 0;
      if (!index.known_winding(q, w)) continue;
      ASSERT_EQ(w, index.winding(q)) << "seed " << seed << " at (" << q.x << ", " << q.y << ")";
      ++known;
      filled += w != 0 ? 1 : 0;
    }
  }
  EXPECT_GT(known, 40000);
  EXPECT_GT(filled, 5000);
}

TYPED_TEST(SceneLasso, RandomLatticeScenesMatchTheBruteForce) {
  using T = TypeParam;
  const long scenes = env_count("COLLIDE2D_LASSO_SCENES", 12);
  for (long k = 0; k < scenes; ++k) {
    const auto seed = std::uint32_t(4100 + k);
    LatticeSource<T> source(seed);
    std::vector<Vec2<T>> path;
    switch (k % 4) {
      case 0:
        path = source.walk(source.uniform(3, 8));
        break;
      case 1:
        path = source.walk(source.uniform(10, 24));
        break;
      case 2:
        path = source.star(2 * source.uniform(3, 6), 1);
        break;
      default:
        path = source.star(2 * source.uniform(3, 5), 2);
        break;
    }
    check_against_brute_force<T>(seed, path, source, 60);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace c2s
