"""Shape classes and single-shape queries: hand cases checkable on paper."""

import math
import random
import re

import pytest

import collide2d as c


def test_classes_repr_equality_hash_round_trip():
    shapes = [
        c.Point(1.5, -2),
        c.Segment((0, 0), (3, 4)),
        c.Circle((1, 2), 0.25),
        c.Capsule((0, 0), (4, 0), 1),
        c.Aabb((0, 0), (2, 3)),
        c.Obb((1, 2), 4, 2, 0.3),
        c.Obb((1, 2), 4, 2, 90, degrees=True),
        c.Polygon([(0, 0), (4, 0), (4, 3), (0, 3)]),
    ]
    for s in shapes:
        again = eval("c." + repr(s))
        assert again == s and hash(again) == hash(s), repr(s)
        assert isinstance(s, c.Shape)
        assert s.kind == type(s).__name__
    assert c.Circle((0, 0), 1) != c.Circle((0, 0), 2)
    assert c.Circle((0, 0), 1) != c.Point(0, 0)
    assert c.Circle((0, 0), 1) != "Circle"
    assert len({c.Point(0.0, 0.0), c.Point(-0.0, 0.0)}) == 1  # equal values, one hash
    ray = c.Ray((0, 0), (1, 0), max_t=5)
    assert repr(ray) == "Ray((0.0, 0.0), (1.0, 0.0), max_t=5.0)"
    assert eval("c." + repr(ray)) == ray
    assert repr(c.Aabb((0, 0), (0.1, 3))) == "Aabb((0.0, 0.0), (0.1, 3.0))"


def test_properties():
    box = c.Obb((1, 2), 4, 2, 0.5)
    assert box.center == (1.0, 2.0) and box.width == 4.0 and box.height == 2.0
    assert box.angle == pytest.approx(0.5, abs=1e-15)
    assert box.area == 8.0
    assert c.Aabb((0, 0), (2, 3)).area == 6.0
    assert c.Circle((0, 0), 2).area == pytest.approx(4 * math.pi)
    assert c.Polygon([(0, 0), (4, 0), (0, 3)]).vertices == [(0.0, 0.0), (4.0, 0.0), (0.0, 3.0)]
    assert c.Polygon.hull([(0, 0), (4, 0), (2, 1), (4, 3), (0, 3)]).area == 12.0
    assert c.Circle((1, 1), 1).bounding_box == c.Aabb((0, 0), (2, 2))


def test_exact_quarter_turns_in_degrees():
    assert c.Obb((0, 0), 2, 1, 90, degrees=True).rotation == (0.0, 1.0)
    assert c.Obb((0, 0), 2, 1, 180, degrees=True).rotation == (-1.0, 0.0)
    assert c.Obb((0, 0), 2, 1, -90, degrees=True).rotation == (0.0, -1.0)
    assert c.Obb((0, 0), 2, 1, 450, degrees=True).rotation == (0.0, 1.0)
    assert c.Obb((0, 0), 2, 1, 0.0).rotation == (1.0, 0.0)
    # a box 2 x 1 turned a quarter turn is the 1 x 2 box, exactly
    assert c.iou(c.Obb((0, 0), 2, 1, 90, degrees=True), c.Obb((0, 0), 1, 2)) == 1.0
    # in radians pi/2 is not exact: cos(pi/2) = 6e-17
    assert c.Obb((0, 0), 2, 1, math.pi / 2).rotation != (0.0, 1.0)
    assert c.Obb((0, 0), 2, 1, rotation=(0, 1)).rotation == (0.0, 1.0)


