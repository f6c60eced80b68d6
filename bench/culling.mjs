// Frustum culling of many bounding spheres and boxes: three.js's Frustum.intersectsSphere / intersectsBox over its
// Sphere and Box3 objects (what a three.js renderer does per object) against collide3d's cullSpheres / cullBoxes
// over the same numbers packed in a Float32Array. Scenes are random cameras over random volumes; the visible counts
// must agree. Prints ns per item and the ratio collide3d / three.js (< 1 is faster).
// Usage: node bench/culling.mjs [--quick] [--json out.json]
import { writeFileSync } from 'node:fs';
import { init } from '../web/lib/index.js';
import { culling } from './workloads/culling.js';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const ITEMS = quick ? 10_000 : 100_000;
const RUNS = quick ? 3 : 7;

const c3d = await init();
const { workloads, time } = culling(c3d, ITEMS, RUNS);

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
