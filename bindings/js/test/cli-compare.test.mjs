// Seeded random scenes built in JS, written to a CSV scene file (docs/SCENE_FORMAT.md), and the
// Scene's answers compared with the native command-line tool's on the same file: select (aabb,
// obb, polygon and lasso regions, both modes, with and without excludeTouching), hitTest, raycastClosest,
// raycastAll and overlappingPairs, and overlaps, distance and penetration pair by pair (rounded
// polygons against every kind in their own test). Half the shapes lie on an integer lattice,
// sharing edges and corners, so that the touching rule is exercised (rounded polygons there have
// lattice cores and radii 0, 1/2 or 1, which the library decides exactly); the regions, points
// and rays are on the lattice too. Both sides read the same doubles (obb rows carry the JS shape's exact cos and sin), so the
// answers must agree exactly.
//
// The tool: env COLLIDE2D_CLI, default <repo>/build/release/tools/collide2d.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { load, mulberry32, randomConvexPoints, repoDir } from "./helpers.mjs";

const c2d = await load();
const cli = process.env.COLLIDE2D_CLI || join(repoDir, "build", "release", "tools", "collide2d");
const workDir = mkdtempSync(join(tmpdir(), "collide2d-js-cli-"));
after(() => rmSync(workDir, { recursive: true, force: true }));

const SEEDS = [1, 2, 3, 4];
const SHAPES = 2500;
const WORLD = 50;

function requireCli() {
  assert.ok(
    existsSync(cli),
    `the collide2d command-line tool is missing: ${cli}\n` +
      "  build it from the repository root with: cmake --preset release && " +
      "cmake --build build/release --target collide2d_cli\n" +
      "  (or scripts/run.sh), or point COLLIDE2D_CLI at a built collide2d",
  );
}

function run(args) {
  try {
    return execFileSync(cli, args, { encoding: "utf8", maxBuffer: 1 << 28 });
  } catch (error) {
    throw new Error(`${cli} ${args.join(" ")} failed: ${error.stderr || error.message}`);
  }
}

/** The CLI's CSV answer as rows of fields, header dropped. */
function runCsv(args) {
  const lines = run([...args, "--format", "csv"]).split("\n").filter((line) => line.length > 0);
  return lines.slice(1).map((line) => line.split(","));
}

/** A double as scene-file text: shortest round trip (JS), keeping the sign of zero. */
function num(value) {
  assert.ok(Number.isFinite(value), `not finite: ${value}`);
  return Object.is(value, -0) ? "-0.0" : String(value);
}

/** A number for comparing texts: same bits <=> same text. */
function bits(value) {
  return Object.is(value, -0) ? "-0" : String(value);
}

function valuesOf(shape) {
  switch (shape.kind) {
    case "point":
      return [shape.x, shape.y];
    case "segment":
      return [shape.ax, shape.ay, shape.bx, shape.by];
    case "circle":
      return [shape.x, shape.y, shape.radius];
    case "capsule":
      return [shape.ax, shape.ay, shape.bx, shape.by, shape.radius];
    case "aabb":
      return [shape.minX, shape.minY, shape.maxX, shape.maxY];
    case "obb":
      return [shape.x, shape.y, shape.width, shape.height, shape.cos, shape.sin];
    case "polygon":
      return Array.from(shape.vertices);
    case "rounded_polygon": // docs/SCENE_FORMAT.md: the radius, then the core's vertices
      return [shape.radius, ...shape.vertices];
    default:
      throw new Error(`unknown kind ${shape.kind}`);
  }
}

const QUARTER_TURNS = [[1, 0], [0, 1], [-1, 0], [0, -1]];

