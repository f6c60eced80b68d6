// allPairs across workers (worker-pool.js, worker.js): space cut into slabs along one axis, each box given to every
// slab its extent along the axis meets, each slab's boxes paired in a worker, and a pair kept by exactly one slab: the
// one holding where the two boxes' extents along the axis begin to overlap, max(min i, min j). That point lies in both
// extents, so both boxes are in its slab and the pair is found there, and nowhere else kept. Every decision compares
// the given numbers, so the pairs are exactly those of one allPairs call over all the boxes.
import { ITEM_PROBLEM } from './boundary.js';

const SAMPLES = 4096;  // boxes sampled for the slabs' bounds

// `slabs` slabs for `count` boxes (`values`: min x, y, z, max x, y, z each), about equal in boxes: { axis, bounds },
// slab s holding bounds[s] <= x < bounds[s + 1] along the axis (the first and last reach to -/+Infinity). The axis
// is the one along which the sampled boxes' mins spread widest.
export function slabsOf(values, count, slabs) {
  const step = Math.max(1, Math.floor(count / SAMPLES));
  const samples = [0, 1, 2].map((axis) => {
    const mins = [];
    for (let i = 0; i < count; i += step) if (Number.isFinite(values[6 * i + axis])) mins.push(values[6 * i + axis]);
    return Float64Array.from(mins).sort();
  });
  const spread = (s) => (s.length === 0 ? 0 : s[s.length - 1] - s[0]);
  const axis = [0, 1, 2].reduce((best, k) => (spread(samples[k]) > spread(samples[best]) ? k : best));
  const sorted = samples[axis];
  const bounds = new Float64Array(slabs + 1).fill(Infinity);
  bounds[0] = -Infinity;
  for (let s = 1; s < slabs && sorted.length > 0; ++s) bounds[s] = sorted[Math.floor((s * sorted.length) / slabs)];
  return { axis, bounds };
}

// The numbers of slab s's boxes, ascending: those whose extent along the axis meets it, [min, max] against
// [bounds[s], bounds[s + 1]). A box whose numbers are no extent (NaN, min > max) goes at least to the slab of its min
// (the first for NaN), so that some worker refuses it as allPairs does.
function membersOf(values, count, axis, bounds, s) {
  const last = bounds.length - 2;
  const ids = new Uint32Array(count);
  let n = 0;
  for (let i = 0; i < count; ++i) {
    const lo = values[6 * i + axis], hi = values[6 * i + axis + 3];
    // In when its min's slab is s (NaN: the first slab's), or before s and its max reaches s.
    const fromBefore = s === last || !(lo >= bounds[s + 1]);
    const fromHere = fromBefore && (s === 0 || lo >= bounds[s]);
    if (fromHere || (fromBefore && bounds[s] <= hi)) ids[n++] = i;
  }
  return ids.slice(0, n);
}

// Slab s's pairs as the whole batch numbers its boxes (i < j): allPairs over the slab's boxes, kept where they begin to
// overlap within the slab. A bad box's error names it by its place among all the boxes.
export function slabPairs(c3d, values, axis, bounds, s) {
  const count = values.length / 6;
  const ids = membersOf(values, count, axis, bounds, s);
  const boxes = new values.constructor(6 * ids.length);
  for (let k = 0; k < ids.length; ++k) for (let c = 0; c < 6; ++c) boxes[6 * k + c] = values[6 * ids[k] + c];
  let found;
  try {
    found = c3d.allPairs(boxes);
  } catch (error) {
    const problem = error[ITEM_PROBLEM];
    if (problem === undefined) throw error;
    const at = problem.isNumber ? 6 * ids[Math.floor(problem.at / 6)] + (problem.at % 6) : ids[problem.at];
    throw Object.assign(new RangeError(error.message), { [ITEM_PROBLEM]: { ...problem, at } });
  }
  const from = bounds[s], to = bounds[s + 1];
  const kept = new Uint32Array(found.length);
  let n = 0;
  for (let k = 0; k < found.length; k += 2) {
    const i = found[k], j = found[k + 1];
    const start = Math.max(boxes[6 * i + axis], boxes[6 * j + axis]);
    if (start >= from && start < to) {
      kept[n++] = ids[i];  // i < j, so ids[i] < ids[j]
      kept[n++] = ids[j];
    }
  }
  return kept.slice(0, n);
}
