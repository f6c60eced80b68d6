// AabbTree through the wasm build, against the single queries box by box: after random inserts (one by one and many at
// once), moves and removals,
// query (aabb, sphere, obb, plane, frustum-free shapes), raycast, raycastAll and pairs answer as intersects/raycast on
// each live box do; ids; bad input; memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';
import { IDENTITY, aabb, obb, plane, ray, segment, sphere, v } from './helpers.js';

let c3d;
beforeAll(async () => { c3d = await init(); });

function randomBox(random, onGrid) {
  if (onGrid) {
    const lo = [0, 1, 2].map(() => Math.floor(21 * random()));
    const hi = lo.map((x) => x + Math.floor(4 * random()));
    return aabb(v(...lo), v(...hi));
  }
  const lo = [0, 1, 2].map(() => 20 * random());
  const hi = lo.map((x) => x + 0.05 + 2.5 * random());
  return aabb(v(...lo), v(...hi));
}

function randomShape(random, onGrid) {
  const p = () => (onGrid ? Math.floor(22 * random()) - 1 : 22 * random() - 1);
  switch (Math.floor(5 * random())) {
    case 0: return randomBox(random, onGrid);
    case 1: return sphere(v(p(), p(), p()), onGrid ? Math.floor(4 * random()) : 3 * random());
    case 2: return obb(v(p(), p(), p()), v(1 + random(), 0.5, 2), IDENTITY);
    case 3: return plane(v(1, onGrid ? 0 : random(), 1), -p());
    default: return segment(v(p(), p(), p()), v(p(), p(), p()));
  }
}

