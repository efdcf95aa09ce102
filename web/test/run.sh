#!/usr/bin/env bash
# The web demo's real-browser tests: builds what is missing (the collide2d CLI, the WebAssembly
# package, web/node_modules), then runs `node --test web/test/` against Debian's headless Chromium.
# Screenshots go to build/web-screenshots/. Environment: COLLIDE2D_CLI, CHROMIUM, SCREENSHOTS.
set -euo pipefail
repository="$(cd "$(dirname "$0")/../.." && pwd)"

"$repository/scripts/install-deps.sh"
cli="${COLLIDE2D_CLI:-$repository/build/release/tools/collide2d}"
if [ ! -x "$cli" ]; then
  (cd "$repository" && cmake --preset release >/dev/null && cmake --build --preset release --target collide2d_cli)
fi
# The WebAssembly module: configure once, then an incremental build (seconds when up to date), so
# that a change to the library or bindings/js/src is always in the page. (The wasm workflow preset
# would also run the package's node tests.)
[ -f "$repository/build/wasm/build.ninja" ] || (cd "$repository" && cmake --preset wasm >/dev/null)
(cd "$repository" && NODE_PATH=/usr/share/nodejs cmake --build --preset wasm >/dev/null)
if [ ! -d "$repository/web/node_modules/playwright-core" ] || [ ! -e "$repository/web/node_modules/collide2d" ] ||
   [ "$repository/web/package-lock.json" -nt "$repository/web/node_modules/.package-lock.json" ]; then
  (cd "$repository/web" && npm install --no-audit --no-fund)
fi
export COLLIDE2D_CLI="$cli"
cd "$repository"
exec node --test "$@" web/test/
