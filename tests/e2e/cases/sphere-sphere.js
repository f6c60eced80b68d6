// Centres on the x axis (then in the xy plane), so the distances are exact: L = |cB - cA|, the gap L - rA - rB,
// the depth rA + rB - L, the normal (cB - cA) / L.
import { expect } from 'vitest';
import { presets } from '../../../web/demo/src/scenes/sphere-sphere.js';
import { expectSeparationAsLibrary } from './shared/expectations.js';

export default [
  {
    set: { a: [0, 0, 0], b: [3, 0, 0], radiusA: 1, radiusB: 1 },
    check({ result, readout, c3d }) {
      expect(result.inputs.b).toEqual({ type: 'sphere', center: { x: 3, y: 0, z: 0 }, radius: 1 });
      expectSeparationAsLibrary(result, c3d);
      // L = 3: a gap of 1 between (1, 0, 0) and (2, 0, 0).
      expect(readout).toMatchObject({ intersects: 'no', distance: '1', 'closest on A': '(1.000, 0.000, 0.000)',
        'closest on B': '(2.000, 0.000, 0.000)' });
      expect(result.contact).toBeNull();
    },
  },
  {
    set: { b: [2, 0, 0] },
    check({ result, readout, c3d }) {
      expectSeparationAsLibrary(result, c3d);
      // L = 2 = rA + rB: touching at (1, 0, 0) counts, with depth 0.
      expect(readout).toMatchObject({ intersects: 'yes', distance: '0', depth: '0', normal: '(1.000, 0.000, 0.000)' });
      expect(result.contact.pointA).toEqual({ x: 1, y: 0, z: 0 });
    },
  },
  {
    set: { b: [1.5, 0, 0] },
    check({ result, readout, c3d }) {
      expectSeparationAsLibrary(result, c3d);
      // L = 1.5: depth 2 - 1.5 = 0.5; a's point deepest in b is (1, 0, 0), b's deepest in a is (0.5, 0, 0).
      expect(readout).toMatchObject({ intersects: 'yes', distance: '0', depth: '0.5', normal: '(1.000, 0.000, 0.000)' });
      expect(result.contact).toMatchObject({ pointA: { x: 1, y: 0, z: 0 }, pointB: { x: 0.5, y: 0, z: 0 } });
    },
  },
  {
    set: { b: [0.6, 0.8, 0], radiusB: 0.5 },
    check({ result, readout, c3d }) {
      expectSeparationAsLibrary(result, c3d);
      // L = 1 along (0.6, 0.8, 0): depth 1 + 0.5 - 1 = 0.5.
      expect(readout).toMatchObject({ intersects: 'yes', depth: '0.5', normal: '(0.600, 0.800, 0.000)' });
    },
  },
  {
    set: { b: [3, 4, 0], radiusA: 2 },
    check({ result, readout, c3d }) {
      expectSeparationAsLibrary(result, c3d);
      // L = 5: gap 5 - 2 - 0.5 = 2.5, from 2 * (0.6, 0.8, 0) to (3, 4, 0) - 0.5 * (0.6, 0.8, 0).
      expect(readout).toMatchObject({ intersects: 'no', distance: '2.5', 'closest on A': '(1.200, 1.600, 0.000)',
        'closest on B': '(2.700, 3.600, 0.000)' });
    },
  },
  // The hard cases: unit balls 2 apart touch (depth 0), 2.001 apart are a thousandth apart; three.js agrees.
  {
    set: presets.touching,
    check({ result, readout, c3d }) {
      expect(result.intersects).toBe(c3d.intersects(result.inputs.a, result.inputs.b));
      expect(readout).toMatchObject({ intersects: 'yes', 'three.js': 'intersects', depth: '0' });
    },
  },
  {
    set: presets['a thousandth apart'],
    check({ result, readout, c3d }) {
      expect(result.intersects).toBe(c3d.intersects(result.inputs.a, result.inputs.b));
      expect(readout).toMatchObject({ intersects: 'no', 'three.js': 'apart', distance: '0.001' });
    },
  },
];
