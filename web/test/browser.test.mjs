// Real-browser tests of the collide2d web demo: Debian's Chromium, headless, driven by
// playwright-core, against the page served on 127.0.0.1 by web/serve.mjs (started here).
//
//   node --test web/test/          (or web/test/run.sh, which builds what is missing first)
//
// Environment: CHROMIUM (default /usr/bin/chromium), COLLIDE2D_CLI (default
// build/release/tools/collide2d), SCREENSHOTS (default build/web-screenshots).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { inflateSync } from 'node:zlib';

const web = fileURLToPath(new URL('..', import.meta.url));
const repo = join(web, '..');
const CLI = process.env.COLLIDE2D_CLI || join(repo, 'build/release/tools/collide2d');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = process.env.SCREENSHOTS || join(repo, 'build/web-screenshots');
const tmp = mkdtempSync(join(tmpdir(), 'collide2d-web-'));

let server, url, browser, page;
const problems = []; // console errors, page errors, failed requests, HTTP errors
const diag = []; // notes printed at the end

before(async () => {
  assert.ok(existsSync(CLI), `the collide2d CLI is missing: ${CLI} (build it: cmake --workflow --preset release)`);
  mkdirSync(SHOTS, { recursive: true });
  server = spawn(process.execPath, [join(web, 'serve.mjs')], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) resolve(m[0]);
    });
    server.on('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
    setTimeout(() => reject(new Error('serve.mjs did not print its URL')), 10000);
  });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
});

after(async () => {
  for (const d of diag) console.log(`# ${d}`);
  await browser?.close();
  server?.kill();
  rmSync(tmp, { recursive: true, force: true });
});

async function open(panel) {
  await page.goto(`${url}#${panel}`);
  await page.waitForFunction((p) => window.demo?.ready && window.demo.panel === p, panel, { timeout: 60000 });
  const errors = await page.evaluate(() => window.demo.errors);
  assert.deepEqual(errors, [], `page errors on ${panel}`);
}

async function dragMouse(from, to, steps = 12) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
  await nextFrame();
}

const nextFrame = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** The colour of the screenshot's pixels around (x, y), as [r, g, b] medians over a 5 x 5 patch. */
async function pixel(x, y) {
  const png = await page.screenshot({ clip: { x: Math.round(x) - 2, y: Math.round(y) - 2, width: 5, height: 5 } });
  const img = decodePng(png);
  const ch = [[], [], []];
  for (let i = 0; i < img.width * img.height; i++) for (let c = 0; c < 3; c++) ch[c].push(img.data[4 * i + c]);
  return ch.map((v) => v.sort((a, b) => a - b)[v.length >> 1]);
}
const isRed = ([r, g, b]) => r >= 200 && r - g >= 60 && r - b >= 60;
const isBlueish = ([r, g, b]) => b > r + 10 && b > g;


function decodePng(buf) {
  const sig = '89504e470d0a1a0a';
  if (buf.subarray(0, 8).toString('hex') !== sig) throw new Error('not a PNG');
  let pos = 8, width = 0, height = 0, colorType = 0, bitDepth = 0, interlace = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('ascii', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      bitDepth = data[8];
      colorType = data[9];
      interlace = data[12];
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    pos += 12 + len;
  }
  if (bitDepth !== 8 || (colorType !== 2 && colorType !== 6) || interlace !== 0) {
    throw new Error(`unsupported PNG: bit depth ${bitDepth}, colour type ${colorType}, interlace ${interlace}`);
  }
  const bpp = colorType === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? cur[i - bpp] : 0, b = prev[i], c = i >= bpp ? prev[i - bpp] : 0;
      let v = line[i];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[i] = v & 255;
    }
    for (let x = 0; x < width; x++) {
      out[(y * width + x) * 4] = cur[x * bpp];
      out[(y * width + x) * 4 + 1] = cur[x * bpp + 1];
      out[(y * width + x) * 4 + 2] = cur[x * bpp + 2];
      out[(y * width + x) * 4 + 3] = bpp === 4 ? cur[x * bpp + 3] : 255;
    }
    prev = cur;
  }
  return { width, height, data: out };
}

