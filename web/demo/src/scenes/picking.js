// Picking a three.js scene: raycaster.intersectObjects over 5,000 instances, a 131,072-triangle knot and a walking
// skinned figure, through collide3d/three's drop-in or three.js's own raycast. The pick under the pointer is
// highlighted and described; a burst of rays through random pixels every frame measures rays per second.
import * as THREE from 'three';
import { installAcceleratedRaycast } from 'collide3d/three';
import { shortNumber } from '../framework/params.js';
import { literal } from '../framework/recorded-calls.js';
import { mulberry32 } from '../framework/random.js';
import { COLORS, arrow, marker, polyline, vectorText } from '../framework/visuals.js';
import { hitSummary, hitTriangle, kindOf, pickables, pose } from './picking-objects.js';

export const explanation = `<code>raycaster.intersectObjects</code> after <code>installAcceleratedRaycast()</code>
  from <code>collide3d/three</code>. <b>Knot</b>, 131,072 triangles: <code>computeBoundsTree()</code> built a tree of
  its triangles once, in the geometry's own space, where the inverse of <code>matrixWorld</code> carries each ray.
  <b>5,000 instances</b>: a tree of the shared geometry and one over the instances' boxes, so a ray visits only the
  instances it reaches (<code>instanceId</code>). <b>Walker</b>, a <code>SkinnedMesh</code>: after its bones move,
  the next raycast refits a tree of the posed vertices rather than build one. Hits become three.js's
  <code>Intersection</code>s by three.js's formulas: switch to three.js's raycast (every instance, and every triangle
  in a bounding sphere the ray meets) and only rays/s change; except through a crack between two triangles, where
  collide3d, exact, hits one and three.js's float test can miss both.`;

// The code behind the answer (collide3d/three's JavaScript over the library's trees), which the page shows on request.
export const kernels = ['web/lib/three/accelerated-raycast.js', 'web/lib/three/bounds-tree.js', 'web/lib/three/raycast-instanced.js'];

/**
 * The code panel's text (this scene's answers come through three.js's raycaster, which the recorder does not see):
 * the pick as an app would make it, with the pointer's ray written out (the page gets it from
 * raycaster.setFromCamera(pointer, camera)), and the hits it gave as plain data. The browser test runs it in node.
 */
export function code({ inputs: { ray, phase, firstHitOnly, raycast }, hits }) {
  const vector = ({ x, y, z }) => `new THREE.Vector3(${x}, ${y}, ${z})`;
  const drop = raycast === 'collide3d';
  return [
    "import * as THREE from 'three';",
    "import init from 'collide3d';",
    "import { installAcceleratedRaycast } from 'collide3d/three';",
    "import { hitSummary, pickables } from './picking-objects.js';  // the scene's objects; a hit as plain data",
    '',
    'await init();',
    drop ? 'installAcceleratedRaycast();' : "// three.js's own raycast: nothing installed",
    `const objects = Object.values(pickables(${phase}));  // the instances, the knot, the walker posed at ${phase}`,
    ...(drop ? ['for (const object of objects) object.geometry.computeBoundsTree();'] : []),
    '// The ray under the pointer: raycaster.setFromCamera(pointer, camera) gives it on the page.',
    `const raycaster = new THREE.Raycaster(${vector(ray.origin)},`,
    `  ${vector(ray.direction)});`,
    `raycaster.firstHitOnly = ${firstHitOnly};`,
    'raycaster.intersectObjects(objects, false).map(hitSummary);',
    `// → ${literal(hits)}`,
  ].join('\n');
}

export const hint = 'Move the mouse over the scene (or tap) to pick what is under it; drag to orbit, scroll or pinch to ' +
  'zoom. The URL keeps the pick: copy it to share.';

export const params = {
  pointerX: { type: 'number', value: -0.025, min: -1, max: 1, step: 0.001, label: 'pointer x' },
  pointerY: { type: 'number', value: 0.12, min: -1, max: 1, step: 0.001, label: 'pointer y' },
  raycast: { type: 'choice', value: 'collide3d', options: ['collide3d', 'three.js'] },
  firstHitOnly: { type: 'boolean', value: true },
  walk: { type: 'boolean', value: true },
  phase: { type: 'number', value: 0.2, min: 0, max: 1, step: 0.001, label: 'walk phase' },
  measure: { type: 'boolean', value: true, label: 'live rays/s' },
};

export const camera = [0.5, 6.5, 15.5];
// Orbit about a point left of the knot, so the scene sits right of the info panel.
export const target = [-1.8, -0.8, 0];
// On a phone, further back and aimed lower: the knot and the walker above the panel.
export const narrow = { camera: [17, 12, 21], target: [2.2, -2.2, 0] };

const STRIDE_MS = 1400;  // one walk cycle
const BURST_MS = 8;  // the rays/s burst's share of a frame
const WINDOW_MS = 500;  // rays/s is shown over this long

