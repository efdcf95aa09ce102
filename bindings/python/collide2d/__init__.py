"""collide2d: exact 2D collision detection.

Numpy batch functions over rotated boxes (N, 5) = (cx, cy, w, h, angle) and circles (N, 3) =
(cx, cy, r), float32 or float64, read without copies; shapes as small immutable classes with the
single-shape queries; a Scene of many shapes. Every answer is the exact-semantics answer of the C++
library: touching counts as overlapping, iou of a box with itself is exactly 1, iou of boxes that do
not overlap (or only share an edge with exact corners) exactly 0. See __init__.pyi for the API.
"""

from ._collide2d import *  # noqa: F401,F403
from ._collide2d import (  # noqa: F401
    __version__, box_ciou_rotated, box_diou_rotated, box_giou_rotated, box_iou_rotated)
