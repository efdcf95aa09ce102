#!/usr/bin/env bash
# Runs every test of collide2d on a fresh Debian machine: installs what is missing, checks the
# formatting, then configures, builds and tests through the CMake workflow presets:
#   release   g++ 12, -Werror, the library at -O3 and the test code at -O1: unit, property,
#             broad-phase, Scene, CLI and example tests and the package consumers (the Python
#             module is built once, by the Python stage below; the benchmarks are not built here:
#             scripts/bench.sh builds and runs them)
#   sanitize  clang++ 14, -Werror, AddressSanitizer + UndefinedBehaviorSanitizer at -O1 (UBSan's
#             checks compiled recoverable, every program halting at the first report; the unit,
#             contact-property, mass and one-sided property and concurrency tests and the tool's
#             commands at -O0, as they compile far longer than they run): the same
#             tests (property tests at 3,000 cases per pair instead of 100,000, contact property
#             tests at 1,250 instead of 10,000, the index and
#             Scene change sequences at 30,000 changes instead of 1,000,000, the dense random
#             scenes of the index and Scene tests at most 1,000 shapes and one seed; the consumers,
#             which only rebuild the library, run in release only), and every libFuzzer target
#             for 6 s from its corpus (the library is built once, without libFuzzer's coverage
#             counters, which only the targets themselves have here: the runs replay the corpus
#             and mutate it; scripts/fuzz.sh builds everything with the counters and fuzzes
#             longer)
#   wasm      the npm package (bindings/js) built with emscripten, its node tests, and the demo
#             page's browser tests (web/test, Playwright driving Debian's chromium)
# then the Python module installed with pip into a fresh venv and its pytest suite. The same
# concurrency tests under ThreadSanitizer are scripts/tsan.sh (the tsan preset), run apart.
# Each stage prints its time; the summary at the end lists them.
# For a quick local loop: `cmake --workflow --preset dev` (release, small case counts, about a
# minute once built), then `ctest --preset dev -L <label>` with a label of unit, property,
# broadphase, scene, batch, reference, cli, examples, concurrency, python (and fuzz in the sanitize
# build, js and browser in the wasm build).
# Property-test case counts can be lowered for a quick local run: COLLIDE2D_PROPERTY_CASES=2000.
# To keep this command under 30 minutes on 2 cores, the release preset runs 20,000 overlap cases
# per pair and scalar (the default is 100,000), 3,000 contact cases (10,000) and change sequences
# of 250,000 (1,000,000); it took 1,963 s with 50,000, 6,000 and 1,000,000 (2026-11-29). The full counts
# run with `COLLIDE2D_PROPERTY_CASES=100000 ctest --preset release` after configuring with
# -DCOLLIDE2D_CONTACT_PROPERTY_CASES=10000, and the full exact differential run is
# scripts/differential.sh, longer fuzzing scripts/fuzz.sh.
# COLLIDE2D_BROADPHASE_OPS sets the length of the random add/move/remove sequences of the broad
# phase and Scene tests (default 1000000; the release test preset sets 250000, sanitize 30000).
set -euo pipefail
cd "$(dirname "$0")/.."

stages=()
stage_start=$SECONDS
# stage NAME: closes the previous stage's clock and announces the next.
stage() {
  if [[ ${#stages[@]} -gt 0 ]]; then
    stages[-1]+=" $((SECONDS - stage_start))"
  fi
  [[ $1 == end ]] && return
  echo "== $1"
  stages+=("$1")
  stage_start=$SECONDS
}
print_times() {
  echo "== stage times (seconds, total $SECONDS s)"
  for entry in "${stages[@]}"; do printf '  %-44s %6s\n' "${entry% *}" "${entry##* }"; done
}

stage "install dependencies"
scripts/install-deps.sh

stage "clang-format check"
git ls-files '*.hpp' '*.cpp' | xargs clang-format --dry-run --Werror

# The release preset's steps one by one, without its Python module: the Python stage at the end
# builds the module by pip and runs the same pytest suite on it (building it twice cost a minute).
stage "workflow preset: release"
cmake --preset release -DCOLLIDE2D_BUILD_PYTHON=OFF
cmake --build --preset release
ctest --preset release
stage "workflow preset: sanitize"
cmake --workflow --preset sanitize

# The JavaScript package: the WebAssembly build, then its node tests (ctest runs `node --test`),
# which compare the package's answers with the collide2d tool built by the release preset above,
# and the demo page in headless Chromium, served on 127.0.0.1.
stage "workflow preset: wasm (npm package, node and browser tests)"
(cd bindings/js && npm ci --no-audit --no-fund --loglevel=error)
(cd web && npm ci --no-audit --no-fund --loglevel=error)
NODE_PATH=/usr/share/nodejs cmake --workflow --preset wasm

# The Python module installs offline into a fresh virtual environment, as its README says, and
# passes its tests there. The install takes the library the release preset built (the same -O3
# library the package's own build/python-pip would compile again) and compiles the extension.
stage "Python package: pip install into a fresh venv, then pytest"
venv="$(mktemp -d)"
/usr/bin/python3 -m venv --system-site-packages "$venv"
COLLIDE2D_PYTHON_LIB_BUILD="$PWD/build/release" \
  "$venv/bin/pip" install --quiet --no-build-isolation --no-index ./bindings/python
(cd / && "$venv/bin/python" -c "import collide2d; print('collide2d', collide2d.__version__, 'imports from', collide2d.__file__)")
"$venv/bin/python" -m pytest -q -p no:cacheprovider bindings/python/tests
rm -rf "$venv"

stage end
print_times
echo "== all test presets passed"
