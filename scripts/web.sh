#!/usr/bin/env bash
# Serves the collide2d web demo (web/: shapes, ray, editor marquee, 100,000 elements at scale) on
# 127.0.0.1 and prints its URL. Builds what is missing first: the WebAssembly package
# (bindings/js/dist, `cmake --build --preset wasm`) and web/node_modules (`npm install`).
#
#   scripts/web.sh              port from $PORT, else the first free one from 8080
#   PORT=9000 scripts/web.sh
#   scripts/web.sh test         the real-browser tests instead (web/test/run.sh)
set -euo pipefail
repository="$(cd "$(dirname "$0")/.." && pwd)"

if [ "${1:-}" = "test" ]; then
  shift
  exec "$repository/web/test/run.sh" "$@"
fi

"$repository/scripts/install-deps.sh"
# The WebAssembly module: configure once, then an incremental build (seconds when up to date), so
# that a change to the library or bindings/js/src is always in the page. (The wasm workflow preset
# would also run the package's node tests.)
[ -f "$repository/build/wasm/build.ninja" ] || (cd "$repository" && cmake --preset wasm >/dev/null)
(cd "$repository" && NODE_PATH=/usr/share/nodejs cmake --build --preset wasm >/dev/null)
if [ ! -d "$repository/web/node_modules/playwright-core" ] || [ ! -e "$repository/web/node_modules/collide2d" ] ||
   [ "$repository/web/package-lock.json" -nt "$repository/web/node_modules/.package-lock.json" ]; then
  (cd "$repository/web" && npm install --no-audit --no-fund)
fi
exec node "$repository/web/serve.mjs"
