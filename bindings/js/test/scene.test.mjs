// Scene: hand cases for every method.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fields, load, mulberry32, nearVec, randomConvexPoints, sorted, throwsNaming } from "./helpers.mjs";

const c2d = await load();
const { Scene } = c2d;

/** A scene on a unit lattice: tiles [0,1]^2, [1,2]x[0,1], [3,4]x[0,1], and a circle over them. */
function smallScene(options) {
  const scene = new Scene(options);
  const ids = {
    a: scene.add(c2d.aabb(0, 0, 1, 1), "a"),
    b: scene.add(c2d.aabb(1, 0, 2, 1), "b"),
    c: scene.add(c2d.aabb(3, 0, 4, 1), "c"),
    ball: scene.add(c2d.circle(1, 3, 1), "ball"),
  };
  return { scene, ids };
}

test("Scene: add, size, has, shape, userData, setUserData, remove, clear", () => {
  const { scene, ids } = smallScene();
  assert.equal(scene.size, 4);
  assert.equal(new Set(Object.values(ids)).size, 4, "distinct ids");
  for (const id of Object.values(ids)) {
    assert.ok(Number.isInteger(id) && id >= 0, `id ${id} is a non-negative integer`);
    assert.equal(scene.has(id), true);
  }
  assert.deepEqual(fields(scene.shape(ids.b)), { kind: "aabb", minX: 1, minY: 0, maxX: 2, maxY: 1 });
  assert.deepEqual(fields(scene.shape(ids.ball)), { kind: "circle", x: 1, y: 3, radius: 1 });
  assert.equal(scene.userData(ids.a), "a");
  assert.equal(scene.userData(ids.ball), "ball");
  const data = { anything: [1, 2, 3] };
  scene.setUserData(ids.a, data);
  assert.equal(scene.userData(ids.a), data, "userData is kept by reference");
  const bare = scene.add(c2d.point(9, 9));
  assert.equal(scene.userData(bare), undefined, "no userData given: undefined");

  scene.remove(ids.b);
  assert.equal(scene.has(ids.b), false);
  assert.equal(scene.size, 4);
  assert.deepEqual(sorted(scene.select(c2d.aabb(1.5, 0, 1.6, 1))), [], "a removed shape is not found");
  assert.deepEqual(sorted(scene.hitTest(1.5, 0.5)), []);
  // A later add may reuse the id: it then holds the new shape and data only.
  const again = scene.add(c2d.circle(20, 20, 1), "new");
  assert.equal(scene.userData(again), "new");
  assert.deepEqual(sorted(scene.hitTest(1.5, 0.5)), []);
  assert.equal(scene.size, 5);

  // A shape from scene.shape() is a shape like any other.
  assert.equal(c2d.overlaps(scene.shape(ids.a), c2d.point(1, 1)), true);
  assert.equal(c2d.overlaps(scene.shape(again), c2d.point(21, 20)), true);

  // A reused id must not carry the old shape's userData along.
  const withData = scene.add(c2d.point(30, 30), "old data");
  scene.remove(withData);
  const reused = [];
  for (let i = 0; i < 4; ++i) reused.push(scene.add(c2d.point(40 + i, 40)));
  for (const id of reused) assert.equal(scene.userData(id), undefined, `id ${id} added without userData`);

  scene.clear();
  assert.equal(scene.size, 0);
  assert.equal(scene.has(ids.a), false);
  assert.equal(scene.hitTest(0.5, 0.5).length, 0);
  // After clear(), new shapes have no userData of the old ones, whatever ids they get.
  const fresh = [];
  for (let i = 0; i < 8; ++i) fresh.push(scene.add(c2d.point(i, 0)));
  for (const id of fresh) assert.equal(scene.userData(id), undefined, `id ${id} after clear()`);
  assert.equal(scene.size, 8);
  scene.dispose();
});

test("Scene: select, both modes, excludeTouching", () => {
  for (const index of ["automatic", "packed", "dynamic", "grid"]) {
    const { scene, ids } = smallScene({ index });
    const region = c2d.aabb(1, 0, 3, 1); // shares b's whole square, touches a's and c's edges
    let got = scene.select(region);
    assert.ok(got instanceof Uint32Array, "select returns a Uint32Array");
    assert.deepEqual(sorted(got), sorted([ids.a, ids.b, ids.c]), `${index}: intersects, touching counts`);
    assert.deepEqual(sorted(scene.select(region, "intersects")), sorted([ids.a, ids.b, ids.c]), `${index}: explicit mode`);
    assert.deepEqual(sorted(scene.select(region, "contains")), [ids.b], `${index}: contains, boundary allowed`);
    assert.deepEqual(sorted(scene.select(region, "intersects", { excludeTouching: true })), [ids.b], `${index}: excludeTouching`);
    assert.deepEqual(sorted(scene.select(region, "contains", { excludeTouching: true })), [], `${index}: strictly inside`);
    // Obb and polygon regions: the same square as an exact quarter-turned obb and as a polygon.
    const asObb = c2d.obbFromRotation(2, 0.5, 1, 2, 0, 1);
    const asPolygon = c2d.polygon([1, 0, 3, 0, 3, 1, 1, 1]);
    for (const r of [asObb, asPolygon]) {
      assert.deepEqual(sorted(scene.select(r)), sorted([ids.a, ids.b, ids.c]), `${index}: ${r.kind} region`);
      assert.deepEqual(sorted(scene.select(r, "contains")), [ids.b], `${index}: ${r.kind} region contains`);
      assert.deepEqual(sorted(scene.select(r, "intersects", { excludeTouching: true })), [ids.b]);
    }
    // The ball touches the line y = 2 from above.
    assert.deepEqual(sorted(scene.select(c2d.aabb(0, 1.5, 1, 2))), [ids.ball]);
    assert.deepEqual(sorted(scene.select(c2d.aabb(0, 1.5, 1, 2), "intersects", { excludeTouching: true })), []);
    scene.dispose();
  }
});

