// The playground page (playground.html): a snippet edited in the page and run against the library, the shapes it
// shows drawn and what it returns printed. Objects of the library's it builds and leaves undisposed are disposed
// before the next run, so running again and again holds the heap flat. The URL keeps the code; code that came from
// a URL runs only when Run is pressed (a link cannot run code by itself), the built-in examples at once.
// window.collide3dPlayground runs code for the browser tests.
import * as THREE from 'three';
import init from 'collide3d';
import { createStage } from '../framework/stage.js';
import { drawValue } from '../framework/shape-drawing.js';
import { literal, plain } from '../framework/recorded-calls.js';
import { examples } from './examples.js';

const AsyncFunction = (async () => {}).constructor;
// The library's classes whose objects hold wasm memory until disposed.
const OWNERS = ['ConvexHull', 'TriangleMesh', 'AabbTree', 'SegmentTree', 'HeapArray'];

const c3d = await init();
const built = [];
const api = Object.freeze({
  ...c3d,
  ...Object.fromEntries(OWNERS.map((name) => [name, new Proxy(c3d[name], {
    construct(Class, args) {
      const object = new Class(...args);
      built.push(object);
      return object;
    },
  })])),
});

const stage = createStage(document.getElementById('scene'), { cameraPosition: [2, 5, 10], cameraTarget: [-2.5, 0, 0] });
const drawn = new THREE.Group();
stage.scene.add(drawn);
const source = document.getElementById('source'), output = document.getElementById('output');
const picker = document.getElementById('examples');
picker.append(...Object.keys(examples).map((name) => new Option(name, name)));

function clear() {
  for (const object of built.splice(0)) object.dispose();
  drawn.traverse((node) => node.geometry?.dispose());
  drawn.clear();
}

/** Runs `code`; returns what the page then shows: the output, whether it failed, and how many values were drawn. */
async function run(code) {
  clear();
  history.replaceState(null, '', `?code=${encodeURIComponent(code)}`);
  let shown = 0;
  const show = (value) => {
    const object = drawValue(value, c3d);
    if (object !== null) {
      drawn.add(object);
      shown += 1;
    }
    return value;
  };
  let failed = false;
  try {
    const value = await new AsyncFunction('c3d', 'show', 'THREE', code)(api, show, THREE);
    output.textContent = value === undefined ? '(nothing returned)' : literal(plain(value));
  } catch (error) {
    failed = true;
    output.textContent = `${error.name}: ${error.message}`;
  }
  output.classList.toggle('error', failed);
  stage.requestRender();
  return { output: output.textContent, failed, shown };
}

function load(name) {
  source.value = examples[name];
  picker.value = name;
  return run(source.value);
}

document.getElementById('run').addEventListener('click', () => run(source.value));
source.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    run(source.value);
  }
});
picker.addEventListener('change', () => load(picker.value));

const fromUrl = new URLSearchParams(location.search).get('code');
if (fromUrl === null) {
  await load(Object.keys(examples)[0]);
} else {
  source.value = fromUrl;
  picker.value = '';
  output.textContent = 'Press Run to run this code.';
}

window.collide3dPlayground = {
  run: (code) => {
    source.value = code;
    return run(code);
  },
  load,
  examples: () => Object.keys(examples),
  pixelSummary: () => stage.pixelSummary(),
};
document.body.dataset.ready = 'true';
