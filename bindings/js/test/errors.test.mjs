// Bad input: every case throws a TypeError or a RangeError whose message names the bad value;
// never a wasm trap (WebAssembly.RuntimeError), never a silent answer.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load, softly } from "./helpers.mjs";

const c2d = await load();
const box = c2d.aabb(0, 0, 1, 1);
// Where collide2d.d.ts does not say which of the two (an unknown id, a bad option value).
const EITHER = [TypeError, RangeError];
// What a refused hand-made object's message must say (a kind name alone would also match the hint
// that lists the constructors).
const HANDMADE = /not a collide2d|hand-made|not made by|from c2d\./i;

// collide2d.d.ts: a value that is not a number is a TypeError; NaN and infinities are numbers out
// of range, RangeErrors.
test("constructors: NaN and infinities are RangeErrors naming the value", () =>
  softly((check) => {
  check(() => c2d.point(NaN, 0), RangeError, /NaN/i);
  check(() => c2d.point(0, Infinity), RangeError, /inf/i);
  check(() => c2d.segment(0, 0, -Infinity, 1), RangeError, /-inf/i);
  check(() => c2d.circle(0, 0, NaN), RangeError, /NaN/i);
  check(() => c2d.circle(Infinity, 0, 1), RangeError, /inf/i);
  check(() => c2d.capsule(0, 0, 1, NaN, 1), RangeError, /NaN/i);
  check(() => c2d.aabb(0, 0, Infinity, 1), RangeError, /inf/i);
  check(() => c2d.rect(0, 0, NaN, 1), RangeError, /NaN/i);
  check(() => c2d.obb(0, 0, 1, 1, NaN), RangeError, /NaN/i);
  check(() => c2d.obb(0, 0, 1, 1, Infinity), RangeError, /inf/i);
  check(() => c2d.obbFromRotation(0, 0, 1, 1, NaN, 0), RangeError, /NaN/i);
  check(() => c2d.ray(NaN, 0, 1, 0), RangeError, /NaN/i);
  check(() => c2d.ray(0, 0, 1, Infinity), RangeError, /inf/i);
  check(() => c2d.polygon([0, 0, 1, 0, NaN, 1]), RangeError, /NaN/i);
  check(() => c2d.convexHull([[0, 0], [1, 0], [0, Infinity]]), RangeError, /inf/i);
  }));

test("constructors: a string, undefined or an object where a number goes is a TypeError", () =>
  softly((check) => {
  check(() => c2d.circle("abc", 0, 1), TypeError, "abc");
  check(() => c2d.circle("1", 0, 1), TypeError, '"1"'); // no silent coercion of strings
  check(() => c2d.point(0), TypeError, "undefined");
  check(() => c2d.aabb(0, 0, 1, null), TypeError, "null");
  check(() => c2d.obb(0, 0, 1, 1, "0.5"), TypeError, "0.5");
  check(() => c2d.segment(0, 0, 1, 1n), TypeError, "1");
  check(() => c2d.polygon([0, 0, 1, 0, "x", 1]), TypeError, "x");
  check(() => c2d.polygon([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: "up" }]), TypeError, "up");
  check(() => c2d.polygon("0,0,1,0,0,1"), TypeError);
  check(() => c2d.polygon(undefined), TypeError, "undefined");
  }));

test("constructors: negative sizes and inverted boxes are RangeErrors naming the value", () =>
  softly((check) => {
  check(() => c2d.circle(0, 0, -1), RangeError, "-1");
  check(() => c2d.circle(0, 0, -1e-300), RangeError, "-1e-300");
  check(() => c2d.capsule(0, 0, 1, 1, -2.5), RangeError, "-2.5");
  check(() => c2d.obb(0, 0, -3, 1), RangeError, "-3");
  check(() => c2d.obb(0, 0, 1, -4), RangeError, "-4");
  check(() => c2d.obbFromRotation(0, 0, 1, -4, 1, 0), RangeError, "-4");
  check(() => c2d.rect(0, 0, -7, 1), RangeError, "-7");
  check(() => c2d.rect(0, 0, 1, -8), RangeError, "-8");
  check(() => c2d.aabb(2, 0, 1, 1), RangeError, "2");
  check(() => c2d.aabb(0, 5, 1, 3), RangeError, "5", "3");
  check(() => c2d.ray(0, 0, 1, 0, -1), RangeError, "-1");
  }));

