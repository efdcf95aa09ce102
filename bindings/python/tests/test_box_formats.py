"""Box conventions (convention=, degrees=, frame=, winding=), the generalised IoUs (giou, diou,
ciou: matrices, aligned pairs, single shapes) and the quadrilateral form: hand cases worked out on
paper, bit-for-bit equality with the single-shape calls (the C++ library's answers), and bad
input."""

import math

import numpy as np
import pytest

import collide2d as c
from helpers import random_boxes

F64 = np.float64
F32 = np.float32

MEASURES = [("giou", c.giou_matrix, c.giou_aligned, c.giou),
            ("diou", c.diou_matrix, c.diou_aligned, c.diou),
            ("ciou", c.ciou_matrix, c.ciou_aligned, c.ciou)]


def obb(row):
    return c.Obb((float(row[0]), float(row[1])), float(row[2]), float(row[3]), float(row[4]))


def test_hand_cases_on_paper():
    # unit squares: side by side (touching), a gap of 1, diagonal, nested
    a = np.array([[0.5, 0.5, 1, 1, 0]] * 4, dtype=F64)
    b = np.array([[1.5, 0.5, 1, 1, 0],    # hull = union: giou 0; d^2 1, c^2 4 + 1
                  [2.5, 0.5, 1, 1, 0],    # hull 3, union 2: -1/3; d^2 4, c^2 9 + 1
                  [2.5, 2.5, 1, 1, 0],    # hull 5 (not the box's 9): -3/5; d^2 8, c^2 18
                  [0.5, 0.5, 0.5, 0.5, 0]], dtype=F64)  # nested, same centre: iou 1/4
    giou = c.giou_aligned(a, b)
    diou = c.diou_aligned(a, b)
    assert giou[0] == 0.0
    assert giou.tolist() == pytest.approx([0, -1 / 3, -3 / 5, 0.25], abs=1e-15)
    assert diou.tolist() == pytest.approx([-1 / 5, -4 / 10, -8 / 18, 0.25], abs=1e-15)
    assert np.array_equal(c.ciou_aligned(a, b), diou)  # the same aspect ratio everywhere
    # a square and the same square turned 45 degrees: iou 1/sqrt 2, hull the octagon 4 sqrt 2
    s = np.array([[0, 0, 2, 2, 0]], dtype=F64)
    d = np.array([[0, 0, 2, 2, math.pi / 4]], dtype=F64)
    r2 = math.sqrt(2)
    assert c.giou_matrix(s, d)[0, 0] == pytest.approx(1 / r2 - (3 - 2 * r2), abs=1e-14)
    # ciou's aspect term: the same set as (w 2, h 1) and (w 1, h 2) turned a quarter
    wide = np.array([[5, 5, 2, 1, 0]], dtype=F64)
    tall = np.array([[5, 5, 1, 2, 90]], dtype=F64)
    v = 4 / math.pi ** 2 * (math.atan(2) - math.atan(0.5)) ** 2
    assert c.giou_matrix(wide, tall, degrees=True)[0, 0] == 1.0
    assert c.diou_matrix(wide, tall, degrees=True)[0, 0] == 1.0
    assert c.ciou_matrix(wide, tall, degrees=True)[0, 0] == pytest.approx(1 - v, abs=1e-15)


