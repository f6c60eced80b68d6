// Serialized TriangleMeshes and the build's progress: a round trip (from the returned object, its buffer, a Uint8Array
// inside a larger buffer, a structured clone) gives a mesh that answers raycasts (every hit mode), closestPoint and
// intersects hit by hit as the original, and serializes to the same bytes; the views show the arrays as given; damaged
// images are refused with a RangeError naming the field, and randomly damaged ones are either refused or answer as
// brute force over the triangles they hold; the constructor's onProgress; memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';
import { aabb, ray, segment, sphere, triangle, v } from './helpers.js';

let c3d, module;
beforeAll(async () => {
  c3d = await init();
  module = c3d[Symbol.for('collide3d.module')];
});

// `count` random triangles over `vertices` shared vertices in a 20-unit cube (an index of `IndexType`), or a soup.
function randomMesh(random, vertices, count, IndexType) {
  const positions = new Float32Array(3 * (IndexType ? vertices : 3 * count)).map(() => 20 * random() - 10);
  const index = IndexType && new IndexType(3 * count).map(() => Math.floor(random() * vertices));
  return { positions, index };
}

function randomQueries(random, count) {
  const p = () => v(30 * random() - 15, 30 * random() - 15, 30 * random() - 15);
  return Array.from({ length: count }, (_, k) => {
    const origin = p(), to = p();
    return {
      caster: k % 4 === 3 ? segment(origin, to) : ray(origin, v(to.x - origin.x, to.y - origin.y, to.z - origin.z)),
      opts: { backfaceCulling: k % 3 === 0 },
      point: origin,
      shape: k % 2 === 0 ? sphere(to, 3 * random()) : aabb(to, v(to.x + 2 * random(), to.y + 2, to.z + random())),
    };
  });
}

// Every query's answer, for comparing two meshes hit by hit.
function answers(mesh, queries) {
  return queries.map(({ caster, opts, point, shape }) => ({
    all: mesh.raycast(caster, { ...opts, hits: 'all' }),
    first: mesh.raycast(caster, opts),
    any: mesh.raycast(caster, { ...opts, hits: 'any' }),
    closest: mesh.closestPoint(point),
    meets: mesh.intersects(shape),
  }));
}

// Whether two serialized meshes (or typed arrays) hold the same bytes (Buffer's compare: toEqual is slow on megabytes).
const sameBytes = (a, b) => Buffer.from(a.buffer, a.byteOffset, a.byteLength ?? a.buffer.byteLength)
  .equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength ?? b.buffer.byteLength));

