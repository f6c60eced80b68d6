// Single-pair queries through the public JS API, one call per pair, next to three.js's equivalent method on the
// same pre-generated random inputs: collide3d is passed the very same three.js objects, tagged with their `type`
// (three.js field names are collide3d's), after three.js has been timed on them untagged.
// Prints ns/query, the ratio collide3d / three.js (< 1 is faster), and checks both agree on every answer.
// The batch columns run the same pairs in one call, their items in Float32Arrays (copied into the wasm heap by the
// call) and in HeapArrays (read in place). Every number is a float32, so all of them pose the same pairs. For
// ray–triangle, collide3d's C++ runs the batch natively on the same numbers too (build/native/c3d_batch_bench,
// g++ -O3 -march=native): the machine's limit.
// Usage: node bench/single-queries.mjs [--quick] [--json out.json] [--only text] (--only: the workloads whose name
// holds the text, e.g. --only sphere)
import * as THREE from 'three';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { init } from '../web/lib/index.js';
import { mulberry32 } from './random.mjs';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const PAIRS = quick ? 20_000 : 1_000_000;
const RUNS = quick ? 3 : 5;

const c3d = await init();

const NATIVE = new URL('../build/native/c3d_batch_bench', import.meta.url).pathname;

const random = mulberry32(12345);
const f = Math.fround;
const range = (lo, hi) => f(lo + (hi - lo) * random());
const rounded = (v) => v.set(f(v.x), f(v.y), f(v.z));
const point = () => new THREE.Vector3(range(-10, 10), range(-10, 10), range(-10, 10));
const direction = () => rounded(new THREE.Vector3(range(-1, 1), range(-1, 1), range(-1, 1)).normalize());
const threeRay = () => new THREE.Ray(point(), direction());
const threeTriangle = () => {
  const center = point();
  const corner = () => rounded(center.clone().add(point().multiplyScalar(0.3)));
  return new THREE.Triangle(corner(), corner(), corner());
};
const threeSphere = () => new THREE.Sphere(point(), range(0.5, 4));
const threeBox = () => {
  const a = point(), b = point().multiplyScalar(0.3);
  return new THREE.Box3(a, rounded(a.clone().add(b.set(Math.abs(b.x), Math.abs(b.y), Math.abs(b.z)))));
};
const threePlane = () => new THREE.Plane(direction(), range(-5, 5));
const threeSegment = () => new THREE.Line3(point(), point());

// Rays as an app casts them: half of them aimed at a point on or near the target (a pick under the cursor, a shot
// at an enemy), the rest in random directions, so the hit rate is what real scenes see rather than the near-zero
// of random rays. The aim point is jittered around the target, so some aimed rays graze or miss it.
const AIMED = 0.5;
const jitter = (v, size) => v.add(new THREE.Vector3(range(-1, 1), range(-1, 1), range(-1, 1)).multiplyScalar(size));
const AIM = {
  triangle: (t) => {
    const u = random(), v = random() * (1 - u);
    const p = t.a.clone().multiplyScalar(1 - u - v).addScaledVector(t.b, u).addScaledVector(t.c, v);
    return jitter(p, 0.1 * t.a.distanceTo(t.b));
  },
  sphere: (s) => jitter(s.center.clone(), 1.2 * s.radius),
  aabb: (b) => jitter(b.getCenter(new THREE.Vector3()), 0.35 * b.getSize(new THREE.Vector3()).length()),
};
const aimedRay = (makeTarget, aim) => () => {
  const target = makeTarget();
  if (random() >= AIMED) return [threeRay(), target];
  const origin = point();
  return [new THREE.Ray(origin, rounded(aim(target).sub(origin).normalize())), target];
};
const independent = (makeA, makeB) => () => [makeA(), makeB()];

const tag = (type) => (object) => Object.assign(object, { type });
const TAGS = { ray: tag('ray'), triangle: tag('triangle'), sphere: tag('sphere'), aabb: tag('aabb'),
  plane: tag('plane'), segment: tag('segment') };

