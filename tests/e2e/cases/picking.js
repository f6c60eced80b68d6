// The picking scene's objects, rebuilt here in node from the scene's own builder, raycast with three.js's own raycast
// (nothing is installed in this process) along the ray the page picked with: the page's hits, through collide3d/three
// or through three.js, must be these: the same objects, instances and triangles, and the same numbers up to rounding
// (the browser's Math.sin, which places the objects, may differ from node's in the last bit). The outlined triangle
// must hold the hit point, and only the hit instance may wear the highlight colour.
import { expect } from 'vitest';
import * as THREE from 'three';
import { hitSummary, pickables } from '../../../web/demo/src/scenes/picking-objects.js';
import { literal } from '../../../web/demo/src/framework/recorded-calls.js';
import { init } from '../../../web/lib/index.js';
import { installAcceleratedRaycast } from '../../../web/lib/three/index.js';

const built = new Map();  // phase -> the objects posed at it

/** three.js's hits for the page's inputs; with firstHitOnly, each object's nearest (three-mesh-bvh's meaning). */
export function expectedHits({ ray, phase, firstHitOnly }) {
  if (!built.has(phase)) built.set(phase, Object.values(pickables(phase)));
  const raycaster = new THREE.Raycaster();
  raycaster.ray.origin.copy(ray.origin);
  raycaster.ray.direction.copy(ray.direction);
  const hits = raycaster.intersectObjects(built.get(phase), false);
  const kept = firstHitOnly ? hits.filter((hit, i) => hits.findIndex((other) => other.object === hit.object) === i) : hits;
  return kept.map(hitSummary);
}

/** The page's hits are `expected`: ids exactly, distance, point and uv to 1e-9 (relative). */
export function expectSameHits(hits, expected) {
  const close = (a, b) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
  const ids = ({ object, faceIndex, instanceId }) => ({ object, faceIndex, instanceId });
  expect(hits.map(ids)).toEqual(expected.map(ids));
  hits.forEach((hit, i) => {
    const want = expected[i];
    close(hit.distance, want.distance);
    for (const k of ['x', 'y', 'z']) close(hit.point[k], want.point[k]);
    expect(hit.uv === undefined).toBe(want.uv === undefined);
    if (want.uv !== undefined) for (const k of ['x', 'y']) close(hit.uv[k], want.uv[k]);
  });
}

const minus = (a, b) => new THREE.Vector3(a.x - b.x, a.y - b.y, a.z - b.z);

// The hit point lies in the outlined triangle: in its plane, with barycentric coordinates in [0, 1].
function expectOnTriangle(point, [a, b, c]) {
  const ab = minus(b, a), ac = minus(c, a), ap = minus(point, a);
  const normal = new THREE.Vector3().crossVectors(ab, ac);
  expect(normal.length()).toBeGreaterThan(0);
  expect(Math.abs(ap.dot(normal)) / normal.length()).toBeLessThan(1e-9);
  const barycoord = THREE.Triangle.getBarycoord(point, a, b, c, new THREE.Vector3());
  for (const w of barycoord.toArray()) expect(w).toBeGreaterThanOrEqual(-1e-9);
}

function expectAsThree({ result, readout }) {
  const { hits, triangle, recoloured } = result;
  expectSameHits(hits, expectedHits(result.inputs));
  expect(readout.hits).toBe(String(hits.length));
  for (let i = 1; i < hits.length; ++i) expect(hits[i].distance).toBeGreaterThanOrEqual(hits[i - 1].distance);
  const first = hits[0];
  if (first === undefined) {
    expect(triangle).toBeNull();
    expect(recoloured).toEqual([]);
    expect(readout.object).toBeUndefined();
    return;
  }
  expectOnTriangle(first.point, triangle);
  expect(recoloured).toEqual(first.instanceId === undefined ? [] : [first.instanceId]);
  expect(readout.instanceId).toBe(first.instanceId === undefined ? '–' : String(first.instanceId));
  expect(readout.faceIndex).toBe(String(first.faceIndex));
  expect(Number(readout.distance)).toBeCloseTo(first.distance, 3);
}

const AsyncFunction = (async () => {}).constructor;

