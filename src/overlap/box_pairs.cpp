// overlaps between Aabb and Obb, defined inline (collide2d/detail/overlap_boxes-inl.hpp, on the
// separating-axis tests of collide2d/detail/box_overlap.hpp): instantiated here.
#include "collide2d/detail/box_overlap.hpp"
#include "collide2d/overlap.hpp"
#include "detail/instantiate.hpp"

namespace collide2d {

COLLIDE2D_INSTANTIATE_OVERLAP(Aabb, Aabb);
COLLIDE2D_INSTANTIATE_OVERLAP(Aabb, Obb);
COLLIDE2D_INSTANTIATE_OVERLAP(Obb, Obb);

}  // namespace collide2d
