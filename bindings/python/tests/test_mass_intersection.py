"""mass_properties and intersection: hand cases worked on paper, seeded random cases against plain
Python (exact rationals with fractions.Fraction from the float inputs) and shapely.

Tolerances (each stated where it is used):
  - polygon mass and inertia: 1e-12 relative to the exact rational answer (mass.hpp: about
    n^2 eps M^k for n <= 8 vertices, some 1e-14), centroid 1e-12 of (size + |centroid|);
  - boxes and circles: closed forms, a few ulps (rel 1e-14);
  - intersection: the shoelace area of the returned vertices (exact rationals) equals
    intersection_area within 8 eps (d + M) P, the bound of area.hpp with the once-more rounding
    of the world vertices; each vertex lies in both shapes within 1e-12 of their size; shapely's
    intersection().area agrees within 1e-9 of the smaller shape's area.
"""

import math
import random
from fractions import Fraction as F

import pytest
from shapely.geometry import Polygon as SPolygon

import collide2d as c

EPS = 2.0 ** -52


# --- plain-Python references --------------------------------------------------------------------

def shoelace_mass(vertices, density):
    """(mass, centroid, inertia about the centroid) of a counter-clockwise polygon, exactly."""
    v = [(F(x), F(y)) for x, y in vertices]
    a2 = F(0)  # twice the area
    cx6 = cy6 = F(0)
    j12 = F(0)  # 12 * second polar moment about the origin (per unit density)
    for i in range(len(v)):
        (x0, y0), (x1, y1) = v[i], v[(i + 1) % len(v)]
        cross = x0 * y1 - x1 * y0
        a2 += cross
        cx6 += (x0 + x1) * cross
        cy6 += (y0 + y1) * cross
        j12 += cross * (x0 * x0 + x0 * x1 + x1 * x1 + y0 * y0 + y0 * y1 + y1 * y1)
    area = a2 / 2
    cx, cy = cx6 / (3 * a2), cy6 / (3 * a2)
    rho = F(density)
    mass = rho * area
    inertia = rho * j12 / 12 - mass * (cx * cx + cy * cy)
    return mass, (cx, cy), inertia


def exact_area(vertices):
    v = [(F(x), F(y)) for x, y in vertices]
    return sum((v[i][0] * v[(i + 1) % len(v)][1] - v[(i + 1) % len(v)][0] * v[i][1]
                for i in range(len(v))), F(0)) / 2