test("Scene: hitTest topmost first, setZ ordering", () => {
  const scene = new Scene();
  const low = scene.add(c2d.aabb(0, 0, 2, 2), "low");
  const mid = scene.add(c2d.circle(2, 2, 1), "mid");
  const top = scene.add(c2d.polygon([2, 2, 4, 2, 2, 4]), "top");
  // All three meet the point (2, 2) (a corner of two of them, the circle's centre).
  assert.deepEqual(Array.from(scene.hitTest(2, 2)), [top, mid, low].sort((p, q) => q - p), "same z: higher id first");
  assert.equal(scene.z(low), 0, "default z is 0");
  scene.setZ(low, 5);
  assert.equal(scene.z(low), 5);
  scene.setZ(top, -1);
  const order = Array.from(scene.hitTest(2, 2));
  assert.deepEqual(order, [low, mid, top], "higher z on top");
  assert.deepEqual(order.map((id) => scene.userData(id)), ["low", "mid", "top"]);
  assert.deepEqual(Array.from(scene.hitTest(2, 2, { excludeTouching: true })), [mid], "only the circle has (2, 2) inside");
  assert.deepEqual(Array.from(scene.hitTest(10, 10)), []);
  assert.deepEqual(Array.from(scene.hitTest(2.5, 2.25)), [mid, top], "z 0 above z -1");
  scene.dispose();
});

test("Scene: raycastClosest and raycastAll", () => {
  const { scene, ids } = smallScene();
  let hit = scene.raycastClosest(c2d.ray(-2, 0.5, 1, 0));
  assert.ok(hit);
  assert.equal(hit.id, ids.a);
  assert.equal(hit.tEnter, 2);
  assert.equal(hit.tExit, 3);
  nearVec(hit.enter, { x: 0, y: 0.5 }, 0, "enter");
  nearVec(hit.normal, { x: -1, y: 0 }, 0, "normal");
  assert.equal(hit.startedInside, false);
  const all = scene.raycastAll(c2d.ray(-2, 0.5, 1, 0));
  assert.deepEqual(all.map((h) => h.id), [ids.a, ids.b, ids.c]);
  assert.deepEqual(all.map((h) => h.tEnter), [2, 3, 5]);
  assert.equal(scene.raycastClosest(c2d.ray(-2, 5, 1, 0)), null);
  assert.deepEqual(scene.raycastAll(c2d.ray(-2, 5, 1, 0)), []);
  // Limited by maxT: reaches c's edge exactly at x = 3.
  assert.deepEqual(scene.raycastAll(c2d.ray(-2, 0.5, 1, 0, 5)).map((h) => h.id), [ids.a, ids.b, ids.c]);
  assert.deepEqual(scene.raycastAll(c2d.ray(-2, 0.5, 1, 0, 4.5)).map((h) => h.id), [ids.a, ids.b]);
  // Downwards through the ball onto the lattice: the ball first.
  hit = scene.raycastClosest(c2d.ray(1, 10, 0, -1));
  assert.equal(hit.id, ids.ball);
  assert.equal(hit.tEnter, 6);
  // Grazing along y = 1, the tiles' top edges (closed sets): all three, a first.
  assert.deepEqual(scene.raycastAll(c2d.ray(-2, 1, 1, 0)).map((h) => h.id), [ids.a, ids.b, ids.c]);
  // Started inside a: tEnter 0.
  hit = scene.raycastClosest(c2d.ray(0.5, 0.5, 1, 0));
  assert.equal(hit.id, ids.a);
  assert.equal(hit.startedInside, true);
  assert.equal(hit.tEnter, 0);
  // The shared edge x = 1 of a and b: a ray from above down the edge enters both at t = 9; ties
  // are topmost first (same z: the higher id).
  const tie = scene.raycastAll(c2d.ray(1, 10, 0, -1, 100)).filter((h) => h.id !== ids.ball);
  assert.deepEqual(tie.map((h) => h.id), [Math.max(ids.a, ids.b), Math.min(ids.a, ids.b)]);
  scene.setZ(Math.min(ids.a, ids.b), 3);
  assert.equal(
    scene.raycastAll(c2d.ray(1, 1.5, 0, -1)).map((h) => h.id)[0],
    Math.min(ids.a, ids.b),
    "a tie goes to the higher z",
  );
  scene.dispose();
});

