"""RoundedPolygon: the class, every single-shape query and the Scene, against references that do
not use the library: hand cases checkable on paper, closed forms in plain Python (a rounded
polygon is the set of points within its radius of its core polygon, so every distance is a core
distance minus the radii), and shapely buffers bracketing the areas."""

import math

import numpy as np
import pytest
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon as ShapelyPolygon

import collide2d as c

SQUARE = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]


def rounded_square(radius=0.5):
    return c.RoundedPolygon(SQUARE, radius)


# --- the plain-Python reference ----------------------------------------------------------------


def cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)
    t = min(1.0, max(0.0, t))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def edges(vertices):
    return zip(vertices, vertices[1:] + vertices[:1])


def core_distance(p, vertices):
    """Distance from p to a counter-clockwise convex polygon (0 inside)."""
    if all(cross(a, b, p) >= 0 for a, b in edges(vertices)):
        return 0.0
    return min(segment_distance(p, a, b) for a, b in edges(vertices))


def cores_intersect(u, v):
    # Separating axis: convex polygons are apart exactly when one's edge has the other's every
    # vertex strictly outside it.
    for first, second in ((u, v), (v, u)):
        for a, b in edges(first):
            if all(cross(a, b, q) < 0 for q in second):
                return False
    return True


def cores_distance(u, v):
    if cores_intersect(u, v):
        return 0.0
    return min(min(core_distance(p, second) for p in first) for first, second in ((u, v), (v, u)))


def ray_entry(origin, direction, vertices, radius, max_t=100.0):
    """The first t where origin + t direction is within radius of the core, or None: the
    distance to a convex set is convex along a line, so a ternary search finds its minimum and a
    bisection before it the entry."""
    def gap(t):
        return core_distance((origin[0] + t * direction[0], origin[1] + t * direction[1]),
                             vertices) - radius
    lo, hi = 0.0, max_t
    for _ in range(100):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        lo, hi = (lo, m2) if gap(m1) < gap(m2) else (m1, hi)
    if gap(lo) > 0:
        return None
    if gap(0.0) <= 0:
        return 0.0
    a, b = 0.0, lo
    for _ in range(100):
        m = (a + b) / 2
        a, b = (a, m) if gap(m) <= 0 else (m, b)
    return b


def closed_form_area(vertices, radius):
    """Core area + perimeter * r + pi r^2 (the edge strips and the corner sectors)."""
    area = sum(cross((0.0, 0.0), a, b) for a, b in edges(vertices)) / 2
    perimeter = sum(math.dist(a, b) for a, b in edges(vertices))
    return area + perimeter * radius + math.pi * radius * radius


def random_rounded(rng, centre, spread=5.0):
    points = [(centre[0] + rng.uniform(-spread, spread), centre[1] + rng.uniform(-spread, spread))
              for _ in range(int(rng.integers(3, 9)))]
    vertices = c.Polygon.hull(points).vertices
    return c.RoundedPolygon(vertices, float(rng.uniform(0.0, 2.0))), vertices


def random_pair(rng, offset, centres, radii):
    """A rounded polygon about the origin, another about a point within offset, and a circle."""
    a, va = random_rounded(rng, (0.0, 0.0))
    b, vb = random_rounded(rng, tuple(float(v) for v in rng.uniform(-offset, offset, 2)))
    centre = tuple(float(v) for v in rng.uniform(-centres, centres, 2))
    return a, va, b, vb, centre, c.Circle(centre, float(rng.uniform(*radii)))


# --- the class -----------------------------------------------------------------------------------


def test_class_repr_equality_hash_properties():
    s = c.RoundedPolygon([(0, 0), (4, 0), (4, 3), (0, 3)], 0.25)
    assert repr(s) == "RoundedPolygon([(0.0, 0.0), (4.0, 0.0), (4.0, 3.0), (0.0, 3.0)], 0.25)"
    again = eval("c." + repr(s))
    assert again == s and hash(again) == hash(s)
    assert isinstance(s, c.Shape) and s.kind == "RoundedPolygon"
    assert s.vertices == [(0.0, 0.0), (4.0, 0.0), (4.0, 3.0), (0.0, 3.0)] and s.radius == 0.25
    assert s != c.RoundedPolygon(s.vertices, 0.5)
    assert s != c.Polygon(s.vertices)  # radius 0 or not, another class
    assert c.RoundedPolygon(s.vertices, 0.0) != c.Polygon(s.vertices)
    assert len({c.RoundedPolygon(SQUARE, 0.0), c.RoundedPolygon(SQUARE, -0.0)}) == 1
    assert s.bounding_box == c.Aabb((-0.25, -0.25), (4.25, 3.25))
    with pytest.raises(AttributeError):
        s.radius = 1.0  # frozen


