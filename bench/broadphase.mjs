// All overlapping pairs among many random boxes (log-uniform sizes 10^-3..10^-1 in the unit cube): box-intersect
// (Zomorodian & Edelsbrunner's streamed segment tree, in JavaScript) against collide3d's allPairs on the same
// numbers in a Float64Array, and against an AabbTree holding them (its pairs(), and a frame of moving every box
// then its pairs()). The pair counts must agree. Prints ms per run and the ratio collide3d / box-intersect.
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
  // The dynamic tree: its pairs, then a frame of a moving scene (every box moved by up to 1 % of the cube, within
  // the margin for most, then the pairs), against box-intersect on the moved boxes.
  const box = (i, shift) => ({ type: 'aabb', min: { x: packed[6 * i] + shift, y: packed[6 * i + 1], z: packed[6 * i + 2] },
    max: { x: packed[6 * i + 3] + shift, y: packed[6 * i + 4], z: packed[6 * i + 5] } });
  const tree = new c3d.AabbTree({ margin: 0.005 });
  for (let i = 0; i < n; ++i) tree.insert(box(i, 0));
  const treePairs = time(() => tree.pairs().length / 2);
  const shifts = Array.from({ length: n }, () => 0.01 * (random() - 0.5));
  const moved = Array.from({ length: n }, (_, i) => { const b = arrays[i].slice(); b[0] += shifts[i]; b[3] += shifts[i]; return b; });
  const theirsMoved = time(() => boxIntersect(moved).length);
  let frame = 0;
  const treeFrame = time(() => {
    // Alternate between the moved and the original places, ending (the last timed call) on the moved ones.
    const sign = (RUNS - frame++) % 2 === 0 ? 1 : 0;
    for (let i = 0; i < n; ++i) tree.update(i, box(i, sign * shifts[i]));
    return tree.pairs().length / 2;
  });
  tree.dispose();
  const row = (workload, peer, ours) => ({ workload, peerMs: peer.ms, c3dMs: ours.ms, ratio: ours.ms / peer.ms,
    peerPairs: peer.pairs, c3dPairs: ours.pairs });
  return [row(`all pairs among ${n} boxes`, theirs, ours), row(`AabbTree.pairs(), ${n} boxes`, theirs, treePairs),
    row(`AabbTree: move ${n} boxes (update), then pairs()`, theirsMoved, treeFrame)];
}).flat();

console.log(`\n| workload (median of ${RUNS}) | box-intersect ms | collide3d ms | collide3d / box-intersect | pairs (box-intersect / collide3d) |`);
console.log('|---|---:|---:|---:|---|');
for (const r of rows) {
  const agree = r.peerPairs === r.c3dPairs ? '' : ' **MISMATCH**';
  console.log(`| ${r.workload} | ${r.peerMs.toFixed(1)} | ${r.c3dMs.toFixed(1)} | ${r.ratio.toFixed(3)} | ${r.peerPairs} / ${r.c3dPairs}${agree} |`);
}
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows, null, 2));
