// Shapes panel: rotated boxes, circles, a capsule, a rounded box and convex polygons to drag and turn. Every shape
// that overlaps (or touches) another is red; contacts (c2d.collide) and closest points
// (c2d.distance) are drawn on request.
//
// Frame: world y up, a fixed 900 x 620 world shown as large as fits in the canvas (makeView);
// angles are the library's: radians, counter-clockwise.
import { fitCanvas, timed, fmtMs, fmtNum, tracePath, arrow, label, plainShape, makeView, COLORS, panelLife } from './common.mjs';

const TAU = Math.PI * 2;

const WORLD_W = 900, WORLD_H = 620;

function layout() {
  const w = WORLD_W, h = WORLD_H, s = 1;
  const at = (fx, fy) => ({ x: fx * w, y: fy * h });
  return [
    { name: 'box A', kind: 'obb', ...at(0.2, 0.66), w: 170 * s, h: 80 * s, angle: 0.35 },
    { name: 'box B', kind: 'obb', ...at(0.58, 0.72), w: 150 * s, h: 70 * s, angle: -0.5 },
    { name: 'box C', kind: 'obb', ...at(0.84, 0.36), w: 110 * s, h: 110 * s, angle: 0.2 },
    { name: 'circle', kind: 'circle', ...at(0.13, 0.24), r: 52 * s },
    { name: 'ball', kind: 'circle', ...at(0.86, 0.8), r: 38 * s },
    { name: 'capsule', kind: 'capsule', ...at(0.58, 0.28), len: 130 * s, r: 26 * s, angle: 0.6 },
    { name: 'rounded box', kind: 'rounded_box', ...at(0.83, 0.59), w: 100 * s, h: 22 * s, r: 24 * s, angle: 0.25 },
    { name: 'hexagon', kind: 'polygon', ...at(0.35, 0.33), angle: 0.1,
      local: Array.from({ length: 6 }, (_, i) => [58 * s * Math.cos((i * TAU) / 6), 58 * s * Math.sin((i * TAU) / 6)]) },
    { name: 'triangle', kind: 'polygon', ...at(0.39, 0.8), angle: -0.3,
      local: [[-48 * s, -34 * s], [52 * s, -26 * s], [-6 * s, 50 * s]] },
  ];
}

