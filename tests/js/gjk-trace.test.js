// gjkTrace through the package: GJK's steps and EPA's polytopes on pairs whose answers are known by hand, every
// recorded step checked from its own parts (support points against the shapes' corners, weights rebuilding the
// nearest point, bounds bracketing the distance, each polytope a closed surface whose nearest face is the one
// named), agreement with distance() and contact(), errors, and the heap flat over many traces.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { aabb, capsule, plane, sphere, v } from './helpers.js';

let c3d, module;
beforeAll(async () => {
  c3d = await init();
  module = c3d[Symbol.for('collide3d.module')];
});

const sub = (p, q) => v(p.x - q.x, p.y - q.y, p.z - q.z);
const dot = (p, q) => p.x * q.x + p.y * q.y + p.z * q.z;
const cross = (p, q) => v(p.y * q.z - p.z * q.y, p.z * q.x - p.x * q.z, p.x * q.y - p.y * q.x);
const length = (p) => Math.sqrt(dot(p, p));
const cube = (c, h) => aabb(v(c.x - h, c.y - h, c.z - h), v(c.x + h, c.y + h, c.z + h));
const cornersOf = (box) => Array.from({ length: 8 }, (_, i) =>
  v(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z));
const farthest = (points, d) => Math.max(...points.map((p) => dot(p, d)));

// What every GJK step must satisfy for boxes a and b at distance `distance`.
function expectStepsHold(trace, a, b, distance) {
  expect(trace.steps[0].direction).toEqual(v(0, 0, 0));
  let lastUpper = Infinity;
  trace.steps.forEach((step, k) => {
    expect(step.support.point).toEqual(sub(step.support.onA, step.support.onB));
    if (k > 0) {
      expect(dot(step.support.onA, step.direction)).toBe(farthest(cornersOf(a), step.direction));
      expect(dot(step.support.onB, step.direction)).toBe(-farthest(cornersOf(b), v(-step.direction.x, -step.direction.y, -step.direction.z)));
    }
    const rebuilt = step.simplex.reduce((sum, vertex, i) => v(sum.x + vertex.point.x * step.weights[i],
      sum.y + vertex.point.y * step.weights[i], sum.z + vertex.point.z * step.weights[i]), v(0, 0, 0));
    expect(length(sub(rebuilt, step.closest))).toBeLessThan(1e-14);
    expect(step.weights.reduce((s, w) => s + w, 0)).toBeCloseTo(1, 14);
    expect(step.upper).toBeCloseTo(length(step.closest), 15);
    expect(step.upper).toBeLessThanOrEqual(lastUpper);
    expect(step.lower).toBeLessThanOrEqual(distance);
    expect(step.upper).toBeGreaterThanOrEqual(distance);
    lastUpper = step.upper;
  });
}

