#!/usr/bin/env bash
# Installs the Debian packages collide2d needs to build and test, only those that are missing.
# Usage: scripts/install-deps.sh [extra-package ...]
set -euo pipefail

# The JavaScript package and the demo page need emscripten (the WebAssembly build), node and npm
# (its tests, the page's server and Playwright) and chromium (the browser tests); the Python module
# pybind11, numpy, pytest, shapely (its reference) and venv (the install test), for /usr/bin/python3.
# The benchmarks (scripts/bench.sh) need Google Benchmark and the anchors they are
# measured beside: Box2D 2.4, Chipmunk 7, GEOS and Boost.Geometry.
packages=(cmake ninja-build g++ clang clang-format libclang-rt-14-dev googletest libgtest-dev
          libgmp-dev libhwy-dev libcli11-dev nlohmann-json3-dev libsimdjson-dev python3 emscripten
          chromium python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest
          python3-shapely python3-venv libbenchmark-dev libbox2d-dev libchipmunk-dev libgeos-dev
          libboost-dev "$@")

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
# node and npm may come from Debian or from elsewhere (NodeSource's nodejs carries its own npm and
# conflicts with Debian's npm package): install Debian's only where the commands are missing.
command -v node > /dev/null || missing+=(nodejs)
command -v npm > /dev/null || missing+=(npm)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "collide2d: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
