// A tree over the bounds of an object's instances (an InstancedMesh's or a BatchedMesh's), in the object's own
// space, kept in an AabbTree, so a raycast visits only the instances whose box the ray enters, nearest box first.
import { Box3, Matrix4, Ray, Vector3 } from 'three';
import { boxShapeOf, writeRay } from './in-range.js';
import { mortonOrder } from './morton-order.js';

const matrix = new Matrix4();
const entry = new Vector3();
const caster = { type: 'ray', origin: { x: 0, y: 0, z: 0 }, direction: { x: 0, y: 0, z: 0 } };

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
    const added = [];  // instances new to the tree, inserted together below
    const shapes = [];  // their boxes' shapes
    for (let i = 0; i < count; ++i) {
      const box = this.#boxes[i] ?? new Box3();
      const kept = boxOf(i, matrix, box);
      // An instance scaled to nothing or placed by non-finite numbers leaves no box (three.js finds nothing there).
      const shape = kept ? boxShapeOf(box.applyMatrix4(matrix)) : null;
      const id = this.#idOf[i];
      if (shape === null) {
        if (id !== undefined) tree.remove(id);
        this.#idOf[i] = undefined;
        this.#boxes[i] = null;
      } else if (id === undefined) {
        this.#boxes[i] = box;
        added.push(i);
        shapes.push(shape);
      } else {
        tree.update(id, shape);
        this.#boxes[i] = box;
      }
    }
    for (let i = count; i < this.#boxes.length; ++i) {
      if (this.#idOf[i] !== undefined) tree.remove(this.#idOf[i]);
    }
    this.#boxes.length = this.#idOf.length = count;
    for (const k of mortonOrder(added.map((i) => this.#boxes[i]))) {
      const id = tree.insert(shapes[k]);
      this.#idOf[added[k]] = id;
      this.#instanceOf[id] = added[k];
    }
  }

  /** The instances whose box `localRay` (in the object's space) hits, nearest first. */
  candidates(localRay) {
    if (!writeRay(localRay, caster)) return [];
    return Array.from(this.#tree.raycastAll(caster), (id) => this.#instanceOf[id]);
  }

  /**
   * How far from `origin` (in the world, the object placed by `matrixWorld`) `localRay` enters the instance's box:
   * a lower bound for its hits, 0 when the ray starts in the box.
   */
  entryDistance(instance, localRay, matrixWorld, origin) {
    const box = this.#boxes[instance];
    // three.js's intersectBox gives the exit from a box holding the origin; a box the exact test says the ray meets
    // but whose float entry rounds away is taken as entered at the origin too.
    if (box.containsPoint(localRay.origin) || localRay.intersectBox(box, entry) === null) return 0;
    return entry.applyMatrix4(matrixWorld).distanceTo(origin);
  }

  dispose() {
    this.#tree.dispose();
  }
}

const localRay = new Ray();
const instanceWorld = new Matrix4();
const found = [];

/**
 * Raycasts the instances of `object` (an InstancedMesh or BatchedMesh, its instances in `instances`) that the ray
 * reaches and `accepts`, nearest box first: `cast(instance, matrixWorld, out)` appends one instance's
 * intersections, placed by `matrixWorld` (the object's times the instance's). With `raycaster.firstHitOnly`, boxes
 * entered beyond the nearest hit so far are not visited and only that hit is appended.
 */
export function castInstances(object, instances, raycaster, intersects, cast, accepts = () => true) {
  localRayOf(object, raycaster, localRay);
  const firstOnly = raycaster.firstHitOnly === true;
  let best = null;
  for (const instance of instances.candidates(localRay)) {
    if (firstOnly && best !== null &&
      instances.entryDistance(instance, localRay, object.matrixWorld, raycaster.ray.origin) > best.distance * (1 + 2 ** -30)) break;
    if (!accepts(instance)) continue;
    object.getMatrixAt(instance, instanceWorld).premultiply(object.matrixWorld);
    found.length = 0;
    cast(instance, instanceWorld, firstOnly ? found : intersects);
    if (firstOnly && found.length > 0 && (best === null || found[0].distance < best.distance)) best = found[0];
  }
  if (best !== null) intersects.push(best);
}

/** The local ray of `object` for `raycaster` (through the inverse of its world matrix), into `target`. */
export function localRayOf(object, raycaster, target = new Ray()) {
  return target.copy(raycaster.ray).applyMatrix4(matrix.copy(object.matrixWorld).invert());
}
