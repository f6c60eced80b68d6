// three.js objects pass straight in (a `type` tag, or the collide3d/three adapter), and on random inputs away from
// the boundary collide3d agrees with three.js's own methods — an independent implementation of the same queries.
import * as THREE from 'three';
import { OBB } from 'three/addons/math/OBB.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { fromBox3, fromOBB, fromRay, toShape } from '../../web/lib/three/index.js';
import { mulberry32 } from '../../bench/random.mjs';

let c3d;
beforeAll(async () => {
  c3d = await init();
});

const random = mulberry32(2024);
const range = (lo, hi) => lo + (hi - lo) * random();
const vec = (s = 5) => new THREE.Vector3(range(-s, s), range(-s, s), range(-s, s));
const unit = () => vec(1).normalize();

describe('three.js objects as shapes', () => {
  it('a tagged THREE.Sphere, THREE.Ray and THREE.Matrix3 work as they are', () => {
    const ball = Object.assign(new THREE.Sphere(new THREE.Vector3(0, 0, 0), 2), { type: 'sphere' });
    const r = Object.assign(new THREE.Ray(new THREE.Vector3(-5, 0, 0), new THREE.Vector3(1, 0, 0)), { type: 'ray' });
    expect(c3d.raycast(r, ball)).toEqual({ t: 3, point: { x: -2, y: 0, z: 0 }, normal: { x: -1, y: 0, z: 0 } });
    const box = new OBB(new THREE.Vector3(0, 0, 0), new THREE.Vector3(1, 2, 3), new THREE.Matrix3().identity());
    expect(c3d.raycast(r, fromOBB(box)).t).toBe(4);
  });

  it('toShape recognises every three.js math class', () => {
    expect(toShape(new THREE.Ray()).type).toBe('ray');
    expect(toShape(new THREE.Line3()).type).toBe('segment');
    expect(toShape(new THREE.Plane()).type).toBe('plane');
    expect(toShape(new THREE.Triangle()).type).toBe('triangle');
    expect(toShape(new THREE.Sphere()).type).toBe('sphere');
    expect(toShape(new THREE.Box3()).type).toBe('aabb');
    expect(toShape(new OBB()).type).toBe('obb');
    expect(toShape(new THREE.Frustum()).type).toBe('frustum');
    expect(() => toShape(new THREE.Vector3())).toThrow(TypeError);
  });

  it('a frustum from a camera culls like THREE.Frustum.intersectsSphere', () => {
    const camera = new THREE.PerspectiveCamera(60, 1.5, 0.1, 50);
    camera.position.set(0, 2, 10);
    camera.lookAt(0, 0, 0);
    camera.updateMatrixWorld();
    const frustum = new THREE.Frustum().setFromProjectionMatrix(
      new THREE.Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse));
    let agree = 0;
    for (let i = 0; i < 2000; ++i) {
      const s = new THREE.Sphere(vec(30), range(0.1, 3));
      if (c3d.intersects(toShape(frustum), toShape(s)) === frustum.intersectsSphere(s)) agree += 1;
    }
    expect(agree).toBe(2000); // both are the same conservative plane test
  });
});

