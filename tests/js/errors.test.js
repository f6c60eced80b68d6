// Bad input: every class gets a TypeError or RangeError naming the function, argument, field and value; an
// unsupported pair gets an Error naming the pair; afterwards the module answers as before and its heap is unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { IDENTITY, aabb, cylinder, ellipsoid, frustumOfBox, obb, plane, ray, sphere, triangle, v } from './helpers.js';

let c3d;
beforeAll(async () => {
  c3d = await init();
});

const goodRay = ray(v(0, 0, 5), v(0, 0, -1));
const goodSphere = sphere(v(0, 0, 0), 1);

describe('TypeError for wrong or missing values', () => {
  it.each([
    ['a missing shape', () => c3d.intersects(undefined, goodSphere), 'collide3d.intersects: a must be a shape object (got undefined)'],
    ['an unknown type', () => c3d.raycast(goodRay, { type: 'cube' }), "collide3d.raycast: target.type must be one of 'point', 'ray', 'line', 'segment', 'plane', 'triangle', 'sphere', 'ellipsoid', 'aabb', 'obb', 'cylinder', 'capsule', 'frustum', 'cone', 'convex' (got \"cube\")"],
    ['a missing field', () => c3d.raycast(goodRay, { type: 'sphere', center: v(0, 0, 0) }), 'collide3d.raycast: target.radius must be a finite number (got undefined)'],
    ['a missing vector', () => c3d.raycast(ray(undefined, v(0, 0, 1)), goodSphere), 'collide3d.raycast: caster.origin must be a vector {x, y, z} (got undefined)'],
    ['NaN', () => c3d.raycast(ray(v(0, NaN, 0), v(0, 0, 1)), goodSphere), 'collide3d.raycast: caster.origin.y must be a finite number (got NaN)'],
    ['Infinity', () => c3d.intersects(sphere(v(0, 0, 0), Infinity), goodSphere), 'collide3d.intersects: a.radius must be a finite number (got Infinity)'],
    ['a numeric string', () => c3d.intersects(sphere(v(0, 0, '1'), 1), goodSphere), 'collide3d.intersects: a.center.z must be a finite number (got "1")'],
    ['a short rotation', () => c3d.intersects(obb(v(0, 0, 0), v(1, 1, 1), [1, 0, 0]), goodSphere), 'collide3d.intersects: a.rotation must be 9 numbers (column-major) or a Matrix3 (got an array of length 3)'],
    ['a NaN rotation element', () => c3d.classify(plane(v(0, 1, 0), 0), ellipsoid(v(0, 0, 0), v(1, 1, 1), [1, 0, 0, 0, 1, 0, 0, 0, NaN])), 'collide3d.classify: shape.rotation[8] must be a finite number (got NaN)'],
    ['a non-boolean option', () => c3d.raycast(goodRay, goodSphere, { solid: 1 }), 'collide3d.raycast: opts.solid must be a boolean (got 1)'],
    ['a non-plane to classify', () => c3d.classify(goodSphere, goodSphere), "collide3d.classify: plane.type must be 'plane' (got \"sphere\")"],
    ['a bad velocity', () => c3d.sweep(goodSphere, { x: 1, y: 2 }, plane(v(0, 1, 0), 0)), 'collide3d.sweep: velocity.z must be a finite number (got undefined)'],
    ['a frustum plane without normal', () => c3d.intersects({ type: 'frustum', planes: [{ constant: 1 }, 1, 2, 3, 4, 5] }, goodSphere), 'collide3d.intersects: a.planes[0].normal must be a vector {x, y, z} (got undefined)'],
  ])('%s', (_, call, message) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });
});

