// Every exported query through the real wasm module, against values derived by hand in the comments.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 } from '../../bench/random.mjs';
import {
  IDENTITY, aabb, capsule, cylinder, ellipsoid, line, obb, plane, point, ray, segment, sphere, triangle, v,
} from './helpers.js';

let c3d;
beforeAll(async () => {
  c3d = await init();
});

const closeTo = (actual, expected, digits = 12) => {
  expect(actual.x).toBeCloseTo(expected.x, digits);
  expect(actual.y).toBeCloseTo(expected.y, digits);
  expect(actual.z).toBeCloseTo(expected.z, digits);
};

// Unit-square triangles in z = 0: counter-clockwise seen from +z, so the front face looks up.
const tri = triangle(v(0, 0, 0), v(4, 0, 0), v(0, 4, 0));

describe('raycast', () => {
  it('ray–triangle: t, point, barycentrics, normal facing the ray, front face', () => {
    // From (1, 2, 5) straight down: hits (1, 2, 0) at t = 5; (1, 2) = u*(4,0) + v*(0,4) -> u = 1/4, v = 1/2.
    const hit = c3d.raycast(ray(v(1, 2, 5), v(0, 0, -1)), tri);
    expect(hit).toEqual({ t: 5, point: v(1, 2, 0), normal: v(0, 0, 1), u: 0.25, v: 0.5, frontFace: true });
  });

  it('ray–triangle: edges and vertices count; backface culling drops hits from behind', () => {
    expect(c3d.raycast(ray(v(2, 2, 1), v(0, 0, -1)), tri).t).toBe(1);       // on the hypotenuse x + y = 4
    expect(c3d.raycast(ray(v(4, 0, 1), v(0, 0, -1)), tri).u).toBe(1);       // on vertex b
    expect(c3d.raycast(ray(v(2.0000001, 2, 1), v(0, 0, -1)), tri)).toBeNull();
    const fromBelow = ray(v(1, 1, -3), v(0, 0, 1));
    expect(c3d.raycast(fromBelow, tri)).toMatchObject({ t: 3, normal: v(0, 0, -1), frontFace: false });
    expect(c3d.raycast(fromBelow, tri, { backfaceCulling: true })).toBeNull();
  });

  it('ray in the triangle plane hits where it enters the triangle', () => {
    // Along y = 1 from x = -3: enters at x = 0, t = 3 (direction has length 1).
    const hit = c3d.raycast(ray(v(-3, 1, 0), v(1, 0, 0)), tri);
    expect(hit.t).toBe(3);
    closeTo(hit.point, v(0, 1, 0));
  });

  it('segment and line casters use their own parameter', () => {
    // Segment from z = 4 to z = -4 crosses z = 0 half way.
    expect(c3d.raycast(segment(v(1, 1, 4), v(1, 1, -4)), tri).t).toBe(0.5);
    expect(c3d.raycast(segment(v(1, 1, 4), v(1, 1, 1)), tri)).toBeNull();
    // A line hits behind its origin too: t = -2.
    expect(c3d.raycast(line(v(1, 1, -2), v(0, 0, -1)), tri).t).toBe(-2);
  });

  it('ray–plane: parallel misses, lying in the plane hits at t = 0, maxDistance', () => {
    const ground = plane(v(0, 2, 0), -4); // y = 2, non-unit normal
    expect(c3d.raycast(ray(v(0, 5, 0), v(0, -1, 0)), ground)).toMatchObject({ t: 3, point: v(0, 2, 0), normal: v(0, 1, 0) });
    expect(c3d.raycast(ray(v(0, 5, 0), v(1, 0, 0)), ground)).toBeNull();
    expect(c3d.raycast(ray(v(0, 2, 0), v(1, 0, 0)), ground).t).toBe(0);
    expect(c3d.raycast(ray(v(0, 5, 0), v(0, -1, 0)), ground, { maxDistance: 2.5 })).toBeNull();
    // Coming from below, the normal faces the ray.
    expect(c3d.raycast(ray(v(0, -1, 0), v(0, 1, 0)), ground).normal).toEqual(v(0, -1, 0));
  });

  it('ray–sphere: entry, tangent, inside (solid and not)', () => {
    const ball = sphere(v(0, 0, 0), 2);
    expect(c3d.raycast(ray(v(-5, 0, 0), v(1, 0, 0)), ball)).toEqual({ t: 3, point: v(-2, 0, 0), normal: v(-1, 0, 0) });
    expect(c3d.raycast(ray(v(-5, 2, 0), v(1, 0, 0)), ball)).toEqual({ t: 5, point: v(0, 2, 0), normal: v(0, 1, 0) });
    expect(c3d.raycast(ray(v(-5, 2.000001, 0), v(1, 0, 0)), ball)).toBeNull();
    expect(c3d.raycast(ray(v(0, 0, 0), v(1, 0, 0)), ball)).toEqual({ t: 0, point: v(0, 0, 0), normal: v(-1, 0, 0) });
    expect(c3d.raycast(ray(v(0, 0, 0), v(1, 0, 0)), ball, { solid: false })).toEqual({ t: 2, point: v(2, 0, 0), normal: v(1, 0, 0) });
  });

  it('a ray starting on a surface and leaving touches there, with that surface\'s outward normal', () => {
    const box = aabb(v(0, -1, -1), v(1, 1, 1));
    expect(c3d.raycast(ray(v(0, 0, 0), v(-1, 0, 0)), box)).toEqual({ t: 0, point: v(0, 0, 0), normal: v(-1, 0, 0) });
    expect(c3d.raycast(ray(v(0, 0, 2), v(0, 0, 1)), sphere(v(0, 0, 0), 2)).normal).toEqual(v(0, 0, 1));
  });

  it('ray–aabb and ray–obb: face normals, grazing an edge, rotated box', () => {
    const box = aabb(v(-1, -1, -1), v(1, 1, 1));
    expect(c3d.raycast(ray(v(0, 5, 0), v(0, -2, 0)), box)).toEqual({ t: 2, point: v(0, 1, 0), normal: v(0, 1, 0) });
    expect(c3d.raycast(ray(v(-5, 1, 1), v(1, 0, 0)), box).t).toBe(4); // along the edge y = z = 1
    // The same unit box turned 90° about z (columns: x -> y, y -> -x): hitting from +x meets its local -y face.
    const turned = obb(v(0, 0, 0), v(1, 2, 3), [0, 1, 0, -1, 0, 0, 0, 0, 1]);
    const hit = c3d.raycast(ray(v(5, 0, 0), v(-1, 0, 0)), turned);
    expect(hit.t).toBe(3); // half-size along world x is the local y half-size 2
    closeTo(hit.normal, v(1, 0, 0));
  });

  it('ray–cylinder: side, caps, parallel to the axis, along the surface', () => {
    const can = cylinder(v(0, 0, 0), v(0, 0, 4), 1);
    expect(c3d.raycast(ray(v(-3, 0, 2), v(1, 0, 0)), can)).toEqual({ t: 2, point: v(-1, 0, 2), normal: v(-1, 0, 0) });
    expect(c3d.raycast(ray(v(0.5, 0, 9), v(0, 0, -1)), can)).toEqual({ t: 5, point: v(0.5, 0, 4), normal: v(0, 0, 1) });
    expect(c3d.raycast(ray(v(0.5, 0, -2), v(0, 0, 1)), can)).toEqual({ t: 2, point: v(0.5, 0, 0), normal: v(0, 0, -1) });
    expect(c3d.raycast(ray(v(1.5, 0, -2), v(0, 0, 1)), can)).toBeNull();
    expect(c3d.raycast(ray(v(1, 0, -2), v(0, 0, 1)), can).t).toBe(2); // grazing along the side surface
    expect(c3d.raycast(ray(v(0, 0, 2), v(1, 0, 0)), can, { solid: false }).t).toBe(1);
  });

  it('ray, line and segment–capsule: side, end balls, the seam, inside, maxDistance; intersects both ways', () => {
    // Axis (0,0,0) -> (0,0,10), radius 5.
    const pill = capsule(v(0, 0, 0), v(0, 0, 10), 5);
    // The side at x = -5: t = 5. The start ball's pole (0,0,-5) from z = -15: t = 10.
    expect(c3d.raycast(ray(v(-10, 0, 5), v(1, 0, 0)), pill)).toEqual({ t: 5, point: v(-5, 0, 5), normal: v(-1, 0, 0) });
    expect(c3d.raycast(ray(v(0, 0, -15), v(0, 0, 1)), pill)).toEqual({ t: 10, point: v(0, 0, -5), normal: v(0, 0, -1) });
    // Parallel to the axis 3 from it, from above: the end ball where 9 + (z - 10)^2 = 25, z = 14, t = 6.
    const top = c3d.raycast(ray(v(3, 0, 20), v(0, 0, -1)), pill);
    expect(top.t).toBe(6);
    closeTo(top.normal, v(0.6, 0, 0.8), 15);
    // Tangent at the seam where the start ball meets the side: touching (0,5,0) at t = 10; 2^-48 further out misses.
    expect(c3d.raycast(ray(v(-10, 5, 0), v(1, 0, 0)), pill)).toEqual({ t: 10, point: v(0, 5, 0), normal: v(0, 1, 0) });
    expect(c3d.raycast(ray(v(-10, 5 + 2 ** -48, 0), v(1, 0, 0)), pill)).toBeNull();
    // From inside, (3,0,5) along (0,2,0): t = 0 when solid; leaving through the side at t = 2 when not.
    expect(c3d.raycast(ray(v(3, 0, 5), v(0, 2, 0)), pill).t).toBe(0);
    expect(c3d.raycast(ray(v(3, 0, 5), v(0, 2, 0)), pill, { solid: false }).t).toBe(2);
    // maxDistance exactly at the surface hits; just short of it misses. A line enters at t = -25, a segment at 1.
    expect(c3d.raycast(ray(v(-10, 0, 5), v(1, 0, 0)), pill, { maxDistance: 5 }).t).toBe(5);
    expect(c3d.raycast(ray(v(-10, 0, 5), v(1, 0, 0)), pill, { maxDistance: 4.999999999 })).toBeNull();
    expect(c3d.raycast(line(v(0, 0, 20), v(0, 0, 1)), pill).t).toBe(-25);
    expect(c3d.raycast(segment(v(-10, 0, 5), v(-5, 0, 5)), pill).t).toBe(1);
    // intersects takes the casters in either order.
    expect(c3d.intersects(ray(v(-10, 5, 0), v(1, 0, 0)), pill)).toBe(true);
    expect(c3d.intersects(pill, line(v(-10, 5 + 2 ** -48, 0), v(1, 0, 0)))).toBe(false);
    expect(c3d.intersects(pill, segment(v(-10, 0, 5), v(-5, 0, 5)))).toBe(true);
    expect(c3d.intersects(segment(v(-10, 0, 5), v(-5.000001, 0, 5)), pill)).toBe(false);
    // start == end is a ball.
    expect(c3d.raycast(ray(v(1, 2, -7), v(0, 0, 2)), capsule(v(1, 2, 3), v(1, 2, 3), 2)).t).toBe(4);
  });
});

