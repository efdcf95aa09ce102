// DistanceProperty on the pairs of two shapes with an area (distance_property.hpp).
#include "distance_property.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
COLLIDE2D_SOLID_SHAPE_PAIRS(COLLIDE2D_DISTANCE_TESTS)
}  // namespace collide2d::property
