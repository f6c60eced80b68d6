// The unit ball at the origin (radius 1) and rays along x: the roots and hits by hand, each hit also as collide3d
// answers in node.
import { expect } from 'vitest';
import { presets } from '../../../web/demo/src/scenes/ray-sphere.js';

function sameAsLibrary({ result, c3d }) {
  const { ray, sphere, options } = result.inputs;
  expect(result.hit).toEqual(c3d.raycast(ray, sphere, options));
}

export default [
  {
    // From (-3, 0.6, 0) along +x: b = -3, c = 9 + 0.36 - 1 = 8.36, b² - c = 0.64, roots 3 ∓ 0.8 = 2.2 and 3.8.
    set: { sphere: [0, 0, 0], radius: 1, solid: true, origin: [-3, 0.6, 0], target: [0, 0.6, 0] },
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ hit: 'yes', t: '2.2', point: '(-0.800, 0.600, 0.000)',
        normal: '(-0.800, 0.600, 0.000)', 'discriminant b² − c': '0.64', 'inside the ball': 't ∈ [2.2, 3.8]' });
    },
  },
  {
    // At height 1 the line grazes: a double root at t = 3, which counts as a hit.
    set: { origin: [-3, 1, 0], target: [0, 1, 0] },
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ hit: 'yes', t: '3', 'discriminant b² − c': '0', 'inside the ball': 't ∈ [3, 3]' });
    },
  },
  {
    // At height 1.5: b² - c = 9 - (9 + 2.25 - 1) = -1.25, a miss.
    set: { origin: [-3, 1.5, 0], target: [0, 1.5, 0] },
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ hit: 'none', 'discriminant b² − c': '-1.25', 'inside the ball': 'never' });
    },
  },
  {
    // From the centre: roots -1 and 1; solid, the hit is the origin (t = 0); hollow, where it leaves (t = 1).
    set: { origin: [0, 0, 0], target: [2, 0, 0] },
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ t: '0', 'inside the ball': 't ∈ [-1, 1]' });
    },
  },
  {
    set: { solid: false },
    check(context) {
      sameAsLibrary(context);
      expect(context.readout).toMatchObject({ t: '1', point: '(1.000, 0.000, 0.000)' });
    },
  },
  // The hard cases, on the ball of radius 1.2 at the origin, with three.js's answer beside collide3d's (checked in
  // node too): a graze at t = 3 (discriminant 0), a miss a thousandth above, and starts inside at x = 0.3, where a
  // solid ball is hit at t = 0 and three.js (and a hollow ball) give the way out at x = 1.2, t = 0.9.
  ...[['grazing the ball', '3', 'hit at t = 3'], ['a thousandth above it', null, 'no hit'],
    ['starting inside (solid)', '0', 'hit at t = 0.9'], ['starting inside (hollow)', '0.9', 'hit at t = 0.9']]
    .map(([name, t, three]) => ({
      set: presets[name],
      check({ result, readout, c3d }) {
        expect(result.hit).toEqual(c3d.raycast(result.inputs.ray, result.inputs.sphere, result.inputs.options));
        expect(readout['three.js']).toBe(three);
        if (t === null) expect(readout.hit).toBe('none');
        else expect(readout).toMatchObject({ hit: 'yes', t });
      },
    })),
];
