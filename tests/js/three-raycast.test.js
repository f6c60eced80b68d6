// The drop-in (collide3d/three) against three.js's own raycast on the same scenes, hit by hit: every kind of mesh
// object (Mesh with groups, draw ranges and every side, interleaved, non-indexed, 16- and 32-bit indices; SkinnedMesh;
// morphed Mesh; InstancedMesh; BatchedMesh), under mirrored and non-uniform world matrices, with near/far and
// firstHitOnly. Rays are aimed at random points inside random triangles, so they hit as picking does. The only
// differences allowed are the ones the README documents: a hit within 1e-6 (barycentric) of a triangle's edge,
// where three.js's float test and the exact one may pick different triangles of the crack.
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 as random } from '../../bench/random.mjs';
import {
  GeometryBoundsTree, acceleratedRaycast, computeBoundsTree, disposeBoundsTree, installAcceleratedRaycast,
} from '../../web/lib/three/index.js';

let c3d, module;
const threeMeshRaycast = THREE.Mesh.prototype.raycast;  // three.js's own, taken before anything is installed
beforeAll(async () => {
  c3d = await init();
  module = c3d[Symbol.for('collide3d.module')];
});

// A world matrix with rotation, non-uniform scale (mirrored when `mirror`) and translation.
function placement(rand, mirror) {
  const q = new THREE.Quaternion().setFromEuler(new THREE.Euler(6 * rand(), 6 * rand(), 6 * rand()));
  const s = new THREE.Vector3(0.5 + 1.5 * rand(), 0.5 + 1.5 * rand(), 0.5 + 1.5 * rand());
  if (mirror) s.x = -s.x;
  return new THREE.Matrix4().compose(new THREE.Vector3(8 * rand() - 4, 8 * rand() - 4, 8 * rand() - 4), q, s);
}

// `uniform`: the same scale on every axis, for parents of instances (a non-uniform scale above an instance's
// rotation shears it, see 'sheared instances' below).
function place(object, rand, mirror, uniform = false) {
  placement(rand, mirror).decompose(object.position, object.quaternion, object.scale);
  if (uniform) object.scale.setScalar(object.scale.y);
  object.updateMatrixWorld(true);
}

// The same geometry with positions, normals and uvs in one interleaved buffer.
function interleaved(geometry) {
  const { position, normal, uv } = geometry.attributes;
  const data = new Float32Array(8 * position.count);
  for (let i = 0; i < position.count; ++i) {
    data.set([position.getX(i), position.getY(i), position.getZ(i), normal.getX(i), normal.getY(i), normal.getZ(i), uv.getX(i), uv.getY(i)], 8 * i);
  }
  const buffer = new THREE.InterleavedBuffer(data, 8);
  const out = new THREE.BufferGeometry();
  out.setAttribute('position', new THREE.InterleavedBufferAttribute(buffer, 3, 0));
  out.setAttribute('normal', new THREE.InterleavedBufferAttribute(buffer, 3, 3));
  out.setAttribute('uv', new THREE.InterleavedBufferAttribute(buffer, 2, 6));
  out.setIndex(geometry.index);
  return out;
}

function wideIndex(geometry) {
  const out = geometry.clone();
  out.setIndex(new THREE.BufferAttribute(new Uint32Array(geometry.index.array), 1));
  return out;
}

const SIDES = [THREE.FrontSide, THREE.BackSide, THREE.DoubleSide];
const material = (rand) => new THREE.MeshBasicMaterial({ side: SIDES[Math.floor(3 * rand())] });

// Plain meshes of every geometry layout, with groups and material arrays and draw ranges among them.
function meshScene(rand) {
  const scene = new THREE.Scene();
  const knot = new THREE.TorusKnotGeometry(1, 0.3, 48, 12);
  const box = new THREE.BoxGeometry(1.5, 1, 2, 3, 2, 2);  // six groups
  const geometries = [
    knot, wideIndex(knot), interleaved(new THREE.SphereGeometry(1, 16, 12)), new THREE.IcosahedronGeometry(1, 2),
    new THREE.SphereGeometry(1.2, 10, 8).toNonIndexed(), box,
  ];
  const partial = new THREE.TorusGeometry(1, 0.4, 12, 24);
  partial.setDrawRange(3 * 60, 3 * 200);
  geometries.push(partial);
  for (let k = 0; k < 14; ++k) {
    const geometry = geometries[k % geometries.length];
    const materials = geometry === box ? [0, 1, 2, 3, 4, 5].map(() => material(rand)) : material(rand);
    const mesh = new THREE.Mesh(geometry, materials);
    place(mesh, rand, k % 3 === 0);
    scene.add(mesh);
  }
  return scene;
}

