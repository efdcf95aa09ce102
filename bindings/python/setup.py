"""Builds collide2d._collide2d: the C++ library with CMake, then the pybind11 extension.

Run through pip from the repository root (offline, against Debian's packages):

    python3 -m venv --system-site-packages .venv
    .venv/bin/pip install --no-build-isolation ./bindings/python

The library is built in build/python-pip at the repository root (reused by later installs;
COLLIDE2D_PYTHON_LIB_BUILD sets another directory, COLLIDE2D_BUILD_JOBS the parallel jobs, 2 by
default). A directory CMake has already configured is built as it is, not configured again: the
test command points COLLIDE2D_PYTHON_LIB_BUILD at its release build (the same -O3 library), so
that the install compiles the extension alone.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if not (ROOT / "include" / "collide2d" / "batch.hpp").is_file():
    sys.exit(f"collide2d: {ROOT} is not the collide2d source tree; build the Python package "
             "from the repository: pip install --no-build-isolation ./bindings/python")

LIB_BUILD = Path(os.environ.get("COLLIDE2D_PYTHON_LIB_BUILD", ROOT / "build" / "python-pip"))
JOBS = os.environ.get("COLLIDE2D_BUILD_JOBS", "2")
VERSION = re.search(r"project\(collide2d VERSION (\S+)",
                    (ROOT / "CMakeLists.txt").read_text()).group(1)


class BuildWithLibrary(build_ext):
    """Builds the static library libcollide2d.a with CMake (as the project defines it), then the
    extension against it."""

    def run(self):
        cmake = shutil.which("cmake")
        if cmake is None:
            sys.exit("collide2d: cmake is needed to build the library (apt-get install cmake)")
        configure = [cmake, "-S", str(ROOT), "-B", str(LIB_BUILD), "-DCMAKE_BUILD_TYPE=Release",
                     "-DCOLLIDE2D_BUILD_TESTS=OFF", "-DCOLLIDE2D_BUILD_EXAMPLES=OFF",
                     "-DCOLLIDE2D_BUILD_TOOLS=OFF", "-DCOLLIDE2D_INSTALL=OFF",
                     "-DCOLLIDE2D_BUILD_PYTHON=OFF"]
        if not (LIB_BUILD / "CMakeCache.txt").exists():
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
            subprocess.check_call(configure)
        subprocess.check_call([cmake, "--build", str(LIB_BUILD), "--target", "collide2d",
                               "--parallel", JOBS])
        super().run()


# Every header the extension includes and the library it links: a change to any of them rebuilds
# the extension (setuptools otherwise compares the .cpp files alone with the built module).
DEPENDS = sorted(str(p) for p in (HERE / "src").glob("*.hpp"))
DEPENDS += sorted(str(p) for p in (ROOT / "include" / "collide2d").rglob("*.hpp"))
DEPENDS.append(str(LIB_BUILD / "libcollide2d.a"))

# The extension's four sources compiled side by side (setuptools compiles one at a time).
ParallelCompile("COLLIDE2D_BUILD_JOBS", default=int(JOBS)).install()

extension = Pybind11Extension(
    "collide2d._collide2d",
    sources=["src/module.cpp", "src/shapes.cpp", "src/polygon.cpp", "src/scene.cpp"],
    depends=DEPENDS,
    include_dirs=[str(ROOT / "include"), str(LIB_BUILD / "generated"), "src"],
    extra_objects=[str(LIB_BUILD / "libcollide2d.a")],
    libraries=["hwy"],
    extra_compile_args=["-ffp-contract=off", "-O3"],
    extra_link_args=["-pthread"],
    cxx_std=20,
)

setup(
    version=VERSION,
    ext_modules=[extension],
    cmdclass={"build_ext": BuildWithLibrary},
    zip_safe=False,
)