describe('intersects', () => {
  it('touching counts for every seed pair', () => {
    expect(c3d.intersects(sphere(v(0, 0, 0), 1), sphere(v(3, 0, 0), 2))).toBe(true);
    expect(c3d.intersects(sphere(v(0, 0, 0), 1), sphere(v(3.0000001, 0, 0), 2))).toBe(false);
    expect(c3d.intersects(aabb(v(0, 0, 0), v(1, 1, 1)), aabb(v(1, 1, 1), v(2, 2, 2)))).toBe(true);
    expect(c3d.intersects(aabb(v(0, 0, 0), v(1, 1, 1)), aabb(v(1.5, 0, 0), v(2, 1, 1)))).toBe(false);
    expect(c3d.intersects(sphere(v(0, 3, 0), 3), plane(v(0, 1, 0), 0))).toBe(true);
    expect(c3d.intersects(plane(v(0, 1, 0), 0), sphere(v(0, 3.5, 0), 3))).toBe(false);
    expect(c3d.intersects(segment(v(0, 1, 0), v(0, 3, 0)), plane(v(0, 1, 0), -1))).toBe(true);
  });

  it('obb–obb: separated only along an edge-edge axis', () => {
    // Unit-half-size cubes turned 45° about z and about x. With b at (-2.25, -1.5, 2.25) no face normal of either box
    // separates them (found by a search with an independent SAT in JS: the best face axis still overlaps by 0.055),
    // but the cross product of a z-edge of a and an x-edge of b separates them by 0.68.
    const c = Math.SQRT1_2;
    const aboutZ = [c, c, 0, -c, c, 0, 0, 0, 1];
    const aboutX = [1, 0, 0, 0, c, c, 0, -c, c];
    const a = obb(v(0, 0, 0), v(1, 1, 1), aboutZ);
    // Second method: sample b's solid on a grid and count samples inside a.
    const samplesInside = (center) => {
      let inside = 0;
      for (let i = -10; i <= 10; ++i) for (let j = -10; j <= 10; ++j) for (let k = -10; k <= 10; ++k) {
        const p = [i / 10, j / 10, k / 10];
        const world = [0, 1, 2].map((r) => center[r] + aboutX[r] * p[0] + aboutX[3 + r] * p[1] + aboutX[6 + r] * p[2]);
        const local = [0, 1, 2].map((col) => aboutZ[3 * col] * world[0] + aboutZ[3 * col + 1] * world[1] + aboutZ[3 * col + 2] * world[2]);
        if (local.every((x) => Math.abs(x) <= 1)) inside += 1;
      }
      return inside;
    };
    expect(samplesInside([-2.25, -1.5, 2.25])).toBe(0);
    expect(c3d.intersects(a, obb(v(-2.25, -1.5, 2.25), v(1, 1, 1), aboutX))).toBe(false);
    expect(samplesInside([-1.5, -1, 1.5])).toBeGreaterThan(0);
    expect(c3d.intersects(a, obb(v(-1.5, -1, 1.5), v(1, 1, 1), aboutX))).toBe(true);
  });

  it('triangle–triangle: crossing, touching at a vertex, coplanar', () => {
    const t1 = triangle(v(0, 0, 0), v(4, 0, 0), v(0, 4, 0));
    expect(c3d.intersects(t1, triangle(v(1, 1, -1), v(1, 1, 1), v(3, 3, 0)))).toBe(true);
    expect(c3d.intersects(t1, triangle(v(2, 2, 0), v(5, 5, 1), v(5, 5, -1)))).toBe(true); // vertex on the edge
    expect(c3d.intersects(t1, triangle(v(2.5, 2.5, 0), v(5, 5, 1), v(5, 5, -1)))).toBe(false);
    expect(c3d.intersects(t1, triangle(v(1, 1, 0), v(9, 1, 0), v(1, 9, 0)))).toBe(true);   // coplanar overlap
    expect(c3d.intersects(t1, triangle(v(3, 3, 0), v(9, 3, 0), v(3, 9, 0)))).toBe(false);  // coplanar disjoint
  });

  it('cylinder–triangle and ellipsoid–triangle: caps, sides, rims, flat ellipsoids', () => {
    // An upright cylinder of radius 1 from y = 0 to y = 2. A floor touching its bottom cap, and 2^-20 below it.
    const pole = cylinder(v(0, 0, 0), v(0, 2, 0), 1);
    const floor = (y) => triangle(v(-5, y, -5), v(5, y, -5), v(0, y, 5));
    expect(c3d.intersects(pole, floor(0))).toBe(true);
    expect(c3d.intersects(floor(-(2 ** -20)), pole)).toBe(false);
    // Walls at z = 0.5 (through it, every vertex outside), z = 1 (tangent to the side) and just beyond.
    const wall = (z) => triangle(v(-3, -1, z), v(3, -1, z), v(0, 3, z));
    expect(c3d.intersects(pole, wall(0.5))).toBe(true);
    expect(c3d.intersects(pole, wall(1))).toBe(true);
    expect(c3d.intersects(pole, wall(1 + 2 ** -20))).toBe(false);
    // The ellipse x²/4 + y² <= 1 in z = 0, rotated a quarter turn about z (its long axis along y): an upright
    // triangle crossing z = 0 at y = 1.9 (inside, x² <= 1 - 1.9²/4) and at y = 2.1 (outside).
    const quarter = [0, 1, 0, -1, 0, 0, 0, 0, 1];
    const disc = ellipsoid(v(0, 0, 0), v(2, 1, 0), quarter);
    expect(c3d.intersects(disc, triangle(v(-0.1, 1.9, -1), v(0.1, 1.9, -1), v(0, 1.9, 1)))).toBe(true);
    expect(c3d.intersects(triangle(v(-0.1, 2.1, -1), v(0.1, 2.1, -1), v(0, 2.1, 1)), disc)).toBe(false);
    expect(c3d.intersects(disc, triangle(v(-1, -1, 2 ** -30), v(1, -1, 2 ** -30), v(0, 1, 2 ** -30)))).toBe(false);
    // A solid ellipsoid with radii (3, 2, 1): a triangle at z = 1 touches its top, at z = 1 + 2^-20 it misses.
    const egg = ellipsoid(v(0, 0, 0), v(3, 2, 1), IDENTITY);
    expect(c3d.intersects(egg, floor(0))).toBe(true);
    expect(c3d.intersects(egg, triangle(v(-1, -1, 1), v(1, -1, 1), v(0, 1, 1)))).toBe(true);
    expect(c3d.intersects(egg, triangle(v(-1, -1, 1 + 2 ** -20), v(1, -1, 1 + 2 ** -20), v(0, 1, 1 + 2 ** -20)))).toBe(false);
  });

  it('frustum–sphere and frustum–aabb (conservative outside the corners)', () => {
    // The cube [-1, 1]^3 as a frustum with inward normals.
    const cube = { type: 'frustum', planes: [
      plane(v(1, 0, 0), 1), plane(v(-1, 0, 0), 1), plane(v(0, 1, 0), 1),
      plane(v(0, -1, 0), 1), plane(v(0, 0, 1), 1), plane(v(0, 0, -1), 1)] };
    expect(c3d.intersects(cube, sphere(v(2, 0, 0), 1))).toBe(true);
    expect(c3d.intersects(cube, sphere(v(2.5, 0, 0), 1))).toBe(false);
    expect(c3d.intersects(aabb(v(1, 1, 1), v(2, 2, 2)), cube)).toBe(true);
    expect(c3d.intersects(cube, point(v(0, 0, 1)))).toBe(true);
    // Beyond an edge: 0.8·√2 ≈ 1.13 > 1 from the cube's edge x = y = 1, so outside, yet no single plane has it
    // wholly behind it (0.8 < 1): the documented conservative answer.
    expect(c3d.intersects(cube, sphere(v(1.8, 1.8, 0), 1))).toBe(true);
  });
});

