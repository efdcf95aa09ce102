// The fast shape checks (scene_input_fine, ray_fine: no message built; detail/shape_checks.hpp)
// against the checks that give the message (validation_message, and a finite bounding box as the
// Scene requires): they must agree on every shape, valid or not, or a bad shape would pass
// validation_error and Scene::add (fine says yes where the message is not empty), or a good one go
// down the slow path for nothing. Seeded shapes of every kind,
// their numbers drawn from the values at the edges of each rule (NaN, infinities, subnormals,
// the smallest normal, an eighth of the largest finite value and the values either side, the
// largest finite value, zeros of both signs), convex polygons spoiled one way at a time, and
// rotations and normals either side of the tolerance.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "broadphase/packed_tree_access.hpp"
#include "collide2d/collide2d.hpp"
#include "detail/shape_checks.hpp"

namespace scene_input_check_test {
namespace {

using namespace collide2d;

template <class T>
class SceneInputCheck : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SceneInputCheck, Scalars);

template <class T>
class Numbers {
 public:
  explicit Numbers(std::uint64_t seed) : rng_(seed) {
    using L = std::numeric_limits<T>;
    const T eighth = L::max() / T(8);
    edges_ = {T(0),
              -T(0),
              T(1),
              T(-2.5),
              T(1000),
              L::quiet_NaN(),
              L::infinity(),
              -L::infinity(),
              L::denorm_min(),
              -L::denorm_min() * T(3),
              L::min(),
              -L::min(),
              eighth,
              std::nextafter(eighth, L::max()),
              -std::nextafter(eighth, L::max()),
              std::nextafter(eighth, T(0)),
              L::max(),
              -L::max(),
              L::max() / T(2),
              L::epsilon()};
  }
  // Mostly ordinary numbers, an edge value one time in four.
  T any() {
    if (pick(4) == 0) return edges_[pick(int(edges_.size()))];
    return T(std::uniform_real_distribution<double>(-100, 100)(rng_));
  }
  T size() {
    const T v = any();
    return pick(3) == 0 ? v : std::fabs(v);
  }
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng_);
  }

 private:
  std::mt19937_64 rng_;
  std::vector<T> edges_;
};

template <class T>
Vec2<T> any_point(Numbers<T>& n) {
  return {n.any(), n.any()};
}

// A unit rotation, one spoiled by a little more or less than the tolerance, or garbage.
template <class T>
Rot<T> any_rotation(Numbers<T>& n) {
  const double a = n.uniform(-4, 4);
  Rot<T> q{T(std::cos(a)), T(std::sin(a))};
  switch (n.pick(5)) {
    case 0:
      q.c *= T(1) + T(0.4) * std::sqrt(rotation_tolerance<T>());
      break;
    case 1:
      q.c *= T(1) + T(0.6) * rotation_tolerance<T>();
      break;
    case 2:
      q = {n.any(), n.any()};
      break;
    default:
      break;
  }
  return q;
}

// A convex polygon around a point, possibly far out or huge, then spoiled one way at random.
template <class T>
ConvexPolygon<T> any_polygon(Numbers<T>& n) {
  const int count = 3 + n.pick(max_polygon_vertices - 2);
  const double cx = n.uniform(-50, 50), cy = n.uniform(-50, 50), r = n.uniform(0.5, 20);
  std::vector<Vec2<T>> ring;
  for (int i = 0; i < count; ++i) {
    const double a = 6.283185307179586 * (i + n.uniform(0.1, 0.9)) / count;
    ring.push_back({T(cx + r * std::cos(a)), T(cy + r * std::sin(a))});
  }
  const Built<ConvexPolygon<T>> built = make_polygon(ring.data(), ring.size());
  if (!built) return {};
  ConvexPolygon<T> p = built.value();
  const int i = n.pick(p.count), j = (i + 1) % p.count;
  switch (n.pick(9)) {
    case 0:
      p.vertices[i] = p.vertices[j];  // a repeated point
      break;
    case 1:
      std::swap(p.vertices[i], p.vertices[j]);  // clockwise or crossing
      break;
    case 2:
      p.vertices[i] = any_point(n);  // anything, edge values included
      break;
    case 3:
      p.normals[i] = {p.normals[i].y, -p.normals[i].x};  // a wrong normal
      break;
    case 4:
      p.normals[i].x *= T(1) + T(2) * rotation_tolerance<T>();  // just off, or within
      break;
    case 5:
      p.count = n.pick(2) == 0 ? 2 : max_polygon_vertices + 1;
      break;
    case 6:  // the midpoint of an edge: collinear, or nearly
      p.vertices[j] = (p.vertices[i] + p.vertices[(j + 1) % p.count]) * T(0.5);
      break;
    default:
      break;
  }
  return p;
}

