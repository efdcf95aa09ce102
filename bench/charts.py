#!/usr/bin/python3
"""Bar charts (SVG) of how many times faster collide2d is than each anchor, from benchmark JSON.

Each bar is one anchor on one row: anchor time / collide2d time, on a log scale around a 1x line.
Right of the line (blue) collide2d is faster, left of it (orange) slower; the text beside each bar
says which, so the colour is never the only cue. Rows pair with anchors as in bench/summarize.py
(its functions do the pairing); the `collide2d-*` rows there (other collide2d paths for the same
query, such as the batch kernel) are not anchors and are left out of the charts.

Inputs, by their shape:
- Google Benchmark JSON with aggregates (scripts/bench.sh, build/bench-results/<suite>.json,
  docs/bench-results/*.json): the median rows. STEM.svg for the anchors; STEM-threads.svg (or
  STEM.svg if STEM ends in "threads") for the `threads/` rows (speed-up on 2 threads: wall time
  on 1 thread / on 2 threads).
- bench/js/bench.mjs's build/bench-js/results.json: one chart per section, STEM-SECTION.svg;
  the base of a row is `collide2d` (or its first `collide2d ...` contender, as in the tables).
- bindings/python/bench/bench_shapely.py --json FILE: STEM.svg, shapely and the numpy SAT
  against collide2d on all cores.
The output depends only on the JSON: the same file gives the same bytes.

Usage: charts.py RESULT.json... [--out-dir DIR]   (default: beside each input; prints the paths)
"""
import argparse
import json
import math
import os
import sys
from xml.sax.saxutils import escape

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from summarize import anchor_pairs, load_medians, readable, thread_rows  # noqa: E402

WIDTH = 900
FONT = "Helvetica, Arial, 'DejaVu Sans', sans-serif"
CHAR = 0.62          # width of a character, in font sizes (wide enough for DejaVu Sans)
ROW = 20             # height of a bar's row
BAR = 13             # height of a bar
GROUP = 24           # height of a group's heading
FASTER = "#1f5fa8"   # blue: collide2d faster (white text on it has contrast 6.4:1)
SLOWER = "#b34d00"   # orange: slower (5.2:1)


def text_width(text, size):
    return len(text) * size * CHAR


def ratio_number(ratio):
    """1.8, 11.3, 364, 84,806: three figures or the whole number."""
    if ratio >= 100:
        return f"{ratio:,.0f}"
    if ratio >= 10:
        return f"{ratio:.1f}"
    return f"{ratio:.2f}"


def ratio_words(ratio, suffix=""):
    """'11.3x faster', '0.69x (slower)': the verdict in words beside the bar."""
    if ratio >= 1:
        return f"{ratio_number(ratio)}x faster{suffix}"
    return f"{ratio_number(ratio)}x (slower{suffix})"


class Chart:
    """Groups of bars: [(heading or None, [(label, ratio, tooltip)])] and what the chart is of."""

    def __init__(self, name, title, subtitle, groups, suffix="", marks=()):
        self.name, self.title, self.subtitle = name, title, subtitle
        self.groups = [(heading, bars) for heading, bars in groups if bars]
        names = {label for _, bars in self.groups for label, _, _ in bars}
        if len(names) == 1 and all(h is not None and len(bars) == 1 for h, bars in self.groups):
            # one anchor on every row: one bar a row, named by the row
            self.groups = [(None, [(heading, ratio, tooltip)
                                   for heading, ((_, ratio, tooltip),) in self.groups])]
            anchor = names.pop()
            self.title = title.replace("its anchors", anchor).replace("the contenders", anchor)
        self.suffix = suffix    # appended to 'faster' / 'slower' (e.g. ' on 2 threads')
        self.marks = marks      # extra dashed lines: [(ratio, label)]

    def bars(self):
        return [bar for _, bars in self.groups for bar in bars]


NICE = (1.0, 2.0, 5.0)


def axis_range(values):
    """Log10 of the ends of the axis: 1, 2 or 5 times a power of ten around every value and 1,
    with room to spare for the words at the ends of the longest bars."""
    low = min(values + [1.0])
    low = low / 10 ** 0.7 if low < 1 else low
    high = max(values + [1.0]) * 10 ** (1 / 3)
    lo = max(e + math.log10(n) for e in range(math.floor(math.log10(low)) - 1, 1)
             for n in NICE if e + math.log10(n) <= math.log10(low) + 1e-9)
    hi = min(e + math.log10(n) for e in range(0, math.ceil(math.log10(high)) + 2)
             for n in NICE if e + math.log10(n) >= math.log10(high) - 1e-9)
    return lo, hi