describe('classify', () => {
  it('point exactly on a plane with normal (3, 4, 12) is intersecting', () => {
    // 3*4 + 4*5 + 12*(-1) = 20, so constant -20 puts (4, 5, -1) on the plane.
    const p = plane(v(3, 4, 12), -20);
    expect(c3d.classify(p, point(v(4, 5, -1)))).toBe('intersecting');
    expect(c3d.classify(p, point(v(4, 5, 0)))).toBe('front');
    expect(c3d.classify(p, point(v(4, 5, -2)))).toBe('back');
  });

  it('epsilon widens the plane into a slab, in distance units', () => {
    const p = plane(v(0, 2, 0), 0); // y = 0 with |n| = 2
    const s = sphere(v(0, 1.5, 0), 1); // gap 0.5 above the plane
    expect(c3d.classify(p, s)).toBe('front');
    expect(c3d.classify(p, s, { epsilon: 0.5 })).toBe('intersecting');
    expect(c3d.classify(p, s, { epsilon: 0.49 })).toBe('front');
  });

  it('sphere, ellipsoid, triangle, aabb, obb, cylinder, capsule', () => {
    const p = plane(v(0, 0, 1), 0);
    expect(c3d.classify(p, sphere(v(0, 0, -3), 3))).toBe('intersecting');
    expect(c3d.classify(p, sphere(v(0, 0, -3.5), 3))).toBe('back');
    // Ellipsoid with radius 1 along z, rotated so its long axis (radius 5 along x) points along z: reaches z = 2 - 5.
    expect(c3d.classify(p, ellipsoid(v(0, 0, 2), v(5, 1, 1)))).toBe('front');
    expect(c3d.classify(p, ellipsoid(v(0, 0, 2), v(5, 1, 1), [0, 0, 1, 0, 1, 0, -1, 0, 0]))).toBe('intersecting');
    expect(c3d.classify(p, triangle(v(0, 0, 0), v(1, 0, 1), v(0, 1, 1)))).toBe('intersecting');
    expect(c3d.classify(p, aabb(v(-1, -1, 0.5), v(1, 1, 2)))).toBe('front');
    expect(c3d.classify(p, obb(v(0, 0, 1), v(1, 1, 1), IDENTITY))).toBe('intersecting');
    expect(c3d.classify(p, cylinder(v(0, 0, 2), v(0, 0, 5), 9))).toBe('front');
    // Tilted cylinder: its rim reaches radius * sin(90°) = 1 below the lowest axis end.
    expect(c3d.classify(p, cylinder(v(0, 0, 1), v(4, 0, 1), 1))).toBe('intersecting');
    expect(c3d.classify(p, capsule(v(0, 0, -2), v(0, 0, -5), 1.5))).toBe('back');
  });
});