def test_box_form():
    # A rounded box is the rounded polygon of the Obb's corners; a quarter turn in degrees is exact.
    box = c.RoundedPolygon.box((0, 0), 2, 2, 0.0, 0.5)
    assert box == rounded_square()
    assert c.RoundedPolygon.box((1, 2), 4, 2, 90, 0.5, degrees=True) == c.RoundedPolygon(
        [(2.0, 0.0), (2.0, 4.0), (0.0, 4.0), (0.0, 0.0)], 0.5)
    turned = c.RoundedPolygon.box((1, 2), 4, 2, 0.3, 0.5)
    assert turned.vertices == [tuple(p) for p in c.Obb((1, 2), 4, 2, 0.3).corners]
    assert turned.area == pytest.approx(8 + 2 * 0.5 * 6 + math.pi * 0.25, rel=1e-14)


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: c.RoundedPolygon(SQUARE, -1), ["radius is -1"]),
        (lambda: c.RoundedPolygon(SQUARE, math.nan), ["radius is nan"]),
        (lambda: c.RoundedPolygon(SQUARE, math.inf), ["radius is inf"]),
        (lambda: c.RoundedPolygon(SQUARE, 5e-324), ["radius", "subnormal"]),
        (lambda: c.RoundedPolygon([(0, 0), (math.nan, 0), (1, 1)], 1), ["vertex 1 (nan, 0)"]),
        (lambda: c.RoundedPolygon([(0, 0), (math.inf, 0), (1, 1)], 1), ["vertex 1 (inf, 0)"]),
        (lambda: c.RoundedPolygon([(0, 0), (0, 3), (4, 0)], 1), ["clockwise at vertex 1 (0, 3)"]),
        (lambda: c.RoundedPolygon([(0, 0), (2, 0), (1, 0.5), (2, 2), (0, 2)], 1),
         ["clockwise at vertex 2 (1, 0.5)"]),  # not convex
        (lambda: c.RoundedPolygon([(math.cos(k * math.pi / 9), math.sin(k * math.pi / 9))
                                   for k in range(18)][:9], 1), ["9 vertices"]),
        (lambda: c.RoundedPolygon([(0, 0), (1, 0)], 1), ["2 vertices"]),
        (lambda: c.RoundedPolygon.box((0, 0), -2, 1, 0, 1), ["width", "-2"]),
        (lambda: c.RoundedPolygon.box((0, 0), 2, 1, math.nan, 1), ["angle", "nan"]),
        (lambda: c.RoundedPolygon.box((0, 0), 2, 1, math.inf, 1, degrees=True), ["angle", "inf"]),
        (lambda: c.RoundedPolygon.box((0, 0), 2, 1, 0, -0.5), ["radius is -0.5"]),
    ],
)
def test_bad_rounded_polygons_raise_value_error_naming_the_value(make, words):
    with pytest.raises(ValueError) as error:
        make()
    for word in words:
        assert word in str(error.value)


def test_wrong_types_raise_type_error():
    with pytest.raises(TypeError):
        c.RoundedPolygon(5, 1)
    with pytest.raises(TypeError):
        c.RoundedPolygon(SQUARE, "1")
    with pytest.raises(TypeError, match="RoundedPolygon"):
        c.giou(rounded_square(), rounded_square())  # no giou: the intersection is not a polygon
    with pytest.raises(TypeError, match="RoundedPolygon and Point"):
        c.iou(rounded_square(), c.Point(0, 0))


# --- queries on paper --------------------------------------------------------------------------


