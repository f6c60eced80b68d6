// BatchedMesh: a tree per geometry of the batch (computeBatchedBoundsTree, three-mesh-bvh's name, stores them in
// `boundsTrees`) and one over the instances' bounds (instance-tree.js), so a raycast visits only the instances the
// ray reaches. Each is raycast as three.js does it (the batch's geometry drawn over the instance's range, placed by
// matrixWorld times the instance's matrix), its intersections carrying `batchId`. The instance tree follows
// setMatrixAt, addInstance and the batch's geometry buffers by their versions; hidden and deleted instances are
// skipped when met. After setGeometryIdAt, call computeBatchedBoundsTree() again.
import { loadedApi } from '../loaded.js';
import { indexOf, positionsOf } from './geometry-arrays.js';
import { InstanceTree, castInstances } from './instance-tree.js';
import { raycastTriangles } from './raycast-triangles.js';

const states = new WeakMap();  // BatchedMesh -> { instances: InstanceTree, key: [...] }
const range = {};

// The TriangleMesh of one geometry of the batch, in the vertex and triangle numbering of its own range.
function buildGeometryTree(api, batch, geometryId) {
  const { vertexStart, vertexCount, start, count } = batch.getGeometryRangeAt(geometryId, range);
  const { index, attributes } = batch.geometry;
  const triangles = Math.floor(count / 3);
  if (triangles === 0) return null;
  if (index === null) return new api.TriangleMesh(positionsOf(attributes.position, start, 3 * triangles));
  return new api.TriangleMesh(positionsOf(attributes.position, vertexStart, vertexCount),
    indexOf(index, start, 3 * triangles, vertexStart));
}

function geometryIdsOf(batch, geometryId) {
  if (geometryId !== -1) return [geometryId];
  const ids = [];
  for (let id = 0; id < batch._geometryInfo.length; ++id) if (batch._geometryInfo[id].active) ids.push(id);
  return ids;
}

/**
 * Builds the tree of geometry `geometryId` of the batch, or of every geometry (-1); a BatchedMesh method, as in
 * three-mesh-bvh. Trees are in `batchedMesh.boundsTrees`, by geometry id.
 */
export function computeBatchedBoundsTree(geometryId = -1) {
  const fn = 'collide3d.three.computeBatchedBoundsTree';
  const api = loadedApi(fn);
  if (this === null || typeof this !== 'object' || this.isBatchedMesh !== true) {
    throw new TypeError(`${fn}: must be called on a BatchedMesh (install it on THREE.BatchedMesh.prototype)`);
  }
  if (geometryId !== -1) this.validateGeometryId(geometryId);
  this.boundsTrees ??= [];
  for (const id of geometryIdsOf(this, geometryId)) {
    this.boundsTrees[id]?.dispose();
    this.boundsTrees[id] = buildGeometryTree(api, this, id);
  }
  states.get(this)?.instances.dispose();
  states.delete(this);
}

/** Frees the trees of geometry `geometryId` of the batch, or of every geometry (-1). */
export function disposeBatchedBoundsTree(geometryId = -1) {
  if (!Array.isArray(this.boundsTrees)) return;
  for (const id of geometryId === -1 ? this.boundsTrees.keys() : [geometryId]) {
    this.boundsTrees[id]?.dispose();
    this.boundsTrees[id] = null;
  }
  if (geometryId === -1) this.boundsTrees = null;
  states.get(this)?.instances.dispose();
  states.delete(this);
}

function instancesOf(batch) {
  const { index, attributes } = batch.geometry;
  // A batch has no position attribute before its first geometry.
  const key = [batch._matricesTexture.version, batch._instanceInfo.length, attributes.position?.version, index?.version];
  let state = states.get(batch);
  if (state !== undefined && key.every((k, i) => k === state.key[i])) return state.instances;
  if (state === undefined) {
    state = { instances: new InstanceTree(loadedApi('collide3d.three.acceleratedRaycast')), key };
    states.set(batch, state);
  }
  state.key = key;
  const info = batch._instanceInfo;
  state.instances.update(info.length, (i, matrix, box) => {
    if (!info[i].active) return false;
    batch.getBoundingBoxAt(info[i].geometryIndex, box);
    batch.getMatrixAt(i, matrix);
    return true;
  });
  return state.instances;
}

/** acceleratedRaycast for a BatchedMesh with trees (computeBatchedBoundsTree); false to leave it to three.js. */
export function raycastBatch(batch, raycaster, intersects) {
  const trees = batch.boundsTrees;
  if (!Array.isArray(trees)) return false;
  const material = batch.material;
  if (material === undefined) return true;
  const instances = instancesOf(batch);
  const geometry = batch.geometry;
  const position = geometry.attributes.position;
  const part = {
    object: batch, matrixWorld: null, tree: null, geometry, firstCorner: 0, ranges: null,
    vertexPosition: (i, target) => target.fromBufferAttribute(position, i), fields: undefined,
  };
  const info = batch._instanceInfo;
  // Hidden and deleted instances, and those of a geometry without a tree, are skipped.
  const accepts = (instance) => info[instance].active && info[instance].visible && Boolean(trees[info[instance].geometryIndex]);
  castInstances(batch, instances, raycaster, intersects, (instance, matrixWorld, out) => {
    const geometryId = info[instance].geometryIndex;
    const tree = trees[geometryId];
    part.matrixWorld = matrixWorld;
    part.tree = tree;
    part.firstCorner = batch.getGeometryRangeAt(geometryId, range).start;
    // three.js draws a batch's geometry with one material (an array of materials draws nothing: no groups).
    part.ranges = Array.isArray(material) ? [] : [{ from: 0, to: tree.triangleCount, material, materialIndex: 0 }];
    part.fields = { batchId: instance };
    raycastTriangles(part, raycaster, out);
  }, accepts);
  return true;
}
