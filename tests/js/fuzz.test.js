// A seeded fuzzer of every exported function and method: arguments drawn from what breaks bindings — wrong types,
// numbers at and beyond the range's edges, NaN, numeric strings, BigInts, Symbols, null, Proxies, getters that
// throw or call collide3d while their argument is being read, detached and SharedArrayBuffer-backed typed arrays,
// disposed HeapArrays, meshes and trees. Every call must return or throw a TypeError, RangeError or Error whose
// message starts "collide3d."; afterwards the instance answers a fixed set of queries exactly as before and the heap
// holds what it held. C3D_TEST_SCALE multiplies the number of calls (npm run test:long).
import * as THREE from 'three';
import { beforeAll, expect, it } from 'vitest';
import { init } from '../../web/lib/index.js';
import {
  acceleratedRaycast, computeBatchedBoundsTree, computeBoundsTree, disposeBatchedBoundsTree, disposeBoundsTree, SceneIndex,
} from '../../web/lib/three/index.js';
import { mulberry32 } from '../../bench/random.mjs';

const SCALE = Math.max(1, Number(process.env.C3D_TEST_SCALE ?? 1));
const CALLS = 20_000 * SCALE;
const POOL_CALLS = 300 * SCALE;
const TYPES = ['point', 'ray', 'line', 'segment', 'plane', 'triangle', 'sphere', 'ellipsoid', 'aabb', 'obb',
  'cylinder', 'capsule', 'frustum', 'cone', 'convex', 'cube'];
const FIELDS = {
  point: ['position'], ray: ['origin', 'direction'], line: ['origin', 'direction'], segment: ['start', 'end'],
  plane: ['normal', 'constant'], triangle: ['a', 'b', 'c'], sphere: ['center', 'radius'],
  ellipsoid: ['center', 'radii', 'rotation'], aabb: ['min', 'max'], obb: ['center', 'halfSize', 'rotation'],
  cylinder: ['start', 'end', 'radius'], capsule: ['start', 'end', 'radius'], frustum: ['planes'], cone: ['base', 'apex', 'radius'],
  convex: ['points'], cube: ['size'],
};
const SCALARS = new Set(['constant', 'radius']);

let c3d, module;
beforeAll(async () => {
  c3d = await init();
  module = c3d[Symbol.for('collide3d.module')];
});