def test_point_queries_on_paper():
    s = rounded_square()  # core [-1, 1]^2, radius 0.5
    assert c.overlaps(s, c.Point(1.5, 0)) and c.overlaps(c.Point(1.5, 0), s)  # touching counts
    assert c.contains(s, c.Point(1.5, 0)) and not c.contains_strictly(s, c.Point(1.5, 0))
    assert not c.overlaps(s, c.Point(1.5 + 1e-9, 0))
    assert c.contains_strictly(s, c.Point(1.5 - 1e-9, 0))
    assert c.distance(s, c.Point(3, 0)).distance == 1.5
    assert c.distance(c.Point(3, 0), s).point_a == (3.0, 0.0)
    assert c.distance(s, c.Point(3, 0)).point_a == (1.5, 0.0)
    # The corners are round: (1, 1) + 5 (3/5, 4/5) is on a radius-5 square's boundary.
    big = rounded_square(5.0)
    assert c.overlaps(big, c.Point(4, 5)) and not c.overlaps(big, c.Point(4, 5 + 1e-9))
    assert not c.overlaps(big, c.Point(5.9, 5.9))  # inside the square core + 5 but off the arc
    assert c.distance(big, c.Point(7, 9)).distance == pytest.approx(5.0, abs=1e-12)


def test_raycast_on_paper():
    hit = c.raycast(c.Ray((-5, 0), (1, 0)), rounded_square())
    assert hit.t_enter == 3.5 and hit.t_exit == 6.5
    assert hit.point_enter == (-1.5, 0.0) and hit.normal == (-1.0, 0.0)
    assert not hit.started_inside
    assert c.raycast(c.Ray((-5, 0), (1, 0), max_t=3.4), rounded_square()) is None
    assert c.raycast(c.Ray((-5, 1.5 + 1e-9), (1, 0)), rounded_square()) is None
    # through a corner arc: the line y = 1 + 0.3 meets the circle about (1, 1) at x = 1 + 0.4
    corner = c.raycast(c.Ray((5, 1.3), (-1, 0)), rounded_square())
    assert corner.t_enter == pytest.approx(5 - 1.4, abs=1e-12)


def test_pair_queries_on_paper():
    s = rounded_square()
    # Cores 0.5 apart, radii 0.5 + 0.5: overlapping by 0.5 along x.
    right = c.RoundedPolygon([(x + 2.5, y) for x, y in SQUARE], 0.5)
    p = c.penetration(s, right)
    assert p.depth == pytest.approx(0.5, abs=1e-12) and p.normal == pytest.approx((1, 0), abs=1e-12)
    m = c.collide(s, right)
    assert m.normal == pytest.approx((1, 0), abs=1e-12) and m.point_count == 2
    assert all(depth == pytest.approx(0.5, abs=1e-12) for _, depth in m.points)
    # Cores 2 apart, radii 1: a gap of 1 (distance), no contact without prediction.
    far = c.RoundedPolygon([(x + 4, y) for x, y in SQUARE], 0.5)
    assert c.distance(s, far).distance == pytest.approx(1.0, abs=1e-12)
    assert c.penetration(s, far) is None
    assert c.collide(s, far).point_count == 0
    assert c.collide(s, far, prediction=1.0).point_count >= 1
    # Against other shapes: a circle of radius 0.5 at (3, 0) is 1 from the rounded square.
    circle = c.Circle((3, 0), 0.5)
    assert c.distance(s, circle).distance == 1.0 and not c.overlaps(s, circle)
    assert c.overlaps(s, c.Circle((3, 0), 1.5))  # touching
    assert c.overlaps(s, c.Polygon([(1.5, -1), (3, -1), (3, 1), (1.5, 1)]))  # touching an edge
    assert not c.overlaps(s, c.Polygon([(1.5 + 1e-9, -1), (3, -1), (3, 1), (1.5 + 1e-9, 1)]))
    assert c.contains(s, c.Aabb((-1.5, -1), (1.5, 1)))
    assert not c.contains(s, c.Aabb((-1.5, -1.5), (1.5, 1.5)))  # the corners are cut round
    assert c.contains(c.Aabb((-1.5, -1.5), (1.5, 1.5)), s)
    # the farthest points of s from its centre are sqrt(2) + 0.5 away, along the diagonals
    assert c.contains(c.Circle((0, 0), math.sqrt(2) + 0.5 + 1e-9), s)
    assert not c.contains(c.Circle((0, 0), math.sqrt(2) + 0.5 - 1e-9), s)
    assert c.contains(s, c.Capsule((-1, 0), (1, 0), 0.5))  # touching at x = +-1.5
    assert not c.contains_strictly(s, c.Capsule((-1, 0), (1, 0), 0.5))
    assert c.contains_strictly(s, c.Capsule((-1, 0), (1, 0), 0.5 - 1e-9))
    # shape_cast: the circle's edge (x = 4.5) reaches the rounded square (x = 1.5) at t = 3 / 10.
    hit = c.shape_cast(s, (0, 0), c.Circle((5, 0), 0.5), (-10, 0))
    assert hit.t == pytest.approx(0.3, abs=1e-9) and hit.normal == pytest.approx((1, 0), abs=1e-9)
    assert c.shape_cast(s, (0, 0), c.Circle((5, 0), 0.5), (10, 0)) is None


