// collide3d: the public JavaScript entry. It validates arguments, writes their numbers into a scratch area of the
// wasm heap, calls a bound function that takes only the shapes' type codes, and reads the answer back, so no
// object is converted by embind on the query path; for the commonest pairs a float filter (filters.js) answers
// from those numbers first when it can prove the exact answer. See README.md for the semantics.
import { loadModule } from './load.js';
import { reentered, rangeError, typeError, unsupportedPair } from './errors.js';
import { SHAPE_TYPES, checkShapeSchemas, encodeShape, encodeVector, setNumberRange } from './shapes.js';
import { defineTriangleMesh } from './mesh.js';
import { defineSegmentTree } from './segment-tree.js';
import { defineAabbTree } from './tree.js';
import { defineMoveAndSlide } from './character.js';
import { definePairBatches } from './batch.js';
import { defineHeapArrays } from './heap-array.js';
import { UNDECIDED, intersectsFilter, raycastFilter } from './filters.js';
import { setLoaded } from './loaded.js';

// A fresh vector from f[o..o+2]; + 0 turns -0 into 0 (here and for other returned numbers).
function vec(f, o) {
  return { x: f[o] + 0, y: f[o + 1] + 0, z: f[o + 2] + 0 };
}

function createApi(module) {
  const layout = module.describe();
  checkShapeSchemas(layout.shapes);
  setNumberRange(layout.range);
  const rangeRule = layout.range.rule;
  const { sides: SIDES, intersectionKinds: INTERSECTION_KINDS } = layout;
  const { unsupportedPair: UNSUPPORTED, invalidA: INVALID_A, invalidB: INVALID_B, heapFull: HEAP_FULL } = layout.status;
  const A = layout.a, B = layout.b, OPT = layout.options, OUT = layout.result;
  let f = new Float64Array(module.HEAPF64.buffer, layout.address, layout.size);

  // The scratch view, re-made if memory growth detached it.
  function io() {
    if (f.length === 0) f = new Float64Array(module.HEAPF64.buffer, layout.address, layout.size);
    return f;
  }

  // The last validation failure's field and message, read where the module keeps them (NUL-terminated).
  const text = new TextDecoder();
  function textAt(address) {
    const heap = module.HEAPU8;
    return text.decode(heap.subarray(address, heap.indexOf(0, address)));
  }
  const lastProblem = () => [textAt(layout.problemField), textAt(layout.problemMessage)];

  // Turns a negative status from the module into the error it stands for.
  function failure(status, fn, argA, argB, codeA, codeB) {
    if (status === UNSUPPORTED) return unsupportedPair(fn, SHAPE_TYPES[codeA], SHAPE_TYPES[codeB]);
    if (status === HEAP_FULL) return rangeError(fn, argA, 'needs more memory than the wasm heap can give');
    const [field, message] = lastProblem();
    const arg = status === INVALID_A ? argA : argB;
    return rangeError(fn, field === '' ? arg : `${arg}.${field}`, message);
  }

  // Counts calls into the module. A getter or Proxy in an argument could call collide3d while this call is writing
  // its own arguments into the shared scratch area; the nested call would overwrite them, or grow the memory, which
  // detaches the view being written (the writes after it are lost). Each query checks after writing its arguments
  // (intact) and refuses to run on a scratch area that another call has used or moved meanwhile.
  let calls = 0;
  const intact = (call, view) => call === calls && view.length !== 0;

  // Runs a bound query on two shapes: writes them and up to three option numbers into the scratch area, checks
  // that no other call used the area meanwhile, calls `bound` with the shapes' type codes and returns its status,
  // having turned a negative one into its error. The answer is then in f[OUT...]. A `filter` (filters.js) may
  // return the status first, from the shapes' numbers, when it can prove it.
  function run(bound, fn, argA, a, argB, b, option0, option1, option2, filter) {
    const f = io();
    const call = ++calls;
    const codeA = encodeShape(f, A, a, fn, argA);
    const codeB = encodeShape(f, B, b, fn, argB);
    if (!intact(call, f)) throw reentered(fn);
    if (filter !== undefined) {
      const proven = filter(f, codeA, A, codeB, B);
      if (proven !== UNDECIDED) return proven;
    }
    f[OPT] = option0;
    f[OPT + 1] = option1;
    f[OPT + 2] = option2;
    const status = bound(codeA, codeB);
    if (status < 0) throw failure(status, fn, argA, argB, codeA, codeB);
    return status;
  }

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
    return run(module.intersects, 'intersects', 'a', a, 'b', b, 0, 0, 0, intersectsFilter) === 1;
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

  function raycast(caster, target, opts) {
    const o = options(opts, 'raycast');
    const { maxDistance, backfaceCulling } = raycastOptions(o, 'raycast');
    const solid = o === undefined ? true : flag(o.solid, true, 'raycast', 'solid');
    const status = run(module.raycast, 'raycast', 'caster', caster, 'target', target, maxDistance,
      backfaceCulling ? 1 : 0, solid ? 1 : 0, raycastFilter);
    if (status === 0) return null;
    if (f[OUT + 7] === 0) return { t: f[OUT] + 0, point: vec(f, OUT + 1), normal: vec(f, OUT + 4) };
    return {
      t: f[OUT] + 0, point: vec(f, OUT + 1), normal: vec(f, OUT + 4), u: f[OUT + 8] + 0, v: f[OUT + 9] + 0,
      frontFace: f[OUT + 10] === 1,
    };
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
    return SIDES[run(module.classify, 'classify', 'plane', plane, 'shape', shape, epsilon, 0, 0)];
  }

  const velocity3 = new Float64Array(3);

  function sweep(moving, velocity, target) {
    encodeVector(velocity3, 0, velocity, 'sweep', 'velocity', '');
    const status = run(module.sweep, 'sweep', 'moving', moving, 'target', target,
      velocity3[0], velocity3[1], velocity3[2]);
    if (status === 0) return null;
    return { t: f[OUT] + 0, point: vec(f, OUT + 1), normal: vec(f, OUT + 4) };
  }

  function intersection(a, b) {
    const status = run(module.intersection, 'intersection', 'a', a, 'b', b, 0, 0, 0);
    if (status === 0) return null;
    const kind = INTERSECTION_KINDS[status];
    switch (kind) {
      case 'point': return { kind, point: vec(f, OUT) };
      case 'segment': return { kind, start: vec(f, OUT), end: vec(f, OUT + 3) };
      case 'line': return { kind, origin: vec(f, OUT), direction: vec(f, OUT + 3) };
      case 'circle': return { kind, center: vec(f, OUT), normal: vec(f, OUT + 6), radius: f[OUT + 9] };
      case 'polygon': {
        const points = [];
        for (let k = 0; k < f[OUT + 3]; ++k) points.push(vec(f, OUT + 4 + 3 * k));
        return { kind, points, normal: vec(f, OUT) };
      }
      default: return { kind };
    }
  }

  // closestPoints() and distance() read the same answer.
  function closestPoints(a, b) {
    run(module.closestPoints, 'closestPoints', 'a', a, 'b', b, 0, 0, 0);
    return { pointA: vec(f, OUT), pointB: vec(f, OUT + 3), distance: f[OUT + 6] + 0 };
  }

  function distance(a, b) {
    run(module.closestPoints, 'distance', 'a', a, 'b', b, 0, 0, 0);
    return f[OUT + 6] + 0;
  }

  function contact(a, b) {
    if (run(module.contact, 'contact', 'a', a, 'b', b, 0, 0, 0) === 0) return null;
    return { normal: vec(f, OUT), depth: f[OUT + 3] + 0, pointA: vec(f, OUT + 4), pointB: vec(f, OUT + 7) };
  }

  function separatingAxis(a, b) {
    if (run(module.separatingAxis, 'separatingAxis', 'a', a, 'b', b, 0, 0, 0) === 0) return null;
    return { axis: vec(f, OUT), gap: f[OUT + 3] + 0 };
  }

  function orthonormalBasis(w) {
    const f = io();
    const call = ++calls;  // it writes the scratch area too: a query whose getter calls it must notice
    encodeVector(f, A, w, 'orthonormalBasis', 'w', '');
    if (!intact(call, f)) throw reentered('orthonormalBasis');
    const status = module.orthonormalBasis();
    if (status < 0) throw failure(status, 'orthonormalBasis', 'w', 'w', 0, 0);
    return { u: vec(f, OUT), v: vec(f, OUT + 3), w: vec(f, OUT + 6) };
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

  const { HeapArray, batchArray, valuesOf, place } = defineHeapArrays({ module, batchSpace, beginCall: () => ++calls });

  // The error for a bad item of a batch input (`input`, a batchArray description, at `path`), from where the
  // module found it (io::itemsUsable): a number that is not finite, or an item, a `type`, its validation rejects.
  function badItem(fn, path, type, input) {
    const g = io();
    const at = g[OUT];
    if (g[OUT + 1] === 1) {
      const value = valuesOf(input)[at];
      return rangeError(fn, `${path}[${at}]`, Number.isFinite(value) ? `${rangeRule} (got ${value})` : `must be a finite number (got ${value})`);
    }
    const [field, message] = lastProblem();
    return rangeError(fn, `${path}, ${type} ${at}${field === '' ? '' : `: ${field}`}`, message);
  }

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

  // Culls `items` (Float32Array or Float64Array, or a HeapArray of one; `stride` numbers each) against `frustum`
  // into `visible`.
  function cull(kind, stride, fn, arg, frustum, items, visible) {
    const input = numbersOf(fn, arg, items, stride);
    const count = input.length / stride;
    const output = outputOf(fn, 'visible', visible, Uint8Array, count, 'item', [input]);
    const f = io();
    const call = ++calls;
    const code = encodeShape(f, A, frustum, fn, 'frustum');
    if (!intact(call, f)) throw reentered(fn);
    if (SHAPE_TYPES[code] !== 'frustum') throw typeError(fn, 'frustum.type', '"frustum"', SHAPE_TYPES[code]);
    const heap = place([input], [output]);
    if (call !== calls) throw reentered(fn);
    const status = module.cull(kind, heap.addresses[0], count, input.Type === Float64Array ? 1 : 0, heap.addresses[1]);
    if (status === INVALID_A) throw failure(status, fn, 'frustum', 'frustum', code, code);
    if (status === INVALID_B) throw badItem(fn, arg, kind === 0 ? 'sphere' : 'aabb', input);
    heap.copyOut();
    return output.data;
  }

  function cullSpheres(frustum, spheres, visible) {
    return cull(0, 4, 'cullSpheres', 'spheres', frustum, spheres, visible);
  }

  function cullBoxes(frustum, boxes, visible) {
    return cull(1, 6, 'cullBoxes', 'boxes', frustum, boxes, visible);
  }

  // A copy of the `count` numbers the last call found (io::numbersFound), whose heap memory is then released, copied
  // or not. `fn` and `what` (the argument or object) name the call if JavaScript cannot hold the copy.
  function takeFound(count, fn, what) {
    try {
      const numbers = new Uint32Array(count);
      numbers.set(new Uint32Array(module.HEAPU8.buffer, module.foundAddress(), count));
      return numbers;
    } catch {
      throw rangeError(fn, what, `has ${count} numbers found, more than a JavaScript array can hold here`);
    } finally {
      module.releaseFound();
    }
  }

  // Every overlapping pair among `boxes` (min x, y, z, max x, y, z each): a Uint32Array of i, j, i, j, ... (i < j).
  function allPairs(boxes) {
    const input = numbersOf('allPairs', 'boxes', boxes, 6);
    const call = ++calls;
    const heap = place([input], []);
    if (call !== calls) throw reentered('allPairs');
    const count = input.length / 6;
    const status = module.allPairs(heap.addresses[0], count, input.Type === Float64Array ? 1 : 0);
    if (status === INVALID_B) throw badItem('allPairs', 'boxes', 'aabb', input);
    if (status === HEAP_FULL) {
      throw rangeError('allPairs', 'boxes', `(${count} boxes): their pairs need more memory than the wasm heap can give`);
    }
    return takeFound(2 * status, 'allPairs', 'boxes');
  }

  // Every (query, a, b) the module answers; `a`/`b` are shape types.
  const supported = Object.freeze(module.supportedPairs().trim().split('\n').map((line) => {
    const [query, a, b] = line.split(':');
    return Object.freeze({ query, a, b });
  }));

  // The pattern of the mesh and tree methods that take one shape: writes `shape` into argument A, lets `before(f)`
  // read and write options, checks that no other call used the scratch area meanwhile, runs bound(code), and turns
  // a failing status into its error (`unsupported(type)` makes the one for a shape type the method does not take).
  function runOnShape(fn, arg, shape, bound, unsupported, before) {
    const f = io();
    const call = ++calls;
    const code = encodeShape(f, A, shape, fn, arg);
    if (before !== undefined) before(f);
    if (!intact(call, f)) throw reentered(fn);
    const status = bound(code);
    if (status === UNSUPPORTED) throw unsupported(SHAPE_TYPES[code]);
    if (status < 0) throw failure(status, fn, arg, arg, code, code);
    return status;
  }
  const notACaster = (fn) => (type) => typeError(fn, 'caster.type', "'ray', 'line' or 'segment'", type);

  const shared = {
    module, A, OPT, OUT, status: layout.status, vec, io, options, flag, raycastOptions, failure, numbersOf, outputOf,
    batchArray, valuesOf, place, badItem, takeFound, runOnShape, notACaster, FLOATS, FLOATS_EXPECTED,
    beginCall: () => ++calls,
    // `view`: the scratch view the call wrote before user code ran, if any (intact).
    checkCall: (call, fn, view) => {
      if (call !== calls || (view !== undefined && view.length === 0)) throw reentered(fn);
    },
  };
  const { TriangleMesh, addressIfOwned: meshAddress } = defineTriangleMesh(shared);
  const SegmentTree = defineSegmentTree(shared);
  const { AabbTree, addressIfOwned: treeAddress } = defineAabbTree(shared);
  const moveAndSlide = defineMoveAndSlide(shared, meshAddress, treeAddress);
  const sizes = Object.fromEntries(SHAPE_TYPES.map((type) => [type, layout.shapes[type].size]));
  const { intersectsBatch, raycastBatch } = definePairBatches(shared, sizes);

  const api = {
    intersects, raycast, classify, sweep, intersection, distance, closestPoints, contact, separatingAxis, orthonormalBasis,
    intersectsBatch, raycastBatch, cullSpheres, cullBoxes, allPairs, TriangleMesh, SegmentTree, AabbTree, HeapArray,
    moveAndSlide, supported,
  };
  // For collide3d's own tests (heap accounting); not part of the API.
  Object.defineProperty(api, Symbol.for('collide3d.module'), { value: module });
  Object.freeze(api);
  setLoaded(api);
  return api;
}

let ready;

// Compiles and instantiates the wasm module once; later calls return the same instance.
// `options` may set `wasmBinary` (the bytes of collide3d.wasm) or `locateFile(name, directory)` (where to find it);
// without them the module loads collide3d.wasm from beside its glue (load.js).
export function init(options = {}) {
  if (ready === undefined) {
    ready = loadModule(options).then(createApi);
    ready.catch(() => {
      ready = undefined;  // let a later call try again
    });
  }
  return ready;
}

export default init;
