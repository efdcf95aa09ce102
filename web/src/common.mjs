// Helpers shared by the panels: canvas sizing, timing, number formatting, a seeded generator.

/** Sizes a canvas's backing store to its CSS box times devicePixelRatio; returns {w, h, dpr}. */
export function fitCanvas(canvas) {
  const dpr = Math.min(window.devicePixelRatio || 1, 3);
  const r = canvas.getBoundingClientRect();
  const w = Math.max(1, Math.round(r.width)), h = Math.max(1, Math.round(r.height));
  if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
  }
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  return { w, h, dpr, ctx };
}

/** Runs fn and returns [its result, milliseconds]. */
export function timed(fn) {
  const t0 = performance.now();
  const r = fn();
  return [r, performance.now() - t0];
}

/** "0.042 ms", "3.41 ms", "120 ms": three significant digits at most, always in ms. */
export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return '–';
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  return `${ms.toFixed(3)} ms`;
}

export const fmtInt = (n) => n.toLocaleString('en-US');
/** Fixed decimals, with -0 shown as 0. */
export const fmtNum = (x, d = 3) => (Object.is(Number(x.toFixed(d)), -0) ? (0).toFixed(d) : x.toFixed(d));
export const fmtPt = (p, d = 3) => `(${fmtNum(p.x, d)}, ${fmtNum(p.y, d)})`;

/** mulberry32: a small seeded generator of uniform doubles in [0, 1). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plain-object copy of a collide2d shape (typed arrays as arrays), for window.demo and tests. */
export function plainShape(s) {
  const o = {};
  for (const k of Object.keys(s)) o[k] = ArrayBuffer.isView(s[k]) ? Array.from(s[k]) : s[k];
  return o;
}

/** Traces a collide2d shape as a path, through `map` (world -> screen [x, y]). */
export function tracePath(ctx, s, map) {
  ctx.beginPath();
  const poly = (pts) => {
    pts.forEach(([x, y], i) => {
      const [sx, sy] = map(x, y);
      if (i === 0) ctx.moveTo(sx, sy);
      else ctx.lineTo(sx, sy);
    });
    ctx.closePath();
  };
  switch (s.kind) {
    case 'obb':
      poly(obbCorners(s));
      break;
    case 'aabb':
      poly([[s.minX, s.minY], [s.maxX, s.minY], [s.maxX, s.maxY], [s.minX, s.maxY]]);
      break;
    case 'polygon': {
      const pts = [];
      for (let i = 0; i < s.vertices.length; i += 2) pts.push([s.vertices[i], s.vertices[i + 1]]);
      poly(pts);
      break;
    }
    case 'circle': {
      const pts = [];
      for (let i = 0; i < 96; i++) {
        const a = (i / 96) * 2 * Math.PI;
        pts.push([s.x + s.radius * Math.cos(a), s.y + s.radius * Math.sin(a)]);
      }
      poly(pts);
      break;
    }
    case 'rounded_polygon': {
      // The core's edges moved out by the radius, joined by an arc at each vertex from the normal
      // of the edge before to the normal of the edge after (counter-clockwise, the core's order).
      const n = s.vertices.length / 2;
      const pts = [];
      for (let i = 0; i < n; i++) {
        const j = (i + n - 1) % n;
        const a0 = Math.atan2(s.normals[2 * j + 1], s.normals[2 * j]);
        let a1 = Math.atan2(s.normals[2 * i + 1], s.normals[2 * i]);
        if (a1 < a0) a1 += 2 * Math.PI;
        const steps = Math.max(2, Math.ceil(((a1 - a0) / Math.PI) * 24));
        for (let k = 0; k <= steps; k++) {
          const t = a0 + ((a1 - a0) * k) / steps;
          pts.push([s.vertices[2 * i] + s.radius * Math.cos(t), s.vertices[2 * i + 1] + s.radius * Math.sin(t)]);
        }
      }
      poly(pts);
      break;
    }
    case 'capsule': {
      const a = Math.atan2(s.by - s.ay, s.bx - s.ax);
      const pts = [];
      for (let i = 0; i <= 48; i++) {
        const t = a - Math.PI / 2 + (i / 48) * Math.PI;
        pts.push([s.bx + s.radius * Math.cos(t), s.by + s.radius * Math.sin(t)]);
      }
      for (let i = 0; i <= 48; i++) {
        const t = a + Math.PI / 2 + (i / 48) * Math.PI;
        pts.push([s.ax + s.radius * Math.cos(t), s.ay + s.radius * Math.sin(t)]);
      }
      poly(pts);
      break;
    }
    default:
      break;
  }
}

