#!/usr/bin/python3
"""Tests of bench/charts.py (and bench/summarize.py's reading of a report) on hand-written JSON
with known times.

    /usr/bin/python3 bench/test_charts.py
"""
import json
import os
import re
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import charts  # noqa: E402
import summarize  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def median(name, ns):
    """A Google Benchmark median entry of `ns` nanoseconds per item."""
    return {"name": f"{name}_median", "run_name": name, "run_type": "aggregate",
            "repetitions": 5, "aggregate_name": "median", "items_per_second": 1e9 / ns}


def google_report():
    benchmarks = [
        median("overlap/obb-pairs/collide2d", 10.0),
        median("overlap/obb-pairs/collide2d-batch-1thread", 5.0),   # a variant: no bar
        median("overlap/obb-pairs/box2d", 120.0),                   # 12x faster
        median("overlap/obb-pairs/classic", 5.0),                   # 0.5x (slower)
        median("raycast/aabb-pairs/collide2d", 20.0),
        median("raycast/aabb-pairs/box2d", 30.0),                   # 1.5x faster
        median("threads/obb-1M/collide2d/real_time", 2.0),
        median("threads/obb-1M/collide2d-2threads/real_time", 1.25),  # 1.6x
    ]
    mean = dict(benchmarks[0], name="overlap/obb-pairs/collide2d_mean", aggregate_name="mean",
                items_per_second=1.0)  # not a median: ignored
    return {"context": {"date": "2026-11-23T18:03:16+00:00", "host_name": "testhost",
                        "executable": "build/bench/bench/collide2d_batch_bench", "num_cpus": 2,
                        "mhz_per_cpu": 2300},
            "benchmarks": [mean] + benchmarks}


def bars_of(document):
    """(label, verdict) of every bar, top to bottom."""
    root = ET.fromstring(document)
    out = []
    for g in root.iter(f"{SVG}g"):
        texts = [t.text for t in g.iter(f"{SVG}text")]
        if g.find(f"{SVG}rect") is not None:
            out.append((texts[0], texts[1]))
    return out


