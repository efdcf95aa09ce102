// c2d.simplePolygon: hand cases checkable on paper (an L and a four-pointed star), then seeded
// random simple polygons on integer coordinates against an independent reference: the polygon cut
// into triangles here (ear clipping with exact integer orientation signs), each triangle a convex
// c2d.polygon, and the union's answers from the package's convex queries (closed sets: the
// polygon overlaps S iff a triangle does; its area of overlap is the triangles' sum).
import assert from "node:assert/strict";
import { test } from "node:test";
import { fields, load, mulberry32, near, nearVec, softly } from "./helpers.mjs";

const c2d = await load();

// The L: a 4 x 1 bar with a 1 x 2 arm on its left end; the notch is (1, 4] x (1, 3]. Area by
// hand: 4 + 2 = 6.
const L_POINTS = [[0, 0], [4, 0], [4, 1], [1, 1], [1, 3], [0, 3]];
// A four-pointed star: tips at (±4, 0), (0, ±4), inner corners (±1, ±1). From the origin it is 8
// triangles such as (0, 0), (4, 0), (1, 1) of area |4 * 1 - 0 * 1| / 2 = 2: area 16.
const STAR_POINTS = [[4, 0], [1, 1], [0, 4], [-1, 1], [-4, 0], [-1, -1], [0, -4], [1, -1]];

/** The flat vertices as [x, y] pairs. */
function pairs(flat) {
  const out = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i], flat[i + 1]]);
  return out;
}
/** Twice the signed area (shoelace); exact for integer coordinates. */
function twiceSignedArea(points) {
  let sum = 0;
  for (let i = 0; i < points.length; ++i) {
    const [ax, ay] = points[i];
    const [bx, by] = points[(i + 1) % points.length];
    sum += ax * by - ay * bx;
  }
  return sum;
}
/** a and b are the same cycle of points (any starting vertex). */
function sameCycle(a, b) {
  if (a.length !== b.length) return false;
  const key = (p) => p.join(",");
  const start = b.findIndex((p) => key(p) === key(a[0]));
  return start >= 0 && a.every((p, i) => key(p) === key(b[(start + i) % b.length]));
}

test("simplePolygon: kind, counter-clockwise vertices, area, bounding box (the L and the star)", () => {
  const ell = c2d.simplePolygon(L_POINTS);
  assert.equal(ell.kind, "simple_polygon");
  assert.ok(ell.vertices instanceof Float64Array);
  assert.ok(sameCycle(pairs(ell.vertices), L_POINTS), "a counter-clockwise outline is kept");
  assert.equal(ell.area, 6);
  assert.deepEqual(fields(ell.boundingBox), { kind: "aabb", minX: 0, minY: 0, maxX: 4, maxY: 3 });
  assert.deepEqual(fields(c2d.boundingBox(ell)), fields(ell.boundingBox));
  assert.ok(Object.isFrozen(ell));

  // Clockwise, as {x, y} and as flat numbers: stored counter-clockwise, the same cycle.
  const clockwise = [...STAR_POINTS].reverse();
  for (const form of [clockwise.map(([x, y]) => ({ x, y })), clockwise.flat(), new Float64Array(clockwise.flat())]) {
    const star = c2d.simplePolygon(form);
    assert.ok(sameCycle(pairs(star.vertices), STAR_POINTS), "a clockwise outline is reversed");
    assert.equal(star.area, 16);
    assert.deepEqual(fields(star.boundingBox), { kind: "aabb", minX: -4, minY: -4, maxX: 4, maxY: 4 });
    star.dispose();
  }
  ell.dispose();
});

