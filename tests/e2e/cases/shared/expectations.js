// Checks that several scenes' case files share: the page's answers equal collide3d's, recomputed in node from the
// inputs the page used, and the defining properties of a box's cross-section polygon.
import { expect } from 'vitest';

/** sphere–sphere and AABB–AABB (scenes/separation.js): intersects, distance, closestPoints and contact. */
export function expectSeparationAsLibrary(result, c3d) {
  const { a, b } = result.inputs;
  expect(result.intersects).toBe(c3d.intersects(a, b));
  expect(result.distance).toBe(c3d.distance(a, b));
  expect(result.closestPoints).toEqual(c3d.closestPoints(a, b));
  expect(result.contact).toEqual(c3d.contact(a, b));
}

/** AABB–plane and OBB–plane (scenes/box-plane.js): classify and the cross-section. */
export function expectBoxPlaneAsLibrary(result, c3d) {
  const { plane, box } = result.inputs;
  expect(result.side).toBe(c3d.classify(plane, box));
  expect(result.intersection).toEqual(c3d.intersection(plane, box));
}

const dot = (a, b) => a.x * b.x + a.y * b.y + a.z * b.z;
const minus = (a, b) => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const cross = (a, b) => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });

/** Every point on the plane, and every turn of the boundary counter-clockwise about the normal (so convex). */
export function expectConvexCounterClockwise({ points, normal }, plane) {
  for (const p of points) expect(dot(plane.normal, p) + plane.constant).toBeCloseTo(0, 12);
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length], r = points[(i + 2) % points.length];
    expect(dot(cross(minus(q, p), minus(r, q)), normal)).toBeGreaterThan(0);
  });
}