template <class T>
Shape<T> any_shape(Numbers<T>& n) {
  switch (n.pick(8)) {
    case 0:
      return any_point(n);
    case 1:
      return Segment<T>{any_point(n), any_point(n)};
    case 2:
      return Circle<T>{any_point(n), n.size()};
    case 3:
      return Capsule<T>{any_point(n), any_point(n), n.size()};
    case 4: {
      Vec2<T> lo = any_point(n), hi = any_point(n);
      if (n.pick(3) != 0) std::swap(lo.x, hi.x);
      return Aabb<T>{lo, hi};
    }
    case 5:
      return Obb<T>{any_point(n), {n.size(), n.size()}, any_rotation(n)};
    case 6:
      return any_polygon(n);
    default:
      return RoundedPolygon<T>{any_polygon(n), n.size()};
  }
}

// What the Scene requires, by the message path alone.
template <class T>
std::string slow_error(const Shape<T>& shape) {
  std::string error = detail::validation_message(shape);
  if (error.empty()) {
    const Aabb<T> box = std::visit([](const auto& s) { return bounding_box(s); }, shape);
    if (!is_finite(box.min) || !is_finite(box.max)) error = "its bounding box overflows";
  }
  return error;
}

TYPED_TEST(SceneInputCheck, FastCheckAgreesWithTheMessage) {
  using T = TypeParam;
  Numbers<T> numbers(20261129);
  int fine = 0, refused = 0;
  for (int c = 0; c < 40000; ++c) {
    const Shape<T> shape = any_shape(numbers);
    const bool quick = detail::scene_input_fine(shape);
    const std::string error = slow_error(shape);
    ASSERT_EQ(quick, error.empty()) << "case " << c << ", kind " << shape.index() << ": " << error;
    // The public check: the message path's answer, whichever path gave it.
    ASSERT_EQ(validation_error(shape), detail::validation_message(shape)) << "case " << c;
    ++(quick ? fine : refused);
  }
  // Both verdicts well represented, so that agreement means something either way.
  EXPECT_GT(fine, 8000);
  EXPECT_GT(refused, 8000);
}

TYPED_TEST(SceneInputCheck, RayCheckAgreesWithTheMessage) {
  using T = TypeParam;
  Numbers<T> numbers(7);
  int fine = 0, refused = 0;
  for (int c = 0; c < 10000; ++c) {
    Ray<T> ray{any_point(numbers), any_point(numbers), numbers.size()};
    if (numbers.pick(4) == 0) ray.direction = {T(0), numbers.pick(2) == 0 ? T(0) : -T(0)};
    const std::string error = detail::validation_message(ray);
    ASSERT_EQ(detail::ray_fine(ray), error.empty()) << "case " << c << ": " << error;
    ASSERT_EQ(validation_error(ray), error) << "case " << c;
    ++(error.empty() ? fine : refused);
  }
  EXPECT_GT(fine, 1000);
  EXPECT_GT(refused, 1000);
}

// The fast convexity verdict (detail::convex_ccw_ok: no index wraps, no search for repeated
// points) against the fault finder the message is built from, on outlines of every sort: convex
// rings, stars that wind around twice, points from a small grid (repeats and collinear runs, next
// to each other or not), rings spoiled by an edge value, and rings far out where differences
// overflow.
template <class T>
std::vector<Vec2<T>> any_outline(Numbers<T>& n) {
  using L = std::numeric_limits<T>;
  const int count = 3 + n.pick(max_polygon_vertices - 2);
  std::vector<Vec2<T>> v;
  const double cx = n.uniform(-50, 50), cy = n.uniform(-50, 50), r = n.uniform(0.5, 20);
  const int shape = n.pick(6);
  const int step = shape == 1 ? 2 : 1;  // a star: every second point, round twice
  for (int i = 0; i < count; ++i) {
    const double a = 6.283185307179586 * step * (i + n.uniform(0.1, 0.9)) / count;
    v.push_back({T(cx + r * std::cos(a)), T(cy + r * std::sin(a))});
  }
  switch (shape) {
    case 2:  // a small grid: repeats and collinear points, adjacent or not
      for (Vec2<T>& p : v)
        p = {T(n.pick(3)), T(n.pick(3))};
      break;
    case 3:  // one point repeated further on, or an edge value
      v[std::size_t(n.pick(count))] = n.pick(2) == 0 ? v[std::size_t(n.pick(count))] : any_point(n);
      break;
    case 4:  // far out: the differences overflow
      for (Vec2<T>& p : v)
        p = {p.x * L::max() / T(40), p.y * L::max() / T(40)};
      break;
    case 5:  // two neighbours swapped: clockwise or crossing
      std::swap(v[0], v[std::size_t(1 + n.pick(count - 1))]);
      break;
    default:
      break;
  }
  return v;
}

