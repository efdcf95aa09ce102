// Times the npm package's Scene.addBoxes on 1,000,000 seeded rotated boxes (rows cx, cy, w, h,
// angle; no index build) and single c2d.obb(...) calls, medians of 7 passes. To compare two
// builds of the package, copy one (index.mjs, package.json, dist/) elsewhere and run on each:
//   node bench/js/add-boxes.mjs [package folder, default bindings/js]
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(process.argv[2] ?? path.join(here, "../../bindings/js"));
const { default: loadCollide2d } = await import(pathToFileURL(path.join(dir, "index.mjs")).href);
const c2d = await loadCollide2d();

const N = 1000000;
let seed = 12345;
const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
const rows = new Float64Array(5 * N);
for (let i = 0; i < N; i++) {
  rows.set([random() * 10000, random() * 10000, 1 + random() * 20, 1 + random() * 20, random() * 6.28], 5 * i);
}
const median = (values) => values.sort((x, y) => x - y)[values.length >> 1];

const add = [], obb = [];
let sink = 0;
for (let pass = 0; pass < 7; pass++) {
  const scene = new c2d.Scene();
  let t = performance.now();
  scene.addBoxes(rows);
  add.push(performance.now() - t);
  scene.dispose();
  const calls = 100000;
  t = performance.now();
  for (let i = 0; i < calls; i++) {
    sink += c2d.obb(rows[5 * i], rows[5 * i + 1], rows[5 * i + 2], rows[5 * i + 3], rows[5 * i + 4]).width;
  }
  obb.push(((performance.now() - t) * 1e6) / calls);
}
console.log(`${dir}: addBoxes of ${N} rows ${median(add).toFixed(1)} ms (median of 7); ` +
  `c2d.obb ${median(obb).toFixed(1)} ns a call${sink === -1 ? "" : ""}`);
