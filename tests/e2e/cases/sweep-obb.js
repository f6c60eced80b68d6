// A cube of half size 0.5 from (0, 0, 3) down z by 4, turned so that a face, an edge (turned 45° about x: the edge
// along x leads, √0.5 below the centre) or a corner leads, onto targets at the origin (sweep-targets.js gives their
// sizes): the times by hand. Then a miss, a start already touching, and a tilted layout checked against collide3d
// alone.
import { expect } from 'vitest';
import { expectHit, expectSweepAsLibrary } from './shared/sweep.js';

const flat = [0, 0, 0, 0, 0, 0];
const up = { z: 1 };
const edge = Math.SQRT1_2;  // how far the leading edge is below the centre
// The cube's lowest point `low` below its centre, the target's top at height h: contact at t = (3 - low - h) / 4.
const fromAbove = (low, h, point, digits) => (context) => {
  expectHit(expectSweepAsLibrary(context), { t: (3 - low - h) / 4, normal: up, point: { ...point, z: h }, digits });
};

export default [
  {
    // Turned about z only: still a face down, over the box's top at 0.8.
    set: { target: flat, kind: 'aabb', start: [0, 0, 3, 0, 0, 45], end: [0, 0, -1], hx: 0.5, hy: 0.5, hz: 0.5 },
    check(context) {
      fromAbove(0.5, 0.8, { x: [-edge, edge], y: [-edge, edge] })(context);
      expect(context.readout).toMatchObject({ contact: 'while moving', method: 'separating axes over time', t: '0.425' });
    },
  },
  // An edge along x leads: it meets the triangle's face along x in [-0.5, 0.5]; the triangle's normal enters last.
  { set: { start: [0, 0, 3, 45, 0, 0], kind: 'triangle' }, check: fromAbove(edge, 0, { x: [-0.5, 0.5] }) },
  { set: { kind: 'plane' }, check: fromAbove(edge, 0, { x: [-0.5, 0.5] }) },
  { set: { kind: 'sphere' }, check: fromAbove(edge, 1, {}) },
  { set: { kind: 'segment' }, check: fromAbove(edge, 0, {}) },  // along y, across the edge along x: at the origin
  // The target box turned 45° about y: its ridge along y at x = (0.8 - 1.2) / √2, under the cube's edge along x.
  // Edge meets edge, and the axis is their cross product, z.
  // In the table: the box's x (its leading edge) × the target's y (its ridge) is world z, where the box reaches √0.5
  // and the target √2: overlapping for |3 − 4t| ≤ 3√0.5, from t = 0.22 to 1.28, and it enters last.
  {
    set: { kind: 'obb', target: [0, 0, 0, 0, 45, 0] },
    check(context) {
      fromAbove(edge, 2 / Math.SQRT2, { x: -0.4 / Math.SQRT2 })(context);
      expect(context.readout).toMatchObject({ 'box x × target y': 't ∈ [0.22, 1.28]', 'entered last': 'box x × target y' });
    },
  },
  {
    set: { end: [0, 0, 2.5] },
    check(context) {
      expect(expectSweepAsLibrary(context)).toBeNull();
      expect(context.readout).toMatchObject({ contact: 'no contact', target: 'obb', method: 'separating axes over time' });
      expect(context.readout['entered last']).toBeUndefined();  // every axis overlaps only after the motion
    },
  },
  {
    set: { start: [0, 0, 2, 45, 0, 0] },
    check(context) {
      expect(expectSweepAsLibrary(context).t).toBe(0);  // its edge at 1.29, the ridge at 1.41
    },
  },
  {
    set: { target: [0, 0, 0, -60, 0, 20], kind: 'triangle', start: [-2.4, 2.6, 1.4, 30, 20, 40], end: [1.2, -1.4, 0.2] },
    check(context) {
      expect(expectSweepAsLibrary(context).t).toBeGreaterThan(0);
    },
  },
  {
    set: { kind: 'capsule' },
    check(context) {
      expectSweepAsLibrary(context);
    },
  },
];
