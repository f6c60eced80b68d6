// With no rotation the plane is z = 0 exactly (unit normal +z): the centre's distance is its z, and an unrotated
// ellipsoid's extent along z is exactly rz, so the touching case is exact. Rotated ellipsoids (90° turns leave
// 6e-17 in the axes) are used only away from the boundary, and the tilted plane is checked against collide3d.
import { expect } from 'vitest';

function agreesWithLibrary({ result, c3d }) {
  const { plane, ellipsoid } = result.inputs;
  expect(result.side).toBe(c3d.classify(plane, ellipsoid));
}

export default [
  {
    set: { plane: [0, 0, 0, 0, 0, 0], ellipsoid: [0, 0, 1.5, 0, 0, 0], rx: 2, ry: 1, rz: 1.5 },
    check({ result, readout, c3d }) {
      expect(result.inputs.ellipsoid.rotation).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
      agreesWithLibrary({ result, c3d });
      // s = 1.5 and e = rz = 1.5: the lowest point is on the plane, touching counts as intersecting.
      expect(readout).toEqual({ classify: 'intersecting', 'centre distance': '1.5', extent: '1.5' });
    },
  },
  {
    set: { rz: 3, ellipsoid: [0, 0, 1.5, 90, 0, 0] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // Unrotated, rz = 3 would reach through the plane; turned 90° about x its local y axis points along z, so
      // e = ry = 1 < 1.5: in front.
      expect(readout).toEqual({ classify: 'front', 'centre distance': '1.5', extent: '1' });
    },
  },
  {
    set: { ellipsoid: [0, 0, 1.5, 0, 90, 0] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // Turned 90° about y its local x axis lies along z: e = rx = 2 > 1.5, the plane cuts it.
      expect(readout).toEqual({ classify: 'intersecting', 'centre distance': '1.5', extent: '2' });
    },
  },
  {
    set: { ellipsoid: [0, 0, -2.5, 0, 90, 0] },
    check({ result, readout, c3d }) {
      agreesWithLibrary({ result, c3d });
      // s = -2.5 < -e = -2: behind.
      expect(readout).toEqual({ classify: 'back', 'centre distance': '-2.5', extent: '2' });
    },
  },
  {
    set: { plane: [0.2, -0.1, 0.3, -60, 25, 10], ellipsoid: [1, 1.2, 0.5, 20, 30, 40] },
    check({ result, c3d }) {
      agreesWithLibrary({ result, c3d });
      // The extent from the formula e = √Σ(rᵢ aᵢ·n)², with aᵢ the rotation's columns.
      // It decides the side as the sphere test does with r = e.
      const { plane: { normal: n, constant }, ellipsoid: { center: c, radii, rotation: m } } = result.inputs;
      const along = [radii.x, radii.y, radii.z].map((r, i) => r * (m[3 * i] * n.x + m[3 * i + 1] * n.y + m[3 * i + 2] * n.z));
      const e = Math.hypot(...along), s = n.x * c.x + n.y * c.y + n.z * c.z + constant;
      expect(result.extent).toBeCloseTo(e, 12);
      expect(result.side).toBe(s > e ? 'front' : s < -e ? 'back' : 'intersecting');
    },
  },
];
