"""Overlap, IoU and containment against shapely (Debian's python3-shapely 1.8), on seeded random
boxes and adversarial ones.

Tolerances. shapely works on polygons whose corners are rounded to doubles (computed here with
numpy from the same (cx, cy, w, h, angle)) and computes areas with its own rounding; collide2d's
areas are accurate to a few ulps of the shapes' areas (area.hpp). So:
  - IoU and intersection area: |ours - shapely| <= 1e-9 (float64 input; boxes of size 0.5 to 12
    in a 100 x 100 field, areas up to 144: 1e-9 is some 10^4 ulps of the areas, far above both
    libraries' rounding and far below any real disagreement), 2e-4 for float32 input (float32
    rounding of a few ulps of areas ~ 100, relative to unions of at least 0.25);
  - overlap decisions: they may differ only for pairs that shapely puts within 1e-9 of touching
    (its corners and ours differ by an ulp); the test checks every disagreement is such a pair
    and that there are few of them;
  - the exact cases (identical boxes, boxes sharing an edge) are checked exactly on our side:
    shapely's own answer is only close there.
"""

import math

import numpy as np
import pytest
from shapely.geometry import Point, Polygon
from shapely.prepared import prep

import collide2d as c
from helpers import random_boxes, random_circles


def corners(row):
    cx, cy, w, h, a = (float(v) for v in row)
    ca, sa = math.cos(a), math.sin(a)
    hx, hy = w / 2, h / 2
    return [(cx + ca * x - sa * y, cy + sa * x + ca * y)
            for x, y in ((-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy))]


def polygons(boxes):
    return [Polygon(corners(row)) for row in boxes]


def shapely_iou(p, q):
    inter = p.intersection(q).area
    union = p.area + q.area - inter
    return inter / union if union > 0 else 0.0


def test_overlap_and_iou_match_shapely_on_random_boxes(rng):
    a = random_boxes(rng, 150)
    b = random_boxes(rng, 120)
    pa, pb = polygons(a), polygons(b)
    over = c.overlap_matrix(a, b)
    iou = c.iou_matrix(a, b)
    area = c.intersection_area_matrix(a, b)
    disagreements = 0
    for i, p in enumerate(pa):
        prepared = prep(p)
        for j, q in enumerate(pb):
            theirs = prepared.intersects(q)
            if over[i, j] != theirs:
                disagreements += 1
                assert p.distance(q) <= 1e-9, (i, j)
            if theirs or over[i, j]:
                assert abs(iou[i, j] - shapely_iou(p, q)) <= 1e-9, (i, j)
                assert abs(area[i, j] - p.intersection(q).area) <= 1e-9, (i, j)
            else:
                assert iou[i, j] == 0.0
    assert over.sum() > 100  # the data exercises overlaps
    assert disagreements <= 2


def test_float32_iou_matches_shapely(rng):
    a = random_boxes(rng, 80, dtype=np.float32)
    b = random_boxes(rng, 80, dtype=np.float32)
    iou = c.iou_matrix(a, b)
    pa, pb = polygons(a.astype(np.float64)), polygons(b.astype(np.float64))
    for i, p in enumerate(pa):
        for j, q in enumerate(pb):
            assert abs(float(iou[i, j]) - shapely_iou(p, q)) <= 2e-4, (i, j)


def test_circles_match_shapely(rng):
    circles = random_circles(rng, 60)
    boxes = random_boxes(rng, 60)
    # shapely's circles are 4096-gons: their area is off by (1 - sin(2 pi / n) n / (2 pi)) ~ 4e-7
    discs = [Point(x, y).buffer(r, resolution=1024) for x, y, r in circles]
    over = c.overlap_matrix(circles, boxes)
    iou = c.iou_matrix(circles, boxes)
    for i, d in enumerate(discs):
        for j, q in enumerate(polygons(boxes)):
            theirs = d.intersects(q)
            if theirs != over[i, j]:
                assert d.distance(q) <= 1e-3 or d.exterior.distance(q) <= 1e-3, (i, j)
            assert abs(iou[i, j] - shapely_iou(d, q)) <= 1e-5, (i, j)