describe('sweep', () => {
  it('sphere–plane from the front, from the back, already touching, moving away', () => {
    const ground = plane(v(0, 1, 0), 0);
    // Center at y = 5, radius 1, moving down 8: touches when y = 1, t = 4/8.
    expect(c3d.sweep(sphere(v(0, 5, 0), 1), v(0, -8, 0), ground)).toEqual({ t: 0.5, point: v(0, 0, 0), normal: v(0, 1, 0) });
    // From below: center y = -3, moving up 4: touches at y = -1, t = 2/4; normal points back down to the sphere.
    expect(c3d.sweep(sphere(v(2, -3, 0), 1), v(0, 4, 0), ground)).toEqual({ t: 0.5, point: v(2, 0, 0), normal: v(0, -1, 0) });
    expect(c3d.sweep(sphere(v(0, 0.5, 0), 1), v(0, 4, 0), ground)).toEqual({ t: 0, point: v(0, 0, 0), normal: v(0, 1, 0) });
    expect(c3d.sweep(sphere(v(0, 5, 0), 1), v(0, 4, 0), ground)).toBeNull();
    expect(c3d.sweep(sphere(v(0, 5, 0), 1), v(0, -3, 0), ground)).toBeNull(); // stops 1 short
  });
});

describe('intersection', () => {
  it('segment–plane: a point, or the whole segment', () => {
    const p = plane(v(0, 0, 1), -1);
    expect(c3d.intersection(segment(v(0, 0, 0), v(0, 0, 4)), p)).toEqual({ kind: 'point', point: v(0, 0, 1) });
    expect(c3d.intersection(segment(v(0, 0, 1), v(3, 0, 1)), p)).toEqual({ kind: 'segment', start: v(0, 0, 1), end: v(3, 0, 1) });
    expect(c3d.intersection(segment(v(0, 0, 2), v(3, 0, 4)), p)).toBeNull();
  });

  it('sphere–plane: the circle, or a point when tangent', () => {
    // Radius 5 at distance 3: circle radius 4 centred at the foot of the perpendicular.
    expect(c3d.intersection(sphere(v(1, 2, 3), 5), plane(v(0, 0, 2), 0)))
      .toEqual({ kind: 'circle', center: v(1, 2, 0), normal: v(0, 0, 1), radius: 4 });
    expect(c3d.intersection(sphere(v(1, 2, 3), 3), plane(v(0, 0, 1), 0))).toEqual({ kind: 'point', point: v(1, 2, 0) });
  });

  it('line–plane: a line lying in the plane', () => {
    expect(c3d.intersection(line(v(0, 0, 0), v(1, 1, 0)), plane(v(0, 0, 1), 0)))
      .toEqual({ kind: 'line', origin: v(0, 0, 0), direction: v(1, 1, 0) });
  });

  it('triangle–plane: segment, single vertex, coplanar', () => {
    const t = triangle(v(0, 0, -1), v(2, 0, 1), v(0, 2, 1));
    expect(c3d.intersection(t, plane(v(0, 0, 1), 0))).toEqual({ kind: 'segment', start: v(1, 0, 0), end: v(0, 1, 0) });
    expect(c3d.intersection(t, plane(v(0, 0, 1), 1))).toEqual({ kind: 'point', point: v(0, 0, -1) });
    expect(c3d.intersection(tri, plane(v(0, 0, 3), 0))).toEqual({ kind: 'coplanar' });
  });

  it('box–plane: the cross-section polygon, counter-clockwise around the normal', () => {
    // x + y + z = 3 through the centre of the cube [0, 2]^3: a regular hexagon through the edges' midpoints.
    const set = c3d.intersection(aabb(v(0, 0, 0), v(2, 2, 2)), plane(v(1, 1, 1), -3));
    expect(set.kind).toBe('polygon');
    expect(set.points).toHaveLength(6);
    for (const p of set.points) expect(p.x + p.y + p.z).toBe(3);
    expect(set.normal.x).toBeCloseTo(Math.sqrt(1 / 3), 15);
    // Counter-clockwise: every turn (b - a) x (c - b) points along the normal.
    const sub = (p, q) => v(p.x - q.x, p.y - q.y, p.z - q.z);
    set.points.forEach((a, k) => {
      const b = set.points[(k + 1) % 6], c = set.points[(k + 2) % 6];
      const e = sub(b, a), f = sub(c, b);
      const turn = v(e.y * f.z - e.z * f.y, e.z * f.x - e.x * f.z, e.x * f.y - e.y * f.x);
      expect(turn.x * set.normal.x + turn.y * set.normal.y + turn.z * set.normal.z).toBeGreaterThan(0);
    });
    // Touching only the corner (0, 0, 0): a point. A rotated box cut through its centre: a polygon.
    expect(c3d.intersection(plane(v(1, 1, 1), 0), aabb(v(0, 0, 0), v(2, 2, 2)))).toEqual({ kind: 'point', point: v(0, 0, 0) });
    expect(c3d.intersection(obb(v(0, 0, 0), v(1, 1, 1), [0.6, 0.8, 0, -0.8, 0.6, 0, 0, 0, 1]), plane(v(0, 0, 1), 0)).points)
      .toHaveLength(4);
  });

  it('triangle–triangle sharing an edge, coplanar one way by rounding, is coplanar both ways', () => {
    // Found by a review: the second's third vertex was computed to lie in the first's plane, so one triangle's
    // vertices are exactly on the other's plane and not the reverse; the set was once a point at the origin.
    const A = v(0.20805072784423828, 0.9094686806201935, 0.914425253868103);
    const C = v(0.9024755954742432, 0.8462860584259033, 0.10395073890686035);
    const t1 = triangle(A, v(0.05645263195037842, 0.9776224195957184, 0.8776676654815674), C);
    const t2 = triangle(A, v(0.48685825322941767, 0.8902298730292069, 0.5649328745031568), C);
    expect(c3d.intersection(t1, t2)).toEqual({ kind: 'coplanar' });
    expect(c3d.intersection(t2, t1)).toEqual({ kind: 'coplanar' });
    expect(c3d.intersects(t1, t2)).toBe(true);
  });

  it('triangle–triangle: the crossing segment, coplanar overlap', () => {
    // t2 stands in the plane x = 1 across t1 (z = 0): they share the segment x = 1, y in [0, 3] ∩ t2's span [0, 2].
    const t2 = triangle(v(1, 0, -1), v(1, 0, 1), v(1, 4, 0));
    const set = c3d.intersection(tri, t2);
    expect(set.kind).toBe('segment');
    const ends = [set.start, set.end].sort((p, q) => p.y - q.y);
    closeTo(ends[0], v(1, 0, 0));
    closeTo(ends[1], v(1, 3, 0));
    expect(c3d.intersection(tri, triangle(v(1, 1, 0), v(2, 1, 0), v(1, 2, 0)))).toEqual({ kind: 'coplanar' });
  });
});

