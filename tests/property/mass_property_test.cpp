// Property tests of mass_properties (mass.hpp), float and double, on seeded random shapes (15%
// far from the origin, generators.hpp) and lattice shapes.
//
// Polygons, Aabbs and Obbs: against the exact rational mass, centroid and inertia of the polygon
// of their vertices (an Obb's corners built exactly from its (c, s), as exact_reference.hpp does),
// by the Green's-theorem formulas around the world origin, which exact arithmetic makes as good as
// any other reference point:
//   A = 1/2 sum D_i,  C = sum D_i (p_i + p_i+1) / (6 A),
//   J_0 = sum D_i (x_i^2 + x_i x_i+1 + x_i+1^2 + y_i^2 + y_i y_i+1 + y_i+1^2) / 12,
//   I = density (J_0 - A |C|^2),   D_i = cross(p_i, p_i+1).
// The tolerance follows the library's arithmetic: for polygons a running error bound of its fan
// from the case's own magnitudes (fan_tolerance: every rounding at most u = eps / 2 of its result,
// carried to first order, doubled), for boxes a few roundings of their closed forms
// (box_tolerance). The worst error over the tolerance is printed, to show the bound is not loose.
//
// Circles and capsules: against their closed forms in long double (64-bit significand, against
// the 24 or 53 of T), the capsule's inertia in another arrangement, integrated directly per half
// disc: density (pi r^4 / 2 + 8 h r^3 / 3 + pi r^2 h^2) plus the rectangle's. Every term is
// positive, so the relative error is a few roundings: 8 eps of the value, eps of |centre| for the
// centroid.
//
// Dense sampling (double): a few shapes integrated by the midpoint rule on a 2000 x 2000 grid
// over their bounding box, with membership tests written here, agree within 0.5% - a check of the
// formulas themselves, independent of both the library and the exact reference.
//
// Case counts: contact_case_count() random cases per kind and scalar (COLLIDE2D_CONTACT_PROPERTY_
// CASES under ctest), and a fifth of that of lattice polygons.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "contact_support.hpp"
#include "generators.hpp"
#include "property_runner.hpp"

