// With no rotation the plane is z = 0 exactly (unit normal +z): the box's centre distance is its z, its projected
// radius half its z size, and the cut points can be derived by hand. The last step tilts the plane and is checked
// against collide3d, with the polygon's defining properties (on the plane, convex, counter-clockwise about n).
import { expect } from 'vitest';
import { expectBoxPlaneAsLibrary, expectConvexCounterClockwise } from './shared/expectations.js';

const square = [{ x: -1, y: -1, z: 0 }, { x: 1, y: -1, z: 0 }, { x: 1, y: 1, z: 0 }, { x: -1, y: 1, z: 0 }];

export default [
  {
    set: { plane: [0, 0, 0, 0, 0, 0], box: [0, 0, 0.5], sizeX: 2, sizeY: 2, sizeZ: 2 },
    check({ result, readout, c3d }) {
      expect(result.inputs.box).toEqual({ type: 'aabb', min: { x: -1, y: -1, z: -0.5 }, max: { x: 1, y: 1, z: 1.5 } });
      expectBoxPlaneAsLibrary(result, c3d);
      // s = 0.5 and r = 1 (half the z size): cut. Each vertical edge, from z = -0.5 to 1.5, crosses z = 0 a quarter
      // of the way up: the square (±1, ±1, 0).
      expect(readout).toEqual({ classify: 'intersecting', 'centre distance': '0.5', 'projected radius': '1',
        cut: 'quadrilateral' });
      expect(result.intersection.normal).toEqual({ x: 0, y: 0, z: 1 });
      expect(result.intersection.points).toHaveLength(4);
      expect(result.intersection.points).toEqual(expect.arrayContaining(square));
      expectConvexCounterClockwise(result.intersection, result.inputs.plane);
    },
  },
  {
    set: { box: [0, 0, 1] },
    check({ result, readout, c3d }) {
      expectBoxPlaneAsLibrary(result, c3d);
      // s = r = 1: the bottom face lies in the plane. Touching counts: its four corners are the cut.
      expect(readout).toMatchObject({ classify: 'intersecting', cut: 'quadrilateral' });
      expect(result.intersection.points).toEqual(expect.arrayContaining(square));
      expectConvexCounterClockwise(result.intersection, result.inputs.plane);
    },
  },
  {
    set: { box: [0, 0, 1.25] },
    check({ result, readout, c3d }) {
      expectBoxPlaneAsLibrary(result, c3d);
      // s = 1.25 > r = 1: in front, no cut.
      expect(readout).toEqual({ classify: 'front', 'centre distance': '1.25', 'projected radius': '1', cut: 'none' });
    },
  },
  {
    set: { box: [0, 0, -2], sizeZ: 3 },
    check({ result, readout, c3d }) {
      expectBoxPlaneAsLibrary(result, c3d);
      // s = -2 < -r = -1.5: behind.
      expect(readout).toEqual({ classify: 'back', 'centre distance': '-2', 'projected radius': '1.5', cut: 'none' });
    },
  },
  {
    set: { plane: [0.2, 0.1, 0, -57, -27, 0], box: [0.35, -0.15, 0], sizeX: 2.4, sizeY: 1.6, sizeZ: 2 },
    check({ result, readout, c3d }) {
      expectBoxPlaneAsLibrary(result, c3d);
      // r = Σ hᵢ|nᵢ|; this plane passes near the centre with no dominant axis, so it cuts all six faces: a hexagon.
      const { plane: { normal: n } } = result.inputs;
      expect(result.radius).toBeCloseTo(1.2 * Math.abs(n.x) + 0.8 * Math.abs(n.y) + Math.abs(n.z), 12);
      expect(readout.cut).toBe('hexagon');
      expectConvexCounterClockwise(result.intersection, result.inputs.plane);
    },
  },
];
