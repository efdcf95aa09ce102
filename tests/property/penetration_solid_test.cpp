// PenetrationProperty on the pairs of two shapes with an area (penetration_property.hpp).
#include "penetration_property.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
COLLIDE2D_SOLID_SHAPE_PAIRS(COLLIDE2D_PENETRATION_TESTS)
}  // namespace collide2d::property