test("Scene: overlappingPairs, overlapping, candidates, excludeTouching", () => {
  const { scene, ids } = smallScene();
  const pairs = scene.overlappingPairs();
  assert.ok(pairs instanceof Uint32Array);
  assert.equal(pairs.length, 2, "one pair: a and b share an edge");
  assert.deepEqual(Array.from(pairs), [Math.min(ids.a, ids.b), Math.max(ids.a, ids.b)], "first < second");
  assert.equal(scene.overlappingPairs({ excludeTouching: true }).length, 0);
  const extra = scene.add(c2d.segment(0, 2, 4, 2), "line"); // tangent to the ball
  const flat = Array.from(scene.overlappingPairs());
  const list = [];
  for (let i = 0; i < flat.length; i += 2) {
    assert.ok(flat[i] < flat[i + 1], "first < second");
    list.push(`${flat[i]}-${flat[i + 1]}`);
  }
  const key = (p, q) => `${Math.min(p, q)}-${Math.max(p, q)}`;
  assert.deepEqual(list.sort(), [key(ids.a, ids.b), key(ids.ball, extra)].sort());

  assert.deepEqual(sorted(scene.overlapping(c2d.circle(2.5, 0.5, 0.5))), sorted([ids.b, ids.c]), "touching both");
  assert.deepEqual(sorted(scene.overlapping(c2d.circle(2.5, 0.5, 0.5), { excludeTouching: true })), []);
  assert.deepEqual(sorted(scene.overlapping(c2d.point(1, 2))), sorted([ids.ball, extra]));
  // candidates: box-level. The ball's box [0,2]x[2,4] meets [1.9,1.9]-[2,2.5]; the ball does not.
  const cand = sorted(scene.candidates(c2d.aabb(1.9, 3.9, 2, 4)));
  assert.ok(cand.includes(ids.ball), "the ball's box corner is a candidate");
  assert.deepEqual(sorted(scene.overlapping(c2d.aabb(1.9, 3.9, 2, 4))), [], "but not an exact answer");
  scene.update();
  const stats = scene.stats();
  assert.equal(stats.shapes, 5);
  for (const field of ["shapes", "packed", "dynamic", "removed", "rebuilds", "memoryBytes"]) {
    assert.ok(Number.isInteger(stats[field]) && stats[field] >= 0, `stats.${field}`);
  }
  assert.ok(stats.memoryBytes > 0);
  const { boxes, depths } = scene.indexBoxes();
  assert.ok(boxes instanceof Float64Array && depths instanceof Uint8Array);
  assert.equal(boxes.length, 4 * depths.length);
  assert.ok(depths.length >= 1 && depths.includes(0), "a root of depth 0");
  scene.dispose();
});

test("Scene: move, filters, addBoxes", () => {
  const { scene, ids } = smallScene();
  scene.move(ids.c, c2d.circle(10, 10, 1)); // the kind may change
  assert.deepEqual(fields(scene.shape(ids.c)), { kind: "circle", x: 10, y: 10, radius: 1 });
  assert.equal(scene.userData(ids.c), "c", "move keeps the userData");
  assert.deepEqual(Array.from(scene.hitTest(10, 11)), [ids.c]);
  assert.deepEqual(Array.from(scene.hitTest(3.5, 0.5)), []);

  // Box2D's rule: shape (categories 2, mask all) and a query with mask 1 do not meet.
  scene.setFilter(ids.a, 2, 0xffff);
  assert.deepEqual(Array.from(scene.hitTest(0.5, 0.5, { categories: 1, mask: 1 })), []);
  assert.deepEqual(Array.from(scene.hitTest(0.5, 0.5, { categories: 1, mask: 2 })), [ids.a]);
  assert.deepEqual(Array.from(scene.hitTest(0.5, 0.5)), [ids.a], "default options see every category");
  scene.setFilter(ids.a, 1, 4); // the shape only collides with category 4
  assert.deepEqual(Array.from(scene.hitTest(0.5, 0.5, { categories: 1, mask: 0xffff })), []);
  assert.deepEqual(Array.from(scene.hitTest(0.5, 0.5, { categories: 4, mask: 0xffff })), [ids.a]);
  scene.dispose();

  const boxes = new Scene();
  const rows = new Float64Array([1, 1, 2, 2, 0, 3, 1, 2, 2, 0, 10, 10, 2, 2, Math.PI / 4]);
  const added = boxes.addBoxes(rows);
  assert.ok(added instanceof Uint32Array);
  assert.equal(added.length, 3);
  assert.equal(boxes.size, 3);
  const first = boxes.shape(added[0]);
  assert.equal(first.kind, "obb");
  assert.deepEqual([first.x, first.y, first.width, first.height], [1, 1, 2, 2]);
  assert.deepEqual(sorted(boxes.hitTest(2, 1)), sorted([added[0], added[1]]), "shared edge x = 2");
  assert.deepEqual(Array.from(boxes.hitTest(10, 10)), [added[2]]);
  const more = boxes.addBoxes(new Float32Array([20, 20, 1, 1, 0]));
  assert.equal(more.length, 1);
  assert.equal(boxes.size, 4);
  assert.equal(boxes.addBoxes(new Float64Array(0)).length, 0);
  // A row that make_obb takes but Scene::add refuses (its bounding box overflows) adds nothing.
  throwsNaming(() => boxes.addBoxes(new Float64Array([5, 5, 1, 1, 0, 1.7e308, 0, 1e308, 1, 0.5])), RangeError, "row 1", "overflows");
  assert.equal(boxes.size, 4, "a refused batch adds nothing");
  boxes.dispose();
});