def test_every_query_takes_it_with_every_class_both_ways():
    # An answer from each (the area ones need area), and overlaps agreeing with a zero distance
    # and with a penetration, for shapes placed so that some overlap and some do not.
    s = c.RoundedPolygon.box((0, 0), 2, 2, 0.3, 0.5)
    others = [c.Point(1, 0), c.Point(5, 5), c.Segment((0, 0), (3, 1)), c.Circle((4, 0), 1),
              c.Capsule((0, 0), (3, 0), 0.5), c.Aabb((3, 3), (4, 4)), c.Obb((1, 1), 2, 1, 0.2),
              c.Polygon([(0, 0), (3, 0), (0, 3)]), c.RoundedPolygon([(3, 0), (5, 0), (3, 3)], 0.25)]
    overlapping = 0
    for other in others:
        for a, b in ((s, other), (other, s)):
            touching = c.overlaps(a, b)
            assert touching == (c.distance(a, b).distance == 0.0), (a, b)
            assert touching == (c.penetration(a, b) is not None), (a, b)
            assert touching == (c.collide(a, b).point_count > 0), (a, b)
            assert not (c.contains_strictly(a, b) and not c.contains(a, b)), (a, b)
            assert c.contains(a, b) <= touching, (a, b)
            cast = c.shape_cast(a, (0, 0), b, (-20, -20), max_time=1.0)
            if touching:
                assert cast is not None and cast.t == 0.0, (a, b)
            else:
                assert cast is None or 0.0 < cast.t <= 1.0, (a, b)
            if other.kind not in ("Point", "Segment"):
                assert (c.iou(a, b) > 0) <= touching and c.iou(a, b) == c.iou(b, a)
            overlapping += touching
    assert 0 < overlapping < 2 * len(others)


def test_areas_on_paper():
    # w x h rounded by r: w h + 2 r (w + h) + pi r^2.
    for w, h, r in ((2, 2, 0.5), (4, 1, 0.25), (3, 3, 0.0), (0.5, 7, 3.0)):
        s = c.RoundedPolygon.box((1, -2), w, h, 0.7, r)
        expected = w * h + 2 * r * (w + h) + math.pi * r * r
        assert s.area == pytest.approx(expected, rel=1e-13)
        assert c.intersection_area(s, s) == pytest.approx(expected, rel=1e-12)
        assert c.iou(s, s) == 1.0
    s = rounded_square()
    # Apart by 1e-9: no area, iou exactly 0; touching: still no area.
    assert c.iou(s, c.RoundedPolygon([(x + 3 + 1e-9, y) for x, y in SQUARE], 0.5)) == 0.0
    assert c.intersection_area(s, c.Circle((3, 0), 1.5)) == 0.0
    # The strip x in [-1, 1] of the rounded square: the 2 x 3 rectangle.
    assert c.intersection_area(s, c.Aabb((-1, -5), (1, 5))) == pytest.approx(6.0, rel=1e-12)
    inner = c.Obb((0, 0), 2, 2, 0.0)
    assert c.iou(s, inner) == pytest.approx(4 / (4 + 4 + math.pi / 4), rel=1e-12)


def test_stub_and_readme_name_the_class():
    from pathlib import Path

    stub = Path(c.__file__).with_name("__init__.pyi").read_text()
    assert "class RoundedPolygon(Shape):" in stub and "def box(" in stub
    readme = Path(__file__).resolve().parents[1] / "README.md"
    assert "RoundedPolygon" in readme.read_text()


