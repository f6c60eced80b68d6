// The mesh raycast workloads' parts, shared by bench/mesh-raycast.mjs (node) and the demo's benchmark page (the
// browser): rays aimed at a torus knot from around it, the first-hit casts of three-mesh-bvh, collide3d and three.js
// (every triangle), their throughput, and the check that their first hits agree.
import * as THREE from 'three';
import { median } from '../median.mjs';

// Rays from a sphere of radius 4 around the knot, towards random points of its bounding box: about 95 % hit.
export function makeRays(random, count) {
  const rays = new Float64Array(6 * count);
  const from = new THREE.Vector3(), to = new THREE.Vector3();
  for (let i = 0; i < count; ++i) {
    // A direction uniform on the sphere, from the seeded generator (three's randomDirection uses Math.random).
    do from.set(2 * random() - 1, 2 * random() - 1, 2 * random() - 1); while (from.lengthSq() > 1 || from.lengthSq() < 1e-6);
    from.normalize().multiplyScalar(4);
    to.set(2 * random() - 1, 2 * random() - 1, 0.6 * random() - 0.3).multiplyScalar(1.4);
    to.sub(from).normalize();
    rays.set([from.x, from.y, from.z, to.x, to.y, to.z], 6 * i);
  }
  return rays;
}

// A camera's rays, one through each pixel's centre of a `width` x `height` image: a 50° perspective camera 3.5 from the
// knot's centre, looking at it (coherent rays, neighbours through neighbouring pixels; about two thirds hit).
export function cameraRays(width, height) {
  const camera = new THREE.PerspectiveCamera(50, width / height, 0.1, 100);
  camera.position.set(0.8, 0.6, 3.4);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  const rays = new Float64Array(6 * width * height);
  const at = new THREE.Vector3();
  for (let y = 0; y < height; ++y) {
    for (let x = 0; x < width; ++x) {
      at.set(((x + 0.5) / width) * 2 - 1, 1 - ((y + 0.5) / height) * 2, 0.5).unproject(camera).sub(camera.position).normalize();
      rays.set([camera.position.x, camera.position.y, camera.position.z, at.x, at.y, at.z], 6 * (y * width + x));
    }
  }
  return rays;
}

// Runs `cast(i)` for every ray; returns the median (over `runs` passes) rays/s, the hit count and the first-hit distances.
export function throughput(count, cast, runs) {
  const t = new Float64Array(count);
  const { ms, result } = median(runs, () => {
    let hits = 0;
    for (let i = 0; i < count; ++i) {
      t[i] = cast(i);
      if (t[i] !== Infinity) ++hits;
    }
    return hits;
  });
  return { raysPerSecond: count / ms * 1000, hits: result, t };
}

// Compares first-hit distances; returns a note on the disagreements (how many, and the largest), or ''.
export function disagreement(name, reference, t, count) {
  let differ = 0, worst = -1, worstGap = 0;
  for (let i = 0; i < count; ++i) {
    const a = reference[i], b = t[i];
    if (a === Infinity && b === Infinity) continue;
    const gap = Math.abs(a - b);
    if (gap <= 1e-5 * Math.max(1, Math.abs(a))) continue;
    ++differ;
    if (!(gap <= worstGap)) worst = i, worstGap = gap;
  }
  if (differ === 0) return '';
  return `${name}: ${differ} of ${count} first hits differ (largest at ray ${worst}: ${reference[worst]} vs collide3d ${t[worst]})`;
}

/**
 * The first-hit casts over `rays` (origin, direction per ray) of the knot `geometry`, each `(i) => t` (Infinity for
 * a miss): three-mesh-bvh's raycastFirst on `sah`, collide3d's TriangleMesh.raycast on `mesh`, and three.js's own
 * Mesh.raycast, which tests every triangle.
 */
export function firstHitCasts(rays, geometry, sah, mesh) {
  const threeRay = new THREE.Ray();
  const setRay = (i) => threeRay.set(threeRay.origin.fromArray(rays, 6 * i), threeRay.direction.fromArray(rays, 6 * i + 3));
  const caster = { type: 'ray', origin: threeRay.origin, direction: threeRay.direction };
  const threeMesh = new THREE.Mesh(geometry, new THREE.MeshBasicMaterial({ side: THREE.DoubleSide }));
  const raycaster = new THREE.Raycaster();
  return {
    setRay,
    sah: (i) => sah.raycastFirst(setRay(i), THREE.DoubleSide)?.distance ?? Infinity,
    c3d: (i) => {
      setRay(i);
      return mesh.raycast(caster)?.t ?? Infinity;
    },
    everyTriangle: (i) => {
      raycaster.set(setRay(i).origin, threeRay.direction);
      return raycaster.intersectObject(threeMesh)[0]?.distance ?? Infinity;
    },
  };
}
