// collide2d's JavaScript benchmark (issue 12): the wasm package beside flatbush, rbush, SAT.js and
// detect-collisions on the same seeded data, with every contender's answer counts beside its times.
//
//   scripts/bench.sh js             (npm ci here, then node bench.mjs)
//   BENCH_SCALE=0.1 node bench.mjs  (a quick run: a tenth of the boxes and of the queries)
//
// Prints progress on stderr and the results as markdown on stdout; the same markdown goes to
// build/bench-js/results.md and the raw figures to build/bench-js/results.json.
//
// Every time is a median over REPS timed passes after one untimed pass (the warm-up, whose answers
// are the ones compared). Ratios are the contender's time over collide2d's: above 1, collide2d is
// faster. "differ" counts answers that are not collide2d's (missing + extra ids, over all queries).

import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import Flatbush from "flatbush";
import RBush from "rbush";
import SAT from "sat";
import { System as DcSystem } from "detect-collisions";
import { packageReport, packageTable } from "./package-size.mjs";

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const REPS = Number(process.env.BENCH_REPS ?? 5);
// The contenders that test every candidate with SAT.js (or detect-collisions' SAT.js) take
// 1-2 us a candidate on the million boxes: fewer timed passes for them keep the run short.
const SLOW_REPS = Math.min(REPS, Number(process.env.BENCH_SLOW_REPS ?? 3));
const started = performance.now();
const log = (...a) =>
  console.error(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s]`, ...a);

// ---------------------------------------------------------------- seeded data

// mulberry32: a small seeded PRNG (the one flatbush's bench.js uses), so that every run and every
// contender sees the same numbers.
function mulberry32(seed) {
  return function () {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORLD = 1000;
const N = Math.round(1_000_000 * SCALE);

// Boxes as structure of arrays; the corners of box i are computed once, by cornersOf, and every
// polygon contender (SAT.js, detect-collisions, the plain loops) gets those same doubles.
function makeBoxes(n, world, minHalf, maxHalf, random) {
  const b = {
    n,
    cx: new Float64Array(n), cy: new Float64Array(n),
    hx: new Float64Array(n), hy: new Float64Array(n),
    angle: new Float64Array(n), c: new Float64Array(n), s: new Float64Array(n),
    corners: new Float64Array(8 * n), bbox: new Float64Array(4 * n),
    rows: new Float64Array(5 * n), // collide2d's addBoxes / overlapsMany rows: cx, cy, w, h, angle
  };
  for (let i = 0; i < n; i++) {
    b.cx[i] = random() * world;
    b.cy[i] = random() * world;
    b.hx[i] = minHalf + random() * (maxHalf - minHalf);
    b.hy[i] = minHalf + random() * (maxHalf - minHalf);
    b.angle[i] = (random() * 2 - 1) * Math.PI;
    b.c[i] = Math.cos(b.angle[i]);
    b.s[i] = Math.sin(b.angle[i]);
    cornersOf(b.cx[i], b.cy[i], b.hx[i], b.hy[i], b.c[i], b.s[i], b.corners, 8 * i);
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let k = 0; k < 4; k++) {
      const x = b.corners[8 * i + 2 * k], y = b.corners[8 * i + 2 * k + 1];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    b.bbox.set([x0, y0, x1, y1], 4 * i);
    b.rows.set([b.cx[i], b.cy[i], 2 * b.hx[i], 2 * b.hy[i], b.angle[i]], 5 * i);
  }
  return b;
}

// Counter-clockwise (y up): centre -u -v, +u -v, +u +v, -u +v, with u = h_x (c, s), v = h_y (-s, c).
function cornersOf(cx, cy, hx, hy, c, s, out, o) {
  const ux = c * hx, uy = s * hx, vx = -s * hy, vy = c * hy;
  out[o] = cx - ux - vx; out[o + 1] = cy - uy - vy;
  out[o + 2] = cx + ux - vx; out[o + 3] = cy + uy - vy;
  out[o + 4] = cx + ux + vx; out[o + 5] = cy + uy + vy;
  out[o + 6] = cx - ux + vx; out[o + 7] = cy - uy + vy;
}

const satPolygon = (corners, o) =>
  new SAT.Polygon(new SAT.Vector(0, 0), [0, 1, 2, 3].map((k) => new SAT.Vector(corners[o + 2 * k], corners[o + 2 * k + 1])));
const cornerPoints = (corners, o) => [0, 1, 2, 3].map((k) => ({ x: corners[o + 2 * k], y: corners[o + 2 * k + 1] }));

// ---------------------------------------------------------------- timing and answers

const median = (xs) => {
  const a = [...xs].sort((p, q) => p - q);
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
};

// pass(collect) runs one whole pass; collect(q, ids) receives query q's answer in the untimed
// warm-up pass only (null in the timed ones).
//
// Warm-up: both engines compile in tiers (V8 optimises hot JavaScript and, separately, tiers hot
// wasm functions up from its baseline compiler after a budget of executions), so one pass is not
// enough: while passes are short (under 0.5 s), at least 4 further untimed passes run, then more
// while a pass is still 10% faster than the one before, 8 at most; the same rule for every
// contender. (Closest rays ran at 52, 45, 47, 25, then 9 us in five passes of a fresh module.)
function timePasses(pass, reps = REPS) {
  const answers = [];
  const t0 = performance.now();
  pass((q, ids) => { answers[q] = ids; });
  let last = performance.now() - t0;
  for (let w = 0; reps > 0 && w < 8 && last < 500; w++) {
    const t = performance.now();
    pass(null);
    const now = performance.now() - t;
    if (w >= 3 && now > 0.9 * last) break;
    last = now;
  }
  const times = reps > 0 ? [] : [performance.now() - t0]; // reps = 0: the one pass is the time
  for (let r = 0; r < reps; r++) {
    const t = performance.now();
    pass(null);
    times.push(performance.now() - t);
  }
  return { ms: median(times), times, answers };
}

const sortedInts = (ids) => Int32Array.from(ids).sort();
// Symmetric difference of two sorted Int32Arrays: [missing from b, extra in b].
function difference(a, b) {
  let i = 0, j = 0, missing = 0, extra = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { i++; j++; } else if (a[i] < b[j]) { missing++; i++; } else { extra++; j++; }
  }
  return [missing + a.length - i, extra + b.length - j];
}

// results[section] = [{ row, perWhat, contenders: { name: { ms, per, answers, missing, extra } } }]
const results = { meta: {}, sections: {} };
function record(section, row, contender, perOp, timing, answers, reference) {
  const sec = (results.sections[section] ??= { rows: {} });
  const r = (sec.rows[row] ??= { contenders: {} });
  const entry = { ms: timing.ms, per: timing.ms / perOp, times: timing.times, answers: null, missing: 0, extra: 0 };
  if (answers) {
    let total = 0;
    for (let q = 0; q < answers.length; q++) {
      const got = sortedInts(answers[q]);
      total += got.length;
      if (reference && reference[q]) {
        const [m, e] = difference(reference[q], got);
        entry.missing += m;
        entry.extra += e;
      }
    }
    entry.answers = total;
  }
  r.contenders[contender] = entry;
  const d = entry.missing + entry.extra;
  log(`  ${section} ${row} ${contender}: ${fmtTime(entry.per)}${entry.answers !== null ? `, ${entry.answers.toLocaleString("en-US")} answers` : ""}${reference ? (d ? `, ${entry.missing} missing / ${entry.extra} extra vs collide2d` : ", same as collide2d") : ""}`);
  return entry;
}

function fmtTime(ms) {
  if (ms >= 1000) return `${(ms / 1000).toPrecision(3)} s`;
  if (ms >= 1) return `${ms.toPrecision(3)} ms`;
  if (ms >= 1e-3) return `${(ms * 1e3).toPrecision(3)} us`;
  return `${(ms * 1e6).toPrecision(3)} ns`;
}

// ---------------------------------------------------------------- collide2d

let c2 = null;
let c2Error = null;
try {
  const mod = await import("collide2d");
  c2 = await (mod.loadCollide2d ?? mod.default)();
} catch (e) {
  c2Error = e;
}

// ---------------------------------------------------------------- plain exact tests (hand-written JS)

// Classic separating-axis test of box i against a square region (centre, half side h, rotation
// rc, rs) with projection radii: the strongest hand-written contender.
function plainBoxRegion(b, i, R) {
  const dx = b.cx[i] - R.cx, dy = b.cy[i] - R.cy;
  const c = b.c[i], s = b.s[i], hx = b.hx[i], hy = b.hy[i];
  // region axes (rc, rs) and (-rs, rc)
  const ud = c * R.c + s * R.s, vd = -s * R.c + c * R.s; // box u and v on region axis 1
  if (Math.abs(dx * R.c + dy * R.s) > R.h + hx * Math.abs(ud) + hy * Math.abs(vd)) return false;
  const ud2 = -c * R.s + s * R.c, vd2 = s * R.s + c * R.c; // on region axis 2
  if (Math.abs(-dx * R.s + dy * R.c) > R.h + hx * Math.abs(ud2) + hy * Math.abs(vd2)) return false;
  // box axes: the region's radius on them
  if (Math.abs(dx * c + dy * s) > hx + R.h * (Math.abs(ud) + Math.abs(ud2))) return false;
  if (Math.abs(-dx * s + dy * c) > hy + R.h * (Math.abs(vd) + Math.abs(vd2))) return false;
  return true;
}
// Every corner of box i inside the region (closed).
function plainBoxInRegion(b, i, R) {
  const o = 8 * i;
  for (let k = 0; k < 8; k += 2) {
    const dx = b.corners[o + k] - R.cx, dy = b.corners[o + k + 1] - R.cy;
    if (Math.abs(dx * R.c + dy * R.s) > R.h || Math.abs(-dx * R.s + dy * R.c) > R.h) return false;
  }
  return true;
}
function plainPointInBox(b, i, x, y) {
  const dx = x - b.cx[i], dy = y - b.cy[i];
  return Math.abs(dx * b.c[i] + dy * b.s[i]) <= b.hx[i] && Math.abs(-dx * b.s[i] + dy * b.c[i]) <= b.hy[i];
}
// Slab test in the box's frame: the entry parameter in [0, maxT], or Infinity for a miss.
function plainRayBox(b, i, ox, oy, dx, dy, maxT) {
  const c = b.c[i], s = b.s[i];
  const px = (ox - b.cx[i]) * c + (oy - b.cy[i]) * s, py = -(ox - b.cx[i]) * s + (oy - b.cy[i]) * c;
  const qx = dx * c + dy * s, qy = -dx * s + dy * c;
  let t0 = 0, t1 = maxT;
  const hx = b.hx[i], hy = b.hy[i];
  if (qx === 0) { if (Math.abs(px) > hx) return Infinity; } else {
    let a = (-hx - px) / qx, z = (hx - px) / qx;
    if (a > z) { const t = a; a = z; z = t; }
    if (a > t0) t0 = a;
    if (z < t1) t1 = z;
    if (t0 > t1) return Infinity;
  }
  if (qy === 0) { if (Math.abs(py) > hy) return Infinity; } else {
    let a = (-hy - py) / qy, z = (hy - py) / qy;
    if (a > z) { const t = a; a = z; z = t; }
    if (a > t0) t0 = a;
    if (z < t1) t1 = z;
    if (t0 > t1) return Infinity;
  }
  return t0;
}

// Closest ray hit over a box index with only a box search (flatbush, rbush): walk the ray in
// steps of STEP world units, search each step's bounding box and stop at the first step whose
// nearest exact hit enters within it (a box entered earlier would have been met in an earlier step).
const RAY_STEP = 8;
function closestByWalk(b, search, ox, oy, dx, dy) {
  const len = Math.hypot(dx, dy), steps = Math.ceil(len / RAY_STEP);
  for (let k = 0; k < steps; k++) {
    const ta = k / steps, tb = (k + 1) / steps;
    const x0 = ox + dx * ta, y0 = oy + dy * ta, x1 = ox + dx * tb, y1 = oy + dy * tb;
    const cand = search(Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1));
    let best = Infinity, id = -1;
    for (let j = 0; j < cand.length; j++) {
      const i = cand[j];
      const t = plainRayBox(b, i, ox, oy, dx, dy, 1);
      if (t < best || (t === best && i > id)) { best = t; id = i; }
    }
    if (best <= tb) return [id, best];
  }
  return [-1, Infinity];
}

// ================================================================ main

// CPU time the host took from this VM ("steal") and the load over the run: on a shared machine
// they explain runs that disagree.
const cpuTimes = () => {
  try {
    const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: f.reduce((x, y) => x + y, 0), steal: f[7] };
  } catch { return null; }
};
const loadAverage = () => { try { return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "); } catch { return "?"; } };
const cpuAtStart = cpuTimes();
const loadAtStart = loadAverage();

const cpuModel = (() => {
  try {
    const m = readFileSync("/proc/cpuinfo", "utf8").match(/^model name\s*:\s*(.*)$/m);
    return m ? m[1].trim() : cpus()[0]?.model;
  } catch { return cpus()[0]?.model ?? "unknown"; }
})();
results.meta = {
  date: new Date().toISOString(),
  node: process.version,
  v8: process.versions.v8,
  cpu: cpuModel,
  cores: cpus().length,
  collide2d: c2 ? `${c2.version} (simd ${c2.simdTarget})` : `not loaded: ${c2Error?.message ?? c2Error}`,
  packages: Object.fromEntries(["flatbush", "rbush", "sat", "detect-collisions", "check2d"].map((p) => {
    try {
      const url = new URL(`./node_modules/${p}/package.json`, import.meta.url);
      return [p, JSON.parse(readFileSync(url, "utf8")).version];
    } catch { return [p, "?"]; }
  })),
  scale: SCALE,
  reps: REPS,
};
log(`node ${process.version}, ${cpuModel} x ${cpus().length}, collide2d ${results.meta.collide2d}`);
if (!c2) log("collide2d did not load: its columns are left out (build it: cmake --workflow --preset wasm)");

// ------------------------------------------------ the 1M-box scene and its queries

log(`data: ${N.toLocaleString("en-US")} rotated boxes in a ${WORLD} x ${WORLD} world`);
const boxes = makeBoxes(N, WORLD, 0.5, 8, mulberry32(0x12c0111d));

const sizes = [
  { name: "0.01%", area: 0.0001, count: Math.max(8, Math.round(250 * SCALE)) },
  { name: "1%", area: 0.01, count: Math.max(4, Math.round(25 * SCALE)) },
  { name: "10%", area: 0.1, count: Math.max(2, Math.round(4 * SCALE)) },
  { name: "25%", area: 0.25, count: Math.max(2, Math.round(2 * SCALE)) },
];
{
  const random = mulberry32(0x5e1ec7);
  for (const size of sizes) {
    const side = WORLD * Math.sqrt(size.area), h = side / 2;
    size.regions = { aa: [], rot: [] };
    for (let q = 0; q < size.count; q++) {
      const cx = h + random() * (WORLD - side), cy = h + random() * (WORLD - side);
      const angle = (random() * 2 - 1) * Math.PI;
      for (const kind of ["aa", "rot"]) {
        const R = { cx, cy, h, angle: kind === "aa" ? 0 : angle };
        R.c = kind === "aa" ? 1 : Math.cos(angle);
        R.s = kind === "aa" ? 0 : Math.sin(angle);
        R.corners = new Float64Array(8);
        cornersOf(cx, cy, h, h, R.c, R.s, R.corners, 0);
        if (kind === "aa") {
          // exactly the box [cx - h, cx + h] x [cy - h, cy + h] for everyone
          R.corners.set([cx - h, cy - h, cx + h, cy - h, cx + h, cy + h, cx - h, cy + h]);
        }
        R.minX = Math.min(R.corners[0], R.corners[2], R.corners[4], R.corners[6]);
        R.maxX = Math.max(R.corners[0], R.corners[2], R.corners[4], R.corners[6]);
        R.minY = Math.min(R.corners[1], R.corners[3], R.corners[5], R.corners[7]);
        R.maxY = Math.max(R.corners[1], R.corners[3], R.corners[5], R.corners[7]);
        R.sat = satPolygon(R.corners, 0);
        if (c2) {
          if (kind === "aa") R.c2 = c2.aabb(R.minX, R.minY, R.maxX, R.maxY);
          else {
            try { R.c2 = c2.obbFromRotation(cx, cy, side, side, R.c, R.s); } catch { R.c2 = c2.obb(cx, cy, side, side, angle); }
          }
        }
        size.regions[kind].push(R);
      }
    }
  }
}
const POINTS = Math.max(64, Math.round(4096 * SCALE));
const points = new Float64Array(2 * POINTS);
{
  const random = mulberry32(0x401275);
  for (let i = 0; i < 2 * POINTS; i++) points[i] = random() * WORLD;
}
// Rays from outside the world across it: from a point on one side to a point on the opposite one.
const RAYS = Math.max(16, Math.round(256 * SCALE));
const DC_RAYS = Math.min(RAYS, 4); // detect-collisions' raycast tests every box under the ray's bounding box
const rays = [];
{
  const random = mulberry32(0x4a75);
  for (let q = 0; q < RAYS; q++) {
    const a = random() * WORLD, z = random() * WORLD;
    let ox, oy, ex, ey;
    switch (q % 4) {
      case 0: ox = -20; oy = a; ex = WORLD + 20; ey = z; break;
      case 1: ox = WORLD + 20; oy = a; ex = -20; ey = z; break;
      case 2: ox = a; oy = -20; ex = z; ey = WORLD + 20; break;
      default: ox = a; oy = WORLD + 20; ex = z; ey = -20; break;
    }
    const r = { ox, oy, dx: ex - ox, dy: ey - oy, ex, ey };
    if (c2) r.c2 = c2.ray(ox, oy, r.dx, r.dy, 1);
    rays.push(r);
  }
}

const SECTION_SCENE = "scene";
const marqueeRows = [];
for (const size of sizes) for (const kind of ["aa", "rot"]) for (const mode of ["intersects", "contains"]) {
  marqueeRows.push({ name: `select ${size.name} ${kind === "aa" ? "axis-aligned" : "rotated"} ${mode}`, size, kind, mode, regions: size.regions[kind] });
}
const reference = {}; // row name -> sorted answers per query (collide2d's)

function runMarquee(contender, fn, reps = REPS) {
  for (const row of marqueeRows) {
    const regions = row.regions;
    const t = timePasses((collect) => {
      for (let q = 0; q < regions.length; q++) {
        const ids = fn(regions[q], row.mode);
        if (collect) collect(q, ids);
      }
    }, reps);
    const e = record(SECTION_SCENE, row.name, contender, regions.length, t, t.answers, reference[row.name]);
    if (contender === "collide2d") reference[row.name] = t.answers.map(sortedInts);
    if (!reference[row.name]) reference[row.name] = t.answers.map(sortedInts);
    void e;
  }
}
function runHits(contender, fn, reps = REPS) {
  const row = "hit test (a point)";
  const t = timePasses((collect) => {
    for (let q = 0; q < POINTS; q++) {
      const ids = fn(points[2 * q], points[2 * q + 1]);
      if (collect) collect(q, ids);
    }
  }, reps);
  record(SECTION_SCENE, row, contender, POINTS, t, t.answers, reference[row]);
  if (!reference[row] || contender === "collide2d") reference[row] = t.answers.map(sortedInts);
}
// The k nearest shapes to each point (issue 15): collide2d ranks by exact distance to the rotated
// box, flatbush's neighbors by distance to its bounding box; the missing/extra columns say how
// often the two rankings pick different boxes.
function runNearest(contender, k, fn, reps = REPS) {
  const row = `nearest ${k} (a point)`;
  const t = timePasses((collect) => {
    for (let q = 0; q < POINTS; q++) {
      const ids = fn(points[2 * q], points[2 * q + 1], k);
      if (collect) collect(q, ids);
    }
  }, reps);
  record(SECTION_SCENE, row, contender, POINTS, t, t.answers, reference[row]);
  if (!reference[row] || contender === "collide2d") reference[row] = t.answers.map(sortedInts);
}
function runRays(contender, fn, count = RAYS, reps = REPS) {
  const row = "closest ray";
  const t = timePasses((collect) => {
    for (let q = 0; q < count; q++) {
      const id = fn(rays[q]);
      if (collect) collect(q, id < 0 ? [] : [id]);
    }
  }, reps);
  record(SECTION_SCENE, row, contender, count, t, t.answers, reference[row]);
  if (!reference[row] || contender === "collide2d") reference[row] = t.answers.map(sortedInts);
}
// columns: the contender names under which the build is shown (flatbush's index serves two).
// Two build rows: flatbush and rbush get the boxes' bounding boxes ready-made in the first (the
// way their benchmarks run), and compute them from the same (cx, cy, w, h, angle) rows that
// collide2d's addBoxes takes in the second; collide2d's one build is shown in both.
const BUILD_ROW = `build (${SCALE === 1 ? "1M" : N.toLocaleString("en-US")} boxes; flatbush, rbush: from ready bounding boxes)`;
const BUILD_ROWS_ROW = "build from (cx, cy, w, h, angle) rows";
function runBuild(columns, build, reps, row = BUILD_ROW) {
  const t = timePasses(() => { build(); }, reps);
  for (const c of [].concat(columns)) record(SECTION_SCENE, row, c, 1, t, null, null);
  return t;
}

// ---- collide2d Scene
if (c2) {
  log("collide2d Scene: build (addBoxes + update)");
  let scene = null;
  let ids = null;
  const builds = [];
  const built = runBuild("collide2d", () => {
    const s = new c2.Scene();
    ids = s.addBoxes(boxes.rows);
    s.update();
    builds.push(s);
  }, REPS);
  record(SECTION_SCENE, BUILD_ROWS_ROW, "collide2d", 1, built, null, null);
  scene = builds.pop();
  for (const s of builds) s.dispose();
  let identity = ids.length === N;
  for (let i = 0; identity && i < N; i++) identity = ids[i] === i;
  let toIndex = null;
  if (!identity) {
    log("collide2d: addBoxes ids are not 0..N-1; mapping them");
    let max = 0;
    for (const id of ids) max = Math.max(max, id);
    toIndex = new Int32Array(max + 1).fill(-1);
    ids.forEach((id, i) => { toIndex[id] = i; });
  }
  const map = (arr) => (toIndex ? Array.from(arr, (id) => toIndex[id]) : arr);
  {
    // Do collide2d's boxes have the rotation the other contenders' corners were made with?
    let diff = 0;
    const sample = Math.min(N, 20000);
    for (let k = 0; k < sample; k++) {
      const sh = scene.shape(ids[k]);
      if (sh.cos !== boxes.c[k] || sh.sin !== boxes.s[k]) diff++;
    }
    results.meta.rotationCheck = `${diff} of the first ${sample} boxes have a cos or sin in collide2d other than JS Math.cos / Math.sin`;
    log(results.meta.rotationCheck);
    results.meta.sceneStats = scene.stats();
    results.meta.heapBytes = c2.heapBytes();
  }
  log("collide2d Scene: select");
  runMarquee("collide2d", (R, mode) => map(scene.select(R.c2, mode)));
  log("collide2d Scene: hitTest");
  runHits("collide2d", (x, y) => map(scene.hitTest(x, y)));
  log("collide2d Scene: nearest");
  for (const k of [1, 16]) runNearest("collide2d", k, (x, y, n) => map(scene.nearest(x, y, n).map((f) => f.id)));
  log("collide2d Scene: raycastClosest");
  runRays("collide2d", (r) => {
    const h = scene.raycastClosest(r.c2);
    return h ? (toIndex ? toIndex[h.id] : h.id) : -1;
  });
  // What one crossing into wasm and the wrapper's object building cost (ns a call), to tell the
  // wrapper's share of the rows above from the library's.
  {
    const per = (fn, iters = 1_000_000) => {
      fn(1000);
      const times = [];
      for (let r = 0; r < 5; r++) {
        const t = performance.now();
        fn(iters);
        times.push(performance.now() - t);
      }
      return (median(times) * 1e6) / iters;
    };
    let sink = 0;
    const p1 = c2.point(1, 2), p2 = c2.point(3, 4);
    const box = c2.obb(1, 2, 3, 4, 0.5);
    const probe = c2.aabb(500, 500, 500.5, 500.5);
    const emptyBox = c2.aabb(-10, -10, -9, -9);
    const crossing = {
      "scene.has(id) (one call, no work)": per((n) => { for (let i = 0; i < n; i++) sink += scene.has(i & 1023) ? 1 : 0; }),
      "overlaps(point, point)": per((n) => { for (let i = 0; i < n; i++) sink += c2.overlaps(p1, p2) ? 1 : 0; }),
      "overlaps(obb, point)": per((n) => { for (let i = 0; i < n; i++) sink += c2.overlaps(box, p1) ? 1 : 0; }),
      "c2.aabb(...) (builds the shape: crosses into wasm to check it)": per((n) => { for (let i = 0; i < n; i++) sink += c2.aabb(i, 0, i + 1, 1).maxX; }),
      "c2.obb(..., angle)": per((n) => { for (let i = 0; i < n; i++) sink += c2.obb(i, 0, 2, 1, i * 1e-6).cos; }),
      "scene.candidates(empty region)": per((n) => { for (let i = 0; i < n; i++) sink += scene.candidates(emptyBox).length; }, 200_000),
      "scene.select(empty region)": per((n) => { for (let i = 0; i < n; i++) sink += scene.select(emptyBox).length; }, 200_000),
      "scene.hitTest(point outside)": per((n) => { for (let i = 0; i < n; i++) sink += scene.hitTest(-5, -5).length; }, 200_000),
      "scene.candidates(0.5 x 0.5 box, about 80 ids)": per((n) => { for (let i = 0; i < n; i++) sink += scene.candidates(probe).length; }, 100_000),
    };
    if (sink === -1) log(sink);
    results.meta.crossing = crossing;
    for (const [k, v] of Object.entries(crossing)) log(`  crossing: ${k}: ${v.toFixed(1)} ns`);
  }
  scene.dispose();
}

// ---- flatbush (+ SAT.js, + the plain loop)
let satBoxes = [];
{
  log("flatbush: build");
  let fb = null;
  runBuild(["flatbush + SAT.js", "flatbush + plain loop"], () => {
    fb = new Flatbush(N, 16);
    const bb = boxes.bbox;
    for (let i = 0; i < N; i++) fb.add(bb[4 * i], bb[4 * i + 1], bb[4 * i + 2], bb[4 * i + 3]);
    fb.finish();
  }, REPS);
  log("flatbush: build from the rows (cos, sin and the corners' bounding box per box, then add)");
  runBuild(["flatbush + SAT.js", "flatbush + plain loop"], () => {
    const f = new Flatbush(N, 16);
    const rows = boxes.rows;
    for (let i = 0; i < N; i++) {
      const o = 5 * i, c = Math.cos(rows[o + 4]), s = Math.sin(rows[o + 4]);
      const ex = Math.abs(c) * rows[o + 2] / 2 + Math.abs(s) * rows[o + 3] / 2;
      const ey = Math.abs(s) * rows[o + 2] / 2 + Math.abs(c) * rows[o + 3] / 2;
      f.add(rows[o] - ex, rows[o + 1] - ey, rows[o] + ex, rows[o + 1] + ey);
    }
    f.finish();
  }, REPS, BUILD_ROWS_ROW);
  log("SAT.js: one SAT.Polygon per box (not timed)");
  satBoxes = new Array(N);
  for (let i = 0; i < N; i++) satBoxes[i] = satPolygon(boxes.corners, 8 * i);
  const response = new SAT.Response();
  const satSelect = (cand, R, mode) => {
    const out = [];
    const region = R.sat;
    if (mode === "intersects") {
      for (let j = 0; j < cand.length; j++) if (SAT.testPolygonPolygon(satBoxes[cand[j]], region)) out.push(cand[j]);
    } else {
      for (let j = 0; j < cand.length; j++) {
        response.clear();
        if (SAT.testPolygonPolygon(satBoxes[cand[j]], region, response) && response.aInB) out.push(cand[j]);
      }
    }
    return out;
  };
  const plainSelect = (cand, R, mode) => {
    const out = [];
    if (mode === "intersects") {
      for (let j = 0; j < cand.length; j++) if (plainBoxRegion(boxes, cand[j], R)) out.push(cand[j]);
    } else if (R.angle === 0) {
      // axis-aligned region: inside exactly when the corners' bounding box is
      const bb = boxes.bbox;
      for (let j = 0; j < cand.length; j++) {
        const o = 4 * cand[j];
        if (bb[o] >= R.minX && bb[o + 1] >= R.minY && bb[o + 2] <= R.maxX && bb[o + 3] <= R.maxY) out.push(cand[j]);
      }
    } else {
      for (let j = 0; j < cand.length; j++) if (plainBoxInRegion(boxes, cand[j], R)) out.push(cand[j]);
    }
    return out;
  };
  log("flatbush + SAT.js: select");
  runMarquee("flatbush + SAT.js", (R, mode) => satSelect(fb.search(R.minX, R.minY, R.maxX, R.maxY), R, mode), SLOW_REPS);
  log("flatbush + plain SAT loop: select");
  runMarquee("flatbush + plain loop", (R, mode) => plainSelect(fb.search(R.minX, R.minY, R.maxX, R.maxY), R, mode));
  const pt = new SAT.Vector();
  log("flatbush: hit test");
  runHits("flatbush + SAT.js", (x, y) => {
    const cand = fb.search(x, y, x, y);
    pt.x = x; pt.y = y;
    const out = [];
    for (let j = 0; j < cand.length; j++) if (SAT.pointInPolygon(pt, satBoxes[cand[j]])) out.push(cand[j]);
    return out;
  });
  runHits("flatbush + plain loop", (x, y) => {
    const cand = fb.search(x, y, x, y);
    const out = [];
    for (let j = 0; j < cand.length; j++) if (plainPointInBox(boxes, cand[j], x, y)) out.push(cand[j]);
    return out;
  });
  log("flatbush: neighbors (k nearest by bounding-box distance)");
  for (const k of [1, 16]) runNearest("flatbush", k, (x, y, n) => fb.neighbors(x, y, n));
  log("flatbush: closest ray (walk + plain slab test)");
  const fbSearch = (a, b2, c, d) => fb.search(a, b2, c, d);
  runRays("flatbush + plain loop", (r) => closestByWalk(boxes, fbSearch, r.ox, r.oy, r.dx, r.dy)[0]);
  fb = null;
}

// ---- rbush (+ SAT.js)
{
  log("rbush: items (not timed) and build (load)");
  const items = new Array(N);
  for (let i = 0; i < N; i++) {
    const o = 4 * i;
    items[i] = { minX: boxes.bbox[o], minY: boxes.bbox[o + 1], maxX: boxes.bbox[o + 2], maxY: boxes.bbox[o + 3], i };
  }
  let tree = null;
  runBuild(["rbush + SAT.js", "rbush + plain loop"], () => { tree = new RBush(16).load(items); }, 3);
  const response = new SAT.Response();
  const q = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  const search = (x0, y0, x1, y1) => {
    q.minX = x0; q.minY = y0; q.maxX = x1; q.maxY = y1;
    return tree.search(q);
  };
  log("rbush + SAT.js: select");
  runMarquee("rbush + SAT.js", (R, mode) => {
    const cand = search(R.minX, R.minY, R.maxX, R.maxY);
    const out = [];
    const region = R.sat;
    if (mode === "intersects") {
      for (let j = 0; j < cand.length; j++) if (SAT.testPolygonPolygon(satBoxes[cand[j].i], region)) out.push(cand[j].i);
    } else {
      for (let j = 0; j < cand.length; j++) {
        response.clear();
        if (SAT.testPolygonPolygon(satBoxes[cand[j].i], region, response) && response.aInB) out.push(cand[j].i);
      }
    }
    return out;
  }, SLOW_REPS);
  const pt = new SAT.Vector();
  log("rbush: hit test, closest ray");
  runHits("rbush + SAT.js", (x, y) => {
    const cand = search(x, y, x, y);
    pt.x = x; pt.y = y;
    const out = [];
    for (let j = 0; j < cand.length; j++) if (SAT.pointInPolygon(pt, satBoxes[cand[j].i])) out.push(cand[j].i);
    return out;
  });
  const idSearch = (a, b2, c, d) => search(a, b2, c, d).map((it) => it.i);
  runRays("rbush + plain loop", (r) => closestByWalk(boxes, idSearch, r.ox, r.oy, r.dx, r.dy)[0]);
  tree = null;
}
satBoxes = null;

// ---- detect-collisions
{
  log("detect-collisions: build (1M createPolygon into its System; one pass, it takes seconds)");
  let system = null;
  runBuild("detect-collisions", () => {
    system = new DcSystem();
    for (let i = 0; i < N; i++) {
      const body = system.createPolygon({ x: 0, y: 0 }, cornerPoints(boxes.corners, 8 * i));
      body.index = i;
    }
  }, 0);
  log(`detect-collisions: heap ${(process.memoryUsage().heapUsed / 1e9).toFixed(2)} GB; select`);
  const { Polygon: DcPolygon, Point: DcPoint } = await import("detect-collisions");
  for (const size of sizes) for (const kind of ["aa", "rot"]) for (const R of size.regions[kind]) {
    R.dc = new DcPolygon({ x: 0, y: 0 }, cornerPoints(R.corners, 0));
  }
  // The marquee as a body: insert it, list what it collides with, take it out again (what the
  // System's own raycast does with its line).
  runMarquee("detect-collisions", (R, mode) => {
    const out = [];
    system.insert(R.dc);
    if (mode === "intersects") system.checkOne(R.dc, (res) => { out.push(res.b.index); });
    else system.checkOne(R.dc, (res) => { if (res.bInA) out.push(res.b.index); });
    system.remove(R.dc);
    return out;
  }, SLOW_REPS);
  log("detect-collisions: hit test (its Point body), raycast");
  const probe = system.createPoint({ x: 0, y: 0 });
  probe.index = -1;
  runHits("detect-collisions", (x, y) => {
    const out = [];
    probe.setPosition(x, y);
    system.checkOne(probe, (res) => { out.push(res.b.index); });
    return out;
  });
  system.remove(probe);
  runRays("detect-collisions", (r) => {
    const hit = system.raycast({ x: r.ox, y: r.oy }, { x: r.ex, y: r.ey });
    return hit ? hit.body.index : -1;
  }, DC_RAYS, SLOW_REPS);
  system = null;
  void DcPoint;
}

// ------------------------------------------------ pair tests

log("pair tests");
const SECTION_PAIRS = "pairs";
const PA = 64, PB = Math.max(512, Math.round(4096 * Math.min(1, SCALE * 4)));
const pairRandom = mulberry32(0xba1d5);
const pairsA = makeBoxes(PA, 5.8, 0.5, 2, pairRandom);
const pairsB = makeBoxes(PB, 5.8, 0.5, 2, pairRandom);
const circles = Array.from({ length: PA }, () => ({ x: pairRandom() * 5.8, y: pairRandom() * 5.8, r: 0.25 + pairRandom() * 1.75 }));
const NPAIRS = PA * PB;
{
  const pairRows = [
    { name: `OBB/OBB (${PA} x ${PB.toLocaleString("en-US")} pairs)`, kind: "obb" },
    { name: `circle/OBB (${PA} x ${PB.toLocaleString("en-US")} pairs)`, kind: "circle" },
  ];
  const runPairs = (contender, kind, pass) => {
    const row = pairRows.find((r) => r.kind === kind).name;
    const t = timePasses((collect) => {
      const count = pass();
      if (collect) collect(0, new Array(count).fill(0).map((_, k) => k));
    });
    // the answer is one count: compare counts (missing / extra = how far below / above collide2d's)
    record(SECTION_PAIRS, row, contender, NPAIRS, t, t.answers, reference[row]);
    if (!reference[row] || contender === "collide2d overlaps") reference[row] = t.answers.map(sortedInts);
  };
  if (c2) {
    const a2 = Array.from({ length: PA }, (_, i) => c2.obbFromRotation(pairsA.cx[i], pairsA.cy[i], 2 * pairsA.hx[i], 2 * pairsA.hy[i], pairsA.c[i], pairsA.s[i]));
    const b2 = Array.from({ length: PB }, (_, i) => c2.obbFromRotation(pairsB.cx[i], pairsB.cy[i], 2 * pairsB.hx[i], 2 * pairsB.hy[i], pairsB.c[i], pairsB.s[i]));
    const circ2 = circles.map((c) => c2.circle(c.x, c.y, c.r));
    runPairs("collide2d overlaps", "obb", () => {
      let n = 0;
      for (let i = 0; i < PA; i++) for (let j = 0; j < PB; j++) if (c2.overlaps(a2[i], b2[j])) n++;
      return n;
    });
    runPairs("collide2d overlaps", "circle", () => {
      let n = 0;
      for (let i = 0; i < PA; i++) for (let j = 0; j < PB; j++) if (c2.overlaps(circ2[i], b2[j])) n++;
      return n;
    });
    runPairs("collide2d overlapsMany", "obb", () => {
      let n = 0;
      for (let i = 0; i < PA; i++) { const m = c2.overlapsMany(a2[i], pairsB.rows); for (let j = 0; j < PB; j++) n += m[j]; }
      return n;
    });
    runPairs("collide2d overlapsMany", "circle", () => {
      let n = 0;
      for (let i = 0; i < PA; i++) { const m = c2.overlapsMany(circ2[i], pairsB.rows); for (let j = 0; j < PB; j++) n += m[j]; }
      return n;
    });
    // The boxes prepared once (as SAT.js's polygons are built once, outside the timing).
    const prepared = c2.boxBatch(pairsB.rows);
    runPairs("collide2d boxBatch", "obb", () => {
      let n = 0;
      for (let i = 0; i < PA; i++) { const m = prepared.overlaps(a2[i]); for (let j = 0; j < PB; j++) n += m[j]; }
      return n;
    });
    runPairs("collide2d boxBatch", "circle", () => {
      let n = 0;
      for (let i = 0; i < PA; i++) { const m = prepared.overlaps(circ2[i]); for (let j = 0; j < PB; j++) n += m[j]; }
      return n;
    });
    prepared.dispose();
  }
  {
    const sa = Array.from({ length: PA }, (_, i) => satPolygon(pairsA.corners, 8 * i));
    const sb = Array.from({ length: PB }, (_, i) => satPolygon(pairsB.corners, 8 * i));
    const sc = circles.map((c) => new SAT.Circle(new SAT.Vector(c.x, c.y), c.r));
    runPairs("SAT.js", "obb", () => {
      let n = 0;
      for (let i = 0; i < PA; i++) for (let j = 0; j < PB; j++) if (SAT.testPolygonPolygon(sa[i], sb[j])) n++;
      return n;
    });
    runPairs("SAT.js", "circle", () => {
      let n = 0;
      for (let i = 0; i < PA; i++) for (let j = 0; j < PB; j++) if (SAT.testCirclePolygon(sc[i], sb[j])) n++;
      return n;
    });
  }
  {
    const system = new DcSystem();
    const da = Array.from({ length: PA }, (_, i) => system.createPolygon({ x: 0, y: 0 }, cornerPoints(pairsA.corners, 8 * i)));
    const db = Array.from({ length: PB }, (_, i) => system.createPolygon({ x: 0, y: 0 }, cornerPoints(pairsB.corners, 8 * i)));
    const dcc = circles.map((c) => system.createCircle({ x: c.x, y: c.y }, c.r));
    runPairs("detect-collisions", "obb", () => {
      let n = 0;
      for (let i = 0; i < PA; i++) for (let j = 0; j < PB; j++) if (system.checkCollision(da[i], db[j])) n++;
      return n;
    });
    runPairs("detect-collisions", "circle", () => {
      let n = 0;
      for (let i = 0; i < PA; i++) for (let j = 0; j < PB; j++) if (system.checkCollision(dcc[i], db[j])) n++;
      return n;
    });
  }
  {
    // plain JS: projection radii for the boxes, the clamped closest point for circles
    const A = pairsA, B = pairsB;
    runPairs("plain JS loop", "obb", () => {
      let n = 0;
      for (let i = 0; i < PA; i++) {
        const R = { cx: A.cx[i], cy: A.cy[i], c: A.c[i], s: A.s[i] };
        const ahx = A.hx[i], ahy = A.hy[i];
        for (let j = 0; j < PB; j++) {
          const dx = B.cx[j] - R.cx, dy = B.cy[j] - R.cy, c = B.c[j], s = B.s[j], hx = B.hx[j], hy = B.hy[j];
          const ud = c * R.c + s * R.s, vd = -s * R.c + c * R.s, ud2 = -c * R.s + s * R.c, vd2 = s * R.s + c * R.c;
          if (Math.abs(dx * R.c + dy * R.s) > ahx + hx * Math.abs(ud) + hy * Math.abs(vd)) continue;
          if (Math.abs(-dx * R.s + dy * R.c) > ahy + hx * Math.abs(ud2) + hy * Math.abs(vd2)) continue;
          if (Math.abs(dx * c + dy * s) > hx + ahx * Math.abs(ud) + ahy * Math.abs(ud2)) continue;
          if (Math.abs(-dx * s + dy * c) > hy + ahx * Math.abs(vd) + ahy * Math.abs(vd2)) continue;
          n++;
        }
      }
      return n;
    });
    runPairs("plain JS loop", "circle", () => {
      let n = 0;
      for (let i = 0; i < PA; i++) {
        const x = circles[i].x, y = circles[i].y, rr = circles[i].r * circles[i].r;
        for (let j = 0; j < PB; j++) {
          const dx = x - B.cx[j], dy = y - B.cy[j], c = B.c[j], s = B.s[j];
          const lx = dx * c + dy * s, ly = -dx * s + dy * c;
          const ex = Math.abs(lx) - B.hx[j], ey = Math.abs(ly) - B.hy[j];
          const qx = ex > 0 ? ex : 0, qy = ey > 0 ? ey : 0;
          if (qx * qx + qy * qy <= rr) n++;
        }
      }
      return n;
    });
  }
}

// ------------------------------------------------ flatbush's own workload

log("flatbush's own workload (bench.js: mulberry32(0x9e3779b9), 1M rectangles in 100 x 100)");
const SECTION_FB = "flatbush-workload";
{
  const random = mulberry32(0x9e3779b9);
  const FN = N;
  const coords = new Float64Array(4 * FN);
  for (let i = 0; i < FN; i++) {
    const x = random() * (100 - 1), y = random() * (100 - 1);
    coords[4 * i] = x; coords[4 * i + 1] = y; coords[4 * i + 2] = x + random() * 1; coords[4 * i + 3] = y + random() * 1;
  }
  const makeQueryBoxes = (area, count) => {
    const boxSize = 100 * Math.sqrt(area), out = [];
    for (let i = 0; i < count; i++) {
      const x = random() * (100 - boxSize), y = random() * (100 - boxSize);
      out.push(x, y, x + boxSize, y + boxSize);
    }
    return out;
  };
  // in bench.js's order (10%, 1%, 0.1%), then the 0.01% set of its earlier versions
  const tests = [
    { name: "100 searches of 10%", area: 0.1, count: 100 },
    { name: "1,000 searches of 1%", area: 0.01, count: 1000 },
    { name: "10,000 searches of 0.1%", area: 0.001, count: 10000 },
    { name: "10,000 searches of 0.01%", area: 0.0001, count: 10000 },
  ];
  for (const t of tests) t.boxes = makeQueryBoxes(t.area, t.count);
  const fbRef = {};
  let fb = null;
  {
    const t = timePasses(() => {
      fb = new Flatbush(FN, 16);
      for (let i = 0; i < FN; i++) fb.add(coords[4 * i], coords[4 * i + 1], coords[4 * i + 2], coords[4 * i + 3]);
      fb.finish();
    }, REPS);
    record(SECTION_FB, "build", "flatbush", 1, t, null, null);
  }
  let scene = null;
  let ids = null;
  if (c2) {
    const scenes = [];
    const t = timePasses(() => {
      const s = new c2.Scene();
      ids = new Uint32Array(FN);
      for (let i = 0; i < FN; i++) ids[i] = s.add(c2.aabb(coords[4 * i], coords[4 * i + 1], coords[4 * i + 2], coords[4 * i + 3]));
      s.update();
      scenes.push(s);
    }, 3);
    record(SECTION_FB, "build", "collide2d", 1, t, null, null);
    scene = scenes.pop();
    for (const s of scenes) s.dispose();
  }
  let identity = true;
  if (ids) for (let i = 0; identity && i < FN; i++) identity = ids[i] === i;
  if (!identity) log("collide2d add() ids are not 0..N-1: the candidate sets are compared by count only");
  for (const test of tests) {
    const qb = test.boxes, count = test.count;
    if (c2) {
      const t = timePasses((collect) => {
        for (let q = 0; q < count; q++) {
          const r = scene.candidates(c2.aabb(qb[4 * q], qb[4 * q + 1], qb[4 * q + 2], qb[4 * q + 3]));
          if (collect) collect(q, identity ? r : new Array(r.length).fill(0).map((_, k) => k));
        }
      });
      record(SECTION_FB, test.name, "collide2d", count, t, t.answers, null);
      fbRef[test.name] = t.answers.map(sortedInts);
    }
    const t = timePasses((collect) => {
      for (let q = 0; q < count; q++) {
        const r = fb.search(qb[4 * q], qb[4 * q + 1], qb[4 * q + 2], qb[4 * q + 3]);
        if (collect) collect(q, identity ? r : new Array(r.length).fill(0).map((_, k) => k));
      }
    });
    record(SECTION_FB, test.name, "flatbush", count, t, t.answers, fbRef[test.name] ?? null);
  }
  if (scene) scene.dispose();
}

// ================================================================ report

const fmtInt = (n) => n.toLocaleString("en-US");
function table(section, contenders, { perLabel = "per query", answersLabel = "answers (collide2d)" } = {}) {
  const sec = results.sections[section];
  if (!sec) return "";
  const present = contenders.filter((c) => Object.values(sec.rows).some((r) => r.contenders[c]));
  const base = present[0];
  let md = `| ${perLabel} | ${answersLabel} | ${present.join(" | ")} | answers that differ from ${base}'s |\n`;
  md += `|---|---:|${present.map(() => "---:").join("|")}|---|\n`;
  for (const [name, r] of Object.entries(sec.rows)) {
    const b = r.contenders[base];
    const cells = present.map((c) => {
      const e = r.contenders[c];
      if (!e) return "-";
      if (c === base || !b) return `**${fmtTime(e.per)}**`;
      return `${fmtTime(e.per)} (${(e.per / b.per).toFixed(e.per / b.per >= 100 ? 0 : 1)}x)`;
    });
    const diffs = present.filter((c) => c !== base && r.contenders[c] && r.contenders[c].answers !== null)
      .map((c) => {
        const e = r.contenders[c];
        return e.missing + e.extra ? `${c}: ${fmtInt(e.missing)} missing, ${fmtInt(e.extra)} extra` : null;
      }).filter(Boolean);
    const anyCompared = present.some((c) => c !== base && r.contenders[c] && r.contenders[c].answers !== null);
    const ans = b && b.answers !== null ? fmtInt(b.answers) : "-";
    md += `| ${name} | ${ans} | ${cells.join(" | ")} | ${!anyCompared ? "-" : diffs.length ? diffs.join("; ") : "none"} |\n`;
  }
  return md;
}