def ticks(lo, hi):
    """Tick values within the axis: every decade, and 2 and 5 within it when the axis spans at
    most two decades."""
    values = []
    for e in range(math.floor(lo) - 1, math.ceil(hi) + 1):
        for n in NICE:
            if lo - 1e-9 <= e + math.log10(n) <= hi + 1e-9 and (n == 1 or hi - lo <= 2):
                values.append((n * 10.0 ** e, n == 1))
    return values


def tick_text(value):
    return f"{value:g}x" if value < 1 else f"{value:,.0f}x"


def svg(chart):
    """The chart as an SVG document (a string)."""
    bars = chart.bars()
    ratios = [ratio for _, ratio, _ in bars]
    labels = [label for label, _, _ in bars]
    label_w = round(min(max(text_width(label, 12) for label in labels), 300))
    left = 16 + label_w + 10
    right = WIDTH - 30
    lo, hi = axis_range(ratios + [value for value, _ in chart.marks])

    def x(ratio):
        return left + (right - left) * (math.log10(ratio) - lo) / (hi - lo)

    # widen the axis on the left (by up to two decades) until the words of every slower bar fit
    # left of its end
    for _ in range(6):
        if all(x(r) - 5 - text_width(ratio_words(r, chart.suffix), 12) >= left
               for r in ratios if r < 1):
            break
        lo = max(e + math.log10(n) for e in range(math.floor(lo) - 1, math.ceil(lo) + 1)
                 for n in NICE if e + math.log10(n) < lo - 1e-9)

    faster = sum(r >= 1 for r in ratios)
    out = []
    top = 30
    head = [(chart.title, 16, "bold", "#111")]
    head += [(line, 12, "normal", "#444") for line in chart.subtitle]
    body = []
    for text, size, weight, colour in head:
        body.append(f'<text x="16" y="{top}" font-size="{size}" font-weight="{weight}" '
                    f'fill="{colour}">{escape(text)}</text>')
        top += size + 6
    # legend: a swatch and the words
    top += 4
    legend_x = 16
    for colour, words in ((FASTER, f"collide2d faster{chart.suffix} (bar right of 1x)"),
                          (SLOWER, f"collide2d slower{chart.suffix} (bar left of 1x)")):
        body.append(f'<rect x="{legend_x}" y="{top - 10}" width="12" height="12" '
                    f'fill="{colour}"/>')
        body.append(f'<text x="{legend_x + 17}" y="{top}" font-size="12" fill="#222">'
                    f'{escape(words)}</text>')
        legend_x += round(17 + text_width(words, 12) + 24)
    top += 22
    axis_top = top
    top += 16
    rows = []
    for heading, group in chart.groups:
        if heading is not None:
            top += 6
            rows.append(f'<text x="16" y="{top + 12}" font-size="13" font-weight="bold" '
                        f'fill="#111">{escape(heading)}</text>')
            top += GROUP - 6
        for label, ratio, tooltip in group:
            rows.append(bar_svg(label, ratio, tooltip, top, x, left, right, chart.suffix))
            top += ROW
    axis_bottom = top + 4
    height = axis_bottom + 30
    grid = []
    for value, decade in ticks(lo, hi):
        gx = x(value)
        grid.append(f'<line x1="{gx:.1f}" y1="{axis_top + 4}" x2="{gx:.1f}" y2="{axis_bottom}" '
                    f'stroke="{"#ccc" if decade else "#e6e6e6"}" stroke-width="1"/>')
        for ty in (axis_top, axis_bottom + 14):
            grid.append(f'<text x="{gx:.1f}" y="{ty}" font-size="11" fill="#555" '
                        f'text-anchor="middle">{tick_text(value)}</text>')
    one = x(1.0)
    grid.append(f'<line x1="{one:.1f}" y1="{axis_top + 4}" x2="{one:.1f}" y2="{axis_bottom}" '
                f'stroke="#111" stroke-width="2"/>')
    for value, words in chart.marks:
        mx = x(value)
        grid.append(f'<line x1="{mx:.1f}" y1="{axis_top + 4}" x2="{mx:.1f}" y2="{axis_bottom}" '
                    f'stroke="#111" stroke-width="1" stroke-dasharray="4 3"/>')
        grid.append(f'<text x="{mx - 4:.1f}" y="{axis_bottom + 28}" font-size="11" fill="#333" '
                    f'text-anchor="end">{escape(words)}</text>')
    desc = (f"{len(ratios)} comparisons on a log scale; collide2d faster{chart.suffix} in "
            f"{faster}, slower in {len(ratios) - faster}. " +
            "; ".join(f"{h + ': ' if h else ''}" +
                      ", ".join(f"{label} {ratio_words(r, chart.suffix)}" for label, r, _ in g)
                      for h, g in chart.groups) + ".")
    out.append(f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
               f'viewBox="0 0 {WIDTH} {height}" role="img" aria-labelledby="title desc" '
               f'font-family="{escape(FONT)}">')
    out.append(f'<title id="title">{escape(chart.title)}</title>')
    out.append(f'<desc id="desc">{escape(desc)}</desc>')
    out.append(f'<rect width="{WIDTH}" height="{height}" fill="#fff"/>')
    out += grid + body + rows
    out.append("</svg>")
    return "\n".join(out) + "\n"


