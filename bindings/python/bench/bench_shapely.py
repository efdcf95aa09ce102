#!/usr/bin/env python3
"""collide2d (Python) against shapely 1.8 and a plain numpy vectorised SAT, on seeded rotated boxes.

    PYTHONPATH=build/release/bindings/python /usr/bin/python3 bindings/python/bench/bench_shapely.py
    scripts/bench.sh python          (builds the module first)

Rows: overlap matrix and IoU matrix for 1,000 x 1,000 and 10,000 x 1,000 boxes, aligned IoU for
1,000,000 pairs, and 100 selections (rotated regions) over 1,000,000 boxes.

Data: boxes (cx, cy, w, h, angle) with w, h uniform in [5, 50] and angles uniform, in a square
field sized so that 1,000 boxes cover 1000 x 1000 (about 0.75 boxes deep): each box overlaps a few
others, as detections do. Aligned pairs: each box against a jittered copy of itself (centre moved
up to a quarter of its size, angle up to 0.3 rad), so nearly every pair overlaps and its
intersection must be clipped, as when matching predictions to ground truth.

shapely: Polygons, prepared polygons and STRtrees are built once, outside the timing (their build
times are printed apart); the overlap matrix queries the tree of b with each polygon of a and
tests each candidate with the prepared polygon (intersects); the IoU matrix computes
intersection(p, q).area for the candidates that intersect; aligned IoU does it for each pair;
selection queries the tree with the region and tests candidates with the prepared region.
--shapely-sample N times shapely on the first N items of the long rows (aligned IoU pairs, rows of
the 10,000-row matrices) and scales its time linearly (per-item cost: stated in the table);
0 runs everything (slow: minutes).
--json FILE also writes the times (seconds) and the versions to FILE, which bench/charts.py
turns into a bar chart.

numpy SAT: the separating-axis test on the four box axes with projection radii, vectorised over
all pairs (chunked) or over all boxes for a selection. It decides overlap only: for the IoU rows
its time is that of the overlap mask alone, a lower bound on any numpy IoU built on it.
"""

import argparse
import json
import math
import os
import platform
import sys
import time
import warnings

import numpy as np

try:
    import collide2d as c
except ImportError:  # run from the repository: use the CMake build tree
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "..", "..", "build", "release", "bindings",
                                    "python"))
    import collide2d as c

import shapely
from shapely.geometry import Polygon
from shapely.prepared import prep
from shapely.strtree import STRtree

# shapely 1.8 warns that STRtree's items= goes away in 2.0; this benchmark is for Debian's 1.8.
warnings.filterwarnings("ignore", message="STRtree will be changed")

FIELD_PER_1000 = 1000.0


def make_boxes(rng, n, field):
    boxes = np.empty((n, 5))
    boxes[:, :2] = rng.uniform(0, field, (n, 2))
    boxes[:, 2:4] = rng.uniform(5, 50, (n, 2))
    boxes[:, 4] = rng.uniform(-math.pi, math.pi, n)
    return boxes


def jittered(rng, boxes):
    out = boxes.copy()
    size = boxes[:, 2:4].mean(axis=1, keepdims=True)
    out[:, :2] += rng.uniform(-0.25, 0.25, (len(boxes), 2)) * size
    out[:, 2:4] *= rng.uniform(0.8, 1.25, (len(boxes), 2))
    out[:, 4] += rng.uniform(-0.3, 0.3, len(boxes))
    return out


def corners(boxes):
    c_, s_ = np.cos(boxes[:, 4]), np.sin(boxes[:, 4])
    hx, hy = boxes[:, 2] / 2, boxes[:, 3] / 2
    local = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], dtype=float)
    x = boxes[:, None, 0] + c_[:, None] * local[:, 0] * hx[:, None] - s_[:, None] * local[:, 1] * hy[:, None]
    y = boxes[:, None, 1] + s_[:, None] * local[:, 0] * hx[:, None] + c_[:, None] * local[:, 1] * hy[:, None]
    return np.stack([x, y], axis=2)


def polygons(boxes):
    return [Polygon(p) for p in corners(boxes)]


