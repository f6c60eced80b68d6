// The scene's boxes come from its seeded drift (boxesAt), imported here. Each step checks the pairs against testing
// every pair with intersects in node, and the probe's boxes against testing each box.
import { expect } from 'vitest';
import { boxOf, boxesAt, sortedPairs } from '../../../web/demo/src/scenes/broadphase.js';

function sameAsEveryPair({ result, readout, c3d }) {
  const { count, time, probe } = result.inputs;
  const numbers = boxesAt(count, time);
  const boxes = Array.from({ length: count }, (_, i) => boxOf(numbers, i));
  const every = [];
  for (let i = 0; i < count; i += 1) {
    for (let j = i + 1; j < count; j += 1) if (c3d.intersects(boxes[i], boxes[j])) every.push([i, j]);
  }
  expect(result.pairs).toEqual(every);
  expect(result.treePairs).toEqual(every);
  expect(result.pairs).toEqual(sortedPairs(c3d.allPairs(numbers)));
  expect(result.probed).toEqual(boxes.flatMap((box, i) => (c3d.intersects(probe, box) ? [i] : [])));
  expect(readout).toMatchObject({ boxes: String(count), 'pairs of boxes': String((count * (count - 1)) / 2),
    allPairs: `${every.length} overlapping pairs`, 'AabbTree.pairs()': `${every.length}, the same`,
    'probe meets': `${result.probed.length} boxes` });
  return every;
}

export default [
  {
    set: { play: false, count: '100', time: 0, probe: [1.5, 0.5, 1], radius: 1.5 },
    check(context) {
      const pairs = sameAsEveryPair(context);
      // 100 boxes up to 0.9 wide in a 14 × 4 × 14 room: a few overlap, most do not.
      expect(pairs.length).toBeGreaterThan(2);
      expect(pairs.length).toBeLessThan(100);
    },
  },
  {
    // Later the boxes have drifted (the tree was updated, not rebuilt): still the same pairs as testing each one.
    set: { count: '300', time: 7.5 },
    check(context) {
      sameAsEveryPair(context);
      expect(context.result.probed.length).toBeGreaterThan(0);
    },
  },
  {
    // The room reaches x = 7 + 2 (drift) + 0.45 (half size) at most: a probe of radius 1 at x = 20 meets nothing.
    set: { probe: [20, 0, 0], radius: 1 },
    check(context) {
      sameAsEveryPair(context);
      expect(context.readout['probe meets']).toBe('0 boxes');
    },
  },
  {
    // Grown to radius 4 about the room's middle, it meets many.
    set: { probe: [0, 0, 0], radius: 4, time: 31.25 },
    check(context) {
      sameAsEveryPair(context);
      expect(context.result.probed.length).toBeGreaterThan(30);
    },
  },
];
