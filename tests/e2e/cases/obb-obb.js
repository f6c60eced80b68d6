// Unrotated boxes first (their axes are exact), then rotations checked against the library.
import { expect } from 'vitest';

export default [
  {
    set: { a: [0, 0, 0, 0, 0, 0], b: [3, 0.5, 0, 0, 0, 0], ax: 1, ay: 1, az: 1, bx: 0.5, by: 0.5, bz: 0.5 },
    check({ result, readout, c3d }) {
      // A spans x in [-1, 1], B spans [2.5, 3.5]: apart along x by 1.5; along y they overlap.
      expect(result.separation).toEqual(c3d.separatingAxis(result.inputs.a, result.inputs.b));
      expect(result.separation).toEqual({ axis: { x: 1, y: 0, z: 0 }, gap: 1.5 });
      expect(readout).toMatchObject({ intersects: 'false', 'separating axis': '(1.000, 0.000, 0.000)', gap: '1.5',
        'axis from': 'face of A (x)' });
    },
  },
  {
    set: { b: [1.5, 0.5, 0, 0, 0, 0] },
    check({ result, readout }) {
      // B now starts at x = 1 where A ends: touching counts as intersecting, and there is no separating axis.
      expect(result.intersects).toBe(true);
      expect(result.separation).toBeNull();
      expect(readout).toMatchObject({ intersects: 'true', 'separating axis': 'none' });
    },
  },
  {
    set: { a: [-1.2, 0, 0, 0, 0, 30], b: [1.6, 0.5, 0.3, 20, 35, 0] },
    check({ result, c3d }) {
      const { a, b } = result.inputs;
      expect(result.intersects).toBe(c3d.intersects(a, b));
      expect(result.separation).toEqual(c3d.separatingAxis(a, b));
    },
  },
  {
    set: { b: [4, 2, -1, 20, 35, 0] },
    check({ result, readout, c3d }) {
      const { a, b } = result.inputs;
      expect(result.separation).toEqual(c3d.separatingAxis(a, b));
      expect(result.separation).not.toBeNull();
      expect(readout.intersects).toBe('false');
      expect(Number(readout.gap)).toBeCloseTo(result.separation.gap, 3);
    },
  },
];