# --- seeded random cases against the plain-Python reference ------------------------------------


def test_point_overlap_contains_distance_match_core_distance(rng):
    checked = 0
    for _ in range(150):
        shape, vertices = random_rounded(rng, (0.0, 0.0))
        for _ in range(20):
            p = (float(rng.uniform(-9, 9)), float(rng.uniform(-9, 9)))
            reference = max(0.0, core_distance(p, vertices) - shape.radius)
            got = c.distance(shape, c.Point(*p)).distance
            assert got == pytest.approx(reference, abs=1e-9), (shape, p)
            gap = core_distance(p, vertices) - shape.radius
            if abs(gap) > 1e-9:  # away from the boundary, where rounding cannot decide
                assert c.overlaps(shape, c.Point(*p)) == (gap < 0), (shape, p)
                assert c.contains(shape, c.Point(*p)) == (gap < 0), (shape, p)
                checked += 1
    assert checked > 2500


def test_pair_overlap_distance_match_core_distance(rng):
    inside = 0
    for _ in range(400):
        a, va, b, vb, circle_centre, circle = random_pair(rng, 12, 9, (0.1, 3))
        polygon = c.Polygon(vb)
        for other, core, radius in ((b, vb, b.radius), (polygon, vb, 0.0),
                                    (circle, [circle_centre], circle.radius)):
            between = (cores_distance(va, core) if len(core) > 1
                       else core_distance(core[0], va))
            gap = between - a.radius - radius
            got = c.distance(a, other).distance
            assert got == pytest.approx(max(0.0, gap), abs=1e-9), (a, other)
            assert c.distance(other, a).distance == pytest.approx(got, abs=1e-12)
            if abs(gap) > 1e-9:
                assert c.overlaps(a, other) == (gap < 0), (a, other)
                assert c.overlaps(other, a) == (gap < 0), (a, other)
                assert (c.penetration(a, other) is not None) == (gap < 0), (a, other)
                assert (c.collide(a, other).point_count > 0) == (gap < 0), (a, other)
                inside += gap < 0
    assert 200 < inside < 1000  # both answers are exercised


def test_raycast_matches_bisection(rng):
    hits = 0
    for _ in range(150):
        shape, vertices = random_rounded(rng, (0.0, 0.0))
        origin = (float(rng.uniform(-15, 15)), float(rng.uniform(-15, 15)))
        # aimed near the shape, so that most rays hit and some graze or miss
        target = rng.uniform(-8, 8, 2)
        turn = math.atan2(target[1] - origin[1], target[0] - origin[0])
        direction = (math.cos(turn), math.sin(turn))
        reference = ray_entry(origin, direction, vertices, shape.radius)
        hit = c.raycast(c.Ray(origin, direction, max_t=100.0), shape)
        if reference is None:
            # a miss: unless the ray only grazes the shape
            assert hit is None or hit.t_exit - hit.t_enter < 1e-6, (shape, origin, direction)
        else:
            assert hit is not None, (shape, origin, direction)
            assert hit.t_enter == pytest.approx(reference, abs=1e-7), (shape, origin, direction)
            hits += 1
    assert 75 < hits < 145


def test_area_is_the_closed_form(rng):
    for _ in range(200):
        shape, vertices = random_rounded(rng, (float(rng.uniform(-50, 50)), 3.0))
        assert shape.area == pytest.approx(closed_form_area(vertices, shape.radius), rel=1e-12)


def buffers(vertices, radius, resolution=256):
    """Shapely's buffer of the core, inscribed in the rounded polygon (its arcs' vertices lie on
    the circles), and the buffer by radius / cos(half a step), which circumscribes it (its chords
    are tangent-or-outside): GEOS turns a corner in steps of at most pi / (2 resolution)."""
    if len(vertices) == 1:
        core = ShapelyPoint(vertices[0])
    else:
        core = ShapelyPolygon(vertices)
    if radius == 0:
        return core, core
    outer = radius / math.cos(math.pi / (4 * resolution))
    return core.buffer(radius, resolution=resolution), core.buffer(outer, resolution=resolution)


