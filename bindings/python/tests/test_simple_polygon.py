"""SimplePolygon (collide2d::Polygon<double>): hand cases checked on paper, then seeded random
simple polygons with integer coordinates against two independent references:
  - ear clipping done here, in exact integer arithmetic, into triangles, each a convex
    collide2d.Polygon: a point or a box meets the polygon iff it meets a triangle, the area is the
    sum of the triangles' (exact, by the shoelace formula on integers), the distance the least;
  - shapely (Debian's python3-shapely, GEOS) where it imports: overlaps, contains, areas of
    intersections, distances, centroids and ray spans.
Integer coordinates make both references exact for the yes/no answers (orientation signs of small
integers have no rounding), so those are compared exactly; areas, distances and ray parameters to
1e-9.
"""

import math
from fractions import Fraction

import numpy as np
import pytest

import collide2d as c

L_SHAPE = [(0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4)]  # notch: x > 1 and y > 1
STAR = [(4, 0), (1, 1), (0, 4), (-1, 1), (-4, 0), (-1, -1), (0, -4), (1, -1)]  # four tips


# --- hand cases --------------------------------------------------------------------------------


def test_l_shape_by_hand():
    l_shape = c.SimplePolygon(L_SHAPE)
    assert l_shape.area == 7.0  # the 4 x 1 foot and the 1 x 3 leg above it
    assert l_shape.kind == "SimplePolygon" and len(l_shape) == 6
    assert l_shape.bounding_box == c.Aabb((0, 0), (4, 4))
    notch = c.Point(2, 2)
    assert not c.overlaps(l_shape, notch) and not c.contains(l_shape, notch)
    assert c.distance(l_shape, notch).distance == pytest.approx(1.0, abs=1e-15)
    # A box filling the notch's corner touches both edges of the notch: closed sets, so it overlaps,
    # at distance 0, but is not contained; moved 0.5 away from both edges it is apart.
    touching = c.Aabb((1, 1), (3, 3))
    assert c.overlaps(l_shape, touching) and c.overlaps(touching, l_shape)
    assert c.distance(l_shape, touching).distance == 0.0
    assert not c.contains(l_shape, touching) and not c.contains(touching, l_shape)
    assert c.intersection_area(l_shape, touching) == 0.0 and c.iou(touching, l_shape) == 0.0
    apart = c.Aabb((1.5, 1.5), (3, 3))
    assert not c.overlaps(l_shape, apart)
    assert c.distance(l_shape, apart).distance == pytest.approx(0.5, abs=1e-15)
    # Inside the foot; its boundary counts for contains, not for contains_strictly.
    foot = c.Aabb((0, 0), (4, 1))
    assert c.contains(l_shape, foot) and not c.contains_strictly(l_shape, foot)
    assert c.contains_strictly(l_shape, c.Circle((0.5, 0.5), 0.25))
    assert c.contains(c.Aabb((-1, -1), (5, 5)), l_shape)
    assert c.intersection_area(l_shape, foot) == pytest.approx(4.0, abs=1e-12)
    assert c.iou(l_shape, foot) == pytest.approx(4 / 7, abs=1e-12)


def test_l_shape_ray_through_the_notch_has_two_spans():
    l_shape = c.SimplePolygon(L_SHAPE)
    # (4 - t, -1 + t): enters the foot at (3, 0), leaves it at (2, 1), crosses the notch, enters
    # the leg at (1, 2) and leaves it at (0, 3).
    ray = c.Ray((4, -1), (-1, 1))
    spans = c.raycast_spans(ray, l_shape)
    assert [(h.t_enter, h.t_exit) for h in spans] == [
        pytest.approx((1.0, 2.0), abs=1e-12), pytest.approx((3.0, 4.0), abs=1e-12)]
    assert spans[0].point_enter == pytest.approx((3, 0), abs=1e-12)
    assert spans[1].point_exit == pytest.approx((0, 3), abs=1e-12)
    assert spans[0].normal == (0.0, -1.0) and spans[1].normal == (1.0, 0.0)
    first = c.raycast(ray, l_shape)
    assert (first.t_enter, first.t_exit) == (spans[0].t_enter, spans[0].t_exit)
    assert c.raycast_spans(c.Ray((4, -1), (-1, 1), max_t=0.5), l_shape) == []
    assert c.raycast(c.Ray((2, 2), (1, 1)), l_shape) is None