/** One random shape: on the integer lattice (touching its neighbours) or anywhere. */
function randomShape(random) {
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const real = (lo, hi) => lo + (hi - lo) * random();
  const kind = int(0, 15);
  if (kind >= 14) return randomRounded(random, kind === 14);
  if (kind < 7) {
    // Lattice shapes: integer corners, centres, radii.
    const x = int(0, WORLD - 4);
    const y = int(0, WORLD - 4);
    switch (kind) {
      case 0:
        return c2d.aabb(x, y, x + int(0, 3), y + int(0, 3));
      case 1: {
        const [c, s] = QUARTER_TURNS[int(0, 3)];
        return c2d.obbFromRotation(x + 2, y + 2, 2 * int(0, 2), 2 * int(0, 2), c, s);
      }
      case 2:
        return c2d.point(x, y);
      case 3: {
        const [dx, dy] = [[1, 0], [0, 1], [1, 1], [1, -1], [2, 1]][int(0, 4)];
        const n = int(1, 3);
        return c2d.segment(x, y + 2, x + n * dx, y + 2 + n * dy);
      }
      case 4:
        return c2d.circle(x + 2, y + 2, int(0, 2));
      case 5:
        return int(0, 1) === 0
          ? c2d.capsule(x + 1, y + 1, x + 1 + int(0, 2), y + 1, 1)
          : c2d.capsule(x + 1, y + 1, x + 1, y + 1 + int(1, 2), 1);
      default: {
        const w = int(1, 3);
        const h = int(1, 3);
        switch (int(0, 3)) {
          case 0:
            return c2d.polygon([x, y, x + w, y, x, y + h]);
          case 1:
            return c2d.polygon([x + w, y, x + w, y + h, x, y + h]);
          case 2:
            return c2d.polygon([x, y, x + w, y, x + w, y + h, x, y + h]);
          default:
            return c2d.polygon([x, y, x + 2, y, x + 3, y + 1, x + 3, y + 3, x + 1, y + 3, x, y + 2]);
        }
      }
    }
  }
  // Anywhere, any size and angle.
  const x = real(0, WORLD);
  const y = real(0, WORLD);
  switch (kind) {
    case 7:
      return c2d.obb(x, y, real(0.1, 4), real(0.1, 4), real(-Math.PI, Math.PI));
    case 8:
      return c2d.aabb(x, y, x + real(0, 3), y + real(0, 3));
    case 9:
      return c2d.circle(x, y, real(0, 2));
    case 10:
      return c2d.capsule(x, y, x + real(-3, 3), y + real(-3, 3), real(0, 1));
    case 11:
      return c2d.polygon(randomConvexPoints(random, x, y));
    case 12:
      return c2d.segment(x, y, x + real(-4, 4), y + real(-4, 4));
    default:
      return c2d.point(x, y);
  }
}

/**
 * A rounded polygon or rounded box: on the lattice (integer or half-integer core corners, quarter
 * turns, radius 0, 1/2 or 1, touching its neighbours), or anywhere at any angle and radius.
 */
function randomRounded(random, onLattice) {
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const real = (lo, hi) => lo + (hi - lo) * random();
  if (onLattice) {
    const x = int(1, WORLD - 5);
    const y = int(1, WORLD - 5);
    const radius = [0, 0.5, 1][int(0, 2)];
    const w = int(1, 3);
    const h = int(1, 3);
    switch (int(0, 2)) {
      case 0: {
        const [c, s] = QUARTER_TURNS[int(0, 3)];
        return c2d.roundedBoxFromRotation(x + 2, y + 2, w, h, c, s, radius);
      }
      case 1:
        return c2d.roundedPolygon([x, y, x + w, y, x, y + h], radius);
      default:
        return c2d.roundedPolygon([x, y, x + 2, y, x + 3, y + 1, x + 3, y + 3, x + 1, y + 3, x, y + 2], radius);
    }
  }
  const x = real(0, WORLD);
  const y = real(0, WORLD);
  if (int(0, 1) === 0) return c2d.roundedBox(x, y, real(0.1, 4), real(0.1, 4), real(-Math.PI, Math.PI), real(0, 1.5));
  return c2d.roundedPolygon(randomConvexPoints(random, x, y), real(0, 1.5));
}


/** The seeded scene, in JS and as a CSV file in id order. */
function buildScene(seed) {
  const random = mulberry32(seed);
  const scene = new c2d.Scene();
  const rows = [];
  for (let i = 0; i < SHAPES; ++i) {
    const shape = randomShape(random);
    const id = scene.add(shape, `shape ${i}`);
    const z = random() < 0.3 ? Math.floor(random() * 5) - 2 : 0;
    if (z !== 0) scene.setZ(id, z);
    rows.push({ id, shape, z });
  }
  // File order = id order, so that the CLI's tie rule (later in the file first) is the Scene's
  // (higher id first).
  rows.sort((a, b) => a.id - b.id);
  const lines = ["id,kind,z,tags,values"];
  for (const { id, shape, z } of rows) {
    lines.push([String(id), shape.kind, z === 0 ? "" : String(z), "", ...valuesOf(shape).map(num)].join(","));
  }
  const file = join(workDir, `scene-${seed}.csv`);
  writeFileSync(file, lines.join("\n") + "\n");
  return { scene, rows, file, random };
}

