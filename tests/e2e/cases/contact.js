// Unturned boxes and a ball against a capsule, whose contacts follow by hand from their sizes (the sweep targets':
// box half sizes 1.2, 0.6, 0.8; ball radius 1; capsule radius 0.6, its axis 2 long along y); then a hull against a
// cone, checked against collide3d in node and the contact's own rule (pointA − depth × normal = pointB).
import { expect } from 'vitest';

function sameAsLibrary({ result, c3d }) {
  const { a, b } = result.inputs;
  expect(result.contact).toEqual(c3d.contact(a, b));
  if (result.contact === null) {
    expect(result.closest).toEqual(c3d.closestPoints(a, b));
    return;
  }
  const { normal, depth, pointA, pointB } = result.contact;
  for (const k of ['x', 'y', 'z']) expect(pointA[k] - depth * normal[k]).toBeCloseTo(pointB[k], 9);
  expect(Math.hypot(normal.x, normal.y, normal.z)).toBeCloseTo(1, 12);
}

const still = [0, 0, 0];
export default [
  {
    // The boxes' x extents [-1.2, 1.2] and [0.8, 3.2] overlap by 0.4, less than along y (1.2) or z (1.6).
    set: { kindA: 'obb', kindB: 'obb', a: [0, 0, 0, ...still], b: [2, 0, 0, ...still] },
    check(context) {
      sameAsLibrary(context);
      expect(context.result.contact.depth).toBeCloseTo(0.4, 12);
      expect(context.readout).toMatchObject({ contact: 'overlapping', depth: '0.4', normal: '(1.000, 0.000, 0.000)',
        'separate by': 'moving B by (0.400, 0.000, 0.000)' });
    },
  },
  {
    // Moved to x = 2.4 they only touch: depth 0.
    set: { b: [2.4, 0, 0, ...still] },
    check(context) {
      sameAsLibrary(context);
      expect(context.result.contact.depth).toBe(0);
      expect(context.readout).toMatchObject({ contact: 'touching', depth: '0' });
    },
  },
  {
    // At x = 3 they are 0.6 apart: no contact, the gap instead.
    set: { b: [3, 0, 0, ...still] },
    check(context) {
      sameAsLibrary(context);
      expect(context.result.closest.distance).toBeCloseTo(0.6, 12);
      expect(context.readout).toEqual({ contact: 'none: apart', distance: '0.6' });
    },
  },
  {
    // The ball's centre 1.2 from the capsule's axis, radii 1 + 0.6: 0.4 deep along +x, at (1, 0, 0) on the ball
    // and (0.6, 0, 0) on the capsule.
    set: { kindA: 'sphere', kindB: 'capsule', b: [1.2, 0, 0, ...still] },
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ depth: '0.4', normal: '(1.000, 0.000, 0.000)',
        'point on A': '(1.000, 0.000, 0.000)', 'point on B': '(0.600, 0.000, 0.000)' });
    },
  },
  {
    // A hull and a cone, turned: EPA's answer, as collide3d gives it in node.
    set: { kindA: 'convex', kindB: 'cone', a: [-0.6, 0, 0, 10, 20, 30], b: [0.4, 0.5, 0.3, 20, 30, 10] },
    check(context) {
      sameAsLibrary(context);
      expect(context.readout.contact).toBe('overlapping');
    },
  },
];
