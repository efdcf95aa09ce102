#!/usr/bin/env python3
"""End-to-end tests of the collide2d command-line tool (standard library only).

Groups (one ctest each):
  expected    answers on checked-in scenes == tests/cli/expected/*, and == the brute-force
              reference (collide2d_cli_reference: narrow-phase queries on every shape or pair)
  bad_input   every bad scene file: exit status 2, one stderr line naming file:line:col and the
              problem, no output file left behind
  round_trip  JSON -> CSV -> JSON is byte-identical, every double kept
  edge_cases  empty scenes, a single shape, bad command lines, the progress bar (only on a tty)
  demo        `collide2d demo` prints the classic answers, writes a well-formed SVG, and its
              marquee counts equal the brute-force reference's
  help        --help on every subcommand shows an example; --version; the `collide2d help`
              page describes every subcommand and each of its examples runs

Regenerate an expected file (then verify it as tests/cli/README.md says) with --update.
"""
import argparse
import functools
import math
import os
import pty
import re
import shlex
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

FAILURES = []


def check(condition, message):
    if not condition:
        FAILURES.append(message)
        print("FAIL: " + message)


def run(command, stderr=subprocess.PIPE):
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=stderr, text=True)


def hit_case(scene, x, y):
    """The EXPECTED row of `hit SCENE X Y` in CSV, checked against the reference:
    expected/lshape_hit_1.5_1.5.csv for ("lshape.json", "1.5", "1.5")."""
    return (f"{scene.rsplit('.', 1)[0]}_hit_{x}_{y}.csv", ["hit", scene, x, y, "--format", "csv"],
            ["hit", scene, x, y])


def select_case(name, scene, corners, mode):
    """The EXPECTED row of `select SCENE --region X0 Y0 X1 Y1 --mode MODE` in CSV, checked against
    the reference."""
    return (name, ["select", scene, "--region", *corners, "--mode", mode, "--format", "csv"],
            ["select", scene, *corners, "0", mode])