// A point inside a random triangle of a random mesh of the scene, in the world.
function targetIn(scene, rand) {
  const meshes = [];
  scene.traverse((o) => { if (o.isMesh) meshes.push(o); });
  const mesh = meshes[Math.floor(rand() * meshes.length)];
  const { index, attributes } = mesh.geometry;
  const count = Math.floor((index === null ? attributes.position.count : index.count) / 3);
  const f = Math.floor(rand() * count);
  const corner = (i) => (index === null ? 3 * f + i : index.getX(3 * f + i));
  const u = 0.05 + 0.4 * rand(), w = 0.05 + 0.4 * rand();
  const point = new THREE.Vector3();
  const vertex = new THREE.Vector3();
  [1 - u - w, u, w].forEach((weight, i) => point.addScaledVector(mesh.getVertexPosition(corner(i), vertex), weight));
  let matrix = mesh.matrixWorld;
  if (mesh.isInstancedMesh) {
    matrix = mesh.getMatrixAt(Math.floor(rand() * mesh.count), new THREE.Matrix4()).premultiply(mesh.matrixWorld);
  }
  return point.applyMatrix4(matrix);
}

function raysAt(scene, rand, count) {
  const rays = [];
  for (let k = 0; k < count; ++k) {
    const target = targetIn(scene, rand);
    const origin = new THREE.Vector3(30 * rand() - 15, 30 * rand() - 15, 30 * rand() - 15);
    rays.push(new THREE.Ray(origin, target.sub(origin).normalize()));
  }
  return rays;
}

// Each ray's intersections with the scene, with collide3d's raycast installed or three.js's own.
function castAll(scene, rays, accelerated, setup = () => {}) {
  const restore = accelerated ? installAcceleratedRaycast() : () => {};
  try {
    const raycaster = new THREE.Raycaster();
    setup(raycaster);
    return rays.map((ray) => {
      raycaster.ray.copy(ray);
      return raycaster.intersectObjects(scene.children, true);
    });
  } finally {
    restore();
  }
}

const keyOf = (hit) => `${hit.object.id}/${hit.instanceId}/${hit.batchId}/${hit.faceIndex}/${hit.face.materialIndex}`;
const nearEdge = (hit) => Math.min(hit.barycoord.x, hit.barycoord.y, hit.barycoord.z) < 1e-6;

// Compares two casts hit by hit; returns how many hits were compared.
function expectSameHits(expected, actual) {
  const tolerance = 1e-12;
  let compared = 0;
  for (let r = 0; r < expected.length; ++r) {
    const mine = new Map(actual[r].map((hit) => [keyOf(hit), hit]));
    for (const hit of expected[r]) {
      const other = mine.get(keyOf(hit));
      mine.delete(keyOf(hit));
      if (other === undefined) {
        expect(nearEdge(hit), `ray ${r}: three.js hit ${keyOf(hit)} at ${hit.distance} not found`).toBe(true);
        continue;
      }
      ++compared;
      expect(Math.abs(other.distance - hit.distance)).toBeLessThan(tolerance * (1 + hit.distance));
      expect(other.point.distanceTo(hit.point)).toBeLessThan(tolerance * (1 + hit.distance));
      expect(other.face).toEqual({ ...hit.face, normal: other.face.normal });
      expect(other.face.normal.distanceTo(hit.face.normal)).toBeLessThan(1e-12);  // from the same vertices
      const weights = 1e-12;  // barycentric coordinates and what is interpolated with them
      expect(other.barycoord.distanceTo(hit.barycoord)).toBeLessThan(weights);
      for (const field of ['uv', 'uv1', 'normal']) {
        expect(other[field] === undefined).toBe(hit[field] === undefined);
        if (hit[field] !== undefined) expect(other[field].distanceTo(hit[field])).toBeLessThan(weights);
      }
      expect(other.object).toBe(hit.object);
    }
    for (const [key, hit] of mine) expect(nearEdge(hit), `ray ${r}: extra hit ${key} at ${hit.distance}`).toBe(true);
    // Sorted by distance, as three.js's Raycaster sorts them.
    for (let k = 1; k < actual[r].length; ++k) expect(actual[r][k].distance).toBeGreaterThanOrEqual(actual[r][k - 1].distance);
  }
  return compared;
}