describe('distance and closestPoints', () => {
  it('balls, capsules and segments: the cores\' distance less the radii', () => {
    // Centres 5 apart, radii 1 and 2: a gap of 2 along x.
    expect(c3d.closestPoints(sphere(v(0, 0, 0), 1), sphere(v(5, 0, 0), 2)))
      .toEqual({ pointA: v(1, 0, 0), pointB: v(3, 0, 0), distance: 2 });
    // Capsule along y (x = z = 0, y in [0, 4], r = 1) and a segment along z at x = 3, y = 2: cores 3 apart.
    expect(c3d.distance(capsule(v(0, 0, 0), v(0, 4, 0), 1), segment(v(3, 2, -1), v(3, 2, 1)))).toBe(2);
    // Overlapping: distance 0 and one common point.
    const touching = c3d.closestPoints(sphere(v(0, 0, 0), 2), sphere(v(3, 0, 0), 2));
    expect(touching.distance).toBe(0);
    expect(touching.pointA).toEqual(touching.pointB);
    expect(touching.pointA.x).toBeCloseTo(1.5, 12);
  });

  it('points and balls against boxes, triangles and planes; arguments in either order', () => {
    // (3, 0.5, 4) against the unit box: nearest corner-edge point (1, 0.5, 1), distance sqrt(4 + 9).
    expect(c3d.closestPoints(aabb(v(0, 0, 0), v(1, 1, 1)), point(v(3, 0.5, 4))))
      .toEqual({ pointA: v(1, 0.5, 1), pointB: v(3, 0.5, 4), distance: Math.sqrt(13) });
    expect(c3d.closestPoints(point(v(3, 0.5, 4)), aabb(v(0, 0, 0), v(1, 1, 1))))
      .toEqual({ pointA: v(3, 0.5, 4), pointB: v(1, 0.5, 1), distance: Math.sqrt(13) });
    // Above the triangle's face at height 3, radius 1: gap 2 straight down.
    expect(c3d.closestPoints(tri, sphere(v(1, 1, 3), 1)))
      .toEqual({ pointA: v(1, 1, 0), pointB: v(1, 1, 2), distance: 2 });
    // Beyond vertex b = (4, 0, 0): the vertex is nearest.
    expect(c3d.closestPoints(point(v(7, -4, 0)), tri).pointB).toEqual(v(4, 0, 0));
    // Plane 2y - 4 = 0 (y = 2) and a point at y = 5: distance 3.
    expect(c3d.distance(point(v(1, 5, 1)), plane(v(0, 2, 0), -4))).toBe(3);
  });

  it('segments and capsules against a triangle (a character capsule over a floor triangle)', () => {
    // The capsule's axis ends 3 above the face at (1, 1): 3 - radius 1 = 2.
    expect(c3d.closestPoints(capsule(v(1, 1, 3), v(1, 1, 5), 1), tri))
      .toEqual({ pointA: v(1, 1, 2), pointB: v(1, 1, 0), distance: 2 });
    expect(c3d.distance(tri, segment(v(1, 1, -1), v(1, 1, 1)))).toBe(0);
  });

  it('boxes: the per-axis gaps', () => {
    expect(c3d.distance(aabb(v(0, 0, 0), v(1, 1, 1)), aabb(v(4, 5, 0.5), v(6, 6, 2)))).toBe(5); // gaps 3, 4, 0
    expect(c3d.distance(aabb(v(0, 0, 0), v(1, 1, 1)), aabb(v(1, 1, 1), v(2, 2, 2)))).toBe(0);
  });

  it('agrees with intersects: distance 0 exactly when the shapes meet', () => {
    const pairs = [
      // Found by a review at touching positions: r^2 >= 2/3 exactly, so the ball reaches the line; and the capsule
      // falls 2^-53 short of the plane x + y = 1.
      [sphere(v(0, 0, 0), 0.816496580927726), line(v(1, 0, 0), v(1, 1, 1))],
      [capsule(v(0, 0, 0), v(0, 0, 1), 0.7071067811865475), plane(v(1, 1, 0), -1)],
      [capsule(v(0, 0, 0), v(0, 0, 1), 0.5), capsule(v(1, 0, 0), v(1, 0, 1), 0.5)],
      [capsule(v(0, 0, 0), v(0, 0, 1), 0.5), capsule(v(1.0000001, 0, 0), v(1, 0, 1), 0.5)],
      [sphere(v(0, 0, 0), 1), sphere(v(3, 0, 0), 2)],
      [sphere(v(0, 0, 0), 1), sphere(v(3.0000001, 0, 0), 2)],
      [sphere(v(3, 4, 7), 7), aabb(v(-1, -1, -1), v(1, 1, 1))],
      [sphere(v(3, 4, 7.000001), 7), aabb(v(-1, -1, -1), v(1, 1, 1))],
      [segment(v(0, 1, 0), v(0, 3, 0)), plane(v(0, 1, 0), -1)],
      [segment(v(0, 1.5, 0), v(0, 3, 0)), plane(v(0, 1, 0), -1)],
    ];
    for (const [a, b] of pairs) expect(c3d.distance(a, b) === 0).toBe(c3d.intersects(a, b));
  });
});

