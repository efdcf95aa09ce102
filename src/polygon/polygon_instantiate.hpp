// Private: f(S) for every shape of the Shape variant, for the explicit instantiations of the
// polygon queries (polygon.hpp) against each of them.
#pragma once

#define COLLIDE2D_FOR_EACH_VARIANT_SHAPE(F) \
  F(Point)                                  \
  F(Segment)                                \
  F(Circle)                                 \
  F(Capsule)                                \
  F(Aabb)                                   \
  F(Obb)                                    \
  F(ConvexPolygon)                          \
  F(RoundedPolygon)
