// The scene's terrain (rebuilt here in node from the scene's own builder) and capsules moving over it: the page's hit
// is that of a TriangleMesh built in node on the same arrays, and that of c3d.sweep against every triangle in turn
// (least t, ties to the lowest index). The terrain's heights are within 1.65 of -1.5 (value noise in [-1, 1] times
// 1.4 plus 0.25), which decides a miss and a start already touching by hand.
import { expect } from 'vitest';
import { terrain } from '../../../web/demo/src/scenes/sweep-terrain.js';

const { positions, indices } = terrain();
const corner = (v) => ({ x: positions[3 * v], y: positions[3 * v + 1], z: positions[3 * v + 2] });

function bruteForce(c3d, { capsule, velocity }) {
  let best = null;
  for (let k = 0; k < indices.length / 3; k += 1) {
    const [a, b, c] = [0, 1, 2].map((i) => corner(indices[3 * k + i]));
    const hit = c3d.sweep(capsule, velocity, { type: 'triangle', a, b, c });
    if (hit !== null && (best === null || hit.t < best.t)) best = { ...hit, triangleIndex: k };
  }
  return best;
}

function expectAsLibrary({ result, readout, c3d }) {
  const mesh = new c3d.TriangleMesh(positions, indices);
  const hit = mesh.sweep(result.inputs.capsule, result.inputs.velocity);
  mesh.dispose();
  expect(result.hit).toEqual(hit);
  expect(result.hit).toEqual(bruteForce(c3d, result.inputs));
  expect(readout.triangles).toBe(String(indices.length / 3));
  expect(readout.contact).toBe(hit === null ? 'no contact' : hit.t === 0 ? 'already touching' : 'while moving');
  if (hit !== null) {
    expect(readout.triangle).toBe(String(hit.triangleIndex));
    expect(Math.abs(Number(readout.t) - hit.t)).toBeLessThanOrEqual(5e-4);
  }
  return hit;
}

export default [
  {
    set: { start: [-2.2, 2, 2.2, 0, 0, 60], end: [2.2, -1.6, -0.6], radius: 0.45, length: 1.2 },
    check(context) {
      const hit = expectAsLibrary(context);
      expect(hit.t).toBeGreaterThan(0);
      expect(hit.normal.y).toBeGreaterThan(0);  // the terrain's triangles face up
    },
  },
  {
    // Lying along x, its lowest point at 1.5 - 0.45 = 1.05, above the highest terrain (0.15): no contact.
    set: { start: [-5, 1.5, 0, 0, 0, 90], end: [5, 1.5, 0] },
    check(context) {
      expect(expectAsLibrary(context)).toBeNull();
      expect(context.readout).toEqual({ triangles: '3200', contact: 'no contact' });
    },
  },
  {
    // Dropped straight down from above the terrain to below it: it must land, face up.
    set: { start: [0.3, 2, -1.1, 0, 0, 0], end: [0.3, -6, -1.1] },
    check(context) {
      const hit = expectAsLibrary(context);
      expect(hit.t).toBeGreaterThan(0);
      expect(hit.normal.y).toBeGreaterThan(0);
    },
  },
  {
    // Standing up, 4 long: its axis from y = -3.5 to 0.5 crosses every height the terrain has, so it already touches.
    set: { start: [0, -1.5, 0, 0, 0, 0], length: 4 },
    check(context) {
      expect(expectAsLibrary(context).t).toBe(0);
      expect(context.readout.contact).toBe('already touching');
    },
  },
];
