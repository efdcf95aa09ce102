// DistanceProperty on the pairs led by a point or a segment (distance_property.hpp).
#include "distance_property.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
COLLIDE2D_THIN_SHAPE_PAIRS(COLLIDE2D_DISTANCE_TESTS)
}  // namespace collide2d::property
