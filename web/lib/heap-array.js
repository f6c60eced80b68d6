// HeapArray: a typed array that lives in the wasm heap, so the batch calls read their inputs and write their answers
// where they are, without copying (the other batch arguments, plain typed arrays, are copied in and out). Its
// `array` is a view of the heap: the wasm memory can grow during any collide3d call, and growing detaches every
// view of it (length 0), so take `array` again after a call rather than keeping it.
import { ADDRESS, heapOwnerClass } from './heap-owner.js';
import { rangeError, typeError } from './errors.js';

const TYPES = [Float32Array, Float64Array, Uint8Array, Int32Array];
const TYPE_NAMES = TYPES.map((T) => T.name).join(', ');

const align8 = (bytes) => Math.ceil(bytes / 8) * 8;

// `shared`: what index.js's API shares (module, beginCall, batchSpace).
export function defineHeapArrays(shared) {
  const { module } = shared;

  class HeapArray extends heapOwnerClass((address) => module._free(address), 'heap array', shared.beginCall) {
    #type;
    #length;
    #view;

    /** `length` elements of `Type` (Float32Array, Float64Array, Uint8Array or Int32Array), zero-filled. */
    constructor(Type, length) {
      const fn = 'HeapArray';
      if (!TYPES.includes(Type)) throw typeError(fn, 'Type', `one of ${TYPE_NAMES}`, Type);
      if (!Number.isSafeInteger(length) || length < 0) {
        throw rangeError(fn, 'length', `must be an integer >= 0 (got ${length})`);
      }
      const bytes = length * Type.BYTES_PER_ELEMENT;
      shared.beginCall();
      super(bytes <= 2 ** 31 ? module._malloc(Math.max(bytes, 8)) : 0, fn);
      this.#type = Type;
      this.#length = length;
      this.array.fill(0);
    }

    /** A view of the numbers in the heap; any collide3d call may detach it, so read `array` again after one. */
    get array() {
      const address = this[ADDRESS]('HeapArray.array');
      if (this.#view === undefined || this.#view.buffer !== module.HEAPU8.buffer) {
        this.#view = new this.#type(module.HEAPU8.buffer, address, this.#length);
      }
      return this.#view;
    }

    get length() {
      return this.#length;
    }
  }

  // The typed array `data` holds (a HeapArray's view), for checking and reading; undefined when it is neither a
  // typed array nor a HeapArray.
  const valuesOf = (data) => (data instanceof HeapArray ? data.array : ArrayBuffer.isView(data) ? data : undefined);

  // Heap addresses for one call's arrays. A HeapArray is used where it is; a typed array gets a place in the batch
  // space, inputs copied there now and outputs copied back by copyOut() after the call. `fn` names the call (for a
  // disposed HeapArray's error).
  function place(fn, inputs, outputs) {
    const all = [...inputs, ...outputs];
    let bytes = 0;
    const offsets = all.map((data) => {
      if (data instanceof HeapArray) return -1;
      const at = bytes;
      bytes += align8(data.byteLength);
      return at;
    });
    const base = bytes > 0 ? shared.batchSpace(bytes) : 0;  // may grow the memory: views are made after it
    const addresses = all.map((data, k) => (offsets[k] < 0 ? data[ADDRESS](fn) : base + offsets[k]));
    inputs.forEach((data, k) => {
      if (offsets[k] >= 0) new data.constructor(module.HEAPU8.buffer, addresses[k], data.length).set(data);
    });
    return {
      addresses,
      copyOut() {
        outputs.forEach((data, j) => {
          const k = inputs.length + j;
          if (offsets[k] >= 0) data.set(new data.constructor(module.HEAPU8.buffer, addresses[k], data.length));
        });
      },
    };
  }

  return { HeapArray, valuesOf, place };
}
