// Hand cases for every free function, each checkable on paper (y up, radians counter-clockwise,
// closed sets: touching counts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { fields, load, near, nearVec } from "./helpers.mjs";

const c2d = await load();

test("module: version, simdTarget, heapBytes, named exports", async () => {
  assert.equal(typeof c2d.version, "string");
  assert.match(c2d.version, /^\d+\.\d+\.\d+/);
  assert.equal(typeof c2d.simdTarget, "string");
  assert.ok(c2d.simdTarget.length > 0);
  assert.ok(Number.isInteger(c2d.heapBytes()) && c2d.heapBytes() > 0);
  const module = await import("../index.mjs");
  assert.equal(typeof module.loadCollide2d, "function", "named export loadCollide2d");
  assert.equal(module.default, module.loadCollide2d, "default export is loadCollide2d");
  assert.equal(await module.loadCollide2d(), c2d, "loading twice gives the same instance");
  // collide2d.d.ts declares Scene as an interface and its constructor as c2d.Scene (a Scene
  // lives in one loaded module): the module exports no Scene value.
  assert.equal(module.Scene, undefined, "no top-level Scene export (c2d.Scene is the constructor)");
  const scene = new c2d.Scene();
  scene.add(c2d.point(0, 0));
  assert.equal(scene.size, 1);
  scene.dispose();
});

test("constructors: frozen plain objects with the declared fields", () => {
  const p = c2d.point(1, 2);
  assert.deepEqual(fields(p), { kind: "point", x: 1, y: 2 });
  assert.ok(Object.isFrozen(p));
  assert.deepEqual(fields(c2d.segment(1, 2, 3, 4)), { kind: "segment", ax: 1, ay: 2, bx: 3, by: 4 });
  assert.deepEqual(fields(c2d.circle(1, 2, 3)), { kind: "circle", x: 1, y: 2, radius: 3 });
  assert.deepEqual(
    fields(c2d.capsule(1, 2, 3, 4, 5)),
    { kind: "capsule", ax: 1, ay: 2, bx: 3, by: 4, radius: 5 },
  );
  assert.deepEqual(fields(c2d.aabb(1, 2, 3, 4)), { kind: "aabb", minX: 1, minY: 2, maxX: 3, maxY: 4 });
  for (const shape of [c2d.segment(0, 0, 1, 1), c2d.circle(0, 0, 1), c2d.aabb(0, 0, 1, 1)]) {
    assert.ok(Object.isFrozen(shape), `${shape.kind} is frozen`);
  }
  // Zero sizes are allowed (closed sets: a degenerate box is a segment or a point).
  assert.equal(c2d.circle(0, 0, 0).radius, 0);
  assert.equal(c2d.aabb(1, 1, 1, 1).maxX, 1);
});

test("rect: the DOM getBoundingClientRect form (left, top, width, height)", () => {
  const r = c2d.rect(10, 20, 30, 40);
  assert.deepEqual(fields(r), { kind: "aabb", minX: 10, minY: 20, maxX: 40, maxY: 60 });
  assert.ok(Object.isFrozen(r));
  // Two DOM rects side by side share an edge: they overlap (touching counts).
  assert.equal(c2d.overlaps(c2d.rect(0, 0, 50, 50), c2d.rect(50, 0, 50, 50)), true);
  assert.equal(c2d.overlaps(c2d.rect(0, 0, 50, 50), c2d.rect(50.5, 0, 50, 50)), false);
});

test("obb and obbFromRotation: angle, cos, sin", () => {
  const o = c2d.obb(1, 2, 4, 6);
  assert.equal(o.kind, "obb");
  assert.deepEqual([o.x, o.y, o.width, o.height, o.angle, o.cos, o.sin], [1, 2, 4, 6, 0, 1, 0]);
  assert.ok(Object.isFrozen(o));
  const t = c2d.obb(0, 0, 2, 2, 0.5);
  near(t.angle, 0.5, 1e-15, "angle");
  near(t.cos, Math.cos(0.5), 1e-15, "cos");
  near(t.sin, Math.sin(0.5), 1e-15, "sin");
  // collide2d.d.ts: obb() keeps the angle as given (a spinning box's angle keeps growing), and
  // its cos and sin are those of that angle.
  for (const given of [0.5 + 2 * Math.PI, (3 * Math.PI) / 2, -Math.PI, -7, 100]) {
    const w = c2d.obb(0, 0, 2, 2, given);
    assert.equal(w.angle, given, "angle as given");
    near(w.cos, Math.cos(given), 1e-15, "cos");
    near(w.sin, Math.sin(given), 1e-15, "sin");
  }
  // An exact quarter turn.
  const q = c2d.obbFromRotation(0, 0, 4, 2, 0, 1);
  assert.deepEqual([q.cos, q.sin, q.width, q.height], [0, 1, 4, 2]);
  assert.equal(q.angle, Math.PI / 2);
  const half = c2d.obbFromRotation(0, 0, 4, 2, -1, 0);
  assert.equal(half.angle, Math.PI, "angle in (-pi, pi]: a half turn is +pi");
  // A quarter-turned 4 x 2 box spans x in [-1, 1] and y in [-2, 2].
  assert.deepEqual(fields(c2d.boundingBox(q)), { kind: "aabb", minX: -1, minY: -2, maxX: 1, maxY: 2 });
});

