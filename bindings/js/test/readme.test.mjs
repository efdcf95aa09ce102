// The README's example is examples/readme-example.mjs, character for character, and prints what
// the README's comments say.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { load, packageDir } from "./helpers.mjs";

const examplePath = join(packageDir, "examples", "readme-example.mjs");
const polygonExamplePath = join(packageDir, "examples", "simple-polygon-example.mjs");

/** The code blocks marked ```js in the README. */
function readmeBlocks() {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  return [...readme.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

test("README.md's first js block is examples/readme-example.mjs exactly", () => {
  const blocks = readmeBlocks();
  assert.ok(blocks.length >= 1, "README.md should have a ```js block");
  assert.equal(blocks[0], readFileSync(examplePath, "utf8"), "README example and examples/readme-example.mjs differ");
});

test("examples/readme-example.mjs prints what the README says", async () => {
  await load(); // fails with the build command when the wasm module is missing
  const output = execFileSync(process.execPath, [examplePath], { cwd: packageDir, encoding: "utf8" });
  assert.equal(
    output,
    ["true", "true", "10 -1 0", "touched 2, inside 1", "ball, card", "card, ball", "crate 300", "1", ""].join("\n"),
  );
});

test("README.md's second js block is examples/simple-polygon-example.mjs, and prints what it says", async () => {
  await load();
  const blocks = readmeBlocks();
  assert.ok(blocks.length >= 2, "README.md should have a second ```js block");
  assert.equal(blocks[1], readFileSync(polygonExamplePath, "utf8"), "README's second block and examples/simple-polygon-example.mjs differ");
  const output = execFileSync(process.execPath, [polygonExamplePath], { cwd: packageDir, encoding: "utf8" });
  assert.equal(output, ["6", "false", "true", "0.5 to 1.5, 3 to 4.5", "0.5", "[ 2 ]", "0", "true", "true 6", "3", ""].join("\n"));
});

test("npm pack: the tarball installs in another project and runs the README example", async (t) => {
  await load();
  const { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const dir = mkdtempSync(join(tmpdir(), "collide2d-pack-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const quiet = { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 };
  const packed = JSON.parse(execFileSync(npm, ["pack", "--json", "--pack-destination", dir], { ...quiet, cwd: packageDir }));
  const files = packed[0].files.map((f) => f.path).sort();
  for (const needed of ["README.md", "collide2d.d.ts", "dist/collide2d-wasm.mjs", "dist/collide2d-wasm.wasm", "index.mjs", "package.json"]) {
    assert.ok(files.includes(needed), `the tarball lacks ${needed}: ${files.join(", ")}`);
  }
  const consumer = join(dir, "consumer");
  mkdirSync(consumer);
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  execFileSync(npm, ["install", "--no-package-lock", "--no-audit", "--no-fund", join(dir, packed[0].filename)], { ...quiet, cwd: consumer });
  copyFileSync(examplePath, join(consumer, "readme-example.mjs"));
  const output = execFileSync(process.execPath, [join(consumer, "readme-example.mjs")], { cwd: consumer, encoding: "utf8" });
  assert.equal(output, execFileSync(process.execPath, [examplePath], { cwd: packageDir, encoding: "utf8" }));
});
