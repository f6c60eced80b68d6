// The eight points at a cube's corners (then pressed flat, then onto a line): the hull's dimension, vertices and
// faces by hand, and the probe against it, each also as collide3d answers in node on the page's inputs.
import { expect } from 'vitest';

const cube = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`p${i}`, [i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1]]));

function expectAsLibrary({ result, c3d }) {
  const hull = new c3d.ConvexHull(result.inputs.points);
  try {
    expect(result.dimension).toBe(hull.dimension);
    expect(result.sourceIndex).toEqual([...hull.sourceIndex]);
    expect(result.inside).toBe(c3d.intersects(result.inputs.probe, hull));
    expect(result.distance).toBe(c3d.distance(result.inputs.probe, hull));
  } finally {
    hull.dispose();
  }
}

export default [
  {
    set: { ...cube, probe: [2, 0.5, 0.25] },
    check(context) {
      expectAsLibrary(context);
      // A cube: 8 vertices, 6 square faces of 2 triangles, the probe 1 beyond the face x = 1.
      expect(context.readout).toEqual({ dimension: '3', vertices: '8 (points 0, 1, 2, 3, 4, 5, 6, 7)', faces: '6',
        triangles: '12', 'probe inside': 'no', 'probe distance': '1' });
      expect(context.result.faces.every((face) => face.length === 4)).toBe(true);
    },
  },
  {
    set: { probe: [1, 1, 1] },
    check(context) {
      expectAsLibrary(context);
      expect(context.readout).toMatchObject({ 'probe inside': 'yes', 'probe distance': '0' });  // on a corner
    },
  },
  {
    // Pressed into the plane z = 0, the corners pair up: four distinct points, a square, stored as two faces.
    set: Object.fromEntries(Object.entries(cube).map(([name, [x, y]]) => [name, [x, y, 0]])),
    check(context) {
      expectAsLibrary(context);
      expect(context.readout).toMatchObject({ dimension: '2', vertices: '4 (points 0, 1, 2, 3)', faces: '2',
        'probe inside': 'no', 'probe distance': '1' });
    },
  },
  {
    // Onto the x axis: a segment from -1 to 1; the probe (1, 1, 1) is sqrt(2) from its end (1, 0, 0).
    set: Object.fromEntries(Object.entries(cube).map(([name, [x]]) => [name, [x, 0, 0]])),
    check(context) {
      expectAsLibrary(context);
      expect(context.readout).toMatchObject({ dimension: '1', vertices: '2 (points 0, 1)', faces: '0' });
      expect(context.result.distance).toBeCloseTo(Math.SQRT2, 12);
    },
  },
];