def test_capsules_match_shapely(rng):
    # Capsules as shapely buffers of their segments (round caps; arcs as 4096-gons with their
    # vertices on the circle, as the circles above), against boxes and capsules placed near them so
    # that most pairs overlap. shapely's shapes lie inside ours and miss at most
    # 1 - sin(x) / x < 3.93e-7 (x = 2 pi / 4096) of each disc's area along the arcs, so its area is
    # below ours by at most that: a one-sided bracket, plus rounding.
    from shapely.geometry import LineString

    def capsule_near(x, y):
        ax, ay = x + rng.uniform(-6, 6), y + rng.uniform(-6, 6)
        turn, length, r = rng.uniform(-np.pi, np.pi), rng.uniform(0, 12), rng.uniform(0.25, 5)
        b = (ax + length * math.cos(turn), ay + length * math.sin(turn))
        buffer = LineString([(ax, ay), b]).buffer(r, resolution=1024)
        return c.Capsule((ax, ay), b, r), buffer, r

    boxes = random_boxes(rng, 80)
    overlapping = 0
    for row in boxes:
        cx, cy, w, h, a = (float(v) for v in row)
        ours, theirs, r = capsule_near(cx, cy)
        for other, other_theirs, r_other in ((c.Obb((cx, cy), w, h, a), Polygon(corners(row)), 0),
                                             capsule_near(cx, cy)):
            inter = theirs.intersection(other_theirs).area
            overlapping += inter > 0
            got = c.intersection_area(ours, other)
            arcs = 3.93e-7 * math.pi * (r * r + r_other * r_other)
            assert inter - 1e-9 <= got <= inter + arcs + 1e-9, (row, other, got, inter)
            assert c.intersection_area(other, ours) == got
            assert abs(c.iou(ours, other) - shapely_iou(theirs, other_theirs)) <= 1e-6
    assert overlapping >= 80  # most of the 160 pairs overlap: the test compares real areas


def test_adversarial_boxes_against_shapely():
    # identical boxes: ours exactly 1, shapely within rounding
    rows = [
        [0.0, 0.0, 1.0, 1.0, 0.0],
        [1e4 + 0.123, -7e3 + 0.456, 3.3, 0.7, 1.234],
        [5.0, 5.0, 1e-6, 10.0, 0.3],  # thin
        [100.0, 100.0, 2.0, 1e-9, -2.0],  # thinner
    ]
    boxes = np.array(rows)
    iou = c.iou_aligned(boxes, boxes)
    assert np.all(iou == 1.0)
    for row, value in zip(boxes, iou):
        p = Polygon(corners(row))
        # shapely's own error on a thin box: corners rounded by an ulp of the coordinates move the
        # long edges by that much, a relative error of ulp * perimeter / area (1e-9 for the
        # 1e-6 x 10 box at (5, 5): shapely says 0.9999999932 for the box against itself)
        ulp = np.spacing(np.abs(row[:2]).max() + max(row[2], row[3]))
        tolerance = max(1e-9, 100 * ulp * 2 * (row[2] + row[3]) / max(p.area, 1e-300))
        if p.area > 1e-12:
            assert abs(value - shapely_iou(p, p)) <= tolerance, (row, shapely_iou(p, p))
    # two boxes equal to five digits (detectron2's 0.60): ours agrees with shapely
    near = np.array([[10.0, 10.0, 4.0, 2.0, 0.7853981]])
    near2 = np.array([[10.00001, 10.0, 4.0, 2.0, 0.7853982]])
    ours = c.iou_aligned(near, near2)[0]
    theirs = shapely_iou(Polygon(corners(near[0])), Polygon(corners(near2[0])))
    assert ours > 0.9999 and abs(ours - theirs) <= 1e-9
    # thin box against a crossing box: mmcv's -12,128,368; ours in [0, 1] and equal to shapely
    thin = np.array([[0.0, 0.0, 100.0, 1e-4, 0.1]])
    cross = np.array([[0.0, 0.0, 1e-4, 100.0, 0.1]])
    ours = c.iou_aligned(thin, cross)[0]
    theirs = shapely_iou(Polygon(corners(thin[0])), Polygon(corners(cross[0])))
    assert 0.0 <= ours <= 1.0 and abs(ours - theirs) <= 1e-9
    # touching (edge-sharing) boxes on integer coordinates: overlap True, IoU exactly 0; shapely
    # agrees that they intersect with no area
    left = np.array([[0.0, 0.0, 2.0, 2.0, 0.0], [0.0, 0.0, 2.0, 2.0, 90.0]])
    right = np.array([[2.0, 0.0, 2.0, 2.0, 90.0], [1.0, 2.0, 4.0, 2.0, 180.0]])
    assert c.overlaps_aligned(left, right, degrees=True).all()
    assert np.all(c.iou_aligned(left, right, degrees=True) == 0.0)
    p, q = Polygon(corners([0, 0, 2, 2, 0])), Polygon(corners([2, 0, 2, 2, 0]))
    assert p.intersects(q) and p.intersection(q).area == 0.0


def test_contains_points_matches_shapely_covers(rng):
    boxes = random_boxes(rng, 40)
    points = rng.uniform(0, 100, (2000, 2))
    got = c.contains_points(boxes, points)
    pts = [Point(x, y) for x, y in points]
    for i, p in enumerate(polygons(boxes)):
        prepared = prep(p)
        theirs = np.array([prepared.covers(q) for q in pts])
        for j in np.nonzero(theirs != got[i])[0]:
            assert p.exterior.distance(pts[j]) <= 1e-9, (i, j)
    assert got.sum() > 20
