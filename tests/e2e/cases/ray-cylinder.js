// Unrotated, radius 1 and height 2 at the origin: the cylinder around the y axis from (0, -1, 0) to (0, 1, 0).
// Every ray below runs along a coordinate axis, so its hits are exact.
import { expect } from 'vitest';

function sameAsLibrary(result, c3d) {
  const { ray, cylinder, options } = result.inputs;
  expect(result.hit).toEqual(c3d.raycast(ray, cylinder, options));
}

export default [
  {
    set: { cylinder: [0, 0, 0, 0, 0, 0], radius: 1, height: 2, solid: true, origin: [-3, 0.5, 0],
      target: [0, 0.5, 0] },
    check({ result, readout, c3d }) {
      expect(result.inputs.cylinder).toEqual(
        { type: 'cylinder', start: { x: 0, y: -1, z: 0 }, end: { x: 0, y: 1, z: 0 }, radius: 1 });
      expect(result.inputs.ray.direction).toEqual({ x: 1, y: 0, z: 0 });
      sameAsLibrary(result, c3d);
      // Along +x at height 0.5: it meets the side x = -1 after t = 2, normal -x.
      expect(readout).toMatchObject({ hit: 'yes', part: 'side', t: '2', point: '(-1.000, 0.500, 0.000)',
        normal: '(-1.000, 0.000, 0.000)' });
      // x = -3 + t is within 1 of the axis for t in [2, 4]; the height 0.5 is between the caps for every t.
      expect(readout).toMatchObject({ 'inside the side': 't ∈ [2, 4]', 'between the caps': 'every t',
        'inside both': 't ∈ [2, 4]' });
    },
  },
  {
    set: { origin: [0.5, 4, 0], target: [0.5, 0, 0] },
    check({ result, readout, c3d }) {
      sameAsLibrary(result, c3d);
      // Straight down at 0.5 from the axis: the top cap y = 1 after t = 3.
      expect(readout).toMatchObject({ part: 'top cap', t: '3',
        point: '(0.500, 1.000, 0.000)', normal: '(0.000, 1.000, 0.000)' });
      // Parallel to the axis 0.5 from it: inside the side for every t; y = 4 - t between the caps for t in [3, 5].
      expect(readout).toMatchObject({ 'inside the side': 'every t', 'between the caps': 't ∈ [3, 5]',
        'inside both': 't ∈ [3, 5]' });
    },
  },
  {
    set: { origin: [1.5, 4, 0], target: [1.5, 0, 0] },
    check({ result, readout, c3d }) {
      sameAsLibrary(result, c3d);
      // 1.5 from the axis, beyond the radius: a miss, never inside the side.
      expect(result.hit).toBeNull();
      expect(readout).toMatchObject({ hit: 'none', 'inside the side': 'never', 'between the caps': 't ∈ [3, 5]',
        'inside both': 'never' });
    },
  },
  {
    set: { origin: [-3, 0, 1], target: [0, 0, 1] },
    check({ result, readout, c3d }) {
      sameAsLibrary(result, c3d);
      // The line z = 1 grazes the side at (0, 0, 1): touching counts, t = 3.
      expect(readout).toMatchObject({ part: 'side', t: '3',
        point: '(0.000, 0.000, 1.000)', normal: '(0.000, 0.000, 1.000)' });
      // The side's interval shrinks to the one t where the line touches (a double root).
      expect(readout['inside the side']).toBe('t ∈ [3, 3]');
    },
  },
  {
    set: { origin: [0, 0, 0], target: [0, -5, 0] },
    check({ result, readout, c3d }) {
      sameAsLibrary(result, c3d);
      // Starting inside a solid cylinder: a hit at the start, t = 0, the normal opposing the ray. Both intervals
      // hold t = 0: the caps' slab is y = -t in [-1, 1].
      expect(readout).toMatchObject({ part: 'inside', t: '0',
        point: '(0.000, 0.000, 0.000)', normal: '(0.000, 1.000, 0.000)', 'between the caps': 't ∈ [-1, 1]' });
    },
  },
  {
    set: { solid: false },
    check({ result, readout, c3d }) {
      sameAsLibrary(result, c3d);
      // Hollow: where it leaves, through the bottom cap y = -1 after t = 1.
      expect(readout).toMatchObject({ part: 'bottom cap', t: '1',
        point: '(0.000, -1.000, 0.000)', normal: '(0.000, -1.000, 0.000)' });
    },
  },
  {
    set: { cylinder: [0, 0, 0, 0, 0, 90], solid: true, origin: [-3, 0.25, 0], target: [0, 0.25, 0] },
    check({ result, readout, c3d }) {
      sameAsLibrary(result, c3d);
      // Turned 90° about z, the axis runs from (1, 0, 0) to (-1, 0, 0) (up to cos(π/2) = 6e-17): the ray along +x
      // meets the end cap, "top", at x = -1 after t = 2.
      expect(readout).toMatchObject({ part: 'top cap', t: '2',
        point: '(-1.000, 0.250, 0.000)', normal: '(-1.000, 0.000, 0.000)' });
    },
  },
];