def test_star_by_hand():
    star = c.SimplePolygon(STAR)
    assert star.area == 16.0  # the 2 x 2 square and four tips of base 2, height 3
    assert c.overlaps(star, c.Point(0, 0)) and c.contains_strictly(star, c.Point(0, 0))
    assert not c.overlaps(star, c.Point(2, 2))  # between two tips
    tip = c.Point(4, 0)
    assert c.overlaps(star, tip) and c.contains(star, tip) and not c.contains_strictly(star, tip)
    # A box in the notch with its corner on the reflex vertex (1, 1): touching at a point counts.
    assert c.overlaps(star, c.Aabb((1, 1), (2, 2)))
    assert not c.overlaps(star, c.Aabb((1.25, 1.25), (2, 2)))
    # (-1 + t, 4 - t): through the top tip, then the notch, then the right tip.
    spans = c.raycast_spans(c.Ray((-1, 4), (1, -1)), star)
    assert [(h.t_enter, h.t_exit) for h in spans] == [
        pytest.approx((0.75, 1.5), abs=1e-12), pytest.approx((3.5, 4.25), abs=1e-12)]
    mass = c.mass_properties(star, 2.0)
    assert mass.mass == pytest.approx(32.0, abs=1e-12)
    assert mass.centroid == pytest.approx((0, 0), abs=1e-12)


def test_clockwise_outline_and_arrays():
    ccw = c.SimplePolygon(L_SHAPE)
    assert c.SimplePolygon(L_SHAPE[::-1]).area == 7.0
    for dtype in (np.float64, np.float32):
        assert c.SimplePolygon(np.array(L_SHAPE, dtype=dtype)) == ccw
    assert hash(c.SimplePolygon([tuple(map(float, v)) for v in L_SHAPE])) == hash(ccw)
    assert ccw != c.SimplePolygon(STAR) and ccw != c.Polygon([(0, 0), (1, 0), (0, 1)])
    assert eval(repr(ccw), {"SimplePolygon": c.SimplePolygon}) == ccw
    with pytest.raises(AttributeError):
        ccw.vertices = []


def test_against_every_shape_class_both_ways():
    l_shape = c.SimplePolygon(L_SHAPE)
    shapes = [c.Point(0.5, 3), c.Segment((2, 2), (2, 0.5)), c.Circle((3, 3), 0.5),
              c.Capsule((2, 2), (3, 3), 0.25), c.Aabb((2, 2), (3, 3)), c.Obb((0.5, 0.5), 0.5, 0.5),
              c.Polygon([(2, 2), (3, 2), (2, 3)]), c.RoundedPolygon.box((3, 3), 1, 1, 0, 0.5)]
    overlapping = [True, True, False, False, False, True, False, False]
    inside = [True, False, False, False, False, True, False, False]  # the point and the small box
    for shape, expected, within in zip(shapes, overlapping, inside):
        assert c.overlaps(l_shape, shape) == expected == c.overlaps(shape, l_shape), shape
        d = c.distance(l_shape, shape)
        swapped = c.distance(shape, l_shape)
        assert d.distance == swapped.distance and d.point_a == swapped.point_b
        assert (d.distance == 0) == expected
        assert c.contains(l_shape, shape) == within == c.contains_strictly(l_shape, shape), shape
        assert not c.contains(shape, l_shape) and not c.contains_strictly(shape, l_shape)
        if shape.kind not in ("Point", "Segment"):
            assert c.intersection_area(l_shape, shape) == c.intersection_area(shape, l_shape)
            assert c.iou(l_shape, shape) == c.iou(shape, l_shape)
    star = c.SimplePolygon(STAR)
    assert c.overlaps(l_shape, star) and c.intersection_area(star, l_shape) > 0
    assert c.iou(star, star) == pytest.approx(1.0, abs=1e-15)