test("polygon: three input forms, counter-clockwise vertices, unit outward normals", () => {
  const forms = [
    [0, 0, 4, 0, 0, 4],
    new Float64Array([0, 0, 4, 0, 0, 4]),
    [{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 0, y: 4 }],
    [[0, 0], [4, 0], [0, 4]],
  ];
  for (const form of forms) {
    const p = c2d.polygon(form);
    assert.equal(p.kind, "polygon");
    assert.ok(Object.isFrozen(p));
    assert.ok(p.vertices instanceof Float64Array && p.normals instanceof Float64Array);
    assert.deepEqual(Array.from(p.vertices), [0, 0, 4, 0, 0, 4]);
    assert.equal(p.normals.length, 6);
    const n = Array.from(p.normals);
    near(n[0], 0, 0, "edge 0 normal x");
    near(n[1], -1, 0, "edge 0 normal y");
    near(n[2], Math.SQRT1_2, 1e-15, "edge 1 normal x");
    near(n[3], Math.SQRT1_2, 1e-15, "edge 1 normal y");
    near(n[4], -1, 0, "edge 2 normal x");
    near(n[5], 0, 0, "edge 2 normal y");
  }
  const octagon = [];
  for (let i = 0; i < 8; ++i) octagon.push([Math.cos((i * Math.PI) / 4), Math.sin((i * Math.PI) / 4)]);
  assert.equal(c2d.polygon(octagon).vertices.length, 16, "8 vertices allowed");
});

test("convexHull: drops interior, duplicate and collinear points, counter-clockwise", () => {
  const hull = c2d.convexHull([[0, 0], [2, 0], [4, 0], [4, 4], [1, 1], [0, 4], [2, 2], [4, 4], [0, 2]]);
  assert.equal(hull.kind, "polygon");
  const v = Array.from(hull.vertices);
  assert.equal(v.length, 8, `4 hull vertices, got ${v}`);
  // Same cycle as (0,0) (4,0) (4,4) (0,4), starting anywhere.
  const square = ["0,0", "4,0", "4,4", "0,4"];
  const got = [];
  for (let i = 0; i < v.length; i += 2) got.push(`${v[i]},${v[i + 1]}`);
  const start = got.indexOf("0,0");
  assert.ok(start >= 0, `hull ${got}`);
  assert.deepEqual([...got.slice(start), ...got.slice(0, start)], square);
  // Clockwise input is fine for a hull.
  const cw = c2d.convexHull([0, 4, 4, 0, 0, 0]);
  assert.equal(cw.vertices.length, 6);
  assert.equal(c2d.intersectionArea(cw, c2d.polygon([0, 0, 4, 0, 0, 4])), 8);
});

test("ray: fields and default maxT", () => {
  const r = c2d.ray(1, 2, 3, 4);
  assert.deepEqual(fields(r), { kind: "ray", ox: 1, oy: 2, dx: 3, dy: 4, maxT: Infinity });
  assert.ok(Object.isFrozen(r));
  assert.equal(c2d.ray(0, 0, 1, 0, 5).maxT, 5);
});

