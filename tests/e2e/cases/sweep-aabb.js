// A cube of half size 0.5 from (0, 0, 3) down z by 4, onto targets laid flat at the origin (sweep-targets.js gives
// their sizes): the time is where its bottom, 2.5 - 4t, meets the target's top, by hand; a target box turned 45°
// about y offers a ridge, below the box's face. Then a miss, a start already touching, and a tilted layout checked
// against collide3d alone.
import { expect } from 'vitest';
import { CURVED, CURVED_NORMAL, expectHit, expectSweepAsLibrary } from './shared/sweep.js';

const flat = [0, 0, 0, 0, 0, 0];
const up = { z: 1 };
const square = { x: [-0.5, 0.5], y: [-0.5, 0.5] };  // under the cube's bottom face
const RIDGE = { x: -0.4 / Math.SQRT2, y: [-0.5, 0.5] };  // a target box turned 45° about y: its top edge, under the cube
// The target's top at height h: contact at t = (2.5 - h) / 4, at `point` (z = h).
const fromAbove = (h, point, digits, normalDigits) => (context) => {
  expectHit(expectSweepAsLibrary(context), { t: (2.5 - h) / 4, normal: up, point: { ...point, z: h }, digits, normalDigits });
};

export default [
  {
    set: { target: flat, kind: 'aabb', start: [0, 0, 3], end: [0, 0, -1], hx: 0.5, hy: 0.5, hz: 0.5 },
    check(context) {
      fromAbove(0.8, square)(context);
      expect(context.readout).toMatchObject({ contact: 'while moving', target: 'aabb', method: 'separating axes over time',
        t: '0.425', normal: '(0.000, 0.000, 1.000)' });
      // The construction: the centre, 3 − 4t along z, within the target's z extent grown by the half size,
      // [-1.3, 1.3], for t in [0.425, 1.075]; x and y hold at every t (the centre stays at 0 inside ±1.7, ±1.1).
      // The target's axes are the box's: listed once.
      expect(context.readout).toMatchObject({ 'box x': 'every t', 'box y': 'every t', 'box z': 't ∈ [0.425, 1.075]',
        'all axes': 't ∈ [0.425, 1.075]', 'entered last': 'box z', 'centre then': '(0.000, 0.000, 1.300)' });
      expect(context.readout['target x']).toBeUndefined();
      // The grown target: the box of half sizes 1.2 + 0.5, 0.6 + 0.5, 0.8 + 0.5 about the origin.
      for (const [k, half] of [['x', 1.7], ['y', 1.1], ['z', 1.3]]) {
        const along = context.result.obstacle.points.map((p) => p[k]);
        expect([Math.min(...along), Math.max(...along)]).toEqual([-half, half].map((x) => expect.closeTo(x, 12)));
      }
      expect(context.result.obstacle.radius).toBe(0);
    },
  },
  {
    set: { kind: 'plane' },
    check(context) {
      fromAbove(0, square)(context);
      expect(context.readout.method).toBe('one axis: the plane\'s normal');
    },
  },
  { set: { kind: 'triangle' }, check: fromAbove(0, square) },
  { set: { kind: 'point' }, check: fromAbove(0, {}) },
  { set: { kind: 'segment' }, check: fromAbove(0, { y: [-0.5, 0.5] }) },  // along y, under the face
  { set: { kind: 'sphere' }, check: fromAbove(1, {}) },
  { set: { kind: 'capsule' }, check: fromAbove(0.6, { y: [-0.5, 0.5] }) },
  // A face coming down on a round side: GJK places the point loosely along the arc (1e-5 off its top is 1e-10 below
  // it), so x is only near 0.
  { set: { kind: 'cylinder' }, check: fromAbove(0.8, { x: [-1e-4, 1e-4], y: [-0.5, 0.5] }, CURVED, CURVED_NORMAL) },
  // Half sizes 1.2 and 0.8 across x and z turned 45° about y: a ridge along y at x = (0.8 - 1.2) / √2, height
  // (1.2 + 0.8) / √2. Along the box's own normal (sin 45°, 0, cos 45°) the projections meet sooner (t ≈ 0.217), so
  // the cube's face axis z, meeting the ridge at t ≈ 0.271, enters last and is the normal.
  // The table: the target's reach along z is 1.2 sin 45° + 0.8 cos 45° = √2, so the box's z axis overlaps for
  // |3 − 4t| ≤ √2 + 0.5, from t = (2.5 − √2) / 4 = 0.271 to (3.5 + √2) / 4 = 1.229, and enters last.
  {
    set: { kind: 'obb', target: [0, 0, 0, 0, 45, 0] },
    check(context) {
      fromAbove(2 / Math.SQRT2, RIDGE)(context);
      expect(context.readout).toMatchObject({ 'box z': 't ∈ [0.271, 1.229]', 'entered last': 'box z' });
      expect(context.readout['all axes']).toMatch(/^t ∈ \[0\.271, /);
    },
  },
  {
    set: { end: [0, 0, 2.2] },
    check(context) {
      expect(expectSweepAsLibrary(context)).toBeNull();
      expect(context.readout).toMatchObject({ contact: 'no contact', target: 'obb', method: 'separating axes over time' });
      // Moving 0.8 down, the box's z axis overlaps only from t = (3 − (√2 + 0.5)) / 0.8 = 1.357: after the motion.
      expect(context.readout['box z']).toMatch(/^t ∈ \[1\.357, /);
      expect(context.readout['all axes']).toMatch(/^t ∈ \[1\.357, /);
      expect(context.readout['entered last']).toBeUndefined();
    },
  },
  {
    set: { start: [0, 0, 1.8] },
    check(context) {
      expect(expectSweepAsLibrary(context).t).toBe(0);  // bottom at 1.3, ridge at 1.41
    },
  },
  {
    set: { target: [0.6, -0.6, 0, 70, 0, 30], kind: 'capsule', start: [-2.6, 2.4, 1], end: [1.4, -0.6, 0] },
    check(context) {
      expect(expectSweepAsLibrary(context).t).toBeGreaterThan(0);
    },
  },
];