# (expected file, CLI arguments, reference arguments or None). Scene paths are relative to
# tests/cli/scenes. A reference run is compared with the CLI run in CSV form.
EXPECTED = [
    ("hand_pairs.txt", ["pairs", "hand.json"], ["pairs", "hand.json"]),
    ("hand_pairs.csv", ["pairs", "hand.json", "--format", "csv"], ["pairs", "hand.json"]),
    ("hand_pairs.json", ["pairs", "hand.json", "--format", "json"], None),
    ("hand_select_intersects.csv",
     ["select", "hand.json", "--region", "0", "0", "4", "2", "--format", "csv"],
     ["select", "hand.json", "0", "0", "4", "2", "0", "intersects"]),
    ("hand_select_contains.csv",
     ["select", "hand.json", "--region", "0", "0", "4", "2", "--mode", "contains", "--format",
      "csv"],
     ["select", "hand.json", "0", "0", "4", "2", "0", "contains"]),
    ("hand_select_big_contains.csv",
     ["select", "hand.json", "--region", "-1", "-5", "5", "6", "--mode", "contains", "--format",
      "csv"],
     ["select", "hand.json", "-1", "-5", "5", "6", "0", "contains"]),
    # An L-shaped lasso, worked on paper in tests/cli/README.md: box1, box2 and tri lie inside it, tall
    # crosses its edge, the rest are far outside.
    ("hand_select_lasso_contains.csv",
     ["select", "hand.json", "--lasso", "-1", "-5", "7", "-5", "7", "4", "3.5", "4", "3.5", "2.5",
      "-1", "2.5", "--mode", "contains", "--format", "csv"], None),
    ("hand_select_lasso_intersects.csv",
     ["select", "hand.json", "--lasso", "-1", "-5", "7", "-5", "7", "4", "3.5", "4", "3.5", "2.5",
      "-1", "2.5", "--format", "csv"], None),
    ("hand_hit_2_1.csv", ["hit", "hand.json", "2", "1", "--format", "csv"],
     ["hit", "hand.json", "2", "1"]),
    ("hand_hit_4_1.5.csv", ["hit", "hand.json", "4", "1.5", "--format", "csv"],
     ["hit", "hand.json", "4", "1.5"]),
    ("hand_raycast_all.csv",
     ["raycast", "hand.json", "--origin", "-2", "1.5", "--direction", "1", "0", "--all",
      "--format", "csv"],
     ["raycast", "hand.json", "-2", "1.5", "1", "0", "all"]),
    ("hand_raycast_closest.txt",
     ["raycast", "hand.json", "--origin", "-2", "1.5", "--direction", "1", "0"],
     ["raycast", "hand.json", "-2", "1.5", "1", "0", "closest"]),
    ("classic_pairs.csv", ["pairs", "classic.json", "--format", "csv"],
     ["pairs", "classic.json"]),
    ("classic_distance_A_B.csv", ["distance", "classic.json", "A", "B", "--format", "csv"], None),
    ("classic_distance_A_B_thin.csv",
     ["distance", "classic.json", "A", "B_thin", "--format", "csv"], None),
    # Rounded boxes, worked on paper in tests/cli/README.md.
    ("rounded_pairs.csv", ["pairs", "rounded.json", "--format", "csv"], ["pairs", "rounded.json"]),
    ("rounded_hit_4.5_2.5.csv", ["hit", "rounded.json", "4.5", "2.5", "--format", "csv"],
     ["hit", "rounded.json", "4.5", "2.5"]),
    ("rounded_raycast_all.csv",
     ["raycast", "rounded.json", "--origin", "-3", "1", "--direction", "1", "0", "--all",
      "--format", "csv"],
     ["raycast", "rounded.json", "-3", "1", "1", "0", "all"]),
    # Simple polygons (concave), worked on paper in tests/cli/README.md.
    ("lshape_pairs.csv", ["pairs", "lshape.json", "--format", "csv"], ["pairs", "lshape.json"]),
    select_case("lshape_select_notch.csv", "lshape.json", ["1.1", "1.1", "1.9", "1.9"],
                "intersects"),
    select_case("lshape_select_contains.csv", "lshape.json", ["0", "0", "2", "2"], "contains"),
    # In L's notch, in L, on both L and ball, in a tooth of crown, between two teeth.
    *[hit_case("lshape.json", x, y)
      for x, y in (("1.5", "1.5"), ("0.5", "1"), ("1", "1.5"), ("12", "3"), ("13", "3"))],
    ("lshape_raycast_all.csv",
     ["raycast", "lshape.json", "--origin", "-1", "1.5", "--direction", "1", "0", "--all",
      "--format", "csv"],
     ["raycast", "lshape.json", "-1", "1.5", "1", "0", "all"]),
    ("lshape_raycast_teeth.csv",
     ["raycast", "lshape.json", "--origin", "9", "3", "--direction", "1", "0", "--format", "csv"],
     ["raycast", "lshape.json", "9", "3", "1", "0", "closest"]),
    ("lshape_distance_L_box.csv", ["distance", "lshape.json", "L", "box", "--format", "csv"], None),
    ("lshape_distance_L_ball.txt", ["distance", "lshape.json", "L", "ball"], None),
    # Groups (two boxes with a gap; a pin of a circle, a capsule and a triangle), worked on paper
    # in tests/cli/README.md.
    ("groups_pairs.csv", ["pairs", "groups.json", "--format", "csv"], ["pairs", "groups.json"]),
    # A marquee over twin's first box only: it meets twin but does not contain it.
    select_case("groups_select_one_part.csv", "groups.json", ["-1", "-1", "2.2", "2.2"],
                "intersects"),
    select_case("groups_select_one_part_contains.csv", "groups.json", ["-1", "-1", "2.2", "2.2"],
                "contains"),
    select_case("groups_select_both_parts_contains.csv", "groups.json", ["-1", "-1", "7", "2.2"],
                "contains"),
    # In twin's gap (below ball), in its first box, in its second box and bar, in ball, on pin's
    # capsule and dot, in pin's triangle.
    *[hit_case("groups.json", x, y)
      for x, y in (("3", "0.2"), ("1", "1"), ("5", "1.7"), ("3", "1"), ("10", "3"),
                   ("10", "5.5"))],
    ("groups_raycast_all.csv",
     ["raycast", "groups.json", "--origin", "-2", "1", "--direction", "1", "0", "--all",
      "--format", "csv"],
     ["raycast", "groups.json", "-2", "1", "1", "0", "all"]),
    ("groups_distance_twin_ball.csv",
     ["distance", "groups.json", "twin", "ball", "--format", "csv"], None),
    ("groups_distance_twin_bar.txt", ["distance", "groups.json", "twin", "bar"], None),
    ("random_pairs.csv", ["pairs", "random.csv", "--format", "csv"], ["pairs", "random.csv"]),
    ("random_select_intersects.csv",
     ["select", "random.csv", "--region", "200", "150", "420", "330", "--angle-deg", "30",
      "--format", "csv"],
     ["select", "random.csv", "200", "150", "420", "330", "30", "intersects"]),
    ("random_select_contains.csv",
     ["select", "random.csv", "--region", "200", "150", "420", "330", "--angle-deg", "30",
      "--mode", "contains", "--format", "csv"],
     ["select", "random.csv", "200", "150", "420", "330", "30", "contains"]),
    ("random_hit.csv", ["hit", "random.csv", "529.54", "255.59", "--format", "csv"],
     ["hit", "random.csv", "529.54", "255.59"]),
    ("random_raycast_all.csv",
     ["raycast", "random.csv", "--origin", "0", "250", "--direction", "1", "0.1", "--all",
      "--format", "csv"],
     ["raycast", "random.csv", "0", "250", "1", "0.1", "all"]),
]

