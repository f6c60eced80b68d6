// SceneIndex: one AabbTree over the world bounds of a scene's objects, so a raycast visits only the objects whose
// box the ray enters (nearest first, stopping early with firstHitOnly) and a shape query only the objects whose box
// it meets. Each visited object answers through its own raycast (acceleratedRaycast where installed), so the
// intersections are the ones raycaster.intersectObjects gives. update() re-reads the objects' world matrices and
// geometry versions and moves only the boxes of the objects that changed.
import { Box3, Ray, Vector3 } from 'three';
import { loadedApi } from '../loaded.js';
import { boxShapeOf, writeRay } from './in-range.js';
import { mortonOrder } from './morton-order.js';

const entry = new Vector3();
const worldRay = new Ray();
const castOptions = { maxDistance: Infinity };
const caster = { type: 'ray', origin: { x: 0, y: 0, z: 0 }, direction: { x: 0, y: 0, z: 0 } };

// What an object's box depends on: its world matrix, then its geometry's position version and its instances'
// versions and count (-1 where it has none). update() compares every object's each time: a plain loop, no garbage.
const STATE_SIZE = 20;
function updateState(object, state) {
  const e = object.matrixWorld.elements;
  let changed = false;
  for (let i = 0; i < 16; ++i) changed = keep(state, i, e[i]) || changed;
  const position = object.geometry.attributes.position;
  changed = keep(state, 16, position === undefined ? -1 : position.version) || changed;
  changed = keep(state, 17, object.isInstancedMesh ? object.instanceMatrix.version : -1) || changed;
  changed = keep(state, 18, object.isInstancedMesh ? object.count : -1) || changed;
  return keep(state, 19, object.isBatchedMesh ? object._matricesTexture.version : -1) || changed;
}

// Writes `value` at state[i]; whether it differed.
function keep(state, i, value) {
  if (state[i] === value) return false;
  state[i] = value;
  return true;
}

// The object's world box: its geometry's bounds (or its instances', for instanced and batched meshes) placed by its
// world matrix; three.js computes the bounds it does not have yet.
function worldBoxOf(object, box) {
  if (object.isInstancedMesh || object.isBatchedMesh || object.isSkinnedMesh) {
    object.computeBoundingBox();
    box.copy(object.boundingBox);
  } else {
    const geometry = object.geometry;
    if (geometry.boundingBox === null) geometry.computeBoundingBox();
    box.copy(geometry.boundingBox);
  }
  return box.applyMatrix4(object.matrixWorld);
}

const indexable = (object) => object.geometry !== undefined && (object.isMesh || object.isPoints || object.isLine);

export class SceneIndex {
  #api;
  #tree;
  #entries = new Map();  // object -> { id, box, state }
  #objectOf = [];  // AabbTree id -> object

  /** Indexes `root` and every mesh, point cloud and line under it (their world matrices updated by the caller). */
  constructor(root, opts = {}) {
    const fn = 'collide3d.three.SceneIndex';
    this.#api = loadedApi(fn);
    if (root === null || typeof root !== 'object' || root.isObject3D !== true) {
      throw new TypeError(`${fn}: root must be a three.js Object3D (got ${root === null ? 'null' : typeof root})`);
    }
    this.#tree = new this.#api.AabbTree({ margin: opts?.margin ?? 0 });
    try {
      const objects = [];
      root.traverse((object) => { if (indexable(object)) objects.push(object); });
      const boxes = objects.map((object) => worldBoxOf(object, new Box3()));
      const shapes = boxes.map(boxShapeOf);
      for (const i of mortonOrder(boxes.map((box, i) => (shapes[i] === null ? null : box)))) this.#insert(objects[i], boxes[i], shapes[i]);
      objects.forEach((object, i) => this.#insert(object, boxes[i], null));  // those without a box yet
    } catch (error) {
      this.#tree.dispose();  // a getter or three.js itself threw: nothing is kept
      throw error;
    }
  }

  /** How many objects are indexed. */
  get size() { return this.#entries.size; }

  /** Indexes one more object (a Mesh, InstancedMesh, BatchedMesh, SkinnedMesh, Points or line); others are ignored. */
  add(object) {
    if (indexable(object)) {
      const box = worldBoxOf(object, new Box3());
      this.#insert(object, box, boxShapeOf(box));
    }
  }

  // Indexes the object, its box `box` (whose shape, boxShapeOf(box), is `shape`).
  #insert(object, box, shape) {
    if (this.#entries.has(object)) return;
    const state = new Float64Array(STATE_SIZE);
    updateState(object, state);
    const entry = { id: undefined, box, state };
    this.#entries.set(object, entry);
    this.#place(object, entry, shape);
  }

  // Puts the entry's box (of shape `shape`) in the tree, moves it there, or takes it out when it has none (an empty
  // geometry, a non-finite placement: three.js finds nothing there either).
  #place(object, entry, shape) {
    if (shape === null) {
      if (entry.id !== undefined) this.#unplace(entry);
    } else if (entry.id === undefined) {
      entry.id = this.#tree.insert(shape);
      this.#objectOf[entry.id] = object;
    } else {
      this.#tree.update(entry.id, shape);
    }
  }

  #unplace(entry) {
    this.#tree.remove(entry.id);
    this.#objectOf[entry.id] = undefined;
    entry.id = undefined;
  }

