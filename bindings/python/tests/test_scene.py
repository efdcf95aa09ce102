"""Scene: hand cases (the README's), and every query against brute force over the batch and
single-shape functions."""

import math
from fractions import Fraction

import numpy as np
import pytest

import collide2d as c
from helpers import random_boxes, random_circles


def test_readme_scene():
    scene = c.Scene()
    card = scene.add(c.Obb((100, 100), 80, 40, 30, degrees=True), 1)
    dot = scene.add(c.Circle((150, 100), 10), 2)
    scene.add(c.Aabb((300, 0), (400, 50)), 3)
    marquee = c.Aabb((40, 40), (145, 160))
    assert len(scene.select(marquee, "intersects")) == 2
    assert scene.select(marquee, "contains").tolist() == [card]
    scene.set_z(dot, 1)
    assert scene.hit_test(140, 100).tolist() == [dot, card]  # topmost first
    ids, t_in, t_out = scene.raycast_closest(np.array([[0.0, 25.0, 1.0, 0.0]]))
    assert scene.user_data(int(ids[0])) == 3 and t_in[0] == 300.0 and t_out[0] == 400.0
    pairs = scene.overlapping_pairs()
    assert pairs.shape == (1, 2) and pairs.dtype == np.uint32
    assert sorted(pairs[0].tolist()) == sorted([card, dot])
    scene.move(card, c.Obb((300, 100), 80, 40, 30, degrees=True))
    assert scene.overlapping_pairs().shape == (0, 2)
    assert len(scene) == 3 and card in scene
    scene.remove(card)
    assert len(scene) == 2 and card not in scene
    with pytest.raises(IndexError):
        scene.shape(card)
    assert scene.shape(dot) == c.Circle((150, 100), 10)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_scene_queries_equal_brute_force(rng, dtype):
    boxes = random_boxes(rng, 600, dtype=dtype, extent=200.0)
    circles = random_circles(rng, 200, dtype=dtype, extent=200.0)
    scene = c.Scene(dtype=dtype)
    box_ids = scene.add_boxes(boxes, user_data=np.arange(600, dtype=np.uint64))
    circle_ids = scene.add_circles(circles)
    assert box_ids.dtype == np.uint32 and len(scene) == 800
    assert scene.user_data(int(box_ids[17])) == 17
    ids = np.concatenate([box_ids, circle_ids])
    # selection by a rotated region: overlap_matrix of the region against every shape
    region = np.array([[100.0, 90.0, 70.0, 40.0, 0.4]], dtype=dtype)
    expected = np.concatenate([c.overlap_matrix(region, boxes)[0],
                               c.overlap_matrix(region, circles)[0]])
    got = scene.select(region[0].tolist(), "intersects")
    assert set(got.tolist()) == set(ids[expected].tolist()) and len(got) == expected.sum()
    assert 10 < len(got) < 800
    # contains mode: every corner of a box inside the region (the single-shape contains)
    if dtype == np.float64:
        r = c.Obb((100.0, 90.0), 70.0, 40.0, 0.4)
        inside = {int(ids[i]) for i in range(600)
                  if c.contains(r, c.Obb(tuple(boxes[i, :2]), boxes[i, 2], boxes[i, 3], boxes[i, 4]))}
        inside |= {int(circle_ids[i]) for i in range(200)
                   if c.contains(r, c.Circle(tuple(circles[i, :2]), circles[i, 2]))}
        assert set(scene.select(r, "contains").tolist()) == inside
    # every overlapping pair: the upper triangle of the overlap matrix
    pairs = scene.overlapping_pairs()
    mat = np.zeros((800, 800), dtype=bool)
    mat[:600, :600] = c.overlap_matrix(boxes, boxes)
    mat[600:, 600:] = c.overlap_matrix(circles, circles)
    mat[:600, 600:] = c.overlap_matrix(boxes, circles)
    mat[600:, :600] = mat[:600, 600:].T
    position = {int(v): k for k, v in enumerate(ids)}
    want = {(min(position[int(i)], position[int(j)]), max(position[int(i)], position[int(j)]))
            for i, j in zip(*np.nonzero(np.triu(mat, 1)))}
    got_pairs = {tuple(sorted((position[int(a)], position[int(b)]))) for a, b in pairs}
    assert got_pairs == want and len(pairs) == len(want)
    assert np.array_equal(scene.overlapping_pairs(threads=1), pairs)  # same for every count
    # hit tests: contains_points
    for x, y in rng.uniform(0, 200, (40, 2)):
        px = np.array([[x, y]], dtype=dtype)
        expected = np.concatenate([c.contains_points(boxes, px)[:, 0],
                                   c.contains_points(circles, px)[:, 0]])
        assert set(scene.hit_test(float(px[0, 0]), float(px[0, 1])).tolist()) == \
            set(ids[expected].tolist())
    # closest hit along rays: the smallest t_enter of the ray matrix
    rays = np.concatenate([rng.uniform(0, 200, (50, 2)), rng.normal(size=(50, 2))],
                          axis=1).astype(dtype)
    hit_ids, t_in, _ = scene.raycast_closest(rays)
    assert hit_ids.dtype == np.int64
    _, tb, _ = c.raycast(rays, boxes)
    _, tc, _ = c.raycast(rays, circles)
    t_all = np.concatenate([tb, tc], axis=1)
    for r in range(len(rays)):
        if np.all(np.isnan(t_all[r])):
            assert hit_ids[r] == -1 and np.isnan(t_in[r])
        else:
            assert t_in[r] == np.nanmin(t_all[r])
            k = position[int(hit_ids[r])]
            assert t_all[r, k] == t_in[r]
    assert (hit_ids >= 0).any()


