#!/usr/bin/env bash
# The main job: builds collide2d in release and runs the classic scenarios, printing each answer.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target collide2d_classic_scenarios
build/release/examples/collide2d_classic_scenarios
