// Hand-checked cases for the exact geometry helpers: each expected value is worked out on paper.
#include <gtest/gtest.h>

#include <vector>

#include "collide2d/shapes.hpp"
#include "exact_geometry.hpp"
#include "exact_reference.hpp"

namespace {

using collide2d::Aabb;
using collide2d::Capsule;
using collide2d::Circle;
using collide2d::ConvexPolygon;
using collide2d::Obb;
using collide2d::Point;
using collide2d::Segment;
using namespace collide2d::reference;

ConvexPolygon<double> polygon(std::initializer_list<Point<double>> points) {
  ConvexPolygon<double> p{};
  for (const Point<double>& v : points)
    p.vertices[p.count++] = v;  // normals are not used by the reference
  return p;
}

QPoint q(double x, double y) {
  return {mpq_class(x), mpq_class(y)};
}

TEST(ExactGeometry, MovedIsExact) {
  const ExactShape box = exact(Aabb<double>{{0, 0}, {1, 1}});
  ExactShape moved;
  moved_into(moved, box, mpq_class(1, 3), q(3, -6));  // by (1, -2)
  EXPECT_EQ(moved.core[0].x, 1);
  EXPECT_EQ(moved.core[0].y, -2);
  EXPECT_EQ(moved.core[2].x, 2);
  EXPECT_EQ(moved.core[2].y, -1);
  ExactShape circle;
  moved_into(circle, exact(Circle<double>{{1, 1}, 2}), mpq_class(1, 7), q(1, 0));
  EXPECT_EQ(circle.core[0].x, mpq_class(8, 7));
  EXPECT_EQ(circle.radius, 2);
}

TEST(ExactGeometry, HullDropsInnerAndCollinearPoints) {
  std::vector<QPoint> hull;
  convex_hull_into(hull, {q(0, 0), q(2, 0), q(1, 0), q(2, 2), q(1, 1), q(0, 2), q(0, 1), q(0, 0)});
  ASSERT_EQ(hull.size(), 4u);
  EXPECT_EQ(hull[0].x, 0);  // counter-clockwise from the lowest-leftmost point
  EXPECT_EQ(hull[0].y, 0);
  EXPECT_EQ(hull[1].x, 2);
  EXPECT_EQ(hull[1].y, 0);
  EXPECT_EQ(hull[2].x, 2);
  EXPECT_EQ(hull[2].y, 2);
  convex_hull_into(hull, {q(0, 0), q(1, 1), q(3, 3), q(2, 2)});
  ASSERT_EQ(hull.size(), 2u);
  EXPECT_EQ(hull[1].x, 3);
  convex_hull_into(hull, {q(5, 5), q(5, 5)});
  ASSERT_EQ(hull.size(), 1u);
}

TEST(ExactGeometry, SweptShapes) {
  ExactShape swept;
  // A unit square swept by (3, 0): the box [0, 4] x [0, 1].
  swept_into(swept, exact(Aabb<double>{{0, 0}, {1, 1}}), q(3, 0));
  EXPECT_EQ(exact_core_area(swept), 4);  // (the corners (1, 0) and (1, 1) stay, collinear)
  EXPECT_TRUE(exact_overlaps(swept, exact(Point<double>{4, 1})));
  EXPECT_FALSE(exact_overlaps(swept, exact(Point<double>{4, 1.25})));
  // A circle swept: a capsule; it reaches the point (5, 1) but not (5, 1.5).
  swept_into(swept, exact(Circle<double>{{0, 0}, 1}), q(5, 0));
  EXPECT_EQ(swept.core.size(), 2u);
  EXPECT_TRUE(exact_overlaps(swept, exact(Point<double>{5, 1})));
  EXPECT_FALSE(exact_overlaps(swept, exact(Point<double>{5, 1.5})));
  // A segment swept along itself stays a segment.
  swept_into(swept, exact(Segment<double>{{0, 0}, {1, 1}}), q(2, 2));
  EXPECT_EQ(swept.core.size(), 2u);
  // A triangle swept sideways: the hull of 6 points, (2,0) and (4,0) collinear on its base.
  swept_into(swept, exact(polygon({{0, 0}, {2, 0}, {1, 2}})), q(4, 0));
  EXPECT_EQ(exact_core_area(swept), 10);  // (0,0) (6,0) (5,2) (1,2): a trapezoid
}

TEST(ExactGeometry, ContainmentInBoxes) {
  const ExactShape box = exact(Aabb<double>{{0, 0}, {4, 4}});
  const mpq_class tol(1, 4);
  EXPECT_EQ(classify_containment(box, exact(Aabb<double>{{1, 1}, {3, 3}}), tol),
            Containment::inside_clear);  // margin 1
  EXPECT_EQ(classify_containment(box, exact(Aabb<double>{{0, 1}, {3, 3}}), tol),
            Containment::inside_in_band);  // margin 0: touching from inside
  EXPECT_EQ(classify_containment(box, exact(Aabb<double>{{0.125, 1}, {3, 3}}), tol),
            Containment::inside_in_band);  // margin 1/8 <= tol
  EXPECT_EQ(classify_containment(box, exact(Aabb<double>{{-0.125, 1}, {3, 3}}), tol),
            Containment::outside_in_band);
  EXPECT_EQ(classify_containment(box, exact(Aabb<double>{{-1, 1}, {3, 3}}), tol),
            Containment::outside_clear);
  EXPECT_EQ(classify_containment(box, box, 0), Containment::inside_in_band);  // identical
  // A circle of radius 1 at (2, 2): margin 1; at (1, 2): margin 0; radius 3: margin -1.
  EXPECT_EQ(classify_containment(box, exact(Circle<double>{{2, 2}, 1}), tol),
            Containment::inside_clear);
  EXPECT_EQ(classify_containment(box, exact(Circle<double>{{1, 2}, 1}), 0),
            Containment::inside_in_band);
  EXPECT_EQ(classify_containment(box, exact(Circle<double>{{2, 2}, 3}), tol),
            Containment::outside_clear);
  EXPECT_EQ(containment_margin_sign(box, exact(Point<double>{4, 2})), 0);
  EXPECT_EQ(containment_margin_sign(box, exact(Point<double>{4.5, 2})), -1);
}

TEST(ExactGeometry, ContainmentAgainstSlantedEdges) {
  // The triangle (0,0) (4,0) (0,4), clockwise on purpose; its hypotenuse is x + y = 4.
  const ExactShape triangle = exact(polygon({{0, 0}, {0, 4}, {4, 0}}));
  // The unit circle at (1, 1) touches both legs; the hypotenuse is sqrt 2 away: margin 0.
  EXPECT_EQ(classify_containment(triangle, exact(Circle<double>{{1, 1}, 1}), 0),
            Containment::inside_in_band);
  EXPECT_EQ(containment_margin_sign(triangle, exact(Circle<double>{{1, 1}, 1})), 0);
  // (1.2, 1.2): the legs 0.1 away, the hypotenuse 1.6 / sqrt 2 = 1.1314 - 1.1 = 0.031 away.
  EXPECT_EQ(containment_margin_sign(triangle, exact(Circle<double>{{1.2, 1.2}, 1.1})), 1);
  // (1.2, 1.2) lies 1.6 / sqrt 2 = 1.1314 inside the hypotenuse: a radius of 1.14 is too big.
  EXPECT_EQ(containment_margin_sign(triangle, exact(Circle<double>{{1.2, 1.2}, 1.14})), -1);
  // Radius 1.41 at (1, 1): inside the hypotenuse by 0.0042, but outside the legs by 0.41.
  EXPECT_EQ(classify_containment(triangle, exact(Circle<double>{{1, 1}, 1.41}), mpq_class(1, 2)),
            Containment::outside_in_band);
  EXPECT_EQ(classify_containment(triangle, exact(Circle<double>{{1, 1}, 1.41}), mpq_class(1, 4)),
            Containment::outside_clear);
}

TEST(ExactGeometry, ContainmentInRoundShapes) {
  const ExactShape capsule = exact(Capsule<double>{{0, 0}, {4, 0}, 2});
  EXPECT_EQ(containment_margin_sign(capsule, exact(Circle<double>{{2, 0}, 2})), 0);
  EXPECT_EQ(containment_margin_sign(capsule, exact(Circle<double>{{5, 0}, 1})), 0);  // in the cap
  EXPECT_EQ(containment_margin_sign(capsule, exact(Capsule<double>{{1, 0}, {3, 0}, 1})), 1);
  EXPECT_EQ(containment_margin_sign(capsule, exact(Circle<double>{{0, 0}, 3})), -1);
  // The corners of a 6x8 box lie on the circle of radius 5.
  const ExactShape circle = exact(Circle<double>{{0, 0}, 5});
  EXPECT_EQ(containment_margin_sign(circle, exact(Aabb<double>{{-3, -4}, {3, 4}})), 0);
  EXPECT_EQ(classify_containment(circle, exact(Aabb<double>{{-3, -4}, {3, 3}}), mpq_class(1, 8)),
            Containment::inside_in_band);  // (3, -4) still on the circle
  EXPECT_EQ(classify_containment(circle, exact(Circle<double>{{1, 0}, 3}), mpq_class(1, 2)),
            Containment::inside_clear);  // margin 5 - 3 - 1 = 1
  EXPECT_EQ(classify_containment(circle, exact(Circle<double>{{1, 0}, 4.25}), mpq_class(1, 2)),
            Containment::outside_in_band);  // margin -0.25
  // The square [0, 4]^2 rounded by 5: it reaches x = 9 along its sides, and its corner (4, 4)
  // carries an arc of radius 5, through (7, 8) (3-4-5).
  ExactShape rounded = exact(Aabb<double>{{0, 0}, {4, 4}});
  rounded.radius = 5;
  EXPECT_EQ(containment_margin_sign(rounded, exact(Point<double>{9, 2})), 0);
  EXPECT_EQ(containment_margin_sign(rounded, exact(Point<double>{7, 8})), 0);
  EXPECT_EQ(containment_margin_sign(rounded, exact(Point<double>{7.25, 8})), -1);
  // Centre (2, 2), 2 inside the core's sides: radius 5 + 2 touches the rounded sides.
  EXPECT_EQ(containment_margin_sign(rounded, exact(Circle<double>{{2, 2}, 7})), 0);
  EXPECT_EQ(containment_margin_sign(rounded, exact(Circle<double>{{2, 2}, 6.875})), 1);
  EXPECT_EQ(containment_margin_sign(rounded, exact(Circle<double>{{2, 1}, 7})), -1);
  // Centre (5.5, 6), 2.5 from the corner towards (7, 8): radius 2.5 touches the arc there.
  EXPECT_EQ(containment_margin_sign(rounded, exact(Circle<double>{{5.5, 6}, 2.5})), 0);
  EXPECT_EQ(classify_containment(rounded, exact(Circle<double>{{5.5, 6}, 2}), mpq_class(1, 4)),
            Containment::inside_clear);  // margin 1/2
  EXPECT_EQ(classify_containment(rounded, exact(Circle<double>{{5.5, 6}, 2.625}), mpq_class(1, 4)),
            Containment::outside_in_band);  // margin -1/8
  // A box of zero extent has no interior: a point on it is contained, never strictly.
  const ExactShape flat = exact(Aabb<double>{{0, 0}, {4, 0}});
  EXPECT_EQ(containment_margin_sign(flat, exact(Point<double>{1, 0})), 0);
  EXPECT_EQ(containment_margin_sign(flat, exact(Point<double>{1, 1})), -1);
}

TEST(ExactGeometry, Areas) {
  EXPECT_EQ(exact_core_area(exact(Aabb<double>{{0, 0}, {2, 3}})), 6);
  EXPECT_EQ(exact_core_area(exact(polygon({{0, 0}, {4, 0}, {0, 4}}))), 8);
  EXPECT_EQ(exact_core_area(exact(Segment<double>{{0, 0}, {4, 0}})), 0);
  const ExactShape square = exact(Aabb<double>{{0, 0}, {2, 2}});
  EXPECT_EQ(exact_intersection_area(square, exact(Aabb<double>{{1, 1}, {3, 3}})), 1);
  EXPECT_EQ(exact_intersection_area(square, exact(Aabb<double>{{2, 0}, {3, 2}})), 0);  // edge
  EXPECT_EQ(exact_intersection_area(square, square), 4);
  EXPECT_EQ(exact_intersection_area(square, exact(Aabb<double>{{5, 5}, {6, 6}})), 0);
  // The triangle (0,0) (4,0) (0,4) cut by x <= 2: 8 - 2 = 6, both orders and orientations.
  const ExactShape triangle = exact(polygon({{0, 0}, {4, 0}, {0, 4}}));
  const ExactShape clockwise = exact(polygon({{0, 0}, {0, 4}, {4, 0}}));
  const ExactShape half = exact(Aabb<double>{{0, 0}, {2, 4}});
  EXPECT_EQ(exact_intersection_area(half, triangle), 6);
  EXPECT_EQ(exact_intersection_area(triangle, half), 6);
  EXPECT_EQ(exact_intersection_area(clockwise, half), 6);
  // The diamond through the unit square's edge midpoints lies inside it: area 1/2.
  const ExactShape diamond = exact(polygon({{0.5, 0}, {1, 0.5}, {0.5, 1}, {0, 0.5}}));
  EXPECT_EQ(exact_intersection_area(exact(Aabb<double>{{0, 0}, {1, 1}}), diamond), mpq_class(1, 2));
  // Two crossing triangles (a hexagram's halves): both orders clip to the same hexagon.
  const ExactShape up = exact(polygon({{0, 0}, {2, 0}, {1, 2}}));
  const ExactShape down = exact(polygon({{0, 1.5}, {1, -0.5}, {2, 1.5}}));
  EXPECT_EQ(exact_intersection_area(up, down), exact_intersection_area(down, up));
  // An obb of half size (1, 1) turned by the exact (3/5, 4/5) has area 4.
  EXPECT_EQ(exact_core_area(exact(Obb<double>{{0, 0}, {1, 1}, {0.6, 0.8}})),
            mpq_class(4) * (mpq_class(0.6) * mpq_class(0.6) + mpq_class(0.8) * mpq_class(0.8)));
}

TEST(ExactGeometry, SweptPolygonsMatchTheGeneralHull) {
  // swept_into walks a polygon's front and back chains; the general hull of the core and the core
  // moved must give the same set: the same area, and every hull vertex among the swept vertices.
  const std::vector<ConvexPolygon<double>> shapes = {
      polygon({{0, 0}, {2, 0}, {1, 2}}),
      polygon({{0, 0}, {3, 0}, {4, 1}, {3, 3}, {0.5, 2.5}}),
      polygon({{0, 0}, {0, 4}, {4, 0}}),  // clockwise
      polygon({{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}),
  };
  const std::vector<QPoint> motions = {q(3, 0), q(0, -2), q(1.5, 2.25), q(-0.125, 5), q(-7, -7)};
  for (const ConvexPolygon<double>& shape : shapes) {
    const ExactShape core = exact(shape);
    for (const QPoint& v : motions) {
      ExactShape swept;
      swept_into(swept, core, v);
      std::vector<QPoint> cloud;
      for (const QPoint& p : core.core) {
        cloud.push_back(p);
        cloud.push_back({p.x + v.x, p.y + v.y});
      }
      ExactShape hull;
      convex_hull_into(hull.core, cloud);
      EXPECT_EQ(exact_core_area(swept), exact_core_area(hull));
      for (const QPoint& h : hull.core) {
        bool found = false;
        for (const QPoint& s : swept.core)
          found = found || (s.x == h.x && s.y == h.y);
        EXPECT_TRUE(found) << "hull vertex (" << h.x << ", " << h.y << ") missing";
      }
    }
  }
}

}  // namespace