# Bad scene files (tests/cli/scenes/bad) and the one line each must produce.
BAD_INPUT = {
    "malformed.json": r"malformed\.json:4:65: syntax error while parsing object key",
    "unknown_kind.json":
        r'unknown_kind\.json:3:3: shapes\[1\]: shape "h": unknown shape kind "hexagon"',
    "missing_field.json": r'missing_field\.json:3:3: shapes\[1\]: shape "c": missing field "radius"',
    "nan.json": r"nan\.json:3:47: syntax error while parsing value - invalid literal",
    "negative_radius.json":
        r'negative_radius\.json:3:3: shapes\[1\]: shape "r": capsule radius is -2, must be',
    "nonconvex.json": r'nonconvex\.json:2:3: shapes\[0\]: shape "arrow": .*convex',
    "duplicate_id.json": r'duplicate_id\.json:3:3: shapes\[1\]: shape "a": duplicate id',
    "unknown_field.json": r'unknown_field\.json:2:3: shapes\[0\]: shape "a": unknown field "radios"',
    "overflow.json": r"overflow\.json:2:\d+: number overflow parsing '1e999'",
    "nan.csv": r'nan\.csv:3:12: shape "n": circle center \(0, nan\) is not finite',
    "negative_radius.csv": r'negative_radius\.csv:2:12: shape "r": circle radius is -1, must be',
    "unknown_kind.csv": r'unknown_kind\.csv:2:3: shape "h": unknown shape kind "hexagon"',
    "missing_field.csv":
        r'missing_field\.csv:2:13: shape "c": capsule has 4 values, needs 5 \(ax,ay,bx,by,radius\)',
    "malformed.csv": r'malformed\.csv:2:14: shape "x": "zero" is not a number',
    "nonconvex.csv": r'nonconvex\.csv:1:13: shape "a": .*convex',
    "rounded_radius.csv":
        r'rounded_radius\.csv:1:21: shape "r": rounded polygon radius is -1, must be finite',
    "not_utf8.csv": r"not_utf8\.csv:2:1: the id is not valid UTF-8 text",
    "self_crossing.json":
        r'self_crossing\.json:3:3: shapes\[1\]: shape "bow": make_simple_polygon: edge vertex 0 '
        r'\(0, 0\) -> vertex 1 \(2, 2\) and edge vertex 2 \(2, 0\) -> vertex 3 \(0, 2\) cross '
        r'or touch$',
    "few_vertices.json":
        r'few_vertices\.json:2:3: shapes\[0\]: shape "two": make_simple_polygon: a polygon needs '
        r'at least 3 vertices, got 2$',
    "self_crossing.csv":
        r'self_crossing\.csv:2:22: shape "bow": make_simple_polygon: edge vertex 0 \(0, 0\) -> '
        r'vertex 1 \(2, 2\) and edge vertex 2 \(2, 0\) -> vertex 3 \(0, 2\) cross or touch$',
    "few_vertices.csv":
        r'few_vertices\.csv:1:22: shape "two": make_simple_polygon: a polygon needs at least 3 '
        r'vertices, got 2$',
    # Groups: the part at fault by its index; in CSV the column of its kind.
    "empty_group.json":
        r'empty_group\.json:2:3: shapes\[0\]: shape "g": a group needs at least one part$',
    "empty_group.csv": r'empty_group\.csv:2:11: shape "g": a group needs at least one part$',
    "bad_part.json":
        r'bad_part\.json:3:3: shapes\[1\]: shape "g": parts\[1\]: circle radius is -2, must be '
        r'finite, >= 0',
    "bad_part.csv": r'bad_part\.csv:2:24: shape "g": parts\[1\]: circle radius is -2, must be '
                    r'finite, >= 0',
    "nan_part.csv": r'nan_part\.csv:1:11: shape "g": parts\[0\]: point \(nan, 0\) is not finite$',
    "nested_group.json":
        r'nested_group\.json:2:3: shapes\[0\]: shape "g": parts\[0\]: a group\'s part cannot be a '
        r'group \(point, segment, circle, capsule, aabb, obb, polygon, rounded_polygon\)$',
    "nested_group.csv":
        r'nested_group\.csv:1:21: shape "g": parts\[1\]: a group\'s part cannot be a group \(',
    "polygon_part.json":
        r'polygon_part\.json:2:3: shapes\[0\]: shape "g": parts\[1\]: a group\'s part cannot be a '
        r'simple_polygon \(',
    "part_field.json":
        r'part_field\.json:2:3: shapes\[0\]: shape "g": parts\[0\]: unknown field "z" for a point$',
    "number_first.csv":
        r'number_first\.csv:1:11: shape "g": parts\[0\]: a part begins with its kind, not "3"$',
}


def expected_group(args):
    scenes = os.path.join(args.tests_dir, "scenes")
    expected_dir = os.path.join(args.tests_dir, "expected")
    for name, cli_arguments, reference_arguments in EXPECTED:
        cli = [args.cli] + [os.path.join(scenes, a) if a.endswith((".json", ".csv")) else a
                            for a in cli_arguments]
        result = run(cli)
        check(result.returncode == 0, f"{name}: exit status {result.returncode}: {result.stderr}")
        check(result.stderr == "", f"{name}: unexpected stderr {result.stderr!r}")
        path = os.path.join(expected_dir, name)
        if args.update:
            with open(path, "w") as file:
                file.write(result.stdout)
        with open(path) as file:
            check(result.stdout == file.read(), f"{name}: output differs from {path}:\n" +
                  result.stdout)
        if reference_arguments is not None:
            csv_cli = [a for a in cli if a not in ("--format", "csv", "json")] + ["--format", "csv"]
            reference = run([args.reference, reference_arguments[0],
                             os.path.join(scenes, reference_arguments[1])] +
                            reference_arguments[2:])
            check(reference.returncode == 0, f"{name}: reference failed: {reference.stderr}")
            check(run(csv_cli).stdout == reference.stdout,
                  f"{name}: CLI and brute-force reference disagree:\n{reference.stdout}")
    classic_by_hand(args)
    lasso_as_marquee(args)


def lasso_as_marquee(args):
    """A lasso along a marquee's edges, either way round, or twice round (winding 2, still
    nonzero), selects what the marquee selects, in every mode, touching excluded or not."""
    scene = os.path.join(args.tests_dir, "scenes", "hand.json")
    corners = [(0, 0), (4, 0), (4, 2), (0, 2)]
    paths = [corners, corners[::-1], corners + corners]
    for mode in ("intersects", "contains"):
        for touching in ([], ["--exclude-touching"]):
            common = ["--mode", mode, "--format", "csv"] + touching
            marquee = run([args.cli, "select", scene, "--region", "0", "0", "4", "2"] + common)
            for path in paths:
                lasso = [str(v) for point in path for v in point]
                got = run([args.cli, "select", scene, "--lasso"] + lasso + common)
                check(got.returncode == 0 and got.stdout == marquee.stdout,
                      f"lasso {path} {mode} {touching}: {got.stdout!r} {got.stderr!r}, "
                      f"marquee {marquee.stdout!r}")


def obb_corners(cx, cy, width, height, degrees):
    c, s = math.cos(degrees * (math.pi / 180)), math.sin(degrees * (math.pi / 180))
    return [(cx + c * x - s * y, cy + s * x + c * y)
            for x, y in ((-width / 2, -height / 2), (width / 2, -height / 2),
                         (width / 2, height / 2), (-width / 2, height / 2))]