test("the L's notch: a point there is outside, a box touching its two edges overlaps, a ray has two spans", () => {
  const ell = c2d.simplePolygon(L_POINTS);
  const inNotch = c2d.point(3, 2);
  assert.equal(c2d.overlaps(ell, inNotch), false);
  assert.equal(c2d.overlaps(inNotch, ell), false);
  assert.equal(c2d.contains(ell, inNotch), false);
  // distance to the notch's floor y = 1 (x = 3 lies on it): 1, pointA on the first argument.
  const d = c2d.distance(ell, inNotch);
  near(d.distance, 1, 0, "distance");
  nearVec(d.pointA, { x: 3, y: 1 }, 0, "pointA");
  nearVec(d.pointB, { x: 3, y: 2 }, 0, "pointB");
  const back = c2d.distance(inNotch, ell);
  nearVec(back.pointA, { x: 3, y: 2 }, 0, "pointA (swapped)");
  nearVec(back.pointB, { x: 3, y: 1 }, 0, "pointB (swapped)");

  // [1, 3] x [1, 2] touches the notch's floor (y = 1) and wall (x = 1): closed sets overlap.
  const touching = c2d.aabb(1, 1, 3, 2);
  assert.equal(c2d.overlaps(ell, touching), true);
  assert.equal(c2d.overlaps(touching, ell), true);
  assert.equal(c2d.contains(ell, touching), false);
  assert.equal(c2d.intersectionArea(ell, touching), 0);
  assert.equal(c2d.distance(ell, touching).distance, 0);
  // Half a unit into the notch from both edges: apart by 0.5.
  const apart = c2d.aabb(1.5, 1.5, 3, 2);
  assert.equal(c2d.overlaps(ell, apart), false);
  near(c2d.distance(apart, ell).distance, 0.5, 1e-15, "distance into the notch");

  // The ray (-0.5, 2.5) + t (1, -0.5) enters the arm at x = 0 (t = 0.5), leaves it at x = 1
  // (t = 1.5, y = 1.75), crosses the notch, enters the bar through its top y = 1 (t = 3, x = 2.5)
  // and leaves through x = 4 (t = 4.5, y = 0.25).
  const ray = c2d.ray(-0.5, 2.5, 1, -0.5);
  const spans = c2d.raycastSpans(ray, ell);
  assert.equal(spans.length, 2);
  assert.deepEqual(spans.map((s) => [s.tEnter, s.tExit]), [[0.5, 1.5], [3, 4.5]]);
  assert.deepEqual([spans[0].enter, spans[0].exit, spans[0].normal], [{ x: 0, y: 2.25 }, { x: 1, y: 1.75 }, { x: -1, y: 0 }]);
  assert.deepEqual([spans[1].enter, spans[1].exit, spans[1].normal], [{ x: 2.5, y: 1 }, { x: 4, y: 0.25 }, { x: 0, y: 1 }]);
  assert.deepEqual(c2d.raycast(ray, ell), spans[0], "raycast is the first span");
  // From inside the arm: the first span starts at t = 0 with started inside and no normal.
  const inside = c2d.raycast(c2d.ray(0.5, 2, 1, 0), ell);
  assert.equal(inside.startedInside, true);
  assert.equal(inside.tEnter, 0);
  assert.equal(inside.tExit, 0.5);
  assert.equal(c2d.raycast(c2d.ray(2, 2, 1, 0), ell), null, "a ray from the notch to the right misses");
  assert.deepEqual(c2d.raycastSpans(c2d.ray(2, 2, 1, 0), ell), []);
  // A convex shape has raycast's one span.
  assert.deepEqual(c2d.raycastSpans(ray, c2d.aabb(0, 0, 1, 3)), [c2d.raycast(ray, c2d.aabb(0, 0, 1, 3))]);

  // Mass by hand (density 2): bar mass 8 centred (2, 0.5), arm mass 4 centred (0.5, 2); centroid
  // (1.5, 1); inertia = 8 (16 + 1) / 12 + 8 * 0.5 + 4 (1 + 4) / 12 + 4 * 2 = 25.
  const mass = c2d.massProperties(ell, 2);
  near(mass.mass, 12, 1e-12, "mass");
  nearVec(mass.centroid, { x: 1.5, y: 1 }, 1e-12, "centroid");
  near(mass.inertia, 25, 1e-12, "inertia");
  // The L fills half of its 4 x 3 box.
  near(c2d.iou(ell, c2d.aabb(0, 0, 4, 3)), 0.5, 1e-15, "iou with its box");
  near(c2d.intersectionArea(c2d.aabb(0, 0, 4, 3), ell), 6, 1e-15, "area of overlap with its box");
  ell.dispose();
});