describe('contact', () => {
  it('overlapping spheres: the normal from a to b, depth, and the points the push brings together', () => {
    // Centres 3 apart, radii 2 and 2: overlap 1 along +x.
    expect(c3d.contact(sphere(v(0, 0, 0), 2), sphere(v(3, 0, 0), 2)))
      .toEqual({ normal: v(1, 0, 0), depth: 1, pointA: v(2, 0, 0), pointB: v(1, 0, 0) });
    expect(c3d.contact(sphere(v(3, 0, 0), 2), sphere(v(0, 0, 0), 2)))
      .toEqual({ normal: v(-1, 0, 0), depth: 1, pointA: v(1, 0, 0), pointB: v(2, 0, 0) });
    expect(c3d.contact(sphere(v(0, 0, 0), 1), sphere(v(3, 0, 0), 2)))
      .toEqual({ normal: v(1, 0, 0), depth: 0, pointA: v(1, 0, 0), pointB: v(1, 0, 0) });
    expect(c3d.contact(sphere(v(0, 0, 0), 1), sphere(v(3.5, 0, 0), 2))).toBeNull();
  });

  it('a sphere against a box, from outside and from inside', () => {
    const box = aabb(v(0, 0, 0), v(2, 2, 2));
    // Centre 0.5 above the top face, radius 1: overlap 0.5; the box pushes the sphere up.
    expect(c3d.contact(box, sphere(v(1, 1, 2.5), 1)))
      .toEqual({ normal: v(0, 0, 1), depth: 0.5, pointA: v(1, 1, 2), pointB: v(1, 1, 1.5) });
    // Centre inside, 0.5 below the top face: out through the top, 0.5 + 1.
    expect(c3d.contact(sphere(v(1, 1, 1.5), 1), box))
      .toEqual({ normal: v(0, 0, -1), depth: 1.5, pointA: v(1, 1, 0.5), pointB: v(1, 1, 2) });
  });

  it('two boxes: the axis with the shortest push', () => {
    // x: push b up 2 - 1.5 = 0.5; y and z: 1. The x push wins.
    expect(c3d.contact(aabb(v(0, 0, 0), v(2, 2, 2)), aabb(v(1.5, 0.5, 0.5), v(4, 1, 1))))
      .toEqual({ normal: v(1, 0, 0), depth: 0.5, pointA: v(2, 0.75, 0.75), pointB: v(1.5, 0.75, 0.75) });
    expect(c3d.contact(aabb(v(0, 0, 0), v(1, 1, 1)), aabb(v(2, 0, 0), v(3, 1, 1)))).toBeNull();
  });

  it('capsules on one line, and a sphere on a capsule\'s axis: pushed apart sideways', () => {
    // Found by a review: the cores overlap, and the normal once came from rounding noise along the shared axis.
    const a = capsule(v(0, 0, 0), v(1, 1, 1), 0.5);
    for (const b of [capsule(v(0.2, 0.2, 0.2), v(0.4, 0.4, 0.4), 0.5), sphere(v(0.1, 0.1, 0.1), 0.25)]) {
      const hit = c3d.contact(a, b);
      const n = hit.normal;
      expect(Math.abs(n.x + n.y + n.z)).toBeLessThan(1e-12); // perpendicular to the axis (1, 1, 1)
      expect(hit.depth).toBe(b.radius + 0.5);
      const d = hit.depth * (1 + 1e-9);
      const moved = b.type === 'sphere'
        ? sphere(v(b.center.x + n.x * d, b.center.y + n.y * d, b.center.z + n.z * d), b.radius)
        : capsule(v(b.start.x + n.x * d, b.start.y + n.y * d, b.start.z + n.z * d),
          v(b.end.x + n.x * d, b.end.y + n.y * d, b.end.z + n.z * d), b.radius);
      expect(c3d.intersects(a, moved)).toBe(false);
      expect(c3d.distance(a, moved)).toBeGreaterThan(0);
    }
  });

  it('capsules crossing: pushed apart perpendicular to both axes by the sum of the radii', () => {
    const hit = c3d.contact(capsule(v(-2, 0, 0), v(2, 0, 0), 1), capsule(v(0, -2, 0), v(0, 2, 0), 0.5));
    expect(hit.depth).toBe(1.5);
    expect(Math.abs(hit.normal.z)).toBe(1);
  });
});

