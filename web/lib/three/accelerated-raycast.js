// The drop-in: three-mesh-bvh's names and call shapes (computeBoundsTree and disposeBoundsTree on BufferGeometry,
// acceleratedRaycast as the raycast of meshes, instances, batches, points and lines), answering as three.js's own
// raycast does. An object whose geometry has no tree is left to three.js's raycast.
import * as THREE from 'three';
import { show } from '../errors.js';
import { loadedApi } from '../loaded.js';
import { GeometryBoundsTree } from './bounds-tree.js';
import { drawnRanges } from './drawn-ranges.js';
import { raycastTriangles } from './raycast-triangles.js';
import { raycastInstances } from './raycast-instanced.js';
import { computeBatchedBoundsTree, disposeBatchedBoundsTree, raycastBatch } from './raycast-batched.js';
import { raycastLine, raycastPoints } from './raycast-points-lines.js';

// three.js's own raycasts, taken before anything is installed.
const threeRaycast = {
  Mesh: THREE.Mesh.prototype.raycast,
  SkinnedMesh: THREE.SkinnedMesh.prototype.raycast,
  InstancedMesh: THREE.InstancedMesh.prototype.raycast,
  BatchedMesh: THREE.BatchedMesh.prototype.raycast,
  Points: THREE.Points.prototype.raycast,
  Line: THREE.Line.prototype.raycast,
  LineSegments: THREE.LineSegments.prototype.raycast,
  LineLoop: THREE.LineLoop.prototype.raycast,
};

function threeRaycastOf(object) {
  if (object.isBatchedMesh) return threeRaycast.BatchedMesh;
  if (object.isInstancedMesh) return threeRaycast.InstancedMesh;
  if (object.isSkinnedMesh) return threeRaycast.SkinnedMesh;
  if (object.isMesh) return threeRaycast.Mesh;
  if (object.isLineLoop) return threeRaycast.LineLoop;
  if (object.isLineSegments) return threeRaycast.LineSegments;
  if (object.isLine) return threeRaycast.Line;
  if (object.isPoints) return threeRaycast.Points;
  throw new TypeError('collide3d.three.acceleratedRaycast: this must be a three.js Mesh, InstancedMesh, BatchedMesh, ' +
    `SkinnedMesh, Points, Line, LineSegments or LineLoop (got ${object?.type ?? typeof object})`);
}

const KINDS = ['triangles', 'points', 'line', 'lineSegments'];

/**
 * Builds the geometry's bounds tree (`geometry.boundsTree`) and returns it. Call as a BufferGeometry method.
 * options.kind: what to build now, 'triangles' (the default), or for a geometry drawn as Points, Line or LineLoop,
 * LineSegments: 'points', 'line', 'lineSegments' (otherwise built on their first raycast).
 */
export function computeBoundsTree(options) {
  const fn = 'collide3d.three.computeBoundsTree';
  const api = loadedApi(fn);
  if (this === null || typeof this !== 'object' || this.isBufferGeometry !== true) {
    throw new TypeError(`${fn}: must be called on a BufferGeometry (install it on THREE.BufferGeometry.prototype)`);
  }
  const kind = options === undefined || options === null || options.kind === undefined ? 'triangles' : options.kind;
  if (!KINDS.includes(kind)) {
    throw new TypeError(`${fn}: options.kind must be 'triangles', 'points', 'line' or 'lineSegments' (got ${show(kind)})`);
  }
  let tree;
  try {
    tree = new GeometryBoundsTree(api, this, kind);
  } catch (error) {
    // The TriangleMesh's or SegmentTree's complaint about the geometry's numbers, under the name the user called.
    throw new error.constructor(error.message.replace(/^collide3d\.(TriangleMesh|three\.buildPrimitiveTree): (geometry )?/,
      `${fn}: geometry `));
  }
  if (this.boundsTree instanceof GeometryBoundsTree) this.boundsTree.dispose();
  this.boundsTree = tree;
  this.addEventListener('dispose', disposeWithGeometry);  // once: three.js keeps one of each listener
  return tree;
}

// geometry.dispose() frees the tree too.
function disposeWithGeometry(event) {
  disposeBoundsTree.call(event.target);
}

