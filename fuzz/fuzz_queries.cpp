// Fuzz target: every query on every pair of shapes read from raw bytes, float and double.
//
// On any input (invalid shapes, NaN, infinities, denormals, out-of-range polygon counts): no crash,
// no undefined behaviour (ASan, UBSan), no hang (libFuzzer's -timeout), and overlaps is symmetric.
// On valid shapes of moderate size the answers must agree with each other outside the tolerance
// band: overlaps with distance == 0 and with penetration, collide with penetration, containment
// with overlap, areas within their bounds, ray and cast parameters within their ranges, giou,
// diou and ciou symmetric and within theirs. A polygon A is also rounded (fuzz_rounded.hpp), and
// a polygon B with it.
#include <algorithm>
#include <variant>

#include "fuzz_input.hpp"
#include "fuzz_rounded.hpp"

namespace collide2d::fuzz {
namespace {

// The band within which float answers may legitimately part (see docs/ROBUSTNESS.md), widened
// tenfold: the fuzzer is after gross inconsistencies; the exact differential tests bound the rest.
template <class T>
T band(T scale) {
  return T(640) * std::numeric_limits<T>::epsilon() * std::max(T(1), scale);
}

// The options of shape_cast and collide, read from the input: any bits, so invalid ones too.
template <class T>
struct FuzzOptions {
  CastOptions<T> cast;
  CollideOptions<T> contact;
  T density;
};

// Options: a valid one gives an answer in its documented range, an invalid one InvalidQuery.
template <class T, class A, class B>
void check_options(const A& a, const B& b, Vec2<T> motion_a, Vec2<T> motion_b,
                   const FuzzOptions<T>& options) {
  const bool valid_cast = options.cast.max_time >= T(0);
  try {
    const auto cast = shape_cast(a, motion_a, b, motion_b, options.cast);
    COLLIDE2D_FUZZ_CHECK(valid_cast);
    if (cast) {
      COLLIDE2D_FUZZ_CHECK(cast->t >= T(0) && cast->t <= options.cast.max_time);
      COLLIDE2D_FUZZ_CHECK(cast->iterations >= 1 && cast->iterations <= 64);
    }
  } catch (const InvalidQuery&) {
    COLLIDE2D_FUZZ_CHECK(!valid_cast);
  }
  const T p = options.contact.prediction;
  const bool valid_prediction = p >= T(0) && p < std::numeric_limits<T>::infinity();
  try {
    const Manifold<T> m = collide(a, b, options.contact);
    COLLIDE2D_FUZZ_CHECK(valid_prediction);
    COLLIDE2D_FUZZ_CHECK(m.point_count >= 0 && m.point_count <= 2);
    // Prediction only adds contacts: every pair in contact stays in contact.
    if (is_valid(a) && is_valid(b) && p <= T(1e4) && collide(a, b).point_count > 0)
      COLLIDE2D_FUZZ_CHECK(m.point_count > 0);
  } catch (const InvalidQuery&) {
    COLLIDE2D_FUZZ_CHECK(!valid_prediction);
  }
}

// mass_properties: a defined answer on any input; valid densities only (InvalidQuery otherwise),
// and for a valid shape of moderate size and density, no NaN (the property tests bound the
// values against exact rationals).
template <class T, class S>
void check_mass(const S& shape, T density) {
  const bool valid = density >= T(0) && density < std::numeric_limits<T>::infinity();
  try {
    const MassProperties<T> m = mass_properties(shape, density);
    COLLIDE2D_FUZZ_CHECK(valid);
    if (is_valid(shape) && magnitude(Shape<T>{shape}) < T(1e4) && density < T(1e4)) {
      COLLIDE2D_FUZZ_CHECK(m.mass == m.mass && m.inertia == m.inertia);
      COLLIDE2D_FUZZ_CHECK(m.centroid.x == m.centroid.x && m.centroid.y == m.centroid.y);
    }
  } catch (const InvalidQuery&) {
    COLLIDE2D_FUZZ_CHECK(!valid);
  }
}

template <class T, class A, class B>
void check_pair(const A& a, const B& b, const Ray<T>& ray, Vec2<T> motion_a, Vec2<T> motion_b,
                const FuzzOptions<T>& options) {
  // Every query runs on every input: the contract is a defined answer, whatever the bits.
  const bool overlap = overlaps(a, b);
  COLLIDE2D_FUZZ_CHECK(overlap == overlaps(b, a));
  const DistanceResult<T> d = distance(a, b);
  const auto pen = penetration(a, b);
  const Manifold<T> manifold = collide(a, b);
  const bool inside = contains(a, b);
  const bool strictly = contains_strictly(a, b);
  const auto cast = shape_cast(a, motion_a, b, motion_b);
  const auto hit_a = raycast(ray, a);
  check_options(a, b, motion_a, motion_b, options);
  check_mass(a, options.density);
  if constexpr (std::is_same_v<A, Segment<T>>) {
    // One-sided: a front hit is a two-sided hit, on every input.
    const auto front = raycast(ray, a, SegmentSides::front);
    if (front) COLLIDE2D_FUZZ_CHECK(hit_a.has_value());
    const auto both = raycast(ray, a, SegmentSides::both);
    COLLIDE2D_FUZZ_CHECK(both.has_value() == hit_a.has_value());
  }
  if constexpr (is_area_query_shape_v<A> && is_area_query_shape_v<B>) {
    const T shared = intersection_area(a, b);
    const T ratio = iou(a, b);
    const T scale = std::max(magnitude(Shape<T>{a}), magnitude(Shape<T>{b}));
    // Within the documented range (squares finite, see docs/ROBUSTNESS.md).
    if (is_valid(a) && is_valid(b) && scale < T(1e4)) {
      const T slack = band(scale) * std::max(T(1), scale);
      COLLIDE2D_FUZZ_CHECK(shared >= T(0));
      COLLIDE2D_FUZZ_CHECK(shared <= std::min(area(a), area(b)) + slack);
      COLLIDE2D_FUZZ_CHECK(!(ratio < T(0)) && !(ratio > T(1) + T(1e-3)));
      if (!overlap) COLLIDE2D_FUZZ_CHECK(shared <= slack);
    }
  }
  // The generalised IoUs: defined on any input; on valid shapes in range, symmetric to the bit,
  // within their ranges, and giou at most iou (the hull contains the union).
  if constexpr (is_intersection_shape_v<A> && is_intersection_shape_v<B>) {
    const T g = giou(a, b);
    const T g_ba = giou(b, a);
    const T scale = std::max(magnitude(Shape<T>{a}), magnitude(Shape<T>{b}));
    if (is_valid(a) && is_valid(b) && scale < T(1e4)) {
      COLLIDE2D_FUZZ_CHECK(g == g_ba);
      COLLIDE2D_FUZZ_CHECK(g >= T(-1) && g <= T(1));
      COLLIDE2D_FUZZ_CHECK(g <= iou(a, b));
    }
    if constexpr (is_box_v<A> && is_box_v<B>) {
      const T di = diou(a, b);
      const T ci = ciou(a, b);
      if (is_valid(a) && is_valid(b) && scale < T(1e4)) {
        COLLIDE2D_FUZZ_CHECK(di == diou(b, a) && ci == ciou(b, a));
        COLLIDE2D_FUZZ_CHECK(di >= T(-1) && di <= T(1) && ci >= T(-2) && ci <= di);
      }
    }
  }

  if (hit_a) {
    COLLIDE2D_FUZZ_CHECK(hit_a->t_enter <= hit_a->t_exit);
    COLLIDE2D_FUZZ_CHECK(hit_a->t_enter >= T(0) && hit_a->t_exit <= ray.max_t);
  }
  if (cast) COLLIDE2D_FUZZ_CHECK(cast->t >= T(0) && cast->t <= T(1) && cast->iterations <= 64);
  COLLIDE2D_FUZZ_CHECK((manifold.point_count > 0) == pen.has_value());
  COLLIDE2D_FUZZ_CHECK(manifold.point_count >= 0 && manifold.point_count <= 2);

  // Cross-checks need valid shapes whose squares cannot overflow.
  const Shape<T> sa = a;
  const Shape<T> sb = b;
  if (!is_valid(a) || !is_valid(b)) return;
  const T scale = std::max(magnitude(sa), magnitude(sb));
  if (!(scale < T(1e4))) return;
  const T tol = band(scale);
  COLLIDE2D_FUZZ_CHECK(d.distance >= T(0));
  COLLIDE2D_FUZZ_CHECK(std::abs(d.distance - distance(b, a).distance) <= tol);
  if (overlap) {
    COLLIDE2D_FUZZ_CHECK(d.distance <= tol);
    COLLIDE2D_FUZZ_CHECK(pen.has_value() || d.distance <= tol);
  } else {
    COLLIDE2D_FUZZ_CHECK(!pen || pen->depth <= tol);
  }
  if (pen) {
    COLLIDE2D_FUZZ_CHECK(pen->depth >= T(0));
    COLLIDE2D_FUZZ_CHECK(std::abs(length(pen->normal) - T(1)) <= T(1e-3));
  }
  if (inside) COLLIDE2D_FUZZ_CHECK(overlap || d.distance <= tol);
  if (strictly &&
      (has_area_v<A> && !std::is_same_v<A, Circle<T>> && !std::is_same_v<A, Capsule<T>>)) {
    COLLIDE2D_FUZZ_CHECK(inside);  // same comparisons, strict: implies the closed one exactly
  }
}

template <class T>
void run(FuzzedDataProvider& in) {
  const Shape<T> a = read_shape<T>(in);
  const Shape<T> b = read_shape<T>(in);
  const Ray<T> ray = read_ray<T>(in);
  const Vec2<T> motion_a = read_vec<T>(in);
  const Vec2<T> motion_b = read_vec<T>(in);
  FuzzOptions<T> options;
  options.cast.max_time = read_scalar<T>(in);
  options.cast.stop_at_penetration = in.ConsumeBool();
  options.contact.prediction = read_scalar<T>(in);
  options.density = read_scalar<T>(in);
  std::visit(
      [&](const auto& x, const auto& y) { check_pair<T>(x, y, ray, motion_a, motion_b, options); },
      a, b);
  // The variant entry points agree with the typed ones.
  COLLIDE2D_FUZZ_CHECK(overlaps(a, b) == overlaps(b, a));
  // A polygon A once more, rounded by a radius read last (so the bytes before keep their meaning
  // for the corpus): fuzz_rounded.hpp.
  if (const auto* polygon = std::get_if<ConvexPolygon<T>>(&a)) {
    const RoundedPolygon<T> rounded{*polygon, read_scalar<T>(in)};
    std::visit(
        [&](const auto& y) {
          check_rounded<T>(rounded, y, ray, motion_a, motion_b, options.density);
        },
        b);
    // And a polygon B rounded too, by a radius read after A's: two rounded polygons.
    if (const auto* other = std::get_if<ConvexPolygon<T>>(&b)) {
      const RoundedPolygon<T> rounded_b{*other, read_scalar<T>(in)};
      check_rounded<T>(rounded, rounded_b, ray, motion_a, motion_b, options.density);
    }
  }
}

}  // namespace
}  // namespace collide2d::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  if (in.ConsumeBool()) {
    collide2d::fuzz::run<float>(in);
  } else {
    collide2d::fuzz::run<double>(in);
  }
  return 0;
}
