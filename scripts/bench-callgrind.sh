#!/usr/bin/env bash
# Instruction counts per call of the narrow-phase benchmarks (bench/narrow_phase_bench.cpp) under
# valgrind's callgrind: load-independent figures beside the timings of scripts/bench.sh, for a
# machine that is shared. For collide and distance, the inclusive instruction count of the library
# entry point (collide2d::collide / collide2d::distance, Box2D's b2CollidePolygons / b2Distance)
# divided by its number of calls, over the same 4096 seeded pairs. For the scalar ray, overlap and
# containment rows (whose collide2d calls may be inlined, so have no symbol of their own), the
# inclusive count of the row's pass function (one loop over its 4096 pairs, the same loop for
# collide2d and its anchors) divided by its calls times 4096: the query plus the loop's few
# instructions per pair.
# Usage: scripts/bench-callgrind.sh lasso   (the lasso rows, see below)
#        scripts/bench-callgrind.sh hit     (the Scene hit test row, see below)
#        scripts/bench-callgrind.sh step    (the moving all-pairs row, see below)
#        scripts/bench-callgrind.sh [regex]   (builds the bench preset first; the regex, if given,
#        picks benchmarks by name, e.g. 'raycast|contains')
#        BUILD_DIR=build/dev scripts/bench-callgrind.sh   uses that build instead (already built)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh libbenchmark-dev libbox2d-dev valgrind

# The drivers of the broad-phase rows (bench/*_instructions.cpp), built only for this script: the
# bench preset's build (or BUILD_DIR's) with the target $1 built, and the output folder.
build_driver() {
  if [[ -z "${BUILD_DIR:-}" ]]; then
    cmake --preset bench >/dev/null
    BUILD_DIR=build/bench
  fi
  cmake --build "$BUILD_DIR" --target "$1"
  out=build/bench-results/callgrind
  mkdir -p "$out"
}

# scripts/bench-callgrind.sh lasso: the lasso rows of the broad-phase benchmark (1,000,000 boxes,
# 200-point lassos) and the marquees of the same area, per query (bench/lasso_instructions.cpp).
if [[ "${1:-}" == lasso ]]; then
  build_driver collide2d_lasso_instructions
  printf "%-22s %16s %16s %8s\n" row "lasso instr/query" "marquee instr" ratio
  for row in "0.01 intersects" "0.01 contains" "0.1 intersects" "0.1 contains"; do
    read -r fraction mode <<<"$row"
    counts=()
    for query in lasso_query marquee_query; do
      file="$out/lasso_${fraction}_${mode}_${query}.callgrind"
      valgrind --tool=callgrind --callgrind-out-file="$file" --toggle-collect="*${query}*" \
        "$BUILD_DIR/bench/collide2d_lasso_instructions" "$fraction" "$mode" >/dev/null 2>&1
      total=$(callgrind_annotate "$file" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}')
      counts+=($((total / 64)))
    done
    printf "%-22s %16d %16d %8.1f\n" "$(awk -v f="$fraction" 'BEGIN{print f * 100}')% $mode" \
      "${counts[0]}" "${counts[1]}" "$(awk -v a="${counts[0]}" -v b="${counts[1]}" 'BEGIN{print a / b}')"
  done
  exit 0
fi

# scripts/bench-callgrind.sh hit: the hit test row of the broad-phase benchmark (`hit/point`, a point
# on 1,000,000 rotated boxes, 73 answers a query), per query (bench/hit_instructions.cpp): the
# inclusive count of the function around Scene::hit_test over 2,000 queries.
if [[ "${1:-}" == hit ]]; then
  build_driver collide2d_hit_instructions
  queries=2000
  file="$out/hit_point.callgrind"
  valgrind --tool=callgrind --callgrind-out-file="$file" --toggle-collect="*hit_query*" \
    "$BUILD_DIR/bench/collide2d_hit_instructions" "$queries" >/dev/null 2>&1
  total=$(callgrind_annotate "$file" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}')
  printf "%-22s %16s\n" row "instr/query"
  printf "%-22s %16d\n" "hit/point" $((total / queries))
  exit 0
fi

