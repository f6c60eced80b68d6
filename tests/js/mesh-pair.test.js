// TriangleMesh.intersectsMesh and closestPointsToMesh through the wasm build, against a brute force over every pair
// of triangles with the single queries (c3d.intersects and c3d.closestPoints of two triangles), the other mesh's
// vertices placed by three.js's own Vector3.applyMatrix4 (for an affine matrix, the very doubles the mesh computes):
// random soups under rotations, scales, mirrors and a flattening matrix; boxes touching at a corner, along an edge and
// face to face, nested without touching, identical; against three-mesh-bvh's intersectsGeometry and
// closestPointToGeometry on knots placed apart and crossing (where float tolerances cannot decide); bad input; memory.
import * as THREE from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';
import { triangle, v } from './helpers.js';

let c3d;
beforeAll(async () => { c3d = await init(); });

// Random triangles of sizes 0.03 to 1 in a cube of side 6, not indexed.
function soup(random, count) {
  const positions = new Float32Array(9 * count);
  for (let t = 0; t < count; ++t) {
    const centre = [0, 1, 2].map(() => 6 * random() - 3), size = 10 ** (-1.5 + 1.5 * random());
    for (let k = 0; k < 9; ++k) positions[9 * t + k] = centre[k % 3] + size * (2 * random() - 1);
  }
  return { positions, index: undefined };
}

// The surface of the box [lo, hi]^3: 12 triangles over 8 shared vertices.
function box(lo, hi) {
  const positions = new Float32Array(24);
  for (let k = 0; k < 8; ++k) positions.set([k & 1 ? hi : lo, k & 2 ? hi : lo, k & 4 ? hi : lo], 3 * k);
  const index = new Uint8Array([0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6,
    1, 3, 5, 3, 7, 5]);
  return { positions, index };
}

// The mesh's triangles as single-query shapes, each vertex mapped by `matrix` (a THREE.Matrix4) when given.
function triangles({ positions, index }, matrix) {
  const count = index ? index.length / 3 : positions.length / 9;
  const vertex = (k) => {
    const p = new THREE.Vector3(positions[3 * k], positions[3 * k + 1], positions[3 * k + 2]);
    if (matrix) p.applyMatrix4(matrix);
    return v(p.x, p.y, p.z);
  };
  const corner = (t, c) => (index ? index[3 * t + c] : 3 * t + c);
  return Array.from({ length: count }, (_, t) => triangle(vertex(corner(t, 0)), vertex(corner(t, 1)), vertex(corner(t, 2))));
}

// Brute force: whether any pair meets, and the nearest pair (ties: the lowest triangle of a, then of b).
function bruteForce(a, b, matrix) {
  const ta = triangles(a), tb = triangles(b, matrix);
  let meet = false, best = null;
  tb.forEach((s, j) => ta.forEach((t, i) => {
    meet ||= c3d.intersects(t, s);
    const { pointA, pointB, distance } = c3d.closestPoints(t, s);
    if (best === null || distance < best.distance) best = { pointA, pointB, distance, triangleIndexA: i, triangleIndexB: j };
    else if (distance === best.distance && (i < best.triangleIndexA || (i === best.triangleIndexA && j < best.triangleIndexB))) {
      best = { pointA, pointB, distance, triangleIndexA: i, triangleIndexB: j };
    }
  }));
  return { meet, closest: best };
}

const make = ({ positions, index }) => new c3d.TriangleMesh(positions, index);

// Both queries against brute force, exactly; the matrix passed as a Matrix4 and as its elements. Returns the answer.
function expectAgree(a, b, matrix) {
  const meshA = make(a), meshB = make(b);
  const expected = bruteForce(a, b, matrix);
  expect(meshA.intersectsMesh(meshB, matrix)).toBe(expected.meet);
  expect(meshA.intersectsMesh(meshB, Array.from(matrix.elements))).toBe(expected.meet);
  const found = meshA.closestPointsToMesh(meshB, matrix);
  expect(found).toEqual(expected.closest);
  expect(found.distance === 0).toBe(expected.meet);
  meshA.dispose();
  meshB.dispose();
  return found;
}

const translation = (x, y, z) => new THREE.Matrix4().makeTranslation(x, y, z);

function randomRotation(random) {
  const q = new THREE.Quaternion(2 * random() - 1, 2 * random() - 1, 2 * random() - 1, 2 * random() - 1).normalize();
  return new THREE.Matrix4().makeRotationFromQuaternion(q);
}