namespace collide2d::property {
namespace {

using ref::QPoint;

struct ExactMass {
  mpq_class area;
  QPoint centroid;
  mpq_class inertia_per_density;  // about the centroid
};

// The Green's-theorem formulas above, exactly, for a polygon core of 3 or more vertices.
ExactMass exact_polygon_mass(const ref::ExactShape& s) {
  const std::size_t n = s.core.size();
  mpq_class twice_area = 0;
  mpq_class fx = 0;
  mpq_class fy = 0;
  mpq_class second = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const QPoint& p = s.core[i];
    const QPoint& q = s.core[(i + 1) % n];
    const mpq_class d = p.x * q.y - p.y * q.x;
    twice_area += d;
    fx += d * (p.x + q.x);
    fy += d * (p.y + q.y);
    second += d * (p.x * p.x + p.x * q.x + q.x * q.x + p.y * p.y + p.y * q.y + q.y * q.y);
  }
  ExactMass m;
  m.area = twice_area / 2;
  m.centroid = {fx / (3 * twice_area), fy / (3 * twice_area)};
  m.inertia_per_density =
      second / 12 - m.area * (m.centroid.x * m.centroid.x + m.centroid.y * m.centroid.y);
  return m;
}

double abs_error(double computed, const mpq_class& exact) {
  const mpq_class diff = mpq_class(computed) - exact;
  return std::abs(diff.get_d());
}

template <class T>
double eps() {
  return static_cast<double>(std::numeric_limits<T>::epsilon());
}

// The worst error / tolerance ratio of a run, per quantity.
struct WorstRatio {
  double mass = 0;
  double centroid = 0;
  double inertia = 0;
  std::string line() const {
    char buffer[160];
    std::snprintf(buffer, sizeof buffer,
                  "worst error / tolerance: mass %.3g centroid %.3g inertia %.3g", mass, centroid,
                  inertia);
    return buffer;
  }
};

struct MassTolerance {
  double mass;
  double centroid;
  double inertia;
};

// A running error bound of the library's fan (mass.hpp), from the magnitudes of the case itself,
// doubled for the second-order terms. u = eps / 2; each subtraction, product, sum and division
// rounds by at most u of its result. With e = v - r (|components| widened by how far the
// library's r may be from the vertices' average, 2 n eps max|v|), per triangle
//   a = |e1.x e2.y| + |e1.y e2.x|          bounds |D| and its error 4u a,
//   s = max(|e1.x| + |e2.x|, |e1.y| + |e2.y|), so D (e1 + e2) has error 7u a s,
//   q = e1.x^2 + e1.x e2.x + e2.x^2 + (y),     so D Q has error 13u a q,
// and a sum of n terms adds (n - 1) u of the sum of their sizes. Then the area, the offset
// F / (3 twice_area) (|offset| = |C - r|), the parallel-axis shift and the products by density
// carry these through (first order).
template <class T>
MassTolerance fan_tolerance(const ConvexPolygon<T>& p, T density, const ExactMass& exact) {
  const int n = p.count;
  const double u = eps<T>() / 2;
  double rx = 0;
  double ry = 0;
  double big = 0;
  for (int i = 0; i < n; ++i) {
    rx += static_cast<double>(p.vertices[i].x);
    ry += static_cast<double>(p.vertices[i].y);
    big = std::max({big, std::abs(static_cast<double>(p.vertices[i].x)),
                    std::abs(static_cast<double>(p.vertices[i].y))});
  }
  rx /= n;
  ry /= n;
  const double slack = 2 * n * eps<T>() * big;
  double sum_a = 0;
  double sum_as = 0;
  double sum_aq = 0;
  for (int i = 0; i < n; ++i) {
    const Vec2<T> v = p.vertices[i];
    const Vec2<T> w = p.vertices[(i + 1) % n];
    const double x1 = std::abs(static_cast<double>(v.x) - rx) + slack;
    const double y1 = std::abs(static_cast<double>(v.y) - ry) + slack;
    const double x2 = std::abs(static_cast<double>(w.x) - rx) + slack;
    const double y2 = std::abs(static_cast<double>(w.y) - ry) + slack;
    const double a = x1 * y2 + y1 * x2;
    sum_a += a;
    sum_as += a * std::max(x1 + x2, y1 + y2);
    sum_aq += a * (x1 * x1 + x1 * x2 + x2 * x2 + y1 * y1 + y1 * y2 + y2 * y2);
  }
  const double area = exact.area.get_d();
  const double moment = exact.inertia_per_density.get_d();
  const double cx = exact.centroid.x.get_d();
  const double cy = exact.centroid.y.get_d();
  const double off = std::hypot(cx - rx, cy - ry) + 2 * slack;
  const double err_twice_area = (n + 4) * u * sum_a;
  const double err_first = (n + 7) * u * sum_as;
  const double err_second = (n + 13) * u * sum_aq;
  const double err_area = err_twice_area / 2 + u * area;
  const double err_off = err_first / (6 * area) + off * err_twice_area / (2 * area) + 4 * u * off;
  const double err_moment = err_second / 12 + err_area * off * off + 2 * area * off * err_off +
                            3 * u * (moment + 2 * area * off * off);
  const double rho = static_cast<double>(density);
  return {2 * rho * (err_area + u * area), 2 * (err_off + u * std::max(std::abs(cx), std::abs(cy))),
          2 * rho * (err_moment + u * moment)};
}

// A box's closed form (mass.hpp): w, h (one rounding each, or exact), then density w h (two
// more) and m (w^2 + h^2) / 12 (about ten in all); the centroid one rounding of min + max. An
// Obb's exact corners span k^2 = c^2 + s^2 times the box's area and k^4 times its inertia, which
// the library (treating the rotation as exact) does not: `excess` = |k^2 - 1| adds to both.
MassTolerance box_tolerance(double density, const ExactMass& exact, double unit, double excess) {
  const double mass = density * exact.area.get_d();
  const double inertia = density * exact.inertia_per_density.get_d();
  return {(3 * unit + excess) * mass,
          unit * std::max(std::abs(exact.centroid.x.get_d()), std::abs(exact.centroid.y.get_d())),
          (6 * unit + 2 * excess) * inertia};
}

// Checks one polygon-like shape against the exact mass of its vertices.
template <class T, class S>
void check_polygonal(PropertyRun<T>& run, std::size_t i, const S& shape, T density,
                     ref::ExactShape& e, WorstRatio& worst) {
  ++run.stats.cases;
  ref::exact_into(e, shape);
  const ExactMass exact = exact_polygon_mass(e);
  const MassProperties<T> got = mass_properties(shape, density);
  const double rho = static_cast<double>(density);
  MassTolerance tol{};
  if constexpr (std::is_same_v<S, ConvexPolygon<T>>) {
    tol = fan_tolerance(shape, density, exact);
  } else if constexpr (std::is_same_v<S, Obb<T>>) {
    const double c = static_cast<double>(shape.rotation.c);
    const double s = static_cast<double>(shape.rotation.s);
    tol = box_tolerance(rho, exact, eps<T>(), std::abs(c * c + s * s - 1) + 4 * eps<double>());
  } else {
    tol = box_tolerance(rho, exact, eps<T>(), 0.0);
  }
  const double err_mass = abs_error(static_cast<double>(got.mass), rho * exact.area);
  const double err_centroid =
      std::max(abs_error(static_cast<double>(got.centroid.x), exact.centroid.x),
               abs_error(static_cast<double>(got.centroid.y), exact.centroid.y));
  const double err_inertia =
      abs_error(static_cast<double>(got.inertia), rho * exact.inertia_per_density);
  const auto ratio = [](double err, double bound) {
    return bound > 0 ? err / bound : (err > 0 ? 1e300 : 0.0);
  };
  worst.mass = std::max(worst.mass, ratio(err_mass, tol.mass));
  worst.centroid = std::max(worst.centroid, ratio(err_centroid, tol.centroid));
  worst.inertia = std::max(worst.inertia, ratio(err_inertia, tol.inertia));
  if (err_mass > tol.mass || err_centroid > tol.centroid || err_inertia > tol.inertia) {
    run.fail(i, "mass properties off the exact ones", [&] {
      return describe(shape) + " density " + num(density) + "\n  mass " + num(got.mass) +
             " exactly " + num(rho * exact.area.get_d()) + " (tol " + num(tol.mass) +
             ")\n  centroid " + describe(got.centroid) + " exactly {" +
             num(exact.centroid.x.get_d()) + ", " + num(exact.centroid.y.get_d()) + "} (tol " +
             num(tol.centroid) + ")\n  inertia " + num(got.inertia) + " exactly " +
             num(rho * exact.inertia_per_density.get_d()) + " (tol " + num(tol.inertia) + ")";
    });
  }
  // The Shape variant: the same bits.
  const MassProperties<T> via = mass_properties(Shape<T>{shape}, density);
  if (!(via.mass == got.mass && via.centroid == got.centroid && via.inertia == got.inertia)) {
    run.fail(i, "the Shape variant differs", [&] { return describe(shape); });
  }
}

template <class T>
T random_density(Random& r) {
  return static_cast<T>(r.log_uniform(0.01, 100));
}

template <class T, template <class> class S>
void run_random_polygonal(const std::string& kind) {
  PropertyRun<T> run("mass", kind);
  RandomShapes<T> gen(run.random());
  ref::ExactShape e;
  WorstRatio worst;
  S<T> shape{};
  for (std::size_t i = 0; i < contact_case_count(); ++i) {
    const Site<T> site = gen.site();
    gen.make(site.center, gen.size(site), shape);
    check_polygonal(run, i, shape, random_density<T>(run.random()), e, worst);
  }
  run.finish(worst.line(), false);
}

template <class T>
void run_lattice_polygons() {
  PropertyRun<T> run("lattice mass", "ConvexPolygon");
  LatticeShapes<T> gen(run.random());
  ref::ExactShape e;
  WorstRatio worst;
  ConvexPolygon<T> polygon{};
  for (std::size_t i = 0; i < lattice_contact_case_count(); ++i) {
    gen.make(gen.point(-20, 20), polygon);
    check_polygonal(run, i, polygon, T(1), e, worst);
  }
  run.finish(worst.line(), false);
}

// ---- Circles and capsules: closed forms in long double ----

using Wide = long double;
const Wide wide_pi = 3.141592653589793238462643383279502884L;

template <class T>
void expect_relative(PropertyRun<T>& run, std::size_t i, const std::string& what, double got,
                     Wide expected, double tol, double& worst, const std::string& shape) {
  const double err = static_cast<double>(std::abs(static_cast<Wide>(got) - expected));
  const double bound = tol * static_cast<double>(std::abs(expected));
  worst = std::max(worst, bound > 0 ? err / bound : (err > 0 ? 1e300 : 0.0));
  if (err > bound) {
    run.fail(i, what, [&] {
      return shape + ": " + num(got) + ", expected " + num(static_cast<double>(expected));
    });
  }
}

template <class T>
void check_centroid(PropertyRun<T>& run, std::size_t i, Vec2<T> got, Wide x, Wide y, double& worst,
                    const std::string& shape) {
  const double tol = eps<T>() * static_cast<double>(std::max(std::abs(x), std::abs(y)));
  const double err = static_cast<double>(
      std::max(std::abs(static_cast<Wide>(got.x) - x), std::abs(static_cast<Wide>(got.y) - y)));
  worst = std::max(worst, tol > 0 ? err / tol : (err > 0 ? 1e300 : 0.0));
  if (err > tol) run.fail(i, "centroid", [&] { return shape + ": " + describe(got); });
}

template <class T>
void run_round(bool capsules) {
  PropertyRun<T> run("mass", capsules ? "Capsule" : "Circle");
  RandomShapes<T> gen(run.random());
  WorstRatio worst;
  const double tol = 8 * eps<T>();
  for (std::size_t i = 0; i < contact_case_count(); ++i) {
    ++run.stats.cases;
    const Site<T> site = gen.site();
    const double size = gen.size(site);
    const T density = random_density<T>(run.random());
    const Wide rho = static_cast<Wide>(density);
    Capsule<T> cap{};
    if (capsules) {
      gen.make(site.center, size, cap);
    } else {
      Circle<T> c{};
      gen.make(site.center, size, c);
      cap = {c.center, c.center, c.radius};
    }
    const std::string text = describe(cap) + " density " + num(density);
    const Wide r = static_cast<Wide>(cap.radius);
    const Wide dx = static_cast<Wide>(cap.b.x) - static_cast<Wide>(cap.a.x);
    const Wide dy = static_cast<Wide>(cap.b.y) - static_cast<Wide>(cap.a.y);
    const Wide length = std::sqrt(dx * dx + dy * dy);
    const Wide h = length / 2;
    // Rectangle 2r x length about its centre, then each half disc integrated directly about the
    // capsule's centre: int (x + h)^2 + y^2 over a half disc of radius r with x >= 0 from its flat
    // side = pi r^4 / 4 + 2 h (2 r^3 / 3) + h^2 pi r^2 / 2.
    const Wide rect_mass = rho * 2 * r * length;
    const Wide mass = rect_mass + rho * wide_pi * r * r;
    const Wide inertia =
        rect_mass * (length * length + 4 * r * r) / 12 +
        rho * 2 *
            (wide_pi * r * r * r * r / 4 + 4 * h * r * r * r / 3 + h * h * wide_pi * r * r / 2);
    const MassProperties<T> got = capsules ? mass_properties(cap, density)
                                           : mass_properties(Circle<T>{cap.a, cap.radius}, density);
    const MassProperties<T> via =
        capsules ? mass_properties(Shape<T>{cap}, density)
                 : mass_properties(Shape<T>{Circle<T>{cap.a, cap.radius}}, density);
    if (!(via.mass == got.mass && via.centroid == got.centroid && via.inertia == got.inertia)) {
      run.fail(i, "the Shape variant differs", [&] { return text; });
    }
    expect_relative(run, i, "mass", static_cast<double>(got.mass), mass, tol, worst.mass, text);
    expect_relative(run, i, "inertia", static_cast<double>(got.inertia), inertia, tol,
                    worst.inertia, text);
    check_centroid(
        run, i, got.centroid, (static_cast<Wide>(cap.a.x) + static_cast<Wide>(cap.b.x)) / 2,
        (static_cast<Wide>(cap.a.y) + static_cast<Wide>(cap.b.y)) / 2, worst.centroid, text);
  }
  run.finish(worst.line(), false);
}

// ---- Dense sampling: the formulas themselves ----

struct SampledMass {
  double area;
  double cx;
  double cy;
  double inertia;  // per unit density, about (cx, cy)
};

template <class Inside>
SampledMass sample(const Aabb<double>& box, Inside inside) {
  const int n = 2000;
  const double hx = (box.max.x - box.min.x) / n;
  const double hy = (box.max.y - box.min.y) / n;
  double count = 0;
  double sx = 0;
  double sy = 0;
  double sxx = 0;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const double x = box.min.x + (i + 0.5) * hx;
      const double y = box.min.y + (j + 0.5) * hy;
      if (!inside(x, y)) continue;
      count += 1;
      sx += x;
      sy += y;
      sxx += x * x + y * y;
    }
  }
  const double cell = hx * hy;
  const double cx = sx / count;
  const double cy = sy / count;
  return {count * cell, cx, cy, (sxx - count * (cx * cx + cy * cy)) * cell};
}

