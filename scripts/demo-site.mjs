// The demo site in a browser, for the browser tests (tests/e2e) and the thumbnail script: built with Vite into a
// temporary folder, served by `vite preview` on a free localhost port, and opened in Debian's Chromium through
// playwright-core (installed by scripts/setup.sh when missing).
// Every page opened here records console errors, page errors, failed requests and requests leaving the site, so a
// test can require none.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const configFile = path.join(root, 'web/demo/vite.config.js');
export const CHROMIUM = '/usr/bin/chromium';
export const screenshotDir = path.join(root, 'tests/e2e/screenshots');

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const setup = spawnSync('bash', [path.join(root, 'scripts/setup.sh')], { stdio: 'inherit' });
  if (setup.status !== 0 || !existsSync(CHROMIUM)) throw new Error(`could not install Chromium (${CHROMIUM})`);
}

export async function openSite() {
  ensureChromium();
  const outDir = mkdtempSync(path.join(tmpdir(), 'collide3d-site-'));
  await build({ configFile, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = await preview({ configFile, logLevel: 'error', build: { outDir }, preview: { port: 0, strictPort: false } });
  const { port } = server.httpServer.address();
  const baseUrl = `http://127.0.0.1:${port}/`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });

  async function open(relativeUrl, { viewport = { width: 1100, height: 720 }, hasTouch = false, deviceScaleFactor = 1 } = {}) {
    const context = await browser.newContext({ viewport, hasTouch, deviceScaleFactor });
    const page = await context.newPage();
    const problems = [];
    page.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
    page.on('response', (response) => { if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`); });
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(baseUrl) && !url.startsWith('data:')) problems.push(`request outside the site: ${url}`);
    });
    await page.goto(new URL(relativeUrl, baseUrl).href);
    try {
      await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
    } catch (error) {
      throw new Error(`${relativeUrl} never became ready (${problems.join('; ') || 'no error reported'})`, { cause: error });
    }
    return { page, problems, close: () => context.close() };
  }

  async function close() {
    await browser.close();
    await new Promise((resolve) => server.httpServer.close(resolve));
    rmSync(outDir, { recursive: true, force: true });
  }

  return { baseUrl, outDir, open, close };
}