/**
 * The code panel (picking.js's code()) runs in node as shown, its imports in scope, and gives the page's hits; its
 * claim is the page's answer. The drop-in it installs is taken out again (this process compares with three.js's own).
 */
async function expectCodeAsPage({ result, code }) {
  const lines = code.text.split('\n');
  expect(lines.at(-1)).toBe(`// → ${literal(result.hits)}`);
  const body = lines.filter((line) => !line.startsWith('import ') && !line.startsWith('// →')).join('\n')
    .replace(/\n(raycaster\.intersectObjects\(objects, false\)\.map\(hitSummary\);)$/, '\nreturn $1');
  let uninstall = () => {};
  const install = () => (uninstall = installAcceleratedRaycast());
  try {
    const hits = await new AsyncFunction('THREE', 'init', 'installAcceleratedRaycast', 'hitSummary', 'pickables', body)(
      THREE, init, install, hitSummary, pickables);
    expectSameHits(hits, result.hits);
  } finally {
    uninstall();
  }
}

let figureHits = null;  // the walker's leg at phase 0.2 through collide3d, to compare with three.js's raycast in the page

export default [
  {
    // The default pointer, on the knot's near tube, 16 units from the camera at (0.5, 6.5, 15.5).
    set: { walk: false, measure: false, phase: 0.2, raycast: 'collide3d', firstHitOnly: true, pointerX: -0.025, pointerY: 0.12 },
    async check({ result, readout, code }) {
      expectAsThree({ result, readout });
      await expectCodeAsPage({ result, code });
      expect(result.hits[0].object).toBe('knot');
      expect(readout.object).toBe('Mesh (knot)');
      expect(result.hits[0].distance).toBeGreaterThan(14);
      expect(result.hits[0].distance).toBeLessThan(18);
    },
  },
  {
    // Every hit: the ray passes through the ring's instances and two strands of the knot (front faces only).
    set: { firstHitOnly: false, pointerX: 0.05, pointerY: 0.25 },
    async check({ result, readout, code }) {
      expectAsThree({ result, readout });
      await expectCodeAsPage({ result, code });
      expect(result.hits.filter((hit) => hit.object === 'knot').length).toBe(2);
      expect(result.hits.length).toBeGreaterThan(2);
    },
  },
  {
    set: { firstHitOnly: true, pointerX: 0.1, pointerY: -0.15 },
    check({ result, readout }) {
      expectAsThree({ result, readout });
      expect(result.hits[0].object).toBe('instances');
      expect(readout.object).toBe('InstancedMesh (instances)');
    },
  },
  {
    // Another instance: the first one's colour is back to its own.
    set: { pointerX: -0.2, pointerY: 0 },
    check({ result, readout }) {
      expectAsThree({ result, readout });
      expect(result.hits[0].object).toBe('instances');
    },
  },
  {
    // The walker's back leg at phase 0.2 (a posed tree refitted from the bones).
    set: { pointerX: 0.73, pointerY: -0.25 },
    check({ result, readout }) {
      expectAsThree({ result, readout });
      expect(result.hits.map((hit) => hit.object)).toEqual(['figure']);
      expect(readout.object).toBe('SkinnedMesh (figure)');
      figureHits = result.hits;
    },
  },
  {
    // Half a stride later the leg has swung out of the ray: refitted again, and missed as three.js misses it.
    set: { phase: 0.7 },
    check({ result, readout }) {
      expectAsThree({ result, readout });
      expect(result.hits.map((hit) => hit.object)).not.toContain('figure');
    },
  },
  {
    // three.js's own raycast in the page: the same answer as collide3d's at phase 0.2.
    set: { phase: 0.2, raycast: 'three.js' },
    async check({ result, readout, code }) {
      expectAsThree({ result, readout });
      expect(code.text).toContain("// three.js's own raycast: nothing installed");
      await expectCodeAsPage({ result, code });
      expect(result.hits).toEqual(figureHits);
    },
  },
  {
    // Above the scene: nothing.
    set: { pointerX: 0.9, pointerY: 0.4 },
    check({ result, readout }) {
      expectAsThree({ result, readout });
      expect(result.hits).toEqual([]);
    },
  },
];
