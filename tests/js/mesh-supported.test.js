// c3d.supported's TriangleMesh entries are what the mesh really does: every listed (method, shape type) answers, as a
// loop of the single query over the mesh's triangles does, and every type not listed is refused. The list comes from
// the test the mesh bindings check a shape's type by (cpp/bindings/mesh_queries.h), so this fails if they drift apart.
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { SHAPE_TYPES } from '../../web/lib/boundary.js';
import {
  aabb, capsule, cone, cylinder, ellipsoid, line, obb, plane, point, ray, segment, sphere, triangle, v,
} from './helpers.js';

let c3d, module;
beforeAll(async () => {
  c3d = await init();
  module = c3d[Symbol.for('collide3d.module')];
});

// A 4 x 4 floor at z = 0 (triangles 0 and 1) and a wall in the plane x = 1 rising to z = 2 (triangle 2).
const CORNERS = [v(-2, -2, 0), v(2, -2, 0), v(2, 2, 0), v(-2, 2, 0), v(1, -2, 0), v(1, 2, 0), v(1, 0, 2)];
const INDEX = [0, 1, 2, 0, 2, 3, 4, 5, 6];
// Another mesh, placed by a translation: a small bent sheet around z = 0.
const OTHER_CORNERS = [v(-0.5, -0.5, 0.25), v(0.5, -0.5, 0.25), v(0, 0.5, -0.25), v(0, -0.5, 1)];
const OTHER_INDEX = [0, 1, 2, 0, 1, 3];

const trianglesOf = (corners, index, shift = v(0, 0, 0)) => Array.from({ length: index.length / 3 }, (_, i) => {
  const [a, b, c] = [0, 1, 2].map((k) => {
    const p = corners[index[3 * i + k]];
    return v(p.x + shift.x, p.y + shift.y, p.z + shift.z);
  });
  return triangle(a, b, c);
});
const meshOf = (corners, index) => new c3d.TriangleMesh(new Float32Array(corners.flatMap((p) => [p.x, p.y, p.z])),
  new Uint32Array(index));

// One shape of each type at height h: at 0.5 every one meets the mesh, at 1.5 they are apart but a sweep by VELOCITY
// reaches it, at 5 most are far from it.
const HEIGHTS = [0.5, 1.5, 5];
const VELOCITY = v(0.25, 0, -2);
function sample(type, h) {
  const box = [[v(1, 0, 0), 0.5], [v(-1, 0, 0), 0.5], [v(0, 1, 0), 0.5], [v(0, -1, 0), 0.5], [v(0, 0, 1), 1 - h],
    [v(0, 0, -1), h + 1]];
  return {
    point: () => point(v(0.5, 0.25, h - 0.5)),
    ray: () => ray(v(0.25, 0.5, h + 1), v(0.2, 0, -1)),
    line: () => line(v(0, 0.5, h), v(1, 0, 0.5)),
    segment: () => segment(v(-0.5, 0.5, h + 1), v(1.5, 0.25, h - 0.5)),
    plane: () => plane(v(0, 0, 1), -h),
    triangle: () => triangle(v(-1, -1, h), v(0, -1, h), v(-1, 0, h - 0.5)),
    sphere: () => sphere(v(0, 0, h), 0.75),
    ellipsoid: () => ellipsoid(v(-1, 1, h), v(0.5, 0.75, 1)),
    aabb: () => aabb(v(0.5, -0.5, h - 0.75), v(1.5, 0.5, h + 0.25)),
    obb: () => obb(v(-0.5, -0.5, h), v(0.5, 0.5, 0.75), [0, 1, 0, -1, 0, 0, 0, 0, 1]),
    cylinder: () => cylinder(v(0, 1, h - 0.75), v(0, 1, h + 1), 0.5),
    capsule: () => capsule(v(0.5, 0, h), v(1.5, 0, h + 0.5), 0.25),
    cone: () => cone(v(-1, -1, h - 0.5), v(-1, -1.5, h + 1), 0.5),
    convex: () => ({ type: 'convex', points: [0, 1, 2, 3, 4, 5, 6, 7].map((i) => v(i & 1 ? 1.5 : 0.5, i & 2 ? 0.5 : -0.5, h + (i & 4 ? 0.25 : -0.75))) }),
    frustum: () => ({ type: 'frustum', planes: box.map(([normal, constant]) => ({ normal, constant })) }),
  }[type]();
}