// firstHitOnly: each object's nearest intersection of three.js's (or one tied with it at a crack, or a crack hit
// three.js's float test misses).
function expectFirstHits(all, first) {
  for (let r = 0; r < all.length; ++r) {
    const nearest = new Map();
    for (const hit of all[r]) if (!nearest.has(hit.object)) nearest.set(hit.object, hit);
    for (const hit of first[r]) {
      const expected = nearest.get(hit.object);
      nearest.delete(hit.object);
      if (expected === undefined) {
        expect(nearEdge(hit), `ray ${r}: extra first hit ${keyOf(hit)}`).toBe(true);
        continue;
      }
      expect(hit.distance).toBeCloseTo(expected.distance, 9);
      if (keyOf(hit) !== keyOf(expected)) expect(nearEdge(hit) || nearEdge(expected)).toBe(true);
    }
    for (const hit of nearest.values()) expect(nearEdge(hit), `ray ${r}: first hit ${keyOf(hit)} not found`).toBe(true);
  }
}

function buildTrees(scene) {
  const geometries = new Set();
  scene.traverse((o) => { if (o.geometry) geometries.add(o.geometry); });
  for (const geometry of geometries) computeBoundsTree.call(geometry);
  return () => { for (const geometry of geometries) disposeBoundsTree.call(geometry); };
}

describe('acceleratedRaycast on meshes', () => {
  it('gives three.js\'s intersections on meshes of every layout, group, side and placement', () => {
    const rand = random(1);
    const scene = meshScene(rand);
    const rays = raysAt(scene, rand, 1500);
    const expected = castAll(scene, rays, false);
    const dispose = buildTrees(scene);
    expect(expectSameHits(expected, castAll(scene, rays, true))).toBeGreaterThan(3000);
    expectFirstHits(expected, castAll(scene, rays, true, (r) => { r.firstHitOnly = true; }));
    dispose();
  });

  it('keeps to raycaster.near and far, with and without firstHitOnly', () => {
    const rand = random(2);
    const scene = meshScene(rand);
    const rays = raysAt(scene, rand, 800);
    const range = (r) => { r.near = 12; r.far = 20; };
    const expected = castAll(scene, rays, false, range);
    const dispose = buildTrees(scene);
    expect(expectSameHits(expected, castAll(scene, rays, true, range))).toBeGreaterThan(500);
    expectFirstHits(expected, castAll(scene, rays, true, (r) => { range(r); r.firstHitOnly = true; }));
    dispose();
  });

  it('follows a skinned mesh\'s pose and a morphed mesh\'s influences, refitting when they change', () => {
    const rand = random(3);
    const scene = new THREE.Scene();
    // A cylinder skinned to two bones, bent at the middle.
    const geometry = new THREE.CylinderGeometry(0.5, 0.5, 4, 16, 16);
    const position = geometry.attributes.position;
    const skinIndex = [], skinWeight = [];
    for (let i = 0; i < position.count; ++i) {
      const w = (position.getY(i) + 2) / 4;
      skinIndex.push(0, 1, 0, 0);
      skinWeight.push(1 - w, w, 0, 0);
    }
    geometry.setAttribute('skinIndex', new THREE.Uint16BufferAttribute(skinIndex, 4));
    geometry.setAttribute('skinWeight', new THREE.Float32BufferAttribute(skinWeight, 4));
    const root = new THREE.Bone(), tip = new THREE.Bone();
    root.position.y = -2;
    tip.position.y = 2;
    root.add(tip);
    const skinned = new THREE.SkinnedMesh(geometry, material(rand));
    skinned.add(root);
    skinned.bind(new THREE.Skeleton([root, tip]));
    scene.add(skinned);
    // A box morphed toward a stretched copy of itself.
    const boxGeometry = new THREE.BoxGeometry(1, 1, 1, 4, 4, 4);
    const stretched = boxGeometry.attributes.position.clone();
    for (let i = 0; i < stretched.count; ++i) stretched.setXYZ(i, 3 * stretched.getX(i), stretched.getY(i), 2 * stretched.getZ(i));
    boxGeometry.morphAttributes.position = [stretched];
    const morphed = new THREE.Mesh(boxGeometry, material(rand));
    morphed.position.set(3, 0, 0);
    scene.add(morphed);
    const dispose = buildTrees(scene);
    let compared = 0;
    for (const [angle, influence] of [[0.3, 0.25], [-0.8, 1], [1.2, 0]]) {
      tip.rotation.z = angle;
      morphed.morphTargetInfluences[0] = influence;
      scene.updateMatrixWorld(true);
      skinned.computeBoundingSphere();  // three.js's own raycast tests it first
      skinned.computeBoundingBox();
      const rays = raysAt(scene, rand, 400);
      compared += expectSameHits(castAll(scene, rays, false), castAll(scene, rays, true));
    }
    expect(compared).toBeGreaterThan(1000);
    dispose();
  });
});