# --- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize("outline, words", [
    ([(0, 0), (2, 2), (2, 0), (0, 2)], "edge vertex 0 (0, 0) -> vertex 1 (2, 2) and edge vertex 2"),
    ([(0, 0), (1, 0), (1, 0), (0, 1)], "vertices 1 and 2 are the same point (1, 0)"),
    ([(0, 0), (1, 0)], "at least 3 vertices, got 2"),
    ([(0, 0), (1, 0), (math.nan, 1)], "vertex 2 (nan, 1) is not finite"),
    ([(0, 0), (1, 0), (1, -math.inf)], "vertex 2 (1, -inf) is not finite"),
    ([(0, 0), (1, 1), (2, 2)], "lie on one line"),
    ([(0, 0), (2, 0), (1, 0), (1, 1)], "vertex 1 (2, 0) is a spike"),
    ([(0, 0), (1e-310, 0), (0, 1)], "subnormal"),
])
def test_bad_outline_raises_value_error_with_the_library_reason(outline, words):
    with pytest.raises(ValueError, match=r"^make_simple_polygon: ") as info:
        c.SimplePolygon(outline)
    assert words in str(info.value)


@pytest.mark.parametrize("vertices", [5, "abc", [(0, 0, 0)] * 3, [("a", 1)] * 3, None])
def test_wrong_types_raise_type_error(vertices):
    with pytest.raises(TypeError, match="SimplePolygon vertices"):
        c.SimplePolygon(vertices)


def test_bad_arrays():
    with pytest.raises(TypeError, match="dtype"):
        c.SimplePolygon(np.array(L_SHAPE, dtype=np.int64))
    with pytest.raises(ValueError, match="shape"):
        c.SimplePolygon(np.zeros((4, 3)))
    with pytest.raises(ValueError, match="contiguous"):
        c.SimplePolygon(np.array(L_SHAPE, dtype=np.float64)[::-1])


def test_queries_the_library_lacks_raise_type_error_naming_the_alternative():
    poly = c.SimplePolygon(L_SHAPE)
    box = c.Aabb((0, 0), (1, 1))
    calls = {
        "collide": [lambda: c.collide(poly, box), lambda: c.collide(box, poly, prediction=1.0)],
        "penetration": [lambda: c.penetration(poly, box), lambda: c.penetration(box, poly)],
        "shape_cast": [lambda: c.shape_cast(poly, (1, 0), box, (0, 0)),
                       lambda: c.shape_cast(box, (1, 0), poly, (0, 0), max_time=2.0)],
        "giou": [lambda: c.giou(poly, box), lambda: c.giou(poly, poly)],
        "diou": [lambda: c.diou(box, poly)],
        "ciou": [lambda: c.ciou(poly, box)],
        "intersection": [lambda: c.intersection(poly, box), lambda: c.intersection(box, poly)],
    }
    for name, fs in calls.items():
        for f in fs:
            with pytest.raises(TypeError, match=f"^{name} is not defined for a SimplePolygon.*use"):
                f()
    for f in (lambda: c.intersection_area(poly, c.Point(0, 0)),
              lambda: c.iou(c.Segment((0, 0), (1, 1)), poly)):
        with pytest.raises(TypeError, match="needs a SimplePolygon and one of"):
            f()
    with pytest.raises(ValueError, match="density"):
        c.mass_properties(poly, -1.0)
    with pytest.raises(TypeError):  # every span: the library has it for a simple polygon only
        c.raycast_spans(c.Ray((0, 0), (1, 0)), box)
    with pytest.raises(TypeError):
        c.overlaps(poly, (1, 2))


def test_scene_refuses_a_simple_polygon_as_a_region_or_a_part_naming_the_alternative():
    # A Scene stores one as an entry of its own (Scene.add, test_scene_polygons.py), not as a
    # group's part, and selects by it with select_lasso.
    scene = c.Scene()
    poly = c.SimplePolygon(L_SHAPE)
    box_id = scene.add(c.Aabb((2, 2), (3, 3)))
    with pytest.raises(TypeError, match="SimplePolygon.*select_lasso"):
        scene.select(poly)
    with pytest.raises(TypeError, match="SimplePolygon.*Scene.add"):
        scene.add_group([c.Aabb((0, 0), (1, 1)), poly])
    assert len(scene) == 1 and scene.shape(box_id) == c.Aabb((2, 2), (3, 3))
    # The alternative named: the lasso through the vertices is the polygon's region.
    assert list(scene.select_lasso(poly.vertices)) == []
    touching = scene.add(c.Aabb((1, 1), (3, 3)))
    assert list(scene.select_lasso(poly.vertices)) == [touching]
    assert list(scene.select_lasso(poly.vertices, exclude_touching=True)) == []


# --- seeded random polygons against the references ----------------------------------------------


