// GeometryBoundsTree: what computeBoundsTree() puts on a BufferGeometry (`geometry.boundsTree`). It holds a
// TriangleMesh over the geometry's triangles, in the geometry's own space, built once; objects that draw the
// geometry in a pose (skinned, morphed) get trees of their posed vertices from posed.js, and Points and lines get
// trees of their own kind when first raycast.
import { indexOf, positionsOf } from './geometry-arrays.js';
import { isPosed, posedPositions, updateSignature } from './pose.js';

export class GeometryBoundsTree {
  #api;
  #geometry;
  #triangles;
  #versions;
  #posed = new WeakMap();  // object -> { tree, signature, base }: trees of skinned and morphed objects' poses
  #adopted = new Set();  // WeakRefs to what was made for this tree (posed trees, instance trees), freed with it
  #disposed = false;

  constructor(api, geometry) {
    this.#api = api;
    this.#geometry = geometry;
    this.#triangles = buildTriangles(api, geometry);
    this.#versions = versionsOf(geometry);
  }

  /** The geometry the tree was built for. */
  get geometry() { return this.#geometry; }

  /**
   * The TriangleMesh over the geometry's triangles (every three index entries, or every three vertices without an
   * index; a trailing incomplete triangle is left out, as three.js's raycast finds nothing there), or null for a
   * geometry without triangles.
   */
  get triangles() { return this.#triangles; }

  /** Bytes of the wasm heap the tree holds. */
  get byteLength() { return this.#triangles === null ? 0 : this.#triangles.byteLength; }

  /** After the geometry's positions changed (the same vertices and triangles): the bounds follow, no rebuild. */
  refit() {
    this.#versions = versionsOf(this.#geometry);
    if (this.#triangles === null) return;
    const position = this.#geometry.attributes.position;
    this.#triangles.refit(positionsOf(position, 0, this.#triangles.vertexCount));
  }

  /**
   * The tree of the triangles as three.js's raycast sees them on `object`: the geometry's own, refitted when its
   * positions changed (a new attribute version) and rebuilt when its index or vertex count did; for a skinned or
   * morphed object, a tree of its current pose, refitted when the pose changed.
   */
  trianglesOf(object) {
    const versions = versionsOf(this.#geometry);
    if (versions.some((v, i) => v !== this.#versions[i])) {
      if (versions.every((v, i) => i === 0 || v === this.#versions[i])) {
        this.refit();
      } else {
        if (this.#triangles !== null) this.#triangles.dispose();
        this.#triangles = buildTriangles(this.#api, this.#geometry);
        this.#versions = versions;
      }
    }
    if (this.#triangles === null || object === undefined || !isPosed(object)) return this.#triangles;
    let entry = this.#posed.get(object);
    const signature = entry === undefined ? [] : entry.signature;
    const base = this.#triangles;
    if (!updateSignature(object, signature) && entry !== undefined && entry.base === base) return entry.tree;
    const positions = posedPositions(object, base.vertexCount);
    if (entry !== undefined && entry.base === base) {
      entry.tree.refit(positions);
    } else {
      if (entry !== undefined) entry.tree.dispose();
      entry = { tree: buildTriangles(this.#api, this.#geometry, positions), signature, base };
      this.#posed.set(object, entry);
      this.adopt(entry.tree);
    }
    return entry.tree;
  }

  /** Frees `disposable` with this tree (unless it was garbage-collected first, which frees it too). */
  adopt(disposable) {
    for (const ref of this.#adopted) if (ref.deref() === undefined) this.#adopted.delete(ref);
    this.#adopted.add(new WeakRef(disposable));
  }

  /** Frees the heap memory; raycasts then fall back to three.js's own. */
  dispose() {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#triangles !== null) this.#triangles.dispose();
    this.#triangles = null;
    for (const ref of this.#adopted) ref.deref()?.dispose();
    this.#adopted.clear();
  }

  get disposed() { return this.#disposed; }
}

// The geometry's triangles as a TriangleMesh, or null when it has none.
export function buildTriangles(api, geometry, positions) {
  const position = geometry.attributes.position;
  if (position === undefined) return null;
  const index = geometry.index;
  const corners = index === null ? position.count : index.count;
  const triangles = Math.floor(corners / 3);
  if (triangles === 0) return null;
  if (index === null) return new api.TriangleMesh(positions ?? positionsOf(position, 0, 3 * triangles));
  return new api.TriangleMesh(positions ?? positionsOf(position), indexOf(index, 0, 3 * triangles));
}

// What the tree depends on: the position attribute's version, which attribute and index it is, and their sizes.
function versionsOf(geometry) {
  const position = geometry.attributes.position, index = geometry.index;
  return [position?.version, position, index, index === null ? position?.count : index.count, index?.version];
}
