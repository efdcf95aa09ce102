// massProperties and intersection: hand cases checkable on paper, and seeded random cases against
// plain-JavaScript references written here (shoelace moments, a Sutherland-Hodgman clip).
//
// Tolerances: closed forms (boxes, circles) within a few ulps; polygons' mass and inertia within
// 1e-10 relative of the plain-double shoelace reference (both are sums of a few products of
// coordinates relative to a point inside; 1e-10 is far above either rounding and far below any
// wrong formula), centroids within 1e-10 of the size; the intersection's shoelace area equals
// intersectionArea within 8 eps (|coordinates| + 16) * perimeter (area.hpp's bound, with the
// once-more rounding of the world vertices), each vertex lies inside both shapes within 1e-12 of
// their coordinates, and the reference clip's area agrees within 1e-9 of the smaller area.
import assert from "node:assert/strict";
import { test } from "node:test";
import { load, mulberry32, near, randomConvexPoints, throwsNaming } from "./helpers.mjs";

const c2d = await load();
const EPS = 2 ** -52;

// --- plain references -----------------------------------------------------------------------------

/** [[x, y], ...] counter-clockwise corners of an aabb, obb or polygon, from its fields. */
function outline(s) {
  if (s.kind === "aabb") return [[s.minX, s.minY], [s.maxX, s.minY], [s.maxX, s.maxY], [s.minX, s.maxY]];
  if (s.kind === "obb") {
    const hx = s.width / 2, hy = s.height / 2;
    return [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([sx, sy]) => [
      s.x + s.cos * sx * hx - s.sin * sy * hy,
      s.y + s.sin * sx * hx + s.cos * sy * hy,
    ]);
  }
  const v = [];
  for (let i = 0; i < s.vertices.length; i += 2) v.push([s.vertices[i], s.vertices[i + 1]]);
  return v;
}

/** Mass, centroid and inertia about the centroid of a counter-clockwise polygon (shoelace). */
function shoelaceMass(poly, density) {
  const n = poly.length;
  let rx = 0, ry = 0;
  for (const [x, y] of poly) { rx += x / n; ry += y / n; }
  let a2 = 0, cx6 = 0, cy6 = 0, j12 = 0;
  for (let i = 0; i < n; ++i) {
    const x0 = poly[i][0] - rx, y0 = poly[i][1] - ry;
    const x1 = poly[(i + 1) % n][0] - rx, y1 = poly[(i + 1) % n][1] - ry;
    const cross = x0 * y1 - x1 * y0;
    a2 += cross;
    cx6 += (x0 + x1) * cross;
    cy6 += (y0 + y1) * cross;
    j12 += cross * (x0 * x0 + x0 * x1 + x1 * x1 + y0 * y0 + y0 * y1 + y1 * y1);
  }
  const mass = (density * a2) / 2;
  const cx = cx6 / (3 * a2), cy = cy6 / (3 * a2);
  return { mass, centroid: { x: rx + cx, y: ry + cy }, inertia: (density * j12) / 12 - mass * (cx * cx + cy * cy) };
}

function shoelaceArea(poly) {
  let a2 = 0;
  for (let i = 0; i < poly.length; ++i) {
    const [x0, y0] = poly[i], [x1, y1] = poly[(i + 1) % poly.length];
    a2 += x0 * y1 - x1 * y0;
  }
  return a2 / 2;
}

