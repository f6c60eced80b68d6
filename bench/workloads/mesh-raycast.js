// The mesh raycast workloads' parts, shared by bench/mesh-raycast.mjs (node) and the demo's benchmark page (the
// browser): rays aimed at a torus knot from around it, the first-hit casts of three-mesh-bvh, collide3d and three.js
// (every triangle), their throughput, and the check that their first hits agree.
import * as THREE from 'three';
import { median } from '../median.mjs';
import { cross, dot, exactInteger, minus } from './exact.js';

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

// The rays on which two lists of first-hit distances differ (beyond 1e-5 relative; both Infinity: no hit).
export function differing(reference, t, count) {
  const rays = [];
  for (let i = 0; i < count; ++i) {
    const a = reference[i], b = t[i];
    if (a === Infinity && b === Infinity) continue;
    if (!(Math.abs(a - b) <= 1e-5 * Math.max(1, Math.abs(a)))) rays.push(i);
  }
  return rays;
}

// Compares first-hit distances; returns a note on the disagreements (how many, and the largest), or ''. `settled`:
// rays on which collide3d is proven right (refereeFirstHits), left out.
export function disagreement(name, reference, t, count, settled = []) {
  let differ = 0, worst = -1, worstGap = 0;
  for (const i of differing(reference, t, count)) {
    if (settled.includes(i)) continue;
    const gap = Math.abs(reference[i] - t[i]);
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

/**
 * Where the ray (origin o, direction d) meets the triangle a, b, c (each [x, y, z]) compared with the distance
 * `than`, decided in exact integer arithmetic: -1 when it meets it at some t >= 0 nearer than `than`, 1 when it does
 * not meet it nearer (or at all), 0 when the numbers cannot be made integers or the ray lies in the triangle's plane.
 * The line crosses the triangle iff det(d, a - o, b - o), det(d, b - o, c - o), det(d, c - o, a - o) share a sign,
 * zeros allowed (their sum is n·d, n = (b - a) × (c - a), so they are not all 0 unless the line is in the plane);
 * it crosses at t = n·(a - o) / n·d (Möller & Trumbore 1997 decide the same with barycentric weights).
 */
export function exactRayTriangle(o, d, a, b, c, than) {
  const numbers = [...o, ...d, ...a, ...b, ...c, than].map(exactInteger);  // in units of 2^-200
  if (numbers.includes(null)) return 0;
  const [O, D, A, B, C] = [0, 3, 6, 9, 12].map((k) => numbers.slice(k, k + 3));
  const [oa, ob, oc] = [A, B, C].map((p) => minus(p, O));
  const sides = [dot(D, cross(oa, ob)), dot(D, cross(ob, oc)), dot(D, cross(oc, oa))];
  const n = cross(minus(B, A), minus(C, A)), nd = dot(n, D), reach = dot(n, oa);
  if (nd === 0n) return 0;
  const crosses = sides.every((v) => v >= 0n) || sides.every((v) => v <= 0n);
  // t = reach / nd >= 0 and t < than, in the 2^-200 units `than` is in: reach 2^200 < than nd for nd > 0.
  const ahead = nd > 0n ? reach >= 0n : reach <= 0n;
  const nearer = nd > 0n ? reach * 2n ** 200n < numbers[15] * nd : reach * 2n ** 200n > numbers[15] * nd;
  return crosses && ahead && nearer ? -1 : 1;
}

// Whether any of the `count` triangles is met nearer than `than`, in exact arithmetic: each triangle is first tested in
// double precision by Möller & Trumbore's (1997) determinants, undivided, and rejected only where one is of the
// wrong sign by more than 1e-12 times the product of its vectors' sizes (its rounding is a few 1e-16 of that); the
// rest exactly. undefined when one cannot be decided (exactRayTriangle's 0).
const size = (p) => Math.abs(p[0]) + Math.abs(p[1]) + Math.abs(p[2]);
function anyMetNearer(o, d, count, corner, than) {
  let undecided = false;
  for (let k = 0; k < count; ++k) {
    const [a, b, c] = [0, 1, 2].map((j) => corner(k, j));
    const e1 = minus(b, a), e2 = minus(c, a), s = minus(o, a), p = cross(d, e2), q = cross(s, e1);
    const [E1, E2, S, D] = [e1, e2, s, d].map(size);
    const det = dot(e1, p), errDet = 1e-12 * E1 * D * E2;
    if (Math.abs(det) > errDet) {
      // With det's sign taken out: u det, v det, t det and their bounds.
      const sign = Math.sign(det), u = sign * dot(s, p), v = sign * dot(d, q), t = sign * dot(e2, q);
      const errU = 1e-12 * S * D * E2, errV = 1e-12 * D * S * E1, errT = 1e-12 * E2 * S * E1, whole = Math.abs(det);
      if (u < -errU || v < -errV || u + v - whole > errU + errV + errDet || t < -errT ||
        t - than * whole > errT + than * errDet) continue;
    }
    const met = exactRayTriangle(o, d, a, b, c, than);
    if (met === -1) return true;
    if (met === 0) undecided = true;
  }
  return undecided ? undefined : false;
}

/**
 * The rays of `rays` on which a peer's first hit (`theirs`, distances) is proven wrong, where it differs from
 * collide3d's (`ours`): collide3d's hit triangle (`hitOf(i)`: its index, or -1) is met, in exact arithmetic, nearer
 * than the peer's distance; or, where the peer's distance is the nearer, no triangle of the `count` is met nearer
 * than halfway between the two. `corner(k, j)`: vertex j of triangle k as [x, y, z].
 */
export function refereeFirstHits(rays, rayNumbers, theirs, ours, hitOf, count, corner) {
  return rays.filter((i) => {
    const o = Array.from(rayNumbers.subarray(6 * i, 6 * i + 3)), d = Array.from(rayNumbers.subarray(6 * i + 3, 6 * i + 6));
    if (theirs[i] < ours[i]) return anyMetNearer(o, d, count, corner, (theirs[i] + Math.min(ours[i], 2 ** 800)) / 2) === false;
    const k = hitOf(i);
    if (k < 0 || !(theirs[i] > 0)) return false;
    const than = theirs[i] === Infinity ? 2 ** 800 : theirs[i];  // a miss: any distance 2^-200 units can hold
    return exactRayTriangle(o, d, corner(k, 0), corner(k, 1), corner(k, 2), than) === -1;
  });
}
