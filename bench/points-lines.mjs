// Picking points and lines through raycaster.intersectObject: a Points cloud of 1M points and a LineSegments of 100k
// segments (uniform in a 100-unit box, segments about 1 long), three.js's own raycast against collide3d/three's
// drop-in (acceleratedRaycast, the geometry's tree of the object's kind built by computeBoundsTree({ kind })).
// Rays start on a sphere around the box and aim at random points inside it, thresholds 0.1: each row states the share
// of rays that hit. three.js tests every point or segment per ray, so it gets fewer rays; rays/s are compared.
// Every ray three.js casts must get the same intersections from the drop-in (count and nearest distance).
// Usage: node bench/points-lines.mjs [--quick] [--json out.json]
import * as THREE from 'three';
import { writeFileSync } from 'node:fs';
import { init } from '../web/lib/index.js';
import { acceleratedRaycast, computeBoundsTree } from '../web/lib/three/index.js';
import { median } from './median.mjs';
import { mulberry32 } from './random.mjs';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const RUNS = quick ? 1 : 3;
const RAYS = quick ? 500 : 5_000;
const THREE_RAYS = quick ? 10 : 30;
const POINTS = quick ? 100_000 : 1_000_000;
const SEGMENTS = quick ? 10_000 : 100_000;
const SIZE = 100;

await init();
const random = mulberry32(61);
const threeRaycast = { Points: THREE.Points.prototype.raycast, LineSegments: THREE.LineSegments.prototype.raycast };

function makeRays(count) {
  const rays = [];
  for (let i = 0; i < count; ++i) {
    const from = new THREE.Vector3();
    do from.set(2 * random() - 1, 2 * random() - 1, 2 * random() - 1); while (from.lengthSq() > 1 || from.lengthSq() < 1e-6);
    from.normalize().multiplyScalar(SIZE);
    const to = new THREE.Vector3(random() - 0.5, random() - 0.5, random() - 0.5).multiplyScalar(SIZE);
    rays.push(new THREE.Ray(from, to.sub(from).normalize()));
  }
  return rays;
}

function cloud(count) {
  const values = new Float32Array(3 * count);
  for (let k = 0; k < values.length; ++k) values[k] = (random() - 0.5) * SIZE;
  return new THREE.BufferGeometry().setAttribute('position', new THREE.BufferAttribute(values, 3));
}

function segments(count) {
  const values = new Float32Array(6 * count);
  for (let s = 0; s < count; ++s) {
    for (let k = 0; k < 3; ++k) {
      const at = (random() - 0.5) * SIZE;
      values[6 * s + k] = at;
      values[6 * s + 3 + k] = at + (random() - 0.5) * 1.2;
    }
  }
  return new THREE.BufferGeometry().setAttribute('position', new THREE.BufferAttribute(values, 3));
}

// Rays/s of raycaster.intersectObject(object) with `raycast` installed, over `rays`; the intersections of each.
function throughput(object, raycast, rays) {
  const raycaster = new THREE.Raycaster();
  raycaster.params.Points.threshold = 0.1;
  raycaster.params.Line.threshold = 0.1;
  const saved = object.raycast;
  object.raycast = raycast;
  const { ms, result } = median(RUNS, () => rays.map((ray) => {
    raycaster.ray.copy(ray);
    return raycaster.intersectObject(object);
  }));
  object.raycast = saved;
  return { raysPerSecond: (rays.length / ms) * 1000, hits: result };
}

const rows = [];
for (const [name, Type, geometry, kind] of [
  [`Points, ${POINTS} points`, THREE.Points, cloud(POINTS), 'points'],
  [`LineSegments, ${SEGMENTS} segments`, THREE.LineSegments, segments(SEGMENTS), 'lineSegments'],
]) {
  const object = new Type(geometry);
  object.updateMatrixWorld(true);
  geometry.computeBoundingSphere();
  const start = performance.now();
  computeBoundsTree.call(geometry, { kind });
  const buildMs = performance.now() - start;
  const rays = makeRays(RAYS);
  const three = throughput(object, threeRaycast[Type.name], rays.slice(0, THREE_RAYS));
  const c3d = throughput(object, acceleratedRaycast, rays);
  let mismatches = 0;
  three.hits.forEach((expected, i) => {
    const actual = c3d.hits[i];
    if (actual.length !== expected.length || (expected.length > 0 && actual[0].distance !== expected[0].distance)) ++mismatches;
  });
  const hitRate = c3d.hits.filter((hits) => hits.length > 0).length / RAYS;
  const perRay = c3d.hits.reduce((sum, hits) => sum + hits.length, 0) / RAYS;
  rows.push({
    workload: name, buildMs, threeRaysPerSecond: three.raysPerSecond, c3dRaysPerSecond: c3d.raysPerSecond,
    ratio: c3d.raysPerSecond / three.raysPerSecond, hitRate, hitsPerRay: perRay, checkedRays: THREE_RAYS, mismatches,
  });
  geometry.boundsTree.dispose();
}

const k = (x) => Math.round(x).toLocaleString('en-US');
console.log(`\n| points and lines (median of ${RUNS}), threshold 0.1 | build ms | rays/s: three.js | collide3d | collide3d / three.js | rays hitting | hits per ray |`);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const agree = r.mismatches === 0 ? '' : ` (${r.mismatches} of ${r.checkedRays} differ)`;
  console.log(`| ${r.workload} | ${r.buildMs.toFixed(0)} | ${k(r.threeRaysPerSecond)} | ${k(r.c3dRaysPerSecond)} | ${r.ratio.toFixed(0)} | ${(100 * r.hitRate).toFixed(0)} %${agree} | ${r.hitsPerRay.toFixed(1)} |`);
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows));