def outline(shape):
    """The counter-clockwise corners of an Aabb, Obb or Polygon, computed here from its values."""
    if isinstance(shape, c.Aabb):
        (x0, y0), (x1, y1) = shape.min, shape.max
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    if isinstance(shape, c.Obb):
        (cx, cy), (ux, uy) = shape.center, shape.rotation
        hx, hy = shape.width / 2, shape.height / 2
        return [(cx + ux * sx * hx - uy * sy * hy, cy + uy * sx * hx + ux * sy * hy)
                for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    return list(shape.vertices)


def inside_by(point, polygon):
    """How far point lies inside a counter-clockwise polygon (negative: outside), plain floats."""
    px, py = point
    worst = math.inf
    for i in range(len(polygon)):
        (x0, y0), (x1, y1) = polygon[i], polygon[(i + 1) % len(polygon)]
        ex, ey = x1 - x0, y1 - y0
        worst = min(worst, (ex * (py - y0) - ey * (px - x0)) / math.hypot(ex, ey))
    return worst


def random_polygon(rng, centre, spread):
    while True:
        pts = [(centre[0] + rng.uniform(-spread, spread), centre[1] + rng.uniform(-spread, spread))
               for _ in range(rng.randint(3, 12))]
        try:
            return c.Polygon.hull(pts)
        except ValueError:  # degenerate hull: draw again
            continue


def random_shape(rng, centre, spread=4.0):
    kind = rng.randrange(3)
    if kind == 0:
        x, y = centre[0] + rng.uniform(-spread, 0), centre[1] + rng.uniform(-spread, 0)
        return c.Aabb((x, y), (x + rng.uniform(0.1, 2 * spread), y + rng.uniform(0.1, 2 * spread)))
    if kind == 1:
        return c.Obb((centre[0] + rng.uniform(-spread, spread), centre[1] +
                      rng.uniform(-spread, spread)), rng.uniform(0.1, 2 * spread),
                     rng.uniform(0.1, 2 * spread), rng.uniform(-math.pi, math.pi))
    return random_polygon(rng, centre, spread)


def close(a, b, rel):
    return abs(a - b) <= rel * max(abs(a), abs(b))


# --- mass_properties: hand cases ----------------------------------------------------------------

UNIT_SQUARES = [c.Aabb((0, 0), (1, 1)), c.Obb((0.5, 0.5), 1, 1),
                c.Obb((0.5, 0.5), 1, 1, 90, degrees=True),
                c.Polygon([(0, 0), (1, 0), (1, 1), (0, 1)])]


@pytest.mark.parametrize("square", UNIT_SQUARES, ids=lambda s: s.kind)
def test_unit_square_density_2(square):
    # m = 2 * 1, centroid the centre, I = m (w^2 + h^2) / 12 = 2 * 2 / 12 = 1/3.
    p = c.mass_properties(square, 2.0)
    assert p.mass == 2.0
    assert p.centroid == (0.5, 0.5)
    assert p.inertia == pytest.approx(1 / 3, rel=4 * EPS)


def test_default_density_is_1():
    p = c.mass_properties(c.Aabb((0, 0), (2, 3)))
    assert p.mass == 6.0 and p.centroid == (1.0, 1.5)
    assert p.inertia == pytest.approx(6 * (4 + 9) / 12, rel=4 * EPS)


@pytest.mark.parametrize("r,density", [(1.0, 1.0), (3.0, 0.5), (0.25, 7.0), (1e3, 2.0)])
def test_circle(r, density):
    # m = density pi r^2, I = m r^2 / 2, centroid the centre.
    p = c.mass_properties(c.Circle((-2.0, 5.0), r), density)
    m = density * math.pi * r * r
    assert close(p.mass, m, 4 * EPS)
    assert p.centroid == (-2.0, 5.0)
    assert close(p.inertia, m * r * r / 2, 8 * EPS)


def test_rotated_box_inertia_does_not_depend_on_the_angle():
    for angle in (0.0, 0.3, 1.0, 2.5, -1.2):
        p = c.mass_properties(c.Obb((3, -4), 4, 2, angle), 1.5)
        assert close(p.mass, 12.0, 4 * EPS)
        assert p.centroid == pytest.approx((3, -4), abs=1e-15)
        assert close(p.inertia, 12.0 * (16 + 4) / 12, 8 * EPS)


def test_right_triangle():
    # Legs 3 (x) and 6 (y) at the origin: area 9, centroid (1, 2); about the centroid the polar
    # moment of a right triangle with legs a, b is A (a^2 + b^2) / 18 = 9 * 45 / 18 = 22.5.
    p = c.mass_properties(c.Polygon([(0, 0), (3, 0), (0, 6)]), 1.0)
    assert p.mass == pytest.approx(9.0, rel=4 * EPS)
    assert p.centroid == pytest.approx((1.0, 2.0), rel=4 * EPS)
    assert p.inertia == pytest.approx(22.5, rel=8 * EPS)


@pytest.mark.parametrize("density", [0.0, 1.0, 123.0])
def test_points_and_segments_have_no_mass(density):
    p = c.mass_properties(c.Point(1.5, -2.0), density)
    assert (p.mass, p.centroid, p.inertia) == (0.0, (1.5, -2.0), 0.0)
    p = c.mass_properties(c.Segment((0, 0), (2, 4)), density)
    assert (p.mass, p.centroid, p.inertia) == (0.0, (1.0, 2.0), 0.0)


def test_zero_density():
    p = c.mass_properties(c.Circle((1, 1), 2), 0.0)
    assert (p.mass, p.centroid, p.inertia) == (0.0, (1.0, 1.0), 0.0)


def test_capsule_and_rounded_polygon_against_shapely_buffers():
    # The capsule and the rounded polygon are swept shapes: shapely's buffer of the core (4096
    # segments per quarter circle, inscribed) brackets them from inside; its shoelace mass
    # properties are within ~(pi/2/4096)^2 / 2 relative of the exact ones (1e-7 is ample).
    from shapely.geometry import LineString
    cases = [(c.Capsule((0, 0), (4, 2), 1.5), LineString([(0, 0), (4, 2)]).buffer(1.5, 4096)),
             (c.RoundedPolygon([(0, 0), (3, 0), (1, 2)], 0.5),
              SPolygon([(0, 0), (3, 0), (1, 2)]).buffer(0.5, 4096))]
    for shape, approx in cases:
        p = c.mass_properties(shape, 2.0)
        mass, (cx, cy), inertia = shoelace_mass(list(approx.exterior.coords)[:-1][::-1]
                                                if not approx.exterior.is_ccw
                                                else list(approx.exterior.coords)[:-1], 2.0)
        assert close(p.mass, float(mass), 1e-7)
        assert p.centroid == pytest.approx((float(cx), float(cy)), abs=1e-7)
        assert close(p.inertia, float(inertia), 1e-7)
    # Capsule on paper: |ab| = 4, r = 1: rectangle 4 x 2 plus a unit disc, density 1.
    p = c.mass_properties(c.Capsule((-2, 0), (2, 0), 1.0), 1.0)
    assert close(p.mass, 8 + math.pi, 4 * EPS)
    assert p.centroid == pytest.approx((0, 0), abs=1e-15)


@pytest.mark.parametrize("density", [-1.0, -1e-300, math.nan, math.inf, -math.inf])
def test_bad_density_raises_value_error_naming_it(density):
    with pytest.raises(ValueError, match="density") as info:
        c.mass_properties(c.Aabb((0, 0), (1, 1)), density)
    text = str(info.value)
    assert repr(density) in text or f"{density:g}" in text, text


def test_mass_properties_result_is_frozen_and_reads_back():
    p = c.mass_properties(c.Aabb((0, 0), (1, 1)), 2.0)
    with pytest.raises(AttributeError):
        p.mass = 3.0
    with pytest.raises(AttributeError):
        p.centroid = (0, 0)
    assert repr(p) == "MassProperties(mass=2.0, centroid=(0.5, 0.5), inertia=0.3333333333333333)"
    with pytest.raises(TypeError):
        c.mass_properties((0, 0), 1.0)


# --- mass_properties: seeded random cases against exact rationals -------------------------------

@pytest.mark.parametrize("offset", [(0.0, 0.0), (1e3, -2e3), (1e6, 1e6)])
def test_random_polygons_against_exact_shoelace(offset):
    rng = random.Random(1711)
    for _ in range(200):
        spread = rng.choice([0.01, 1.0, 50.0])
        poly = random_polygon(rng, offset, spread)
        density = rng.uniform(0.1, 10.0)
        p = c.mass_properties(poly, density)
        mass, (cx, cy), inertia = shoelace_mass(poly.vertices, density)
        assert close(p.mass, float(mass), 1e-12), (poly, density)
        scale = 2 * spread + abs(float(cx)) + abs(float(cy))
        assert abs(p.centroid[0] - cx) <= 1e-12 * scale, (poly, density)
        assert abs(p.centroid[1] - cy) <= 1e-12 * scale, (poly, density)
        assert close(p.inertia, float(inertia), 1e-12), (poly, density)


def test_random_boxes_against_closed_forms():
    rng = random.Random(29)
    for _ in range(300):
        w, h = rng.uniform(0.01, 50), rng.uniform(0.01, 50)
        cx, cy = rng.uniform(-1e4, 1e4), rng.uniform(-1e4, 1e4)
        density = rng.uniform(0.1, 10.0)
        for box in (c.Obb((cx, cy), w, h, rng.uniform(-math.pi, math.pi)),
                    c.Aabb((cx - w / 2, cy - h / 2), (cx + w / 2, cy + h / 2))):
            bw, bh = (box.width, box.height) if isinstance(box, c.Obb) else \
                (box.max[0] - box.min[0], box.max[1] - box.min[1])
            p = c.mass_properties(box, density)
            m = density * bw * bh
            assert close(p.mass, m, 8 * EPS), box
            assert close(p.inertia, m * (bw * bw + bh * bh) / 12, 16 * EPS), box
            assert p.centroid == pytest.approx((cx, cy), rel=0, abs=4 * EPS * 1e4), box


# --- intersection: hand cases -------------------------------------------------------------------

UNIT = c.Aabb((0, 0), (1, 1))


def forms(x0, y0, x1, y1):
    """The axis-aligned rectangle [x0, x1] x [y0, y1] as each supported class (exact corners)."""
    return [c.Aabb((x0, y0), (x1, y1)),
            c.Obb(((x0 + x1) / 2, (y0 + y1) / 2), x1 - x0, y1 - y0),
            c.Obb(((x0 + x1) / 2, (y0 + y1) / 2), y1 - y0, x1 - x0, 90, degrees=True),
            c.Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])]