// The rotation the CLI gives a region turned by --angle-deg: read back from `convert`, which
// builds an obb's rotation from angle_deg with the same function.
const REGION_DEGREES = [90, 30, 45, 127.5, -60];
const regionRotations = new Map();
function regionRotation(degrees) {
  if (regionRotations.size === 0) {
    const json = join(workDir, "rotations.json");
    const csv = join(workDir, "rotations.csv");
    const shapes = REGION_DEGREES.map((d, i) => ({ id: `r${i}`, kind: "obb", center: [0, 0], size: [1, 1], angle_deg: d }));
    writeFileSync(json, JSON.stringify({ format: "collide2d-scene", version: 1, shapes }));
    run(["convert", json, csv]);
    const byId = new Map();
    for (const line of readFileSync(csv, "utf8").split("\n")) {
      const f = line.split(",");
      if (f.length >= 8 && f[1] === "obb") byId.set(f[0], f.length >= 10 ? [Number(f[8]), Number(f[9])] : [1, 0]);
    }
    REGION_DEGREES.forEach((d, i) => regionRotations.set(d, byId.get(`r${i}`)));
  }
  const rotation = regionRotations.get(degrees);
  assert.ok(rotation, `no rotation for ${degrees} degrees`);
  return rotation;
}

function regionsFor(random) {
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const regions = [];
  for (let i = 0; i < 3; ++i) {
    const x0 = int(0, WORLD - 12);
    const y0 = int(0, WORLD - 12);
    regions.push({ corners: [x0, y0, x0 + int(1, 12), y0 + int(1, 12)], degrees: 0 });
  }
  for (const degrees of REGION_DEGREES) {
    const x0 = int(0, WORLD - 12);
    const y0 = int(0, WORLD - 12);
    regions.push({ corners: [x0, y0, x0 + int(2, 12), y0 + int(2, 12)], degrees });
  }
  return regions;
}

const cases = new Map(SEEDS.map((seed) => [seed, null]));
function sceneFor(seed) {
  if (!cases.get(seed)) cases.set(seed, buildScene(seed));
  return cases.get(seed);
}
after(() => {
  for (const built of cases.values()) if (built) built.scene.dispose();
});