test("constructors: non-unit rotations are RangeErrors naming the value", () =>
  softly((check) => {
  check(() => c2d.obbFromRotation(0, 0, 1, 1, 2, 0), RangeError, "2");
  check(() => c2d.obbFromRotation(0, 0, 1, 1, 0.6, 0.6), RangeError, "0.6");
  check(() => c2d.obbFromRotation(0, 0, 1, 1, 0, 0), RangeError, "0");
  }));

test("polygons: clockwise, non-convex, collinear, duplicate, too few or too many vertices", () =>
  softly((check) => {
  check(() => c2d.polygon([0, 0, 0, 4, 4, 0]), RangeError, /clockwise/i);
  // An arrow head: the boundary turns clockwise at (1, 1).
  check(() => c2d.polygon([0, 0, 2, 0, 1, 1, 2, 2, 0, 2]), RangeError, "1, 1");
  check(() => c2d.polygon([0, 0, 1, 0, 2, 0, 1, 1]), RangeError, /collinear|convex/i);
  check(() => c2d.polygon([0, 0, 1, 0, 1, 0, 0, 1]), RangeError, /duplicate|same|1, 0/i);
  check(() => c2d.polygon([0, 0, 1, 0]), RangeError, "2");
  check(() => c2d.polygon([0, 0, 1, 0, 0]), RangeError, "5"); // odd number of coordinates
  const nine = [];
  for (let i = 0; i < 9; ++i) nine.push([Math.cos((2 * Math.PI * i) / 9), Math.sin((2 * Math.PI * i) / 9)]);
  check(() => c2d.polygon(nine), RangeError, "9");
  check(() => c2d.convexHull(nine), RangeError, "9");
  check(() => c2d.convexHull([0, 0, 1, 1, 2, 2]), RangeError, /collinear|3/i);
  }));

test("queries: hand-made and foreign objects are refused with a TypeError", () =>
  softly((check) => {
  const fake = { kind: "circle", x: 0, y: 0, radius: 1 };
  check(() => c2d.overlaps(fake, box), TypeError, HANDMADE);
  check(() => c2d.overlaps(box, fake), TypeError, HANDMADE);
  check(() => c2d.overlaps(Object.freeze({ ...box }), box), TypeError, HANDMADE);
  check(() => c2d.raycast({ kind: "ray", ox: 0, oy: 0, dx: 1, dy: 0, maxT: 1 }, box), TypeError, HANDMADE);
  check(() => c2d.raycast(c2d.ray(0, 0, 1, 0), fake), TypeError, HANDMADE);
  check(() => c2d.raycast(box, box), TypeError, HANDMADE);
  check(() => c2d.collide(fake, box), TypeError, HANDMADE);
  check(() => c2d.penetration(box, fake), TypeError, HANDMADE);
  check(() => c2d.distance(fake, box), TypeError, HANDMADE);
  check(() => c2d.contains(box, fake), TypeError, HANDMADE);
  check(() => c2d.intersectionArea(fake, box), TypeError, HANDMADE);
  check(() => c2d.iou(box, fake), TypeError, HANDMADE);
  check(() => c2d.boundingBox(fake), TypeError, HANDMADE);
  check(() => c2d.shapeCast(fake, { x: 1, y: 0 }, box, { x: 0, y: 0 }), TypeError, HANDMADE);
  check(() => c2d.overlapsMany(fake, new Float64Array(5)), TypeError, HANDMADE);
  check(() => c2d.overlaps(null, box), TypeError, "null");
  check(() => c2d.overlaps(undefined, box), TypeError, "undefined");
  check(() => c2d.overlaps("circle", box), TypeError, HANDMADE);
  check(() => c2d.overlaps(42, box), TypeError, "42");
  // A copy of a real shape with a field changed is hand-made too: it must be refused, not answered
  // for the original shape's values (which a copied hidden field would carry along).
  const far = { ...c2d.circle(0, 0, 1), x: 100 };
  check(() => c2d.overlaps(far, c2d.point(0, 0)), TypeError, HANDMADE);
  check(() => c2d.overlaps(Object.assign({}, box, { minX: -5 }), box), TypeError, HANDMADE);
  const moved = { ...c2d.ray(0, 0, 1, 0), oy: 50 };
  check(() => c2d.raycast(moved, box), TypeError, HANDMADE);
  const scene = new c2d.Scene();
  check(() => scene.add({ ...c2d.circle(0, 0, 1), radius: 7 }), TypeError, HANDMADE);
  check(() => scene.select({ ...box, maxX: 9 }), TypeError, HANDMADE);
  scene.dispose();
  }));