@pytest.mark.parametrize("dtype", [F64, F32])
def test_batch_equals_single_shapes_and_is_symmetric(rng, dtype):
    a = random_boxes(rng, 40, dtype, extent=30.0)
    b = random_boxes(rng, 30, dtype, extent=30.0)
    for name, matrix, aligned, single in MEASURES:
        m = matrix(a, b)
        assert m.dtype == dtype and m.shape == (40, 30)
        assert np.array_equal(m, matrix(b, a).T), name  # both argument orders, bit for bit
        assert np.array_equal(np.diag(matrix(a, a)), np.ones(40, dtype)), name
        assert np.array_equal(aligned(a[:30].copy(), b), np.diag(m[:30, :30])), name
        assert np.array_equal(matrix(a, b, threads=1), matrix(a, b, threads=3)), name
        if dtype == F64:  # the shapes are float64: the C++ library's single-pair answers
            for i in range(0, 40, 7):
                for j in range(0, 30, 5):
                    assert m[i, j] == single(obb(a[i]), obb(b[j])), (name, i, j)
        low = -2.0 if name == "ciou" else -1.0
        assert np.all((m >= low) & (m <= 1.0)), name
    assert np.any(c.giou_matrix(a, b) < 0) and np.any(c.giou_matrix(a, b) > 0)
    # giou <= iou, with equality where the hull is the union (here: overlapping pairs differ)
    assert np.all(c.giou_matrix(a, b) <= c.iou_matrix(a, b))


def test_float32_close_to_float64(rng):
    a = random_boxes(rng, 20, F64, extent=30.0)
    b = random_boxes(rng, 20, F64, extent=30.0)
    for name, matrix, _, _ in MEASURES:
        diff = np.abs(matrix(a, b) - matrix(a.astype(F32), b.astype(F32)).astype(F64))
        assert diff.max() <= 1e-4, name


def test_conventions_are_mirrors_and_turns_of_the_library_frame(rng):
    boxes = random_boxes(rng, 25, F64, extent=30.0)
    boxes[:, 4] = rng.uniform(-180, 180, 25)
    # OpenCV's numbers (y down, clockwise, degrees) are the library's box (cx, -cy, -angle)
    mirrored = boxes.copy()
    mirrored[:, 1] *= -1
    mirrored[:, 4] *= -1
    for name, matrix, _, _ in MEASURES:
        assert np.array_equal(matrix(boxes, boxes, convention="opencv"),
                              matrix(mirrored, mirrored, degrees=True)), name
        assert np.array_equal(matrix(boxes, boxes, convention="opencv"),
                              matrix(boxes, boxes, degrees=True, frame="y_down", winding="cw"))
        # detectron2's (y down, counter-clockwise): the centre mirrored, the angle kept
        d2 = boxes.copy()
        d2[:, 1] *= -1
        assert np.array_equal(matrix(boxes, boxes, convention="detectron2"),
                              matrix(d2, d2, degrees=True)), name
        # mmcv's radians, clockwise in image coordinates: OpenCV's box
        radians = boxes.copy()
        radians[:, 4] = np.radians(boxes[:, 4])
        assert np.allclose(matrix(radians, radians, convention="mmcv"),
                           matrix(boxes, boxes, convention="opencv"), atol=1e-12), name


def test_iou_and_overlap_functions_take_the_convention_too(rng):
    boxes = random_boxes(rng, 30, F64, extent=20.0)
    boxes[:, 4] = rng.uniform(-180, 180, 30)
    circles = np.column_stack([rng.uniform(0, 20, (30, 2)), rng.uniform(0.5, 3, 30)])
    mirrored = boxes * np.array([1, -1, 1, 1, -1])  # opencv's rows in the library's frame
    mirrored_circles = circles * np.array([1, -1, 1])
    for f in (c.overlap_matrix, c.iou_matrix, c.intersection_area_matrix, c.box_iou_rotated):
        assert np.array_equal(f(boxes, circles, convention="opencv"),
                              f(mirrored, mirrored_circles, degrees=True)), f.__name__
        assert np.array_equal(f(boxes, boxes, convention="detectron2"),
                              f(boxes * np.array([1, -1, 1, 1, 1]), boxes * np.array([1, -1, 1, 1, 1]),
                                degrees=True)), f.__name__
    for f in (c.overlaps_aligned, c.iou_aligned, c.intersection_area_aligned):
        assert np.array_equal(f(boxes, circles, frame="y_down", winding="cw", degrees=True),
                              f(mirrored, mirrored_circles, degrees=True)), f.__name__
    with pytest.raises(ValueError, match="frame must be"):
        c.iou_matrix(boxes, boxes, frame="up")


