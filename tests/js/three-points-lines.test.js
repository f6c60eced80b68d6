// raycastPoints / raycastLine against three.js's own Points.prototype.raycast and Line.prototype.raycast on random
// scenes: every kind (Points, Line, LineSegments, LineLoop), indexed (16- and 32-bit) or not, interleaved and
// normalized positions, draw ranges (odd starts, empty, beyond the end), near/far, thresholds, and object transforms
// with non-uniform and mirroring scales under a transformed parent. The intersections must be the same, field by
// field and in the same order. Then the tree's fallbacks, bad input, and the heap after dispose.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { buildPrimitiveTree, raycastLine, raycastPoints } from '../../web/lib/three/raycast-points-lines.js';
import { installAcceleratedRaycast } from '../../web/lib/three/index.js';
import { mulberry32 } from '../../bench/random.mjs';

let c3d;
beforeAll(async () => {
  c3d = await init();
});

const KINDS = [
  { Type: THREE.Points, tree: 'points', raycast: raycastPoints },
  { Type: THREE.Line, tree: 'line', raycast: raycastLine },
  { Type: THREE.LineSegments, tree: 'lineSegments', raycast: raycastLine },
  { Type: THREE.LineLoop, tree: 'line', raycast: raycastLine },
];

// A geometry of `count` vertices in a few clusters, stored one of four ways, with or without an index.
function randomGeometry(random, count) {
  const range = (lo, hi) => lo + (hi - lo) * random();
  const values = [];
  const centres = Array.from({ length: 3 }, () => [range(-4, 4), range(-4, 4), range(-4, 4)]);
  for (let v = 0; v < count; ++v) {
    const c = centres[v % 3], spread = random() < 0.5 ? 0.5 : 3;
    values.push(c[0] + range(-spread, spread), c[1] + range(-spread, spread), c[2] + range(-spread, spread));
  }
  const geometry = new THREE.BufferGeometry();
  const layout = Math.floor(random() * 4);
  if (layout === 0) {
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(values, 3));
  } else if (layout === 1) {
    // Interleaved with a normal-sized gap: x, y, z, pad, pad per vertex.
    const data = new Float32Array(5 * count);
    for (let v = 0; v < count; ++v) data.set(values.slice(3 * v, 3 * v + 3), 5 * v);
    geometry.setAttribute('position', new THREE.InterleavedBufferAttribute(new THREE.InterleavedBuffer(data, 5), 3, 0));
  } else if (layout === 2) {
    // Normalized 16-bit integers, scaled back by 8.
    const data = new Int16Array(values.map((x) => Math.round((x / 8) * 32767)));
    geometry.setAttribute('position', new THREE.BufferAttribute(data, 3, true));
  } else {
    geometry.setAttribute('position', new THREE.BufferAttribute(new Float64Array(values), 3));
  }
  if (random() < 0.5 && count > 0) {
    const length = Math.floor(range(0, 1.5 * count));
    const index = Array.from({ length }, () => Math.floor(random() * count));
    geometry.setIndex(new THREE.BufferAttribute(random() < 0.5 ? new Uint16Array(index) : new Uint32Array(index), 1));
  }
  const length = (geometry.index ?? geometry.attributes.position).count;
  const draw = random();
  if (draw < 0.2) geometry.setDrawRange(Math.floor(range(0, length)), Math.floor(range(0, length)));
  else if (draw < 0.3) geometry.setDrawRange(Math.floor(range(0, 4)), Infinity);
  else if (draw < 0.35) geometry.setDrawRange(length + 2, 5);
  return geometry;
}

// An object under a parent, both placed, turned and scaled (non-uniformly, sometimes mirrored).
function place(random, object) {
  const range = (lo, hi) => lo + (hi - lo) * random();
  const parent = new THREE.Group();
  for (const o of [parent, object]) {
    o.position.set(range(-3, 3), range(-3, 3), range(-3, 3));
    o.quaternion.setFromEuler(new THREE.Euler(range(0, 6), range(0, 6), range(0, 6)));
    const sign = () => (random() < 0.2 ? -1 : 1);
    o.scale.set(sign() * range(0.3, 3), sign() * range(0.3, 3), sign() * range(0.3, 3));
  }
  parent.add(object);
  parent.updateMatrixWorld(true);
}

