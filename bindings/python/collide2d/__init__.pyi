"""collide2d: exact 2D collision detection (type stub for editors and type checkers).

Array layouts (float32 or float64, C-contiguous; never converted or copied: a wrong dtype raises
TypeError, a wrong shape or a non-contiguous array ValueError, each naming what was expected and
what was given):
  boxes    (N, 5)  cx, cy, w, h, angle   full width and height; angle counter-clockwise (y up), in
                                         radians, or degrees with degrees=True (then multiples of
                                         90 are exact quarter turns)
  circles  (N, 3)  cx, cy, r
  rays     (R, 4)  ox, oy, dx, dy        or (R, 5) with max_t (default infinity); t is in units
                                         of (dx, dy)
  points   (P, 2)  x, y                  or two arrays x and y of shape (P,)
Where a function takes "shapes", boxes and circles are told apart by their column count.

Conventions: the pair functions (overlap, IoU, intersection area, and the generalised IoUs below)
also read rows in a detection library's convention, named by convention= ('opencv', 'detectron2',
'mmcv') or by frame= ('y_down': image rows; circles' centres are mirrored too) and winding= ('cw');
see "box conventions" below. contains_points and raycast take the library's frame (y up, ccw).

Bad rows (NaN, infinity, negative size, zero ray direction) raise ValueError naming the array, the
row and the value, before any work: no NaN answer is ever returned for a bad row.

Semantics: shapes are closed sets, so touching counts as overlapping. iou and intersection area of
shapes that do not overlap are exactly 0; iou of a shape with itself is exactly 1; boxes that only
share an edge, on integer coordinates with exact quarter turns, have iou exactly 0. The batch
functions give bit for bit the answers of the single-shape functions on the same float64 values.

threads: 0 (the default) uses every core; every thread count gives the same answer. The GIL is
released during every batch call and every Scene query.
"""

import math
from typing import List, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

Vec = Tuple[float, float]
FloatArray = Union[npt.NDArray[np.float32], npt.NDArray[np.float64]]
BoolArray = npt.NDArray[np.bool_]

def simd_target() -> str:
    """The SIMD instruction set the batch kernels run on (e.g. 'AVX2')."""

# --- shapes -----------------------------------------------------------------------------------

class Shape:
    """Base class of the shapes: immutable float64 values with repr, equality and hashing."""
    @property
    def kind(self) -> str: ...
    @property
    def bounding_box(self) -> "Aabb": ...
    @property
    def area(self) -> float: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Point(Shape):
    def __init__(self, x: float, y: float) -> None: ...
    @property
    def x(self) -> float: ...
    @property
    def y(self) -> float: ...

class Segment(Shape):
    def __init__(self, a: Vec, b: Vec) -> None: ...
    @property
    def a(self) -> Vec: ...
    @property
    def b(self) -> Vec: ...

class Circle(Shape):
    def __init__(self, center: Vec, radius: float) -> None: ...
    @property
    def center(self) -> Vec: ...
    @property
    def radius(self) -> float: ...

class Capsule(Shape):
    def __init__(self, a: Vec, b: Vec, radius: float) -> None: ...
    @property
    def a(self) -> Vec: ...
    @property
    def b(self) -> Vec: ...
    @property
    def radius(self) -> float: ...

class Aabb(Shape):
    def __init__(self, min: Vec, max: Vec) -> None: ...
    @property
    def min(self) -> Vec: ...
    @property
    def max(self) -> Vec: ...

class Obb(Shape):
    """A rotated box: centre, full width and height, turned by angle (radians, or degrees with
    degrees=True, exact for multiples of 90) or by rotation=(cos, sin)."""
    def __init__(self, center: Vec, width: float, height: float, angle: float = 0.0, *,
                 degrees: bool = False, rotation: Optional[Vec] = None) -> None: ...
    @property
    def center(self) -> Vec: ...
    @property
    def width(self) -> float: ...
    @property
    def height(self) -> float: ...
    @property
    def angle(self) -> float: ...
    @property
    def rotation(self) -> Vec: ...
    @property
    def corners(self) -> Tuple[Vec, Vec, Vec, Vec]: ...