// The best of the triangles' answers: the least key, ties going to the lowest index (the mesh's rule).
function best(answers, key) {
  let found = null;
  answers.forEach((answer, i) => {
    if (answer !== null && (found === null || key(answer) < key(found.answer))) found = { answer, i };
  });
  return found;
}

// For each mesh method c3d.supported lists: how to call it on a shape (or on the other mesh placed at height h), what
// of its answer to compare, and the same from the single query over the triangles (`tris`, `others`: the triangles of
// the mesh and of the other mesh placed there).
const METHODS = {
  raycast: {
    call: (mesh, caster) => {
      const hit = mesh.raycast(caster);
      return hit && { t: hit.t, point: hit.point, normal: hit.normal, triangleIndex: hit.triangleIndex };
    },
    reference: (tris, caster) => {
      const found = best(tris.map((tri) => c3d.raycast(caster, tri)), (hit) => hit.t);
      if (found === null) return null;
      const { t, point, normal } = found.answer;
      return { t, point, normal, triangleIndex: found.i };
    },
    answered: (answer) => answer !== null,
  },
  intersects: {
    call: (mesh, shape) => mesh.intersects(shape),
    reference: (tris, shape) => tris.some((tri) => c3d.intersects(tri, shape)),
    answered: (answer) => answer,
  },
  sweep: {
    call: (mesh, moving) => mesh.sweep(moving, VELOCITY),
    reference: (tris, moving) => {
      const found = best(tris.map((tri) => c3d.sweep(moving, VELOCITY, tri)), (hit) => hit.t);
      return found && { ...found.answer, triangleIndex: found.i };
    },
    answered: (answer) => answer !== null,
  },
  contacts: {
    call: (mesh, shape) => mesh.contacts(shape)
      .map(({ normal, depth, triangleIndex }) => ({ normal, depth, triangleIndex })),
    reference: (tris, shape) => tris.map((tri, triangleIndex) => {
      const found = c3d.contact(tri, shape);
      return found && { normal: found.normal, depth: found.depth, triangleIndex };
    }).filter((found) => found !== null),
    answered: (answer) => answer.length > 0,
  },
  closestPoints: {
    call: (mesh, shape) => mesh.closestPoints(shape),
    reference: (tris, shape) => {
      const found = best(tris.map((tri) => c3d.closestPoints(tri, shape)), (points) => points.distance);
      return { ...found.answer, triangleIndex: found.i };
    },
    answered: (answer) => answer.distance === 0,
  },
  intersectsMesh: {
    call: (mesh, other, h) => mesh.intersectsMesh(other, placement(h)),
    reference: (tris, others) => tris.some((tri) => others.some((o) => c3d.intersects(tri, o))),
    answered: (answer) => answer,
  },
  closestPointsToMesh: {
    call: (mesh, other, h) => mesh.closestPointsToMesh(other, placement(h)),
    reference: (tris, others) => {
      const pairs = tris.flatMap((tri, i) => others.map((o, j) => ({ ...c3d.closestPoints(tri, o), i, j })));
      const found = best(pairs, (pair) => pair.distance).answer;
      return {
        pointA: found.pointA, pointB: found.pointB, distance: found.distance, triangleIndexA: found.i,
        triangleIndexB: found.j,
      };
    },
    answered: (answer) => answer.distance === 0,
  },
};
// The other mesh's placement at height h: moved up by h - 0.5 (16 numbers, column-major).
const placement = (h) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, h - 0.5, 1];
// TriangleMesh methods that take no shape and no mesh, so c3d.supported does not list them.
const TAKE_NO_SHAPE = ['raycastBatch', 'closestPoint', 'refit', 'serialize'];
// Traces (teaching aids, not queries: like c3d.gjkTrace, c3d.supported leaves them out); traceRaycast takes the
// casters raycast takes.
const TRACES = ['traceRaycast'];

