// Rounded polygons (c2d.roundedPolygon, c2d.roundedBox): cases worked on paper, closed forms on
// seeded random shapes (the area A + P r + pi r^2, and a point's distance to the core minus the
// radius, computed here in plain JS), bad input, and the Scene's round trip. The native tool's
// answers on random scenes with rounded polygons are in cli-compare.test.mjs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fields, load, mulberry32, near, nearVec, randomConvexPoints, softly, sorted } from "./helpers.mjs";

const c2d = await load();

// The rounded square of the brief: core [-1, 1]^2, radius 0.5, so 3 wide with corners of
// radius 0.5 centred at (+-1, +-1).
const square = c2d.roundedBox(0, 0, 2, 2, 0, 0.5);
// Integer corners for exact touching at a rounded corner: core [-2, 2]^2, radius 5. The point
// (5, 6) is 5 from the corner (2, 2) (a 3-4-5 triangle).
const wide = c2d.roundedBox(0, 0, 4, 4, 0, 5);

test("roundedBox and roundedPolygon: the fields of the shape made", () => {
  assert.equal(square.kind, "rounded_polygon");
  assert.deepEqual(Array.from(square.vertices), [-1, -1, 1, -1, 1, 1, -1, 1]);
  // Compared as numbers: -0 and 0 are the same normal component.
  assert.deepEqual(Array.from(square.normals, (v) => v + 0), [0, -1, 1, 0, 0, 1, -1, 0]);
  assert.equal(square.radius, 0.5);
  assert.ok(Object.isFrozen(square));
  const triangle = c2d.roundedPolygon([{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 0, y: 3 }], 1);
  assert.deepEqual(Array.from(triangle.vertices), [0, 0, 4, 0, 0, 3]);
  nearVec({ x: triangle.normals[2], y: triangle.normals[3] }, { x: 0.6, y: 0.8 }, 1e-15, "hypotenuse normal");
  assert.equal(triangle.radius, 1);
  // The three point forms polygon() takes give the same shape.
  assert.deepEqual(fields(c2d.roundedPolygon([0, 0, 4, 0, 0, 3], 1)), fields(triangle));
  assert.deepEqual(fields(c2d.roundedPolygon([[0, 0], [4, 0], [0, 3]], 1)), fields(triangle));
  // A turned box: the core is obb()'s box.
  const turned = c2d.roundedBox(1, 2, 4, 2, Math.PI / 3, 0.25);
  const expected = corners(c2d.obb(1, 2, 4, 2, Math.PI / 3));
  assert.equal(turned.vertices.length, 8);
  turned.vertices.forEach((v, i) => near(v, expected[i], 1e-14, `turned vertex coordinate ${i}`));
  // A quarter turn given exactly: the corners stay on the integers (Math.PI / 2 would not).
  const upright = c2d.roundedBoxFromRotation(1, 2, 4, 2, 0, 1, 0.5);
  assert.deepEqual(Array.from(upright.vertices, (v) => v + 0), [2, 0, 2, 4, 0, 4, 0, 0]);
  assert.equal(upright.radius, 0.5);
  assert.equal(c2d.overlaps(upright, c2d.point(2.5, 4)), true);
  assert.equal(c2d.overlaps(upright, c2d.point(2.5, 4.5)), false); // 0.5 sqrt 2 from the corner
});

