#!/usr/bin/env bash
# The main job: builds the collide2d command-line tool in release and runs its demo, which prints
# the answers to the classic scenarios in words and draws them to demo.svg (in the current
# directory). Any argument is passed to the demo: scripts/run.sh -o /tmp/picture.svg
set -euo pipefail
repository="$(cd "$(dirname "$0")/.." && pwd)"

"$repository/scripts/install-deps.sh"
(cd "$repository" && cmake --preset release >/dev/null &&
  cmake --build --preset release --target collide2d_cli)
"$repository/build/release/tools/collide2d" demo "$@"