describe('TriangleMesh against TriangleMesh', () => {
  it('answers as brute force over every pair of triangles, under rotations, scales, mirrors and a flattening matrix', () => {
    const random = mulberry32(1717);
    let met = 0, apart = 0;
    for (let k = 0; k < 12; ++k) {
      const a = soup(random, 60), b = soup(random, 60);
      const matrix = randomRotation(random);
      if (k % 4 === 1) matrix.scale(new THREE.Vector3(0.3 + 2 * random(), 0.3 + 2 * random(), 0.3 + 2 * random()));
      if (k % 4 === 2) matrix.scale(new THREE.Vector3(-1, 1, 1));  // a mirror
      if (k % 4 === 3) matrix.scale(new THREE.Vector3(1, 0, 1));  // flattens b onto a plane: singular, still a placement
      const reach = k % 2 === 0 ? 2 : 8;
      matrix.setPosition(reach * (2 * random() - 1), reach * (2 * random() - 1), reach * (2 * random() - 1));
      const found = expectAgree(a, b, matrix);
      if (found.distance === 0) ++met;
      else ++apart;
    }
    expect(met).toBeGreaterThan(2);
    expect(apart).toBeGreaterThan(2);
  });

  it('boxes touching at a corner, along an edge and face to face meet; a float ulp apart they do not', () => {
    const unit = box(0, 1);
    for (const [x, y, z] of [[1, 1, 1], [1, 1, 0], [1, 0.5, 0.5], [-1, -1, -1]]) {
      expect(expectAgree(unit, unit, translation(x, y, z)).distance).toBe(0);
    }
    // Touching at the corner (1, 1, 1): a's triangle 3 is the lowest holding it, b's triangle 0 the lowest holding
    // b's corner (0, 0, 0).
    const corner = expectAgree(unit, unit, translation(1, 1, 1));
    expect(corner).toEqual({ pointA: v(1, 1, 1), pointB: v(1, 1, 1), distance: 0, triangleIndexA: 3, triangleIndexB: 0 });
    const apart = expectAgree(unit, unit, translation(1 + 2 ** -23, 1, 1));
    expect(apart.distance).toBe(2 ** -23);
    // A quarter turn about z and a move by 3 along x: b spans [2, 3] x [0, 1] x [0, 1], 1 from a.
    expect(expectAgree(unit, unit, translation(3, 0, 0).multiply(new THREE.Matrix4().makeRotationZ(Math.PI / 2))).distance)
      .toBeCloseTo(1, 15);
  });

  it('a box inside another without touching is apart by the gap; identical meshes meet at their first triangles', () => {
    const outer = box(0, 4), inner = box(0, 1);
    expect(expectAgree(outer, inner, translation(1, 1, 1)).distance).toBe(1);
    // Scaled by 2, mirrored in x and moved: [1, 3]^3, 1 from every face of the outer box.
    expect(expectAgree(outer, inner, new THREE.Matrix4().makeScale(-2, 2, 2).setPosition(3, 1, 1)).distance).toBe(1);
    for (const data of [box(0, 1), soup(mulberry32(3), 40)]) {
      const found = expectAgree(data, data, new THREE.Matrix4());
      expect([found.distance, found.triangleIndexA, found.triangleIndexB]).toEqual([0, 0, 0]);
    }
  });

  it('agrees with three-mesh-bvh on knots apart and crossing', () => {
    const knot = new THREE.TorusKnotGeometry(1, 0.3, 64, 8);
    const ring = new THREE.TorusGeometry(1.2, 0.2, 12, 48);
    const meshA = new c3d.TriangleMesh(knot.attributes.position.array, knot.index.array);
    const meshB = new c3d.TriangleMesh(ring.attributes.position.array, ring.index.array);
    const bvh = new MeshBVH(knot.clone());
    const other = ring.clone();
    other.boundsTree = new MeshBVH(other);
    const random = mulberry32(99);
    let crossing = 0, separate = 0;
    for (let k = 0; k < 40; ++k) {
      const matrix = randomRotation(random).setPosition(4 * random() - 2, 4 * random() - 2, 4 * random() - 2);
      const found = meshA.closestPointsToMesh(meshB, matrix);
      const theirs = bvh.closestPointToGeometry(other, matrix, {}, {});
      // Float tolerances (three-mesh-bvh's triangle tests) decide only where the meshes nearly touch: skip those.
      if (theirs.distance > 0 && theirs.distance < 1e-6) continue;
      expect(meshA.intersectsMesh(meshB, matrix)).toBe(bvh.intersectsGeometry(other, matrix));
      expect(found.distance).toBeCloseTo(theirs.distance, 12);
      if (found.distance === 0) ++crossing;
      else ++separate;
    }
    expect(crossing).toBeGreaterThan(5);
    expect(separate).toBeGreaterThan(5);
    meshA.dispose();
    meshB.dispose();
  });

  it('a mesh without triangles meets nothing and has no closest points', () => {
    const empty = new c3d.TriangleMesh(new Float32Array(0)), unit = make(box(0, 1));
    expect(empty.intersectsMesh(unit)).toBe(false);
    expect(unit.intersectsMesh(empty)).toBe(false);
    expect(empty.closestPointsToMesh(unit)).toBe(null);
    expect(unit.closestPointsToMesh(empty)).toBe(null);
    empty.dispose();
    unit.dispose();
  });

  it('rejects bad input with errors naming the function, argument and value, and keeps working', () => {
    const a = make(box(0, 1)), b = make(box(0, 1));
    const fn = 'collide3d.TriangleMesh.intersectsMesh';
    expect(() => a.intersectsMesh({}, [])).toThrow(new TypeError(`${fn}: other must be a TriangleMesh (got an object)`));
    expect(() => a.intersectsMesh(null)).toThrow(new TypeError(`${fn}: other must be a TriangleMesh (got null)`));
    expect(() => a.intersectsMesh(b, [1, 0, 0])).toThrow(new TypeError(`${fn}: matrix must be 16 numbers (column-major) or a Matrix4 (got an array of length 3)`));
    expect(() => a.intersectsMesh(b, new THREE.Matrix3())).toThrow(TypeError);
    const elements = translation(2, 0, 0).elements;
    expect(() => a.closestPointsToMesh(b, elements.map((e, i) => (i === 13 ? NaN : e))))
      .toThrow(new TypeError('collide3d.TriangleMesh.closestPointsToMesh: matrix[13] must be a finite number (got NaN)'));
    expect(() => a.intersectsMesh(b, elements.map((e, i) => (i === 0 ? 1e300 : e))))
      .toThrow(new RangeError(`${fn}: matrix[0] must be 0 or of magnitude 2^-126 to 2^126 (1.2e-38 to 8.5e37) (got 1e+300)`));
    // A projective matrix (three.js's makePerspective) is not a placement.
    expect(() => a.intersectsMesh(b, new THREE.Matrix4().makePerspective(-1, 1, 1, -1, 1, 10)))
      .toThrow(new RangeError(`${fn}: matrix must be affine, its last row (elements 3, 7, 11, 15) 0, 0, 0, 1 (got 0, 0, -1, 0)`));
    // A singular matrix is a valid placement: b flattened onto the plane x = 0 touches a's face x = 0.
    expect(a.intersectsMesh(b, new THREE.Matrix4().makeScale(0, 1, 1))).toBe(true);
    expect(a.closestPointsToMesh(b, new THREE.Matrix4().makeScale(0, 1, 1).setPosition(-2, 0, 0)).distance).toBe(2);
    // A getter in the matrix that disposes a mesh, or calls collide3d, is caught before the query runs.
    const doomed = make(box(0, 1));
    const sneaky = { isMatrix4: true, get elements() { doomed.dispose(); return elements; } };
    expect(() => a.intersectsMesh(doomed, sneaky)).toThrow(/called again while its arguments were being read/);
    const reentrant = { isMatrix4: true, get elements() { a.intersectsMesh(b); return elements; } };
    expect(() => a.intersectsMesh(b, reentrant)).toThrow(/called again while its arguments were being read/);
    b.dispose();
    expect(() => a.closestPointsToMesh(b)).toThrow(new Error('collide3d.TriangleMesh.closestPointsToMesh: other was disposed'));
    expect(() => b.intersectsMesh(a)).toThrow(new Error(`${fn}: the mesh was disposed`));
    expect(a.intersectsMesh(a)).toBe(true);
    a.dispose();
  });

  it('allocates nothing per query: the heap stays flat over 10,000 of them', () => {
    const module = c3d[Symbol.for('collide3d.module')];
    const a = make(soup(mulberry32(5), 200)), b = make(soup(mulberry32(6), 200));
    const matrix = translation(0.5, 0, 0);
    a.closestPointsToMesh(b, matrix);
    const bytes = module.heapBytesInUse();
    for (let k = 0; k < 5_000; ++k) {
      a.intersectsMesh(b, matrix);
      a.closestPointsToMesh(b, matrix);
    }
    expect(module.heapBytesInUse()).toBe(bytes);
    a.dispose();
    b.dispose();
  });
});
