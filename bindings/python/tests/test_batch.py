"""numpy batch functions: hand cases, equality with the single-shape calls, exact IoU properties,
thread-count invariance and bad input."""

import math

import numpy as np
import pytest

import collide2d as c
from helpers import random_boxes, random_circles

F64 = np.float64
F32 = np.float32


def obb(row, degrees=False):
    return c.Obb((float(row[0]), float(row[1])), float(row[2]), float(row[3]), float(row[4]),
                 degrees=degrees)


def circle(row):
    return c.Circle((float(row[0]), float(row[1])), float(row[2]))


def shape(row):
    return obb(row) if len(row) == 5 else circle(row)


def test_hand_cases():
    # unit-spaced squares of side 2 at x = 0, 2, 5: the first two share an edge
    boxes = np.array([[0, 0, 2, 2, 0], [2, 0, 2, 2, 0], [5, 0, 2, 2, 0]], dtype=F64)
    expected = np.array([[1, 1, 0], [1, 1, 0], [0, 0, 1]], dtype=bool)
    assert np.array_equal(c.overlap_matrix(boxes, boxes), expected)
    iou = c.iou_matrix(boxes, boxes)
    assert iou.dtype == F64 and iou.shape == (3, 3)
    assert np.array_equal(iou, np.eye(3))  # edge-sharing: exactly 0; identical: exactly 1
    a = np.array([[1, 1, 2, 2, 0]], dtype=F64)
    b = np.array([[2, 2, 2, 2, 90]], dtype=F64)
    assert c.iou_matrix(a, b, degrees=True)[0, 0] == 1.0 / 7.0
    assert c.intersection_area_matrix(a, b, degrees=True)[0, 0] == 1.0
    assert c.box_iou_rotated is c.iou_matrix
    assert np.array_equal(c.overlaps_aligned(boxes, boxes[::-1].copy()), [False, True, False])
    assert np.array_equal(c.iou_aligned(boxes, boxes), [1.0, 1.0, 1.0])
    circles = np.array([[0, 0, 1], [2, 0, 1], [10, 0, 1]], dtype=F64)
    assert np.array_equal(c.overlap_matrix(circles, circles),
                          [[1, 1, 0], [1, 1, 0], [0, 0, 1]])
    # boxes span x in [-1, 1], [1, 3], [4, 6]: circle 0 touches box 1, circle 1 touches box 0
    assert np.array_equal(c.overlap_matrix(circles, boxes), [[1, 1, 0], [1, 1, 0], [0, 0, 0]])
    assert np.array_equal(c.overlap_matrix(boxes, circles), [[1, 1, 0], [1, 1, 0], [0, 0, 0]])
    assert not c.overlap_matrix(circles + [0, 0, -1e-9], boxes)[0, 1]


def test_empty_inputs():
    none = np.empty((0, 5), dtype=F64)
    some = np.zeros((3, 5), dtype=F64)
    assert c.overlap_matrix(none, some).shape == (0, 3)
    assert c.iou_matrix(some, none).shape == (3, 0)
    assert c.iou_aligned(none, none).shape == (0,)


@pytest.mark.parametrize("kinds", ["bb", "bc", "cb", "cc"])
def test_batch_equals_single_shape_calls(rng, kinds):
    make = {"b": lambda n: random_boxes(rng, n, extent=30.0),
            "c": lambda n: random_circles(rng, n, extent=30.0)}
    a = make[kinds[0]](37)
    b = make[kinds[1]](41)
    over = c.overlap_matrix(a, b)
    iou = c.iou_matrix(a, b)
    area = c.intersection_area_matrix(a, b)
    assert 0 < over.sum() < over.size  # the data has both answers
    for i in range(len(a)):
        sa = shape(a[i])
        for j in range(len(b)):
            sb = shape(b[j])
            assert over[i, j] == c.overlaps(sa, sb)
            assert iou[i, j] == c.iou(sa, sb)  # bit for bit
            assert area[i, j] == c.intersection_area(sa, sb)
    n = min(len(a), len(b))
    assert np.array_equal(c.overlaps_aligned(a[:n], b[:n]), np.diagonal(over)[:n])
    assert np.array_equal(c.iou_aligned(a[:n], b[:n]), np.diagonal(iou)[:n])
    assert np.array_equal(c.intersection_area_aligned(a[:n], b[:n]), np.diagonal(area)[:n])