def test_scene_bad_input():
    scene = c.Scene()
    boxes = np.array([[0, 0, 1, 1, 0], [0, 0, -1, 1, 0]], dtype=np.float64)
    with pytest.raises(ValueError, match=r"boxes\[1\].*width is -1"):
        scene.add_boxes(boxes)
    assert len(scene) == 0  # nothing added
    with pytest.raises(TypeError, match="float32.*float64"):
        scene.add_boxes(boxes.astype(np.float32))
    with pytest.raises(ValueError, match=r"\(N, 5\).*got shape \(2, 3\)"):
        scene.add_boxes(boxes[:, :3].copy())
    with pytest.raises(ValueError, match="mode must be"):
        scene.select(c.Aabb((0, 0), (1, 1)), "touches")
    with pytest.raises(TypeError, match="Circle"):
        scene.select(c.Circle((0, 0), 1))
    with pytest.raises(ValueError, match="width is nan"):
        scene.select([0, 0, math.nan, 1, 0])
    with pytest.raises(ValueError, match="finite"):
        scene.hit_test(math.nan, 0)
    with pytest.raises(ValueError, match=r"rays\[0\]"):
        scene.raycast_closest(np.zeros((1, 4)))
    with pytest.raises(TypeError, match="dtype"):
        c.Scene(dtype=np.int32)
    with pytest.raises(ValueError, match="index"):
        c.Scene(index="octree")
    with pytest.raises(TypeError, match="uint64"):
        scene.add_boxes(boxes[:1].copy(), user_data=np.zeros(1, dtype=np.int64))
    # A box whose bounding box overflows passes the row checks and is refused by the scene's:
    # before anything is added.
    far = np.array([[0, 0, 1, 1, 0], [1.7e308, 0, 1e308, 1, 0.5]], dtype=np.float64)
    with pytest.raises(ValueError, match=r"boxes\[1\]: its bounding box overflows"):
        scene.add_boxes(far)
    assert len(scene) == 0


def _twin_scenes(rng, dtype, index):
    """Two scenes of the same seeded boxes, circles and polygons, with user data; and the ids."""
    scenes = (c.Scene(dtype=dtype, index=index), c.Scene(dtype=dtype, index=index))
    boxes = random_boxes(rng, 300, dtype=dtype, extent=200.0)
    circles = random_circles(rng, 100, dtype=dtype, extent=200.0)
    polygons = [c.Polygon.hull([tuple(p) for p in rng.uniform(x, x + 8, (6, 2))])
                for x in rng.uniform(0, 190, 20)]
    for scene in scenes:
        ids = np.concatenate([scene.add_boxes(boxes, user_data=np.arange(300, dtype=np.uint64)),
                              scene.add_circles(circles),
                              [scene.add(p, 1000 + k) for k, p in enumerate(polygons)]])
    return scenes, ids.astype(np.uint32)