describe('acceleratedRaycast on instances and batches', () => {
  it('gives an InstancedMesh\'s intersections with instanceId, and follows its matrices', () => {
    const rand = random(4);
    const scene = new THREE.Scene();
    const instanced = new THREE.InstancedMesh(new THREE.TorusKnotGeometry(0.5, 0.15, 32, 8), material(rand), 300);
    for (let i = 0; i < instanced.count; ++i) instanced.setMatrixAt(i, placement(rand, i % 5 === 0));
    place(instanced, rand, false, true);
    instanced.computeBoundingSphere();
    scene.add(instanced);
    const dispose = buildTrees(scene);
    let rays = raysAt(scene, rand, 500);
    expect(expectSameHits(castAll(scene, rays, false), castAll(scene, rays, true))).toBeGreaterThan(500);
    // Move half of the instances and drop the last 40.
    for (let i = 0; i < instanced.count; i += 2) instanced.setMatrixAt(i, placement(rand, false));
    instanced.instanceMatrix.needsUpdate = true;
    instanced.count = 260;
    instanced.computeBoundingSphere();
    rays = raysAt(scene, rand, 500);
    const expected = castAll(scene, rays, false);
    expect(expectSameHits(expected, castAll(scene, rays, true))).toBeGreaterThan(500);
    expectFirstHits(expected, castAll(scene, rays, true, (r) => { r.firstHitOnly = true; }));
    dispose();
  });

  it('gives a BatchedMesh\'s intersections with batchId, skipping hidden and deleted instances', () => {
    const rand = random(5);
    const batch = new THREE.BatchedMesh(300, 20000, 60000, material(rand));
    const ids = [
      new THREE.TorusKnotGeometry(0.5, 0.15, 32, 8), new THREE.BoxGeometry(1, 2, 1, 2, 2, 2), new THREE.SphereGeometry(0.7, 12, 8),
    ].map((g) => batch.addGeometry(g));
    for (let i = 0; i < 240; ++i) batch.setMatrixAt(batch.addInstance(ids[i % 3]), placement(rand, i % 7 === 0));
    for (let i = 0; i < 240; i += 11) batch.setVisibleAt(i, false);
    batch.deleteInstance(5);
    const scene = new THREE.Scene();
    place(batch, rand, false, true);
    scene.add(batch);
    const restore = installAcceleratedRaycast();
    batch.computeBatchedBoundsTree();
    restore();
    expect(batch.boundsTrees.length).toBe(3);
    const rays = [];
    for (let k = 0; k < 800; ++k) {
      const origin = new THREE.Vector3(30 * rand() - 15, 30 * rand() - 15, 30 * rand() - 15);
      const target = new THREE.Vector3(8 * rand() - 4, 8 * rand() - 4, 8 * rand() - 4);
      rays.push(new THREE.Ray(origin, target.sub(origin).normalize()));
    }
    const expected = castAll(scene, rays, false);
    expect(expectSameHits(expected, castAll(scene, rays, true))).toBeGreaterThan(400);
    expectFirstHits(expected, castAll(scene, rays, true, (r) => { r.firstHitOnly = true; }));
    batch.disposeBatchedBoundsTree?.();
  });
});