const target = new THREE.Vector3();
const WORKLOADS = [
  {
    name: 'ray–triangle raycast', make: aimedRay(threeTriangle, AIM.triangle), tags: [TAGS.ray, TAGS.triangle],
    three: (r, t) => r.intersectTriangle(t.a, t.b, t.c, false, target) !== null,
    c3d: (r, t) => c3d.raycast(r, t) !== null, batch: (a, b, out) => c3d.raycastBatch(a, b, undefined, out),
  },
  {
    name: 'ray–sphere raycast', make: aimedRay(threeSphere, AIM.sphere), tags: [TAGS.ray, TAGS.sphere],
    three: (r, s) => r.intersectSphere(s, target) !== null,
    c3d: (r, s) => c3d.raycast(r, s) !== null, batch: (a, b, out) => c3d.raycastBatch(a, b, undefined, out),
  },
  {
    name: 'ray–box raycast', make: aimedRay(threeBox, AIM.aabb), tags: [TAGS.ray, TAGS.aabb],
    three: (r, b) => r.intersectBox(b, target) !== null,
    c3d: (r, b) => c3d.raycast(r, b) !== null, batch: (a, b, out) => c3d.raycastBatch(a, b, undefined, out),
  },
  {
    name: 'ray–plane raycast', make: independent(threeRay, threePlane), tags: [TAGS.ray, TAGS.plane],
    three: (r, p) => r.intersectPlane(p, target) !== null,
    c3d: (r, p) => c3d.raycast(r, p) !== null, batch: (a, b, out) => c3d.raycastBatch(a, b, undefined, out),
  },
  {
    name: 'sphere–plane intersects', make: independent(threeSphere, threePlane), tags: [TAGS.sphere, TAGS.plane],
    three: (s, p) => s.intersectsPlane(p), c3d: (s, p) => c3d.intersects(s, p), batch: (a, b, out) => c3d.intersectsBatch(a, b, out),
  },
  {
    name: 'sphere–sphere intersects', make: independent(threeSphere, threeSphere), tags: [TAGS.sphere, TAGS.sphere],
    three: (a, b) => a.intersectsSphere(b), c3d: (a, b) => c3d.intersects(a, b), batch: (a, b, out) => c3d.intersectsBatch(a, b, out),
  },
  {
    name: 'box–box intersects', make: independent(threeBox, threeBox), tags: [TAGS.aabb, TAGS.aabb],
    three: (a, b) => a.intersectsBox(b), c3d: (a, b) => c3d.intersects(a, b), batch: (a, b, out) => c3d.intersectsBatch(a, b, out),
  },
  {
    name: 'box–plane intersects', make: independent(threeBox, threePlane), tags: [TAGS.aabb, TAGS.plane],
    three: (b, p) => b.intersectsPlane(p), c3d: (b, p) => c3d.intersects(b, p), batch: (a, b, out) => c3d.intersectsBatch(a, b, out),
  },
  {
    name: 'triangle–box intersects', make: independent(threeTriangle, threeBox), tags: [TAGS.triangle, TAGS.aabb],
    three: (t, b) => b.intersectsTriangle(t), c3d: (t, b) => c3d.intersects(t, b), batch: (a, b, out) => c3d.intersectsBatch(a, b, out),
  },
  {
    name: 'segment–plane intersects', make: independent(threeSegment, threePlane), tags: [TAGS.segment, TAGS.plane],
    three: (s, p) => p.intersectsLine(s), c3d: (s, p) => c3d.intersects(s, p), batch: (a, b, out) => c3d.intersectsBatch(a, b, out),
  },
];

