// Hand cases of box_formats.hpp (the detection libraries' box conventions, worked out on paper in
// the header's table) and of giou, diou and ciou (area.hpp), float and double. The random and
// lattice comparisons with exact rationals are in tests/property/box_similarity_test.cpp.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace c2t {
namespace {

template <class T>
class BoxFormatsTest : public ::testing::Test {};
TYPED_TEST_SUITE(BoxFormatsTest, Scalars);

template <class T>
T tolerance() {
  return std::is_same_v<T, float> ? T(2e-5) : T(1e-12);
}

// The four corners of a quad's 8 numbers, sorted, for comparing sets of corners.
template <class T>
std::vector<Vec2<T>> corner_set(const std::array<T, 8>& q) {
  std::vector<Vec2<T>> out;
  for (int i = 0; i < 4; ++i)
    out.push_back({q[static_cast<std::size_t>(2 * i)], q[static_cast<std::size_t>(2 * i + 1)]});
  std::sort(out.begin(), out.end(),
            [](Vec2<T> a, Vec2<T> b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  return out;
}

template <class T>
void expect_same_corners(const std::vector<Vec2<T>>& a, const std::vector<Vec2<T>>& b, T tol) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_NEAR(a[i].x, b[i].x, tol) << "corner " << i;
    EXPECT_NEAR(a[i].y, b[i].y, tol) << "corner " << i;
  }
}

// The header's worked example: w 10, h 5, centre (0, 0), cos 0.8, sin 0.6 (36.87 degrees); the
// end of the width axis, in the frame's coordinates, for each convention.
TYPED_TEST(BoxFormatsTest, WorkedExampleOfTheHeader) {
  using T = TypeParam;
  const T degrees = T(std::atan2(3.0, 4.0) * 180.0 / 3.14159265358979323846);
  struct Row {
    BoxConvention convention;
    Vec2<T> end;  // in the frame's coordinates
    Rot<T> rotation;
  };
  const Row rows[] = {
      {{AngleUnit::degrees, Frame::y_up, Winding::ccw}, V<T>(4, 3), {T(0.8), T(0.6)}},
      {{AngleUnit::degrees, Frame::y_up, Winding::cw}, V<T>(4, -3), {T(0.8), T(-0.6)}},
      {{AngleUnit::degrees, Frame::y_down, Winding::cw}, V<T>(4, 3), {T(0.8), T(-0.6)}},
      {{AngleUnit::degrees, Frame::y_down, Winding::ccw}, V<T>(4, -3), {T(0.8), T(0.6)}},
  };
  for (const Row& row : rows) {
    const Obb<T> box = make_obb_from(T(0), T(0), T(10), T(5), degrees, row.convention).value();
    EXPECT_NEAR(box.rotation.c, row.rotation.c, tolerance<T>());
    EXPECT_NEAR(box.rotation.s, row.rotation.s, tolerance<T>());
    const Vec2<T> end = box.center + box.half_extents.x * box.rotation.x_axis();
    const T frame_y = row.convention.frame == Frame::y_down ? -end.y : end.y;
    EXPECT_NEAR(end.x, row.end.x, 8 * tolerance<T>());
    EXPECT_NEAR(frame_y, row.end.y, 8 * tolerance<T>());
  }
  EXPECT_EQ(conventions::opencv_rotated_rect, (rows[2].convention));
  EXPECT_EQ(conventions::detectron2, (rows[3].convention));
}

// The sign mistake: OpenCV's RotatedRect((10, 20), (4, 2), 30) in image coordinates, corners
// worked out on paper with u = (cos 30, sin 30) (its width axis, clockwise on the screen) and
// v = (-sin 30, cos 30): centre +- 2 u +- v. detectron2's box of the same five numbers is its
// mirror image across the row y = 20.
TYPED_TEST(BoxFormatsTest, ThirtyDegreesInImageCoordinates) {
  using T = TypeParam;
  const double r3 = std::sqrt(3.0);
  const std::vector<Vec2<T>> opencv_corners = {
      V<T>(10 - r3 - 0.5, 20 - 1 + r3 / 2), V<T>(10 - r3 + 0.5, 20 - 1 - r3 / 2),
      V<T>(10 + r3 - 0.5, 20 + 1 + r3 / 2), V<T>(10 + r3 + 0.5, 20 + 1 - r3 / 2)};
  const Obb<T> cv =
      make_obb_from(T(10), T(20), T(4), T(2), T(30), conventions::opencv_rotated_rect).value();
  expect_same_corners(corner_set(to_quad(cv, Frame::y_down, Winding::cw)), opencv_corners,
                      8 * tolerance<T>());
  // In the library's frame: the centre mirrored, the box turned clockwise by 30 degrees.
  EXPECT_EQ(cv.center, V<T>(10, -20));
  EXPECT_NEAR(cv.rotation.angle(), T(-3.14159265358979323846 / 6), tolerance<T>());

  std::vector<Vec2<T>> mirrored;
  for (const Vec2<T> p : opencv_corners)
    mirrored.push_back({p.x, T(40) - p.y});
  std::sort(mirrored.begin(), mirrored.end(),
            [](Vec2<T> a, Vec2<T> b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  const Obb<T> d2 = make_obb_from(T(10), T(20), T(4), T(2), T(30), conventions::detectron2).value();
  expect_same_corners(corner_set(to_quad(d2, Frame::y_down, Winding::cw)), mirrored,
                      8 * tolerance<T>());
  // mmcv's radians, clockwise in image coordinates, is OpenCV's box.
  const Obb<T> mm =
      make_obb_from(T(10), T(20), T(4), T(2), T(3.14159265358979323846 / 6), conventions::mmcv)
          .value();
  expect_same_corners(corner_set(to_quad(mm, Frame::y_down, Winding::cw)), opencv_corners,
                      8 * tolerance<T>());
}

// Quarter turns in degrees are exact: integer corners stay integers, in every convention.
TYPED_TEST(BoxFormatsTest, QuarterTurnsAreExact) {
  using T = TypeParam;
  const Obb<T> cv =
      make_obb_from(T(10), T(20), T(4), T(2), T(90), conventions::opencv_rotated_rect).value();
  EXPECT_EQ(cv.center, V<T>(10, -20));
  EXPECT_EQ(cv.half_extents, V<T>(2, 1));
  EXPECT_EQ(cv.rotation, three_quarter_turn<T>);
  // On the screen the box is 2 wide and 4 tall: x in [9, 11], y in [18, 22].
  const std::array<T, 8> q = to_quad(cv, Frame::y_down, Winding::cw);
  const std::array<T, 8> expected = {T(11), T(18), T(11), T(22), T(9), T(22), T(9), T(18)};
  EXPECT_EQ(q, expected);  // from the top-right on screen, the width axis pointing down
  for (const T angle : {T(-270), T(-180), T(-90), T(0), T(90), T(180), T(270), T(360), T(720)}) {
    const Rot<T> r = rotation_of(angle, AngleUnit::degrees);
    EXPECT_EQ(r.c * r.c + r.s * r.s, T(1)) << angle;
    EXPECT_TRUE(r.c == T(0) || r.s == T(0)) << angle;
  }
  EXPECT_EQ(rotation_of(T(-90), AngleUnit::degrees), three_quarter_turn<T>);
  EXPECT_EQ(rotation_of(T(450), AngleUnit::degrees), quarter_turn<T>);
}

// to_cxcywha inverts make_obb_from in every convention: exactly for quarter turns in degrees,
// to rounding otherwise.
TYPED_TEST(BoxFormatsTest, RoundTrips) {
  using T = TypeParam;
  std::vector<BoxConvention> all;
  for (const AngleUnit u : {AngleUnit::radians, AngleUnit::degrees})
    for (const Frame f : {Frame::y_up, Frame::y_down})
      for (const Winding w : {Winding::ccw, Winding::cw})
        all.push_back({u, f, w});
  for (const BoxConvention c : all) {
    const T full = c.unit == AngleUnit::degrees ? T(360) : T(2 * 3.14159265358979323846);
    for (int k = -8; k <= 8; ++k) {
      const T angle = full * T(k) / T(16) + (k % 2 ? T(0) : full / T(100));
      const Obb<T> box = make_obb_from(T(3), T(-7), T(6), T(2), angle, c).value();
      const Cxcywha<T> n = to_cxcywha(box, c);
      EXPECT_EQ(n.cx, T(3));
      EXPECT_EQ(n.cy, T(-7));
      EXPECT_EQ(n.w, T(6));
      EXPECT_EQ(n.h, T(2));
      const Obb<T> again = make_obb_from(n.cx, n.cy, n.w, n.h, n.angle, c).value();
      EXPECT_EQ(again.center, box.center);
      EXPECT_NEAR(again.rotation.c, box.rotation.c, tolerance<T>());
      EXPECT_NEAR(again.rotation.s, box.rotation.s, tolerance<T>());
      // Through the 8-number form, both windings.
      for (const Winding w : {Winding::ccw, Winding::cw}) {
        const std::array<T, 8> q = to_quad(box, c.frame, w);
        const Obb<T> from_quad = make_obb_from_quad(q.data(), c.frame).value();
        EXPECT_NEAR(from_quad.center.x, box.center.x, 8 * tolerance<T>());
        EXPECT_NEAR(from_quad.center.y, box.center.y, 8 * tolerance<T>());
        EXPECT_NEAR(from_quad.half_extents.x, box.half_extents.x, 8 * tolerance<T>());
        EXPECT_NEAR(from_quad.half_extents.y, box.half_extents.y, 8 * tolerance<T>());
        EXPECT_NEAR(from_quad.rotation.c, box.rotation.c, tolerance<T>());
        EXPECT_NEAR(from_quad.rotation.s, box.rotation.s, tolerance<T>());
      }
    }
    // Quarter turns in degrees: bit for bit.
    if (c.unit == AngleUnit::degrees) {
      for (const T angle : {T(-90), T(0), T(90), T(180)}) {
        const Obb<T> box = make_obb_from(T(3), T(-7), T(6), T(2), angle, c).value();
        EXPECT_EQ(to_cxcywha(box, c).angle,
                  angle == T(180) && c.winding == Winding::cw ? T(-180) : angle);
        for (const Winding w : {Winding::ccw, Winding::cw}) {
          const Obb<T> q = make_obb_from_quad(to_quad(box, c.frame, w).data(), c.frame).value();
          EXPECT_EQ(q.center, box.center);
          EXPECT_EQ(q.half_extents, box.half_extents);
          EXPECT_EQ(q.rotation, box.rotation);
        }
      }
    }
  }
}

// DOTA's form: corners clockwise on the image from the top-left. Given clockwise or
// counter-clockwise, the same set comes out; the width runs from corner 1 to corner 2.
TYPED_TEST(BoxFormatsTest, QuadInEitherWinding) {
  using T = TypeParam;
  const T cw[8] = {T(0), T(0), T(4), T(0), T(4), T(2), T(0), T(2)};  // clockwise on screen
  const Obb<T> a = make_obb_from_quad(cw, Frame::y_down).value();
  EXPECT_EQ(a.center, V<T>(2, -1));
  EXPECT_EQ(a.half_extents, V<T>(2, 1));
  EXPECT_EQ(a.rotation, no_turn<T>);
  const T ccw[8] = {T(0), T(0), T(0), T(2), T(4), T(2), T(4), T(0)};
  const Obb<T> b = make_obb_from_quad(ccw, Frame::y_down).value();
  EXPECT_EQ(b.center, V<T>(2, -1));
  EXPECT_EQ(b.half_extents, V<T>(1, 2));  // width from (0, 0) to (0, 2): down the screen
  EXPECT_EQ(b.rotation, three_quarter_turn<T>);
  EXPECT_EQ(iou(a, b), T(1));
  // The polygon form: counter-clockwise in the library's frame whatever the given winding.
  for (const T* q : {cw, ccw}) {
    const ConvexPolygon<T> p = make_polygon_from_quad(q, Frame::y_down).value();
    EXPECT_EQ(area(p), T(8));
    EXPECT_EQ(iou(p, a), T(1));
  }
  // A general convex quadrilateral is a polygon, not a box.
  const T kite[8] = {T(0), T(0), T(4), T(0), T(5), T(2), T(0), T(2)};
  EXPECT_EQ(area(make_polygon_from_quad(kite, Frame::y_up).value()), T(9));
  const auto not_box = make_obb_from_quad(kite, Frame::y_up);
  ASSERT_FALSE(not_box);
  EXPECT_NE(not_box.error().find("is not a rectangle: corner 2 (4, 0) is 0.5"), std::string::npos)
      << not_box.error();
  EXPECT_NE(not_box.error().find("make_polygon_from_quad"), std::string::npos);
}

TYPED_TEST(BoxFormatsTest, BadInputIsRefusedWithTheValue) {
  using T = TypeParam;
  const auto has = [](const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
  };
  const BoxConvention c = conventions::opencv_rotated_rect;
  EXPECT_TRUE(has(make_obb_from(nan<T>, T(1), T(1), T(1), T(0), c).error(), "centre (nan, 1)"));
  EXPECT_TRUE(has(make_obb_from(T(1), inf<T>, T(1), T(1), T(0), c).error(), "centre (1, inf)"));
  EXPECT_TRUE(has(make_obb_from(T(1), T(1), T(-2), T(1), T(0), c).error(), "width is -2"));
  EXPECT_TRUE(has(make_obb_from(T(1), T(1), T(1), nan<T>, T(0), c).error(), "height is nan"));
  EXPECT_TRUE(has(make_obb_from(T(1), T(1), T(1), T(1), inf<T>, c).error(), "angle is inf"));

  const T with_nan[8] = {T(0), T(0), T(4), nan<T>, T(4), T(2), T(0), T(2)};
  EXPECT_TRUE(has(make_obb_from_quad(with_nan, Frame::y_down).error(), "corner 2 (4, nan)"));
  EXPECT_TRUE(has(make_polygon_from_quad(with_nan, Frame::y_down).error(), "corner 2 (4, nan)"));
  const T flat[8] = {T(0), T(0), T(1), T(1), T(2), T(2), T(3), T(3)};
  EXPECT_TRUE(has(make_obb_from_quad(flat, Frame::y_up).error(), "has no area"));
  EXPECT_TRUE(has(make_polygon_from_quad(flat, Frame::y_up).error(), "has no area"));
  const T bow_tie[8] = {T(0), T(0), T(4), T(2), T(4), T(0), T(0), T(2)};  // no area either
  EXPECT_FALSE(make_obb_from_quad(bow_tie, Frame::y_up));
  EXPECT_FALSE(make_polygon_from_quad(bow_tie, Frame::y_up));
  const T dart[8] = {T(0), T(0), T(4), T(0), T(1), T(1), T(0), T(4)};  // reflex at (1, 1)
  const auto d = make_polygon_from_quad(dart, Frame::y_up);
  ASSERT_FALSE(d);
  EXPECT_TRUE(has(d.error(), "quadrilateral (0, 0, 4, 0, 1, 1, 0, 4)")) << d.error();
  EXPECT_FALSE(make_obb_from_quad(dart, Frame::y_up));
}

// ---- giou, diou, ciou: hand cases ----

template <class T>
class BoxSimilarityTest : public ::testing::Test {};
TYPED_TEST_SUITE(BoxSimilarityTest, Scalars);

template <class T>
Aabb<T> box(double x0, double y0, double x1, double y1) {
  return {V<T>(x0, y0), V<T>(x1, y1)};
}

// Every measure in both argument orders, the same bits, and the Obb form of each Aabb gives the
// same value.
template <class A, class B>
void expect_measures(const A& a, const B& b, double giou_, double diou_, double ciou_, double tol) {
  EXPECT_EQ(giou(a, b), giou(b, a));
  EXPECT_EQ(diou(a, b), diou(b, a));
  EXPECT_EQ(ciou(a, b), ciou(b, a));
  EXPECT_NEAR(giou(a, b), giou_, tol);
  EXPECT_NEAR(diou(a, b), diou_, tol);
  EXPECT_NEAR(ciou(a, b), ciou_, tol);
}

template <class T>
Obb<T> as_obb(const Aabb<T>& b) {
  return {b.center(), b.half_extents(), no_turn<T>};
}

TYPED_TEST(BoxSimilarityTest, AxisAlignedOnPaper) {
  using T = TypeParam;
  const double eps = 4 * static_cast<double>(std::numeric_limits<T>::epsilon());
  struct Case {
    Aabb<T> a, b;
    double giou, diou;
  };
  const Case cases[] = {
      // Side by side, touching: iou 0, the hull is the union (giou 0); d^2 = 1, c^2 = 4 + 1.
      {box<T>(0, 0, 1, 1), box<T>(1, 0, 2, 1), 0.0, -1.0 / 5},
      // A gap of 1: hull 3, union 2 -> -1/3; d^2 = 4, c^2 = 9 + 1.
      {box<T>(0, 0, 1, 1), box<T>(2, 0, 3, 1), -1.0 / 3, -4.0 / 10},
      // Diagonal: hull 5 (not the enclosing box's 9), union 2 -> -3/5; d^2 = 8, c^2 = 18.
      {box<T>(0, 0, 1, 1), box<T>(2, 2, 3, 3), -3.0 / 5, -8.0 / 18},
      // Nested, same centre and aspect: all three are the iou, 4 / 16.
      {box<T>(0, 0, 4, 4), box<T>(1, 1, 3, 3), 0.25, 0.25},
      // Half overlapping: iou 2 / 6, hull = union; d^2 = 1, c^2 = 9 + 4.
      {box<T>(0, 0, 2, 2), box<T>(1, 0, 3, 2), 1.0 / 3, 1.0 / 3 - 1.0 / 13},
  };
  for (const Case& c : cases) {
    // Same aspect ratio everywhere: ciou = diou.
    expect_measures(c.a, c.b, c.giou, c.diou, c.diou, eps);
    expect_measures(as_obb(c.a), as_obb(c.b), c.giou, c.diou, c.diou, eps);
    expect_measures(as_obb(c.a), c.b, c.giou, c.diou, c.diou, eps);
  }
  // Touching boxes on integers: giou exactly 0.
  EXPECT_EQ(giou(box<T>(0, 0, 1, 1), box<T>(1, 0, 2, 1)), T(0));
  // Touching at a corner: hull 3 (the hexagon (0,0) (1,0) (2,1) (2,2) (1,2) (0,1)), union 2.
  EXPECT_EQ(giou(box<T>(0, 0, 1, 1), box<T>(1, 1, 2, 2)), -(T(1) / T(3)));
}

TYPED_TEST(BoxSimilarityTest, SelfIsExactlyOne) {
  using T = TypeParam;
  const Obb<T> o{V<T>(1e3, -2e3), V<T>(3.25, 0.5), Rot<T>::from_angle(T(0.3))};
  const Aabb<T> a = box<T>(-1, 2, 5, 2.5);
  EXPECT_EQ(giou(o, o), T(1));
  EXPECT_EQ(diou(o, o), T(1));
  EXPECT_EQ(ciou(o, o), T(1));
  EXPECT_EQ(giou(a, a), T(1));
  EXPECT_EQ(diou(a, a), T(1));
  EXPECT_EQ(ciou(a, a), T(1));
  const ConvexPolygon<T> p = make_polygon(o).value();
  EXPECT_EQ(giou(p, p), T(1));
}

// A square and the same square turned 45 degrees: iou 1 / sqrt 2 (the octagon 8 (sqrt 2 - 1)
// over the union 16 - 8 sqrt 2), hull the octagon of the 8 corners, area 4 sqrt 2, so
// giou = 1 / sqrt 2 - (3 - 2 sqrt 2); same centre and aspect: diou = ciou = iou.
TYPED_TEST(BoxSimilarityTest, SquareAndDiamond) {
  using T = TypeParam;
  const Obb<T> square{V<T>(0, 0), V<T>(1, 1), no_turn<T>};
  const Obb<T> diamond{V<T>(0, 0), V<T>(1, 1), Rot<T>::from_angle(T(0.78539816339744830962))};
  const double r2 = std::sqrt(2.0);
  const double tol = 64 * static_cast<double>(std::numeric_limits<T>::epsilon());
  expect_measures(square, diamond, 1 / r2 - (3 - 2 * r2), 1 / r2, 1 / r2, tol);
  const ConvexPolygon<T> p = make_polygon(diamond).value();
  EXPECT_NEAR(giou(square, p), 1 / r2 - (3 - 2 * r2), tol);
  EXPECT_EQ(giou(square, p), giou(p, square));
}

// ciou's aspect term: the same set as (w 2, h 1) and (w 1, h 2) turned a quarter: iou, giou,
// diou 1; v = 4 / pi^2 (atan 2 - atan 1/2)^2, alpha = 1, ciou = 1 - v = 0.83218...
TYPED_TEST(BoxSimilarityTest, CiouDependsOnWhichSideIsTheWidth) {
  using T = TypeParam;
  const Obb<T> wide{V<T>(5, 5), V<T>(1, 0.5), no_turn<T>};
  const Obb<T> tall{V<T>(5, 5), V<T>(0.5, 1), quarter_turn<T>};
  EXPECT_EQ(iou(wide, tall), T(1));
  EXPECT_EQ(giou(wide, tall), T(1));
  EXPECT_EQ(diou(wide, tall), T(1));
  const double pi_ = 3.14159265358979323846;
  const double v = 4 / (pi_ * pi_) * std::pow(std::atan(2.0) - std::atan(0.5), 2);
  EXPECT_NEAR(ciou(wide, tall), 1 - v, 8 * std::numeric_limits<T>::epsilon());
  EXPECT_NEAR(1 - v, 0.83218, 1e-5);
  EXPECT_EQ(ciou(wide, tall), ciou(tall, wide));
  // A box without height has aspect angle pi / 2: v = 4 / pi^2 (pi / 2 - pi / 4)^2 = 1 / 4
  // against a square; the two are apart (iou 0): alpha = v / (1 + v).
  const Aabb<T> line = box<T>(0, 0, 2, 0);
  const Aabb<T> sq = box<T>(0, 2, 2, 4);
  const double d = -(9.0 / (4 + 16));  // centres (1, 0), (1, 3); enclosing box 2 x 4
  EXPECT_NEAR(diou(line, sq), d, 8 * std::numeric_limits<T>::epsilon());
  EXPECT_NEAR(ciou(line, sq), d - 0.25 * 0.25 / 1.25, 8 * std::numeric_limits<T>::epsilon());
}

}  // namespace
}  // namespace c2t