// Pairs that only touch (true), and the same pairs moved a little apart (false), for every pair of
// kinds. Every number here is exact in binary, so the touching answers are exact.
const quarter = c2d.obbFromRotation(0, 0, 4, 2, 0, 1); // x in [-1, 1], y in [-2, 2]
const triangle = c2d.polygon([0, 0, 4, 0, 0, 4]);
const touching = [
  ["point/point", c2d.point(1, 2), c2d.point(1, 2), c2d.point(1, 2.5)],
  ["point/segment end", c2d.segment(0, 0, 4, 0), c2d.point(4, 0), c2d.point(4.5, 0)],
  ["point/segment middle", c2d.segment(0, 0, 4, 2), c2d.point(2, 1), c2d.point(2, 1.5)],
  ["point/circle", c2d.circle(0, 0, 5), c2d.point(3, 4), c2d.point(3, 4.5)],
  ["point/capsule side", c2d.capsule(0, 0, 4, 0, 1), c2d.point(2, 1), c2d.point(2, 1.5)],
  ["point/capsule cap", c2d.capsule(0, 0, 4, 0, 1), c2d.point(5, 0), c2d.point(5.5, 0)],
  ["point/aabb corner", c2d.aabb(0, 0, 2, 2), c2d.point(2, 2), c2d.point(2, 2.5)],
  ["point/obb corner", quarter, c2d.point(1, 2), c2d.point(1, 2.5)],
  ["point/polygon edge", triangle, c2d.point(2, 2), c2d.point(2.5, 2)],
  ["point/polygon vertex", triangle, c2d.point(4, 0), c2d.point(4.5, 0)],
  ["segment/segment end to end", c2d.segment(0, 0, 2, 0), c2d.segment(2, 0, 2, 2), c2d.segment(2.5, 0, 2.5, 2)],
  ["segment/segment T", c2d.segment(0, 0, 2, 0), c2d.segment(1, 0, 1, 5), c2d.segment(1, 0.5, 1, 5)],
  ["segment/segment collinear", c2d.segment(0, 0, 1, 0), c2d.segment(1, 0, 3, 0), c2d.segment(1.5, 0, 3, 0)],
  ["segment/circle tangent", c2d.circle(0, 0, 5), c2d.segment(-5, 5, 5, 5), c2d.segment(-5, 5.5, 5, 5.5)],
  ["segment/capsule", c2d.capsule(0, 0, 4, 0, 1), c2d.segment(0, 1, 4, 1), c2d.segment(0, 1.5, 4, 1.5)],
  ["segment/aabb corner", c2d.aabb(0, 0, 2, 2), c2d.segment(1, 3, 3, 1), c2d.segment(1.5, 3, 3, 1.5)],
  ["segment/obb edge", quarter, c2d.segment(1, -5, 1, 5), c2d.segment(1.5, -5, 1.5, 5)],
  ["segment/polygon vertex", triangle, c2d.segment(4, 0, 6, 0), c2d.segment(4.5, 0, 6, 0)],
  ["circle/circle", c2d.circle(0, 0, 1), c2d.circle(2, 0, 1), c2d.circle(2.5, 0, 1)],
  ["circle/circle 3-4-5", c2d.circle(0, 0, 1), c2d.circle(3, 4, 4), c2d.circle(3, 4.5, 4)],
  ["circle/capsule", c2d.capsule(0, 0, 4, 0, 1), c2d.circle(2, 3, 2), c2d.circle(2, 3.5, 2)],
  ["circle/aabb corner", c2d.aabb(0, 0, 2, 2), c2d.circle(5, 6, 5), c2d.circle(5, 6.5, 5)],
  ["circle/obb edge", quarter, c2d.circle(4, 0, 3), c2d.circle(4.5, 0, 3)],
  ["circle/polygon vertex", triangle, c2d.circle(-3, -4, 5), c2d.circle(-3, -4.5, 5)],
  ["capsule/capsule", c2d.capsule(0, 0, 4, 0, 1), c2d.capsule(0, 3, 4, 3, 2), c2d.capsule(0, 3.5, 4, 3.5, 2)],
  ["capsule/aabb", c2d.capsule(0, 0, 4, 0, 1), c2d.aabb(0, 1, 4, 2), c2d.aabb(0, 1.5, 4, 2)],
  ["capsule/obb", quarter, c2d.capsule(3, -5, 3, 5, 2), c2d.capsule(3.5, -5, 3.5, 5, 2)],
  ["capsule/polygon", triangle, c2d.capsule(-2, -10, -2, 10, 2), c2d.capsule(-2.5, -10, -2.5, 10, 2)],
  ["aabb/aabb corner", c2d.aabb(0, 0, 1, 1), c2d.aabb(1, 1, 2, 2), c2d.aabb(1.5, 1, 2, 2)],
  ["aabb/aabb edge", c2d.aabb(0, 0, 1, 1), c2d.aabb(1, 0, 2, 1), c2d.aabb(1.5, 0, 2, 1)],
  ["aabb/obb edge", quarter, c2d.aabb(1, -2, 3, 2), c2d.aabb(1.5, -2, 3, 2)],
  ["aabb/obb corner", quarter, c2d.aabb(1, 2, 3, 4), c2d.aabb(1, 2.5, 3, 4)],
  ["aabb/polygon vertex", triangle, c2d.aabb(4, 0, 5, 1), c2d.aabb(4.5, 0, 5, 1)],
  ["aabb/polygon edge", triangle, c2d.aabb(2, 2, 3, 3), c2d.aabb(2.5, 2, 3, 3)],
  ["obb/obb edge", quarter, c2d.obbFromRotation(2, 0, 4, 2, 0, 1), c2d.obbFromRotation(2.5, 0, 4, 2, 0, 1)],
  ["obb/obb corner", quarter, c2d.obbFromRotation(2, 4, 2, 4, -1, 0), c2d.obbFromRotation(2, 4.5, 2, 4, -1, 0)],
  ["obb/polygon", quarter, c2d.polygon([1, 0, 3, 0, 1, 2]), c2d.polygon([1.5, 0, 3, 0, 1.5, 2])],
  ["polygon/polygon shared edge", triangle, c2d.polygon([4, 0, 4, 4, 0, 4]), c2d.polygon([4.5, 0, 4.5, 4, 0.5, 4])],
  ["polygon/polygon vertex", triangle, c2d.polygon([4, 0, 6, 0, 6, 2]), c2d.polygon([4.5, 0, 6, 0, 6, 2])],
];

test("overlaps: touching pairs of every kind overlap, both argument orders", () => {
  const kinds = new Set();
  for (const [name, a, b, apart] of touching) {
    kinds.add([a.kind, b.kind].sort().join("/"));
    assert.equal(c2d.overlaps(a, b), true, `${name}: touching counts`);
    assert.equal(c2d.overlaps(b, a), true, `${name} (reversed): touching counts`);
    assert.equal(c2d.overlaps(a, apart), false, `${name}: apart`);
    assert.equal(c2d.overlaps(apart, a), false, `${name} (reversed): apart`);
  }
  assert.equal(kinds.size, 28, "every pair of the 7 kinds is covered");
});

test("overlaps: clear overlaps and containment", () => {
  assert.equal(c2d.overlaps(c2d.aabb(0, 0, 4, 4), c2d.circle(2, 2, 1)), true);
  assert.equal(c2d.overlaps(c2d.circle(2, 2, 1), c2d.aabb(0, 0, 4, 4)), true);
  assert.equal(c2d.overlaps(triangle, c2d.point(1, 1)), true);
  assert.equal(c2d.overlaps(c2d.segment(0, 0, 4, 4), c2d.segment(0, 4, 4, 0)), true);
});

