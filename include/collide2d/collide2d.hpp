// collide2d - exact 2D collision detection: one include for the whole public API.
//
// Layers, each header depending only on the ones above it:
//   errors.hpp       InvalidShape, InvalidQuery: the exceptions thrown for bad input
//   math.hpp         Vec2, Rot, Transform
//   shapes.hpp       Point, Segment, Ray, Circle, Capsule, Aabb, Obb, ConvexPolygon, Shape
//   builders.hpp     make_* builders that reject bad input with a reason
//   box_formats.hpp  rotated boxes in the detection libraries' conventions, named in the call
//   overlap.hpp      overlaps(a, b) for every pair
//   raycast.hpp      raycast(ray, shape) for every shape; one-sided segments
//   distance.hpp     distance(a, b) for every pair
//   shape_cast.hpp   shape_cast(a, motion_a, b, motion_b): time of impact for every pair
//   contact.hpp      penetration(a, b) and collide(a, b) -> Manifold for every pair
//   containment.hpp  contains(a, b) and contains_strictly(a, b) for every pair
//   area.hpp         area(s), intersection_area(a, b), iou(a, b) for convex pairs; giou, diou,
//                    ciou for boxes
//   mass.hpp         mass_properties(s, density): mass, centroid and inertia of every shape
//   rounded.hpp      RoundedPolygon (a convex polygon swept by a disc) and its queries
//   interior.hpp     overlaps_interior(a, b): overlap excluding shapes that only touch
//   polygon.hpp      Polygon: a simple polygon of any size, concave allowed, and its queries
//   broadphase.hpp   DynamicTree, PackedTree, UniformGrid: indexes of boxes
//   scene.hpp        Scene: many shapes, indexed, with exact answers
#pragma once

#include "collide2d/area.hpp"
#include "collide2d/batch.hpp"
#include "collide2d/box_formats.hpp"
#include "collide2d/broadphase.hpp"
#include "collide2d/builders.hpp"
#include "collide2d/contact.hpp"
#include "collide2d/containment.hpp"
#include "collide2d/distance.hpp"
#include "collide2d/errors.hpp"
#include "collide2d/interior.hpp"
#include "collide2d/lasso.hpp"
#include "collide2d/mass.hpp"
#include "collide2d/math.hpp"
#include "collide2d/overlap.hpp"
#include "collide2d/polygon.hpp"
#include "collide2d/raycast.hpp"
#include "collide2d/rounded.hpp"
#include "collide2d/scene.hpp"
#include "collide2d/shape_cast.hpp"
#include "collide2d/shapes.hpp"
#include "collide2d/version.hpp"
