// The scene page (scene.html?scene=<id>&<params>): loads collide3d and one scene module, builds its handles and
// panel from the scene's parameter list (and its hard cases), runs the scene's update after every change, shows the
// readout, the code behind it and the library's source on request, and keeps the URL in step. `?embed` hides the chrome for iframes. window.collide3dDemo is a small hook for tests and for
// people in the console: it sets parameters and reads back what the page shows.
import GUI from 'lil-gui';
import init from 'collide3d';
import { catalog } from '../catalog.js';
import { formatParam, parseParam, readParams, writeParams } from './params.js';
import { codeOf, recordingApi } from './recorded-calls.js';
import { createStage } from './stage.js';

// The library's sources a scene names (`kernels`: paths from the repository's root), each loaded when first shown.
const SOURCES = import.meta.glob(['../../../../cpp/collide3d/**/*.{h,cpp}', '../../../lib/three/*.js'], { query: '?raw', import: 'default' });
const sourceKey = (path) => (path.startsWith('web/') ? `../../../${path.slice(4)}` : `../../../../${path}`);

function showSources(paths) {
  const panel = document.getElementById('kernels');
  const nav = panel.querySelector('nav'), text = panel.querySelector('pre');
  panel.hidden = paths.length === 0;
  const buttons = paths.map((path) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = path.split('/').pop();
    button.title = path;
    button.addEventListener('click', async () => {
      buttons.forEach((b) => b.classList.toggle('shown', b === button));
      text.textContent = `// ${path}\n${await SOURCES[sourceKey(path)]()}`;
    });
    return button;
  });
  nav.replaceChildren(...buttons);
  panel.addEventListener('toggle', () => { if (panel.open && text.textContent === '') buttons[0].click(); });
}

const search = new URLSearchParams(location.search);
const embed = search.has('embed');
document.body.classList.toggle('embed', embed);

