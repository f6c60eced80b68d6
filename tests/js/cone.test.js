// The cone through the package, and the ellipsoid raycast: values derived by hand in the comments. The cone has no
// hand-written JS encoder: it is written from the module's description of its fields (boundary.js).
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { cone, ellipsoid, frustumOfBox, line, plane, point, ray, segment, triangle, v } from './helpers.js';

let c3d;
beforeAll(async () => {
  c3d = await init();
});

const closeTo = (actual, expected, digits = 12) => {
  for (const k of ['x', 'y', 'z']) expect(actual[k]).toBeCloseTo(expected[k], digits);
};

// Base disc of radius 1 at the origin in z = 0, apex (0, 0, 2): at height z its radius is 1 - z/2, and its side's
// outward normal is (2 cos θ, 2 sin θ, 1)/√5 (the gradient of |(x, y)| + z/2).
const c = cone(v(0, 0, 0), v(0, 0, 2), 1);

describe('cone', () => {
  it('raycast hits the apex, the side and the base with their normals', () => {
    expect(c3d.raycast(ray(v(0, 0, 5), v(0, 0, -1)), c)).toEqual({ t: 3, point: v(0, 0, 2), normal: v(0, 0, 1) });
    // At z = 0.5 the radius is 0.75: from x = 3 moving -x it hits (0.75, 0, 0.5) at t = 2.25.
    const side = c3d.raycast(ray(v(3, 0, 0.5), v(-1, 0, 0)), c);
    expect(side.t).toBe(2.25);
    closeTo(side.point, v(0.75, 0, 0.5));
    closeTo(side.normal, v(2 / Math.sqrt(5), 0, 1 / Math.sqrt(5)));
    expect(c3d.raycast(segment(v(0.5, 0, -1), v(0.5, 0, 1)), c)).toEqual({ t: 0.5, point: v(0.5, 0, 0), normal: v(0, 0, -1) });
    // A line along the side's generator through (1, 0, 0) and the apex lies on the surface: it touches.
    expect(c3d.raycast(line(v(1, 0, 0), v(-1, 0, 2)), c)).not.toBeNull();
    expect(c3d.raycast(ray(v(1.001, 0, 0), v(-1, 0, 2)), c)).toBeNull();  // just outside, parallel to it
  });

  it('intersects decides the surface exactly: a point on it meets, the next double out does not', () => {
    expect(c3d.intersects(point(v(0.5, 0, 1)), c)).toBe(true);  // radius 0.5 at z = 1
    expect(c3d.intersects(point(v(0.5000000000000001, 0, 1)), c)).toBe(false);
    expect(c3d.intersects(c, point(v(0, 0, 2)))).toBe(true);  // the apex
    expect(c3d.intersects(point(v(0, 0, 2.0000000000000004)), c)).toBe(false);
    // A triangle in the apex's plane touches; one a hair above does not.
    expect(c3d.intersects(triangle(v(-1, -1, 2), v(3, -1, 2), v(-1, 3, 2)), c)).toBe(true);
    expect(c3d.intersects(triangle(v(-1, -1, 2.0000000000000004), v(3, -1, 2.0000000000000004), v(-1, 3, 2.0000000000000004)), c)).toBe(false);
    // A triangle standing beside the cone, tangent to its side along the generator in the plane x + z/2 = 1.
    expect(c3d.intersects(triangle(v(1, -1, 0), v(1, 1, 0), v(0, 0, 2)), c)).toBe(true);
  });

  it('plane, classify and frustum', () => {
    expect(c3d.classify(plane(v(0, 0, 1), -2), c)).toBe('intersecting');  // z = 2 holds the apex
    expect(c3d.classify(plane(v(0, 0, 1), -3), c)).toBe('back');
    expect(c3d.classify(plane(v(1, 0, 0), 1), c)).toBe('intersecting');  // x = -1 touches the rim
    expect(c3d.classify(plane(v(1, 0, 0), 1.0000000000000002), c)).toBe('front');
    expect(c3d.intersects(frustumOfBox(v(-0.5, -0.5, 1.5), v(0.5, 0.5, 3)), c)).toBe(true);
    expect(c3d.intersects(frustumOfBox(v(2, 2, 0), v(3, 3, 1)), c)).toBe(false);
  });

  it('refuses an apex equal to its base, naming the field', () => {
    expect(() => c3d.intersects(point(v(0, 0, 0)), cone(v(1, 2, 3), v(1, 2, 3), 1)))
      .toThrow(new RangeError('collide3d.intersects: b.apex must differ from base (got {x: 1, y: 2, z: 3})'));
    expect(() => c3d.intersects(cone(v(0, 0, 0), v(0, 0, 1), -1), point(v(0, 0, 0)))).toThrow(RangeError);
    expect(() => c3d.raycast(ray(v(0, 0, 0), v(1, 0, 0)), { type: 'cone', base: v(0, 0, 0), radius: 1 }))
      .toThrow(new TypeError('collide3d.raycast: target.apex must be a vector {x, y, z} (got undefined)'));
  });
});

describe('ellipsoid raycast', () => {
  it('hits on the surface with the gradient normal', () => {
    const e = ellipsoid(v(0, 0, 0), v(2, 1, 1));
    expect(c3d.raycast(ray(v(5, 0, 0), v(-1, 0, 0)), e)).toEqual({ t: 3, point: v(2, 0, 0), normal: v(1, 0, 0) });
    // (x/2)^2 + y^2 = 1 at y = 0.6: x = 1.6; the gradient (x/4, y) = (0.4, 0.6) -> (2, 3)/√13.
    const hit = c3d.raycast(ray(v(5, 0.6, 0), v(-1, 0, 0)), e);
    expect(hit.t).toBeCloseTo(3.4, 14);
    closeTo(hit.normal, v(2 / Math.sqrt(13), 3 / Math.sqrt(13), 0));
    expect(c3d.raycast(ray(v(5, 1.0000000000000002, 0), v(-1, 0, 0)), e)).toBeNull();
    expect(c3d.intersects(segment(v(5, 1, 0), v(-5, 1, 0)), e)).toBe(true);  // tangent at (0, 1, 0)
  });
});
