// A unit ball from (0, 0, 3) down z by 4, onto each target laid flat at the origin (sweep-targets.js gives their
// sizes): the time is where the centre's height 3 - 4t reaches 1 plus the target's reach along z, by hand; then a
// turned box, a miss, a start already touching, and a tilted layout checked against collide3d alone.
import { expect } from 'vitest';
import { CURVED, expectFirstContact, expectHit, expectSweepAsLibrary } from './shared/sweep.js';

const flat = [0, 0, 0, 0, 0, 0];
const up = { z: 1 };
// The target's top at height h: the centre reaches 1 + h at t = (3 - 1 - h) / 4, touching at (0, 0, h).
const fromAbove = (h, digits) => (context) => {
  expectHit(expectSweepAsLibrary(context), { t: (2 - h) / 4, normal: up, point: { z: h }, digits });
};

export default [
  {
    set: { target: flat, kind: 'point', start: [0, 0, 3], end: [0, 0, -1], radius: 1 },
    check(context) {
      const { result, readout, c3d } = context;
      expect(result.inputs.velocity).toEqual({ x: 0, y: 0, z: -4 });
      fromAbove(0)(context);
      expect(readout).toEqual({ contact: 'while moving', target: 'point', method: 'cast on Minkowski difference',
        t: '0.5', point: '(0.000, 0.000, 0.000)', normal: '(0.000, 0.000, 1.000)', 'centre then': '(0.000, 0.000, 1.000)' });
      // The point grown by the ball: a ball of radius 1 about it, which the centre meets at height 1.
      expect(result.obstacle).toEqual({ points: [{ x: 0, y: 0, z: 0 }], radius: 1 });
      expect(expectFirstContact(c3d, result.inputs, result.hit)).toBe(true);
    },
  },
  { set: { kind: 'segment' }, check: fromAbove(0) },
  { set: { kind: 'triangle' }, check: fromAbove(0) },
  {
    set: { kind: 'plane' },
    check(context) {
      fromAbove(0)(context);
      expect(context.readout.method).toBe('signed distance, closed form');
    },
  },
  { set: { kind: 'sphere' }, check: fromAbove(1) },  // radius 1
  { set: { kind: 'capsule' }, check: fromAbove(0.6) },  // axis along y, radius 0.6
  {
    // Axis along y, radius 0.8: the GJK ray cast.
    set: { kind: 'cylinder' },
    check(context) {
      fromAbove(0.8, CURVED)(context);
      expect(context.readout.method).toBe('GJK ray cast');
    },
  },
  {
    // Base at y = -1 (radius 0.9), apex at y = 1: its top generator in the plane x = 0 is z = 0.45 (1 - y), with
    // unit normal n = (0, 0.45, 1) / s, s = sqrt(1 + 0.45^2). The ball's centre (0, 0, c) is 1 from it when
    // c = 0.45 + s, touching at the centre less n.
    set: { kind: 'cone' },
    check(context) {
      const s = Math.hypot(1, 0.45), c = 0.45 + s;
      expectHit(expectSweepAsLibrary(context), { t: (3 - c) / 4, normal: { y: 0.45 / s, z: 1 / s },
        point: { y: -0.45 / s, z: c - 1 / s }, digits: CURVED });
      expect(context.readout.method).toBe('GJK ray cast');
    },
  },
  { set: { kind: 'ellipsoid' }, check: fromAbove(0.9, CURVED) },  // radii 1.3, 0.7, 0.9
  { set: { kind: 'convex' }, check: fromAbove(0.9, CURVED) },  // the gem's apex at z = 0.9 is its highest point
  { set: { kind: 'aabb' }, check: fromAbove(0.8) },  // half sizes 1.2, 0.6, 0.8
  { set: { kind: 'obb', target: [0, 0, 0, 90, 0, 0] }, check: fromAbove(0.6) },  // turned about x: its y half along z
  {
    set: { end: [0, 0, 2.5] },
    check(context) {
      // Moving 0.5 of the 1.4 it would need: no contact, and no overlap anywhere along the way.
      expect(expectSweepAsLibrary(context)).toBeNull();
      expect(context.readout).toEqual({ contact: 'no contact', target: 'obb', method: 'cast on Minkowski difference' });
      expect(context.result.obstacle.points).toHaveLength(8);  // the box's corners, grown by the radius
    },
  },
  {
    set: { start: [0.3, 0.2, 1.5] },
    check(context) {
      // 1.5 - 1 = 0.5 < 0.6: the ball already overlaps the box's top.
      expect(expectSweepAsLibrary(context).t).toBe(0);
      expect(context.readout.contact).toBe('already touching');
    },
  },
  {
    set: { target: [0.2, -0.3, 0.1, -60, 10, 20], kind: 'triangle', start: [-2.2, 2.6, 1.5], end: [1.6, -1.8, 0.4], radius: 0.8 },
    check(context) {
      const hit = expectSweepAsLibrary(context);
      expect(hit.t).toBeGreaterThan(0);
    },
  },
];