/** The scene's pairs as sorted "first,second" strings. */
function pairList(scene) {
  const flat = scene.overlappingPairs();
  const out = [];
  for (let k = 0; k < flat.length; k += 2) out.push(`${flat[k]},${flat[k + 1]}`);
  return out.sort();
}

/** Two scenes of the same seeded mixed shapes (boxes, circles, polygons), with userData. */
function twinScenes(random, count, index) {
  const scenes = [new Scene({ index }), new Scene({ index })];
  const ids = [];
  for (let i = 0; i < count; ++i) {
    const x = random() * 200, y = random() * 200;
    const shape = i % 3 === 0 ? c2d.obb(x, y, 1 + random() * 12, 1 + random() * 12, random() * 6)
      : i % 3 === 1 ? c2d.circle(x, y, 0.5 + random() * 5) : c2d.polygon(randomConvexPoints(random, x, y));
    for (const scene of scenes) ids[i] = scene.add(shape, `item ${i}`);
  }
  return { scenes, ids };
}

test("Scene: moveBoxes equals move one by one (seeded, repeated ids, float32 and float64 rows)", () => {
  const random = mulberry32(20261128);
  for (const index of ["automatic", "dynamic", "grid"]) {
    const { scenes: [batch, single], ids } = twinScenes(random, 400, index);
    for (const [round, Rows] of [[0, Float64Array], [1, Float32Array], [2, Float64Array]]) {
      // A batch of 300 rows over random ids, each id possibly several times; a Uint32Array of
      // ids one round, a plain array the next.
      const n = 300;
      const moved = Array.from({ length: n }, () => ids[Math.floor(random() * ids.length)]);
      moved[n - 1] = moved[0]; // a repeat: the last row wins
      const rows = new Rows(5 * n);
      for (let i = 0; i < n; ++i) {
        rows.set([random() * 200, random() * 200, 1 + random() * 12, 1 + random() * 12, random() * 7 - 1], 5 * i);
      }
      batch.moveBoxes(round === 1 ? moved : Uint32Array.from(moved), rows);
      for (let i = 0; i < n; ++i) {
        const r = rows.subarray(5 * i, 5 * i + 5); // the float32 values as JavaScript reads them
        single.move(moved[i], c2d.obb(r[0], r[1], r[2], r[3], r[4]));
      }
      const what = `${index}, round ${round} (${Rows.name})`;
      for (const id of ids) {
        assert.deepEqual(fields(batch.shape(id)), fields(single.shape(id)), `${what}: shape of id ${id}`);
        assert.equal(batch.userData(id), single.userData(id), `${what}: userData of id ${id} kept`);
      }
      // The repeated id holds its last row (angle aside: obb keeps it as given, shape() derives
      // it from the rotation).
      const last = rows.subarray(5 * (n - 1));
      const placed = (shape) => [shape.x, shape.y, shape.width, shape.height, shape.cos, shape.sin];
      assert.deepEqual(placed(batch.shape(moved[0])), placed(c2d.obb(last[0], last[1], last[2], last[3], last[4])),
        `${what}: the repeated id holds its last row`);
      const pairs = pairList(batch);
      assert.ok(pairs.length > 50, `${what}: ${pairs.length} pairs, enough to compare`);
      assert.deepEqual(pairs, pairList(single), `${what}: the same overlapping pairs`);
    }
    batch.moveBoxes([], new Float64Array(0)); // an empty batch changes nothing
    assert.deepEqual(pairList(batch), pairList(single));
    batch.dispose();
    single.dispose();
  }
});