class Polygon(Shape):
    """A strictly convex polygon, 3 to 8 vertices, counter-clockwise."""
    def __init__(self, vertices: Sequence[Vec]) -> None: ...
    @staticmethod
    def hull(points: Sequence[Vec]) -> "Polygon": ...
    @property
    def vertices(self) -> List[Vec]: ...

class RoundedPolygon(Shape):
    """The points within radius of a strictly convex polygon (3 to 8 vertices, counter-clockwise):
    the polygon swept by a disc, as Box2D's rounded polygons. Area = core area + perimeter * radius
    + pi radius^2. ValueError naming a bad vertex or radius (negative, NaN, infinite, subnormal)."""
    def __init__(self, vertices: Sequence[Vec], radius: float) -> None: ...
    @overload
    @staticmethod
    def box(center: Vec, width: float, height: float, angle: float, radius: float, *,
            degrees: bool = False) -> "RoundedPolygon":
        """The box of Obb(center, width, height, angle, degrees=degrees) rounded by radius: the
        shape is width + 2 radius wide. Multiples of 90 degrees are exact quarter turns."""
    @overload
    @staticmethod
    def box(center: Vec, width: float, height: float, *, radius: float,
            rotation: Vec) -> "RoundedPolygon":
        """The box of Obb(center, width, height, rotation=rotation) rounded by radius: rotation
        is (cos, sin), a unit vector (ValueError naming it otherwise). No angle beside it."""
    @property
    def vertices(self) -> List[Vec]:
        """The core polygon's vertices."""
    @property
    def radius(self) -> float: ...

