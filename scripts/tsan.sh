#!/usr/bin/env bash
# The determinism and concurrency tests, and the two-thread scene-file readers' checks, under
# ThreadSanitizer (the `tsan` preset: clang at -O0, about 2 minutes on 2 cores from scratch).
# Release and sanitize builds run the same tests in the test command (scripts/test.sh), without
# the race detector; this stage left the test command on 2026-11-29 to keep it under 30 minutes
# (it took 115 s of 1,963). Run it after changing anything a Scene shares between threads (the
# const queries' lazy rebuild, the readers' thread pool).
# Usage: scripts/tsan.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --workflow --preset tsan
