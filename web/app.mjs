// collide2d web demo: loads the wasm package, switches panels by the URL hash, and keeps the page
// state in window.demo for people poking at it in the console and for the browser tests.
import loadCollide2d from 'collide2d';

const PANELS = ['shapes', 'ray', 'editor', 'scale'];
const loaders = {
  shapes: () => import('./src/shapes.mjs'),
  ray: () => import('./src/ray.mjs'),
  editor: () => import('./src/editor.mjs'),
  scale: () => import('./src/scale.mjs'),
};

const demo = {
  ready: false,
  panel: null,
  version: null,
  simdTarget: null,
  errors: [],
  shapes: [],
  ray: {},
  marquee: { selectedCount: 0 },
  editor: {},
  scale: {},
};
window.demo = demo;

function fatal(message) {
  demo.errors.push(String(message));
  const box = document.getElementById('fatal');
  box.textContent = String(message);
  box.hidden = false;
}
window.addEventListener('error', (e) => fatal(e.message || e.error));
window.addEventListener('unhandledrejection', (e) => fatal(e.reason?.stack || e.reason));

const instances = {};
let c2d;

async function show(name) {
  if (!PANELS.includes(name)) name = 'shapes';
  if (demo.panel === name) return;
  for (const p of PANELS) {
    const on = p === name;
    document.getElementById(`panel-${p}`).hidden = !on;
    const tab = document.getElementById(`tab-${p}`);
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    if (!on) instances[p]?.hide?.();
  }
  demo.panel = name;
  demo.ready = false;
  if (!instances[name]) {
    const mod = await loaders[name]();
    instances[name] = mod.create(c2d, demo);
  }
  await instances[name].show();
  if (demo.panel === name) demo.ready = true;
}

function panelFromHash() {
  return location.hash.replace(/^#/, '') || 'shapes';
}

// Tabs: arrow keys move between them (the usual tablist keyboard pattern).
document.querySelector('.tabs').addEventListener('keydown', (e) => {
  if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
  const i = PANELS.indexOf(demo.panel);
  const next = PANELS[(i + (e.key === 'ArrowRight' ? 1 : PANELS.length - 1)) % PANELS.length];
  location.hash = next;
  document.getElementById(`tab-${next}`).focus();
});

try {
  c2d = await loadCollide2d();
  demo.version = c2d.version;
  demo.simdTarget = c2d.simdTarget;
  document.getElementById('meta').textContent = `v${c2d.version} · wasm · ${c2d.simdTarget}`;
  window.addEventListener('hashchange', () => show(panelFromHash()));
  await show(panelFromHash());
} catch (e) {
  fatal(`collide2d failed to load: ${e?.stack || e}`);
}
