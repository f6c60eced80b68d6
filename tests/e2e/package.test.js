// The packed package in Chromium: the tarball installed into a fresh app, bundled by Vite and loaded without a
// bundler, from both entries, every page served with `Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval'`
// (so any string evaluation fails), the default entry also in a module worker. Each page picks a point with a ray
// through the package (the answer derived by hand in PICK), and through collide3d/three's drop-in (THREE_PICK); the
// Vite and webpack builds also on a page and worker of their own; the default entry fetches collide3d.wasm as a file of its
// own, one URL for the page and its worker, and the inlined entry fetches none.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import webpack from 'webpack';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM, ensureChromium } from '../../scripts/demo-site.mjs';

const root = new URL('../..', import.meta.url).pathname;
const CSP = "script-src 'self' 'wasm-unsafe-eval'";

// A unit square of two triangles, (0,0)-(1,0)-(0,1) and (1,0)-(1,1)-(0,1). The ray from (0.75, 0.5, 3) along
// (0, 0, -2) meets z = 0 at t = 1.5, at (0.75, 0.5), where x + y > 1: in the second triangle.
const PICK = `
export function pick(c3d) {
  const square = new c3d.TriangleMesh(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]), new Uint16Array([0, 1, 2, 1, 3, 2]));
  const hit = square.raycast({ type: 'ray', origin: { x: 0.75, y: 0.5, z: 3 }, direction: { x: 0, y: 0, z: -2 } });
  square.dispose();
  return { t: hit.t, point: hit.point, triangleIndex: hit.triangleIndex };
}`;
const PICKED = { t: 1.5, point: { x: 0.75, y: 0.5, z: 0 }, triangleIndex: 1 };

// The same pick through collide3d/three's drop-in: raycaster.intersectObject on a three.js Mesh of the square (a
// unit ray, so the distance is 3), the Intersection's triangle and point as three.js would report them; on the page
// and in a module worker.
const THREE_PICK = `
import * as THREE from 'three';
import init from 'collide3d';
import { installAcceleratedRaycast } from 'collide3d/three';
export async function threePick() {
  await init();
  installAcceleratedRaycast();
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0], 3));
  geometry.setIndex([0, 1, 2, 1, 3, 2]);
  geometry.computeBoundsTree();
  // A bounding sphere far off: three.js's own raycast stops at it and finds nothing; the tree does not use it.
  geometry.boundingSphere = new THREE.Sphere(new THREE.Vector3(100, 100, 100), 0.1);
  const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial());
  const raycaster = new THREE.Raycaster(new THREE.Vector3(0.75, 0.5, 3), new THREE.Vector3(0, 0, -1));
  raycaster.firstHitOnly = true;
  const [hit] = raycaster.intersectObject(mesh);
  return { distance: hit.distance, point: hit.point.toArray(), faceIndex: hit.faceIndex, face: [hit.face.a, hit.face.b, hit.face.c], byTree: geometry.boundsTree.triangles.triangleCount };
}`;
const THREE_PICKED = { distance: 3, point: [0.75, 0.5, 0], faceIndex: 1, face: [1, 3, 2], byTree: 2 };

