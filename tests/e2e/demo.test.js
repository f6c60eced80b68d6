// The demo site in a real browser (Chromium through playwright-core): the landing page lists every scene; every
// scene loads without a console error or failed request, draws a non-blank canvas, keeps its state in the URL, and
// shows the library's answer after its shapes move (tests/e2e/cases/<scene>.js: parameter changes, each followed by
// checks against values derived by hand and against collide3d called here in node), and its code panel runs in node
// to the answers the page shows. Screenshots of every scene, at a desktop's size and a phone's, are written to
// tests/e2e/screenshots/.
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import * as THREE from 'three';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import init from '../../web/lib/index.js';
import { catalog, chapters } from '../../web/demo/src/catalog.js';
import { openSite, screenshotDir } from '../../scripts/demo-site.mjs';
import { expectSameHits, expectedHits } from './cases/picking.js';
import { expectAsLibrary as expectMoveAsLibrary } from './cases/character.js';
import { nextStep } from '../../web/demo/src/scenes/character.js';
import { literal, plain, shownCalls, statementsOf } from '../../web/demo/src/framework/recorded-calls.js';
import { drawValue } from '../../web/demo/src/framework/shape-drawing.js';
import { examples } from '../../web/demo/src/playground/examples.js';

const caseFiles = readdirSync(new URL('./cases', import.meta.url)).filter((file) => file.endsWith('.js'));
const cases = Object.fromEntries(await Promise.all(caseFiles.map(async (file) =>
  [path.basename(file, '.js'), (await import(/* @vite-ignore */ new URL(`./cases/${file}`, import.meta.url).href)).default])));

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
let site, c3d;
beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  [site, c3d] = await Promise.all([openSite(), init()]);
}, 180_000);
// Each scene's first frame, ms after navigation started (headless Chromium drawing in software, on this machine):
// reported after the run, not asserted (a timing).
const firstFrames = {};
afterAll(async () => {
  await site?.close();
  const times = Object.values(firstFrames).sort((a, b) => a - b);
  if (times.length > 0) {
    console.log(`first frame, ms after navigation: median ${times[times.length >> 1].toFixed(0)}, slowest ` +
      `${times[times.length - 1].toFixed(0)} (${Object.entries(firstFrames).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([id, ms]) => `${id} ${ms.toFixed(0)}`).join(', ')})`);
  }
});

test('every scene has browser cases, and every case file a scene', () => {
  expect(Object.keys(cases).sort()).toEqual(catalog.map((scene) => scene.id).sort());
});

test('every scene names the library\'s source behind it, and the page shows it', async () => {
  const root = new URL('../..', import.meta.url).pathname;
  for (const { id, load } of catalog) {
    const { kernels } = await load();
    expect(kernels?.length, id).toBeGreaterThan(0);
    for (const path of kernels) expect(existsSync(path.startsWith('/') ? path : `${root}${path}`), `${id}: ${path}`).toBe(true);
  }
  const { page, problems, close } = await site.open('scene.html?scene=ray-triangle');
  await page.click('#kernels summary');
  await page.waitForFunction(() => document.querySelector('#kernels pre').textContent.length > 0);
  const shown = await page.textContent('#kernels pre');
  const file = readFileSync(`${root}cpp/collide3d/queries/raycast/raycast_triangle.h`, 'utf8');
  expect(shown).toBe(`// cpp/collide3d/queries/raycast/raycast_triangle.h\n${file}`);
  await close();
  expect(problems).toEqual([]);
});

test('the built site refers to its files by relative URLs, so it works from any folder of any static host', () => {
  for (const page of ['index.html', 'scene.html', 'playground.html', 'bench.html']) {
    const html = readFileSync(path.join(site.outDir, page), 'utf8');
    const urls = [...html.matchAll(/(?:src|href)="([^"]*)"/g)].map((match) => match[1]);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^(\.\/|data:)/);
  }
});

