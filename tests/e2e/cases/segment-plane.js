// With no rotation the plane's normal is its +z axis: the plane z = 0 exactly, so crossings can be derived by hand
// (an Euler angle of 90° would leave cos(π/2) = 6e-17 in the normal). The last step uses a tilted plane, checked
// against collide3d only.
import { expect } from 'vitest';

// The scene's answers must be the library's own for the inputs it reports.
function agreesWithLibrary({ result, c3d }) {
  const { segment, plane } = result.inputs;
  expect(result.hit).toEqual(c3d.raycast(segment, plane));
  expect(result.intersection).toEqual(c3d.intersection(segment, plane));
}

// The same for a ray or a line (a ray has no intersection query: its hit is the answer).
function casterAgrees({ result, c3d }, kind) {
  const { [kind]: caster, plane } = result.inputs;
  expect(caster.type).toBe(kind);
  expect(result.hit).toEqual(c3d.raycast(caster, plane));
  if (kind === 'line') expect(result.intersection).toEqual(c3d.intersection(caster, plane));
}

export default [
  {
    set: { plane: [0, 0, 0, 0, 0, 0], start: [1, 2, 3], end: [1, 2, -1] },
    check({ result, readout, c3d }) {
      expect(result.inputs.plane).toEqual({ type: 'plane', normal: { x: 0, y: 0, z: 1 }, constant: -0 });
      agreesWithLibrary({ result, c3d });
      // d0 = 3, d1 = -1: t = 3 / (3 + 1) = 0.75, the point (1, 2, 0); the start is above, so the normal is +z.
      expect(readout).toEqual({ crosses: 'yes', t: '0.75', point: '(1.000, 2.000, 0.000)', normal: '(0.000, 0.000, 1.000)' });
      expect(result.intersection).toEqual({ kind: 'point', point: { x: 1, y: 2, z: 0 } });
    },
  },
  {
    set: { end: [1, 2, 0.5] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // Both ends above the plane (d0 = 3, d1 = 0.5): no crossing.
      expect(readout).toEqual({ crosses: 'no' });
      expect(result.hit).toBeNull();
      expect(result.intersection).toBeNull();
    },
  },
  {
    set: { end: [1, 2, 0] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // The end lies on the plane (d1 = 0): touching counts, at t = 1, the end itself.
      expect(readout).toMatchObject({ crosses: 'yes', t: '1', point: '(1.000, 2.000, 0.000)' });
      expect(result.intersection).toEqual({ kind: 'point', point: { x: 1, y: 2, z: 0 } });
    },
  },
  {
    set: { start: [-1, 0, 0], end: [2, 1, 0] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // d0 = d1 = 0: the segment lies in the plane; the set is the whole segment, the first hit its start (t = 0).
      expect(result.intersection).toEqual({ kind: 'segment', start: { x: -1, y: 0, z: 0 }, end: { x: 2, y: 1, z: 0 } });
      expect(readout).toMatchObject({ crosses: 'lies in the plane', t: '0', point: '(-1.000, 0.000, 0.000)' });
    },
  },
  {
    set: { plane: [0.3, -0.2, 0.1, 30, 20, 10], start: [-1, 1, 2], end: [1, -1, -2] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      const { segment, plane } = result.inputs;
      const { start: s, end: e } = segment, n = plane.normal;
      const d0 = n.x * s.x + n.y * s.y + n.z * s.z + plane.constant;
      const d1 = n.x * e.x + n.y * e.y + n.z * e.z + plane.constant;
      // The ends are on opposite sides; the hit is at t = d0 / (d0 - d1), on the plane.
      expect(Math.sign(d0)).toBe(-Math.sign(d1));
      expect(result.hit.t).toBeCloseTo(d0 / (d0 - d1), 12);
      const p = result.hit.point;
      expect(n.x * p.x + n.y * p.y + n.z * p.z + plane.constant).toBeCloseTo(0, 12);
      expect(readout.crosses).toBe('yes');
    },
  },
  {
    // A ray from (0, 0, 2) along (1, 0, -1) (towards the end handle): n·o + d = 2, n·d = -1, so t = 2, at (2, 0, 0).
    set: { caster: 'ray', plane: [0, 0, 0, 0, 0, 0], start: [0, 0, 2], end: [1, 0, 1] },
    check(context) {
      casterAgrees(context, 'ray');
      expect(context.readout).toMatchObject({ crosses: 'yes', t: '2', point: '(2.000, 0.000, 0.000)', normal: '(0.000, 0.000, 1.000)' });
    },
  },
  {
    // Turned away, along (1, 0, 1): t = -2 is behind the ray's origin, so the ray misses ...
    set: { end: [1, 0, 3] },
    check(context) {
      casterAgrees(context, 'ray');
      expect(context.readout).toEqual({ crosses: 'no' });
    },
  },
  {
    // ... while the line through the same points meets the plane there, at (-2, 0, 0).
    set: { caster: 'line' },
    check(context) {
      casterAgrees(context, 'line');
      expect(context.result.intersection).toEqual({ kind: 'point', point: { x: -2, y: 0, z: 0 } });
      expect(context.readout).toMatchObject({ crosses: 'yes', t: '-2', point: '(-2.000, 0.000, 0.000)' });
    },
  },
  {
    // Parallel to the plane and in it: the whole line is shared, met at its origin (t = 0).
    set: { start: [1, 1, 0], end: [2, 3, 0] },
    check(context) {
      casterAgrees(context, 'line');
      expect(context.result.intersection.kind).toBe('line');
      expect(context.readout).toMatchObject({ crosses: 'lies in the plane', t: '0', point: '(1.000, 1.000, 0.000)' });
    },
  },
];