describe('RangeError for invalid geometry', () => {
  it.each([
    ['a negative radius', () => c3d.raycast(goodRay, sphere(v(0, 0, 0), -1)), 'collide3d.raycast: target.radius must be >= 0 (got -1)'],
    ['a zero ray direction', () => c3d.raycast(ray(v(0, 0, 0), v(0, 0, 0)), goodSphere), 'collide3d.raycast: caster.direction must be non-zero (got {x: 0, y: 0, z: 0})'],
    ['a zero plane normal', () => c3d.intersects(goodSphere, plane(v(0, 0, 0), 1)), 'collide3d.intersects: b.normal must be non-zero (got {x: 0, y: 0, z: 0})'],
    ['an inverted aabb', () => c3d.raycast(goodRay, aabb(v(0, 2, 0), v(1, 1, 1))), 'collide3d.raycast: target.min.y must be <= max.y = 1 (got 2)'],
    ['a non-orthonormal rotation', () => c3d.intersects(obb(v(0, 0, 0), v(1, 1, 1), [1, 0, 0, 0, 2, 0, 0, 0, 1]), obb(v(0, 0, 0), v(1, 1, 1), IDENTITY)), 'collide3d.intersects: a.rotation must be orthonormal within 1e-6 (got columns off by 3)'],
    ['a negative half size', () => c3d.raycast(goodRay, obb(v(0, 0, 0), v(1, -0.5, 1), IDENTITY)), 'collide3d.raycast: target.halfSize.y must be >= 0 (got -0.5)'],
    ['negative radii', () => c3d.classify(plane(v(0, 1, 0), 0), ellipsoid(v(0, 0, 0), v(-2, 1, 1))), 'collide3d.classify: shape.radii.x must be >= 0 (got -2)'],
    ['a cylinder without axis', () => c3d.raycast(goodRay, cylinder(v(1, 1, 1), v(1, 1, 1), 1)), 'collide3d.raycast: target.end must differ from start (got {x: 1, y: 1, z: 1})'],
    ['a frustum without 6 planes', () => c3d.intersects({ type: 'frustum', planes: [] }, goodSphere), 'collide3d.intersects: a.planes must hold 6 planes (got 0)'],
    ['a frustum plane with zero normal', () => c3d.intersects({ type: 'frustum', planes: [0, 1, 2, 3, 4, 5].map((i) => plane(v(0, i === 3 ? 0 : 1, 0), 1)) }, goodSphere), 'collide3d.intersects: a.planes[3].normal must be non-zero (got {x: 0, y: 0, z: 0})'],
    ['a negative epsilon', () => c3d.classify(plane(v(0, 1, 0), 0), goodSphere, { epsilon: -1 }), 'collide3d.classify: opts.epsilon must be >= 0 (got -1)'],
    ['a zero basis direction', () => c3d.orthonormalBasis(v(0, 0, 0)), 'collide3d.orthonormalBasis: w must be non-zero (got {x: 0, y: 0, z: 0})'],
  ])('%s', (_, call, message) => {
    expect(call).toThrow(RangeError);
    expect(call).toThrow(message);
  });
});

describe('unsupported pairs', () => {
  it('throw an Error naming the pair, never a guess', () => {
    expect(() => c3d.raycast(goodRay, frustumOfBox(v(0, 0, 0), v(1, 1, 1)))).toThrow('collide3d.raycast: the pair (ray, frustum) is not supported');
    expect(() => c3d.raycast(goodSphere, goodSphere)).toThrow('collide3d.raycast: the pair (sphere, sphere) is not supported');
    expect(() => c3d.sweep(goodSphere, v(1, 0, 0), goodRay)).toThrow('collide3d.sweep: the pair (sphere, ray) is not supported');
    expect(() => c3d.contact(goodSphere, plane(v(0, 0, 1), 0))).toThrow('collide3d.contact: the pair (sphere, plane) is not supported');
  });
});

describe('after errors', () => {
  it('the module keeps answering, and its heap does not grow', () => {
    const heap = c3d[Symbol.for('collide3d.module')];
    const t = triangle(v(-1, -1, 0), v(1, -1, 0), v(0, 1, 0));
    const before = c3d.raycast(goodRay, t);
    const bytesBefore = heap.heapBytesInUse();
    for (let i = 0; i < 20000; ++i) {
      expect(() => c3d.raycast(goodRay, sphere(v(0, 0, 0), -i - 1))).toThrow(RangeError);
      expect(() => c3d.raycast(goodRay, frustumOfBox(v(0, 0, 0), v(1, 1, 1)))).toThrow(Error);
      expect(() => c3d.intersects(goodSphere, { type: 'sphere' })).toThrow(TypeError);
    }
    expect(heap.heapBytesInUse()).toBe(bytesBefore);
    expect(c3d.raycast(goodRay, t)).toEqual(before);
    expect(before).toMatchObject({ t: 5, point: v(0, 0, 0) });
  });

  it('a million queries leave the heap where it was', () => {
    const heap = c3d[Symbol.for('collide3d.module')];
    const t = triangle(v(-1, -1, 0), v(1, -1, 0), v(0, 1, 0));
    c3d.raycast(goodRay, t);
    const bytesBefore = heap.heapBytesInUse();
    let hits = 0;
    for (let i = 0; i < 1_000_000; ++i) if (c3d.raycast(ray(v(i % 3 - 1, 0, 5), v(0, 0, -1)), t) !== null) hits += 1;
    // x = -1, 0, 1 at y = 0: the triangle spans x in [-0.5, 0.5] at y = 0, so only x = 0 hits.
    expect(hits).toBe(333_333); // i % 3 === 1 for 333,333 of the i in [0, 1e6)
    expect(heap.heapBytesInUse()).toBe(bytesBefore);
  });
});

