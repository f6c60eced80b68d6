// c3d.sweep through the package for the pairs the sweep table gained, and TriangleMesh.sweep: values derived by hand,
// the mesh against a loop of c3d.sweep over its triangles, and bad arguments.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';

let c3d;
beforeAll(async () => { c3d = await init(); });

const v = (x, y, z) => ({ x, y, z });

describe('sweep', () => {
  it('finds first contacts derived by hand', () => {
    // A capsule's axis 3 - 4t from the crossing capsule's reaches the radii's sum 1 at t = 1/2.
    const hit = c3d.sweep({ type: 'capsule', start: v(-1, 0, 0), end: v(1, 0, 0), radius: 0.5 }, v(0, 0, 4),
      { type: 'capsule', start: v(0, -1, 3), end: v(0, 1, 3), radius: 0.5 });
    expect(hit.t).toBeCloseTo(0.5, 12);
    expect(hit.point.z).toBeCloseTo(2.5, 12);
    expect(hit.normal).toEqual({ x: 0, y: 0, z: -1 });
    // A box's face x = 1 + 10t reaches a ball's side at x = 4: t = 0.3.
    const box = c3d.sweep({ type: 'aabb', min: v(-1, -1, -1), max: v(1, 1, 1) }, v(10, 0, 0),
      { type: 'sphere', center: v(5, 0, 0), radius: 1 });
    expect(box.t).toBeCloseTo(0.3, 12);
    expect(box.normal.x).toBeCloseTo(-1, 12);
    // A ball passing a point at exactly its radius touches (decided exactly); a hair further out it misses.
    expect(c3d.sweep({ type: 'sphere', center: v(-5, 2, 0), radius: 1 }, v(10, 0, 0), { type: 'point', position: v(0, 1, 0) }))
      .not.toBeNull();
    expect(c3d.sweep({ type: 'sphere', center: v(-5, 2.0000000000000004, 0), radius: 1 }, v(10, 0, 0),
      { type: 'point', position: v(0, 1, 0) })).toBeNull();
  });

  it('lists every moving shape against every target in supported', () => {
    const pairs = new Set(c3d.supported.filter((p) => p.query === 'sweep').map((p) => `${p.a}-${p.b}`));
    for (const a of ['point', 'segment', 'sphere', 'capsule', 'aabb', 'obb']) {
      for (const b of ['point', 'segment', 'triangle', 'plane', 'sphere', 'capsule', 'cylinder', 'aabb', 'obb']) {
        expect(pairs.has(`${a}-${b}`), `${a}-${b}`).toBe(true);
      }
    }
  });
});

describe('TriangleMesh.sweep', () => {
  // A 12 x 12 height field of unit squares with random integer heights.
  function field(random, n) {
    const positions = [], index = [];
    for (let i = 0; i <= n; ++i) for (let j = 0; j <= n; ++j) positions.push(i, Math.floor(random() * 3), j);
    const at = (i, j) => i * (n + 1) + j;
    for (let i = 0; i < n; ++i) {
      for (let j = 0; j < n; ++j) index.push(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i + 1, j));
    }
    return { positions: new Float32Array(positions), index: new Uint32Array(index) };
  }

  it('equals c3d.sweep over every triangle', () => {
    const random = mulberry32(17);
    const { positions, index } = field(random, 12);
    const mesh = new c3d.TriangleMesh(positions, index);
    const corner = (k) => v(positions[3 * index[k]], positions[3 * index[k] + 1], positions[3 * index[k] + 2]);
    let hits = 0;
    for (let n = 0; n < 200; ++n) {
      const at = v(random() * 12, 3 + random() * 3, random() * 12);
      const kind = n % 3;
      const moving = kind === 0 ? { type: 'sphere', center: at, radius: 0.2 + random() }
        : kind === 1 ? { type: 'capsule', start: at, end: v(at.x, at.y + 1.5, at.z), radius: 0.4 }
          : { type: 'aabb', min: at, max: v(at.x + 0.8, at.y + 1.8, at.z + 0.8) };
      const velocity = v(random() * 6 - 3, -6, random() * 6 - 3);
      let expected = null;
      for (let t = 0; t < index.length / 3; ++t) {
        const hit = c3d.sweep(moving, velocity, { type: 'triangle', a: corner(3 * t), b: corner(3 * t + 1), c: corner(3 * t + 2) });
        if (hit && (expected === null || hit.t < expected.t)) expected = { ...hit, triangleIndex: t };
      }
      const found = mesh.sweep(moving, velocity);
      expect(found).toEqual(expected);
      if (found) ++hits;
    }
    expect(hits).toBeGreaterThan(100);
    mesh.dispose();
  });

  it('rejects what it cannot sweep', () => {
    const mesh = new c3d.TriangleMesh(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
    expect(() => mesh.sweep({ type: 'plane', normal: v(0, 1, 0), constant: 0 }, v(0, 1, 0)))
      .toThrow('collide3d.TriangleMesh.sweep: the pair (plane, TriangleMesh) is not supported');
    expect(() => mesh.sweep({ type: 'sphere', center: v(0, 0, 0), radius: -1 }, v(0, 1, 0))).toThrow(RangeError);
    expect(() => mesh.sweep({ type: 'sphere', center: v(0, 0, 0), radius: 1 }, v(0, NaN, 0))).toThrow(TypeError);
    mesh.dispose();
    expect(() => mesh.sweep({ type: 'sphere', center: v(0, 0, 0), radius: 1 }, v(0, 1, 0))).toThrow(/disposed/);
  });
});
