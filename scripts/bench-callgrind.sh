#!/usr/bin/env bash
# Instruction counts per call of the narrow-phase benchmarks (bench/narrow_phase_bench.cpp) under
# valgrind's callgrind: load-independent figures beside the timings of scripts/bench.sh, for a
# machine that is shared. For each benchmark, the inclusive instruction count of the library entry
# point (collide2d::collide / collide2d::distance, Box2D's b2CollidePolygons / b2Distance) divided
# by its number of calls, over the same 4096 seeded pairs.
# Usage: scripts/bench-callgrind.sh   (builds the bench preset first)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh libbenchmark-dev libbox2d-dev valgrind

cmake --preset bench >/dev/null
cmake --build --preset bench --target collide2d_narrow_phase_bench
bench=build/bench/bench/collide2d_narrow_phase_bench
out=build/bench-results/callgrind
mkdir -p "$out"

# benchmark name, then a pattern for the entry point's symbol in callgrind_annotate's output
cases=(
  "collide/obb/collide2d" "collide2d::collide<collide2d::Obb"
  "collide/obb/box2d" "b2CollidePolygons("
  "collide/polygon/collide2d" "collide2d::collide<collide2d::ConvexPolygon"
  "collide/polygon/box2d" "b2CollidePolygons("
  "distance/obb/collide2d" "collide2d::distance<collide2d::Obb"
  "distance/obb/box2d" "b2Distance("
  "distance/polygon/collide2d" "collide2d::distance<collide2d::ConvexPolygon"
  "distance/polygon/box2d" "b2Distance("
)
printf "%-28s %14s %10s %12s\n" benchmark instructions calls "per call"
for ((i = 0; i < ${#cases[@]}; i += 2)); do
  name=${cases[i]}
  symbol=${cases[i + 1]}
  file="$out/${name//\//_}.callgrind"
  valgrind --tool=callgrind --callgrind-out-file="$file" "$bench" \
    --benchmark_filter="^${name}\$" --benchmark_min_time=0.01 >/dev/null 2>&1
  callgrind_annotate --inclusive=yes --tree=caller "$file" 2>/dev/null |
    awk -v symbol="$symbol" -v name="$name" '
      /^ *[0-9,]+ .*  < / {
        if (match($0, /\([0-9,]+x\)/)) { c = substr($0, RSTART + 1, RLENGTH - 3); gsub(",", "", c); calls += c }
        next
      }
      /^ *[0-9,]+ .*  \* / {
        if (index($0, symbol) > 0 && !done) {
          ir = $1; gsub(",", "", ir)
          printf "%-28s %14d %10d %12.0f\n", name, ir, calls, ir / calls
          done = 1
        }
        calls = 0; next
      }
      /^$/ { calls = 0 }'
done
