#!/usr/bin/env bash
# Builds the benchmarks in release and runs them beside the anchors on the same seeded data, then
# prints medians and ratios. Results: build/bench-results/*.json.
#
#   scripts/bench.sh [flags]         narrow phase (collide, distance) beside Box2D 2.4
#   scripts/bench.sh batch [flags]   every overlap and ray query, scalar and batched, beside
#                                    Box2D 2.4, Chipmunk 7, Boost.Geometry, GEOS and the classic
#                                    ports, with wrong answers counted (issue 5; a few minutes)
# flags: extra Google Benchmark flags, e.g. --benchmark_filter=obb
set -euo pipefail
cd "$(dirname "$0")/.."

suite=narrow_phase
if [ "${1:-}" = batch ]; then
  suite=batch
  shift
fi

scripts/install-deps.sh libbenchmark-dev libbox2d-dev libchipmunk-dev libgeos-dev libboost-dev \
  python3
cmake --preset bench >/dev/null
cmake --build --preset bench --target "collide2d_${suite}_bench"
mkdir -p build/bench-results
out="build/bench-results/${suite}.json"
repetitions=9
[ "$suite" = batch ] && repetitions=5
"build/bench/bench/collide2d_${suite}_bench" --benchmark_repetitions=$repetitions \
  --benchmark_report_aggregates_only=true --benchmark_out="$out" --benchmark_out_format=json "$@"
/usr/bin/python3 bench/summarize.py "$out"
