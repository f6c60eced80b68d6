// SceneIndex against the brute force it replaces: raycaster.intersectObjects over every object (with the same
// raycast functions), before and after objects move; and its shape queries against collide3d's own box test over
// every object's world box.
import * as THREE from 'three';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import { mulberry32 as random } from '../../bench/random.mjs';
import { SceneIndex, installAcceleratedRaycast } from '../../web/lib/three/index.js';

let c3d, module, uninstall;
beforeAll(async () => {
  c3d = await init();
  module = c3d[Symbol.for('collide3d.module')];
  uninstall = installAcceleratedRaycast();
});
afterAll(() => uninstall());

function scatter(object, rand) {
  object.position.set(60 * rand() - 30, 60 * rand() - 30, 60 * rand() - 30);
  object.rotation.set(6 * rand(), 6 * rand(), 6 * rand());
  object.scale.setScalar(0.5 + rand());
}

// 400 meshes of three geometries (one layer off for the raycaster), grouped under parents, and an InstancedMesh.
function scene(rand) {
  const root = new THREE.Scene();
  const geometries = [new THREE.TorusKnotGeometry(1, 0.3, 32, 8), new THREE.BoxGeometry(2, 1, 1), new THREE.SphereGeometry(1, 12, 8)];
  for (const geometry of geometries) geometry.computeBoundsTree();
  const material = new THREE.MeshBasicMaterial({ side: THREE.DoubleSide });
  for (let g = 0; g < 8; ++g) {
    const group = new THREE.Group();
    scatter(group, rand);
    root.add(group);
    for (let k = 0; k < 50; ++k) {
      const mesh = new THREE.Mesh(geometries[k % 3], material);
      scatter(mesh, rand);
      if (k % 17 === 0) mesh.layers.set(2);
      group.add(mesh);
    }
  }
  const instanced = new THREE.InstancedMesh(geometries[0], material, 100);
  const matrix = new THREE.Matrix4();
  for (let i = 0; i < 100; ++i) instanced.setMatrixAt(i, matrix.makeTranslation(40 * rand() - 20, 40 * rand() - 20, 40 * rand() - 20));
  root.add(instanced);
  root.updateMatrixWorld(true);
  return root;
}

function objectsOf(root) {
  const objects = [];
  root.traverse((o) => { if (o.isMesh) objects.push(o); });
  return objects;
}

function rays(rand, count) {
  const out = [];
  for (let k = 0; k < count; ++k) {
    const origin = new THREE.Vector3(100 * rand() - 50, 100 * rand() - 50, 100 * rand() - 50);
    const target = new THREE.Vector3(40 * rand() - 20, 40 * rand() - 20, 40 * rand() - 20);
    out.push(new THREE.Ray(origin, target.sub(origin).normalize()));
  }
  return out;
}

const summary = (hits) => hits.map((h) => [h.object.id, h.instanceId, h.faceIndex, h.distance]);

function expectSameAsBruteForce(index, root, rayList, firstHitOnly) {
  const raycaster = new THREE.Raycaster();
  raycaster.firstHitOnly = firstHitOnly;
  const objects = objectsOf(root);
  let hits = 0;
  for (const ray of rayList) {
    raycaster.ray.copy(ray);
    let expected = raycaster.intersectObjects(objects, false);
    if (firstHitOnly) expected = expected.slice(0, 1);
    const actual = index.intersectObjects(raycaster);
    expect(summary(actual)).toEqual(summary(expected));
    hits += expected.length;
  }
  return hits;
}

describe('SceneIndex', () => {
  it('gives raycaster.intersectObjects\'s intersections, with and without firstHitOnly, and after objects move', () => {
    const rand = random(11);
    const root = scene(rand);
    const index = new SceneIndex(root);
    expect(index.size).toBe(401);
    const list = rays(rand, 400);
    expect(expectSameAsBruteForce(index, root, list, false)).toBeGreaterThan(300);
    expect(expectSameAsBruteForce(index, root, list, true)).toBeGreaterThan(100);
    // Move a tenth of the meshes and one group (its 50 meshes move with it), then update.
    const objects = objectsOf(root);
    for (let k = 0; k < objects.length; k += 10) scatter(objects[k], rand);
    scatter(root.children[3], rand);
    root.updateMatrixWorld(true);
    index.update();
    expect(expectSameAsBruteForce(index, root, list, false)).toBeGreaterThan(300);
    index.remove(objects[1]);
    objects[1].removeFromParent();
    expect(index.size).toBe(400);
    expect(expectSameAsBruteForce(index, root, list, true)).toBeGreaterThan(100);
    index.dispose();
  });

  it('finds the objects whose world box meets a sphere, box or frustum, as a test of every box does', () => {
    const rand = random(12);
    const root = scene(rand);
    const index = new SceneIndex(root);
    const camera = new THREE.PerspectiveCamera(40, 1.5, 1, 60);
    camera.position.set(5, 3, 30);
    camera.lookAt(0, 0, 0);
    camera.updateMatrixWorld();
    const frustum = new THREE.Frustum().setFromProjectionMatrix(
      new THREE.Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse));
    const shapes = [
      { type: 'sphere', center: { x: 3, y: -2, z: 1 }, radius: 16 },
      { type: 'aabb', min: { x: -20, y: -5, z: -15 }, max: { x: 0, y: 20, z: 5 } },
      { type: 'frustum', planes: frustum.planes },
    ];
    for (const shape of shapes) {
      const expected = objectsOf(root).filter((object) => {
        const box = object.isInstancedMesh ? object.computeBoundingBox() ?? object.boundingBox
          : new THREE.Box3().copy(object.geometry.boundingBox);
        box.applyMatrix4(object.matrixWorld);
        return c3d.intersects(shape, { type: 'aabb', min: box.min, max: box.max });
      });
      expect(expected.length).toBeGreaterThan(5);
      expect(index.intersectsShape(shape).map((o) => o.id).sort()).toEqual(expected.map((o) => o.id).sort());
    }
    index.dispose();
  });

  it('frees its tree', () => {
    const root = scene(random(13));
    const before = module.heapBytesInUse();
    const index = new SceneIndex(root);
    index.dispose();
    expect(module.heapBytesInUse()).toBe(before);
    expect(() => new SceneIndex({})).toThrow(new TypeError('collide3d.three.SceneIndex: root must be a three.js Object3D (got object)'));
  });
});
