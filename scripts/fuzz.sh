#!/usr/bin/env bash
# Runs every libFuzzer target longer than the test command does, from the checked-in corpus.
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET=600] [libFuzzer flags, e.g. -jobs=2 -workers=2]
# New inputs that increase coverage stay in build/fuzz-corpus/<target>/ (copy the useful ones into
# fuzz/corpus/<target>/); crashes are written to build/fuzz-corpus/<target>/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true

scripts/install-deps.sh
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
for target in fuzz/fuzz_*.cpp; do
  name=$(basename "$target" .cpp)
  echo "== $name for ${seconds}s"
  fuzz/run_fuzzer.sh "build/fuzz/fuzz/$name" "fuzz/corpus/$name" "build/fuzz-corpus/$name" \
    "$seconds" "$@"
done