// A ray at a random vertex of the object (nudged), or anywhere.
function aim(random, raycaster, object) {
  const range = (lo, hi) => lo + (hi - lo) * random();
  const origin = new THREE.Vector3(range(-20, 20), range(-20, 20), range(-20, 20));
  const position = object.geometry.attributes.position;
  const target = new THREE.Vector3(range(-5, 5), range(-5, 5), range(-5, 5));
  if (random() < 0.6 && position.count > 0) {
    target.fromBufferAttribute(position, Math.floor(random() * position.count)).applyMatrix4(object.matrixWorld);
    target.add(new THREE.Vector3(range(-0.2, 0.2), range(-0.2, 0.2), range(-0.2, 0.2)));
  }
  raycaster.set(origin, target.sub(origin).normalize());
  const thresholds = [0, 0.01, 0.1, 0.5, 2];
  raycaster.params.Points.threshold = thresholds[Math.floor(random() * 5)];
  raycaster.params.Line.threshold = thresholds[Math.floor(random() * 5)];
  raycaster.near = random() < 0.2 ? range(0, 20) : 0;
  raycaster.far = random() < 0.2 ? range(10, 40) : Infinity;
}

// The intersections as plain records (the object compared by identity).
const plain = (hits, object) => hits.map((hit) => {
  expect(hit.object).toBe(object);
  return { ...hit, point: hit.point.toArray(), object: undefined };
});

function compare(random, kind, scenes, rays) {
  let hits = 0, raysHitting = 0;
  for (let s = 0; s < scenes; ++s) {
    const geometry = randomGeometry(random, Math.floor(random() * 300));
    const object = new kind.Type(geometry);
    place(random, object);
    const tree = buildPrimitiveTree(c3d, geometry, kind.tree);
    const raycaster = new THREE.Raycaster();
    for (let r = 0; r < rays; ++r) {
      aim(random, raycaster, object);
      const expected = [], actual = [];
      kind.Type.prototype.raycast.call(object, raycaster, expected);
      kind.raycast(object, raycaster, actual, tree);
      expect(plain(actual, object)).toEqual(plain(expected, object));
      hits += expected.length;
      raysHitting += expected.length > 0;
    }
    tree.dispose();
  }
  return { hits, raysHitting };
}

