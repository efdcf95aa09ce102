// The batch kernels for every SIMD target Highway compiles, and the run-time dispatch to the best
// one (foreach_target.h compiles this file once per target).
//
// A kernel fills whole 64-answer words: one-against-many loads the batch columns (padded to whole
// words, so loads never need a tail), pairwise gathers each lane's two shapes into a small buffer.
// Sizeless vector types (SVE, RVV) cannot live in the arrays used here, so those targets are left
// out; their CPUs get NEON or scalar code.
//
// WebAssembly has no run-time dispatch (and no libhwy): both targets it can have, WASM (simd128)
// and EMU128 (plain C++), are compiled and called directly. Highway 1.0's WASM target has no
// double lanes, so the double kernels run on EMU128 there and the float kernels on WASM.
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS (HWY_SVE | HWY_SVE2 | HWY_SVE_256 | HWY_SVE2_128 | HWY_RVV)
#endif
#if defined(__EMSCRIPTEN__) && !defined(HWY_COMPILE_ALL_ATTAINABLE)
#define HWY_COMPILE_ALL_ATTAINABLE
#endif

#include <cmath>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "batch/simd_kernels.cpp"
#include "hwy/foreach_target.h"  // IWYU pragma: keep

// Must come after foreach_target.h.
#include "batch/kernel_call.hpp"
#include "batch/lane_tests-inl.hpp"
#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace collide2d::detail::HWY_NAMESPACE {

// The answers of one vector as bits 0 .. N-1.
template <class D>
HWY_INLINE std::uint64_t MaskBits(D d, M<D> mask) {
  std::uint8_t bytes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  hn::StoreMaskBits(d, mask, bytes);
  std::uint64_t bits = 0;
  hwy::CopyBytes<8>(bytes, &bits);
  return bits;
}

template <class D>
HWY_INLINE void LoadFields(D d, const hn::TFromD<D>* const* columns, std::size_t fields,
                           std::size_t i, V<D>* out) {
  for (std::size_t f = 0; f < fields; ++f)
    out[f] = hn::LoadU(d, columns[f] + i);
}

template <class D>
HWY_INLINE void BroadcastFields(D d, const hn::TFromD<D>* values, std::size_t fields, V<D>* out) {
  for (std::size_t f = 0; f < fields; ++f)
    out[f] = hn::Set(d, values[f]);
}

// Lanes k .. k + N - 1 of a pair list: side a or b of each pair; zeros past the end of the list.
template <class D>
HWY_INLINE void GatherFields(D d, const hn::TFromD<D>* const* columns, std::size_t fields,
                             const BatchPair* pairs, std::size_t pair_count, bool side_a,
                             std::size_t k, V<D>* out) {
  using T = hn::TFromD<D>;
  HWY_ALIGN T buffer[max_fields][HWY_MAX_BYTES / sizeof(T)];
  const std::size_t lanes = hn::Lanes(d);
  for (std::size_t lane = 0; lane < lanes; ++lane) {
    const bool used = k + lane < pair_count;
    const std::uint32_t index = used ? (side_a ? pairs[k + lane].a : pairs[k + lane].b) : 0;
    for (std::size_t f = 0; f < fields; ++f)
      buffer[f][lane] = used ? columns[f][index] : T(0);
  }
  for (std::size_t f = 0; f < fields; ++f)
    out[f] = hn::Load(d, buffer[f]);
}

template <class Test, bool QueryIsB, class T>
void OneAgainstMany(const KernelCall<T>& call) {
  using D = hn::ScalableTag<T>;
  const D d;
  const std::size_t lanes = hn::Lanes(d);
  constexpr std::size_t query_fields = QueryIsB ? Test::fields_b : Test::fields_a;
  constexpr std::size_t item_fields = QueryIsB ? Test::fields_a : Test::fields_b;
  V<D> query[max_fields];
  V<D> items[max_fields];
  BroadcastFields(d, call.query, query_fields, query);
  for (std::size_t w = call.first_word; w < call.last_word; ++w) {
    std::uint64_t word = 0;
    for (std::size_t j = 0; j < 64; j += lanes) {
      LoadFields(d, call.b, item_fields, w * 64 + j, items);
      const auto hit = QueryIsB ? Test::Apply(d, items, query) : Test::Apply(d, query, items);
      word |= MaskBits(d, hit) << j;
    }
    call.words[w] = word;
  }
}