class SimplePolygon:
    """A simple polygon of any number of vertices (at least 3), concave allowed, no holes: the
    closed region inside the outline (touching its boundary counts as overlapping). Immutable, with
    repr, equality (the same vertex list) and hashing; not a Shape subclass, and not stored by a
    Scene. vertices: a sequence of (x, y) pairs, or an (N, 2) float32 or float64 array (checked as
    every array: TypeError for another dtype, ValueError for another shape or a non-contiguous
    array), in either order (stored counter-clockwise). ValueError with the library's reason,
    naming the vertices, for an outline that is not simple (edges that cross or touch, a spike, two
    equal vertices), has fewer than 3 vertices or none off one line, or a coordinate that is NaN,
    infinite or subnormal; TypeError for anything but such a sequence or array.

    Queries (module functions, the SimplePolygon on either side): overlaps, contains,
    contains_strictly, distance against every Shape and SimplePolygon; intersection_area and iou
    against Circle, Capsule, Aabb, Obb, Polygon, RoundedPolygon and SimplePolygon; raycast (the
    first span) and raycast_spans (every span); mass_properties. penetration, collide, shape_cast,
    giou, diou, ciou and intersection raise TypeError (the library has no such query for it),
    naming what to use instead."""
    def __init__(self, vertices: Union[Sequence[Vec], FloatArray]) -> None: ...
    @property
    def vertices(self) -> List[Vec]:
        """Counter-clockwise (a clockwise outline is reversed), without repeats."""
    @property
    def kind(self) -> str:
        """'SimplePolygon'."""
    @property
    def bounding_box(self) -> "Aabb": ...
    @property
    def area(self) -> float: ...
    def __len__(self) -> int:
        """The vertex count."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Ray:
    def __init__(self, origin: Vec, direction: Vec, max_t: float = ...) -> None: ...
    @property
    def origin(self) -> Vec: ...
    @property
    def direction(self) -> Vec: ...
    @property
    def max_t(self) -> float: ...

class RayHit:
    t_enter: float
    t_exit: float
    point_enter: Vec
    point_exit: Vec
    normal: Vec
    started_inside: bool
    ended_inside: bool

class DistanceResult:
    distance: float
    point_a: Vec
    point_b: Vec

class Penetration:
    normal: Vec
    depth: float

class Manifold:
    normal: Vec
    points: List[Tuple[Vec, float]]
    point_count: int

# --- single-shape queries ---------------------------------------------------------------------

def overlaps(a: Union[Shape, SimplePolygon], b: Union[Shape, SimplePolygon]) -> bool: ...
def distance(a: Union[Shape, SimplePolygon],
             b: Union[Shape, SimplePolygon]) -> DistanceResult: ...
def penetration(a: Shape, b: Shape) -> Optional[Penetration]: ...
def collide(a: Shape, b: Shape, *, prediction: float = 0.0) -> Manifold:
    """The contact manifold. prediction > 0: also the points whose surfaces are at most that far
    apart, with depth = -gap (speculative contacts, as Box2D's). ValueError if prediction is
    negative, infinite or NaN."""
class CastHit:
    t: float
    normal: Vec
    point: Vec
    iterations: int

def shape_cast(a: Shape, motion_a: Vec, b: Shape, motion_b: Vec, *, max_time: float = 1.0,
               stop_at_penetration: bool = True) -> Optional[CastHit]:
    """When a, moving by t * motion_a, and b, moving by t * motion_b, first touch (t in
    [0, max_time]; max_time may be inf), with the normal from a to b and the contact point; None
    if they do not. stop_at_penetration=False: an initial contact the motion does not deepen is
    ignored. ValueError for a motion that is not finite or a max_time that is NaN or negative."""
def contains(a: Union[Shape, SimplePolygon], b: Union[Shape, SimplePolygon]) -> bool: ...
def contains_strictly(a: Union[Shape, SimplePolygon],
                      b: Union[Shape, SimplePolygon]) -> bool: ...
def intersection_area(a: Union[Shape, SimplePolygon], b: Union[Shape, SimplePolygon]) -> float:
    """Circle, Capsule, Aabb, Obb, Polygon, RoundedPolygon, SimplePolygon only (TypeError
    otherwise)."""
def iou(a: Union[Shape, SimplePolygon], b: Union[Shape, SimplePolygon]) -> float:
    """Circle, Capsule, Aabb, Obb, Polygon, RoundedPolygon, SimplePolygon only (TypeError
    otherwise)."""
def intersection(a: Shape, b: Shape) -> List[Vec]:
    """The vertices of a ∩ b, counter-clockwise, for Aabb, Obb, Polygon only (TypeError
    otherwise): [] apart, one point where they touch at a corner, two for a shared edge, 3 to 16
    for a polygon with area, whose area is intersection_area. The same list for both argument
    orders; exact for integer boxes with quarter turns."""
class MassProperties:
    """Frozen: mass, centre of mass, polar moment of inertia about the centre of mass."""
    mass: float
    centroid: Vec
    inertia: float

def mass_properties(shape: Union[Shape, SimplePolygon], density: float = 1.0) -> MassProperties:
    """For a uniform areal density: mass = density * area, the centroid, the inertia about it
    (Box2D's b2MassData.I is about the local origin: add mass * |centroid - origin|^2). Every
    class; a Point or Segment has mass 0 at its point or midpoint. ValueError naming a negative,
    NaN or infinite density."""
def giou(a: Shape, b: Shape) -> float:
    """Generalised IoU, iou - (|C| - |a u b|) / |C| with C the convex hull of a u b (Rezatofighi
    et al., CVPR 2019: the smallest enclosing convex object; torchvision's axis-aligned version uses
    the enclosing box instead, larger for diagonal pairs). In [-1, 1]. Aabb, Obb, Polygon only."""
def diou(a: Shape, b: Shape) -> float:
    """Distance IoU (Zheng et al., AAAI 2020): iou - d^2 / c^2, d the distance between the
    centres, c the diagonal of the smallest axis-aligned box enclosing both. Aabb, Obb only."""
def ciou(a: Shape, b: Shape) -> float:
    """Complete IoU: diou - alpha v, v = 4 / pi^2 (atan2(w_a, h_a) - atan2(w_b, h_b))^2,
    alpha = v / (1 - iou + v) (0 when v = 0); w, h an Obb's own width and height. Aabb, Obb only."""

@overload
def raycast(ray: Ray, shape: Union[Shape, SimplePolygon]) -> Optional[RayHit]:
    """Where the ray enters and leaves the shape; for a SimplePolygon, its first span."""
@overload
def raycast(rays: FloatArray, shapes: FloatArray, *, degrees: bool = False,
            threads: int = 0) -> Tuple[BoolArray, FloatArray, FloatArray]:
    """(hit, t_enter, t_exit), each (R, N): ray r against shape i; NaN times where it misses."""

def raycast_spans(ray: Ray, polygon: SimplePolygon) -> List[RayHit]:
    """Every span of the ray in the polygon, in order along the ray: a concave polygon is entered
    and left several times. A span of length 0 is a vertex the ray only touches. [] on a miss."""

# --- batch functions --------------------------------------------------------------------------

def overlap_matrix(a: FloatArray, b: FloatArray, *, degrees: bool = False, frame: str = "y_up",
                   winding: str = "ccw", convention: Optional[str] = None, threads: int = 0,
                   out: Optional[BoolArray] = None) -> BoolArray:
    """bool (N, M): a[i] and b[j] overlap (touching counts)."""
def iou_matrix(a: FloatArray, b: FloatArray, *, degrees: bool = False, frame: str = "y_up",
               winding: str = "ccw", convention: Optional[str] = None, threads: int = 0,
               out: Optional[FloatArray] = None) -> FloatArray:
    """(N, M) intersection over union, in a's dtype."""
box_iou_rotated = iou_matrix
def intersection_area_matrix(a: FloatArray, b: FloatArray, *, degrees: bool = False,
                             frame: str = "y_up", winding: str = "ccw",
                             convention: Optional[str] = None, threads: int = 0,
                             out: Optional[FloatArray] = None) -> FloatArray: ...
def overlaps_aligned(a: FloatArray, b: FloatArray, *, degrees: bool = False, frame: str = "y_up",
                     winding: str = "ccw", convention: Optional[str] = None, threads: int = 0,
                     out: Optional[BoolArray] = None) -> BoolArray:
    """bool (N,): a[i] and b[i] overlap."""
def iou_aligned(a: FloatArray, b: FloatArray, *, degrees: bool = False, frame: str = "y_up",
                winding: str = "ccw", convention: Optional[str] = None, threads: int = 0,
                out: Optional[FloatArray] = None) -> FloatArray: ...
def intersection_area_aligned(a: FloatArray, b: FloatArray, *, degrees: bool = False,
                              frame: str = "y_up", winding: str = "ccw",
                              convention: Optional[str] = None, threads: int = 0,
                              out: Optional[FloatArray] = None) -> FloatArray: ...
def contains_points(shapes: FloatArray, points: FloatArray, y: Optional[FloatArray] = None, *,
                    degrees: bool = False, threads: int = 0,
                    out: Optional[BoolArray] = None) -> BoolArray:
    """bool (N, P): shape i contains point j, boundary included. points (P, 2), or x and y."""

# --- box conventions, generalised IoUs, quadrilaterals ------------------------------------------
#
# These take the rows' convention by keyword: convention= one of 'collide2d' (y up,
# counter-clockwise, radians: the default), 'opencv' (cv::RotatedRect: degrees, y down, clockwise),
# 'detectron2' (degrees, y down, counter-clockwise), 'mmcv' (box_iou_rotated's default: radians,
# y down, clockwise); or degrees=, frame= ('y_up' or 'y_down') and winding= ('ccw' or 'cw': the way
# a positive angle turns the box as seen in the picture). Not both: a preset with any of the three
# raises ValueError. Worked example: README.md, "Box conventions".

def giou_matrix(a: FloatArray, b: FloatArray, *, degrees: bool = False, frame: str = "y_up",
                winding: str = "ccw", convention: Optional[str] = None, threads: int = 0,
                out: Optional[FloatArray] = None) -> FloatArray:
    """(N, M) giou of boxes a[i] and b[j] (boxes (N, 5) only), in a's dtype; bit for bit giou()."""
box_giou_rotated = giou_matrix
def diou_matrix(a: FloatArray, b: FloatArray, *, degrees: bool = False, frame: str = "y_up",
                winding: str = "ccw", convention: Optional[str] = None, threads: int = 0,
                out: Optional[FloatArray] = None) -> FloatArray: ...
box_diou_rotated = diou_matrix
def ciou_matrix(a: FloatArray, b: FloatArray, *, degrees: bool = False, frame: str = "y_up",
                winding: str = "ccw", convention: Optional[str] = None, threads: int = 0,
                out: Optional[FloatArray] = None) -> FloatArray: ...
box_ciou_rotated = ciou_matrix
def giou_aligned(a: FloatArray, b: FloatArray, *, degrees: bool = False, frame: str = "y_up",
                 winding: str = "ccw", convention: Optional[str] = None, threads: int = 0,
                 out: Optional[FloatArray] = None) -> FloatArray:
    """(N,) giou of a[i] and b[i]."""
def diou_aligned(a: FloatArray, b: FloatArray, *, degrees: bool = False, frame: str = "y_up",
                 winding: str = "ccw", convention: Optional[str] = None, threads: int = 0,
                 out: Optional[FloatArray] = None) -> FloatArray: ...
def ciou_aligned(a: FloatArray, b: FloatArray, *, degrees: bool = False, frame: str = "y_up",
                 winding: str = "ccw", convention: Optional[str] = None, threads: int = 0,
                 out: Optional[FloatArray] = None) -> FloatArray: ...
def boxes_from_quads(quads: FloatArray, *, degrees: bool = False, frame: str = "y_up",
                     winding: str = "ccw", convention: Optional[str] = None,
                     tolerance: Optional[float] = None, threads: int = 0) -> FloatArray:
    """(N, 5) boxes (cx, cy, w, h, angle) in the convention from (N, 8) corners (x1, y1, ...,
    x4, y4) in its frame, listed in either winding. The width runs from corner 1 to corner 2. Each
    row must be a rectangle: every corner within tolerance * S of the fitted rectangle's (S the
    largest |coordinate| or side; default 64 eps of the dtype), else ValueError naming the row."""
def quads_from_boxes(boxes: FloatArray, *, degrees: bool = False, frame: str = "y_up",
                     winding: str = "ccw", convention: Optional[str] = None,
                     threads: int = 0) -> FloatArray:
    """(N, 8) corners of (N, 5) boxes in the convention, listed in its winding from the corner
    where the width axis starts (opencv: DOTA's order, clockwise from the top-left of an unturned
    box)."""

# --- Scene ------------------------------------------------------------------------------------

class Scene:
    """Many shapes, indexed, with exact answers. Ids are uint32; a removed id may be reused.
    Queries and changes may come from several Python threads (a lock orders them)."""
    def __init__(self, dtype: Union[str, type, np.dtype] = "float64",
                 index: str = "automatic") -> None:
        """index: 'automatic', 'packed', 'dynamic' or 'grid'."""
    @property
    def dtype(self) -> np.dtype: ...
    def save(self) -> bytes:
        """The scene in the library's binary form (docs/SCENE_FORMAT.md, "Binary scene files"):
        every shape with its id, user data and z, groups, the free ids (a later add returns the
        id it would have returned here), the index's order. Scene.load(scene.save()).save() is
        the same bytes."""
    @staticmethod
    def load(data: Union[bytes, bytearray, memoryview]) -> "Scene":
        """The scene saved in data, of the dtype it was saved with (the file's scalar size), which
        answers every query as the saved scene did. ValueError with the library's reason, naming
        the byte, for a file that is truncated, corrupted (checksum), of another version, or holds
        a value no Scene could have; TypeError for anything but bytes, bytearray or memoryview."""
    def add_boxes(self, boxes: FloatArray, *, degrees: bool = False,
                  user_data: Optional[npt.NDArray[np.uint64]] = None,
                  threads: int = 0) -> npt.NDArray[np.uint32]:
        """Adds (N, 5) boxes of the scene's dtype; all rows are checked before any is added."""
    def set_boxes(self, ids: Union[npt.NDArray[np.integer], Sequence[int]], boxes: FloatArray, *,
                  degrees: bool = False, threads: int = 0) -> None:
        """The batch of move for boxes: ids[i] gets the box of row i of boxes, (N, 5) of the
        scene's dtype read as add_boxes reads it (same degrees keyword); the same as move for each
        in order (an id given twice keeps its last row), user data and z kept. ids: a 1-D integer
        array (add_boxes' uint32 ids, or any integer dtype) or a sequence of ints. Everything is
        checked before anything changes: ValueError naming a bad row (boxes[i] = ...) or an id
        value that is no uint32, or for as many ids as rows; IndexError naming an id not in the
        scene; TypeError for boxes of another dtype, or ids that are not integers."""
    def add_circles(self, circles: FloatArray, *,
                    user_data: Optional[npt.NDArray[np.uint64]] = None,
                    threads: int = 0) -> npt.NDArray[np.uint32]: ...
    def add(self, shape: Union[Shape, SimplePolygon], user_data: int = 0) -> int:
        """Any shape class, RoundedPolygon included; a float32 scene rounds its values to float32
        (ValueError, naming the value, for one that float32 cannot hold). A SimplePolygon is one
        entry that every query decides exactly as the one region it is (no convex decomposition:
        an L's inner seam is inside it); in float32 its vertices are rounded and the polygon built
        again (ValueError if the outline no longer is simple). add_group and select raise
        TypeError for a SimplePolygon (select by it with select_lasso)."""
    def add_group(self, parts: Sequence[Shape], user_data: int = 0) -> int:
        """Several shapes as one id, which every query treats as the union of its parts (a hit
        on any part selects it; 'contains' needs every part inside). ValueError for no parts or
        a bad part, naming it."""
    def parts(self, id: int) -> List[Shape]:
        """A group's parts (a shape: itself alone); shape(id) raises ValueError for a group.
        ValueError for a SimplePolygon entry (polygon(id) returns it)."""
    def is_group(self, id: int) -> bool: ...
    def is_polygon(self, id: int) -> bool:
        """Whether the id is a SimplePolygon entry."""
    def polygon(self, id: int) -> SimplePolygon:
        """The SimplePolygon entry as last given to add or move (a float32 scene's vertices in
        float32); ValueError for a shape or a group."""
    def move(self, id: int, shape: Union[Shape, SimplePolygon]) -> None:
        """The id becomes this shape or SimplePolygon (its kind may change; user data and z
        kept)."""
    def remove(self, id: int) -> None:
        """IndexError for an id not in the scene (as for every id-taking method)."""
    def __len__(self) -> int: ...
    def __contains__(self, id: int) -> bool: ...
    def shape(self, id: int) -> Shape:
        """ValueError for a group (parts(id)) or a SimplePolygon (polygon(id))."""
    def user_data(self, id: int) -> int: ...
    def set_z(self, id: int, z: int) -> None:
        """hit_test order: higher z first, then higher id."""
    def memory_bytes(self) -> int: ...
    def select(self, region: Union[Aabb, Obb, Polygon, Sequence[float]],
               mode: str = "intersects", *, exclude_touching: bool = False,
               degrees: bool = False) -> npt.NDArray[np.uint32]:
        """Ids of the shapes that intersect ('intersects') or lie inside ('contains') the region:
        an Aabb, Obb or Polygon, or a box (cx, cy, w, h, angle). In no particular order."""
    def select_lasso(self, points: Union[FloatArray, Sequence[Tuple[float, float]]],
                     mode: str = "intersects", *,
                     exclude_touching: bool = False) -> npt.NDArray[np.uint32]:
        """Ids of the shapes that intersect ('intersects') or lie inside ('contains') the lasso
        through points: a closed path (the last point joins the first) that may cross itself,
        filled by the nonzero winding rule (a figure eight fills both lobes; two loops in
        opposite directions over one area cancel). The path itself belongs to the region:
        touching it counts, unless exclude_touching (then the region is the filled points off
        the path). points: an (N, 2) array of the scene's dtype (TypeError for another dtype,
        ValueError for another shape or a non-contiguous array), or a sequence of (x, y) pairs
        (rounded to float32 in a float32 scene). ValueError, naming the point, for fewer than 3
        points or a non-finite one. In no particular order."""
    def hit_test(self, x: float, y: float, *,
                 exclude_touching: bool = False) -> npt.NDArray[np.uint32]:
        """Ids of the shapes under the point, topmost first."""
    def nearest(self, x: float, y: float, k: int = 1, *, max_distance: float = math.inf
                ) -> Tuple[npt.NDArray[np.uint32], FloatArray]:
        """The k shapes nearest to the point within max_distance: (ids, distances), nearest
        first; distance 0 for a shape the point is on or in; equal distances topmost first.
        Ranked by the exact distance to the shape, not to its bounding box."""
    def raycast_closest(self, rays: FloatArray, *, threads: int = 0
                        ) -> Tuple[npt.NDArray[np.int64], FloatArray, FloatArray]:
        """(ids, t_enter, t_exit), each (R,): the first shape each ray enters; -1 and NaN on a
        miss."""
    def overlapping_pairs(self, *, exclude_touching: bool = False,
                          threads: int = 0) -> npt.NDArray[np.uint32]:
        """(K, 2): every overlapping pair once, first < second; the same for every thread count."""