// ---- CSV scenes for the CLI (docs/SCENE_FORMAT.md); String(number) reads back bit for bit ----
function csvShape(id, s) {
  switch (s.kind) {
    case 'obb': return `${id},obb,,,${s.x},${s.y},${s.width},${s.height},${s.cos},${s.sin}`;
    case 'aabb': return `${id},aabb,,,${s.minX},${s.minY},${s.maxX},${s.maxY}`;
    case 'circle': return `${id},circle,,,${s.x},${s.y},${s.radius}`;
    case 'capsule': return `${id},capsule,,,${s.ax},${s.ay},${s.bx},${s.by},${s.radius}`;
    case 'polygon': return `${id},polygon,,,${Array.from(s.vertices).join(',')}`;
    case 'point': return `${id},point,,,${s.x},${s.y}`;
    case 'segment': return `${id},segment,,,${s.ax},${s.ay},${s.bx},${s.by}`;
    default: throw new Error(`kind ${s.kind}`);
  }
}
function writeScene(name, entries) {
  const file = join(tmp, name);
  writeFileSync(file, ['id,kind,z,tags,values', ...entries.map(([id, s]) => csvShape(id, s))].join('\n') + '\n');
  return file;
}
function cli(...args) {
  return execFileSync(CLI, args.map(String), { encoding: 'utf8', maxBuffer: 1 << 28 });
}
function cliSelect(file, region, mode) {
  const out = cli('select', file, '--region', region.minX, region.minY, region.maxX, region.maxY, '--mode', mode, '--format', 'csv');
  return out.trim().split('\n').slice(1).filter(Boolean).map((line) => line.split(',')[0]);
}

// ---------------------------------------------------------------------------------------------

