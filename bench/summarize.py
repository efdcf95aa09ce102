#!/usr/bin/python3
"""Turns Google Benchmark JSON (run with repetitions) into a comparison table.

Benchmarks are named query/shape/library. For every query/shape row the table gives the median
time per item (ns) of collide2d and of each other library or variant, how many times slower that
one is than collide2d (below 1: faster), and, where the benchmark reports the counters `wrong`
and `clear_cut` (bench/batch_bench.cpp), the wrong answers of each on the clear-cut cases.
Usage: summarize.py RESULT.json [--markdown]
"""
import json
import sys
from collections import OrderedDict


def wrong_text(counters):
    if counters is None or "clear_cut" not in counters or counters["clear_cut"] == 0:
        return "-"
    wrong, total = int(counters["wrong"]), int(counters["clear_cut"])
    return f"{wrong}/{total} ({100.0 * wrong / total:.2f}%)"


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        report = json.load(f)
    medians = OrderedDict()
    counters = {}
    for bench in report["benchmarks"]:
        if bench.get("aggregate_name") != "median":
            continue
        name = bench["run_name"]
        query, shape, library = name.split("/")[:3]
        per_item_ns = 1e9 / bench["items_per_second"]
        row = f"{query}/{shape}"
        medians.setdefault(row, OrderedDict())[library] = per_item_ns
        if "clear_cut" in bench:
            counters[(row, library)] = bench
    context = report["context"]
    repetitions = next((b.get("repetitions") for b in report["benchmarks"] if "repetitions" in b),
                       "?")
    print(f"machine: {context.get('host_name', '?')}, {context['num_cpus']} cpus at "
          f"{context['mhz_per_cpu']} MHz; median of {repetitions} repetitions")
    markdown = "--markdown" in sys.argv
    with_wrong = bool(counters)
    header = ["query", "collide2d ns", "anchor", "anchor ns", "anchor / collide2d"]
    if with_wrong:
        header += ["collide2d wrong", "anchor wrong"]
    rows = []
    for row, libraries in medians.items():
        ours = libraries.get("collide2d")
        for library, ns in libraries.items():
            if library == "collide2d":
                continue
            ratio = f"{ns / ours:.2f}x" if ours else "-"
            line = [row, f"{ours:.2f}" if ours else "-", library, f"{ns:.2f}", ratio]
            if with_wrong:
                line += [wrong_text(counters.get((row, "collide2d"))),
                         wrong_text(counters.get((row, library)))]
            rows.append(line)
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