def bar_svg(label, ratio, tooltip, top, x, left, right, suffix):
    """One bar from the 1x line to the ratio, its label at the left and its verdict at its end."""
    one, end = x(1.0), x(ratio)
    colour = FASTER if ratio >= 1 else SLOWER
    words = ratio_words(ratio, suffix)
    width = text_width(words, 12)
    y = top + (ROW - BAR) / 2
    parts = [f'<g><title>{escape(tooltip)}</title>',
             f'<text x="{left - 10}" y="{top + 14}" font-size="12" fill="#222" '
             f'text-anchor="end">{escape(label)}</text>',
             f'<rect x="{min(one, end):.1f}" y="{y:.1f}" width="{max(abs(end - one), 1):.1f}" '
             f'height="{BAR}" fill="{colour}"/>']
    # the words beyond the bar's end, else inside it, else on the other side of the 1x line
    sign = 1 if ratio >= 1 else -1
    beyond = end + sign * 5
    if left <= beyond + sign * width <= right:
        tx, inside = beyond, False
    elif abs(end - one) >= width + 10:
        tx, inside = end - sign * 5, True
        sign = -sign
    else:
        tx, inside = one - sign * 5, False
        sign = -sign
    anchor = "start" if sign > 0 else "end"
    halo = "" if inside else ' stroke="#fff" stroke-width="3" paint-order="stroke"'
    parts.append(f'<text x="{tx:.1f}" y="{top + 14}" font-size="12" text-anchor="{anchor}" '
                 f'fill="{"#fff" if inside else "#222"}"{halo}>{escape(words)}</text></g>')
    return "".join(parts)


def is_variant(name):
    """Another collide2d path (batch, scalar loop, Scene...), not an anchor."""
    return name.startswith("collide2d")


def google_charts(report, stem):
    context = report["context"]
    suite = os.path.basename(context.get("executable", stem))
    suite = suite.removeprefix("collide2d_").removesuffix("_bench")
    machine = (f"{context.get('date', '?')[:10]}, host {context.get('host_name', '?')}: "
               f"{context.get('num_cpus', '?')} cpus at {context.get('mhz_per_cpu', '?')} MHz")
    repetitions = next((b.get("repetitions") for b in report["benchmarks"]
                        if "repetitions" in b), "?")
    medians, _ = load_medians(report)
    groups = {}
    for row, library, ours, ns in anchor_pairs(medians):
        if ours and not is_variant(library):
            groups.setdefault(row, []).append(
                (library, ns / ours, f"{row}: {library} {readable(ns)}, collide2d {readable(ours)}"
                 f" per item: {ratio_words(ns / ours)}"))
    charts = []
    if groups:
        charts.append(Chart(
            stem, f"{suite}: collide2d against its anchors",
            [f"{machine}; median of {repetitions}, CPU time per item",
             "bar: anchor time / collide2d time (log scale); other collide2d paths are in the "
             "table only"],
            list(groups.items())))
    speed_ups = []
    for row, libraries in thread_rows(medians).items():
        one, two = libraries.get("collide2d"), libraries.get("collide2d-2threads")
        if one and two:
            speed_ups.append((row.removeprefix("threads/"), one / two,
                              f"{row}: {readable(one)} a item on 1 thread, {readable(two)} on 2"))
    if speed_ups:
        charts.append(Chart(
            stem if stem.endswith("threads") else f"{stem}-threads",
            f"{suite}: collide2d on 2 threads against 1",
            [f"{machine}; median of {repetitions}, wall time per item",
             "bar: time on 1 thread / time on 2 threads (log scale)"],
            [(None, speed_ups)], suffix=" on 2 threads", marks=[(2.0, "2x: ideal on 2 cores")]))
    return charts