def test_batch_in_degrees_equals_single_shape_calls(rng):
    a = random_boxes(rng, 30, extent=20.0)
    a[:, 4] = rng.choice([0.0, 90.0, -90.0, 180.0, 270.0, 37.5, 400.0], 30)
    over = c.overlap_matrix(a, a, degrees=True)
    iou = c.iou_matrix(a, a, degrees=True)
    for i in range(len(a)):
        for j in range(len(a)):
            assert iou[i, j] == c.iou(obb(a[i], True), obb(a[j], True))
            assert over[i, j] == c.overlaps(obb(a[i], True), obb(a[j], True))


@pytest.mark.parametrize("dtype", [F32, F64])
def test_identical_boxes_iou_exactly_one_and_range(rng, dtype):
    boxes = random_boxes(rng, 400, dtype=dtype)
    iou = c.iou_matrix(boxes, boxes)
    assert iou.dtype == dtype
    assert np.all(np.diagonal(iou) == 1)
    assert np.all(c.iou_aligned(boxes, boxes) == 1)
    assert np.all((iou >= 0) & (iou <= 1))
    # both orders: the same up to rounding (the area is computed around a vertex of the first)
    assert np.max(np.abs(iou - iou.T)) <= (1e-5 if dtype == F32 else 1e-13)
    over = c.overlap_matrix(boxes, boxes)
    assert np.all(iou[~over] == 0)  # not overlapping: exactly 0
    # thin boxes: identical ones still exactly 1
    thin = boxes.copy()
    thin[:, 3] = dtype(1e-6) if dtype == F64 else dtype(1e-3)
    assert np.all(c.iou_aligned(thin, thin) == 1)


def test_edge_sharing_grid_is_exactly_zero():
    # a 10 x 10 grid of unit squares on integer coordinates, turned by exact quarter turns:
    # neighbours share edges or corners: they overlap (closed sets) and their IoU is exactly 0
    xs, ys = np.meshgrid(np.arange(10.0), np.arange(10.0))
    grid = np.stack([xs.ravel(), ys.ravel(), np.ones(100), np.ones(100),
                     np.tile([0.0, 90.0, 180.0, 270.0], 25)], axis=1)
    iou = c.iou_matrix(grid, grid, degrees=True)
    over = c.overlap_matrix(grid, grid, degrees=True)
    dx = np.abs(grid[:, None, 0] - grid[None, :, 0])
    dy = np.abs(grid[:, None, 1] - grid[None, :, 1])
    assert np.array_equal(over, (dx <= 1) & (dy <= 1))
    assert np.array_equal(iou, np.eye(100))


def test_float32_agrees_with_float64(rng):
    boxes = random_boxes(rng, 200, extent=50.0)
    b32 = boxes.astype(F32)
    iou32 = c.iou_matrix(b32, b32)
    iou64 = c.iou_matrix(b32.astype(F64), b32.astype(F64))
    assert iou32.dtype == F32
    assert np.max(np.abs(iou32 - iou64)) < 1e-4


def test_same_answer_for_every_thread_count(rng):
    # sizes above each function's chunk (2^20 matrix entries, 2,048 or 8,192 pairs, 16,384 point
    # tests, 4,096 ray casts), so that several threads really share the work
    a = random_boxes(rng, 6000)
    b = random_boxes(rng, 200)
    circles = random_circles(rng, 200)
    pairs_a = random_boxes(rng, 20000)
    pairs_b = random_boxes(rng, 20000)
    pairs_c = random_circles(rng, 20000)
    points = rng.uniform(0, 100, (500, 2))
    rays = np.concatenate([rng.uniform(0, 100, (40, 2)), rng.normal(size=(40, 2))], axis=1)
    results = {}
    for threads in (1, 2, 3, 7, 0):
        results[threads] = (
            c.overlap_matrix(a, b, threads=threads),
            c.iou_matrix(a, b, threads=threads),
            c.iou_matrix(a, circles, threads=threads),
            c.iou_aligned(pairs_a, pairs_b, threads=threads),
            c.overlaps_aligned(pairs_a, pairs_c, threads=threads),
            c.contains_points(a[:300], points, threads=threads),
            *c.raycast(rays, a[:300], threads=threads),
        )
    for threads, result in results.items():
        for got, want in zip(result, results[1]):
            assert np.array_equal(got, want, equal_nan=got.dtype != bool), threads


