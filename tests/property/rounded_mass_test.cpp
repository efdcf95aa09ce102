// Property tests of area and mass_properties for RoundedPolygon (rounded.hpp), float and double,
// on seeded random rounded polygons (15% far from the origin) and lattice ones.
//
// Reference, independent of the library's decomposition into rectangles and sectors: the rounded
// polygon as a polygon, each vertex's arc sampled at k + 1 points on the arc itself (angles from
// the incoming edge's normal to the outgoing one's, in long double), whose area, centroid and
// polar moment come from the Green's-theorem sums in long double, around the core's vertex
// average. The sampled polygon misses a circular segment of half-angle d / 2 per step d, whose
// area, first and second moments are odd in d, so k of them are even series in d: Richardson
// extrapolation over k = 64, 128, 256, 512 removes the d^2, d^4 and d^6 terms and leaves
// O(theta d^8) with d <= pi / 64, about 1e-16 of the values.
// Tolerances: 16 eps(T) of the magnitudes, S = the bounding box's larger side and |c| the
// coordinates: area S^2, centroid |c| + S, inertia density S^4 (the library sums a few parts of
// those sizes, each within a few roundings; the worst error seen is printed, about 0.1 of it). A
// rounded polygon of radius 0 is the polygon's own answer, bit for bit. Cases: rounded_case_count()
// per scalar type, and as many lattice cases.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "rounded_support.hpp"

#include "property_runner.hpp"