def test_areas_lie_between_shapely_buffers(rng):
    overlapping = 0
    for _ in range(60):
        a, va, b, vb, centre, circle = random_pair(rng, 6, 5, (0.5, 4))
        box = c.Obb((float(rng.uniform(-5, 5)), float(rng.uniform(-5, 5))),
                    float(rng.uniform(0.5, 8)), float(rng.uniform(0.5, 8)),
                    float(rng.uniform(-3, 3)))
        a_in, a_out = buffers(va, a.radius)
        area_a = a.area
        assert a_in.area - 1e-9 <= area_a <= a_out.area + 1e-9
        for other, (o_in, o_out) in ((b, buffers(vb, b.radius)),
                                     (circle, buffers([centre], circle.radius)),
                                     (box, (ShapelyPolygon(box.corners),) * 2),
                                     (c.Polygon(vb), (ShapelyPolygon(vb),) * 2)):
            low, high = a_in.intersection(o_in).area, a_out.intersection(o_out).area
            got = c.intersection_area(a, other)
            assert low - 1e-9 <= got <= high + 1e-9, (a, other, low, got, high)
            assert c.intersection_area(other, a) == got
            union_low = a_in.area + o_in.area - high
            union_high = a_out.area + o_out.area - low
            iou = c.iou(a, other)
            assert low / union_high - 1e-9 <= iou <= high / max(union_low, 1e-300) + 1e-9
            overlapping += low > 0
        assert high - low < 1e-3 * max(high, 1.0)  # the bracket is tight enough to mean something
    assert overlapping > 120


# --- the Scene -----------------------------------------------------------------------------------


def stored(shape, dtype):
    """The shape as a scene of dtype stores it (float32: every value rounded to nearest)."""
    if dtype == "float64":
        return shape
    f = np.float32
    return c.RoundedPolygon([(float(f(x)), float(f(y))) for x, y in shape.vertices],
                            float(f(shape.radius)))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_scene_takes_and_returns_rounded_polygons(rng, dtype):
    scene = c.Scene(dtype=dtype)
    shapes = {}
    for k in range(120):
        shape, _ = random_rounded(rng, (float(rng.uniform(0, 100)), float(rng.uniform(0, 100))))
        shapes[scene.add(shape, k)] = stored(shape, dtype)
    for i, shape in shapes.items():
        assert scene.shape(i) == shape
    # hit_test and nearest: the stored shapes' core distances
    for _ in range(60):
        x, y = (float(np.float32(v)) for v in rng.uniform(0, 100, 2))
        gaps = {i: core_distance((x, y), s.vertices) - s.radius for i, s in shapes.items()}
        under = {i for i, g in gaps.items() if g < -1e-4}
        maybe = {i for i, g in gaps.items() if abs(g) <= 1e-4}
        got = set(scene.hit_test(x, y).tolist())
        assert under <= got <= under | maybe, (x, y)
        ids, distances = scene.nearest(x, y, 3)
        expected = sorted(max(0.0, g) for g in gaps.values())[:3]
        assert distances.tolist() == pytest.approx(expected, abs=1e-4)
    # overlapping pairs: the cores within the radius sum
    keys = sorted(shapes)
    pairs = {tuple(sorted(p)) for p in scene.overlapping_pairs().tolist()}
    for n, i in enumerate(keys):
        for j in keys[n + 1:]:
            gap = (cores_distance(shapes[i].vertices, shapes[j].vertices)
                   - shapes[i].radius - shapes[j].radius)
            if abs(gap) > 1e-4:
                assert ((i, j) in pairs) == (gap < 0), (i, j)
    assert len(pairs) > 10
    # raycast_closest: the earliest entry over the shapes
    rays = np.array([[-10.0, float(y), 1.0, 0.0] for y in range(0, 100, 7)], dtype=dtype)
    hit_ids, t_enter, _ = scene.raycast_closest(rays)
    for (ox, oy, dx, dy), i, t in zip(rays.tolist(), hit_ids.tolist(), t_enter.tolist()):
        # only a shape whose y extent (its core's, widened by the radius) spans the ray's y
        entries = [ray_entry((ox, oy), (dx, dy), s.vertices, s.radius, 200.0)
                   for s in shapes.values()
                   if min(y for _, y in s.vertices) - s.radius - 1e-3 <= oy
                   <= max(y for _, y in s.vertices) + s.radius + 1e-3]
        entries = [e for e in entries if e is not None]
        if not entries:
            assert i == -1
        else:
            assert i in shapes and t == pytest.approx(min(entries), abs=1e-3)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_scene_groups_and_moves_with_rounded_parts(dtype):
    scene = c.Scene(dtype=dtype)
    parts = [rounded_square(), c.Circle((10, 0), 1)]
    gid = scene.add_group(parts, 7)
    assert scene.is_group(gid) and scene.parts(gid) == parts
    assert scene.hit_test(1.5, 0).tolist() == [gid]  # the rounded part's boundary
    assert scene.hit_test(1.4, 1.4).tolist() == []  # off its corner arc
    single = scene.add(c.Circle((0, 5), 1))
    scene.move(single, c.RoundedPolygon([(x, y + 5) for x, y in SQUARE], 0.25))
    assert scene.shape(single) == c.RoundedPolygon([(x, y + 5) for x, y in SQUARE], 0.25)
    assert scene.hit_test(0, 3.75).tolist() == [single]
    assert scene.overlapping_pairs().shape == (0, 2)  # gap 5 - 2 - 0.5 - 0.25 between them
    with pytest.raises(TypeError, match="RoundedPolygon"):
        scene.select(rounded_square())  # select regions are Aabb, Obb, Polygon


