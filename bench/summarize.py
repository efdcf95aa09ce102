#!/usr/bin/python3
"""Turns Google Benchmark JSON (run with repetitions) into a comparison table.

Benchmarks are named query/shape/library. For every query/shape row the table gives the median
time per item of each library (ns, us, ms or s, whichever reads best) and how many times slower
each anchor is than collide2d; where the benchmark reports the counters `wrong` and `clear_cut`
(bench/batch_bench.cpp), also the wrong answers of each on the clear-cut cases.
With --wide, one row per query and one column per library, each cell the median and, for the
others, how many times slower than collide2d (the first library of the row).
Rows of the query `threads` (the same call on 1 and on 2 threads, in wall time) get a table of
their own, with the speed-up: time on 1 thread / time on 2 threads.
Times are CPU time (items_per_second), which a machine shared with other jobs disturbs least.
Usage: summarize.py RESULT.json [--markdown] [--wide]
"""
import json
import sys
from collections import OrderedDict


def wrong_text(counters):
    """Wrong answers out of the clear-cut cases, or - where the benchmark does not count them."""
    if counters is None or "clear_cut" not in counters or counters["clear_cut"] == 0:
        return "-"
    wrong, total = int(counters["wrong"]), int(counters["clear_cut"])
    return f"{wrong}/{total} ({100.0 * wrong / total:.2f}%)"


def readable(ns: float) -> str:
    """A time in the unit that keeps it between 1 and 1000."""
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def print_table(header, rows, markdown: bool) -> None:
    """A Markdown table, or columns padded to their widest cell."""
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        widths = [max(len(x) for x in col) for col in zip(header, *rows)]
        for r in [header] + rows:
            print("  ".join(x.ljust(w) for x, w in zip(r, widths)))


def print_wide(medians, markdown: bool) -> None:
    """One row per query, one column per library (in the order first seen)."""
    libraries = []
    for row in medians.values():
        for library in row:
            if library not in libraries:
                libraries.append(library)
    header = ["query"] + libraries
    rows = []
    for name, row in medians.items():
        first_library, first = next(iter(row.items()))
        cells = [name]
        for library in libraries:
            ns = row.get(library)
            if ns is None:
                cells.append("")
            elif library == first_library:
                cells.append(readable(ns))
            else:
                cells.append(f"{readable(ns)} ({ns / first:.3g}x)")
        rows.append(cells)
    print_table(header, rows, markdown)


def print_speed_ups(threads, markdown: bool) -> None:
    """The thread rows: wall time per item on 1 and 2 threads, and the speed-up."""
    rows = []
    for row, libraries in threads.items():
        one, two = libraries.get("collide2d"), libraries.get("collide2d-2threads")
        speed_up = f"{one / two:.2f}x" if one and two else "-"
        rows.append([row, readable(one) if one else "-", readable(two) if two else "-", speed_up])
    print_table(["query (wall time per item)", "1 thread", "2 threads", "speed-up"], rows,
                markdown)


def load_medians(report):
    """The median rows of a Google Benchmark report: ({"query/shape": {library: ns per item}},
    {("query/shape", library): the benchmark's entry, where it counts clear_cut answers})."""
    medians = OrderedDict()
    counters = {}
    for bench in report["benchmarks"]:
        # Rows that time nothing per item (a workload's counters, e.g. rounded-box/workload) have
        # no rate: they are not queries to compare.
        if bench.get("aggregate_name") != "median" or "items_per_second" not in bench:
            continue
        query, shape, library = bench["run_name"].split("/")[:3]
        row = f"{query}/{shape}"
        medians.setdefault(row, OrderedDict())[library] = 1e9 / bench["items_per_second"]
        if "clear_cut" in bench:
            counters[(row, library)] = bench
    return medians, counters


def thread_rows(medians):
    """The rows of the query `threads` (1 and 2 threads), which have no anchor."""
    return OrderedDict((row, libs) for row, libs in medians.items() if row.startswith("threads/"))


def anchor_pairs(medians):
    """(row, library, collide2d ns or None, library ns) for every library of every row but the
    thread rows, beside collide2d's time on the same row: the pairing of the table."""
    for row, libraries in medians.items():
        if row.startswith("threads/"):
            continue
        ours = libraries.get("collide2d")
        for library, ns in libraries.items():
            if library != "collide2d":
                yield row, library, ours, ns


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        report = json.load(f)
    medians, counters = load_medians(report)
    context = report["context"]
    repetitions = next((b.get("repetitions") for b in report["benchmarks"] if "repetitions" in b),
                       "?")
    print(f"machine: {context.get('host_name', '?')}, {context['num_cpus']} cpus at "
          f"{context['mhz_per_cpu']} MHz; Google Benchmark library built as "
          f"{context.get('library_build_type', '?')}; "
          f"median of {repetitions} repetitions")
    markdown = "--markdown" in sys.argv
    if "--wide" in sys.argv:
        print_wide(medians, markdown)
        return 0
    header = ["query", "collide2d", "anchor", "anchor time", "anchor / collide2d"]
    with_wrong = bool(counters)
    if with_wrong:
        header += ["collide2d wrong", "anchor wrong"]
    threads = thread_rows(medians)
    rows = []
    for row, library, ours, ns in anchor_pairs(medians):
        ratio = f"{ns / ours:.2f}x" if ours else "-"
        line = [row, readable(ours) if ours else "-", library, readable(ns), ratio]
        if with_wrong:
            line += [wrong_text(counters.get((row, "collide2d"))),
                     wrong_text(counters.get((row, library)))]
        rows.append(line)
    print_table(header, rows, markdown)
    if threads:
        print()
        print_speed_ups(threads, markdown)
    return 0


if __name__ == "__main__":
    sys.exit(main())