test("the star: notches, its concave corner, containment both ways, two polygons", () => {
  const star = c2d.simplePolygon(STAR_POINTS);
  assert.equal(c2d.overlaps(star, c2d.point(2, 2)), false, "(2, 2) lies in the notch beyond (1, 1)");
  assert.equal(c2d.contains(star, c2d.point(1, 1)), true, "a concave corner belongs to the closed set");
  assert.equal(c2d.containsStrictly(star, c2d.point(1, 1)), false, "but not to its interior");
  assert.equal(c2d.containsStrictly(star, c2d.point(0, 0)), true);
  // [1, 2]^2 in the notch meets both edges of the corner (1, 1), at that corner only.
  const inNotch = c2d.aabb(1, 1, 2, 2);
  assert.equal(c2d.overlaps(star, inNotch), true);
  assert.equal(c2d.intersectionArea(star, inNotch), 0);
  // The boundary's nearest points to the centre are the inner corners, sqrt(2) away (the lines of
  // the inner edges pass 4 / sqrt(10) from it, but beyond the edges' ends): a circle of radius 1.4
  // (1.96 < 2) is inside, one of 1.42 (2.0164 > 2) is not.
  assert.equal(c2d.contains(star, c2d.circle(0, 0, 1.4)), true);
  assert.equal(c2d.containsStrictly(star, c2d.circle(0, 0, 1.4)), true);
  assert.equal(c2d.contains(star, c2d.circle(0, 0, 1.42)), false);
  assert.equal(c2d.overlaps(star, c2d.circle(0, 0, 1.42)), true);
  // The other way round: a box holds the star; the star's tips reach its own box's sides.
  assert.equal(c2d.contains(c2d.aabb(-4, -4, 4, 4), star), true);
  assert.equal(c2d.containsStrictly(c2d.aabb(-4, -4, 4, 4), star), false, "its tips touch the box");
  assert.equal(c2d.containsStrictly(c2d.aabb(-5, -5, 5, 5), star), true);
  assert.equal(c2d.contains(c2d.circle(0, 0, 3), star), false);
  // A ray along the x axis enters at the tip (-4, 0) and leaves at (4, 0): one span.
  const spans = c2d.raycastSpans(c2d.ray(-5, 0, 1, 0), star);
  assert.deepEqual(spans.map((s) => [s.tEnter, s.tExit]), [[1, 9]]);

  // Two simple polygons: the star and the L, the L itself.
  const ell = c2d.simplePolygon(L_POINTS);
  assert.equal(c2d.overlaps(star, ell), true);
  assert.equal(c2d.contains(ell, ell), true);
  assert.equal(c2d.intersectionArea(ell, ell), 6);
  assert.equal(c2d.iou(ell, ell), 1);
  // The star ∩ the L, in the first quadrant. The bar [0, 4] x [0, 1] holds the star's triangle
  // (0, 0), (4, 0), (1, 1) (area 2) and, of its triangle (0, 0), (1, 1), (0, 4), the part below
  // y = 1: the triangle (0, 0), (1, 1), (0, 1) (area 1/2). The arm [0, 1] x [1, 3] holds the part
  // for 1 <= y <= 3, left of the edge x = (4 - y) / 3: the integral of (4 - y) / 3 from 1 to 3,
  // (7.5 - 3.5) / 3 = 4/3. In all 2 + 1/2 + 4/3 = 23/6.
  near(c2d.intersectionArea(star, ell), 23 / 6, 1e-12, "star ∩ L");
  near(c2d.intersectionArea(ell, star), 23 / 6, 1e-12, "L ∩ star");
  assert.equal(c2d.contains(star, ell), false);
  star.dispose();
  ell.dispose();
});

// ---- The reference: ear clipping on integer coordinates -----------------------------------

const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
/** p in the closed triangle abc (counter-clockwise). */
function inTriangle(p, a, b, c) {
  return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
}
/**
 * The counter-clockwise simple polygon cut into counter-clockwise triangles of positive area. A
 * vertex in a straight run is dropped (it adds no area); an ear is a convex vertex whose triangle
 * holds no other vertex. Exact: the coordinates are small integers.
 */
function earClip(points) {
  const ring = points.slice();
  const triangles = [];
  let guard = 0;
  while (ring.length > 3) {
    assert.ok(++guard < 10_000, "ear clipping made no progress");
    let clipped = false;
    for (let i = 0; i < ring.length && !clipped; ++i) {
      const a = ring[(i + ring.length - 1) % ring.length];
      const b = ring[i];
      const c = ring[(i + 1) % ring.length];
      const turn = cross(a, b, c);
      if (turn === 0) {
        ring.splice(i, 1); // a straight run: b lies between a and c
        clipped = true;
      } else if (turn > 0 && !ring.some((p) => p !== a && p !== b && p !== c && inTriangle(p, a, b, c))) {
        triangles.push([a, b, c]);
        ring.splice(i, 1);
        clipped = true;
      }
    }
    assert.ok(clipped, `no ear in ${JSON.stringify(ring)}`);
  }
  if (cross(ring[0], ring[1], ring[2]) > 0) triangles.push(ring);
  return triangles;
}

