// Typed arrays in and out: views at an offset, answers that stay valid after later calls, and the
// wasm memory growing in the middle of a call (emscripten's heap views are replaced then).
import assert from "node:assert/strict";
import { test } from "node:test";
import { load, mulberry32 } from "./helpers.mjs";

const c2d = await load();

test("typed-array views with a byteOffset are read from their offset", () => {
  const box = c2d.aabb(0, 0, 2, 2);
  for (const Type of [Float64Array, Float32Array]) {
    const backing = new Type([99, 99, 99, 3, 1, 2, 2, 0, 40, 40, 1, 1, 0, 99]);
    const rows = backing.subarray(3, 13); // two rows: touching, apart
    assert.deepEqual(Array.from(c2d.overlapsMany(box, rows)), [1, 0], `${Type.name} overlapsMany`);
    assert.deepEqual(Array.from(c2d.iouMatrix(rows, rows)), [1, 0, 0, 1], `${Type.name} iouMatrix`);
    const scene = new c2d.Scene();
    const ids = scene.addBoxes(rows);
    assert.equal(ids.length, 2);
    const first = scene.shape(ids[0]);
    assert.deepEqual([first.x, first.y, first.width, first.height], [3, 1, 2, 2], `${Type.name} addBoxes`);
    scene.dispose();
    const poly = c2d.polygon(new Type([7, 7, 0, 0, 4, 0, 0, 4]).subarray(2));
    assert.deepEqual(Array.from(poly.vertices), [0, 0, 4, 0, 0, 4], `${Type.name} polygon`);
  }
});

test("answers are copies: a later call does not change an earlier answer", () => {
  const scene = new c2d.Scene();
  const ids = [];
  for (let i = 0; i < 50; ++i) ids.push(scene.add(c2d.aabb(i, 0, i + 1, 1)));
  const left = scene.select(c2d.aabb(0, 0, 10, 1), "contains");
  const leftCopy = Array.from(left);
  const right = scene.select(c2d.aabb(30, 0, 45, 1), "contains");
  scene.hitTest(5, 0.5);
  scene.overlappingPairs();
  assert.deepEqual(Array.from(left), leftCopy);
  assert.notDeepEqual(Array.from(right), leftCopy);
  const pairs = scene.overlappingPairs();
  const pairsCopy = Array.from(pairs);
  scene.remove(ids[0]);
  scene.overlappingPairs();
  assert.deepEqual(Array.from(pairs), pairsCopy);
  const many = c2d.overlapsMany(c2d.aabb(0, 0, 1, 1), new Float64Array([0.5, 0.5, 1, 1, 0]));
  c2d.overlapsMany(c2d.aabb(0, 0, 1, 1), new Float64Array([9, 9, 1, 1, 0]));
  assert.deepEqual(Array.from(many), [1]);
  const m = c2d.iouMatrix(new Float64Array([0, 0, 2, 2, 0]), new Float64Array([0, 0, 2, 2, 0]));
  c2d.iouMatrix(new Float64Array([0, 0, 2, 2, 0]), new Float64Array([9, 9, 2, 2, 0]));
  assert.deepEqual(Array.from(m), [1]);
  const poly = c2d.polygon([0, 0, 4, 0, 0, 4]);
  c2d.polygon([0, 0, 9, 0, 9, 9, 0, 9]);
  assert.deepEqual(Array.from(poly.vertices), [0, 0, 4, 0, 0, 4], "a polygon's vertices stay its own");
  scene.dispose();
});

test("the wasm memory growing during a call: answers stay right", () => {
  // A 3000 x 3000 IoU matrix is 72 MB of doubles: the heap must grow inside the call.
  const n = 3000;
  const rows = new Float64Array(5 * n);
  for (let i = 0; i < n; ++i) rows.set([2 * i + 1, 1, 2, 2, 0], 5 * i); // [2i, 2i+2] x [0, 2]
  const before = c2d.heapBytes();
  const m = c2d.iouMatrix(rows, rows);
  assert.equal(m.length, n * n);
  assert.ok(c2d.heapBytes() >= before);
  for (const i of [0, 1, 1234, n - 1]) {
    assert.equal(m[i * n + i], 1, `diagonal ${i}`);
    if (i + 1 < n) assert.equal(m[i * n + i + 1], 0, `touching neighbours ${i}: zero area`);
  }
  let sum = 0;
  for (let k = 0; k < m.length; ++k) sum += m[k];
  assert.equal(sum, n, "only the diagonal is non-zero");

  // A big scene grows the heap while shapes are added; queries then see every shape.
  const scene = new c2d.Scene();
  const random = mulberry32(11);
  const count = 200_000;
  const boxes = new Float64Array(5 * count);
  for (let i = 0; i < count; ++i) boxes.set([random() * 1000, random() * 1000, 1, 1, random()], 5 * i);
  const ids = scene.addBoxes(boxes);
  for (let i = 0; i < 1000; ++i) scene.add(c2d.circle(2000 + 3 * i, 0, 1), i);
  assert.equal(scene.size, count + 1000);
  assert.equal(scene.select(c2d.aabb(-10, -10, 1010, 1010), "contains").length, count);
  assert.equal(scene.select(c2d.aabb(1999, -1, 5000, 1), "contains").length, 1000);
  assert.deepEqual(Array.from(scene.hitTest(2003, 0)), [scene.select(c2d.aabb(2002, -1, 2004, 1), "contains")[0]]);
  assert.equal(scene.userData(scene.hitTest(2003, 0)[0]), 1);
  const i = 12345;
  const shape = scene.shape(ids[i]);
  assert.deepEqual([shape.x, shape.y], [boxes[5 * i], boxes[5 * i + 1]]);
  scene.dispose();
});
