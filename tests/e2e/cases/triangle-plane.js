// With no rotation the plane is z = 0 exactly (normal +z), so each vertex's signed distance is its z and the cut
// points can be derived by hand; the last step tilts the plane and is checked against collide3d only.
import { expect } from 'vitest';

function agreesWithLibrary({ result, c3d }) {
  const { plane, triangle } = result.inputs;
  expect(result.side).toBe(c3d.classify(plane, triangle));
  expect(result.intersection).toEqual(c3d.intersection(plane, triangle));
}

export default [
  {
    set: { plane: [0, 0, 0, 0, 0, 0], a: [0, 0, 1], b: [2, 0, -1], c: [0, 2, -1] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // Distances 1, -1, -1: edge ab crosses halfway, at (1, 0, 0); bc does not; ca crosses halfway, at (0, 1, 0).
      expect(readout).toEqual({ classify: 'intersecting', intersection: 'segment', start: '(1.000, 0.000, 0.000)',
        end: '(0.000, 1.000, 0.000)' });
    },
  },
  {
    set: { a: [0, 0, 0] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // Distances 0, -1, -1: the plane only touches the corner a, which counts as intersecting.
      expect(result.intersection).toEqual({ kind: 'point', point: { x: 0, y: 0, z: 0 } });
      expect(readout).toEqual({ classify: 'intersecting', intersection: 'point', point: '(0.000, 0.000, 0.000)' });
    },
  },
  {
    set: { a: [0, 0, -0.5] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // All three below: behind, no cut.
      expect(readout).toEqual({ classify: 'back', intersection: 'none' });
    },
  },
  {
    set: { a: [0, 0, 0], b: [2, 0, 0], c: [0, 2, 0] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // All three distances 0: the triangle lies in the plane.
      expect(readout).toEqual({ classify: 'intersecting', intersection: 'coplanar' });
    },
  },
  {
    set: { plane: [0.3, 0.2, -0.1, -80, -20, 10], a: [-0.6, 1.8, 2.4], b: [3, -1.2, 1.4], c: [1.2, 1.4, -1.6] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // Both cut points lie on the plane.
      const { plane: { normal: n, constant } } = result.inputs;
      expect(result.intersection.kind).toBe('segment');
      for (const p of [result.intersection.start, result.intersection.end]) {
        expect(n.x * p.x + n.y * p.y + n.z * p.z + constant).toBeCloseTo(0, 12);
      }
      expect(readout.classify).toBe('intersecting');
    },
  },
];