test("raycast: entry, exit, normal, startedInside, endedInside", () => {
  const box = c2d.aabb(2, -1, 4, 1);
  let hit = c2d.raycast(c2d.ray(0, 0, 1, 0), box);
  assert.ok(hit);
  assert.equal(hit.tEnter, 2);
  assert.equal(hit.tExit, 4);
  nearVec(hit.enter, { x: 2, y: 0 }, 0, "enter");
  nearVec(hit.exit, { x: 4, y: 0 }, 0, "exit");
  nearVec(hit.normal, { x: -1, y: 0 }, 0, "normal");
  assert.equal(hit.startedInside, false);
  assert.equal(hit.endedInside, false);

  // Direction not unit: t in units of the direction.
  hit = c2d.raycast(c2d.ray(0, 0, 2, 0), box);
  assert.equal(hit.tEnter, 1);
  assert.equal(hit.tExit, 2);

  // The ray ends inside.
  hit = c2d.raycast(c2d.ray(0, 0, 1, 0, 3), box);
  assert.equal(hit.tEnter, 2);
  assert.equal(hit.tExit, 3);
  nearVec(hit.exit, { x: 3, y: 0 }, 0, "exit at maxT");
  assert.equal(hit.endedInside, true);

  // Too short to reach it.
  assert.equal(c2d.raycast(c2d.ray(0, 0, 1, 0, 1.5), box), null);
  // Reaching it exactly at maxT counts (closed sets).
  hit = c2d.raycast(c2d.ray(0, 0, 1, 0, 2), box);
  assert.ok(hit, "a ray whose end touches the box hits it");
  assert.equal(hit.tEnter, 2);

  // Starting inside: tEnter 0, normal zero.
  hit = c2d.raycast(c2d.ray(3, 0, 1, 0), box);
  assert.equal(hit.startedInside, true);
  assert.equal(hit.tEnter, 0);
  assert.equal(hit.tExit, 1);
  nearVec(hit.normal, { x: 0, y: 0 }, 0, "normal when started inside");

  // Pointing away: a miss.
  assert.equal(c2d.raycast(c2d.ray(0, 0, -1, 0), box), null);
  // Grazing the top edge (closed set): hits from x = 2 to x = 4.
  hit = c2d.raycast(c2d.ray(0, 1, 1, 0), box);
  assert.ok(hit, "grazing an edge is a hit");
  assert.equal(hit.tEnter, 2);
  assert.equal(hit.tExit, 4);
  // Grazing only the corner (2, 1): entry and exit at t = 1.
  hit = c2d.raycast(c2d.ray(1, 0, 1, 1), box);
  assert.ok(hit, "a ray grazing a corner hits it");
  assert.equal(hit.tEnter, 1);
  assert.equal(hit.tExit, 1);
  nearVec(hit.enter, { x: 2, y: 1 }, 0, "corner");

  // Circle: enter at x = -1, leave at x = 1.
  hit = c2d.raycast(c2d.ray(-5, 0, 2, 0), c2d.circle(0, 0, 1));
  assert.equal(hit.tEnter, 2);
  assert.equal(hit.tExit, 3);
  nearVec(hit.normal, { x: -1, y: 0 }, 0, "circle normal");
  assert.equal(c2d.raycast(c2d.ray(-5, 1.5, 1, 0), c2d.circle(0, 0, 1)), null);
  // Tangent to the circle's top.
  hit = c2d.raycast(c2d.ray(-5, 1, 1, 0), c2d.circle(0, 0, 1));
  assert.ok(hit, "a tangent ray hits the circle");
  assert.equal(hit.tEnter, 5);

  // Polygon: enter the triangle's left edge at (0, 1), leave through x + y = 4 at (3, 1).
  hit = c2d.raycast(c2d.ray(-2, 1, 1, 0), triangle);
  assert.equal(hit.tEnter, 2);
  assert.equal(hit.tExit, 5);
  nearVec(hit.enter, { x: 0, y: 1 }, 0, "enter");
  nearVec(hit.exit, { x: 3, y: 1 }, 0, "exit");
  nearVec(hit.normal, { x: -1, y: 0 }, 0, "normal");

  // Quarter-turned obb (x in [-1, 1], y in [-2, 2]), from above.
  hit = c2d.raycast(c2d.ray(0, 10, 0, -1), quarter);
  assert.equal(hit.tEnter, 8);
  assert.equal(hit.tExit, 12);
  nearVec(hit.normal, { x: 0, y: 1 }, 0, "obb normal");

  // Capsule (0,0)-(4,0) radius 1 from the left: enter the round cap at x = -1.
  hit = c2d.raycast(c2d.ray(-3, 0, 1, 0), c2d.capsule(0, 0, 4, 0, 1));
  assert.equal(hit.tEnter, 2);
  assert.equal(hit.tExit, 8);
  nearVec(hit.normal, { x: -1, y: 0 }, 0, "capsule normal");

  // Segment across the ray.
  hit = c2d.raycast(c2d.ray(0, 0, 1, 0), c2d.segment(2, -1, 2, 1));
  assert.equal(hit.tEnter, 2);
  nearVec(hit.enter, { x: 2, y: 0 }, 0, "segment hit");
  // Point on the ray.
  hit = c2d.raycast(c2d.ray(0, 0, 1, 0), c2d.point(3, 0));
  assert.equal(hit.tEnter, 3);
  assert.equal(c2d.raycast(c2d.ray(0, 0, 1, 0), c2d.point(3, 0.5)), null);
});