for (const seed of SEEDS) {
  test(`seed ${seed}: select agrees with the CLI (aabb, obb and polygon regions)`, (t) => {
    requireCli();
    const { scene, file, random } = sceneFor(seed);
    let compared = 0;
    let nonEmpty = 0;
    let selected = 0;
    for (const { corners, degrees } of regionsFor(random)) {
      const [x0, y0, x1, y1] = corners;
      const cx = 0.5 * (x0 + x1);
      const cy = 0.5 * (y0 + y1);
      let jsRegions;
      if (degrees === 0) {
        // The same closed box three ways: aabb, obb and polygon.
        jsRegions = [
          c2d.aabb(x0, y0, x1, y1),
          c2d.obbFromRotation(cx, cy, x1 - x0, y1 - y0, 1, 0),
          c2d.polygon([x0, y0, x1, y0, x1, y1, x0, y1]),
        ];
      } else {
        const [c, s] = regionRotation(degrees);
        jsRegions = [c2d.obbFromRotation(cx, cy, x1 - x0, y1 - y0, c, s)];
      }
      for (const mode of ["intersects", "contains"]) {
        for (const excludeTouching of [false, true]) {
          const args = ["select", file, "--region", ...corners.map(String), "--mode", mode];
          if (degrees !== 0) args.push("--angle-deg", String(degrees));
          if (excludeTouching) args.push("--exclude-touching");
          const expected = runCsv(args).map((row) => Number(row[0])).sort((a, b) => a - b).join("\n");
          for (const region of jsRegions) {
            const got = Array.from(scene.select(region, mode, { excludeTouching })).sort((a, b) => a - b).join("\n");
            assert.equal(got, expected, `seed ${seed}: select ${region.kind} region ${corners} at ${degrees} deg, ${mode}, excludeTouching ${excludeTouching}\n  CLI: ${cli} ${args.join(" ")}`);
            ++compared;
          }
          if (expected.length > 0) ++nonEmpty;
          selected += expected.length === 0 ? 0 : expected.split("\n").length;
        }
      }
    }
    t.diagnostic(`${compared} selections compared, ${nonEmpty} CLI answers non-empty, ${selected} ids in all`);
    assert.ok(nonEmpty >= compared / 8, `the regions should select something (${nonEmpty} non-empty)`);
  });

  test(`seed ${seed}: select with convex polygon regions agrees with overlaps and contains on every shape`, () => {
    const { scene, rows, random } = sceneFor(seed);
    for (let r = 0; r < 4; ++r) {
      const cx = 5 + random() * (WORLD - 10);
      const cy = 5 + random() * (WORLD - 10);
      const k = 3 + Math.floor(random() * 6);
      const points = [];
      for (let i = 0; i < k; ++i) {
        const a = ((i + 0.2 + 0.6 * random()) * 2 * Math.PI) / k;
        points.push([cx + 6 * Math.cos(a), cy + 6 * Math.sin(a)]);
      }
      const region = c2d.polygon(points);
      const touched = rows.filter(({ shape }) => c2d.overlaps(region, shape)).map(({ id }) => id);
      const inside = rows.filter(({ shape }) => c2d.contains(region, shape)).map(({ id }) => id);
      assert.deepEqual(Array.from(scene.select(region)).sort((a, b) => a - b), touched, `seed ${seed} polygon ${r} intersects`);
      assert.deepEqual(Array.from(scene.select(region, "contains")).sort((a, b) => a - b), inside, `seed ${seed} polygon ${r} contains`);
      assert.ok(touched.length > 0);
    }
  });

  test(`seed ${seed}: select with a lasso agrees with the CLI's --lasso`, (t) => {
    requireCli();
    const { scene, file, random } = sceneFor(seed);
    let compared = 0;
    let selected = 0;
    for (let r = 0; r < 6; ++r) {
      // A random walk on the lattice, closed: it crosses and retraces itself, so winding numbers
      // of 0, 1, 2 and -1 all occur, and its edges run along the lattice shapes' edges.
      const points = [[5 + Math.floor(random() * (WORLD - 10)), 5 + Math.floor(random() * (WORLD - 10))]];
      const steps = 4 + Math.floor(random() * 12);
      for (let i = 0; i < steps; ++i) {
        const [x, y] = points[points.length - 1];
        const clamp = (v) => Math.max(0, Math.min(WORLD, v));
        points.push([clamp(x + Math.floor(random() * 25) - 12), clamp(y + Math.floor(random() * 25) - 12)]);
      }
      const lasso = c2d.lasso(points);
      for (const mode of ["intersects", "contains"]) {
        for (const excludeTouching of [false, true]) {
          const args = ["select", file, "--lasso", ...points.flat().map(String), "--mode", mode];
          if (excludeTouching) args.push("--exclude-touching");
          const expected = runCsv(args).map((row) => Number(row[0])).sort((a, b) => a - b);
          const got = Array.from(scene.select(lasso, mode, { excludeTouching })).sort((a, b) => a - b);
          assert.deepEqual(got, expected, `seed ${seed}: lasso ${JSON.stringify(points)}, ${mode}, excludeTouching ${excludeTouching}\n  CLI: ${cli} ${args.join(" ")}`);
          ++compared;
          selected += expected.length;
        }
      }
    }
    t.diagnostic(`${compared} lasso selections compared, ${selected} ids in all`);
    assert.ok(selected > compared, `the lassos should select something (${selected} ids)`);
  });

  test(`seed ${seed}: hitTest agrees with the CLI, in order (topmost first)`, (t) => {
    requireCli();
    const { scene, file, random } = sceneFor(seed);
    let hits = 0;
    for (let i = 0; i < 14; ++i) {
      // Lattice points (corners and edges of lattice shapes) and points anywhere.
      const x = i < 8 ? Math.floor(random() * WORLD) + (i % 4 === 3 ? 0.5 : 0) : random() * WORLD;
      const y = i < 8 ? Math.floor(random() * WORLD) : random() * WORLD;
      const expected = runCsv(["hit", file, String(x), String(y)]).map(([id, kind, z]) => `${id},${kind},${z}`);
      const got = Array.from(scene.hitTest(x, y)).map((id) => `${id},${scene.shape(id).kind},${scene.z(id)}`);
      assert.deepEqual(got, expected, `seed ${seed}: hitTest(${x}, ${y})\n  CLI: ${cli} hit ${file} ${x} ${y}`);
      hits += got.length;
    }
    t.diagnostic(`${hits} shapes under 14 points`);
    assert.ok(hits > 0, "some points should hit shapes");
  });

  test(`seed ${seed}: raycastClosest and raycastAll agree with the CLI, bit for bit`, (t) => {
    requireCli();
    const { scene, file, random } = sceneFor(seed);
    const rayText = (h) =>
      [h.id, h.tEnter, h.enter.x, h.enter.y, h.tExit, h.exit.x, h.exit.y, h.normal.x, h.normal.y].map(bits).join(",");
    const cliText = (row) => [row[0], ...row.slice(1).map((v) => bits(Number(v)))].join(",");
    let hits = 0;
    for (let i = 0; i < 12; ++i) {
      let ray;
      if (i < 6) {
        // Along lattice lines: grazing edges and corners of lattice shapes.
        const [dx, dy] = [[1, 0], [0, 1], [1, 1], [-1, 0], [0, -1], [2, 1]][i];
        const ox = dx > 0 ? -1 : dx < 0 ? WORLD + 1 : Math.floor(random() * WORLD);
        const oy = dy > 0 ? -1 : dy < 0 ? WORLD + 1 : Math.floor(random() * WORLD);
        ray = c2d.ray(ox, dy === 0 || dx === 0 ? oy : Math.floor(random() * WORLD / 2), dx, dy);
      } else {
        const a = random() * 2 * Math.PI;
        ray = c2d.ray(random() * WORLD, random() * WORLD, Math.cos(a), Math.sin(a), i % 2 === 0 ? 5 + random() * 20 : Infinity);
      }
      const args = ["raycast", file, "--origin", String(ray.ox), String(ray.oy), "--direction", String(ray.dx), String(ray.dy)];
      if (ray.maxT !== Infinity) args.push("--max-t", String(ray.maxT));
      const closest = scene.raycastClosest(ray);
      assert.deepEqual(closest ? [rayText(closest)] : [], runCsv(args).map(cliText), `seed ${seed}: raycastClosest\n  CLI: ${cli} ${args.join(" ")}`);
      const all = scene.raycastAll(ray);
      assert.deepEqual(all.map(rayText), runCsv([...args, "--all"]).map(cliText), `seed ${seed}: raycastAll\n  CLI: ${cli} ${args.join(" ")} --all`);
      hits += all.length;
    }
    t.diagnostic(`${hits} ray hits over 12 rays`);
    assert.ok(hits > 0, "some rays should hit shapes");
  });

  test(`seed ${seed}: overlappingPairs agrees with the CLI`, (t) => {
    requireCli();
    const { scene, rows, file } = sceneFor(seed);
    const expected = runCsv(["pairs", file])
      .map(([a, b]) => [Number(a), Number(b)].sort((p, q) => p - q).join(","))
      .sort();
    const flat = scene.overlappingPairs();
    assert.equal(flat.length % 2, 0);
    const got = [];
    for (let i = 0; i < flat.length; i += 2) {
      assert.ok(flat[i] < flat[i + 1], `pair (${flat[i]}, ${flat[i + 1]}): first < second`);
      got.push(`${flat[i]},${flat[i + 1]}`);
    }
    got.sort();
    const interior = scene.overlappingPairs({ excludeTouching: true }).length / 2;
    const rounded = new Set(rows.filter((r) => r.shape.kind === "rounded_polygon").map((r) => r.id));
    let withRounded = 0;
    for (let i = 0; i < flat.length; i += 2) if (rounded.has(flat[i]) || rounded.has(flat[i + 1])) ++withRounded;
    t.diagnostic(`${got.length} overlapping pairs among ${SHAPES} shapes, ${got.length - interior} of them only touching, ${withRounded} with a rounded polygon`);
    assert.ok(withRounded > got.length / 20, `rounded polygons should be in many pairs (${withRounded})`);
    assert.ok(got.length - interior > 100, "the lattice shapes should give many pairs that only touch");
    assert.equal(got.join("\n"), expected.join("\n"), `seed ${seed}: overlappingPairs\n  CLI: ${cli} pairs ${file}`);
    assert.ok(got.length > SHAPES / 10, `a lattice scene has many touching pairs (${got.length})`);
  });

  test(`seed ${seed}: overlaps, distance and penetration agree with the CLI's distance, bit for bit`, (t) => {
    requireCli();
    const { rows, file, random } = sceneFor(seed);
    let overlapping = 0;
    for (let i = 0; i < 24; ++i) {
      const a = rows[Math.floor(random() * rows.length)];
      if (comparePair(seed, file, a, pairFor(a, rows, random, i % 2 === 0))) ++overlapping;
    }
    t.diagnostic(`24 pairs, ${overlapping} overlapping`);
  });

  test(`seed ${seed}: rounded polygons against every kind: overlaps, distance and penetration agree with the CLI, bit for bit`, (t) => {
    requireCli();
    const { rows, file, random } = sceneFor(seed);
    const rounded = rows.filter((r) => r.shape.kind === "rounded_polygon");
    assert.ok(rounded.length > SHAPES / 10, `the scene should hold rounded polygons (${rounded.length})`);
    const kinds = new Set();
    let overlapping = 0;
    for (let i = 0; i < 48; ++i) {
      const a = rounded[Math.floor(random() * rounded.length)];
      const b = pairFor(a, rows, random, i % 4 !== 3);
      // Either order: the CLI answers "distance A B" for the pair as given.
      const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
      if (comparePair(seed, file, first, second)) ++overlapping;
      kinds.add(b.shape.kind);
    }
    t.diagnostic(`48 pairs with a rounded polygon, ${overlapping} overlapping, against ${[...kinds].sort().join(", ")}`);
    assert.ok(overlapping >= 12, `near pairs should often overlap (${overlapping} of 48)`);
    assert.ok(kinds.size >= 6, `the pairs should meet most kinds (${[...kinds].join(", ")})`);
  });
}