/**
 * A random simple polygon of 4 to 14 integer vertices: lattice points sorted by angle about a
 * centre off the lattice, kept only when the angles are distinct and every gap is under a half
 * turn (then the centre is inside and the edges sweep disjoint wedges: the outline is simple,
 * star-shaped, and usually concave).
 */
function randomSimplePolygon(random) {
  for (;;) {
    const n = 4 + Math.floor(random() * 11);
    const cx = 0.37;
    const cy = 0.21;
    const points = [];
    for (let i = 0; i < n; ++i) {
      const angle = (2 * Math.PI * (i + random())) / n;
      const radius = 2 + random() * 18;
      points.push([Math.round(cx + radius * Math.cos(angle)), Math.round(cy + radius * Math.sin(angle))]);
    }
    const angleOf = ([x, y]) => Math.atan2(y - cy, x - cx);
    points.sort((p, q) => angleOf(p) - angleOf(q));
    let ok = true;
    for (let i = 0; i < n && ok; ++i) {
      const gap = (angleOf(points[(i + 1) % n]) - angleOf(points[i]) + 2 * Math.PI) % (2 * Math.PI);
      if (!(gap > 1e-9 && gap < Math.PI - 1e-9)) ok = false;
    }
    if (ok) return points;
  }
}

/** A random shape with area on integer coordinates (exact rotations for boxes). */
function randomAreaShape(random) {
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const x = int(-20, 20);
  const y = int(-20, 20);
  switch (int(0, 3)) {
    case 0:
      return c2d.aabb(x, y, x + int(1, 12), y + int(1, 12));
    case 1:
      return c2d.circle(x, y, int(1, 8));
    case 2:
      return c2d.obbFromRotation(x, y, 2 * int(1, 6), 2 * int(1, 6), 0, 1);
    default: {
      const a = [x, y];
      const b = [x + int(1, 10), y + int(-3, 3)];
      const c = [x + int(-3, 5), y + int(1, 10)];
      return cross(a, b, c) > 0 ? c2d.polygon([a, b, c]) : c2d.aabb(x, y, x + 3, y + 3);
    }
  }
}

const CASES = 300;

test(`${CASES} random simple polygons: vertices and area, and against random shapes, as the union of their ear-clipped triangles`, () => {
  const random = mulberry32(20261128);
  let overlapping = 0;
  let contained = 0;
  for (let k = 0; k < CASES; ++k) {
    const outline = randomSimplePolygon(random);
    const label = `case ${k}: ${JSON.stringify(outline)}`;
    const polygon = c2d.simplePolygon(outline);
    const triangles = earClip(outline).map((t) => c2d.polygon(t));
    assert.ok(sameCycle(pairs(polygon.vertices), outline), `${label}: vertices`);
    assert.equal(polygon.area, twiceSignedArea(outline) / 2, `${label}: area`);
    const triangleArea = triangles.reduce((sum, t) => sum + c2d.massProperties(t).mass, 0);
    near(triangleArea, polygon.area, 1e-9 * polygon.area, `${label}: the reference's area`);

    for (let j = 0; j < 4; ++j) {
      const shape = randomAreaShape(random);
      const what = `${label} against ${JSON.stringify(fields(shape))}`;
      const expected = triangles.some((t) => c2d.overlaps(t, shape));
      assert.equal(c2d.overlaps(polygon, shape), expected, `${what}: overlaps`);
      assert.equal(c2d.overlaps(shape, polygon), expected, `${what}: overlaps (swapped)`);
      if (expected) ++overlapping;
      const area = triangles.reduce((sum, t) => sum + c2d.intersectionArea(t, shape), 0);
      near(c2d.intersectionArea(polygon, shape), area, 1e-9 * (1 + area), `${what}: intersectionArea`);
      near(c2d.intersectionArea(shape, polygon), area, 1e-9 * (1 + area), `${what}: intersectionArea (swapped)`);
      const shapeArea = c2d.massProperties(shape).mass;
      near(c2d.iou(polygon, shape), area / (polygon.area + shapeArea - area), 1e-9, `${what}: iou`);
      // S (regular, closed) lies in P iff their overlap is all of S.
      const inside = Math.abs(area - shapeArea) <= 1e-9 * shapeArea;
      assert.equal(c2d.contains(polygon, shape), inside, `${what}: contains`);
      if (inside) ++contained;
      // A convex S holds P iff it holds every triangle.
      assert.equal(c2d.contains(shape, polygon), triangles.every((t) => c2d.contains(shape, t)), `${what}: contains (swapped)`);
      const gap = Math.min(...triangles.map((t) => c2d.distance(t, shape).distance));
      near(c2d.distance(polygon, shape).distance, gap, 1e-9 * (1 + gap), `${what}: distance`);
    }
    // Lattice points and their midpoints: in P iff in a triangle (boundaries included).
    for (let j = 0; j < 6; ++j) {
      const p = c2d.point(Math.floor(random() * 41) / 2 - 10, Math.floor(random() * 41) / 2 - 10);
      const expected = triangles.some((t) => c2d.contains(t, p));
      assert.equal(c2d.contains(polygon, p), expected, `${label}: contains (${p.x}, ${p.y})`);
    }
    polygon.dispose();
  }
  // The cases must exercise both answers.
  assert.ok(overlapping > CASES / 4 && overlapping < 4 * CASES - CASES / 4, `overlapping pairs: ${overlapping}`);
  assert.ok(contained > 10, `contained shapes: ${contained}`);
});

