// Frustum culling over typed arrays: every item gets the decision of the single query intersects(frustum, shape)
// (checked item by item on random scenes seen by three.js cameras, float32 and float64), three.js's own culling
// agrees on them, touching items are kept and items one float32 ulp beyond a plane are culled, bad input is a clear
// error, and the heap stays flat however many calls are made.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { fromFrustum } from '../../web/lib/three/index.js';
import { mulberry32 } from '../../bench/random.mjs';

let c3d;
beforeAll(async () => { c3d = await init(); });

// A three.js camera at a random place looking at a random point, and its frustum.
function randomFrustum(random) {
  const camera = new THREE.PerspectiveCamera(30 + random() * 60, 0.5 + random() * 1.5, 0.1 + random(), 20 + random() * 80);
  camera.position.set(random() * 40 - 20, random() * 40 - 20, random() * 40 - 20);
  camera.lookAt(random() * 10 - 5, random() * 10 - 5, random() * 10 - 5);
  camera.updateMatrixWorld();
  const matrix = new THREE.Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
  return new THREE.Frustum().setFromProjectionMatrix(matrix);
}

// The unit cube [-1, 1]^3 as a frustum (normals inward).
const cube = {
  type: 'frustum',
  planes: [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]].map(([x, y, z]) => (
    { normal: { x, y, z }, constant: 1 })),
};

