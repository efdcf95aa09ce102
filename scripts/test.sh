#!/usr/bin/env bash
# Runs every test of collide2d on a fresh Debian machine: installs what is missing, checks the
# formatting, then configures, builds and tests five ways through the CMake workflow presets:
#   release        g++ 12, -Werror, unit + property tests + package consumers, the Python module
#                  (bindings/python) and its pytest suite
#   sanitize       the same under AddressSanitizer + UndefinedBehaviorSanitizer, at -O1 (property
#                  tests at 30,000 cases per pair instead of 100,000; the package-consumer tests,
#                  which only rebuild the library, run in release only)
#   tsan           the determinism and concurrency tests under ThreadSanitizer (clang)
#   clang-release  clang++ 14, -Werror, the same tests (consumers in release only)
#   fuzz           every libFuzzer target for 20 s from its corpus (clang, ASan + UBSan);
#                  scripts/fuzz.sh runs them longer
#   wasm           the npm package (bindings/js) built with emscripten, and its node tests
# then the Python module installed with pip into a fresh venv and its pytest suite, and the demo
# page's browser tests (web/test, Playwright driving Debian's chromium).
# Property-test case counts can be lowered for a quick local run: COLLIDE2D_PROPERTY_CASES=2000.
# The full exact differential run is scripts/differential.sh, longer fuzzing scripts/fuzz.sh.
# COLLIDE2D_BROADPHASE_OPS sets the length of the random add/move/remove sequences of the broad
# phase and Scene tests (default 1000000; the sanitize preset sets 100000).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh

echo "== clang-format check"
git ls-files '*.hpp' '*.cpp' | xargs clang-format --dry-run --Werror

for preset in release sanitize tsan clang-release fuzz; do
  echo "== workflow preset: $preset"
  cmake --workflow --preset "$preset"
done

# The JavaScript package: the WebAssembly build, then its node tests (ctest runs `node --test`),
# which compare the package's answers with the collide2d tool built by the release preset above.
echo "== workflow preset: wasm (npm package, node tests)"
(cd bindings/js && npm ci --no-audit --no-fund --loglevel=error)
NODE_PATH=/usr/share/nodejs cmake --workflow --preset wasm

# The Python module (built and tested from the build tree by the release preset above) installs
# offline into a fresh virtual environment, as its README says, and passes its tests there.
echo "== Python package: pip install into a fresh venv, then pytest"
venv="$(mktemp -d)"
/usr/bin/python3 -m venv --system-site-packages "$venv"
"$venv/bin/pip" install --quiet --no-build-isolation --no-index ./bindings/python
(cd / && "$venv/bin/python" -c "import collide2d; print('collide2d', collide2d.__version__, 'imports from', collide2d.__file__)")
"$venv/bin/python" -m pytest -q -p no:cacheprovider bindings/python/tests
rm -rf "$venv"

# The demo page in headless Chromium (Playwright), served on 127.0.0.1.
echo "== browser tests (web/)"
(cd web && npm ci --no-audit --no-fund --loglevel=error)
node --test web/test/
echo "== all test presets passed"
