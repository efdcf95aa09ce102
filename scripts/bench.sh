#!/usr/bin/env bash
# Builds the benchmarks in release and runs them beside the anchors (Box2D 2.4 from libbox2d-dev)
# on the same seeded data, then prints medians and ratios. Results: build/bench-results/*.json.
# Usage: scripts/bench.sh [extra Google Benchmark flags, e.g. --benchmark_filter=collide]
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh libbenchmark-dev libbox2d-dev python3
cmake --preset bench >/dev/null
cmake --build --preset bench --target collide2d_narrow_phase_bench
mkdir -p build/bench-results
out=build/bench-results/narrow_phase.json
build/bench/bench/collide2d_narrow_phase_bench --benchmark_repetitions=9 \
  --benchmark_report_aggregates_only=true --benchmark_out="$out" --benchmark_out_format=json "$@"
/usr/bin/python3 bench/summarize.py "$out"
