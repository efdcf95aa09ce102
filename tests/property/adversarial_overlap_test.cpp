// Adversarial overlaps(a, b) cases for all 28 pairs in float and double: the configurations where
// float collision code usually goes wrong, judged by the exact reference like the random cases
// (overlap_checker.hpp). A third of the cases of each kind:
//
//   nested         one shape well inside the other, off centre (Box2D's overlap query once
//                  missed a shape wholly inside another);
//   near-parallel  B turned by 1e-9 to 1e-3 radians (1e-6 to 1e-2 in float) from A's own axes,
//                  plus a quarter turn, put face to face along one of A's axes and then moved
//                  onto the library's contact boundary: the separating axes nearly coincide;
//   far            both shapes 1e6 to 1e15 (float) or 1e6 to 1e30 (double) from the origin, with
//                  sizes 1e-4 to 1e-1 of that distance (docs/ROBUSTNESS.md states the range).
//
// Case count: case_count() / 5 per pair, kind and scalar (20,000 per pair and scalar by default).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "collide2d/collide2d.hpp"
#include "generators.hpp"
#include "overlap_checker.hpp"
#include "property_support.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
namespace {

// ---- The direction a shape is aligned with (its first axis) ----

// A point, a circle and an Aabb: the x axis.
template <class S>
Vec2<double> axis_of(const S&) {
  return {1, 0};
}
template <class T>
Vec2<double> direction(Vec2<T> from, Vec2<T> to) {
  const double dx = static_cast<double>(to.x) - static_cast<double>(from.x);
  const double dy = static_cast<double>(to.y) - static_cast<double>(from.y);
  const double n = std::hypot(dx, dy);
  return n > 0 ? Vec2<double>{dx / n, dy / n} : Vec2<double>{1, 0};
}
template <class T>
Vec2<double> axis_of(const Segment<T>& s) {
  return direction(s.a, s.b);
}
template <class T>
Vec2<double> axis_of(const Capsule<T>& c) {
  return direction(c.a, c.b);
}
template <class T>
Vec2<double> axis_of(const Obb<T>& b) {
  return {static_cast<double>(b.rotation.c), static_cast<double>(b.rotation.s)};
}
template <class T>
Vec2<double> axis_of(const ConvexPolygon<T>& p) {
  return direction(p.vertices[0], p.vertices[1]);
}

// ---- A shape of size s at c aligned with the unit direction u ----

template <class T, class S>
void make_aligned(RandomShapes<T>& gen, Vec2<T> c, double s, Vec2<double>, S& out) {
  gen.make(c, s, out);  // point, circle, aabb: nothing to align
}
template <class T>
void make_aligned(RandomShapes<T>& gen, Vec2<T> c, double s, Vec2<double> u, Segment<T>& out) {
  const double half = s * gen.random().uniform(0.3, 1.0);
  out = {shifted(c, -half * u.x, -half * u.y), shifted(c, half * u.x, half * u.y)};
}
template <class T>
void make_aligned(RandomShapes<T>& gen, Vec2<T> c, double s, Vec2<double> u, Capsule<T>& out) {
  const double half = s * gen.random().uniform(0.1, 0.8);
  out = {shifted(c, -half * u.x, -half * u.y), shifted(c, half * u.x, half * u.y),
         static_cast<T>(s * gen.random().uniform(0.2, 0.6))};
}
template <class T>
Obb<T> aligned_box(RandomShapes<T>& gen, Vec2<T> c, double s, Vec2<double> u) {
  Random& r = gen.random();
  // The rounded direction is renormalised in T so that the box's rotation is valid.
  const Rot<T> rotation = Rot<T>::from_angle(static_cast<T>(std::atan2(u.y, u.x)));
  return {c, vec<T>(s * r.uniform(0.2, 1.0), s * r.uniform(0.2, 1.0)), rotation};
}
template <class T>
void make_aligned(RandomShapes<T>& gen, Vec2<T> c, double s, Vec2<double> u, Obb<T>& out) {
  out = aligned_box(gen, c, s, u);
}
template <class T>
void make_aligned(RandomShapes<T>& gen, Vec2<T> c, double s, Vec2<double> u,
                  ConvexPolygon<T>& out) {
  auto polygon = make_polygon(aligned_box(gen, c, s, u));
  if (polygon) {
    out = polygon.value();
  } else {
    gen.make(c, s, out);  // a box too thin to stay convex once rounded: any polygon will do
  }
}

// ---- The three kinds of case ----

template <class T, template <class> class A, template <class> class B>
void nested_case(RandomShapes<T>& gen, A<T>& a, B<T>& b) {
  Random& r = gen.random();
  const Site<T> site = gen.site();
  const double outer = gen.size(site);
  const double inner = outer * r.uniform(0.05, 0.4);
  const bool a_outside = r.chance(0.5);
  gen.make(site.center, a_outside ? outer : inner, a);
  gen.make(gen.around(site.center, 0.3 * outer), a_outside ? inner : outer, b);
}

template <class T>
double tiny_angle(Random& r) {
  const double lo = std::is_same_v<T, float> ? 1e-6 : 1e-9;
  const double hi = std::is_same_v<T, float> ? 1e-2 : 1e-3;
  return (r.chance(0.5) ? 1.0 : -1.0) * r.log_uniform(lo, hi);
}

template <class T, template <class> class A, template <class> class B>
void near_parallel_case(RandomShapes<T>& gen, A<T>& a, B<T>& b) {
  Random& r = gen.random();
  const Site<T> site = gen.site();
  const double sa = gen.size(site);
  const double sb = gen.size(site);
  gen.make(site.center, sa, a);
  const Vec2<double> u = axis_of(a);
  // One of A's four axis directions, exactly: a quarter turn of u.
  const int quarter = r.integer(0, 3);
  const Vec2<double> toward = quarter == 0   ? u
                              : quarter == 1 ? Vec2<double>{-u.y, u.x}
                              : quarter == 2 ? Vec2<double>{-u.x, -u.y}
                                             : Vec2<double>{u.y, -u.x};
  const double turn = tiny_angle<T>(r) + (pi<double> / 2) * r.integer(0, 3);
  const Vec2<double> v{u.x * std::cos(turn) - u.y * std::sin(turn),
                       u.x * std::sin(turn) + u.y * std::cos(turn)};
  const double gap = 1.2 * (sa + sb);
  make_aligned(gen, shifted(site.center, gap * toward.x, gap * toward.y), sb, v, b);
  move_to_contact(a, b, r);
}

template <class T>
double far_distance_of(Random& r) {
  const double top = std::is_same_v<T, float> ? 15 : 30;
  return std::pow(10.0, r.uniform(6, top));
}

template <class T, template <class> class A, template <class> class B>
void far_case(RandomShapes<T>& gen, A<T>& a, B<T>& b) {
  Random& r = gen.random();
  const double d = far_distance_of<T>(r);
  const double angle = r.angle();
  const Vec2<T> c = vec<T>(d * std::cos(angle), d * std::sin(angle));
  const double sa = d * r.log_uniform(1e-4, 1e-1);
  const double sb = d * r.log_uniform(1e-4, 1e-1);
  gen.make(c, sa, a);
  gen.make(gen.around(c, 1.2 * (sa + sb)), sb, b);
  if (r.chance(0.3)) move_to_contact(a, b, r);
}

template <class T, template <class> class A, template <class> class B>
void run_adversarial(const std::string& pair) {
  using Case = void (*)(RandomShapes<T>&, A<T>&, B<T>&);
  struct Kind {
    const char* name;
    Case make;
  };
  const Kind kinds[] = {{"nested", nested_case<T, A, B>},
                        {"near-parallel", near_parallel_case<T, A, B>},
                        {"far", far_case<T, A, B>}};
  const std::size_t n = std::max<std::size_t>(1, case_count() / 5);
  for (const Kind& kind : kinds) {
    PropertyRun<T> run(kind.name, pair);
    RandomShapes<T> gen(run.random());
    ExactBand<T> band;
    const auto generate = [&](A<T>& a, B<T>& b) { kind.make(gen, a, b); };
    for_cases<T, A, B>(n, generate, [&](std::size_t i, const A<T>& a, const B<T>& b) {
      check_overlap(run, band, i, a, b);
    });
    run.finish_overlap(false);
  }
}

#define COLLIDE2D_ADVERSARIAL_TESTS(A, B) \
  COLLIDE2D_PROPERTY_TESTS(AdversarialOverlap, run_adversarial, A, B)
COLLIDE2D_ALL_SHAPE_PAIRS(COLLIDE2D_ADVERSARIAL_TESTS)

}  // namespace
}  // namespace collide2d::property