def sat_margin(a, b):
    """Least overlap of the two boxes' projections over their four edge axes (negative: apart)."""
    margins = []
    for box in (a, b):
        for i in range(2):
            ex, ey = box[i + 1][0] - box[i][0], box[i + 1][1] - box[i][1]
            length = math.hypot(ex, ey)
            axis = (-ey / length, ex / length)
            pa = [p[0] * axis[0] + p[1] * axis[1] for p in a]
            pb = [p[0] * axis[0] + p[1] * axis[1] for p in b]
            margins.append(min(max(pa), max(pb)) - max(min(pa), min(pb)))
    return min(margins)


def classic_by_hand(args):
    """The classic boxes by an independent separating-axis computation in Python."""
    a = obb_corners(355, 430, 350, 150, 0)
    b = obb_corners(575, 295, 350, 150, 220)
    thin = obb_corners(575, 295, 350, 149.76, 220)
    scenes = os.path.join(args.tests_dir, "scenes")
    rows = run([args.cli, "distance", os.path.join(scenes, "classic.json"), "A", "B", "--format",
                "csv"]).stdout.splitlines()
    fields = dict(zip(rows[0].split(","), rows[1].split(",")))
    margin = sat_margin(a, b)
    check(round(margin, 4) == 0.1119, f"python SAT margin of A and B is {margin}")
    check(fields["overlap"] == "yes" and abs(float(fields["depth"]) - margin) < 1e-9,
          f"classic A-B: CLI says {fields}, python SAT margin {margin}")
    rows = run([args.cli, "distance", os.path.join(scenes, "classic.json"), "A", "B_thin",
                "--format", "csv"]).stdout.splitlines()
    fields = dict(zip(rows[0].split(","), rows[1].split(",")))
    margin = sat_margin(a, thin)
    check(margin < 0 and fields["overlap"] == "no" and abs(float(fields["distance"]) + margin) < 1e-9,
          f"classic A-B_thin: CLI says {fields}, python SAT margin {margin}")


def bad_input_group(args):
    bad = os.path.join(args.tests_dir, "scenes", "bad")
    check(sorted(BAD_INPUT) == sorted(os.listdir(bad)), "every bad scene file has a case")
    with tempfile.TemporaryDirectory() as temporary:
        for name, pattern in BAD_INPUT.items():
            for command in (["pairs"], ["render"]):
                output = os.path.join(temporary, "out.svg" if command == ["render"] else "out.txt")
                result = run([args.cli] + command + [os.path.join(bad, name), "-o", output])
                lines = result.stderr.splitlines()
                check(result.returncode == 2, f"{name}: exit status {result.returncode}")
                check(len(lines) == 1, f"{name}: {len(lines)} stderr lines: {result.stderr!r}")
                check(lines and re.search(r"^collide2d: \S*" + pattern, lines[0]) is not None,
                      f"{name}: {result.stderr!r} does not match {pattern!r}")
                check(os.listdir(temporary) == [], f"{name}: left {os.listdir(temporary)}")
                check(result.stdout == "", f"{name}: wrote to stdout")


def round_trip_group(args):
    scenes = os.path.join(args.tests_dir, "scenes")
    with tempfile.TemporaryDirectory() as temporary:
        def path(name):
            return os.path.join(temporary, name)

        def convert(source, target):
            result = run([args.cli, "convert", source, target])
            check(result.returncode == 0, f"convert {source} {target}: {result.stderr}")

        def read(name):
            with open(name) as file:
                return file.read()

        # A canonical JSON file with the awkward doubles: the smallest normal, -0, extremes, 17 digits.
        canonical = os.path.join(scenes, "exact_values.json")
        convert(canonical, path("exact.csv"))
        convert(path("exact.csv"), path("exact.json"))
        check(read(path("exact.json")) == read(canonical), "exact_values.json -> CSV -> JSON")
        convert(path("exact.csv"), path("exact_again.csv"))
        check(read(path("exact_again.csv")) == read(path("exact.csv")), "exact CSV -> CSV")
        # Generated scenes of every kind, in both forms.
        for layout in ("uniform", "clustered", "grid"):
            result = run([args.cli, "gen", "--count", "3000", "--seed", "5", "--layout", layout,
                          "-o", path("gen.json")])
            check(result.returncode == 0, f"gen {layout}: {result.stderr}")
            run([args.cli, "gen", "--count", "3000", "--seed", "5", "--layout", layout, "-o",
                 path("gen.csv")])
            convert(path("gen.json"), path("gen_from_json.csv"))
            convert(path("gen_from_json.csv"), path("gen_back.json"))
            check(read(path("gen_from_json.csv")) == read(path("gen.csv")),
                  f"gen {layout}: JSON -> CSV differs from gen's CSV")
            check(read(path("gen_back.json")) == read(path("gen.json")),
                  f"gen {layout}: JSON -> CSV -> JSON differs")
        # A scene the JSON reader reads in several pieces (about 1 MiB each).
        for form in ("json", "csv"):
            run([args.cli, "gen", "--count", "20000", "--seed", "3", "-o", path("many." + form)])
        convert(path("many.json"), path("many_from_json.csv"))
        check(read(path("many_from_json.csv")) == read(path("many.csv")),
              "gen 20000: JSON read in pieces -> CSV differs from gen's CSV")
        # Hand-written JSON (angles in degrees, radians): its canonical form survives the trip.
        for name in ("hand.json", "classic.json", "single.json", "empty.json", "empty.csv",
                     "rounded.json", "lshape.json", "groups.json"):
            convert(os.path.join(scenes, name), path("first.json"))
            convert(path("first.json"), path("second.csv"))
            convert(path("second.csv"), path("third.json"))
            check(read(path("third.json")) == read(path("first.json")), f"{name} round trip")
        simple_polygons_written(args, path)
        groups_written(args, path)
        every_kind_generated(args, path)
        check(not any(n.endswith(".partial") for n in os.listdir(temporary)), "partial files")


