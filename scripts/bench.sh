#!/usr/bin/env bash
# Builds the benchmarks in release and runs them beside the anchors on the same seeded data, then
# prints medians and ratios. Results: build/bench-results/*.json.
#
#   scripts/bench.sh [flags]             narrow phase (collide, distance) beside Box2D 2.4, then
#                                        the broad phase: Scene beside Box2D 2.4's b2DynamicTree
#                                        and b2BroadPhase, Boost.Geometry's packed rtree and brute
#                                        force on 1,000,000 rotated boxes (about 10 minutes)
#   scripts/bench.sh narrow [flags]      the narrow phase only
#   scripts/bench.sh broadphase [flags]  the broad phase only
#   scripts/bench.sh batch [flags]       every overlap and ray query, scalar and batched, beside
#                                        Box2D 2.4, Chipmunk 7, Boost.Geometry, GEOS and the classic
#                                        ports, with wrong answers counted (about 5 minutes)
#   scripts/bench.sh js                  the npm package (WebAssembly) beside flatbush, rbush,
#                                        SAT.js and detect-collisions in node (bench/js; builds
#                                        the wasm module first if bindings/js/dist lacks it; about
#                                        7 minutes). Results: build/bench-js/results.md,
#                                        results.json and its charts (results-*.svg)
#   scripts/bench.sh load [count]        loading a saved scene (.c2d) against building it from CSV
#                                        (read and indexed): the collide2d tool's `bench` on a
#                                        seeded scene of count shapes (default 1,000,000, made
#                                        once in build/bench-results/load), two interleaved rounds
#   scripts/bench.sh python [flags]      the Python module beside shapely 1.8 and a numpy SAT
#                                        (bindings/python/bench/bench_shapely.py; builds the
#                                        module first; about 1 minute; flags: --help).
#                                        Results: build/bench-results/python.json and .svg
# Each suite also gets bar charts of the ratios (bench/charts.py): build/bench-results/*.svg.
# flags: extra Google Benchmark flags, e.g. --benchmark_filter=obb
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${1:-}" == js ]]; then
  shift
  command -v node >/dev/null && command -v npm >/dev/null || scripts/install-deps.sh nodejs npm
  [[ -f bindings/js/dist/collide2d-wasm.wasm ]] || cmake --workflow --preset wasm
  cd bench/js
  if [[ -f package-lock.json ]]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
  # detect-collisions' System of 1,000,000 bodies takes about 3 GB of the JS heap.
  node --max-old-space-size=12288 bench.mjs "$@"
  exec /usr/bin/python3 ../charts.py ../../build/bench-js/results.json
fi

if [[ "${1:-}" == python ]]; then
  shift
  scripts/install-deps.sh python3-dev pybind11-dev python3-numpy python3-shapely
  cmake --preset release -DCOLLIDE2D_BUILD_PYTHON=ON >/dev/null
  cmake --build build/release --target collide2d_python --parallel 2
  echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
  mkdir -p build/bench-results
  rm -f build/bench-results/python.json
  PYTHONPATH=build/release/bindings/python /usr/bin/python3 \
    bindings/python/bench/bench_shapely.py --json build/bench-results/python.json "$@"
  # (--help writes no results)
  [[ ! -f build/bench-results/python.json ]] ||
    exec /usr/bin/python3 bench/charts.py build/bench-results/python.json
  exit 0
fi

if [[ "${1:-}" == load ]]; then
  shift
  count="${1:-1000000}"
  cmake --preset release >/dev/null
  cmake --build --preset release --target collide2d_cli
  tool=build/release/tools/collide2d
  dir=build/bench-results/load
  mkdir -p "$dir"
  # The same seeded scene (mixed kinds) as CSV and as .c2d, made once per count.
  if [[ ! -f "$dir/scene-$count.c2d" ]]; then
    "$tool" gen --count "$count" -o "$dir/scene-$count.csv"
    "$tool" convert "$dir/scene-$count.csv" "$dir/scene-$count.c2d"
  fi
  echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
  median() { awk -F, -v task="$1" '$1 == task { print $3 }'; }
  printf "%-6s %14s %14s %16s %8s\n" round "c2d load ms" "csv load ms" "csv index ms" ratio
  # Two rounds, interleaved, each the median of 5 runs: `bench`'s own timers, so the process's
  # start and exit are not counted on either side.
  for round in 1 2; do
    c2d=$("$tool" bench "$dir/scene-$count.c2d" --load-only --repeat 5 --format csv)
    csv=$("$tool" bench "$dir/scene-$count.csv" --repeat 5 --queries 1 --format csv)
    load=$(median "load file" <<<"$c2d")
    read_ms=$(median "load file" <<<"$csv")
    index_ms=$(median "build index" <<<"$csv")
    printf "%-6s %14.1f %14.1f %16.1f %7.2fx\n" "$round" "$load" "$read_ms" "$index_ms" \
      "$(awk -v a="$read_ms" -v b="$index_ms" -v c="$load" 'BEGIN { print (a + b) / c }')"
  done
  echo "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi

suites=(narrow_phase broadphase)
case "${1:-}" in
  narrow) suites=(narrow_phase); shift ;;
  broadphase) suites=(broadphase); shift ;;
  batch) suites=(batch); shift ;;
esac

scripts/install-deps.sh libbenchmark-dev libbox2d-dev libchipmunk-dev libgeos-dev libboost-dev \
  python3
cmake --preset bench >/dev/null
targets=()
for suite in "${suites[@]}"; do targets+=("collide2d_${suite}_bench"); done
cmake --build --preset bench --target "${targets[@]}"
mkdir -p build/bench-results
# CPU time taken from this VM by its host ("steal", /proc/stat) and the load, over a run: on a
# shared host they explain runs that disagree, above all in the two-thread rows.
cpu_times() { awk '/^cpu /{print $2+$3+$4+$5+$6+$7+$8+$9, $9}' /proc/stat; }
for suite in "${suites[@]}"; do
  read -r total_before steal_before < <(cpu_times)
  out="build/bench-results/${suite}.json"
  case "$suite" in
    narrow_phase) flags=(--benchmark_repetitions=9); summary=() ;;
    broadphase) flags=(--benchmark_repetitions=5 --benchmark_min_time=0.2); summary=(--wide) ;;
    batch) flags=(--benchmark_repetitions=5); summary=() ;;
  esac
  "build/bench/bench/collide2d_${suite}_bench" "${flags[@]}" --benchmark_report_aggregates_only=true \
    --benchmark_out="$out" --benchmark_out_format=json "$@"
  read -r total_after steal_after < <(cpu_times)
  awk -v t=$((total_after - total_before)) -v s=$((steal_after - steal_before)) -v l="$(cut -d' ' -f1-3 /proc/loadavg)" \
    'BEGIN { printf "during the run: %.1f%% of CPU time stolen by the host, load average %s\n", t ? 100 * s / t : 0, l }'
  /usr/bin/python3 bench/summarize.py "$out" "${summary[@]}"
  /usr/bin/python3 bench/charts.py "$out"
done
