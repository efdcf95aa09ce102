#!/usr/bin/python3
"""Turns Google Benchmark JSON (run with repetitions) into a comparison table.

Benchmarks are named query/shape/library. For every query/shape row the table gives the median
time per item of each library (ns, us, ms or s, whichever reads best) and how many times slower
each anchor is than collide2d.
Usage: summarize.py RESULT.json [--markdown]
"""
import json
import sys
from collections import OrderedDict


def readable(ns: float) -> str:
    """A time in the unit that keeps it between 1 and 1000."""
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        report = json.load(f)
    medians = OrderedDict()
    for bench in report["benchmarks"]:
        if bench.get("aggregate_name") != "median":
            continue
        name = bench["run_name"]
        query, shape, library = name.split("/")[:3]
        per_item_ns = 1e9 / bench["items_per_second"]
        medians.setdefault(f"{query}/{shape}", OrderedDict())[library] = per_item_ns
    context = report["context"]
    print(f"machine: {context.get('host_name', '?')}, {context['num_cpus']} cpus at "
          f"{context['mhz_per_cpu']} MHz; Google Benchmark library built as "
          f"{context.get('library_build_type', '?')}; "
          f"median of {context.get('repetitions', '?')} repetitions")
    markdown = "--markdown" in sys.argv
    header = ["query", "collide2d", "anchor", "anchor time", "anchor / collide2d"]
    rows = []
    for row, libraries in medians.items():
        ours = libraries.get("collide2d")
        for library, ns in libraries.items():
            if library == "collide2d":
                continue
            ratio = f"{ns / ours:.2f}x" if ours else "-"
            rows.append([row, readable(ours) if ours else "-", library, readable(ns), ratio])
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        widths = [max(len(x) for x in col) for col in zip(header, *rows)]
        for r in [header] + rows:
            print("  ".join(x.ljust(w) for x, w in zip(r, widths)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