def same_cycle(got, want):
    """got is want read from some starting vertex, in the same (counter-clockwise) order."""
    if len(got) != len(want):
        return False
    return any(got[k:] + got[:k] == want for k in range(len(got)))


@pytest.mark.parametrize("a", forms(0, 0, 1, 1), ids=lambda s: s.kind)
@pytest.mark.parametrize("b", forms(0.5, 0.5, 1.5, 1.5), ids=lambda s: s.kind)
def test_offset_squares_meet_in_a_quarter(a, b):
    got = c.intersection(a, b)
    assert len(got) == 4
    assert same_cycle(got, [(0.5, 0.5), (1.0, 0.5), (1.0, 1.0), (0.5, 1.0)]), got
    assert c.intersection(b, a) == got


@pytest.mark.parametrize("a", forms(0, 0, 1, 1), ids=lambda s: s.kind)
@pytest.mark.parametrize("b", forms(1, 1, 2, 2), ids=lambda s: s.kind)
def test_corner_contact_is_one_point(a, b):
    assert c.intersection(a, b) == [(1.0, 1.0)]
    assert c.intersection(b, a) == [(1.0, 1.0)]


@pytest.mark.parametrize("a", forms(0, 0, 1, 1), ids=lambda s: s.kind)
@pytest.mark.parametrize("b", forms(1, 0, 2, 1), ids=lambda s: s.kind)
def test_shared_edge_is_a_segment(a, b):
    got = c.intersection(a, b)
    assert sorted(got) == [(1.0, 0.0), (1.0, 1.0)], got
    assert c.intersection(b, a) == got