/** An obb's corners, counter-clockwise from (-w/2, -h/2) in its frame. */
function corners(box) {
  const out = [];
  for (const [sx, sy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
    const u = (sx * box.width) / 2;
    const v = (sy * box.height) / 2;
    out.push(box.x + u * box.cos - v * box.sin, box.y + u * box.sin + v * box.cos);
  }
  return out;
}

test("overlaps: touching counts, on a straight side and on a rounded corner", () => {
  assert.equal(c2d.overlaps(square, c2d.point(1.5, 0)), true);
  assert.equal(c2d.overlaps(c2d.point(1.5, 0), square), true);
  assert.equal(c2d.overlaps(square, c2d.point(1.5 + 1e-9, 0)), false);
  assert.equal(c2d.overlaps(c2d.point(0, -1.5 - 1e-9), square), false);
  assert.equal(c2d.overlaps(wide, c2d.point(5, 6)), true);
  assert.equal(c2d.overlaps(wide, c2d.point(-5, -6)), true);
  assert.equal(c2d.overlaps(wide, c2d.point(5, 6 + 1e-9)), false);
  // Inside the bounding box (7 x 7) but outside the rounded corner: a box would say yes.
  assert.equal(c2d.overlaps(wide, c2d.point(6.5, 6.5)), false);
  // Two rounded squares side by side: 3 wide each, centres 3 apart, so they touch.
  assert.equal(c2d.overlaps(square, c2d.roundedBox(3, 0, 2, 2, 0, 0.5)), true);
  assert.equal(c2d.overlaps(square, c2d.roundedBox(3.000001, 0, 2, 2, 0, 0.5)), false);
  // Every other kind, touching exactly.
  assert.equal(c2d.overlaps(square, c2d.circle(3, 0, 1.5)), true);
  assert.equal(c2d.overlaps(square, c2d.segment(1.5, -5, 1.5, 5)), true);
  assert.equal(c2d.overlaps(square, c2d.capsule(2, -5, 2, 5, 0.5)), true);
  assert.equal(c2d.overlaps(square, c2d.aabb(1.5, -1, 2, 1)), true);
  assert.equal(c2d.overlaps(square, c2d.obb(2, 0, 1, 1)), true);
  assert.equal(c2d.overlaps(square, c2d.polygon([1.5, 0, 3, 0, 3, 1])), true);
  assert.equal(c2d.overlaps(square, c2d.circle(3, 0, 1.4999)), false);
});

test("distance, raycast, boundingBox: worked on paper", () => {
  const gap = c2d.distance(square, c2d.point(3, 0));
  assert.equal(gap.distance, 1.5);
  nearVec(gap.pointA, { x: 1.5, y: 0 }, 0, "pointA");
  nearVec(gap.pointB, { x: 3, y: 0 }, 0, "pointB");
  // From the corner (2, 2) of wide's core to (8, 10): 10, minus the radius 5.
  near(c2d.distance(c2d.point(8, 10), wide).distance, 5, 1e-12, "corner distance");
  // Two rounded squares whose corner circles face each other: centres of the corner discs (1, 1)
  // and (4, 4), 3 sqrt 2 apart, minus both radii.
  near(c2d.distance(square, c2d.roundedBox(5, 5, 2, 2, 0, 0.5)).distance, 3 * Math.SQRT2 - 1, 1e-12, "corner to corner");
  assert.equal(c2d.distance(square, c2d.point(0.3, 0.2)).distance, 0);

  const hit = c2d.raycast(c2d.ray(-5, 0, 1, 0), square);
  assert.equal(hit.tEnter, 3.5);
  assert.equal(hit.tExit, 6.5);
  nearVec(hit.enter, { x: -1.5, y: 0 }, 0, "enter");
  nearVec(hit.exit, { x: 1.5, y: 0 }, 0, "exit");
  nearVec(hit.normal, { x: -1, y: 0 }, 0, "normal");
  assert.equal(hit.startedInside, false);
  // Down the line x = 5 onto wide's rounded corner: it enters at (5, 6), t = 4, normal (3, 4) / 5.
  const corner = c2d.raycast(c2d.ray(5, 10, 0, -1), wide);
  near(corner.tEnter, 4, 1e-12, "tEnter at the corner");
  nearVec(corner.normal, { x: 0.6, y: 0.8 }, 1e-12, "corner normal");
  assert.equal(c2d.raycast(c2d.ray(-5, 0, 1, 0, 3.4), square), null);
  // Along x + y = 13: it crosses the bounding box at (6.5, 6.5) but passes the corner disc (the
  // shape reaches x + y = 4 + 5 sqrt 2 < 11.1 at most).
  assert.equal(c2d.raycast(c2d.ray(3, 10, 1, -1), wide), null);

  const box = c2d.boundingBox(square);
  assert.deepEqual([box.kind, box.minX, box.minY, box.maxX, box.maxY], ["aabb", -1.5, -1.5, 1.5, 1.5]);
});

test("contains: the straight sides and the rounded corners", () => {
  assert.equal(c2d.contains(square, c2d.circle(0, 0, 1.5)), true);
  assert.equal(c2d.contains(square, c2d.circle(0, 0, 1.5 + 1e-9)), false);
  assert.equal(c2d.contains(square, c2d.aabb(-1.5, -1, 1.5, 1)), true);
  assert.equal(c2d.contains(square, c2d.aabb(-1.5, -1.5, 1.5, 1.5)), false); // its corners are outside
  assert.equal(c2d.contains(square, c2d.point(1.5, 1)), true); // 0.5 from the corner (1, 1)
  assert.equal(c2d.contains(c2d.aabb(-1.5, -1.5, 1.5, 1.5), square), true);
  assert.equal(c2d.contains(c2d.aabb(-1.5, -1.5, 1.5, 1.4999), square), false);
  assert.equal(c2d.contains(square, c2d.roundedBox(0, 0, 2, 2, 0, 0.5)), true);
  assert.equal(c2d.contains(square, c2d.roundedBox(0, 0, 1, 1, 0, 1)), true);
  assert.equal(c2d.contains(square, c2d.roundedBox(0, 0, 2, 2, 0, 0.6)), false);
});

test("collide, penetration, shapeCast: worked on paper", () => {
  // A disc of radius 1.5 centred at (2.5, 0) reaches x = 1: 0.5 into the square's side x = 1.5.
  const ball = c2d.circle(2.5, 0, 1.5);
  const m = c2d.collide(square, ball);
  nearVec(m.normal, { x: 1, y: 0 }, 1e-15, "normal");
  assert.equal(m.points.length, 1);
  near(m.points[0].depth, 0.5, 1e-12, "depth");
  const p = c2d.penetration(square, ball);
  nearVec(p.normal, { x: 1, y: 0 }, 1e-15, "penetration normal");
  near(p.depth, 0.5, 1e-12, "penetration depth");
  assert.equal(c2d.penetration(square, c2d.circle(4, 0, 1)), null);
  // Two rounded squares overlapping by 0.25 along x: a face contact of two points.
  const face = c2d.collide(square, c2d.roundedBox(2.75, 0, 2, 2, 0, 0.5));
  nearVec(face.normal, { x: 1, y: 0 }, 1e-15, "face normal");
  assert.equal(face.points.length, 2);
  for (const point of face.points) near(point.depth, 0.25, 1e-12, "face depth");
  // Speculative: 1 apart, within a prediction of 2.
  const ahead = c2d.collide(square, c2d.circle(3.5, 0, 1), { prediction: 2 });
  assert.equal(ahead.points.length, 1);
  near(ahead.points[0].depth, -1, 1e-12, "speculative depth");

  // A unit disc from (10, 0) moving by (-10, 0) meets the side x = 1.5 when its centre is at 2.5.
  const cast = c2d.shapeCast(c2d.circle(10, 0, 1), { x: -10, y: 0 }, square, { x: 0, y: 0 });
  near(cast.t, 0.75, 1e-6, "cast t");
  assert.ok(cast.t <= 0.75, `conservative: ${cast.t} <= 0.75`);
  nearVec(cast.normal, { x: -1, y: 0 }, 1e-6, "cast normal, from a to b");
  nearVec(cast.point, { x: 1.5, y: 0 }, 1e-5, "cast point");
  assert.equal(c2d.shapeCast(c2d.circle(10, 3, 1), { x: -10, y: 0 }, square, { x: 0, y: 0 }), null);
  // The rounded square moving: the same contact from the other side.
  const moved = c2d.shapeCast(square, { x: 10, y: 0 }, c2d.circle(10, 0, 1), { x: 0, y: 0 });
  near(moved.t, 0.75, 1e-6, "moving rounded square t");
  nearVec(moved.normal, { x: 1, y: 0 }, 1e-6, "moving rounded square normal");
});

test("intersectionArea and iou: a rounded rectangle is w h + 2 r (w + h) + pi r^2", () => {
  const whole = 4 + 2 * 0.5 * (2 + 2) + Math.PI * 0.25;
  near(c2d.intersectionArea(square, square), whole, 1e-12, "with itself");
  assert.equal(c2d.iou(square, square), 1);
  near(c2d.intersectionArea(square, c2d.aabb(-10, -10, 10, 10)), whole, 1e-12, "inside a big box");
  near(c2d.intersectionArea(c2d.aabb(0, -10, 10, 10), square), whole / 2, 1e-12, "the right half");
  const rect = c2d.roundedBox(3, -2, 6, 1, 0.4, 2);
  near(c2d.intersectionArea(rect, rect), 6 + 2 * 2 * 7 + 4 * Math.PI, 1e-11, "a turned 6 x 1, radius 2");
  // The core alone is the polygon: radius 0.
  near(c2d.intersectionArea(c2d.roundedBox(0, 0, 2, 2, 0, 0), c2d.aabb(-1, -1, 0, 0)), 1, 1e-15, "radius 0");
  // Against a disc inside the square: the disc's area; iou = disc / square.
  const disc = c2d.circle(0, 0, 1);
  near(c2d.intersectionArea(square, disc), Math.PI, 1e-12, "disc inside");
  near(c2d.iou(disc, square), Math.PI / whole, 1e-12, "iou with the disc");
  assert.equal(c2d.intersectionArea(square, c2d.roundedBox(3.5, 0, 2, 2, 0, 0.5)), 0);
  for (const other of [c2d.capsule(-3, 0, 3, 0, 0.5), c2d.obb(0, 0, 1, 1, 0.3), c2d.polygon([0, 0, 5, 0, 0, 5])]) {
    assert.ok(c2d.intersectionArea(square, other) > 0, `${other.kind}`);
    assert.equal(c2d.intersectionArea(square, other), c2d.intersectionArea(other, square), `${other.kind} symmetric`);
  }
});

/** The distance from (x, y) to a convex polygon (flat, counter-clockwise): 0 inside. */
function distanceToCore(v, x, y) {
  const n = v.length / 2;
  let inside = true;
  let best = Infinity;
  for (let i = 0; i < n; ++i) {
    const ax = v[2 * i], ay = v[2 * i + 1];
    const bx = v[(2 * i + 2) % v.length], by = v[(2 * i + 3) % v.length];
    const ex = bx - ax, ey = by - ay;
    if (ex * (y - ay) - ey * (x - ax) < 0) inside = false;
    const t = Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)));
    best = Math.min(best, Math.hypot(x - ax - t * ex, y - ay - t * ey));
  }
  return inside ? 0 : best;
}

