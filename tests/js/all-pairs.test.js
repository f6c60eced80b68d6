// allPairs: every overlapping pair among many boxes, checked against every pair tested one by one with
// intersects(aabb, aabb) (touching counts), in float32 and float64, with integer boxes that touch on faces, edges
// and corners; box-intersect (a second implementation) finds the same pairs; bad input is a clear error; the heap
// stays flat.
import boxIntersect from 'box-intersect';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';

let c3d;
beforeAll(async () => { c3d = await init(); });

const key = (i, j) => `${Math.min(i, j)},${Math.max(i, j)}`;
const pairSet = (pairs) => new Set(Array.from({ length: pairs.length / 2 }, (_, k) => key(pairs[2 * k], pairs[2 * k + 1])));
const box = (b, i) => ({ type: 'aabb', min: { x: b[6 * i], y: b[6 * i + 1], z: b[6 * i + 2] },
  max: { x: b[6 * i + 3], y: b[6 * i + 4], z: b[6 * i + 5] } });

describe('allPairs', () => {
  it('finds exactly the pairs intersects() finds, one by one', () => {
    const random = mulberry32(97);
    for (const [Type, n, grid] of [[Float32Array, 600, false], [Float64Array, 600, false], [Float64Array, 500, true]]) {
      const boxes = new Type(6 * n);
      for (let i = 0; i < n; i += 1) {
        for (let k = 0; k < 3; k += 1) {
          // Random boxes with log-uniform sizes, or integer boxes on a small grid that often touch exactly.
          const lo = grid ? Math.floor(random() * 8) : random();
          boxes[6 * i + k] = lo;
          boxes[6 * i + k + 3] = lo + (grid ? Math.floor(random() * 3) : 10 ** (-2 + 1.5 * random()));
        }
      }
      const pairs = c3d.allPairs(boxes);
      for (let k = 0; k < pairs.length; k += 2) expect(pairs[k]).toBeLessThan(pairs[k + 1]);
      const found = pairSet(pairs);
      expect(found.size).toBe(pairs.length / 2);  // each pair once
      const expected = new Set();
      for (let i = 0; i < n; i += 1) {
        for (let j = i + 1; j < n; j += 1) if (c3d.intersects(box(boxes, i), box(boxes, j))) expected.add(key(i, j));
      }
      expect(found).toEqual(expected);
      expect(expected.size).toBeGreaterThan(100);
    }
  });

  it('finds the pairs box-intersect finds on 20,000 boxes', () => {
    const random = mulberry32(98);
    const n = 20000, boxes = new Float64Array(6 * n), arrays = [];
    for (let i = 0; i < n; i += 1) {
      for (let k = 0; k < 3; k += 1) {
        const lo = random();
        boxes[6 * i + k] = lo;
        boxes[6 * i + k + 3] = lo + 10 ** (-3 + 2 * random());
      }
      arrays.push(Array.from(boxes.subarray(6 * i, 6 * i + 6)));
    }
    const theirs = new Set(boxIntersect(arrays).map(([i, j]) => key(i, j)));
    expect(pairSet(c3d.allPairs(boxes))).toEqual(theirs);
    expect(theirs.size).toBeGreaterThan(1000);
  });

  it('splits its pairs into shares (opts.part of opts.parts), each pair in exactly one', () => {
    const random = mulberry32(99);
    const n = 6000, boxes = new Float32Array(6 * n);
    for (let i = 0; i < n; i += 1) {
      for (let k = 0; k < 3; k += 1) {
        boxes[6 * i + k] = random();
        boxes[6 * i + k + 3] = boxes[6 * i + k] + 10 ** (-1.8 + 0.5 * random());
      }
    }
    const whole = pairSet(c3d.allPairs(boxes));
    expect(whole.size).toBeGreaterThan(2000);
    for (const parts of [1, 2, 3, 7]) {
      const shares = Array.from({ length: parts }, (_, part) => c3d.allPairs(boxes, { part, parts }));
      const joined = shares.flatMap((pairs) => [...pairSet(pairs)]);
      expect(new Set(joined)).toEqual(whole);
      expect(joined.length).toBe(whole.size);  // none in two shares
      // 6,000 boxes make twelve stripes of 512, dealt out in turn: every share of up to three gets a fair part.
      if (parts <= 3) for (const pairs of shares) expect(pairs.length / 2).toBeGreaterThan(whole.size / (3 * parts));
    }
    // Fewer boxes than a stripe: the first share holds them all.
    expect(pairSet(c3d.allPairs(boxes.subarray(0, 600), { part: 0, parts: 2 })))
      .toEqual(pairSet(c3d.allPairs(boxes.subarray(0, 600))));
    expect(c3d.allPairs(boxes.subarray(0, 600), { part: 1, parts: 2 })).toEqual(new Uint32Array(0));
  });

  it('handles no box, one box and identical boxes', () => {
    expect(c3d.allPairs(new Float32Array(0))).toEqual(new Uint32Array(0));
    expect(c3d.allPairs(new Float32Array([0, 0, 0, 1, 1, 1]))).toEqual(new Uint32Array(0));
    const same = new Float32Array(6 * 7).map((_, i) => (i % 6 < 3 ? 0 : 1));
    expect(pairSet(c3d.allPairs(same)).size).toBe(21);
  });

  it('rejects bad input with errors naming the argument and the value', () => {
    const error = (f) => { try { f(); } catch (e) { return `${e.constructor.name}: ${e.message}`; } return 'no error'; };
    expect(error(() => c3d.allPairs([0, 0, 0, 1, 1, 1])))
      .toBe('TypeError: collide3d.allPairs: boxes must be a Float32Array or Float64Array, or a HeapArray of one (got an array of length 6)');
    expect(error(() => c3d.allPairs(new Float64Array(7))))
      .toBe('RangeError: collide3d.allPairs: boxes.length must be a multiple of 6 (got 7)');
    expect(error(() => c3d.allPairs(new Float64Array([0, 0, 0, 1, 1, 1, 0, 0, NaN, 1, 1, 1]))))
      .toBe('RangeError: collide3d.allPairs: boxes[8] must be a finite number (got NaN)');
    expect(error(() => c3d.allPairs(new Float32Array([0, 0, 0, 1, 1, -1]))))
      .toBe('RangeError: collide3d.allPairs: boxes, aabb 0: min.z must be <= max.z = -1 (got 0)');
    const two = new Float32Array(12);
    expect(error(() => c3d.allPairs(two, 2))).toBe('TypeError: collide3d.allPairs: opts must be an object (got 2)');
    expect(error(() => c3d.allPairs(two, { parts: 2.5 }))).toBe('TypeError: collide3d.allPairs: opts.parts must be an integer (got 2.5)');
    expect(error(() => c3d.allPairs(two, { part: null }))).toBe('TypeError: collide3d.allPairs: opts.part must be an integer (got null)');
    expect(error(() => c3d.allPairs(two, { parts: 0 }))).toBe('RangeError: collide3d.allPairs: opts.parts must be from 1 to 65536 (got 0)');
    expect(error(() => c3d.allPairs(two, { part: '1', parts: 2 }))).toBe('TypeError: collide3d.allPairs: opts.part must be an integer (got "1")');
    expect(error(() => c3d.allPairs(two, { part: 2, parts: 2 })))
      .toBe('RangeError: collide3d.allPairs: opts.part must be from 0 to 1, below opts.parts (got 2)');
    expect(error(() => c3d.allPairs(two, { part: -1 }))).toBe('RangeError: collide3d.allPairs: opts.part must be from 0 to 0, below opts.parts (got -1)');
  });

  it('returns its memory: the heap is the same after 2,000 calls', () => {
    const module = c3d[Symbol.for('collide3d.module')];
    const boxes = new Float32Array(6 * 2000).map((_, i) => (i % 6 < 3 ? (i * 7919) % 97 / 97 : (i * 7919) % 97 / 97 + 0.1));
    c3d.allPairs(boxes);
    const bytes = module.heapBytesInUse();
    for (let i = 0; i < 2000; i += 1) c3d.allPairs(boxes);
    expect(module.heapBytesInUse()).toBe(bytes);
  });
});