void expect_sampled(const MassProperties<double>& got, const SampledMass& s, double size) {
  EXPECT_NEAR(got.mass, s.area, 5e-3 * s.area);
  EXPECT_NEAR(got.centroid.x, s.cx, 5e-3 * size);
  EXPECT_NEAR(got.centroid.y, s.cy, 5e-3 * size);
  EXPECT_NEAR(got.inertia, s.inertia, 5e-3 * s.inertia);
}

TEST(MassSampling, CircleCapsulePolygon) {
  const Circle<double> circle{{0.25, -0.5}, 1.3};
  expect_sampled(mass_properties(circle, 1.0),
                 sample(bounding_box(circle),
                        [&](double x, double y) {
                          const double dx = x - 0.25;
                          const double dy = y + 0.5;
                          return dx * dx + dy * dy <= 1.3 * 1.3;
                        }),
                 1.3);
  for (const Capsule<double>& cap :
       {Capsule<double>{{-1, 0.5}, {2, 1.5}, 0.75}, Capsule<double>{{0, 0}, {0, 4}, 0.25},
        Capsule<double>{{3, 3}, {3.5, 2}, 2.0}}) {
    const auto inside = [&](double x, double y) {
      const double ex = cap.b.x - cap.a.x;
      const double ey = cap.b.y - cap.a.y;
      const double t =
          std::clamp(((x - cap.a.x) * ex + (y - cap.a.y) * ey) / (ex * ex + ey * ey), 0.0, 1.0);
      const double dx = x - (cap.a.x + t * ex);
      const double dy = y - (cap.a.y + t * ey);
      return dx * dx + dy * dy <= cap.radius * cap.radius;
    };
    expect_sampled(mass_properties(cap, 1.0), sample(bounding_box(cap), inside), 4.0);
  }
  const ConvexPolygon<double> polygon =
      make_polygon<double>({{0, 0}, {4, 1}, {5, 3}, {2, 5}, {-1, 2}}).value();
  const auto inside = [&](double x, double y) {
    for (int i = 0; i < polygon.count; ++i) {
      const Vec2<double> a = polygon.vertices[i];
      const Vec2<double> b = polygon.vertices[(i + 1) % polygon.count];
      if ((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) < 0) return false;
    }
    return true;
  };
  expect_sampled(mass_properties(polygon, 1.0), sample(bounding_box(polygon), inside), 6.0);
  const Obb<double> box{{1, 2}, {2, 0.5}, Rot<double>::from_angle(0.6)};
  Vec2<double> c[4];
  corners(box, c);
  const auto in_box = [&](double x, double y) {
    for (int i = 0; i < 4; ++i) {
      const Vec2<double> a = c[i];
      const Vec2<double> b = c[(i + 1) % 4];
      if ((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) < 0) return false;
    }
    return true;
  };
  expect_sampled(mass_properties(box, 1.0), sample(bounding_box(box), in_box), 4.0);
}

template <class T>
class MassProperty : public ::testing::Test {};
using Scalars = ::testing::Types<float, double>;
TYPED_TEST_SUITE(MassProperty, Scalars);

TYPED_TEST(MassProperty, RandomPolygons) {
  run_random_polygonal<TypeParam, ConvexPolygon>("ConvexPolygon");
}
TYPED_TEST(MassProperty, RandomAabbs) {
  run_random_polygonal<TypeParam, Aabb>("Aabb");
}
TYPED_TEST(MassProperty, RandomObbs) {
  run_random_polygonal<TypeParam, Obb>("Obb");
}
TYPED_TEST(MassProperty, LatticePolygons) {
  run_lattice_polygons<TypeParam>();
}
TYPED_TEST(MassProperty, RandomCircles) {
  run_round<TypeParam>(false);
}
TYPED_TEST(MassProperty, RandomCapsules) {
  run_round<TypeParam>(true);
}

}  // namespace
}  // namespace collide2d::property