def test_obb_refuses_an_angle_beside_a_rotation():
    # Both forms at once used to keep the rotation and drop the angle without a word.
    for make in (lambda: c.Obb((0, 0), 2, 1, 0.5, rotation=(0, 1)),
                 lambda: c.Obb((0, 0), 2, 1, angle=0.0, rotation=(0, 1)),
                 lambda: c.Obb((0, 0), 2, 1, degrees=True, rotation=(0, 1))):
        with pytest.raises(TypeError, match="not both"):
            make()


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: c.Circle((0, 0), -1), ["radius", "-1"]),
        (lambda: c.Circle((math.nan, 0), 1), ["nan"]),
        (lambda: c.Obb((0, 0), -2, 1), ["width", "-2"]),
        (lambda: c.Obb((0, 0), 2, math.inf), ["height", "inf"]),
        (lambda: c.Obb((0, 0), 2, 1, math.nan), ["angle", "nan"]),
        (lambda: c.Obb((0, 0), 2, 1, rotation=(1, 1)), ["not a unit"]),
        (lambda: c.Aabb((2, 0), (0, 1)), ["Aabb"]),
        (lambda: c.Polygon([(0, 0), (0, 3), (4, 0)]), ["Polygon"]),  # clockwise
        (lambda: c.Polygon([(0, 0), (1, 0)]), ["2 vertices"]),
        (lambda: c.Ray((0, 0), (0, 0)), ["direction"]),
        (lambda: c.Ray((0, 0), (1, 0), -1), ["max_t", "-1"]),
        (lambda: c.Capsule((0, 0), (1, 0), -0.5), ["radius", "-0.5"]),
    ],
)
def test_bad_shapes_raise_value_error_naming_the_value(make, words):
    with pytest.raises(ValueError) as error:
        make()
    for word in words:
        assert word in str(error.value)


def test_overlaps_touching_counts():
    a = c.Aabb((0, 0), (1, 1))
    assert c.overlaps(a, c.Aabb((1, 0), (2, 1)))  # shared edge
    assert c.overlaps(a, c.Aabb((1, 1), (2, 2)))  # shared corner
    assert not c.overlaps(a, c.Aabb((1 + 2**-40, 0), (2, 1)))
    assert c.overlaps(c.Circle((0, 0), 1), c.Circle((2, 0), 1))
    assert not c.overlaps(c.Circle((0, 0), 1), c.Circle((2, 0), 0.999999))
    # the README's boxes: overlap by 0.11 on B's short axis
    box_a = c.Obb((355, 430), 350, 150, 0.0)
    box_b = c.Obb((575, 295), 350, 150, math.radians(220))
    assert c.overlaps(box_a, box_b) and c.overlaps(box_b, box_a)
    assert not c.overlaps(c.Circle((300, 300), 40), box_a)
    assert c.overlaps(c.Point(1, 1), a) and c.overlaps(c.Segment((-1, 2), (2, -1)), a)


def test_raycast():
    hit = c.raycast(c.Ray((-5, 0), (1, 0)), c.Aabb((-1, -1), (1, 1)))
    assert (hit.t_enter, hit.t_exit) == (4.0, 6.0)
    assert hit.point_enter == (-1.0, 0.0) and hit.point_exit == (1.0, 0.0)
    assert hit.normal == (-1.0, 0.0)
    assert not hit.started_inside and not hit.ended_inside
    assert c.raycast(c.Ray((-5, 2), (1, 0)), c.Aabb((-1, -1), (1, 1))) is None
    assert c.raycast(c.Ray((-5, 0), (1, 0), max_t=3), c.Aabb((-1, -1), (1, 1))) is None
    inside = c.raycast(c.Ray((0, 0), (2, 0)), c.Circle((0, 0), 1))
    assert inside.started_inside and inside.t_enter == 0 and inside.t_exit == 0.5
    graze = c.raycast(c.Ray((-5, 1), (1, 0)), c.Aabb((-1, -1), (1, 1)))  # along the top side
    assert graze is not None and (graze.t_enter, graze.t_exit) == (4.0, 6.0)


