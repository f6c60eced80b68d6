// HeapArray: a typed array that lives in the wasm heap, so the batch calls read their inputs and write their answers
// where they are, without copying (the other batch arguments, plain typed arrays, are copied in and out). Its
// `array` is a view of the heap: the wasm memory can grow during any collide3d call, and growing detaches every
// view of it (length 0), so take `array` again after a call rather than keeping it.
import { heapOwnerClass } from './heap-owner.js';
import { rangeError, show, typeError } from './errors.js';

const TYPES = [Float32Array, Float64Array, Uint8Array, Int32Array];
const TYPE_NAMES = TYPES.map((T) => T.name).join(', ');
// A view keeps its HeapArray alive through this key: the block is freed only once no view can reach it.
const OWNER = Symbol('collide3d.heapArray');

const align8 = (bytes) => Math.ceil(bytes / 8) * 8;

// A typed array's own internals, read through the built-in accessors rather than its properties, which a subclass,
// an own property or a Proxy could bend: its element type's name (undefined for anything but a genuine typed array),
// its length (0 once detached), its buffer, and copying.
const TypedArray = Object.getPrototypeOf(Uint8Array);
const intrinsic = (key) => Object.getOwnPropertyDescriptor(TypedArray.prototype, key).get;
const typeNameOf = intrinsic(Symbol.toStringTag), lengthOf = intrinsic('length'), bufferOf = intrinsic('buffer');
const byteOffsetOf = intrinsic('byteOffset');
const copy = (target, source) => TypedArray.prototype.set.call(target, source);

// `shared`: what index.js's API shares (module, beginCall, batchSpace).
export function defineHeapArrays(shared) {
  const { module } = shared;
  let isHeapArray, viewOf;

  const { HeapOwner, addressOf } = heapOwnerClass((address) => module._free(address), 'heap array', shared.beginCall);

  class HeapArray extends HeapOwner {
    #type;
    #length;
    #view;

    static {
      // By the private fields, not by instanceof or the `array` getter, which a Proxy or a subclass could bend.
      isHeapArray = (x) => typeof x === 'object' && x !== null && #type in x;
      // The view, made again when the memory grew; `fn` names the call in a disposed array's error.
      viewOf = (heapArray, fn) => {
        const address = addressOf(heapArray, fn);
        if (heapArray.#view === undefined || heapArray.#view.buffer !== module.HEAPU8.buffer) {
          heapArray.#view = new heapArray.#type(module.HEAPU8.buffer, address, heapArray.#length);
          heapArray.#view[OWNER] = heapArray;
        }
        return heapArray.#view;
      };
    }

    /** `length` elements of `Type` (Float32Array, Float64Array, Uint8Array or Int32Array), zero-filled. */
    constructor(Type, length) {
      const fn = 'HeapArray';
      if (!TYPES.includes(Type)) throw typeError(fn, 'Type', `one of ${TYPE_NAMES}`, Type);
      if (!Number.isSafeInteger(length) || length < 0) {
        throw rangeError(fn, 'length', `must be an integer >= 0 (got ${show(length)})`);
      }
      const bytes = length * Type.BYTES_PER_ELEMENT;
      shared.beginCall();
      super(bytes < 2 ** 31 ? module._malloc(Math.max(bytes, 8)) : 0, fn);
      this.#type = Type;
      this.#length = length;
      viewOf(this, fn).fill(0);
    }

    /** A view of the numbers in the heap; any collide3d call may detach it, so read `array` again after one. */
    get array() {
      return viewOf(this, 'HeapArray.array');
    }

    get length() {
      return this.#length;
    }
  }

  // A batch call's array argument, checked: `data` a typed array of one of `Types` or a HeapArray of one, described
  // by what place() needs (Type and length as checked here, whatever the object says later). `expected` words the
  // error. A plain view of the wasm heap (a HeapArray's `array`) is refused: the call may detach it.
  function batchArray(fn, arg, data, Types, expected) {
    const heap = isHeapArray(data);
    const values = heap ? viewOf(data, fn) : data;
    const name = typeNameOf.call(values);  // no user code runs: a Proxy is no typed array here
    const Type = Types.find((T) => T.name === name);
    if (Type === undefined) throw typeError(fn, arg, expected, data);
    if (!heap && bufferOf.call(values) === module.HEAPU8.buffer) {
      throw typeError(fn, arg, `${expected}; a HeapArray's array is a view the call may detach: pass the HeapArray`, data);
    }
    return { fn, arg, data, Type, length: lengthOf.call(values), heap };
  }

  // The numbers of an argument for reading and copying: its view for a HeapArray, taken now. An empty array may be a
  // detached one (its buffer transferred), which holds nothing but cannot be copied from: a fresh empty one stands in.
  const valuesOf = (array) => (array.heap ? viewOf(array.data, array.fn) : array.length === 0 ? new array.Type(0) : array.data);

  // Heap addresses for one call's arrays (batchArray descriptions). A HeapArray is used where it is; a typed array
  // gets a place in the batch space, inputs copied there now and outputs copied back by copyOut() after the call.
  // No user code runs here (the typed arrays are genuine, read through the built-ins), so nothing can move or free
  // the batch space between taking it and using it.
  function place(inputs, outputs) {
    const all = [...inputs, ...outputs];
    let bytes = 0;
    const offsets = all.map((a) => {
      if (a.heap) return -1;
      const at = bytes;
      bytes += align8(a.length * a.Type.BYTES_PER_ELEMENT);
      return at;
    });
    const base = bytes > 0 ? shared.batchSpace(bytes, all[0].fn) : 0;  // may grow the memory: views are made after it
    const addresses = all.map((a, k) => (offsets[k] < 0 ? addressOf(a.data, a.fn) : base + offsets[k]));
    const sameLength = (a) => {
      // A resizable buffer may have shrunk or grown since the check (a getter; detaching leaves 0): never copy a
      // different count.
      const now = lengthOf.call(a.data);
      if (now !== a.length) throw rangeError(a.fn, a.arg, `changed length during the call (${a.length} → ${now})`);
    };
    inputs.forEach((a, k) => {
      if (offsets[k] < 0) return;
      sameLength(a);
      if (a.length > 0) copy(new a.Type(module.HEAPU8.buffer, addresses[k], a.length), a.data);
    });
    return {
      addresses,
      copyOut() {
        outputs.forEach((a, j) => {
          const k = inputs.length + j;
          if (offsets[k] < 0) return;
          sameLength(a);
          if (a.length > 0) copy(a.data, new a.Type(module.HEAPU8.buffer, addresses[k], a.length));
        });
      },
    };
  }

  // A copy of elements [from, to) of a batch argument (a batchArray description), in an array of its own (to send to a
  // worker): read through the built-ins, so no user code runs.
  function copyRange(array, from, to) {
    const values = valuesOf(array), Type = array.Type;
    const now = lengthOf.call(values);
    if (now !== array.length) throw rangeError(array.fn, array.arg, `changed length during the call (${array.length} → ${now})`);
    return new Type(new Type(bufferOf.call(values), byteOffsetOf.call(values) + from * Type.BYTES_PER_ELEMENT, to - from));
  }

  return { HeapArray, batchArray, valuesOf, place, copyRange };
}
