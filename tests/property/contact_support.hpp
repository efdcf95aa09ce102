// Shared pieces of the property tests of the contact queries (penetration, collide, distance,
// shape_cast) and of containment and areas: case counts, the pair generator with its near-contact,
// deep and coincident cases and per-query statistics.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <type_traits>

#include "collide2d/collide2d.hpp"
#include "exact_geometry.hpp"
#include "exact_reference.hpp"
#include "generators.hpp"
#include "property_support.hpp"

namespace collide2d::property {

// Random cases per pair, query and scalar type (lattice and constructed cases are a fifth):
//   COLLIDE2D_CONTACT_PROPERTY_CASES set  that many: ctest sets the test command's reduced count
//                                         (tests/property/CMakeLists.txt), which the presets'
//                                         COLLIDE2D_PROPERTY_CASES for the overlap tests must not
//                                         raise
//   else COLLIDE2D_PROPERTY_CASES set     half of it, like the overlap tests (2000: 1000;
//                                         scripts/differential.sh)
//   else                                  50000, the full run (scripts/contact-property-full.sh)
inline std::size_t contact_case_count() {
  static const std::size_t count = [] {
    const char* general = std::getenv("COLLIDE2D_PROPERTY_CASES");
    const bool halve = general != nullptr && *general != '\0';
    const std::size_t fallback = halve ? std::max<std::size_t>(1, case_count() / 2) : 50000;
    return count_from_environment("COLLIDE2D_CONTACT_PROPERTY_CASES", fallback);
  }();
  return count;
}

// Lattice and constructed cases per pair, query and scalar type: a fifth of the random ones.
inline std::size_t lattice_contact_case_count() {
  return std::max<std::size_t>(1, contact_case_count() / 5);
}

enum class CaseKind { random, near_contact, deep, coincident };

// One case of the pair (A, B):
//   random        centres uniform within spread * (size_a + size_b)            55%
//   near_contact  a random case moved to where overlaps() flips (bisection)     20%
//   deep          a small shape well inside one with an area                    15%
//   coincident    both made around the same centre                              10%
// 15% of them far from the origin (generators.hpp). Points never hit at random, so a point meets a
// point or a segment exactly in half of those cases (as in the overlap tests).
template <class T, template <class> class A, template <class> class B>
CaseKind contact_case(RandomShapes<T>& gen, A<T>& a, B<T>& b) {
  Random& r = gen.random();
  const Site<T> site = gen.site();
  constexpr bool a_point = std::is_same_v<A<T>, Point<T>>;
  constexpr bool b_point = std::is_same_v<B<T>, Point<T>>;
  const double sa = a_point ? 0.0 : gen.size(site);
  const double sb = b_point ? 0.0 : gen.size(site);
  const double u = r.unit();
  if constexpr (a_point && b_point) {
    a = site.center;
    if (r.chance(0.5)) {
      b = a;
      return CaseKind::coincident;
    }
    b = gen.around(a, gen.size(site));
    if (r.chance(0.3)) {
      b = a;
      for (int i = r.integer(1, 4); i > 0; --i)
        b.x = std::nextafter(b.x, std::numeric_limits<T>::max());
      return CaseKind::near_contact;
    }
    return CaseKind::random;
  } else if constexpr (a_point && std::is_same_v<B<T>, Segment<T>>) {
    if (r.chance(0.5)) {
      point_on_segment(r, site.center, a, b);
      return CaseKind::deep;
    }
  } else if constexpr (b_point && std::is_same_v<A<T>, Segment<T>>) {
    if (r.chance(0.5)) {
      point_on_segment(r, site.center, b, a);
      return CaseKind::deep;
    }
  }
  if (u < 0.15) {
    // Deep: B small inside A (or A inside B when only B has an area; crossing segments when
    // neither has).
    if constexpr (has_area_v<A<T>>) {
      gen.make(site.center, sa, a);
      gen.make(gen.around(site.center, 0.3 * sa),
               (b_point ? 0.0 : 1.0) * sa * r.uniform(0.05, 0.35), b);
    } else if constexpr (has_area_v<B<T>>) {
      gen.make(site.center, sb, b);
      gen.make(gen.around(site.center, 0.3 * sb),
               (a_point ? 0.0 : 1.0) * sb * r.uniform(0.05, 0.35), a);
    } else {
      gen.make(site.center, sa, a);
      gen.make(site.center, sb, b);
    }
    return CaseKind::deep;
  }
  if (u < 0.25) {
    gen.make(site.center, sa, a);
    gen.make(site.center, sb, b);
    return CaseKind::coincident;
  }
  gen.make(site.center, sa, a);
  gen.make(gen.around(site.center, spread<A, B>() * (sa + sb)), sb, b);
  if (u < 0.45 && move_to_contact(a, b, r)) return CaseKind::near_contact;
  return CaseKind::random;
}

// B as the same set as A, where the types allow it (a copy, or A as another shape type).
template <class T, class A, class B>
bool same_set(const A& a, B& b) {
  if constexpr (std::is_same_v<A, B>) {
    b = a;
    return true;
  } else if constexpr (std::is_same_v<B, ConvexPolygon<T>> &&
                       (std::is_same_v<A, Aabb<T>> || std::is_same_v<A, Obb<T>>)) {
    auto p = make_polygon(a);
    if (!p) return false;
    b = p.value();
    return true;
  } else if constexpr (std::is_same_v<A, Aabb<T>> && std::is_same_v<B, Obb<T>>) {
    b = {a.center(), a.half_extents(), Rot<T>::identity()};
    return true;
  } else if constexpr (std::is_same_v<A, Circle<T>> && std::is_same_v<B, Capsule<T>>) {
    b = {a.center, a.center, a.radius};
    return true;
  } else {
    return false;
  }
}

// A T value as an exact rational.
template <class T>
mpq_class q_of(T v) {
  return reference::to_q(v);
}

// |v|_inf of a vector, in double.
template <class T>
double inf_norm(Vec2<T> v) {
  return std::max(std::abs(static_cast<double>(v.x)), std::abs(static_cast<double>(v.y)));
}

}  // namespace collide2d::property