test("Scene: moveBoxes errors (TypeError, RangeError naming the value) change nothing", () => {
  const scene = new Scene();
  const ids = scene.addBoxes(new Float64Array([1, 1, 2, 2, 0, 3, 1, 2, 2, 0, 10, 10, 2, 2, 0.5]));
  const ball = scene.add(c2d.circle(5, 5, 1), "ball");
  const gone = scene.add(c2d.point(0, 0));
  scene.remove(gone);
  scene.overlappingPairs(); // the index built, so that a change would show in the saved bytes
  const before = scene.save();
  const good = (k) => new Float64Array(Array.from({ length: 5 * k }, (_, i) => [7, 7, 1, 1, 0][i % 5]));
  const rowsWith = (bad) => { const r = good(3); r.set(bad, 10); return r; };
  // Each refused call must leave the scene as it was (the same saved bytes), checked at once.
  const check = (fn, cls, ...names) => {
    throwsNaming(fn, cls, ...names);
    assert.deepEqual(scene.save(), before, `${String(fn)}: the refused call changed the scene`);
  };
  check(() => scene.moveBoxes(new Int32Array([0]), good(1)), TypeError, "Uint32Array");
  check(() => scene.moveBoxes("0", good(1)), TypeError, "ids");
  check(() => scene.moveBoxes(null, good(1)), TypeError, "ids");
  check(() => scene.moveBoxes([0, "1"], good(2)), TypeError, "ids[1]");
  check(() => scene.moveBoxes([0, 1n], good(2)), TypeError, "ids[1]");
  check(() => scene.moveBoxes([0, -1], good(2)), RangeError, "ids[1]", "-1");
  check(() => scene.moveBoxes([0, 1.5], good(2)), RangeError, "ids[1]", "1.5");
  check(() => scene.moveBoxes([NaN], good(1)), RangeError, "ids[0]", "NaN");
  check(() => scene.moveBoxes([0], [7, 7, 1, 1, 0]), TypeError, /Float64Array|Float32Array/);
  check(() => scene.moveBoxes([0], new Float64Array(7)), RangeError, "7", "multiple of 5");
  check(() => scene.moveBoxes([0, 1], good(1)), RangeError, "2 ids and 1 rows");
  check(() => scene.moveBoxes(Uint32Array.from([0]), good(2)), RangeError, "1 ids and 2 rows");
  // A bad value in the last row, after good rows for good ids.
  check(() => scene.moveBoxes([0, 1, 2], rowsWith([0, 0, -2, 1, 0])), RangeError, "row 2", "-2");
  check(() => scene.moveBoxes([0, 1, 2], rowsWith([0, 0, 1, 1, NaN])), RangeError, "row 2", /NaN/i);
  check(() => scene.moveBoxes([0, 1, 2], rowsWith([Infinity, 0, 1, 1, 0])), RangeError, "row 2");
  check(() => scene.moveBoxes(ids, new Float32Array([1, 1, 2, 2, 0, 3, 1, 2, 2, 0, 0, 0, 1, NaN, 0])), RangeError, "row 2");
  // A box make_obb takes but the scene refuses (its bounding box overflows), last.
  check(() => scene.moveBoxes([0, 1, 2], rowsWith([1.7e308, 0, 1e308, 1, 0.5])), RangeError, "row 2", "overflows");
  // An id not in the scene (removed, or never given) last, after good ids.
  check(() => scene.moveBoxes(Uint32Array.from([ids[0], 0xffffffff]), good(2)), RangeError, "4294967295");
  check(() => scene.moveBoxes([ids[0], ball, gone], good(3)), RangeError, `ids[2] is ${gone}`);
  assert.equal(scene.userData(ball), "ball");
  scene.dispose();
});

test("Scene: nodeSize option and many shapes", () => {
  const scene = new Scene({ index: "packed", nodeSize: 4 });
  const ids = [];
  for (let i = 0; i < 200; ++i) ids.push(scene.add(c2d.aabb(i, 0, i + 1, 1)));
  // Every tile shares edges with its neighbours: 199 pairs.
  assert.equal(scene.overlappingPairs().length, 2 * 199);
  assert.deepEqual(sorted(scene.hitTest(50, 0.5)), sorted([ids[49], ids[50]]));
  assert.deepEqual(sorted(scene.select(c2d.aabb(10, 0, 12, 1), "contains")), sorted([ids[10], ids[11]]));
  scene.dispose();
});