describe('TriangleMesh.serialize / deserialize', () => {
  it('gives a mesh that answers every query as the original, from any form of the bytes', () => {
    const random = mulberry32(1601);
    for (const [vertices, count, IndexType] of [[0, 0, undefined], [3, 1, Uint16Array], [40, 7, Uint32Array],
      [500, 3000, Uint16Array], [0, 2000, undefined], [20000, 40000, Uint32Array]]) {
      const { positions, index } = randomMesh(random, vertices, count, IndexType);
      const mesh = new c3d.TriangleMesh(positions, index);
      const data = mesh.serialize();
      expect(data.version).toBe(1);
      expect([data.vertexCount, data.triangleCount]).toEqual([mesh.vertexCount, mesh.triangleCount]);
      // The views: the positions as given, each slot's corners those of its triangle in the index as given.
      expect(sameBytes(data.positions, positions)).toBe(true);
      expect([...data.triangleIds].sort((a, b) => a - b)).toEqual([...Array(count).keys()]);
      const corner = (t, c) => (index ? index[3 * t + c] : 3 * t + c);
      const expectedIndex = new Uint32Array(3 * count);
      data.triangleIds.forEach((t, slot) => expectedIndex.set([corner(t, 0), corner(t, 1), corner(t, 2)], 3 * slot));
      expect(sameBytes(data.index, expectedIndex)).toBe(true);
      for (const view of [data.positions, data.index, data.triangleIds, data.nodes]) expect(view.buffer).toBe(data.buffer);
      expect(data.nodes.length % 128).toBe(0);

      const queries = randomQueries(random, count > 10000 ? 60 : 150);
      const expected = answers(mesh, queries);
      const wider = new Uint8Array(data.buffer.byteLength + 11);
      wider.set(new Uint8Array(data.buffer), 5);
      for (const form of [data, data.buffer, wider.subarray(5, 5 + data.buffer.byteLength), structuredClone(data)]) {
        const copy = c3d.TriangleMesh.deserialize(form);
        expect([copy.vertexCount, copy.triangleCount, copy.byteLength]).toEqual([mesh.vertexCount, mesh.triangleCount, mesh.byteLength]);
        expect(answers(copy, queries)).toEqual(expected);
        expect(sameBytes(copy.serialize(), data)).toBe(true);
        copy.dispose();
      }
      if (count > 0) expect(expected.some((a) => a.all.length > 0)).toBe(true);
      mesh.dispose();
    }
  });

  it('refuses damaged images with a RangeError naming the field', () => {
    const mesh = new c3d.TriangleMesh(...Object.values(randomMesh(mulberry32(1602), 300, 400, Uint32Array)));
    const data = mesh.serialize();
    mesh.dispose();
    const offsetOf = (name) => data[name].byteOffset;
    const damaged = (change) => {
      const copy = data.buffer.slice(0);
      change(new DataView(copy));
      return copy;
    };
    const fn = 'collide3d.TriangleMesh.deserialize';
    const cases = [
      [data.buffer.slice(0, 40), `${fn}: data.byteLength must be at least 64, a header (got 40)`],
      [data.buffer.slice(0, data.buffer.byteLength - 4), `${fn}: data.byteLength must be ${data.buffer.byteLength} for`],
      [damaged((d) => d.setUint32(0, 0x4d443344, true)), `${fn}: data.magic must be 1296315203`],
      [damaged((d) => d.setUint32(4, 2, true)), `${fn}: data.version must be 1`],
      [damaged((d) => d.setUint32(12, 401, true)), `${fn}: data.byteLength must be`],
      [damaged((d) => d.setFloat32(offsetOf('positions') + 4 * 17, NaN, true)), `${fn}: data.positions[17] must be a finite number (got NaN)`],
      [damaged((d) => d.setUint32(offsetOf('index') + 4 * 5, 300, true)), `${fn}: data.index[5] must be < 300, the vertex count (got 300)`],
      [damaged((d) => d.setUint32(offsetOf('triangleIds') + 4 * 9, 400, true)), `${fn}: data.triangleIds[9] must be below the triangle count (got 400)`],
      [damaged((d) => d.setUint32(offsetOf('nodes') + 96, 1e6, true)), `${fn}: data.nodes[0].child[0] must `],
      [damaged((d) => d.setFloat32(offsetOf('nodes') + 128, d.getFloat32(offsetOf('nodes') + 128, true) - 1, true)), `${fn}: data.nodes[1].bounds[0] must be the bounds`],
    ];
    for (const [image, message] of cases) {
      let error;
      try {
        c3d.TriangleMesh.deserialize(image);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(RangeError);
      expect(error.message.startsWith(message), `${error.message}\nexpected: ${message}`).toBe(true);
    }
    expect(() => c3d.TriangleMesh.deserialize(42)).toThrow(new TypeError(
      `${fn}: data must be a serialized TriangleMesh ({ buffer }), an ArrayBuffer or a Uint8Array (got 42)`));
    expect(() => c3d.TriangleMesh.deserialize({ buffer: new Uint8Array(8) })).toThrow(TypeError);
    expect(() => c3d.TriangleMesh.deserialize(new Float32Array(64))).toThrow(TypeError);
    // A transferred (detached) buffer holds no bytes.
    const gone = data.buffer.slice(0);
    structuredClone(gone, { transfer: [gone] });
    expect(() => c3d.TriangleMesh.deserialize(gone)).toThrow(`${fn}: data.byteLength must be at least 64, a header (got 0)`);
  });

  it('either refuses a randomly damaged image or reads one that answers as brute force over what it holds', () => {
    const random = mulberry32(1603);
    const mesh = new c3d.TriangleMesh(...Object.values(randomMesh(random, 60, 90, Uint16Array)));
    const data = mesh.serialize();
    mesh.dispose();
    const queries = randomQueries(random, 40);
    const before = module.heapBytesInUse();
    let refused = 0, read = 0;
    for (let trial = 0; trial < 400; ++trial) {
      const copy = new Uint8Array(data.buffer.slice(0));
      // Two triangle ids swapped (still a permutation), or a few bytes changed, mostly in the header and the nodes,
      // where the structure is.
      if (trial % 4 === 0) {
        const ids = new Uint32Array(copy.buffer, data.triangleIds.byteOffset, data.triangleIds.length);
        const i = Math.floor(ids.length * random()), j = Math.floor(ids.length * random());
        [ids[i], ids[j]] = [ids[j], ids[i]];
      }
      for (let k = trial % 4 === 0 ? 0 : 1 + Math.floor(3 * random()); k > 0; --k) {
        const at = random() < 0.2 ? Math.floor(64 * random()) : random() < 0.5 ? data.nodes.byteOffset + Math.floor(data.nodes.length * random())
          : Math.floor(copy.length * random());
        copy[at] = random() < 0.5 ? copy[at] ^ (1 << Math.floor(8 * random())) : Math.floor(256 * random());
      }
      let restored;
      try {
        restored = c3d.TriangleMesh.deserialize(copy);
      } catch (error) {
        expect(error).toBeInstanceOf(RangeError);
        expect(error.message).toMatch(/^collide3d\.TriangleMesh\.deserialize: data\./);
        ++refused;
        continue;
      }
      ++read;
      // What the image holds, by the views of its own bytes: triangle triangleIds[slot] has the slot's corners.
      const view = restored.serialize();
      const tris = [];
      const vertex = (k) => v(view.positions[3 * k], view.positions[3 * k + 1], view.positions[3 * k + 2]);
      view.triangleIds.forEach((t, slot) => {
        tris[t] = triangle(vertex(view.index[3 * slot]), vertex(view.index[3 * slot + 1]), vertex(view.index[3 * slot + 2]));
      });
      for (const { caster, opts } of queries) {
        const hits = [];
        tris.forEach((t, triangleIndex) => {
          const hit = c3d.raycast(caster, t, opts);
          if (hit) hits.push({ ...hit, triangleIndex });
        });
        hits.sort((p, q) => p.t - q.t || p.triangleIndex - q.triangleIndex);
        expect(restored.raycast(caster, { ...opts, hits: 'all' })).toEqual(hits);
      }
      restored.dispose();
    }
    expect(refused).toBeGreaterThan(100);
    expect(read).toBeGreaterThan(100);
    expect(module.heapBytesInUse()).toBe(before);
  });
});

describe('the build\'s progress', () => {
  it('reports the fraction of triangles placed, rising to 1, and stops the build when the callback throws', () => {
    const { positions, index } = randomMesh(mulberry32(1604), 5000, 20000, Uint32Array);
    const fractions = [];
    const mesh = new c3d.TriangleMesh(positions, index, { onProgress: (f) => fractions.push(f) });
    expect(fractions.length).toBeGreaterThanOrEqual(16);
    expect(fractions.length).toBeLessThanOrEqual(65);
    expect(fractions.every((f, k) => f > 0 && f <= 1 && (k === 0 || f >= fractions[k - 1]))).toBe(true);
    expect(fractions.at(-1)).toBe(1);
    const plain = new c3d.TriangleMesh(positions, index);
    expect(sameBytes(mesh.serialize(), plain.serialize())).toBe(true);
    mesh.dispose();
    plain.dispose();

    const before = module.heapBytesInUse();
    let calls = 0;
    const stop = new Error('enough');
    expect(() => new c3d.TriangleMesh(positions, index, { onProgress: () => { if (++calls === 3) throw stop; } })).toThrow(stop);
    expect(calls).toBe(3);
    expect(module.heapBytesInUse()).toBe(before);
    expect(() => new c3d.TriangleMesh(positions, index, { onProgress: 1 })).toThrow(
      new TypeError('collide3d.TriangleMesh: opts.onProgress must be a function (got 1)'));
  });
});
