// Batch forms of the single-pair queries: intersectsBatch and raycastBatch over many pairs in one call
// (cpp/bindings/batch_bindings.cpp). Each side is { type, items }: items holds one shape after another, each as its
// encoded numbers (the order of its fields, as `sizes` and the README list), in a Float32Array or Float64Array, or a
// HeapArray of one (heap-array.js: read in place; typed arrays are copied into the wasm heap, the answers out of it).
import { rangeError, typeError, unsupportedPair } from './errors.js';
import { SHAPE_TYPES } from './boundary.js';

// `shared`: what index.js's API shares with it (`sizes`: each shape type's number of encoded values).
export function definePairBatches(shared) {
  const { module, status: STATUS, sizes, RAYCAST_SLOTS } = shared;
  const TYPE_LIST = SHAPE_TYPES.filter((t) => t !== 'convex').map((t) => `'${t}'`).join(', ');

  function sideOf(fn, arg, side) {
    if (side === null || typeof side !== 'object') throw typeError(fn, arg, '{ type, items }', side);
    const { type, items } = side;
    const code = SHAPE_TYPES.indexOf(type);
    // A convex hull is no list of numbers (its shape is its handle): single queries take it.
    if (code < 0 || type === 'convex') throw typeError(fn, `${arg}.type`, `one of ${TYPE_LIST}`, type);
    const array = shared.batchArray(fn, `${arg}.items`, items, shared.FLOATS, shared.FLOATS_EXPECTED);
    const size = sizes[type];
    if (array.length % size !== 0) {
      throw rangeError(fn, `${arg}.items.length`, `must be a multiple of ${size}, the numbers of one ${type} (got ${array.length})`);
    }
    return { arg, type, code, array, count: array.length / size };
  }

  // Sides a and b checked (names: the argument names): [A, B, pairs], each side { arg, type, code, array, count },
  // a side of one shape paired with every shape of the other.
  function sidesOf(fn, names, a, b) {
    const A = sideOf(fn, names[0], a), B = sideOf(fn, names[1], b);
    if (A.count !== B.count && A.count !== 1 && B.count !== 1) {
      throw rangeError(fn, `${names[1]}.items`, `must hold 1 or ${A.count} shapes, as many as ${names[0]} (got ${B.count})`);
    }
    return [A, B, A.count === 1 ? B.count : A.count];
  }

  // raycastBatch's options, read once and checked: { maxDistance, backfaceCulling, solid }.
  function raycastBatchOptions(opts, fn) {
    const o = shared.options(opts, fn);
    const { maxDistance, backfaceCulling } = shared.raycastOptions(o, fn);
    const solid = o === undefined ? true : shared.flag(o.solid, true, fn, 'solid');
    return { maxDistance, backfaceCulling, solid };
  }

  // Runs `bound` over the pairs of sides a and b (names: the argument names), answers into `out` (OutType, one per
  // pair); `options`: option numbers for the scratch area's `slots`.
  function run(fn, bound, names, a, b, OutType, out, slots, options) {
    const [A, B, pairs] = sidesOf(fn, names, a, b);
    const output = shared.outputOf(fn, 'out', out, OutType, pairs, 'pair', [A.array, B.array]);
    const call = shared.beginCall();
    const heap = shared.place([A.array, B.array], [output]);
    shared.checkCall(call, fn);  // a Proxy's trap while copying could have disposed or moved something
    const f = shared.io();
    options.forEach((value, k) => { f[slots[k]] = value; });
    const [addressA, addressB, answers] = heap.addresses;
    const isDouble = (side) => (side.array.Type === Float64Array ? 1 : 0);
    const status = bound(A.code, addressA, A.count, isDouble(A), B.code, addressB, B.count, isDouble(B), pairs, answers);
    if (status === STATUS.unsupportedPair) throw unsupportedPair(fn, A.type, B.type);
    if (status === STATUS.invalidA || status === STATUS.invalidB) {
      const side = status === STATUS.invalidA ? A : B;
      throw shared.badItem(fn, `${side.arg}.items`, side.type, side.array);
    }
    heap.copyOut();
    return output.data;
  }

  /** Whether each pair meets: 1 or 0 per pair. */
  function intersectsBatch(a, b, out) {
    return run('intersectsBatch', module.intersectsBatch, ['a', 'b'], a, b, Uint8Array, out, [], []);
  }

  /** Each pair's raycast hit t (Infinity for none); opts as for raycast. */
  function raycastBatch(casters, targets, opts, out) {
    const { maxDistance, backfaceCulling, solid } = raycastBatchOptions(opts, 'raycastBatch');
    return run('raycastBatch', module.raycastBatch, ['casters', 'targets'], casters, targets, Float64Array, out,
      RAYCAST_SLOTS, [maxDistance, backfaceCulling ? 1 : 0, solid ? 1 : 0]);
  }

  return { intersectsBatch, raycastBatch, sidesOf, raycastBatchOptions };
}