def test_contains_points(rng):
    boxes = np.array([[0, 0, 2, 2, 0], [0, 0, 2, 2, 45]], dtype=F64)
    points = np.array([[1, 1], [1, 0], [1.0000001, 0], [0, 1.2], [0, math.sqrt(2)]], dtype=F64)
    got = c.contains_points(boxes, points, degrees=True)
    # the square [-1, 1]^2: on the boundary counts
    assert np.array_equal(got[0], [True, True, False, False, False])
    # turned 45 degrees it is |x| + |y| <= sqrt 2 ((0, sqrt 2) is its corner, up to rounding)
    assert np.array_equal(got[1, :4], [False, True, True, True])
    assert np.array_equal(c.contains_points(boxes, points[:, 0].copy(), points[:, 1].copy(),
                                            degrees=True), got)
    shapes = np.concatenate([random_boxes(rng, 20, extent=20.0)])
    pts = rng.uniform(0, 20, (300, 2))
    mat = c.contains_points(shapes, pts)
    circles = random_circles(rng, 20, extent=20.0)
    cmat = c.contains_points(circles, pts)
    for i in range(20):
        for j in range(300):
            p = c.Point(*pts[j])
            assert mat[i, j] == c.overlaps(p, obb(shapes[i]))
            assert cmat[i, j] == c.overlaps(p, circle(circles[i]))
    assert mat.any() and cmat.any()


def test_raycast_batch(rng):
    boxes = np.array([[0, 0, 2, 2, 0], [10, 0, 2, 2, 0], [0, 10, 2, 2, 0]], dtype=F64)
    r4 = np.array([[-5, 0, 1, 0]], dtype=F64)
    hit, t_in, t_out = c.raycast(r4, boxes)
    assert np.array_equal(hit, [[True, True, False]])
    assert np.array_equal(t_in[0, :2], [4.0, 14.0]) and np.array_equal(t_out[0, :2], [6.0, 16.0])
    assert np.isnan(t_in[0, 2]) and np.isnan(t_out[0, 2])
    r5 = np.array([[-5, 0, 1, 0, 3], [0, 5, 0, -2, np.inf]], dtype=F64)
    hit, t_in, t_out = c.raycast(r5, boxes)
    assert not hit[0].any()
    # straight down from (0, 5) in steps of 2: box 0 from y = 1 to y = -1; box 2 is behind
    assert np.array_equal(hit[1], [True, False, False])
    assert t_in[1, 0] == 2.0 and t_out[1, 0] == 3.0  # in units of the direction
    # random rays against random boxes and circles: the single-shape answers
    shapes = random_boxes(rng, 25, extent=30.0)
    circles = random_circles(rng, 25, extent=30.0)
    rays = np.concatenate([rng.uniform(0, 30, (30, 2)), rng.normal(size=(30, 2)),
                           rng.uniform(1, 40, (30, 1))], axis=1)
    for targets, make in ((shapes, obb), (circles, circle)):
        hit, t_in, t_out = c.raycast(rays, targets)
        assert hit.any() and not hit.all()
        for r in range(len(rays)):
            ray = c.Ray(tuple(rays[r, :2]), tuple(rays[r, 2:4]), rays[r, 4])
            for i in range(len(targets)):
                single = c.raycast(ray, make(targets[i]))
                assert hit[r, i] == (single is not None)
                if single is not None:
                    assert (t_in[r, i], t_out[r, i]) == (single.t_enter, single.t_exit)