def simple_polygons_written(args, path):
    """A simple polygon given clockwise is written counter-clockwise (its vertices reversed, as the
    builder keeps them), in JSON and in CSV; one given counter-clockwise is written as given."""
    scene = os.path.join(args.tests_dir, "scenes", "lshape.json")
    for form in ("json", "csv"):
        result = run([args.cli, "convert", scene, path("written." + form)])
        check(result.returncode == 0, f"convert lshape.json to {form}: {result.stderr}")
    crown = [(10, 0), (16, 0), (16, 4), (15, 2), (14, 4), (13, 2), (12, 4), (11, 2), (10, 4)]
    l_shape = [(0, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]
    for vertices in (crown, l_shape):
        twice_area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in
                         zip(vertices, vertices[1:] + vertices[:1]))
        check(twice_area > 0, f"{vertices} is counter-clockwise")
    def json_vertices(vertices):
        return ", ".join(f"[{x}, {y}]" for x, y in vertices)
    written = read_file(path("written.json"))
    for name, vertices in (("crown", crown), ("L", l_shape)):
        check(f'"id": "{name}", "kind": "simple_polygon", "vertices": [{json_vertices(vertices)}]'
              in written, f"{name} in JSON: {written}")
    csv_lines = read_file(path("written.csv")).splitlines()
    for line in ("crown,simple_polygon,,given clockwise," +
                 ",".join(f"{x},{y}" for x, y in crown),
                 "L,simple_polygon,,," + ",".join(f"{x},{y}" for x, y in l_shape)):
        check(line in csv_lines, f"{line!r} in CSV: {csv_lines}")


def groups_written(args, path):
    """A group is written as its parts in order: in JSON as shape objects without id, z or tags,
    in CSV as each part's kind followed by its values."""
    scene = os.path.join(args.tests_dir, "scenes", "groups.json")
    for form in ("json", "csv"):
        result = run([args.cli, "convert", scene, path("groups." + form)])
        check(result.returncode == 0, f"convert groups.json to {form}: {result.stderr}")
    written = read_file(path("groups.json"))
    check('{"id": "twin", "kind": "group", "parts": [{"kind": "aabb", "min": [0, 0], "max": [2, 2]}, '
          '{"kind": "aabb", "min": [4, 0], "max": [6, 2]}], "tags": ["two boxes and a gap"]}' in written,
          f"twin in JSON: {written}")
    csv_lines = read_file(path("groups.csv")).splitlines()
    for line in ("pin,group,1,,circle,10,1,1,capsule,10,2,10,5,0.25,polygon,9,5,11,5,10,6",
                 "dot,point,,,10,3"):
        check(line in csv_lines, f"{line!r} in CSV: {csv_lines}")


def every_kind_generated(args, path):
    """`gen --kinds every` (simple polygons and groups among the convex kinds) in both forms:
    JSON -> CSV is gen's CSV, CSV -> .c2d -> CSV and JSON -> CSV -> JSON give the files back; the
    default kinds still give the checked-in random.csv byte for byte."""
    for form in ("json", "csv"):
        result = run([args.cli, "gen", "--count", "3000", "--seed", "9", "--kinds", "every",
                      "--layout", "clustered", "-o", path("every." + form)])
        check(result.returncode == 0, f"gen --kinds every: {result.stderr}")
    text = read_file(path("every.csv"))
    check(",group," in text and ",simple_polygon," in text, "gen --kinds every: no groups")
    for source, middle, target in (("every.json", "every_from_json.csv", None),
                                   ("every.csv", "every.c2d", "every_back.csv"),
                                   ("every.json", "every_again.csv", "every_back.json")):
        convert_scene(args, path(source), path(middle))
        if target is None:
            check(read_file(path(middle)) == text, "gen --kinds every: JSON -> CSV differs")
            continue
        convert_scene(args, path(middle), path(target))
        check(read_file(path(target)) == read_file(path(source)),
              f"gen --kinds every: {source} -> {middle} -> {target} differs")
    for kinds in ("group", "simple_polygon"):
        result = run([args.cli, "gen", "--count", "50", "--kinds", kinds, "--format", "csv"])
        rows = result.stdout.splitlines()[2:]
        check(result.returncode == 0 and len(rows) == 50 and
              all(row.split(",")[1] == kinds for row in rows), f"gen --kinds {kinds}: {rows[:3]}")
    result = run([args.cli, "gen", "--count", "400", "--seed", "11", "--layout", "clustered",
                  "--world", "600", "--format", "csv"])
    check(result.stdout == read_file(os.path.join(args.tests_dir, "scenes", "random.csv")),
          "gen's default kinds no longer give random.csv")


def convert_scene(args, source, target):
    result = run([args.cli, "convert", source, target])
    check(result.returncode == 0, f"convert {source} {target}: {result.stderr}")


def read_file(name, mode="r"):
    with open(name, mode) as file:
        return file.read()