def test_the_sign_mistake():
    # On an image, a long thin box at 30 degrees and a second box down-right of its centre: in
    # OpenCV's convention (clockwise on the screen) the first box's long axis runs down-right,
    # through the second box; in detectron2's (counter-clockwise) it runs up-right, away from it.
    boxes = np.array([[0, 0, 10, 1, 30], [4, 2.3, 1, 1, 30]], dtype=F64)
    cv = c.giou_matrix(boxes, boxes, convention="opencv")[0, 1]
    d2 = c.giou_matrix(boxes, boxes, convention="detectron2")[0, 1]
    assert c.iou_matrix(*_lib(boxes, cv=True), degrees=True)[0, 1] > 0
    assert c.iou_matrix(*_lib(boxes, cv=False), degrees=True)[0, 1] == 0
    assert cv > d2
    assert d2 < 0


def _lib(boxes, cv):
    """The library's (y up, ccw, degrees) rows of OpenCV (cv) or detectron2 rows, twice."""
    out = boxes.copy()
    out[:, 1] *= -1
    if cv:
        out[:, 4] *= -1
    return out, out


def test_quads_dota_order_and_round_trips():
    # DOTA: clockwise on the image from the top-left corner
    dota = np.array([[0, 0, 4, 0, 4, 2, 0, 2]], dtype=F64)
    boxes = c.boxes_from_quads(dota, convention="opencv")
    assert boxes.tolist() == [[2, 1, 4, 2, 0]]
    assert np.array_equal(c.quads_from_boxes(boxes, convention="opencv"), dota)
    # listed counter-clockwise, the width runs from (0, 0) down the screen to (0, 2)
    ccw = np.array([[0, 0, 0, 2, 4, 2, 4, 0]], dtype=F64)
    turned = c.boxes_from_quads(ccw, convention="opencv")
    assert turned.tolist() == [[2, 1, 2, 4, 90]]
    assert c.giou_matrix(boxes, turned, convention="opencv")[0, 0] == 1.0
    # random boxes in every convention: through the corners and back
    rng = np.random.default_rng(17)
    rows = random_boxes(rng, 50, F64, extent=30.0)
    for conv in ("collide2d", "opencv", "detectron2", "mmcv"):
        rows_c = rows.copy()
        if conv in ("opencv", "detectron2"):
            rows_c[:, 4] = np.degrees(rows[:, 4])
        back = c.boxes_from_quads(c.quads_from_boxes(rows_c, convention=conv), convention=conv)
        assert np.allclose(back[:, :4], rows_c[:, :4], atol=1e-12), conv
        assert np.array_equal(c.giou_aligned(back, rows_c, convention=conv) > 1 - 1e-9,
                              np.ones(50, dtype=bool)), conv
    f32 = c.boxes_from_quads(dota.astype(F32), frame="y_down", winding="cw", degrees=True)
    assert f32.dtype == F32 and f32.tolist() == [[2, 1, 4, 2, 0]]