describe('gjkTrace', () => {
  it('converges on two boxes 1 apart, bounds bracketing the gap, as distance() says', () => {
    const a = cube(v(0, 0, 0), 1), b = cube(v(3, 0.5, 0), 1);
    const trace = c3d.gjkTrace(a, b);
    expectStepsHold(trace, a, b, 1);
    expect(['converged', 'repeated']).toContain(trace.stop);
    expect(trace.distance).toBe(1);
    expect(trace.distance).toBe(c3d.distance(a, b));
    expect(trace.steps.at(-1).upper).toBe(1);
    expect(trace).toMatchObject({ meets: false, contact: null, epa: null, radiusA: 0, radiusB: 0 });
    expect(trace.pointA.x).toBe(1);
    expect(trace.pointB.x).toBe(2);
  });

  it('reaches the origin on overlapping boxes, then EPA grows a closed polytope to the depth 0.5', () => {
    const a = cube(v(0, 0, 0), 1), b = cube(v(1.5, 0.25, 0.125), 1);
    const trace = c3d.gjkTrace(a, b);
    expectStepsHold(trace, a, b, 0);
    expect(trace.stop).toBe('origin');
    expect(trace.meets).toBe(true);
    expect(trace.contact.depth).toBeCloseTo(0.5, 12);
    expect(trace.contact.normal.x).toBeCloseTo(1, 12);
    expect(trace.contact.depth).toBeCloseTo(c3d.contact(a, b).depth, 12);
    const { vertices, steps } = trace.epa;
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      // Closed and consistently oriented: every directed edge once, its reverse once.
      const edges = new Map();
      for (const face of step.faces) {
        face.forEach((i, k) => {
          const key = `${i},${face[(k + 1) % 3]}`;
          edges.set(key, (edges.get(key) ?? 0) + 1);
        });
      }
      for (const [key, count] of edges) {
        expect(count).toBe(1);
        expect(edges.get(key.split(',').reverse().join(','))).toBe(1);
      }
      // Each face's plane: every vertex behind it; the nearest face named is the least distance from the origin.
      const distances = step.faces.map(([i, j, k]) => {
        const p = vertices[i].point, n = cross(sub(vertices[j].point, p), sub(vertices[k].point, p));
        for (let m = 0; m < step.vertexCount; ++m) expect(dot(n, sub(vertices[m].point, p)) / length(n)).toBeLessThan(1e-12);
        return dot(n, p) / length(n);
      });
      expect(step.distance).toBeCloseTo(Math.min(...distances), 14);
      expect(distances[step.nearest]).toBeCloseTo(step.distance, 14);
    }
    expect(steps.at(-1).depth).toBeCloseTo(0.5, 12);
  });

  it('runs on the cores and reports the radii that grow them: a sphere and a capsule', () => {
    // The sphere's core is its centre, the capsule's its segment x = 3, y in [0, 2]: the cores are 3 apart, the
    // shapes 3 - 1 - 0.5 = 1.5.
    const a = sphere(v(0, 0, 0), 1), b = capsule(v(3, 0, 0), v(3, 2, 0), 0.5);
    const trace = c3d.gjkTrace(a, b);
    expect(trace).toMatchObject({ radiusA: 1, radiusB: 0.5, distance: 3, meets: false, epa: null });
    expect(trace.distance - trace.radiusA - trace.radiusB).toBe(c3d.distance(a, b));
    // Grown to meet (radius 2.75): the contact along GJK's direction, no polytope (the cores are apart).
    const meeting = c3d.gjkTrace(sphere(v(0, 0, 0), 2.75), b);
    expect(meeting.meets).toBe(true);
    expect(meeting.contact.depth).toBeCloseTo(0.25, 15);
    expect(meeting.epa).toBe(null);
  });

  it('takes convex hulls, built once or per call, freeing what it made', () => {
    const tetrahedron = [v(0, 0, 0), v(1, 0, 0), v(0, 1, 0), v(0, 0, 1)];
    const hull = new c3d.ConvexHull(tetrahedron);
    const box = cube(v(2.5, 0, 0), 0.5);  // its face x = 2 is 1 from the tetrahedron's corner (1, 0, 0)
    const bytes = module.heapBytesInUse();
    expect(c3d.gjkTrace(hull, box).distance).toBe(1);
    expect(c3d.gjkTrace({ type: 'convex', points: tetrahedron }, box).distance).toBe(1);
    expect(module.heapBytesInUse()).toBe(bytes);
    hull.dispose();
  });

  it('refuses shapes that are not solids, and bad fields, naming them', () => {
    const box = cube(v(0, 0, 0), 1);
    expect(() => c3d.gjkTrace(plane(v(0, 1, 0), 0), box)).toThrow(new RangeError("collide3d.gjkTrace: a.type must be a " +
      "solid: 'point', 'segment', 'triangle', 'sphere', 'capsule', 'cylinder', 'cone', 'ellipsoid', 'aabb', 'obb' or " +
      "'convex' (got 'plane')"));
    expect(() => c3d.gjkTrace(box, sphere(v(0, 0, NaN), 1)))
      .toThrow(new TypeError('collide3d.gjkTrace: b.center.z must be a finite number (got NaN)'));
    expect(() => c3d.gjkTrace(box, { type: 'pyramid' })).toThrow(TypeError);
  });

  it('keeps the heap flat over 20,000 traces', () => {
    const a = cube(v(0, 0, 0), 1), b = cube(v(1.5, 0.25, 0.125), 1);
    c3d.gjkTrace(a, b);
    const bytes = module.heapBytesInUse();
    for (let i = 0; i < 20000; ++i) c3d.gjkTrace(a, i % 2 === 0 ? b : cube(v(3, 0.5, i * 1e-4), 1));
    expect(module.heapBytesInUse()).toBe(bytes);
  });
});