def test_distance_penetration_collide():
    d = c.distance(c.Circle((0, 0), 1), c.Circle((5, 0), 1))
    assert d.distance == 3.0 and d.point_a == (1.0, 0.0) and d.point_b == (4.0, 0.0)
    assert c.distance(c.Aabb((0, 0), (1, 1)), c.Aabb((4, 5), (6, 6))).distance == 5.0
    p = c.penetration(c.Aabb((0, 0), (2, 2)), c.Aabb((1.5, 0), (3, 2)))
    assert p.normal == (1.0, 0.0) and p.depth == 0.5
    assert c.penetration(c.Aabb((0, 0), (1, 1)), c.Aabb((2, 0), (3, 1))) is None
    m = c.collide(c.Aabb((0, 0), (2, 2)), c.Aabb((1.5, 0.5), (3, 1.5)))
    assert m.point_count == 2 and m.normal == (1.0, 0.0)
    assert sorted(depth for _, depth in m.points) == [0.5, 0.5]
    assert c.collide(c.Aabb((0, 0), (1, 1)), c.Aabb((2, 0), (3, 1))).point_count == 0


def test_shape_cast_on_paper():
    box = c.Aabb((0, 0), (1, 1))
    # The circle's left edge reaches x = 1 when its centre is at 1.5: t = (5 - 1.5) / 10.
    hit = c.shape_cast(box, (0, 0), c.Circle((5, 0.5), 0.5), (-10, 0))
    assert hit.t == pytest.approx(0.35, abs=1e-12)
    assert hit.normal == pytest.approx((1.0, 0.0), abs=1e-12)
    assert hit.point == pytest.approx((1.0, 0.5), abs=1e-9)
    assert hit.iterations >= 1 and repr(hit).startswith("CastHit(t=")
    # Both move: the gap of 3.5 closes at 10 + 4 = 14 a unit of t.
    both = c.shape_cast(box, (4, 0), c.Circle((5, 0.5), 0.5), (-10, 0))
    assert both.t == pytest.approx(3.5 / 14, abs=1e-12)
    assert c.shape_cast(box, (0, 0), c.Circle((5, 0.5), 0.5), (10, 0)) is None  # moving away
    slow = (c.Circle((5, 0.5), 0.5), (-1, 0))
    assert c.shape_cast(box, (0, 0), *slow) is None  # reaches it at t = 3.5 > 1
    assert c.shape_cast(box, (0, 0), *slow, max_time=10).t == pytest.approx(3.5, abs=1e-12)
    assert c.shape_cast(box, (0, 0), *slow, max_time=math.inf).t == pytest.approx(3.5, abs=1e-12)
    # Overlapping at t = 0: t = 0, unless told to ignore a contact the motion does not deepen.
    inside = c.Circle((1, 0.5), 0.5)
    assert c.shape_cast(box, (0, 0), inside, (1, 0)).t == 0.0
    assert c.shape_cast(box, (0, 0), inside, (1, 0), stop_at_penetration=False) is None
    assert c.shape_cast(box, (0, 0), inside, (-1, 0), stop_at_penetration=False).t == 0.0


@pytest.mark.parametrize(
    "kwargs, words",
    [({"motion_a": (math.nan, 0)}, "motion_a is (nan, 0.0)"),
     ({"motion_b": (0, math.inf)}, "motion_b is (0.0, inf)"),
     ({"max_time": -1.0}, "max_time"), ({"max_time": math.nan}, "max_time")])
def test_shape_cast_bad_input(kwargs, words):
    args = {"a": c.Aabb((0, 0), (1, 1)), "motion_a": (0, 0), "b": c.Point(3, 0),
            "motion_b": (-5, 0)}
    args.update(kwargs)
    with pytest.raises(ValueError, match=re.escape(words)):
        c.shape_cast(**args)


