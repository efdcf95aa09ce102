// Memory: a million Scene lifetimes (new, add a few shapes, dispose) must not grow the wasm heap
// after a warm-up. The heap starts at 16 MiB and grows by whole pages, so this catches any leak of
// one allocation (16 bytes or more) a cycle. The userData of a disposed scene must be freed too.
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { test } from "node:test";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { load } from "./helpers.mjs";

const c2d = await load();

test("1,000,000 cycles of new Scene, add, dispose: the wasm heap does not grow", (t) => {
  const shapes = [
    c2d.aabb(0, 0, 1, 1),
    c2d.circle(1, 1, 1),
    c2d.obb(2, 2, 1, 3, 0.25),
    c2d.polygon([0, 0, 2, 0, 1, 1]),
  ];
  const cycle = (i) => {
    const scene = new c2d.Scene();
    for (const shape of shapes) scene.add(shape, i);
    if (i % 64 === 0) scene.hitTest(1, 1); // now and then, a query too (builds the index)
    scene.dispose();
  };
  const warmUp = 20_000;
  const cycles = 1_000_000;
  for (let i = 0; i < warmUp; ++i) cycle(i);
  const before = c2d.heapBytes();
  const started = performance.now();
  for (let i = 0; i < cycles; ++i) cycle(i);
  const seconds = (performance.now() - started) / 1000;
  const after = c2d.heapBytes();
  const message =
    `wasm heap after a ${warmUp.toLocaleString("en")}-cycle warm-up: ${before.toLocaleString("en")} bytes; ` +
    `after ${cycles.toLocaleString("en")} more cycles: ${after.toLocaleString("en")} bytes ` +
    `(${seconds.toFixed(1)} s, ${((seconds / cycles) * 1e6).toFixed(2)} us a cycle)`;
  t.diagnostic(message);
  console.log(message);
  assert.equal(after, before, `the wasm heap grew: ${message}`);
});

test("a disposed scene lets go of its userData (JS side)", async () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc");
  let collected = 0;
  const registry = new FinalizationRegistry(() => {
    ++collected;
  });
  const count = 2000;
  (() => {
    for (let i = 0; i < count; ++i) {
      const scene = new c2d.Scene();
      const data = { payload: new Array(100).fill(i) };
      registry.register(data, i);
      scene.add(c2d.point(i, i), data);
      scene.setUserData(scene.add(c2d.circle(0, 0, 1)), data);
      scene.dispose();
    }
  })();
  for (let round = 0; round < 20 && collected < count; ++round) {
    gc();
    await sleep(20);
  }
  assert.ok(collected >= count * 0.95, `only ${collected} of ${count} userData objects of disposed scenes were collected`);
});

// One leaked allocation a cycle (the SimplePolygon of polygon(id) not freed: 16 bytes and its
// header) outgrows the 16 MiB heap within the million cycles.
test("1,000,000 cycles of a Scene with simple polygons (add, move, polygon(id), dispose): the wasm heap does not grow", (t) => {
  const ell = c2d.simplePolygon([[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]]);
  const star = c2d.simplePolygon([[4, 0], [1, 1], [0, 4], [-1, 1], [-4, 0], [-1, -1], [0, -4], [1, -1]]);
  const box = c2d.aabb(0, 0, 1, 1);
  const cycle = (i) => {
    const scene = new c2d.Scene();
    const a = scene.add(ell, i);
    const b = scene.add(box);
    scene.move(b, star); // a shape becomes a polygon
    scene.move(a, box); // and a polygon a shape
    const back = scene.polygon(b); // a new SimplePolygon the caller disposes
    back.dispose();
    if (i % 64 === 0) scene.hitTest(0.5, 1); // now and then, a query too (builds the index)
    scene.dispose();
  };
  const warmUp = 10_000;
  const cycles = 1_000_000;
  for (let i = 0; i < warmUp; ++i) cycle(i);
  const before = c2d.heapBytes();
  for (let i = 0; i < cycles; ++i) cycle(i);
  const after = c2d.heapBytes();
  const message = `wasm heap ${before.toLocaleString("en")} bytes before, ${after.toLocaleString("en")} after ${cycles.toLocaleString("en")} cycles`;
  t.diagnostic(message);
  assert.equal(after, before, `the wasm heap grew: ${message}`);
  ell.dispose();
  star.dispose();
});