export function obbCorners(s) {
  const hx = s.width / 2, hy = s.height / 2, c = s.cos, n = s.sin;
  return [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]].map(([x, y]) => [s.x + c * x - n * y, s.y + n * x + c * y]);
}

/** Draws an arrow from (x, y) along (dx, dy) (screen units). */
export function arrow(ctx, x, y, dx, dy, color, width = 2) {
  const len = Math.hypot(dx, dy);
  if (len < 1e-9) return;
  const ux = dx / len, uy = dy / len, hx = x + dx, hy = y + dy, head = Math.min(9, len * 0.45);
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(hx - ux * head * 0.6, hy - uy * head * 0.6);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(hx, hy);
  ctx.lineTo(hx - ux * head - uy * head * 0.5, hy - uy * head + ux * head * 0.5);
  ctx.lineTo(hx - ux * head + uy * head * 0.5, hy - uy * head - ux * head * 0.5);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** A label with a soft white pill behind it. */
export function label(ctx, text, x, y, color = '#0f172a', align = 'left') {
  ctx.save();
  ctx.font = '600 11.5px ui-monospace, Menlo, Consolas, "DejaVu Sans Mono", monospace';
  const w = ctx.measureText(text).width;
  const bx = align === 'center' ? x - w / 2 - 5 : x - 5;
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.beginPath();
  ctx.roundRect(bx, y - 9, w + 10, 18, 9);
  ctx.fill();
  ctx.fillStyle = color;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(text, bx + 5, y);
  ctx.restore();
}

export const COLORS = {
  ink: '#0f172a',
  muted: '#64748b',
  accent: '#4f46e5',
  fill: 'rgba(79, 70, 229, 0.16)',
  stroke: '#4f46e5',
  hitFill: 'rgba(239, 68, 68, 0.55)',
  hitStroke: '#dc2626',
  green: '#059669',
  amber: '#d97706',
};

/**
 * A fixed world rectangle [0, ww] x [0, wh] (y up) shown as large as fits in a W x H canvas (CSS
 * px), centred: the panels keep their shapes in world units, so any window size shows the same
 * scene, scaled.
 */
export function makeView(ww, wh) {
  const v = {
    ww, wh, s: 1, ox: 0, oy: 0, W: 0, H: 0,
    resize(W, H) {
      v.W = W;
      v.H = H;
      v.s = Math.min(W / ww, H / wh);
      v.ox = (W - ww * v.s) / 2;
      v.oy = (H - wh * v.s) / 2;
    },
    toScreen: (x, y) => [v.ox + x * v.s, v.oy + (wh - y) * v.s],
    toWorld: (sx, sy) => [(sx - v.ox) / v.s, wh - (sy - v.oy) / v.s],
  };
  return v;
}

// The show/hide life of a panel drawn on one element: while shown it follows the element's size
// (onSize(width, height)); show() waits two frames for the layout, then calls
// onShow(width, height). `shown()` tells the panel's render loop whether to draw.
export function panelLife(element, { onSize, onShow }) {
  let visible = false;
  const ro = new ResizeObserver(() => {
    const r = element.getBoundingClientRect();
    if (r.width && r.height) onSize(r.width, r.height);
  });
  return {
    shown: () => visible,
    async show() {
      visible = true;
      ro.observe(element);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const r = element.getBoundingClientRect();
      await onShow(r.width, r.height);
    },
    hide() {
      visible = false;
      ro.unobserve(element);
    },
  };
}
