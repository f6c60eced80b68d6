// Mesh raycasts: three.js TorusKnotGeometry meshes (10k and 1M triangles), random unit rays aimed at them and a
// camera's rays through every pixel (coherent: first hits only).
// Builds: three-mesh-bvh (SAH and its fast CENTER strategy), Rapier's trimesh collider, collide3d's TriangleMesh.
// First hits per second: three-mesh-bvh's raycastFirst, Rapier's Collider.castRay, three.js's brute-force
// Mesh.raycast (10k only), collide3d one call per ray and raycastBatch; every hit per second: three-mesh-bvh's
// raycast against collide3d's hits: 'all'. collide3d's own C++ (g++ -O3 -march=native, build/native/c3d_mesh_bench)
// runs on the same numbers as the machine's limit. Hit counts and first-hit distances must agree (distances within
// 1e-5: the peers compute in their own precision).
// Usage: node bench/mesh-raycast.mjs [--quick] [--json out.json]
import * as THREE from 'three';
import { MeshBVH, CENTER, SAH } from 'three-mesh-bvh';
import RAPIER from '@dimforge/rapier3d-compat';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { init } from '../web/lib/index.js';
import { median } from './median.mjs';
import { mulberry32 } from './random.mjs';
import { cameraRays, differing, disagreement, firstHitCasts, makeRays, refereeFirstHits, throughput } from './workloads/mesh-raycast.js';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const MESHES = quick ? [[100, 50]] : [[100, 50], [2500, 200]];  // tubular, radial segments: 2 * t * r triangles
const RAYS = quick ? 5_000 : 100_000;
const CAMERA = quick ? [64, 48] : [320, 240];  // pixels of the camera workload
const BRUTE_FORCE_RAYS = quick ? 200 : 1_000;
const RUNS = quick ? 1 : 3;
const NATIVE = new URL('../build/native/c3d_mesh_bench', import.meta.url).pathname;

const c3d = await init();
await RAPIER.init();
const random = mulberry32(2024);