test(`${CASES / 3} pairs of random simple polygons, and ray spans, against the triangles`, () => {
  const random = mulberry32(7);
  let spanCount = 0;
  for (let k = 0; k < CASES / 3; ++k) {
    const a = randomSimplePolygon(random);
    const b = randomSimplePolygon(random).map(([x, y]) => [x + 10, y - 5]);
    const label = `case ${k}: ${JSON.stringify(a)} and ${JSON.stringify(b)}`;
    const pa = c2d.simplePolygon(a);
    const pb = c2d.simplePolygon(b);
    const ta = earClip(a).map((t) => c2d.polygon(t));
    const tb = earClip(b).map((t) => c2d.polygon(t));
    const expected = ta.some((s) => tb.some((t) => c2d.overlaps(s, t)));
    assert.equal(c2d.overlaps(pa, pb), expected, `${label}: overlaps`);
    let area = 0;
    for (const s of ta) for (const t of tb) area += c2d.intersectionArea(s, t);
    near(c2d.intersectionArea(pa, pb), area, 1e-9 * (1 + area), `${label}: intersectionArea`);
    near(c2d.intersectionArea(pb, pa), area, 1e-9 * (1 + area), `${label}: intersectionArea (swapped)`);

    // A ray from off the lattice: its spans are the union of the triangles' spans (adjacent
    // triangles' spans meet end to start, merged here).
    const [ox, oy] = [-25 + random() * 3, -22 + random() * 44];
    const ray = c2d.ray(ox, oy, -10 + 20 * random() - ox, -10 + 20 * random() - oy);
    const pieces = ta.map((t) => c2d.raycast(ray, t)).filter((h) => h !== null).map((h) => [h.tEnter, h.tExit]);
    pieces.sort((p, q) => p[0] - q[0]);
    const merged = [];
    for (const [s, e] of pieces) {
      if (merged.length > 0 && s <= merged[merged.length - 1][1] + 1e-9) {
        merged[merged.length - 1][1] = Math.max(merged[merged.length - 1][1], e);
      } else {
        merged.push([s, e]);
      }
    }
    const spans = c2d.raycastSpans(ray, pa);
    assert.equal(spans.length, merged.length, `${label}: span count along ${JSON.stringify(fields(ray))}`);
    spans.forEach((span, i) => {
      near(span.tEnter, merged[i][0], 1e-9, `${label}: span ${i} enters`);
      near(span.tExit, merged[i][1], 1e-9, `${label}: span ${i} leaves`);
    });
    spanCount += spans.length;
    pa.dispose();
    pb.dispose();
  }
  assert.ok(spanCount > CASES / 3, `spans seen: ${spanCount}`);
});