template <class Test, class T>
void Pairwise(const KernelCall<T>& call) {
  using D = hn::ScalableTag<T>;
  const D d;
  const std::size_t lanes = hn::Lanes(d);
  V<D> a[max_fields];
  V<D> b[max_fields];
  for (std::size_t w = call.first_word; w < call.last_word; ++w) {
    std::uint64_t word = 0;
    for (std::size_t j = 0; j < 64; j += lanes) {
      const std::size_t k = w * 64 + j;
      GatherFields(d, call.a, Test::fields_a, call.pairs, call.pair_count, true, k, a);
      GatherFields(d, call.b, Test::fields_b, call.pairs, call.pair_count, false, k, b);
      word |= MaskBits(d, Test::Apply(d, a, b)) << j;
    }
    call.words[w] = word;
  }
}

// Appends the hit lanes of one vector (answers k .. k + N - 1) to the call's hit list. Taken only
// for a vector with a hit, which for one ray against many boxes is rare.
template <class D>
HWY_NOINLINE void AppendHits(D d, const KernelCall<hn::TFromD<D>>& call, std::size_t k,
                             std::uint64_t bits, V<D> t_enter, V<D> t_exit) {
  using T = hn::TFromD<D>;
  HWY_ALIGN T enter[HWY_MAX_BYTES / sizeof(T)];
  HWY_ALIGN T exit[HWY_MAX_BYTES / sizeof(T)];
  hn::Store(t_enter, d, enter);
  hn::Store(t_exit, d, exit);
  for (; bits != 0; bits &= bits - 1) {
    const std::size_t lane = static_cast<std::size_t>(hwy::Num0BitsBelowLS1Bit_Nonzero64(bits));
    if (k + lane >= call.answer_count) break;  // padding past the last box
    call.hit_list->push_back({static_cast<std::uint32_t>(k + lane), enter[lane], exit[lane]});
  }
}

// Writes answers [64 first_word, 64 last_word) of a ray kernel: the hit bits and t_enter /
// t_exit. test(k, t_enter, t_exit) answers lanes k .. k + N - 1.
template <class D, class Test>
HWY_INLINE void WriteRayAnswers(D d, const KernelCall<hn::TFromD<D>>& call, Test test) {
  const std::size_t lanes = hn::Lanes(d);
  V<D> t_enter;
  V<D> t_exit;
  for (std::size_t w = call.first_word; w < call.last_word; ++w) {
    std::uint64_t word = 0;
    for (std::size_t j = 0; j < 64; j += lanes) {
      const std::size_t k = w * 64 + j;
      word |= MaskBits(d, test(k, t_enter, t_exit)) << j;
      hn::StoreU(t_enter, d, call.t_enter + k);
      hn::StoreU(t_exit, d, call.t_exit + k);
    }
    call.words[w] = word;
  }
}

// One ray against boxes [64 first_word, 64 last_word): hits listed, or every answer written.
template <bool PlainRay, class T>
void OneRayAgainstBoxes(const KernelCall<T>& call) {
  using D = hn::ScalableTag<T>;
  const D d;
  V<D> ray[max_fields];
  V<D> box[max_fields];
  BroadcastFields(d, call.query, 5, ray);
  const PreparedRays<D> prepared = PrepareRays(d, ray);
  if (call.hit_list != nullptr) {
    V<D> t_enter;
    V<D> t_exit;
    for (std::size_t k = call.first_word * 64; k < call.last_word * 64; k += hn::Lanes(d)) {
      LoadFields(d, call.b, 4, k, box);
      const M<D> hit = RayAabb<PlainRay>(d, prepared, box, t_enter, t_exit);
      if (HWY_UNLIKELY(!hn::AllFalse(d, hit)))
        AppendHits(d, call, k, MaskBits(d, hit), t_enter, t_exit);
    }
    return;
  }
  WriteRayAnswers(d, call, [&](std::size_t k, V<D>& t_enter, V<D>& t_exit) HWY_ATTR {
    LoadFields(d, call.b, 4, k, box);
    return RayAabb<PlainRay>(d, prepared, box, t_enter, t_exit);
  });
}

