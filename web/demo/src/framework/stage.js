// The 3D stage every scene shares: renderer, camera with orbit controls, the draggable handles (groups a scene
// hangs its meshes on) with a TransformControls gizmo, picking by click or tap, the pointer's position for scenes
// that pick what is under it, resizing, and rendering on demand: a frame is drawn only after something changed (or
// while a frame hook animates), so an idle scene costs nothing.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { TransformControls } from 'three/addons/controls/TransformControls.js';

const BACKGROUND = 0x111418;
const CLICK_SLOP_PX = 5;

export function createStage(canvas, { cameraPosition = [7, 6, 9], cameraTarget = [0, 0, 0] } = {}) {
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(BACKGROUND);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x404858, 2.2));
  const sun = new THREE.DirectionalLight(0xffffff, 1.2);
  sun.position.set(4, 10, 6);
  scene.add(sun);
  const grid = new THREE.GridHelper(40, 40, 0x3a4150, 0x262b34);
  grid.position.y = -3;
  scene.add(grid);

  const camera = new THREE.PerspectiveCamera(45, 1, 0.05, 200);
  camera.position.fromArray(cameraPosition);
  const orbit = new OrbitControls(camera, canvas);
  orbit.target.fromArray(cameraTarget);
  orbit.update();

  const gizmo = new TransformControls(camera, canvas);
  gizmo.setSize(0.8);
  scene.add(gizmo.getHelper());
  gizmo.addEventListener('dragging-changed', (event) => { orbit.enabled = !event.value; });

  const handles = new Map();  // name → { group, rotatable }
  const listeners = { change: [], select: [], pointer: [] };
  let selected = null;
  let gizmoMode = 'translate';
  let frameRequested = false;
  const frameHooks = [];

  function requestRender() {
    if (frameRequested) return;
    frameRequested = true;
    requestAnimationFrame(drawFrame);
  }

  function drawFrame(time) {
    frameRequested = false;
    for (const hook of frameHooks) if (hook(time)) requestRender();
    renderer.render(scene, camera);
    // How long the page took to show its scene, for anyone measuring (the browser tests report it).
    if (performance.getEntriesByName('collide3d: first frame').length === 0) performance.mark('collide3d: first frame');
  }

  orbit.addEventListener('change', requestRender);
  gizmo.addEventListener('change', requestRender);
  gizmo.addEventListener('objectChange', () => {
    for (const listener of listeners.change) listener(selected);
  });

  function applyGizmoMode() {
    const rotatable = selected !== null && handles.get(selected).rotatable;
    gizmo.setMode(gizmoMode === 'rotate' && rotatable ? 'rotate' : 'translate');
  }

  function select(name) {
    selected = name;
    if (name === null) gizmo.detach();
    else gizmo.attach(handles.get(name).group);
    applyGizmoMode();
    for (const listener of listeners.select) listener(name);
    requestRender();
  }

  // The pointer in normalized device coordinates (x and y in [-1, 1], y up), as Raycaster.setFromCamera takes it.
  function toDevice(event) {
    const rect = canvas.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * 2 - 1, y: -((event.clientY - rect.top) / rect.height) * 2 + 1 };
  }

  // A mouse hovering (no button down: a drag orbits or moves the gizmo) tells the pointer listeners where it is.
  canvas.addEventListener('pointermove', (event) => {
    if (event.buttons !== 0 || event.pointerType === 'touch' || gizmo.dragging) return;
    const at = toDevice(event);
    for (const listener of listeners.pointer) listener(at);
  });

  // A click or tap (a press that did not move, so not an orbit) selects the handle under it, or clears the selection,
  // and tells the pointer listeners where it landed (a touch screen's only hover).
  const pointer = new THREE.Vector2();
  const raycaster = new THREE.Raycaster();
  let pressed = null;
  canvas.addEventListener('pointerdown', (event) => { pressed = { x: event.clientX, y: event.clientY }; });
  canvas.addEventListener('pointerup', (event) => {
    if (pressed === null || gizmo.dragging) return;
    const moved = Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y);
    pressed = null;
    if (moved > CLICK_SLOP_PX) return;
    const at = toDevice(event);
    pointer.set(at.x, at.y);
    raycaster.setFromCamera(pointer, camera);
    select(pickHandle(raycaster));
    for (const listener of listeners.pointer) listener(at);
  });

  function pickHandle(caster) {
    const groups = [...handles.values()].map((handle) => handle.group);
    for (const hit of caster.intersectObjects(groups, true)) {
      if (!hit.object.visible || hit.object.userData.noPick) continue;
      for (let node = hit.object; node !== null; node = node.parent) {
        if (node.userData.handleName !== undefined) return node.userData.handleName;
      }
    }
    return null;
  }

  function resize() {
    const { clientWidth: width, clientHeight: height } = canvas;
    if (width === 0 || height === 0) return;
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    requestRender();
  }
  new ResizeObserver(resize).observe(canvas);
  resize();

  return {
    THREE, scene, camera, renderer, orbit,
    requestRender,
    /** A group the user can drag (and rotate, when rotatable); the scene adds its meshes to it. */
    addHandle(name, { rotatable = false } = {}) {
      const group = new THREE.Group();
      group.userData.handleName = name;
      scene.add(group);
      handles.set(name, { group, rotatable });
      return group;
    },
    handle: (name) => handles.get(name).group,
    handleNames: () => [...handles.keys()],
    select,
    get selected() { return selected; },
    setGizmoMode(mode) { gizmoMode = mode; applyGizmoMode(); requestRender(); },
    /** Called with the handle's name while the user drags it. */
    onChange: (listener) => listeners.change.push(listener),
    onSelect: (listener) => listeners.select.push(listener),
    /** Called with { x, y } in normalized device coordinates when a mouse hovers over the canvas or a click or tap lands. */
    onPointer: (listener) => listeners.pointer.push(listener),
    /** A hook run before every frame; returning true asks for another frame (an animation). */
    onFrame: (hook) => frameHooks.push(hook),
    /** Where a handle's origin appears on the canvas, in CSS pixels from its top-left corner; null if `name` is no handle. */
    screenPosition(name) {
      if (!handles.has(name)) return null;
      const point = handles.get(name).group.getWorldPosition(new THREE.Vector3()).project(camera);
      return { x: (point.x + 1) / 2 * canvas.clientWidth, y: (1 - point.y) / 2 * canvas.clientHeight };
    },
    /** Draws a frame now and summarises its pixels: how much differs from the background, and in how many colours. */
    pixelSummary() {
      renderer.render(scene, camera);
      const gl = renderer.getContext();
      const width = gl.drawingBufferWidth, height = gl.drawingBufferHeight;
      const pixels = new Uint8Array(width * height * 4);
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
      const bg = [(BACKGROUND >> 16) & 255, (BACKGROUND >> 8) & 255, BACKGROUND & 255];
      const colours = new Set();
      let covered = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        const differs = Math.abs(pixels[i] - bg[0]) + Math.abs(pixels[i + 1] - bg[1]) + Math.abs(pixels[i + 2] - bg[2]) > 24;
        if (differs) covered += 1;
        colours.add((pixels[i] >> 4) << 8 | (pixels[i + 1] >> 4) << 4 | pixels[i + 2] >> 4);
      }
      return { width, height, covered: covered / (width * height), colours: colours.size };
    },
  };
}
