// A capsule of radius 0.5 and length 2 from (0, 0, 3) down z by 4, onto targets laid flat at the origin
// (sweep-targets.js gives their sizes), its axis along y, along z or along x: the time is where its lowest point,
// 3 - 4t - reach, meets the target's top, by hand. Then a miss, a start already touching, and a tilted layout
// checked against collide3d alone.
import { expect } from 'vitest';
import { CURVED, expectHit, expectSweepAsLibrary } from './shared/sweep.js';

const flat = [0, 0, 0, 0, 0, 0];
const up = { z: 1 };
// The axis's lowest point starts at height `low`; the target's top is at height h: contact at t = (low - 0.5 - h) / 4.
const fromAbove = (low, h, point, digits) => (context) => {
  expectHit(expectSweepAsLibrary(context), { t: (low - 0.5 - h) / 4, normal: up, point: { ...point, z: h }, digits });
};

export default [
  {
    // Axis along y: both ends reach the plane together, and the first end is the one reported.
    set: { target: flat, kind: 'plane', start: [0, 0, 3, 0, 0, 0], end: [0, 0, -1], radius: 0.5, length: 2 },
    check(context) {
      fromAbove(3, 0, { y: -1 })(context);
      expect(context.readout).toEqual({ contact: 'while moving', target: 'plane', method: 'both end balls, closed form',
        t: '0.625', point: '(0.000, -1.000, 0.000)', normal: '(0.000, 0.000, 1.000)', 'centre then': '(0.000, 0.000, 0.500)' });
      // The plane moved out by the capsule's reach down, its radius (the axis is level): z = 0.5.
      expect(context.result.obstacle).toEqual({ normal: { x: 0, y: 0, z: 1 }, constant: -0.5 });
    },
  },
  { set: { start: [0, 0, 3, 90, 0, 0] }, check: fromAbove(2, 0, {}) },  // axis along z: its lower end at height 2
  { set: { kind: 'segment' }, check: fromAbove(2, 0, {}) },
  { set: { kind: 'sphere' }, check: fromAbove(2, 1, {}) },
  // Axis along x (turned about z), across the target capsule's axis along y, 3 above it: radii 0.5 + 0.6.
  { set: { kind: 'capsule', start: [0, 0, 3, 0, 0, 90] }, check: fromAbove(3, 0.6, {}) },
  // Lying along x on the box's top face (x within 1.2, the capsule's axis within 1): any point of the touching segment.
  { set: { kind: 'aabb' }, check: fromAbove(3, 0.8, { x: [-1, 1] }) },
  { set: { kind: 'triangle' }, check: fromAbove(3, 0, { x: [-1, 1] }) },
  {
    set: { kind: 'cylinder' },
    check(context) {
      fromAbove(3, 0.8, {}, CURVED)(context);
      expect(context.readout.method).toBe('GJK ray cast');
    },
  },
  {
    set: { end: [0, 0, 2] },
    check(context) {
      expect(expectSweepAsLibrary(context)).toBeNull();
      expect(context.readout).toEqual({ contact: 'no contact', target: 'cylinder', method: 'GJK ray cast' });
    },
  },
  {
    set: { kind: 'obb', target: [0, 0, 0, 0, 0, 0], start: [0.5, 0, 1.2, 0, 0, 90] },
    check(context) {
      // Its axis 1.2 up, radius 0.5, over a top at 0.8: already overlapping.
      expect(expectSweepAsLibrary(context).t).toBe(0);
      expect(context.readout.contact).toBe('already touching');
    },
  },
  {
    set: { target: [0.4, -0.5, -0.2, 0, 30, 15], kind: 'obb', start: [-2.6, 2.2, 1.2, 20, 0, 60], end: [1.4, -0.4, 0.2] },
    check(context) {
      expect(expectSweepAsLibrary(context).t).toBeGreaterThan(0);
    },
  },
];
