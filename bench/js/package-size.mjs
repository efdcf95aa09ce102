// The npm package's size (what `npm pack` ships, raw and gzipped) and the time node takes to
// load it (import + loadCollide2d(), in a fresh process each time, median of 7). Run alone
// (`node bench/js/package-size.mjs`) or from bench.mjs, which puts the table in its results.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const packageDir = fileURLToPath(new URL("../../bindings/js/", import.meta.url));

export function packageReport() {
  const manifest = JSON.parse(readFileSync(`${packageDir}package.json`, "utf8"));
  const files = manifest.files.filter((f) => !f.endsWith(".md") && !f.endsWith(".d.ts"));
  const rows = files.map((file) => {
    const bytes = readFileSync(packageDir + file);
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const total = rows.reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), { raw: 0, gzip: 0 });
  const script =
    `const t = performance.now(); const m = await import(${JSON.stringify(packageDir + "index.mjs")});` +
    `await m.loadCollide2d(); console.log(performance.now() - t);`;
  const loads = [];
  for (let i = 0; i < 7; ++i) {
    loads.push(Number(execFileSync(process.execPath, ["--input-type=module", "-e", script]).toString()));
  }
  loads.sort((a, b) => a - b);
  return { rows, total, loadMs: loads[3], loads };
}

export function packageTable(report) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  let md = "| file | size | gzipped (-9) |\n|---|---:|---:|\n";
  for (const r of report.rows) md += `| ${r.file} | ${kb(r.raw)} | ${kb(r.gzip)} |\n`;
  md += `| **JS + wasm** | **${kb(report.total.raw)}** | **${kb(report.total.gzip)}** |\n\n`;
  md += `Load in node (import + loadCollide2d(), fresh process): median ${report.loadMs.toFixed(1)} ms ` +
    `(7 runs: ${report.loads.map((x) => x.toFixed(1)).join(", ")} ms).\n`;
  return md;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(packageTable(packageReport()));
