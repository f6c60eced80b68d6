// The triangle (0, 0, 0), (4, 0, 0), (0, 0, 4) in the plane y = 0, and a point above each of its seven Voronoi
// regions in turn: the region, the nearest point and the distance by hand, each also as collide3d answers in node.
import { expect } from 'vitest';

const corners = { a: [0, 0, 0], b: [4, 0, 0], c: [0, 0, 4] };

function sameAsLibrary({ result, c3d }) {
  expect(result.inputs.triangle).toEqual({ type: 'triangle', a: { x: 0, y: 0, z: 0 }, b: { x: 4, y: 0, z: 0 }, c: { x: 0, y: 0, z: 4 } });
  expect(result.closestPoints).toEqual(c3d.closestPoints(result.inputs.point, result.inputs.triangle));
}

// [where p is, the region, the nearest point, the distance]: by hand.
const steps = [
  [[1, 2, 1], 'face', '(1.000, 0.000, 1.000)', '2'],            // straight above (1, 0, 1)
  [[-1, 0, -1], 'corner a', '(0.000, 0.000, 0.000)', '1.414'],  // behind both edges at a: √2
  [[2, 1, -3], 'edge ab', '(2.000, 0.000, 0.000)', '3.162'],    // beyond ab (z < 0) between its ends: √(1 + 9)
  [[3, 0, 3], 'edge bc', '(2.000, 0.000, 2.000)', '1.414'],     // beyond x + z = 4, its foot (2, 0, 2): √2
  [[5, 0, -1], 'corner b', '(4.000, 0.000, 0.000)', '1.414'],   // ab·bp = 4 ≥ 0 and ac·bp = -4 ≤ 4
  [[-1, 0, 2], 'edge ac', '(0.000, 0.000, 2.000)', '1'],        // beyond ac (x < 0): 1
  [[-1, 0, 5], 'corner c', '(0.000, 0.000, 4.000)', '1.414'],   // ac·cp = 4 ≥ 0 and ab·cp = -4 ≤ 4
];

export default steps.map(([p, region, point, distance], k) => ({
  set: k === 0 ? { ...corners, p } : { p },
  check(context) {
    sameAsLibrary(context);
    expect(context.result.region).toBe(region);
    expect(context.readout).toMatchObject({ region, 'closest point': point, distance });
  },
}));