test("collide: manifold normal, depth and points", () => {
  // Boxes [0,2]x[0,2] and [1,3]x[0,2]: overlap 1 along x, two contact points midway (x = 1.5).
  let m = c2d.collide(c2d.aabb(0, 0, 2, 2), c2d.aabb(1, 0, 3, 2));
  nearVec(m.normal, { x: 1, y: 0 }, 0, "normal a to b");
  assert.equal(m.points.length, 2);
  const points = [...m.points].sort((p, q) => p.point.y - q.point.y);
  near(points[0].depth, 1, 1e-12, "depth 0");
  near(points[1].depth, 1, 1e-12, "depth 1");
  nearVec(points[0].point, { x: 1.5, y: 0 }, 1e-12, "point 0");
  nearVec(points[1].point, { x: 1.5, y: 2 }, 1e-12, "point 1");

  // Reversed arguments: the normal turns round.
  m = c2d.collide(c2d.aabb(1, 0, 3, 2), c2d.aabb(0, 0, 2, 2));
  nearVec(m.normal, { x: -1, y: 0 }, 0, "reversed normal");
  assert.equal(m.points.length, 2);

  // Circles of radius 2 at x = 0 and x = 3: depth 1, one point midway between the surfaces.
  m = c2d.collide(c2d.circle(0, 0, 2), c2d.circle(3, 0, 2));
  nearVec(m.normal, { x: 1, y: 0 }, 0, "circle normal");
  assert.equal(m.points.length, 1);
  near(m.points[0].depth, 1, 0, "circle depth");
  nearVec(m.points[0].point, { x: 1.5, y: 0 }, 0, "circle contact point");

  // Touching circles: one point of depth 0.
  m = c2d.collide(c2d.circle(0, 0, 1), c2d.circle(0, 2, 1));
  assert.equal(m.points.length, 1, "touching gives a contact");
  nearVec(m.normal, { x: 0, y: 1 }, 0, "touching normal");
  near(m.points[0].depth, 0, 0, "touching depth");
  nearVec(m.points[0].point, { x: 0, y: 1 }, 0, "touching point");

  // Apart: no points, zero normal.
  m = c2d.collide(c2d.circle(0, 0, 1), c2d.circle(3, 0, 1));
  assert.equal(m.points.length, 0);
  nearVec(m.normal, { x: 0, y: 0 }, 0, "apart normal");
});

test("penetration: minimum translation of b", () => {
  // b = [1,3]x[0.5,1.5] in a = [0,2]x[0,2]: 1 along x beats 1.5 along y.
  let p = c2d.penetration(c2d.aabb(0, 0, 2, 2), c2d.aabb(1, 0.5, 3, 1.5));
  assert.ok(p);
  nearVec(p.normal, { x: 1, y: 0 }, 0, "normal");
  near(p.depth, 1, 0, "depth");
  p = c2d.penetration(c2d.circle(0, 0, 2), c2d.circle(0, -3, 2));
  nearVec(p.normal, { x: 0, y: -1 }, 0, "circle normal");
  near(p.depth, 1, 0, "circle depth");
  // Touching: depth 0.
  p = c2d.penetration(c2d.aabb(0, 0, 1, 1), c2d.aabb(1, 0, 2, 1));
  assert.ok(p, "touching shapes overlap, with depth 0");
  near(p.depth, 0, 0, "touching depth");
  assert.equal(c2d.penetration(c2d.aabb(0, 0, 1, 1), c2d.aabb(1.5, 0, 2, 1)), null);
});

test("distance: value and closest points", () => {
  let d = c2d.distance(c2d.circle(0, 0, 1), c2d.circle(5, 0, 1));
  near(d.distance, 3, 0, "circles");
  nearVec(d.pointA, { x: 1, y: 0 }, 0, "pointA");
  nearVec(d.pointB, { x: 4, y: 0 }, 0, "pointB");
  d = c2d.distance(c2d.aabb(0, 0, 1, 1), c2d.point(4, 5));
  near(d.distance, 5, 1e-12, "box corner to point (3-4-5)");
  nearVec(d.pointA, { x: 1, y: 1 }, 1e-12, "pointA");
  nearVec(d.pointB, { x: 4, y: 5 }, 0, "pointB");
  d = c2d.distance(c2d.segment(0, 0, 4, 0), c2d.segment(2, 3, 2, 10));
  near(d.distance, 3, 1e-12, "segments");
  nearVec(d.pointA, { x: 2, y: 0 }, 1e-12, "pointA");
  nearVec(d.pointB, { x: 2, y: 3 }, 1e-12, "pointB");
  d = c2d.distance(triangle, c2d.circle(5, 5, Math.SQRT2));
  near(d.distance, 3 * Math.SQRT2 - Math.SQRT2, 1e-12, "triangle to circle");
  nearVec(d.pointA, { x: 2, y: 2 }, 1e-9, "pointA on the hypotenuse");
  nearVec(d.pointB, { x: 4, y: 4 }, 1e-9, "pointB on the circle");
  // Overlapping or touching: 0, a common point.
  d = c2d.distance(c2d.aabb(0, 0, 1, 1), c2d.aabb(1, 0, 2, 1));
  assert.equal(d.distance, 0);
  assert.equal(d.pointA.x, 1);
  assert.deepEqual([d.pointA.x, d.pointA.y], [d.pointB.x, d.pointB.y]);
  d = c2d.distance(c2d.circle(0, 0, 2), c2d.point(1, 0));
  assert.equal(d.distance, 0);
  nearVec(d.pointB, { x: 1, y: 0 }, 0, "pointB");
});