namespace collide2d::property {
namespace {

using Long = long double;

struct LongMass {
  Long area;
  Long cx;
  Long cy;
  Long inertia;  // about the centroid, per unit density
};

// The rounded polygon sampled with k steps per arc, its mass around (ox, oy).
template <class T>
LongMass sampled_mass(const RoundedPolygon<T>& s, int k) {
  const int n = s.core.count;
  const Long r = static_cast<Long>(s.radius);
  Long ox = 0;
  Long oy = 0;
  for (int i = 0; i < n; ++i) {
    ox += static_cast<Long>(s.core.vertices[i].x) / n;
    oy += static_cast<Long>(s.core.vertices[i].y) / n;
  }
  const auto vertex = [&](int i, Long& x, Long& y) {
    x = static_cast<Long>(s.core.vertices[(i + n) % n].x) - ox;
    y = static_cast<Long>(s.core.vertices[(i + n) % n].y) - oy;
  };
  Long twice = 0, fx = 0, fy = 0, second = 0;
  Long px = 0, py = 0, first_x = 0, first_y = 0;
  bool started = false;
  const auto add = [&](Long x, Long y) {
    if (started) {
      const Long d = px * y - x * py;
      twice += d;
      fx += d * (px + x);
      fy += d * (py + y);
      second += d * (px * px + px * x + x * x + py * py + py * y + y * y);
    } else {
      first_x = x;
      first_y = y;
      started = true;
    }
    px = x;
    py = y;
  };
  for (int i = 0; i < n; ++i) {
    Long x0, y0, x1, y1, x2, y2;
    vertex(i - 1, x0, y0);
    vertex(i, x1, y1);
    vertex(i + 1, x2, y2);
    // Outward normals (right of each counter-clockwise edge) as angles.
    const Long a0 = std::atan2(-(x1 - x0), y1 - y0);
    Long a1 = std::atan2(-(x2 - x1), y2 - y1);
    while (a1 < a0)
      a1 += 2 * std::acos(Long(-1));
    // The arc's points by turning a unit vector k times (rounding grows like j eps(Long), far
    // below the tolerances).
    const Long step = (a1 - a0) / k;
    const Long c = std::cos(step);
    const Long sn = std::sin(step);
    Long ux = std::cos(a0);
    Long uy = std::sin(a0);
    for (int j = 0; j <= k; ++j) {
      add(x1 + r * ux, y1 + r * uy);
      const Long turned = c * ux - sn * uy;
      uy = sn * ux + c * uy;
      ux = turned;
    }
  }
  add(first_x, first_y);
  const Long area = twice / 2;
  const Long cx = fx / (3 * twice);
  const Long cy = fy / (3 * twice);
  return {area, cx + ox, cy + oy, second / 12 - area * (cx * cx + cy * cy)};
}

// Richardson over k = 64, 128, 256 and 512 for errors in d^2, d^4 and d^6.
Long extrapolate(const Long (&v)[4]) {
  Long level[4] = {v[0], v[1], v[2], v[3]};
  Long factor = 4;
  for (int order = 1; order < 4; ++order, factor *= 4) {
    for (int j = 0; j + order < 4; ++j)
      level[j] = (factor * level[j + 1] - level[j]) / (factor - 1);
  }
  return level[0];
}

template <class T>
LongMass reference_mass(const RoundedPolygon<T>& s) {
  LongMass m[4];
  for (int j = 0; j < 4; ++j)
    m[j] = sampled_mass(s, 64 << j);
  const auto field = [&m](Long LongMass::*f) {
    const Long v[4] = {m[0].*f, m[1].*f, m[2].*f, m[3].*f};
    return extrapolate(v);
  };
  return {field(&LongMass::area), field(&LongMass::cx), field(&LongMass::cy),
          field(&LongMass::inertia)};
}

struct Worst {
  double area = 0, centroid = 0, inertia = 0;  // error over tolerance
};

template <class T>
void check_mass(PropertyRun<T>& run, std::size_t i, const RoundedPolygon<T>& s, T density,
                Worst& worst) {
  const Aabb<T> box = bounding_box(s);
  const double side = std::max(static_cast<double>(box.max.x) - static_cast<double>(box.min.x),
                               static_cast<double>(box.max.y) - static_cast<double>(box.min.y));
  const double coordinates = std::max(coordinate_scale(box.min), coordinate_scale(box.max));
  const double eps = 16 * static_cast<double>(std::numeric_limits<T>::epsilon());
  ++run.stats.cases;
  const double d = static_cast<double>(density);
  const LongMass ref = reference_mass(s);
  const MassProperties<T> m = mass_properties(s, density);
  const auto fail = [&](const std::string& what) {
    run.fail(i, what, [&] {
      return describe(s) + " density " + num(density) + "\n  mass " + num(m.mass) + " centroid " +
             describe(m.centroid) + " inertia " + num(m.inertia) + "\n  reference area " +
             num(static_cast<double>(ref.area)) + " centroid {" + num(static_cast<double>(ref.cx)) +
             ", " + num(static_cast<double>(ref.cy)) + "} inertia " +
             num(static_cast<double>(ref.inertia)) + " per density";
    });
  };
  const double area_tol = eps * side * side;
  const double centroid_tol = eps * (coordinates + side);
  const double inertia_tol = eps * side * side * side * side;
  const double e_mass = std::abs(static_cast<double>(m.mass) - d * static_cast<double>(ref.area));
  const double e_area = std::abs(static_cast<double>(area(s)) - static_cast<double>(ref.area));
  const double e_c = std::max(std::abs(static_cast<double>(m.centroid.x) - double(ref.cx)),
                              std::abs(static_cast<double>(m.centroid.y) - double(ref.cy)));
  const double e_i =
      std::abs(static_cast<double>(m.inertia) - d * static_cast<double>(ref.inertia));
  worst.area = std::max({worst.area, e_mass / (d * area_tol), e_area / area_tol});
  worst.centroid = std::max(worst.centroid, e_c / centroid_tol);
  worst.inertia = std::max(worst.inertia, e_i / (d * inertia_tol));
  if (!(e_mass <= d * area_tol)) fail("mass off");
  if (!(e_area <= area_tol)) fail("area off");
  if (!(e_c <= centroid_tol)) fail("centroid off");
  if (!(e_i <= d * inertia_tol)) fail("inertia off");
  if (s.radius == T(0)) {
    const MassProperties<T> core = mass_properties(s.core, density);
    if (!(m.mass == core.mass && m.centroid == core.centroid && m.inertia == core.inertia))
      fail("radius 0 is not the polygon's answer");
  }
}

template <class T>
void run_mass() {
  PropertyRun<T> run("rounded mass", "RoundedPolygon");
  RandomShapes<T> gen(run.random());
  LatticeShapes<T> lattice(run.random());
  Worst worst;
  RoundedPolygon<T> s{};
  for (std::size_t i = 0; i < rounded_case_count(); ++i) {
    const Site<T> site = gen.site();
    make_rounded(gen, site.center, gen.size(site), s);
    check_mass(run, i, s, static_cast<T>(run.random().uniform(0.5, 4)), worst);
    make_rounded(lattice, lattice.point(-6, 6), s);
    check_mass(run, i, s, T(1), worst);
  }
  run.finish("worst error / tolerance: area " + num(worst.area) + "  centroid " +
                 num(worst.centroid) + "  inertia " + num(worst.inertia),
             false);
}

TEST(RoundedMass, Float) {
  run_mass<float>();
}
TEST(RoundedMass, Double) {
  run_mass<double>();
}

}  // namespace
}  // namespace collide2d::property