def test_out_argument():
    boxes = np.array([[0, 0, 2, 2, 0], [1, 0, 2, 2, 0]], dtype=F64)
    out = np.zeros((2, 2), dtype=F64)
    result = c.iou_matrix(boxes, boxes, out=out)
    assert result is out or np.shares_memory(result, out)
    assert out[0, 0] == 1 and out[0, 1] == pytest.approx(1 / 3)
    mask = np.zeros((2, 2), dtype=bool)
    c.overlap_matrix(boxes, boxes, out=mask)
    assert mask.all()
    # an out= array full of old values: every entry is written, zeros included
    three = np.array([[0, 0, 2, 2, 0], [1, 0, 2, 2, 0], [9, 9, 1, 1, 0]], dtype=F64)
    stale = np.full((3, 3), 7.0)
    c.iou_matrix(three, three, out=stale)
    assert np.array_equal(stale, c.iou_matrix(three, three)) and stale[0, 2] == 0.0
    stale_mask = np.ones((3, 3), dtype=bool)
    c.overlap_matrix(three, three, out=stale_mask)
    assert np.array_equal(stale_mask, c.overlap_matrix(three, three)) and not stale_mask[0, 2]
    read_only = np.zeros((2, 2), dtype=F64)
    read_only.setflags(write=False)
    with pytest.raises(ValueError, match="read-only"):
        c.iou_matrix(boxes, boxes, out=read_only)
    with pytest.raises(TypeError, match="out must have dtype float64, got float32"):
        c.iou_matrix(boxes, boxes, out=np.zeros((2, 2), dtype=F32))
    with pytest.raises(ValueError, match=r"out must have shape \(2, 2\), got shape \(2, 3\)"):
        c.iou_matrix(boxes, boxes, out=np.zeros((2, 3), dtype=F64))
    with pytest.raises(ValueError, match="C-contiguous"):
        c.iou_matrix(boxes, boxes, out=np.zeros((2, 4), dtype=F64)[:, ::2])
    with pytest.raises(ValueError, match="read-only"):
        ro = np.zeros(2, dtype=bool)
        ro.setflags(write=False)
        c.overlaps_aligned(boxes, boxes, out=ro)


BOXES = np.array([[0, 0, 2, 2, 0], [1, 0, 2, 2, 0], [5, 5, 1, 1, 0.5]], dtype=F64)


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: c.overlap_matrix(BOXES.astype(np.int64), BOXES), TypeError, ["int64", "float64"]),
        (lambda: c.iou_matrix(BOXES, BOXES.astype(np.float16)), TypeError, ["b", "float16"]),
        (lambda: c.iou_matrix(BOXES.astype(">f8"), BOXES), TypeError, [">f8"]),
        (lambda: c.iou_matrix(BOXES, BOXES.astype(F32)), TypeError, ["float64", "float32"]),
        (lambda: c.overlap_matrix(BOXES.tolist(), BOXES), TypeError, ["numpy.ndarray"]),
        (lambda: c.iou_matrix(BOXES[:, :4].copy(), BOXES), ValueError,
         ["(N, 5)", "(N, 3)", "got shape (3, 4)"]),
        (lambda: c.iou_matrix(BOXES[0].copy(), BOXES), ValueError, ["got shape (5,)"]),
        (lambda: c.iou_matrix(BOXES, np.zeros((2, 5, 1))), ValueError, ["got shape (2, 5, 1)"]),
        (lambda: c.iou_matrix(np.asfortranarray(BOXES), BOXES), ValueError,
         ["C-contiguous", "strides (8, 24)"]),
        (lambda: c.iou_matrix(BOXES[::2], BOXES), ValueError, ["C-contiguous"]),
        (lambda: c.iou_aligned(BOXES, BOXES[:2].copy()), ValueError, ["3 rows", "2"]),
        (lambda: c.iou_matrix(BOXES, BOXES, threads=-1), ValueError, ["threads", "-1"]),
        (lambda: c.contains_points(BOXES, np.zeros((4, 3))), ValueError, ["(P, 2)", "(4, 3)"]),
        (lambda: c.contains_points(BOXES, np.zeros(4), np.zeros(3)), ValueError, ["(4,)", "(3,)"]),
        (lambda: c.contains_points(BOXES, np.array([[0.0, np.nan]])), ValueError,
         ["points[0]", "nan"]),
        (lambda: c.raycast(np.zeros((2, 3)), BOXES), ValueError, ["(R, 4)", "(2, 3)"]),
        (lambda: c.raycast(np.zeros((2, 4)), BOXES), ValueError,
         ["rays[0]", "direction is (0, 0)"]),
        (lambda: c.raycast(np.array([[0, 0, 1, 0, -1.0]]), BOXES), ValueError,
         ["rays[0]", "max_t is -1"]),
    ],
)
def test_bad_input(call, error, words):
    with pytest.raises(error) as raised:
        call()
    for word in words:
        assert word in str(raised.value), str(raised.value)


