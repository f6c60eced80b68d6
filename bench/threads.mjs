// Every core: the batch queries on the calling thread against the same calls split across a WorkerPool of 1, 2, ...
// workers (up to the machine's threads). Workloads: rays against the 1M-triangle torus knot (first hits, about 95 %
// hit), pair raycasts (rays against spheres, cylinders and triangles, aimed so a fifth to a third hit), box–box
// intersectsBatch and sphere culling, 1M items each; allPairs among 100k boxes (the broadphase bench's). Each pool's
// answers must equal the calling thread's, number for number (allPairs' pairs as a set). The pool copies every item to
// a worker and every answer back: a batch whose query costs less than that copy gains little, which the rows show.
// Usage: node bench/threads.mjs [--quick] [--json out.json]
import * as THREE from 'three';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { init } from '../web/lib/index.js';
import { medianEachAsync } from './median.mjs';
import { mulberry32 } from './random.mjs';
import { makeRays } from './workloads/mesh-raycast.js';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const RUNS = quick ? 1 : 5;
const RAYS = quick ? 20_000 : 200_000;
const PAIRS = quick ? 50_000 : 1_000_000;
const BOXES = quick ? 10_000 : 100_000;
const KNOT = quick ? [200, 50] : [2500, 200];  // tubular, radial segments: 2 * t * r triangles
const threads = availableParallelism();
const WORKERS = [...new Set([1, 2, threads])].filter((n) => n <= Math.max(2, threads));

const c3d = await init();
const random = mulberry32(7);
const uniform = (lo, hi) => lo + (hi - lo) * random();

// n items of `size` numbers from make(i) -> array of numbers, as a Float32Array.
function items(n, size, make) {
  const out = new Float32Array(n * size);
  for (let i = 0; i < n; ++i) out.set(make(i), i * size);
  return out;
}
// A ray from a random point on a sphere of radius 8 towards a point near the origin.
function aimedRay(spread) {
  const o = [uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)];
  const s = 8 / Math.hypot(...o);
  const from = o.map((x) => x * s), to = [uniform(-spread, spread), uniform(-spread, spread), uniform(-spread, spread)];
  const d = to.map((x, k) => x - from[k]), l = Math.hypot(...d);
  return [...from, ...d.map((x) => x / l)];
}
const near = () => [uniform(-0.5, 0.5), uniform(-0.5, 0.5), uniform(-0.5, 0.5)];

const geometry = new THREE.TorusKnotGeometry(1, 0.4, ...KNOT);
const mesh = new c3d.TriangleMesh(geometry.attributes.position.array, geometry.index.array);
const rays = makeRays(random, RAYS);