test("Scene: nearest and nearestTo, against every shape's own distance", () => {
  const scene = new Scene();
  // Unit squares at x = 0, 4 and 10: from (2, 0.5) a is 1 away, b 2, c 8.
  const a = scene.add(c2d.aabb(0, 0, 1, 1));
  const b = scene.add(c2d.aabb(4, 0, 5, 1));
  const c = scene.add(c2d.aabb(10, 0, 11, 1));
  assert.deepEqual(scene.nearest(2, 0.5, 2), [{ id: a, distance: 1 }, { id: b, distance: 2 }]);
  assert.deepEqual(scene.nearest(2, 0.5), [{ id: a, distance: 1 }]);
  assert.equal(scene.nearest(2, 0.5, 3, { maxDistance: 2 }).length, 2);
  assert.deepEqual(scene.nearestTo(c2d.segment(6, 0.5, 8, 0.5), 2), [{ id: b, distance: 1 }, { id: c, distance: 2 }]);
  throwsNaming(() => scene.nearest(2, 0.5, -1), RangeError, /k is -1/);
  throwsNaming(() => scene.nearest(2, 0.5, 1, { maxDistance: -3 }), RangeError, /maxDistance is -3/);
  throwsNaming(() => scene.nearest(NaN, 0.5), RangeError, /NaN/);
  scene.dispose();

  // Seeded random shapes: the k nearest equal a sort of every shape by the package's own
  // overlaps and distance (the C++ library's answers), nearest first, topmost first on ties.
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const many = new Scene();
  const shapes = new Map();
  for (let i = 0; i < 300; ++i) {
    const x = rand() * 100, y = rand() * 100;
    const shape = i % 3 === 0 ? c2d.circle(x, y, 0.5 + rand() * 3)
      : i % 3 === 1 ? c2d.obb(x, y, 1 + rand() * 5, 1 + rand() * 5, rand() * 6) : c2d.aabb(x, y, x + rand() * 4, y + rand() * 4);
    const id = many.add(shape);
    if (i % 7 === 0) many.setZ(id, 1);
    shapes.set(id, shape);
  }
  for (let q = 0; q < 50; ++q) {
    const x = rand() * 120 - 10, y = rand() * 120 - 10, k = 1 + (q % 9);
    const point = c2d.point(x, y);
    const expected = [...shapes].map(([id, shape]) => ({
      id, distance: c2d.overlaps(point, shape) ? 0 : c2d.distance(point, shape).distance, z: many.z(id),
    })).sort((p, r) => p.distance - r.distance || r.z - p.z || r.id - p.id).slice(0, k).map(({ id, distance }) => ({ id, distance }));
    assert.deepEqual(many.nearest(x, y, k), expected, `query ${q} at (${x}, ${y}), k ${k}`);
  }
  many.dispose();
});

test("Scene: dispose, then every use throws a TypeError", () => {
  const { scene, ids } = smallScene();
  scene.dispose();
  const uses = {
    size: () => scene.size,
    add: () => scene.add(c2d.point(0, 0)),
    addBoxes: () => scene.addBoxes(new Float64Array(5)),
    move: () => scene.move(ids.a, c2d.point(0, 0)),
    moveBoxes: () => scene.moveBoxes([ids.a], new Float64Array(5)),
    remove: () => scene.remove(ids.a),
    clear: () => scene.clear(),
    has: () => scene.has(ids.a),
    shape: () => scene.shape(ids.a),
    userData: () => scene.userData(ids.a),
    setUserData: () => scene.setUserData(ids.a, 1),
    z: () => scene.z(ids.a),
    setZ: () => scene.setZ(ids.a, 1),
    setFilter: () => scene.setFilter(ids.a, 1, 1),
    select: () => scene.select(c2d.aabb(0, 0, 1, 1)),
    hitTest: () => scene.hitTest(0, 0),
    raycastClosest: () => scene.raycastClosest(c2d.ray(0, 0, 1, 0)),
    raycastAll: () => scene.raycastAll(c2d.ray(0, 0, 1, 0)),
    overlappingPairs: () => scene.overlappingPairs(),
    overlapping: () => scene.overlapping(c2d.point(0, 0)),
    candidates: () => scene.candidates(c2d.aabb(0, 0, 1, 1)),
    update: () => scene.update(),
    stats: () => scene.stats(),
    indexBoxes: () => scene.indexBoxes(),
  };
  for (const [name, use] of Object.entries(uses)) {
    throwsNaming(use, TypeError, /dispos/i);
  }
});

test("Scene: parts of a large group come back in order, and each call reads its own group", () => {
  const scene = new Scene();
  const many = Array.from({ length: 3000 }, (_, i) => c2d.aabb(i, 0, i + 1, 1));
  const big = scene.addGroup(many);
  const small = scene.addGroup([c2d.circle(0, 5, 1), c2d.point(2, 5)]);
  const got = scene.parts(big);
  assert.equal(got.length, many.length);
  assert.deepEqual(got.map(fields), many.map(fields));
  // Another group's parts in between, then the big group's again: each call reads its own.
  assert.deepEqual(scene.parts(small).map(fields), [fields(c2d.circle(0, 5, 1)), fields(c2d.point(2, 5))]);
  assert.deepEqual(scene.parts(big).map(fields), many.map(fields));
  // A group removed and another added in its place (the id may be reused): its own parts.
  scene.remove(big);
  const next = scene.addGroup([c2d.aabb(7, 7, 8, 8)]);
  assert.deepEqual(scene.parts(next).map(fields), [fields(c2d.aabb(7, 7, 8, 8))]);
});