function fuzzer(seed) {
  const random = mulberry32(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const chance = (p) => random() < p;
  const live = [];  // meshes, trees and HeapArrays made so far (some disposed later, on purpose)

  const number = () => pick([
    () => Math.floor(random() * 9) - 4, () => (random() - 0.5) * 20, () => 2 ** -126, () => -(2 ** 126), () => 1e-310,
    () => 1.7e308, () => 5e-324, () => -0, () => NaN, () => Infinity, () => '1', () => null, () => undefined,
    () => 1n, () => Symbol('x'), () => ({ valueOf: () => 1 }), () => [1],
  ])();
  const goodNumber = () => (chance(0.8) ? Math.floor(random() * 9) - 4 : (random() - 0.5) * 20);
  const plainVector = (n) => ({ x: n(), y: n(), z: n() });
  const vector = () => pick([
    () => plainVector(goodNumber), () => plainVector(goodNumber), () => plainVector(number), () => number(),
    () => new Proxy(plainVector(goodNumber), {}),
    () => Object.defineProperty(plainVector(goodNumber), 'y', { get() { throw new Error('getter says no'); } }),
    () => Object.defineProperty(plainVector(goodNumber), 'z', {
      get() { c3d.intersects({ type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: 1 }, { type: 'point', position: { x: 5, y: 0, z: 0 } }); return 1; },
    }),
    () => Object.defineProperty(plainVector(goodNumber), 'x', { get() { new c3d.AabbTree().dispose(); return 0; } }),
  ])();
  const rotation = () => pick([
    () => [1, 0, 0, 0, 1, 0, 0, 0, 1], () => [0, 1, 0, -1, 0, 0, 0, 0, 1], () => Array.from({ length: 9 }, number),
    () => [1, 0, 0], () => new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), () => undefined, () => number(),
  ])();
  // A convex shape's points: vectors, x, y, z numbers, or neither.
  const points = () => pick([
    () => Array.from({ length: Math.floor(random() * 7) }, vector),
    () => new Float64Array(Array.from({ length: 3 * Math.floor(random() * 6) }, goodNumber)), () => numbers(3), () => number(),
  ])();
  const field = (name) => (name === 'points' ? points() : name === 'rotation' ? rotation()
    : name === 'planes' ? Array.from({ length: chance(0.9) ? 6 : 5 }, () => ({ normal: vector(), constant: goodNumber() }))
      : SCALARS.has(name) ? (chance(0.8) ? Math.abs(goodNumber()) : number()) : vector());
  const shape = (type = pick(TYPES)) => {
    if (chance(0.03)) return number();
    if (type === 'convex' && chance(0.3)) return pick(object(c3d.ConvexHull)) ?? shape('sphere');  // live or disposed
    const s = { type };
    for (const name of FIELDS[type]) if (chance(0.97)) s[name] = field(name);
    return chance(0.05) ? new Proxy(s, {}) : s;
  };
  const caster = () => shape(pick(['ray', 'line', 'segment', 'ray', 'sphere']));
  const options = () => pick([
    () => undefined, () => ({}), () => ({ maxDistance: number() }), () => ({ solid: chance(0.5) }),
    () => ({ backfaceCulling: number() }), () => ({ epsilon: number() }), () => number(), () => ({ hits: pick(['first', 'any', 'all', 'most']) }),
  ])();

  const detached = (Type, n) => {
    const array = new Type(n);
    structuredClone(array.buffer, { transfer: [array.buffer] });
    return array;
  };
  const numbers = (stride) => {
    const count = Math.floor(random() * 5) * stride + (chance(0.1) ? 1 : 0);
    const fill = (a) => {
      for (let i = 0; i < a.length; ++i) {
        const x = chance(0.97) ? goodNumber() : number();
        a[i] = typeof x === 'number' ? x : 0;  // NaN, infinities, extremes; what a typed array cannot hold, 0
      }
      return a;
    };
    return pick([
      () => fill(new Float32Array(count)), () => fill(new Float64Array(count)), () => detached(Float32Array, count),
      () => fill(new Float32Array(new SharedArrayBuffer(4 * count))), () => fill(new Float64Array(count + 2)).subarray(1, count + 1),
      () => fill(new Int32Array(count)), () => Array.from({ length: count }, goodNumber), () => heapArray(Float32Array, count),
      () => number(),
    ])();
  };
  const heapArray = (Type, count) => {
    try {
      const h = kept(new c3d.HeapArray(Type, count));
      h.array.fill(1);
      if (chance(0.2)) h.dispose();
      return h;
    } catch (error) {
      return number();
    }
  };
  // Mesh against mesh: another mesh (some disposed), or not one; a placement that is one (rotated, scaled, mirrored,
  // singular, as elements or a Matrix4), or not (wrong length, bad numbers, projective, a getter calling collide3d).
  const otherMesh = () => (chance(0.8) ? pick(object(c3d.TriangleMesh)) : pick([number(), shape(), new Proxy({}, {}), c3d]));
  const placement = () => pick([
    () => undefined, () => new THREE.Matrix4().makeRotationAxis(new THREE.Vector3(1, 2, 3).normalize(), 6 * random())
      .scale(new THREE.Vector3(goodNumber(), goodNumber(), goodNumber())).setPosition(goodNumber(), goodNumber(), goodNumber()),
    () => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, goodNumber(), goodNumber(), goodNumber(), 1], () => Array.from({ length: 16 }, number),
    () => new Float32Array(15), () => new THREE.Matrix4().makePerspective(-1, 1, 1, -1, 1, 10), () => number(),
    () => ({ isMatrix4: true, get elements() { new c3d.AabbTree().dispose(); return new THREE.Matrix4().elements; } }),
  ])();
  // Usable shapes of float numbers (mostly small integers: touching, grazing, through edges and corners) in one batch
  // raycast, long enough for its SIMD blocks: each pair's t must be the single call's (its lanes' answers, bit for bit).
  function batchAgreesWithSingleCalls() {
    const usable = (type) => {
      const s = { type };
      for (const name of FIELDS[type]) {
        s[name] = SCALARS.has(name) ? Math.abs(Math.fround(goodNumber())) : plainVector(() => Math.fround(goodNumber()));
      }
      return s;
    };
    const casterType = pick(['ray', 'segment']), targetType = pick(['triangle', 'plane', 'sphere', 'aabb']);
    const pairs = 1 + Math.floor(random() * 9);
    const casters = Array.from({ length: pairs }, () => usable(casterType));
    const targets = Array.from({ length: pairs }, () => usable(targetType));
    const Type = pick([Float32Array, Float64Array]);
    let sides;
    try {
      sides = [c3d.packItems(casters, Type), c3d.packItems(targets, Type)];
    } catch {
      return;  // a zero direction, normal or an empty box: not shapes, refused by name (the other calls test that)
    }
    const opts = pick([undefined, { maxDistance: Math.abs(goodNumber()) }, { backfaceCulling: true }, { solid: false }]);
    const t = c3d.raycastBatch(sides[0], sides[1], opts);
    for (let i = 0; i < pairs; ++i) {
      const hit = c3d.raycast(casters[i], targets[i], opts);
      expect(t[i], `pair ${i} of ${casterType}–${targetType}`).toBe(hit ? hit.t : Infinity);
    }
  }
  const batchSide = (type = pick(TYPES)) => ({ type, items: numbers({ sphere: 4, aabb: 6, ray: 6, segment: 6, plane: 4, triangle: 9 }[type] ?? 3) });
  const object = (kind) => live.filter((o) => o instanceof kind);
  const kept = (o) => (live.push(o), o);

  const calls = [
    () => c3d.intersects(shape(), shape()),
    () => c3d.raycast(caster(), shape(), options()),
    // A per-pair entry, given mostly shapes of its own types.
    () => {
      const a = pick(TYPES), b = pick(TYPES);
      return c3d.intersectsOf(a, b)(shape(chance(0.9) ? a : undefined), shape(chance(0.9) ? b : undefined));
    },
    () => {
      const a = pick(['ray', 'line', 'segment', 'sphere']), b = pick(TYPES);
      return c3d.raycastOf(a, b)(shape(chance(0.9) ? a : undefined), shape(chance(0.9) ? b : undefined), options());
    },
    () => c3d.classify(shape('plane'), shape(), options()),
    () => c3d.sweep(shape(), vector(), shape()),
    () => c3d.intersection(shape(), shape()),
    () => c3d.distance(shape(), shape()),
    () => c3d.closestPoints(shape(), shape()),
    () => c3d.contact(shape(), shape()),
    () => c3d.gjkTrace(shape(), shape()),
    () => c3d.separatingAxis(shape(pick(['aabb', 'obb'])), shape(pick(['aabb', 'obb', 'sphere']))),
    () => c3d.orthonormalBasis(vector()),
    () => c3d.intersectsBatch(batchSide(), batchSide(), chance(0.5) ? undefined : numbers(1)),
    () => c3d.raycastBatch(batchSide(pick(['ray', 'segment'])), batchSide(), options(), chance(0.7) ? undefined : numbers(1)),
    () => batchAgreesWithSingleCalls(),
    () => c3d.cullSpheres(shape('frustum'), numbers(4), chance(0.7) ? undefined : numbers(1)),
    () => c3d.cullBoxes(shape('frustum'), numbers(6), chance(0.7) ? undefined : numbers(1)),
    () => c3d.allPairs(numbers(6), pick([undefined, null, {}, { part: number(), parts: number() }, { part: 0, parts: 3 }, 2])),
    () => heapArray(pick([Float32Array, Float64Array, Uint8Array, Int32Array, Array, undefined]), pick([0, 3, -1, 1.5, 2 ** 40, number()])),
    () => {
      const positions = chance(0.8) ? new Float32Array(Array.from({ length: 9 * (1 + Math.floor(random() * 4)) }, goodNumber)) : numbers(3);
      const index = chance(0.5) ? undefined : pick([new Uint32Array([0, 1, 2]), new Uint16Array([0, 1, 9]), numbers(3), null]);
      kept(new c3d.TriangleMesh(positions, index));
    },
    () => {
      kept(new c3d.AabbTree(pick([undefined, {}, { margin: number() }, number()])));
    },
    () => kept(new c3d.ConvexHull(points())),
    () => {
      const hull = pick(object(c3d.ConvexHull)) ?? kept(new c3d.ConvexHull([{ x: 0, y: 0, z: 0 }]));
      pick([() => hull.vertices, () => hull.faces, () => hull.triangles, () => hull.sourceIndex, () => hull.dimension, () => hull.dispose()])();
    },
    () => {
      const mesh = pick(object(c3d.TriangleMesh)) ?? kept(new c3d.TriangleMesh(new Float32Array(9)));
      pick([
        () => mesh.raycast(caster(), options()), () => mesh.intersects(shape()), () => mesh.closestPoint(vector()),
        () => mesh.traceRaycast(caster(), pick([undefined, options(), { depth: pick([0, 3, 60, 61, -1, 1.5, number()]) }])),
        () => mesh.sweep(shape(), vector()),
        () => mesh.raycastBatch?.(numbers(6), options()), () => mesh.refit(numbers(3)), () => mesh.dispose(),
        () => mesh.intersectsMesh(otherMesh(), placement()), () => mesh.closestPointsToMesh(otherMesh(), placement()),
        () => mesh.contacts(shape(), pick([undefined, {}, { minDepth: number() }, number()])), () => mesh.closestPoints(shape()),
      ])();
    },
    () => {
      const tree = pick(object(c3d.AabbTree)) ?? kept(new c3d.AabbTree());
      pick([
        () => tree.insert(shape('aabb')), () => tree.insertMany(numbers(6)),
        () => tree.update(pick([0, 1, -1, 1e9, number()]), shape('aabb')),
        () => tree.remove(pick([0, 1, number()])), () => tree.has(number()), () => tree.query(shape()),
        () => tree.raycast(caster(), options()), () => tree.raycastAll(caster(), options()), () => tree.pairs(),
        () => tree.dispose(),
      ])();
    },
    () => {
      const opts = pick([undefined, null, {}, { kind: pick(['points', 'line', 'lineSegments', 'triangles', number()]) },
        { index: pick([new Uint32Array([0, 1, 1, 2]), new Uint8Array([0, 9]), numbers(2), null]), kind: 'lineSegments' }, number()]);
      kept(new c3d.SegmentTree(chance(0.7) ? new Float32Array(Array.from({ length: 3 * Math.floor(random() * 6) }, goodNumber)) : numbers(3), opts));
    },
    () => {
      const segments = pick(object(c3d.SegmentTree)) ?? kept(new c3d.SegmentTree(new Float32Array(6)));
      pick([() => segments.near(caster(), chance(0.7) ? Math.abs(goodNumber()) : number(), options()), () => segments.dispose()])();
    },
    () => {
      const mesh = pick(object(c3d.TriangleMesh)) ?? kept(new c3d.TriangleMesh(new Float32Array(9)));
      const image = mesh.serialize();
      const bytes = new Uint8Array(image.buffer.slice(0));
      for (let k = Math.floor(random() * 4); k > 0; --k) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      kept(c3d.TriangleMesh.deserialize(pick([image, image.buffer, bytes, bytes.subarray(0, Math.floor(random() * bytes.length)), numbers(1), {}])));
    },
    () => {
      // A character through a world of live, disposed or wrong objects, with options in and out of range.
      const world = () => pick([
        () => pick(object(c3d.TriangleMesh)), () => pick(object(c3d.AabbTree)), () => [...live].slice(0, 3),
        () => [], () => number(), () => [shape()], () => new Proxy([pick(object(c3d.TriangleMesh))], {}),
      ])();
      const characterOptions = () => pick([
        () => undefined, () => ({}), () => ({ up: vector() }), () => ({ maxSlope: number() }),
        () => ({ stepHeight: number(), snapToGround: number() }), () => ({ maxIterations: pick([1, 32, 0, 33, 2.5, number()]) }),
        () => ({ skinWidth: number() }), () => ({ stepHeight: Math.abs(goodNumber()), snapToGround: Math.abs(goodNumber()), up: vector() }),
        () => number(),
      ])();
      const move = chance(0.5) ? c3d.moveAndSlide : c3d.traceMoveAndSlide;
      move(shape(pick(['sphere', 'capsule', 'aabb', 'obb', 'sphere', 'capsule', 'point'])), vector(), world(), characterOptions());
    },
    () => c3d.packItems(pick([() => [shape()], () => [shape(), shape()], () => [], () => shape(), () => number()])(),
      pick([undefined, Float32Array, Float64Array, Int8Array, number()])),
    () => threeCall(),
  ];

  // The drop-in on three.js objects whose geometry, placement and raycaster are drawn: positions with non-finite
  // numbers, indices beyond the vertices, draw ranges and groups anywhere, singular and non-finite matrices.
  const meshNumbers = (count) => Array.from({ length: count }, () => (chance(0.97) ? goodNumber() : pick([NaN, Infinity, 1e300, 2 ** -140])));
  function threeCall() {
    const geometry = new THREE.BufferGeometry();
    const vertices = Math.floor(random() * 9);
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(meshNumbers(3 * vertices), 3));
    if (chance(0.6)) geometry.setIndex(Array.from({ length: 3 * Math.floor(random() * 5) }, () => Math.floor(random() * (vertices + 2))));
    if (chance(0.3)) geometry.setDrawRange(Math.floor(random() * 9) - 2, pick([Infinity, Math.floor(random() * 9)]));
    const materials = [0, 1, 2].map((side) => new THREE.MeshBasicMaterial({ side }));
    if (chance(0.3)) for (let g = Math.floor(random() * 3); g > 0; --g) geometry.addGroup(Math.floor(random() * 12), Math.floor(random() * 12), Math.floor(random() * 3));
    const material = geometry.groups.length > 0 && chance(0.5) ? materials : pick(materials);
    const kind = pick(['mesh', 'instanced', 'batched', 'points', 'line', 'scene']);
    let object;
    if (kind === 'instanced') {
      object = new THREE.InstancedMesh(geometry, material, 3);
      for (let i = 0; i < 3; ++i) object.setMatrixAt(i, new THREE.Matrix4().fromArray(meshNumbers(16)));
    } else if (kind === 'batched') {
      object = new THREE.BatchedMesh(4, 64, 64, pick(materials));
    } else {
      object = kind === 'points' ? new THREE.Points(geometry) : kind === 'line' ? new THREE.LineSegments(geometry)
        : new THREE.Mesh(geometry, material);
    }
    object.matrixAutoUpdate = false;
    object.matrixWorld.fromArray(chance(0.8) ? [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1].map((x) => x * (1 + goodNumber() / 8)) : meshNumbers(16));
    const raycaster = new THREE.Raycaster(new THREE.Vector3(...meshNumbers(3)), new THREE.Vector3(...meshNumbers(3)).normalize(),
      chance(0.8) ? 0 : goodNumber(), chance(0.8) ? Infinity : goodNumber());
    raycaster.firstHitOnly = chance(0.5);
    raycaster.params.Points.threshold = raycaster.params.Line.threshold = Math.abs(goodNumber());
    // Kept alive until disposed: the trees made for an object are freed with its geometry's tree, or by the garbage
    // collector if the object goes first (which this test cannot wait for).
    live.push({ object, dispose: () => disposeBoundsTree.call(geometry) });
    try {
      if (kind === 'batched') {
        if (vertices >= 3 && geometry.index === null && chance(0.8)) object.setMatrixAt(object.addInstance(object.addGeometry(geometry)), new THREE.Matrix4());
        computeBatchedBoundsTree.call(object);
        live.push({ dispose: () => disposeBatchedBoundsTree.call(object) });
      } else {
        computeBoundsTree.call(geometry, chance(0.8) ? undefined : { kind: pick(['points', 'line', 'lineSegments', 'cube']) });
      }
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('THREE.')) throw error;  // three.js's own refusals pass
      return;
    }
    if (kind === 'scene') {
      const index = new SceneIndex(object);
      live.push(index);
      index.intersectObjects(raycaster);
    } else {
      acceleratedRaycast.call(object, raycaster, []);
    }
  }
  // Pool calls: batches long enough to be cut into parts (usable numbers, now and then one bad number anywhere), with
  // the fuzzer's options and frustums; each a [name, arguments] pair the pool and the calling thread both take.
  const ITEM_SIZES = { ray: 6, segment: 6, sphere: 4, aabb: 6, triangle: 9, plane: 4, cylinder: 7, capsule: 7 };
  // Usable items (a radius >= 0, a box's min <= max; other rules hold almost surely for numbers not small integers).
  const longNumbers = (count, stride) => {
    const a = new (pick([Float32Array, Float64Array]))(count * stride);
    for (let i = 0; i < a.length; ++i) a[i] = (random() - 0.5) * 20;
    for (let o = 0; o < a.length; o += stride) {
      if (stride === 4 || stride === 7) a[o + stride - 1] = Math.abs(a[o + stride - 1]);
      if (stride === 6) for (let k = 0; k < 3; ++k) if (a[o + k] > a[o + k + 3]) [a[o + k], a[o + k + 3]] = [a[o + k + 3], a[o + k]];
    }
    if (a.length > 0 && chance(0.3)) a[Math.floor(random() * a.length)] = pick([NaN, Infinity, -1, 0, 2 ** 127]);
    return chance(0.9) ? a : numbers(stride);
  };
  const longSides = (typesA, typesB) => {
    const count = Math.floor(random() * 3500), typeA = pick(typesA), typeB = pick(typesB);
    const a = { type: typeA, items: longNumbers(chance(0.1) ? 1 : count, ITEM_SIZES[typeA]) };
    return [a, { type: typeB, items: longNumbers(chance(0.1) ? 1 : count, ITEM_SIZES[typeB]) }];
  };
  const targets = Object.keys(ITEM_SIZES);
  // Boxes of sides up to 1 in a cube of side 20 (a few pairs a box, as a broadphase sees), now and then touching or
  // with one bad number.
  const smallBoxes = (count) => {
    const boxes = longNumbers(count, 6);
    if (boxes.length !== 6 * count) return boxes;
    for (let i = 0; i < count; ++i) {
      for (let k = 0; k < 3; ++k) {
        const lo = boxes[6 * i + k];
        if (Number.isFinite(lo) && Number.isFinite(boxes[6 * i + k + 3])) boxes[6 * i + k + 3] = chance(0.1) ? lo : lo + random();
      }
    }
    return boxes;
  };
  const poolCalls = [
    () => ['raycastBatch', [...longSides(['ray', 'segment'], targets), options()]],
    () => ['intersectsBatch', longSides(targets, targets)],
    () => ['cullSpheres', [shape('frustum'), longNumbers(Math.floor(random() * 3500), 4)]],
    () => ['cullBoxes', [shape('frustum'), longNumbers(Math.floor(random() * 3500), 6)]],
    () => ['meshRaycastBatch', [longNumbers(Math.floor(random() * 3500), 6), options()]],
    () => ['allPairs', [smallBoxes(Math.floor(random() * 5000))]],
  ];
  return { calls, live, pick, poolCall: () => pick(poolCalls)() };
}