def binary_group(args):
    """Binary scene files (.c2d): convert round trips with JSON and CSV byte for byte, every
    expected answer again from the binary form, and damaged files refused with one line."""
    scenes = os.path.join(args.tests_dir, "scenes")
    with tempfile.TemporaryDirectory() as temporary:
        path = functools.partial(os.path.join, temporary)
        convert = functools.partial(convert_scene, args)
        read = read_file
        # Every form to binary and back: the same JSON and CSV, and the same binary file again.
        for name in ("hand.json", "classic.json", "single.json", "empty.json", "empty.csv",
                     "exact_values.json", "random.csv", "rounded.json", "lshape.json",
                     "groups.json"):
            source = os.path.join(scenes, name)
            convert(source, path("first.json"))
            convert(path("first.json"), path("a.c2d"))
            convert(path("a.c2d"), path("back.json"))
            check(read(path("back.json")) == read(path("first.json")), f"{name}: JSON -> c2d -> JSON")
            convert(path("a.c2d"), path("back.csv"))
            convert(path("first.json"), path("first.csv"))
            check(read(path("back.csv")) == read(path("first.csv")), f"{name}: c2d -> CSV")
            convert(path("first.csv"), path("b.c2d"))
            convert(path("a.c2d"), path("c.c2d"))
            check(read(path("b.c2d"), "rb") == read(path("a.c2d"), "rb") ==
                  read(path("c.c2d"), "rb"), f"{name}: CSV -> c2d and c2d -> c2d differ")
        # Every expected answer, from the scene in binary form.
        converted = {}
        for name, cli_arguments, _ in EXPECTED:
            cli = [args.cli]
            for a in cli_arguments:
                if a.endswith((".json", ".csv")):
                    if a not in converted:
                        converted[a] = path(a.rsplit(".", 1)[0] + ".c2d")
                        convert(os.path.join(scenes, a), converted[a])
                    a = converted[a]
                cli.append(a)
            result = run(cli)
            check(result.returncode == 0, f"{name} from c2d: {result.stderr}")
            expected = read(os.path.join(args.tests_dir, "expected", name))
            check(result.stdout == expected, f"{name} from c2d differs:\n{result.stdout}")
        # Damaged files: one line naming the file, the byte and the field; no output.
        good = read(converted["hand.json"], "rb")
        payload_end = 32 + int.from_bytes(good[16:24], "little")
        damaged = {
            "flipped.c2d": (good[:40] + bytes([good[40] ^ 1]) + good[41:],
                            r"flipped\.c2d: scene file: checksum mismatch \(the file is corrupted\) "
                            r"at byte 24$"),
            "cut.c2d": (good[:100], r"cut\.c2d: scene file truncated: the header at byte 16 says "
                                    r"\d+ payload bytes, the file has 68$"),
            "names.c2d": (good[:-1] + bytes([good[-1] ^ 0x80]),
                          r"names\.c2d: names section: checksum mismatch \(the file is "
                          r"corrupted\) at byte \d+$"),
            "no_names.c2d": (good[:payload_end],
                             r"no_names\.c2d: names section truncated at byte \d+ while reading "
                             r"its magic; expected 8 more bytes, 0 left$"),
            "float.c2d": (good[:12] + bytes([4]) + good[13:],
                          r"float\.c2d: scene file: scalar size 4 \(float scalars\), this is "
                          r"Scene<double> at byte 12$"),
            "empty.c2d": (b"", r"empty\.c2d: scene file truncated at byte 0 while reading the "
                               r"header; expected 32 more bytes, 0 left$"),
        }
        for name, (contents, pattern) in damaged.items():
            with open(path(name), "wb") as file:
                file.write(contents)
            for command in (["pairs", path(name)], ["convert", path(name), path("out.json")]):
                result = run([args.cli] + command)
                lines = result.stderr.splitlines()
                check(result.returncode == 2, f"{name}: exit status {result.returncode}")
                check(len(lines) == 1, f"{name}: {len(lines)} stderr lines: {result.stderr!r}")
                check(lines and re.search(r"^collide2d: \S*" + pattern, lines[0]) is not None,
                      f"{name}: {result.stderr!r} does not match {pattern!r}")
                check(not os.path.exists(path("out.json")), f"{name}: wrote out.json")
                check(result.stdout == "", f"{name}: wrote to stdout")


