// examples/typed-example.ts type-checks against collide2d.d.ts (strict), with the local tsc
// that `npm install` puts in bindings/js/node_modules (typescript is a devDependency).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { packageDir } from "./helpers.mjs";

test("examples/typed-example.ts type-checks with tsc --noEmit -p examples/tsconfig.json", () => {
  const tsc = join(packageDir, "node_modules", ".bin", process.platform === "win32" ? "tsc.cmd" : "tsc");
  assert.ok(
    existsSync(tsc),
    `TypeScript's tsc is not installed: ${tsc} is missing.\n` +
      `  Run once: cd ${packageDir} && npm install   (installs the devDependency typescript)`,
  );
  const result = spawnSync(tsc, ["--noEmit", "-p", join("examples", "tsconfig.json")], {
    cwd: packageDir,
    encoding: "utf8",
    timeout: 120_000,
  });
  assert.equal(result.error, undefined, `tsc could not run: ${result.error}`);
  assert.equal(
    result.status,
    0,
    `tsc reported errors (exit status ${result.status}):\n${result.stdout}${result.stderr}`,
  );
  assert.equal(result.stdout.trim(), "", `tsc printed:\n${result.stdout}`);
});