test('shapes: dragging one box onto another turns both red (page state and pixels); dragging it away clears both', async () => {
  await open('shapes');
  const state = () => page.evaluate(() => window.demo.shapes);
  let shapes = await state();
  assert.ok(shapes.length >= 6);
  assert.ok(shapes.every((s) => !s.overlapping), 'no shape overlaps another at the start');
  const byName = (list, n) => list.find((s) => s.name === n);
  const a0 = byName(shapes, 'box A'), b0 = byName(shapes, 'box B');
  assert.ok(isBlueish(await pixel(a0.client.x, a0.client.y)), 'box A is not red at the start');
  assert.ok(isBlueish(await pixel(b0.client.x, b0.client.y)), 'box B is not red at the start');

  // Drag A by its centre to 50 px right of B's centre: the boxes overlap (and nothing else).
  await dragMouse(a0.client, { x: b0.client.x + 50, y: b0.client.y + 10 });
  shapes = await state();
  let a = byName(shapes, 'box A'), b = byName(shapes, 'box B');
  assert.equal(a.overlapping, true, 'box A overlaps');
  assert.equal(b.overlapping, true, 'box B overlaps');
  const pairs = await page.evaluate(() => window.demo.shapesPanel.pairs);
  assert.deepEqual(pairs, [Math.min(a.id, b.id), Math.max(a.id, b.id)], 'exactly the pair (A, B) overlaps');
  await page.screenshot({ path: join(SHOTS, 'shapes-overlap.png') });
  // Pixels: A's centre and a point of B away from A (B's centre is inside A? sample both anyway).
  assert.ok(isRed(await pixel(a.client.x, a.client.y)), `box A is drawn red: ${await pixel(a.client.x, a.client.y)}`);
  assert.ok(isRed(await pixel(b.client.x - 40, b.client.y - 5)) || isRed(await pixel(b.client.x, b.client.y)), 'box B is drawn red');
  // The contact toggle is on by default: collide gave a manifold for the pair.
  const contacts = await page.evaluate(() => window.demo.shapesPanel.contacts);
  assert.equal(contacts.length, 1);
  assert.ok(contacts[0].points.length >= 1 && contacts[0].points.every((p) => p.depth >= 0));

  // Drag it back where it was: neither is red.
  await dragMouse(a.client, a0.client);
  shapes = await state();
  a = byName(shapes, 'box A');
  b = byName(shapes, 'box B');
  assert.equal(a.overlapping, false);
  assert.equal(b.overlapping, false);
  assert.ok(isBlueish(await pixel(a.client.x, a.client.y)), 'box A is no longer red');
  assert.ok(isBlueish(await pixel(b.client.x, b.client.y)), 'box B is no longer red');

  // Closest points when apart: turn on the toggle, select A (click it), distance > 0 to B.
  await page.click('label:has(#shapes-distance)');
  await page.mouse.click(a.client.x, a.client.y);
  await nextFrame();
  const dists = await page.evaluate(() => window.demo.shapesPanel.distances);
  assert.ok(dists.length >= 1 && dists.every((d) => d.a === a.id && d.distance > 0), 'distances from A to the nearest shapes are shown');
  const ab = dists.find((d) => d.b === b.id);
  assert.ok(ab, 'box B is among the nearest');
  // The closest points are that far apart.
  assert.ok(Math.abs(Math.hypot(ab.pointB.x - ab.pointA.x, ab.pointB.y - ab.pointA.y) - ab.distance) < 1e-9);

  // Keyboard: Tab to a shape, arrows move it, Q turns it.
  let focused = false;
  for (let i = 0; i < 12 && !focused; i++) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => !!document.activeElement?.closest('#shapes-focus'));
  }
  assert.ok(focused, 'Tab reaches a shape');
  const name = await page.evaluate(() => document.activeElement.textContent);
  const before = byName(await state(), name);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await nextFrame();
  const moved = byName(await state(), name);
  assert.equal(moved.world.x, before.world.x + 8, 'two ArrowRight presses move it 8 units right');
  assert.equal(moved.world.y, before.world.y + 4, 'ArrowUp moves it 4 units up (y up)');
  await page.keyboard.press('q');
  await nextFrame();
  const turned = byName(await state(), name);
  assert.ok(turned.world.angle > moved.world.angle, 'Q turns it counter-clockwise');
  await page.screenshot({ path: join(SHOTS, 'shapes.png') });
  // Turning: drag the round handle of box C a quarter turn counter-clockwise, then the wheel.
  const toClient = (x, y) => page.evaluate(([x, y]) => window.demo.shapesPanel.toClient(x, y), [x, y]);
  let boxC = byName(await state(), 'box C');
  await page.mouse.click(boxC.client.x, boxC.client.y); // select it: its handle shows
  await nextFrame();
  boxC = byName(await state(), 'box C');
  const { x: cx, y: cy, angle: c0 } = boxC.world, reach = boxC.handleReach;
  const handleAt = await toClient(cx + reach * Math.cos(c0), cy + reach * Math.sin(c0));
  const quarter = await toClient(cx + reach * Math.cos(c0 + Math.PI / 2), cy + reach * Math.sin(c0 + Math.PI / 2));
  await dragMouse(handleAt, quarter, 16);
  const c1 = byName(await state(), 'box C').world.angle;
  assert.ok(Math.abs(Math.atan2(Math.sin(c1 - c0 - Math.PI / 2), Math.cos(c1 - c0 - Math.PI / 2))) < 0.02, `the handle turned box C a quarter turn (${c0} -> ${c1})`);
  await page.mouse.move(boxC.client.x, boxC.client.y);
  await page.mouse.wheel(0, 100);
  await nextFrame();
  const c2 = byName(await state(), 'box C').world.angle;
  assert.ok(c2 !== c1, 'the wheel turns the shape under the pointer');

  // Spin: the boxes turn by themselves.
  const angles = async () => (await state()).filter((s) => s.kind === 'obb').map((s) => s.world.angle);
  const a1 = await angles();
  await page.click('label:has(#shapes-spin)');
  await page.waitForTimeout(400);
  const a2 = await angles();
  await page.click('label:has(#shapes-spin)');
  assert.ok(a2.every((v, i) => v !== a1[i]), 'every box turned while spinning');
});

// Distance from (x, y) to a convex polygon given as flat counter-clockwise vertices (0 inside), in
// plain JS: the reference for the rounded box, which overlaps a circle when this is at most the
// sum of their radii.
function pointPolygonDistance(x, y, v) {
  const n = v.length / 2;
  let inside = true, best = Infinity;
  for (let i = 0; i < n; i++) {
    const ax = v[2 * i], ay = v[2 * i + 1], bx = v[(2 * i + 2) % v.length], by = v[(2 * i + 3) % v.length];
    const ex = bx - ax, ey = by - ay;
    if (ex * (y - ay) - ey * (x - ax) < 0) inside = false;
    const t = Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)));
    best = Math.min(best, Math.hypot(x - ax - t * ex, y - ay - t * ey));
  }
  return inside ? 0 : best;
}