describe('normals and directions of extreme length', () => {
  // Only their direction matters (a plane's (n, d) scaled together, a ray's direction for hit/miss), so lengths at
  // the edges of the numbers' range (2^-126 and 2^126, whose squares leave float32's range) give the same answers as
  // unit ones; beyond the range they are refused (README, Precision: "Range").
  const LARGE = 2 ** 126, SMALL = 2 ** -126;

  it('planes with normals of length 2^126 and 2^-126', () => {
    const ball = sphere(v(0, 0, 5), 1);
    expect(c3d.classify(plane(v(0, 0, LARGE), 0), ball)).toBe('front');
    const down = ray(v(0, 0, 5), v(0, 0, -1));
    expect(c3d.raycast(down, plane(v(0, 0, LARGE), 0))).toEqual({ t: 5, point: v(0, 0, 0), normal: v(0, 0, 1) });
    expect(c3d.raycast(down, plane(v(0, 0, SMALL), 0))).toEqual({ t: 5, point: v(0, 0, 0), normal: v(0, 0, 1) });
    expect(c3d.sweep(ball, v(0, 0, -10), plane(v(0, 0, LARGE), 0))).toEqual({ t: 0.4, point: v(0, 0, 0), normal: v(0, 0, 1) });
    expect(c3d.orthonormalBasis(v(0, 0, SMALL)).w).toEqual(v(0, 0, 1));
    expect(c3d.orthonormalBasis(v(0, 0, LARGE)).w).toEqual(v(0, 0, 1));
    expect(() => c3d.raycast(down, plane(v(0, 0, 1e160), 0))).toThrow(RangeError);
    expect(() => c3d.orthonormalBasis(v(0, 0, 1e-170))).toThrow(RangeError);
  });

  it('rays with directions of length 2^126 and 2^-126 against spheres and cylinders', () => {
    const ball = sphere(v(0, 0, 0), 1);
    expect(c3d.intersects(ray(v(5, 0, 0), v(LARGE, 0, 0)), ball)).toBe(false); // pointing away
    expect(c3d.raycast(ray(v(5, 0, 0), v(-LARGE, 0, 0)), ball).t).toBe(4 * SMALL);
    expect(c3d.intersects(ray(v(5, 0, 0), v(-SMALL, 0, 0)), ball)).toBe(true);
    const can = cylinder(v(0, 0, 0), v(0, 0, 4), 1);
    expect(c3d.raycast(ray(v(5, 0, 2), v(-LARGE, 0, 0)), can).t).toBe(4 * SMALL);
    expect(c3d.intersects(ray(v(5, 0, 2), v(-SMALL, 0, 0)), can)).toBe(true);
    expect(() => c3d.intersects(ray(v(5, 0, 2), v(-1e-165, 0, 0)), can)).toThrow(RangeError);
  });
});