def test_bad_input_raises_naming_the_problem():
    boxes = np.array([[0, 0, 1, 1, 0]], dtype=F64)
    with pytest.raises(TypeError, match="dtype float32 or float64, got int64"):
        c.giou_matrix(boxes.astype(np.int64), boxes)
    with pytest.raises(TypeError, match="same dtype"):
        c.diou_matrix(boxes, boxes.astype(F32))
    with pytest.raises(ValueError, match=r"must have shape \(N, 5\)"):
        c.ciou_matrix(np.zeros((2, 3)), boxes)  # circles have no giou here
    with pytest.raises(ValueError, match="aligned pairs need the same number"):
        c.giou_aligned(boxes, np.zeros((2, 5)))
    with pytest.raises(ValueError, match=r"b\[1\] = \(nan, 0, 1, 1, 0\)"):
        c.giou_matrix(boxes, np.array([[0, 0, 1, 1, 0], [np.nan, 0, 1, 1, 0]]))
    with pytest.raises(ValueError, match=r"centre \(1, nan\) is not finite"):
        c.giou_matrix(np.array([[1, np.nan, 1, 1, 0]]), boxes, convention="opencv")
    with pytest.raises(ValueError, match="width is -1"):
        c.diou_matrix(np.array([[1, 2, -1, 1, 0]], dtype=F64), boxes, frame="y_down")
    with pytest.raises(ValueError, match="frame must be 'y_up' or 'y_down', got 'down'"):
        c.giou_matrix(boxes, boxes, frame="down")
    with pytest.raises(ValueError, match="winding must be 'ccw' or 'cw', got 'clockwise'"):
        c.giou_matrix(boxes, boxes, winding="clockwise")
    with pytest.raises(ValueError, match="convention must be"):
        c.giou_matrix(boxes, boxes, convention="le90")
    with pytest.raises(ValueError, match="sets degrees, frame and winding"):
        c.giou_matrix(boxes, boxes, convention="opencv", frame="y_down")
    with pytest.raises(TypeError):
        c.giou_matrix(boxes, boxes, frame=None)
    with pytest.raises(ValueError, match=r"out must have shape \(1, 1\)"):
        c.giou_matrix(boxes, boxes, out=np.zeros((2, 2)))
    with pytest.raises(ValueError, match=r"quads\[0\].*is not a rectangle: corner 2 \(4, 0\)"):
        c.boxes_from_quads(np.array([[0, 0, 4, 0, 5, 2, 0, 2]], dtype=F64))
    with pytest.raises(ValueError, match="has no area"):
        c.boxes_from_quads(np.array([[0, 0, 1, 1, 2, 2, 3, 3]], dtype=F64))
    with pytest.raises(ValueError, match=r"corner 3 \(4, inf\)"):
        c.boxes_from_quads(np.array([[0, 0, 4, 0, 4, np.inf, 0, 2]], dtype=F64))
    with pytest.raises(ValueError, match=r"must have shape \(N, 8\)"):
        c.boxes_from_quads(np.zeros((1, 5)))
    with pytest.raises(ValueError, match="tolerance is -1"):
        c.boxes_from_quads(np.array([[0, 0, 4, 0, 4, 2, 0, 2]], dtype=F64), tolerance=-1.0)
    # a slightly rounded rectangle passes with a tolerance, not without
    rounded = np.array([[0, 0, 4, 0, 4, 2.000001, 0, 2]], dtype=F64)
    with pytest.raises(ValueError, match="is not a rectangle"):
        c.boxes_from_quads(rounded)
    assert c.boxes_from_quads(rounded, tolerance=1e-6)[0, 2] == pytest.approx(4.0, abs=1e-9)
    with pytest.raises(TypeError, match="giou needs two of Aabb, Obb, Polygon, got Circle"):
        c.giou(c.Circle((0, 0), 1), c.Aabb((0, 0), (1, 1)))
    with pytest.raises(TypeError, match="diou needs two of Aabb, Obb, got Polygon"):
        c.diou(c.Polygon([(0, 0), (1, 0), (0, 1)]), c.Aabb((0, 0), (1, 1)))


def test_single_shapes_on_paper():
    a = c.Aabb((0, 0), (1, 1))
    assert c.giou(a, c.Aabb((2, 0), (3, 1))) == pytest.approx(-1 / 3, abs=1e-16)
    assert c.diou(a, c.Aabb((2, 0), (3, 1))) == pytest.approx(-0.4, abs=1e-16)
    assert c.ciou(a, a) == 1.0
    tri = c.Polygon([(0, 0), (1, 0), (0, 1)])
    assert c.giou(tri, tri) == 1.0
    assert c.giou(tri, a) == pytest.approx(0.5, abs=1e-16)  # iou 1/2, hull = the square
