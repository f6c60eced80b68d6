// A: centre (0, 0, 0), size 2 on every axis, so [-1, 1]³; B: size 1, so centre ± 0.5. Coordinates are binary
// fractions, so every interval end and overlap below is exact.
import { expect } from 'vitest';
import { expectSeparationAsLibrary } from './shared/expectations.js';
import { presets } from '../../../web/demo/src/scenes/aabb-aabb.js';

const unitB = { sizeBx: 1, sizeBy: 1, sizeBz: 1 };

export default [
  {
    set: { a: [0, 0, 0], sizeAx: 2, sizeAy: 2, sizeAz: 2, b: [2.5, 0.5, 0], ...unitB },
    check({ result, readout, c3d }) {
      expect(result.inputs.b).toEqual({ type: 'aabb', min: { x: 2, y: 0, z: -0.5 }, max: { x: 3, y: 1, z: 0.5 } });
      expectSeparationAsLibrary(result, c3d);
      // x: [-1, 1] and [2, 3] leave a gap of 1; y ([0, 1]) and z ([-0.5, 0.5]) overlap by 1. Closest: x = 1 to x = 2.
      expect(readout).toMatchObject({ intersects: 'no', distance: '1', 'x overlap': 'gap 1', 'y overlap': '1',
        'z overlap': '1' });
      expect(result.closestPoints.pointA.x).toBe(1);
      expect(result.closestPoints.pointB.x).toBe(2);
    },
  },
  {
    set: { b: [1.5, 0.5, 0] },
    check({ result, readout, c3d }) {
      expectSeparationAsLibrary(result, c3d);
      // B's x interval is [1, 2]: it touches A's face x = 1, which counts; depth 0 along +x.
      expect(readout).toMatchObject({ intersects: 'yes', distance: '0', depth: '0', normal: '(1.000, 0.000, 0.000)',
        'x overlap': '0' });
    },
  },
  {
    set: { b: [1.25, 0.75, 0.25] },
    check({ result, readout, c3d }) {
      expectSeparationAsLibrary(result, c3d);
      // Overlaps: x [0.75, 1] = 0.25, y [0.25, 1] = 0.75, z [-0.25, 0.75] = 1. The least, x, gives the depth.
      expect(readout).toMatchObject({ intersects: 'yes', depth: '0.25', normal: '(1.000, 0.000, 0.000)',
        'x overlap': '0.25', 'y overlap': '0.75', 'z overlap': '1' });
    },
  },
  {
    set: { b: [0.25, -1.25, 0] },
    check({ result, readout, c3d }) {
      expectSeparationAsLibrary(result, c3d);
      // y [-1.75, -0.75] against [-1, 1]: overlap 0.25 below A, so B is pushed down, along -y.
      expect(readout).toMatchObject({ intersects: 'yes', depth: '0.25', normal: '(0.000, -1.000, 0.000)' });
    },
  },
  {
    set: { b: [2.5, 2.5, 0], sizeBz: 3 },
    check({ result, readout, c3d }) {
      expectSeparationAsLibrary(result, c3d);
      // Gaps of 1 on x and on y: distance √2, between the corners (1, 1, z) and (2, 2, z).
      expect(readout).toMatchObject({ intersects: 'no', distance: '1.414', 'x overlap': 'gap 1', 'y overlap': 'gap 1',
        'z overlap': '2' });
    },
  },
  // The hard cases: cubes [-1, 1]^3 and B moved by 2 along x, y, z in turn: touching on a face, an edge, a corner
  // (intersects, depth 0), then 2.001 along x: apart by a thousandth. three.js's Box3 agrees on each.
  ...[['touching on a face', 'yes'], ['touching along an edge', 'yes'], ['touching at a corner', 'yes'], ['a thousandth apart', 'no']]
    .map(([name, meets]) => ({
      set: presets[name],
      check({ result, readout, c3d }) {
        expectSeparationAsLibrary(result, c3d);
        expect(readout).toMatchObject({ intersects: meets, 'three.js': meets === 'yes' ? 'intersects' : 'apart' });
        if (meets === 'yes') expect(readout.depth).toBe('0');
        else expect(readout.distance).toBe('0.001');
      },
    })),
];
