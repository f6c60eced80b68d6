// All overlapping pairs among many random boxes (log-uniform sizes 10^-3..10^-1 in the unit cube): box-intersect
// (Zomorodian & Edelsbrunner's streamed segment tree, in JavaScript) against collide3d's allPairs on the same
// numbers in a Float64Array. The pair counts must agree. Prints ms per run and the ratio collide3d / box-intersect.
// Usage: node bench/broadphase.mjs [--quick] [--json out.json]
import boxIntersect from 'box-intersect';
import { writeFileSync } from 'node:fs';
import { init } from '../web/lib/index.js';
import { median } from './median.mjs';
import { mulberry32 } from './random.mjs';

const quick = process.argv.includes('--quick');
const jsonAt = process.argv.indexOf('--json');
const SIZES = quick ? [10_000] : [10_000, 100_000];
const RUNS = quick ? 1 : 5;

const c3d = await init();
const random = mulberry32(77);

// Median ms over RUNS timed runs after one warm-up; also the pair count.
function time(run) {
  const { ms, result } = median(RUNS, run);
  return { ms, pairs: result };
}

const rows = SIZES.map((n) => {
  const packed = new Float64Array(6 * n);
  for (let i = 0; i < n; i += 1) {
    for (let k = 0; k < 3; k += 1) {
      const lo = random();
      packed[6 * i + k] = lo;
      packed[6 * i + k + 3] = lo + 10 ** (-3 + 2 * random());
    }
  }
  const arrays = Array.from({ length: n }, (_, i) => Array.from(packed.subarray(6 * i, 6 * i + 6)));
  const theirs = time(() => boxIntersect(arrays).length), ours = time(() => c3d.allPairs(packed).length / 2);
  return { workload: `all pairs among ${n} boxes`, peerMs: theirs.ms, c3dMs: ours.ms, ratio: ours.ms / theirs.ms,
    peerPairs: theirs.pairs, c3dPairs: ours.pairs };
});

console.log(`\n| workload (median of ${RUNS}) | box-intersect ms | collide3d ms | collide3d / box-intersect | pairs (box-intersect / collide3d) |`);
console.log('|---|---:|---:|---:|---|');
for (const r of rows) {
  const agree = r.peerPairs === r.c3dPairs ? '' : ' **MISMATCH**';
  console.log(`| ${r.workload} | ${r.peerMs.toFixed(1)} | ${r.c3dMs.toFixed(1)} | ${r.ratio.toFixed(3)} | ${r.peerPairs} / ${r.c3dPairs}${agree} |`);
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows, null, 2));
