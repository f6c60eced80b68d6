// HeapArray: typed arrays in the wasm heap that the batch calls read and write in place. Every batch call gives the
// same answers with HeapArrays as with plain typed arrays; a view detached by memory growth is replaced; errors;
// dispose; memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';

let c3d, module;
beforeAll(async () => {
  c3d = await init();
  module = c3d[Symbol.for('collide3d.module')];
});

// A HeapArray holding a copy of `values`.
function inHeap(values) {
  const heap = new c3d.HeapArray(values.constructor, values.length);
  heap.array.set(values);
  return heap;
}

function randomNumbers(random, Type, count, lo, hi) {
  return Type.from({ length: count }, () => lo + (hi - lo) * random());
}

// Boxes: min x, y, z then max = min + size.
function randomBoxes(random, count) {
  const boxes = new Float32Array(6 * count);
  for (let i = 0; i < count; ++i) {
    for (let k = 0; k < 3; ++k) {
      boxes[6 * i + k] = 20 * random() - 10;
      boxes[6 * i + 3 + k] = boxes[6 * i + k] + 2 * random();
    }
  }
  return boxes;
}

describe('HeapArray', () => {
  it('holds zero-filled numbers of its type in the heap, until disposed', () => {
    const heap = new c3d.HeapArray(Float64Array, 5);
    expect(heap.length).toBe(5);
    expect(heap.array).toBeInstanceOf(Float64Array);
    expect(heap.array.buffer).toBe(module.HEAPU8.buffer);
    expect([...heap.array]).toEqual([0, 0, 0, 0, 0]);
    heap.array[2] = 1.5;
    expect(heap.array[2]).toBe(1.5);
    heap.dispose();
    heap.dispose();  // a second dispose does nothing
    expect(() => heap.array).toThrow(new Error('collide3d.HeapArray.array: the heap array was disposed'));
    expect(new c3d.HeapArray(Uint8Array, 0).array.length).toBe(0);
  });

  it('gives a new view after the memory grows, with the same numbers', () => {
    const heap = inHeap(new Float32Array([1, 2, 3]));
    const before = heap.array;
    const big = new c3d.HeapArray(Uint8Array, module.HEAPU8.length);  // more than the heap has: it must grow
    expect(before.length).toBe(0);  // detached
    expect([...heap.array]).toEqual([1, 2, 3]);
    big.dispose();
    heap.dispose();
  });

  it('gives every batch call the answers the same typed arrays give', () => {
    const random = mulberry32(51);
    const rays = randomNumbers(random, Float32Array, 6 * 500, -5, 5);
    const triangles = randomNumbers(random, Float32Array, 9 * 500, -5, 5);
    const sphere = new Float64Array([0, 0, 0, 2]);
    const a = { type: 'ray', items: rays }, b = { type: 'triangle', items: triangles };
    const heapA = { type: 'ray', items: inHeap(rays) }, heapB = { type: 'triangle', items: inHeap(triangles) };

    const t = c3d.raycastBatch(a, b);
    expect(t.some((x) => x !== Infinity)).toBe(true);
    const out = new c3d.HeapArray(Float64Array, 500);
    expect(c3d.raycastBatch(heapA, heapB, undefined, out)).toBe(out);
    expect([...out.array]).toEqual([...t]);
    expect([...c3d.raycastBatch(heapA, b)]).toEqual([...t]);  // one side in the heap, a new typed array out

    const met = c3d.intersectsBatch(a, { type: 'sphere', items: sphere });
    expect(met.includes(0) && met.includes(1)).toBe(true);
    const metOut = new c3d.HeapArray(Uint8Array, 500);
    c3d.intersectsBatch(heapA, { type: 'sphere', items: inHeap(sphere) }, metOut);
    expect([...metOut.array]).toEqual([...met]);

    const frustum = { type: 'frustum', planes: [
      { normal: { x: 1, y: 0, z: 0 }, constant: 4 }, { normal: { x: -1, y: 0, z: 0 }, constant: 4 },
      { normal: { x: 0, y: 1, z: 0 }, constant: 4 }, { normal: { x: 0, y: -1, z: 0 }, constant: 4 },
      { normal: { x: 0, y: 0, z: 1 }, constant: 4 }, { normal: { x: 0, y: 0, z: -1 }, constant: 4 }] };
    const spheres = randomNumbers(random, Float32Array, 4 * 300, 0, 8).map((x, i) => (i % 4 === 3 ? x / 8 : x - 6));
    const visible = c3d.cullSpheres(frustum, spheres);
    expect(visible.includes(0) && visible.includes(1)).toBe(true);
    const visibleOut = new c3d.HeapArray(Uint8Array, 300);
    c3d.cullSpheres(frustum, inHeap(spheres), visibleOut);
    expect([...visibleOut.array]).toEqual([...visible]);
    const boxes = randomBoxes(random, 300);
    expect([...c3d.cullBoxes(frustum, inHeap(boxes))]).toEqual([...c3d.cullBoxes(frustum, boxes)]);

    const pairs = c3d.allPairs(boxes);
    expect(pairs.length).toBeGreaterThan(0);
    expect([...c3d.allPairs(inHeap(boxes))]).toEqual([...pairs]);

    const mesh = new c3d.TriangleMesh(triangles);
    const hits = mesh.raycastBatch(rays);
    expect(hits.t.some((x) => x !== Infinity)).toBe(true);
    const heapHits = { t: new c3d.HeapArray(Float64Array, 500), triangleIndex: new c3d.HeapArray(Int32Array, 500) };
    expect(mesh.raycastBatch(heapA.items, undefined, heapHits)).toBe(heapHits);
    expect([...heapHits.t.array]).toEqual([...hits.t]);
    expect([...heapHits.triangleIndex.array]).toEqual([...hits.triangleIndex]);
    mesh.dispose();
  });

  it('rejects bad arguments, outputs that are inputs, and disposed arrays, naming them', () => {
    expect(() => new c3d.HeapArray(Array, 3)).toThrow(new TypeError('collide3d.HeapArray: Type must be one of Float32Array, Float64Array, Uint8Array, Int32Array (got a function)'));
    expect(() => new c3d.HeapArray(Float32Array, -1)).toThrow(new RangeError('collide3d.HeapArray: length must be an integer >= 0 (got -1)'));
    expect(() => new c3d.HeapArray(Float32Array, 1.5)).toThrow(RangeError);
    expect(() => new c3d.HeapArray(Float64Array, 2 ** 29)).toThrow(new RangeError('collide3d.HeapArray: the wasm heap cannot hold the heap array'));
    const spheres = inHeap(new Float64Array([0, 0, 0, 1, 0, 0, NaN, 1]));
    expect(() => c3d.intersectsBatch({ type: 'sphere', items: spheres }, { type: 'sphere', items: spheres }))
      .toThrow(new RangeError('collide3d.intersectsBatch: a.items[6] must be a finite number (got NaN)'));
    const one = inHeap(new Float64Array(1));
    const ray = { type: 'ray', items: inHeap(new Float64Array([0, 0, 0, 1, 0, 0])) };
    expect(() => c3d.raycastBatch(ray, { type: 'plane', items: new Float64Array(4) }, undefined, inHeap(new Float32Array(1))))
      .toThrow(new TypeError('collide3d.raycastBatch: out must be a Float64Array or a HeapArray of one (got an object)'));
    const plane = { type: 'plane', items: one };
    expect(() => c3d.raycastBatch(ray, plane, undefined, one)).toThrow(RangeError);  // a plane takes 4 numbers
    const planes = inHeap(new Float64Array([0, 0, 1, 0]));
    const out = inHeap(new Float64Array(1));
    ray.items.dispose();
    expect(() => c3d.raycastBatch(ray, { type: 'plane', items: planes }, undefined, out))
      .toThrow(new Error('collide3d.raycastBatch: the heap array was disposed'));
    // One ray against six planes: six answers, as many numbers as the ray's own array, which must not take them.
    const casters = { type: 'ray', items: inHeap(new Float64Array([0, 0, 5, 0, 0, -1])) };
    const sixPlanes = { type: 'plane', items: inHeap(new Float64Array(Array.from({ length: 6 }, (_, k) => [0, 0, 1, k]).flat())) };
    expect(() => c3d.raycastBatch(casters, sixPlanes, undefined, casters.items))
      .toThrow(new RangeError('collide3d.raycastBatch: out must not be one of the inputs'));
    expect([...c3d.raycastBatch(casters, sixPlanes)]).toEqual([5, 6, 7, 8, 9, 10]);
    expect([...c3d.raycastBatch(casters, { type: 'plane', items: planes }, undefined, out).array]).toEqual([5]);
  });

  it('stays safe when getters, Proxies or subclasses change the arguments during the call', () => {
    const random = mulberry32(53);
    const mesh = new c3d.TriangleMesh(new Float32Array([-1, -1, 0, 3, -1, 0, -1, 3, 0]));
    const rays = new Float32Array(Array.from({ length: 64 }, () => [random() - 0.5, random() - 0.5, 5, 0, 0, -1]).flat());
    // An option getter swapping out.t for a shorter array: the checked arrays get the answers, nothing else does.
    const small = inHeap(new Float64Array([42])), victim = inHeap(new Float64Array(16).fill(42));
    const out = { t: new Float64Array(64), triangleIndex: new Int32Array(64) };
    mesh.raycastBatch(rays, { get hits() { out.t = small; return 'first'; } }, out);
    expect([...small.array, ...victim.array]).toEqual(Array(17).fill(42));
    out.t = new Float64Array(64);
    // An option getter that grows the memory: the options still apply (maxDistance 1 leaves every hit at t = 5 out).
    const far = mesh.raycastBatch(rays, { get maxDistance() { new c3d.HeapArray(Uint8Array, 2 * module.HEAPU8.length).dispose(); return 1; } });
    expect([...far.t]).toEqual(Array(64).fill(Infinity));
    // A Proxy (whose traps could dispose the output or move the batch space mid-copy) is no typed array: refused
    // before any of its traps runs.
    const answers = new c3d.HeapArray(Float64Array, 64);
    const sneaky = new Proxy(rays, { get(target, key) { answers.dispose(); return Reflect.get(target, key); } });
    const triangle = { type: 'triangle', items: new Float32Array([-1, -1, 0, 3, -1, 0, -1, 3, 0]) };
    expect(() => c3d.raycastBatch({ type: 'ray', items: sneaky }, triangle, undefined, answers)).toThrow(TypeError);
    expect(answers.length).toBe(64);
    expect(answers.array.length).toBe(64);  // not disposed
    // A subclass lying about its length is read by its true length; a detached array holds nothing.
    class Short extends Float32Array { get length() { return 12; } }
    const one = new Short([0, 0, 5, 0, 0, -1]);
    expect([...c3d.raycastBatch({ type: 'ray', items: one }, triangle)]).toEqual([5]);
    const gone = new Float32Array(6);
    structuredClone(gone.buffer, { transfer: [gone.buffer] });
    expect(c3d.raycastBatch({ type: 'ray', items: gone }, triangle).length).toBe(0);
    expect(() => c3d.cullSpheres({ type: 'frustum', planes: [] }, new Proxy(new Float32Array(4), {}))).toThrow(TypeError);
    // A missing output field, a plain view of the heap, a Proxy of a HeapArray, a subclass lying about its array.
    expect(() => mesh.raycastBatch(rays, undefined, {})).toThrow(new TypeError('collide3d.TriangleMesh.raycastBatch: out must be {t: Float64Array, triangleIndex: Int32Array} (got an object)'));
    const heapRays = inHeap(rays);
    expect(() => c3d.raycastBatch({ type: 'ray', items: heapRays.array }, triangle)).toThrow(/pass the HeapArray/);
    expect(() => c3d.raycastBatch({ type: 'ray', items: new Proxy(heapRays, {}) }, triangle)).toThrow(TypeError);
    class Wide extends c3d.HeapArray { get array() { return new Float32Array(600); } }
    const wide = new Wide(Float32Array, 6);
    Object.getOwnPropertyDescriptor(c3d.HeapArray.prototype, 'array').get.call(wide).set([0, 0, 5, 0, 0, -1]);
    expect([...c3d.raycastBatch({ type: 'ray', items: wide }, triangle)]).toEqual([5]);  // one ray, not 100
    // A view keeps its HeapArray (and so its block) alive.
    const view = new c3d.HeapArray(Float64Array, 4).array;
    expect(Object.getOwnPropertySymbols(view).some((key) => view[key] instanceof c3d.HeapArray)).toBe(true);
    [small, victim, heapRays, wide, answers].forEach((h) => h.dispose());
    mesh.dispose();
  });

  it('returns every byte: 10,000 arrays created and disposed, and batches in place', () => {
    const random = mulberry32(52);
    const rays = { type: 'ray', items: inHeap(randomNumbers(random, Float32Array, 6 * 100, -5, 5)) };
    const triangles = { type: 'triangle', items: inHeap(randomNumbers(random, Float32Array, 9 * 100, -5, 5)) };
    const out = new c3d.HeapArray(Float64Array, 100);
    c3d.raycastBatch(rays, triangles, undefined, out);
    const bytes = module.heapBytesInUse();
    for (let k = 0; k < 10_000; ++k) new c3d.HeapArray(Float32Array, 1 + (k % 300)).dispose();
    for (let k = 0; k < 1000; ++k) c3d.raycastBatch(rays, triangles, undefined, out);
    expect(module.heapBytesInUse()).toBe(bytes);
  });
});