test("Scene: groups (addGroup, isGroup, parts) answer as the union of their parts", () => {
  for (const index of ["automatic", "dynamic"]) {
    const scene = new Scene({ index });
    // An L of two boxes: [0,2]x[0,1] and [0,1]x[0,2]; the notch (1,2]x(1,2] is not part of it.
    const l = scene.addGroup([c2d.aabb(0, 0, 2, 1), c2d.aabb(0, 0, 1, 2)], "L");
    const ball = scene.add(c2d.circle(5, 5, 1));
    assert.equal(scene.isGroup(l), true);
    assert.equal(scene.isGroup(ball), false);
    assert.equal(scene.userData(l), "L");
    assert.deepEqual(scene.parts(l).map(fields), [
      { kind: "aabb", minX: 0, minY: 0, maxX: 2, maxY: 1 },
      { kind: "aabb", minX: 0, minY: 0, maxX: 1, maxY: 2 },
    ]);
    assert.equal(scene.parts(ball).length, 1);
    assert.deepEqual(sorted(scene.hitTest(1.5, 1.5)), [], `${index}: the notch misses`);
    assert.deepEqual(sorted(scene.hitTest(0.5, 1.5)), [l]);
    const overB = c2d.aabb(-1, -1, 1.5, 2.5);
    assert.deepEqual(sorted(scene.select(overB)), [l], `${index}: intersects one part`);
    assert.deepEqual(sorted(scene.select(overB, "contains")), [], `${index}: not every part inside`);
    assert.deepEqual(sorted(scene.select(c2d.aabb(-1, -1, 3, 3), "contains")), [l]);
    assert.deepEqual(sorted(scene.select(c2d.aabb(1, 1, 2, 2), "intersects", { excludeTouching: true })), []);
    const hit = scene.raycastClosest(c2d.ray(1.5, 3, 0, -1));
    assert.equal(hit.id, l);
    assert.equal(hit.tEnter, 2, "through the notch into the bottom box's top");
    // Two groups touching at a corner pair; a group never pairs with itself.
    const other = scene.addGroup([c2d.aabb(2, 1, 3, 2), c2d.circle(9, 9, 1)]);
    assert.deepEqual(sorted(scene.overlappingPairs()), sorted([l, other]));
    throwsNaming(() => scene.addGroup([]), RangeError, "at least one part");
    throwsNaming(() => scene.shape(l), RangeError, "is a group");
    scene.dispose();
  }
});

/** A scene of aabbs (x0, y0, x1, y1); select(lasso) answers as sets of positions in `boxes`. */
function lassoCase(boxes) {
  const scene = new Scene();
  const ids = boxes.map(([x0, y0, x1, y1]) => scene.add(c2d.aabb(x0, y0, x1, y1)));
  const positions = (got) => sorted(Array.from(got, (id) => ids.indexOf(id)));
  return (lasso, mode, options) => positions(scene.select(lasso, mode, options));
}

test("Scene: select(lasso) by hand (nonzero winding: a U, a figure eight, loops)", () => {
  // A U (counter-clockwise): arms x in [0, 10] and [20, 30], joined below y = 10; the notch is
  // x in (10, 20), y > 10.
  const u = [[0, 0], [30, 0], [30, 30], [20, 30], [20, 10], [10, 10], [10, 30], [0, 30]];
  const select = lassoCase([
    [13, 18, 17, 22], // 0: in the notch: touches nothing
    [3, 18, 7, 22], // 1: inside the left arm
    [8, 18, 12, 22], // 2: across the arm's inner edge x = 10
    [0, 18, 4, 22], // 3: inside, its left side on the path x = 0
    [12, 2, 18, 6], // 4: in the bottom bar, below the notch
    [40, 0, 50, 10], // 5: far outside
    [10, 22, 14, 26], // 6: in the notch, its left side on the path x = 10
  ]);
  const forms = [u, [...u].reverse(), u.map(([x, y]) => ({ x, y })), Float64Array.from(u.flat()), u.flat()];
  for (const points of forms) {
    const lasso = c2d.lasso(points);
    assert.equal(lasso.kind, "lasso");
    assert.deepEqual(select(lasso), [1, 2, 3, 4, 6], "intersects by default");
    assert.deepEqual(select(lasso, "contains"), [1, 3, 4]);
    assert.deepEqual(select(lasso, "intersects", { excludeTouching: true }), [1, 2, 3, 4]);
    assert.deepEqual(select(lasso, "contains", { excludeTouching: true }), [1, 4]);
  }
  assert.deepEqual(Array.from(c2d.lasso(u).points), u.flat(), "points, flat, as given");

  // A figure eight (a bowtie) crossing itself at (5, 5): the left lobe (5,5), (0,10), (0,0)
  // winds +1, the right lobe (5,5), (10,10), (10,0) winds -1; the nonzero rule fills both.
  const eight = c2d.lasso([[0, 0], [10, 10], [10, 0], [0, 10]]);
  const selectEight = lassoCase([
    [1.5, 4.5, 2.5, 5.5], // 0: in the left lobe
    [7.5, 4.5, 8.5, 5.5], // 1: in the right lobe
    [4.5, 0.5, 5.5, 1.5], // 2: below the crossing, between the lobes
    [4.5, 8.5, 5.5, 9.5], // 3: above it
    [4, 4, 6, 6], // 4: around the crossing
  ]);
  assert.deepEqual(selectEight(eight), [0, 1, 4]);
  assert.deepEqual(selectEight(eight, "contains"), [0, 1]);
  assert.deepEqual(selectEight(eight, "contains", { excludeTouching: true }), [0, 1]);

  // The same square twice, once each way: winding 0 inside; only the path itself is selected.
  const square = [[0, 0], [10, 0], [10, 10], [0, 10]];
  const both = c2d.lasso([...square, [0, 0], [0, 10], [10, 10], [10, 0]]);
  const selectSquare = lassoCase([[4, 4, 6, 6], [-1, 4, 1, 6], [10, 4, 12, 6]]);
  assert.deepEqual(selectSquare(both), [1, 2]);
  assert.deepEqual(selectSquare(both, "intersects", { excludeTouching: true }), []);
  assert.deepEqual(selectSquare(both, "contains"), []);
  // Twice round the same way: winding 2, selected as once round.
  assert.deepEqual(selectSquare(c2d.lasso([...square, ...square]), "contains", { excludeTouching: true }), [0]);
});