/** Frees the geometry's bounds tree; its objects' raycasts fall back to three.js's. */
export function disposeBoundsTree() {
  if (this.boundsTree instanceof GeometryBoundsTree) this.boundsTree.dispose();
  this.boundsTree = null;
}

// The geometry's live tree, or undefined.
function boundsTreeOf(geometry) {
  const tree = geometry === undefined ? undefined : geometry.boundsTree;
  return tree instanceof GeometryBoundsTree && !tree.disposed ? tree : undefined;
}

function raycastMesh(object, raycaster, intersects) {
  const { geometry, material } = object;
  if (material === undefined) return true;
  const boundsTree = boundsTreeOf(geometry);
  if (boundsTree === undefined) return false;
  const tree = boundsTree.trianglesOf(object);
  if (tree === null) return true;
  const ranges = drawnRanges(geometry, material, tree.triangleCount);
  if (ranges === null) return false;
  const part = {
    object, matrixWorld: object.matrixWorld, tree, geometry, firstCorner: 0, ranges,
    vertexPosition: (i, target) => object.getVertexPosition(i, target), fields: undefined,
  };
  raycastTriangles(part, raycaster, intersects);
  return true;
}

// Points and lines through the tree of their kind; with firstHitOnly, the nearest of their intersections only.
function raycastPointsOrLine(object, raycaster, intersects) {
  const boundsTree = boundsTreeOf(object.geometry);
  if (boundsTree === undefined) return false;
  const built = boundsTree.primitivesOf(object.isPoints ? 'points' : object.isLineSegments ? 'lineSegments' : 'line');
  const raycast = object.isPoints ? raycastPoints : raycastLine;
  if (raycaster.firstHitOnly !== true) {
    raycast(object, raycaster, intersects, built);
    return true;
  }
  const found = [];
  raycast(object, raycaster, found, built);
  // The first of the nearest, as a stable sort of three.js's order would put it.
  let nearest;
  for (const hit of found) if (nearest === undefined || hit.distance < nearest.distance) nearest = hit;
  if (nearest !== undefined) intersects.push(nearest);
  return true;
}

/**
 * The raycast of a Mesh, SkinnedMesh, InstancedMesh, BatchedMesh, Points, Line, LineSegments or LineLoop through
 * bounds trees; with `raycaster.firstHitOnly`, only the nearest intersection. Install as the classes' `raycast`.
 */
export function acceleratedRaycast(raycaster, intersects) {
  let done = false;
  if (this !== null && typeof this === 'object') {
    if (this.isBatchedMesh) done = raycastBatch(this, raycaster, intersects);
    else if (this.isInstancedMesh) done = raycastInstances(this, raycaster, intersects, boundsTreeOf);
    else if (this.isMesh) done = raycastMesh(this, raycaster, intersects);
    else if (this.isPoints || this.isLine) done = raycastPointsOrLine(this, raycaster, intersects);
  }
  if (!done) threeRaycastOf(this).call(this, raycaster, intersects);
}

/**
 * Installs computeBoundsTree and disposeBoundsTree on `three.BufferGeometry.prototype` and acceleratedRaycast as
 * the raycast of every class it serves; `three` defaults to the three.js collide3d imports. Returns a function that
 * puts three.js's own methods back.
 */
export function installAcceleratedRaycast(three = THREE) {
  const classes = ['Mesh', 'SkinnedMesh', 'InstancedMesh', 'BatchedMesh', 'Points', 'Line', 'LineSegments', 'LineLoop'];
  const methods = [
    ...classes.map((name) => [three[name].prototype, 'raycast', acceleratedRaycast]),
    [three.BufferGeometry.prototype, 'computeBoundsTree', computeBoundsTree],
    [three.BufferGeometry.prototype, 'disposeBoundsTree', disposeBoundsTree],
    [three.BatchedMesh.prototype, 'computeBatchedBoundsTree', computeBatchedBoundsTree],
    [three.BatchedMesh.prototype, 'disposeBatchedBoundsTree', disposeBatchedBoundsTree],
  ];
  const saved = methods.map(([target, key]) => [target, key, Object.getOwnPropertyDescriptor(target, key)]);
  for (const [target, key, method] of methods) target[key] = method;
  return () => {
    for (const [target, key, descriptor] of saved) {
      if (descriptor === undefined) delete target[key];
      else Object.defineProperty(target, key, descriptor);
    }
  };
}