@pytest.mark.parametrize("a", forms(0, 0, 1, 1), ids=lambda s: s.kind)
@pytest.mark.parametrize("b", forms(3, 0, 4, 1) + forms(1.5, 1.5, 2, 3), ids=lambda s: s.kind)
def test_apart_is_empty(a, b):
    assert c.intersection(a, b) == []
    assert c.intersection(b, a) == []


def test_containment_gives_the_inner_shape_and_a_diamond_cuts_an_octagon():
    inner = c.Polygon([(0.25, 0.25), (0.75, 0.25), (0.5, 0.75)])
    assert same_cycle(c.intersection(UNIT, inner), list(inner.vertices))
    # The diamond |x - 1/2| + |y - 1/2| <= 3/4 cuts each corner of the unit square off at 1/4.
    diamond = c.Polygon([(0.5, -0.25), (1.25, 0.5), (0.5, 1.25), (-0.25, 0.5)])
    got = c.intersection(UNIT, diamond)
    want = [(0.25, 0.0), (0.75, 0.0), (1.0, 0.25), (1.0, 0.75), (0.75, 1.0), (0.25, 1.0),
            (0.0, 0.75), (0.0, 0.25)]
    assert sorted(got) == sorted(want) and exact_area(got) > 0, got
    assert exact_area(got) == F(1) - 4 * F(1, 32)
    assert c.intersection(diamond, UNIT) == got


@pytest.mark.parametrize("other", [c.Point(0, 0), c.Segment((0, 0), (1, 1)), c.Circle((0, 0), 1),
                                   c.Capsule((0, 0), (1, 1), 0.5),
                                   c.RoundedPolygon([(0, 0), (1, 0), (0, 1)], 0.5)],
                         ids=lambda s: s.kind)
