// collide3d/three: three.js objects as collide3d shapes (shapes.js), and a drop-in accelerated raycast for three.js
// scenes with three-mesh-bvh's names and call shapes.
export { fromBox3, fromCapsule, fromFrustum, fromLine3, fromOBB, fromPlane, fromRay, fromSphere, fromTriangle, toShape } from './shapes.js';
export { acceleratedRaycast, computeBoundsTree, disposeBoundsTree, installAcceleratedRaycast } from './accelerated-raycast.js';
export { computeBatchedBoundsTree, disposeBatchedBoundsTree } from './raycast-batched.js';
export { GeometryBoundsTree } from './bounds-tree.js';
export { SceneIndex } from './scene-index.js';
export { buildPrimitiveTree, raycastLine, raycastPoints } from './raycast-points-lines.js';
