// ShapeCastProperty on the pairs of two shapes with an area (shape_cast_property.hpp).
#include "shape_cast_property.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
COLLIDE2D_SOLID_SHAPE_PAIRS(COLLIDE2D_SHAPE_CAST_TESTS)
}  // namespace collide2d::property