test("queries: wrong shape kinds and bad vectors", () =>
  softly((check) => {
  check(() => c2d.intersectionArea(c2d.point(0, 0), box), TypeError, "point");
  check(() => c2d.iou(box, c2d.segment(0, 0, 1, 1)), TypeError, "segment");
  check(() => c2d.iou(box, c2d.point(1, 1)), TypeError, "point");
  check(() => c2d.overlapsMany(c2d.point(0, 0), new Float64Array(5)), TypeError, "point");
  check(() => c2d.overlapsMany(c2d.polygon([0, 0, 1, 0, 0, 1]), new Float64Array(5)), TypeError, "polygon");
  check(() => c2d.shapeCast(box, { x: NaN, y: 0 }, box, { x: 0, y: 0 }), RangeError, /NaN/i);
  check(() => c2d.shapeCast(box, { x: 1, y: 0 }, box, { x: 0, y: Infinity }), RangeError, /inf/i);
  check(() => c2d.shapeCast(box, { x: 1, y: 0 }, box, null), TypeError, "null");
  check(() => c2d.shapeCast(box, { x: "1", y: 0 }, box, { x: 0, y: 0 }), TypeError, "1");
  }));

test("typed arrays: wrong lengths, NaN rows and wrong types", () =>
  softly((check) => {
  check(() => c2d.overlapsMany(box, new Float64Array(7)), RangeError, "7");
  check(() => c2d.overlapsMany(box, new Float32Array(4)), RangeError, "4");
  check(() => c2d.iouMatrix(new Float64Array(6), new Float64Array(5)), RangeError, "6");
  check(() => c2d.iouMatrix(new Float64Array(5), new Float64Array(11)), RangeError, "11");
  check(() => c2d.overlapsMany(box, [1, 1, 2, 2, 0]), TypeError, /Float64Array|Float32Array/);
  check(() => c2d.overlapsMany(box, new Int32Array(5)), TypeError, /Float64Array|Float32Array/);
  check(() => c2d.iouMatrix(new Float64Array(5), "boxes"), TypeError, /Float64Array|Float32Array/);
  // A row with NaN, or a negative size, is bad input too, named by its row.
  check(() => c2d.overlapsMany(box, new Float64Array([0, 0, 1, 1, 0, NaN, 0, 1, 1, 0])), RangeError, /NaN/i);
  check(() => c2d.overlapsMany(box, new Float64Array([0, 0, -1, 1, 0])), RangeError, "-1");
  check(() => c2d.iouMatrix(new Float64Array([0, 0, 1, Infinity, 0]), new Float64Array(5)), RangeError, /inf/i);
  }));

test("Scene: bad input is a TypeError or RangeError naming the value", () =>
  softly((check) => {
  const scene = new c2d.Scene();
  const id = scene.add(box, "box");
  check(() => scene.add({ kind: "circle", x: 0, y: 0, radius: 1 }), TypeError, HANDMADE);
  check(() => scene.add(null), TypeError, "null");
  check(() => scene.add(c2d.ray(0, 0, 1, 0)), TypeError, /ray/);
  check(() => scene.overlapping(c2d.ray(0, 0, 1, 0)), TypeError, /ray/);
  check(() => scene.select(c2d.ray(0, 0, 1, 0)), TypeError, /ray/);
  check(() => scene.move(id, { kind: "aabb", minX: 0, minY: 0, maxX: 1, maxY: 1 }), TypeError, HANDMADE);
  check(() => scene.addBoxes(new Float64Array(7)), RangeError, "7");
  check(() => scene.addBoxes(new Float64Array([0, 0, 1, 1, NaN])), RangeError, /NaN/i);
  check(() => scene.addBoxes(new Float64Array([0, 0, -2, 1, 0])), RangeError, "-2");
  check(() => scene.addBoxes([0, 0, 1, 1, 0]), TypeError, /Float64Array|Float32Array/);
  check(() => scene.hitTest(NaN, 0), RangeError, /NaN/i);
  check(() => scene.hitTest(0, "1"), TypeError, "1");
  check(() => scene.select({ kind: "aabb", minX: 0, minY: 0, maxX: 1, maxY: 1 }), TypeError, HANDMADE);
  check(() => scene.select(c2d.circle(0, 0, 1)), TypeError, "circle");
  check(() => scene.select(box, "touching"), EITHER, "touching");
  check(() => scene.raycastClosest({ kind: "ray", ox: 0, oy: 0, dx: 1, dy: 0, maxT: 1 }), TypeError, HANDMADE);
  check(() => scene.overlapping({ kind: "point", x: 0, y: 0 }), TypeError, HANDMADE);
  check(() => scene.candidates(c2d.circle(0, 0, 1)), TypeError, "circle");
  check(() => scene.setZ(id, NaN), RangeError, /NaN/i);
  check(() => scene.setZ(id, 1.5), EITHER, "1.5");
  check(() => scene.setZ(id, 2 ** 31), EITHER, String(2 ** 31));
  check(() => scene.setFilter(id, -1, 1), EITHER, "-1");
  check(() => scene.setFilter(id, 1, 1.5), EITHER, "1.5");
  // Unknown ids: removed, never given, not an integer.
  const gone = scene.add(c2d.point(5, 5));
  scene.remove(gone);
  for (const [bad, name] of [[gone, String(gone)], [123456, "123456"], [-1, "-1"], [0.5, "0.5"]]) {
    check(() => scene.remove(bad), EITHER, name);
    check(() => scene.shape(bad), EITHER, name);
    check(() => scene.move(bad, box), EITHER, name);
    check(() => scene.setZ(bad, 1), EITHER, name);
    check(() => scene.userData(bad), EITHER, name);
  }
  check(() => scene.remove("0"), TypeError, "0");
  check(() => new c2d.Scene({ index: "quadtree" }), EITHER, "quadtree");
  check(() => new c2d.Scene({ nodeSize: 1 }), EITHER, "1");
  check(() => new c2d.Scene({ nodeSize: 257 }), EITHER, "257");
  scene.dispose();
  check(() => scene.add(box), TypeError, /dispos/i);
  check(() => scene.select(box), TypeError, /dispos/i);
  }));