def random_simple_polygon(rng):
    """A star-shaped polygon of 5 to 24 integer vertices in [-20, 20]^2: distinct points sorted by
    their angle about a point no two of them line up with (so the outline is simple unless two
    share an angle, which the builder refuses and the caller skips)."""
    n = int(rng.integers(5, 25))
    points = {tuple(int(v) for v in rng.integers(-20, 21, 2)) for _ in range(n)}
    cx, cy = 0.31, 0.17
    outline = sorted(points, key=lambda p: math.atan2(p[1] - cy, p[0] - cx))
    return outline


def cross(o, a, b):
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def in_closed_triangle(p, a, b, q):
    return cross(a, b, p) >= 0 and cross(b, q, p) >= 0 and cross(q, a, p) >= 0


def ear_clip(outline):
    """Triangles (counter-clockwise) of a simple polygon of integer vertices, exactly: a convex
    vertex whose closed triangle holds no other vertex is an ear; a vertex in a straight run is
    cut off as a triangle without area (the segment it spans stays on the boundary)."""
    poly = list(outline)
    if sum(cross((0, 0), poly[i - 1], poly[i]) for i in range(len(poly))) < 0:
        poly.reverse()
    triangles = []
    while len(poly) > 3:
        for i in range(len(poly)):
            a, b, q = poly[i - 1], poly[i], poly[(i + 1) % len(poly)]
            turn = cross(a, b, q)
            if turn < 0:
                continue
            if turn > 0 and any(in_closed_triangle(p, a, b, q) for p in poly if p not in (a, b, q)):
                continue
            triangles.append((a, b, q))
            del poly[i]
            break
        else:
            raise AssertionError(f"no ear in {poly}")
    triangles.append(tuple(poly))
    return triangles


def exact_area(outline):
    return abs(Fraction(sum(cross((0, 0), outline[i - 1], outline[i])
                            for i in range(len(outline))), 2))


def random_cases(rng, count):
    """count (outline, SimplePolygon) pairs; the outlines the builder refuses are skipped, and
    must be few."""
    cases, refused = [], 0
    while len(cases) < count:
        outline = random_simple_polygon(rng)
        try:
            cases.append((outline, c.SimplePolygon(outline)))
        except ValueError:
            refused += 1
    assert refused < count // 4
    return cases


def random_box(rng):
    x0, y0 = (int(v) for v in rng.integers(-22, 20, 2))
    w, h = (int(v) for v in rng.integers(1, 8, 2))
    return c.Aabb((x0, y0), (x0 + w, y0 + h))


def test_random_polygons_against_ear_clipping(rng):
    checked = {"points": 0, "boxes": 0, "overlapping boxes": 0}
    for outline, poly in random_cases(rng, 80):
        triangles = [c.Polygon(t) for t in ear_clip(outline) if cross(*t) != 0]
        assert poly.area == pytest.approx(float(exact_area(outline)), abs=1e-9)
        assert sum(t.area for t in triangles) == pytest.approx(poly.area, abs=1e-9)
        for _ in range(25):
            p = c.Point(*(int(v) for v in rng.integers(-21, 22, 2)))
            inside = any(c.overlaps(t, p) for t in triangles)
            assert c.overlaps(poly, p) == inside == c.contains(poly, p), (outline, p)
            assert c.distance(poly, p).distance == pytest.approx(
                min(c.distance(t, p).distance for t in triangles), abs=1e-9)
            checked["points"] += 1
        for _ in range(15):
            box = random_box(rng)
            meets = any(c.overlaps(t, box) for t in triangles)
            assert c.overlaps(poly, box) == meets == c.overlaps(box, poly), (outline, box)
            assert c.intersection_area(poly, box) == pytest.approx(
                sum(c.intersection_area(t, box) for t in triangles), abs=1e-9)
            checked["boxes"] += 1
            checked["overlapping boxes"] += meets
    assert checked["points"] == 2000 and checked["overlapping boxes"] > 300


def ray_spans_by_shapely(ray_origin, direction, length, shape):
    from shapely.geometry import LineString

    end = (ray_origin[0] + direction[0] * length, ray_origin[1] + direction[1] * length)
    cut = LineString([ray_origin, end]).intersection(shape)
    pieces = getattr(cut, "geoms", [cut])
    norm = math.hypot(*direction)
    spans = []
    for piece in pieces:
        if piece.is_empty:
            continue
        ts = [math.hypot(x - ray_origin[0], y - ray_origin[1]) / norm for x, y in piece.coords]
        spans.append((min(ts), max(ts)))
    return sorted(spans)


