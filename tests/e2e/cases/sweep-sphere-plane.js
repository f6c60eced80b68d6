// With no rotation the plane is z = 0 exactly (unit normal +z), so the centre's signed distance is its z and the
// contact times can be derived by hand; the last step tilts the plane and is checked against collide3d only.
import { expect } from 'vitest';

function agreesWithLibrary({ result, c3d }) {
  const { sphere, velocity, plane } = result.inputs;
  expect(result.hit).toEqual(c3d.sweep(sphere, velocity, plane));
}

export default [
  {
    set: { plane: [0, 0, 0, 0, 0, 0], start: [0, 0, 3], end: [0, 0, -1], radius: 1 },
    check({ result, readout, c3d }) {
      expect(result.inputs.velocity).toEqual({ x: 0, y: 0, z: -4 });
      agreesWithLibrary({ result, c3d });
      // s0 = 3, n·v = -4: t = (3 - 1) / 4 = 0.5; the centre is then at z = 1, touching the plane at the origin.
      expect(readout).toEqual({ contact: 'while moving', t: '0.5', point: '(0.000, 0.000, 0.000)',
        normal: '(0.000, 0.000, 1.000)' });
    },
  },
  {
    set: { end: [0, 0, 2.5] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // It would need to travel 2 along -z but moves only 0.5: t = 4 > 1, no contact.
      expect(result.hit).toBeNull();
      expect(readout).toEqual({ contact: 'no contact' });
    },
  },
  {
    set: { start: [2, 1, 0.5] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // |s0| = 0.5 <= r = 1: the plane already cuts the sphere, t = 0, at the foot of the centre, (2, 1, 0).
      expect(readout).toEqual({ contact: 'already touching', t: '0', point: '(2.000, 1.000, 0.000)',
        normal: '(0.000, 0.000, 1.000)' });
    },
  },
  {
    set: { start: [1, 0, -3], end: [1, 0, 3] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // From behind: s0 = -3, n·v = 6, t = (3 - 1) / 6 = 1/3; the centre at z = -1 touches at (1, 0, 0), and the
      // normal faces the sphere: -z.
      expect(result.hit.t).toBeCloseTo(1 / 3, 15);
      expect(readout).toEqual({ contact: 'while moving', t: '0.333', point: '(1.000, 0.000, 0.000)',
        normal: '(0.000, 0.000, -1.000)' });
    },
  },
  {
    set: { plane: [0.2, 0.5, -0.4, -70, 15, 5], start: [-0.5, 3, 1.5], end: [2.5, -2, 1], radius: 0.8 },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      const { sphere, velocity, plane } = result.inputs;
      const n = plane.normal, c = sphere.center;
      const s0 = n.x * c.x + n.y * c.y + n.z * c.z + plane.constant;
      const rate = n.x * velocity.x + n.y * velocity.y + n.z * velocity.z;
      // Starting in front and moving towards the plane: t = (s0 - r) / -(n·v).
      expect(s0).toBeGreaterThan(sphere.radius);
      expect(result.hit.t).toBeCloseTo((s0 - sphere.radius) / -rate, 12);
      expect(readout.contact).toBe('while moving');
    },
  },
];
