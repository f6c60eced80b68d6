// With no rotation the plane's normal is its +z axis: the plane z = 0, exactly (an Euler angle of ±90° would give
// cos(π/2) = 6e-17, not 0, so the hand-derived tangent case below needs rotation 0).
import { expect } from 'vitest';
import { presets } from '../../../web/demo/src/scenes/sphere-plane.js';

export default [
  {
    set: { plane: [0, 0, 0, 0, 0, 0], sphere: [1, -2, 0.6], radius: 1 },
    check({ result, readout, c3d }) {
      const { plane, sphere } = result.inputs;
      expect(plane).toEqual({ type: 'plane', normal: { x: 0, y: 0, z: 1 }, constant: -0 });
      expect(result.side).toBe(c3d.classify(plane, sphere));
      expect(result.intersection).toEqual(c3d.intersection(plane, sphere));
      // The cut circle: centre (1, -2, 0), radius sqrt(1 - 0.36) = 0.8.
      expect(readout).toMatchObject({ classify: 'intersecting', 'circle centre': '(1.000, -2.000, 0.000)', 'circle radius': '0.8' });
    },
  },
  {
    set: { sphere: [1, -2, 1] },
    check({ result, readout }) {
      // Centre 1 above the plane, radius 1: it touches at (1, -2, 0), which counts as intersecting.
      expect(readout.classify).toBe('intersecting');
      expect(result.intersection).toEqual({ kind: 'point', point: { x: 1, y: -2, z: 0 } });
      expect(readout['touches at']).toBe('(1.000, -2.000, 0.000)');
    },
  },
  {
    set: { sphere: [1, -2, 1.25] },
    check({ result, readout }) {
      expect(readout).toMatchObject({ classify: 'front', 'signed distance': '1.25' });
      expect(result.intersection).toBeNull();
    },
  },
  {
    set: { sphere: [1, -2, -3], radius: 2.5 },
    check({ readout, result, c3d }) {
      expect(readout.classify).toBe('back');
      expect(c3d.classify(result.inputs.plane, result.inputs.sphere)).toBe('back');
    },
  },
  // The hard cases: a unit ball on the plane z = 0 touches it at the origin (classify: intersecting); a thousandth
  // higher it is in front. three.js agrees.
  {
    set: presets['resting on the plane'],
    check({ result, readout, c3d }) {
      expect(result.side).toBe(c3d.classify(result.inputs.plane, result.inputs.sphere));
      expect(readout).toMatchObject({ classify: 'intersecting', 'three.js': 'intersects', 'touches at': '(0.000, 0.000, 0.000)' });
    },
  },
  {
    set: presets['a thousandth above it'],
    check({ result, readout, c3d }) {
      expect(result.side).toBe(c3d.classify(result.inputs.plane, result.inputs.sphere));
      expect(readout).toMatchObject({ classify: 'front', 'three.js': 'apart', 'signed distance': '1.001' });
    },
  },
];