const rows = [];
for (const [tubular, radial] of MESHES) {
  const geometry = new THREE.TorusKnotGeometry(1, 0.4, tubular, radial);
  const positions = geometry.attributes.position.array, index = geometry.index.array;
  const triangles = index.length / 3;
  const rays = makeRays(random, RAYS);

  // Builds, each from the same arrays.
  const builds = {};
  let sah, mesh, collider;
  // three-mesh-bvh reorders the geometry's index to its tree: the tree queried (SAH) is the last one built.
  builds.center = median(RUNS, () => new MeshBVH(geometry, { strategy: CENTER })).ms;
  builds.sah = median(RUNS, () => (sah = new MeshBVH(geometry, { strategy: SAH }))).ms;
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  builds.rapier = median(RUNS, () => {
    if (collider) world.removeCollider(collider, false);
    collider = world.createCollider(RAPIER.ColliderDesc.trimesh(positions, new Uint32Array(index)));
  }).ms;
  builds.c3d = median(RUNS, () => {
    if (mesh) mesh.dispose();
    mesh = new c3d.TriangleMesh(positions, index);
  }).ms;

  // First hits.
  const casts = firstHitCasts(rays, geometry, sah, mesh), { setRay } = casts;
  const first = {};
  first.sah = throughput(RAYS, casts.sah, RUNS);
  const rapierRay = new RAPIER.Ray({ x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 1 });
  first.rapier = throughput(RAYS, (i) => {
    const o = 6 * i;
    rapierRay.origin = { x: rays[o], y: rays[o + 1], z: rays[o + 2] };
    rapierRay.dir = { x: rays[o + 3], y: rays[o + 4], z: rays[o + 5] };
    const t = collider.castRay(rapierRay, Infinity, false);
    return t < 0 ? Infinity : t;
  }, RUNS);
  first.c3d = throughput(RAYS, casts.c3d, RUNS);
  const out = { t: new Float64Array(RAYS), triangleIndex: new Int32Array(RAYS) };
  const batch = median(RUNS, () => mesh.raycastBatch(rays, undefined, out));
  first.batch = { raysPerSecond: RAYS / batch.ms * 1000, hits: out.triangleIndex.filter((k) => k >= 0).length, t: out.t };
  if (triangles <= 20_000) first.brute = throughput(BRUTE_FORCE_RAYS, casts.everyTriangle, RUNS);

  // Every hit.
  const all = {};
  const countAll = (cast) => median(RUNS, () => {
    let hits = 0;
    for (let i = 0; i < RAYS; ++i) hits += cast(i);
    return hits;
  });
  const sahAll = countAll((i) => sah.raycast(setRay(i), THREE.DoubleSide).length);
  const caster = { type: 'ray', origin: new THREE.Vector3(), direction: new THREE.Vector3() };
  const c3dAll = countAll((i) => {
    caster.origin.fromArray(rays, 6 * i);
    caster.direction.fromArray(rays, 6 * i + 3);
    return mesh.raycast(caster, { hits: 'all' }).length;
  });
  all.sah = { raysPerSecond: RAYS / sahAll.ms * 1000, hits: sahAll.result };
  all.c3d = { raysPerSecond: RAYS / c3dAll.ms * 1000, hits: c3dAll.result };

  // The machine's limit: the same C++ natively, on the same numbers.
  let native;
  if (existsSync(NATIVE)) {
    const file = join(mkdtempSync(join(tmpdir(), 'collide3d-mesh-')), 'input.bin');
    const header = new Uint32Array([positions.length / 3, triangles, RAYS, RUNS]);
    writeFileSync(file, Buffer.concat([header, new Float32Array(positions), new Uint32Array(index), rays]
      .map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength))));
    native = JSON.parse(execFileSync(NATIVE, [file], { encoding: 'utf8' }));
  }

  // A camera's rays: first hits only.
  const [width, height] = CAMERA;
  const pixels = cameraRays(width, height), count = width * height;
  const onCamera = firstHitCasts(pixels, geometry, sah, mesh);
  const camera = { sah: throughput(count, onCamera.sah, RUNS), c3d: throughput(count, onCamera.c3d, RUNS) };
  const pixelsOut = { t: new Float64Array(count), triangleIndex: new Int32Array(count) };
  const cameraBatch = median(RUNS, () => mesh.raycastBatch(pixels, undefined, pixelsOut));
  camera.batch = { raysPerSecond: count / cameraBatch.ms * 1000, hits: pixelsOut.triangleIndex.filter((k) => k >= 0).length };
  const cameraChecks = [disagreement('three-mesh-bvh', camera.sah.t, camera.c3d.t, count),
    disagreement('raycastBatch', pixelsOut.t, camera.c3d.t, count)].filter((x) => x !== '');

  // Where Rapier's first hit differs from collide3d's, exact arithmetic decides whether Rapier (float32) is wrong.
  const hitOf = (i) => {
    caster.origin.fromArray(rays, 6 * i);
    caster.direction.fromArray(rays, 6 * i + 3);
    return mesh.raycast(caster)?.triangleIndex ?? -1;
  };
  const corner = (k, j) => Array.from(positions.subarray(3 * index[3 * k + j], 3 * index[3 * k + j] + 3));
  const rapierWrong = refereeFirstHits(differing(first.rapier.t, first.c3d.t, RAYS), rays, first.rapier.t, first.c3d.t, hitOf,
    triangles, corner);
  const checks = [
    disagreement('three-mesh-bvh', first.sah.t, first.c3d.t, RAYS),
    disagreement('rapier', first.rapier.t, first.c3d.t, RAYS, rapierWrong),
    disagreement('raycastBatch', first.batch.t, first.c3d.t, RAYS),
    first.brute ? disagreement('three.js', first.brute.t, first.c3d.t, BRUTE_FORCE_RAYS) : '',
  ].filter((s) => s !== '');
  mesh.dispose();
  world.free();
  rows.push({
    workload: `${triangles} triangles, ${RAYS} rays`, triangles, rays: RAYS,
    buildMs: { threeMeshBvhSah: builds.sah, threeMeshBvhCenter: builds.center, rapier: builds.rapier, c3d: builds.c3d,
      native: native?.buildMs },
    firstRaysPerSecond: { threeMeshBvh: first.sah.raysPerSecond, rapier: first.rapier.raysPerSecond,
      threeBruteForce: first.brute?.raysPerSecond, c3d: first.c3d.raysPerSecond, c3dBatch: first.batch.raysPerSecond,
      native: native?.firstRaysPerSecond },
    firstHits: { threeMeshBvh: first.sah.hits, rapier: first.rapier.hits, c3d: first.c3d.hits, c3dBatch: first.batch.hits,
      native: native?.firstHits },
    allRaysPerSecond: { threeMeshBvh: all.sah.raysPerSecond, c3d: all.c3d.raysPerSecond, native: native?.allRaysPerSecond },
    allHits: { threeMeshBvh: all.sah.hits, c3d: all.c3d.hits, native: native?.allHits },
    mismatches: checks, rapierWrong: rapierWrong.length,
  });
  rows.push({
    workload: `${triangles} triangles, camera ${width}×${height} rays`, triangles, rays: count, camera: true,
    firstRaysPerSecond: { threeMeshBvh: camera.sah.raysPerSecond, c3d: camera.c3d.raysPerSecond, c3dBatch: camera.batch.raysPerSecond },
    firstHits: { threeMeshBvh: camera.sah.hits, c3d: camera.c3d.hits, c3dBatch: camera.batch.hits },
    mismatches: cameraChecks,
  });
}

