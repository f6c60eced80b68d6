// The drop-in as the README and three-mesh-bvh's users write it, type-checked against the packed package.
import * as THREE from 'three';
import init from 'collide3d';
import {
  acceleratedRaycast, computeBoundsTree, disposeBoundsTree, installAcceleratedRaycast, toShape, type GeometryBoundsTree,
} from 'collide3d/three';

export async function pick(scene: THREE.Scene, camera: THREE.Camera): Promise<number> {
  await init();
  THREE.BufferGeometry.prototype.computeBoundsTree = computeBoundsTree;
  THREE.BufferGeometry.prototype.disposeBoundsTree = disposeBoundsTree;
  THREE.Mesh.prototype.raycast = acceleratedRaycast;
  THREE.InstancedMesh.prototype.raycast = acceleratedRaycast;
  THREE.Points.prototype.raycast = acceleratedRaycast;
  const geometry = new THREE.TorusKnotGeometry();
  const tree: GeometryBoundsTree = geometry.computeBoundsTree();
  console.log(tree.triangles?.triangleCount, geometry.boundsTree?.byteLength);
  const raycaster = new THREE.Raycaster();
  raycaster.firstHitOnly = true;
  raycaster.setFromCamera(new THREE.Vector2(0, 0), camera);
  const hits: THREE.Intersection[] = raycaster.intersectObjects(scene.children);
  const uninstall = installAcceleratedRaycast(THREE);
  const batch = new THREE.BatchedMesh(10, 100, 300);
  batch.computeBatchedBoundsTree();
  console.log(batch.boundsTrees?.length, hits[0]?.instanceId, hits[0]?.faceIndex);
  uninstall();
  geometry.disposeBoundsTree();
  const cloud = new THREE.Points(new THREE.BufferGeometry());
  cloud.geometry.computeBoundsTree({ kind: 'points' });
  console.log(cloud.geometry.boundsTree?.primitivesOf('points').tree.size);
  // @ts-expect-error: a kind the trees do not know
  cloud.geometry.computeBoundsTree({ kind: 'quads' });
  // @ts-expect-error: computeBoundsTree is a geometry method
  computeBoundsTree();
  const box = toShape(new THREE.Box3().setFromObject(scene));
  const c3d = await init();
  console.log(c3d.raycast(toShape(raycaster.ray), box)?.t);
  // @ts-expect-error: toShape(box) is an aabb, not a caster
  c3d.raycast(box, box);
  return hits.length;
}
