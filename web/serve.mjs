#!/usr/bin/env node
// A small static file server for the collide2d web demo: serves web/ on 127.0.0.1 only.
//
//   node web/serve.mjs            port from $PORT, else the first free port from 8080 up
//   PORT=0 node web/serve.mjs     any free port (the tests use this)
//
// Prints one line "collide2d demo: http://127.0.0.1:PORT/" once it listens. It serves files under
// web/ (node_modules/collide2d is npm's symlink to bindings/js, followed as a symlink), with the
// right MIME types (application/wasm for .wasm, so that WebAssembly.instantiateStreaming works),
// no caching, and the two cross-origin isolation headers, which give performance.now() its fine
// resolution in Chromium (the panels time queries of a few microseconds).

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

function send(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

async function handle(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed\n');
  let path;
  try {
    path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  } catch {
    return send(res, 400, 'bad request\n');
  }
  if (path.includes('\0')) return send(res, 400, 'bad request\n');
  if (path.endsWith('/')) path += 'index.html';
  // Resolve lexically inside web/: no ".." may climb out (symlinks inside web/ are followed).
  const file = normalize(join(root, path));
  if (!file.startsWith(root) || file.split(sep).includes('..')) return send(res, 403, 'forbidden\n');
  let info;
  try {
    info = await stat(file);
  } catch {
    return send(res, 404, `not found: ${path}\n`);
  }
  if (info.isDirectory()) {
    res.writeHead(301, { Location: path + '/' });
    return res.end();
  }
  res.writeHead(200, {
    'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': 'require-corp',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
}

function listen(port) {
  return new Promise((resolve, reject) => {
    const server = createServer((req, res) => {
      handle(req, res).catch(() => send(res, 500, 'internal error\n'));
    });
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export async function start(port = process.env.PORT) {
  if (port !== undefined && port !== '') {
    const p = Number(port);
    if (!Number.isInteger(p) || p < 0 || p > 65535) throw new RangeError(`PORT ${port} is not a port number`);
    return listen(p);
  }
  for (let p = 8080; p < 8180; p++) {
    try {
      return await listen(p);
    } catch (e) {
      if (e.code !== 'EADDRINUSE') throw e;
    }
  }
  throw new Error('no free port in 8080..8179; set PORT');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const server = await start();
  const { port } = server.address();
  console.log(`collide2d demo: http://127.0.0.1:${port}/`);
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
}
