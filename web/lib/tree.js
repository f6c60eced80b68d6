// AabbTree: a dynamic AABB tree in the wasm heap (cpp/collide3d/broadphase/dynamic_tree.h), for scenes whose boxes
// move: insert, update and remove boxes by id, and ask which boxes a shape meets, which box a caster hits first,
// and which boxes overlap. The JS object keeps only the tree's address; dispose() frees it (and a tree that is
// garbage-collected undisposed is freed then too).
import { rangeError, typeError, unsupportedPair } from './errors.js';
import { SHAPE_TYPES, encodeShape } from './shapes.js';

// `shared`: what index.js's API shares with it (the module, the scratch area and its helpers).
export function defineAabbTree(shared) {
  const { module, A, OPT, OUT, status: STATUS, vec } = shared;
  const freeLost = new FinalizationRegistry((address) => module.treeDestroy(address));

  class AabbTree {
    #address;

    /** opts.margin (default 0.1, in scene units): how far a box may move before the tree needs to change. */
    constructor(opts) {
      const fn = 'AabbTree';
      const o = shared.options(opts, fn);
      const margin = o === undefined || o.margin === undefined ? 0.1 : o.margin;
      if (typeof margin !== 'number' || !Number.isFinite(margin)) throw typeError(fn, 'opts.margin', 'a finite number', margin);
      if (margin < 0) throw rangeError(fn, 'opts.margin', `must be >= 0 (got ${margin})`);
      this.#address = module.treeCreate(margin);
      if (this.#address === 0) throw rangeError(fn, 'opts', 'the wasm heap is full');
      freeLost.register(this, this.#address, this);
    }

    #live(fn) {
      if (this.#address === 0) throw new Error(`collide3d.${fn}: the tree was disposed`);
      return this.#address;
    }

    // Writes an aabb into argument A and runs `bound` on it; throws the module's complaint about the box.
    #withBox(fn, box, bound) {
      const f = shared.io();
      const call = shared.beginCall();
      const code = encodeShape(f, A, box, fn, 'box');
      shared.checkCall(call, fn);
      if (SHAPE_TYPES[code] !== 'aabb') throw typeError(fn, 'box.type', "'aabb'", SHAPE_TYPES[code]);
      const result = bound();
      if (result === STATUS.invalidA) throw shared.failure(result, fn, 'box', 'box', code, code);
      return result;
    }

    #id(fn, id) {
      const address = this.#live(fn);
      if (!module.treeContains(address, id)) throw rangeError(fn, 'id', `must be the id of a box in the tree (got ${id})`);
      return id;
    }

    /** How many boxes the tree holds. */
    get size() { return module.treeSize(this.#live('AabbTree.size')); }

    /** Whether `id` is a box in the tree. */
    has(id) { return typeof id === 'number' && module.treeContains(this.#live('AabbTree.has'), id); }

    /** Adds a box; returns its id (a small integer; ids of removed boxes are reused). */
    insert(box) {
      const address = this.#live('AabbTree.insert');
      return this.#withBox('AabbTree.insert', box, () => module.treeInsert(address));
    }

    /** Moves box `id`: the tree changes only when the box leaves its margin. */
    update(id, box) {
      const fn = 'AabbTree.update';
      this.#id(fn, id);
      this.#withBox(fn, box, () => module.treeUpdate(this.#address, id));
    }

    /** Removes box `id`. */
    remove(id) {
      this.#id('AabbTree.remove', id);
      shared.beginCall();  // a getter of an update's box that removes the box is then caught
      module.treeRemove(this.#address, id);
    }

    /** The ids (ascending) of the boxes that meet the shape (an aabb, obb, sphere, plane, frustum, ray, line or segment). */
    query(shape) {
      const fn = 'AabbTree.query';
      const address = this.#live(fn);
      const f = shared.io();
      const call = shared.beginCall();
      const code = encodeShape(f, A, shape, fn, 'shape');
      shared.checkCall(call, fn);
      const found = module.treeQuery(address, code);
      if (found === STATUS.unsupportedPair) throw unsupportedPair(fn, 'aabb', SHAPE_TYPES[code]);
      if (found < 0) throw shared.failure(found, fn, 'shape', 'shape', code, code);
      return shared.takeFound(found);
    }

    /** The box a ray, line or segment hits first (least t; ties: the lowest id): { id, t, point, normal }, or null. */
    raycast(caster, opts) {
      const fn = 'AabbTree.raycast';
      const address = this.#live(fn);
      const f = shared.io();
      const call = shared.beginCall();
      const code = encodeShape(f, A, caster, fn, 'caster');
      const o = shared.options(opts, fn);
      const { maxDistance } = shared.raycastOptions(o, fn);
      const solid = o === undefined ? true : shared.flag(o.solid, true, fn, 'solid');
      shared.checkCall(call, fn);
      f[OPT] = maxDistance;
      f[OPT + 1] = 0;
      f[OPT + 2] = solid ? 1 : 0;
      const hit = module.treeRaycast(address, code);
      if (hit === STATUS.unsupportedPair) throw typeError(fn, 'caster.type', "'ray', 'line' or 'segment'", SHAPE_TYPES[code]);
      if (hit < 0) throw shared.failure(hit, fn, 'caster', 'caster', code, code);
      if (hit === 0) return null;
      return { id: f[OUT], t: f[OUT + 1] + 0, point: vec(f, OUT + 2), normal: vec(f, OUT + 5) };
    }

    /** Every pair of boxes that overlap (touching counts): ids i, j, i, j, ... with i < j, in no particular order. */
    pairs() {
      return shared.takeFound(2 * module.treePairs(this.#live('AabbTree.pairs')));
    }

    /** Frees the tree's wasm memory; the tree cannot be used afterwards. Calling it again does nothing. */
    dispose() {
      if (this.#address === 0) return;
      freeLost.unregister(this);
      module.treeDestroy(this.#address);
      this.#address = 0;
    }
  }
  return AabbTree;
}