TYPED_TEST(SceneInputCheck, FastConvexityAgreesWithTheFaults) {
  using T = TypeParam;
  Numbers<T> numbers(15);
  int verdicts[2] = {0, 0};  // refused, fine: both well represented
  for (int c = 0; c < 60000; ++c) {
    const std::vector<Vec2<T>> v = any_outline(numbers);
    const int count = int(v.size());
    const bool slow = detail::convex_ccw_fault(v.data(), count).kind == detail::ConvexFault::none;
    ASSERT_EQ(detail::convex_ccw_ok(v.data(), count), slow) << "case " << c << ", " << count;
    ++verdicts[slow];
  }
  EXPECT_GT(std::min(verdicts[0], verdicts[1]), 10000);  // about 12,600
}

// The packed tree's check of its item boxes (all at once, no message; broadphase/packed_tree.cpp)
// against check_query_box box by box: the same verdict, and for a bad box the first bad box's
// message. Boxes of edge values (NaN, infinities, -0, the largest finite) and inverted boxes.
TYPED_TEST(SceneInputCheck, TreeItemCheckAgreesWithCheckQueryBox) {
  using T = TypeParam;
  Numbers<T> numbers(16);
  int verdicts[2] = {0, 0};  // refused, fine
  for (int c = 0; c < 4000; ++c) {
    std::vector<Aabb<T>> boxes(std::size_t(1 + numbers.pick(40)));
    for (Aabb<T>& b : boxes) {
      const T x = T(numbers.uniform(-100, 100)), y = T(numbers.uniform(-100, 100));
      b = {{x, y}, {x + T(numbers.uniform(0, 5)), y + T(numbers.uniform(0, 5))}};
      if (numbers.pick(60) == 0) b.min.x = numbers.any();
      if (numbers.pick(60) == 0) b.max.y = numbers.any();
      if (numbers.pick(120) == 0) std::swap(b.min.y, b.max.y);
    }
    std::string expected;
    for (const Aabb<T>& b : boxes) {
      try {
        check_query_box(b, "PackedTree item box");
      } catch (const InvalidQuery& e) {
        expected = e.what();
        break;
      }
    }
    std::string got;
    try {
      (void)detail::PackedTreeView<T>::build_in_place(
          boxes.size(), 4, [&](T* x0, T* y0, T* x1, T* y1) {
            for (std::size_t i = 0; i < boxes.size(); ++i) {
              x0[i] = boxes[i].min.x, y0[i] = boxes[i].min.y;
              x1[i] = boxes[i].max.x, y1[i] = boxes[i].max.y;
            }
          });
    } catch (const InvalidQuery& e) {
      got = e.what();
    }
    ASSERT_EQ(got, expected) << "case " << c;
    ++verdicts[expected.empty()];
  }
  EXPECT_GT(std::min(verdicts[0], verdicts[1]), 1000);
}

// By hand: the boundary of the overflow rule (a box whose corners overflow though every number
// is finite) and the tolerance of a rotation.
TYPED_TEST(SceneInputCheck, EdgesByHand) {
  using T = TypeParam;
  using L = std::numeric_limits<T>;
  int line = 0;
  const auto agree = [&line](const Shape<T>& s, bool expected) {
    ++line;
    EXPECT_EQ(detail::scene_input_fine(s), expected) << "case " << line;
    EXPECT_EQ(slow_error(s).empty(), expected) << "case " << line;
  };
  agree(Circle<T>{{L::max(), T(0)}, T(1)}, true);              // max + 1 rounds to max
  agree(Circle<T>{{L::max(), T(0)}, L::max() / T(2)}, false);  // its box overflows
  agree(Capsule<T>{{-L::max(), T(0)}, {L::max(), T(0)}, L::max() / T(4)}, false);
  // Corners at x = max / 2 + 0.6 max: past the range; centred at 0 they are finite.
  agree(Obb<T>{{L::max() / T(2), T(0)}, {L::max(), T(1)}, {T(0.6), T(0.8)}}, false);
  agree(Obb<T>{{T(0), T(0)}, {L::max(), T(1)}, {T(0.6), T(0.8)}}, true);
  agree(Obb<T>{{T(0), T(0)}, {T(1), T(1)}, {T(0.6), T(0.8)}}, true);
  agree(Obb<T>{{T(0), T(0)}, {T(1), -T(0)}, {T(1), T(0)}}, true);  // -0 is a size of 0
  agree(Obb<T>{{T(0), T(0)}, {T(1), T(1)}, {T(0.61), T(0.8)}}, false);
  agree(Segment<T>{{L::denorm_min(), T(0)}, {T(1), T(1)}}, false);
  agree(Point<T>{-L::max(), L::max()}, true);
}

}  // namespace
}  // namespace scene_input_check_test