const f = (x, digits = 0) => (x === undefined ? '–' : x.toFixed(digits));
const k = (x) => (x === undefined ? '–' : `${(x / 1000).toFixed(0)}k`);
console.log(`\n| mesh (median of ${RUNS}) | build ms: three-mesh-bvh SAH / CENTER | Rapier | collide3d | native | collide3d / CENTER |`);
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows.filter((row) => !row.camera)) {
  const b = r.buildMs;
  console.log(`| ${r.workload} | ${f(b.threeMeshBvhSah)} / ${f(b.threeMeshBvhCenter)} | ${f(b.rapier)} | ${f(b.c3d)} | ${f(b.native)} | ${f(b.c3d / b.threeMeshBvhCenter, 2)} |`);
}
console.log('\n| mesh | first hit, rays/s: three-mesh-bvh | Rapier | three.js brute force | collide3d | collide3d batch | native | collide3d / three-mesh-bvh | batch / three-mesh-bvh | hits |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  const s = r.firstRaysPerSecond, h = r.firstHits;
  const hits = [h.threeMeshBvh, h.rapier, h.c3d, h.c3dBatch, h.native].filter((x) => x !== undefined);
  const agree = hits.every((x) => x === hits[0]) && r.mismatches.length === 0 ? '' : ` **MISMATCH** ${r.mismatches.join('; ')}`;
  const refereed = r.rapierWrong > 0 ? ` (Rapier wrong on ${r.rapierWrong} ray${r.rapierWrong > 1 ? 's' : ''} by exact arithmetic)` : '';
  console.log(`| ${r.workload} | ${k(s.threeMeshBvh)} | ${k(s.rapier)} | ${k(s.threeBruteForce)} | ${k(s.c3d)} | ${k(s.c3dBatch)} | ${k(s.native)} | ${f(s.c3d / s.threeMeshBvh, 2)} | ${f(s.c3dBatch / s.threeMeshBvh, 2)} | ${hits.join(' / ')}${refereed}${agree} |`);
}
console.log('\n| mesh | every hit, rays/s: three-mesh-bvh | collide3d | native | collide3d / three-mesh-bvh | hits (three-mesh-bvh / collide3d / native) |');
console.log('|---|---:|---:|---:|---:|---|');
for (const r of rows.filter((row) => !row.camera)) {
  const s = r.allRaysPerSecond, h = r.allHits;
  console.log(`| ${r.workload} | ${k(s.threeMeshBvh)} | ${k(s.c3d)} | ${k(s.native)} | ${f(s.c3d / s.threeMeshBvh, 2)} | ${h.threeMeshBvh} / ${h.c3d} / ${h.native ?? '–'} |`);
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows, null, 2));
