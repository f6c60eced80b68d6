// The single-query workloads, shared by bench/single-queries.mjs (node) and the demo's benchmark page (the
// browser): pre-generated random pairs of three.js objects (rays aimed as an app aims them), each query as three.js
// and collide3d answer it one pair at a time (collide3d's generic call and its per-pair `entry`) and as collide3d's
// batch call answers all pairs, the pairs packed as the batch calls take them, and the timing of a pass over them (median ns per pair over `runs` passes after a warm-up).
import * as THREE from 'three';
import { mulberry32 } from '../random.mjs';
import { cross, dot, exactInteger, minus } from './exact.js';

export function singleQueries(c3d, runs) {
  const random = mulberry32(12345);
  const f = Math.fround;
  const range = (lo, hi) => f(lo + (hi - lo) * random());
  const rounded = (v) => v.set(f(v.x), f(v.y), f(v.z));
  const point = () => new THREE.Vector3(range(-10, 10), range(-10, 10), range(-10, 10));
  const direction = () => rounded(new THREE.Vector3(range(-1, 1), range(-1, 1), range(-1, 1)).normalize());
  const threeRay = () => new THREE.Ray(point(), direction());
  const threeTriangle = () => {
    const center = point();
    const corner = () => rounded(center.clone().add(point().multiplyScalar(0.3)));
    return new THREE.Triangle(corner(), corner(), corner());
  };
  const threeSphere = () => new THREE.Sphere(point(), range(0.5, 4));
  const threeBox = () => {
    const a = point(), b = point().multiplyScalar(0.3);
    return new THREE.Box3(a, rounded(a.clone().add(b.set(Math.abs(b.x), Math.abs(b.y), Math.abs(b.z)))));
  };
  const threePlane = () => new THREE.Plane(direction(), range(-5, 5));
  const threeSegment = () => new THREE.Line3(point(), point());

  // Rays as an app casts them: half of them aimed at a point on or near the target (a pick under the cursor, a shot
  // at an enemy), the rest in random directions, so the hit rate is what real scenes see rather than the near-zero
  // of random rays. The aim point is jittered around the target, so some aimed rays graze or miss it.
  const AIMED = 0.5;
  const jitter = (v, size) => v.add(new THREE.Vector3(range(-1, 1), range(-1, 1), range(-1, 1)).multiplyScalar(size));
  const AIM = {
    triangle: (t) => {
      const u = random(), v = random() * (1 - u);
      const p = t.a.clone().multiplyScalar(1 - u - v).addScaledVector(t.b, u).addScaledVector(t.c, v);
      return jitter(p, 0.1 * t.a.distanceTo(t.b));
    },
    sphere: (s) => jitter(s.center.clone(), 1.2 * s.radius),
    aabb: (b) => jitter(b.getCenter(new THREE.Vector3()), 0.35 * b.getSize(new THREE.Vector3()).length()),
  };
  const aimedRay = (makeTarget, aim) => () => {
    const target = makeTarget();
    if (random() >= AIMED) return [threeRay(), target];
    const origin = point();
    return [new THREE.Ray(origin, rounded(aim(target).sub(origin).normalize())), target];
  };
  const independent = (makeA, makeB) => () => [makeA(), makeB()];

  // Whether a ray meets a ball, in exact integer arithmetic on its float32 numbers (exact.js): its line meets the
  // ball iff r^2 (d.d) >= |d x w|^2 (w = o - c), and from t = 0 iff it also starts in the ball or moves towards its
  // centre (w.w <= r^2 or d.w <= 0). The referee where three.js and collide3d disagree.
  const exactVector = (v) => [v.x, v.y, v.z].map(exactInteger);
  function exactRaySphere(ray, sphere) {
    const d = exactVector(ray.direction), w = minus(exactVector(ray.origin), exactVector(sphere.center));
    const r = exactInteger(sphere.radius), k = cross(d, w);
    const lineMeets = r * r * dot(d, d) >= dot(k, k);
    return lineMeets && (dot(w, w) <= r * r || dot(d, w) <= 0n);
  }

  const tag = (type) => (object) => Object.assign(object, { type });
  const TAGS = { ray: tag('ray'), triangle: tag('triangle'), sphere: tag('sphere'), aabb: tag('aabb'),
    plane: tag('plane'), segment: tag('segment') };

  // The per-pair entries (c3d.raycastOf, c3d.intersectsOf): each workload's `entry` calls its own, from its own
  // function literal, as an app that takes an entry once and calls it in its loop does.
  const rayTriangle = c3d.raycastOf('ray', 'triangle'), raySphere = c3d.raycastOf('ray', 'sphere');
  const rayBox = c3d.raycastOf('ray', 'aabb'), rayPlane = c3d.raycastOf('ray', 'plane');
  const spherePlane = c3d.intersectsOf('sphere', 'plane'), sphereSphere = c3d.intersectsOf('sphere', 'sphere');
  const boxBox = c3d.intersectsOf('aabb', 'aabb'), boxPlane = c3d.intersectsOf('aabb', 'plane');
  const triangleBox = c3d.intersectsOf('triangle', 'aabb'), segmentPlane = c3d.intersectsOf('segment', 'plane');

  const target = new THREE.Vector3();
  const WORKLOADS = [
    {
      name: 'ray–triangle raycast', make: aimedRay(threeTriangle, AIM.triangle), tags: [TAGS.ray, TAGS.triangle],
      three: (r, t) => r.intersectTriangle(t.a, t.b, t.c, false, target) !== null,
      c3d: (r, t) => c3d.raycast(r, t) !== null, entry: (r, t) => rayTriangle(r, t) !== null,
      batch: (a, b, out) => c3d.raycastBatch(a, b, undefined, out),
    },
    {
      name: 'ray–sphere raycast', make: aimedRay(threeSphere, AIM.sphere), tags: [TAGS.ray, TAGS.sphere],
      three: (r, s) => r.intersectSphere(s, target) !== null,
      c3d: (r, s) => c3d.raycast(r, s) !== null, entry: (r, s) => raySphere(r, s) !== null,
      batch: (a, b, out) => c3d.raycastBatch(a, b, undefined, out),
      exact: exactRaySphere,
    },
    {
      name: 'ray–box raycast', make: aimedRay(threeBox, AIM.aabb), tags: [TAGS.ray, TAGS.aabb],
      three: (r, b) => r.intersectBox(b, target) !== null,
      c3d: (r, b) => c3d.raycast(r, b) !== null, entry: (r, b) => rayBox(r, b) !== null,
      batch: (a, b, out) => c3d.raycastBatch(a, b, undefined, out),
    },
    {
      name: 'ray–plane raycast', make: independent(threeRay, threePlane), tags: [TAGS.ray, TAGS.plane],
      three: (r, p) => r.intersectPlane(p, target) !== null,
      c3d: (r, p) => c3d.raycast(r, p) !== null, entry: (r, p) => rayPlane(r, p) !== null,
      batch: (a, b, out) => c3d.raycastBatch(a, b, undefined, out),
    },
    {
      name: 'sphere–plane intersects', make: independent(threeSphere, threePlane), tags: [TAGS.sphere, TAGS.plane],
      three: (s, p) => s.intersectsPlane(p), c3d: (s, p) => c3d.intersects(s, p), entry: (s, p) => spherePlane(s, p),
      batch: (a, b, out) => c3d.intersectsBatch(a, b, out),
    },
    {
      name: 'sphere–sphere intersects', make: independent(threeSphere, threeSphere), tags: [TAGS.sphere, TAGS.sphere],
      three: (a, b) => a.intersectsSphere(b), c3d: (a, b) => c3d.intersects(a, b), entry: (a, b) => sphereSphere(a, b),
      batch: (a, b, out) => c3d.intersectsBatch(a, b, out),
    },
    {
      name: 'box–box intersects', make: independent(threeBox, threeBox), tags: [TAGS.aabb, TAGS.aabb],
      three: (a, b) => a.intersectsBox(b), c3d: (a, b) => c3d.intersects(a, b), entry: (a, b) => boxBox(a, b),
      batch: (a, b, out) => c3d.intersectsBatch(a, b, out),
    },
    {
      name: 'box–plane intersects', make: independent(threeBox, threePlane), tags: [TAGS.aabb, TAGS.plane],
      three: (b, p) => b.intersectsPlane(p), c3d: (b, p) => c3d.intersects(b, p), entry: (b, p) => boxPlane(b, p),
      batch: (a, b, out) => c3d.intersectsBatch(a, b, out),
    },
    {
      name: 'triangle–box intersects', make: independent(threeTriangle, threeBox), tags: [TAGS.triangle, TAGS.aabb],
      three: (t, b) => b.intersectsTriangle(t), c3d: (t, b) => c3d.intersects(t, b), entry: (t, b) => triangleBox(t, b),
      batch: (a, b, out) => c3d.intersectsBatch(a, b, out),
    },
    {
      name: 'segment–plane intersects', make: independent(threeSegment, threePlane), tags: [TAGS.segment, TAGS.plane],
      three: (s, p) => p.intersectsLine(s), c3d: (s, p) => c3d.intersects(s, p), entry: (s, p) => segmentPlane(s, p),
      batch: (a, b, out) => c3d.intersectsBatch(a, b, out),
    },
  ];

  // The same pairs for the batch API: each side's shapes packed as batch items by the library (every number is a
  // float32 already, so Float32Array items pose the same pairs).
  const pack = (objects) => c3d.packItems(objects, Float32Array);
  const inHeap = ({ type, items }) => {
    const heap = new c3d.HeapArray(Float32Array, items.length);
    heap.array.set(items);
    return { type, items: heap };
  };

  // Median ns per pair of one batch call over all pairs, after a warm-up call; also the hit count (intersects: the
  // ones; raycast: the finite t). `out`: a typed array or a HeapArray for the answers.
  function timeBatch(batch, a, b, out, pairs) {
    let hits = 0;
    const samples = [];
    for (let run = 0; run <= runs; ++run) {
      const start = performance.now();
      batch(a, b, out);
      if (run > 0) samples.push(((performance.now() - start) * 1e6) / pairs);
      const answers = out instanceof c3d.HeapArray ? out.array : out;
      hits = answers.reduce((n, x) => n + (answers instanceof Uint8Array ? x : x !== Infinity ? 1 : 0), 0);
    }
    samples.sort((x, y) => x - y);
    return { ns: samples[samples.length >> 1], hits };
  }

  // Median ns per call over runs timed passes, after one warm-up pass; also returns the hit count.
  function time(fn, as, bs) {
    let hits = 0;
    const samples = [];
    for (let run = 0; run <= runs; ++run) {
      hits = 0;
      const start = performance.now();
      for (let i = 0; i < as.length; ++i) if (fn(as[i], bs[i])) ++hits;
      if (run > 0) samples.push(((performance.now() - start) * 1e6) / as.length);
    }
    samples.sort((x, y) => x - y);
    return { ns: samples[samples.length >> 1], hits };
  }

  return { WORKLOADS, pack, inHeap, time, timeBatch };
}
