// Scene.save / Scene.load: the library's binary scene file (docs/SCENE_FORMAT.md). Round trips
// byte for byte, a loaded scene answers as the saved one (seeded random scenes of every kind,
// groups, z-orders, filters, removes and moves), every truncation and every corrupted byte of a
// small file is a RangeError naming the byte, and a value that is not bytes a TypeError.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load, mulberry32, randomConvexPoints, sorted, throwsNaming } from "./helpers.mjs";

const c2d = await load();
const { Scene } = c2d;

const sameBytes = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

/** A random shape of any kind about (x, y). */
function randomShape(random, x, y) {
  const r = () => 0.2 + 2 * random();
  switch (Math.floor(random() * 8)) {
    case 0:
      return c2d.point(x, y);
    case 1:
      return c2d.segment(x, y, x + 3 * random() - 1.5, y + 3 * random() - 1.5);
    case 2:
      return c2d.circle(x, y, r());
    case 3:
      return c2d.capsule(x, y, x + 2 * random(), y + 2 * random(), r() / 2);
    case 4:
      return c2d.aabb(x, y, x + r(), y + r());
    case 5:
      return c2d.obb(x, y, r(), r(), 6 * random());
    case 6:
      return c2d.polygon(randomConvexPoints(random, x, y));
    default:
      return c2d.roundedPolygon(randomConvexPoints(random, x, y), r() / 4);
  }
}

/** A random scene of n shapes and a few groups, with z-orders, filters, removes and moves. */
function randomScene(seed, n, index) {
  const random = mulberry32(seed);
  const at = () => 100 * random();
  const scene = new Scene({ index });
  const ids = [];
  for (let i = 0; i < n; ++i) ids.push(scene.add(randomShape(random, at(), at())));
  for (let i = 0; i < 5; ++i) ids.push(scene.addGroup([randomShape(random, at(), at()), randomShape(random, at(), at())]));
  for (let i = 0; i < n / 10; ++i) scene.setZ(ids[Math.floor(random() * ids.length)], Math.floor(random() * 7) - 3);
  scene.setFilter(ids[0], 2, 0xffff);
  scene.hitTest(50, 50); // build the index, then change the scene after it
  for (let i = 0; i < n / 10; ++i) scene.move(ids[i], randomShape(random, at(), at()));
  for (let i = n - n / 10; i < n; ++i) scene.remove(ids[i]);
  return { scene, random };
}

/** Every kind of query the Scene has, on the same random inputs: the answers as plain data. */
function answers(scene, random) {
  const out = [];
  for (let i = 0; i < 20; ++i) {
    const x = 100 * random();
    const y = 100 * random();
    out.push(sorted(scene.select(c2d.aabb(x, y, x + 20, y + 15))));
    out.push(sorted(scene.select(c2d.obb(x, y, 30, 10, 0.3), "contains")));
    out.push(sorted(scene.select(c2d.lasso([[x, y], [x + 25, y], [x, y + 25]]))));
    out.push(Array.from(scene.hitTest(x, y)));
    out.push(scene.nearest(x, y, 3));
    out.push(scene.raycastAll(c2d.ray(x, y, 1, 0.2)));
  }
  const pairs = scene.overlappingPairs();
  const list = [];
  for (let i = 0; i < pairs.length; i += 2) list.push(`${pairs[i]},${pairs[i + 1]}`);
  out.push(list.sort());
  out.push(sorted(scene.overlappingPairs({ categories: 2, mask: 2 })));
  return out;
}