export function create({ stage, values, set, live }) {
  const objects = pickables(values.phase);
  const list = Object.values(objects);
  stage.scene.add(...list);
  // The trees are built once; putting three.js's raycast back leaves them in place for the next switch.
  let uninstall = installAcceleratedRaycast();
  for (const object of list) object.geometry.computeBoundsTree();
  let installed = 'collide3d';

  const outline = polyline(COLORS.result, { closed: true });
  outline.material.depthTest = false;
  outline.renderOrder = 2;
  const hitMarker = marker(COLORS.result, 0.045);
  const normal = arrow(COLORS.normal, 0.6);
  stage.scene.add(outline, hitMarker, normal);

  const raycaster = new THREE.Raycaster();
  const device = new THREE.Vector2();
  const highlight = new THREE.Color(COLORS.result);
  const colors = objects.instances.instanceColor;
  const baseColors = colors.array.slice();
  let lit = null;  // the instance painted in the highlight colour

  function use(raycast) {
    if (raycast === installed) return;
    if (raycast === 'three.js') uninstall();
    else uninstall = installAcceleratedRaycast();
    installed = raycast;
  }

  function paintInstance(instanceId) {
    const { instances } = objects;
    if (lit !== null) colors.array.set(baseColors.subarray(3 * lit, 3 * lit + 3), 3 * lit);
    lit = instanceId ?? null;
    if (lit !== null) instances.setColorAt(lit, highlight);
    colors.needsUpdate = true;
  }

  // The instances whose colour is not their own (the test checks it is the hit one alone).
  function recoloured() {
    const found = [];
    for (let i = 0; i < baseColors.length; ++i) {
      if (colors.array[i] !== baseColors[i] && found.at(-1) !== Math.floor(i / 3)) found.push(Math.floor(i / 3));
    }
    return found;
  }

  // The hit's triangle outlined, its point marked, and its face normal (three.js's, in the object's space) carried to
  // the world by the normal matrix of the object's placement, turned towards the ray.
  const placement = new THREE.Matrix4(), normalMatrix = new THREE.Matrix3(), faceNormal = new THREE.Vector3();
  function showHit(hit) {
    outline.visible = hitMarker.visible = normal.visible = hit !== undefined;
    for (const object of [objects.knot, objects.figure]) {
      object.material.emissive.setHex(hit?.object === object ? 0x3a2e00 : 0);  // a glow on the mesh picked
    }
    paintInstance(hit?.instanceId);
    if (hit === undefined) return null;
    const triangle = hitTriangle(hit);
    outline.show(triangle);
    hitMarker.position.copy(hit.point);
    placement.copy(hit.object.matrixWorld);
    if (hit.instanceId !== undefined) placement.multiply(hit.object.getMatrixAt(hit.instanceId, new THREE.Matrix4()));
    faceNormal.copy(hit.face.normal).applyMatrix3(normalMatrix.getNormalMatrix(placement)).normalize();
    if (faceNormal.dot(raycaster.ray.direction) > 0) faceNormal.negate();
    normal.show(hit.point, faceNormal);
    return triangle;
  }

  // Rays per second: a burst through random pixels every frame, sized to take about BURST_MS, summed over WINDOW_MS
  // and started afresh when the raycast or firstHitOnly changes.
  const bench = { caster: new THREE.Raycaster(), random: mulberry32(1), setup: '', burst: 1, rays: 0, ms: 0, since: 0 };
  function measure(now) {
    const { caster, random } = bench;
    const setup = `${values.raycast}, ${values.firstHitOnly ? 'first hit' : 'all hits'}`;
    if (setup !== bench.setup) Object.assign(bench, { setup, burst: 1, rays: 0, ms: 0, since: now });
    caster.firstHitOnly = values.firstHitOnly;
    const start = performance.now();
    for (let i = 0; i < bench.burst; ++i) {
      caster.setFromCamera(device.set(2 * random() - 1, 2 * random() - 1), stage.camera);
      caster.intersectObjects(list, false);
    }
    const ms = performance.now() - start;
    bench.rays += bench.burst;
    bench.ms += ms;
    bench.burst = Math.max(1, Math.min(65536, Math.round(bench.burst * BURST_MS / Math.max(ms, 0.05))));
    if (now - bench.since < WINDOW_MS) return;
    live([['rays/s', Math.round(bench.rays / (bench.ms / 1000)).toLocaleString('en-US')],
      ['per ray', `${(1000 * bench.ms / bench.rays).toFixed(1)} µs`], ['measured', setup]]);
    Object.assign(bench, { rays: 0, ms: 0, since: now });
  }

  let last = null;
  stage.onFrame((now) => {
    if (values.walk) set({ phase: (values.phase + (last === null ? 0 : Math.min(now - last, 100)) / STRIDE_MS) % 1 });
    last = values.walk ? now : null;
    if (values.measure) measure(now);
    else live([]);
    return values.walk || values.measure;
  });
  stage.onPointer(({ x, y }) => set({ pointerX: x, pointerY: y }));

  return ({ pointerX, pointerY, raycast, firstHitOnly, phase }) => {
    use(raycast);
    pose(objects.figure, phase);
    stage.camera.updateMatrixWorld();
    raycaster.setFromCamera(device.set(pointerX, pointerY), stage.camera);
    raycaster.firstHitOnly = firstHitOnly;
    const hits = raycaster.intersectObjects(list, false);
    const first = hits[0];
    const triangle = showHit(first);
    const { origin, direction } = raycaster.ray;
    const inputs = { ray: { origin: { ...origin }, direction: { ...direction } }, phase, firstHitOnly, raycast };
    const rows = [['hits', String(hits.length)]];
    if (first !== undefined) {
      rows.push(['object', `${kindOf(first.object)} (${first.object.name})`],
        ['instanceId', String(first.instanceId ?? '–')], ['faceIndex', String(first.faceIndex)],
        ['distance', shortNumber(first.distance)], ['point', vectorText(first.point)],
        ['uv', first.uv ? `(${shortNumber(first.uv.x)}, ${shortNumber(first.uv.y)})` : '–']);
    }
    return { rows, result: { inputs, hits: hits.map(hitSummary), triangle, recoloured: recoloured() } };
  };
}