// Scene files: the tool's .c2d file begins with the library's own file (Scene<double>::save after
// rebuild(), docs/SCENE_FORMAT.md), which Scene.load must read, save back byte for byte, and
// answer from as the JS scene built from the same CSV file does.
test("seed 1: the tool's binary scene file loads in JS, saves back the same bytes and answers the same", () => {
  requireCli();
  const { scene, file } = sceneFor(1);
  const c2dFile = join(workDir, "scene-1.c2d");
  run(["convert", file, c2dFile]);
  const bytes = readFileSync(c2dFile);
  const libraryBytes = bytes.subarray(0, 32 + Number(bytes.readBigUInt64LE(16))); // header + payload
  assert.ok(libraryBytes.length < bytes.length, "the tool's names section follows the library's file");
  const loaded = c2d.Scene.load(libraryBytes);
  try {
    assert.ok(Buffer.from(loaded.save()).equals(libraryBytes), "C++ save -> JS load -> JS save: the same bytes");
    assert.equal(loaded.size, scene.size);
    const random = mulberry32(11);
    for (let i = 0; i < 50; ++i) {
      const x = WORLD * random();
      const y = WORLD * random();
      assert.deepEqual(Array.from(loaded.hitTest(x, y)), Array.from(scene.hitTest(x, y)), `hitTest(${x}, ${y})`);
      const box = c2d.aabb(x, y, x + 8, y + 5);
      assert.deepEqual(Array.from(loaded.select(box)).sort((a, b) => a - b), Array.from(scene.select(box)).sort((a, b) => a - b));
    }
    const pairList = (flat) => Array.from({ length: flat.length / 2 }, (_, i) => `${flat[2 * i]},${flat[2 * i + 1]}`).sort();
    assert.deepEqual(pairList(loaded.overlappingPairs()), pairList(scene.overlappingPairs()));
  } finally {
    loaded.dispose();
  }
});