test("seeded random rounded polygons: area A + P r + pi r^2, and a point's distance to the core less the radius", () => {
  const random = mulberry32(17);
  let pointsChecked = 0;
  for (let s = 0; s < 40; ++s) {
    const core = randomConvexPoints(random, 10 * random(), 10 * random()).flat();
    const radius = s % 8 === 0 ? 0 : 2 * random();
    const shape = c2d.roundedPolygon(core, radius);
    let area = 0;
    let perimeter = 0;
    for (let i = 0; i < core.length; i += 2) {
      const [ax, ay, bx, by] = [core[i], core[i + 1], core[(i + 2) % core.length], core[(i + 3) % core.length]];
      area += (ax * by - bx * ay) / 2;
      perimeter += Math.hypot(bx - ax, by - ay);
    }
    const expected = area + perimeter * radius + Math.PI * radius * radius;
    near(c2d.intersectionArea(shape, shape), expected, 1e-9 * expected, `shape ${s}: area`);
    near(c2d.intersectionArea(shape, c2d.aabb(-20, -20, 30, 30)), expected, 1e-9 * expected, `shape ${s}: inside a box`);
    assert.equal(c2d.iou(shape, shape), 1, `shape ${s}: iou with itself`);
    for (let i = 0; i < 25; ++i) {
      const x = -6 + 22 * random();
      const y = -6 + 22 * random();
      const gap = Math.max(0, distanceToCore(core, x, y) - radius);
      const point = c2d.point(x, y);
      near(c2d.distance(shape, point).distance, gap, 1e-9, `shape ${s}: distance to (${x}, ${y})`);
      if (Math.abs(distanceToCore(core, x, y) - radius) > 1e-9) {
        assert.equal(c2d.overlaps(shape, point), gap === 0, `shape ${s}: overlaps (${x}, ${y})`);
        assert.equal(c2d.contains(shape, point), gap === 0, `shape ${s}: contains (${x}, ${y})`);
      }
      ++pointsChecked;
    }
    // Radius 0: the same answers as the polygon itself.
    if (radius === 0) {
      const polygon = c2d.polygon(core);
      const probe = c2d.circle(10 * random(), 10 * random(), 2 * random());
      assert.equal(c2d.overlaps(shape, probe), c2d.overlaps(polygon, probe), `shape ${s}: radius 0 overlaps`);
      assert.equal(c2d.distance(shape, probe).distance, c2d.distance(polygon, probe).distance, `shape ${s}: radius 0 distance`);
    }
  }
  assert.equal(pointsChecked, 1000);
});