# scripts/bench-callgrind.sh step: the moving all-pairs row of the broad-phase benchmark
# (`step/100k`: 100,000 boxes each moved by its velocity with Scene::set_shape, then
# overlapping_pairs on one thread), per step (bench/step_instructions.cpp): the inclusive counts of
# the function around the 100,000 set_shape calls and of the one around overlapping_pairs, each in
# its own run, over 42 steps from a fresh build (STEPS=N to change it), as the timed rows: the
# moves degrade the packed tree until the Scene rebuilds it, and a step's mean takes in that cycle
# (the rebuilds run inside overlapping_pairs); step_pairs twice: the AVX2 join (on a CPU with AVX2,
# as valgrind reports one) and the SSE2 kernel that other x86-64 CPUs run; step_moves_batch: the
# moves as one Scene::set_shapes call. About 10 minutes.
if [[ "${1:-}" == step ]]; then
  build_driver collide2d_step_instructions
  steps=${STEPS:-42}
  printf "%-22s %16s\n" row "instr/step"
  for part in step_moves step_moves_batch/batch step_pairs step_pairs/sse2; do
    file="$out/${part/\//_}.callgrind"
    kernel=()
    [[ $part == */* ]] && kernel=("${part#*/}")
    valgrind --tool=callgrind --callgrind-out-file="$file" --toggle-collect="*${part%/*}*" \
      "$BUILD_DIR/bench/collide2d_step_instructions" "$steps" "${kernel[@]}" >/dev/null 2>&1
    total=$(callgrind_annotate "$file" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}')
    printf "%-22s %16d\n" "$part" $((total / steps))
  done
  exit 0
fi

filter=${1:-.}
if [[ -z "${BUILD_DIR:-}" ]]; then
  cmake --preset bench >/dev/null
  cmake --build --preset bench --target collide2d_narrow_phase_bench
  BUILD_DIR=build/bench
fi
bench=$BUILD_DIR/bench/collide2d_narrow_phase_bench
out=build/bench-results/callgrind
mkdir -p "$out"

# benchmark name, then a pattern for the entry point's symbol in callgrind_annotate's output, then
# the number of queries per call of that symbol
cases=(
  "collide/obb/collide2d" "collide2d::collide<collide2d::Obb" 1
  "collide/obb/box2d" "b2CollidePolygons(" 1
  "collide/polygon/collide2d" "collide2d::collide<collide2d::ConvexPolygon" 1
  "collide/polygon/box2d" "b2CollidePolygons(" 1
  "distance/obb/collide2d" "collide2d::distance<collide2d::Obb" 1
  "distance/obb/box2d" "b2Distance(" 1
  "distance/polygon/collide2d" "collide2d::distance<collide2d::ConvexPolygon" 1
  "distance/polygon/box2d" "b2Distance(" 1
  "overlap/rounded-box/collide2d" "collide2d::overlaps<float>(collide2d::RoundedPolygon" 1
  "overlap/rounded-box/box2d" "b2TestOverlap(" 1
  "distance/rounded-box/collide2d" "collide2d::distance<collide2d::RoundedPolygon" 1
  "distance/rounded-box/box2d" "b2Distance(" 1
  "collide/rounded-box/collide2d" "collide2d::collide<collide2d::RoundedPolygon" 1
  "collide/rounded-box/box2d" "b2CollidePolygons(" 1
  "iou/rounded-box/collide2d" "collide2d::iou<collide2d::RoundedPolygon" 1
  "iou/rounded-box-core/collide2d" "collide2d::iou<collide2d::Obb" 1
  "iou/capsule/collide2d" "collide2d::iou<collide2d::Capsule" 1
)
# The scalar rows: benchmark name and the function of bench/narrow_phase_bench.cpp that runs it.
scalar_rows=(
  "raycast/aabb/collide2d" raycast_aabb_collide2d
  "raycast/aabb/collide2d-lean" raycast_aabb_lean
  "raycast/aabb/box2d" raycast_aabb_box2d
  "raycast/aabb/classic-slab" raycast_aabb_classic
  "raycast/obb/collide2d" raycast_obb_collide2d
  "raycast/obb/collide2d-lean" raycast_obb_lean
  "raycast/obb/box2d" raycast_obb_box2d
  "raycast/obb/classic-slab" raycast_obb_classic
  "raycast/polygon/collide2d" raycast_polygon_collide2d
  "raycast/polygon/collide2d-lean" raycast_polygon_lean
  "raycast/polygon/box2d" raycast_polygon_box2d
  "overlap/obb/collide2d" overlap_obb_collide2d
  "overlap/obb/classic-radii" overlap_obb_classic
  "overlap/circle-obb/collide2d" overlap_circle_obb_collide2d
  "overlap/circle-obb/classic-clamp" overlap_circle_obb_classic
  "contains/obb-obb/collide2d" contains_obb_obb_collide2d
  "contains/obb-obb/collide2d-strictly" contains_obb_obb_strictly
  "contains/obb-obb/classic-corners" contains_obb_obb_classic
  "contains/obb-polygon/collide2d" contains_obb_polygon_collide2d
  "contains/obb-polygon/classic-corners" contains_obb_polygon_classic
  "contains/polygon-obb/collide2d" contains_polygon_obb_collide2d
  "contains/polygon-obb/classic-corners" contains_polygon_obb_classic
  "contains/polygon-polygon/collide2d" contains_polygon_polygon_collide2d
  "contains/polygon-polygon/classic-corners" contains_polygon_polygon_classic
)
for ((i = 0; i < ${#scalar_rows[@]}; i += 2)); do
  cases+=("${scalar_rows[i]}" "pass<(anonymous namespace)::${scalar_rows[i + 1]}(" 4096)
done
# Only the benchmarks that this build has (a row added later is absent from an older build).
available=$("$bench" --benchmark_list_tests)
printf "%-40s %14s %10s %12s\n" benchmark instructions calls "per call"
for ((i = 0; i < ${#cases[@]}; i += 3)); do
  name=${cases[i]}
  symbol=${cases[i + 1]}
  items=${cases[i + 2]}
  [[ "$name" =~ $filter ]] || continue
  grep -qx -- "$name" <<<"$available" || continue
  file="$out/${name//\//_}.callgrind"
  valgrind --tool=callgrind --callgrind-out-file="$file" "$bench" \
    --benchmark_filter="^${name}\$" --benchmark_min_time=0.01 >/dev/null 2>&1
  callgrind_annotate --inclusive=yes --tree=caller "$file" 2>/dev/null |
    awk -v symbol="$symbol" -v name="$name" -v items="$items" '
      /^ *[0-9,]+ .*  < / {
        if (match($0, /\([0-9,]+x\)/)) { c = substr($0, RSTART + 1, RLENGTH - 3); gsub(",", "", c); calls += c }
        next
      }
      /^ *[0-9,]+ .*  \* / {
        if (index($0, symbol) > 0 && !done) {
          ir = $1; gsub(",", "", ir)
          printf "%-40s %14d %10d %12.1f\n", name, ir, calls * items, ir / (calls * items)
          done = 1
        }
        calls = 0; next
      }
      /^$/ { calls = 0 }'
done