class GoogleBenchmark(unittest.TestCase):
    def setUp(self):
        self.charts = charts.charts_of(google_report(), "batch-test")

    def test_two_charts(self):
        self.assertEqual([c.name for c in self.charts], ["batch-test", "batch-test-threads"])

    def test_ratios_and_order(self):
        anchors = self.charts[0]
        self.assertEqual([h for h, _ in anchors.groups],
                         ["overlap/obb-pairs", "raycast/aabb-pairs"])
        got = [(label, round(ratio, 9)) for label, ratio, _ in anchors.bars()]
        self.assertEqual(got, [("box2d", 12.0), ("classic", 0.5), ("box2d", 1.5)])
        self.assertEqual(bars_of(charts.svg(anchors)),
                         [("box2d", "12.0x faster"), ("classic", "0.50x (slower)"),
                          ("box2d", "1.50x faster")])

    def test_svg_shape(self):
        document = charts.svg(self.charts[0])
        root = ET.fromstring(document)
        self.assertEqual(root.get("width"), "900")
        self.assertIn("batch", root.find(f"{SVG}title").text)
        desc = root.find(f"{SVG}desc").text
        self.assertIn("3 comparisons", desc)
        self.assertIn("faster in 2, slower in 1", desc)
        subtitle = " ".join(t.text for t in root.iter(f"{SVG}text"))
        self.assertIn("2026-11-23, host testhost: 2 cpus at 2300 MHz; median of 5", subtitle)
        # colours: the two bars that lead share one, the one that loses has the other
        fills = [g.find(f"{SVG}rect").get("fill") for g in root.iter(f"{SVG}g")]
        self.assertEqual(fills, [charts.FASTER, charts.SLOWER, charts.FASTER])
        # bars start at the 1x line: leading ones to the right of it, losing ones to the left
        one = next(float(line.get("x1")) for line in root.iter(f"{SVG}line")
                   if line.get("stroke-width") == "2")
        rects = [g.find(f"{SVG}rect") for g in root.iter(f"{SVG}g")]
        self.assertAlmostEqual(float(rects[0].get("x")), one, places=1)
        self.assertAlmostEqual(float(rects[1].get("x")) + float(rects[1].get("width")), one,
                               places=0)
        # every text inside the picture
        for t in root.iter(f"{SVG}text"):
            self.assertTrue(0 <= float(t.get("x")) <= 900, t.text)

    def test_threads(self):
        threads = self.charts[1]
        self.assertEqual([(label, round(r, 9)) for label, r, _ in threads.bars()],
                         [("obb-1M", 1.6)])
        self.assertEqual(bars_of(charts.svg(threads)), [("obb-1M", "1.60x faster on 2 threads")])

    def test_deterministic(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "batch.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(google_report(), f)
            outputs = []
            for run in ("a", "b"):
                out_dir = os.path.join(tmp, run)
                sys.stdout, saved = open(os.devnull, "w"), sys.stdout
                try:
                    charts.main([path, "--out-dir", out_dir])
                finally:
                    sys.stdout.close()
                    sys.stdout = saved
                with open(os.path.join(out_dir, "batch.svg"), "rb") as f:
                    outputs.append(f.read())
            self.assertEqual(outputs[0], outputs[1])
            self.assertFalse(re.search(rb"\d\.\d{4,}", outputs[0]), "unrounded coordinates")


class Summary(unittest.TestCase):
    def test_rows_without_a_rate_are_skipped(self):
        # A workload row that only reports counters (rounded-box/workload): no items_per_second.
        report = google_report()
        report["benchmarks"].append({"name": "rounded-box/workload/iterations:1_median",
                                     "run_name": "rounded-box/workload/iterations:1",
                                     "aggregate_name": "median", "overlapping_pairs": 1609})
        medians, _ = summarize.load_medians(report)
        self.assertNotIn("rounded-box/workload", medians)
        self.assertAlmostEqual(medians["overlap/obb-pairs"]["box2d"], 120.0)
        self.assertEqual(list(medians["raycast/aabb-pairs"]), ["collide2d", "box2d"])


class OtherFormats(unittest.TestCase):
    def test_javascript(self):
        results = {"meta": {"date": "2026-11-24T10:15:46Z", "node": "v20", "cpu": "CPU",
                            "cores": 2, "collide2d": "0.1.0", "reps": 5},
                   "sections": {"pairs": {"rows": {
                       "OBB/OBB": {"contenders": {
                           "collide2d overlaps": {"per": 4e-5},
                           "collide2d boxBatch": {"per": 1e-5},
                           "SAT.js": {"per": 2.4e-4},
                           "plain JS loop": {"per": 1.6e-5}}}}}}}
        (chart,) = charts.charts_of(results, "results")
        self.assertEqual(chart.name, "results-pairs")
        self.assertEqual([(label, round(r, 9)) for label, r, _ in chart.bars()],
                         [("SAT.js", 6.0), ("plain JS loop", 0.4)])
        self.assertIn("collide2d overlaps time", " ".join(chart.subtitle))

    def test_python(self):
        results = {"format": "collide2d-bench-python",
                   "meta": {"date": "2026-11-24T11:27:00Z", "shapely": "1.8.5"},
                   "rows": [{"query": "IoU matrix", "collide2d_all_cores": 0.002,
                             "collide2d_1_thread": 0.003, "shapely": 0.1, "numpy_sat": 0.001,
                             "numpy_overlap_only": True, "note": ""}]}
        (chart,) = charts.charts_of(results, "python")
        self.assertEqual([(label, round(r, 9)) for label, r, _ in chart.bars()],
                         [("shapely 1.8.5", 50.0), ("numpy SAT (overlap only)", 0.5)])
        self.assertEqual(bars_of(charts.svg(chart)),
                         [("shapely 1.8.5", "50.0x faster"),
                          ("numpy SAT (overlap only)", "0.50x (slower)")])


if __name__ == "__main__":
    unittest.main()