test("bad input: TypeError for what is not a number, RangeError naming a bad value, never a trap", () =>
  softly((check) => {
  const core = [[0, 0], [1, 0], [0, 1]];
  check(() => c2d.roundedPolygon(core, -1), RangeError, "roundedPolygon", "radius", "-1");
  check(() => c2d.roundedPolygon(core, NaN), RangeError, "radius", /nan/i);
  check(() => c2d.roundedPolygon(core, Infinity), RangeError, "radius", /inf/i);
  check(() => c2d.roundedPolygon(core, 1e-310), RangeError, "radius", "subnormal");
  check(() => c2d.roundedPolygon(core, "1"), TypeError, "radius", '"1"');
  check(() => c2d.roundedPolygon(core), TypeError, "radius", "undefined");
  check(() => c2d.roundedPolygon([[0, 0], [0, 1], [1, 0]], 1), RangeError, "roundedPolygon", /clockwise/i);
  check(() => c2d.roundedPolygon([[0, 0], [1, 0]], 1), RangeError, "roundedPolygon", "2");
  check(() => c2d.roundedPolygon([0, 0, 1, 0, 2, 0], 1), RangeError, "roundedPolygon", /collinear/i);
  check(() => c2d.roundedPolygon([0, 0, 1, 0, NaN, 1], 1), RangeError, /NaN/i);
  check(() => c2d.roundedPolygon([0, 0, 1, 0, "x", 1], 1), TypeError, "x");
  check(() => c2d.roundedPolygon("0,0,1,0,0,1", 1), TypeError, "roundedPolygon");
  check(() => c2d.roundedPolygon([0, 0, 1, 0, 0], 1), RangeError, "even");
  const nine = Array.from({ length: 9 }, (_, i) => [Math.cos((2 * Math.PI * i) / 9), Math.sin((2 * Math.PI * i) / 9)]);
  check(() => c2d.roundedPolygon(nine, 1), RangeError, "9");

  check(() => c2d.roundedBox(0, 0, -3, 1, 0, 1), RangeError, "roundedBox", "-3");
  check(() => c2d.roundedBox(0, 0, 1, -4, 0, 1), RangeError, "-4");
  check(() => c2d.roundedBox(0, 0, 0, 1, 0, 1), RangeError, "roundedBox", /width|extent|area/i);
  check(() => c2d.roundedBox(0, 0, 1, 1, 0, -0.5), RangeError, "radius", "-0.5");
  check(() => c2d.roundedBox(0, 0, 1, 1, 0, NaN), RangeError, "radius", /nan/i);
  check(() => c2d.roundedBox(0, 0, 1, 1, NaN, 1), RangeError, "angle", /nan/i);
  check(() => c2d.roundedBox(0, 0, 1, 1, Infinity, 1), RangeError, "angle", /inf/i);
  check(() => c2d.roundedBox(NaN, 0, 1, 1, 0, 1), RangeError, /NaN/i);
  check(() => c2d.roundedBox(0, 0, 1, 1, 0), TypeError, "radius", "undefined");
  check(() => c2d.roundedBox(0, 0, 1, 1, "0", 1), TypeError, "angle");
  check(() => c2d.roundedBox(0, 0, 1, 1, 0, 1n), TypeError, "radius");
  check(() => c2d.roundedBoxFromRotation(0, 0, 1, 1, 2, 0, 1), RangeError, "roundedBoxFromRotation", "2");
  check(() => c2d.roundedBoxFromRotation(0, 0, 1, 1, 0, 1, -1), RangeError, "radius", "-1");
  check(() => c2d.roundedBoxFromRotation(0, 0, 1, 1, 0, NaN, 1), RangeError, /NaN/i);
  check(() => c2d.roundedBoxFromRotation(0, 0, 1, 1, 0, 1), TypeError, "radius", "undefined");

  // Hand-made objects and copies are not shapes.
  const handMade = { kind: "rounded_polygon", vertices: square.vertices, normals: square.normals, radius: 0.5 };
  check(() => c2d.overlaps(handMade, square), TypeError, "not a collide2d shape");
  check(() => c2d.distance(square, { ...square, radius: 9 }), TypeError, "not a collide2d shape");
  // Queries that take no rounded polygon say so.
  check(() => c2d.intersectionArea(square, c2d.point(0, 0)), TypeError, "b is a point", "rounded polygons");
  check(() => c2d.iou(c2d.segment(0, 0, 1, 1), square), TypeError, "a is a segment", "rounded polygons");
  check(() => c2d.overlapsMany(square, new Float64Array([0, 0, 1, 1, 0])), TypeError, "rounded_polygon");
  const scene = new c2d.Scene();
  try {
    check(() => scene.select(square), TypeError, "region is a rounded_polygon");
    check(() => scene.candidates(square), TypeError, "rounded_polygon");
  } finally {
    scene.dispose();
  }
  }));

