// Type-checked against the packed package (package.test.js): the documented usage compiles under --strict, and
// misuse is rejected (each @ts-expect-error fails the check if the line compiles).
import init, {
  type CapsuleShape, type CharacterMove, type HeapArray, type MeshClosestPoints, type MeshContact, type MeshHit, type MeshPairPoints, type RaycastHit,
  type SerializedTriangleMesh, type Shape, type Side,
} from 'collide3d';
import initInline from 'collide3d/inline';
import { fromRay, toShape } from 'collide3d/three';

export async function example(): Promise<number> {
  const c3d = await init();
  const ray = { type: 'ray', origin: { x: 0, y: 0, z: 5 }, direction: { x: 0, y: 0, z: -1 } } as const;
  const tri: Shape = { type: 'triangle', a: { x: -1, y: -1, z: 0 }, b: { x: 1, y: -1, z: 0 }, c: { x: 0, y: 1, z: 0 } };
  const hit: RaycastHit | null = c3d.raycast(ray, tri, { maxDistance: 10, backfaceCulling: true });
  const side: Side = c3d.classify({ type: 'plane', normal: { x: 0, y: 1, z: 0 }, constant: 0 }, tri, { epsilon: 0.1 });
  const set = c3d.intersection(tri, { type: 'plane', normal: { x: 1, y: 0, z: 0 }, constant: 0 });
  if (set !== null && set.kind === 'segment') console.log(set.start.x, set.end.y);
  const basis = c3d.orthonormalBasis({ x: 0, y: 0, z: 1 });
  const sweep = c3d.sweep({ type: 'sphere', center: { x: 0, y: 3, z: 0 }, radius: 1 }, { x: 0, y: -4, z: 0 },
    { type: 'plane', normal: { x: 0, y: 1, z: 0 }, constant: 0 });
  const gap: number = c3d.distance(tri, { type: 'point', position: { x: 0, y: 0, z: 3 } });
  const { pointA, pointB } = c3d.closestPoints({ type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: 1 }, tri);
  const push = c3d.contact({ type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: 1 },
    { type: 'aabb', min: { x: 0, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } });
  console.log(gap, pointA.x - pointB.x, push === null ? 0 : push.depth * push.normal.x);
  const trace = c3d.gjkTrace({ type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: 1 }, tri);
  console.log(trace.steps.map((step) => step.upper), trace.stop, trace.epa?.steps[0]?.faces[0][2]);
  const r = fromRay({ origin: { x: 0, y: 0, z: 0 }, direction: { x: 1, y: 0, z: 0 } });
  const s = toShape({ center: { x: 0, y: 0, z: 0 }, radius: 1, isSphere: true });
  console.log(side, basis.u.x, sweep?.t, c3d.intersects(r, s), c3d.supported.length);

  const mesh = new c3d.TriangleMesh(new Float32Array(9), new Uint16Array([0, 1, 2]));
  const first: MeshHit | null = mesh.raycast(ray, { maxDistance: 5, hits: 'first' });
  const every: MeshHit[] = mesh.raycast(ray, { hits: 'all' });
  const batch = mesh.raycastBatch(new Float32Array(6), { backfaceCulling: true });
  console.log(first?.triangleIndex, every.length, batch.t[0], batch.triangleIndex[0], mesh.closestPoint({ x: 0, y: 0, z: 0 })?.distance);
  const landing = mesh.sweep({ type: 'capsule', start: { x: 0, y: 0, z: 2 }, end: { x: 0, y: 0, z: 3 }, radius: 0.5 },
    { x: 0, y: 0, z: -4 });
  console.log(landing?.t, landing?.triangleIndex, landing?.normal.z);
  // @ts-expect-error: every hit is an array, not one hit
  const wrong: MeshHit | null = mesh.raycast(ray, { hits: 'all' });
  const ball = { type: 'sphere', center: { x: 0, y: 0, z: 0.5 }, radius: 1 } as const;
  const pushes: MeshContact[] = mesh.contacts(ball, { minDepth: 0.01 });
  const closest: MeshClosestPoints | null = mesh.closestPoints({ type: 'segment', start: ball.center, end: { x: 0, y: 0, z: 2 } });
  console.log(pushes[0]?.depth, pushes[0]?.point.x, closest?.pointA.z, closest?.triangleIndex);
  // @ts-expect-error: contacts take solids a triangle has a contact with, not a plane
  mesh.contacts({ type: 'plane', normal: { x: 0, y: 0, z: 1 }, constant: 0 });
  // @ts-expect-error: closestPoints take no ray
  mesh.closestPoints(ray);
  // @ts-expect-error: the mesh's positions are a Float32Array
  new c3d.TriangleMesh([0, 0, 0]);
  const saved: SerializedTriangleMesh = mesh.serialize();
  const again = c3d.TriangleMesh.deserialize(saved.buffer);
  const abort = new AbortController();
  const built = await c3d.TriangleMesh.buildAsync(saved.positions, saved.index, {
    onProgress: (fraction) => console.log(fraction.toFixed(2)), signal: abort.signal,
  });
  console.log(saved.version, again.triangleCount, built.raycast(ray)?.t);
  // @ts-expect-error: deserialize takes bytes, not a mesh
  c3d.TriangleMesh.deserialize(mesh);
  const nearest: MeshPairPoints | null = mesh.closestPointsToMesh(again, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2, 0, 0, 1]);
  console.log(mesh.intersectsMesh(again), nearest?.triangleIndexB);
  const crates = new c3d.AabbTree();
  const player = { type: 'capsule', start: { x: 0, y: 0.5, z: 0 }, end: { x: 0, y: 1.5, z: 0 }, radius: 0.5 } as const;
  const step: CharacterMove<typeof player> = c3d.moveAndSlide(player, { x: 0.1, y: -0.2, z: 0 }, [mesh, crates],
    { stepHeight: 0.3, snapToGround: 0.3, maxSlope: Math.PI / 4 });
  const next: CapsuleShape = step.shape;
  for (const contact of step.contacts) console.log('triangleIndex' in contact ? contact.triangleIndex : contact.id);
  console.log(next.end.y, step.grounded, step.groundNormal?.y, step.translation.x);
  // @ts-expect-error: a point is not a character
  c3d.moveAndSlide({ type: 'point', position: { x: 0, y: 0, z: 0 } }, { x: 0, y: 0, z: 0 }, mesh);
  // @ts-expect-error: the world is meshes and trees
  c3d.moveAndSlide(player, { x: 0, y: 0, z: 0 }, [ray]);
  // @ts-expect-error: the other mesh is a TriangleMesh, not its serialized form
  mesh.intersectsMesh(saved);
  again.dispose();
  built.dispose();
  mesh.dispose();
  console.log(wrong);
  const cloud = new c3d.SegmentTree(new Float32Array(12), { kind: 'points', index: new Uint32Array([0, 3]) });
  const picked: Uint32Array = cloud.near(ray, 0.1, { maxDistance: 10 });
  console.log(picked[0], cloud.size, cloud.kind, cloud.byteLength);
  // @ts-expect-error: the kinds are three.js's
  new c3d.SegmentTree(new Float32Array(12), { kind: 'triangles' });
  cloud.dispose();
  const met: Uint8Array = c3d.intersectsBatch({ type: 'sphere', items: new Float32Array(8) }, { type: 'aabb', items: new Float64Array(6) });
  const ts: Float64Array = c3d.raycastBatch({ type: 'ray', items: new Float32Array(6) }, { type: 'triangle', items: new Float32Array(9) }, { maxDistance: 2 });
  console.log(met[0], ts[0]);
  const rays = new c3d.HeapArray(Float32Array, 6);
  rays.array.set([0, 0, 5, 0, 0, -1]);
  const answers = new c3d.HeapArray(Float64Array, 1);
  const inPlace: HeapArray<Float64Array> = c3d.raycastBatch({ type: 'ray', items: rays }, { type: 'triangle', items: new Float32Array(9) }, undefined, answers);
  const visible = c3d.cullSpheres({ type: 'frustum', planes: [] }, rays, new c3d.HeapArray(Uint8Array, 1));
  console.log(inPlace.array[0], visible.array[0], c3d.allPairs(rays).length);
  // @ts-expect-error: raycastBatch answers are float64
  c3d.raycastBatch({ type: 'ray', items: rays }, { type: 'triangle', items: new Float32Array(9) }, undefined, new c3d.HeapArray(Float32Array, 1));
  // @ts-expect-error: a HeapArray holds floats, bytes or int32s
  new c3d.HeapArray(Uint16Array, 3);
  rays.dispose();
  // @ts-expect-error: raycastBatch's casters are rays, lines or segments
  c3d.raycastBatch({ type: 'sphere', items: new Float32Array(4) }, { type: 'plane', items: new Float32Array(4) });
  const tree = new c3d.AabbTree({ margin: 0.05 });
  const id: number = tree.insert({ type: 'aabb', min: { x: 0, y: 0, z: 0 }, max: { x: 1, y: 1, z: 1 } });
  tree.update(id, { type: 'aabb', min: { x: 1, y: 0, z: 0 }, max: { x: 2, y: 1, z: 1 } });
  const near: Uint32Array = tree.query({ type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: 2 });
  console.log(near.length, tree.raycast(ray)?.id, tree.pairs().length);
  // @ts-expect-error: a tree holds boxes
  tree.insert({ type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: 1 });
  tree.dispose();

  // @ts-expect-error: an unknown shape type
  c3d.intersects({ type: 'cube', size: 1 }, tri);
  // @ts-expect-error: raycast's caster must be a ray, line or segment
  c3d.raycast(tri, tri);
  // @ts-expect-error: classify takes a plane first
  c3d.classify(tri, tri);
  // @ts-expect-error: options are typed
  c3d.raycast(ray, tri, { solid: 'yes' });
  // @ts-expect-error: gjkTrace takes solids
  c3d.gjkTrace(ray, tri);
  // @ts-expect-error: a pair the module does not answer (pairs.d.ts, from its tables)
  c3d.contact({ type: 'ellipsoid', center: { x: 0, y: 0, z: 0 }, radii: { x: 1, y: 2, z: 1 } }, { type: 'plane', normal: { x: 0, y: 0, z: 1 }, constant: 0 });
  const shapes: Shape[] = [tri];
  console.log(c3d.intersects(shapes[0], tri), c3d.distance(tri, shapes[0]));  // a Shape of unknown type is checked when run
  return hit === null ? -1 : hit.t + (hit.u ?? 0);
}

// Where the wasm comes from: both entries take the same options and give the same API.
export async function loading(bytes: ArrayBuffer): Promise<boolean> {
  const located = await init({ locateFile: (name, folder) => new URL(name, folder) });
  const inlined = await initInline({ wasmBinary: new Uint8Array(bytes) });
  await initInline({ locateFile: (name) => `/static/${name}` });
  // @ts-expect-error: locateFile answers a URL or a path
  await init({ locateFile: () => 42 });
  return located.intersects === inlined.intersects;
}