test('the landing page links every scene, chapter by chapter', async () => {
  const { page, problems, close } = await site.open('index.html');
  const links = await page.$$eval('#scenes a', (anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(links).toEqual(catalog.map((scene) => `./scene.html?scene=${scene.id}`));
  const headings = await page.$$eval('#scenes section > h2', (elements) => elements.map((h) => h.textContent));
  expect(headings).toEqual(chapters.map((chapter, k) => `${k + 1}. ${chapter.name}`));
  // Each chapter's cards are its scenes, in the catalog's order.
  const sections = await page.$$eval('#scenes section', (elements) => elements.map((section) =>
    [...section.querySelectorAll('a')].map((a) => new URLSearchParams(a.getAttribute('href').split('?')[1]).get('scene'))));
  expect(sections).toEqual(chapters.map(({ name }) => catalog.filter((scene) => scene.chapter === name).map((scene) => scene.id)));
  // Every thumbnail loaded (a missing one would also show as a failed request).
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  const widths = await page.$$eval('#scenes img', (images) => images.map((image) => image.naturalWidth));
  expect(widths).toEqual(catalog.map(() => 360));
  await page.screenshot({ path: path.join(screenshotDir, 'index.png'), fullPage: true });
  await close();
  expect(problems).toEqual([]);
});

// The handles (draggable shapes) that are off the screen or under a panel (the info panel, the parameters), run in
// the page: a finger could not reach them.
function handlesHidden() {
  const panels = ['#info', '.lil-gui.lil-root'].map((selector) => document.querySelector(selector).getBoundingClientRect());
  const hidden = [];
  for (const name of Object.keys(window.collide3dDemo.values())) {
    const at = window.collide3dDemo.screenPosition(name);
    if (at === null) continue;  // not a handle
    const off = at.x < 0 || at.y < 0 || at.x > innerWidth || at.y > innerHeight;
    const under = panels.some((r) => at.x >= r.left && at.x <= r.right && at.y >= r.top && at.y <= r.bottom);
    if (off || under) hidden.push(`${name} at (${Math.round(at.x)}, ${Math.round(at.y)})${off ? ' off the screen' : ' under a panel'}`);
  }
  return hidden;
}

// The code panel runs as shown: each shown statement is in its text, and each runnable one, evaluated here in node
// (three.js in scope for the code that builds a geometry), gives the answer the page got; the statements that use
// the scene's unshown data are skipped. Returns how many ran.
function expectCodeRuns({ text, calls }) {
  const scope = { THREE }, built = [], known = new WeakMap();
  const run = (expression) => new Function('c3d', 'scope', `with (scope) { return (${expression}); }`)(c3d, scope);
  let ran = 0;
  try {
    for (const entry of shownCalls(calls)) {
      const statements = statementsOf(entry);
      for (const statement of statements) expect(text).toContain(statement);
      if (!entry.runnable && entry.setup === undefined) continue;
      for (const statement of statements) {
        const definition = /^const (\w+) = (.*);$/.exec(statement);
        if (definition) {
          scope[definition[1]] = run(definition[2]);
          if (typeof scope[definition[1]].dispose === 'function') built.push(scope[definition[1]]);
          known.set(scope[definition[1]], { name: definition[1] });
        } else {
          expect(plain(run(statement.slice(0, -1)), known), statement).toEqual(entry.answer);
          ran += 1;
        }
      }
    }
  } finally {
    built.forEach((object) => object.dispose());
  }
  return ran;
}

describe.each(catalog.map((scene) => [scene.id]))('scene %s', (id) => {
  test('loads, draws, and shows the library\'s answer as its shapes move', async () => {
    const { page, problems, close } = await site.open(`scene.html?scene=${id}`);
    const pixels = await page.evaluate(() => window.collide3dDemo.pixelSummary());
    const mark = await page.waitForFunction(() => performance.getEntriesByName('collide3d: first frame')[0]?.startTime);
    firstFrames[id] = await mark.jsonValue();
    expect(pixels.covered).toBeGreaterThan(0.02);
    expect(pixels.colours).toBeGreaterThan(8);
    await page.screenshot({ path: path.join(screenshotDir, `${id}.png`) });
    expect(await page.evaluate(handlesHidden)).toEqual([]);
    const phone = await site.open(`scene.html?scene=${id}`, PHONE);
    await phone.page.evaluate(() => window.collide3dDemo.pixelSummary());
    await phone.page.screenshot({ path: path.join(screenshotDir, `${id}-phone.png`) });
    expect(await phone.page.evaluate(handlesHidden)).toEqual([]);
    await phone.close();
    expect(phone.problems).toEqual([]);

    for (const [index, step] of cases[id].entries()) {
      const result = await page.evaluate((changes) => window.collide3dDemo.set(changes), step.set);
      const readout = await page.evaluate(() => window.collide3dDemo.readout());
      try {
        const code = await page.evaluate(() => window.collide3dDemo.code());
        await step.check({ result, readout, c3d, code });
        expectCodeRuns(code);
      } catch (error) {
        error.message = `${id}, step ${index + 1} (${JSON.stringify(step.set)}): ${error.message}\nreadout: ${JSON.stringify(readout)}`;
        throw error;
      }
    }

    // The URL now holds the last configuration: opening it again shows the same readout.
    const [url, readout] = await page.evaluate(() => [location.href, window.collide3dDemo.readout()]);
    const reopened = await site.open(url);
    expect(await reopened.page.evaluate(() => window.collide3dDemo.readout())).toEqual(readout);
    await reopened.close();
    await close();
    expect(problems).toEqual([]);
    expect(reopened.problems).toEqual([]);
  }, 60_000);
});

// The playground: every example, run in the page, prints what the same code gives in node and draws every value
// it shows; code from a link waits for Run.
describe('playground', () => {
  const AsyncFunction = (async () => {}).constructor;
  async function runInNode(code) {
    let shown = 0;
    const show = (value) => {
      if (drawValue(value, c3d) !== null) shown += 1;
      return value;
    };
    try {
      const value = await new AsyncFunction('c3d', 'show', 'THREE', code)(c3d, show, THREE);
      return { output: value === undefined ? '(nothing returned)' : literal(plain(value)), failed: false, shown };
    } catch (error) {
      return { output: `${error.name}: ${error.message}`, failed: true, shown };
    }
  }

  test('every example runs as it does in node, and draws what it shows', async () => {
    const { page, problems, close } = await site.open('playground.html');
    expect(await page.evaluate(() => window.collide3dPlayground.examples())).toEqual(Object.keys(examples));
    for (const [name, code] of Object.entries(examples)) {
      const inPage = await page.evaluate((example) => window.collide3dPlayground.load(example), name);
      expect(inPage, name).toEqual(await runInNode(code));
      if (!inPage.failed) expect(inPage.shown, name).toBeGreaterThan(0);
    }
    // The bad argument's error names the call, the argument, the field and the value.
    expect((await runInNode(examples['A bad argument'])).output).toMatch(/^RangeError: collide3d\.intersects: a\.radius .*-1/);
    await page.evaluate((name) => window.collide3dPlayground.load(name), Object.keys(examples)[0]);
    expect((await page.evaluate(() => window.collide3dPlayground.pixelSummary())).colours).toBeGreaterThan(8);
    await page.screenshot({ path: path.join(screenshotDir, 'playground.png') });
    await close();
    expect(problems).toEqual([]);
  });

  test('code from a link is shown, and runs only when Run is pressed', async () => {
    const { page, problems, close } = await site.open(`playground.html?code=${encodeURIComponent('return c3d.distance({ type: "point", position: { x: 3, y: 4, z: 0 } }, { type: "point", position: { x: 0, y: 0, z: 0 } });')}`);
    expect(await page.inputValue('#source')).toContain('c3d.distance');
    expect(await page.textContent('#output')).toBe('Press Run to run this code.');
    await page.click('#run');
    await page.waitForFunction(() => document.getElementById('output').textContent === '5');
    await close();
    expect(problems).toEqual([]);
  });
});

// The benchmark page at small sizes: it completes, and every implementation answers alike on every workload.
test('the benchmark page runs every workload, and the implementations agree', async () => {
  const { page, problems, close } = await site.open('bench.html?quick&run');
  await page.waitForSelector('body[data-done]', { timeout: 240_000 });
  const rows = await page.evaluate(() => window.collide3dBench.rows());
  const sections = (name) => rows.filter((row) => row.section === name).map((row) => row.workload);
  expect(sections('Single queries')).toHaveLength(10);
  expect(sections('Mesh raycasts')).toEqual(['three-mesh-bvh (SAH)', 'three.js Mesh.raycast', 'collide3d']);
  expect(sections('Frustum culling')).toEqual(['spheres', 'boxes']);
  expect(sections('Broadphase')).toHaveLength(3);
  for (const row of rows) {
    expect(row.agree, `${row.section}, ${row.workload}: ${row.note}`).toBe(true);
    expect(Number.isFinite(row.c3dTime), row.workload).toBe(true);
  }
  expect(await page.textContent('#status')).toBe('Done: every implementation gave the same answers.');
  await page.screenshot({ path: path.join(screenshotDir, 'bench.png'), fullPage: true });
  await close();
  expect(problems).toEqual([]);
}, 300_000);

// Driving the page as a person does: pointer, touch, the panel, the window size, the embed flag.
describe('interaction', () => {
  const sphereOf = (result) => result.inputs.sphere;
  // A floor plane (its +z normal turned -90° about x to point up, y = 0) and a unit ball 0.5 above it: cut by it.
  const FLOOR_SCENE = 'scene.html?scene=sphere-plane&plane=0,0,0,-90,0,0&sphere=0,0.5,0&radius=1';

  test('a click selects a shape, dragging the gizmo moves it, and the answer follows', async () => {
    const { page, problems, close } = await site.open(FLOOR_SCENE);
    const before = await page.evaluate(() => window.collide3dDemo.result);
    expect(before.side).toBe('intersecting');
    const at = await page.evaluate(() => window.collide3dDemo.screenPosition('sphere'));
    await page.mouse.click(at.x, at.y);
    expect(await page.evaluate(() => window.collide3dDemo.selected)).toBe('sphere');
    // The gizmo's centre handle moves the shape in the view plane: drag it 150 px up the screen.
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(at.x, at.y - 15 * step);
    await page.mouse.up();
    const after = await page.evaluate(() => window.collide3dDemo.result);
    expect(sphereOf(after).center.y).toBeGreaterThan(1.5);
    expect(after.side).toBe(c3d.classify(after.inputs.plane, sphereOf(after)));
    expect(after.side).toBe('front');
    expect(await page.evaluate(() => window.collide3dDemo.readout().classify)).toBe('front');
    await page.waitForFunction(() => !location.search.includes('sphere=0,0.5,0&'));
    await close();
    expect(problems).toEqual([]);
  });

  test('a touch tap selects and a touch drag moves a shape', async () => {
    const { page, problems, close } = await site.open(FLOOR_SCENE, { hasTouch: true, viewport: { width: 420, height: 800 } });
    const at = await page.evaluate(() => window.collide3dDemo.screenPosition('sphere'));
    await page.touchscreen.tap(at.x, at.y);
    expect(await page.evaluate(() => window.collide3dDemo.selected)).toBe('sphere');
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, y) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: at.x, y }] });
    await touch('touchStart', at.y);
    for (let step = 1; step <= 10; step += 1) await touch('touchMove', at.y - 15 * step);
    await touch('touchEnd');
    const after = await page.evaluate(() => window.collide3dDemo.result);
    expect(sphereOf(after).center.y).toBeGreaterThan(1.5);
    expect(after.side).toBe(c3d.classify(after.inputs.plane, sphereOf(after)));
    await close();
    expect(problems).toEqual([]);
  });

  test('picking a hard case in the panel sets its parameters', async () => {
    const { page, problems, close } = await site.open('scene.html?scene=ray-triangle');
    const select = page.locator('.lil-controller.lil-option', { hasText: 'hard case' }).locator('select');
    await select.selectOption('collapsed to a segment');
    // The preset's triangle is the segment from (-2, -1, 0) to (2, -1, 0), hit from above at its middle.
    expect(await page.evaluate(() => window.collide3dDemo.values().c)).toBe('0,-1,0');
    expect(await page.evaluate(() => window.collide3dDemo.readout())).toMatchObject({ t: '3', 'three.js': 'no hit' });
    await close();
    expect(problems).toEqual([]);
  });

  test('typing a value into the panel updates the answer', async () => {
    const { page, problems, close } = await site.open(FLOOR_SCENE);
    const input = page.locator('.lil-controller.lil-number', { hasText: 'radius' }).locator('input');
    await input.fill('0.25');
    await input.press('Enter');
    // Centre 0.5 above the floor, radius 0.25: in front.
    expect(await page.evaluate(() => window.collide3dDemo.readout().classify)).toBe('front');
    expect((await page.evaluate(() => window.collide3dDemo.result)).inputs.sphere.radius).toBe(0.25);
    await close();
    expect(problems).toEqual([]);
  });

  test('the canvas follows the window size', async () => {
    const { page, problems, close } = await site.open('scene.html?scene=ray-triangle');
    await page.setViewportSize({ width: 640, height: 900 });
    await page.waitForFunction(() => window.collide3dDemo.pixelSummary().width === 640);
    const pixels = await page.evaluate(() => window.collide3dDemo.pixelSummary());
    expect([pixels.width, pixels.height]).toEqual([640, 900]);
    expect(pixels.covered).toBeGreaterThan(0.02);
    await close();
    expect(problems).toEqual([]);
  });

  test('on a phone the explanation is a closed sheet that a tap opens, the code panel another', async () => {
    const { page, problems, close } = await site.open('scene.html?scene=obb-obb', PHONE);
    expect(await page.locator('#explanation').isVisible()).toBe(false);
    expect(await page.locator('#readout').isVisible()).toBe(true);
    await page.locator('#how summary').tap();
    expect(await page.locator('#explanation').isVisible()).toBe(true);
    expect(await page.locator('#code pre').isVisible()).toBe(false);
    await page.locator('#code summary').tap();
    expect(await page.locator('#code pre').textContent()).toContain('c3d.intersects({ type: \'obb\'');
    await close();
    expect(problems).toEqual([]);
  });

  test('?embed shows only the canvas and the readout', async () => {
    const { page, problems, close } = await site.open('scene.html?scene=sphere-plane&embed');
    expect(await page.locator('.lil-gui.lil-root').isVisible()).toBe(false);
    expect(await page.locator('#explanation').isVisible()).toBe(false);
    expect(await page.locator('#readout').isVisible()).toBe(true);
    await page.evaluate(() => window.collide3dDemo.set({ radius: 2 }));
    await page.waitForFunction(() => location.search.includes('embed'));
    await page.screenshot({ path: path.join(screenshotDir, 'sphere-plane-embed.png') });
    await close();
    expect(problems).toEqual([]);
  });

  test('the picking scene picks under the mouse and under a tap, as three.js does', async () => {
    const { page, problems, close } = await site.open('scene.html?scene=picking&walk=0&measure=0');
    // Over the walker: its body at phase 0.2 is near (0.8, -0.1) in device coordinates (x right, y up), pixel
    // (990, 396) of the 1100 x 720 page.
    await page.mouse.move(990, 396);
    const hover = await page.evaluate(() => window.collide3dDemo.result);
    expect(await page.evaluate(() => window.collide3dDemo.values())).toMatchObject({ pointerX: '0.8', pointerY: '-0.1' });
    expectSameHits(hover.hits, expectedHits(hover.inputs));
    expect(hover.hits[0].object).toBe('figure');
    await close();
    const phone = await site.open('scene.html?scene=picking&walk=0&measure=0', PHONE);
    // On the knot's left strand, as the phone's camera shows it: device coordinates (2 * 117 / 390 - 1, 1 - 2 * 317 / 844).
    await phone.page.touchscreen.tap(117, 317);
    const tap = await phone.page.evaluate(() => window.collide3dDemo.result);
    expect(await phone.page.evaluate(() => window.collide3dDemo.values())).toMatchObject({ pointerX: '-0.4', pointerY: '0.249' });
    expectSameHits(tap.hits, expectedHits(tap.inputs));
    expect(tap.hits[0].object).toBe('knot');
    await phone.close();
    expect(problems).toEqual([]);
    expect(phone.problems).toEqual([]);
  });

  test('the picking scene measures rays per second with either raycast, apart from its readout', async () => {
    const { page, problems, close } = await site.open('scene.html?scene=picking&walk=0');
    // Rows measured with `setup` (raycast, firstHitOnly), with a positive whole number of rays per second.
    const rate = (setup) => page.waitForFunction((expected) => {
      const live = window.collide3dDemo.live();
      return live.measured === expected && /^[1-9][\d,]*$/.test(live['rays/s']) && /^\d+\.\d µs$/.test(live['per ray']);
    }, setup);
    await rate('collide3d, first hit');
    const readout = await page.evaluate(() => window.collide3dDemo.readout());
    expect(Object.keys(readout)).not.toContain('rays/s');
    await page.evaluate(() => window.collide3dDemo.set({ raycast: 'three.js', firstHitOnly: false }));
    await rate('three.js, all hits');
    // The answer under the pointer is the same (the default pointer is on the knot, hit once from the front).
    expect(await page.evaluate(() => window.collide3dDemo.readout())).toEqual(readout);
    await page.evaluate(() => window.collide3dDemo.set({ measure: false }));
    await page.waitForFunction(() => Object.keys(window.collide3dDemo.live()).length === 0);
    await close();
    expect(problems).toEqual([]);
  });

  // Steps the character scene as its frame hook does (nextStep from the page's last answer), walking along
  // `heading`, until `done(answer)` or `count` steps; returns the answers in order.
  async function walkCharacter(page, start, heading, count, done = () => false) {
    const answers = [await page.evaluate((changes) => window.collide3dDemo.set(changes), start)];
    while (answers.length < count && !done(answers.at(-1))) {
      const vy = Number(await page.evaluate(() => window.collide3dDemo.values().vy));
      const next = nextStep({ vy }, answers.at(-1).moved, { walk: 1, heading, jump: false });
      answers.push(await page.evaluate((changes) => window.collide3dDemo.set(changes), next));
    }
    return answers;
  }
  const centreOf = ({ start, end }) => ({ x: (start.x + end.x) / 2, y: (start.y + end.y) / 2, z: (start.z + end.z) / 2 });
  const STANDING = { play: false, walk: 1, vy: -0.333, maxSlope: 45, stepHeight: 0.3, snapToGround: 0.2 };

  test('the character climbs the stairs to the platform 2 m up, each step moveAndSlide\'s answer', async () => {
    const { page, problems, close } = await site.open('scene.html?scene=character&play=0');
    // From the floor 1.5 m before the first step (z = 2), towards -z: up 8 steps of 0.25 m and 0.4 m, until it is
    // on the platform (z from -1.2 to -4), which at 4/60 m a step takes at most 80 steps.
    const onPlatform = ({ moved }) => centreOf(moved.shape).z < -1.6;
    const answers = await walkCharacter(page, { ...STANDING, character: [2.5, 0.9, 3.5], heading: 180 }, 180, 80, onPlatform);
    // Never down (a step up lifts it, drops it onto the tread, and leaves it there).
    const heights = answers.map(({ moved }) => centreOf(moved.shape).y);
    for (let k = 1; k < heights.length; k += 1) expect(heights[k]).toBeGreaterThanOrEqual(heights[k - 1] - 1e-9);
    const last = answers.at(-1).moved;
    expect(onPlatform(answers.at(-1))).toBe(true);
    expect(last.grounded).toBe(true);
    expect(heights.at(-1) - 0.9).toBeGreaterThanOrEqual(2);  // standing on the platform, a skin above it
    expect(heights.at(-1) - 0.9).toBeLessThan(2.01);
    const readout = await page.evaluate(() => window.collide3dDemo.readout());
    expectMoveAsLibrary({ result: answers.at(-1), readout, c3d });
    await close();
    expect(problems).toEqual([]);
  });

  test('the character walks into the concave corner and stops there, still', async () => {
    const { page, problems, close } = await site.open('scene.html?scene=character&play=0');
    // The corner's walls meet at (8.5, -8), opening towards +z: walking -z from (8.5, 0.9, -3) for 2 m at most.
    const answers = await walkCharacter(page, { ...STANDING, character: [8.5, 0.9, -3], heading: 180 }, 180, 90);
    const last = answers.slice(-20);
    for (const { moved, touching } of last) {
      expect(Math.hypot(moved.translation.x, moved.translation.y, moved.translation.z)).toBeLessThan(1e-6);
      expect(moved.grounded).toBe(true);
      expect(touching).toContain('corner');
    }
    const centre = centreOf(last.at(-1).moved.shape);
    expect(centre.x).toBeCloseTo(8.5, 3);  // the apex is on the line x = 8.5, the walls mirror images about it
    expect(centre.z).toBeGreaterThan(-8);
    await close();
    expect(problems).toEqual([]);
  });

  test('the keyboard walks the character where the camera looks and space jumps; on a phone the stick walks it', async () => {
    const readZ = (page) => page.evaluate(() => Number(window.collide3dDemo.readout().position.slice(1, -1).split(', ')[2]));
    const { page, problems, close } = await site.open('scene.html?scene=character');
    await page.waitForFunction(() => window.collide3dDemo.readout().grounded === 'yes');  // it drops 0.3 m to the floor
    const z0 = await readZ(page);
    await page.keyboard.down('KeyW');
    await page.waitForFunction((from) => Number(window.collide3dDemo.readout().position.slice(1, -1).split(', ')[2]) < from - 0.5, z0);
    await page.keyboard.up('KeyW');
    expect(await page.evaluate(() => window.collide3dDemo.values().heading)).toBe('180');  // the camera looks along -z
    await page.keyboard.press('Space');
    await page.waitForFunction(() => window.collide3dDemo.readout().grounded === 'no');
    await page.waitForFunction(() => window.collide3dDemo.readout().grounded === 'yes');
    await close();
    expect(problems).toEqual([]);

    const phone = await site.open('scene.html?scene=character', PHONE);
    await phone.page.waitForFunction(() => window.collide3dDemo.readout().grounded === 'yes');
    const from = await readZ(phone.page);
    const stick = await phone.page.locator('.touch-pad .stick').boundingBox();
    const [x, y] = [stick.x + stick.width / 2, stick.y + stick.height / 2];
    const cdp = await phone.page.context().newCDPSession(phone.page);
    const touch = (type, dy) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: y + dy }] });
    await touch('touchStart', 0);
    await touch('touchMove', -40);  // pushed up: forward
    await phone.page.waitForFunction((z) => Number(window.collide3dDemo.readout().position.slice(1, -1).split(', ')[2]) < z - 0.5, from);
    await touch('touchEnd');
    await phone.page.waitForFunction(() => window.collide3dDemo.values().walk === '0');
    await phone.close();
    expect(phone.problems).toEqual([]);
  });

  test('an unknown scene says so and links back', async () => {
    const { page, close } = await site.open('scene.html?scene=nope');
    expect(await page.locator('#explanation').textContent()).toContain('There is no scene called “nope”');
    await close();
  });
});