def test_shape_cast_against_sampled_overlaps():
    # Seeded circles and boxes, B moving: where shape_cast reports t, the shapes moved to t - 1e-7
    # do not overlap and moved slightly past t do; where it reports None, no sampled time in
    # [0, 1] overlaps (the exact overlap test, a different algorithm from the cast's).
    rng = random.Random(7)
    hits = misses = 0
    for _ in range(500):
        a = c.Obb((rng.uniform(-5, 5), rng.uniform(-5, 5)), rng.uniform(0.5, 3), rng.uniform(0.5, 3),
                  rng.uniform(0, math.pi))
        start = (rng.uniform(-10, 10), rng.uniform(-10, 10))
        radius = rng.uniform(0.2, 2)
        motion = (rng.uniform(-20, 20), rng.uniform(-20, 20))
        moved = lambda t: c.Circle((start[0] + t * motion[0], start[1] + t * motion[1]), radius)
        hit = c.shape_cast(a, (0, 0), c.Circle(start, radius), motion)
        if hit is None:
            misses += 1
            assert not any(c.overlaps(a, moved(i / 400)) for i in range(401))
        elif hit.t > 0:
            hits += 1
            assert not c.overlaps(a, moved(hit.t - 1e-7))
            assert c.overlaps(a, moved(min(1.0, hit.t + 1e-7)))
    assert hits > 30 and misses > 30


def test_collide_prediction():
    # Two unit boxes a quarter apart: nothing without prediction; with 1/2 two speculative points
    # at depth -1/4, midway in the gap (x = 1.125).
    a = c.Aabb((-1, -1), (1, 1))
    b = c.Aabb((1.25, -1), (3.25, 1))
    assert c.collide(a, b).point_count == 0
    assert c.collide(a, b, prediction=0.125).point_count == 0
    m = c.collide(a, b, prediction=0.5)
    assert m.point_count == 2 and m.normal == (1.0, 0.0)
    assert [depth for _, depth in m.points] == [-0.25, -0.25]
    assert all(point[0] == 1.125 for point, _ in m.points)
    for bad in (-1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="prediction"):
            c.collide(a, b, prediction=bad)
    with pytest.raises(TypeError):
        c.collide(a, b, 0.5)  # keyword only: a third positional argument is a mistake


def test_contains():
    square = c.Aabb((0, 0), (10, 10))
    assert c.contains(square, c.Circle((5, 5), 5))  # touches all four sides
    assert not c.contains_strictly(square, c.Circle((5, 5), 5))
    assert c.contains_strictly(square, c.Circle((5, 5), 4.5))
    assert not c.contains(square, c.Circle((5, 5), 5.000001))
    assert c.contains(square, c.Point(10, 10)) and not c.contains_strictly(square, c.Point(10, 10))


