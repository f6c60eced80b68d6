// Type-checked under --strict by types.test.js: a TriangleMesh method takes the shape types c3d.supported lists for it
// (MeshPairs in pairs.d.ts, generated from what the mesh bindings accept), the single queries take no mesh, a
// per-pair entry takes its own types, and SupportedPair names the mesh methods. Each @ts-expect-error fails the check if its line compiles.
import type { Collide3d, MeshQueryName, SupportedPair, TriangleMesh } from '../../../web/lib/index.js';

export function meshTypes(c3d: Collide3d, mesh: TriangleMesh): number {
  const o = { x: 0, y: 0, z: 0 }, up = { x: 0, y: 0, z: 1 }, down = { x: 0, y: 0, z: -1 };
  const capsule = { type: 'capsule', start: o, end: up, radius: 0.5 } as const;
  const cylinder = { type: 'cylinder', start: o, end: up, radius: 0.5 } as const;
  const plane = { type: 'plane', normal: up, constant: 0 } as const;
  const tri = { type: 'triangle', a: o, b: up, c: { x: 1, y: 0, z: 0 } } as const;
  const hit = mesh.sweep(capsule, down);
  const met = mesh.intersects(cylinder) && mesh.intersects(plane);  // intersects takes every type
  const pushes = mesh.contacts(capsule).length + mesh.contacts(cylinder).length;
  const nearest = mesh.closestPoints(tri);
  // @ts-expect-error: a sweep moves no plane
  mesh.sweep(plane, down);
  const ray = { type: 'ray', origin: o, direction: up } as const;
  // @ts-expect-error: a ray has no contact with a triangle
  mesh.contacts(ray);
  // @ts-expect-error: a mesh casts rays, lines and segments
  mesh.raycast(capsule);
  // @ts-expect-error: a mesh is no target of c3d.sweep (mesh.sweep(capsule, velocity) is the call)
  c3d.sweep(capsule, down, mesh);
  // @ts-expect-error: nor a side of c3d.intersects
  c3d.intersects(mesh, capsule);

  const sweeps: SupportedPair[] = c3d.supported.filter((p) => p.query === 'TriangleMesh.sweep' && p.a === 'capsule');
  const pair: SupportedPair = { query: 'TriangleMesh.contacts', a: 'TriangleMesh', b: 'sphere' };
  const query: MeshQueryName = 'TriangleMesh.closestPointsToMesh';
  // @ts-expect-error: refit takes no shape, so supported has no pair of it
  const refit: MeshQueryName = 'TriangleMesh.refit';
  // @ts-expect-error: a pair's sides are shape types or the mesh
  const bad: SupportedPair = { query: 'TriangleMesh.contacts', a: 'mesh', b: 'sphere' };
  console.log(met, pair, query, refit, bad);
  return (hit?.t ?? 0) + pushes + (nearest?.distance ?? 0) + sweeps.length;
}

// A per-pair entry takes the shapes of its two types, and exists for the pairs the query answers.
export function entryTypes(c3d: Collide3d): boolean {
  const o = { x: 0, y: 0, z: 0 }, up = { x: 0, y: 0, z: 1 };
  const ball = { type: 'sphere', center: o, radius: 1 } as const;
  const box = { type: 'aabb', min: o, max: up } as const;
  const sphereBox = c3d.intersectsOf('sphere', 'aabb');
  const hit = c3d.raycastOf('segment', 'sphere')({ type: 'segment', start: o, end: up }, ball, { maxDistance: 1 });
  // @ts-expect-error: the entry's first shape is a sphere
  sphereBox(box, box);
  // @ts-expect-error: a sphere casts no ray
  c3d.raycastOf('sphere', 'aabb');
  // @ts-expect-error: no such shape type
  c3d.intersectsOf('sphere', 'mesh');
  return sphereBox(ball, box) && hit !== null;
}

// A worker pool's calls resolve to the arrays the calling thread's return.
export async function poolTypes(c3d: Collide3d, mesh: TriangleMesh): Promise<number> {
  const pool = await c3d.createWorkerPool({ workers: 2 });
  const pooled = await pool.share(mesh);
  const { t, triangleIndex } = await pooled.raycastBatch(new Float32Array(6), { hits: 'any' });
  const rays = { type: 'ray', items: new Float32Array(6) } as const;
  const spheres = { type: 'sphere', items: new Float64Array(4) } as const;
  const hits: Float64Array = await pool.raycastBatch(rays, spheres, { maxDistance: 10 });
  const meets: Uint8Array = await pool.intersectsBatch(spheres, spheres);
  const pairs: Uint32Array = await pool.allPairs(new Float32Array(12));
  // @ts-expect-error: a pool casts rays, lines and segments
  await pool.raycastBatch(spheres, rays);
  // @ts-expect-error: a shared mesh has first and any hits, not all
  await pooled.raycastBatch(new Float32Array(6), { hits: 'all' });
  pooled.dispose();
  pool.dispose();
  return t[0] + triangleIndex[0] + hits[0] + meets[0] + pairs.length + pool.workers;
}
