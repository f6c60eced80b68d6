// AabbTree: a dynamic AABB tree in the wasm heap (cpp/collide3d/broadphase/dynamic_tree.h), for scenes whose boxes
// move: insert, update and remove boxes by id, and ask which boxes a shape meets, which box a caster hits first,
// and which boxes overlap. The JS object keeps only the tree's address; dispose() frees it (and a tree that is
// garbage-collected undisposed is freed then too).
import { rangeError, show, typeError, unsupportedPair } from './errors.js';
import { SHAPE_TYPES } from './boundary.js';
import { heapOwnerClass } from './heap-owner.js';

// `shared`: what index.js's API shares with it (the module, the scratch area and its helpers).
export function defineAabbTree(shared) {
  const { module, OUT, status: STATUS, vec, layout, RAYCAST_SLOTS } = shared;
  const TREE_HIT = layout('treeHit', 'id:index hit:raycastHit');
  const HIT = layout('raycastHit', 't:number point:vec3 normal:vec3');

  const { HeapOwner, addressOf, isOwner } = heapOwnerClass((address) => module.treeDestroy(address), 'tree', shared.beginCall);

  // A raycast's options (maxDistance, solid), read and checked, into the scratch area's options.
  function writeCastOptions(f, opts, fn) {
    const o = shared.options(opts, fn);
    const { maxDistance } = shared.raycastOptions(o, fn);
    const solid = o === undefined ? true : shared.flag(o.solid, true, fn, 'solid');
    f[RAYCAST_SLOTS[0]] = maxDistance;
    f[RAYCAST_SLOTS[1]] = 0;
    f[RAYCAST_SLOTS[2]] = solid ? 1 : 0;
  }

  class AabbTree extends HeapOwner {
    /** opts.margin (default 0.1, in scene units): how far a box may move before the tree needs to change. */
    constructor(opts) {
      const fn = 'AabbTree';
      const o = shared.options(opts, fn);
      const margin = o === undefined || o.margin === undefined ? 0.1 : o.margin;
      if (typeof margin !== 'number' || !Number.isFinite(margin)) throw typeError(fn, 'opts.margin', 'a finite number', margin);
      if (margin < 0) throw rangeError(fn, 'opts.margin', `must be >= 0 (got ${margin})`);
      shared.beginCall();  // it may grow the heap, detaching views a query's getter was writing
      super(module.treeCreate(margin), fn);
    }

    // Writes an aabb into argument A and runs `bound` on it; throws the module's complaint about the box.
    #withBox(fn, box, bound) {
      return shared.runOnShape(fn, 'box', box, (code) => (SHAPE_TYPES[code] === 'aabb' ? bound() : STATUS.unsupportedPair),
        (type) => typeError(fn, 'box.type', "'aabb'", type));
    }

    #id(fn, id) {
      const address = addressOf(this, fn);
      if (!Number.isInteger(id) || !module.treeContains(address, id)) throw rangeError(fn, 'id', `must be the id of a box in the tree (got ${show(id)})`);
      return id;
    }

    /** How many boxes the tree holds. */
    get size() { return module.treeSize(addressOf(this, 'AabbTree.size')); }

    /** Whether `id` is a box in the tree. */
    has(id) { return Number.isInteger(id) && module.treeContains(addressOf(this, 'AabbTree.has'), id); }

    /** Adds a box; returns its id (a small integer; ids of removed boxes are reused). */
    insert(box) {
      const fn = 'AabbTree.insert';
      addressOf(this, fn);
      return this.#withBox(fn, box, () => module.treeInsert(addressOf(this, fn)));
    }

    /**
     * Adds many boxes at once (each as an aabb's six numbers, min x, y, z then max x, y, z, in a Float32Array or
     * Float64Array or a HeapArray of one): their ids in order, as insert() one by one would give them. A batch that is
     * not small beside the tree builds the tree again, all at once.
     */
    insertMany(boxes) {
      const fn = 'AabbTree.insertMany';
      addressOf(this, fn);
      const { sizes: { aabb: stride } } = shared;
      const input = shared.numbersOf(fn, 'boxes', boxes, stride);
      const call = shared.beginCall();
      const heap = shared.place([input], []);
      shared.checkCall(call, fn);
      const count = input.length / stride;
      const status = module.treeInsertMany(addressOf(this, fn), heap.addresses[0], count, input.Type === Float64Array ? 1 : 0);
      if (status === STATUS.invalidB) throw shared.badItem(fn, 'boxes', 'aabb', input);
      if (status === STATUS.heapFull) throw rangeError(fn, 'boxes', `(${count} boxes): they need more memory than the wasm heap can give`);
      return shared.takeFound(count, fn, 'boxes');
    }

    /** Moves box `id`: the tree changes only when the box leaves its margin. */
    update(id, box) {
      const fn = 'AabbTree.update';
      this.#id(fn, id);
      this.#withBox(fn, box, () => module.treeUpdate(addressOf(this, fn), id));
    }

    /** Removes box `id`. */
    remove(id) {
      this.#id('AabbTree.remove', id);
      shared.beginCall();  // a getter of an update's box that removes the box is then caught
      module.treeRemove(addressOf(this, 'AabbTree.remove'), id);
    }

    /** The ids (ascending) of the boxes that meet the shape (an aabb, obb, sphere, plane, frustum, ray, line or segment). */
    query(shape) {
      const fn = 'AabbTree.query';
      addressOf(this, fn);
      const found = shared.runOnShape(fn, 'shape', shape, (code) => module.treeQuery(addressOf(this, fn), code),
        (type) => unsupportedPair(fn, 'aabb', type));
      return shared.takeFound(found, fn, 'shape');
    }

    /** The box a ray, line or segment hits first (least t; ties: the lowest id): { id, t, point, normal }, or null. */
    raycast(caster, opts) {
      const fn = 'AabbTree.raycast';
      addressOf(this, fn);
      const hit = shared.runOnShape(fn, 'caster', caster, (code) => module.treeRaycast(addressOf(this, fn), code),
        shared.notACaster(fn), (f) => writeCastOptions(f, opts, fn));
      if (hit === 0) return null;
      const f = shared.io(), h = OUT + TREE_HIT.hit;
      return { id: f[OUT + TREE_HIT.id], t: f[h + HIT.t] + 0, point: vec(f, h + HIT.point), normal: vec(f, h + HIT.normal) };
    }

    /**
     * The ids of every box the caster hits (within opts.maxDistance), nearest first (ties: the lower id); each box hit
     * as raycast() would hit it alone (opts.solid: whether a caster starting in a box hits it at its start).
     */
    raycastAll(caster, opts) {
      const fn = 'AabbTree.raycastAll';
      addressOf(this, fn);
      const found = shared.runOnShape(fn, 'caster', caster, (code) => module.treeRaycastAll(addressOf(this, fn), code),
        shared.notACaster(fn), (f) => writeCastOptions(f, opts, fn));
      return shared.takeFound(found, fn, 'caster');
    }

    /** Every pair of boxes that overlap (touching counts): ids i, j, i, j, ... with i < j, in no particular order. */
    pairs() {
      const fn = 'AabbTree.pairs';
      const address = addressOf(this, fn);
      shared.beginCall();  // as the constructor
      const found = module.treePairs(address);
      if (found === STATUS.heapFull) {
        throw rangeError(fn, 'the tree', `(${module.treeSize(address)} boxes): its pairs need more memory than the wasm heap can give`);
      }
      return shared.takeFound(2 * found, fn, 'the tree');
    }

  }
  // The class, and the address of one of its live objects (0 for anything else), for calls that take several.
  return { AabbTree, addressIfOwned: (x, fn, what) => (isOwner(x) ? addressOf(x, fn, what) : 0) };
}