describe('sheared instances', () => {
  // three.js sizes an instance's bounding sphere by the longest column of its world matrix; a non-uniform scale
  // above a rotation shears the matrix, stretching some directions further, so three.js's early-out drops real hits.
  // The reference: each instance as a plain Mesh whose bounding volumes cannot reject (three.js's triangle test on
  // every triangle).
  it('finds every hit three.js\'s triangle test finds, where three.js\'s InstancedMesh raycast drops some', () => {
    const rand = random(7);
    const geometry = new THREE.SphereGeometry(1, 16, 12);
    const instanced = new THREE.InstancedMesh(geometry, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }), 60);
    const matrix = new THREE.Matrix4();
    for (let i = 0; i < 60; ++i) {
      const q = new THREE.Quaternion().setFromEuler(new THREE.Euler(6 * rand(), 6 * rand(), 6 * rand()));
      instanced.setMatrixAt(i, matrix.compose(new THREE.Vector3(16 * rand() - 8, 16 * rand() - 8, 16 * rand() - 8), q, new THREE.Vector3(1, 0.3, 0.3)));
    }
    instanced.rotation.set(0.4, 0.9, 0.2);
    instanced.scale.set(3, 0.4, 1);
    instanced.updateMatrixWorld(true);
    instanced.computeBoundingSphere();
    const scene = new THREE.Scene().add(instanced);
    const plain = new THREE.Mesh(geometry.clone(), instanced.material);
    plain.geometry.boundingSphere = new THREE.Sphere(new THREE.Vector3(), Infinity);
    plain.matrixAutoUpdate = false;
    const rays = raysAt(scene, rand, 600);
    const own = castAll(scene, rays, false);
    const restore = installAcceleratedRaycast();
    computeBoundsTree.call(geometry);
    const raycaster = new THREE.Raycaster();
    let dropped = 0, compared = 0;
    rays.forEach((ray, r) => {
      raycaster.ray.copy(ray);
      const expected = [];
      for (let i = 0; i < 60; ++i) {
        instanced.getMatrixAt(i, plain.matrixWorld).premultiply(instanced.matrixWorld);
        const found = [];
        threeMeshRaycast.call(plain, raycaster, found);
        for (const hit of found) expected.push({ ...hit, instanceId: i, object: instanced });
      }
      expected.sort((p, q) => p.distance - q.distance);
      const actual = raycaster.intersectObject(instanced);
      compared += expectSameHits([expected], [actual]);
      dropped += expected.length - own[r].length;
    });
    restore();
    disposeBoundsTree.call(geometry);
    expect(compared).toBeGreaterThan(500);
    expect(dropped).toBeGreaterThan(0);
  });
});