test('shapes: the rounded box is drawn round at its corners and overlaps the ball as its radius says', async () => {
  await open('shapes');
  const state = () => page.evaluate(() => window.demo.shapes);
  const byName = (list, n) => list.find((s) => s.name === n);
  const toClient = (x, y) => page.evaluate(([wx, wy]) => window.demo.shapesPanel.toClient(wx, wy), [x, y]);
  const box0 = byName(await state(), 'rounded box');
  assert.equal(box0.shape.kind, 'rounded_polygon');
  const { vertices: v, normals: n, radius: r } = box0.shape;
  // Core corner 0, between the edge before it (normal n[k]) and the edge after it (n[0]), along
  // the bisector: at half the radius the shape is filled; at 1.2 radii, inside the square corner
  // (which reaches sqrt(2) radii) but beyond the arc, it is not.
  const k = v.length / 2 - 1;
  const mx = n[2 * k] + n[0], my = n[2 * k + 1] + n[1];
  const m = Math.hypot(mx, my);
  const inner = await toClient(v[0] + (0.5 * r * mx) / m, v[1] + (0.5 * r * my) / m);
  const cut = await toClient(v[0] + (1.2 * r * mx) / m, v[1] + (1.2 * r * my) / m);
  assert.ok(isBlueish(await pixel(inner.x, inner.y)), `inside the rounded corner is filled: ${await pixel(inner.x, inner.y)}`);
  assert.ok(!isBlueish(await pixel(cut.x, cut.y)), `the square corner beyond the arc is not: ${await pixel(cut.x, cut.y)}`);

  // Drag the rounded box's centre 50 units below the ball's: its face is within the radius.
  const ball0 = byName(await state(), 'ball');
  const target = await toClient(ball0.world.x, ball0.world.y - 50);
  await dragMouse(box0.client, target);
  const shapes = await state();
  const box = byName(shapes, 'rounded box'), ball = byName(shapes, 'ball');
  const reference = pointPolygonDistance(ball.shape.x, ball.shape.y, box.shape.vertices) <= box.shape.radius + ball.shape.radius;
  assert.equal(reference, true, 'the drag brought them within their radii (plain JS)');
  assert.equal(box.overlapping, true, 'the rounded box overlaps');
  assert.equal(ball.overlapping, true, 'the ball overlaps');
  assert.deepEqual(await page.evaluate(() => window.demo.shapesPanel.pairs), [Math.min(box.id, ball.id), Math.max(box.id, ball.id)]);
  assert.ok(isRed(await pixel(box.client.x, box.client.y)), 'the rounded box is drawn red');
});

