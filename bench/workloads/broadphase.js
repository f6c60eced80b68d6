// The broadphase workloads, shared by bench/broadphase.mjs (node) and the demo's benchmark page (the browser): n
// random boxes (log-uniform sizes 10^-3..10^-1 in the unit cube), box-intersect against collide3d's allPairs on the
// same numbers, against an AabbTree's pairs(), and a frame of moving every box then pairs(); each row with both
// pair counts.
import boxIntersect from 'box-intersect';
import { median } from '../median.mjs';

// Median ms over `runs` timed runs after one warm-up; also the pair count.
function time(runs, run) {
  const { ms, result } = median(runs, run);
  return { ms, pairs: result };
}

// n random boxes, packed as the batch calls take them (min x, y, z, max x, y, z each).
function randomBoxes(n, random) {
  const packed = new Float64Array(6 * n);
  for (let i = 0; i < n; i += 1) {
    for (let k = 0; k < 3; k += 1) {
      const lo = random();
      packed[6 * i + k] = lo;
      packed[6 * i + k + 3] = lo + 10 ** (-3 + 2 * random());
    }
  }
  return packed;
}

/**
 * Filling an AabbTree with n random boxes: one insert() per box against one insertMany(); each tree's pairs() count,
 * which must agree.
 */
export function treeBuildRow(c3d, n, runs, random) {
  const packed = randomBoxes(n, random);
  const box = (i) => ({ type: 'aabb', min: { x: packed[6 * i], y: packed[6 * i + 1], z: packed[6 * i + 2] },
    max: { x: packed[6 * i + 3], y: packed[6 * i + 4], z: packed[6 * i + 5] } });
  // The building timed alone; then one more tree for its pairs.
  const timed = (insertAll) => {
    const fresh = () => {
      const tree = new c3d.AabbTree({ margin: 0.005 });
      insertAll(tree);
      return tree;
    };
    const { ms } = median(runs, () => fresh().dispose());
    const tree = fresh(), pairs = tree.pairs().length / 2;
    tree.dispose();
    return { ms, pairs };
  };
  const one = timed((tree) => { for (let i = 0; i < n; ++i) tree.insert(box(i)); });
  const many = timed((tree) => tree.insertMany(packed));
  return { workload: `AabbTree filled with ${n} boxes`, loopMs: one.ms, manyMs: many.ms, ratio: many.ms / one.ms,
    loopPairs: one.pairs, manyPairs: many.pairs };
}

/** The broadphase rows for n random boxes: all pairs, the tree's pairs, a frame of moving the tree's boxes. */
export function broadphaseRows(c3d, n, runs, random) {
  const packed = randomBoxes(n, random);
  const arrays = Array.from({ length: n }, (_, i) => Array.from(packed.subarray(6 * i, 6 * i + 6)));
  const theirs = time(runs, () => boxIntersect(arrays).length), ours = time(runs, () => c3d.allPairs(packed).length / 2);
  // The dynamic tree: its pairs, then a frame of a moving scene (every box moved by up to 1 % of the cube, within
  // the margin for most, then the pairs), against box-intersect on the moved boxes.
  const box = (i, shift) => ({ type: 'aabb', min: { x: packed[6 * i] + shift, y: packed[6 * i + 1], z: packed[6 * i + 2] },
    max: { x: packed[6 * i + 3] + shift, y: packed[6 * i + 4], z: packed[6 * i + 5] } });
  const tree = new c3d.AabbTree({ margin: 0.005 });
  tree.insertMany(packed);  // ids 0 .. n - 1, in order
  const treePairs = time(runs, () => tree.pairs().length / 2);
  const shifts = Array.from({ length: n }, () => 0.01 * (random() - 0.5));
  const moved = Array.from({ length: n }, (_, i) => { const b = arrays[i].slice(); b[0] += shifts[i]; b[3] += shifts[i]; return b; });
  const theirsMoved = time(runs, () => boxIntersect(moved).length);
  let frame = 0;
  const treeFrame = time(runs, () => {
    // Alternate between the moved and the original places, ending (the last timed call) on the moved ones.
    const sign = (runs - frame++) % 2 === 0 ? 1 : 0;
    for (let i = 0; i < n; ++i) tree.update(i, box(i, sign * shifts[i]));
    return tree.pairs().length / 2;
  });
  tree.dispose();
  const row = (workload, peer, ours) => ({ workload, peerMs: peer.ms, c3dMs: ours.ms, ratio: ours.ms / peer.ms,
    peerPairs: peer.pairs, c3dPairs: ours.pairs });
  return [row(`all pairs among ${n} boxes`, theirs, ours), row(`AabbTree.pairs(), ${n} boxes`, theirs, treePairs),
    row(`AabbTree: move ${n} boxes (update), then pairs()`, theirsMoved, treeFrame)];
}
