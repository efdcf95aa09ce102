// The specialised paths of overlaps must agree with the general one: a pair of Obbs (four-axis
// projection-radius test) or an Aabb and an Obb, and the same boxes as ConvexPolygons (separating
// axes over the edges), give the same answer on every case outside the tolerance band, and both
// agree with the exact reference there.
#include <gtest/gtest.h>

#include <cstdio>

#include "collide2d/collide2d.hpp"
#include "exact_reference.hpp"
#include "property_support.hpp"

namespace collide2d::property {
namespace {

template <class T, class A, class B>
void check_pair(const A& a, const B& b, QueryStats& stats) {
  const bool fast = overlaps(a, b);
  const bool general = overlaps(make_polygon(a).value(), make_polygon(b).value());
  const double scale = std::max(scale_of(a), scale_of(b));
  const reference::Exact exact = reference::classify(a, b, reference::to_q(tolerance<T>(scale)));
  ++stats.cases;
  stats.hits += reference::overlaps(exact) ? 1 : 0;
  if (!reference::is_clear_cut(exact)) {
    ++stats.in_band;
    stats.in_band_disagreements += fast != general ? 1 : 0;
    return;
  }
  if (fast != reference::overlaps(exact) || general != reference::overlaps(exact)) {
    ++stats.disagreements;
    ADD_FAILURE() << "fast " << fast << ", general " << general << ", exact "
                  << reference::to_string(exact) << "\n  " << describe(a) << "\n  " << describe(b);
  }
}

template <class T>
Obb<T> random_box(Random& random) {
  const Vec2<T> centre{static_cast<T>(random.uniform(-4, 4)),
                       static_cast<T>(random.uniform(-4, 4))};
  const Vec2<T> half{static_cast<T>(random.uniform(0.2, 2)),
                     static_cast<T>(random.uniform(0.2, 2))};
  return {centre, half, Rot<T>::from_angle(static_cast<T>(random.angle()))};
}

// B slid along the line of centres to where the fast path's answer flips (bisection): a case at
// the very edge of the band, where the two paths are most likely to part.
template <class T>
Obb<T> moved_to_contact(const Obb<T>& a, Obb<T> b) {
  const Vec2<T> from = b.center;
  const Vec2<T> towards = a.center;
  double apart = 0;  // parameter along from -> towards: 0 is b as drawn
  double touching = 1;
  const auto at = [&](double t) {
    Obb<T> moved = b;
    moved.center = lerp(from, towards, static_cast<T>(t));
    return moved;
  };
  if (overlaps(a, b)) return b;
  for (int i = 0; i < 60; ++i) {
    const double middle = 0.5 * (apart + touching);
    (overlaps(a, at(middle)) ? touching : apart) = middle;
  }
  return at(touching);
}

template <class T>
void run(const char* name) {
  Random random(seed_of(name));
  QueryStats obb_pairs;
  QueryStats aabb_obb_pairs;
  for (std::size_t i = 0; i < case_count(); ++i) {
    const Obb<T> a = random_box<T>(random);
    Obb<T> b = random_box<T>(random);
    if (random.unit() < 0.2) b = moved_to_contact(a, b);
    check_pair<T>(a, b, obb_pairs);
    check_pair<T>(bounding_box(a), b, aabb_obb_pairs);
  }
  for (const QueryStats* stats : {&obb_pairs, &aabb_obb_pairs}) {
    stats->print_overlap("fast-path",
                         stats == &obb_pairs ? "Obb-Obb as polygons" : "Aabb-Obb as polygons",
                         scalar_name<T>());
    EXPECT_EQ(stats->disagreements, 0u);
    expect_hit_rate(*stats, name);
  }
}

TEST(FastPathAgreement, BoxesAsPolygons_float) {
  run<float>("FastPathAgreement.float");
}
TEST(FastPathAgreement, BoxesAsPolygons_double) {
  run<double>("FastPathAgreement.double");
}

}  // namespace
}  // namespace collide2d::property
