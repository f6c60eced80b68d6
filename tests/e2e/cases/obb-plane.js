// With no rotation the plane is z = 0 exactly (unit normal +z) and an unrotated box's axes are exactly x, y, z, so
// the touching case is exact. A box turned 90° (axes off by 6e-17) is used only away from the boundary, and the
// tilted plane is checked against collide3d and the polygon's defining properties.
import { expect } from 'vitest';
import { expectBoxPlaneAsLibrary, expectConvexCounterClockwise } from './shared/expectations.js';

const rectangle = [{ x: -1, y: -0.5, z: 0 }, { x: 1, y: -0.5, z: 0 }, { x: 1, y: 0.5, z: 0 }, { x: -1, y: 0.5, z: 0 }];

export default [
  {
    set: { plane: [0, 0, 0, 0, 0, 0], box: [0, 0, 0.5, 0, 0, 0], halfX: 1, halfY: 0.5, halfZ: 2 },
    check({ result, readout, c3d }) {
      expect(result.inputs.box.rotation).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
      expectBoxPlaneAsLibrary(result, c3d);
      // r = hz = 2 > s = 0.5: the plane cuts the box in the rectangle (±1, ±0.5, 0).
      expect(readout).toEqual({ classify: 'intersecting', 'centre distance': '0.5', 'projected radius': '2',
        cut: 'quadrilateral' });
      expect(result.intersection.points).toHaveLength(4);
      expect(result.intersection.points).toEqual(expect.arrayContaining(rectangle));
      expectConvexCounterClockwise(result.intersection, result.inputs.plane);
    },
  },
  {
    set: { box: [0, 0, 2, 0, 0, 0] },
    check({ result, readout, c3d }) {
      expectBoxPlaneAsLibrary(result, c3d);
      // s = r = 2: the bottom face lies in the plane; touching counts, its corners are the cut.
      expect(readout).toMatchObject({ classify: 'intersecting', cut: 'quadrilateral' });
      expect(result.intersection.points).toEqual(expect.arrayContaining(rectangle));
    },
  },
  {
    set: { box: [0, 0, 0.75, 90, 0, 0] },
    check({ result, readout, c3d }) {
      expectBoxPlaneAsLibrary(result, c3d);
      // Unrotated, hz = 2 would reach the plane; turned 90° about x the box's y axis points along z, so r = hy = 0.5
      // < s = 0.75: in front.
      expect(readout).toEqual({ classify: 'front', 'centre distance': '0.75', 'projected radius': '0.5', cut: 'none' });
    },
  },
  {
    set: { box: [0, 0, -3, 90, 0, 0] },
    check({ result, readout, c3d }) {
      expectBoxPlaneAsLibrary(result, c3d);
      expect(readout).toEqual({ classify: 'back', 'centre distance': '-3', 'projected radius': '0.5', cut: 'none' });
    },
  },
  {
    set: { plane: [0, 0, 0, -65, -15, 0], box: [0.2, 0, 0.2, -30, 40, 20], halfX: 1.2, halfY: 0.7, halfZ: 0.9 },
    check({ result, readout, c3d }) {
      expectBoxPlaneAsLibrary(result, c3d);
      // r = Σ hᵢ|aᵢ·n| with aᵢ the rotation's columns; the plane passes near the centre and cuts all six faces.
      const { plane: { normal: n }, box: { halfSize: h, rotation: m } } = result.inputs;
      const along = (i) => Math.abs(m[3 * i] * n.x + m[3 * i + 1] * n.y + m[3 * i + 2] * n.z);
      expect(result.radius).toBeCloseTo(h.x * along(0) + h.y * along(1) + h.z * along(2), 12);
      expect(readout.cut).toBe('hexagon');
      expectConvexCounterClockwise(result.intersection, result.inputs.plane);
    },
  },
];