// Known answers, checked before and after: derived by hand.
function knownAnswers() {
  const unit = { type: 'sphere', center: { x: 0, y: 0, z: 0 }, radius: 1 };
  return [
    c3d.intersects(unit, { type: 'sphere', center: { x: 1000, y: 0, z: 0 }, radius: 1 }),  // false
    c3d.intersects(unit, { type: 'sphere', center: { x: 2, y: 0, z: 0 }, radius: 1 }),  // true: touching
    c3d.raycast({ type: 'ray', origin: { x: 0, y: 0, z: 5 }, direction: { x: 0, y: 0, z: -1 } }, unit)?.t,  // 4
    c3d.distance({ type: 'point', position: { x: 0, y: 3, z: 4 } }, unit),  // 4
    Array.from(c3d.allPairs(new Float32Array([0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2]))),  // [0, 1]: corners touch
  ];
}

it(`${CALLS} fuzzed calls return or throw a named collide3d error, and leave the instance as it was`, () => {
  const before = knownAnswers();
  expect(before).toEqual([false, true, 4, 4, [0, 1]]);
  const heap = module.heapBytesInUse();
  const { calls, live, pick } = fuzzer(20261124);
  const thrown = new Map();
  for (let i = 0; i < CALLS; ++i) {
    const call = pick(calls);
    try {
      call();
    } catch (error) {
      const kind = error?.constructor?.name;
      if (!['TypeError', 'RangeError', 'Error'].includes(kind) || !String(error.message).startsWith('collide3d.')) {
        // A getter's own error passes through unchanged; anything else is a defect.
        if (error?.message === 'getter says no') continue;
        throw new Error(`call ${i} (${call.toString().slice(0, 120)}) threw ${kind}: ${error?.message}\n${error?.stack}`);
      }
      thrown.set(kind, (thrown.get(kind) ?? 0) + 1);
    }
  }
  for (const o of live) o.dispose();
  expect(knownAnswers()).toEqual(before);
  expect(module.heapBytesInUse()).toBe(heap);
  // The fuzzer reached every kind of refusal.
  for (const kind of ['TypeError', 'RangeError', 'Error']) expect(thrown.get(kind) ?? 0).toBeGreaterThan(10);
});

