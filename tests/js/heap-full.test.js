// A full or fragmented wasm heap: whatever cannot get the memory it needs throws a RangeError naming the call, and
// nothing aborts, traps or corrupts the instance, which answers correctly while the heap is full and after it is
// freed. Pair explosions (allPairs, AabbTree.pairs) throw instead of aborting and keep nothing. The heap is filled to
// its limit (2 GiB) once with HeapArrays; then, for every order of the four kinds of heap user (meshes, trees,
// HeapArrays, pair buffers), part of it is freed and refilled kind after kind, each until it fails at block sizes
// from 1 MiB down to 64 bytes.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { aabb, ray, sphere, v } from './helpers.js';

const MiB = 2 ** 20;
let c3d, module;
beforeAll(async () => {
  c3d = await init();
  module = c3d[Symbol.for('collide3d.module')];
});

// `count` identical unit boxes: count * (count - 1) / 2 overlapping pairs.
const identicalBoxes = (count) => new Float32Array(6 * count).map((_, i) => (i % 6 < 3 ? 0 : 1));
// allPairs' or AabbTree.pairs' i, j, i, j, ... as sorted [i, j] pairs.
function pairsOf(flat) {
  const pairs = [];
  for (let k = 0; k < flat.length; k += 2) pairs.push([flat[k], flat[k + 1]]);
  return pairs.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

describe('pair explosions', () => {
  // 1.5 GiB held, so the pairs outgrow the rest of the heap four times sooner.
  let ballast;
  beforeAll(() => { ballast = [0, 1, 2].map(() => new c3d.HeapArray(Uint8Array, 512 * MiB)); });
  afterAll(() => ballast.forEach((array) => array.dispose()));

  it('allPairs of 16,000 identical boxes (1.3e8 pairs) throws a RangeError, and keeps nothing', () => {
    const boxes = identicalBoxes(16000);
    const apart = boxes.map((x, i) => x + 2 * Math.floor(i / 6));  // as many boxes, no pairs: the same batch space
    expect(c3d.allPairs(apart).length).toBe(0);
    const bytes = module.heapBytesInUse();
    expect(() => c3d.allPairs(boxes))
      .toThrow(new RangeError('collide3d.allPairs: boxes (16000 boxes): their pairs need more memory than the wasm heap can give'));
    expect(module.heapBytesInUse()).toBe(bytes);
    expect(pairsOf(c3d.allPairs(identicalBoxes(3)))).toEqual([[0, 1], [0, 2], [1, 2]]);
    expect(c3d.intersects(sphere(v(0, 0, 0), 1), sphere(v(1000, 0, 0), 1))).toBe(false);
  });

  it('AabbTree.pairs of 16,000 identical boxes throws a RangeError, and keeps nothing', () => {
    const tree = new c3d.AabbTree();
    for (let i = 0; i < 16000; ++i) tree.insert(aabb(v(0, 0, 0), v(1, 1, 1)));
    const bytes = module.heapBytesInUse();
    expect(() => tree.pairs())
      .toThrow(new RangeError('collide3d.AabbTree.pairs: the tree (16000 boxes): its pairs need more memory than the wasm heap can give'));
    expect(module.heapBytesInUse()).toBe(bytes);
    for (let i = 3; i < 16000; ++i) tree.remove(i);
    expect(pairsOf(tree.pairs())).toEqual([[0, 1], [0, 2], [1, 2]]);
    tree.dispose();
  });
});

describe('making objects', () => {
  it('takes as long with 50,000 objects live as with none (no walk over the heap per object)', () => {
    const time = () => {
      const start = performance.now();
      for (let i = 0; i < 2000; ++i) new c3d.AabbTree().dispose();
      return performance.now() - start;
    };
    time();  // warm-up
    const alone = time();
    const live = Array.from({ length: 50000 }, () => new c3d.HeapArray(Float64Array, 1));
    const crowded = time();
    live.forEach((array) => array.dispose());
    expect(crowded).toBeLessThan(5 * alone + 20);  // a heap walk per object took 0.2 ms each, 400 ms in all
  });
});

describe('a full heap', () => {
  const TRIANGLE = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);  // in z = 0

  // Small objects made while there is room, whose answers are checked while the heap is full.
  function references() {
    const mesh = new c3d.TriangleMesh(TRIANGLE);
    const tree = new c3d.AabbTree({ margin: 0 });
    tree.insert(aabb(v(0, 0, 0), v(1, 1, 1)));
    tree.insert(aabb(v(5, 0, 0), v(6, 1, 1)));
    return { mesh, tree };
  }

  // Answers (and errors) that take no memory: right however full the heap is.
  function expectAnswersInAFullHeap({ mesh, tree }) {
    expect(c3d.intersects(sphere(v(0, 0, 0), 1), sphere(v(1000, 0, 0), 1))).toBe(false);
    expect(c3d.intersects(sphere(v(0, 0, 0), 1), sphere(v(2, 0, 0), 1))).toBe(true);  // touching
    expect(c3d.distance(sphere(v(0, 0, 0), 1), sphere(v(1000, 0, 0), 1))).toBe(998);
    expect(() => c3d.intersects(sphere(v(0, 0, 0), -1), sphere(v(0, 0, 0), 1)))
      .toThrow(new RangeError('collide3d.intersects: a.radius must be >= 0 (got -1)'));
    expect(mesh.raycast(ray(v(0.25, 0.25, 5), v(0, 0, -1))).t).toBe(5);
    expect(mesh.closestPoint(v(0.25, 0.25, 3)).distance).toBe(3);
    expect(mesh.closestPoints(sphere(v(0.25, 0.25, 3), 1)).distance).toBe(2);
    expect(mesh.contacts(sphere(v(0.25, 0.25, 3), 1))).toEqual([]);
    expect(tree.raycast(ray(v(-5, 0.5, 0.5), v(1, 0, 0)))).toMatchObject({ id: 0, t: 5 });
  }

  // What takes memory is refused while the heap is full, naming the call.
  function expectRefusalsInAFullHeap({ mesh, tree }) {
    const refused = (what) => new RangeError(`collide3d.${what} more memory than the wasm heap can give`);
    expect(() => tree.query(aabb(v(5.5, 0, 0), v(7, 1, 1)))).toThrow(refused('AabbTree.query: shape needs'));
    expect(() => tree.pairs()).toThrow(refused('AabbTree.pairs: the tree (2 boxes): its pairs need'));
    expect(() => tree.insertMany(identicalBoxes(3))).toThrow(refused('AabbTree.insertMany: boxes (3 boxes): they need'));
    expect(tree.size).toBe(2);  // unchanged
    expect(() => c3d.allPairs(identicalBoxes(3))).toThrow(refused('allPairs: boxes (3 boxes): their pairs need'));
    expect(() => mesh.raycast(ray(v(0.25, 0.25, 5), v(0, 0, -1)), { hits: 'all' })).toThrow(refused('TriangleMesh.raycast: caster needs'));
    expect(() => mesh.contacts(sphere(v(0.25, 0.25, 0.5), 1))).toThrow(refused('TriangleMesh.contacts: shape needs'));
    expect(() => c3d.gjkTrace(aabb(v(0, 0, 0), v(1, 1, 1)), aabb(v(2, 0, 0), v(3, 1, 1)))).toThrow(refused('gjkTrace: a needs'));
    expect(() => mesh.traceRaycast(ray(v(0.25, 0.25, 5), v(0, 0, -1)))).toThrow(refused('TriangleMesh.traceRaycast: caster needs'));
  }

  // Answers that take a little memory, once some is free again.
  function expectAnswersWithRoom({ mesh, tree }) {
    expect([...tree.query(aabb(v(5.5, 0, 0), v(7, 1, 1)))]).toEqual([1]);
    expect([...tree.pairs()]).toEqual([]);
    const more = new c3d.AabbTree();
    expect([...more.insertMany(identicalBoxes(3))]).toEqual([0, 1, 2]);
    expect(pairsOf(more.pairs())).toEqual([[0, 1], [0, 2], [1, 2]]);
    more.dispose();
    expect(pairsOf(c3d.allPairs(identicalBoxes(3)))).toEqual([[0, 1], [0, 2], [1, 2]]);
    expect(mesh.raycast(ray(v(0.25, 0.25, 5), v(0, 0, -1)), { hits: 'all' }).map((hit) => hit.t)).toEqual([5]);
    expect(mesh.contacts(sphere(v(0.25, 0.25, 0.5), 1)).map((c) => c.depth)).toEqual([0.5]);
    expect(c3d.gjkTrace(aabb(v(0, 0, 0), v(1, 1, 1)), aabb(v(2, 0, 0), v(3, 1, 1))).distance).toBe(1);
    expect(mesh.traceRaycast(ray(v(0.25, 0.25, 5), v(0, 0, -1))).hit.t).toBe(5);
    const fresh = new c3d.TriangleMesh(TRIANGLE);
    expect(fresh.intersects(sphere(v(0.25, 0.25, 1), 1))).toBe(true);
    fresh.dispose();
  }

  // Triangles of a fan around the origin (distinct boxes, so the BVH splits them), for meshes of any size up to
  // 3 MiB (its own positions 1.1 MiB).
  const fan = new Float32Array(9 * (MiB >> 5)).map((_, k) => {
    const t = Math.floor(k / 9), corner = Math.floor(k / 3) % 3, axis = k % 3;
    if (corner === 0) return 0;
    const angle = (t + (corner === 1 ? 0 : 0.5)) * 1e-3;
    return axis === 0 ? Math.cos(angle) * t : axis === 1 ? Math.sin(angle) * t : t % 7;
  });

  // The kinds of heap user: make(bytes, held) makes one of about `bytes`, putting what frees it into `held`, or
  // throws a RangeError that `error` matches. A pair buffer holds nothing once its call returns.
  const KINDS = {
    mesh: {
      holds: true,
      make(bytes, held) {
        const mesh = new c3d.TriangleMesh(fan.subarray(0, 9 * Math.max(1, Math.floor(bytes / 64))));
        held.push(() => mesh.dispose());
      },
      error: /^collide3d\.TriangleMesh: positions \(\d+ triangles\) needs more than the wasm heap can give$/,
    },
    tree: {
      holds: true,
      make(bytes, held) {
        const tree = new c3d.AabbTree();
        held.push(() => tree.dispose());
        for (let i = 0; i < Math.max(1, bytes / 256); ++i) tree.insert(aabb(v(i, 0, 0), v(i + 0.5, 1, 1)));
      },
      error: /^collide3d\.AabbTree(: the wasm heap cannot hold the tree|\.insert: box needs more memory than the wasm heap can give)$/,
    },
    heapArray: {
      holds: true,
      make(bytes, held) {
        const array = new c3d.HeapArray(Uint8Array, bytes);
        held.push(() => array.dispose());
      },
      error: /^collide3d\.HeapArray: the wasm heap cannot hold the heap array$/,
    },
    pairs: {
      holds: false,
      make(bytes) {
        const count = Math.ceil(Math.sqrt(bytes / 4)) + 1;  // 8 bytes a pair
        expect(c3d.allPairs(identicalBoxes(count)).length).toBe(count * (count - 1));
      },
      error: /^collide3d\.allPairs: boxes \(\d+ boxes\): their pairs need more memory than the wasm heap can give$/,
    },
  };

  // Fills what room there is with one kind, at sizes from `largest` down to 64 bytes, each until it fails (a pair
  // buffer: tried once at each size).
  function fillWith(kind, held, largest = MiB) {
    for (let bytes = largest; bytes >= 64; bytes /= 4) {
      do {
        try {
          kind.make(bytes, held);
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
          expect(error.message).toMatch(kind.error);
          break;
        }
      } while (kind.holds);
    }
  }

  function orders(kinds) {
    if (kinds.length <= 1) return [kinds];
    return kinds.flatMap((first) => orders(kinds.filter((k) => k !== first)).map((rest) => [first, ...rest]));
  }

  it('refuses every mesh beyond the last that fits, undisposed ones before it, and then answers as before', () => {
    // The heap full but for 8 MiB, so that it fills in a moment.
    const room = new c3d.HeapArray(Uint8Array, 8 * MiB);
    const ballast = [];
    fillWith(KINDS.heapArray, ballast, 64 * MiB);
    room.dispose();
    const refs = references();
    const bytes = module.heapBytesInUse();
    const triangles = 4096;
    const meshes = [];
    let refused = 0;
    while (refused < 3) {
      try {
        meshes.push(new c3d.TriangleMesh(fan.subarray(0, 9 * triangles)));
      } catch (error) {
        expect(error).toEqual(new RangeError(`collide3d.TriangleMesh: positions (${triangles} triangles) needs more than the wasm heap can give`));
        refused += 1;
      }
    }
    expect(meshes.length).toBeGreaterThan(10);  // 8 MiB of room, a quarter of a MiB each
    expectAnswersInAFullHeap(refs);
    // Every triangle has z >= 0 and a corner at the origin: the origin is nearest, first in triangle 0.
    expect(meshes.at(-1).closestPoint(v(0, 0, -5))).toEqual({ point: v(0, 0, 0), distance: 5, triangleIndex: 0 });
    meshes.forEach((mesh) => mesh.dispose());
    expect(module.heapBytesInUse()).toBe(bytes);
    expectAnswersWithRoom(refs);
    [refs.mesh, refs.tree].forEach((owner) => owner.dispose());
    ballast.forEach((dispose) => dispose());
  });

  it('is filled with meshes, trees, HeapArrays and pair buffers in every order, and the instance still answers', () => {
    const refs = references();
    expectAnswersWithRoom(refs);
    // Two regions of room, apart, refilled in every order; the rest of the heap is full of HeapArrays.
    const room = () => new c3d.HeapArray(Uint8Array, 4 * MiB);
    let roomA = room();
    const spacer = room();
    let roomB = room();
    const ballast = [];
    fillWith(KINDS.heapArray, ballast, 64 * MiB);
    expect(module.HEAPU8.length).toBeGreaterThan(2 ** 31 - 64 * MiB);  // the limit: 2 GiB
    expectAnswersInAFullHeap(refs);
    for (const order of orders(Object.keys(KINDS))) {
      roomA.dispose();
      roomB.dispose();
      const bytes = module.heapBytesInUse();
      const held = [];
      for (const name of order) fillWith(KINDS[name], held);
      fillWith(KINDS.heapArray, held);  // the gaps too small for the last kind (a mesh's build needs 50 kB)
      expectAnswersInAFullHeap(refs);
      expectRefusalsInAFullHeap(refs);
      held.forEach((dispose) => dispose());
      expect(module.heapBytesInUse()).toBe(bytes);
      expectAnswersWithRoom(refs);
      expect(module.heapBytesInUse()).toBe(bytes);
      roomA = room();  // the same two regions, whole again
      roomB = room();
    }
    [roomA, spacer, roomB].forEach((array) => array.dispose());
    ballast.forEach((dispose) => dispose());
    expectAnswersWithRoom(refs);
    refs.mesh.dispose();
    refs.tree.dispose();
  });
});

describe('finalizers', () => {
  it('never throw, even when freeing fails (an exception there would end node)', () => {
    const script = `
      import { heapOwnerClass } from ${JSON.stringify(new URL('../../web/lib/heap-owner.js', import.meta.url).href)};
      let freed = 0;
      const { HeapOwner } = heapOwnerClass(() => { freed += 1; throw new Error('the instance is gone'); }, 'thing', () => 0);
      for (let i = 0; i < 100; ++i) new HeapOwner(8 * (i + 1), 'Thing');
      for (let round = 0; round < 20 && freed === 0; ++round) {
        globalThis.gc();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      console.log(freed);`;
    const run = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(Number(run.stdout)).toBeGreaterThan(0);
  });
});
