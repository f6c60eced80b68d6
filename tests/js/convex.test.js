// The convex shape through the package: ConvexHull's arrays on a cube, a tetrahedron and a flat square; the exact
// cells (triangle, point, ray, line, segment, plane, frustum; the mesh) with answers derived by hand, on touching
// cases; a plain { type: 'convex', points } hulled per call; errors; dispose; the heap flat over many hulls.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { frustumOfBox, line, plane, point, ray, segment, triangle, v } from './helpers.js';

let c3d, module;
beforeAll(async () => {
  c3d = await init();
  module = c3d[Symbol.for('collide3d.module')];
});

const CUBE = [v(0, 0, 0), v(1, 0, 0), v(0, 1, 0), v(1, 1, 0), v(0, 0, 1), v(1, 0, 1), v(0, 1, 1), v(1, 1, 1)];
const above = (x) => x + Number.EPSILON * x;  // the next double up, for x in [1, 2)

// The vertex coordinates of a hull as [x, y, z] triples.
const corners = (hull) => Array.from({ length: hull.vertices.length / 3 }, (_, i) => Array.from(hull.vertices.subarray(3 * i, 3 * i + 3)));

describe('ConvexHull', () => {
  it('of a cube with points inside and on its faces: 8 vertices, 6 square faces, 12 triangles', () => {
    const points = [v(0.5, 0.5, 0.5), ...CUBE, v(0.5, 0.5, 0), v(1, 0.5, 0.5), v(0, 0, 0)];
    const hull = new c3d.ConvexHull(points);
    expect(hull.type).toBe('convex');
    expect(hull.dimension).toBe(3);
    const vertices = corners(hull);
    expect(vertices.length).toBe(8);
    // Each vertex is the input point its sourceIndex names (the first of the two equal origins: index 1).
    hull.sourceIndex.forEach((source, i) => expect(vertices[i]).toEqual([points[source].x, points[source].y, points[source].z]));
    expect([...hull.sourceIndex].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(hull.faces.length).toBe(6);
    expect(hull.triangles.length).toBe(36);
    for (const face of hull.faces) {
      expect(face).toBeInstanceOf(Uint32Array);
      expect(face.length).toBe(4);
      // Counter-clockwise from outside: (b - a) x (c - a) points away from the centre.
      const [a, b, c] = [...face].slice(0, 3).map((k) => vertices[k]);
      const n = [(b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]),
        (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]),
        (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])];
      expect(n[0] * (a[0] - 0.5) + n[1] * (a[1] - 0.5) + n[2] * (a[2] - 0.5)).toBeGreaterThan(0);
    }
    hull.dispose();
  });

  it('of a tetrahedron from a Float64Array, and the same from a Float32Array', () => {
    const xyz = [0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2];
    for (const Type of [Float64Array, Float32Array]) {
      const hull = new c3d.ConvexHull(new Type(xyz));
      expect(hull.dimension).toBe(3);
      expect(Array.from(hull.vertices).sort()).toEqual([...xyz].sort());
      expect(hull.faces.map((f) => f.length)).toEqual([3, 3, 3, 3]);
      expect(hull.triangles.length).toBe(12);
      hull.dispose();
    }
  });

  it('of a flat square: two faces, its polygon both ways; a segment; a point', () => {
    const square = new c3d.ConvexHull([v(0, 0, 0), v(1, 0, 0), v(1, 1, 0), v(0, 1, 0), v(0.5, 0.5, 0)]);
    expect(square.dimension).toBe(2);
    const [front, back] = square.faces;
    expect(square.faces.length).toBe(2);
    expect(front.length).toBe(4);
    expect([...back].sort()).toEqual([...front].sort());
    // The reverse cycle: the same corners, each face's successor the other's predecessor.
    const next = (face, k) => face[(face.indexOf(k) + 1) % face.length];
    for (const k of front) expect(next(back, next(front, k))).toBe(k);
    expect(square.triangles.length).toBe(12);  // 2 per face
    const segmentHull = new c3d.ConvexHull([v(0, 0, 0), v(2, 0, 0), v(1, 0, 0)]);
    expect(segmentHull.dimension).toBe(1);
    expect(corners(segmentHull).sort()).toEqual([[0, 0, 0], [2, 0, 0]]);
    expect(segmentHull.faces).toEqual([]);
    expect(segmentHull.triangles.length).toBe(0);
    const pointHull = new c3d.ConvexHull([v(3, 4, 5), v(3, 4, 5)]);
    expect(pointHull.dimension).toBe(0);
    expect(Array.from(pointHull.vertices)).toEqual([3, 4, 5]);
    expect(Array.from(pointHull.sourceIndex)).toEqual([0]);
    for (const hull of [square, segmentHull, pointHull]) hull.dispose();
  });

  it('refuses bad points with errors that name them', () => {
    expect(() => new c3d.ConvexHull([])).toThrow(new RangeError('collide3d.ConvexHull: points must hold at least one point'));
    expect(() => new c3d.ConvexHull([v(0, 0, 0), v(1, NaN, 0)]))
      .toThrow(new TypeError('collide3d.ConvexHull: points[1].y must be a finite number (got NaN)'));
    expect(() => new c3d.ConvexHull(new Float64Array([0, 0, 0, 1, 2, Infinity])))
      .toThrow(new TypeError('collide3d.ConvexHull: points[5] must be a finite number (got Infinity)'));
    expect(() => new c3d.ConvexHull([v(0, 0, 1e300)])).toThrow(RangeError);
    expect(() => new c3d.ConvexHull(new Float32Array(4))).toThrow(new RangeError('collide3d.ConvexHull: points.length must be a multiple of 3 (got 4)'));
    expect(() => new c3d.ConvexHull('points')).toThrow(TypeError);
    expect(() => new c3d.ConvexHull([v(0, 0, 0), 7])).toThrow(new TypeError('collide3d.ConvexHull: points[1] must be a vector {x, y, z} (got 7)'));
  });

  it('is refused once disposed, by its own properties and by queries', () => {
    const hull = new c3d.ConvexHull(CUBE);
    hull.dispose();
    hull.dispose();  // again: nothing
    expect(() => hull.vertices).toThrow('collide3d.ConvexHull.vertices: the hull was disposed');
    expect(() => c3d.intersects(point(v(0, 0, 0)), hull)).toThrow('collide3d.intersects: b was disposed');
    expect(() => c3d.classify(plane(v(0, 0, 1), 0), hull)).toThrow('collide3d.classify: shape was disposed');
  });
});