def test_float32_scene_refuses_what_float32_cannot_hold():
    scene = c.Scene(dtype="float32")
    with pytest.raises(ValueError, match="RoundedPolygon in float32: 1e[+]39 overflows float32"):
        scene.add(c.RoundedPolygon([(0, 0), (1e39, 0), (0, 1)], 1))
    with pytest.raises(ValueError, match="RoundedPolygon in float32: 1e[+]39 overflows float32"):
        scene.add(c.RoundedPolygon(SQUARE, 1e39))
    with pytest.raises(ValueError, match="radius is 1.4013e-45"):  # subnormal in float32
        scene.add(c.RoundedPolygon(SQUARE, 1e-45))
    first = scene.add(rounded_square())
    with pytest.raises(ValueError, match="1e[+]39"):
        scene.move(first, c.RoundedPolygon(SQUARE, 1e39))
    with pytest.raises(ValueError, match="1e[+]39"):
        scene.add_group([rounded_square(), c.RoundedPolygon(SQUARE, 1e39)])
    with pytest.raises(ValueError, match="Circle in float32: -1e[+]39 overflows"):  # every class
        scene.add(c.Circle((0, -1e39), 1))
    assert len(scene) == 1 and scene.shape(first) == rounded_square()


def test_box_rotation_form_matches_obb_and_the_angle_forms():
    # rotation=(cos, sin) as Obb takes it: the same box as the angle forms where those are exact
    # (quarter turns in degrees, no turn), and the core is Obb(..., rotation=...)'s corners.
    quarter = c.RoundedPolygon.box((1, 2), 4, 2, radius=0.5, rotation=(0, 1))
    assert quarter == c.RoundedPolygon.box((1, 2), 4, 2, 90, 0.5, degrees=True)
    assert c.RoundedPolygon.box((1, 2), 4, 2, radius=0.5, rotation=(1, 0)) == \
        c.RoundedPolygon.box((1, 2), 4, 2, 0, 0.5)
    rotation = (0.6, 0.8)  # a unit vector to within the rounding of 0.6 and 0.8
    turned = c.RoundedPolygon.box((3, -1), 2, 6, radius=0.25, rotation=rotation)
    obb = c.Obb((3, -1), 2, 6, rotation=rotation)
    flat = [v for corner in sorted(turned.vertices) for v in corner]
    assert flat == pytest.approx([v for corner in sorted(obb.corners) for v in corner], abs=1e-14)
    assert turned.radius == 0.25
    assert turned.area == pytest.approx(12 + 2 * (2 + 6) * 0.25 + math.pi * 0.25**2, rel=1e-12)
    for bad in ((1, 1), (0, 0), (math.nan, 0)):
        with pytest.raises(ValueError, match=r"RoundedPolygon.box: rotation .* is not a unit"):
            c.RoundedPolygon.box((0, 0), 1, 1, radius=0.5, rotation=bad)
    with pytest.raises(TypeError):  # an angle beside the rotation is refused, not ignored
        c.RoundedPolygon.box((0, 0), 1, 1, 0.3, 0.5, rotation=(1, 0))
