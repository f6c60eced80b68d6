// TriangleMesh through the wasm build, against the single queries triangle by triangle: raycasts (first, any, every
// hit; rays, lines, segments; maxDistance and backfaceCulling) on random triangle soups and on an integer height
// field whose casters run through shared edges and vertices; raycastBatch against one call per ray; closestPoint,
// intersects, contacts and closestPoints; refit against a fresh build; three.js's Raycaster on a TorusKnotGeometry;
// bad input; memory.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';
import { IDENTITY, aabb, capsule, line, obb, plane, point, ray, segment, sphere, triangle, v } from './helpers.js';

let c3d;
beforeAll(async () => { c3d = await init(); });

// Random triangles of log-uniform sizes, not indexed.
function soup(random, count) {
  const positions = new Float32Array(9 * count);
  for (let t = 0; t < count; ++t) {
    const centre = [0, 1, 2].map(() => 20 * random() - 10), size = 10 ** (-2 + 2.5 * random());
    for (let k = 0; k < 9; ++k) positions[9 * t + k] = centre[k % 3] + size * (2 * random() - 1);
  }
  return { positions, index: undefined };
}

// An n x n grid of unit squares in x, y with integer heights, two triangles each (shared edges and vertices).
function grid(random, n) {
  const positions = new Float32Array(3 * (n + 1) * (n + 1));
  for (let i = 0; i <= n; ++i) {
    for (let j = 0; j <= n; ++j) positions.set([i, j, Math.floor(5 * random()) - 2], 3 * (i * (n + 1) + j));
  }
  const index = new Uint16Array(6 * n * n);
  const at = (i, j) => i * (n + 1) + j;
  for (let i = 0, k = 0; i < n; ++i) {
    for (let j = 0; j < n; ++j, k += 6) index.set([at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1)], k);
  }
  return { positions, index };
}

function triangles({ positions, index }) {
  const count = index ? index.length / 3 : positions.length / 9;
  const vertex = (k) => v(positions[3 * k], positions[3 * k + 1], positions[3 * k + 2]);
  const corner = (t, c) => (index ? index[3 * t + c] : 3 * t + c);
  return Array.from({ length: count }, (_, t) => triangle(vertex(corner(t, 0)), vertex(corner(t, 1)), vertex(corner(t, 2))));
}

// Every hit of the single query, ordered as the mesh orders them: by t, then by triangle.
function bruteForce(tris, caster, opts) {
  const hits = [];
  tris.forEach((t, triangleIndex) => {
    const hit = c3d.raycast(caster, t, opts);
    if (hit) hits.push({ ...hit, triangleIndex });
  });
  return hits.sort((p, q) => p.t - q.t || p.triangleIndex - q.triangleIndex);
}

function randomCaster(random, origin, towards) {
  const d = v(towards.x - origin.x, towards.y - origin.y, towards.z - origin.z);
  const kind = Math.floor(3 * random());
  if (kind === 0) return ray(origin, d);
  if (kind === 1) return line(origin, d);
  const s = 0.3 + 1.2 * random();
  return segment(origin, v(origin.x + s * d.x, origin.y + s * d.y, origin.z + s * d.z));
}

function randomOptions(random) {
  const opts = {};
  if (random() < 0.3) opts.maxDistance = 2 * random() - 0.3;
  if (random() < 0.25) opts.backfaceCulling = true;
  return opts;
}

// The mesh's three hit modes against brute force; returns whether the caster hit.
function expectAgreement(mesh, tris, caster, opts) {
  const expected = bruteForce(tris, caster, opts);
  expect(mesh.raycast(caster, { ...opts, hits: 'all' })).toEqual(expected);
  expect(mesh.raycast(caster, opts)).toEqual(expected[0] ?? null);
  const any = mesh.raycast(caster, { ...opts, hits: 'any' });
  if (expected.length === 0) {
    expect(any).toBeNull();
  } else {
    expect(expected).toContainEqual(any);
  }
  return expected.length > 0;
}

