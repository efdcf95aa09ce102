// Ray panel: a ray from a draggable origin, aimed with the pointer, cast with Scene.raycastAll
// through rotated boxes and other shapes: entry and exit points, entry normals, the ordered hits.
//
// Frame: world y up, a fixed 900 x 620 world shown as large as fits in the canvas (makeView).
import { fitCanvas, timed, fmtMs, fmtNum, fmtPt, tracePath, arrow, label, plainShape, makeView, COLORS, panelLife } from './common.mjs';

const TAU = Math.PI * 2;

const WORLD_W = 900, WORLD_H = 620;

function layout(c2d) {
  const w = WORLD_W, h = WORLD_H, s = 1;
  const X = (f) => f * w, Y = (f) => f * h;
  const hex = (cx, cy, r, a0) =>
    Array.from({ length: 6 }, (_, i) => [cx + r * Math.cos(a0 + (i * TAU) / 6), cy + r * Math.sin(a0 + (i * TAU) / 6)]);
  return [
    ['box 1', c2d.obb(X(0.3), Y(0.5), 130 * s, 70 * s, 0.45)],
    ['box 2', c2d.obb(X(0.5), Y(0.62), 100 * s, 150 * s, -0.3)],
    ['box 3', c2d.obb(X(0.72), Y(0.42), 160 * s, 60 * s, 1.1)],
    ['box 4', c2d.obb(X(0.55), Y(0.2), 120 * s, 50 * s, 0.15)],
    ['circle', c2d.circle(X(0.86), Y(0.7), 50 * s)],
    ['capsule', c2d.capsule(X(0.36), Y(0.82), X(0.22), Y(0.68), 20 * s)],
    ['hexagon', c2d.polygon(hex(X(0.84), Y(0.2), 48 * s, 0.2))],
    ['panel', c2d.aabb(X(0.12), Y(0.16), X(0.22), Y(0.32))],
  ];
}