def edge_cases_group(args):
    scenes = os.path.join(args.tests_dir, "scenes")
    for name in ("empty.json", "empty.csv"):
        scene = os.path.join(scenes, name)
        for command, text in (
                (["pairs"], "0 overlapping pairs among 0 shapes\n"),
                (["select", "--region", "0", "0", "1", "1"], "0 shapes meeting the region\n"),
                (["hit", "0", "0"], "0 shapes under the point, topmost first\n"),
                (["raycast", "--origin", "0", "0", "--direction", "1", "0"], "the ray hits nothing\n"),
                (["pairs", "--format", "csv"], "first,second\n"),
                (["pairs", "--format", "json"], "[]\n")):
            result = run([args.cli, command[0], scene] + command[1:])
            check(result.returncode == 0 and result.stdout == text,
                  f"{name} {command}: {result.returncode} {result.stdout!r} {result.stderr!r}")
    single = os.path.join(scenes, "single.json")
    for command, text in (
            (["pairs", single], "0 overlapping pairs among 1 shape\n"),
            (["hit", single, "1", "5"], "1 shape under the point, topmost first\nid    kind    z\n"
                                        "only  circle  0\n"),
            (["hit", single, "1", "5.000001"], "0 shapes under the point, topmost first\n"),
            (["distance", single, "only", "only", "--format", "csv"],
             "first,second,overlap,distance,first_x,first_y,second_x,second_y,depth,normal_x,"
             "normal_y\n")):
        result = run([args.cli] + command)
        check(result.returncode == 0 and result.stdout.startswith(text),
              f"single {command}: {result.stdout!r} {result.stderr!r}")
    with tempfile.TemporaryDirectory() as temporary:
        for name in ("empty.json", "single.json"):
            svg = os.path.join(temporary, name + ".svg")
            result = run([args.cli, "render", os.path.join(scenes, name), "-o", svg, "--pairs",
                          "--select", "0", "0", "2", "2", "--ray", "-5", "0", "1", "0"])
            check(result.returncode == 0, f"render {name}: {result.stderr}")
            ElementTree.parse(svg)
        # Simple polygons are drawn as paths through every vertex: L (6 vertices, overlapping
        # ball: red with --pairs) and crown (9).
        svg = os.path.join(temporary, "lshape.svg")
        result = run([args.cli, "render", os.path.join(scenes, "lshape.json"), "-o", svg,
                      "--pairs", "--labels"])
        check(result.returncode == 0, f"render lshape.json: {result.stderr}")
        paths = list(ElementTree.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}path"))
        shapes = [(p.get("d").count(" L "), p.get("fill")) for p in paths
                  if p.get("d").startswith("M ") and p.get("d").endswith(" Z")]
        check(shapes == [(5, "#e15759"), (8, "#4e79a7")], f"lshape.svg paths: {shapes}")
        # Groups are drawn as SVG groups of their parts: twin (2 boxes) and pin (a circle, a
        # capsule and a triangle), both overlapping another shape (drawn red with --pairs).
        svg = os.path.join(temporary, "groups.svg")
        result = run([args.cli, "render", os.path.join(scenes, "groups.json"), "-o", svg,
                      "--pairs", "--labels"])
        check(result.returncode == 0, f"render groups.json: {result.stderr}")
        groups = [g for g in ElementTree.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}g")
                  if g.get("class") == "group"]
        check([len(g) for g in groups] == [2, 3], f"groups.svg groups: {[len(g) for g in groups]}")
        # Bad command lines: one line, status 2, no file.
        hand = os.path.join(scenes, "hand.json")
        out = os.path.join(temporary, "out.txt")
        for command, pattern in (
                (["distance", hand, "box1", "nosuch", "-o", out], r'no shape has the id "nosuch"'),
                (["raycast", hand, "--origin", "0", "0", "--direction", "0", "0", "-o", out],
                 r"^collide2d: ray: .*direction"),
                (["select", hand, "--region", "0", "nan", "1", "1", "-o", out],
                 r"^collide2d: --region: "),
                (["hit", hand, "inf", "0", "-o", out], r"the point must be finite"),
                (["select", hand, "--lasso", "0", "0", "1", "0", "1", "1", "2", "-o", out],
                 r"^collide2d: --lasso: 7 numbers; give the path's points as X Y pairs"),
                (["select", hand, "--lasso", "0", "0", "1", "0", "nan", "1", "-o", out],
                 r"^collide2d: --lasso: .*nan"),
                (["select", hand, "-o", out], r"give the region as --region .* or as --lasso")):
            result = run([args.cli] + command)
            check(result.returncode == 2 and len(result.stderr.splitlines()) == 1 and
                  re.search(pattern, result.stderr) is not None and not os.path.exists(out),
                  f"{command}: {result.returncode} {result.stderr!r}")
        for command in (["select", hand, "--region", "0", "0", "1", "1", "--mode", "sideways"],
                        ["select", hand, "--region", "0", "0", "1", "1", "--lasso", "0", "0", "1",
                         "0", "1", "1"],
                        ["select", hand, "--lasso", "0", "0", "1", "0"], ["nosuchcommand"], []):
            result = run([args.cli] + command)
            check(result.returncode == 2, f"usage error {command}: status {result.returncode}")
    # JSON that the fast reader (simdjson) leaves to the reference reader (nlohmann): each must
    # read as nlohmann reads it (a repeated key: the last; -0: the integer 0; escapes; a repeated
    # "shapes": the shapes of both), or be refused with nlohmann's message.
    circle = '{"id": "a", "kind": "circle", "center": [0, 0], "radius": 1'
    for text, line in (
            ('{"shapes": [' + circle + ', "radius": 2}]}', circle[:-1] + "2}"),
            ('{"shapes": [{"id": "a", "kind": "circle", "center": [-0, 0], "radius": 1}]}',
             circle + "}"),
            ('{"shapes": [' + circle + '}], "shapes": []}', circle + "}"),
            ('{"shapes": [{"id": "a\\u0062", "kind": "circle", "center": [1e2, 0.5], "radius": 1,'
             ' "z": 3, "tags": ["t"]}]}',
             '{"id": "ab", "kind": "circle", "center": [100, 0.5], "radius": 1, "z": 3, '
             '"tags": ["t"]}'),
            ('{"shapes": [' + circle + '}]} x', None)):
        with tempfile.TemporaryDirectory() as temporary:
            scene = os.path.join(temporary, "tricky.json")
            with open(scene, "w") as file:
                file.write(text)
            result = run([args.cli, "convert", scene, os.path.join(temporary, "out.json")])
            if line is None:
                check(result.returncode == 2 and "1:76: syntax error while parsing value - "
                      "invalid literal" in result.stderr, f"{text}: {result.stderr!r}")
                continue
            with open(os.path.join(temporary, "out.json")) as file:
                written = file.read()
            check(result.returncode == 0 and "    " + line + "\n" in written,
                  f"{text}: {result.stderr!r} {written!r}")
    # The progress bar: on a terminal only.
    quiet = run([args.cli, "pairs", os.path.join(scenes, "random.csv")])
    check(quiet.stderr == "", "no progress bar when stderr is not a terminal")
    master, slave = pty.openpty()
    subprocess.run([args.cli, "pairs", os.path.join(scenes, "random.csv")],
                   stdout=subprocess.DEVNULL, stderr=slave, check=True)
    os.close(slave)
    drawn = b""
    try:
        while True:
            chunk = os.read(master, 4096)
            if not chunk:
                break
            drawn += chunk
    except OSError:
        pass
    os.close(master)
    check(b"%" in drawn and b"\r" in drawn, f"progress bar on a terminal: {drawn!r}")


