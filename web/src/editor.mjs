// Editor marquee panel: a few hundred real DOM elements rotated with CSS `transform: rotate()`,
// read back from the DOM and selected by a marquee, or by a freehand lasso (c2d.lasso: the path
// as drawn, filled by the nonzero winding rule), with Scene.select.
//
// Reading an element (the article's form): for a rotated element, the centre of its
// getBoundingClientRect() is the element's centre, and its own width and height are offsetWidth and
// offsetHeight (the bounding rect is the rotated box's axis-aligned hull, larger than the element).
//
// Frames: the DOM is y-down and CSS rotate(+a) turns clockwise on screen. We FLIP Y and NEGATE THE
// ANGLE together: world (x, y) = (left, -top) relative to the board, world angle = -(CSS angle).
// Then the world is y-up with counter-clockwise angles, like the library and the other panels.
// (Flipping only one of the two would mirror the boxes.)
import { timed, fmtMs, fmtInt, rng } from './common.mjs';

const COUNT = 300;

export function create(c2d, demo) {
  const board = document.getElementById('editor-board');
  const marqueeEl = document.getElementById('editor-marquee');
  const lassoEl = document.getElementById('editor-lasso');
  const ui = {
    count: document.getElementById('editor-count'),
    total: document.getElementById('editor-total'),
    time: document.getElementById('editor-time'),
    build: document.getElementById('editor-build'),
    note: document.getElementById('editor-mode-note'),
    shuffle: document.getElementById('editor-shuffle'),
    modes: [...document.querySelectorAll('input[name="editor-mode"]')],
    tools: [...document.querySelectorAll('input[name="editor-tool"]')],
  };
  let scene = null;
  let elements = [];
  let idToIndex = new Map();
  let shapes = []; // world Obb per element index
  let selected = new Set();
  let seed = 7;
  let drag = null;
  let lastQueryMs = NaN;
  let region = null; // the marquee, world box
  let lasso = null; // or the lasso, world points [x0, y0, x1, y1, ...]
  let effectiveMode = 'intersects';

  function populate() {
    const r = rng(seed);
    // Element sizes follow the board's width when the layout is made (a phone gets smaller ones).
    const k = Math.min(1, Math.max(0.45, board.getBoundingClientRect().width / 900));
    board.replaceChildren();
    elements = [];
    for (let i = 0; i < COUNT; i++) {
      const el = document.createElement('div');
      el.className = 'el';
      const w = Math.round((24 + r() * 56) * k), h = Math.round((14 + r() * 36) * k);
      const angle = Math.round((r() * 360 - 180) * 10) / 10; // CSS degrees, clockwise on screen
      el.style.left = `calc(${(3 + r() * 94).toFixed(2)}% - ${w / 2}px)`;
      el.style.top = `calc(${(4 + r() * 92).toFixed(2)}% - ${h / 2}px)`;
      el.style.width = `${w}px`;
      el.style.height = `${h}px`;
      el.style.transform = `rotate(${angle}deg)`;
      el.dataset.angle = String(angle);
      if (w > 50 && h > 26 && k === 1) el.textContent = `#${i}`;
      board.append(el);
      elements.push(el);
    }
  }

  /** Reads every element's position from the DOM and indexes it. */
  function readDom() {
    const t0 = performance.now();
    const b = board.getBoundingClientRect();
    scene?.dispose();
    scene = new c2d.Scene();
    idToIndex = new Map();
    shapes = elements.map((el, i) => {
      const r = el.getBoundingClientRect();
      const cx = r.left + r.width / 2 - b.left; // y-down board coordinates
      const cy = r.top + r.height / 2 - b.top;
      const deg = Number(el.dataset.angle);
      // Flip y and negate the angle (see the top of the file).
      const shape = c2d.obb(cx, -cy, el.offsetWidth, el.offsetHeight, (-deg * Math.PI) / 180);
      idToIndex.set(scene.add(shape), i);
      return shape;
    });
    scene.update();
    ui.build.textContent = fmtMs(performance.now() - t0);
    ui.total.textContent = fmtInt(elements.length);
    if (region || lasso) select();
  }

  const chosenMode = () => ui.modes.find((m) => m.checked).value;
  const chosenTool = () => ui.tools.find((t) => t.checked).value;
  function describeMode() {
    const m = chosenMode();
    const shape = chosenTool() === 'lasso' ? 'lasso' : 'marquee';
    ui.note.textContent =
      m === 'intersects' ? `Selects every element the ${shape} touches (boundary contact counts).`
      : m === 'contains' ? `Selects the elements lying wholly inside the ${shape}.`
      : shape === 'lasso' ? 'A lasso has no direction: it selects what it touches.'
      : 'AutoCAD convention: drag to the left to select what the marquee touches (crossing, dashed), drag to the right to select what lies wholly inside (window).';
  }

  function select() {
    const query = lasso ? c2d.lasso(lasso) : c2d.aabb(region.minX, region.minY, region.maxX, region.maxY);
    const [ids, ms] = timed(() => scene.select(query, effectiveMode));
    lastQueryMs = ms;
    const next = new Set();
    for (const id of ids) next.add(idToIndex.get(id));
    for (const i of selected) if (!next.has(i)) elements[i].classList.remove('selected');
    for (const i of next) if (!selected.has(i)) elements[i].classList.add('selected');
    selected = next;
    publish();
  }

  function publish() {
    ui.count.textContent = fmtInt(selected.size);
    ui.time.textContent = fmtMs(lastQueryMs);
    demo.marquee = {
      selectedCount: selected.size,
      selected: [...selected].sort((a, b) => a - b),
      mode: effectiveMode,
      tool: lasso ? 'lasso' : 'marquee',
      region: region && { ...region },
      lasso: lasso && lasso.slice(),
      lastQueryMs,
    };
  }

  function local(e) {
    const b = board.getBoundingClientRect();
    return { x: e.clientX - b.left, y: e.clientY - b.top };
  }
  board.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    e.preventDefault();
    board.setPointerCapture(e.pointerId);
    drag = { start: local(e), tool: chosenTool(), points: [] };
    move(e);
  });
  // The lasso: the pointer's path (a point every 3 px), closed back to its start, drawn as an SVG
  // path with the same fill rule, and selecting as it grows.
  function moveLasso(e) {
    const p = local(e);
    const points = drag.points;
    const last = points[points.length - 1];
    if (!last || Math.hypot(p.x - last.x, p.y - last.y) >= 3) points.push(p);
    const stage = board.parentElement.getBoundingClientRect();
    const b = board.getBoundingClientRect();
    const dx = b.left - stage.left, dy = b.top - stage.top;
    const d = points.map((q, i) => `${i ? 'L' : 'M'}${(q.x + dx).toFixed(1)} ${(q.y + dy).toFixed(1)}`).join(' ');
    lassoEl.querySelector('path').setAttribute('d', `${d} Z`);
    const m = chosenMode();
    effectiveMode = m === 'direction' ? 'intersects' : m;
    lassoEl.classList.toggle('crossing', effectiveMode === 'intersects');
    lassoEl.removeAttribute('hidden'); // an SVG element has no .hidden property
    if (points.length < 3) return;
    // World coordinates: y flipped (see the top of the file).
    region = null;
    lasso = points.flatMap((q) => [q.x, -q.y]);
    select();
  }
  function move(e) {
    if (!drag) return;
    if (drag.tool === 'lasso') return moveLasso(e);
    const p = local(e);
    const x0 = Math.min(drag.start.x, p.x), x1 = Math.max(drag.start.x, p.x);
    const y0 = Math.min(drag.start.y, p.y), y1 = Math.max(drag.start.y, p.y);
    const m = chosenMode();
    const leftward = p.x < drag.start.x;
    effectiveMode = m === 'direction' ? (leftward ? 'intersects' : 'contains') : m;
    const stage = board.parentElement.getBoundingClientRect();
    const b = board.getBoundingClientRect();
    Object.assign(marqueeEl.style, {
      left: `${x0 + b.left - stage.left}px`,
      top: `${y0 + b.top - stage.top}px`,
      width: `${x1 - x0}px`,
      height: `${y1 - y0}px`,
    });
    marqueeEl.classList.toggle('crossing', effectiveMode === 'intersects');
    marqueeEl.hidden = false;
    // The marquee in world coordinates: y flipped, so the DOM's top edge is the world's max y.
    region = { minX: x0, minY: -y1, maxX: x1, maxY: -y0 };
    lasso = null;
    select();
  }
  board.addEventListener('pointermove', move);
  const end = (e) => {
    if (!drag) return;
    move(e);
    drag = null;
    marqueeEl.hidden = true;
    lassoEl.setAttribute('hidden', '');
    if (board.hasPointerCapture(e.pointerId)) board.releasePointerCapture(e.pointerId);
  };
  board.addEventListener('pointerup', end);
  board.addEventListener('pointercancel', end);
  for (const m of ui.modes) m.addEventListener('change', () => {
    describeMode();
    if ((region || lasso) && chosenMode() !== 'direction') {
      effectiveMode = chosenMode();
      select();
    }
  });
  for (const t of ui.tools) t.addEventListener('change', describeMode);
  ui.shuffle.addEventListener('click', () => {
    seed += 1;
    populate();
    selected = new Set();
    region = null;
    lasso = null;
    readDom();
    publish();
  });

  let pending = 0;
  const ro = new ResizeObserver(() => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => elements.length && readDom());
  });

  demo.editor = {
    count: 0,
    /** Every element's world Obb as read from the DOM (with the exact cos/sin the library holds). */
    get shapes() {
      return shapes.map((s, index) => ({ index, x: s.x, y: s.y, width: s.width, height: s.height, angle: s.angle, cos: s.cos, sin: s.sin }));
    },
    /** The DOM reading, again, by the test: centre of the bounding rect, offset size, CSS degrees. */
    readDom() {
      const b = board.getBoundingClientRect();
      return elements.map((el) => {
        const r = el.getBoundingClientRect();
        return { cx: r.left + r.width / 2 - b.left, cy: r.top + r.height / 2 - b.top, w: el.offsetWidth, h: el.offsetHeight, deg: Number(el.dataset.angle) };
      });
    },
    boardClient() {
      const b = board.getBoundingClientRect();
      return { left: b.left, top: b.top, width: b.width, height: b.height };
    },
  };

  return {
    async show() {
      if (!elements.length) {
        populate();
        describeMode();
      }
      ro.observe(board);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      readDom();
      demo.editor.count = elements.length;
      publish();
    },
    hide() {
      ro.unobserve(board);
    },
  };
}
