// Scale panel: 10,000 to 1,000,000 seeded rotated boxes in one indexed Scene (Scene.addBoxes):
// marquee selection in both modes, hover hit tests, all overlapping pairs (once, or every frame
// with everything moving), and the broad-phase tree's boxes (Scene.indexBoxes()).
//
// Frame: world y up; the view maps world to canvas with a zoom k and a centre (cx, cy):
// screen x = (x - cx) * k + W / 2, screen y = H / 2 - (y - cy) * k.
import { fitCanvas, timed, fmtMs, fmtInt, rng, plainShape, panelLife } from './common.mjs';

const CELL = 14; // world units of side per element on average: the world is sqrt(N) * CELL wide
const DEPTH_COLORS = ['#0f172a', '#4f46e5', '#0891b2', '#059669', '#d97706', '#db2777', '#7c3aed', '#64748b'];

export function create(c2d, demo) {
  const overlay = document.getElementById('scale-canvas');
  const base = document.createElement('canvas');
  const scratch = document.createElement('canvas');
  base.setAttribute('aria-hidden', 'true');
  overlay.before(base);
  const ui = {
    size: document.getElementById('scale-size'),
    modes: [...document.querySelectorAll('input[name="scale-mode"]')],
    move: document.getElementById('scale-move'),
    tree: document.getElementById('scale-tree'),
    mark: document.getElementById('scale-mark'),
    count: document.getElementById('scale-count'),
    build: document.getElementById('scale-build'),
    selected: document.getElementById('scale-selected'),
    time: document.getElementById('scale-time'),
    hover: document.getElementById('scale-hover'),
    hoverTime: document.getElementById('scale-hover-time'),
    pairs: document.getElementById('scale-pairs'),
    pairsTime: document.getElementById('scale-pairs-time'),
  };

  let N = 0, L = 1;
  let rows = new Float64Array(0); // cx, cy, w, h, angle per element
  let vel = new Float32Array(0);
  let scene = null;
  let idToRow = new Int32Array(0);
  let rowToId = new Uint32Array(0);
  let selFlag = new Uint8Array(0);
  let pairFlag = new Uint8Array(0);
  let selectedCount = 0;
  let region = null;
  let hoverRow = -1, hoverCount = 0;
  let tree = null;
  let W = 0, H = 0;
  let cam = { cx: 0, cy: 0, k: 1 };
  let fitted = true; // the view shows the whole world (kept so on resize) until zoomed or panned
  let hoverIds = [], hoverPoint = null;
  let baseDirty = true, overlayDirty = true, frame = 0;
  let drag = null;
  let lastMoveT = 0;
  const stats = { buildMs: NaN, selectMs: NaN, hitMs: NaN, pairsMs: NaN, rebuildMs: NaN, pairs: 0, drawMs: NaN };

  const sx = (x) => (x - cam.cx) * cam.k + W / 2;
  const sy = (y) => H / 2 - (y - cam.cy) * cam.k;
  const wx = (px) => (px - W / 2) / cam.k + cam.cx;
  const wy = (py) => (H / 2 - py) / cam.k + cam.cy;

  function generate(n) {
    const r = rng(0xc011d2d ^ n);
    N = n;
    L = Math.sqrt(n) * CELL;
    rows = new Float64Array(5 * n);
    vel = new Float32Array(2 * n);
    for (let i = 0; i < n; i++) {
      rows[5 * i] = r() * L;
      rows[5 * i + 1] = r() * L;
      rows[5 * i + 2] = 3 + r() * 9;
      rows[5 * i + 3] = 2 + r() * 6;
      rows[5 * i + 4] = (r() * 2 - 1) * Math.PI;
      const a = r() * 2 * Math.PI, s = 4 + r() * 10; // world units per second
      vel[2 * i] = s * Math.cos(a);
      vel[2 * i + 1] = s * Math.sin(a);
    }
  }

  /** A new Scene from the rows (one crossing into wasm), and the id <-> row maps. */
  function index() {
    const t0 = performance.now();
    const next = new c2d.Scene();
    const ids = next.addBoxes(rows);
    next.update();
    const ms = performance.now() - t0;
    scene?.dispose();
    scene = next;
    rowToId = ids;
    let max = 0;
    for (let i = 0; i < ids.length; i++) if (ids[i] > max) max = ids[i];
    if (idToRow.length < max + 1) idToRow = new Int32Array(max + 1);
    for (let i = 0; i < ids.length; i++) idToRow[ids[i]] = i;
    tree = null;
    return ms;
  }

  function findPairs() {
    const [pairs, ms] = timed(() => scene.overlappingPairs());
    pairFlag = new Uint8Array(N);
    for (let i = 0; i < pairs.length; i++) pairFlag[idToRow[pairs[i]]] = 1;
    stats.pairs = pairs.length / 2;
    stats.pairsMs = ms;
  }

  function select() {
    selFlag = new Uint8Array(N);
    selectedCount = 0;
    if (!region) return;
    const mode = ui.modes.find((m) => m.checked).value;
    const [ids, ms] = timed(() => scene.select(c2d.aabb(region.minX, region.minY, region.maxX, region.maxY), mode));
    for (let i = 0; i < ids.length; i++) selFlag[idToRow[ids[i]]] = 1;
    selectedCount = ids.length;
    stats.selectMs = ms;
    stats.mode = mode;
  }

  function fit() {
    cam = { cx: L / 2, cy: L / 2, k: (Math.min(W, H) / L) * 0.94 };
    fitted = true;
  }

  async function rebuild(n) {
    ui.count.textContent = `building ${fmtInt(n)}…`;
    demo.scale = { ...demo.scale, count: 0, building: true };
    await new Promise((r) => setTimeout(r, 0)); // let the label paint
    generate(n);
    stats.buildMs = index();
    region = null;
    hoverRow = -1;
    select();
    findPairs();
    fit();
    baseDirty = overlayDirty = true;
    publish();
    invalidate();
  }

  // ---- drawing ------------------------------------------------------------------------------
  function drawBase() {
    const t0 = performance.now();
    const { ctx, dpr } = fitCanvas(base);
    ctx.clearRect(0, 0, W, H);
    const view = c2d.aabb(wx(0), wy(H), wx(W), wy(0));
    const ids = scene.candidates(view);
    const avg = 7.5 * cam.k; // average element size on screen, px
    const mark = ui.mark.checked || ui.move.checked;
    // The world's square, lightly tinted.
    ctx.fillStyle = 'rgba(241, 245, 249, 0.9)';
    ctx.fillRect(sx(0), sy(L), L * cam.k, L * cam.k);
    ctx.strokeStyle = '#cbd5e1';
    ctx.lineWidth = 1;
    ctx.strokeRect(sx(0), sy(L), L * cam.k, L * cam.k);
    if (avg < 2.5) {
      // Dense: one pixel per element, coloured by state, alpha by how many fall on the pixel.
      const pw = base.width, ph = base.height;
      const img = ctx.createImageData(pw, ph);
      const px = new Uint32Array(img.data.buffer);
      const cnt = new Uint8Array(pw * ph);
      const state = new Uint8Array(pw * ph);
      for (let j = 0; j < ids.length; j++) {
        const i = idToRow[ids[j]];
        const x = Math.floor(sx(rows[5 * i]) * dpr), y = Math.floor(sy(rows[5 * i + 1]) * dpr);
        if (x < 0 || y < 0 || x >= pw || y >= ph) continue;
        const p = y * pw + x;
        if (cnt[p] < 255) cnt[p]++;
        const s = selFlag[i] ? 2 : mark && pairFlag[i] ? 1 : 0;
        if (s > state[p]) state[p] = s;
      }
      // little-endian RGBA as 0xAABBGGRR: slate, red, indigo
      const rgb = [0x8b7464, 0x4444ef, 0xe5464f];
      for (let p = 0; p < cnt.length; p++) {
        if (!cnt[p]) continue;
        const s = state[p];
        const a = s === 2 ? 255 : Math.min(255, (s === 1 ? 150 : 55) + cnt[p] * 45);
        px[p] = ((a << 24) | rgb[s]) >>> 0;
      }
      // putImageData replaces pixels: draw through a scratch canvas to keep the background.
      scratch.width = pw;
      scratch.height = ph;
      scratch.getContext('2d').putImageData(img, 0, 0);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(scratch, 0, 0);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    } else {
      const paths = [new Path2D(), new Path2D(), new Path2D()];
      for (let j = 0; j < ids.length; j++) {
        const i = idToRow[ids[j]];
        const cx = rows[5 * i], cy = rows[5 * i + 1], hx = rows[5 * i + 2] / 2, hy = rows[5 * i + 3] / 2, a = rows[5 * i + 4];
        const c = Math.cos(a), s = Math.sin(a);
        const p = paths[selFlag[i] ? 2 : mark && pairFlag[i] ? 1 : 0];
        p.moveTo(sx(cx + c * -hx - s * -hy), sy(cy + s * -hx + c * -hy));
        p.lineTo(sx(cx + c * hx - s * -hy), sy(cy + s * hx + c * -hy));
        p.lineTo(sx(cx + c * hx - s * hy), sy(cy + s * hx + c * hy));
        p.lineTo(sx(cx + c * -hx - s * hy), sy(cy + s * -hx + c * hy));
        p.closePath();
      }
      const styles = [
        ['rgba(100, 116, 139, 0.30)', 'rgba(71, 85, 105, 0.85)'],
        ['rgba(239, 68, 68, 0.30)', 'rgba(220, 38, 38, 0.9)'],
        ['rgba(79, 70, 229, 0.55)', 'rgba(67, 56, 202, 1)'],
      ];
      paths.forEach((p, k) => {
        ctx.fillStyle = styles[k][0];
        ctx.fill(p);
        if (avg > 6) {
          ctx.strokeStyle = styles[k][1];
          ctx.lineWidth = 1;
          ctx.stroke(p);
        }
      });
    }
    if (ui.tree.checked) {
      if (!tree) tree = scene.indexBoxes();
      const { boxes, depths } = tree;
      const byDepth = new Map();
      for (let d = 0; d < depths.length; d++) {
        const x0 = sx(boxes[4 * d]), x1 = sx(boxes[4 * d + 2]), y0 = sy(boxes[4 * d + 3]), y1 = sy(boxes[4 * d + 1]);
        if (x1 < 0 || y1 < 0 || x0 > W || y0 > H || Math.max(x1 - x0, y1 - y0) < 28) continue;
        if (!byDepth.has(depths[d])) byDepth.set(depths[d], new Path2D());
        byDepth.get(depths[d]).rect(x0, y0, x1 - x0, y1 - y0);
      }
      for (const [d, p] of [...byDepth].sort((a, b) => b[0] - a[0])) {
        ctx.strokeStyle = DEPTH_COLORS[d % DEPTH_COLORS.length];
        ctx.globalAlpha = d === 0 ? 0.9 : Math.max(0.45, 0.9 - d * 0.12);
        ctx.lineWidth = Math.max(1, 2.5 - d * 0.5);
        ctx.stroke(p);
      }
      ctx.globalAlpha = 1;
    }
    stats.drawMs = performance.now() - t0;
    stats.visible = ids.length;
  }

  function drawOverlay() {
    const { ctx } = fitCanvas(overlay);
    ctx.clearRect(0, 0, W, H);
    if (hoverRow >= 0) {
      const i = hoverRow;
      const cx = rows[5 * i], cy = rows[5 * i + 1], hx = rows[5 * i + 2] / 2, hy = rows[5 * i + 3] / 2, a = rows[5 * i + 4];
      const c = Math.cos(a), s = Math.sin(a);
      const pts = [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]].map(([x, y]) => [sx(cx + c * x - s * y), sy(cy + s * x + c * y)]);
      ctx.beginPath();
      pts.forEach(([x, y], j) => (j ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.closePath();
      ctx.fillStyle = 'rgba(245, 158, 11, 0.5)';
      ctx.fill();
      ctx.strokeStyle = '#b45309';
      ctx.lineWidth = 2;
      ctx.stroke();
      // A ring so that it can be seen when the element is only a few pixels wide.
      if (Math.max(hx, hy) * 2 * cam.k < 12) {
        ctx.beginPath();
        ctx.arc(sx(cx), sy(cy), 9, 0, Math.PI * 2);
        ctx.stroke();
      }
    }
    if (region) {
      const x0 = sx(region.minX), x1 = sx(region.maxX), y0 = sy(region.maxY), y1 = sy(region.minY);
      ctx.fillStyle = 'rgba(79, 70, 229, 0.08)';
      ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
      ctx.strokeStyle = '#4f46e5';
      ctx.lineWidth = 1.5;
      if (stats.mode === 'intersects') ctx.setLineDash([6, 4]);
      ctx.strokeRect(x0, y0, x1 - x0, y1 - y0);
      ctx.setLineDash([]);
    }
  }

  function publish() {
    ui.count.textContent = fmtInt(N);
    ui.build.textContent = fmtMs(stats.buildMs);
    ui.selected.textContent = region ? fmtInt(selectedCount) : '–';
    ui.time.textContent = region ? fmtMs(stats.selectMs) : '–';
    ui.hover.textContent = hoverRow >= 0 ? `#${rowToId[hoverRow]}${hoverCount > 1 ? ` (+${hoverCount - 1} below)` : ''}` : '–';
    ui.hoverTime.textContent = fmtMs(stats.hitMs);
    ui.pairs.textContent = fmtInt(stats.pairs);
    ui.pairsTime.textContent = ui.move.checked ? `${fmtMs(stats.pairsMs)} + rebuild ${fmtMs(stats.rebuildMs)}` : fmtMs(stats.pairsMs);
    const r = overlay.getBoundingClientRect();
    demo.scale = {
      count: N,
      building: false,
      buildMs: stats.buildMs,
      lastQueryMs: stats.selectMs,
      selectedCount: region ? selectedCount : 0,
      mode: stats.mode ?? null,
      region: region && { ...region },
      hover: { id: hoverRow >= 0 ? rowToId[hoverRow] : null, count: hoverCount, ms: stats.hitMs, point: hoverPoint, ids: hoverIds },
      pairs: { count: stats.pairs, ms: stats.pairsMs, rebuildMs: stats.rebuildMs },
      drawMs: stats.drawMs,
      visible: stats.visible,
      moving: ui.move.checked,
      canvas: { left: r.left, top: r.top, width: W, height: H },
      /** The scene's shapes as the library holds them (exact cos/sin), for the tests. */
      shapes: () => Array.from(rowToId, (id) => ({ id, ...plainShape(scene.shape(id)) })),
      selectedIds: () => Array.from(rowToId).filter((_, i) => selFlag[i]),
      stats: () => scene.stats(),
      /** World point to client (CSS px) coordinates, and the view's zoom (px per world unit). */
      toClient: (x, y) => {
        const r = overlay.getBoundingClientRect();
        return { x: r.left + sx(x), y: r.top + sy(y) };
      },
      zoom: cam.k,
    };
  }

  function render(now) {
    frame = 0;
    if (!life.shown() || !scene) return;
    if (ui.move.checked && !drag) {
      const dt = lastMoveT ? Math.min(0.1, (now - lastMoveT) / 1000) : 0;
      lastMoveT = now;
      for (let i = 0; i < N; i++) {
        let x = rows[5 * i] + vel[2 * i] * dt, y = rows[5 * i + 1] + vel[2 * i + 1] * dt;
        if (x < 0 || x > L) { vel[2 * i] = -vel[2 * i]; x = Math.min(Math.max(x, 0), L); }
        if (y < 0 || y > L) { vel[2 * i + 1] = -vel[2 * i + 1]; y = Math.min(Math.max(y, 0), L); }
        rows[5 * i] = x;
        rows[5 * i + 1] = y;
      }
      stats.rebuildMs = index();
      findPairs();
      if (region) select();
      hoverRow = -1;
      baseDirty = overlayDirty = true;
    } else {
      lastMoveT = 0;
    }
    if (baseDirty) drawBase();
    if (overlayDirty) drawOverlay();
    baseDirty = overlayDirty = false;
    publish();
    if (ui.move.checked) invalidate();
  }
  function invalidate() {
    if (!frame) frame = requestAnimationFrame(render);
  }

  // ---- input --------------------------------------------------------------------------------
  const local = (e) => {
    const r = overlay.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  overlay.addEventListener('contextmenu', (e) => e.preventDefault());
  overlay.addEventListener('pointerdown', (e) => {
    if (!scene) return;
    e.preventDefault();
    overlay.focus({ preventScroll: true });
    overlay.setPointerCapture(e.pointerId);
    const p = local(e);
    if (e.button === 2 || e.button === 1 || e.shiftKey) {
      drag = { pan: true, last: p };
      overlay.style.cursor = 'grabbing';
    } else if (e.button === 0) {
      drag = { pan: false, start: { x: wx(p.x), y: wy(p.y) } };
      hoverRow = -1;
    }
  });
  overlay.addEventListener('pointermove', (e) => {
    if (!scene) return;
    const p = local(e);
    if (drag?.pan) {
      cam.cx -= (p.x - drag.last.x) / cam.k;
      cam.cy += (p.y - drag.last.y) / cam.k;
      fitted = false;
      drag.last = p;
      baseDirty = overlayDirty = true;
      invalidate();
      return;
    }
    if (drag) {
      const x = wx(p.x), y = wy(p.y);
      region = { minX: Math.min(drag.start.x, x), minY: Math.min(drag.start.y, y), maxX: Math.max(drag.start.x, x), maxY: Math.max(drag.start.y, y) };
      select();
      baseDirty = overlayDirty = true;
      invalidate();
      return;
    }
    // Hover: every element under the pointer, topmost first.
    const hx = wx(p.x), hy = wy(p.y);
    const [ids, ms] = timed(() => scene.hitTest(hx, hy));
    stats.hitMs = ms;
    hoverPoint = { x: hx, y: hy };
    hoverIds = Array.from(ids);
    hoverCount = ids.length;
    const row = ids.length ? idToRow[ids[0]] : -1;
    if (row !== hoverRow) overlayDirty = true;
    hoverRow = row;
    invalidate();
  });
  const end = (e) => {
    if (!drag) return;
    if (!drag.pan) {
      const p = local(e);
      const x = wx(p.x), y = wy(p.y);
      if (Math.abs(x - drag.start.x) * cam.k < 2 && Math.abs(y - drag.start.y) * cam.k < 2) region = null;
      select();
      baseDirty = overlayDirty = true;
    }
    drag = null;
    overlay.style.cursor = '';
    if (overlay.hasPointerCapture(e.pointerId)) overlay.releasePointerCapture(e.pointerId);
    invalidate();
  };
  overlay.addEventListener('pointerup', end);
  overlay.addEventListener('pointercancel', end);
  overlay.addEventListener('pointerleave', () => {
    if (!drag && hoverRow >= 0) {
      hoverRow = -1;
      overlayDirty = true;
      invalidate();
    }
  });
  overlay.addEventListener('wheel', (e) => {
    e.preventDefault();
    const p = local(e);
    const x = wx(p.x), y = wy(p.y);
    const f = Math.exp(-e.deltaY * 0.0015);
    cam.k = Math.min(Math.max(cam.k * f, (Math.min(W, H) / L) * 0.2), 200);
    cam.cx = x - (p.x - W / 2) / cam.k;
    cam.cy = y + (p.y - H / 2) / cam.k;
    fitted = false;
    baseDirty = overlayDirty = true;
    invalidate();
  }, { passive: false });
  overlay.addEventListener('keydown', (e) => {
    const step = 60 / cam.k;
    const act = {
      ArrowLeft: () => (cam.cx -= step), ArrowRight: () => (cam.cx += step),
      ArrowUp: () => (cam.cy += step), ArrowDown: () => (cam.cy -= step),
      '+': () => (cam.k *= 1.25), '=': () => (cam.k *= 1.25), '-': () => (cam.k /= 1.25), '0': fit,
    }[e.key];
    if (!act) return;
    e.preventDefault();
    act();
    if (e.key !== '0') fitted = false;
    baseDirty = overlayDirty = true;
    invalidate();
  });
  ui.size.addEventListener('change', () => rebuild(Number(ui.size.value)));
  for (const m of ui.modes) m.addEventListener('change', () => {
    select();
    baseDirty = overlayDirty = true;
    invalidate();
  });
  ui.mark.addEventListener('change', () => {
    baseDirty = true;
    invalidate();
  });
  ui.tree.addEventListener('change', () => {
    baseDirty = true;
    invalidate();
  });
  ui.move.addEventListener('change', () => {
    if (!ui.move.checked) {
      findPairs();
      baseDirty = true;
    }
    invalidate();
  });

  const life = panelLife(overlay, {
    onSize(width, height) {
      const first = W === 0;
      W = width;
      H = height;
      if ((first || fitted) && N) fit();
      baseDirty = overlayDirty = true;
      invalidate();
    },
    async onShow(width, height) {
      W = width;
      H = height;
      if (!scene) await rebuild(Number(ui.size.value));
      baseDirty = overlayDirty = true;
      render(performance.now());
    },
  });
  return { show: life.show, hide: life.hide };
}
