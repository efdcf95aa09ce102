"""The GIL is released in batch calls: a second Python thread makes progress during a long call;
and calls from several Python threads at once give the serial answers."""

import re
import threading
import time

import numpy as np
import pytest

import collide2d as c
from helpers import random_boxes


SECONDS = 0.25  # each measurement repeats the call for at least this long


def free_rate():
    """Iterations per second of the main thread's loop when nothing else runs."""
    ticks = 0
    end = time.perf_counter() + 0.05
    while time.perf_counter() < end:
        ticks += 1
    return ticks / 0.05


def progress_during(call):
    """Repeats call() in a thread for SECONDS; returns the share of its free-running iterations
    that the main thread's pure-Python loop made meanwhile (near 1 when the call releases the GIL
    and a core is free; about switch interval / SECONDS, 0.02, when it holds the GIL)."""
    rate = free_rate()
    started = threading.Event()
    done = threading.Event()
    timing = {}

    def work():
        started.set()
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < SECONDS:
            call()
        timing["seconds"] = time.perf_counter() - t0
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    ticks = 0
    while not done.is_set():
        ticks += 1
        time.perf_counter()  # the same loop body as free_rate
    worker.join()
    return ticks / (rate * timing["seconds"])


@pytest.fixture(scope="module")
def big():
    rng = np.random.default_rng(7)
    return random_boxes(rng, 2500, extent=60.0)


def scene_of(boxes):
    scene = c.Scene()
    scene.add_boxes(boxes)
    return scene


CALLS = {
    "overlap_matrix": lambda b: c.overlap_matrix(b, b, threads=1),
    "iou_matrix": lambda b: c.iou_matrix(b, b, threads=1),
    "iou_aligned": lambda b: c.iou_aligned(b, b[::-1].copy(), threads=1),
    "contains_points": lambda b: c.contains_points(b, b[:, :2].copy(), threads=1),
    "raycast": lambda b: c.raycast(np.hstack([b[:200, :2], np.ones((200, 2))]), b, threads=1),
    "scene.overlapping_pairs": lambda b: scene_of(b).overlapping_pairs(threads=1),
}


def test_the_measurement_tells_a_held_gil():
    # control: the re module holds the GIL while it backtracks
    share = progress_during(lambda: re.match(r"(a*)*b", "a" * 23))
    assert share < 0.1, share


@pytest.mark.parametrize("name", sorted(CALLS))
def test_gil_released(big, name):
    share = progress_during(lambda: CALLS[name](big))
    # released: the main thread keeps most of its speed (0.25 leaves room for a loaded machine)
    assert share > 0.25, f"{name}: the main thread ran at {share:.3f} of its free speed"


def test_concurrent_python_threads_give_serial_answers(big):
    a = big[:800]
    b = big[800:1600]
    expected = (c.iou_matrix(a, b), c.overlap_matrix(a, b))
    scene = scene_of(big)
    expected_pairs = scene.overlapping_pairs()
    results = [None] * 6
    errors = []

    def run(k):
        try:
            if k % 2:
                results[k] = (c.iou_matrix(a, b, threads=2), c.overlap_matrix(a, b, threads=2))
            else:
                results[k] = scene.overlapping_pairs(threads=2)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for k, result in enumerate(results):
        if k % 2:
            assert np.array_equal(result[0], expected[0])
            assert np.array_equal(result[1], expected[1])
        else:
            assert np.array_equal(result, expected_pairs)
