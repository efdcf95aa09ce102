"""Shared test data."""

import numpy as np


def random_boxes(rng, n, dtype=np.float64, extent=100.0, size=(0.5, 12.0)):
    """n rotated boxes (cx, cy, w, h, angle in radians) in [0, extent)^2."""
    boxes = np.empty((n, 5), dtype=np.float64)
    boxes[:, :2] = rng.uniform(0.0, extent, (n, 2))
    boxes[:, 2:4] = rng.uniform(size[0], size[1], (n, 2))
    boxes[:, 4] = rng.uniform(-np.pi, np.pi, n)
    return boxes.astype(dtype)


def random_circles(rng, n, dtype=np.float64, extent=100.0):
    circles = np.empty((n, 3), dtype=np.float64)
    circles[:, :2] = rng.uniform(0.0, extent, (n, 2))
    circles[:, 2] = rng.uniform(0.2, 6.0, n)
    return circles.astype(dtype)
