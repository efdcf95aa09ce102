#!/usr/bin/env bash
# Runs one fuzz target for a bounded time on a copy of its checked-in corpus and prints the
# executions per second. Usage: run_fuzzer.sh FUZZER CORPUS_DIR WORK_DIR SECONDS [libFuzzer flags]
set -euo pipefail
fuzzer=$1 corpus=$2 work=$3 seconds=$4
shift 4
rm -rf "$work" && mkdir -p "$work/corpus" "$work/artifacts"
[ -d "$corpus" ] && cp -r "$corpus/." "$work/corpus/"
"$fuzzer" "$work/corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$work/artifacts/" -print_final_stats=1 "$@" 2>"$work/log" || {
  tail -40 "$work/log"
  echo "fuzzer $(basename "$fuzzer") failed; the input is in $work/artifacts" >&2
  exit 1
}
grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|cov:" "$work/log" | tail -3