@pytest.mark.parametrize("column, value, words", [
    (0, np.nan, ["a[2]", "nan"]),
    (2, -1.0, ["a[2]", "width is -1"]),
    (3, np.inf, ["a[2]", "height is inf"]),
    (4, np.nan, ["a[2]", "angle is nan"]),
])
def test_bad_rows_are_named(column, value, words):
    bad = np.tile(BOXES, (2, 1))
    bad[2, column] = value
    bad[4, column] = value  # the first bad row is the one named
    for fn in (c.overlap_matrix, c.iou_matrix, c.overlaps_aligned, c.iou_aligned):
        with pytest.raises(ValueError) as raised:
            fn(bad, bad)
        for word in words:
            assert word in str(raised.value), str(raised.value)
    with pytest.raises(ValueError, match=r"b\[2\]"):
        c.iou_matrix(np.tile(BOXES, (2, 1)), bad)


def test_bad_circle_rows():
    circles = np.array([[0, 0, 1], [0, 0, -2]], dtype=F64)
    with pytest.raises(ValueError, match=r"a\[1\] = \(0, 0, -2\) \(cx, cy, r\): circle radius is -2"):
        c.overlap_matrix(circles, circles)


def test_arrays_are_not_copied_or_modified(rng):
    boxes = random_boxes(rng, 50)
    before = boxes.copy()
    boxes.setflags(write=False)  # inputs are only read
    c.iou_matrix(boxes, boxes)
    assert np.array_equal(boxes, before)


@pytest.mark.parametrize("sizes", [(300, 250), (100, 1500)])
@pytest.mark.parametrize("extent", [10.0, 60.0, 400.0, 3000.0])
@pytest.mark.parametrize("kinds", ["bb", "cb", "bc", "cc"])
def test_matrix_equals_every_pair_tested_alone(rng, sizes, extent, kinds):
    # The matrices skip pairs whose padded bounding boxes are apart (blocks of b's boxes run
    # through the SIMD kernels, or a sort and sweep over b's circles); the aligned functions test
    # each pair with the scalar test. Sparse and crowded fields, few and many blocks: the answers
    # must be the same bits.
    make = {"b": random_boxes, "c": random_circles}
    a = make[kinds[0]](rng, sizes[0], extent=extent)
    b = make[kinds[1]](rng, sizes[1], extent=extent)
    b[50:80, :2] = a[50:80, :2]  # some sure overlaps, however sparse the field
    # near-touching pairs: copies of a's first rows moved by their own size along x
    if kinds == "bb":
        b[:50] = a[:50]
        shift = np.abs(np.cos(a[:50, 4])) * a[:50, 2] + np.abs(np.sin(a[:50, 4])) * a[:50, 3]
        b[:50, 0] += shift * rng.choice([1.0, 1.0 - 1e-15, 1.0 + 1e-15], 50)
    rep_a = np.repeat(a, len(b), axis=0)
    tile_b = np.tile(b, (len(a), 1))
    over = c.overlap_matrix(a, b)
    iou = c.iou_matrix(a, b)
    assert np.array_equal(over.ravel(), c.overlaps_aligned(rep_a, tile_b))
    assert np.array_equal(iou.ravel(), c.iou_aligned(rep_a, tile_b))
    assert over.any()


def test_large_edge_sharing_grid_is_exact():
    # 40 x 40 unit squares: sparse enough for the sort-and-sweep path
    xs, ys = np.meshgrid(np.arange(40.0), np.arange(40.0))
    grid = np.stack([xs.ravel(), ys.ravel(), np.ones(1600), np.ones(1600),
                     np.tile([0.0, 90.0, 180.0, 270.0], 400)], axis=1)
    over = c.overlap_matrix(grid, grid, degrees=True)
    dx = np.abs(grid[:, None, 0] - grid[None, :, 0])
    dy = np.abs(grid[:, None, 1] - grid[None, :, 1])
    assert np.array_equal(over, (dx <= 1) & (dy <= 1))
    assert np.array_equal(c.iou_matrix(grid, grid, degrees=True), np.eye(1600))
