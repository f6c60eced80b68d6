// GeometryBoundsTree: what computeBoundsTree() puts on a BufferGeometry (`geometry.boundsTree`). It holds a
// TriangleMesh over the geometry's triangles, in the geometry's own space, built once; objects that draw the
// geometry in a pose (skinned, morphed) get trees of their posed vertices from posed.js, and Points and lines get
// trees of their own kind (raycast-points-lines.js) when first raycast, or at once when computeBoundsTree is given
// their kind (the triangles then wait for a mesh to raycast).
import { indexOf, positionsOf } from './geometry-arrays.js';
import { buildPrimitiveTree, primitiveTreeFits } from './raycast-points-lines.js';
import { isPosed, posedPositions, updatePoseSignature } from './pose.js';

export class GeometryBoundsTree {
  #api;
  #geometry;
  #triangles;  // undefined until first needed when the tree was made for points or lines
  #versions;
  #primitives = new Map();  // kind -> { built, versions }: trees over the points or segments
  #posed = new WeakMap();  // object -> { tree, signature, base }: trees of skinned and morphed objects' poses
  #adopted = new Set();  // WeakRefs to what was made for this tree (posed trees, instance trees), freed with it
  #disposed = false;

  // `kind`: what to build now, 'triangles' or a kind of buildPrimitiveTree ('points', 'line', 'lineSegments').
  constructor(api, geometry, kind = 'triangles') {
    this.#api = api;
    this.#geometry = geometry;
    this.#versions = versionsOf(geometry);
    if (kind === 'triangles') this.#triangles = buildTriangles(api, geometry);
    else this.primitivesOf(kind);
  }

  /** The geometry the tree was built for. */
  get geometry() { return this.#geometry; }

  /**
   * The TriangleMesh over the geometry's triangles (every three index entries, or every three vertices without an
   * index; a trailing incomplete triangle is left out, as three.js's raycast finds nothing there), or null for a
   * geometry without triangles.
   */
  get triangles() {
    if (this.#triangles === undefined && !this.#disposed) this.#triangles = buildTriangles(this.#api, this.#geometry);
    return this.#triangles ?? null;
  }

  /** Bytes of the wasm heap the tree holds. */
  get byteLength() {
    let bytes = this.#triangles ? this.#triangles.byteLength : 0;
    for (const { built } of this.#primitives.values()) bytes += built.tree.byteLength;
    return bytes;
  }

  /**
   * After the geometry's positions changed (the same vertices and triangles): the bounds follow, no rebuild. Trees
   * over points and segments are rebuilt when next raycast.
   */
  refit() {
    this.#versions = versionsOf(this.#geometry);
    if (!this.#triangles) return;
    const position = this.#geometry.attributes.position;
    this.#triangles.refit(positionsOf(position, 0, this.#triangles.vertexCount));
  }

  /**
   * The tree of the triangles as three.js's raycast sees them on `object`: the geometry's own, refitted when its
   * positions changed (a new attribute version) and rebuilt when its index or vertex count did; for a skinned or
   * morphed object, a tree of its current pose, refitted when the pose changed.
   */
  trianglesOf(object) {
    const change = changeSince(this.#geometry, this.#versions);  // read on every raycast: allocates nothing
    if (this.#triangles === undefined) {
      this.#versions = versionsOf(this.#geometry);
    } else if (change === 'positions') {
      this.refit();
    } else if (change === 'shape') {
      if (this.#triangles !== null) this.#triangles.dispose();
      this.#triangles = buildTriangles(this.#api, this.#geometry);
      this.#versions = versionsOf(this.#geometry);
    }
    if (this.triangles === null || object === undefined || !isPosed(object)) return this.#triangles;
    let entry = this.#posed.get(object);
    const signature = entry === undefined ? [] : entry.signature;
    const base = this.#triangles;
    if (!updatePoseSignature(object, signature) && entry !== undefined && entry.base === base) return entry.tree;
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

  /**
   * The tree over the geometry's points or segments of `kind` ('points'; 'line' for Line and LineLoop;
   * 'lineSegments'), built when first asked for, and again when the geometry's positions or index changed or a
   * LineSegments draw range starts at the other parity.
   */
  primitivesOf(kind) {
    let entry = this.#primitives.get(kind);
    if (entry !== undefined && (changeSince(this.#geometry, entry.versions) !== 'none' || !primitiveTreeFits(entry.built, this.#geometry))) {
      entry.built.dispose();
      entry = undefined;
    }
    if (entry === undefined) {
      entry = { built: buildPrimitiveTree(this.#api, this.#geometry, kind), versions: versionsOf(this.#geometry) };
      this.#primitives.set(kind, entry);
    }
    return entry.built;
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
    if (this.#triangles) this.#triangles.dispose();
    this.#triangles = null;
    for (const { built } of this.#primitives.values()) built.dispose();
    this.#primitives.clear();
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

// What the tree depends on: the position attribute's version, which attribute and index it is, their sizes, and the
// index's version.
function versionsOf(geometry) {
  const position = geometry.attributes.position, index = geometry.index;
  return [position?.version, position, index, index === null ? position?.count : index.count, index?.version];
}

// How the geometry changed since `versions` (versionsOf's) were read: 'none', 'positions' (their version only) or
// 'shape' (another attribute or index, another size, a new index version).
function changeSince(geometry, versions) {
  const position = geometry.attributes.position, index = geometry.index;
  const count = index === null ? position?.count : index.count;
  if (position !== versions[1] || index !== versions[2] || count !== versions[3] || index?.version !== versions[4]) return 'shape';
  return position?.version === versions[0] ? 'none' : 'positions';
}
