// collide2d/detail/force_inline.hpp - not part of the API: inlines a small hot function whose call
// would cost more than its body. GCC 12 keeps box_span (used by three ray casts) out of line, and
// the call spills the ray to the stack.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define COLLIDE2D_FORCE_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define COLLIDE2D_FORCE_INLINE __forceinline
#else
#define COLLIDE2D_FORCE_INLINE inline
#endif

// A function without side effects, whose result depends on its arguments and the memory they point
// to alone: the compiler may keep values in registers across a call to it.
#if defined(__GNUC__) || defined(__clang__)
#define COLLIDE2D_PURE __attribute__((pure))
#else
#define COLLIDE2D_PURE
#endif