describe('convex queries', () => {
  let cube;
  beforeAll(() => { cube = new c3d.ConvexHull(CUBE); });

  it('triangles: touching a vertex, an edge, a face, coplanar, inside, and one ulp apart', () => {
    // At the corner (1, 1, 1), the rest beyond it.
    expect(c3d.intersects(triangle(v(1, 1, 1), v(2, 3, 2), v(3, 2, 2)), cube)).toBe(true);
    expect(c3d.intersects(triangle(v(above(1), 1, 1), v(2, 3, 2), v(3, 2, 2)), cube)).toBe(false);
    // Across the edge x = 1, z = 1 at y = 0.5 only (its vertex there, the rest beyond x + z = 2).
    expect(c3d.intersects(cube, triangle(v(1, 0.5, 1), v(2, 0, 2), v(2, 1, 2)))).toBe(true);
    expect(c3d.intersects(cube, triangle(v(1, 0.5, above(1)), v(2, 0, 2), v(2, 1, 2)))).toBe(false);
    // In the face's plane z = 1, overlapping it; beside it.
    expect(c3d.intersects(triangle(v(0.5, 0.5, 1), v(3, 0.5, 1), v(0.5, 3, 1)), cube)).toBe(true);
    expect(c3d.intersects(triangle(v(above(1), 0, 1), v(3, 0, 1), v(3, 3, 1)), cube)).toBe(false);
    // Wholly inside.
    expect(c3d.intersects(triangle(v(0.2, 0.2, 0.2), v(0.3, 0.2, 0.2), v(0.2, 0.3, 0.2)), cube)).toBe(true);
  });

  it('points, rays, lines and segments', () => {
    expect(c3d.intersects(point(v(1, 0.5, 0.5)), cube)).toBe(true);  // on a face
    expect(c3d.intersects(point(v(above(1), 0.5, 0.5)), cube)).toBe(false);
    expect(c3d.intersects(ray(v(2, 0.5, 0.5), v(-1, 0, 0)), cube)).toBe(true);
    expect(c3d.intersects(ray(v(2, 0.5, 0.5), v(1, 0, 0)), cube)).toBe(false);
    expect(c3d.intersects(line(v(2, 0.5, 0.5), v(1, 0, 0)), cube)).toBe(true);
    expect(c3d.intersects(ray(v(0.5, 0.5, 0.5), v(0, 1, 0)), cube)).toBe(true);  // from inside
    // Along the edge y = 0, z = 1; one ulp above it.
    expect(c3d.intersects(ray(v(-1, 0, 1), v(1, 0, 0)), cube)).toBe(true);
    expect(c3d.intersects(ray(v(-1, 0, above(1)), v(1, 0, 0)), cube)).toBe(false);
    expect(c3d.intersects(segment(v(2, 2, 2), v(1, 1, 1)), cube)).toBe(true);
    expect(c3d.intersects(segment(v(2, 2, 2), v(above(1), 1, 1)), cube)).toBe(false);
    expect(c3d.intersects(segment(v(0.1, 0.1, 0.1), v(0.2, 0.2, 0.2)), cube)).toBe(true);
  });

  it('planes and frustums', () => {
    expect(c3d.classify(plane(v(0, 0, 1), -1), cube)).toBe('intersecting');  // z = 1, a face
    expect(c3d.classify(plane(v(0, 0, 1), -above(1)), cube)).toBe('back');
    expect(c3d.classify(plane(v(1, 1, 1), 0), cube)).toBe('intersecting');   // through the corner (0, 0, 0)
    expect(c3d.classify(plane(v(1, 1, 1), 1e-9), cube)).toBe('front');
    expect(c3d.classify(plane(v(0, 0, 1), -2), cube, { epsilon: 1 })).toBe('intersecting');
    expect(c3d.classify(plane(v(0, 0, 1), -2), cube, { epsilon: 0.5 })).toBe('back');
    expect(c3d.intersects(plane(v(1, 0, 0), -1), cube)).toBe(true);
    expect(c3d.intersects(cube, plane(v(1, 0, 0), -2))).toBe(false);
    expect(c3d.intersects(frustumOfBox(v(1, 1, 1), v(2, 2, 2)), cube)).toBe(true);  // sharing the corner
    expect(c3d.intersects(frustumOfBox(v(above(1), 0, 0), v(2, 2, 2)), cube)).toBe(false);
  });

  it('a TriangleMesh (float32 positions) takes it: touching and one ulp apart', () => {
    const mesh = new c3d.TriangleMesh(new Float64Array([1, 1, 1, 2, 3, 2, 3, 2, 2, 5, 5, 5, 6, 5, 5, 5, 6, 5]));
    expect(mesh.intersects(cube)).toBe(true);
    const apart = new c3d.TriangleMesh(new Float64Array([1 + 2 ** -23, 1, 1, 2, 3, 2, 3, 2, 2]));  // float32's next
    expect(apart.intersects(cube)).toBe(false);
    expect(mesh.intersects({ type: 'convex', points: [v(5, 5, 5), v(7, 7, 7), v(7, 5, 7)] })).toBe(true);
    mesh.dispose();
    apart.dispose();
  });

  it('a plain { type, points } shape gives the answers its ConvexHull gives', () => {
    const plain = { type: 'convex', points: CUBE };
    const xyz = { type: 'convex', points: new Float32Array(CUBE.flatMap((p) => [p.x, p.y, p.z])) };
    const probes = [triangle(v(1, 1, 1), v(2, 3, 2), v(3, 2, 2)), triangle(v(above(1), 1, 1), v(2, 3, 2), v(3, 2, 2)),
      point(v(0.5, 1, 0)), ray(v(2, 0.5, 0.5), v(1, 0, 0)), line(v(2, 0.5, 0.5), v(1, 0, 0)),
      plane(v(0, 0, 1), -1), segment(v(2, 2, 2), v(1, 1, 1))];
    for (const probe of probes) {
      const expected = c3d.intersects(probe, cube);
      expect(c3d.intersects(probe, plain)).toBe(expected);
      expect(c3d.intersects(xyz, probe)).toBe(expected);
    }
    // Both arguments hulled in one call.
    expect(c3d.intersects({ type: 'convex', points: [v(1, 1, 1), v(2, 2, 2), v(2, 1, 2)] }, triangle(v(1, 1, 1), v(0, 0, 0), v(1, 0, 0)))).toBe(true);
    expect(c3d.classify(plane(v(0, 0, 1), -1), plain)).toBe('intersecting');
  });

  it('names a plain shape\'s bad point, and an unsupported pair, as for any shape', () => {
    expect(() => c3d.intersects(point(v(0, 0, 0)), { type: 'convex', points: [v(0, 0, 0), v(1, 1, 1), v(0, 1, 0), v(1, NaN, 0)] }))
      .toThrow(new TypeError('collide3d.intersects: b.points[3].y must be a finite number (got NaN)'));
    expect(() => c3d.intersects({ type: 'convex', points: [] }, point(v(0, 0, 0))))
      .toThrow(new RangeError('collide3d.intersects: a.points must hold at least one point'));
    expect(() => c3d.intersects({ type: 'convex' }, point(v(0, 0, 0)))).toThrow(TypeError);
    expect(() => c3d.intersects({ type: 'convex', hull: 8 }, point(v(0, 0, 0)))).toThrow('a.points');  // no address from users
  });

  it('frees the hull made for one argument when the other\'s cannot be made, and forgets a thrown call\'s points', () => {
    const probe = triangle(v(1, 1, 1), v(2, 3, 2), v(3, 2, 2));
    const shape = { type: 'convex', points: CUBE }, far = { type: 'convex', points: CUBE.map((p) => v(p.x + 5, p.y, p.z)) };
    expect(c3d.intersects(shape, far)).toBe(false);
    const before = module.heapBytesInUse();
    // The second hull's block cannot be had: the call throws, and the first hull is freed.
    const malloc = module._malloc;
    let calls = 0;
    module._malloc = (bytes) => (++calls === 2 ? 0 : malloc(bytes));
    try {
      expect(() => c3d.intersects(shape, far)).toThrow(new RangeError('collide3d.intersects: b.points needs more memory than the wasm heap can give'));
    } finally {
      module._malloc = malloc;
    }
    expect(calls).toBe(2);
    expect(module.heapBytesInUse()).toBe(before);
    // A call that throws once the first argument's points were read leaves nothing for the next call to hull.
    expect(() => c3d.intersects(shape, { type: 'sphere', center: v(0, 0, 0), radius: 'one' })).toThrow(TypeError);
    expect(c3d.intersects(probe, shape)).toBe(true);
    expect(c3d.intersects(point(v(7, 0, 0)), far)).toBe(false);
    expect(module.heapBytesInUse()).toBe(before);
  });

  it('keeps the heap flat over 100,000 hulls made per call and 1,000 built and disposed, throwing or not', () => {
    const probe = triangle(v(1, 1, 1), v(2, 3, 2), v(3, 2, 2));
    const shape = { type: 'convex', points: CUBE };
    c3d.intersects(probe, shape);  // the builder's scratch, kept between builds
    const before = module.heapBytesInUse();
    let meetings = 0;
    for (let i = 0; i < 100000; ++i) meetings += c3d.intersects(probe, shape);
    expect(meetings).toBe(100000);
    for (let i = 0; i < 1000; ++i) {
      new c3d.ConvexHull(CUBE).dispose();
      // A query that throws after the hull was made: the pair is unsupported.
      expect(() => c3d.intersection(shape, { type: 'convex', points: CUBE })).toThrow('is not supported');
    }
    expect(module.heapBytesInUse()).toBe(before);
  });
});
