// All overlapping pairs among many random boxes (log-uniform sizes 10^-3..10^-1 in the unit cube): box-intersect
// (Zomorodian & Edelsbrunner's streamed segment tree, in JavaScript) against collide3d's allPairs on the same
// numbers in a Float64Array, and against an AabbTree holding them (its pairs(), and a frame of moving every box
// then its pairs()). The pair counts must agree. Prints ms per run and the ratio collide3d / box-intersect; then the
// time to fill an AabbTree with the boxes, one insert() per box against one insertMany().
// Usage: node bench/broadphase.mjs [--quick] [--json out.json]
import { writeFileSync } from 'node:fs';
import { init } from '../web/lib/index.js';
import { mulberry32 } from './random.mjs';
import { broadphaseRows, treeBuildRow } from './workloads/broadphase.js';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const SIZES = quick ? [10_000] : [10_000, 100_000];
const RUNS = quick ? 1 : 5;

const c3d = await init();
const random = mulberry32(77);
const rows = SIZES.map((n) => broadphaseRows(c3d, n, RUNS, random)).flat();

console.log(`\n| workload (median of ${RUNS}) | box-intersect ms | collide3d ms | collide3d / box-intersect | pairs (box-intersect / collide3d) |`);
console.log('|---|---:|---:|---:|---|');
for (const r of rows) {
  const agree = r.peerPairs === r.c3dPairs ? '' : ' **MISMATCH**';
  console.log(`| ${r.workload} | ${r.peerMs.toFixed(1)} | ${r.c3dMs.toFixed(1)} | ${r.ratio.toFixed(3)} | ${r.peerPairs} / ${r.c3dPairs}${agree} |`);
}
const builds = SIZES.map((n) => treeBuildRow(c3d, n, RUNS, random));
console.log(`\n| AabbTree filled (median of ${RUNS}) | insert() per box ms | insertMany() ms | insertMany / inserts | pairs (inserts / insertMany) |`);
console.log('|---|---:|---:|---:|---|');
for (const r of builds) {
  const agree = r.loopPairs === r.manyPairs ? '' : ' **MISMATCH**';
  console.log(`| ${r.workload} | ${r.loopMs.toFixed(1)} | ${r.manyMs.toFixed(1)} | ${r.ratio.toFixed(3)} | ${r.loopPairs} / ${r.manyPairs}${agree} |`);
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify([...rows, ...builds], null, 2));