const workloads = [
  {
    name: `first hits on a ${mesh.triangleCount}-triangle knot, ${RAYS} rays`, count: RAYS,
    calling: () => mesh.raycastBatch(rays),
    pool: (pool, shared) => shared.raycastBatch(rays),
    hits: (answer) => answer.triangleIndex.filter((k) => k >= 0).length,
    equal: (a, b) => a.t.every((t, i) => Object.is(t, b.t[i])) && a.triangleIndex.every((k, i) => k === b.triangleIndex[i]),
  },
  ...[
    ['sphere', 4, () => [...near(), uniform(0.3, 1)], 0.9],
    ['cylinder', 7, () => { const c = near(); return [...c, ...c.map((x) => x + uniform(-1, 1)), uniform(0.2, 0.6)]; }, 0.7],
    ['triangle', 9, () => { const c = near(); return [0, 1, 2].flatMap(() => c.map((x) => x + uniform(-1, 1))); }, 0.5],
  ].map(([type, size, make, spread]) => {
    const casters = { type: 'ray', items: items(PAIRS, 6, () => aimedRay(spread)) };
    const targets = { type, items: items(PAIRS, size, make) };
    return {
      name: `ray–${type} raycastBatch, ${PAIRS} pairs`, count: PAIRS,
      calling: () => c3d.raycastBatch(casters, targets),
      pool: (pool) => pool.raycastBatch(casters, targets),
      hits: (t) => t.filter(Number.isFinite).length,
      equal: (a, b) => a.every((t, i) => Object.is(t, b[i])),
    };
  }),
  (() => {
    const box = () => { const c = [uniform(-1.5, 1.5), uniform(-1.5, 1.5), uniform(-1.5, 1.5)], h = uniform(0.2, 1); return [...c.map((x) => x - h), ...c.map((x) => x + h)]; };
    const a = { type: 'aabb', items: items(PAIRS, 6, box) }, b = { type: 'aabb', items: items(PAIRS, 6, box) };
    return {
      name: `box–box intersectsBatch, ${PAIRS} pairs`, count: PAIRS,
      calling: () => c3d.intersectsBatch(a, b),
      pool: (pool) => pool.intersectsBatch(a, b),
      hits: (answer) => answer.reduce((s, x) => s + x, 0),
      equal: (x, y) => x.every((v, i) => v === y[i]),
    };
  })(),
  (() => {
    // The broadphase bench's boxes: log-uniform sizes 10^-3..10^-1 in the unit cube.
    const boxes = items(BOXES, 6, () => [0, 1, 2].map(() => random())).map((x, k) => (k % 6 < 3 ? x : 0));
    for (let i = 0; i < BOXES; ++i) for (let a = 0; a < 3; ++a) boxes[6 * i + a + 3] = boxes[6 * i + a] + 10 ** (-3 + 2 * random());
    const key = (pairs) => Array.from({ length: pairs.length / 2 }, (_, k) => pairs[2 * k] * BOXES + pairs[2 * k + 1]).sort((a, b) => a - b);
    return {
      name: `allPairs, ${BOXES} boxes`, count: BOXES,
      calling: () => c3d.allPairs(boxes),
      pool: (pool) => pool.allPairs(boxes),
      hits: (pairs) => pairs.length / 2, per: 'pairs a box',
      equal: (a, b) => { const [x, y] = [key(a), key(b)]; return x.length === y.length && x.every((v, i) => v === y[i]); },
    };
  })(),
  (() => {
    const camera = new THREE.PerspectiveCamera(60, 1.5, 0.1, 100);
    camera.updateMatrixWorld();
    const frustum = new THREE.Frustum().setFromProjectionMatrix(camera.projectionMatrix.clone().multiply(camera.matrixWorldInverse));
    const shape = { type: 'frustum', planes: frustum.planes };
    const spheres = items(PAIRS, 4, () => [uniform(-60, 60), uniform(-60, 60), uniform(-110, 10), uniform(0.1, 2)]);
    return {
      name: `cullSpheres, ${PAIRS} spheres`, count: PAIRS,
      calling: () => c3d.cullSpheres(shape, spheres),
      pool: (pool) => pool.cullSpheres(shape, spheres),
      hits: (answer) => answer.reduce((s, x) => s + x, 0),
      equal: (x, y) => x.every((v, i) => v === y[i]),
    };
  })(),
];

const pools = [];
for (const workers of WORKERS) {
  const pool = await c3d.createWorkerPool({ workers });
  const start = performance.now();
  const shared = await pool.share(mesh);
  pools.push({ workers, pool, shared, shareMs: performance.now() - start });
}

const rows = [];
for (const w of workloads) {
  const passes = [w.calling, ...pools.map(({ pool, shared }) => () => w.pool(pool, shared))];
  const timed = await medianEachAsync(RUNS, passes);
  const reference = timed[0].result;
  const agree = timed.slice(1).every(({ result }) => w.equal(reference, result));
  rows.push({
    workload: w.name, hitRate: w.hits(reference) / w.count, rateOf: w.per ?? 'hits', callingMs: timed[0].ms,
    poolMs: Object.fromEntries(pools.map(({ workers }, k) => [workers, timed[k + 1].ms])), agree,
  });
}
for (const { pool, shared } of pools) {
  shared.dispose();
  pool.dispose();
}
mesh.dispose();

const f = (x, digits = 1) => x.toFixed(digits);
console.log(`\n| batch (median of ${RUNS}; ${threads} hardware threads) | hits | calling thread ms | ${WORKERS.map((n) => `pool of ${n} ms`).join(' | ')} | ${WORKERS.map((n) => `× with ${n}`).join(' | ')} |`);
console.log(`|---|---:|---:|${WORKERS.map(() => '---:').join('|')}|${WORKERS.map(() => '---:').join('|')}|`);
for (const r of rows) {
  const ms = WORKERS.map((n) => f(r.poolMs[n])), speedup = WORKERS.map((n) => f(r.callingMs / r.poolMs[n], 2));
  const rate = r.rateOf === 'hits' ? `${f(100 * r.hitRate)} %` : `${f(r.hitRate, 2)} ${r.rateOf}`;
  console.log(`| ${r.workload} | ${rate} | ${f(r.callingMs)} | ${ms.join(' | ')} | ${speedup.join(' | ')} |${r.agree ? '' : ' **MISMATCH**'}`);
}
console.log(`\nSharing the knot with each pool (serialize, copy, rebuild in every worker): ${pools.map((p) => `${p.workers}: ${f(p.shareMs)} ms`).join(', ')}`);
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify({ rows, shareMs: pools.map((p) => [p.workers, p.shareMs]) }, null, 2));
