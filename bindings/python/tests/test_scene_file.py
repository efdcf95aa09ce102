"""Scene.save / Scene.load: the library's binary scene files (docs/SCENE_FORMAT.md, "Binary scene
files"). The reference for a loaded scene is the scene that was saved: the same bytes when saved
again, the same answers to every query, the same id for the next add. Every truncation, every
flipped byte and hostile files with a right checksum are refused with ValueError."""

import struct

import numpy as np
import pytest

import collide2d as c
from helpers import random_boxes, random_circles

HEADER = 32


def build_scene(rng, dtype):
    """Every shape kind, a group, user data, z-orders, removed ids (free ids), a moved shape."""
    scene = c.Scene(dtype=dtype)
    scene.add_boxes(random_boxes(rng, 40, dtype=dtype, extent=50.0),
                    user_data=np.arange(40, dtype=np.uint64))
    scene.add_circles(random_circles(rng, 20, dtype=dtype, extent=50.0))
    for shape in (c.Point(3, 4), c.Segment((0, 0), (10, 5)), c.Capsule((5, 5), (9, 8), 1.5),
                  c.Aabb((20, 20), (30, 25)), c.Obb((40, 10), 6, 2, 30, degrees=True),
                  c.Polygon([(0, 30), (6, 30), (3, 36)]),
                  c.RoundedPolygon.box((12, 40), 4, 2, 0.3, 0.5)):
        scene.add(shape, 99)
    scene.add_group([c.Aabb((0, 0), (2, 1)), c.Aabb((0, 0), (1, 2))], 7)
    scene.set_z(3, 5)
    scene.remove(10)
    scene.move(11, c.Circle((25, 25), 3))
    scene.select(c.Aabb((0, 0), (10, 10)))  # a query: the index built before saving
    scene.add(c.Circle((45, 45), 2))  # and a shape added after it (it takes the free id 10)
    scene.remove(20)  # a free id for the next add
    return scene


def answers(scene, rng_seed=5):
    """Every query's answer, in a comparable form."""
    rng = np.random.default_rng(rng_seed)
    out = {"len": len(scene), "dtype": scene.dtype, "pairs": sorted(map(tuple,
           scene.overlapping_pairs().tolist()))}
    ids = sorted(i for i in range(80) if i in scene)
    out["shapes"] = [(i, scene.parts(i), scene.user_data(i), scene.is_group(i)) for i in ids]
    regions = [c.Aabb((0, 0), (25, 25)), c.Obb((25, 25), 30, 10, 0.7), (10, 30, 20, 8, 0.2)]
    for mode in ("intersects", "contains"):
        out[mode] = [sorted(scene.select(r, mode).tolist()) for r in regions]
    points = rng.uniform(-2, 52, (40, 2))
    out["hit"] = [scene.hit_test(x, y).tolist() for x, y in points]  # topmost first: order kept
    out["nearest"] = [tuple(a.tolist() for a in scene.nearest(x, y, 3)) for x, y in points]
    rays = np.concatenate([points, rng.uniform(-1, 1, (40, 2))], axis=1).astype(scene.dtype)
    out["rays"] = [np.nan_to_num(a, nan=-1).tolist() for a in scene.raycast_closest(rays)]
    return out


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_round_trip_bytes_and_answers(rng, dtype):
    scene = build_scene(rng, dtype)
    data = scene.save()
    assert isinstance(data, bytes) and data[:8] == b"C2DSCENE"
    assert data[12] == np.dtype(dtype).itemsize  # the scalar size byte
    loaded = c.Scene.load(data)
    assert loaded.dtype == np.dtype(dtype)
    assert loaded.save() == data
    assert answers(loaded) == answers(scene)
    # The id allocation is kept: the next add takes the free id 20 in both.
    assert loaded.add(c.Point(1, 1)) == scene.add(c.Point(1, 1)) == 20
    assert loaded.save() == scene.save()


def test_bytearray_and_memoryview(rng):
    data = build_scene(rng, np.float64).save()
    for form in (bytearray(data), memoryview(data), memoryview(b"xx" + data)[2:]):
        assert c.Scene.load(form).save() == data
    # A non-contiguous view of the same bytes.
    spread = np.zeros(2 * len(data), dtype=np.uint8)
    spread[::2] = np.frombuffer(data, dtype=np.uint8)
    assert c.Scene.load(memoryview(spread)[::2]).save() == data


