// Mesh against mesh: a three.js TorusKnotGeometry (49k triangles) and a (3, 5) torus knot (25k) placed by a
// rotation and a translation along one direction, at four placements: crossing (the knots pass through each other),
// touching (the least translation at which they still meet, found by bisection on collide3d's exact answer), near
// (0.05 further out) and apart (1 further). Queries per second of collide3d's TriangleMesh.intersectsMesh and
// closestPointsToMesh against three-mesh-bvh's intersectsGeometry and closestPointToGeometry (both trees built with
// SAH, the other geometry's boundsTree set, as its docs advise). Both must agree on whether the knots meet and on the
// distance (to 1e-9 of the scene; three-mesh-bvh's triangle tests use float tolerances, so at the touching placement
// only both distances below 1e-6 are required).
// Usage: node bench/mesh-pair.mjs [--quick] [--json out.json]
import * as THREE from 'three';
import { MeshBVH, SAH } from 'three-mesh-bvh';
import { writeFileSync } from 'node:fs';
import { init } from '../web/lib/index.js';
import { median } from './median.mjs';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const RUNS = quick ? 1 : 5;
const [first, second] = quick
  ? [new THREE.TorusKnotGeometry(1, 0.3, 64, 12), new THREE.TorusKnotGeometry(0.8, 0.25, 48, 8, 3, 5)]
  : [new THREE.TorusKnotGeometry(1, 0.3, 512, 48), new THREE.TorusKnotGeometry(0.8, 0.25, 384, 32, 3, 5)];

const c3d = await init();
const meshA = new c3d.TriangleMesh(first.attributes.position.array, first.index.array);
const meshB = new c3d.TriangleMesh(second.attributes.position.array, second.index.array);
// three-mesh-bvh reorders a geometry's index as it builds: it gets copies.
const bvh = new MeshBVH(first.clone(), { strategy: SAH });
const other = second.clone();
other.boundsTree = new MeshBVH(other, { strategy: SAH });

// The second knot turned and moved by s along one direction.
const turn = new THREE.Matrix4().makeRotationFromEuler(new THREE.Euler(0.7, 0.2, 1.1));
const direction = new THREE.Vector3(1, 0.4, 0.2).normalize();
const placed = (s) => new THREE.Matrix4().makeTranslation(direction.x * s, direction.y * s, direction.z * s).multiply(turn);

// Bisection between s = 0 (crossing) and s = 5 (apart) on where collide3d's answer changes.
let meet = 0, apart = 5;
while (apart - meet > 1e-12) {
  const s = (meet + apart) / 2;
  if (meshA.intersectsMesh(meshB, placed(s))) meet = s;
  else apart = s;
}
const PLACEMENTS = [['crossing', 0], ['touching', meet], ['near (0.05 further)', meet + 0.05], ['apart (1 further)', meet + 1]];

// Queries per second of `query` over a pass of `count`, the median of RUNS, and its last answer.
function rate(count, query) {
  const { ms, result } = median(RUNS, () => {
    let answer;
    for (let i = 0; i < count; ++i) answer = query();
    return answer;
  });
  return { perSecond: (count / ms) * 1000, answer: result };
}

const rows = [];
for (const [name, s] of PLACEMENTS) {
  const matrix = placed(s);
  // Passes of about equal length: three-mesh-bvh's closest points take the longest.
  const count = quick ? 2 : 20;
  const c3dMeets = rate(count * 10, () => meshA.intersectsMesh(meshB, matrix));
  const peerMeets = rate(count * 10, () => bvh.intersectsGeometry(other, matrix));
  const c3dClosest = rate(count, () => meshA.closestPointsToMesh(meshB, matrix));
  const peerClosest = rate(count, () => bvh.closestPointToGeometry(other, matrix, {}, {}));
  rows.push({
    workload: `${name}, ${meshA.triangleCount} and ${meshB.triangleCount} triangles`,
    c3dMeets: c3dMeets.answer, peerMeets: peerMeets.answer,
    c3dDistance: c3dClosest.answer.distance, peerDistance: peerClosest.answer.distance,
    intersects: { c3dPerSecond: c3dMeets.perSecond, peerPerSecond: peerMeets.perSecond, ratio: c3dMeets.perSecond / peerMeets.perSecond },
    closestPoints: {
      c3dPerSecond: c3dClosest.perSecond, peerPerSecond: peerClosest.perSecond,
      ratio: c3dClosest.perSecond / peerClosest.perSecond,
    },
  });
}
meshA.dispose();
meshB.dispose();

const k = (x) => (x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toPrecision(3));
console.log(`\n| mesh against mesh (median of ${RUNS}) | meet | distance | intersects/s: three-mesh-bvh | collide3d | ratio | closest points/s: three-mesh-bvh | collide3d | ratio |`);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const meets = r.c3dMeets === r.peerMeets ? String(r.c3dMeets) : `${r.c3dMeets} (three-mesh-bvh: ${r.peerMeets})`;
  console.log(`| ${r.workload} | ${meets} | ${r.c3dDistance.toPrecision(4)} | ${k(r.intersects.peerPerSecond)} | ${k(r.intersects.c3dPerSecond)} | ${r.intersects.ratio.toFixed(1)} | ${k(r.closestPoints.peerPerSecond)} | ${k(r.closestPoints.c3dPerSecond)} | ${r.closestPoints.ratio.toFixed(1)} |`);
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows));