describe('AabbTree', () => {
  it('answers query, raycast, raycastAll and pairs as the single queries do on every live box, through inserts, moves and removals', () => {
    for (const onGrid of [false, true]) {
      const random = mulberry32(onGrid ? 31 : 32);
      const tree = new c3d.AabbTree({ margin: onGrid ? 0 : 0.3 });
      const live = new Map();
      let raycastHits = 0, queried = 0;
      for (let round = 0; round < 15; ++round) {
        for (let op = 0; op < 60; ++op) {
          const ids = [...live.keys()];
          const kind = ids.length === 0 ? 0 : Math.floor(6 * random());
          if (kind === 5) {
            // Many at once, in a Float64Array or a Float32Array (each number a float32 already, so both say the same).
            const boxes = Array.from({ length: Math.floor(random() * (random() < 0.5 ? 4 : 90)) }, () => randomBox(random, onGrid));
            const Type = random() < 0.5 ? Float32Array : Float64Array;
            const f = Math.fround;
            const packed = Type.from(boxes.flatMap(({ min, max }) => [min.x, min.y, min.z, max.x, max.y, max.z].map(f)));
            const added = tree.insertMany(packed);
            expect(added).toBeInstanceOf(Uint32Array);
            expect(added.length).toBe(boxes.length);
            added.forEach((id, i) => {
              expect(live.has(id)).toBe(false);
              const [lo, hi] = [packed.subarray(6 * i, 6 * i + 3), packed.subarray(6 * i + 3, 6 * i + 6)];
              live.set(id, aabb(v(...lo), v(...hi)));
            });
          } else if (kind <= 1) {
            const box = randomBox(random, onGrid);
            const id = tree.insert(box);
            expect(live.has(id)).toBe(false);
            live.set(id, box);
          } else {
            const id = ids[Math.floor(random() * ids.length)];
            if (kind === 4) {
              tree.remove(id);
              live.delete(id);
            } else {
              const box = randomBox(random, onGrid);
              tree.update(id, box);
              live.set(id, box);
            }
          }
        }
        expect(tree.size).toBe(live.size);
        const entries = [...live.entries()].sort((p, q) => p[0] - q[0]);
        for (let q = 0; q < 20; ++q) {
          const shape = randomShape(random, onGrid);
          const expected = entries.filter(([, box]) => c3d.intersects(box, shape)).map(([id]) => id);
          expect([...tree.query(shape)]).toEqual(expected);
          queried += expected.length;
          const o = () => (onGrid ? Math.floor(24 * random()) - 2 : 24 * random() - 2);
          const caster = ray(v(o(), o(), o()), v(o() - 10, o() - 10, o() - 10));
          const opts = { solid: random() < 0.7, maxDistance: random() < 0.3 ? 3 * random() : Infinity };
          let best = null;
          const every = [];
          for (const [id, box] of entries) {
            const hit = c3d.raycast(caster, box, opts);
            if (hit && (best === null || hit.t < best.t)) best = { id, ...hit };
            if (hit) every.push({ id, t: hit.t });
          }
          every.sort((a, b) => a.t - b.t || a.id - b.id);
          expect([...tree.raycastAll(caster, opts)]).toEqual(every.map((h) => h.id));
          const hit = tree.raycast(caster, opts);
          if (best === null) {
            expect(hit).toBeNull();
          } else {
            ++raycastHits;
            expect(hit).toEqual({ id: best.id, t: best.t, point: best.point, normal: best.normal });
          }
        }
        const pairs = [];
        for (let i = 0; i < entries.length; ++i) {
          for (let j = i + 1; j < entries.length; ++j) {
            if (c3d.intersects(entries[i][1], entries[j][1])) pairs.push(`${entries[i][0]},${entries[j][0]}`);
          }
        }
        const found = tree.pairs(), got = [];
        for (let k = 0; k < found.length; k += 2) got.push(`${found[k]},${found[k + 1]}`);
        expect(got.sort()).toEqual(pairs.sort());
      }
      expect(raycastHits).toBeGreaterThan(50);
      expect(queried).toBeGreaterThan(100);
      tree.dispose();
    }
  });

  it('gives ids 0, 1, 2, ... and reuses those of removed boxes', () => {
    const tree = new c3d.AabbTree();
    const box = aabb(v(0, 0, 0), v(1, 1, 1));
    expect([tree.insert(box), tree.insert(box), tree.insert(box)]).toEqual([0, 1, 2]);
    tree.remove(1);
    expect(tree.has(1)).toBe(false);
    expect(tree.has(2)).toBe(true);
    expect(tree.insert(box)).toBe(1);
    expect([...tree.pairs()].length).toBe(6);  // three identical boxes: three pairs
    tree.dispose();
  });

  it('inserts many boxes under the ids insert() would give, from typed arrays and HeapArrays', () => {
    const random = mulberry32(34);
    const one = new c3d.AabbTree(), many = new c3d.AabbTree();
    const pack = (boxes) => Float64Array.from(boxes.flatMap(({ min, max }) => [min.x, min.y, min.z, max.x, max.y, max.z]));
    for (const count of [500, 3, 0, 1000]) {
      const boxes = Array.from({ length: count }, () => randomBox(random, false));
      const ids = many.insertMany(pack(boxes));
      expect([...ids]).toEqual(boxes.map((box) => one.insert(box)));
      for (const id of ids.slice(1, 3)) {  // so that the next batch reuses them first
        one.remove(id);
        many.remove(id);
      }
    }
    const pairs = (tree) => {
      const flat = tree.pairs(), list = [];
      for (let k = 0; k < flat.length; k += 2) list.push(`${flat[k]},${flat[k + 1]}`);
      return list.sort();
    };
    expect(pairs(many)).toEqual(pairs(one));
    const heap = new c3d.HeapArray(Float32Array, 12);
    heap.array.set([0, 0, 0, 1, 1, 1, 0.5, 0.5, 0.5, 3, 3, 3]);
    const fresh = new c3d.AabbTree();
    expect([...fresh.insertMany(heap)]).toEqual([0, 1]);
    expect([...fresh.pairs()]).toEqual([0, 1]);
    heap.dispose();
    fresh.dispose();
    one.dispose();
    many.dispose();
  });

  it('rejects bad input with errors naming the function, argument and value', () => {
    expect(() => new c3d.AabbTree({ margin: -1 })).toThrow(new RangeError('collide3d.AabbTree: opts.margin must be >= 0 (got -1)'));
    expect(() => new c3d.AabbTree({ margin: 'a' })).toThrow(new TypeError('collide3d.AabbTree: opts.margin must be a finite number (got "a")'));
    const tree = new c3d.AabbTree();
    expect(() => tree.insert(sphere(v(0, 0, 0), 1))).toThrow(new TypeError("collide3d.AabbTree.insert: box.type must be 'aabb' (got \"sphere\")"));
    expect(() => tree.insert(aabb(v(1, 0, 0), v(0, 1, 1)))).toThrow(new RangeError('collide3d.AabbTree.insert: box.min.x must be <= max.x = 0 (got 1)'));
    expect(() => tree.insert(aabb(v(0, 0, NaN), v(0, 1, 1)))).toThrow(new TypeError('collide3d.AabbTree.insert: box.min.z must be a finite number (got NaN)'));
    const id = tree.insert(aabb(v(0, 0, 0), v(1, 1, 1)));
    expect(() => tree.update(7, aabb(v(0, 0, 0), v(1, 1, 1)))).toThrow(new RangeError('collide3d.AabbTree.update: id must be the id of a box in the tree (got 7)'));
    expect(() => tree.remove(-1)).toThrow(new RangeError('collide3d.AabbTree.remove: id must be the id of a box in the tree (got -1)'));
    expect(() => tree.update(id + 0.5, aabb(v(0, 0, 0), v(1, 1, 1)))).toThrow(new RangeError('collide3d.AabbTree.update: id must be the id of a box in the tree (got 0.5)'));
    expect(tree.has(id + 0.5)).toBe(false);
    expect(() => tree.update(id, aabb(v(0, 0, 0), v(-1, 1, 1)))).toThrow(RangeError);
    expect(tree.query(aabb(v(0.5, 0.5, 0.5), v(2, 2, 2)))).toEqual(new Uint32Array([id]));  // a failed update moved nothing
    expect(() => tree.query({ type: 'capsule', start: v(0, 0, 0), end: v(1, 0, 0), radius: -1 })).toThrow(new RangeError('collide3d.AabbTree.query: shape.radius must be >= 0 (got -1)'));
    expect(() => tree.raycast(sphere(v(0, 0, 0), 1))).toThrow(new TypeError("collide3d.AabbTree.raycast: caster.type must be 'ray', 'line' or 'segment' (got \"sphere\")"));
    expect(() => tree.raycast(ray(v(0, 0, 0), v(1, 0, 0)), { solid: 1 })).toThrow(TypeError);
    const fn = 'collide3d.AabbTree.insertMany';
    expect(() => tree.insertMany([0, 0, 0, 1, 1, 1])).toThrow(new TypeError(`${fn}: boxes must be a Float32Array or Float64Array, or a HeapArray of one (got an array of length 6)`));
    expect(() => tree.insertMany(new Float64Array(7))).toThrow(new RangeError(`${fn}: boxes.length must be a multiple of 6 (got 7)`));
    expect(() => tree.insertMany(new Float64Array([0, 0, 0, 1, 1, 1, 0, 0, 0, 1, NaN, 1])))
      .toThrow(new RangeError(`${fn}: boxes[10] must be a finite number (got NaN)`));
    expect(() => tree.insertMany(new Float64Array([0, 0, 0, 1, 1, 1, 2, 0, 0, 1, 1, 1])))
      .toThrow(new RangeError(`${fn}: boxes, aabb 1: min.x must be <= max.x = 1 (got 2)`));
    expect(tree.size).toBe(1);  // a rejected batch adds nothing
    const sneaky = { type: 'aabb', get min() { tree.remove(id); return v(0, 0, 0); }, max: v(1, 1, 1) };
    expect(() => tree.update(id, sneaky)).toThrow(/called again while its arguments were being read/);
    const doomed = new c3d.AabbTree();
    expect(() => doomed.insert({ type: 'aabb', get min() { doomed.dispose(); return v(0, 0, 0); }, max: v(1, 1, 1) }))
      .toThrow(/called again while its arguments were being read/);
    tree.dispose();
    tree.dispose();
    expect(() => tree.insert(aabb(v(0, 0, 0), v(1, 1, 1)))).toThrow(new Error('collide3d.AabbTree.insert: the tree was disposed'));
    expect(() => tree.size).toThrow(new Error('collide3d.AabbTree.size: the tree was disposed'));
  });

  it('keeps the heap flat over many moves and queries, and over 10,000 trees', () => {
    const module = c3d[Symbol.for('collide3d.module')];
    const random = mulberry32(33);
    const tree = new c3d.AabbTree({ margin: 0.5 });
    const ids = Array.from({ length: 500 }, () => tree.insert(randomBox(random, false)));
    const batch = new Float64Array(600).map((_, i) => (i % 6 < 3 ? 0 : 1) + 5 * Math.floor(i / 6));
    const move = () => {
      for (const id of ids) tree.update(id, randomBox(random, false));
      for (const id of tree.insertMany(batch)) tree.remove(id);  // rebuilds (100 of 500), then removes them again
      tree.pairs();
      tree.query(sphere(v(10, 10, 10), 5));
    };
    move();
    const bytes = module.heapBytesInUse();
    for (let k = 0; k < 20; ++k) move();
    expect(module.heapBytesInUse()).toBe(bytes);
    tree.dispose();
    const before = module.heapBytesInUse();
    for (let k = 0; k < 10000; ++k) {
      const t = new c3d.AabbTree();
      t.insert(aabb(v(0, 0, 0), v(1, 1, 1)));
      t.dispose();
    }
    expect(module.heapBytesInUse()).toBe(before);
  });
});