test("save, then load: the same bytes again, and the same answers (random scenes, every index choice)", () => {
  for (const [seed, index] of [[1, "automatic"], [2, "packed"], [3, "dynamic"], [4, "grid"]]) {
    const { scene } = randomScene(seed, 200, index);
    const bytes = scene.save();
    assert.ok(bytes instanceof Uint8Array);
    assert.equal(new TextDecoder().decode(bytes.subarray(0, 8)), "C2DSCENE", "the magic");
    assert.equal(bytes[12], 8, "scalar size 8: the JavaScript Scene holds doubles");
    const loaded = Scene.load(bytes);
    assert.ok(sameBytes(loaded.save(), bytes), `seed ${seed} (${index}): load(b).save() equals b`);
    assert.equal(loaded.size, scene.size);
    const expected = answers(scene, mulberry32(seed + 100));
    assert.deepEqual(answers(loaded, mulberry32(seed + 100)), expected, `seed ${seed} (${index})`);
    const found = expected.filter((a) => a.length > 0).length;
    assert.ok(found > expected.length / 2, `seed ${seed}: only ${found} of ${expected.length} answers found anything`);
    // After the same queries the two are still the same scene, and a later add takes the same id.
    assert.ok(sameBytes(loaded.save(), scene.save()), `seed ${seed}: the same bytes after the same queries`);
    assert.equal(loaded.add(c2d.point(1, 1)), scene.add(c2d.point(1, 1)), "the next id");
    for (const id of [0, 5, 199, 200]) {
      assert.equal(loaded.has(id), scene.has(id));
      if (scene.has(id)) {
        assert.deepEqual(loaded.parts(id), scene.parts(id), `id ${id}`);
        assert.equal(loaded.z(id), scene.z(id));
      }
    }
    scene.dispose();
    loaded.dispose();
  }
});

test("load takes a Uint8Array (a Buffer, a view into a larger buffer) or an ArrayBuffer", () => {
  const scene = new Scene();
  scene.add(c2d.circle(0, 0, 1), "kept in JavaScript only");
  scene.add(c2d.aabb(0.5, 0, 3, 1));
  const bytes = scene.save();
  const padded = new Uint8Array(bytes.length + 16);
  padded.set(bytes, 7);
  for (const form of [bytes, bytes.buffer, Buffer.from(bytes), padded.subarray(7, 7 + bytes.length)]) {
    const loaded = Scene.load(form);
    assert.ok(sameBytes(loaded.save(), bytes));
    assert.deepEqual(Array.from(loaded.overlappingPairs()), [0, 1]);
    assert.equal(loaded.userData(0), undefined, "userData is not saved");
    loaded.dispose();
  }
  scene.dispose();
  // An empty scene too.
  const empty = new Scene().save();
  assert.ok(sameBytes(Scene.load(empty).save(), empty));
});

/** A small file: three shapes, one of them a group. */
function smallFile() {
  const scene = new Scene();
  scene.add(c2d.circle(0, 0, 1));
  scene.add(c2d.polygon([0, 0, 2, 0, 1, 1]));
  scene.addGroup([c2d.aabb(3, 3, 4, 4), c2d.segment(0, 5, 5, 0)]);
  const bytes = scene.save();
  scene.dispose();
  return bytes;
}

test("every truncation of a small file is a RangeError naming the byte; nothing is built", () => {
  const bytes = smallFile();
  const heap = c2d.heapBytes();
  for (let length = 0; length < bytes.length; ++length) {
    throwsNaming(() => Scene.load(bytes.subarray(0, length)), RangeError, "collide2d.Scene.load", "scene file", /at byte \d+/);
  }
  // A byte more than the file (the payload size says where it ends) is refused too.
  const longer = new Uint8Array(bytes.length + 1);
  longer.set(bytes);
  throwsNaming(() => Scene.load(longer), RangeError, "collide2d.Scene.load", /byte \d+/);
  assert.equal(c2d.heapBytes(), heap, "failed loads leave nothing behind");
});

test("every byte of a small file corrupted is a RangeError naming the byte (the checksum, or the field)", () => {
  const bytes = smallFile();
  for (let at = 0; at < bytes.length; ++at) {
    for (const flip of [0x01, 0x80]) {
      const bad = bytes.slice();
      bad[at] ^= flip;
      throwsNaming(() => Scene.load(bad), RangeError, "collide2d.Scene.load", /byte \d+/);
    }
  }
});

