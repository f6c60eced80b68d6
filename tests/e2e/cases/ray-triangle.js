// The triangle (0,0,0), (4,0,0), (0,4,0) in z = 0, a ray straight down -z from above it; then the scene's hard cases
// on the triangle (-2, -1, 0), (2, -1, 0), (0, 2, 0), with three.js's answer beside.
import { expect } from 'vitest';
import { presets } from '../../../web/demo/src/scenes/ray-triangle.js';

// The page's hit is collide3d's in node, and its three.js row is as given.
function hardCase({ result, readout, c3d }, three) {
  expect(result.hit).toEqual(c3d.raycast(result.inputs.ray, result.inputs.triangle));
  expect(readout['three.js']).toBe(three);
}

const triangle = { type: 'triangle', a: { x: 0, y: 0, z: 0 }, b: { x: 4, y: 0, z: 0 }, c: { x: 0, y: 4, z: 0 } };

export default [
  {
    set: { a: [0, 0, 0], b: [4, 0, 0], c: [0, 4, 0], origin: [1, 2, 3], target: [1, 2, 0], backfaceCulling: false },
    check({ result, readout, c3d }) {
      const ray = { type: 'ray', origin: { x: 1, y: 2, z: 3 }, direction: { x: 0, y: 0, z: -1 } };
      expect(result.inputs.ray).toEqual(ray);
      expect(result.inputs.triangle).toEqual(triangle);
      expect(result.hit).toEqual(c3d.raycast(ray, triangle));
      // Hit at (1, 2, 0) = 0.25 a + 0.25 b + 0.5 c, t = 3, the front (counter-clockwise seen from +z) face.
      expect(readout).toMatchObject({ hit: 'front face', t: '3', point: '(1.000, 2.000, 0.000)',
        normal: '(0.000, 0.000, 1.000)', u: '0.25', v: '0.5' });
    },
  },
  {
    set: { origin: [3, 3, 3], target: [3, 3, 0] },
    check({ result, readout }) {
      // (3, 3) is beyond the hypotenuse x + y = 4: a miss, with u = v = 3/4 there.
      expect(result.hit).toBeNull();
      expect(readout).toMatchObject({ hit: 'none', fails: 'u + v > 1: beyond edge bc', t: '3', u: '0.75', v: '0.75', 'u + v': '1.5' });
    },
  },
  {
    set: { origin: [2, 2, 3], target: [2, 2, 0] },
    check({ readout }) {
      // (2, 2) is on the hypotenuse: edges count, u = v = 0.5.
      expect(readout).toMatchObject({ hit: 'front face', u: '0.5', v: '0.5', '1 − u − v': '0' });
    },
  },
  {
    set: { origin: [1, 1, -2], target: [1, 1, 0], backfaceCulling: true },
    check({ result, readout }) {
      // From below, the triangle shows its back face: culled.
      expect(result.hit).toBeNull();
      expect(readout.fails).toBe('back face (culled)');
    },
  },
  {
    // Beyond each other edge, behind the origin, and along the plane.
    set: { origin: [-1, 1, 3], target: [-1, 1, 0], backfaceCulling: false },
    check({ readout }) { expect(readout).toMatchObject({ fails: 'u < 0: beyond edge ca', u: '-0.25', v: '0.25' }); },
  },
  {
    set: { origin: [1, -1, 3], target: [1, -1, 0] },
    check({ readout }) { expect(readout).toMatchObject({ fails: 'v < 0: beyond edge ab', u: '0.25', v: '-0.25' }); },
  },
  {
    set: { origin: [1, 1, 3], target: [1, 1, 5] },
    check({ readout }) { expect(readout).toMatchObject({ fails: 't < 0: the plane is behind the origin', t: '-3' }); },
  },
  {
    set: { origin: [1, 1, 3], target: [2, 1, 3] },
    check({ readout }) { expect(readout).toEqual({ hit: 'none', 'three.js': 'no hit', fails: 'parallel to the plane' }); },
  },
  {
    set: { origin: [1, 1, -2], target: [1, 1, 0], backfaceCulling: true },
    check({ result }) {
      expect(result.hit).toBeNull();
    },
  },
  {
    set: { backfaceCulling: false },
    check({ readout }) {
      expect(readout).toMatchObject({ hit: 'back face', t: '2', normal: '(0.000, 0.000, -1.000)' });
    },
  },
  {
    // Down onto the edge ab at its midpoint (0, -1, 0): u = 0.5, v = 0, t = 3; three.js agrees.
    set: presets['through an edge'],
    check(context) {
      hardCase(context, 'hit at t = 3');
      expect(context.readout).toMatchObject({ hit: 'front face', t: '3', point: '(0.000, -1.000, 0.000)', u: '0.5', v: '0' });
    },
  },
  {
    // Onto the corner b: u = 1, v = 0.
    set: presets['through a corner'],
    check(context) {
      hardCase(context, 'hit at t = 3');
      expect(context.readout).toMatchObject({ t: '3', point: '(2.000, -1.000, 0.000)', u: '1', v: '0' });
    },
  },
  {
    // Along +x in the plane z = 0 itself, from x = -4: it enters across the edge ca (y = 0 a third of the way from
    // a to c, at x = -4/3), t = 8/3; three.js's determinant is 0 there and it reports no hit.
    set: presets['in the triangle\'s plane'],
    check(context) {
      hardCase(context, 'no hit');
      expect(context.readout).toMatchObject({ t: '2.667', point: '(-1.333, 0.000, 0.000)' });
    },
  },
  {
    // c moved onto ab: the triangle is the segment from (-2, -1, 0) to (2, -1, 0), and the ray down through its
    // middle hits it at t = 3; three.js reports no hit.
    set: presets['collapsed to a segment'],
    check(context) {
      hardCase(context, 'no hit');
      expect(context.readout).toMatchObject({ t: '3', point: '(0.000, -1.000, 0.000)' });
    },
  },
];
