"""Scene entries that are simple polygons (Scene.add(SimplePolygon), move, is_polygon, polygon):
hand cases checked on paper on an L, a save and load round trip, moves, bad input, then seeded
random scenes of shapes and concave polygons whose select, select_lasso, hit_test, nearest and
raycast_closest answers must equal a brute force over the module's own functions (overlaps,
contains, contains_strictly, distance, raycast), which decide a SimplePolygon by the same Polygon
queries the C++ Scene is documented to use."""

import math

import numpy as np
import pytest

import collide2d as c

# The unit-high bar [0,2]x[0,1] with the unit-wide arm [0,1]x[0,2]; the notch is (1,2]x(1,2]. Its
# seam y = 1, 0 < x < 1, lies inside it (no decomposition).
L_POINTS = [(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]


def ray(ox, oy, dx, dy, dtype=np.float64):
    return np.array([[ox, oy, dx, dy]], dtype=dtype)


# --- hand cases --------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("index", ["automatic", "packed", "dynamic", "grid"])
def test_l_shape_by_hand(dtype, index):
    scene = c.Scene(dtype=dtype, index=index)
    l_id = scene.add(c.SimplePolygon(L_POINTS), 7)
    far = scene.add(c.Circle((10, 10), 1), 8)
    assert len(scene) == 2 and l_id in scene
    assert scene.is_polygon(l_id) and not scene.is_polygon(far)
    assert not scene.is_group(l_id)
    assert scene.user_data(l_id) == 7
    back = scene.polygon(l_id)
    assert isinstance(back, c.SimplePolygon)
    assert back == c.SimplePolygon(L_POINTS) and back.vertices == [(float(x), float(y)) for x, y in L_POINTS]
    assert back.area == 3.0

    # The seam point (0.5, 1) is inside the L: a hit even when touching is left out.
    assert scene.hit_test(0.5, 1, exclude_touching=True).tolist() == [l_id]
    assert scene.hit_test(0, 1).tolist() == [l_id]  # its outer edge: touching only
    assert scene.hit_test(0, 1, exclude_touching=True).tolist() == []
    assert scene.hit_test(1.5, 1.5).tolist() == []  # the notch
    assert scene.hit_test(1, 1).tolist() == [l_id]  # the reflex corner, on the outline
    assert scene.hit_test(1, 1, exclude_touching=True).tolist() == []

    # A marquee in the notch misses; one over the reflex corner meets the L.
    assert scene.select(c.Aabb((1.25, 1.25), (1.75, 1.75))).tolist() == []
    assert scene.select(c.Aabb((1.25, 1.25), (1.75, 1.75)), "contains").tolist() == []
    assert scene.select(c.Aabb((0.75, 0.75), (1.25, 1.25))).tolist() == [l_id]
    # The notch square touches two edges: intersects, not with exclude_touching.
    assert scene.select(c.Aabb((1, 1), (2, 2))).tolist() == [l_id]
    assert scene.select(c.Aabb((1, 1), (2, 2)), exclude_touching=True).tolist() == []
    # Its box contains it (touching allowed), strictly only with room around it.
    assert scene.select(c.Aabb((0, 0), (2, 2)), "contains").tolist() == [l_id]
    assert scene.select(c.Aabb((0, 0), (2, 2)), "contains", exclude_touching=True).tolist() == []
    assert scene.select(c.Aabb((-1, -1), (3, 3)), "contains", exclude_touching=True).tolist() == [l_id]
    # The triangle (0,0) (2,0) (0,2) meets the L but does not contain it: (2, 1) is outside it.
    triangle = c.Polygon([(0, 0), (2, 0), (0, 2)])
    assert scene.select(triangle).tolist() == [l_id]
    assert scene.select(triangle, "contains").tolist() == []
    assert scene.select_lasso([(1.2, 1.2), (1.8, 1.2), (1.5, 1.8)]).tolist() == []  # in the notch
    assert scene.select_lasso([(-1, -1), (3, -1), (3, 3), (-1, 3)], "contains").tolist() == [l_id]

    # A ray from (-1, 0.5) along +x enters at x = 0 (t = 1) and leaves at x = 2 (t = 3).
    ids, t_in, t_out = scene.raycast_closest(ray(-1, 0.5, 1, 0, dtype))
    assert ids.tolist() == [l_id] and t_in[0] == 1 and t_out[0] == 3
    # Down through the notch at x = 1.5: the bar's top at y = 1 (t = 2) to y = 0 (t = 3).
    ids, t_in, t_out = scene.raycast_closest(ray(1.5, 3, 0, -1, dtype))
    assert ids.tolist() == [l_id] and t_in[0] == 2 and t_out[0] == 3
    # Up the arm at x = 0.5: one span across the seam, t 1 to 3.
    ids, t_in, t_out = scene.raycast_closest(ray(0.5, -1, 0, 1, dtype))
    assert ids.tolist() == [l_id] and t_in[0] == 1 and t_out[0] == 3

    # Exact distances: 1 to the edge x = 2; 0.5 from the notch's centre; 0 inside.
    for (x, y), d in (((3, 0.5), 1.0), ((1.5, 1.5), 0.5), ((0.5, 1), 0.0)):
        got_ids, got_d = scene.nearest(x, y)
        assert got_ids.tolist() == [l_id] and got_d.tolist() == [d]

    # Pairs: a box in the notch pairs with nothing; one against the bar's right end touches.
    in_notch = scene.add(c.Aabb((1.25, 1.25), (1.75, 1.75)))
    right = scene.add(c.Aabb((2, 0), (3, 1)))
    assert sorted(scene.overlapping_pairs().tolist()) == [sorted([l_id, right])]
    assert scene.overlapping_pairs(exclude_touching=True).shape == (0, 2)
    scene.remove(in_notch)
    scene.remove(right)

    # shape(id) and parts(id) refuse a polygon with the library's message; polygon(id) a shape.
    with pytest.raises(ValueError, match=f"id {l_id} is a simple polygon of 6 vertices; polygon"):
        scene.shape(l_id)
    with pytest.raises(ValueError, match="is a simple polygon; polygon"):
        scene.parts(l_id)
    with pytest.raises(ValueError, match=f"id {far} is not a simple polygon"):
        scene.polygon(far)


def test_move_and_kind_changes():
    scene = c.Scene()
    ell = c.SimplePolygon(L_POINTS)
    l_id = scene.add(ell, 1)
    ball = scene.add(c.Circle((20, 20), 1), 2)
    scene.set_z(l_id, 3)
    moved = c.SimplePolygon([(x + 10, y) for x, y in L_POINTS])
    scene.move(l_id, moved)
    assert scene.is_polygon(l_id) and scene.polygon(l_id) == moved
    assert scene.hit_test(0.5, 1).tolist() == []  # left its old place
    assert scene.hit_test(10.5, 1, exclude_touching=True).tolist() == [l_id]
    assert scene.select(c.Aabb((11.25, 1.25), (11.75, 1.75))).tolist() == []  # the moved notch
    assert scene.user_data(l_id) == 1
    # A polygon becomes a shape, a shape a polygon (keyword argument as for shapes).
    scene.move(l_id, c.Circle((0, 0), 1))
    assert not scene.is_polygon(l_id) and scene.shape(l_id) == c.Circle((0, 0), 1)
    with pytest.raises(ValueError, match="is not a simple polygon"):
        scene.polygon(l_id)
    scene.move(ball, shape=ell)
    assert scene.is_polygon(ball)
    # (0.5, 0.5) is inside the unit disc (z 3, first) and the L; (0.5, 1) is on the L's seam and
    # outside the disc (0.25 + 1 > 1).
    assert scene.hit_test(0.5, 0.5, exclude_touching=True).tolist() == [l_id, ball]
    assert scene.hit_test(0.5, 1, exclude_touching=True).tolist() == [ball]
    # A group becomes a polygon.
    group = scene.add_group([c.Aabb((30, 30), (31, 31)), c.Aabb((32, 30), (33, 31))])
    scene.move(group, moved)
    assert not scene.is_group(group) and scene.is_polygon(group)
    assert scene.hit_test(10.5, 1.5).tolist() == [group]
    assert scene.add(shape=ell, user_data=9) not in (l_id, ball, group)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_save_and_load_keep_polygons(dtype):
    scene = c.Scene(dtype=dtype)
    star = c.SimplePolygon([(x + 10, y + 10) for x, y in
                            [(4, 0), (1, 1), (0, 4), (-1, 1), (-4, 0), (-1, -1), (0, -4), (1, -1)]])
    l_id = scene.add(c.SimplePolygon(L_POINTS), 5)
    box = scene.add(c.Aabb((3, 0), (4, 1)))
    s = scene.add(star, 6)
    g = scene.add_group([c.Aabb((20, 0), (21, 1)), c.Circle((23, 0), 1)])
    scene.set_z(s, -2)
    data = scene.save()
    again = c.Scene.load(data)
    assert again.dtype == scene.dtype and again.save() == data
    for i in (l_id, box, s, g):
        assert again.is_polygon(i) == scene.is_polygon(i) and again.is_group(i) == scene.is_group(i)
    assert again.polygon(l_id) == c.SimplePolygon(L_POINTS) and again.polygon(s) == star
    assert again.user_data(s) == 6
    queries = [
        lambda x: x.hit_test(0.5, 1, exclude_touching=True).tolist(),
        lambda x: x.hit_test(11, 11).tolist(),  # the star's inner corner, on its outline
        lambda x: x.hit_test(11.5, 11.5).tolist(),  # outside it
        lambda x: sorted(x.select(c.Aabb((1.25, 1.25), (1.75, 1.75))).tolist()),
        lambda x: sorted(x.select(c.Aabb((0, 0), (14, 14)), "contains").tolist()),
        lambda x: sorted(x.select(c.Aabb((9, 9), (11, 11)), "contains").tolist()),
        lambda x: [a.tolist() for a in x.raycast_closest(ray(-1, 0.5, 1, 0, dtype))],
        lambda x: [a.tolist() for a in x.raycast_closest(ray(10, -5, 0, 1, dtype))],
        lambda x: [a.tolist() for a in x.nearest(11, 11, 4)],
        lambda x: sorted(map(sorted, x.overlapping_pairs().tolist())),
    ]
    for q in queries:
        assert q(again) == q(scene)
    assert again.hit_test(0.5, 1, exclude_touching=True).tolist() == [l_id]
    assert again.hit_test(11, 11).tolist() == [s] and again.hit_test(11.5, 11.5).tolist() == []
    assert sorted(again.select(c.Aabb((0, 0), (14, 14)), "contains").tolist()) == [l_id, box, s]
    assert again.raycast_closest(ray(10, -5, 0, 1, dtype))[1].tolist() == [11.0]  # (10, 6): tip
    assert again.add(c.SimplePolygon(L_POINTS)) == scene.add(c.SimplePolygon(L_POINTS))


def test_float32_scene_rounds_the_vertices():
    scene = c.Scene(dtype="float32")
    # 0.1 is no float: stored as float32(0.1), read back exactly so (widened).
    p = scene.add(c.SimplePolygon([(0.1, 0), (1, 0), (1, 1), (0.5, 0.5), (0, 1)]))
    got = scene.polygon(p).vertices
    assert got[0] == (float(np.float32(0.1)), 0.0) and got[0][0] != 0.1
    # A vertex beyond float32's range, and an outline that rounding to float32 spoils (the notch's
    # bottom edge, 1e-9 long, collapses: its two ends become the same point).
    with pytest.raises(ValueError, match="overflows float32"):
        scene.add(c.SimplePolygon([(0, 0), (1e39, 0), (0, 1)]))
    pinched = c.SimplePolygon([(0, 0), (2, 0), (2, 2), (1 + 1e-9, 1), (1, 1), (0, 2)])
    with pytest.raises(ValueError, match="SimplePolygon in float32"):
        scene.add(pinched)
    with pytest.raises(ValueError, match="SimplePolygon in float32"):
        scene.move(p, pinched)
    assert len(scene) == 1 and scene.is_polygon(p)
    # The same polygon is fine in float64.
    s64 = c.Scene()
    assert s64.polygon(s64.add(pinched)) == pinched


def test_bad_input_raises_type_or_value_error_and_changes_nothing():
    scene = c.Scene()
    ell = c.SimplePolygon(L_POINTS)
    l_id = scene.add(ell)
    box = scene.add(c.Aabb((5, 5), (6, 6)))
    with pytest.raises(TypeError, match="add_group.*SimplePolygon.*Scene.add"):
        scene.add_group([c.Aabb((0, 0), (1, 1)), ell])
    with pytest.raises(TypeError):
        scene.add(L_POINTS)  # the outline, not a SimplePolygon
    with pytest.raises(TypeError):
        scene.add(ell, "seven")
    with pytest.raises(TypeError):
        scene.move(box, L_POINTS)
    with pytest.raises(TypeError):
        scene.is_polygon("0")
    with pytest.raises(TypeError):
        scene.polygon(-1)
    with pytest.raises(IndexError):
        scene.move(99, ell)
    with pytest.raises(IndexError):
        scene.is_polygon(99)
    with pytest.raises(IndexError):
        scene.polygon(99)
    with pytest.raises(ValueError, match="is not a simple polygon"):
        scene.polygon(box)
    with pytest.raises(ValueError, match="simple polygon"):
        scene.shape(l_id)
    with pytest.raises(ValueError, match="simple polygon"):
        scene.parts(l_id)
    assert len(scene) == 2 and scene.is_polygon(l_id) and scene.shape(box) == c.Aabb((5, 5), (6, 6))


# --- seeded random scenes against a brute force over the module's functions ---------------------


def half(rng, n):
    return float(np.round(2 * n * rng.random()) / 2)


def random_simple_polygon(rng, cx, cy):
    """A star-shaped (hence simple) polygon about (cx, cy): 3 to 14 vertices at increasing angles,
    radii 1 to 5, on a half-unit lattice so that touching happens; an outline that rounding made
    touch itself is refused by the builder and another drawn."""
    while True:
        k = int(rng.integers(3, 15))
        phase = 2 * math.pi * rng.random()
        points = []
        for i in range(k):
            a = phase + (i + 0.1 + 0.8 * rng.random()) * 2 * math.pi / k
            r = 1 + 4 * rng.random()
            points.append((round(2 * (cx + r * math.cos(a))) / 2, round(2 * (cy + r * math.sin(a))) / 2))
        try:
            return points, c.SimplePolygon(points)
        except ValueError:
            pass


def random_convex(rng, x, y):
    k = int(rng.integers(3, 9))
    r = 0.3 + 2.7 * rng.random()
    phase = 2 * math.pi * rng.random()
    angles = [phase + (i + 0.15 + 0.7 * rng.random()) * 2 * math.pi / k for i in range(k)]
    return c.Polygon([(x + r * math.cos(a), y + r * math.sin(a)) for a in angles])


def random_shape(rng):
    x, y = half(rng, 30), half(rng, 30)
    kind = int(rng.integers(0, 4))
    if kind == 0:
        return c.Aabb((x, y), (x + 0.5 + half(rng, 3), y + 0.5 + half(rng, 3)))
    if kind == 1:
        return c.Circle((x, y), 0.5 + half(rng, 2))
    if kind == 2:
        return c.Obb((x, y), 1 + half(rng, 3), 1 + half(rng, 3), 2 * math.pi * rng.random())
    while True:
        try:
            return random_convex(rng, x, y)
        except ValueError:  # angles drawn out of order: not convex
            pass


def random_region(rng):
    """(region for the scene, the same region for the module's functions, is it a lasso)."""
    x, y = half(rng, 30), half(rng, 30)
    kind = int(rng.integers(0, 4))
    if kind == 0:
        r = c.Aabb((x - half(rng, 8), y - half(rng, 8)), (x + half(rng, 8), y + half(rng, 8)))
        return r, r, False
    if kind == 1:
        r = c.Obb((x, y), 1 + half(rng, 12), 1 + half(rng, 12), 2 * math.pi * rng.random())
        return r, r, False
    if kind == 2:
        while True:
            try:
                r = random_convex(rng, x, y)
                return r, r, False
            except ValueError:
                pass
    points, polygon = random_simple_polygon(rng, x, y)
    return points, polygon, True  # a simple lasso's region is the polygon through its points


def compare(scene, entries, rng, label):
    """The scene's answers against the brute force over entries {id: [shape, z]}."""
    ids = sorted(entries)
    counts = {"selected": 0, "polygons_selected": 0, "hits": 0, "polygon_hits": 0, "rays": 0}
    polygon = {i: isinstance(entries[i][0], c.SimplePolygon) for i in ids}
    for _ in range(40):
        region, reference, lasso = random_region(rng)
        for mode in ("intersects", "contains"):
            for touching in (False, True):
                got = sorted((scene.select_lasso(region, mode, exclude_touching=touching) if lasso
                              else scene.select(region, mode, exclude_touching=touching)).tolist())
                what = f"{label}: {region!r} {mode} exclude_touching={touching}"
                overlapping = [i for i in ids if c.overlaps(reference, entries[i][0])]
                strictly = [i for i in ids if c.contains_strictly(reference, entries[i][0])]
                if mode == "intersects" and not touching:
                    assert got == overlapping, what
                elif mode == "contains" and not touching:
                    assert got == [i for i in ids if c.contains(reference, entries[i][0])], what
                elif mode == "contains":
                    assert got == strictly, what
                else:
                    # No module function decides "meets the interior": it lies between the
                    # entries the region contains strictly and those it overlaps.
                    assert set(strictly) <= set(got) <= set(overlapping), what
                    continue
                counts["selected"] += len(got)
                counts["polygons_selected"] += sum(polygon[i] for i in got)
    for h in range(150):
        x, y = (half(rng, 32), half(rng, 32)) if h % 2 == 0 else tuple(32 * rng.random(2))
        p = c.Point(x, y)
        for touching in (False, True):
            test = c.contains_strictly if touching else c.overlaps
            expected = sorted((i for i in ids if test(entries[i][0], p)),
                              key=lambda i: (-entries[i][1], -i))
            got = scene.hit_test(x, y, exclude_touching=touching).tolist()
            assert got == expected, f"{label}: hit_test({x}, {y}) exclude_touching={touching}"
            counts["hits"] += len(got)
            counts["polygon_hits"] += sum(polygon[i] for i in got)
        got_ids, got_d = scene.nearest(x, y, len(ids))
        expected = {i: (0.0 if c.overlaps(p, entries[i][0]) else c.distance(p, entries[i][0]).distance)
                    for i in ids}
        assert dict(zip(got_ids.tolist(), got_d.tolist())) == expected, f"{label}: nearest({x}, {y})"
    for _ in range(60):
        angle = 2 * math.pi * rng.random()
        ox, oy, dx, dy = half(rng, 30), half(rng, 30), math.cos(angle), math.sin(angle)
        hits = {}
        for i in ids:
            hit = c.raycast(c.Ray((ox, oy), (dx, dy)), entries[i][0])
            if hit is not None:
                hits[i] = hit
        got_ids, t_in, t_out = scene.raycast_closest(ray(ox, oy, dx, dy))
        what = f"{label}: ray ({ox}, {oy}) ({dx}, {dy})"
        if not hits:
            assert got_ids.tolist() == [-1], what
            continue
        first = min(h.t_enter for h in hits.values())
        # Ties: topmost first (higher z, then higher id).
        top = max((i for i in hits if hits[i].t_enter == first), key=lambda i: (entries[i][1], i))
        assert (got_ids[0], t_in[0], t_out[0]) == (top, first, hits[top].t_exit), what
        counts["rays"] += 1
    return counts


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_scenes_equal_brute_force(seed):
    rng = np.random.default_rng(20261129 + seed)
    index = ["automatic", "packed", "dynamic", "grid"][seed % 4]
    scene = c.Scene(index=index)
    entries = {}
    for _ in range(60):
        shape = (random_simple_polygon(rng, half(rng, 30), half(rng, 30))[1] if rng.random() < 0.5
                 else random_shape(rng))
        i = scene.add(shape)
        z = int(rng.integers(-1, 2))
        scene.set_z(i, z)
        entries[i] = [shape, z]
    results = [compare(scene, entries, rng, f"seed {seed}")]
    # Move a third (polygons to shapes or other polygons, shapes to polygons); remove a few.
    for i in list(entries):
        u = rng.random()
        if u < 0.3:
            shape = (random_simple_polygon(rng, half(rng, 30), half(rng, 30))[1]
                     if rng.random() < 0.6 else random_shape(rng))
            scene.move(i, shape)
            entries[i][0] = shape
        elif u < 0.35:
            scene.remove(i)
            del entries[i]
    for i, (shape, _) in entries.items():
        assert scene.is_polygon(i) == isinstance(shape, c.SimplePolygon)
        if scene.is_polygon(i):
            assert scene.polygon(i) == shape
    results.append(compare(scene, entries, rng, f"seed {seed} after moves"))
    loaded = c.Scene.load(scene.save())
    del scene
    results.append(compare(loaded, entries, rng, f"seed {seed} after save and load"))
    for counts in results:
        assert counts["polygons_selected"] > 0 and counts["polygon_hits"] > 0, counts