/**
 * The file's checksum as docs/SCENE_FORMAT.md defines it: FNV-1a's step (xor, then multiply by
 * 0x100000001b3, from 0xcbf29ce484222325) on little-endian 64-bit words, the last zero-padded, over
 * bytes 0 to 23 and the payload, then on the total length of both.
 */
function checksum(file) {
  const mask = (1n << 64n) - 1n;
  const prime = 0x100000001b3n;
  let state = 0xcbf29ce484222325n;
  let length = 0n;
  const add = (bytes) => {
    for (let i = 0; i < bytes.length; i += 8) {
      let word = 0n;
      for (let k = 7; k >= 0; --k) word = (word << 8n) | BigInt(i + k < bytes.length ? bytes[i + k] : 0);
      state = ((state ^ word) * prime) & mask;
    }
    length += BigInt(bytes.length);
  };
  add(file.subarray(0, 24));
  add(file.subarray(32));
  return ((state ^ length) * prime) & mask;
}
/** bytes with the checksum set right, as a hostile file would carry it. */
function signed(bytes) {
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setBigUint64(24, checksum(bytes), true);
  return bytes;
}

test("a hostile file behind a right checksum: refused with the field named, never trapped or half-built", () => {
  const bytes = smallFile();
  assert.equal(new DataView(bytes.buffer).getBigUint64(24, true), checksum(bytes), "save writes the documented checksum");
  // The count of ids handed out (file bytes 52 to 55, after node size, margin and cell size) at
  // 2^32 - 1, and the count of free ids after it: refused before anything is allocated for them.
  const absurd = bytes.slice();
  new DataView(absurd.buffer).setUint32(52, 0xffffffff, true);
  throwsNaming(() => Scene.load(signed(absurd)), RangeError, "collide2d.Scene.load", "id count 4294967295", "at byte 52");
  const manyFree = bytes.slice();
  new DataView(manyFree.buffer).setUint32(56, 0x0fffffff, true);
  throwsNaming(() => Scene.load(signed(manyFree)), RangeError, "collide2d.Scene.load", /byte \d+/);
  // Every byte of the file set to 0xff or 0 in turn, the checksum made right: each file is refused
  // with a RangeError or is a whole scene that saves back to the same bytes.
  const heap = c2d.heapBytes();
  let refused = 0;
  for (let at = 0; at < bytes.length; ++at) {
    if (at >= 24 && at < 32) continue; // the checksum itself
    for (const value of [0xff, 0x00]) {
      const bad = bytes.slice();
      bad[at] = value;
      signed(bad);
      let scene;
      try {
        scene = Scene.load(bad);
      } catch (error) {
        assert.ok(error instanceof RangeError, `byte ${at} = ${value}: ${error}`);
        assert.match(error.message, /byte \d+/);
        ++refused;
        continue;
      }
      assert.ok(sameBytes(scene.save(), bad), `byte ${at} = ${value}: a loaded file saves back the same`);
      scene.hitTest(0, 0);
      scene.dispose();
    }
  }
  // Most changed coordinates still make valid shapes; counts, kinds, ids and flags do not.
  assert.ok(refused > 100 && refused < 2 * (bytes.length - 8), `refused ${refused} of ${2 * (bytes.length - 8)}`);
  assert.equal(c2d.heapBytes(), heap, "refused files leave nothing behind");
});

test("load: a value that is not bytes is a TypeError; save on a disposed scene too", () => {
  for (const value of [undefined, null, "C2DSCENE", [67, 50], 42, {}, new Float64Array(8), new Int8Array(40), new DataView(new ArrayBuffer(8))]) {
    throwsNaming(() => Scene.load(value), TypeError, "collide2d.Scene.load", "Uint8Array or an ArrayBuffer");
  }
  const scene = new Scene();
  scene.dispose();
  throwsNaming(() => scene.save(), TypeError, "Scene.save", "disposed");
});