def merge_spans(spans):
    """Spans that meet (at a vertex the ray passes through) as one: where a ray only touches a
    vertex, both libraries give a span of length 0, but where it goes on inside, one may cut the
    span there and the other not."""
    merged = []
    for t0, t1 in sorted(spans):
        if merged and t0 - merged[-1][1] < 1e-12:
            merged[-1] = (merged[-1][0], max(t1, merged[-1][1]))
        else:
            merged.append((t0, t1))
    return merged


def test_random_polygons_against_shapely(rng):
    shapely = pytest.importorskip("shapely.geometry", reason="python3-shapely is not installed")
    checked = {"points": 0, "boxes": 0, "pairs": 0, "rays": 0}
    cases = random_cases(rng, 60)
    for k, (outline, poly) in enumerate(cases):
        ref = shapely.Polygon(outline)
        assert ref.is_valid
        assert poly.area == pytest.approx(ref.area, abs=1e-9)
        mass = c.mass_properties(poly)
        assert mass.centroid == pytest.approx(ref.centroid.coords[0], abs=1e-9)
        for _ in range(20):
            x, y = (int(v) for v in rng.integers(-21, 22, 2))
            p = shapely.Point(x, y)
            assert c.overlaps(poly, c.Point(x, y)) == ref.intersects(p), (outline, x, y)
            assert c.contains_strictly(poly, c.Point(x, y)) == ref.contains(p), (outline, x, y)
            assert c.distance(c.Point(x, y), poly).distance == pytest.approx(
                ref.distance(p), abs=1e-9)
            checked["points"] += 1
        for _ in range(10):
            box = random_box(rng)
            ref_box = shapely.box(*box.min, *box.max)
            assert c.overlaps(poly, box) == ref.intersects(ref_box), (outline, box)
            assert c.contains(poly, box) == ref.covers(ref_box), (outline, box)
            assert c.contains(box, poly) == ref_box.covers(ref), (outline, box)
            assert c.intersection_area(box, poly) == pytest.approx(
                ref.intersection(ref_box).area, abs=1e-9)
            union = ref.union(ref_box).area
            assert c.iou(poly, box) == pytest.approx(ref.intersection(ref_box).area / union,
                                                     abs=1e-9)
            checked["boxes"] += 1
        other_outline, other = cases[k - 1]
        other_ref = shapely.Polygon(other_outline)
        assert c.overlaps(poly, other) == ref.intersects(other_ref)
        assert c.contains(poly, other) == ref.covers(other_ref)
        assert c.intersection_area(poly, other) == pytest.approx(
            ref.intersection(other_ref).area, abs=1e-9)
        assert c.distance(poly, other).distance == pytest.approx(ref.distance(other_ref), abs=1e-9)
        checked["pairs"] += 1
        for _ in range(5):
            # From outside the field, towards a random integer point, for a finite length.
            origin = (-25.0, float(rng.integers(-30, 31)))
            target = (25.0, float(rng.integers(-30, 31)))
            direction = (target[0] - origin[0], target[1] - origin[1])
            spans = c.raycast_spans(c.Ray(origin, direction, max_t=1.0), poly)
            expected = ray_spans_by_shapely(origin, direction, 1.0, ref)
            got = merge_spans([(h.t_enter, h.t_exit) for h in spans])
            expected = merge_spans(expected)
            assert len(got) == len(expected), (outline, origin, direction, got, expected)
            for (a0, a1), (b0, b1) in zip(got, expected):
                assert a0 == pytest.approx(b0, abs=1e-9) and a1 == pytest.approx(b1, abs=1e-9)
            checked["rays"] += 1
    assert checked == {"points": 1200, "boxes": 600, "pairs": 60, "rays": 300}


def test_readme_examples_run():
    """The README's examples of SimplePolygon and of scene files run as written (their asserts are
    the checks)."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    for heading in ("## Simple polygons", "## Scene files"):
        section = readme.split(heading, 1)[1].split("\n## ", 1)[0]
        code = section.split("```python\n", 1)[1].split("```", 1)[0]
        exec(compile(code, f"README.md {heading}", "exec"), {})