describe('computeBoundsTree and the fallback', () => {
  it('leaves objects without a tree, or with a disposed one, to three.js', () => {
    const mesh = new THREE.Mesh(new THREE.SphereGeometry(1, 8, 6), new THREE.MeshBasicMaterial());
    const raycaster = new THREE.Raycaster(new THREE.Vector3(0, 0, 5), new THREE.Vector3(0, 0, -1));
    const expected = raycaster.intersectObject(mesh).map((h) => h.distance);
    mesh.raycast = acceleratedRaycast;
    expect(raycaster.intersectObject(mesh).map((h) => h.distance)).toEqual(expected);
    const tree = computeBoundsTree.call(mesh.geometry);
    expect(tree).toBeInstanceOf(GeometryBoundsTree);
    expect(mesh.geometry.boundsTree).toBe(tree);
    expect(tree.triangles.triangleCount).toBe(mesh.geometry.index.count / 3);
    expect(raycaster.intersectObject(mesh).map((h) => h.distance)).toEqual(expected.map((d) => expect.closeTo(d, 12)));
    disposeBoundsTree.call(mesh.geometry);
    expect(mesh.geometry.boundsTree).toBe(null);
    expect(tree.disposed).toBe(true);
    expect(raycaster.intersectObject(mesh).map((h) => h.distance)).toEqual(expected);
  });

  it('frees the tree with the geometry', () => {
    const geometry = new THREE.SphereGeometry(1, 8, 6);
    const tree = computeBoundsTree.call(geometry);
    computeBoundsTree.call(geometry);  // the first tree is freed when replaced
    expect(tree.disposed).toBe(true);
    const second = geometry.boundsTree;
    geometry.dispose();
    expect(second.disposed).toBe(true);
    expect(geometry.boundsTree).toBe(null);
  });

  it('refits after the positions change and rebuilds after the index changes', () => {
    const geometry = new THREE.PlaneGeometry(2, 2, 4, 4);
    const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
    mesh.raycast = acceleratedRaycast;
    computeBoundsTree.call(geometry);
    const raycaster = new THREE.Raycaster(new THREE.Vector3(0.1, 0.2, 5), new THREE.Vector3(0, 0, -1));
    expect(raycaster.intersectObject(mesh)[0].distance).toBeCloseTo(5, 12);
    geometry.translate(0, 0, 1.5);  // marks the positions changed
    expect(raycaster.intersectObject(mesh)[0].distance).toBeCloseTo(3.5, 12);
    geometry.setIndex([0, 1, 5]);  // one triangle left: (-1, 1), (-0.5, 1), (-1, 0.5)
    expect(raycaster.intersectObject(mesh)).toEqual([]);
    raycaster.ray.origin.set(-0.9, 0.9, 5);
    expect(raycaster.intersectObject(mesh).map((h) => [h.faceIndex, h.face.a, h.face.b, h.face.c])).toEqual([[0, 0, 1, 5]]);
    disposeBoundsTree.call(geometry);
  });

  it('picks on any numbers three.js holds: parts of a ray below the shapes\' range, instances placed by NaN', () => {
    const geometry = new THREE.PlaneGeometry(2, 2);
    const restore = installAcceleratedRaycast();
    geometry.computeBoundsTree();
    const mesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial());
    // A direction whose x is 1e-40 (below 2^-126, which shapes refuse): taken as 0, a move of 1e-40 at most.
    const raycaster = new THREE.Raycaster(new THREE.Vector3(0.5, 0.25, 4), new THREE.Vector3(1e-40, 0, -1));
    expect(raycaster.intersectObject(mesh).map((h) => [h.distance, h.faceIndex])).toEqual([[4, 1]]);
    // Three instances, the middle one placed by NaN: three.js finds nothing there, nor does the drop-in.
    const instanced = new THREE.InstancedMesh(geometry, mesh.material, 3);
    instanced.setMatrixAt(0, new THREE.Matrix4().makeTranslation(0, 0, 0));
    instanced.setMatrixAt(1, new THREE.Matrix4().fromArray(Array(16).fill(NaN)));
    instanced.setMatrixAt(2, new THREE.Matrix4().makeTranslation(0, 0, -2));
    raycaster.set(new THREE.Vector3(0.5, 0.25, 4), new THREE.Vector3(0, 0, -1));
    expect(raycaster.intersectObject(instanced).map((h) => [h.distance, h.instanceId])).toEqual([[4, 0], [6, 2]]);
    restore();
    disposeBoundsTree.call(geometry);
  });

  it('rejects what is not a geometry, and geometry numbers that are not finite, naming the function', () => {
    expect(() => computeBoundsTree.call({})).toThrow(new TypeError(
      'collide3d.three.computeBoundsTree: must be called on a BufferGeometry (install it on THREE.BufferGeometry.prototype)'));
    const geometry = new THREE.BufferGeometry().setAttribute('position', new THREE.Float32BufferAttribute([0, 0, 0, 1, NaN, 0, 0, 1, 0], 3));
    expect(() => computeBoundsTree.call(geometry)).toThrow(new RangeError(
      'collide3d.three.computeBoundsTree: geometry positions[4] must be a finite number (got NaN)'));
    expect(geometry.boundsTree).toBe(undefined);
    expect(() => acceleratedRaycast.call({}, new THREE.Raycaster(), [])).toThrow(TypeError);
  });

  it('frees everything it built: the heap is back where it was', () => {
    const before = module.heapBytesInUse();
    const rand = random(6);
    const scene = meshScene(rand);
    const instanced = new THREE.InstancedMesh(new THREE.SphereGeometry(0.5, 8, 6), material(rand), 50);
    for (let i = 0; i < 50; ++i) instanced.setMatrixAt(i, placement(rand, false));
    scene.add(instanced);
    const dispose = buildTrees(scene);
    castAll(scene, raysAt(scene, rand, 50), true);
    dispose();
    expect(module.heapBytesInUse()).toBe(before);
  });
});