test('editor marquee: touching, fully inside and by-direction selections equal the CLI on the same elements', async () => {
  await open('editor');
  const board = await page.evaluate(() => window.demo.editor.boardClient());
  const shapes = await page.evaluate(() => window.demo.editor.shapes);
  assert.ok(shapes.length >= 200, `a few hundred elements (${shapes.length})`);
  // The page's reading of the DOM agrees with ours (bounding rect centre, offset size, angle).
  const dom = await page.evaluate(() => window.demo.editor.readDom());
  for (let i = 0; i < shapes.length; i++) {
    const s = shapes[i], d = dom[i];
    assert.equal(s.x, d.cx);
    assert.equal(s.y, -d.cy, 'y is flipped');
    assert.equal(s.width, d.w);
    assert.equal(s.height, d.h);
    const a = (-d.deg * Math.PI) / 180; // the angle is negated with the flip
    assert.ok(Math.abs(s.cos - Math.cos(a)) < 1e-12 && Math.abs(s.sin - Math.sin(a)) < 1e-12, `element ${i}'s angle`);
  }
  const file = writeScene('editor.csv', shapes.map((s) => [`e${s.index}`, { kind: 'obb', ...s }]));
  const at = (fx, fy) => ({ x: board.left + fx * board.width, y: board.top + fy * board.height });

  async function check(modeLabel, from, to, expectMode) {
    await page.click(`.segmented label:has(input[name="editor-mode"][value="${modeLabel}"])`);
    await dragMouse(from, to);
    const m = await page.evaluate(() => window.demo.marquee);
    assert.equal(m.mode, expectMode);
    const expected = cliSelect(file, m.region, expectMode).map((id) => Number(id.slice(1))).sort((a, b) => a - b);
    assert.ok(expected.length > 0, 'the marquee selects something');
    assert.equal(m.selectedCount, expected.length, `${modeLabel}: count equals the CLI's`);
    assert.deepEqual(m.selected, expected, `${modeLabel}: the same elements as the CLI`);
    const highlighted = await page.locator('#editor-board .el.selected').count();
    assert.equal(highlighted, expected.length, 'the selected elements are highlighted');
    assert.equal(await page.textContent('#editor-count'), expected.length.toLocaleString('en-US'));
    assert.match(await page.textContent('#editor-time'), /ms$/);
    return m;
  }
  const touching = await check('intersects', at(0.2, 0.25), at(0.55, 0.7), 'intersects');
  const inside = await check('contains', at(0.2, 0.25), at(0.55, 0.7), 'contains');
  assert.ok(inside.selectedCount < touching.selectedCount, 'fully inside selects fewer than touching');
  // The AutoCAD convention: right-to-left selects touching, left-to-right selects inside.
  await check('direction', at(0.8, 0.3), at(0.5, 0.65), 'intersects');
  await page.mouse.move(at(0.8, 0.3).x, at(0.8, 0.3).y);
  await page.mouse.down();
  await page.mouse.move(at(0.55, 0.62).x, at(0.55, 0.62).y, { steps: 8 });
  await page.screenshot({ path: join(SHOTS, 'editor.png') }); // with the marquee showing
  await page.mouse.up();
  await check('direction', at(0.4, 0.3), at(0.75, 0.7), 'contains');

  // The lasso: a freehand, concave loop drawn with the mouse selects what `collide2d select
  // --lasso` selects with the same points (the page's world coordinates, passed as printed).
  await page.click('.segmented label:has(input[name="editor-tool"][value="lasso"])');
  const loop = [[0.15, 0.2], [0.5, 0.15], [0.45, 0.45], [0.75, 0.5], [0.6, 0.85], [0.25, 0.75], [0.3, 0.45]]
    .map(([fx, fy]) => at(fx, fy));
  const counts = {};
  for (const mode of ['intersects', 'contains']) {
    await page.click(`.segmented label:has(input[name="editor-mode"][value="${mode}"])`);
    await page.mouse.move(loop[0].x, loop[0].y);
    await page.mouse.down();
    for (const p of loop.slice(1)) await page.mouse.move(p.x, p.y, { steps: 8 });
    if (mode === 'contains') await page.screenshot({ path: join(SHOTS, 'editor-lasso.png') });
    await page.mouse.up();
    await nextFrame();
    const m = await page.evaluate(() => window.demo.marquee);
    assert.equal(m.tool, 'lasso');
    assert.equal(m.mode, mode);
    assert.ok(m.lasso.length >= 2 * 30, `a freehand path of many points (${m.lasso.length / 2})`);
    const out = cli('select', file, '--lasso', ...m.lasso, '--mode', mode, '--format', 'csv');
    const expected = out.trim().split('\n').slice(1).filter(Boolean)
      .map((line) => Number(line.split(',')[0].slice(1))).sort((a, b) => a - b);
    assert.ok(expected.length > 0, 'the lasso selects something');
    assert.deepEqual(m.selected, expected, `lasso ${mode}: the same elements as the CLI`);
    assert.equal(await page.locator('#editor-board .el.selected').count(), expected.length);
    assert.equal(await page.locator('#editor-lasso').isHidden(), true, 'the path is hidden after the drag');
    counts[mode] = expected.length;
  }
  assert.ok(counts.contains < counts.intersects, 'inside the lasso selects fewer than touching it');
  await page.click('.segmented label:has(input[name="editor-tool"][value="marquee"])');
});