// The pages of one folder: index.html (the default entry, on the page and in a module worker) and inline.html.
// `from` is how the folder's scripts import the package.
function writePages(dir, from) {
  mkdirSync(dir, { recursive: true });
  const page = (script) => `<!doctype html><html><head><link rel="icon" href="data:,"></head>
    <body><script type="module" src="./${script}"></script></body></html>`;
  const files = {
    'pick.js': PICK,
    'index.html': page('main.js'),
    'main.js': `import init from '${from('collide3d')}';
      import { pick } from './pick.js';
      const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
      const fromWorker = new Promise((resolve, reject) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(\`worker: \${event.message}\`));
      });
      window.results = Promise.all([init().then(pick), fromWorker]).then(([page, worker]) => ({ page, worker }));`,
    'worker.js': `import init from '${from('collide3d')}';
      import { pick } from './pick.js';
      init().then((c3d) => postMessage(pick(c3d)));`,
    'three-pick.js': THREE_PICK,
    'three.html': page('three.js'),
    'three.js': `import { threePick } from './three-pick.js';
      const worker = new Worker(new URL('./three-worker.js', import.meta.url), { type: 'module' });
      const fromWorker = new Promise((resolve, reject) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(\`worker: \${event.message}\`));
      });
      window.results = Promise.all([threePick(), fromWorker]).then(([page, worker]) => ({ page, worker }));`,
    'three-worker.js': `import { threePick } from './three-pick.js';
      threePick().then((result) => postMessage(result));`,
    'inline.html': page('inline.js'),
    'inline.js': `import init from '${from('collide3d/inline')}';
      import { pick } from './pick.js';
      window.results = init().then((c3d) => ({ page: pick(c3d) }));`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };

// Serves the app's folder, every response with the policy.
function serve(dir) {
  const server = createServer((request, response) => {
    const file = path.join(dir, decodeURIComponent(new URL(request.url, 'http://x').pathname));
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': CSP });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let app, server, browser, baseUrl;
beforeAll(async () => {
  ensureChromium();
  app = mkdtempSync(path.join(tmpdir(), 'collide3d-browser-app-'));
  // The wasm is built (npm test builds it first; package.test.js checks prepack): pack what is there.
  const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', app],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'browser-app', private: true, type: 'module' }));
  // three (collide3d/three's peer) linked from the repository's own install.
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', `./${packed[0].filename}`,
    path.join(root, 'node_modules/three')], { cwd: app, stdio: 'ignore' });

  writePages(path.join(app, 'vite'), (entry) => entry);
  writePages(path.join(app, 'raw'), (entry) => `../node_modules/collide3d/web/lib/${entry === 'collide3d' ? 'index' : 'inline'}.js`);
  await build({
    root: path.join(app, 'vite'), base: './', configFile: false, logLevel: 'error',
    build: {
      outDir: path.join(app, 'dist'), emptyOutDir: true,
      rollupOptions: {
        input: { index: path.join(app, 'vite/index.html'), inline: path.join(app, 'vite/inline.html'), three: path.join(app, 'vite/three.html') },
      },
    },
    worker: { format: 'es' },
  });
  // The same pages bundled by webpack 5 (its defaults: new URL(…, import.meta.url) assets and workers).
  writePages(path.join(app, 'webpack'), (entry) => entry);
  const stats = await new Promise((resolve, reject) => webpack({
    mode: 'production', context: path.join(app, 'webpack'), entry: { index: './main.js', three: './three.js' },
    output: { path: path.join(app, 'wp'), filename: '[name].js' }, performance: { hints: false },
  }, (error, result) => (error ? reject(error) : resolve(result))));
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  for (const name of ['index', 'three']) {
    writeFileSync(path.join(app, `wp/${name}.html`), `<!doctype html><html><head><link rel="icon" href="data:,"></head>
      <body><script src="./${name}.js"></script></body></html>`);
  }
  server = await serve(app);
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: CHROMIUM, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  if (app) rmSync(app, { recursive: true, force: true });
});

// Opens a page; returns its results, the problems seen (console errors, page errors, failed requests, policy
// violations) and the URLs of the .wasm files it and its workers fetched.
async function visit(page) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const problems = [];
  const wasm = [];
  tab.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });
  tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  tab.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  tab.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    if (response.url().endsWith('.wasm')) wasm.push(response.url());
  });
  await tab.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`policy violation: ${event.violatedDirective} (${event.blockedURI})`);
    });
  });
  await tab.goto(new URL(page, baseUrl).href);
  const results = await tab.evaluate(() => window.results);
  await context.close();
  return { results, problems, wasm };
}

describe.each([['bundled by Vite', 'dist'], ['without a bundler', 'raw']])('the package %s, under the policy', (_, dir) => {
  test('collide3d picks on the page and in a module worker, from one collide3d.wasm file', async () => {
    const { results, problems, wasm } = await visit(`${dir}/index.html`);
    expect(problems).toEqual([]);
    expect(results).toEqual({ page: PICKED, worker: PICKED });
    expect(wasm.length).toBeGreaterThan(0);
    expect(new Set(wasm).size).toBe(1);
    expect(wasm[0]).toMatch(dir === 'dist' ? /\/dist\/assets\/collide3d-[\w-]+\.wasm$/ : /\/web\/lib\/wasm\/collide3d\.wasm$/);
  });

  test('collide3d/inline picks with no .wasm file to fetch', async () => {
    const { results, problems, wasm } = await visit(`${dir}/inline.html`);
    expect(problems).toEqual([]);
    expect(results).toEqual({ page: PICKED });
    expect(wasm).toEqual([]);
  });
});

test.each([['Vite', 'dist'], ['webpack', 'wp']])('a %s app picks with the drop-in, on the page and in a module worker, under the policy', async (_, dir) => {
  const { results, problems, wasm } = await visit(`${dir}/three.html`);
  expect(problems).toEqual([]);
  expect(results).toEqual({ page: THREE_PICKED, worker: THREE_PICKED });
  expect(new Set(wasm).size).toBe(1);
});

test('a webpack app picks from collide3d on the page and in a module worker', async () => {
  const { results, problems } = await visit('wp/index.html');
  expect(problems).toEqual([]);
  expect(results).toEqual({ page: PICKED, worker: PICKED });
});

test('Vite copies collide3d.wasm into the build once, as an asset, and bundles no base64 copy for collide3d', () => {
  const assets = readdirSync(path.join(app, 'dist/assets'));
  expect(assets.filter((file) => file.endsWith('.wasm'))).toHaveLength(1);
  const wasm = readFileSync(path.join(app, 'node_modules/collide3d/web/lib/wasm/collide3d.wasm'));
  const head = wasm.subarray(3000, 3048).toString('base64');  // 48 bytes at a multiple of 3: as the base64 of the whole holds them
  const holding = assets.filter((file) => file.endsWith('.js') && readFileSync(path.join(app, 'dist/assets', file), 'utf8').includes(head));
  expect(holding).toHaveLength(1);  // the inline page's chunk only
  expect(readFileSync(path.join(app, 'dist/index.html'), 'utf8')).not.toContain(holding[0]);
});
