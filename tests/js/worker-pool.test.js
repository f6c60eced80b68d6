// WorkerPool in node (worker_threads): batches cut into parts across workers give the calling thread's answers, number
// for number, in the batch's order (checked against hand-derived answers too, so that a part put in the wrong place
// shows); a side of one shape pairs with every part; a mesh shared with the workers answers as the mesh does; a bad
// item in any part is named by its place in the whole batch; arguments are read once, on the calling thread; a
// disposed pool or shared mesh refuses with a clear error; the calling thread's heap ends as it began.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';
import { frustumOfBox, v } from './helpers.js';
import { startWorker } from '../../web/lib/worker-thread.js';

let c3d, module, pool;
beforeAll(async () => {
  c3d = await init();
  module = c3d[Symbol.for('collide3d.module')];
  pool = await c3d.createWorkerPool({ workers: 3 });
});
afterAll(() => pool?.dispose());

// More items than the pool's parts take at their smallest (1024), so that every batch below is cut into several.
const N = 5000;

// Ray i runs along +x from (-10, i, 0); sphere i sits at (i % 7, i, 0) with radius 0.5 + (i % 3) / 4, so the ray
// meets it first at t = 10 + i % 7 - radius: a known answer for every pair, different from its neighbours'.
function raysAndSpheres(Type) {
  const rays = new Type(6 * N), spheres = new Type(4 * N), t = new Float64Array(N);
  for (let i = 0; i < N; ++i) {
    rays.set([-10, i, 0, 1, 0, 0], 6 * i);
    const radius = 0.5 + (i % 3) / 4;
    spheres.set([i % 7, i, 0, radius], 4 * i);
    t[i] = 10 + (i % 7) - radius;
  }
  return { casters: { type: 'ray', items: rays }, targets: { type: 'sphere', items: spheres }, t };
}