test('ray: the entry point shown equals `collide2d raycast` on the same scene, to the printed digits', async () => {
  await open('ray');
  const info = await page.evaluate(() => ({ world: window.demo.ray.world, shapes: window.demo.ray.shapes }));
  const toClient = (x, y) => page.evaluate(([x, y]) => window.demo.ray.toClient(x, y), [x, y]);
  const file = writeScene('ray.csv', info.shapes.map((s) => [`s${s.id}`, s.shape]));

  async function compare(label) {
    const ray = await page.evaluate(() => window.demo.ray);
    const out = JSON.parse(cli('raycast', file, '--origin', ray.origin.x, ray.origin.y, '--direction', ray.direction.x, ray.direction.y, '--all', '--format', 'json'));
    assert.deepEqual(ray.hits.map((h) => `s${h.id}`), out.map((h) => h.id), `${label}: the same shapes in the same order`);
    assert.ok(out.length > 0, `${label}: the ray hits something`);
    const first = out[0];
    const printed = await page.textContent('#ray-enter');
    const m = printed.match(/^\((-?\d+\.(\d+)), (-?\d+\.\d+)\)$/);
    assert.ok(m, `entry printed as (x, y): ${printed}`);
    const digits = m[2].length;
    const fmt = (v) => (Object.is(Number(v.toFixed(digits)), -0) ? (0).toFixed(digits) : v.toFixed(digits));
    assert.equal(m[1], fmt(first.enter_x), `${label}: entry x to ${digits} decimals`);
    assert.equal(m[3], fmt(first.enter_y), `${label}: entry y to ${digits} decimals`);
    // And the numbers themselves: within 1e-9 relative (both print the shortest round-trip
    // form; a last-bit difference between wasm and the native build is reported, not failed).
    for (const [k, page_, native] of [['x', ray.enter.x, first.enter_x], ['y', ray.enter.y, first.enter_y]]) {
      assert.ok(Math.abs(page_ - native) <= 1e-9 * Math.max(1, Math.abs(native)), `${label}: entry ${k} ${page_} vs ${native}`);
      if (page_ !== native) diag.push(`${label}: entry ${k} differs in the last bits: wasm ${page_}, native ${native}`);
    }
    return { ray, out };
  }

  // Aim at box 3 through box 1 (the pointer aims the ray; the origin stays put).
  const box3 = info.shapes.find((s) => s.name === 'box 3').shape;
  let p = await toClient(box3.x, box3.y);
  await page.mouse.move(p.x, p.y, { steps: 5 });
  await nextFrame();
  const { ray } = await compare('aimed at box 3');
  assert.ok(ray.hits.some((h) => h.name === 'box 3'));
  assert.equal(ray.startedInside, false);
  await page.screenshot({ path: join(SHOTS, 'ray.png') });
  // Another aim, downwards to the right.
  p = await toClient(info.world.width * 0.6, info.world.height * 0.15);
  await page.mouse.move(p.x, p.y, { steps: 5 });
  await nextFrame();
  await compare('aimed low');
  // The origin inside a box: entry at the origin, t = 0.
  await page.click('#ray-inside');
  await nextFrame();
  const inside = await compare('from inside box 1');
  assert.equal(inside.ray.startedInside, true);
  assert.equal(inside.out[0].t_enter, 0);
  await page.screenshot({ path: join(SHOTS, 'ray-inside.png') });
});

