// Private: explicit instantiation of the any-pair query templates for every shape pair (both
// orders) and both scalars. COLLIDE2D_INSTANTIATE_ALL_PAIRS(X) calls X(A, B) for the 49 ordered
// pairs of float shapes and the 49 of double shapes.
#pragma once

#define COLLIDE2D_PAIRS_WITH(X, A, T) \
  X(A, Vec2<T>)                       \
  X(A, Segment<T>)                    \
  X(A, Circle<T>)                     \
  X(A, Capsule<T>)                    \
  X(A, Aabb<T>)                       \
  X(A, Obb<T>)                        \
  X(A, ConvexPolygon<T>)

#define COLLIDE2D_ALL_PAIRS_OF(X, T)     \
  COLLIDE2D_PAIRS_WITH(X, Vec2<T>, T)    \
  COLLIDE2D_PAIRS_WITH(X, Segment<T>, T) \
  COLLIDE2D_PAIRS_WITH(X, Circle<T>, T)  \
  COLLIDE2D_PAIRS_WITH(X, Capsule<T>, T) \
  COLLIDE2D_PAIRS_WITH(X, Aabb<T>, T)    \
  COLLIDE2D_PAIRS_WITH(X, Obb<T>, T)     \
  COLLIDE2D_PAIRS_WITH(X, ConvexPolygon<T>, T)

#define COLLIDE2D_INSTANTIATE_ALL_PAIRS(X) \
  COLLIDE2D_ALL_PAIRS_OF(X, float)         \
  COLLIDE2D_ALL_PAIRS_OF(X, double)
