#!/usr/bin/env bash
# The full exact differential test: every property test that compares the library with exact GMP
# rational arithmetic (tests/reference), run with CASES random cases per pair, scalar type and
# case kind instead of the test command's count, then a table per query family: cases,
# disagreements outside the tolerance band (must be 0) and inside it (counted, allowed).
# Usage: scripts/differential.sh [CASES=100000]
# At 100000: 10.5 million overlap cases, 1.4 million ray casts, and the contact property tests at
# 50,000 per query, pair and scalar (4.1 million containment cases among them); about 20 minutes
# of one core. docs/ROBUSTNESS.md has the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
cases=${1:-100000}

scripts/install-deps.sh
cmake --preset release >/dev/null
targets=(collide2d_property_tests)
if grep -q collide2d_contact_property_tests tests/property/CMakeLists.txt; then
  targets+=(collide2d_contact_property_tests)
fi
cmake --build --preset release --target "${targets[@]}"

log=build/release/differential.log
: >"$log"
status=0
for target in "${targets[@]}"; do
  echo "== $target with COLLIDE2D_PROPERTY_CASES=$cases"
  COLLIDE2D_PROPERTY_CASES=$cases "build/release/tests/property/$target" --gtest_brief=1 \
    | tee -a "$log" | grep -v '^\[property\]' || status=1
done
/usr/bin/python3 scripts/summarize_differential.py "$log"
exit $status