test("Scene: add, shape, parts, move and the queries round trip a rounded polygon", () => {
  const scene = new c2d.Scene();
  try {
    const id = scene.add(square, "button");
    const back = scene.shape(id);
    assert.equal(back.kind, "rounded_polygon");
    assert.deepEqual(fields(back), fields(square));
    assert.equal(scene.userData(id), "button");
    // Above the square, touching its top side y = 1.5 along [-1, 1].
    const above = scene.add(c2d.roundedBox(0, 3, 2, 2, 0, 0.5));
    const far = c2d.roundedBox(50, 0, 4, 4, 0, 5); // wide, moved
    const group = scene.addGroup([c2d.circle(10, 10, 1), far, c2d.roundedPolygon([20, 0, 24, 0, 20, 3], 0.5)]);
    const parts = scene.parts(group);
    assert.deepEqual(parts.map((part) => part.kind), ["circle", "rounded_polygon", "rounded_polygon"]);
    assert.deepEqual(fields(parts[1]), fields(far));
    assert.equal(parts[2].radius, 0.5);

    // The square's side and corner, and the group's parts, as the free queries answer them.
    assert.deepEqual(sorted(scene.hitTest(1.5, 0)), [id]);
    assert.deepEqual(sorted(scene.hitTest(1.5 + 1e-9, 0)), []);
    assert.deepEqual(sorted(scene.hitTest(1.4, 1.4)), []); // in the bounding box, beside the corner
    assert.deepEqual(sorted(scene.hitTest(55, 6)), [group]); // on far's rounded corner
    assert.deepEqual(sorted(scene.hitTest(56.5, 6.5)), []);
    assert.deepEqual(sorted(scene.hitTest(21, 1)), [group]);
    assert.deepEqual(scene.nearest(0, -3), [{ id, distance: 1.5 }]);
    const hits = scene.raycastAll(c2d.ray(-5, 0, 1, 0));
    // The square from x = -1.5, the group's triangle (radius 0.5 below its base y = 0) from x = 19.5.
    assert.deepEqual(hits.map((h) => [h.id, h.tEnter]), [[id, 3.5], [group, 24.5]]);
    assert.equal(scene.raycastClosest(c2d.ray(-5, 0, 1, 0)).id, id);
    assert.deepEqual(sorted(scene.overlapping(c2d.roundedBox(3, 0, 2, 2, 0, 0.5))), [id]);
    assert.deepEqual(sorted(scene.overlappingPairs()), [id, above]);
    assert.deepEqual(sorted(scene.overlappingPairs({ excludeTouching: true })), []);
    assert.deepEqual(sorted(scene.select(c2d.aabb(-1.5, -1.5, 1.5, 1.5), "contains")), [id]);
    assert.deepEqual(sorted(scene.select(c2d.aabb(-1.5, -1.5, 1.5, 1.4), "contains")), []);
    assert.deepEqual(scene.nearestTo(c2d.roundedBox(0, -10, 2, 2, 0, 0.5)), [{ id, distance: 7 }]);

    // Moved: the old place is free, the new one answers.
    scene.move(id, c2d.roundedBox(100, 0, 2, 2, 0, 0.5));
    assert.deepEqual(sorted(scene.hitTest(1.5, 0)), []);
    assert.deepEqual(sorted(scene.hitTest(101.5, 0)), [id]);
    scene.move(id, c2d.circle(0, 0, 1));
    assert.equal(scene.shape(id).kind, "circle");
  } finally {
    scene.dispose();
  }
});