describe('cullSpheres and cullBoxes', () => {
  it('give every item the decision of intersects(frustum, shape), in float32 and float64, as three.js does', () => {
    const random = mulberry32(91);
    let visible = 0, total = 0;
    for (let scene = 0; scene < 20; scene += 1) {
      const threeFrustum = randomFrustum(random);
      const frustum = fromFrustum(threeFrustum);
      const n = 1000;
      for (const Type of [Float32Array, Float64Array]) {
        const spheres = new Type(4 * n), boxes = new Type(6 * n);
        for (let i = 0; i < n; i += 1) {
          spheres.set([random() * 80 - 40, random() * 80 - 40, random() * 80 - 40, random() * 4], 4 * i);
          const x = random() * 80 - 40, y = random() * 80 - 40, z = random() * 80 - 40;
          boxes.set([x, y, z, x + random() * 6, y + random() * 6, z + random() * 6], 6 * i);
        }
        const sphereMask = c3d.cullSpheres(frustum, spheres), boxMask = c3d.cullBoxes(frustum, boxes);
        for (let i = 0; i < n; i += 1) {
          const [cx, cy, cz, r] = spheres.subarray(4 * i, 4 * i + 4);
          const sphere = { type: 'sphere', center: { x: cx, y: cy, z: cz }, radius: r };
          expect(sphereMask[i]).toBe(c3d.intersects(frustum, sphere) ? 1 : 0);
          expect(sphereMask[i] === 1).toBe(threeFrustum.intersectsSphere(new THREE.Sphere(new THREE.Vector3(cx, cy, cz), r)));
          const [x0, y0, z0, x1, y1, z1] = boxes.subarray(6 * i, 6 * i + 6);
          const box = { type: 'aabb', min: { x: x0, y: y0, z: z0 }, max: { x: x1, y: y1, z: z1 } };
          expect(boxMask[i]).toBe(c3d.intersects(frustum, box) ? 1 : 0);
          expect(boxMask[i] === 1).toBe(threeFrustum.intersectsBox(new THREE.Box3(new THREE.Vector3(x0, y0, z0), new THREE.Vector3(x1, y1, z1))));
          visible += sphereMask[i] + boxMask[i];
          total += 2;
        }
      }
    }
    expect(visible).toBeGreaterThan(total * 0.05);
    expect(visible).toBeLessThan(total * 0.95);
  });

  it('decide items touching a plane up to rounding (where the rounded test hands over to the exact one) as intersects does', () => {
    const random = mulberry32(93);
    let checked = 0;
    for (let scene = 0; scene < 20; scene += 1) {
      const frustum = fromFrustum(randomFrustum(random));
      const n = 500;
      const spheres = new Float64Array(4 * n), boxes = new Float64Array(6 * n);
      for (let i = 0; i < n; i += 1) {
        // A point of plane k (the foot of a random point), moved out along the unit normal by -r: touching, rounded.
        const { normal, constant } = frustum.planes[i % 6];
        const length = Math.hypot(normal.x, normal.y, normal.z);
        const p = [random() * 40 - 20, random() * 40 - 20, random() * 40 - 20];
        const s = (normal.x * p[0] + normal.y * p[1] + normal.z * p[2] + constant) / length;
        const r = random() * 3, k = -(s + r) / length;
        spheres.set([p[0] + normal.x * k, p[1] + normal.y * k, p[2] + normal.z * k, r], 4 * i);
        // A box whose corner furthest along the normal lies on the plane (rounded).
        const c = [p[0] - normal.x * s / length, p[1] - normal.y * s / length, p[2] - normal.z * s / length];
        const w = [random() * 2, random() * 2, random() * 2];
        const lo = [0, 1, 2].map((j) => ([normal.x, normal.y, normal.z][j] >= 0 ? c[j] - w[j] : c[j]));
        boxes.set([...lo, lo[0] + w[0], lo[1] + w[1], lo[2] + w[2]], 6 * i);
      }
      const sphereMask = c3d.cullSpheres(frustum, spheres), boxMask = c3d.cullBoxes(frustum, boxes);
      for (let i = 0; i < n; i += 1) {
        const [x, y, z, r] = spheres.subarray(4 * i, 4 * i + 4);
        expect(sphereMask[i]).toBe(c3d.intersects(frustum, { type: 'sphere', center: { x, y, z }, radius: r }) ? 1 : 0);
        const [x0, y0, z0, x1, y1, z1] = boxes.subarray(6 * i, 6 * i + 6);
        const box = { type: 'aabb', min: { x: x0, y: y0, z: z0 }, max: { x: x1, y: y1, z: z1 } };
        expect(boxMask[i]).toBe(c3d.intersects(frustum, box) ? 1 : 0);
        checked += 2;
      }
    }
    expect(checked).toBe(20000);
  });

  it('keep items touching a plane and cull them one float32 ulp beyond it', () => {
    const beyond = (x) => new Float32Array(new Float64Array([x]))[0] === x
      ? x + 2 ** (Math.floor(Math.log2(x)) - 23) : NaN;  // the next float32 above x (x > 0 a float32)
    // A sphere centred at x = 1.5 with radius 0.5 touches x = 1; one ulp further out it does not.
    const spheres = new Float32Array([1.5, 0, 0, 0.5, beyond(1.5), 0, 0, 0.5, 0, -1.75, 0, 0.75, 0, 0, 0, 0]);
    expect([...c3d.cullSpheres(cube, spheres)]).toEqual([1, 0, 1, 1]);
    // Boxes: touching the face z = 1 from beyond, touching an edge, one ulp beyond, and a point inside.
    const boxes = new Float32Array([0, 0, 1, 1, 1, 2, 1, 1, 0, 2, 2, 0.5, 0, 0, beyond(1), 1, 1, 2, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]);
    expect([...c3d.cullBoxes(cube, boxes)]).toEqual([1, 1, 0, 1]);
  });

  it('write into a given Uint8Array and accept empty input', () => {
    const visible = new Uint8Array(2).fill(7);
    expect(c3d.cullSpheres(cube, new Float64Array([0, 0, 0, 1, 9, 9, 9, 1]), visible)).toBe(visible);
    expect([...visible]).toEqual([1, 0]);
    expect(c3d.cullBoxes(cube, new Float32Array(0))).toEqual(new Uint8Array(0));
  });

  it('reject bad input with errors naming the function, the argument and the value', () => {
    const error = (f) => { try { f(); } catch (e) { return `${e.constructor.name}: ${e.message}`; } return 'no error'; };
    expect(error(() => c3d.cullSpheres(cube, [0, 0, 0, 1])))
      .toBe('TypeError: collide3d.cullSpheres: spheres must be a Float32Array or Float64Array, or a HeapArray of one (got an array of length 4)');
    expect(error(() => c3d.cullSpheres(cube, new Float32Array(6))))
      .toBe('RangeError: collide3d.cullSpheres: spheres.length must be a multiple of 4 (got 6)');
    expect(error(() => c3d.cullSpheres(cube, new Float32Array([0, 0, 0, 1, 0, 0, 0, -2]))))
      .toBe('RangeError: collide3d.cullSpheres: spheres, sphere 1: radius must be >= 0 (got -2)');
    expect(error(() => c3d.cullBoxes(cube, new Float64Array([0, 0, 0, 1, 1, 1, 0, Infinity, 0, 1, 1, 1]))))
      .toBe('RangeError: collide3d.cullBoxes: boxes[7] must be a finite number (got Infinity)');
    expect(error(() => c3d.cullBoxes(cube, new Float64Array([0, 0, 0, 1, -1, 1]))))
      .toBe('RangeError: collide3d.cullBoxes: boxes, aabb 0: min.y must be <= max.y = -1 (got 0)');
    expect(error(() => c3d.cullBoxes(cube, new Float32Array(6), new Uint8Array(2))))
      .toBe('RangeError: collide3d.cullBoxes: visible.length must be 1, one per item (got 2)');
    expect(error(() => c3d.cullBoxes(cube, new Float32Array(6), [0])))
      .toBe('TypeError: collide3d.cullBoxes: visible must be a Uint8Array or a HeapArray of one (got an array of length 1)');
    expect(error(() => c3d.cullSpheres({ type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: 1 }, new Float32Array(4))))
      .toBe('TypeError: collide3d.cullSpheres: frustum.type must be "frustum" (got "sphere")');
    const flat = { type: 'frustum', planes: cube.planes.map((p, i) => (i === 2 ? { ...p, normal: { x: 0, y: 0, z: 0 } } : p)) };
    expect(error(() => c3d.cullSpheres(flat, new Float32Array(4)))).toMatch(/^RangeError: collide3d.cullSpheres: frustum.planes\[2\].normal/);
  });

  it('keep the heap flat over many calls, growing its buffer only for larger input', () => {
    const module = c3d[Symbol.for('collide3d.module')];
    const spheres = new Float32Array(4 * 1000).fill(0.25), out = new Uint8Array(1000);
    c3d.cullSpheres(cube, spheres, out);
    const bytes = module.heapBytesInUse();
    for (let i = 0; i < 10000; i += 1) c3d.cullSpheres(cube, spheres.subarray(0, 4 * (i % 1000)), out.subarray(0, i % 1000));
    expect(module.heapBytesInUse()).toBe(bytes);
    c3d.cullBoxes(cube, new Float64Array(6 * 100000));  // more than the buffer holds: it is replaced, not added to
    const grown = module.heapBytesInUse();
    for (let i = 0; i < 1000; i += 1) c3d.cullBoxes(cube, new Float64Array(6 * 1000));
    expect(module.heapBytesInUse()).toBe(grown);
    expect(grown - bytes).toBeLessThan(6 * 8 * 100000 * 2 + 100000);
  });
});
