"""pytest setup: import collide2d from the environment, or else from a CMake build tree
(build/release/bindings/python, then build/python-dev/bindings/python)."""

import importlib.util
import sys
from pathlib import Path

import numpy as np
import pytest

if importlib.util.find_spec("collide2d") is None:
    root = Path(__file__).resolve().parents[3]
    for build in ("release", "python-dev"):
        candidate = root / "build" / build / "bindings" / "python"
        if (candidate / "collide2d" / "__init__.py").is_file():
            sys.path.insert(0, str(candidate))
            break


@pytest.fixture
def rng():
    return np.random.default_rng(20261124)