{
  const end = cpuTimes();
  results.meta.load = `load average ${loadAtStart} at the start, ${loadAverage()} at the end`;
  if (cpuAtStart && end) {
    const t = end.total - cpuAtStart.total;
    results.meta.steal = `${t ? ((100 * (end.steal - cpuAtStart.steal)) / t).toFixed(1) : 0}% of CPU time stolen by the host`;
  }
  results.meta.seconds = Math.round((performance.now() - started) / 1000);
}
const m = results.meta;
let md = `### Machine and versions\n\n`;
md += `- ${m.date}; node ${m.node} (V8 ${m.v8}); CPU ${m.cpu}, ${m.cores} cores (/proc/cpuinfo)\n`;
md += `- collide2d ${m.collide2d}; ${Object.entries(m.packages).map(([k, v]) => `${k} ${v}`).join(", ")}\n`;
md += `- ${fmtInt(N)} boxes; medians of ${REPS} timed passes after untimed warm-up passes (the first one's answers are the ones compared; for passes under 0.5 s: 4 more, then more while a pass is still 10% faster than the last, up to 8), ${SLOW_REPS} for the marquee rows of the SAT.js contenders and detect-collisions and for detect-collisions' rays; builds: ${REPS} (rbush 3, detect-collisions 1, the flatbush-workload collide2d build 3)\n`;
md += `- during the run (${m.seconds} s): ${m.load}; ${m.steal ?? "steal not known"}\n`;
if (m.rotationCheck) md += `- rotation check: ${m.rotationCheck}\n`;
if (m.sceneStats) md += `- collide2d scene: ${JSON.stringify(m.sceneStats)}; wasm heap ${fmtInt(m.heapBytes)} bytes\n`;
md += `\n### The package: size and load time\n\n`;
md += packageTable(packageReport());
md += `\n### ${fmtInt(N)} rotated boxes: build, exact marquee selection, hit test, closest ray\n\n`;
md += `Queries per row: ${sizes.map((s) => `${s.name} ${s.count}`).join(", ")}; ${POINTS} points; ${RAYS} rays (detect-collisions: the first ${DC_RAYS}). Time per query (build: per build).\n\n`;
// "flatbush" alone: its neighbors (k nearest by bounding-box distance), the nearest rows' only
// anchor; the SAT.js and plain-loop columns are flatbush's search with an exact test after it.
md += table(SECTION_SCENE, ["collide2d", "flatbush", "flatbush + SAT.js", "flatbush + plain loop", "rbush + SAT.js", "rbush + plain loop", "detect-collisions"]);
md += `\n"flatbush" is its \`neighbors\` (k nearest by distance to the bounding box: a different ranking from collide2d's exact distance to the rotated box, hence the differing answers); the other flatbush columns are its \`search\` followed by an exact test.\n`;
if (m.crossing) {
  md += `\ncollide2d's fixed costs (ns a call, median of 5 loops; on the built 1M-box scene):\n\n| call | ns |\n|---|---:|\n`;
  for (const [k, v] of Object.entries(m.crossing)) md += `| ${k} | ${v.toFixed(1)} |\n`;
}
md += `\n### Pair tests (time per pair; the answer is the number of overlapping pairs)\n\n`;
md += table(SECTION_PAIRS, ["collide2d overlaps", "collide2d overlapsMany", "collide2d boxBatch", "SAT.js", "detect-collisions", "plain JS loop"], { perLabel: "per pair", answersLabel: "overlapping pairs (collide2d)" })
  .replaceAll(/(\d[\d,]*) missing, (\d[\d,]*) extra/g, "$1 fewer / $2 more");
md += `\n### flatbush's own workload (box-level query: collide2d Scene.candidates vs flatbush.search)\n\n`;
md += table(SECTION_FB, ["collide2d", "flatbush"], { answersLabel: "candidates (collide2d)" });

console.log(md);
const outDir = fileURLToPath(new URL("../../build/bench-js/", import.meta.url));
mkdirSync(outDir, { recursive: true });
writeFileSync(`${outDir}results.md`, md);
writeFileSync(`${outDir}results.json`, JSON.stringify(results, null, 1));
log(`done: ${outDir}results.md and results.json`);