// The same pairs for the batch API: each side's shapes packed as their encoded numbers (the order of the fields).
const FIELDS = {
  ray: (r) => [r.origin.x, r.origin.y, r.origin.z, r.direction.x, r.direction.y, r.direction.z],
  segment: (s) => [s.start.x, s.start.y, s.start.z, s.end.x, s.end.y, s.end.z],
  triangle: (t) => [t.a.x, t.a.y, t.a.z, t.b.x, t.b.y, t.b.z, t.c.x, t.c.y, t.c.z],
  sphere: (s) => [s.center.x, s.center.y, s.center.z, s.radius],
  aabb: (b) => [b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z],
  plane: (p) => [p.normal.x, p.normal.y, p.normal.z, p.constant],
};
function pack(objects) {
  const type = objects[0].type, numbers = FIELDS[type](objects[0]).length;
  const items = new Float32Array(numbers * objects.length);
  objects.forEach((o, i) => items.set(FIELDS[type](o), numbers * i));
  return { type, items };
}
const inHeap = ({ type, items }) => {
  const heap = new c3d.HeapArray(Float32Array, items.length);
  heap.array.set(items);
  return { type, items: heap };
};

// Median ns per pair of one batch call over all pairs, after a warm-up call; also the hit count (intersects: the
// ones; raycast: the finite t). `out`: a typed array or a HeapArray for the answers.
function timeBatch(batch, a, b, out, pairs) {
  let hits = 0;
  const samples = [];
  for (let run = 0; run <= RUNS; ++run) {
    const start = performance.now();
    batch(a, b, out);
    if (run > 0) samples.push(((performance.now() - start) * 1e6) / pairs);
    const answers = out instanceof c3d.HeapArray ? out.array : out;
    hits = answers.reduce((n, x) => n + (answers instanceof Uint8Array ? x : x !== Infinity ? 1 : 0), 0);
  }
  samples.sort((x, y) => x - y);
  return { ns: samples[samples.length >> 1], hits };
}

// The ray–triangle batch natively on the same numbers: { ns, hits }, or undefined without the native build.
function nativeBatch(rays, triangles) {
  if (!existsSync(NATIVE)) return undefined;
  const file = join(mkdtempSync(join(tmpdir(), 'collide3d-batch-')), 'input.bin');
  writeFileSync(file, Buffer.concat([new Uint32Array([PAIRS, RUNS]), rays, triangles]
    .map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength))));
  const result = JSON.parse(execFileSync(NATIVE, [file], { encoding: 'utf8' }));
  return { ns: result.nsPerPair, hits: result.hits };
}

// Median ns per call over RUNS timed passes, after one warm-up pass; also returns the hit count.
function time(fn, as, bs) {
  let hits = 0;
  const samples = [];
  for (let run = 0; run <= RUNS; ++run) {
    hits = 0;
    const start = performance.now();
    for (let i = 0; i < as.length; ++i) if (fn(as[i], bs[i])) ++hits;
    if (run > 0) samples.push(((performance.now() - start) * 1e6) / as.length);
  }
  samples.sort((x, y) => x - y);
  return { ns: samples[samples.length >> 1], hits };
}

const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : null;
const rows = [];
// Timings over the pairs three.js answers with a hit (a true intersects), and over the others, for the single calls
// and the batch in the heap: the filters answer most misses before the call enters wasm, so the two differ.
function split(w, threeA, threeB, taggedA, taggedB, OutType) {
  const hit = threeA.map((a, i) => w.three(a, threeB[i]));
  const part = (want) => {
    const index = hit.flatMap((h, i) => (h === want ? [i] : []));
    if (index.length === 0) return undefined;
    const pick = (list) => index.map((i) => list[i]);
    const heapA = inHeap(pack(pick(taggedA))), heapB = inHeap(pack(pick(taggedB)));
    const heapOut = new c3d.HeapArray(OutType, index.length);
    const heap = timeBatch(w.batch, heapA, heapB, heapOut, index.length);
    [heapA.items, heapB.items, heapOut].forEach((h) => h.dispose());
    return { pairs: index.length, threeNs: time(w.three, pick(threeA), pick(threeB)).ns,
      c3dNs: time(w.c3d, pick(taggedA), pick(taggedB)).ns, heapBatchNs: heap.ns };
  };
  return { hits: part(true), misses: part(false) };
}

