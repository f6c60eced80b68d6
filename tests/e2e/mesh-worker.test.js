// TriangleMesh.buildAsync in Chromium, from the package's own files on a plain static server: the build runs in a
// module Web Worker, reports progress, and gives the constructor's mesh byte for byte; aborting rejects with an
// AbortError; refused arrays reject with buildAsync's RangeError; a build after those works. No console error, no
// failed request. A WorkerPool of module workers (the same worker file) casts a shared mesh's rays as the mesh does.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CHROMIUM } from '../../scripts/demo-site.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };

let server, browser, baseUrl;
beforeAll(async () => {
  server = createServer(async (request, response) => {
    const file = path.join(root, decodeURIComponent(new URL(request.url, 'http://x').pathname));
    try {
      if (!file.startsWith(root)) throw new Error('outside');
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
});

test('buildAsync builds in a module worker and gives the constructor\'s mesh; a pool splits rays', async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  const workers = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(`${baseUrl}tests/e2e/fixtures/mesh-worker.html`);
  await page.waitForSelector('body[data-ready]', { state: 'attached' });
  const result = await page.evaluate(() => window.run());
  expect(result.sameBytes).toBe(true);
  expect(result.hits).toEqual(result.expectedHits);
  expect(result.hits.length).toBeGreaterThan(0);
  expect(result.fractions.length).toBeGreaterThanOrEqual(16);
  expect(result.fractions.every((f, k) => f > 0 && (k === 0 || f >= result.fractions[k - 1]))).toBe(true);
  expect(result.fractions.at(-1)).toBe(1);
  expect(result.aborted).toBe('AbortError');
  expect(result.refused).toBe('RangeError: collide3d.TriangleMesh.buildAsync: positions[2] must be a finite number (got NaN)');
  expect(result.againTriangles).toBe(100);
  expect(result.pool.workers).toBeGreaterThanOrEqual(1);
  expect(result.pool.same).toBe(true);
  expect(result.pool.hits).toBeGreaterThan(1000);
  expect(workers.length).toBeGreaterThanOrEqual(1 + result.pool.workers);
  expect(workers.every((url) => url.endsWith('/web/lib/worker.js'))).toBe(true);
  expect(problems).toEqual([]);
  await page.close();
});
