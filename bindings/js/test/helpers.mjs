// Shared helpers for the collide2d node tests (node --test test/).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const repoDir = resolve(packageDir, "..", "..");

/** Loads the module through the package's own entry point (index.mjs). */
export async function load() {
  const entry = join(packageDir, "index.mjs");
  const wasm = join(packageDir, "dist", "collide2d-wasm.wasm");
  assert.ok(
    existsSync(entry) && existsSync(wasm),
    `collide2d is not built: ${entry} and ${wasm} must exist ` +
      "(build them with: cd <repo> && cmake --workflow --preset wasm)",
  );
  const module = await import(entry);
  return module.default();
}

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 3 to 8 points [x, y], counter-clockwise on a circle about (x, y) of radius 0.3 to 3 drawn from
 * random, spaced so that no three are collinear: the vertices of a random convex polygon.
 */
export function randomConvexPoints(random, x, y) {
  const k = 3 + Math.floor(random() * 6);
  const r = 0.3 + 2.7 * random();
  const phase = 2 * Math.PI * random();
  const points = [];
  for (let i = 0; i < k; ++i) {
    const a = phase + ((i + 0.15 + 0.7 * random()) * 2 * Math.PI) / k;
    points.push([x + r * Math.cos(a), y + r * Math.sin(a)]);
  }
  return points;
}

/**
 * Asserts that fn throws an instance of cls (TypeError or RangeError, or either when cls is an
 * array [TypeError, RangeError], for cases collide2d.d.ts does not pin down), never a wasm trap, and
 * that the message names every one of `names` (strings or regular expressions).
 */
export function throwsNaming(fn, cls, ...names) {
  const classes = Array.isArray(cls) ? cls : [cls];
  cls = { name: classes.map((c) => c.name).join(" or ") };
  let thrown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  assert.ok(thrown !== undefined, `expected a ${cls.name}, but nothing was thrown`);
  assert.ok(
    !(thrown instanceof WebAssembly.RuntimeError),
    `expected a ${cls.name}, got a wasm trap: ${thrown && thrown.stack}`,
  );
  assert.ok(
    classes.some((c) => thrown instanceof c),
    `expected a ${cls.name}, got ${thrown && thrown.constructor && thrown.constructor.name}: ` +
      `${thrown && thrown.message}`,
  );
  for (const name of names) {
    if (name instanceof RegExp) {
      assert.match(thrown.message, name, `the ${cls.name}'s message should match ${name}`);
    } else {
      assert.ok(
        thrown.message.includes(name),
        `the ${cls.name}'s message should name ${JSON.stringify(name)}: ${JSON.stringify(thrown.message)}`,
      );
    }
  }
  return thrown;
}

/** Asserts |actual - expected| <= tolerance (exact equality when tolerance is 0). */
export function near(actual, expected, tolerance, what = "value") {
  assert.equal(typeof actual, "number", `${what} should be a number, got ${typeof actual}`);
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what}: ${actual} is not within ${tolerance} of ${expected}`,
  );
}

export function nearVec(actual, expected, tolerance, what = "vector") {
  assert.ok(actual && typeof actual === "object", `${what} should be an {x, y} object`);
  near(actual.x, expected.x, tolerance, `${what}.x`);
  near(actual.y, expected.y, tolerance, `${what}.y`);
}

/** Sorted plain array of the numbers in an array-like (ids in no particular order). */
export function sorted(ids) {
  return Array.from(ids).sort((a, b) => a - b);
}

/** A shape's declared (string-keyed, enumerable) fields as a plain object, for deepEqual. */
export function fields(object) {
  return Object.fromEntries(Object.entries(object));
}

/**
 * Runs body(check), where check(fn, cls, ...names) is throwsNaming that records a failure instead
 * of stopping, then fails once with every failing case (labelled by its source text).
 */
export function softly(body) {
  const failures = [];
  body((fn, cls, ...names) => {
    try {
      throwsNaming(fn, cls, ...names);
    } catch (error) {
      failures.push(`${String(fn)}\n      ${error.message.split("\n").join("\n      ")}`);
    }
  });
  assert.ok(failures.length === 0, `${failures.length} bad-input case(s) failed:\n  ${failures.join("\n  ")}`);
}
