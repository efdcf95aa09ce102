// ShapeCastProperty on the pairs led by a point or a segment (shape_cast_property.hpp).
#include "shape_cast_property.hpp"
#include "shape_pairs.hpp"

namespace collide2d::property {
COLLIDE2D_THIN_SHAPE_PAIRS(COLLIDE2D_SHAPE_CAST_TESTS)
}  // namespace collide2d::property
