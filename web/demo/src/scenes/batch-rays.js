// Batch raycasts: a scanner (a rotatable handle) casts a fan of rays, 1,024 to 16,384, against a ball, a box and a
// triangle, one raycastBatch call per target (the rays as numbers in one typed array); each ray's nearest hit is
// drawn as a dot, coloured by what it hit, and the batch is timed beside one call per ray and three.js's Ray.
import * as THREE from 'three';
import { COLORS, answerMesh, boxMesh, decoration, triangleMesh } from '../framework/visuals.js';
import { shortNumber } from '../framework/params.js';
import { afterChanges, microseconds } from '../framework/timing.js';

export const explanation = `A batch call answers many pairs at once: <code>raycastBatch(casters, targets)</code>
  takes each side as one shape type and the numbers of its shapes in one typed array (a ray's origin and direction:
  six numbers), pairs ray <i>i</i> with target <i>i</i>, or, when a side holds one shape, every ray with it, and
  writes each pair's <i>t</i> (Infinity for a miss) into one array. The rays cross from JavaScript into the wasm
  module once per call instead of once per ray, and the kernel runs over them in a loop, four lanes at a time where
  the target allows. Here the scanner's rays are cast at three targets, one call each, and each ray keeps its nearest
  hit; the dots are the hits, coloured by target. The times compare the three calls with one
  <code>raycast</code> per ray and target, and with three.js's <code>Ray</code> methods.`;

// The C++ behind the answer, which the page shows on request.
export const kernels = ['cpp/collide3d/queries/raycast/raycast_sphere.h', 'cpp/collide3d/queries/raycast/raycast_box.h',
  'cpp/collide3d/queries/raycast/raycast_triangle.h'];

export const params = {
  scanner: { type: 'transform', position: [3, 1.5, 6], rotation: [-8, 20, 0] },
  rays: { type: 'choice', value: '4096', options: ['1024', '4096', '16384'] },
  spread: { type: 'number', value: 60, min: 5, max: 150, step: 1, label: 'spread°' },
};

export const camera = [9, 7, 12];
// The info panel covers the left of the page: the view looks a little left so that the targets clear it.
export const target = [-3, 0, 0];
export const narrow = { camera: [6, 10, 20], target: [0, -3, 0] };

/** The targets, fixed in the world. */
export const TARGETS = {
  sphere: { type: 'sphere', center: { x: -1.8, y: 0.8, z: -1 }, radius: 1.3 },
  aabb: { type: 'aabb', min: { x: 0.6, y: -0.6, z: -2.2 }, max: { x: 2.6, y: 1.6, z: -0.4 } },
  triangle: { type: 'triangle', a: { x: -4, y: -1, z: -4 }, b: { x: 4, y: -1, z: -4 }, c: { x: 0, y: 4, z: -4.5 } },
};
const TARGET_COLORS = { sphere: 0xff9f5c, aabb: 0x5c9dff, triangle: 0x5cff7a };

/**
 * The scanner's rays: a square grid of directions over `spread` degrees, about the handle's -z, as origin x, y, z,
 * direction x, y, z per ray (exported so the browser test casts the same rays in node).
 */
export function scannerRays(count, spread, position, quaternion) {
  const side = Math.round(Math.sqrt(count)), half = Math.tan((spread * Math.PI) / 360);
  const numbers = new Float64Array(6 * side * side);
  const direction = new THREE.Vector3();
  for (let i = 0; i < side; i += 1) {
    for (let j = 0; j < side; j += 1) {
      const u = side === 1 ? 0 : (2 * i) / (side - 1) - 1, v = side === 1 ? 0 : (2 * j) / (side - 1) - 1;
      direction.set(u * half, v * half, -1).normalize().applyQuaternion(quaternion);
      numbers.set([position.x, position.y, position.z, direction.x, direction.y, direction.z], 6 * (i * side + j));
    }
  }
  return numbers;
}

/** Each ray's nearest hit over the targets' answers (t per ray each): { t, target } per ray, target -1 for none. */
export function nearestHits(answers) {
  const names = Object.keys(answers), count = answers[names[0]].length;
  return Array.from({ length: count }, (_, i) => {
    let best = { t: Infinity, target: -1 };
    names.forEach((name, k) => { if (answers[name][i] < best.t) best = { t: answers[name][i], target: k }; });
    return best;
  });
}