test("Scene: lasso bad input throws TypeError or RangeError naming the value", () => {
  throwsNaming(() => c2d.lasso([[0, 0], [1, 1]]), RangeError, /at least 3 points, got 2/);
  throwsNaming(() => c2d.lasso([]), RangeError, /got 0/);
  throwsNaming(() => c2d.lasso([[0, 0], [1, NaN], [2, 0]]), RangeError, /point 1/, /nan/i);
  throwsNaming(() => c2d.lasso(new Float64Array([0, 0, 1, 1, -Infinity, 0])), RangeError, /point 2/, /inf/i);
  throwsNaming(() => c2d.lasso([0, 0, 1, 1, 2]), RangeError, /even length, got 5/);
  throwsNaming(() => c2d.lasso([[0, 0], [1, 0], "x"]), TypeError, /points\[2\]/);
  throwsNaming(() => c2d.lasso([{ x: 0, y: 0 }, { x: 1, y: "1" }, { x: 1, y: 1 }]), TypeError, /points\[1\]\.y/);
  throwsNaming(() => c2d.lasso(null), TypeError, /points is null/);
  throwsNaming(() => c2d.lasso(7), TypeError, /points is 7/);
  const scene = new Scene();
  const id = scene.add(c2d.aabb(0, 0, 1, 1));
  const lasso = c2d.lasso([[-1, -1], [2, -1], [2, 2]]);
  throwsNaming(() => scene.select(lasso, "touches"), RangeError, /mode is "touches"/);
  throwsNaming(() => scene.select({ kind: "lasso", points: [0, 0, 1, 0, 1, 1] }), TypeError, /region/);
  throwsNaming(() => scene.select(lasso, "intersects", 5), TypeError, /options is 5/);
  assert.deepEqual(Array.from(scene.select(lasso)), [id], "the scene still answers");
  assert.deepEqual(Array.from(scene.select(lasso, "contains")), [], "the corner (0, 1) is outside");
  lasso.points[0] = 100; // a copy: (100, -1) would leave the box out, but the lasso is unchanged
  assert.deepEqual(Array.from(scene.select(lasso)), [id]);
  scene.dispose();
  throwsNaming(() => scene.select(lasso), TypeError, /dispos/i);
});

test("Scene: select(lasso) of a convex polygon's outline, either way round, equals select(polygon)", () => {
  // Two separate paths through the library: the lasso's winding grid and split path, and the
  // convex polygon region. Integer coordinates, so every touching case is exact in both.
  const random = mulberry32(20261125);
  const int = (n) => Math.floor(random() * n);
  let selected = 0;
  let left = 0;
  for (let trial = 0; trial < 30; ++trial) {
    const points = Array.from({ length: 3 + int(8) }, () => [int(41), int(41)]);
    let hull;
    try {
      hull = c2d.convexHull(points);
    } catch {
      continue; // collinear points: no polygon
    }
    const scene = new Scene({ index: trial % 2 === 0 ? "automatic" : "grid" });
    for (let k = 0; k < 60; ++k) {
      const x = int(42) - 2;
      const y = int(42) - 2;
      scene.add(c2d.aabb(x, y, x + 1 + int(6), y + 1 + int(6)));
    }
    const v = Array.from(hull.vertices);
    const reversed = [];
    for (let i = v.length - 2; i >= 0; i -= 2) reversed.push(v[i], v[i + 1]);
    for (const mode of ["intersects", "contains"]) {
      for (const excludeTouching of [false, true]) {
        const want = sorted(scene.select(hull, mode, { excludeTouching }));
        for (const path of [v, reversed]) {
          const got = sorted(scene.select(c2d.lasso(path), mode, { excludeTouching }));
          assert.deepEqual(got, want, `trial ${trial}: ${mode}, excludeTouching ${excludeTouching}, path ${path}`);
        }
        selected += want.length;
        left += 60 - want.length;
      }
    }
    scene.dispose();
  }
  assert.ok(selected > 300 && left > 300, `both answers occur: ${selected} selected, ${left} not`);
});