export function create(c2d, demo) {
  const canvas = document.getElementById('shapes-canvas');
  const focusLayer = document.getElementById('shapes-focus');
  const ui = {
    contacts: document.getElementById('shapes-contacts'),
    distance: document.getElementById('shapes-distance'),
    spin: document.getElementById('shapes-spin'),
    reset: document.getElementById('shapes-reset'),
    pairs: document.getElementById('shapes-pairs'),
    time: document.getElementById('shapes-time'),
    detail: document.getElementById('shapes-detail'),
  };
  const scene = new c2d.Scene();
  let items = [];
  const view = makeView(WORLD_W, WORLD_H);
  let W = 0, H = 0;
  let selected = -1;
  let hover = -1;
  let zTop = 0;
  let frame = 0;
  let spinLast = 0;
  let result = { pairs: new Uint32Array(0), overlapping: new Set(), pairsMs: 0, contacts: [], dists: [], extraMs: 0 };

  const toScreen = view.toScreen;
  const toWorld = view.toWorld;

  function build(it) {
    const c = Math.cos(it.angle ?? 0), s = Math.sin(it.angle ?? 0);
    switch (it.kind) {
      case 'obb': return c2d.obb(it.x, it.y, it.w, it.h, it.angle);
      case 'circle': return c2d.circle(it.x, it.y, it.r);
      case 'capsule': {
        const hx = (c * it.len) / 2, hy = (s * it.len) / 2;
        return c2d.capsule(it.x - hx, it.y - hy, it.x + hx, it.y + hy, it.r);
      }
      case 'rounded_box': return c2d.roundedBox(it.x, it.y, it.w, it.h, it.angle, it.r);
      case 'polygon':
        return c2d.polygon(it.local.map(([px, py]) => [it.x + c * px - s * py, it.y + s * px + c * py]));
      default: throw new Error(it.kind);
    }
  }
  function reach(it) {
    // Distance from the centre to the rotation handle (along the shape's own x axis).
    if (it.kind === 'obb') return it.w / 2 + 26;
    if (it.kind === 'capsule') return it.len / 2 + it.r + 22;
    if (it.kind === 'rounded_box') return it.w / 2 + it.r + 22;
    if (it.kind === 'polygon') return Math.max(...it.local.map(([x, y]) => Math.hypot(x, y))) + 22;
    return null;
  }
  function handle(it) {
    const r = reach(it);
    if (r === null) return null;
    return [it.x + r * Math.cos(it.angle), it.y + r * Math.sin(it.angle)];
  }

  function reset() {
    scene.clear();
    items = layout().map((it) => ({ ...it, angle: it.angle ?? 0 }));
    focusLayer.replaceChildren();
    for (const it of items) {
      it.shape = build(it);
      it.id = scene.add(it.shape);
      it.z = 0;
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = it.name;
      b.setAttribute('aria-label', `${it.name}: arrows move, Q and E rotate`);
      b.addEventListener('focus', () => { selected = items.indexOf(it); invalidate(); });
      b.addEventListener('keydown', (e) => onKey(e, it));
      it.button = b;
      focusLayer.append(b);
    }
    selected = -1;
    zTop = 0;
    invalidate();
  }

  function update(it) {
    it.shape = build(it);
    scene.move(it.id, it.shape);
  }

  function raise(it) {
    it.z = ++zTop;
    scene.setZ(it.id, it.z);
  }

  function compute() {
    const [pairs, pairsMs] = timed(() => scene.overlappingPairs());
    const overlapping = new Set(pairs);
    const byId = new Map(items.map((it) => [it.id, it]));
    const contacts = [], dists = [];
    const t0 = performance.now();
    if (ui.contacts.checked) {
      for (let i = 0; i < pairs.length; i += 2) {
        const a = byId.get(pairs[i]), b = byId.get(pairs[i + 1]);
        contacts.push({ a, b, m: c2d.collide(a.shape, b.shape) });
      }
    }
    if (ui.distance.checked) {
      const focus = items[selected] ?? null;
      const list = focus ? items.filter((it) => it !== focus).map((it) => [focus, it]) : [];
      for (const [a, b] of list) {
        if (overlapping.has(a.id) && overlapping.has(b.id) && c2d.overlaps(a.shape, b.shape)) continue;
        dists.push({ a, b, d: c2d.distance(a.shape, b.shape) });
      }
    }
    const extraMs = performance.now() - t0;
    // Draw and list the four nearest only: enough to read, not a thicket of lines.
    dists.sort((p, q) => p.d.distance - q.d.distance).splice(4);
    result = { pairs, overlapping, pairsMs, contacts, dists, extraMs };
  }

  function draw() {
    const { ctx } = fitCanvas(canvas);
    ctx.clearRect(0, 0, W, H);
    const order = [...items].sort((a, b) => a.z - b.z || a.id - b.id);
    for (const it of order) {
      const hit = result.overlapping.has(it.id);
      tracePath(ctx, it.shape, toScreen);
      ctx.fillStyle = hit ? COLORS.hitFill : COLORS.fill;
      ctx.fill();
      ctx.lineWidth = items[selected] === it || items[hover] === it ? 2.5 : 1.5;
      ctx.lineJoin = 'round';
      ctx.strokeStyle = hit ? COLORS.hitStroke : COLORS.stroke;
      ctx.stroke();
    }
    // Rotation handle of the selected (or hovered) shape.
    const active = items[selected] ?? items[hover];
    if (active) {
      const h = handle(active);
      if (h) {
        const [cx, cy] = toScreen(active.x, active.y);
        const [hx, hy] = toScreen(...h);
        ctx.save();
        ctx.setLineDash([4, 4]);
        ctx.strokeStyle = COLORS.muted;
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(cx, cy);
        ctx.lineTo(hx, hy);
        ctx.stroke();
        ctx.setLineDash([]);
        ctx.fillStyle = '#fff';
        ctx.strokeStyle = COLORS.accent;
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(hx, hy, 7, 0, TAU);
        ctx.fill();
        ctx.stroke();
        ctx.restore();
      }
    }
    // Contacts: points, normal from a to b, depth.
    for (const { m } of result.contacts) {
      for (const p of m.points) {
        const [sx, sy] = toScreen(p.point.x, p.point.y);
        arrow(ctx, sx, sy, m.normal.x * 34, -m.normal.y * 34, COLORS.ink, 2);
        ctx.fillStyle = COLORS.ink;
        ctx.beginPath();
        ctx.arc(sx, sy, 4, 0, TAU);
        ctx.fill();
        label(ctx, `depth ${fmtNum(p.depth, 1)}`, sx + 8, sy + 14);
      }
    }
    // Closest points when apart.
    for (const { d } of result.dists) {
      const [ax, ay] = toScreen(d.pointA.x, d.pointA.y);
      const [bx, by] = toScreen(d.pointB.x, d.pointB.y);
      ctx.save();
      ctx.strokeStyle = COLORS.green;
      ctx.fillStyle = COLORS.green;
      ctx.lineWidth = 1.5;
      ctx.setLineDash([5, 4]);
      ctx.beginPath();
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
      ctx.stroke();
      ctx.setLineDash([]);
      for (const [x, y] of [[ax, ay], [bx, by]]) {
        ctx.beginPath();
        ctx.arc(x, y, 3.5, 0, TAU);
        ctx.fill();
      }
      ctx.restore();
      label(ctx, fmtNum(d.distance, 1), (ax + bx) / 2, (ay + by) / 2, COLORS.green, 'center');
    }
    // Names.
    for (const it of items) {
      const [sx, sy] = toScreen(it.x, it.y);
      ctx.save();
      ctx.font = '600 11px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.fillStyle = result.overlapping.has(it.id) ? '#7f1d1d' : '#3730a3';
      const bb = c2d.boundingBox(it.shape);
      const top = toScreen(0, bb.maxY)[1], bottom = toScreen(0, bb.minY)[1];
      ctx.fillText(it.name, sx, top - 8 < 12 ? bottom + 16 : top - 8);
      ctx.restore();
      it.button.style.left = `${sx}px`;
      it.button.style.top = `${sy}px`;
    }
  }

  function publish() {
    const n = result.pairs.length / 2;
    ui.pairs.textContent = String(n);
    ui.time.textContent = fmtMs(result.pairsMs);
    const lines = [];
    for (let i = 0; i < result.pairs.length; i += 2) {
      const a = items.find((it) => it.id === result.pairs[i]), b = items.find((it) => it.id === result.pairs[i + 1]);
      lines.push(`<p><span class="swatch" style="background:${COLORS.hitStroke}"></span>${a.name} × ${b.name}</p>`);
    }
    if (result.dists.length) {
      lines.push(`<p style="margin-top:8px;color:${COLORS.green}">closest from ${items[selected].name}:</p>`);
      for (const { b, d } of result.dists) {
        lines.push(`<p>→ ${b.name}: ${fmtNum(d.distance, 2)}</p>`);
      }
    }
    if (result.contacts.length || result.dists.length) lines.push(`<p style="color:#64748b">collide / distance: ${fmtMs(result.extraMs)}</p>`);
    ui.detail.innerHTML = lines.join('') || '<p style="color:#64748b">No shape overlaps another.</p>';
    const r = canvas.getBoundingClientRect();
    demo.shapes = items.map((it) => ({
      id: it.id,
      name: it.name,
      kind: it.kind,
      overlapping: result.overlapping.has(it.id),
      shape: plainShape(it.shape),
      world: { x: it.x, y: it.y, angle: it.angle ?? 0 },
      /** Distance from the centre to the rotation handle (world units), null for circles. */
      handleReach: reach(it),
      client: { x: r.left + toScreen(it.x, it.y)[0], y: r.top + toScreen(it.x, it.y)[1] },
    }));
    demo.shapesPanel = {
      pairs: Array.from(result.pairs),
      lastQueryMs: result.pairsMs,
      contacts: result.contacts.map(({ a, b, m }) => ({ a: a.id, b: b.id, normal: m.normal, points: m.points })),
      distances: result.dists.map(({ a, b, d }) => ({ a: a.id, b: b.id, ...d })),
      selected: items[selected]?.id ?? null,
      /** World point to client (CSS px) coordinates. */
      toClient: (x, y) => {
        const b = canvas.getBoundingClientRect();
        const [sx, sy] = toScreen(x, y);
        return { x: b.left + sx, y: b.top + sy };
      },
    };
  }

  function render() {
    frame = 0;
    if (!life.shown()) return;
    const now = performance.now();
    if (ui.spin.checked) {
      const dt = spinLast ? Math.min(0.05, (now - spinLast) / 1000) : 0;
      items.forEach((it, i) => {
        if (it.kind !== 'obb' || drag?.it === it) return;
        it.angle = (it.angle + dt * (i % 2 ? -0.9 : 0.7)) % TAU;
        update(it);
      });
      spinLast = now;
    } else {
      spinLast = 0;
    }
    compute();
    draw();
    publish();
    if (ui.spin.checked) invalidate();
  }
  function invalidate() {
    if (!frame) frame = requestAnimationFrame(render);
  }

  // Pointer: drag a shape, or turn it by its handle.
  let drag = null;
  const pointerWorld = (e) => {
    const r = canvas.getBoundingClientRect();
    return toWorld(e.clientX - r.left, e.clientY - r.top);
  };
  function pick(x, y) {
    const active = items[selected] ?? items[hover];
    const h = active && handle(active);
    if (h && Math.hypot(h[0] - x, h[1] - y) * view.s <= 11) return { it: active, mode: 'rotate' };
    const ids = scene.hitTest(x, y);
    if (!ids.length) return null;
    return { it: items.find((it) => it.id === ids[0]), mode: 'move' };
  }
  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const [x, y] = pointerWorld(e);
    const p = pick(x, y);
    if (!p) {
      selected = -1;
      invalidate();
      return;
    }
    e.preventDefault();
    canvas.setPointerCapture(e.pointerId);
    selected = items.indexOf(p.it);
    raise(p.it);
    drag = { ...p, dx: p.it.x - x, dy: p.it.y - y };
    canvas.style.cursor = 'grabbing';
    invalidate();
  });
  canvas.addEventListener('pointermove', (e) => {
    const [x, y] = pointerWorld(e);
    if (drag) {
      const it = drag.it;
      if (drag.mode === 'move') {
        it.x = Math.min(Math.max(x + drag.dx, 0), WORLD_W);
        it.y = Math.min(Math.max(y + drag.dy, 0), WORLD_H);
      } else {
        it.angle = Math.atan2(y - it.y, x - it.x); // the handle sits on the shape's own x axis
      }
      update(it);
      invalidate();
      return;
    }
    const p = pick(x, y);
    const h = p ? items.indexOf(p.it) : -1;
    canvas.style.cursor = p ? (p.mode === 'rotate' ? 'alias' : 'grab') : 'default';
    if (h !== hover) {
      hover = h;
      invalidate();
    }
  });
  const end = (e) => {
    if (!drag) return;
    drag = null;
    canvas.style.cursor = 'grab';
    if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
    invalidate();
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  canvas.addEventListener('wheel', (e) => {
    const [x, y] = pointerWorld(e);
    const ids = scene.hitTest(x, y);
    if (!ids.length) return;
    e.preventDefault();
    const it = items.find((i) => i.id === ids[0]);
    it.angle += -Math.sign(e.deltaY) * Math.min(0.25, Math.abs(e.deltaY) * 0.002 + 0.03);
    update(it);
    invalidate();
  }, { passive: false });

  function onKey(e, it) {
    const step = e.shiftKey ? 20 : 4;
    const turn = (e.shiftKey ? 15 : 3) * (Math.PI / 180);
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (moves[e.key]) {
      it.x = Math.min(Math.max(it.x + moves[e.key][0], 0), WORLD_W);
      it.y = Math.min(Math.max(it.y + moves[e.key][1], 0), WORLD_H);
    } else if (e.key === 'q' || e.key === 'Q') {
      it.angle += turn; // counter-clockwise
    } else if (e.key === 'e' || e.key === 'E' || e.key === 'r' || e.key === 'R') {
      it.angle -= turn; // clockwise
    } else {
      return;
    }
    e.preventDefault();
    raise(it);
    update(it);
    invalidate();
  }

  for (const el of [ui.contacts, ui.distance, ui.spin]) el.addEventListener('change', invalidate);
  ui.reset.addEventListener('click', reset);

  const life = panelLife(canvas, {
    onSize(width, height) {
      W = width;
      H = height;
      view.resize(W, H);
      invalidate();
    },
    onShow(width, height) {
      W = width;
      H = height;
      view.resize(W, H);
      if (!items.length) reset();
      render();
    },
  });
  return { show: life.show, hide: life.hide };
}
