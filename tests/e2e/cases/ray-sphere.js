// The unit ball at the origin (radius 1) and rays along x: the roots and hits by hand, each hit also as collide3d
// answers in node.
import { expect } from 'vitest';

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
];
