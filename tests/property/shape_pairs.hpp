// The lists of shape pairs the property tests are written for: X(A, B) for each pair.
#pragma once

// The 13 pairs whose first shape is a point or a segment, in the order of the Shape variant.
#define COLLIDE2D_THIN_SHAPE_PAIRS(X) \
  X(Point, Point)                     \
  X(Point, Segment)                   \
  X(Point, Circle)                    \
  X(Point, Capsule)                   \
  X(Point, Aabb)                      \
  X(Point, Obb)                       \
  X(Point, ConvexPolygon)             \
  X(Segment, Segment)                 \
  X(Segment, Circle)                  \
  X(Segment, Capsule)                 \
  X(Segment, Aabb)                    \
  X(Segment, Obb)                     \
  X(Segment, ConvexPolygon)

// The 6 pairs of Aabb, Obb and ConvexPolygon, in the order of the Shape variant.
#define COLLIDE2D_BOX_POLYGON_PAIRS(X) \
  X(Aabb, Aabb)                        \
  X(Aabb, Obb)                         \
  X(Aabb, ConvexPolygon)               \
  X(Obb, Obb)                          \
  X(Obb, ConvexPolygon)                \
  X(ConvexPolygon, ConvexPolygon)

// The 15 pairs of two shapes with an area.
#define COLLIDE2D_SOLID_SHAPE_PAIRS(X) \
  X(Circle, Circle)                    \
  X(Circle, Capsule)                   \
  X(Circle, Aabb)                      \
  X(Circle, Obb)                       \
  X(Circle, ConvexPolygon)             \
  X(Capsule, Capsule)                  \
  X(Capsule, Aabb)                     \
  X(Capsule, Obb)                      \
  X(Capsule, ConvexPolygon)            \
  COLLIDE2D_BOX_POLYGON_PAIRS(X)

// The 28 unordered pairs of the seven shapes; tests check both argument orders in every case.
#define COLLIDE2D_ALL_SHAPE_PAIRS(X) COLLIDE2D_THIN_SHAPE_PAIRS(X) COLLIDE2D_SOLID_SHAPE_PAIRS(X)

// The 10 pairs of Circle, Aabb, Obb and ConvexPolygon.
#define COLLIDE2D_AREA_PAIRS(X) \
  X(Circle, Circle)             \
  X(Circle, Aabb)               \
  X(Circle, Obb)                \
  X(Circle, ConvexPolygon)      \
  COLLIDE2D_BOX_POLYGON_PAIRS(X)

// The 35 ordered pairs (A, B) of the containment tests: A a shape with an area, B any shape.
#define COLLIDE2D_CONTAINMENT_PAIRS_IN(X, A) \
  X(A, Point)                                \
  X(A, Segment)                              \
  X(A, Circle)                               \
  X(A, Capsule)                              \
  X(A, Aabb)                                 \
  X(A, Obb)                                  \
  X(A, ConvexPolygon)
#define COLLIDE2D_CONTAINMENT_PAIRS(X)       \
  COLLIDE2D_CONTAINMENT_PAIRS_IN(X, Circle)  \
  COLLIDE2D_CONTAINMENT_PAIRS_IN(X, Capsule) \
  COLLIDE2D_CONTAINMENT_PAIRS_IN(X, Aabb)    \
  COLLIDE2D_CONTAINMENT_PAIRS_IN(X, Obb)     \
  COLLIDE2D_CONTAINMENT_PAIRS_IN(X, ConvexPolygon)