def js_charts(results, stem):
    meta = results.get("meta", {})
    machine = (f"{meta.get('date', '?')[:10]}, node {meta.get('node', '?')}, "
               f"{meta.get('cpu', '?')} x {meta.get('cores', '?')}; collide2d "
               f"{meta.get('collide2d', '?')}")
    charts = []
    for section, data in results["sections"].items():
        groups, bases = [], []
        for row, entry in data["rows"].items():
            contenders = entry["contenders"]
            base = "collide2d" if "collide2d" in contenders else next(
                (c for c in contenders if is_variant(c)), None)
            if base is None:
                continue
            ours = contenders[base]["per"]
            bases += [] if base in bases else [base]
            bars = [(name, e["per"] / ours,
                     f"{row}: {name} {e['per']:.4g} ms, {base} {ours:.4g} ms: "
                     f"{ratio_words(e['per'] / ours)}")
                    for name, e in contenders.items() if not is_variant(name) and ours > 0]
            groups.append((row, bars))
        if any(bars for _, bars in groups):
            charts.append(Chart(
                f"{stem}-{section}", f"JavaScript, {section}: collide2d against the contenders",
                [machine, f"median of {meta.get('reps', '?')} passes; bar: contender time / "
                 f"{' or '.join(bases)} time (log scale)"],
                groups))
    return charts


def python_charts(results, stem):
    meta = results.get("meta", {})
    machine = (f"{meta.get('date', '?')[:10]}, Python {meta.get('python', '?')}, "
               f"{meta.get('cpu', '?')} x {meta.get('cores', '?')}; collide2d "
               f"{meta.get('collide2d', '?')}, shapely {meta.get('shapely', '?')}, "
               f"numpy {meta.get('numpy', '?')}")
    groups = []
    for row in results["rows"]:
        ours = row["collide2d_all_cores"]
        bars = []
        for key, name in (("shapely", f"shapely {meta.get('shapely', '')}".strip()),
                          ("numpy_sat", "numpy SAT")):
            theirs = row.get(key)
            if theirs and ours:
                if key == "numpy_sat" and row.get("numpy_overlap_only"):
                    name += " (overlap only)"
                bars.append((name, theirs / ours, f"{row['query']}: {name} {theirs:.4g} s, "
                             f"collide2d {ours:.4g} s: {ratio_words(theirs / ours)}"))
        groups.append((row["query"], bars))
    return [Chart(stem, "Python: collide2d against shapely and a numpy SAT",
                  [machine, "best of the runs, collide2d on all cores; bar: their time / "
                   "collide2d time (log scale)"], groups)]


def charts_of(data, stem):
    """The charts of one JSON document, whichever benchmark wrote it."""
    if "benchmarks" in data and "context" in data:
        return google_charts(data, stem)
    if "sections" in data:
        return js_charts(data, stem)
    if data.get("format") == "collide2d-bench-python":
        return python_charts(data, stem)
    raise ValueError("not Google Benchmark, bench.mjs or bench_shapely.py JSON")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", metavar="RESULT.json")
    parser.add_argument("--out-dir", help="where the SVGs go (default: beside each input)")
    args = parser.parse_args(argv)
    for path in args.inputs:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        stem = os.path.splitext(os.path.basename(path))[0]
        charts = charts_of(data, stem)
        if not charts:
            print(f"{path}: no anchor rows to chart", file=sys.stderr)
        out_dir = args.out_dir or os.path.dirname(path) or "."
        os.makedirs(out_dir, exist_ok=True)
        for chart in charts:
            out = os.path.join(out_dir, f"{chart.name}.svg")
            with open(out, "w", encoding="utf-8", newline="\n") as f:
                f.write(svg(chart))
            print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