for (const w of WORKLOADS.filter((w) => only === null || w.name.includes(only))) {
  const pairs = Array.from({ length: PAIRS }, w.make);
  const threeA = pairs.map((p) => p[0]), threeB = pairs.map((p) => p[1]);
  const three = time(w.three, threeA, threeB);
  const taggedA = threeA.map(w.tags[0]), taggedB = threeB.map(w.tags[1]);
  const ours = time(w.c3d, taggedA, taggedB);
  const packedA = pack(taggedA), packedB = pack(taggedB);
  const OutType = w.name.includes('raycast') ? Float64Array : Uint8Array;
  const batch = timeBatch(w.batch, packedA, packedB, new OutType(PAIRS), PAIRS);
  const heapA = inHeap(packedA), heapB = inHeap(packedB), heapOut = new c3d.HeapArray(OutType, PAIRS);
  const heap = timeBatch(w.batch, heapA, heapB, heapOut, PAIRS);
  [heapA.items, heapB.items, heapOut].forEach((h) => h.dispose());
  const native = w.name === 'ray–triangle raycast' ? nativeBatch(packedA.items, packedB.items) : undefined;
  const { hits, misses } = split(w, threeA, threeB, taggedA, taggedB, OutType);
  rows.push({ workload: w.name, pairs: PAIRS, hitRate: three.hits / PAIRS, threeNs: three.ns, c3dNs: ours.ns,
    ratio: ours.ns / three.ns, batchNs: batch.ns, batchRatio: batch.ns / three.ns, heapBatchNs: heap.ns,
    heapBatchRatio: heap.ns / three.ns, nativeBatchNs: native?.ns, threeHits: three.hits, c3dHits: ours.hits,
    batchHits: batch.hits, heapBatchHits: heap.hits, nativeBatchHits: native?.hits, hits, misses });
}

const fmt = (x) => (x === undefined ? '–' : x.toFixed(1));
const pct = (x) => `${(100 * x).toFixed(1)} %`;
console.log(`\n| query (${PAIRS} random pairs, median of ${RUNS}) | hit rate | three.js ns | collide3d ns | collide3d / three.js | batch ns | batch / three.js | batch in heap ns | in heap / three.js | native batch ns | hits (three / collide3d / batch / in heap / native) |`);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  const hits = [r.threeHits, r.c3dHits, r.batchHits, r.heapBatchHits, r.nativeBatchHits].filter((x) => x !== undefined);
  const agree = hits.every((x) => x === hits[0]) ? '' : ' **MISMATCH**';
  console.log(`| ${r.workload} | ${pct(r.hitRate)} | ${fmt(r.threeNs)} | ${fmt(r.c3dNs)} | ${r.ratio.toFixed(2)} | ${fmt(r.batchNs)} | ${r.batchRatio.toFixed(2)} | ${fmt(r.heapBatchNs)} | ${r.heapBatchRatio.toFixed(2)} | ${fmt(r.nativeBatchNs)} | ${hits.join(' / ')}${agree} |`);
}
const ratio = (part, key) => (part ? (part[key] / part.threeNs).toFixed(2) : '–');
console.log('\n| query: hits / misses | three.js ns | collide3d ns | collide3d / three.js | batch in heap ns | in heap / three.js |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  for (const [label, part] of [['hits', r.hits], ['misses', r.misses]]) {
    console.log(`| ${r.workload}, ${label} (${part?.pairs ?? 0}) | ${fmt(part?.threeNs)} | ${fmt(part?.c3dNs)} | ${ratio(part, 'c3dNs')} | ${fmt(part?.heapBatchNs)} | ${ratio(part, 'heapBatchNs')} |`);
  }
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows, null, 2));