def demo_group(args):
    with tempfile.TemporaryDirectory() as temporary:
        svg = os.path.join(temporary, "demo.svg")
        scene = os.path.join(temporary, "demo.json")
        result = run([args.cli, "demo", "-o", svg, "--scene-out", scene])
        check(result.returncode == 0, f"demo: {result.stderr}")
        text = result.stdout
        for sentence in (
                "Boxes A and B overlap (separating-axis margin 0.1119 on B's short axis)",
                "Boxes C and D do not overlap", "Circle F (centre (1040, 570), radius 50) overlaps",
                "Circle G (centre (1100, 300), radius 40) does not touch box E",
                "it enters H at t = ", "(intersects mode)", "(contains mode)"):
            check(sentence in text, f"demo does not say {sentence!r}:\n{text}")
        root = ElementTree.parse(svg).getroot()
        check(root.tag.endswith("svg"), "demo.svg is an SVG")
        check(len(root.findall(".//{http://www.w3.org/2000/svg}polygon")) > 300, "demo.svg shapes")
        # The marquee counts, by brute force on the scene the demo wrote.
        counts = re.search(r"(\d+) elements meet it \(intersects mode\), (\d+) lie wholly inside",
                           text)
        check(counts is not None, "demo marquee sentence")
        for mode, printed in (("intersects", counts.group(1)), ("contains", counts.group(2))):
            reference = run([args.reference, "select", scene, "1600", "300", "2000", "700", "0",
                             mode]).stdout.splitlines()[1:]
            elements = [line for line in reference if line.startswith("m")]
            check(len(elements) == int(printed) and len(elements) == len(reference),
                  f"demo {mode}: printed {printed}, brute force {len(reference)}")
        turned = re.search(r"turned 25 deg: (\d+) meet it, (\d+) lie inside", text)
        check(turned is not None, "demo turned marquee sentence")
        for mode, printed in (("intersects", turned.group(1)), ("contains", turned.group(2))):
            reference = run([args.reference, "select", scene, "1600", "300", "2000", "700", "25",
                             mode]).stdout.splitlines()[1:]
            check(len(reference) == int(printed),
                  f"demo turned {mode}: printed {printed}, brute force {len(reference)}")
        pairs = re.search(r"Every overlapping pair of the scene: (\d+)", text)
        reference = run([args.reference, "pairs", scene]).stdout.splitlines()[1:]
        check(pairs is not None and int(pairs.group(1)) == len(reference),
              f"demo pairs: brute force finds {len(reference)}")


def help_group(args):
    for command in ("demo", "pairs", "select", "hit", "raycast", "distance", "render", "gen",
                    "bench", "convert", "help"):
        result = run([args.cli, command, "--help"])
        check(result.returncode == 0 and "Example" in result.stdout,
              f"{command} --help: {result.returncode} {result.stdout!r}")
    result = run([args.cli, "--help"])
    check(result.returncode == 0 and "Examples" in result.stdout, "collide2d --help")
    result = run([args.cli, "--version"])
    check(result.returncode == 0 and re.match(r"collide2d \d+\.\d+\.\d+", result.stdout),
          f"--version: {result.stdout!r}")
    manual_page(args)


def manual_page(args):
    """`collide2d help`: the man-style page has every section, one part per subcommand that
    --help lists, each with an EXAMPLE that runs as written (in a folder holding scene.json)."""
    page = run([args.cli, "help"])
    check(page.returncode == 0, f"collide2d help: {page.returncode} {page.stderr!r}")
    for heading in ("NAME", "SYNOPSIS", "DESCRIPTION", "SUBCOMMANDS", "FILES", "EXIT STATUS"):
        check(re.search("^" + heading + "$", page.stdout, re.M) is not None,
              f"collide2d help has no {heading} section")
    # The subcommands CLI11 knows, from the usage text of --help.
    usage = run([args.cli, "--help"]).stdout
    listed = re.findall(r"^  (\w+)\s{2,}", usage.split("Subcommands:")[1], re.M)
    subcommands = page.stdout.split("\nSUBCOMMANDS\n")[-1].split("\nFILES\n")[0]
    described = re.findall(r"^  (\w+) - ", subcommands, re.M)
    check(listed and described == listed, f"help describes {described}, --help lists {listed}")
    examples = re.findall(r"^   EXAMPLE\n((?:    .*\n)+)", page.stdout, re.M)
    check(len(examples) == len(listed), f"{len(examples)} examples for {len(listed)} subcommands")
    with tempfile.TemporaryDirectory() as temporary:
        with open(os.path.join(args.tests_dir, "scenes", "classic.json")) as source, \
                open(os.path.join(temporary, "scene.json"), "w") as target:
            target.write(source.read())
        for block in examples:
            for line in block.splitlines():
                words = shlex.split(line)
                check(words[0] == "collide2d", f"example {line!r} is not a collide2d command")
                result = subprocess.run([args.cli] + words[1:], cwd=temporary,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                check(result.returncode == 0,
                      f"example {line!r}: status {result.returncode} {result.stderr!r}")
    one = run([args.cli, "help", "select"])
    check(one.returncode == 0 and one.stdout.startswith("  select - ") and "--region" in one.stdout,
          f"collide2d help select: {one.stdout!r}")
    bad = run([args.cli, "help", "nosuch"])
    check(bad.returncode == 2 and 'no subcommand "nosuch"' in bad.stderr,
          f"collide2d help nosuch: {bad.returncode} {bad.stderr!r}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--group", required=True)
    parser.add_argument("--cli", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--tests-dir", required=True)
    parser.add_argument("--update", action="store_true")
    args = parser.parse_args()
    groups = {"expected": expected_group, "bad_input": bad_input_group,
              "round_trip": round_trip_group, "binary": binary_group, "edge_cases": edge_cases_group,
              "demo": demo_group, "help": help_group}
    groups[args.group](args)
    if FAILURES:
        print(f"{len(FAILURES)} failures in group {args.group}")
        return 1
    print(f"group {args.group}: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