test(`every shape kind on either side: overlaps, distance and contains against the triangles (${CASES / 3} polygons)`, () => {
  const random = mulberry32(31);
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const kinds = [
    () => c2d.point(int(-20, 20), int(-20, 20)),
    () => c2d.segment(int(-20, 20), int(-20, 20), int(-20, 20), int(-20, 20)),
    () => c2d.capsule(int(-20, 20), int(-20, 20), int(-20, 20), int(-20, 20), int(0, 3)),
    () => c2d.roundedBoxFromRotation(int(-20, 20), int(-20, 20), int(1, 6), int(1, 6), 0, 1, int(0, 2)),
    () => randomAreaShape(random),
  ];
  const seen = new Set();
  for (let k = 0; k < CASES / 3; ++k) {
    const outline = randomSimplePolygon(random);
    const polygon = c2d.simplePolygon(outline);
    const triangles = earClip(outline).map((t) => c2d.polygon(t));
    for (const make of kinds) {
      const shape = make();
      seen.add(shape.kind);
      const what = `case ${k}: ${JSON.stringify(outline)} and ${JSON.stringify(fields(shape))}`;
      const expected = triangles.some((t) => c2d.overlaps(t, shape));
      assert.equal(c2d.overlaps(shape, polygon), expected, `${what}: overlaps`);
      const gap = Math.min(...triangles.map((t) => c2d.distance(shape, t).distance));
      near(c2d.distance(shape, polygon).distance, gap, 1e-9 * (1 + gap), `${what}: distance`);
      assert.equal(c2d.contains(shape, polygon), triangles.every((t) => c2d.contains(shape, t)), `${what}: contains`);
      if (!expected) assert.equal(c2d.contains(polygon, shape), false, `${what}: contains, apart`);
    }
    polygon.dispose();
  }
  assert.equal(seen.size, 8, `kinds seen: ${[...seen].join(", ")}`);
});

test("a disposed simple polygon throws a TypeError in every query; dispose twice is harmless", () => {
  const ell = c2d.simplePolygon(L_POINTS);
  ell.dispose();
  ell.dispose();
  const box = c2d.aabb(0, 0, 1, 1);
  const ray = c2d.ray(0, 0, 1, 0);
  const calls = [
    () => c2d.overlaps(ell, box), () => c2d.overlaps(box, ell), () => c2d.contains(ell, box),
    () => c2d.containsStrictly(box, ell), () => c2d.distance(ell, box), () => c2d.intersectionArea(box, ell),
    () => c2d.iou(ell, box), () => c2d.raycast(ray, ell), () => c2d.raycastSpans(ray, ell),
    () => c2d.massProperties(ell), () => c2d.boundingBox(ell),
  ];
  for (const call of calls) assert.throws(call, (e) => e instanceof TypeError && /disposed/.test(e.message), String(call));
  assert.equal(ell.area, 6, "its fields stay readable");
});

// Each polygon holds kilobytes (vertices, edge grid, the object): 30,000 leaked would pass the
// heap's first 16 MiB.
test("30,000 simple polygons made and disposed: the wasm heap does not grow", () => {
  const cycle = () => {
    const p = c2d.simplePolygon(STAR_POINTS);
    c2d.overlaps(p, c2d.point(0, 0));
    p.dispose();
  };
  for (let i = 0; i < 2_000; ++i) cycle();
  const before = c2d.heapBytes();
  for (let i = 0; i < 30_000; ++i) cycle();
  assert.equal(c2d.heapBytes(), before);
});