test('scale: a marquee selects among 100,000 elements, equal to the CLI, and the time is shown', async (t) => {
  await open('scale');
  await page.waitForFunction(() => window.demo.scale.count === 100000 && !window.demo.scale.building, null, { timeout: 60000 });
  const sc = await page.evaluate(() => ({ canvas: window.demo.scale.canvas, buildMs: window.demo.scale.buildMs, pairs: window.demo.scale.pairs, zoom: window.demo.scale.zoom }));
  const at = (fx, fy) => ({ x: sc.canvas.left + fx * sc.canvas.width, y: sc.canvas.top + fy * sc.canvas.height });
  await page.click('.segmented label:has(input[name="scale-mode"][value="intersects"])');
  await dragMouse(at(0.3, 0.3), at(0.45, 0.5));
  const touching = await page.evaluate(() => window.demo.scale);
  assert.equal(touching.mode, 'intersects');
  assert.ok(touching.selectedCount > 100, `selected ${touching.selectedCount}`);
  assert.ok(Number.isFinite(touching.lastQueryMs) && touching.lastQueryMs >= 0);
  assert.match(await page.textContent('#scale-time'), /^\d+(\.\d+)? ms$/);
  assert.equal(await page.textContent('#scale-selected'), touching.selectedCount.toLocaleString('en-US'));

  const shapes = await page.evaluate(() => window.demo.scale.shapes());
  assert.equal(shapes.length, 100000);
  const file = writeScene('scale.csv', shapes.map((s) => [`b${s.id}`, s]));
  const expectTouching = cliSelect(file, touching.region, 'intersects');
  assert.equal(touching.selectedCount, expectTouching.length, 'touching: the CLI selects as many');
  const ids = await page.evaluate(() => window.demo.scale.selectedIds());
  assert.deepEqual(ids.map((i) => `b${i}`).sort(), expectTouching.sort());

  await page.click('.segmented label:has(input[name="scale-mode"][value="contains"])');
  await nextFrame();
  const inside = await page.evaluate(() => window.demo.scale);
  assert.equal(inside.mode, 'contains');
  assert.equal(inside.selectedCount, cliSelect(file, inside.region, 'contains').length, 'inside: the CLI selects as many');
  assert.ok(inside.selectedCount < touching.selectedCount);

  // The index's boxes.
  await page.click('label:has(#scale-tree)');
  await nextFrame();
  await page.screenshot({ path: join(SHOTS, 'scale.png') });
  await page.click('label:has(#scale-tree)');

  // Zoom in (wheel) on an element and hover its centre: the hit test lists the same shapes, in
  // the same order (topmost first), as `collide2d hit`.
  const target = shapes[Math.floor(shapes.length / 2)];
  let c = await page.evaluate(([x, y]) => window.demo.scale.toClient(x, y), [target.x, target.y]);
  for (let i = 0; i < 6; i++) {
    await page.mouse.move(c.x, c.y);
    await page.mouse.wheel(0, -400);
    await nextFrame();
    c = await page.evaluate(([x, y]) => window.demo.scale.toClient(x, y), [target.x, target.y]);
  }
  await page.mouse.move(c.x + 0.5, c.y + 0.5);
  await page.mouse.move(c.x, c.y);
  await nextFrame();
  const hover = await page.evaluate(() => window.demo.scale.hover);
  assert.ok(Number.isFinite(hover.ms), 'the hit test was timed');
  assert.ok(hover.ids.includes(target.id), `the element under the pointer (${target.id}) is hit: ${hover.ids}`);
  const cliHit = cli('hit', file, hover.point.x, hover.point.y, '--format', 'csv').trim().split('\n').slice(1).map((l) => l.split(',')[0]);
  assert.deepEqual(hover.ids.map((i) => `b${i}`), cliHit, 'the hit list equals the CLI\'s, topmost first');
  assert.match(await page.textContent('#scale-hover'), new RegExp(`^#${hover.ids[0]}`));
  await page.screenshot({ path: join(SHOTS, 'scale-zoomed.png') });
  await page.focus('#scale-canvas');
  await page.keyboard.press('0'); // fit the whole world again
  await nextFrame();
  const zoom = await page.evaluate(() => window.demo.scale.zoom);
  assert.ok(Math.abs(zoom - sc.zoom) < 1e-9, `0 fits the world again (zoom ${zoom}, was ${sc.zoom})`);

  // Every element moving, pairs each frame: a few frames run.
  await page.click('label:has(#scale-move)');
  await page.waitForFunction(() => Number.isFinite(window.demo.scale.pairs.rebuildMs), null, { timeout: 30000 });
  await page.waitForTimeout(500);
  const moving = await page.evaluate(() => window.demo.scale.pairs);
  await page.click('label:has(#scale-move)');
  t.diagnostic(`scale (100,000): build ${sc.buildMs.toFixed(1)} ms; pairs ${sc.pairs.count} in ${sc.pairs.ms.toFixed(1)} ms; ` +
    `select touching ${touching.selectedCount} in ${touching.lastQueryMs.toFixed(3)} ms; inside ${inside.selectedCount} in ${inside.lastQueryMs.toFixed(3)} ms; ` +
    `hit test ${hover.ms.toFixed(3)} ms; moving: rebuild ${moving.rebuildMs.toFixed(1)} ms + pairs ${moving.ms.toFixed(1)} ms (${moving.count} pairs)`);
});

test('every panel: no console errors or failed requests; a screenshot of each', async () => {
  for (const panel of ['shapes', 'ray', 'editor', 'scale']) {
    await open(panel);
    await nextFrame();
    await page.screenshot({ path: join(SHOTS, `panel-${panel}.png`) });
  }
  // Any window size: a phone's, then back; nothing overflows the page sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const panel of ['shapes', 'ray', 'editor', 'scale']) {
    await open(panel);
    await nextFrame();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${panel}: no horizontal overflow at 390 px (${overflow})`);
    await page.screenshot({ path: join(SHOTS, `narrow-${panel}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // The hash remembers the panel across a reload.
  await page.goto(`${url}#editor`);
  await page.reload();
  await page.waitForFunction(() => window.demo?.ready, null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => window.demo.panel), 'editor');
  assert.equal(await page.getAttribute('#tab-editor', 'aria-selected'), 'true');
  assert.deepEqual(problems, [], 'no console errors, page errors or failed requests');
});