def test_empty_scene_round_trip():
    for dtype in ("float32", "float64"):
        data = c.Scene(dtype=dtype).save()
        loaded = c.Scene.load(data)
        assert len(loaded) == 0 and loaded.dtype == np.dtype(dtype) and loaded.save() == data


@pytest.mark.parametrize("value", ["C2DSCENE", None, 3, [1, 2], np.zeros(40, dtype=np.uint8)])
def test_load_of_another_type_raises_type_error(value):
    with pytest.raises(TypeError, match="Scene.load takes bytes, bytearray or memoryview"):
        c.Scene.load(value)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_every_truncation_raises_value_error(dtype):
    scene = c.Scene(dtype=dtype)
    scene.add(c.Circle((1, 2), 3), 4)
    scene.add(c.Polygon([(0, 0), (1, 0), (0, 1)]))
    data = scene.save()
    for size in range(len(data)):
        with pytest.raises(ValueError, match="byte [0-9]+"):
            c.Scene.load(data[:size])
    with pytest.raises(ValueError, match="byte"):
        c.Scene.load(data + b"\0")  # a byte too many: the payload size differs


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_every_flipped_byte_raises_value_error(dtype):
    scene = c.Scene(dtype=dtype)
    scene.add(c.Obb((1, 2), 3, 4, 0.5), 6)
    scene.add(c.Capsule((0, 0), (1, 1), 0.5))
    data = scene.save()
    for i in range(len(data)):
        for mask in (0x01, 0x80):
            corrupted = bytearray(data)
            corrupted[i] ^= mask
            with pytest.raises(ValueError, match="byte [0-9]+"):
                c.Scene.load(corrupted)


def checksum(data):
    """The file's checksum (SCENE_FORMAT.md): FNV-1a's step on little-endian 64-bit words of the
    header's first 24 bytes and then of the payload (each zero-padded), then on the total length."""
    mask = (1 << 64) - 1
    state = 0xcbf29ce484222325

    def step(state, word):
        return ((state ^ word) * 0x100000001b3) & mask

    for part in (data[:24], data[HEADER:]):
        padded = part + b"\0" * (-len(part) % 8)
        for k in range(0, len(padded), 8):
            state = step(state, struct.unpack_from("<Q", padded, k)[0])
    return step(state, 24 + len(data) - HEADER)


def resealed(data):
    """data with its payload size and checksum made right again: only the deeper checks remain."""
    out = bytearray(data)
    struct.pack_into("<Q", out, 16, len(out) - HEADER)
    struct.pack_into("<Q", out, 24, checksum(bytes(out)))
    return bytes(out)


def test_checksum_reference_matches_the_library():
    data = c.Scene().save()
    assert struct.unpack_from("<Q", data, 24)[0] == checksum(data)
    assert resealed(data) == data


def test_hostile_files_with_a_right_checksum_raise_value_error():
    scene = c.Scene()
    scene.add(c.Circle((1, 2), 3))
    data = scene.save()
    # Payload: node size u32, margin f64, cell f64, ids handed out u32 (at 20 in the payload).
    ids_at = HEADER + 4 + 8 + 8
    hostile = {
        "huge id count": (ids_at, struct.pack("<I", 0xFFFFFFFF)),
        "node size 1": (HEADER, struct.pack("<I", 1)),
        "negative margin": (HEADER + 4, struct.pack("<d", -1.0)),
        "NaN cell size": (HEADER + 12, struct.pack("<d", float("nan"))),
        "scalar size 5": (12, b"\x05"),
        "index choice 9": (13, b"\x09"),
    }
    for name, (at, value) in hostile.items():
        bad = bytearray(data)
        bad[at:at + len(value)] = value
        with pytest.raises(ValueError, match="byte [0-9]+") as info:
            c.Scene.load(resealed(bytes(bad)))
        assert "checksum" not in str(info.value), name  # refused by the checks past it
    # A scalar size of 4 in a double file is read as a float file, and refused by the float reader.
    as_float = bytearray(data)
    as_float[12] = 4
    with pytest.raises(ValueError, match="byte") as info:
        c.Scene.load(resealed(bytes(as_float)))
    assert "checksum" not in str(info.value)
