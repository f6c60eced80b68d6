// TriangleMesh.buildAsync in node (worker_threads): the mesh it resolves to is the one the constructor builds, byte
// for byte (so every answer is the same), with progress reported before it resolves; refused arrays reject with the
// constructor's errors under buildAsync's name; an AbortSignal rejects with its reason, before or during the build,
// and later builds still work; builds at the same time each get theirs; the calling thread's heap ends as it began.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';
import { ray, v } from './helpers.js';

let c3d, module;
beforeAll(async () => {
  c3d = await init();
  module = c3d[Symbol.for('collide3d.module')];
});

function randomMesh(seed, vertices, count) {
  const random = mulberry32(seed);
  const positions = new Float32Array(3 * vertices).map(() => 20 * random() - 10);
  const index = new Uint32Array(3 * count).map(() => Math.floor(random() * vertices));
  return { positions, index };
}

const bytes = (mesh) => Buffer.from(mesh.serialize().buffer);

describe('TriangleMesh.buildAsync', () => {
  it('resolves to the mesh the constructor builds, reporting progress first', async () => {
    const heap = module.heapBytesInUse();
    const { positions, index } = randomMesh(1, 30000, 60000);
    const given = positions.slice();
    const fractions = [];
    const mesh = await c3d.TriangleMesh.buildAsync(positions, index, { onProgress: (f) => fractions.push(f) });
    const built = new c3d.TriangleMesh(positions, index);
    expect(bytes(mesh).equals(bytes(built))).toBe(true);
    const caster = ray(v(-20, 0.5, 0.25), v(1, 0, 0));
    expect(mesh.raycast(caster, { hits: 'all' })).toEqual(built.raycast(caster, { hits: 'all' }));
    expect(mesh.raycast(caster, { hits: 'all' }).length).toBeGreaterThan(0);
    expect(fractions.length).toBeGreaterThanOrEqual(16);
    expect(fractions.every((f, k) => f > 0 && (k === 0 || f >= fractions[k - 1]))).toBe(true);
    expect(fractions.at(-1)).toBe(1);
    expect(positions).toEqual(given);  // copied, not taken
    // Unindexed, from a view into a larger buffer, and with no options.
    const soup = new Float32Array(9 * 500 + 7).map((_, k) => Math.sin(k) * 5).subarray(7);
    const small = await c3d.TriangleMesh.buildAsync(soup);
    const smallBuilt = new c3d.TriangleMesh(soup);
    expect(bytes(small).equals(bytes(smallBuilt))).toBe(true);
    for (const m of [mesh, built, small, smallBuilt]) m.dispose();
    expect(module.heapBytesInUse()).toBe(heap);
  });

  it('rejects refused arrays with the constructor\'s errors, named for buildAsync', async () => {
    const fn = 'collide3d.TriangleMesh.buildAsync';
    await expect(c3d.TriangleMesh.buildAsync(new Float32Array([0, 0, NaN, 1, 0, 0, 0, 1, 0]))).rejects.toThrow(
      new RangeError(`${fn}: positions[2] must be a finite number (got NaN)`));
    await expect(c3d.TriangleMesh.buildAsync(new Float32Array(9), new Uint16Array([0, 1, 3]))).rejects.toThrow(
      new RangeError(`${fn}: index[2] must be < 3, the vertex count (got 3)`));
    await expect(c3d.TriangleMesh.buildAsync([0, 0, 0])).rejects.toThrow(
      new TypeError(`${fn}: positions must be a Float32Array or Float64Array (got an array of length 3)`));
    await expect(c3d.TriangleMesh.buildAsync(new Float32Array(9), null, { signal: {} })).rejects.toThrow(
      new TypeError(`${fn}: opts.signal must be an AbortSignal (got an object)`));
    await expect(c3d.TriangleMesh.buildAsync(new Float32Array(9), null, { onProgress: 'x' })).rejects.toThrow(TypeError);
  });

  it('rejects with the signal\'s reason when aborted, before or during the build, and builds again after', async () => {
    const { positions, index } = randomMesh(2, 100000, 200000);
    const before = new AbortController();
    before.abort(new Error('not wanted'));
    await expect(c3d.TriangleMesh.buildAsync(positions, index, { signal: before.signal })).rejects.toThrow('not wanted');
    // Aborted at the first progress report, while the worker is building.
    const during = new AbortController();
    let reports = 0;
    const aborted = c3d.TriangleMesh.buildAsync(positions, index, {
      signal: during.signal, onProgress: () => { if (++reports === 1) during.abort(); },
    });
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(reports).toBe(1);
    // An exception from onProgress ends the build too.
    const stop = new Error('enough');
    await expect(c3d.TriangleMesh.buildAsync(positions, index, { onProgress: () => { throw stop; } })).rejects.toBe(stop);
    const small = randomMesh(3, 100, 300);
    const mesh = await c3d.TriangleMesh.buildAsync(small.positions, small.index);
    expect(mesh.triangleCount).toBe(300);
    mesh.dispose();
  });

  it('builds several meshes at the same time, each its own', async () => {
    const inputs = [4, 5, 6].map((seed) => randomMesh(seed, 2000, 5000 * seed));
    const meshes = await Promise.all(inputs.map(({ positions, index }) => c3d.TriangleMesh.buildAsync(positions, index)));
    meshes.forEach((mesh, k) => {
      const built = new c3d.TriangleMesh(inputs[k].positions, inputs[k].index);
      expect(bytes(mesh).equals(bytes(built))).toBe(true);
      built.dispose();
      mesh.dispose();
    });
  });
});