test("contains: b wholly inside a, boundary included", () => {
  const box = c2d.aabb(0, 0, 4, 4);
  assert.equal(c2d.contains(box, c2d.circle(2, 2, 2)), true, "circle touching all four sides");
  assert.equal(c2d.contains(box, c2d.circle(2, 2, 2.5)), false);
  assert.equal(c2d.contains(box, box), true, "a shape contains itself");
  assert.equal(c2d.contains(box, c2d.aabb(0, 0, 4, 4.5)), false);
  assert.equal(c2d.contains(box, c2d.point(4, 4)), true, "corner point");
  assert.equal(c2d.contains(c2d.circle(0, 0, 5), c2d.point(3, 4)), true);
  assert.equal(c2d.contains(c2d.circle(0, 0, 5), c2d.segment(-3, 4, 3, -4)), true);
  assert.equal(c2d.contains(c2d.circle(0, 0, 5), box), false);
  assert.equal(c2d.contains(triangle, c2d.segment(0, 4, 4, 0)), true, "its own edge");
  assert.equal(c2d.contains(c2d.circle(2, 2, 1), box), false, "small inside big is not the reverse");
  assert.equal(c2d.contains(quarter, c2d.aabb(-1, -2, 1, 2)), true, "obb contains its own box");
  assert.equal(c2d.contains(c2d.capsule(0, 0, 4, 0, 1), c2d.aabb(0, -1, 4, 1)), true);
  assert.equal(c2d.contains(c2d.capsule(0, 0, 4, 0, 1), c2d.aabb(-1, -1, 4, 1)), false);
});

test("containsStrictly: b in a's interior, not even touching its boundary", () => {
  const box = c2d.aabb(0, 0, 4, 4);
  assert.equal(c2d.containsStrictly(box, c2d.circle(2, 2, 2)), false, "touching all four sides");
  assert.equal(c2d.containsStrictly(box, c2d.circle(2, 2, 1.5)), true);
  assert.equal(c2d.containsStrictly(box, box), false, "a shape touches its own boundary");
  assert.equal(c2d.containsStrictly(box, c2d.point(4, 4)), false, "corner point");
  assert.equal(c2d.containsStrictly(box, c2d.point(1, 3)), true);
  assert.equal(c2d.containsStrictly(c2d.circle(0, 0, 5), c2d.segment(-3, 4, 3, -4)), false, "a chord's ends on the circle");
  assert.equal(c2d.containsStrictly(c2d.circle(0, 0, 5), c2d.segment(-3, 3, 3, -3)), true);
  assert.equal(c2d.containsStrictly(triangle, c2d.segment(0, 4, 4, 0)), false, "its own edge");
  assert.equal(c2d.containsStrictly(quarter, c2d.aabb(-0.5, -1, 0.5, 1)), true);
  assert.equal(c2d.containsStrictly(c2d.segment(0, 0, 4, 0), c2d.point(2, 0)), false, "a segment has no interior");
  assert.equal(c2d.containsStrictly(c2d.point(1, 1), c2d.point(1, 1)), false, "nor has a point");
  assert.equal(c2d.containsStrictly(c2d.capsule(0, 0, 4, 0, 1), c2d.aabb(0, -0.5, 4, 0.5)), true);
});

test("intersectionArea and iou", () => {
  const box = c2d.aabb(0, 0, 2, 2);
  assert.equal(c2d.intersectionArea(box, c2d.aabb(1, 1, 3, 3)), 1);
  assert.equal(c2d.iou(box, c2d.aabb(1, 1, 3, 3)), 1 / 7);
  assert.equal(c2d.iou(box, box), 1, "a box against itself is 1 exactly");
  assert.equal(c2d.iou(quarter, quarter), 1, "a quarter-turned box against itself is 1 exactly");
  assert.equal(c2d.iou(c2d.aabb(0, 0, 1, 1), c2d.aabb(0.5, 0, 1.5, 1)), 1 / 3, "half-overlapping unit squares");
  assert.equal(c2d.intersectionArea(box, c2d.aabb(2, 0, 4, 2)), 0, "touching: zero area");
  assert.equal(c2d.iou(box, c2d.aabb(5, 5, 6, 6)), 0);
  const turned = c2d.obb(1, 2, 3, 4, 0.3);
  near(c2d.iou(turned, turned), 1, 1e-12, "rotated box against itself");
  near(c2d.intersectionArea(turned, turned), 12, 1e-12, "rotated box area");
  // A capsule (0, 0)-(2, 0) of radius 1 (area 4 + pi): cut at x = 1 by a box, its rectangle's
  // right half and one half disc, 2 + pi / 2; a circle on its end cap lies inside it, pi; a
  // capsule crossing it square on, the 2 x 2 square; one touching it (centre lines 3 apart,
  // radii 1 and 2), 0.
  const pill = c2d.capsule(0, 0, 2, 0, 1);
  near(c2d.intersectionArea(pill, c2d.aabb(1, -5, 10, 5)), 2 + Math.PI / 2, 1e-14, "capsule cut by a box");
  near(c2d.intersectionArea(c2d.circle(2, 0, 1), pill), Math.PI, 1e-14, "circle on the cap");
  near(c2d.intersectionArea(pill, c2d.capsule(1, -5, 1, 5, 1)), 4, 1e-14, "crossing capsules");
  assert.equal(c2d.intersectionArea(pill, c2d.capsule(0, 3, 2, 3, 2)), 0, "touching capsules");
  assert.equal(c2d.iou(pill, pill), 1, "a capsule against itself is 1 exactly");
  near(c2d.intersectionArea(c2d.circle(0, 0, 1), c2d.circle(0, 0, 1)), Math.PI, 1e-12, "circle area");
  near(c2d.intersectionArea(c2d.circle(0, 0, 1), c2d.aabb(-5, -5, 5, 5)), Math.PI, 1e-12, "circle in box");
  near(c2d.intersectionArea(c2d.circle(0, 0, 1), c2d.aabb(0, -5, 5, 5)), Math.PI / 2, 1e-12, "half circle");
  near(c2d.iou(c2d.circle(0, 0, 1), c2d.circle(0, 0, 2)), 0.25, 1e-12, "nested circles");
  assert.equal(c2d.intersectionArea(c2d.circle(0, 0, 1), c2d.circle(2, 0, 1)), 0, "touching circles");
  assert.equal(c2d.intersectionArea(triangle, c2d.aabb(0, 0, 2, 2)), 4);
  assert.equal(c2d.intersectionArea(triangle, c2d.polygon([4, 0, 4, 4, 0, 4])), 0);
  assert.equal(c2d.iou(triangle, c2d.aabb(0, 0, 4, 4)), 0.5);
});

