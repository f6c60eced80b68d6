// The base of the JS objects that own a block of the wasm heap (TriangleMesh, AabbTree, HeapArray): it keeps the
// block's address, frees it on dispose() — or when the object is garbage-collected undisposed, as a safety net —
// and refuses use after dispose with a clear error.
import { rangeError } from './errors.js';

// `destroy(address)` frees a block; `noun` names the object in errors ("mesh", "tree"); `beginCall()` counts the
// call (index.js), so that a query whose argument getter disposes the object notices before it runs. Returns the
// class, addressOf(owner, fn, what?): the address of a live owner (throwing for a disposed one, `fn` naming the call
// and `what` the owner, "the <noun>" unless given), read from a private field, so that no subclass or own property can
// point a call at another block, and isOwner(x): whether x is one of the class's objects, by that field.
export function heapOwnerClass(destroy, noun, beginCall) {
  // A finalizer's exception would be uncaught (node exits on it). The module does not fail to free a block; should the
  // instance be unusable all the same, the block is lost with it.
  const freeLost = new FinalizationRegistry((address) => {
    try {
      destroy(address);
    } catch {}
  });
  let addressOf, isOwner;

  class HeapOwner {
    #address;

    static {
      addressOf = (owner, fn, what = `the ${noun}`) => {
        if (owner.#address === 0) throw new Error(`collide3d.${fn}: ${what} was disposed`);
        return owner.#address;
      };
      isOwner = (x) => typeof x === 'object' && x !== null && #address in x;
    }

    // `address` 0 means the heap could not hold the object: `fn` then throws.
    constructor(address, fn) {
      if (address === 0) throw rangeError(fn, 'the wasm heap', `cannot hold the ${noun}`);
      this.#address = address;
      freeLost.register(this, address, this);
    }

    /** Frees the object's wasm memory; it cannot be used afterwards. Calling it again does nothing. */
    dispose() {
      if (this.#address === 0) return;
      beginCall();
      freeLost.unregister(this);
      destroy(this.#address);
      this.#address = 0;
    }
  }

  return { HeapOwner, addressOf, isOwner };
}
