// Private: explicit instantiation of the any-pair query templates for the pairs with a
// RoundedPolygon (collide2d/rounded.hpp), both orders and both scalars: X(A, B) for the 15 ordered
// pairs of float shapes and the 15 of double shapes. Kept apart from instantiate_pairs.hpp, whose
// list is the Shape variant's.
#pragma once

#include "collide2d/rounded.hpp"
#include "detail/instantiate_pairs.hpp"

#define COLLIDE2D_ROUNDED_PAIRS_OF(X, T)        \
  COLLIDE2D_PAIRS_WITH(X, RoundedPolygon<T>, T) \
  X(RoundedPolygon<T>, RoundedPolygon<T>)       \
  X(Vec2<T>, RoundedPolygon<T>)                 \
  X(Segment<T>, RoundedPolygon<T>)              \
  X(Circle<T>, RoundedPolygon<T>)               \
  X(Capsule<T>, RoundedPolygon<T>)              \
  X(Aabb<T>, RoundedPolygon<T>)                 \
  X(Obb<T>, RoundedPolygon<T>)                  \
  X(ConvexPolygon<T>, RoundedPolygon<T>)

#define COLLIDE2D_INSTANTIATE_ROUNDED_PAIRS(X) \
  COLLIDE2D_ROUNDED_PAIRS_OF(X, float)         \
  COLLIDE2D_ROUNDED_PAIRS_OF(X, double)
