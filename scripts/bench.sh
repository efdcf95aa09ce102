#!/usr/bin/env bash
# Builds the benchmarks in release and runs them beside the anchors on the same seeded data, then
# prints medians and ratios. Results: build/bench-results/*.json.
#   narrow phase  collide2d beside Box2D 2.4 (libbox2d-dev)
#   broad phase   Scene beside Box2D 2.4's b2DynamicTree and b2BroadPhase, Boost.Geometry's packed
#                 rtree (libboost-dev) and brute force, on 1,000,000 rotated boxes (a few minutes)
# Usage: scripts/bench.sh [extra Google Benchmark flags, e.g. --benchmark_filter=select]
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh libbenchmark-dev libbox2d-dev libboost-dev python3
cmake --preset bench >/dev/null
cmake --build --preset bench --target collide2d_narrow_phase_bench collide2d_broadphase_bench
mkdir -p build/bench-results
out=build/bench-results/narrow_phase.json
build/bench/bench/collide2d_narrow_phase_bench --benchmark_repetitions=9 \
  --benchmark_report_aggregates_only=true --benchmark_out="$out" --benchmark_out_format=json "$@"
/usr/bin/python3 bench/summarize.py "$out"
out=build/bench-results/broadphase.json
build/bench/bench/collide2d_broadphase_bench --benchmark_repetitions=5 --benchmark_min_time=0.2 \
  --benchmark_report_aggregates_only=true --benchmark_out="$out" --benchmark_out_format=json "$@"
/usr/bin/python3 bench/summarize.py "$out" --wide
