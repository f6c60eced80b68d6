// Corners in each handle's frame: t1 (-2,-1.5,0), (2,-1.5,0), (0,2,0); t2 (-1.5,-1,0), (1.5,-1,0), (0,2,0).
// With rotation 0 both lie in the plane z = (their z) exactly; t2 turned 90° about x stands in the plane y = (its y)
// with its local y along world z (up to cos(π/2) = 6e-17, so those steps compare with the library too).
import { expect } from 'vitest';

function sameAsLibrary(result, c3d) {
  const { t1, t2 } = result.inputs;
  expect(result.intersects).toBe(c3d.intersects(t1, t2));
  expect(result.intersection).toEqual(c3d.intersection(t1, t2));
}

export default [
  {
    set: { t1: [0, 0, 0, 0, 0, 0], t2: [0.5, 0, 0, 90, 0, 0] },
    check({ result, readout, c3d }) {
      sameAsLibrary(result, c3d);
      expect(result.inputs.t1).toEqual(
        { type: 'triangle', a: { x: -2, y: -1.5, z: 0 }, b: { x: 2, y: -1.5, z: 0 }, c: { x: 0, y: 2, z: 0 } });
      // Both cut the x axis: t2 (its height 0 is a third of the way up) over x in 0.5 + [-1, 1] = [-0.5, 1.5];
      // t1 at y = 0 over x in ±(2 - 2 * 1.5 / 3.5) = ±8/7. Shared: x from -0.5 to 8/7, length 1.643.
      expect(readout).toMatchObject({ intersects: 'yes', intersection: 'segment', length: '1.643' });
      expect([readout.start, readout.end].sort()).toEqual(['(-0.500, 0.000, 0.000)', '(1.143, 0.000, 0.000)']);
    },
  },
  {
    set: { t2: [0.5, 2.5, 0, 90, 0, 0] },
    check({ result, readout, c3d }) {
      // t2 now stands in y = 2.5, above t1's top corner (y = 2): apart.
      sameAsLibrary(result, c3d);
      expect(readout).toMatchObject({ intersects: 'no', intersection: 'none' });
      expect(result.intersection).toBeNull();
    },
  },
  {
    set: { t2: [0.5, 2, 0, 90, 0, 0] },
    check({ result, readout, c3d }) {
      // Lowered to y = 2 its face passes through t1's top corner (0, 2, 0) (t2's local height 0 maps to z = 0
      // exactly; the rounding of cos(π/2) only tilts it about that line): they touch at that single point.
      sameAsLibrary(result, c3d);
      expect(readout).toMatchObject({ intersects: 'yes', intersection: 'point', point: '(0.000, 2.000, 0.000)' });
    },
  },
  {
    set: { t2: [0.5, 0, 0, 0, 0, 0] },
    check({ result, readout, c3d }) {
      // Both in z = 0 and overlapping: coplanar.
      sameAsLibrary(result, c3d);
      expect(readout).toMatchObject({ intersects: 'yes', intersection: 'coplanar' });
    },
  },
  {
    set: { t2: [0, -3.5, 0, 0, 0, 0] },
    check({ result, readout }) {
      // t2's top corner (0, 2 - 3.5, 0) = (0, -1.5, 0) lies on t1's bottom edge: touching in the plane counts.
      expect(result.inputs.t2.c).toEqual({ x: 0, y: -1.5, z: 0 });
      expect(readout).toMatchObject({ intersects: 'yes', intersection: 'coplanar' });
    },
  },
  {
    set: { t2: [0, -3.5, 0.25, 0, 0, 0] },
    check({ result, readout, c3d }) {
      // Lifted to z = 0.25: parallel planes, apart.
      sameAsLibrary(result, c3d);
      expect(readout).toMatchObject({ intersects: 'no', intersection: 'none' });
    },
  },
  {
    set: { t1: [0, 0, 0, -70, 0, 0], t2: [0.2, 0.1, 0.3, 30, 40, 50] },
    check({ result, readout, c3d }) {
      // A generic crossing: the library's segment, and the readout's length is its length.
      sameAsLibrary(result, c3d);
      expect(result.intersection.kind).toBe('segment');
      const { start, end } = result.intersection;
      expect(readout.length).toBe(String(Number(Math.hypot(end.x - start.x, end.y - start.y, end.z - start.z).toFixed(3))));
    },
  },
  {
    // The construction, back at step 1: t2 (turned 90° about x, moved 0.5 along x) has corners at z = -1, -1, 2 from
    // t1's plane z = 0; t1's corners are 1.5, 1.5 and -2 from t2's plane y = 0 (its normal, (b − a) × (c − a), points
    // along -y). The planes meet along x: t1 spans x in ±8/7 there, t2 from -0.5 to 1.5 (its edges cross z = 0 a
    // third of the way up), and the overlap is the shared segment.
    set: { t1: [0, 0, 0, 0, 0, 0], t2: [0.5, 0, 0, 90, 0, 0] },
    check({ readout }) {
      expect(readout).toMatchObject({ "t2 from t1's plane": '-1, -1, +2', "t1 from t2's plane": '+1.5, +1.5, -2',
        't1 on the line': 's ∈ [-1.143, 1.143]', 't2 on the line': 's ∈ [-0.5, 1.5]', overlap: 's ∈ [-0.5, 1.143]' });
    },
  },
  {
    // At y = 2.5 every corner of t1 is on one side of t2's plane: t1 never reaches it, so they are apart.
    set: { t2: [0.5, 2.5, 0, 90, 0, 0] },
    check({ readout }) {
      expect(readout).toMatchObject({ "t1 from t2's plane": '+4, +4, +0.5', 't1 on the line': 'does not reach it' });
    },
  },
];