test("shapeCast: first time of contact", () => {
  // A unit circle moving 10 along x towards a unit circle 5 away: touches when 2 apart, t = 0.3.
  let hit = c2d.shapeCast(c2d.circle(0, 0, 1), { x: 10, y: 0 }, c2d.circle(5, 0, 1), { x: 0, y: 0 });
  assert.ok(hit);
  near(hit.t, 0.3, 1e-6, "t");
  assert.ok(hit.t <= 0.3, `conservative: ${hit.t} <= 0.3`);
  nearVec(hit.normal, { x: 1, y: 0 }, 1e-6, "normal");
  nearVec(hit.point, { x: 4, y: 0 }, 1e-5, "point");
  // Both moving towards each other: meet at t = 0.15.
  hit = c2d.shapeCast(c2d.circle(0, 0, 1), { x: 10, y: 0 }, c2d.circle(5, 0, 1), { x: -10, y: 0 });
  near(hit.t, 0.15, 1e-6, "t both moving");
  // A box sliding up into a box.
  hit = c2d.shapeCast(c2d.aabb(0, 0, 1, 1), { x: 0, y: 4 }, c2d.aabb(0, 3, 1, 4), { x: 0, y: 0 });
  near(hit.t, 0.5, 1e-6, "t boxes");
  nearVec(hit.normal, { x: 0, y: 1 }, 1e-6, "normal boxes");
  // Already touching: t = 0.
  hit = c2d.shapeCast(c2d.aabb(0, 0, 1, 1), { x: 1, y: 0 }, c2d.aabb(1, 0, 2, 1), { x: 0, y: 0 });
  assert.ok(hit);
  assert.equal(hit.t, 0);
  // Moving away or past: null.
  assert.equal(c2d.shapeCast(c2d.circle(0, 0, 1), { x: 0, y: 10 }, c2d.circle(5, 0, 1), { x: 0, y: 0 }), null);
  assert.equal(c2d.shapeCast(c2d.circle(0, 0, 1), { x: 2, y: 0 }, c2d.circle(5, 0, 1), { x: 0, y: 0 }), null);
});

test("shapeCast options: maxTime, unbounded casts, stopAtPenetration", () => {
  const a = c2d.circle(-5, 0, 1);
  const box = c2d.aabb(-1, -1, 1, 1);
  const still = { x: 0, y: 0 };
  // Gap 3 at speed 1: t = 3, beyond the default [0, 1], inside maxTime 4 and an unbounded cast.
  assert.equal(c2d.shapeCast(a, { x: 1, y: 0 }, box, still), null);
  assert.equal(c2d.shapeCast(a, { x: 1, y: 0 }, box, still, { maxTime: 2 }), null);
  for (const maxTime of [4, Infinity]) {
    const hit = c2d.shapeCast(a, { x: 1, y: 0 }, box, still, { maxTime });
    near(hit.t, 3, 1e-9, `t, maxTime ${maxTime}`);
    nearVec(hit.normal, { x: 1, y: 0 }, 1e-9, "normal");
  }
  // A circle overlapping the box's right side: moving out is no impact without stopAtPenetration,
  // moving in is one at t = 0; the default stops at t = 0 either way.
  const inside = c2d.circle(1.5, 0, 1);
  assert.equal(c2d.shapeCast(box, still, inside, { x: 1, y: 0 }, { stopAtPenetration: false }), null);
  assert.equal(c2d.shapeCast(box, still, inside, { x: 0, y: 1 }, { stopAtPenetration: false }), null);
  assert.equal(c2d.shapeCast(box, still, inside, { x: -1, y: 0 }, { stopAtPenetration: false }).t, 0);
  assert.equal(c2d.shapeCast(box, still, inside, { x: 1, y: 0 }).t, 0);
  assert.equal(c2d.shapeCast(box, still, inside, { x: 1, y: 0 }, {}).t, 0);
});

