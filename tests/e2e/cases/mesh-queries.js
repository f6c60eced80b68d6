// A flat sheet (wave height 0) and a waved one, probed by a point and by a ball of radius 1: closest points and
// contacts by hand where the surface is flat or at a crest, and every answer against testing each triangle in node.
import { expect } from 'vitest';
import { sheet, wave } from '../../../web/demo/src/scenes/mesh-queries.js';

// The sheet's triangles as the page has them, waved to `height` at `phase` degrees.
function triangles(height, phase) {
  const geometry = sheet();
  const xyz = wave(geometry.attributes.position.array, height, (phase * Math.PI) / 180);
  const index = geometry.index.array;
  const corner = (k) => ({ x: xyz[3 * index[k]], y: xyz[3 * index[k] + 1], z: xyz[3 * index[k] + 2] });
  return Array.from({ length: index.length / 3 }, (_, t) => ({ type: 'triangle', a: corner(3 * t), b: corner(3 * t + 1), c: corner(3 * t + 2) }));
}

// The least distance from the probe to any triangle, and the triangles it touches, one by one.
function bruteForce({ shape, amplitude, phase }, c3d) {
  const all = triangles(amplitude, phase);
  const distances = all.map((triangle) => c3d.distance(shape, triangle));
  return { distance: Math.min(...distances), touched: all.flatMap((triangle, t) => (c3d.intersects(triangle, shape) ? [t] : [])) };
}

function sameAsBruteForce({ result, c3d }) {
  const { distance, touched } = bruteForce(result.inputs, c3d);
  if (result.inputs.kind === 'point') {
    expect(result.closest.distance).toBe(distance);
    return;
  }
  expect(result.touches).toBe(touched.length > 0);
  expect(result.closest.distance).toBe(distance);
  expect(result.contacts.map((contact) => contact.triangleIndex)).toEqual(touched);
}

const flat = { amplitude: 0, phase: 0 };

export default [
  {
    // A point 2 above the flat sheet: its foot (0.3, 0, 0.1) at distance 2.
    set: { ...flat, kind: 'point', probe: [0.3, 2, 0.1, 0, 0, 0] },
    check(context) {
      sameAsBruteForce(context);
      expect(context.result.closest.point).toEqual({ x: expect.closeTo(0.3, 12), y: 0, z: expect.closeTo(0.1, 12) });
      expect(context.readout).toMatchObject({ triangles: '1152', 'closest point': '(0.300, 0.000, 0.100)', distance: '2' });
    },
  },
  {
    // A ball of radius 1 centred 1.5 above the flat sheet: apart by 0.5, nearest at the grid point (0, 0, 0).
    set: { kind: 'sphere', probe: [0, 1.5, 0, 0, 0, 0] },
    check(context) {
      sameAsBruteForce(context);
      expect(context.result.closest).toMatchObject({ pointA: { x: 0, y: 0, z: 0 }, pointB: { x: 0, y: 0.5, z: 0 }, distance: 0.5 });
      expect(context.readout).toMatchObject({ 'touches the surface': 'no', distance: '0.5' });
    },
  },
  {
    // Lowered to 0.5 above it, the ball cuts the sheet in a disc of radius √0.75: every triangle there is a contact,
    // the deepest 0.5 deep, pushing straight up.
    set: { probe: [0, 0.5, 0, 0, 0, 0] },
    check(context) {
      sameAsBruteForce(context);
      expect(context.result.contacts.length).toBeGreaterThan(20);
      for (const contact of context.result.contacts) expect(contact.depth).toBeGreaterThanOrEqual(0);
      expect(context.readout).toMatchObject({ 'touches the surface': 'yes', deepest: expect.stringMatching(/^0\.5 /), 'its normal': '(0.000, 1.000, 0.000)' });
    },
  },
  {
    // Waved to height 1 at phase 90°: y = cos(1.1 x) cos(0.7 z), a crest of 1 at the grid point (0, 0, 0), and
    // nowhere higher: a point 3 above it is 2 from the refit surface (3 from the sheet before the refit).
    set: { amplitude: 1, phase: 90, kind: 'point', probe: [0, 3, 0, 0, 0, 0] },
    check(context) {
      sameAsBruteForce(context);
      expect(context.result.closest).toMatchObject({ point: { x: 0, y: 1, z: 0 }, distance: 2 });
    },
  },
  {
    // A tilted capsule across the waves: every triangle it touches, as testing each one finds them.
    set: { amplitude: 0.8, phase: 40, kind: 'capsule', probe: [0.8, 0.9, 0.4, 20, 0, 30] },
    check(context) {
      sameAsBruteForce(context);
      expect(context.result.touches).toBe(true);
    },
  },
  {
    // A box hovering above the crest: apart, at the distance testing each triangle finds.
    set: { kind: 'obb', probe: [-1, 2.5, 1, 10, 20, 0] },
    check(context) {
      sameAsBruteForce(context);
      expect(context.result.touches).toBe(false);
    },
  },
];
