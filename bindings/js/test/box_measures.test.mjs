// giouMatrix, diouMatrix, ciouMatrix (area.hpp's giou, diou, ciou): hand cases checkable on paper
// (rows (cx, cy, w, h, angle), y up, radians counter-clockwise), both argument orders bit for bit,
// exactly 1 on the diagonal, and bad input refused as iouMatrix refuses it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load, softly } from "./helpers.mjs";

const c2d = await load();

test("unit squares on paper: touching, a gap, diagonal, nested", () => {
  const a = new Float64Array([0.5, 0.5, 1, 1, 0]);
  const b = new Float64Array([
    1.5, 0.5, 1, 1, 0, // side by side: hull = union, giou 0; d^2 1, c^2 4 + 1
    2.5, 0.5, 1, 1, 0, // a gap of 1: hull 3, union 2, giou -1/3; d^2 4, c^2 10
    2.5, 2.5, 1, 1, 0, // diagonal: hull 5 (the enclosing box would be 9), -3/5; d^2 8, c^2 18
    0.5, 0.5, 0.5, 0.5, 0, // nested, same centre: iou 1/4
  ]);
  const giou = Array.from(c2d.giouMatrix(a, b));
  const diou = Array.from(c2d.diouMatrix(a, b));
  const expectedGiou = [0, -1 / 3, -3 / 5, 0.25];
  const expectedDiou = [-1 / 5, -4 / 10, -8 / 18, 0.25];
  assert.equal(giou[0], 0);
  for (let k = 0; k < 4; ++k) {
    assert.ok(Math.abs(giou[k] - expectedGiou[k]) <= 1e-15, `giou ${k}: ${giou[k]}`);
    assert.ok(Math.abs(diou[k] - expectedDiou[k]) <= 1e-15, `diou ${k}: ${diou[k]}`);
  }
  assert.deepEqual(Array.from(c2d.ciouMatrix(a, b)), diou, "same aspect ratio: ciou = diou");
  // ciou's aspect term: the same set as (w 2, h 1) and (w 1, h 2) turned a quarter
  const wide = new Float64Array([5, 5, 2, 1, 0]);
  const tall = new Float64Array([5, 5, 1, 2, Math.PI / 2]);
  const v = (4 / Math.PI ** 2) * (Math.atan(2) - Math.atan(0.5)) ** 2;
  assert.ok(Math.abs(c2d.ciouMatrix(wide, tall)[0] - (1 - v)) <= 1e-9);
});

test("both argument orders give the same bits; a box with itself gives exactly 1", () => {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const rows = (n) => {
    const out = new Float64Array(5 * n);
    for (let i = 0; i < n; ++i) out.set([random() * 20, random() * 20, 0.5 + random() * 6, 0.5 + random() * 6, random() * 6], 5 * i);
    return out;
  };
  const a = rows(12);
  const b = rows(9);
  for (const name of ["giouMatrix", "diouMatrix", "ciouMatrix"]) {
    const ab = c2d[name](a, b);
    const ba = c2d[name](b, a);
    for (let i = 0; i < 12; ++i) for (let j = 0; j < 9; ++j) assert.equal(ab[i * 9 + j], ba[j * 12 + i], `${name} ${i} ${j}`);
    const aa = c2d[name](a, a);
    for (let i = 0; i < 12; ++i) assert.equal(aa[i * 12 + i], 1, `${name} diagonal ${i}`);
    const f32 = c2d[name](new Float32Array(a), new Float32Array(b));
    for (let k = 0; k < ab.length; ++k) assert.ok(Math.abs(f32[k] - ab[k]) <= 1e-4, `${name} float32 ${k}`);
  }
});

test("bad input: wrong types and lengths, NaN rows", () =>
  softly((check) => {
    for (const name of ["giouMatrix", "diouMatrix", "ciouMatrix"]) {
      check(() => c2d[name](new Float64Array(6), new Float64Array(5)), RangeError, "6");
      check(() => c2d[name](new Float64Array(5), [0, 0, 1, 1, 0]), TypeError, /Float64Array|Float32Array/);
      check(() => c2d[name](new Float64Array(5), new Float64Array([0, 0, 1, 1, 0, NaN, 0, 1, 1, 0])), RangeError, /NaN/i);
      check(() => c2d[name](new Float64Array([0, 0, -1, 1, 0]), new Float64Array(5)), RangeError, "-1");
    }
  }));
