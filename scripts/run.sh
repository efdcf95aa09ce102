#!/usr/bin/env bash
# The main job: builds the collide2d command-line tool in release and runs its demo, which prints
# the answers to the classic scenarios in words and draws them to demo.svg (in the current
# directory); then builds the WebAssembly package and serves the interactive demo page on
# 127.0.0.1 (scripts/web.sh; Ctrl-C stops it). Any argument is passed to the tool's demo:
# scripts/run.sh -o /tmp/picture.svg. COLLIDE2D_NO_SERVE=1 stops after the tool's demo.
set -euo pipefail
repository="$(cd "$(dirname "$0")/.." && pwd)"

"$repository/scripts/install-deps.sh"
(cd "$repository" && cmake --preset release >/dev/null &&
  cmake --build --preset release --target collide2d_cli)
"$repository/build/release/tools/collide2d" demo "$@"

[ "${COLLIDE2D_NO_SERVE:-0}" = 1 ] && exit 0
echo
echo "Now the interactive demo page (the same scenarios, live, in the browser):"
exec "$repository/scripts/web.sh"
