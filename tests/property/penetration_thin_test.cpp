// PenetrationProperty on the pairs led by a point or a segment (penetration_property.hpp).
#include "penetration_property.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
COLLIDE2D_THIN_SHAPE_PAIRS(COLLIDE2D_PENETRATION_TESTS)
}  // namespace collide2d::property
