// The range of shape numbers (README, Precision: "Range"): a finite number outside it gets a RangeError naming the
// function, the field and the value, in single calls, batch items and sweeps alike; the range's edges are accepted,
// and the answers there are the values derived by hand.
import { beforeAll, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { plane, point, ray, sphere, v } from './helpers.js';

let c3d;
beforeAll(async () => {
  c3d = await init();
});

const RULE = 'must be 0 or of magnitude 2^-126 to 2^126 (1.2e-38 to 8.5e37)';
const SMALL = 2 ** -126, LARGE = 2 ** 126;

it.each([
  ['a subnormal direction', () => c3d.raycast(ray(v(0, 0, 5), v(0, 0, -1e-310)), sphere(v(0, 0, 0), 1)),
    `collide3d.raycast: caster.direction.z ${RULE} (got -1e-310)`],
  ['a huge normal', () => c3d.raycast(ray(v(0, 0, 5), v(0, 0, -1)), plane(v(0, 0, 1.7e308), -1.7e308)),
    `collide3d.raycast: target.normal.z ${RULE} (got 1.7e+308)`],
  ['a tiny radius', () => c3d.intersects(sphere(v(0, 0, 0), 1e-39), sphere(v(0, 0, 0), 1)),
    `collide3d.intersects: a.radius ${RULE} (got 1e-39)`],
  ['a tiny velocity', () => c3d.sweep(sphere(v(0, 0, 5), 1), v(0, 0, -1e-310), plane(v(0, 0, 1), -2)),
    `collide3d.sweep: velocity.z ${RULE} (got -1e-310)`],
  ['a tiny basis vector', () => c3d.orthonormalBasis(v(1e-310, 0, 0)),
    `collide3d.orthonormalBasis: w.x ${RULE} (got 1e-310)`],
  ['a huge frustum constant', () => c3d.intersects({ type: 'frustum', planes: Array.from({ length: 6 },
    (_, i) => ({ normal: v(0, 0, 1), constant: i === 2 ? 1e300 : 1 })) }, sphere(v(0, 0, 0), 1)),
  `collide3d.intersects: a.planes[2].constant ${RULE} (got 1e+300)`],
])('%s is refused by name', (_, call, message) => {
  expect(call).toThrow(RangeError);
  expect(call).toThrow(message);
});

it('batch items outside the range are refused, float64 and float32 alike', () => {
  const spheres = new Float64Array([0, 0, 0, 1, 0, 0, 1e-310, 1]);
  expect(() => c3d.intersectsBatch({ type: 'sphere', items: spheres }, { type: 'sphere', items: spheres }))
    .toThrow(`collide3d.intersectsBatch: a.items[6] ${RULE} (got 1e-310)`);
  const floats = new Float32Array([0, 0, 0, 1, 0, 0, 1e-40, 1]);  // a float32 subnormal
  expect(() => c3d.intersectsBatch({ type: 'sphere', items: floats }, { type: 'sphere', items: floats }))
    .toThrow(`collide3d.intersectsBatch: a.items[6] ${RULE} (got 9.99994610111476e-41)`);
  // A rotation's entries keep to the range too.
  expect(() => c3d.intersects({ type: 'obb', center: v(0, 0, 0), halfSize: v(1, 1, 1), rotation: [1, 0, 0, 0, 1, 1e-300, 0, 0, 1] }, sphere(v(0, 0, 0), 1)))
    .toThrow(`collide3d.intersects: a.rotation[5] ${RULE} (got 1e-300)`);
});

it('the range edges are accepted and answered as derived by hand', () => {
  // The plane z = 2 with the smallest normal: the point at z = 5 is 3 away.
  expect(c3d.distance(point(v(0, 0, 5)), plane(v(0, 0, SMALL), -2 * SMALL))).toBe(3);
  // The plane z = 1 with the largest normal, from z = 5 downwards: t = 4.
  expect(c3d.raycast(ray(v(0, 0, 5), v(0, 0, -1)), plane(v(0, 0, LARGE), -LARGE)).t).toBe(4);
  // The smallest direction reaches the unit ball's top at t = 4 / 2^-126 = 2^128.
  const slow = c3d.raycast(ray(v(0, 0, 5), v(0, 0, -SMALL)), sphere(v(0, 0, 0), 1));
  expect(slow.t).toBe(2 ** 128);
  expect(slow.point).toEqual({ x: 0, y: 0, z: 1 });
  expect(c3d.orthonormalBasis(v(SMALL, 0, 0)).w).toEqual({ x: 1, y: 0, z: 0 });
});