const entry = catalog.find((scene) => scene.id === search.get('scene'));
if (entry === undefined) {
  document.getElementById('title').textContent = 'No such scene';
  document.getElementById('explanation').innerHTML =
    `There is no scene called “${escapeHtml(search.get('scene') ?? '')}”. <a href="./index.html">See every scene.</a>`;
  document.body.dataset.ready = 'missing';
} else {
  await start(entry);
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function start({ id, title, load }) {
  const [c3d, scene] = await Promise.all([init(), load()]);
  document.title = `${title} — collide3d`;
  document.getElementById('title').textContent = title;
  document.getElementById('explanation').innerHTML = scene.explanation;
  if (scene.hint !== undefined) document.querySelector('.hint').textContent = scene.hint;

  const specs = scene.params;
  const values = readParams(specs, search);
  // A phone's panel sits below the scene rather than beside it (style.css), and its view is narrow: a scene may start
  // its camera elsewhere there.
  const narrow = matchMedia('(max-width: 700px)').matches;
  const view = narrow && scene.narrow !== undefined ? scene.narrow : scene;
  const stage = createStage(document.getElementById('scene'), { cameraPosition: view.camera, cameraTarget: view.target });
  const handles = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.type !== 'transform') continue;
    handles[name] = stage.addHandle(name, { rotatable: spec.rotation !== undefined });
    placeHandle(name, values[name]);
  }
  // A scene that changes its own parameters (the pointer it picks under, an animation's time) calls `set`; one that
  // measures something as it runs (rays per second) shows it with `live`, apart from the readout: the URL
  // reproduces the readout, not a timing.
  const live = document.getElementById('live');
  // The scene's calls to collide3d are recorded for the code panel; `quiet` is the library unrecorded, for calls
  // that only draw; `describe` says how the code builds the scene's own data (recorded-calls.js).
  const recording = recordingApi(c3d);
  const update = scene.create({
    stage, c3d: recording.api, quiet: c3d, describe: recording.describe, handles, values,
    set: (changes) => setValues(changes),
    live: (rows) => live.replaceChildren(...rows.map(readoutRow)),
  });

  function placeHandle(name, value) {
    const group = handles[name];
    group.position.set(value[0], value[1], value[2]);
    if (value.length === 6) group.rotation.set(...value.slice(3).map((deg) => deg * Math.PI / 180));
  }

  function readHandle(name) {
    const { position, rotation } = handles[name];
    const value = position.toArray();
    if (specs[name].rotation) value.push(...[rotation.x, rotation.y, rotation.z].map((rad) => rad * 180 / Math.PI));
    return value;
  }

  // The panel: one control per parameter (a folder of coordinates per handle), the gizmo mode (when there are
  // handles), and links.
  // On a phone it starts closed, so that it does not cover the scene.
  const gui = new GUI({ title: 'Parameters' });
  if (narrow) gui.close();
  // On a phone the explanation is a sheet opened by its summary, so that the scene and its answer come first.
  if (narrow) document.getElementById('how').open = false;
  const gizmo = { mode: 'translate' };
  if (Object.keys(handles).length > 0) {
    gui.add(gizmo, 'mode', { 'move (W)': 'translate', 'rotate (E)': 'rotate' }).name('gizmo')
      .onChange((mode) => stage.setGizmoMode(mode));
  }
  const proxies = {};
  for (const [name, spec] of Object.entries(specs)) {
    const label = spec.label ?? name;
    if (spec.type === 'transform') {
      const folder = gui.addFolder(label).close();
      proxies[name] = {};
      const axes = spec.rotation ? ['x', 'y', 'z', 'rotate x°', 'rotate y°', 'rotate z°'] : ['x', 'y', 'z'];
      axes.forEach((axis, i) => {
        Object.defineProperty(proxies[name], axis, {
          get: () => readHandle(name)[i],
          set: (x) => { const value = readHandle(name); value[i] = x; placeHandle(name, value); },
        });
        folder.add(proxies[name], axis, i < 3 ? -10 : -180, i < 3 ? 10 : 180, i < 3 ? 0.01 : 1).onChange(refresh);
      });
    } else if (spec.type === 'number') {
      gui.add(values, name, spec.min, spec.max, spec.step).name(label).onChange(refresh);
    } else if (spec.type === 'boolean') {
      gui.add(values, name).name(label).onChange(refresh);
    } else {
      gui.add(values, name, spec.options).name(label).onChange(refresh);
    }
  }
  // The hard cases a scene names (touching, coplanar, degenerate): picking one sets its parameters.
  if (scene.presets !== undefined) {
    const pick = { case: '' };
    gui.add(pick, 'case', ['', ...Object.keys(scene.presets)]).name('hard case')
      .onChange((name) => { if (name !== '') setValues(scene.presets[name]); });
  }
  const actions = {
    'copy link': () => navigator.clipboard?.writeText(location.href),
    reset: () => { location.search = `?scene=${id}${embed ? '&embed' : ''}`; },
  };
  gui.add(actions, 'copy link');
  gui.add(actions, 'reset');
  if (embed) gui.hide();

  window.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement) return;
    const mode = { w: 'translate', e: 'rotate' }[event.key.toLowerCase()];
    if (mode === undefined) return;
    gizmo.mode = mode;
    gui.controllersRecursive().forEach((controller) => controller.updateDisplay());
    stage.setGizmoMode(mode);
  });

  showSources(scene.kernels ?? []);

  const readout = document.getElementById('readout');
  const code = document.querySelector('#code pre');
  document.querySelector('#code button').addEventListener('click', (event) => {
    event.preventDefault();  // copy without opening or closing the panel
    navigator.clipboard?.writeText(code.textContent);
  });
  let lastResult = null, lastCalls = [];
  let urlTimer = 0;

  function refresh() {
    for (const name of Object.keys(handles)) values[name] = readHandle(name);
    stage.scene.updateMatrixWorld();  // so scenes can map handle-local points to the world right away
    recording.reset();
    const { rows, result } = update(values);
    lastResult = result;
    lastCalls = recording.calls();
    readout.replaceChildren(...rows.map(readoutRow));
    // A scene answered through three.js's raycaster (picking) writes its own code: the recorder sees no calls.
    code.textContent = scene.code ? scene.code(result) : codeOf(lastCalls);
    code.parentElement.hidden = code.textContent === '' || (!scene.code && lastCalls.length === 0);
    stage.requestRender();
    clearTimeout(urlTimer);
    urlTimer = setTimeout(writeUrl, 150);
  }

  // One row of the readout: a label and its value.
  function readoutRow([label, text]) {
    const row = document.createElement('div');
    row.className = 'row';
    row.dataset.key = label;
    const name = document.createElement('span');
    name.textContent = label;
    const output = document.createElement('output');
    output.textContent = text;
    row.append(name, output);
    return row;
  }

  // What rows of the readout (or the live rows) show, as label → text.
  function rowsOf(element) {
    return Object.fromEntries([...element.children].map((row) => [row.dataset.key, row.lastChild.textContent]));
  }

  // Sets parameters ({ name: value }, transforms as [x, y, z] or [x, y, z, degX, degY, degZ]) and updates; the URL
  // follows a moment later.
  function setValues(changes) {
    for (const [name, value] of Object.entries(changes)) {
      if (specs[name] === undefined) throw new Error(`scene ${id} has no parameter ${name}`);
      if (specs[name].type === 'transform') placeHandle(name, value);
      else values[name] = parseParam(specs[name], formatParam(specs[name], value));  // clamped as a URL value would be
    }
    gui.controllersRecursive().forEach((controller) => controller.updateDisplay());
    refresh();
  }

  function writeUrl() {
    history.replaceState(null, '', writeParams(id, specs, values, embed ? ['embed'] : []));
  }

  stage.onChange(() => {
    refresh();
    gui.controllersRecursive().forEach((controller) => controller.updateDisplay());
  });
  refresh();
  writeUrl();

  window.collide3dDemo = {
    scene: id,
    /** The library's answer behind the readout (plain data). */
    get result() { return lastResult; },
    /** The readout as label → text. */
    readout: () => rowsOf(readout),
    /** The code panel's text, and the calls it shows with the answers the page got (recorded-calls.js). */
    code: () => ({ text: code.textContent, calls: lastCalls }),
    values: () => Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, formatParam(spec, values[name])])),
    /** Sets parameters as a scene's `set` does, writes the URL now, and returns the new answer. */
    set(changes) {
      setValues(changes);
      writeUrl();
      return lastResult;
    },
    /** The rows a scene shows with `live` (timings), as label → text. */
    live: () => rowsOf(live),
    select: (name) => stage.select(name),
    /** The handle the gizmo is attached to, or null. */
    get selected() { return stage.selected; },
    screenPosition: (name) => stage.screenPosition(name),
    pixelSummary: () => stage.pixelSummary(),
  };
  document.body.dataset.ready = 'true';
}