# ---- numpy SAT -------------------------------------------------------------------------------

def sat_parts(boxes):
    c_, s_ = np.cos(boxes[:, 4]), np.sin(boxes[:, 4])
    return boxes[:, 0], boxes[:, 1], boxes[:, 2] / 2, boxes[:, 3] / 2, c_, s_


def sat_overlap(ax, ay, ahx, ahy, ac, as_, bx, by, bhx, bhy, bc, bs):
    """Broadcasting SAT of boxes a against boxes b (touching counts)."""
    dx, dy = bx - ax, by - ay
    ok = np.ones(np.broadcast(dx, bc).shape, dtype=bool)
    # axes of a: (ac, as_) and (-as_, ac); of b: (bc, bs) and (-bs, bc)
    for ux, uy, hx_own, hy_own, oc, os_, ohx, ohy in (
        (ac, as_, ahx, 0.0, bc, bs, bhx, bhy),
        (-as_, ac, ahy, 0.0, bc, bs, bhx, bhy),
        (bc, bs, bhx, 0.0, ac, as_, ahx, ahy),
        (-bs, bc, bhy, 0.0, ac, as_, ahx, ahy),
    ):
        d = np.abs(dx * ux + dy * uy)
        r_other = ohx * np.abs(oc * ux + os_ * uy) + ohy * np.abs(-os_ * ux + oc * uy)
        ok &= d <= hx_own + r_other
    return ok


def numpy_overlap_matrix(a, b, chunk=500):
    pa, pb = sat_parts(a), sat_parts(b)
    out = np.empty((len(a), len(b)), dtype=bool)
    for start in range(0, len(a), chunk):
        rows = slice(start, start + chunk)
        out[rows] = sat_overlap(*(v[rows, None] for v in pa), *(v[None, :] for v in pb))
    return out


def numpy_select(region, parts):
    r = sat_parts(region[None, :])
    return np.nonzero(sat_overlap(*(v[0] for v in r), *parts))[0]


# ---- timing ----------------------------------------------------------------------------------

def best_of(fn, repeat):
    """The best of `repeat` timed runs, after one untimed run (first-touch page faults, the
    allocator's first large blocks)."""
    times = []
    result = fn()
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return min(times), result


def best_of_both(fn_all, fn_one, repeat):
    """best_of for the all-cores and the one-thread call, their runs interleaved so that neither
    gets a warmer machine (caches, allocator, page tables) than the other."""
    fn_all()
    fn_one()
    t_all, t_one = [], []
    result = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn_all()
        t_all.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        fn_one()
        t_one.append(time.perf_counter() - t0)
    return min(t_all), min(t_one), result


def shapely_overlap_matrix(pa_prepared, tree, n, m, rows):
    out = np.zeros((rows, m), dtype=bool)
    for i in range(rows):
        p, prepared = pa_prepared[i]
        for j in tree.query_items(p):
            if prepared.intersects(tree_geoms[j]):
                out[i, j] = True
    return out


def shapely_iou_matrix(pa_prepared, tree, m, rows):
    out = np.zeros((rows, m))
    for i in range(rows):
        p, prepared = pa_prepared[i]
        for j in tree.query_items(p):
            q = tree_geoms[j]
            if prepared.intersects(q):
                inter = p.intersection(q).area
                union = p.area + q.area - inter
                out[i, j] = inter / union if union > 0 else 0.0
    return out


tree_geoms = []  # the polygons of the current tree, by item index


def fmt(seconds):
    if seconds is None:
        return "—"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} µs"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def load():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