describe('arguments read once, and no query runs on a scratch area another call used meanwhile', () => {
  it('a getter that calls collide3d while its query reads arguments makes that query throw, not answer wrongly', () => {
    const sneaky = {
      type: 'sphere', radius: 1,
      get center() {
        c3d.raycast(ray(v(100, 100, 100), v(0, 1, 0)), goodSphere); // overwrites the scratch area
        return v(0, 0, 0);
      },
    };
    expect(() => c3d.raycast(ray(v(-5, 0, 0), v(1, 0, 0)), sneaky)).toThrow(
      'collide3d.raycast: called again while its arguments were being read');
    // Options are read before anything is written, so a getter there cannot disturb the query.
    const sneakyOptions = { get maxDistance() { c3d.intersects(goodSphere, goodSphere); return 10; } };
    expect(c3d.raycast(ray(v(-5, 0, 0), v(1, 0, 0)), goodSphere, sneakyOptions).t).toBe(4);
    const basisGetter = {
      type: 'sphere', radius: 1,
      get center() { c3d.orthonormalBasis(v(100, 100, 100)); return v(5, 0, 0); },
    };
    expect(() => c3d.distance(goodSphere, basisGetter)).toThrow('collide3d.distance: called again');
    // The module answers correctly afterwards.
    expect(c3d.raycast(ray(v(-5, 0, 0), v(1, 0, 0)), goodSphere).t).toBe(4);
  });

  it('getters run once, even when the value is bad', () => {
    let reads = 0;
    const center = { x: 0, y: 0, get z() { reads += 1; return reads === 1 ? NaN : 1; } };
    expect(() => c3d.intersects(sphere(center, 1), goodSphere)).toThrow('a.center.z must be a finite number (got NaN)');
    expect(reads).toBe(1);
  });

  it('reports what is wrong first in the order the arguments are read, reading nothing more', () => {
    let typeReads = 0;
    const counted = { get type() { typeReads += 1; return 'sphere'; }, center: v(0, 0, 0), radius: 1 };
    // The first shape's type is not one: the second is not read at all.
    expect(() => c3d.intersects({ type: 'blob' }, counted)).toThrow("a.type must be one of 'point'");
    expect(() => c3d.raycast(7, counted)).toThrow('caster must be a shape object (got 7)');
    expect(typeReads).toBe(0);
    // A bad field of the first shape comes before the second's bad type (both types are read first, each once).
    const blob = { type: 'blob' };
    expect(() => c3d.intersects(sphere(v(0, 0, NaN), 1), blob)).toThrow('a.center.z must be a finite number');
    expect(() => c3d.raycast(ray(v(0, 0, 0), v(0, 0, 0)), blob)).toThrow("target.type must be one of 'point'");
    // A pair the query does not answer: both shapes' numbers checked, then the pair refused.
    expect(() => c3d.raycast(counted, sphere(v(0, 0, NaN), 1))).toThrow('target.center.z must be a finite number');
    expect(() => c3d.raycast(counted, goodSphere)).toThrow('the pair (sphere, sphere) is not supported');
    expect(typeReads).toBe(2);
  });

  it('shows BigInt values as BigInt', () => {
    expect(() => c3d.intersects(sphere(v(0, 0, 0), 1n), goodSphere)).toThrow('a.radius must be a finite number (got 1n)');
  });

  it('shows Symbols as Symbols, naming the call', () => {
    expect(() => c3d.intersects(sphere(v(0, 0, 0), Symbol('r')), goodSphere))
      .toThrow(new TypeError('collide3d.intersects: a.radius must be a finite number (got Symbol(r))'));
    expect(() => new c3d.HeapArray(Float64Array, Symbol()))
      .toThrow(new RangeError('collide3d.HeapArray: length must be an integer >= 0 (got Symbol())'));
    const tree = new c3d.AabbTree();
    expect(() => tree.update(Symbol('id'), aabb(v(0, 0, 0), v(1, 1, 1))))
      .toThrow(new RangeError('collide3d.AabbTree.update: id must be the id of a box in the tree (got Symbol(id))'));
    tree.dispose();
    let reads = 0;
    const plane = { normal: v(0, 0, 1), constant: 1 };
    const planes = { 0: plane, 1: plane, 2: plane, 3: plane, 4: plane, 5: plane, get length() { reads += 1; return reads === 1 ? 6 : Symbol(); } };
    expect(c3d.intersects({ type: 'frustum', planes }, goodSphere)).toBe(true);  // the length read once
    expect(reads).toBe(1);
  });

  it('reads an array whose buffer was detached as empty, as the batch calls do', () => {
    const detached = () => {
      const array = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
      structuredClone(array.buffer, { transfer: [array.buffer] });
      return array;
    };
    const mesh = new c3d.TriangleMesh(detached());
    expect(mesh.triangleCount).toBe(0);
    expect(mesh.raycast(ray(v(0.25, 0.25, 5), v(0, 0, -1)))).toBe(null);
    mesh.dispose();
    const index = new Uint32Array([0, 1, 2]);
    structuredClone(index.buffer, { transfer: [index.buffer] });
    const unindexed = new c3d.TriangleMesh(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), index);
    expect(unindexed.triangleCount).toBe(0);
    unindexed.dispose();
    expect(c3d.allPairs(detached()).length).toBe(0);
  });
});

