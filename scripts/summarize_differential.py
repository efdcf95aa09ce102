#!/usr/bin/env python3
"""Sums the '[property]' lines of the property tests into one row per query family.

The overlap and raycast tests print: [property] KIND PAIR SCALAR cases N clear-cut disagreements
N in-band N in-band disagreements N hit rate X%. The contact tests print: [property] QUERY PAIR
SCALAR cases N in-band N in-band disagreements N disagreements N failures N ... KIND names the
case generator or query; the family is the query checked (overlaps for random, lattice, nested,
near-parallel, far and fast-path cases; contains for the containment cases, and so on)."""
import re
import sys
from collections import defaultdict

LINE = re.compile(
    r"^\[property\]\s+(?P<kind>\S+)\s+(?P<pair>\S+(?: as polygons)?)\s+(?P<scalar>float|double)"
    r"\s+cases\s+(?P<cases>\d+)\s+clear-cut disagreements\s+(?P<clear>\d+)"
    r"\s+in-band\s+(?P<band>\d+)\s+in-band disagreements\s+(?P<band_wrong>\d+)")

CONTACT_LINE = re.compile(
    r"^\[property\]\s+(?P<kind>lattice cont|lattice area|face contact|\S+)\s+(?P<pair>\S+)"
    r"\s+(?P<scalar>float|double)\s+cases\s+(?P<cases>\d+)\s+in-band\s+(?P<band>\d+)"
    r"\s+in-band disagreements\s+(?P<band_wrong>\d+)\s+disagreements\s+(?P<clear>\d+)"
    r"\s+failures\s+(?P<failures>\d+)")

FAMILIES = {
    "random": "overlaps", "lattice": "overlaps", "nested": "overlaps",
    "near-parallel": "overlaps", "far": "overlaps", "fast-path": "overlaps",
    "contains": "contains", "lattice cont": "contains",
    "area": "intersection_area", "lattice area": "intersection_area",
    "collide": "collide", "face contact": "collide",
}


def family_of(kind):
    return FAMILIES.get(kind, kind)


def main(path):
    totals = defaultdict(lambda: [0, 0, 0, 0])
    kinds = defaultdict(set)
    with open(path, encoding="utf-8") as log:
        for line in log:
            m = LINE.match(line) or CONTACT_LINE.match(line)
            if not m:
                continue
            family = family_of(m["kind"])
            kinds[family].add(m["kind"])
            row = totals[family]
            for i, key in enumerate(("cases", "clear", "band", "band_wrong")):
                row[i] += int(m[key])
            if "failures" in m.groupdict():
                row[1] += int(m["failures"])  # other broken properties count as wrong too
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
