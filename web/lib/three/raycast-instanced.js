// InstancedMesh: one tree over the geometry (its bounds tree) and one over the instances' bounds (instance-tree.js),
// so a raycast visits the instances the ray reaches, not every instance as three.js's does. Each visited instance is
// raycast as three.js does it: a plain mesh of the geometry (no morph), placed by matrixWorld times the instance's
// matrix, its intersections carrying `instanceId`. The instance tree follows the instance matrices by their
// attribute's version (setMatrixAt then `instanceMatrix.needsUpdate = true`, as three.js needs for drawing) and
// `count`.
import { Box3 } from 'three';
import { loadedApi } from '../loaded.js';
import { drawnRanges } from './drawn-ranges.js';
import { InstanceTree, castInstances } from './instance-tree.js';
import { raycastTriangles } from './raycast-triangles.js';

const states = new WeakMap();  // InstancedMesh -> { instances: InstanceTree, boundsTree, key: [...] }
const geometryBox = new Box3();

// The instance tree of `object`, made with (and freed with) the geometry's bounds tree.
function instancesOf(object, boundsTree, base) {
  const key = [object.instanceMatrix.version, object.count, base, object.instanceMatrix];
  let state = states.get(object);
  if (state !== undefined && state.boundsTree === boundsTree && key.every((k, i) => k === state.key[i])) return state.instances;
  if (state === undefined || state.boundsTree !== boundsTree) {
    state = { instances: new InstanceTree(loadedApi('collide3d.three.acceleratedRaycast')), boundsTree, key };
    boundsTree.adopt(state.instances);
    states.set(object, state);
  }
  state.key = key;
  geometryBox.setFromBufferAttribute(object.geometry.attributes.position);
  state.instances.update(object.count, (i, matrix, box) => {
    object.getMatrixAt(i, matrix);
    box.copy(geometryBox);
    return true;
  });
  return state.instances;
}

/** acceleratedRaycast for an InstancedMesh whose geometry has a bounds tree; false to leave it to three.js. */
export function raycastInstances(object, raycaster, intersects, boundsTreeOf) {
  const { geometry, material } = object;
  if (material === undefined) return true;
  const boundsTree = boundsTreeOf(geometry);
  if (boundsTree === undefined) return false;
  const tree = boundsTree.trianglesOf(undefined);
  if (tree === null) return true;
  const ranges = drawnRanges(geometry, material, tree.triangleCount);
  if (ranges === null) return false;
  const instances = instancesOf(object, boundsTree, tree);
  const position = geometry.attributes.position;
  const part = {
    object, matrixWorld: null, tree, geometry, firstCorner: 0, ranges,
    vertexPosition: (i, target) => target.fromBufferAttribute(position, i), fields: undefined,
  };
  castInstances(object, instances, raycaster, intersects, (instance, matrixWorld, out) => {
    part.matrixWorld = matrixWorld;
    part.fields = { instanceId: instance };
    raycastTriangles(part, raycaster, out);
  });
  return true;
}