test("query options: bad values, types and keys throw, naming them", () =>
  softly((check) => {
  const a = c2d.circle(0, 0, 1);
  const b = c2d.circle(5, 0, 1);
  const still = { x: 0, y: 0 };
  const go = { x: 1, y: 0 };
  check(() => c2d.shapeCast(a, go, b, still, { maxTime: -1 }), RangeError, /maxTime is -1/);
  check(() => c2d.shapeCast(a, go, b, still, { maxTime: NaN }), RangeError, /maxTime is NaN/);
  check(() => c2d.shapeCast(a, go, b, still, { maxTime: "2" }), TypeError, /maxTime/);
  check(() => c2d.shapeCast(a, go, b, still, { stopAtPenetration: 0 }), TypeError, /stopAtPenetration/);
  check(() => c2d.shapeCast(a, go, b, still, { maxtime: 2 }), TypeError, /unknown option maxtime/);
  check(() => c2d.shapeCast(a, go, b, still, 2), TypeError, /options/);
  check(() => c2d.collide(a, b, { prediction: -0.5 }), RangeError, /prediction is -0.5/);
  check(() => c2d.collide(a, b, { prediction: Infinity }), RangeError, /prediction is Infinity/);
  check(() => c2d.collide(a, b, { prediction: null }), TypeError, /prediction/);
  check(() => c2d.collide(a, b, { margin: 1 }), TypeError, /unknown option margin/);
  // Scene queries: excludeTouching must be a boolean (the string "false" is truthy), keys exact.
  const scene = new c2d.Scene();
  scene.add(c2d.aabb(0, 0, 1, 1));
  const region = c2d.aabb(1, 0, 2, 1); // touches the box
  check(() => scene.select(region, "intersects", { excludeTouching: "false" }), TypeError, /excludeTouching/);
  check(() => scene.select(region, "intersects", { excludeTouching: 1 }), TypeError, /excludeTouching/);
  check(() => scene.select(region, "intersects", { excludetouching: true }), TypeError, /unknown option excludetouching/);
  check(() => scene.hitTest(0, 0, { mask: -1 }), RangeError, /options.mask is -1/);
  check(() => scene.nearest(0, 0, 1, { maxDistance: -1 }), RangeError, /maxDistance is -1/);
  check(() => scene.nearest(0, 0, 1, { maxdistance: 1 }), TypeError, /unknown option maxdistance/);
  assert.equal(scene.select(region, "intersects", { excludeTouching: false }).length, 1);
  assert.equal(scene.select(region, "intersects", { excludeTouching: true }).length, 0);
  assert.equal(scene.select(region, "intersects", null).length, 1);
  assert.equal(scene.nearest(5, 0.5, 1, { maxDistance: 10, excludeTouching: false }).length, 1);
  scene.dispose();
}));
