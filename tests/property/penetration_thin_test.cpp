// The PenetrationProperty property tests of the pairs whose first shape is a point or a segment
// (penetration_property.hpp).
#include "penetration_property.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
namespace {

COLLIDE2D_THIN_SHAPE_PAIRS(COLLIDE2D_PENETRATION_TESTS)

}  // namespace
}  // namespace collide2d::property
