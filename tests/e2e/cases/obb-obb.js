// Unrotated boxes first (their axes are exact), then rotations checked against the library.
import { expect } from 'vitest';
import { presets } from '../../../web/demo/src/scenes/obb-obb.js';

export default [
  {
    set: { a: [0, 0, 0, 0, 0, 0], b: [3, 0.5, 0, 0, 0, 0], ax: 1, ay: 1, az: 1, bx: 0.5, by: 0.5, bz: 0.5 },
    check({ result, readout, c3d }) {
      // A spans x in [-1, 1], B spans [2.5, 3.5]: apart along x by 1.5; along y they overlap.
      expect(result.separation).toEqual(c3d.separatingAxis(result.inputs.a, result.inputs.b));
      expect(result.separation).toEqual({ axis: { x: 1, y: 0, z: 0 }, gap: 1.5 });
      expect(readout).toMatchObject({ intersects: 'false', 'separating axis': '(1.000, 0.000, 0.000)', gap: '1.5',
        'axis from': 'face of A (x)' });
      // The table by hand: centres 3 apart in x and 0.5 in y, half sizes 1 and 0.5. On x: 3 - 1 - 0.5; on y:
      // 0.5 - 1.5; on z: 0 - 1.5. A cross product of two edges is the third axis, or zero for parallel edges. The
      // axes along x separate: A x, B x, A y × B z, A z × B y.
      expect(readout).toMatchObject({ 'A x': '1.5', 'A y': '-1', 'A z': '-1.5', 'B x': '1.5', 'B y': '-1', 'B z': '-1.5',
        'A x × B x': '—', 'A x × B y': '-1.5', 'A y × B z': '1.5', 'A z × B y': '1.5', 'A y × B x': '-1.5',
        'separating axes': '4 of 15', widest: 'A x: 1.5' });
    },
  },
  {
    set: { b: [1.5, 0.5, 0, 0, 0, 0] },
    check({ result, readout }) {
      // B now starts at x = 1 where A ends: touching counts as intersecting, and there is no separating axis.
      expect(result.intersects).toBe(true);
      expect(result.separation).toBeNull();
      expect(readout).toMatchObject({ intersects: 'true', 'separating axis': 'none', 'separating axes': '0 of 15', 'A x': '0' });
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
      // The table's widest gap is the library's, to the table's rounding.
      expect(Math.max(...result.gaps.map((g) => g.gap ?? -Infinity))).toBeCloseTo(result.separation.gap, 9);
    },
  },
  // The hard cases: unturned cubes touching face to face (no separating axis), then a thousandth apart (x separates
  // them by 0.001). three.js's OBB agrees.
  {
    set: presets['touching face to face'],
    check({ result, readout, c3d }) {
      expect(result.intersects).toBe(c3d.intersects(result.inputs.a, result.inputs.b));
      expect(readout).toMatchObject({ intersects: 'true', 'three.js': 'intersects', 'separating axis': 'none' });
    },
  },
  {
    set: presets['a thousandth apart'],
    check({ result, readout, c3d }) {
      expect(result.intersects).toBe(c3d.intersects(result.inputs.a, result.inputs.b));
      expect(readout).toMatchObject({ intersects: 'false', 'three.js': 'apart', gap: '0.001' });
    },
  },
];