/** Another row for a: near it (bounding boxes meet: likely touching or overlapping) or anywhere. */
function pairFor(a, rows, random, nearby) {
  if (nearby) {
    const near = rows.filter((r) => r !== a && c2d.overlaps(c2d.boundingBox(a.shape), c2d.boundingBox(r.shape)));
    if (near.length > 0) return near[Math.floor(random() * near.length)];
  }
  return rows[Math.floor(random() * rows.length)];
}

/** Compares overlaps, distance and penetration of a and b with the CLI's `distance`; true if they overlap. */
function comparePair(seed, file, a, b) {
  const [row] = runCsv(["distance", file, String(a.id), String(b.id)]);
  const overlap = c2d.overlaps(a.shape, b.shape);
  const gap = c2d.distance(a.shape, b.shape);
  const depth = c2d.penetration(a.shape, b.shape);
  const got = [
    String(a.id),
    String(b.id),
    overlap ? "yes" : "no",
    ...[gap.distance, gap.pointA.x, gap.pointA.y, gap.pointB.x, gap.pointB.y].map(bits),
    ...(depth ? [depth.depth, depth.normal.x, depth.normal.y].map(bits) : ["", "", ""]),
  ];
  const expected = row.map((field, k) => (k >= 3 && field !== "" ? bits(Number(field)) : field));
  assert.deepEqual(got, expected, `seed ${seed}: ${a.shape.kind} ${a.id} and ${b.shape.kind} ${b.id}\n  CLI: ${cli} distance ${file} ${a.id} ${b.id}`);
  return overlap;
}