// What c3d.supported says of each mesh method: 'TriangleMesh.sweep' -> { shapeFirst, types }.
function listed() {
  const methods = new Map();
  for (const { query, a, b } of c3d.supported) {
    if (!query.startsWith('TriangleMesh.')) continue;
    const entry = methods.get(query.slice('TriangleMesh.'.length)) ?? { shapeFirst: b === 'TriangleMesh', types: [] };
    entry.types.push(entry.shapeFirst ? a : b);
    methods.set(query.slice('TriangleMesh.'.length), entry);
  }
  return methods;
}

describe('c3d.supported and TriangleMesh', () => {
  it('lists every method of a TriangleMesh that takes a shape or a mesh', () => {
    const own = Object.getOwnPropertyNames(c3d.TriangleMesh.prototype).filter((name) => name !== 'constructor' &&
      typeof Object.getOwnPropertyDescriptor(c3d.TriangleMesh.prototype, name).value === 'function');
    expect(new Set(own)).toEqual(new Set([...listed().keys(), ...TAKE_NO_SHAPE, ...TRACES]));
    for (const name of listed().keys()) expect(Object.keys(METHODS), name).toContain(name);
  });

  it('answers every listed pair as the single query over its triangles does', () => {
    const heap = module.heapBytesInUse();
    const mesh = meshOf(CORNERS, INDEX), other = meshOf(OTHER_CORNERS, OTHER_INDEX);
    const tris = trianglesOf(CORNERS, INDEX);
    let checked = 0;
    for (const [name, { types }] of listed()) {
      const { call, reference, answered } = METHODS[name];
      for (const type of types) {
        let hits = 0;
        for (const h of HEIGHTS) {
          const answer = type === 'TriangleMesh' ? call(mesh, other, h) : call(mesh, sample(type, h));
          const expected = type === 'TriangleMesh'
            ? reference(tris, trianglesOf(OTHER_CORNERS, OTHER_INDEX, v(0, 0, h - 0.5)))
            : reference(tris, sample(type, h));
          expect(answer, `${name} ${type} at ${h}`).toEqual(expected);
          hits += answered(answer) ? 1 : 0;
          checked += 1;
        }
        expect(hits, `${name} ${type}: some sample meets the mesh`).toBeGreaterThan(0);
      }
    }
    expect(checked).toBeGreaterThan(100);
    mesh.dispose();
    other.dispose();
    expect(module.heapBytesInUse()).toBe(heap);
  });

  it('refuses every shape type it does not list', () => {
    const heap = module.heapBytesInUse();
    const mesh = meshOf(CORNERS, INDEX);
    let refused = 0;
    for (const [name, { shapeFirst, types }] of listed()) {
      for (const type of SHAPE_TYPES.filter((t) => !types.includes(t))) {
        const fn = `collide3d.TriangleMesh.${name}`;
        const shape = sample(type, 0.5);
        // raycast and the mesh-against-mesh methods name the argument's expected type; the others the pair.
        const pair = shapeFirst ? `${type}, TriangleMesh` : `TriangleMesh, ${type}`;
        const error = name === 'raycast'
          ? new TypeError(`${fn}: caster.type must be 'ray', 'line' or 'segment' (got "${type}")`)
          : types.includes('TriangleMesh') ? new TypeError(`${fn}: other must be a TriangleMesh (got an object)`)
            : new Error(`${fn}: the pair (${pair}) is not supported`);
        expect(() => METHODS[name].call(mesh, shape, 0.5), `${name} ${type}`).toThrow(error);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(20);
    mesh.dispose();
    expect(module.heapBytesInUse()).toBe(heap);
  });
});
