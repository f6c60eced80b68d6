// A tree over the bounds of an object's instances (an InstancedMesh's or a BatchedMesh's), in the object's own
// space, kept in an AabbTree, so a raycast visits only the instances whose box the ray enters, nearest box first.
import { Box3, Matrix4, Ray, Vector3 } from 'three';

const matrix = new Matrix4();
const entry = new Vector3();

export class InstanceTree {
  #tree;
  #boxes = [];  // each instance's box, or null for one left out
  #idOf = [];  // the AabbTree id of each instance's box
  #instanceOf = [];  // the instance of each AabbTree id

  constructor(api) {
    this.#tree = new api.AabbTree({ margin: 0 });
  }

  /**
   * Puts instance i's box where `boxOf(i, matrix, box)` says (the box of the instance's geometry in its own space,
   * written into `box`, and its matrix, or false to leave the instance out), for i below `count`.
   */
  update(count, boxOf) {
    const tree = this.#tree;
    for (let i = 0; i < count; ++i) {
      const box = this.#boxes[i] ?? new Box3();
      const kept = boxOf(i, matrix, box);
      if (kept) box.applyMatrix4(matrix);
      const id = this.#idOf[i];
      const shape = { type: 'aabb', min: box.min, max: box.max };
      if (!kept || box.isEmpty()) {
        if (id !== undefined) tree.remove(id);
        this.#idOf[i] = undefined;
        this.#boxes[i] = null;
      } else if (id === undefined) {
        const added = tree.insert(shape);
        this.#idOf[i] = added;
        this.#instanceOf[added] = i;
        this.#boxes[i] = box;
      } else {
        tree.update(id, shape);
        this.#boxes[i] = box;
      }
    }
    for (let i = count; i < this.#boxes.length; ++i) {
      if (this.#idOf[i] !== undefined) tree.remove(this.#idOf[i]);
    }
    this.#boxes.length = this.#idOf.length = count;
  }

  /**
   * The instances whose box `localRay` (in the object's space) enters, with the world distance to where it enters
   * (the object placed by `matrixWorld`, the ray starting at `origin` in the world), nearest first.
   */
  candidates(localRay, matrixWorld, origin) {
    const ids = this.#tree.query({ type: 'ray', origin: localRay.origin, direction: localRay.direction });
    const found = [];
    for (const id of ids) {
      const instance = this.#instanceOf[id];
      const box = this.#boxes[instance];
      // three.js's intersectBox gives the exit from a box holding the origin; a box the exact test says the ray meets
      // but whose float entry rounds away is taken as entered at the origin too.
      const inside = box.containsPoint(localRay.origin) || localRay.intersectBox(box, entry) === null;
      const at = inside ? 0 : entry.applyMatrix4(matrixWorld).distanceTo(origin);
      found.push({ instance, distance: at });
    }
    return found.sort((p, q) => p.distance - q.distance);
  }

  dispose() {
    this.#tree.dispose();
  }
}

/** The local ray of `object` for `raycaster` (through the inverse of its world matrix), into `target`. */
export function localRayOf(object, raycaster, target = new Ray()) {
  return target.copy(raycaster.ray).applyMatrix4(matrix.copy(object.matrixWorld).invert());
}