def test_intersection_area_and_iou_on_paper():
    a = c.Aabb((0, 0), (2, 2))
    b = c.Aabb((1, 1), (3, 3))
    assert c.intersection_area(a, b) == 1.0
    assert c.iou(a, b) == 1.0 / 7.0
    # the same as rotated boxes and polygons
    oa = c.Obb((1, 1), 2, 2)
    ob = c.Obb((2, 2), 2, 2, 90, degrees=True)
    assert c.intersection_area(oa, ob) == 1.0 and c.iou(oa, ob) == 1.0 / 7.0
    pa = c.Polygon([(0, 0), (2, 0), (2, 2), (0, 2)])
    assert c.iou(pa, ob) == 1.0 / 7.0
    # a square and the same square turned 45 degrees about its centre: an octagon of area
    # 8 (sqrt 2 - 1) for the unit half size, so iou = (8 (sqrt2 - 1)) / (8 - 8 (sqrt2 - 1))
    turned = c.Obb((1, 1), 2, 2, math.radians(45))
    octagon = 8 * (math.sqrt(2) - 1)
    assert c.intersection_area(oa, turned) == pytest.approx(octagon, rel=1e-14)
    assert c.iou(oa, turned) == pytest.approx(octagon / (8 - octagon), rel=1e-14)
    # circles: concentric radii 1 and 2 -> 1/4
    assert c.iou(c.Circle((0, 0), 1), c.Circle((0, 0), 2)) == pytest.approx(0.25, rel=1e-15)
    # identical shapes: exactly 1, whatever the rotation
    for angle in (0.1, 1.0, 2.5, -3.0):
        box = c.Obb((123.456, -7.89), 3.3, 0.001, angle)
        assert c.iou(box, box) == 1.0
    # apart and edge-sharing: exactly 0
    assert c.iou(a, c.Aabb((2, 0), (4, 2))) == 0.0
    assert c.iou(oa, c.Obb((3, 1), 2, 2, 90, degrees=True)) == 0.0
    assert c.iou(a, c.Aabb((5, 5), (6, 6))) == 0.0
    # a capsule (0, 0)-(2, 0) of radius 1 (area 4 + pi): cut at x = 1 by a box, its rectangle's
    # right half and one half disc; a circle on its end cap lies inside it; a capsule crossing it
    # square on, the 2 x 2 square; one touching it (centre lines 3 apart, radii 1 and 2), 0
    pill = c.Capsule((0, 0), (2, 0), 1)
    assert c.intersection_area(pill, c.Aabb((1, -5), (10, 5))) == pytest.approx(2 + math.pi / 2, rel=1e-14)
    assert c.intersection_area(c.Circle((2, 0), 1), pill) == pytest.approx(math.pi, rel=1e-14)
    assert c.intersection_area(pill, c.Capsule((1, -5), (1, 5), 1)) == pytest.approx(4, rel=1e-14)
    assert c.intersection_area(pill, c.Capsule((0, 3), (2, 3), 2)) == 0.0
    assert c.iou(pill, pill) == 1.0


def test_area_queries_reject_shapes_without_area():
    with pytest.raises(TypeError, match="Segment and Circle"):
        c.iou(c.Segment((0, 0), (1, 1)), c.Circle((0, 0), 1))
    with pytest.raises(TypeError, match="Aabb and Point"):
        c.intersection_area(c.Aabb((0, 0), (1, 1)), c.Point(0, 0))
    with pytest.raises(TypeError):
        c.overlaps(c.Aabb((0, 0), (1, 1)), (0, 0))


def test_stub_names_match_the_module():
    import ast
    from pathlib import Path

    stub = Path(c.__file__).with_name("__init__.pyi")
    tree = ast.parse(stub.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    names -= {"Vec", "FloatArray", "BoolArray"}  # type aliases of the stub only
    public = {n for n in dir(c) if not n.startswith("_")} | {"__version__"}
    public -= {"annotations"}
    assert names == public
    assert (stub.parent / "py.typed").is_file()


def test_boxes_from_angles_equal_the_librarys_builder():
    # Obb(center, w, h, angle) builds plain rows directly; Obb(..., rotation=(c, s)) goes through
    # the library's make_obb. Python's math.cos / math.sin are the same libm calls as
    # Rot::from_angle, and degrees_to_radians is degrees * (pi / 180).
    rng = random.Random(5)
    for _ in range(2000):
        cx, cy = rng.uniform(-1e6, 1e6), rng.uniform(-1e3, 1e3)
        w, h = rng.choice([0.0, rng.uniform(0, 100), 1e-300]), rng.uniform(0, 1e4)
        angle = rng.choice([0.0, rng.uniform(-10, 10), rng.uniform(-1e5, 1e5)])
        built = c.Obb((cx, cy), w, h, rotation=(math.cos(angle), math.sin(angle)))
        assert c.Obb((cx, cy), w, h, angle) == built
        radians = angle * (math.pi / 180)
        assert c.Obb((cx, cy), w, h, angle, degrees=True) == c.Obb(
            (cx, cy), w, h, rotation=(math.cos(radians), math.sin(radians))) or angle % 90 == 0
    with pytest.raises(ValueError, match="width"):
        c.Obb((0, 0), 5e-324, 1)  # subnormal: the builder's rule
    with pytest.raises(ValueError, match="center"):
        c.Obb((5e-324, 0), 1, 1)
