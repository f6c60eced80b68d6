// The frustum culling workloads, shared by bench/culling.mjs (node) and the demo's benchmark page (the browser): a
// camera over random spheres and boxes, three.js's Frustum tests per object against collide3d's cullSpheres and
// cullBoxes over the same numbers (float32, given to three.js too), each pass answering the visible count.
import * as THREE from 'three';
import { fromFrustum } from '../../web/lib/three/index.js';
import { median } from '../median.mjs';
import { mulberry32 } from '../random.mjs';

export function culling(c3d, items, runs) {
  const random = mulberry32(2024);

  const camera = new THREE.PerspectiveCamera(60, 16 / 9, 0.1, 200);
  camera.position.set(30, 20, 40);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  const threeFrustum = new THREE.Frustum().setFromProjectionMatrix(
    new THREE.Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse));
  const frustum = fromFrustum(threeFrustum);

  const point = () => new THREE.Vector3(random() * 200 - 100, random() * 200 - 100, random() * 200 - 100);
  const spheres = Array.from({ length: items }, () => new THREE.Sphere(point(), 0.1 + random() * 3));
  const boxes = Array.from({ length: items }, () => {
    const min = point();
    return new THREE.Box3(min, min.clone().add(new THREE.Vector3(random() * 6, random() * 6, random() * 6)));
  });
  const packedSpheres = new Float32Array(spheres.flatMap((s) => [s.center.x, s.center.y, s.center.z, s.radius]));
  const packedBoxes = new Float32Array(boxes.flatMap((b) => [b.min.x, b.min.y, b.min.z, b.max.x, b.max.y, b.max.z]));
  // three.js computes in doubles on its objects; give it the float32 values collide3d sees, so both answer alike.
  spheres.forEach((s, i) => { s.center.fromArray(packedSpheres, 4 * i); s.radius = packedSpheres[4 * i + 3]; });
  boxes.forEach((b, i) => { b.min.fromArray(packedBoxes, 6 * i); b.max.fromArray(packedBoxes, 6 * i + 3); });

  // Median ns per item over runs timed passes after one warm-up; also the visible count.
  function time(pass) {
    const { ms, result } = median(runs, pass);
    return { ns: ms * 1e6 / items, visible: result };
  }

  const mask = new Uint8Array(items);
  // The visible count, summed in a plain loop as three.js's side sums its answers.
  function count(m) {
    let n = 0;
    for (let i = 0; i < m.length; ++i) n += m[i];
    return n;
  }
  const workloads = [
    ['spheres', () => { let n = 0; for (const s of spheres) n += threeFrustum.intersectsSphere(s); return n; },
      () => count(c3d.cullSpheres(frustum, packedSpheres, mask))],
    ['boxes', () => { let n = 0; for (const b of boxes) n += threeFrustum.intersectsBox(b); return n; },
      () => count(c3d.cullBoxes(frustum, packedBoxes, mask))],
  ];

  return { workloads, time };
}