describe('collide3d/three raycastPoints and raycastLine', () => {
  for (const kind of KINDS) {
    it(`${kind.Type.name}: the same intersections as three.js on random scenes`, () => {
      const { hits, raysHitting } = compare(mulberry32(kind.Type.name.length * 97), kind, 40, 60);
      // The scenes are aimed: a good share of the 2,400 rays hit, many of them several primitives.
      expect(raysHitting).toBeGreaterThan(400);
      expect(hits).toBeGreaterThan(1000);
    });
  }

  it('the tree serves the raycast when it fits, and three.js\'s loop runs when it does not', () => {
    const random = mulberry32(5);
    const geometry = randomGeometry(random, 200);
    geometry.setIndex(null);
    geometry.setDrawRange(0, Infinity);
    const object = new THREE.LineSegments(geometry);
    object.updateMatrixWorld(true);
    const raycaster = new THREE.Raycaster();
    raycaster.params.Line.threshold = 0.3;
    // Counts the tree's queries.
    let queries = 0;
    const counted = (built) => {
      const near = built.tree.near.bind(built.tree);
      built.tree.near = (...args) => (++queries, near(...args));
      return built;
    };
    const check = (built) => {
      queries = 0;
      for (let r = 0; r < 50; ++r) {
        aim(random, raycaster, object);
        const expected = [], actual = [];
        THREE.LineSegments.prototype.raycast.call(object, raycaster, expected);
        raycastLine(object, raycaster, actual, built);
        expect(plain(actual, object)).toEqual(plain(expected, object));
      }
      return queries;
    };
    const even = counted(buildPrimitiveTree(c3d, geometry, 'lineSegments'));
    expect(check(even)).toBeGreaterThan(0);
    // An odd draw range start pairs the vertices the other way: the tree built for even starts cannot serve it,
    // one built for odd starts can.
    geometry.setDrawRange(1, Infinity);
    expect(check(even)).toBe(0);
    const odd = counted(buildPrimitiveTree(c3d, geometry, 'lineSegments'));
    expect(odd.first).toBe(1);
    expect(check(odd)).toBeGreaterThan(0);
    // A tree of another kind, or over another sequence of vertices, cannot serve it either.
    const line = counted(buildPrimitiveTree(c3d, geometry, 'line'));
    expect(check(line)).toBe(0);
    const stale = counted(buildPrimitiveTree(c3d, new THREE.BufferGeometry().setAttribute('position',
      new THREE.Float32BufferAttribute([0, 0, 0, 1, 1, 1], 3)), 'lineSegments'));
    expect(check(stale)).toBe(0);
    for (const t of [even, odd, line, stale]) t.dispose();
  });

  it('a hit at exactly raycaster.far (or near) is kept, as three.js keeps it, under any transform', () => {
    const random = mulberry32(34);
    for (const kind of KINDS) {
      for (let s = 0; s < 20; ++s) {
        const geometry = randomGeometry(random, 200);
        const object = new kind.Type(geometry);
        place(random, object);
        const tree = buildPrimitiveTree(c3d, geometry, kind.tree);
        const raycaster = new THREE.Raycaster();
        aim(random, raycaster, object);
        raycaster.near = 0;
        raycaster.far = Infinity;
        const all = [];
        kind.Type.prototype.raycast.call(object, raycaster, all);
        for (const hit of all.slice(0, 5)) {
          for (const [near, far] of [[0, hit.distance], [hit.distance, Infinity]]) {
            raycaster.near = near;
            raycaster.far = far;
            const expected = [], actual = [];
            kind.Type.prototype.raycast.call(object, raycaster, expected);
            kind.raycast(object, raycaster, actual, tree);
            expect(expected.some((h) => h.distance === hit.distance)).toBe(true);
            expect(plain(actual, object)).toEqual(plain(expected, object));
          }
        }
        tree.dispose();
      }
    }
  });

  it('a singular matrix, a zero mean scale and a huge threshold give three.js\'s answers too', () => {
    const random = mulberry32(8);
    for (const kind of KINDS) {
      const geometry = randomGeometry(random, 50);
      const object = new kind.Type(geometry);
      const tree = buildPrimitiveTree(c3d, geometry, kind.tree);
      const raycaster = new THREE.Raycaster(new THREE.Vector3(0, 0, -10), new THREE.Vector3(0, 0, 1));
      for (const scale of [[1, 0, 1], [1, -1, 0], [2, 2, 2]]) {
        object.scale.set(...scale);
        object.updateMatrixWorld(true);
        for (const threshold of [0, 1e6]) {
          raycaster.params.Points.threshold = raycaster.params.Line.threshold = threshold;
          const expected = [], actual = [];
          kind.Type.prototype.raycast.call(object, raycaster, expected);
          kind.raycast(object, raycaster, actual, tree);
          expect(actual.length).toBe(expected.length);
          expect(actual.map((h) => h.index)).toEqual(expected.map((h) => h.index));
          expect(actual.map((h) => h.distance)).toEqual(expected.map((h) => h.distance));
        }
      }
      tree.dispose();
    }
  });

  it('bad input is named', () => {
    const geometry = new THREE.BufferGeometry().setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0, NaN, 0, 0], 3));
    expect(() => buildPrimitiveTree(c3d, geometry, 'triangles')).toThrow(
      /^collide3d\.three\.buildPrimitiveTree: kind must be 'points', 'line' or 'lineSegments' \(got "triangles"\)$/);
    expect(() => buildPrimitiveTree(c3d, new THREE.BufferGeometry(), 'points')).toThrow(TypeError);
    expect(() => buildPrimitiveTree(c3d, null, 'points')).toThrow(/^collide3d\.three\.buildPrimitiveTree: geometry/);
    expect(() => buildPrimitiveTree(c3d, geometry, 'points')).toThrow(
      /^collide3d\.three\.buildPrimitiveTree: geometry positions\[3\] must be a finite number \(got NaN\)$/);
    geometry.attributes.position.setX(1, 1);
    geometry.setIndex([0, 2]);
    expect(() => buildPrimitiveTree(c3d, geometry, 'line')).toThrow(RangeError);
    expect(() => buildPrimitiveTree(c3d, geometry, 'line')).toThrow(/opts\.index\[1\] must be < 2/);
    const tree = buildPrimitiveTree(c3d, new THREE.BufferGeometry().setAttribute('position',
      new THREE.Float32BufferAttribute([0, 0, 0], 3)), 'points');
    tree.dispose();
    const object = new THREE.Points(new THREE.BufferGeometry().setAttribute('position',
      new THREE.Float32BufferAttribute([0, 0, 0], 3)));
    const raycaster = new THREE.Raycaster(new THREE.Vector3(0, 0, -10), new THREE.Vector3(0, 0, 1));
    expect(() => raycastPoints(object, raycaster, [], tree)).toThrow(/the tree was disposed/);
  });

  it('the heap is as before once the trees are disposed', () => {
    const module = c3d[Symbol.for('collide3d.module')];
    const random = mulberry32(21);
    const geometry = randomGeometry(random, 250);
    const object = new THREE.LineLoop(geometry);
    const raycaster = new THREE.Raycaster();
    const warm = buildPrimitiveTree(c3d, geometry, 'line');
    aim(random, raycaster, object);
    raycastLine(object, raycaster, [], warm);
    warm.dispose();
    const before = module.heapBytesInUse();
    for (let i = 0; i < 300; ++i) {
      const tree = buildPrimitiveTree(c3d, geometry, 'line');
      aim(random, raycaster, object);
      raycastLine(object, raycaster, [], tree);
      tree.dispose();
    }
    expect(module.heapBytesInUse()).toBe(before);
  });

  it('the drop-in: raycaster.intersectObject with acceleratedRaycast installed, trees built lazily or at once', () => {
    const random = mulberry32(55);
    // Counts the trees' queries, to see the drop-in use them.
    const proto = c3d.SegmentTree.prototype, near = proto.near;
    let queries = 0;
    proto.near = function count(...args) {
      ++queries;
      return near.apply(this, args);
    };
    for (const kind of KINDS) {
      for (let s = 0; s < 12; ++s) {
        const geometry = randomGeometry(random, 200);
        const object = new kind.Type(geometry);
        place(random, object);
        const raycaster = new THREE.Raycaster();
        let uninstall = installAcceleratedRaycast(THREE);
        // Half the geometries get their kind's tree at once; the others a triangle tree, the kind's on first raycast.
        if (s % 2) geometry.computeBoundsTree({ kind: kind.tree });
        else geometry.computeBoundsTree();
        uninstall();
        for (let r = 0; r < 25; ++r) {
          aim(random, raycaster, object);
          raycaster.firstHitOnly = r % 5 === 0;
          const expected = raycaster.intersectObject(object);
          uninstall = installAcceleratedRaycast(THREE);
          const actual = raycaster.intersectObject(object);
          uninstall();
          expect(plain(actual, object)).toEqual(plain(raycaster.firstHitOnly ? expected.slice(0, 1) : expected, object));
        }
        uninstall = installAcceleratedRaycast(THREE);
        geometry.disposeBoundsTree();
        uninstall();
      }
    }
    proto.near = near;
    expect(queries).toBeGreaterThan(500);
  });

  it('computeBoundsTree names a bad kind and the geometry\'s bad numbers', () => {
    const uninstall = installAcceleratedRaycast(THREE);
    try {
      const geometry = new THREE.BufferGeometry().setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0, NaN, 0, 0], 3));
      expect(() => geometry.computeBoundsTree({ kind: 'quads' })).toThrow(
        /^collide3d\.three\.computeBoundsTree: options\.kind must be 'triangles', 'points', 'line' or 'lineSegments' \(got "quads"\)$/);
      expect(() => geometry.computeBoundsTree({ kind: 'points' })).toThrow(
        /^collide3d\.three\.computeBoundsTree: geometry positions\[3\] must be a finite number \(got NaN\)$/);
    } finally {
      uninstall();
    }
  });
});