  /** Stops indexing the object. */
  remove(object) {
    const entry = this.#entries.get(object);
    if (entry === undefined) return;
    if (entry.id !== undefined) this.#unplace(entry);
    this.#entries.delete(object);
  }

  /**
   * Moves the boxes of the objects that changed (world matrix, geometry positions, instances) since they were last
   * read; with `object`, of that object only. Update world matrices first (scene.updateMatrixWorld()).
   */
  update(object) {
    const refresh = (entry, target) => {
      if (entry === undefined || !updateState(target, entry.state)) return;
      this.#place(target, entry, boxShapeOf(worldBoxOf(target, entry.box)));
    };
    if (object === undefined) this.#entries.forEach(refresh);
    else refresh(this.#entries.get(object), object);
  }

  /**
   * The intersections of `raycaster` with the indexed objects, sorted by distance, as
   * `raycaster.intersectObjects(objects, false)` gives them (layers included); with `raycaster.firstHitOnly`, the
   * nearest only. Appends to `intersects` when given.
   */
  intersectObjects(raycaster, intersects = []) {
    worldRay.copy(raycaster.ray);
    castOptions.maxDistance = raycaster.far;
    if (!writeRay(worldRay, caster)) return intersects;
    const ids = this.#tree.raycastAll(caster, castOptions);
    const firstOnly = raycaster.firstHitOnly === true;
    const hits = [];
    for (const id of ids) {
      const object = this.#objectOf[id];
      if (firstOnly && hits.length > 0 && this.#entryDistance(object) > hits[0].distance * (1 + 2 ** -30)) break;
      if (!object.layers.test(raycaster.layers)) continue;
      const before = hits.length;
      object.raycast(raycaster, hits);
      if (hits.length > before) hits.sort((p, q) => p.distance - q.distance);
      if (firstOnly) hits.length = Math.min(hits.length, 1);
    }
    for (const hit of hits) intersects.push(hit);
    return intersects;
  }

  // How far along worldRay the object's box begins: a lower bound for its hits (0 when the ray starts inside).
  #entryDistance(object) {
    const box = this.#entries.get(object).box;
    if (box.containsPoint(worldRay.origin) || worldRay.intersectBox(box, entry) === null) return 0;
    return entry.distanceTo(worldRay.origin);
  }

  /**
   * The indexed objects whose world box meets `shape` (an aabb, obb, sphere, plane, frustum, ray, line or segment;
   * collide3d/three's toShape turns three.js math objects into shapes), decided exactly.
   * Bounds, not triangles: follow with the objects' own tests where the surface matters.
   */
  intersectsShape(shape) {
    return Array.from(this.#tree.query(shape), (id) => this.#objectOf[id]);
  }

  /** Frees the tree (the objects and their own trees are untouched). */
  dispose() {
    this.#tree.dispose();
    this.#entries.clear();
  }
}