def _pair_set(scene):
    return {tuple(sorted(p)) for p in scene.overlapping_pairs().tolist()}


@pytest.mark.parametrize("index", ["automatic", "dynamic"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_scene_set_boxes_equals_move_one_by_one(rng, dtype, index):
    (batch, single), ids = _twin_scenes(rng, dtype, index)
    # ids as add_boxes gives them, a list of ints, an int64 array; degrees in the middle round
    for round, (as_ids, degrees) in enumerate([(lambda a: a, False), (lambda a: a.tolist(), True),
                                               (lambda a: a.astype(np.int64), False)]):
        n = 250
        moved = rng.choice(ids, n)  # with repeats
        moved[-1] = moved[0]        # at least one: the last row wins
        rows = random_boxes(rng, n, dtype=dtype, extent=200.0)
        if degrees:
            rows[:, 4] = rng.uniform(-360, 360, n).astype(dtype)
        batch.set_boxes(as_ids(moved), rows, degrees=degrees)
        # The one-by-one reference: move with each box exactly as add_boxes builds it.
        ref = c.Scene(dtype=dtype)
        ref_ids = ref.add_boxes(rows, degrees=degrees)
        for i in range(n):
            single.move(int(moved[i]), ref.shape(int(ref_ids[i])))
        for i in ids.tolist():
            assert batch.shape(i) == single.shape(i), f"round {round}: id {i}"
            assert batch.user_data(i) == single.user_data(i), f"round {round}: id {i} user data"
        assert batch.shape(int(moved[0])) == ref.shape(int(ref_ids[-1]))
        assert batch.user_data(0) == 0 and batch.user_data(int(ids[-1])) == 1019
        pairs = _pair_set(batch)
        assert len(pairs) > 50 and pairs == _pair_set(single), f"round {round}"
    batch.set_boxes([], np.zeros((0, 5), dtype=dtype))  # an empty batch changes nothing
    assert _pair_set(batch) == _pair_set(single)


def test_scene_set_boxes_bad_input_changes_nothing():
    scene = c.Scene()
    ids = scene.add_boxes(np.array([[1, 1, 2, 2, 0], [3, 1, 2, 2, 0], [10, 10, 2, 2, 0.5]],
                                   dtype=np.float64), user_data=np.arange(3, dtype=np.uint64) + 7)
    ball = scene.add(c.Circle((5, 5), 1), 42)
    gone = scene.add(c.Point(0, 0))
    scene.remove(gone)
    scene.overlapping_pairs()  # the index built: a change would show in the saved bytes
    before = scene.save()
    good = np.tile(np.array([7.0, 7.0, 1.0, 1.0, 0.0]), (3, 1))

    def with_last(row):
        rows = good.copy()
        rows[2] = row
        return rows

    set_boxes = scene.set_boxes
    cases = [
        (TypeError, "float32.*float64", lambda: set_boxes(ids, good.astype(np.float32))),
        (TypeError, "", lambda: set_boxes(ids, good.tolist())),
        (ValueError, r"\(N, 5\).*got shape \(3, 4\)", lambda: set_boxes(ids, good[:, :4].copy())),
        (ValueError, "C-contiguous", lambda: set_boxes(ids, np.asfortranarray(good))),
        (TypeError, "integer array, got dtype float64",
         lambda: set_boxes(ids.astype(np.float64), good)),
        (ValueError, r"shape \(N,\), got shape \(1, 3\)", lambda: set_boxes(ids[None, :], good)),
        (TypeError, "got str", lambda: set_boxes("012", good)),
        (TypeError, "got set", lambda: set_boxes({0, 1, 2}, good)),
        (TypeError, r"ids\[1\] must be an int, got float", lambda: set_boxes([0, 1.0, 2], good)),
        (TypeError, r"ids\[2\] must be an int, got bool", lambda: set_boxes([0, 1, True], good)),
        (ValueError, r"ids\[2\] is -1", lambda: set_boxes([0, 1, -1], good)),
        (ValueError, r"ids\[2\] is -1", lambda: set_boxes(np.array([0, 1, -1]), good)),
        (ValueError, r"ids\[2\] is 4294967296", lambda: set_boxes([0, 1, 2**32], good)),
        (ValueError, r"ids\[2\] is 1180591620717411303424", lambda: set_boxes([0, 1, 2**70], good)),
        (ValueError, "2 ids and 3 boxes", lambda: set_boxes(ids[:2], good)),
        (ValueError, "3 ids and 2 boxes", lambda: set_boxes(ids, good[:2].copy())),
        # a bad last row or id, after good ones
        (ValueError, r"boxes\[2\].*width is -2", lambda: set_boxes(ids, with_last([0, 0, -2, 1, 0]))),
        (ValueError, r"boxes\[2\].*nan", lambda: set_boxes(ids, with_last([0, 0, 1, 1, np.nan]))),
        (ValueError, r"boxes\[2\].*inf",
         lambda: set_boxes(ids, with_last([np.inf, 0, 1, 1, 0]), degrees=True)),
        # a box that make_box takes but the scene refuses: set_shapes' own check, all first
        (ValueError, "shape 2: its bounding box overflows",
         lambda: set_boxes(ids, with_last([1.7e308, 0, 1e308, 1, 0.5]))),
        (IndexError, rf"ids\[2\] is {gone}", lambda: set_boxes([ids[0], ball, gone], good)),
        (IndexError, r"ids\[1\] is 4294967295",
         lambda: set_boxes(np.array([ball, 2**32 - 1], dtype=np.uint32), good[:2].copy())),
        (ValueError, "threads", lambda: set_boxes(ids, good, threads=-1)),
    ]
    for error, match, call in cases:
        with pytest.raises(error, match=match):
            call()
        assert scene.save() == before, f"{match}: the failed call changed the scene"
    assert [scene.user_data(int(i)) for i in ids] == [7, 8, 9] and scene.user_data(ball) == 42


def test_scene_exclude_touching():
    scene = c.Scene()
    ids = scene.add_boxes(np.array([[0.5, 0.5, 1, 1, 0], [1.5, 0.5, 1, 1, 0]]))
    assert len(scene.overlapping_pairs()) == 1
    assert len(scene.overlapping_pairs(exclude_touching=True)) == 0
    assert set(scene.select(c.Aabb((1, 0), (2, 1))).tolist()) == set(ids.tolist())
    assert scene.select(c.Aabb((1, 0), (2, 1)), exclude_touching=True).tolist() == [ids[1]]


def test_scene_nearest_equals_brute_force(rng):
    # The k nearest by exact distance, against c.overlaps / c.distance on every shape (the
    # library's single-shape answers), nearest first, equal distances higher id first.
    scene = c.Scene(dtype=np.float64)
    shapes = {}
    for i in range(300):
        x, y = rng.uniform(0, 100, 2)
        if i % 2:
            s = c.Obb((x, y), rng.uniform(1, 6), rng.uniform(1, 6), rng.uniform(0, 3))
        else:
            s = c.Circle((x, y), rng.uniform(0.5, 3))
        shapes[scene.add(s)] = s
    for q in range(40):
        x, y = rng.uniform(-20, 120, 2)
        k = 1 + q % 9
        p = c.Point(x, y)
        ranked = sorted(((0.0 if c.overlaps(p, s) else c.distance(p, s).distance, i)
                         for i, s in shapes.items()), key=lambda t: (t[0], -t[1]))[:k]
        ids, distances = scene.nearest(x, y, k)
        assert ids.dtype == np.uint32 and distances.dtype == np.float64
        assert ids.tolist() == [i for _, i in ranked]
        assert distances.tolist() == [d for d, _ in ranked]
    # max_distance cuts; k = 0 gives nothing; bad input is refused, naming the value.
    ids, distances = scene.nearest(50.0, 50.0, 300, max_distance=5.0)
    assert len(ids) < 300 and (distances <= 5.0).all()
    assert len(scene.nearest(50.0, 50.0, 0)[0]) == 0
    with pytest.raises(ValueError, match="max_distance"):
        scene.nearest(0.0, 0.0, 1, max_distance=-1.0)
    with pytest.raises(ValueError, match="k is -1"):
        scene.nearest(0.0, 0.0, -1)
    with pytest.raises(ValueError, match="nan"):
        scene.nearest(float("nan"), 0.0)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_scene_groups_equal_their_parts_added_alone(rng, dtype):
    """A group answers as the union of its parts: the reference is a second scene holding every
    part as a shape of its own, whose answers are mapped back to the groups."""
    grouped = c.Scene(dtype=dtype)
    alone = c.Scene(dtype=dtype)
    owner = {}  # id in `alone` -> id in `grouped`
    for g in range(60):
        centre = rng.uniform(0, 200, size=2)
        parts = []
        for _ in range(int(rng.integers(1, 4))):
            cx, cy = centre + rng.uniform(-8, 8, size=2)
            if rng.random() < 0.5:
                parts.append(c.Obb((cx, cy), rng.uniform(1, 9), rng.uniform(1, 9), rng.uniform(0, 3)))
            else:
                parts.append(c.Circle((cx, cy), rng.uniform(0.5, 5)))
        gid = grouped.add_group(parts, g)
        assert grouped.is_group(gid) and len(grouped.parts(gid)) == len(parts)
        for part in parts:
            owner[alone.add(part)] = gid
    for _ in range(30):
        box = c.Aabb(tuple(rng.uniform(-10, 150, size=2)), tuple(rng.uniform(150, 260, size=2)))
        hits = {owner[i] for i in alone.select(box, "intersects").tolist()}
        assert set(grouped.select(box, "intersects").tolist()) == hits
        inside = set(alone.select(box, "contains").tolist())
        full = {gid for gid in hits
                if all(i in inside for i, o in owner.items() if o == gid)}
        assert set(grouped.select(box, "contains").tolist()) == full
        x, y = rng.uniform(0, 200, size=2)
        under = {owner[i] for i in alone.hit_test(x, y).tolist()}
        assert set(grouped.hit_test(x, y).tolist()) == under
    pairs = {tuple(sorted((owner[a], owner[b]))) for a, b in alone.overlapping_pairs().tolist()
             if owner[a] != owner[b]}
    assert {tuple(p) for p in grouped.overlapping_pairs().tolist()} == pairs
    assert len(pairs) > 0


def test_scene_group_by_hand():
    scene = c.Scene()
    l_shape = scene.add_group([c.Aabb((0, 0), (2, 1)), c.Aabb((0, 0), (1, 2))], 7)
    assert scene.hit_test(1.5, 1.5).tolist() == []  # the notch
    assert scene.hit_test(0.5, 1.5).tolist() == [l_shape]
    assert scene.select(c.Aabb((-1, -1), (1.5, 2.5)), "intersects").tolist() == [l_shape]
    assert scene.select(c.Aabb((-1, -1), (1.5, 2.5)), "contains").tolist() == []
    assert scene.overlapping_pairs().shape == (0, 2)  # never with itself
    with pytest.raises(ValueError, match="got 0"):
        scene.add_group([])
    with pytest.raises(ValueError, match="inverted"):  # the shape's own check comes first
        scene.add_group([c.Circle((0, 0), 1), c.Aabb((2, 2), (1, 1))])
    with pytest.raises(ValueError, match="is a group"):
        scene.shape(l_shape)
    assert [type(p).__name__ for p in scene.parts(l_shape)] == ["Aabb", "Aabb"]


# ---------------------------------------------------------------------------------------------
# Lasso selection: select_lasso(points, mode, exclude_touching=...)

def _boxes_scene(boxes, dtype=np.float64):
    """A scene of axis-aligned boxes given as (x0, y0, x1, y1) rows; returns (scene, ids)."""
    rows = np.array([[(x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0, 0]
                     for x0, y0, x1, y1 in boxes], dtype=dtype)
    scene = c.Scene(dtype=dtype)
    return scene, scene.add_boxes(rows).tolist()


def _lasso_ids(scene, ids, points, mode, exclude_touching=False):
    """The positions (into ids) of the boxes select_lasso returns, as a set."""
    got = scene.select_lasso(points, mode, exclude_touching=exclude_touching)
    assert got.dtype == np.uint32 and len(set(got.tolist())) == len(got)
    return {ids.index(i) for i in got.tolist()}


def test_scene_lasso_by_hand():
    # A U (counter-clockwise): arms x in [0, 10] and [20, 30], joined below y = 10; the notch
    # is x in (10, 20), y > 10.
    u = [(0, 0), (30, 0), (30, 30), (20, 30), (20, 10), (10, 10), (10, 30), (0, 30)]
    boxes = [(13, 18, 17, 22),  # 0: in the notch: touches nothing
             (3, 18, 7, 22),    # 1: inside the left arm
             (8, 18, 12, 22),   # 2: across the arm's inner edge x = 10
             (0, 18, 4, 22),    # 3: inside, its left side on the path x = 0
             (12, 2, 18, 6),    # 4: in the bottom bar, below the notch
             (40, 0, 50, 10),   # 5: far outside
             (10, 22, 14, 26)]  # 6: in the notch, its left side on the path x = 10
    for dtype in (np.float32, np.float64):
        scene, ids = _boxes_scene(boxes, dtype)
        for points in (u, np.array(u, dtype=dtype), list(reversed(u))):  # either direction
            assert _lasso_ids(scene, ids, points, "intersects") == {1, 2, 3, 4, 6}
            assert _lasso_ids(scene, ids, points, "contains") == {1, 3, 4}
            assert _lasso_ids(scene, ids, points, "intersects", True) == {1, 2, 3, 4}
            assert _lasso_ids(scene, ids, points, "contains", True) == {1, 4}
    # A figure eight (a bowtie): (0,0) -> (10,10) -> (10,0) -> (0,10) crosses itself at (5,5).
    # The left lobe (5,5), (0,10), (0,0) winds +1 (counter-clockwise), the right lobe (5,5),
    # (10,10), (10,0) winds -1: the nonzero rule fills both.
    eight = [(0, 0), (10, 10), (10, 0), (0, 10)]
    boxes = [(1.5, 4.5, 2.5, 5.5),  # 0: in the left lobe
             (7.5, 4.5, 8.5, 5.5),  # 1: in the right lobe
             (4.5, 0.5, 5.5, 1.5),  # 2: below the crossing, between the lobes
             (4.5, 8.5, 5.5, 9.5),  # 3: above it
             (4, 4, 6, 6)]          # 4: around the crossing
    scene, ids = _boxes_scene(boxes)
    assert _lasso_ids(scene, ids, eight, "intersects") == {0, 1, 4}
    assert _lasso_ids(scene, ids, eight, "contains") == {0, 1}
    assert _lasso_ids(scene, ids, eight, "contains", True) == {0, 1}
    # The same square twice, once each way: winding 0 inside, only the path itself is selected.
    square = [(0, 0), (10, 0), (10, 10), (0, 10), (0, 0), (0, 10), (10, 10), (10, 0)]
    scene, ids = _boxes_scene([(4, 4, 6, 6), (-1, 4, 1, 6), (10, 4, 12, 6)])
    assert _lasso_ids(scene, ids, square, "intersects") == {1, 2}
    assert _lasso_ids(scene, ids, square, "intersects", True) == set()
    assert _lasso_ids(scene, ids, square, "contains") == set()
    # Twice round the same way: winding 2 inside, selected like once.
    scene, ids = _boxes_scene([(4, 4, 6, 6)])
    assert _lasso_ids(scene, ids, square[:4] * 2, "contains", True) == {0}


def test_scene_lasso_bad_input():
    scene = c.Scene()
    scene.add_boxes(np.array([[0.0, 0.0, 1.0, 1.0, 0.0]]))
    with pytest.raises(ValueError, match="at least 3 points, got 2"):
        scene.select_lasso([(0, 0), (1, 1)])
    with pytest.raises(ValueError, match="at least 3 points, got 0"):
        scene.select_lasso(np.zeros((0, 2)))
    with pytest.raises(ValueError, match=r"point 1 \(1, nan\)"):
        scene.select_lasso([(0, 0), (1, math.nan), (2, 0)])
    with pytest.raises(ValueError, match=r"point 2 \(-inf, 0\)"):
        scene.select_lasso(np.array([[0, 0], [1, 1], [-math.inf, 0]]))
    with pytest.raises(ValueError, match=r"1e\+300.*float32"):
        c.Scene(dtype=np.float32).select_lasso([(0, 0), (1e300, 0), (0, 1)])
    with pytest.raises(ValueError, match=r"\(N, 2\).*got shape \(3, 3\)"):
        scene.select_lasso(np.zeros((3, 3)))
    with pytest.raises(ValueError, match=r"\(N, 2\).*got shape \(6,\)"):
        scene.select_lasso(np.zeros(6))
    with pytest.raises(ValueError, match="C-contiguous"):  # never a silent copy
        scene.select_lasso(np.zeros((6, 2))[::2])
    with pytest.raises(TypeError, match="dtype float32 but the scene is float64"):
        scene.select_lasso(np.zeros((3, 2), dtype=np.float32))
    with pytest.raises(TypeError, match="got int64"):
        scene.select_lasso(np.zeros((3, 2), dtype=np.int64))
    with pytest.raises(TypeError, match="pairs, got list"):
        scene.select_lasso([(0, 0, 1), (1, 0, 1), (1, 1, 1)])
    with pytest.raises(TypeError, match="pairs, got str"):
        scene.select_lasso("abc")
    with pytest.raises(TypeError, match="pairs, got NoneType"):
        scene.select_lasso(None)
    with pytest.raises(ValueError, match="mode must be"):
        scene.select_lasso([(0, 0), (1, 0), (1, 1)], "touches")
    assert scene.select_lasso([(0, 0), (1, 0), (1, 1)]).tolist() == [0]  # still usable


# An independent reference: exact rational arithmetic (fractions) on integer lassos and boxes.

def _orient(a, b, p):
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def _winding(path, p):
    """The winding number of the closed path around p (p off the path): Sunday's crossing rule."""
    w = 0
    for a, b in zip(path, path[1:] + path[:1]):
        if a[1] <= p[1] < b[1] and _orient(a, b, p) > 0:
            w += 1
        elif b[1] <= p[1] < a[1] and _orient(a, b, p) < 0:
            w -= 1
    return w


def _segment_meets_box(a, b, box):
    """Whether the closed segment ab meets the closed box (x0, y0, x1, y1): clipping, exactly."""
    t0, t1 = Fraction(0), Fraction(1)
    for d, lo, hi, o in ((b[0] - a[0], box[0], box[2], a[0]), (b[1] - a[1], box[1], box[3], a[1])):
        if d == 0:
            if not lo <= o <= hi:
                return False
            continue
        u, v = Fraction(lo - o, d), Fraction(hi - o, d)
        t0, t1 = max(t0, min(u, v)), min(t1, max(u, v))
    return t0 <= t1


def _crossing_xs(path):
    """The x of every path vertex and of every point where two edges meet."""
    edges = list(zip(path, path[1:] + path[:1]))
    xs = {Fraction(p[0]) for p in path}
    for i, (a, b) in enumerate(edges):
        for p, q in edges[i + 1:]:
            den = (b[0] - a[0]) * (q[1] - p[1]) - (b[1] - a[1]) * (q[0] - p[0])
            if den == 0:
                continue  # parallel: where they overlap, they meet at vertices
            t = Fraction((p[0] - a[0]) * (q[1] - p[1]) - (p[1] - a[1]) * (q[0] - p[0]), den)
            s = Fraction((p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0]), den)
            if 0 <= t <= 1 and 0 <= s <= 1:
                xs.add(a[0] + t * (b[0] - a[0]))
    return xs


def _samples_inside(path, events, box):
    """A point in each face that the path cuts the open box into: between two neighbouring event
    x (path vertices and crossings, the box's sides, where an edge crosses the box's top or
    bottom), no two of the edges and the box's sides cross, so every face there crosses the
    vertical line halfway."""
    x0, y0, x1, y1 = box
    events = set(events)
    for a, b in zip(path, path[1:] + path[:1]):
        for y in (y0, y1):
            if min(a[1], b[1]) < y < max(a[1], b[1]):
                events.add(a[0] + (y - a[1]) * Fraction(b[0] - a[0], b[1] - a[1]))
    xs = sorted({Fraction(x0), Fraction(x1)} | {x for x in events if x0 < x < x1})
    out = []
    for xa, xb in zip(xs, xs[1:]):
        m = (xa + xb) / 2
        ys = {Fraction(y0), Fraction(y1)}
        for a, b in zip(path, path[1:] + path[:1]):
            if min(a[0], b[0]) < m < max(a[0], b[0]):
                y = a[1] + (m - a[0]) * Fraction(b[1] - a[1], b[0] - a[0])
                if y0 < y < y1:
                    ys.add(y)
        ys = sorted(ys)
        out += [(m, (ya + yb) / 2) for ya, yb in zip(ys, ys[1:])]
    return out


def _lasso_brute_force(path, boxes):
    """For each mode (intersects, contains) x exclude_touching (False, True): the set of boxes
    in the region R (the path plus the points it winds around nonzero times) or in its interior."""
    events = _crossing_xs(path)
    edges = list(zip(path, path[1:] + path[:1]))
    answer = {key: set() for key in (("intersects", False), ("contains", False),
                                      ("intersects", True), ("contains", True))}
    for k, box in enumerate(boxes):
        touched = any(_segment_meets_box(a, b, box) for a, b in edges)
        center = (Fraction(box[0] + box[2], 2), Fraction(box[1] + box[3], 2))
        # off the path when nothing touches the box: then the box lies in one face
        center_filled = not touched and _winding(path, center) != 0
        filled = [_winding(path, p) != 0 for p in _samples_inside(path, events, box)]
        if touched or center_filled:
            answer["intersects", False].add(k)
        if all(filled):  # int(S) misses every open set of winding 0: S lies in R
            answer["contains", False].add(k)
        if any(filled):
            answer["intersects", True].add(k)
        if center_filled:
            answer["contains", True].add(k)
    return answer


def test_scene_lasso_equals_brute_force(rng):
    # Random integer lassos (crossing themselves, repeating points, with collinear and touching
    # edges) and integer boxes, many touching the path: every answer is exact.
    counts = {key: (0, 0) for key in (("intersects", False), ("contains", False),
                                      ("intersects", True), ("contains", True))}
    for trial in range(40):
        n = int(rng.integers(3, 11))
        path = [tuple(int(v) for v in p) for p in rng.integers(0, 41, (n, 2))]
        if trial % 2 == 0:  # every other one a simple star-shaped lasso, whose inside is bigger
            angles = np.sort(rng.uniform(0, 2 * np.pi, n))
            radii = rng.integers(10, 21, n)
            path = [(int(20 + r * np.cos(t)), int(20 + r * np.sin(t))) for r, t in zip(radii, angles)]
        lows = rng.integers(-2, 40, (60, 2))
        sizes = rng.integers(1, 7, (60, 2))
        boxes = [(int(x), int(y), int(x + w), int(y + h)) for (x, y), (w, h) in zip(lows, sizes)]
        expected = _lasso_brute_force(path, boxes)
        for dtype in (np.float32, np.float64):
            scene, ids = _boxes_scene(boxes, dtype)
            points = np.array(path, dtype=dtype)
            for (mode, exclude), want in expected.items():
                got = _lasso_ids(scene, ids, points, mode, exclude)
                assert got == want, (trial, path, mode, exclude, dtype,
                                     [boxes[k] for k in got ^ want])
        for key, want in expected.items():
            counts[key] = (counts[key][0] + len(want), counts[key][1] + 60 - len(want))
    # the cases are not all alike: every mode both selected and left out many boxes
    assert all(yes > 150 and no > 150 for yes, no in counts.values()), counts