test("collide prediction: speculative points with negative depth", () => {
  // Two unit boxes a quarter apart: nothing without prediction; with 1/2 two points at depth
  // -1/4, midway in the gap (x = 1.125).
  const a = c2d.aabb(-1, -1, 1, 1);
  const b = c2d.aabb(1.25, -1, 3.25, 1);
  assert.equal(c2d.collide(a, b).points.length, 0);
  assert.equal(c2d.collide(a, b, { prediction: 0.125 }).points.length, 0);
  const m = c2d.collide(a, b, { prediction: 0.5 });
  assert.deepEqual(m.normal, { x: 1, y: 0 });
  assert.equal(m.points.length, 2);
  for (const p of m.points) {
    assert.equal(p.depth, -0.25);
    assert.equal(p.point.x, 1.125);
  }
  assert.deepEqual(c2d.collide(a, b, { prediction: 0 }), c2d.collide(a, b));
});

test("boundingBox of every kind", () => {
  const box = (s) => {
    const b = c2d.boundingBox(s);
    assert.equal(b.kind, "aabb");
    return [b.minX, b.minY, b.maxX, b.maxY];
  };
  assert.deepEqual(box(c2d.point(1, 2)), [1, 2, 1, 2]);
  assert.deepEqual(box(c2d.segment(3, 1, 0, 5)), [0, 1, 3, 5]);
  assert.deepEqual(box(c2d.circle(1, 2, 3)), [-2, -1, 4, 5]);
  assert.deepEqual(box(c2d.capsule(0, 0, 4, 0, 1)), [-1, -1, 5, 1]);
  assert.deepEqual(box(c2d.aabb(1, 2, 3, 4)), [1, 2, 3, 4]);
  assert.deepEqual(box(quarter), [-1, -2, 1, 2]);
  assert.deepEqual(box(c2d.obbFromRotation(5, 5, 4, 2, -1, 0)), [3, 4, 7, 6]);
  const turned = box(c2d.obb(0, 0, 2, 2, Math.PI / 4));
  for (const [i, v] of [-Math.SQRT2, -Math.SQRT2, Math.SQRT2, Math.SQRT2].entries()) {
    near(turned[i], v, 1e-12, `45 degree box bound ${i}`);
  }
  assert.deepEqual(box(triangle), [0, 0, 4, 4]);
  assert.ok(Object.isFrozen(c2d.boundingBox(triangle)));
  // A bounding box is a shape like any other.
  assert.equal(c2d.overlaps(c2d.boundingBox(triangle), c2d.point(4, 4)), true);
});

test("overlapsMany: one shape against (cx, cy, w, h, angle) rows", () => {
  const rows = [3, 1, 2, 2, 0, /* x in [2, 4]: touches */ 4, 1, 2, 2, 0, /* apart */ 1, 1, 1, 1, 0.5 /* inside */,
    -1, 1, 2, 2, Math.PI / 2 /* turned, touches x = 0 up to rounding of cos */];
  const box = c2d.aabb(0, 0, 2, 2);
  for (const typed of [new Float64Array(rows), new Float32Array(rows)]) {
    const answer = c2d.overlapsMany(box, typed);
    assert.ok(answer instanceof Uint8Array);
    assert.equal(answer.length, 4);
    assert.deepEqual(Array.from(answer.slice(0, 3)), [1, 0, 1], `${typed.constructor.name}`);
    if (typed instanceof Float32Array) continue;
    // The same as overlaps with each obb.
    for (let i = 0; i < 4; ++i) {
      const [cx, cy, w, h, a] = Array.from(typed.slice(5 * i, 5 * i + 5));
      assert.equal(answer[i], c2d.overlaps(box, c2d.obb(cx, cy, w, h, a)) ? 1 : 0, `row ${i}`);
    }
  }
  const circle = c2d.circle(0, 0, 1);
  assert.deepEqual(Array.from(c2d.overlapsMany(circle, new Float64Array([2, 0, 2, 2, 0, 2.5, 0, 2, 2, 0]))), [1, 0]);
  const turned = c2d.obbFromRotation(0, 0, 2, 2, 0, 1);
  assert.deepEqual(Array.from(c2d.overlapsMany(turned, new Float64Array([2, 2, 2, 2, 0, 2.5, 2, 2, 2, 0]))), [1, 0]);
  assert.equal(c2d.overlapsMany(box, new Float64Array(0)).length, 0);
});

test("iouMatrix: every box of a against every box of b, row-major", () => {
  const a = new Float64Array([1, 1, 2, 2, 0, 5, 5, 2, 2, 0]); // [0,2]^2 and [4,6]^2
  const b = new Float64Array([1, 1, 2, 2, 0, 2, 1, 2, 2, 0, 5, 6, 2, 2, 0]); // [0,2]^2, [1,3]x[0,2], [4,6]x[5,7]
  const m = c2d.iouMatrix(a, b);
  assert.ok(m instanceof Float64Array);
  assert.equal(m.length, 6);
  assert.deepEqual(Array.from(m), [1, 1 / 3, 0, 0, 0, 1 / 3]);
  const m32 = c2d.iouMatrix(new Float32Array(a), new Float32Array(b));
  assert.deepEqual(Array.from(m32), [1, 1 / 3, 0, 0, 0, 1 / 3]);
  assert.equal(c2d.iouMatrix(a, new Float64Array(0)).length, 0);
});
