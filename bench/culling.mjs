// Frustum culling of many bounding spheres and boxes: three.js's Frustum.intersectsSphere / intersectsBox over its
// Sphere and Box3 objects (what a three.js renderer does per object) against collide3d's cullSpheres / cullBoxes
// over the same numbers packed in a Float32Array. Scenes are random cameras over random volumes; the visible counts
// must agree. Prints ns per item and the ratio collide3d / three.js (< 1 is faster).
// Usage: node bench/culling.mjs [--quick] [--json out.json]
import * as THREE from 'three';
import { writeFileSync } from 'node:fs';
import { init } from '../web/lib/index.js';
import { fromFrustum } from '../web/lib/three/index.js';
import { median } from './median.mjs';
import { mulberry32 } from './random.mjs';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const ITEMS = quick ? 10_000 : 100_000;
const RUNS = quick ? 3 : 7;

const c3d = await init();
const random = mulberry32(2024);

const camera = new THREE.PerspectiveCamera(60, 16 / 9, 0.1, 200);
camera.position.set(30, 20, 40);
camera.lookAt(0, 0, 0);
camera.updateMatrixWorld();
const threeFrustum = new THREE.Frustum().setFromProjectionMatrix(
  new THREE.Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse));
const frustum = fromFrustum(threeFrustum);

const point = () => new THREE.Vector3(random() * 200 - 100, random() * 200 - 100, random() * 200 - 100);
const spheres = Array.from({ length: ITEMS }, () => new THREE.Sphere(point(), 0.1 + random() * 3));
const boxes = Array.from({ length: ITEMS }, () => {
  const min = point();
  return new THREE.Box3(min, min.clone().add(new THREE.Vector3(random() * 6, random() * 6, random() * 6)));
});
const packedSpheres = new Float32Array(spheres.flatMap((s) => [s.center.x, s.center.y, s.center.z, s.radius]));
const packedBoxes = new Float32Array(boxes.flatMap((b) => [b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z]));
// three.js computes in doubles on its objects; give it the float32 values collide3d sees, so both answer alike.
spheres.forEach((s, i) => { s.center.fromArray(packedSpheres, 4 * i); s.radius = packedSpheres[4 * i + 3]; });
boxes.forEach((b, i) => { b.min.fromArray(packedBoxes, 6 * i); b.max.fromArray(packedBoxes, 6 * i + 3); });

// Median ns per item over RUNS timed passes after one warm-up; also the visible count.
function time(pass) {
  const { ms, result } = median(RUNS, pass);
  return { ns: ms * 1e6 / ITEMS, visible: result };
}

const mask = new Uint8Array(ITEMS);
// The visible count, summed in a plain loop as three.js's side sums its answers.
function count(m) {
  let n = 0;
  for (let i = 0; i < m.length; ++i) n += m[i];
  return n;
}
const workloads = [
  ['spheres', () => { let n = 0; for (const s of spheres) n += threeFrustum.intersectsSphere(s); return n; },
    () => count(c3d.cullSpheres(frustum, packedSpheres, mask))],
  ['boxes', () => { let n = 0; for (const b of boxes) n += threeFrustum.intersectsBox(b); return n; },
    () => count(c3d.cullBoxes(frustum, packedBoxes, mask))],
];

const rows = workloads.map(([workload, threeWay, c3dWay]) => {
  const three = time(threeWay), ours = time(c3dWay);
  return { workload: `frustum culling, ${workload}`, threeNs: three.ns, c3dNs: ours.ns, ratio: ours.ns / three.ns,
    threeVisible: three.visible, c3dVisible: ours.visible };
});

console.log(`\n| workload (${ITEMS} items, median of ${RUNS}) | three.js ns/item | collide3d ns/item | collide3d / three.js | visible (three / collide3d) |`);
console.log('|---|---:|---:|---:|---|');
for (const r of rows) {
  const agree = r.threeVisible === r.c3dVisible ? '' : ' **MISMATCH**';
  console.log(`| ${r.workload} | ${r.threeNs.toFixed(1)} | ${r.c3dNs.toFixed(1)} | ${r.ratio.toFixed(2)} | ${r.threeVisible} / ${r.c3dVisible}${agree} |`);
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows, null, 2));