describe('TriangleMesh', () => {
  it('raycasts a random soup as the single queries do, triangle by triangle', () => {
    const random = mulberry32(7);
    const data = soup(random, 1500), tris = triangles(data);
    const mesh = new c3d.TriangleMesh(data.positions);
    let hits = 0;
    const cases = 600;
    for (let i = 0; i < cases; ++i) {
      const p = () => 30 * random() - 15;
      hits += expectAgreement(mesh, tris, randomCaster(random, v(p(), p(), p()), v(p() * 0.6, p() * 0.6, p() * 0.6)), randomOptions(random));
    }
    expect(hits).toBeGreaterThan(cases / 4);
    expect(hits).toBeLessThan(cases);
    mesh.dispose();
  });

  it('raycasts through shared edges and vertices of an indexed mesh as the single queries do', () => {
    const random = mulberry32(8);
    const data = grid(random, 16), tris = triangles(data);
    const mesh = new c3d.TriangleMesh(data.positions, data.index);
    let hits = 0, throughEdges = 0;
    for (let i = 0; i < 800; ++i) {
      // Aimed at a vertex, an edge's middle (half-integers are exact) or a square's diagonal middle.
      const half = Math.floor(3 * random());
      const target = v(Math.floor(17 * random()) + (half > 0 ? 0.5 : 0), Math.floor(17 * random()) + (half > 1 ? 0.5 : 0),
        Math.floor(5 * random()) - 2);
      const origin = v(Math.floor(23 * random()) - 3, Math.floor(23 * random()) - 3, Math.floor(6 * random()) + 3);
      const caster = randomCaster(random, origin, target);
      const opts = randomOptions(random);
      hits += expectAgreement(mesh, tris, caster, opts);
      if (mesh.raycast(caster, { ...opts, hits: 'all' }).length > 1) ++throughEdges;
    }
    expect(hits).toBeGreaterThan(200);
    expect(throughEdges).toBeGreaterThan(50);  // hits shared by two or more triangles at one point
    mesh.dispose();
  });

  it('raycastBatch gives each ray what one raycast gives, from float32 and float64 rays', () => {
    const random = mulberry32(9);
    const data = soup(random, 2000);
    const mesh = new c3d.TriangleMesh(data.positions);
    const count = 3000;
    for (const Type of [Float32Array, Float64Array]) {
      const rays = new Type(6 * count);
      for (let k = 0; k < rays.length; ++k) rays[k] = k % 6 < 3 ? 30 * random() - 15 : 2 * random() - 1;
      const opts = { maxDistance: 25, backfaceCulling: Type === Float64Array };
      const first = mesh.raycastBatch(rays, opts);
      const any = mesh.raycastBatch(rays, { ...opts, hits: 'any' });
      let hits = 0;
      for (let i = 0; i < count; ++i) {
        const r = ray(v(rays[6 * i], rays[6 * i + 1], rays[6 * i + 2]), v(rays[6 * i + 3], rays[6 * i + 4], rays[6 * i + 5]));
        const hit = mesh.raycast(r, opts);
        expect(first.t[i]).toBe(hit ? hit.t : Infinity);
        expect(first.triangleIndex[i]).toBe(hit ? hit.triangleIndex : -1);
        expect(any.triangleIndex[i] >= 0).toBe(hit !== null);
        if (hit) ++hits;
      }
      expect(hits).toBeGreaterThan(count / 10);
    }
    // A mesh whose tree the batch casts its rays in its own order for (beyond 4,096 nodes of 128 bytes: byteLength
    // less positions, index and ids), rays from all around it: each answer still in its ray's place.
    const knot = new THREE.TorusKnotGeometry(1, 0.4, 300, 100);
    const big = new c3d.TriangleMesh(knot.attributes.position.array, knot.index.array);
    expect((big.byteLength - 12 * big.vertexCount - 16 * big.triangleCount) / 128).toBeGreaterThan(4096);
    const around = new Float64Array(6 * 2000);
    for (let i = 0; i < 2000; ++i) {
      const a = 2 * Math.PI * random(), b = Math.PI * (random() - 0.5);
      const from = [3 * Math.cos(a) * Math.cos(b), 3 * Math.sin(a) * Math.cos(b), 3 * Math.sin(b)];
      around.set([...from, ...from.map((x) => random() - 0.5 - x)], 6 * i);
    }
    const cast = big.raycastBatch(around);
    let bigHits = 0;
    for (let i = 0; i < 2000; ++i) {
      const r = ray(v(around[6 * i], around[6 * i + 1], around[6 * i + 2]), v(around[6 * i + 3], around[6 * i + 4], around[6 * i + 5]));
      const hit = big.raycast(r);
      expect(cast.t[i]).toBe(hit ? hit.t : Infinity);
      expect(cast.triangleIndex[i]).toBe(hit ? hit.triangleIndex : -1);
      if (hit) ++bigHits;
    }
    expect(bigHits).toBeGreaterThan(500);
    big.dispose();
    // Writing into a given result, and no ray at all.
    const out = { t: new Float64Array(1), triangleIndex: new Int32Array(1) };
    expect(mesh.raycastBatch(new Float32Array([0, 0, 100, 0, 0, 1]), undefined, out)).toBe(out);
    expect(out).toEqual({ t: new Float64Array([Infinity]), triangleIndex: new Int32Array([-1]) });
    expect(mesh.raycastBatch(new Float32Array(0)).t.length).toBe(0);
    mesh.dispose();
  });

  it('closestPoint and intersects agree with the single queries on every triangle', () => {
    const random = mulberry32(10);
    for (const data of [soup(random, 800), grid(random, 12)]) {
      const tris = triangles(data), mesh = new c3d.TriangleMesh(data.positions, data.index);
      for (let i = 0; i < 150; ++i) {
        const p = v(30 * random() - 10, 30 * random() - 10, 20 * random() - 10);
        let best = { distance: Infinity };
        tris.forEach((t, triangleIndex) => {
          const d = c3d.closestPoints({ type: 'point', position: p }, t);
          if (d.distance < best.distance) best = { point: d.pointB, distance: d.distance, triangleIndex };
        });
        const found = mesh.closestPoint(p);
        expect(found.triangleIndex).toBe(best.triangleIndex);
        expect(found.distance).toBeCloseTo(best.distance, 12);
        for (const k of ['x', 'y', 'z']) expect(found.point[k]).toBeCloseTo(best.point[k], 12);
      }
      let met = 0;
      for (let i = 0; i < 300; ++i) {
        const q = () => Math.floor(16 * random()) - 2;
        const lo = v(q(), q(), q() / 4);
        const shapes = [plane(v(q(), q(), q() || 1), q()), triangle(v(q(), q(), q()), v(q(), q(), q()), v(q(), q(), q())),
          segment(v(q(), q(), q()), v(q(), q(), q())), ray(v(q(), q(), q()), v(q(), q(), q() || 1)), line(v(q(), q(), 20), v(q(), q(), 1)),
          { type: 'aabb', min: lo, max: v(lo.x + (q() + 2) / 4, lo.y + (q() + 2) / 4, lo.z + 1) },
          { type: 'obb', center: v(q(), q(), q() / 4), halfSize: v(1, 0.5, 0.25), rotation: [0.6, 0.8, 0, -0.8, 0.6, 0, 0, 0, 1] },
          { type: 'sphere', center: v(q(), q(), q() / 4), radius: (q() + 2) / 8 },
          { type: 'capsule', start: v(q(), q(), q() / 4), end: v(q(), q(), q() / 4), radius: (q() + 2) / 16 },
          { type: 'point', position: v(q(), q(), q() / 4) },
          { type: 'cylinder', start: v(q(), q(), q() / 4), end: v(q(), q() + 0.5, q() / 4), radius: (q() + 2) / 16 },
          { type: 'ellipsoid', center: v(q(), q(), q() / 4), radii: v((q() + 2) / 8, (q() + 2) / 16, q() % 2 === 0 ? 0 : 0.25),
            rotation: [0.6, 0.8, 0, -0.8, 0.6, 0, 0, 0, 1] },
          { type: 'frustum', planes: [[1, 0, 0, -lo.x], [-1, 0, 0, lo.x + 3], [0, 1, 0, -lo.y], [0, -1, 0, lo.y + 2],
            [0, 0, 1, -lo.z], [0, 0, -1, lo.z + 1]].map(([x, y, z, constant]) => ({ normal: v(x, y, z), constant })) }];
        for (const shape of shapes) {
          const expected = tris.some((t) => c3d.intersects(t, shape));
          expect(mesh.intersects(shape)).toBe(expected);
          met += expected;
        }
      }
      expect(met).toBeGreaterThan(300);
      expect(met).toBeLessThan(3600);
      mesh.dispose();
    }
  });

  it('contacts and closestPoints agree with the single queries on every triangle', () => {
    const random = mulberry32(14);
    const rotations = [IDENTITY, [0.6, 0.8, 0, -0.8, 0.6, 0, 0, 0, 1], [0, 0, 1, 1, 0, 0, 0, 1, 0]];
    // Integer shapes on the grid touch its vertices and edges exactly; real ones among the soup.
    function shapeNear(type, integer) {
      const q = integer ? () => Math.floor(15 * random()) - 1 : () => 20 * random() - 10;
      const at = v(q(), q(), integer ? Math.floor(5 * random()) - 2 : q());
      const size = integer ? Math.floor(3 * random()) : 3 * random();
      const span = v(size * (random() - 0.5) * 2, size * (random() - 0.5) * 2, size * (random() - 0.5) * 2);
      const far = v(at.x + span.x, at.y + span.y, at.z + span.z);
      const half = v(Math.abs(span.x), Math.abs(span.y), Math.abs(span.z));
      switch (type) {
        case 'point': return point(at);
        case 'sphere': return sphere(at, size);
        case 'segment': return segment(at, far);
        case 'capsule': return capsule(at, far, size / 2);
        case 'aabb': return aabb(at, v(at.x + half.x, at.y + half.y, at.z + half.z));
        default: return obb(at, half, rotations[Math.floor(3 * random())]);
      }
    }
    for (const integer of [true, false]) {
      const data = integer ? grid(random, 10) : soup(random, 600);
      const tris = triangles(data), mesh = new c3d.TriangleMesh(data.positions, data.index);
      let contacts = 0, touching = 0;
      for (let i = 0; i < 200; ++i) {
        const shape = shapeNear(['sphere', 'capsule', 'aabb', 'obb'][Math.floor(4 * random())], integer);
        const minDepth = random() < 0.3 ? random() : undefined;
        const expected = [];
        tris.forEach((t, triangleIndex) => {
          const c = c3d.contact(t, shape);
          if (c && c.depth >= (minDepth ?? 0)) expected.push({ normal: c.normal, depth: c.depth, point: c.pointA, triangleIndex });
        });
        expect(mesh.contacts(shape, minDepth === undefined ? undefined : { minDepth })).toEqual(expected);
        contacts += expected.length;
      }
      for (let i = 0; i < 200; ++i) {
        const shape = shapeNear(['point', 'sphere', 'segment', 'capsule', 'aabb', 'obb'][Math.floor(6 * random())], integer);
        let best;
        tris.forEach((t, triangleIndex) => {
          const c = c3d.closestPoints(t, shape);
          if (best === undefined || c.distance < best.distance) best = { ...c, triangleIndex };
        });
        expect(mesh.closestPoints(shape)).toEqual(best);
        touching += best.distance === 0;
      }
      expect(contacts).toBeGreaterThan(100);
      expect(touching).toBeGreaterThan(20);
      mesh.dispose();
    }
  });

  it('contacts push a shape out of each triangle it presses, closestPoints reach the nearest triangle', () => {
    // A 10 x 10 floor in y = 0 of two triangles facing up (+y), their shared diagonal on x = z.
    const floor = new c3d.TriangleMesh(new Float32Array([-5, 0, -5, 5, 0, -5, 5, 0, 5, -5, 0, 5]), new Uint16Array([0, 2, 1, 0, 3, 2]));
    expect(floor.contacts(sphere(v(2, 0.5, 0), 1)))
      .toEqual([{ normal: v(0, 1, 0), depth: 0.5, point: v(2, 0, 0), triangleIndex: 0 }]);
    // Over the diagonal: both triangles, each pushing up by 0.75, from the same point.
    expect(floor.contacts(sphere(v(1, 0.25, 1), 1))).toEqual([0, 1].map((triangleIndex) => ({ normal: v(0, 1, 0), depth: 0.75, point: v(1, 0, 1), triangleIndex })));
    expect(floor.contacts(sphere(v(1, 0.25, 1), 1), { minDepth: 1 })).toEqual([]);
    // A capsule standing through the floor: out on the side of its middle, until its lower ball rests on it.
    expect(floor.contacts(capsule(v(2, -1, -1), v(2, 3, -1), 0.5)))
      .toEqual([{ normal: v(0, 1, 0), depth: 1.5, point: v(2, 0, -1), triangleIndex: 0 }]);
    // A box sunk 0.25 into the floor, its centre above: up by 0.25.
    const [box] = floor.contacts(aabb(v(1, -0.25, -3), v(3, 1.75, -2)));
    expect(box).toMatchObject({ normal: v(0, 1, 0), depth: 0.25, triangleIndex: 0 });
    expect(box.point.y).toBe(0);
    // Touching counts; apart gives none.
    expect(floor.contacts(sphere(v(2, 1, 0), 1))).toEqual([{ normal: v(0, 1, 0), depth: 0, point: v(2, 0, 0), triangleIndex: 0 }]);
    expect(floor.contacts(sphere(v(2, 1.5, 0), 1))).toEqual([]);
    expect(floor.closestPoints(sphere(v(2, 3, 0), 1))).toEqual({ pointA: v(2, 0, 0), pointB: v(2, 2, 0), distance: 2, triangleIndex: 0 });
    expect(floor.closestPoints(segment(v(7, 1, 0), v(7, 5, 0)))).toEqual({ pointA: v(5, 0, 0), pointB: v(7, 1, 0), distance: Math.sqrt(5), triangleIndex: 0 });
    expect(floor.closestPoints(aabb(v(-1, -1, -1), v(1, 1, 1))).distance).toBe(0);
    floor.dispose();
  });

  it('refit follows moved vertices: every answer as a mesh built on the new positions', () => {
    const random = mulberry32(11);
    const data = grid(random, 12);
    const mesh = new c3d.TriangleMesh(data.positions, data.index);
    for (let round = 0; round < 3; ++round) {
      const moved = data.positions.map((x) => x + random() - 0.5);
      mesh.refit(moved);
      const fresh = new c3d.TriangleMesh(moved, data.index);
      for (let i = 0; i < 200; ++i) {
        const caster = ray(v(14 * random() - 1, 14 * random() - 1, 6), v(random() - 0.5, random() - 0.5, -1));
        expect(mesh.raycast(caster, { hits: 'all' })).toEqual(fresh.raycast(caster, { hits: 'all' }));
        const p = v(14 * random() - 1, 14 * random() - 1, 6 * random() - 3);
        expect(mesh.closestPoint(p)).toEqual(fresh.closestPoint(p));
      }
      fresh.dispose();
    }
    mesh.dispose();
  });

  it("finds three.js Raycaster's first hits on a TorusKnotGeometry, from its position and index arrays", () => {
    const geometry = new THREE.TorusKnotGeometry(1, 0.4, 64, 16);
    const mesh = new c3d.TriangleMesh(geometry.attributes.position.array, geometry.index.array);
    const threeMesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
    const raycaster = new THREE.Raycaster();
    const random = mulberry32(12);
    let hits = 0;
    for (let i = 0; i < 300; ++i) {
      const origin = new THREE.Vector3().randomDirection().multiplyScalar(4);
      const direction = new THREE.Vector3(2 * random() - 1, 2 * random() - 1, 0).sub(origin).normalize();
      raycaster.set(origin, direction);
      const theirs = raycaster.intersectObject(threeMesh)[0];
      const ours = mesh.raycast({ type: 'ray', origin, direction });
      expect(ours === null).toBe(theirs === undefined);
      if (!ours) continue;
      ++hits;
      expect(ours.t).toBeCloseTo(theirs.distance, 5);
      expect(ours.triangleIndex).toBe(theirs.faceIndex);
    }
    expect(hits).toBeGreaterThan(150);
    mesh.dispose();
  });

  it('takes float64 positions and 8-bit indices as three.js may store them: the same mesh as float32 and 32-bit', () => {
    const random = mulberry32(9);
    const n = 10;  // 121 vertices: every vertex number fits a byte
    const grid = new Float64Array(3 * (n + 1) * (n + 1)).map((_, k) => (k % 3 === 2 ? random() : Math.floor(k / 3 / (k % 3 === 0 ? 1 : n + 1)) % (n + 1)));
    const corners = [];
    for (let i = 0; i < n; ++i) {
      for (let j = 0; j < n; ++j) {
        const w = i * (n + 1) + j;
        corners.push(w, w + 1, w + n + 1, w + 1, w + n + 2, w + n + 1);
      }
    }
    const narrow = new c3d.TriangleMesh(grid, new Uint8Array(corners));
    const wide = new c3d.TriangleMesh(new Float32Array(grid), new Uint32Array(corners));
    let hits = 0;
    for (let k = 0; k < 200; ++k) {
      const caster = ray(v(n * random(), n * random(), 5), v(random() - 0.5, random() - 0.5, -1));
      const all = narrow.raycast(caster, { hits: 'all' });
      expect(all).toEqual(wide.raycast(caster, { hits: 'all' }));
      hits += all.length;
    }
    expect(hits).toBeGreaterThan(50);
    narrow.dispose();
    wide.dispose();
  });

  it('rejects bad input with errors naming the function, argument and value, and keeps working', () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]);
    const index = new Uint32Array([0, 1, 2, 1, 3, 2]);
    const make = (...args) => () => new c3d.TriangleMesh(...args);
    expect(make([0, 0, 0])).toThrow(new TypeError('collide3d.TriangleMesh: positions must be a Float32Array or Float64Array (got an array of length 3)'));
    expect(make(new Float32Array(4))).toThrow(new RangeError('collide3d.TriangleMesh: positions.length must be a multiple of 3 (got 4)'));
    expect(make(new Float32Array([0, 0, NaN]))).toThrow(new RangeError('collide3d.TriangleMesh: positions[2] must be a finite number (got NaN)'));
    expect(make(positions)).toThrow(new RangeError('collide3d.TriangleMesh: positions.length must be a multiple of 9 (got 12)'));
    expect(make(positions, [0, 1, 2])).toThrow(new TypeError('collide3d.TriangleMesh: index must be a Uint32Array, Uint16Array or Uint8Array (got an array of length 3)'));
    expect(make(positions, new Uint32Array(4))).toThrow(new RangeError('collide3d.TriangleMesh: index.length must be a multiple of 3 (got 4)'));
    expect(make(positions, new Uint32Array([0, 1, 2, 1, 4, 2]))).toThrow(new RangeError('collide3d.TriangleMesh: index[4] must be < 4, the vertex count (got 4)'));

    const mesh = new c3d.TriangleMesh(positions, index);
    const down = ray(v(0.25, 0.25, 1), v(0, 0, -1));
    expect(() => mesh.raycast({ type: 'sphere', center: v(0, 0, 0), radius: 1 })).toThrow(new TypeError("collide3d.TriangleMesh.raycast: caster.type must be 'ray', 'line' or 'segment' (got \"sphere\")"));
    expect(() => mesh.raycast(ray(v(0, 0, 0), v(0, 0, 0)))).toThrow(new RangeError('collide3d.TriangleMesh.raycast: caster.direction must be non-zero (got {x: 0, y: 0, z: 0})'));
    expect(() => mesh.raycast(down, { hits: 'every' })).toThrow(new TypeError("collide3d.TriangleMesh.raycast: opts.hits must be 'first' or 'any' or 'all' (got \"every\")"));
    expect(() => mesh.raycast(down, { maxDistance: '1' })).toThrow(TypeError);
    expect(() => mesh.raycastBatch(new Float32Array(6), { hits: 'all' })).toThrow(TypeError);
    expect(() => mesh.raycastBatch(new Float32Array(5))).toThrow(new RangeError('collide3d.TriangleMesh.raycastBatch: rays.length must be a multiple of 6 (got 5)'));
    expect(() => mesh.raycastBatch(new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]))).toThrow(new RangeError('collide3d.TriangleMesh.raycastBatch: rays, ray 1: direction must be non-zero (got {x: 0, y: 0, z: 0})'));
    expect(() => mesh.raycastBatch(new Float64Array([0, 0, Infinity, 1, 0, 0]))).toThrow(new RangeError('collide3d.TriangleMesh.raycastBatch: rays[2] must be a finite number (got Infinity)'));
    expect(() => mesh.raycastBatch(new Float32Array(6), undefined, { t: new Float64Array(2), triangleIndex: new Int32Array(1) })).toThrow(RangeError);
    expect(() => mesh.raycastBatch(new Float32Array(6), undefined, { t: new Float32Array(1), triangleIndex: new Int32Array(1) })).toThrow(TypeError);
    expect(() => mesh.intersects({ type: 'cylinder', start: v(0, 0, 1), end: v(0, 0, 1), radius: 1 })).toThrow(new RangeError('collide3d.TriangleMesh.intersects: shape.end must differ from start (got {x: 0, y: 0, z: 1})'));
    expect(() => mesh.intersects({ type: 'ellipsoid', center: v(0, 0, 0), radii: v(1, -1, 1) })).toThrow(new RangeError('collide3d.TriangleMesh.intersects: shape.radii.y must be >= 0 (got -1)'));
    expect(() => mesh.closestPoint({ x: 0, y: 'a', z: 0 })).toThrow(new TypeError('collide3d.TriangleMesh.closestPoint: point.y must be a finite number (got "a")'));
    const ball = sphere(v(0.25, 0.25, 0), 1);
    expect(() => mesh.contacts({ type: 'sphere', center: v(0, 0, 0) })).toThrow(new TypeError('collide3d.TriangleMesh.contacts: shape.radius must be a finite number (got undefined)'));
    expect(() => mesh.contacts(capsule(v(0, 0, 0), v(1, 0, 0), -1))).toThrow(new RangeError('collide3d.TriangleMesh.contacts: shape.radius must be >= 0 (got -1)'));
    expect(() => mesh.contacts(plane(v(0, 0, 1), 0))).toThrow(new Error('collide3d.TriangleMesh.contacts: the pair (TriangleMesh, plane) is not supported'));
    expect(() => mesh.contacts(ray(v(0, 0, 0), v(1, 0, 0)))).toThrow(new Error('collide3d.TriangleMesh.contacts: the pair (TriangleMesh, ray) is not supported'));
    expect(() => mesh.contacts(ball, { minDepth: '1' })).toThrow(new TypeError('collide3d.TriangleMesh.contacts: opts.minDepth must be a finite number (got "1")'));
    expect(() => mesh.contacts(ball, { minDepth: -1 })).toThrow(new RangeError('collide3d.TriangleMesh.contacts: opts.minDepth must be >= 0 (got -1)'));
    expect(() => mesh.contacts(ball, 1)).toThrow(new TypeError('collide3d.TriangleMesh.contacts: opts must be an object (got 1)'));
    expect(() => mesh.closestPoints({ type: 'aabb', min: v(0, 0, 0), max: v(1, -1, 1) })).toThrow(new RangeError('collide3d.TriangleMesh.closestPoints: shape.min.y must be <= max.y = -1 (got 0)'));
    expect(() => mesh.closestPoints(ray(v(0, 0, 0), v(1, 0, 0)))).toThrow(new Error('collide3d.TriangleMesh.closestPoints: the pair (TriangleMesh, ray) is not supported'));
    expect(() => mesh.closestPoints({ type: 'cube' })).toThrow(TypeError);
    expect(mesh.contacts(ball).map((c) => c.triangleIndex)).toEqual([0, 1]);
    expect(() => mesh.refit(new Float32Array(9))).toThrow(new RangeError('collide3d.TriangleMesh.refit: positions.length must be 12, 3 per vertex (got 9)'));
    expect(() => mesh.refit(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, NaN]))).toThrow(new RangeError('collide3d.TriangleMesh.refit: positions[11] must be a finite number (got NaN)'));
    // A failed refit changed nothing.
    expect(mesh.raycast(down)).toMatchObject({ t: 1, triangleIndex: 0, u: 0.25, v: 0.25 });
    mesh.dispose();
    mesh.dispose();  // twice is harmless
    expect(() => mesh.raycast(down)).toThrow(new Error('collide3d.TriangleMesh.raycast: the mesh was disposed'));
    expect(() => mesh.byteLength).toThrow(new Error('collide3d.TriangleMesh.byteLength: the mesh was disposed'));
    // A getter among the arguments that disposes the mesh is caught before the query runs on freed memory.
    const doomed = new c3d.TriangleMesh(positions, index);
    const sneaky = { type: 'ray', get origin() { doomed.dispose(); return v(0.25, 0.25, 1); }, direction: v(0, 0, -1) };
    expect(() => doomed.raycast(sneaky)).toThrow(/called again while its arguments were being read/);
    const doomed2 = new c3d.TriangleMesh(positions, index);
    expect(() => doomed2.raycastBatch(new Float32Array(6), { get maxDistance() { doomed2.dispose(); return 1; } }))
      .toThrow(new Error('collide3d.TriangleMesh.raycastBatch: the mesh was disposed'));
    const doomed3 = new c3d.TriangleMesh(positions, index);
    expect(() => doomed3.contacts(ball, { get minDepth() { doomed3.dispose(); return 0; } })).toThrow(/called again while its arguments were being read/);
    expect(() => doomed3.closestPoints(ball)).toThrow(new Error('collide3d.TriangleMesh.closestPoints: the mesh was disposed'));
    // A mesh without triangles.
    const empty = new c3d.TriangleMesh(new Float32Array(0));
    expect(empty.raycast(down)).toBeNull();
    expect(empty.closestPoint(v(0, 0, 0))).toBeNull();
    expect(empty.intersects(plane(v(0, 0, 1), 0))).toBe(false);
    expect(empty.contacts(sphere(v(0, 0, 0), 1))).toEqual([]);
    expect(empty.closestPoints(sphere(v(0, 0, 0), 1))).toBeNull();
    empty.dispose();
  });

  it('holds at most twice its positions and index in the heap, returns it on dispose, and stays flat over 10,000 meshes', () => {
    const module = c3d[Symbol.for('collide3d.module')];
    // 140,000 triangles over 71,071 vertices: a Uint32Array index, as three.js makes above 65,535 vertices.
    const geometry = new THREE.TorusKnotGeometry(1, 0.4, 1000, 70);
    const positions = geometry.attributes.position.array, index = geometry.index.array;
    const before = module.heapBytesInUse();
    const mesh = new c3d.TriangleMesh(positions, index);
    const held = module.heapBytesInUse() - before;
    expect(index).toBeInstanceOf(Uint32Array);
    expect(held).toBeGreaterThanOrEqual(mesh.byteLength);
    expect(held).toBeLessThanOrEqual(2 * (positions.byteLength + index.byteLength));
    mesh.dispose();
    expect(module.heapBytesInUse()).toBe(before);

    const small = soup(mulberry32(13), 20).positions;
    const caster = ray(v(0, 0, -20), v(0, 0, 1));
    const big = sphere(v(0, 0, 0), 20);
    const warm = new c3d.TriangleMesh(small);
    warm.raycast(caster, { hits: 'all' });
    expect(warm.contacts(big).length).toBe(20);
    warm.dispose();
    const bytes = module.heapBytesInUse();
    for (let i = 0; i < 10000; ++i) {
      const m = new c3d.TriangleMesh(small);
      m.raycast(caster, { hits: 'all' });
      m.contacts(big);
      m.closestPoints(big);
      m.dispose();
    }
    expect(module.heapBytesInUse()).toBe(bytes);
  });
});