describe('agreement with three.js on random inputs', () => {
  const N = 3000;
  const target = new THREE.Vector3();

  it('ray–triangle hits and points', () => {
    let hits = 0;
    for (let i = 0; i < N; ++i) {
      const r = new THREE.Ray(vec(), unit());
      const t = new THREE.Triangle(vec(), vec(), vec());
      const theirs = r.intersectTriangle(t.a, t.b, t.c, false, target);
      const ours = c3d.raycast(toShape(r), toShape(t));
      expect(ours !== null).toBe(theirs !== null);
      if (ours) {
        hits += 1;
        expect(ours.point.x).toBeCloseTo(theirs.x, 9);
        expect(ours.point.y).toBeCloseTo(theirs.y, 9);
        expect(ours.point.z).toBeCloseTo(theirs.z, 9);
      }
    }
    expect(hits).toBeGreaterThan(100);
  });

  // three.js reports where a ray starting inside a solid leaves it: collide3d's `solid: false`.
  it('ray–sphere, ray–box, ray–plane first-hit distances', () => {
    for (let i = 0; i < N; ++i) {
      const r = new THREE.Ray(vec(), unit());
      const s = new THREE.Sphere(vec(), range(0.5, 4));
      const b = new THREE.Box3().setFromCenterAndSize(vec(), vec(2).set(range(0.1, 4), range(0.1, 4), range(0.1, 4)));
      const p = new THREE.Plane(unit(), range(-3, 3));
      for (const [shape, theirs] of [
        [s, r.intersectSphere(s, new THREE.Vector3())],
        [b, r.intersectBox(b, new THREE.Vector3())],
        [p, r.intersectPlane(p, new THREE.Vector3())],
      ]) {
        const ours = c3d.raycast(fromRay(r), toShape(shape), { solid: false });
        expect(ours !== null).toBe(theirs !== null);
        if (ours) expect(ours.t).toBeCloseTo(r.origin.distanceTo(theirs), 9);
      }
    }
  });

  it('sphere–plane, box–box, box–plane, sphere–sphere, segment–plane intersects', () => {
    for (let i = 0; i < N; ++i) {
      const s1 = new THREE.Sphere(vec(), range(0.5, 4)), s2 = new THREE.Sphere(vec(), range(0.5, 4));
      const b1 = new THREE.Box3().setFromCenterAndSize(vec(), vec(2).set(range(0.1, 6), range(0.1, 6), range(0.1, 6)));
      const b2 = new THREE.Box3().setFromCenterAndSize(vec(), vec(2).set(range(0.1, 6), range(0.1, 6), range(0.1, 6)));
      const p = new THREE.Plane(unit(), range(-3, 3));
      const l = new THREE.Line3(vec(), vec());
      expect(c3d.intersects(toShape(s1), toShape(p))).toBe(s1.intersectsPlane(p));
      expect(c3d.intersects(toShape(s1), toShape(s2))).toBe(s1.intersectsSphere(s2));
      expect(c3d.intersects(fromBox3(b1), fromBox3(b2))).toBe(b1.intersectsBox(b2));
      expect(c3d.intersects(fromBox3(b1), toShape(p))).toBe(b1.intersectsPlane(p));
      expect(c3d.intersects(toShape(l), toShape(p))).toBe(p.intersectsLine(l));
    }
  });

  it('sphere–box, sphere–obb and box–obb against Box3.intersectsSphere and the examples OBB', () => {
    let compared = 0;
    for (let i = 0; i < N; ++i) {
      const rotation = new THREE.Matrix3().setFromMatrix4(new THREE.Matrix4().makeRotationFromQuaternion(
        new THREE.Quaternion(range(-1, 1), range(-1, 1), range(-1, 1), range(-1, 1)).normalize()));
      const box = new THREE.Box3().setFromCenterAndSize(vec(3), vec(1).set(range(0.2, 4), range(0.2, 4), range(0.2, 4)));
      const obb = new OBB(vec(3), vec(1).set(range(0.2, 2), range(0.2, 2), range(0.2, 2)), rotation);
      const ball = new THREE.Sphere(vec(3), range(0.2, 2));
      expect(c3d.intersects(toShape(ball), fromBox3(box))).toBe(box.intersectsSphere(ball));
      expect(c3d.intersects(fromOBB(obb), toShape(ball))).toBe(obb.intersectsSphere(ball));
      // three's OBB SAT pads |R| by an epsilon: compare only away from contact.
      const grown = obb.clone(); grown.halfSize.addScalar(1e-6);
      const shrunk = obb.clone(); shrunk.halfSize.subScalar(1e-6);
      if (grown.intersectsBox3(box) !== shrunk.intersectsBox3(box)) continue;
      compared += 1;
      expect(c3d.intersects(fromBox3(box), fromOBB(obb))).toBe(obb.intersectsBox3(box));
    }
    expect(compared).toBeGreaterThan(N * 0.99);
  });

  it('obb–obb and ray–obb against the examples OBB (its SAT pads |R| by an epsilon, so compare away from contact)', () => {
    let compared = 0;
    for (let i = 0; i < N; ++i) {
      const rotation = () => new THREE.Matrix3().setFromMatrix4(new THREE.Matrix4().makeRotationFromQuaternion(
        new THREE.Quaternion(range(-1, 1), range(-1, 1), range(-1, 1), range(-1, 1)).normalize()));
      const a = new OBB(vec(3), vec(1).set(range(0.2, 2), range(0.2, 2), range(0.2, 2)), rotation());
      const b = new OBB(vec(3), vec(1).set(range(0.2, 2), range(0.2, 2), range(0.2, 2)), rotation());
      // Skip pairs within 1e-6 of touching: shrinking or growing b slightly must not change three's answer.
      const grown = b.clone(); grown.halfSize.addScalar(1e-6);
      const shrunk = b.clone(); shrunk.halfSize.subScalar(1e-6);
      if (a.intersectsOBB(grown) !== a.intersectsOBB(shrunk)) continue;
      compared += 1;
      expect(c3d.intersects(fromOBB(a), fromOBB(b))).toBe(a.intersectsOBB(b));
      const r = new THREE.Ray(vec(), unit());
      const theirs = a.intersectRay(r, new THREE.Vector3());
      const ours = c3d.raycast(fromRay(r), fromOBB(a), { solid: false });
      expect(ours !== null).toBe(theirs !== null);
      if (ours) expect(ours.t).toBeCloseTo(r.origin.distanceTo(theirs), 9);
    }
    expect(compared).toBeGreaterThan(N * 0.99);
  });
});

describe('three.js Capsule', () => {
  it('toShape maps it to a capsule, radius included', async () => {
    const { Capsule } = await import('three/addons/math/Capsule.js');
    const capsule = new Capsule(new THREE.Vector3(0, 0, 0), new THREE.Vector3(0, 1, 0), 5);
    // The plane y = -3 is 3 below the capsule's start: within its radius 5.
    expect(c3d.intersects({ type: 'plane', normal: { x: 0, y: 1, z: 0 }, constant: 3 }, toShape(capsule))).toBe(true);
    expect(toShape(capsule)).toMatchObject({ type: 'capsule', radius: 5 });
  });
});