def main():
    global tree_geoms
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shapely-sample", type=int, default=100_000,
                        help="items of the long rows timed in shapely, scaled linearly (0: all)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of ours and numpy (best)")
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    parser.add_argument("--json", metavar="FILE",
                        help="also write the times (seconds) to FILE, for bench/charts.py")
    args = parser.parse_args()
    rng = np.random.default_rng(14)
    sizes = dict(small=1000, large=10_000, pairs=1_000_000, scene=1_000_000, regions=100)
    if args.quick:
        sizes = dict(small=200, large=1000, pairs=20_000, scene=50_000, regions=10)
    threads = os.cpu_count()
    print(f"collide2d {c.__version__} ({c.simd_target()}), shapely {shapely.__version__}, "
          f"numpy {np.__version__}, Python {platform.python_version()}; "
          f"{cpu_model()}, {threads} cores; load average {load()}", flush=True)
    rows = []

    def row(name, ours_all, ours_one, theirs, numpy_time, note=""):
        rows.append((name, ours_all, ours_one, theirs, numpy_time, note))
        print(f"  {name}: ours {fmt(ours_all)} ({fmt(ours_one)} on 1 thread), shapely "
              f"{fmt(theirs)}, numpy SAT {fmt(numpy_time)} {note}", flush=True)

    field = FIELD_PER_1000 * math.sqrt(sizes["small"] / 1000)
    b = make_boxes(rng, sizes["small"], field)
    t0 = time.perf_counter()
    pb = polygons(b)
    tree_geoms = pb
    tree = STRtree(pb, items=range(len(pb)))
    print(f"  shapely build, {len(b)} polygons and STRtree: {fmt(time.perf_counter() - t0)}")
    for n in (sizes["small"], sizes["large"]):
        a = make_boxes(rng, n, field)
        t0 = time.perf_counter()
        pa = [(p, prep(p)) for p in polygons(a)]
        print(f"  shapely build, {n} prepared polygons: {fmt(time.perf_counter() - t0)}")
        sample = n if args.shapely_sample == 0 else min(n, max(args.shapely_sample // 100, 1000))
        scale = n / sample
        note = "" if sample == n else f"(shapely: first {sample} rows, x{scale:g})"
        # overlap matrix
        ours_all, ours_one, mat = best_of_both(lambda: c.overlap_matrix(a, b),
                                               lambda: c.overlap_matrix(a, b, threads=1),
                                               args.repeat)
        t_numpy, mat_numpy = best_of(lambda: numpy_overlap_matrix(a, b), max(1, args.repeat // 2))
        t0 = time.perf_counter()
        mat_shapely = shapely_overlap_matrix(pa, tree, n, len(b), sample)
        t_shapely = (time.perf_counter() - t0) * scale
        differ = int((mat[:sample] != mat_shapely).sum())
        row(f"overlap matrix {n:,} x {len(b):,}", ours_all, ours_one, t_shapely, t_numpy,
            note + (f" [{differ} answers differ from shapely]" if differ else ""))
        # IoU matrix
        ours_all, ours_one, iou = best_of_both(lambda: c.iou_matrix(a, b),
                                               lambda: c.iou_matrix(a, b, threads=1),
                                               args.repeat)
        t0 = time.perf_counter()
        iou_shapely = shapely_iou_matrix(pa, tree, len(b), sample)
        t_shapely = (time.perf_counter() - t0) * scale
        worst = float(np.max(np.abs(iou[:sample] - iou_shapely)))
        row(f"IoU matrix {n:,} x {len(b):,}", ours_all, ours_one, t_shapely, t_numpy,
            note + f" [max |ours - shapely| = {worst:.1e}]")
    # aligned IoU
    a = make_boxes(rng, sizes["pairs"], FIELD_PER_1000 * math.sqrt(sizes["pairs"] / 1000))
    b2 = jittered(rng, a)
    ours_all, ours_one, iou = best_of_both(lambda: c.iou_aligned(a, b2),
                                           lambda: c.iou_aligned(a, b2, threads=1), args.repeat)
    pa = [prep(p) for p in polygons(a[:2])]  # warm-up of shapely's first call
    t_numpy, _ = best_of(lambda: sat_overlap(*sat_parts(a), *sat_parts(b2)), args.repeat)
    sample = len(a) if args.shapely_sample == 0 else min(len(a), args.shapely_sample)
    t0 = time.perf_counter()
    pa = polygons(a[:sample])
    pb2 = polygons(b2[:sample])
    print(f"  shapely build, {2 * sample} polygons: {fmt(time.perf_counter() - t0)}")
    t0 = time.perf_counter()
    theirs = np.empty(sample)
    for k in range(sample):
        p, q = pa[k], pb2[k]
        inter = p.intersection(q).area
        union = p.area + q.area - inter
        theirs[k] = inter / union if union > 0 else 0.0
    t_shapely = (time.perf_counter() - t0) * len(a) / sample
    worst = float(np.max(np.abs(iou[:sample] - theirs)))
    note = "" if sample == len(a) else f"(shapely: first {sample:,} pairs, x{len(a) / sample:g})"
    row(f"aligned IoU {len(a):,} pairs", ours_all, ours_one, t_shapely, t_numpy,
        note + f" [max |ours - shapely| = {worst:.1e}; {100 * np.mean(iou > 0):.0f}% overlap]")
    del pa, pb2
    # selection over a million boxes
    n = sizes["scene"]
    field = FIELD_PER_1000 * math.sqrt(n / 1000)
    boxes = make_boxes(rng, n, field)
    regions = np.empty((sizes["regions"], 5))
    regions[:, :2] = rng.uniform(0, field, (sizes["regions"], 2))
    regions[:, 2] = 1000.0
    regions[:, 3] = 600.0
    regions[:, 4] = rng.uniform(-math.pi, math.pi, sizes["regions"])
    t0 = time.perf_counter()
    scene = c.Scene()
    scene.add_boxes(boxes)
    scene.select([0.0, 0.0, 1.0, 1.0, 0.0])  # the first query builds the index
    t_scene = time.perf_counter() - t0
    t0 = time.perf_counter()
    geoms = polygons(boxes)
    big_tree = STRtree(geoms, items=range(n))
    t_tree = time.perf_counter() - t0
    print(f"  build over {n:,} boxes: Scene {fmt(t_scene)} (add_boxes and index), shapely "
          f"{fmt(t_tree)} (polygons and STRtree)", flush=True)
    region_list = [r.tolist() for r in regions]
    ours_all, selected = best_of(lambda: [scene.select(r) for r in region_list], args.repeat)
    region_polys = polygons(regions)
    prepared = [prep(p) for p in region_polys]
    t0 = time.perf_counter()
    theirs = [[i for i in big_tree.query_items(p) if pr.intersects(geoms[i])]
              for p, pr in zip(region_polys, prepared)]
    t_shapely = time.perf_counter() - t0
    parts = sat_parts(boxes)
    t_numpy, _ = best_of(lambda: [numpy_select(r, parts) for r in regions], max(1, args.repeat // 2))
    found = sum(len(s) for s in selected)
    differ = sum(len(set(s.tolist()) ^ set(t)) for s, t in zip(selected, theirs))
    row(f"select, {len(regions)} regions over {n:,} boxes", ours_all, None, t_shapely, t_numpy,
        f"[{found / len(regions):.0f} boxes a region; {differ} differ from shapely]")

    print(f"\nload average after the run: {load()}")
    print("| query | collide2d, all cores | collide2d, 1 thread | shapely 1.8 | numpy SAT | "
          "shapely / ours | numpy / ours | notes |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for name, ours_all, ours_one, theirs, numpy_time, note in rows:
        ratio = f"{theirs / ours_all:,.0f}x" if theirs else "—"
        nratio = f"{numpy_time / ours_all:,.1f}x" if numpy_time else "—"
        print(f"| {name} | {fmt(ours_all)} | {fmt(ours_one)} | {fmt(theirs)} | {fmt(numpy_time)} "
              f"| {ratio} | {nratio} | {note.strip()} |")
    if args.json:
        meta = dict(date=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), cpu=cpu_model(),
                    cores=threads, collide2d=f"{c.__version__} ({c.simd_target()})",
                    shapely=shapely.__version__, numpy=np.__version__,
                    python=platform.python_version(), load=load(), quick=args.quick)
        table = [dict(query=name, collide2d_all_cores=ours_all, collide2d_1_thread=ours_one,
                      shapely=theirs, numpy_sat=numpy_time,
                      numpy_overlap_only="IoU" in name, note=note.strip())
                 for name, ours_all, ours_one, theirs, numpy_time, note in rows]
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(dict(format="collide2d-bench-python", meta=meta, rows=table), f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