/** Sutherland-Hodgman: the polygon subject clipped by the convex counter-clockwise polygon clip. */
function clip(subject, clipPoly) {
  let out = subject;
  for (let i = 0; i < clipPoly.length && out.length > 0; ++i) {
    const [ax, ay] = clipPoly[i], [bx, by] = clipPoly[(i + 1) % clipPoly.length];
    const side = ([x, y]) => (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    const input = out;
    out = [];
    for (let j = 0; j < input.length; ++j) {
      const p = input[j], q = input[(j + 1) % input.length];
      const sp = side(p), sq = side(q);
      if (sp >= 0) out.push(p);
      if ((sp > 0 && sq < 0) || (sp < 0 && sq > 0)) {
        const t = sp / (sp - sq);
        out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
      }
    }
  }
  return out;
}

/** How far (x, y) lies inside a counter-clockwise polygon; negative outside. */
function insideBy([x, y], poly) {
  let worst = Infinity;
  for (let i = 0; i < poly.length; ++i) {
    const [x0, y0] = poly[i], [x1, y1] = poly[(i + 1) % poly.length];
    worst = Math.min(worst, ((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) / Math.hypot(x1 - x0, y1 - y0));
  }
  return worst;
}

const close = (a, b, rel) => Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b));

/** The rectangle [x0, x1] x [y0, y1] as an aabb, an obb, a quarter-turned obb and a polygon. */
function forms(x0, y0, x1, y1) {
  return [
    c2d.aabb(x0, y0, x1, y1),
    c2d.obb((x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0),
    c2d.obbFromRotation((x0 + x1) / 2, (y0 + y1) / 2, y1 - y0, x1 - x0, 0, 1),
    c2d.polygon([x0, y0, x1, y0, x1, y1, x0, y1]),
  ];
}

/** got is want read from some starting vertex, in the same order. */
function sameCycle(got, want) {
  if (got.length !== want.length) return false;
  const key = (v) => `${v.x},${v.y}`;
  const w = want.map(key).join(";");
  return got.some((_, k) => got.slice(k).concat(got.slice(0, k)).map(key).join(";") === w);
}

// --- massProperties -------------------------------------------------------------------------------

test("massProperties: a unit square of density 2 in every form: mass 2, centroid (0.5, 0.5), inertia 1/3", () => {
  for (const square of forms(0, 0, 1, 1)) {
    const p = c2d.massProperties(square, 2);
    assert.equal(p.mass, 2, square.kind);
    assert.deepEqual(p.centroid, { x: 0.5, y: 0.5 }, square.kind);
    near(p.inertia, 1 / 3, 4 * EPS, `${square.kind} inertia`); // m (w^2 + h^2) / 12 = 2 * 2 / 12
  }
  const p = c2d.massProperties(c2d.aabb(0, 0, 2, 3)); // density 1 by default
  assert.equal(p.mass, 6);
  near(p.inertia, (6 * 13) / 12, 16 * EPS, "2 x 3 inertia");
});

test("massProperties: circles m = density pi r^2, I = m r^2 / 2; rotated boxes; a right triangle", () => {
  for (const [r, density] of [[1, 1], [3, 0.5], [0.25, 7], [1000, 2]]) {
    const p = c2d.massProperties(c2d.circle(-2, 5, r), density);
    const m = density * Math.PI * r * r;
    assert.ok(close(p.mass, m, 4 * EPS), `circle ${r}: ${p.mass} vs ${m}`);
    assert.deepEqual(p.centroid, { x: -2, y: 5 });
    assert.ok(close(p.inertia, (m * r * r) / 2, 8 * EPS), `circle ${r}: ${p.inertia}`);
  }
  for (const angle of [0, 0.3, 1, 2.5, -1.2]) {
    const p = c2d.massProperties(c2d.obb(3, -4, 4, 2, angle), 1.5);
    assert.ok(close(p.mass, 12, 4 * EPS));
    assert.ok(close(p.inertia, (12 * 20) / 12, 8 * EPS), `obb at ${angle}: ${p.inertia}`);
    near(p.centroid.x, 3, 1e-15); near(p.centroid.y, -4, 1e-15);
  }
  // Legs 3 and 6 at the origin: area 9, centroid (1, 2), inertia A (a^2 + b^2) / 18 = 22.5.
  const t = c2d.massProperties(c2d.polygon([[0, 0], [3, 0], [0, 6]]));
  near(t.mass, 9, 16 * EPS); near(t.centroid.x, 1, 4 * EPS); near(t.centroid.y, 2, 8 * EPS);
  near(t.inertia, 22.5, 64 * EPS, "triangle inertia");
  // A capsule 4 long, radius 1: a 4 x 2 rectangle and a unit disc.
  near(c2d.massProperties(c2d.capsule(-2, 0, 2, 0, 1)).mass, 8 + Math.PI, 16 * EPS, "capsule mass");
  // A rounded polygon: area = core area + perimeter r + pi r^2 (Steiner); the 3-4-5 triangle
  // rounded by 0.5: 6 + 12 * 0.5 + pi / 4. A rounded square is symmetric: its centroid the centre.
  const rounded = c2d.massProperties(c2d.roundedPolygon([[0, 0], [4, 0], [0, 3]], 0.5), 2);
  near(rounded.mass, 2 * (6 + 6 + Math.PI / 4), 64 * EPS, "rounded triangle mass");
  const pill = c2d.massProperties(c2d.roundedBox(1, 2, 2, 2, 0, 1));
  near(pill.mass, 4 + 8 + Math.PI, 64 * EPS, "rounded square mass");
  near(pill.centroid.x, 1, 1e-14, "rounded square centroid x");
  near(pill.centroid.y, 2, 1e-14, "rounded square centroid y");
});

test("massProperties: points and segments have mass 0 at their point or midpoint; density 0", () => {
  for (const density of [0, 1, 123]) {
    assert.deepEqual(c2d.massProperties(c2d.point(1.5, -2), density), { mass: 0, centroid: { x: 1.5, y: -2 }, inertia: 0 });
    assert.deepEqual(c2d.massProperties(c2d.segment(0, 0, 2, 4), density), { mass: 0, centroid: { x: 1, y: 2 }, inertia: 0 });
  }
  assert.deepEqual(c2d.massProperties(c2d.circle(1, 1, 2), 0), { mass: 0, centroid: { x: 1, y: 1 }, inertia: 0 });
});

test("massProperties: a bad density is a RangeError naming it, a wrong type a TypeError", () => {
  const box = c2d.aabb(0, 0, 1, 1);
  for (const [density, text] of [[-1, "-1"], [-1e-300, "-1e-300"], [NaN, "NaN"], [Infinity, "Infinity"], [-Infinity, "-Infinity"]]) {
    throwsNaming(() => c2d.massProperties(box, density), RangeError, "massProperties", "density", text);
  }
  throwsNaming(() => c2d.massProperties(box, "2"), TypeError, "massProperties", "density");
  throwsNaming(() => c2d.massProperties({ kind: "aabb" }, 1), TypeError, "massProperties", "shape");
  throwsNaming(() => c2d.massProperties(c2d.ray(0, 0, 1, 0)), TypeError, "massProperties", "ray");
});

test("massProperties: seeded random polygons near and far from the origin against the shoelace reference", () => {
  const random = mulberry32(1711);
  let checked = 0;
  for (const [ox, oy] of [[0, 0], [1e3, -2e3], [1e6, 1e6]]) {
    for (let i = 0; i < 200; ++i) {
      const poly = c2d.polygon(randomConvexPoints(random, ox + 10 * random(), oy + 10 * random()));
      const density = 0.1 + 10 * random();
      const got = c2d.massProperties(poly, density);
      const want = shoelaceMass(outline(poly), density);
      assert.ok(close(got.mass, want.mass, 1e-10), `mass ${got.mass} vs ${want.mass}`);
      assert.ok(close(got.inertia, want.inertia, 1e-10), `inertia ${got.inertia} vs ${want.inertia}`);
      near(got.centroid.x, want.centroid.x, 1e-10 * (6 + Math.abs(ox) + 10), "centroid x");
      near(got.centroid.y, want.centroid.y, 1e-10 * (6 + Math.abs(oy) + 10), "centroid y");
      ++checked;
    }
  }
  for (let i = 0; i < 300; ++i) {
    const w = 0.01 + 50 * random(), h = 0.01 + 50 * random(), density = 0.1 + 10 * random();
    const box = c2d.obb(2e4 * random() - 1e4, 2e4 * random() - 1e4, w, h, 2 * Math.PI * random() - Math.PI);
    const p = c2d.massProperties(box, density);
    const m = density * box.width * box.height;
    assert.ok(close(p.mass, m, 8 * EPS) && close(p.inertia, (m * (box.width ** 2 + box.height ** 2)) / 12, 16 * EPS));
    ++checked;
  }
  assert.equal(checked, 900);
});

// --- intersection ---------------------------------------------------------------------------------

test("intersection: squares offset by (0.5, 0.5) meet in [0.5, 1]^2, counter-clockwise, in every form and order", () => {
  const quarter = [{ x: 0.5, y: 0.5 }, { x: 1, y: 0.5 }, { x: 1, y: 1 }, { x: 0.5, y: 1 }];
  for (const a of forms(0, 0, 1, 1)) {
    for (const b of forms(0.5, 0.5, 1.5, 1.5)) {
      const got = c2d.intersection(a, b);
      assert.ok(sameCycle(got, quarter), `${a.kind} ${b.kind}: ${JSON.stringify(got)}`);
      assert.deepEqual(c2d.intersection(b, a), got);
    }
  }
});

test("intersection: a shared corner is one point, a shared edge a segment, apart nothing", () => {
  for (const a of forms(0, 0, 1, 1)) {
    for (const b of forms(1, 1, 2, 2)) {
      assert.deepEqual(c2d.intersection(a, b), [{ x: 1, y: 1 }], `${a.kind} ${b.kind}`);
      assert.deepEqual(c2d.intersection(b, a), [{ x: 1, y: 1 }]);
    }
    for (const b of forms(1, 0, 2, 1)) {
      const got = c2d.intersection(a, b);
      const key = got.map((v) => `${v.x},${v.y}`).sort();
      assert.deepEqual(key, ["1,0", "1,1"], `${a.kind} ${b.kind}`);
      assert.deepEqual(c2d.intersection(b, a), got);
    }
    for (const b of [...forms(3, 0, 4, 1), ...forms(1.5, 1.5, 2, 3)]) {
      assert.deepEqual(c2d.intersection(a, b), []);
      assert.deepEqual(c2d.intersection(b, a), []);
    }
  }
  // The diamond |x - 1/2| + |y - 1/2| <= 3/4 cuts the unit square's corners at 1/4: an octagon
  // of area 1 - 4 / 32, whose vertices polygon() takes back.
  const diamond = c2d.polygon([[0.5, -0.25], [1.25, 0.5], [0.5, 1.25], [-0.25, 0.5]]);
  const octagon = c2d.intersection(c2d.aabb(0, 0, 1, 1), diamond);
  assert.equal(octagon.length, 8);
  assert.equal(shoelaceArea(octagon.map((v) => [v.x, v.y])), 1 - 4 / 32);
  assert.equal(c2d.polygon(octagon).vertices.length, 16);
});

test("intersection: other kinds are a TypeError naming them", () => {
  const box = c2d.aabb(0, 0, 1, 1);
  const others = [c2d.point(0, 0), c2d.segment(0, 0, 1, 1), c2d.circle(0, 0, 1), c2d.capsule(0, 0, 1, 1, 0.5),
    c2d.roundedPolygon([[0, 0], [1, 0], [0, 1]], 0.5)];
  for (const other of others) {
    throwsNaming(() => c2d.intersection(box, other), TypeError, "intersection", `b is a ${other.kind}`);
    throwsNaming(() => c2d.intersection(other, box), TypeError, "intersection", `a is a ${other.kind}`);
  }
  throwsNaming(() => c2d.intersection(box, [0, 0]), TypeError, "intersection", "not a collide2d shape");
});

test("intersection: seeded random aabbs, obbs and polygons against areas, containment and a reference clip", () => {
  const random = mulberry32(4242);
  const shape = (x, y) => {
    const k = Math.floor(3 * random());
    if (k === 0) return c2d.aabb(x - 4 * random(), y - 4 * random(), x + 0.1 + 4 * random(), y + 0.1 + 4 * random());
    if (k === 1) return c2d.obb(x, y, 0.1 + 8 * random(), 0.1 + 8 * random(), 2 * Math.PI * random() - Math.PI);
    return c2d.polygon(randomConvexPoints(random, x, y));
  };
  const counts = { empty: 0, polygon: 0, other: 0 };
  for (let i = 0; i < 600; ++i) {
    const a = shape(0, 0);
    const b = shape(12 * random() - 6, 12 * random() - 6);
    const got = c2d.intersection(a, b);
    assert.deepEqual(c2d.intersection(b, a), got, "both orders");
    assert.ok(got.length <= 16);
    const oa = outline(a), ob = outline(b);
    const size = Math.max(...[...oa, ...ob].flat().map(Math.abs)) + 16;
    for (const v of got) {
      assert.ok(insideBy([v.x, v.y], oa) >= -1e-12 * size, `vertex ${v.x}, ${v.y} outside a`);
      assert.ok(insideBy([v.x, v.y], ob) >= -1e-12 * size, `vertex ${v.x}, ${v.y} outside b`);
    }
    const area = c2d.intersectionArea(a, b);
    const smaller = Math.min(shoelaceArea(oa), shoelaceArea(ob));
    const reference = shoelaceArea(clip(oa, ob));
    assert.ok(Math.abs(area - reference) <= 1e-9 * smaller, `area ${area} vs reference clip ${reference}`);
    if (got.length >= 3) {
      ++counts.polygon;
      const poly = got.map((v) => [v.x, v.y]);
      for (let j = 0; j < poly.length; ++j) { // counter-clockwise and convex: a left turn at each vertex
        const [x0, y0] = poly[j], [x1, y1] = poly[(j + 1) % poly.length], [x2, y2] = poly[(j + 2) % poly.length];
        assert.ok((x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1) > 0, "left turn");
      }
      let perimeter = 0;
      for (let j = 0; j < poly.length; ++j) perimeter += Math.hypot(poly[j][0] - poly[(j + 1) % poly.length][0], poly[j][1] - poly[(j + 1) % poly.length][1]);
      const own = shoelaceArea(poly);
      assert.ok(Math.abs(own - area) <= 8 * EPS * size * perimeter, `shoelace ${own} vs intersectionArea ${area}`);
    } else {
      got.length === 0 ? ++counts.empty : ++counts.other;
      assert.ok(area <= 1e-9 * smaller && reference <= 1e-9 * smaller, `no polygon but area ${area}, reference ${reference}`);
    }
  }
  assert.ok(counts.polygon > 100 && counts.empty > 100, JSON.stringify(counts));
});

test("intersection: integer boxes, exact: the count follows from the exact rectangle overlap", () => {
  const random = mulberry32(99);
  const int = (lo, hi) => lo + Math.floor((hi - lo + 1) * random());
  for (let i = 0; i < 400; ++i) {
    const rects = [0, 1].map(() => {
      const x0 = int(-4, 4), y0 = int(-4, 4);
      return [x0, y0, x0 + int(1, 4), y0 + int(1, 4)];
    });
    const [[ax0, ay0, ax1, ay1], [bx0, by0, bx1, by1]] = rects;
    const ix0 = Math.max(ax0, bx0), iy0 = Math.max(ay0, by0), ix1 = Math.min(ax1, bx1), iy1 = Math.min(ay1, by1);
    const want = new Set();
    if (ix0 <= ix1 && iy0 <= iy1) for (const x of [ix0, ix1]) for (const y of [iy0, iy1]) want.add(`${x},${y}`);
    for (const a of forms(...rects[0])) {
      for (const b of forms(...rects[1])) {
        const got = c2d.intersection(a, b);
        assert.deepEqual(new Set(got.map((v) => `${v.x + 0},${v.y + 0}`)), want, `${a.kind} ${b.kind}`);
        assert.equal(got.length, want.size);
        assert.deepEqual(c2d.intersection(b, a), got);
      }
    }
  }
});