test("simplePolygon: a bad outline is a RangeError with the library's reason, a value that is not points a TypeError", () =>
  softly((check) => {
    // The bow tie's edges (0, 0)-(2, 2) and (2, 0)-(0, 2) cross.
    check(() => c2d.simplePolygon([[0, 0], [2, 2], [2, 0], [0, 2]]), RangeError, "collide2d.simplePolygon", "vertex 0 (0, 0) -> vertex 1 (2, 2)", "vertex 2 (2, 0) -> vertex 3 (0, 2) cross");
    check(() => c2d.simplePolygon([[0, 0], [4, 0], [4, 4], [4, 0], [0, 4]]), RangeError, "vertices 1 and 3 are the same point");
    check(() => c2d.simplePolygon([[0, 0], [4, 0], [4, 4], [4, 4], [0, 4]]), RangeError, "vertices 2 and 3 are the same point");
    check(() => c2d.simplePolygon([[0, 0], [1, 0]]), RangeError, /3/);
    check(() => c2d.simplePolygon([]), RangeError, /3/);
    check(() => c2d.simplePolygon([[0, 0], [1, 0], [2, 0], [3, 0]]), RangeError, /line|area|collinear/i);
    check(() => c2d.simplePolygon([[0, 0], [1, 0], [NaN, 1]]), RangeError, /nan/i);
    check(() => c2d.simplePolygon([0, 0, 1, 0, 0, Infinity]), RangeError, /inf/i);
    check(() => c2d.simplePolygon([0, 0, 1, 0, 0]), RangeError, "even");
    check(() => c2d.simplePolygon(5), TypeError, "5");
    check(() => c2d.simplePolygon("0,0,1,0,0,1"), TypeError, "simplePolygon");
    check(() => c2d.simplePolygon(null), TypeError, "null");
    check(() => c2d.simplePolygon([[0, 0], [1, "0"], [0, 1]]), TypeError, '"0"');
    check(() => c2d.simplePolygon([{ x: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }]), TypeError, "points[0]");
  }));

test("where the library has no simple polygon overload: a TypeError saying so and what to use instead", () => {
  const ell = c2d.simplePolygon(L_POINTS);
  const box = c2d.aabb(0, 0, 1, 1);
  const scene = new c2d.Scene();
  const id = scene.add(box);
  const rows = new Float64Array([0, 0, 1, 1, 0]);
  const batch = c2d.boxBatch(rows);
  softly((check) => {
    const noOverload = (what) => [TypeError, `collide2d.${what}`, "simple polygon", `has no ${what}`];
    check(() => c2d.collide(ell, box), ...noOverload("collide"), "overlaps and distance");
    check(() => c2d.collide(box, ell), ...noOverload("collide"), "convex pieces");
    check(() => c2d.penetration(box, ell), ...noOverload("penetration"), "distance");
    check(() => c2d.penetration(ell, ell), ...noOverload("penetration"), "c2d.polygon");
    check(() => c2d.shapeCast(ell, { x: 1, y: 0 }, box, { x: 0, y: 0 }), ...noOverload("shapeCast"), "convex pieces");
    check(() => c2d.shapeCast(box, { x: 1, y: 0 }, ell, { x: 0, y: 0 }), ...noOverload("shapeCast"), "overlaps");
    check(() => c2d.intersection(box, ell), TypeError, "intersection", "simple polygon", "intersectionArea");
    // A Scene takes a simple polygon as an entry (scene_polygon.test.mjs), never as a group's part.
    check(() => scene.addGroup([box, ell]), ...noOverload("Scene.addGroup"), "scene.add(polygon)");
    check(() => scene.select(ell), ...noOverload("Scene.select"), "c2d.lasso(polygon.vertices)");
    check(() => scene.overlapping(ell), ...noOverload("Scene.overlapping"), "c2d.lasso");
    check(() => scene.nearestTo(ell), ...noOverload("Scene.nearestTo"), "convex pieces");
    check(() => scene.candidates(ell), ...noOverload("Scene.candidates"), "boundingBox");
    check(() => c2d.overlapsMany(ell, rows), ...noOverload("overlapsMany"), "c2d.overlaps(polygon");
    check(() => batch.overlaps(ell), ...noOverload("BoxBatch.overlaps"), "c2d.overlaps(polygon");
    // Area queries take shapes with area only; a ray and a lasso are not shapes.
    check(() => c2d.intersectionArea(ell, c2d.point(0, 0)), TypeError, "intersectionArea", "point");
    check(() => c2d.iou(c2d.segment(0, 0, 1, 1), ell), TypeError, "iou", "segment");
    check(() => c2d.overlaps(ell, c2d.ray(0, 0, 1, 0)), TypeError, "ray");
    check(() => c2d.contains(c2d.lasso(L_POINTS), ell), TypeError, "not a collide2d shape");
    check(() => c2d.raycast(ell, ell), TypeError, "not a ray");
    check(() => c2d.raycastSpans(c2d.ray(0, 0, 1, 0), { kind: "simple_polygon", vertices: [] }), TypeError, "not a collide2d shape");
  });
  // The scene is as it was: nothing half-added.
  assert.equal(scene.size, 1);
  assert.deepEqual(fields(scene.shape(id)), fields(box));
  batch.dispose();
  scene.dispose();
  ell.dispose();
});