describe('separatingAxis', () => {
  it('two boxes apart along x: the face normal from a to b, and the gap', () => {
    const a = aabb(v(0, 0, 0), v(1, 1, 1)), b = aabb(v(3, 0.5, 0), v(4, 2, 1));
    expect(c3d.separatingAxis(a, b)).toEqual({ axis: v(1, 0, 0), gap: 2 });
    expect(c3d.separatingAxis(b, a)).toEqual({ axis: v(-1, 0, 0), gap: 2 });
    // Touching at a face: no separating axis, as intersects says.
    expect(c3d.separatingAxis(a, aabb(v(1, 0, 0), v(2, 1, 1)))).toBeNull();
  });

  it('an oriented box turned 45° about z: its own face normal separates it', () => {
    // Half size 1 turned 45° about z, centred at (2.5 + √2, 0, 0): its extent along x is √2, so it starts at
    // x = 2.5, 1.5 beyond the unit cube. Along its own face normal n = (√½, √½, 0) the cube ends at 2√½ = √2 and the
    // box starts at (2.5 + √2)√½ - 1: a gap of about 0.35, so x, with 1.5, is the widest.
    const h = Math.SQRT1_2;
    const box = obb(v(2.5 + Math.SQRT2, 0, 0), v(1, 1, 1), [h, h, 0, -h, h, 0, 0, 0, 1]);
    const found = c3d.separatingAxis(aabb(v(0, 0, 0), v(1, 1, 1)), box);
    const faceGap = (2.5 + Math.SQRT2) * h - 1 - Math.SQRT2;
    expect(faceGap).toBeCloseTo(0.3536, 4);
    expect(found.axis.x).toBeCloseTo(1, 12);
    expect(found.gap).toBeCloseTo(1.5, 12);
  });

  it('is null exactly when the boxes intersect', () => {
    const random = mulberry32(9);
    for (let i = 0; i < 2000; ++i) {
      const a = aabb(v(random() * 4, random() * 4, random() * 4), v(4 + random() * 2, 4 + random() * 2, 4 + random() * 2));
      const c = v(random() * 12 - 2, random() * 12 - 2, random() * 12 - 2);
      const angle = random() * Math.PI;
      const b = obb(c, v(0.5 + random(), 0.5 + random(), 0.5 + random()),
        [Math.cos(angle), Math.sin(angle), 0, -Math.sin(angle), Math.cos(angle), 0, 0, 0, 1]);
      expect(c3d.separatingAxis(a, b) === null).toBe(c3d.intersects(a, b));
    }
  });
});

describe('orthonormalBasis', () => {
  it('is right-handed with w the input normalised', () => {
    const { u, v: vv, w } = c3d.orthonormalBasis(v(0, 3, 4));
    closeTo(w, v(0, 0.6, 0.8), 15);
    const cross = (a, b) => v(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
    const dot = (a, b) => a.x * b.x + a.y * b.y + a.z * b.z;
    closeTo(cross(u, vv), w, 15);
    expect(dot(u, vv)).toBeCloseTo(0, 15);
    expect(dot(u, u)).toBeCloseTo(1, 15);
  });
});