describe('WorkerPool', () => {
  it('starts a worker that loads collide3d.wasm itself where the compiled module cannot be posted to it', async () => {
    const thread = await startWorker(() => {});  // a function: a DataCloneError, as some browsers give for a module
    const answer = await new Promise((resolve, reject) => {
      thread.listen(resolve, reject);
      thread.post({ op: 'intersectsBatch', id: 7, a: { type: 'sphere', items: new Float32Array([0, 0, 0, 1]) },
        b: { type: 'sphere', items: new Float32Array([2, 0, 0, 1, 2.5, 0, 0, 1]) } });
    });
    thread.end();
    expect(answer).toEqual({ id: 7, answer: new Uint8Array([1, 0]) });  // touching at x = 1; 0.5 apart
  });

  it('has the workers asked for, checks the count, and refuses what is not a pool option', async () => {
    expect(pool.workers).toBe(3);
    await expect(c3d.createWorkerPool({ workers: 0 })).rejects.toThrow(
      new RangeError('collide3d.createWorkerPool: opts.workers must be an integer from 1 to 256 (got 0)'));
    await expect(c3d.createWorkerPool({ workers: 1.5 })).rejects.toThrow(RangeError);
    await expect(c3d.createWorkerPool({ workers: '2' })).rejects.toThrow(
      new TypeError('collide3d.createWorkerPool: opts.workers must be an integer (got "2")'));
    await expect(c3d.createWorkerPool(7)).rejects.toThrow(TypeError);
  });

  it('answers raycastBatch across parts as the calling thread does, in order', async () => {
    for (const Type of [Float32Array, Float64Array]) {
      const { casters, targets, t } = raysAndSpheres(Type);
      const answers = await pool.raycastBatch(casters, targets);
      expect(answers).toBeInstanceOf(Float64Array);
      expect(Array.from(answers)).toEqual(Array.from(t));
      expect(answers).toEqual(c3d.raycastBatch(casters, targets));
      // Options travel with every part.
      const limited = await pool.raycastBatch(casters, targets, { maxDistance: 12 });
      expect(Array.from(limited)).toEqual(Array.from(t, (x) => (x <= 12 ? x : Infinity)));
      const hollow = await pool.raycastBatch(casters, targets, { solid: false });
      expect(hollow).toEqual(c3d.raycastBatch(casters, targets, { solid: false }));
    }
  });

  it('pairs a side of one shape with every part, either side', async () => {
    // Rays straight down from z = 2 (even i) or up from z = -2 (odd i) at points of [-1.5, 1.5]^2, against one
    // triangle in z = 0 facing +z: with backfaceCulling, the downward rays inside it hit at t = 2, the others miss.
    const random = mulberry32(5);
    const rays = new Float64Array(6 * N), expected = new Float64Array(N);
    for (let i = 0; i < N; ++i) {
      const x = 3 * random() - 1.5, y = 3 * random() - 1.5, down = i % 2 === 0;
      rays.set([x, y, down ? 2 : -2, 0, 0, down ? -1 : 1], 6 * i);
      expected[i] = down && x >= -1 && y >= -1 && x + y <= 1 ? 2 : Infinity;
    }
    const one = { type: 'triangle', items: new Float64Array([-1, -1, 0, 2, -1, 0, -1, 2, 0]) };
    const casters = { type: 'ray', items: rays };
    const answers = await pool.raycastBatch(casters, one, { backfaceCulling: true });
    expect(answers).toEqual(expected);
    expect(answers.filter(Number.isFinite).length).toBeGreaterThan(1000);
    const boxes = { type: 'aabb', items: new Float32Array(6 * N).map((_, k) => (k % 6 < 3 ? -k / 6000 : k / 6000)) };
    const probe = { type: 'sphere', items: new Float32Array([2, 2, 2, 1]) };
    const meets = await pool.intersectsBatch(probe, boxes);
    expect(meets).toBeInstanceOf(Uint8Array);
    expect(meets).toEqual(c3d.intersectsBatch(probe, boxes));
    // Box i spans [-i/1000 - ..., ...]: it reaches the sphere's nearest point (2 - 1/√3 on each axis) once i is large.
    const reach = (i) => (6 * i + 5) / 6000 >= 2 - 1 / Math.sqrt(3);
    expect(Array.from(meets.slice(0, 1500), Boolean)).toEqual(Array.from({ length: 1500 }, (_, i) => reach(i)));
  });

  it('culls spheres and boxes across parts, the frustum read once (a three.js Frustum too)', async () => {
    const spheres = new Float64Array(4 * N), boxes = new Float32Array(6 * N);
    for (let i = 0; i < N; ++i) {
      spheres.set([i / 100, 0, 0, 0.25], 4 * i);  // inside [0, 10]^3 while its x - 0.25 <= 10
      boxes.set([i / 100, 0, 0, i / 100 + 1, 1, 1], 6 * i);
    }
    let reads = 0;
    const box = frustumOfBox(v(0, -5, -5), v(10, 5, 5));
    const counted = { type: 'frustum', get planes() { ++reads; return box.planes; } };
    const culled = await pool.cullSpheres(counted, spheres);
    expect(reads).toBe(1);
    expect(Array.from(culled)).toEqual(Array.from({ length: N }, (_, i) => (i / 100 - 0.25 <= 10 ? 1 : 0)));
    const three = new THREE.Frustum(...box.planes.map(({ normal, constant }) => new THREE.Plane(new THREE.Vector3(normal.x, normal.y, normal.z), constant)));
    const shape = { type: 'frustum', planes: three.planes };
    expect(await pool.cullBoxes(shape, boxes)).toEqual(c3d.cullBoxes(shape, boxes));
    expect(Array.from(await pool.cullBoxes(shape, boxes))).toEqual(Array.from({ length: N }, (_, i) => (i <= 1000 ? 1 : 0)));
    await expect(pool.cullSpheres({ type: 'sphere', center: v(0, 0, 0), radius: 1 }, spheres)).rejects.toThrow(
      new TypeError('collide3d.WorkerPool.cullSpheres: frustum.type must be "frustum" (got "sphere")'));
  });

  it('finds allPairs\' pairs, each once, a share in each worker: a touching lattice and random boxes', async () => {
    // A lattice of unit boxes with corners on the integers, 20 x 20 x 15 = 6,000 of them: each meets the (up to) 26
    // around it, touching at faces, edges or corners.
    const side = [20, 20, 15], boxes = new Float32Array(6 * 6000);
    let n = 0;
    for (let x = 0; x < side[0]; ++x) for (let y = 0; y < side[1]; ++y) for (let z = 0; z < side[2]; ++z) boxes.set([x, y, z, x + 1, y + 1, z + 1], 6 * n++);
    const pairs = await pool.allPairs(boxes);
    const key = (p) => Array.from({ length: p.length / 2 }, (_, k) => p[2 * k] * 6000 + p[2 * k + 1]).sort((a, b) => a - b);
    const found = key(pairs);
    // By hand: the pairs of lattice neighbours, counted along each of the 13 directions (dx, dy, dz) up to sign.
    let expected = 0;
    for (const [dx, dy, dz] of [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [1, -1, 0], [1, 0, 1], [1, 0, -1], [0, 1, 1], [0, 1, -1],
      [1, 1, 1], [1, 1, -1], [1, -1, 1], [1, -1, -1]]) {
      expected += (side[0] - Math.abs(dx)) * (side[1] - Math.abs(dy)) * (side[2] - Math.abs(dz));
    }
    expect(found.length).toBe(expected);
    expect(new Set(found).size).toBe(found.length);
    expect(found).toEqual(key(c3d.allPairs(boxes)));
    expect(found.every((k) => Math.floor(k / 6000) < k % 6000)).toBe(true);
    // Random boxes of many sizes, in doubles; a bad box anywhere named as allPairs names it.
    const random = mulberry32(11);
    const many = new Float64Array(6 * N).map((_, k) => random());
    for (let i = 0; i < N; ++i) for (let a = 0; a < 3; ++a) many[6 * i + a + 3] = many[6 * i + a] + 10 ** (-2 - 2 * random());
    expect(key(await pool.allPairs(many))).toEqual(key(c3d.allPairs(many)));
    many[6 * 4444 + 5] = many[6 * 4444 + 2] - 1;
    await expect(pool.allPairs(many)).rejects.toThrow(
      new RangeError(`collide3d.WorkerPool.allPairs: boxes, aabb 4444: min.z must be <= max.z = ${many[6 * 4444 + 5]} (got ${many[6 * 4444 + 2]})`));
    many[6 * 123 + 1] = NaN;
    await expect(pool.allPairs(many)).rejects.toThrow(new RangeError('collide3d.WorkerPool.allPairs: boxes[739] must be a finite number (got NaN)'));
    expect(await pool.allPairs(new Float32Array(0))).toEqual(new Uint32Array(0));
  });

  it('casts against a shared mesh as the mesh does, first and any hits', async () => {
    const geometry = new THREE.TorusKnotGeometry(1, 0.4, 200, 30);
    const mesh = new c3d.TriangleMesh(geometry.attributes.position.array, geometry.index.array);
    const random = mulberry32(9);
    const rays = new Float32Array(6 * N);
    for (let i = 0; i < N; ++i) {
      const to = [random() - 0.5, random() - 0.5, random() - 0.5].map((x) => 2 * x);
      const from = [4 * random() - 2, 4 * random() - 2, 4];
      const d = to.map((x, k) => x - from[k]);
      rays.set([...from, ...d], 6 * i);
    }
    const pooled = await pool.share(mesh);
    expect(pooled.triangleCount).toBe(mesh.triangleCount);
    for (const opts of [undefined, { hits: 'any' }, { maxDistance: 4, backfaceCulling: true }]) {
      const got = await pooled.raycastBatch(rays, opts), expected = mesh.raycastBatch(rays, opts);
      expect(got.t).toEqual(expected.t);
      expect(got.triangleIndex).toEqual(expected.triangleIndex);
    }
    // Against single raycasts too: ray 4321's first hit.
    const o = 6 * 4321, first = (await pooled.raycastBatch(rays)).t[4321];
    const single = mesh.raycast({ type: 'ray', origin: v(rays[o], rays[o + 1], rays[o + 2]), direction: v(rays[o + 3], rays[o + 4], rays[o + 5]) });
    expect(first).toBe(single === null ? Infinity : single.t);
    // The copy stays as the mesh was when shared, whatever becomes of the mesh.
    mesh.dispose();
    expect((await pooled.raycastBatch(rays)).t[4321]).toBe(first);
    pooled.dispose();
    pooled.dispose();
    await expect(pooled.raycastBatch(rays)).rejects.toThrow(new Error('collide3d.PooledMesh.raycastBatch: the mesh was disposed'));
    await expect(pool.share(mesh)).rejects.toThrow(new Error('collide3d.WorkerPool.share: the mesh was disposed'));
    await expect(pool.share({})).rejects.toThrow(
      new TypeError('collide3d.WorkerPool.share: mesh must be a TriangleMesh of this instance (got an object)'));
  });

  it('names a bad item by its place in the whole batch, whichever part holds it', async () => {
    const fn = 'collide3d.WorkerPool.raycastBatch';
    const { casters, targets } = raysAndSpheres(Float64Array);
    targets.items[4 * 4321 + 3] = -1;
    await expect(pool.raycastBatch(casters, targets)).rejects.toThrow(
      new RangeError(`${fn}: targets.items, sphere 4321: radius must be >= 0 (got -1)`));
    targets.items[4 * 4321 + 3] = 1;
    casters.items[6 * 3210 + 1] = NaN;
    await expect(pool.raycastBatch(casters, targets)).rejects.toThrow(
      new RangeError(`${fn}: casters.items[19261] must be a finite number (got NaN)`));
    // The calling thread's call says the same, under its own name.
    expect(() => c3d.raycastBatch(casters, targets)).toThrow(
      new RangeError('collide3d.raycastBatch: casters.items[19261] must be a finite number (got NaN)'));
    casters.items[6 * 3210 + 1] = 0;
    await expect(pool.raycastBatch(casters, { type: 'sphere', items: [0, 0, 0, 1] })).rejects.toThrow(
      new TypeError('collide3d.WorkerPool.raycastBatch: targets.items must be a Float32Array or Float64Array, or a HeapArray of one (got an array of length 4)'));
    await expect(pool.raycastBatch(casters, targets, { maxDistance: 'far' })).rejects.toThrow(TypeError);
    await expect(pool.intersectsBatch(casters, { type: 'plane', items: new Float64Array(8) })).rejects.toThrow(
      new RangeError('collide3d.WorkerPool.intersectsBatch: b.items must hold 1 or 5000 shapes, as many as a (got 2)'));
    const mesh = new c3d.TriangleMesh(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
    const pooled = await pool.share(mesh);
    const rays = new Float64Array(6 * N).fill(1);
    rays[6 * 4999 + 4] = 0; rays[6 * 4999 + 3] = 0; rays[6 * 4999 + 5] = 0;
    await expect(pooled.raycastBatch(rays)).rejects.toThrow(/^collide3d\.PooledMesh\.raycastBatch: rays, ray 4999: direction/);
    await expect(pooled.raycastBatch(rays, { hits: 'all' })).rejects.toThrow(
      new TypeError("collide3d.PooledMesh.raycastBatch: opts.hits must be 'first' or 'any' (got \"all\")"));
    pooled.dispose();
    mesh.dispose();
  });

  it('takes HeapArrays and empty batches, reading each option once', async () => {
    const { casters, targets, t } = raysAndSpheres(Float32Array);
    const heapRays = new c3d.HeapArray(Float32Array, 6 * N);
    heapRays.array.set(casters.items);
    let reads = 0;
    const opts = { get maxDistance() { ++reads; return Infinity; } };
    const answers = await pool.raycastBatch({ type: 'ray', items: heapRays }, targets, opts);
    expect(reads).toBe(1);
    expect(Array.from(answers)).toEqual(Array.from(t));
    heapRays.dispose();
    const none = { type: 'ray', items: new Float32Array(0) };
    expect(await pool.raycastBatch(none, { type: 'sphere', items: new Float32Array(0) })).toEqual(new Float64Array(0));
  });

  it('refuses every call once disposed, and leaves the calling thread\'s heap as it was', async () => {
    const { casters, targets } = raysAndSpheres(Float64Array);
    c3d.raycastBatch(casters, targets);  // the calling thread's batch space, grown once to this batch's size
    const heap = module.heapBytesInUse();
    const spare = await c3d.createWorkerPool({ workers: 1 });
    const mesh = new c3d.TriangleMesh(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
    (await spare.share(mesh)).dispose();
    mesh.dispose();
    expect(await spare.raycastBatch(casters, targets)).toEqual(c3d.raycastBatch(casters, targets));
    const pending = spare.raycastBatch(casters, targets);
    spare.dispose();
    await expect(pending).rejects.toThrow(new Error('collide3d.WorkerPool.raycastBatch: the pool was disposed'));
    await expect(spare.intersectsBatch(casters, targets)).rejects.toThrow(
      new Error('collide3d.WorkerPool.intersectsBatch: the pool was disposed'));
    spare.dispose();
    expect(module.heapBytesInUse()).toBe(heap);
  });
});