def test_unsupported_kinds_raise_type_error_naming_them(other):
    name = type(other).__name__
    for a, b in ((UNIT, other), (other, UNIT), (other, other)):
        with pytest.raises(TypeError, match=f"intersection needs two of Aabb, Obb, Polygon.*{name}"):
            c.intersection(a, b)


# --- intersection: seeded random pairs against plain Python and shapely -------------------------

def test_random_pairs_against_exact_area_containment_and_shapely():
    rng = random.Random(4242)
    counts = {0: 0, 1: 0, 2: 0, "poly": 0}
    for _ in range(600):
        a = random_shape(rng, (0.0, 0.0))
        b = random_shape(rng, (rng.uniform(-6, 6), rng.uniform(-6, 6)))
        got = c.intersection(a, b)
        assert c.intersection(b, a) == got, (a, b)
        assert len(got) <= 16
        oa, ob = outline(a), outline(b)
        size = max(abs(v) for p in oa + ob for v in p) + 16.0
        for v in got:  # each vertex in both shapes, within rounding of their size
            assert inside_by(v, oa) >= -1e-12 * size, (a, b, v)
            assert inside_by(v, ob) >= -1e-12 * size, (a, b, v)
        area = c.intersection_area(a, b)
        smaller = min(c.mass_properties(a).mass, c.mass_properties(b).mass)
        shapely_area = SPolygon(oa).intersection(SPolygon(ob)).area
        assert abs(area - shapely_area) <= 1e-9 * smaller, (a, b, area, shapely_area)
        if len(got) >= 3:
            counts["poly"] += 1
            exact = exact_area(got)
            assert exact > 0, (a, b, got)  # counter-clockwise
            for i in range(len(got)):  # convex, turning left at every vertex
                (x0, y0), (x1, y1), (x2, y2) = (got[i], got[(i + 1) % len(got)],
                                                got[(i + 2) % len(got)])
                assert (F(x1) - F(x0)) * (F(y2) - F(y1)) - (F(y1) - F(y0)) * (F(x2) - F(x1)) > 0
            perimeter = sum(math.dist(got[i], got[i - 1]) for i in range(len(got)))
            assert abs(float(exact) - area) <= 8 * EPS * size * perimeter, (a, b, got, area)
            assert abs(float(exact) - shapely_area) <= 1e-9 * smaller
        else:
            counts[len(got)] += 1
            assert area == 0.0 or area <= 1e-9 * smaller, (a, b, got, area)
            assert shapely_area <= 1e-9 * smaller, (a, b, got, shapely_area)
            if len(got) == 0:  # apart, or within the band of touching
                assert SPolygon(oa).distance(SPolygon(ob)) <= 1e-12 * size or not c.overlaps(a, b)
    # The draw covers both outcomes in numbers.
    assert counts["poly"] > 100 and counts[0] > 100, counts


def test_random_integer_boxes_touching_exactly():
    # Integer Aabbs and quarter-turned Obbs: every vertex exact, so a shared corner is one point,
    # a shared edge two, apart none, and the count follows from the exact rectangle overlap.
    rng = random.Random(99)
    for _ in range(400):
        rects = []
        for _ in range(2):
            x0, y0 = rng.randint(-4, 4), rng.randint(-4, 4)
            rects.append((x0, y0, x0 + rng.randint(1, 4), y0 + rng.randint(1, 4)))
        (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = rects
        ix0, iy0, ix1, iy1 = max(ax0, bx0), max(ay0, by0), min(ax1, bx1), min(ay1, by1)
        if ix0 > ix1 or iy0 > iy1:
            want = set()
        else:
            want = {(float(x), float(y)) for x in (ix0, ix1) for y in (iy0, iy1)}
        for a in rng.sample(forms(*rects[0]), 2):
            for b in rng.sample(forms(*rects[1]), 2):
                got = c.intersection(a, b)
                assert set(got) == want and len(got) == len(want), (a, b, got, want)
                assert c.intersection(b, a) == got