export function create({ c3d, quiet, describe, stage, handles, live }) {
  const body = new THREE.Mesh(new THREE.BoxGeometry(0.5, 0.35, 0.35), new THREE.MeshStandardMaterial({ color: 0xdde3ee }));
  handles.scanner.add(body);
  const sphere = answerMesh(new THREE.SphereGeometry(TARGETS.sphere.radius, 40, 20), 0.35);
  sphere.position.copy(TARGETS.sphere.center);
  const box = boxMesh(0.35);
  const { min, max } = TARGETS.aabb;
  box.position.set((min.x + max.x) / 2, (min.y + max.y) / 2, (min.z + max.z) / 2);
  box.scale.set(max.x - min.x, max.y - min.y, max.z - min.z);
  const triangle = triangleMesh(COLORS.apart);
  const { a, b, c } = TARGETS.triangle;
  triangle.showTriangle(...[a, b, c].map((p) => new THREE.Vector3(p.x, p.y, p.z)));
  for (const [mesh, name] of [[sphere, 'sphere'], [box, 'aabb'], [triangle, 'triangle']]) mesh.paint(TARGET_COLORS[name]);
  const dots = decoration(new THREE.Points(new THREE.BufferGeometry(), new THREE.PointsMaterial({ size: 0.05, vertexColors: true })));
  dots.frustumCulled = false;
  stage.scene.add(decoration(sphere), decoration(box), decoration(triangle), dots);
  const colors = Object.values(TARGET_COLORS).map((hex) => new THREE.Color(hex));

  // Timed on the current rays, unrecorded: the three batch calls, one call per ray and target, three.js's Ray.
  const timeAll = afterChanges((rays) => {
    const count = rays.length / 6, out = new Float64Array(count);
    const sides = Object.values(TARGETS).map((target) => quiet.packItems([target]));
    const threeTargets = [new THREE.Sphere(new THREE.Vector3().copy(TARGETS.sphere.center), TARGETS.sphere.radius),
      new THREE.Box3(new THREE.Vector3().copy(TARGETS.aabb.min), new THREE.Vector3().copy(TARGETS.aabb.max))];
    const single = { type: 'ray', origin: new THREE.Vector3(), direction: new THREE.Vector3() };
    const ray = new THREE.Ray(), point = new THREE.Vector3();
    const { a: ta, b: tb, c: tc } = TARGETS.triangle;
    const corners = [ta, tb, tc].map((p) => new THREE.Vector3(p.x, p.y, p.z));
    live([
      ['3 raycastBatch calls', `${microseconds(() => sides.forEach((side) => quiet.raycastBatch({ type: 'ray', items: rays }, side, undefined, out))).toFixed(0)} µs`],
      ['one raycast per ray', `${microseconds(() => {
        for (let i = 0; i < count; i += 1) {
          single.origin.fromArray(rays, 6 * i);
          single.direction.fromArray(rays, 6 * i + 3);
          for (const target of Object.values(TARGETS)) quiet.raycast(single, target);
        }
      }).toFixed(0)} µs`],
      ['three.js Ray', `${microseconds(() => {
        for (let i = 0; i < count; i += 1) {
          ray.origin.fromArray(rays, 6 * i);
          ray.direction.fromArray(rays, 6 * i + 3);
          ray.intersectSphere(threeTargets[0], point);
          ray.intersectBox(threeTargets[1], point);
          ray.intersectTriangle(...corners, false, point);
        }
      }).toFixed(0)} µs`],
    ]);
  });

  return ({ rays: raysWanted, spread }) => {
    const rays = scannerRays(Number(raysWanted), spread, handles.scanner.position, handles.scanner.quaternion);
    const count = rays.length / 6;
    describe(rays, { name: 'rays', about: `the scanner's ${count} rays, origin x, y, z, direction x, y, z each, in a Float64Array` });
    const answers = {};
    for (const [name, target] of Object.entries(TARGETS)) {
      answers[name] = c3d.raycastBatch({ type: 'ray', items: rays }, quiet.packItems([target]));
    }
    const hits = nearestHits(answers);
    const positions = [], pointColors = [];
    hits.forEach(({ t, target }, i) => {
      if (target < 0) return;
      for (let k = 0; k < 3; k += 1) positions.push(rays[6 * i + k] + t * rays[6 * i + 3 + k]);
      pointColors.push(...colors[target].toArray());
    });
    dots.geometry.dispose();
    dots.geometry = new THREE.BufferGeometry().setAttribute('position', new THREE.Float32BufferAttribute(positions, 3))
      .setAttribute('color', new THREE.Float32BufferAttribute(pointColors, 3));
    timeAll(rays);
    const counts = Object.keys(TARGETS).map((_, k) => hits.filter((hit) => hit.target === k).length);
    const hitCount = counts.reduce((x, y) => x + y, 0);
    return {
      rows: [['rays', String(count)], ['hit', `${hitCount} (${shortNumber((100 * hitCount) / count)} %)`],
        ...Object.keys(TARGETS).map((name, k) => [`nearest: ${name}`, String(counts[k])])],
      result: { inputs: { rays: raysWanted, spread, position: handles.scanner.position.toArray(),
        quaternion: handles.scanner.quaternion.toArray() }, counts },
    };
  };
}
