#!/usr/bin/env python3
"""Sums the '[property]' lines of the property tests into one row per query family.

Each line reads: [property] KIND PAIR SCALAR cases N clear-cut disagreements N in-band N
in-band disagreements N hit rate X%. KIND names the case generator; the family is the query it
checks (overlaps for random, lattice, nested, near-parallel, far and fast-path cases)."""
import re
import sys
from collections import defaultdict

LINE = re.compile(
    r"^\[property\]\s+(?P<kind>\S+)\s+(?P<pair>\S+(?: as polygons)?)\s+(?P<scalar>float|double)"
    r"\s+cases\s+(?P<cases>\d+)\s+clear-cut disagreements\s+(?P<clear>\d+)"
    r"\s+in-band\s+(?P<band>\d+)\s+in-band disagreements\s+(?P<band_wrong>\d+)")

OVERLAP_KINDS = {"random", "lattice", "nested", "near-parallel", "far", "fast-path"}


def family_of(kind):
    return "overlaps" if kind in OVERLAP_KINDS else kind


def main(path):
    totals = defaultdict(lambda: [0, 0, 0, 0])
    kinds = defaultdict(set)
    with open(path, encoding="utf-8") as log:
        for line in log:
            m = LINE.match(line)
            if not m:
                continue
            family = family_of(m["kind"])
            kinds[family].add(m["kind"])
            row = totals[family]
            for i, key in enumerate(("cases", "clear", "band", "band_wrong")):
                row[i] += int(m[key])
    if not totals:
        sys.exit(f"no [property] lines in {path}")
    header = f"{'family':<14}{'cases':>12}{'outside band: wrong':>22}{'in band':>12}{'in band: wrong':>17}"
    print(header)
    print("-" * len(header))
    for family in sorted(totals):
        cases, clear, band, band_wrong = totals[family]
        print(f"{family:<14}{cases:>12,}{clear:>22,}{band:>12,}{band_wrong:>17,}")
    for family in sorted(kinds):
        print(f"{family}: case kinds {', '.join(sorted(kinds[family]))}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "build/release/differential.log")
