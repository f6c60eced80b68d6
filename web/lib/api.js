// The API over one instance of the wasm module. Each query validates its arguments, writes their numbers into the
// scratch area (boundary.js), calls a bound function that takes only the shapes' type codes, and reads the answer
// back, so no object is converted by embind on the query path; for the commonest pairs a float filter (filters.js)
// answers from those numbers first when it can prove the exact answer. See README.md for the semantics.
import { rangeError, typeError, unsupportedPair } from './errors.js';
import {
  SHAPE_ENCODERS, SHAPE_TYPES, defineBoundary, encodeShape, encodeVector, shapeOf, supportedPairs, vec,
} from './boundary.js';
import { defineTriangleMesh } from './mesh.js';
import { defineSegmentTree } from './segment-tree.js';
import { defineAabbTree } from './tree.js';
import { defineMoveAndSlide } from './character.js';
import { defineConvexHull } from './convex.js';
import { defineGjkTrace } from './trace.js';
import { definePairBatches } from './batch.js';
import { defineHeapArrays } from './heap-array.js';
import { FILTERS } from './filters.js';
import { CODES, defineFilterSwitches, definePairEntries } from './pair-entries.js';

export function createApi(module, compiled) {
  const boundary = defineBoundary(module);
  if (SHAPE_TYPES.length !== Object.keys(CODES).length || SHAPE_TYPES.some((type, code) => CODES[type] !== code)) {
    throw new Error('collide3d: web/lib/pair-entries.js was generated for other shape codes than the wasm module\'s ' +
      '(node scripts/pair-entries.mjs --write)');
  }
  const { intersectsFilter, raycastFilter } = defineFilterSwitches(FILTERS);
  const {
    A, B, OPT, OUT, io, layout, run, finish, failure, badItem, beginCall, checkCall, beginShapes, takeFound,
  } = boundary;
  const { invalidA: INVALID_A, invalidB: INVALID_B, heapFull: HEAP_FULL } = boundary.status;
  const SIDES = boundary.sides, INTERSECTION_KINDS = boundary.intersectionKinds;

  const RAYCAST_OPTIONS = layout('raycastOptions', 'maxDistance:number backfaceCulling:bool solid:bool');
  const RAYCAST_SLOTS = [OPT + RAYCAST_OPTIONS.maxDistance, OPT + RAYCAST_OPTIONS.backfaceCulling, OPT + RAYCAST_OPTIONS.solid];
  const CLASSIFY_SLOTS = [OPT + layout('classifyOptions', 'epsilon:number').epsilon];
  const VELOCITY = OPT + layout('sweepOptions', 'velocity:vec3').velocity;
  const SWEEP_SLOTS = [VELOCITY, VELOCITY + 1, VELOCITY + 2];
  const NO_SLOTS = [];
  const HIT = layout('raycastHit', 't:number point:vec3 normal:vec3 hasBarycentric:bool u:number v:number frontFace:bool');
  const SWEEP = layout('sweepHit', 't:number point:vec3 normal:vec3');
  const SET = layout('intersection', 'p0:vec3 p1:vec3 normal:vec3 radius:number count:integer corners:vec3*6');
  const CLOSEST = layout('closestPoints', 'pointA:vec3 pointB:vec3 distance:number');
  const CONTACT = layout('contact', 'normal:vec3 depth:number pointA:vec3 pointB:vec3');
  const SEPARATION = layout('separation', 'axis:vec3 gap:number');
  const BASIS = layout('basis', 'u:vec3 v:vec3 w:vec3');

  // A raycast hit at g[o...] (the raycastHit layout): u, v and frontFace only where the target has barycentrics.
  function hitAt(g, o) {
    const t = g[o + HIT.t] + 0, point = vec(g, o + HIT.point), normal = vec(g, o + HIT.normal);
    if (g[o + HIT.hasBarycentric] === 0) return { t, point, normal };
    return { t, point, normal, u: g[o + HIT.u] + 0, v: g[o + HIT.v] + 0, frontFace: g[o + HIT.frontFace] === 1 };
  }
  const contactAt = (g, o) => ({
    normal: vec(g, o + CONTACT.normal), depth: g[o + CONTACT.depth] + 0, pointA: vec(g, o + CONTACT.pointA),
    pointB: vec(g, o + CONTACT.pointB),
  });

  function options(opts, fn) {
    if (opts === undefined || opts === null) return undefined;
    if (typeof opts !== 'object') throw typeError(fn, 'opts', 'an object', opts);
    return opts;
  }

  function flag(value, fallback, fn, name) {
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') throw typeError(fn, `opts.${name}`, 'a boolean', value);
    return value;
  }

  function intersects(a, b) {
    return run(module.intersects, 'intersects', 'a', a, 'b', b, NO_SLOTS, 0, 0, 0, intersectsFilter) === 1;
  }

  // maxDistance and backfaceCulling from raycast options `o` (already checked to be an object, or undefined).
  function raycastOptions(o, fn) {
    let maxDistance = Infinity, backfaceCulling = false;
    if (o !== undefined) {
      const limit = o.maxDistance;
      if (limit !== undefined) {
        if (typeof limit !== 'number' || Number.isNaN(limit)) throw typeError(fn, 'opts.maxDistance', 'a number', limit);
        maxDistance = limit;
      }
      backfaceCulling = flag(o.backfaceCulling, false, fn, 'backfaceCulling');
    }
    return { maxDistance, backfaceCulling };
  }

  // raycast's options, read and checked: { maxDistance, backfaceCulling, solid }; without options one shared object,
  // so that the commonest call allocates nothing even where V8 does not inline the reader.
  const RAYCAST_DEFAULTS = Object.freeze({ maxDistance: Infinity, backfaceCulling: false, solid: true });
  function raycastSettings(opts) {
    if (opts === undefined) return RAYCAST_DEFAULTS;
    const o = options(opts, 'raycast');
    const { maxDistance, backfaceCulling } = raycastOptions(o, 'raycast');
    return { maxDistance, backfaceCulling, solid: o === undefined ? true : flag(o.solid, true, 'raycast', 'solid') };
  }

  function raycast(caster, target, opts) {
    const o = raycastSettings(opts);
    const status = run(module.raycast, 'raycast', 'caster', caster, 'target', target, RAYCAST_SLOTS, o.maxDistance,
      o.backfaceCulling ? 1 : 0, o.solid ? 1 : 0, raycastFilter);
    return status === 0 ? null : hitAt(io(), OUT);
  }

  function classify(plane, shape, opts) {
    if (plane !== null && typeof plane === 'object' && plane.type !== 'plane') {
      throw typeError('classify', 'plane.type', "'plane'", plane.type);
    }
    const o = options(opts, 'classify');
    let epsilon = 0;
    const slab = o === undefined ? undefined : o.epsilon;
    if (slab !== undefined) {
      if (!Number.isFinite(slab)) throw typeError('classify', 'opts.epsilon', 'a finite number', slab);
      if (slab < 0) throw rangeError('classify', 'opts.epsilon', `must be >= 0 (got ${slab})`);
      epsilon = slab;
    }
    return SIDES[run(module.classify, 'classify', 'plane', plane, 'shape', shape, CLASSIFY_SLOTS, epsilon, 0, 0)];
  }

  // The per-pair entries (pair-entries.js): the same answers and errors as intersects and raycast, for shapes of
  // the two types named when the entry was taken. They finish in the module through these.
  const intersectsIn = (f, codeA, codeB) =>
    finish(f, module.intersects, 'intersects', 'a', 'b', codeA, codeB, NO_SLOTS, 0, 0, 0);
  function raycastIn(f, codeA, codeB, o) {
    const status = finish(f, module.raycast, 'raycast', 'caster', 'target', codeA, codeB, RAYCAST_SLOTS, o.maxDistance,
      o.backfaceCulling ? 1 : 0, o.solid ? 1 : 0);
    return status === 0 ? null : hitAt(io(), OUT);
  }
  const ENTRIES = definePairEntries(SHAPE_ENCODERS, FILTERS, {
    A, B, io, beginShapes, checkCall, shapeOf, intersectsIn, raycastIn, raycastSettings,
  });
  const TYPE_NAMES = SHAPE_TYPES.map((t) => `'${t}'`).join(', ');
  // The entry of `query` for shapes of types typeA, typeB (named argA, argB in errors), called `fn`.
  const entryOf = (query, fn, argA, argB) => (typeA, typeB) => {
    for (const [arg, type] of [[argA, typeA], [argB, typeB]]) {
      if (!SHAPE_TYPES.includes(type)) throw typeError(fn, arg, `one of ${TYPE_NAMES}`, type);
    }
    const key = `${typeA} ${typeB}`;
    if (!Object.hasOwn(ENTRIES[query], key)) throw unsupportedPair(fn, typeA, typeB);
    return ENTRIES[query][key];
  };
  const intersectsOf = entryOf('intersects', 'intersectsOf', 'typeA', 'typeB');
  const raycastOf = entryOf('raycast', 'raycastOf', 'casterType', 'targetType');

  const velocity3 = new Float64Array(3);

  function sweep(moving, velocity, target) {
    encodeVector(velocity3, 0, velocity, 'sweep', 'velocity', '');
    const status = run(module.sweep, 'sweep', 'moving', moving, 'target', target, SWEEP_SLOTS,
      velocity3[0], velocity3[1], velocity3[2]);
    if (status === 0) return null;
    const f = io();
    return { t: f[OUT + SWEEP.t] + 0, point: vec(f, OUT + SWEEP.point), normal: vec(f, OUT + SWEEP.normal) };
  }

  function intersection(a, b) {
    const status = run(module.intersection, 'intersection', 'a', a, 'b', b, NO_SLOTS, 0, 0, 0);
    if (status === 0) return null;
    const kind = INTERSECTION_KINDS[status];
    const f = io(), p0 = OUT + SET.p0, p1 = OUT + SET.p1;
    switch (kind) {
      case 'point': return { kind, point: vec(f, p0) };
      case 'segment': return { kind, start: vec(f, p0), end: vec(f, p1) };
      case 'line': return { kind, origin: vec(f, p0), direction: vec(f, p1) };
      case 'circle': return { kind, center: vec(f, p0), normal: vec(f, OUT + SET.normal), radius: f[OUT + SET.radius] };
      case 'polygon': {
        const points = [];
        for (let k = 0; k < f[OUT + SET.count]; ++k) points.push(vec(f, OUT + SET.corners + 3 * k));
        return { kind, points, normal: vec(f, OUT + SET.normal) };
      }
      default: return { kind };
    }
  }

  // closestPoints() and distance() read the same answer.
  function closestPoints(a, b) {
    run(module.closestPoints, 'closestPoints', 'a', a, 'b', b, NO_SLOTS, 0, 0, 0);
    const f = io();
    return { pointA: vec(f, OUT + CLOSEST.pointA), pointB: vec(f, OUT + CLOSEST.pointB), distance: f[OUT + CLOSEST.distance] + 0 };
  }

  function distance(a, b) {
    run(module.closestPoints, 'distance', 'a', a, 'b', b, NO_SLOTS, 0, 0, 0);
    return io()[OUT + CLOSEST.distance] + 0;
  }

  function contact(a, b) {
    if (run(module.contact, 'contact', 'a', a, 'b', b, NO_SLOTS, 0, 0, 0) === 0) return null;
    return contactAt(io(), OUT);
  }

  function separatingAxis(a, b) {
    if (run(module.separatingAxis, 'separatingAxis', 'a', a, 'b', b, NO_SLOTS, 0, 0, 0) === 0) return null;
    const f = io();
    return { axis: vec(f, OUT + SEPARATION.axis), gap: f[OUT + SEPARATION.gap] + 0 };
  }

  function orthonormalBasis(w) {
    const f = io();
    const call = beginCall();  // it writes the scratch area too: a query whose getter calls it must notice
    encodeVector(f, A, w, 'orthonormalBasis', 'w', '');
    checkCall(call, 'orthonormalBasis', f);
    const status = module.orthonormalBasis();
    if (status < 0) throw failure(status, 'orthonormalBasis', 'w', 'w', 0, 0);
    return { u: vec(f, OUT + BASIS.u), v: vec(f, OUT + BASIS.v), w: vec(f, OUT + BASIS.w) };
  }

  // Heap space for batch inputs and outputs, kept between calls and grown (doubled, or else to just what the call
  // needs) when a call needs more. A malloc may grow the wasm memory, which detaches every view of it: views are made
  // only after it.
  let batch = { address: 0, bytes: 0 };
  function batchSpace(bytes, fn) {
    if (bytes > batch.bytes) {
      let size = Math.max(bytes, 2 * batch.bytes, 65536);
      let address = module._malloc(size);
      if (address === 0) address = module._malloc(size = bytes);
      if (address === 0) throw rangeError(fn, 'the batch', `needs ${bytes} bytes, more than the wasm heap can give`);
      if (batch.address !== 0) module._free(batch.address);
      batch = { address, bytes: size };
    }
    return batch.address;
  }

  const { HeapArray, batchArray, valuesOf, place, copyRange } = defineHeapArrays({ module, batchSpace, beginCall });

  // The error for a bad item of a batch input (`input`, a batchArray description, at `path`).
  const badInput = (fn, path, type, input) => badItem(fn, path, type, valuesOf(input));

  const FLOATS = [Float32Array, Float64Array];
  const FLOATS_EXPECTED = 'a Float32Array or Float64Array, or a HeapArray of one';

  // Batch input numbers (a Float32Array or Float64Array, or a HeapArray of one) of `stride` to an item, checked:
  // its batchArray description.
  function numbersOf(fn, arg, items, stride) {
    const array = batchArray(fn, arg, items, FLOATS, FLOATS_EXPECTED);
    if (array.length % stride !== 0) {
      throw rangeError(fn, `${arg}.length`, `must be a multiple of ${stride} (got ${array.length})`);
    }
    return array;
  }

  // An output array for `count` answers: a new OutType, or `out` checked (an OutType or a HeapArray of one, of
  // length count; not one of the call's `inputs`, batchArray descriptions, which it would overwrite). `noun` names
  // what there is one answer per.
  function outputOf(fn, arg, out, OutType, count, noun, inputs) {
    if (out === undefined) return batchArray(fn, arg, new OutType(count), [OutType], '');
    const array = batchArray(fn, arg, out, [OutType], `a ${OutType.name} or a HeapArray of one`);
    if (array.length !== count) throw rangeError(fn, `${arg}.length`, `must be ${count}, one per ${noun} (got ${array.length})`);
    if (inputs.some((input) => input.data === out)) throw rangeError(fn, arg, 'must not be one of the inputs');
    return array;
  }

  // Culls `items` of shape `type` (Float32Array or Float64Array, or a HeapArray of one: each item's encoded numbers)
  // against `frustum` into `visible`.
  const { sizes } = boundary;
  function cull(type, fn, arg, frustum, items, visible) {
    const stride = sizes[type];
    const input = numbersOf(fn, arg, items, stride);
    const count = input.length / stride;
    const output = outputOf(fn, 'visible', visible, Uint8Array, count, 'item', [input]);
    const f = io();
    const call = beginCall();
    const code = encodeShape(f, A, frustum, fn, 'frustum');
    checkCall(call, fn, f);
    if (SHAPE_TYPES[code] !== 'frustum') throw typeError(fn, 'frustum.type', '"frustum"', SHAPE_TYPES[code]);
    const heap = place([input], [output]);
    checkCall(call, fn);
    const status = module.cull(SHAPE_TYPES.indexOf(type), heap.addresses[0], count, input.Type === Float64Array ? 1 : 0,
      heap.addresses[1]);
    if (status === INVALID_A) throw failure(status, fn, 'frustum', 'frustum', code, code);
    if (status === INVALID_B) throw badInput(fn, arg, type, input);
    heap.copyOut();
    return output.data;
  }

  function cullSpheres(frustum, spheres, visible) {
    return cull('sphere', 'cullSpheres', 'spheres', frustum, spheres, visible);
  }

  function cullBoxes(frustum, boxes, visible) {
    return cull('aabb', 'cullBoxes', 'boxes', frustum, boxes, visible);
  }

  // Every overlapping pair among `boxes` (min x, y, z, max x, y, z each): a Uint32Array of i, j, i, j, ... (i < j).
  // opts.part of opts.parts: that share of the pairs only (each pair is in one share), for threads that split a call.
  function allPairs(boxes, opts) {
    const fn = 'allPairs';
    const input = numbersOf(fn, 'boxes', boxes, sizes.aabb);
    const { part, parts } = shareOf(options(opts, fn), fn);
    const call = beginCall();
    const heap = place([input], []);
    checkCall(call, fn);
    const count = input.length / sizes.aabb;
    const status = module.allPairs(heap.addresses[0], count, input.Type === Float64Array ? 1 : 0, part, parts);
    if (status === INVALID_B) throw badInput(fn, 'boxes', 'aabb', input);
    if (status === HEAP_FULL) {
      throw rangeError(fn, 'boxes', `(${count} boxes): their pairs need more memory than the wasm heap can give`);
    }
    return takeFound(2 * status, fn, 'boxes');
  }

  // allPairs' share, read once and checked: { part, parts }, 0 <= part < parts (the whole: 0 of 1).
  const MAX_PARTS = 65536;  // far more than any machine's threads
  function shareOf(o, fn) {
    let parts = o?.parts, part = o?.part;
    if (parts === undefined) parts = 1;
    if (part === undefined) part = 0;
    if (!Number.isInteger(parts)) throw typeError(fn, 'opts.parts', 'an integer', parts);
    if (parts < 1 || parts > MAX_PARTS) throw rangeError(fn, 'opts.parts', `must be from 1 to ${MAX_PARTS} (got ${parts})`);
    if (!Number.isInteger(part)) throw typeError(fn, 'opts.part', 'an integer', part);
    if (part < 0 || part >= parts) throw rangeError(fn, 'opts.part', `must be from 0 to ${parts - 1}, below opts.parts (got ${part})`);
    return { part, parts };
  }

  /**
   * Shapes of one type (as the single queries take them) packed one after another as batch items, each as the numbers
   * of its fields in the module's order: { type, items }, items a new Float64Array (default) or Float32Array. Each
   * field is read once and its numbers checked (finite, in range); the batch call checks the rest (a radius below 0,
   * min above max) as it checks any items.
   */
  function packItems(shapes, Type = Float64Array) {
    const fn = 'packItems';
    if (!Array.isArray(shapes)) throw typeError(fn, 'shapes', 'an array of shapes', shapes);
    if (Type !== Float64Array && Type !== Float32Array) throw typeError(fn, 'Type', 'Float64Array or Float32Array', Type);
    if (shapes.length === 0) throw rangeError(fn, 'shapes', 'must hold at least one shape');
    const type = shapes[0] !== null && typeof shapes[0] === 'object' ? shapes[0].type : undefined;
    if (type === 'convex' || !Object.hasOwn(sizes, type)) {
      throw typeError(fn, 'shapes[0].type', 'a shape type batches take (not convex)', type);
    }
    const stride = sizes[type], numbers = new Float64Array(stride * shapes.length);
    shapes.forEach((shape, i) => {
      const at = `shapes[${i}]`;
      if (i > 0 && (shape === null || typeof shape !== 'object' || shape.type !== type)) {
        throw typeError(fn, `${at}.type`, `'${type}', as shapes[0]`, shape?.type);
      }
      encodeShape(numbers, stride * i, shape, fn, at);
    });
    return { type, items: Type === Float64Array ? numbers : Float32Array.from(numbers) };
  }

  const supported = Object.freeze(supportedPairs(module));

  const notACaster = (fn) => (type) => typeError(fn, 'caster.type', "'ray', 'line' or 'segment'", type);

  // What the other parts of the API share: the boundary, the option readers, the batch helpers and the compiled
  // module (WebAssembly.Module) that worker threads instantiate.
  const shared = {
    ...boundary, options, flag, raycastOptions, numbersOf, outputOf, batchArray, valuesOf, place, copyRange, badItem: badInput,
    notACaster, FLOATS, FLOATS_EXPECTED, hitAt, contactAt, RAYCAST_SLOTS, compiled,
  };
  const meshes = defineTriangleMesh(shared);
  const { TriangleMesh, addressIfOwned: meshAddress } = meshes;
  const SegmentTree = defineSegmentTree(shared);
  const { AabbTree, addressIfOwned: treeAddress } = defineAabbTree(shared);
  const { moveAndSlide, traceMoveAndSlide } = defineMoveAndSlide(shared, meshAddress, treeAddress);
  const batches = definePairBatches(shared);
  const { intersectsBatch, raycastBatch } = batches;
  // The worker pool's code (worker-pool.js) loads on the first call: most pages never start one.
  let workerPools;
  async function createWorkerPool(opts) {
    workerPools ??= import('./worker-pool.js').then(({ defineWorkerPool }) => defineWorkerPool(shared, batches, meshes));
    return (await workerPools)(opts);
  }
  const ConvexHull = defineConvexHull(shared);
  const gjkTrace = defineGjkTrace(shared);

  const api = {
    intersects, raycast, intersectsOf, raycastOf, classify, sweep, intersection, distance, closestPoints, contact,
    separatingAxis, orthonormalBasis, intersectsBatch, raycastBatch, cullSpheres, cullBoxes, allPairs, TriangleMesh, SegmentTree, AabbTree, HeapArray,
    moveAndSlide, traceMoveAndSlide, ConvexHull, gjkTrace, packItems, supported, createWorkerPool,
  };
  // For collide3d's own tests (heap accounting); not part of the API.
  Object.defineProperty(api, Symbol.for('collide3d.module'), { value: module });
  Object.defineProperty(api, Symbol.for('collide3d.boundary'), { value: boundary });
  return Object.freeze(api);
}

