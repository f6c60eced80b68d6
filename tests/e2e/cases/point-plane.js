// With no rotation the plane's normal is normalLength times +z and its constant 0: the plane z = 0 exactly, so the
// signed distance of (x, y, z) is z, and the slab boundary |z| = ε can be hit exactly (ε |n| = 0.5 * 4 = 2 in
// scaled units, no rounding). The last step uses a tilted plane, checked against collide3d only.
import { expect } from 'vitest';

function agreesWithLibrary({ result, c3d }) {
  const { plane, point, options } = result.inputs;
  expect(result.side).toBe(c3d.classify(plane, point, options));
  expect(result.distance).toBe(c3d.distance(point, plane));
  expect(result.closest).toEqual(c3d.closestPoints(point, plane));
}

export default [
  {
    set: { plane: [0, 0, 0, 0, 0, 0], point: [1, 2, 0.5], normalLength: 1, epsilon: 0 },
    check({ result, readout, c3d }) {
      expect(result.inputs.plane).toEqual({ type: 'plane', normal: { x: 0, y: 0, z: 1 }, constant: -0 });
      agreesWithLibrary({ result, c3d });
      // 0.5 above z = 0: in front, the foot straight below at (1, 2, 0).
      expect(readout).toEqual({ classify: 'front', distance: '0.5', 'signed distance': '0.5', 'n·p + d': '0.5',
        foot: '(1.000, 2.000, 0.000)' });
    },
  },
  {
    set: { normalLength: 4 },
    check({ result, readout, c3d }) {
      expect(result.inputs.plane.normal).toEqual({ x: 0, y: 0, z: 4 });
      agreesWithLibrary({ result, c3d });
      // n = (0, 0, 4): n·p + d = 2, but the plane and every answer are unchanged: s = 2 / 4 = 0.5.
      expect(readout).toEqual({ classify: 'front', distance: '0.5', 'signed distance': '0.5', 'n·p + d': '2',
        foot: '(1.000, 2.000, 0.000)' });
    },
  },
  {
    set: { epsilon: 0.5 },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // s = 0.5 = ε: on the slab's surface, which counts as intersecting.
      expect(readout.classify).toBe('intersecting');
    },
  },
  {
    set: { point: [1, 2, -0.75] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // s = -0.75 < -ε = -0.5: behind; n·p + d = 4 * -0.75 = -3.
      expect(readout).toEqual({ classify: 'back', distance: '0.75', 'signed distance': '-0.75', 'n·p + d': '-3',
        foot: '(1.000, 2.000, 0.000)' });
    },
  },
  {
    set: { plane: [0.5, 0, -0.3, 40, -25, 60], point: [1.5, 2, 1], normalLength: 2.5, epsilon: 0 },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      const { plane, point } = result.inputs;
      const n = plane.normal, p = point.position, foot = result.closest.pointB;
      const length = Math.hypot(n.x, n.y, n.z);
      const s = (n.x * p.x + n.y * p.y + n.z * p.z + plane.constant) / length;
      // |n| = 2.5; the foot lies on the plane, |s| away from p along n.
      expect(length).toBeCloseTo(2.5, 12);
      expect(n.x * foot.x + n.y * foot.y + n.z * foot.z + plane.constant).toBeCloseTo(0, 12);
      expect(Math.hypot(p.x - foot.x, p.y - foot.y, p.z - foot.z)).toBeCloseTo(Math.abs(s), 12);
      expect(result.distance).toBeCloseTo(Math.abs(s), 12);
      expect(readout.classify).toBe(s > 0 ? 'front' : 'back');
    },
  },
];