template <class T>
void RayBoxPairs(const KernelCall<T>& call) {
  using D = hn::ScalableTag<T>;
  const D d;
  V<D> ray[max_fields];
  V<D> box[max_fields];
  WriteRayAnswers(d, call, [&](std::size_t k, V<D>& t_enter, V<D>& t_exit) HWY_ATTR {
    GatherFields(d, call.a, 5, call.pairs, call.pair_count, true, k, ray);
    GatherFields(d, call.b, 4, call.pairs, call.pair_count, false, k, box);
    return RayAabb<false>(d, PrepareRays(d, ray), box, t_enter, t_exit);
  });
}

// A ray that is finite and has a non-zero direction takes the slab test alone (RayAabb's
// PlainRay); others, rare, the general one.
template <class T>
void RaysAgainstBoxes(const KernelCall<T>& call) {
  if (call.pairs != nullptr) return RayBoxPairs(call);
  const T* r = call.query;  // origin x, y, direction x, y, max_t
  const bool finite = std::isfinite(r[0]) && std::isfinite(r[1]) && std::isfinite(r[2]) &&
                      std::isfinite(r[3]) && !std::isnan(r[4]);
  const bool zero_direction = r[2] == T(0) && r[3] == T(0);
  if (finite && !zero_direction) return OneRayAgainstBoxes<true>(call);
  return OneRayAgainstBoxes<false>(call);
}

template <class T>
void Run(const KernelCall<T>& call) {
  const bool pairwise = call.pairs != nullptr;
  switch (call.kind) {
    case KernelKind::obb_obb:
      return pairwise ? Pairwise<ObbObbTest>(call) : OneAgainstMany<ObbObbTest, false>(call);
    case KernelKind::circle_obb:
      return pairwise ? Pairwise<CircleObbTest>(call) : OneAgainstMany<CircleObbTest, false>(call);
    case KernelKind::aabb_aabb:
      return pairwise ? Pairwise<AabbAabbTest>(call) : OneAgainstMany<AabbAabbTest, false>(call);
    case KernelKind::aabb_obb:
      if (pairwise) return Pairwise<AabbObbTest>(call);
      return call.query_is_b ? OneAgainstMany<AabbObbTest, true>(call)
                             : OneAgainstMany<AabbObbTest, false>(call);
    case KernelKind::ray_aabb:
      return RaysAgainstBoxes(call);
  }
}

void RunFloat(const KernelCall<float>& call) {
  Run(call);
}
#if HWY_HAVE_FLOAT64
void RunDouble(const KernelCall<double>& call) {
  Run(call);
}
#endif
const char* CurrentTargetName() {
  return hwy::TargetName(HWY_TARGET);
}

}  // namespace collide2d::detail::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace collide2d {
namespace detail {

#if HWY_ARCH_WASM
// The float kernels on the best target compiled (WASM with -msimd128), the double ones on EMU128.
void run_kernel(const KernelCall<float>& call) {
  HWY_STATIC_DISPATCH(RunFloat)(call);
}
void run_kernel(const KernelCall<double>& call) {
  N_EMU128::RunDouble(call);
}
const char* dispatched_target_name() {
  return HWY_STATIC_DISPATCH(CurrentTargetName)();
}
const char* dispatched_double_target_name() {
  return N_EMU128::CurrentTargetName();
}
#else
HWY_EXPORT(RunFloat);
HWY_EXPORT(RunDouble);
HWY_EXPORT(CurrentTargetName);

void run_kernel(const KernelCall<float>& call) {
  HWY_DYNAMIC_DISPATCH(RunFloat)(call);
}
void run_kernel(const KernelCall<double>& call) {
  HWY_DYNAMIC_DISPATCH(RunDouble)(call);
}
const char* dispatched_target_name() {
  return HWY_DYNAMIC_DISPATCH(CurrentTargetName)();
}
const char* dispatched_double_target_name() {
  return dispatched_target_name();
}
#endif

}  // namespace detail

const char* batch_simd_target() {
  return detail::dispatched_target_name();
}
template <>
const char* batch_simd_target<float>() {
  return detail::dispatched_target_name();
}
template <>
const char* batch_simd_target<double>() {
  return detail::dispatched_double_target_name();
}

}  // namespace collide2d
#endif  // HWY_ONCE