// A worker pool against the calling thread on fuzzed batches: the same answers, number for number, or the same error
// (its message naming the pool's call instead); a refusal the pool cannot meet the same way (a getter calling collide3d
// while the calling thread's call writes its arguments) is skipped.
it(`${POOL_CALLS} fuzzed pool calls answer as the calling thread does`, async () => {
  // The calling thread's batch space, grown first to the largest batch below (3,500 pairs of triangles in doubles).
  const triangles = { type: 'triangle', items: new Float64Array(9 * 3500) };
  c3d.intersectsBatch(triangles, triangles);
  const heap = module.heapBytesInUse();
  const { poolCall, live } = fuzzer(20261125);
  const pool = await c3d.createWorkerPool({ workers: 2 });
  const random = mulberry32(3);
  const mesh = new c3d.TriangleMesh(new Float32Array(9 * 300).map(() => Math.round(8 * random() - 4)));
  const pooled = await pool.share(mesh);
  const without = (error) => error.message.replace(/^collide3d\.[\w.]+: /, '');
  let compared = 0, refused = 0;
  for (let i = 0; i < POOL_CALLS; ++i) {
    const [name, args] = poolCall();
    const [onThread, onPool] = name === 'meshRaycastBatch'
      ? [() => mesh.raycastBatch(...args), () => pooled.raycastBatch(...args)] : [() => c3d[name](...args), () => pool[name](...args)];
    let expected, expectedError, got, gotError;
    try {
      expected = onThread();
    } catch (error) {
      expectedError = error;
    }
    if (expectedError?.message.includes('called again while its arguments were being read')) continue;
    try {
      got = await onPool();
    } catch (error) {
      gotError = error;
    }
    const what = `pool call ${i}: ${name}`;
    if (expectedError === undefined) {
      expect(gotError, what).toBeUndefined();
      // allPairs lists its pairs in no particular order: compared as sets.
      const pairs = (p) => Float64Array.from({ length: p.length / 2 }, (_, k) => p[2 * k] * 2 ** 26 + p[2 * k + 1]).sort();
      if (name === 'allPairs') expect(pairs(got), what).toEqual(pairs(expected));
      else expect(got, what).toEqual(expected);
      ++compared;
    } else {
      expect(gotError?.constructor, `${what}: ${expectedError.message}`).toBe(expectedError.constructor);
      expect(without(gotError), what).toBe(without(expectedError));
      ++refused;
    }
  }
  pooled.dispose();
  pool.dispose();
  mesh.dispose();
  for (const o of live) o.dispose();
  expect(module.heapBytesInUse()).toBe(heap);
  console.log(`pool fuzz: ${compared} answers compared, ${refused} refusals`);
  expect(compared).toBeGreaterThan(POOL_CALLS / 5);
  expect(refused).toBeGreaterThan(POOL_CALLS / 10);
}, 120_000 * SCALE);