export function create(c2d, demo) {
  const canvas = document.getElementById('ray-canvas');
  const ui = {
    lock: document.getElementById('ray-lock'),
    inside: document.getElementById('ray-inside'),
    enter: document.getElementById('ray-enter'),
    normal: document.getElementById('ray-normal'),
    time: document.getElementById('ray-time'),
    hits: document.getElementById('ray-hits'),
  };
  const scene = new c2d.Scene();
  let items = [];
  const view = makeView(WORLD_W, WORLD_H);
  let W = 0, H = 0;
  let origin = { x: 0, y: 0 };
  let aim = { x: 1, y: 0 };
  let hits = [];
  let ms = 0;
  let frame = 0;
  let dragOrigin = false;

  const toScreen = view.toScreen;

  function reset() {
    scene.clear();
    items = layout(c2d).map(([name, shape]) => ({ name, shape, id: scene.add(shape) }));
    origin = { x: 0.06 * WORLD_W, y: 0.55 * WORLD_H };
    aim = { x: 0.95 * WORLD_W, y: 0.45 * WORLD_H };
  }

  function direction() {
    const dx = aim.x - origin.x, dy = aim.y - origin.y;
    return dx === 0 && dy === 0 ? { x: 1, y: 0 } : { x: dx, y: dy };
  }

  function compute() {
    const d = direction();
    const ray = c2d.ray(origin.x, origin.y, d.x, d.y);
    [hits, ms] = timed(() => scene.raycastAll(ray));
  }

  function draw() {
    const { ctx } = fitCanvas(canvas);
    ctx.clearRect(0, 0, W, H);
    const hitIds = new Set(hits.map((h) => h.id));
    for (const it of items) {
      const hit = hitIds.has(it.id);
      tracePath(ctx, it.shape, toScreen);
      ctx.fillStyle = hit ? 'rgba(245, 158, 11, 0.20)' : COLORS.fill;
      ctx.fill();
      ctx.lineWidth = hit ? 2 : 1.5;
      ctx.strokeStyle = hit ? COLORS.amber : COLORS.stroke;
      ctx.stroke();
      const bb = c2d.boundingBox(it.shape);
      const [lx, ly] = toScreen((bb.minX + bb.maxX) / 2, bb.maxY);
      ctx.save();
      ctx.font = '600 11px system-ui, sans-serif';
      ctx.textAlign = 'center';
      ctx.fillStyle = hit ? '#92400e' : '#3730a3';
      ctx.fillText(it.name, lx, Math.max(12, ly - 7));
      ctx.restore();
    }
    // The ray, long enough to leave the canvas.
    const d = direction();
    const len = Math.hypot(d.x, d.y);
    const far = (2 * Math.hypot(W, H)) / view.s / len;
    const [ox, oy] = toScreen(origin.x, origin.y);
    const [fx, fy] = toScreen(origin.x + far * d.x, origin.y + far * d.y);
    ctx.save();
    ctx.strokeStyle = 'rgba(15, 23, 42, 0.55)';
    ctx.lineWidth = 1.5;
    ctx.setLineDash([6, 5]);
    ctx.beginPath();
    ctx.moveTo(ox, oy);
    ctx.lineTo(fx, fy);
    ctx.stroke();
    ctx.setLineDash([]);
    // Inside each shape hit: a solid stretch from entry to exit.
    ctx.lineWidth = 4;
    ctx.lineCap = 'round';
    for (const h of hits) {
      const [ax, ay] = toScreen(h.enter.x, h.enter.y);
      const [bx, by] = toScreen(h.exit.x, h.exit.y);
      ctx.strokeStyle = 'rgba(217, 119, 6, 0.85)';
      ctx.beginPath();
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
      ctx.stroke();
    }
    ctx.restore();
    hits.forEach((h, i) => {
      const [ax, ay] = toScreen(h.enter.x, h.enter.y);
      const [bx, by] = toScreen(h.exit.x, h.exit.y);
      if (!h.startedInside) arrow(ctx, ax, ay, h.normal.x * 30, -h.normal.y * 30, COLORS.green, 2);
      ctx.fillStyle = COLORS.green;
      ctx.beginPath();
      ctx.arc(ax, ay, 5, 0, TAU);
      ctx.fill();
      ctx.fillStyle = '#fff';
      ctx.strokeStyle = '#b91c1c';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(bx, by, 4.5, 0, TAU);
      ctx.fill();
      ctx.stroke();
      if (i === 0) {
        label(ctx, `1 · near ${fmtPt(h.enter, 1)}`, ax + 10, ay - 14, COLORS.green);
        label(ctx, `far ${fmtPt(h.exit, 1)}`, bx + 10, by + 16, '#b91c1c');
      } else {
        label(ctx, String(i + 1), ax + 8, ay - 13, COLORS.green);
      }
    });
    // Origin ring and aim point.
    ctx.fillStyle = '#fff';
    ctx.strokeStyle = COLORS.ink;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    ctx.arc(ox, oy, 9, 0, TAU);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = COLORS.ink;
    ctx.beginPath();
    ctx.arc(ox, oy, 3, 0, TAU);
    ctx.fill();
  }

  function publish() {
    const first = hits[0];
    const enterText = first ? fmtPt(first.enter) : 'no hit';
    ui.enter.textContent = enterText;
    ui.normal.textContent = first ? (first.startedInside ? 'starts inside' : fmtPt(first.normal)) : '–';
    ui.time.textContent = fmtMs(ms);
    const byId = new Map(items.map((it) => [it.id, it]));
    ui.hits.innerHTML = hits.length
      ? hits
          .map((h) => {
            const it = byId.get(h.id);
            return `<li><b>${it.name}</b>${h.startedInside ? ' <span class="inside">(origin inside)</span>' : ''}<br>t ${fmtNum(h.tEnter)} → ${fmtNum(h.tExit)}<br>in ${fmtPt(h.enter, 2)} out ${fmtPt(h.exit, 2)}<br>normal ${fmtPt(h.normal)}</li>`;
          })
          .join('')
      : '<li style="list-style:none;margin-left:-22px;color:#64748b">The ray hits nothing.</li>';
    const d = direction();
    demo.ray = {
      origin: { ...origin },
      direction: d,
      enter: first ? first.enter : null,
      exit: first ? first.exit : null,
      normal: first ? first.normal : null,
      startedInside: first ? first.startedInside : false,
      enterText,
      hits: hits.map((h) => ({ id: h.id, name: byId.get(h.id).name, tEnter: h.tEnter, tExit: h.tExit, enter: h.enter, exit: h.exit, normal: h.normal, startedInside: h.startedInside })),
      shapes: items.map((it) => ({ id: it.id, name: it.name, shape: plainShape(it.shape) })),
      lastQueryMs: ms,
    };
    demo.ray.toClient = (x, y) => {
      const r = canvas.getBoundingClientRect();
      const [sx, sy] = toScreen(x, y);
      return { x: r.left + sx, y: r.top + sy };
    };
    demo.ray.world = { width: WORLD_W, height: WORLD_H };
  }

  function render() {
    frame = 0;
    if (!life.shown()) return;
    compute();
    draw();
    publish();
  }
  const invalidate = () => {
    if (!frame) frame = requestAnimationFrame(render);
  };

  const world = (e) => {
    const r = canvas.getBoundingClientRect();
    const [x, y] = view.toWorld(e.clientX - r.left, e.clientY - r.top);
    return { x, y };
  };
  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const p = world(e);
    if (Math.hypot(p.x - origin.x, p.y - origin.y) * view.s <= 14) {
      dragOrigin = true;
      canvas.setPointerCapture(e.pointerId);
      canvas.style.cursor = 'grabbing';
      e.preventDefault();
      return;
    }
    ui.lock.checked = !ui.lock.checked;
    aim = p;
    invalidate();
  });
  canvas.addEventListener('pointermove', (e) => {
    const p = world(e);
    if (dragOrigin) {
      origin = { x: Math.min(Math.max(p.x, 0), WORLD_W), y: Math.min(Math.max(p.y, 0), WORLD_H) };
      invalidate();
      return;
    }
    canvas.style.cursor = Math.hypot(p.x - origin.x, p.y - origin.y) * view.s <= 14 ? 'grab' : 'crosshair';
    if (!ui.lock.checked) {
      aim = p;
      invalidate();
    }
  });
  const end = (e) => {
    if (!dragOrigin) return;
    dragOrigin = false;
    canvas.style.cursor = 'grab';
    if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  canvas.addEventListener('keydown', (e) => {
    const step = e.shiftKey ? 20 : 4;
    const d = direction();
    let a = Math.atan2(d.y, d.x);
    const L = Math.max(60, Math.hypot(d.x, d.y));
    if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') a += ((e.shiftKey ? 10 : 1) * Math.PI) / 180;
    else if (e.key === 'ArrowRight' || e.key === 'ArrowDown') a -= ((e.shiftKey ? 10 : 1) * Math.PI) / 180;
    else if ('wasdWASD'.includes(e.key) && e.key.length === 1) {
      const k = e.key.toLowerCase();
      const mv = { w: [0, step], s: [0, -step], a: [-step, 0], d: [step, 0] }[k];
      origin = { x: origin.x + mv[0], y: origin.y + mv[1] };
      aim = { x: aim.x + mv[0], y: aim.y + mv[1] };
      e.preventDefault();
      invalidate();
      return;
    } else return;
    e.preventDefault();
    ui.lock.checked = true;
    aim = { x: origin.x + L * Math.cos(a), y: origin.y + L * Math.sin(a) };
    invalidate();
  });
  ui.inside.addEventListener('click', () => {
    const box = items[0].shape;
    origin = { x: box.x, y: box.y };
    invalidate();
  });
  ui.lock.addEventListener('change', invalidate);

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