describe('a getter that grows the wasm memory while its query writes arguments', () => {
  const module = () => c3d[Symbol.for('collide3d.module')];

  // A getter of `value` that grows the wasm memory through AabbTree.pairs() on identical boxes, whose pairs take
  // more bytes than the memory has; `grew()` says whether the memory did grow (detaching its views).
  function growing(value) {
    const tree = new c3d.AabbTree();
    const count = Math.ceil(Math.sqrt(module().HEAPU8.length / 4)) + 2;  // 8 bytes a pair, count^2 / 2 pairs
    for (let i = 0; i < count; ++i) tree.insert(aabb(v(0, 0, 0), v(1, 1, 1)));
    let before;
    return {
      get value() {
        before = module().HEAPU8.buffer;
        expect(tree.pairs().length).toBe(count * (count - 1));
        return value;
      },
      grew: () => before !== undefined && before !== module().HEAPU8.buffer,
      dispose: () => tree.dispose(),
    };
  }

  it('makes intersects throw, not answer on the numbers of the call before', () => {
    expect(c3d.intersects(goodSphere, goodSphere)).toBe(true);  // leaves a sphere at 0 in the scratch area
    const far = growing(v(1000, 0, 0));
    const sneaky = { type: 'sphere', radius: 1, get center() { return far.value; } };
    expect(() => c3d.intersects(goodSphere, sneaky)).toThrow('collide3d.intersects: called again while its arguments were being read');
    expect(far.grew()).toBe(true);
    far.dispose();
    expect(c3d.intersects(goodSphere, sphere(v(1000, 0, 0), 1))).toBe(false);
  });

  it('makes AabbTree.query throw, not answer on the numbers of the call before', () => {
    const tree = new c3d.AabbTree({ margin: 0 });
    tree.insert(aabb(v(0, 0, 0), v(1, 1, 1)));
    tree.insert(aabb(v(10, 0, 0), v(11, 1, 1)));
    expect([...tree.query(aabb(v(0, 0, 0), v(1, 1, 1)))]).toEqual([0]);
    const far = growing(v(10.5, 0.5, 0.5));
    const sneaky = { type: 'aabb', get min() { return far.value; }, max: v(12, 2, 2) };
    expect(() => tree.query(sneaky)).toThrow('collide3d.AabbTree.query: called again while its arguments were being read');
    expect(far.grew()).toBe(true);
    far.dispose();
    expect([...tree.query(aabb(v(10.5, 0.5, 0.5), v(12, 2, 2)))]).toEqual([1]);
    tree.dispose();
  });

  it('makes a query throw whatever grew the memory, counted call or not', () => {
    expect(c3d.intersects(goodSphere, goodSphere)).toBe(true);
    let grew = false;
    const sneaky = {
      type: 'sphere', radius: 1,
      get center() {
        const before = module().HEAPU8.buffer;
        module()._free(module()._malloc(module().HEAPU8.length));  // the module's malloc, which nothing counts
        grew = module().HEAPU8.buffer !== before;
        return v(1000, 0, 0);
      },
    };
    expect(() => c3d.intersects(goodSphere, sneaky)).toThrow('collide3d.intersects: called again while its arguments were being read');
    expect(grew).toBe(true);
  });

  it('counts every call that can grow the heap, grown or not this time', () => {
    const withTree = { type: 'sphere', radius: 1, get center() { new c3d.AabbTree().dispose(); return v(0, 0, 0); } };
    expect(() => c3d.intersects(goodSphere, withTree)).toThrow('collide3d.intersects: called again');
    const tree = new c3d.AabbTree();
    const withPairs = { type: 'sphere', radius: 1, get center() { tree.pairs(); return v(0, 0, 0); } };
    expect(() => c3d.distance(goodSphere, withPairs)).toThrow('collide3d.distance: called again');
    tree.dispose();
    const withMesh = { x: 0, y: 0, get z() { new c3d.TriangleMesh(new Float32Array(9)).dispose(); return 1; } };
    expect(() => c3d.orthonormalBasis(withMesh)).toThrow('collide3d.orthonormalBasis: called again');
  });
});
