// The triangle flat in the xy plane (corners (-2, -1.5), (2, -1.5), (0, 2)); each shape apart from it, touching it
// and through it, with the shape's axis (its handle's y) along y or turned onto z.
import { expect } from 'vitest';

const flat = [0, 0, 0, 0, 0, 0];

export default [
  {
    set: { triangle: flat, shape: [0, 0, 1.5, 0, 0, 0], kind: 'sphere', radius: 1, length: 2 },
    check({ result, readout, c3d }) {
      // Centre 1.5 above the triangle's interior, radius 1: 0.5 apart, nearest points straight below the centre.
      expect(result.intersects).toBe(false);
      expect(result.closest.distance).toBeCloseTo(0.5, 12);
      const near = (p, x, y, z) => [p.x - x, p.y - y, p.z - z].forEach((e) => expect(Math.abs(e)).toBeLessThan(1e-12));
      near(result.closest.pointA, 0, 0, 0.5);
      near(result.closest.pointB, 0, 0, 0);
      expect(c3d.intersects(result.inputs.shape, result.inputs.triangle)).toBe(false);
      expect(readout).toMatchObject({ intersects: 'no', shape: 'sphere', distance: '0.5' });
    },
  },
  {
    set: { shape: [0, 0, 1, 0, 0, 0] },
    check({ result, readout }) {
      // Radius 1 at height 1: resting on the face at the origin, which counts (decided exactly, though the closest
      // points, rounded, may put them an ulp apart).
      expect(result.intersects).toBe(true);
      expect(result.closest.distance).toBeLessThan(1e-15);
      expect(readout.intersects).toBe('yes');
    },
  },
  {
    set: { shape: [0, 3, 0, 0, 0, 0] },
    check({ result }) {
      // 1 beyond the corner (0, 2) in the triangle's plane: touching the corner, the closest point the corner itself.
      expect(result.intersects).toBe(true);
      expect(result.closest.distance).toBe(0);
      expect(result.closest.pointB).toEqual({ x: 0, y: 2, z: 0 });
    },
  },
  {
    set: { shape: [0, 0, 0.75, 0, 0, 0], kind: 'capsule', radius: 0.5, length: 2 },
    check({ result }) {
      // The axis runs from (0, -1, 0.75) to (0, 1, 0.75), over the triangle's interior: 0.75 - 0.5 = 0.25 apart.
      expect(result.inputs.shape.start).toEqual({ x: 0, y: -1, z: 0.75 });
      expect(result.intersects).toBe(false);
      expect(result.closest.distance).toBeCloseTo(0.25, 12);
    },
  },
  {
    set: { shape: [0, 0, 0.5, 0, 0, 0] },
    check({ result }) {
      // Lowered to 0.5: lying on the face along its whole axis, touching (decided exactly).
      expect(result.intersects).toBe(true);
      expect(result.closest.distance).toBeLessThan(1e-15);
    },
  },
  {
    set: { shape: [0, 0, 0.75, 90, 0, 0] },
    check({ result }) {
      // Turned onto z, the axis reaches down to z = -0.25: through the triangle.
      expect(result.intersects).toBe(true);
      expect(result.closest.distance).toBe(0);
    },
  },
  {
    set: { shape: [0, 0, 0.5, 0, 0, 0], kind: 'cylinder', radius: 0.5, length: 2 },
    check({ result, readout }) {
      // Lying along y at height 0.5 with radius 0.5: its side touches the triangle along the line x = 0, z = 0.
      expect(result.intersects).toBe(true);
      expect(result.closest).toBeUndefined();
      expect(readout).toMatchObject({ intersects: 'yes', shape: 'cylinder' });
      expect(readout.distance).toBeUndefined();
    },
  },
  {
    set: { shape: [0, 0, 0.51, 0, 0, 0] },
    check({ result }) {
      expect(result.intersects).toBe(false);
    },
  },
  {
    set: { shape: [3, 0, 0, 0, 0, 0] },
    check({ result }) {
      // In the triangle's plane beside it: x from 2.5 to 3.5 between the caps at y = -1 and 1, where the triangle
      // reaches x = 2 - (y + 1.5) 4 / 7 <= 1.72 only.
      expect(result.intersects).toBe(false);
    },
  },
  {
    set: { shape: [0, 0, 0.5, 0, 0, 0], kind: 'cone', radius: 0.5, length: 2 },
    check({ result, readout, c3d }) {
      // Base disc (radius 0.5) at y = -1 about (0, -1, 0.5), apex at (0, 1, 0.5): the disc's rim touches the
      // triangle at (0, -1, 0), inside it.
      expect(result.inputs.shape).toEqual({ type: 'cone', base: { x: 0, y: -1, z: 0.5 }, apex: { x: 0, y: 1, z: 0.5 }, radius: 0.5 });
      expect(result.intersects).toBe(true);
      expect(c3d.intersects(result.inputs.shape, result.inputs.triangle)).toBe(true);
      expect(readout).toMatchObject({ intersects: 'yes', shape: 'cone' });
    },
  },
  {
    set: { shape: [0, 0, 0.51, 0, 0, 0] },
    check({ result }) {
      expect(result.intersects).toBe(false);
    },
  },
  {
    set: { shape: [0, 0, 0.4, 90, 0, 0], kind: 'convex', radius: 0.5, length: 1 },
    check({ result, readout, c3d }) {
      // The gem turned so its axis (y) points along z, half length 0.5: its lower tip at z = -0.1, through the
      // triangle (then lifted to 0.51 - 0.5 = 0.01 above it).
      expect(result.intersects).toBe(true);
      expect(c3d.intersects(result.inputs.shape, result.inputs.triangle)).toBe(true);
      expect(readout).toMatchObject({ intersects: 'yes', shape: 'convex' });
    },
  },
  {
    set: { shape: [0, 0, 0.51, 90, 0, 0] },
    check({ result }) {
      expect(result.intersects).toBe(false);
    },
  },
  {
    set: { shape: [0, 0, 1, 0, 0, 0], kind: 'ellipsoid', radius: 1, length: 1 },
    check({ result }) {
      // Radii 1 across (x and z) and 0.5 along y: its lowest point is the origin, on the triangle.
      expect(result.inputs.shape.radii).toEqual({ x: 1, y: 0.5, z: 1 });
      expect(result.intersects).toBe(true);
    },
  },
  {
    set: { shape: [0, 0, 1, 90, 0, 0] },
    check({ result, c3d }) {
      // Turned so its short axis points along z: it reaches down to z = 0.5 only.
      expect(result.intersects).toBe(false);
      expect(c3d.intersects(result.inputs.shape, result.inputs.triangle)).toBe(false);
    },
  },
];
